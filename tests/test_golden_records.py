"""The records that ``simulate``, ``demo`` and a scripted window match write for fixed seeds are the
golden ones, byte for byte: reorganising the engine or the window changes nothing that is played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.golden import make

GOLDEN = Path(make.__file__).resolve().parent


def _golden(prefix: str) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(GOLDEN.glob(prefix + "*.json"))}


@pytest.mark.slow
@pytest.mark.parametrize(("prefix", "maker"), [("simulate-", make.simulated), ("demo-", make.demoed),
                                                ("window-", make.scripted_window)])
def test_fixed_seeds_write_the_golden_records_byte_for_byte(prefix: str, maker) -> None:  # type: ignore[no-untyped-def]
    golden = _golden(prefix)
    assert golden, f"no golden {prefix} records"
    made = maker()
    assert sorted(made) == sorted(golden)
    for name, text in golden.items():
        assert made[name] == text, f"{name} differs from its golden record"


def test_the_golden_window_match_has_the_person_playing_every_one_of_its_turns() -> None:
    records = [json.loads(t) for t in _golden("window-").values()]
    assert len(records) == 2
    for record in records:
        person_turns = [t for t in record["turns"] if t["seat"] == 0]
        assert len(person_turns) == len(record["hands"][0])


def test_every_preset_and_seat_count_of_every_game_and_the_servers_frames_keep_their_golden_digests() -> None:
    golden = json.loads(make.DIGESTS.read_text(encoding="utf-8"))
    assert any(name.startswith("simulate/fishing-") for name in golden)
    assert any(name.startswith("frames/") for name in golden)
    made = make.digests()
    assert sorted(made) == sorted(golden)
    differ = [name for name in golden if made[name] != golden[name]]
    assert not differ, f"these differ from their golden digests: {differ}"
