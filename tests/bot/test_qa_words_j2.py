"""QA findings of issue 14 on the replies (each a kind, with its reported case): a reply says what
the table did, in the table's game, unit and limits and in the chat's language.

Cases from the QA transcripts: 流局 with 流局連莊 關 (the deal passes), flowers at a 花 關 table, a
17-tile hand at 廣東牌 (13-tile game: 14 tiles, four melds and eyes), the terminal greeting.
"""

from __future__ import annotations

import pytest

from taipai.bot.i18n import use_locale
from taipai.bot.service import Service, render
from taipai.bot.store import ChatRef
from taipai.core.registry import SYSTEMS

from .conftest import Talk

SEVENTEEN = "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 七索 食 七索"
"""17 tiles: a 16-tile win, sent to a 廣東牌 (13-tile) table."""


async def _zh(store, game: str) -> Talk:
    talk = Talk(Service(store, locale="zh_Hant_HK"))
    assert (await talk("A", f"開枱 A B C D {game}")).startswith("開枱：")
    return talk


@pytest.mark.asyncio
@pytest.mark.parametrize(("game", "setting"), [("台灣牌", "流局連莊 關"), ("廣東牌", "流局連莊 關")])
async def test_a_draw_that_passes_the_deal_says_so_in_the_reply_and_in_history(store, game, setting):
    talk = await _zh(store, game)
    await talk("A", f"規則 {setting}")
    reply = await talk("A", "流局")
    assert reply.splitlines() == ["流局：過莊，B 做莊。", "下一鋪：B 做莊；東圈，第2鋪。"]
    assert "#3 第1鋪：流局：過莊，B 做莊。" in (await talk("A", "歷史")).splitlines()


@pytest.mark.asyncio
@pytest.mark.parametrize("game", ["港式台牌", "台灣牌", "廣東牌"])
async def test_a_draw_that_keeps_the_dealer_says_so(store, game):
    talk = await _zh(store, game)
    reply = await talk("A", "流局")
    assert reply.splitlines()[0] == "流局：臭莊，莊家連莊。"
    assert "A 做莊，連1" in reply


@pytest.mark.asyncio
async def test_flowers_at_a_table_without_flowers_say_the_table_plays_none(store):
    talk = await _zh(store, "廣東牌")
    await talk("A", "規則 花 關")
    reply = await talk("B", "B 食 C 一二三萬 四五六萬 七八九萬 中中中 東 食 東 春")
    assert reply == "呢張枱唔打花（花 = 關），但手牌寫咗「春」：唔好寫花，或者打 規則 花 開 開返花。"


@pytest.mark.asyncio
async def test_the_tile_count_reply_uses_the_games_hand_size(store):
    talk = await _zh(store, "廣東牌")
    reply = await talk("B", f"B 食 C {SEVENTEEN}")
    assert reply == (
        "隻數唔啱：13張嘅糊牌要有 14 隻（4 組加一對眼），槓多計一隻。（我數到 17 隻，應該係 14 隻。）"
    )


@pytest.mark.asyncio
async def test_the_tile_count_reply_in_english_and_at_a_16_tile_game(store):
    talk = Talk(Service(store, locale="en"))
    await talk("A", "/newgame A B C D hk-old")
    assert (await talk("B", f"B 食 C {SEVENTEEN}")).startswith(
        "Wrong number of tiles: a 13-tile win has 14 tiles (4 melds and a pair), a kong counts one extra."
    )
    await talk("A", "埋數")
    await talk("A", "/newgame A B C D taiwan")
    reply = await talk("B", "B 食 C 一二三萬 四五六萬 七八九萬 中中中 東 食 東")
    assert reply.startswith("Wrong number of tiles: a 16-tile win has 17 tiles (5 melds and a pair)")
    assert "(I count 14; 17 were expected.)" in reply


def test_the_greeting_names_the_three_games_and_how_to_pick_one():
    with use_locale("zh_Hant_HK"):
        text = render.greeting()
    for system in SYSTEMS.values():
        assert f"{system.names[0]} ({system.id})" in text
    assert "開枱 A B C D 台灣牌" in text and "打港式台牌" in text
    with use_locale("en"):
        assert "港式台牌 (hk-taiwan), 台灣牌 (taiwan), 廣東牌 (hk-old)" in render.greeting()


DEALER_SELF_DRAW = "一二三萬 四五六萬 七八九萬 二三四筒 五六筒 八八索 摸 七筒 莊 連1"
"""The QA hand (#12): 不求.自摸 2 + 門清 1 = 3台, plus 作莊 1 and 連1拉1 2 that the ledger adds per leg."""


@pytest.mark.asyncio
async def test_a_taiwan_hands_rows_add_up_to_its_count_and_the_ledger_rows_are_in_the_payment(store):
    talk = await _zh(store, "台灣牌")
    await talk("A", "A 自摸 1台")  # A keeps the deal: 連1
    lines = (await talk("A", f"A 自摸 {DEALER_SELF_DRAW}")).splitlines()
    assert lines[:3] == ["A 自摸：3台", "  不求.自摸：2台", "  門清：1台"]  # 2 + 1 = 3
    assert "B 俾 A HK$400（底 100 + 3台 × 50 + 作莊 50 + 連1拉1 100）" in [x.strip() for x in lines]
    assert not any("連N拉N" in x or "作莊：" in x for x in lines)


@pytest.mark.asyncio
async def test_taiwan_names_its_streak_row_apart_from_the_chains_it_does_not_have(store):
    talk = await _zh(store, "台灣牌")
    assert "  連莊拉 = 每連莊一鋪 2台（連N拉N，計喺莊家有份嗰份）" in (await talk("A", "規則")).splitlines()
    assert await talk("B", "斬") == "台灣牌冇兩家之間嘅拉（港式台牌嘅拉/踢），所以冇斬拉要答。"
    assert await talk("B", "/chains") == "台灣牌冇兩家之間嘅拉（港式台牌嘅拉/踢）。"
    assert (
        await talk("A", "規則 連莊拉 3") == "改咗規則：連莊拉 = 每連莊一鋪 3台（連N拉N，計喺莊家有份嗰份）。"
    )
    assert (await talk.state()).options.streak_tai == 3


@pytest.mark.asyncio
async def test_count_refusals_and_hints_use_the_tables_unit_and_example(store):
    talk = await _zh(store, "台灣牌")
    assert await talk("B", "B 食 C 10000台") == "數目太大：最多9999台。寫手牌嘅數，例如 B 食 A 3台。"
    assert await talk("B", "B 食 C -3台") == "台數要係 0 或以上嘅整數（例如 B 食 A 3台）。"
    assert await talk("B", "D 出銃 A 3台; B 2台") == (
        "食出銃咁寫：B 食 A 3台，或者 B 食 A 跟住寫手牌（/win B A 3）。"
    )
    assert await talk.seq() == 1  # nothing booked


@pytest.mark.asyncio
async def test_hk_old_help_names_the_tables_maximum_not_the_chats_limit(store):
    talk = await _zh(store, "廣東牌")
    note = "數目係呢鋪牌嘅翻數，照枱上規矩入數；超過呢張枱嘅最大（8翻，睇規則）就當最大計。"
    assert (await talk("A", "/help")).splitlines()[-1] == note
    await talk("A", "規則 最大 10")
    assert (await talk("A", "/help")).splitlines()[-1] == note.replace("8翻", "10翻")
    assert "9999" not in await talk("A", "/help")


def test_a_refusal_without_a_table_keeps_the_default_games_words():
    from taipai.bot.service.parse import CommandError

    with use_locale("en"):
        assert render.command_error(CommandError("bad_count")) == (
            "A count in 番 must be a whole number, 0 or more (e.g. B 食 A 12番)."
        )
        assert render.command_error(CommandError("bad_count"), "hk-old") == (
            "A count in 翻 must be a whole number, 0 or more (e.g. B 食 A 3翻)."
        )


PURE_SUIT = "一一一萬 二三四萬 五五五萬 七七七萬 九萬 食 九萬"
"""清一色 6 + 門前清 1 + 無花 1 = 8翻 (seed 003 六翻役 清一色, 一翻役 門前清 and 無花)."""


@pytest.mark.asyncio
async def test_a_count_above_the_maximum_says_it_was_capped(store):
    talk = await _zh(store, "廣東牌")
    lines = (await talk("B", "B 食 C 9翻")).splitlines()
    assert lines[:2] == ["B 食 C：8翻", "  9翻 超過呢張枱嘅最大：當 8翻 計。"]
    assert (await talk.state()).balances["B"] == 256  # 8翻 全銃: 2 portions of 2^7
    assert "  8翻 超過呢張枱嘅最大" not in await talk("B", "B 食 C 8翻")  # at the maximum: nothing to say


@pytest.mark.asyncio
async def test_a_hand_whose_rows_pass_the_maximum_says_it_was_capped(store):
    talk = await _zh(store, "廣東牌")
    await talk("A", "規則 最大 6")
    lines = (await talk("B", f"B 食 C {PURE_SUIT}")).splitlines()
    assert lines[:5] == [
        "B 食 C：6翻",
        "  清一色：6翻",
        "  門前清：1翻",
        "  無花：1翻",
        "  8翻 超過呢張枱嘅最大：當 6翻 計。",
    ]


@pytest.mark.asyncio
async def test_a_hand_below_the_minimum_shows_its_rows_then_why_it_is_refused(store):
    talk = await _zh(store, "廣東牌")
    reply = await talk("B", "B 食 C 上 一二三萬 上 四五六萬 上 七八九萬 上 二三四筒 八索 食 八索")
    assert reply.splitlines() == [  # 平胡 1 + 無花 1 = 2翻 < 起糊 3翻 (seed 003 一翻役)
        "呢副牌計到 2翻：",
        "  平胡：1翻",
        "  無花：1翻",
        "2翻 唔夠呢張枱嘅起糊 3翻：食糊最少要 3翻。",
    ]
    assert await talk("B", "B 食 C 2翻") == "2翻 唔夠呢張枱嘅起糊 3翻：食糊最少要 3翻。"
    assert await talk.seq() == 1


def _csv_legs(state) -> list[dict[str, str]]:
    import csv
    import io

    from taipai.bot.service.export import session_csv

    with use_locale("zh_Hant_HK"):
        rows = list(csv.DictReader(io.StringIO(session_csv(state))))
    return [r for r in rows if r["row"] == "leg"]


@pytest.mark.asyncio
async def test_csv_export_gives_every_games_legs_their_rows(store):
    talk = await _zh(store, "台灣牌")
    await talk("B", "B 食 A 3台")  # A deals: 底 100 + 3台 × 50 + 作莊 50 = 300 (seed 003 「打100/50」)
    legs = _csv_legs(await talk.state())
    assert [(r["payer"], r["payee"], r["fan"], r["bases"], r["amount"]) for r in legs] == [
        ("A", "B", "3", "1", "300")
    ]
    assert legs[0]["note"] == "A 俾 B HK$300（底 100 + 3台 × 50 + 作莊 50）"
    await talk("A", "埋數")
    talk = await _zh(store, "廣東牌")
    await talk("C", "C 自摸 3翻")  # 倍倍: a portion of 3翻 is 2^2 = 4 底 from each of the three
    legs = _csv_legs(await talk.state())
    assert [(r["payer"], r["payee"], r["fan"], r["amount"]) for r in legs] == [
        ("A", "C", "3", "4"),
        ("B", "C", "3", "4"),
        ("D", "C", "3", "4"),
    ]


@pytest.mark.asyncio
async def test_a_bad_setting_value_lists_what_the_setting_takes(store):
    talk = await _zh(store, "廣東牌")
    assert await talk("A", "規則 起糊 9") == (  # above 最大 8
        "「9」唔係起糊收得嘅數：起糊收 0 至最大（8翻）嘅整數翻。而家：起糊 = 3翻（最少要咁多先糊得）。"
    )
    assert (await talk("A", "規則 計法 三番")).startswith(
        "「三番」唔係計法收得嘅數：計法收呢幾個：倍倍、半辣上、辣辣上。而家：計法 = 倍倍"
    )
    assert (await talk("A", "規則 銃 x")).startswith(
        "「x」唔係銃收得嘅數：銃收呢幾個：全銃、半銃、依台灣例。"
    )
    assert (await talk("A", "規則 花 x")).startswith("「x」唔係花收得嘅數：花收 開 或者 關。")
    assert await talk.seq() == 1
    talk = Talk(Service(store, locale="zh_Hant_HK"), ChatRef("test", "taiwan"))
    await talk("A", "開枱 A B C D 台灣牌")
    assert await talk("A", "規則 一炮多響 關") == (
        "「關」唔係一炮多響收得嘅數：一炮多響收呢幾個：莊家連莊、過莊。而家：一炮多響 = 莊家連莊（莊家有份糊就連莊）。"
    )
    assert await talk("A", "規則 一炮多響 過莊") == "改咗規則：一炮多響 = 過莊（一律過莊）。"
    assert (await talk.state()).options.multi_win_deal == "always_pass"


@pytest.mark.asyncio
async def test_settings_are_listed_with_their_values_in_the_chats_words(store):
    talk = await _zh(store, "廣東牌")
    assert await talk("A", "規則 cut none") == (
        "廣東牌冇「cut」呢個設定。佢嘅設定（而家嘅數）：底 1、起糊 3、最大 8、花 開、清一色 6、計法 倍倍、"
        "銃 全銃、自摸 一份、一炮多響 關、流局連莊 開。"
    )
    talk = Talk(Service(store, locale="zh_Hant_HK"), ChatRef("test", "taiwan"))
    await talk("A", "開枱 A B C D 台灣牌")
    assert "  一炮多響 = 莊家連莊（莊家有份糊就連莊）" in (await talk("A", "規則")).splitlines()
    assert (await talk("A", "規則 cut none")).endswith("連莊拉 2、流局連莊 開、一炮多響 莊家連莊、詐胡 0。")


def test_taipai_score_uses_the_games_hand_size_and_shows_rows_below_the_minimum(capsys, monkeypatch):
    from taipai.bot.cli import main

    monkeypatch.setenv("DEFAULT_LOCALE", "en")
    for var in ("TELEGRAM_BOT_TOKEN", "DISCORD_BOT_TOKEN", "DATABASE_URL"):
        monkeypatch.delenv(var, raising=False)
    capsys.readouterr()
    assert main(["score", "--rules", "hk-old", SEVENTEEN]) != 0
    assert capsys.readouterr().err.splitlines() == [
        "Wrong number of tiles: a 13-tile win has 14 tiles (4 melds and a pair), a kong counts one extra. "
        "(I count 17; 14 were expected.)"
    ]
    assert (
        main(["score", "--rules", "hk-old", "上 一二三萬 上 四五六萬 上 七八九萬 上 二三四筒 八索 食 八索"])
        != 0
    )
    assert capsys.readouterr().err.splitlines() == [
        "The hand comes to 2翻:",
        "  平胡: 1翻",
        "  無花: 1翻",
        "2翻 is below this table's minimum of 3翻 (起糊): a win needs at least 3翻.",
    ]


@pytest.mark.asyncio
async def test_a_name_that_reads_two_ways_is_asked_about_with_the_tables_unit(store):
    talk = Talk(Service(store, locale="zh_Hant_HK"))
    await talk("阿一", "開枱 阿一 阿一二 阿May 細妹 台灣牌")
    reply = await talk("細妹", "細妹食阿一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 中中中 東 食 東")
    assert reply == "邊個？阿一 / 阿一二？名後面加個空格，例如 B 食 阿一二 3台。"
    assert await talk.seq() == 1


def test_a_hand_error_suggests_a_count_in_the_tables_unit():
    from taipai.core.errors import HandError

    with use_locale("zh_Hant_HK"):
        assert render.hand_error(HandError("empty", "empty"), system_id="taiwan") == (
            "冇寫手牌：要寫牌，例如 一二三萬 … 摸 東，或者數目，例如 3台。"
        )
        assert render.hand_error(HandError("over_budget", "budget"), system_id="hk-old") == (
            "呢副牌太多搭，計唔晒，所以冇記數：請直接講數目，例如 B 自摸 3翻。"
        )
