"""The README's pictures can be made from the real game: ``tools/screenshots.py`` writes each one, the window's
and the site's in a browser alike, at the window's size, small enough to keep in the repository."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pygame
import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "screenshots.py"


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("screenshots_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_every_picture_of_the_readme_is_made_in_both_looks_and_stays_small(tmp_path: Path) -> None:
    tool = _tool()
    written = tool.make(tmp_path)
    names = sorted(p.name for p in written)
    assert names == sorted([f"{n}{s}.png" for n in tool.WINDOW_PICTURES for s in ("", "-contrast")]
                           + [f"{n}.png" for n in tool.WEB_PICTURES])
    readme = (TOOL.parents[1] / "README.md").read_text(encoding="utf-8")
    for path in written:
        picture = pygame.image.load(str(path))
        assert picture.get_size() == tool.SIZE, path.name
        assert len({picture.get_at((x, y))[:3] for x in range(0, 960, 37) for y in range(0, 600, 29)}) > 20, \
            f"{path.name} shows more than a blank window"
        assert path.stat().st_size < 120_000, f"{path.name} is {path.stat().st_size} bytes"
    for name in ("ten.png", "fishing.png", "review.png", "friends.png", "front.png", "deal.png"):
        assert f"docs/images/{name}" in readme, f"the README shows {name}"


def test_an_indexed_png_keeps_a_few_colours_exactly(tmp_path: Path) -> None:
    tool = _tool()
    surface = pygame.Surface((40, 30))
    surface.fill((10, 120, 40))
    surface.fill((250, 250, 250), pygame.Rect(5, 5, 10, 10))
    surface.fill((200, 30, 30), pygame.Rect(20, 10, 15, 15))
    path = tmp_path / "small.png"
    tool.save_png(surface, path)
    back = pygame.image.load(str(path))
    assert back.get_size() == (40, 30)
    assert back.get_at((0, 0))[:3] == (10, 120, 40)
    assert back.get_at((7, 7))[:3] == (250, 250, 250)
    assert back.get_at((30, 20))[:3] == (200, 30, 30)
