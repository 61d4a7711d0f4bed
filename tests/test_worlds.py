"""Guessing hidden hands: what an opponent's past plays say it does not hold."""

from chinese_ten.games.ten.players.worlds import Position

from dealkit import build_deal


def _after_a_lay_down():
    # seat 1 leads and lays down the red five (5 points) although nothing on the layout pairs it
    deal = build_deal(2, ["2H", "3H", "4H", "6H"], stock_top=["QS"], hands={1: ["5D"]})
    layout = deal.view(1).layout
    captures = {c >> 2 for c in range(52) if deal.rules.candidates(c, layout)}
    deal.play("5D")
    deal.flip()
    view = deal.view(0)
    return view, captures


def test_reading_lay_downs_deals_an_opponent_fewer_cards_cheaper_than_the_one_it_laid_down() -> None:
    view, captures = _after_a_lay_down()
    pts = view.points_table
    plain = Position.of(view, 0.2).avoid[0]
    read = Position.of(view, 0.2, discards=True).avoid[0]
    cheaper = {int(c) for c in view.unseen if pts[c] < 5 and c >> 2 not in captures}
    dearer = {int(c) for c in view.unseen if pts[c] > 5 and c >> 2 not in captures}
    assert cheaper and dearer
    assert cheaper <= read and not cheaper & plain
    assert not dearer & read
    assert plain <= read


def test_cards_that_would_have_captured_are_avoided_either_way() -> None:
    view, captures = _after_a_lay_down()
    capturing = {int(c) for c in view.unseen if c >> 2 in captures}
    assert capturing
    assert capturing <= Position.of(view, 0.2).avoid[0]
    assert capturing <= Position.of(view, 0.2, discards=True).avoid[0]
