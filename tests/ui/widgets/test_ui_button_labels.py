"""A preset's title on its button: one line when it fits, else two lines as even as its spaces allow."""

from __future__ import annotations

from chinese_ten.ui.widgets.button import balanced_lines


def _width(text: str) -> int:
    return 10 * len(text)


def _wrap(text: str) -> list[str]:
    return [text]


def test_a_title_that_fits_stays_on_one_line() -> None:
    assert balanced_lines("Classic", _width, 200, _wrap) == ["Classic"]


def test_a_long_title_breaks_into_two_even_lines_not_a_lone_last_word() -> None:
    # "Red Frog Black" fits 150 px, but "Red Frog / Black Frog" is the even break
    assert balanced_lines("Red Frog Black Frog", _width, 150, _wrap) == ["Red Frog", "Black Frog"]


def test_a_title_with_no_space_to_break_at_is_wrapped() -> None:
    assert balanced_lines("红蛙黑蛙红蛙黑蛙", _width, 50, lambda t: [t[:4], t[4:]]) == ["红蛙黑蛙", "红蛙黑蛙"]


def test_every_start_screen_button_label_fits_inside_its_button_with_continue_shown(
        window: object, monkeypatch: object) -> None:
    import pygame
    import pytest

    from chinese_ten.engine.thinking import ComputerThinker
    from chinese_ten.settings import Settings
    from chinese_ten.ui.app import App
    from chinese_ten.ui.kit.text import TextPainter
    from chinese_ten.ui.scenes.start import StartScene
    from chinese_ten.ui.widgets.button import Button, label_margin

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    drawn: list[tuple[str, int]] = []
    real = TextPainter.line

    def recording(self: TextPainter, text: str, size: int, *args: object, **kw: object) -> pygame.Surface:
        drawn.append((text, size))
        return real(self, text, size, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(TextPainter, "line", recording)
    for contrast in (False, True):
        surface = pygame.display.set_mode((960, 600))
        app = App(surface, Settings(high_contrast=contrast), None, None, ComputerThinker(force_inline=True))
        start = StartScene(app)
        start.actions.insert(0, Button("Continue", "continue"))  # as with an unfinished match kept
        start.play = start.actions[1]
        app.push(start)
        drawn.clear()
        app.frame(1 / 60, [])
        for b in start.actions:
            size = next(s for t, s in drawn if t == b.label)
            assert app.kit.text.width(b.label, size, True) <= b.rect.width - 2 * label_margin(b.rect), (b.label, contrast)
        app.thinker.shutdown()
