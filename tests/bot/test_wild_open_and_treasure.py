"""Seed 001's wildcard settings said at 開枱 (``開枱 A B C D 港式台牌 百搭 窗 四萬``, ``/newgame … wild=…``:
booked in the one 開枱 event, refused with the game's name where the game has no wildcards or keeps its
own), and 寶牌 (``規則 寶牌 四萬``, a hand's ``寶牌 北``) scored as a ``寶牌`` row at 港式台牌 and 歡樂麻將.

The 港式台牌 hand 一二三萬 五五五萬 四五六筒 七八九索 二三四索 東 摸 東 is 雜龍 15 + 門清自摸 5 + 獨獨 2 +
無花 1 = 23番 (the dealer's 莊家 1 is the ledger's); under 寶牌 四萬 (寶牌 五萬, seed 001 「开出一萬宝牌为
二万」) it holds three 五萬: + 寶牌×3 = 26番, + 底 5 = 31.  Under 寶牌 北 (「开出北，宝牌为东」) its 東 and the
東 drawn are two: 25番.  With the 五萬 pung exposed (碰) 門清自摸 5 is 自摸 1, and the exposed 五萬 still count
(our choice: every tile the winner holds): 15 + 3 + 2 + 1 + 1 = 22番."""

from __future__ import annotations

import itertools

import pytest

from taipai.bot.service.service import Service
from taipai.bot.store import ChatRef

from .conftest import Talk, opened_table

HAND = "一二三萬 五五五萬 四五六筒 七八九索 二三四索 東 摸 東"
NO_EYES = "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 南 食 北"
"""No eyes (南 and 北); under 窗百搭 中 the 南 is wild and pairs the 北: 45番 + 底 5 = 50
(tests/bot/test_wild_scheme_settings.py)."""

_chats = itertools.count()


def new_chat(store, locale: str) -> Talk:
    """A chat with no table yet."""
    return Talk(Service(store, locale=locale), ChatRef("test", f"wild-open-{next(_chats)}"))


@pytest.mark.asyncio
async def test_a_scheme_and_a_treasure_at_open_are_one_event(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 港式台牌 百搭 窗 中 寶牌 四萬", locale="en")
    assert await talk.seq() == 1  # the opening and its settings: one event
    state = await talk.state()
    assert (state.options.wild_scheme, state.options.treasure) == ("window C", "4m")
    session = await talk.service.store.open_session(talk.chat)
    assert session is not None
    rows = await talk.service.store.events(session.id)
    assert [r.kind for r in rows] == ["table_opened"]
    assert (rows[0].payload["options"]["wild_scheme"], rows[0].payload["options"]["treasure"]) == ("window C", "4m")
    lines = (await talk("B", f"計番 {NO_EYES}")).splitlines()  # 45 under 窗 中, + its one 五萬 (寶牌)
    assert lines[0] == "計番 at Hong Kong-style Taiwanese (港式台牌), on a discard: Fan 46 + 1 × 底 5 = 51"
    assert "  寶牌: 1 fan" in lines
    rules = (await talk("A", "規則")).splitlines()
    assert "  百搭 = 窗百搭 中: wild, each any tile: 東 南 中 發 白" in rules
    assert "  寶牌 = 五萬 (the turned tile 四萬): +1番 for each 五萬 the winner holds" in rules


@pytest.mark.asyncio
@pytest.mark.parametrize("locale", ["en", "zh_Hant_HK"])
async def test_the_opening_reply_says_the_settings(store, locale: str) -> None:
    talk = new_chat(store, locale)
    opened = {
        "en": [
            "Table open: 東 A, 南 B, 西 C, 北 D. A deals first.",
            "Game: Hong Kong-style Taiwanese (港式台牌), counted in 番.",
            "百搭 = 窗百搭 四萬: wild, each any tile: 三萬 四萬 五萬 四筒 四索",
            "寶牌 = 東 (the turned tile 北): +1番 for each 東 the winner holds",
            "Next: A deals; 東 round, hand 1.",
        ],
        "zh_Hant_HK": [
            "開枱：東 A、南 B、西 C、北 D。A 做莊。",
            "玩法：港式台牌，計番。",
            "百搭 = 窗百搭 四萬：呢啲係百搭，每隻當得任何牌：三萬 四萬 五萬 四筒 四索",
            "寶牌 = 東（翻出嘅牌係 北）：食糊嗰家每有一隻 東 加1番",
            "下一鋪：A 做莊；東圈，第1鋪。",
        ],
    }[locale]
    reply = await talk("A", "開枱 A B C D 百搭 窗 四萬 寶牌 北")
    assert [line.strip() for line in reply.splitlines()] == opened


@pytest.mark.asyncio
async def test_slash_newgame_takes_wild_and_treasure(store) -> None:
    talk: Talk = await opened_table(store, "/newgame A B C D hk-taiwan wild=window 4m", locale="en")
    assert (await talk.state()).options.wild_scheme == "window 4m"
    qq: Talk = await opened_table(store, "/newgame A B C D qq wild next 5p treasure 4m English", locale="zh_Hant_HK")
    state = await qq.state()
    assert (state.system, state.options.indicator, state.options.treasure) == ("qq", 13, 3)  # 五筒, 四萬
    rules = [line.strip() for line in (await qq("A", "規則")).splitlines()]  # English, as 開枱 said
    assert "財神 = 六筒 for every hand (the turned tile 五筒)" in rules
    assert "寶牌 = 五萬 (the turned tile 四萬): +1番 for each 五萬 the winner holds" in rules


@pytest.mark.asyncio
@pytest.mark.parametrize("locale", ["en", "zh_Hant_HK"])
async def test_open_refuses_where_the_game_keeps_its_own_or_has_none(store, locale: str) -> None:
    talk = new_chat(store, locale)
    keeps = {
        "en": "Heyuan Wildcards (河源百搭) keeps its own wildcards; it takes no 百搭 scheme.",
        "zh_Hant_HK": "河源百搭 有自己嘅百搭，唔使定百搭玩法。",
    }
    assert await talk("A", "開枱 A B C D 河源 百搭 窗 四萬") == keeps[locale]
    treasure = {
        "en": "Heyuan Wildcards (河源百搭) keeps its own wildcards; it takes no 寶牌.",
        "zh_Hant_HK": "河源百搭 有自己嘅百搭，唔使定寶牌。",
    }
    assert await talk("A", "開枱 A B C D 河源 寶牌 四萬") == treasure[locale]
    none = {
        "en": "Hong Kong 13-tile (廣東牌) plays no wildcards, so it has no 百搭 setting (games with wildcards: ",
        "zh_Hant_HK": "廣東牌 冇百搭，所以冇得定百搭（有百搭嘅玩法：",
    }
    assert (await talk("A", "開枱 A B C D 廣東牌 百搭 窗 四萬")).startswith(none[locale])
    usage = {
        "en": "「百搭」 after the names takes its value: 開枱 A B C D 百搭 窗 四萬 (a scheme and the turned tile), "
        "開枱 A B C D 寶牌 四萬.",
        "zh_Hant_HK": "名後面嘅「百搭」要跟住佢嘅設定：開枱 A B C D 百搭 窗 四萬（玩法同翻出嘅牌）、"
        "開枱 A B C D 寶牌 四萬。",
    }
    assert await talk("A", "開枱 A B C D 百搭") == usage[locale]
    assert (await talk("A", "開枱 A B C D 歡樂 百搭 窗 四萬")).startswith("「窗 四萬」")  # 財神 is 帶弟 only
    assert await talk.seq() == 0  # nothing opened by halves


@pytest.mark.asyncio
@pytest.mark.parametrize("locale", ["en", "zh_Hant_HK"])
async def test_treasure_at_a_hk_taiwan_table(store, locale: str) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D", locale=locale)
    changed = {
        "en": "Rule changed: 寶牌 = 五萬 (the turned tile 四萬): +1番 for each 五萬 the winner holds.",
        "zh_Hant_HK": "改咗規則：寶牌 = 五萬（翻出嘅牌係 四萬）：食糊嗰家每有一隻 五萬 加1番。",
    }
    assert await talk("A", "規則 寶牌 四萬") == changed[locale]
    head = {
        "en": "計番 at Hong Kong-style Taiwanese (港式台牌), self-drawn: Fan {fan} + 1 × 底 5 = {total}",
        "zh_Hant_HK": "計番（港式台牌，自摸）：{fan}番 + 1 × 底 5 = {total}",
    }[locale]
    row = {"en": "寶牌×{n}: {n} fan", "zh_Hant_HK": "寶牌×{n}：{n}番"}[locale]
    lines = [line.strip() for line in (await talk("B", f"計番 {HAND}")).splitlines()]
    assert lines[0] == head.format(fan=26, total=31)  # 雜龍 15, 門清自摸 5, 寶牌×3, 獨獨 2, 無花 1
    assert row.format(n=3) in lines
    lines = [line.strip() for line in (await talk("B", f"計番 {HAND} 寶牌 北")).splitlines()]
    assert lines[0] == head.format(fan=25, total=30)  # the hand's own: 北 → 東, two 東
    assert row.format(n=2) in lines
    lines = [line.strip() for line in (await talk("B", f"計番 {HAND} 寶牌 九萬")).splitlines()]
    assert lines[0] == head.format(fan=24, total=29)  # 九萬 → 一萬: one
    lines = [line.strip() for line in (await talk("B", f"計番 {HAND} 寶牌 中")).splitlines()]
    assert lines[0] == head.format(fan=23, total=28)  # 中 → 白: none held, no row
    assert not any(line.startswith("寶牌") for line in lines)
    booked = (await talk("B", "B 自摸 碰五五五萬 一二三萬 四五六筒 七八九索 二三四索 東 摸 東")).splitlines()
    assert booked[0] == {"en": "B self-draws (自摸): 22 fan", "zh_Hant_HK": "B 自摸：22番"}[locale]
    assert await talk.owed() == {"A": -28, "B": 82, "C": -27, "D": -27}  # 22 + 底 5 each, + the dealer's 1
    assert (await talk.state()).options.treasure == "4m"


@pytest.mark.asyncio
async def test_treasure_words_refused_and_shown(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D", locale="en")
    assert await talk("A", "規則 寶牌") == (
        "寶牌 = 無 (規則 寶牌 四萬 sets the turned tile; a hand may say 寶牌 四萬). Set it with 規則 寶牌 and "
        "the turned tile, e.g. 四萬, 中, 無."
    )
    assert await talk("A", "規則 寶牌 風") == (
        "「風」 is not a tile for 寶牌: 四萬, 中, 無. Now: 寶牌 = 無 (規則 寶牌 四萬 sets the turned tile; a hand "
        "may say 寶牌 四萬)."
    )
    assert await talk.seq() == 1
    assert await talk("B", f"計番 {HAND} 寶牌 風") == (
        "「風」 after 寶牌 is not a tile: write the turned tile, e.g. 寶牌 四萬. (「風」 is at character 38 of the "
        "message.)"
    )
    assert await talk("B", f"計番 {HAND} 寶牌 北 寶牌 東") == (
        "「寶牌 東」: say 寶牌 once in a hand, e.g. 寶牌 四萬. (「寶牌 東」 is at character 40 of the message.)"
    )
    assert await talk("A", "/rules treasure 4m") == (
        "Rule changed: 寶牌 = 五萬 (the turned tile 四萬): +1番 for each 五萬 the winner holds."
    )
    assert (await talk("A", "撤銷")).splitlines()[0].startswith("A undid: Rule changed: 寶牌 = 五萬")
    assert (await talk.state()).options.treasure == ""
    other = new_chat(store, "en")
    await other("A", "開枱 A B C D 廣東牌")
    assert (await other("A", "規則 寶牌 四萬")).startswith(
        "Hong Kong 13-tile (廣東牌) plays no wildcards, so it has no 寶牌 setting (games with wildcards: "
    )


@pytest.mark.asyncio
@pytest.mark.parametrize("locale", ["en", "zh_Hant_HK"])
async def test_treasure_at_a_qq_table(store, locale: str) -> None:
    """歡樂麻將 一二三四五六七八九萬 東東東 六筒 食 六筒, 財神 六筒 (seed 002's table through Chinese Official;
    計番 reads it at 東 seat and round): 30番 with one 五萬 under 寶牌 四萬 (清龍 16, 混一色 6, 門前清 2, 圈風刻
    2, 門風刻 2, 坎張 1, 寶牌 1); the hand's own 寶牌 五筒 (寶牌 六筒: the two 六筒, held though they are 財神,
    our choice) makes it 31."""
    talk: Talk = await opened_table(store, "開枱 A B C D 歡樂", locale=locale)
    hand = "一二三四五六七八九萬 東東東 六筒 食 六筒 財神 六筒"
    changed = {
        "en": "Rule changed: 寶牌 = 五萬 (the turned tile 四萬): +1番 for each 五萬 the winner holds.",
        "zh_Hant_HK": "改咗規則：寶牌 = 五萬（翻出嘅牌係 四萬）：食糊嗰家每有一隻 五萬 加1番。",
    }
    assert await talk("A", "規則 寶牌 四萬") == changed[locale]
    assert (await talk.state()).options.treasure == 3
    fan = {"en": "on a discard: {n} fan", "zh_Hant_HK": "食）：{n}番"}[locale]
    lines = [line.strip() for line in (await talk("B", f"計番 {hand}")).splitlines()]
    assert fan.format(n=30) in lines[0]
    assert {"en": "寶牌: 1 fan", "zh_Hant_HK": "寶牌：1番"}[locale] in lines
    lines = [line.strip() for line in (await talk("B", f"計番 {hand} 寶牌 五筒")).splitlines()]
    assert fan.format(n=31) in lines[0]
    assert {"en": "寶牌×2: 2 fan", "zh_Hant_HK": "寶牌×2：2番"}[locale] in lines
    rules = [line.strip() for line in (await talk("A", "規則")).splitlines()]
    assert {
        "en": "寶牌 = 五萬 (the turned tile 四萬): +1番 for each 五萬 the winner holds",
        "zh_Hant_HK": "寶牌 = 五萬（翻出嘅牌係 四萬）：食糊嗰家每有一隻 五萬 加1番",
    }[locale] in rules


@pytest.mark.asyncio
async def test_waits_under_a_tile_scheme_offer_the_wild_tiles_not_typed_kinds(store) -> None:
    """Under 窗百搭 四萬 (seed 001 「翻開的是四萬，則三萬、四萬、五萬、四筒（饼）、四索（条）共五张牌皆为白搭」) the
    table's wildcards are those five tiles: 聽 lists them among the 34 tiles and offers no typed 越搭 kind
    (``[皇]`` …), which this table does not play.  一二三萬 六七八萬 七八九筒 六七八索 中中中 + 四索 is a pair
    short; any wild tile completes the eyes with 四索 (itself wild), so the five wild tiles score alike."""
    talk: Talk = await opened_table(store, "開枱 A B C D 港式台牌 百搭 窗 四萬", locale="en")
    reply = await talk("A", "聽 一二三萬 六七八萬 七八九筒 六七八索 中中中 四索")
    assert "[" not in reply, reply
    lines = {line.split(":")[0].strip(): line for line in reply.splitlines()[1:]}
    wild = {"三萬", "四萬", "五萬", "四筒", "四索"}
    assert wild <= set(lines), reply
    assert len({lines[t].split(":", 1)[1] for t in wild}) == 1, reply
