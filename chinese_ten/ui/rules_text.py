"""Sentences that state a rule or a number, worked out from the rules in force.

Every screen that tells the person how many cards are dealt, which cards score,
what the pack is worth or what the tie score is takes the sentence from here, so
no screen can say a number the rules do not deal.

>>> from chinese_ten.rules import CLASSIC
>>> tagline(CLASSIC, 2)
'Pair your cards to ten and catch the red ones: ♥ ♦.'
>>> tagline(CLASSIC, 4)
'Pair your cards to ten and catch the red ones: ♥ ♦, A♠ and A♣.'
>>> tie_score_text(CLASSIC, 3)
'Tie score 80'
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ..cards import ALL_CARDS, SUITS, Card
from ..i18n import N_, _, ngettext
from ..rules import CLASSIC, RuleSet

if TYPE_CHECKING:
    from .app import App

_SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_COLOUR_WORDS = {frozenset("HD"): N_("the red ones"), frozenset("SC"): N_("the black ones")}


def rules_in_force(app: App) -> tuple[RuleSet, int]:
    """The rules and seat count the person is playing, or will play next from the start screen."""
    table = app.table()
    if table is not None:
        return table.ctl.match.rules, table.ctl.match.seats
    return CLASSIC, app.settings.computers + 1


def number_text(value: Fraction | int) -> str:
    """A points figure as a person reads it: whole, or with one decimal."""
    value = Fraction(value)
    return str(int(value)) if value.denominator == 1 else f"{float(value):.1f}"


def _join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return _("{items} and {last}").format(items=_(", ").join(words[:-1]), last=words[-1])


def _join_or(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return _("{items} or {last}").format(items=_(", ").join(words[:-1]), last=words[-1])


def scoring_cards(rules: RuleSet, seats: int) -> list[Card]:
    """The cards worth points at this many seats, in pack order."""
    table = rules.points_table(seats)
    return [c for c in ALL_CARDS if table[int(c)]]


def _scoring_parts(rules: RuleSet, seats: int) -> tuple[list[str], list[Card]]:
    """Suits that score whole, and the single scoring cards outside them."""
    scoring = scoring_cards(rules, seats)
    whole = [s for s in SUITS if sum(1 for c in scoring if c.suit == s) == 13]
    singles = [c for c in scoring if c.suit not in whole]
    return whole, singles


def scoring_phrase(rules: RuleSet, seats: int, bracketed: bool = False) -> str:
    """Which cards score at this many seats, in a few words (``"the red ones: ♥ ♦ and A♠"``,
    or ``"the red ones (♥ ♦) and A♠"`` when ``bracketed``)."""
    whole, singles = _scoring_parts(rules, seats)
    if not whole and not singles:
        return _("no card")
    words: list[str] = []
    if len(whole) == 4:
        words.append(_("every card"))
    elif whole:
        symbols = " ".join(_SUIT_SYMBOL[s] for s in whole)
        group = _COLOUR_WORDS.get(frozenset(whole))
        if group:
            words.append(_("{group} ({suits})").format(group=_(group), suits=symbols) if bracketed
                         else _("{group}: {suits}").format(group=_(group), suits=symbols))
        else:
            words.append(_("every {suits}").format(suits=symbols))
    if len(singles) > 4:
        suits = sorted({c.suit for c in singles}, key=SUITS.index)
        words.append(_("some {suits}").format(suits=" ".join(_SUIT_SYMBOL[s] for s in suits)))
    else:
        words.extend(c.pretty for c in singles)
    return _join(words)


def tagline(rules: RuleSet, seats: int) -> str:
    """The start screen's one line about the game at this many seats."""
    return _("Pair your cards to ten and catch {cards}.").format(cards=scoring_phrase(rules, seats))


def tie_score_text(rules: RuleSet, seats: int) -> str:
    """``Tie score N`` at this many seats."""
    return _("Tie score {tie}").format(tie=number_text(rules.tie_score(seats)))


def count_explanation(rules: RuleSet, seats: int) -> str:
    """How the count's margins are worked out, with this table's numbers."""
    return _("{pack} points in the pack ÷ {seats} players = tie score {tie}  ·  margin = points minus tie score").format(
        pack=rules.pack_total(seats), seats=seats, tie=number_text(rules.tie_score(seats)))


def _stock_size(rules: RuleSet, seats: int) -> int:
    return len(ALL_CARDS) - rules.hand_size(seats) * seats - rules.layout_size(seats)


def _number_word(n: int) -> str:
    words = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
             N_("eight"), N_("nine"), N_("ten"))
    return _(words[n]) if 0 <= n < len(words) else str(n)


def idea_text(rules: RuleSet) -> str:
    """The help's opening paragraph: who plays and which cards score, at every seat count."""
    counts = rules.seat_counts()
    low, high = min(counts), max(counts)
    base = set(scoring_cards(rules, low))
    cards = scoring_phrase(rules, low, bracketed=True)
    extras = []
    for n in counts[1:]:
        added = [c for c in scoring_cards(rules, n) if c not in base]
        if added:
            extras.append(_("{cards} with {count} players or more").format(cards=_join([c.pretty for c in added]),
                                                                           count=n))
            base |= set(added)
    if extras:
        cards = _join([cards, *extras])
    first = _number_word(low)
    return _("{low} to {high} players fish cards out of a face-up layout. Only some cards score: {cards}. "
             "Catch more points than your share to win.").format(low=first[:1].upper() + first[1:],
                                                                high=_number_word(high), cards=cards)


def deal_text(rules: RuleSet) -> str:
    """The help's paragraph on the deal: hand sizes, the layout and the stock."""
    counts = rules.seat_counts()
    hands = _join_or([str(rules.hand_size(n)) for n in counts])
    players = _join_or([str(n) for n in counts])
    stocks = {_stock_size(rules, n) for n in counts}
    stock = _("the other {count}").format(count=stocks.pop()) if len(stocks) == 1 else _("the rest")
    layouts = [rules.layout_size(n) for n in counts]
    if len(set(layouts)) == 1:
        word = _number_word(layouts[0])
        layout = word[:1].upper() + word[1:]
    else:
        layout = _join_or([str(n) for n in layouts])
    text = _("Each player gets {hands} cards (for {players} players). {layout} cards go face up in the middle "
             "as the layout; {stock} are the face-down stock.").format(hands=hands, players=players, layout=layout,
                                                                      stock=stock)
    if rules.redeal_size:
        text += _(" When every hand is empty and the stock is not, each player is dealt up to {count} more "
                  "from the stock.").format(count=rules.redeal_size)
    return text


def turns_text(rules: RuleSet) -> str:
    """How many turns a deal lasts, at every seat count."""
    if rules.redeal_size:
        return _("After every card of the hands and the stock has been played")
    turns = {rules.hand_size(n) * n for n in rules.seat_counts()}
    if len(turns) == 1:
        return _("After {count} turns").format(count=turns.pop())
    return _("After every card of the hands has been played")


def points_text(rules: RuleSet, seats: int, card: str) -> str:
    """``"N points"`` for one card (``"2H"``) at this many seats."""
    n = rules.points_table(seats)[int(Card.parse(card))]
    return ngettext("{count} point", "{count} points", n).format(count=n)
