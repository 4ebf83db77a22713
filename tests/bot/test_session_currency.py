"""A table's currency is the table's (issue 15 item 8; money is sacred): money of different currencies
never adds up, and a night keeps the currency it was played in.

The chat, figures by hand:
  Night 1, 28 Nov, 港式台牌 in HK$ (the chat never chose a currency; HK$1 a fan, 底 5, dealer 1):
    阿玲 食 阿明 5番: 阿明 (dealer) pays 5 + 5 + 1 = 11 (a 拉 chain, settled at 埋數).
    Net HK$: 阿明 -11, 阿玲 +11.
  Night 2, 30 Nov, 台灣牌 opened in HK$, then 貨幣 NT$ at the open table (its money now reads NT$):
    阿明 (dealer) 自摸 3台: each pays 底 100 + 3台 × 50 + 作莊 50 = NT$300.
    Net NT$: 阿明 +900, 阿玲 -300, 阿強 -300, 阿珍 -300.
  貨幣 HK$ with no table open: the chat's currency only; night 2 still reads NT$.
  Night 3, 1 Dec, 廣東牌 stamped HK$ at 開枱 (1元一底): 阿玲 自摸 5翻: a portion 2^4 = 16 from each.
    Net HK$: 阿玲 +48, 阿明 -16, 阿強 -16, 阿珍 -16.
  All time, per currency (never added):
    HK$: 阿玲 +11 +48 = +59; 阿強 -16; 阿珍 -16; 阿明 -11 -16 = -27 (sum 0).
    NT$: 阿明 +900; 阿玲, 阿強, 阿珍 -300 (sum 0).
  Ranked by the chat's currency now (HK$): 阿玲, then 阿強 and 阿珍 (-16 each, no wins: by name,
  強 U+5F37 before 珍 U+73CD), then 阿明.
"""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from fractions import Fraction

import pytest
import pytest_asyncio
from sqlalchemy import update
from sqlalchemy.engine import Connection

from taipai.bot import money_format
from taipai.bot.service import Service, chart
from taipai.bot.service.identity import Member
from taipai.bot.service.stats import PlayerFigures, SessionFigures, add_up
from taipai.bot.store import ChatRef, Store
from taipai.bot.store.chats import ChatData
from taipai.bot.store.schema import sessions
from taipai.bot.store.seasons import SeasonData
from taipai.core.table import TableState

pytestmark = pytest.mark.both_databases

CHAT = ChatRef("telegram", "-100555")
ADMIN = Member("100", "管理員", is_admin=True)


class Clock:
    """The store's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 28, 12, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest_asyncio.fixture
async def group(db_url: str) -> AsyncIterator[tuple[Service, Clock]]:
    clock = Clock()
    store = await Store.open(db_url, clock=clock)
    try:
        yield Service(store, locale="zh_Hant_HK"), clock
    finally:
        await store.close()


async def say(service: Service, text: str) -> str:
    replies = await service.handle(CHAT, ADMIN.display, text, member=ADMIN)
    return "\n".join(r.text for r in replies)


async def night_1(service: Service, clock: Clock) -> None:
    clock.now = datetime(2026, 11, 28, 12, tzinfo=UTC)
    await say(service, "開枱 阿明 阿玲 阿強 阿珍")
    assert "阿明 → 阿玲：11（5番 + 底 5 + 莊 1）" in await say(service, "阿玲 食 阿明 5番")
    assert "  阿明 俾 阿玲 11番 = HK$11" in (await say(service, "埋數")).splitlines()


async def night_2(service: Service, clock: Clock) -> None:
    clock.now = datetime(2026, 11, 30, 12, tzinfo=UTC)
    await say(service, "開枱 阿明 阿玲 阿強 阿珍 台灣牌")
    assert await say(service, "貨幣 NT$") == (
        "貨幣改咗做 NT$（TWD）。呢張枱嘅銀碼而家咁寫：NT$1,080；已經記咗嘅數唔變；打完嘅場次照用返佢哋自己嘅貨幣。"
    )
    hand = (await say(service, "阿明 自摸 3台")).splitlines()
    assert hand[1] == "阿玲 俾 阿明 NT$300（底 100 + 3台 × 50 + 作莊 50）"
    assert "  阿珍 俾 阿明 NT$300" in (await say(service, "埋數")).splitlines()


async def night_3(service: Service, clock: Clock) -> None:
    assert (
        await say(service, "貨幣 HK$") == "貨幣改咗做 HK$（HKD）。銀碼而家咁寫：HK$1,080；已經記咗嘅數唔變。"
    )
    clock.now = datetime(2026, 12, 1, 12, tzinfo=UTC)
    await say(service, "開枱 阿明 阿玲 阿強 阿珍 廣東牌")
    assert (await say(service, "阿玲 自摸 5翻")).splitlines()[1] == "阿明 俾 阿玲 HK$16"
    assert "  東 阿玲: +HK$48" in (await say(service, "埋數")).splitlines()


async def three_nights(service: Service, clock: Clock) -> None:
    await night_1(service, clock)
    await night_2(service, clock)
    await night_3(service, clock)


@pytest.mark.asyncio
async def test_each_session_is_stamped_with_its_currency(group):
    service, clock = group
    await three_nights(service, clock)
    spans = await SeasonData(service.store).spans(CHAT)
    # night 1: the chat never chose (NULL = HKD); night 2 relabelled while open; night 3 stamped at 開枱
    assert [(s.session.system, s.session.currency) for s in spans] == [
        ("hk-taiwan", None),
        ("taiwan", "TWD"),
        ("hk-old", "HKD"),
    ]


@pytest.mark.asyncio
async def test_stats_and_leaderboard_keep_the_currencies_apart(group):
    service, clock = group
    await three_nights(service, clock)
    stats = (await say(service, "戰績 全部")).splitlines()
    assert stats[:6] == [
        "全部戰績（3場，3鋪）：",
        "  阿玲（3場）：食2/3鋪（自摸1）、出銃0、最大5番（11月28日第1鋪）、5翻（12月1日第1鋪）、+HK$59、-NT$300",
        "  阿強（3場）：食0/3鋪（自摸0）、出銃0、最大未有、-HK$16、-NT$300",
        "  阿珍（3場）：食0/3鋪（自摸0）、出銃0、最大未有、-HK$16、-NT$300",
        "  阿明（3場）：食1/3鋪（自摸1）、出銃1、最大3台（11月30日第1鋪）、-HK$27、+NT$900",
        "唔同貨幣嘅銀碼永遠唔會加埋一齊：每種分開列；排名睇HK$嘅銀碼。",
    ]
    board = (await say(service, "排行榜 全部")).splitlines()
    assert board[:6] == [
        "全部排行榜：",
        "  1. 阿玲 +HK$59、-NT$300：食2/3鋪（67%）",
        "  2. 阿強 -HK$16、-NT$300：食0/3鋪（0%）",
        "  3. 阿珍 -HK$16、-NT$300：食0/3鋪（0%）",
        "  4. 阿明 -HK$27、+NT$900：食1/3鋪（33%）",
        "唔同貨幣嘅銀碼永遠唔會加埋一齊：每種分開列；排名睇HK$嘅銀碼。",
    ]
    await say(service, "/lang en")
    board = (await say(service, "/leaderboard all")).splitlines()
    assert board[1] == "  1. 阿玲 +HK$59, -NT$300: won 2/3 hands (67%)"
    assert board[5] == (
        "Money in different currencies is never added up: each is shown on its own; players are "
        "ranked by their money in HK$."
    )
    # the chat back in NT$: its money ranks first and is written first
    await say(service, "/currency TWD")
    board = (await say(service, "/leaderboard all")).splitlines()
    assert board[1:5] == [
        "  1. 阿明 +NT$900, -HK$27: won 1/3 hands (33%)",
        "  2. 阿玲 -NT$300, +HK$59: won 2/3 hands (67%)",
        "  3. 阿強 -NT$300, -HK$16: won 0/3 hands (0%)",
        "  4. 阿珍 -NT$300, -HK$16: won 0/3 hands (0%)",
    ]


@pytest.mark.asyncio
async def test_one_currency_shows_one_figure_and_no_extra_line(group):
    service, clock = group
    await night_1(service, clock)
    assert (await say(service, "排行榜 全部")).splitlines() == [
        "全部排行榜：",
        "  1. 阿玲 +HK$11：食1/1鋪（100%）",
        "  2. 阿強 HK$0：食0/1鋪（0%）",
        "  3. 阿珍 HK$0：食0/1鋪（0%）",
        "  4. 阿明 -HK$11：食0/1鋪（0%）",
        "按淨輸贏排；勝率 = 食咗幾鋪 ÷ 打咗幾鋪。名以開枱打嘅為準。",
    ]


@pytest.mark.asyncio
async def test_history_export_and_stats_of_the_nt_night_after_switching_back(group):
    service, clock = group
    await night_1(service, clock)
    await night_2(service, clock)
    assert (await say(service, "貨幣 HK$")).startswith("貨幣改咗做 HK$（HKD）。銀碼而家咁寫")
    history = (await say(service, "歷史")).splitlines()  # the last table: night 2
    assert history[2] == "    阿玲 俾 阿明 NT$300（底 100 + 3台 × 50 + 作莊 50）"
    (exported,) = await service.handle(CHAT, ADMIN.display, "匯出", member=ADMIN)
    assert exported.document is not None
    assert exported.document.caption == "第2場 · 11月30日 · 1鋪 · TWD"
    rows = list(csv.DictReader(io.StringIO(exported.document.content.decode("utf-8-sig"))))
    assert {r["payee"]: r["money"] for r in rows if r["row"] == "balance"}["阿明"] == "900"  # plain number
    assert any("NT$" in r["note"] for r in rows) and not any("HK$" in r["note"] for r in rows)
    assert (await say(service, "戰績")).splitlines()[1].endswith("、+NT$900")  # the last session's


@pytest.mark.asyncio
async def test_the_season_export_writes_each_nights_notes_in_its_currency(group):
    service, clock = group
    await three_nights(service, clock)
    (exported,) = await service.handle(CHAT, ADMIN.display, "匯出 賽季", member=ADMIN)
    assert exported.document is not None
    assert exported.document.caption.endswith(" · 3場 · HKD, TWD")
    rows = list(csv.DictReader(io.StringIO(exported.document.content.decode("utf-8-sig"))))
    notes = {game: " ".join(r["note"] for r in rows if r["game"] == game) for game in ("taiwan", "hk-old")}
    assert "NT$" in notes["taiwan"] and "HK$" not in notes["taiwan"]
    assert "HK$" in notes["hk-old"] and "NT$" not in notes["hk-old"]


@pytest.mark.asyncio
async def test_currency_at_an_open_table_relabels_that_table_only(group):
    service, clock = group
    await night_1(service, clock)
    clock.now = datetime(2026, 11, 30, 12, tzinfo=UTC)
    await say(service, "開枱 阿明 阿玲 阿強 阿珍 台灣牌")
    assert (await say(service, "阿明 自摸 3台")).splitlines()[
        1
    ] == "阿玲 俾 阿明 HK$300（底 100 + 3台 × 50 + 作莊 50）"
    await say(service, "貨幣 NT$")
    assert (await say(service, "計數")).splitlines()[1:] == [
        "  東 阿明: +NT$900",
        "  南 阿玲: -NT$300",
        "  西 阿強: -NT$300",
        "  北 阿珍: -NT$300",
    ]
    stats = (await say(service, "戰績")).splitlines()  # the open table's figures follow its label
    assert stats[1].endswith("、+NT$900")
    spans = await SeasonData(service.store).spans(CHAT)
    assert [s.session.currency for s in spans] == [None, "TWD"]  # night 1 keeps its own (HKD)


@pytest.mark.asyncio
async def test_a_session_stored_without_a_currency_reads_hk_dollars(group):
    service, _clock = group
    await say(service, "開枱 阿明 阿玲 阿強 阿珍 台灣牌")
    assert (await say(service, "阿明 自摸 3台")).splitlines()[1].startswith("阿玲 俾 阿明 HK$300")
    await say(service, "貨幣 NT$")
    chats = ChatData(service.store)
    assert await chats.money_currency(CHAT) == "TWD"

    def forget(conn: Connection) -> None:  # a session stored before sessions.currency existed
        conn.execute(update(sessions).values(currency=None))

    await service.store.run_write(forget)
    assert await chats.chat_currency(CHAT) == "TWD"  # the chat's own setting stays
    assert await chats.money_currency(CHAT) is None  # the open session's: NULL, HKD
    assert (await say(service, "計數")).splitlines()[1] == "  東 阿明: +HK$900"
    assert (await say(service, "貨幣")).startswith("呢度嘅銀碼用 HK$（HKD）寫")
    assert "  東 阿明: +HK$900" in (await say(service, "埋數")).splitlines()
    assert (await say(service, "歷史")).splitlines()[2].startswith("    阿玲 俾 阿明 HK$300")


def test_net_money_of_two_currencies_never_adds_up():
    """add_up keeps one figure per currency; ``net`` refuses to add two (pure, figures by hand)."""
    opened = datetime(2026, 12, 1, tzinfo=UTC)
    hk = SessionFigures(
        1, opened, "hk-taiwan", "番", 1, (PlayerFigures("阿玲", 1, 1, money={"HKD": Fraction(59)}),)
    )
    nt = SessionFigures(
        2, opened, "taiwan", "台", 1, (PlayerFigures("阿玲", 1, 1, money={"TWD": Fraction(-300)}),), "TWD"
    )
    (ling,) = add_up([hk, nt])
    assert ling.money == {"HKD": Fraction(59), "TWD": Fraction(-300)}
    assert ling.net_in("HKD") == 59 and ling.net_in("CNY") == 0
    with pytest.raises(ValueError, match="does not add up"):
        _ = ling.net
    (only,) = add_up([hk])
    assert only.net == 59


@pytest.mark.asyncio
async def test_the_chart_of_the_nt_night_is_drawn_in_nt_dollars(group, monkeypatch: pytest.MonkeyPatch):
    """圖表 after the NT$ night, the chat back in HK$: the chart's labels are written in NT$ (the
    currency in force when its figures are made)."""
    service, clock = group
    await night_2(service, clock)
    await say(service, "貨幣 HK$")
    seen: list[str] = []
    made = chart.chart_data

    def spy(state: TableState, *, started: datetime | None = None) -> chart.ChartData:
        seen.append(money_format.current_currency())
        return made(state, started=started)

    monkeypatch.setattr(chart, "chart_data", spy)
    (reply,) = await service.handle(CHAT, ADMIN.display, "圖表", member=ADMIN)
    assert seen == ["TWD"] and reply.picture is not None


@pytest.mark.asyncio
async def test_undoing_the_nt_nights_settle_reopens_it_in_nt_dollars(group):
    """撤銷 of night 2's 埋數 after the chat went back to HK$: the table reopens with its own NT$."""
    service, clock = group
    await night_2(service, clock)
    await say(service, "貨幣 HK$")
    assert await say(service, "撤銷")  # 埋數 undone: the table is open again
    row = await service.store.open_session(CHAT)
    assert row is not None and row.currency == "TWD"
    assert (await say(service, "計數")).splitlines()[1] == "  東 阿明: +NT$900"
