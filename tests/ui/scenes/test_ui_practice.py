"""Practice in the window: a kept review of the person's seat gives positions, the start screen offers them,
the position is shown from the person's seat alone (no card of another hand or of the stock on the board),
every choice is reached by keys and by clicks, answers are judged and counted, and Esc goes back."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from uiharness import click_event, press

from chinese_ten import i18n
from chinese_ten.cards import Card
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games.ten.record import deal_of
from chinese_ten.games.ten.review import Review, review_record
from chinese_ten.matchstore import MatchSetup, open_store
from chinese_ten.games.ten.practice import PracticePosition
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.keeper import Keeper
from chinese_ten.ui.scenes.practice import PracticeScene
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.ui.scenes.stats import StatsScene, practice_line
from chinese_ten.ui.table.live import DIGIT_KEYS

from test_practice import made_up
from test_review import QUICK, ace_record

C = Card.parse
KEY_OF = {index: key for key, index in DIGIT_KEYS.items() if key < pygame.K_KP1}
SETUP = MatchSetup(seats=2, strength="normal", players=("normal", "you"), person=True, rules="classic",
                   preset="classic", length={"kind": "one", "deals": 1}, total_deals=1, seed="7")


@pytest.fixture(scope="module")
def reviewed() -> dict[str, tuple[dict[str, Any], Review]]:
    """Seat 1's blunders of the ace deal, a play's and a take's, each reviewed once for the module."""
    out = {}
    for name, turn in (("play", {"seat": 1, "play": "2C"}), ("take", {"seat": 1, "play": "9H", "take": "AS"})):
        record = {**ace_record(turn), "players": ["normal", "you"]}
        out[name] = (record, review_record(record, 1, budget=QUICK))
    return out


def _keep(folder, record: dict[str, Any], review: Review, number: int = 1) -> None:  # type: ignore[no-untyped-def]
    """Keep a match of one deal and its review as the window does, through a keeper."""
    keeper = Keeper(open_store(folder))
    store = keeper.opened.store
    match_id = store.begin(SETUP, {})
    store.finish_deal(match_id, number, record, [1, -1], -1.0, [1, -1], {})
    store.finish_match(match_id, "lost")
    keeper.keep_review((match_id, number), review, 0, QUICK, record)
    keeper.close()


@pytest.fixture
def app(window: pygame.Surface, tmp_path) -> Iterator[App]:  # type: ignore[no-untyped-def]
    """An app over a data folder, its start screen showing."""
    made: list[App] = []

    def build() -> App:
        made_app = App(window, Settings(animation_speed="instant"), None, None, ComputerThinker(force_inline=True),
                       Keeper(open_store(tmp_path)))
        made_app.push(StartScene(made_app))
        made.append(made_app)
        return made_app

    yield build  # type: ignore[misc]
    for a in made:
        a.keeper.close()


def test_a_kept_review_of_the_persons_seat_gives_its_blunder_once(tmp_path, reviewed) -> None:  # type: ignore[no-untyped-def]
    record, review = reviewed["play"]
    _keep(tmp_path, record, review)
    _keep(tmp_path, record, review)  # the same deal reviewed again in another match: the same position
    store = open_store(tmp_path).store
    (kept,) = store.practice_positions().positions
    assert kept.position.seat == 1 and kept.position.kind == "play" and str(kept.position.best.play) == "9H"
    store.close()


def test_a_review_of_a_computers_seat_gives_no_position(tmp_path, reviewed) -> None:  # type: ignore[no-untyped-def]
    record, _review = reviewed["play"]
    other = review_record(record, 0, budget=QUICK)
    _keep(tmp_path, record, other)
    store = open_store(tmp_path).store
    assert store.practice_positions().positions == ()
    store.close()


def test_the_start_screen_offers_practice_with_its_count_and_opens_it(app, tmp_path, reviewed) -> None:  # type: ignore[no-untyped-def]
    a = app()
    assert "practice" not in [b.action for b in a.top().actions], "nothing to practise, no button"
    a.keeper.close()
    _keep(tmp_path, *reviewed["play"])
    _keep(tmp_path, *reviewed["take"], number=2)
    a = app()
    start = a.top()
    (button,) = [b for b in start.actions if b.action == "practice"]
    assert button.label == "Practice (2)"
    start.act("practice")
    scene = a.top()
    assert isinstance(scene, PracticeScene) and len(scene.positions) == 2
    press(a, pygame.K_ESCAPE)
    assert a.top() is start


def _scene(a: App) -> PracticeScene:
    a.top().act("practice")
    scene = a.top()
    assert isinstance(scene, PracticeScene)
    a.frame(1 / 60, [])
    return scene


def _shown_cards(scene: PracticeScene) -> set[Card]:
    """Every card the board holds face up: hands, layout and cards resting on the table."""
    board = scene.table.board
    return ({c for h in board.hands for c in h if c is not None} | set(board.slots.values())
            | set(board.resting))


@pytest.mark.parametrize("kind", ["play", "take"])
def test_the_position_shows_no_card_the_seat_could_not_see(app, tmp_path, reviewed, kind: str) -> None:  # type: ignore[no-untyped-def]
    record, review = reviewed[kind]
    _keep(tmp_path, record, review)
    scene = _scene(app())
    board = scene.table.board
    assert all(c is None for c in board.hands[0]), "the other hand is face down"
    assert len(board.hands[0]) == len(deal_of(record).hand(0))
    assert scene.geom().bottom == 1, "the person's seat is at the bottom"
    hidden = set(deal_of(record).hand(0)) | set(deal_of(record).stock)
    decided = scene.position.decided.deal
    hidden -= set(decided.layout) | set(decided.hand(1)) | {c for p in decided.piles for c in p}
    if decided.pending is not None:
        hidden.discard(decided.pending.card)
    assert hidden and not (_shown_cards(scene) & hidden)
    scene.draw(scene.app.surface)
    assert "Find the better move" in scene.words


def test_keys_reach_every_choice_and_the_best_is_right(app, tmp_path, reviewed) -> None:  # type: ignore[no-untyped-def]
    _keep(tmp_path, *reviewed["play"])
    a = app()
    scene = _scene(a)
    cards = scene.choices()
    assert len(cards) == 12 and cards == scene.table.hand()
    reached = []
    for _ in cards:
        reached.append(cards[scene.focus])
        press(a, pygame.K_RIGHT)
    assert reached == cards and scene.focus == 0, "Right goes round every card"
    press(a, pygame.K_LEFT)
    assert scene.focus == len(cards) - 1
    for index, card in enumerate(cards):  # each card's own key picks it
        scene._deal()
        press(a, KEY_OF[index])
        assert scene.answer == card
    scene._deal()
    scene.focus = cards.index(C("9H"))
    press(a, pygame.K_RETURN)
    assert scene.answer == C("9H") and scene.right
    scene.draw(a.surface)
    assert "Right!" in scene.words


def test_a_wrong_answer_says_the_best_and_why_and_both_answers_are_counted(app, tmp_path, reviewed) -> None:  # type: ignore[no-untyped-def]
    _keep(tmp_path, *reviewed["play"])
    _keep(tmp_path, *reviewed["take"], number=2)
    a = app()
    scene = _scene(a)
    first = scene.position
    press(a, KEY_OF[scene.choices().index(C("2C"))])
    assert scene.answer == C("2C") and not scene.right
    scene.draw(a.surface)
    assert "Not the best move." in scene.words
    assert any(w.startswith("Best: 9♥ taking A♥") for w in scene.words)
    assert first.reason(C("2C")) in scene.words
    press(a, pygame.K_RETURN)
    assert scene.index == 1 and scene.position.kind == "take" and scene.answer is None
    assert set(scene.choices()) == {C("AH"), C("AS")}
    reached = {scene.choices()[scene.focus]}
    press(a, pygame.K_RIGHT)
    reached.add(scene.choices()[scene.focus])
    assert reached == {C("AH"), C("AS")}
    press(a, KEY_OF[scene.choices().index(C("AH"))])
    assert scene.right and (scene.solved, scene.failed) == (1, 1)
    press(a, pygame.K_RETURN)
    assert scene.done
    scene.draw(a.surface)
    assert "That was the last position for now." in scene.words
    press(a, pygame.K_ESCAPE)
    start = a.top()
    assert isinstance(start, StartScene)
    assert [b.label for b in start.actions if b.action == "practice"] == ["Practice (1)"], "the solved one is gone"
    assert a.keeper._writer.flush(timeout=60)  # the answers are saved beside the frame: wait for them
    assert a.keeper.statistics().positions.to_json() == {"solved": 1, "failed": 1, "waiting": 1}


def test_a_click_on_a_card_answers_with_it(app, tmp_path, reviewed) -> None:  # type: ignore[no-untyped-def]
    _keep(tmp_path, *reviewed["take"])
    a = app()
    scene = _scene(a)
    rects = dict(scene.card_rects())
    a.frame(1 / 60, [click_event(rects[C("AS")].center)])
    assert scene.answer == C("AS") and not scene.right
    a.frame(1 / 60, [click_event(scene.next_button.rect.center)])
    assert scene.done


def test_a_click_on_a_hand_card_picks_that_card_where_they_overlap(app, tmp_path, reviewed) -> None:  # type: ignore[no-untyped-def]
    _keep(tmp_path, *reviewed["play"])
    a = app()
    scene = _scene(a)
    for card, rect in scene.card_rects():
        scene._deal()
        a.frame(1 / 60, [click_event((rect.left + 3, rect.centery))])
        assert scene.answer == card


def test_the_statistics_say_how_practice_went(app, tmp_path, reviewed) -> None:  # type: ignore[no-untyped-def]
    _keep(tmp_path, *reviewed["play"])
    a = app()
    scene = _scene(a)
    press(a, KEY_OF[scene.choices().index(C("2C"))], pygame.K_ESCAPE)
    a.top().act("stats")
    stats = a.top()
    assert isinstance(stats, StatsScene)
    stats.draw(a.surface)
    assert practice_line(stats.stats) == "Practice positions: 0 solved · 1 failed · 1 to solve"


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
@pytest.mark.parametrize("contrast", [False, True])
def test_practice_draws_at_both_sizes_in_both_looks(window, tmp_path, reviewed, size, contrast) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.app import open_window

    _keep(tmp_path, *reviewed["take"])
    surface = open_window(size)
    a = App(surface, Settings(high_contrast=contrast), None, None, ComputerThinker(force_inline=True),
            Keeper(open_store(tmp_path)))
    a.push(StartScene(a))
    scene = _scene(a)
    for step in (None, pygame.K_1, pygame.K_RETURN):
        if step is not None:
            press(a, step)
        scene.draw(surface)
    a.keeper.close()


def test_practice_speaks_chinese(app, tmp_path, reviewed) -> None:  # type: ignore[no-untyped-def]
    _keep(tmp_path, *reviewed["play"])
    a = app()
    scene = _scene(a)
    i18n.use_language("zh-Hans")
    try:
        scene.draw(a.surface)
        assert "Find the better move" not in scene.words and scene.words
    finally:
        i18n.use_language("en")


def test_positions_made_up_for_the_scene_open_directly(window) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.matchstore import KeptPosition

    a = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    scene = PracticeScene(a, [KeptPosition(1, made_up({"9H": 10.0, "3C": 9.0, "2C": -10.0}), 0)])
    a.push(scene)
    press(a, KEY_OF[scene.choices().index(C("3C"))])
    assert scene.right, "an answer within the step is right"
    scene.draw(window)
    assert "Right: as good as the best move." in scene.words


def test_with_continue_and_practice_the_start_buttons_fit_a_small_window(tmp_path, reviewed) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.app import open_window

    _keep(tmp_path, *reviewed["play"])
    opened = open_store(tmp_path)
    opened.store.begin(SETUP, {"deals": [[]], "turns": 0})
    opened.close()
    surface = open_window((960, 600))
    a = App(surface, Settings(), None, None, ComputerThinker(force_inline=True), Keeper(open_store(tmp_path)))
    start = StartScene(a)
    a.push(start)
    a.frame(1 / 60, [])
    assert [b.action for b in start.actions][:3] == ["continue", "play", "practice"]
    rects = [b.rect for b in start.actions if b.action != "practice"]
    assert all(surface.get_rect().contains(r) for r in rects)
    assert all(left.right < right.left for left, right in zip(rects, rects[1:]))
    practice = start.actions[2].rect  # in the corner under Play deal number…, clear of every other button
    assert surface.get_rect().contains(practice) and practice.collidelist([*rects, start.deal_button.rect]) == -1
    a.keeper.close()


def test_a_position_that_cannot_be_read_is_told_once_and_the_others_are_dealt(app, tmp_path, reviewed) -> None:  # type: ignore[no-untyped-def]
    _keep(tmp_path, *reviewed["play"])
    _keep(tmp_path, *reviewed["take"], number=2)
    opened = open_store(tmp_path)
    with opened.store._db as db:
        db.execute("UPDATE practice SET position = '{\"format\": 1}' WHERE id = 1")
    opened.close()
    a = app()
    told: list[str] = []
    a.notify = lambda text, seconds=0.0: told.append(text)  # type: ignore[method-assign]
    scene = _scene(a)
    assert told == ["1 practice position can't be read; it is left as it was."]
    assert len(scene.positions) == 1 and scene.position.kind == "take"
    opened = open_store(tmp_path, lock=False)
    assert opened.store._db.execute("SELECT position FROM practice WHERE id = 1").fetchone()[0] == '{"format": 1}'
    opened.close()


def test_practice_with_nothing_to_solve_says_so_and_opens_nothing(window) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.matchstore import PracticeRead

    a = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    a.push(StartScene(a))
    told: list[str] = []
    a.notify = lambda text, seconds=0.0: told.append(text)  # type: ignore[method-assign]
    a.keeper.practice_positions = lambda: PracticeRead(())  # type: ignore[method-assign]
    assert a.open("practice") is None and isinstance(a.top(), StartScene)
    assert told and told[0].startswith("Nothing to practise yet")


def _late_position(turns: int = 12) -> PracticePosition:
    """Seat 1's play after ``turns`` turns of a deal the random player played, with made-up options: the
    hand's first card best (figures that favour it), its last the move first made."""
    from chinese_ten.engine.game import make_player
    from chinese_ten.engine.judging import Figures
    from chinese_ten.engine.simulate import decide
    from chinese_ten.engine.streams import DealStreams
    from chinese_ten.games.ten import SPEC
    from chinese_ten.games.ten.deal import Deal
    from chinese_ten.games.ten.record import record_of
    from chinese_ten.games.ten.review import Choice, Judgement
    from chinese_ten.games.ten.turns import Phase

    deal = Deal.shuffled(2, random.Random(3))
    player, streams = make_player(SPEC, "random"), DealStreams(3, 0, 2)
    while not (len(deal.turns) >= turns and deal.to_move == 1 and deal.phase is Phase.PLAY):
        deal.apply(decide(deal, player, streams))
    hand = sorted(deal.hand(1))
    options = tuple(Choice(card, (), 10.0 - 4 * i, Figures(6.0 - i, float(i), 0.5)) for i, card in enumerate(hand))
    judgement = Judgement(len(deal.turns) + 1, "play", options[-1], options[0], options)
    return PracticePosition({**record_of(deal), "players": ["normal", "you"]}, 1, judgement)


def test_the_position_shows_the_card_tracker_and_the_turns_it_was_decided_from(window) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.matchstore import KeptPosition
    from chinese_ten.ui.table.panel import lines_of
    from chinese_ten.ui.table.tracker import track

    position = _late_position()
    a = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    scene = PracticeScene(a, [KeptPosition(1, position, 0)])
    a.push(scene)
    scene.draw(window)
    tracked = lines_of(track(position.decided.deal.observe(1)))
    assert "Card tracker" in scene.words and all(line in scene.words for line in tracked), "what the seat could count"
    entries = scene.table.narration.entries
    assert len(entries) >= 12 and "Turns" in scene.words and entries[-1] in scene.words, "the newest turn told"
    shown = [i for i, _rect in scene.log.shown]
    press(a, pygame.K_PAGEUP)
    scene.draw(window)
    assert min(i for i, _rect in scene.log.shown) < min(shown), "Page Up reaches earlier turns"
    press(a, pygame.K_PAGEDOWN)
    scene.draw(window)
    assert [i for i, _rect in scene.log.shown] == shown
    panel = scene.panel_rect()
    assert panel.contains(scene.log.log_rect) and scene.log.log_rect.bottom <= scene.back_button.rect.top


def test_a_right_answer_names_the_move_first_made_and_why_it_beats_it(window) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.matchstore import KeptPosition

    position = _late_position()
    best, played = position.options[0], position.options[-1]
    a = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    scene = PracticeScene(a, [KeptPosition(1, position, 0), KeptPosition(2, position, 0)])
    a.push(scene)
    press(a, KEY_OF[scene.choices().index(best.play)])
    assert scene.right
    scene.draw(window)
    assert "Right!" in scene.words
    assert f"In the match: {played.play.pretty} (expected margin {played.expected:+.1f})" in scene.words
    reason = position.reason_over_played(best)
    assert reason is not None and best.play.pretty in reason and played.play.pretty in reason
    assert reason in scene.words
    press(a, pygame.K_RETURN)
    press(a, KEY_OF[scene.choices().index(position.options[1].play)])  # wrong: the best's reason, the match's move
    scene.draw(window)
    assert "Not the best move." in scene.words and position.reason_for(position.options[1]) in scene.words
    assert any(w.startswith("In the match: ") for w in scene.words)
