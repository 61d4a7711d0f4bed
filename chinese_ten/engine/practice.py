"""What a practice position of any game is made of: the deal replayed to the decision (:class:`Decided`), what a
position reads from the review's judgement of it (:class:`Judged`), how a kept one's head is read and how its key is
made. Each game's positions (``games/NAME/practice.py``) build on these; :mod:`chinese_ten.practice` finds them
through the registry."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from typing import Any, Final, Generic, TypeVar

from chinese_ten.engine.judging import INACCURACY, label_of, reason_text

C = TypeVar("C")
"""An option of a game's review (its ``Choice``)."""

FORMAT: Final[str] = "chinese-ten/practice-v1"
"""The format name every kept practice position carries."""

PRACTISED: Final[tuple[str, ...]] = ("mistake", "blunder")
"""The marks whose decisions become practice positions."""


@dataclass(frozen=True)
class Decided:
    """The deal replayed to a practice position: the deal as dealt, every event on the way, and the deal
    waiting for the seat's decision."""

    start: Any
    """The deal as dealt (a copy: nothing is played on it)."""
    events: tuple[Any, ...]
    """Every event from the deal to the decision, the opening ones left out (``start`` has them)."""
    deal: Any
    """The deal at the decision: the seat to move, or its card waiting for the take."""


class Judged(Generic[C]):
    """What a position to solve reads from the review's judgement of it, in either game: its turn, its
    options best first, the best, how far below the best an answer may stand and still be right, and its key."""

    record: dict[str, Any]
    seat: int
    game: str
    judgement: Any
    """The review's judgement (each game's ``Judgement``: turn, kind, options, best and scale)."""

    @property
    def kind(self) -> str:
        """What is decided: ``play`` (the card), ``take`` (the played card's take) or ``flip_take``."""
        return str(self.judgement.kind)

    @property
    def turn(self) -> int:
        """The decision's turn in the deal, counting from 1."""
        return int(self.judgement.turn)

    @property
    def options(self) -> tuple[C, ...]:
        """Every option, best first, each with its expected margin."""
        return tuple(self.judgement.options)

    @property
    def best(self) -> C:
        """The best option."""
        best: C = self.judgement.best
        return best

    @property
    def step(self) -> float:
        """How far below the best option's expected margin an answer may stand and still be right."""
        return INACCURACY * float(self.judgement.scale)

    @property
    def key(self) -> str:
        """What tells this position apart from every other: the same decision of the same deal has the same key."""
        return position_key(self.game, self.seat, self.turn, self.kind, self.record)

    def accepts_option(self, option: Any) -> bool:
        """True when answering with ``option`` is right: it stands within :attr:`step` of the best option."""
        best: Any = self.best
        return label_of(best.expected - option.expected, self.judgement.scale) == "best"

    def reason_for(self, option: Any) -> str | None:
        """Why the best option beats ``option``, in one sentence; None when it is right or the figures are not known."""
        best: Any = self.best
        if self.accepts_option(option) or option.figures is None or best.figures is None:
            return None
        return reason_text(self.words(best), best.expected, best.figures, self.words(option),
                           option.expected, option.figures, self.judgement.scale)

    @property
    def played(self) -> C:
        """The option first chosen at this decision, when the deal was played (the one the review marked), with
        its figures from the options when it was kept without them."""
        chosen: Any = self.judgement.chosen
        if chosen.figures is None:
            same: Any = next((o for o in self.options if self.same_option(o, chosen)), None)
            if same is not None and same.figures is not None:
                chosen = replace(chosen, figures=same.figures)
        played: C = chosen
        return played

    def reason_over_played(self, option: Any) -> str | None:
        """Why ``option`` beats the move first made here, in one sentence of the language in force (what a right
        answer is told); None when it is that move or the figures are not known."""
        played: Any = self.played
        if self.same_option(option, played) or option.figures is None or played.figures is None:
            return None
        return reason_text(self.words(option), option.expected, option.figures, self.words(played),
                           played.expected, played.figures, self.judgement.scale)

    def words(self, option: Any) -> str:
        """An option in words of the language in force (each game says its own)."""
        raise NotImplementedError

    def same_option(self, a: Any, b: Any) -> bool:
        """True when two options are one (each game counts its own)."""
        raise NotImplementedError


def read_head(data: Any, game: str, known: tuple[str, ...] = ()) -> tuple[int, dict[str, Any]]:
    """The seat and the record of a kept position of ``game``, its format and game checked (``ValueError``; a
    game not among ``known`` is named as unknown when ``known`` lists the games)."""
    if not isinstance(data, dict):
        raise ValueError(f"a practice position must be an object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise ValueError(f"a practice position's format must be {FORMAT!r}, not {data.get('format')!r}")
    if data.get("game") != game:
        if known and data.get("game") not in known:
            raise ValueError(f"a practice position's game must be one of {', '.join(known)}, not "
                             f"{data.get('game')!r}")
        raise ValueError(f"a practice position of {data.get('game')!r} is not one of {game!r}")
    seat, record = data.get("seat"), data.get("record")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise ValueError(f"a practice position's seat must be a seat number, not {seat!r}")
    if not isinstance(record, dict):
        raise ValueError("a practice position's record must be an object")
    return seat, record


def position_key(game: str, seat: int, turn: int, kind: str, record: dict[str, Any]) -> str:
    """The key of a position: the same decision of the same deal has the same key."""
    text = json.dumps([game, seat, turn, kind, record], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
