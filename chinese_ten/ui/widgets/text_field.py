"""A single line of text the person types: a name, an address.

Text arrives as ``TEXTINPUT`` events, so a word composed with an input method (Chinese typed as
pinyin) arrives whole; while it is being composed the ``TEXTEDITING`` events show it in place,
underlined. Backspace, Delete, Left, Right, Home and End edit; Ctrl+V (Cmd+V on a Mac) pastes
from the clipboard, and where there is no clipboard pasting quietly does nothing. Text input is
switched on while the field has the focus and off when it loses it.
"""

from __future__ import annotations

import logging

import pygame
from pygame import Rect

from chinese_ten.ui.kit import Kit
from chinese_ten.ui.widgets.button import focus_ring

_log = logging.getLogger("chinese_ten.ui")

PASTE_MODS = pygame.KMOD_CTRL | pygame.KMOD_META
"""The modifiers that, with V, paste: Ctrl, or Cmd on a Mac."""


def clipboard_text() -> str:
    """The text on the clipboard; empty when there is none or no clipboard can be reached."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError, RuntimeError) as exc:
        _log.info("no clipboard to paste from: %s", exc)
        return ""
    return text if isinstance(text, str) else ""


def _typed(text: str) -> str:
    """``text`` with what a single line cannot hold taken out: line breaks, tabs and other control characters."""
    return "".join(ch for ch in text.replace("\r\n", " ").replace("\n", " ") if ch.isprintable())


class TextField:
    """A one-line text entry with a caret, an input method's composition shown in place, and paste."""

    def __init__(self, text: str = "", max_length: int = 32, placeholder: str = "") -> None:
        """A field holding ``text`` (cut to ``max_length`` characters) that takes at most ``max_length``;
        ``placeholder`` (already in the language in use) is shown dimmed while it is empty."""
        self.max_length = max_length
        self.text = _typed(text)[:max_length]
        self.placeholder = placeholder
        self.caret = len(self.text)
        """Where typing goes in, as a count of the characters before it."""
        self.composition = ""
        """The word an input method is composing, not yet typed."""
        self.composition_caret = 0
        """Where in the composition its own caret stands."""
        self.focused = False
        self.rect = Rect(0, 0, 0, 0)

    # ------------------------------------------------------------------ focus

    def focus(self) -> None:
        """Take the keyboard: text input is switched on, and the input method's window put by the field."""
        if not self.focused:
            self.focused = True
            pygame.key.start_text_input()
        pygame.key.set_text_input_rect(self.rect)

    def blur(self) -> None:
        """Give the keyboard back: text input is switched off and a composition left unfinished is dropped."""
        if self.focused:
            self.focused = False
            self.composition = ""
            self.composition_caret = 0
            pygame.key.stop_text_input()

    # ------------------------------------------------------------------ editing

    def insert(self, text: str) -> None:
        """Type ``text`` at the caret, as much of it as the maximum length leaves room for."""
        room = self.max_length - len(self.text)
        text = _typed(text)[:max(0, room)]
        if text:
            self.text = self.text[:self.caret] + text + self.text[self.caret:]
            self.caret += len(text)

    def paste(self) -> None:
        """Type the clipboard's text at the caret (nothing when the clipboard is empty or out of reach)."""
        self.insert(clipboard_text())

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The field's share of ``event``; True when the field used it.

        A click on the field takes the focus, a click elsewhere gives it up. While focused the field
        takes typed text, the composition, the editing keys and paste; Enter, Esc and Tab are left for
        the screen.
        """
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.focus()
                return True
            self.blur()
            return False
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.composition = ""
            self.composition_caret = 0
            self.insert(event.text)
            return True
        if event.type == pygame.TEXTEDITING:
            self.composition = event.text
            self.composition_caret = max(0, min(len(event.text), int(getattr(event, "start", len(event.text)))))
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, event.mod)
        return False

    def _key(self, key: int, mod: int) -> bool:
        if self.composition:
            # the input method is composing: its keys are its own
            return key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB)
        if key == pygame.K_v and mod & PASTE_MODS:
            self.paste()
        elif key == pygame.K_BACKSPACE:
            if self.caret > 0:
                self.text = self.text[:self.caret - 1] + self.text[self.caret:]
                self.caret -= 1
        elif key == pygame.K_DELETE:
            self.text = self.text[:self.caret] + self.text[self.caret + 1:]
        elif key == pygame.K_LEFT:
            self.caret = max(0, self.caret - 1)
        elif key == pygame.K_RIGHT:
            self.caret = min(len(self.text), self.caret + 1)
        elif key == pygame.K_HOME:
            self.caret = 0
        elif key == pygame.K_END:
            self.caret = len(self.text)
        else:
            # printable keys arrive again as TEXTINPUT; the field keeps them from the screen's shortcuts
            return key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB) and \
                not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
        return True

    # ------------------------------------------------------------------ drawing

    def shown(self) -> tuple[str, int, int]:
        """The text as drawn: the typed text with the composition at the caret; and where the composition
        begins and ends in it."""
        start = self.caret
        return self.text[:start] + self.composition + self.text[start:], start, start + len(self.composition)

    def draw(self, surface: pygame.Surface, kit: Kit, size: int) -> None:
        """Draw the field in its rectangle: a panel with its text (or the placeholder), the composition
        underlined, the caret and, when focused, the focus ring."""
        t = kit.theme
        radius = max(3, self.rect.height // 6)
        pygame.draw.rect(surface, t.panel, self.rect, border_radius=radius)
        pygame.draw.rect(surface, t.accent if self.focused else t.panel_line, self.rect, 2, border_radius=radius)
        if self.focused:
            focus_ring(surface, self.rect, t, radius)
        pad = max(6, self.rect.height // 4)
        inner = self.rect.inflate(-2 * pad, 0)
        words, begin, end = self.shown()
        if not words:
            if self.placeholder:
                hint = kit.text.line(self.placeholder, size, t.text_dim)
                surface.blit(hint, hint.get_rect(midleft=inner.midleft), area=Rect(0, 0, inner.width, hint.get_height()))
            if self.focused:
                pygame.draw.line(surface, t.text, (inner.left, inner.top + pad // 2), (inner.left, inner.bottom - pad // 2), 2)
            return
        caret_at = self.caret + (self.composition_caret if self.composition else 0)

        def width(text: str) -> int:
            return kit.text.width(text, size)  # a character of any script in the font that has it

        shift = max(0, width(words[:caret_at]) - inner.width + 2)  # keep the caret in view
        line = kit.text.line(words, size, t.text)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip))
        top = inner.centery - line.get_height() // 2
        surface.blit(line, (inner.left - shift, top))
        if self.composition:
            y = top + line.get_height() - 2
            pygame.draw.line(surface, t.accent, (inner.left - shift + width(words[:begin]), y),
                             (inner.left - shift + width(words[:end]), y), 2)
        if self.focused:
            x = inner.left - shift + width(words[:caret_at])
            pygame.draw.line(surface, t.text, (x, top + 2), (x, top + line.get_height() - 2), 2)
        surface.set_clip(clip)
