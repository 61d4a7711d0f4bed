"""The game's version as the packaging needs it, read from its one source.

``chinese_ten/__init__.py`` holds ``__version__``; the spec reads it here without
importing the game, and writes the Windows version resource (the product name and
version Explorer shows under Properties → Details) for each executable as a
PyInstaller version file.

    python packaging/version_info.py            print the version
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = "Chinese Ten"

_VERSION_LINE = re.compile(r'^__version__\s*=\s*"(?P<version>[^"]+)"', re.MULTILINE)


def read_version(root: Path = ROOT) -> str:
    """``__version__`` as written in ``chinese_ten/__init__.py`` under ``root``."""
    source = (root / "chinese_ten" / "__init__.py").read_text(encoding="utf-8")
    found = _VERSION_LINE.search(source)
    if found is None:
        raise ValueError(f"no __version__ = \"…\" line in {root / 'chinese_ten' / '__init__.py'}")
    return found["version"]


def version_numbers(version: str) -> tuple[int, int, int, int]:
    """The four numbers of a Windows version from ``1.2.3`` (``1.2.3rc1`` counts as 1.2.3)."""
    parts = [int(re.match(r"\d*", p).group() or 0) for p in version.split(".")[:4]]  # type: ignore[union-attr]
    if not parts or not re.match(r"\d", version):
        raise ValueError(f"not a version number: {version!r}")
    while len(parts) < 4:
        parts.append(0)
    return (parts[0], parts[1], parts[2], parts[3])


def version_file_text(version: str, exe_name: str, description: str) -> str:
    """A PyInstaller version file (``EXE(version=...)``) for ``exe_name``.exe at ``version``."""
    numbers = version_numbers(version)
    strings = {
        "CompanyName": PRODUCT,
        "FileDescription": description,
        "FileVersion": version,
        "InternalName": exe_name,
        "LegalCopyright": f"{PRODUCT} contributors",
        "OriginalFilename": f"{exe_name}.exe",
        "ProductName": PRODUCT,
        "ProductVersion": version,
    }
    table = ",\n          ".join(f"StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""# The Windows version resource of {exe_name}.exe, written by packaging/version_info.py.
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers!r},
    prodvers={numbers!r},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [{table}])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def write_version_file(dest: Path, version: str, exe_name: str, description: str) -> Path:
    """Write :func:`version_file_text` to ``dest``; returns ``dest``."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(version_file_text(version, exe_name, description), encoding="utf-8")
    return dest


if __name__ == "__main__":
    print(read_version())
    sys.exit(0)
