"""The guided first deal of Go Fishing ("Learn to play" on its start screen): a fixed deal and its script.

The deal is a ``chinese-ten/fishing-v1`` record at two seats; the person sits at seat 0 and leads.
The record's turns are the guided part of the deal. On each of the person's turns that
:data:`STEPS` names, only the recorded action (the card and the sets it takes) may be played, and
the script says what the turn teaches: adding up to a card's value, the draw and the refill,
several sets at once, what scores, a card laid down. The other seat plays its recorded turns, and
after them as the Normal player would; after the guided turns the person plays the rest of the
deal as they like. The script only narrows the choice among the actions the rules allow; it never
decides a rule.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from chinese_ten.cards import Card
from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing.players.normal import NormalPlayer
from chinese_ten.games.fishing.record import FORMAT, deal_of, turn_action
from chinese_ten.games.fishing.state import FishingDeal
from chinese_ten.i18n import N_, _

PERSON = 0
"""The seat the person plays in the guided deal."""

RECORD: dict[str, Any] = {
    "format": FORMAT,
    "seats": 2,
    "dealer": 1,
    "hands": [["9H", "KH", "AS", "2D", "7C"], ["10D", "4C", "9D", "7D", "JH"]],
    "layout": ["5C", "4D", "3S", "8S", "10C"],
    "stock": ["JD", "KC", "6H", "5S", "9C", "QH", "QD", "2C", "4S", "7S", "AD", "3D", "8C", "4H", "6D", "10H",
              "5H", "3H", "6C", "JS", "KS", "9S", "JC", "KD",
              "QS", "AH", "10S", "8D", "2H", "3C", "2S", "QC", "7H", "8H", "6S", "AC", "5D"],
    "turns": [
        {"seat": 0, "play": "9H", "take": [["5C", "4D"]]},
        {"seat": 1, "play": "10D", "take": [["10C"]]},
        {"seat": 0, "play": "JD", "take": [["8S", "3S"]]},
        {"seat": 1, "play": "9D", "take": [["9C"]]},
        {"seat": 0, "play": "KH", "take": [["KC"], ["6H", "7S"]]},
        {"seat": 1, "play": "7D", "take": [["3D", "4H"]]},
        {"seat": 0, "play": "AS", "take": [["QD", "2C"]]},
        {"seat": 1, "play": "JH", "take": [["JS"], ["6C", "5H"]]},
        {"seat": 0, "play": "2D", "take": None},
    ],
}
"""The guided deal: the stock's first 24 cards are drawn and turned during the record's nine turns, so each
guided turn finds the layout its words speak of; the other 13 were shuffled once and written down."""


@dataclass(frozen=True)
class Step:
    """What the script says on one of the person's guided turns; its action is the record's."""

    turn: int
    """The deal's turn number (1 for the first)."""
    concept: str
    """What the turn teaches: ``sums``, ``refill``, ``sets``, ``scoring`` or ``lay-down``."""
    title: str
    text: str
    choice_text: str = ""
    """What to say while the person picks among the ways the card may take."""


STEPS: tuple[Step, ...] = (
    Step(1, "sums", N_("Adding up"),
         N_("Every card has a value for adding up: 2 to 10 their number, J 11, Q 12, K 13 and A 14; suits never "
            "matter. A card you play takes layout cards whose values add up to its own. Play your 9♥: 5 + 4 "
            "make 9, so it takes the 5♣ and the 4♦.")),
    Step(3, "refill", N_("The draw and the refill"),
         N_("After your play you drew the top card of the stock, the J♦, so you hold five cards again; North "
            "drew too. And before every turn the layout is filled up to five cards from the stock: the K♣, the "
            "6♥ and the 9♣ came that way. Play the J♦ you drew: 8 + 3 make 11.")),
    Step(5, "sets", N_("Several sets at once"),
         N_("One card may take several sets together, each adding up to its value and no card in two of them; "
            "a single card of the same value is a set too. Your K♥ counts 13: it can take the K♣ and 6 + 7 at "
            "once. Play it and choose both sets."),
         N_("Choose the way that takes both the K♣ and 6♥ + 7♠. Taking is never compulsory: you may take "
            "fewer sets, or none, but here more cards score more.")),
    Step(7, "scoring", N_("What scores"),
         N_("Every card you take scores, the card you play included: 2 to 10 score 10 each, J 20, Q 30, K 40 "
            "and A 50, so the pack holds 920 points. Play your A♠: 14 is Q + 2, and it wins 50 + 30 + 10 = 90 "
            "points.")),
    Step(9, "lay-down", N_("Nothing to take"),
         N_("None of your cards adds up with the layout this time. A card that takes nothing joins the layout, "
            "where the next seat may use it in a sum. Keep your ace and your queen for a later sum: lay down "
            "your 2♦, a card worth only 10 points.")),
)
"""The person's guided turns, in the order of the deal."""

FREE = (N_("Your turn: any card"),
        N_("The rest of the deal is yours: play any card. Point at a card (or press Left and Right) to see what "
           "it would take. Aces and court cards score the most; mind the sums you leave on the layout for "
           "North."))
"""The title and words on the person's turns after the guided ones."""

WATCH = (N_("North's turn"),
         N_("North plays a card, takes the sets it adds up to, then draws from the stock. Before each turn the "
            "layout is filled up to five cards again."))
"""The title and words while the other seat plays."""

COUNT = (N_("The count"),
         N_("The deal is over: the stock and every hand are empty, and the cards left on the layout go to "
            "nobody. Your result is your points minus the mean of both seats' points, so the results add up "
            "to zero. Over a match the results add up, and the highest total wins."))
"""The title and words once the deal is over."""

ENDING = N_("You have seen the whole game: adding up to a card's value, the draw and the refill, several sets at "
            "once, what scores, a card laid down and the count. The computers play by the same rules; Help (F1) "
            "has them all.")
"""What the lesson showed, said at its end."""

REFUSED = N_("Not that one this time: this step is about your {card}, lit below. In a real match any card may be "
             "played.")
"""Why another card is refused on a guided turn."""

REFUSED_SETS = N_("Not that way this time: this step is about taking {sets} with your {card}. In a real match you "
                  "may take fewer sets, or none.")
"""Why another way of taking is refused on a guided turn."""


def turn_number(deal: FishingDeal) -> int:
    """The number of the turn under way (1 for the first), or of the last once the deal is over."""
    return len(deal.turns) + (0 if deal.is_over else 1)


class Guide:
    """The script read against a live deal: the step under way, the action it asks for, the other seat's
    moves, and why another move is not the one this step is about."""

    def __init__(self) -> None:
        """A guide through the guided deal, the person at :data:`PERSON`."""
        self.record = RECORD
        self.person = PERSON
        self._steps = {step.turn: step for step in STEPS}
        self.steps = len(STEPS)
        """How many guided turns the script has."""
        self._normal = NormalPlayer()

    def new_deal(self) -> FishingDeal:
        """The guided deal as dealt, before any turn."""
        return deal_of(self.record)

    def step(self, deal: FishingDeal) -> Step | None:
        """The guided step under way; None on any other turn."""
        if deal.is_over or deal.to_act != self.person:
            return None
        return self._steps.get(turn_number(deal))

    def step_number(self, deal: FishingDeal) -> int:
        """Which guided turn (1 for the first) is under way or last passed; 0 before the first."""
        return sum(1 for turn in self._steps if turn <= turn_number(deal))

    def guided(self, deal: FishingDeal) -> bool:
        """True when only the step's action may be played now."""
        return self.step(deal) is not None

    def action(self, deal: FishingDeal) -> FishingAction | None:
        """The record's action for the guided step under way; None when any legal move will do."""
        if self.step(deal) is None:
            return None
        return turn_action(deal, self.record["turns"][turn_number(deal) - 1])

    def suggested(self, deal: FishingDeal) -> Card | None:
        """The card the step asks for; None when any legal move will do."""
        action = self.action(deal)
        return None if action is None else action.card

    def refusal(self, deal: FishingDeal, action: FishingAction) -> str | None:
        """Why the person may not make ``action`` in this step, in words; None when it is allowed.
        The rules are checked by the deal; this only keeps a guided turn to its action."""
        wanted = self.action(deal)
        if wanted is None:
            return None
        if action.card != wanted.card:
            return _(REFUSED).format(card=wanted.card.pretty)
        if action.canonical() != wanted.canonical():
            sets = _(", ").join("+".join(c.pretty for c in s) for s in wanted.sets)
            return _(REFUSED_SETS).format(sets=sets, card=wanted.card.pretty)
        return None

    def words(self, deal: FishingDeal, choosing: bool = False) -> tuple[str, str]:
        """The title and the text to show now, translated; ``choosing`` while the person picks a way to take."""
        if deal.is_over:
            title, text = COUNT
        elif deal.to_act != self.person:
            title, text = WATCH
        elif (step := self.step(deal)) is not None:
            title, text = step.title, step.choice_text if choosing and step.choice_text else step.text
        else:
            title, text = FREE
        return _(title), _(text)

    def ending(self) -> str:
        """What the lesson showed, translated, for its last word."""
        return _(ENDING)

    def computer_action(self, deal: FishingDeal) -> FishingAction:
        """The other seat's move now: the record's while the record lasts and its move is legal, then the
        Normal player's from the seat's own view."""
        index = turn_number(deal) - 1
        turns = self.record["turns"]
        if 0 <= index < len(turns):
            action = turn_action(deal, turns[index])
            if action.canonical() in {legal.canonical() for legal in deal.legal_actions()}:
                return action
        seat = deal.to_act
        assert seat is not None
        return self._normal.act(deal.observe(seat), random.Random(index))
