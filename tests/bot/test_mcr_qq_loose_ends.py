"""國標 and 歡樂麻將 at the table, the loose ends of issue 16: /bird in the Telegram menu and on Discord,
refused with the game's name where the game has no 鳥; the 鳥 reply names the player it lands on (counted
from the dealer, seed 002 「一表示莊家，二表示下家，三為對家，四為上家」) and each payment it changed;
計番's count shows a 底 only where the game's money has one, with a money line that adds up by hand at
every game; a game's English name is shown with one pair of brackets."""

from __future__ import annotations

import pytest

from taipai.bot.i18n import use_locale
from taipai.bot.service import render
from taipai.bot.telegram.adapter import command_menu
from taipai.core.registry import SYSTEMS

from .conftest import Talk, opened_table

QQ_HAND = "一二三萬 四五六萬 七八九萬 二三四索 中 食 中 財神 六萬"
"""清龍 16 門前清 2 缺一門 1 單釣將 1 + 無財神 2 (the 財神 六萬 used as itself) = 22番."""


def test_bird_is_in_the_telegram_menu_in_both_languages() -> None:
    en, zh = dict(command_menu("en")), dict(command_menu("zh_Hant_HK"))
    assert en["bird"] == "歡樂麻將's 鳥 right after a win: /bird 三萬 (who it lands on pays or collects double)"
    assert zh["bird"] == "歡樂麻將食糊之後翻鳥：/bird 三萬（中鳥嗰個輸贏都計雙倍）"


@pytest.mark.asyncio
async def test_a_slash_bird_where_the_game_has_none_is_refused_with_its_name(store) -> None:
    mcr: Talk = await opened_table(store, "開枱 A B C D 國標", locale="en")
    await mcr("B", "B 食 A 8番")
    seq = await mcr.seq()
    assert await mcr("B", "/bird 三萬") == "Chinese Official (國標) has no 鳥; /help lists what this table books."
    old: Talk = await opened_table(store, "開枱 A B C D 廣東牌")
    assert await old("B", "/bird 三萬") == "廣東牌 冇鳥；/help 睇呢張枱記乜嘢。"
    assert await mcr.seq() == seq and await old.seq() == 1


@pytest.mark.asyncio
async def test_the_bird_names_whom_it_lands_on_and_each_payment_it_doubles(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 歡樂", locale="en")
    # hand 1, dealer A: C wins 10番 on D's discard; D pays 10 (no dealer in the leg)
    assert (await talk("C", "C 食 D 10番")).splitlines()[1] == "D pays C HK$10"
    # 四萬: A 1, B 2, C 3, D 4: the discarder; D pays the 10 again
    assert (await talk("C", "鳥 四萬")).splitlines()[:2] == [
        "鳥 四萬 (4, counted from the dealer A) lands on D, who dealt in: D pays double",
        "D pays C HK$10 more (HK$10 → HK$20)",
    ]
    await talk("C", "撤銷")
    # 七萬: 7 from A is C, the winner; the discarder pays double
    assert (await talk("C", "鳥 七萬")).splitlines()[:2] == [
        "鳥 七萬 (7, counted from the dealer A) lands on C, the winner: the discarder D pays C double",
        "D pays C HK$10 more (HK$10 → HK$20)",
    ]
    # hand 2, dealer B (C won, the deal passed): B self-draws 5番, the dealer's legs × 2: 10 from each
    assert (await talk("B", "B 自摸 5番")).splitlines()[1:4] == [
        "A pays B HK$10", "C pays B HK$10", "D pays B HK$10",
    ]
    # 中 is honour 5 (東南西北中發白 1..7): 5 from the dealer B is B again, the self-drawer: all three double
    assert (await talk("B", "鳥 中")).splitlines()[:4] == [
        "鳥 中 (5, counted from the dealer B) lands on B, who self-drew: each of the three pays double",
        "A pays B HK$10 more (HK$10 → HK$20)",
        "C pays B HK$10 more (HK$10 → HK$20)",
        "D pays B HK$10 more (HK$10 → HK$20)",
    ]
    # hand 3, dealer B still: A self-draws 3番: B (dealer) 6, C 3, D 3; 三萬 from B is D: only D doubles
    await talk("A", "A 自摸 3番")
    assert (await talk("A", "鳥 三萬")).splitlines()[:2] == [
        "鳥 三萬 (3, counted from the dealer B) lands on D: D pays the self-draw double",
        "D pays A HK$3 more (HK$3 → HK$6)",
    ]
    # 10 + 10 (C), 30 + 30 (B), -6 + -3 + -3 + -3 (A's draw)
    assert await talk.owed() == {"A": -20 + 15, "B": 60 - 6, "C": 20 - 20 - 3, "D": -20 - 20 - 6}


@pytest.mark.asyncio
async def test_the_bird_reply_in_cantonese(store) -> None:
    zh: Talk = await opened_table(store, "開枱 A B C D 歡樂")
    await zh("C", "C 自摸 4番")  # dealer A: A 8, B 4, D 4
    assert (await zh("C", "鳥 二萬")).splitlines()[:2] == [
        "鳥 二萬（2，由莊家 A 數起）中 B：B 嗰份自摸俾雙倍",
        "B 再俾 C HK$4（由 HK$4 變 HK$8）",
    ]
    await zh("C", "撤銷")
    assert (await zh("C", "鳥 九筒")).splitlines()[0] == "鳥 九筒（9，由莊家 A 數起）中 A：A 嗰份自摸俾雙倍"


GAMES = {
    # game word, hand, the count as 計番 shows it, the money the winner collects (worked by hand)
    "hk-taiwan": ("", "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 東 食 東", "Fan 46 + 1 × 底 5 = 51", None),
    # 台灣牌 底 100 + 2台 × 50, the discarder alone
    "taiwan": ("台灣牌", "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 東 食 東", "2台", "HK$200"),
    # 廣東牌 3翻: a portion 2^(3−1) = 4, 全銃: the discarder pays two portions
    "hk-old": ("廣東牌", "一二三萬 四五六萬 七八九萬 二三四索 中 食 中", "3翻", "HK$8"),
    # 國標 20番: the discarder 8 + 20, the two others 8 each
    "mcr": ("國標", "一二三萬 四五六萬 七八九萬 二三四索 中 食 中", "20 fan", "HK$44"),
    # 歡樂麻將 22番, 大眾場 N = 1, no dealer in the leg: the discarder 22
    "qq": ("歡樂", QQ_HAND, "22 fan", "HK$22"),
}


@pytest.mark.asyncio
@pytest.mark.parametrize("system_id", list(GAMES))
async def test_calc_counts_a_base_only_where_the_money_has_one(store, system_id: str) -> None:
    word, hand, count, money = GAMES[system_id]
    talk: Talk = await opened_table(store, f"開枱 A B C D {word}".strip(), locale="en")
    reply = (await talk("A", f"計番 {hand}")).splitlines()
    with use_locale("en"):
        game = render.game_name(system_id)
    assert reply[0] == f"計番 at {game}, on a discard: {count}"
    assert ("底" in reply[0]) is (system_id == "hk-taiwan")
    collects = [x for x in reply if x.startswith("The winner collects")]
    assert collects == ([] if money is None else [f"The winner collects {money} in all at this table's settings."])


@pytest.mark.asyncio
async def test_calc_at_a_guo_biao_table_in_cantonese_has_no_base(store) -> None:
    zh: Talk = await opened_table(store, "開枱 A B C D 國標")
    reply = (await zh("A", "計番 一二三萬 四五六萬 七八九萬 二三四索 中 自摸 中")).splitlines()
    # 清龍 16 不求人 4 缺一門 1 單釣將 1 = 22番; 3 × (8 + 22) = 90
    assert reply[0] == "計番（國標，自摸）：22番"
    assert "照呢張枱嘅設定，糊家一共收 HK$90。" in reply


@pytest.mark.parametrize("system_id", list(SYSTEMS))
def test_a_games_english_name_has_one_pair_of_brackets(system_id: str) -> None:
    with use_locale("en"):
        name = render.game_name(system_id)
    assert name.count("(") == 1 and name.count(")") == 1 and name.endswith(f"({SYSTEMS[system_id].names[0]})")


@pytest.mark.asyncio
async def test_the_english_replies_that_name_the_game_never_nest_its_brackets(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 國標", locale="en")
    opened = await talk("A", "計數")  # the table is open; its replies below name the game
    assert opened
    helped = await talk("A", "/help")
    assert "Game at this table: Chinese Official (國標), counted in 番." in helped.splitlines()
    ruled = (await talk("A", "規則")).splitlines()
    assert ruled[0] == "Rules of this table, Chinese Official (國標):"
    named = [x for x in [*helped.splitlines(), *ruled] if "Chinese Official" in x]
    assert len(named) == 2 and all(x.count("(") == 1 for x in named)  # the game list says 國標 (mcr)


@pytest.mark.asyncio
async def test_an_english_win_with_a_guo_biao_context_word_is_booked(store) -> None:
    """「B wins A … 和絕張」 was not read as a hand (和絕張 is 國標's word, not 港式台牌's) and got a hint."""
    talk: Talk = await opened_table(store, "開枱 A B C D 國標", locale="en")
    booked = (await talk("B", "B wins A 一二三萬 四五六萬 七八九萬 二三四索 中 食 中 和絕張")).splitlines()
    # 清龍 16 和絕張 4 門前清 2 缺一門 1 單釣將 1 = 24: A pays 8 + 24, C and D 8 each
    assert booked[0] == "B wins on A's discard: 24 fan"
    assert booked[6:9] == ["A pays B HK$32", "C pays B HK$8", "D pays B HK$8"]
    seq = await talk.seq()
    assert await talk("B", "B wins A over and over") == ""  # talk, not a hand: no reply
    assert await talk.seq() == seq


@pytest.mark.asyncio
async def test_guo_biao_words_for_a_false_win_and_two_claims_are_its_own(store) -> None:
    """「D 詐和」, the word 國標's /help gives, was silently ignored; two claims on one discard were
    refused in 廣東牌's word 下家先糊 instead of 國標's 截和."""
    talk: Talk = await opened_table(store, "開枱 A B C D 國標", locale="en")
    assert (await talk("D", "D 詐和")).splitlines() == [  # 30 points to each, in 國標's word
        "D: false win (詐和).", "D pays A HK$30", "D pays B HK$30", "D pays C HK$30",
    ]
    seq = await talk.seq()
    assert await talk("C", "C 食 D 9番; B 食 D 10番") == (  # after D: A, then B
        "截和: only B, the first after D in turn, wins this discard; nothing was booked. Book B's win alone "
        "(B 食 D …), or play 一炮多響 (規則 一炮多響 開)."
    )
    assert await talk.seq() == seq
    zh: Talk = await opened_table(store, "開枱 A B C D 國標")
    assert (await zh("D", "D 诈和")).splitlines()[1] == "D 俾 A HK$30"
    assert (await zh("C", "C 食 D 9番; B 食 D 10番")).startswith("截和：D 之後輪到 B 先")
    old: Talk = await opened_table(store, "開枱 A B C D 廣東牌")  # 廣東牌 keeps its 下家先糊
    assert (await old("C", "C 食 D 3翻; B 食 D 3翻")).startswith("下家先糊：D 之後輪到 B 先")


@pytest.mark.asyncio
async def test_a_qq_false_win_is_said_in_its_own_word(store) -> None:
    zh: Talk = await opened_table(store, "開枱 A B C D 歡樂")
    # 詐胡 = 8番 in 大眾場 (seed 002 is silent; the table's choice): 8 to each of the three
    assert (await zh("D", "D 詐胡")).splitlines() == ["D 詐胡。", "D 俾 A HK$8", "D 俾 B HK$8", "D 俾 C HK$8"]
    old: Talk = await opened_table(store, "開枱 A B C D 廣東牌")
    assert (await old("D", "D 詐糊")).splitlines()[0] == "D 詐糊。"
