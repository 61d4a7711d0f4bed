"""How a match is won is said by the game's own table adapter, so the match's end names no game."""

from __future__ import annotations

from chinese_ten.games import game_named
from chinese_ten.games.ten.rules import RuleSet
from chinese_ten.games.ten.texts import winning_text
from chinese_ten.ui.table.games import table_game


def test_only_a_match_played_to_the_tie_score_says_how_it_is_won() -> None:
    ten = table_game("ten")
    target = RuleSet.of("target")
    assert ten.winning_words(target) == winning_text(target) and "tie score" in winning_text(target)
    assert ten.winning_words(RuleSet.of("classic")) is None
    assert table_game("fishing").winning_words(game_named("fishing").default_rules) is None
