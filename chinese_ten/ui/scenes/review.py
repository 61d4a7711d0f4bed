"""The review of one deal: every hand face up, the stock's order, each turn stepped through and animated as
in play, and every decision of one seat judged as the Hard player evaluates it.

The table is a :class:`~chinese_ten.ui.table.review_table.ReviewTable` drawn by the table's own painter. The
panel on the right tells the judgement of the turn about to be played (the position shown is the one the
seat decided from: the best option's cards are ringed on the table), the deal's summary with its worst
moments, and every turn in a list; a click on a turn or a worst moment goes there. The judgements come
from a ready review (:class:`~chinese_ten.games.ten.review.Review`, :class:`~chinese_ten.games.fishing.review.Review`)
or from an analysis run off the drawing loop, which can be cancelled while the deal is still stepped through.
What differs between the games (replaying the record, the review to run, where an option's cards lie, how a
take is worded) is asked of the deal's table adapter (:mod:`chinese_ten.ui.table.games`); the screen is one.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from chinese_ten.engine.scores import signed
from chinese_ten.cards import Card

from chinese_ten.i18n import N_, _
from chinese_ten.engine.records import RecordError
from chinese_ten.engine.judging import INACCURACY, line_words
from chinese_ten.ui.kit import font_px, ui_scale
from chinese_ten.ui.kit.theme import Colour, Theme
from chinese_ten.ui.scene import Scene
from chinese_ten.ui.widgets.evaluation_graph import draw_graph, graph_points, turn_at
from chinese_ten.ui.table.analysis import SENSIBLE_PLAY, Analysis, Judgement, Review, review_budget
from chinese_ten.ui.table.choreography import pace_for
from chinese_ten.ui.table.controller import SIDE_NAMES, SeatInfo, seat_infos
from chinese_ten.ui.table.games import TableGame, record_game
from chinese_ten.ui.table.geometry import SIDES, TableGeometry, hand_rects, open_rects, table_geometry
from chinese_ten.ui.table.painter import TablePainter
from chinese_ten.ui.table.presenters import Event, presenter_for
from chinese_ten.ui.table.review_table import ReviewTable
from chinese_ten.ui.table.tags import place_tags
from chinese_ten.ui.table import side_deal
from chinese_ten.ui.widgets.button import Button, button_at

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services

_log = logging.getLogger("chinese_ten.ui")


MARK_WORDS: dict[str, str] = {"best": N_("Best"), "inaccuracy": N_("Inaccuracy"), "mistake": N_("Mistake"),
                              "blunder": N_("Blunder")}
"""A decision's mark (:func:`chinese_ten.games.ten.review.label_of`) as shown: always a word, never colour alone."""

MARK_COLOURS: dict[str, dict[str, Colour]] = {
    "classic": {"best": (120, 215, 130), "inaccuracy": (236, 206, 84), "mistake": (250, 150, 60),
                "blunder": (255, 96, 96)},
    "high-contrast": {"best": (110, 255, 110), "inaccuracy": (255, 235, 0), "mistake": (255, 165, 0),
                      "blunder": (255, 110, 110)},
}
"""The colour of each mark, by theme: green, yellow, orange, red, every one light enough to carry black words."""

KIND_WORDS: dict[str, str] = {"play": N_("The play"), "take": N_("The take"),
                              "flip_take": N_("The turned card's take")}
"""What kind of decision a judgement is about, as its heading says it."""

KIND_SHORT: dict[str, str] = {"play": N_("play"), "take": N_("take"), "flip_take": N_("turned card")}
"""The kind of decision in the list of worst moments."""

PANEL_SHARE = 0.3
"""The review's panel takes this share of the window's width (between the two limits below)."""

PANEL_LIMITS = (300, 520)
"""The narrowest and widest the review's panel is, in pixels."""

STRIP_SHARE = 0.125
"""The share of the window's height the strip showing the stock's order takes."""


def mark_colour(theme: Theme, label: str) -> Colour:
    """The colour of a mark in ``theme``."""
    return MARK_COLOURS.get(theme.name, MARK_COLOURS["classic"]).get(label, theme.text)


def chosen_words(j: Judgement, game: TableGame | None = None) -> str:
    """What the seat did at a decision, in words (the takes as ``game`` tells them: Chinese Ten's by default)."""
    cards_text = (game or record_game({})).take_words
    c = j.chosen
    card = c.play.pretty if c.play is not None else ""
    if j.kind == "play":
        if c.take:
            return _("Played {card}, taking {cards}").format(card=card, cards=cards_text(c.take))
        return _("Played {card}, taking nothing").format(card=card)
    if j.kind == "take":
        return _("{card} took {cards}").format(card=card, cards=cards_text(c.take))
    return _("The turned {card} took {cards}").format(card=card, cards=cards_text(c.take))


def best_words(j: Judgement, game: TableGame | None = None) -> str:
    """The best option of a decision, in words (the takes as ``game`` tells them: Chinese Ten's by default)."""
    cards_text = (game or record_game({})).take_words
    b = j.best
    if j.kind == "play":
        card = b.play.pretty if b.play is not None else ""
        if b.take:
            return _("Best: {card}, taking {cards}").format(card=card, cards=cards_text(b.take))
        return _("Best: {card}, taking nothing").format(card=card)
    return _("Best: take {cards}").format(cards=cards_text(b.take))


def summary_note(review: Review) -> str:
    """The line under the points lost when no decision was marked worse than best: true of a deal where
    some points were still lost (the best mark allows small losses)."""
    if review.total_loss < 0.05:
        return _("Every decision was the best.")
    scale = review.decisions[0].scale if review.decisions else 1.0
    return _("No decision was an inaccuracy or worse: each lost less than the {points} points that make an "
             "inaccuracy.").format(points=f"{INACCURACY * scale:.3g}")


def loss_words(j: Judgement) -> str:
    """What a decision lost, naming whose expected margin each figure is, with its ± where the review's worlds
    cannot tell the two options apart (:attr:`~chinese_ten.engine.judging.Weighed.uncertain`)."""
    if j.loss > 0.05:
        err = j.loss_stderr
        if j.uncertain and err is not None:
            return _("Points lost: {points} ± {error} (expected margin {chosen} with this choice, {best} with the "
                     "best)").format(points=f"{j.loss:.1f}", error=f"{err:.1f}", chosen=f"{j.chosen.expected:+.1f}",
                                     best=f"{j.best.expected:+.1f}")
        return _("Points lost: {points} (expected margin {chosen} with this choice, {best} with the best)").format(
            points=f"{j.loss:.1f}", chosen=f"{j.chosen.expected:+.1f}", best=f"{j.best.expected:+.1f}")
    return _("Expected margin: {value}").format(value=f"{j.chosen.expected:+.1f}")


def doubt_words(j: Judgement) -> str:
    """The note under a mark worse than best that the review's worlds cannot bear out (empty when they can, and
    under a decision marked best, which claims nothing to doubt)."""
    if not j.uncertain or j.label == "best":
        return ""
    return _("Within the review's margin of error: the two options may be equally good.")


def then_words(j: Judgement, names: Sequence[str]) -> str:
    """The best option's likely line as the panel writes it, each seat by its name (empty without a line)."""
    if not j.line:
        return ""
    return _("Then likely: {line}").format(line=line_words(j.line, names))


def list_range(first_row: int, visible: int, turns: int) -> tuple[int, int, int]:
    """The first and last turns shown in the list of turns and how many turns the deal has, counted as the
    panel's "Turn 1 of …" counts them (the end of the deal is a row, not a turn)."""
    last = min(turns, first_row + visible)
    return min(first_row + 1, turns), last, turns


def turn_line(events: Sequence[Event]) -> str:
    """A turn in a few words for the list of turns: "7♦ took 3♥ · turned Q♠ took Q♦"."""
    rows = [(ev, presenter_for(ev)) for ev in events]
    parts = [row.review(ev) for ev, row in rows if row.review is not None]
    if not parts:
        played = [row.card(ev) for ev, row in rows if row.card is not None]
        return _(", ").join(played)
    return " · ".join(parts)


def seat_names(record: dict[str, Any]) -> list[SeatInfo]:
    """Who sat where in a record's deal: You for the person, a computer by its side and strength."""
    seats = record.get("seats")
    if not isinstance(seats, int) or isinstance(seats, bool) or seats not in SIDES:
        raise RecordError(f"seats must be a number from {min(SIDES)} to {max(SIDES)}, not {seats!r}")
    players = record.get("players")
    if not isinstance(players, list) or len(players) != seats:
        return seat_infos(seats, "normal", person=True)
    names = record.get("names")  # a network table's: each seat as every window there named it
    if isinstance(names, list) and len(names) == seats and all(isinstance(n, str) and n for n in names):
        return [SeatInfo(name, None if who == "you" else who if isinstance(who, str) else None)
                for name, who in zip(names, players)]
    infos = []
    for side, who in zip(SIDES[seats], players):
        if who == "you":
            infos.append(SeatInfo(_("You"), None))
        else:
            infos.append(SeatInfo(_(SIDE_NAMES[side]), who if isinstance(who, str) else None))
    return infos


def open_review(app: Services, record: dict[str, Any], seat: int = 0, kept: tuple[int, int] | None = None,
                review: Review | None = None) -> ReviewScene | None:
    """Open the review of ``record`` for ``seat`` over what is showing; a record that cannot be replayed is
    told in one line and nothing opens."""
    scene = ReviewScene.opened(app, record=record, seat=seat, kept=kept, review=review)
    if scene is not None:
        app.push(scene)
    return scene


class ReviewScene(Scene):
    """A full-window review of one deal for one seat: Left/Right step, Home/End, W the worst moments in turn,
    S another seat, P plays the rest of the deal on from the position shown, Esc back."""

    opaque = True
    holds_table = True

    @classmethod
    def opened(cls, app: Services, **kw: Any) -> ReviewScene | None:
        """The review as the registry opens it; a record that cannot be replayed is told in one line and
        nothing opens."""
        try:
            return cls(app, **kw)
        except (RecordError, ValueError) as problem:
            _log.warning("could not open the review: %s", problem)
            app.notify(_("This deal cannot be reviewed: {reason}").format(reason=str(problem)))
            return None

    def __init__(self, app: Services, record: dict[str, Any], seat: int = 0, kept: tuple[int, int] | None = None,
                 review: Review | None = None, budget: int | None = None) -> None:
        """The review of ``record`` judging ``seat``; ``kept`` is the deal's place in the kept matches
        (match id, deal number). Without a ready ``review`` an analysis spending ``budget`` (by default the
        game's own effort) starts at once."""
        super().__init__(app)
        self.record = record
        self.table = ReviewTable(record, seat_names(record), pace_for(app.settings.animation_speed))
        if not 0 <= seat < self.table.seats:
            raise ValueError(f"seat must be a seat from 0 to {self.table.seats - 1}, not {seat}")
        self.seat = seat
        self.kept = kept
        self.game = self.table.game
        """The table adapter of the deal's game: its review module, how its options lie on the table."""
        self.budget = review_budget(self.game.review_module) if budget is None else budget
        self.painter = TablePainter(app.kit)
        self.review: Review | None = review
        self.analysis: Analysis | None = None if review is not None else self._start_analysis()
        self.prev_button = Button(N_("Previous"), "previous")
        self.next_button = Button(N_("Next"), "next")
        self.cancel_button = Button(N_("Cancel (Esc)"), "cancel")
        self.back_button = Button(N_("Back"), "back")
        self.play_button = Button(N_("Play on from here (P)"), "playon")
        """Plays the rest of the deal from the position shown, as practice (:mod:`chinese_ten.ui.table.side_deal`)."""
        self.share_button = Button(N_("Share"), "share")
        """Copies a network deal's ``/d/`` link (shown for such a deal only)."""
        self.first_row = 0
        """The first turn listed (scrolled by the wheel, Page Up and Page Down)."""
        self.graph_rect = Rect(0, 0, 0, 0)
        """Where the evaluation graph is drawn (empty while it is not)."""
        self.turn_rows: list[tuple[int, Rect]] = []
        """Each listed row's position to go to and where it is."""
        self.worst_rows: list[tuple[int, Rect]] = []
        """Each worst moment's turn and where it is listed."""
        self.seat_row = Rect(0, 0, 0, 0)
        """Where the line naming the judged seat is (a click there judges the next seat)."""
        self.tag_rects: list[Rect] = []
        """Where each option's tag was drawn on the table last."""
        self.stock_count_rect = Rect(0, 0, 0, 0)
        """Where the stock's count was drawn last."""
        self.seat_parts: dict[int, dict[str, Rect]] = {}
        """Where each seat's name, pile and caption were drawn last."""
        self._hover: Button | None = None
        self._pointer: tuple[int, int] | None = None
        self._follow = True
        self._geom_key: tuple[object, ...] | None = None
        self._geom: TableGeometry | None = None
        self._paint: list[Callable[[pygame.Surface], object]] = []
        self.words: list[str] = []
        """Every text the panel and the strip show now, as laid out last."""
        self.place()

    def retell(self) -> None:
        """Name the seats and tell the turns again in the language now in use."""
        tbl = self.table
        tbl.infos[:] = seat_names(self.record)
        tbl.names[:] = [i.name for i in tbl.infos]  # the same list the narration reads
        tbl.narration.retell()
        self.place()

    def _start_analysis(self) -> Analysis:
        """Start judging the seat's decisions off the drawing loop (or read a review kept with the deal)."""
        return Analysis.start(self.record, self.seat, self.app.keeper, self.kept, budget=self.budget,
                              module=self.game.review_module)

    # ------------------------------------------------------------------ reading

    @property
    def analysing(self) -> bool:
        """True while an analysis runs."""
        a = self.analysis
        return a is not None and not a.done and not a.cancelled and a.error is None

    def judgements(self, turn: int) -> list[Judgement]:
        """The seat's judged decisions in turn ``turn`` (from 1): while the analysis runs, those judged so far."""
        if self.review is not None:
            decisions = self.review.decisions
        elif self.analysing and self.analysis is not None:
            decisions = self.analysis.judged
        else:
            return []
        return [d for d in decisions if d.turn == turn]

    def turn_mark(self, turn: int) -> str | None:
        """The worst mark of the seat's decisions in ``turn``; None when it has none."""
        order = list(MARK_WORDS)
        marks = [d.label for d in self.judgements(turn)]
        return max(marks, key=order.index) if marks else None

    def shown_judgement(self) -> Judgement | None:
        """The decision of the coming turn whose options the table rings: the costliest of them."""
        marks = self.judgements(self.table.at + 1)
        if not marks or self.table.busy:
            return None
        return max(marks, key=lambda d: d.loss)

    def geom(self) -> TableGeometry:
        """The table's geometry at the window's size, less the panel and the stock's strip."""
        w, h = self.app.surface.get_size()
        key = (w, h, self.table.seats, self.table.board.capacity)
        if key != self._geom_key or self._geom is None:
            panel = min(PANEL_LIMITS[1], max(PANEL_LIMITS[0], round(w * PANEL_SHARE)))
            strip = max(40, round(h * STRIP_SHARE))
            self._geom = table_geometry((w, max(1, h - strip)), self.table.seats, self.table.board.capacity,
                                        open_hands=True, panel_width=panel)
            self._geom_key = key
        return self._geom

    def panel_rect(self) -> Rect:
        """The review's panel: the window's right-hand side, top to bottom."""
        geom = self.geom()
        return Rect(geom.table.right, 0, max(0, self.app.surface.get_width() - geom.table.right),
                    self.app.surface.get_height())

    def strip_rect(self) -> Rect:
        """The strip under the table showing the stock's order."""
        geom = self.geom()
        h = self.app.surface.get_height()
        top = min(h, geom.table.bottom)
        return Rect(0, top, geom.table.width, max(0, h - top))

    def buttons(self) -> list[Button]:
        """The panel's buttons: Play on from here (and Share for a network deal), Previous, Next, then Cancel while
        analysing, and Back."""
        out = [self.play_button, *([self.share_button] if self.shared_link() else []), self.prev_button,
               self.next_button]
        if self.analysing:
            out.append(self.cancel_button)
        out.append(self.back_button)
        return out

    def shared_link(self) -> str:
        """The deal's ``/d/`` link when it was played at a network table; empty otherwise."""
        from chinese_ten.ui.sharing import record_link

        return record_link(self.record)

    def share(self) -> None:
        """Copy the network deal's ``/d/`` link to the clipboard, and say so."""
        from chinese_ten.ui.sharing import share_deal

        link = self.shared_link()
        if link:
            self.app.notify(share_deal(link))

    # ------------------------------------------------------------------ acting

    def go(self, position: int) -> None:
        """Show the position after ``position`` turns at once."""
        self.table.goto(position)
        self._follow = True

    def step(self, by: int) -> None:
        """One turn on (animated) or back (at once)."""
        if by > 0:
            self.table.forward()
        else:
            self.table.back()
        self._follow = True

    def cancel(self) -> None:
        """Stop the analysis; the deal can still be stepped through, unmarked."""
        if self.analysis is not None and self.analysing:
            self.analysis.cancel()

    def next_worst(self) -> None:
        """Go to the worst moment listed after the one shown (the first when none is), as a click on it would."""
        worst = [d.turn for d in self.review.worst()] if self.review is not None else []
        if not worst:
            return
        at = self.table.at + 1
        self.go((worst[(worst.index(at) + 1) % len(worst)] if at in worst else worst[0]) - 1)

    def judge(self, seat: int) -> None:
        """Judge ``seat``'s decisions instead (a computer's too): its review kept with the deal, or a new analysis."""
        seat %= self.table.seats
        if seat == self.seat:
            return
        if self.analysis is not None:
            self.analysis.close()
        self.seat = seat
        self.review = None
        self.analysis = self._start_analysis()

    def play_on(self) -> None:
        """Play the rest of the deal from the position shown, in the person's seat against the computers, as
        practice kept nowhere; its count leads back here. At the end of the deal there is nothing to play."""
        tbl = self.table
        tbl.finish()
        if tbl.at >= tbl.last:
            self.app.notify(_("The deal is over here: go back a turn or more to play on from there."))
            return
        side_deal.play_on(self.app, self.record, tbl.at, self.seat)

    def back(self) -> None:
        """Back to the screen the review was opened from."""
        self.discard()
        self.app.pop(self)

    def discard(self) -> None:
        """The review will not be shown again (it is left, or was set aside for good): its analysis is let go."""
        if self.analysis is not None:
            self.analysis.close()

    def press(self, action: str) -> None:
        """Do what a button says."""
        if action == "previous":
            self.step(-1)
        elif action == "next":
            self.step(1)
        elif action == "cancel":
            self.cancel()
        elif action == "playon":
            self.play_on()
        elif action == "share":
            self.share()
        elif action == "back":
            self.back()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys step and jump, clicks on the list go to a turn, Esc cancels an analysis or goes back."""
        self.place()
        if event.type == pygame.KEYDOWN:
            self._key(event.key, event.mod)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self._hover = button_at(self.buttons(), event.pos)
            self._pointer = event.pos
        elif event.type in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
            self._pointer = None
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        self.place()

    def _key(self, key: int, mod: int) -> None:
        focused = next((b for b in self.buttons() if b.focused), None)
        if key == pygame.K_ESCAPE:
            if self.analysing:
                self.cancel()
            else:
                self.back()
        elif key in (pygame.K_RIGHT, pygame.K_SPACE) and (focused is None or key == pygame.K_RIGHT):
            self.step(1)
        elif key == pygame.K_LEFT:
            self.step(-1)
        elif key == pygame.K_HOME:
            self.go(0)
        elif key == pygame.K_END:
            self.go(self.table.last)
        elif key == pygame.K_s:
            self.judge(self.seat + 1)
        elif key == pygame.K_w:
            self.next_worst()
        elif key == pygame.K_p:
            self.play_on()
        elif key == pygame.K_PAGEUP:
            self.scroll(-5)
        elif key == pygame.K_PAGEDOWN:
            self.scroll(5)
        elif key == pygame.K_TAB:
            self._tab(bool(mod & pygame.KMOD_SHIFT))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if focused is not None:
                self.press(focused.action)
            else:
                self.step(1)

    def _tab(self, backwards: bool) -> None:
        """Tab moves the focus ring through the buttons and off them; Shift+Tab the other way."""
        buttons = self.buttons()
        order: list[Button | None] = [None, *buttons]
        at = next((i for i, b in enumerate(order) if b is not None and b.focused), 0)
        target = order[(at + (-1 if backwards else 1)) % len(order)]
        for b in buttons:
            b.focused = b is target

    def _click(self, pos: tuple[int, int]) -> None:
        hit = button_at(self.buttons(), pos)
        if hit is not None:
            self.press(hit.action)
            return
        if self.seat_row.collidepoint(pos):
            self.judge(self.seat + 1)
            return
        for turn, rect in self.worst_rows:
            if rect.collidepoint(pos):
                self.go(turn - 1)
                return
        for position, rect in self.turn_rows:
            if rect.collidepoint(pos):
                self.go(position)
                return
        if self.graph_rect.collidepoint(pos):  # the decision of the turn pointed at, still to be played
            self.go(max(0, turn_at(self.graph_rect, self.table.last, pos[0]) - 1))
            return
        if self.geom().table.collidepoint(pos):
            self.table.finish()

    def scroll(self, rows: int) -> None:
        """Scroll the list of turns by ``rows`` (positive: later turns)."""
        self.first_row = max(0, min(self.table.last, self.first_row + rows))
        self._follow = False

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        """Move the animation on, take in the analysis's progress and lay the panel out."""
        self.table.update(dt)
        a = self.analysis
        if a is not None:
            a.poll()
            if a.done and a.review is not None and self.review is None:
                self.review = a.review
        if self.cancel_button.focused and not self.analysing:  # the analysis ended under the focus ring
            self.cancel_button.focused = False
            self.back_button.focused = True
        self.place()

    def wants_frames(self) -> bool:
        """True while a turn moves on the table or the analysis runs."""
        return self.table.busy or self.analysing

    # ------------------------------------------------------------------ layout

    def place(self) -> None:
        """Lay out the panel and the strip for the window's size and the position shown (what ``draw`` paints)."""
        surface = self.app.surface
        w, h = surface.get_size()
        self._paint = []
        self.words = []
        self.turn_rows = []
        self.worst_rows = []
        if w <= 0 or h <= 0:
            return
        panel = self.panel_rect()
        unit = ui_scale((w, h))
        pad = max(6, round(14 * unit))
        inner = Rect(panel.left + pad, pad, max(1, panel.width - 2 * pad), max(1, h - 2 * pad))
        y = self._header(inner)
        y = self._status(inner, y, unit)
        bottom = self._place_buttons(inner, unit)
        y = self._judgement(inner, y, unit)
        self._turn_list(Rect(inner.left, y, inner.width, max(0, bottom - y)), unit)
        self._strip(unit)

    def _text(self, text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        self.words.append(text)
        return self.app.kit.text.line(text, size, colour, bold)

    def _para(self, text: str, size: int, colour: Colour, width: int) -> pygame.Surface:
        self.words.append(text)
        return self.app.kit.text.paragraph(text, size, colour, width)

    def _blit(self, surf: pygame.Surface, pos: tuple[int, int], clip: Rect | None = None) -> Rect:
        rect = surf.get_rect(topleft=pos)

        def paint(target: pygame.Surface) -> None:
            if clip is not None:
                old = target.get_clip()
                target.set_clip(clip.clip(old) if old else clip)
                target.blit(surf, pos)
                target.set_clip(old)
            else:
                target.blit(surf, pos)
        self._paint.append(paint)
        return rect

    def _box(self, rect: Rect, colour: Colour, width: int = 0, radius: int = 6) -> None:
        self._paint.append(lambda target: pygame.draw.rect(target, colour, rect, width, border_radius=radius))

    def _fit(self, text: str, size: int, colour: Colour, width: int, bold: bool = False) -> pygame.Surface:
        """One line of ``text`` no wider than ``width``, cut short with an ellipsis when it must be."""
        painter = self.app.kit.text
        self.words.append(text)
        if painter.width(text, size, bold) <= width:
            return painter.line(text, size, colour, bold)
        cut = text
        while len(cut) > 1 and painter.width(cut + "…", size, bold) > width:
            cut = cut[:-1]
        return painter.line(cut.rstrip() + "…", size, colour, bold)

    def _pointed(self, row: Rect) -> None:
        """Outline ``row`` when the pointer is on it: a click there goes somewhere."""
        if self._pointer is not None and row.collidepoint(self._pointer):
            self._box(row, self.app.kit.theme.text_dim, 1, radius=5)

    def _pill(self, label: str, at: tuple[int, int], size: int, where: str = "topleft") -> Rect:
        """A mark's word on its colour, placed by its ``where`` corner at ``at``; returns where."""
        t = self.app.kit.theme
        word = self._text(_(MARK_WORDS[label]), size, (0, 0, 0), bold=True)
        rect = word.get_rect().inflate(12, 2)
        setattr(rect, where, at)
        self._box(rect, mark_colour(t, label), radius=rect.height // 2)
        self._blit(word, word.get_rect(center=rect.center).topleft)
        return rect

    def _header(self, inner: Rect) -> int:
        t = self.app.kit.theme
        unit = ui_scale(self.app.surface.get_size())
        index, number = self.record.get("deal_in_match"), self.record.get("deal_number")
        title = _("Review of deal {n}").format(n=index) if isinstance(index, int) else _("Review of the deal")
        line = self._fit(title, font_px(30, unit), t.text, inner.width, bold=True)
        self._blit(line, inner.topleft)
        y = inner.top + line.get_height()
        if isinstance(number, int) and not isinstance(number, bool):  # the number that deals it again
            tag = self._fit(_("Deal number {number}").format(number=number), font_px(16, unit), t.text_dim,
                            inner.width)
            self._blit(tag, (inner.left, y))
            y += tag.get_height()
        who = self.table.names[self.seat]
        words = (_("{name}'s decisions, judged by the Hard player (S: another seat)").format(name=who)
                 if self.table.infos[self.seat].player else
                 _("Your decisions, judged by the Hard player (S: another seat)"))
        sub = self._para(words, font_px(17, unit), t.text_dim, inner.width - 8)
        self.seat_row = Rect(inner.left, y, inner.width, sub.get_height() + 2)
        self._pointed(self.seat_row)
        self._blit(sub, (inner.left + 4, y + 1))
        return y + sub.get_height() + round(8 * unit)

    def _status(self, inner: Rect, y: int, unit: float) -> int:
        """The analysis's progress, or the deal's summary and worst moments once it is done."""
        t = self.app.kit.theme
        body = font_px(18, unit)
        gap = round(6 * unit)
        a = self.analysis
        if self.review is not None:
            return self._summary(inner, y, unit)
        if a is None:
            return y
        if self.analysing:
            percent = round(100 * max(0.0, min(1.0, a.progress)))
            label = self._fit(_("Analysing the decisions… {percent}%").format(percent=percent), body, t.text,
                              inner.width)
            self._blit(label, (inner.left, y))
            y += label.get_height() + 2
            bar = Rect(inner.left, y, inner.width, max(8, round(14 * unit)))
            self._box(bar, t.raised, radius=bar.height // 2)
            done = Rect(bar.left, bar.top, round(bar.width * max(0.0, min(1.0, a.progress))), bar.height)
            if done.width:
                self._box(done, t.accent, radius=bar.height // 2)
            self._box(bar, t.text_dim, 1, radius=bar.height // 2)
            y = bar.bottom + 2
            note = self._fit(_("You can step through the deal meanwhile."), font_px(16, unit), t.text_dim,
                             inner.width)
            self._blit(note, (inner.left, y))
            return y + note.get_height() + gap
        if a.error is not None:
            text = _("The analysis failed: {reason}").format(reason=a.error)
        else:
            text = _("Analysis cancelled: the turns can still be stepped through, without marks.")
        para = self._para(text, body, t.text_dim, inner.width)
        self._blit(para, (inner.left, y))
        return y + para.get_height() + gap

    def _summary(self, inner: Rect, y: int, unit: float) -> int:
        t = self.app.kit.theme
        review = self.review
        assert review is not None
        big = font_px(22, unit)
        body = font_px(18, unit)
        line = self._fit(_("Points lost: {points} · accuracy {percent}%").format(
            points=f"{review.total_loss:.1f}", percent=review.accuracy), big, t.text, inner.width, bold=True)
        self._blit(line, (inner.left, y))
        y += line.get_height() + round(4 * unit)
        assumed = self._para(_(SENSIBLE_PLAY), font_px(15, unit), t.text_dim, inner.width)
        self._blit(assumed, (inner.left, y))
        y += assumed.get_height() + round(4 * unit)
        worst = review.worst()
        if not worst:  # wrapped: it runs to two lines in the panel at 1280×800
            note = self._para(summary_note(review), body, mark_colour(t, "best"), inner.width)
            self._blit(note, (inner.left, y))
            return y + note.get_height() + round(8 * unit)
        head = self._text(_("Worst moments (W, or a click, goes there)"), font_px(16, unit), t.text_dim)
        self._blit(head, (inner.left, y))
        y += head.get_height() + 2
        row_h = self.app.kit.fonts.get(body).get_linesize() + round(6 * unit)
        for d in worst:
            row = Rect(inner.left, y, inner.width, row_h)
            self.worst_rows.append((d.turn, row))
            self._box(row, t.raised, radius=6)
            self._pointed(row)
            pill = self._pill(d.label, (row.right - 4, row.centery), font_px(15, unit), "midright")
            words = _("Turn {n}, {what}: -{points}").format(n=d.turn, what=_(KIND_SHORT[d.kind]),
                                                           points=f"{d.loss:.1f}")
            text = self._fit(words, body, t.text, pill.left - row.left - 12)
            self._blit(text, (row.left + 6, row.centery - text.get_height() // 2))
            y += row_h + 2
        return y + round(6 * unit)

    def _judgement(self, inner: Rect, y: int, unit: float) -> int:
        """The turn the table shows moving, or else the coming one: whose it is and, for the judged seat, each
        decision's mark, the choice and the best."""
        t = self.app.kit.theme
        tbl = self.table
        body = font_px(18, unit)
        small = font_px(16, unit)
        box_top = y
        pad = round(8 * unit)
        x = inner.left + pad
        width = inner.width - 2 * pad
        y += pad
        paints_before = len(self._paint)
        # while a turn is still moving on the table, that turn is the one described; then the coming one
        turn = tbl.at if tbl.busy and tbl.at > 0 else tbl.at + 1
        if turn > tbl.last:
            line = self._fit(_("The end of the deal"), body, t.text, width, bold=True)
            self._blit(line, (x, y))
            y += line.get_height() + 2
            deal = tbl.deal
            margins = tbl.margins_at(tbl.at)
            for seat in range(tbl.seats):
                margin = float(margins[seat])
                words = _("{name}: {points} points, {margin}").format(name=tbl.names[seat], points=deal.points[seat],
                                                                    margin=signed(margin))
                colour = t.gain if margin > 0 else (t.loss if margin < 0 else t.text)
                result = self._fit(words, small, colour, width)
                self._blit(result, (x, y))
                y += result.get_height()
        else:
            record = tbl.turn_record(turn)
            assert record is not None
            head = _("Turn {n} of {total}: {name}").format(n=turn, total=tbl.last, name=tbl.names[record.seat])
            line = self._fit(head, body, t.text, width, bold=True)
            self._blit(line, (x, y))
            y += line.get_height() + 2
            judged = self.judgements(turn)
            if judged:
                for d in judged:
                    y = self._one_judgement(d, x, y, width, unit)
            else:  # another seat's turn, or no judgement (yet): what was played
                para = self._para(tbl.turn_words(turn), small, t.text_dim, width)
                self._blit(para, (x, y))
                y += para.get_height()
        y += pad
        box = Rect(inner.left, box_top, inner.width, y - box_top)
        self._paint.insert(paints_before, lambda target: pygame.draw.rect(target, t.raised, box, border_radius=8))
        return y + round(8 * unit)

    def _one_judgement(self, d: Judgement, x: int, y: int, width: int, unit: float) -> int:
        t = self.app.kit.theme
        body = font_px(18, unit)
        small = font_px(16, unit)
        y += round(4 * unit)
        kind = self._text(_(KIND_WORDS[d.kind]), small, t.text_dim)
        self._blit(kind, (x, y))
        pill = self._pill(d.label, (x + width, y), small, "topright")
        y += max(kind.get_height(), pill.height) + 2
        for text, colour in ((chosen_words(d, self.game), t.text),
                             (best_words(d, self.game) if d.best != d.chosen else "", t.text)):
            if text:
                para = self._para(text, body, colour, width)
                self._blit(para, (x, y))
                y += para.get_height()
        para = self._para(loss_words(d), small, t.text_dim, width)
        self._blit(para, (x, y))
        y += para.get_height()
        doubt = doubt_words(d)
        if doubt:  # the worlds cannot bear the mark out: say so beside it
            para = self._para(doubt, small, t.text_dim, width)
            self._blit(para, (x, y))
            y += para.get_height()
        reason = d.reason
        if reason:  # why the best was better, from the review's own worlds, and what the best leads to
            para = self._para(reason, small, t.text, width)
            self._blit(para, (x, y + 2))
            y += para.get_height() + 2
            then = then_words(d, self.table.names)
            if then:
                para = self._para(then, small, t.text_dim, width)
                self._blit(para, (x, y + 2))
                y += para.get_height() + 2
        return y

    def _graph(self, area: Rect, unit: float) -> None:
        """The evaluation graph across the deal in ``area`` (the right of the stock's strip), once the review
        is ready."""
        self.graph_rect = Rect(0, 0, 0, 0)
        review = self.review
        if review is None or not review.decisions or area.width < 60 or area.height < 30:
            return
        tbl = self.table
        real = float(tbl.margins_at(tbl.last)[self.seat]) if tbl.over_at(tbl.last) else None
        points = graph_points(review.decisions, real, tbl.last)
        theme = self.app.kit.theme
        pad = max(4, round(8 * unit))
        head = self._fit(_("Expected margin, decision by decision"), font_px(16, unit), theme.text_dim,
                         area.width - 2 * pad)
        self._blit(head, (area.left + pad, area.top + pad // 2))
        top = area.top + pad // 2 + head.get_height() + 2
        size = font_px(13, unit)
        kit = self.app.kit.text

        def scale_label(words: str) -> pygame.Surface:
            return kit.line(words, size, theme.text_dim)

        gutter = max(scale_label(w).get_width() for w in ("+000", "-000")) + 6  # room for the scale's labels
        graph = Rect(area.left + pad + gutter, top, area.width - 2 * pad - gutter, max(10, area.bottom - top - pad // 2))
        self.graph_rect = graph
        self._paint.append(lambda target: draw_graph(target, graph, points, tbl.last, tbl.at, theme, mark_colour,
                                                     scale_label))

    def _turn_list(self, area: Rect, unit: float) -> None:
        """Every turn, one a row, the coming one lit; the end of the deal last."""
        t = self.app.kit.theme
        tbl = self.table
        if area.height <= 0:
            return
        body = font_px(17, unit)
        head = self._text(_("Turns (click one to go there)"), font_px(16, unit), t.text_dim)
        top = area.top + head.get_height() + 2
        row_h = self.app.kit.fonts.get(body).get_linesize() + round(4 * unit)
        visible = (area.bottom - top) // row_h
        if visible < 1:  # a long judgement leaves no room for a whole row: the list yields, never runs under the buttons
            return
        rows = tbl.last + 1  # every turn, and the end
        selected = tbl.at
        if self._follow:
            if selected < self.first_row:
                self.first_row = selected
            elif selected >= self.first_row + visible:
                self.first_row = selected - visible + 1
        self.first_row = max(0, min(self.first_row, rows - visible))
        clip = Rect(area.left, top, area.width, max(0, area.bottom - top))
        number_w = self.app.kit.text.width("00", body, True) + 6
        name_w = max(self.app.kit.text.width(n, body, True) for n in tbl.names) + 8
        for i in range(self.first_row, min(rows, self.first_row + visible)):
            row = Rect(area.left, top + (i - self.first_row) * row_h, area.width, row_h - 2)
            self.turn_rows.append((i, row))
            if i == selected:
                self._box(row, t.raised, radius=5)
                self._box(row, t.accent, 2, radius=5)
            else:
                self._pointed(row)
            cy = row.centery
            if i >= tbl.last:
                end = self._fit(_("The end of the deal"), body, t.text, row.width - 12, bold=i == selected)
                self._blit(end, (row.left + 6, cy - end.get_height() // 2), clip)
                continue
            record = tbl.turns[i]
            number = self._text(str(i + 1), body, t.text_dim, True)
            self._blit(number, (row.left + 6 + number_w - number.get_width() - 6, cy - number.get_height() // 2),
                       clip)
            name = self._text(tbl.names[record.seat], body, t.text if record.seat == self.seat else t.text_dim,
                              True)
            self._blit(name, (row.left + 6 + number_w, cy - name.get_height() // 2), clip)
            right = row.right - 4
            mark = self.turn_mark(i + 1)
            if mark is not None:
                pill = self._pill(mark, (right, cy), font_px(15, unit), "midright")
                right = pill.left - 4
            left = row.left + 6 + number_w + name_w
            if right - left > 20:
                words = self._fit(turn_line(tbl.events[i]), body, t.text, right - left)
                self._blit(words, (left, cy - words.get_height() // 2), clip)
        room = area.width
        if self.first_row > 0 or self.first_row + visible < rows:
            first, last, count = list_range(self.first_row, visible, tbl.last)
            more = self._text(_("{first}–{last} of {count} · Page Up/Down").format(
                first=first, last=last, count=count), font_px(14, unit), t.text_dim)
            if more.get_width() + head.get_width() + 8 > area.width:
                more = self._text(_("{first}–{last} of {count}").format(first=first, last=last, count=count),
                                  font_px(14, unit), t.text_dim)
            self._blit(more, (area.right - more.get_width(), area.top))
            room = area.width - more.get_width() - 8
        self._blit(self._fit(_("Turns (click one to go there)"), font_px(16, unit), t.text_dim, room), area.topleft)

    def _place_buttons(self, inner: Rect, unit: float) -> int:
        """Play on from here above Previous and Next, above Cancel (while analysing) and Back, at the foot of the
        panel; returns their top."""
        bh = max(24, round(40 * unit))
        gap = max(4, round(8 * unit))
        half = (inner.width - gap) // 2
        low = inner.bottom - bh
        if self.analysing:
            self.cancel_button.rect = Rect(inner.left, low, half, bh)
            self.back_button.rect = Rect(inner.left + half + gap, low, half, bh)
        else:
            self.cancel_button.rect = Rect(0, 0, 0, 0)
            self.back_button.rect = Rect(inner.left, low, inner.width, bh)
        high = low - gap - bh
        self.prev_button.rect = Rect(inner.left, high, half, bh)
        self.next_button.rect = Rect(inner.left + half + gap, high, half, bh)
        top = high - gap - bh
        if self.shared_link():  # a network deal: Share beside Play on from here
            self.play_button.rect = Rect(inner.left, top, half, bh)
            self.share_button.rect = Rect(inner.left + half + gap, top, half, bh)
        else:
            self.play_button.rect = Rect(inner.left, top, inner.width, bh)
        self.play_button.enabled = self.table.at < self.table.last
        return top - gap

    def _strip(self, unit: float) -> None:
        """The stock's order under the table, next card first."""
        t = self.app.kit.theme
        strip = self.strip_rect()
        if strip.height <= 0 or strip.width <= 0:
            return
        if self.review is not None and self.review.decisions:  # the graph takes the strip's right part
            split = strip.left + round(strip.width * 0.48)
            self._graph(Rect(split, strip.top, strip.right - split, strip.height), unit)
            strip = Rect(strip.left, strip.top, split - strip.left, strip.height)
        else:
            self.graph_rect = Rect(0, 0, 0, 0)
        geom = self.geom()
        cards = self.table.stock_shown()
        pad = max(4, round(8 * unit))
        size = font_px(16, unit)
        caption = self._text(_("Stock, next card first") if cards else _("The stock is empty"), size, t.text_dim)
        self._blit(caption, (strip.left + pad, strip.top + pad // 2))
        ch = max(10, min(geom.back_card[1], strip.height - caption.get_height() - pad))
        cw = max(7, round(ch * 0.714))
        left = strip.left + pad
        room = strip.width - 2 * pad - cw
        if not cards or room <= 0:
            return
        step = min(cw * 1.08, room / max(1, len(cards) - 1)) if len(cards) > 1 else 0
        y = strip.bottom - ch - pad // 2
        for i, card in enumerate(cards):
            r = Rect(round(left + i * step), y, cw, ch)
            self._paint.append(partial(self._stock_card, card, r))
        first = Rect(left, y, cw, ch)
        self._paint.append(lambda target: self.painter.ring(target, first, t.accent, 2))

    # ------------------------------------------------------------------ drawing

    def _stock_card(self, card: Card, rect: Rect, surface: pygame.Surface) -> None:
        """One card of the stock's strip, face up."""
        self.painter.card(surface, card, rect, shadow=False)

    def _mark_options(self, surface: pygame.Surface, geom: TableGeometry) -> None:
        """Ring the best option's cards, and the chosen ones when they differ, each with its word, and tag
        every card sharing an option with its margin."""
        d = self.shown_judgement()
        self.tag_rects = []
        if d is None:
            return
        t = self.app.kit.theme
        best_colour = mark_colour(t, "best")
        size = geom.font(19)
        tags = option_tags(d, self.game, t.text_dim, t.chosen_ring, best_colour, self.sharing(d),
                           self.table.points_of)
        # the chosen and the best take their places first, then the others from left to right; each tag
        # goes where it is wanted or to the nearest free place (tags.place_tags) and is drawn over every ring
        wanted: list[tuple[Rect, pygame.Surface, Colour]] = []
        for card, (word, colour) in tags.items():
            rect, seen, side = self._card_rect(card, geom)
            if rect is None:
                continue
            self.painter.ring(surface, rect, colour, max(3, t.focus_width))
            label = self.app.kit.text.line(word, size, (0, 0, 0), bold=True)
            pill = label.get_rect().inflate(10, 2)
            if side == "left":  # beside a side seat's stack, clear of the corners of the cards below
                pill.midleft = (rect.right + 6, seen.centery)
            elif side == "right":
                pill.midright = (rect.left - 6, seen.centery)
            else:
                pill.midtop = (seen.centerx, seen.bottom - pill.height // 2)
            pill.clamp_ip(geom.table)
            wanted.append((pill, label, colour))
        wanted.sort(key=lambda w: (w[2] == t.text_dim, w[0].left, w[0].top))
        spots = place_tags(tuple(tuple(w[0]) for w in wanted), tuple(tuple(r) for r in self.keep_clear(geom)),
                           tuple(geom.table))
        for (_pill, label, colour), spot in zip(wanted, spots):
            pill = Rect(spot)
            self.tag_rects.append(pill)
            pygame.draw.rect(surface, colour, pill, border_radius=pill.height // 2)
            pygame.draw.rect(surface, (0, 0, 0), pill, 1, border_radius=pill.height // 2)
            surface.blit(label, label.get_rect(center=pill.center))

    def sharing(self, d: Judgement) -> tuple[Card, ...]:
        """The cards on the table that may share an option of decision ``d``: the judged seat's hand for a
        play, the layout as the waiting card finds it for a take."""
        board = self.table.board
        if d.kind == "play":
            return tuple(board.open_hand(self.seat))
        gone: tuple[Card, ...] = ()
        turn = self.table.turn_record(d.turn)
        if d.kind == "flip_take" and turn is not None:
            gone = tuple(getattr(turn, "take", ()))  # taken by the turn's play before the card was turned
        return tuple(c for c in board.slots.values() if c not in gone)

    def keep_clear(self, geom: TableGeometry) -> list[Rect]:
        """What the options' tags must leave in sight while there is room elsewhere: every large face-up
        card's point badge and index corner and all of a small one (as much of them as shows), the seats'
        name plates, piles and captions, the advice line and the stock's count."""
        board = self.table.board
        points = self.table.points_of
        painter = self.painter
        clear = [painter.hint_rect, self.stock_count_rect, *(place.plate.inflate(8, 6) for place in geom.seats),
                 *(part for parts in self.seat_parts.values() for part in parts.values())]
        shown: list[tuple[Card, Rect, Rect]] = [(card, geom.slots[slot], geom.slots[slot])
                                                for slot, card in board.slots.items() if slot < len(geom.slots)]
        for seat in range(len(board.hands)):
            hand = board.open_hand(seat)
            rects = hand_rects(geom, len(hand)) if seat == geom.bottom else open_rects(geom, seat, len(hand))
            for i, (card, rect) in enumerate(zip(hand, rects)):
                shown.append((card, rect, _uncovered(rect, rects[i + 1] if i + 1 < len(rects) else None)))
        for card, rect, seen in shown:
            if rect.height < geom.hand_card[1] * 0.8:  # a small card is hidden by any tag: keep all of it
                clear.append(seen)
                continue
            badge = painter.badge_rect(rect, points(card)).clip(seen)
            corner = Rect(rect.left, rect.top, max(6, round(rect.width * 0.26)),
                          max(8, round(rect.height * 0.36))).clip(seen)
            clear += [r for r in (badge, corner) if r.width and r.height]
        return clear

    def _card_rect(self, card: Card, geom: TableGeometry) -> tuple[Rect | None, Rect, str]:
        """Where ``card`` lies on the table (a hand or the layout), the part of it not under the next card
        of its hand, and the side of the table it lies at (``layout`` for the layout)."""
        board = self.table.board
        slot = board.slot_of(card)
        if slot is not None and slot < len(geom.slots):
            return geom.slots[slot], geom.slots[slot], "layout"
        for seat, hand in enumerate(board.hands):
            if card in hand:
                i = hand.index(card)
                rects = hand_rects(geom, len(hand)) if seat == 0 else open_rects(geom, seat, len(hand))
                rect = rects[i]
                return rect, _uncovered(rect, rects[i + 1] if i + 1 < len(rects) else None), geom.seats[seat].side
        return None, Rect(0, 0, 0, 0), ""

    def draw(self, surface: pygame.Surface) -> None:
        """The table with every hand face up, the stock's order, the rings of the judged options and the panel."""
        kit = self.app.kit
        t = kit.theme
        w, h = surface.get_size()
        surface.fill(t.panel)
        if w <= 0 or h <= 0:
            return
        geom = self.geom()
        tbl = self.table
        p = self.painter
        clip = surface.get_clip()
        surface.set_clip(geom.table)
        surface.blit(kit.felt(geom.table.size), (0, 0))
        step = tbl.current
        moving = step.moving() if step is not None else frozenset()
        self.seat_parts = p.seats(surface, geom, tbl, moving)
        p.stock(surface, geom, tbl.board.stock)
        p.layout(surface, geom, tbl, moving, (), t.take_glow, None, step)
        self.stock_count_rect = p.stock_count(surface, geom, tbl.board.stock)
        p.hand(surface, geom, tbl, None, moving, tbl.shown_turn == 0 and not tbl.deal_over)
        p.hint(surface, geom, tbl, self.hint_text())
        self._mark_options(surface, geom)
        if step is not None:
            p.step(surface, geom, tbl, step)
        surface.set_clip(clip)
        strip = self.strip_rect()
        if strip.height > 0:
            pygame.draw.rect(surface, t.felt_edge if not t.felt_flat else t.panel, strip)
            pygame.draw.line(surface, t.panel_line, strip.topleft, strip.topright, 2)
        panel = self.panel_rect()
        pygame.draw.line(surface, t.panel_line, panel.topleft, panel.bottomleft, 2)
        for paint in self._paint:
            paint(surface)
        unit = ui_scale((w, h))
        for b in self.buttons():
            b.draw(surface, kit, font_px(19, unit), b is self._hover)

    def hint_text(self) -> str:
        """The line over the bottom hand: the last turn played, in words."""
        tbl = self.table
        if tbl.at == 0:
            return _("As dealt, every hand face up. Right (or Next) plays the first turn; P plays the deal on from "
                     "here.")
        return tbl.turn_words(tbl.at)


def margin_text(value: float) -> str:
    """An expected margin as an option's tag writes it: signed, to a tenth.

    >>> margin_text(6.94), margin_text(-0.04), margin_text(-2.35)
    ('+6.9', '0.0', '-2.4')
    """
    shown = round(value, 1)
    return "0.0" if shown == 0 else f"{shown:+.1f}"


def option_tags(d: Judgement, game: TableGame, other: Colour, chosen: Colour, best: Colour,
                sharing: Sequence[Card] = (), points: Callable[[Card], int] = lambda card: 0,
                ) -> dict[Card, tuple[str, Colour]]:
    """The tag on each card of a decision's options, as the table rings them: every option's lead card (the
    card played, or taken) carries its expected margin, the best option's of a card whose options differ by
    what they take (Go Fishing's families of sets); every card of the chosen and best options says which it
    is, the lead card with its margin too. When the seat fell short of the best, a card of both says so in
    the chosen option's colour, and a lead card of both (one card, two families) gives both margins. A card
    of ``sharing`` (the cards on the table, ``points`` telling what each scores) that the review judged
    under another card of the same option carries that option's margin too."""
    tags: dict[Card, tuple[str, Colour]] = {}
    for option in d.options:  # best first: a card keeps its best option's margin
        cards = game.option_cards(option, d.kind)
        if cards and cards[0] not in tags:
            tags[cards[0]] = (margin_text(option.expected), other)
    leads = list(tags.items())
    mine = game.option_cards(d.chosen, d.kind)
    theirs = game.option_cards(d.best, d.kind)
    short = d.label != "best"
    for c in mine:
        tags[c] = (_("Chosen"), chosen)
    for c in theirs:
        tags[c] = (f"{_('Chosen')}/{_('Best')}", chosen) if short and c in mine else (_("Best"), best)
    if mine[:1] and mine[:1] == theirs[:1]:
        lead = mine[0]
        if short:
            tags[lead] = (f"{_('Chosen')} {margin_text(d.chosen.expected)} / {_('Best')} "
                          f"{margin_text(d.best.expected)}", chosen)
        else:
            tags[lead] = (f"{_('Best')} {margin_text(d.best.expected)}", best)
    else:
        for choice in (d.chosen, d.best):
            for c in game.option_cards(choice, d.kind)[:1]:
                tags[c] = (f"{tags[c][0]} {margin_text(choice.expected)}", tags[c][1])
    for card in sharing:
        if card in tags:
            continue
        for lead, tag in leads:
            if game.shares_option(d.kind, lead, card, points):
                tags[card] = tag
                break
    return tags


def _uncovered(rect: Rect, after: Rect | None) -> Rect:
    """The part of a hand's card at ``rect`` not under the next card of the hand (``after``)."""
    if after is None:
        return rect
    if after.left > rect.left:
        return Rect(rect.left, rect.top, after.left - rect.left, rect.height)
    return Rect(rect.left, rect.top, rect.width, after.top - rect.top)
