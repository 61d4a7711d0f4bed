"""The keys for full screen and help, which differ on a Mac keyboard.

F11 and F1 work everywhere. On a Mac, where the function keys belong to the system
(brightness, Mission Control), the usual Mac keys work as well: Control-Command-F for
full screen and Command-? for help.
"""

from __future__ import annotations

import re
import sys

import pygame

FULLSCREEN = "fullscreen"
HELP = "help"


def global_shortcut(key: int, mod: int, unicode: str = "", platform: str | None = None) -> str | None:
    """``FULLSCREEN``, ``HELP`` or None for a key press on ``platform`` (default: this one's ``sys.platform``)."""
    platform = platform or sys.platform
    if key == pygame.K_F11:
        return FULLSCREEN
    if key == pygame.K_F1:
        return HELP
    if platform != "darwin" or not mod & pygame.KMOD_GUI:
        return None
    if key == pygame.K_f and mod & pygame.KMOD_CTRL:
        return FULLSCREEN
    if unicode == "?" or key == pygame.K_QUESTION or (key == pygame.K_SLASH and mod & pygame.KMOD_SHIFT):
        return HELP
    return None


def shortcut_names(platform: str | None = None) -> dict[str, str]:
    """How the full-screen and help keys are written on ``platform`` (default: this one)."""
    if (platform or sys.platform) == "darwin":
        return {FULLSCREEN: "Ctrl+Cmd+F", HELP: "Cmd+?"}
    return {FULLSCREEN: "F11", HELP: "F1"}


PLATFORM = sys.platform
"""The platform whose keyboard the labels name (tests set another to see a Mac's labels)."""

_F_KEY = re.compile(r"\bF(11|1)\b")

_BACKSPACE = re.compile(r"\bBackspace\b|退格键|退格鍵")
"""The take-back key's name in each language; a Mac keyboard calls that key Delete."""


def keyboard_words(text: str, platform: str | None = None) -> str:
    """``text`` with the keys named as this keyboard has them: on a Mac, "Help (F1)" reads
    "Help (Cmd+?)", "Full screen (F11)" "Full screen (Ctrl+Cmd+F)" and "Take back (Backspace)"
    "Take back (Delete)"."""
    platform = platform or PLATFORM
    if platform != "darwin":
        return text
    names = shortcut_names(platform)
    text = _F_KEY.sub(lambda m: names[FULLSCREEN] if m.group(1) == "11" else names[HELP], text)
    return _BACKSPACE.sub("Delete", text)
