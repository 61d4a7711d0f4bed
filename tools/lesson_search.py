"""Search seeded two-seat deals for a guided deal ("Learn to play") whose every guided play is a best move.

Each candidate is a classic two-seat deal from a seed, dealt by seat 1 so that seat 0 (the person) leads.
The person's turns 1, 3, 5, 7, 9 and 11 must each show one idea of the lesson (making ten first, the
others in any order): making ten, a ten or court card taking its own rank, a choice between takes worth
different points (the better one taken), a card that takes nothing and is taken by the turned card for
the person, a compulsory capture, and a capture that scores. Each of those plays (and the choice's take)
must be marked best by the review (:mod:`chinese_ten.games.ten.review`): a quick judgement prunes the
search and the review itself, with the window's seed and effort, confirms a deal found. The other seat
plays as the Normal player would, or one of a few other cards where that lets an idea be shown. The rest
of the deal is played by the Normal player for both seats.

Run ``python tools/lesson_search.py [first seed] [how many]``; each deal found is printed as a line of
JSON (its seed, the order of the ideas and the record), each seed given up on as a line on stderr.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator

from chinese_ten.cards import Card
from chinese_ten.games.ten.deal import Action, Deal
from chinese_ten.games.ten.players.base import next_action
from chinese_ten.games.ten.players.normal import NormalPlayer
from chinese_ten.games.ten.record import record_of
from chinese_ten.games.ten.review import REVIEW_SEED, REVIEW_TURNS, _rng, judge_play, judge_take, review_record
from chinese_ten.games.ten.turns import Phase

PERSON = 0
GUIDED = ("ten", "own-rank", "compulsory", "turned", "choice", "scoring")
NORMAL = NormalPlayer()
QUICK_TURNS = REVIEW_TURNS // 10
"""The effort of the quick judgement that prunes the search."""
SLACK = 1.0
"""The most points a guided play may lose in the quick judgement (the review's best allows under 2)."""
OTHER_REPLIES = 2
"""How many of the other seat's cards besides the Normal player's are tried on its turns."""
MOST_JUDGED = 400
"""How many quick judgements the search of one seed may make before it gives the seed up."""
JUDGED = 0
"""How many quick judgements the search of the current seed has made."""
DEEPEST = 0
"""The furthest guided step the search of the current seed reached (for the report of a seed that failed)."""


def _court(card: Card) -> bool:
    return card.rank >= 10


def _shape(concept: str, deal: Deal, card: Card) -> bool:
    """Whether playing ``card`` now would show ``concept`` (before any judgement)."""
    cands = deal.candidates(card)
    if concept == "turned":
        return not cands
    if not cands:
        return False
    if concept == "choice":
        return len(cands) >= 2 and deal.choice_matters(card)
    if len(cands) != 1 or deal.choice_matters(card):
        return False
    take = cands[0]
    if concept == "ten":
        return card.rank <= 9 and card.rank + take.rank == 10
    if concept == "own-rank":
        return _court(card) and any(c.rank != card.rank for c in deal.layout)
    if concept == "compulsory":
        return card.rank <= 9
    if concept == "scoring":
        return deal.points_of(card) + deal.points_of(take) > 0
    raise ValueError(concept)


def _play_guided(concept: str, deal: Deal, card: Card) -> tuple[Deal, Card | None] | None:
    """The deal after the person's guided play of ``card`` and its flip, and the take chosen; None when
    the turn does not show the concept (the flip asked the person to choose, or did not take the card)."""
    after = deal.copy()
    after.apply(Action.play(card))
    take: Card | None = None
    if after.phase is Phase.CHOOSE:
        pending = after.pending
        assert pending is not None
        take = max(pending.candidates, key=lambda c: (after.points_of(c), -int(c)))
        after.apply(Action.choose(take))
    if after.phase is Phase.FLIP:
        top = after.peek_top()
        if top is not None and after.choice_matters(top):
            return None
        events = after.apply(Action.flip())
        if concept == "turned":
            from chinese_ten.games.ten.events import Captured
            capture = next((e for e in events if isinstance(e, Captured)), None)
            if capture is None or capture.seat != PERSON or capture.taken != (card,) or capture.points <= 0:
                return None
    return after, take


class OutOfEffort(Exception):
    """The search of one seed judged as many plays as it may."""


def _best(deal: Deal, card: Card, take: Card | None) -> bool:
    """Whether a quick review (a tenth of the window's effort, with some slack) likely marks the play of
    ``card`` (and its take, where it is a choice) best; :func:`confirmed` asks the real review at the end."""
    global JUDGED
    JUDGED += 1
    if JUDGED > MOST_JUDGED:
        raise OutOfEffort
    turn = deal.turn_number
    played = deal.view(PERSON)
    first = deal.candidates(card)
    judged = judge_play(played, card, take if take is not None else (first[0] if len(first) == 1 else None),
                        _rng(REVIEW_SEED, turn, "play"), turn, QUICK_TURNS)
    if judged.loss > SLACK:
        return False
    if take is not None:
        choosing = deal.copy()
        choosing.apply(Action.play(card))
        judged = judge_take(choosing.view(PERSON), take, _rng(REVIEW_SEED, turn, "take"), turn, QUICK_TURNS)
        return judged.loss <= SLACK
    return True


def _computer_moves(deal: Deal, rng: random.Random, want: Callable[[Deal, Card], bool] | None) -> Iterator[Deal]:
    """The deal after the other seat's turn: its Normal move first, then (where ``want`` picks some) the
    moves ``want`` likes."""
    seen: set[int] = set()
    firsts: list[Card] = []
    normal = next_action(NORMAL, deal.view(1), rng)
    assert normal.card is not None
    firsts.append(normal.card)
    if want is not None:
        firsts = [c for c in deal.hand(1) if want(deal, c)] + firsts
    else:
        firsts += [c for c in deal.hand(1) if c != normal.card][:OTHER_REPLIES]
    for card in firsts:
        if int(card) in seen:
            continue
        seen.add(int(card))
        after = deal.copy()
        after.apply(normal if card == normal.card else Action.play(card))
        _settle(after, rng)
        yield after


def _settle(deal: Deal, rng: random.Random) -> None:
    """Finish the turn under way with the Normal player's choices."""
    while not deal.is_over and deal.phase is not Phase.PLAY:
        _step(deal, rng)


def _step(deal: Deal, rng: random.Random) -> None:
    """One action of the deal: the flip, or the Normal player's move for the seat to act."""
    forced = deal.next_forced()
    if forced is not None:
        deal.apply(forced)
        return
    seat = deal.to_act
    assert seat is not None
    deal.apply(next_action(NORMAL, deal.view(seat), rng))


def _ten_takes_ten(deal: Deal, card: Card) -> bool:
    cands = deal.candidates(card)
    return _court(card) and len(cands) == 1 and cands[0].rank == card.rank


def search(deal: Deal, shown: tuple[str, ...], rng: random.Random) -> tuple[Deal, tuple[str, ...]] | None:
    """The deal played on from the person's turn after the guided steps that ``shown`` names to the end of
    the guided turns, with the order the concepts were shown in; None when no way is found. Making ten
    comes first; the other concepts may come in any order."""
    if len(shown) == len(GUIDED):
        return deal, shown
    global DEEPEST
    DEEPEST = max(DEEPEST, len(shown))
    left = [c for c in GUIDED if c not in shown] if shown else [GUIDED[0]]
    for concept in left:
        for card in sorted(set(deal.hand(PERSON)), key=int):
            if not _shape(concept, deal, card):
                continue
            played = _play_guided(concept, deal, card)
            if played is None:
                continue
            after, take = played
            if not _best(deal, card, take):
                continue
            now = (*shown, concept)
            if len(now) == len(GUIDED):
                return after, now
            want = _ten_takes_ten if "own-rank" not in now else None
            for reply in _computer_moves(after, rng, want):
                found = search(reply, now, rng)
                if found is not None:
                    return found
    return None


def _shown_ten(deal: Deal) -> bool:
    last = deal.turns[-1]
    return _court(last.play) and len(last.take) == 1 and last.take[0].rank == last.play.rank


def _partners(a: Card, b: Card) -> bool:
    return a.rank == b.rank if _court(a) else a.rank + b.rank == 10


def promising(deal: Deal) -> bool:
    """Cheap necessary signs of a deal that can show the concepts: a ten to make at once, and a card in the
    person's hand that the seventh turned card pairs, one of the two red."""
    hand = deal.hand(PERSON)
    if not any(c.rank <= 9 and len(deal.candidates(c)) == 1 and not deal.choice_matters(c) for c in hand):
        return False
    return any((c.is_red or turned.is_red) and _partners(c, turned)
               for turned in deal.stock[2:2 * len(GUIDED) - 1:2] for c in hand)


def finish(deal: Deal, rng: random.Random) -> Deal:
    """The deal played to its end by the Normal player for both seats."""
    while not deal.is_over:
        _step(deal, rng)
    return deal


def confirmed(record: dict[str, object]) -> bool:
    """Whether the review, with the window's seed and effort, marks every guided decision best."""
    guided = 2 * len(GUIDED) - 1
    review = review_record({**record, "turns": record["turns"][:guided]}, PERSON)  # type: ignore[index]
    return all(d.label == "best" for d in review.decisions)


def main(argv: list[str]) -> int:
    """Try the seeds asked for and print every deal found as a record."""
    first = int(argv[0]) if argv else 0
    count = int(argv[1]) if len(argv) > 1 else 100
    for seed in range(first, first + count):
        deal = Deal.from_seed(2, seed, dealer=1)
        if deal.to_move != PERSON or not promising(deal):
            continue
        rng = random.Random(seed)
        global DEEPEST, JUDGED
        DEEPEST = JUDGED = 0
        try:
            found = search(deal, (), rng)
        except OutOfEffort:
            found = None
        if found is not None:
            record = record_of(finish(found[0], rng))
            if not confirmed(record):
                print(f"# seed {seed}: not confirmed by the review", file=sys.stderr, flush=True)
                continue
            print(json.dumps({"seed": seed, "concepts": found[1], "record": record}), flush=True)
        else:
            print(f"# seed {seed}: none past step {DEEPEST}", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
