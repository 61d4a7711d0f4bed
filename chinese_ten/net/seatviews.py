"""A network seat's view of its deal, rebuilt from what the server told that seat.

The window's table reads a seat's *view* (whatever the game's ``observe(seat)`` gives) for its
previews, legal plays and capture choices. At a network table there is no deal to ask, so the view is rebuilt from two things
the seat was told:

- the seat's ``state`` (NETWORK.md): its hand, the layout, the sizes of the other hands and of the
  stock, whose move it is and the capture choice it owes. This is the server's own statement of what
  the seat may know, so it is taken as it stands for everything it covers: the table then agrees with
  what the server will accept, and nothing in it can be a card the seat may not know;
- the events of the deal so far as the seat was told them, for what ``state`` does not carry whole:
  the cards in each pile, the turns played, every card that has lain face up, and what the deal waits
  for (a turned card, another seat's capture choice). Those events name only cards that lie face up.

Neither source holds another hand or the stock, so neither does the view. Each game rebuilds its own, in
its wire codec's ``view_from_json`` (``spec.wire``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chinese_ten.net.wire import codec_of


def view_of(game: str, state: Mapping[str, Any], story: Sequence[Any], *, waiting: bool = False) -> Any:
    """The view of the seat ``state`` describes, with ``story`` (its deal's events as told); ``waiting``
    while its own decision is on its way to the server (the view then shows nobody to move yet)."""
    return codec_of(game).view_from_json(state, story, waiting=waiting)
