"""The guided first deal ("Learn to play"): a fixed deal record and its script.

The deal is a ``chinese-ten/deal-v1`` record at two seats under the classic
rules; the person sits at seat 0 and leads. Each :class:`Lesson` belongs to one
turn of the record: on the person's guided turns it names the suggested action
(the card to play and, where the take is a choice, the take) and says what to
do and why; on the other seat's turns it says what to watch. The other seat's
moves are the record's. After the guided turns the person plays the rest of
the deal as they like. A :class:`Guide` reads the script against a live deal:
which action is suggested now, what to say, and why another card is refused.
It only narrows the choice among the actions the rules allow; it never
decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chinese_ten.cards import Card
from chinese_ten.games.ten.deal import Action, Deal
from chinese_ten.games.ten.turns import Phase
from chinese_ten.i18n import N_, _
from chinese_ten.games.ten.record import deal_of

PERSON = 0
"""The seat the person plays in the guided deal."""

RECORD: dict[str, Any] = {
    "format": "chinese-ten/deal-v1",
    "rules": "classic",
    "seats": 2,
    "dealer": 1,
    "hands": [["3H", "KH", "8C", "4S", "9C", "2D", "QD", "7S", "10H", "JD", "9D", "2C"],
              ["10D", "5H", "6D", "AS", "4H", "3S", "KD", "7H", "QS", "AC", "9H", "2H"]],
    "layout": ["7C", "KC", "2S", "5C"],
    "stock": ["10S", "4C", "JC", "3C", "QC", "KS", "6H", "AH", "6S", "8H", "5S", "4D",
              "5D", "JH", "JS", "QH", "3D", "8S", "8D", "AD", "9S", "7D", "6C", "10C"],
    "turns": [
        {"seat": 0, "play": "3H", "take": "7C", "flip": "10S", "flip_take": None},
        {"seat": 1, "play": "10D", "take": "10S", "flip": "4C", "flip_take": None},
        {"seat": 0, "play": "KH", "take": "KC", "flip": "JC", "flip_take": None},
        {"seat": 1, "play": "5H", "take": "5C", "flip": "3C", "flip_take": None},
        {"seat": 0, "play": "8C", "take": "2S", "flip": "QC", "flip_take": None},
        {"seat": 1, "play": "6D", "take": "4C", "flip": "KS", "flip_take": None},
        {"seat": 0, "play": "4S", "take": None, "flip": "6H", "flip_take": "4S"},
        {"seat": 1, "play": "AS", "take": None, "flip": "AH", "flip_take": None},
        {"seat": 0, "play": "9C", "take": "AH", "flip": "6S", "flip_take": None},
        {"seat": 1, "play": "4H", "take": "6S", "flip": "8H", "flip_take": None},
        {"seat": 0, "play": "2D", "take": "8H", "flip": "5S", "flip_take": None},
        {"seat": 1, "play": "9H", "take": "AS", "flip": "4D", "flip_take": None},
        {"seat": 0, "play": "JD", "take": "JC", "flip": "5D", "flip_take": "5S"},
        {"seat": 1, "play": "KD", "take": "KS", "flip": "JH", "flip_take": None},
        {"seat": 0, "play": "QD", "take": "QC", "flip": "JS", "flip_take": "JH"},
        {"seat": 1, "play": "7H", "take": "3C", "flip": "QH", "flip_take": None},
        {"seat": 0, "play": "2C", "take": None, "flip": "3D", "flip_take": None},
        {"seat": 1, "play": "QS", "take": "QH", "flip": "8S", "flip_take": "2C"},
        {"seat": 0, "play": "7S", "take": "3D", "flip": "8D", "flip_take": None},
        {"seat": 1, "play": "2H", "take": "8D", "flip": "AD", "flip_take": None},
        {"seat": 0, "play": "9D", "take": "AD", "flip": "9S", "flip_take": None},
        {"seat": 1, "play": "AC", "take": "9S", "flip": "7D", "flip_take": None},
        {"seat": 0, "play": "10H", "take": None, "flip": "6C", "flip_take": "4D"},
        {"seat": 1, "play": "3S", "take": "7D", "flip": "10C", "flip_take": "10H"},
    ],
}
"""The whole guided deal as played with every suggestion followed (the person's later turns as the
Normal player would play them). The other seat's turns are what the computer plays."""


@dataclass(frozen=True)
class Lesson:
    """What the script says on one turn and, on a guided turn of the person, the only action allowed."""

    turn: int
    """The deal's turn number (1 for the first) this lesson belongs to."""
    concept: str
    """What the turn shows: ``ten``, ``own-rank``, ``compulsory``, ``turned``, ``choice``, ``scoring``,
    ``free`` (the person plays any card), ``watch`` (the other seat plays) or ``count`` (the deal is over)."""
    title: str
    text: str
    suggested: Action | None = None
    """The person's suggested play, its take named when the take is a choice; None lets any card be played."""
    choice_text: str = ""
    """What to say while the person picks the take of the suggested card."""

    @property
    def guided(self) -> bool:
        """True when only the suggested action may be played on this turn."""
        return self.suggested is not None


LESSONS: tuple[Lesson, ...] = (
    Lesson(1, "ten", N_("Making ten"),
           N_("Each card you play takes one card from the layout. From ace to nine, a card takes the card that "
              "makes ten with it: ace and 9, 2 and 8, 3 and 7, 4 and 6, 5 and 5. Play your 3♥: it takes the 7♣."),
           Action.play("3H")),
    Lesson(3, "own-rank", N_("Tens and court cards"),
           N_("North's 10♦ took the 10♠: tens, jacks, queens and kings make no ten, so each takes only a card of "
              "its own rank. Play your K♥: it takes the K♣."),
           Action.play("KH")),
    Lesson(5, "compulsory", N_("Taking is compulsory"),
           N_("You may play any card you hold, but a card that can take must take: it cannot just lie down on "
              "the layout. Play your 8♣: it makes ten with the 2♠, so it takes it."),
           Action.play("8C")),
    Lesson(7, "turned", N_("The turned card"),
           N_("A card that can take nothing joins the layout. Play your 4♠: there is no 6 to take. After every "
              "play the top card of the stock is turned over, and it takes by the same rule, for you. Watch it."),
           Action.play("4S")),
    Lesson(9, "choice", N_("Choosing what to take"),
           N_("The 6♥ turned for you took your 4♠. Now play your 9♣: it makes ten with an ace, and two aces lie "
              "on the layout. When the cards you could take are worth different points, you choose."),
           Action.play("9C", "AH"),
           N_("Take the A♥: a red ace scores 20, while the black A♠ scores nothing at two seats.")),
    Lesson(11, "scoring", N_("Which cards score"),
           N_("At two seats only red cards score: 2 to 8 their face value, 9 to king 10 each, the ace 20. "
              "Black cards score nothing (with more seats the A♠ scores 30, and at four seats the A♣ 40). "
              "Play your 2♦: with the 8♥ it wins 2 + 8 = 10."),
           Action.play("2D")),
)
"""The guided turns of the person, in the order of the deal."""

FREE = Lesson(0, "free", N_("Your turn: any card"),
              N_("The rest of the deal is yours: play any card. Point at a card (or press Left and Right) to see "
                 "what it would take. Take the red cards, and try not to leave them where North can take them."))
"""What the script says on the person's turns after the guided ones."""

WATCH = Lesson(0, "watch", N_("North's turn"),
               N_("North plays a card, then turns the top card of the stock for itself. Watch what they take."))
"""What the script says while the other seat plays."""

COUNT = Lesson(0, "count", N_("The count"),
               N_("The deal is over: each seat counts the scoring cards in its pile. The pack holds 210 points, "
                  "so 105 is a tie; your result is your points minus 105. Over a match the results add up, and "
                  "the highest total wins."))
"""What the script says once the deal is over."""

CONCEPTS: tuple[str, ...] = ("ten", "own-rank", "compulsory", "turned", "choice", "scoring", "count")
"""The ideas the guided deal teaches, in the order it teaches them."""

REFUSED = N_("Not that one this time: this step is about your {card}, lit below. In a real match any card may be "
             "played.")
"""Why another card is refused on a guided turn."""

REFUSED_TAKE = N_("Not that one this time: this step is about taking the more valuable card, the {card}, ringed "
                  "on the layout. In a real match you may take either.")
"""Why another take is refused in the guided choice."""


class Guide:
    """The script read against a live deal: the lesson of the turn under way, the action it suggests,
    the other seat's moves, and why a move the person tries is not the one this step is about."""

    def __init__(self, record: dict[str, Any] | None = None, lessons: tuple[Lesson, ...] = LESSONS,
                 person: int = PERSON) -> None:
        """A guide through ``record`` (the guided deal by default) with ``lessons`` for the person at ``person``."""
        self.record = RECORD if record is None else record
        self.lessons = {lesson.turn: lesson for lesson in lessons}
        self.person = person
        self.steps = len(lessons)
        """How many guided turns the script has."""

    def new_deal(self) -> Deal:
        """The guided deal as dealt, before any turn."""
        return deal_of(self.record)

    def lesson(self, deal: Deal) -> Lesson:
        """The lesson for where the deal stands: the guided turn under way, any card, the other seat's
        turn, or the count once the deal is over."""
        if deal.is_over:
            return COUNT
        if deal.to_move != self.person:
            return WATCH
        return self.lessons.get(deal.turn_number, FREE)

    def step_number(self, deal: Deal) -> int:
        """Which guided turn (1 for the first) is under way or last passed; 0 before the first."""
        return sum(1 for turn in self.lessons if turn <= deal.turn_number)

    def suggested(self, deal: Deal) -> Card | None:
        """The card the script asks for now: the card to play, or in a choice the card to take; None when
        any legal move will do."""
        lesson = self.lesson(deal)
        if lesson.suggested is None:
            return None
        if deal.phase is Phase.PLAY and deal.to_move == self.person:
            return lesson.suggested.card
        pending = deal.pending
        if (deal.phase is Phase.CHOOSE and pending is not None and pending.seat == self.person
                and pending.source == "play" and lesson.suggested.take):
            return lesson.suggested.take[0]
        return None

    def refusal(self, deal: Deal, action: Action) -> str | None:
        """Why the person may not make ``action`` in this step, in words; None when it is allowed.
        The rules are checked by the deal; this only keeps a guided turn to its suggestion."""
        wanted = self.suggested(deal)
        if wanted is None:
            return None
        if action.kind == "play" and action.card != wanted:
            return _(REFUSED).format(card=wanted.pretty)
        if action.kind == "choose" and action.card != wanted:
            return _(REFUSED_TAKE).format(card=wanted.pretty)
        return None

    def words(self, deal: Deal) -> tuple[str, str]:
        """The title and the text to show now, translated."""
        lesson = self.lesson(deal)
        pending = deal.pending
        if lesson.choice_text and pending is not None and pending.seat == self.person:
            return _(lesson.title), _(lesson.choice_text)
        return _(lesson.title), _(lesson.text)

    def computer_action(self, deal: Deal) -> Action:
        """The other seat's move now, as the record plays it: its card, and its take where that take is
        still on the layout (otherwise the rules take, as in a record with the take left out); in a
        choice, the recorded take if it is a candidate, else the highest-scoring one."""
        turns = self.record["turns"]
        index = deal.turn_number - 1
        turn = turns[index] if 0 <= index < len(turns) else {}
        pending = deal.pending
        if deal.phase is Phase.CHOOSE and pending is not None:
            key = "take" if pending.source == "play" else "flip_take"
            named = turn.get(key)
            target = Card.parse(named) if isinstance(named, str) else None
            if target is None or target not in pending.candidates:
                target = deal.default_take(pending.card) or pending.candidates[0]
            return Action.choose(target)
        hand = deal.hand(deal.to_move)  # type: ignore[arg-type]
        card = Card.parse(turn["play"]) if "play" in turn else None
        if card is None or card not in hand:
            card = hand[0]
        named = turn.get("take")
        take = Card.parse(named) if isinstance(named, str) else None
        return Action.play(card, take if take is not None and take in deal.candidates(card) else None)
