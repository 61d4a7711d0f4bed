"""The card tracker reads the seat's view alone: two deals that differ only in cards the seat has not seen
show the same tracker; it is off by default, T and the setting turn it on, and the panel draws it."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pygame

from chinese_ten.cards import ALL_CARDS
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games.fishing.state import FishingDeal
from chinese_ten.games.ten.rules import PARTNER_RANK
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.table.live import TableScene
from chinese_ten.ui.table.tracker import grouped, track

from conftest import QUICK
from uiharness import key_event, run_frames

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from test_players import hidden_reshuffled, positions  # noqa: E402


def test_chinese_tens_tracker_is_the_same_whatever_the_cards_the_seat_has_not_seen() -> None:
    rng = random.Random(3)
    changed = 0
    for deal in positions(40, start=300):
        seat = deal.to_move
        assert seat is not None
        twin = hidden_reshuffled(deal, seat, rng)
        changed += twin._stock != deal._stock
        assert track(twin.view(seat)) == track(deal.view(seat))
        view = deal.view(seat)
        tracked = track(view)
        assert not set(tracked.scoring) & (set(view.hand) | view.seen), "only cards not yet seen"
        for card, out in tracked.partners:  # each partner out is a card of the partner rank, not seen nor held
            rank = PARTNER_RANK[card >> 2]
            assert out == sum(1 for c in ALL_CARDS[rank * 4:rank * 4 + 4]
                              if c != card and c not in view.seen and c not in view.hand)
    assert changed > 20


def _fishing_twin(deal: FishingDeal, seat: int, rng: random.Random) -> FishingDeal:
    other = deal.copy()
    hidden = [c for s in range(other.seats) if s != seat for c in other._hands[s]] + list(other._stock)
    rng.shuffle(hidden)
    i = 0
    for s in range(other.seats):
        if s != seat:
            n = len(other._hands[s])
            other._hands[s] = hidden[i:i + n]
            i += n
    other._stock = hidden[i:]
    return other


def test_go_fishings_tracker_is_the_same_whatever_the_cards_the_seat_has_not_seen() -> None:
    rng = random.Random(5)
    for number in range(30):
        deal = FishingDeal.shuffled(4, random.Random(number), number % 4)
        for _ in range(rng.randrange(0, 12)):
            if deal.is_over:
                break
            seat = deal.to_act
            assert seat is not None
            deal.apply(rng.choice(deal.legal_actions()))
        seat = deal.to_act if deal.to_act is not None else 0
        view = deal.observe(seat)
        tracked = track(view)
        assert track(_fishing_twin(deal, seat, rng).observe(seat)) == tracked
        assert sum(n for _name, n in tracked.values) == len(view.unseen)


def test_cards_are_grouped_by_rank() -> None:
    from chinese_ten.cards import Card

    assert grouped((Card.parse("KS"), Card.parse("KH"), Card.parse("TD"))) == "K♠♥ 10♦"


def test_the_tracker_is_off_by_default_and_t_turns_it_on_and_off(window: pygame.Surface) -> None:
    assert Settings().card_tracker is False
    for game in ("ten", "fishing"):
        app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
        ctl = TableController(4 if game == "ten" else 8, "easy", "one", seed=2, pace=QUICK, thinker=app.thinker,
                              game=game)
        scene = TableScene(app, ctl)
        app.replace(scene)
        drawn: list[object] = []
        real = scene.panel.tracker_lines

        def spy(*args, **kw):  # type: ignore[no-untyped-def]
            drawn.append(track(ctl.view))
            return real(*args, **kw)

        scene.panel.tracker_lines = spy  # type: ignore[method-assign]
        run_frames(app, lambda: False, limit=3)
        assert not drawn and not scene.panel.tracker
        app.frame(1 / 60, [key_event(pygame.K_t)])
        app.frame(1 / 60)
        assert app.settings.card_tracker and scene.panel.tracker and drawn
        assert drawn[-1] == track(ctl.session.observe(ctl.local)), "the person's own view"
        app.frame(1 / 60, [key_event(pygame.K_t)])
        assert not app.settings.card_tracker


def test_the_tracker_waits_for_the_table_to_show_a_move(window: pygame.Surface) -> None:
    app = App(window, Settings(card_tracker=True), None, None, ComputerThinker(force_inline=True))
    ctl = TableController(2, "easy", "one", seed=4, pace=QUICK, thinker=app.thinker)
    scene = TableScene(app, ctl)
    app.replace(scene)
    assert run_frames(app, lambda: ctl.person_to_play and not ctl.busy, limit=3000)
    before = track(ctl.view)
    ctl.play(ctl.session.deal.hand(ctl.local)[0])
    assert ctl.busy and track(ctl.view) != before, "the stock's card is turned in the view at once"
    assert scene.panel._tracked_now(ctl) == before, "nothing the table has not shown yet"
    assert run_frames(app, lambda: not ctl.busy, limit=3000)
    assert scene.panel._tracked_now(ctl) == track(ctl.session.observe(ctl.local))
