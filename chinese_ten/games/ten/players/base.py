"""What a computer player is: a function of one seat's view and a random source."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from chinese_ten.cards import Card
from chinese_ten.games.ten.deal import Action
from chinese_ten.games.ten.turns import Phase
from chinese_ten.games.ten.view import SeatView


@dataclass(frozen=True)
class Decision:
    """A card to play and, when it could take more than one card, which one."""

    play: Card
    take: Card | None = None

    def action(self) -> Action:
        """The decision as the engine applies it."""
        return Action.play(self.play, self.take)

    def to_json(self, seat: int) -> dict[str, object]:
        """The decision as ``advise`` prints it."""
        return {"seat": seat, "play": str(self.play), "take": None if self.take is None else str(self.take)}


class Player(Protocol):
    """A computer player. It sees only a :class:`SeatView`; equal views and seeds give equal decisions."""

    name: str

    def choose_play(self, view: SeatView, rng: random.Random) -> Decision:
        """The card to play (and its capture) for the seat to move."""
        ...

    def choose_take(self, view: SeatView, rng: random.Random) -> Card:
        """Which candidate the waiting card takes (``view.pending`` names it)."""
        ...

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """What the view's seat does next, whatever the phase."""
        ...


class TenPlayer:
    """What every Chinese Ten player shares: :meth:`act`, the game protocol's one entry, which asks
    :meth:`choose_play` or :meth:`choose_take` as the deal's phase needs."""

    name: str

    def choose_play(self, view: SeatView, rng: random.Random) -> Decision:
        """The card to play (and its capture) for the seat to move."""
        raise NotImplementedError

    def choose_take(self, view: SeatView, rng: random.Random) -> Card:
        """Which candidate the waiting card takes (``view.pending`` names it)."""
        raise NotImplementedError

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """What the view's seat does next (see :func:`next_action`)."""
        return next_action(self, view, rng)


def next_action(player: Player, view: SeatView, rng: random.Random) -> Action:
    """What the view's seat does next: its play, the flip (no decision), or its choice of take."""
    if view.phase is Phase.PLAY:
        return player.choose_play(view, rng).action()
    if view.phase is Phase.CHOOSE:
        return Action.choose(player.choose_take(view, rng))
    if view.phase is Phase.FLIP:
        return Action.flip()
    raise ValueError("the deal is over; there is nothing to decide")


def highest_take(view: SeatView) -> Card:
    """The waiting card's highest-scoring candidate, earliest on a tie."""
    pending = view.pending
    if pending is None:
        raise ValueError("no capture is waiting for a choice")
    pts = view.points_table
    best = pending.candidates[0]
    for c in pending.candidates:
        if pts[c] > pts[best]:
            best = c
    return best


def best_capture(view: SeatView) -> Card | None:
    """The hand card whose capture wins most (its points plus the best it takes), first on a tie; None if none captures."""
    best: Card | None = None
    best_total = -1
    for card in view.hand:
        if view.candidates(card):
            total = view.capture_points(card)
            if total > best_total:
                best, best_total = card, total
    return best
