"""Sound at the table: which effect each shown event makes, that it starts with its movement, one
sound a frame at the instant pace, silence while paused or muted, M and the Settings rows, and no
audio device met with silence and one line in the log."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from array import array
from pathlib import Path

import pygame
import pytest

from chinese_ten.cards import Card
from chinese_ten.games.ten.events import (
    Captured,
    ChoiceNeeded,
    DealerSweep,
    DealOver,
    JoinedLayout,
    Played,
    TripleCaptured,
    Turned,
)
from chinese_ten.settings import VOLUMES, Settings, SettingsStore
from chinese_ten.ui.kit import sound as sound_module
from chinese_ten.ui.app import MUTE_BANNER_SECONDS, App
from chinese_ten.ui.table.choreography import pace_for
from chinese_ten.ui.scenes.settings import SETTING_ROWS, SettingsScene
from chinese_ten.ui.kit.sound import RANKING, SoundPlayer, effect_for, match_effect
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.engine.thinking import ComputerThinker

from uiharness import click_event, key_event, press, run_frames

C = Card.parse


def record(app: App) -> list[str]:
    """The effects ``app`` asks to play from now on (and still plays them)."""
    played: list[str] = []
    original = app.sound.play

    def play(effect: str) -> None:
        played.append(effect)
        original(effect)

    app.sound.play = play  # type: ignore[method-assign]
    return played


def person_keys(ctl) -> list[pygame.event.Event]:  # type: ignore[no-untyped-def]
    """The keys the person presses this frame: the first card on their turn, Enter for a choice."""
    if ctl.person_to_play:
        return [key_event(pygame.K_1)]
    if ctl.person_choice is not None:
        return [key_event(pygame.K_RETURN)]
    return []


# ---------------------------------------------------------------------- events to effects


@pytest.mark.parametrize(("event", "effect"), [
    (Played(0, C("7D")), "lay"),
    (JoinedLayout(1, C("7D"), "flip"), "lay"),
    (Turned(1, C("QS")), "turn"),
    (Captured(0, C("7D"), (C("3S"),), 0, "play"), "capture"),
    (Captured(0, C("7D"), (C("3H"),), 10, "play"), "capture-scoring"),
    (TripleCaptured(0, C("5C"), (C("5S"), C("5H"), C("5D")), 10, "play"), "capture-scoring"),
    (DealerSweep(1, (C("KS"), C("KC"), C("KH"), C("KD")), 20), "capture-scoring"),
    (DealerSweep(1, (C("5S"), C("5C"), C("10S"), C("10C")), 0), "capture"),
    (DealOver((10, 200), (-95, 95)), "deal-over"),
    (ChoiceNeeded(0, C("7D"), (C("3H"), C("3S")), "play"), None),
])
def test_each_event_makes_its_effect(event: object, effect: str | None) -> None:
    assert effect_for(event) == effect  # type: ignore[arg-type]


def test_the_ranking_holds_every_effect_once() -> None:
    from chinese_ten.assets import SOUND_EFFECTS

    assert sorted(RANKING) == sorted(SOUND_EFFECTS)


@pytest.mark.slow
def test_sounds_start_in_the_frame_their_movement_starts(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=2, seed=4, length="one", pace=pace_for("normal"))
    played = record(app)
    app.frame(1 / 60)
    assert played == ["shuffle"], "the deal opens with the shuffle"
    kinds: set[str] = set()
    for _ in range(30_000):
        keys = person_keys(ctl)
        seen = len(ctl.narration.shown)
        turn_before = ctl.person_to_play and not keys
        before = len(played)
        app.frame(1 / 60, keys)
        new = [e for e in (effect_for(ev) for ev in ctl.narration.shown[seen:]) if e is not None]
        if ctl.person_to_play and not turn_before:
            new.append("your-turn")
        got = played[before:]
        if new:
            assert got == [min(new, key=RANKING.index)], (new, got)
        else:
            assert got == []
        kinds.update(got)
        if ctl.deal_finished:
            break
    assert ctl.deal_finished
    assert {"lay", "turn", "capture-scoring", "your-turn", "deal-over"} <= kinds


def test_at_the_instant_pace_a_turn_makes_one_sound_not_a_pile(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=2, seed=4, length="one", pace=pace_for("instant"))
    played = record(app)
    busy_frames = 0
    for _ in range(20_000):
        keys = person_keys(ctl)
        seen = len(ctl.narration.shown)
        before = len(played)
        app.frame(1 / 60, keys)
        shown = len(ctl.narration.shown) - seen
        assert len(played) - before <= 1
        if shown >= 2:
            busy_frames += 1
            assert len(played) - before == 1, "a turn shown at once still sounds"
        if ctl.deal_finished:
            break
    assert busy_frames > 5, "whole turns were shown in single frames"


def test_the_end_of_a_match_sounds_won_shared_or_lost(make_table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    ctl = make_table(seats=3, seed=1, length="one")[1]
    for winners, effect in (((0,), "match-won"), ((0, 2), "match-won"), ((1,), "match-lost"), ((1, 2), "match-lost")):
        monkeypatch.setattr(ctl.match, "winners", lambda w=winners: w)
        assert match_effect(ctl) == effect, winners
    watch = make_table(seats=2, seed=1, length="one", person=False)[1]
    monkeypatch.setattr(watch.match, "winners", lambda: (1,))
    assert match_effect(watch) == "match-won", "a match of computers ends with the fanfare"


def test_a_finished_match_plays_its_ending(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.scenes.match import MatchScene

    app, ctl, scene = make_table(seats=2, seed=2, length="one", pace=pace_for("instant"))
    played = record(app)

    for _ in range(20_000):
        app.frame(1 / 60, person_keys(ctl))
        if ctl.deal_finished and scene.count_shown:
            break
    assert scene.count_shown
    press(app, pygame.K_RETURN)
    assert isinstance(app.top(), MatchScene)
    expected = "match-won" if 0 in ctl.match.winners() else "match-lost"
    assert played[-1] == expected


# ---------------------------------------------------------------------- pause, mute, volume


def test_pausing_silences_and_nothing_plays_while_paused(make_table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=3, seed=6, length="one", pace=pace_for("slow"))
    fades: list[int] = []
    monkeypatch.setattr(pygame.mixer, "fadeout", lambda ms: fades.append(ms))
    played = record(app)
    assert run_frames(app, lambda: ctl.person_to_play)
    press(app, pygame.K_1)
    assert run_frames(app, lambda: ctl.current is not None and ctl.current.seat == 1)
    assert played, "the turns so far made sounds"
    press(app, pygame.K_p)
    assert scene.paused
    assert fades == [sound_module.FADE_MS], "pausing faded out what was playing"
    before = len(played)
    for _ in range(300):
        app.frame(1 / 60)
    assert len(played) == before, "no sound while paused"
    assert fades == [sound_module.FADE_MS], "silenced once"
    press(app, pygame.K_p)
    assert run_frames(app, lambda: len(played) > before), "sound again after resuming"


def test_the_menu_holds_the_sound_too(make_table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app, ctl, _scene = make_table(seats=2, seed=6, length="one", pace=pace_for("slow"))
    fades: list[int] = []
    monkeypatch.setattr(pygame.mixer, "fadeout", lambda ms: fades.append(ms))
    app.frame(1 / 60)
    press(app, pygame.K_ESCAPE)
    assert fades


def test_m_mutes_and_unmutes_anywhere_remembers_it_and_says_so_briefly(
        window: pygame.Surface, tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings")
    app = App(window, Settings(), store, None, ComputerThinker(force_inline=True))
    app.push(StartScene(app))
    app.frame(1 / 60)
    press(app, pygame.K_m)
    assert app.settings.muted and app.sound.muted
    assert app.banner_text == "Sound off (M)"
    assert 0 < app.banner_left <= MUTE_BANNER_SECONDS
    assert SettingsStore(tmp_path / "settings").load().settings.muted is True
    app.open_settings()
    app.frame(1 / 60)
    press(app, pygame.K_m)
    assert not app.settings.muted and not app.sound.muted
    assert app.banner_text == "Sound on (M)"
    assert isinstance(app.top(), SettingsScene), "M changed nothing else on the settings screen"
    assert SettingsStore(tmp_path / "settings").load().settings.muted is False


def test_muted_plays_nothing(make_table) -> None:  # type: ignore[no-untyped-def]
    if pygame.mixer.get_init():
        pygame.mixer.stop()  # what earlier tests left playing
    app, ctl, scene = make_table(seats=2, seed=4, length="one", pace=pace_for("fast"))
    press(app, pygame.K_m)
    busy = []
    for _ in range(400):
        app.frame(1 / 60, person_keys(ctl))
        busy.append(pygame.mixer.get_init() and pygame.mixer.get_busy())
    assert app.sound.last_effect is None
    assert not any(busy)


def test_the_settings_screen_sets_mute_and_volume(window: pygame.Surface, tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings")
    app = App(window, Settings(), store, None, ComputerThinker(force_inline=True))
    app.push(StartScene(app))
    app.open_settings()
    app.frame(1 / 60)
    scene = app.top()
    assert isinstance(scene, SettingsScene)
    keys = [k for k, _l, _c in SETTING_ROWS]
    volume_row, mute_row = keys.index("volume"), keys.index("muted")
    assert [v for _t, v in SETTING_ROWS[volume_row][2]] == list(VOLUMES)
    played = record(app)
    app.frame(1 / 60, [click_event(scene.rows[volume_row][0].rect.center)])
    assert app.settings.volume == VOLUMES[0] and app.sound.volume == VOLUMES[0]
    assert played == ["capture-scoring"], "a changed volume is heard at once"
    app.frame(1 / 60, [click_event(scene.rows[mute_row][1].rect.center)])
    assert app.settings.muted and app.sound.muted
    remembered = SettingsStore(tmp_path / "settings").load().settings
    assert (remembered.volume, remembered.muted) == (VOLUMES[0], True)


def test_the_volume_sets_the_level_within_a_little_jitter(window: pygame.Surface) -> None:
    player = SoundPlayer(25, False, seed=3)
    assert player.available
    levels = []
    for _ in range(20):
        player.play("lay")
        levels.append(player._sounds["lay"][player._last_variant["lay"]].get_volume())
    for level in levels:
        assert 0.25 * (1 - sound_module.LEVEL_JITTER) - 0.01 <= level <= 0.25 * (1 + sound_module.LEVEL_JITTER) + 0.01
    assert len({round(v, 3) for v in levels}) > 1, "the level varies a little"


def test_repeats_never_play_the_same_variant_twice_running(window: pygame.Surface) -> None:
    player = SoundPlayer(75, False, seed=5)
    picks = []
    for _ in range(40):
        player.play("capture")
        picks.append(player._last_variant["capture"])
    assert all(a != b for a, b in zip(picks, picks[1:]))
    assert len(set(picks)) == 3


# ---------------------------------------------------------------------- no audio device


def test_without_an_audio_device_the_game_is_silent_and_logs_once(
        make_table, monkeypatch, caplog) -> None:  # type: ignore[no-untyped-def]
    def no_device(*_args: object, **_kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app, ctl, scene = make_table(seats=2, seed=4, length="one", pace=pace_for("instant"))
    caplog.set_level(logging.WARNING, logger="chinese_ten.ui")
    for _ in range(20_000):
        app.frame(1 / 60, person_keys(ctl))
        if ctl.deal_finished:
            break
    assert ctl.deal_finished
    press(app, pygame.K_m, pygame.K_m)
    notes = [r.getMessage() for r in caplog.records if "sound" in r.getMessage()]
    assert notes == ["no sound: No available audio device"]
    assert app.sound.available is False
    assert app.sound.last_effect is None


def test_a_missing_sound_file_means_silence_not_a_crash(window, monkeypatch, caplog) -> None:  # type: ignore[no-untyped-def]
    def missing(effect: str) -> list[Path]:
        raise FileNotFoundError(f"sound missing: {effect}-1.wav")

    monkeypatch.setattr(sound_module.assets, "sound_files", missing)
    caplog.set_level(logging.WARNING, logger="chinese_ten.ui")
    player = SoundPlayer(75, False)
    player.play("lay")
    player.play("turn")
    assert [r.getMessage() for r in caplog.records] == ["no sound: sound missing: lay-1.wav"]


def test_a_demo_deal_writes_real_sound_through_the_disk_driver(tmp_path: Path) -> None:
    out = tmp_path / "audio.raw"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(out),
               CHINESE_TEN_LOG_DIR=str(tmp_path / "logs"))
    proc = subprocess.run(
        [sys.executable, "-m", "chinese_ten", "demo", "--seats", "2", "--deals", "1", "--seed", "3"],
        env=env, capture_output=True, text=True, timeout=180,
    )
    assert proc.returncode == 0, proc.stderr
    data = out.read_bytes()
    samples = array("h", data[: len(data) - len(data) % 2])
    loud = sum(1 for s in samples if abs(s) > 1000)
    assert len(samples) > 8820, "at least a tenth of a second of stereo audio was written"
    assert loud > 2000, "the written audio is not silence"


def test_the_audio_device_is_let_go_while_nothing_plays_and_opened_again_for_the_next_sound() -> None:
    player = SoundPlayer(80, False, seed=1)
    if not player.available:
        pytest.skip("no audio device here, not even SDL's dummy one")
    player.play("lay")
    assert pygame.mixer.get_init()
    if pygame.mixer.get_busy():
        assert not player.rest(), "a sound still playing keeps the device"
        pygame.mixer.stop()
    assert player.rest() and not pygame.mixer.get_init(), "silence costs nothing once the device is let go"
    player.play("lay")
    assert pygame.mixer.get_init() and player.last_effect == "lay"
