"""Pause really stops the table: no computer starts or finishes a turn, movements hold mid-flight."""

from __future__ import annotations

import pygame

from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.scenes.choice import ChoiceScene
from chinese_ten.ui.table.choreography import Pace
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.table.live import TableScene
from chinese_ten.engine.thinking import ComputerThinker, decide

from uiharness import click_event, key_event, press, run_frames

SLOW = Pace(move=0.6, flip=0.6, glow=0.4, sweep=0.6, triple=0.8, pause=0.2)


def snapshot(ctl: TableController) -> tuple[object, ...]:
    """Everything that moves when the game goes on."""
    step = ctl.current
    return (ctl.session.deal.turn_number, ctl.session.deal.phase, ctl.session.deal.to_move, tuple(len(h) for h in ctl.board.hands),
            tuple(len(ctl.session.deal.hand(s)) for s in range(ctl.seats)), tuple(sorted(ctl.board.slots.items())),
            tuple(ctl.board.piles), ctl.board.stock, ctl.board.version, len(ctl.queue), id(step),
            step.elapsed if step else None, ctl.narration.version)


class HeldThinker(ComputerThinker):
    """A stand-in for the worker process: answers only once ``release`` is called, like a slow Hard."""

    def __init__(self) -> None:
        super().__init__(force_inline=True)
        self.pending: tuple[object, object] | None = None
        self.released = False
        self.polled_after_release = 0

    def uses_process(self, name: str) -> bool:
        return True

    def warm_up(self, names: list[str]) -> None:
        pass

    def ask(self, tag, players, view, name, think_ms, seed) -> None:  # type: ignore[no-untyped-def]
        self.pending = (tag, decide(players, view, "normal", None, seed))
        self.released = False

    def release(self) -> None:
        self.released = True

    def poll(self):  # type: ignore[no-untyped-def]
        if not self.released or self.pending is None:
            return None
        self.polled_after_release += 1
        got, self.pending = self.pending, None
        return got

    def cancel(self) -> None:
        self.pending = None


def test_pause_mid_animation_holds_everything_and_resume_finishes_the_turn(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=3, seed=6, length="one", pace=SLOW)
    assert run_frames(app, lambda: ctl.person_to_play)
    press(app, pygame.K_1)
    assert run_frames(app, lambda: ctl.current is not None and ctl.current.seat == 1
                      and 0.2 < ctl.current.progress < 0.8), "a computer's movement is under way"
    press(app, pygame.K_p)
    assert scene.paused
    before = snapshot(ctl)
    for _ in range(600):
        app.frame(1 / 60)
    assert snapshot(ctl) == before, "nothing moved while paused"
    app.frame(1 / 60, [key_event(pygame.K_RETURN), click_event(scene.geom().table.center)])
    assert snapshot(ctl) == before, "keys and clicks while paused skip nothing and play nothing"
    app.draw()
    turn = ctl.session.deal.turn_number
    press(app, pygame.K_p)
    assert not scene.paused
    assert run_frames(app, lambda: ctl.session.deal.turn_number > turn and not ctl.busy or ctl.person_to_play)
    assert ctl.session.deal.turn_number > turn, "the computer's turn finished after resuming"


def test_a_decision_arriving_while_paused_is_held_not_applied(window: pygame.Surface) -> None:
    thinker = HeldThinker()
    app = App(window, Settings(), None, None, thinker)
    ctl = TableController(2, "hard", "one", seed=3, pace=SLOW, thinker=thinker)
    scene = TableScene(app, ctl)
    app.replace(scene)
    assert run_frames(app, lambda: ctl.person_to_play)
    press(app, pygame.K_RETURN)  # nothing focused: Enter only explains
    press(app, pygame.K_RIGHT, pygame.K_RETURN)
    for _ in range(5):
        if run_frames(app, lambda: isinstance(app.top(), ChoiceScene) or (
                not ctl.busy and ctl.session.deal.to_move == 1 and ctl.is_thinking())) and isinstance(app.top(), ChoiceScene):
            press(app, pygame.K_RIGHT, pygame.K_RETURN)  # the turned card's choice, by keys
    assert not ctl.busy and ctl.session.deal.to_move == 1 and ctl.is_thinking()
    assert thinker.pending is not None
    pygame.event.post(key_event(pygame.K_SPACE))  # not the person's turn: Space pauses
    app.frame(1 / 60)
    assert scene.paused
    thinker.release()  # the worker's answer arrives now
    before = snapshot(ctl)
    for _ in range(400):
        app.frame(1 / 60)
    assert snapshot(ctl) == before
    assert thinker.polled_after_release == 0 and thinker.pending is not None, "the answer waits"
    press(app, pygame.K_SPACE)
    assert not scene.paused
    assert run_frames(app, lambda: ctl.person_to_play)
    assert ctl.session.deal.turn_number == before[0] + 1


def test_pause_button_and_focus_loss(window: pygame.Surface) -> None:
    app = App(window, Settings(pause_on_focus_loss=True), None, None, ComputerThinker(force_inline=True))
    ctl = TableController(2, "normal", "one", seed=2, pace=SLOW, thinker=app.thinker)
    scene = TableScene(app, ctl)
    app.replace(scene)
    app.frame(1 / 60, [])
    app.frame(1 / 60, [click_event(scene.pause_button.rect.center)])
    assert scene.paused and scene.pause_button.label.startswith("Resume")
    app.frame(1 / 60, [click_event(scene.pause_button.rect.center)])
    assert not scene.paused
    app.frame(1 / 60, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    assert scene.paused and scene.paused_by_itself
    press(app, pygame.K_p)
    app.frame(1 / 60, [pygame.event.Event(pygame.WINDOWMINIMIZED)])
    assert scene.paused
    app.settings = Settings(pause_on_focus_loss=False)
    press(app, pygame.K_p)
    app.frame(1 / 60, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    assert not scene.paused, "without the setting, losing focus does not pause"


def test_menu_help_and_settings_hold_the_game(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=4, seed=9, length="one", pace=SLOW)
    assert run_frames(app, lambda: ctl.person_to_play)
    press(app, pygame.K_1)
    assert run_frames(app, lambda: ctl.current is not None and ctl.current.seat == 1)
    for opener in (pygame.K_ESCAPE, pygame.K_F1):
        press(app, opener)
        before = snapshot(ctl)
        for _ in range(200):
            app.frame(1 / 60)
        assert snapshot(ctl) == before
        press(app, pygame.K_ESCAPE)
        assert app.top() is scene


def test_the_pace_settings_are_ordered_and_normal_is_brisk_but_followable() -> None:
    from chinese_ten.ui.table.choreography import pace_for

    slow, normal, fast, instant = (pace_for(s) for s in ("slow", "normal", "fast", "instant"))
    assert slow.move > normal.move > fast.move > instant.move == 0
    assert 0.25 <= normal.move <= 0.45 and normal.pause >= 0.25, "a person can follow a computer at Normal"
    assert instant.pause > 0, "even instant, a computer's turns stay apart"


def test_the_paused_message_goes_the_moment_the_game_carries_on(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.table.live import PAUSED_TEXT

    app, ctl, scene = make_table(seats=2, seed=3)
    assert run_frames(app, lambda: ctl.person_to_play)
    press(app, pygame.K_p)
    press(app, pygame.K_RETURN)
    assert scene.toast_text == PAUSED_TEXT and scene.toast_left > 0
    press(app, pygame.K_p)
    assert not scene.paused
    assert scene.toast_left == 0, "the paused message lingers after resuming"


def test_the_paused_message_in_a_capture_choice_goes_too(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.table.live import PAUSED_TEXT

    app, ctl, scene = make_table(seats=2, seed=3)
    from uiharness import play_until

    assert play_until(app, lambda: isinstance(app.top(), ChoiceScene))
    press(app, pygame.K_p, pygame.K_RETURN)
    assert scene.toast_text == PAUSED_TEXT
    press(app, pygame.K_SPACE)
    assert not scene.paused and scene.toast_left == 0


def test_a_card_held_in_flight_by_a_pause_leaves_the_stock_count_readable(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=2, seed=6, length="one", pace=SLOW)
    assert run_frames(app, lambda: ctl.person_to_play)
    press(app, pygame.K_1)
    assert run_frames(app, lambda: ctl.current is not None and 0.3 < ctl.current.progress < 0.7), "a card moves"
    press(app, pygame.K_p)
    assert scene.paused and ctl.current is not None
    painted: list[str] = []
    painter = scene.painter
    step, count = painter.step, painter.stock_count
    painter.step = lambda *a, **k: (painted.append("step"), step(*a, **k))[1]  # type: ignore[method-assign]
    painter.stock_count = lambda *a, **k: (painted.append("count"), count(*a, **k))[1]  # type: ignore[method-assign]
    app.draw()
    assert "step" in painted and painted[-1] == "count", "the stock's count is drawn over the card held still"
