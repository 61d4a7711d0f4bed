"""Practice: the person's own mistakes and blunders from reviewed deals, dealt one after another to be solved.

Each position (a game's :class:`~chinese_ten.practice.Judged`) is laid on the table as the person saw it
(:class:`~chinese_ten.ui.table.practice_table.PracticeTable`: their hand face up, the other hands face down)
under the heading "Find the better move", with what the seat knew in the panel: the card tracker and the turns
before the decision, as the table's side panel draws them. The person picks a hand card (or, when the decision
was a take, the layout card to take) by key or click — in Go Fishing, when the card may take more than one
way, then the family of sets it takes, from a list in the panel; the screen then says whether it was right —
as good as the best option by the review's own evaluation, within the best mark's step — shows the best
option, the move first made in the match and the reason, and Next deals the next position. A position solved
is not offered again; one failed comes back after the others. Both games' positions are practised alike.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from chinese_ten.cards import Card
from chinese_ten.i18n import N_, _, ngettext
from chinese_ten.matchstore import KeptPosition
from chinese_ten.practice import Position
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.kit.theme import Colour
from chinese_ten.ui.scene import Scene
from chinese_ten.ui.table.analysis import SENSIBLE_PLAY
from chinese_ten.ui.table.choreography import pace_for
from chinese_ten.ui.table.controller import SeatInfo, seat_infos
from chinese_ten.ui.table.geometry import TableGeometry, hand_rects, table_geometry
from chinese_ten.ui.table.live import CARD_KEY_NAMES, DIGIT_KEYS
from chinese_ten.ui.table.painter import TablePainter
from chinese_ten.ui.table.panel import SidePanel
from chinese_ten.ui.table.practice_table import PracticeTable
from chinese_ten.ui.table.tracker import track
from chinese_ten.ui.widgets.button import PRESS_KEYS, Button, button_at

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services

_log = logging.getLogger("chinese_ten.ui")

HEADING = N_("Find the better move")
"""The heading over every position."""

NOTHING_TO_PRACTISE = N_("Nothing to practise yet: the mistakes and blunders of the deals you review become "
                         "positions here.")
"""What Practice says when no position waits to be solved."""

PANEL_SHARE = 0.32
"""The panel takes this share of the window's width (between the two limits below)."""

PANEL_LIMITS = (300, 540)
"""The narrowest and widest the panel is, in pixels."""


def seats_of(position: Position) -> list[SeatInfo]:
    """Who sat where, seen from the position's seat: You at the bottom, the computers by their sides."""
    record = position.record
    players = record.get("players")
    strengths = [p for p in players if isinstance(p, str) and p != "you"] if isinstance(players, list) else []
    seats = position.decided.start.seats
    return seat_infos(seats, strengths or "normal", bottom=position.seat)


def question(position: Position) -> str:
    """What the position asks, in words."""
    entering = position.entering
    if position.kind == "play" or entering is None:
        return _("Your turn to play: which card from your hand?")
    if position.kind == "take":
        return _("Your {card} can take more than one card: which should it take?").format(card=entering.pretty)
    return _("The turned {card} can take more than one card: which should it take?").format(card=entering.pretty)


def verdict(position: Position, option: Any) -> tuple[bool, list[str]]:
    """Whether answering with ``option`` (one of :meth:`~chinese_ten.practice.PracticePosition.options_for`) is
    right, and the lines that say so: the verdict, the best option, the answer and the move first made in the
    match (each with its expected margin), and the reason: why the best beats a wrong answer, or why a right
    answer beats the move made in the match."""
    right = position.accepts_option(option)
    best = option if position.same_option(option, position.best) else position.best  # named as it was picked
    played = position.played
    lines = []
    if right:
        lines.append(_("Right!") if best is option else _("Right: as good as the best move."))
    else:
        lines.append(_("Not the best move."))
    lines.append(_("Best: {option} (expected margin {value})").format(
        option=position.words(best), value=f"{best.expected:+.1f}"))
    if best is not option:
        lines.append(_("Yours: {option} (expected margin {value})").format(
            option=position.words(option), value=f"{option.expected:+.1f}"))
    lines.append(_("In the match: {option} (expected margin {value})").format(
        option=position.words(played), value=f"{played.expected:+.1f}"))
    reason = position.reason_over_played(option) if right else position.reason_for(option)
    if reason:
        lines.append(reason)
        lines.append(_(SENSIBLE_PLAY))
    return right, lines


def way_words(position: Position, option: Any) -> str:
    """One way a card may be answered with, in words: what it takes, or that it is laid down taking nothing."""
    if not position.taken(option):
        return _("lay {card} down, taking nothing").format(card=option.play.pretty)
    return position.words(option)


class PracticeScene(Scene):
    """The positions to practise, one after another: keys or clicks pick, Enter (or N) goes on, Esc goes back."""

    opaque = True

    @classmethod
    def opened(cls, app: Services, **kw: Any) -> PracticeScene | None:
        """Practice over the kept positions still to solve; when none can be offered the person is told why
        in one line and nothing opens."""
        if "positions" in kw:
            return cls(app, **kw)
        read = app.keeper.practice_positions()
        if read is None:
            return None  # the keeper has told the person the file can't be read
        if read.unreadable:
            app.notify(ngettext("{n} practice position can't be read; it is left as it was.",
                                "{n} practice positions can't be read; they are left as they were.",
                                len(read.unreadable)).format(n=len(read.unreadable)))
        if not read.positions:
            if not read.unreadable:
                app.notify(_(NOTHING_TO_PRACTISE))
            return None
        return cls(app, positions=read.positions)

    def __init__(self, app: Services, positions: Sequence[KeptPosition]) -> None:
        """Practice over ``positions``, in order, the first dealt at once."""
        super().__init__(app)
        self.positions = list(positions)
        self.index = 0
        self.painter = TablePainter(app.kit)
        self.next_button = Button(N_("Next (Enter)"), "next")
        self.back_button = Button(N_("Back (Esc)"), "back")
        self.solved = 0
        """Positions solved this time."""
        self.failed = 0
        """Wrong answers this time."""
        self.answer: Card | None = None
        """The card picked for the position shown (None before the answer)."""
        self.answered: Any = None
        """The option answered with (None before the answer)."""
        self.pending: Card | None = None
        """A Go Fishing card picked whose family of sets is still to be chosen."""
        self.family_buttons: list[Button] = []
        """One button for each way the pending card may take, in the order offered."""
        self.right = False
        self.focus = 0
        """The choice the keys have reached (its index in :meth:`choices`)."""
        self.table: PracticeTable | None = None
        self.words: list[str] = []
        """Every text the panel shows now, as laid out last."""
        self.log = SidePanel(app.kit)
        """The card tracker and the turns before the decision, as the table's side panel shows them."""
        self._hover: Button | None = None
        self._deal()

    # ------------------------------------------------------------------ reading

    @property
    def done(self) -> bool:
        """True once every position was answered."""
        return self.index >= len(self.positions)

    @property
    def position(self) -> Position | None:
        """The position shown (None once they are done)."""
        return None if self.done else self.positions[self.index].position

    def choices(self) -> list[Card]:
        """The cards the person may pick, in the order the keys reach them: the hand as shown for a play,
        the candidates in the layout's order for a take."""
        position, table = self.position, self.table
        if position is None or table is None:
            return []
        if position.kind == "play":
            return table.hand()
        allowed = set(position.choices)
        return [card for _slot, card in sorted(table.board.slots.items()) if card in allowed]

    def geom(self) -> TableGeometry:
        """The table's geometry at the window's size, less the panel, the position's seat at the bottom."""
        w, h = self.app.surface.get_size()
        table = self.table
        seats = table.seats if table is not None else 2
        panel = min(PANEL_LIMITS[1], max(PANEL_LIMITS[0], round(w * PANEL_SHARE)))
        return table_geometry((w, h), seats, table.board.capacity if table is not None else 20,
                              panel_width=panel, bottom=table.seat if table is not None else 0)

    def panel_rect(self) -> Rect:
        """The panel: the window's right-hand side, top to bottom."""
        geom = self.geom()
        return Rect(geom.table.right, 0, max(0, self.app.surface.get_width() - geom.table.right),
                    self.app.surface.get_height())

    def card_rects(self) -> list[tuple[Card, Rect]]:
        """Where each choice lies on the table."""
        geom = self.geom()
        position, table = self.position, self.table
        if position is None or table is None:
            return []
        if position.kind == "play":
            hand = table.hand()
            return list(zip(hand, hand_rects(geom, len(hand))))
        return [(card, geom.slots[slot]) for slot, card in sorted(table.board.slots.items())
                if card in position.choices and slot < len(geom.slots)]

    def buttons(self) -> list[Button]:
        """The ways the pending card may take, Next once the position is answered, and Back."""
        return (self.family_buttons + ([self.next_button] if self.answer is not None else []) +
                [self.back_button])

    # ------------------------------------------------------------------ acting

    def _deal(self) -> None:
        """Lay the position at ``index`` on the table (nothing once they are done)."""
        self.answer, self.answered, self.right, self.focus = None, None, False, 0
        self.log.scroll = 0
        self.put_back()
        position = self.position
        self.table = None if position is None else PracticeTable(position, seats_of(position),
                                                                  pace_for(self.app.settings.animation_speed))

    def pick(self, card: Card) -> None:
        """Answer the position with ``card`` (ignored once answered, or for a card that is no choice); a Go
        Fishing card that may take more than one way asks which first (:meth:`take`)."""
        position = self.position
        if position is None or self.answer is not None or card not in self.choices():
            return
        options = position.options_for(card)
        if len(options) > 1:
            self.pending = card
            words = [way_words(position, o) for o in options]
            self.family_buttons = [Button(f"{CARD_KEY_NAMES[i]}: {w}" if i < len(CARD_KEY_NAMES) else w, f"family-{i}")
                                   for i, w in enumerate(words)]
            self.family_buttons[0].focused = True
            return
        if options:
            self._answer(card, options[0])

    def take(self, index: int) -> None:
        """Answer with the pending card taking its way ``index`` (in the order offered)."""
        position, card = self.position, self.pending
        if position is None or card is None:
            return
        options = position.options_for(card)
        if 0 <= index < len(options):
            self.put_back()
            self._answer(card, options[index])

    def put_back(self) -> None:
        """Put the pending card back unplayed: another card may be picked."""
        self.pending = None
        self.family_buttons = []

    def _answer(self, card: Card, option: Any) -> None:
        position = self.position
        assert position is not None
        self.answer, self.answered = card, option
        self.right = position.accepts_option(option)
        if self.right:
            self.solved += 1
        else:
            self.failed += 1
        self.app.keeper.practice_answered(self.positions[self.index].id, self.right)

    def next(self) -> None:
        """The next position, once this one is answered (the end's summary after the last)."""
        if self.answer is None or self.done:
            return
        self.index += 1
        self._deal()

    def back(self) -> None:
        """Back to the screen Practice was opened from."""
        self.app.pop(self)

    def press(self, action: str) -> None:
        """Do what a button says."""
        if action == "next":
            self.next()
        elif action == "back":
            self.back()
        elif action.startswith("family-"):
            self.take(int(action.removeprefix("family-")))

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys and clicks pick a card, go on and go back."""
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = button_at(self.buttons(), event.pos)
            if hit is not None:
                self.press(hit.action)
                return
            if self.answer is None:
                self.put_back()
                for card, rect in reversed(self.card_rects()):  # the card on top first, where they overlap
                    if rect.collidepoint(event.pos):
                        self.pick(card)
                        return
        elif event.type == pygame.MOUSEWHEEL:
            self.log.scroll_by(event.y)
        elif event.type == pygame.MOUSEMOTION:
            self._hover = button_at(self.buttons(), event.pos)
            if self.answer is None:
                cards = self.choices()
                for card, rect in reversed(self.card_rects()):
                    if rect.collidepoint(event.pos) and card in cards:
                        self.focus = cards.index(card)
                        break

    def _key(self, key: int) -> None:
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):  # the turns before the decision, as at the table
            self.log.scroll_by(3 if key == pygame.K_PAGEUP else -3)
            return
        if self.pending is not None:
            self._family_key(key)
            return
        if key == pygame.K_ESCAPE:
            self.back()
            return
        if self.done:
            if key in PRESS_KEYS:
                self.back()
            return
        cards = self.choices()
        if self.answer is not None:
            if key in PRESS_KEYS or key in (pygame.K_n, pygame.K_RIGHT):
                self.next()
            return
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and cards:
            self.focus = (self.focus + (1 if key == pygame.K_RIGHT else -1)) % len(cards)
        elif key in DIGIT_KEYS and DIGIT_KEYS[key] < len(cards):
            self.pick(cards[DIGIT_KEYS[key]])
        elif key in PRESS_KEYS and cards:
            self.pick(cards[min(self.focus, len(cards) - 1)])

    def _family_key(self, key: int) -> None:
        """Keys while the pending card's way of taking is chosen: a number, arrows and Enter; Esc or Backspace
        puts the card back."""
        buttons = self.family_buttons
        at = next((i for i, b in enumerate(buttons) if b.focused), 0)
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.put_back()
        elif key in DIGIT_KEYS and DIGIT_KEYS[key] < len(buttons):
            self.take(DIGIT_KEYS[key])
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            step = -1 if key in (pygame.K_UP, pygame.K_LEFT) else 1
            for i, b in enumerate(buttons):
                b.focused = i == (at + step) % len(buttons)
        elif key in PRESS_KEYS:
            self.take(at)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """The position from the person's seat, the choices marked with their keys, and the panel."""
        kit = self.app.kit
        t = kit.theme
        w, h = surface.get_size()
        surface.fill(t.panel)
        if w <= 0 or h <= 0:
            return
        self.words = []
        geom = self.geom()
        table, position = self.table, self.position
        clip = surface.get_clip()
        surface.set_clip(geom.table)
        surface.blit(kit.felt(geom.table.size), (0, 0))
        if table is not None and position is not None:
            self._draw_table(surface, geom, table, position)
        surface.set_clip(clip)
        panel = self.panel_rect()
        pygame.draw.line(surface, t.panel_line, panel.topleft, panel.bottomleft, 2)
        self._draw_panel(surface, panel)

    def _draw_table(self, surface: pygame.Surface, geom: TableGeometry, table: PracticeTable,
                    position: Position) -> None:
        t = self.app.kit.theme
        p = self.painter
        cards = self.choices()
        focused = cards[min(self.focus, len(cards) - 1)] if cards and self.answer is None else None
        playing = position.kind == "play"
        p.seats(surface, geom, table, frozenset())
        p.stock(surface, geom, table.board.stock)
        # as at the live table, the light is on the candidate the keys have reached (each one has its key)
        takes: tuple[Card, ...] = (focused,) if not playing and focused is not None else ()
        if self.pending is not None:  # the pending card lifted, the sets of the way in focus lit
            focused = self.pending
            at = next((i for i, b in enumerate(self.family_buttons) if b.focused), 0)
            ways = position.options_for(self.pending)
            takes = position.taken(ways[at]) if at < len(ways) else ()
        p.layout(surface, geom, table, frozenset(), takes, t.take_glow, None if playing else focused, None)
        p.stock_count(surface, geom, table.board.stock)
        hover = table.hand().index(focused) if playing and focused is not None else None
        keys = CARD_KEY_NAMES[:len(cards)] if playing and self.answer is None and self.pending is None else ()
        p.hand(surface, geom, table, hover, frozenset(), True, keys=keys)
        rects = dict(self.card_rects())
        if not playing and self.answer is None:
            for key, card in zip(CARD_KEY_NAMES, cards):
                if card in rects:
                    r = rects[card]
                    p.key_cap(surface, key, (r.centerx, r.top), geom)
        if self.answer is not None:
            best = position.best
            right = [c for c in cards if any(position.same_option(o, best) for o in position.options_for(c))]
            named = best.play if playing else (best.take[0] if best.take else None)
            if self.answer in right:  # the best as the person picked it
                right = [self.answer]
            elif named in right:  # the best as the panel names it
                right = [named]
            marks = [(card, _("Best"), t.gain) for card in right[:1]]
            if not self.right:
                marks.append((self.answer, _("Yours"), t.loss))
            if playing and not self.right and self.answer in right:
                # the right card taking the wrong sets: the best option's sets say Best, the card Yours
                marks = marks[1:]
                slots = {card: slot for slot, card in table.board.slots.items()}
                for i, card in enumerate(position.taken(best)):
                    if card in slots and slots[card] < len(geom.slots):
                        rects[card] = geom.slots[slots[card]]
                        marks.append((card, _("Best") if i == 0 else "", t.gain))
            for card, word, colour in marks:
                if card in rects:
                    self._mark(surface, geom, rects[card], word, colour)

    def _mark(self, surface: pygame.Surface, geom: TableGeometry, rect: Rect, word: str, colour: Colour) -> None:
        """Ring a card in ``colour``, outlined in black so it shows on the card and the felt, with ``word``
        on a pill of that colour above it."""
        t = self.app.kit.theme
        width = max(3, t.focus_width)
        self.painter.ring(surface, rect.inflate(2 * width, 2 * width), (0, 0, 0), width + 2)
        self.painter.ring(surface, rect.inflate(width, width), colour, width)
        if not word:
            return
        label = self._line(word, geom.font(19), (0, 0, 0), bold=True)
        pill = label.get_rect().inflate(12, 4)
        pill.midbottom = (rect.centerx, rect.top - width)
        pill.clamp_ip(geom.table)
        pygame.draw.rect(surface, colour, pill, border_radius=pill.height // 2)
        pygame.draw.rect(surface, (0, 0, 0), pill, 1, border_radius=pill.height // 2)
        surface.blit(label, label.get_rect(center=pill.center))

    def _line(self, text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        self.words.append(text)
        return self.app.kit.text.line(text, size, colour, bold)

    def _para(self, text: str, size: int, colour: Colour, width: int, bold: bool = False) -> pygame.Surface:
        self.words.append(text)
        return self.app.kit.text.paragraph(text, size, colour, width, bold)

    def _draw_panel(self, surface: pygame.Surface, panel: Rect) -> None:
        kit = self.app.kit
        t = kit.theme
        unit = ui_scale(surface.get_size())
        pad = max(6, round(14 * unit))
        x, y = panel.left + pad, pad
        width = max(1, panel.width - 2 * pad)
        heading = self._para(_(HEADING), font_px(30, unit), t.text, width, bold=True)
        surface.blit(heading, (x, y))
        y += heading.get_height() + round(6 * unit)
        body, small = font_px(19, unit), font_px(16, unit)
        position = self.position
        if position is None:
            summary = [(_("That was the last position for now."), t.text),
                     (_("Solved: {solved} · to try again: {failed}").format(solved=self.solved, failed=self.failed),
                      t.text)]
            for text, colour in summary:
                para = self._para(text, body, colour, width)
                surface.blit(para, (x, y))
                y += para.get_height() + round(4 * unit)
        else:
            where = _("Position {n} of {total} · turn {turn}").format(n=self.index + 1, total=len(self.positions),
                                                                     turn=position.turn)
            line = self._line(where, small, t.text_dim)
            surface.blit(line, (x, y))
            y += line.get_height() + round(8 * unit)
            para = self._para(question(position), body, t.text, width)
            surface.blit(para, (x, y))
            y += para.get_height() + round(6 * unit)
            if self.pending is not None:
                para = self._para(_("Your {card} can take more than one way: which?").format(
                    card=self.pending.pretty), body, t.text, width)
                surface.blit(para, (x, y))
                y += para.get_height() + round(6 * unit)
                y = self._place_families(x, y, width, unit)
                keys = _("A number key, Up/Down and Enter or a click picks · Backspace puts the card back")
                para = self._para(keys, small, t.text_dim, width)
                surface.blit(para, (x, y))
                y += para.get_height()
            elif self.answer is None:
                keys = _("Left/Right and Enter, a number key or a click picks a card · Esc back")
                para = self._para(keys, small, t.text_dim, width)
                surface.blit(para, (x, y))
                y += para.get_height()
            else:
                y = self._draw_verdict(surface, position, x, y, width, unit)
        self._place_buttons(panel, pad, unit)
        if position is not None and self.table is not None:
            self._draw_known(surface, self.table, x, y + round(10 * unit), width,
                             self.back_button.rect.top - round(10 * unit))
        for b in self.buttons():
            b.draw(surface, kit, font_px(19, unit), b is self._hover)

    def _draw_verdict(self, surface: pygame.Surface, position: Position, x: int, y: int, width: int,
                      unit: float) -> int:
        """The verdict and its lines from ``y``, smaller when they would not end above the buttons; returns the
        foot of the last."""
        t = self.app.kit.theme
        right, lines = verdict(position, self.answered)
        room = self.back_button.rect.top - round(10 * unit) - y
        for head, body in ((24, 19), (20, 16), (18, 14)):
            paras = [self.app.kit.text.paragraph(text, font_px(head if i == 0 else body, unit),
                                                 (t.gain if right else t.loss) if i == 0 else t.text, width)
                     for i, text in enumerate(lines)]
            gap = round(6 * unit) if head == 24 else round(3 * unit)
            if sum(p.get_height() + gap for p in paras) <= room:
                break
        for text, para in zip(lines, paras):
            self.words.append(text)
            surface.blit(para, (x, y))
            y += para.get_height() + gap
        return y

    def _draw_known(self, surface: pygame.Surface, table: PracticeTable, x: int, y: int, width: int,
                    bottom: int) -> None:
        """What the seat knew at the decision, from ``y`` down to ``bottom``, as the table's side panel shows it:
        the card tracker, then the turns before it (the newest that fit, Page Up for earlier ones); each only
        where it has room."""
        geom = self.geom()
        tracked = track(table.deal.observe(table.seat))
        room = self.log.turns_room(geom, table.narration, width)
        below = self.log.tracker_lines(surface, geom, tracked, _("Card tracker"), x, y, width, bottom - room)
        if below > y:
            self.words.append(_("Card tracker"))
            self.words.extend(self.log.tracker_shown)
            y = below + round(8 * geom.unit)
        self.log.shown = []
        if bottom - y >= room:
            self.log.turns(surface, geom, table.narration, x, y, width, bottom)
            self.words.append(_("Turns"))
            self.words.extend(table.narration.entries[i] for i, _rect in self.log.shown)

    def _place_families(self, x: int, y: int, width: int, unit: float) -> int:
        """Put the pending card's ways of taking one under another from ``y``, lower when there are many so
        that all fit above the panel's foot; returns the foot of the last."""
        gap = round(6 * unit)
        room = self.app.surface.get_height() - y - round(160 * unit)
        count = max(1, len(self.family_buttons))
        bh = max(18, min(round(40 * unit), (room - count * gap) // count))
        for b in self.family_buttons:
            b.rect = Rect(x, y, width, bh)
            y += bh + gap
        return y + gap

    def _place_buttons(self, panel: Rect, pad: int, unit: float) -> None:
        bh = round(46 * unit)
        gap = round(10 * unit)
        width = (panel.width - 2 * pad - gap) // 2
        bottom = self.app.surface.get_height() - pad
        self.back_button.rect = Rect(panel.left + pad + width + gap, bottom - bh, width, bh)
        self.next_button.rect = Rect(panel.left + pad, bottom - bh, width, bh)

    def update(self, dt: float) -> None:
        """Keep the buttons placed for the window's size."""
        w, h = self.app.surface.get_size()
        if w > 0 and h > 0:
            unit = ui_scale((w, h))
            self._place_buttons(self.panel_rect(), max(6, round(14 * unit)), unit)
