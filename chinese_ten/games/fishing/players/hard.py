"""Hard: determinized Monte Carlo search that never looks at hidden cards.

For each decision it samples worlds consistent with its seat's view: the cards it has
never seen are shuffled and dealt into the other hands (at their known sizes) and the
stock. It lists its options at the level of values (cards of equal value are
interchangeable: one option per value in the hand and distinct family it could take,
the richest kept when there are many), plays every option out to the end of the deal
in every world with the fast policy of :mod:`.rollout`, and keeps the option whose
result (its points won minus the mean of every seat's) is best on average. Every
option meets the same worlds and the same rollout noise.

The effort is a count of simulated turns, not a clock: ``think_ms`` times
:data:`TURNS_PER_MS` (the rollout speed measured on a modest machine), so the same
view and seed give the same decision on any computer, however busy.
"""

from __future__ import annotations

import random
from collections import Counter

from chinese_ten.engine.judging import Figures, HintBasis, HintOption, add_tally, clear_tallies, hint_basis
from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing.legal import (
    KEY_STEP,
    Shape,
    assign_cards,
    family_points,
    layout_counts,
    layout_key,
    usage_of,
    value_families,
)
from chinese_ten.games.fishing.rules import CARD_VALUE, VALUE_POINTS, stake_scale
from chinese_ten.games.fishing.view import FishingView
from chinese_ten.games.fishing.players.rollout import NOISE, Traced, best_capture, enter, rollout

DEFAULT_THINK_MS: int = 100
"""The thinking time Hard uses unless told otherwise: about 60,000 simulated turns, a tenth of a
second on a modest machine, which keeps its slowest decisions under a second on a busy one."""

TURNS_PER_MS: int = 600
"""Simulated turns per millisecond of thinking (the rollout speed on a modest machine)."""

MIN_WORLDS: int = 8
"""The fewest worlds a decision with a real choice samples."""

MAX_WORLDS: int = 2000
"""The most worlds a decision samples, however short the rest of the deal."""

MAX_CAPTURES: int = 8
"""The most capturing options searched (the richest); every way to lay a card down is searched too."""

# An option: the value played, the family it takes (value level; () to lay it down).
_Option = tuple[int, tuple[Shape, ...]]


def options_of(view: FishingView) -> list[_Option]:
    """The distinct value-level choices of the view's seat: every way to lay a value down, the richest captures."""
    counts = layout_counts(view.layout)
    lays: list[_Option] = []
    captures: list[tuple[int, _Option]] = []
    for value in sorted({CARD_VALUE[c] for c in view.hand}):
        families = value_families(value, counts)
        lays.append((value, ()))
        for family in families[1:]:
            captures.append((family_points(family) + VALUE_POINTS[value], (value, family)))
    captures.sort(key=lambda x: -x[0])  # stable: the enumeration order breaks ties
    return [o for _, o in captures[:MAX_CAPTURES]] + lays


class HardPlayer:
    """Determinized Monte Carlo search over sampled hidden hands and stock."""

    name = "hard"
    noise: float = NOISE
    """How often the seat itself plays a random card in the play-outs."""
    other_noise: float | None = None
    """How often every other seat does (None: as often as the seat itself)."""

    def __init__(self, think_ms: int = DEFAULT_THINK_MS) -> None:
        """A Hard player thinking for about ``think_ms`` milliseconds a decision."""
        self.think_ms = think_ms

    def act(self, view: FishingView, rng: random.Random) -> FishingAction:
        """The option whose sampled play-outs end best on average, as a card and its sets."""
        return self.explained(view, rng, explain=False)[0]

    def explained(self, view: FishingView, rng: random.Random,
                  explain: bool = True) -> tuple[FishingAction, HintBasis | None]:
        """The action :meth:`act` takes with ``rng`` and (with ``explain``) what the search measured of it and
        of the next best option (a hint's reason), the figures as a review's: a lone option is measured too."""
        options = options_of(view)
        best = 0
        basis: HintBasis | None = None
        if len(options) > 1 or explain:
            detail: list[list[float]] | None = [] if explain else None
            worlds = self.worlds(view, len(options))
            totals = self.evaluate(view, options, random.Random(rng.getrandbits(64)), detail)
            best = max(range(len(options)), key=lambda i: (totals[i], -i))
            if detail is not None:
                now = float(view.margins[view.seat])
                actions = [self._action(view, option) for option in options]
                measured = [HintOption.of(a.card, a.sets, now + total / worlds,
                                          Figures(won / worlds, left / worlds, hits / worlds))
                            for a, total, (won, left, hits) in zip(actions, totals, detail)]
                basis = hint_basis(measured, stake_scale(view.seats), best)
        return self._action(view, options[best]), basis

    @staticmethod
    def _action(view: FishingView, option: _Option) -> FishingAction:
        """An option as the action that plays it: the lowest card of its value, and its sets."""
        value, family = option
        card = min(c for c in view.hand if CARD_VALUE[c] == value)
        return FishingAction(card, assign_cards(family, view.layout) if family else ())

    def worlds(self, view: FishingView, options: int) -> int:
        """How many worlds this decision samples for this many options."""
        turns_left = max(1, sum(view.hand_sizes) + view.stock_left)
        budget = max(1, self.think_ms) * TURNS_PER_MS
        return max(MIN_WORLDS, min(MAX_WORLDS, budget // (options * turns_left)))

    def evaluate(self, view: FishingView, options: list[_Option], rng: random.Random,
                 detail: list[list[float]] | None = None, squares: list[float] | None = None,
                 lines: list[Counter[tuple[Traced, ...]]] | None = None, line_turns: int = 2) -> list[float]:
        """Per option, its summed result over the sampled worlds: the seat's points won minus the mean of all seats'.

        With ``detail`` (a review's reasons), each option's entry is set to three sums over the same worlds:
        the points the seat won in this turn, the most points the next seat could then win at once, and the
        number of worlds in which it could win any. With ``squares``, each option's entry is set to the sum over
        the worlds of the square of its result in each (for a standard error). With ``lines`` (a review's likely
        line), each option's entry is set to a count, over the worlds, of how play went on: the next
        ``line_turns`` turns of the play-out, each the seat, the value it played and what it took
        (:data:`~chinese_ten.games.fishing.players.rollout.Traced`)."""
        me = view.seat
        seats = view.seats
        unseen = sorted(view.unseen)
        others = [s for s in range(seats) if s != me]
        mine = [CARD_VALUE[c] for c in view.hand]
        counts0 = layout_counts(view.layout)
        key0 = layout_key(view.layout)
        takes = [(usage_of(f), sum(KEY_STEP[v] * k for v, k in usage_of(f)), family_points(f)) for _, f in options]
        after = (me + 1) % seats
        totals = [0.0] * len(options)
        clear_tallies(len(options), 0.0, detail, squares, lines)
        trace: list[Traced] | None = [] if lines is not None else None
        traced = line_turns if lines is not None else 0
        noise = random.Random()
        for _ in range(self.worlds(view, len(options))):
            cards = [CARD_VALUE[c] for c in unseen]
            rng.shuffle(cards)
            hands: list[list[int]] = [[] for _ in range(seats)]
            hands[me] = mine
            i = 0
            for s in others:
                n = view.hand_sizes[s]
                hands[s] = cards[i:i + n]
                i += n
            stock = cards[i:i + view.stock_left]
            seed = rng.getrandbits(32)
            for o, (value, _) in enumerate(options):
                usage, drop, taken = takes[o]
                hs = [h[:] for h in hands]
                hs[me].remove(value)
                counts = counts0[:]
                st = stock[:]
                won = [0] * seats
                key = enter(counts, key0, value, usage, drop)
                if usage:
                    won[me] = taken + VALUE_POINTS[value]
                if st:
                    hs[me].append(st.pop())
                if detail is not None:
                    exposed = best_capture(hs[after], counts, key, st) if after != me else 0
                    row = detail[o]
                    row[0] += won[me]
                    row[1] += exposed
                    row[2] += exposed > 0
                noise.seed(seed)
                if trace is not None:
                    trace.clear()
                rollout(hs, counts, key, st, after, noise, won, self.noise, self.other_noise, me, trace, traced)
                result = won[me] - sum(won) / seats
                add_tally(o, result, totals, squares, lines, trace)
        return totals
