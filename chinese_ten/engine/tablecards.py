"""Where a deal's cards lie, read the one way every game's deal reads them.

A game's deal keeps its cards as numbers (a :class:`~chinese_ten.cards.Card` is one) in lists of its own:
each seat's hand, the layout in the order its cards joined it, the stock with its top card last (so a draw is
a pop), each seat's pile and every card that has lain face up. :class:`TableCards` reads them back as cards;
the deal gives what its rules add.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from chinese_ten.cards import ALL_CARDS, Card


class TableCards:
    """The readings of a deal's cards every game shares (a base of each game's deal, which holds the lists)."""

    __slots__ = ()

    _hands: Sequence[Sequence[int]]
    _layout: Sequence[int]
    _stock: Sequence[int]
    _piles: Sequence[Sequence[int]]
    _seen: Collection[int]

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards in a seat's hand, in the order dealt (the authority's knowledge: a seat sees only its own)."""
        return _cards(self._hands[seat])

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand."""
        return tuple(map(_cards, self._hands))

    @property
    def layout(self) -> tuple[Card, ...]:
        """The face-up layout, in the order its cards joined it."""
        return _cards(self._layout)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first."""
        return _cards(reversed(self._stock))

    @property
    def stock_left(self) -> int:
        """How many cards remain in the stock."""
        return len(self._stock)

    def pile(self, seat: int) -> tuple[Card, ...]:
        """The cards a seat has captured, in the order captured."""
        return _cards(self._piles[seat])

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's captured cards."""
        return tuple(map(_cards, self._piles))

    @property
    def seen(self) -> frozenset[Card]:
        """Every card that has lain face up: the dealt layout, every card played and every card turned."""
        return frozenset(_cards(self._seen))


def _cards(numbers: Iterable[int]) -> tuple[Card, ...]:
    """Cards kept as numbers, as cards."""
    return tuple(ALL_CARDS[c] for c in numbers)
