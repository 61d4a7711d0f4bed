"""The kept match names its game, and a kept Go Fishing match is taken up again as Go Fishing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games.fishing.rules import STANDARD
from chinese_ten.matchstore import MatchSetup, Unfinished, open_store
from chinese_ten.ui import keeper as keeper_module
from chinese_ten.ui.keeper import Keeper, describe, setup_of
from chinese_ten.ui.table.controller import TableController

from conftest import QUICK


def _fishing_setup(seats: int = 5) -> MatchSetup:
    return MatchSetup(seats=seats, strength="hard", players=("you", *["hard"] * (seats - 1)), person=True,
                      rules="standard", preset="standard", length={"kind": "per-seat", "deals": None},
                      total_deals=seats, seed="17", game="fishing")


def test_a_chinese_ten_match_is_kept_as_chinese_ten(tmp_path: Path) -> None:
    ctl = TableController(2, "easy", "one", seed=3, pace=QUICK, thinker=ComputerThinker(force_inline=True))
    assert setup_of(ctl).game == "ten"
    keeper = Keeper(open_store(tmp_path))
    keeper.watch(ctl)
    kept = keeper.unfinished()
    assert kept is not None and kept.setup.game == "ten"
    keeper.close()


def test_the_unfinished_go_fishing_match_names_its_game() -> None:
    kept = Unfinished(id=1, started="2026-12-01T20:00:00", setup=_fishing_setup(), progress={"deals": []},
                      totals=(0.0,) * 5)
    line = describe(kept)
    assert line.startswith("Chinese Go Fishing · 5 seats · Hard"), line
    assert "Classic" not in line and "Standard" not in line


def test_a_kept_go_fishing_match_is_rebuilt_as_go_fishing(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[tuple[tuple[Any, ...], dict[str, Any]]] = []

    class Recorded:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            built.append((args, kwargs))

        def resume(self, progress: dict[str, Any]) -> None:
            self.progress = progress

    monkeypatch.setattr(keeper_module, "TableController", Recorded)
    kept = Unfinished(id=1, started="2026-12-01T20:00:00", setup=_fishing_setup(7), progress={"deals": [1]},
                      totals=(0.0,) * 7)
    ctl = keeper_module._rebuild(kept, QUICK, ComputerThinker(force_inline=True), None)
    (args, kwargs), = built
    assert args[:3] == (7, ("hard",) * 6, "per-seat")
    assert kwargs["game"] == "fishing" and kwargs["rules"] == STANDARD and kwargs["seat"] == 0
    assert ctl.progress == {"deals": [1]}  # type: ignore[attr-defined]
