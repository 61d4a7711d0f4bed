"""The repository's ``.gitattributes``: LF text everywhere, binary files untouched.

A Windows checkout with ``core.autocrlf=true`` would otherwise turn every text file
into CRLF: the build script stops at its first line and the committed card art no
longer matches the generator byte for byte.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
GIT = shutil.which("git")

pytestmark = pytest.mark.skipif(
    GIT is None or not (ROOT / ".git").exists(), reason="needs git and a git checkout"
)

IDENTITY = ["-c", "user.name=Chinese Ten", "-c", "user.email=dev@chinese-ten.invalid"]


def git(*args: str, cwd: Path = ROOT) -> str:
    done = subprocess.run([GIT or "git", *args], cwd=cwd, capture_output=True, text=True, check=True)
    return done.stdout


def attributes(paths: list[str]) -> dict[str, dict[str, str]]:
    """``git check-attr text eol`` for each path, as {path: {attribute: value}}."""
    out = subprocess.run([GIT or "git", "check-attr", "--stdin", "text", "eol", "diff"], cwd=ROOT,
                         input="\n".join(paths) + "\n", capture_output=True, text=True, check=True).stdout
    found: dict[str, dict[str, str]] = {}
    for line in out.splitlines():
        path, name, value = line.rsplit(": ", 2)
        found.setdefault(path, {})[name] = value
    return found


def art_files() -> list[Path]:
    return sorted(p for p in ASSETS.rglob("*") if p.is_file())


def test_every_text_file_of_the_art_and_the_build_checks_out_with_lf() -> None:
    paths = [p.relative_to(ROOT).as_posix() for p in art_files()]
    paths += ["packaging/build.sh", "packaging/install-linux.sh", ".ci/run", "pyproject.toml"]
    found = attributes(paths)
    wrong = [p for p in paths if p.endswith((".svg", ".sh", ".toml", "run")) and found[p].get("eol") != "lf"]
    assert not wrong, f"not checked out with LF endings: {wrong[:10]}"


@pytest.mark.parametrize("name", ["assets/fonts/Some.ttf", "assets/fonts/Some.otf", "assets/sounds/deal.wav",
                                  "assets/sounds/deal.ogg", "assets/art.png", "packaging/chinese-ten.ico",
                                  "packaging/chinese-ten.icns"])
def test_binary_assets_are_never_converted_or_diffed_as_text(name: str) -> None:
    found = attributes([name])[name]
    assert found["text"] == "unset"
    assert found["diff"] == "unset"


def _commit_art(repo: Path, with_attributes: bool) -> None:
    """A throwaway repository holding the checkout's art (and its .gitattributes)."""
    repo.mkdir()
    git("init", "-q", str(repo))
    shutil.copytree(ASSETS, repo / "assets")
    if with_attributes:
        shutil.copy(ROOT / ".gitattributes", repo / ".gitattributes")
    git("add", "-A", cwd=repo)
    git(*IDENTITY, "commit", "-q", "-m", "art", cwd=repo)


def _crlf_checkout(source: Path, dest: Path) -> Path:
    """Clone ``source`` as Windows does by default (``core.autocrlf=true``, CRLF endings)."""
    git("-c", "core.autocrlf=true", "-c", "core.eol=crlf", "clone", "-q",
        "--config", "core.autocrlf=true", "--config", "core.eol=crlf", str(source), str(dest))
    return dest


def _changed(clone: Path) -> list[str]:
    return [p.relative_to(ASSETS).as_posix() for p in art_files()
            if (clone / "assets" / p.relative_to(ASSETS)).read_bytes() != p.read_bytes()]


def test_the_art_survives_a_crlf_checkout_byte_for_byte(tmp_path: Path) -> None:
    _commit_art(tmp_path / "origin", with_attributes=True)
    clone = _crlf_checkout(tmp_path / "origin", tmp_path / "windows")
    assert not _changed(clone)
    # The art generator's own check passes on the Windows-style checkout.
    from cardart_tool import cardart

    assert cardart.main(["--check", "--root", str(clone / "assets")]) == 0


def test_without_the_attributes_a_crlf_checkout_would_change_the_art(tmp_path: Path) -> None:
    # The control: the same clone of a repository without .gitattributes rewrites the art.
    _commit_art(tmp_path / "origin", with_attributes=False)
    clone = _crlf_checkout(tmp_path / "origin", tmp_path / "windows")
    svg = [p for p in _changed(clone) if p.endswith(".svg")]
    assert len(svg) == len([p for p in art_files() if p.suffix == ".svg"])
