"""Pack the built app into the one file a person downloads, with its SHA-256 beside it.

    python packaging/pack.py [--dist DIR]

Writes into ``dist/`` (or ``DIR``):

- Linux: ``chinese-ten-linux-<machine>.tar.gz`` of the folder ``Chinese Ten/``; a
  tarball keeps the executable bits and any symbolic links;
- macOS: ``chinese-ten-macos-<arch>.zip`` of ``Chinese Ten.app``, made by ``ditto -c -k
  --keepParent``, which keeps the bundle's symbolic links and signature (a plain zip
  turns PyInstaller's links into copies, and macOS then calls the app "damaged");
- Windows: ``chinese-ten-windows-<machine>.zip`` of the folder ``Chinese Ten/``;

and ``<archive>.sha256`` holding ``<hex digest>  <archive name>`` (``sha256sum -c`` reads it).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "Chinese Ten"

_MACHINES = {"amd64": "x86_64", "x86_64": "x86_64", "x64": "x86_64", "arm64": "arm64", "aarch64": "arm64"}


def machine_name(machine: str, target_arch: str | None = None) -> str:
    """The architecture as archive names write it: ``x86_64``, ``arm64`` or ``universal2``."""
    chosen = (target_arch or machine).strip()
    return _MACHINES.get(chosen.lower(), chosen.lower() or "unknown")


def archive_name(system: str, machine: str, target_arch: str | None = None) -> str:
    """The archive's file name for ``system`` (``platform.system()``) on ``machine``."""
    arch = machine_name(machine, target_arch)
    if system == "Darwin":
        return f"chinese-ten-macos-{arch}.zip"
    if system == "Windows" or system.startswith(("MINGW", "MSYS", "CYGWIN")):
        return f"chinese-ten-windows-{arch}.zip"
    return f"chinese-ten-{system.lower()}-{arch}.tar.gz"


def ditto_command(app: Path, archive: Path) -> list[str]:
    """The macOS command that zips ``app`` (an ``.app`` bundle) as Finder would."""
    return ["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(app), str(archive)]


def make_tarball(folder: Path, archive: Path) -> Path:
    """``folder`` as a gzipped tarball, modes and symbolic links as they are."""
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(folder, arcname=folder.name)
    return archive


def make_zip(folder: Path, archive: Path) -> Path:
    """``folder`` as a zip file (for Windows, which has no executable bits or links to keep)."""
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for dirpath, dirnames, filenames in os.walk(folder):
            dirnames.sort()
            for name in sorted(filenames):
                path = Path(dirpath) / name
                zf.write(path, path.relative_to(folder.parent).as_posix())
    return archive


def write_checksum(archive: Path) -> Path:
    """Write ``<archive>.sha256`` in ``sha256sum`` format; returns its path."""
    digest = hashlib.sha256()
    with archive.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    checksum = archive.with_name(archive.name + ".sha256")
    checksum.write_text(f"{digest.hexdigest()}  {archive.name}\n", encoding="utf-8")
    return checksum


def pack(dist: Path, system: str | None = None, machine: str | None = None) -> Path:
    """Pack the app built in ``dist`` for ``system``; returns the archive (its checksum lies beside it)."""
    system = system or platform.system()
    machine = machine or platform.machine()
    archive = dist / archive_name(system, machine, os.environ.get("CHINESE_TEN_TARGET_ARCH"))
    archive.unlink(missing_ok=True)
    if system == "Darwin":
        bundle = dist / f"{APP_NAME}.app"
        if not bundle.is_dir():
            raise FileNotFoundError(f"no app bundle at {bundle}; build first: packaging/build.sh")
        subprocess.run(ditto_command(bundle, archive), check=True)
    else:
        folder = dist / APP_NAME
        if not folder.is_dir():
            raise FileNotFoundError(f"no app folder at {folder}; build first: packaging/build.sh")
        if archive.name.endswith(".zip"):
            make_zip(folder, archive)
        else:
            make_tarball(folder, archive)
    write_checksum(archive)
    return archive


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the app was built (default: dist)")
    args = parser.parse_args(argv)
    try:
        archive = pack(args.dist)
    except (OSError, subprocess.CalledProcessError) as exc:
        print(f"pack: {exc}", file=sys.stderr)
        return 1
    print(f"packed {archive} and {archive.name}.sha256")
    return 0


if __name__ == "__main__":
    sys.exit(main())
