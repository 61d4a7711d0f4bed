"""Deal numbers (INTERFACE.md "Deal numbers"): every deal of either game has a number from 0 to 2^53 - 1 that
deals exactly its cards again under the same rules and seats; a match can start from one."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from chinese_ten.cli import build_parser, launch_options, main
from chinese_ten.engine.match import Match, MatchLength
from chinese_ten.engine.session import SeatKind, TableSession
from chinese_ten.engine.streams import DEAL_NUMBERS, deal_number
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games import game_named
from chinese_ten.games.ten.rules import RuleSet

GAMES = [("ten", 4, RuleSet.of("classic")), ("ten", 3, RuleSet.of("taiwan")), ("fishing", 6, None)]


def _session(game: str, seats: int, rules: object, seed: int = 5, deals: int = 3) -> TableSession:
    spec = game_named(game)
    return TableSession(spec, [SeatKind.computer("easy")] * seats, MatchLength.fixed(deals), rules=rules, seed=seed,
                        thinker=ComputerThinker(force_inline=True))


def _play_out(session: TableSession) -> None:
    while not session.deal.is_over:
        session.advance()


@pytest.mark.parametrize(("game", "seats", "rules"), GAMES)
def test_every_deal_of_a_match_is_dealt_again_by_its_number(game: str, seats: int, rules: object) -> None:
    spec = game_named(game)
    session = _session(game, seats, rules)
    for k in range(3):
        number = session.shuffle_number
        assert isinstance(number, int) and 0 <= number < DEAL_NUMBERS and number == deal_number(5, k)
        again = spec.deal(seats, random.Random(number), session.deal.dealer, session.match.rules)
        assert again.initial == session.deal.initial
        _play_out(session)
        session.next_deal()


@pytest.mark.parametrize(("game", "seats", "rules"), GAMES)
def test_a_match_started_from_a_number_deals_it_first_then_goes_on_as_its_seed(game: str, seats: int,
                                                                            rules: object) -> None:
    plain = _session(game, seats, rules, seed=9)
    numbered_from = _session(game, seats, rules, seed=5)
    wanted = plain.deal.initial
    numbered = _session(game, seats, rules, seed=11)
    numbered.resume({"first_number": deal_number(9, 0), "first_dealer": plain.deal.dealer})
    assert numbered.shuffle_number == deal_number(9, 0) and numbered.deal.initial == wanted
    assert numbered.deal.dealer == plain.deal.dealer
    _play_out(numbered)
    numbered.next_deal()
    assert numbered.shuffle_number == deal_number(11, 1)  # the later deals follow the match's own seed
    assert numbered_from.match.deal_number(1) == deal_number(5, 1)


def test_a_match_started_from_a_number_is_kept_with_it() -> None:
    session = _session("ten", 2, RuleSet.of("classic"), seed=3)
    session.resume({"first_number": 123456789, "first_dealer": 1})
    session.advance(2)
    kept = session.progress()
    assert kept["first_number"] == 123456789 and kept["first_dealer"] == 1
    again = _session("ten", 2, RuleSet.of("classic"), seed=3)
    again.resume(kept)
    assert again.deal.initial == session.deal.initial and again.actions == session.actions


def test_a_match_refuses_a_number_outside_the_range() -> None:
    with pytest.raises(ValueError, match="deal number"):
        Match(game_named("ten"), 2, MatchLength.fixed(1), seed=1, first_number=DEAL_NUMBERS)
    with pytest.raises(ValueError, match="deal number"):
        _session("ten", 2, RuleSet.of("classic")).resume({"first_number": -1})


def test_deal_is_handed_to_the_window_and_the_demo() -> None:
    assert launch_options(build_parser().parse_args(["--deal", "42"])).deal == 42
    assert launch_options(build_parser().parse_args([])).deal is None
    demo = launch_options(build_parser().parse_args(["demo", "--deal", str(DEAL_NUMBERS - 1)])).demo
    assert demo is not None and demo.deal == DEAL_NUMBERS - 1
    demo = launch_options(build_parser().parse_args(["--deal", "0", "demo"])).demo
    assert demo is not None and demo.deal == 0


@pytest.mark.parametrize("given", ["-1", str(DEAL_NUMBERS), "1.5", "seven", ""])
def test_a_deal_number_outside_the_range_is_refused_in_one_line(capsys: pytest.CaptureFixture[str], given: str) -> None:
    for argv in (["--deal", given], ["demo", "--deal", given]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "deal number" in err and str(DEAL_NUMBERS - 1) in err


def test_simulate_records_carry_chinese_tens_deal_numbers_too(tmp_path: Path) -> None:
    from chinese_ten.games.ten.deal import Deal
    from chinese_ten.games.ten.record import replay

    assert main(["simulate", "--seats", "3", "--players", "random", "--deals", "2", "--seed", "4",
                 "--records", str(tmp_path)]) == 0
    for k, path in enumerate(sorted(tmp_path.glob("*.json"))):
        record = json.loads(path.read_text(encoding="utf-8"))
        assert record["deal_number"] == deal_number(4, k)
        rules = replay(record).rules
        again = Deal.shuffled(3, random.Random(record["deal_number"]), record["dealer"], rules)
        assert [[str(c) for c in h] for h in again.initial[0]] == record["hands"]
        assert [str(c) for c in again.initial[1]] == record["layout"]
