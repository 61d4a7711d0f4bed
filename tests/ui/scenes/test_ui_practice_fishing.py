"""Go Fishing practice in the window: a kept review of a fishing deal gives its blunder, the position is shown
from the person's seat alone, the card with more than one way to take asks which, the better way is accepted
and the blunder refused with its reason shown, and Statistics' practice line counts both."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from uiharness import click_event, press

from chinese_ten.cards import Card
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games.fishing.review import Review
from chinese_ten.matchstore import MatchSetup, open_store
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.keeper import Keeper
from chinese_ten.ui.scenes.practice import PracticeScene
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.ui.scenes.stats import practice_line
from chinese_ten.ui.table.live import DIGIT_KEYS

from test_practice_fishing import king_record, QUICK
from chinese_ten.games.fishing.review import review_record

KEY_OF = {index: key for key, index in DIGIT_KEYS.items() if key < pygame.K_KP1}
SETUP = MatchSetup(seats=2, strength="hard", players=("hard", "you"), person=True, rules="classic",
                   preset="classic", length={"kind": "one", "deals": 1}, total_deals=1, seed="7", game="fishing")


@pytest.fixture(scope="module")
def reviewed() -> tuple[dict[str, Any], Review]:
    record = king_record()
    return record, review_record(record, 1, budget=QUICK)


@pytest.fixture
def app(window: pygame.Surface, tmp_path, reviewed) -> Iterator[App]:  # type: ignore[no-untyped-def]
    """An app over a data folder holding the kept fishing deal and its review, Practice open."""
    keeper = Keeper(open_store(tmp_path))
    store = keeper.opened.store
    match_id = store.begin(SETUP, {})
    record, review = reviewed
    store.finish_deal(match_id, 1, record, [1, -1], -1.0, [1, -1], {})
    store.finish_match(match_id, "lost")
    keeper.keep_review((match_id, 1), review, 0, QUICK, record)
    made = App(window, Settings(animation_speed="instant"), None, None, ComputerThinker(force_inline=True), keeper)
    made.push(StartScene(made))
    made.top().act("practice")
    made.frame(1 / 60, [])
    yield made
    made.keeper.close()


def _king_key(scene: PracticeScene) -> int:
    return KEY_OF[scene.choices().index(Card.parse("KC"))]


def test_the_fishing_position_is_offered_and_shown_from_the_persons_seat(app) -> None:  # type: ignore[no-untyped-def]
    scene = app.top()
    assert isinstance(scene, PracticeScene) and len(scene.positions) == 1
    board = scene.table.board
    assert all(c is None for c in board.hands[0]) and len(board.hands[0]) == 5, "the other hand is face down"
    assert sorted(c for c in board.hands[1] if c is not None) == sorted(scene.position.choices)
    assert sorted(board.slots.values()) == sorted(Card.parse(c) for c in ["KD", "10S", "3H", "6C", "7D"])
    assert scene.geom().bottom == 1


def test_the_better_way_is_accepted(app) -> None:  # type: ignore[no-untyped-def]
    scene = app.top()
    press(app, _king_key(scene))
    assert scene.pending == Card.parse("KC") and scene.answer is None, "the king may take more than one way"
    assert len(scene.family_buttons) == len(scene.position.options_for(Card.parse("KC")))
    app.frame(1 / 60, [])
    assert any("can take more than one way" in w for w in scene.words)
    ways = scene.position.options_for(Card.parse("KC"))
    best = next(i for i, w in enumerate(ways) if scene.position.same_option(w, scene.position.best))
    app.frame(1 / 60, [click_event(scene.family_buttons[best].rect.center)])
    assert scene.answer == Card.parse("KC") and scene.right and scene.pending is None
    app.frame(1 / 60, [])
    assert any(w.startswith("Right") for w in scene.words)
    assert app.keeper._writer.flush(timeout=60)  # the answer is saved beside the frame: wait for it
    stats = app.keeper.statistics()
    assert stats is not None
    assert (stats.positions.solved, stats.positions.failed, stats.positions.waiting) == (1, 0, 0)


def test_the_blunder_is_refused_with_its_reason_and_counted(app) -> None:  # type: ignore[no-untyped-def]
    scene = app.top()
    press(app, _king_key(scene))
    press(app, pygame.K_BACKSPACE)
    assert scene.pending is None, "Backspace puts the card back"
    press(app, _king_key(scene))
    assert scene.family_buttons[-1].label.endswith(": lay K♣ down, taking nothing"), "not a bare '5: K♣'"
    press(app, KEY_OF[len(scene.family_buttons) - 1])  # taking nothing, offered last
    assert scene.answer == Card.parse("KC") and not scene.right
    app.frame(1 / 60, [])
    position = scene.position
    reason = position.reason_for(scene.answered)
    assert reason and reason in scene.words and "Not the best move." in scene.words
    assert app.keeper._writer.flush(timeout=60)
    stats = app.keeper.statistics()
    assert stats is not None and "1 failed" in practice_line(stats)
