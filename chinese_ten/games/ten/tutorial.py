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
    "hands": [["QS", "6H", "JH", "5H", "QC", "KD", "10D", "KS", "JC", "AD", "3S", "10H"],
              ["6S", "2D", "9S", "10S", "7D", "9H", "QH", "4H", "2C", "2S", "8C", "KC"]],
    "layout": ["4D", "AC", "7S", "5C"],
    "stock": ["KH", "5S", "7H", "5D", "7C", "3H", "JD", "9D", "QD", "3C", "8D", "6C",
              "3D", "2H", "9C", "4S", "AS", "8S", "4C", "JS", "6D", "10C", "8H", "AH"],
    "turns": [
        {"seat": 0, "play": "6H", "take": "4D", "flip": "KH", "flip_take": None},
        {"seat": 1, "play": "9H", "take": "AC", "flip": "5S", "flip_take": "5C"},
        {"seat": 0, "play": "KD", "take": "KH", "flip": "7H", "flip_take": None},
        {"seat": 1, "play": "6S", "take": None, "flip": "5D", "flip_take": None},
        {"seat": 0, "play": "3S", "take": "7H", "flip": "7C", "flip_take": None},
        {"seat": 1, "play": "4H", "take": "6S", "flip": "3H", "flip_take": "7S"},
        {"seat": 0, "play": "JC", "take": None, "flip": "JD", "flip_take": "JC"},
        {"seat": 1, "play": "2S", "take": None, "flip": "9D", "flip_take": None},
        {"seat": 0, "play": "AD", "take": "9D", "flip": "QD", "flip_take": None},
        {"seat": 1, "play": "QH", "take": "QD", "flip": "3C", "flip_take": "7C"},
        {"seat": 0, "play": "5H", "take": "5D", "flip": "8D", "flip_take": "2S"},
        {"seat": 1, "play": "2C", "take": None, "flip": "6C", "flip_take": None},
        {"seat": 0, "play": "QS", "take": None, "flip": "3D", "flip_take": None},
        {"seat": 1, "play": "7D", "take": "3D", "flip": "2H", "flip_take": None},
        {"seat": 0, "play": "QC", "take": "QS", "flip": "9C", "flip_take": None},
        {"seat": 1, "play": "8C", "take": "2H", "flip": "4S", "flip_take": "6C"},
        {"seat": 0, "play": "KS", "take": None, "flip": "AS", "flip_take": "9C"},
        {"seat": 1, "play": "KC", "take": "KS", "flip": "8S", "flip_take": "2C"},
        {"seat": 0, "play": "10H", "take": None, "flip": "4C", "flip_take": None},
        {"seat": 1, "play": "10S", "take": "10H", "flip": "JS", "flip_take": None},
        {"seat": 0, "play": "JH", "take": "JS", "flip": "6D", "flip_take": "4C"},
        {"seat": 1, "play": "9S", "take": None, "flip": "10C", "flip_take": None},
        {"seat": 0, "play": "10D", "take": "10C", "flip": "8H", "flip_take": None},
        {"seat": 1, "play": "2D", "take": "8H", "flip": "AH", "flip_take": "9S"},
    ],
}
"""The whole guided deal as played with every suggestion followed (the person's later turns as the
Normal player would play them). The other seat's turns are what the computer plays. Every guided play
(and the guided take) is a best move by the review's own judgement (``tools/lesson_search.py`` found
the deal, seed 160014, among seeded deals)."""


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
              "makes ten with it: ace and 9, 2 and 8, 3 and 7, 4 and 6, 5 and 5. Play your 6♥: it takes the 4♦."),
           Action.play("6H")),
    Lesson(3, "own-rank", N_("Tens and court cards"),
           N_("The K♥ turned for you last turn found nothing to take, so it stayed on the layout. Tens, jacks, "
              "queens and kings make no ten, so each takes only a card of its own rank. Play your K♦: it takes "
              "the K♥."),
           Action.play("KD")),
    Lesson(5, "choice", N_("Choosing what to take"),
           N_("Play your 3♠: it makes ten with a 7, and two sevens lie on the layout, the 7♠ and the 7♥. When the "
              "cards you could take are worth different points, you choose."),
           Action.play("3S", "7H"),
           N_("Take the 7♥: a red 7 scores 7, while the black 7♠ scores nothing at two seats.")),
    Lesson(7, "turned", N_("The turned card"),
           N_("A card that can take nothing joins the layout. Play your J♣: there is no jack to take. After every "
              "play the top card of the stock is turned over, and it takes by the same rule, for you. Watch it."),
           Action.play("JC")),
    Lesson(9, "compulsory", N_("Taking is compulsory"),
           N_("The J♦ turned for you took your J♣. You may play any card you hold, but a card that can take must "
              "take: it cannot just lie down on the layout. Play your A♦: it makes ten with the 9♦, so it takes "
              "it."),
           Action.play("AD")),
    Lesson(11, "scoring", N_("Which cards score"),
           N_("At two seats only red cards score: 2 to 8 their face value, 9 to king 10 each, the ace 20. "
              "Black cards score nothing (with more seats the A♠ scores 30, and at four seats the A♣ 40). "
              "Play your 5♥: with the 5♦ it wins 5 + 5 = 10."),
           Action.play("5H")),
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

CONCEPTS: tuple[str, ...] = ("ten", "own-rank", "choice", "turned", "compulsory", "scoring", "count")
"""The ideas the guided deal teaches, in the order it teaches them."""

ENDING = N_("You have seen the whole game: making ten, tens and court cards, taking is compulsory, the turned card, "
            "choosing a take, the scoring cards and the count. The computers play by the same rules; Help (F1) has "
            "them all.")
"""What the lesson showed, said at its end."""

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

    def guided(self, deal: Deal) -> bool:
        """True when only the suggested action may be played now."""
        return self.lesson(deal).guided

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

    def words(self, deal: Deal, choosing: bool = False) -> tuple[str, str]:
        """The title and the text to show now, translated (a choice of take is the rules' own here, so
        ``choosing`` changes nothing)."""
        lesson = self.lesson(deal)
        pending = deal.pending
        if lesson.choice_text and pending is not None and pending.seat == self.person:
            return _(lesson.title), _(lesson.choice_text)
        return _(lesson.title), _(lesson.text)

    def ending(self) -> str:
        """What the lesson showed, translated, for its last word."""
        return _(ENDING)

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
