"""Help (F1): the rules in short with worked turns, the card values, and the keys, for Chinese Ten or for
Chinese Go Fishing."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, cast

import pygame
from pygame import Rect

from chinese_ten.cards import ALL_CARDS, RANK_NAMES, Card
from chinese_ten.i18n import N_, _, language, ngettext
from chinese_ten.games import game_named
from chinese_ten.games.fishing import rules as fishing
from chinese_ten.games.ten.rules import CLASSIC, RuleSet
from chinese_ten.ui.table.geometry import CARD_RATIO
from chinese_ten.ui.widgets.dialog import Dialog
from chinese_ten.games.ten.texts import (deal_text, idea_text, match_length_text, number_text, opening_text,
                                         order_text, turns_text, winning_text)
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.widgets.button import Button, button_at
from chinese_ten.ui.kit.shortcuts import keyboard_words

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services

TABS: tuple[str, ...] = (N_("Rules"), N_("Card values"), N_("Keys"))
"""The help's pages, in order."""

Block = tuple[str, object]
"""One piece of a help page: ("head", text), ("text", text), ("cards", (caption, codes)) or ("table", rows)."""

def _pair(rules: RuleSet, seats: int, a: str, b: str) -> int:
    table = rules.points_table(seats)
    return table[int(Card.parse(a))] + table[int(Card.parse(b))]


def rules_page(rules: RuleSet = CLASSIC, seats: int = 2) -> tuple[Block, ...]:
    """The Rules page, its numbers worked out from ``rules`` (the examples at ``seats`` players)."""
    first = _pair(rules, seats, "8C", "2H")
    second = _pair(rules, seats, "4D", "6C")
    table = rules.points_table(seats)
    threes = {code: table[int(Card.parse(code))] for code in ("3S", "3H")}
    best = max(threes, key=lambda code: threes[code])
    chosen = _pair(rules, seats, "7D", best)
    seven, three = table[int(Card.parse("7D"))], threes[best]
    if threes["3S"] == threes["3H"]:
        why = _("they score the same, so the game takes one: {a} + {b} = {total}").format(
            a=seven, b=three, total=_points(chosen))
    else:
        why = _("{card} scores more: {a} + {b} = {total}").format(
            card=Card.parse(best).pretty, a=seven, b=three, total=_points(chosen))
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
            first=_points(first), second=_points(second))),
        ("cards", (_("Layout:"), ("3S", "3H", "6C", "QD"))),
        ("text", _("You play 7♦. It could take either three; {why}. "
                   "You turn Q♠: it takes Q♦, {turned} more. {total} in one turn.").format(
            why=why, turned=turned, total=_points(chosen + turned))),
        ("head", _("Scoring")),
        ("text", _("{when} the hands and the stock are empty. Each player counts the points in their pile. Your "
                   "margin is your points minus the tie score (the pack's points shared out evenly), so the margins "
                   "of a deal add up to zero. {winning}").format(when=turns_text(rules), winning=winning_text(rules))),
        ("text", match_length_text(seats)),
        *review_blocks(),
        *friends_blocks(),
    )


def review_blocks() -> tuple[Block, ...]:
    """What the help says of how the review (and a hint) judges a decision."""
    return (
        ("head", _("How the review judges")),
        ("text", _("The review plays each of a decision's options out many times, in worlds dealt from what your "
                   "seat could know then: the cards it had seen, and what the other seats' plays suggest they hold. "
                   "An option's figure is the margin you would end the deal with, on average over those worlds. "
                   "What the best option would give and yours would not is what the decision lost, and its mark: "
                   "inaccuracy, mistake or blunder. A hint is judged the same way.")),
        ("text", _("The worlds assume the other seats play sensibly: a seat that passed up a capture is taken to be "
                   "much less likely to hold the card that would have made it. Against careless play, Easy's say, "
                   "the figures can mislead.")),
    )


def friends_blocks() -> tuple[Block, ...]:
    """What the help says of playing with friends over the network."""
    return (
        ("head", _("Playing with friends")),
        ("text", _("With friends, on the start screen, opens a table on the network: choose the seats, send "
                   "each friend the link of their seat, and whoever opens a link takes that seat. Hints and "
                   "take-backs are off while more than one person plays.")),
        ("text", _("On a table hosted by a player's computer, that computer holds the shuffle: it deals every "
                   "card, and shows each player only their own hand. Play with people you trust, or host on a "
                   "server set in Settings.")),
        ("text", _("When you host on Windows for the first time, Windows asks whether to allow the game through "
                   "its firewall: allow it on private networks, or your friends cannot reach your table.")),
    )


def _points(n: int) -> str:
    return ngettext("{count} point", "{count} points", n).format(count=n)

KEYS: tuple[tuple[str, str], ...] = (
    (N_("Left / Right"), N_("move the focus through your hand; pick a lit card in a capture choice")),
    (N_("Enter"), N_("play the focused card, or take the focused lit card")),
    (N_("Space"), N_("on your turn: play the focused card; any other time: pause or carry on")),
    (N_("1 to 9, 0, -, ="), N_("play that card of your hand: 1 is the first from the left, 0 the tenth, - the "
                               "eleventh, = the twelfth (the keys show on the cards once you use the keyboard)")),
    (N_("A"), N_("a hint: the Hard player's choice for your turn, or for the card to take in a capture choice "
                 "(also the Hint button); the list of turns says why in one line")),
    (N_("R"), N_("show the last turn again, slowly; the game does not change (also the Last turn button)")),
    (N_("S"), N_("the next animation speed: Slow, Normal, Fast, Instant, then Slow again (also the speed "
                 "button; remembered as Animation in Settings)")),
    (N_("Backspace"), N_("take back your last turn, with the turned card and the replies after it, when Allow "
                         "take-backs is on in Settings. The stock does not change: the same cards turn up again. "
                         "A match with a take-back is practice and stays out of the statistics.")),
    (N_("P"), N_("pause or carry on (also the Pause button)")),
    (N_("Esc"), N_("the menu: Resume, New match, Start screen, Settings, Help, Statistics, History, Quit")),
    (N_("H"), N_("high contrast on or off")),
    (N_("M"), N_("sound off or on (the volume is in Settings)")),
    (N_("T"), N_("the card tracker on or off: in the side panel, the scoring cards you have not seen yet and "
                 "how many partners of each layout card are still out (Card tracker in Settings)")),
    (N_("F1"), N_("this help")),
    (N_("F11"), N_("full screen on or off")),
    (N_("Page Up / Down"), N_("scroll the list of turns")),
    (N_("Any other key, a click"), N_("finish the movement being shown at once")),
    (N_("Tab / Shift+Tab"), N_("at the table: from your hand to the Hint, Last turn, Pause and Menu buttons and back")),
    (N_("Tab, arrows, Enter"), N_("move between buttons and press them on every screen")),
    (N_("R (count, History)"), N_("review the deal: every hand face up, each of your decisions marked from best "
                                  "to blunder")),
    (N_("A (History)"), N_("play the chosen deal again from its deal number, as practice (also Play this deal "
                           "again, there and at every count: in the middle of a match the match goes on afterwards "
                           "where it was)")),
    (N_("N (start screen)"), N_("play a deal by its number, as practice (also Play deal number…)")),
    (N_("Review: Left / Right"), N_("a turn back, or on (played as at the table); Home and End: the start and "
                                    "the end; a click on a turn or a worst moment goes there")),
    (N_("Review: W"), N_("the worst moments, one after another")),
    (N_("Review: S"), N_("judge another seat's decisions, a computer's too")),
    (N_("Review: P"), N_("play the rest of the deal from the position shown, in your seat against the computers, "
                         "as practice kept nowhere; its count leads back to the review (also Play on from here)")),
    (N_("Review: Esc"), N_("cancel the analysis while it runs; otherwise back to where the review was opened")),
)
"""Chinese Ten's Keys page: key and what it does (marked with ``N_``: translated where shown)."""

FISHING_KEYS: dict[str, tuple[str, str] | None] = {
    "Left / Right": (N_("Left / Right"), N_("move the focus through your hand; in a choice of what to take, the "
                                            "way before or after (Up / Down: a row of ways)")),
    "Enter": (N_("Enter"), N_("play the focused card, or take the focused way in a choice of what to take")),
    "A": (N_("A"), N_("a hint: the Hard player's choice for your turn, or the way to take in a choice of what to "
                      "take (also the Hint button); the list of turns says why in one line")),
    "T": (N_("T"), N_("the card tracker on or off: in the side panel, how many cards of each value you have not "
                      "seen yet (Card tracker in Settings)")),
}
"""Go Fishing's rows that differ from Chinese Ten's, by Chinese Ten's key (None: a row it leaves out)."""

FISHING_ONLY_KEYS: tuple[tuple[str, str], ...] = (
    (N_("Shift+Enter, Shift+click"), N_("play the card offering every way it may take, taking nothing too, even "
                                        "when it could take only one way")),
)
"""Keys Go Fishing has and Chinese Ten has not, listed after Enter."""


def keys_page(game: str = "ten") -> tuple[tuple[str, str], ...]:
    """The Keys page of ``game``: each key and what it does there, marked for translation."""
    if game != "fishing":
        return KEYS
    rows: list[tuple[str, str]] = []
    for key, what in KEYS:
        row = FISHING_KEYS.get(key, (key, what))
        if row is not None:
            rows.append(row)
        if key == "Enter":
            rows.extend(FISHING_ONLY_KEYS)
    return tuple(rows)


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


def _rank_name(rank: int) -> str:
    return RANK_NAMES[rank - 1]


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
                label = _("{colour} {rank}").format(colour=_(colour), rank=_rank_name(rank))
            else:
                label = _("{colour} {low} to {high}").format(colour=_(colour), low=_rank_name(rank),
                                                             high=_rank_name(end))
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


FISHING_EXAMPLE_LAYOUT: tuple[str, ...] = ("5D", "KS", "4H", "9C", "3D")
"""The layout of Go Fishing's worked turn (RULES.md): a nine takes 5 + 4 and a 9 at once."""

FISHING_EXAMPLE_PLAY: str = "9S"
"""The card played in Go Fishing's worked turn."""

FISHING_EXAMPLE_SETS: tuple[tuple[str, ...], ...] = (("5D", "4H"), ("9C",))
"""The sets Go Fishing's worked turn captures, each adding up to the card played."""

FISHING_EXAMPLE_PILES: tuple[int, ...] = (300, 250, 200, 170)
"""The four players' points of Go Fishing's worked count (the whole pack among them)."""


def _code_value(code: str) -> int:
    return fishing.value_of(int(Card.parse(code)))


def _code_points(code: str) -> int:
    return fishing.points_of(int(Card.parse(code)))


def _pretty(codes: tuple[str, ...] | list[str]) -> str:
    return " + ".join(Card.parse(c).pretty for c in codes)


def _set_text(group: tuple[str, ...]) -> str:
    """One captured set and its sum: "5♦ + 4♥ (5 + 4)", or a single card alone."""
    if len(group) == 1:
        return Card.parse(group[0]).pretty
    return _("{cards} ({sum})").format(cards=_pretty(group), sum=" + ".join(str(_code_value(c)) for c in group))


def fishing_rules_page() -> tuple[Block, ...]:
    """Go Fishing's Rules page (RULES.md), its numbers and its worked turn taken from the game's rules."""
    value = {rank: _code_value(rank + "S") for rank in ("J", "Q", "K", "A")}
    seats = fishing.SEAT_COUNTS
    play = FISHING_EXAMPLE_PLAY
    played = _code_value(play)
    assert all(sum(_code_value(c) for c in group) == played for group in FISHING_EXAMPLE_SETS)
    taken = [c for group in FISHING_EXAMPLE_SETS for c in group]
    left = [c for c in FISHING_EXAMPLE_LAYOUT if c not in taken]
    pile = (play, *taken)
    return (
        ("head", _(game_named("fishing").title)),
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
        ("cards", (_("Layout:"), FISHING_EXAMPLE_LAYOUT)),
        ("cards", (_("You play:"), (play,))),
        ("text", _("{card} is worth {value}. It takes {sets} at once: two sets, each making {value}. "
                   "{left} stay in the layout.").format(
            card=Card.parse(play).pretty, value=played,
            sets=_(" and ").join(_set_text(group) for group in FISHING_EXAMPLE_SETS),
            left=_(" and ").join(Card.parse(c).pretty for c in left))),
        ("cards", (_("To your pile:"), pile)),
        ("text", _("{cards}: {points} in one turn. You could also take one of the sets alone, or nothing at all; "
                   "then {card} would join the layout.").format(
            cards=_(", ").join(Card.parse(c).pretty for c in pile),
            points=_points(sum(_code_points(c) for c in pile)), card=Card.parse(play).pretty)),
        ("head", _("Scoring")),
        ("text", _("The deal ends when the stock and every hand are empty; cards left in the layout go to nobody. "
                   "Each player counts the points in their pile (see Card values: the pack holds {pack}). Your "
                   "result is your points minus the mean of all players' points, so the results of a deal add up "
                   "to zero; the most points win the deal.").format(pack=fishing.PACK_POINTS)),
        ("text", _("A match is one deal per player (the usual length), one deal, or two deals per player. The "
                   "highest total of results wins the match; a tie for first place is shared.")),
        *review_blocks(),
        *friends_blocks(),
    )


def _of_rank(rank: int) -> int:
    """The number of a card of this rank (1 for the ace to 13): suit never matters in Go Fishing."""
    return (rank - 1) * 4


def fishing_card_values() -> list[tuple[str, ...]]:
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
            label = _("{low} to {high}").format(low=_rank_name(ranks[0]), high=_rank_name(ranks[-1]))
            shown = _("face value")
        else:
            label, shown = _rank_name(ranks[0]), str(fishing.value_of(_of_rank(ranks[0])))
        rows.append((label, shown, str(fishing.points_of(_of_rank(ranks[0])))))
    rows.append((_("Pack total"), "", str(fishing.PACK_POINTS)))
    return rows


def fishing_example_text() -> str:
    """A worked count of Go Fishing's results at four players from :data:`FISHING_EXAMPLE_PILES`."""
    piles = FISHING_EXAMPLE_PILES
    results = fishing.margins_of(piles)
    shown = _(", ").join(("+" if r >= 0 else "-") + number_text(abs(r)) for r in results)
    return _("For example, four players whose piles hold {piles} points ({total} in all, a mean of {mean}) "
             "have the results {results}.").format(piles=_(", ").join(str(p) for p in piles), total=sum(piles),
                                                   mean=number_text(Fraction(sum(piles), len(piles))),
                                                   results=shown)


class HelpScene(Dialog):
    """An overlay with tabs; the game holds still while it is open."""

    def __init__(self, app: Services, tab: int = 0, game: str = "ten") -> None:
        """Help opened at page ``tab``, for ``game`` (by its registered name; Chinese Ten unless named)."""
        super().__init__(app)
        self.game = game if game == "fishing" else "ten"
        """The game whose rules and card values the help shows (``ten`` or ``fishing``)."""
        self.tab = tab
        self.tabs = [Button(name, f"tab={i}") for i, name in enumerate(TABS)]
        self.close_button = Button(N_("Close (Esc)"), "close")
        self.scroll = 0
        self._max_scroll = 0
        self._hover: Button | None = None
        self._page: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._sync()

    def _sync(self) -> None:
        for i, b in enumerate(self.tabs):
            b.selected = i == self.tab
            b.focused = i == self.tab

    def show(self, tab: int) -> None:
        """Turn to page ``tab``."""
        self.tab = tab % len(TABS)
        self.scroll = 0
        self._sync()

    def box(self, size: tuple[int, int]) -> Rect:
        """The help panel at this window size."""
        w, h = size
        unit = ui_scale(size)
        box = Rect(0, 0, max(0, min(w - 20, round(1100 * unit))), max(0, h - 20))
        box.center = (w // 2, h // 2)
        return box

    def unit(self) -> float:
        """Scale of the window against 1280×800."""
        return ui_scale(self.app.surface.get_size())

    def place(self, size: tuple[int, int]) -> Rect:
        """Place the tabs and Close; returns the page area."""
        unit = ui_scale(size)
        box = self.box(size)
        pad = round(24 * unit)
        bh = round(44 * unit)
        bw = round(190 * unit)
        gap = round(10 * unit)
        for i, b in enumerate(self.tabs):
            b.rect = Rect(box.left + pad + i * (bw + gap), box.top + pad, bw, bh)
        self.close_button.rect = Rect(0, 0, round(180 * unit), bh)
        self.close_button.rect.topright = (box.right - pad, box.top + pad)
        top = box.top + pad + bh + round(18 * unit)
        return Rect(box.left + pad, top, box.width - 2 * pad, box.bottom - pad - top)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Left/Right or Tab turn pages, Up/Down scroll, Esc or Enter closes; clicks too."""
        area = self.place(self.app.surface.get_size())
        if event.type == pygame.KEYDOWN:
            step = max(20, area.height // 8)
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.app.pop(self)
            elif event.key == pygame.K_TAB:
                self.show(self.tab + (-1 if event.mod & pygame.KMOD_SHIFT else 1))
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.show(self.tab + (1 if event.key == pygame.K_RIGHT else -1))
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                self.scroll_by(step if event.key == pygame.K_DOWN else -step)
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP, pygame.K_SPACE):
                self.scroll_by(area.height - step if event.key != pygame.K_PAGEUP else step - area.height)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.close_button.hit(event.pos):
                self.app.pop(self)
                return
            for i, b in enumerate(self.tabs):
                if b.hit(event.pos):
                    self.show(i)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 40)
        elif event.type == pygame.MOUSEMOTION:
            self._hover = button_at([*self.tabs, self.close_button], event.pos)

    def scroll_by(self, pixels: int) -> None:
        """Scroll the page down (positive) or up."""
        self.scroll = max(0, min(self._max_scroll, self.scroll + pixels))

    # ------------------------------------------------------------------ drawing

    def page(self, width: int) -> pygame.Surface:
        """The current page rendered at ``width`` pixels wide (at least one), cached."""
        kit = self.app.kit
        width = max(1, width)
        rules, seats = self.app.rules_in_force()
        key = (self.game, self.tab, width, language(), kit.theme.name, kit.theme.card_style,
               round(self.unit() * 100), rules, seats)
        if self._page is not None and self._page[0] == key:
            return self._page[1]
        blocks: tuple[Block, ...]
        if self.game == "fishing" and self.tab == 0:
            blocks = fishing_rules_page()
        elif self.game == "fishing" and self.tab == 1:
            blocks = (("text", _("Each card's value for summing, and the points it scores in your pile. Suits "
                                 "never matter.")), ("table", fishing_card_values()),
                      ("text", fishing_example_text()))
        elif self.tab == 0:
            blocks = rules_page(rules, seats)
        elif self.tab == 1:
            blocks = (("text", _("Points each card scores, by the number of players. Every card not listed "
                                 "scores nothing.")), ("table", card_values(rules)),
                      ("text", _("A deal's margins add up to zero: points above the tie score are exactly what "
                                 "the others lose.")),
                      ("text", example_text(rules)))
        else:
            blocks = (("table", [(_("Key"), _("What it does")), *((keyboard_words(_(k)), _(what)) for k, what in keys_page(self.game))]),)
        surf = self._render(blocks, width)
        self._page = (key, surf)
        return surf

    def _render(self, blocks: tuple[Block, ...] | list[Block], width: int) -> pygame.Surface:
        kit = self.app.kit
        t = kit.theme
        unit = self.unit()
        body = font_px(22, unit)
        head = font_px(27, unit)
        pieces: list[tuple[pygame.Surface, int]] = []
        captions = [str(cast("tuple[str, tuple[str, ...]]", value)[0]) for kind, value in blocks if kind == "cards"]
        caption_w = max((kit.text.width(c, body, True) for c in captions), default=0)  # the rows of cards align
        for kind, value in blocks:
            if kind == "head":
                pieces.append((kit.text.line(str(value), head, t.accent, bold=True), round(12 * unit)))
            elif kind == "text":
                pieces.append((kit.text.paragraph(str(value), body, t.text, width), round(6 * unit)))
            elif kind == "cards":
                caption, codes = cast("tuple[str, tuple[str, ...]]", value)
                pieces.append((self._cards(str(caption), codes, body, caption_w), round(6 * unit)))
            elif kind == "table":
                pieces.append((self._table(value, width, body), round(10 * unit)))  # type: ignore[arg-type]
        height = sum(s.get_height() + gap for s, gap in pieces) + 4
        surf = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
        y = 0
        for s, gap in pieces:
            y += gap
            surf.blit(s, (0, y))
            y += s.get_height()
        return surf

    def _cards(self, caption: str, codes: tuple[str, ...], size: int, caption_w: int = 0) -> pygame.Surface:
        kit = self.app.kit
        unit = self.unit()
        ch = max(48, round(84 * unit))
        cw = round(ch * CARD_RATIO)
        label = kit.text.line(caption, size, kit.theme.text_dim, bold=True)
        gap = round(8 * unit)
        left = max(caption_w, label.get_width()) + 12
        surf = pygame.Surface((left + len(codes) * (cw + gap), ch), pygame.SRCALPHA)
        surf.blit(label, label.get_rect(midleft=(0, ch // 2)))
        x = left
        for code in codes:
            surf.blit(kit.cards.face(Card.parse(code), (cw, ch)), (x, 0))
            x += cw + gap
        return surf

    def _table(self, rows: list[tuple[str, ...]], width: int, size: int) -> pygame.Surface:
        kit = self.app.kit
        t = kit.theme
        line_h = kit.fonts.get(size).get_linesize()
        cols = len(rows[0])
        sums = (_("Pack total"), _("Tie score (total ÷ players)"))
        totals = next((k for k in range(len(rows)) if rows[len(rows) - 1 - k][0] not in sums), 0)  # drawn bold
        first = round(width * (0.34 if cols == 2 else 0.4))
        rest = (width - first) // max(1, cols - 1)
        wraps = [kit.text.wrap(r[-1], size, rest - 16) if cols == 2 else [r[-1]] for r in rows]
        heights = [line_h * len(wr) + 10 for wr in wraps]
        surf = pygame.Surface((width, sum(heights)), pygame.SRCALPHA)
        y = 0
        for i, (row, wr, rh) in enumerate(zip(rows, wraps, heights)):
            if i == 0:
                pygame.draw.rect(surf, t.raised, Rect(0, y, width, rh), border_radius=6)
            elif i % 2 == 0:
                pygame.draw.line(surf, t.panel_line, (0, y), (width, y), 1)
            bold = i == 0
            colour = t.text_dim if i == 0 else t.text
            cell = kit.text.line(row[0], size, t.accent if i and cols == 2 else colour, bold=bold or cols == 2)
            surf.blit(cell, (10, y + 5))
            if cols == 2:
                for k, text in enumerate(wr):
                    surf.blit(kit.text.line(text, size, colour, bold), (first, y + 5 + k * line_h))
            else:
                for c in range(1, cols):
                    s = kit.text.line(row[c], size, colour, bold=bold or i >= len(rows) - totals)
                    surf.blit(s, s.get_rect(midtop=(first + rest * (c - 1) + rest // 2, y + 5)))
            y += rh
        return surf

    def draw(self, surface: pygame.Surface) -> None:
        """The page over the dimmed screen."""
        kit = self.app.kit
        t = kit.theme
        box = self.draw_panel(surface)
        area = self.place(surface.get_size())
        unit = self.unit()
        for b in [*self.tabs, self.close_button]:
            b.draw(surface, kit, font_px(22, unit), b is self._hover)
        page = self.page(area.width)
        self._max_scroll = max(0, page.get_height() - area.height)
        self.scroll = min(self.scroll, self._max_scroll)
        clip = surface.get_clip()
        surface.set_clip(area)
        surface.blit(page, (area.left, area.top - self.scroll))
        surface.set_clip(clip)
        if self._max_scroll:
            more = _("Down / Page Down for more") if self.scroll < self._max_scroll else _("Up for the top")
            note = kit.text.line(more, font_px(17, unit), t.text_dim)
            back = note.get_rect(bottomright=(area.right, box.bottom - 4)).inflate(10, 2)
            pygame.draw.rect(surface, t.panel, back)
            surface.blit(note, note.get_rect(center=back.center))
