"""A table seat at a network table, in the window: the same table scene, fed by a table client.

:class:`RemoteTableScene` is the live :class:`~chinese_ten.ui.table.live.TableScene` whose controller
follows a :class:`~chinese_ten.net.follower.RemoteFollower` instead of a local session. Besides the
table it shows who sits where (the server's labels and names, online or away), a banner while the
connection is lost and the client connects again, the chat (see :mod:`chinese_ten.ui.table.chat`),
and the server's refusals as short notices. Leaving the scene closes the connection; the seat stays
the person's (its token is kept for "Open tables").
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from chinese_ten.i18n import N_, _
from chinese_ten.net.follower import RanOut, RemoteFollower
from chinese_ten.ui.table.chat import ChatPanel
from chinese_ten.ui.table.choreography import catch_up, pace_for
from chinese_ten.engine.strengths import ORDER
from chinese_ten.ui.network_names import network_seat_name, waiting_next_words
from chinese_ten.ui.table.controller import SeatInfo, TableController
from chinese_ten.ui.table.live import TableScene
from chinese_ten.ui.table.turn_clock import ClockReading, TurnClock, draw_clock, ran_out_text
from chinese_ten.ui.wake import wake_window

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services

KIND_MARKS: dict[str, str] = {"computer": N_("Computer"), "away": N_("Away · a computer plays"),
                              "empty": N_("Waiting for a player")}
"""What a seat's plate says of a seat that no person is at now."""

LOST_TEXT = N_("Connection lost: connecting again…")
UNREACHABLE_TEXT = N_("The table's server cannot be reached: the host's game may be closed; ask them to open it. "
                      "Still trying…")
CLOSED_TEXT = N_("The connection to the table has ended.")

AWAY_AFTER = 60.0
"""How long a table server waits on a disconnected person's move before a computer plays their seat (NETWORK.md's
``--away-after`` default; a server does not say its own)."""

OFFLINE_COUNTDOWN = N_("{name} is offline: a computer plays for them in {seconds} s.")
OFFLINE_DUE = N_("{name} is offline: a computer plays for them in a moment.")

REFUSALS: dict[str, str] = {
    "bad-message": N_("The table did not understand that."),
    "not-your-turn": N_("It is not your turn."),
    "illegal": N_("That move is not allowed now."),
    "not-host": N_("Only the host can do that."),
    "chat-off": N_("Chat is off at this table."),
    "too-many": N_("Too much at once: slow down a little."),
    "claimed": N_("That seat has been taken already."),
    "bad-token": N_("This seat's key is no longer valid."),
    "no-such-table": N_("There is no such table (it may have ended, or waited more than 48 hours)."),
    "version": N_("The table's server speaks another version of the game."),
    "unavailable": N_("The table's server could not keep that, so nothing changed: try it again in a moment."),
}
"""A server's refusal in words, by its NETWORK.md ``code`` (the server's own English words are not shown)."""


def refusal_text(code: str) -> str:
    """What the window says of a refusal with ``code``, in the language in force (an unknown code: that the
    table refused)."""
    words = REFUSALS.get(code)
    return _(words) if words is not None else _("The table refused that.")


def network_infos(follower: RemoteFollower) -> list[SeatInfo]:
    """Who sits where at a network table, from the server's seat list: each seat named by its label and name
    as every window names it (:func:`~chinese_ten.ui.network_names.network_seat_name`), and under the name
    whether it is online, away or waiting (the table's own seat is the person's)."""
    infos = []
    for seat in range(follower.seats):
        entry = follower.seats_list[seat] if seat < len(follower.seats_list) else {}
        kind = str(entry.get("kind", "human"))
        strength = entry.get("strength")
        name = network_seat_name(seat, str(entry.get("name") or ""), kind, strength if isinstance(strength, str) else None)
        if seat == follower.seat and not follower.watching:
            infos.append(SeatInfo(name, None))
            continue
        if kind == "human":
            online = bool(entry.get("online"))
            infos.append(SeatInfo(name, "person", "" if online else _("offline"), notice=not online))
        elif kind == "computer" and strength in ORDER:
            infos.append(SeatInfo(name, str(strength), _(KIND_MARKS["computer"])))
        else:
            infos.append(SeatInfo(name, "computer", _(KIND_MARKS.get(kind, KIND_MARKS["computer"])),
                                  notice=kind in ("away", "empty")))
    return infos


PRESENCE_WORDS: dict[str, str] = {
    "took": N_("{name} took their seat."),
    "away": N_("{name} is away: a computer plays for them."),
    "returned": N_("{name} is back and plays again."),
    "computer": N_("{name}: a computer takes this seat."),
    "back": N_("{name} is back."),
    "left": N_("{name} has left the table."),
}
"""A line in the list of turns for each change at a seat that the server's seat list tells."""


def presence_change(was: dict[str, Any], now: dict[str, Any]) -> str | None:
    """What happened at one seat between two of the server's seat lists (a key of :data:`PRESENCE_WORDS`), or
    None when nothing worth a line did."""
    old_kind, kind = was.get("kind"), now.get("kind")
    if old_kind == "empty" and kind == "human":
        return "took"
    if old_kind == "human" and kind == "away":
        return "away"
    if old_kind == "away" and kind == "human":
        return "returned"
    if old_kind in ("empty", "away", "human") and kind == "computer":
        return "computer"
    if old_kind == kind == "human" and bool(was.get("online")) != bool(now.get("online")):
        return "back" if now.get("online") else "left"
    return None


def presence_lines(before: list[dict[str, Any]], after: list[dict[str, Any]], own: int) -> list[Callable[[], str]]:
    """What changed at the table between two of the server's seat lists, as lines for the list of turns, each
    told in the language in force whenever it is shown: a person leaving, coming back, away while a computer
    plays, returning, a seat taken or given to a computer. The table's own seat says nothing of itself."""
    lines: list[Callable[[], str]] = []
    for seat, (was, now) in enumerate(zip(before, after)):
        change = presence_change(was, now)
        if seat == own or change is None:
            continue
        strength = now.get("strength")
        raw, kind = str(now.get("name") or was.get("name") or ""), str(now.get("kind"))
        shown = strength if isinstance(strength, str) else None

        def line(change: str = change, seat: int = seat, raw: str = raw, kind: str = kind,
                 shown: str | None = shown) -> str:
            return _(PRESENCE_WORDS[change]).format(name=network_seat_name(seat, raw, kind, shown))

        lines.append(line)
    return lines


def remote_controller(follower: RemoteFollower, app: Services) -> TableController:
    """The live table's controller following ``follower``'s seat."""
    return TableController(follower.seats, follow=follower, seat=follower.seat, game=follower.game.name,
                           infos=lambda: network_infos(follower), pace=pace_for(app.settings.animation_speed),
                           thinker=app.thinker)


WATCHING_TEXT = N_("You are watching from no seat: every hand is hidden, as to any watcher.")
"""The advice line of a table watched from no seat."""


class RemoteTableScene(TableScene):
    """The table at a network seat."""

    network = True
    """Read by the screens over it: this table's match is played on a server."""
    pausable = False
    """The others play on whatever this window does: nothing here pauses."""

    def __init__(self, app: Services, follower: RemoteFollower, client: Any = None) -> None:
        """The table for ``follower``'s seat; ``client`` (its connection) is closed when the scene is left."""
        super().__init__(app, remote_controller(follower, app))
        self.follower = follower
        self.client = client
        if client is not None:
            client.on_frame = wake_window  # a frame from the server wakes the sleeping window
        app.keeper.watch_network(self.ctl, follower)
        self.chat = ChatPanel(app.kit, follower)
        self._seats_seen: list[dict[str, Any]] | None = follower.seats_list
        self._forgotten = False
        self.clock: Callable[[], float] = time.monotonic
        """The clock the offline countdown and the turn clock read."""
        self.turn_clock = TurnClock(lambda: self.clock())
        """The turn clock of the seat whose decision is due, as the server last told it."""
        self.again_asked = False
        """True once this window has asked for another match at the table (the match is over)."""
        self._match_seen: Any = follower.match
        self._offline: tuple[int, float] | None = None
        """The offline person whose move the table waits on, and when this window saw it begin to wait."""

    def update(self, dt: float) -> None:
        """The table, and what came besides its moves: who sits where, refusals, chat. With more than one
        move waiting to be shown, they are shown quicker, so the table keeps pace with the server."""
        f = self.follower
        f.receive()
        pace = catch_up(pace_for(self.app.settings.animation_speed), f.behind)
        if pace != self.ctl.pace:
            self.ctl.set_pace(pace)
        super().update(dt)
        if f.match is not self._match_seen:  # everybody played again: the table's next match, counted afresh
            if self._match_seen is not None:
                self.count_shown = False
                self._forgotten = False
                self.again_asked = False  # nobody has asked for a match after this one yet
            self._match_seen = f.match
        if f.seats_list is not self._seats_seen:
            if self._seats_seen and f.started:
                for line in presence_lines(self._seats_seen, f.seats_list, f.seat):
                    self.ctl.narration.note(line)
            self._seats_seen = f.seats_list
            self.ctl.infos[:] = network_infos(f)
            self.ctl.names[:] = [i.name for i in self.ctl.infos]
        if f.news.refused:
            self.say(refusal_text(f.news.refused[-1]))
            f.news.refused.clear()
        for ran_out in f.news.timed_out:
            self.ctl.narration.note(self._ran_out_words(ran_out))
        f.news.timed_out.clear()
        self.turn_clock.take(f.clock_told)
        if f.places is not None and not self._forgotten:  # the match is over: listed apart, as finished
            self._forgotten = True
            self.app.keeper.keep_network(f)  # its outcome, now the table has told the places
            from chinese_ten.ui.open_tables import base_of

            client = self.client
            if client is not None and getattr(client, "table", None):
                self.app.open_tables.finish(base_of(client.url), client.table)
        if not self._forgotten:  # what "Open tables" shows of this table: its seats, its deal, whose move
            self.app.open_tables.follow(self.client, f, self.ctl.person_to_play)
        if self.held:
            f.receive()  # frames still come in (and the connection's state) while a menu is open
        self.chat.update(dt)
        waited = self.offline_waited_on()
        if waited is None:
            self._offline = None
        elif self._offline is None or self._offline[0] != waited:
            self._offline = (waited, self.clock())

    def _ran_out_words(self, ran_out: RanOut) -> Callable[[], str]:
        """The log's line that a seat's turn clock ran out and what a computer played for it, said in the language
        in force whenever shown."""
        seat = ran_out.seat
        return lambda: ran_out_text(self.ctl.names[seat], ran_out.card, seat == self.ctl.person_seat)

    def offline_waited_on(self) -> int | None:
        """The other person's seat whose move the table waits on while they are offline; None when none."""
        ctl = self.ctl
        seat = ctl.shown_turn
        if seat is None or seat == ctl.person_seat or ctl.deal_over or ctl.busy:
            return None
        entry = self.follower.seats_list[seat] if seat < len(self.follower.seats_list) else {}
        return seat if entry.get("kind") == "human" and not entry.get("online") else None

    def due_in(self) -> float | None:
        """Seconds until the offline countdown shows the next second or the turn clock moves on (None while
        neither runs), so a sleeping window wakes to count them down."""
        ticking = self.turn_clock.due_in() if self.clock_shown() is not None else None
        if self._offline is None:
            return ticking
        left = AWAY_AFTER - (self.clock() - self._offline[1])
        offline = left - math.floor(left) + 0.01 if left > 0 else None
        return min((d for d in (ticking, offline) if d is not None), default=None)

    def clock_shown(self) -> ClockReading | None:
        """The turn clock shown now: the server's for the seat whose decision is due, while the table shows that
        seat's turn (not while moves before it are still shown, nor once the deal is over)."""
        reading = self.turn_clock.reading()
        ctl = self.ctl
        if reading is None or ctl.deal_over or ctl.busy or self.follower.to_show or ctl.shown_turn != reading.seat:
            return None
        return reading

    def play_again(self) -> None:
        """Ask the server for another match at this table, with the same seats and rules (once; it starts
        when every person has asked)."""
        f = self.follower
        over = f.places is not None or (f.match is not None and f.match.is_over)  # its last count shown, or told
        if self.again_asked or self.client is None or not over:
            return
        self.client.again()
        self.again_asked = True

    def again_names(self) -> list[str]:
        """The names of the seats whose person has asked for another match, as the table names them."""
        seats = self.follower.seats_list
        return [self.ctl.names[n] for n in range(min(len(seats), len(self.ctl.names)))
                if isinstance(seats[n], dict) and seats[n].get("again") is True]

    def offline_words(self) -> str:
        """While the table waits on an offline person's move: that a computer plays for them, counting down
        the seconds the server waits (empty otherwise)."""
        if self._offline is None or self._offline[0] != self.offline_waited_on():
            return ""
        seat, since = self._offline
        left = math.ceil(AWAY_AFTER - (self.clock() - since))
        name = self.ctl.names[seat]
        if left <= 0:
            return _(OFFLINE_DUE).format(name=name)
        return _(OFFLINE_COUNTDOWN).format(name=name, seconds=left)

    def place_buttons(self) -> None:
        """The table's buttons, and the chat just above them in the side panel (the log gives it room)."""
        super().place_buttons()
        if self.chat.on:
            geom = self.geom()
            gap = max(6, round(10 * geom.unit))
            self.chat.bottom = geom.panel.bottom - self.panel.reserve - gap
            self.panel.reserve += self.chat.height(geom) + 2 * gap

    @property
    def typing(self) -> bool:
        """True while the chat's field has the keyboard (the window's one-letter keys are then letters)."""
        return self.chat.field.focused

    def wants_frames(self) -> bool:
        """True only while something on the table moves or is about to: a movement, a move that came and
        waits its turn to be shown, a notice's countdown, an overlay about to open. A table waiting on the
        network (another seat's move, the server's answer, the next deal) asks for none: the connection
        wakes the window when a frame comes (:func:`~chinese_ten.ui.wake.wake_window`)."""
        if not super().wants_frames():
            return False  # it waits on the person, or is held
        ctl = self.ctl
        if self.toast_left > 0 or ctl.busy or ctl.hint_pending or self._gliding() or self.follower.to_show:
            return True
        if self.app.top() is self:  # the update opens the count or the capture choice
            return ctl.person_choice is not None or (ctl.deal_finished and not self.count_shown)
        return False

    def handle_event(self, event: pygame.event.Event) -> None:
        """The chat takes its keys and clicks first."""
        if self.chat.handle_event(event, self.geom()):
            return
        super().handle_event(event)

    def hint_text(self) -> str:
        """The advice line; after going on from a count, that the others have still to; while an offline person's
        move is awaited, when a computer plays for them."""
        if self.follower.watching:
            return _(WATCHING_TEXT)
        if self.ctl.waiting_next:
            return waiting_next_words(self.follower.seats_list, self.follower.seat)
        return self.offline_words() or super().hint_text()

    def own_note(self) -> str:
        """The connection's banner while it is down, else the table's message to the person."""
        status = self.follower.connection
        if status == "lost":
            return _(UNREACHABLE_TEXT if self.follower.unreachable else LOST_TEXT)
        if status == "closed":
            return _(CLOSED_TEXT)
        return super().own_note()

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the chat, and the connection banner while it is down."""
        super().draw(surface)
        geom = self.geom()
        if self.follower.watching:  # the bottom seat's hand too is face down to a watcher
            from chinese_ten.ui.table.geometry import hand_rects

            for rect in hand_rects(geom, len(self.ctl.board.hands[geom.bottom])):
                self.painter.card(surface, None, rect)
        self.chat.draw(surface, geom)
        reading = self.clock_shown()
        place = next((p for p in geom.seats if reading is not None and p.seat == reading.seat), None)
        if reading is not None and place is not None:
            plate = place.plate
            tallest = max((p.plate.height for p in geom.seats if p.seat != geom.bottom), default=plate.height)
            radius = max(9, round(tallest * 0.6))  # every seat's ring alike, the size the others' plates give
            if place.seat == geom.bottom:  # the person's own: at the end of the advice line, rising over the felt
                centre = (plate.right - radius - 4, plate.bottom - radius - 2)
            elif plate.left - 2 * radius - 10 >= geom.table.left:  # before the plate, clear of the hand's backs
                centre = (plate.left - radius - 10, plate.centery)
            else:
                centre = (plate.right + radius + 10, plate.centery)
            draw_clock(surface, self.app.kit, centre, radius, reading)
        if self.follower.connection in ("lost", "closed"):
            self.painter.message(surface, geom, self.own_note(), self.app.kit.theme.accent)

    def leave(self) -> None:
        """Close the connection (the seat stays the person's)."""
        super().leave()
        if self.client is not None:
            self.client.on_frame = None
            self.client.close(wait=2.0)
            self.client = None
