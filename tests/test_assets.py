"""Tests for locating the bundled artwork."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from chinese_ten import assets

CHECKOUT_ASSETS = Path(__file__).resolve().parent.parent / "assets"


def _make_assets(folder: Path) -> Path:
    (folder / "cards" / "classic").mkdir(parents=True)
    (folder / "cards" / "classic" / "AS.svg").write_text("<svg/>")
    (folder / "icon.svg").write_text("<svg/>")
    return folder


def test_assets_root_finds_the_checkout_folder() -> None:
    root = assets.assets_root()
    assert root.resolve() == CHECKOUT_ASSETS.resolve()
    assert (root / "cards").is_dir()


def test_card_file_names_every_face_and_back() -> None:
    for style in assets.STYLES:
        for code in [*assets.CARD_CODES, "back"]:
            path = assets.card_file(code, style)
            assert path.is_file()
            assert path.name == f"{code}.svg"
            assert path.parent.name == style
    assert assets.card_file("10H") == assets.assets_root() / "cards" / "classic" / "10H.svg"


@pytest.mark.parametrize("code", ["", "1H", "ZZ", "AH ", "10X", "Back", "joker"])
def test_card_file_rejects_unknown_codes(code: str) -> None:
    with pytest.raises(ValueError):
        assets.card_file(code)


def test_card_file_rejects_unknown_styles() -> None:
    with pytest.raises(ValueError):
        assets.card_file("AS", "pastel")


def test_icon_file_exists() -> None:
    assert assets.icon_file().is_file()
    assert assets.icon_file().name == "icon.svg"


def test_sound_files_name_every_variant_of_every_effect() -> None:
    for effect, count in assets.SOUND_EFFECTS.items():
        paths = assets.sound_files(effect)
        assert [p.name for p in paths] == [f"{effect}-{n}.wav" for n in range(1, count + 1)]
        assert all(p.is_file() and p.parent == assets.assets_root() / "sounds" for p in paths)


def test_sound_files_rejects_unknown_effects_and_names_a_missing_file(monkeypatch: pytest.MonkeyPatch,
                                                                      tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown sound effect"):
        assets.sound_files("trumpet")
    monkeypatch.setattr(assets, "assets_root", lambda: tmp_path)
    with pytest.raises(FileNotFoundError, match="lay-1.wav"):
        assets.sound_files("lay")


def test_installed_package_folder_comes_first(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    package = tmp_path / "site" / "chinese_ten"
    _make_assets(package / "assets")
    monkeypatch.setattr(assets.resources, "files", lambda name: package)
    assert assets.assets_root() == package / "assets"


def test_frozen_bundle_is_the_last_resort(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    bundle = tmp_path / "bundle"
    _make_assets(bundle / "chinese_ten" / "assets")
    elsewhere = tmp_path / "nowhere" / "chinese_ten"
    elsewhere.mkdir(parents=True)
    monkeypatch.setattr(assets.resources, "files", lambda name: elsewhere)
    monkeypatch.setattr(assets, "__file__", str(elsewhere / "assets.py"))
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert assets.assets_root() == bundle / "chinese_ten" / "assets"


def test_missing_folder_raises_naming_the_places(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    elsewhere = tmp_path / "nowhere" / "chinese_ten"
    elsewhere.mkdir(parents=True)
    monkeypatch.setattr(assets.resources, "files", lambda name: elsewhere)
    monkeypatch.setattr(assets, "__file__", str(elsewhere / "assets.py"))
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    # A folder in the current directory must never be picked up.
    monkeypatch.chdir(_make_assets(tmp_path / "cwd" / "assets").parent)
    with pytest.raises(FileNotFoundError) as info:
        assets.assets_root()
    assert str(elsewhere / "assets") in str(info.value)
    assert str(tmp_path / "nowhere" / "assets") in str(info.value)
