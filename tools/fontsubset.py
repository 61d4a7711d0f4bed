"""Cut the Chinese fonts down to the characters the game shows, so the app stays small.

    pip install -e ".[tools]"     # fontTools
    python tools/fontsubset.py [--source DIR]   # writes assets/fonts/NotoSans{SC,TC}-{Regular,Bold}.otf
                                                # and the links' face, NotoSansMonoCJK-ASCII.otf
    python tools/fontsubset.py --check          # fails if a catalog uses a character its font lacks

Simplified and Traditional Chinese each take their own regional face out of the Noto Sans
CJK collections (``NotoSansCJK-Regular.ttc`` and ``-Bold.ttc``, Debian's ``fonts-noto-cjk``):
a pan-CJK face would draw some characters in their Japanese forms. Each is kept to printable
ASCII, the punctuation the screens use, every character of its language's catalog and
name, and every character beyond ASCII in the package's string literals (the formats round
the translated words). Table links are shown in the printable ASCII of Noto Sans Mono CJK SC, from
the same collection, whose l, I and 1 differ. Run it again after the catalogs or those strings
change. The licence (SIL OFL 1.1, whole) is written
beside the fonts as ``NotoSansCJK-LICENSE.txt``.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from chinese_ten.assets import LANGUAGE_FONT_FILES, LINK_FONT_FILE  # noqa: E402
from chinese_ten.i18n import LANGUAGE_NAMES  # noqa: E402
from messages import LOCALE, po_files, read_po  # noqa: E402

FONTS = ROOT / "assets" / "fonts"
SOURCE = Path("/usr/share/fonts/opentype/noto")
DEBIAN_COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")
LICENCE = "NotoSansCJK-LICENSE.txt"
FACES = {"zh-Hans": "Noto Sans CJK SC", "zh-Hant": "Noto Sans CJK TC"}
"""The face of the collection each language takes, by its family name."""

LINK_FACE = "Noto Sans Mono CJK SC"
"""The face of the collection table links are shown in."""

ALWAYS = "".join(chr(c) for c in range(0x20, 0x7F)) + "·×÷–—…“”‘’「」、。，：；！？（）％＋＝／"
"""Characters every cut keeps: printable ASCII and the punctuation the screens use."""


def catalog_text(code: str) -> str:
    """Every character the catalog of ``code`` translates to, with the language's own name."""
    po = LOCALE / code / "LC_MESSAGES" / "chinese-ten.po"
    _, messages = read_po(po.read_text(encoding="utf-8"), str(po))
    return "".join(s for m in messages for s in m.strings) + LANGUAGE_NAMES[code]


_IDEOGRAPH = re.compile("[\u3400-\u9fff\uf900-\ufaff]")
"""Chinese characters: the catalog of each language brings its own (a word the source lists for line
breaking, in both scripts, is no character either font must draw)."""


def source_text(package: Path = ROOT / "chinese_ten") -> str:
    """Every character beyond ASCII but Chinese characters in the package's string literals: the symbols
    and punctuation of the formats the screens wrap round translated words ("±{top}", "{a} · {b}"), drawn
    in whatever language is in use (suit symbols included, though the screens draw those as pictures)."""
    import ast

    found: set[str] = set()
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        # the bounds of a range of characters ("\u4e00" <= ch <= "\u9fff", or "\u2e80-\u9fff" in a pattern)
        # are never drawn
        bounds = {id(side) for node in ast.walk(tree) if isinstance(node, ast.Compare)
                  for side in (node.left, *node.comparators)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in bounds:
                text = re.sub(r"[^\x00-\x7f]-[^\x00-\x7f]", "", node.value)
                found.update(c for c in text if not c.isascii() and c.isprintable() and not _IDEOGRAPH.match(c))
    return "".join(sorted(found))


def wanted(code: str) -> set[int]:
    """The code points the font of ``code`` must hold."""
    return {ord(c) for c in ALWAYS + catalog_text(code) + source_text() if not c.isspace() or c == " "}


def face_index(collection: Path, family: str) -> int:
    """Which font of a ``.ttc`` collection is ``family``."""
    from fontTools.ttLib import TTCollection

    for i, font in enumerate(TTCollection(str(collection)).fonts):
        if font["name"].getDebugName(1) == family:
            return i
    raise SystemExit(f"fontsubset: no {family!r} in {collection}")


def cut(collection: Path, family: str, codepoints: set[int], out: Path) -> None:
    """Write the face ``family`` of ``collection`` holding only ``codepoints``."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(str(collection), fontNumber=face_index(collection, family))
    options = subset.Options()
    options.layout_features = ["kern", "liga", "locl", "vert", "palt", "halt"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(codepoints))
    subsetter.subset(font)
    font.save(str(out))


def licence_text(sample: Path) -> str:
    """The licence file: the fonts' copyright notice, then the SIL Open Font License 1.1 in full."""
    from fontTools.ttLib import TTFont

    name = TTFont(str(sample))["name"]
    notice = name.getDebugName(0) or ""
    lines = DEBIAN_COPYRIGHT.read_text(encoding="utf-8").splitlines()
    # the licence's own paragraph, not the "License:" field of a "Files:" paragraph
    start = next(i for i, line in enumerate(lines) if line == "License: SIL-1.1" and not lines[i - 1]) + 1
    body = []
    for line in lines[start:]:
        if line and not line.startswith(" "):
            break
        text = line[1:] if line.startswith(" ") else line
        body.append("" if text == "." else text)
    return (f"Noto Sans CJK SC, Noto Sans CJK TC and Noto Sans Mono CJK SC (cut down to the characters Chinese Ten "
            f"shows)\n"
            f"{notice}\n\n" + "\n".join(body).strip() + "\n")


def missing(code: str, font_path: Path) -> list[str]:
    """Characters of the catalog of ``code`` and of the package's strings the font at ``font_path`` has no
    glyph for."""
    from fontTools.ttLib import TTFont

    cmap = TTFont(str(font_path)).getBestCmap()
    return sorted({c for c in catalog_text(code) + source_text() if not c.isspace() and ord(c) not in cmap})


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE, help="folder holding NotoSansCJK-*.ttc")
    parser.add_argument("--check", action="store_true", help="only check that the fonts hold every character")
    args = parser.parse_args(argv)
    if not po_files():
        raise SystemExit("fontsubset: no catalogs under assets/locale")
    status = 0
    for code, family in FACES.items():
        for bold, name in LANGUAGE_FONT_FILES[code].items():
            out = FONTS / name
            if not args.check:
                weight = "Bold" if bold else "Regular"
                cut(args.source / f"NotoSansCJK-{weight}.ttc", family, wanted(code), out)
                print(f"fontsubset: wrote {out.relative_to(ROOT)} ({out.stat().st_size} bytes)")
            lacking = missing(code, out)
            if lacking:
                print(f"fontsubset: {name} lacks {''.join(lacking)}; run: python tools/fontsubset.py",
                      file=sys.stderr)
                status = 1
    link = FONTS / LINK_FONT_FILE
    if not args.check:
        cut(args.source / "NotoSansCJK-Regular.ttc", LINK_FACE, set(range(0x20, 0x7F)), link)
        print(f"fontsubset: wrote {link.relative_to(ROOT)} ({link.stat().st_size} bytes)")
    from fontTools.ttLib import TTFont

    if not all(c in TTFont(str(link)).getBestCmap() for c in range(0x20, 0x7F)):
        print(f"fontsubset: {LINK_FONT_FILE} lacks printable ASCII; run: python tools/fontsubset.py", file=sys.stderr)
        status = 1
    if not args.check:
        (FONTS / LICENCE).write_text(licence_text(FONTS / LANGUAGE_FONT_FILES["zh-Hans"][False]), encoding="utf-8")
    return status


if __name__ == "__main__":
    sys.exit(main())
