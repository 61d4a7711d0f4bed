"""The table scene: the match being played, the person's hand and clicks."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from chinese_ten.cards import Card
from chinese_ten.i18n import N_, _
from chinese_ten.settings import ANIMATION_SPEEDS
from chinese_ten.ui.table.controller import Advice, TableController
from chinese_ten.ui.table.focus import HandFocus
from chinese_ten.ui.table.games import same_take, sets_text
from chinese_ten.ui.table.geometry import TableGeometry, hand_rects, lifted, table_geometry
from chinese_ten.ui.table.panel import SidePanel
from chinese_ten.ui.scene import Scene
from chinese_ten.ui.widgets.button import Button, button_at
from chinese_ten.ui.table.painter import TablePainter

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services

TOAST_SECONDS = 2.6
"""How long a short message to the person stays up."""

SPEED_LABELS: dict[str, str] = {
    "slow": N_("Animation: Slow (S)"), "normal": N_("Animation: Normal (S)"),
    "fast": N_("Animation: Fast (S)"), "instant": N_("Animation: Instant (S)"),
}
"""The table's animation button, by the animation speed in use."""

PAUSED_TEXT = N_("Paused: press P or Space, or click Resume, to carry on.")
"""What a key or click that cannot act while paused is told; it goes as the game carries on."""

DIGIT_KEYS: dict[int, int] = {
    **{pygame.K_1 + i: i for i in range(9)}, pygame.K_0: 9, pygame.K_MINUS: 10, pygame.K_EQUALS: 11,
    **{pygame.K_KP1 + i: i for i in range(9)}, pygame.K_KP0: 9,
}
"""Keys that play a hand card, and the position each picks: 1 is the first card, 0 the tenth,
- the eleventh and = the twelfth."""

CARD_KEY_NAMES: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "=")
"""The key for each hand position, as shown on the cards."""

_NOT_A_SKIP = frozenset({
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_TAB,
    pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_p, pygame.K_h, pygame.K_a, pygame.K_r, pygame.K_s, pygame.K_F1, pygame.K_F11,
    pygame.K_BACKSPACE,
    pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT,
    pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_NUMLOCKCLEAR, pygame.K_MODE,
})
"""Keys that do their own job on the table rather than skip the movement being shown."""


class TableScene(Scene):
    """Shows a match and lets the person play it."""

    after_last_deal = N_("Final results (Enter)")
    """The count's button after the match's last deal."""

    apart = False
    """True for a deal played apart from the kept matches (practice kept nowhere: see
    :mod:`chinese_ten.ui.table.side_deal`)."""

    pausable = True
    """False where the game cannot be held still (a network table plays on on its server): no Pause
    button, and P, Space and leaving the window pause nothing."""

    def __init__(self, app: Services, controller: TableController, auto: bool = False) -> None:
        """The table for ``controller``; ``auto`` moves past deal ends by itself (demo)."""
        super().__init__(app)
        self.ctl = controller
        self.auto = auto
        self.painter = TablePainter(app.kit)
        self.panel = SidePanel(app.kit)
        self.hover: int | None = None
        self.keyboard = False
        self.focus = HandFocus()
        self.toast_text = ""
        self.toast_left = 0.0
        self.advice: Advice | None = None
        """The last hint given, lighting only the card it names while its card is in focus."""
        self.count_shown = False
        self._geom_key: tuple[object, ...] | None = None
        self._geom: TableGeometry | None = None
        self._warmed: set[tuple[int, int]] = set()
        self.hand_x: dict[Card, float] = {}
        self._glide_key: tuple[object, ...] | None = None
        self.paused = False
        self.paused_by_itself = False
        self.pause_button = Button(N_("Pause (P)"), "pause")
        self.menu_button = Button(N_("Menu (Esc)"), "menu")
        self.hint_button = Button(N_("Hint (A)"), "hint")
        self.again_button = Button(N_("Last turn (R)"), "again")
        """Shows the last turn's movement again, slowly."""
        self.again_button.quiet_label = N_("Last turn")
        self.takeback_button = Button(N_("Take back (Backspace)"), "takeback")
        """Takes back the person's last turn; shown only while take-backs are allowed."""
        self.speed_button = Button(SPEED_LABELS["normal"], "speed")
        """Cycles the animation speed (the Animation setting) from the table."""
        self._hover_button: Button | None = None
        self.button_focus: int | None = None
        """Which of the table's buttons holds the keyboard focus (Tab), or None for the hand."""

    # ------------------------------------------------------------------ pause

    def set_paused(self, paused: bool, by_itself: bool = False) -> None:
        """Hold the game still (no computer acts, movements stop mid-flight) or carry on."""
        if self.auto or not self.pausable:
            return
        self.paused = paused
        self.paused_by_itself = paused and by_itself
        if not paused and self.toast_text == _(PAUSED_TEXT):
            self.toast_left = 0.0
        self.pause_button.label = N_("Resume (P)") if paused else N_("Pause (P)")

    @property
    def held(self) -> bool:
        """True while nothing on the table may move: paused, or a menu, help or settings is open."""
        return self.paused or self.app.holding()

    @property
    def takebacks_allowed(self) -> bool:
        """True when the person may take back turns (the setting is on and the person plays)."""
        return (not self.auto and self.app.settings.allow_takebacks and self.ctl.person_seat is not None
                and self.ctl.assists)

    def place_buttons(self) -> None:
        """Put the Hint and Last turn buttons, Pause and Menu below them and the animation speed across the
        foot of the side panel (with Take back across the top when take-backs are allowed)."""
        geom = self.geom()
        panel = geom.panel
        pad = max(10, round(16 * geom.unit))
        bh = max(28, round(40 * geom.unit))
        gap = max(6, round(10 * geom.unit))
        bw = (panel.width - 2 * pad - gap) // 2
        self.speed_button.rect = pygame.Rect(panel.left + pad, panel.bottom - pad - bh, 2 * bw + gap, bh)
        self.speed_button.label = SPEED_LABELS.get(self.app.settings.animation_speed, SPEED_LABELS["normal"])
        y = panel.bottom - pad - bh - gap - bh
        self.pause_button.rect = pygame.Rect(panel.left + pad, y, bw, bh)
        self.menu_button.rect = pygame.Rect(panel.left + pad + bw + gap, y, bw, bh)
        if not self.pausable:  # no Pause: Menu has the row
            self.menu_button.rect = pygame.Rect(panel.left + pad, y, 2 * bw + gap, bh)
        self.hint_button.rect = pygame.Rect(panel.left + pad, y - gap - bh, bw, bh)
        self.again_button.rect = pygame.Rect(panel.left + pad + bw + gap, y - gap - bh, bw, bh)
        rows = 3
        if self.takebacks_allowed:
            self.takeback_button.rect = pygame.Rect(panel.left + pad, y - 2 * (gap + bh), 2 * bw + gap, bh)
            rows = 4
        self.panel.reserve = rows * bh + (rows - 1) * gap + pad
        playing = not self.count_shown
        for b in (self.hint_button, self.again_button, self.pause_button, self.takeback_button):
            b.enabled = playing
        self.hint_button.enabled = playing and self.ctl.assists  # no hints at a table with other people
        buttons = self.buttons()
        if self.button_focus is not None and not (self.button_focus < len(buttons)
                                                  and buttons[self.button_focus].enabled):
            self.focus_button(None)

    def buttons(self) -> list[Button]:
        """The table's own buttons (none in a demo)."""
        if self.auto:
            return []
        pause = [self.pause_button] if self.pausable else []
        own = [self.hint_button, self.again_button, *pause, self.menu_button, self.speed_button]
        return [self.takeback_button, *own] if self.takebacks_allowed else own

    def focus_button(self, index: int | None) -> None:
        """Give the keyboard focus to button ``index`` (None: back to the hand)."""
        buttons = self.buttons()
        self.button_focus = index if buttons and index is not None and buttons[index].enabled else None
        for i, b in enumerate(buttons):
            b.focused = i == self.button_focus

    def _tab(self, backwards: bool) -> None:
        """Tab moves the focus from the hand through the buttons and back to the hand; Shift+Tab the other way."""
        count = len(self.buttons())
        if not count:
            return
        self.place_buttons()
        order: list[int | None] = [None, *(i for i, b in enumerate(self.buttons()) if b.enabled)]
        at = order.index(self.button_focus)
        self.keyboard = True
        self.focus_button(order[(at + (-1 if backwards else 1)) % len(order)])

    def card_keys(self) -> list[str]:
        """The key shown on each hand card: the keys while the keyboard is in use, none for the mouse
        (nor during a capture choice, where the number keys pick a lit card)."""
        if not self.keyboard or self.ctl.person_seat is None or self.ctl.person_choice is not None:
            return []
        return list(CARD_KEY_NAMES[:len(self.ctl.board.open_hand(self.ctl.bottom))])

    # ------------------------------------------------------------------ geometry

    def geom(self) -> TableGeometry:
        """The table's geometry at the current window size."""
        size = self.app.surface.get_size()
        key = (size, self.ctl.seats, self.ctl.board.capacity)
        if key != self._geom_key or self._geom is None:
            self._geom = table_geometry(size, self.ctl.seats, self.ctl.board.capacity, bottom=self.ctl.bottom)
            self._geom_key = key
            g = self._geom
            for s in (g.hand_card, g.small_card):
                if s not in self._warmed:
                    self._warmed.add(s)
                    self.app.kit.cards.want_everything(s)
        return self._geom

    def hand_hit(self, pos: tuple[int, int]) -> int | None:
        """The index of the person's hand card under ``pos``."""
        geom = self.geom()
        rects = hand_rects(geom, len(self.ctl.board.open_hand(self.ctl.bottom)))
        for i in range(len(rects) - 1, -1, -1):
            r = lifted(rects[i], geom).union(rects[i]) if i == self.hover else rects[i]
            if r.collidepoint(pos):
                return i
        return None

    def slot_hit(self, pos: tuple[int, int]) -> Card | None:
        """The layout card under ``pos``."""
        geom = self.geom()
        for slot, card in self.ctl.board.slots.items():
            if slot < len(geom.slots) and geom.slots[slot].collidepoint(pos):
                return card
        return None

    def hovered_card(self) -> Card | None:
        """The hand card pointed at or focused (none while a button holds the keyboard focus)."""
        hand = self.ctl.board.open_hand(self.ctl.bottom)
        if self.button_focus is None and self.hover is not None and 0 <= self.hover < len(hand):
            return hand[self.hover]
        return None

    # ------------------------------------------------------------------ input

    def say(self, text: str) -> None:
        """Show a short message to the person."""
        self.toast_text = text
        self.toast_left = TOAST_SECONDS

    def try_play(self, index: int, choose: bool = False) -> None:
        """The person asks to play the hand card at ``index``; with ``choose`` (Shift held), every way it may
        take is offered even when there is one, so that taking nothing can be chosen too."""
        hand = self.ctl.board.open_hand(self.ctl.bottom)
        if not 0 <= index < len(hand):
            return
        if self.ctl.person_seat is None:
            self.say(_("The computers are playing this match."))
            return
        reason = self.ctl.play(hand[index], choose)
        if reason:
            self.say(reason)
        else:
            self.toast_left = 0.0
            self.hover = None if not self.keyboard else max(0, min(index, len(hand) - 2))

    def skip(self) -> bool:
        """Finish the movement being shown at once (no move is made); True when there was one."""
        if self.held or self.auto:
            return False
        return self.ctl.skip()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Mouse and keyboard on the table."""
        self.place_buttons()
        if event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            self.focus_button(None)
            self.hover = self.hand_hit(event.pos)
            self._hover_button = button_at(self.buttons(), event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pressed = button_at(self.buttons(), event.pos)
            if pressed is not None:
                self._press(pressed.action)
                return
            if self.paused:
                self.say(_(PAUSED_TEXT))
                return
            if self.ctl.busy and self.geom().table.collidepoint(event.pos) and self.skip():
                return
            i = self.hand_hit(event.pos)
            if i is not None:
                self.try_play(i, bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
            elif self.slot_hit(event.pos) is not None and self.ctl.person_to_play:
                self.say(_("Play a card from your hand; it takes from the layout by itself."))
        elif event.type == pygame.MOUSEWHEEL:
            self.panel.scroll_by(event.y)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key, event.mod)
        elif event.type in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST) and not self.keyboard:
            self.hover = None

    def ask_hint(self) -> None:
        """Ask for the Hard player's advice on the person's play."""
        if self.paused:
            self.say(_(PAUSED_TEXT))
            return
        reason = self.ctl.ask_hint()
        self.say(reason or _("Thinking of a hint…"))

    def show_last_turn(self) -> None:
        """Show the last turn's movement again, slowly; the deal itself does not change."""
        if self.paused:
            self.say(_(PAUSED_TEXT))
            return
        reason = self.ctl.replay_last_turn()
        self.say(reason or _("The last turn again, slowly (any key or a click finishes it)."))

    def take_back(self) -> None:
        """Take back the person's last turn, when take-backs are allowed."""
        if not self.takebacks_allowed:
            self.say(_("Take-backs are off: turn on Allow take-backs in Settings."))
            return
        if self.paused:
            self.say(_(PAUSED_TEXT))
            return
        reason = self.ctl.take_back()
        if reason:
            self.say(reason)
            return
        self.advice = None
        self.hover = None
        self.say(_("Turn taken back; the stock is unchanged, so the same cards turn up. This match is now practice."))

    def _show_hint(self) -> None:
        advice = self.ctl.poll_hint()
        if advice is None:
            return
        self.advice = advice

        def tell(words: Callable[[], str]) -> None:
            """The hint in a message, and with its reason (the search's figures) in the list of turns, told
            again in another language when the language changes."""
            self.say(words())
            if advice.reason:
                self.ctl.narration.note(lambda: _("{hint} {reason}").format(hint=words(), reason=advice.reason))

        offer = self.ctl.offer
        if offer is not None and self.ctl.rules_ui.lists_options:
            # the capture choice lights the named sets through its focus (ChoiceScene.update)
            if advice.play == offer.card:
                tell(lambda: _("Hint: take {cards}.").format(cards=sets_text(advice.sets)) if advice.sets
                     else _("Hint: take nothing."))
            else:
                tell(lambda: _("Hint: play {card} instead (Backspace puts {chosen} back).").format(
                    card=advice.play.pretty, chosen=offer.card.pretty))
            return
        if offer is not None:
            # the capture choice lights the named card through its focus (ChoiceScene.update)
            tell(lambda: _("Hint: take {card}.").format(card=advice.take.pretty if advice.take else ""))
            return
        hand = self.ctl.board.open_hand(self.ctl.bottom)
        if advice.play in hand:
            self.hover = hand.index(advice.play)  # the key badges stay as they were: a click asks for no keys
        self.advice = advice
        if self.ctl.rules_ui.lists_options:
            tell(lambda: (_("Hint: play {card} and take {cards}.") if advice.sets else _("Hint: play {card}.")).format(
                card=advice.play.pretty, cards=sets_text(advice.sets)))
        elif advice.take is not None:
            take = advice.take
            target = sets_text(advice.sets) if len(advice.sets) > 1 else take.pretty  # a triple: all three
            tell(lambda: _("Hint: play {card} and take {target}.").format(card=advice.play.pretty, target=target))
        else:
            tell(lambda: _("Hint: play {card}.").format(card=advice.play.pretty))

    def next_speed(self) -> None:
        """Move the animation speed on to the next one (Slow, Normal, Fast, Instant, then Slow again),
        remembered as the Animation setting is."""
        speeds = ANIMATION_SPEEDS
        now = self.app.settings.animation_speed
        after = speeds[(speeds.index(now) + 1) % len(speeds)] if now in speeds else "normal"
        self.app.change_settings(animation_speed=after)
        self.place_buttons()

    def press(self, action: str) -> None:
        """Do what the table's button reporting ``action`` does."""
        self._press(action)

    def _press(self, action: str) -> None:
        if action == "speed":
            self.next_speed()
        elif action == "hint":
            self.ask_hint()
        elif action == "again":
            self.show_last_turn()
        elif action == "takeback":
            self.take_back()
        elif action == "pause":
            self.set_paused(not self.paused)
        elif action == "menu":
            self.app.open("menu")

    def _key(self, key: int, mod: int = 0) -> None:
        hand = self.ctl.board.open_hand(self.ctl.bottom)
        if key == pygame.K_ESCAPE:
            self.app.open("menu")
            return
        if (key not in _NOT_A_SKIP or self.ctl.replaying) and self.ctl.busy and self.skip():
            return
        if key == pygame.K_TAB:
            self._tab(bool(mod & pygame.KMOD_SHIFT))
            return
        if self.button_focus is not None and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._press(self.buttons()[self.button_focus].action)
            return
        if key in (pygame.K_LEFT, pygame.K_RIGHT, *DIGIT_KEYS):
            self.focus_button(None)
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.keyboard = True
            if hand:
                step = 1 if key == pygame.K_RIGHT else -1
                if self.hover is None:
                    self.hover = 0 if step > 0 else len(hand) - 1
                else:
                    self.hover = (self.hover + step) % len(hand)
        elif key == pygame.K_SPACE:
            if self.paused or not self.ctl.person_to_play:
                self.set_paused(not self.paused)
            elif self.hover is not None:
                self.try_play(self.hover)
            else:
                self.say(_("Choose a card with Left and Right (or press its number), then Enter."))
        elif self.paused:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER) or key in DIGIT_KEYS:
                self.say(_(PAUSED_TEXT))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.hover is not None:
                self.try_play(self.hover, bool(mod & pygame.KMOD_SHIFT))
            elif self.ctl.person_to_play:
                self.say(_("Choose a card with Left and Right (or press its number), then Enter."))
        elif key in DIGIT_KEYS:
            index = DIGIT_KEYS[key]
            if index < len(hand):
                self.keyboard = True
                self.hover = index
                self.try_play(index)
        elif key == pygame.K_a:
            self.keyboard = True
            self.ask_hint()
        elif key == pygame.K_r:
            self.show_last_turn()
        elif key == pygame.K_s:
            self.next_speed()
        elif key == pygame.K_BACKSPACE:
            self.take_back()
        elif key == pygame.K_PAGEUP:
            self.panel.scroll_by(3)
        elif key == pygame.K_PAGEDOWN:
            self.panel.scroll_by(-3)

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        """Animate, let computers play, and open overlays when the game asks for them (not while held)."""
        self.place_buttons()
        if self.toast_left > 0:
            self.toast_left = max(0.0, self.toast_left - dt)
        if self.held:
            return
        self.ctl.update(dt)
        self.panel.follow(self.ctl)
        if self.ctl.hint_pending:
            self._show_hint()
        self._glide_hand(dt)
        hand = self.ctl.board.open_hand(self.ctl.bottom)
        if self.keyboard:
            self.hover = self.focus.follow(hand, self.hover)
        if self.hover is not None and self.hover >= len(hand):
            self.hover = len(hand) - 1 if hand and self.keyboard else None
        if self.app.top() is self:
            if self.ctl.person_choice is not None:
                self.app.open("choice", table=self)
            elif self.ctl.deal_finished and not self.count_shown:
                self.count_shown = True
                self.ctl.record_deal()
                self.app.open("count", table=self, auto=self.auto)

    def wants_frames(self) -> bool:
        """True unless the table waits on the person (or is held): a movement, a computer, a hint or a
        notice's countdown, a hand closing up, or an overlay the table is about to open."""
        if self.toast_left > 0:
            return True
        if self.held:
            return False
        ctl = self.ctl
        if ctl.busy or ctl.hint_pending or self._gliding():
            return True
        on_top = self.app.top() is self
        waiting = ((ctl.person_to_play and on_top) or (ctl.person_choice is not None and not on_top)
                   or (ctl.deal_finished and self.count_shown))
        return not waiting

    def _gliding(self) -> bool:
        """True while a hand card still slides towards its place."""
        cards = self.ctl.board.open_hand(self.ctl.bottom)
        targets = hand_rects(self.geom(), len(cards))
        return any(self.hand_x.get(card, float(rect.x)) != float(rect.x) for card, rect in zip(cards, targets))

    def _glide_hand(self, dt: float) -> None:
        """Slide the person's cards towards their places when the hand closes up."""
        cards = self.ctl.board.open_hand(self.ctl.bottom)
        targets = hand_rects(self.geom(), len(cards))
        snap = self._glide_key != self._geom_key
        self._glide_key = self._geom_key
        pull = min(1.0, dt * 14.0)
        keep: dict[Card, float] = {}
        for card, rect in zip(cards, targets):
            x = self.hand_x.get(card)
            if x is None or snap:
                x = float(rect.x)
            x += (rect.x - x) * pull
            keep[card] = float(rect.x) if abs(rect.x - x) < 0.5 else x
        self.hand_x = keep

    def next_deal(self) -> bool:
        """Move on to the next deal; False at the end of the match."""
        if self.ctl.next_deal():
            self.count_shown = False
            self.hover = None
            self.panel.scroll = 0
            return True
        return False

    # ------------------------------------------------------------------ drawing

    def own_note(self) -> str:
        """The note the table itself shows in the notice row now (a message to the person), or "": a capture
        choice's prompt gives way to it."""
        return self.toast_text if self.toast_left > 0 and self.toast_text else ""

    def hint_text(self) -> str:
        """The advice line above the person's hand."""
        ctl = self.ctl
        if ctl.person_seat is None:
            return _("Computers at every seat")
        choice = ctl.person_choice
        if choice is not None:
            offer = ctl.offer
            if ctl.rules_ui.lists_options:
                return ""  # the choice's own box says it
            if offer is not None and offer.source == "flip":
                words = _("Pick the card the turned {card} takes: click a lit card, or Left/Right and Enter.")
            else:
                words = _("Pick the card your {card} takes: click a lit card, or Left/Right and Enter.")
            return words.format(card=choice[0].pretty)
        card = self.hovered_card()
        if ctl.person_to_play:
            if card is not None:
                return ctl.preview_text(card)
            return _("Your turn: point at a card (or Left/Right) to see what it takes; click or Enter plays.")
        if ctl.deal_over:
            return ""
        seat = ctl.shown_turn
        if seat is not None and seat != ctl.person_seat:
            return _("{name} is playing.").format(name=ctl.names[seat])
        return ""

    def lit(self) -> tuple[tuple[Card, ...], tuple[int, int, int], Card | None]:
        """The layout cards lit up, their colour, and the one under keyboard focus: the candidates of a
        capture choice, or what the card in focus would take (only the card a hint named, if it did)."""
        ctl = self.ctl
        theme = self.app.kit.theme
        choice = ctl.person_choice
        if choice is not None:
            top = self.app.top()
            return getattr(top, "lit_cards", choice[1]), theme.choice_glow, getattr(top, "focused_card", None)
        card = self.hovered_card()
        if card is None or not ctl.person_to_play:
            return (), theme.take_glow, None
        pv = ctl.preview(card)
        advice = self.advice
        if advice is not None and advice.play == card and pv.options:
            named = next((o for o in pv.options if same_take(o.sets, advice.sets)), None)
            if named is not None:
                return named.cards, theme.take_glow, None
        elif advice is not None and advice.play == card and advice.take in pv.candidates and not pv.triple:
            return (advice.take,), theme.take_glow, None
        return pv.candidates, theme.choice_glow if pv.choice else theme.take_glow, None

    def draw(self, surface: pygame.Surface) -> None:
        """The whole table."""
        ctl = self.ctl
        geom = self.geom()
        kit = self.app.kit
        p = self.painter
        surface.blit(kit.felt(geom.table.size), (0, 0))
        step = ctl.current
        moving = step.moving() if step is not None else frozenset()
        p.seats(surface, geom, ctl, moving)
        p.stock(surface, geom, ctl.board.stock)
        take, colour, focus = self.lit()
        colours: dict[Card, tuple[int, int, int]] = {}
        if ctl.person_choice is not None:
            colours = getattr(self.app.top(), "colours", dict)()
        p.layout(surface, geom, ctl, moving, take, colour, focus, step, colours)
        p.stock_count(surface, geom, ctl.board.stock)
        active = ctl.person_seat is not None and ctl.shown_turn == ctl.person_seat and not ctl.deal_over
        shown = ctl.person_seat is not None and self.app.top() is self and self.button_focus is None
        hover = self.hover if shown else None
        p.hand(surface, geom, ctl, hover, moving, active, self.hand_x, self.card_keys())
        toast = self.toast_left > 0 and bool(self.toast_text)
        p.hint(surface, geom, ctl, "" if self.paused or toast else self.hint_text())
        if step is not None:
            p.step(surface, geom, ctl, step)
            if self.held:  # a card held still in flight never hides the stock's count
                p.stock_count(surface, geom, ctl.board.stock)
        if self.paused:
            p.message(surface, geom, _("Paused · P or Space to carry on"), kit.theme.accent)
        if toast:
            alpha = 255 if self.toast_left > 0.5 else int(255 * self.toast_left / 0.5)
            p.toast(surface, geom, self.toast_text, alpha)
        self.place_buttons()
        self.panel.paused = self.paused
        self.panel.tracker = self.app.settings.card_tracker
        self.panel.draw(surface, geom, ctl)
        for b in self.buttons():
            b.draw(surface, kit, geom.font(20), b is self._hover_button)
