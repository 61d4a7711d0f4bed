"""Rasterise the game's icon (``assets/icon.svg``) into the files each platform wants.

    python packaging/make_icons.py [--svg FILE] [--out DIR]

Writes into ``packaging/build/icons/`` by default:

- ``chinese-ten-<N>.png`` for N in 16 … 512 (Linux icon theme, and the sources below);
- ``chinese-ten.ico``: a Windows icon whose images are PNG-compressed (readable by
  Windows Vista and later), written here directly, no imaging library needed;
- ``chinese-ten.icns`` on macOS, made by the system's ``iconutil`` when it is there.

The SVG is drawn by pygame at every size separately, so each image is crisp rather
than a scaled copy of one large bitmap.
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402  (after quieting its greeting)

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SVG = ROOT / "assets" / "icon.svg"
DEFAULT_OUT = ROOT / "packaging" / "build" / "icons"
NAME = "chinese-ten"

PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)  # an ICO entry holds at most 256 x 256
ICNS_SIZES = (16, 32, 128, 256, 512)  # each also at twice the size, for Retina screens


def render_png(svg: Path, size: int, dest: Path) -> Path:
    """Draw the SVG at ``size`` x ``size`` pixels into the PNG file ``dest``."""
    surface = pygame.image.load_sized_svg(str(svg), (size, size))
    if surface.get_size() != (size, size):
        raise ValueError(f"{svg} drew at {surface.get_size()}, not {size}x{size}; is it square?")
    pygame.image.save(surface, str(dest))
    return dest


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows ICO file holding one PNG-compressed image per size.

    The format is a 6-byte header (reserved 0, type 1 = icon, image count), one
    16-byte directory entry per image, then the images. A width or height of 256 is
    written as 0.
    """
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, images = [], []
    for size in sizes:
        if not 1 <= size <= 256:
            raise ValueError(f"an ICO image is 1 to 256 pixels wide, not {size}")
        data = pngs[size]
        side = size % 256  # 256 is stored as 0
        # width, height, palette colours, reserved, colour planes, bits per pixel, bytes, offset
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset))
        images.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(images)


def make_icns(svg: Path, dest: Path) -> Path | None:
    """An ``.icns`` through macOS's ``iconutil``; None where that tool is missing."""
    iconutil = shutil.which("iconutil")
    if iconutil is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        iconset = Path(tmp) / f"{NAME}.iconset"
        iconset.mkdir()
        for size in ICNS_SIZES:
            render_png(svg, size, iconset / f"icon_{size}x{size}.png")
            render_png(svg, size * 2, iconset / f"icon_{size}x{size}@2x.png")
        subprocess.run([iconutil, "--convert", "icns", "--output", str(dest), str(iconset)], check=True)
    return dest


def make_icons(svg: Path = DEFAULT_SVG, out: Path = DEFAULT_OUT) -> list[Path]:
    """Write every icon file into ``out``; returns the files written."""
    if not svg.is_file():
        raise FileNotFoundError(f"icon artwork missing: {svg} (draw it with: python tools/cardart.py)")
    out.mkdir(parents=True, exist_ok=True)
    written = [render_png(svg, size, out / f"{NAME}-{size}.png") for size in PNG_SIZES]
    ico = out / f"{NAME}.ico"
    ico.write_bytes(ico_bytes({size: (out / f"{NAME}-{size}.png").read_bytes() for size in ICO_SIZES}))
    written.append(ico)
    if sys.platform == "darwin":
        icns = make_icns(svg, out / f"{NAME}.icns")
        if icns is None:
            print("make_icons: iconutil not found; the macOS app keeps PyInstaller's icon", file=sys.stderr)
        else:
            written.append(icns)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--svg", type=Path, default=DEFAULT_SVG, help=f"the icon (default: {DEFAULT_SVG})")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"output folder (default: {DEFAULT_OUT})")
    args = parser.parse_args(argv)
    try:
        written = make_icons(args.svg, args.out)
    except (OSError, ValueError, pygame.error) as exc:
        print(f"make_icons: {exc}", file=sys.stderr)
        return 1
    print(f"make_icons: {len(written)} files in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
