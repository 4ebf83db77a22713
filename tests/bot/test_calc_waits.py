"""計番 / 聽 in the chat (issue 15 item 4): 計番 X states the total and patterns `taipai score X` gives and
books nothing; each tile 聽 lists scores exactly its figure with `taipai score` (食 X / 摸 X) and no tile
it leaves out completes the hand; every game, wildcards included."""

from __future__ import annotations

import json
import re
import struct

import pytest

from taipai.bot.service import Service
from taipai.bot.service.identity import Member
from taipai.bot.service.parse import CalcHand, ShowWaits, parse_command
from taipai.core.errors import HandError
from taipai.core.registry import SYSTEMS
from taipai.core.system import Seat
from taipai.core.waiting import candidates

from .conftest import CHAT, Talk
from .test_cli import taipai

CALC_CORPUS = [
    ("hk-taiwan", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食 東"),
    ("hk-taiwan", "一二三萬 四五六萬 七八九筒 二三四索 中中 [皇] 東 摸 東"),
    ("hk-taiwan", "一一筒 二二筒 三三筒 五五索 六六索 七七索 東東 中中 食 中"),
    ("hk-taiwan", "碰 中中中[番] 一二三萬 四五六萬 二三四索 白白 南 摸 南"),
    ("hk-taiwan", "二二二萬 三四五萬 六七八筒 四四四索 五六七索 八索 食 八索"),
    ("hk-taiwan", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 莊 連2 摸 東"),
    ("taiwan", "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 東 食 東"),
    ("taiwan", "一二三萬 四五六萬 七八九筒 二三四索 五六索 中中 摸 四索"),
    ("hk-old", "一二三萬 四五六萬 七八九萬 一二三筒 南 食 南"),
    ("hk-old", "一二三萬 四五六萬 七八九索 二三筒 中中 摸 一筒"),
]
"""Hands from tests/snapshots (港式台牌) and the games' tests, wildcard hands among them."""

WAITS_CORPUS = [
    ("hk-taiwan", "一二三萬 四五六萬 七八九筒 二三四索 中中 [皇] 東"),
    ("hk-taiwan", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東"),
    ("hk-taiwan", "一二三萬 四五六萬 七八九筒 二三四索 [皇] [皇] 東 南"),
    ("taiwan", "一二三萬 四五六萬 七八九筒 二三四索 五六索 中中"),
    ("hk-old", "一二三萬 四五六萬 七八九索 二三筒 中中"),
    ("hk-old", "一一一萬 二二萬 三三三萬 五五五萬 九九萬"),
]

GAME_WORD = {"hk-taiwan": "港式台牌", "taiwan": "台灣牌", "hk-old": "廣東牌"}


def scored(system_id: str, hand: str):
    system = SYSTEMS[system_id]
    return system.score(
        hand, Seat(), system.load_rules(None), system.table.default_options(), table_seat=False
    )


def fan_words(system_id: str, n: int) -> str:
    return f"{n} fan" if system_id == "hk-taiwan" else f"{n}{SYSTEMS[system_id].unit}"


def test_the_command_words_and_slash_forms_parse():
    assert parse_command("計番 一二三萬 食 東") == CalcHand(text="一二三萬 食 東")
    assert parse_command("/calc taiwan 123m image") == CalcHand(text="taiwan 123m image", slash=True)
    assert parse_command("/calc@taipai_bot 123m") == CalcHand(text="123m", slash=True)
    assert parse_command("聽 一二三萬 四五六萬") == ShowWaits(text="一二三萬 四五六萬")
    assert parse_command("/waits 123m") == ShowWaits(text="123m", slash=True)
    assert parse_command("/waits") == ShowWaits(slash=True)
    assert parse_command("計番") == CalcHand()
    # written against the hand, as players type in a hurry
    assert parse_command("計番一二三萬 食 東") == CalcHand(text="一二三萬 食 東")
    assert parse_command("聽一二三萬 四五六萬") == ShowWaits(text="一二三萬 四五六萬")
    assert parse_command("聽牌123m 456m") == ShowWaits(text="123m 456m")
    # 聽 before words that write no tiles is talk (「聽 你講」, 「聽日」), never answered
    for talk in ("聽", "聽 你講", "聽 中文歌", "聽 一陣", "聽日一齊食飯", "聽歌", "計番啦"):
        assert parse_command(talk) is None, talk


@pytest.mark.asyncio
@pytest.mark.parametrize(("system_id", "hand"), CALC_CORPUS)
async def test_calc_states_the_total_and_patterns_of_taipai_score_and_books_nothing(
    talk_en: Talk, system_id: str, hand: str
) -> None:
    await talk_en("A", "開枱 A B C D")  # a 港式台牌 table; the game word picks another
    before = await talk_en.seq()
    said = hand if system_id == "hk-taiwan" else f"{GAME_WORD[system_id]} {hand}"
    reply = (await talk_en("Zed", f"計番 {said}")).splitlines()  # Zed is not at the table
    score = scored(system_id, hand).score
    if system_id == "hk-taiwan":
        count = f"Fan {score.fan} + {score.bases} × 底 {score.base_fan} = {score.total}"
    else:
        count = fan_words(system_id, score.fan)
    assert reply[0].startswith("計番 at ") and reply[0].endswith(f": {count}")
    rows = [
        f"  {p.name if p.count == 1 else f'{p.name}×{p.count}'}: {fan_words(system_id, p.fan)}"
        for p in score.patterns
    ]
    assert reply[1 : 1 + len(rows)] == rows
    assert reply[1 + len(rows)] == "Reading: " + " ".join(score.reading)
    assert reply[-1] == "Only scored: nothing was booked."
    assert await talk_en.seq() == before  # the ledger unchanged
    assert all(p.balance == 0 for p in (await talk_en.state()).players)


@pytest.mark.parametrize("system_id", ["hk-taiwan", "taiwan", "hk-old"])
def test_calc_agrees_with_the_taipai_score_command_line(system_id: str) -> None:
    hand = next(h for s, h in CALC_CORPUS if s == system_id and "[" not in h)
    run = taipai("score", hand, "--rules", system_id, "--json")
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    score = scored(system_id, hand).score
    assert out["fan"] == score.fan and out["total"] == score.total
    assert [(p["name"], p["fan"]) for p in out["patterns"]] == [(p.name, p.fan) for p in score.patterns]


@pytest.mark.asyncio
async def test_calc_with_no_table_books_nothing_and_opens_nothing(talk_zh: Talk) -> None:
    reply = await talk_zh("A", "計番 一二三萬 四五六萬 七八九筒 二三四索 中中 [皇] 東 摸 東")
    assert reply == "\n".join(
        [
            "計番（港式台牌，自摸）：20番 + 1 × 底 5 = 25",
            "  五門齊：10番",
            "  門清自摸：5番",
            "  對碰：1番",
            "  無花：1番",
            "  風牌：1番",
            "  正風：1番",
            "  正位：1番",
            "拆牌：一二三萬 四五六萬 七八九筒 二三四索 東東東 中中",
            "聽：東 中",
            "搭 皇 當 東",
            "淨係計番，冇記數。",
        ]
    )
    assert await talk_zh.seq() == 0
    assert await talk_zh.service.store.latest_session(CHAT) is None


@pytest.mark.asyncio
async def test_calc_at_an_open_table_of_another_game_uses_its_game_and_money(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 廣東牌")
    reply = await talk_en("B", "計番 一二三萬 四五六萬 七八九索 二三筒 中中 食 一筒")
    # 門前清 1 + 平胡 1 + 無花 1 = 3翻; 全銃 at 底 1: the discarder pays 2^(3-1) = 4 and the two halves, 8
    assert reply.splitlines() == [
        "計番 at Hong Kong 13-tile (廣東牌), on a discard: 3翻",
        "  門前清: 1翻",
        "  平胡: 1翻",
        "  無花: 1翻",
        "Reading: 一二三萬 四五六萬 一二三筒 七八九索 中中",
        "Waits: 一筒 四筒",
        "The winner collects HK$8 in all at this table's settings.",
        "Only scored: nothing was booked.",
    ]
    assert await talk_en.seq() == 1


@pytest.mark.asyncio
async def test_calc_below_the_minimum_gets_the_hand_messages_refusal(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 廣東牌")
    await talk_en("A", "規則 起糊 4")
    calc = await talk_en("B", "計番 一二三萬 四五六萬 七八九索 二三筒 中中 食 一筒")
    hand = await talk_en("B", "B 食 A 一二三萬 四五六萬 七八九索 二三筒 中中 食 一筒")
    assert calc == hand and "below this table's minimum of 4翻" in calc
    assert await talk_en.seq() == 2


@pytest.mark.asyncio
async def test_calc_errors_read_as_a_hand_messages_do(talk_en: Talk) -> None:
    assert await talk_en("A", "計番 一二三萬 xyz 食 東") == (
        "I can't read 「xyz」. Write tiles like 一二三萬, 123筒, 東 南 中 發 白. (「xyz」 is at character 9 of the message.)"
    )
    assert await talk_en("A", "計番 一二三萬 四五六萬 七八九筒 二三四索 中中 東 南 食 東") == (
        "That is not a winning hand: the tiles do not make 5 melds and a pair, nor a special hand."
    )
    assert await talk_en("A", "計番 12番") == (
        "「12番」 is a count: 計番 scores a hand's tiles, e.g. 計番 一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食 東. "
        "Book a count at the table: B 食 A 12番."
    )
    assert await talk_en("A", "/calc") == (
        "Write the hand after 計番, e.g. 計番 一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食 東 "
        "(/calc …; 計番 台灣牌 … for another game; 圖 at the end for a picture)."
    )
    assert await talk_en.seq() == 0


@pytest.mark.asyncio
async def test_calc_image_attaches_a_png_of_the_hands_tiles(talk_en: Talk) -> None:
    from taipai.bot.pictures.hand import size
    from taipai.core.notation import parse_hand

    hand = "一二三萬 四五六萬 七八九筒 二三四索 中中 [皇] 東 摸 東"
    replies = await talk_en.service.handle(CHAT, "A", f"/calc {hand} image")
    assert len(replies) == 1 and replies[0].picture is not None
    png = replies[0].picture.content
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == size(parse_hand(hand, table_kinds=("皇",)), title="x")
    assert replies[0].text.splitlines()[0].endswith("= 25")
    plain = await talk_en.service.handle(CHAT, "A", f"計番 {hand}")
    assert plain[0].picture is None and plain[0].text == replies[0].text


@pytest.mark.asyncio
async def test_anyone_on_a_platform_may_ask_seated_or_not(store) -> None:
    service = Service(store, locale="en")
    await service.handle(CHAT, "Ann", "開枱 Ann Bob Cat Dan", member=Member("1", "Ann"))
    stranger = Member("99", "Eve")
    calc = await service.handle(
        CHAT, "Eve", "計番 一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 南 食 南", member=stranger
    )
    assert calc[0].text.startswith("計番 at Hong Kong-style Taiwanese (港式台牌), on a discard: ")
    waits = await service.handle(
        CHAT, "Eve", "聽 一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 南", member=stranger
    )
    assert waits[0].text.startswith("Waiting on 南 at ")


WAIT_LINE = re.compile(r"^(?P<tile>\S+): (?P<parts>.*)$")
PART = re.compile(
    r"^(?P<how>on a discard|self-drawn) (?P<n>\d+)(?: fan|台|翻)(?: \((?P<money>[^)]*)\))?(?P<short>: below 起糊)?$"
)


@pytest.mark.asyncio
@pytest.mark.parametrize(("system_id", "tiles"), WAITS_CORPUS)
async def test_each_listed_tile_scores_its_figure_and_no_other_tile_completes(
    talk_en: Talk, system_id: str, tiles: str
) -> None:
    reply = (await talk_en("A", f"聽 {GAME_WORD[system_id]} {tiles}")).splitlines()
    assert reply[0].startswith("Waiting on ") and reply[0].endswith(", the best first:")
    listed: dict[str, dict[str, int]] = {}
    for line in reply[1:]:
        m = WAIT_LINE.match(line)
        assert m is not None, line
        figures = {}
        for part in m["parts"].split(", "):
            p = PART.match(part)
            assert p is not None and p["short"] is None, part
            figures["食" if p["how"] == "on a discard" else "摸"] = int(p["n"])
        listed[m["tile"]] = figures
    system = SYSTEMS[system_id]
    for tile, _kind in candidates(system, system.load_rules(None)):
        for word in ("食", "摸"):
            hand = f"{tiles} {word} {tile}"
            if tile in listed:
                assert scored(system_id, hand).score.fan == listed[tile][word], hand
            else:
                with pytest.raises(HandError) as err:
                    scored(system_id, hand)
                assert err.value.code in ("not_a_win", "wild_unplaceable", "fifth_copy"), hand
    assert await talk_en.seq() == 0


@pytest.mark.asyncio
async def test_waits_hand_checked_at_hk_old_in_cantonese(talk_zh: Talk) -> None:
    # 門前清 1 + 平胡 1 + 無花 1 = 3翻 on a discard (HK$4 + 2 + 2 at 全銃, 底 1); 自摸 1 more: 4翻, 8 from each
    assert await talk_zh("A", "聽 廣東牌 一二三萬 四五六萬 七八九索 二三筒 中中") == "\n".join(
        [
            "廣東牌聽 一筒 四筒，大嘅排先：",
            "一筒：食 3翻（HK$8）、自摸 4翻（HK$24）",
            "四筒：食 3翻（HK$8）、自摸 4翻（HK$24）",
        ]
    )


@pytest.mark.asyncio
async def test_waits_with_wildcards_lists_the_wildcard_drawn_too(talk_en: Talk) -> None:
    assert await talk_en("A", "/waits 一二三萬 四五六萬 七八九筒 二三四索 中中 [皇] 東") == "\n".join(
        [
            "Waiting on 東 中 at Hong Kong-style Taiwanese (港式台牌), the best first:",
            "東: on a discard 18 fan, self-drawn 20 fan",
            "[皇]: on a discard 18 fan, self-drawn 20 fan",
            "[番]: on a discard 18 fan, self-drawn 20 fan",
            "[東南西北]: on a discard 18 fan, self-drawn 20 fan",
            "中: on a discard 17 fan, self-drawn 19 fan",
            "[中發白]: on a discard 17 fan, self-drawn 19 fan",
        ]
    )


@pytest.mark.asyncio
async def test_not_waiting_says_why(talk_en: Talk, talk_zh: Talk) -> None:
    assert await talk_en("A", "聽 一二三萬 四五六萬 七八九筒 二三四索 中中 東") == (
        "Not waiting: 15 tiles; a hand waiting to win holds 16 at Hong Kong-style Taiwanese (港式台牌) "
        "(a kong counts 3)."
    )
    assert await talk_en("A", "聽 一二三萬 四五六萬 七八九筒 二三四索 中中中 東東") == (
        "Not waiting: 17 tiles is too many; a hand waiting to win holds 16 at Hong Kong-style Taiwanese "
        "(港式台牌) (a kong counts 3). Leave out the winning tile."
    )
    assert await talk_zh("A", "聽 一二三萬 四五六萬 七八九筒 二三四索 中中 東 南") == (
        "未叫糊：港式台牌冇一隻牌糊得呢副牌。"
    )
    assert await talk_zh("A", "聽 一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食 東") == (
        "聽唔使寫食糊嗰隻：刪咗「食 …」佢（喺訊息第 29 個字）。"
    )
    assert await talk_zh("A", "/waits") == (
        "聽後面寫 16 隻牌，唔使寫食邊隻，例如 聽 一二三萬 四五六萬 七八九筒 二三四索 中中中 東（/waits …）。"
    )


@pytest.mark.asyncio
async def test_waits_below_the_minimum_at_hk_old(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 廣東牌")
    await talk_en("A", "規則 起糊 5")
    assert await talk_en("C", "聽 一二三萬 四五六萬 七八九索 二三筒 中中") == "\n".join(
        [
            "Not waiting for a win at Hong Kong 13-tile (廣東牌): every tile that completes it stays below 起糊.",
            "一筒: on a discard 3翻: below 起糊, self-drawn 4翻: below 起糊",
            "四筒: on a discard 3翻: below 起糊, self-drawn 4翻: below 起糊",
        ]
    )


@pytest.mark.asyncio
async def test_a_hostile_hand_stops_at_the_budget(talk_en: Talk) -> None:
    hostile = "明槓 六索 槓 八索 槓 五索 [東南西北] [皇] [索] [筒索萬] [中發白] [東南西北] [萬]"
    assert await talk_en("A", f"聽 {hostile}") == (
        "Too many wildcard readings to list every winning tile within 聽's budget: nothing to show. "
        "Ask again with fewer wildcards, or score the hand with its winning tile, e.g. 計番 … 摸 東."
    )
    assert await talk_en.seq() == 0


def test_taipai_waits_prints_the_same_answer_and_json() -> None:
    run = taipai("waits", "--rules", "hk-old", "--lang", "en", "一二三萬 四五六萬 七八九索 二三筒 中中")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "Waiting on 一筒 四筒 at Hong Kong 13-tile (廣東牌), the best first:",
        "一筒: on a discard 3翻 (HK$8), self-drawn 4翻 (HK$24)",
        "四筒: on a discard 3翻 (HK$8), self-drawn 4翻 (HK$24)",
    ]
    run = taipai("waits", "--rules", "taiwan", "--json", "一二三萬 四五六萬 七八九筒 二三四索 五六索 中中")
    out = json.loads(run.stdout)
    assert (out["ok"], out["system"], out["unit"], out["waiting"], out["held"]) == (
        True,
        "taiwan",
        "台",
        True,
        16,
    )
    assert [(t["tile"], t["discard"]["fan"], t["self_draw"]["fan"]) for t in out["tiles"]] == [
        ("一索", 1, 3),
        ("四索", 1, 3),
        ("七索", 1, 3),
    ]
    run = taipai("waits", "--json", "一二三萬 xyz")
    assert run.returncode == 2 and json.loads(run.stdout)["error"]["code"] == "unknown_token"


@pytest.mark.asyncio
async def test_waits_shows_money_at_a_hk_taiwan_table_with_a_rate(talk_zh: Talk) -> None:
    await talk_zh("A", "開枱 A B C D")
    assert (await talk_zh("B", "聽 一二三萬 四五六萬 七八九筒 二三四索 中中 [皇] 東")).splitlines()[1] == (
        "東：食 18番、自摸 20番"  # 底 = 5番 at HK$1 a fan: the counts alone, as the table shows them
    )
    await talk_zh("A", "規則 base 10")  # 底 HK$10 = 5番: HK$2 a fan
    lines = (await talk_zh("B", "聽 一二三萬 四五六萬 七八九筒 二三四索 中中 [皇] 東")).splitlines()
    # on a discard (18 + 底 5) × HK$2 = HK$46, owed on a 拉 chain opened by the win; self-drawn the three pay
    # 20 + 5 each and the dealer his 1 more: 76 × HK$2 = HK$152
    assert lines[1] == "東：食 18番（HK$46）、自摸 20番（HK$152）"
    assert lines[5] == "中：食 17番（HK$44）、自摸 19番（HK$146）"
    assert await talk_zh.seq() == 2  # 開枱 and 規則: 聽 booked nothing
