"""Every sentence that states a rule or a number matches the rules in force at 2, 3 and 4 seats."""

from __future__ import annotations

import re

import pygame
import pytest

from chinese_ten.cards import ALL_CARDS
from chinese_ten.rules import CLASSIC, RuleSet
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App, DemoOptions
from chinese_ten.ui.count_scene import CountScene
from chinese_ten.ui.help_scene import HelpScene, card_values, rules_page
from chinese_ten.ui.rules_text import count_explanation, deal_text, idea_text, scoring_cards, tagline
from chinese_ten.ui.start_scene import StartScene
from chinese_ten.ui.text import TextPainter
from chinese_ten.ui.thinking import ComputerThinker

from uiharness import run_frames


def _drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line and paragraph the painter is asked for from now on."""
    seen: list[str] = []
    line, paragraph = TextPainter.line, TextPainter.paragraph

    def record_line(self: TextPainter, text: str, *args: object, **kw: object) -> pygame.Surface:
        seen.append(text)
        return line(self, text, *args, **kw)  # type: ignore[arg-type]

    def record_paragraph(self: TextPainter, text: str, *args: object, **kw: object) -> pygame.Surface:
        seen.append(text)
        return paragraph(self, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(TextPainter, "line", record_line)
    monkeypatch.setattr(TextPainter, "paragraph", record_paragraph)
    return seen


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_tagline_names_exactly_the_cards_that_score(seats: int) -> None:
    text = tagline(CLASSIC, seats)
    assert "♥ ♦" in text
    assert ("A♠" in text) == (seats >= 3)
    assert ("A♣" in text) == (seats >= 4)
    assert "black aces" not in text


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_start_screen_says_what_scores_at_the_chosen_seat_count(seats: int, window: pygame.Surface,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _drawn_texts(monkeypatch)
    app = App(window, Settings(computers=seats - 1), None, None, ComputerThinker(force_inline=True))
    app.push(StartScene(app))
    app.frame(1 / 60)
    assert tagline(CLASSIC, seats) in seen
    if seats == 2:
        assert not any("black ace" in t or "A♠" in t for t in seen), "black aces score nothing at two seats"
    assert any(t.startswith(f"{seats} seats,") and "You lead the first deal" in t for t in seen)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_count_screen_shows_this_tables_pack_and_tie_score(seats: int, window: pygame.Surface,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _drawn_texts(monkeypatch)
    app = App(window, Settings(), None, DemoOptions(seats=seats, deals=1, seed=2), ComputerThinker(force_inline=True))
    app.start_match()
    assert run_frames(app, lambda: isinstance(app.top(), CountScene), limit=20000)
    app.frame(1 / 60)
    expected = count_explanation(CLASSIC, seats)
    assert expected in seen
    tie = CLASSIC.tie_score(seats)
    assert f"{CLASSIC.pack_total(seats)} points in the pack" in expected and f"tie score {tie}" in expected


def test_the_help_pages_read_the_rules_of_the_table_in_play(window: pygame.Surface,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _drawn_texts(monkeypatch)
    app = App(window, Settings(computers=2), None, None, ComputerThinker(force_inline=True))
    app.push(StartScene(app))
    help_page = HelpScene(app, 0)
    app.push(help_page)
    app.frame(1 / 60)
    assert idea_text(CLASSIC) in seen and deal_text(CLASSIC) in seen
    assert "Two turns worked through (3 players)" in seen


def test_card_values_and_hand_sizes_follow_the_points_table() -> None:
    rows = card_values(CLASSIC)
    assert rows[0] == ("Card", "2 players", "3 players", "4 players")
    by_label = {r[0]: r[1:] for r in rows}
    assert by_label["A♠"] == ("0", "30", "30")
    assert by_label["A♣"] == ("0", "0", "40")
    assert by_label["Pack total"] == tuple(str(CLASSIC.pack_total(n)) for n in (2, 3, 4))
    assert by_label["Tie score (total ÷ players)"] == ("105", "80", "70")
    numbers = [int(n) for n in re.findall(r"\d+", deal_text(CLASSIC))]
    assert numbers[:3] == [CLASSIC.hand_size(n) for n in (2, 3, 4)]
    assert 52 - CLASSIC.hand_size(2) * 2 - CLASSIC.layout_size(2) in numbers


def test_the_sentences_change_with_the_scoring_table() -> None:
    frog = RuleSet.of("red-frog")
    scoring = scoring_cards(frog, 2)
    assert scoring and not any(c.is_red for c in scoring)
    assert "♥" not in tagline(frog, 2) and "♠" in tagline(frog, 2)
    assert f"{frog.pack_total(4)} points in the pack" in count_explanation(frog, 4)
    page = rules_page(frog, 2)
    assert ("text", idea_text(frog)) in page
    assert len(scoring_cards(CLASSIC, 4)) == sum(1 for c in ALL_CARDS if c.is_red) + 2
