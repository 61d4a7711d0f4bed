"""Sentences that state a rule or a number, worked out from the rules in force.

Every screen that tells the person how many cards are dealt, which cards score,
what the pack is worth or what the tie score is takes the sentence from here, so
no screen can say a number the rules do not deal.

>>> from chinese_ten.games.ten.rules import CLASSIC
>>> tagline(CLASSIC, 2)
'Pair your cards to ten and catch the red ones: ♥ ♦.'
>>> tagline(CLASSIC, 4)
'Pair your cards to ten and catch the red ones: ♥ ♦, A♠ and A♣.'
>>> tie_score_text(CLASSIC, 3)
'Tie score 80'
"""

from __future__ import annotations

from fractions import Fraction

from chinese_ten.engine.scores import as_number
from chinese_ten.cards import ALL_CARDS, SUITS, Card
from chinese_ten.i18n import N_, _, ngettext, sentences
from chinese_ten.engine.match import MatchLength
from chinese_ten.games.ten.rules import PRESETS, RuleSet

_SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_COLOUR_WORDS = {frozenset("HD"): N_("the red ones"), frozenset("SC"): N_("the black ones")}


def preset_title(name: str) -> str:
    """A preset's name as the screen shows it, in the language in use (an unknown one as stored)."""
    return _(PRESETS[name].title) if name in PRESETS else name


def number_text(value: Fraction | int) -> str:
    """A points figure as a person reads it, by the one rule every score is written by
    (:func:`~chinese_ten.engine.scores.as_number`): whole, a half or a quarter exact, else to a tenth."""
    return str(as_number(value))


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
    scoring = set(scoring_cards(rules, seats))
    for pair in (("H", "D"), ("S", "C")):
        missing = [c for c in ALL_CARDS if c.suit in pair and c not in scoring]
        if 0 < len(missing) <= 2 and len(whole) < 4:
            symbols = " ".join(_SUIT_SYMBOL[s] for s in pair)
            group = _COLOUR_WORDS[frozenset(pair)]
            but = _join([c.pretty for c in missing])
            words.append(_("{group} ({symbols}) but {cards}").format(group=_(group), symbols=symbols, cards=but))
            singles = [c for c in singles if c.suit not in pair]
            whole = [s for s in whole if s not in pair]
    if len(whole) == 4:
        words.append(_("every card"))
    elif whole:
        symbols = " ".join(_SUIT_SYMBOL[s] for s in whole)
        named = _COLOUR_WORDS.get(frozenset(whole))
        if named:
            words.append(_("{group} ({suits})").format(group=_(named), suits=symbols) if bracketed
                         else _("{group}: {suits}").format(group=_(named), suits=symbols))
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
    return _("{lead}, and {way}. {next}").format(lead=lead, way=way, next=nxt)


def opening_text(rules: RuleSet) -> str:
    """What happens to threes and fours of a kind in the opening layout, and to a dead layout."""
    parts = []
    if rules.dead_layout:
        parts.append(_("Three or four fives, jacks, queens or kings in the opening layout make it dead: it is "
                       "thrown in and the same dealer deals again. Three tens there go together to the fourth ten."))
    else:
        parts.append(_("Three fives, tens, jacks, queens or kings in the opening layout go together to the "
                       "fourth one."))
    if rules.four_of_a_kind == "refill":
        parts.append(_("All four there: the dealer sweeps them before play starts, and as many cards are turned "
                       "from the stock to take their place (again if needed)."))
    else:
        parts.append(_("All four there: the dealer sweeps them before play starts."))
    return sentences(parts)


def winning_text(rules: RuleSet) -> str:
    """Who wins the match."""
    if rules.win == "target":
        return _("Everyone at or above the tie score in the last deal shares the win.")
    return _("Margins add up over the match; the highest total wins, and players tied on the highest total share "
             "the win.")


def match_length_text(seats: int) -> str:
    """How long a match can last (the start screen's choices), in deals at ``seats`` players."""
    return _("A match is one deal, one deal per player ({per_seat} here), two per player ({two_per_seat}) or six "
             "deals, as chosen on the start screen.").format(
        per_seat=MatchLength.parse("per-seat").total(seats), two_per_seat=MatchLength.parse("two-per-seat").total(seats))


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
    every = len(base) == len(ALL_CARDS)
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
    players = (_("{low} or {high} players") if high - low == 1 else _("{low} to {high} players")).format(
        low=first[:1].upper() + first[1:], high=_number_word(high))
    if every:
        return _("{players} fish cards out of a face-up layout. Every card scores. "
                 "Catch more points than your share to win.").format(players=players)
    return _("{players} fish cards out of a face-up layout. Only some cards score: {cards}. "
             "Catch more points than your share to win.").format(players=players, cards=cards)


def deal_text(rules: RuleSet) -> str:
    """The help's paragraph on the deal: hand sizes, the layout and the stock."""
    counts = rules.seat_counts()
    hands = _join_or([str(rules.hand_size(n)) for n in counts])
    players = _join_or([str(n) for n in counts])
    one_size = len({rules.hand_size(n) for n in counts}) == 1
    stocks = {_stock_size(rules, n) for n in counts}
    stock = _("the other {count}").format(count=stocks.pop()) if len(stocks) == 1 else _("the rest")
    layouts = [rules.layout_size(n) for n in counts]
    if len(set(layouts)) == 1:
        word = _number_word(layouts[0])
        layout = word[:1].upper() + word[1:]
    else:
        layout = _join_or([str(n) for n in layouts])
    if one_size:
        words = _("Each player gets {hands} cards. {layout} cards go face up in the middle as the layout; "
                  "{stock} are the face-down stock.")
    else:
        words = _("Each player gets {hands} cards (for {players} players). {layout} cards go face up in the middle "
                  "as the layout; {stock} are the face-down stock.")
    text = words.format(hands=str(rules.hand_size(counts[0])) if one_size else hands, players=players,
                        layout=layout, stock=stock)
    if rules.redeal_size:
        text += _(" When every hand is empty and the stock is not, each player is dealt up to {count} more "
                  "from the stock.").format(count=rules.redeal_size)
    return text


def deal_turns(rules: RuleSet, seats: int) -> int:
    """How many turns a deal lasts at this many seats, re-deals included."""
    from chinese_ten.games.ten.deal import Deal

    return Deal.from_seed(seats, 0, rules=rules).total_turns


def turns_text(rules: RuleSet) -> str:
    """How many turns a deal lasts, at every seat count."""
    counts = rules.seat_counts()
    turns = [deal_turns(rules, n) for n in counts]
    if len(set(turns)) == 1:
        return _("After {count} turns").format(count=turns[0])
    each = [_("{turns} turns at {seats} players").format(turns=t, seats=n) for t, n in zip(turns, counts)]
    return _("After {turns}").format(turns=_join_or(each))


def points_text(rules: RuleSet, seats: int, card: str) -> str:
    """``"N points"`` for one card (``"2H"``) at this many seats."""
    n = rules.points_table(seats)[int(Card.parse(card))]
    return ngettext("{count} point", "{count} points", n).format(count=n)
