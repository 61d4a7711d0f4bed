"""Weighing sampled worlds by how well they explain the other seats' past plays.

:class:`~chinese_ten.games.ten.players.worlds.Position` deals each unseen card to an
opponent less often when one past play suggests it lacks it, card by card. This module
judges a whole sampled world at once: it gives every other seat, at each of its past
turns, the hand it would have held in that world (its sampled hand now plus the cards it
has played since) and asks whether the reference heuristic (Normal: the biggest capture,
else the cheapest card to lay down) would have played the card it did. A world in which
an opponent's play was not that player's choice is kept with weight ``slip`` per such
play, so a world that explains every play counts most, and an opponent that plays
otherwise than the model (a person, a searching computer) only flattens the weights.

Everything is read from the seat's view: the layouts and the cards seen before each past
turn follow from the public history.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from chinese_ten.games.ten.players.worlds import Position
from chinese_ten.games.ten.rules import CARD_PARTNER
from chinese_ten.games.ten.view import SeatView

SLIP: float = 0.15
"""The weight of a world per past play of an opponent that the model would not have made."""


@dataclass(frozen=True)
class PastTurn:
    """One past turn of another seat, as that seat saw the table before it played."""

    seat: int
    played: int
    captured: bool
    later: tuple[int, ...]
    """The cards the seat played at this turn and after it (in its hand at this turn)."""
    gains: tuple[int | None, ...]
    """Per rank of an entering card, the best points its capture added beyond the card (None: none)."""
    seen: tuple[int, ...]
    """Per rank, the cards that had lain face up before this turn."""


def _gains(view: SeatView, layout: list[int]) -> tuple[int | None, ...]:
    pts = view.points_table
    rules = view.rules
    out: list[int | None] = []
    for r in range(13):
        gain = rules.capture_gain(r * 4, rules.candidates(r * 4, layout), pts)
        out.append(None if gain is None else gain - pts[r * 4])
    return tuple(out)


def past_turns(view: SeatView) -> list[PastTurn]:
    """Every past turn of a seat other than the view's, with what the model needs to judge it."""
    entered: list[int] = []
    for turn in view.turns:
        entered.append(int(turn.play))
        if turn.flip is not None:
            entered.append(int(turn.flip))
    seen = [0] * 13
    for card in view.seen:
        seen[card >> 2] += 1
    for c in entered:
        seen[c >> 2] -= 1
    layout = [int(c) for c in view.opening_layout]
    out: list[PastTurn] = []
    turns = view.turns
    for k, turn in enumerate(turns):
        play = int(turn.play)
        if turn.seat != view.seat:
            later = tuple(int(t.play) for t in turns[k:] if t.seat == turn.seat)
            out.append(PastTurn(turn.seat, play, bool(turn.take), later, _gains(view, layout), tuple(seen)))
        seen[play >> 2] += 1
        _enter(layout, play, turn.take)
        if turn.flip is not None:
            seen[turn.flip >> 2] += 1
            _enter(layout, int(turn.flip), turn.flip_take)
    return out


def _enter(layout: list[int], card: int, take: tuple[int, ...]) -> None:
    if take:
        for x in take:
            layout.remove(int(x))
    else:
        layout.append(card)


def model_would_play(turn: PastTurn, hand: list[int], pts: tuple[int, ...], big: float) -> bool:
    """True when the reference heuristic, holding ``hand``, could have played ``turn.played``."""
    gains = turn.gains
    best = -1
    for x in hand:
        g = gains[x >> 2]
        if g is not None and pts[x] + g > best:
            best = pts[x] + g
    if turn.captured:
        g = gains[turn.played >> 2]
        return g is not None and pts[turn.played] + g == best
    if best >= 0:
        return False
    held = [0] * 13
    for x in hand:
        held[x >> 2] += 1
    seen = turn.seen
    key = None
    chosen = -1
    for x in hand:
        p = CARD_PARTNER[x]
        exposed = seen[p] + held[p] < 4
        k = (1 if exposed and pts[x] >= big else 0, pts[x], 1 if exposed else 0, x)
        if key is None or k < key:
            key, chosen = k, x
    return chosen == turn.played


def world_weight(turns: list[PastTurn], hands: list[list[int]], pts: tuple[int, ...], big: float,
                 slip: float = SLIP) -> float:
    """How well one sampled world explains the other seats' past plays: ``slip`` per play it does not."""
    return float(slip ** unexplained(turns, hands, pts, big, len(turns)))


@dataclass
class WeighedPosition(Position):
    """A position whose worlds are drawn from a pool sampled as usual and weighed by :func:`world_weight`."""

    drawn: list[tuple[list[list[int]], list[int]]] | None = None

    @classmethod
    def weighed(cls, pos: Position, view: SeatView, rng: random.Random, worlds: int, pool: int,
                slip: float = SLIP) -> WeighedPosition:
        """``pos`` with ``worlds`` worlds drawn, in proportion to their weights, from ``pool`` sampled ones."""
        fields = {name: getattr(pos, name) for name in pos.__dataclass_fields__}
        out = cls(**fields)
        turns = past_turns(view)
        candidates = [pos.sample(rng) for _ in range(max(worlds, pool) if turns else worlds)]
        if turns:
            big = float(view.big_points)
            weights = [world_weight(turns, hands, pos.pts, big, slip) for hands, _ in candidates]
            candidates = rng.choices(candidates, weights, k=worlds)
        out.drawn = candidates
        return out

    def sample(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """The next drawn world (sampled afresh once they are used up)."""
        if self.drawn:
            return self.drawn.pop()
        return super().sample(rng)


@dataclass
class ConsistentPosition(Position):
    """A position whose worlds agree with every past play of the others under the reference heuristic: each
    world is the first of up to ``tries`` sampled as usual that explains them all (else the one that explains
    most), so a Normal opponent's worlds follow its whole history at the cost of a few samples a world."""

    turns: list[PastTurn] | None = None
    tries: int = 20
    big: float = 0.0

    @classmethod
    def of_view(cls, pos: Position, view: SeatView, tries: int) -> ConsistentPosition:
        """``pos`` sampling only worlds that explain the others' past plays, trying ``tries`` times a world."""
        fields = {name: getattr(pos, name) for name in Position.__dataclass_fields__}
        return cls(**fields, turns=past_turns(view), tries=tries, big=float(view.big_points))

    def sample(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """A world that explains every past play of the others, or the best of ``tries`` that none did."""
        world = super().sample(rng)
        turns = self.turns
        if not turns:
            return world
        best, best_misses = world, len(turns) + 1
        for k in range(self.tries):
            if k:
                world = super().sample(rng)
            misses = unexplained(turns, world[0], self.pts, self.big, best_misses)
            if not misses:
                return world
            if misses < best_misses:
                best, best_misses = world, misses
        return best


def unexplained(turns: list[PastTurn], hands: list[list[int]], pts: tuple[int, ...], big: float,
                enough: int) -> int:
    """How many of the others' past plays one world fails to explain, counted up to ``enough`` at most."""
    misses = 0
    for turn in turns:
        if not model_would_play(turn, hands[turn.seat] + list(turn.later), pts, big):
            misses += 1
            if misses >= enough:
                break
    return misses
