"""The animated board always catches up with the engine, and the log tells each turn in words."""

from __future__ import annotations

import pytest

from chinese_ten.cards import Card
from chinese_ten.games.ten.turns import Phase
from chinese_ten.games.ten.events import Captured, JoinedLayout, Played, Turned
from chinese_ten.ui.table.choreography import Pace
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.table.narration import Narration
from chinese_ten.engine.thinking import ComputerThinker

INSTANT = Pace(0, 0, 0, 0, 0, 0)


def _agrees(ctl: TableController) -> None:
    deal, board = ctl.session.deal, ctl.board
    assert sorted(board.slots.values()) == sorted(deal.layout)
    assert [len(h) for h in board.hands] == [len(deal.hand(s)) for s in range(deal.seats)]
    assert sorted(board.hands[0]) == sorted(deal.hand(0))
    assert board.piles == [len(p) for p in deal.piles]
    assert board.points == list(deal.points)
    assert board.stock == deal.stock_left
    assert not board.reserved
    if deal.phase is not Phase.CHOOSE:
        assert not board.resting


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_the_board_matches_the_deal_whenever_it_rests(seats: int, seed: int) -> None:
    ctl = TableController(seats, "normal", "one", seed=seed, pace=INSTANT, person=False,
                          thinker=ComputerThinker(force_inline=True))
    for _ in range(2000):
        ctl.update(0.0)
        if not ctl.busy:
            _agrees(ctl)
        if ctl.deal_finished:
            break
    assert ctl.deal_finished
    assert len(ctl.narration.entries) >= ctl.session.deal.total_turns


def test_a_turn_in_words() -> None:
    h = Card.parse
    log = Narration(["You", "North"])
    for ev in (Played(0, h("7D")), Captured(0, h("7D"), (h("3H"),), 10, "play"),
               Turned(0, h("QS")), Captured(0, h("QS"), (h("QD"),), 10, "flip")):
        log.add(ev)
    assert log.entries == ["You played 7♦ and took 3♥ (+10). Turned Q♠, took Q♦ (+10)."]
    log.add(Played(1, h("9C")))
    log.add(JoinedLayout(1, h("9C"), "play"))
    log.add(Turned(1, h("2C")))
    log.add(JoinedLayout(1, h("2C"), "flip"))
    assert log.entries[-1] == "North played 9♣, which joined the layout. Turned 2♣, which joined the layout."


@pytest.mark.parametrize("preset,seats", [("classic", 3), ("target", 3), ("simplified", 2), ("play-red", 2)])
def test_a_seeded_match_in_the_window_plays_as_the_engine_plays_it(preset: str, seats: int) -> None:
    from chinese_ten.games.ten import SPEC as TEN
    from chinese_ten.engine.match import Match, MatchLength
    from chinese_ten.games.ten.players import make_player
    from chinese_ten.games.ten.rules import RuleSet
    from chinese_ten.engine.simulate import play_out

    rules = RuleSet.of(preset)
    ctl = TableController(seats, "easy", "per-seat", seed=5, pace=INSTANT, person=False,
                          thinker=ComputerThinker(force_inline=True), rules=rules)
    match = Match(TEN, seats, MatchLength.parse("per-seat"), first_dealer=rules.dealer_for_leader(0, seats),
                  rules=rules, seed=5)
    players = [make_player("easy") for _ in range(seats)]
    for number in range(seats):
        streams = match.streams()
        deal = match.new_deal()
        play_out(deal, players, streams)
        for _ in range(5000):
            ctl.update(0.0)
            if ctl.deal_finished:
                break
        assert ctl.session.deal.initial == deal.initial and ctl.session.deal.dealer == deal.dealer
        assert ctl.session.deal.turns == deal.turns
        match.finish_deal(deal)
        if number < seats - 1:
            assert ctl.next_deal()


def test_asking_for_a_hint_changes_neither_this_deal_nor_the_next() -> None:
    def played(hints: int) -> TableController:
        ctl = TableController(2, "easy", "per-seat", seed=8, pace=INSTANT, think_ms=2,
                              thinker=ComputerThinker(force_inline=True))
        asked = 0
        for _ in range(5000):
            ctl.update(0.0)
            if ctl.person_to_play:
                while asked < hints and ctl.ask_hint() is None:
                    asked += 1
                    ctl.poll_hint()
                ctl.play(ctl.session.deal.hand(0)[0])
            elif ctl.person_choice is not None and not ctl.busy:
                ctl.choose(ctl.person_choice[1][0])
            if ctl.deal_finished:
                break
        assert ctl.deal_finished and asked == hints
        return ctl

    quiet, curious = played(0), played(5)
    assert curious.session.deal.turns == quiet.session.deal.turns
    assert quiet.next_deal() and curious.next_deal()
    assert curious.session.deal.initial == quiet.session.deal.initial
