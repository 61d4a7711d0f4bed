"""Sound effects for what the table shows: each sounds as the movement it belongs to starts.

The table tells its narration every event as the movement showing it begins;
:class:`SoundPlayer` follows that record once a frame, so a sound starts in
the same frame as its movement, at any animation pace.  Several sounds due in
one frame (the instant pace, a skipped movement) make one sound, the one
that matters most.  Nothing plays while the table is held (paused, or a menu
is open), and holding it silences what is playing.  Without an audio device
the game is silent and says so once in the log.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from chinese_ten import assets
from chinese_ten.ui.table.presenters import presenter_for

if TYPE_CHECKING:
    from chinese_ten.ui.table.controller import TableController


class Heard(Protocol):
    """A table as the sound follows it: its controller, and whether something holds it still."""

    @property
    def ctl(self) -> TableController:
        """The table's controller, whose narration says what was shown."""

    @property
    def held(self) -> bool:
        """True while the table is paused or an overlay holds it."""

_log = logging.getLogger("chinese_ten.ui")

RANKING: tuple[str, ...] = ("match-won", "match-lost", "deal-over", "shuffle", "capture-scoring", "capture",
                            "your-turn", "turn", "lay")
"""Every effect, the one that matters most first: of the sounds due in one frame, only the first plays."""

FADE_MS = 120
"""How quickly sounds fade when the table is held or the sound is muted."""

LEVEL_JITTER = 0.08
"""Each sound plays up to this share louder or softer, so repeats do not sound the same."""


def effect_for(event: Any) -> str | None:
    """The effect that sounds as ``event`` is shown, or None for an event that makes no sound."""
    sound = presenter_for(event).sound
    return sound(event) if sound is not None else None


def match_effect(ctl: TableController) -> str:
    """The effect for the end of ``ctl``'s match: won (or shared) by the person, or lost; a computers'
    match ends as won."""
    seat = ctl.person_seat
    return "match-won" if seat is None or seat in ctl.match.winners() else "match-lost"


class SoundPlayer:
    """Plays the game's effects at the person's volume, unless muted or there is no audio device."""

    def __init__(self, volume: int, muted: bool, seed: int | None = None) -> None:
        """A player at ``volume`` per cent; the audio device is opened when the first sound is due."""
        self.volume = volume
        self.muted = muted
        self.rng = random.Random(seed)
        self._ready: bool | None = None
        self._sounds: dict[str, list[pygame.mixer.Sound]] = {}
        self._last_variant: dict[str, int] = {}
        self._held = False
        self._ctl: TableController | None = None
        self._deal: object | None = None
        self._seen = 0
        self._person_turn = False
        self.last_effect: str | None = None
        """The effect last asked for while sound could play (for the log and tests)."""

    # ------------------------------------------------------------------ device

    @property
    def available(self) -> bool:
        """True when sounds can be heard: the device opened and the sounds loaded (tried once)."""
        if self._ready is None:
            self._ready = self._open()
        return self._ready

    def _open(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            self._sounds = {effect: [pygame.mixer.Sound(str(path)) for path in assets.sound_files(effect)]
                            for effect in assets.SOUND_EFFECTS}
        except (pygame.error, OSError, ValueError, NotImplementedError) as exc:
            _log.warning("no sound: %s", str(exc) or type(exc).__name__)
            self._sounds = {}
            return False
        return True

    # ------------------------------------------------------------------ playing

    def set_volume(self, volume: int) -> None:
        """Play later sounds at ``volume`` per cent."""
        self.volume = volume

    def set_muted(self, muted: bool) -> None:
        """Mute (what is playing fades out) or sound again."""
        self.muted = muted
        if muted:
            self.silence()

    def silence(self) -> None:
        """Fade out whatever is playing."""
        if self._ready and pygame.mixer.get_init():
            pygame.mixer.fadeout(FADE_MS)

    def rest(self) -> bool:
        """Let the audio device go while nothing plays, as the window sleeps (mixing silence costs the processor
        all the while); the next sound opens it again. True once it is let go (or was never open)."""
        if not pygame.mixer.get_init():
            return True
        if not self._ready or pygame.mixer.get_busy():
            return False
        pygame.mixer.quit()
        self._ready, self._sounds = None, {}
        return True

    def play(self, effect: str) -> None:
        """Play one variant of ``effect`` (not the one played last, where there are several)."""
        if effect not in assets.SOUND_EFFECTS:
            raise ValueError(f"unknown sound effect {effect!r}")
        if self.muted or not self.available or not pygame.mixer.get_init():
            return
        self.last_effect = effect
        variants = self._sounds[effect]
        choices = [i for i in range(len(variants)) if i != self._last_variant.get(effect)] or [0]
        index = self.rng.choice(choices)
        self._last_variant[effect] = index
        sound = variants[index]
        level = self.volume / 100 * (1 + LEVEL_JITTER * (2 * self.rng.random() - 1))
        sound.set_volume(max(0.0, min(1.0, level)))
        sound.play()

    # ------------------------------------------------------------------ following the table

    def follow(self, table: Heard | None) -> None:
        """Sound what ``table`` started showing this frame; silence it when it is held. Call once a frame."""
        held = table is not None and table.held
        if held and not self._held:
            self.silence()
        self._held = held
        if table is None or held:
            return
        due: list[str] = []
        ctl = table.ctl
        if ctl is not self._ctl or ctl.layouts != self._deal:
            self._ctl, self._deal, self._seen, self._person_turn = ctl, ctl.layouts, 0, False
            due.append("shuffle")
        shown = ctl.narration.shown
        self._seen = min(self._seen, len(shown))
        for event in shown[self._seen:]:
            effect = effect_for(event)
            if effect is not None:
                due.append(effect)
        self._seen = len(shown)
        turn = ctl.person_to_play
        if turn and not self._person_turn:
            due.append("your-turn")
        self._person_turn = turn
        if due:
            self.play(min(due, key=RANKING.index))
