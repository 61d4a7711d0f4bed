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
from ..i18n import _
from ..rules import RuleSet

if TYPE_CHECKING:
    from .app import App

_SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_COLOUR_WORDS = {frozenset("HD"): "the red ones", frozenset("SC"): "the black ones"}


def rules_in_force(app: App) -> tuple[RuleSet, int]:
    """The rules and seat count the person is playing, or will play next from the start screen."""
    table = app.table()
    if table is not None:
        return table.ctl.match.rules, table.ctl.match.seats
    return app.settings.ruleset(), app.settings.computers + 1


def number_text(value: Fraction | int) -> str:
    """A points figure as a person reads it: whole, or with one decimal."""
    value = Fraction(value)
    return str(int(value)) if value.denominator == 1 else f"{float(value):.1f}"


def _join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


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
        return "no card"
    words: list[str] = []
    scoring = set(scoring_cards(rules, seats))
    for pair in (("H", "D"), ("S", "C")):
        missing = [c for c in ALL_CARDS if c.suit in pair and c not in scoring]
        if 0 < len(missing) <= 2 and len(whole) < 4:
            symbols = " ".join(_SUIT_SYMBOL[s] for s in pair)
            group = _COLOUR_WORDS[frozenset(pair)]
            but = _join([c.pretty for c in missing])
            words.append(_("{group} ({symbols}) but {cards}").format(group=group, symbols=symbols, cards=but))
            singles = [c for c in singles if c.suit not in pair]
            whole = [s for s in whole if s not in pair]
    if len(whole) == 4:
        words.append("every card")
    elif whole:
        symbols = " ".join(_SUIT_SYMBOL[s] for s in whole)
        named = _COLOUR_WORDS.get(frozenset(whole))
        if named:
            words.append(f"{named} ({symbols})" if bracketed else f"{named}: {symbols}")
        else:
            words.append(f"every {symbols}")
    if len(singles) > 4:
        suits = sorted({c.suit for c in singles}, key=SUITS.index)
        words.append("some " + " ".join(_SUIT_SYMBOL[s] for s in suits))
    else:
        words.extend(c.pretty for c in singles)
    return _join(words)


def tagline(rules: RuleSet, seats: int) -> str:
    """The start screen's one line about the game at this many seats."""
    return f"Pair your cards to ten and catch {scoring_phrase(rules, seats)}."


def tie_score_text(rules: RuleSet, seats: int) -> str:
    """``Tie score N`` at this many seats."""
    return _("Tie score {score}").format(score=number_text(rules.tie_score(seats)))


def lead_text(rules: RuleSet, seats: int) -> str:
    """Who deals and who leads the first deal against the computers (the person always leads it)."""
    dealer = rules.dealer_for_leader(0, seats)
    if dealer == 0:
        return _("You deal and lead the first deal.")
    return _("You lead the first deal.")


def order_text(rules: RuleSet) -> str:
    """Who plays first, which way play goes, and who deals next."""
    lead = (_("The dealer plays first") if rules.lead == "dealer"
            else _("The player after the dealer plays first"))
    way = (_("play goes counter-clockwise (to your right)") if rules.direction == "counter-clockwise"
           else _("play goes clockwise (to your left)"))
    nxt = (_("The lowest scorer of a deal deals the next one (on a tie, the first of them after the dealer).")
           if rules.next_dealer == "lowest" else _("The deal passes one seat on after every deal."))
    return f"{lead}, and {way}. {nxt}"


def opening_text(rules: RuleSet) -> str:
    """What happens to threes and fours of a kind in the opening layout, and to a dead layout."""
    parts = []
    if rules.dead_layout:
        parts.append(_("Three or four fives, jacks, queens or kings in the opening layout make it dead: it is "
                       "thrown in and the same dealer deals again. Three tens there go together to the fourth ten."))
    else:
        parts.append("Three fives, tens, jacks, queens or kings in the opening layout go together to the "
                     "fourth one.")
    if rules.four_of_a_kind == "refill":
        parts.append(_("All four there: the dealer sweeps them before play starts, and as many cards are turned "
                       "from the stock to take their place (again if needed)."))
    else:
        parts.append("All four there: the dealer sweeps them before play starts.")
    return " ".join(parts)


def winning_text(rules: RuleSet) -> str:
    """Who wins the match."""
    if rules.win == "target":
        return _("Everyone at or above the tie score in the last deal shares the win.")
    return "Margins add up over the match; the highest total wins."


def count_explanation(rules: RuleSet, seats: int) -> str:
    """How the count's margins are worked out, with this table's numbers."""
    return (f"{rules.pack_total(seats)} points in the pack ÷ {seats} players = "
            f"{tie_score_text(rules, seats).lower()}  ·  margin = points minus tie score")


def _stock_size(rules: RuleSet, seats: int) -> int:
    return len(ALL_CARDS) - rules.hand_size(seats) * seats - rules.layout_size(seats)


def _number_word(n: int) -> str:
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    return words[n] if 0 <= n < len(words) else str(n)


def idea_text(rules: RuleSet) -> str:
    """The help's opening paragraph: who plays and which cards score, at every seat count."""
    counts = rules.seat_counts()
    low, high = min(counts), max(counts)
    base = set(scoring_cards(rules, low))
    joiner = " or " if high - low == 1 else " to "
    text = (f"{_number_word(low).capitalize()}{joiner}{_number_word(high)} players fish cards out of a face-up "
            f"layout. ")
    if len(base) == len(ALL_CARDS):
        text += _("Every card scores")
    else:
        text += f"Only some cards score: {scoring_phrase(rules, low, bracketed=True)}"
    extras = []
    for n in counts[1:]:
        added = [c for c in scoring_cards(rules, n) if c not in base]
        if added:
            extras.append(f"{_join([c.pretty for c in added])} with {n} players or more")
            base |= set(added)
    if extras:
        text += "".join(f", {e}" for e in extras[:-1]) + f" and {extras[-1]}"
    return text + ". Catch more points than your share to win."


def deal_text(rules: RuleSet) -> str:
    """The help's paragraph on the deal: hand sizes, the layout and the stock."""
    counts = rules.seat_counts()
    sizes = {rules.hand_size(n) for n in counts}
    if len(sizes) == 1:
        hands = f"{sizes.pop()} cards"
    else:
        hands = _join([str(rules.hand_size(n)) for n in counts]).replace(" and ", " or ")
        players = _join([str(n) for n in counts]).replace(" and ", " or ")
        hands += f" cards (for {players} players)"
    stocks = {_stock_size(rules, n) for n in counts}
    stock = f"the other {stocks.pop()}" if len(stocks) == 1 else "the rest"
    layouts = [rules.layout_size(n) for n in counts]
    if len(set(layouts)) == 1:
        layout = _number_word(layouts[0]).capitalize()
    else:
        layout = _join([str(n) for n in layouts]).replace(" and ", " or ")
    text = (f"Each player gets {hands}. "
            f"{layout} cards go face up in the middle as the layout; "
            f"{stock} are the face-down stock.")
    if rules.redeal_size:
        text += (f" When every hand is empty and the stock is not, each player is dealt up to "
                 f"{rules.redeal_size} more from the stock.")
    return text


def deal_turns(rules: RuleSet, seats: int) -> int:
    """How many turns a deal lasts at this many seats, re-deals included."""
    from ..deal import Deal

    return Deal.from_seed(seats, 0, rules=rules).total_turns


def turns_text(rules: RuleSet) -> str:
    """How many turns a deal lasts, at every seat count."""
    counts = rules.seat_counts()
    turns = [deal_turns(rules, n) for n in counts]
    if len(set(turns)) == 1:
        return f"After {turns[0]} turns"
    each = [_("{turns} turns at {seats} players").format(turns=t, seats=n) for t, n in zip(turns, counts)]
    return _("After {turns}").format(turns=_join(each).replace(" and ", " or "))


def points_text(rules: RuleSet, seats: int, card: str) -> str:
    """``"N points"`` for one card (``"2H"``) at this many seats."""
    n = rules.points_table(seats)[int(Card.parse(card))]
    return f"{n} point{'' if n == 1 else 's'}"
