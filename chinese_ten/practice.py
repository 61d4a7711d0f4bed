"""Positions to practise: a reviewed deal's mistakes and blunders, each to be solved again from the seat's view.

As "learn from your mistakes" does in a chess program, every decision of the person that a review
marked a mistake or a blunder becomes a :class:`PracticePosition`: the deal record up to that
decision, the seat, and the review's judgement of it (every option with its expected margin). An
answer is right when its option's expected margin stands within the "best" step of the best option's
(less than :data:`~chinese_ten.engine.judging.INACCURACY` times the decision's scale below it) — the
same line the review draws between a decision marked best and an inaccuracy.

Both games' decisions become positions: Chinese Ten's (:class:`PracticePosition`: a card to play, or the
card a played or turned card takes) and Chinese Go Fishing's (:class:`FishingPosition`: a card to play with
the family of sets it takes, every family its value may take an option of its own, as the review counts
them). The person answers with an option (:meth:`PracticePosition.options_for` lists those a hand card
or a layout card stands for); each position judges it by its review's evaluation.

Positions are kept with the matches (:mod:`chinese_ten.matchstore`) in the JSON form of their
``to_json``, naming their game, which :func:`position_from_json` reads back exactly or refuses in one line.
"""

from __future__ import annotations
from typing import Any, Final

from chinese_ten.engine.judging import Reviewed
from chinese_ten.engine.practice import FORMAT, PRACTISED, Decided, Judged, read_head
from chinese_ten.games import GAMES as REGISTERED

__all__ = ["FORMAT", "GAMES", "PRACTISED", "Decided", "Judged", "Position", "position_from_json", "positions_from"]

GAMES: Final[tuple[str, ...]] = tuple(name for name, spec in REGISTERED.items() if spec.practice is not None)
"""The games whose decisions can be practice positions."""

Position = Any
"""A practice position of any game (its game's class: see :class:`Judged`)."""


def position_from_json(data: Any) -> Position:
    """The position of any game its ``to_json`` wrote, by the game it names; ``ValueError`` with one line
    when ``data`` is not such a position."""
    game = data.get("game") if isinstance(data, dict) else None
    spec = REGISTERED.get(game) if isinstance(game, str) else None
    if spec is None or spec.practice is None:
        read_head(data, "", GAMES)  # names what is wrong: the shape, the format or the game
        raise ValueError(f"a practice position's game must be one of {', '.join(GAMES)}, not {game!r}")
    return spec.practice_class().from_json(data)


def positions_from(record: dict[str, Any], review: Reviewed[Any]) -> tuple[Position, ...]:
    """The practice positions a reviewed deal of either game gives: one for each of the review seat's
    decisions marked a mistake or a blunder, each with the record cut at that decision. A decision the
    record does not reach (the review was of another deal, or of the other game) gives none."""
    found: list[Position] = []
    turns = record.get("turns", [])
    if not isinstance(turns, list):
        return ()
    spec = next((s for s in REGISTERED.values() if s.record_format == record.get("format")), None)
    kind = spec.practice_class() if spec is not None else None
    if kind is None or not isinstance(review, kind.REVIEW):
        return ()
    for judgement in review.decisions:
        if judgement.label not in PRACTISED:
            continue
        cut = judgement.turn - 1 if judgement.kind == "play" else judgement.turn
        prefix = {k: v for k, v in record.items() if k not in ("turns", "result")}
        prefix["turns"] = turns[:cut]
        position = kind(prefix, review.seat, judgement)
        try:
            position.check()
        except ValueError:
            continue
        found.append(position)
    return tuple(found)
