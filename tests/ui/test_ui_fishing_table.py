"""Go Fishing in the window: a seeded match plays as the engine's ``play_out`` plays it, the capture
choice offers exactly the rules' families best first and every key reaches each, and the table never
holds a card of another hand or of the stock."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from chinese_ten.cards import Card
from chinese_ten.engine.simulate import simulate
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games.fishing import SPEC as FISHING
from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing.legal import card_families
from chinese_ten.games.fishing.rules import CARD_POINTS
from chinese_ten.games.fishing.state import FishingDeal
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.scenes.choice import ChoiceScene
from chinese_ten.ui.table.panel import turn_text
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.table.live import TableScene

from conftest import QUICK
from uiharness import key_event, run_frames


def _fishing_app(window: pygame.Surface, seats: int, person: bool = True, seed: int = 5, deals: int = 1,
                 strength: str = "easy", seat: int = 0, think_ms: int | None = None
                 ) -> tuple[App, TableController, TableScene]:
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    ctl = TableController(seats, strength, "one", seed=seed, pace=QUICK, person=person, thinker=app.thinker,
                          deals=deals, game="fishing", seat=seat, think_ms=think_ms)
    scene = TableScene(app, ctl)
    app.replace(scene)
    return app, ctl, scene


@pytest.mark.parametrize("seats", [2, 5, 8])
def test_a_seeded_match_of_computers_in_the_window_plays_its_first_deal_as_simulate_plays_it(
        window: pygame.Surface, seats: int, tmp_path: Path) -> None:
    deals = 2
    # seat 0 leads the first deal, as every shuffle of simulate is led; the window's second deal is dealt by the
    # next dealer, where simulate moves its players round instead, so only the first deal is the same turn by turn
    app, ctl, _scene = _fishing_app(window, seats, person=False, deals=deals, seat=0)
    records: list[dict[str, Any]] = []
    for _ in range(40000):
        top = app.top()
        if isinstance(top, CountScene):
            if len(records) < ctl.deal_number:
                records.append(FISHING.record_of(ctl.finished_deal()))
            if ctl.match.is_over:
                break
            app.frame(1 / 60, [key_event(pygame.K_RETURN)])
        else:
            app.frame(1 / 60, [])
    assert len(records) == deals
    result = simulate(FISHING, seats, deals, ["easy"] * seats, seed=5, records=tmp_path)
    written = json.loads((tmp_path / "deal-00000-0.json").read_text(encoding="utf-8"))
    assert {key: v for key, v in written.items() if key not in ("deal_number", "deal_in_match", "result")} == records[0]
    rules = FISHING.default_rules
    assert records[1]["dealer"] == (records[0]["dealer"] + rules.step) % seats
    assert result.deals == deals


def _layout_with_choices() -> FishingDeal:
    """A two-seat deal whose first player holds a 9 that can take 9♣, 5♦+4♥, or both, and a queen that
    takes one card only."""
    c = Card.parse
    hands = [[c("9S"), c("QD"), c("2C"), c("3C"), c("AC")], [c("7H"), c("8H"), c("JD"), c("QS"), c("6C")]]
    layout = [c("9C"), c("5D"), c("4H"), c("QH"), c("10S")]
    used = {x for h in hands for x in h} | set(layout)
    stock = [x for x in sorted(map(Card, range(52))) if x not in used]
    return FishingDeal(hands, layout, stock, dealer=1)


class _Dealt:
    """A director dealing one fixed deal; the computers play as the match's players would not (never
    asked: the person plays first and the test ends with the choice)."""

    def __init__(self, deal: FishingDeal) -> None:
        self.deal = deal

    def new_deal(self) -> FishingDeal:
        return self.deal.copy()

    def computer_action(self, deal: FishingDeal) -> FishingAction | None:
        return deal.legal_actions()[0]

    def refusal(self, deal: FishingDeal, action: FishingAction) -> str | None:
        return None

    def suggested(self, deal: FishingDeal) -> Card | None:
        return None


def _choice_table(window: pygame.Surface) -> tuple[App, TableController, TableScene]:
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    ctl = TableController(2, "easy", "one", seed=1, pace=QUICK, thinker=app.thinker, game="fishing",
                          guide=_Dealt(_layout_with_choices()))  # type: ignore[arg-type]
    scene = TableScene(app, ctl)
    app.replace(scene)
    for _ in range(200):
        if ctl.person_to_play:
            break
        app.frame(1 / 60, [])
    assert ctl.person_to_play
    return app, ctl, scene


def _open_choice(app: App, ctl: TableController, card: str) -> ChoiceScene:
    hand = ctl.board.open_hand(ctl.bottom)
    app.frame(1 / 60, [key_event(pygame.K_1 + hand.index(Card.parse(card)))])
    app.frame(1 / 60, [])
    top = app.top()
    assert isinstance(top, ChoiceScene)
    return top


def test_the_choice_offers_the_rules_families_best_first_then_taking_nothing(window: pygame.Surface) -> None:
    app, ctl, _scene = _choice_table(window)
    nine = Card.parse("9S")
    choice = _open_choice(app, ctl, "9S")
    families = [f for f in card_families(nine, ctl.view.layout) if f]
    offered = [o.sets for o in choice.options]
    assert sorted(offered[:-1]) == sorted(families) and offered[-1] == ()
    points = [o.points for o in choice.options]
    assert points[:-1] == sorted(points[:-1], reverse=True) and points[-1] == 0
    for option in choice.options:
        assert option.points == (CARD_POINTS[nine] + sum(CARD_POINTS[x] for x in option.cards) if option.sets else 0)
    assert choice.focus == 0, "the best comes first and has the focus"


@pytest.mark.parametrize("keys", ["arrows", "tab", "digits"])
def test_every_option_of_the_choice_is_reached_by_keys_and_played(window: pygame.Surface, keys: str) -> None:
    app, ctl, _scene = _choice_table(window)
    count = len(_open_choice(app, ctl, "9S").options)
    for index in range(count):
        app, ctl, _scene = _choice_table(window)
        choice = _open_choice(app, ctl, "9S")
        wanted = choice.options[index]
        if keys == "digits":
            presses = [key_event(pygame.K_1 + index)]
        else:
            step = pygame.K_RIGHT if keys == "arrows" else pygame.K_TAB
            presses = [key_event(step) for _ in range(index)] + [key_event(pygame.K_RETURN)]
        for press in presses:
            app.frame(1 / 60, [press])
        assert ctl.session.actions[-1][-1] == str(FishingAction(Card.parse("9S"), wanted.sets))
    app, ctl, _scene = _choice_table(window)
    _open_choice(app, ctl, "9S")
    app.frame(1 / 60, [key_event(pygame.K_TAB, pygame.KMOD_SHIFT), key_event(pygame.K_RETURN)])
    assert ctl.session.actions[-1][-1] == "play 9S", "Shift+Tab goes back round to taking nothing"


def test_up_and_down_move_a_row_of_the_listed_options(window: pygame.Surface) -> None:
    app, ctl, _scene = _choice_table(window)
    choice = _open_choice(app, ctl, "9S")
    app.frame(1 / 60, [])
    assert choice.columns > 1, "a wide window lists several options a row"
    app.frame(1 / 60, [key_event(pygame.K_DOWN)])
    assert choice.focus == min(choice.columns, len(choice.options) - 1)
    app.frame(1 / 60, [key_event(pygame.K_UP)])
    assert choice.focus == 0


def test_enter_on_a_fresh_choice_takes_the_best_and_a_card_with_one_way_plays_at_once(window: pygame.Surface) -> None:
    app, ctl, _scene = _choice_table(window)
    _open_choice(app, ctl, "9S")
    app.frame(1 / 60, [key_event(pygame.K_RETURN)])
    played = FishingAction.parse(ctl.session.actions[-1][-1])
    assert sorted(played.taken) == sorted(Card.parse(x) for x in ("9C", "5D", "4H"))
    app, ctl, _scene = _choice_table(window)
    hand = ctl.board.open_hand(ctl.bottom)
    app.frame(1 / 60, [key_event(pygame.K_1 + hand.index(Card.parse("QD")))])
    assert not isinstance(app.top(), ChoiceScene)
    assert ctl.session.actions[-1][-1] == "play QD take QH"


def test_a_click_on_a_listed_option_plays_it_and_backspace_puts_the_card_back(window: pygame.Surface) -> None:
    app, ctl, _scene = _choice_table(window)
    choice = _open_choice(app, ctl, "9S")
    app.frame(1 / 60, [])
    index, row = choice.rows[1]
    sets = choice.options[index].sets
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=row.center)])
    assert ctl.session.actions[-1][-1] == str(FishingAction(Card.parse("9S"), sets))
    app, ctl, _scene = _choice_table(window)
    _open_choice(app, ctl, "9S")
    app.frame(1 / 60, [key_event(pygame.K_BACKSPACE)])
    app.frame(1 / 60, [])
    assert not isinstance(app.top(), ChoiceScene) and ctl.person_to_play and not ctl.session.actions[-1]


def test_a_person_plays_a_whole_match_at_eight_seats_and_the_board_holds_no_hidden_card(window: pygame.Surface) -> None:
    app, ctl, _scene = _fishing_app(window, 8, seat=3, deals=1)
    assert ctl.person_seat == 3
    deal = ctl.session.deal
    hidden = {c for s in range(8) if s != 3 for c in deal.hands[s]} | set(deal.stock)
    seen_turns = 0
    for _ in range(40000):
        top = app.top()
        board = ctl.board
        on_table = {c for h in board.hands for c in h if c is not None} | set(board.slots.values())
        on_table |= set(board.resting)
        step = ctl.current
        if step is not None:
            on_table |= {s.card for s in step.sprites if s.card is not None}
        assert all(c is None for s in range(8) if s != 3 for c in board.hands[s])
        shown = set(ctl.session.deal.seen) | set(ctl.session.deal.hand(3)) | {c for p in deal.piles for c in p}
        assert on_table & hidden <= shown, "only cards that have lain face up (or are the person's) are drawn"
        if isinstance(top, CountScene):
            break
        if isinstance(top, ChoiceScene):
            app.frame(1 / 60, [key_event(pygame.K_RETURN)])
        elif isinstance(top, TableScene) and ctl.person_to_play:
            seen_turns += 1
            app.frame(1 / 60, [key_event(pygame.K_1)])
        else:
            app.frame(1 / 60, [])
    assert isinstance(app.top(), CountScene)
    finished = ctl.finished_deal()
    assert finished is not None and finished.is_over
    assert [t.seat for t in finished.turns].count(3) == seen_turns


class _Script(_Dealt):
    """A director dealing a fixed deal and playing given actions one after another."""

    def __init__(self, deal: FishingDeal, actions: list[str]) -> None:
        super().__init__(deal)
        self.actions, self.next = actions, 0

    def computer_action(self, deal: FishingDeal) -> FishingAction | None:
        if self.next >= len(self.actions):
            return None
        self.next += 1
        return FishingAction.parse(self.actions[self.next - 1])


def _twin_deals() -> tuple[FishingDeal, FishingDeal, list[str], Card, Card]:
    """Two two-seat deals that differ only in a card of seat 1's hand and the stock's last card, with a script
    of 12 turns in which neither is played."""
    a = FishingDeal.numbered(2, 31, dealer=1)
    hands, layout, stock = a.initial
    x, y = sorted(hands[1])[-1], stock[-1]
    b = FishingDeal([hands[0], [y if c == x else c for c in hands[1]]], layout, [*stock[:-1], x], dealer=1)
    probe = a.copy()
    actions = []
    while len(probe.turns) < 12:
        action = next(act for act in probe.legal_actions() if act.card != x)
        actions.append(str(action))
        probe.apply(action)
    return a, b, actions, x, y


def _frames(deal: FishingDeal, actions: list[str]) -> list[tuple[Any, ...]]:
    ctl = TableController(2, "easy", "one", seed=3, pace=QUICK, person=False, game="fishing",
                          guide=_Script(deal, actions), thinker=ComputerThinker(force_inline=True))  # type: ignore[arg-type]
    models = []
    for _ in range(5000):
        ctl.update(1 / 60)
        board, step = ctl.board, ctl.current
        sprites = () if step is None else tuple((s.card, s.src, s.dst, s.back, s.flip) for s in step.sprites)
        models.append((tuple(tuple(h) for h in board.hands), tuple(sorted(board.slots.items())),
                       tuple(sorted(board.resting.items())), board.stock, tuple(board.piles), tuple(board.points),
                       tuple(ctl.narration.entries), sprites, ctl.busy, ctl.shown_turn, ctl.view))
        if ctl.guide.next >= len(actions) and not ctl.busy:  # type: ignore[union-attr]
            break
    assert ctl.guide.next == len(actions)  # type: ignore[union-attr]
    return models


def test_two_deals_differing_only_in_hidden_cards_give_the_same_table_frame_by_frame(window: pygame.Surface) -> None:
    a, b, actions, x, y = _twin_deals()
    first, second = _frames(a, actions), _frames(b, actions)
    assert len(first) > 40 and first == second
    for model in first:
        assert all(card is None for card in model[0][1]), "seat 1's hand is held face down"
        shown = {c for h in model[0] for c in h if c is not None} | {c for _, c in model[1]} | {c for c, _ in model[2]}
        shown |= {s[0] for s in model[7] if s[0] is not None}
        assert x not in shown and y not in shown


def test_a_hint_names_a_card_and_its_sets_from_the_hard_player_and_a_take_back_rewinds(window: pygame.Surface) -> None:
    app, ctl, scene = _choice_table(window)
    assert ctl.ask_hint() is None
    advice = None
    for _ in range(2000):
        advice = ctl.poll_hint()
        if advice is not None:
            break
    assert advice is not None
    assert FishingAction(advice.play, advice.sets).canonical() in [a.canonical() for a in ctl.view.legal_actions()]
    scene.advice = advice
    app.frame(1 / 60, [])
    nine = ctl.board.open_hand(ctl.bottom).index(Card.parse("9S"))
    app.frame(1 / 60, [key_event(pygame.K_1 + nine)])
    app.frame(1 / 60, [key_event(pygame.K_RETURN)])
    for _ in range(500):
        if ctl.person_to_play:
            break
        app.frame(1 / 60, [])
    assert ctl.person_to_play and len(ctl.view.turns) == 2
    assert ctl.take_back() is None
    app.frame(1 / 60, [])
    assert ctl.practice and ctl.person_to_play and not ctl.view.turns
    assert sorted(ctl.board.open_hand(ctl.bottom)) == sorted(ctl.view.hand)


def test_the_last_turn_is_shown_again_and_the_board_comes_back_as_it_was(window: pygame.Surface) -> None:
    app, ctl, _scene = _fishing_app(window, 3)
    for _ in range(2000):
        if ctl.person_to_play and ctl.view.turns:
            break
        app.frame(1 / 60, [key_event(pygame.K_1)] if ctl.person_to_play else [])
    before = (ctl.board.hands, dict(ctl.board.slots), ctl.board.piles, ctl.board.stock)
    assert ctl.replay_last_turn() is None and ctl.replaying
    for _ in range(2000):
        if not ctl.replaying:
            break
        app.frame(1 / 60, [])
    assert (ctl.board.hands, dict(ctl.board.slots), ctl.board.piles, ctl.board.stock) == before


@pytest.mark.slow
@pytest.mark.parametrize("seats", [3, 8])
def test_random_keys_and_clicks_at_a_fishing_table_break_nothing(window: pygame.Surface, seats: int) -> None:
    import random

    from chinese_ten.ui.scenes.match import MatchScene

    rng = random.Random(seats)
    # The hints (A) think a little only: what is checked is that no key or click breaks the table, and a hint at
    # Hard's full effort, asked some sixty times here, is what made this test slow.
    app, ctl, _scene = _fishing_app(window, seats, deals=2, think_ms=5)
    keys = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_RETURN, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT,
            pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_a, pygame.K_r, pygame.K_9]
    w, h = window.get_size()
    for _ in range(3000):
        if isinstance(app.top(), MatchScene):
            break
        if type(app.top()).__name__ == "MenuScene":
            app.frame(1 / 60, [key_event(pygame.K_ESCAPE)])
            continue
        roll = rng.random()
        if roll < 0.3:
            events = [key_event(rng.choice(keys), pygame.KMOD_SHIFT if rng.random() < 0.1 else 0)]
        elif roll < 0.45:
            pos = (rng.randrange(w), rng.randrange(h))
            events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)]
        else:
            events = []
        app.frame(1 / 60, events)
    assert ctl.deal_number >= 1 and ctl.session.actions[0], "the match went on"


def test_shift_with_a_card_of_one_family_offers_taking_nothing_too(window: pygame.Surface) -> None:
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    c = Card.parse
    hands = [[c("QD"), c("2C"), c("3C"), c("AC"), c("7S")], [c("7H"), c("8H"), c("JD"), c("QS"), c("6C")]]
    layout = [c("9C"), c("5D"), c("4H"), c("QH"), c("10S")]
    used = {x for h in hands for x in h} | set(layout)
    stock = [x for x in sorted(map(Card, range(52))) if x not in used]
    deal = FishingDeal(hands, layout, stock, dealer=1)
    ctl = TableController(2, "easy", "one", seed=1, pace=QUICK, thinker=app.thinker, game="fishing", first_deal=deal)
    scene = TableScene(app, ctl)
    app.replace(scene)
    for _ in range(200):
        if ctl.person_to_play:
            break
        app.frame(1 / 60, [])
    queen = ctl.board.open_hand(ctl.bottom).index(c("QD"))
    scene.keyboard, scene.hover = True, queen
    app.frame(1 / 60, [key_event(pygame.K_RETURN, pygame.KMOD_SHIFT)])
    app.frame(1 / 60, [])
    choice = app.top()
    assert isinstance(choice, ChoiceScene), "Shift+Enter offers the one family and taking nothing"
    assert [o.sets for o in choice.options] == [((c("QH"),),), ()]
    assert choice.prompt().startswith("Your Q♦ can take in 1 way, or take nothing"), "one way, said as one"
    assert turn_text(ctl) == "Your pick: what to take?", "a pick of sets, not of one card"
    app.frame(1 / 60, [key_event(pygame.K_DOWN)])
    app.frame(1 / 60, [key_event(pygame.K_RETURN)])
    for _ in range(400):
        if ctl.session.actions[-1]:
            break
        app.frame(1 / 60, [])
    assert ctl.session.actions[-1][0] == "play QD", "taking nothing lays the queen down"


def test_the_keyboard_focus_follows_its_card_when_a_play_and_a_draw_reorder_the_hand(window: pygame.Surface) -> None:
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    c = Card.parse
    hands = [[c("QD"), c("2C"), c("3C"), c("AC"), c("7S")], [c("7H"), c("8H"), c("JD"), c("QS"), c("6C")]]
    layout = [c("9C"), c("5D"), c("4H"), c("QH"), c("10S")]
    used = {x for h in hands for x in h} | set(layout)
    stock = [x for x in sorted(map(Card, range(52))) if x not in used]
    ctl = TableController(2, "easy", "one", seed=1, pace=QUICK, thinker=app.thinker, game="fishing",
                          first_deal=FishingDeal(hands, layout, stock, dealer=1))
    scene = TableScene(app, ctl)
    app.replace(scene)
    assert run_frames(app, lambda: ctl.person_to_play)
    hand = ctl.board.open_hand(ctl.bottom)
    before = hand.index(c("3C"))
    scene.keyboard, scene.hover = True, before
    app.frame(1 / 60, [])
    ctl.play(c("7S"))  # it captures nothing; the A♠ drawn sorts in before 3♣
    assert run_frames(app, lambda: len(ctl.board.open_hand(ctl.bottom)) == 5 and c("7S") not in
                      ctl.board.open_hand(ctl.bottom))
    now = ctl.board.open_hand(ctl.bottom)
    assert now.index(c("3C")) != before, "the hand moved under the focus"
    assert scene.hovered_card() == c("3C")
