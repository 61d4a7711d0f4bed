"""A game is its own folder, its wire codec and its words: a small made-up game, written only here and
registered from here, is played through ``simulate``, a table server and a scripted network client with nothing
outside this module changed.

Eights is two seats and eight cards (the aces to fours of spades and hearts), three dealt to each and two to a
stock nobody sees; the seats play a card each in turn, and each scores its cards' ranks (an ace 1, a four 4).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.cards import Card, card_codes, cards_from
from chinese_ten.engine.errors import IllegalMove, InvalidAction
from chinese_ten.engine.game import GameSpec
from chinese_ten.engine.records import read_record_file
from chinese_ten.games import GAMES, register_game
from chinese_ten.net.client import TableClient
from tests.net.netkit import Player, ServerThread, play_until, wait_for

PACK: tuple[Card, ...] = cards_from(["AS", "AH", "2S", "2H", "3S", "3H", "4S", "4H"])
FORMAT = "chinese-ten/eights-v1"


@dataclass(frozen=True)
class EightsRules:
    """The one way Eights is played: two seats, the deal passing one seat on, the highest total winning."""

    preset: str = "standard"
    next_dealer: str = "rotate"
    win: str = "highest"
    step: int = 1

    def seat_counts(self) -> tuple[int, ...]:
        return (2,)

    def next_seat(self, seat: int, seats: int) -> int:
        return (seat + 1) % seats

    def dealer_for_leader(self, leader: int, seats: int) -> int:
        return (leader - 1) % seats

    def to_json(self) -> str:
        return self.preset

    def options(self) -> dict[str, object]:
        return {}


@dataclass(frozen=True)
class Play:
    """Play a card of the hand: ``play 3S``."""

    card: Card
    kind: str = "play"

    def __str__(self) -> str:
        return f"play {self.card}"

    @classmethod
    def parse(cls, text: str) -> Play:
        words = text.split() if isinstance(text, str) else []
        if len(words) != 2 or words[0] != "play":
            raise InvalidAction(f"not an Eights action: {text!r}")
        try:
            return cls(Card.parse(words[1]))
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None


@dataclass(frozen=True)
class Dealt:
    hands: tuple[tuple[Card | None, ...], ...]
    layout: tuple[Card, ...] = ()
    stock: int = 2
    seat: None = None


@dataclass(frozen=True)
class Played:
    seat: int
    card: Card


@dataclass(frozen=True)
class Over:
    points: tuple[int, ...]
    seat: None = None


@dataclass(frozen=True)
class EightsView:
    seat: int
    seats: int
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    to_act: int | None
    points: tuple[int, ...]
    turns: tuple[Card, ...]

    def legal_actions(self) -> list[Play]:
        return [Play(c) for c in self.hand] if self.to_act == self.seat else []


@dataclass
class Eights:
    hands: list[list[Card]]
    stock: list[Card]
    dealer: int
    to_move: int | None = None
    points_won: list[int] = field(default_factory=lambda: [0, 0])
    turns: list[tuple[int, Card]] = field(default_factory=list)
    deal_number: int | None = None
    seats: int = 2
    opening_events: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        if self.to_move is None and not self.turns:
            self.to_move = (self.dealer + 1) % 2
        self.opening = [list(h) for h in self.hands]

    @classmethod
    def shuffled(cls, seats: int, rng: random.Random, dealer: int, rules: Any = None) -> Eights:
        cards = list(PACK)
        rng.shuffle(cards)
        return cls([cards[0:3], cards[3:6]], cards[6:], dealer)

    @property
    def to_act(self) -> int | None:
        return self.to_move

    @property
    def is_over(self) -> bool:
        return not any(self.hands)

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(self.points_won)

    def next_forced(self) -> None:
        return None

    def legal_actions(self) -> list[Play]:
        return [] if self.to_move is None else [Play(c) for c in self.hands[self.to_move]]

    def apply(self, action: Any) -> list[Any]:
        if self.to_move is None:
            raise IllegalMove("the deal is over")
        seat = self.to_move
        if not isinstance(action, Play) or action.card not in self.hands[seat]:
            raise IllegalMove(f"seat {seat} cannot {action}")
        self.hands[seat].remove(action.card)
        self.points_won[seat] += (action.card >> 2) + 1
        self.turns.append((seat, action.card))
        events: list[Any] = [Played(seat, action.card)]
        if self.is_over:
            self.to_move = None
            events.append(Over(self.points))
        else:
            self.to_move = 1 - seat
        return events

    def dealt(self) -> Dealt:
        return Dealt(tuple(tuple(h) for h in self.opening))

    def observe(self, seat: int) -> EightsView:
        return EightsView(seat, 2, self.dealer, tuple(self.hands[seat]), tuple(len(h) for h in self.hands),
                          self.to_move, self.points, tuple(c for _s, c in self.turns))

    def tell(self, events: Sequence[Any], seat: int) -> list[Any]:
        return [Dealt(tuple(h if s == seat else (None,) * len(h) for s, h in enumerate(e.hands)))
                if isinstance(e, Dealt) else e for e in events]

    def returns(self) -> tuple[Fraction, ...]:
        mean = Fraction(sum(self.points_won), 2)
        return tuple(p - mean for p in self.points_won)

    def copy(self) -> Eights:
        twin = replace(self, hands=[list(h) for h in self.hands], stock=list(self.stock),
                       points_won=list(self.points_won), turns=list(self.turns))
        twin.opening = [list(h) for h in self.opening]
        return twin


def record_of(state: Any) -> dict[str, Any]:
    return {"format": FORMAT, "seats": 2, "dealer": state.dealer, "hands": [card_codes(h) for h in state.opening],
            "stock": card_codes(state.stock), "turns": [{"seat": s, "action": f"play {c}"} for s, c in state.turns]}


def record_actions(record: Mapping[str, Any]) -> list[Play]:
    return [Play.parse(t["action"]) for t in record["turns"]]


def replay(record: Mapping[str, Any]) -> Eights:
    state = Eights([list(cards_from(h)) for h in record["hands"]], list(cards_from(record["stock"])),
                   int(record["dealer"]))
    for number, action in enumerate(record_actions(record), 1):
        try:
            state.apply(action)
        except IllegalMove as exc:
            raise ValueError(f"turn {number}: {exc}") from None
    return state


class Lowest:
    """A computer that plays its lowest card."""

    name = "easy"

    def act(self, view: EightsView, rng: random.Random) -> Play:
        return min(view.legal_actions(), key=lambda a: int(a.card))


class AnyCard:
    """A computer that plays a card at random."""

    name = "random"

    def act(self, view: EightsView, rng: random.Random) -> Play:
        return rng.choice(view.legal_actions())


class Wire:
    """Eights on the wire: its events and a seat's view as JSON, and the view rebuilt from them."""

    @staticmethod
    def event_json(event: Any, following: tuple[Any, ...] = ()) -> dict[str, Any]:
        if isinstance(event, Dealt):
            return {"kind": "dealt", "hands": [[None if c is None else str(c) for c in h] for h in event.hands],
                    "layout": [], "stock": event.stock}
        if isinstance(event, Played):
            return {"kind": "played", "seat": event.seat, "card": str(event.card), "took": []}
        if isinstance(event, Over):
            return {"kind": "deal_over", "points": list(event.points)}
        raise TypeError(f"no wire form for {type(event).__name__}")

    @staticmethod
    def event_from_json(data: dict[str, Any]) -> Any:
        if data["kind"] == "dealt":
            return Dealt(tuple(tuple(None if c is None else Card.parse(c) for c in h) for h in data["hands"]))
        if data["kind"] == "played":
            return Played(int(data["seat"]), Card.parse(data["card"]))
        if data["kind"] == "deal_over":
            return Over(tuple(int(p) for p in data["points"]))
        raise ValueError(f"unknown Eights event {data['kind']!r}")

    @staticmethod
    def state_fields(view: EightsView) -> dict[str, Any]:
        return {"dealer": view.dealer, "turn": len(view.turns), "to_move": view.to_act, "hand": card_codes(view.hand),
                "hand_sizes": list(view.hand_sizes), "layout": [], "stock_left": 2, "pile_sizes": [0, 0],
                "points": list(view.points), "pending": None}

    @staticmethod
    def card_values(rules: Any, seats: int) -> dict[str, int]:
        return {str(c): (c >> 2) + 1 for c in PACK}

    @staticmethod
    def view_from_json(state: Mapping[str, Any], story: Sequence[Any], *, waiting: bool = False) -> EightsView:
        turns = tuple(e.card for e in story if isinstance(e, Played))
        to_act = None if waiting else state.get("to_move")
        return EightsView(int(state["seat"]), 2, int(state["dealer"]), cards_from(state["hand"]),
                          tuple(state["hand_sizes"]), to_act, tuple(state["points"]), turns)


SPEC = GameSpec(
    name="eights", title="Eights", record_format=FORMAT, seat_counts=(2,),
    players={"easy": Lowest, "random": AnyCard}, strengths=("easy",), default_rules=EightsRules(),
    deal=Eights.shuffled, parse_action=Play.parse, replay=replay, record_of=record_of,
    match_lengths=("one", "per-seat"), record_actions=record_actions, wire=Wire(),
)


@pytest.fixture
def eights() -> Iterator[GameSpec]:
    """Eights, registered for one test and taken out of the registry after it."""
    register_game(SPEC)
    try:
        yield SPEC
    finally:
        GAMES.pop(SPEC.name, None)


def test_simulate_plays_the_made_up_game_and_its_records_replay_to_their_results(eights: GameSpec,
                                                                                  tmp_path: Path) -> None:
    from chinese_ten.cli import main

    folder = tmp_path / "records"
    assert main(["simulate", "--game", "eights", "--seats", "2", "--players", "easy,random", "--deals", "3",
                 "--seed", "4", "--records", str(folder), "--json"]) == 0
    files = sorted(folder.iterdir())
    assert len(files) == 3
    for path in files:
        record = read_record_file(path)
        assert record["format"] == FORMAT and len(record["turns"]) == 6
        state = eights.replay(record)
        assert state.is_over and list(state.points) == record["result"]["points"]
        assert sum(state.points) == sum((c >> 2) + 1 for c in PACK if c not in state.stock)


def test_simulate_refuses_house_rules_and_seats_the_made_up_game_does_not_have(
        eights: GameSpec, capsys: pytest.CaptureFixture[str]) -> None:
    from chinese_ten.cli import main

    assert main(["simulate", "--game", "eights", "--seats", "3"]) == 2
    assert "Eights has 2 seats, not 3" in capsys.readouterr().err
    assert main(["simulate", "--game", "eights", "--rules", "taiwan"]) == 2
    assert "Eights has none" in capsys.readouterr().err


def test_a_table_server_deals_the_made_up_game_to_scripted_clients_and_hides_the_other_hand(
        eights: GameSpec, tmp_path: Path) -> None:
    server = ServerThread(tmp_path / "server", pool=False)
    clients: list[TableClient] = []
    try:
        host = TableClient.create(server.url, "Ann", game="eights", seats=2, match="per-seat")
        clients.append(host)
        created = wait_for(host, "created")
        guest = TableClient.join(created["links"]["1"], "Bo")
        clients.append(guest)
        players = [Player(host, 1), Player(guest, 2)]
        play_until(players, lambda: all(p.done for p in players), timeout=120)  # a guard: a quiet run takes 2 s
    finally:
        for client in clients:
            client.close()
        server.stop()
    for player, other_seat in zip(players, (1, 0)):
        assert not player.errors
        states = [f["state"] for f in player.frames if f.get("type") in ("welcome", "update") and f.get("state")]
        assert states and all(s["game"] == "eights" for s in states)
        dealt = [e for f in player.frames for e in f.get("events") or () if e.get("kind") == "dealt"]
        assert len(dealt) == 2 and all(e["hands"][other_seat] == [None] * 3 for e in dealt)
        assert player.deals == 2
    over = [f for f in players[0].frames if f.get("type") == "match_over"]
    assert len(over) == 1
