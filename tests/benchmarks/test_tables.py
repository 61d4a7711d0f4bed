"""The table server's benchmark, ``benchmarks/tables.py``, on the smallest loads: through a real Caddy and
straight, side by side, and the ceiling's steps stopping at the first step over the target."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.net.caddykit import needs_caddy

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "tables.py"


def run(*options: str) -> dict:  # type: ignore[type-arg]
    done = subprocess.run([sys.executable, str(SCRIPT), "--tables", "2", "--actions", "6", "--think", "0.01",
                           *options], capture_output=True, text=True, timeout=300, check=True, cwd=SCRIPT.parents[1])
    return json.loads(done.stdout)  # type: ignore[no-any-return]


@needs_caddy
@pytest.mark.slow
def test_through_proxy_plays_every_table_both_ways_and_reports_what_the_proxy_adds() -> None:
    found = run("--through-proxy", "--runs", "1")["through_proxy"]
    direct, proxied = found["runs"]["direct"][0], found["runs"]["through_proxy"][0]
    assert direct["actions"] == proxied["actions"] == 2 * 6
    assert proxied["proxy_cpu_share"] >= 0 and "proxy_cpu_share" not in direct
    assert found["proxy_adds_p99_ms"] == round(found["medians"]["through_proxy"]["ack_p99_ms"]
                                               - found["medians"]["direct"]["ack_p99_ms"], 2)


@pytest.mark.slow
def test_the_ceiling_measures_each_step_in_order_while_within_the_target() -> None:
    found = run("--ceiling", "1,2")["ceiling"]
    assert [step["tables"] for step in found["steps"]][:1] == [1]
    within = [step["tables"] for step in found["steps"] if step["ack_p99_ms"] <= 50]
    assert found["most_tables_within_50_ms"] == max(within, default=0)


@pytest.mark.slow
def test_the_computers_part_times_each_computers_move_and_counts_the_pools_decisions() -> None:
    found = run("--part", "computers", "--computer-tables", "2", "--computers", "2", "--runs", "1")["computers"]
    figures = found["runs"][0]
    assert figures["computer_tables"] == 2 and figures["actions"] == 2 * 6
    assert figures["computer_moves"] > 0
    assert figures["computer_move_p50_ms"] <= figures["computer_move_p99_ms"] <= figures["computer_move_max_ms"]
    assert found["decisions_thought_in_pool"] == [figures["thinking"]["served"]] and figures["thinking"]["served"] > 0
    assert found["medians"]["computer_move_p99_ms"] == figures["computer_move_p99_ms"]  # one run: its own figures


@pytest.mark.slow
def test_the_review_part_plays_every_table_while_the_server_makes_the_review_asked_for() -> None:
    found = run("--part", "review", "--reviews", "1", "--runs", "1")["review"]
    figures = found["runs"][0]
    assert figures["actions"] == 2 * 6 and figures["reviews_asked"] == 1
    assert figures["reviews_kept_during_play"] == len(figures["review_seconds"]) <= 1
    assert figures["review_running_at_end"] == (figures["reviews_kept_during_play"] == 0)
    assert found["medians"]["ack_p99_ms"] == figures["ack_p99_ms"]  # one run: its own figures
