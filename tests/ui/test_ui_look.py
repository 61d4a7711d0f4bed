"""Both looks render every screen (smoke checks on known pixels), and high contrast is measured."""

from __future__ import annotations

import pygame
import pytest

from chinese_ten.games.ten.rules import CLASSIC
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.scenes.choice import ChoiceScene
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.games.ten.helppages import card_values
from chinese_ten.ui.scenes.help import TABS, HelpScene
from chinese_ten.ui.scenes.match import MatchScene
from chinese_ten.ui.scenes.menu import MenuScene
from chinese_ten.ui.widgets.button import Button
from chinese_ten.ui.scenes.settings import SettingsScene
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.ui.table.live import TableScene
from chinese_ten.ui.kit.theme import Colour, Theme, classic_theme, high_contrast_theme
from chinese_ten.engine.thinking import ComputerThinker

from conftest import QUICK
from uiharness import key_event, press, run_frames


def luminance(colour: Colour) -> float:
    """Relative luminance as WCAG 2 defines it."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = colour
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: Colour, b: Colour) -> float:
    """WCAG contrast ratio of two colours."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("four", [False, True])
def test_high_contrast_text_is_at_least_4_5_to_1_and_the_ring_3_to_1(four: bool) -> None:
    theme = high_contrast_theme(four)
    low = [(where, round(contrast(fg, bg), 2)) for where, fg, bg in theme.text_pairs() if contrast(fg, bg) < 4.5]
    assert not low, low
    assert contrast(theme.turn_ring, theme.felt) >= 3
    assert contrast(theme.turn_ring, theme.panel) >= 3
    assert contrast(theme.focus_inner, theme.card_face) >= 3, "the ring's inner edge stands out on a white face"
    assert contrast(theme.turn_ring, theme.focus_inner) >= 3
    assert theme.focus_width >= 3 and theme.felt_flat and theme.card_face == (255, 255, 255)
    assert theme.card_style.startswith("high-contrast")


def test_the_classic_focus_ring_stands_out_too() -> None:
    theme = classic_theme()
    assert contrast(theme.turn_ring, theme.felt) >= 3 and contrast(theme.turn_ring, theme.panel) >= 3
    assert contrast(theme.focus_inner, theme.card_face) >= 3


def test_card_values_come_from_the_points_table() -> None:
    rows = card_values()
    assert rows[0] == ("Card", "2 players", "3 players", "4 players")
    table = {r[0]: r[1:] for r in rows}
    assert table["Pack total"] == ("210", "240", "280")
    assert table["Tie score (total ÷ players)"] == ("105", "80", "70")
    assert table["A♠"] == ("0", "30", "30") and table["A♣"] == ("0", "0", "40")
    assert table["Red 2 to 8"] == ("face value",) * 3
    assert [int(x) for x in table["Pack total"]] == [CLASSIC.pack_total(n) for n in (2, 3, 4)]


def _ring_pixel(button: Button, theme: Theme) -> tuple[int, int]:
    w = theme.focus_width
    inner = max(1, w // 2)
    return (button.rect.left - inner - w + w // 2, button.rect.centery)


def _rgb(surface: pygame.Surface, pos: tuple[int, int]) -> Colour:
    c = surface.get_at(pos)
    return (c.r, c.g, c.b)


def _not_blank(surface: pygame.Surface) -> None:
    small = pygame.transform.scale(surface, (64, 40))
    colours = {tuple(small.get_at((x, y)))[:3] for x in range(64) for y in range(40)}
    assert len(colours) > 12, "the screen shows something"


@pytest.mark.parametrize("high", [False, True])
def test_every_screen_renders_in_both_looks(window: pygame.Surface, high: bool) -> None:
    app = App(window, Settings(high_contrast=high, four_colour=high), None, None,
              ComputerThinker(force_inline=True))
    theme = app.kit.theme
    assert theme.name == ("high-contrast" if high else "classic")
    surface = app.surface

    start = StartScene(app)
    app.push(start)
    app.frame(1 / 60, [])
    app.draw()
    _not_blank(surface)
    assert _rgb(surface, _ring_pixel(start.play, theme)) == theme.turn_ring

    for seed in range(1, 80):
        ctl = TableController(2, "normal", "one", seed=seed, pace=QUICK, thinker=app.thinker)
        table = TableScene(app, ctl)
        app.replace(table)
        assert run_frames(app, lambda: ctl.person_to_play)
        hand = ctl.board.hands[0]
        if any(ctl.session.deal.candidates(c) and ctl.session.deal.choice_matters(c) for c in hand):
            break
    geom = table.geom()
    empty = geom.slots[4]
    assert 4 not in ctl.board.slots
    press(app, pygame.K_RIGHT)
    app.draw()
    _not_blank(surface)
    assert _rgb(surface, empty.center) == theme.felt, "the felt shows at an empty place"
    from chinese_ten.ui.table.geometry import hand_rects, lifted

    focused = lifted(hand_rects(geom, len(hand))[0], geom)
    w = theme.focus_width
    inner = max(1, w // 2)
    assert _rgb(surface, (focused.left - inner - w + w // 2, focused.centery)) == theme.turn_ring

    press(app, pygame.K_p)
    app.draw()
    assert _rgb(surface, empty.center) == theme.felt, "the board stays fully visible when paused"
    assert table.paused
    press(app, pygame.K_p)

    for opener, kind in ((pygame.K_ESCAPE, MenuScene), (pygame.K_F1, HelpScene)):
        press(app, opener)
        assert isinstance(app.top(), kind)
        app.draw()
        _not_blank(surface)
        if kind is MenuScene:
            assert _rgb(surface, _ring_pixel(app.top().buttons[0], theme)) == theme.turn_ring
            press(app, *[pygame.K_DOWN] * 3, pygame.K_RETURN)
            assert isinstance(app.top(), SettingsScene)
            app.draw()
            _not_blank(surface)
            settings = app.top()
            chosen = settings.rows[0][settings.value_index(0)]
            assert chosen.focused and _rgb(surface, _ring_pixel(chosen, theme)) == theme.turn_ring
            press(app, pygame.K_ESCAPE, pygame.K_ESCAPE)
        else:
            for tab in range(len(TABS)):
                app.top().show(tab)
                app.draw()
                _not_blank(surface)
                assert _rgb(surface, _ring_pixel(app.top().tabs[tab], theme)) == theme.turn_ring
            press(app, pygame.K_ESCAPE)
        assert app.top() is table

    choosy = next(i for i, c in enumerate(ctl.board.hands[0])
                  if ctl.session.deal.candidates(c) and ctl.session.deal.choice_matters(c))
    table.try_play(choosy)
    assert run_frames(app, lambda: isinstance(app.top(), ChoiceScene))
    app.draw()
    _not_blank(surface)
    focus_card = app.top().focused_card
    rect = geom.slots[ctl.board.slot_of(focus_card)]
    assert _rgb(surface, (rect.left - inner - w + w // 2, rect.centery)) == theme.turn_ring
    for _ in range(60):
        if not run_frames(app, lambda: ctl.person_to_play or isinstance(app.top(), (ChoiceScene, CountScene))):
            break
        if isinstance(app.top(), CountScene):
            break
        app.frame(1 / 60, [key_event(pygame.K_RETURN if isinstance(app.top(), ChoiceScene) else pygame.K_1)])
    count = app.top()
    assert isinstance(count, CountScene)
    app.draw()
    _not_blank(surface)
    assert _rgb(surface, _ring_pixel(count.button, theme)) == theme.turn_ring
    assert geom.panel.colliderect(count.box(surface.get_size())) is False, "the count leaves the panel readable"
    press(app, pygame.K_RETURN)
    result = app.top()
    assert isinstance(result, MatchScene)
    app.draw()
    _not_blank(surface)
    assert _rgb(surface, _ring_pixel(result.buttons[0], theme)) == theme.turn_ring
