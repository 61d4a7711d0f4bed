"""Go Fishing's pages of Help in words: the rules in short with a worked turn, the card values and a worked count,
each taken from the game's rules (the window lays them out: a :data:`Block` each)."""

from __future__ import annotations

from fractions import Fraction

from chinese_ten.cards import RANK_NAMES, Card
from chinese_ten.engine.scores import as_number, points_words
from chinese_ten.games.fishing import rules as fishing
from chinese_ten.i18n import _

Block = tuple[str, object]
"""One piece of a help page: ("head", text), ("text", text), ("cards", (caption, codes)) or ("table", rows)."""


EXAMPLE_LAYOUT: tuple[str, ...] = ("5D", "KS", "4H", "9C", "3D")
"""The layout of Go Fishing's worked turn (RULES.md): a nine takes 5 + 4 and a 9 at once."""

EXAMPLE_PLAY: str = "9S"
"""The card played in Go Fishing's worked turn."""

EXAMPLE_SETS: tuple[tuple[str, ...], ...] = (("5D", "4H"), ("9C",))
"""The sets Go Fishing's worked turn captures, each adding up to the card played."""

EXAMPLE_PILES: tuple[int, ...] = (300, 250, 200, 170)
"""The four players' points of Go Fishing's worked count (the whole pack among them)."""


def _code_value(code: str) -> int:
    return fishing.value_of(int(Card.parse(code)))


def _codepoints_words(code: str) -> int:
    return fishing.points_of(int(Card.parse(code)))


def _pretty(codes: tuple[str, ...] | list[str]) -> str:
    return " + ".join(Card.parse(c).pretty for c in codes)


def _set_text(group: tuple[str, ...]) -> str:
    """One captured set and its sum: "5♦ + 4♥ (5 + 4)", or a single card alone."""
    if len(group) == 1:
        return Card.parse(group[0]).pretty
    return _("{cards} ({sum})").format(cards=_pretty(group), sum=" + ".join(str(_code_value(c)) for c in group))


def rules_blocks() -> tuple[Block, ...]:
    """Go Fishing's Rules page of Help (RULES.md), its numbers and its worked turn taken from the game's rules."""
    value = {rank: _code_value(rank + "S") for rank in ("J", "Q", "K", "A")}
    seats = fishing.SEAT_COUNTS
    play = EXAMPLE_PLAY
    played = _code_value(play)
    assert all(sum(_code_value(c) for c in group) == played for group in EXAMPLE_SETS)
    taken = [c for group in EXAMPLE_SETS for c in group]
    left = [c for c in EXAMPLE_LAYOUT if c not in taken]
    pile = (play, *taken)
    return (
        ("head", _("Chinese Go Fishing")),
        ("text", _("Capture cards from the layout with a card from your hand whose value is their sum. Every card "
                   "you capture scores, and so does the card you capture with; the most points win.")),
        ("head", _("The deal")),
        ("text", _("One pack of 52 cards, {low} to {high} players. Each player is dealt {hand} cards and {layout} go "
                   "face up in the layout; the rest is the stock. The player after the dealer starts, play goes "
                   "clockwise, and the deal passes one seat on after every deal.").format(
            low=min(seats), high=max(seats), hand=fishing.HAND_SIZE, layout=fishing.LAYOUT_SIZE)),
        ("text", _("Values for summing: 2 to 10 their face value, J {j}, Q {q}, K {k}, A {a}. Suits never "
                   "matter.").format(j=value["J"], q=value["Q"], k=value["K"], a=value["A"])),
        ("head", _("Your turn")),
        ("text", _("1. If the layout holds fewer than {layout} cards, cards are turned from the stock until it "
                   "holds {layout} again (or the stock is empty).").format(layout=fishing.LAYOUT_SIZE)),
        ("text", _("2. Play one card from your hand. It may capture one or more separate sets of layout cards, "
                   "each set adding up to its value; a single card of the same value is a set too. Capturing is "
                   "optional, and you may take fewer sets than you could. A card that captures nothing joins the "
                   "layout. The cards you capture and the card you play go to your pile.")),
        ("text", _("3. Draw the top card of the stock, if any is left. A player whose hand is empty is passed "
                   "over.")),
        ("head", _("A turn worked through")),
        ("cards", (_("Layout:"), EXAMPLE_LAYOUT)),
        ("cards", (_("You play:"), (play,))),
        ("text", _("{card} is worth {value}. It takes {sets} at once: two sets, each making {value}. "
                   "{left} stay in the layout.").format(
            card=Card.parse(play).pretty, value=played,
            sets=_(" and ").join(_set_text(group) for group in EXAMPLE_SETS),
            left=_(" and ").join(Card.parse(c).pretty for c in left))),
        ("cards", (_("To your pile:"), pile)),
        ("text", _("{cards}: {points} in one turn. You could also take one of the sets alone, or nothing at all; "
                   "then {card} would join the layout.").format(
            cards=_(", ").join(Card.parse(c).pretty for c in pile),
            points=points_words(sum(_codepoints_words(c) for c in pile)), card=Card.parse(play).pretty)),
        ("head", _("Scoring")),
        ("text", _("The deal ends when the stock and every hand are empty; cards left in the layout go to nobody. "
                   "Each player counts the points in their pile (see Card values: the pack holds {pack}). Your "
                   "result is your points minus the mean of all players' points, so the results of a deal add up "
                   "to zero; the most points win the deal.").format(pack=fishing.PACK_POINTS)),
        ("text", _("A match is one deal per player (the usual length), one deal, or two deals per player. The "
                   "highest total of results wins the match; a tie for first place is shared.")),
    )


def _of_rank(rank: int) -> int:
    """The number of a card of this rank (1 for the ace to 13): suit never matters in Go Fishing."""
    return (rank - 1) * 4


def card_values() -> list[tuple[str, ...]]:
    """Go Fishing's card-values sheet: a header row, then each kind of card's value for summing and the
    points it scores (ranks in a row that score alike and sum at face value share a line), then the
    pack's points; all taken from the game's rules."""
    def at_face(rank: int) -> bool:
        return fishing.value_of(_of_rank(rank)) == rank

    groups: list[list[int]] = []
    for rank in (*range(2, 14), 1):  # in order of value: the ace sums highest
        last = groups[-1] if groups else None
        if (last is not None and rank == last[-1] + 1 and at_face(rank) and at_face(last[-1])
                and fishing.points_of(_of_rank(rank)) == fishing.points_of(_of_rank(last[-1]))):
            last.append(rank)
        else:
            groups.append([rank])
    rows: list[tuple[str, ...]] = [(_("Card"), _("Value for summing"), _("Points"))]
    for ranks in groups:
        if len(ranks) > 1:
            label = _("{low} to {high}").format(low=RANK_NAMES[ranks[0] - 1], high=RANK_NAMES[ranks[-1] - 1])
            shown = _("face value")
        else:
            label, shown = RANK_NAMES[ranks[0] - 1], str(fishing.value_of(_of_rank(ranks[0])))
        rows.append((label, shown, str(fishing.points_of(_of_rank(ranks[0])))))
    rows.append((_("Pack total"), "", str(fishing.PACK_POINTS)))
    return rows


def example_text() -> str:
    """A worked count of Go Fishing's results at four players from :data:`EXAMPLE_PILES`."""
    piles = EXAMPLE_PILES
    results = fishing.margins_of(piles)
    shown = _(", ").join(("+" if r >= 0 else "-") + str(as_number(abs(r))) for r in results)
    return _("For example, four players whose piles hold {piles} points ({total} in all, a mean of {mean}) "
             "have the results {results}.").format(piles=_(", ").join(str(p) for p in piles), total=sum(piles),
                                                   mean=str(as_number(Fraction(sum(piles), len(piles)))),
                                                   results=shown)


def values_blocks() -> tuple[Block, ...]:
    """The Card values page of Help: each card's value and points, and a worked count."""
    return (("text", _("Each card's value for summing, and the points it scores in your pile. Suits "
                       "never matter.")), ("table", card_values()), ("text", example_text()))


def help_pages() -> tuple[tuple[str, tuple[Block, ...]], ...]:
    """Help's pages under the default rules, each with its title: the rules in short, then the cards' values."""
    return ((_("Rules"), rules_blocks()), (_("Card values"), values_blocks()))
