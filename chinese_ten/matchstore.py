"""The kept matches: the unfinished match, every finished deal and match, and the statistics.

They live in one SQLite database, ``matches.db``, in the platform's data
folder (``--data-dir`` or ``CHINESE_TEN_DATA_DIR`` choose another). The schema
carries its version (``PRAGMA user_version``) and is brought up to date by
the migrations in :data:`MIGRATIONS`. Every save is one transaction, so it is
all there or not at all, and the write-ahead log means a process killed at
any moment leaves a valid file. A damaged database is kept aside under a
dated name (:func:`chinese_ten.storage.move_aside`) and a fresh one begun; a
folder that cannot be written means nothing is kept, and :func:`open_store`
says so in a notice.
"""

from __future__ import annotations

import json
import logging
import math
import os
import contextlib
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import cached_property
from pathlib import Path
from typing import Any, Final


from chinese_ten.engine.scores import as_number
from chinese_ten.games import GAMES, with_result
from chinese_ten.engine.streams import deal_number
from chinese_ten.engine.strengths import DEFAULT, MIXED, ORDER, key_strengths, kind_of, per_seat, table_key
from chinese_ten.engine.judging import Reviewed
from chinese_ten.practice import Position, position_from_json
from chinese_ten.storage import FileLock, move_aside, transaction, try_lock, user_folder

_log = logging.getLogger("chinese_ten.matchstore")

DATA_DIR_ENV: Final[str] = "CHINESE_TEN_DATA_DIR"
"""The environment variable that chooses the data folder."""

DB_NAME: Final[str] = "matches.db"
"""The database's file name in the data folder."""

LOCK_NAME: Final[str] = ".matches.lock"
"""The lock a window holds while it keeps matches, so a second window does not play the same match."""

def _opponents_per_seat(db: sqlite3.Connection) -> None:
    """A match's computers may each have a strength of their own: the statistics group a match by its
    ``opponents``, their one strength or each one's in seat order (see
    :func:`~chinese_ten.engine.strengths.table_key`). Every match kept before had computers of one strength,
    its ``strength``; each computer's strength stays where it always was, in ``players``."""
    db.execute("ALTER TABLE matches ADD COLUMN opponents TEXT")
    db.execute("UPDATE matches SET opponents = strength")


MIGRATIONS: Final[tuple[str | Callable[[sqlite3.Connection], None], ...]] = (
    """
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        started TEXT NOT NULL,
        ended TEXT,
        seats INTEGER NOT NULL,
        rules TEXT NOT NULL,
        preset TEXT NOT NULL,
        strength TEXT NOT NULL,
        players TEXT NOT NULL,
        person INTEGER NOT NULL,
        length TEXT NOT NULL,
        total_deals INTEGER NOT NULL,
        seed TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('playing', 'finished', 'abandoned')),
        outcome TEXT CHECK (outcome IN ('won', 'shared', 'lost')),
        totals TEXT NOT NULL,
        progress TEXT
    );
    CREATE TABLE deals (
        id INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        played TEXT NOT NULL,
        margins TEXT NOT NULL,
        margin REAL,
        record TEXT NOT NULL,
        UNIQUE (match_id, number)
    );
    CREATE INDEX deals_by_match ON deals (match_id);
    CREATE INDEX matches_by_state ON matches (state);
    """,
    # the statistics read every deal's margin: an index holding them spares reading the records
    """
    CREATE INDEX deals_margins ON deals (match_id, margin);
    """,
    # a match with a take-back is practice, kept apart from the statistics; a deal's reviews are kept
    # so a second look is instant (one per judged seat, with the seed and effort that made it)
    """
    ALTER TABLE matches ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE analyses (
        deal_id INTEGER NOT NULL REFERENCES deals (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        budget INTEGER NOT NULL,
        review TEXT NOT NULL,
        PRIMARY KEY (deal_id, seat)
    );
    """,
    # a match whose kept text cannot be read is set aside with the reason: kept, listed as damaged,
    # and never read as a match again (nor continued, counted or abandoned); a reset of the statistics
    # leaves the ended matches in History and marks when it left them out of the figures, so it can be undone
    """
    ALTER TABLE matches ADD COLUMN damaged TEXT;
    ALTER TABLE matches ADD COLUMN uncounted TEXT;
    """,
    # a match is of one game (its registered name); every match kept before there were two games is Chinese Ten's
    """
    ALTER TABLE matches ADD COLUMN game TEXT NOT NULL DEFAULT 'ten';
    """,
    # a reviewed deal's mistakes and blunders are kept as positions to solve again, once each (by their key),
    # with how often each was solved and failed; one solved is not offered again
    """
    CREATE TABLE practice (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        made TEXT NOT NULL,
        position TEXT NOT NULL,
        solved INTEGER NOT NULL DEFAULT 0,
        failed INTEGER NOT NULL DEFAULT 0,
        tried TEXT
    );
    """,
    # a kept deal's "deal_number" is its deal number (INTERFACE.md "Deal numbers"), the one that deals it again:
    # before, it held the deal's place in its match, which now is "deal_in_match" (as the deals' number column);
    # Chinese Ten's deals kept before were not shuffled from a deal number, so they have none (Go Fishing's are
    # given theirs from the match seed after this step: see _number_fishing_deals)
    """
    UPDATE deals SET record = json_set(json_remove(record, '$.deal_number'), '$.deal_in_match',
                                       json_extract(record, '$.deal_number'))
        WHERE json_valid(record) AND substr(record, 1, 1) = '{' AND json_type(record, '$.deal_number') = 'integer';
    """,
    _opponents_per_seat,
    # a match played at a network table is kept from the deals this window saw end: "network" holds the table's
    # id (NULL for every match played here) and "names" the seats' names as the table listed them; such a match
    # is listed in History, under way or ended, and is never continued here nor counted in the statistics
    """
    ALTER TABLE matches ADD COLUMN network TEXT;
    ALTER TABLE matches ADD COLUMN names TEXT;
    """,
)
"""The schema's migrations: the n-th brings a database from version n to n + 1."""

NUMBERED_DEALS: Final[int] = 7
"""The schema version from which every kept deal's "deal_number" is its deal number."""

SCHEMA_VERSION: Final[int] = len(MIGRATIONS)
"""The schema version this code writes."""

CHART_DEALS: Final[int] = 30
"""How many of the last deals' margins the statistics keep for the chart."""

BUSY_SECONDS: Final[float] = 0.1
"""How long a save waits for another program's write lock on the file before it is tried again later."""


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder that holds the kept matches: ``override``, else ``CHINESE_TEN_DATA_DIR``, else the platform's.

    An empty name, given or in the environment, is refused with ``ValueError``: it names no folder.
    """
    return user_folder(override, DATA_DIR_ENV, "data", "--data-dir")


def _now() -> str:
    return datetime.now().strftime("%Y-%m-%dT%H:%M:%S")


@dataclass(frozen=True)
class MatchSetup:
    """What a match is played with: the table, the players, the rules, the length and the seed."""

    seats: int
    strength: str
    players: tuple[str, ...]
    person: bool
    rules: Any
    preset: str
    length: dict[str, Any]
    total_deals: int
    seed: str
    game: str = "ten"
    """The game played, by its registered name (``ten`` or ``fishing``)."""
    network: str | None = None
    """The id of the network table the match was played at; None for a match played in this window."""
    names: tuple[str, ...] | None = None
    """At a network table, each seat's name as the table listed it (``players`` then says ``you``, ``person``
    for another person and ``computer``); None for a match played here."""

    @property
    def person_seat(self) -> int | None:
        """The seat the person sat in (``players`` names it ``you``); None when computers played them all."""
        return self.players.index("you") if self.person and "you" in self.players else None

    @property
    def strengths(self) -> tuple[str, ...]:
        """Each computer's strength in seat order (from ``players``; every computer at ``strength`` where
        ``players`` names none of them)."""
        named = tuple(p if p in ORDER else DEFAULT for p in self.players if p != "you")  # a friend: Normal
        return named or per_seat(self.strength, self.seats - (1 if self.person else 0))


@dataclass(frozen=True)
class Unfinished:
    """The match in progress as kept: its setup, its position and its totals so far."""

    id: int
    started: str
    setup: MatchSetup
    progress: dict[str, Any]
    totals: tuple[float, ...]

    @property
    def deal(self) -> int:
        """The number of the deal under way (1 for the first)."""
        return len(self.progress.get("deals", [])) or 1

    @property
    def turns(self) -> int:
        """How many turns of the deal under way are finished."""
        return int(self.progress.get("turns", 0))


@dataclass(frozen=True)
class KeptDeal:
    """One finished deal: its number, when, every seat's margin and its record (read when first asked for)."""

    number: int
    played: str
    margins: tuple[float, ...]
    record_text: str

    @cached_property
    def record(self) -> dict[str, Any]:
        """The deal record (``chinese-ten/deal-v1``)."""
        return json.loads(self.record_text)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class DamagedMatch:
    """A kept match that cannot be read: set aside in the file, never lost, listed with the reason."""

    id: int
    started: str
    """When it began, or empty when that too cannot be read."""
    reason: str

    def to_json(self) -> dict[str, Any]:
        """The damaged match as ``history --json`` lists it."""
        return {"id": self.id, "started": self.started or None, "reason": self.reason}


@dataclass(frozen=True)
class KeptMatch:
    """One match that ended, finished or abandoned, with its deals."""

    id: int
    started: str
    ended: str | None
    setup: MatchSetup
    state: str
    outcome: str | None
    totals: tuple[float, ...]
    deals: tuple[KeptDeal, ...]
    practice: bool = False
    """True when a turn was taken back: the match is kept, but apart from the statistics."""

    @property
    def missed(self) -> int:
        """How many of the match's deals played so far are not kept: at a network table, those that ended
        while this window was not at it (0 for a match played here)."""
        if self.setup.network is None:
            return 0
        played = self.setup.total_deals if self.state == "finished" else max((d.number for d in self.deals), default=0)
        return max(0, played - len(self.deals))

    def record_name(self, deal: KeptDeal) -> str:
        """The file name a record of one of its deals is exported under (by the window and the command line)."""
        stamp = self.started.replace(":", "").replace("-", "")
        return f"{stamp}-match{self.id}-deal{deal.number}.json"

    def to_json(self) -> dict[str, Any]:
        """The match as ``history --json`` prints it."""
        return {
            "game": self.setup.game, "started": self.started, "ended": self.ended, "seats": self.setup.seats,
            "rules": self.setup.rules, "players": list(self.setup.players),
            "strength": self.setup.strength, "totals": list(self.totals),
            "finished": self.state == "finished", "abandoned": self.state == "abandoned",
            "outcome": self.outcome, "deals_planned": self.setup.total_deals, "practice": self.practice,
            "network": None if self.setup.network is None else {"table": self.setup.network,
                                                                 "names": list(self.setup.names or ())},
            "deals": [{"number": d.number, "played": d.played, "margins": list(d.margins),
                       **({"deal_number": d.record["deal_number"]} if "deal_number" in d.record else {}),
                       "record": with_result(d.record)} for d in self.deals],
        }


@dataclass
class Figures:
    """The person's figures over some matches: results, margins and winning streaks."""

    matches: int = 0
    won: int = 0
    shared: int = 0
    lost: int = 0
    abandoned: int = 0
    deals: int = 0
    mean_margin: float | None = None
    best_deal: float | None = None
    best_match: float | None = None
    streak: int = 0
    longest_streak: int = 0

    @property
    def win_percent(self) -> float | None:
        """The share of finished matches won, in percent (abandoned ones left out); None before any."""
        finished = self.won + self.shared + self.lost
        return None if not finished else round(100 * self.won / finished, 1)

    def to_json(self) -> dict[str, Any]:
        """The figures as ``stats --json`` prints them."""
        return {"matches": self.matches, "won": self.won, "shared": self.shared, "lost": self.lost,
                "abandoned": self.abandoned, "win_percent": self.win_percent, "deals": self.deals,
                "mean_margin": self.mean_margin, "best_deal": self.best_deal, "best_match": self.best_match,
                "streak": self.streak, "longest_streak": self.longest_streak}


@dataclass
class Statistics:
    """Every figure of the Statistics screen: over all, per table (strength, seats, rules) and the last margins."""

    overall: Figures = field(default_factory=Figures)
    by: list[tuple[tuple[str, int, str, str], Figures]] = field(default_factory=list)
    """The figures per table: its (computers, seats, rules preset, game), the computers as their one strength or
    each one's in seat order (:func:`~chinese_ten.engine.strengths.table_key`)."""
    by_strength: list[tuple[str, Figures]] = field(default_factory=list)
    """The figures per kind of computers alone (one strength, or a mix in seat order), whatever the seats and
    rules."""
    by_seats: list[tuple[int, Figures]] = field(default_factory=list)
    """The figures per seat count alone."""
    by_rules: list[tuple[str, Figures]] = field(default_factory=list)
    """The figures per rules preset alone."""
    by_game: list[tuple[str, Figures]] = field(default_factory=list)
    """The figures per game alone."""
    recent: list[float] = field(default_factory=list)
    practice: int = 0
    """How many ended matches had a turn taken back: kept, and left out of every other figure."""
    positions: PracticeCounts = field(default_factory=lambda: PracticeCounts(0, 0, 0))
    """The practice positions: how many were solved, how many answers failed, how many wait."""
    network: int = 0
    """How many matches of network tables are kept: listed in History, and counted in no figure here (a
    match with friends is not a match against the computers these figures measure, and is often seen only
    in part)."""

    def to_json(self) -> dict[str, Any]:
        """The statistics as ``stats --json`` prints them."""
        return {**self.overall.to_json(),
                "by": [{"game": k[3], **_opponents_json(k[0]), "seats": k[1], "rules": k[2], **f.to_json()}
                       for k, f in self.by],
                "by_strength": [{**_opponents_json(k), **f.to_json()} for k, f in self.by_strength],
                "by_seats": [{"seats": k, **f.to_json()} for k, f in self.by_seats],
                "by_rules": [{"rules": k, **f.to_json()} for k, f in self.by_rules],
                "by_game": [{"game": k, **f.to_json()} for k, f in self.by_game],
                "recent_margins": list(self.recent), "practice": self.practice,
                "practice_positions": self.positions.to_json(), "network_matches": self.network}


def _opponents_json(key: str) -> dict[str, Any]:
    """A table's computers as ``stats --json`` names them: ``"strength"`` their one strength, or ``"mixed"``
    with ``"strengths"`` each one's in seat order."""
    strengths = key_strengths(key)
    kind = kind_of(strengths)
    return {"strength": kind, "strengths": list(strengths)} if kind == MIXED and key != MIXED else {"strength": kind}


@dataclass(frozen=True)
class PracticeCounts:
    """How practising went: positions solved, answers that failed, and positions still to solve."""

    solved: int
    """Positions solved (each counts once; a solved position is not offered again)."""
    failed: int
    """Answers that were wrong (a position failed twice counts twice)."""
    waiting: int
    """Positions not yet solved, offered by Practice."""

    def to_json(self) -> dict[str, int]:
        """The counts as ``stats --json`` prints them."""
        return {"solved": self.solved, "failed": self.failed, "waiting": self.waiting}


@dataclass(frozen=True)
class KeptPosition:
    """A practice position as kept: its row's id, the position, and how often it was failed."""

    id: int
    position: Position
    failed: int


@dataclass(frozen=True)
class PracticeRead:
    """The practice positions still to solve, in the order they are offered, and a line for each kept
    position that cannot be read (left as it is)."""

    positions: tuple[KeptPosition, ...]
    unreadable: tuple[str, ...] = ()


class StoreError(OSError):
    """The kept matches cannot be read or written; the message is one sentence for the person."""


class Unreadable(ValueError):
    """A value read back from the file is not what this version writes; the message says which and why."""


def _text(raw: bytes) -> str:
    """A text column as stored; bytes that are not UTF-8 are marked with U+FFFD, which no save writes."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("utf-8", errors="replace")


def _string(value: Any, what: str) -> str:
    if not isinstance(value, str) or "\ufffd" in value:
        raise Unreadable(f"{what} is not text")
    return value


def _json(value: Any, what: str) -> Any:
    text = _string(value, what)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as problem:  # json's errors are ValueErrors
        raise Unreadable(f"{what} is not JSON ({problem})") from None


def _whole(value: Any, what: str, least: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise Unreadable(f"{what} is not a whole number of at least {least}")
    return value


def _numbers(value: Any, what: str, count: int) -> tuple[float, ...]:
    if not (isinstance(value, list) and len(value) == count
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in value)):
        raise Unreadable(f"{what} are not {count} numbers")
    return tuple(value)


def _progress(value: Any) -> dict[str, Any]:
    """An unfinished match's kept position, checked as far as its shape goes."""
    progress = _json(value if value is not None else "{}", "the position")
    if not isinstance(progress, dict):
        raise Unreadable("the position is not a JSON object")
    deals = progress.get("deals", [])
    if not (isinstance(deals, list) and all(isinstance(d, list) and all(isinstance(a, str) for a in d)
                                            for d in deals)):
        raise Unreadable("the position's moves are not lists of moves")
    for key in ("turns", "hints"):
        if key in progress:
            _whole(progress[key], f"the position's {key}")
    if not isinstance(progress.get("draws", []), list):
        raise Unreadable("the position's draws are not a list")
    return progress


def _shown(value: Any) -> str:
    """A text column for a notice, or empty when it cannot be read."""
    return value if isinstance(value, str) and "\ufffd" not in value else ""


_PROBES: Final[tuple[str, ...]] = (
    "SELECT id, started, ended, seats, rules, preset, strength, players, person, length, total_deals, seed, state,"
    " outcome, totals, progress, practice, damaged, uncounted, game, opponents, network, names FROM matches LIMIT 0",
    "SELECT id, match_id, number, played, margins, margin, record FROM deals LIMIT 0",
    "SELECT deal_id, seat, seed, budget, review FROM analyses LIMIT 0",
    "SELECT id, key, made, position, solved, failed, tried FROM practice LIMIT 0",
)
"""Queries naming every column this version reads: each fails at once on tables that are not as it keeps them."""


class MatchStore:
    """The database of kept matches, open for reading and writing."""

    def __init__(self, path: Path, busy_seconds: float = BUSY_SECONDS) -> None:
        """Open (creating and migrating) the database at ``path``; ``sqlite3.Error`` or ``OSError`` when it cannot be.

        A write waits at most ``busy_seconds`` for another program's lock, then fails as busy.
        """
        self.path = Path(path)
        self._db = sqlite3.connect(self.path, timeout=busy_seconds, isolation_level=None, check_same_thread=False)
        self._found: dict[int, DamagedMatch] = {}
        self._told: set[int] = set()
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except UnicodeDecodeError as problem:  # SQLite's complaint quotes a damaged schema's bytes
            self._db.close()
            raise sqlite3.DatabaseError(f"the file's schema is damaged ({problem})") from None
        except BaseException:
            self._db.close()
            raise

    # ------------------------------------------------------------------ the file

    def _migrate(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path} was written by a newer version of the game")
        if version < SCHEMA_VERSION:
            with self._transaction():
                for number in range(version, SCHEMA_VERSION):
                    step = MIGRATIONS[number]
                    if callable(step):
                        step(self._db)
                        continue
                    for statement in step.split(";"):
                        if statement.strip():
                            self._db.execute(statement)
                    if number == NUMBERED_DEALS - 1:
                        self._number_fishing_deals()
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _number_fishing_deals(self) -> None:
        """Give every kept Go Fishing deal its deal number: each was shuffled from its match seed's
        (:func:`~chinese_ten.engine.streams.deal_number` of the seed and its place in the match, from 0)."""
        rows = self._db.execute(
            "SELECT d.id, d.number, m.seed, d.record FROM deals d JOIN matches m ON m.id = d.match_id"
            f" WHERE m.game = 'fishing' AND {_SOUND_RECORD.replace('record', 'd.record')}").fetchall()
        for row_id, number, seed, record in rows:
            if not isinstance(number, int) or number < 1 or not isinstance(seed, str):
                continue
            try:
                data = json.loads(record)
            except ValueError:
                continue
            if not isinstance(data, dict):
                continue
            data["deal_number"] = deal_number(int(seed) if seed.lstrip("-").isdigit() else seed, number - 1)
            self._db.execute("UPDATE deals SET record = ? WHERE id = ?",
                             (json.dumps(data, separators=(",", ":")), row_id))

    def check(self) -> bool:
        """True when SQLite finds the file sound, apart from rows that break a CHECK or NOT NULL of the schema:
        every read checks those rows itself and sets aside the matches they belong to."""
        problems = [row[0] for row in self._db.execute("PRAGMA quick_check")]
        return all(p == "ok" or p.startswith(("CHECK constraint failed", "NULL value in")) for p in problems)

    def _select(self, query: str, params: Sequence[Any] = (), one: bool = False) -> Any:
        """The rows a reading query gives (with ``one``, the first or None). Text that is not UTF-8 comes back
        marked with U+FFFD (see :func:`_text`), for the checks to find, rather than failing the whole read."""
        try:
            cursor = self._db.execute(query, params)
            return cursor.fetchone() if one else cursor.fetchall()
        except sqlite3.OperationalError as problem:
            if "decode" not in str(problem).lower():
                raise
        self._db.text_factory = _text  # read again, slower, with the damaged bytes marked
        try:
            cursor = self._db.execute(query, params)
            return cursor.fetchone() if one else cursor.fetchall()
        finally:
            self._db.text_factory = str

    def probe(self) -> None:
        """Raise ``sqlite3.DatabaseError`` when the tables are not as this version keeps them (a column gone, say)."""
        try:
            for query in _PROBES:
                self._db.execute(query).fetchall()
        except sqlite3.OperationalError as problem:
            raise sqlite3.DatabaseError(f"its tables are not as this version keeps them ({problem})") from None

    def close(self) -> None:
        """Close the database (what was saved stays saved)."""
        self._db.close()

    def _transaction(self) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        return transaction(self._db)

    # ------------------------------------------------------------------ the match in progress

    def begin(self, setup: MatchSetup, progress: dict[str, Any]) -> int:
        """Keep a new match in progress; returns its id.

        A match with a person counts the unfinished one still kept as abandoned; one of computers alone (a
        demo) is kept beside it and leaves it as it was.
        """
        with self._transaction() as db:
            if setup.person:
                db.execute("UPDATE matches SET state = 'abandoned', ended = ?, progress = NULL"
                           " WHERE state = 'playing' AND damaged IS NULL AND network IS NULL", (_now(),))
            cursor = db.execute(
                "INSERT INTO matches (started, seats, rules, preset, strength, players, person, length, total_deals,"
                " seed, state, totals, progress, practice, game, opponents)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'playing', ?, ?, ?, ?, ?)",
                (_now(), setup.seats, json.dumps(setup.rules), setup.preset, setup.strength,
                 json.dumps(list(setup.players)), int(setup.person), json.dumps(setup.length), setup.total_deals,
                 setup.seed, json.dumps([0] * setup.seats), json.dumps(progress), _practice(progress), setup.game,
                 table_key(setup.strengths)))
            return int(cursor.lastrowid)  # type: ignore[arg-type]

    def save_progress(self, match_id: int, progress: dict[str, Any]) -> None:
        """Keep the position the match in progress has reached."""
        with self._transaction() as db:
            db.execute("UPDATE matches SET progress = ?, practice = MAX(practice, ?) WHERE id = ? AND state = 'playing'",
                       (json.dumps(progress, separators=(",", ":")), _practice(progress), match_id))

    def finish_deal(self, match_id: int, number: int, record: dict[str, Any], margins: Sequence[float],
                    person_margin: float | None, totals: Sequence[float], progress: dict[str, Any]) -> None:
        """Keep a finished deal with the match's new totals and position, all at once."""
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO deals (match_id, number, played, margins, margin, record)"
                       " VALUES (?, ?, ?, ?, ?, ?)",
                       (match_id, number, _now(), json.dumps([as_number(m) for m in margins]), person_margin,
                        json.dumps(record, separators=(",", ":"))))
            db.execute("UPDATE matches SET totals = ?, progress = ?, practice = MAX(practice, ?) WHERE id = ?",
                       (json.dumps([as_number(t) for t in totals]), json.dumps(progress, separators=(",", ":")),
                        _practice(progress), match_id))

    def keep_network_deal(self, setup: MatchSetup, number: int, record: dict[str, Any], margins: Sequence[float],
                          totals: Sequence[float], outcome: str | None = None) -> int:
        """Keep a finished deal of a match at a network table (``setup.network``), all at once: the match is the
        one kept for that table and the person's seat, begun with its first deal kept here; with the table's
        totals, and with ``outcome`` (won, shared, lost) once the match is over. Returns the match's id."""
        if setup.network is None or setup.names is None or setup.person_seat is None:
            raise ValueError("a network match names its table, its seats and the person's seat")
        seat = setup.person_seat
        with self._transaction() as db:
            match_id = None
            for row_id, players in db.execute("SELECT id, players FROM matches WHERE network = ? AND damaged IS NULL"
                                              " ORDER BY id DESC", (setup.network,)):
                try:
                    names = json.loads(players)
                except (TypeError, ValueError):
                    continue
                if isinstance(names, list) and "you" in names and names.index("you") == seat:
                    match_id = int(row_id)
                    break
            if match_id is None:
                cursor = db.execute(
                    "INSERT INTO matches (started, seats, rules, preset, strength, players, person, length, total_deals,"
                    " seed, state, totals, progress, practice, game, network, names)"
                    " VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, 'playing', ?, NULL, 0, ?, ?, ?)",
                    (_now(), setup.seats, json.dumps(setup.rules), setup.preset, setup.strength,
                     json.dumps(list(setup.players)), json.dumps(setup.length), setup.total_deals, setup.seed,
                     json.dumps([0] * setup.seats), setup.game, setup.network, json.dumps(list(setup.names))))
                match_id = int(cursor.lastrowid)  # type: ignore[arg-type]
            db.execute("INSERT OR REPLACE INTO deals (match_id, number, played, margins, margin, record)"
                       " VALUES (?, ?, ?, ?, ?, ?)",
                       (match_id, number, _now(), json.dumps([as_number(m) for m in margins]), margins[seat],
                        json.dumps(record, separators=(",", ":"))))
            db.execute("UPDATE matches SET totals = ?, names = ? WHERE id = ?",
                       (json.dumps([as_number(t) for t in totals]), json.dumps(list(setup.names)), match_id))
            if outcome is not None:
                db.execute("UPDATE matches SET state = 'finished', outcome = ?, ended = ? WHERE id = ?"
                           " AND state = 'playing'", (outcome, _now(), match_id))
        return match_id

    def finish_match(self, match_id: int, outcome: str | None, unseen: dict[str, Any] | None = None) -> None:
        """The match is over: it leaves the unfinished place and counts with ``outcome`` (won, shared, lost).

        With ``unseen``, its last position, the person has not yet seen the result: the position is kept
        until :meth:`result_seen`, so that the next start can show it (see :meth:`unseen_result`).
        """
        progress = None if unseen is None else json.dumps({**unseen, "result": "unseen"}, separators=(",", ":"))
        with self._transaction() as db:
            db.execute("UPDATE matches SET state = 'finished', outcome = ?, ended = ?, progress = ? WHERE id = ?",
                       (outcome, _now(), progress, match_id))

    def unseen_result(self) -> Unfinished | None:
        """The person's newest match when it finished without its result being seen (the window closed at the
        last deal's count), with its last position; None otherwise, or when it cannot be read."""
        row = self._select(
            "SELECT id, started, seats, strength, players, person, rules, preset, length, total_deals, seed,"
            " progress, totals, game FROM matches WHERE state = 'finished' AND damaged IS NULL AND progress IS NOT NULL"
            " AND id = (SELECT MAX(id) FROM matches WHERE person = 1 AND network IS NULL)", one=True)
        if row is None:
            return None
        try:
            kept = self._unfinished(row)
        except Unreadable as problem:
            _log.warning("The result of kept match %s can't be shown: %s", row[0], problem)
            return None
        return kept if kept.progress.get("result") == "unseen" else None

    def result_seen(self, match_id: int) -> None:
        """The person has seen the result of the finished match ``match_id``: its last position is let go."""
        with self._transaction() as db:
            db.execute("UPDATE matches SET progress = NULL WHERE id = ? AND state = 'finished'", (match_id,))

    def abandon(self, match_id: int | None = None) -> bool:
        """Count the unfinished match (or the one ``match_id`` names, if still playing) as abandoned; False when
        there was none."""
        where = "state = 'playing' AND damaged IS NULL AND network IS NULL" + ("" if match_id is None else " AND id = ?")
        with self._transaction() as db:
            cursor = db.execute(f"UPDATE matches SET state = 'abandoned', ended = ?, progress = NULL WHERE {where}",
                                (_now(),) if match_id is None else (_now(), match_id))
            return cursor.rowcount > 0

    def unfinished(self) -> Unfinished | None:
        """The match in progress (the person's before a demo's), or None; one that cannot be read is set aside
        as damaged (see :meth:`damaged`) and counts as none."""
        row = self._select(
            "SELECT id, started, seats, strength, players, person, rules, preset, length, total_deals, seed,"
            " progress, totals, game FROM matches WHERE state = 'playing' AND damaged IS NULL AND network IS NULL"
            " ORDER BY person DESC, id DESC LIMIT 1", one=True)
        if row is None or row[0] in self._found:  # a match found damaged by another read counts as none too
            return None
        try:
            return self._unfinished(row)
        except Unreadable as problem:
            self._damaged(row[0], row[1], f"the unfinished match cannot be read: {problem}")
            return None

    @staticmethod
    def _unfinished(row: Sequence[Any]) -> Unfinished:
        """A match and its position from a row, checked: ``Unreadable`` says what is not as this version writes."""
        setup = _setup(row[2:11], row[13])
        length = setup.length
        if not isinstance(length.get("kind"), str) or not isinstance(length.get("deals"), int):
            raise Unreadable("the match length has no kind or number of deals")
        return Unfinished(_whole(row[0], "the id"), _string(row[1], "the start"), setup, _progress(row[11]),
                          _numbers(_json(row[12], "the totals"), "the totals", setup.seats))

    def _damaged(self, match_id: Any, started: Any, reason: str) -> None:
        """Note a match that a read found it cannot read (once, however often it is read)."""
        if isinstance(match_id, int) and match_id not in self._found:
            _log.warning("Kept match %d is damaged: %s", match_id, reason)
            self._found[match_id] = DamagedMatch(match_id, _shown(started), reason)

    def damaged(self) -> list[DamagedMatch]:
        """The matches that cannot be read, newest first: those set aside in the file and those found since it
        was opened."""
        marked = {row[0]: DamagedMatch(row[0], _shown(row[1]), _shown(row[2]))
                  for row in self._select("SELECT id, started, damaged FROM matches WHERE damaged IS NOT NULL")}
        return sorted({**self._found, **marked}.values(), key=lambda d: -d.id)

    def newly_damaged(self) -> list[DamagedMatch]:
        """The damaged matches reads have found that were not yet given by this call (each is given once)."""
        new = [d for match_id, d in self._found.items() if match_id not in self._told]
        self._told.update(d.id for d in new)
        return new

    def set_aside(self, matches: Sequence[DamagedMatch]) -> None:
        """Mark ``matches`` damaged in the file with their reasons: kept, listed, and never read as matches again."""
        with self._transaction() as db:
            for d in matches:
                db.execute("UPDATE matches SET damaged = ? WHERE id = ? AND damaged IS NULL", (d.reason, d.id))

    # ------------------------------------------------------------------ what was played

    def history(self, limit: int | None = None) -> list[KeptMatch]:
        """The matches that ended, finished or abandoned, and those of network tables (under way or ended),
        newest first, with their deals.

        A match any of whose text cannot be read is left out and set aside as damaged (see :meth:`damaged`).
        """
        query = ("SELECT id, started, ended, seats, strength, players, person, rules, preset, length, total_deals,"
                 " seed, state, outcome, totals, practice, game, network, names FROM matches"
                 " WHERE (state != 'playing' OR network IS NOT NULL) AND damaged IS NULL ORDER BY id DESC")
        rows = self._select(query + (f" LIMIT {int(limit)}" if limit else ""))
        matches: dict[int, KeptMatch] = {}
        for r in rows:
            try:
                setup = _setup(r[3:12], r[16], r[17], r[18])
                states = ("finished", "abandoned", "playing") if setup.network is not None else ("finished", "abandoned")
                if r[12] not in states or r[13] not in (None, "won", "shared", "lost"):
                    raise Unreadable("its state is not one this version writes")
                if r[2] is not None:
                    _string(r[2], "the end")
                matches[r[0]] = KeptMatch(r[0], _string(r[1], "the start"), r[2], setup, r[12], r[13],
                                          _numbers(_json(r[14], "the totals"), "the totals", setup.seats), (),
                                          bool(_whole(r[15], "the practice mark")))
            except Unreadable as problem:
                self._damaged(r[0], r[1], str(problem))
        deals: dict[int, list[KeptDeal]] = {match_id: [] for match_id in matches}
        if matches:
            query = ("SELECT match_id, number, played, margins, record, {sound} FROM deals WHERE match_id >= ?"
                     " ORDER BY match_id, number")
            try:  # SQLite checks each record's JSON far faster than reading it; it is read when first asked for
                found = self._select(query.format(sound=_SOUND_RECORD), (min(matches),))
            except sqlite3.OperationalError as problem:  # an SQLite without its JSON functions
                if "json" not in str(problem).lower():
                    raise
                found = self._select(query.format(sound="NULL"), (min(matches),))
            for match_id, number, played, margins, record, sound in found:
                if match_id not in deals:
                    continue
                try:
                    deals[match_id].append(_deal(number, played, margins, record, matches[match_id].setup.seats,
                                                 sound))
                except Unreadable as problem:
                    self._damaged(match_id, matches[match_id].started, str(problem))
        return [replace(m, deals=tuple(deals[i])) for i, m in matches.items() if i not in self._found]

    def keep_review(self, match_id: int, number: int, review: Reviewed[Any], seed: int, budget: int) -> bool:
        """Keep the review of one seat's decisions in deal ``number`` of a match, made with ``seed`` and ``budget``.

        It replaces a review of that seat kept before. False when there is no such deal (it was forgotten).
        """
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT OR REPLACE INTO analyses (deal_id, seat, seed, budget, review)"
                " SELECT id, ?, ?, ?, ? FROM deals WHERE match_id = ? AND number = ?",
                (review.seat, seed, budget, json.dumps(review.to_json(exact=True), separators=(",", ":")),
                 match_id, number))
            return cursor.rowcount > 0

    def kept_review(self, match_id: int, number: int, seat: int, seed: int, budget: int) -> Reviewed[Any] | None:
        """The review of ``seat`` in deal ``number`` of a match kept with this ``seed`` and ``budget``, or None;
        read as the match's game writes its reviews (its review module's ``Review.from_json``).

        A review made with another seed or effort does not count; one that cannot be read is logged and
        counts as none.
        """
        row = self._select(
            "SELECT a.review, m.game FROM analyses a JOIN deals d ON d.id = a.deal_id JOIN matches m ON m.id = d.match_id"
            " WHERE d.match_id = ? AND d.number = ? AND a.seat = ? AND a.seed = ? AND a.budget = ?",
            (match_id, number, seat, seed, budget), one=True)
        if row is None:
            return None
        try:
            spec = GAMES.get(row[1]) if isinstance(row[1], str) else None
            if spec is None or spec.commands is None:
                raise Unreadable(f"its match's game {row[1]!r} is not one this version reviews")
            review: Reviewed[Any] = spec.commands.review().Review.from_json(json.loads(_string(row[0], "the review")))
        except (ValueError, TypeError) as problem:  # json's errors are ValueErrors, and so is Unreadable
            _log.warning("The kept review of seat %d in deal %d of match %d can't be read (%s); it is made again",
                         seat, number, match_id, problem)
            return None
        if review.seat != seat:
            _log.warning("The kept review of seat %d in deal %d of match %d names seat %d; it is made again",
                         seat, number, match_id, review.seat)
            return None
        return review

    # ------------------------------------------------------------------ practice

    def person_seat(self, match_id: int) -> int | None:
        """The seat the person sat in at match ``match_id``; None without a person, or when it cannot be read."""
        row = self._select("SELECT seats, players, person FROM matches WHERE id = ? AND damaged IS NULL",
                           (match_id,), one=True)
        if row is None:
            return None
        try:
            names = _json(row[1], "the players")
        except Unreadable:
            return None
        if row[2] != 1 or not isinstance(names, list) or "you" not in names:
            return None
        return names.index("you")

    def keep_practice(self, positions: Sequence[Position]) -> int:
        """Keep the practice positions not kept before (one of the same key is left as it is, solved or not);
        returns how many are new."""
        added = 0
        with self._transaction() as db:
            for position in positions:
                cursor = db.execute("INSERT OR IGNORE INTO practice (key, made, position) VALUES (?, ?, ?)",
                                    (position.key, _now(),
                                     json.dumps(position.to_json(), separators=(",", ":"))))
                added += cursor.rowcount
        return added

    def practice_positions(self) -> PracticeRead:
        """The positions not yet solved, those never tried first (oldest first), then those failed longest
        ago. A kept position that cannot be read is logged, left out and left as it is, with one line saying why."""
        found: list[KeptPosition] = []
        problems: list[str] = []
        for row_id, text, failed in self._select(
                "SELECT id, position, failed FROM practice WHERE solved = 0"
                " ORDER BY tried IS NOT NULL, tried, id"):
            try:
                position = position_from_json(_json(text, "the position"))
                found.append(KeptPosition(row_id, position, _whole(failed, "the count of failed answers")))
            except (ValueError, RecursionError) as problem:  # Unreadable is a ValueError too
                line = f"practice position {row_id} cannot be read: {str(problem).splitlines()[0]}"
                _log.warning("%s", line)
                problems.append(line)
        return PracticeRead(tuple(found), tuple(problems))

    def practice_answered(self, row_id: int, solved: bool) -> None:
        """Count an answer to the kept position ``row_id``: solved (it is not offered again) or failed (it
        comes back after the others)."""
        column = "solved" if solved else "failed"
        with self._transaction() as db:
            db.execute(f"UPDATE practice SET {column} = {column} + 1, tried = ? WHERE id = ?"
                       f" AND typeof({column}) = 'integer'",
                       (datetime.now().isoformat(timespec="microseconds"), row_id))

    def practice_counts(self) -> PracticeCounts:
        """How practising went: positions solved, answers failed, positions waiting (counts that are not
        whole numbers count for nothing)."""
        solved, failed, waiting = self._select(
            "SELECT COALESCE(SUM(typeof(solved) = 'integer' AND solved > 0), 0),"
            " COALESCE(SUM(CASE WHEN typeof(failed) = 'integer' AND failed > 0 THEN failed ELSE 0 END), 0),"
            " COALESCE(SUM(solved = 0), 0) FROM practice", one=True)
        return PracticeCounts(int(solved), int(failed), int(waiting))

    def statistics(self) -> Statistics:
        """The person's figures: over all, per strength, seat count and rules, and the last deals' margins."""
        stats = Statistics()
        groups: dict[tuple[str, int, str, str], Figures] = {}
        axes: tuple[dict[Any, Figures], ...] = ({}, {}, {}, {})  # strength, seats, rules, game
        ended = []
        # each read checks what it reads: here the table's kind, the result and the person's total, which
        # SQLite takes from the totals when they are a JSON list of a total per seat (far faster than reading them)
        query = ("SELECT id, started, seats, opponents, strength, preset, state, outcome, totals, {you}, game FROM matches"
                 " WHERE person = 1 AND state != 'playing' AND practice = 0 AND damaged IS NULL AND uncounted IS NULL"
                 " AND network IS NULL ORDER BY id")
        try:
            rows = self._select(query.format(you=_PERSON_TOTAL))
            checked = True
        except sqlite3.OperationalError as problem:  # an SQLite without its JSON functions: read them here
            if "json" not in str(problem).lower():
                raise
            rows, checked = self._select(query.format(you="NULL")), False
        for match_id, started, seats, opponents, strength, preset, state, outcome, totals, you, game in rows:
            try:
                _string(strength, "the strength")
                key = (_string(opponents, "the computers' strengths"), _whole(seats, "the seat count", 1),
                       _string(preset, "the preset"), _string(game, "the game"))
                if state not in ("finished", "abandoned") or outcome not in (None, "won", "shared", "lost"):
                    raise Unreadable("its state is not one this version writes")
                if not checked:
                    you = _numbers(_json(totals, "the totals"), "the totals", key[1])[0]
                elif not isinstance(you, (int, float)) or isinstance(you, bool) or not math.isfinite(you):
                    raise Unreadable(f"the totals are not {key[1]} numbers")
                ended.append((match_id, key, state, outcome, you))
            except Unreadable as problem:
                self._damaged(match_id, started, str(problem))
        for match_id, started in self._select(
                "SELECT id, started FROM matches WHERE damaged IS NULL AND id IN (SELECT match_id FROM deals"
                " WHERE margin IS NOT NULL AND typeof(margin) NOT IN ('integer', 'real'))"):
            self._damaged(match_id, started, "a deal's margin is not a number")
        for match_id, key, state, outcome, you in ended:
            if match_id in self._found:
                continue
            kinds = [groups.get(key) or groups.setdefault(key, Figures())]
            kinds += [axis.get(part) or axis.setdefault(part, Figures()) for axis, part in zip(axes, key)]
            for figures in (stats.overall, *kinds):
                figures.matches += 1
                if state == "abandoned":
                    figures.abandoned += 1
                    figures.streak = 0
                    continue
                if outcome == "won":
                    figures.won += 1
                    figures.streak += 1
                    figures.longest_streak = max(figures.longest_streak, figures.streak)
                else:
                    figures.streak = 0
                    if outcome == "shared":
                        figures.shared += 1
                    else:
                        figures.lost += 1
                figures.best_match = you if figures.best_match is None else max(figures.best_match, you)
        total, top = 0.0, None
        raw: dict[tuple[str, int, str, str], tuple[int, float, float]] = {}
        # the deals of sound matches only: kept numbers, under a table named by a text, a whole number and a text
        sound = ("m.person = 1 AND m.practice = 0 AND m.damaged IS NULL AND m.uncounted IS NULL AND m.network IS NULL"
                 " AND typeof(d.margin) IN ('integer', 'real')"
                 " AND typeof(m.opponents) = 'text' AND typeof(m.seats) = 'integer' AND typeof(m.preset) = 'text'"
                 " AND typeof(m.game) = 'text'"
                 f" AND m.id NOT IN ({', '.join(str(int(i)) for i in self._found)})")
        for strength, seats, preset, game, count, mean, best in self._select(
                "SELECT m.opponents, m.seats, m.preset, m.game, COUNT(d.id), AVG(d.margin), MAX(d.margin)"
                f" FROM deals d JOIN matches m ON m.id = d.match_id WHERE {sound}"
                " GROUP BY m.opponents, m.seats, m.preset, m.game"):
            figures = groups.setdefault((strength, seats, preset, game), Figures())
            figures.deals, figures.mean_margin, figures.best_deal = count, round(mean, 1), as_number(best)
            raw[(strength, seats, preset, game)] = (count, mean, best)
            total += mean * count
            top = best if top is None else max(top, best)
        for at, axis in enumerate(axes):  # each axis's deals from those of its tables
            sums: dict[Any, tuple[int, float, float]] = {}
            for key, (count, mean, best) in raw.items():
                was = sums.get(key[at], (0, 0.0, best))
                sums[key[at]] = (was[0] + count, was[1] + mean * count, max(was[2], best))
            for part, (count, total_margin, best) in sums.items():
                figures = axis.setdefault(part, Figures())
                figures.deals, figures.mean_margin, figures.best_deal = (count, round(total_margin / count, 1),
                                                                          as_number(best))
        overall = stats.overall
        overall.deals = sum(f.deals for f in groups.values())
        if overall.deals and top is not None:
            overall.mean_margin, overall.best_deal = round(total / overall.deals, 1), as_number(top)
        stats.by = sorted(groups.items(), key=lambda item: (-item[1].matches, item[0]))
        stats.by_strength, stats.by_seats, stats.by_rules, stats.by_game = (
            sorted(axis.items(), key=lambda item: (-item[1].matches, item[0])) for axis in axes)
        stats.recent = [as_number(m) for (m,) in self._db.execute(
            f"SELECT d.margin FROM deals d JOIN matches m ON m.id = d.match_id WHERE {sound}"
            " ORDER BY d.id DESC LIMIT ?", (CHART_DEALS,))][::-1]
        stats.practice = self._db.execute(
            "SELECT COUNT(*) FROM matches WHERE person = 1 AND state != 'playing' AND practice = 1"
            " AND damaged IS NULL AND uncounted IS NULL AND network IS NULL").fetchone()[0]
        stats.network = self._db.execute(
            "SELECT COUNT(*) FROM matches WHERE network IS NOT NULL AND damaged IS NULL").fetchone()[0]
        stats.positions = self.practice_counts()
        return stats

    def reset(self) -> Path:
        """Start the statistics again: every ended match leaves the figures but stays in History with its deals
        and reviews, and :meth:`undo_reset` can count them again. The database is copied to a dated backup
        first; returns the backup."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        backup = self.path.with_name(f"{self.path.name}.backup-{stamp}")
        counter = 1
        while backup.exists():
            counter += 1
            backup = self.path.with_name(f"{self.path.name}.backup-{stamp}-{counter}")
        target = sqlite3.connect(backup)
        try:
            self._db.backup(target)
        finally:
            target.close()
        with self._transaction() as db:
            db.execute("UPDATE matches SET uncounted = ? WHERE state != 'playing' AND uncounted IS NULL",
                       (datetime.now().isoformat(timespec="microseconds"),))
        return backup

    def last_reset(self) -> str | None:
        """When the statistics were last reset (as ISO text), while that reset can be undone; None otherwise."""
        value = self._select("SELECT MAX(uncounted) FROM matches", one=True)[0]
        return value if isinstance(value, str) else None

    def undo_reset(self) -> int:
        """Count again the matches the last reset left out of the statistics; returns how many."""
        with self._transaction() as db:
            cursor = db.execute("UPDATE matches SET uncounted = NULL"
                                " WHERE uncounted = (SELECT MAX(uncounted) FROM matches)")
            return cursor.rowcount


def _practice(progress: dict[str, Any]) -> int:
    """1 when a kept position says a turn was taken back, else 0."""
    return 1 if progress.get("practice") is True else 0


def _setup(row: Sequence[Any], game: Any = "ten", network: Any = None, names: Any = None) -> MatchSetup:
    """A match's setup from its row, its game and (at a network table) the table's id and the seats' names,
    checked: ``Unreadable`` says what is not as this version writes it."""
    seats, strength, players, person, rules, preset, length, total_deals, seed = row
    seats = _whole(seats, "the seat count", 1)
    players_named = _json(players, "the players")
    if not (isinstance(players_named, list) and len(players_named) == seats
            and all(isinstance(n, str) for n in players_named)):
        raise Unreadable(f"the players are not {seats} names")
    if person not in (0, 1):
        raise Unreadable("the person's mark is not 0 or 1")
    rule_value = _json(rules, "the rules")
    if not isinstance(rule_value, (str, dict)):
        raise Unreadable("the rules are neither a preset's name nor an object")
    length_value = _json(length, "the match length")
    if not isinstance(length_value, dict):
        raise Unreadable("the match length is not a JSON object")
    table = None if network is None else _string(network, "the network table")
    seat_names = None
    if table is not None:
        listed = _json(names, "the seats' names")
        if not (isinstance(listed, list) and len(listed) == seats and all(isinstance(n, str) for n in listed)):
            raise Unreadable(f"the seats' names are not {seats} names")
        seat_names = tuple(listed)
    return MatchSetup(seats, _string(strength, "the strength"), tuple(players_named), bool(person), rule_value,
                      _string(preset, "the preset"), length_value, _whole(total_deals, "the length", 1),
                      _string(seed, "the seed"), _string(game, "the game"), table, seat_names)


_PERSON_TOTAL: Final[str] = (
    "CASE WHEN json_valid(totals) THEN CASE WHEN json_type(totals) = 'array' AND json_array_length(totals) = seats"
    " THEN json_extract(totals, '$[0]') END END")  # nested: only valid JSON reaches json_type
"""SQL for the first seat's total when the totals are a JSON list of one per seat (else NULL)."""

_SOUND_RECORD: Final[str] = "json_valid(record) AND substr(record, 1, 1) = '{'"
"""SQL true when a deal's record text is a JSON object (as every save writes it: no space before it)."""


def _deal(number: Any, played: Any, margins: Any, record: Any, seats: int, sound: Any = None) -> KeptDeal:
    """A kept deal from its row, checked, its record as a record is (a JSON object): by SQLite when it
    has said (``sound``), else read here."""
    number = _whole(number, "a deal's number", 1)
    what = f"deal {number}"
    text = _string(record, f"the record of {what}")
    data = None
    if sound is None:
        data = _json(text, f"the record of {what}")
        if not isinstance(data, dict):
            raise Unreadable(f"the record of {what} is not a JSON object")
    elif not sound:
        raise Unreadable(f"the record of {what} is not a JSON object")
    kept = KeptDeal(number, _string(played, f"when {what} was played"),
                    _numbers(_json(margins, f"the margins of {what}"), f"the margins of {what}", seats), text)
    if data is not None:
        kept.__dict__["record"] = data  # read once here: the cached value of KeptDeal.record
    return kept


@dataclass
class Opened:
    """What :func:`open_store` found: the store (None when nothing can be kept), the lock and notices for the person."""

    store: MatchStore | None
    lock: FileLock | None = None
    notices: list[str] = field(default_factory=list)
    elsewhere: bool = False
    """True when another window holds the kept matches: this one reads them but plays unsaved."""

    def close(self) -> None:
        """Close the database and let another window keep matches."""
        if self.store is not None:
            self.store.close()
        if self.lock is not None:
            self.lock.release()


def _move_damaged(path: Path) -> Path:
    """Keep a damaged database (and its log files) aside under a dated name; returns the new name."""
    kept = move_aside(path)
    for suffix in ("-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            try:
                os.replace(extra, kept.with_name(kept.name + suffix))
            except OSError as problem:
                _log.warning("Could not keep %s aside: %s", extra, problem)
    return kept


def open_store(folder: Path, lock: bool = True) -> Opened:
    """Open the kept matches in ``folder`` as well as can be, with any notice the person needs once.

    A damaged database is moved aside and a fresh one begun; a folder that
    cannot be written gives no store. With ``lock``, the window's lock is taken;
    when another window holds it, the store is open for reading only
    (``elsewhere``).
    """
    path = Path(folder) / DB_NAME
    opened = Opened(None)
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        if lock:
            opened.lock = try_lock(Path(folder) / LOCK_NAME)
            opened.elsewhere = opened.lock is None
    except OSError as problem:
        _log.warning("Cannot use the data folder %s: %s", folder, problem)
        opened.notices.append(f"Matches can't be kept: the folder {folder} can't be written. "
                              "You can play; nothing will be kept this time.")
        return opened
    for attempt in (1, 2):
        try:
            store = MatchStore(path)
            try:
                if not store.check():
                    raise sqlite3.DatabaseError("the database failed its check")
                store.probe()
            except UnicodeDecodeError as problem:
                store.close()
                raise sqlite3.DatabaseError(f"the file's schema is damaged ({problem})") from None
            except BaseException:
                store.close()
                raise
            opened.store = store
            if opened.elsewhere:
                opened.notices.append("Your matches are kept by another window of the game that is open; "
                                      "this one plays without keeping anything.")
            return opened
        except StoreError as problem:
            opened.notices.append(f"Matches can't be kept: {problem}.")
            return opened
        except sqlite3.DatabaseError as problem:
            if isinstance(problem, sqlite3.OperationalError) and not _is_damage(problem):
                _log.warning("Cannot open %s: %s", path, problem)
                opened.notices.append(f"Matches can't be kept: {path} can't be written ({problem}). "
                                      "You can play; nothing will be kept this time.")
                opened.close()
                opened.lock = None
                return opened
            if attempt == 2:
                break
            _log.warning("The kept matches in %s are damaged: %s", path, problem)
            try:
                kept = _move_damaged(path)
            except OSError as move_problem:
                _log.warning("Could not move %s aside: %s", path, move_problem)
                break
            opened.notices.append(f"The kept matches were damaged; the file was kept aside as {kept.name} "
                                  "and a new one begun.")
    opened.notices.append("Matches can't be kept this time: the database can't be opened.")
    return opened


def _is_damage(problem: sqlite3.Error) -> bool:
    """True when SQLite's complaint means the file's content is damaged, not that it can't be reached."""
    text = str(problem).lower()
    return "malformed" in text or "not a database" in text or "corrupt" in text
