"""What every game's seat view holds alike: the part of one seat's knowledge of a deal that any game of
captures at a table of cards gives (the seat, the table, its own hand, what lies face up, the sizes of what
does not). Each game's view adds what else its rules let a seat know (:class:`~chinese_ten.games.ten.view.SeatView`,
:class:`~chinese_ten.games.fishing.view.FishingView`)."""

from __future__ import annotations

from dataclasses import dataclass

from chinese_ten.cards import ALL_CARDS, Card


@dataclass(frozen=True)
class CommonView:
    """One seat's knowledge of a deal at one moment, as far as every game's view holds it; never another hand
    nor the order of the stock, so a player built on it cannot peek."""

    seat: int
    """The seat that knows this."""
    seats: int
    """How many seats the deal has."""
    dealer: int
    """The seat that dealt."""
    hand: tuple[Card, ...]
    """The seat's own hand."""
    layout: tuple[Card, ...]
    """The cards face up on the table, in their slots' order."""
    piles: tuple[tuple[Card, ...], ...]
    """Each seat's captured cards, as their captures were announced."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    stock_left: int
    """How many cards the stock holds."""
    seen: frozenset[Card]
    """Every card that has lain face up: the dealt layout, every card turned and every card played."""

    @property
    def unseen(self) -> frozenset[Card]:
        """The cards this seat has never seen: the other hands and the stock, together."""
        mine = set(self.hand)
        return frozenset(c for c in ALL_CARDS if c not in mine and c not in self.seen)
