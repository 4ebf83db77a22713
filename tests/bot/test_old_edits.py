"""An edited message that was never booked is read as new only when it was sent for tonight's table
(issue 15, money): after the open table was opened, or, with no table open, within the last
:data:`~taipai.bot.service.buttons.EDIT_WINDOW` (10 minutes).  Last night's ``坐 西`` edited today into
a hand books nothing, and neither does an old ``計數`` edited to ``埋數``.

Amounts by hand.  港式台牌 (seed defaults: 底 5, dealer fan 1): B 食 A 12番 with A dealing is
12 + 5 + 1 = 18 (拉一: A owes B 18).  台灣牌 (底 100, 50 a 台, dealer 50): B 食 A 5台 is
100 + 5 × 50 + 50 = 400.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from taipai.bot.service import Service
from taipai.bot.service.buttons import EDIT_WINDOW, SENT_SLACK, sent_for_now

pytestmark = pytest.mark.both_databases

BEFORE_TABLE_EN = "Edits of messages from before this table are not read; nothing was booked. Type it again."
BEFORE_TABLE_ZH = "開枱之前嘅訊息改咗我唔會睇，乜都冇記到。請重新打過。"
TOO_OLD_EN = "Edits of messages over 10 minutes old are not read; nothing was booked. Type it again."
TOO_OLD_ZH = "超過 10 分鐘嘅舊訊息改咗我唔會睇，乜都冇記到。請重新打過。"


def chains(state):
    return [(c.debtor, c.creditor, c.level, c.amount) for c in state.chains]


async def opened_at(talk, table: str = "開枱 A B C D") -> datetime:
    await talk("A", table, message_id="open")
    session = await talk.service.store.open_session(talk.chat)
    assert session is not None
    return session.created_at


async def texts(service: Service, chat, message_id: str, text: str, sent: datetime | None) -> list[str]:
    return [r.text for r in await service.edit(chat, "B", message_id, text, sent=sent)]


# --------------------------------------------------------------------------------- with a table open


@pytest.mark.asyncio
async def test_last_nights_line_edited_into_a_hand_books_nothing(talk_en):
    opened = await opened_at(talk_en)
    await talk_en("B", "B 食 A 12番", message_id="m1")
    seq, before = await talk_en.seq(), chains(await talk_en.state())
    assert before == [("A", "B", 1, 18)]
    last_night = opened - timedelta(hours=20)
    said = await texts(talk_en.service, talk_en.chat, "old-sit", "B 食 A 55番", last_night)
    assert said == [BEFORE_TABLE_EN]
    assert await talk_en.seq() == seq  # nothing booked
    assert chains(await talk_en.state()) == before  # balances unchanged
    # the same message id typed anew is still free to book: the refusal booked nothing under it
    assert not await talk_en.service.store.is_booked(talk_en.chat, "old-sit")


@pytest.mark.asyncio
async def test_an_old_count_edited_to_settle_does_not_settle(talk_en):
    opened = await opened_at(talk_en)
    await talk_en("B", "B 食 A 12番", message_id="m1")
    said = await texts(talk_en.service, talk_en.chat, "old-count", "埋數", opened - timedelta(days=1))
    assert said == [BEFORE_TABLE_EN]
    assert await talk_en.service.store.open_session(talk_en.chat) is not None  # still open


@pytest.mark.asyncio
async def test_an_old_line_of_talk_edited_gets_no_reply(talk_en):
    opened = await opened_at(talk_en)
    said = await texts(
        talk_en.service, talk_en.chat, "old-talk", "see you all tomorrow", opened - timedelta(days=1)
    )
    assert said == []


@pytest.mark.asyncio
async def test_an_edit_whose_send_time_is_unknown_books_nothing(talk_en):
    await opened_at(talk_en)
    seq = await talk_en.seq()
    assert await texts(talk_en.service, talk_en.chat, "m9", "B 食 A 12番", None) == [BEFORE_TABLE_EN]
    assert await talk_en.seq() == seq


@pytest.mark.asyncio
async def test_tonights_hint_line_edited_into_a_hand_is_booked_once(talk_en):
    opened = await opened_at(talk_en)
    hint = await talk_en("B", "B 食 A", message_id="m2")
    assert hint == "B 食 A: how many fan? Write the count or the hand, e.g. B 食 A 12番."  # nothing booked
    seq = await talk_en.seq()
    tonight = opened + timedelta(minutes=3)
    said = await texts(talk_en.service, talk_en.chat, "m2", "B 食 A 12番", tonight)
    assert said == [
        "B wins on A's discard: 12 fan\n  A → B: 18 (12 fan + 底 5 + dealer 1)\nla 1: A owes B 18\n"
        "Next: B deals; 東 round, hand 2."
    ]
    assert await talk_en.seq() == seq + 1
    assert chains(await talk_en.state()) == [("A", "B", 1, 18)]
    # the same edit delivered again is now an edit of a booked hand: nothing booked twice
    again = await texts(talk_en.service, talk_en.chat, "m2", "B 食 A 12番", tonight)
    assert again == ["The edited hand books the same as before; nothing to change."]
    assert await talk_en.seq() == seq + 1


@pytest.mark.asyncio
async def test_a_booked_hand_of_tonight_edited_still_offers_the_correction(talk_en):
    opened = await opened_at(talk_en)
    await talk_en("B", "B 食 A 12番", message_id="m1")
    (offer,) = await talk_en.service.edit(
        talk_en.chat, "B", "m1", "B 食 A 20番", sent=opened + timedelta(minutes=1)
    )
    assert offer.text.endswith("Apply the correction?")
    assert [b.data for b in offer.buttons] == ["fix:1:y", "fix:1:n"]


@pytest.mark.asyncio
async def test_taiwan_table_in_cantonese(talk_zh):
    """台灣牌 (unit 台): an old line edited into a hand is refused in Cantonese; a hint line of
    tonight edited into a hand books B 食 A 5台 = HK$400."""
    opened = await opened_at(talk_zh, "開枱 台灣牌 A B C D")
    await talk_zh("B", "B 食 A", message_id="m2")
    seq = await talk_zh.seq()
    old = await texts(talk_zh.service, talk_zh.chat, "old", "B 食 A 5台", opened - timedelta(days=2))
    assert old == [BEFORE_TABLE_ZH]
    assert await talk_zh.seq() == seq
    (booked,) = await texts(talk_zh.service, talk_zh.chat, "m2", "B 食 A 5台", opened + timedelta(seconds=30))
    assert booked.startswith("B 食 A：5台\nA 俾 B HK$400（底 100 + 5台 × 50 + 作莊 50）")
    assert await talk_zh.seq() == seq + 1


# ------------------------------------------------------------------------------------ with no table open


@pytest.mark.asyncio
async def test_a_typod_open_fixed_within_ten_minutes_opens_the_table(talk_en):
    service, chat = talk_en.service, talk_en.chat
    await talk_en("A", "開 A B C D", message_id="t1")
    said = await texts(service, chat, "t1", "開枱 A B C D", service.store.now() - timedelta(minutes=2))
    assert said[0].startswith("Table open: 東 A, 南 B, 西 C, 北 D. A deals first.")
    assert await service.store.open_session(chat) is not None


@pytest.mark.asyncio
async def test_an_open_older_than_ten_minutes_edited_books_nothing(talk_zh):
    service, chat = talk_zh.service, talk_zh.chat
    said = await texts(service, chat, "t1", "開枱 A B C D", service.store.now() - timedelta(minutes=11))
    assert said == [TOO_OLD_ZH]
    assert await service.store.open_session(chat) is None


@pytest.mark.asyncio
async def test_too_old_in_english(talk_en):
    service, chat = talk_en.service, talk_en.chat
    said = await texts(service, chat, "t1", "開枱 A B C D", service.store.now() - timedelta(hours=1))
    assert said == [TOO_OLD_EN]


# --------------------------------------------------------------------------------------- the rule alone

NOON = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("sent", "opened", "now", "fresh"),
    [
        (NOON, NOON, NOON + timedelta(hours=1), True),
        (NOON - SENT_SLACK, NOON, NOON, True),  # a whole-second send time, a moment before 開枱 was handled
        (NOON - SENT_SLACK - timedelta(seconds=1), NOON, NOON, False),
        (NOON - timedelta(hours=20), NOON, NOON, False),
        (NOON - EDIT_WINDOW, None, NOON, True),
        (NOON - EDIT_WINDOW - timedelta(seconds=1), None, NOON, False),
        (None, NOON, NOON, False),
        (None, None, NOON, False),
    ],
)
def test_sent_for_now(sent, opened, now, fresh):
    assert sent_for_now(sent, opened, now) is fresh
