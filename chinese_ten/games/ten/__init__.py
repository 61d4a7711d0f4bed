"""Chinese Ten, the classic fishing game and its house rules, as a game of the registry.

:data:`SPEC` is what the table, the records and the command line know of it; the rules
are in :mod:`.rules`, a deal in :mod:`.deal`, a seat's view in :mod:`.view`, the
events in :mod:`.events`, the record codec in :mod:`.record`, the computer players in
:mod:`.players`, the review in :mod:`.review`, the lesson in :mod:`.tutorial` and the
words that explain the rules in :mod:`.texts`.
"""

from __future__ import annotations

import random

from chinese_ten.engine.game import GameSpec
from chinese_ten.engine.match import MATCH_LENGTHS
from chinese_ten.games.ten.deal import Action, Deal
from chinese_ten.games.ten import commands, helppages, wire
from chinese_ten.games.ten.players import PLAYERS, STRENGTHS
from chinese_ten.games.ten.record import FORMAT, record_actions, record_of, replay
from chinese_ten.games.ten.rules import CLASSIC, HOUSE_RULES, RuleSet
from chinese_ten.games.ten.tutorial import Guide
from chinese_ten.i18n import N_


def _deal(seats: int, rng: random.Random, dealer: int, rules: RuleSet) -> Deal:
    return Deal.shuffled(seats, rng, dealer, rules)


SPEC = GameSpec(
    name="ten",
    title=N_("Chinese Ten"),
    record_format=FORMAT,
    seat_counts=(2, 3, 4),
    players=PLAYERS,
    strengths=STRENGTHS,
    default_rules=CLASSIC,
    deal=_deal,
    parse_action=Action.parse,
    replay=replay,  # type: ignore[arg-type]
    record_of=record_of,  # type: ignore[arg-type]
    match_lengths=MATCH_LENGTHS,
    wire=wire,
    commands=commands,
    options=HOUSE_RULES,
    play_out_random=Deal.play_out_random,
    record_actions=record_actions,  # type: ignore[arg-type]
    lesson=Guide,
    practice="chinese_ten.games.ten.practice",
    help_pages=helppages.help_pages,
)
"""Chinese Ten as the registry knows it."""
