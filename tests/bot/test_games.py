"""A table chooses its game at 開枱 (issue 14 Build 2): the service and the terminal chat book, show
and explain each game in its own unit and money, with the values of seed 003.

台灣牌 (taiwan): 「打100/50, 就表示沒台100, 每加一台加50」 (a leg pays 底 + 台 × 台額), 「作莊 1台 : 胡放皆加計
1台」 on the legs that involve the dealer.  廣東牌 (hk-old): a portion is 底 × 2^(翻−1) (「1元一底的話, 十台就是
512元」), 起糊 3翻 and a maximum of 8翻 by default, 全銃 (the discarder pays for all: his portion and the two
others' halves), 包自摸, 詐糊.
"""

from __future__ import annotations

import pytest

from taipai.bot.service import Service
from taipai.bot.service.parse import CommandError, OpenTable, parse_command
from taipai.bot.store import ChatRef

from .conftest import Talk
from .test_cli import taipai

TAIWAN_HAND = "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 東 食 東"
"""16 tiles won on a discard: 門清 1 + 獨聽 1 = 2台 (seed 003 台灣牌台數說明)."""

HK_OLD_HAND = "一二三萬 四五六萬 七八九萬 一二三筒 南 食 南"
"""13 tiles won on a discard: 門前清 1 + 平胡 1 + 無花 1 = 3翻 (seed 003 香港牌台數說明), the default 起糊."""


def test_the_game_is_named_after_the_four_players_in_chinese_or_english() -> None:
    assert parse_command("開枱 A B C D 台灣牌") == OpenTable(("A", "B", "C", "D"), system="taiwan")
    assert parse_command("開枱 A B C D 廣東牌") == OpenTable(("A", "B", "C", "D"), system="hk-old")
    assert parse_command("/newgame A B C D taiwan") == OpenTable(
        ("A", "B", "C", "D"), system="taiwan", slash=True
    )
    assert parse_command("開枱 台灣牌 A B C D") == OpenTable(("A", "B", "C", "D"), system="taiwan")
    assert parse_command("開枱 A B C D 港式台牌") == OpenTable(("A", "B", "C", "D"), system="hk-taiwan")
    assert parse_command("開枱 A B C D") == OpenTable(("A", "B", "C", "D"))  # the default: 港式台牌
    with pytest.raises(CommandError) as err:
        parse_command("開枱 A B C D E")
    assert err.value.code == "open_game" and err.value.args_["word"] == "E"


@pytest.mark.asyncio
async def test_a_word_that_is_no_game_is_refused_with_the_games_there_are(talk_en: Talk) -> None:
    assert await talk_en("A", "開枱 A B C D 麻雀") == (
        "「麻雀」 is not a game taipai knows. Open a table with four names, 開枱 A B C D, and a game's name "
        "after them if it is not 港式台牌: 港式台牌 (hk-taiwan), 台灣牌 (taiwan), 廣東牌 (hk-old), 國標 (mcr), "
        "歡樂麻將 (qq), 雞平和 (guangdong), 河源百搭 (heyuan), 大字牌 (zipai), 硬鬍子 (zipai-hard), 長沙跑胡子 (paohuzi), "
        "軟鬍子 (zipai-soft)."
    )
    assert await talk_en.seq() == 0  # nothing booked


@pytest.mark.asyncio
async def test_a_taiwan_table_books_di_plus_tai_times_the_rate(talk_en: Talk) -> None:
    opened = await talk_en("A", "開枱 A B C D 台灣牌")
    assert opened.splitlines()[1] == "Game: Taiwan 16-tile (台灣牌), counted in 台."
    assert (await talk_en.state()).system == "taiwan"
    # A deals: the leg involves the dealer, 100 + (3 + 作莊 1) × 50
    assert await talk_en("B", "B 食 A 3台") == (
        "B wins on A's discard: 3台\nA pays B HK$300 (底 100 + 3台 × 50 + 作莊 50)\nNext: B deals; 東 round, hand 2."
    )
    # B deals now; C wins on D's discard, no dealer on the leg: 100 + 2 × 50 (the hand read as 2台)
    reply = await talk_en("C", f"C 食 D {TAIWAN_HAND}")
    assert reply.splitlines() == [
        "C wins on D's discard: 2台",
        "  門清: 1台",
        "  獨聽: 1台",
        "D pays C HK$200 (底 100 + 2台 × 50)",
        "Next: C deals; 東 round, hand 3.",
    ]
    balances = {p.name: p.balance for p in (await talk_en.state()).players}
    assert balances == {"A": -300, "B": 300, "C": 200, "D": -200}


@pytest.mark.asyncio
async def test_taiwan_money_is_set_as_di_100_tai_50_in_one_message(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    assert await talk_en("A", "規則 底 200 台 100") == (
        "Rule changed: 底 = 200.\nRule changed: 台 = 100 (money per 台)."
    )
    assert await talk_en.seq() == 3  # 開枱 and two rule changes, booked in one transaction
    assert await talk_en("C", "C 食 B 3台") == (  # no dealer on the leg: 200 + 3 × 100
        "C wins on B's discard: 3台\nB pays C HK$500 (底 200 + 3台 × 100)\nNext: B deals; 東 round, hand 2."
    )
    rules = (await talk_en("A", "規則")).splitlines()
    assert rules[:3] == [
        "Rules of this table, Taiwan 16-tile (台灣牌):",
        "  底 = 200",
        "  台 = 100 (money per 台)",
    ]
    with_bao = await talk_en("B", "B 自摸 3台 C包")
    assert "包" in with_bao and await talk_en.seq() == 4  # 台灣牌 has no 包: refused, nothing booked


@pytest.mark.asyncio
async def test_a_hong_kong_table_doubles_and_has_a_minimum(talk_en: Talk) -> None:
    opened = await talk_en("A", "開枱 A B C D 廣東牌")
    assert opened.splitlines()[1] == "Game: Hong Kong 13-tile (廣東牌), counted in 翻."
    assert await talk_en("B", "B 食 A 5翻") == (  # a portion 1 × 2^(5−1) = 16; 全銃: A pays 16 + 8 + 8
        "B wins on A's discard: 5翻\nA pays B HK$32 (全銃: the discarder pays for all, his portion 16 and two "
        "halves of 8)\nNext: B deals; 東 round, hand 2."
    )
    assert await talk_en("C", "C 自摸 2翻") == (
        "2翻 is below this table's minimum of 3翻 (起糊): a win needs at least 3翻."
    )
    assert (await talk_en("C", f"C 食 D {HK_OLD_HAND}")).splitlines()[:5] == [
        "C wins on D's discard: 3翻",
        "  門前清: 1翻",
        "  平胡: 1翻",
        "  無花: 1翻",
        "D pays C HK$8 (全銃: the discarder pays for all, his portion 4 and two halves of 2)",
    ]
    assert await talk_en("D", "D 自摸 3翻 A包") == (  # 包自摸: A pays the three portions, 3 × 4
        "D self-draws (自摸): 3翻\nA pays D HK$12 (包自摸: A pays all three shares, 4 each)\n"
        "Next: D deals; 東 round, hand 4."
    )
    assert await talk_en("A", "/rules maximum 13") == (
        "Rule changed: 最大 = 13翻 (the most a hand is paid; a 例牌 is worth it)."
    )
    # seed 003: 「1元一底的話, 十台就是512元」 once the maximum allows 10翻: the portion; 全銃 pays 2 of them
    assert (await talk_en("B", "B 食 A 10翻")).splitlines()[1] == (
        "A pays B HK$1,024 (全銃: the discarder pays for all, his portion 512 and two halves of 256)"
    )
    assert await talk_en("A", "規則 銃 依台灣例") == (
        "Rule changed: 銃 = 依台灣例 (the discarder alone pays one portion)."
    )
    assert (await talk_en("C", "C 食 B 10翻")).splitlines()[1] == "B pays C HK$512"  # 「後來都改為依台灣例」


@pytest.mark.asyncio
async def test_help_shows_the_games_own_commands(store) -> None:
    service = Service(store, locale="en")
    hk = Talk(service, ChatRef("test", "hk"))
    tw = Talk(service, ChatRef("test", "tw"))
    old = Talk(service, ChatRef("test", "old"))
    await hk("A", "開枱 A B C D")
    await tw("A", "開枱 A B C D 台灣牌")
    await old("A", "開枱 A B C D 廣東牌")
    hk_help, tw_help, old_help = await hk("A", "/help"), await tw("A", "/help"), await old("A", "/help")
    assert "斬  /cut, 唔斬  /nocut: answer a 斬拉 offer (the debtor says it)" in hk_help.splitlines()
    assert "Cash prizes (現金獎), paid at once in 底:" in hk_help.splitlines()
    for other in (tw_help, old_help):
        assert "斬" not in other and "現金獎" not in other and "拉" not in other
    assert "Game at this table: Taiwan 16-tile (台灣牌), counted in 台." in tw_help.splitlines()
    assert "B 食 A 3台  /win B A 3: B wins on A's discard; a hand message works in place of 3台" in tw_help
    assert "包自摸" not in tw_help
    assert "B 自摸 3翻 A包  /selfdraw B 3 A包: 包自摸; A pays the whole self-draw" in old_help.splitlines()
    assert "B 詐糊  /falsewin B: false win; B pays each player the most a self-draw can pay" in old_help


@pytest.mark.asyncio
async def test_the_rules_name_the_game_and_rule_sets_are_kept_per_game(store) -> None:
    service = Service(store, locale="zh_Hant_HK")
    hk = Talk(service, ChatRef("test", "hk"))
    tw = Talk(service, ChatRef("test", "tw"))
    await hk("A", "開枱 A B C D")
    await tw("A", "開枱 A B C D 台灣牌")
    assert (await hk("A", "規則")).splitlines()[0] == "呢張枱嘅規則（港式台牌）："
    assert (await tw("A", "規則")).splitlines()[0] == "呢張枱嘅規則（台灣牌）："
    await tw("B", f"B 食 C {TAIWAN_HAND}")
    taiwan = service.rules_for("taiwan")
    assert service.rules_for("taiwan") is taiwan and service.rules_for("hk-taiwan") is not taiwan
    assert set(service._rule_sets) == {("taiwan", None), ("hk-taiwan", "hk-taiwan")}


def test_the_same_taiwan_evening_in_the_terminal_chat(tmp_path) -> None:
    """The terminal chat (``taipai chat``) books a 台灣牌 evening and ``ledger --json`` shows it."""
    db = str(tmp_path / "tw.db")
    script = "A: 開枱 A B C D 台灣牌\nB: B 食 A 3台\nC: C 自摸 5台\nA: 埋數\n"
    run = taipai("chat", "--db", db, "--lang", "en", stdin=script)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    # C self-draws 5台 while B deals: B pays 100 + (5 + 1) × 50, A and D 100 + 5 × 50
    assert lines[6:10] == [
        "taipai: C self-draws (自摸): 5台",
        "        A pays C HK$350 (底 100 + 5台 × 50)",
        "        B pays C HK$400 (底 100 + 5台 × 50 + 作莊 50)",
        "        D pays C HK$350 (底 100 + 5台 × 50)",
    ]
    assert "          A pays C HK$650" in lines


@pytest.mark.asyncio
async def test_taiwan_flower_wins_are_booked_from_the_chat(talk_en: Talk) -> None:
    """Seed 003 花胡: 八仙過海 「三家賠付, 計八仙過海8台1底 … 莊連拉之台數照算」, 七搶一 「被搶花者賠付, 計七搶一8台1底」."""
    await talk_en("A", "開枱 A B C D 台灣牌")
    assert (await talk_en("B", "B 八仙過海")).splitlines() == [
        "B: all eight flowers (八仙過海): 8台",
        "A pays B HK$550 (底 100 + 8台 × 50 + 作莊 50)",  # the dealer's leg: 100 + (8 + 作莊 1) × 50
        "C pays B HK$500 (底 100 + 8台 × 50)",
        "D pays B HK$500 (底 100 + 8台 × 50)",
        "Next: B deals; 東 round, hand 2.",
    ]
    assert (await talk_en("C", "C 七搶一 D")).splitlines() == [
        "C robs D's flower (七搶一): 8台",
        "D pays C HK$500 (底 100 + 8台 × 50)",  # B deals and is not on the leg
        "Next: C deals; 東 round, hand 3.",
    ]
    assert "B 八仙過海  /flowerwin B" in await talk_en("A", "/help")


@pytest.mark.asyncio
async def test_a_flower_win_at_another_game_is_refused_and_books_nothing(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D")
    assert await talk_en("B", "B 八仙過海") == (
        "Hong Kong-style Taiwanese (港式台牌) does not book 花胡 (八仙過海, 七搶一) as a win of its own; a hand's "
        "flowers are written in the hand."
    )
    assert await talk_en.seq() == 1
    assert (await talk_en("C", "C 七搶一 D")).startswith("D→C: cash prize 七搶一 (6 底)")  # 港式台牌's prize
