"""The capture choice: the person picks which lit layout card their card takes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from chinese_ten.cards import Card
from chinese_ten.i18n import _
from chinese_ten.ui.scene import Scene
from chinese_ten.ui.table.live import PAUSED_TEXT

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services
    from chinese_ten.ui.table.live import TableScene


class ChoiceScene(Scene):
    """An overlay over the table while a capture choice is owed."""

    opaque = False

    def __init__(self, app: Services, table: TableScene) -> None:
        """A choice over ``table``, the focus on the candidate worth most (the first of those on a tie)."""
        super().__init__(app)
        self.table = table
        cands = self.candidates
        points = table.ctl.points_of
        self.focus = max(range(len(cands)), key=lambda i: points(cands[i])) if cands else 0
        self._hinted: object | None = table.advice
        """The hint the focus last followed (one given before this choice is not followed)."""
        self.hinted_take: Card | None = None
        """The card a hint for this choice named, once it has come."""

    @property
    def candidates(self) -> tuple[Card, ...]:
        """The cards the waiting card may take."""
        choice = self.table.ctl.person_choice
        return choice[1] if choice else ()

    @property
    def focused_card(self) -> Card | None:
        """The candidate under keyboard focus."""
        cands = self.candidates
        return cands[self.focus % len(cands)] if cands else None

    def update(self, dt: float) -> None:
        """When a hint for this choice arrives, put the focus (and so the light) on the card it names."""
        cands = self.candidates
        if not cands:  # the choice went away: its turn was taken back
            self.app.pop(self)
            return
        advice = self.table.advice
        if advice is not None and advice is not self._hinted and advice.take in cands:
            self._hinted = advice
            self.hinted_take = advice.take
            self.focus = cands.index(advice.take)

    def _pick(self, card: Card) -> None:
        reason = self.table.ctl.choose(card)
        if reason:
            self.table.say(reason)
        self.app.pop(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Clicks on lit cards and keys choose; anything else explains what is owed."""
        cands = self.candidates
        if not cands:
            self.app.pop(self)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.open("menu")
            return
        if self.table.paused and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
                self.table.set_paused(False)
            elif event.type == pygame.MOUSEBUTTONDOWN and any(b.hit(event.pos) for b in self.table.buttons()):
                self.table.handle_event(event)
            else:
                self.table.say(_(PAUSED_TEXT))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and any(
                b.hit(event.pos) for b in self.table.buttons()):
            self.table.handle_event(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            card = self.table.slot_hit(event.pos)
            if card in cands:
                self._pick(card)
            else:
                choice = self.table.ctl.person_choice
                name = choice[0].pretty if choice else _("card")
                self.table.say(_("First pick which lit card your {card} takes.").format(card=name))
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_UP, pygame.K_TAB):
                self.focus = (self.focus - 1) % len(cands) if event.key != pygame.K_TAB else (self.focus + 1) % len(cands)
            elif event.key in (pygame.K_RIGHT, pygame.K_DOWN):
                self.focus = (self.focus + 1) % len(cands)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                focused = self.focused_card
                if focused is not None:
                    self._pick(focused)
            elif pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(cands):
                self._pick(cands[event.key - pygame.K_1])
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.table.handle_event(event)
            elif event.key == pygame.K_a:
                self.table.ask_hint()
            elif event.key == pygame.K_BACKSPACE:
                self.table.take_back()
        elif event.type == pygame.MOUSEMOTION:
            self.table.handle_event(event)
            card = self.table.slot_hit(event.pos)
            if card in cands:
                self.focus = cands.index(card)
        elif event.type == pygame.MOUSEWHEEL:
            self.table.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """A prompt over the advice strip naming the choices and their points (clear of the layout),
        unless the table is showing the person a message there."""
        ctl = self.table.ctl
        choice = ctl.person_choice
        if choice is None or self.table.paused:
            return
        if self.table.toast_left > 0 and self.table.toast_text:
            return  # a message to the person (why a take was refused) stands where the prompt would
        geom = self.table.geom()
        kit = self.app.kit
        card, cands = choice
        own = ctl.points_of(card)
        opts = _(" or ").join(_("{card} (+{points})").format(card=c.pretty, points=own + ctl.points_of(c))
                              for c in cands)
        pending = ctl.view.pending
        if pending is not None and pending.source == "flip":
            words = _("The turned {card} can take {options}. Click one, or Left/Right and Enter.")
        else:
            words = _("Your {card} can take {options}. Click one, or Left/Right and Enter.")
        text = words.format(card=card.pretty, options=opts)
        hinted = self.hinted_take
        if hinted is not None and hinted in cands:
            text = _("Hint: take {card} (+{points}). Enter takes it, or click a lit card.").format(
                card=hinted.pretty, points=own + ctl.points_of(hinted))
        self.table.painter.message(surface, geom, text, kit.theme.choice_glow)
