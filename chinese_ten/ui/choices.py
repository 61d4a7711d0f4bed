"""The tables a person can choose: the settings the start screen (and the settings screen) offer, for each
game, and a kind of table in words."""

from __future__ import annotations

from chinese_ten.games import GAMES, game_named
from chinese_ten.games.ten.texts import preset_title
from chinese_ten.i18n import N_, _
from chinese_ten.ui.table.controller import STRENGTH_LABELS

Option = tuple[str, str, tuple[tuple[str, object], ...]]
"""One setting a screen offers: its key, its label and its (shown, value) choices."""

GAME_OPTION: Option = ("game", N_("Game"), tuple((spec.title, name) for name, spec in GAMES.items()))
"""The choice of game, Chinese Ten first (each shown by its title)."""

_STRENGTHS: tuple[tuple[str, object], ...] = ((N_("Easy"), "easy"), (N_("Normal"), "normal"), (N_("Hard"), "hard"))
_LENGTHS: tuple[tuple[str, object], ...] = ((N_("One deal"), "one"), (N_("One per seat"), "per-seat"),
                                            (N_("Two per seat"), "two-per-seat"), (N_("Six deals"), "six"))


def options_for(game: str) -> tuple[Option, ...]:
    """The table settings offered for ``game``: its computers (one fewer than each seat count it deals), its
    strengths and its match lengths, each as a key, a label and (shown, value) choices."""
    spec = game_named(game)
    return (
        ("computers", N_("Computers"), tuple((str(n - 1), n - 1) for n in spec.seat_counts)),
        ("strength", N_("Strength"), tuple(c for c in _STRENGTHS if c[1] in spec.strengths)),
        ("match_length", N_("Match"), tuple(c for c in _LENGTHS if c[1] in spec.match_lengths)),
    )


OPTIONS: tuple[Option, ...] = options_for("ten")
"""Chinese Ten's table settings: key, label and (shown, value) choices (:func:`options_for` any game's)."""


def table_name(strength: str, seats: int, rules: str, game: str = "ten") -> str:
    """A kind of table in words, the game first: "Chinese Ten · Normal · 2 seats · Classic",
    "Chinese Go Fishing · Hard · 5 seats" (Go Fishing has no house rules to name)."""
    try:
        title = _(game_named(game).title)
    except ValueError:  # a game this version does not know is named as it was kept
        title = game
    parts = [title, _(STRENGTH_LABELS.get(strength, strength)), _("{n} seats").format(n=seats)]
    return " · ".join(parts + [preset_title(rules)] if game == "ten" else parts)
