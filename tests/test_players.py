"""The computer players: they never peek, always play legally, replay exactly and rank as intended."""

from __future__ import annotations

import random

import pytest

import dataclasses

from chinese_ten.cards import Card
from chinese_ten.games.ten.deal import Deal
from chinese_ten.games.ten.turns import Phase
from chinese_ten.games.ten.players import PLAYERS, STRENGTHS, make_player
from chinese_ten.games.ten.players.base import Player
from chinese_ten.games.ten.players.hard import HardPlayer
from chinese_ten.games.ten.rules import PRESETS, RuleSet
from chinese_ten.engine.simulate import simulate
from chinese_ten.games.ten import SPEC as TEN

from dealkit import build_deal

HARD_TEST_MS = 5
CHEAP = ["random", "easy", "normal"]
SEARCHING = ["hard", "expert"]
ALL = CHEAP + SEARCHING


def player(name: str) -> Player:
    """A player by name; the players that search think only briefly so the tests stay quick."""
    return make_player(name, HARD_TEST_MS if name in SEARCHING else None)


def random_position(seats: int, seed: int) -> Deal:
    """A deal under a random preset, replayed with random choices to a random PLAY or CHOOSE moment."""
    rng = random.Random(seed)
    rules = RuleSet.of(rng.choice([p for p in PRESETS if seats in RuleSet.of(p).seat_counts()]))
    deal = Deal.from_seed(seats, rng.getrandbits(32), dealer=rng.randrange(seats), rules=rules)
    steps = rng.randrange(0, 3 * deal.total_turns)
    for _ in range(steps):
        if deal.phase is Phase.PLAY:
            deal.play(rng.choice(deal.legal_plays()))
        elif deal.phase is Phase.FLIP:
            deal.flip()
        elif deal.phase is Phase.CHOOSE:
            assert deal.pending is not None
            deal.choose(rng.choice(deal.pending.candidates))
        else:
            break
    while deal.phase is Phase.FLIP:
        deal.flip()
    return deal


def positions(count: int, want: Phase | None = None, start: int = 0) -> list[Deal]:
    """``count`` random positions at 2, 3 and 4 seats (only CHOOSE ones when asked)."""
    found: list[Deal] = []
    seed = start
    while len(found) < count:
        deal = random_position(2 + seed % 3, seed)
        seed += 1
        if deal.is_over:
            continue
        if want is None or deal.phase is want:
            found.append(deal)
    return found


def hidden_reshuffled(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """A copy of the deal where every card ``seat`` cannot see has moved, keeping all sizes."""
    other = deal.copy()
    hidden = [c for s in range(other.seats) if s != seat for c in other._hands[s]] + other._stock
    rng.shuffle(hidden)
    i = 0
    for s in range(other.seats):
        if s != seat:
            n = len(other._hands[s])
            other._hands[s] = hidden[i:i + n]
            i += n
    other._stock = hidden[i:]
    return other


def decide(p: Player, deal: Deal, seed: int) -> object:
    """The player's decision for the seat to act, with a fresh seeded random source."""
    seat = deal.to_move
    assert seat is not None
    view = deal.view(seat)
    if deal.phase is Phase.CHOOSE:
        return p.choose_take(view, random.Random(seed))
    return p.choose_play(view, random.Random(seed))


def test_every_player_is_registered() -> None:
    for name in ALL:
        assert name in PLAYERS
        assert make_player(name).name == name


@pytest.mark.parametrize("name", SEARCHING)
def test_thinking_time_of_a_searching_player_can_be_set(name: str) -> None:
    assert isinstance(make_player(name).think_ms, int)  # type: ignore[attr-defined]
    assert make_player(name, 7).think_ms == 7  # type: ignore[attr-defined]


def test_strengths_go_weakest_first_and_the_see_the_hand_reference_is_none_of_them() -> None:
    assert STRENGTHS == ("easy", "normal", "hard"), "expert is not offered until it plays better than Hard"
    assert "expert" in PLAYERS
    assert set(STRENGTHS) <= set(PLAYERS) and "seeing" not in PLAYERS


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("phase", [Phase.PLAY, Phase.CHOOSE])
def test_no_player_peeks(name: str, phase: Phase) -> None:
    count = 12 if name in SEARCHING else 60
    rng = random.Random(99)
    changed = 0
    for k, deal in enumerate(positions(count, phase, start=1000 * (phase is Phase.CHOOSE))):
        seat = deal.to_move
        assert seat is not None
        twin = hidden_reshuffled(deal, seat, rng)
        assert twin.view(seat) == deal.view(seat)
        changed += any(twin._hands[s] != deal._hands[s] for s in range(deal.seats)) or twin._stock != deal._stock
        assert decide(player(name), twin, k) == decide(player(name), deal, k)
    assert changed > count // 2


@pytest.mark.slow
@pytest.mark.parametrize("name", ALL)
def test_decisions_are_legal(name: str) -> None:
    count = 150 if name in SEARCHING else 3000
    for k, deal in enumerate(positions(count, start=5000)):
        seat = deal.to_move
        assert seat is not None
        if deal.phase is Phase.CHOOSE:
            pending = deal.pending
            assert pending is not None
            take = decide(player(name), deal, k)
            assert take in pending.candidates
            deal.choose(take)  # type: ignore[arg-type]
            continue
        decision = decide(player(name), deal, k)
        assert decision.play in deal.hand(seat)  # type: ignore[attr-defined]
        cands = deal.candidates(decision.play)  # type: ignore[attr-defined]
        if cands:
            assert decision.take in cands  # type: ignore[attr-defined]
        else:
            assert decision.take is None  # type: ignore[attr-defined]
        deal.play(decision.play, decision.take)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ALL)
def test_decisions_replay_exactly(name: str) -> None:
    count = 20 if name in SEARCHING else 300
    for k, deal in enumerate(positions(count, start=9000)):
        p = player(name)
        assert decide(p, deal, k) == decide(p, deal, k)
        assert decide(p, deal, k) == decide(player(name), deal.copy(), k)


def _two_card_position(interchangeable: bool) -> tuple[Deal, int]:
    """A seeded deal played on until the seat to move holds two cards that capture nothing and are
    (or are not) the same rank and worth the same points."""
    for seed in range(400):
        deal = Deal.from_seed(2, seed)
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            hand = deal.hand(seat)
            if len(hand) == 2 and not any(deal.candidates(c) for c in hand):
                a, b = hand
                same = a.rank == b.rank and deal.points_of(a) == deal.points_of(b)
                if same == interchangeable:
                    return deal, seat
            deal.fast_turn(deal._hands[seat][0])  # type: ignore[index]
    raise AssertionError("no such position in 400 deals")


def test_hard_plays_at_once_without_searching_when_its_cards_are_interchangeable(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    searched: list[str] = []
    original = HardPlayer._search

    def spy(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        searched.append("searched")
        return original(self, *args, **kwargs)
    monkeypatch.setattr(HardPlayer, "_search", spy)
    deal, seat = _two_card_position(interchangeable=True)
    decision = HardPlayer(think_ms=5).choose_play(deal.view(seat), random.Random(1))
    assert decision.play in deal.hand(seat) and searched == []
    deal, seat = _two_card_position(interchangeable=False)
    HardPlayer(think_ms=5).choose_play(deal.view(seat), random.Random(1))
    assert searched == ["searched"], "two different cards are a real choice, which is searched"


def test_easy_loses_to_normal() -> None:
    result = simulate(TEN, 2, 300, ["easy", "normal"], seed=11, duplicate=True)
    assert result.mean_margin["easy"] < -4.0
    assert result.ci95["easy"][1] < 0


def test_hard_beats_random() -> None:
    result = simulate(TEN, 2, 20, ["hard", "random"], seed=12, duplicate=True, think_ms=HARD_TEST_MS)
    assert result.mean_margin["hard"] > 10.0


def test_hard_searches_the_turned_cards_capture() -> None:
    # Seat 1 turns the 8D with 2H and 2S on the layout and holds no other 8:
    # leaving the 2H for the opponent's 8s is a plain loss.
    from dealkit import build_deal

    hand = ["3C", "4S", "4C", "5S", "5C", "6S", "6C", "7S", "9S", "9C", "10S", "10C"]
    deal = build_deal(2, ["2H", "2S", "KC", "QC"], stock_top=["8D"], hands={1: hand})
    deal.play("3C")
    deal.flip()
    assert deal.phase is Phase.CHOOSE
    take = HardPlayer(think_ms=20).choose_take(deal.view(1), random.Random(0))
    assert str(take) == "2H"


def test_normal_guards_the_big_cards_of_the_scoring_table_in_force() -> None:
    # Seat 1 can capture nothing. 9♠ could still be taken by an unseen ace; every other 10 is seen.
    def choice(rules: RuleSet) -> str:
        deal = build_deal(2, ["2H", "3H", "4H", "6H"], hands={1: ["9S", "10C"]}, rules=rules)
        view = deal.view(1)
        view = dataclasses.replace(view, hand=(Card.parse("9S"), Card.parse("10C")),
                                   seen=view.seen | {Card.parse(c) for c in ("10S", "10H", "10D")})
        return str(make_player("normal").choose_play(view, random.Random(0)).play)

    # 9♠ scores 9 under Red Frog, above the mean of its scoring cards: a big card to guard,
    # even though the classic table's big cards start at 10; 10♣ (10) can no longer be taken
    assert choice(RuleSet.of("red-frog")) == "10C"


@pytest.mark.parametrize("name", SEARCHING)
@pytest.mark.parametrize("preset", list(PRESETS))
def test_searching_players_beat_random_under_every_preset(name: str, preset: str) -> None:
    seats = 2
    result = simulate(TEN, seats, 6, [name, "random"], seed=13, duplicate=True, think_ms=HARD_TEST_MS,
                      rules=RuleSet.of(preset))
    assert result.mean_margin[name] > 0
