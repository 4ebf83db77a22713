"""雞平和 半銃 with several winners on one discard (brief Q4 round 2): a co-winner pays no half, the
discarder pays it (guangdong.ledger: 「a co-winner's half is the discarder's」), and the line now says so;
it said only 「出銃嗰個出一份」 beside a payment of one portion and a half.  The words are 廣東牌's for the
same payment (one voice)."""

from __future__ import annotations

import pytest

from .conftest import opened_table


@pytest.mark.asyncio
async def test_two_winners_the_discarder_pays_the_co_winners_half(store) -> None:
    talk = await opened_table(store, "開枱 A B C D 雞平和")
    await talk("A", "規則 銃 半銃")
    reply = await talk("B", "B 食 A 1番; C 食 A 0番")
    # 底 1: B's portion 2^1 = 2 (A 2 + C's half 1 = 3, D 1); C's portion 2^0 = 1 (A 1.50, D 0.50)
    assert "A 俾 B HK$3（半銃：出銃嗰份 2，加埋C嗰半份（每家 1），因為佢哋都糊呢隻牌）" in reply
    assert "D 俾 B HK$1（半銃：冇出銃都要出半份，一份係 2）" in reply
    assert "A 俾 C HK$1.50（半銃：出銃嗰份 1，加埋B嗰半份（每家 0.5），因為佢哋都糊呢隻牌）" in reply
    assert "D 俾 C HK$0.50（半銃：冇出銃都要出半份，一份係 1）" in reply
    assert (await talk.owed()) == {"A": -4.5, "B": 4, "C": 2, "D": -1.5}


@pytest.mark.asyncio
async def test_three_winners_in_english(store) -> None:
    talk = await opened_table(store, "開枱 A B C D 雞平和 English")
    await talk("A", "/rules 銃 半銃")
    reply = await talk("B", "B wins A 1; C wins A 0; D wins A 2")
    # 一炮三響: each lifted to 3番, a portion 8; A pays 8 + the two co-winners' halves 4 + 4 to each
    assert (
        "A pays B HK$16 (一炮三響: a hand under 3番 is paid as 3番 + 半銃: the discarder's portion 8 and the "
        "half of C、D (4 each), who won on this tile too)"
    ) in reply
    assert (await talk.owed()) == {"A": -48, "B": 16, "C": 16, "D": 16}


@pytest.mark.asyncio
async def test_one_winner_keeps_the_plain_line(store) -> None:
    talk = await opened_table(store, "開枱 A B C D 雞平和")
    await talk("A", "規則 銃 半銃")
    reply = await talk("B", "B 食 A 1番")
    assert "A 俾 B HK$2（半銃：出銃嗰個出一份）" in reply
