"""Locations of the game's bundled artwork (card faces, card backs, icon), fonts and sounds.

The ``assets`` folder lives in one of three places: inside the installed
package (``chinese_ten/assets``, put there by the wheel build), at the root of
a source checkout, or inside a frozen application's unpacked bundle.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from chinese_ten.cards import RANK_NAMES, SUITS

CARD_CODES: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANK_NAMES)
"""The 52 face codes, such as ``AS``, ``10H`` or ``QD``; each face is ``cards/STYLE/CODE.svg``."""

STYLES: tuple[str, ...] = ("classic", "four-colour", "high-contrast", "high-contrast-four-colour")
"""Names of the card styles; each is a folder under ``assets/cards/``."""

BACK = "back"
"""The code that names the card back instead of a face."""


def _candidates() -> list[Path]:
    """Folders that may hold the assets, most specific first."""
    found: list[Path] = []
    try:
        packaged = resources.files("chinese_ten") / "assets"
    except (ModuleNotFoundError, TypeError, ValueError):
        packaged = None
    if isinstance(packaged, Path):
        found.append(packaged)
    found.append(Path(__file__).resolve().parent.parent / "assets")
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        found.append(Path(bundle) / "chinese_ten" / "assets")
    return found


def assets_root() -> Path:
    """The folder holding the bundled artwork (it contains ``cards/`` and ``icon.svg``)."""
    looked = _candidates()
    for folder in looked:
        if (folder / "cards").is_dir():
            return folder
    places = ", ".join(str(p) for p in looked)
    raise FileNotFoundError(f"the Chinese Ten assets folder was not found; looked in: {places}")


def card_file(code: str, style: str = "classic", small: bool = False) -> Path:
    """The SVG file of one card face (``"10H"``, ``"QS"`` …) or of the back (``"back"``) in a style;
    ``small`` names a face's version for cards drawn a few pixels wide (a larger index suit, under
    ``cards/STYLE/small/``)."""
    if code != BACK and code not in CARD_CODES:
        raise ValueError(f"unknown card code {code!r}; expected a code such as 'AS', '10H' or 'back'")
    if style not in STYLES:
        raise ValueError(f"unknown card style {style!r}; expected one of {', '.join(STYLES)}")
    folder = assets_root() / "cards" / style
    path = (folder / "small" if small and code != BACK else folder) / f"{code}.svg"
    if not path.is_file():
        raise FileNotFoundError(f"card artwork missing: {path}")
    return path


def icon_file() -> Path:
    """The SVG file of the application icon."""
    path = assets_root() / "icon.svg"
    if not path.is_file():
        raise FileNotFoundError(f"icon artwork missing: {path}")
    return path


FONT_FILES: dict[bool, str] = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}
"""The bundled text font under ``fonts/``, regular and bold (SIL Open Font License 1.1)."""

LANGUAGE_FONT_FILES: dict[str, dict[bool, str]] = {
    "en": FONT_FILES,
    "zh-Hans": {False: "NotoSansSC-Regular.otf", True: "NotoSansSC-Bold.otf"},
    "zh-Hant": {False: "NotoSansTC-Regular.otf", True: "NotoSansTC-Bold.otf"},
}
"""The font files under ``fonts/`` of each language, regular and bold: Simplified and Traditional
Chinese each have their regional Noto Sans CJK cut down to the characters the game shows (SIL OFL 1.1)."""


LINK_FONT_FILE = "NotoSansMonoCJK-ASCII.otf"
"""The face table links are shown in, under ``fonts/``: Noto Sans Mono CJK SC's printable ASCII, whose l, I
and 1 differ, for a link copied by hand (SIL OFL 1.1)."""


def link_font_file() -> Path:
    """The font file table links are drawn with."""
    path = assets_root() / "fonts" / LINK_FONT_FILE
    if not path.is_file():
        raise FileNotFoundError(f"font missing: {path}")
    return path


def font_file(bold: bool = False, language: str = "en") -> Path:
    """The font file the screens draw text with in ``language``, regular or bold."""
    files = LANGUAGE_FONT_FILES.get(language)
    if files is None:
        raise ValueError(f"no font for language {language!r}; expected one of {', '.join(LANGUAGE_FONT_FILES)}")
    path = assets_root() / "fonts" / files[bold]
    if not path.is_file():
        raise FileNotFoundError(f"font missing: {path}")
    return path


SOUND_EFFECTS: dict[str, int] = {
    "lay": 4,
    "turn": 4,
    "capture": 3,
    "capture-scoring": 3,
    "your-turn": 2,
    "shuffle": 2,
    "deal-over": 1,
    "match-won": 1,
    "match-lost": 1,
}
"""Each sound effect and how many variants of it there are; a variant is ``sounds/EFFECT-N.wav``, N from 1."""


def sound_files(effect: str) -> list[Path]:
    """The WAV files of one sound effect's variants, in order."""
    count = SOUND_EFFECTS.get(effect)
    if count is None:
        raise ValueError(f"unknown sound effect {effect!r}; expected one of {', '.join(SOUND_EFFECTS)}")
    folder = assets_root() / "sounds"
    paths = [folder / f"{effect}-{n}.wav" for n in range(1, count + 1)]
    for path in paths:
        if not path.is_file():
            raise FileNotFoundError(f"sound missing: {path}")
    return paths
