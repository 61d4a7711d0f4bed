"""The golden reviews: everything a review says of fixed deals of both games, for fixed seeds.

The deals are records ``simulate`` wrote (Chinese Ten under each preset at two to four
seats, Go Fishing at two to eight), kept in ``reviews/records``; for each, the first and the
last seat's review at a small effort is kept in ``reviews/`` as what the ``review`` command prints
(marks, best options, reasons, losses, lines), the exact form a review is kept in, the
words of each decision, option and line, and the evaluation graph's points. The test
``tests/test_golden_reviews.py`` reviews the deals again and asks for the same bytes, so
reshaping the reviews' code can never change what a review says.
``python -m tests.golden.reviews --write`` writes them anew (only when a change of
behaviour is meant).
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent / "reviews"
RECORDS = HERE / "records"

BUDGET: int = 6_000
"""The simulated turns a decision is given: a review's smallest worlds (its ``MIN_WORLDS``) at once."""

SEED_STEP: int = 3
"""Seat ``n`` is reviewed with seed ``SEED_STEP * n`` (seat 0 with the default seed, the others with others)."""

TEN_DEALS: tuple[tuple[str, int, str], ...] = (
    ("classic", 2, "hard,easy"),
    ("classic", 3, "normal,easy,hard"),
    ("classic", 4, "hard,normal,easy,random"),
    ("taiwan", 2, "easy,normal"),
    ("target", 3, "hard,normal,easy"),
    ("red-frog", 4, "easy,normal,hard,normal"),
    ("simplified", 2, "hard,easy"),
    ("play-red", 3, "normal,hard,easy"),
)
"""Each Chinese Ten deal: the preset, the seats and the players (Hard at a small effort)."""

FISHING_SEATS: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8)
"""The seat counts of the Go Fishing deals."""

NAMES: tuple[str, ...] = ("South", "West", "North", "East", "Five", "Six", "Seven", "Eight")
"""What the seats are called in a line's words."""


def _simulate(game: str, rules: str | None, seats: int, players: str, folder: Path) -> str:
    """The first record of a one-deal simulation, as ``simulate`` wrote it."""
    argv = [sys.executable, "-m", "chinese_ten", "simulate", "--game", game, "--seats", str(seats),
            "--players", players, "--deals", "1", "--seed", "7", "--think-ms", "3", "--records", str(folder)]
    if rules is not None:
        argv += ["--rules", rules]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"simulate failed: {proc.stderr.strip()}")
    return sorted(folder.glob("*.json"))[0].read_text(encoding="utf-8")


def make_records() -> dict[str, str]:
    """Every deal reviewed, by file name."""
    out: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for rules, seats, players in TEN_DEALS:
            name = f"ten-{rules}-{seats}"
            out[name + ".json"] = _simulate("ten", rules, seats, players, Path(tmp) / name)
        for seats in FISHING_SEATS:
            name = f"fishing-{seats}"
            players = ",".join(("hard", "easy", "normal")[i % 3] for i in range(seats))
            out[name + ".json"] = _simulate("fishing", None, seats, players, Path(tmp) / name)
    return out


def records() -> dict[str, dict[str, Any]]:
    """The kept deals, by name (the file's name without ``.json``)."""
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(RECORDS.glob("*.json"))}


LANGUAGES: tuple[str, ...] = ("en", "zh-Hans")
"""The languages a decision's words are kept in."""


def _words(decision: Any, code: str) -> dict[str, Any]:
    """A decision's reason, options and likely line in the words of language ``code``."""
    from chinese_ten.engine.judging import line_words
    from chinese_ten.i18n import use_language

    use_language(code)
    try:
        return {"reason": decision.reason, "options": [decision.option_words(o) for o in decision.options],
                "chosen": decision.option_words(decision.chosen), "best": decision.option_words(decision.best),
                "line": line_words(decision.line, NAMES)}
    finally:
        use_language("en")


def _said(review: Any, record: dict[str, Any]) -> dict[str, Any]:
    """Everything the review says, in JSON."""
    from chinese_ten.ui.widgets.evaluation_graph import graph_points

    module = type(review).__module__
    again = importlib.import_module(module).Review
    exact = review.to_json(exact=True)
    printed = review.to_json()
    return {
        "printed": printed,
        "exact": exact,
        "exact_reads_back_equal": again.from_json(json.loads(json.dumps(exact))) == review,
        "printed_read_back": again.from_json(json.loads(json.dumps(printed))).to_json(exact=True),
        "text": review.describe(),
        "worst": [d.turn for d in review.worst()],
        "decisions": [{
            "describe": d.describe(),
            "uncertain": d.uncertain,
            "loss_stderr": d.loss_stderr,
            "spread": d.spread,
            **{f"{key}-{code}": words for code in LANGUAGES for key, words in _words(d, code).items()},
        } for d in review.decisions],
        "graph": [[p.turn, p.value, p.label] for p in graph_points(review.decisions, None, len(record["turns"]))],
    }


def reviewed_seats(record: dict[str, Any]) -> tuple[int, ...]:
    """The seats of a deal whose reviews are kept: the first and the last."""
    return (0, len(record["hands"]) - 1)


def reviewed(name: str, record: dict[str, Any]) -> dict[str, str]:
    """The first and the last seat's reviews of one deal, by file name."""
    game = "fishing" if name.startswith("fishing") else "ten"
    module = importlib.import_module(f"chinese_ten.games.{game}.review")
    out: dict[str, str] = {}
    for seat in reviewed_seats(record):
        seed = SEED_STEP * seat
        review = module.review_record(record, seat, seed=seed, budget=BUDGET)
        said = {"count": module.count_decisions(record, seat), **_said(review, record)}
        out[f"{name}-seat{seat}-seed{seed}.json"] = json.dumps(said, sort_keys=True, indent=1,
                                                               ensure_ascii=False) + "\n"
    return out


def everything() -> dict[str, str]:
    """Every golden review, by file name."""
    out: dict[str, str] = {}
    for name, record in records().items():
        out.update(reviewed(name, record))
    return out


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.golden.reviews --write")
    RECORDS.mkdir(parents=True, exist_ok=True)
    for old in [*RECORDS.glob("*.json"), *HERE.glob("*.json")]:
        old.unlink()
    for file, text in make_records().items():
        (RECORDS / file).write_text(text, encoding="utf-8")
    for file, text in everything().items():
        (HERE / file).write_text(text, encoding="utf-8")
    print(f"wrote {len(list(RECORDS.glob('*.json')))} deals and {len(list(HERE.glob('*.json')))} reviews")
