"""The text field: typed text (an input method's word whole), the composition shown in place, the editing
keys, paste, the maximum length, text input on focus, and its look in both themes; driven by posted events."""

from __future__ import annotations

import pygame
import pytest

from chinese_ten.ui.kit import Kit
from chinese_ten.ui.kit.cardimages import CardImages
from chinese_ten.ui.kit.text import TextPainter
from chinese_ten.ui.kit.theme import FontBook, theme_for
from chinese_ten.ui.widgets.text_field import TextField


def _deliver(field: TextField, *events: pygame.event.Event) -> list[bool]:
    """Post ``events`` as the window would receive them, then hand the field what the queue gives back."""
    pygame.event.clear()
    for event in events:
        pygame.event.post(event)
    return [field.handle_event(e) for e in pygame.event.get() if e.type in (pygame.TEXTINPUT, pygame.TEXTEDITING,
                                                                             pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)]


def _text(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def _editing(text: str, start: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTEDITING, text=text, start=start, length=0)


def _key(key: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def _click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def _focused(text: str = "", max_length: int = 32) -> TextField:
    field = TextField(text, max_length=max_length)
    field.rect = pygame.Rect(100, 100, 400, 48)
    field.focus()
    return field


def test_typed_text_goes_in_at_the_caret_and_a_composed_word_arrives_whole(window: pygame.Surface) -> None:
    field = _focused()
    assert _deliver(field, _text("ab"), _text("中文")) == [True, True]
    assert field.text == "ab中文" and field.caret == 4
    _deliver(field, _key(pygame.K_LEFT), _key(pygame.K_LEFT), _text("x"))
    assert field.text == "abx中文" and field.caret == 3


def test_the_composition_is_shown_in_place_until_the_input_method_types_it(window: pygame.Surface) -> None:
    field = _focused("ab")
    _deliver(field, _key(pygame.K_HOME), _key(pygame.K_RIGHT), _editing("zhong", 5))
    assert field.text == "ab" and field.composition == "zhong" and field.composition_caret == 5
    assert field.shown() == ("azhongb", 1, 6)
    assert _deliver(field, _key(pygame.K_BACKSPACE)) == [True]  # the input method's own key
    assert field.text == "ab"
    _deliver(field, _text("中"))
    assert field.text == "a中b" and field.composition == "" and field.caret == 2


def test_backspace_delete_and_the_caret_keys_edit_within_the_text(window: pygame.Surface) -> None:
    field = _focused("hello")
    _deliver(field, _key(pygame.K_BACKSPACE))
    assert (field.text, field.caret) == ("hell", 4)
    _deliver(field, _key(pygame.K_HOME), _key(pygame.K_LEFT), _key(pygame.K_BACKSPACE), _key(pygame.K_DELETE))
    assert (field.text, field.caret) == ("ell", 0)
    _deliver(field, _key(pygame.K_END), _key(pygame.K_RIGHT), _key(pygame.K_DELETE))
    assert (field.text, field.caret) == ("ell", 3)
    _deliver(field, _key(pygame.K_LEFT), _key(pygame.K_DELETE))
    assert (field.text, field.caret) == ("el", 2)


def test_the_field_takes_no_more_than_its_maximum_length(window: pygame.Surface) -> None:
    field = _focused(max_length=5)
    _deliver(field, _text("abcdefg"))
    assert field.text == "abcde"
    _deliver(field, _text("x"))
    assert field.text == "abcde"
    assert TextField("much too long", max_length=4).text == "much"


@pytest.mark.parametrize("mod", [pygame.KMOD_LCTRL, pygame.KMOD_LMETA])
def test_ctrl_or_cmd_v_pastes_the_clipboard_as_one_line(window: pygame.Surface, mod: int) -> None:
    pygame.scrap.put_text("first\nsecond\t!")
    field = _focused("> ", max_length=14)
    assert _deliver(field, _key(pygame.K_v, mod)) == [True]
    assert field.text == "> first second"


def test_with_no_clipboard_paste_quietly_does_nothing(window: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_clipboard() -> str:
        raise pygame.error("no clipboard")

    monkeypatch.setattr(pygame.scrap, "get_text", no_clipboard)
    field = _focused("kept")
    assert _deliver(field, _key(pygame.K_v, pygame.KMOD_LCTRL)) == [True]
    assert field.text == "kept"


def test_text_input_is_on_while_focused_and_a_click_moves_the_focus(window: pygame.Surface,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: calls.append("start"))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: calls.append("stop"))
    field = TextField()
    field.rect = pygame.Rect(100, 100, 400, 48)
    assert _deliver(field, _text("ignored")) == [False] and field.text == ""
    assert _deliver(field, _click((120, 120))) == [True] and field.focused
    _deliver(field, _editing("ni", 2))
    _deliver(field, _click((10, 10)))
    assert not field.focused and field.composition == ""
    assert calls == ["start", "stop"]


def test_enter_escape_and_tab_are_left_for_the_screen(window: pygame.Surface) -> None:
    field = _focused("name")
    assert _deliver(field, _key(pygame.K_RETURN), _key(pygame.K_ESCAPE), _key(pygame.K_TAB)) == [False, False, False]
    assert _deliver(field, _key(pygame.K_m)) == [True], "a letter's key would reach the screen's shortcuts"
    assert field.text == "name"


@pytest.mark.parametrize("high_contrast", [False, True])
@pytest.mark.parametrize("focused", [False, True])
def test_the_field_is_drawn_in_the_themes_colours_in_both_looks(window: pygame.Surface, high_contrast: bool,
                                                                focused: bool) -> None:
    theme = theme_for(high_contrast, False)
    fonts = FontBook()
    kit = Kit(theme, fonts, TextPainter(fonts, theme), CardImages(theme.card_style))
    surface = pygame.Surface((600, 300))
    surface.fill((1, 2, 3))
    field = TextField("Wen 文", placeholder="Name")
    field.rect = pygame.Rect(100, 100, 400, 48)
    if focused:
        field.focus()
    field.draw(surface, kit, 22)
    assert surface.get_at((field.rect.centerx + 150, field.rect.centery))[:3] == theme.panel
    edge = theme.accent if focused else theme.panel_line
    assert surface.get_at((field.rect.left + 1, field.rect.centery))[:3] == edge
    inked = {surface.get_at((x, y))[:3] for x in range(field.rect.left + 12, field.rect.left + 80)
             for y in range(field.rect.top + 8, field.rect.bottom - 8)}
    assert theme.panel in inked and len(inked) > 2, "no text drawn"
    outside = surface.get_at((field.rect.left - 1, field.rect.centery))[:3]
    assert (outside != (1, 2, 3)) == focused, "the focus ring is drawn only round a focused field"
    field.blur()


def test_an_empty_field_shows_its_placeholder_dimmed(window: pygame.Surface) -> None:
    theme = theme_for(False, False)
    fonts = FontBook()
    kit = Kit(theme, fonts, TextPainter(fonts, theme), CardImages(theme.card_style))
    surface = pygame.Surface((600, 300))
    field = TextField(placeholder="Your name")
    field.rect = pygame.Rect(100, 100, 400, 48)
    field.draw(surface, kit, 22)
    blank = TextField()
    blank.rect = field.rect
    other = pygame.Surface((600, 300))
    blank.draw(other, kit, 22)
    assert pygame.image.tobytes(surface, "RGB") != pygame.image.tobytes(other, "RGB")
