"""The live table follows one seat's feed: it holds no card that seat may not see, frame by frame,
and any seat can be the one at the bottom."""

from __future__ import annotations

from typing import Any

import pygame

from chinese_ten.cards import Card
from chinese_ten.games.ten.deal import Action, Deal
from chinese_ten.games.ten.turns import Phase
from chinese_ten.ui.scenes.choice import ChoiceScene
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.table.live import TableScene

from conftest import QUICK
from uiharness import key_event


class Script:
    """A director that deals a given deal and plays given actions, one after another."""

    def __init__(self, deal: Deal, actions: list[str]) -> None:
        self.deal, self.actions, self.next = deal, actions, 0

    def new_deal(self) -> Deal:
        return self.deal.copy()

    def computer_action(self, deal: Deal) -> Action | None:
        if self.next >= len(self.actions):
            return None
        action = Action.parse(self.actions[self.next])
        self.next += 1
        return action

    def refusal(self, deal: Deal, action: Action) -> str | None:
        return None

    def suggested(self, deal: Deal) -> Card | None:
        return None


def _twin_deals() -> tuple[Deal, Deal, list[str], Card, Card]:
    """Two two-seat deals that differ only in a card of North's hand and the stock's last card, with a
    script of 22 turns (11 each) in which neither of them is played or turned."""
    a = Deal.from_seed(2, seed=31)
    hands, layout, stock = a.initial
    x = sorted(hands[1])[-1]
    y = stock[-1]
    north = [y if c == x else c for c in hands[1]]
    b = Deal([hands[0], north], layout, [*stock[:-1], x], dealer=a.dealer)
    probe = a.copy()
    actions: list[str] = []
    while len(probe.turns) < 22:
        forced = probe.next_forced()
        if forced is not None:
            probe.apply(forced)
            continue
        action = next(act for act in probe.legal_actions() if act.card != x)
        actions.append(str(action))
        probe.apply(action)
    return a, b, actions, x, y


def _model(ctl: TableController) -> tuple[Any, ...]:
    """Everything the table's objects hold that the painter, the panel and the sound read."""
    board = ctl.board
    step = ctl.current
    sprites = () if step is None else tuple((s.card, s.src, s.dst, s.back, s.flip) for s in step.sprites)
    return (tuple(tuple(h) for h in board.hands), tuple(sorted(board.slots.items())), tuple(sorted(board.resting.items())),
            board.stock, tuple(board.piles), tuple(board.points), board.capacity, tuple(ctl.narration.entries),
            sprites, len(ctl.queue), ctl.busy, ctl.shown_turn, ctl.view)


def _frames(deal: Deal, actions: list[str], window: pygame.Surface) -> list[tuple[Any, ...]]:
    from chinese_ten.engine.thinking import ComputerThinker

    ctl = TableController(2, "normal", "one", seed=3, pace=QUICK, person=False, guide=Script(deal, actions),  # type: ignore[arg-type]
                          thinker=ComputerThinker(force_inline=True))
    models = []
    for _ in range(5000):
        ctl.update(1 / 60)
        models.append(_model(ctl))
        if ctl.guide.next >= len(actions) and not ctl.busy:  # type: ignore[union-attr]
            break
    assert ctl.guide.next == len(actions), "the script was played to its end"  # type: ignore[union-attr]
    return models


def test_two_deals_that_differ_only_in_hidden_cards_give_the_same_table_frame_by_frame(window) -> None:  # type: ignore[no-untyped-def]
    a, b, actions, x, y = _twin_deals()
    assert a.initial != b.initial
    first, second = _frames(a, actions, window), _frames(b, actions, window)
    assert len(first) > 100
    assert first == second


def test_the_table_holds_no_card_of_another_hand_nor_of_the_stock(window) -> None:  # type: ignore[no-untyped-def]
    a, _b, actions, x, y = _twin_deals()
    for model in _frames(a, actions, window):
        hands, slots, resting = model[0], model[1], model[2]
        assert all(card is None for card in hands[1]), "North's hand is held face down"
        shown = {c for h in hands for c in h if c is not None} | {c for _, c in slots} | {c for c, _ in resting}
        shown |= {s[0] for s in model[8] if s[0] is not None}
        assert x not in shown and y not in shown


def test_a_person_at_seat_two_plays_a_whole_match_from_the_bottom_of_the_table(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.engine.thinking import ComputerThinker
    from chinese_ten.settings import Settings
    from chinese_ten.ui.app import App

    app = App(pygame.display.get_surface(), Settings(), None, None, ComputerThinker(force_inline=True))
    ctl = TableController(3, "normal", "one", seed=8, pace=QUICK, thinker=app.thinker, seat=2)
    scene = TableScene(app, ctl)
    app.replace(scene)
    assert ctl.person_seat == 2 and ctl.infos[2].is_person and not ctl.infos[0].is_person
    assert scene.geom().seats[2].side == "bottom" and scene.geom().seats[0].side != "bottom"
    assert ctl.session.deal.to_move == 2, "the person leads the first deal"
    plays = 0
    for _ in range(20000):
        top = app.top()
        if isinstance(top, CountScene):
            break
        if isinstance(top, ChoiceScene):
            app.frame(1 / 60, [key_event(pygame.K_RETURN)])
        elif isinstance(top, TableScene) and ctl.person_to_play:
            assert all(c is not None for c in ctl.board.hands[2])
            assert all(c is None for seat in (0, 1) for c in ctl.board.hands[seat])
            app.frame(1 / 60, [key_event(pygame.K_1)])
            plays += 1
        else:
            app.frame(1 / 60, [])
    assert isinstance(app.top(), CountScene)
    deal = ctl.finished_deal()
    assert deal is not None and deal.phase is Phase.OVER
    assert [t.seat for t in deal.turns].count(2) == plays == len(deal.initial[0][2])
