"""Committed files that a generator in ``tools/`` makes: write them, or check that they are up to date.

``cardart.py`` (the card faces) and ``soundgen.py`` (the sound effects) describe their files as a
mapping of paths under ``assets/`` to bytes; this module writes them and compares them, and gives
both the same command line: ``--check`` reports what is missing, different or unexpected.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
"""The source checkout these tools belong to."""

Files = Mapping[str, bytes]
"""Relative path under ``assets/`` -> the file's bytes."""


def write_all(root: Path, files: Files) -> list[Path]:
    """Write ``files`` under ``root`` (the ``assets`` folder) and return the paths written."""
    written: list[Path] = []
    for rel, data in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        written.append(target)
    return written


def differences(root: Path, files: Files, folder: str, pattern: str = "*") -> list[str]:
    """What is missing or different under ``root``, and files matching ``pattern`` in ``folder`` that
    ``files`` does not hold."""
    problems: list[str] = []
    for rel, data in files.items():
        target = root / rel
        if not target.is_file():
            problems.append(f"missing: {rel}")
        elif target.read_bytes() != data:
            problems.append(f"differs: {rel}")
    where = root / folder
    if where.is_dir():
        for found in sorted(where.rglob(pattern)):
            rel = found.relative_to(root).as_posix()
            if found.is_file() and rel not in files:
                problems.append(f"unexpected: {rel}")
    return problems


def main(argv: Sequence[str] | None, tool: str, what: str, files: Callable[[], Files], folder: str,
         pattern: str = "*") -> int:
    """The command line of a generator ``tools/<tool>``: write ``what``, or with ``--check`` compare;
    returns the exit status."""
    parser = argparse.ArgumentParser(prog=f"python tools/{tool}", description=f"Write the {what}.")
    parser.add_argument("--check", action="store_true", help="report files that differ instead of writing them")
    parser.add_argument("--root", type=Path, default=None, help="assets folder (default: the checkout's assets/)")
    args = parser.parse_args(argv)
    root: Path = args.root if args.root is not None else CHECKOUT / "assets"
    if args.check:
        problems = differences(root, files(), folder, pattern)
        for problem in problems:
            print(problem)
        if problems:
            print(f"{len(problems)} file(s) out of date; run: python tools/{tool}", file=sys.stderr)
            return 1
        return 0
    written = write_all(root, files())
    print(f"wrote {len(written)} files under {root}")
    return 0
