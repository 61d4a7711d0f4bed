"""Information-set Monte Carlo tree search for Chinese Ten, measured as a candidate model for Expert.

One tree over what the searching seat can observe, shared by every sampled world, instead
of Hard's flat search (every option played out in every world). Each iteration samples a
world from the seat's view (Expert's guess of the hidden hands), walks down the tree
choosing among the moves available in that world by UCB with availability counts (a
move is a card kind, rank and points, as Hard lists them; the seat's own first move is
one of Hard's options), adds one node, plays the rest of the deal out with Expert's
play-out policy and credits every seat on the way with the points it went on to win.
The turned stock card is chance: nodes do not branch on it (every seat sees it, but a
branch per card would leave the tree a single level deep at any affordable effort).

Two ways of treating the other seats:

- ``"tree"``: their moves are nodes too, chosen by UCB from their own point of view
  (the textbook single-observer ISMCTS);
- ``"model"``: they play Expert's model of them (the quick policy, steady) and their
  card is only observed, so the tree plans the seat's own later moves as functions of
  what the others played.

It decides from the seat's view alone. It lives here, not in the game, because it did not
measure better than Hard's flat search (``expert_tuning.md``).
"""

from __future__ import annotations

import math
import random

from chinese_ten.cards import ALL_CARDS
from chinese_ten.games.ten.players.base import Decision
from chinese_ten.games.ten.players.expert import EXPERT_AVOID_WEIGHT, ExpertPlayer
from chinese_ten.games.ten.players.hard import OVERHEAD_TURNS, TURNS_PER_MS, _Option, play_options
from chinese_ten.games.ten.players.rollout import CARD_RANK, NOISE, LeanRules, enter, rollout
from chinese_ten.games.ten.players.worlds import Position
from chinese_ten.games.ten.rules import CARD_PARTNER, SELF_PAIRING
from chinese_ten.games.ten.view import SeatView


class _Node:
    """One observed situation: its children by move, and per child the visits, availability and points."""

    __slots__ = ("children", "visits", "avail", "points")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.points = 0.0


def _kind(card: int, pts: tuple[int, ...]) -> int:
    """A card's kind as a tree's key: its rank and points (cards of one kind are interchangeable)."""
    return -1 - ((card >> 2) * 256 + pts[card])


def _ucb(child: _Node, scale: float) -> float:
    """A child's mean points plus UCB's bonus, counted over the iterations in which its move was available."""
    return child.points / child.visits + scale * math.sqrt(math.log(max(child.avail, 1)) / child.visits)


def _policy_card(hand: list[int], lay: list[list[int]], seen: list[int], lean: LeanRules) -> int:
    """The quick policy's card (the play-outs' choice without noise): the biggest capture, else the cheapest."""
    pts, big = lean.pts, lean.big
    best, card = -1, -1
    for x in hand:
        g = lay[CARD_PARTNER[x]]
        if g:
            v = pts[x] + (sum(g) if len(g) == 3 and SELF_PAIRING[CARD_PARTNER[x]] else max(g))
            if v > best:
                best, card = v, x
    if card >= 0:
        return card
    held = [0] * 13
    for x in hand:
        held[CARD_RANK[x]] += 1
    key = 1 << 30
    for x in hand:
        p = CARD_PARTNER[x]
        k = pts[x] * 2
        if seen[p] + held[p] < 4:
            k += 1 + (1000 if big[x] else 0)
        k = k * 64 + x
        if k < key:
            key, card = k, x
    return card


class IsmctsPlayer(ExpertPlayer):
    """Expert's model searched with one information-set tree instead of a flat search per world."""

    name = "ismcts"

    def __init__(self, think_ms: int = 150, opponents: str = "model", explore: float = 0.7) -> None:
        """A tree search thinking about ``think_ms`` milliseconds (in simulated turns); ``opponents`` is
        ``"tree"`` or ``"model"``; ``explore`` is UCB's constant in units of the pack's points."""
        super().__init__(think_ms)
        self.opponents = opponents
        self.explore = explore

    def _search(self, view: SeatView, rng: random.Random, options: list[_Option], source: str,
                layout: tuple) -> int:  # type: ignore[type-arg]
        """The index of the root option visited most."""
        if source != "play" or view.pending is not None:
            return super()._search(view, rng, options, source, layout)
        local = random.Random(rng.getrandbits(64))
        pos = Position.of(view, EXPERT_AVOID_WEIGHT, True)
        lean = LeanRules.of(view.rules, view.seats)
        turns_left = max(1, sum(view.hand_sizes) + (view.stock_left // 2 if lean.redeal else 0))
        iterations = max(16 * len(options), self.think_ms * TURNS_PER_MS // (turns_left + OVERHEAD_TURNS))
        scale = self.explore * view.rules.pack_total(view.seats) / view.seats
        root = _Node()
        for _ in range(iterations):
            self._iterate(root, pos, lean, options, local, scale)
        return max(range(len(options)), key=lambda i: (root.children[i].visits if i in root.children else -1))

    def _iterate(self, root: _Node, pos: Position, lean: LeanRules, options: list[_Option],
                 rng: random.Random, scale: float) -> None:
        """One walk down the tree in one sampled world, a play-out, and the points credited back up."""
        hands, stock = pos.sample(rng)
        lay = [g[:] for g in pos.lay]
        seen = pos.seen[:]
        pts = pos.pts
        seats, me = pos.seats, pos.me
        won = [0] * seats
        path: list[tuple[_Node, int]] = []
        node, seat, first, growing = root, me, True, True
        while growing and hands[seat]:
            take: int | None = None
            if seat == me or self.opponents == "tree":
                by_kind = {_kind(c, pts): c for c in hands[seat]}
                moves = list(range(len(options))) if first else list(by_kind)
                for m in moves:
                    known = node.children.get(m)
                    if known is not None:
                        known.avail += 1
                untried = [m for m in moves if m not in node.children]
                if untried:
                    key = untried[int(rng.random() * len(untried))]
                    node.children[key] = _Node()
                    node.children[key].avail = 1
                    growing = False  # one new node an iteration: after its move, the rest is played out
                else:
                    parent = node
                    key = max(moves, key=lambda m: _ucb(parent.children[m], scale))
                child = node.children[key]
                path.append((child, seat))
                card, take = (options[key][0], options[key][1]) if first else (by_kind[key], None)
            else:
                card = _policy_card(hands[seat], lay, seen, lean)
                key = _kind(card, pts)  # the others' card, observed: the seat's next node hangs on it
                child = node.children.get(key) or node.children.setdefault(key, _Node())
            node, first = child, False
            hands[seat].remove(card)
            seen[card >> 2] += 1
            got = enter(lay, card, take, pts)
            if stock:
                f = stock.pop()
                seen[f >> 2] += 1
                got += enter(lay, f, None, pts)
            won[seat] += got
            seat = (seat + lean.step) % seats
        if any(hands):
            tail = [0] * seats
            rollout(hands, lay, stock, seen, seat, me, lean, rng, NOISE, self.other_noise, into=tail)
            won = [a + b for a, b in zip(won, tail)]
        for child, mover in path:
            child.visits += 1
            child.points += won[mover]

    def choose_play(self, view: SeatView, rng: random.Random) -> Decision:
        """Hard's list of options, chosen among by the tree."""
        options = play_options(view)
        if len(options) == 1:
            return Decision(ALL_CARDS[options[0][0]], options[0][2])
        chosen, _, take = options[self._search(view, rng, options, "play", view.layout)]
        return Decision(ALL_CARDS[chosen], take)
