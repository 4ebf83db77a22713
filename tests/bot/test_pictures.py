"""The pictures (issue 15 item 7): the PNG decodes, has the size it says, and draws what it should.

A hand's picture: its groups (concealed part sorted, the winning tile apart, the melds as laid, the
flowers) and the characters on the tiles.  The chart: the data it plots (each player's running
balance hand by hand, ending at the 埋數 balances) and the figure's lines ending there.
"""

from __future__ import annotations

import io
from pathlib import Path

import matplotlib.image
import pytest

from taipai.bot.pictures import fonts
from taipai.bot.pictures.hand import (
    FACE_DOWN,
    GROUP_GAP,
    MARGIN,
    TILE_W,
    Tile,
    hand_figure,
    hand_image,
    layout,
    size,
)
from taipai.core.notation import parse_hand
from taipai.core.tiles import tile


def decode(png: bytes) -> tuple[int, int]:
    """``(width, height)`` of a PNG as matplotlib (through Pillow) decodes it."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pixels = matplotlib.image.imread(io.BytesIO(png), format="png")
    return pixels.shape[1], pixels.shape[0]


def test_the_font_draws_every_tile_and_chart_character():
    assert fonts.check() == ""
    assert fonts.missing_glyphs("萬筒索 中發白 春梅") == ""
    assert fonts.missing_glyphs("\U0001f004a") == "\U0001f004"  # 🀄: not in the face (and reported once)


def test_the_font_is_the_hong_kong_face_of_the_installed_collection():
    from matplotlib import font_manager

    found = font_manager.findfont(fonts.cjk(12), fallback_to_default=False)
    assert str(found).endswith("NotoSansCJK-Regular.ttc")
    assert font_manager.get_font(found).family_name == "Noto Sans CJK HK"


PLAIN = "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 ＋摸 東"  # tests/core/test_notation.py's hand


def test_a_concealed_hand_is_one_row_sorted_with_the_winning_tile_apart():
    spec = parse_hand(PLAIN)
    lay = layout(spec)
    assert lay.melds == () and lay.flowers == () and not lay.top_row
    kinds = [t.kind for t in lay.concealed]
    assert kinds == sorted(kinds) and len(kinds) == 16
    assert kinds[:3] == [tile("m", 1), tile("m", 2), tile("m", 3)]
    assert lay.winning == Tile(kind=27)  # 東
    png = hand_image(spec)
    # 16 tiles and their gaps, the winning tile a group apart; one row
    assert (
        decode(png) == size(spec) == (2 * MARGIN + 16 * TILE_W + 15 * 4 + GROUP_GAP + TILE_W, 2 * 18 + 76 + 4)
    )


def test_melds_sit_above_as_laid_and_a_concealed_kong_shows_its_ends_face_down():
    spec = parse_hand("碰 發發發 上八七九筒 暗槓 北 中 1m 2m 3m 4s 5s 6s 花:春梅菊 摸 中")
    lay = layout(spec)
    assert lay.melds == (
        (Tile(kind=32),) * 3,
        (Tile(kind=tile("p", 7)), Tile(kind=tile("p", 8)), Tile(kind=tile("p", 9))),
        (FACE_DOWN, Tile(kind=30), Tile(kind=30), FACE_DOWN),
    )
    assert lay.flowers == (Tile(flower=1), Tile(flower=5), Tile(flower=7))  # 春 梅 菊
    assert lay.winning == Tile(kind=31) and len(lay.concealed) == 7
    width, height = size(spec, title="自摸")
    assert decode(hand_image(spec, title="自摸")) == (width, height)
    assert height == 2 * 18 + 40 + 2 * (76 + 4) + 18  # title, two rows
    texts = [t.get_text() for t in hand_figure(spec, title="自摸").axes[0].texts]
    assert texts[0] == "自摸"
    assert texts.count("發") == 3 and texts.count("北") == 2  # the kong's two middle tiles face up
    assert texts.count("筒") == 3 and texts.count("萬") == 3 and texts.count("中") == 2
    assert "春" in texts and "梅" in texts and "菊" in texts and "3" in texts  # 菊's printed number


def test_wildcards_are_drawn_with_their_kind_in_place():
    spec = parse_hand("上 七八筒[筒] 一二三萬 四五六萬 二三四索 白白 [皇] 南 摸 [番]")
    lay = layout(spec)
    assert lay.melds == ((Tile(kind=tile("p", 7)), Tile(kind=tile("p", 8)), Tile(wild="筒")),)
    assert lay.concealed[-1] == Tile(wild="皇") and lay.winning == Tile(wild="番")
    texts = [t.get_text() for t in hand_figure(spec).axes[0].texts]
    assert "皇" in texts and "番" in texts
    assert "白" not in texts  # 白 is a frame, no character
    assert decode(hand_image(spec)) == size(spec)


@pytest.mark.parametrize(
    ("system", "text", "size_of"),
    [("hk-old", "123m 456m 789p 中中中 東 食 東", 13), ("taiwan", PLAIN, 16)],
)
def test_a_hand_of_every_game_draws(system, text, size_of):
    spec = parse_hand(text, hand_size=size_of)
    assert len(layout(spec).concealed) == size_of
    assert decode(hand_image(spec)) == size(spec)


# ---------------------------------------------------------------------------------------- the chart
from datetime import UTC, datetime  # noqa: E402

from taipai.bot.i18n import use_locale  # noqa: E402
from taipai.bot.pictures.chart import (  # noqa: E402
    HEIGHT,
    WIDTH,
    ChartData,
    Series,
    balance_chart,
    chart_figure,
    end_labels,
    line_ends,
)
from taipai.bot.service import render  # noqa: E402
from taipai.bot.service.chart import (  # noqa: E402
    asks_chart,
    chart_data,
    has_something,
    moved_after_last_hand,
    running_balances,
)
from taipai.core.table import Draw, FalseWin, SelfDraw, SessionEnded, TableOpened, WinByDiscard  # noqa: E402
from taipai.core.table.events import WinLeg  # noqa: E402
from taipai.core.table.machine import replay  # noqa: E402
from taipai.systems.hk_taiwan.options import TableOptions  # noqa: E402

NAMES = ("阿明", "阿玲", "阿強", "Ben")
MING, LING, KEUNG, BEN = NAMES
NIGHT = datetime(2026, 11, 30, 16, 30, tzinfo=UTC)  # 00:30 on 1 December in Hong Kong


def evening(system: str = "hk-taiwan", options=None, *, settle: bool = True):
    """阿玲 食 阿明 5 (阿明 deals), 阿強 自摸 3 (阿玲 deals), a 流局, then 埋數."""
    events = [
        TableOpened(players=NAMES, options=options, system=system),
        WinByDiscard(discarder=MING, legs=(WinLeg(LING, 5),)),
        SelfDraw(winner=KEUNG, fan=3),
        Draw(),
    ]
    return replay([*events, SessionEnded()] if settle else events)


# 港式台牌 (DESIGN §6: 底 5, 鋪鋪拉, dealer 2n+1): hand 1, 阿明 deals: 5 + 5 + 1 = 11 (拉一 阿明 → 阿玲);
# hand 2, 阿玲 deals: 阿明 and Ben pay 3 + 5 = 8, 阿玲 (dealer) 3 + 5 + 1 = 9, and 阿明's 拉一 is
# paid; hand 3 a draw; 埋數 pays 阿強's chains.  Values are owed (拉 included) after each hand.
HK_RUNNING = {
    MING: [0, -11, -19, -19],
    LING: [0, 11, 2, 2],
    KEUNG: [0, 0, 25, 25],
    BEN: [0, 0, -8, -8],
}


def test_the_running_balances_come_hand_by_hand_from_the_log_and_end_at_the_settled_balances():
    state = evening()
    hands, values = running_balances(state)
    assert hands == (0, 1, 2, 3)
    assert values == HK_RUNNING
    assert {n: v[-1] for n, v in values.items()} == state.balances


def test_an_open_table_charts_its_chains_as_if_paid_now():
    state = evening(settle=False)
    assert state.chains  # 阿強's 拉 on the three others, not paid yet
    _hands, values = running_balances(state)
    assert values == HK_RUNNING
    assert {n: v[-1] for n, v in values.items()} == state.owed() != state.balances
    with use_locale("en"):
        notes = chart_data(state).notes
        assert notes[0] == "To settle now:"
        # the fewest transfers for 阿明 -19, 阿玲 +2, 阿強 +25, Ben -8 (taipai.core.settle)
        assert notes[1:] == (
            f"  阿明 pays 阿強 19 fan = {render.cash(19)}",
            f"  Ben pays 阿強 6 fan = {render.cash(6)}",
            f"  Ben pays 阿玲 2 fan = {render.cash(2)}",
        )


def test_without_the_states_before_the_payments_in_the_log_still_end_at_the_balances():
    import dataclasses

    state = dataclasses.replace(evening(), prev=None)
    _hands, values = running_balances(state)
    assert {n: v[-1] for n, v in values.items()} == state.balances


def test_the_chart_plots_money_at_the_tables_rate_and_its_lines_end_at_each_final_balance():
    state = evening(options=TableOptions(rate=10))
    with use_locale("zh_Hant_HK"):
        data = chart_data(state, started=NIGHT)
    assert data.title == "港式台牌 · 2026年12月1日"
    assert (data.x_label, data.y_label) == ("鋪", "錢")
    finals = {MING: -190, LING: 20, KEUNG: 250, BEN: -80}  # fan units × $10
    assert data.finals() == finals
    assert [s.values for s in data.series] == [tuple(10 * v for v in HK_RUNNING[n]) for n in NAMES]
    assert [s.label for s in data.series] == [
        f"{n}  {render.cash(finals[n], sign=True)}" for n in NAMES
    ]  # 阿明  -HK$190 …
    with use_locale("zh_Hant_HK"):
        assert data.notes == (
            "找數：",
            f"  阿明 俾 阿強 19番 = {render.cash(190)}",
            f"  Ben 俾 阿強 6番 = {render.cash(60)}",
            f"  Ben 俾 阿玲 2番 = {render.cash(20)}",
        )
    fig = chart_figure(data)
    assert line_ends(fig) == {s.label: float(finals[s.name]) for s in data.series}
    texts = [t.get_text() for t in fig.texts]
    assert texts == list(data.notes)  # the transfers, written under the plot
    png = balance_chart(data)
    assert decode(png) == (WIDTH, HEIGHT) == (1200, 800)


def test_at_taiwan_the_chart_plots_the_ledgers_money():
    state = evening("taiwan")
    # 底 100 + 台 50 (seed 台灣牌 preset): 阿玲 食 阿明 5台, 阿明 deals (莊 1台): 100 + 6 × 50 = 400;
    # 阿強 自摸 3台, 阿玲 deals: 阿明 and Ben pay 100 + 3 × 50 = 250, 阿玲 300.
    with use_locale("en"):
        data = chart_data(state, started=NIGHT)
    assert data.title == "Taiwan 16-tile (台灣牌) · Dec 1, 2026"
    assert data.y_label == "Money"
    assert data.finals() == {MING: -650, LING: 100, KEUNG: 800, BEN: -250} == state.balances
    assert data.series[0].values == (0, -400, -650, -650)
    with use_locale("en"):
        assert data.series[2].label == "阿強  " + render.cash(800, sign=True)
    assert line_ends(chart_figure(data))[data.series[2].label] == 800.0
    assert decode(balance_chart(data)) == (1200, 800)


# 廣東牌 (底 1, 2^(翻−1) a portion, 全銃: the discarder pays 2 portions, 自摸 one portion each, 詐糊 the
# maximum 8翻's self-draw portion, 128, to each): h1 阿玲 食 阿明 3翻 (阿明 pays 2 × 4 = 8); h2 阿強 自摸
# 4翻 (8 each); h3 Ben 食 阿強 6翻 (阿強 pays 2 × 32 = 64); then Ben 詐糊 (pays 3 × 128 = 384).
OLD_RUNNING = {
    MING: [0, -8, -16, -16, -16 + 128],
    LING: [0, 8, 0, 0, 128],
    KEUNG: [0, 0, 24, -40, -40 + 128],
    BEN: [0, 0, -8, 56, 56 - 384],
}


def old_evening(*, settle: bool = True):
    events = [
        TableOpened(players=NAMES, system="hk-old"),
        WinByDiscard(discarder=MING, legs=(WinLeg(LING, 3),)),
        SelfDraw(winner=KEUNG, fan=4),
        WinByDiscard(discarder=KEUNG, legs=(WinLeg(BEN, 6),)),
        FalseWin(player=BEN),
    ]
    return replay([*events, SessionEnded()] if settle else events)


def test_a_false_win_after_the_last_hand_gets_its_own_last_point():
    state = old_evening()
    hands, values = running_balances(state)
    assert state.hand == 3 and hands == (0, 1, 2, 3, 4)
    assert values == OLD_RUNNING  # Ben +56 right after hand 3, -328 after his 詐糊
    assert {n: v[-1] for n, v in values.items()} == state.balances
    assert moved_after_last_hand(state)
    with use_locale("zh_Hant_HK"):
        data = chart_data(state)
    assert data.last_tick == "埋數" and data.hands == hands
    fig = chart_figure(data)
    assert [t.get_text() for t in fig.axes[0].get_xticklabels()] == ["0", "1", "2", "3", "埋數"]
    assert line_ends(fig)[data.series[3].label] == -328.0
    assert decode(balance_chart(data)) == (1200, 800)


def test_at_an_open_table_the_last_point_is_now():
    state = old_evening(settle=False)
    with use_locale("en"):
        data = chart_data(state)
    assert data.last_tick == "now"
    assert [s.values for s in data.series] == [tuple(OLD_RUNNING[n]) for n in NAMES]
    # a 詐糊 before any hand: the start, then now
    early = replay([TableOpened(players=NAMES, system="hk-old"), FalseWin(player=BEN)])
    hands, values = running_balances(early)
    assert hands == (0, 1) and values[BEN] == [0, -384] and values[MING] == [0, 128]
    with use_locale("en"):
        assert chart_data(early).last_tick == "now"


def test_settling_the_chains_at_the_end_moves_no_point():
    # 港式台牌's 埋數 pays 阿強's 拉 chains: each point already counts them as paid (owed)
    state = evening()
    assert not moved_after_last_hand(state)
    assert chart_data(state).last_tick == ""


def test_a_table_with_nothing_played_has_nothing_to_chart():
    assert not has_something(replay([TableOpened(players=NAMES)]))
    assert has_something(evening(settle=False))


def test_close_balances_get_their_names_apart_and_a_bad_series_is_refused():
    data = ChartData("t", "x", "y", (0, 1), (Series("a", (0, -12), "a"), Series("b", (0, -13), "b")))
    (low, y_low), (high, y_high) = end_labels(data, (-20.0, 20.0))
    assert (low, high) == (1, 0) and y_low == -13 and y_high == pytest.approx(-13 + 40 * 0.045)
    with pytest.raises(ValueError, match="a: 1 values for 2 hands"):
        chart_figure(ChartData("t", "x", "y", (0, 1), (Series("a", (0,), "a"),)))


@pytest.mark.parametrize(
    "text", ["圖表", "走勢", "走勢圖", "走勢？", "/chart", "/chart@taipai_bot", "／chart"]
)
def test_the_words_that_ask_for_the_chart(text):
    assert asks_chart(text)


@pytest.mark.parametrize("text", ["圖表好靚", "睇下走勢", "/charts", "chart", "計數"])
def test_talk_is_not_a_chart_request(text):
    assert not asks_chart(text)


# ---------------------------------------------------------------------------------------- the terminal
async def play_in_the_terminal(tmp_path, lines: str, locale: str = "zh_Hant_HK") -> tuple[str, Path]:
    from taipai.bot.console import run_console
    from taipai.bot.service import Service
    from taipai.bot.store import Store, sqlite_url

    store = await Store.open(sqlite_url(tmp_path / "night.db"))
    try:
        out = io.StringIO()
        await run_console(
            Service(store, locale=locale), stdin=io.StringIO(lines), stdout=out, interactive=False
        )
    finally:
        await store.close()
    return out.getvalue(), tmp_path


EVENING = "A: 開枱 A B C D\nB: B 食 A 5番\nC: C 自摸 3番\nA: 埋數\n"


@pytest.mark.asyncio
async def test_the_terminal_writes_the_chart_beside_the_database_and_prints_its_path(tmp_path):
    text, folder = await play_in_the_terminal(tmp_path, EVENING + "D: 圖表\n")
    charts = sorted(folder.glob("*.png"))
    assert [p.name for p in charts] == [charts[0].name]  # 埋數 and 圖表 write the same session's file
    name = charts[0].name
    assert name.startswith("taipai-night-") and name.endswith("-console-terminal-session1-chart.png")
    assert text.count(f"（張圖存咗喺：{charts[0]}）") == 2
    settled = text.split("taipai: ")[4]
    assert settled.rstrip().endswith(f"（張圖存咗喺：{charts[0]}）")  # under 埋數's reply
    assert "taipai: 上一枱（已經埋數）每鋪之後嘅輸贏走勢。打咗：2 鋪。" in text
    assert decode(charts[0].read_bytes()) == (1200, 800)
    assert not list(folder.glob("*.tmp"))


@pytest.mark.asyncio
async def test_the_terminal_says_when_the_chart_cannot_be_written(tmp_path):
    from taipai.bot.service.export import export_name
    from taipai.bot.store import ChatRef, Store, sqlite_url

    store = await Store.open(sqlite_url(tmp_path / "night.db"))
    csv = export_name(store, ChatRef("console", "terminal"), 1)
    await store.close()
    (tmp_path / (csv[:-4] + "-chart.png")).mkdir()  # a folder in the chart's place
    text, _folder = await play_in_the_terminal(tmp_path, EVENING + "A: 計數\n", locale="en")
    replies = text.split("taipai: ")
    assert "Session over (埋數)" in replies[4]
    assert replies[4].rstrip().endswith(f"(the picture could not be saved in {tmp_path}: Is a directory)")
    # 計數 after 埋數: the 埋數 was booked all the same
    assert replies[5].startswith("No table is open here: the last one was settled (埋數).")


def test_the_money_axis_is_grouped_in_thousands():
    from taipai.bot.pictures.chart import tick

    assert [tick(v) for v in (1000.0, -1500.0, 2.5, 0.0, -0.0, 12.25)] == [
        "1,000",
        "-1,500",
        "2.5",
        "0",
        "0",
        "12.25",
    ]


@pytest.mark.asyncio
async def test_two_hand_pictures_in_the_terminal_are_two_files(tmp_path):
    from taipai.bot.service.calc import picture_name
    from taipai.bot.store import ChatRef, Store, sqlite_url

    tiles = "一二三萬 四五六萬 七八九筒 二三四索 中中 [皇] 東"
    lines = f"A: 計番 {tiles} 摸 東 圖\nA: 計番 {tiles} 食 東 圖\nA: 計番 {tiles} 摸 東 圖\n"
    text, folder = await play_in_the_terminal(tmp_path, lines)
    pictures = sorted(folder.glob("*.png"))
    assert len(pictures) == 2  # the same hand again replaces its own picture
    assert all(p.name.startswith("taipai-night-") and "-console-terminal-hand-" in p.name for p in pictures)
    assert all(text.count(f"（張圖存咗喺：{p}）") >= 1 for p in pictures)
    assert all(decode(p.read_bytes())[0] > 0 for p in pictures)
    store = await Store.open(sqlite_url(tmp_path / "other.db"))
    try:  # another database beside it names its pictures apart, as its exports
        other = picture_name(store, ChatRef("console", "terminal"), "hk-taiwan", tiles, "t")
    finally:
        await store.close()
    assert other.startswith("taipai-other-") and other not in {p.name for p in pictures}


@pytest.mark.asyncio
async def test_the_terminal_answers_chart_before_anyone_says_who_they_are(tmp_path):
    from taipai.bot.console import run_console
    from taipai.bot.service import Service
    from taipai.bot.store import Store, sqlite_url

    store = await Store.open(sqlite_url(tmp_path / "night.db"))
    try:
        out = io.StringIO()
        await run_console(
            Service(store, locale="en"), stdin=io.StringIO("圖表\n/chart\n"), stdout=out, interactive=True
        )
    finally:
        await store.close()
    assert out.getvalue().count("taipai: No table is open here. Start one with: 開枱 A B C D") == 2
