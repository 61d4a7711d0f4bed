"""The strengths of the computer players, in one list, and each strength's name as shown.

Every place that offers or checks a strength (each game's registry, the settings, the command line,
the network protocol, the screens) reads this list; a game offers the strengths its registry of
players has, in this order, so a strength added to a registry appears everywhere without another edit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from chinese_ten.i18n import N_, _

ORDER: Final[tuple[str, ...]] = ("easy", "normal", "hard")
"""Every strength a computer player may have, weakest first (a game offers those its players' registry has).
Chinese Ten's ``expert`` player is a player and not yet a strength: it measured no stronger than Hard
(README, "Expert"), so it is not offered until it does; ``simulate``, ``advise`` and the benchmarks take it."""

LABELS: Final[dict[str, str]] = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
"""Each strength's name as shown (marked for translation: shown through :func:`strength_label`)."""

DEFAULT: Final[str] = "normal"
"""The strength a computer has unless another is chosen."""

MIXED: Final[str] = "mixed"
"""A table's kind when its computers are not all of one strength (where one strength names a table)."""

NAMED_MIX: Final[int] = 3
"""The most computers a mixed table is named and counted by seat by seat (all of Chinese Ten's); a larger
mixed table (Go Fishing's rings of up to eight) is simply Mixed, one kind, as its row in History details it."""

MIXED_LABEL: Final[str] = N_("Mixed")
"""What a table of computers of different strengths is called where there is no room to name each."""


def offered(players: Iterable[str]) -> tuple[str, ...]:
    """The strengths among these player names (a game's registry), weakest first; ``random`` and other
    players for calibration are not strengths."""
    names = set(players)
    return tuple(s for s in ORDER if s in names)


def strength_label(strength: str) -> str:
    """A strength's name in the language in force; a strength this version does not know, as it was kept."""
    label = MIXED_LABEL if strength == MIXED else LABELS.get(strength)
    return _(label) if label is not None else strength


def strengths_label(strengths: Sequence[str], room: int = NAMED_MIX) -> str:
    """A table's computers in the language in force: one strength's name when they are all alike, else each
    one's in seat order ("Normal · Hard · Easy"), or "Mixed" for more than ``room`` of them."""
    kind = kind_of(strengths)
    if kind != MIXED:
        return strength_label(kind)
    if len(strengths) > room:
        return _(MIXED_LABEL)
    return " · ".join(strength_label(s) for s in strengths)


def per_seat(strength: str | Sequence[str], computers: int) -> tuple[str, ...]:
    """Each of ``computers`` computers' strength in seat order, from one strength for them all or from the
    strengths seat by seat (more than needed are left out; fewer are filled with the last, or the default)."""
    given = [strength] if isinstance(strength, str) else list(strength)
    filler = given[-1] if given else DEFAULT
    return tuple((given + [filler] * computers)[:computers])


def table_key(strengths: Sequence[str]) -> str:
    """A table's computers as its statistics group it: their one strength (``hard``), or each one's in seat
    order joined by commas (``normal,hard``: which strength plays after the person matters), or ``mixed`` for
    more than :data:`NAMED_MIX` computers not all alike."""
    kind = kind_of(strengths)
    return ",".join(strengths) if kind == MIXED and len(strengths) <= NAMED_MIX else kind


def key_strengths(key: str) -> tuple[str, ...]:
    """The computers' strengths a :func:`table_key` names (one for a table of one strength)."""
    return tuple(key.split(","))


def kind_of(strengths: Sequence[str]) -> str:
    """The one strength every computer of a table has, or :data:`MIXED` (the default for a table of none)."""
    if not strengths:
        return DEFAULT
    return strengths[0] if all(s == strengths[0] for s in strengths) else MIXED
