"""Expert: Hard's search with a sharper model of what it cannot see and of how the others play.

Hard's distance to a player that could see the other hands is not compute (more worlds
recover almost nothing): it is the model. Expert keeps Hard's search (every sensible
option played out in the same sampled worlds with the same rollout noise) and changes
the model where measurement pointed (``benchmarks/expert_tuning.py``, the figures in
the README's "strength" section):

- in the play-outs the other seats play the quick policy without noise (``other_noise``):
  a sensible opponent rarely leaves a capture on the table, and Expert's own future play
  keeps the noise that stops its search from trusting one line of play;
- the guess of the hidden hands trusts the others' past plays more (a smaller
  ``avoid_weight``: a seat that passed up a capture almost surely lacks the card) and
  also reads their lay-downs (``discards``: a seat that laid a card down holds nothing
  cheaper to give away; against Normal it rarely changes a world, against a person who
  lays down carelessly it can).

Measured and left off, because at equal effort they did not pay against Normal: worlds
weighed by how well they explain every past play of the others under the reference
heuristic (``pool``, :mod:`~chinese_ten.games.ten.players.inference`; the per-card guess
above already holds nearly all it knows), and an exact search of each play-out's last
turns (``exact_at``, :mod:`~chinese_ten.games.ten.players.endgame`). The see-the-hand
reference in ``benchmarks/seeing.py`` shows what is left: the value of the cards nobody
can infer.

It never looks at hidden cards: everything it reads is in its seat's view. Its effort
is counted in simulated turns, as Hard's is, so equal views and seeds give equal
decisions on any computer.
"""

from __future__ import annotations

import random

from chinese_ten.games.ten.view import SeatView
from chinese_ten.games.ten.players.hard import HardPlayer, _Option, option_totals
from chinese_ten.games.ten.players.inference import SLIP, ConsistentPosition, WeighedPosition
from chinese_ten.games.ten.players.rollout import NOISE
from chinese_ten.games.ten.players.worlds import Position

DEFAULT_THINK_MS: int = 150
"""The thinking time Expert uses unless told otherwise (in Hard's units of simulated turns)."""

EXPERT_AVOID_WEIGHT: float = 0.05
"""Relative chance of dealing an opponent a card its past plays suggest it lacks."""

OTHER_NOISE: float = 0.0
"""How often another seat plays a random card in Expert's play-outs."""

POOL: int = 1
"""Worlds sampled per world searched, to be weighed by how well they explain the others' plays (1: none)."""

TRIES: int = 0
"""Worlds sampled at most to find one that explains every past play of the others (0: the guess as it is)."""

EXACT_AT: int = 0
"""Cards left in the hands from which a play-out's last turns are searched exactly (0: never)."""


class ExpertPlayer(HardPlayer):
    """Hard's search over worlds guessed from captures and lay-downs, against steady opponents."""

    name = "expert"

    def __init__(self, think_ms: int = DEFAULT_THINK_MS, avoid_weight: float = EXPERT_AVOID_WEIGHT,
                 discards: bool = True, noise: float = NOISE, other_noise: float | None = OTHER_NOISE,
                 exact_at: int = EXACT_AT, pool: int = POOL, slip: float = SLIP, tries: int = TRIES) -> None:
        """An Expert player thinking for about ``think_ms`` milliseconds a decision."""
        super().__init__(think_ms, avoid_weight)
        self.discards = discards
        self.noise = noise
        self.other_noise = other_noise
        self.exact_at = exact_at
        self.pool = pool
        self.slip = slip
        self.tries = tries

    def totals(self, view: SeatView, rng: random.Random, options: list[_Option], source: str,
               worlds: int, detail: list[list[int]] | None = None) -> list[int]:
        """Per option, the points the seat wins to the end of the deal summed over ``worlds`` sampled worlds."""
        pos = Position.of(view, self.avoid_weight, self.discards)
        if self.tries and not view.rules.redeal_size:
            pos = ConsistentPosition.of_view(pos, view, self.tries)
        elif self.pool > 1 and not view.rules.redeal_size:
            pos = WeighedPosition.weighed(pos, view, rng, worlds, worlds * self.pool, self.slip)
        return option_totals(view, pos, rng, options, source, worlds, detail, self.noise, self.other_noise,
                             self.exact_at)
