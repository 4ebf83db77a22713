"""Hand messages in the chat: situation from the table, the score's fan without dealer fan is booked."""

from __future__ import annotations

import pytest

from taipai.bot.service.hands import read_hand, situation_for
from taipai.core.handspec import Situation
from taipai.core.notation import parse_hand
from taipai.core.table import Draw, TableOpened, WinByDiscard, WinLeg
from taipai.core.table.machine import apply
from taipai.core.tiles import EAST, NORTH, SOUTH
from taipai.systems.hk_taiwan.rules import load_rules
from taipai.systems.hk_taiwan.scoring import score_hand

HAND_DISCARD = "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食 東"
HAND_SELF = "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東"
RULES = load_rules("hk-taiwan")


def _table():
    s = apply(None, TableOpened(("A", "B", "C", "D"))).state
    s = apply(s, WinByDiscard("A", (WinLeg("B", 3),))).state  # B deals now
    return apply(s, Draw()).state  # B on 連1


def test_situation_comes_from_the_table():
    s = _table()
    assert situation_for(s, "B") == Situation(dealer=True, streak=1, round_wind=EAST, seat_wind=EAST)
    assert situation_for(s, "C") == Situation(dealer=False, streak=1, round_wind=EAST, seat_wind=SOUTH)
    assert situation_for(s, "A").seat_wind == NORTH


def test_the_dealer_pattern_is_left_to_the_table():
    s = _table()
    read = read_hand(HAND_SELF, s, "B", RULES)
    full = score_hand(parse_hand(HAND_SELF, situation=situation_for(s, "B")), RULES)
    assert full.pattern_fan("dealer") == 3  # 2·1 + 1
    assert read.fan == full.fan - 3 and read.bases == full.bases
    assert read.self_drawn is True and read.detail()["ok"] is True


@pytest.mark.asyncio
async def test_a_hand_message_win_is_scored_and_booked(talk_en):
    talk = talk_en
    await talk("A", "開枱 A B C D")
    state = await talk.state()
    score = score_hand(parse_hand(HAND_DISCARD, situation=situation_for(state, "B")), RULES)
    fan = score.fan  # B is not the dealer: no dealer pattern to take off
    reply = await talk("B", f"B 食 A {HAND_DISCARD}")
    lines = reply.splitlines()
    assert lines[0] == f"B wins on A's discard: {fan} fan"
    for p in score.patterns:
        assert f"  {p.name}: {p.fan} fan" in lines
    total = fan + 5 + 1  # A deals: dealer fan 1 on this leg
    assert f"  A → B: {total} ({fan} fan + 底 5 + dealer 1)" in lines
    assert f"la 1: A owes B {total}" in lines
    session = await talk.service.store.open_session(talk.chat)
    last = (await talk.service.store.events(session.id))[-1]
    assert last.payload["legs"] == [{"winner": "B", "fan": fan, "bases": 1, "robbed_kong": False}]
    assert last.detail["legs"][0]["total"] == score.total


@pytest.mark.asyncio
async def test_the_dealer_self_draws_a_hand(talk_en):
    talk = talk_en
    await talk("A", "開枱 A B C D")
    state = await talk.state()
    full = score_hand(parse_hand(HAND_SELF, situation=situation_for(state, "A")), RULES)
    fan = full.fan - full.pattern_fan("dealer")
    reply = await talk("A", f"A 自摸 {HAND_SELF}")
    # Each of the three pays fan + 5 + the dealer's 1.
    for payer in "BCD":
        assert f"  {payer} → A: {fan + 6} ({fan} fan + 底 5 + dealer 1)" in reply
    assert "莊家" not in reply  # the dealer fan is shown once, on the legs, not as a pattern


@pytest.mark.asyncio
async def test_a_bad_hand_says_what_is_wrong_and_stores_nothing(talk_en, talk_zh):
    await talk_en("A", "開枱 A B C D")
    seq = await talk_en.seq()
    bad = "一二三萬 四五六萬 七八九筒 二三四索 中中一萬 東 食 東"  # not a win
    assert (await talk_en("B", f"B 食 A {bad}")).startswith("That is not a winning hand")
    assert (await talk_zh("B", f"B 食 A {bad}")).startswith("呢副唔係糊牌")
    reply = await talk_en("B", "B 食 A 一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食 東東東東東")
    assert reply
    assert await talk_en.seq() == seq


@pytest.mark.asyncio
async def test_a_kong_written_with_three_tiles_is_refused_with_the_right_forms(talk_zh):
    """槓東東東 was booked as the kong 東東東東 (tester's report); DESIGN §4 writes a kong with its
    four tiles (暗槓 東東東東), the core also takes one (槓東).  Nothing is booked."""
    talk = talk_zh
    await talk("阿明", "開枱 阿明 阿強 阿珍 阿玲")
    hand = "一二三萬 四五六萬 七八九筒 二三四索 槓東東東 中 食 中"
    # 「阿強 食 阿明 」 is 8 characters, the four runs 20 more, 槓 the 29th: 東東東 starts at the 30th
    assert await talk("阿強", f"阿強 食 阿明 {hand}") == (
        "「東東東」：槓係四隻牌：槓 東東東東（或者簡寫 槓 東）；三隻一樣嘅係碰：碰 東東東。"
        "（「東東東」喺訊息第 30 個字。）"
    )
    assert await talk.seq() == 1
    # the same hand with the kong written in full is booked: 五門齊 10, 獨獨 2, 無花 1, 風牌 1, 正風 1,
    # 槓 1 = 16番; 阿明 deals: 16 + 底 5 + 莊 1 = 22
    reply = await talk("阿強", f"阿強 食 阿明 {hand.replace('槓東東東', '槓東東東東')}")
    assert "阿明 → 阿強：22（16番 + 底 5 + 莊 1）" in reply


@pytest.mark.asyncio
async def test_the_message_and_the_hand_must_agree_on_how_it_was_won(talk_en):
    await talk_en("A", "開枱 A B C D")
    assert (await talk_en("B", f"B 食 A {HAND_SELF}")).startswith("The message says a win on a discard")
    assert (await talk_en("B", f"B 自摸 {HAND_DISCARD}")).startswith("The message says 自摸")
    assert await talk_en.seq() == 1


@pytest.mark.asyncio
async def test_each_typed_hand_of_a_double_win_scores_一炮雙響(talk_en):
    """Seed 004, 狀態類, 一炮雙響 5: two winners on one discard each score it; a tester's typed hand
    beside a bare count once booked without it.  The bare count is the player's own sum."""
    talk = talk_en
    await talk("A", "開枱 A B C D")
    state = await talk.state()
    alone = score_hand(parse_hand(HAND_DISCARD, situation=situation_for(state, "B")), RULES)
    reply = await talk("B", f"B 食 A {HAND_DISCARD}; C 食 A 12番")
    assert "一炮雙響: 5 fan" in reply
    session = await talk.service.store.open_session(talk.chat)
    last = (await talk.service.store.events(session.id))[-1]
    assert last.payload["legs"][0]["fan"] == alone.fan + 5
    assert last.payload["legs"][1]["fan"] == 12
