import pytest

from chinese_ten.simulate import mean_and_interval, simulate


def test_normal_beats_random_clearly_over_duplicate_deals():
    result = simulate(2, 60, ["normal", "random"], seed=7, duplicate=True)
    assert result.deals == 120 and result.shuffles == 60
    assert result.mean_margin["normal"] == -result.mean_margin["random"]
    assert result.mean_margin["normal"] > 10
    lo, hi = result.ci95["normal"]
    assert lo < result.mean_margin["normal"] < hi


def test_same_seed_same_results_and_random_fast_path_sums_to_zero():
    a = simulate(3, 40, ["random", "normal", "random"], seed=3)
    b = simulate(3, 40, ["random", "normal", "random"], seed=3)
    assert a.mean_margin == b.mean_margin
    fast = simulate(4, 200, ["random"], seed=1)
    assert fast.mean_margin == {"random": 0.0} and fast.deals == 200


def test_duplicate_rotates_players_around_the_seats():
    result = simulate(3, 4, ["normal", "random", "random"], seed=2, duplicate=True)
    assert result.deals == 12


def test_bad_arguments():
    with pytest.raises(ValueError, match="3 players for 2 seats"):
        simulate(2, 1, ["normal"] * 3)
    with pytest.raises(ValueError, match="unknown player"):
        simulate(2, 1, ["nobody"])


def test_interval():
    assert mean_and_interval([]) == (0.0, (0.0, 0.0))
    mean, (lo, hi) = mean_and_interval([1.0, 3.0])
    assert mean == 2.0 and lo < 2.0 < hi
