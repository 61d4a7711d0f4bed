"""``history``, ``stats`` and ``--data-dir`` on the command line, as INTERFACE.md gives them."""

from __future__ import annotations

import json
import random

from chinese_ten.cli import main
from chinese_ten.games.ten.deal import Deal
from chinese_ten.matchstore import MatchSetup, open_store
from chinese_ten.engine.records import read_record_file
from chinese_ten.engine.scores import as_number
from chinese_ten.games.ten.record import record_of, replay

SETUP = MatchSetup(seats=2, strength="normal", players=("you", "normal"), person=True, rules="classic",
                   preset="classic", length={"kind": "one", "deals": 0}, total_deals=1, seed="3")


def run(capsys, *argv):  # type: ignore[no-untyped-def]
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _played_deal(seed: int) -> Deal:
    deal = Deal.from_seed(2, seed)
    rng = random.Random(seed)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def _keep(folder, seeds: list[int], unfinished: bool = True) -> list[Deal]:  # type: ignore[no-untyped-def]
    """Matches of one deal each, finished, then one left unfinished after one move."""
    opened = open_store(folder)
    store = opened.store
    deals = []
    for seed in seeds:
        deal = _played_deal(seed)
        deals.append(deal)
        match_id = store.begin(SETUP, {"deals": [[]]})
        margins = [float(m) for m in deal.exact_margins]
        store.finish_deal(match_id, 1, record_of(deal), margins, margins[0], margins, {})
        store.finish_match(match_id, "won" if margins[0] > 0 else "lost" if margins[0] < 0 else "shared")
    if unfinished:
        store.begin(SETUP, {"deals": [["play 7D"]], "turns": 0})
    opened.close()
    return deals


def test_history_json_lists_the_kept_matches_newest_first_and_the_unfinished_one(capsys, tmp_path) -> None:
    deals = _keep(tmp_path, [1, 2])
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "history", "--json")
    assert code == 0 and not err
    data = json.loads(out)
    assert data["unfinished"] == {**data["unfinished"], "seats": 2, "rules": "classic", "deal": 1, "deals": 1,
                                  "turns": 0}
    first = data["matches"][0]
    assert {"started", "seats", "rules", "players", "totals", "finished", "deals"} <= set(first)
    assert first["players"] == ["you", "normal"] and first["finished"] is True
    assert first["deals"][0]["record"] == json.loads(json.dumps(record_of(deals[1])))
    assert first["deals"][0]["margins"] == list(deals[1].margins)
    assert replay(data["matches"][1]["deals"][0]["record"]).points == deals[0].points


def test_data_dir_after_the_subcommand_and_from_the_environment(capsys, tmp_path, monkeypatch) -> None:
    _keep(tmp_path, [1], unfinished=False)
    code, out, _ = run(capsys, "history", "--data-dir", str(tmp_path), "--json")
    assert code == 0 and json.loads(out)["unfinished"] is None
    monkeypatch.setenv("CHINESE_TEN_DATA_DIR", str(tmp_path))
    code, out, _ = run(capsys, "stats", "--json")
    assert code == 0 and json.loads(out)["matches"] == 1


def test_history_export_writes_every_kept_deal_as_a_record(capsys, tmp_path) -> None:
    deals = _keep(tmp_path / "data", [4, 5, 6])
    code, _, _ = run(capsys, "--data-dir", str(tmp_path / "data"), "history", "--export", str(tmp_path / "out"))
    assert code == 0
    files = sorted((tmp_path / "out").iterdir())
    assert len(files) == 3
    points = sorted(replay(read_record_file(f)).points for f in files)
    assert points == sorted(d.points for d in deals)


def test_stats_json_gives_the_figures_overall_and_by_table(capsys, tmp_path) -> None:
    deals = _keep(tmp_path, [1, 2, 3, 4])
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "stats", "--json")
    assert code == 0
    data = json.loads(out)
    you = [float(d.exact_margins[0]) for d in deals]
    won, lost = sum(m > 0 for m in you), sum(m < 0 for m in you)
    assert (data["matches"], data["won"], data["lost"], data["shared"], data["abandoned"]) == (
        4, won, lost, 4 - won - lost, 0)
    assert data["deals"] == 4 and data["mean_margin"] == round(sum(you) / 4, 1)
    assert data["by"] == [{**data["by"][0], "seats": 2, "strength": "normal", "rules": "classic", "matches": 4,
                           "won": won}]


def test_history_and_stats_json_carry_the_game_on_every_match_and_table(capsys, tmp_path) -> None:
    _keep(tmp_path, [1, 2], unfinished=False)
    store = open_store(tmp_path).store
    fishing = MatchSetup(seats=3, strength="easy", players=("you", "easy", "easy"), person=True, rules="standard",
                         preset="standard", length={"kind": "one", "deals": 0}, total_deals=1, seed="4", game="fishing")
    match_id = store.begin(fishing, {})
    store.finish_deal(match_id, 1, {"format": "chinese-ten/fishing-v1"}, [20, -10, -10], 20, [20, -10, -10], {})
    store.finish_match(match_id, "won")
    store.begin(fishing, {"deals": [[]], "turns": 0})
    store.close()
    history = json.loads(run(capsys, "--data-dir", str(tmp_path), "history", "--json")[1])
    assert [m["game"] for m in history["matches"]] == ["fishing", "ten", "ten"]
    assert history["unfinished"]["game"] == "fishing"
    stats = json.loads(run(capsys, "--data-dir", str(tmp_path), "stats", "--json")[1])
    assert sorted((t["game"], t["strength"], t["seats"], t["matches"]) for t in stats["by"]) == [
        ("fishing", "easy", 3, 1), ("ten", "normal", 2, 2)]
    assert {g["game"]: g["matches"] for g in stats["by_game"]} == {"fishing": 1, "ten": 2}
    code, text, _ = run(capsys, "--data-dir", str(tmp_path), "stats")
    assert code == 0 and "playing fishing: 1 match" in text and "fishing: easy, 3 seats, standard" in text


def test_history_without_kept_matches_is_one_line_and_status_2(capsys, tmp_path) -> None:
    code, out, err = run(capsys, "--data-dir", str(tmp_path / "nothing"), "history")
    assert code == 2 and not out and err.count("\n") == 1 and "no matches are kept" in err
    assert not (tmp_path / "nothing").exists(), "reading creates nothing"


def test_stats_text_names_the_figures(capsys, tmp_path) -> None:
    _keep(tmp_path, [1])
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "stats")
    assert code == 0 and out.startswith("1 match: ")


def test_history_and_stats_on_a_file_past_reading_refuse_in_one_line_with_status_2(capsys, tmp_path) -> None:
    import sqlite3

    _keep(tmp_path, [1, 2], unfinished=False)
    with sqlite3.connect(tmp_path / "matches.db") as db:
        db.execute("ALTER TABLE matches DROP COLUMN outcome")
    for command in (["history"], ["stats"], ["history", "--export", str(tmp_path / "out")]):
        code, out, err = run(capsys, "--data-dir", str(tmp_path), *command)
        assert (code, out, err.count("\n")) == (2, "", 1) and "cannot be read" in err, command
    assert not (tmp_path / "out").exists()


def test_history_and_stats_on_zeroed_pages_refuse_in_one_line_with_status_2(capsys, tmp_path) -> None:
    _keep(tmp_path, [1, 2, 3])
    path = tmp_path / "matches.db"
    data = bytearray(path.read_bytes())
    data[4096:] = bytes(len(data) - 4096)  # every page after the first is zeros
    path.write_bytes(bytes(data))
    for command in (["history"], ["stats"], ["history", "--json"]):
        code, out, err = run(capsys, "--data-dir", str(tmp_path), *command)
        assert code in (0, 2) and err.count("\n") == (0 if code == 0 else 1), (command, err)
        assert code == 2 or out, command


def test_history_lists_a_match_it_cannot_read_as_damaged_and_the_others_as_they_are(capsys, tmp_path) -> None:
    import sqlite3

    _keep(tmp_path, [1, 2, 3], unfinished=False)
    with sqlite3.connect(tmp_path / "matches.db") as db:
        db.execute("UPDATE deals SET record = '{\"format\": \"chinese-ten/dea' WHERE match_id = 2")
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "history", "--json")
    data = json.loads(out)
    assert code == 0 and not err and len(data["matches"]) == 2
    assert [d["id"] for d in data["damaged"]] == [2] and "record of deal 1" in data["damaged"][0]["reason"]
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "chinese_ten", "--data-dir", str(tmp_path), "history"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "damaged, set aside" in proc.stdout
    assert not proc.stderr, "the output lists it; the terminal is not told twice"
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "stats", "--json")
    assert json.loads(out)["damaged"] == 1


def test_history_export_onto_a_full_disk_leaves_no_part_written_file(capsys, tmp_path, monkeypatch) -> None:
    import errno
    import os as os_module

    from chinese_ten import storage

    _keep(tmp_path / "data", [4, 5])
    real = os_module.fdopen

    class FullDisk:
        def __init__(self, handle):  # type: ignore[no-untyped-def]
            self.handle = handle

        def __enter__(self):  # type: ignore[no-untyped-def]
            return self

        def __exit__(self, *exc):  # type: ignore[no-untyped-def]
            self.handle.close()

        def write(self, data):  # type: ignore[no-untyped-def]
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage.os, "fdopen", lambda fd, mode: FullDisk(real(fd, mode)))
    code, out, err = run(capsys, "--data-dir", str(tmp_path / "data"), "history", "--export", str(tmp_path / "out"))
    assert code == 2 and not out and err.count("\n") == 1 and "No space left" in err
    assert list((tmp_path / "out").iterdir()) == [], "nothing half-written is left behind"


def test_history_export_says_what_it_wrote_and_names_files_as_the_window_does(capsys, tmp_path) -> None:
    _keep(tmp_path / "data", [4, 5], unfinished=False)
    code, out, _ = run(capsys, "--data-dir", str(tmp_path / "data"), "history", "--export", str(tmp_path / "out"))
    assert code == 0 and out.splitlines()[-1] == f"exported 2 deal records into {tmp_path / 'out'}"
    code, out, _ = run(capsys, "--data-dir", str(tmp_path / "data"), "history", "--json", "--export",
                       str(tmp_path / "again"))
    data = json.loads(out)
    names = sorted(p.rsplit("/", 1)[-1] for p in data["exported"])
    assert names == sorted(p.name for p in (tmp_path / "out").iterdir())
    opened = open_store(tmp_path / "data")
    expected = sorted(m.record_name(d) for m in opened.store.history() for d in m.deals)
    opened.close()
    assert names == expected


def test_an_empty_data_folder_name_is_refused_in_one_line_like_an_empty_records_folder(capsys, tmp_path,
                                                                                        monkeypatch) -> None:
    for argv in (["--data-dir", "", "history"], ["history", "--data-dir", ""], ["stats", "--data-dir", ""],
                 ["demo", "--data-dir", ""], ["--data-dir", ""]):
        code, out, err = run(capsys, *argv)
        assert (code, out, err.count("\n")) == (2, "", 1) and "empty" in err, argv
    monkeypatch.setenv("CHINESE_TEN_DATA_DIR", "")
    for argv in (["history"], ["stats", "--json"], []):
        code, out, err = run(capsys, *argv)
        assert (code, out, err.count("\n")) == (2, "", 1) and "CHINESE_TEN_DATA_DIR" in err, argv


def test_stats_text_gives_the_win_percent_best_deal_and_streaks_that_json_has(capsys, tmp_path) -> None:
    _keep(tmp_path, [1, 2, 3], unfinished=False)
    _, out, _ = run(capsys, "--data-dir", str(tmp_path), "stats", "--json")
    data = json.loads(out)
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "stats")
    first = out.splitlines()[0]
    assert code == 0 and f"win {data['win_percent']:g}%" in first
    assert f"best deal {data['best_deal']:+g}" in first and f"best match {data['best_match']:+g}" in first
    assert f"streak {data['streak']} (longest {data['longest_streak']})" in first
    assert "  against normal: 3 matches" in out and "  at 2 seats: 3 matches" in out and "  under classic: 3" in out


def test_stats_carry_the_practice_positions_solved_failed_and_waiting(capsys, tmp_path) -> None:
    from test_practice import made_up

    _keep(tmp_path, [1], unfinished=False)
    store = open_store(tmp_path).store
    store.keep_practice([made_up({"9H": 10.0, "2C": -10.0}, number=n) for n in (1, 2)])
    first = store.practice_positions().positions[0]
    store.practice_answered(first.id, solved=False)
    store.practice_answered(first.id, solved=True)
    store.close()
    data = json.loads(run(capsys, "--data-dir", str(tmp_path), "stats", "--json")[1])
    assert data["practice_positions"] == {"solved": 1, "failed": 1, "waiting": 1}
    assert "matches" in data and "by" in data, "the figures the interface names are all still there"
    text = run(capsys, "--data-dir", str(tmp_path), "stats")[1]
    assert "practice positions: 1 solved, 1 failed, 1 to solve" in text


def test_history_export_and_json_give_an_older_kept_result_in_the_one_shape(capsys, tmp_path) -> None:
    from fractions import Fraction

    opened = open_store(tmp_path / "data")
    store = opened.store
    deal = _played_deal(4)
    old = {**record_of(deal), "players": ["you", "normal"],
           "result": [float(m) for m in deal.exact_margins]}  # as windows once kept it
    match_id = store.begin(SETUP, {"deals": [[]]})
    margins = [float(m) for m in deal.exact_margins]
    store.finish_deal(match_id, 1, old, margins, margins[0], margins, {})
    store.finish_match(match_id, "shared")
    opened.close()
    code, _, _ = run(capsys, "--data-dir", str(tmp_path / "data"), "history", "--export", str(tmp_path / "out"))
    assert code == 0
    (written,) = (tmp_path / "out").iterdir()
    result = read_record_file(written)["result"]
    assert result == {"players": ["you", "normal"], "points": list(deal.points),
                      "margins": [as_number(m) for m in deal.exact_margins],
                      "margins_exact": [str(m) for m in deal.exact_margins]}
    assert sum(Fraction(m) for m in result["margins_exact"]) == 0
    code, out, _ = run(capsys, "--data-dir", str(tmp_path / "data"), "history", "--json")
    assert json.loads(out)["matches"][0]["deals"][0]["record"]["result"] == result


def test_replay_and_review_refuse_a_result_that_disagrees_naming_the_seat(capsys, tmp_path) -> None:
    from chinese_ten.engine.scores import result_of

    deal = _played_deal(5)
    record = {**record_of(deal), "result": result_of(deal.points, deal.exact_margins, ["you", "normal"])}
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 0 and not err, "a true result is taken"
    record["result"]["points"] = [999, deal.points[1]]
    path.write_text(json.dumps(record))
    for command in (["replay", str(path)], ["review", str(path), "--seat", "0", "--json"]):
        code, out, err = run(capsys, *command)
        assert code == 2 and not out
        assert err == f"chinese-ten: result: seat 0 has {deal.points[0]} points, not 999\n"
