"""The friends screen on its own (no server): Enter with nothing focused, the keys typed into it, a join
without a name, and where its one-line messages go."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.open_tables import OpenTables
from chinese_ten.ui.scenes.friends import FriendsScene
from chinese_ten.ui.widgets.button import Button, buttons_event

from uiharness import key_event


def _friends(window: pygame.Surface, tmp_path: Path, **settings: object) -> tuple[App, FriendsScene]:
    app = App(window, Settings(**settings), None, None, ComputerThinker(force_inline=True))  # type: ignore[arg-type]
    app.open_tables = OpenTables(tmp_path)
    app.show("friends")
    friends = app.top()
    assert isinstance(friends, FriendsScene)
    return app, friends


def _typed(key: int, text: str) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0),
            pygame.event.Event(pygame.TEXTINPUT, text=text)]


def test_enter_with_no_button_focused_presses_the_enter_button_or_focuses_the_first() -> None:
    pressed: list[str] = []
    buttons = [Button("A", "a"), Button("B", "b")]
    enter = Button("Go (Enter)", "go")
    buttons_event(key_event(pygame.K_RETURN), buttons, lambda b: pressed.append(b.action), None, enter=enter)
    assert pressed == ["go"]
    buttons_event(key_event(pygame.K_RETURN), buttons, lambda b: pressed.append(b.action), None)
    assert pressed == ["go"] and buttons[0].focused  # no Enter button: the focus appears, nothing is pressed
    buttons_event(key_event(pygame.K_RETURN), buttons, lambda b: pressed.append(b.action), None)
    assert pressed == ["go", "a"]


def test_enter_on_the_friends_screen_as_it_opens_joins_as_its_label_says(window: pygame.Surface,
                                                                          tmp_path: Path) -> None:
    app, friends = _friends(window, tmp_path, player_name="Ann")
    friends.link.blur()  # nothing has the focus: neither a field nor a button
    app.frame(1 / 30, [key_event(pygame.K_RETURN)])
    assert app.top() is friends and friends.message.startswith("That is not a table link")
    app.frame(1 / 30, [key_event(pygame.K_ESCAPE)])  # Esc after the refusal
    assert app.top() is not friends  # back to the start screen
    app.show("friends")
    again = app.top()
    assert isinstance(again, FriendsScene)
    app.frame(1 / 30, [key_event(pygame.K_ESCAPE), key_event(pygame.K_RETURN)])  # the field let go, then Enter
    assert app.top() is again and again.message.startswith("That is not a table link")


@pytest.mark.parametrize("clicked_first", [False, True])
def test_letters_typed_on_the_friends_screen_never_reach_the_window_keys(window: pygame.Surface, tmp_path: Path,
                                                                         clicked_first: bool) -> None:
    app, friends = _friends(window, tmp_path)
    assert friends.link.focused  # the link field has the keyboard as the screen opens
    if clicked_first:  # a click on a button takes the focus from the field
        friends.place(window.get_size())
        pos = friends.back_button.rect.move(0, -friends.back_button.rect.height * 3).center
        app.frame(1 / 30, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)])
        assert not friends.link.focused and app.top() is friends
    contrast, muted = app.settings.high_contrast, app.settings.muted
    for key, letter in ((pygame.K_h, "h"), (pygame.K_m, "m"), (pygame.K_p, "p")):
        app.frame(1 / 30, _typed(key, letter))
    assert (app.settings.high_contrast, app.settings.muted) == (contrast, muted)
    assert friends.link.text == "hmp" and friends.link.focused


def test_a_join_with_no_name_asks_for_one(window: pygame.Surface, tmp_path: Path) -> None:
    app, friends = _friends(window, tmp_path)
    friends.link.text = "http://127.0.0.1:9/t/table1#" + "c" * 20
    app.frame(1 / 30, [key_event(pygame.K_RETURN)])
    assert app.top() is friends and friends.name.focused
    assert "name" in friends.message
    assert app.settings.player_name == ""


def test_a_refused_link_is_told_under_join_clear_of_every_button(window: pygame.Surface, tmp_path: Path) -> None:
    from chinese_ten.ui.open_tables import OpenTable

    app, _friends_first = _friends(window, tmp_path, player_name="Ann")
    app.open_tables.keep(OpenTable("http://127.0.0.1:9", "table1", "t" * 20, 1, "ten"))
    app.show("friends")
    friends = app.top()
    assert isinstance(friends, FriendsScene)
    friends.link.text = "not a link"
    friends.join()
    friends.draw(window)
    line = app.kit.text.paragraph(friends.message, 18, (0, 0, 0), friends.link.rect.width)
    at = line.get_rect(topleft=(friends.link.rect.left, friends.message_top))
    assert window.get_rect().contains(at)
    assert at.collidelist([b.rect for b in friends.buttons()] + [friends.link.rect, friends.name.rect]) == -1


def test_the_lobby_fits_eight_seats_in_even_rows_above_leave() -> None:
    from chinese_ten.ui.app import open_window
    from chinese_ten.ui.scenes.lobby import LobbyScene

    class Client:
        url, table, token, game = "ws://127.0.0.1:9/ws", "table1", None, "fishing"

        def __init__(self, frames: list[dict[str, object]]) -> None:
            self.frames_ = frames

        def poll(self) -> list[dict[str, object]]:
            frames, self.frames_ = self.frames_, []
            return frames

        def close(self, wait: float = 0.0) -> None:
            pass

    for size in ((960, 600), (1920, 1080)):
        surface = open_window(size)
        app = App(surface, Settings(), None, None, ComputerThinker(force_inline=True))
        seats = [{"label": "host", "name": "Ann", "kind": "human", "online": True}] + [
            {"label": f"guest {i}", "name": "", "kind": "empty"} for i in range(1, 8)]
        links = {str(i): f"http://127.0.0.1:9/t/table1#{'c' * 22}{i}" for i in range(1, 8)}
        lobby = LobbyScene(app, Client([{"type": "created", "links": links},
                                         {"type": "welcome", "seat": 0, "seats": seats}]), host=True)
        app.replace(lobby)
        app.frame(1 / 30, [])
        lobby.place(size)
        rows = lobby.row_rects
        assert len(rows) == 8 and len({b.top - a.top for a, b in zip(rows, rows[1:])}) == 1  # evenly spaced
        assert all(surface.get_rect().contains(r) for r in rows) and rows[-1].bottom < lobby.back_button.rect.top
        for seat in range(1, 8):
            for b in (lobby.copy_buttons[seat], lobby.fill_buttons[seat]):
                assert rows[seat].contains(b.rect), (size, seat)
        lobby.draw(surface)
        app.thinker.shutdown()


def test_eight_seats_of_go_fishing_fit_the_smallest_window_without_overlap(tmp_path: Path) -> None:
    from chinese_ten import i18n
    from chinese_ten.ui.app import open_window
    from chinese_ten.ui.kit import font_px, ui_scale

    surface = open_window((960, 600))
    i18n.use_language("zh-Hans")  # the taller lines of the Chinese fonts
    try:
        app, friends = _friends(surface, tmp_path)
        friends.game, friends.seats = "fishing", 8
        friends._fix()
        friends.place(surface.get_size())
        note_px = app.kit.fonts.get(font_px(17, ui_scale(surface.get_size()))).get_linesize()
    finally:
        i18n.use_language("en")
    rects = [b.rect for b in friends.buttons()] + [friends.name.rect, friends.link.rect]
    assert all(surface.get_rect().contains(r) for r in rects)
    assert all(a.collidelist([b for b in rects if b is not a]) == -1 for a in rects)
    assert friends.host_button.rect.bottom + 8 + note_px <= surface.get_height()  # the note under Host in sight


def test_only_one_field_has_the_keyboard_and_a_key_the_name_leaves_never_types_into_the_link(
        window: pygame.Surface, tmp_path: Path) -> None:
    app, friends = _friends(window, tmp_path)
    friends.place(window.get_size())
    app.frame(1 / 30, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=friends.name.rect.center)])
    assert friends.name.focused and not friends.link.focused
    # Enter as some systems deliver it, carrying the last character typed: the name's field leaves it
    app.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="王", scancode=0)])
    assert friends.link.text == "" and not (friends.name.focused and friends.link.focused)
    app.frame(1 / 30, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=friends.link.rect.center)])
    assert friends.link.focused and not friends.name.focused


def test_text_that_comes_with_no_field_focused_goes_into_the_link(window: pygame.Surface, tmp_path: Path) -> None:
    app, friends = _friends(window, tmp_path)
    friends.link.blur()
    app.frame(1 / 30, [pygame.event.Event(pygame.TEXTINPUT, text="小明")])
    assert friends.link.text == "小明" and friends.link.focused
