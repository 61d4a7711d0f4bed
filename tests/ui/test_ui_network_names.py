"""A network table's seats are named the same way in every window, its review and History: by the seat's label
and name ("Ann (host)", "Bo (guest 1)", "Guest 2 · Hard"), never by a side of the table."""

from __future__ import annotations

from types import SimpleNamespace

from chinese_ten.i18n import use_language


def test_history_names_a_network_matchs_seats_by_label_and_name() -> None:
    from chinese_ten.ui.scenes.history import seat_names

    use_language("en")
    kept = SimpleNamespace(setup=SimpleNamespace(players=("person", "you", "hard", "computer"),
                                                 names=("Ann", "Bo", "", "Computer (odd)"), seats=4))
    assert seat_names(kept) == ["Ann (host)", "Bo (guest 1)", "Guest 2 · Hard",  # type: ignore[arg-type]
                                "Computer (odd) (guest 3)"]


def test_the_review_of_a_network_deal_names_the_seats_as_the_table_did() -> None:
    from chinese_ten.ui.scenes.review import seat_names

    use_language("en")
    record = {"seats": 3, "players": ["person", "you", "easy"], "names": ["Ann (host)", "Bo (guest 1)", "Guest 2 · Easy"]}
    infos = seat_names(record)
    assert [i.name for i in infos] == ["Ann (host)", "Bo (guest 1)", "Guest 2 · Easy"]
    assert [i.is_person for i in infos] == [False, True, False]


def test_the_names_are_told_in_the_language_in_use() -> None:
    from chinese_ten.ui.network_names import network_seat_name

    try:
        use_language("zh-Hans")
        assert network_seat_name(2, "", "computer", "hard") != "Guest 2 · Hard"
        assert "Bo" in network_seat_name(1, "Bo", "human")
    finally:
        use_language("en")


def test_a_network_deal_reviewed_from_history_names_its_seats_by_label_and_name(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.scenes.history import HistoryScene

    opened: dict[str, object] = {}
    deal = SimpleNamespace(number=1, record={"seats": 2, "players": ["person", "you"]})
    kept = SimpleNamespace(id=7, setup=SimpleNamespace(players=("person", "you"), names=("Ann", "Bo"), seats=2,
                                                       person_seat=1))
    scene = HistoryScene.__new__(HistoryScene)
    scene.app = app
    monkeypatch.setattr(HistoryScene, "_kept_deal", lambda self: deal)
    monkeypatch.setattr(HistoryScene, "selected", kept, raising=False)
    monkeypatch.setattr(app, "open", lambda name, **kw: opened.update(kw))
    scene.review()
    assert opened["record"]["names"] == ["Ann (host)", "Bo (guest 1)"]  # type: ignore[index]
    assert opened["seat"] == 1


def test_a_chat_line_names_who_said_it_by_label_and_name() -> None:
    from chinese_ten.net.follower import ChatLine
    from chinese_ten.ui.table.chat import speaker

    use_language("en")
    assert speaker(ChatLine(0, "Ann", "hi", 1.0)) == "Ann (host)"
    assert speaker(ChatLine(2, "Cy", "gg")) == "Cy (guest 2)"


def test_a_computer_and_a_seat_without_a_name_are_called_as_the_browser_seat_calls_them() -> None:
    from chinese_ten.ui.network_names import network_seat_name, seat_title
    from chinese_ten.web import WEB_ROOT

    use_language("en")
    assert network_seat_name(2, "", "computer", "easy") == "Guest 2 · Easy"
    assert network_seat_name(3, "", "human") == seat_title(3) == "Guest 3" and seat_title(0) == "Host"
    words = (WEB_ROOT / "words.js").read_text(encoding="utf-8")
    assert 'seat === 0 ? _("Host") : format("Guest {number}", { number: seat })' in words, \
        "the browser seat labels a seat with the window's texts"
