"""A game's house rules as data (``spec.options``): one list of options and presets that the settings, the command
line, the server and the web page read, its words in both Chinese catalogs, and bad input refused in one line."""

from __future__ import annotations

import pytest

from chinese_ten.engine.options import OptionError
import chinese_ten.games
from chinese_ten.games import GAMES, game_named
from chinese_ten.games.ten.rules import OPTIONS, PRESETS, RuleSet
from chinese_ten.i18n import catalog


def test_chinese_tens_options_data_is_the_one_list_its_rules_check() -> None:
    options = game_named("ten").options
    assert not hasattr(chinese_ten.games, "HOUSE"), "no one game's house rules are the settings' alone"
    assert {o.name: o.values for o in options.options} == OPTIONS
    assert options.preset_names == tuple(PRESETS)
    for preset in options.presets:
        assert game_named("ten").rules_from_json(preset.name) == RuleSet.of(preset.name)


@pytest.mark.parametrize("code", ["zh-Hans", "zh-Hant"])
def test_every_option_value_and_preset_has_its_words_in_both_chineses(code: str) -> None:
    words = catalog(code).gettext
    for spec in GAMES.values():
        texts = [spec.title]
        for option in spec.options.options:
            texts += [option.title, option.help, *option.value_titles]
        for preset in spec.options.presets:
            texts += [preset.title, preset.description]
        untranslated = [t for t in texts if words(t) == t]
        assert untranslated == [], f"{spec.name} in {code}"


def test_rules_named_on_the_command_line_read_through_the_spec() -> None:
    ten = game_named("ten")
    assert ten.rules_named("taiwan", ["dead-layout=true"]) == RuleSet.of("taiwan", dead_layout=True)
    assert ten.rules_named(None) == RuleSet.of("classic")
    fishing = game_named("fishing")
    assert fishing.rules_named(None) is fishing.default_rules
    assert fishing.rules_from_json("standard") is fishing.default_rules


@pytest.mark.parametrize(("game", "preset", "options", "said"), [
    ("ten", "taiwan", ["lead"], "a rule option is KEY=VALUE, not 'lead'"),
    ("ten", "taiwan", ["speed=fast"], "unknown rule option 'speed'"),
    ("ten", "taiwan", ["dead_layout=maybe"], "unknown value 'maybe' for rule option dead_layout"),
    ("ten", "nope", [], "unknown rules 'nope'"),
    ("fishing", None, ["lead=dealer"], "unknown rule option 'lead'"),
    ("fishing", "target", [], "fishing has no house rules"),
])
def test_a_bad_preset_or_option_is_one_line_naming_it(game: str, preset: str | None, options: list[str],
                                                       said: str) -> None:
    with pytest.raises(OptionError) as refused:
        game_named(game).rules_named(preset, options)
    assert said in str(refused.value) and "\n" not in str(refused.value)


def test_the_options_json_names_each_value_with_its_title_and_the_default_first() -> None:
    shown = game_named("ten").options.to_json(lambda text: text.upper())
    lead = next(o for o in shown["options"] if o["name"] == "lead")
    assert lead["title"] == "WHO LEADS" and lead["default"] == "after-dealer"
    assert [v["value"] for v in lead["values"]] == ["after-dealer", "dealer"]
    assert [v["title"] for v in lead["values"]] == ["AFTER THE DEALER", "THE DEALER"]
    target = next(p for p in shown["presets"] if p["name"] == "target")
    assert target["match_length"] == "one" and target["options"]["win"] == "target"


def test_a_rules_value_tells_its_preset_its_changes_and_every_options_value() -> None:
    options = game_named("ten").options
    written = RuleSet.of("target", lead="dealer").to_json()
    assert options.chosen(written) == ("target", {"lead": "dealer"})
    assert options.chosen("taiwan") == ("taiwan", {}) and options.chosen(None) == ("classic", {})
    assert options.values_under(written) == RuleSet.of("target", lead="dealer").options()
    assert options.values_under("classic") == {o.name: o.default for o in options.options}
