"""How the window meets the screen it opens on: DPI awareness, the first size, points and pixels.

On Windows the process declares per-monitor DPI awareness whether it was started from
a pip install or from the frozen app (whose manifest says the same), so one window
unit is one pixel in both and nothing is stretched. The first window is never larger
than the desktop's usable area. Window sizes are remembered in window units (what
``set_mode`` takes): pixels on Windows and Linux, points on macOS, where a Retina
drawable holds more pixels than the window has points; mouse positions arrive in
points and are mapped to the drawable's pixels.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import MutableMapping

import pygame

DPI_HINTS: dict[str, str] = {
    "SDL_WINDOWS_DPI_AWARENESS": "permonitorv2",
    "SDL_WINDOWS_DPI_SCALING": "0",
}
"""SDL hints set before the display starts: per-monitor aware, one SDL unit = one pixel."""

FRAME_ALLOWANCE = (0, 48)
"""Window units of the usable width and height left for the window's frame and title bar
(the side borders of today's systems take no room; a title bar is 30 to 45 units)."""

DESKTOP_RESERVE = 48
"""Window units of the desktop's height taken by menu bars, docks and panels where the
system does not say (every platform but Windows): GNOME's top bar and macOS's menu bar
are 25 to 40."""

HEADLESS_DRIVERS = frozenset({"dummy", "offscreen"})
"""SDL video drivers with no screen behind them."""

HIGH_DPI_PLATFORMS = frozenset({"darwin"})
"""Where the window asks for a drawable at the screen's own pixel density (Retina)."""

_high_dpi: pygame.Window | None = None
"""The window opened with a high-DPI drawable, while it is the one in use."""

_high_dpi_fullscreen = False

_own_fullscreen: tuple[tuple[int, int], tuple[int, int]] | None = None
"""While the window fills the screen by itself (no window manager to ask): its windowed size and position."""


def window_manager_running() -> bool | None:
    """On X11, whether a window manager runs (one that says so on the root window, as every current one
    does); None where that is not known (another system, no X library, no display)."""
    if pygame.display.get_init() and pygame.display.get_driver() != "x11":
        return None
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("X11")
    if not name:
        return None
    try:
        x = ctypes.CDLL(name)
    except OSError:
        return None
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x.XDefaultRootWindow.restype = ctypes.c_ulong
    x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x.XInternAtom.restype = ctypes.c_ulong
    x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x.XGetWindowProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long, ctypes.c_long,
                                     ctypes.c_int, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                                     ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_ulong),
                                     ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_void_p)]
    x.XFree.argtypes = [ctypes.c_void_p]
    x.XCloseDisplay.argtypes = [ctypes.c_void_p]
    connection = x.XOpenDisplay(None)
    if not connection:
        return None
    try:
        atom = x.XInternAtom(connection, b"_NET_SUPPORTING_WM_CHECK", 1)
        if not atom:
            return False
        kind, form = ctypes.c_ulong(), ctypes.c_int()
        count, left, data = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.c_void_p()
        x.XGetWindowProperty(connection, x.XDefaultRootWindow(connection), atom, 0, 1, 0, 33,  # 33: XA_WINDOW
                             ctypes.byref(kind), ctypes.byref(form), ctypes.byref(count), ctypes.byref(left),
                             ctypes.byref(data))
        if data:
            x.XFree(data)
        return count.value > 0
    finally:
        x.XCloseDisplay(connection)


def fills_screen_itself() -> bool:
    """True where full screen must be made by the window itself: an X display with no window manager, which
    would leave the window its size while SDL draws a picture the size of the screen into it (cropped)."""
    return window_manager_running() is False


def apply_dpi_hints(environ: MutableMapping[str, str] | None = None) -> None:
    """Set the DPI hints (Windows reads them; elsewhere they change nothing); a value already set wins."""
    env = os.environ if environ is None else environ
    for name, value in DPI_HINTS.items():
        env.setdefault(name, value)


def first_window_size(wanted: tuple[int, int], usable: tuple[int, int] | None) -> tuple[int, int]:
    """The size to open the window at: ``wanted``, shrunk to fit ``usable`` less the frame.

    ``usable`` is the desktop's usable area (without task bar, dock or menu bar) in
    window units, or None when unknown.
    """
    width, height = wanted
    if usable is None:
        return (width, height)
    room_w = usable[0] - FRAME_ALLOWANCE[0]
    room_h = usable[1] - FRAME_ALLOWANCE[1]
    return (max(1, min(width, room_w)), max(1, min(height, room_h)))


def minimum_window_size(minimum: tuple[int, int], usable: tuple[int, int] | None) -> tuple[int, int]:
    """The smallest size the window may be dragged to: ``minimum``, unless the screen is smaller."""
    if usable is None:
        return minimum
    fitted = first_window_size(minimum, usable)
    return (min(minimum[0], fitted[0]), min(minimum[1], fitted[1]))


def _windows_work_area() -> tuple[int, int] | None:
    """The primary monitor's work area (without the task bar) in pixels, on Windows."""
    try:
        import ctypes
        from ctypes import wintypes

        rect = wintypes.RECT()
        spi_getworkarea = 0x0030
        if not ctypes.windll.user32.SystemParametersInfoW(spi_getworkarea, 0, ctypes.byref(rect), 0):  # type: ignore[attr-defined]
            return None
        return (rect.right - rect.left, rect.bottom - rect.top)
    except (AttributeError, OSError, ValueError):
        return None


def headless() -> bool:
    """True when the window has no screen behind it (SDL's dummy or offscreen driver): nobody sees a frame."""
    return bool(pygame.display.get_init() and pygame.display.get_driver() in HEADLESS_DRIVERS)


def usable_desktop_size(platform: str | None = None) -> tuple[int, int] | None:
    """The usable area of the first desktop in window units, or None when unknown.

    Call after ``pygame.display.init()`` (and so after the DPI hints took effect).
    """
    if headless():
        return None  # no desktop: the window is as large as asked
    if (platform or sys.platform) == "win32":
        area = _windows_work_area()
        if area is not None:
            return area
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes or min(sizes[0]) <= 0:
        return None
    width, height = sizes[0]
    return (width, height - DESKTOP_RESERVE)


def wants_high_dpi(platform: str | None = None) -> bool:
    """True where the window should ask for a high-DPI drawable (default: this platform)."""
    return (platform or sys.platform) in HIGH_DPI_PLATFORMS


def open_surface(size: tuple[int, int], title: str, high_dpi: bool) -> pygame.Surface:
    """Open the resizable window at ``size`` window units; returns the surface to draw on.

    With ``high_dpi`` the window is a ``pygame.Window`` that allows a high-DPI
    drawable, whose surface has the screen's real pixels (twice the points on a
    Retina screen); otherwise it is the display module's window.
    """
    global _high_dpi, _high_dpi_fullscreen, _own_fullscreen
    _high_dpi, _high_dpi_fullscreen, _own_fullscreen = None, False, None
    if high_dpi:
        _high_dpi = pygame.Window(title, size, resizable=True, allow_high_dpi=True)
        return _high_dpi.get_surface()
    pygame.display.set_caption(title)
    return pygame.display.set_mode(size, pygame.RESIZABLE)


def _current_high_dpi() -> pygame.Window | None:
    # The high-DPI window counts only while the display module has no window of its own.
    if _high_dpi is None or not pygame.display.get_init() or pygame.display.get_surface() is not None:
        return None
    return _high_dpi


def window() -> pygame.Window | None:
    """The open window as a ``pygame.Window``, or None when there is none."""
    current = _current_high_dpi()
    if current is not None:
        return current
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (AttributeError, pygame.error, TypeError, ValueError):
        return None


def surface() -> pygame.Surface | None:
    """The surface to draw on (fetch it again after a resize), or None without a window."""
    current = _current_high_dpi()
    if current is not None:
        return current.get_surface()
    return pygame.display.get_surface()


def flip() -> None:
    """Show what was drawn."""
    current = _current_high_dpi()
    if current is not None:
        current.flip()
    else:
        pygame.display.flip()


def set_fullscreen(on: bool) -> None:
    """Put the window in desktop full screen or back; raises ``pygame.error`` when the display can't."""
    global _high_dpi_fullscreen, _own_fullscreen
    current = window()
    if current is not None and (_own_fullscreen is not None or (on and fills_screen_itself())):
        if on and _own_fullscreen is None:
            _own_fullscreen = (tuple(current.size), tuple(current.position))  # type: ignore[assignment]
            current.borderless = True
            current.position = (0, 0)
            current.size = pygame.display.get_desktop_sizes()[0]
        elif not on and _own_fullscreen is not None:
            size, where = _own_fullscreen
            _own_fullscreen = None
            current.borderless = False
            current.size = size
            current.position = where
        return
    if current is not None:
        if on:
            current.set_fullscreen(desktop=True)
        else:
            current.set_windowed()
        if current is _high_dpi:
            _high_dpi_fullscreen = on
        return
    if on != is_fullscreen():
        pygame.display.toggle_fullscreen()


def is_fullscreen() -> bool:
    """True while the window fills the screen."""
    if _own_fullscreen is not None:
        return True
    if _current_high_dpi() is not None:
        return _high_dpi_fullscreen
    current = pygame.display.get_surface()
    return bool(current is not None and current.get_flags() & pygame.FULLSCREEN)


def window_size() -> tuple[int, int] | None:
    """The window's size in window units (points on macOS), or None without a window."""
    current = _current_high_dpi()
    if current is not None:
        return tuple(current.size)  # type: ignore[return-value]
    if pygame.display.get_surface() is None:
        return None
    return tuple(pygame.display.get_window_size())  # type: ignore[return-value]


def to_pixels(pos: tuple[float, float], window: tuple[int, int], drawable: tuple[int, int]) -> tuple[int, int]:
    """A point in window units as a pixel of the drawable (equal where the two sizes agree)."""
    x, y = pos
    if window[0] <= 0 or window[1] <= 0 or window == drawable:
        return (int(x), int(y))
    px = int(x * drawable[0] / window[0])
    py = int(y * drawable[1] / window[1])
    return (min(max(px, 0), max(drawable[0] - 1, 0)), min(max(py, 0), max(drawable[1] - 1, 0)))


_MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def event_in_pixels(event: pygame.event.Event, window: tuple[int, int] | None,
                    drawable: tuple[int, int]) -> pygame.event.Event:
    """A mouse event with its position in the drawable's pixels; other events unchanged."""
    if event.type not in _MOUSE_EVENTS or window is None or window == drawable or not hasattr(event, "pos"):
        return event
    attrs = dict(event.dict)
    attrs["pos"] = to_pixels(event.pos, window, drawable)
    if "rel" in attrs:
        rx, ry = attrs["rel"]
        attrs["rel"] = (round(rx * drawable[0] / window[0]), round(ry * drawable[1] / window[1]))
    return pygame.event.Event(event.type, attrs)
