"""戰績, 排行榜, 新賽季 and 匯出 賽季 (issue 15 item 6 and /export season of item 9), from a replayed log.

The log: three nights of one group, in two months, a season started between them, the last at 台灣牌.
Hong Kong time (UTC+8) is the stats' calendar; the store's clock is set before each night.

Night 1, Sat 28 Nov 2026 20:00 HKT, 港式台牌 (rate HK$1 a fan, 底 5, dealer 2n+1, 鋪鋪拉), seats 阿明 阿玲 阿強 阿珍:
  h1 阿玲 食 阿明 5番: 阿明 (dealer, n=0) pays 5 + 底 5 + 1 = 11 (a 拉 chain); deal → 阿玲.
  h2 阿強 自摸 8番: each pays 8 + 5 = 13, 阿玲 (dealer) 14; the chain 阿明→阿玲 11 is settled (another
     pair wins); deal → 阿強.
  h3 流局: 阿強 keeps the deal (連1).
  h4 阿明 食 阿珍 10番: 阿珍 pays 10 + 5 = 15 (no dealer on the leg); the three chains to 阿強 are settled.
  埋數 settles 阿珍→阿明 15.
  Net: 阿明 -11 -13 +15 = -9; 阿玲 +11 -14 = -3; 阿強 +13 +14 +13 = +40; 阿珍 -13 -15 = -28 (sum 0).
Night 2, Mon 30 Nov 2026 21:00 HKT, 港式台牌, seats 阿強 阿明 阿珍 阿玲 (阿強 deals):
  h1 阿明 自摸 12番: each pays 12 + 5 = 17, 阿強 (dealer) 18; deal → 阿明.
  h2 阿玲 食 阿珍 6番: 阿珍 pays 6 + 5 = 11; the chains to 阿明 are settled.  埋數 settles 阿珍→阿玲 11.
  Net: 阿明 +18 +17 +17 = +52; 阿強 -18; 阿珍 -17 -11 = -28; 阿玲 -17 +11 = -6 (sum 0).
Season 2 starts Tue 1 Dec 2026 06:00 HKT (Mon 30 Nov 22:00 UTC).
Night 3, Tue 1 Dec 2026 07:00 HKT (still 30 Nov in UTC: December only on Hong Kong's calendar), 台灣牌
(底 100, 台額 50, 作莊 1台 + 連N拉N 2N台 on the dealer's legs), seats 阿明 阿玲 阿強 阿珍:
  h1 阿明 自摸 3台: each pays 100 + (3 + 1) × 50 = 300; 阿明 keeps the deal (連1).
  h2 阿玲 食 阿明 5台: 阿明 (dealer, 連1: 1 + 2 = 3台) pays 100 + (5 + 3) × 50 = 500; deal → 阿玲.
  h3 阿珍 食 阿強 8台: 阿強 pays 100 + 8 × 50 = 500 (no dealer on the leg).
  Net: 阿明 +900 -500 = +400; 阿玲 -300 +500 = +200; 阿強 -300 -500 = -800; 阿珍 -300 +500 = +200.

All time (money adds up over the games; hands 4 + 2 + 3 = 9 for everyone):
  阿明 -9 +52 +400 = +443, won 3 (N1h4 10番, N2h1 12番 自摸, N3h1 3台 自摸), 出銃 2 (N1h1, N3h2)
  阿玲 -3 -6 +200 = +191, won 3 (N1h1 5番, N2h2 6番, N3h2 5台), 出銃 0
  阿珍 -28 -28 +200 = +144, won 1 (N3h3 8台), 出銃 2 (N1h4, N2h2)
  阿強 +40 -18 -800 = -778, won 1 (N1h2 8番 自摸), 出銃 1 (N3h3)   (sum 443 + 191 + 144 - 778 = 0)
"""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from fractions import Fraction
from zoneinfo import ZoneInfo

import pytest
import pytest_asyncio

from taipai.bot.service import Service
from taipai.bot.service.export import export_name
from taipai.bot.service.identity import Member
from taipai.bot.service.standings import Asked, parse_standings, percent
from taipai.bot.service.stats import add_up, ranked, session_figures
from taipai.bot.store import ChatRef, Store
from taipai.core.table import Draw, SelfDraw, SessionEnded, TableOpened, WinByDiscard, WinLeg
from taipai.core.table.machine import replay

pytestmark = pytest.mark.both_databases

CHAT = ChatRef("telegram", "-100777")
ADMIN = Member("100", "管理員", is_admin=True)
LING = Member("200", "阿玲")


def hkt(day: int, hour: int, month: int = 12) -> datetime:
    """``day``/``month`` 2026 at ``hour``:00 Hong Kong time, as the store's aware UTC."""
    return datetime(2026, month, day, hour, tzinfo=ZoneInfo("Asia/Hong_Kong")).astimezone(UTC)


class Clock:
    """The store's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = hkt(28, 20, 11)

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


async def say(service: Service, text: str, member: Member = ADMIN, *, locale: str | None = None) -> str:
    replies = await service.handle(CHAT, member.display, text, member=member, locale=locale)
    return "\n".join(r.text for r in replies)


NIGHTS = (
    (
        hkt(28, 20, 11),
        "開枱 阿明 阿玲 阿強 阿珍",
        ("阿玲 食 阿明 5番", "阿強 自摸 8番", "流局", "阿明 食 阿珍 10番"),
    ),
    (hkt(30, 21, 11), "開枱 阿強 阿明 阿珍 阿玲", ("阿明 自摸 12番", "阿玲 食 阿珍 6番")),
    (hkt(1, 7), "開枱 阿明 阿玲 阿強 阿珍 台灣牌", ("阿明 自摸 3台", "阿玲 食 阿明 5台", "阿珍 食 阿強 8台")),
)
SEASON_2 = hkt(1, 6)


async def play(service: Service, clock: Clock, night: int, *, settle: bool = True) -> None:
    at, opening, hands = NIGHTS[night]
    clock.now = at
    assert "阿明" in await say(service, opening)
    for hand in hands:
        assert await say(service, hand)
    if settle:
        assert "埋數" in await say(service, "埋數")


async def three_nights(service: Service, clock: Clock) -> None:
    await play(service, clock, 0)
    await play(service, clock, 1)
    clock.now = SEASON_2
    assert "第2季" in await say(service, "新賽季")
    await play(service, clock, 2)
    clock.now = hkt(1, 23)


def test_the_clock_helper_is_hong_kong_time():
    assert hkt(1, 7) == datetime(2026, 11, 30, 23, tzinfo=UTC)
    assert hkt(28, 20, 11) == datetime(2026, 11, 28, 12, tzinfo=UTC)


@pytest.mark.asyncio
async def test_all_time_stats_add_up_three_nights_of_two_games(group):
    service, clock = group
    await three_nights(service, clock)
    text = await say(service, "戰績 全部")
    assert text.splitlines()[:5] == [
        "全部戰績（3場，9鋪）：",
        "  阿明（3場）：食3/9鋪（自摸2）、出銃2、最大12番（11月30日第1鋪）、3台（12月1日第1鋪）、+HK$443",
        "  阿玲（3場）：食3/9鋪（自摸0）、出銃0、最大6番（11月30日第2鋪）、5台（12月1日第2鋪）、+HK$191",
        "  阿珍（3場）：食1/9鋪（自摸0）、出銃2、最大8台（12月1日第3鋪）、+HK$144",
        "  阿強（3場）：食1/9鋪（自摸1）、出銃1、最大8番（11月28日第2鋪）、-HK$778",
    ]
    assert "開枱打嘅名" in text.splitlines()[5]


@pytest.mark.asyncio
async def test_the_leaderboard_ranks_by_net_money(group):
    service, clock = group
    await three_nights(service, clock)
    # all time: 443 > 191 > 144 > -778; win rates 3/9 = 33%, 3/9, 1/9 = 11%, 1/9
    assert (await say(service, "排行榜 全部")).splitlines()[:5] == [
        "全部排行榜：",
        "  1. 阿明 +HK$443：食3/9鋪（33%）",
        "  2. 阿玲 +HK$191：食3/9鋪（33%）",
        "  3. 阿珍 +HK$144：食1/9鋪（11%）",
        "  4. 阿強 -HK$778：食1/9鋪（11%）",
    ]
    # season 2 is night 3 alone: 400, then 阿玲 and 阿珍 tie at 200 (1 of 3 each: the name decides,
    # 玲 U+73B2 before 珍 U+73CD), then 阿強 -800.  排行榜 alone is the current season.
    assert (await say(service, "排行榜")).splitlines()[:5] == [
        "第2季（12月1日起）排行榜：",
        "  1. 阿明 +HK$400：食1/3鋪（33%）",
        "  2. 阿玲 +HK$200：食1/3鋪（33%）",
        "  3. 阿珍 +HK$200：食1/3鋪（33%）",
        "  4. 阿強 -HK$800：食0/3鋪（0%）",
    ]


@pytest.mark.asyncio
async def test_the_season_boundary_and_the_month_on_hong_kong_time(group):
    service, clock = group
    await three_nights(service, clock)
    season = await say(service, "/stats season")
    assert season.splitlines()[0] == "第2季（12月1日起）戰績（1場，3鋪）："
    assert "  阿明：食1/3鋪（自摸1）、出銃1、最大3台（12月1日第1鋪）、+HK$400" in season.splitlines()
    # night 3 opened on 30 Nov in UTC but 1 Dec in Hong Kong: December has it alone
    month = await say(service, "戰績 本月")
    assert month.splitlines()[0] == "本月（2026年12月）戰績（1場，3鋪）："
    clock.now = hkt(30, 23, 11)  # back in November (Hong Kong): nights 1 and 2
    november = await say(service, "戰績 本月")
    assert november.splitlines()[0] == "本月（2026年11月）戰績（2場，6鋪）："
    # 阿明 -9 + 52 = +43; 阿強 +40 - 18 = +22; 阿玲 -3 - 6 = -9; 阿珍 -28 - 28 = -56
    assert [line.split("：")[0].strip() for line in november.splitlines()[1:5]] == [
        "阿明（2場）",
        "阿強（2場）",
        "阿玲（2場）",
        "阿珍（2場）",
    ]
    assert november.splitlines()[1].endswith("最大12番（11月30日第1鋪）、+HK$43")
    assert november.splitlines()[4].endswith("最大未有、-HK$56")


@pytest.mark.asyncio
async def test_this_session_while_open_then_the_last_one(group):
    service, clock = group
    await play(service, clock, 0)
    await play(service, clock, 1, settle=False)
    # night 2 open, its 拉 chains counted as paid now (what 埋數 will leave): 阿明 +52
    open_now = await say(service, "戰績", locale="en")
    assert open_now.splitlines()[:2] == [
        "Stats for this session (no. 2, Nov 30) (sessions: 1, hands: 2):",
        "  阿明: won 1/2 hands (1 self-drawn), dealt in 0, biggest 12 fan (hand 1), +HK$52",
    ]
    # English points to the slash forms (the Chinese words beside them) and says the unit as a hand does
    assert open_now.splitlines()[-1].endswith(
        "the biggest hand is kept per unit (fan, 台, 翻, 油, 胡, 排). "
        "Also: /stats session|month|season|all (戰績 今晚, 本月, 賽季, 全部); /leaderboard (排行榜)."
    )
    await say(service, "埋數")
    after = await say(service, "/stats", locale="en")
    assert after.splitlines()[0] == "Stats for the last session (no. 2, Nov 30) (sessions: 1, hands: 2):"
    assert after.splitlines()[1:] == open_now.splitlines()[1:]


@pytest.mark.asyncio
async def test_undone_hands_do_not_count(group):
    service, clock = group
    await play(service, clock, 0, settle=False)
    before = await say(service, "戰績")  # the figures at this seq are kept in memory now
    assert "  阿明：食1/4鋪（自摸0）、出銃1、最大10番（第4鋪）、-HK$9" in before.splitlines()
    await say(service, "撤銷")  # h4 阿明 食 阿珍 10番 taken back: 3 hands, 阿明 won none
    # the chains 阿明→阿強, 阿玲→阿強, 阿珍→阿強 (13, 14, 13) open again: 阿明 -11 - 13 = -24
    text = await say(service, "戰績")
    assert "（1場，3鋪）" in text.splitlines()[0]
    assert "  阿明：食0/3鋪（自摸0）、出銃1、最大未有、-HK$24" in text.splitlines()


@pytest.mark.asyncio
async def test_only_an_admin_or_the_tables_creator_starts_a_season(group):
    service, clock = group
    await play(service, clock, 0)
    refused = await say(service, "新賽季", LING)
    assert refused == "阿玲：只有群組管理員或者開上一張枱嘅人先可以開新賽季。而家係第1季，11月28日開始。"
    assert (await service.stats_book.data.current_season(CHAT)).number == 1
    assert (await say(service, "/season", LING, locale="en")).startswith("阿玲: only a chat admin")
    # the member who opened the latest table has the right, as for 埋數
    opener = Member("300", "阿強")
    clock.now = hkt(30, 21, 11)
    await say(service, "開枱 阿強 阿明 阿珍 阿玲", opener)
    await say(service, "阿明 自摸 12番")
    await say(service, "埋數", opener)
    clock.now = SEASON_2
    started = await say(service, "新賽季", opener)
    assert started == "第2季由而家（12月1日）開始，阿強開嘅；第1季打咗2場。戰績 賽季同排行榜由呢度計起。"
    # again at once: the new season has no table yet, so no empty season is made
    again = await say(service, "新賽季", ADMIN)
    assert again == "第2季（12月1日起）仲未打過一場：打完至少一場先可以開新賽季。"
    assert (await service.stats_book.data.current_season(CHAT)).number == 2


@pytest.mark.asyncio
async def test_export_season_is_one_csv_of_the_seasons_sessions(group):
    service, clock = group
    await three_nights(service, clock)
    replies = await service.handle(CHAT, ADMIN.display, "匯出 賽季", member=ADMIN)
    assert len(replies) == 1 and replies[0].document is not None
    doc = replies[0].document
    assert doc.caption == replies[0].text == "第2季 · 12月1日起 · 1場 · HKD"
    # named as the session exports are (the database's name and hash)
    assert doc.filename == export_name(service.store, CHAT, 0).replace("-session0.csv", "-season2.csv")
    assert doc.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(doc.content.decode("utf-8-sig"))))
    assert {(r["session"], r["opened"], r["game"]) for r in rows} == {("3", "2026-12-01", "taiwan")}
    balances = {r["payee"]: r["money"] for r in rows if r["row"] == "balance"}
    assert balances == {"阿明": "400", "阿玲": "200", "阿強": "-800", "阿珍": "200"}
    legs = [(r["payer"], r["payee"], r["amount"]) for r in rows if r["row"] == "leg"]
    assert legs == [
        ("阿玲", "阿明", "300"),
        ("阿強", "阿明", "300"),
        ("阿珍", "阿明", "300"),
        ("阿明", "阿玲", "500"),
        ("阿強", "阿珍", "500"),
    ]
    en = await service.handle(CHAT, ADMIN.display, "/export season", member=ADMIN, locale="en")
    assert en[0].text == "Season 2 · since Dec 1 · 1 session · HKD"


@pytest.mark.asyncio
async def test_bad_periods_are_answered_with_the_right_form(group):
    service, _clock = group
    assert await say(service, "戰績") == "仲未開過枱：打 開枱 A B C D 開第一張枱，之後先有戰績。"
    assert await say(service, "戰績 上個月") == (
        "戰績後面可以寫今晚、本月、賽季或者全部（/stats session|month|season|all），唔係「上個月」。"
    )
    assert await say(service, "/leaderboard week", locale="en") == (
        "排行榜 takes 本月, 賽季 or 全部 (/leaderboard month|season|all), not 「week」."
    )
    assert await say(service, "新賽季 而家") == "新賽季（/season）後面唔使寫嘢。"
    assert await say(service, "匯出 本月") == "匯出 係匯出今場；匯出 賽季（/export season）就匯出成季。"


def test_parse_standings():
    assert parse_standings("戰績") == Asked("stats")
    assert parse_standings("戰績 今晚") == Asked("stats", "session")
    assert parse_standings("战绩 本月？") == Asked("stats", "month")
    assert parse_standings("/stats@taipai_bot season") == Asked("stats", "season")
    assert parse_standings("/leaderboard ALL") == Asked("leaderboard", "all")
    assert parse_standings("排行榜 賽季") == Asked("leaderboard", "season")
    assert parse_standings("新賽季") == Asked("season")
    assert parse_standings("/season") == Asked("season")
    assert parse_standings("匯出 賽季") == Asked("export_season")
    assert parse_standings("/export season") == Asked("export_season")
    assert parse_standings("/export") is None
    assert parse_standings("匯出") is None
    assert parse_standings("今晚食咗幾鋪") is None
    assert parse_standings("戰績 今晚 阿明") == Asked("stats", bad="今晚 阿明")


def test_percent_rounds_half_up():
    assert percent(Fraction(3, 8)) == "38%"
    assert percent(Fraction(1, 3)) == "33%"
    assert percent(Fraction(0)) == "0%"
    assert percent(Fraction(1)) == "100%"


def test_session_figures_pure():
    # 一炮雙響: B and C both win on A's discard, one hand: two wins, A deals in once
    opened = datetime(2026, 12, 1, tzinfo=UTC)
    state = replay(
        [
            TableOpened(players=("A", "B", "C", "D")),
            WinByDiscard("A", (WinLeg("B", 3), WinLeg("C", 7))),
            Draw(),
            SelfDraw("D", 7),
            SessionEnded(),
        ]
    )
    night = session_figures(9, opened, state)
    assert night.hands == 3 and night.unit == "番"
    by_name = {p.name: p for p in night.players}
    assert by_name["A"].dealt_in == by_name["B"].won == by_name["C"].won == by_name["D"].self_drawn == 1
    # C's 7番 on hand 1 stays the biggest over D's equal 7番 only for C; D keeps his own
    assert by_name["C"].biggest["番"].hand == 1 and by_name["D"].biggest["番"].hand == 3
    assert sum(p.net for p in night.players) == 0
    two = add_up([night, session_figures(10, opened, state)])
    assert [p.won for p in two] == [0, 2, 2, 2] and two[0].hands == 6
    assert [p.name for p in ranked(two)][-1] == "A"  # A paid for every hand of both nights


@pytest.mark.asyncio
async def test_a_flower_win_is_a_win_and_its_tai_are_the_biggest_hand(group):
    """台灣牌 (底 100, 台額 50): h1 B 八仙過海 8台: A (dealer, 作莊 1台) pays 100 + 9 × 50 = 550, C and D
    100 + 8 × 50 = 500 each; h2 C 七搶一 D 8台: D alone pays 500.  Net: B +1,550, C -500 + 500 = 0,
    A -550, D -1,000.  Seed 003 「花胡視同正式之胡牌」: each is a win, its 8台 the biggest hand."""
    service, _clock = group
    for line in ("開枱 A B C D 台灣牌", "B 八仙過海", "C 七搶一 D"):
        assert await say(service, line)
    assert (await say(service, "戰績")).splitlines()[1:5] == [
        "  B：食1/2鋪（自摸0）、出銃0、最大8台（第1鋪）、+HK$1,550",
        "  C：食1/2鋪（自摸0）、出銃0、最大8台（第2鋪）、HK$0",
        "  A：食0/2鋪（自摸0）、出銃0、最大未有、-HK$550",
        "  D：食0/2鋪（自摸0）、出銃0、最大未有、-HK$1,000",
    ]
    assert (await say(service, "/stats", locale="en")).splitlines()[1] == (
        "  B: won 1/2 hands (0 self-drawn), dealt in 0, biggest 8台 (hand 1), +HK$1,550"
    )


def test_a_flower_win_that_also_won_the_hand_counts_both():
    # 七搶一 whose replacement tile made a 3台 槓上開花 (seed 003: 「牌面台數照算 … 但花牌台數被搶花者應單獨
    # 計七搶一8台」): 8 + 3 = 11台 is C's biggest, above D's 5台 自摸 of hand 2
    from taipai.systems.taiwan.events import FlowerWin

    state = replay(
        [
            TableOpened(players=("A", "B", "C", "D"), system="taiwan"),
            FlowerWin(winner="C", robbed="B", hand=3, hand_self_drawn=True),
            SelfDraw("D", 5),
        ]
    )
    night = session_figures(1, datetime(2026, 12, 1, tzinfo=UTC), state)
    by_name = {p.name: p for p in night.players}
    assert (by_name["C"].won, by_name["C"].biggest["台"].count, by_name["C"].biggest["台"].hand) == (1, 11, 1)
    assert by_name["D"].biggest["台"].count == 5 and by_name["B"].biggest == {}


@pytest.mark.asyncio
async def test_the_month_follows_the_stats_timezone_setting(group):
    service, clock = group
    await three_nights(service, clock)
    # night 3 opened 07:00 on 1 Dec in Hong Kong, 23:00 on 30 Nov in UTC: on UTC's calendar December
    # (now 15:00 on 1 Dec UTC) has nothing yet, and November has all three nights
    utc = Service(service.store, locale="zh_Hant_HK", stats_timezone="UTC")
    assert await say(utc, "戰績 本月") == "本月（2026年12月）仲未打過一鋪。"
    clock.now = datetime(2026, 11, 30, 23, 30, tzinfo=UTC)
    assert (await say(utc, "戰績 本月")).splitlines()[0] == "本月（2026年11月）戰績（3場，9鋪）："


@pytest.mark.asyncio
async def test_the_terminal_writes_the_season_file(group, tmp_path):
    service, clock = group
    await play(service, clock, 0)
    terminal = Service(service.store, locale="en", export_dir=tmp_path)
    replies = await terminal.handle(CHAT, "阿明", "/export season")
    path = tmp_path / export_name(service.store, CHAT, 0).replace("-session0.csv", "-season1.csv")
    assert replies[0].text == f"Season 1 · since Nov 28 · 1 session · HKD: written to {path}"
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and data == replies[0].document.content
    balances = {
        r["payee"]: r["money"]
        for r in csv.DictReader(io.StringIO(data.decode("utf-8-sig")))
        if r["row"] == "balance"
    }
    assert balances == {"阿明": "-9", "阿玲": "-3", "阿強": "40", "阿珍": "-28"}
