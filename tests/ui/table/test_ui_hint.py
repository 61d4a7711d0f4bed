"""The hint: the Hard player's choice for the person's turn, shown without playing it."""

from __future__ import annotations

import pygame

from uiharness import click_event, key_event, run_frames


def test_a_hint_focuses_the_advised_card_without_playing_it(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=3, seed=4, length="one")
    assert run_frames(app, lambda: ctl.person_to_play)
    hand_before = ctl.session.deal.hand(0)
    turns_before = len(ctl.session.deal.turns)
    app.frame(1 / 60, [key_event(pygame.K_a)])
    assert run_frames(app, lambda: scene.toast_text.startswith("Hint:"), limit=600)
    focused = scene.hovered_card()
    assert focused is not None and focused in hand_before
    assert focused.pretty in scene.toast_text
    assert ctl.session.deal.hand(0) == hand_before and len(ctl.session.deal.turns) == turns_before
    assert ctl.person_to_play and not ctl.hint_pending
    # Enter now plays the advised card
    app.frame(1 / 60, [key_event(pygame.K_RETURN)])
    assert focused not in ctl.session.deal.hand(0)


def test_the_hint_button_and_a_hint_out_of_turn(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=2, seed=9, length="one")
    assert run_frames(app, lambda: ctl.person_to_play)
    scene.place_buttons()
    app.frame(1 / 60, [click_event(scene.hint_button.rect.center)])
    assert run_frames(app, lambda: scene.toast_text.startswith("Hint:"), limit=600)
    before = len(ctl.session.deal.hand(0))
    app.frame(1 / 60, [key_event(pygame.K_RETURN)])
    assert len(ctl.session.deal.hand(0)) == before - 1
    assert not ctl.person_to_play
    scene.say("")
    app.frame(1 / 60, [key_event(pygame.K_a)])
    assert scene.toast_text and not scene.toast_text.startswith(("Hint:", "Thinking"))


def test_a_hint_that_names_one_of_two_candidates_lights_only_that_one(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.games.ten.players import Decision

    def two_cards_with_a_choice(hand) -> bool:  # type: ignore[no-untyped-def]
        return sum(1 for c in hand if len(ctl.session.deal.candidates(c)) > 1) >= 2

    for seed in range(1, 200):
        app, ctl, scene = make_table(seats=2, seed=seed)
        assert run_frames(app, lambda: ctl.person_to_play)
        if two_cards_with_a_choice(ctl.board.hands[0]):
            break
    else:
        raise AssertionError("no deal opens with two cards that each have a choice")
    hand = ctl.board.hands[0]
    index, card = next((i, c) for i, c in enumerate(hand) if len(ctl.session.deal.candidates(c)) > 1)
    named = ctl.session.deal.candidates(card)[-1]
    scene.advice = Decision(card, named)
    scene.keyboard, scene.hover = True, index
    assert scene.lit()[0] == (named,), "only the card the hint names is lit"
    other = next(i for i, c in enumerate(hand) if c != card and len(ctl.session.deal.candidates(c)) > 1)
    scene.hover = other
    assert scene.lit()[0] == ctl.session.deal.candidates(hand[other]), "another card lights all it could take"


def test_a_hint_in_the_capture_choice_focuses_the_take_it_names(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.scenes.choice import ChoiceScene

    for seed in range(1, 300):
        app, ctl, scene = make_table(seats=2, seed=seed)
        assert run_frames(app, lambda: ctl.person_to_play)
        card = next((c for c in ctl.session.deal.hand(0) if ctl.session.deal.choice_matters(c)), None)
        if card is not None:
            break
    else:
        raise AssertionError("no deal opens with a card that has a choice")
    ctl.play(card)
    assert run_frames(app, lambda: isinstance(app.top(), ChoiceScene))
    choice = app.top()
    cands = choice.candidates
    choice.focus = (choice.focus + 1) % len(cands)  # away from where the hint may point
    app.frame(1 / 60, [key_event(pygame.K_a)])
    assert run_frames(app, lambda: scene.toast_text.startswith("Hint: take"), limit=600)
    named = scene.advice.take
    assert named in cands and named.pretty in scene.toast_text
    assert choice.focused_card == named and scene.lit()[2] == named, "the named card has the focus and the light"
    assert app.top() is choice and ctl.session.deal.pending is not None, "the hint chose nothing"
    app.frame(1 / 60, [key_event(pygame.K_RETURN)])
    assert named in ctl.session.deal.pile(0)


def test_the_hint_button_works_in_the_capture_choice(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.scenes.choice import ChoiceScene

    for seed in range(1, 300):
        app, ctl, scene = make_table(seats=2, seed=seed)
        assert run_frames(app, lambda: ctl.person_to_play)
        card = next((c for c in ctl.session.deal.hand(0) if ctl.session.deal.choice_matters(c)), None)
        if card is not None:
            break
    ctl.play(card)
    assert run_frames(app, lambda: isinstance(app.top(), ChoiceScene))
    scene.place_buttons()
    app.frame(1 / 60, [click_event(scene.hint_button.rect.center)])
    assert run_frames(app, lambda: scene.toast_text.startswith("Hint: take"), limit=600)
    assert app.top().focused_card == scene.advice.take


def test_a_hint_asked_with_the_mouse_leaves_the_key_badges_off(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=2, seed=9, length="one")
    assert run_frames(app, lambda: ctl.person_to_play)
    scene.place_buttons()
    assert scene.card_keys() == []
    app.frame(1 / 60, [click_event(scene.hint_button.rect.center)])
    assert run_frames(app, lambda: scene.toast_text.startswith("Hint:"), limit=600)
    assert scene.hovered_card() is not None, "the advised card is still raised"
    assert scene.card_keys() == [], "no key badges for a person using the mouse"


def test_a_hint_asked_with_the_a_key_shows_the_key_badges(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=2, seed=9, length="one")
    assert run_frames(app, lambda: ctl.person_to_play)
    app.frame(1 / 60, [key_event(pygame.K_a)])
    assert run_frames(app, lambda: scene.toast_text.startswith("Hint:"), limit=600)
    assert scene.card_keys(), "the keyboard is in use"


def test_a_hint_tells_its_reason_from_hards_figures_in_the_list_of_turns(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, scene = make_table(seats=3, seed=4, length="one")
    assert run_frames(app, lambda: ctl.person_to_play)
    app.frame(1 / 60, [key_event(pygame.K_a)])
    assert run_frames(app, lambda: scene.toast_text.startswith("Hint:"), limit=600)
    basis = scene.advice.basis
    assert basis is not None and basis.best.play == str(scene.advice.play)
    assert scene.advice.reason and scene.advice.reason == basis.reason
    assert ctl.narration.entries[-1] == f"{scene.toast_text} {basis.reason}"
    assert basis.best.words in basis.reason, "the reason names the hinted card"


def test_a_hints_reason_in_the_list_of_turns_is_told_again_in_a_new_language(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten import i18n

    app, ctl, scene = make_table(seats=3, seed=4, length="one")
    assert run_frames(app, lambda: ctl.person_to_play)
    app.frame(1 / 60, [key_event(pygame.K_a)])
    assert run_frames(app, lambda: scene.toast_text.startswith("Hint:"), limit=600)
    english = ctl.narration.entries[-1]
    try:
        app.change_settings(language="zh-Hans")
        told = ctl.narration.entries[-1]
        assert told != english and "Hint" not in told
        assert told == i18n._("{hint} {reason}").format(
            hint=i18n._("Hint: play {card}.").format(card=scene.advice.play.pretty)
            if scene.advice.take is None else
            i18n._("Hint: play {card} and take {target}.").format(card=scene.advice.play.pretty,
                                                               target=scene.advice.take.pretty),
            reason=scene.advice.reason)
    finally:
        app.change_settings(language="en")
    assert ctl.narration.entries[-1] == english
    ctl.stop()


def test_a_hint_to_take_a_triple_names_all_three_cards() -> None:
    from chinese_ten.cards import Card
    from chinese_ten.engine.judging import Figures, HintBasis, HintOption
    from chinese_ten.games.ten.deal import Action
    from chinese_ten.ui.table.games import table_game

    c = Card.parse
    advice = table_game("ten").advice(Action.play("KD", "KH"), None, True)
    assert advice is not None and advice.sets == ((c("KH"),),), "the action names one king"
    triple = HintOption.of(c("KD"), [[c("KH")], [c("KS")], [c("KC")]], 30.0, Figures(40.0, 0.0, 0.0))
    other = HintOption.of(c("2S"), [], 20.0, Figures(0.0, 0.0, 0.0))
    told = advice.measured(HintBasis(triple, other))
    assert told.sets == ((c("KH"),), (c("KS"),), (c("KC"),)) and told.basis is not None
    assert "K♥ K♠ K♣" in told.reason, "the reason names all three too"
