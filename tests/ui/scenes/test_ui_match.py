"""The match result: places, and the ways on from it (New match, Start screen, Quit; Esc is the menu)."""

from __future__ import annotations

from fractions import Fraction

import pygame

from chinese_ten.ui.scenes.match import MatchScene, person_place_text, place_names, places
from chinese_ten.ui.scenes.menu import MenuScene
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.ui.table.live import TableScene

from uiharness import click_event, play_until, press


def _to_result(make_table, seats: int = 2):  # type: ignore[no-untyped-def]
    app, ctl, table = make_table(seats=seats, seed=3, length="one")
    assert play_until(app, lambda: isinstance(app.top(), MatchScene), limit=20000)
    return app, ctl, app.top()


def test_places_share_a_place_between_equal_totals() -> None:
    assert places([10, -5, 10, -15]) == [1, 3, 1, 4]
    assert place_names([10, -5, 10, -15]) == ["shared 1st", "3rd", "shared 1st", "4th"]
    assert place_names([Fraction(5, 2), Fraction(-5, 2)]) == ["1st", "2nd"]
    assert place_names([0, 0]) == ["shared 1st", "shared 1st"]
    assert place_names([30, -10, -10, -10]) == ["1st", "shared 2nd", "shared 2nd", "shared 2nd"]


def test_the_persons_place_is_said_in_a_sentence() -> None:
    names = ["You", "West", "North", "East"]
    assert person_place_text(names, [-5, 10, -20, 15], 0) == "You came 3rd of 4."
    assert person_place_text(names, [10, 10, -20, 0], 0) == "You share 1st place with West."
    assert person_place_text(names, [0, 10, 0, 0], 0) == "You share 2nd place with North and East."
    assert person_place_text(names, [0, 0], None) == ""


def test_esc_on_the_match_result_opens_the_menu_and_does_not_quit(make_table) -> None:  # type: ignore[no-untyped-def]
    app, _ctl, result = _to_result(make_table)
    press(app, pygame.K_ESCAPE)
    assert app.running, "Esc must not quit from the result"
    assert isinstance(app.top(), MenuScene)
    press(app, pygame.K_ESCAPE)
    assert app.top() is result


def test_the_result_offers_new_match_start_screen_and_quit(make_table) -> None:  # type: ignore[no-untyped-def]
    app, _ctl, result = _to_result(make_table)
    assert [b.action for b in result.buttons] == ["new", "start", "quit"]
    app.draw()
    start = result.buttons[1]
    app.frame(1 / 60, [click_event(start.rect.center)])
    assert isinstance(app.top(), StartScene) and app.table() is None and app.running


def test_enter_on_the_result_starts_a_new_match_and_the_quit_button_quits(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, result = _to_result(make_table)
    press(app, pygame.K_RETURN)
    table = app.top()
    assert isinstance(table, TableScene) and table.ctl is not ctl
    app, _ctl, result = _to_result(make_table)
    press(app, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RETURN)
    assert not app.running


class Clock:
    """Time that moves only when the test says."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_enter_held_or_pressed_as_the_count_opens_never_runs_through_to_a_new_match(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.app import PressGuard
    from chinese_ten.ui.scenes.count import CountScene

    from uiharness import key_event, run_frames

    app, ctl, _table = make_table(seats=2, seed=3, length="one")
    clock = Clock()
    app.guard = PressGuard(clock)
    assert play_until(app, lambda: isinstance(app.top(), CountScene) or ctl.deal_finished, limit=20000)
    assert run_frames(app, lambda: isinstance(app.top(), CountScene))
    count = app.top()
    for _ in range(20):  # Enter, still held, repeating as the count opens and goes on
        app.frame(1 / 60, [key_event(pygame.K_RETURN)])
        clock.now += 0.06
    assert app.top() is count, "a held Enter's repeats are not presses"
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)])
    press(app, pygame.K_RETURN)  # a fresh press, the count long open
    result = app.top()
    assert isinstance(result, MatchScene)
    clock.now += 0.3
    press(app, pygame.K_RETURN)
    assert app.top() is result, "a press within half a second of the result opening is not taken"
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)])
    clock.now += 0.3
    press(app, pygame.K_RETURN)
    assert isinstance(app.top(), TableScene) and app.top().ctl is not ctl, "a deliberate press is taken"


def test_the_counts_names_stay_whole_and_clear_of_the_cards(make_table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.scenes.count import CountScene

    app, ctl, _table = make_table(seats=3, seed=3, length="one")
    assert play_until(app, lambda: isinstance(app.top(), CountScene), limit=20000)
    count = app.top()
    ctl.names[:] = ["Bob (guest 1)", "Guest 2 · Easy", "Carol (guest 3)"]  # a friends' table's names
    drawn: list[tuple[str, pygame.Rect]] = []
    cards: list[pygame.Rect] = []
    real_line, real_card = app.kit.text.line, count.table.painter.card
    monkeypatch.setattr(app.kit.text, "line", lambda text, *a, **k: drawn.append((text, None)) or real_line(text, *a, **k))
    monkeypatch.setattr(count.table.painter, "card", lambda surface, card, rect, *a, **k: cards.append(rect) or
                        real_card(surface, card, rect, *a, **k))
    count.draw(app.surface)  # the count alone, not the table under it
    shown = [text for text, _r in drawn]
    assert all(name in shown for name in ctl.names), "every name drawn whole, not cut"
    geom = count.table.geom()
    name_w, size = count.name_column(list(ctl.names), geom.font(26), 10_000, geom.unit)
    widest = max(app.kit.text.width(n, size, True) for n in ctl.names)
    box = count.box(app.surface.get_size())
    assert cards and min(r.left for r in cards) >= box.left + widest, "the row of cards begins past the longest name"
