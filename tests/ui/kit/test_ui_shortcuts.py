"""Full screen and help: F11 and F1 everywhere, Control-Command-F and Command-? on a Mac."""

from __future__ import annotations

import sys

import pygame
import pytest

from chinese_ten.settings import Settings
from chinese_ten.ui import app as app_module
from chinese_ten.ui.app import App
from chinese_ten.ui.scenes.help import HelpScene
from chinese_ten.ui.kit.shortcuts import FULLSCREEN, HELP, global_shortcut, keyboard_words, shortcut_names
from chinese_ten.engine.thinking import ComputerThinker

CMD, CTRL, SHIFT = pygame.KMOD_LGUI, pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT


@pytest.mark.parametrize("platform", ["darwin", "win32", "linux"])
def test_f11_and_f1_work_on_every_platform(platform: str) -> None:
    assert global_shortcut(pygame.K_F11, 0, platform=platform) == FULLSCREEN
    assert global_shortcut(pygame.K_F1, 0, platform=platform) == HELP


def test_the_mac_keys_work_on_a_mac() -> None:
    assert global_shortcut(pygame.K_f, CTRL | CMD, "\x06", platform="darwin") == FULLSCREEN
    assert global_shortcut(pygame.K_SLASH, CMD | SHIFT, "?", platform="darwin") == HELP
    assert global_shortcut(pygame.K_SLASH, CMD | SHIFT, "", platform="darwin") == HELP
    # A layout where ? has its own key.
    assert global_shortcut(pygame.K_QUESTION, CMD, "?", platform="darwin") == HELP


@pytest.mark.parametrize(("key", "mod", "text"), [
    (pygame.K_f, CMD, "f"),            # Cmd+F alone is not full screen
    (pygame.K_f, CTRL, "\x06"),        # nor Ctrl+F
    (pygame.K_SLASH, SHIFT, "?"),      # ? without Cmd is not help
    (pygame.K_SLASH, CMD, "/"),        # Cmd+/ is not Cmd+?
])
def test_near_misses_on_a_mac_do_nothing(key: int, mod: int, text: str) -> None:
    assert global_shortcut(key, mod, text, platform="darwin") is None


@pytest.mark.parametrize("platform", ["win32", "linux"])
def test_the_mac_keys_do_nothing_elsewhere(platform: str) -> None:
    assert global_shortcut(pygame.K_f, CTRL | CMD, "\x06", platform=platform) is None
    assert global_shortcut(pygame.K_SLASH, CMD | SHIFT, "?", platform=platform) is None


def test_the_keys_are_named_as_the_platform_writes_them() -> None:
    assert shortcut_names("darwin") == {FULLSCREEN: "Ctrl+Cmd+F", HELP: "Cmd+?"}
    assert shortcut_names("win32") == {FULLSCREEN: "F11", HELP: "F1"}


def _key(key: int, mod: int, text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)


def test_on_a_mac_the_window_answers_cmd_question_and_ctrl_cmd_f(window: pygame.Surface,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    toggled: list[bool] = []
    monkeypatch.setattr(app_module, "set_fullscreen", lambda on: toggled.append(on) or True)
    monkeypatch.setattr(sys, "platform", "darwin")
    app.handle(_key(pygame.K_SLASH, CMD | SHIFT, "?"))
    assert isinstance(app.top(), HelpScene)
    app.handle(_key(pygame.K_f, CTRL | CMD, "\x06"))
    assert app.settings.fullscreen and toggled == [True]


def test_elsewhere_cmd_question_does_not_open_help(window: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    monkeypatch.setattr(sys, "platform", "win32")
    app.handle(_key(pygame.K_SLASH, CMD | SHIFT, "?"))
    assert app.top() is None
    app.handle(_key(pygame.K_F1, 0, ""))
    assert isinstance(app.top(), HelpScene)


@pytest.mark.parametrize(("text", "mac"), [
    ("Help (F1)", "Help (Cmd+?)"),
    ("Full screen (F11)", "Full screen (Ctrl+Cmd+F)"),
    ("Up/Down and Left/Right to choose, Enter to press · F1 help · H high contrast",
     "Up/Down and Left/Right to choose, Enter to press · Cmd+? help · H high contrast"),
    ("说明 (F1)", "说明 (Cmd+?)"),
    ("Take back (Backspace)", "Take back (Delete)"),
    ("悔牌 (退格键)", "悔牌 (Delete)"),
    ("悔牌 (退格鍵)", "悔牌 (Delete)"),
    ("F12 and F10 are other keys", "F12 and F10 are other keys"),
])
def test_labels_name_the_help_and_full_screen_keys_as_a_mac_keyboard_has_them(text: str, mac: str) -> None:
    assert keyboard_words(text, "darwin") == mac
    assert keyboard_words(text, "linux") == text
    assert keyboard_words(text, "win32") == text
