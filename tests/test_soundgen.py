"""Tests for the sound generator and the committed sound files: each decodes, has its length, is not
silent, and is exactly what the generator writes."""

from __future__ import annotations

import io
import wave
from array import array
from pathlib import Path

import pytest

from chinese_ten import assets
from soundgen_tool import soundgen

ASSETS = Path(__file__).resolve().parent.parent / "assets"


@pytest.fixture(scope="module")
def expected() -> dict[str, bytes]:
    return soundgen.expected_files()


def _samples(data: bytes) -> tuple[wave._wave_params, array]:  # type: ignore[name-defined]
    with wave.open(io.BytesIO(data)) as w:
        params = w.getparams()
        frames = array("h", w.readframes(params.nframes))
    return params, frames


def test_committed_sounds_match_the_generator(expected: dict[str, bytes]) -> None:
    stale = [rel for rel, data in expected.items()
             if not (ASSETS / rel).is_file() or (ASSETS / rel).read_bytes() != data]
    assert not stale, f"run `python tools/soundgen.py`; out of date: {stale}"


def test_check_command_accepts_the_committed_files() -> None:
    assert soundgen.main(["--check"]) == 0


@pytest.mark.slow
def test_check_command_reports_changed_missing_and_extra_files(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    soundgen.write_all(tmp_path)
    assert soundgen.main(["--check", "--root", str(tmp_path)]) == 0
    (tmp_path / "sounds" / "lay-1.wav").write_bytes(b"RIFF")
    (tmp_path / "sounds" / "turn-2.wav").unlink()
    (tmp_path / "sounds" / "stray.wav").write_bytes(b"")
    assert soundgen.main(["--check", "--root", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "differs: sounds/lay-1.wav" in out
    assert "missing: sounds/turn-2.wav" in out
    assert "unexpected: sounds/stray.wav" in out


def test_every_effect_has_its_variants_and_only_those(expected: dict[str, bytes]) -> None:
    names = {rel.removeprefix("sounds/") for rel in expected}
    assert names == {f"{e}-{n}.wav" for e, count in assets.SOUND_EFFECTS.items() for n in range(1, count + 1)}
    assert set(soundgen.MAKERS) == set(assets.SOUND_EFFECTS)
    on_disk = {p.name for p in (ASSETS / "sounds").iterdir()}
    assert on_disk == names


def test_each_effect_decodes_at_its_length_and_is_not_silent(expected: dict[str, bytes]) -> None:
    for rel, data in expected.items():
        effect = rel.removeprefix("sounds/").rsplit("-", 1)[0]
        params, frames = _samples(data)
        assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, soundgen.RATE), rel
        seconds = soundgen.MAKERS[effect][1]
        assert params.nframes == round(seconds * soundgen.RATE), rel
        peak = max(abs(s) for s in frames)
        rms = (sum(s * s for s in frames) / len(frames)) ** 0.5
        assert peak > 10_000, (rel, peak)
        assert rms > 1000, (rel, rms)
        assert max(abs(s) for s in frames[-20:]) < 50, f"{rel} ends with a click"


def test_variants_of_an_effect_differ(expected: dict[str, bytes]) -> None:
    for effect, count in assets.SOUND_EFFECTS.items():
        variants = {expected[f"sounds/{effect}-{n}.wav"] for n in range(1, count + 1)}
        assert len(variants) == count, effect


def test_the_sounds_stay_small(expected: dict[str, bytes]) -> None:
    assert sum(len(data) for data in expected.values()) < 1_000_000


def test_every_sound_loads_in_the_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame = pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    started = not pygame.mixer.get_init()
    pygame.mixer.init()
    try:
        for effect, count in assets.SOUND_EFFECTS.items():
            paths = assets.sound_files(effect)
            assert len(paths) == count
            for path in paths:
                length = pygame.mixer.Sound(str(path)).get_length()
                assert length == pytest.approx(soundgen.MAKERS[effect][1], abs=0.01), path
    finally:
        if started:
            pygame.mixer.quit()


def test_unknown_effects_and_variants_are_rejected() -> None:
    with pytest.raises(ValueError):
        soundgen.effect_wav("bang", 1)
    with pytest.raises(ValueError):
        soundgen.effect_wav("match-won", 2)
    with pytest.raises(ValueError):
        assets.sound_files("bang")


def test_the_sine_table_is_a_sine() -> None:
    for cycles, value in ((0.0, 0.0), (0.25, 1.0), (0.5, 0.0), (0.75, -1.0), (1.125, 0.5 ** 0.5)):
        assert soundgen._sine(cycles) == pytest.approx(value, abs=1e-6)
