"""Deal numbers in the window: --deal deals its number first, Play deal number… and Play this deal again deal
exactly those cards at a practice match, and kept deals carry their numbers in ``history --json``."""

from __future__ import annotations

import json
import random

import pygame
import pytest

from chinese_ten.cli import main
from chinese_ten.engine.streams import deal_number
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games import game_named
from chinese_ten.matchstore import open_store
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.keeper import Keeper
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.scenes.deal_number import DealNumberScene, read_deal_number
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.table.live import TableScene

from conftest import QUICK
from uiharness import key_event, run_frames


def _table(app: App) -> TableController:
    top = app.top()
    assert isinstance(top, TableScene)
    return top.ctl


def _dealt_again(ctl: TableController, number: int) -> bool:
    deal = ctl.session.deal
    again = ctl.game.deal(ctl.seats, random.Random(number), deal.dealer, ctl.match.rules)
    return bool(again.initial == deal.initial)


@pytest.mark.parametrize("game", ["ten", "fishing"])
def test_the_first_match_of_a_run_with_deal_deals_that_number(window: pygame.Surface, game: str) -> None:
    app = App(window, Settings().replace(game=game), None, None, ComputerThinker(force_inline=True))
    app.first_number = 987654321
    app.start_match()
    ctl = _table(app)
    assert ctl.session.shuffle_number == 987654321 and _dealt_again(ctl, 987654321)
    assert not ctl.practice, "a match started from --deal is a match like another"
    app.start_match()
    assert _table(app).session.shuffle_number != 987654321, "only the first match of the run"


@pytest.mark.parametrize("game", ["ten", "fishing"])
def test_play_deal_number_deals_the_number_typed_at_a_practice_match(window: pygame.Surface, game: str) -> None:
    app = App(window, Settings().replace(game=game), None, None, ComputerThinker(force_inline=True))
    app.open("start")
    app.frame(1 / 60, [key_event(pygame.K_n)])  # N on the start screen, as the button in its corner
    dialog = app.top()
    assert isinstance(dialog, DealNumberScene)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="n"))  # the N that opened it types nothing
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="12 345"))
    app.frame(1 / 60)
    app.frame(1 / 60, [key_event(pygame.K_RETURN)])
    ctl = _table(app)
    assert ctl.session.shuffle_number == 12345 and _dealt_again(ctl, 12345)
    assert ctl.practice and ctl.match.total_deals == 1


def test_the_start_screens_corner_button_opens_play_deal_number(window: pygame.Surface) -> None:
    from chinese_ten.ui.scenes.start import StartScene

    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    app.open("start")
    app.frame(1 / 60)
    start = app.top()
    assert isinstance(start, StartScene) and start.deal_button.rect.right <= window.get_width()
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start.deal_button.rect.center)])
    assert isinstance(app.top(), DealNumberScene)
    app.frame(1 / 60, [key_event(pygame.K_ESCAPE)])
    assert app.top() is start


def test_a_deal_number_typed_wrong_is_refused_in_the_dialog(window: pygame.Surface) -> None:
    assert read_deal_number(" 9007199254740991 ") == 2 ** 53 - 1
    assert [read_deal_number(t) for t in ("", "-1", "9007199254740992", "1.5", "十")] == [None] * 5
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    app.open("start")
    app.open("deal-number")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x"))
    app.frame(1 / 60)
    dialog = app.top()
    assert isinstance(dialog, DealNumberScene) and dialog.field.text == "", "a number field takes digits alone"
    app.frame(1 / 60, [key_event(pygame.K_RETURN)])
    dialog = app.top()
    assert isinstance(dialog, DealNumberScene) and "0 to 9007199254740991" in dialog.problem


@pytest.mark.parametrize("game", ["ten", "fishing"])
def test_play_this_deal_again_at_the_count_deals_the_same_cards_as_practice(window: pygame.Surface,
                                                                            game: str) -> None:
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    seats = 3
    ctl = TableController(seats, "easy", "one", seed=21, pace=QUICK, person=False, thinker=app.thinker, deals=1,
                          game=game, seat=1)
    app.replace(TableScene(app, ctl))
    assert run_frames(app, lambda: isinstance(app.top(), CountScene), limit=40000)
    count = app.top()
    assert isinstance(count, CountScene) and "again" in [b.action for b in count.buttons]
    first = ctl.session.deal.initial, ctl.session.deal.dealer, ctl.session.shuffle_number
    count.play_again()
    again = _table(app)
    assert again is not ctl and again.practice and again.match.total_deals == 1
    assert (again.session.deal.initial, again.session.deal.dealer, again.session.shuffle_number) == first
    assert again.game.name == game and again.seats == seats and again.local == 1


def test_kept_deals_carry_their_deal_numbers_in_history_json(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    keeper = Keeper(open_store(tmp_path))
    ctl = TableController(2, "easy", "fixed", seed=8, pace=QUICK, person=False,
                          thinker=ComputerThinker(force_inline=True), deals=2)
    ctl.resume({"first_number": 4242})
    keeper.watch(ctl)
    for _ in range(40000):
        if ctl.match.is_over:
            break
        if ctl.deal_finished:
            ctl.next_deal()
        ctl.update(1 / 30)
    assert ctl.match.is_over
    keeper.close()
    assert main(["--data-dir", str(tmp_path), "history", "--json"]) == 0
    (match,) = json.loads(capsys.readouterr().out)["matches"]
    numbers = [d["deal_number"] for d in match["deals"]]
    assert numbers == [4242, deal_number(8, 1)] == [d["record"]["deal_number"] for d in match["deals"]]
    assert [d["record"]["deal_in_match"] for d in match["deals"]] == [1, 2]
    spec = game_named("ten")
    for d in match["deals"]:
        record = d["record"]
        dealt = spec.deal(2, random.Random(record["deal_number"]), record["dealer"], ctl.match.rules)
        assert spec.record_of(dealt)["hands"] == record["hands"]


def test_play_this_deal_again_in_history_deals_the_kept_deal_as_practice(window: pygame.Surface, tmp_path) -> None:
    from chinese_ten.ui.scenes.history import HistoryScene

    keeper = Keeper(open_store(tmp_path))
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True), keeper)
    ctl = TableController(3, "easy", "fixed", seed=6, pace=QUICK, person=False, thinker=app.thinker, deals=2, seat=2)
    keeper.watch(ctl)
    dealt = []
    for _ in range(40000):
        if ctl.match.is_over:
            break
        if ctl.deal_finished:
            if len(dealt) < ctl.deal_number:
                dealt.append((ctl.session.deal.initial, ctl.session.deal.dealer, ctl.session.shuffle_number))
            ctl.next_deal()
        ctl.update(1 / 30)
    dealt.append((ctl.session.deal.initial, ctl.session.deal.dealer, ctl.session.shuffle_number))
    app.open("start")
    app.open("history")
    history = app.top()
    assert isinstance(history, HistoryScene)
    app.frame(1 / 60, [key_event(pygame.K_RIGHT)])  # the second deal
    app.frame(1 / 60, [key_event(pygame.K_a)])
    again = _table(app)
    assert again.practice and again.match.total_deals == 1 and again.seats == 3
    assert (again.session.deal.initial, again.session.deal.dealer, again.session.shuffle_number) == dealt[1]
    keeper.close()


def test_play_deal_number_asks_before_it_counts_an_unfinished_match_as_abandoned(window: pygame.Surface,
                                                                                 tmp_path) -> None:
    from chinese_ten.ui.stakes import AbandonForDealScene
    from chinese_ten.ui.scenes.start import StartScene

    keeper = Keeper(open_store(tmp_path))
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True), keeper)
    app.start_match()
    ctl = _table(app)
    assert run_frames(app, lambda: ctl.person_to_play)
    ctl.play(ctl.session.deal.hand(ctl.person_seat)[0])  # type: ignore[arg-type]
    assert run_frames(app, lambda: not ctl.busy and keeper.unfinished() is not None)
    keeper.save()
    app.show("start")
    for answer, kept in ((pygame.K_RETURN, True), (pygame.K_TAB, False)):
        app.open("deal-number")
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="4242"))
        app.frame(1 / 60)
        app.frame(1 / 60, [key_event(pygame.K_RETURN)])
        question = app.top()
        assert isinstance(question, AbandonForDealScene), "asked, as New match asks"
        assert "will count as abandoned" in question.detail()
        if answer == pygame.K_TAB:
            app.frame(1 / 60, [key_event(pygame.K_TAB)])
        app.frame(1 / 60, [key_event(pygame.K_RETURN)])
        if kept:
            assert isinstance(app.top(), StartScene) and keeper.unfinished() is not None, "Keep playing keeps it"
    assert _table(app).session.shuffle_number == 4242
    keeper.close()


def test_a_sign_or_a_point_typed_in_the_number_box_is_said_not_dropped_unseen(window: pygame.Surface) -> None:
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    app.open("start")
    app.frame(1 / 60, [key_event(pygame.K_n)])
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="n"))  # the N that opened it: nothing to say
    app.frame(1 / 60)
    dialog = app.top()
    assert isinstance(dialog, DealNumberScene) and dialog.problem == ""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="-"))
    app.frame(1 / 60)
    assert dialog.field.text == "" and "a whole number from 0 to" in dialog.problem
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="5"))
    app.frame(1 / 60)
    assert dialog.field.text == "5" and dialog.problem == ""


@pytest.mark.parametrize(("game", "seats", "preset"), [("ten", 2, "classic"), ("ten", 3, "taiwan"), ("fishing", 4, None)])
def test_a_simulator_records_deal_number_deals_the_same_cards_by_the_same_dealer_on_every_path(
        window: pygame.Surface, tmp_path, game: str, seats: int, preset: str | None) -> None:
    from chinese_ten.engine.simulate import simulate
    from chinese_ten.games.ten.rules import RuleSet
    from chinese_ten.ui.launch import DemoOptions

    spec = game_named(game)
    rules = RuleSet.of(preset) if preset else spec.default_rules
    simulate(spec, seats, seats, ["random"], seed=11, records=tmp_path, rules=rules)
    records = [json.loads(p.read_text()) for p in sorted(tmp_path.glob("deal-*.json"))]
    assert len(records) == seats
    settings = Settings().replace(game=game, computers=seats - 1, house_rules={"ten": preset or "classic"})
    for record in records:
        number, wanted = record["deal_number"], (record["hands"], record["dealer"])
        paths: dict[str, TableController] = {}
        app = App(window, settings, None, None, ComputerThinker(force_inline=True))
        app.play_deal(number)  # Play deal number…
        paths["Play deal number…"] = _table(app)
        app.first_number = number  # the bare command's --deal N
        app.start_match()
        paths["--deal N"] = _table(app)
        demo = App(window, settings, None, DemoOptions(seats=seats, game=game, rules=RuleSet.of(preset or "classic"),
                                                       deal=number, deals=1), ComputerThinker(force_inline=True))
        demo.start_match()  # demo --deal N
        paths["demo --deal N"] = _table(demo)
        for path, ctl in paths.items():
            dealt = spec.record_of(ctl.session.deal)
            assert (dealt["hands"], dealt["dealer"]) == wanted, f"{path} deals deal number {number} otherwise"


def test_simulate_without_duplicate_moves_the_players_round_so_each_leads_in_turn(tmp_path) -> None:
    from chinese_ten.engine.simulate import simulate

    simulate(game_named("ten"), 3, 3, ["easy", "normal", "random"], seed=4, records=tmp_path)
    records = [json.loads(p.read_text()) for p in sorted(tmp_path.glob("deal-*.json"))]
    leaders = [r["result"]["players"][r["turns"][0]["seat"]] for r in records]
    assert sorted(leaders) == ["easy", "normal", "random"]
