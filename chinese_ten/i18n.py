"""The words the game shows, in the language the person chose.

Every text a screen shows goes through :func:`_` (or :func:`ngettext` where the
words depend on a number), so that message catalogs can translate it. Texts
written down before a language is chosen (tables at module level) are marked
with :func:`N_` and translated where they are shown. The catalogs are gettext
``.mo`` files under ``assets/locale/<code>/LC_MESSAGES/``, compiled from the
``.po`` sources beside them by ``tools/messages.py``; a language without a
catalog, and any message a catalog lacks, shows English.

>>> use_language("en")
>>> _("Your turn")
'Your turn'
>>> system_language(env={"LANG": "zh_TW.UTF-8"}, platform="linux")
'zh-Hant'
"""

from __future__ import annotations

import gettext
import logging
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

DOMAIN = "chinese-ten"
"""The gettext domain: the catalogs' file name without ``.mo``."""

LANGUAGES: tuple[str, ...] = ("en", "zh-Hans", "zh-Hant")
"""The language codes the game can show, English first."""

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "zh-Hans": "简体中文", "zh-Hant": "繁體中文"}
"""Each language's name in that language, as the Settings screen offers it."""

SYSTEM = "system"
"""The language setting that follows the system's language."""

_log = logging.getLogger("chinese_ten.i18n")

_current: gettext.NullTranslations = gettext.NullTranslations()
_code = "en"
_here = threading.local()
"""A thread's own catalog while it writes in another language than the one in use (:func:`speaking`)."""


def locale_dir() -> Path:
    """The folder holding one ``<code>/LC_MESSAGES/chinese-ten.mo`` per translated language."""
    from chinese_ten.assets import assets_root

    return assets_root() / "locale"


def catalog(code: str) -> gettext.NullTranslations:
    """The translations of language ``code`` (English shows the messages as written)."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; expected one of {', '.join(LANGUAGES)}")
    if code == "en":
        return gettext.NullTranslations()
    path = locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with open(path, "rb") as fp:
            return gettext.GNUTranslations(fp)
    except OSError as exc:
        _log.warning("no catalog for %s, showing English: %s", code, exc)
        return gettext.NullTranslations()


def use_language(code: str, translations: gettext.NullTranslations | None = None) -> None:
    """Show every text from now on in the language ``code`` (English where it has no catalog).

    ``translations`` replaces the catalog read from the assets (a test's pseudo-language).
    """
    global _current, _code
    _current = translations if translations is not None else catalog(code)
    _code = code


def language() -> str:
    """The code of the language in use."""
    return _code


def _(message: str) -> str:
    """``message`` in the language in use (an empty text stays empty)."""
    return getattr(_here, "catalog", _current).gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of the message that fits the number ``n``, in the language in use."""
    return getattr(_here, "catalog", _current).ngettext(singular, plural, n)


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Within it, this thread's texts are in the language ``code``, whatever the language in use: a server writing a
    page in a browser's language beside a window that shows its own.

    >>> use_language("en")
    >>> with speaking("zh-Hans"):
    ...     _("Your turn") != "Your turn"
    True
    >>> _("Your turn")
    'Your turn'
    """
    before = getattr(_here, "catalog", None)
    _here.catalog = catalog(code)
    try:
        yield
    finally:
        if before is None:
            del _here.catalog
        else:
            _here.catalog = before


def sentences(parts: list[str] | tuple[str, ...]) -> str:
    """Translated sentences run together as the language writes them: a space after a sentence that ends in
    Latin script, none after one that ends in Chinese punctuation.

    >>> sentences(["One.", "Two."])
    'One. Two.'
    >>> sentences(["一。", "二。"])
    '一。二。'
    """
    out = ""
    for part in parts:
        if out and part and ord(out[-1]) < 0x2E80:
            out += " "
        out += part
    return out


def N_(message: str) -> str:
    """``message`` unchanged: marks a text for the catalogs that is translated later, where it is shown."""
    return message


def shown_language(choice: str) -> str:
    """The language a setting shows: itself, or for ``"system"`` the system's language."""
    return system_language() if choice == SYSTEM else choice


# --------------------------------------------------------------------------
# The system's language
# --------------------------------------------------------------------------


def language_for(tag: str) -> str | None:
    """The game's language for one locale name or language tag, or None when it shows none of them.

    Both POSIX names (``zh_TW.UTF-8``, ``en_GB``) and BCP 47 tags (``zh-Hant-HK``,
    ``zh-CN``) are understood; Chinese without a script or region is Simplified.

    >>> [language_for(t) for t in ("zh_CN", "zh-Hant-TW", "zh_HK.Big5", "en-US", "fr_FR", "C")]
    ['zh-Hans', 'zh-Hant', 'zh-Hant', 'en', None, None]
    """
    base = tag.split(".")[0].split("@")[0].replace("_", "-").strip()
    parts = [p.lower() for p in base.split("-") if p]
    if not parts:
        return None
    if parts[0] == "en":
        return "en"
    if parts[0] not in ("zh", "cmn", "yue"):
        return None
    rest = parts[1:]
    if "hant" in rest:
        return "zh-Hant"
    if "hans" in rest:
        return "zh-Hans"
    if any(r in ("tw", "hk", "mo") for r in rest) or parts[0] == "yue":
        return "zh-Hant"
    return "zh-Hans"


def _first_known(tags: list[str]) -> str:
    for tag in tags:
        found = language_for(tag)
        if found is not None:
            return found
    return "en"


def posix_preferences(env: Mapping[str, str]) -> list[str]:
    """The languages a POSIX environment asks for, first choice first.

    ``LC_ALL`` outranks ``LC_MESSAGES``, which outranks ``LANG``; ``LANGUAGE`` (a
    colon-separated list) outranks them all unless the locale is ``C``/``POSIX``.
    """
    locale_name = next((env[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)), "")
    if locale_name.split(".")[0] in ("C", "POSIX"):
        return []
    wanted = [t for t in env.get("LANGUAGE", "").split(":") if t] if locale_name else []
    return wanted + ([locale_name] if locale_name else [])


WINDOWS_LANGIDS: dict[int, str] = {
    0x0804: "zh-CN", 0x1004: "zh-SG", 0x0404: "zh-TW", 0x0C04: "zh-HK", 0x1404: "zh-MO", 0x7C04: "zh-Hant",
    0x0004: "zh-Hans",
}
"""Windows language identifiers of Chinese and the tags they stand for; other languages go by primary id."""


def windows_tag(langid: int) -> str:
    """The language tag of a Windows language identifier (``GetUserDefaultUILanguage``)."""
    if langid in WINDOWS_LANGIDS:
        return WINDOWS_LANGIDS[langid]
    return {0x09: "en", 0x04: "zh"}.get(langid & 0x3FF, "und")


def parse_apple_languages(text: str) -> list[str]:
    """The tags in ``defaults read -g AppleLanguages`` output: ``("zh-Hant-TW", "en-GB")``."""
    return [t.strip().strip('"') for t in text.strip().strip("()").split(",") if t.strip().strip('"')]


def _windows_langid() -> int:
    import ctypes

    return int(ctypes.windll.kernel32.GetUserDefaultUILanguage())  # type: ignore[attr-defined]


def _apple_languages() -> str:
    done = subprocess.run(["defaults", "read", "-g", "AppleLanguages"], capture_output=True, text=True,
                          timeout=5, check=False)
    return done.stdout


def system_language(env: Mapping[str, str] | None = None, platform: str | None = None,
                    windows_langid: Callable[[], int] = _windows_langid,
                    apple_languages: Callable[[], str] = _apple_languages) -> str:
    """The game's language that fits the system's own, English when it shows none of ours.

    Windows: the user's interface language; macOS: the first of the preferred
    languages; elsewhere the POSIX environment. A failure to ask reads as English.
    """
    platform = platform or sys.platform
    try:
        if platform == "win32":
            return _first_known([windows_tag(windows_langid())])
        if platform == "darwin":
            tags = parse_apple_languages(apple_languages())
            if tags:
                return _first_known(tags)
        return _first_known(posix_preferences(os.environ if env is None else env))
    except (OSError, ValueError, AttributeError, subprocess.SubprocessError) as exc:
        _log.info("the system's language could not be read, showing English: %s", exc)
        return "en"
