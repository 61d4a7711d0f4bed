"""A game's house rules as data: each option with its values, the presets that name a set of them, and how the
rules a record or a message names are read.

Every place that offers, checks or shows a game's options reads its :class:`GameOptions` (``spec.options``):
the window's start screen and Settings, ``simulate --rules``, the server's ``create``, the kept matches and the
web page's forms, which :func:`games_json` writes in any language. Titles and help are marked for translation
(``N_``) and translated where they are shown.

>>> from chinese_ten.i18n import N_
>>> opts = GameOptions((Option("pace", N_("Pace"), N_("How fast."), ("slow", "fast"), (N_("Slow"), N_("Fast"))),),
...                    (Preset("plain", N_("Plain"), N_("As dealt.")),))
>>> opts.parse_option("pace=fast"), opts.option("pace").default
(('pace', 'fast'), 'slow')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from chinese_ten.quote import quote


class OptionError(ValueError):
    """An unknown preset, option or option value."""


@dataclass(frozen=True)
class Option:
    """One house rule a game lets a table choose: its name in records, its title and help for people, and its
    values, the default first, each with its title."""

    name: str
    """The key a record and a message use (``four_of_a_kind``)."""
    title: str
    """What it is called on screen, marked for translation."""
    help: str
    """A line saying what it changes, marked for translation."""
    values: tuple[Any, ...]
    """Every value it may take, the default first (strings or booleans, as a record writes them)."""
    value_titles: tuple[str, ...]
    """What each value is called on screen, in the order of :attr:`values`, marked for translation."""

    def __post_init__(self) -> None:
        if not self.values or len(self.values) != len(self.value_titles):
            raise ValueError(f"option {self.name}: every value needs a title, and there must be one")

    @property
    def default(self) -> Any:
        """The value a table has unless it chooses another."""
        return self.values[0]

    def value_title(self, value: Any) -> str:
        """The title of one of its values (untranslated); ``OptionError`` for a value it does not take."""
        for known, title in zip(self.values, self.value_titles):
            if known == value and type(known) is type(value):
                return title
        raise OptionError(f"unknown value {show_value(value)} for rule option {self.name} "
                          f"(known: {', '.join(show_value(v) for v in self.values)})")

    def to_json(self, translate: Callable[[str], str]) -> dict[str, Any]:
        """The option as the web page's form reads it, its words passed through ``translate``."""
        return {"name": self.name, "title": translate(self.title), "help": translate(self.help),
                "default": self.default,
                "values": [{"value": v, "title": translate(t)} for v, t in zip(self.values, self.value_titles)]}


@dataclass(frozen=True)
class Preset:
    """A named set of options, as the rules pages play them."""

    name: str
    """The name a record gives it (``red-frog``)."""
    title: str
    """Its name on screen, marked for translation."""
    description: str
    """A line saying what it changes, marked for translation."""
    options: tuple[tuple[str, Any], ...] = ()
    """The options it sets apart from their defaults."""
    match_length: str | None = None
    """The match length it is played with (None: the table's choice)."""

    def to_json(self, translate: Callable[[str], str]) -> dict[str, Any]:
        """The preset as the web page's form reads it, its words passed through ``translate``."""
        return {"name": self.name, "title": translate(self.title), "help": translate(self.description),
                "options": dict(self.options), "match_length": self.match_length}


@dataclass(frozen=True)
class GameOptions:
    """A game's house rules as data: its options, its presets (the first the default) and how to read the rules
    a record or a ``create`` names into the game's own rules value."""

    options: tuple[Option, ...] = ()
    """Every option, in the order the screens list them."""
    presets: tuple[Preset, ...] = ()
    """Every preset, the default first (none: the game is played one way)."""
    read: Callable[[Any], Any] | None = None
    """The game's rules from a record's ``rules`` value (a preset's name, or an object of a preset and options;
    None for the default); ``ValueError`` names what is wrong. The rules value writes itself back with
    ``to_json()`` and names its seat counts with ``seat_counts()``. None for a game with no house rules
    (:meth:`~chinese_ten.engine.game.GameSpec.rules_from_json` reads its one way)."""

    @property
    def names(self) -> tuple[str, ...]:
        """Every option's name, in order."""
        return tuple(o.name for o in self.options)

    @property
    def preset_names(self) -> tuple[str, ...]:
        """Every preset's name, the default first."""
        return tuple(p.name for p in self.presets)

    def option(self, name: str) -> Option:
        """The option with this name; ``OptionError`` names an unknown one."""
        for option in self.options:
            if option.name == name:
                return option
        raise OptionError(f"unknown rule option {quote(name)} (known: {', '.join(self.names)})")

    def preset(self, name: str) -> Preset:
        """The preset with this name; ``OptionError`` names an unknown one."""
        for preset in self.presets:
            if preset.name == name:
                return preset
        raise OptionError(f"unknown rules {quote(name)} (known: {', '.join(self.preset_names)})")

    def preset_title(self, name: str) -> str:
        """A preset's title, untranslated (an unknown name as it is given, as a kept match may name one)."""
        for preset in self.presets:
            if preset.name == name:
                return preset.title
        return name

    def parse_option(self, text: str) -> tuple[str, Any]:
        """One ``KEY=VALUE`` option as the command line gives it (``true``/``false`` for a yes-or-no one; a dash in
        the key reads as an underscore); ``OptionError`` for one that is not."""
        key, sep, raw = text.partition("=")
        key = key.strip().replace("-", "_")
        raw = raw.strip()
        if not sep or not key:
            raise OptionError(f"a rule option is KEY=VALUE, not {quote(text)}")
        option = self.option(key)
        if isinstance(option.default, bool):
            low = raw.lower()
            if low not in ("true", "false"):
                raise OptionError(f"unknown value {quote(raw)} for rule option {key} (known: true, false)")
            return key, low == "true"
        return key, raw

    def chosen(self, value: Any) -> tuple[str, dict[str, Any]]:
        """The preset and the options changed from it of a rules value as a record writes it (a preset's name,
        or an object of a preset and options; the default preset when none is named)."""
        if isinstance(value, str):
            return value, {}
        changed = dict(value) if isinstance(value, dict) else {}
        preset = changed.pop("preset", self.presets[0].name if self.presets else "")
        return str(preset), changed

    def values_under(self, value: Any) -> dict[str, Any]:
        """Every option's value under a rules value as a record writes it: the defaults, as its preset sets
        them, as it changes them."""
        name, changed = self.chosen(value)
        preset = dict(self.preset(name).options) if name in self.preset_names else {}
        return {o.name: changed.get(o.name, preset.get(o.name, o.default)) for o in self.options}

    def to_json(self, translate: Callable[[str], str]) -> dict[str, Any]:
        """The options and presets as the web page's forms read them, their words passed through ``translate``."""
        return {"options": [o.to_json(translate) for o in self.options],
                "presets": [p.to_json(translate) for p in self.presets]}


def show_value(value: Any) -> str:
    """An option's value as a message names it (``true``/``false`` for a yes-or-no one)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, str) else repr(value)
