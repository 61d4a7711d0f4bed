"""The table's own buttons: what they offer while the count is shown."""

from __future__ import annotations

import pygame

from chinese_ten.i18n import _
from chinese_ten.ui.scenes.count import CountScene

from uiharness import click_event, key_event, play_until


def _at_the_count(make_table):  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=2, seed=2)
    assert play_until(app, lambda: isinstance(app.top(), CountScene))
    app.frame(1 / 60, [])
    return app, ctl, scene


def test_the_table_buttons_that_cannot_act_at_the_count_are_disabled(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = _at_the_count(make_table)
    scene.place_buttons()
    idle = [scene.hint_button, scene.again_button, scene.pause_button]
    assert all(not b.enabled for b in idle)
    assert scene.menu_button.enabled, "the menu still opens from the count"
    for b in idle:
        assert not b.hit(b.rect.center)
        app.frame(1 / 60, [click_event(b.rect.center)])
        assert isinstance(app.top(), CountScene) and not scene.paused
    scene.focus_button(scene.buttons().index(scene.hint_button))
    assert scene.button_focus is None, "a disabled button takes no focus"


def test_a_disabled_button_is_drawn_dim(make_table) -> None:  # type: ignore[no-untyped-def]
    app, _ctl, scene = make_table(seats=2, seed=2)
    button = scene.hint_button
    button.rect = pygame.Rect(10, 10, 160, 40)

    def brightness() -> float:
        surface = pygame.Surface((200, 80))
        surface.fill((0, 0, 0))
        button.draw(surface, app.kit, 20)
        ground = surface.get_at((14, 30))
        return float(sum(sum(abs(surface.get_at((x, y))[i] - ground[i]) for i in range(3))
                         for x in range(14, 166, 2) for y in range(14, 48, 2)))

    lit = brightness()
    button.enabled = False
    assert brightness() < lit, "the disabled label stands out less from its button"


def test_only_one_button_shows_the_r_key_at_the_count(make_table) -> None:  # type: ignore[no-untyped-def]
    app, _ctl, scene = _at_the_count(make_table)
    count = app.top()
    assert isinstance(count, CountScene)
    assert "(R)" in _(count.buttons[1].label)
    assert "(R)" not in _(scene.again_button.shown_label)


def test_the_table_buttons_come_back_with_the_next_deal(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=2, seed=2, length="2")
    assert play_until(app, lambda: isinstance(app.top(), CountScene))
    app.frame(1 / 60, [key_event(pygame.K_RETURN)])
    app.frame(1 / 60, [])
    assert all(b.enabled for b in scene.buttons())
    assert "(R)" in _(scene.again_button.shown_label)


def test_s_and_the_animation_button_cycle_the_speed_and_remember_it(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.settings import ANIMATION_SPEEDS
    from chinese_ten.ui.table.choreography import pace_for
    from uiharness import run_frames

    app, ctl, scene = make_table(seats=2, seed=2)
    assert run_frames(app, lambda: ctl.person_to_play)
    assert app.settings.animation_speed == "normal"
    app.frame(1 / 60, [key_event(pygame.K_s)])
    assert app.settings.animation_speed == "fast" and ctl.pace == pace_for("fast")
    assert "Fast" in _(scene.speed_button.shown_label)
    scene.place_buttons()
    seen = [app.settings.animation_speed]
    for _turn in range(len(ANIMATION_SPEEDS) - 1):
        app.frame(1 / 60, [click_event(scene.speed_button.rect.center)])
        seen.append(app.settings.animation_speed)
    assert seen == ["fast", "instant", "slow", "normal"]
    assert ctl.pace == pace_for("normal") and ctl.person_to_play, "no card was played nor movement skipped"


def test_the_buttons_left_lit_at_the_count_still_work(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.scenes.menu import MenuScene

    app, _ctl, scene = _at_the_count(make_table)
    scene.place_buttons()
    app.frame(1 / 60, [click_event(scene.speed_button.rect.center)])
    assert app.settings.animation_speed == "fast"
    assert isinstance(app.top(), CountScene)
    app.frame(1 / 60, [click_event(scene.menu_button.rect.center)])
    assert isinstance(app.top(), MenuScene)
