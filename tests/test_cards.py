import pytest

from chinese_ten.cards import ALL_CARDS, Card, CardError, card_codes, parse_cards


def test_every_card_round_trips_through_its_notation():
    for card in ALL_CARDS:
        assert Card.parse(str(card)) is card
        assert eval(repr(card)) is card


@pytest.mark.parametrize("text,expected", [
    ("7♦", "7D"), ("th", "10H"), ("T♠", "10S"), ("10c", "10C"), (" as ", "AS"), ("qD", "QD"), ("k♣", "KC"),
])
def test_input_forms_are_accepted_and_printed_canonically(text, expected):
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "1H", "11H", "ZS", "10", "AX", "A", "10HH", None, 7])
def test_bad_notation_is_refused(text):
    with pytest.raises(CardError):
        Card.parse(text)


def test_rank_suit_and_colour():
    ten = Card.parse("10D")
    assert (ten.rank, ten.suit, ten.is_red, ten.rank_name, ten.pretty) == (10, "D", True, "10", "10♦")
    assert not Card.parse("AS").is_red and Card.parse("AS").rank == 1
    assert Card.parse("KC").rank == 13


def test_cards_are_their_numbers_and_interned():
    assert Card(5) is ALL_CARDS[5] == 5
    assert len(set(ALL_CARDS)) == 52
    with pytest.raises(CardError):
        Card(52)


def test_helpers():
    assert card_codes(parse_cards(["th", "7♦"])) == ["10H", "7D"]
