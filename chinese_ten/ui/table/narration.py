"""The deal told in words, one entry per turn: "You played 7♦ and took 3♥. Turned Q♠, took Q♦."."""

from __future__ import annotations

from chinese_ten.games.ten.events import (
    Captured,
    ChoiceNeeded,
    DealerSweep,
    DealOver,
    Event,
    JoinedLayout,
    NoFlip,
    Played,
    Redealt,
    Refilled,
    ThrownIn,
    TripleCaptured,
    Turned,
)
from chinese_ten.i18n import _, ngettext


def _cards(cards: tuple[object, ...]) -> str:
    return _(", ").join(c.pretty for c in cards)  # type: ignore[attr-defined]


def _gain(points: int) -> str:
    return _(" (+{points})").format(points=points) if points else ""


def thrown_in_text(dealer: str, event: ThrownIn) -> str:
    """A dead layout thrown in, in words."""
    return _("Dead layout {cards}: thrown in, {dealer} to deal again.").format(
        cards=_cards(event.layout), dealer=dealer)


def redeal_text(event: Redealt) -> str:
    """A re-deal, in words."""
    return ngettext("Every hand is empty: {n} more card each from the stock.",
                    "Every hand is empty: {n} more cards each from the stock.", event.each).format(n=event.each)


class Narration:
    """Sentences for the log, built up event by event as each is shown."""

    def __init__(self, names: list[str]) -> None:
        """A log for seats called ``names`` (the person is "You")."""
        self.names = names
        self.entries: list[str] = []
        self.shown: list[Event] = []
        """The deal's events told so far, in order."""
        self._open = False
        self.version = 0

    def add(self, event: Event) -> None:
        """Tell one event: a new entry for a new turn, or more words for the current one."""
        self.version += 1
        self.shown.append(event)
        if isinstance(event, Played):
            self.entries.append(_("{name} played {card}").format(name=self.names[event.seat], card=event.card.pretty))
            self._open = True
        elif isinstance(event, Turned):
            self._extend(_(" Turned {card}").format(card=event.card.pretty))
        elif isinstance(event, TripleCaptured):
            words = (_(" and took all three: {cards}{gain}.") if event.source == "play"
                     else _(", took all three: {cards}{gain}."))
            self._extend(words.format(cards=_cards(event.taken), gain=_gain(event.points)))
        elif isinstance(event, Captured):
            words = _(" and took {cards}{gain}.") if event.source == "play" else _(", took {cards}{gain}.")
            self._extend(words.format(cards=_cards(event.taken), gain=_gain(event.points)))
        elif isinstance(event, JoinedLayout):
            self._extend(_(", which joined the layout."))
        elif isinstance(event, DealerSweep):
            self.entries.append(_("Four of a kind in the layout: {name}, the dealer, took {cards}{gain}.").format(
                name=self.names[event.seat], cards=_cards(event.cards), gain=_gain(event.points)))
            self._open = False
        elif isinstance(event, ThrownIn):
            self.entries.append(thrown_in_text(self.names[event.seat], event))
            self._open = False
        elif isinstance(event, Refilled):
            self.entries.append(_("{cards} turned from the stock to refill the layout.").format(
                cards=_cards(event.cards)))
            self._open = False
        elif isinstance(event, NoFlip):
            self._extend(" " + _("The stock is empty: no card to turn."))
        elif isinstance(event, Redealt):
            self.entries.append(redeal_text(event))
            self._open = False
        elif isinstance(event, DealOver):
            self.entries.append(_("The deal is over."))
            self._open = False
        elif isinstance(event, ChoiceNeeded):
            pass

    def note(self, text: str) -> None:
        """Tell something the table shows that is not an engine event (a match won), as an entry of its own."""
        self.version += 1
        self.entries.append(text)
        self._open = False

    def _extend(self, words: str) -> None:
        if not self.entries or not self._open:
            self.entries.append(words.strip())
            self._open = True
        else:
            self.entries[-1] += words

    def clear(self) -> None:
        """Start a new deal's log."""
        self.entries.clear()
        self.shown.clear()
        self._open = False
        self.version += 1


def winners_text(names: list[str], winners: tuple[int, ...]) -> str:
    """The winner or the shared winners, in words."""
    who = [names[s] for s in winners]
    if len(who) == 1:
        return _("You win the match!") if who[0] == _("You") else _("{name} wins the match.").format(name=who[0])
    if _("You") in who:
        others = [w for w in who if w != _("You")]
        return _("You share the win with {names}.").format(names=_(" and ").join(others))
    return _("{names} and {last} share the win.").format(names=_(", ").join(who[:-1]), last=who[-1])
