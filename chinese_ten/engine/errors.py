"""The two ways an action can be refused.

An :class:`InvalidAction` is not an action at all (``"play 1Z"``, a set that is not a
list); an :class:`IllegalMove` is a well-formed action the rules or the moment forbid
(a card not in the hand, a take that does not make ten). Both are ``ValueError``s, so a
caller that does not care which may catch that.
"""

from __future__ import annotations


class IllegalMove(ValueError):
    """A well-formed action that the rules or the deal's phase do not allow."""


class InvalidAction(IllegalMove):
    """A text or value that does not describe an action of the game at all.

    It is an :class:`IllegalMove` too, so code that refuses whatever cannot be applied
    needs one ``except``; code that must tell the two apart catches this one first.
    """
