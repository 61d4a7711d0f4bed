"""Help (F1): the rules in short with worked turns, the card values, and the keys, for Chinese Ten or for
Chinese Go Fishing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame
from pygame import Rect

from chinese_ten.cards import Card
from chinese_ten.i18n import N_, _, language
from chinese_ten.games import GAMES, game_named
from chinese_ten.ui.table.games import table_game
from chinese_ten.ui.table.geometry import CARD_RATIO
from chinese_ten.ui.widgets.dialog import Dialog
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.widgets.button import Button, button_at
from chinese_ten.ui.kit.shortcuts import keyboard_words

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services

TABS: tuple[str, ...] = (N_("Rules"), N_("Card values"), N_("Keys"))
"""The help's pages, in order."""

Block = tuple[str, object]
"""One piece of a help page: ("head", text), ("text", text), ("cards", (caption, codes)) or ("table", rows)."""


def rules_page(rules: Any = None, seats: int = 2, game: str = next(iter(GAMES))) -> tuple[Block, ...]:
    """The Rules page of ``game`` (the first registered unless named; its numbers from ``rules``, the examples at
    ``seats`` players; None: its default rules), then how the review judges and how friends play."""
    return (*table_game(game).rules_blocks(rules, seats), *review_blocks(), *friends_blocks())


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


class HelpScene(Dialog):
    """An overlay with tabs; the game holds still while it is open."""

    def __init__(self, app: Services, tab: int = 0, game: str = "ten") -> None:
        """Help opened at page ``tab``, for ``game`` (by its registered name; Chinese Ten unless named)."""
        super().__init__(app)
        self.game = game_named(game).name if game in GAMES else next(iter(GAMES))
        """The game whose rules and card values the help shows (a registered name; the first registered for
        another)."""
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
        rules, seats = self.app.rules_in_force(self.game)
        key = (self.game, self.tab, width, language(), kit.theme.name, kit.theme.card_style,
               round(self.unit() * 100), rules, seats)
        if self._page is not None and self._page[0] == key:
            return self._page[1]
        blocks: tuple[Block, ...]
        if self.tab == 0:
            blocks = rules_page(rules, seats, self.game)
        elif self.tab == 1:
            blocks = table_game(self.game).values_blocks(rules)
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
