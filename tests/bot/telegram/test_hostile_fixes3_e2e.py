"""A hostile tester's Telegram findings (issue 15), end to end on the fake Bot API: a photo's caption is
read as its text, and every callback query is answered, whatever its data."""

from __future__ import annotations

import time

import pytest

from .conftest import ANN, BOB, GROUP, Group

pytestmark = pytest.mark.asyncio


def text(call) -> str:
    return call.params["text"]


async def test_a_photo_captioned_with_a_hand_books_it(group: Group) -> None:
    await group.say(ANN, "開枱 Ann Bob Cat Dan")
    await group.say(BOB, "坐 南")
    api = group.api
    before = group.count()
    photo = [{"file_id": "p", "file_unique_id": "pu", "width": 1, "height": 1}]
    message_id = api.message_id(GROUP)
    await api.push(
        {
            "message": {
                "message_id": message_id,
                "date": int(time.time()),
                "chat": api.chat(GROUP),
                "from": BOB,
                "caption": "Bob 食 Ann 7番",
                "photo": photo,
            }
        }
    )
    await api.wait_for(lambda _c: group.count() > before)
    (reply,) = api.sent(GROUP)[before:]
    # 7番 + 底 5 + the dealer Ann's 1 = 13, owed on a 拉 chain
    assert text(reply).splitlines()[:2] == ["Bob 食 Ann：7番", "  Ann → Bob：13（7番 + 底 5 + 莊 1）"]
    assert reply.params["reply_parameters"]["message_id"] == message_id
    assert await group.balances() == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 0}  # on the chain, not paid
    session = await group.service.store.latest_session(group.chat)
    assert session is not None and await group.service.store.last_seq(session.id) == 2


async def test_every_callback_query_is_answered(group: Group) -> None:
    await group.say(ANN, "開枱 Ann Bob Cat Dan")
    api = group.api
    now = int(time.time())
    chat = api.chat(GROUP)
    forged = [
        {"id": "x1", "from": BOB, "chat_instance": "1", "inline_message_id": "abc", "data": "undo:1:1"},
        {
            "id": "x2",
            "from": BOB,
            "chat_instance": "1",
            "message": {"message_id": 999, "date": now, "chat": chat},
        },
        {
            "id": "x3",
            "from": BOB,
            "chat_instance": "1",
            "message": {"message_id": 1, "date": 0, "chat": chat},
            "data": "rec:n",
        },
    ]
    for q in forged:
        await api.push({"callback_query": q})

    def answered() -> dict[str, dict]:
        return {c.params["callback_query_id"]: c.params for c in api.sent(None, "answerCallbackQuery")}

    await api.wait_for(lambda _c: {"x1", "x2", "x3"} <= set(answered()))
    got = answered()
    assert "text" not in got["x1"] and "text" not in got["x2"]  # nothing to say: an empty answer
    session = await group.service.store.latest_session(group.chat)
    assert session is not None and await group.service.store.last_seq(session.id) == 1  # nothing booked
