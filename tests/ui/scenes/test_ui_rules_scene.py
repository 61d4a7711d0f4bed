"""The start screen's rules presets and the Rules page of Settings: what is offered, what is remembered."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from chinese_ten.games.ten.rules import OPTIONS, PRESETS, RuleSet
from chinese_ten.settings import SettingsStore
from chinese_ten.ui.app import App
from chinese_ten.games import game_named
from chinese_ten.settings import choose_preset
from chinese_ten.ui.scenes.rules import RulesScene, offered_values
from chinese_ten.ui.scenes.settings import SettingsScene
from chinese_ten.ui.scenes.start import StartScene, presets_for
from chinese_ten.engine.thinking import ComputerThinker

from uiharness import click_event, drawn_texts, key_event


def _app(window: pygame.Surface, tmp_path: Path) -> App:
    store = SettingsStore(tmp_path)
    return App(window, store.load().settings, store, None, ComputerThinker(force_inline=True))


def _saved(tmp_path: Path) -> dict[str, object]:
    return json.loads((tmp_path / "settings.json").read_text())  # type: ignore[no-any-return]


@pytest.mark.parametrize("computers", [1, 2, 3])
def test_the_start_screen_lists_the_presets_that_deal_at_the_seats_classic_first(
        computers: int, window: pygame.Surface, tmp_path: Path) -> None:
    app = _app(window, tmp_path)
    start = StartScene(app)
    app.push(start)
    app.change_settings(computers=computers)
    app.frame(1 / 60, [])
    shown = [b.action.split("=", 1)[1] for b in start.rows[-1]]
    assert shown[0] == "classic" and shown == presets_for("ten", computers + 1)
    assert shown == [name for name in PRESETS if computers + 1 in RuleSet.of(name).seat_counts()]
    assert ("play-red" in shown) == (computers < 3)
    assert [b.label for b in start.rows[-1]] == [PRESETS[name].title for name in shown]


def test_choosing_a_preset_saves_it_with_its_match_length_and_shows_its_description(
        window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(window, tmp_path)
    start = StartScene(app)
    app.push(start)
    app.frame(1 / 60, [])
    target = next(b for b in start.rows[-1] if b.action == "rules=target")
    app.frame(1 / 60, [click_event(target.rect.center)])
    saved = _saved(tmp_path)
    assert saved["house_rules"] == {"ten": "target"}
    assert saved["match_length"] == "one", "Target is a match of one deal"
    assert start.rules_description() == PRESETS["target"].description
    simplified = next(b for b in start.rows[-1] if b.action == "rules=simplified")
    app.frame(1 / 60, [click_event(simplified.rect.center)])
    assert _saved(tmp_path)["match_length"] == "per-seat"
    # the keyboard: Left from Simplified goes back to Red Frog Black Frog
    start.focus_row = len(start.rows) - 1
    app.frame(1 / 60, [key_event(pygame.K_LEFT)])
    assert app.settings.preset() == "red-frog"


def test_four_seats_leave_play_red_for_the_classic_rules(window: pygame.Surface, tmp_path: Path) -> None:
    app = _app(window, tmp_path)
    start = StartScene(app)
    app.push(start)
    app.change_settings(**choose_preset(app.settings, "play-red"))
    app.frame(1 / 60, [])
    three = start.rows[1][2]  # the computers: the game is chosen on the first row
    app.frame(1 / 60, [click_event(three.rect.center)])
    assert app.settings.computers == 3 and app.settings.preset() == "classic"
    assert "rules=play-red" not in [b.action for b in start.rows[-1]]
    assert _saved(tmp_path)["house_rules"] == {"ten": "classic"}


def test_every_option_and_value_has_words_on_the_rules_page() -> None:
    options = game_named("ten").options
    assert set(options.names) == set(OPTIONS)
    assert all(options.option(key).value_title(v) for key, values in OPTIONS.items() for v in values)


def test_the_rules_page_hides_what_cannot_be_dealt_at_the_seats_and_saves_only_changes(
        window: pygame.Surface, tmp_path: Path) -> None:
    app = _app(window, tmp_path)
    app.change_settings(computers=3)
    settings = SettingsScene(app)
    app.push(settings)
    app.frame(1 / 60, [key_event(pygame.K_r)])
    page = app.top()
    assert isinstance(page, RulesScene)
    deal_row = page.keys.index("deal")
    assert page.values[deal_row] == ["classic", "six"], "Play Red sizes are not offered at four seats"
    assert offered_values(game_named("ten"), RuleSet.of("classic"), "deal", 3) == list(OPTIONS["deal"])
    lead_row = page.keys.index("lead")
    dealer = page.rows[lead_row][1]
    app.frame(1 / 60, [click_event(dealer.rect.center)])
    assert _saved(tmp_path)["house_rules"] == {"ten": {"preset": "classic", "lead": "dealer"}}
    assert app.settings.ruleset() == RuleSet.of("classic", lead="dealer")
    page.focus_row = page.keys.index("direction")
    app.frame(1 / 60, [key_event(pygame.K_RIGHT)])
    assert _saved(tmp_path)["house_rules"] == {"ten": {"preset": "classic", "lead": "dealer",
                                                      "direction": "counter-clockwise"}}
    page.focus_row = lead_row
    app.frame(1 / 60, [key_event(pygame.K_LEFT)])
    assert _saved(tmp_path)["house_rules"] == {"ten": {"preset": "classic", "direction": "counter-clockwise"}}, \
        "back to the preset's own"
    app.frame(1 / 60, [key_event(pygame.K_r)])
    assert _saved(tmp_path)["house_rules"] == {"ten": "classic"}
    app.frame(1 / 60, [key_event(pygame.K_ESCAPE)])
    assert app.top() is settings


def test_the_rules_page_of_a_preset_starts_from_its_options(window: pygame.Surface, tmp_path: Path) -> None:
    app = _app(window, tmp_path)
    app.change_settings(computers=1, **choose_preset(app.settings, "play-red"))
    page = RulesScene(app)
    app.push(page)
    app.frame(1 / 60, [])
    rules = RuleSet.of("play-red")
    for key, row, values in zip(page.keys, page.rows, page.values):
        chosen = [v for v, b in zip(values, row) if b.selected]
        assert chosen == [getattr(rules, key)], key
    # six each deals at two seats too: choosing it changes one option of Play Red
    deal_row = page.keys.index("deal")
    page.choose(deal_row, page.values[deal_row].index("six"))
    assert dict(app.settings.changed_options()) == {"deal": "six"}
    app.frame(1 / 60, [])


def test_settings_and_the_rules_page_work_by_mouse_alone(window: pygame.Surface, tmp_path: Path) -> None:
    app = _app(window, tmp_path)
    app.push(StartScene(app))
    settings = SettingsScene(app)
    app.push(settings)
    app.frame(1 / 60, [])
    # a click on a choice picks it and is saved
    row = next(i for i, r in enumerate(settings.rows) if len(r) > 1 and not r[-1].selected)
    app.frame(1 / 60, [click_event(settings.rows[row][-1].rect.center)])
    assert settings.rows[row][-1].selected
    # pointing at a button lights it; a click on Rules opens the Rules page
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=settings.rules_button.rect.center, rel=(0, 0),
                                          buttons=(0, 0, 0))])
    assert settings._hover is settings.rules_button
    app.frame(1 / 60, [click_event(settings.rules_button.rect.center)])
    page = app.top()
    assert isinstance(page, RulesScene)
    app.frame(1 / 60, [])
    row = next(i for i, r in enumerate(page.rows) if len(r) > 1)
    app.frame(1 / 60, [click_event(page.rows[row][-1].rect.center)])
    assert app.settings.changed_options(), "a click on another value changes an option"
    app.frame(1 / 60, [click_event(page.reset.rect.center)])
    assert not app.settings.changed_options(), "Reset to preset drops the changed options"
    app.frame(1 / 60, [click_event(page.done.rect.center)])
    assert app.top() is settings
    app.frame(1 / 60, [click_event(settings.done.rect.center)])
    assert isinstance(app.top(), StartScene)


def test_rules_from_settings_with_go_fishing_chosen_offers_no_house_rules_and_says_so(
        window: pygame.Surface, tmp_path: Path) -> None:
    app = _app(window, tmp_path)
    app.change_settings(game="fishing", computers=3)
    app.open("settings")
    settings = app.top()
    app.frame(1 / 60, [key_event(pygame.K_r)])
    assert app.top() is settings, "Chinese Ten's house rules do not open for Go Fishing"
    assert "Chinese Go Fishing has no house rules" in app.banner_text
    app.change_settings(game="ten", computers=1)
    assert app.banner_left > 0
    app.frame(1 / 60, [key_event(pygame.K_r)])
    assert isinstance(app.top(), RulesScene)


def test_the_presets_are_named_in_the_language_chosen_after_the_start_screen_was_built(
        window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from chinese_ten.i18n import catalog

    app = _app(window, tmp_path)
    start = StartScene(app)
    app.push(start)
    app.frame(1 / 60, [])
    seen = drawn_texts(monkeypatch)
    try:
        app.change_settings(language="zh-Hans")
        app.frame(1 / 60, [])
        words = catalog("zh-Hans").gettext
        drawn = "".join(seen)
        for name in ("classic", "taiwan", "red-frog"):
            assert words(PRESETS[name].title) != PRESETS[name].title
            assert words(PRESETS[name].title) in drawn, name
        assert "Taiwan" not in seen and "Classic" not in seen
    finally:
        app.change_settings(language="en")


def test_the_no_house_rules_notice_goes_when_settings_close(window: pygame.Surface, tmp_path: Path) -> None:
    app = _app(window, tmp_path)
    app.change_settings(game="fishing", computers=3)
    app.show("start")
    app.open("settings")
    app.frame(1 / 60, [key_event(pygame.K_r)])
    assert app.banner_left > 0 and "no house rules" in app.banner_text
    app.frame(1 / 60, [])
    assert app.banner_left > 0, "it stays while Settings is open"
    app.frame(1 / 60, [key_event(pygame.K_ESCAPE)])
    assert isinstance(app.top(), StartScene)
    app.frame(1 / 60, [])
    assert app.banner_left == 0, "not left over the start screen's title"


def test_at_a_table_of_chinese_ten_with_another_game_chosen_the_rules_page_changes_chinese_tens_and_says_so(
        make_table, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    app, _ctl, _table = make_table(seats=3)
    app.change_settings(game="fishing")
    page = RulesScene.opened(app)
    assert page is not None and page.spec.name == "ten", "the game at the table is the game in force"
    app.push(page)
    assert page.seats == 3, "the table's seats, while the settings' game is another"
    seen = drawn_texts(monkeypatch)
    app.frame(1 / 60, [])
    assert "Chinese Ten's house rules" in seen
    lead_row = page.keys.index("lead")
    page.choose(lead_row, page.values[lead_row].index("dealer"))
    assert app.settings.game == "fishing" and app.settings.changed_options("ten") == (("lead", "dealer"),)
    assert app.settings.ruleset() is game_named("fishing").default_rules
