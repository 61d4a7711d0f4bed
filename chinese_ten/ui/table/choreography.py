"""How each engine event is shown: the steps that carry cards from hand or stock
to the layout, make captures glow and sweep them to the seat's pile.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from chinese_ten.cards import RANK_NAMES, Card
from chinese_ten.i18n import N_, _, ngettext
from chinese_ten.settings import ANIMATION_SPEEDS
from chinese_ten.ui.table.animation import Label, Sprite, Step, StepFactory
from chinese_ten.ui.table.board import Board, Loc, hand_order
from chinese_ten.ui.table.narration import Narration
from chinese_ten.ui.table.presenters import Event, Showing, presenter_for
from chinese_ten.ui.table.presenting import Taking


@dataclass(frozen=True)
class Pace:
    """Seconds per kind of movement."""

    move: float = 0.45
    flip: float = 0.38
    glow: float = 0.22
    sweep: float = 0.42
    triple: float = 1.1
    pause: float = 0.25
    settle: float = 0.0
    """Seconds before the end of a computer's last movement at which the next computer may already start
    its move, shown alongside (0: each move waits for the last to end, and for ``pause``)."""

    def scaled(self, factor: float, least_pause: float = 0.0) -> Pace:
        """Every duration multiplied by ``factor``; a computer still waits ``least_pause`` before acting."""
        return Pace(move=self.move * factor, flip=self.flip * factor, glow=self.glow * factor,
                    sweep=self.sweep * factor, triple=self.triple * factor,
                    pause=max(least_pause, self.pause * factor), settle=self.settle * factor)


SPEED_FACTORS: dict[str, float] = dict(zip(ANIMATION_SPEEDS, (1.8, 1.0, 0.55, 0.0), strict=True))
"""The animation-speed setting as a multiplier of the normal pace."""

INSTANT_PAUSE = 0.3
"""Seconds a computer still waits before its turn when animations are instant, so turns stay apart."""

HOP = 0.7
"""A turned card's short hop from beside the stock into the layout, as a share of a card's travel time."""


REPLAY_PACE: Pace = Pace().scaled(2.5)
"""The pace of showing the last turn again: slower than the Slow setting, so every movement can be followed."""


SETTLE = 0.3
"""At Normal, how long before the last card of a computer's move has settled the next computer's card sets off."""


def catch_up(pace: Pace, behind: int) -> Pace:
    """The pace for a table ``behind`` moves behind the game it follows (a network table's moves that came
    and wait to be shown): as it is for one move, a ``behind``-th of it for more, so the moves waiting are
    shown in the time of one and the table is never more than a move behind."""
    return pace if behind <= 1 else pace.scaled(1.0 / behind)


def pace_for(speed: str) -> Pace:
    """The pace for an animation-speed setting.

    At Normal a card takes a little under half a second to travel, and a computer's
    card sets off while the last move's cards are still settling into their pile.
    """
    return replace(Pace(), settle=SETTLE).scaled(SPEED_FACTORS.get(speed, 1.0),
                                                 INSTANT_PAUSE if speed == "instant" else 0.0)


def _lift_to_pile(board: Board, cards: tuple[Card, ...], pile: Loc) -> list[Sprite]:
    """Take ``cards`` off their layout slots; a sprite carrying each from its slot to ``pile``."""
    sprites = []
    for c in cards:
        slot = board.slot_of(c)
        if slot is not None:
            del board.slots[slot]
        sprites.append(Sprite(c, Loc("slot", index=slot or 0), pile))
    board.touch()
    return sprites


class Choreographer:
    """Turns the events of an engine call into animation steps."""

    def __init__(self, narration: Narration, pace: Pace, face_up_seats: frozenset[int]) -> None:
        """Steps that tell ``narration`` as they start; ``face_up_seats`` play from open hands."""
        self.narration = narration
        self.pace = pace
        self.face_up = face_up_seats

    def steps_for(self, events: Sequence[Event]) -> list[StepFactory]:
        """The steps that show ``events``, in order.

        The stock card starts to turn while the played card's capture sweeps away, or as the
        played card lands in the layout, so no one waits for one card to stop before the next moves.
        """
        showing = Showing(events)
        for ev in events:
            move = presenter_for(ev).move
            showing.flip_after = move(self, ev, showing) if move is not None else None
        if showing.carry:
            showing.out.append(self.tell_only(showing.carry))
        return showing.out

    def _tell(self, events: list[Event]) -> None:
        for ev in events:
            self.narration.add(ev)

    def tell_only(self, events: list[Event]) -> StepFactory:
        """A step that only tells ``events``, moving nothing."""
        def build(board: Board) -> Step:
            self._tell(events)
            return Step(0.0)
        return build

    def flip(self, ev: Any, carry: list[Event]) -> StepFactory:
        """The stock card turned face up beside the stock (telling ``carry`` with it)."""
        tell = carry + [ev]

        def build(board: Board) -> Step:
            self._tell(tell)
            board.stock = max(0, board.stock - 1)
            board.touch()

            def end(b: Board) -> None:
                b.resting[ev.card] = Loc("stage")
                b.touch()
            return Step(self.pace.flip, ev.seat, [Sprite(ev.card, Loc("stock"), Loc("stage"), flip=True, lift=0.25)],
                        on_end=end)
        return build

    def to_stage(self, seat: int, card: object, carry: list[Event]) -> StepFactory:
        """A played card to the middle, where it waits while its capture is chosen."""
        def build(board: Board) -> Step:
            self._tell(carry)
            src = board.origin_of(seat, card)  # type: ignore[arg-type]

            def end(b: Board) -> None:
                b.resting[card] = Loc("stage")  # type: ignore[index]
                b.touch()
            flip = src.kind == "hand" and seat not in self.face_up
            return Step(self.pace.move, seat, [Sprite(card, src, Loc("stage"), flip=flip, lift=0.3)],  # type: ignore[arg-type]
                        on_end=end)
        return build

    def enter(self, seat: int, card: object, tell: list[Event], capture: Taking | None) -> StepFactory:
        """A card from a hand or the stock to the layout, onto what it captures (``capture``), telling ``tell``."""
        def build(board: Board) -> Step:
            self._tell(tell)
            src = board.origin_of(seat, card)  # type: ignore[arg-type]
            if capture is not None:
                slot = board.slot_of(capture.taken[0])
                dst = Loc("near", index=slot if slot is not None else 0)
            else:
                slot = board.free_slot()
                board.reserved.add(slot)
                dst = Loc("slot", index=slot)

            def end(b: Board) -> None:
                if capture is not None:
                    b.resting[card] = dst  # type: ignore[index]
                else:
                    b.reserved.discard(dst.index)
                    b.slots[dst.index] = card  # type: ignore[assignment]
                b.touch()
            flip = src.kind == "hand" and seat not in self.face_up
            travel = self.pace.move * (HOP if src.kind == "stage" else 1.0)
            return Step(travel, seat, [Sprite(card, src, dst, flip=flip, lift=0.3)], on_end=end)  # type: ignore[arg-type]
        return build

    def glow(self, ev: Taking, triple: bool = False) -> StepFactory:
        """A capture's cards glowing (longer for a triple)."""
        def build(board: Board) -> Step:
            slots = tuple(s for s in (board.slot_of(c) for c in ev.taken) if s is not None)
            at = board.resting.get(ev.card, Loc("stage"))
            banner = _("Three {cards} in one go!").format(cards=_plural(ev.taken[0])) if triple else None
            return Step(self.pace.triple if triple else self.pace.glow, ev.seat,
                        [Sprite(ev.card, at, at, glow=True)], banner=banner, glow_slots=slots)
        return build

    def sweep(self, ev: Taking, told: Event | None = None) -> StepFactory:
        """A capture swept from the layout to its seat's pile, telling ``told`` (the game's own event, when
        ``ev`` stands for it) or ``ev``."""
        def build(board: Board) -> Step:
            self._tell([ev if told is None else told])
            at = board.resting.pop(ev.card, Loc("stage"))
            pile = Loc("pile", ev.seat)
            sprites = [Sprite(ev.card, at, pile)] + _lift_to_pile(board, ev.taken, pile)
            labels = [Label(f"+{ev.points}", at, to=pile)] if ev.points else [Label("+0", at, 0.6)]

            def end(b: Board) -> None:
                b.piles[ev.seat] += 1 + len(ev.taken)
                b.points[ev.seat] += ev.points
                b.touch()
            return Step(self.pace.sweep, ev.seat, sprites, labels, on_end=end)
        return build

    def sweep_glow(self, ev: Any) -> StepFactory:
        """The dealer's four of a kind glowing in the layout."""
        def build(board: Board) -> Step:
            slots = tuple(s for s in (board.slot_of(c) for c in ev.cards) if s is not None)
            return Step(self.pace.triple * 1.3, ev.seat, banner=_("Four {cards}: the dealer sweeps them!").format(
                cards=_plural(ev.cards[0])),
                        glow_slots=slots)
        return build

    def sweep_opening(self, ev: Any) -> StepFactory:
        """The dealer's four of a kind swept to the dealer's pile."""
        def build(board: Board) -> Step:
            self._tell([ev])
            pile = Loc("pile", ev.seat)
            sprites = _lift_to_pile(board, ev.cards, pile)

            def end(b: Board) -> None:
                b.piles[ev.seat] += len(ev.cards)
                b.points[ev.seat] += ev.points
                b.touch()
            return Step(self.pace.sweep * 1.4, ev.seat, sprites, [Label(f"+{ev.points}", Loc("stock"), to=pile)],
                        on_end=end)
        return build


    # ------------------------------------------------------------------ the rarer events of the house rules

    def dead_glow(self, ev: Any) -> StepFactory:
        """A dead layout glowing before it is thrown in."""
        def build(board: Board) -> Step:
            self._tell([ev])
            slots = tuple(s for s in (board.slot_of(c) for c in ev.layout) if s is not None)
            return Step(self.pace.triple * 1.3, ev.seat, banner=_("A dead layout: thrown in and dealt again!"),
                        glow_slots=slots)
        return build

    def throw_in(self, ev: Any, following: tuple[Card, ...] | None) -> StepFactory:
        """The dead layout goes back to the stock and the next layout is dealt (with the hands, at the last)."""
        def build(board: Board) -> Step:
            gone = [Sprite(c, Loc("slot", index=board.slot_of(c) or 0), Loc("stock"), window=(0.0, 0.5))
                    for c in ev.layout if board.slot_of(c) is not None]
            board.slots.clear()
            layout = following
            hands = None
            if layout is None:
                hands = board.held_hands or [[] for _ in range(board.seats)]
                layout = board.held_layout
                board.held_hands, board.held_layout = None, ()
            for i, c in enumerate(layout):
                board.slots[i] = c
            board.touch()
            dealt = [Sprite(c, Loc("stock"), Loc("slot", index=i), flip=True, window=(0.5, 1.0))
                     for i, c in enumerate(layout)]

            def end(b: Board) -> None:
                if hands is not None:
                    b.hands = hands
                b.touch()
            return Step(self.pace.sweep * 2, ev.seat, gone + dealt, on_end=end)
        return build

    def refill(self, ev: Any) -> StepFactory:
        """Cards turned from the stock to refill the layout, with a banner saying so."""
        def build(board: Board) -> Step:
            self._tell([ev])
            count = len(ev.cards)
            windows = [(0.5 * i / max(1, count), 0.5 * i / max(1, count) + 0.5) for i in range(count)]
            sprites, end = _stock_to_slots(board, ev.cards, windows)
            banner = ngettext("{n} card from the stock refills the layout", "{n} cards from the stock refill "
                              "the layout", count).format(n=count)
            return Step(self.pace.flip * 3, ev.seat, sprites, banner=banner, on_end=end)
        return build

    def no_flip(self, ev: Any, carry: list[Event]) -> StepFactory:
        """No card to turn: the stock is empty."""
        def build(board: Board) -> Step:
            self._tell(carry + [ev])
            return Step(self.pace.flip * 2, ev.seat, banner=_("The stock is empty: no card to turn"))
        return build

    def redeal(self, ev: Any, carry: list[Event]) -> StepFactory:
        """Each seat is dealt its new cards from the stock (as the re-deal tells them: face down where the
        table may not see them), one at a time round the table."""
        def build(board: Board) -> Step:
            self._tell(carry + [ev])
            hands: list[list[Card | None]] = [
                list(hand_order([c for c in h if c is not None])) if seat in self.face_up and None not in h else list(h)
                for seat, h in enumerate(ev.hands)]
            hands += [[] for _ in range(board.seats - len(hands))]
            seats = [(ev.first + k) % board.seats for k in range(board.seats)]  # the order the cards fly
            order = [(seat, j) for j in range(ev.each) for seat in seats]
            sprites = []
            total = max(1, len(order))
            for k, (seat, j) in enumerate(order):
                if j >= len(hands[seat]):
                    continue
                card = hands[seat][j]
                start = 0.6 * k / total
                face_up = seat in self.face_up
                sprites.append(Sprite(card, Loc("stock"), Loc("hand", seat, j, len(hands[seat])),
                                      flip=face_up, back=not face_up, window=(start, start + 0.4)))
            board.stock = max(0, board.stock - ev.each * ev.seats)
            board.touch()

            def end(b: Board) -> None:
                for seat, hand in enumerate(hands):
                    b.hands[seat] = hand
                b.touch()
            banner = ngettext("A new deal: {n} more card each", "A new deal: {n} more cards each",
                              ev.each).format(n=ev.each)
            return Step(self.pace.move * 3, None, sprites, banner=banner, on_end=end)
        return build

    def turn_up(self, ev: Any) -> StepFactory:
        """Cards turned from the stock to the layout one after another, each flying as far as a turned card."""
        def build(board: Board) -> Step:
            self._tell([ev])
            count = len(ev.cards)
            windows = [(i / (count + 1), (i + 2) / (count + 1)) for i in range(count)]
            sprites, end = _stock_to_slots(board, ev.cards, windows)
            return Step(self.pace.flip * (count + 1) / 2, ev.seat, sprites, on_end=end)
        return build

    def draw(self, ev: Any, carry: list[Event]) -> StepFactory:
        """The stock's top card to the seat's hand: face up into the bottom seat's hand, in its place there;
        face down (as the seat was told it) into another's."""
        def build(board: Board) -> Step:
            self._tell(carry + [ev])
            hand = board.hands[ev.seat]
            if ev.card is not None and None not in hand:
                after: list[Card | None] = list(hand_order([c for c in hand if c is not None] + [ev.card]))
            else:
                after = [*hand, ev.card]
            index = after.index(ev.card) if ev.card is not None else len(after) - 1
            board.stock = max(0, board.stock - 1)
            board.touch()
            face_up = ev.card is not None and ev.seat in self.face_up
            sprite = Sprite(ev.card if face_up else None, Loc("stock"), Loc("hand", ev.seat, index, len(after)),
                            flip=face_up, back=not face_up, lift=0.15)

            def end(b: Board) -> None:
                b.hands[ev.seat] = after
                b.touch()
            return Step(self.pace.move, ev.seat, [sprite], on_end=end)
        return build

    def passed(self, ev: Any, carry: list[Event]) -> StepFactory:
        """A seat with no cards left passed over: a word rising from its place a moment."""
        def build(board: Board) -> Step:
            self._tell(carry + [ev])
            return Step(self.pace.glow * 2, ev.seat, labels=[Label(_("Passed"), Loc("hand", ev.seat, 0, 1), 0.5)])
        return build

    def target_win(self, winners: Callable[[], str]) -> StepFactory:
        """A step that tells who wins a match decided by the tie score (``winners`` says it, once the deal is in)."""
        def build(board: Board) -> Step:
            self.narration.note(winners)
            return Step(self.pace.triple * 2, None, banner=winners())
        return build


def _stock_to_slots(board: Board, cards: Sequence[Card], windows: Sequence[tuple[float, float]]
                    ) -> tuple[list[Sprite], Callable[[Board], None]]:
    """Sprites turning ``cards`` from the stock into free layout slots (kept for them), each in its part of
    the step, and the end hook that lays them there; the stock is counted down at once."""
    sprites = []
    for c, window in zip(cards, windows, strict=True):
        slot = board.free_slot()
        board.reserved.add(slot)
        sprites.append(Sprite(c, Loc("stock"), Loc("slot", index=slot), flip=True, lift=0.2, window=window))
    board.stock = max(0, board.stock - len(cards))
    board.touch()

    def end(b: Board) -> None:
        for sprite in sprites:
            b.reserved.discard(sprite.dst.index)
            if sprite.card is not None:
                b.slots[sprite.dst.index] = sprite.card
        b.touch()
    return sprites, end


def _plural(card: object) -> str:
    name = {"A": N_("aces"), "J": N_("jacks"), "Q": N_("queens"), "K": N_("kings"), "10": N_("tens"),
            "5": N_("fives")}
    rank = RANK_NAMES[int(card) >> 2]  # type: ignore[call-overload]
    return _(name[rank]) if rank in name else _("{rank}s").format(rank=rank)
