"""The live table: it follows a :class:`~chinese_ten.engine.session.TableSession` from one seat.

The session is the authority (the deal, the computers, the log of actions); this
follower reads only what its seat is told — the deal with the other hands face
down, then each event as that seat may learn it — and feeds it, one animation
step at a time, to the board the painter draws. Its person's plays go to the
session as that seat's actions. It never holds another seat's hidden card.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chinese_ten.cards import Card
from chinese_ten.engine.match import MatchLength
from chinese_ten.engine.following import Followed
from chinese_ten.engine.session import SeatKind, TableSession, Update
from chinese_ten.engine.strengths import DEFAULT, per_seat
from chinese_ten.games import game_named
from chinese_ten.i18n import N_, _
from chinese_ten.ui.table.animation import Step, StepFactory, finish_steps, merge_into, run_steps
from chinese_ten.ui.table.board import Board
from chinese_ten.ui.table.choreography import REPLAY_PACE, Choreographer, Pace
from chinese_ten.ui.table.games import Advice, Offer, Option, Preview, table_game
from chinese_ten.ui.table.narration import Narration
from chinese_ten.ui.table.tableview import AnimatedDeal
from chinese_ten.engine.thinking import ComputerThinker, Explained

if TYPE_CHECKING:
    from chinese_ten.engine.game import GameState
    from chinese_ten.ui.table.lesson import LessonGuide

Event = Any
"""An event of the game at the table."""

__all__ = ["Advice", "Offer", "Option", "Preview", "SeatInfo", "TableController", "seat_infos"]

_log = logging.getLogger("chinese_ten.ui")

HINT_PLAYER = "hard"
"""The computer player whose decision is offered as a hint."""

NEW_DEAL_WAIT = 1.0
"""Seconds, at Normal pace, a computer leading a new deal waits beyond the usual pause before its first card."""

SIDE_NAMES: dict[str, str] = {
    "bottom": N_("South"), "left": N_("West"), "top": N_("North"), "right": N_("East"),
    "south-west": N_("South-west"), "west": N_("West"), "north-west": N_("North-west"), "north": N_("North"),
    "north-east": N_("North-east"), "east": N_("East"), "south-east": N_("South-east"),
}
"""What a computer is called, by the side of the table it sits on (or its compass point round a ring of 5 to 8)."""

@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: a name and, for a computer, its strength."""

    name: str
    player: str | None
    """None for the table's own person; a computer's strength; ``"person"`` for another person at a
    network table."""
    mark: str = ""
    """What the seat's plate says under the name instead of the strength (a network seat's label and
    whether it is online), in words."""
    notice: bool = False
    """True when the mark matters more than the count of cards left (a person offline, a seat away)."""

    @property
    def is_person(self) -> bool:
        """True for the person this table is played by (not a computer, nor another person far away)."""
        return self.player is None


def seat_name(seat: int, seats: int, bottom: int = 0) -> str:
    """What the table calls a computer's seat, in the language in force: the side it sits on seen from
    ``bottom`` (North, East…), or its compass point round a ring of 5 to 8."""
    from chinese_ten.ui.table.geometry import side_of

    return _(SIDE_NAMES[side_of(seat, seats, bottom)])


def seat_infos(seats: int, strength: str | Sequence[str], person: bool = True, bottom: int = 0) -> list[SeatInfo]:
    """The seats of a table seen from seat ``bottom``: the person there (unless ``person`` is False) and
    computers, each named by the side of the table it sits on; ``strength`` is every computer's, or each
    computer's in seat order."""
    computers = seats - 1 if person else seats
    strengths = iter(per_seat(strength, computers))
    infos = []
    for seat in range(seats):
        if seat == bottom and person:
            infos.append(SeatInfo(_("You"), None))
        else:
            infos.append(SeatInfo(seat_name(seat, seats, bottom), next(strengths)))
    return infos


def _built(step: Step) -> StepFactory:
    """A factory handing back ``step``, already built."""
    def build(_board: Board) -> Step:
        return step
    return build


class TableController(AnimatedDeal):
    """One match at the table, seen from one seat: the session it follows, the board and its animation."""

    def __init__(self, seats: int, strength: str | Sequence[str] = "normal", length: str = "per-seat",
                 seed: int | str | None = None, pace: Pace | None = None, person: bool = True,
                 thinker: ComputerThinker | None = None, think_ms: int | None = None,
                 deals: int | None = None, rules: Any = None, guide: LessonGuide | None = None,
                 seat: int = 0, first_deal: GameState | None = None, game: str = "ten", follow: Followed | None = None,
                 infos: Callable[[], list[SeatInfo]] | None = None) -> None:
        """A new match of the game the registry calls ``game``, seen from ``seat`` (the person's, unless
        ``person`` is False), who leads the first deal; ``strength`` is every computer's, or each computer's in
        seat order. Every deal, seat and hint draws from its own stream
        of the match seed, as ``simulate`` does. ``rules`` are the game's (its default when None or another
        game's). With a ``guide`` the deal is the guided deal: the person's choices are kept to its
        suggestions and the computers play its record; ``first_deal`` (as dealt) replaces the first deal's
        shuffle.

        With ``follow`` the table follows that match instead of a session of its own (a seat at a network
        table); ``infos`` then names its seats (asked again when the language or the seats change)."""
        self.game = game_named(game)
        """The game played at this table (the registry's entry)."""
        self.rules_ui = table_game(self.game.name)
        """What the table reads of this game: its board, turns, previews, choices and words."""
        if rules is None or not isinstance(rules, type(self.game.default_rules)):
            rules = self.game.default_rules
        self.local = seat
        """The seat this table is seen from, drawn at the bottom."""
        self._seating: tuple[int, str | Sequence[str], bool, int] = (seats, strength, person, seat)
        self._named = infos
        self.infos = infos() if infos is not None else seat_infos(seats, strength, person, seat)
        self.names = [i.name for i in self.infos]
        self.thinker = thinker or ComputerThinker()
        self.session: Followed
        if follow is not None:
            self.session = follow
        else:
            kinds = [SeatKind.person() if info.is_person else SeatKind.computer(info.player or DEFAULT)
                     for info in self.infos]
            match_length = MatchLength.fixed(deals) if deals else MatchLength.parse(length)
            self.session = TableSession(self.game, kinds, match_length, rules=rules, seed=seed, leader=seat,
                                        thinker=self.thinker, think_ms=think_ms, director=guide,
                                        first_deal=first_deal)
        seats = self.session.seats
        self.pace = pace or Pace()
        self.think_ms = think_ms
        self.narration = Narration(self.names)
        self.choreo = Choreographer(self.narration, self.pace, frozenset({seat}))
        self.queue: deque[StepFactory] = deque()
        self.current: Step | None = None
        self.guide = guide
        self.board = Board(seats, [[] for _ in range(seats)])
        self._seen = 0
        """How many of the session's updates this table has taken in."""
        self._waited = 0.0
        """How long the table has waited, caught up, on the computer to move."""
        self._view: tuple[tuple[object, ...], Any] | None = None
        self._previews: tuple[Any, dict[Card, Preview]] | None = None
        """The previews worked out for the view they were worked out from."""
        self._offer: Offer | None = None
        """The capture choice offered to the person before their play goes in (Go Fishing's families)."""
        self._target_told = False
        self._next_asked = False
        """True from going on past a deal's count until the next deal arrives (at once at a local table)."""
        self.layouts = 0
        """How many times the board has been laid anew (a deal dealt, or a position put back)."""
        self._hint_tag: object | None = None
        self._turn_board: Board | None = None
        """The board as it stood when the last turn began to be shown (for showing it again)."""
        self._turn_events: list[Event] = []
        """Every event of the last turn shown, in order."""
        self.replaying = False
        """True while the last turn is being shown again (until its movement ends or is finished)."""
        self._follow()

    # ------------------------------------------------------------------ reading

    @property
    def match(self) -> Any:
        """The match being played (its rules, deals and totals)."""
        return self.session.match

    @property
    def streams(self) -> Any:
        """The deal's random streams (the hint draws from them)."""
        return self.session.streams

    @property
    def actions(self) -> list[list[str]]:
        """Every action applied, deal by deal."""
        return self.session.actions

    @property
    def practice(self) -> bool:
        """True once a turn has been taken back, or for a deal played by its number: the match is kept as
        practice."""
        return self.session.practice

    @property
    def taken_back(self) -> bool:
        """True once a turn of the match has been taken back."""
        return self.session.taken_back

    @property
    def deal_number(self) -> int:
        """The number of the deal at the table, from 1."""
        return self.session.deal_number

    @property
    def deal_recorded(self) -> bool:
        """True once the finished deal has been added to the match."""
        return self.session.deal_recorded

    @property
    def on_change(self) -> Callable[[str], None] | None:
        """Told ``"action"`` after every move applied and ``"deal"`` when a finished deal is added to the match."""
        return self.session.on_change

    @on_change.setter
    def on_change(self, listener: Callable[[str], None] | None) -> None:
        self.session.on_change = listener

    @property
    def view(self) -> Any:
        """Everything the table's seat may know of the deal now."""
        key = self.session.position
        if self._view is None or self._view[0] != key:
            self._view = (key, self.session.observe(self.local))
        return self._view[1]

    def finished_deal(self) -> Any | None:
        """The whole deal once it is over (every card may be shown then); None during play."""
        deal = self.session.deal
        return deal if deal.is_over else None

    def _shown_to_move(self) -> int | None:
        return self.rules_ui.to_move(self.view)

    def _shown_over(self) -> bool:
        return self.rules_ui.is_over(self.view)

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        return self.session.seats

    @property
    def person_seat(self) -> int | None:
        """The person's seat, or None when computers fill every seat."""
        return self.local if self.infos[self.local].is_person else None

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom of the table."""
        return self.local

    @property
    def dealer(self) -> int:
        """The dealer of the deal at the table."""
        return self.view.dealer

    @property
    def face_up(self) -> frozenset[int]:
        """The seats whose hands the table shows face up: the bottom seat's alone."""
        return frozenset({self.local})

    def pile_caption(self, seat: int) -> str:
        """The words over a seat's pile: its points so far where the game shows them there (Go Fishing's
        ring of up to eight, whose score table is far from the seats), else what it is."""
        if self.rules_ui.points_at_piles:
            return _("{points} pts").format(points=self.board.points[seat])
        return super().pile_caption(seat)

    def points_of(self, card: Card) -> int:
        """What ``card`` scores in the deal at the table."""
        return self.rules_ui.points_of(self.view, card)

    @property
    def deal_finished(self) -> bool:
        """True once the deal is over and fully shown."""
        return self._shown_over() and not self.busy and not self._next_asked

    @property
    def waiting_next(self) -> bool:
        """True after going on from a deal's count while the next deal has not come yet (the other people at
        a network table have still to go on)."""
        return self._next_asked

    @property
    def assists(self) -> bool:
        """True when take-backs and hints may be offered (not at a table with another person)."""
        return self.session.assists

    @property
    def person_to_play(self) -> bool:
        """True when the person may play a hand card now."""
        return (self.person_seat is not None and not self.busy and self._offer is None
                and self.rules_ui.may_play(self.view, self.person_seat))

    def _owed(self) -> Offer | None:
        """The capture choice the person owes, shown or not: the rules' or the table's own offer."""
        if self.person_seat is None:
            return None
        return self.rules_ui.owed(self.view, self.person_seat) or self._offer

    @property
    def offer(self) -> Offer | None:
        """The capture choice the person owes now (once the table has caught up): the card and its options."""
        return None if self.busy else self._owed()

    @property
    def person_choice(self) -> tuple[Card, tuple[Card, ...]] | None:
        """The waiting card and every layout card it may take when the person owes a capture choice (and it
        is shown)."""
        offer = self.offer
        return None if offer is None else (offer.card, offer.lit)

    @property
    def match_in_progress(self) -> bool:
        """True from the first turn of a match until its last deal is over: something to lose."""
        return not self.match.is_over and (self.match.deals_played > 0 or bool(self.view.turns))

    def is_thinking(self) -> bool:
        """True while a computer is deciding."""
        return self.session.thinking

    def preview(self, card: Card) -> Preview:
        """What playing ``card`` now would take, and the points it would win (worked out once a position:
        the table asks every frame)."""
        view = self.view
        kept = self._previews
        if kept is None or kept[0] is not view:
            kept = self._previews = (view, {})
        found = kept[1].get(card)
        if found is None:
            found = kept[1][card] = self.rules_ui.preview(view, card)
        return found

    def preview_text(self, card: Card) -> str:
        """What playing ``card`` now would take, in words."""
        return self.rules_ui.preview_text(self.preview(card))

    def why_not(self) -> str | None:
        """Why the person cannot play a card right now, in words; None when they can."""
        view = self.view
        rules = self.rules_ui
        if self.person_seat is None:
            return _("The computers are playing this match.")
        if rules.is_over(view):
            return _("The deal is over.")
        owed = self._owed()
        if owed is not None:
            return _("First pick which card your {card} takes.").format(card=owed.card.pretty)
        to_move = rules.to_move(view)
        if to_move != self.person_seat:
            if to_move is None:
                return _("Wait a moment: the last move is still being played out.") if rules.waiting(view) else None
            return _("It's {name}'s turn, not yours.").format(name=self.names[to_move])
        if rules.waiting(view) or self.busy:
            return _("Wait a moment: the last move is still being played out.")
        return None

    # ------------------------------------------------------------------ acting

    def retell(self) -> None:
        """Name the seats and tell the log again in the language now in use (after the language changed)."""
        self.infos[:] = self._named() if self._named is not None else seat_infos(*self._seating)
        self.names[:] = [i.name for i in self.infos]  # the same list the log and the choreography read
        self.narration.retell()

    def play(self, card: Card, choose: bool = False) -> str | None:
        """The person plays ``card``; returns why not when it cannot be played now. With ``choose``, a game
        that offers its ways of taking offers them even when there is only one besides taking nothing."""
        reason = self.why_not()
        if reason is not None:
            return reason
        if card not in self.view.hand:
            return _("That card is not in your hand.")
        made = self.rules_ui.play(self.view, card, choose)
        if (self.guide is not None and made.offer is not None
                and self.guide.suggested(self.session.deal) not in (None, card)):
            return self.guide.refusal(self.session.deal, self.rules_ui.take(made.offer, made.offer.options[-1]))
        if made.offer is not None:
            self._offer = made.offer  # the choice comes first; the action goes in once it is made
            return None
        if self.guide is not None and (refused := self.guide.refusal(self.session.deal, made.action)):
            return refused
        self._hint_tag = None
        self._submit(made.action)
        return None

    def choose(self, target: Card) -> str | None:
        """The person picks a layout card for the waiting card to take: the first option that takes it."""
        offer = self.offer
        if offer is None:
            return _("There is no capture to choose right now.")
        for i, option in enumerate(offer.options):
            if target in option.cards:
                return self.take(i)
        return _("{card} cannot take {target}.").format(card=offer.card.pretty, target=target.pretty)

    def take(self, index: int) -> str | None:
        """The person takes option ``index`` of the capture choice owed."""
        offer = self.offer
        if offer is None or not 0 <= index < len(offer.options):
            return _("There is no capture to choose right now.")
        action = self.rules_ui.take(offer, offer.options[index])
        if self.guide is not None and (refused := self.guide.refusal(self.session.deal, action)):
            return refused
        self._offer = None
        self._hint_tag = None
        self._submit(action)
        return None

    def withdraw(self) -> bool:
        """Put the card of a capture choice the table offered back in the hand, unplayed; False when there is
        none (a choice the rules wait for cannot be withdrawn)."""
        if self._offer is None:
            return False
        self._offer = None
        self._hint_tag = None
        return True

    def _submit(self, action: Any) -> None:
        """The person's action to the session, and the rules' own step after it, shown together."""
        assert self.person_seat is not None
        self.session.submit(self.person_seat, action)
        self.session.advance(decisions=0)
        self._follow()

    def ask_hint(self) -> str | None:
        """Ask Hard what the person should do now (the card to play, or the card to take in a
        capture choice); returns why not when no hint can be given."""
        if self.person_seat is None:
            return _("The computers are playing this match.")
        if not self.assists:
            return _("Hints are off at a table with other people.")
        choice = self.person_choice
        if not self.person_to_play and choice is None:
            return self.why_not() or _("A hint is for your turn.")
        if self.guide is not None and (wanted := self.guide.suggested(self.session.deal)) is not None:
            return _("Follow the guide: this step asks for the {card}.").format(card=wanted.pretty)
        tag = self._hint_wanted()
        if self._hint_tag != tag:
            # the computers' thinker is idle on the person's turn, so the hint borrows it
            self._hint_tag = tag
            self.thinker.ask(tag, self.game.players, self.view, HINT_PLAYER, self.think_ms, self.streams.hint_seed(),
                             explain=True)
        return None

    def _hint_wanted(self) -> tuple[object, ...]:
        """The tag of a hint for the decision the person owes now: a play, or a take of a played or turned card."""
        owed = self.rules_ui.hint_owed(self.view)
        return ("hint", self.session.generation, self.deal_number, len(self.view.turns), owed)

    @property
    def hint_pending(self) -> bool:
        """True while a hint is being thought about."""
        return self._hint_tag is not None

    def poll_hint(self) -> Advice | None:
        """The hint asked for, once it is ready and still fits the position; None otherwise.

        In a capture choice the hint is the waiting card with the candidate to take. The hint carries what
        Hard's search measured of it and of the next best option (its reason's figures), when it searched.
        """
        if self._hint_tag is None or self.session.thinking:
            return None
        got = self.thinker.poll()
        if got is None:
            return None
        tag, answer = got
        self._hint_tag = None
        if tag != self._hint_wanted():
            return None
        explained = answer if isinstance(answer, Explained) else Explained(answer, None)
        advice = self.rules_ui.advice(explained.action, self.offer, self.person_to_play)
        return None if advice is None else advice.measured(explained.basis)

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
                self.replaying = False
            return Step(0.0, on_end=end)
        self.replaying = True
        self.queue.extend([*again.steps_for(self._turn_events), back])
        return None

    def take_back(self) -> str | None:
        """Take back the person's last turn of this deal with everything after it (the turned card, the
        computers' replies); returns why not when there is none. The cards stay as dealt, so the stock turns
        up the same cards again. The match becomes practice."""
        seat = self.person_seat
        if seat is None:
            return _("The computers are playing this match.")
        if not self.assists:
            return _("Take-backs are off at a table with other people.")
        if self.session.deal.is_over:
            return _("The deal is over: a finished deal can't be taken back.")
        if not self.session.take_back(seat):
            return _("You have not played a card in this deal yet.")
        self._follow()
        return None

    def next_deal(self) -> bool:
        """Deal the next deal of the match; False when the match is over. A computer leading it waits a
        moment longer before its first card, so the new layout can be seen first."""
        if not self.session.next_deal():
            return False
        self._next_asked = True
        self._follow()
        self._waited = -NEW_DEAL_WAIT * self.pace.move / Pace().move
        return True

    def record_deal(self) -> None:
        """Add the finished deal's results to the match (once)."""
        self.session.record_deal()

    # ------------------------------------------------------------------ keeping

    def progress(self) -> dict[str, Any]:
        """The match's position as a value to keep (:meth:`resume` puts it back)."""
        return self.session.progress()

    def resume(self, progress: dict[str, Any]) -> None:
        """Play a new table's match forward to a kept position, at once (see the session's ``resume``)."""
        self.session.resume(progress)
        self._follow()

    def set_pace(self, pace: Pace) -> None:
        """Animate from now on at ``pace``."""
        self.pace = pace
        self.choreo.pace = pace

    def skip(self) -> bool:
        """Finish every queued movement at once (no move is made); True when something was skipped."""
        return finish_steps(self)

    def stop(self) -> None:
        """Forget any outstanding computer decision and hint."""
        self.session.stop()
        self._hint_tag = None

    # ------------------------------------------------------------------ following the session

    def _follow(self) -> None:
        """Take in what the session told this seat since last time, queueing its movement."""
        updates = self.session.updates(self.local, self._seen)
        if not updates:
            return
        self._seen = updates[-1].number + 1
        moved: list[Event] = []
        for update in updates:
            if update.kind == "moved":
                moved.extend(update.events)  # a move and the stock card turned after it are shown together
                continue
            self._show(moved)
            moved = []
            self._restart(update)
        self._show(moved)

    def _restart(self, update: Update) -> None:
        """A new deal, or the deal put back to another position: the board laid anew from what the seat
        was told (shown at once when rewound)."""
        self.queue.clear()
        self.current = None
        self.replaying = False
        self.layouts += 1
        self.narration.clear()
        self._turn_board = None
        self._turn_events = []
        self._target_told = False
        self._next_asked = False
        self._hint_tag = None
        self._offer = None
        dealt, *events = update.events
        self.board = self.rules_ui.board(dealt, events)
        self._show(events, rewound=update.kind == "rewound")
        if update.kind == "rewound":
            self.skip()

    def _show(self, events: list[Event], rewound: bool = False) -> None:
        """Queue the movement of ``events``; a turn's start is kept so the turn can be shown again. A
        ``rewound`` position is shown as it stands (a target match's result is told when it is reached)."""
        if not events:
            return
        if self.rules_ui.starts_turn(events):
            self.queue.append(self._note_turn_start)
            self._turn_events = []
        self._turn_events.extend(events)
        self.queue.extend(self.choreo.steps_for(events))
        last = self.match.deals_played + 1 >= self.match.total_deals
        if self._shown_over() and self.match.rules.win == "target" and last and not (self._target_told or rewound):
            self._target_told = True
            self.queue.append(self.choreo.target_win(self._target_winners))

    def _note_turn_start(self, board: Board) -> Step:
        """A step of no time that keeps the board as a turn begins, so the turn can be shown again."""
        self._turn_board = board.copy()
        return Step(0.0)

    def _target_winners(self) -> str:
        """Who wins a match decided by the tie score of its last deal, in words (the deal is added to the match)."""
        from chinese_ten.engine.scores import as_number
        from chinese_ten.ui.table.narration import winners_text

        self.record_deal()
        deal = self.finished_deal()
        assert deal is not None
        tie = str(as_number(deal.tie_score))
        return _("At or above the tie score ({tie}): {winners}").format(
            tie=tie, winners=winners_text(self.names, self.match.winners()))

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        """Advance the animation; once it has caught up and a computer has thought for the pace's pause,
        let the session apply that computer's decision. While a move is still shown, the next computer
        already thinks."""
        self.session.receive()
        self._follow()  # what arrived from elsewhere (nothing does at a local table)
        left = run_steps(self, dt)
        if left is None or self.busy:
            self.session.prepare()
            if self._settling():
                seat = self.session.to_act
                if seat is not None and not self.infos[seat].is_person and self.session.advance(decisions=1):
                    self._waited = 0.0
                    self._follow()
                    self._start_alongside()
            return
        seat = self.session.to_act
        if self.session.deal.is_over or seat is None or self.infos[seat].is_person:
            self._waited = 0.0
            return
        self.session.prepare()
        self._waited += left
        if self._waited >= self.pace.pause and self.session.advance(decisions=1):
            self._waited = 0.0
            self._follow()

    def _settling(self) -> bool:
        """True while the last movement queued is a seat's plain one, within the pace's ``settle`` of its end:
        the next computer's move may start alongside it."""
        step = self.current
        if self.queue or step is None or self.replaying or self.session.deal.is_over or step.banner is not None:
            return False
        if self._waited < 0:  # a new deal's lead waits its moment
            return False
        if step.seat is None:
            return False
        return 0.0 < step.duration - step.elapsed <= self.pace.settle

    def _start_alongside(self) -> None:
        """Start the first movement queued now, within the step still settling (steps of no time that only
        tell or keep the board run at once)."""
        step = self.current
        if step is None:
            return
        settled = self.board.copy()  # the board as it will stand once the settling step is over
        if step.on_end is not None:
            step.on_end(settled)
        if any(loc.kind == "stage" for loc in settled.resting.values()):
            return  # a card waits in the middle for its capture: what follows starts from it, once it is there
        while self.queue:
            factory = self.queue.popleft()
            if factory == self._note_turn_start:
                factory(settled)  # the turn shown again later starts from the settled board
                continue
            nxt = factory(self.board)
            if nxt.duration <= 0 and not nxt.sprites:
                if nxt.on_end is not None:
                    nxt.on_end(self.board)
                continue
            if nxt.banner is not None:
                self.queue.appendleft(_built(nxt))
                return
            merge_into(step, nxt)
            return
