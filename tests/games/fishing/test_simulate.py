"""Go Fishing's simulate: repeatable, duplicate rotations, records with results that replay."""

import json
from pathlib import Path

import pytest

from chinese_ten.games.fishing.record import replay
from chinese_ten.engine.simulate import simulate as run
from chinese_ten.games.fishing import SPEC


def simulate(*args, **kwargs):  # type: ignore[no-untyped-def]
    """The engine's simulate, playing Go Fishing."""
    return run(SPEC, *args, **kwargs)


def test_the_same_seed_gives_the_same_results_and_another_seed_other_ones() -> None:
    a = simulate(3, 6, ["normal", "easy", "random"], seed=4)
    b = simulate(3, 6, ["normal", "easy", "random"], seed=4)
    c = simulate(3, 6, ["normal", "easy", "random"], seed=5)
    assert a.mean_margin == b.mean_margin and a.mean_margin != c.mean_margin


def test_duplicate_plays_every_shuffle_in_every_rotation_and_the_records_say_who_sat_where(tmp_path: Path) -> None:
    result = simulate(4, 2, ["easy", "normal", "normal", "normal"], seed=1, duplicate=True, records=tmp_path)
    assert result.deals == 8 and result.shuffles == 2
    files = sorted(tmp_path.glob("deal-*.json"))
    assert len(files) == 8
    seats_of_easy = set()
    for path in files:
        record = json.loads(path.read_text(encoding="utf-8"))
        deal = replay(record)
        assert deal.is_over and record["format"] == "chinese-ten/fishing-v1"
        assert record["result"]["points"] == list(deal.points)
        assert sum(record["result"]["margins"]) == pytest.approx(0, abs=0.5)
        seats_of_easy.add(record["result"]["players"].index("easy"))
        if path.name.startswith("deal-00000"):
            assert record["hands"] == json.loads(files[0].read_text(encoding="utf-8"))["hands"]
    assert seats_of_easy == {0, 1, 2, 3}


def test_random_players_take_the_fast_path_and_match_the_slow_one_in_kind() -> None:
    fast = simulate(8, 20, ["random"], seed=3)
    assert fast.deals == 20 and fast.mean_margin["random"] == 0 and fast.ms_per_decision == {}


@pytest.mark.parametrize(("seats", "players", "message"), [
    (9, ["normal"], "for 2, 3, 4, 5, 6, 7, 8 seats, not 9"),
    (3, ["normal", "easy"], "names 2 players for 3 seats"),
    (2, ["expert"], "unknown player"),
])
def test_bad_arguments_are_refused(seats: int, players: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        simulate(seats, 1, players)


def test_every_decision_is_timed_by_the_clock_and_by_the_processor() -> None:
    result = simulate(3, 2, ["normal", "easy", "easy"], seed=2)
    clock = result.clock
    assert len(clock.each["normal"]) == len(clock.cpu["normal"]) == clock.count["normal"] > 0
    assert all(t >= 0 for t in clock.cpu["easy"]) and set(result.ms_per_decision) == {"normal", "easy"}


def test_simulate_records_carry_deal_numbers_that_deal_their_cards_again_and_replay_ignores(tmp_path: Path) -> None:
    from chinese_ten.cli import main
    from chinese_ten.engine.streams import DEAL_NUMBERS, deal_number
    from chinese_ten.games.fishing.record import position_of, record_of
    from chinese_ten.games.fishing.state import FishingDeal

    assert main(["simulate", "--game", "fishing", "--seats", "3", "--deals", "3", "--players", "easy",
                 "--seed", "9", "--records", str(tmp_path), "--json"]) == 0
    numbers = []
    for k in range(3):
        record = json.loads((tmp_path / f"deal-{k:05d}-0.json").read_text(encoding="utf-8"))
        number = record["deal_number"]
        assert isinstance(number, int) and 0 <= number < DEAL_NUMBERS and number == deal_number(9, k)
        again = record_of(FishingDeal.numbered(3, number, record["dealer"]))
        assert {key: again[key] for key in ("hands", "layout", "stock")} == {
            key: record[key] for key in ("hands", "layout", "stock")}
        bare = {key: value for key, value in record.items() if key != "deal_number"}
        assert position_of(replay(record)) == position_of(replay(bare)) and replay(record).is_over
        numbers.append(number)
    assert len(set(numbers)) == 3, "every deal has its own number"
