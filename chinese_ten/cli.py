"""The ``chinese-ten`` command: the window when run bare, and the subcommands of INTERFACE.md."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from chinese_ten.cards import CardError
from chinese_ten.engine.errors import IllegalMove
from chinese_ten.i18n import LANGUAGES
from chinese_ten.engine.match import MatchLength
from chinese_ten.quote import quote, shorten, show_path
from chinese_ten.engine.records import RecordError, read_record_file, read_record_stream
from chinese_ten.engine.scores import signed as signed_margin
from chinese_ten.engine.game import Commands, GameSpec
from chinese_ten.games import GAMES, any_strengths, check_record_result, game_named, record_spec

if TYPE_CHECKING:
    from chinese_ten.ui.launch import LaunchOptions

EXIT_USAGE = 2
"""Exit status after a refused command line or input."""

EXIT_CRASH = 1
"""Exit status after an unexpected problem (its details go to the log)."""

EXIT_INTERRUPTED = 130
"""Exit status when the command was stopped before it finished."""

MESSAGE_LIMIT = 200
"""The longest message the argument parser may print, in characters."""


class UsageError(Exception):
    """A command line or input the command refuses; the message is one sentence."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, exit status 2, and that takes an option only by its whole
    name (``--deal`` is never read as ``--deals``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """A parser as argparse's, abbreviations refused."""
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        words = " ".join(shorten(word) for word in message.split())
        raise UsageError(shorten(words, MESSAGE_LIMIT))


def _player_name(text: str) -> str:
    name = text.strip().lower()
    if name not in PLAYERS:
        raise argparse.ArgumentTypeError(f"unknown player {quote(text)} (known: {', '.join(PLAYERS)})")
    return name


def _positive(text: str) -> int:
    value = _int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, not {value}")
    return value


def _seats(text: str) -> int:
    value = _positive(text)
    if value not in (2, 3, 4):
        raise argparse.ArgumentTypeError(f"a table has 2, 3 or 4 seats, not {value}")
    return value


def _any_seats(text: str) -> int:
    value = _positive(text)
    if value not in range(2, 9):
        raise argparse.ArgumentTypeError(f"a table has 2 to 8 seats (2, 3 or 4 for Chinese Ten), not {value}")
    return value


PLAYERS: tuple[str, ...] = tuple(dict.fromkeys(name for spec in GAMES.values() for name in spec.players))
"""Every computer player some registered game has, each once (``--ai`` and ``--players`` name them)."""

ALL_PRESETS: tuple[str, ...] = tuple(dict.fromkeys(name for spec in GAMES.values()
                                                  for name in spec.options.preset_names))
"""Every preset some registered game has, each once (``--rules`` names one)."""

SIMULATED_DEALS: int = 100
"""The shuffles ``simulate`` plays when neither ``--deals`` nor ``--deal`` says."""

DEMO_SEATS: int = 4
"""The seats of a demo of a game without house rules that names none (its most, when it deals fewer)."""


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {quote(text)}") from None


def _deal_number(text: str) -> int:
    from chinese_ten.engine.streams import DEAL_NUMBERS

    try:
        number = int(text)
    except ValueError:
        number = -1
    if not 0 <= number < DEAL_NUMBERS:
        raise argparse.ArgumentTypeError(f"a deal number is a whole number from 0 to {DEAL_NUMBERS - 1}, "
                                         f"not {quote(text)}")
    return number


def _add_deal_choice(p: argparse.ArgumentParser, keep_parent: bool = False) -> None:
    """``--deal N``: the first deal of this run's match is deal number N (INTERFACE.md "Deal numbers")."""
    p.add_argument("--deal", type=_deal_number, default=argparse.SUPPRESS if keep_parent else None, metavar="N",
                   help="make the first deal of the match deal number N (0 to 2^53 - 1); the later deals "
                        "follow from the match seed")


def _match_deals(text: str) -> int:
    try:
        return MatchLength.fixed(_int(text)).deals
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _folder(text: str) -> Path:
    if not text:
        raise argparse.ArgumentTypeError("expected a folder, not an empty name")
    return Path(text)


def _file(text: str) -> Path:
    if not text:
        raise argparse.ArgumentTypeError("expected a file name, not an empty one")
    return Path(text)


def _window_size(text: str) -> tuple[int, int]:
    from chinese_ten.settings import SettingError, parse_window_size

    try:
        return parse_window_size(text)
    except SettingError as exc:
        raise argparse.ArgumentTypeError(str(exc).replace("window_size ", "", 1)) from None


def _language(text: str) -> str:
    if text not in LANGUAGES:
        raise argparse.ArgumentTypeError(f"unknown language {text!r}; expected one of {', '.join(LANGUAGES)}")
    return text


LOOK_OPTIONS: tuple[str, ...] = ("window_size", "high_contrast", "four_colour", "language")
"""Settings the look options set for one run, by the name ``Settings`` gives them."""


def _add_look_options(p: argparse.ArgumentParser, keep_parent: bool = False) -> None:
    """``--size``, ``--high-contrast``, ``--four-colour`` and ``--language``: the look for this run only."""
    # a subcommand's options must not overwrite the same options given before its name
    unset = argparse.SUPPRESS if keep_parent else None
    p.add_argument("--size", dest="window_size", type=_window_size, default=unset, metavar="WxH",
                   help="window size for this run, such as 1280x800 (remembered settings stay as they are)")
    p.add_argument("--high-contrast", action="store_const", const=True, default=unset,
                   help="the high-contrast look for this run")
    p.add_argument("--four-colour", action="store_const", const=True, default=unset,
                   help="the four-colour deck for this run")
    p.add_argument("--language", type=_language, default=unset, metavar="CODE",
                   help="the language for this run: " + ", ".join(LANGUAGES))


def _add_rules_choice(p: argparse.ArgumentParser, keep_parent: bool = False) -> None:
    """``--rules PRESET``: the rules of this run's matches (remembered settings stay as they are)."""
    p.add_argument("--rules", choices=ALL_PRESETS, default=argparse.SUPPRESS if keep_parent else None,
                   metavar="PRESET", help="the rules for this run: " + ", ".join(ALL_PRESETS))


def _add_game_choice(p: argparse.ArgumentParser, keep_parent: bool = False) -> None:
    """``--game NAME``: the game of this run's matches (remembered settings stay as they are)."""
    p.add_argument("--game", choices=tuple(GAMES), default=argparse.SUPPRESS if keep_parent else None,
                   help="the game for this run (the first is the default): " + ", ".join(
                       f"{name} ({spec.title}, {_seat_range(spec.seat_counts)} seats)" for name, spec in GAMES.items()))


def look_overrides(args: argparse.Namespace) -> dict[str, object]:
    """The settings the command line sets for this run only (none when no look option was given)."""
    return {key: getattr(args, key) for key in LOOK_OPTIONS if getattr(args, key, None) is not None}


def launch_options(args: argparse.Namespace) -> LaunchOptions:
    """What the window is handed for a run: its folders, this run's look and rules, and for ``demo`` the demo."""
    from chinese_ten.ui.launch import DemoOptions, LaunchOptions

    look = tuple(look_overrides(args).items())
    if getattr(args, "command", None) != "demo":
        return LaunchOptions(settings_dir=getattr(args, "settings_dir", None), data_dir=_named(getattr(args, "data_dir", None)),
                             look=look, rules=getattr(args, "rules", None), game=getattr(args, "game", None),
                             deal=getattr(args, "deal", None))
    spec, rules = _demo_game(args)
    game = spec.name
    seats = args.seats or (max(rules.seat_counts()) if spec.options.presets else min(DEMO_SEATS, max(spec.seat_counts)))
    demo = DemoOptions(seats=seats, deals=args.deals, seed=args.seed,
                       screenshot=getattr(args, "screenshot", None), strength=getattr(args, "strength", "normal"),
                       rules=rules, game=game, deal=getattr(args, "deal", None))
    preset = spec.options.chosen(rules.to_json())[0] if spec.options.presets else None
    return LaunchOptions(data_dir=_named(getattr(args, "data_dir", None)), look=look, rules=preset, demo=demo,
                         frame_stats=getattr(args, "frame_stats", None), json=getattr(args, "json", False))


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser, with every subcommand."""
    parser = _Parser(prog="chinese-ten", description="Chinese Ten, the fishing card game. Run bare to play.")
    parser.add_argument("--settings-dir", help="folder for remembered settings (default: the platform's)")
    parser.add_argument("--data-dir", type=_folder,
                        help="folder for kept matches and statistics (default: the platform's)")
    _add_look_options(parser)
    _add_rules_choice(parser)
    _add_game_choice(parser)
    _add_deal_choice(parser)
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

    p = sub.add_parser("review", help="judge every decision a seat made in a deal record")
    p.add_argument("file", help="the record (- reads standard input)")
    p.add_argument("--seat", required=True, type=_int, help="the seat whose decisions are judged")
    p.add_argument("--seed", type=_int, default=0, help="random seed of the evaluation")
    p.add_argument("--json", action="store_true", help="machine-readable output")

    p = sub.add_parser("simulate", help="computer players against each other, no window")
    p.add_argument("--game", choices=tuple(GAMES), default=next(iter(GAMES)),
                   help="the game: " + ", ".join(f"{name} ({spec.title}, {_counts_text(spec.seat_counts)} seats)"
                                                 for name, spec in GAMES.items()))
    p.add_argument("--seats", type=_any_seats, default=2)
    p.add_argument("--deals", type=_positive, default=None,
                   help="shuffles to play (each once per rotation with --duplicate; default: 100, or 1 with --deal)")
    p.add_argument("--deal", type=_deal_number, default=argparse.SUPPRESS, metavar="N",
                   help="make the first shuffle deal number N (0 to 2^53 - 1); the later ones follow from --seed")
    p.add_argument("--players", default="normal", help="one player per seat, comma-separated (one name fills every seat)")
    p.add_argument("--seed", type=_int, default=0)
    p.add_argument("--duplicate", action="store_true", help="play every shuffle once for each rotation of the players")
    p.add_argument("--records", type=_folder, default=None, help="write every deal as a record into this folder")
    p.add_argument("--think-ms", type=_positive, default=None, help="thinking time for players that search")
    _add_rules_arguments(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")

    p = sub.add_parser("demo", help="computers play a whole match in the window, then exit",
                       description="Computers play every seat of a whole match in the window at full speed, "
                                   "then the window closes and the command exits 0. The look options reproduce "
                                   "any look for this run; remembered settings are never read or changed.")
    p.add_argument("--seats", type=_any_seats, default=None,
                   help="seats at the table: " + "; ".join(
                       f"{_seat_range(spec.seat_counts)} for {spec.title}" for spec in GAMES.values())
                   + f" (default: the most the house rules deal for a game with them, else {DEMO_SEATS})")
    p.add_argument("--deals", type=_match_deals, default=None, help="deals in the match, 1 to 1000 (default: one per seat)")
    p.add_argument("--seed", type=_int, default=0, help="random seed of the shuffles and the players (default: 0)")
    p.add_argument("--frame-stats", type=_file, default=None, metavar="FILE",
                   help="write per-frame timing as JSON here")
    p.add_argument("--screenshot", type=_folder, default=None, metavar="DIR",
                   help="save a PNG of the table at the end of every deal here")
    p.add_argument("--strength", choices=any_strengths(), default="normal",
                   help="how the computers play (hard thinks in a worker process)")
    _add_look_options(p, keep_parent=True)
    _add_rules_choice(p, keep_parent=True)
    _add_game_choice(p, keep_parent=True)
    _add_deal_choice(p, keep_parent=True)
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    _add_data_dir(p)

    p = sub.add_parser("history", help="the kept matches, newest first, and the unfinished one")
    p.add_argument("--export", type=_folder, default=None, metavar="DIR",
                   help="write every kept deal as a deal record file into this folder")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    _add_data_dir(p)

    p = sub.add_parser("stats", help="the statistics of the kept matches, as the window shows them")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    _add_data_dir(p)
    _add_network_commands(sub)
    return parser


def _named(folder: object) -> str | None:
    """A folder argument as the name the window is handed (None when not given)."""
    return None if folder is None else str(folder)


def _add_data_dir(p: argparse.ArgumentParser) -> None:
    """``--data-dir`` after a subcommand's name too, without overwriting one given before it."""
    p.add_argument("--data-dir", type=_folder, default=argparse.SUPPRESS, help="folder for kept matches and statistics")


def _check_folders(args: argparse.Namespace, keeps: bool) -> None:
    """Refuse an empty folder name (given, or in the environment) before anything opens: the log's
    and the settings' always, the kept matches' for the commands that keep (``keeps``)."""
    from chinese_ten.logs import log_dir
    from chinese_ten.settings import settings_dir

    try:
        log_dir()
        settings_dir(getattr(args, "settings_dir", None))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if keeps:
        data_folder(args)


def data_folder(args: argparse.Namespace) -> Path:
    """The folder of kept matches the command line (or ``CHINESE_TEN_DATA_DIR``) names; an empty name is refused."""
    from chinese_ten.matchstore import data_dir

    try:
        return data_dir(getattr(args, "data_dir", None))
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _open_kept(args: argparse.Namespace) -> Any:
    """The kept matches for reading; a folder with none, or a file that cannot be read, is refused in one line."""
    import logging

    from chinese_ten.matchstore import DB_NAME, MatchStore

    # a damaged match is listed in the output itself: its warning is for the window's log, not the terminal
    logging.getLogger("chinese_ten.matchstore").addHandler(logging.NullHandler())
    folder = data_folder(args)
    path = folder / DB_NAME
    if not path.is_file():
        raise UsageError(f"no matches are kept in {show_path(folder)} yet")
    try:
        store = MatchStore(path)
    except (sqlite3.Error, OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"the kept matches in {show_path(path)} cannot be read: {exc}") from None
    try:
        store.probe()
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        store.close()
        raise UsageError(f"the kept matches in {show_path(path)} cannot be read: {exc}") from None
    return store


@contextlib.contextmanager
def _reading(store: Any) -> Any:
    """Read the kept matches; a file damaged past reading is refused in one line (and the store closed)."""
    try:
        yield store
    except (sqlite3.Error, UnicodeDecodeError) as exc:  # the last: SQLite quoting a damaged schema's bytes
        raise UsageError(f"the kept matches in {show_path(store.path)} cannot be read: {exc}") from None
    finally:
        store.close()


def cmd_history(args: argparse.Namespace) -> int:
    """Print the kept matches, newest first; with ``--export``, write every kept deal as a record."""
    with _reading(_open_kept(args)) as store:
        kept = store.unfinished()
        matches = store.history()
        damaged = store.damaged()
    unfinished = None if kept is None else {
        "game": kept.setup.game, "seats": kept.setup.seats, "rules": kept.setup.rules, "deal": kept.deal, "deals": kept.setup.total_deals,
        "turns": kept.turns, "started": kept.started, "players": list(kept.setup.players),
        "totals": list(kept.totals)}
    written = _export(args.export, matches) if args.export is not None else []
    data: dict[str, Any] = {"unfinished": unfinished, "matches": [m.to_json() for m in matches],
                            "damaged": [d.to_json() for d in damaged]}
    if args.export is not None:
        data["exported"] = [str(p) for p in written]
    lines = []
    if kept is not None:
        lines.append(f"unfinished: {kept.setup.seats} seats, deal {kept.deal} of {kept.setup.total_deals}, "
                     f"{kept.turns} turns played")
    for m in matches:
        state = m.outcome or ("abandoned" if m.state == "abandoned" else m.state)
        if m.practice:
            state += " (practice)"
        totals = " ".join(signed_margin(t) for t in m.totals)
        lines.append(f"{m.started}  {m.setup.game}  {m.setup.seats} seats  {m.setup.preset}  {', '.join(m.setup.players)}  "
                     f"{len(m.deals)} of {m.setup.total_deals} deals  {totals}  {state}")
    for d in damaged:
        lines.append(f"{d.started or '(start unknown)'}  damaged, set aside: {d.reason}")
    if args.export is not None:
        lines.append(f"exported {len(written)} deal record{'' if len(written) == 1 else 's'} "
                     f"into {show_path(args.export)}")
    if not lines:
        lines.append("no matches kept yet")
    _print(data, args.json, "\n".join(lines))
    return 0


def _export(folder: Path, matches: list[Any]) -> list[Path]:
    """Write each kept deal as a record file in ``folder``, whole or not at all, named as the window names
    them; returns the files written."""
    from chinese_ten.games import with_result
    from chinese_ten.storage import atomic_write

    written = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for m in matches:
            for d in m.deals:
                path = folder / m.record_name(d)
                atomic_write(path, (json.dumps(with_result(d.record), indent=1) + "\n").encode("utf-8"))
                written.append(path)
    except OSError as exc:
        done = f" ({len(written)} written before)" if written else ""
        raise UsageError(f"--export: cannot write into {show_path(folder)}: {exc.strerror or exc}{done}") from None
    return written


def cmd_stats(args: argparse.Namespace) -> int:
    """Print the statistics of the kept matches."""
    with _reading(_open_kept(args)) as store:
        store.history()  # read whole first, so that a match History can't read is left out here too
        stats = store.statistics()
        damaged = store.damaged()
    o = stats.overall
    lines = [f"{o.matches} match{'' if o.matches == 1 else 'es'}: {o.won} won, {o.shared} shared, {o.lost} lost, {o.abandoned} abandoned; "
             f"{_figures_text(o)}"]
    if stats.practice:
        lines.append(f"  {stats.practice} practice match{'' if stats.practice == 1 else 'es'} not counted")
    counts = stats.positions
    if counts.solved or counts.failed or counts.waiting:
        lines.append(f"  practice positions: {counts.solved} solved, {counts.failed} failed, {counts.waiting} to solve")
    parts = ([(f"against {k}", f) for k, f in stats.by_strength] + [(f"at {k} seats", f) for k, f in stats.by_seats]
             + [(f"under {k}", f) for k, f in stats.by_rules] + [(f"playing {k}", f) for k, f in stats.by_game]
             + [(f"{game}: {strength}, {seats} seats, {rules}", f) for (strength, seats, rules, game), f in stats.by])
    for name, f in parts:
        lines.append(f"  {name}: {f.matches} match{'' if f.matches == 1 else 'es'}, {f.won} won; {_figures_text(f)}")
    if damaged:
        lines.append(f"  {len(damaged)} damaged match{'' if len(damaged) == 1 else 'es'} set aside and not counted "
                     "(see history)")
    _print({**stats.to_json(), "damaged": len(damaged)}, args.json, "\n".join(lines))
    return 0


def _figures_text(f: Any) -> str:
    """The figures ``stats --json`` gives beyond the counts, in words: win %, deals, margins, streaks."""
    def shown(value: float | None, signed: bool = False) -> str:
        return "-" if value is None else signed_margin(value) if signed else f"{value:g}"

    return (f"win {shown(f.win_percent)}%; {f.deals} deal{'' if f.deals == 1 else 's'}, "
            f"mean margin {shown(f.mean_margin, True)}, best deal {shown(f.best_deal, True)}, "
            f"best match {shown(f.best_match, True)}; streak {f.streak} (longest {f.longest_streak})")


def _add_rules_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", default=None, help="the preset (default: the game's first): " + ", ".join(ALL_PRESETS))
    p.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                   help="change one option of the preset (repeatable)")


def rules_from_args(spec: GameSpec, preset: str | None, options: list[str]) -> Any:
    """The rules of game ``spec`` that ``--rules PRESET`` and every ``--rule KEY=VALUE`` name; ``UsageError`` for
    a bad one."""
    if not spec.options.presets and (preset is not None or options):
        raise UsageError(f"--rules and --rule choose a game's house rules; {spec.title} has none")
    try:
        return spec.rules_named(None if preset is None else preset.strip().lower(), options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _read_record(name: str) -> dict[str, Any]:
    if name != "-":
        return read_record_file(name)
    if sys.stdin is None or sys.stdin.closed:
        raise UsageError("there is no standard input to read the record from")
    return read_record_stream(getattr(sys.stdin, "buffer", sys.stdin))


def _print(data: Any, as_json: bool, text: str) -> None:
    _emit((json.dumps(data, ensure_ascii=False) if as_json else text) + "\n")


def _emit(text: str) -> None:
    """Write to standard output at once; a failed write (a full disk, say) is refused in one line."""
    if sys.stdout is None:
        return
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        _quiet_stdout()
        raise UsageError(f"cannot write the output: {exc.strerror or exc}") from None


def cmd_replay(args: argparse.Namespace) -> int:
    """Print the position a record reaches."""
    record = _read_record(args.file)
    check_record_result(record)
    pos = _commands(record).replayed_position(record)
    _print(pos, args.json, describe_position(pos))
    return 0


def _commands(record: dict[str, Any]) -> Commands:
    """What the command line asks of the game a record is of (by its ``format``)."""
    spec = record_spec(record)
    if spec.commands is None:
        raise UsageError(f"{spec.title} records cannot be replayed, advised on or reviewed here")
    return spec.commands


def describe_position(pos: dict[str, Any]) -> str:
    """A replayed position in words (one with house rules names them, another its game)."""
    if "rules" in pos:
        rules = pos["rules"] if isinstance(pos["rules"], str) else json.dumps(pos["rules"])
        head = f"{pos['seats']} seats, dealer {pos['dealer']}, rules {rules}, "
    else:
        head = f"{game_named(pos['game']).title}, {pos['seats']} seats, dealer {pos['dealer']}, "
    lines = [head + f"{len(pos['turns'])} turns played" + (", deal complete" if pos["complete"] else "")]
    if not pos["complete"]:
        lines.append(f"to move: seat {pos['to_move']}")
    lines.append(f"layout: {' '.join(pos['layout']) or '(empty)'}   stock: {pos['stock_left']} cards")
    for s in range(pos["seats"]):
        lines.append(f"seat {s}: hand {' '.join(pos['hands'][s]) or '-'} | pile {len(pos['piles'][s])} cards, "
                     f"{pos['points'][s]} points, margin {signed_margin(pos['margins'][s])}")
    return "\n".join(lines)


def cmd_advise(args: argparse.Namespace) -> int:
    """Print a computer player's decision at a record's position."""
    record = _read_record(args.file)
    advice = _commands(record).advice(record, args.ai, args.think_ms, args.seed)
    if advice is None:
        raise UsageError("the deal in the record is over; there is nothing to decide")
    out, words = advice
    _print(out, args.json, words)
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    """Print the judgement of every decision one seat made in a record."""
    record = _read_record(args.file)
    check_record_result(record)
    result = _commands(record).review().review_record(record, args.seat, seed=args.seed)
    _print(result.to_json(), args.json, result.describe())
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play computers against each other and print what was measured."""
    from chinese_ten.engine.simulate import simulate

    spec = game_named(args.game)
    names = [_player_name_checked(n) for n in args.players.split(",")]
    if args.deals is None:
        args.deals = SIMULATED_DEALS if args.deal is None else 1
    if args.seats not in spec.seat_counts:
        raise UsageError(f"argument --seats: a table of {spec.title} has {_counts_text(spec.seat_counts)} seats, "
                         f"not {args.seats}")
    rules = rules_from_args(spec, args.rules, args.rule)
    result = simulate(spec, args.seats, args.deals, names, seed=args.seed, duplicate=args.duplicate,
                      records=args.records, think_ms=args.think_ms, rules=rules, first_deal=args.deal)
    _print(result.to_json(), args.json, result.to_text())
    return 0


def _player_name_checked(text: str) -> str:
    try:
        return _player_name(text)
    except argparse.ArgumentTypeError as exc:
        raise UsageError(f"argument --players: {exc}") from None


def cmd_demo(args: argparse.Namespace) -> int:
    """Let computers play a whole match in the window."""
    check_demo_paths(args.frame_stats, args.screenshot)
    check_game_choice(args)
    spec, rules = _demo_game(args)
    if args.seats is not None and args.seats not in spec.seat_counts:
        raise UsageError(f"{spec.title} is for {_seat_range(spec.seat_counts)} seats, not {args.seats}")
    if spec.options.presets and args.seats is not None and args.seats not in rules.seat_counts():
        raise UsageError(f"the {spec.options.preset_title(spec.options.chosen(rules.to_json())[0])} rules are for "
                         f"{_counts_text(rules.seat_counts())} seats, not {args.seats}")
    from chinese_ten.ui.app import DemoInterrupted, run_demo

    report = io.StringIO()
    try:
        with contextlib.redirect_stdout(report):
            status = run_demo(launch_options(args))
    except DemoInterrupted as exc:
        return _fail(str(exc), EXIT_INTERRUPTED)
    except OSError as exc:
        if args.frame_stats is None or exc.filename != str(args.frame_stats):
            raise
        raise UsageError(f"cannot write {show_path(args.frame_stats)}: {exc.strerror or exc}") from None
    _emit(report.getvalue())
    return status


def check_demo_paths(frame_stats: Path | None, screenshot: Path | None) -> None:
    """Refuse, before the demo starts, a ``--frame-stats`` file or ``--screenshot`` folder that cannot be written."""
    if frame_stats is not None:
        name = show_path(frame_stats)
        folder = frame_stats.parent
        if frame_stats.is_dir():
            raise UsageError(f"--frame-stats: {name} is a folder; give a file name")
        if not folder.is_dir():
            raise UsageError(f"--frame-stats: the folder {show_path(folder)} does not exist")
        writable = os.access(frame_stats, os.W_OK) if frame_stats.exists() else os.access(folder, os.W_OK)
        if not writable:
            raise UsageError(f"--frame-stats: {name} cannot be written")
    if screenshot is not None:
        from chinese_ten.engine.simulate import make_output_folder

        try:
            make_output_folder(screenshot, "--screenshot")
        except ValueError as problem:
            raise UsageError(str(problem)) from None


def _demo_game(args: argparse.Namespace) -> tuple[GameSpec, Any]:
    """The game a run plays (the first registered unless ``--game`` names one) and its house rules ``--rules``
    names (its default rules when none are named)."""
    spec = game_named(getattr(args, "game", None) or next(iter(GAMES)))
    return spec, spec.rules_named(getattr(args, "rules", None))


def _seat_range(counts: tuple[int, ...]) -> str:
    """Seat counts in words: "2, 3 or 4", or "2 to 8" for a longer unbroken run."""
    if len(counts) > 3 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return _counts_text(counts)


def _counts_text(counts: tuple[int, ...]) -> str:
    """Seat counts in words: "2, 3 or 4", "2 or 3", "4"."""
    words = [str(n) for n in counts]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def check_game_choice(args: argparse.Namespace) -> None:
    """Refuse ``--rules`` with a game that has no house rules."""
    spec = game_named(getattr(args, "game", None) or next(iter(GAMES)))
    if not spec.options.presets and getattr(args, "rules", None):
        raise UsageError(f"--rules chooses a game's house rules; {spec.title} has none")


def cmd_play(args: argparse.Namespace) -> int:
    """Open the window and play."""
    check_game_choice(args)
    from chinese_ten.ui.app import run_game

    return run_game(launch_options(args))


COMMANDS = {"replay": cmd_replay, "advise": cmd_advise, "review": cmd_review, "simulate": cmd_simulate,
            "demo": cmd_demo, "history": cmd_history, "stats": cmd_stats}


# ---------------------------------------------------------------------- the network table (NETWORK.md)

def _add_network_commands(sub: Any) -> None:
    """``serve`` (a table server without a window) and ``join LINK`` (take a seat a link names)."""
    p = sub.add_parser("serve", help="run a table server for games over the network, without a window")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=_port, default=47110, help="the port (default: 47110; 0: any free port)")
    p.add_argument("--public-url", default=None, metavar="URL",
                   help="the base that links are made with, e.g. https://tables.example.org (default: http://ADDR:PORT)")
    p.add_argument("--away-after", type=_seconds, default=60.0, metavar="SECONDS",
                   help="how long a disconnected person's move waits before a computer plays it (default: 60)")
    p.add_argument("--trust-proxy", action="append", default=[], metavar="ADDR",
                   help="a reverse proxy (address or network) whose X-Forwarded-For names the client; repeatable")
    p.add_argument("--shard", default=None, metavar="NAME", help="start every new table's id with NAME-")
    p.add_argument("--store", default=None, metavar="URL",
                   help="keep the tables in the PostgreSQL database postgresql://USER@HOST:PORT/DB "
                        "(default: tables.db in the data folder)")
    p.add_argument("--log-format", choices=("text", "json"), default="text", help="the log's form (default: text)")
    _add_data_dir(p)
    p = sub.add_parser("join", help="take the seat a table link names, in the window")
    p.add_argument("link", help="the link, BASE/t/TABLE#CLAIM or chinese-ten://HOST/t/TABLE#CLAIM (which the bare "
                                "command takes too); a game window already open takes it instead")
    _add_data_dir(p)
    p = sub.add_parser("watch", help="watch the table a watch link names, from no seat, in the window")
    p.add_argument("link", help="the watch link, BASE/w/TABLE, as the table's host hands it out")
    _add_data_dir(p)


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, not {quote(text)}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {quote(text)}") from None
    if not 0 < value <= 86400:
        raise argparse.ArgumentTypeError(f"expected 0 to 86400 seconds, not {text}")
    return value


def cmd_serve(args: argparse.Namespace) -> int:
    """``serve``: the table server, until SIGINT or SIGTERM."""
    from chinese_ten.net.links import LinkError, ws_url
    from chinese_ten.net.proxies import check_shard, trusted_networks

    if args.public_url is not None:
        try:
            ws_url(args.public_url)
        except LinkError as exc:
            raise UsageError(f"--public-url: {exc}") from None
    try:
        trusted_networks(args.trust_proxy)
        if args.shard is not None:
            check_shard(args.shard)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    from chinese_ten.net.server import serve_forever

    return serve_forever(data_folder(args), args.host, args.port, args.public_url, args.away_after,
                         trust_proxy=args.trust_proxy, shard=args.shard, log_format=args.log_format, store=args.store)


def cmd_join(args: argparse.Namespace) -> int:
    """``join LINK`` (and the bare command given a ``chinese-ten://`` link): check the link, then hand it to
    the game window already running with the same data folder, or else open the window at that table's seat."""
    from dataclasses import replace

    from chinese_ten.handoff import hand_over
    from chinese_ten.net.links import parse_link

    text = _link_given(args, parse_link)
    if hand_over(data_folder(args), text):
        return 0
    from chinese_ten.ui.app import run_game

    return run_game(replace(launch_options(args), join=text))


def cmd_watch(args: argparse.Namespace) -> int:
    """``watch LINK``: check the watch link, then open the window watching that table from no seat."""
    from dataclasses import replace

    from chinese_ten.net.links import parse_watch_link
    from chinese_ten.ui.app import run_game

    return run_game(replace(launch_options(args), join=_link_given(args, parse_watch_link)))


def _link_given(args: argparse.Namespace, parse: Callable[[str], object]) -> str:
    """The link on the command line, checked by ``parse`` (a :class:`UsageError` saying what is wrong), with the
    run's game choice checked too."""
    from chinese_ten.net.links import LinkError

    text = str(args.link).strip()
    try:
        parse(text)
    except LinkError as exc:
        raise UsageError(f"{exc}") from None
    check_game_choice(args)
    return text


def link_as_join(argv: list[str]) -> list[str]:
    """The command line with a ``chinese-ten://`` link given instead of a subcommand (as the system starts
    the game for a clicked link) read as ``join LINK``; any other command line as it is."""
    from chinese_ten.net.links import is_app_link

    for i, word in enumerate(argv):
        if word in COMMANDS or word == "--":
            break
        if is_app_link(word):
            return [*argv[:i], "join", word, *argv[i + 1:]]
    return argv


NETWORK_COMMANDS = {"serve": cmd_serve, "join": cmd_join, "watch": cmd_watch}
COMMANDS.update(NETWORK_COMMANDS)


def main(argv: list[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(link_as_join(sys.argv[1:] if argv is None else list(argv)))
    except UsageError as exc:
        return _fail(str(exc))
    handler = COMMANDS.get(args.command, cmd_play)
    try:
        _check_folders(args, handler in (cmd_play, cmd_history, cmd_stats))
        return handler(args)
    except (UsageError, RecordError, IllegalMove, CardError) as exc:
        return _fail(str(exc))
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except Exception as exc:
        if handler is cmd_play:  # the window reports its own problems
            raise
        return _report(exc, handler)


def _report(exc: Exception, handler: object) -> int:
    """One line on standard error for a problem a subcommand raised; the unexpected ones are logged too."""
    if isinstance(exc, ValueError) and handler is not cmd_demo:
        return _fail(str(exc))
    return _crash(exc)


def _fail(message: str, status: int = EXIT_USAGE) -> int:
    """Say what went wrong on one line of standard error; returns ``status``."""
    text = " ".join(message.split())
    with contextlib.suppress(OSError, ValueError, AttributeError):
        print(f"chinese-ten: {text}", file=sys.stderr)
    return status


def _crash(exc: BaseException) -> int:
    """Log an unexpected problem with its traceback; tell the person in one line where the details are."""
    from chinese_ten.logs import crash_report, setup_logging

    with contextlib.redirect_stderr(None):  # type: ignore[arg-type]  # the traceback goes to the file only
        log_path = setup_logging()
    if log_path is None:
        setup_logging()  # no log file: the terminal is the only place left for the details
    return _fail(crash_report(exc, log_path), EXIT_CRASH)


def _quiet_stdout() -> None:
    """Point standard output at the null device, so the flush at exit does not fail a second time."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)


if __name__ == "__main__":
    sys.exit(main())
