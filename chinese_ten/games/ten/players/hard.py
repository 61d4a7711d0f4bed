"""Hard: determinized Monte Carlo search that never looks at hidden cards.

For each decision it samples worlds consistent with its seat's view (see
:mod:`chinese_ten.games.ten.players.worlds`), plays every sensible option out to the end
of the deal in every world with a fast policy (:mod:`chinese_ten.games.ten.players.rollout`)
and keeps the option with the best average result. All options meet the same
worlds and the same rollout noise, so their differences are not drowned by the
luck of the sampling.

The effort is a count of simulated turns, not a clock: ``think_ms`` times
:data:`TURNS_PER_MS` (the rollout speed measured on a modest machine), shared
out as whole worlds among the options, so the same view and random seed always
give the same decision on any computer, however busy it is.
"""

from __future__ import annotations

import random
from collections import Counter

from chinese_ten.cards import ALL_CARDS, Card
from chinese_ten.engine.judging import Figures, HintBasis, HintOption, add_tally, clear_tallies, hint_basis
from chinese_ten.games.ten.deal import Action
from chinese_ten.games.ten.rules import RuleSet, pack_scale
from chinese_ten.games.ten.view import SeatView
from chinese_ten.games.ten.players.base import Decision, TenPlayer, highest_take
from chinese_ten.games.ten.players.rollout import NOISE, LeanRules, best_capture, enter, rollout
from chinese_ten.games.ten.players.worlds import AVOID_WEIGHT, Position

DEFAULT_THINK_MS: int = 50
"""The thinking time Hard uses unless told otherwise.

At this effort a decision samples a hundred worlds or more (hundreds of rollouts),
already past the point where more search stops paying: over the same 1,000, 600 and
500 deal sets at 2, 3 and 4 seats it scored as 150 ms did, within the noise (README,
"strength"), and it answers three times sooner, which the 4-seat pace feels."""

TURNS_PER_MS: int = 1000
"""Simulated turns per millisecond of thinking (calibrated rollout speed)."""

OVERHEAD_TURNS: int = 6
"""The fixed cost of one rollout (copying a world) in simulated turns."""

MIN_WORLDS: int = 16
"""The fewest worlds any decision with a real choice samples."""

MAX_WORLDS: int = 4000
"""The most worlds a decision samples, however short the rest of the deal."""


# An option is (card to enter, points of the layout card it takes or None, the
# layout card named as the take or None).
_Option = tuple[int, "int | None", "Card | None"]


def _capture_options(rules: RuleSet, card: int, layout: tuple[Card, ...], pts: tuple[int, ...]) -> list[_Option]:
    """One option per distinct-points capture of an entering card (one if nothing or all alike)."""
    cands = rules.candidates(card, layout)
    if not cands:
        return [(card, None, None)]
    if rules.takes_all(card, cands):
        return [(card, None, ALL_CARDS[cands[0]])]
    by_pts: dict[int, Card] = {}
    for c in cands:
        by_pts.setdefault(pts[c], ALL_CARDS[c])
    if len(by_pts) == 1:
        (value, c), = by_pts.items()
        return [(card, value, c)]
    return [(card, value, c) for value, c in sorted(by_pts.items(), reverse=True)]


def play_options(view: SeatView) -> list[_Option]:
    """Every sensible play of the view's seat: one card of each kind (rank and points) in its hand, once per
    distinct-points capture it could make."""
    pts = view.points_table
    options: list[_Option] = []
    kinds: set[tuple[int, int]] = set()
    for card in view.hand:
        kind = (card >> 2, pts[card])
        if kind in kinds:
            continue  # same rank and points: interchangeable with one already listed
        kinds.add(kind)
        options.extend(_capture_options(view.rules, card, view.layout, pts))
    return options


class HardPlayer(TenPlayer):
    """Determinized Monte Carlo search over sampled hidden hands and stock."""

    name = "hard"

    def __init__(self, think_ms: int = DEFAULT_THINK_MS, avoid_weight: float = AVOID_WEIGHT) -> None:
        """A Hard player thinking for about ``think_ms`` milliseconds a decision."""
        self.think_ms = think_ms
        self.avoid_weight = avoid_weight
        self._explain = False
        self._basis: HintBasis | None = None

    def explained(self, view: SeatView, rng: random.Random) -> tuple[Action, HintBasis | None]:
        """The action :meth:`act` takes with ``rng`` and what the search measured of it and of the next best
        option (a hint's reason), the figures as a review's: a lone option is measured too."""
        self._explain, self._basis = True, None
        try:
            action = self.act(view, rng)
        finally:
            self._explain = False
        return action, self._basis

    def choose_play(self, view: SeatView, rng: random.Random) -> Decision:
        """The card (and capture) whose sampled rollouts end best on average."""
        options = play_options(view)
        if len(options) == 1 and not self._explain:
            chosen, _, take = options[0]
            return Decision(ALL_CARDS[chosen], take)
        best = self._search(view, rng, options, "play", view.layout)
        chosen, _, take = options[best]
        return Decision(ALL_CARDS[chosen], take)

    def choose_take(self, view: SeatView, rng: random.Random) -> Card:
        """Which candidate the waiting card takes, chosen by the same search."""
        pending = view.pending
        if pending is None:
            raise ValueError("no capture is waiting for a choice")
        pts = view.points_table
        options = _capture_options(view.rules, int(pending.card), pending.candidates, pts)
        if len(options) == 1 and not self._explain:
            return options[0][2] or highest_take(view)
        best = self._search(view, rng, options, pending.source, pending.candidates)
        if len(options) == 1:
            return options[0][2] or highest_take(view)
        take = options[best][2]
        assert take is not None
        return take

    def _search(self, view: SeatView, rng: random.Random, options: list[_Option], source: str,
                layout: tuple[Card, ...]) -> int:
        """The index of the option with the best mean result over shared sampled worlds (entering cards take
        from ``layout``); when explaining, what it measured is kept as the basis of a hint's reason."""
        local = random.Random(rng.getrandbits(64))
        worlds = world_count(view, len(options), max(1, self.think_ms) * TURNS_PER_MS, MIN_WORLDS, MAX_WORLDS)
        detail: list[list[int]] | None = [] if self._explain else None
        totals = self.totals(view, local, options, source, worlds, detail)
        best = 0
        for i in range(1, len(options)):
            if totals[i] > totals[best]:
                best = i
        if detail is not None:
            now = float(view.points[view.seat] - view.tie_score)
            measured = [HintOption.of(ALL_CARDS[card], _sets(view, card, take, layout), now + total / worlds,
                                      Figures(won / worlds, leaves / worlds, hits / worlds))
                        for (card, _pts, take), total, (won, leaves, hits) in zip(options, totals, detail)]
            self._basis = hint_basis(measured, pack_scale(view.rules, view.seats), best)
        return best

    def totals(self, view: SeatView, rng: random.Random, options: list[_Option], source: str,
               worlds: int, detail: list[list[int]] | None = None) -> list[int]:
        """Per option, the points the seat wins to the end of the deal summed over ``worlds`` sampled worlds
        (with ``detail``, each option's figures for a reason are added to it)."""
        return option_totals(view, Position.of(view, self.avoid_weight), rng, options, source, worlds, detail)


def _sets(view: SeatView, card: int, take: Card | None, layout: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """What an entering card takes when ``take`` is named: nothing, that card, or a whole triple, a set each."""
    if take is None:
        return ()
    cands = view.rules.candidates(card, layout)
    if view.rules.takes_all(card, cands):
        return tuple((ALL_CARDS[c],) for c in cands)
    return ((take,),)


def world_count(view: SeatView, options: int, budget: int, low: int, high: int) -> int:
    """How many worlds ``budget`` simulated turns buy for this many options, kept within ``low``..``high``."""
    lean = LeanRules.of(view.rules, view.seats)
    turns_left = max(1, sum(view.hand_sizes) + (view.stock_left // 2 if lean.redeal else 0))
    per_world = options * (turns_left + OVERHEAD_TURNS) + OVERHEAD_TURNS
    return max(low, min(high, budget // per_world))


def option_totals(view: SeatView, pos: Position, rng: random.Random, options: list[_Option],
                  source: str, worlds: int, detail: list[list[int]] | None = None,
                  noise: float = NOISE, other_noise: float | None = None, exact_at: int = 0,
                  squares: list[int] | None = None, lines: list[Counter[tuple[int, ...]]] | None = None,
                  line_turns: int = 2) -> list[int]:
    """Per option, the points the view's seat wins from now to the end of the deal, summed over ``worlds``.

    Every option meets the same sampled worlds and the same rollout noise.
    ``source`` names the decision: ``"play"`` (a card from the hand, or the
    take of a played card waiting in ``view.pending``) or ``"flip"`` (the take
    of the turned card). With ``detail`` (a review's reasons), each option's
    entry is set to three sums over the same worlds: the points the seat won
    in this turn, the most points the next seat could then win at once, and
    the number of worlds in which it could win any. With ``squares``, each option's entry is set to the sum
    over the worlds of the square of what it won in each (for a standard error). With ``lines``, each option's
    entry is set to a count, over the worlds, of how play went on: the card turned after the option (-1 for
    none) and then, for each of the next ``line_turns`` turns, the seat, the card it played and the card it
    turned (-1 for none). ``noise``, ``other_noise`` and ``exact_at`` are the rollout's (see
    :func:`~chinese_ten.games.ten.players.rollout.rollout`).
    """
    pts = pos.pts
    me = pos.me
    lean = LeanRules.of(view.rules, pos.seats)
    totals = [0] * len(options)
    after_seat = view.rules.next_seat(me, pos.seats)
    noise_rng = random.Random()
    clear_tallies(len(options), 0, detail, squares, lines)
    trace: list[int] | None = [] if lines is not None else None
    for _ in range(worlds):
        hands, stock = pos.sample(rng)
        seed = rng.getrandbits(32)
        for i, (card, take_pts, _) in enumerate(options):
            hs = [h[:] for h in hands]
            st = stock[:]
            lay = [g[:] for g in pos.lay]
            seen = pos.seen[:]
            if source == "play" and view.pending is None:
                hs[me].remove(card)
                seen[card >> 2] += 1
            won = enter(lay, card, take_pts, pts)
            if trace is not None:
                trace[:] = [st[-1] if source == "play" and st else -1]
            if source == "play" and st:
                f = st.pop()
                seen[f >> 2] += 1
                won += enter(lay, f, None, pts)
            if detail is not None:
                exposed = best_capture(hs[after_seat], lay, pts) if after_seat != me else 0
                row = detail[i]
                row[0] += won
                row[1] += exposed
                row[2] += exposed > 0
            noise_rng.seed(seed)
            got = won + rollout(hs, lay, st, seen, after_seat, me, lean, noise_rng, noise, other_noise,
                                exact_at, trace=trace, traced=line_turns)
            add_tally(i, got, totals, squares, lines, trace)
    return totals
