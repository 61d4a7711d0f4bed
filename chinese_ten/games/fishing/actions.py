"""A Go Fishing action, and its text form.

A turn is one action: play a card from the hand, taking a family of disjoint sets
of layout cards (each summing to the card's value), or taking nothing. Its text is
``play 9S`` or ``play 9S take 5D+4H 9C``: the sets separated by spaces, the cards of
a set joined by ``+``.

>>> a = FishingAction.parse("play 9s take 5d+4h 9c")
>>> str(a)
'play 9S take 5D+4H 9C'
>>> a.taken
(Card.parse('5D'), Card.parse('4H'), Card.parse('9C'))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from chinese_ten.cards import Card, CardError
from chinese_ten.engine.errors import InvalidAction
from chinese_ten.quote import quote

Sets = tuple[tuple[Card, ...], ...]
"""A family of sets of layout cards."""


@dataclass(frozen=True)
class FishingAction:
    """Play ``card``, capturing every set in ``sets`` (none: the card joins the layout)."""

    card: Card
    sets: Sets = ()
    kind: str = field(default="play", init=False)

    @classmethod
    def play(cls, card: Card | str, sets: Iterable[Iterable[Card | str]] = ()) -> FishingAction:
        """An action from cards or their notation; raises InvalidAction for anything that is not a card."""
        try:
            played = Card.parse(card) if isinstance(card, str) else Card(card)
            family = tuple(tuple(Card.parse(c) if isinstance(c, str) else Card(c) for c in s) for s in sets)
        except (CardError, TypeError) as exc:
            raise InvalidAction(str(exc)) from None
        return cls(played, tuple(s for s in family if s))

    @classmethod
    def parse(cls, text: str) -> FishingAction:
        """Read ``play 9S`` or ``play 9S take 5D+4H 9C`` (case-insensitive); InvalidAction otherwise."""
        if not isinstance(text, str):
            raise InvalidAction(f"not an action: {quote(text)}")
        words = text.split()
        if len(words) < 2 or words[0].lower() != "play":
            raise InvalidAction(f"an action reads 'play CARD' or 'play CARD take SET ...', not {quote(text)}")
        if len(words) > 2 and (words[2].lower() != "take" or len(words) == 3):
            raise InvalidAction(f"after the card comes 'take' and at least one set, not {quote(' '.join(words[2:]))}")
        sets = []
        for word in words[3:]:
            parts = word.split("+")
            if not all(parts):
                raise InvalidAction(f"a set joins its cards with single '+' signs, not {quote(word)}")
            sets.append(parts)
        return cls.play(words[1], sets)

    @property
    def taken(self) -> tuple[Card, ...]:
        """Every layout card the action captures, set after set."""
        return tuple(c for s in self.sets for c in s)

    def canonical(self) -> FishingAction:
        """The same action with its sets, and the cards within each, in card order."""
        return FishingAction(self.card, tuple(sorted(tuple(sorted(s)) for s in self.sets)))

    def __str__(self) -> str:
        if not self.sets:
            return f"play {self.card}"
        return f"play {self.card} take " + " ".join("+".join(str(c) for c in s) for s in self.sets)
