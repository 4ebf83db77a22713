"""End to end on Telegram: an ``edited_message`` whose ``date`` (when it was first sent) is before the
open table books nothing (issue 15, money); a hint line of tonight edited into a hand is booked once.

Amounts by hand (港式台牌, 底 5, dealer fan 1): Bob 食 Ann 12番 with Ann dealing is 12 + 5 + 1 = 18.
"""

from __future__ import annotations

import time

import pytest

from .conftest import BOB, GROUP

pytestmark = pytest.mark.asyncio

BEFORE_TABLE_ZH = "開枱之前嘅訊息改咗我唔會睇，乜都冇記到。請重新打過。"


def chains(state):
    return [(c.debtor, c.creditor, c.level, c.amount) for c in state.chains]


async def test_last_nights_message_edited_into_a_hand_books_nothing(group):
    await group.say(BOB, "開枱 Ann Bob Cat Dan")
    await group.say(BOB, "Bob 食 Ann 12番")
    session = await group.service.store.open_session(group.chat)
    kinds = [e.kind for e in await group.service.store.events(session.id)]
    assert kinds == ["table_opened", "win_by_discard"]
    before = group.count()
    old = group.last_message_id + 500  # a message of last night the bot never booked
    await group.api.edit_text(GROUP, BOB, old, "Bob 食 Ann 55番", date=int(time.time()) - 20 * 3600)
    await group.api.wait_for(lambda _c: group.count() > before)
    (refusal,) = group.api.sent(GROUP)[before:]
    assert refusal.params["text"] == BEFORE_TABLE_ZH
    assert refusal.params["reply_parameters"]["message_id"] == old
    assert [e.kind for e in await group.service.store.events(session.id)] == kinds  # nothing booked
    _seq, state = await group.service.state_of(session)
    assert chains(state) == [("Ann", "Bob", 1, 18)]  # balances unchanged


async def test_tonights_hint_line_edited_into_a_hand_is_booked(group):
    await group.say(BOB, "開枱 Ann Bob Cat Dan")
    (hint,) = await group.say(BOB, "Bob 食 Ann")
    assert hint.params["text"] == "Bob 食 Ann：幾多番？寫數目或者手牌，例如 Bob 食 Ann 12番。"
    before = group.count()
    # the fake sends the date the message was posted at: after the table opened
    await group.api.edit_text(GROUP, BOB, group.last_message_id, "Bob 食 Ann 12番")
    await group.api.wait_for(lambda _c: group.count() > before)
    (booked,) = group.api.sent(GROUP)[before:]
    assert booked.params["text"] == (
        "Bob 食 Ann：12番\n  Ann → Bob：18（12番 + 底 5 + 莊 1）\n拉一：Ann 欠 Bob 18\n下一鋪：Bob 做莊；東圈，第2鋪。"
    )
    session = await group.service.store.open_session(group.chat)
    rows = await group.service.store.events(session.id)
    assert [e.kind for e in rows] == ["table_opened", "win_by_discard"]
    assert rows[1].source_message_id == f"{GROUP}:{group.last_message_id}"
