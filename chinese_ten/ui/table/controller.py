"""The table's conductor: it asks the engine and the computers for moves and
feeds the resulting events, one animation step at a time, to the board.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chinese_ten.cards import Card
from chinese_ten.engine.errors import IllegalMove
from chinese_ten.games.ten.deal import Action, Deal, Phase
from chinese_ten.games.ten.events import Event, Played, Redealt
from chinese_ten.i18n import N_, _
from chinese_ten.engine.match import Match, MatchLength
from chinese_ten.games.ten import SPEC as TEN
from chinese_ten.games.ten.players import Decision
from chinese_ten.games.ten.rules import CLASSIC, RuleSet
from chinese_ten.ui.table.animation import Step, StepFactory, finish_steps, run_steps
from chinese_ten.ui.table.board import Board
from chinese_ten.ui.table.choreography import REPLAY_PACE, Choreographer, Pace
from chinese_ten.ui.table.narration import Narration
from chinese_ten.ui.table.tableview import AnimatedDeal
from chinese_ten.engine.thinking import ComputerThinker

if TYPE_CHECKING:
    from chinese_ten.games.ten.tutorial import Guide

_log = logging.getLogger("chinese_ten.ui")

HINT_PLAYER = "hard"
"""The computer player whose decision is offered as a hint."""

SIDE_NAMES: dict[str, str] = {"bottom": N_("South"), "left": N_("West"), "top": N_("North"), "right": N_("East")}
"""What a computer is called, by the side of the table it sits on."""

STRENGTH_LABELS: dict[str, str] = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
"""Strength names as shown."""


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: a name and, for a computer, its strength."""

    name: str
    player: str | None

    @property
    def is_person(self) -> bool:
        """True for the person at the bottom."""
        return self.player is None


@dataclass(frozen=True)
class Preview:
    """What a hand card would do if played now."""

    card: Card
    candidates: tuple[Card, ...]
    triple: bool
    choice: bool
    gain: int
    gains: dict[Card, int]


def seat_infos(seats: int, strength: str, person: bool = True) -> list[SeatInfo]:
    """The seats of a table: the person at the bottom (unless ``person`` is False) and computers."""
    from chinese_ten.ui.table.geometry import SIDES

    infos = []
    for seat, side in enumerate(SIDES[seats]):
        if seat == 0 and person:
            infos.append(SeatInfo(_("You"), None))
        else:
            infos.append(SeatInfo(_(SIDE_NAMES[side]), strength))
    return infos


class TableController(AnimatedDeal):
    """One match at the table: engine state, animation queue and the computers' turns."""

    def __init__(self, seats: int, strength: str = "normal", length: str = "per-seat",
                 seed: int | str | None = None, pace: Pace | None = None, person: bool = True,
                 thinker: ComputerThinker | None = None, think_ms: int | None = None,
                 deals: int | None = None, rules: RuleSet = CLASSIC, guide: Guide | None = None) -> None:
        """A new match; the person (seat 0) leads the first deal. Every deal, seat and hint
        draws from its own stream of the match seed, as ``simulate`` does. With a ``guide`` the deal is
        the guided deal: the person's choices are kept to its suggestions and the computers play its record."""
        self.infos = seat_infos(seats, strength, person)
        self.names = [i.name for i in self.infos]
        match_length = MatchLength.fixed(deals) if deals else MatchLength.parse(length)
        self.match = Match(TEN, seats, match_length, first_dealer=rules.dealer_for_leader(0, seats), rules=rules,
                           seed=seed)
        self.streams = self.match.streams()
        self.pace = pace or Pace()
        self.thinker = thinker or ComputerThinker()
        self.think_ms = think_ms
        self.narration = Narration(self.names)
        self.choreo = Choreographer(self.narration, self.pace, frozenset({0}))
        self.generation = 0
        self.queue: deque[StepFactory] = deque()
        self.current: Step | None = None
        self.guide = guide
        self.deal: Deal = self._dealt()
        self.board = Board.as_dealt(self.deal)
        self.deal_number = 1
        self.deal_recorded = False
        self.actions: list[list[str]] = [[]]
        """Every action applied, deal by deal: with the seed, the whole match so far."""
        self.practice = False
        """True once a turn has been taken back: the match is kept as practice, apart from the statistics."""
        self.on_change: Callable[[str], None] | None = None
        """Told ``"action"`` after every move applied and ``"deal"`` when a finished deal is added to the match."""
        self._acted = False
        self._asked_seat: int | None = None
        self._asked: object | None = None
        self._answer: object | None = None
        self._waited = 0.0
        self._hint_tag: object | None = None
        self._turn_board: Board | None = None
        """The board as it stood when the last turn began to be shown (for showing it again)."""
        self._turn_events: list[Event] = []
        """Every event of the last turn shown, in order."""
        self.thinker.warm_up([i.player for i in self.infos if i.player])
        self._begin_deal()

    # ------------------------------------------------------------------ reading

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        return self.deal.seats

    @property
    def person_seat(self) -> int | None:
        """The person's seat, or None when computers fill every seat."""
        return 0 if self.infos[0].is_person else None

    @property
    def dealer(self) -> int:
        """The dealer of the deal at the table."""
        return self.deal.dealer

    @property
    def face_up(self) -> frozenset[int]:
        """The seats whose hands the table shows face up: the bottom seat's alone."""
        return frozenset({0})

    def points_of(self, card: Card) -> int:
        """What ``card`` scores in the deal at the table."""
        return self.deal.points_of(card)

    @property
    def deal_finished(self) -> bool:
        """True once the deal is over and fully shown."""
        return self.deal.is_over and not self.busy

    @property
    def person_to_play(self) -> bool:
        """True when the person may play a hand card now."""
        return (self.person_seat is not None and not self.busy and self.deal.phase is Phase.PLAY
                and self.deal.to_move == self.person_seat)

    @property
    def person_choice(self) -> tuple[Card, tuple[Card, ...]] | None:
        """The waiting card and its candidates when the person owes a capture choice (and it is shown)."""
        pending = self.deal.pending
        if self.busy or pending is None or pending.seat != self.person_seat:
            return None
        return pending.card, pending.candidates

    @property
    def match_in_progress(self) -> bool:
        """True from the first turn of a match until its last deal is over: something to lose."""
        return not self.match.is_over and (self.match.deals_played > 0 or bool(self.deal.turns))

    def is_thinking(self) -> bool:
        """True while a computer is deciding."""
        return self._asked is not None

    def preview(self, card: Card) -> Preview:
        """What playing ``card`` now would take, and the points it would win."""
        deal = self.deal
        cands = deal.candidates(card)
        triple = deal.is_triple(card)
        own = deal.points_of(card)
        gains = {c: own + deal.points_of(c) for c in cands}
        if triple:
            gain = own + sum(deal.points_of(c) for c in cands)
        elif cands:
            gain = max(gains.values())
        else:
            gain = 0
        return Preview(card, cands, triple, deal.choice_matters(card) if cands else False, gain, gains)

    def why_not(self) -> str | None:
        """Why the person cannot play a card right now, in words; None when they can."""
        deal = self.deal
        if self.person_seat is None:
            return _("The computers are playing this match.")
        if deal.is_over:
            return _("The deal is over.")
        if deal.phase is Phase.CHOOSE and deal.pending is not None and deal.pending.seat == self.person_seat:
            return _("First pick which card your {card} takes.").format(card=deal.pending.card.pretty)
        if deal.to_move != self.person_seat:
            if deal.to_move is None:
                return None
            return _("It's {name}'s turn, not yours.").format(name=self.names[deal.to_move])
        if deal.phase is Phase.FLIP or self.busy:
            return _("Wait a moment: the last move is still being played out.")
        return None

    # ------------------------------------------------------------------ acting

    def play(self, card: Card) -> str | None:
        """The person plays ``card``; returns why not when it cannot be played now."""
        reason = self.why_not()
        if reason is not None:
            return reason
        if card not in self.deal.hand(self.person_seat):  # type: ignore[arg-type]
            return _("That card is not in your hand.")
        if self.guide is not None and (refused := self.guide.refusal(self.deal, Action.play(card))):
            return refused
        self._hint_tag = None
        self._schedule(self._act(Action.play(card)))
        return None

    def choose(self, target: Card) -> str | None:
        """The person picks which candidate the waiting card takes."""
        choice = self.person_choice
        if choice is None:
            return _("There is no capture to choose right now.")
        if target not in choice[1]:
            return _("{card} cannot take {target}.").format(card=choice[0].pretty, target=target.pretty)
        if self.guide is not None and (refused := self.guide.refusal(self.deal, Action.choose(target))):
            return refused
        self._schedule(self._act(Action.choose(target)))
        return None

    def ask_hint(self) -> str | None:
        """Ask Hard what the person should do now (the card to play, or the card to take in a
        capture choice); returns why not when no hint can be given."""
        if self.person_seat is None:
            return _("The computers are playing this match.")
        choice = self.person_choice
        if not self.person_to_play and choice is None:
            return self.why_not() or _("A hint is for your turn.")
        if self.guide is not None and (wanted := self.guide.suggested(self.deal)) is not None:
            return _("Follow the guide: this step asks for the {card}.").format(card=wanted.pretty)
        tag = self._hint_wanted()
        if self._hint_tag != tag:
            # the computers' thinker is idle on the person's turn, so the hint borrows it
            self._hint_tag = tag
            self.thinker.ask(tag, "take" if choice is not None else "play", self.deal.view(self.person_seat),
                             HINT_PLAYER, self.think_ms, self.streams.hint_seed())
        return None

    def _hint_wanted(self) -> tuple[object, ...]:
        """The tag of a hint for the decision the person owes now: a play, or a take of a played or turned card."""
        pending = self.deal.pending
        owed = pending.source if pending is not None else "play-card"
        return ("hint", self.generation, self.deal_number, self.deal.turn_number, owed)

    @property
    def hint_pending(self) -> bool:
        """True while a hint is being thought about."""
        return self._hint_tag is not None

    def poll_hint(self) -> Decision | None:
        """The hint asked for, once it is ready and still fits the position; None otherwise.

        In a capture choice the hint is the waiting card with the candidate to take.
        """
        if self._hint_tag is None or self._asked is not None:
            return None
        got = self.thinker.poll()
        if got is None:
            return None
        tag, answer = got
        self._hint_tag = None
        if tag != self._hint_wanted():
            return None
        choice = self.person_choice
        if choice is not None:
            return Decision(choice[0], answer) if isinstance(answer, Card) and answer in choice[1] else None
        if not self.person_to_play or not isinstance(answer, Decision):
            return None
        return answer

    def replay_last_turn(self) -> str | None:
        """Show the last turn's movement again, slowly, leaving the deal as it is; returns why not when it cannot."""
        if self.busy:
            return _("Wait a moment: the last move is still being played out.")
        if self.person_choice is not None:
            return self.why_not()
        if self._turn_board is None or not self._turn_events:
            return _("There is no turn to show again yet.")
        live = self.board
        self.board = self._turn_board.copy()
        self.board.touch()
        again = Choreographer(Narration(self.names), REPLAY_PACE, self.choreo.face_up)

        def back(board: Board) -> Step:
            def end(_board: Board) -> None:
                self.board = live
                live.touch()
            return Step(0.0, on_end=end)
        self.queue.extend([*again.steps_for(self._turn_events), back])
        return None

    def take_back(self) -> str | None:
        """Take back the person's last turn of this deal with everything after it (the turned card, the
        computers' replies); returns why not when there is none. The cards stay as dealt, so the stock turns
        up the same cards again. The match becomes practice."""
        seat = self.person_seat
        if seat is None:
            return _("The computers are playing this match.")
        if self.deal.is_over:
            return _("The deal is over: a finished deal can't be taken back.")
        found = self._last_turn_of(seat)
        if found is None:
            return _("You have not played a card in this deal yet.")
        start, draws = found
        kept = self.actions[-1][:start]
        hints = self.streams.hints
        self.deal = self._dealt()
        self.board = Board.as_dealt(self.deal)
        self.actions[-1] = []
        self._begin_deal()
        self._replay(kept)
        # the computers' streams go back to where they stood, so the same play meets the same replies
        self.streams = self.match.streams()
        self.streams.skip(draws, hints)
        self.practice = True
        if self.on_change is not None:
            self.on_change("action")
        return None

    def _last_turn_of(self, seat: int) -> tuple[int, list[int]] | None:
        """Where in this deal's actions ``seat`` last played a card, with how many decisions each computer had
        made by then (None when the seat has not played)."""
        probe = self._dealt()
        found = None
        made = [0] * probe.seats
        for index, text in enumerate(self.actions[-1]):
            action = Action.parse(text)
            mover = probe.pending.seat if action.kind == "choose" and probe.pending is not None else probe.to_move
            if action.kind == "play" and mover == seat:
                found = (index, list(made))
            if action.kind != "flip" and mover is not None and mover != self.person_seat:
                made[mover] += 1
            probe.apply(action)
        return found

    def _dealt(self) -> Deal:
        """The deal under way as it was dealt: the guided deal, or the match's next deal from its own shuffle
        stream (the same cards dealt the same way however often it is asked for)."""
        return self.guide.new_deal() if self.guide is not None else self.match.new_deal()

    def _replay(self, actions: list[str]) -> None:
        """Apply kept actions to the deal at once, the board following without movement."""
        for text in actions:
            self.queue.extend(self.choreo.steps_for(self._act(Action.parse(text))))
        self._acted = False
        self.skip()

    def next_deal(self) -> bool:
        """Deal the next deal of the match; False when the match is over."""
        self.record_deal()
        if self.match.is_over:
            return False
        self.streams = self.match.streams()
        self.deal = self.match.new_deal()
        self.board = Board.as_dealt(self.deal)
        self.deal_number += 1
        self.deal_recorded = False
        self.actions.append([])
        self._begin_deal()
        return True

    def record_deal(self) -> None:
        """Add the finished deal's results to the match (once)."""
        if self.deal.is_over and not self.deal_recorded:
            self.match.finish_deal(self.deal)
            self.deal_recorded = True
            if self.on_change is not None:
                self.on_change("deal")

    # ------------------------------------------------------------------ keeping

    def progress(self) -> dict[str, Any]:
        """The match's position as a value to keep: every action so far and how far each random stream
        has been drawn for decisions already made (:meth:`resume` puts it back)."""
        draws = list(self.streams.draws)
        if self._asked is not None and self._asked_seat is not None:
            draws[self._asked_seat] -= 1  # a decision still being thought about is drawn again after a resume
        return {"deals": [list(a) for a in self.actions], "draws": draws, "hints": self.streams.hints,
                "turns": len(self.deal.turns), "recorded": self.deal_recorded, "practice": self.practice}

    def resume(self, progress: dict[str, Any]) -> None:
        """Play a new controller's match forward to a kept position, at once: the same deals, the same
        moves, and the random streams drawn as far as they were, so what follows is what would have."""
        deals = progress.get("deals") or [[]]
        for number, actions in enumerate(deals, start=1):
            if number > 1:
                self.record_deal()
                if not self.next_deal():
                    raise IllegalMove("the kept match has more deals than it is long")
            self._replay(list(actions))
        self.streams.skip(list(progress.get("draws", [])), int(progress.get("hints", 0)))
        self.practice = progress.get("practice") is True
        if progress.get("recorded"):
            self.record_deal()

    def _act(self, action: Action) -> list:  # type: ignore[type-arg]
        """Apply one action to the deal, checked, and log it."""
        events = self.deal.apply(action)
        self.actions[-1].append(str(action))
        self._acted = True
        return events

    def set_pace(self, pace: Pace) -> None:
        """Animate from now on at ``pace``."""
        self.pace = pace
        self.choreo.pace = pace

    def skip(self) -> bool:
        """Finish every queued movement at once (no move is made); True when something was skipped."""
        return finish_steps(self)

    def stop(self) -> None:
        """Forget any outstanding computer decision."""
        self.generation += 1
        self.thinker.cancel()
        self._asked = None
        self._answer = None
        self._hint_tag = None

    def _begin_deal(self) -> None:
        self.stop()
        self.queue.clear()
        self.current = None
        self.narration.clear()
        self._turn_board = None
        self._turn_events = []
        self._schedule(list(self.deal.opening_events))

    def _schedule(self, events: list) -> None:  # type: ignore[type-arg]
        events = list(events)
        if self.deal.phase is Phase.FLIP:
            # the stock card turns by itself: shown with the play, it can start before the play ends
            events += self._act(Action.flip())
        if any(isinstance(e, Played) for e in events):
            self.queue.append(self._note_turn_start)
            self._turn_events = []
        self._turn_events.extend(events)
        redealt = any(isinstance(ev, Redealt) for ev in events)
        self.queue.extend(self.choreo.steps_for(events, self.deal.hands if redealt else None))
        last = self.match.deals_played + 1 >= self.match.total_deals
        if self.deal.is_over and self.match.rules.win == "target" and last:
            self.queue.append(self.choreo.target_win(self._target_winners))
        if self._acted and self.on_change is not None:
            self._acted = False
            self.on_change("action")
        self._acted = False

    def _note_turn_start(self, board: Board) -> Step:
        """A step of no time that keeps the board as a turn begins, so the turn can be shown again."""
        self._turn_board = board.copy()
        return Step(0.0)

    def _target_winners(self) -> str:
        """Who wins a match decided by the tie score of its last deal, in words (the deal is added to the match)."""
        from chinese_ten.ui.table.narration import winners_text
        from chinese_ten.games.ten.texts import number_text

        self.record_deal()
        tie = number_text(self.deal.tie_score)
        return _("At or above the tie score ({tie}): {winners}").format(
            tie=tie, winners=winners_text(self.names, self.match.winners()))

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        """Advance the animation, and when it has caught up, the game."""
        left = run_steps(self, dt)
        if left is None:
            self._think_ahead()
            return
        if not self.busy:
            self._drive(left)

    def _drive(self, dt: float) -> None:
        deal = self.deal
        if deal.is_over:
            return
        seat = deal.to_move
        assert seat is not None
        if deal.phase is Phase.FLIP:
            self._schedule(self._act(Action.flip()))
            return
        if seat == self.person_seat and deal.phase is Phase.PLAY:
            return
        if deal.phase is Phase.CHOOSE:
            pending = deal.pending
            assert pending is not None
            if pending.seat == self.person_seat:
                return
            self._think("take", pending.seat, dt)
            return
        self._think("play", seat, dt)

    def _think_ahead(self) -> None:
        """Let a computer start deciding while the last move is still being shown."""
        deal = self.deal
        if deal.phase is Phase.PLAY and deal.to_move is not None and deal.to_move != self.person_seat:
            self._ask("play", deal.to_move)
        elif deal.phase is Phase.CHOOSE and deal.pending is not None and deal.pending.seat != self.person_seat:
            self._ask("take", deal.pending.seat)

    def _ask(self, kind: str, seat: int) -> tuple[object, ...]:
        tag = (self.generation, self.deal_number, self.deal.turn_number, kind)
        if self._asked != tag:
            self._asked = tag
            self._asked_seat = seat
            self._answer = None
            self._waited = 0.0
            if self.guide is not None:
                self._answer = self.guide.computer_action(self.deal)
                return tag
            name = self.infos[seat].player or "normal"
            self.thinker.ask(tag, kind, self.deal.view(seat), name, self.think_ms, self.streams.decision_seed(seat))
        return tag

    def _think(self, kind: str, seat: int, dt: float) -> None:
        tag = self._ask(kind, seat)
        self._waited += dt
        if self._answer is None:
            got = self.thinker.poll()
            if got is not None and got[0] == tag:
                self._answer = got[1]
        if self._answer is None or self._waited < self.pace.pause:
            return
        answer = self._answer
        self._asked = None
        self._answer = None
        self._apply(kind, seat, answer)

    def _apply(self, kind: str, seat: int, answer: object) -> None:
        deal = self.deal
        try:
            if isinstance(answer, Action):
                events = self._act(answer)
            elif kind == "take":
                events = self._act(Action.choose(answer))  # type: ignore[arg-type]
            else:
                assert isinstance(answer, Decision)
                events = self._act(answer.action())
        except (IllegalMove, AssertionError) as exc:
            _log.warning("seat %d's computer made an illegal move (%s); playing a fallback", seat, exc)
            if kind == "take" and deal.pending is not None:
                events = self._act(Action.choose(deal.default_take(deal.pending.card) or deal.pending.candidates[0]))
            else:
                card = deal.hand(seat)[0]
                events = self._act(Action.play(card, deal.default_take(card) if deal.candidates(card) else None))
        self._schedule(events)
