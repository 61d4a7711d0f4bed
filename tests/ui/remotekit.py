"""A network seat without a network: frames written from a local session as the table server writes them,
for following a remote seat and a local one side by side."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chinese_ten.engine.session import TableSession, Update
from chinese_ten.net.client import updates_of
from chinese_ten.net.wire import events_json, state_json, story_events


class ScriptedSeat:
    """What a :class:`~chinese_ten.net.client.TableClient` hands its window, made from ``session`` for
    ``seat``: a ``welcome`` first, then an ``update`` per update with the seat's ``state``, and the deal's
    ``deal_over`` once it is over. The seat's decisions go straight into the session."""

    def __init__(self, session: TableSession, seat: int, assists: bool = True) -> None:
        self.session = session
        self.seat: int | None = seat
        self.game = session.game.name
        self.assists = assists
        self.sent = session.update_count
        self.seq = 0
        self.welcomed = False
        self.acts: list[str] = []
        self.nexts = 0
        self.told_over: set[int] = set()
        self.frames: list[dict[str, Any]] = []
        """Every frame handed out, in order."""

    def _state(self) -> dict[str, Any]:
        return state_json(self.session, self.seat or 0, playing=not self.session.deal.is_over)

    def poll(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        s = self.session
        seat = self.seat or 0
        if not self.welcomed:
            self.welcomed = True
            self.seq += 1
            out.append({"type": "welcome", "table": "t", "seat": seat, "seq": self.seq, "game": self.game,
                        "seats": [{"label": "host" if i == 0 else f"guest {i}", "name": f"P{i}", "kind": "human",
                                   "online": True} for i in range(s.seats)],
                        "state": self._state(), "story": events_json(self.game, story_events(s, seat)),
                        "deal": s.deal_number, "assists": self.assists, "chat": True})
        for update in s.updates(seat, self.sent):
            self.seq += 1
            out.append({"type": "update", "seq": self.seq, "events": events_json(self.game, update.events),
                        "state": self._state(),
                        "step": {"kind": update.kind, "deal": update.deal_number, "by": update.seat}})
        self.sent = s.update_count
        if s.deal.is_over and s.deal_number not in self.told_over:
            self.told_over.add(s.deal_number)
            self.seq += 1
            numbered = {} if s.shuffle_number is None else {"deal_number": s.shuffle_number}
            record = {**s.game.record_of(s.deal), **numbered,  # as the table server writes it
                      "result": {"points": list(s.deal.points), "margins": [float(m) for m in s.deal.returns()]}}
            out.append({"type": "deal_over", "seq": self.seq, "record": record, "totals": list(s.match.totals)})
        self.frames.extend(out)
        return out

    def updates(self, frame: Mapping[str, Any]) -> list[Update]:
        return updates_of(frame, self.game)

    def act(self, action: str) -> str:
        self.acts.append(action)
        self.session.submit(self.seat or 0, self.session.game.parse_action(action))
        self.session.advance(decisions=0)
        return f"a{len(self.acts)}"

    def next_deal(self) -> None:
        self.nexts += 1


def remote_table(window: Any, kinds: list[Any], seat: int, game: str = "ten", seed: int = 3) -> Any:
    """A window showing a network table of ``game`` seen from ``seat`` (one deal, seats of ``kinds``), fed by a
    :class:`ScriptedSeat` instead of a server; returns the table's scene (its ``app`` is the window)."""
    from chinese_ten.engine.match import MatchLength
    from chinese_ten.engine.session import TableSession
    from chinese_ten.engine.thinking import ComputerThinker
    from chinese_ten.games import game_named
    from chinese_ten.net.follower import RemoteFollower
    from chinese_ten.settings import Settings
    from chinese_ten.ui.app import App
    from chinese_ten.ui.table.remote import RemoteTableScene

    session = TableSession(game_named(game), kinds, MatchLength.fixed(1), seed=seed, leader=0)
    scripted = ScriptedSeat(session, seat, assists=False)
    follower = RemoteFollower(scripted, scripted.poll())
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    scene = RemoteTableScene(app, follower)
    app.replace(scene)
    return scene
