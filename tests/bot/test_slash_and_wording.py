"""Slash commands that take no arguments refuse extra words, ``/chains``, and replies in player words
(rule changes, 斬, a second 埋數, a name typed twice in two spellings)."""

from __future__ import annotations

import pytest

from taipai.bot.service.commands import SLASH_NAMES


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
