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
        "        Game: Hong Kong-style Taiwanese (港式台牌), counted in 番.",
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
    assert again.stdout.splitlines()[0] == "taipai: A undid: Draw (流局): the dealer stays (臭莊)."


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
    assert status == 0 and out.strip() == "Database schema at revision 0005."


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


# ------------------------------------------------------------------ score: bad option values (DESIGN §5)
@pytest.mark.parametrize(
    ("option", "token", "hint"),
    [
        (("--seat", "中"), "--seat 中", "the seat wind is one of 東 南 西 北"),
        (("--round", "X"), "--round X", "the round wind is one of 東 南 西 北"),
        (("--streak", "abc"), "--streak abc", "the dealer streak is a count 0-99, e.g. 連2 or 連2拉2"),
        (("--streak", "-1"), "--streak -1", "the dealer streak is a count 0-99, e.g. 連2 or 連2拉2"),
        (
            ("--streak", "999999999999", "--dealer"),
            "--streak 999999999999",
            "the dealer streak is a count 0-99, e.g. 連2 or 連2拉2",
        ),
    ],
)
def test_score_json_bad_option_value_is_one_json_object(option, token, hint, capsys, monkeypatch):
    """DESIGN §5: 「With --json, stdout is exactly one JSON object … On bad input:
    {"ok": false, "error": {"code": "...", "message": "..."}} and exit status 2」.  argparse used to
    print its usage on stderr and nothing on stdout for ``--seat 中``, ``--round X``, ``--streak abc``,
    and accepted ``--streak 999999999999`` (fan 1999999999999)."""
    status, out, err = cli(
        capsys, monkeypatch, "score", "123m 456m 789p 234s 中中中 東 摸東", *option, "--json"
    )
    assert (status, err) == (2, "")
    assert len(out.splitlines()) == 1
    data = json.loads(out)
    assert data["ok"] is False
    assert data["error"]["code"] == "bad_context"
    assert data["error"]["token"] == token
    assert data["error"]["hint"] == hint


def test_score_json_usage_error_is_one_json_object(capsys, monkeypatch):
    """An unknown option under --json is still one JSON object (code ``usage``) and exit status 2."""
    with pytest.raises(SystemExit) as exit_:
        cli(capsys, monkeypatch, "score", HAND, "--json", "--bogus")
    out, err = capsys.readouterr()
    assert exit_.value.code == 2 and err == ""
    data = json.loads(out)
    assert data == {
        "ok": False,
        "error": {"code": "usage", "message": "unrecognized arguments: --bogus"},
    }


def test_score_streak_limit_is_the_one_of_the_hand(capsys, monkeypatch):
    """One limit, one error: ``--streak 100`` is refused exactly as ``連100`` written in the hand
    (seed 004, 型式類, 莊家 (莊家連n拉n) 2n+1; DESIGN §4 context word 連2), and 99 is accepted by both
    with the dealer's 2·99+1 = 199 fan."""
    status, out, _ = cli(capsys, monkeypatch, "score", HAND, "--dealer", "--streak", "100", "--json")
    option = json.loads(out)["error"]
    status2, out2, _ = cli(capsys, monkeypatch, "score", HAND + " 連100", "--dealer", "--json")
    in_hand = json.loads(out2)["error"]
    assert status == status2 == 2
    assert option["code"] == in_hand["code"] == "bad_context"
    assert option["hint"] == in_hand["hint"] == "the dealer streak is a count 0-99, e.g. 連2 or 連2拉2"
    for args in (
        ("score", HAND, "--dealer", "--streak", "99", "--json"),
        ("score", HAND + " 連99", "--dealer", "--json"),
    ):
        status, out, _ = cli(capsys, monkeypatch, *args)
        assert status == 0
        assert {"id": "dealer", "name": "莊家", "fan": 199, "count": 1} in json.loads(out)["patterns"]


@pytest.mark.parametrize(
    ("lang", "option", "line"),
    [
        ("zh_Hant_HK", ("--seat", "中"), "「--seat 中」：門風一定係 東 南 西 北 其中一個。"),
        ("en", ("--round", "X"), "「--round X」: the round wind (圈風) is one of 東 南 西 北."),
        ("zh_Hant_HK", ("--streak", "abc"), "「--streak abc」：連莊數係 0 至 99 嘅數目，例如 連2。"),
        (
            "en",
            ("--streak", "100"),
            "「--streak 100」: the dealer streak (連莊) is a count from 0 to 99, e.g. 連2.",
        ),
    ],
)
def test_score_bad_option_value_without_json_is_one_line(lang, option, line, capsys, monkeypatch):
    """Without --json a bad option value is one line on stderr in the chosen language, status 2."""
    status, out, err = cli(capsys, monkeypatch, "score", HAND, *option, lang=lang)
    assert (status, out) == (2, "")
    assert err.splitlines() == [line]


def test_hand_streak_error_reply_names_the_limit(capsys, monkeypatch):
    """The chat and ``taipai score`` say the same for 連100 in a hand as for --streak 100."""
    status, _out, err = cli(capsys, monkeypatch, "score", HAND + " 連100", "--dealer", lang="en")
    assert status == 2
    assert err.splitlines() == [
        "「連100」: the dealer streak (連莊) is a count from 0 to 99, e.g. 連2. "
        "(「連100」 is at character 31 of the message.)"
    ]


# ------------------------------------------------------------------ score: what it accepts (DESIGN §5)
def test_score_empty_hand_suggests_only_tiles(capsys, monkeypatch):
    """``taipai score ""`` used to suggest 「或者番數，例如 12番」, which ``score`` then refused.
    DESIGN §5: ``taipai score HAND`` 「prints the best reading」 and its JSON has the ``patterns``
    whose sum is ``fan`` and the ``reading``: a bare count has neither, so ``score`` reads tiles only
    and its empty-hand reply suggests only tiles (the chat's reply still offers 12番)."""
    status, out, err = cli(capsys, monkeypatch, "score", "")
    assert (status, out) == (2, "")
    assert err.splitlines() == ["冇寫手牌：要寫牌，例如 一二三萬 … 摸 東。"]
    status, out, err = cli(capsys, monkeypatch, "score", "", lang="en")
    assert err.splitlines() == ["The hand is empty: write the tiles, e.g. 一二三萬 … 摸 東."]


@pytest.mark.parametrize("count", ["12番", "12", "十二番", "１２翻"])
def test_score_bare_count_says_score_reads_tiles(count, capsys, monkeypatch):
    """A bare count (the chat's 「B 食 A 12番」, DESIGN §5) is refused by ``score`` with its own code,
    not as ``bad_suit_run`` 「「12」數字後面要寫花色」."""
    status, out, err = cli(capsys, monkeypatch, "score", count, "--json")
    assert (status, err) == (2, "")
    data = json.loads(out)
    assert data["ok"] is False
    assert data["error"]["code"] == "bare_count"
    assert data["error"]["token"] == count
    status, out, err = cli(capsys, monkeypatch, "score", count)
    assert (status, out) == (2, "")
    assert err.splitlines() == [
        f"「{count}」係番數：taipai score 要寫牌先計到，例如 一二三萬 … 摸 東。"
        "淨係番數就喺傾偈度記：B 食 A 12番 或者 B 自摸 12番。"
    ]


def test_score_help_says_it_reads_tiles_only(capsys, monkeypatch):
    """The decision of DESIGN §5 is in ``taipai score --help``."""
    with pytest.raises(SystemExit):
        cli(capsys, monkeypatch, "score", "--help")
    out = " ".join(capsys.readouterr().out.split())
    assert (
        "A bare fan count such as 12番 is for the chat (B 食 A 12番); it has no tiles to score here." in out
    )


# ------------------------------------------------------------------ score: wildcard errors (DESIGN §4)
SEED_000_WILD = "一二三萬 四五六萬 七八九筒 二三四索 中中 ［搭］ 東 ＋摸 東"
"""Seed 000, 實戰：一副牌點樣用搭 (the table of the preset plays the 八搭)."""
EIGHT_SHOWN = "[皇] [筒索萬] [筒] [索] [萬] [番] [東南西北] [中發白]"


@pytest.mark.parametrize(
    ("written", "zh", "en"),
    [
        (
            "［搭］",
            f"「［搭］」：呢張枱玩幾款搭，要寫明係邊款：{EIGHT_SHOWN}。",
            f"「［搭］」: this table plays several kinds of wildcard; write which one: {EIGHT_SHOWN}.",
        ),
        (
            "[foo]",
            f"「[foo]」：冇呢款搭。呢張枱玩嘅搭有：{EIGHT_SHOWN}。",
            f"「[foo]」 is not a kind of wildcard. This table plays: {EIGHT_SHOWN}.",
        ),
        (
            "[卡番]",
            f"「[卡番]」：呢張枱唔玩「卡番」搭。呢張枱玩嘅搭有：{EIGHT_SHOWN}。",
            f"「[卡番]」: this table does not play the 「卡番」 wildcard. It plays: {EIGHT_SHOWN}.",
        ),
        (
            "[馬]",
            f"「[馬]」：呢張枱唔玩「馬」搭。呢張枱玩嘅搭有：{EIGHT_SHOWN}。",
            f"「[馬]」: this table does not play the 「馬」 wildcard. It plays: {EIGHT_SHOWN}.",
        ),
    ],
)
def test_wildcard_errors_say_what_the_table_plays(written, zh, en, capsys, monkeypatch):
    """DESIGN §4: 「`[搭]` alone means the table's only kind, or is an error when the table plays
    several」; seed 000 最常見：八搭 「皇、筒索萬、筒、索、萬、番、東南西北、中發白」 is the preset's
    table.  ``[搭]`` at a table of several kinds, a name that is no kind, and a seed 000 kind the table
    does not play each get their own reply, in both languages, listing the table's kinds."""
    hand = SEED_000_WILD.replace("［搭］", written)
    status, _out, err = cli(capsys, monkeypatch, "score", hand)
    assert status == 2
    assert err.splitlines() == [f"{zh}（「{written}」喺訊息第 24 個字。）"]
    status, _out, err = cli(capsys, monkeypatch, "score", hand, lang="en")
    assert err.splitlines() == [f"{en} (「{written}」 is at character 24 of the message.)"]


def test_wildcard_at_a_table_without_wildcards(tmp_path, capsys, monkeypatch):
    """A rule file whose ``[wilds] table_kinds = []`` plays no 越搭: ``[搭]`` and ``[皇]`` both say so."""
    rules = tmp_path / "plain.toml"
    rules.write_text('base = "hk-taiwan"\n[wilds]\ntable_kinds = []\n', encoding="utf-8")
    for written in ("［搭］", "[皇]"):
        hand = SEED_000_WILD.replace("［搭］", written)
        status, _out, err = cli(capsys, monkeypatch, "score", hand, "--rules", str(rules), lang="en")
        assert status == 2
        assert err.splitlines() == [
            f"「{written}」: this table plays no wildcards. (「{written}」 is at character 24 of the message.)"
        ]


# ------------------------------------------------------------------ score: the double reading (seed 004, 底)
DOUBLE = "一一筒 二二筒 三三筒 五五索 六六索 七七索 東東 中中 食 中"


def test_score_shows_both_readings_and_why_two_bases(capsys, monkeypatch):
    """Seed 004, 底: 「由於上面組合可以看作嚦咕嚦咕的牌型，也可以視為一二三筒、五六七索的雙般高的
    牌型，因此在此會分別計算兩副牌的翻數，計兩個底」.  The output used to show only the 嚦咕嚦咕
    reading and nothing said why ``96番 + 2 × 底 5``."""
    status, out, _err = cli(capsys, monkeypatch, "score", DOUBLE)
    assert status == 0
    lines = out.splitlines()
    assert lines[6:10] == [
        "96番 + 2 × 底 5 = 106",
        "拆牌：中中中 一一筒 二二筒 三三筒 五五索 六六索 七七索 東東",
        "第二種拆法：一二三筒 一二三筒 五六七索 五六七索 中中中 東東",
        "兩個底：呢副牌可以拆做嚦咕嚦咕，又可以拆做五組牌加一對眼；兩種拆法嘅牌型番都計"
        "（花、自摸呢類只計一次），每種拆法一個底。",
    ]
    status, out, _err = cli(capsys, monkeypatch, "score", DOUBLE, lang="en")
    assert "Second reading: 一二三筒 一二三筒 五六七索 五六七索 中中中 東東" in out.splitlines()
    status, out, _err = cli(capsys, monkeypatch, "score", DOUBLE, "--json")
    data = json.loads(out)
    assert (data["fan"], data["bases"], data["total"]) == (96, 2, 106)
    assert data["second_reading"] == ["一二三筒", "一二三筒", "五六七索", "五六七索", "中中中", "東東"]


def test_score_with_one_base_shows_no_second_reading(capsys, monkeypatch):
    status, out, _err = cli(capsys, monkeypatch, "score", HAND, lang="en")
    assert status == 0 and "Second reading" not in out and "Two 底" not in out


def test_chat_reply_shows_the_second_reading(tmp_path):
    """The chat's win reply has the same two lines under the patterns (seed 004, 底, 計兩個底)."""
    script = f"A: 開枱 A B C D\nB: B 食 A {DOUBLE}\n"
    run = taipai("chat", "--db", str(tmp_path / "d.db"), "--lang", "en", stdin=script)
    assert run.returncode == 0, run.stderr
    lines = [line.strip() for line in run.stdout.splitlines()]
    assert "taipai: B wins on A's discard: 96 fan (2 底)" in lines
    assert "Second reading: 一二三筒 一二三筒 五六七索 五六七索 中中中 東東" in lines
    assert (
        "Two 底: the hand reads both as 嚦咕嚦咕 and as five melds and a pair; the tile patterns of both "
        "readings count (flowers, 自摸 and the like once), one 底 each."
    ) in lines


def test_score_refuses_options_the_hand_contradicts_and_a_dealer_away_from_east(capsys, monkeypatch):
    """QA (helper-28): 連3 / 南位 in the hand silently replaced --streak 2 / --seat 西, and --dealer with
    --seat 南 scored 莊家 and 正位 together, though the dealer sits at 東 (seat winds move with the
    deal).  Each is refused with bad_context naming the option; the same values once are scored."""
    hand = "123m 456m 789p 234s 南南南 東 摸東"
    cases = {
        (f"{hand} 連3", "--streak", "2"): "「--streak 2」同手牌自己寫嘅字（連N、X圈、X位）講法唔同：寫一次就夠。",
        (f"{hand} 南位", "--seat", "西"): "「--seat 西」同手牌自己寫嘅字（連N、X圈、X位）講法唔同：寫一次就夠。",
        (hand, "--seat", "南", "--dealer"): "「--dealer 南位」：莊家一定坐 東（門風跟莊轉）。",
        (f"{hand} 莊", "--seat", "北"): "「莊 北位」：莊家一定坐 東（門風跟莊轉）。",
    }
    for args, expected in cases.items():
        status, out, err = cli(capsys, monkeypatch, "score", *args)
        assert (status, out, err.strip()) == (2, "", expected), args
        status, out, _err = cli(capsys, monkeypatch, "score", *args, "--json")
        assert status == 2 and json.loads(out)["error"]["code"] == "bad_context"
    # agreeing values, given once or twice, score: 南 pung at 南位 = 風牌 1 + 正位 1
    for args in ((f"{hand} 連3", "--streak", "3"), (hand, "--seat", "南"), (f"{hand} 南位",)):
        status, out, _err = cli(capsys, monkeypatch, "score", *args, "--json")
        data = json.loads(out)
        assert status == 0 and data["ok"] is True, args
    status, out, _err = cli(capsys, monkeypatch, "score", hand, "--seat", "南", "--json")
    assert {"id": "seat_wind", "name": "正位", "fan": 1, "count": 1} in json.loads(out)["patterns"]
