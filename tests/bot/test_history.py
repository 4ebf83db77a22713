"""``歷史`` / ``/history`` and undo replies say what the booking reply said (one renderer per event).

Amounts by hand (DESIGN §6): a leg is fan + 底 5 + the dealer's 2n+1 when the dealer is on it.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.both_databases


def _legs(text: str) -> list[str]:
    """The leg lines of a reply (``X → Y: …``), stripped of their indentation."""
    return [line.strip() for line in text.splitlines() if "→" in line and ("fan" in line or "番" in line)]


@pytest.mark.asyncio
async def test_history_says_who_paid_for_whom_and_the_robbed_kong_in_english(talk_en):
    talk = talk_en
    await talk("A", "開枱 A B C D")  # A deals, n = 0: dealer fan 1
    booked = await talk("B", "B 自摸 12番 槓上 C包")  # C pays all three legs: 18 (A's, dealer) + 17 + 17
    assert _legs(booked) == [
        "C (for A) → B: 18 (12 fan + 底 5 + dealer 1)",
        "C → B: 17 (12 fan + 底 5)",
        "C (for D) → B: 17 (12 fan + 底 5)",
    ]
    # B deals now (n = 0): D robs B's kong, B pays 3 + 5 + 1 = 9; C's 52 is settled.
    robbed = await talk("D", "D 搶槓 B 3番")
    assert robbed.splitlines()[:2] == [
        "D robs B's kong (搶槓): 3 fan",
        "  B → D: 9 (3 fan + 底 5 + dealer 1)",
    ]
    assert await talk("A", "歷史") == "\n".join(
        [
            "History:",
            "#2 hand 1: B self-draws (自摸): 12 fan",
            "    C (for A) → B: 18 (12 fan + 底 5 + dealer 1)",
            "    C → B: 17 (12 fan + 底 5)",
            "    C (for D) → B: 17 (12 fan + 底 5)",
            "    la 1: C owes B 52",
            "#3 hand 2: D robs B's kong (搶槓): 3 fan",
            "    B → D: 9 (3 fan + 底 5 + dealer 1)",
            "    la 1 settled: C → B 52",
            "    la 1: B owes D 9",
        ]
    )


@pytest.mark.asyncio
async def test_history_says_who_paid_for_whom_in_cantonese(talk_zh):
    talk = talk_zh
    await talk("A", "開枱 A B C D")
    booked = await talk("B", "B 自摸 12番 槓上 C包")
    history = await talk("A", "歷史")
    assert (
        _legs(booked)
        == _legs(history)
        == [
            "C（代 A） → B：18（12番 + 底 5 + 莊 1）",
            "C → B：17（12番 + 底 5）",
            "C（代 D） → B：17（12番 + 底 5）",
        ]
    )
    await talk("D", "D 搶槓 B 3番")
    assert "#3 第2鋪：D 搶 B 嘅槓（搶槓）：3番" in (await talk("A", "歷史")).splitlines()


@pytest.mark.asyncio
async def test_undo_names_each_chain_step_it_reverses(talk_en, talk_zh):
    talk = talk_en
    await talk("A", "開枱 A B C D")
    await talk("B", "B 食 A 10番")  # A deals: 10 + 5 + 1 = 16 → la 1 A→B 16; B deals
    await talk("B", "B 食 A 10番")  # B deals, n = 0: 16 → la 2: 16 + 8 + 16 = 40; n = 1
    await talk("B", "B 食 A 10番")  # n = 1, dealer 3: 18 → la 3: 40 + 20 + 18 = 78
    assert await talk("A", "撤銷") == "\n".join(
        [
            "A undid: B wins on A's discard: 10 fan.",
            "la 3 → la 2: A owes B 40",
            "Next: B deals, 連莊 1; 東 round, hand 3.",
        ]
    )
    assert await talk("A", "撤銷") == "\n".join(
        [
            "A undid: B wins on A's discard: 10 fan.",
            "la 2 → la 1: A owes B 16",
            "Next: B deals; 東 round, hand 2.",
        ]
    )
    assert await talk("A", "撤銷") == "\n".join(
        [
            "A undid: B wins on A's discard: 10 fan.",
            "la 1 cancelled: A no longer owes B 16",
            "Next: A deals; 東 round, hand 1.",
        ]
    )
    zh = talk_zh  # the same chat and store, in Cantonese
    await zh("A", "重做")  # la 1 again
    await zh("A", "重做")  # la 2 again
    assert (await zh("A", "撤銷")).splitlines()[:2] == ["A 撤銷咗：B 食 A：10番。", "拉二 → 拉一：A 欠 B 16"]


@pytest.mark.asyncio
async def test_undo_of_a_kick_and_of_a_cut_puts_the_chain_back(talk_en):
    talk = talk_en
    await talk("A", "開枱 A B C D")
    await talk("B", "B 食 C 5番")  # 10 → la 1 C→B 10; B deals
    # C wins 4 on B (dealer, n = 0): 4 + 5 + 1 = 10; 踢半: C pays floor(10 / 2) = 5, la 1 B→C 10 opens.
    await talk("C", "C 食 B 4番")
    assert await talk("A", "撤銷") == "\n".join(
        [
            "A undid: C wins on B's discard: 4 fan.",
            "la 1 back: C owes B 10",
            "la 1 cancelled: B no longer owes C 10",
            "B refunds C 5",
            "Next: B deals; 東 round, hand 2.",
        ]
    )
    await talk("B", "B 食 C 2番")  # B deals, n = 0: 2 + 5 + 1 = 8 → la 2: 10 + 5 + 8 = 23; n = 1
    await talk("B", "B 食 C 1番")  # n = 1, dealer 3: 9 → la 3: 23 + 12 + 9 = 44, 斬拉 offered
    assert await talk("C", "斬") == "斬拉: C pays B the la 3 chain, 44"
    assert await talk("A", "撤銷") == "\n".join(
        [
            "A undid: C cut the chain to B.",
            "la 3 back: C owes B 44",
            "B refunds C 44",
            "Next: B deals, 連莊 2; 東 round, hand 4.",
        ]
    )


@pytest.mark.asyncio
async def test_every_event_kind_keeps_its_booking_words_in_history(talk_en):
    talk = talk_en
    await talk("A", "開枱 A B C D")
    booked = [
        await talk("A", "流局"),  # A stays, n = 1
        await talk("A", "A 詐糊"),
        await talk("A", "圍骰"),
        await talk("A", "B 飛 九筒"),
        await talk("A", "D 七搶一 C"),  # C pays D 6 底 = 30
    ]
    heads = [b.splitlines()[0] for b in booked]
    assert heads == [
        "Draw (流局): the dealer stays (臭莊).",
        "A: false win (詐糊); pays each of the other three 30.",
        "A: cash prize 圍骰 (1 底)",
        "B flies 九筒 (飛牌); recorded, nothing is paid.",
        "C→D: cash prize 七搶一 (6 底)",
    ]
    # C self-draws 2 on A's 連莊 1 (dealer fan 3): A 10, B 7, D 7.
    await talk("C", "C 自摸 2番")
    assert await talk("B", "歷史") == "\n".join(
        [
            "History:",
            "#2 hand 1: Draw (流局): the dealer stays (臭莊).",
            "#3 hand 2: A: false win (詐糊); pays each of the other three 30.",
            "    A pays B 30",
            "    A pays C 30",
            "    A pays D 30",
            "#4 hand 2: A: cash prize 圍骰 (1 底)",
            "    B pays A 5",
            "    C pays A 5",
            "    D pays A 5",
            "#5 hand 2: B flies 九筒 (飛牌); recorded, nothing is paid.",
            "#6 hand 2: C→D: cash prize 七搶一 (6 底)",
            "    C pays D 30",
            "#7 hand 2, 連莊 1: C self-draws (自摸): 2 fan",
            "    A → C: 10 (2 fan + 底 5 + dealer 3)",
            "    B → C: 7 (2 fan + 底 5)",
            "    D → C: 7 (2 fan + 底 5)",
            "    la 1: A owes C 10",
            "    la 1: B owes C 7",
            "    la 1: D owes C 7",
        ]
    )
