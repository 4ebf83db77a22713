"""Seed 001's wildcard schemes as a table setting (``規則 百搭 窗 四萬`` / ``/rules wild window 4m``): set,
shown, undone and used by the hands of a 港式台牌 table, 歡樂麻將's 財神 set the same way (its 財神 is
帶弟百搭), a hand's own turned tile (``百搭 帶弟 東``), and the games without wildcards refusing with their
name, in Cantonese and English.

The hand 一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 南 食 北 has no eyes (南 and 北); under 窗百搭 中
(「开红中则中、发、白、东、南为百搭」) its 南 is wild and pairs the 北: 清龍 20 + 喜相逢×2 10 + 平糊 5 + 老少順 5
+ 門前清 3 + 假獨 1 + 無花 1 = 45番, + 底 5 = 50 (the search's best, tested against the brute-force
oracle in tests/core/wilds/test_wild_schemes.py)."""

from __future__ import annotations

import pytest

from taipai.bot.service.wildwords import takers

from .conftest import Talk, opened_table

NO_EYES = "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 南 食 北"


@pytest.mark.asyncio
async def test_a_window_scheme_at_a_hk_taiwan_table_in_english(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D", locale="en")
    assert await talk("A", "規則 百搭") == (
        "百搭 = 無 (no wildcard scheme; 規則 百搭 窗 四萬 sets one). Set it with 規則 百搭 and one of: "
        "帶弟 五萬, 活動 五萬, 窗 四萬, 心皇, 特別, 無."
    )
    assert await talk.seq() == 1  # shown, nothing booked
    not_a_win = "That is not a winning hand: the tiles do not make 5 melds and a pair, nor a special hand."
    assert await talk("B", f"計番 {NO_EYES}") == not_a_win
    assert await talk("A", "/rules wild window 4m") == (
        "Rule changed: 百搭 = 窗百搭 四萬: wild, each any tile: 三萬 四萬 五萬 四筒 四索."
    )
    assert await talk("A", "規則 百搭 窗 中") == "Rule changed: 百搭 = 窗百搭 中: wild, each any tile: 東 南 中 發 白."
    assert (await talk.state()).options.wild_scheme == "window C"
    reply = (await talk("B", f"計番 {NO_EYES}")).splitlines()
    assert reply[0] == "計番 at Hong Kong-style Taiwanese (港式台牌), on a discard: Fan 45 + 1 × 底 5 = 50"
    assert "Wildcard 皇 as 北" in reply
    assert (await talk("B", f"B 食 A {NO_EYES}")).splitlines()[0] == "B wins on A's discard: 45 fan"
    assert await talk.owed() == {"A": -51, "B": 51, "C": 0, "D": 0}  # 45 + 底 5 + the dealer's 1
    assert (await talk("A", "撤銷")).splitlines()[0].startswith("A undid: B wins on A's discard")
    assert (await talk("A", "撤銷")).splitlines()[0] == (
        "A undid: Rule changed: 百搭 = 窗百搭 中: wild, each any tile: 東 南 中 發 白."
    )
    assert (await talk.state()).options.wild_scheme == "window 4m"


@pytest.mark.asyncio
async def test_a_hand_names_its_own_scheme_or_turned_tile_and_bad_values_are_refused(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D", locale="en")
    # no scheme at the table: the hand's own 百搭 帶弟 東 makes its 南 wild (東 → 南)
    reply = (await talk("B", f"計番 {NO_EYES} 百搭 帶弟 東")).splitlines()
    assert reply[0] == "計番 at Hong Kong-style Taiwanese (港式台牌), on a discard: Fan 45 + 1 × 底 5 = 50"
    assert await talk("A", "規則 百搭 風 四萬") == (
        "「風 四萬」 is not a wildcard scheme Hong Kong-style Taiwanese (港式台牌) takes: 帶弟 五萬, 活動 五萬, "
        "窗 四萬, 心皇, 特別, 無. Now: 百搭 = 無 (no wildcard scheme; 規則 百搭 窗 四萬 sets one)."
    )
    assert await talk.seq() == 1
    assert await talk("A", "規則 百搭 窗") == "Rule changed: 百搭 = 窗百搭: each hand says its turned tile (百搭 四萬)."
    # the table's scheme with the hand's turned tile: 百搭 中
    assert (await talk("B", f"計番 {NO_EYES} 百搭 中")).splitlines()[0].endswith("Fan 45 + 1 × 底 5 = 50")
    # neither gives the turned tile: refused, nothing guessed
    assert await talk("B", f"B 食 A {NO_EYES}") == (
        "「百搭」: the table's wildcard scheme needs the turned tile; say it in the hand, e.g. 百搭 四萬."
    )
    assert await talk.seq() == 2
    assert "  百搭 = 窗百搭: each hand says its turned tile (百搭 四萬)" in (await talk("A", "規則")).splitlines()
    assert await talk("B", f"計番 {NO_EYES} 百搭 風") == (
        "「風」 after 百搭 is neither a scheme nor a tile: write 百搭 窗 四萬 (a scheme and the turned tile) or "
        "百搭 四萬 (the turned tile). (「風」 is at character 38 of the message.)"
    )
    assert await talk("B", f"計番 {NO_EYES} 百搭 窗 四萬 百搭 中") == (
        "「百搭 中」: say 百搭 once in a hand, e.g. 百搭 窗 四萬. (「百搭 中」 is at character 43 of the message.)"
    )
    assert await talk("C", "規則 百搭 心皇") == (
        "Only A, who opened the table, can change its rules."
    )


@pytest.mark.asyncio
async def test_heart_and_special_jokers_at_a_hk_taiwan_table_in_cantonese(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D")
    assert await talk("A", "規則 百搭 心皇") == (
        "改咗規則：百搭 = 心皇：每副牌少打一隻；心中嗰隻當得任何牌，淨係用嚟食糊。"
    )
    # typed one tile short (15 before the win): the imagined tile is the other 東
    reply = (await talk("B", "B 食 A 一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 食 東")).splitlines()
    assert reply[0] == "B 食 A：45番"
    assert await talk.owed() == {"A": -51, "B": 51, "C": 0, "D": 0}
    assert await talk("A", "規則 百搭 特別") == (
        "改咗規則：百搭 = 特別百搭：百搭寫喺括號入面：[元] [喜] [合] [筒搭] [索搭] [萬搭] [總] [一皇] [二皇] "
        "[三皇] [四皇] [一后] [二后] [三后] [四后]。"
    )
    reply = (await talk("B", "計番 一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 [元] 食 中")).splitlines()
    assert reply[0] == "計番（港式台牌，食）：45番 + 1 × 底 5 = 50"
    assert "聽：中 發 白" in reply  # 元 is any dragon (「“元” … 当作箭牌」)
    assert await talk("A", "規則 百搭 窗 四萬") == (
        "改咗規則：百搭 = 窗百搭 四萬：呢啲係百搭，每隻當得任何牌：三萬 四萬 五萬 四筒 四索。"
    )
    assert await talk("A", "規則 百搭 活動 五萬") == (
        "改咗規則：百搭 = 活動百搭 五萬：呢啲係百搭，每隻當得任何牌：五萬；白板當五萬用。"
    )
    assert await talk("A", "規則 百搭 亂 四萬") == (
        "「亂 四萬」唔係港式台牌用得嘅百搭玩法：帶弟 五萬、活動 五萬、窗 四萬、心皇、特別、無。"
        "而家：百搭 = 活動百搭 五萬：呢啲係百搭，每隻當得任何牌：五萬；白板當五萬用。"
    )


@pytest.mark.asyncio
@pytest.mark.parametrize("locale", ["en", "zh_Hant_HK"])
async def test_qq_takes_the_next_scheme_as_its_caishen(store, locale: str) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 歡樂", locale=locale)
    hand = "計番 一二三四五六七八九萬 東東東 六筒 食 九筒"
    changed = {
        "en": "Rule changed: 財神 = 六筒 for every hand (the turned tile 五筒).",
        "zh_Hant_HK": "改咗規則：財神 = 每鋪都係 六筒（翻出嘅牌係 五筒）。",
    }
    assert await talk("A", "規則 百搭 帶弟 五筒") == changed[locale]
    assert (await talk.state()).options.indicator == 13  # 五筒: 財神 六筒 (「翻出五萬，六萬就是財神」)
    fan = {"en": "on a discard: 24 fan", "zh_Hant_HK": "食）：24番"}
    assert fan[locale] in (await talk("B", hand)).splitlines()[0]  # 六筒 stands for 九筒
    refused = {  # and why: QQ's 財神 search reads every wild tile as one kind that may be any tile
        "en": "「窗 四萬」 is not a wildcard scheme QQ Happy Mahjong (歡樂麻將) takes: 帶弟 五萬, 無. Now: 財神 = "
        "六筒 for every hand (the turned tile 五筒). Only 帶弟百搭 is this game's 財神: its 財神 search reads "
        "every wild tile as a copy of one kind that may be any tile; 窗百搭 makes five kinds wild, 活動百搭 "
        "reads a 白板 as a natural turned tile, 心皇 is an imagined tile outside the 13, and 特別百搭's jokers "
        "each have their own range.",
        "zh_Hant_HK": "「窗 四萬」唔係歡樂麻將用得嘅百搭玩法：帶弟 五萬、無。而家：財神 = 每鋪都係 六筒（翻出嘅牌係 五筒）。"
        "呢個玩法嘅財神淨係得帶弟百搭：佢計財神嗰陣將每隻百搭當做同一種牌，嗰種牌當得任何牌；窗百搭有五種牌係百搭，"
        "活動百搭要將白板當做翻出嗰隻真牌，心皇係十三隻以外嘅一隻想像牌，特別百搭每隻百搭都有自己當得嘅牌。",
    }
    assert await talk("A", "規則 百搭 窗 四萬") == refused[locale]
    # a hand's own turned tile: 百搭 五筒 is 財神 六筒, as the table says
    assert fan[locale] in (await talk("B", f"{hand} 百搭 五筒")).splitlines()[0]
    both = {
        "en": "「百搭」: this hand says both 財神 and 百搭; say one: 財神 六萬 or 百搭 五萬.",
        "zh_Hant_HK": "「百搭」：呢副牌又講財神又講百搭；講一樣就得：財神 六萬 或者 百搭 五萬。",
    }
    assert await talk("B", f"{hand} 百搭 五筒 財神 六筒") == both[locale]
    other = {
        "en": "「百搭」: this game's 財神 is 帶弟百搭 only, as its 財神 search reads every wild tile as a copy of "
        "one kind that may be any tile (窗百搭 makes five kinds wild, 活動百搭 reads a 白板 as a natural turned "
        "tile, 心皇 is an imagined tile outside the 13, 特別百搭's jokers each have their own range); write "
        "百搭 五萬 (the turned tile) or 財神 六萬.",
        "zh_Hant_HK": "「百搭」：呢個玩法嘅財神淨係帶弟百搭，因為計財神嗰陣將每隻百搭當做同一種牌，嗰種牌當得任何牌"
        "（窗百搭有五種牌係百搭，活動百搭要將白板當做翻出嗰隻真牌，心皇係十三隻以外嘅一隻想像牌，特別百搭每隻百搭都有"
        "自己當得嘅牌）；寫 百搭 五萬（翻出嘅牌）或者 財神 六萬。",
    }
    assert await talk("B", f"{hand} 百搭 窗 五筒") == other[locale]
    assert await talk("A", "規則 百搭 無") == {
        "en": "Rule changed: 財神 = each hand says it (財神 六萬).",
        "zh_Hant_HK": "改咗規則：財神 = 每鋪自己講（財神 六萬）。",
    }[locale]
    assert (await talk.state()).options.indicator is None


def with_wildcards(locale: str) -> str:
    """The games whose settings take a 百搭 scheme, as the refusal lists them (the registry grows)."""
    if locale == "en":
        return ", ".join(f"{s.english} ({s.names[0]})" for s in takers("百搭"))
    return "、".join(s.names[0] for s in takers("百搭"))


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("game", "locale", "reply"),
    [
        ("國標", "zh_Hant_HK", "國標 冇百搭，所以冇得定百搭（有百搭嘅玩法：{games}）。"),
        (
            "台灣牌",
            "en",
            "Taiwan 16-tile (台灣牌) plays no wildcards, so it has no 百搭 setting (games with wildcards: {games}).",
        ),
        ("廣東牌", "zh_Hant_HK", "廣東牌 冇百搭，所以冇得定百搭（有百搭嘅玩法：{games}）。"),
    ],
)
async def test_games_without_wildcards_refuse_the_setting_with_their_name(
    store, game: str, locale: str, reply: str
) -> None:
    talk: Talk = await opened_table(store, f"開枱 A B C D {game}", locale=locale)
    games = with_wildcards(locale)
    assert "港式台牌" in games and "歡樂麻將" in games and "國標" not in games
    assert await talk("A", "規則 百搭 窗 四萬") == reply.format(games=games)
    assert await talk("A", "/rules wild window 4m") == reply.format(games=games)
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_help_says_how_to_set_a_scheme(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D", locale="en")
    assert (
        "規則 百搭 窗 四萬  /rules wild window 4m: the table's wildcard scheme (帶弟, 活動 or 窗 with the turned "
        "tile; 心皇; 特別; 無); a hand may name its own turned tile: 百搭 五萬"
    ) in (await talk("A", "/help")).splitlines()


@pytest.mark.asyncio
async def test_qq_help_says_its_caishen_is_the_next_scheme(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 歡樂")
    assert (
        "規則 百搭 帶弟 五萬  /rules wild next 5m：講翻出嘅牌，同 規則 財神 六萬 一樣（財神係佢下一隻，帶弟百搭）；"
        "每鋪都可以講 百搭 五萬"
    ) in (await talk("A", "/help")).splitlines()
    assert await talk("A", "/rules wild next 5m") == "改咗規則：財神 = 每鋪都係 六萬（翻出嘅牌係 五萬）。"
