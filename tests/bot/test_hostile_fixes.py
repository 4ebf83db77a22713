"""What a hostile tester found at the new games (issues 16, 17, 18), each refused with a reply that says
what was wrong: typed jokers and a flower twice at 河源百搭, and the kinds around them at every game."""

from __future__ import annotations

import pytest

from taipai.bot.service import Service
from taipai.bot.service.service import clean_text
from taipai.bot.store import ChatRef

from .conftest import Talk, opened_table

HAND = "一二三萬 四五六萬 七八九筒 二三四索"
"""Four melds of a 13-tile hand; with a lone 保 it waits as the eyes (飛牌)."""


@pytest.mark.asyncio
@pytest.mark.parametrize("joker", ["[皇]", "[搭]", "[二后]", "[元]"])
async def test_a_typed_joker_at_heyuan_is_refused_not_booked_as_a_bao(store, joker: str) -> None:
    # seed 001: 河源's wildcards are the eight flowers (「八张花牌作为"保"」), never a typed joker
    talk: Talk = await opened_table(store, "開枱 A B C D 河源", locale="en")
    reply = await talk("B", f"B 食 A {HAND} {joker} 食 南")
    assert reply == (
        f"「{joker}」: this game's only wildcards are its flowers (保); write 保 or the flower, e.g. 春. "
        f"(「{joker}」 is at character 27 of the message.)"
    )
    assert (await talk.state()).balances == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert (await talk("B", f"計番 {HAND} {joker} 食 南")).startswith(f"「{joker}」: this game's only")


@pytest.mark.asyncio
async def test_a_typed_joker_at_heyuan_in_cantonese(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 河源")
    assert (await talk("B", f"B 食 A {HAND} [皇] 食 南")).startswith(
        "「[皇]」：呢隻玩法嘅搭淨係啲花（保）；寫保或者寫返隻花，例如 春。"
    )


@pytest.mark.asyncio
@pytest.mark.parametrize("flowers", ["春春", "春 花:春", "梅 保 梅"])
async def test_the_same_flower_twice_at_heyuan_is_refused(store, flowers: str) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 河源", locale="en")
    reply = await talk("B", f"B 食 A {flowers} 一二三萬 四五六萬 七八九筒 二三索 食 南")
    flower = flowers[0]
    assert reply.startswith(f"The flower 「{flower}」 is written twice; each flower is one tile.")
    assert (await talk.state()).balances == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert (await talk("B", f"聽 {flowers} 一二三萬 四五六萬 七八九筒 二三索")).startswith(
        f"The flower 「{flower}」 is written twice"
    )


@pytest.mark.asyncio
async def test_a_bao_typed_as_bao_still_books_at_heyuan(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 河源", locale="en")
    # 平和 1 + 飛牌 1 = 2番: A pays 2^2 = 4
    assert (await talk("B", f"B 食 A 保 {HAND} 食 南")).splitlines()[3] == "A pays B HK$4"


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("opening", "extra"),
    [
        ("開枱 A B C D", " 一二三萬"),
        ("開枱 A B C D 國標", ""),
        ("開枱 A B C D 台灣", " 一二三萬"),
        ("開枱 A B C D 廣東牌", ""),
        ("開枱 A B C D 歡樂", " 財神 六萬"),
    ],
)
async def test_the_same_flower_twice_is_refused_at_every_game_with_flowers(
    store, opening: str, extra: str
) -> None:
    talk: Talk = await opened_table(store, opening, locale="en")
    reply = await talk("B", f"B 食 A 春春 {HAND}{extra} 南 食 南")
    assert reply.startswith("The flower 「春」 is written twice; each flower is one tile.")


@pytest.mark.asyncio
async def test_waits_with_many_bao_and_only_honours_are_answered_at_heyuan(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 河源", locale="en")
    # 8 保 + 南北西中白: every reading is 十三幺 (6番, 爆和以外), waiting on any of its 13 tiles
    eight = (await talk("B", "聽 保保保保保保保保 南 北 西 中 白")).splitlines()
    assert eight[0] == (
        "Waiting on 一萬 九萬 一筒 九筒 一索 九索 東 南 西 北 中 發 白 at Heyuan Wildcards (河源百搭), the best first:"
    )
    assert eight[1] == "一萬: on a discard 6 fan (HK$64), self-drawn 6 fan (HK$192)"
    seven = (await talk("B", "聽 保保保保保保保 南 北 西 中 白 發")).splitlines()
    assert seven[-1] == "保: on a discard 6 fan (HK$64), self-drawn 6 fan (HK$192)"
    assert (await talk("B", "聽 春夏秋冬梅蘭菊竹 南 北 西 中 白")).startswith("Waiting on ")


@pytest.mark.asyncio
@pytest.mark.parametrize("opening", ["開枱 A B C D 國標", "開枱 A B C D 雞平和", "開枱 A B C D 歡樂"])
async def test_waits_with_bao_or_flowers_and_honours_get_a_reply_at_every_game(store, opening: str) -> None:
    talk: Talk = await opened_table(store, opening, locale="en")
    for hand in ("保保保保保保保保 南 北 西 中 白", "春夏秋冬梅蘭菊竹 南 北 西 中 白", "保保保"):
        assert await talk("C", f"聽 {hand}") != ""
    assert (await talk("C", "聽 保保保保保保保保 南 北 西 中 白")).startswith(
        "I can't read 「保保保保保保保保」" if "歡樂" not in opening else "Which tile is 財神 this hand?"
    )


@pytest.mark.asyncio
async def test_waits_talk_with_flower_words_alone_stays_talk(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 河源", locale="en")
    for said in ("聽 春夏秋冬", "聽 保險", "聽 你講"):
        assert await talk("C", said) == ""


@pytest.mark.asyncio
@pytest.mark.parametrize("count", [9, 20, 10_000])
async def test_a_line_of_bao_at_heyuan_gets_a_reply(store, count: int) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 河源", locale="en")
    reply = await talk("B", "B 食 A " + "保" * count)
    if count == 9:  # nine tiles: the winning tile is what is missing
        assert reply == "Which tile did you win on? Add 摸 X for a self-draw or 食 X for a discard."
    else:
        assert reply == (
            "Wrong number of tiles: a 13-tile win has 14 tiles (4 melds and a pair), a kong counts one extra. "
            f"(I count {count}; 14 were expected.)"
        )
    assert await talk("B", "B 食 A 保險") == ""  # a 保 in a word is talk


@pytest.mark.asyncio
@pytest.mark.parametrize("opening", ["開枱 A B C D", "開枱 A B C D 雞平和", "開枱 A B C D 國標"])
async def test_a_huge_run_of_one_tile_is_the_fifth_copy_not_the_missing_winning_tile(
    store, opening: str
) -> None:
    talk: Talk = await opened_table(store, opening, locale="en")
    assert await talk("B", "計番 " + "中" * 10_000) == (
        "There are more than four of 「中」. (「中」 is at character 8 of the message.)"
    )
    assert await talk("B", "B 食 A " + "一二三萬 " * 2_000) == (
        "There are more than four of 「一萬」. (「一萬」 is at character 27 of the message.)"
    )


@pytest.mark.asyncio
@pytest.mark.parametrize("said", ["鳥 春", "/bird 蘭", "鳥 花:梅", "鸟 兰"])
async def test_a_flower_as_the_bird_at_qq_is_refused_with_the_tiles_that_count(store, said: str) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 歡樂", locale="en")
    await talk("B", "B 食 D 10番")
    flower = said.split()[1]
    assert await talk("B", said) == (
        f"「{flower}」 is a flower, which has no number: the 鳥 is a suit tile (一 … 九) or an honour "
        "(東南西北中發白 count 1 … 7), e.g. 鳥 三萬."
    )
    assert (await talk.state()).balances == {"A": 0, "B": 10, "C": 0, "D": -10}


@pytest.mark.asyncio
async def test_a_flower_as_the_bird_in_cantonese(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 歡樂")
    await talk("B", "B 食 D 10番")
    assert await talk("B", "鳥 春") == (
        "「春」係花，冇數㗎：鳥要係萬筒索（一至九）或者字（東南西北中發白當一至七），例如 鳥 三萬。"
    )


@pytest.mark.asyncio
@pytest.mark.parametrize("opening", ["開枱 A B C 三人牌", "開枱 三人牌 A B C", "開枱 A B C 日本麻雀"])
async def test_an_unknown_game_word_after_three_names_is_no_player(store, opening: str) -> None:
    talk = Talk(Service(store, locale="en"), ChatRef("test", f"open-{opening}"))
    word = next(w for w in opening.split()[1:] if len(w) > 1)
    reply = await talk("A", opening)
    assert reply.startswith(
        f"「{word}」 is not a game taipai knows. Open a table with four names, 開枱 A B C D, and a game's "
        "name after them if it is not 港式台牌: 港式台牌 (hk-taiwan)"
    )
    assert await talk.service.store.open_session(talk.chat) is None


@pytest.mark.asyncio
async def test_a_player_whose_name_ends_in_pai_still_sits(store) -> None:
    talk = Talk(Service(store, locale="en"), ChatRef("test", "open-pai"))
    assert (await talk("A", "開枱 A B C 阿牌")).startswith("Table open: 東 A, 南 B, 西 C, 北 阿牌.")


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "marks", [("\u200b", ""), ("\u200d", "\ufeff"), ("\u2060", "\u200e"), ("\u00ad", "")]
)
async def test_invisible_characters_in_a_hand_are_dropped_one_way_at_zipai(
    store, marks: tuple[str, str]
) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C 字牌", locale="en")
    hand = "碰 三{}三{}三 偎 伍伍伍 提 六六六六 壹貳叄 二七十 八八捌 玖玖 食 玖".format(*marks)
    reply = await talk("B", f"/win B A {hand}")
    assert reply.splitlines()[0] == "B wins on A's discard: 28油"
    assert (await talk.state()).balances == {"A": -56, "B": 56, "C": 0}


@pytest.mark.asyncio
async def test_a_joiner_between_tiles_is_dropped_at_mahjong_too(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 雞平和", locale="en")
    same = await talk("B", "計番 一二三萬 四五六萬 七八九筒 二三四索 南 食 南")
    assert await talk("B", "計番 一\u200d二三萬 四五六萬 七八九筒 二\ufeff三四索 南 食 南") == same
    assert clean_text("👨\u200d👩\u200d👧") == "👨\u200d👩\u200d👧"  # emoji keep their joiner


@pytest.mark.asyncio
@pytest.mark.parametrize("opening", ["開枱 A B C D 雞平和", "開枱 A B C 字牌", "開枱 A B C D 國標"])
async def test_the_games_a_bai_da_refusal_lists_take_a_scheme(store, opening: str) -> None:
    # 河源百搭 keeps its own wildcards (「it takes no 百搭 scheme」): it is not listed
    talk: Talk = await opened_table(store, opening, locale="en")
    reply = await talk("A", "規則 百搭 窗 四萬")
    assert reply.endswith(
        "plays no wildcards, so it has no 百搭 setting (games with wildcards: Hong Kong-style Taiwanese "
        "(港式台牌), QQ Happy Mahjong (歡樂麻將))."
    )
    assert (await talk("A", "規則 扎鳥 開")).endswith(
        "(games with wildcards: Hong Kong-style Taiwanese (港式台牌))."
    )


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("opening", "word", "game", "other"),
    [
        ("開枱 A B C D 國標", "財神", "Chinese Official (國標)", "QQ Happy Mahjong (歡樂麻將)"),
        ("開枱 A B C D 國標", "寶牌", "Chinese Official (國標)", "Hong Kong-style Taiwanese (港式台牌)"),
        ("開枱 A B C D 雞平和", "財神", "Guangdong Chicken Hand (雞平和)", "QQ Happy Mahjong (歡樂麻將)"),
        ("開枱 A B C D 河源", "財神", "Heyuan Wildcards (河源百搭)", "QQ Happy Mahjong (歡樂麻將)"),
    ],
)
async def test_another_games_word_in_a_hand_names_both_games(
    store, opening: str, word: str, game: str, other: str
) -> None:
    talk: Talk = await opened_table(store, opening, locale="en")
    reply = await talk("B", f"B 食 A 一二三萬 四五六萬 七八九萬 二三四索 中 食 中 {word} 六萬")
    assert reply == (
        f"「{word}」: {game} has no {word}; it is a word of {other}. (「{word}」 is at character 33 of the message.)"
    )
    assert (await talk.state()).balances == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert (await talk("B", "計番 一二三萬 四五六萬 七八九萬 二三四索 中 食 中 乜嘢")).startswith(
        "I can't read 「乜嘢」."
    )


@pytest.mark.asyncio
async def test_another_games_word_in_cantonese(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 國標")
    assert (await talk("B", "B 食 A 一二三萬 四五六萬 七八九萬 二三四索 中 食 中 財神 六萬")).startswith(
        "「財神」：國標冇財神，嗰個係歡樂麻將嘅字。"
    )


@pytest.mark.asyncio
async def test_the_opening_hints_after_a_zipai_table_name_its_game_and_three_players(store) -> None:
    talk = Talk(Service(store, locale="en"), ChatRef("test", "zipai-hints"))
    await talk("A", "開枱 A B C 字牌")
    assert await talk("A", "撤銷") == (
        "A cancelled the table (東 A, 南 B, 西 C); nothing was played. Open it again with the right names: "
        "開枱 A B C 大字牌 (撤銷 again brings this one back)."
    )
    assert (await talk("A", "計數")).endswith("撤銷 brings it back; 開枱 A B C 大字牌 starts a new table.")
    assert await talk("B", "B 食 A 12") == "No table is open here. Start one with: 開枱 A B C 大字牌"
    assert (await talk("A", "開枱 A B C 大字牌")).startswith(
        "Table open: 東 A, 南 B, 西 C."
    )  # the hint opens


@pytest.mark.asyncio
async def test_the_opening_hints_in_cantonese_and_at_other_games(store) -> None:
    talk = Talk(Service(store), ChatRef("test", "mcr-hints"))
    assert (
        await talk("B", "B 食 A 12") == "呢度未開枱。開枱咁寫：開枱 A B C D"
    )  # no table ever: the default game
    await talk("A", "開枱 A B C D 國標")
    assert "用啱嘅名再開過：開枱 A B C D 國標（" in await talk("A", "撤銷")
    assert await talk("B", "B 食 A 12") == "呢度未開枱。開枱咁寫：開枱 A B C D 國標"
