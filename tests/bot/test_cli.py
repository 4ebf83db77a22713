"""``taipai`` end to end in subprocesses: chat piped on stdin, then ``ledger --json``; ``score --json``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from taipai.bot.cli import main
from taipai.bot.console import format_reply, split_line
from taipai.bot.service import Reply

SCRIPT = """\
# a table in the terminal; comment and blank lines are skipped

A: 開枱 A B C D
B: B 食 A 12番
C: 今晚食咩？
C: C 自摸 10番
D: 流局
A: 計數
"""

HAND = "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東"


def taipai(
    *args: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    base = {
        k: v
        for k, v in os.environ.items()
        if k not in ("TELEGRAM_BOT_TOKEN", "DISCORD_BOT_TOKEN", "DATABASE_URL")
    }
    base["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "-m", "taipai.bot.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**base, **(env or {})},
        timeout=60,
    )


def test_chat_then_ledger(tmp_path):
    db = str(tmp_path / "chat.db")
    run = taipai("chat", "--db", db, "--lang", "en", stdin=SCRIPT)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "taipai: Table open: 東 A, 南 B, 西 C, 北 D. A deals first.",
        "        Next: A deals; 東 round, hand 1.",
        "taipai: B wins on A's discard: 12 fan",
        "          A → B: 18 (12 fan + 底 5 + dealer 1)",
        "        la 1: A owes B 18",
        "        Next: B deals; 東 round, hand 2.",
        "taipai: C self-draws (自摸): 10 fan",
        "          A → C: 15 (10 fan + 底 5)",
        "          B → C: 16 (10 fan + 底 5 + dealer 1)",
        "          D → C: 15 (10 fan + 底 5)",
        "        la 1 settled: A → B 18",
        "        la 1: A owes C 15",
        "        la 1: B owes C 16",
        "        la 1: D owes C 15",
        "        Next: C deals; 東 round, hand 3.",
        "taipai: Draw (流局): the dealer stays (臭莊).",
        "        Next: C deals, 連莊 1; 東 round, hand 4.",
        "taipai: Hand 4, 東 round; C deals, 連莊 1",
        "          西 A: -18 (with 拉: -33)",  # C deals: C sits 東, D 南, A 西, B 北
        "          北 B: +18 (with 拉: +2)",
        "          東 C: 0 (with 拉: +46)",
        "          南 D: 0 (with 拉: -15)",
        "        拉 running:",
        "          la 1: A owes C 15",
        "          la 1: B owes C 16",
        "          la 1: D owes C 15",
    ]

    ledger = taipai("ledger", "--db", db, "--json")
    assert ledger.returncode == 0, ledger.stderr
    assert len(ledger.stdout.strip().splitlines()) == 1
    state = json.loads(ledger.stdout)
    assert state["players"] == [
        # seat: the fixed seat from 開枱; wind: the seat wind now (C deals, so C is 東)
        {"name": "A", "seat": "東", "balance": -18, "wind": "西"},
        {"name": "B", "seat": "南", "balance": 18, "wind": "北"},
        {"name": "C", "seat": "西", "balance": 0, "wind": "東"},
        {"name": "D", "seat": "北", "balance": 0, "wind": "南"},
    ]
    assert (state["dealer"], state["streak"], state["round"], state["hand"]) == ("C", 1, "東", 3)
    assert state["chains"] == [
        {"debtor": "A", "creditor": "C", "level": 1, "amount": 15},
        {"debtor": "B", "creditor": "C", "level": 1, "amount": 16},
        {"debtor": "D", "creditor": "C", "level": 1, "amount": 15},
    ]
    assert [e["kind"] for e in state["events"]] == ["table_opened", "win_by_discard", "self_draw", "draw"]
    assert state["session"]["status"] == "open"

    # The same database continues in a second run: the state is replayed from the log.
    again = taipai("chat", "--db", db, "--lang", "en", stdin="A: /undo\n")
    assert again.stdout.splitlines()[0] == "taipai: A undid: draw (流局)."


def test_ledger_in_cantonese_and_after_undo(tmp_path, capsys, monkeypatch):
    db = str(tmp_path / "l.db")
    monkeypatch.setattr("sys.stdin", io.StringIO(SCRIPT + "A: 撤銷\n"))
    status, _out, _err = cli(capsys, monkeypatch, "chat", "--db", db)
    assert status == 0
    status, out, _err = cli(capsys, monkeypatch, "ledger", "--db", db, "--json")
    assert status == 0 and json.loads(out)["streak"] == 0 and json.loads(out)["hand"] == 2
    status, out, _err = cli(capsys, monkeypatch, "ledger", "--db", db)
    assert status == 0
    assert out.splitlines()[:2] == ["第3鋪，東圈，C 做莊", "  西 A: -18 （連拉計：-33）"]
    assert "拉緊：" in out and "紀錄：" in out


def test_plain_taipai_is_the_terminal_chat_without_tokens(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'plain.db'}"
    run = taipai(stdin="A: 開枱 A B C D\n", env={"DATABASE_URL": url})
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("taipai: 開枱：東 A、南 B、西 C、北 D。A 做莊。")
    with_token = taipai(stdin="", env={"DATABASE_URL": url, "TELEGRAM_BOT_TOKEN": "123:abc"})
    assert with_token.returncode == 1 and "123:abc" not in with_token.stderr + with_token.stdout


def cli(capsys, monkeypatch, *args: str, lang: str = "zh_Hant_HK") -> tuple[int, str, str]:
    """Run ``taipai ARGS`` in this process (the same code as the console script)."""
    monkeypatch.setenv("DEFAULT_LOCALE", lang)
    for var in ("TELEGRAM_BOT_TOKEN", "DISCORD_BOT_TOKEN", "DATABASE_URL"):
        monkeypatch.delenv(var, raising=False)
    capsys.readouterr()
    status = main(list(args))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_migrate(tmp_path, capsys, monkeypatch):
    status, out, _err = cli(capsys, monkeypatch, "migrate", "--db", str(tmp_path / "m.db"), lang="en")
    assert status == 0 and out.strip() == "Database schema at revision 0002."


def test_ledger_of_an_empty_database(tmp_path, capsys, monkeypatch):
    status, out, _err = cli(capsys, monkeypatch, "ledger", "--db", str(tmp_path / "e.db"), "--json")
    assert status == 2 and json.loads(out)["ok"] is False


def test_ledger_of_a_file_that_is_not_a_database_says_so_in_one_line(tmp_path, capsys, monkeypatch):
    """A tester's junk file printed SQLAlchemy's help link under the message."""
    junk = tmp_path / "junk.db"
    junk.write_text("junk junk")
    status, out, err = cli(capsys, monkeypatch, "ledger", "--db", str(junk), "--json")
    assert status == 1 and out == ""
    assert err.strip() == "開唔到數據庫：(sqlite3.DatabaseError) file is not a database"


def test_score_json_contract(capsys, monkeypatch):
    args = ("score", HAND, "--json", "--dealer", "--streak", "1", "--seat", "東", "--round", "南")
    status, out, _err = cli(capsys, monkeypatch, *args)
    assert status == 0
    assert len(out.strip().splitlines()) == 1
    data = json.loads(out)
    assert set(data) >= {"ok", "fan", "bases", "base_fan", "total", "patterns", "reading", "waits", "wilds"}
    assert data["ok"] is True and data["base_fan"] == 5
    assert data["total"] == data["fan"] + data["bases"] * data["base_fan"]
    assert data["fan"] == sum(p["fan"] for p in data["patterns"])
    assert {"id": "dealer", "name": "莊家", "fan": 3, "count": 1} in data["patterns"]  # 2·1 + 1
    assert all(set(p) == {"id", "name", "fan", "count"} for p in data["patterns"])
    assert "東東" in data["reading"] and "中中中" in data["reading"]
    assert data["waits"] == ["東"]


@pytest.mark.parametrize("hand", ["一二三萬 四五六萬", "一二三萬 XYZ", ""])
def test_score_json_bad_input(hand, capsys, monkeypatch):
    status, out, _err = cli(capsys, monkeypatch, "score", hand, "--json")
    assert status == 2
    assert len(out.strip().splitlines()) == 1
    data = json.loads(out)
    assert data["ok"] is False and set(data["error"]) >= {"code", "message"}


def test_score_human_output_is_cantonese(capsys, monkeypatch):
    status, out, _err = cli(capsys, monkeypatch, "score", HAND, "--dealer")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split() == ["牌型", "番"]
    assert any(line.startswith("莊家") for line in lines)
    assert "拆牌：一二三萬 四五六萬 七八九筒 二三四索 中中中 東東" in lines
    assert "聽：東" in lines
    status, out, err = cli(capsys, monkeypatch, "score", "一二三萬")
    assert status == 2 and err.strip() and not out


def test_console_line_format():
    assert split_line("B: B 食 A 12番") == ("B", "B 食 A 12番")
    assert split_line("阿明：開枱 阿明 阿強 阿珍 阿玲") == ("阿明", "開枱 阿明 阿強 阿珍 阿玲")
    assert split_line("B 自摸 一二三萬 花:春梅") == (None, "B 自摸 一二三萬 花:春梅")
    assert format_reply(Reply("one\ntwo")) == "taipai: one\n        two"
