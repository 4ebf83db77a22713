"""``匯出`` / ``/export``: one file per database and session, notes in the chat's language.

The terminal (``export_files``) writes the file on the user's machine; the bots send the CSV with the
reply and write nothing on the server (issue 13 item 9: one CSV per session was left for ever).
"""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

import pytest

from taipai.bot.service import Service
from taipai.bot.store import ChatRef, Store, sqlite_url

from .conftest import Talk

CONSOLE = ChatRef("terminal", "console")


@pytest.mark.asyncio
async def test_two_databases_in_one_folder_never_share_an_export_file(tmp_path):
    """Two ``taipai chat --db`` files side by side, both the terminal chat's session 1, used to write the
    same ``taipai-terminal-console-session1.csv``: the second export silently replaced the first."""
    paths = []
    for db, names in (("monday", "A B C D"), ("tuesday", "E F G H")):
        store = await Store.open(sqlite_url(tmp_path / f"{db}.db"))
        try:
            talk = Talk(Service(store, locale="en", export_files=True), CONSOLE)
            await talk(names[0], f"開枱 {names}")
            replies = await talk.service.handle(CONSOLE, names[0], "/export")
            reply = replies[0].text
            assert reply.startswith("Exported 1 events as CSV: ")
            path = reply.removeprefix("Exported 1 events as CSV: ")
            assert replies[0].document is not None and path.endswith("/" + replies[0].document.filename)
            paths.append(path)
        finally:
            await store.close()
    assert paths[0] != paths[1]
    assert [p.rsplit("/", 1)[0] for p in paths] == [str(tmp_path.resolve())] * 2  # beside the database
    names = [p.rsplit("/", 1)[1] for p in paths]
    assert names[0].startswith("taipai-monday-") and names[0].endswith("-terminal-console-session1.csv")
    assert names[1].startswith("taipai-tuesday-") and names[1].endswith("-terminal-console-session1.csv")
    first = (tmp_path / names[0]).read_text(encoding="utf-8")
    second = (tmp_path / names[1]).read_text(encoding="utf-8")
    assert "A" in [r["payee"] for r in csv.DictReader(io.StringIO(first)) if r["row"] == "balance"]
    assert "E" in [r["payee"] for r in csv.DictReader(io.StringIO(second)) if r["row"] == "balance"]


@pytest.mark.asyncio
async def test_the_same_file_name_in_any_export_folder_still_differs_per_database(tmp_path):
    """A configured export folder shared by two databases that have the same file name."""
    out = tmp_path / "out"
    filenames = []
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        store = await Store.open(sqlite_url(tmp_path / folder / "taipai.db"))
        try:
            service = Service(store, locale="en", export_dir=out)
            await service.handle(CONSOLE, "A", "開枱 A B C D")
            replies = await service.handle(CONSOLE, "A", "/export")
            assert replies[0].document is not None
            filenames.append(replies[0].document.filename)
            again = await service.handle(CONSOLE, "A", "/export")  # the same session: the same file
            assert again[0].document is not None and again[0].document.filename == filenames[-1]
        finally:
            await store.close()
    assert filenames[0] != filenames[1]
    assert sorted(p.name for p in out.iterdir()) == sorted(filenames)


@pytest.mark.asyncio
async def test_csv_notes_are_in_the_chat_language_and_the_header_is_stable(talk_zh, tmp_path):
    talk = talk_zh
    talk.service._export_dir = tmp_path
    await talk("A", "開枱 A B C D")
    await talk("B", "B 自摸 12番 槓上 C包")  # C pays 18 (A's leg, dealer) + 17 + 17 → 拉一 C→B 52
    await talk("B", "B 飛 九筒")
    replies = await talk.service.handle(talk.chat, "A", "匯出")
    assert replies[0].document is not None
    text = replies[0].document.content.decode("utf-8-sig")
    assert text.splitlines()[0] == (
        "number,hand,round,dealer,streak,event,row,payer,payee,fan,bases,level,amount,money,rule,note"
    )
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["row"], r["note"]) for r in rows] == [
        ("event", "開枱：東 A、南 B、西 C、北 D。A 做莊。"),
        ("event", "B 自摸：12番"),
        ("leg", "C（代 A） → B：18（12番 + 底 5 + 莊 1）"),
        ("leg", "C → B：17（12番 + 底 5）"),
        ("leg", "C（代 D） → B：17（12番 + 底 5）"),
        ("chain", "拉一：C 欠 B 52"),
        ("event", "B 飛 九筒（飛牌）：記低咗，唔使找數。"),
        ("balance", "A 嘅輸贏：0番 = HK$0"),  # B's 52 is still a 拉 chain, not paid
        ("balance", "B 嘅輸贏：0番 = HK$0"),
        ("balance", "C 嘅輸贏：0番 = HK$0"),
        ("balance", "D 嘅輸贏：0番 = HK$0"),
        ("chain", "拉一：C 欠 B 52"),
    ]
    assert [r["event"] for r in rows[:7]] == ["table_opened", "self_draw", *["self_draw"] * 4, "fly_tile"]
    assert replies[0].text == f"匯出咗 3 項做 CSV：{tmp_path / replies[0].document.filename}"


@pytest.mark.asyncio
@pytest.mark.parametrize("platform", ["telegram", "discord"])
async def test_a_bot_export_is_sent_and_not_kept(platform, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the fallback folder of a written export
    evening = datetime(2026, 11, 30, 15, 30, tzinfo=UTC)  # 23:30 in Hong Kong
    store = await Store.open(sqlite_url(tmp_path / "taipai.db"), clock=lambda: evening)
    try:
        service = Service(store, locale="en")  # as the bots build it (taipai.bot.app)
        chat = ChatRef(platform, "-100123")
        await service.handle(chat, "A", "開枱 A B C D")
        await service.handle(chat, "B", "B 食 A 12番")
        before = sorted(p.name for p in tmp_path.rglob("*"))
        (reply,) = await service.handle(chat, "A", "/export")
        assert sorted(p.name for p in tmp_path.rglob("*")) == before  # no file on the server
        assert reply.document is not None
        name = reply.document.filename
        assert name.startswith("taipai-taipai-") and name.endswith(f"-{platform}--100123-session1.csv")
        assert reply.text == f"Exported 2 events as CSV: {name} (attached; not kept on the server)"
        assert reply.document.content.startswith("\ufeffnumber,hand,".encode())  # the BOM, then the header
        assert reply.document.caption == "Session 1 · 30 Nov · 1 hand · HKD"
        rows = list(csv.DictReader(io.StringIO(reply.document.content.decode("utf-8-sig"))))
        legs = [(r["payer"], r["payee"], r["amount"]) for r in rows if r["row"] == "leg"]
        assert legs == [("A", "B", "18")]  # 12 fan + 底 5 + A's dealer 1
    finally:
        await store.close()


def test_the_terminal_writes_the_export_where_the_user_asks(tmp_path, capsys, monkeypatch):
    from taipai.bot.cli import main

    for var in ("TELEGRAM_BOT_TOKEN", "DISCORD_BOT_TOKEN", "DATABASE_URL"):
        monkeypatch.delenv(var, raising=False)
    out_dir = tmp_path / "exports"
    monkeypatch.setattr("sys.stdin", io.StringIO("A: 開枱 A B C D\nA: 匯出\n"))
    status = main(["chat", "--db", str(tmp_path / "t.db"), "--lang", "en", "--export-dir", str(out_dir)])
    assert status == 0
    (written,) = out_dir.iterdir()
    assert f"Exported 1 events as CSV: {written}" in capsys.readouterr().out
    assert written.read_text(encoding="utf-8").startswith("\ufeffnumber,hand,round,dealer,streak,event,row,")


def test_every_row_says_what_it_is_chain_payments_and_balances_too():
    """港式台牌 (底 5, dealer 2n+1, 鋪鋪拉): h1 B 食 A 5番, A deals: 5 + 5 + 1 = 11, a 拉一 A → B; h2 C
    自摸 3番, B deals: A and D owe C 3 + 5 = 8, B 3 + 5 + 1 = 9, and A's 拉一 to B is paid (找數,
    ``la_settle``); 埋數 pays the three chains to C.  Balances: A -11 - 8 = -19, B +11 - 9 = +2,
    C +25, D -8."""
    from taipai.bot.i18n import use_locale
    from taipai.bot.service.export import session_csv
    from taipai.core.table import SelfDraw, SessionEnded, TableOpened, WinByDiscard, WinLeg
    from taipai.core.table.machine import replay

    state = replay(
        [
            TableOpened(players=("A", "B", "C", "D")),
            WinByDiscard(discarder="A", legs=(WinLeg("B", 5),)),
            SelfDraw(winner="C", fan=3),
            SessionEnded(),
        ]
    )
    for locale in ("en", "zh_Hant_HK"):
        with use_locale(locale):
            rows = list(csv.DictReader(io.StringIO(session_csv(state))))
        assert all(r["note"] for r in rows), locale
        paid = [
            (r["payer"], r["payee"], r["amount"], r["rule"], r["note"]) for r in rows if r["row"] == "payment"
        ]
        balances = [r["note"] for r in rows if r["row"] == "balance"]
        if locale == "en":
            assert paid == [
                ("A", "B", "11", "la_settle", "A pays B 11 (la 1 settled: A → B 11)"),
                ("A", "C", "8", "la_settle", "A pays C 8 (la 1 settled: A → C 8)"),
                ("B", "C", "9", "la_settle", "B pays C 9 (la 1 settled: B → C 9)"),
                ("D", "C", "8", "la_settle", "D pays C 8 (la 1 settled: D → C 8)"),
            ]
            assert balances == [
                "A's balance: -19 fan = -HK$19",
                "B's balance: +2 fan = +HK$2",
                "C's balance: +25 fan = +HK$25",
                "D's balance: -8 fan = -HK$8",
            ]
        else:
            assert paid[0][4] == "A 俾 B 11（拉一找數：A → B 11）"
            assert balances[0] == "A 嘅輸贏：-19番 = -HK$19"


def test_at_taiwan_the_balance_rows_say_the_money():
    # 底 100 + 台 50: B 食 A 5台, A deals (作莊 1台): A pays 100 + 6 × 50 = 400
    from taipai.bot.i18n import use_locale
    from taipai.bot.service.export import session_csv
    from taipai.core.table import TableOpened, WinByDiscard, WinLeg
    from taipai.core.table.machine import replay

    state = replay(
        [TableOpened(players=("A", "B", "C", "D"), system="taiwan"), WinByDiscard("A", (WinLeg("B", 5),))]
    )
    with use_locale("en"):
        rows = list(csv.DictReader(io.StringIO(session_csv(state))))
    assert all(r["note"] for r in rows)
    assert [r["note"] for r in rows if r["row"] == "balance"] == [
        "A's balance: -HK$400",
        "B's balance: +HK$400",
        "C's balance: HK$0",
        "D's balance: HK$0",
    ]
