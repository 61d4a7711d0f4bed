"""A table seat at a network table, in the window: the same table scene, fed by a table client.

:class:`RemoteTableScene` is the live :class:`~chinese_ten.ui.table.live.TableScene` whose controller
follows a :class:`~chinese_ten.net.follower.RemoteFollower` instead of a local session. Besides the
table it shows who sits where (the server's labels and names, online or away), a banner while the
connection is lost and the client connects again, the chat (see :mod:`chinese_ten.ui.table.chat`),
and the server's refusals as short notices. Leaving the scene closes the connection; the seat stays
the person's (its token is kept for "Open tables").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from chinese_ten.i18n import N_, _
from chinese_ten.net.follower import RemoteFollower
from chinese_ten.ui.table.chat import ChatPanel
from chinese_ten.ui.table.choreography import pace_for
from chinese_ten.engine.strengths import ORDER
from chinese_ten.ui.table.controller import SeatInfo, TableController, seat_name
from chinese_ten.ui.table.live import TableScene
from chinese_ten.ui.wake import wake_window

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services

KIND_MARKS: dict[str, str] = {"computer": N_("Computer"), "away": N_("Away · a computer plays"),
                              "empty": N_("Waiting for a player")}
"""What a seat's plate says of a seat that no person is at now."""

LOST_TEXT = N_("Connection lost: connecting again…")
CLOSED_TEXT = N_("The connection to the table has ended.")


def seat_label(entry: dict[str, Any], seat: int) -> str:
    """The server's label of a seat in words: Host, or Guest 1, 2…"""
    return _("Host") if seat == 0 or entry.get("label") == "host" else _("Guest {number}").format(number=seat)


def network_infos(follower: RemoteFollower) -> list[SeatInfo]:
    """Who sits where at a network table, from the server's seat list: names, and under each name its
    label with online or away (the table's own seat is the person's)."""
    infos = []
    for seat in range(follower.seats):
        entry = follower.seats_list[seat] if seat < len(follower.seats_list) else {}
        label = seat_label(entry, seat)
        kind = entry.get("kind", "human")
        name = str(entry.get("name") or label)
        if seat == follower.seat:
            infos.append(SeatInfo(name, None, label))
            continue
        if kind == "human":
            online = bool(entry.get("online"))
            mark = label if online else _("{label} · offline").format(label=label)
            infos.append(SeatInfo(name, "person", mark, notice=not online))
        elif kind == "computer" and entry.get("strength") in ORDER:  # named as at a table against computers
            infos.append(SeatInfo(seat_name(seat, follower.seats, follower.seat), str(entry["strength"])))
        else:
            infos.append(SeatInfo(name, "computer", _(KIND_MARKS.get(kind, KIND_MARKS["computer"])),
                                  notice=kind in ("away", "empty")))
    return infos


def remote_controller(follower: RemoteFollower, app: Services) -> TableController:
    """The live table's controller following ``follower``'s seat."""
    return TableController(follower.seats, follow=follower, seat=follower.seat, game=follower.game.name,
                           infos=lambda: network_infos(follower), pace=pace_for(app.settings.animation_speed),
                           thinker=app.thinker)


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

    def update(self, dt: float) -> None:
        """The table, and what came besides its moves: who sits where, refusals, chat."""
        super().update(dt)
        f = self.follower
        if f.seats_list is not self._seats_seen:
            self._seats_seen = f.seats_list
            self.ctl.infos[:] = network_infos(f)
            self.ctl.names[:] = [i.name for i in self.ctl.infos]
        if f.news.refused:
            self.say(f.news.refused[-1])
            f.news.refused.clear()
        if f.places is not None and not self._forgotten:  # the match is over: nothing to come back to
            self._forgotten = True
            self.app.keeper.keep_network(f)  # its outcome, now the table has told the places
            from chinese_ten.ui.open_tables import base_of

            client = self.client
            if client is not None and getattr(client, "table", None):
                self.app.open_tables.forget(base_of(client.url), client.table)
        if not self._forgotten:  # what "Open tables" shows of this table: its seats, its deal, whose move
            self.app.open_tables.follow(self.client, f, self.ctl.person_to_play)
        if self.held:
            f.receive()  # frames still come in (and the connection's state) while a menu is open
        self.chat.update(dt)

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
        """The advice line; after going on from a count, that the others have still to."""
        if self.ctl.waiting_next:
            from chinese_ten.ui.scenes.lobby import waiting_next_words

            return waiting_next_words(self.follower.seats_list, self.follower.seat)
        return super().hint_text()

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the chat, and the connection banner while it is down."""
        super().draw(surface)
        geom = self.geom()
        self.chat.draw(surface, geom)
        status = self.follower.connection
        if status == "lost":
            self.painter.message(surface, geom, _(LOST_TEXT), self.app.kit.theme.accent)
        elif status == "closed":
            self.painter.message(surface, geom, _(CLOSED_TEXT), self.app.kit.theme.accent)

    def leave(self) -> None:
        """Close the connection (the seat stays the person's)."""
        super().leave()
        if self.client is not None:
            self.client.on_frame = None
            self.client.close(wait=2.0)
            self.client = None
