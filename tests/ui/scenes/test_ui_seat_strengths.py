"""Each seat…: every computer's strength chosen on its own from the start screen (or Settings), a row per
computer seat named as the table names it, kept in the settings and played at the next match; and the
strengths offered are exactly those the chosen game's players have."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pygame
import pytest

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games import GAMES
from chinese_ten.i18n import LANGUAGES, use_language
from chinese_ten.settings import Settings, SettingsStore
from chinese_ten.ui import app as app_module
from chinese_ten.ui.app import App
from chinese_ten.ui.choices import EACH_SEAT, options_for
from chinese_ten.ui.scenes.friends import seat_choices
from chinese_ten.ui.scenes.seat_strengths import SeatStrengthsScene, next_strength
from chinese_ten.ui.scenes.start import StartScene

from tests.ui.uiharness import click_event, key_event


def _app(window: pygame.Surface, tmp_path: Path, settings: Settings) -> tuple[App, SettingsStore]:
    store = SettingsStore(tmp_path)
    store.save(settings)
    return App(window, store.load().settings, store, None, ComputerThinker(force_inline=True)), store


def _strength_button(start: StartScene, value: str) -> Any:
    row = [k for k, _label, _choices in start.options].index("strength")
    index = [v for _t, v in start.options[row][2]].index(value)
    return start.rows[row][index]


def test_each_seat_opens_a_row_per_computer_named_as_the_table_names_them(
        window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use_language("en")
    app, store = _app(window, tmp_path, Settings(game="fishing", computers=7, strength="hard"))
    start = StartScene(app)
    app.push(start)
    app.frame(1 / 60, [])
    app.frame(1 / 60, [click_event(_strength_button(start, EACH_SEAT).rect.center)])
    dialog = app.top()
    assert isinstance(dialog, SeatStrengthsScene)
    assert [b.label for b in dialog.seats] == ["Hard"] * 7, "taken up from the strength they all had"
    app.frame(1 / 60, [click_event(dialog.seats[1].rect.center)])  # West: Hard goes round to Easy
    app.frame(1 / 60, [key_event(pygame.K_DOWN), key_event(pygame.K_LEFT)])  # North-west: Hard back to Normal
    assert app.settings.strengths() == ("hard", "easy", "normal", "hard", "hard", "hard", "hard")
    assert store.load().settings.seat_strengths == app.settings.seat_strengths, "saved as it changes"
    app.frame(1 / 60, [key_event(pygame.K_ESCAPE)])
    assert app.top() is start and _strength_button(start, EACH_SEAT).selected
    assert "Computers: 1 Easy · 1 Normal · 5 Hard." in start._match_label()
    asked: list[tuple[Any, ...]] = []
    with monkeypatch.context() as patched:
        patched.setattr(app_module, "TableController", lambda *args, **_kw: asked.append(args))
        patched.setattr(app.keeper, "watch", lambda _ctl: None)
        patched.setattr(app, "replace", lambda _scene: None)
        patched.setattr(app_module, "TableScene", lambda *_a, **_k: None)
        app.start_match()
    assert asked[0][1] == app.settings.strengths(), "the match is played at each computer's strength"
    # one strength for all empties the choice seat by seat
    app.frame(1 / 60, [click_event(_strength_button(start, "easy").rect.center)])
    assert app.settings.seat_strengths == () and app.settings.strengths() == ("easy",) * 7
    app.thinker.shutdown()


def test_fewer_computers_use_the_first_seats_choices_and_name_them_by_side(window: pygame.Surface,
                                                                           tmp_path: Path) -> None:
    use_language("en")
    app, _store = _app(window, tmp_path, Settings(computers=2, seat_strengths=("easy", "hard", "normal")))
    start = StartScene(app)
    app.push(start)
    assert app.settings.strengths() == ("easy", "hard")
    assert start._match_label().endswith("Computers: West Easy · East Hard.")
    app.thinker.shutdown()


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
@pytest.mark.parametrize("code", LANGUAGES)
def test_seven_computers_fit_the_smallest_and_a_large_window(size: tuple[int, int], code: str,
                                                             window: pygame.Surface) -> None:
    surface = pygame.display.set_mode(size)
    app = App(surface, Settings(language=code, game="fishing", computers=7, seat_strengths=("easy",) * 7), None,
              None, ComputerThinker(force_inline=True))
    try:
        dialog = SeatStrengthsScene(app)
        app.push(dialog)
        app.draw()
        box = dialog.box(size)
        rects = [b.rect for b in dialog.seats] + [dialog.done.rect]
        assert all(box.contains(r) for r in rects), "every row and Done inside the panel"
        assert all(a.bottom <= b.top for a, b in zip(rects, rects[1:])), "no row over another"
        assert min(r.height for r in rects) >= 24
    finally:
        app.thinker.shutdown()
        use_language("en")


def test_a_strength_added_to_a_games_players_is_offered_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    from chinese_ten.engine import strengths

    spec = GAMES["ten"]
    monkeypatch.setitem(strengths.LABELS, "expert", "Expert")
    monkeypatch.setitem(GAMES, "ten", dataclasses.replace(spec, strengths=("easy", "normal", "hard", "expert")))
    strength_row = next(choices for key, _label, choices in options_for("ten") if key == "strength")
    assert [v for _t, v in strength_row] == ["easy", "normal", "hard", "expert", EACH_SEAT]
    assert ("Expert", "expert") in strength_row
    assert seat_choices("ten") == (None, "easy", "normal", "hard", "expert")
    assert next_strength("hard", GAMES["ten"].strengths) == "expert"
    assert next_strength("expert", GAMES["ten"].strengths) == "easy"
    monkeypatch.setitem(GAMES, "fishing", dataclasses.replace(GAMES["fishing"], strengths=("easy", "normal")))
    fishing_row = next(choices for key, _label, choices in options_for("fishing") if key == "strength")
    assert [v for _t, v in fishing_row] == ["easy", "normal", EACH_SEAT], "each game its own players' strengths"
