"""The tables a person can choose: the settings the start screen (and the settings screen) offer, and a
kind of table in words."""

from __future__ import annotations

from chinese_ten.games import game_named
from chinese_ten.games.ten.texts import preset_title
from chinese_ten.i18n import N_, _
from chinese_ten.ui.table.controller import STRENGTH_LABELS

OPTIONS: tuple[tuple[str, str, tuple[tuple[str, object], ...]], ...] = (
    ("computers", N_("Computers"), (("1", 1), ("2", 2), ("3", 3))),
    ("strength", N_("Strength"), ((N_("Easy"), "easy"), (N_("Normal"), "normal"), (N_("Hard"), "hard"))),
    ("match_length", N_("Match"), ((N_("One deal"), "one"), (N_("One per seat"), "per-seat"),
                                   (N_("Two per seat"), "two-per-seat"), (N_("Six deals"), "six"))),
)
"""Each setting the start screen offers: key, label and (shown, value) choices."""


def table_name(strength: str, seats: int, rules: str, game: str = "ten") -> str:
    """A kind of table in words, the game first: "Chinese Ten · Normal · 2 seats · Classic",
    "Chinese Go Fishing · Hard · 5 seats" (Go Fishing has no house rules to name)."""
    try:
        title = _(game_named(game).title)
    except ValueError:  # a game this version does not know is named as it was kept
        title = game
    parts = [title, _(STRENGTH_LABELS.get(strength, strength)), _("{n} seats").format(n=seats)]
    return " · ".join(parts + [preset_title(rules)] if game == "ten" else parts)
