"""Chinese Ten's pages of Help in words: the rules in short with worked turns, the card values and a worked
count, each worked out from the rules in force (the window lays them out: a :data:`Block` each)."""

from __future__ import annotations

from fractions import Fraction

from chinese_ten.cards import ALL_CARDS, RANK_NAMES, Card
from chinese_ten.engine.scores import points_words
from chinese_ten.games.ten.rules import CLASSIC, RuleSet
from chinese_ten.games.ten.texts import (deal_text, idea_text, match_length_text, number_text, opening_text,
                                         order_text, turns_text, winning_text)
from chinese_ten.i18n import N_, _

Block = tuple[str, object]
"""One piece of a help page: ("head", text), ("text", text), ("cards", (caption, codes)) or ("table", rows)."""


def _pair(rules: RuleSet, seats: int, a: str, b: str) -> int:
    table = rules.points_table(seats)
    return table[int(Card.parse(a))] + table[int(Card.parse(b))]


def rules_blocks(rules: RuleSet = CLASSIC, seats: int = 2) -> tuple[Block, ...]:
    """The Rules page of Help, its numbers worked out from ``rules`` (the examples at ``seats`` players), before
    what the window adds of the review and of friends."""
    first = _pair(rules, seats, "8C", "2H")
    second = _pair(rules, seats, "4D", "6C")
    table = rules.points_table(seats)
    threes = {code: table[int(Card.parse(code))] for code in ("3S", "3H")}
    best = max(threes, key=lambda code: threes[code])
    chosen = _pair(rules, seats, "7D", best)
    seven, three = table[int(Card.parse("7D"))], threes[best]
    if threes["3S"] == threes["3H"]:
        why = _("they score the same, so the game takes one: {a} + {b} = {total}").format(
            a=seven, b=three, total=points_words(chosen))
    else:
        why = _("{card} scores more: {a} + {b} = {total}").format(
            card=Card.parse(best).pretty, a=seven, b=three, total=points_words(chosen))
    turned = _pair(rules, seats, "QS", "QD")
    return (
        ("head", _("The idea")),
        ("text", idea_text(rules)),
        ("text", _("New to the game? Learn to play, on the start screen, walks you through one deal step by step.")),
        ("head", _("The deal")),
        ("text", deal_text(rules)),
        ("head", _("Your turn")),
        ("text", _("1. Play any card from your hand. A to 9 take the layout card that makes ten with them "
                 "(A+9, 2+8, 3+7, 4+6, 5+5); 10, J, Q and K take a card of their own rank. Suits do not matter.")),
        ("text", _("2. Turn the top card of the stock. It takes by the same rule, for you. A card that takes "
                 "nothing stays in the layout. Both cards of every capture go to your pile.")),
        ("text", _("A card always takes exactly one card, and must take when it can. If two cards could be taken "
                 "and they score differently, you pick; otherwise the game picks for you.")),
        ("text", opening_text(rules)),
        ("text", order_text(rules)),
        ("head", _("Two turns worked through ({count} players)").format(count=seats)),
        ("cards", (_("Layout:"), ("2H", "6C", "JD", "9S"))),
        ("text", _("You play 8♣: it takes 2♥ ({first}). You turn 4♦: it takes 6♣ ({second}). J♦ and 9♠ stay.").format(
            first=points_words(first), second=points_words(second))),
        ("cards", (_("Layout:"), ("3S", "3H", "6C", "QD"))),
        ("text", _("You play 7♦. It could take either three; {why}. "
                   "You turn Q♠: it takes Q♦, {turned} more. {total} in one turn.").format(
            why=why, turned=turned, total=points_words(chosen + turned))),
        ("head", _("Scoring")),
        ("text", _("{when} the hands and the stock are empty. Each player counts the points in their pile. Your "
                   "margin is your points minus the tie score (the pack's points shared out evenly), so the margins "
                   "of a deal add up to zero. {winning}").format(when=turns_text(rules), winning=winning_text(rules))),
        ("text", match_length_text(seats)),
    )


_COLOURS = ((N_("Red"), ("H", "D")), (N_("Black"), ("S", "C")))
"""Each colour's word on the card-values sheet and its suits."""


def _cell(values: list[int], cards: list[Card]) -> str:
    if len(set(values)) == 1:
        return str(values[0])
    if all(v == c.rank for v, c in zip(values, cards)):
        return _("face value")
    return " / ".join(str(v) for v in values)


def _fits(rules: RuleSet, seats: tuple[int, ...], cards: list[Card]) -> bool:
    """True when one cell per seat count says every card's points: all the same, or each its face value."""
    for n in seats:
        values = [rules.points_table(n)[int(c)] for c in cards]
        if len(set(values)) > 1 and not all(v == c.rank for v, c in zip(values, cards)):
            return False
    return True



def card_value_groups(rules: RuleSet) -> list[tuple[str, list[Card]]]:
    """The kinds of card the card-values sheet lists: the aces of each colour (together when they score
    alike), then runs of ranks whose points one cell can say, by colour."""
    seats = rules.seat_counts()
    groups: list[tuple[str, list[Card]]] = []
    for colour, suits in _COLOURS:
        aces = [c for c in ALL_CARDS if c.rank == 1 and c.suit in suits]
        if all(len({rules.points_table(n)[int(c)] for c in aces}) == 1 for n in seats):
            groups.append((_("{colour} A ({cards})").format(colour=_(colour),
                                                             cards=" ".join(c.pretty for c in aces)), aces))
        else:
            groups.extend((c.pretty, [c]) for c in aces)
    for colour, suits in _COLOURS:
        rank = 2
        while rank <= 13:
            end = rank
            while end < 13 and _fits(rules, seats, [c for c in ALL_CARDS
                                                     if c.suit in suits and rank <= c.rank <= end + 1]):
                end += 1
            cards = [c for c in ALL_CARDS if c.suit in suits and rank <= c.rank <= end]
            if rank == end:
                label = _("{colour} {rank}").format(colour=_(colour), rank=RANK_NAMES[rank - 1])
            else:
                label = _("{colour} {low} to {high}").format(colour=_(colour), low=RANK_NAMES[rank - 1],
                                                             high=RANK_NAMES[end - 1])
            groups.append((label, cards))
            rank = end + 1
    return groups


def card_values(rules: RuleSet = CLASSIC) -> list[tuple[str, ...]]:
    """The card-values sheet: a header row, then each kind of card's points at every seat count,
    then the pack totals and tie scores, all worked out from ``rules``."""
    seats = rules.seat_counts()
    rows: list[tuple[str, ...]] = [(_("Card"), *(_("{count} players").format(count=n) for n in seats))]
    for label, cards in card_value_groups(rules):
        rows.append((label, *(_cell([rules.points_table(n)[int(c)] for c in cards], cards) for n in seats)))
    rows.append((_("Pack total"), *(str(rules.pack_total(n)) for n in seats)))
    rows.append((_("Tie score (total ÷ players)"), *(number_text(rules.tie_score(n)) for n in seats)))
    return rows


EXAMPLE_PILE: tuple[str, ...] = ("AC", "AH", "KD", "6H", "5D")
"""The scoring cards of the example pile on the Card values page, when they all score under the rules."""


def example_pile(rules: RuleSet = CLASSIC) -> list[Card]:
    """The example pile's scoring cards: :data:`EXAMPLE_PILE` when each scores at the most seats the rules
    deal, else the best-scoring card and four more of different values."""
    table = rules.points_table(max(rules.seat_counts()))
    pile = [Card.parse(c) for c in EXAMPLE_PILE]
    if all(table[int(c)] for c in pile):
        return pile
    chosen: list[Card] = []
    for card in sorted((c for c in ALL_CARDS if table[int(c)]), key=lambda c: -table[int(c)]):
        if len(chosen) < 5 and all(table[int(card)] != table[int(c)] for c in chosen):
            chosen.append(card)
    return chosen


def example_text(rules: RuleSet = CLASSIC) -> str:
    """A worked count of :func:`example_pile` at the most and the fewest players the rules deal."""
    cards = example_pile(rules)
    counts = rules.seat_counts()
    parts = []
    for seats in sorted({max(counts), min(counts)}, reverse=True):
        table = rules.points_table(seats)
        points = sum(table[int(c)] for c in cards)
        margin = Fraction(points) - rules.tie_score(seats)
        sign = "+" if margin >= 0 else "-"
        parts.append(_("{points} points at {count} players ({margin})").format(
            points=points, count=seats, margin=sign + number_text(abs(margin))))
    pile = _(", ").join(c.pretty for c in cards)
    return _("For example, a pile whose scoring cards are {pile} counts {counts}.").format(
        pile=pile, counts=_(" and ").join(parts))


def values_blocks(rules: RuleSet = CLASSIC) -> tuple[Block, ...]:
    """The Card values page of Help: each card's points by the number of players, and a worked count."""
    return (("text", _("Points each card scores, by the number of players. Every card not listed "
                       "scores nothing.")), ("table", card_values(rules)),
            ("text", _("A deal's margins add up to zero: points above the tie score are exactly what "
                       "the others lose.")),
            ("text", example_text(rules)))


def help_pages() -> tuple[tuple[str, tuple[Block, ...]], ...]:
    """Help's pages under the default rules, each with its title: the rules in short, then the cards' values."""
    return ((_("Rules"), rules_blocks()), (_("Card values"), values_blocks()))
