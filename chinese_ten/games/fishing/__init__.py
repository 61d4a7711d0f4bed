"""Chinese Go Fishing: the second game of the family, for 2 to 8 seats.

Five-card hands refilled from the stock, a layout refilled to five cards before every
turn, and a played card that captures any family of disjoint sets of layout cards
each summing to its value (J 11, Q 12, K 13, A 14). RULES.md, "Chinese Go Fishing",
settles every rule; INTERFACE.md gives its record (``chinese-ten/fishing-v1``) and its
action text (``play 9S take 5D+4H 9C``).

This package knows nothing of the window or of Chinese Ten's own rules: it reads
only the cards, the words, the random streams and the engine's protocol.
"""

from __future__ import annotations

from typing import Any

from chinese_ten.engine.game import GameSpec, GameState
from chinese_ten.i18n import N_
from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing import commands, helppages, wire
from chinese_ten.games.fishing.players import PLAYERS, STRENGTHS
from chinese_ten.games.fishing.record import FORMAT, record_actions, record_of, replay
from chinese_ten.games.fishing.rules import MATCH_LENGTHS, SEAT_COUNTS, STANDARD
from chinese_ten.games.fishing.state import FishingDeal
from chinese_ten.games.fishing.tutorial import Guide



def _record_of(state: GameState) -> dict[str, Any]:
    """A Go Fishing deal as its record."""
    if not isinstance(state, FishingDeal):
        raise TypeError(f"not a Go Fishing deal: {state!r}")
    return record_of(state)


SPEC = GameSpec(
    name="fishing",
    title=N_("Chinese Go Fishing"),
    record_format=FORMAT,
    seat_counts=SEAT_COUNTS,
    players=PLAYERS,
    strengths=STRENGTHS,
    default_rules=STANDARD,
    deal=lambda seats, rng, dealer, rules: FishingDeal.shuffled(seats, rng, dealer),
    parse_action=FishingAction.parse,
    replay=replay,
    record_of=_record_of,
    match_lengths=MATCH_LENGTHS,
    wire=wire,
    commands=commands,
    play_out_random=FishingDeal.play_out_random,
    record_actions=record_actions,
    lesson=Guide,
    practice="chinese_ten.games.fishing.practice",
    help_pages=helppages.help_pages,
)
"""Go Fishing as the games registry knows it."""

__all__ = ["SPEC", "FishingAction", "FishingDeal"]
