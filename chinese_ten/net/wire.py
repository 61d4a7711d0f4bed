"""A seat's view and its events as NETWORK.md's JSON, for any game (each game's own codec, ``spec.wire``), and events read back into the
values the window animates.

Everything here is built from what one seat is told (its :class:`~chinese_ten.engine.session.Update`
events, already masked by the game's ``tell``, and its ``observe`` view), so a frame can never name
a card that seat may not know.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chinese_ten.engine.game import Wire
from chinese_ten.engine.session import TableSession, Update
from chinese_ten.games import GAMES


def codec_of(game: str) -> Wire:
    """The wire codec of the game named ``game``; ``ValueError`` for a game no table serves."""
    spec = GAMES.get(game)
    if spec is None or spec.wire is None:
        raise ValueError(f"no wire form for the game {game!r}")
    return spec.wire


def events_json(game: str, events: Sequence[Any]) -> list[dict[str, Any]]:
    """``events`` (as one seat was told them) as the ``events`` list of an ``update`` frame."""
    codec = codec_of(game)
    items = tuple(events)
    return [codec.event_json(e, items[i + 1:]) for i, e in enumerate(items)]  # type: ignore[no-any-return]


def events_from_json(game: str, data: Sequence[dict[str, Any]]) -> tuple[Any, ...]:
    """The event values an ``events`` list describes; ``ValueError`` for one that is not as written here."""
    codec = codec_of(game)
    try:
        return tuple(codec.event_from_json(item) for item in data)
    except (KeyError, TypeError) as exc:
        raise ValueError(f"an event is not as the contract writes it ({exc})") from None


def common_state(session: TableSession) -> dict[str, Any]:
    """The part of ``state`` that every seat shares and that changes only from deal to deal (worked out once
    for all the seats of a table)."""
    return {"game": session.game.name, "seats": session.seats, "deal": session.deal_number,
            "deals": session.match.total_deals, "rules": session.match.rules.to_json(),
            "totals": list(session.match.totals)}


def card_values(session: TableSession) -> dict[str, int]:
    """Every card's points under the match's rules at its seat count, by the card's name (``welcome``'s
    ``values``), so a client shows points without knowing the rules."""
    return codec_of(session.game.name).card_values(session.match.rules, session.seats)  # type: ignore[no-any-return]


def state_json(session: TableSession, seat: int, *, playing: bool = True,
               common: dict[str, Any] | None = None) -> dict[str, Any]:
    """What ``seat`` may know now, as the ``state`` of NETWORK.md; ``legal`` is empty unless ``playing``
    (the match under way and this seat's decision next). ``common`` is :func:`common_state`, when known."""
    shared = common_state(session) if common is None else common
    out: dict[str, Any] = {"game": shared["game"], "seats": shared["seats"], "seat": seat, "deal": shared["deal"],
                           "deals": shared["deals"], "rules": shared["rules"]}
    out.update(codec_of(shared["game"]).state_fields(session.observe(seat)))
    out["totals"] = shared["totals"]
    legal: list[str] = []
    if playing and not session.deal.is_over and session.to_act == seat:
        legal = [str(a) for a in session.deal.legal_actions()]
    out["legal"] = legal
    return out


def story(session: TableSession, seat: int) -> list[Update]:
    """The current deal's updates as ``seat`` was told them, from its deal or its last rewind on."""
    found: list[Update] = []
    for update in session.updates(seat):
        if update.deal_number != session.deal_number:
            continue
        if update.kind != "moved":
            found = []
        found.append(update)
    return found


def story_events(session: TableSession, seat: int) -> list[Any]:
    """Every event of the current deal so far as ``seat`` was told it (what a ``rewound`` update shows)."""
    return [e for update in story(session, seat) for e in update.events]
