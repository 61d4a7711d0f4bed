"""Keeping the match at the table: every move saved as it is made, every finished deal and match
added to the history, and the unfinished match put back exactly as it was.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from typing import Any

from ..i18n import _
from ..matchstore import MatchSetup, Opened, Unfinished
from ..records import record_of
from ..rules import as_number, rules_from_json
from .choreography import Pace
from .controller import STRENGTH_LABELS, TableController
from .thinking import ComputerThinker

_log = logging.getLogger("chinese_ten.ui")


def setup_of(ctl: TableController) -> MatchSetup:
    """What a match at the table is played with, as the store keeps it."""
    match = ctl.match
    strengths = [i.player for i in ctl.infos if i.player]
    players = tuple("you" if i.is_person else (i.player or "normal") for i in ctl.infos)
    return MatchSetup(seats=match.seats, strength=strengths[0] if strengths else "normal", players=players,
                      person=ctl.person_seat is not None, rules=match.rules.to_json(), preset=match.rules.preset,
                      length={"kind": match.length.kind, "deals": match.length.deals},
                      total_deals=match.total_deals, seed=str(match.seed))


def outcome_of(ctl: TableController) -> str | None:
    """How the finished match went for the person: ``won``, ``shared`` or ``lost`` (None without a person)."""
    if ctl.person_seat is None:
        return None
    winners = ctl.match.winners()
    if ctl.person_seat not in winners:
        return "lost"
    return "won" if len(winners) == 1 else "shared"


def _signed(value: float) -> str:
    return f"{value:+g}" if value else "0"


def describe(kept: Unfinished) -> str:
    """The unfinished match in one line: "2 seats · Normal · deal 2 of 4 · you +12"."""
    setup = kept.setup
    strength = _(STRENGTH_LABELS.get(setup.strength, setup.strength))
    parts = [_("{n} seats").format(n=setup.seats), strength]
    if setup.preset != "classic":
        parts.append(setup.preset)
    parts.append(_("deal {n} of {total}").format(n=kept.deal, total=setup.total_deals))
    if setup.person and kept.totals:
        parts.append(_("you {score}").format(score=_signed(kept.totals[0])))
    return " · ".join(parts)


class Keeper:
    """The window's link to the kept matches: saves the match at the table after every move."""

    def __init__(self, opened: Opened | None, notify: Callable[[str], None] = lambda _text: None) -> None:
        """Keep through ``opened`` (None keeps nothing); problems are told through ``notify``, once."""
        self.opened = opened
        self.notify = notify
        self.match_id: int | None = None
        self.ctl: TableController | None = None
        self._failed = False

    @property
    def keeping(self) -> bool:
        """True when this window saves matches (a database is open and no other window holds it)."""
        return (self.opened is not None and self.opened.store is not None and not self.opened.elsewhere
                and not self._failed)

    @property
    def readable(self) -> bool:
        """True when the history and statistics can be read."""
        return self.opened is not None and self.opened.store is not None

    def unfinished(self) -> Unfinished | None:
        """The unfinished match kept, or None."""
        if not self.readable:
            return None
        try:
            return self.opened.store.unfinished()  # type: ignore[union-attr]
        except sqlite3.Error as problem:
            self._fail(problem)
            return None

    def watch(self, ctl: TableController) -> None:
        """Keep this new match from its first move on (a match with no move yet is not kept)."""
        self.ctl = ctl
        self.match_id = None
        ctl.on_change = self._changed

    def resume(self, pace: Pace, thinker: ComputerThinker, think_ms: int | None = None) -> TableController | None:
        """The unfinished match, played forward to where it was left; None when there is none to take up."""
        kept = self.unfinished() if self.keeping else None
        if kept is None:
            return None
        setup = kept.setup
        length = setup.length
        seed: int | str = int(setup.seed) if setup.seed.lstrip("-").isdigit() else setup.seed
        strength = next((p for p in setup.players if p != "you"), setup.strength)
        ctl = TableController(setup.seats, strength, length["kind"] if length["kind"] != "fixed" else "per-seat",
                              seed=seed, pace=pace, person=setup.person, thinker=thinker, think_ms=think_ms,
                              deals=length["deals"] if length["kind"] == "fixed" else None,
                              rules=rules_from_json(setup.rules))
        try:
            ctl.resume(kept.progress)
        except ValueError as problem:
            _log.warning("the kept match could not be resumed (%s); it is counted as abandoned", problem)
            self.abandon()
            return None
        self.ctl = ctl
        self.match_id = kept.id
        ctl.on_change = self._changed
        return ctl

    def abandon(self) -> None:
        """Count the unfinished match as abandoned (New match while one is unfinished)."""
        self.match_id = None
        if self.keeping:
            self._write(lambda store: store.abandon())

    def save(self) -> None:
        """Save the match at the table now (on quit)."""
        ctl = self.ctl
        if ctl is not None and self.match_id is not None:
            match_id = self.match_id
            self._write(lambda store: store.save_progress(match_id, ctl.progress()))

    def _changed(self, what: str) -> None:
        ctl = self.ctl
        if ctl is None or not self.keeping:
            return
        if what == "action":
            if self.match_id is None:
                setup = setup_of(ctl)
                self.match_id = self._write(lambda store: store.begin(setup, ctl.progress()))
            else:
                match_id = self.match_id
                self._write(lambda store: store.save_progress(match_id, ctl.progress()))
        elif what == "deal" and self.match_id is not None:
            self._finish_deal(ctl, self.match_id)

    def _finish_deal(self, ctl: TableController, match_id: int) -> None:
        deal = ctl.deal
        seat = ctl.person_seat
        record = record_of(deal, players=[i.player or "you" for i in ctl.infos], seed=str(ctl.match.seed),
                           deal_number=ctl.deal_number, result=[as_number(m) for m in deal.exact_margins])
        margins = [float(m) for m in deal.exact_margins]
        person = None if seat is None else margins[seat]
        totals = [float(t) for t in ctl.match.exact_totals]
        progress = ctl.progress()

        def write(store: Any) -> None:
            store.finish_deal(match_id, ctl.deal_number, record, margins, person, totals, progress)
            if ctl.match.is_over:
                store.finish_match(match_id, outcome_of(ctl))

        self._write(write)
        if ctl.match.is_over:
            self.match_id = None

    def _write(self, work: Callable[[Any], Any]) -> Any:
        try:
            return work(self.opened.store)  # type: ignore[union-attr]
        except (sqlite3.Error, OSError) as problem:
            self._fail(problem)
            return None

    def _fail(self, problem: Exception) -> None:
        _log.warning("could not keep the match: %s", problem)
        if not self._failed:
            self._failed = True
            self.notify(_("This match can't be kept (the data folder can't be written). You can play on; "
                          "it will not be saved."))

    def close(self) -> None:
        """Save the match at the table and close the database."""
        self.save()
        if self.opened is not None:
            self.opened.close()
