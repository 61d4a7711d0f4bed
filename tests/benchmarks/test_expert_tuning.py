"""The model-choosing benchmark, ``benchmarks/expert_tuning.py``, run on the smallest samples: every kind of
candidate plays, and results saved apart compare as results made in one run."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture
def tuning(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    for name in ("expert_tuning", "seeing", "ismcts"):
        sys.modules.pop(name, None)
    import expert_tuning

    return expert_tuning


def test_every_kind_of_candidate_plays_and_saved_runs_compare_as_one(tuning, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "runs.json"
    common = ["--sets", "2", "--think-ms", "1", "--seed", "3", "--save", str(saved)]
    assert tuning.main(common + ["hard", "seeing:ms=2"]) == 0
    assert tuning.main(common + ["expert:pool=2,other=0.1", "ismcts:opponents=tree,explore=0.5", "ismcts"]) == 0
    together = capsys.readouterr().out.splitlines()
    rows = json.loads(saved.read_text())
    assert list(rows) == ["hard", "seeing:ms=2", "expert:pool=2,other=0.1", "ismcts:opponents=tree,explore=0.5",
                          "ismcts"]
    assert all(len(per_set) == 2 for per_set in rows.values())
    assert tuning.main(["--compare", str(saved)]) == 0
    compared = capsys.readouterr().out.splitlines()
    assert compared[0].split()[:2] == next(line for line in together if line.startswith("hard ")).split()[:2]
    assert "vs first" in compared[2] and compared[2].startswith("expert:pool=2,other=0.1")


def test_an_unknown_setting_of_a_candidate_is_refused_by_name(tuning) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit, match="unknown setting 'depth'"):
        tuning.main(["--sets", "1", "expert:depth=3"])
