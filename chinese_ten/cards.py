"""Playing cards as small immutable values.

A card is an ``int`` from 0 to 51 (``rank index * 4 + suit index``) wearing a
friendly face: it parses and prints the notation of the deal record, and it can
be used directly as an index into per-card tables, which keeps the engine fast.

>>> Card.parse("7♦")
Card.parse('7D')
>>> str(Card.parse("td"))
'10D'
>>> Card.parse("AS").rank, Card.parse("AS").suit
(1, 'S')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from chinese_ten.quote import quote

RANK_NAMES: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Rank names in rank order, ace low; index 0 is the ace."""

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
"""Suit letters in suit-index order: spades, hearts, diamonds, clubs."""

SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
"""The printed symbol of each suit letter."""

RED_SUITS: frozenset[str] = frozenset({"H", "D"})
"""Suits whose cards are red."""

_RANK_INPUT: dict[str, int] = {name: i for i, name in enumerate(RANK_NAMES)}
_RANK_INPUT["T"] = 9
_RANK_INPUT["1"] = 0
_SUIT_INPUT: dict[str, int] = {s: i for i, s in enumerate(SUITS)}
_SUIT_INPUT.update({sym: SUITS.index(s) for s, sym in SUIT_SYMBOLS.items()})
_SUIT_INPUT.update({"\u2664": 0, "\u2661": 1, "\u2662": 2, "\u2667": 3})


class CardError(ValueError):
    """A text that does not name a card."""


class Card(int):
    """One of the 52 cards; compares, hashes and indexes as its number 0–51."""

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        """Return the card with this number (0–51)."""
        try:
            return ALL_CARDS[index]
        except (IndexError, TypeError, NameError):
            if isinstance(index, int) and 0 <= index < 52:
                return super().__new__(cls, index)
            raise CardError(f"no card has number {index!r}") from None

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from notation such as ``10H``, ``th``, ``7♦`` or ``AS``."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError(f"not a card: {quote(text)}")
        s = text.strip().upper()
        if len(s) < 2 or s[:-1] not in _RANK_INPUT or s[-1] not in _SUIT_INPUT:
            raise CardError(f"not a card: {quote(text)}")
        if s[:-1] == "1":
            raise CardError(f"not a card: {quote(text)}")
        return ALL_CARDS[_RANK_INPUT[s[:-1]] * 4 + _SUIT_INPUT[s[-1]]]

    @property
    def rank(self) -> int:
        """The rank from 1 (ace) to 13 (king)."""
        return (int(self) >> 2) + 1

    @property
    def rank_name(self) -> str:
        """The rank as printed: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return RANK_NAMES[int(self) >> 2]

    @property
    def suit(self) -> str:
        """The suit letter: ``S``, ``H``, ``D`` or ``C``."""
        return SUITS[int(self) & 3]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return (int(self) & 3) in (1, 2)

    @property
    def pretty(self) -> str:
        """The card with its suit symbol, as a person reads it: ``7♦``."""
        return self.rank_name + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self.rank_name + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


ALL_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
"""Every card, indexed by its number: ``ALL_CARDS[i] == i``."""


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Read several cards; raises :class:`CardError` naming the first bad one."""
    return [Card.parse(t) for t in texts]


NOTATION: tuple[str, ...] = tuple(str(c) for c in ALL_CARDS)
"""Every card's notation, by its number (looked up rather than made: a server writes them in every frame)."""


def card_codes(cards: Iterable[int]) -> list[str]:
    """The canonical notation of each card, in order."""
    return [NOTATION[c] for c in cards]


def cards_from(values: Iterable[Any]) -> tuple[Card, ...]:
    """The cards a list of notations names, as a message carries it; :class:`CardError` names the first that is
    no card."""
    return tuple(Card.parse(str(v)) for v in values)


def pack_faults(cards: Iterable[int]) -> tuple[Card | None, tuple[Card, ...]]:
    """What keeps ``cards`` from being the whole pack once: the first card in it twice (None when none is), and
    every card of the pack it lacks, in order.

    >>> pack_faults([0, 1, 1])
    (Card.parse('AH'), ())
    >>> pack_faults(range(50))
    (None, (Card.parse('KD'), Card.parse('KC')))
    """
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            return ALL_CARDS[c], ()
        seen.add(c)
    return None, tuple(c for c in ALL_CARDS if c not in seen)


def rank_index(card: int) -> int:
    """The rank of a card as 0 (ace) to 12 (king)."""
    return card >> 2
