"""The hand's keyboard focus follows the card, not the place (chinese_ten.ui.table.focus)."""

from __future__ import annotations

from chinese_ten.cards import Card
from chinese_ten.ui.table.focus import HandFocus


def _cards(text: str) -> list[Card]:
    return [Card.parse(code) for code in text.split()]


def test_the_focus_moves_with_its_card_when_the_hand_changes_and_stays_put_when_the_person_moves_it() -> None:
    focus = HandFocus()
    hand = _cards("2C 5H 9C KD")
    assert focus.follow(hand, 2) == 2
    assert focus.follow(hand, 1) == 1, "the person moved the focus: it stays where they put it"
    assert focus.follow(hand, 2) == 2
    assert focus.follow(_cards("2C 4S 5H 9C KD"), 2) == 3, "a drawn 4♠ sorted in before 9♣"
    assert focus.follow(_cards("4S 5H 9C KD"), 3) == 2, "2♣ played from before it"
    assert focus.follow(_cards("4S 5H KD"), 2) == 2, "the focused card itself played: the place stays"
    assert focus.follow(_cards("4S 5H KD"), None) is None
