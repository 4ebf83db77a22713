"""The wrong-money fixes through the chat (issue 13, failure 11): 包 only on 槓上自摸 on an exposed kong,
and once-per-hand cash prizes.

Seed 004, 槓上自摸 row: 「明槓出銃者全包」 (the seed's only 包).  A bare count shows no kong, so the
message must say 槓上 (or 槓上自摸, 槓上開花, 槓上槓, 明槓); a hand message must show an exposed kong.
Seed 004, 現金獎: 一台草 / 一台花 「玩家每局只可收取一次」; 圍骰 and 一二三 are one roll per hand.

Amounts by hand: A deals (連0, dealer fan 1); a self-draw's legs are fan + 底 5, + 1 on A's leg.
"""

from __future__ import annotations

import pytest

from taipai.bot.service.parse import parse_command
from taipai.core.table import SelfDraw, TableOpened
from taipai.systems.hk_taiwan.events import CashPrize

pytestmark = pytest.mark.both_databases

SAY_KONG = (
    "With a bare count I can't see the kong, and 包 is only for 槓上自摸 on an exposed kong "
    "(明槓出銃者全包). If B won on the tile drawn after a kong on C's discard, say so: "
    "B 自摸 12番 槓上 C包 (or post the hand with its 槓). Otherwise leave out 包: each of the three pays."
)
NOT_EXPOSED = (
    "包 is only for 槓上自摸 on an exposed kong (明槓出銃者全包). A 暗槓 or 加槓 was not made from "
    "anyone's discard, so nobody pays all: book B's self-draw without 包 and each of the three pays."
)
NO_KONG = (
    "包 is only for 槓上自摸 on an exposed kong (明槓出銃者全包), and this hand shows no kong. Write the "
    "kong made from C's discard as 槓 東東東東 (or 明槓 東), or book the self-draw without 包."
)
# B (南) 自摸 on 中 after a kong of 東 made from C's discard: 五門齊 10, 槓上自摸 5, 獨獨 2, 無花 1, 風牌 1,
# 正風 1 (東 round), 槓 (明槓) 1, 自摸 1 = 22 fan.
KONG_HAND = "槓 東東東東 一二三萬 四五六萬 七八九筒 二三四索 中 摸 中"
BAO_12 = [  # C pays B's three legs of 12番: A's 12 + 5 + 1 = 18, C's 17, D's 17 = 52
    "B self-draws (自摸): 12 fan",
    "  C (for A) → B: 18 (12 fan + 底 5 + dealer 1)",
    "  C → B: 17 (12 fan + 底 5)",
    "  C (for D) → B: 17 (12 fan + 底 5)",
    "la 1: C owes B 52",
]


def chains(state):
    return [(c.debtor, c.creditor, c.level, c.amount) for c in state.chains]


async def opened(talk):
    await talk("A", "開枱 A B C D")
    return await talk.seq()


# ------------------------------------------------------------------------------------------ 包


@pytest.mark.parametrize(
    ("text", "hand", "payer", "said"),
    [
        ("B 自摸 12番 槓上 C包", "12番", "C", "槓上"),
        ("B 自摸 槓上 12番 包 C", "12番", "C", "槓上"),
        ("B 槓上自摸 12番 C包", "12番", "C", "槓上自摸"),
        ("B 自摸 12番 暗槓 槓上 C包", "12番", "C", "暗槓"),  # not from a discard wins over 槓上
        ("/selfdraw B 12 明槓 C包", "12", "C", "明槓"),
        ("B 自摸 12番 C包", "12番", "C", ""),
        (f"B 自摸 {KONG_HAND} 槓上 C包", f"{KONG_HAND} 槓上", "C", ""),  # a hand keeps its words
    ],
)
def test_the_kong_words_of_a_bao_self_draw_are_read(text, hand, payer, said):
    cmd = parse_command(text)
    assert cmd is not None and cmd.kind == "self_draw"
    assert (cmd.legs[0].hand, cmd.kong_payer, cmd.kong_said) == (hand, payer, said)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "text", ["B 自摸 12番 C包", "B 自摸 12番 包 C", "/selfdraw B 12 C包", "/selfdraw B 12番 包 C"]
)
async def test_bao_on_a_bare_count_without_kong_words_is_refused(talk_en, text):
    """A bare count cannot show the kong: 包 needs 槓上 said with it; nothing is booked."""
    seq = await opened(talk_en)
    assert await talk_en("B", text) == SAY_KONG
    assert await talk_en.seq() == seq


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "text",
    [
        "B 自摸 12番 槓上 C包",
        "B 自摸 槓上 12番 C包",
        "B 自摸 12番 槓上 包 C",
        "B 槓上自摸 12番 C包",
        "B 自摸 12番 明槓 C包",
        "/selfdraw B 12 槓上 C包",
        "/selfdraw B 12番 槓上自摸 包 C",
    ],
)
async def test_bao_on_a_bare_count_said_as_kong_self_draw_pays_all_three_legs(talk_en, text):
    """Near miss: 槓上 said with the count (the player's word that C discarded into B's 明槓): C pays
    all three legs, 18 + 17 + 17 = 52 (拉一 C→B)."""
    await opened(talk_en)
    reply = await talk_en("B", text)
    assert reply.split("\n")[: len(BAO_12)] == BAO_12
    s = await talk_en.state()
    assert chains(s) == [("C", "B", 1, 52)]
    event = s.history[-1].event
    assert isinstance(event, SelfDraw)
    assert (event.kong_discarder, event.exposed_kong, event.fan) == ("C", True, 12)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "text", ["B 自摸 12番 暗槓 C包", "B 自摸 12番 加槓 C包", "/selfdraw B 12 暗槓 槓上 C包"]
)
async def test_bao_on_a_concealed_or_added_kong_count_is_refused(talk_en, text):
    """A 暗槓 or 加槓 has nobody who 出銃: 包 refused even with 槓上 said."""
    seq = await opened(talk_en)
    assert await talk_en("B", text) == NOT_EXPOSED
    assert await talk_en.seq() == seq


@pytest.mark.asyncio
async def test_bao_on_a_hand_with_an_exposed_kong_pays_all_three_legs(talk_en):
    """A hand message with its 明槓: 22 fan (see KONG_HAND); legs A 22 + 5 + 1 = 28, C 27, D 27 — C
    pays all: 82."""
    await opened(talk_en)
    reply = await talk_en("B", f"B 自摸 {KONG_HAND} C包")
    assert "  C (for A) → B: 28 (22 fan + 底 5 + dealer 1)" in reply
    assert "  C (for D) → B: 27 (22 fan + 底 5)" in reply
    s = await talk_en.state()
    assert chains(s) == [("C", "B", 1, 82)]
    assert s.history[-1].event.exposed_kong is True


@pytest.mark.asyncio
async def test_bao_on_a_hand_with_a_concealed_kong_is_refused(talk_en):
    """槓上自摸 off a 暗槓 (the same tiles, 暗槓 東東東東): refused, nothing booked."""
    seq = await opened(talk_en)
    assert await talk_en("B", f"B 自摸 暗{KONG_HAND} C包") == NOT_EXPOSED
    assert await talk_en.seq() == seq


@pytest.mark.asyncio
async def test_bao_on_a_hand_without_a_kong_is_refused(talk_en):
    """No kong in the hand at all (東東東 held as a pung): refused, nothing booked."""
    seq = await opened(talk_en)
    hand = "東東東 一二三萬 四五六萬 七八九筒 二三四索 中 摸 中"
    assert await talk_en("B", f"B 自摸 {hand} C包") == NO_KONG
    assert await talk_en.seq() == seq


@pytest.mark.asyncio
async def test_the_winner_may_leave_out_their_own_name(talk_en):
    """``自摸 12番 C包`` said by B reads as B's message (it was left unanswered): refused the same way;
    ``自摸 12番 槓上 C包`` is booked, C pays 52."""
    seq = await opened(talk_en)
    assert await talk_en("B", "自摸 12番 C包") == SAY_KONG
    assert await talk_en.seq() == seq
    assert (await talk_en("B", "自摸 12番 槓上 C包")).split("\n")[: len(BAO_12)] == BAO_12
    assert chains(await talk_en.state()) == [("C", "B", 1, 52)]


@pytest.mark.asyncio
async def test_kong_self_draw_said_as_the_command_word_scores_槓上自摸(talk_en):
    """``B 槓上自摸 <hand>`` without 包: the hand is scored with 槓上 (22 fan, see KONG_HAND) and each of
    the three pays: A 22 + 5 + 1 = 28, C 27, D 27."""
    await opened(talk_en)
    reply = await talk_en("B", f"B 槓上自摸 {KONG_HAND}")
    assert "槓上自摸" in reply
    s = await talk_en.state()
    assert chains(s) == [("A", "B", 1, 28), ("C", "B", 1, 27), ("D", "B", 1, 27)]
    assert s.history[-1].event.kong_discarder is None


@pytest.mark.asyncio
async def test_a_self_draw_without_bao_is_paid_by_each_of_three(talk_en):
    """Near miss: B 自摸 12番 with no 包: three chains, A's 18, C's 17, D's 17."""
    await opened(talk_en)
    await talk_en("B", "B 自摸 12番")
    assert chains(await talk_en.state()) == [("A", "B", 1, 18), ("C", "B", 1, 17), ("D", "B", 1, 17)]


@pytest.mark.asyncio
async def test_bao_refusal_in_cantonese(talk_zh):
    await opened(talk_zh)
    reply = await talk_zh("B", "B 自摸 12番 C包")
    assert reply.startswith("淨係講番數我睇唔到隻槓")
    assert "B 自摸 12番 槓上 C包" in reply


@pytest.mark.asyncio
async def test_editing_a_hand_to_bao_without_a_kong_is_refused(talk_en):
    """The edit-to-correct path reads the edited message like a new one: 包 without 槓上 is refused
    (no Apply button); with 槓上 the correction is offered."""
    await opened(talk_en)
    await talk_en("B", "B 自摸 12番", message_id="m1")
    service, chat = talk_en.service, talk_en.chat
    (refusal,) = await service.edit(chat, "B", "m1", "B 自摸 12番 C包")
    assert refusal.text == SAY_KONG and not refusal.buttons
    (offer,) = await service.edit(chat, "B", "m1", "B 自摸 12番 槓上 C包")
    assert offer.text.endswith(
        "After: B self-draws (自摸): 12 fan\n  la 1: C owes B 52\nApply the correction?"
    )
    await service.press(chat, "B", offer.buttons[0].data)
    assert chains(await talk_en.state()) == [("C", "B", 1, 52)]


@pytest.mark.asyncio
async def test_an_old_log_with_bao_off_a_kong_still_replays(talk_en):
    """A 包 stored before ``exposed_kong`` was recorded (no such key in its JSON) replays as booked."""
    seq = await opened(talk_en)
    service = talk_en.service
    session = await service.store.open_session(talk_en.chat)
    payload = {"kind": "self_draw", "winner": "B", "fan": 12, "bases": 1, "kong_discarder": "C"}
    await service.store.append_event(session, seq + 1, speaker="B", kind="self_draw", payload=payload)
    service._cache.clear()  # read the log again, as a restarted bot would
    assert chains(await talk_en.state()) == [("C", "B", 1, 52)]
    assert "C owes B 52" in await talk_en("A", "/chains")


# ------------------------------------------------------------------------------------ prizes


@pytest.mark.asyncio
async def test_second_一台花_in_one_hand_is_refused_then_undo_frees_it(talk_en):
    """一台花 (each pays B 1 底 = 5): a second one in the same hand is refused and books nothing; after
    撤銷 of the first it can be booked again."""
    await opened(talk_en)
    await talk_en("B", "B 一台花")
    seq = await talk_en.seq()
    reply = await talk_en("B", "B 一台花")
    assert reply.startswith(
        "一台花 (B) is already booked this hand, and 一台花 is paid at most once per hand"
    )
    assert await talk_en.seq() == seq
    assert (await talk_en.state()).balances == {"A": -5, "B": 15, "C": -5, "D": -5}
    await talk_en("A", "撤銷")
    await talk_en("B", "B 一台花")
    assert (await talk_en.state()).balances["B"] == 15


@pytest.mark.asyncio
async def test_一台花_in_the_next_hand_is_accepted(talk_en):
    """Near miss: after a 流局 (a new hand) B's second 一台花 is booked: 15 + 15 = 30."""
    await opened(talk_en)
    await talk_en("B", "B 一台花")
    await talk_en("A", "流局")
    await talk_en("B", "/flowerset B")
    assert (await talk_en.state()).balances == {"A": -10, "B": 30, "C": -10, "D": -10}


@pytest.mark.asyncio
@pytest.mark.parametrize("second", ["圍骰", "一二三", "/dice", "/dice123"])
async def test_one_dice_roll_per_hand(talk_en, second):
    """圍骰 (each pays the dealer A 1 底): a second roll in the same hand, either prize, is refused."""
    await opened(talk_en)
    await talk_en("A", "圍骰")
    seq = await talk_en.seq()
    reply = await talk_en("A", second)
    assert reply.startswith("圍骰 (A) is already booked this hand")
    assert await talk_en.seq() == seq
    assert (await talk_en.state()).balances["A"] == 15


@pytest.mark.asyncio
async def test_second_prize_refusal_in_cantonese(talk_zh):
    await opened(talk_zh)
    await talk_zh("B", "B 一台草")
    reply = await talk_zh("B", "B 一台草")
    assert reply.startswith("呢鋪已經記咗 一台草（B），一台草 每鋪最多記一次")


@pytest.mark.asyncio
async def test_an_old_log_holding_a_double_prize_replays(talk_en):
    """Logs from before the rule may hold 一台花 twice in one hand: the bot reads them (B +30) and
    refuses a third."""
    seq = await opened(talk_en)
    service = talk_en.service
    session = await service.store.open_session(talk_en.chat)
    prize = CashPrize("one_set_flowers", "B").to_dict()
    for n in (1, 2):
        await service.store.append_event(session, seq + n, speaker="B", kind="cash_prize", payload=prize)
    service._cache.clear()
    assert (await talk_en.state()).balances == {"A": -10, "B": 30, "C": -10, "D": -10}
    assert (await talk_en("B", "B 一台花")).startswith("一台花 (B) is already booked this hand")
    assert isinstance((await talk_en.state()).history[0].event, TableOpened)
