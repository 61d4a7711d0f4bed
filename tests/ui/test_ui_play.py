"""A whole deal played as the person, through posted mouse and keyboard events."""

from __future__ import annotations

import pygame

from chinese_ten.games.ten.turns import Phase
from chinese_ten.ui.scenes.choice import ChoiceScene
from chinese_ten.ui.table.choreography import Pace
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.table.geometry import hand_rects
from chinese_ten.ui.scenes.match import MatchScene
from chinese_ten.ui.table.live import TableScene

from uiharness import run_frames


def _click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def _key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def _person_waits(app, ctl) -> bool:  # type: ignore[no-untyped-def]
    return ctl.person_to_play or isinstance(app.top(), (ChoiceScene, CountScene))


def test_a_whole_deal_by_mouse_reaches_the_count_and_the_match_result(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=3, seed=11, length="one")
    choices = 0
    plays = 0
    for _ in range(200):
        assert run_frames(app, lambda: _person_waits(app, ctl)), "the table never waited for the person"
        top = app.top()
        if isinstance(top, CountScene):
            break
        if isinstance(top, ChoiceScene):
            card, cands = ctl.person_choice
            geom = scene.geom()
            slot = ctl.board.slot_of(cands[-1])
            _click(geom.slots[slot].center)
            run_frames(app, lambda: ctl.person_choice is None)
            choices += 1
            continue
        hand = list(ctl.board.hands[0])
        assert len(hand) == len(ctl.session.deal.hand(0)), "the hand shown is the hand held"
        assert scene.hint_text().startswith(("Your turn", "Pick")) or scene.hovered_card() is not None
        rects = hand_rects(scene.geom(), len(hand))
        target = hand[-1]
        _click(rects[-1].center)
        app.frame(1 / 60)
        plays += 1
        assert target not in ctl.session.deal.hand(0)
        run_frames(app, lambda: not ctl.busy or ctl.narration.entries)
        run_frames(app, lambda: any(e.startswith(f"You played {target.pretty}") for e in ctl.narration.entries))
    assert isinstance(app.top(), CountScene)
    assert ctl.session.deal.phase is Phase.OVER
    assert plays == 8
    assert ctl.board.stock == 0 and not ctl.board.slots
    assert sum(ctl.board.piles) == 52 - sum(0 for _ in ())
    assert ctl.board.points == list(ctl.session.deal.points)
    app.draw()
    _key(pygame.K_RETURN)
    app.frame(1 / 60)
    assert isinstance(app.top(), MatchScene)
    assert ctl.match.is_over
    app.draw()
    _key(pygame.K_RETURN)
    app.frame(1 / 60)
    assert isinstance(app.top(), TableScene) and app.top() is not scene, "New match starts a fresh table"


def test_playing_out_of_turn_says_whose_turn_it_is(make_table) -> None:  # type: ignore[no-untyped-def]
    slow_thinker = Pace(move=0.5, flip=0.5, glow=0.5, sweep=0.5, triple=0.5, pause=30.0)
    app, ctl, scene = make_table(seats=2, seed=3, length="one", pace=slow_thinker)
    assert run_frames(app, lambda: ctl.person_to_play)
    rects = hand_rects(scene.geom(), len(ctl.board.hands[0]))
    _click(rects[0].center)
    app.frame(1 / 60)
    assert len(ctl.session.deal.hand(0)) == len(rects) - 1
    assert run_frames(app, lambda: ctl.busy)
    hand_before = list(ctl.session.deal.hand(0))
    for _ in range(6):  # each click finishes the movement being shown, and plays nothing
        if not ctl.busy and ctl.session.deal.to_move == 1:
            break
        if isinstance(app.top(), ChoiceScene):
            _key(pygame.K_RETURN)
        else:
            _click(hand_rects(scene.geom(), len(ctl.board.hands[0]))[0].center)
        app.frame(1 / 60)
        assert list(ctl.session.deal.hand(0)) == hand_before
    assert not ctl.busy and ctl.session.deal.to_move == 1
    _click(hand_rects(scene.geom(), len(ctl.board.hands[0]))[0].center)
    app.frame(1 / 60)
    assert "North" in scene.toast_text


def test_hovering_a_card_shows_what_it_takes(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=2, seed=5, length="one")
    assert run_frames(app, lambda: ctl.person_to_play)
    rects = hand_rects(scene.geom(), len(ctl.board.hands[0]))
    for i, r in enumerate(rects):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(r.left + 3, r.centery), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        app.frame(1 / 60)
        card = ctl.board.hands[0][i]
        text = scene.hint_text()
        assert text.startswith(card.pretty)
        if not ctl.session.deal.candidates(card):
            assert "takes nothing" in text
        else:
            assert "+" in text


def test_keyboard_plays_a_card(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=4, seed=8, length="one")
    assert run_frames(app, lambda: ctl.person_to_play)
    before = len(ctl.session.deal.hand(0))
    _key(pygame.K_RIGHT)
    _key(pygame.K_RIGHT)
    app.frame(1 / 60)
    second = ctl.board.hands[0][1]
    assert scene.hint_text().startswith(second.pretty), "keyboard focus previews like pointing"
    _key(pygame.K_RETURN)
    app.frame(1 / 60)
    assert len(ctl.session.deal.hand(0)) == before - 1
    assert second not in ctl.session.deal.hand(0)


def test_a_capture_choice_waits_for_the_person(make_table) -> None:  # type: ignore[no-untyped-def]
    for seed in range(60):
        app, ctl, scene = make_table(seats=2, seed=seed, length="one")
        assert run_frames(app, lambda: ctl.person_to_play)
        hand = ctl.board.hands[0]
        choosy = [c for c in hand if ctl.session.deal.candidates(c) and ctl.session.deal.choice_matters(c)]
        if not choosy:
            continue
        scene.try_play(hand.index(choosy[0]))
        assert run_frames(app, lambda: isinstance(app.top(), ChoiceScene))
        for _ in range(30):
            app.frame(1 / 60)
        assert ctl.session.deal.phase is Phase.CHOOSE, "the game waits for the pick"
        _click(hand_rects(scene.geom(), len(ctl.board.hands[0]))[0].center)
        app.frame(1 / 60)
        assert "pick" in scene.toast_text.lower()
        _key(pygame.K_RETURN)
        app.frame(1 / 60)
        assert ctl.session.deal.phase is not Phase.CHOOSE
        return
    raise AssertionError("no seed gave the person a choice to make")
