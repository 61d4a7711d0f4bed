"""The review screen: opened from the count and from History, stepped turn by turn in step with the engine,
worst moments that jump, an analysis that can be cancelled while browsing goes on, every hand face up
(and only in the review), and a screen that draws at every size in both looks."""

from __future__ import annotations

import re

import pygame
import pytest
from uiharness import click_event, play_until, press, run_frames

from chinese_ten.cards import Card
from chinese_ten.i18n import _
from chinese_ten.matchstore import open_store
from chinese_ten.engine.records import RecordError
from chinese_ten.games.ten.record import replay
from chinese_ten.games.ten.review import REVIEW_SEED, REVIEW_TURNS, Choice, Judgement, Review, review_record
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App, open_window
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.table.geometry import hand_rects
from chinese_ten.ui.scenes.history import HistoryScene
from chinese_ten.ui.keeper import Keeper
from chinese_ten.ui.scenes.review import MARK_WORDS, ReviewScene, mark_colour, open_review
from chinese_ten.ui.table.review_table import ReviewTable
from chinese_ten.engine.thinking import ComputerThinker

import dealkit
from tests.ui.uiharness import drawn_texts

SMALL = 6_000
"""An evaluation effort small enough for a whole deal's review to take about a second."""


def played_record(seats: int = 2, seed: int = 5) -> dict[str, object]:
    """A whole deal of Easy at seat 0 against Normal, as a record naming its players."""
    return dealkit.played_record(seats, seed, "review-scene-test")


@pytest.fixture
def window_size() -> tuple[int, int]:
    """1280×800: room for a long judgement and its likely line above several turns of the list (at 960×600 the
    list yields, as the last test here checks)."""
    return (1280, 800)


@pytest.fixture(scope="module")
def reviewed() -> tuple[dict[str, object], Review]:
    """A two-seat deal and seat 0's review of it, made once for the module."""
    record = played_record()
    return record, review_record(record, 0, budget=SMALL)


def assert_shows_position(table: ReviewTable, record: dict[str, object], turns: int) -> None:
    """The review's picture is the engine's replay of the record's first ``turns`` turns."""
    deal = replay({**record, "turns": record["turns"][:turns]})  # type: ignore[index]
    board = table.board
    assert table.at == turns and not table.busy
    assert sorted(board.slots.values()) == sorted(deal.layout), f"the layout after {turns} turns"
    assert [sorted(h) for h in board.hands] == [sorted(h) for h in deal.hands], f"the hands after {turns} turns"
    assert board.stock == deal.stock_left, f"the stock after {turns} turns"
    assert board.piles == [len(p) for p in deal.piles]
    assert table.stock_shown() == deal.stock, "the stock's strip shows its cards in order, next first"


def test_left_right_home_and_end_step_through_the_deal_as_the_engine_replays_it(app, reviewed) -> None:  # type: ignore[no-untyped-def]
    record, review = reviewed
    scene = open_review(app, record, 0, review=review)
    assert scene is not None and app.top() is scene
    table = scene.table
    assert_shows_position(table, record, 0)
    press(app, pygame.K_RIGHT)
    assert table.busy, "a turn forward is played out as at the table"
    assert run_frames(app, lambda: not table.busy)
    assert_shows_position(table, record, 1)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)  # a second press finishes the turn under way and plays the next
    assert run_frames(app, lambda: not table.busy)
    assert_shows_position(table, record, 3)
    press(app, pygame.K_LEFT)
    assert_shows_position(table, record, 2)  # back is shown at once
    press(app, pygame.K_END)
    assert_shows_position(table, record, len(record["turns"]))
    press(app, pygame.K_RIGHT)
    assert_shows_position(table, record, len(record["turns"]))  # nothing past the end
    press(app, pygame.K_HOME)
    assert_shows_position(table, record, 0)
    press(app, pygame.K_LEFT)
    assert_shows_position(table, record, 0)


@pytest.mark.parametrize("seats", [3, 4])
def test_every_position_of_a_bigger_table_matches_the_engine(app, seats: int) -> None:  # type: ignore[no-untyped-def]
    record = played_record(seats, seed=seats)
    scene = open_review(app, record, 0, review=Review(0, ()))
    assert scene is not None
    for turns in range(len(record["turns"]) + 1):
        scene.go(turns)
        scene.table.finish()
        assert_shows_position(scene.table, record, turns)


def test_a_click_on_a_worst_moment_goes_to_that_turn(app, reviewed) -> None:  # type: ignore[no-untyped-def]
    record, review = reviewed
    worst = review.worst()
    assert worst, "the easy player made a mistake or two"
    scene = open_review(app, record, 0, review=review)
    assert scene is not None
    app.frame(1 / 60, [])
    turns = [turn for turn, _rect in scene.worst_rows]
    assert turns == [d.turn for d in worst]
    _turn, rect = scene.worst_rows[-1]
    app.frame(1 / 60, [click_event(rect.center)])
    assert scene.table.at == worst[-1].turn - 1, "the position the decision was made from"
    assert_shows_position(scene.table, record, worst[-1].turn - 1)
    assert scene.shown_judgement() in worst
    app.frame(1 / 60, [])
    position, row = next((p, r) for p, r in scene.turn_rows if p not in (scene.table.at, scene.table.at + 1))
    app.frame(1 / 60, [click_event(row.center)])
    assert_shows_position(scene.table, record, position)


def test_w_goes_to_each_worst_moment_in_turn(app, reviewed) -> None:  # type: ignore[no-untyped-def]
    record, review = reviewed
    worst = [d.turn for d in review.worst()]
    assert len(worst) >= 2
    scene = open_review(app, record, 0, review=review)
    assert scene is not None
    for turn in [*worst, worst[0]]:
        press(app, pygame.K_w)
        assert_shows_position(scene.table, record, turn - 1)


def test_the_best_option_of_the_coming_decision_is_ringed_on_the_table(app, reviewed, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    record, review = reviewed
    lost = next(d for d in review.decisions if d.kind == "play" and d.best.play != d.chosen.play)
    scene = open_review(app, record, 0, review=review)
    assert scene is not None
    scene.go(lost.turn - 1)
    app.frame(1 / 60, [])
    rings: list[tuple[pygame.Rect, tuple[int, int, int]]] = []
    monkeypatch.setattr(scene.painter, "ring", lambda surface, rect, colour, width=None: rings.append((rect, colour)))
    app.draw()
    hand = scene.table.board.hands[0]
    rects = hand_rects(scene.geom(), len(hand))
    best, chosen = rects[hand.index(lost.best.play)], rects[hand.index(lost.chosen.play)]
    theme = app.kit.theme
    assert (best, mark_colour(theme, "best")) in rings, "the best card is ringed in the colour of Best"
    assert (chosen, theme.chosen_ring) in rings, "the card played is ringed in the chosen option's colour"
    assert _(MARK_WORDS[lost.label]) in scene.words, "the mark is told in a word too"
    listed = [scene.turn_mark(p + 1) for p, _row in scene.turn_rows]
    assert any(listed) and all(_(MARK_WORDS[m]) in scene.words for m in listed if m), "so is every listed turn's"


def test_the_review_opens_from_the_count_and_esc_cancels_then_goes_back(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, _scene = make_table(seats=2, seed=4)
    assert play_until(app, lambda: isinstance(app.top(), CountScene))
    count = app.top()
    press(app, pygame.K_r)
    review = app.top()
    try:
        assert isinstance(review, ReviewScene)
        assert review.record["turns"] == [t.to_json() for t in ctl.session.deal.turns]
        assert review.seat == 0 and review.analysing, "the person's decisions are being judged"
        press(app, pygame.K_ESCAPE)
        assert app.top() is review and review.analysis is not None and review.analysis.cancelled
        press(app, pygame.K_ESCAPE)
        assert app.top() is count, "Esc goes back to the count"
    finally:
        if review.analysis is not None:
            review.analysis.close()


def test_the_counts_review_button_opens_the_review(make_table) -> None:  # type: ignore[no-untyped-def]
    app, _ctl, _scene = make_table(seats=2, seed=4)
    assert play_until(app, lambda: isinstance(app.top(), CountScene))
    button = next(b for b in app.top().buttons if b.action == "review")
    app.frame(1 / 60, [click_event(button.rect.center)])
    review = app.top()
    assert isinstance(review, ReviewScene)
    review.back()
    assert isinstance(app.top(), CountScene)


def test_cancelling_the_analysis_leaves_the_deal_browsable_without_marks(app, reviewed) -> None:  # type: ignore[no-untyped-def]
    record, _review = reviewed
    scene = open_review(app, record, 0)
    assert scene is not None and scene.analysing
    app.frame(1 / 60, [])
    cancel = scene.cancel_button
    assert cancel in scene.buttons()
    app.frame(1 / 60, [click_event(cancel.rect.center)])
    assert scene.analysis is not None and scene.analysis.cancelled and not scene.analysing
    assert cancel not in scene.buttons(), "nothing left to cancel"
    press(app, pygame.K_END, pygame.K_LEFT)
    assert_shows_position(scene.table, record, len(record["turns"]) - 1)
    press(app, pygame.K_HOME, pygame.K_RIGHT)
    assert run_frames(app, lambda: not scene.table.busy)
    assert_shows_position(scene.table, record, 1)
    assert scene.review is None and scene.turn_mark(2) is None, "no marks without the analysis"
    app.draw()
    press(app, pygame.K_ESCAPE)
    assert app.top() is not scene


def test_an_analysis_under_way_fills_in_the_marks_when_it_ends(app) -> None:  # type: ignore[no-untyped-def]
    record = played_record(seed=9)
    scene = ReviewScene(app, record, 0, budget=2_000)
    app.push(scene)
    assert run_frames(app, lambda: scene.review is not None or not scene.analysing, limit=100_000)
    assert scene.review is not None and scene.review.decisions
    assert any(scene.turn_mark(d.turn) is not None for d in scene.review.decisions)


def test_marks_show_turn_by_turn_while_the_analysis_is_still_under_way(app) -> None:  # type: ignore[no-untyped-def]
    record = played_record(seed=9)
    scene = ReviewScene(app, record, 0, budget=2_000)
    app.push(scene)
    early: list[int] = []

    def some_judged_before_the_end() -> bool:
        a = scene.analysis
        if scene.analysing and a is not None and a.judged:
            early.extend(d.turn for d in a.judged)
            return True
        return not scene.analysing

    assert run_frames(app, some_judged_before_the_end, limit=100_000)
    assert early, "a decision was judged while the rest were still being analysed"
    assert scene.analysing and scene.review is None
    assert scene.turn_mark(early[0]) is not None, "its mark is shown at once"


def test_the_review_opens_from_history_for_a_kept_deal_and_a_kept_review_shows_at_once(window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    record = played_record(seed=6)
    opened = open_store(tmp_path)
    from chinese_ten.matchstore import MatchSetup

    setup = MatchSetup(seats=2, strength="normal", players=("you", "normal"), person=True, rules="classic",
                       preset="classic", length={"kind": "fixed", "deals": 1}, total_deals=1, seed="6")
    match_id = opened.store.begin(setup, {})
    opened.store.finish_deal(match_id, 1, record, [0, 0], 0.0, [0, 0], {})
    opened.store.finish_match(match_id, "won")
    keeper = Keeper(opened)
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True), keeper)
    try:
        review = review_record(record, 0, budget=SMALL)
        keeper.keep_review((match_id, 1), review, REVIEW_SEED, REVIEW_TURNS)  # as an earlier look kept it
        app.open_history()
        history = app.top()
        assert isinstance(history, HistoryScene)
        app.frame(1 / 60, [])
        press(app, pygame.K_r)
        scene = app.top()
        assert isinstance(scene, ReviewScene) and scene.kept == (match_id, 1)
        assert scene.record["turns"] == record["turns"]
        app.frame(1 / 60, [])
        assert scene.review is not None and scene.review.to_json() == review.to_json(), "kept: no work again"
        assert not scene.analysing
        press(app, pygame.K_ESCAPE)
        assert app.top() is history
        # opened from the deal's count, the review's Back comes to History's list, not to the count
        press(app, pygame.K_RETURN)
        assert history.count_open
        press(app, pygame.K_r)
        assert isinstance(app.top(), ReviewScene)
        app.frame(1 / 60, [])
        press(app, pygame.K_ESCAPE)
        assert app.top() is history and not history.count_open
        button = next(b for b in history.buttons if b.action == "review")
        app.frame(1 / 60, [click_event(button.rect.center)])
        assert isinstance(app.top(), ReviewScene)
    finally:
        keeper.close()


def test_a_record_that_cannot_be_replayed_is_told_and_opens_nothing(app) -> None:  # type: ignore[no-untyped-def]
    record = played_record()
    bad = {**record, "turns": [{"play": "2C"}, *record["turns"]]}  # type: ignore[list-item]
    with pytest.raises(RecordError):
        replay(bad)
    before = list(app.scenes)
    assert open_review(app, bad, 0, review=Review(0, ())) is None
    assert app.scenes == before and "cannot be reviewed" in app.banner_text


def _faces(painter, monkeypatch) -> list[Card | None]:  # type: ignore[no-untyped-def]
    """Record which card faces (None: a back) the painter is asked to draw."""
    asked: list[Card | None] = []
    draw = painter.card

    def card(surface, card, rect, *args, **kwargs):  # type: ignore[no-untyped-def]
        asked.append(card)
        return draw(surface, card, rect, *args, **kwargs)

    monkeypatch.setattr(painter, "card", card)
    return asked


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_other_seats_are_drawn_face_up_in_the_review_and_face_down_at_the_table(
        make_table, monkeypatch, seats: int) -> None:  # type: ignore[no-untyped-def]
    app, ctl, table = make_table(seats=seats)
    asked = _faces(table.painter, monkeypatch)
    app.draw()
    others = [c for seat in range(1, seats) for c in ctl.session.deal.hand(seat)]
    assert all(c is None for seat in range(1, seats) for c in ctl.board.hands[seat]), "the table holds them face down"
    assert others and not set(others) & set(asked), "no card of another hand is shown at the table"
    assert asked.count(None) >= len(others), "each is drawn as a back"

    record = played_record(seats, seed=1)
    scene = open_review(app, record, 0, review=Review(0, ()))
    assert scene is not None
    scene.go(2)
    scene.table.finish()
    asked = _faces(scene.painter, monkeypatch)
    app.draw()
    hands = scene.table.board.hands
    assert all(c in asked for seat in range(seats) for c in hands[seat]), "every hand is drawn face up"
    stock = scene.table.stock_shown()
    assert all(c in asked for c in stock), "so is the stock, in its strip"


SIZES = [(960, 600), (1920, 1080), (640, 400), (300, 200), (40, 40), (1, 1), (19, 600), (960, 5), (3000, 3), (3, 2000)]

SENTINEL = (251, 3, 249)
"""A colour no screen uses (unlike a near-black, which a card's soft edge on the dark felt can make)."""


@pytest.mark.parametrize("contrast", [False, True])
def test_the_review_draws_at_every_size_in_both_looks(reviewed, contrast: bool) -> None:  # type: ignore[no-untyped-def]
    record, review = reviewed
    surface = open_window((960, 600))
    try:
        app = App(surface, Settings(high_contrast=contrast), None, None, ComputerThinker(force_inline=True))
        scene = open_review(app, record, 0, review=review)
        assert scene is not None
        lost = review.worst()[0]
        for size in SIZES:
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)
            app.surface = surface
            for position in (0, lost.turn - 1, len(record["turns"])):
                scene.go(position)
                app.frame(1 / 60, [])
                surface.fill(SENTINEL)
                app.draw()
                unpainted = pygame.mask.from_threshold(surface, SENTINEL, (1, 1, 1, 255)).count()
                assert unpainted == 0, f"every pixel is painted at {size}"
            if size[0] >= 960 and size[1] >= 600:
                buttons = scene.buttons()
                for i, b in enumerate(buttons):
                    assert surface.get_rect().contains(b.rect), f"{b.label} leaves the window at {size}"
                    assert not any(b.rect.colliderect(o.rect) for o in buttons[i + 1:]), f"{b.label} overlaps"
                panel = scene.panel_rect()
                rows = [r for _p, r in scene.turn_rows] + [r for _t, r in scene.worst_rows]
                assert all(panel.contains(r) for r in rows), f"the lists stay in the panel at {size}"
                assert all(not r.colliderect(b.rect) for r in rows for b in buttons), "no row under a button"
    finally:
        pygame.display.quit()


def test_s_or_a_click_on_the_judged_seat_judges_the_next_seat_a_computer_too(app, reviewed) -> None:  # type: ignore[no-untyped-def]
    record, review = reviewed
    scene = open_review(app, record, 0, review=review)
    assert scene is not None
    app.frame(1 / 60, [])
    assert any("Your decisions" in w for w in scene.words)
    press(app, pygame.K_s)
    assert scene.seat == 1 and scene.review is None and scene.analysing, "North's decisions are being judged"
    first = scene.analysis
    assert any(w.startswith("North's decisions") for w in scene.words)
    app.frame(1 / 60, [click_event(scene.seat_row.center)])
    assert scene.seat == 0 and scene.analysis is not first and first is not None and first.cancelled, \
        "the analysis of North stops when another seat is chosen"
    assert scene.analysing
    scene.back()
    assert scene.analysis is not None and scene.analysis.cancelled


def _judgement(turn: int, chosen: float, best: float) -> Judgement:
    mine = Choice(Card.parse("3H"), (Card.parse("7C"),), chosen)
    top = Choice(Card.parse("KH"), (Card.parse("KC"),), best)
    return Judgement(turn, "play", mine, top if best > chosen else mine, (top, mine) if best > chosen else (mine, top))


def test_a_deal_that_lost_points_without_an_inaccuracy_is_not_called_all_best() -> None:
    from chinese_ten.ui.scenes.review import summary_note

    lost = Review(0, (_judgement(1, -1.5, 0.0), _judgement(3, 2.0, 3.3)))
    assert lost.total_loss > 2 and not lost.worst()
    note = summary_note(lost)
    assert "best" not in note and "No decision was an inaccuracy" in note and "2 points" in note
    assert summary_note(Review(0, (_judgement(1, 4.0, 4.0),))) == "Every decision was the best."


def test_the_points_lost_name_whose_expected_margin_each_figure_is() -> None:
    from chinese_ten.ui.scenes.review import loss_words

    words = loss_words(_judgement(5, -10.7, -7.1))
    assert words == "Points lost: 3.6 (expected margin -10.7 with this choice, -7.1 with the best)"


def test_the_list_of_turns_counts_turns_as_the_panel_does() -> None:
    from chinese_ten.ui.scenes.review import list_range

    assert list_range(0, 10, 24) == (1, 10, 24)
    assert list_range(15, 10, 24) == (16, 24, 24), "the end of the deal's row is not a 25th turn"


def test_the_panel_and_the_list_give_the_same_number_of_turns(app, reviewed, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    record, review = reviewed
    seen = drawn_texts(monkeypatch)
    open_review(app, record, 0, review=review)
    app.frame(1 / 60, [])
    turns = len(record["turns"])  # type: ignore[arg-type]
    counts = {int(m.group(1)) for text in seen for m in [re.search(r" of (\d+)", text)] if m}
    assert counts == {turns}, counts


def test_after_next_the_panel_describes_the_turn_the_table_is_still_showing(app, reviewed, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    record, review = reviewed
    seen = drawn_texts(monkeypatch)
    scene = open_review(app, record, 0, review=review)
    assert scene is not None
    app.frame(1 / 60, [])
    total = scene.table.last
    press(app, pygame.K_RIGHT)
    assert scene.table.busy, "the first turn is still moving on the table"
    seen.clear()
    app.frame(1 / 60, [])
    heads = [t for t in seen if t.startswith("Turn ") and f" of {total}:" in t]
    assert heads and all(t.startswith(f"Turn 1 of {total}:") for t in heads), heads
    assert run_frames(app, lambda: not scene.table.busy)
    seen.clear()
    app.frame(1 / 60, [])
    heads = [t for t in seen if t.startswith("Turn ") and f" of {total}:" in t]
    assert heads and all(t.startswith(f"Turn 2 of {total}:") for t in heads), heads


def test_a_click_on_the_evaluation_graph_goes_to_the_decision_of_that_turn(app, reviewed) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.widgets.evaluation_graph import place, value_range, graph_points

    record, review = reviewed
    scene = open_review(app, record, 0, review=review)
    assert scene is not None
    app.frame(1 / 60, [])
    area = scene.graph_rect
    assert area.width > 0 and area.height > 0, "the graph is drawn once the review is ready"
    last = scene.table.last
    decision = review.worst()[0]
    points = graph_points(review.decisions, None, last)
    target = next(p for p in points if p.turn == decision.turn)
    x, y = place(target, area.inflate(-8, -8), last, value_range(points))
    app.frame(1 / 60, [click_event((x, area.centery))])
    assert scene.table.at == decision.turn - 1, "the position the decision was made from"
    assert scene.shown_judgement() == decision


def test_every_option_of_the_shown_decision_carries_its_expected_margin_on_the_table(app, reviewed) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.scenes.review import margin_text

    record, review = reviewed
    decision = next(d for d in review.decisions if d.kind == "play" and len(d.options) >= 3)
    scene = open_review(app, record, 0, review=review)
    assert scene is not None
    scene.go(decision.turn - 1)
    scene.table.finish()
    drawn: list[str] = []
    real_line = app.kit.text.line

    def line(text: str, *args: object, **kw: object) -> pygame.Surface:
        drawn.append(text)
        return real_line(text, *args, **kw)  # type: ignore[arg-type]

    app.kit.text.line = line  # type: ignore[method-assign]
    try:
        scene.draw(app.surface)
    finally:
        app.kit.text.line = real_line  # type: ignore[method-assign]
    for option in decision.options:
        assert any(margin_text(option.expected) in text for text in drawn), option


def test_switching_the_language_with_a_review_open_retells_its_seats_and_turns(app, reviewed) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten import i18n

    record, review = reviewed
    scene = open_review(app, record, 0, review=review)
    assert scene is not None
    scene.go(3)
    scene.table.finish()
    english = scene.table.turn_words(2)
    try:
        app.change_settings(language="zh-Hans")
        assert scene.table.names[0] == _("You") != "You"
        told = scene.table.turn_words(2)
        assert told != english and not re.search(r"[A-Za-z]{3,}", told), told
    finally:
        app.change_settings(language="en")
        i18n.use_language("en")


def test_the_review_says_its_figures_assume_sensible_play_and_help_says_how_it_judges(app, reviewed) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.scenes.help import rules_page
    from chinese_ten.ui.scenes.review import SENSIBLE_PLAY

    record, review = reviewed
    scene = open_review(app, record, 0, review=review)
    assert scene is not None
    app.frame(1 / 60, [])
    app.draw()
    assert _(SENSIBLE_PLAY) in scene.words
    for page in (rules_page(), rules_page(game="fishing")):
        heads = [value for kind, value in page if kind == "head"]
        assert "How the review judges" in heads
        assert any(kind == "text" and "play sensibly" in str(value) for kind, value in page)


def _with(review: Review, decision: Judgement, changed: Judgement) -> Review:
    """The review with one decision changed."""
    return Review(review.seat, tuple(changed if d is decision else d for d in review.decisions))


def test_under_the_reason_the_panel_draws_the_best_options_likely_line_with_the_seats_names(app, reviewed) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    from chinese_ten.engine.judging import LineTurn
    from chinese_ten.ui.scenes.review import then_words

    record, review = reviewed
    decision = review.worst()[0]
    line = (LineTurn(1, Card.parse("9C"), ((Card.parse("AH"),),), 0.62), LineTurn(0, Card.parse("5D"), (), 0.31))
    shown = _with(review, decision, replace(decision, line=line))
    scene = open_review(app, record, 0, review=shown)
    assert scene is not None
    scene.go(decision.turn - 1)
    app.frame(1 / 60, [])
    app.draw()
    names = scene.table.names
    expected = f"Then likely: {names[1]} 9♣ takes A♥ (62%) · {names[0]} 5♦ (31%)"
    assert then_words(replace(decision, line=line), names) == expected
    assert expected in scene.words and decision.reason in scene.words
    assert scene.words.index(expected) == scene.words.index(decision.reason) + 1, "the line stands under the reason"
    bare = _with(review, decision, replace(decision, line=()))
    scene = open_review(app, record, 0, review=bare)
    assert scene is not None
    scene.go(decision.turn - 1)
    app.frame(1 / 60, [])
    app.draw()
    assert not any(w.startswith("Then likely") for w in scene.words), "no line, no words for it"


def test_a_loss_within_the_worlds_uncertainty_shows_its_plus_minus_and_says_so(app, reviewed) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    record, review = reviewed
    decision = review.worst()[0]
    wide = decision.loss  # two errors this wide combine to 1.41 times the loss: within twice that
    doubtful = replace(decision, chosen=replace(decision.chosen, stderr=wide), best=replace(decision.best, stderr=wide))
    assert doubtful.uncertain
    scene = open_review(app, record, 0, review=_with(review, decision, doubtful))
    assert scene is not None
    scene.go(decision.turn - 1)
    app.frame(1 / 60, [])
    app.draw()
    err = f"{(2 * wide * wide) ** 0.5:.1f}"
    assert any(f"Points lost: {decision.loss:.1f} ± {err} (" in w for w in scene.words), scene.words
    assert any("margin of error" in w for w in scene.words)
    sure = replace(decision, chosen=replace(decision.chosen, stderr=0.01), best=replace(decision.best, stderr=0.01))
    scene = open_review(app, record, 0, review=_with(review, decision, sure))
    assert scene is not None
    scene.go(decision.turn - 1)
    app.frame(1 / 60, [])
    app.draw()
    assert not any("±" in w or "margin of error" in w for w in scene.words), "a clear loss carries no ±"


def test_a_small_loss_marked_best_shows_its_plus_minus_but_no_doubt_about_a_mark_it_does_not_have() -> None:
    from dataclasses import replace

    from chinese_ten.ui.scenes.review import doubt_words, loss_words

    small = _judgement(5, -1.0, 0.3)
    small = replace(small, chosen=replace(small.chosen, stderr=1.0), best=replace(small.best, stderr=1.0))
    assert small.label == "best" and small.uncertain
    assert "± 1.4" in loss_words(small) and doubt_words(small) == ""
    marked = _judgement(5, -3.0, 0.0)
    marked = replace(marked, chosen=replace(marked.chosen, stderr=1.5), best=replace(marked.best, stderr=1.5))
    assert marked.label == "inaccuracy" and "margin of error" in doubt_words(marked)


def test_a_long_judgement_with_its_line_in_chinese_leaves_no_turn_row_under_a_button(reviewed) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    from chinese_ten import i18n
    from chinese_ten.engine.judging import LineTurn

    record, review = reviewed
    line = (LineTurn(1, Card.parse("8D"), ((Card.parse("2D"),),), 0.37), LineTurn(0, Card.parse("3S"),
                                                                                 ((Card.parse("7C"),),), 0.07))
    for decision in review.worst():
        doubtful = replace(decision, line=line, chosen=replace(decision.chosen, stderr=decision.loss),
                           best=replace(decision.best, stderr=decision.loss))
        surface = open_window((960, 600))
        try:
            app = App(surface, Settings(language="zh-Hans"), None, None, ComputerThinker(force_inline=True))
            app.change_settings(language="zh-Hans")
            scene = open_review(app, record, 0, review=_with(review, decision, doubtful))
            assert scene is not None
            scene.go(decision.turn - 1)
            app.frame(1 / 60, [])
            app.draw()
            assert any(w.startswith(_("Then likely: {line}").split("{")[0]) for w in scene.words)
            buttons = scene.buttons()
            rows = [r for _p, r in scene.turn_rows]
            assert all(not r.colliderect(b.rect) for r in rows for b in buttons), f"turn {decision.turn}"
        finally:
            i18n.use_language("en")
            pygame.display.quit()


def test_the_summary_of_a_deal_without_inaccuracies_is_shown_whole_on_its_lines(app, reviewed, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.scenes.review import summary_note

    record, _review = reviewed
    lost = Review(0, (_judgement(1, -1.5, 0.0), _judgement(3, 2.0, 3.3)))
    scene = open_review(app, record, 0, review=lost)
    assert scene is not None
    wrapped: list[tuple[str, int]] = []
    real = app.kit.text.paragraph
    monkeypatch.setattr(app.kit.text, "paragraph",
                        lambda text, size, colour, width, *a: wrapped.append((text, width)) or real(text, size, colour,
                                                                                                   width, *a))
    app.frame(1 / 60, [])
    note = summary_note(lost)
    assert any(text == note for text, _w in wrapped), "the note is wrapped, not cut ('each lost l…')"
