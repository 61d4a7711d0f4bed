import json
from dataclasses import replace

import pytest

from chinese_ten.games.ten.deal import Deal

from chinese_ten.engine.simulate import make_output_folder, mean_and_interval, simulate, write_record_file
from chinese_ten.games.ten import SPEC as TEN


def test_normal_beats_random_clearly_over_duplicate_deals():
    result = simulate(TEN, 2, 60, ["normal", "random"], seed=7, duplicate=True)
    assert result.deals == 120 and result.shuffles == 60
    assert result.mean_margin["normal"] == -result.mean_margin["random"]
    assert result.mean_margin["normal"] > 10
    lo, hi = result.ci95["normal"]
    assert lo < result.mean_margin["normal"] < hi


def test_same_seed_same_results():
    a = simulate(TEN, 3, 40, ["random", "normal", "random"], seed=3)
    b = simulate(TEN, 3, 40, ["random", "normal", "random"], seed=3)
    assert a.mean_margin == b.mean_margin
    c = simulate(TEN, 3, 40, ["random", "normal", "random"], seed=4)
    assert c.mean_margin != a.mean_margin, "another seed deals other cards"


def test_the_random_fast_path_plays_every_deal_to_its_end_with_every_point_accounted_for():
    played = []

    def spy(deal, rng):  # type: ignore[no-untyped-def]
        Deal.play_out_random(deal, rng)
        worth = sum(deal.points_of(c) for c in range(52))
        played.append((deal.is_over, sum(deal.points) + sum(deal.points_of(c) for c in deal.leftovers) == worth,
                       sum(deal.exact_margins) == 0))
    fast = simulate(replace(TEN, play_out_random=spy), 4, 200, ["random"], seed=1)
    assert fast.deals == 200 and len(played) == 200
    assert all(over and whole and balanced for over, whole, balanced in played)


def test_duplicate_plays_each_shuffle_once_for_every_rotation_of_the_players(tmp_path):
    result = simulate(TEN, 3, 4, ["normal", "easy", "random"], seed=2, duplicate=True, records=tmp_path)
    assert result.deals == 12
    for k in range(4):
        records = [json.loads((tmp_path / f"deal-{k:05d}-{r}.json").read_text()) for r in range(3)]
        assert len({json.dumps([r["hands"], r["layout"], r["stock"]]) for r in records}) == 1, "one shuffle"
        seatings = [r["result"]["players"] for r in records]
        assert seatings == [["normal", "easy", "random"], ["random", "normal", "easy"], ["easy", "random", "normal"]]


def test_bad_arguments():
    with pytest.raises(ValueError, match="3 players for 2 seats"):
        simulate(TEN, 2, 1, ["normal"] * 3)
    with pytest.raises(ValueError, match="unknown player"):
        simulate(TEN, 2, 1, ["nobody"])


def test_interval():
    assert mean_and_interval([]) == (0.0, (0.0, 0.0))
    mean, (lo, hi) = mean_and_interval([1.0, 3.0])
    assert mean == 2.0 and lo < 2.0 < hi


def test_records_are_written_whole_into_a_new_nested_folder(tmp_path):
    folder = tmp_path / "a" / "b"
    simulate(TEN, 2, 2, ["random", "normal"], seed=1, records=folder)
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["deal-00000-0.json", "deal-00001-0.json"]
    assert json.loads((folder / names[0]).read_text())["result"]["players"] == ["random", "normal"]


def test_a_records_place_that_is_a_file_is_refused_and_kept(tmp_path):
    target = tmp_path / "recs"
    target.write_text("kept")
    with pytest.raises(ValueError, match="is not a folder"):
        make_output_folder(target)
    assert target.read_text() == "kept"


def test_a_records_folder_that_cannot_be_made_is_refused(tmp_path):
    (tmp_path / "file").write_text("kept")
    with pytest.raises(ValueError, match="cannot make the folder .*: Not a directory"):
        make_output_folder(tmp_path / "file" / "recs")


def test_a_record_that_cannot_be_written_leaves_nothing_behind(tmp_path):
    blocked = tmp_path / "deal-00000-0.json"
    blocked.mkdir()
    with pytest.raises(ValueError, match=f"^cannot write the record {blocked}: "):
        write_record_file(blocked, {"format": "chinese-ten/deal-v1"})
    assert [p.name for p in tmp_path.iterdir()] == ["deal-00000-0.json"] and blocked.is_dir()


def test_a_written_record_replaces_an_old_one_whole(tmp_path):
    path = tmp_path / "deal.json"
    path.write_text("old")
    write_record_file(path, {"format": "chinese-ten/deal-v1", "note": "new"})
    assert json.loads(path.read_text()) == {"format": "chinese-ten/deal-v1", "note": "new"}
    assert [p.name for p in tmp_path.iterdir()] == ["deal.json"]


def test_fishing_records_at_eight_seats_carry_exact_margins_that_add_up_to_zero(tmp_path):
    from fractions import Fraction

    from chinese_ten.engine.scores import as_number
    from chinese_ten.games import check_record_result, game_named

    simulate(game_named("fishing"), 8, 3, ["random"], seed=6, records=tmp_path)
    for path in sorted(tmp_path.iterdir()):
        record = json.loads(path.read_text())
        result = record["result"]
        assert set(result) == {"players", "points", "margins", "margins_exact"}
        exact = [Fraction(m) for m in result["margins_exact"]]
        assert sum(exact) == 0 and all((8 * m).denominator == 1 for m in exact)
        assert result["margins"] == [as_number(m) for m in exact]
        check_record_result(record)


def test_the_text_says_one_deal_as_one_and_never_minus_nothing():
    from dataclasses import replace

    result = simulate(TEN, 2, 1, ["random"], seed=3)
    text = replace(result, deals_per_second=0.8, mean_margin={"random": -0.001},
                   ci95={"random": [-0.004, 0.004]}).to_text()
    assert text.startswith("1 deal at 2 seats, 0.8 deals per second")
    assert "-0.00" not in text and "+0.00" in text
