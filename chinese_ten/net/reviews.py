"""A finished deal's review on request (NETWORK.md, "Watching and sharing a deal"): the review every person gets
in the window, of every seat, computed by the server one at a time beside play and then kept.

``POST /d/TABLE/N/review`` asks for it and ``GET /d/TABLE/N/review.json`` reads it (``?lang=CODE`` for its words,
else the request's ``Accept-Language``). Both answer the same JSON object, whose ``state`` is ``done`` (the review,
kept in the store), ``making`` (being judged now: ``judged`` of ``total`` decisions), ``queued`` (``position`` N
behind the one being made), ``failed`` (``error``: it may be asked again) or, for a deal nobody asked about,
``not-asked``. A deal that is not there is the 404 of its record's address; an address that
has asked for :data:`REVIEWS_PER_HOUR` reviews in the last hour is refused ``429`` with ``Retry-After`` and one
sentence saying when it may ask again.

The review is the window's own (each game's review module, :func:`~chinese_ten.engine.review.judge_moment`): the
:class:`ReviewDesk` walks a deal's decisions, seat by seat, and hands them to the server's thinking pool
(:class:`~chinese_ten.net.thinking.ThinkingQueue`) one at a time, as one more table among the tables, so a
review takes a worker for one decision in each round of the tables' turns and never holds up a move (its
decisions, some times a Hard one's, are left out of the queue's pace). When the queue is full the decision waits
and is offered again. Once every decision is judged the review is kept in its
exact form (:meth:`~chinese_ten.engine.judging.Reviewed.to_json`) and told in the asker's language each time it
is read.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import json
import logging
import math
import re
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from functools import lru_cache
from http import HTTPStatus
from types import ModuleType
from typing import Any

from websockets.datastructures import Headers
from websockets.http11 import Response

from chinese_ten.engine.judging import LABELS
from chinese_ten.engine.review import REVIEW_SEED, judge_moment
from chinese_ten.games import game_named, record_spec
from chinese_ten.i18n import LANGUAGES, N_, _, catalog, language, use_language
from chinese_ten.net.deals import DealFinder, missing_sentence, page_language
from chinese_ten.net.store import StoreUnavailable, TableStore
from chinese_ten.net.thinking import QueueFull, ThinkingQueue
from chinese_ten.web import TYPES

_log = logging.getLogger("chinese_ten.net")

_REVIEW = re.compile(r"/d/([A-Za-z0-9_-]{4,64})/([0-9]{1,7})/review(\.json)?")

REVIEWS_PER_HOUR = 6
"""How many reviews one address may have made in an hour (a review already kept or asked for is not counted)."""

ADDRESSES_KEPT = 4096
"""How many addresses' asks are remembered before those of an hour ago are forgotten."""

TOLD_KEPT = 32
"""How many reviews are kept told (each in one language), so a page followed by many is told once."""

RETRY_S = 0.5
"""How long a decision the thinking queue had no room for waits before it is offered again."""

REVIEW_FORMAT = "chinese-ten/deal-review-v1"
"""The ``format`` a kept review carries."""

TOO_OFTEN = N_("This address has asked for {count} reviews in the last hour: another may be asked for in "
               "{minutes} minutes.")
"""What an address that has asked too often is told."""

FAILED = N_("The review could not be made; it may be asked for again.")
"""What the page is told when a review failed (the log says why)."""

UNAVAILABLE = N_("The server cannot read its deals just now; try again in a moment.")
"""What a review's address says while the store cannot be read."""

NOT_ASKED = N_("Nobody has asked for this deal's review yet.")
"""What reading a review nobody asked for says."""

MARKS = {"best": N_("Best"), "inaccuracy": N_("Inaccuracy"), "mistake": N_("Mistake"), "blunder": N_("Blunder")}
"""Each mark's word, as the window shows it."""


@dataclass(frozen=True)
class ReviewAddress:
    """A review's address taken apart: its deal's table and number, and whether it reads (``.json``) or asks."""

    table: str
    number: int
    reading: bool


def review_address(path: str) -> ReviewAddress | None:
    """The review ``path`` names (``/d/TABLE/N/review`` to ask, ``/d/TABLE/N/review.json`` to read), or None.

    >>> review_address("/d/k3m9x2p7/2/review")
    ReviewAddress(table='k3m9x2p7', number=2, reading=False)
    >>> review_address("/d/k3m9x2p7/2/reviews") is None
    True
    """
    found = _REVIEW.fullmatch(path)
    if found is None:
        return None
    return ReviewAddress(found.group(1), int(found.group(2)), found.group(3) is not None)


@dataclass
class _Work:
    """One deal's review, asked for and not yet kept: its record, its game's review module, the decisions judged
    so far for each seat, and those still to judge."""

    table: str
    number: int
    record: dict[str, Any]
    module: ModuleType
    total: int = 0
    judged: list[list[Any]] = field(default_factory=list)
    moments: Iterator[tuple[int, Any]] | None = None
    pending: Any = None
    """The decision being judged now (seat, moment), or None between two."""
    future: Future[Any] | None = None


def _every_moment(module: ModuleType, record: dict[str, Any], seats: int) -> Iterator[tuple[int, Any]]:
    """Every seat's decisions in the record, seat by seat, each with its seat."""
    for seat in range(seats):
        for moment in module.decision_moments(record, seat):
            yield seat, moment


class ReviewDesk:
    """The server's reviews: those kept (in ``store``), the one being made, and those asked for in their order.

    Every method is called on the server's loop (``call_soon_threadsafe`` and ``call_later`` are its); the pool's
    answers come back to it through ``call_soon_threadsafe``."""

    def __init__(self, store: TableStore, find: DealFinder, pool: Callable[[], ThinkingQueue], loop: Any,
                 budget: int | None = None, per_hour: int = REVIEWS_PER_HOUR,
                 clock: Callable[[], float] = time.monotonic) -> None:
        """A desk keeping reviews in ``store``, finding deals with ``find`` and judging in ``pool()`` (a decision
        spending ``budget`` simulated turns; None: the game's own, as in the window); an address may ask for
        ``per_hour`` reviews an hour, timed by ``clock`` (seconds)."""
        self.store = store
        self.find = find
        self.pool = pool
        self.loop = loop
        self.budget = budget
        self.per_hour = per_hour
        self.clock = clock
        self.queue: deque[_Work] = deque()
        """The reviews asked for and not yet kept, the one being made first."""
        self.failed: set[tuple[str, int]] = set()
        """The deals whose review failed (asking again tries again)."""
        self._asked: dict[str, deque[float]] = {}
        self._retry: Any = None
        self._closed = False

    # ------------------------------------------------------------------ asking and reading

    def ask(self, table: str, number: int, address: str) -> dict[str, Any] | str | float:
        """Ask for deal ``number`` of ``table``'s review on behalf of ``address``: where it stands (the state as
        :meth:`status` gives it), why the deal is not there (its ``Missing`` code), or, for an address that has
        asked too often, the seconds until it may ask again."""
        known = self.status(table, number)
        if known is not None:
            return known
        found = self.find(table, number)
        if isinstance(found, str):
            return found
        wait = self._wait_for(address)
        if wait > 0:
            return wait
        if len(self._asked) >= ADDRESSES_KEPT:  # those whose asks are all an hour old are forgotten
            now = self.clock()
            for gone in [a for a, times in self._asked.items() if not times or now - times[-1] >= 3600.0]:
                del self._asked[gone]
        self._asked.setdefault(address, deque()).append(self.clock())
        self.failed.discard((table, number))
        self.queue.append(_Work(table, number, found, record_spec(found).commands.review()))  # type: ignore[union-attr]
        if len(self.queue) == 1:
            self._begin()
        return self.status(table, number) or {"state": "failed"}

    def status(self, table: str, number: int) -> dict[str, Any] | None:
        """Where deal ``number`` of ``table``'s review stands: ``{"state": "done"}`` once kept, ``making`` (with
        ``judged`` and ``total``), ``queued`` (with its ``position`` behind the one being made), ``failed``; None
        when nobody asked for it."""
        for position, work in enumerate(self.queue):
            if (work.table, work.number) == (table, number):
                if position == 0:
                    return {"state": "making", "judged": sum(map(len, work.judged)), "total": work.total}
                return {"state": "queued", "position": position}
        if (table, number) in self.failed:
            return {"state": "failed"}
        return {"state": "done"} if self.store.review(table, number) is not None else None

    def remembered(self) -> set[str]:
        """The addresses whose asks in the last hour are remembered (some older ones may be too)."""
        return set(self._asked)

    def _wait_for(self, address: str) -> float:
        """Seconds until ``address`` may ask for another review (0: now)."""
        asked = self._asked.get(address)
        now = self.clock()
        while asked and now - asked[0] >= 3600.0:
            asked.popleft()
        if len(asked or ()) < self.per_hour:
            return 0.0
        return 3600.0 - (now - asked[0]) if asked else 3600.0

    # ------------------------------------------------------------------ judging

    def _begin(self) -> None:
        """Start the review at the head of the queue: count its decisions, then judge the first."""
        while self.queue and not self._closed:
            work = self.queue[0]
            try:
                seats = int(work.record["seats"])
                work.total = sum(work.module.count_decisions(work.record, seat) for seat in range(seats))
                work.judged = [[] for _seat in range(seats)]
                work.moments = _every_moment(work.module, work.record, seats)
            except Exception as exc:  # noqa: BLE001 - a record the review refuses fails alone, told to the asker
                self._fail(work, exc)
                continue
            self._next(work)
            return

    def _next(self, work: _Work) -> None:
        """Hand the review's next decision to the pool, or keep the review once every one is judged."""
        if self._closed or not self.queue or self.queue[0] is not work:
            return
        if work.pending is None:
            assert work.moments is not None
            try:
                work.pending = next(work.moments, None)
            except Exception as exc:  # noqa: BLE001 - a record the review refuses fails alone
                self._fail(work, exc)
                self._begin()
                return
            if work.pending is None:
                self._keep(work)
                return
        budget = self.budget if self.budget is not None else int(work.module.REVIEW_TURNS)
        try:
            work.future = self.pool().submit(self, judge_moment, work.pending[1], REVIEW_SEED, budget,
                                             paced=False)
        except QueueFull:  # the tables fill the queue: the review waits its turn
            self._retry = self.loop.call_later(RETRY_S, functools.partial(self._next, work))
            return
        except RuntimeError as exc:  # the pool is shut down: the server is closing
            _log.info("a review stopped: %s", exc)
            return
        work.future.add_done_callback(
            lambda done: self.loop.call_soon_threadsafe(functools.partial(self._answered, work, done)))

    def _answered(self, work: _Work, done: Future[Any]) -> None:
        """A decision is judged (or the pool could not judge it): the next one, or try it again."""
        if self._closed or not self.queue or self.queue[0] is not work:
            return
        work.future = None
        if done.cancelled():
            return
        failure = done.exception()
        if isinstance(failure, QueueFull):  # it waited too long behind the tables: offered again
            self._retry = self.loop.call_later(RETRY_S, functools.partial(self._next, work))
            return
        if failure is not None:
            self._fail(work, failure)
            self._begin()
            return
        seat = work.pending[0]
        work.judged[seat].append(done.result())
        work.pending = None
        self._next(work)

    def _keep(self, work: _Work) -> None:
        """Keep a finished review in the store and start the next."""
        kept = {"format": REVIEW_FORMAT, "game": record_spec(work.record).name,
                "seats": [work.module.Review(seat, tuple(decisions)).to_json(exact=True)
                          for seat, decisions in enumerate(work.judged)]}
        try:
            self.store.save_review(work.table, work.number, kept)
        except StoreUnavailable as exc:
            self._fail(work, exc)
        else:
            self.queue.popleft()
            _log.info("deal %d of table %s reviewed (%d decisions)", work.number, work.table, work.total)
        self._begin()

    def _fail(self, work: _Work, exc: BaseException) -> None:
        """A review that cannot be made: logged, dropped from the queue and told as failed."""
        _log.error("deal %d of table %s could not be reviewed: %s: %s", work.number, work.table,
                   type(exc).__name__, exc)
        if self.queue and self.queue[0] is work:
            self.queue.popleft()
        self.failed.add((work.table, work.number))

    def close(self) -> None:
        """Stop: the review being made is dropped (nothing half made is kept)."""
        self._closed = True
        if self._retry is not None:
            self._retry.cancel()
        for work in self.queue:
            if work.future is not None:
                work.future.cancel()
        self.queue.clear()

    # ------------------------------------------------------------------ answering

    def answer(self, address: ReviewAddress, method: str, client: str, request: Mapping[str, str],
               query: Mapping[str, list[str]]) -> Response:
        """The HTTP answer at a review's address: ``POST`` asks (``202`` while it is made), ``GET`` reads; ``503``
        while the store cannot be read (nothing asked for then)."""
        code = _language(query, request)
        try:
            return self._answer(address, method, client, code)
        except StoreUnavailable as exc:
            _log.warning("a review could not be answered: %s", exc)
            return _json(HTTPStatus.SERVICE_UNAVAILABLE, {"error": catalog(code).gettext(UNAVAILABLE),
                                                          "code": "unavailable"})

    def _answer(self, address: ReviewAddress, method: str, client: str, code: str) -> Response:
        if address.reading != (method in ("GET", "HEAD")):
            response = _json(HTTPStatus.METHOD_NOT_ALLOWED, {"error": "method not allowed"})
            response.headers["Allow"] = "GET, HEAD" if address.reading else "POST"
            return response
        if address.reading:
            found: dict[str, Any] | str | float | None = self.status(address.table, address.number)
            if found is None:
                missing = self.find(address.table, address.number)
                found = missing if isinstance(missing, str) else "not-asked"
        else:
            found = self.ask(address.table, address.number, client)
        if isinstance(found, float):
            minutes = max(1, math.ceil(found / 60))
            words = catalog(code).gettext(TOO_OFTEN).format(count=self.per_hour, minutes=minutes)
            response = _json(HTTPStatus.TOO_MANY_REQUESTS, {"error": words, "code": "too-often"})
            response.headers["Retry-After"] = str(math.ceil(found))
            return response
        if found == "not-asked":
            return _json(HTTPStatus.OK, {"state": "not-asked", "error": catalog(code).gettext(NOT_ASKED)})
        if isinstance(found, str):
            return _json(HTTPStatus.NOT_FOUND, {"error": missing_sentence(found, address.table, address.number, code),
                                                "code": found})
        if found["state"] == "done":
            kept = self.store.review(address.table, address.number)
            assert kept is not None
            record = self.find(address.table, address.number)
            final = record.get("result", {}).get("margins") if isinstance(record, dict) else None
            last = len(record.get("turns", [])) if isinstance(record, dict) else 0
            return _json(HTTPStatus.OK, told(json.dumps(kept), code, json.dumps(final), last))
        if found["state"] == "failed":
            found = {**found, "error": catalog(code).gettext(FAILED)}
        return _json(HTTPStatus.ACCEPTED if not address.reading and found["state"] != "failed" else HTTPStatus.OK,
                     found)


def _language(query: Mapping[str, list[str]], request: Mapping[str, str]) -> str:
    """The language a review is told in: the query's ``lang`` when the game speaks it, else the request's."""
    asked = query.get("lang", [""])[-1]
    return asked if asked in LANGUAGES else page_language(request)


@contextlib.contextmanager
def _speaking(code: str) -> Iterator[None]:
    """Tell texts in language ``code`` for a while (the review's reasons are made in the language in force)."""
    before = language()
    use_language(code, _catalog(code))
    try:
        yield
    finally:
        use_language(before, _catalog(before))


@lru_cache(maxsize=len(LANGUAGES))
def _catalog(code: str) -> gettext.NullTranslations:
    """Language ``code``'s catalog, read once."""
    return catalog(code)


@lru_cache(maxsize=TOLD_KEPT)
def told(kept: str, code: str, margins: str, last: int) -> dict[str, Any]:
    """A kept review (as JSON text) told in language ``code``: each seat's decisions as ``review --json`` prints
    them, each with its mark's word, the chosen and best options in words with their margins, the points lost
    (``loss``) and, for a decision marked worse than best, their ± (``loss_stderr``; ``uncertain`` where the
    review's worlds cannot tell the two options apart), the reason in one sentence; and each seat's evaluation,
    turn by turn (the margin the seat could expect after its decisions in that turn, its worst mark), ending at
    the margin it really got (``margins``, the record's, as JSON) after the deal's ``last`` turn."""
    data = json.loads(kept)
    module = game_named(data["game"]).commands.review()  # type: ignore[union-attr]
    finals = json.loads(margins)
    seats = []
    with _speaking(code):
        for seat_data in data["seats"]:
            review = module.Review.from_json(seat_data)
            printed = review.to_json()
            for decision, judged in zip(printed["decisions"], review.decisions):
                decision["mark"] = _(MARKS[judged.label])
                decision["chosen_words"] = judged.option_words(judged.chosen)
                decision["best_words"] = judged.option_words(judged.best)
                decision["chosen_expected"] = round(judged.chosen.expected, 1)
                decision["best_expected"] = round(judged.best.expected, 1)
                error = judged.loss_stderr
                decision["loss_stderr"] = None if error is None or judged.label == "best" else round(error, 1)
                decision["uncertain"] = judged.uncertain
            printed["evaluation"] = evaluation(review.decisions)
            if isinstance(finals, list) and review.seat < len(finals):
                printed["final"] = finals[review.seat]
            seats.append(printed)
    return {"state": "done", "game": data["game"], "last": last, "seats": seats}


def evaluation(decisions: Any) -> list[dict[str, Any]]:
    """A seat's evaluation turn by turn: for each turn it decided in, the margin it could expect after its last
    decision there (the chosen option's) and the worst mark of its decisions there."""
    turns: dict[int, dict[str, Any]] = {}
    for judged in decisions:
        point = turns.setdefault(judged.turn, {"turn": judged.turn, "label": "best"})
        point["value"] = round(float(judged.chosen.expected), 1)
        point["label"] = max(point["label"], judged.label, key=LABELS.index)
    return list(turns.values())


def _json(status: HTTPStatus, value: dict[str, Any]) -> Response:
    """A JSON answer, asked about again each time (a review under way changes)."""
    headers = Headers([("Content-Type", TYPES[".json"]), ("Cache-Control", "no-store")])
    return Response(status.value, status.phrase, headers, json.dumps(value, ensure_ascii=False).encode("utf-8"))
