"""The tables a person can choose: the settings the start screen (and the settings screen) offer, for each
game, and a kind of table in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from chinese_ten.engine.strengths import LABELS, per_seat, strengths_label
from chinese_ten.games import GAMES, game_named
from chinese_ten.i18n import N_, _
from chinese_ten.settings import COMPUTERS_RANGE

if TYPE_CHECKING:
    from chinese_ten.settings import Settings
    from chinese_ten.ui.services import Services

Option = tuple[str, str, tuple[tuple[str, object], ...]]
"""One setting a screen offers: its key, its label and its (shown, value) choices."""

GAME_OPTION: Option = ("game", N_("Game"), tuple((spec.title, name) for name, spec in GAMES.items()))
"""The choice of game, Chinese Ten first (each shown by its title)."""

EACH_SEAT = "each-seat"
"""The strength row's choice that chooses each computer's strength on its own (in its own dialog)."""

_LENGTHS: tuple[tuple[str, object], ...] = ((N_("One deal"), "one"), (N_("One per seat"), "per-seat"),
                                            (N_("Two per seat"), "two-per-seat"), (N_("Six deals"), "six"))


def options_for(game: str) -> tuple[Option, ...]:
    """The table settings offered for ``game``: its computers (one fewer than each seat count it deals), its
    strengths (those its players' registry has, then Each seat…) and its match lengths, each as a key, a label
    and (shown, value) choices."""
    spec = game_named(game)
    return (
        ("computers", N_("Computers"), tuple((str(n - 1), n - 1) for n in spec.seat_counts)),
        ("strength", N_("Strength"), (*((LABELS.get(s, s), s) for s in spec.strengths), (N_("Each seat…"), EACH_SEAT))),
        ("match_length", N_("Match"), tuple(c for c in _LENGTHS if c[1] in spec.match_lengths)),
    )


def chosen_value(settings: Settings, key: str) -> object:
    """The choice a row of table settings shows as chosen: the setting's value (for the strength, Each seat…
    while each computer's is chosen on its own)."""
    if key == "strength" and settings.seat_strengths:
        return EACH_SEAT
    return getattr(settings, key)


def choose_value(app: Services, key: str, value: object) -> None:
    """Make ``value`` the setting of row ``key``: Each seat… opens the choice of each computer's strength
    (taken up from the strength they all had); one strength makes it every computer's."""
    if key == "strength" and value == EACH_SEAT:
        if not app.settings.seat_strengths:
            app.change_settings(seat_strengths=per_seat(app.settings.strength, COMPUTERS_RANGE[1]))
        app.open("seat-strengths")
    elif key == "strength":
        if (value, ()) != (app.settings.strength, app.settings.seat_strengths):
            app.change_settings(strength=value, seat_strengths=())
    elif getattr(app.settings, key) != value:
        app.change_settings(**{key: value})


OPTIONS: tuple[Option, ...] = options_for("ten")
"""Chinese Ten's table settings: key, label and (shown, value) choices (:func:`options_for` any game's)."""


def table_name(strength: str | Sequence[str], seats: int, rules: str, game: str = "ten") -> str:
    """A kind of table in words, the game first: "Chinese Ten · Normal · 2 seats · Classic",
    "Chinese Go Fishing · Hard · 5 seats" (Go Fishing has no house rules to name); ``strength`` is every
    computer's, or each one's in seat order ("Normal · Hard", or "Mixed" for more than three)."""
    try:
        title = _(game_named(game).title)
    except ValueError:  # a game this version does not know is named as it was kept
        title = game
    parts = [title, strengths_label([strength] if isinstance(strength, str) else strength),
             _("{n} seats").format(n=seats)]
    spec = GAMES.get(game)
    house = [_(spec.options.preset_title(rules))] if spec is not None and spec.options.presets else []
    return " · ".join(parts + house)
