"""The words the game shows, in the language the person chose.

Every text a screen shows goes through :func:`_` (or :func:`ngettext` where the
words depend on a number), so that message catalogs can translate it. The
catalogs are gettext ``.mo`` files under ``assets/locale/<code>/LC_MESSAGES/``;
a language without a catalog, and any message a catalog lacks, shows English.

>>> use_language("en")
>>> _("Your turn")
'Your turn'
"""

from __future__ import annotations

import gettext

DOMAIN = "chinese-ten"
"""The gettext domain: the catalogs' file name without ``.mo``."""

LANGUAGES: tuple[str, ...] = ("en",)
"""The language codes the game can show, English first."""

_current: gettext.NullTranslations = gettext.NullTranslations()
_code = "en"


def use_language(code: str) -> None:
    """Show every text from now on in the language ``code`` (English where it has no catalog)."""
    global _current, _code
    _code = code
    _current = gettext.NullTranslations()


def language() -> str:
    """The code of the language in use."""
    return _code


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of the message that fits the number ``n``, in the language in use."""
    return _current.ngettext(singular, plural, n)
