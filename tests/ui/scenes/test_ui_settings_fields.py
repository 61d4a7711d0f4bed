"""Settings' typed rows: the name one is shown by at a network table and the table server's address,
checked and remembered as the field is left; a value not allowed is told in one line and changes nothing;
the window's one-letter keys are letters while a field has the keyboard."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.settings import SettingsStore
from chinese_ten.ui.app import App
from chinese_ten.ui.scenes.settings import TEXT_ROWS, SettingsScene

from uiharness import key_event


def _settings(window: pygame.Surface, folder: Path) -> tuple[App, SettingsScene]:
    store = SettingsStore(folder)
    app = App(window, store.load().settings, store, None, ComputerThinker(force_inline=True))
    app.show("start")
    app.open("settings")
    scene = app.top()
    assert isinstance(scene, SettingsScene)
    return app, scene


def _type(app: App, text: str) -> None:
    for ch in text:
        app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()) if ch.isalpha() else 0, mod=0,
                                              unicode=ch, scancode=0),
                           pygame.event.Event(pygame.TEXTINPUT, text=ch)])


def test_the_name_and_the_server_are_typed_checked_and_remembered(window: pygame.Surface, tmp_path: Path) -> None:
    app, scene = _settings(window, tmp_path)
    name, server = scene.fields
    scene.place(window.get_size())
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=name.rect.center)])
    assert name.focused and scene.typing
    contrast = app.settings.high_contrast
    _type(app, "Hua")  # H and M are letters here, not high contrast or mute
    assert app.settings.high_contrast == contrast
    app.frame(1 / 60, [key_event(pygame.K_RETURN)])  # kept, and on to the server's field
    assert app.settings.player_name == "Hua" and server.focused
    _type(app, "ftp://x")
    app.frame(1 / 60, [key_event(pygame.K_RETURN)])
    assert app.settings.server_url == "" and "https://tables.example.org" in scene.problem  # refused, told
    assert "\n" not in scene.problem
    scene._to_row(len(scene.rows) + 1)
    server.text = "https://tables.example.org/"
    app.frame(1 / 60, [key_event(pygame.K_ESCAPE)])  # leaves the field, keeping its text
    assert app.settings.server_url == "https://tables.example.org" and not scene.problem
    app.frame(1 / 60, [key_event(pygame.K_ESCAPE)])  # and closes
    assert not isinstance(app.top(), SettingsScene)
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["player_name"] == "Hua" and saved["server_url"] == "https://tables.example.org"


def test_every_settings_row_and_field_fits_the_panel_at_the_smallest_window(tmp_path: Path) -> None:
    from chinese_ten.ui.app import open_window

    surface = open_window((960, 600))
    app, scene = _settings(surface, tmp_path)
    scene.place(surface.get_size())
    box = scene.box(surface.get_size())
    rects = [b.rect for row in scene.rows for b in row] + [f.rect for f in scene.fields] + [scene.done.rect]
    assert all(box.contains(r) for r in rects)
    assert all(a.bottom <= b.top for a, b in zip([f.rect for f in scene.fields], [*[f.rect for f in scene.fields][1:],
                                                                                   scene.done.rect]))
    scene.draw(surface)


def test_the_fields_placeholders_switch_with_the_language_chosen_in_settings(window: pygame.Surface,
                                                                             tmp_path: Path) -> None:
    from chinese_ten import i18n
    from chinese_ten.ui.scenes.settings import LANGUAGE_CHOICES

    app, scene = _settings(window, tmp_path)
    before = [f.placeholder for f in scene.fields]
    try:
        for code in ("zh-Hans", "zh-Hant"):
            scene.choose(len(scene.rows) - 1, LANGUAGE_CHOICES.index(code))
            app.frame(1 / 60, [])
            assert i18n.language() == code
            shown = [f.placeholder for f in scene.fields]
            assert shown == [i18n._(hint) for _k, _l, hint, _n, _p in TEXT_ROWS] and shown != before
        assert "這台電腦" in scene.fields[1].placeholder, "Traditional, not the Simplified chosen before"
    finally:
        i18n.use_language("en")
