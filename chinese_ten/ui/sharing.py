"""Passing a link on from the window: the system clipboard, and a finished network deal's ``/d/TABLE/N`` link
(NETWORK.md, "Watching and sharing a deal"), which the lobby, the count, the review and History share."""

from __future__ import annotations

import logging

import pygame

from chinese_ten.i18n import N_, _

_log = logging.getLogger("chinese_ten.ui")

LINK_KEY = "link"
"""The key under which a kept network deal's record holds its ``/d/`` link."""

DEAL_COPIED = N_("The deal's link is copied: anyone with it can step through the deal. {link}")
"""What Share says once a deal's link is on the clipboard."""
NO_CLIPBOARD = N_("There is no clipboard here: copy the link as it is shown.")
"""What Copy or Share says when the system has no clipboard."""


def copy_text(text: str) -> bool:
    """Put ``text`` on the system clipboard; False (quietly) when there is none."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError, RuntimeError) as exc:
        _log.info("no clipboard: %s", exc)
        return False
    return True


def deal_link(base: str, table: str, number: int) -> str:
    """The link that shows finished deal ``number`` of ``table`` on the server at ``base``.

    >>> deal_link("http://127.0.0.1:47110/", "k3m9x2p7", 2)
    'http://127.0.0.1:47110/d/k3m9x2p7/2'
    """
    return f"{base.rstrip('/')}/d/{table}/{number}"


def share_deal(link: str) -> str:
    """Copy a deal's link to the clipboard; the line that says so (or that there is no clipboard, with the link
    to copy by hand)."""
    if copy_text(link):
        return _(DEAL_COPIED).format(link=link)
    return _(NO_CLIPBOARD) + " " + link


def record_link(record: object) -> str:
    """The ``/d/`` link a kept deal's record holds (a network deal's); empty for any other."""
    link = record.get(LINK_KEY) if isinstance(record, dict) else None
    return link if isinstance(link, str) and "/d/" in link else ""
