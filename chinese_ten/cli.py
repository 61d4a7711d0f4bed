"""The ``chinese-ten`` command: the window when run bare, and the subcommands of INTERFACE.md."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any, NoReturn

from .cards import CardError
from .deal import IllegalMove, Phase
from .players import PLAYERS, make_player
from .records import RecordError, parse_record, position_of, replay
from .rules import PRESETS, RuleSet, RulesError, parse_option

EXIT_USAGE = 2


class UsageError(Exception):
    """A command line or input the command refuses; the message is one sentence."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _player_name(text: str) -> str:
    name = text.strip().lower()
    if name not in PLAYERS:
        raise argparse.ArgumentTypeError(f"unknown player {text!r} (known: {', '.join(PLAYERS)})")
    return name


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, not {value}")
    return value


def _seats(text: str) -> int:
    value = _positive(text)
    if value not in (2, 3, 4):
        raise argparse.ArgumentTypeError(f"a table has 2, 3 or 4 seats, not {value}")
    return value


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser, with every subcommand."""
    parser = _Parser(prog="chinese-ten", description="Chinese Ten, the fishing card game. Run bare to play.")
    parser.add_argument("--settings-dir", help="folder for remembered settings (default: the platform's)")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    p = sub.add_parser("replay", help="replay a deal record and print the position it reaches")
    p.add_argument("file", help="the record (- reads standard input)")
    p.add_argument("--json", action="store_true", help="machine-readable output")

    p = sub.add_parser("advise", help="what a computer player would do at a record's position")
    p.add_argument("file", help="the record (- reads standard input)")
    p.add_argument("--ai", required=True, type=_player_name, help="the player: " + ", ".join(PLAYERS))
    p.add_argument("--seed", type=_int, default=0, help="random seed for the decision")
    p.add_argument("--think-ms", type=_positive, default=None, help="thinking time for players that search")
    p.add_argument("--json", action="store_true", help="machine-readable output")

    p = sub.add_parser("simulate", help="computer players against each other, no window")
    p.add_argument("--seats", type=_seats, default=2)
    p.add_argument("--deals", type=_positive, default=100, help="shuffles to play (each once per rotation with --duplicate)")
    p.add_argument("--players", default="normal", help="one player per seat, comma-separated (one name fills every seat)")
    p.add_argument("--seed", type=_int, default=0)
    p.add_argument("--duplicate", action="store_true", help="play every shuffle once for each rotation of the players")
    p.add_argument("--records", type=Path, default=None, help="write every deal as a record into this folder")
    p.add_argument("--think-ms", type=_positive, default=None, help="thinking time for players that search")
    _add_rules_arguments(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")

    p = sub.add_parser("demo", help="computers play a whole match in the window, then exit")
    p.add_argument("--seats", type=_seats, default=4)
    p.add_argument("--deals", type=_positive, default=None, help="deals in the match (default: one per seat)")
    p.add_argument("--seed", type=_int, default=0)
    p.add_argument("--frame-stats", type=Path, default=None, help="write per-frame timing as JSON here")
    p.add_argument("--screenshot", type=Path, default=None, help="save a PNG of the table at the end of every deal here")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    return parser


def _add_rules_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", default="classic", help="the preset: " + ", ".join(PRESETS))
    p.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                   help="change one option of the preset (repeatable)")


def rules_from_args(preset: str, options: list[str]) -> RuleSet:
    """The rules ``--rules PRESET`` and every ``--rule KEY=VALUE`` name; ``UsageError`` for a bad one."""
    try:
        changed = dict(parse_option(text) for text in options)
        return RuleSet.of(preset.strip().lower(), **changed)
    except RulesError as exc:
        raise UsageError(str(exc)) from None


def _read_record(name: str) -> dict[str, Any]:
    try:
        if name == "-":
            text = sys.stdin.read()
        else:
            text = Path(name).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"no such file: {name}") from None
    except IsADirectoryError:
        raise UsageError(f"{name} is a folder, not a record") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {name}: {getattr(exc, 'strerror', None) or exc}") from None
    return parse_record(text)


def _print(data: Any, as_json: bool, text: str) -> None:
    if as_json:
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(text)


def cmd_replay(args: argparse.Namespace) -> int:
    """Print the position a record reaches."""
    record = _read_record(args.file)
    pos = position_of(replay(record))
    pos["rules"] = record.get("rules", "classic")  # echoed as the record gives it
    _print(pos, args.json, describe_position(pos))
    return 0


def describe_position(pos: dict[str, Any]) -> str:
    """A replayed position in words."""
    rules = pos["rules"] if isinstance(pos["rules"], str) else json.dumps(pos["rules"])
    lines = [f"{pos['seats']} seats, dealer {pos['dealer']}, rules {rules}, "
             f"{len(pos['turns'])} turns played" + (", deal complete" if pos["complete"] else "")]
    if not pos["complete"]:
        lines.append(f"to move: seat {pos['to_move']}")
    lines.append(f"layout: {' '.join(pos['layout']) or '(empty)'}   stock: {pos['stock_left']} cards")
    for s in range(pos["seats"]):
        lines.append(f"seat {s}: hand {' '.join(pos['hands'][s]) or '-'} | pile {len(pos['piles'][s])} cards, "
                     f"{pos['points'][s]} points, margin {pos['margins'][s]:+}")
    return "\n".join(lines)


def cmd_advise(args: argparse.Namespace) -> int:
    """Print a computer player's decision at a record's position."""
    deal = replay(_read_record(args.file))
    if deal.is_over:
        raise UsageError("the deal in the record is over; there is nothing to decide")
    seat = deal.to_move
    assert seat is not None and deal.phase is Phase.PLAY
    player = make_player(args.ai, args.think_ms)
    decision = player.choose_play(deal.view(seat), random.Random(args.seed))
    out = decision.to_json(seat)
    take = f", taking {out['take']}" if out["take"] else ""
    _print(out, args.json, f"seat {seat}: play {out['play']}{take}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play computers against each other and print what was measured."""
    from .simulate import simulate

    names = [_player_name_checked(n) for n in args.players.split(",")]
    rules = rules_from_args(args.rules, args.rule)
    result = simulate(args.seats, args.deals, names, seed=args.seed, duplicate=args.duplicate,
                      records=args.records, think_ms=args.think_ms, rules=rules)
    _print(result.to_json(), args.json, result.to_text())
    return 0


def _player_name_checked(text: str) -> str:
    try:
        return _player_name(text)
    except argparse.ArgumentTypeError as exc:
        raise UsageError(f"argument --players: {exc}") from None


def cmd_demo(args: argparse.Namespace) -> int:
    """Let computers play a whole match in the window."""
    from .ui.app import run_demo

    return run_demo(args)


def cmd_play(args: argparse.Namespace) -> int:
    """Open the window and play."""
    from .ui.app import run_game

    return run_game(args)


COMMANDS = {"replay": cmd_replay, "advise": cmd_advise, "simulate": cmd_simulate, "demo": cmd_demo}


def main(argv: list[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        return _fail(str(exc))
    handler = COMMANDS.get(args.command, cmd_play)
    try:
        return handler(args)
    except UsageError as exc:
        return _fail(str(exc))
    except (RecordError, IllegalMove, CardError) as exc:
        return _fail(str(exc))
    except ValueError as exc:
        if handler in (cmd_play, cmd_demo):
            raise
        return _fail(str(exc))
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


def _fail(message: str) -> int:
    text = " ".join(message.split())
    print(f"chinese-ten: {text}", file=sys.stderr)
    return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
