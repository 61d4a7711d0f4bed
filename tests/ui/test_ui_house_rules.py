"""Every preset plays in the window, and the rarer events of the house rules are animated and told."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from chinese_ten.cards import Card
from chinese_ten.games.ten.deal import Deal
from chinese_ten.games.ten.events import NoFlip, Redealt, Refilled, ThrownIn
from chinese_ten.games.ten.rules import PRESETS, RuleSet
from chinese_ten.settings import Settings, SettingsStore
from chinese_ten.ui.app import App, DemoOptions
from chinese_ten.ui.table.board import Board
from chinese_ten.ui.table.games.ten import TABLE as TEN
from chinese_ten.ui.table.choreography import Choreographer
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.scenes.match import MatchScene
from chinese_ten.ui.table.narration import Narration
from chinese_ten.ui.table.panel import SidePanel
from chinese_ten.games.ten.texts import number_text, tie_score_text
from chinese_ten.ui.table.live import TableScene
from chinese_ten.engine.thinking import ComputerThinker
from tests.ui.uiharness import drawn_texts

from conftest import QUICK
from uiharness import run_frames

EVERY_TABLE = [(name, seats) for name in PRESETS for seats in RuleSet.of(name).seat_counts()]

MATCH_FRAME = 0.05
"""Seconds a frame moves a whole match on: each movement (0.05 s at the demo's pace) still takes a frame of its
own and every scene is drawn, in about a third of the frames a match takes at 1/60."""


@pytest.mark.slow
@pytest.mark.parametrize("preset, seats", EVERY_TABLE)
def test_a_whole_match_of_every_preset_plays_through_the_window_to_its_result(
        preset: str, seats: int, window: pygame.Surface) -> None:
    rules = RuleSet.of(preset)
    app = App(window, Settings(), None, DemoOptions(seats=seats, seed=7, rules=rules),
              ComputerThinker(force_inline=True))
    app.start_match()
    results: list[MatchScene] = []

    def over() -> bool:
        top = app.top()
        if isinstance(top, MatchScene):
            results.append(top)
        return not app.running

    assert run_frames(app, over, dt=MATCH_FRAME, limit=60000)
    ctl = app.scenes[0].ctl  # type: ignore[attr-defined]
    assert results, "the match result was shown"
    assert ctl.match.rules == rules and ctl.seats == seats
    length = PRESETS[preset].match_length
    expected = 1 if length == "one" else seats
    assert ctl.match.is_over and ctl.match.deals_played == expected
    assert sum(ctl.match.exact_totals) == 0
    assert ctl.match.winners()


def _controller(deal: Deal, seats: int, rules: RuleSet, app: App) -> TableController:
    """A computers' table whose first deal is ``deal``."""
    return TableController(seats, "normal", "one", seed=1, pace=QUICK, person=False, thinker=app.thinker,
                           rules=rules, first_deal=deal)


def _play_out(app: App, ctl: TableController) -> TableScene:
    scene = TableScene(app, ctl, auto=True)
    app.replace(scene)
    assert run_frames(app, lambda: ctl.deal_finished, limit=20000)
    return scene


def _steps_seen(ctl: TableController) -> list[object]:
    """Every step the controller starts from now on, as built."""
    seen: list[object] = []
    update = ctl.update

    def watch(dt: float) -> None:
        before = ctl.current
        update(dt)
        if ctl.current is not None and ctl.current is not before:
            seen.append(ctl.current)

    ctl.update = watch  # type: ignore[method-assign]
    return seen


def _four_kings_deal(rules: RuleSet) -> Deal:
    """Two seats with all four kings in the opening layout."""
    kings = [Card.parse(k) for k in ("KS", "KH", "KD", "KC")]
    rest = [c for c in (Card.parse(f"{r}{s}") for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q"] for s in "SHDC")]
    random.Random(3).shuffle(rest)
    return Deal([rest[:12], rest[12:24]], kings, rest[24:], dealer=1, rules=rules)


def test_a_refill_and_the_turns_with_no_flip_are_animated_and_told(window: pygame.Surface) -> None:
    rules = RuleSet.of("target")
    deal = _four_kings_deal(rules)
    assert any(isinstance(ev, Refilled) for ev in deal.opening_events)
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    ctl = _controller(deal, 2, rules, app)
    steps = _steps_seen(ctl)
    _play_out(app, ctl)
    banners = [s.banner for s in steps if s.banner]  # type: ignore[attr-defined]
    assert "4 cards from the stock refill the layout" in banners
    refill = next(s for s in steps if s.banner == "4 cards from the stock refill the layout")  # type: ignore[attr-defined]
    assert len(refill.sprites) == 4 and all(sp.src.kind == "stock" and sp.dst.kind == "slot"  # type: ignore[attr-defined]
                                            for sp in refill.sprites)  # type: ignore[attr-defined]
    entries = ctl.narration.entries
    assert any(e.endswith("turned from the stock to refill the layout.") for e in entries)
    no_flips = sum(isinstance(ev, NoFlip) for ev in ctl.narration.shown)
    assert no_flips == 4, "the four cards the refill took leave the last four turns without a flip"
    assert banners.count("The stock is empty: no card to turn") == no_flips
    assert sum("no card to turn" in e for e in entries) == no_flips
    assert ctl.board.stock == 0 and sorted(ctl.board.slots.values()) == sorted(ctl.session.deal.layout)


def test_a_dead_layout_is_thrown_in_then_the_deal_is_shown(window: pygame.Surface) -> None:
    rules = RuleSet.of("play-red")
    seed = next(s for s in range(500)
                if any(isinstance(ev, ThrownIn) for ev in Deal.from_seed(2, s, 0, rules).opening_events))
    deal = Deal.from_seed(2, seed, 0, rules)
    thrown = [ev for ev in deal.opening_events if isinstance(ev, ThrownIn)]
    board = TEN.dealt_board(deal)
    assert sorted(board.slots.values()) == sorted(thrown[0].layout), "the dead layout is shown first"
    assert not any(board.hands)
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    ctl = _controller(deal, 2, rules, app)
    steps = _steps_seen(ctl)
    _play_out(app, ctl)
    banners = [s.banner for s in steps]  # type: ignore[attr-defined]
    assert banners.count("A dead layout: thrown in and dealt again!") == len(thrown)
    back = [s for s in steps if any(sp.dst.kind == "stock" for sp in s.sprites)]  # type: ignore[attr-defined]
    assert len(back) == len(thrown)
    dealt = {sp.card for sp in back[-1].sprites if sp.src.kind == "stock"}  # type: ignore[attr-defined]
    assert dealt == set(deal.initial[1]), "the layout that is played comes out of the stock"
    told = [e for e in ctl.narration.entries if e.startswith("Dead layout")]
    assert len(told) == len(thrown) and "South to deal again" in told[0]


def test_a_re_deal_of_six_each_flies_to_the_hands_and_is_told(window: pygame.Surface) -> None:
    rules = RuleSet.of("simplified")
    deal = Deal.from_seed(2, 4, 1, rules)
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    ctl = _controller(deal, 2, rules, app)
    steps = _steps_seen(ctl)
    _play_out(app, ctl)
    redeals = [ev for ev in ctl.narration.shown if isinstance(ev, Redealt)]
    assert [ev.each for ev in redeals] == [6]
    step = next(s for s in steps if s.banner == "A new deal: 6 more cards each")  # type: ignore[attr-defined]
    assert len(step.sprites) == 12 and all(sp.dst.kind == "hand" for sp in step.sprites)  # type: ignore[attr-defined]
    # the bottom hand is shown face up; the others' new cards stay face down
    assert all(sp.back == (sp.dst.seat != 0) for sp in step.sprites)  # type: ignore[attr-defined]
    assert "Every hand is empty: 6 more cards each from the stock." in ctl.narration.entries


def test_the_re_deal_step_gives_each_hand_the_cards_the_engine_dealt() -> None:
    board = Board(seats=2, hands=[[], []], stock=24, piles=[0, 0], points=[0, 0])
    narration = Narration(["You", "North"])
    hands = ((Card.parse("9S"), Card.parse("2H")), (Card.parse("KD"), Card.parse("4C")))
    step = Choreographer(narration, QUICK, frozenset({0})).steps_for([Redealt(1, 2, 2, hands)])[0](board)
    assert [sp.back for sp in step.sprites if sp.dst.seat == 0] == [False, False]
    step.on_end(board)  # type: ignore[misc]
    assert board.hands == [[Card.parse("2H"), Card.parse("9S")], [Card.parse("KD"), Card.parse("4C")]]
    assert board.stock == 20
    assert narration.entries == ["Every hand is empty: 2 more cards each from the stock."]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_target_win_is_shown_as_a_banner_and_told_in_the_log(seats: int, window: pygame.Surface) -> None:
    rules = RuleSet.of("target")
    app = App(window, Settings(), None, DemoOptions(seats=seats, seed=11, rules=rules),
              ComputerThinker(force_inline=True))
    app.start_match()
    ctl = app.scenes[0].ctl  # type: ignore[attr-defined]
    steps = _steps_seen(ctl)
    assert run_frames(app, lambda: ctl.deal_finished, limit=20000)
    winners = ctl.match.winners()
    assert winners and all(ctl.session.deal.exact_margins[s] >= 0 for s in winners)
    tie = number_text(rules.tie_score(seats))
    told = ctl.narration.entries[-1]
    assert told.startswith(f"At or above the tie score ({tie}): ")
    assert all(ctl.names[s] in told for s in winners)
    assert told in [s.banner for s in steps]  # type: ignore[attr-defined]


def test_the_panel_states_the_tie_score_of_the_rules_in_force_to_one_decimal(
        window: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:

    seen = drawn_texts(monkeypatch)
    rules = RuleSet.of("red-frog")
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    ctl = TableController(3, "normal", "one", seed=2, pace=QUICK, thinker=app.thinker, rules=rules)
    scene = TableScene(app, ctl)
    app.replace(scene)
    app.frame(1 / 60)
    assert any("72.7" in t and "tie" in t.lower() for t in seen)
    assert tie_score_text(rules, 3) == "Tie score 72.7"
    assert isinstance(scene.panel, SidePanel)


def test_the_rules_remembered_are_the_rules_of_the_next_match(window: pygame.Surface, tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    settings = Settings(computers=2, house_rules={"ten": {"preset": "play-red", "lead": "after-dealer"}})
    app = App(window, settings, store, None, ComputerThinker(force_inline=True))
    app.start_match()
    ctl = app.table().ctl  # type: ignore[union-attr]
    assert ctl.match.rules == RuleSet.of("play-red", lead="after-dealer")
    assert ctl.seats == 3 and ctl.session.deal.to_move == 0, "the person leads the first deal"


def test_demo_plays_the_preset_it_is_given_with_the_presets_match_length() -> None:
    import json
    import os
    import subprocess
    import sys

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-m", "chinese_ten", "demo", "--rules", "target", "--seats", "3",
                           "--seed", "4", "--json"], env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["deals"] == 1 and out["seats"] == 3, "Target is a match of one deal"


def test_the_rules_option_of_the_bare_command_holds_for_one_run(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from chinese_ten.cli import build_parser, launch_options
    from chinese_ten.ui.app import run_game

    monkeypatch.setenv("CHINESE_TEN_LOG_DIR", str(tmp_path / "logs"))
    folder = tmp_path / "settings"
    folder.mkdir()
    (folder / "settings.json").write_text(json.dumps({"version": 1, "computers": 3, "match_length": "six"}))
    seen: dict[str, object] = {}

    def script(app: App) -> None:
        app.thinker.force_inline = True
        app.frame(1 / 60, [])
        app.start_match()
        ctl = app.table().ctl  # type: ignore[union-attr]
        seen["rules"], seen["seats"], seen["deals"] = ctl.match.rules, ctl.seats, ctl.match.total_deals
        app.change_settings(strength="hard")
        app.running = False

    monkeypatch.setattr(App, "run", script)
    assert run_game(launch_options(build_parser().parse_args(["--settings-dir", str(folder), "--rules", "play-red"]))) == 0
    assert seen == {"rules": RuleSet.of("play-red"), "seats": 3, "deals": 6}
    saved = json.loads((folder / "settings.json").read_text())
    assert saved["strength"] == "hard"
    assert (saved["house_rules"], saved["computers"]) == ({"ten": "classic"}, 3)
