"""The chat side of the seam (issue 14 Build 1: a system's 「chat vocabulary」) and the replies the first
evenings of 台灣牌 and 廣東牌 showed wrong, each fixed as a kind.

Money by hand (seed 003): 台灣牌 「打100/50, 就表示沒台100, 每加一台加50」 with 「作莊 1台 : 胡放皆加計1台」 and
「連N拉N 2N台」; 廣東牌 1元一底, a portion 2^(翻−1), 包自摸: the player named pays the three shares.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from taipai.bot.i18n import catalogue, use_locale
from taipai.bot.service import Service, render
from taipai.bot.store import ChatRef
from taipai.core.chat import COMMAND_KINDS
from taipai.core.registry import SYSTEMS
from taipai.core.table import TableError

from .conftest import Talk

ROOT = Path(__file__).resolve().parents[2]

ALLOWED_IMPORTS: dict[str, str] = {
    "taipai.systems.hk_taiwan.options": "港式台牌's 規則 reply, /rules words and choices are written in the bot",
    "taipai.systems.hk_taiwan.prizes": "港式台牌's cash-prize names (/rules 追 2, the prize lines)",
    "taipai.systems.hk_taiwan.payments": "港式台牌's 12番 + 底 + 莊 legs, shown per payer (history rows)",
    "taipai.systems.hk_taiwan.chains": "港式台牌's 踢 amounts in the 拉 lines",
    "taipai.systems.hk_taiwan.events": "港式台牌's own events (現金獎, 斬拉, 飛牌), booked and shown by the bot",
    "taipai.systems.hk_taiwan.scoring": "港式台牌's context-word names in score notes; taipai score's --json",
}
"""Systems modules the bot still imports, and why: 港式台牌's own commands and rule words were not moved
behind :class:`~taipai.core.chat.ChatVocabulary` (issue 14 allows it); no other game's module is."""

ALLOWED_IDS: dict[str, str] = {
    "cli.py": "argparse's --rules default is written before any system is imported",
    "store/schema.py": "LEGACY_SYSTEM: the id stored for sessions from before issue 14, fixed data",
    "migrations/versions/0004_sessions_system.py": "a migration's server default, frozen with it",
}
"""Modules under taipai/bot that may spell a system id, and why."""


def _bot_modules() -> list[Path]:
    return sorted((ROOT / "taipai" / "bot").rglob("*.py"))


def test_no_bot_module_names_a_game_or_imports_a_system() -> None:
    ids = set(SYSTEMS)
    named, imported = [], []
    for path in _bot_modules():
        rel = path.relative_to(ROOT / "taipai" / "bot").as_posix()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and node.value in ids and rel not in ALLOWED_IDS:
                named.append(f"{rel}:{node.lineno} {node.value!r}")
            modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            modules += [a.name for a in node.names] if isinstance(node, ast.Import) else []
            for module in modules:
                if module.startswith("taipai.systems") and module not in ALLOWED_IMPORTS:
                    imported.append(f"{rel}:{node.lineno} {module}")
    assert not named, named
    assert not imported, imported


def test_every_system_says_what_it_books() -> None:
    for system in SYSTEMS.values():
        assert system.chat.books <= set(COMMAND_KINDS), system.id
        assert {"win", "self_draw", "draw"} <= system.chat.books
    assert "flower_win" in SYSTEMS["taiwan"].chat.books and "prize" not in SYSTEMS["taiwan"].chat.books
    assert "bao" in SYSTEMS["hk-old"].chat.books and "cut" not in SYSTEMS["hk-old"].chat.books
    assert {"cut", "prize", "fly", "kong_bao"} <= SYSTEMS["hk-taiwan"].chat.books


def _raised_codes() -> set[str]:
    """Every code a ``TableError("code", …)`` under taipai/systems, taipai/core/table and the registry
    raises (a call may break its line after the parenthesis)."""
    pattern = re.compile(r'TableError\(\s*"([a-z_]+)"')
    paths = [
        *(ROOT / "taipai" / "systems").rglob("*.py"),
        *(ROOT / "taipai" / "core" / "table").rglob("*.py"),
    ]
    paths.append(ROOT / "taipai" / "core" / "registry.py")
    return {code for p in paths for code in pattern.findall(p.read_text("utf-8"))}


NAMED = {"winner": "D", "discarder": "C", "count": "2", "minimum": "3", "payer": "A"}
NAMED |= {"first": "一台花", "player": "B", "prize": "一台花"}
"""The values a TableError names (``TableError.args_``), for the codes whose reply names them."""


def test_every_table_error_code_has_a_translated_reply() -> None:
    codes = _raised_codes()
    assert {"first_claim_wins", "below_minimum", "bao_needs_exposed_kong", "bad_event"} <= codes
    missing = sorted(codes - set(render.TABLE_ERRORS))
    assert not missing, missing
    zh, en = catalogue("zh_Hant_HK"), catalogue("en")
    for code in codes:
        msgid = render.TABLE_ERRORS[code]
        assert msgid in en and zh.get(msgid, msgid) != msgid, code
    with use_locale("zh_Hant_HK"):
        fallback = render.table_error(TableError("nope", "english reason"))
        for code in codes:  # no code falls back to the core's English reason in a Cantonese chat
            err = TableError(code, "english reason", "hint", NAMED)
            reply = render.table_error(err, "翻")
            assert reply != fallback and "english reason" not in reply, code


@pytest.mark.asyncio
async def test_first_claim_wins_is_refused_in_cantonese(talk_zh: Talk) -> None:
    """Seed 003 「港: 下家先糊」: A and D claim C's discard; D sits next after C (C → D → A)."""
    await talk_zh("A", "開枱 A B C D 廣東牌")
    reply = await talk_zh("A", "A 食 C 3翻; D 食 C 4翻")
    assert reply == (
        "下家先糊：C 之後輪到 D 先，呢隻牌淨係佢糊到；冇記低。淨係記 D 嗰鋪（D 食 C …），"
        "或者改玩一炮多響（規則 一炮多響 開）。"
    )
    assert await talk_zh.seq() == 1  # only the 開枱


@pytest.mark.asyncio
async def test_bao_self_draw_says_who_pays_for_all_three(talk_en: Talk, store) -> None:
    """廣東牌 D 自摸 5翻 A包: a portion is 1 × 2^4 = 16 each, A pays the three: 48."""
    talk_zh = Talk(Service(store, locale="zh_Hant_HK"), ChatRef("test", "zh"))
    await talk_en("A", "開枱 A B C D 廣東牌")
    assert await talk_en("D", "D 自摸 5翻 A包") == (
        "D self-draws (自摸): 5翻\nA pays D HK$48 (包自摸: A pays all three shares, 16 each)\n"
        "Next: B deals; 東 round, hand 2."
    )
    await talk_zh("A", "開枱 A B C D 廣東牌")
    assert (
        "A 俾 D HK$48（包自摸：A 包晒三家，每家 16）" in (await talk_zh("D", "D 自摸 5翻 A包")).splitlines()
    )


@pytest.mark.asyncio
async def test_taiwan_dealer_legs_show_their_parts(talk_en: Talk) -> None:
    """100/50: A (dealer) 自摸 3台: each pays 100 + 3 × 50 + 作莊 50 = 300, A stays (連1); then B 食 A 3台:
    100 + 150 + 作莊 50 + 連1拉1 (2 × 1 台 × 50) 100 = 400; then C 食 D 2台 with B dealing: no dealer on
    the leg, 100 + 2 × 50 = 200."""
    await talk_en("A", "開枱 A B C D 台灣牌")
    assert (await talk_en("A", "A 自摸 3台")).splitlines()[1:4] == [
        "B pays A HK$300 (底 100 + 3台 × 50 + 作莊 50)",
        "C pays A HK$300 (底 100 + 3台 × 50 + 作莊 50)",
        "D pays A HK$300 (底 100 + 3台 × 50 + 作莊 50)",
    ]
    assert (await talk_en("B", "B 食 A 3台")).splitlines()[1] == (
        "A pays B HK$400 (底 100 + 3台 × 50 + 作莊 50 + 連1拉1 100)"
    )
    assert (await talk_en("C", "C 食 D 2台")).splitlines()[1] == "D pays C HK$200 (底 100 + 2台 × 50)"
    balances = {p.name: p.balance for p in (await talk_en.state()).players}
    assert balances == {"A": 500, "B": 100, "C": -100, "D": -500}


@pytest.mark.asyncio
async def test_every_game_names_itself_at_open(talk_zh: Talk, store) -> None:
    talk_en = Talk(Service(store, locale="en"), ChatRef("test", "en"))
    assert (await talk_zh("A", "開枱 A B C D")).splitlines()[1] == "玩法：港式台牌，計番。"
    assert (await talk_en("A", "開枱 A B C D 港式台牌")).splitlines()[1] == (
        "Game: Hong Kong-style Taiwanese (港式台牌), counted in 番."
    )


@pytest.mark.asyncio
async def test_hints_give_the_tables_unit(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    assert await talk_en("B", "B 自摸") == (
        "B 自摸: how many 台? Write the count or the hand, e.g. B 自摸 3台."
    )
    assert await talk_en("B", "B 食 A") == (
        "B 食 A: how many 台? Write the count or the hand, e.g. B 食 A 3台."
    )


@pytest.mark.asyncio
async def test_hk_taiwan_hints_keep_their_fan(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D")
    assert await talk_en("B", "B 自摸") == (
        "B 自摸: how many fan? Write the count or the hand, e.g. B 自摸 12番."
    )


@pytest.mark.asyncio
async def test_rules_show_the_games_words_in_the_chats_language(talk_zh: Talk) -> None:
    await talk_zh("A", "開枱 A B C D 廣東牌")
    rows = (await talk_zh("A", "規則")).splitlines()
    assert rows[0] == "呢張枱嘅規則（廣東牌）："
    assert "  底 = 1" in rows and "  起糊 = 3翻（最少要咁多先糊得）" in rows
    assert "  銃 = 全銃（出銃嗰個包晒：自己一份，加另外兩家各半份，即係兩份）" in rows
    assert not [r for r in rows if "discard =" in r or "base =" in r]  # no option ids
    assert await talk_zh("A", "規則 銃 半銃") == "改咗規則：銃 = 半銃（出銃嗰個出一份，另外兩家每家出半份）。"


@pytest.mark.asyncio
async def test_a_setting_reads_the_same_by_its_name_or_its_word(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    by_word = await talk_en("A", "規則 底 200")
    by_name = await talk_en("A", "/rules base 300")
    assert by_word == "Rule changed: 底 = 200."
    assert by_name == "Rule changed: 底 = 300."
    assert [e.option for e in [h.event for h in (await talk_en.state()).history][1:]] == ["base", "base"]


@pytest.mark.asyncio
async def test_a_command_the_game_does_not_book_is_refused_with_its_name(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    assert await talk_en("A", "圍骰") == (
        "Taiwan 16-tile (台灣牌) does not book cash prizes (現金獎); /help lists what this table books."
    )
    assert await talk_en("B", "B 自摸 3台 A包") == (
        "Taiwan 16-tile (台灣牌) has no 包: book the self-draw without it, and each of the three pays."
    )
    assert await talk_en.seq() == 1


def test_the_telegram_menu_names_the_games_and_flowerwin_in_each_language() -> None:
    from taipai.bot.telegram.adapter import command_menu

    zh, en = dict(command_menu("zh_Hant_HK")), dict(command_menu("en"))
    assert en["newgame"] == (
        "open a table: /newgame A B C D, then a game if not 港式台牌 (hk-taiwan, taiwan, hk-old, mcr, qq, guangdong, heyuan, "
        "zipai, zipai-hard, paohuzi, zipai-soft); A deals first"
    )
    assert (
        zh["newgame"]
        == "開枱：/newgame A B C D，唔係港式台牌就喺後面寫玩法（hk-taiwan, taiwan, hk-old, mcr, qq, guangdong, heyuan, "
        "zipai, zipai-hard, paohuzi, zipai-soft）；A 做莊先"
    )
    assert en["flowerwin"] == "花胡 where the game books it: /flowerwin B (八仙過海)"
    assert zh["flowerwin"] == "花胡（玩法有記花胡先得）：/flowerwin B（八仙過海）"
    assert all(1 <= len(d) <= 256 for d in (*zh.values(), *en.values()))  # Bot API's limit


@pytest.mark.asyncio
async def test_discord_newgame_offers_the_registrys_games(store, monkeypatch) -> None:
    from tests.bot.discord.harness import DiscordHarness, Person

    admin = Person(1001, "A", admin=True)
    async with DiscordHarness(Service(store), monkeypatch) as h:
        published = {c["name"]: c for c in h.api.calls[2].body}
        (game,) = [o for o in published["newgame"]["options"] if o["name"] == "game"]
        assert game["required"] is False and game["name_localizations"]["zh-TW"] == "玩法"
        assert [(c["name"], c["value"]) for c in game["choices"]] == [
            ("港式台牌 Hong Kong-style Taiwanese", "hk-taiwan"),
            ("台灣牌 Taiwan 16-tile", "taiwan"),
            ("廣東牌 Hong Kong 13-tile", "hk-old"),
            ("國標 Chinese Official", "mcr"),
            ("歡樂麻將 QQ Happy Mahjong", "qq"),
            ("雞平和 Guangdong Chicken Hand", "guangdong"),
            ("河源百搭 Heyuan Wildcards", "heyuan"),
            ("大字牌 Hunan Zipai", "zipai"),
            ("硬鬍子 Zipai Hard Huzi", "zipai-hard"),
            ("長沙跑胡子 Changsha Paohuzi", "paohuzi"),
            ("軟鬍子 Zipai Soft Huzi", "zipai-soft"),
        ]
        calls = await h.slash(admin, "newgame", east="A", south="B", west="C", north="D", game="taiwan")
        assert "玩法：台灣牌，計台。" in calls[0].shown[1].splitlines()


@pytest.mark.asyncio
async def test_a_bad_setting_is_refused_with_the_games_own_settings(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    assert await talk_en("A", "規則 番 5") == (
        "Taiwan 16-tile (台灣牌) has no setting 「番」. Its settings, as they are now: 底 100, 台 50, 作莊 1, "
        "連莊拉 2, 流局連莊 開, 一炮多響 莊家連莊, 詐胡 0."
    )
    assert await talk_en("A", "規則 作莊 一") == (
        "「一」 is not a value for 作莊: 作莊 takes a whole number of 台 from 0 to 99. "
        "Now: 作莊 = 1台 (on the legs the dealer is in)."
    )
    assert await talk_en.seq() == 1


@pytest.mark.asyncio
async def test_chains_and_cut_at_a_game_without_la_name_the_game(talk_zh: Talk) -> None:
    await talk_zh("A", "開枱 A B C D 廣東牌")
    assert await talk_zh("A", "/chains") == "廣東牌冇兩家之間嘅拉（港式台牌嘅拉/踢）。"
    assert await talk_zh("A", "斬") == "廣東牌冇兩家之間嘅拉（港式台牌嘅拉/踢），所以冇斬拉要答。"
    assert await talk_zh.seq() == 1


@pytest.mark.asyncio
async def test_help_lists_the_rule_examples_after_the_rules_line(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D")
    lines = (await talk_en("A", "/help")).splitlines()
    at = next(i for i, x in enumerate(lines) if x.startswith("規則  /rules"))
    assert lines[at + 1].startswith("  e.g. /rules cut none, /rules la_mode dealer_only")
    assert lines[-1].startswith("Rates are money a fan")


@pytest.mark.asyncio
async def test_history_keeps_the_parts_of_a_taiwan_leg(talk_en: Talk) -> None:
    await talk_en("A", "開枱 A B C D 台灣牌")
    await talk_en("B", "B 食 A 3台")  # A deals: 100 + 3 × 50 + 作莊 50
    assert "    A pays B HK$300 (底 100 + 3台 × 50 + 作莊 50)" in (await talk_en("A", "歷史")).splitlines()


@pytest.mark.asyncio
async def test_half_discard_lines_say_why_the_others_pay(talk_en: Talk) -> None:
    """半銃, 1元一底, B 食 A 4翻: the portion is 2^3 = 8; A (the discarder) 8, C and D half a portion, 4 each
    (「the discarder pays one share, the two others half each」)."""
    await talk_en("A", "開枱 A B C D 廣東牌")
    await talk_en("A", "規則 銃 半銃")
    assert (await talk_en("B", "B 食 A 4翻")).splitlines()[1:4] == [
        "A pays B HK$8 (半銃: the discarder pays one portion)",
        "C pays B HK$4 (半銃: half a portion from a player who did not discard; the portion is 8)",
        "D pays B HK$4 (半銃: half a portion from a player who did not discard; the portion is 8)",
    ]


@pytest.mark.asyncio
async def test_half_discard_with_two_winners_says_whose_half_the_discarder_pays(talk_en: Talk) -> None:
    """半銃 and 一炮多響, A discards, B 4翻 (portion 8) and C 3翻 (portion 4): D pays each winner half a
    portion (4, 2); the half the other winner would pay is A's: A pays B 8 + 4 = 12 and C 4 + 2 = 6."""
    await talk_en("A", "開枱 A B C D 廣東牌")
    await talk_en("A", "規則 銃 半銃 一炮多響 開")
    assert (await talk_en("B", "B 食 A 4翻; C 食 A 3翻")).splitlines()[2:6] == [
        "A pays B HK$12 (半銃: the discarder's portion 8 and the half of C (4 each), who won on this tile too)",
        "D pays B HK$4 (半銃: half a portion from a player who did not discard; the portion is 8)",
        "A pays C HK$6 (半銃: the discarder's portion 4 and the half of B (2 each), who won on this tile too)",
        "D pays C HK$2 (半銃: half a portion from a player who did not discard; the portion is 4)",
    ]


@pytest.mark.asyncio
async def test_multiplier_rows_say_which_fan_each_number_is_for(talk_en: Talk) -> None:
    """QA #11: each 計法 row names the 翻 of each number (半辣上 starts at 0翻 1; 辣辣上 is 2^翻, 倍倍
    2^(翻−1) with 0翻 1 底)."""
    await talk_en("A", "開枱 A B C D 廣東牌")
    assert (
        "  計法 = 倍倍 (a portion in 底: 0翻 1, 1翻 1, 2翻 2, 3翻 4, 4翻 8 … 10翻 512; 底 × 2^(翻−1))"
        in (await talk_en("A", "規則")).splitlines()
    )
    assert await talk_en("A", "規則 計法 半辣上") == (
        "Rule changed: 計法 = 半辣上 (a portion in 底: 0翻 1, 1翻 2, 2翻 4, 3翻 8, 4翻 16, 5翻 24, 6翻 32, "
        "7翻 48, 8翻 64 …)."
    )
    assert await talk_en("A", "規則 計法 辣辣上") == (
        "Rule changed: 計法 = 辣辣上 (a portion in 底: 0翻 1, 1翻 2, 2翻 4, 3翻 8 … 10翻 1024; 底 × 2^翻)."
    )


@pytest.mark.asyncio
async def test_money_settings_out_of_bounds_say_what_money_is_taken(talk_en: Talk, talk_zh: Talk) -> None:
    """QA #14: 規則 底 1/3 台 0.333, 台 99999999999999999999 and 底 0 台 0 were taken at a 台灣牌 table.  Now
    each is refused saying what is taken (like 港式台牌's rate: more than 0, at most 2 decimals, at most
    1,000,000), nothing booked; 底 0.5 is taken.  The same at a 廣東牌 table, in Cantonese."""
    await talk_en("A", "開枱 A B C D 台灣牌")
    assert await talk_en("A", "規則 底 1/3 台 0.333") == (
        "「1/3」 is not an amount of money for 底: write more than 0, at most 2 decimals and at most "
        "1,000,000, e.g. 規則 底 100. Now: 底 = 100."
    )
    assert (await talk_en("A", "規則 台 99999999999999999999")).startswith(
        "「99999999999999999999」 is not an amount of money for 台: write more than 0"
    )
    assert (await talk_en("A", "規則 底 0 台 0")).startswith("「0」 is not an amount of money for 底")
    assert await talk_en.seq() == 1  # only the 開枱
    assert await talk_en("A", "規則 底 0.5") == "Rule changed: 底 = 0.5."
    zh = Talk(talk_zh.service, ChatRef("test", "zh-money"))
    await zh("A", "開枱 A B C D 廣東牌")
    assert await zh("A", "規則 底 1/3") == (
        "「1/3」唔係底收得嘅錢：要大過 0、最多兩個小數位、唔可以多過 1,000,000，例如 規則 底 100。而家：底 = 1。"
    )
