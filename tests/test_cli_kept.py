"""``history``, ``stats`` and ``--data-dir`` on the command line, as INTERFACE.md gives them."""

from __future__ import annotations

import json
import random

from chinese_ten.cli import main
from chinese_ten.games.ten.deal import Deal
from chinese_ten.matchstore import MatchSetup, open_store
from chinese_ten.engine.records import read_record_file
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


def test_history_without_kept_matches_is_one_line_and_status_2(capsys, tmp_path) -> None:
    code, out, err = run(capsys, "--data-dir", str(tmp_path / "nothing"), "history")
    assert code == 2 and not out and err.count("\n") == 1 and "no matches are kept" in err
    assert not (tmp_path / "nothing").exists(), "reading creates nothing"


def test_stats_text_names_the_figures(capsys, tmp_path) -> None:
    _keep(tmp_path, [1])
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "stats")
    assert code == 0 and out.startswith("1 match: ")
