"""Keeping the match at the table: every move saved as it is made, every finished deal and match
added to the history, and the unfinished match put back exactly as it was.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from chinese_ten.engine.scores import signed
from chinese_ten.engine.scores import result_of
from chinese_ten.engine.strengths import ORDER, kind_of, strengths_label
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games import GAMES, game_named
from chinese_ten.engine.judging import Reviewed
from chinese_ten.i18n import _, ngettext
from chinese_ten.net.follower import RemoteFollower
from chinese_ten.matchstore import (DamagedMatch, KeptMatch, MatchSetup, MatchStore, Opened, PracticeRead, Statistics,
                                    Unfinished)
from chinese_ten.practice import positions_from
from chinese_ten.ui.table.choreography import Pace
from chinese_ten.ui.table.controller import TableController

_log = logging.getLogger("chinese_ten.ui")


def setup_of(ctl: TableController) -> MatchSetup:
    """What a match at the table is played with, as the store keeps it."""
    match = ctl.match
    players = tuple("you" if i.is_person else (i.player or "normal") for i in ctl.infos)
    return MatchSetup(seats=match.seats, strength=kind_of([p for p in players if p != "you"]), players=players,
                      person=ctl.person_seat is not None, rules=match.rules.to_json(), preset=match.rules.preset,
                      length={"kind": match.length.kind, "deals": match.length.deals},
                      total_deals=match.total_deals, seed=str(match.seed), game=ctl.game.name)


def outcome_of(ctl: TableController) -> str | None:
    """How the finished match went for the person: ``won``, ``shared`` or ``lost`` (None without a person)."""
    if ctl.person_seat is None:
        return None
    winners = ctl.match.winners()
    if ctl.person_seat not in winners:
        return "lost"
    return "won" if len(winners) == 1 else "shared"


def network_setup(follower: RemoteFollower) -> MatchSetup | None:
    """What a network table's match is played with, as the store keeps it: the table's id, the seats as the
    table lists them (``you``, ``person`` for another person, ``computer``) and their names; None until the
    table has told its id and its match."""
    match = follower.match
    if match is None or follower.table is None:
        return None
    listed = follower.seats_list
    players, names = [], []
    for seat in range(follower.seats):
        entry = listed[seat] if seat < len(listed) else {}
        strength = entry.get("strength") if entry.get("kind") == "computer" else None
        if seat == follower.seat:
            players.append("you")
        elif entry.get("kind") == "computer":
            players.append(str(strength) if strength in ORDER else "computer")
        else:
            players.append("person")
        names.append("" if strength in ORDER else str(entry.get("name") or ""))  # a computer: by its strength
    return MatchSetup(seats=follower.seats, strength="network", players=tuple(players), person=True,
                      rules=match.rules.to_json(), preset=match.rules.preset,
                      length={"kind": "fixed", "deals": match.total_deals}, total_deals=match.total_deals, seed="",
                      game=follower.game.name, network=follower.table, names=tuple(names))


def shared_link(follower: RemoteFollower) -> dict[str, str]:
    """A network deal's ``/d/`` link as its kept record holds it (empty when the follower cannot tell it)."""
    from chinese_ten.ui.open_tables import base_of
    from chinese_ten.ui.sharing import LINK_KEY, deal_link

    url, number = getattr(follower.client, "url", None), follower.table_deal
    if not isinstance(url, str) or follower.table is None or number is None:
        return {}
    return {LINK_KEY: deal_link(base_of(url), follower.table, number)}


def network_outcome(places: list[int] | None, seat: int) -> str | None:
    """How a network table's ended match went for the person at ``seat``, from the table's places: ``won``,
    ``shared`` (first with others) or ``lost``; None while the match goes on."""
    if not places or not 0 <= seat < len(places):
        return None
    if places[seat] != 1:
        return "lost"
    return "won" if places.count(1) == 1 else "shared"


def describe(kept: Unfinished) -> str:
    """The unfinished match in one line: "2 seats · Normal · deal 2 of 4 · your match total +12", a game other than
    Chinese Ten named first ("Chinese Go Fishing · 5 seats · Hard · deal 1 of 5"); computers of different
    strengths are each named in seat order ("Normal · Hard"), or called Mixed when more than three."""
    setup = kept.setup
    strength = strengths_label(setup.strengths)
    parts = [_("{n} seats").format(n=setup.seats), strength]
    spec = GAMES.get(setup.game)
    if setup.game != next(iter(GAMES)):
        parts.insert(0, setup.game if spec is None else _(spec.title))  # a game this version does not know, as kept
    if spec is not None and spec.options.presets and setup.preset != spec.options.preset_names[0]:
        parts.append(_(spec.options.preset_title(setup.preset)))
    parts.append(_("deal {n} of {total}").format(n=kept.deal, total=setup.total_deals))
    seat = setup.person_seat
    if seat is not None and seat < len(kept.totals):
        parts.append(_("your match total {score}").format(score=signed(kept.totals[seat])))
    if kept.progress.get("practice") is True:
        parts.append(_("practice"))
    return " · ".join(parts)


READ_WAIT_SECONDS: Final[float] = 1.0
"""The longest a read waits for the saves asked for before it (none waits while the file is locked)."""

RETRY_SECONDS: Final[float] = 0.5
"""How long a save refused by another program's lock waits before it is tried again."""

CLOSE_SECONDS: Final[float] = 1.0
"""How long closing waits for a file locked by another program before the saves still waiting are given up."""

Work = Callable[[MatchStore], object]


def is_busy(problem: BaseException) -> bool:
    """True when SQLite refused a write because another program holds the file's lock."""
    text = str(problem).lower()
    return isinstance(problem, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


class _Writer:
    """Runs the saves in order on a thread of its own, so that no frame waits for the disk.

    A new position replaces one still waiting to be written, so saves queued while another program holds the
    file cost one write when it lets go; a save refused by that lock is tried again, never dropped, until the
    window closes.
    """

    def __init__(self, store: MatchStore, on_error: Callable[[Exception], None],
                 on_busy: Callable[[bool], None] = lambda _held: None) -> None:
        self._store = store
        self._on_error = on_error
        self._on_busy = on_busy
        self._pending: deque[tuple[str | None, Work]] = deque()
        self._ready = threading.Condition()
        self._working = False
        self._busy = False
        self._closing_at: float | None = None
        self._thread: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        """True while another program's lock keeps the saves waiting."""
        return self._busy

    def put(self, work: Work, key: str | None = None) -> None:
        """Save with ``work`` after every save already asked for; one with the same ``key`` still waiting last
        is replaced by it."""
        with self._ready:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="match-keeper", daemon=True)
                self._thread.start()
            waiting = len(self._pending) - (1 if self._working else 0)
            if key is not None and waiting > 0 and self._pending[-1][0] == key:
                self._pending[-1] = (key, work)
            else:
                self._pending.append((key, work))
            self._ready.notify_all()

    def flush(self, timeout: float = READ_WAIT_SECONDS, through_lock: bool = False) -> bool:
        """Wait until every save asked for is written, at most ``timeout`` seconds and, unless ``through_lock``,
        not at all while the file is locked by another program; True when all are written."""
        deadline = time.monotonic() + timeout
        with self._ready:
            while self._pending and (through_lock or not self._busy):
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._ready.wait(left)
            return not self._pending

    def stop(self, timeout: float = CLOSE_SECONDS) -> None:
        """Write what is asked for, then end the thread; saves a lock keeps waiting past ``timeout`` are given up."""
        with self._ready:
            thread = self._thread
            self._closing_at = time.monotonic() + timeout
            self._ready.notify_all()
        if thread is not None:
            thread.join()
        self._thread = None

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._pending and self._closing_at is None:
                    self._ready.wait()
                if not self._pending:
                    return
                work = self._pending[0][1]
                self._working = True
            try:
                work(self._store)
            except (sqlite3.Error, OSError, UnicodeDecodeError) as problem:  # the last: a damaged schema's bytes
                if is_busy(problem):
                    self._held(problem)
                    continue
                self._on_error(problem.with_traceback(None))
            self._done()

    def _done(self) -> None:
        with self._ready:
            self._pending.popleft()
            self._working = False
            was_busy, self._busy = self._busy, False
            self._ready.notify_all()
        if was_busy:
            self._on_busy(False)

    def _held(self, problem: BaseException) -> None:
        """The file is locked by another program: wait a moment (or give up the saves when closing)."""
        with self._ready:
            self._working = False
            first, self._busy = not self._busy, True
            self._ready.notify_all()
        if first:
            _log.warning("the kept matches are locked by another program (%s); the saves wait", problem)
            self._on_busy(True)
        with self._ready:
            closing = self._closing_at
            if closing is not None and time.monotonic() >= closing:
                _log.warning("the window closes while the kept matches are still locked by another program: "
                             "%d save(s) not written; the match stays kept as last saved", len(self._pending))
                self._pending.clear()
                return
            self._ready.wait(RETRY_SECONDS if closing is None else min(RETRY_SECONDS, closing - time.monotonic()))


def _rebuild(kept: Unfinished, pace: Pace, thinker: ComputerThinker, think_ms: int | None) -> TableController:
    """A controller playing the kept match forward to its kept position; raises whatever its text makes fail."""
    setup = kept.setup
    length = setup.length
    seed: int | str = int(setup.seed) if setup.seed.lstrip("-").isdigit() else setup.seed
    game = game_named(setup.game)
    rules = game.rules_from_json(setup.rules) if game.options.presets else game.default_rules
    ctl = TableController(setup.seats, setup.strengths, length["kind"] if length["kind"] != "fixed" else "per-seat",
                          seed=seed, pace=pace, person=setup.person, thinker=thinker, think_ms=think_ms,
                          deals=length["deals"] if length["kind"] == "fixed" else None,
                          rules=rules, seat=setup.person_seat or 0, game=game.name)
    ctl.resume(kept.progress)
    return ctl


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
        self._unreadable = False
        self._told_busy = False
        self._result: dict[str, int | None] | None = None
        store = opened.store if opened is not None else None
        self._writer = _Writer(store, self._fail, self._busy) if store is not None else None

    @property
    def keeping(self) -> bool:
        """True when this window saves matches (a database is open and no other window holds it)."""
        return (self.opened is not None and self.opened.store is not None and not self.opened.elsewhere
                and not self._failed)

    @property
    def elsewhere(self) -> bool:
        """True when another window of the game keeps the matches, so this one keeps nothing."""
        return self.opened is not None and self.opened.elsewhere

    @property
    def readable(self) -> bool:
        """True when the history and statistics can be read."""
        return self.opened is not None and self.opened.store is not None

    @property
    def folder(self) -> Path | None:
        """The data folder, when matches are read from one."""
        return self.opened.store.path.parent if self.readable else None  # type: ignore[union-attr]

    def _read(self, work: Callable[[MatchStore], Any]) -> Any:
        """The answer of ``work`` on the store, once the saves asked for are written; None when it fails.

        A match the read finds it cannot read is told once and set aside; a file that cannot be read at all
        is told once, and nothing more is written to it.
        """
        if not self.readable:
            return None
        assert self._writer is not None
        self._writer.flush()
        store = self.opened.store if self.opened is not None else None
        assert store is not None, "readable means there is a store"
        try:
            answer = work(store)
        except (sqlite3.Error, UnicodeDecodeError) as problem:  # the last: SQLite quoting a damaged schema
            _log.warning("could not read the kept matches: %s", problem)
            if not is_busy(problem) and not self._unreadable:
                self._unreadable = self._failed = True
                self.notify(_("The kept matches can't be read, so History and Statistics may be incomplete. "
                              "The file is left as it is and nothing more is kept this time."))
            return None
        self._set_aside(store.newly_damaged())
        return answer

    def _set_aside(self, damaged: list[DamagedMatch], told: bool = False) -> None:
        """Tell the person of matches found damaged (unless ``told``) and mark them so in the file."""
        if not damaged:
            return
        if not told:
            self.notify(ngettext("{n} kept match can't be read; it is set aside as it was and listed as damaged "
                                 "in History.",
                                 "{n} kept matches can't be read; they are set aside as they were and listed as "
                                 "damaged in History.", len(damaged)).format(n=len(damaged)))
        if self.keeping:
            self._write(lambda store: store.set_aside(damaged))

    def damaged(self) -> list[DamagedMatch]:
        """The kept matches that cannot be read, newest first (set aside, kept as they were)."""
        return self._read(lambda store: store.damaged()) or []

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

    def kept_review(self, kept: tuple[int, int], seat: int, seed: int, budget: int) -> Reviewed[Any] | None:
        """The review of ``seat`` kept with the deal ``kept`` (match id, deal number) for this seed and effort."""
        match_id, number = kept
        return self._read(lambda store: store.kept_review(match_id, number, seat, seed, budget))  # type: ignore[no-any-return]

    def keep_review(self, kept: tuple[int, int], review: Reviewed[Any], seed: int, budget: int,
                    record: dict[str, Any] | None = None) -> None:
        """Keep ``review`` with the deal ``kept`` (match id, deal number), after the saves asked for before;
        with the deal's ``record``, its mistakes and blunders become practice positions too (see
        :meth:`keep_practice`)."""
        if self.keeping:
            match_id, number = kept
            self._write(lambda store: store.keep_review(match_id, number, review, seed, budget))
            if record is not None:
                self.keep_practice(kept, record, review)

    def keep_practice(self, kept: tuple[int, int], record: dict[str, Any], review: Reviewed[Any]) -> None:
        """Keep the practice positions of a review of the deal ``kept`` (match id, deal number) when it judged
        the person's seat, in either game; positions kept before are left as they are."""
        if not self.keeping or not isinstance(review, Reviewed):
            return
        match_id = kept[0]

        def write(store: MatchStore) -> None:
            if store.person_seat(match_id) == review.seat:
                store.keep_practice(positions_from(record, review))

        self._write(write)

    def practice_positions(self) -> PracticeRead | None:
        """The practice positions still to solve, in the order they are offered; None when they can't be read."""
        return self._read(lambda store: store.practice_positions())  # type: ignore[no-any-return]

    def practice_waiting(self) -> int:
        """How many practice positions wait to be solved (0 when they can't be read)."""
        counts = self._read(lambda store: store.practice_counts())
        return counts.waiting if counts is not None else 0

    def practice_answered(self, row_id: int, solved: bool) -> None:
        """Count an answer to the kept practice position ``row_id``, after the saves asked for before."""
        if self.keeping:
            self._write(lambda store: store.practice_answered(row_id, solved))

    def last_reset(self) -> str | None:
        """When the statistics were last reset, while it can be undone (see :meth:`MatchStore.last_reset`)."""
        return self._read(lambda store: store.last_reset()) if self.keeping else None

    def undo_reset(self) -> int:
        """Count again the matches the last reset left out (see :meth:`MatchStore.undo_reset`); returns how many.

        Raises ``OSError`` or ``sqlite3.Error`` when it cannot be done; nothing is changed then.
        """
        if not self.keeping:
            raise PermissionError("the kept matches are not open for writing in this window")
        assert self._writer is not None
        self._writer.flush()
        return self.opened.store.undo_reset()  # type: ignore[union-attr]

    def reset(self) -> Path:
        """Start the statistics again after keeping a backup (see :meth:`MatchStore.reset`); returns the backup.

        Raises ``OSError`` or ``sqlite3.Error`` when it cannot be done; nothing is forgotten then.
        """
        if not self.keeping:
            raise PermissionError("the kept matches are not open for writing in this window")
        assert self._writer is not None
        self._writer.flush()
        return self.opened.store.reset()  # type: ignore[union-attr]

    def watch(self, ctl: TableController) -> None:
        """Keep this new match from its deal on, before any move: closing at the first hand offers Continue
        with the same hand, and the unfinished match it replaces counts as abandoned."""
        self.ctl = ctl
        self._match = None
        ctl.on_change = self._changed
        if self.keeping:
            self._begin(ctl)

    def _begin(self, ctl: TableController) -> None:
        match: dict[str, int | None] = {"id": None}
        self._match = match
        setup, progress = setup_of(ctl), ctl.progress()
        self._write(lambda store: match.update(id=store.begin(setup, progress)))

    def resume(self, pace: Pace, thinker: ComputerThinker, think_ms: int | None = None) -> TableController | None:
        """The unfinished match, played forward to where it was left; None when there is none to take up."""
        kept = self.unfinished() if self.keeping else None
        if kept is None:
            return None
        try:
            ctl = _rebuild(kept, pace, thinker, think_ms)
        except Exception as problem:  # noqa: BLE001 - whatever the kept text makes the rebuild raise
            _log.warning("the kept match %d could not be taken up again (%s: %s); it is set aside as damaged",
                         kept.id, type(problem).__name__, problem)
            self.notify(_("The unfinished match can't be taken up again by this version of the game; it is set "
                          "aside as it was and listed as damaged in History."))
            self._set_aside([DamagedMatch(kept.id, kept.started, f"it cannot be taken up again: {problem}")],
                            told=True)
            return None
        self.ctl = ctl
        self._match = {"id": kept.id}
        ctl.on_change = self._changed
        return ctl

    def unseen_result(self, pace: Pace, thinker: ComputerThinker) -> TableController | None:
        """The person's last match at its final count when the window closed before its result was seen;
        None when there is none (or it cannot be put back, which is logged and forgotten)."""
        kept = self._read(lambda store: store.unseen_result()) if self.keeping else None
        if kept is None:
            return None
        try:
            ctl = _rebuild(kept, pace, thinker, None)
        except Exception as problem:  # noqa: BLE001 - whatever the kept text makes the rebuild raise
            _log.warning("the result of kept match %d can't be shown (%s: %s)", kept.id, type(problem).__name__,
                         problem)
            self._write(lambda store: store.result_seen(kept.id))
            return None
        self._result = {"id": kept.id}
        return ctl

    def result_shown(self) -> None:
        """The person sees the result of the match that just finished: it need not be shown again."""
        result, self._result = self._result, None
        if result is not None and self.keeping:
            def write(store: MatchStore) -> None:
                if result["id"] is not None:
                    store.result_seen(result["id"])

            self._write(write)

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

        self._write(write, key="progress")

    def _changed(self, what: str) -> None:
        ctl = self.ctl
        if ctl is None or not self.keeping:
            return
        if what == "action":
            if self._match is None:
                self._begin(ctl)
            else:
                self._save_progress(self._match, ctl.progress())
        elif what == "deal" and self._match is not None:
            self._finish_deal(ctl, self._match)

    def _finish_deal(self, ctl: TableController, match: dict[str, int | None]) -> None:
        deal = ctl.finished_deal()
        assert deal is not None, "a deal is added to the match once it is over"
        seat = ctl.person_seat
        number = ctl.deal_number
        returns = deal.returns()
        shuffle = ctl.session.shuffle_number
        numbering = {} if shuffle is None else {"deal_number": shuffle}
        record = {**ctl.game.record_of(deal), "players": [i.player or "you" for i in ctl.infos],
                  "seed": str(ctl.match.seed), **numbering, "deal_in_match": number,
                  "result": result_of(deal.points, returns, [i.player or "you" for i in ctl.infos])}
        margins = [float(m) for m in returns]
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
                store.finish_match(match["id"], outcome, progress if ctl.person_seat is not None else None)

        self._write(write)
        if ctl.match.is_over:
            self._match = None
            self._result = match if ctl.person_seat is not None else None

    def watch_network(self, ctl: TableController, follower: RemoteFollower) -> None:
        """Keep each deal of the network table ``ctl`` follows as this window sees it end (the match kept
        here, if any, stays as it was): the deal's record as the table told it, in a match of its own for
        the table and the person's seat (see :meth:`MatchStore.keep_network_deal`)."""
        def changed(what: str) -> None:
            if what == "deal":
                self.keep_network(follower)

        ctl.on_change = changed

    def keep_network(self, follower: RemoteFollower) -> None:
        """Keep the network table's finished deal, with the match's outcome once the table has told its
        places (asked again then: keeping the same deal twice keeps it once)."""
        setup = network_setup(follower)
        told = follower.record
        if not self.keeping or setup is None or told is None or not follower.deal_recorded:
            return
        result = told.get("result")
        margins = result.get("margins") if isinstance(result, dict) else None
        if not isinstance(margins, list) or len(margins) != setup.seats:
            _log.warning("a network deal's record has no margins for its %d seats; it is not kept", setup.seats)
            return
        number = follower.deal_number
        record = {**told, "players": list(setup.players), "deal_in_match": number, **shared_link(follower)}
        totals = [float(t) for t in follower.totals] if len(follower.totals) == setup.seats else [0.0] * setup.seats
        outcome = network_outcome(follower.places, follower.seat)

        def write(store: MatchStore) -> None:
            match_id = store.keep_network_deal(setup, number, record, [float(m) for m in margins], totals, outcome)
            self._last_deal = (match_id, number)

        self._write(write)

    def _write(self, work: Work, key: str | None = None) -> None:
        assert self._writer is not None
        self._writer.put(work, key)

    def _busy(self, held: bool) -> None:
        """Another program holds the file's lock (``held``), or has let go: told once, the first time."""
        if held and not self._told_busy:
            self._told_busy = True
            self.notify(_("The kept matches are locked by another copy of the game or another program. Your moves "
                          "wait and are saved as soon as it lets go."))

    def _fail(self, problem: Exception) -> None:
        _log.warning("could not keep the match: %s", str(problem))
        if not self._failed:
            self._failed = True
            self.notify(_("This match can't be kept (the data folder can't be written). You can play on; "
                          "it will not be saved."))

    def close(self) -> None:
        """Save the match at the table, write every save asked for and close the database.

        A match of computers alone (a demo) that did not reach its end is counted as abandoned, so it never
        stands in for the person's unfinished match.
        """
        self.save()
        ctl, match = self.ctl, self._match
        if ctl is not None and match is not None and ctl.person_seat is None and self.keeping:
            def abandon(store: MatchStore) -> None:
                if match["id"] is not None:
                    store.abandon(match["id"])

            self._write(abandon)
        if self._writer is not None:
            self._writer.stop()
        if self.ctl is not None:
            self.ctl.on_change = None
            self.ctl = None
        if self.opened is not None:
            self.opened.close()
