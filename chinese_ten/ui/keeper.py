"""Keeping the match at the table: every move saved as it is made, every finished deal and match
added to the history, and the unfinished match put back exactly as it was.
"""

from __future__ import annotations

import logging
import queue
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from chinese_ten.i18n import _
from chinese_ten.matchstore import KeptMatch, MatchSetup, MatchStore, Opened, Statistics, Unfinished
from chinese_ten.games.ten.record import record_of
from chinese_ten.games.ten.review import Review
from chinese_ten.games.ten.rules import rules_from_json
from chinese_ten.engine.scores import as_number
from chinese_ten.ui.table.choreography import Pace
from chinese_ten.ui.table.controller import STRENGTH_LABELS, TableController
from chinese_ten.games.ten.texts import preset_title
from chinese_ten.engine.thinking import ComputerThinker

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
        parts.append(preset_title(setup.preset))
    parts.append(_("deal {n} of {total}").format(n=kept.deal, total=setup.total_deals))
    if setup.person and kept.totals:
        parts.append(_("you {score}").format(score=_signed(kept.totals[0])))
    if kept.progress.get("practice") is True:
        parts.append(_("practice"))
    return " · ".join(parts)


class _Writer:
    """Runs the saves in order on a thread of its own, so that no frame waits for the disk."""

    def __init__(self, store: MatchStore, on_error: Callable[[Exception], None]) -> None:
        self._store = store
        self._on_error = on_error
        self._queue: queue.Queue[Callable[[MatchStore], object] | None] = queue.Queue()
        self._thread: threading.Thread | None = None

    def put(self, work: Callable[[MatchStore], object]) -> None:
        """Save with ``work`` after every save already asked for."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="match-keeper", daemon=True)
            self._thread.start()
        self._queue.put(work)

    def flush(self) -> None:
        """Wait until every save asked for is written."""
        if self._thread is not None:
            self._queue.join()

    def stop(self) -> None:
        """Write what is asked for, then end the thread."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None

    def _run(self) -> None:
        while True:
            work = self._queue.get()
            try:
                if work is None:
                    return
                work(self._store)
            except (sqlite3.Error, OSError) as problem:
                self._on_error(problem.with_traceback(None))
            finally:
                self._queue.task_done()


class Keeper:
    """The window's link to the kept matches: saves the match at the table after every move.

    The saves are written in order on a thread of their own; whatever reads
    the kept matches first waits for the saves asked for before.
    """

    def __init__(self, opened: Opened | None, notify: Callable[[str], None] = lambda _text: None) -> None:
        """Keep through ``opened`` (None keeps nothing); problems are told through ``notify``, once."""
        self.opened = opened
        self.notify = notify
        self.ctl: TableController | None = None
        self._match: dict[str, int | None] | None = None
        self._last_deal: tuple[int, int] | None = None
        self._failed = False
        store = opened.store if opened is not None else None
        self._writer = _Writer(store, self._fail) if store is not None else None

    @property
    def keeping(self) -> bool:
        """True when this window saves matches (a database is open and no other window holds it)."""
        return (self.opened is not None and self.opened.store is not None and not self.opened.elsewhere
                and not self._failed)

    @property
    def readable(self) -> bool:
        """True when the history and statistics can be read."""
        return self.opened is not None and self.opened.store is not None

    @property
    def folder(self) -> Path | None:
        """The data folder, when matches are read from one."""
        return self.opened.store.path.parent if self.readable else None  # type: ignore[union-attr]

    def _read(self, work: Callable[[MatchStore], Any]) -> Any:
        """The answer of ``work`` on the store, once every save asked for is written; None when it fails."""
        if not self.readable:
            return None
        assert self._writer is not None
        self._writer.flush()
        store = self.opened.store if self.opened is not None else None
        assert store is not None, "readable means there is a store"
        try:
            return work(store)
        except sqlite3.Error as problem:
            _log.warning("could not read the kept matches: %s", problem)
            return None

    def unfinished(self) -> Unfinished | None:
        """The unfinished match kept, or None."""
        return self._read(lambda store: store.unfinished())  # type: ignore[no-any-return]

    def statistics(self) -> Statistics | None:
        """The statistics of the kept matches, or None when they can't be read."""
        return self._read(lambda store: store.statistics())  # type: ignore[no-any-return]

    def history(self, limit: int | None = None) -> list[KeptMatch]:
        """The newest ended matches (all of them without ``limit``)."""
        return self._read(lambda store: store.history(limit)) or []

    def last_deal(self) -> tuple[int, int] | None:
        """The (match id, deal number) of the deal this window kept last, once it is written; None before any."""
        if self._writer is not None:
            self._writer.flush()
        return self._last_deal

    def kept_review(self, kept: tuple[int, int], seat: int, seed: int, budget: int) -> Review | None:
        """The review of ``seat`` kept with the deal ``kept`` (match id, deal number) for this seed and effort."""
        match_id, number = kept
        return self._read(lambda store: store.kept_review(match_id, number, seat, seed, budget))  # type: ignore[no-any-return]

    def keep_review(self, kept: tuple[int, int], review: Review, seed: int, budget: int) -> None:
        """Keep ``review`` with the deal ``kept`` (match id, deal number), after the saves asked for before."""
        if self.keeping:
            match_id, number = kept
            self._write(lambda store: store.keep_review(match_id, number, review, seed, budget))

    def reset(self) -> Path:
        """Forget the ended matches after keeping a backup (see :meth:`MatchStore.reset`); returns the backup.

        Raises ``OSError`` or ``sqlite3.Error`` when it cannot be done; nothing is forgotten then.
        """
        if not self.keeping:
            raise PermissionError("the kept matches are not open for writing in this window")
        assert self._writer is not None
        self._writer.flush()
        return self.opened.store.reset()  # type: ignore[union-attr]

    def watch(self, ctl: TableController) -> None:
        """Keep this new match from its first move on (a match with no move yet is not kept)."""
        self.ctl = ctl
        self._match = None
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
        self._match = {"id": kept.id}
        ctl.on_change = self._changed
        return ctl

    def abandon(self) -> None:
        """Count the unfinished match as abandoned (New match while one is unfinished)."""
        self._match = None
        if self.keeping:
            self._write(lambda store: store.abandon())

    def save(self) -> None:
        """Save the match at the table now (on quit)."""
        if self.ctl is not None and self._match is not None and self.keeping:
            self._save_progress(self._match, self.ctl.progress())

    def _save_progress(self, match: dict[str, int | None], progress: dict[str, Any]) -> None:
        def write(store: MatchStore) -> None:
            if match["id"] is not None:
                store.save_progress(match["id"], progress)

        self._write(write)

    def _changed(self, what: str) -> None:
        ctl = self.ctl
        if ctl is None or not self.keeping:
            return
        if what == "action":
            if self._match is None:
                match: dict[str, int | None] = {"id": None}
                self._match = match
                setup, progress = setup_of(ctl), ctl.progress()
                self._write(lambda store: match.update(id=store.begin(setup, progress)))
            else:
                self._save_progress(self._match, ctl.progress())
        elif what == "deal" and self._match is not None:
            self._finish_deal(ctl, self._match)

    def _finish_deal(self, ctl: TableController, match: dict[str, int | None]) -> None:
        deal = ctl.deal
        seat = ctl.person_seat
        number = ctl.deal_number
        record = record_of(deal, players=[i.player or "you" for i in ctl.infos], seed=str(ctl.match.seed),
                           deal_number=number, result=[as_number(m) for m in deal.exact_margins])
        margins = [float(m) for m in deal.exact_margins]
        person = None if seat is None else margins[seat]
        totals = [float(t) for t in ctl.match.exact_totals]
        progress = ctl.progress()
        outcome = outcome_of(ctl) if ctl.match.is_over else "playing"

        def write(store: MatchStore) -> None:
            if match["id"] is None:
                return
            store.finish_deal(match["id"], number, record, margins, person, totals, progress)
            self._last_deal = (match["id"], number)
            if outcome != "playing":
                store.finish_match(match["id"], outcome)

        self._write(write)
        if ctl.match.is_over:
            self._match = None

    def _write(self, work: Callable[[MatchStore], object]) -> None:
        assert self._writer is not None
        self._writer.put(work)

    def _fail(self, problem: Exception) -> None:
        _log.warning("could not keep the match: %s", str(problem))
        if not self._failed:
            self._failed = True
            self.notify(_("This match can't be kept (the data folder can't be written). You can play on; "
                          "it will not be saved."))

    def close(self) -> None:
        """Save the match at the table, write every save asked for and close the database."""
        self.save()
        if self._writer is not None:
            self._writer.stop()
        if self.ctl is not None:
            self.ctl.on_change = None
            self.ctl = None
        if self.opened is not None:
            self.opened.close()
