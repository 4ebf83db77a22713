"""Slash commands that take no arguments refuse extra words, ``/chains``, and replies in player words
(rule changes, 斬, a second 埋數, a name typed twice in two spellings)."""

from __future__ import annotations

import pytest

from taipai.bot.service.parse import SLASH_NAMES


async def _open(talk) -> None:
    await talk("A", "開枱 A B C D")


@pytest.mark.asyncio
async def test_settle_with_words_after_it_is_refused_and_settles_nothing(talk_en):
    talk = talk_en
    await _open(talk)
    await talk("B", "B 食 C 12番")
    before = await talk.seq()
    assert await talk("A", "/settle please no") == "/settle takes nothing after it: write /settle alone."
    assert await talk("A", "/settle now") == "/settle takes nothing after it: write /settle alone."
    assert await talk("A", "/undo that") == "/undo takes nothing after it: write /undo alone."
    assert await talk("A", "/draw x") == "/draw takes nothing after it: write /draw alone."
    assert await talk("A", "/cut B C") == "/cut takes at most one name, whose 拉 it is: /cut, or /cut B."
    assert await talk.seq() == before
    assert not (await talk.state()).ended


@pytest.mark.asyncio
async def test_settle_with_words_in_cantonese(talk_zh):
    talk = talk_zh
    await _open(talk)
    assert await talk("A", "/settle now") == "/settle 後面唔使加嘢：淨係打 /settle 就得。"
    assert not (await talk.state()).ended


@pytest.mark.asyncio
async def test_chains_shows_the_running_chains_like_the_scoreboard(talk_zh):
    talk = talk_zh
    await _open(talk)
    assert await talk("A", "/chains") == "而家冇人拉緊。"
    # B 12 on C: 17 → 拉一 C→B 17; the deal passes to B.  B (dealer) 1 on C: 1 + 5 + 1 = 7 →
    # 拉二 ceil(17 × 1.5) + 7 = 26 + 7 = 33.  D self-draws 1: A, C pay 6, B (dealer) 7; C→B settles.
    await talk("B", "B 食 C 12番")
    assert await talk("A", "/chains") == "拉緊：\n  拉一：C 欠 B 17"
    await talk("B", "B 食 C 1番")
    assert await talk("C", "/chains") == "拉緊：\n  拉二：C 欠 B 33"
    assert (await talk("A", "計數")).endswith("拉緊：\n  拉二：C 欠 B 33")


@pytest.mark.asyncio
async def test_chains_in_english_with_a_cut_offer(talk_en):
    talk = talk_en
    await _open(talk)
    await talk("B", "B 食 C 5番")  # 10 → 拉一 C→B 10; B deals
    await talk("B", "B 食 C 2番")  # 2 + 5 + 1 = 8 → 拉二 15 + 8 = 23; B 連1
    await talk("B", "B 食 C 1番")  # 1 + 5 + 3 = 9 → 拉三 35 + 9 = 44: the 斬拉 offer
    assert await talk("D", "/chains") == (
        "拉 running:\n  la 3: C owes B 44\nC: B has you on la 3 (44). Cut (斬) now? Answer 斬 or 唔斬."
    )


@pytest.mark.asyncio
async def test_chains_with_no_table(talk_en):
    assert await talk_en("A", "/chains") == "No table is open here. Start one with: 開枱 A B C D"


def test_chains_is_a_slash_command_everywhere():
    """Telegram registers it with setMyCommands and Discord publishes it; the service reads it."""
    from taipai.bot.console import _anyone_may_say
    from taipai.bot.telegram.adapter import COMMANDS

    assert SLASH_NAMES["chains"] == "chains"
    assert "chains" in [name for name, _ in COMMANDS]
    assert _anyone_may_say("/chains")


@pytest.mark.asyncio
async def test_rule_changes_read_in_player_words_in_cantonese(talk_zh):
    """No internal ids (``rate = 7/5``, ``prize.chase = 2``): 底 7 with 底 = 5番 is HK$1.40 a fan."""
    talk = talk_zh
    await _open(talk)
    assert await talk("A", "規則 base 7") == (
        "改咗規則：每底 HK$7，每番 HK$1.40。改咗每番幾錢，成場（連已經打咗嘅鋪）都會照新價計。"
    )
    assert await talk("A", "規則 追 2") == "改咗規則：追 2底。"
    assert await talk("A", "規則 cut none") == "改咗規則：斬拉：唔可以斬（無限拉）。"
    assert await talk("A", "規則 la 莊家拉") == "改咗規則：拉：莊家拉（淨係莊家食糊先開拉）。"
    assert await talk("A", "規則 詐糊 20") == "改咗規則：詐糊：賠每家 20番。"
    assert await talk("A", "撤銷") == "A 撤銷咗：改咗規則：詐糊：賠每家 20番。\n下一鋪：A 做莊；東圈，第1鋪。"
    assert (await talk("A", "歷史")).splitlines()[1:3] == [
        "#2 第1鋪：改咗規則：每底 HK$7，每番 HK$1.40。改咗每番幾錢，成場（連已經打咗嘅鋪）都會照新價計。",
        "#3 第1鋪：改咗規則：追 2底。",
    ]


@pytest.mark.asyncio
async def test_rule_changes_read_in_player_words_in_english(talk_en):
    talk = talk_en
    await _open(talk)
    assert await talk("A", "/rules base 7") == (
        "Rule changed: 底 = HK$7, a fan = HK$1.40. "
        "A rate change re-prices the whole session, hands already played included."
    )
    assert await talk("A", "/rules 追 2") == "Rule changed: 追: 2 底."
    assert await talk("A", "/rules la_break debtor_wins") == "Rule changed: a 拉 chain is open until its debtor wins."
    assert await talk("A", "/rules draw settle") == "Rule changed: on a draw (流局) 拉 chains are paid in full."
    assert await talk("A", "/rules multi_win_deal always_pass") == (
        "Rule changed: on 一炮雙響/三響 the deal always passes."
    )
    assert await talk("A", "/rules base_fan 10") == "Rule changed: 底 = 10 fan."
    assert await talk("A", "/rules dealer_fan_base 2") == "Rule changed: dealer fan with no 連莊: 2."
    assert await talk("A", "/rules dealer_fan_per_streak 3") == "Rule changed: dealer fan for each 連莊: 3."


def test_every_rule_value_has_player_words():
    from taipai.bot.service import render
    from taipai.bot.service.decide import RULE_CHOICES, RULE_NAMES

    for option, values in RULE_CHOICES.items():
        assert set(render._RULE_VALUE_WORDS[option]) == set(values), option
    for option in set(RULE_NAMES.values()) - {"rate", "base"}:
        assert option in render._RULE_WORDS, option


async def _cut_offer_to_c(talk) -> None:
    """B 5 on C (10, 拉一), B dealing 2 on C (8, 拉二 23), B on 連1 1 on C (9, 拉三 44): C is offered 斬拉."""
    await _open(talk)
    await talk("B", "B 食 C 5番")
    await talk("B", "B 食 C 2番")
    await talk("B", "B 食 C 1番")


@pytest.mark.asyncio
async def test_cut_by_someone_without_the_offer_names_who_can_cut(talk_zh):
    talk = talk_zh
    await _cut_offer_to_c(talk)
    seq = await talk.seq()
    assert await talk("B", "斬") == "B：你而家冇得斬拉；而家得 C 可以答斬定唔斬。"
    assert await talk("D", "唔斬") == "D：你而家冇得斬拉；而家得 C 可以答斬定唔斬。"
    assert await talk.seq() == seq
    assert await talk("C", "斬") == "斬拉：C 俾 B 拉三 44"
    assert await talk("B", "斬") == "B：你而家冇得斬拉。"  # no offer left for anyone


@pytest.mark.asyncio
async def test_a_second_settle_says_the_table_was_settled(talk_zh):
    talk = talk_zh
    await _open(talk)
    await talk("B", "B 食 C 12番")
    assert (await talk("A", "埋數")).startswith("拉一找數：C → B 17\n埋數！")
    settled = "呢張枱已經埋咗數。撤銷可以攞返個埋數；打「歷史」睇返；開新枱：開枱 A B C D。"
    assert await talk("A", "埋數") == settled
    assert await talk("A", "/settle") == settled
    assert (await talk("A", "撤銷")).startswith("A 撤銷咗：埋數。張枱重新開返")


@pytest.mark.asyncio
async def test_settle_in_a_chat_that_never_had_a_table(talk_en):
    assert await talk_en("A", "/settle") == "No table is open here. Start one with: 開枱 A B C D"


@pytest.mark.asyncio
async def test_a_second_settle_in_english(talk_en):
    talk = talk_en
    await _open(talk)
    await talk("A", "埋數")
    assert await talk("A", "埋數") == (
        "This table has already been settled (埋數). 撤銷 takes the 埋數 back; 歷史 shows it; "
        "開枱 A B C D starts a new table."
    )


@pytest.mark.asyncio
async def test_a_name_typed_twice_in_two_spellings_names_both(talk_zh, talk_en):
    assert await talk_zh("A", "開枱 a A b B") == "「a」同「A」當係同一個名（唔分大細楷、全形半形）：開枱要四個唔同嘅名。"
    assert await talk_zh("A", "開枱 A Ａ B C") == "「A」同「Ａ」當係同一個名（唔分大細楷、全形半形）：開枱要四個唔同嘅名。"
    assert await talk_zh("A", "開枱 A B C A") == "「A」出現咗兩次：開枱要四個唔同嘅名。"
    assert await talk_en("A", "/newgame Ann bob Bob ann") == (
        "「bob」 and 「Bob」 are the same name (upper and lower case, full and half width count as one): "
        "a table needs four different names."
    )
    assert await talk_zh.seq() == 0
