"""Choosing Expert's model: candidate players against Normal on the same duplicate deals.

Every candidate plays one seat against Normal in every other, on the same shuffles (the
same seed), with its effort fixed in simulated turns rather than by the clock, so a run
gives the same figures on any machine however busy it is. Each line gives the
candidate's mean deal result with its 95% interval and, paired shuffle by shuffle, its
difference from the first candidate (the luck of the deal cancels twice over).

    python benchmarks/expert_tuning.py --seats 2 --sets 200 --think-ms 30 hard expert seeing
    python benchmarks/expert_tuning.py --sets 100 hard expert:avoid=0.02,discards=0 expert:other=0.08

A candidate is ``hard``, ``expert`` (with ``:key=value,...`` overrides of ``avoid``,
``discards``, ``noise``, ``other``, ``exact``, ``pool``, ``slip``) or ``seeing`` (Hard told the other hands; see
:mod:`seeing`) or ``ismcts`` (one information-set tree; ``opponents=tree|model``, ``explore``; see
:mod:`ismcts`); any of them takes ``ms=N``, its own effort instead of ``--think-ms``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from chinese_ten.engine.simulate import mean_and_interval, simulate
from chinese_ten.games.ten import SPEC as TEN
from chinese_ten.games.ten.players.expert import ExpertPlayer
from chinese_ten.games.ten.players.hard import HardPlayer
from chinese_ten.games.ten.rules import PRESETS, RuleSet

from ismcts import IsmctsPlayer
from seeing import SeeingPlayer, Table, seeing_game


def candidate(text: str, think_ms: int, table: Table) -> Callable[[], Any]:
    """The constructor of the candidate player ``text`` names."""
    name, _, spec = text.partition(":")
    keys = {"avoid": "avoid_weight", "discards": "discards", "noise": "noise", "other": "other_noise",
            "exact": "exact_at", "pool": "pool", "slip": "slip", "tries": "tries"}
    kwargs: dict[str, Any] = {}
    tree: dict[str, Any] = {}
    for item in filter(None, spec.split(",")):
        key, _, value = item.partition("=")
        if key == "ms":
            think_ms = int(value)
        elif name == "ismcts" and key in ("opponents", "explore"):
            tree[key] = value if key == "opponents" else float(value)
        elif name == "expert" and key in keys:
            kwargs[keys[key]] = bool(int(value)) if key == "discards" else int(value) if key in ("exact", "pool", "tries") else float(value)
        else:
            raise SystemExit(f"unknown setting {key!r} in {text!r}")
    if name == "hard":
        return lambda: HardPlayer(think_ms)
    if name == "seeing":
        return lambda: SeeingPlayer(table, think_ms)
    if name == "ismcts":
        return lambda: IsmctsPlayer(think_ms, **tree)
    if name != "expert":
        raise SystemExit(f"unknown candidate {text!r}")
    return lambda: ExpertPlayer(think_ms, **kwargs)


def _line(text: str, per_set: list[float], first: list[float] | None) -> str:
    """One candidate's mean with its interval and, paired set by set, its difference from ``first``."""
    mean, (lo, hi) = mean_and_interval(per_set)
    line = f"{text:<40}{mean:+8.2f} [{lo:+.2f}, {hi:+.2f}]"
    if first is not None:
        d, (dlo, dhi) = mean_and_interval([a - b for a, b in zip(per_set, first)])
        line += f"   vs first {d:+.2f} [{dlo:+.2f}, {dhi:+.2f}]"
    return line


def main(argv: list[str] | None = None) -> int:
    """Measure every candidate the arguments name and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("candidates", nargs="*")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--sets", type=int, default=100, help="deal sets (each shuffle in every rotation)")
    parser.add_argument("--think-ms", type=int, default=30, help="effort, in Hard's units of simulated turns")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rules", default="classic", choices=list(PRESETS))
    parser.add_argument("--against", default="normal", help="the player in every other seat")
    parser.add_argument("--save", metavar="FILE", help="add every candidate's result per deal set to this JSON file,"
                        " for comparing runs made apart (on the same seats, sets, seed and rules)")
    parser.add_argument("--compare", metavar="FILE", help="print the candidates saved in FILE against its first")
    args = parser.parse_args(argv)
    if args.compare:
        saved = json.loads(Path(args.compare).read_text())
        names = list(saved)
        for name in names:
            print(_line(name, saved[name], None if name == names[0] else saved[names[0]]))
        return 0
    if not args.candidates:
        parser.error("name at least one candidate")
    table = Table()
    rules = RuleSet.of(args.rules)
    print(f"{args.seats} seats, {args.sets} deal sets, seed {args.seed}, effort {args.think_ms} ms, "
          f"rules {args.rules}, against {args.against}", flush=True)
    first: list[float] | None = None
    for text in args.candidates:
        label = f"c{args.candidates.index(text)}"
        game = seeing_game(TEN, table, {label: candidate(text, args.think_ms, table)})
        start = time.perf_counter()
        result = simulate(game, args.seats, args.sets, [label] + [args.against] * (args.seats - 1),
                          seed=args.seed, duplicate=True, rules=rules)
        per_set = result.shuffle_means[label]
        line = _line(text, per_set, first)
        if first is None:
            first = per_set
        if args.save:
            path = Path(args.save)
            saved = json.loads(path.read_text()) if path.exists() else {}
            saved[text] = per_set
            path.write_text(json.dumps(saved))
        ms = next((v for k, v in result.ms_per_decision.items() if k != args.against), 0.0)
        print(f"{line}   {ms:.1f} ms/decision, {time.perf_counter() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
