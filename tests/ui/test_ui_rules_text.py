"""Every sentence that states a rule or a number matches the rules in force at 2, 3 and 4 seats."""

from __future__ import annotations

import re

import pygame
import pytest

from chinese_ten.cards import ALL_CARDS
from chinese_ten.games.ten.rules import CLASSIC, RuleSet
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App, DemoOptions
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.games.ten.helppages import card_values
from chinese_ten.ui.scenes.help import HelpScene, rules_page
from chinese_ten.games.ten.texts import count_explanation, deal_text, idea_text, scoring_cards, tagline
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.ui.kit.text import TextPainter
from chinese_ten.engine.thinking import ComputerThinker

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


# ---------------------------------------------------------------- every preset

from chinese_ten.games.ten.deal import Deal  # noqa: E402
from chinese_ten.games.ten.rules import PRESETS  # noqa: E402
from chinese_ten.games.ten.helppages import card_value_groups, example_pile, example_text  # noqa: E402
from chinese_ten.games.ten.texts import (  # noqa: E402
    lead_text,
    number_text,
    order_text,
    tie_score_text,
    turns_text,
    winning_text,
)

EVERY_PRESET = [RuleSet.of(name) for name in PRESETS]


@pytest.mark.parametrize("rules", EVERY_PRESET, ids=list(PRESETS))
def test_every_card_value_cell_says_the_points_of_every_card_it_covers(rules: RuleSet) -> None:
    groups = card_value_groups(rules)
    covered = [c for _label, cards in groups for c in cards]
    assert sorted(covered) == sorted(ALL_CARDS), "each card is in exactly one row"
    rows = card_values(rules)
    assert rows[0][1:] == tuple(f"{n} players" for n in rules.seat_counts())
    for (label, cards), row in zip(groups, rows[1:]):
        assert row[0] == label
        for n, cell in zip(rules.seat_counts(), row[1:]):
            points = [rules.points_table(n)[int(c)] for c in cards]
            if cell == "face value":
                assert points == [c.rank for c in cards]
            else:
                assert [int(x) for x in cell.split(" / ")] in ([points[0]], points)
                assert len(set(points)) == 1 or " / " in cell
    by_label = {r[0]: r[1:] for r in rows}
    assert by_label["Pack total"] == tuple(str(rules.pack_total(n)) for n in rules.seat_counts())
    assert by_label["Tie score (total ÷ players)"] == tuple(number_text(rules.tie_score(n))
                                                           for n in rules.seat_counts())


@pytest.mark.parametrize("rules", EVERY_PRESET, ids=list(PRESETS))
def test_the_numbers_in_the_sentences_are_the_rules_own(rules: RuleSet) -> None:
    for seats in rules.seat_counts():
        tie = number_text(rules.tie_score(seats))
        assert f"{rules.pack_total(seats)} points in the pack ÷ {seats} players = tie score {tie}" in \
            count_explanation(rules, seats)
        assert tie_score_text(rules, seats) == f"Tie score {tie}"
        if rules.tie_score(seats).denominator != 1:
            assert tie == f"{float(rules.tie_score(seats)):.1f}", "one decimal where the tie is not whole"
        assert lead_text(rules, seats) == ("You deal and lead the first deal." if rules.lead == "dealer"
                                           else "You lead the first deal.")
    turns = [Deal.from_seed(n, 0, rules=rules).total_turns for n in rules.seat_counts()]
    assert all(str(t) in turns_text(rules) for t in turns)
    pile = example_pile(rules)
    assert all(rules.points_table(max(rules.seat_counts()))[int(c)] for c in pile)
    for seats in {max(rules.seat_counts()), min(rules.seat_counts())}:
        points = sum(rules.points_table(seats)[int(c)] for c in pile)
        assert f"{points} points at {seats} players" in example_text(rules)
    page = rules_page(rules, min(rules.seat_counts()))
    assert ("text", idea_text(rules)) in page and ("text", deal_text(rules)) in page
    assert ("text", order_text(rules)) in page
    assert any(kind == "text" and winning_text(rules) in str(text) for kind, text in page)


def test_the_rule_sentences_follow_each_option() -> None:
    assert "counter-clockwise" in order_text(RuleSet.of("target"))
    assert "The dealer plays first" in order_text(RuleSet.of("taiwan"))
    assert "lowest scorer" in order_text(RuleSet.of("play-red"))
    assert "tie score in the last deal" in winning_text(RuleSet.of("target"))
    assert "highest total" in winning_text(CLASSIC)
    assert "thrown in" in str(rules_page(RuleSet.of("play-red"), 2))
    assert "turned from the stock" in str(rules_page(RuleSet.of("target"), 2))
    assert "dealt up to 6 more" in deal_text(RuleSet.of("simplified"))
    assert tagline(RuleSet.of("red-frog"), 2) == "Pair your cards to ten and catch the black ones (♠ ♣) but A♣."
    assert idea_text(RuleSet.of("simplified")).count("Every card scores") == 1


def test_the_seven_takes_the_three_that_scores_more_under_the_rules_in_force() -> None:
    frog = str(rules_page(RuleSet.of("red-frog"), 2))
    assert "3♠ scores more: 0 + 3 = 3 points" in frog
    assert "3♥ scores more: 7 + 3 = 10 points" in str(rules_page(CLASSIC, 2))
    assert "they score the same" in str(rules_page(RuleSet.of("simplified"), 2))


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_start_screen_says_the_chosen_presets_rules(preset: str, window: pygame.Surface,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _drawn_texts(monkeypatch)
    rules = RuleSet.of(preset)
    seats = max(rules.seat_counts())
    app = App(window, Settings(computers=seats - 1, house_rules={"ten": preset}), None, None, ComputerThinker(force_inline=True))
    app.push(StartScene(app))
    app.frame(1 / 60)
    assert tagline(rules, seats) in seen
    assert any(t.startswith(f"{seats} seats,") and lead_text(rules, seats) in t for t in seen)
    assert PRESETS[preset].description in seen


@pytest.mark.parametrize("code", ["zh-Hans", "zh-Hant"])
@pytest.mark.parametrize("preset", ["classic", "taiwan", "simplified"])
def test_chinese_rule_sentences_run_together_without_a_stray_space(code: str, preset: str) -> None:
    from chinese_ten.i18n import catalog, language, use_language
    from chinese_ten.games.ten.texts import opening_text

    before = language()
    use_language(code, catalog(code))
    try:
        text = opening_text(RuleSet.of(preset))
    finally:
        use_language(before, catalog(before))
    assert "。" in text and "。 " not in text


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_rules_page_says_how_long_a_match_lasts_at_this_many_players(seats: int) -> None:
    page = " ".join(str(block[1]) for block in rules_page(CLASSIC, seats))
    assert f"one deal per player ({seats} here), two per player ({2 * seats}) or six deals" in page


def test_the_rules_page_says_a_tie_for_first_shares_the_win() -> None:
    page = " ".join(str(block[1]) for block in rules_page(CLASSIC, 2))
    assert "players tied on the highest total share the win" in page
    assert "shares the win" in " ".join(str(block[1]) for block in rules_page(RuleSet.of("target"), 2))
