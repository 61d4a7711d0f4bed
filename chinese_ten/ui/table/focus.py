"""The keyboard focus in the person's hand follows the card focused, not the place it was in: when a draw or
a play re-sorts the hand, the same card keeps the focus."""

from __future__ import annotations

from collections.abc import Sequence

from chinese_ten.cards import Card


class HandFocus:
    """Remembers the hand and the card focused in it, to move the focus with the card when the hand changes."""

    def __init__(self) -> None:
        """Nothing focused yet."""
        self._hand: tuple[Card, ...] = ()
        self._card: Card | None = None

    def follow(self, hand: Sequence[Card], index: int | None) -> int | None:
        """The place to focus in ``hand`` now, given the place ``index`` focused: the same place while the hand
        is as it was (the person moved the focus), else the place the focused card went to (``index`` itself
        when the card has left the hand)."""
        cards = tuple(hand)
        if cards != self._hand and self._card is not None and self._card in cards and index is not None:
            index = cards.index(self._card)
        self._hand = cards
        self._card = cards[index] if index is not None and 0 <= index < len(cards) else None
        return index
