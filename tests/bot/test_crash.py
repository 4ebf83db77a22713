"""Crash test (issue 4, Show): SIGKILL ``taipai chat`` in the middle of a stream of hands.

The service stores each event (one transaction) before it answers, so every hand the chat confirmed
is in the log; a hand being written when the process dies is either wholly there or wholly absent.
After a restart the ledger replays cleanly, is zero-sum, equals the core's replay of exactly the
first n messages, and the session goes on.  Also: ``taipai ledger --json`` with open chains is the
DESIGN §5 object.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time

import pytest

from taipai.bot.cli import main
from taipai.core.table import Draw, SelfDraw, TableOpened, WinByDiscard, WinLeg, state_to_dict
from taipai.core.table.machine import replay

# (chat line, the event it books): wins in every direction, so chains open, raise, kick and settle.
STREAM = [
    ("B: B 食 A 1番", WinByDiscard("A", (WinLeg("B", 1),))),
    ("C: C 食 B 2番", WinByDiscard("B", (WinLeg("C", 2),))),
    ("D: D 自摸 3番", SelfDraw("D", 3)),
    ("A: A 食 C 4番", WinByDiscard("C", (WinLeg("A", 4),))),
    ("B: 流局", Draw()),
] * 8
CONFIRMED_BEFORE_KILL = 12


def _env() -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("TELEGRAM_BOT_TOKEN", "DISCORD_BOT_TOKEN", "DATABASE_URL")
    }
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def _taipai(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "taipai.bot.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=_env(),
        timeout=60,
    )


def _ledger(db: str) -> dict:
    """``taipai ledger --db DB --json`` (in this process: the subprocess start costs a second)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["ledger", "--db", db, "--json"]) == 0
    assert len(out.getvalue().strip().splitlines()) == 1
    return json.loads(out.getvalue())


def test_sigkill_mid_stream_keeps_every_confirmed_hand(tmp_path):
    db = str(tmp_path / "crash.db")
    started = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-m", "taipai.bot.cli", "chat", "--db", db, "--lang", "en"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=_env(),
    )
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    assert proc.stdin is not None
    # The whole stream goes in at once (stdin stays open): the process is busy booking when killed.
    proc.stdin.write("A: 開枱 A B C D\n" + "".join(text + "\n" for text, _event in STREAM))
    proc.stdin.flush()
    confirmed = 0  # replies ending in "Next: …" after the 開枱 one: hands the chat has confirmed
    seen_open = False
    deadline = time.monotonic() + 30
    while confirmed < CONFIRMED_BEFORE_KILL:
        line = lines.get(timeout=max(deadline - time.monotonic(), 0.1))
        if "Next:" in line:
            if seen_open:
                confirmed += 1
            seen_open = True
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL
    killed_at = time.monotonic() - started

    # Every confirmed hand is there, and nothing is half-booked: the log replays to exactly the
    # core's state after the first n messages (n ≥ confirmed), and balances are zero-sum.
    state = _ledger(db)
    n = len(state["events"]) - 1
    assert CONFIRMED_BEFORE_KILL <= n <= len(STREAM)
    assert state["hand"] == n
    assert sum(p["balance"] for p in state["players"]) == 0
    expected = replay([TableOpened(("A", "B", "C", "D")), *(e for _t, e in STREAM[:n])])
    want = state_to_dict(expected)
    for key in ("players", "dealer", "streak", "round", "hand", "chains", "pending"):
        assert state[key] == want[key], key
    assert [e["event"] for e in state["events"]] == [e["event"] for e in want["events"]]

    # The session continues on a restarted process: the next message books as hand n + 1.
    text, event = STREAM[n] if n < len(STREAM) else STREAM[0]
    again = _taipai("chat", "--db", db, "--lang", "en", stdin=text + "\n")
    assert again.returncode == 0, again.stderr
    assert f"hand {n + 2}." in again.stdout.splitlines()[-1]
    after = _ledger(db)
    assert after["hand"] == n + 1 and after["events"][-1]["event"] == event.to_dict()
    assert sum(p["balance"] for p in after["players"]) == 0
    total = time.monotonic() - started
    print(
        f"\ncrash test: {n} of {len(STREAM)} hands booked when killed at {killed_at:.2f}s; total {total:.2f}s"
    )


def test_ledger_json_shows_chains_and_balances_as_design_5_says(tmp_path):
    db = str(tmp_path / "ledger.db")
    script = "\n".join(
        [
            "A: 開枱 A B C D",
            "B: B 食 C 5番",  # non-dealers: 5 + 5 = 10 → 拉一 C→B 10; B deals
            "B: B 食 C 2番",  # B deals: 2 + 5 + 1 = 8 → 拉二 ceil(15) + 8 = 23; B stays, n = 1
            "D: D 一台花",  # each pays D 5 (1 底) at once; chains untouched
            "A: A 食 D 1番",  # A, D non-dealers: 1 + 5 = 6; C→B 23 settled in full; 拉一 D→A 6
        ]
    )
    run = _taipai("chat", "--db", db, "--lang", "en", stdin=script + "\n")
    assert run.returncode == 0, run.stderr
    state = _ledger(db)
    assert {"players", "dealer", "streak", "round", "hand", "chains", "events"} <= set(state)
    # C: -5 - 23 = -28; B: -5 + 23 = 18; D: +15; A: -5.  Sum 0.
    assert state["players"] == [
        {"name": "A", "seat": "東", "balance": -5, "wind": "西"},  # wind: C deals, so C sits 東
        {"name": "B", "seat": "南", "balance": 18, "wind": "北"},
        {"name": "C", "seat": "西", "balance": -28, "wind": "東"},
        {"name": "D", "seat": "北", "balance": 15, "wind": "南"},
    ]
    # A won off B's deal: the deal passes to C, n = 0.
    assert (state["dealer"], state["streak"], state["round"], state["hand"]) == ("C", 0, "東", 3)
    assert state["chains"] == [{"debtor": "D", "creditor": "A", "level": 1, "amount": 6}]
    assert [e["kind"] for e in state["events"]] == [
        "table_opened",
        "win_by_discard",
        "win_by_discard",
        "cash_prize",
        "win_by_discard",
    ]
    assert state["events"][3]["payments"] == [
        {"payer": p, "payee": "D", "amount": 5, "rule": "prize:one_set_flowers"} for p in "ABC"
    ]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q", "-s"]))
