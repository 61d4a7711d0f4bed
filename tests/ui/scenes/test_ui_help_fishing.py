"""Help for Chinese Go Fishing: its rules with the worked turn drawn as cards, its values and points taken
from the game's rules, opened for the game in force; and Chinese Ten's keys name S."""

from __future__ import annotations

import pygame
import pytest

from chinese_ten.cards import Card
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games.fishing import rules as fishing
from chinese_ten.i18n import LANGUAGES, use_language
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.scenes import help as help_module
from chinese_ten.games.fishing.helppages import card_values as fishing_card_values, rules_blocks as fishing_rules_page
from chinese_ten.ui.scenes.help import KEYS, HelpScene


def _ranks(label: str) -> list[int]:
    names = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
    if " to " in label:
        low, high = label.split(" to ")
        return list(range(names[low], names[high] + 1))
    return [names[label]]


def test_the_values_table_is_the_rules_modules() -> None:
    header, *rows, total = fishing_card_values()
    assert header == ("Card", "Value for summing", "Points")
    assert total == ("Pack total", "", str(fishing.PACK_POINTS))
    seen: list[int] = []
    for label, value, points in rows:
        for rank in _ranks(label):
            card = (rank - 1) * 4
            for suit in range(4):
                assert fishing.points_of(card + suit) == int(points), label
                shown = rank if value == "face value" else int(value)
                assert fishing.value_of(card + suit) == shown, label
            seen.append(rank)
    assert sorted(seen) == list(range(1, 14))
    assert sum(int(points) * 4 * len(_ranks(label)) for label, _v, points in rows) == fishing.PACK_POINTS


def test_the_values_table_follows_the_rules_module(monkeypatch: pytest.MonkeyPatch) -> None:
    # were the queen to score 35, the sheet would say so: it is computed, not typed
    points = list(fishing.CARD_POINTS)
    for suit in range(4):
        points[11 * 4 + suit] = 35
    monkeypatch.setattr(fishing, "CARD_POINTS", tuple(points))
    monkeypatch.setattr(fishing, "PACK_POINTS", sum(points))
    rows = fishing_card_values()
    assert ("Q", "12", "35") in rows and rows[-1][-1] == str(sum(points))


def test_the_worked_turn_is_drawn_as_cards() -> None:
    page = fishing_rules_page()
    cards = [value for kind, value in page if kind == "cards"]
    drawn = {caption: codes for caption, codes in cards}  # type: ignore[misc]
    layout, played, pile = drawn["Layout:"], drawn["You play:"], drawn["To your pile:"]
    assert {"5D", "4H", "9C"} <= set(layout) and played == ("9S",)
    assert sorted(pile) == sorted(("9S", "5D", "4H", "9C"))
    nine = fishing.value_of(int(Card.parse("9S")))
    assert fishing.value_of(int(Card.parse("5D"))) + fishing.value_of(int(Card.parse("4H"))) == nine
    text = " ".join(str(value) for kind, value in page if kind == "text")
    assert "5♦ + 4♥ (5 + 4) and 9♣" in text and "two sets, each making 9" in text
    points = sum(fishing.points_of(int(Card.parse(c))) for c in pile)
    assert f"{points} points in one turn" in text
    assert "2 to 8 players" in text and "J 11, Q 12, K 13, A 14" in text


def test_chinese_tens_keys_name_s() -> None:
    keys = dict(KEYS)
    assert "S" in keys and "speed" in keys["S"]


def test_help_opens_for_the_game_asked_or_in_force(window: pygame.Surface) -> None:
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    app.show_help()
    top = app.top()
    assert isinstance(top, HelpScene) and top.game == "ten"
    app.show_help()
    assert app.top() is None, "F1 again closes it"
    app.show_help("fishing")
    top = app.top()
    assert isinstance(top, HelpScene) and top.game == "fishing"
    app.pop()
    app.change_settings(game="fishing", computers=6)
    app.show_help()
    top = app.top()
    assert isinstance(top, HelpScene) and top.game == "fishing", "the game chosen on the start screen"
    app.pop()
    app.show_help("ten")  # Chinese Ten's help at a Go Fishing choice: at the most seats its rules deal
    assert isinstance(app.top(), HelpScene) and app.top().game == "ten"  # type: ignore[union-attr]
    app.draw()
    assert HelpScene(app).game == "ten", "Chinese Ten unless a game is named"
    app.thinker.shutdown()


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_fishing_pages_fit_their_area(size: tuple[int, int], code: str, window: pygame.Surface) -> None:
    surface = pygame.display.set_mode(size)
    app = App(surface, Settings(language=code, game="fishing"), None, None, ComputerThinker(force_inline=True))
    try:
        scene = HelpScene(app, game="fishing")
        app.push(scene)
        area = scene.place(size)
        drawn: list[int] = []
        real = HelpScene._cards

        def measured(self: HelpScene, caption: str, codes: tuple[str, ...], px: int, left: int = 0) -> pygame.Surface:
            picture = real(self, caption, codes, px, left)
            drawn.append(picture.get_width())
            return picture

        help_module.HelpScene._cards = measured  # type: ignore[method-assign]
        try:
            for tab in range(3):
                scene.show(tab)
                page = scene.page(area.width)
                assert page.get_width() == area.width
                app.draw()
        finally:
            help_module.HelpScene._cards = real  # type: ignore[method-assign]
        assert len(drawn) == 3 and max(drawn) <= area.width
    finally:
        app.thinker.shutdown()
        use_language("en")


def test_each_games_keys_page_describes_its_own_choice() -> None:
    from chinese_ten.ui.scenes.help import keys_page

    ten, fishing = dict(keys_page("ten")), dict(keys_page("fishing"))
    assert "lit card" in ten["Enter"] and "Shift+Enter, Shift+click" not in ten
    assert "way" in fishing["Enter"] and "lit card" not in fishing["Enter"] and "lit card" not in fishing["A"]
    assert "Shift+Enter, Shift+click" in fishing and "partners" not in fishing["T"]
    assert [k for k, _what in keys_page("fishing")].index("Shift+Enter, Shift+click") == 2, "listed after Enter"
    assert set(fishing) - {"Shift+Enter, Shift+click"} == set(ten)
