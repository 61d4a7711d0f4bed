import pytest

from chinese_ten.quote import PATH_LIMIT, QUOTE_LIMIT, quote, shorten, show_path


@pytest.mark.parametrize("value,shown", [
    ("7D", "'7D'"), (3, "3"), (True, "True"), (None, "None"), ([1, 2], "[1, 2]"),
])
def test_small_values_are_shown_as_they_are(value, shown):
    assert quote(value) == shown


@pytest.mark.parametrize("value", [
    "x" * 50_000_000, 10 ** 4000, ["AS"] * 100_000, {"k" * 1000: "v" * 1000}, [[[[["deep"]]]]] * 1000,
])
def test_huge_values_are_cut_to_a_few_dozen_characters(value):
    shown = quote(value)
    assert len(shown) <= QUOTE_LIMIT and "..." in shown


def test_a_number_python_will_not_print_is_described():
    assert quote(10 ** 5000) == "(a number too long to show)"


def test_a_long_text_keeps_its_start_and_end():
    cut = shorten("begin-" + "m" * 1000 + "-end")
    assert len(cut) == QUOTE_LIMIT and cut.startswith("begin-") and cut.endswith("-end") and "..." in cut
    assert shorten("short") == "short"


def test_a_path_keeps_more_but_is_cut_too():
    long_path = "/data/" + "folder/" * 1000 + "deal.json"
    assert len(show_path(long_path)) == PATH_LIMIT and show_path(long_path).endswith("deal.json")
    assert show_path("/tmp/deal.json") == "/tmp/deal.json"
