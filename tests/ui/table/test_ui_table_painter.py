"""Where the painter puts things: nothing of a seat hides another part of it, piles grow away from the
window's edge, the stock's count shows past a waiting card, and the points fly to the right pile."""

from __future__ import annotations

import pygame
import pytest

from chinese_ten.games.ten.deal import Deal
from chinese_ten.ui.table.animation import Label
from chinese_ten.ui.table.board import Loc
from chinese_ten.ui.table.games.ten import TABLE as TEN
from chinese_ten.ui.scenes.choice import ChoiceScene
from chinese_ten.ui.table.choreography import Choreographer, Pace
from chinese_ten.ui.table.geometry import table_geometry
from chinese_ten.ui.table.narration import Narration
from chinese_ten.games.ten.events import Captured

from uiharness import play_until

SIZES = [(960, 600), (1280, 800), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_dealer_chip_covers_no_words_of_any_seat(make_table, size: tuple[int, int], seats: int) -> None:  # type: ignore[no-untyped-def]
    _app, ctl, scene = make_table(seats=seats)
    surface = pygame.Surface(size)
    geom = table_geometry(size, seats)
    for dealer in range(1, seats):
        ctl.session.deal = Deal.from_seed(seats, 1, dealer=dealer)
        ctl.board = TEN.dealt_board(ctl.session.deal)
        placed = scene.painter.seats(surface, geom, ctl, frozenset())
        chip = placed[dealer]["dealer"]
        assert not chip.colliderect(placed[dealer]["left"]), f"the chip hides the cards-left count of {dealer}"
        assert not chip.colliderect(placed[dealer]["name"])
        assert geom.seats[dealer].plate.inflate(8, 6).contains(chip), "the chip stays on the name plate"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [2, 4])
def test_a_full_pile_neither_covers_its_caption_nor_creeps_to_the_edge(make_table, size: tuple[int, int],
                                                                      seats: int) -> None:  # type: ignore[no-untyped-def]
    _app, ctl, scene = make_table(seats=seats)
    surface = pygame.Surface(size)
    geom = table_geometry(size, seats)
    for place in geom.seats:
        empty = scene.painter.pile(surface, place.pile, 0, geom)
        full = scene.painter.pile(surface, place.pile, 40, geom)
        assert not full["pile"].colliderect(full["caption"]), f"seat {place.seat}'s pile covers 'taken'"
        assert full["caption"] == empty["caption"], "the caption stays put as the pile grows"
        assert full["pile"].left >= place.pile.left, "the pile grows away from the window's left edge"
        assert surface.get_rect().contains(full["pile"]) and surface.get_rect().contains(full["caption"])


def test_the_stock_count_shows_below_a_card_waiting_for_a_choice(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=2, seed=3)
    assert play_until(app, lambda: isinstance(app.top(), ChoiceScene))
    assert ctl.board.resting, "a card waits on the stage"
    app.draw()
    geom = scene.geom()
    count = scene.painter.stock_count(pygame.Surface(app.surface.get_size()), geom, ctl.board.stock)
    assert not count.colliderect(geom.stage), "the waiting card would hide the count"
    assert not any(count.colliderect(geom.slots[s]) for s in ctl.board.slots)
    spot = (count.left + 2, count.centery)
    assert app.surface.get_at(spot)[:3] == (0, 0, 0), "the count's pill is drawn on top"


def test_the_points_of_a_capture_fly_to_the_capturing_seats_pile(make_table) -> None:  # type: ignore[no-untyped-def]
    _app, ctl, scene = make_table(seats=4)
    board = ctl.board
    target = next(iter(board.slots.values()))
    capture = Captured(2, target, (target,), 10, "play")
    steps = Choreographer(Narration(ctl.names), Pace(), frozenset({0})).steps_for([capture])
    board.resting[target] = Loc("near", index=0)
    sweep = steps[-1](board)
    assert [label.to for label in sweep.labels] == [Loc("pile", 2)]
    geom = scene.geom()
    pile = geom.seats[2].pile
    surface = pygame.Surface(geom.size)
    start = scene.painter.label(surface, geom, sweep.labels[0], 0.05)
    end = scene.painter.label(surface, geom, sweep.labels[0], 0.95)

    def far(r: pygame.Rect) -> float:
        return ((r.centerx - pile.centerx) ** 2 + (r.centery - pile.centery) ** 2) ** 0.5

    assert far(end) < far(start) / 3, "the +10 ends by North's pile"
    assert isinstance(sweep.labels[0], Label)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("review", [False, True])
def test_a_side_seats_words_stay_on_its_name_plate(make_table, size: tuple[int, int], seats: int,
                                                   review: bool) -> None:  # type: ignore[no-untyped-def]
    _app, ctl, scene = make_table(seats=seats)
    surface = pygame.Surface(size)
    if review:  # the review's table: a wider panel, a strip below, the hands face up
        geom = table_geometry((size[0], size[1] * 7 // 8), seats, open_hands=True, panel_width=300)
    else:
        geom = table_geometry(size, seats)
    placed = scene.painter.seats(surface, geom, ctl, frozenset())
    for place in geom.seats[1:]:
        plate = place.plate.inflate(8, 6)
        assert plate.contains(placed[place.seat]["name"]), f"seat {place.seat}'s name leaves its plate at {size}"
        assert plate.contains(placed[place.seat]["left"]), f"seat {place.seat}'s cards left leave its plate at {size}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("long", [False, True])
def test_a_short_message_covers_neither_the_seats_name_nor_the_key_tops(make_table, size: tuple[int, int],
                                                                       long: bool) -> None:  # type: ignore[no-untyped-def]
    from uiharness import key_event, run_frames

    app, ctl, scene = make_table(seats=4, seed=1)
    app.surface = pygame.Surface(size)
    assert run_frames(app, lambda: ctl.person_to_play)
    app.frame(1 / 60, [key_event(pygame.K_RIGHT)])  # the keyboard in use: key tops, and a raised card
    assert scene.card_keys() and scene.hover is not None
    scene.say("Turn taken back; the stock is unchanged, so the same cards turn up. This match is now practice."
              if long else "Hint: play 4♥.")
    scene.draw(app.surface)
    toast = scene.painter.toast_rect
    assert toast.width > 0
    assert not toast.colliderect(scene.painter.name_rect), "the message leaves the seat's name in sight"
    caps = scene.painter.key_caps
    assert caps and not any(toast.colliderect(cap) for cap in caps), "the message leaves every key top in sight"


@pytest.mark.parametrize("size", SIZES)
def test_the_raised_cards_key_top_stays_below_the_advice_line(make_table, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    from uiharness import key_event, run_frames

    app, ctl, scene = make_table(seats=2, seed=1)
    app.surface = pygame.Surface(size)
    assert run_frames(app, lambda: ctl.person_to_play)
    app.frame(1 / 60, [key_event(pygame.K_RIGHT)])  # the keyboard in use: key tops, and a raised card
    assert scene.hover is not None
    scene.draw(app.surface)
    caps = scene.painter.key_caps
    hint = scene.geom().hint
    assert len(caps) == len(scene.card_keys())
    assert not any(cap.colliderect(hint) for cap in caps), "a key top covers the line above the hand"


class _Seen:
    """A table's view with other names at its seats and another dealer."""

    def __init__(self, ctl, infos, dealer: int) -> None:  # type: ignore[no-untyped-def]
        self._ctl, self.infos, self.dealer = ctl, infos, dealer

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        return getattr(self._ctl, name)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [3, 4])
def test_a_friends_tables_names_and_dealer_chip_stay_whole_on_their_plates(make_table, size: tuple[int, int],
                                                                           seats: int) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.table.controller import SeatInfo

    _app, ctl, scene = make_table(seats=seats)
    surface = pygame.Surface(size)
    geom = table_geometry(size, seats)
    infos = [SeatInfo("Bob (guest 1)", None), SeatInfo("Guest 2 · Easy", "easy", "Computer"),
             SeatInfo("Carol (guest 3)", "person"), SeatInfo("Ann (host)", "person", "offline", notice=True)][:seats]
    drawn: list[str] = []
    real = scene.painter.kit.text.line
    scene.painter.kit.text.line = lambda text, *a, **k: drawn.append(text) or real(text, *a, **k)  # type: ignore[method-assign]
    for dealer in range(seats):
        drawn.clear()
        placed = scene.painter.seats(surface, geom, _Seen(ctl, infos, dealer), frozenset())
        for place in geom.seats[1:]:
            plate = place.plate.inflate(8, 6)
            where = placed[place.seat]
            assert plate.contains(where["name"]) and plate.contains(where["left"]), (size, place.seat)
            if place.seat == dealer:
                assert plate.contains(where["dealer"]), f"the dealer's chip leaves seat {dealer}'s plate at {size}"
        assert not [t for t in drawn if t.endswith("…")], f"a name is cut at {size}: {drawn}"
        assert "Easy" in " ".join(drawn), "the strength is shown, on the name's line or the one below"
