"""Every key binding, and a whole match from the start screen to the result without a mouse."""

from __future__ import annotations

from pathlib import Path

import pygame

from chinese_ten.settings import SettingsStore
from chinese_ten.ui.app import App
from chinese_ten.ui.scenes.choice import ChoiceScene
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.scenes.help import HelpScene
from chinese_ten.ui.scenes.match import MatchScene
from chinese_ten.ui.scenes.menu import MenuScene
from chinese_ten.ui.scenes.settings import SETTING_ROWS, SettingsScene
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.ui.table.live import TableScene
from chinese_ten.engine.thinking import ComputerThinker

from uiharness import key_event, press, run_frames


def _waits(app: App) -> bool:
    table = app.table()
    return isinstance(app.top(), (ChoiceScene, CountScene, MatchScene)) or (
        table is not None and app.top() is table and table.ctl.person_to_play)


def test_a_whole_match_by_keyboard_alone(window: pygame.Surface, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    posted: list[int] = []
    real_post = pygame.event.post
    monkeypatch.setattr(pygame.event, "post", lambda ev: (posted.append(ev.type), real_post(ev))[1])
    store = SettingsStore(tmp_path)
    app = App(window, store.load().settings, store, None, ComputerThinker(force_inline=True))
    app.match_seed = 21
    app.push(StartScene(app))
    app.frame(1 / 60, [])
    # Start screen: Up/Down pick a row, Left/Right a choice; the settings button by Right and Enter.
    press(app, pygame.K_DOWN, pygame.K_LEFT)                          # the game: Chinese Ten, the first
    press(app, pygame.K_DOWN, pygame.K_LEFT, pygame.K_LEFT)           # 1 computer
    press(app, pygame.K_DOWN, pygame.K_DOWN, pygame.K_LEFT, pygame.K_LEFT, pygame.K_LEFT)  # match: one deal
    press(app, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_RETURN)  # past Rules to Settings
    assert isinstance(app.top(), SettingsScene)
    speed_row = [key for key, _l, _c in SETTING_ROWS].index("animation_speed")
    press(app, *([pygame.K_DOWN] * speed_row), pygame.K_RIGHT, pygame.K_RIGHT)  # Normal -> Instant
    assert app.settings.animation_speed == "instant"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top(), StartScene)
    press(app, pygame.K_LEFT, pygame.K_RETURN)                          # back to Play
    table = app.top()
    assert isinstance(table, TableScene) and table.ctl.seats == 2
    ctl = table.ctl

    used: set[str] = set()
    plays = 0
    for turn in range(40):
        assert run_frames(app, lambda: _waits(app), limit=3000)
        top = app.top()
        if isinstance(top, CountScene):
            break
        if isinstance(top, ChoiceScene):
            before = ctl.person_choice
            press(app, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN)
            assert ctl.person_choice != before
            used.add("choice")
            continue
        hand_before = len(ctl.session.deal.hand(0))
        style = turn % 5
        if style == 0:
            press(app, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_RETURN)
            used.add("arrows+enter")
        elif style == 1:
            press(app, pygame.K_LEFT, pygame.K_SPACE)
            used.add("space")
        elif style == 2:
            press(app, pygame.K_p)
            app.draw()
            assert table.paused and table.panel.paused and table.pause_button.label.startswith("Resume")
            press(app, pygame.K_1)
            assert len(ctl.session.deal.hand(0)) == hand_before, "a paused table plays nothing"
            press(app, pygame.K_p)
            press(app, pygame.K_h)
            assert app.kit.theme.name == "high-contrast" and app.settings.high_contrast
            press(app, pygame.K_h)
            assert app.kit.theme.name == "classic"
            count = len(ctl.session.deal.hand(0))
            press(app, pygame.K_0 + count if count <= 9 else pygame.K_9)  # the last card (or the ninth)
            used.add("digits+P+H")
        elif style == 3:
            press(app, pygame.K_F1)
            assert isinstance(app.top(), HelpScene)
            press(app, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_ESCAPE)
            press(app, pygame.K_ESCAPE)
            assert isinstance(app.top(), MenuScene)
            press(app, *[pygame.K_DOWN] * 4, pygame.K_RETURN)   # Help from the menu
            assert isinstance(app.top(), HelpScene)
            press(app, pygame.K_F1)                                             # F1 closes it again
            press(app, *[pygame.K_UP] * 4, pygame.K_RETURN)     # Resume
            assert app.top() is table
            press(app, pygame.K_F11)
            assert app.settings.fullscreen
            press(app, pygame.K_F11)
            assert not app.settings.fullscreen
            press(app, pygame.K_2 if len(ctl.session.deal.hand(0)) >= 2 else pygame.K_1)  # the second card, if any
            used.add("menu+help+F11")
        else:
            press(app, pygame.K_0 if len(ctl.session.deal.hand(0)) >= 10 else pygame.K_1)
            used.add("digit")
        app.frame(1 / 60, [])
        assert len(ctl.session.deal.hand(0)) == hand_before - 1, f"turn {turn}: a card was played"
        plays += 1
    assert isinstance(app.top(), CountScene) and ctl.session.deal.is_over
    assert plays == 12
    app.draw()
    press(app, pygame.K_RETURN)
    assert isinstance(app.top(), MatchScene)
    press(app, pygame.K_TAB, pygame.K_TAB, pygame.K_TAB, pygame.K_RETURN)  # round the three buttons to New match
    assert isinstance(app.top(), TableScene) and app.top() is not table
    assert {"arrows+enter", "space", "digits+P+H", "menu+help+F11", "digit"} <= used
    assert not [t for t in posted if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)]
    assert store.load().settings.animation_speed == "instant"


def test_any_other_key_finishes_the_movement_without_playing(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.table.choreography import Pace

    app, ctl, scene = make_table(seats=2, seed=4, length="one",
                                 pace=Pace(move=2.0, flip=2.0, glow=2.0, sweep=2.0, triple=2.0, pause=5.0))
    assert run_frames(app, lambda: ctl.person_to_play)
    press(app, pygame.K_3)
    assert ctl.busy
    hand = list(ctl.session.deal.hand(0))
    app.frame(1 / 60, [key_event(pygame.K_a)])
    assert list(ctl.session.deal.hand(0)) == hand
    assert ctl.current is None or ctl.current.elapsed < 0.1, "the played card landed at once"


def test_minus_and_equals_play_the_eleventh_and_twelfth_cards(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, _scene = make_table(seats=2, seed=6)
    assert run_frames(app, lambda: ctl.person_to_play)
    assert len(ctl.board.hands[0]) == 12
    twelfth = ctl.board.hands[0][11]
    press(app, pygame.K_EQUALS)
    assert twelfth not in ctl.session.deal.hand(0)
    assert run_frames(app, lambda: ctl.person_to_play)
    eleventh = ctl.board.hands[0][10]
    press(app, pygame.K_MINUS)
    assert eleventh not in ctl.session.deal.hand(0)


def test_the_cards_show_their_keys_once_the_keyboard_is_used(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=2, seed=6)
    assert run_frames(app, lambda: ctl.person_to_play)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    app.frame(1 / 60, [motion])
    assert scene.card_keys() == []
    mouse_picture = app.surface.copy()
    press(app, pygame.K_RIGHT, pygame.K_LEFT)
    assert scene.card_keys() == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "="]
    app.draw()
    from chinese_ten.ui.table.geometry import hand_rects

    last = hand_rects(scene.geom(), 12)[-1]
    spot = pygame.Rect(last.centerx - 6, last.top - 6, 12, 12)
    assert pygame.image.tobytes(app.surface.subsurface(spot), "RGB") != \
        pygame.image.tobytes(mouse_picture.subsurface(spot), "RGB"), "the = key shows on the twelfth card"
    app.frame(1 / 60, [motion])
    assert scene.card_keys() == []


def test_tab_moves_between_the_hand_and_the_table_buttons(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.table.geometry import hand_rects

    app, ctl, scene = make_table(seats=2, seed=6)
    assert run_frames(app, lambda: ctl.person_to_play)
    press(app, pygame.K_RIGHT)
    focused_hand = app.surface.copy()
    press(app, pygame.K_TAB)
    assert scene.hint_button.focused and scene.hovered_card() is None
    first = hand_rects(scene.geom(), len(ctl.board.hands[0]))[0]
    ring = pygame.Rect(first.left - 8, first.top - 30, first.width + 16, 26)
    assert pygame.image.tobytes(app.surface.subsurface(ring), "RGB") != \
        pygame.image.tobytes(focused_hand.subsurface(ring), "RGB"), "the hand's focus ring went to the button"
    press(app, pygame.K_TAB)
    assert scene.again_button.focused and not scene.hint_button.focused
    press(app, pygame.K_TAB)
    assert scene.pause_button.focused and not scene.again_button.focused
    press(app, pygame.K_RETURN)
    assert scene.paused and len(ctl.session.deal.hand(0)) == 12, "Enter pressed the Pause button, played nothing"
    press(app, pygame.K_SPACE)
    assert not scene.paused
    press(app, pygame.K_TAB)
    assert scene.menu_button.focused
    press(app, pygame.K_TAB)
    assert scene.speed_button.focused
    press(app, pygame.K_TAB)
    assert not any(b.focused for b in scene.buttons()), "round again to the hand"
    app.frame(1 / 60, [key_event(pygame.K_TAB, pygame.KMOD_SHIFT), key_event(pygame.K_TAB, pygame.KMOD_SHIFT)])
    assert scene.menu_button.focused
    press(app, pygame.K_RETURN)
    assert isinstance(app.top(), MenuScene)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_RIGHT)
    assert not any(b.focused for b in scene.buttons()) and scene.hovered_card() is not None


def test_help_names_a_key_for_every_hand_card_and_tab_at_the_table() -> None:
    from chinese_ten.ui.scenes.help import KEYS
    from chinese_ten.ui.table.live import CARD_KEY_NAMES

    keys = dict(KEYS)
    card_row = next(k for k in keys if k.startswith("1 to 9"))
    assert all(name in card_row.split(", ") or name in card_row for name in CARD_KEY_NAMES[9:])
    assert any(k.startswith("Tab") and "table" in what for k, what in KEYS)
