"""``/history`` longer than one Telegram message, through the real adapter and the fake Bot API.

Issue 13 item 7: after ~20 self-draws the reply was longer than Telegram's 4,096 characters, the Bot
API refused it, and the chat got no reply at all.
"""

from __future__ import annotations

import re

import pytest

from taipai.bot.service.split import utf16_len

from .conftest import ANN, BOB, buttons, labels

pytestmark = pytest.mark.asyncio


async def test_a_long_history_arrives_in_pages_with_a_more_button(group):
    await group.say(ANN, "開枱 Ann Bob Cat Dan")
    await group.say(BOB, "坐 南")  # a seat is held by user id before its player books
    for i in range(45):
        await group.say(BOB, f"Bob 自摸 {3 + i % 6}番")
    (page,) = await group.say(ANN, "/history")
    text = page.params["text"]
    assert utf16_len(text) <= 4096
    first, last = (int(n) for n in re.findall(r"#(\d+)", text.splitlines()[0]))
    assert last == 46  # the latest event (#1 is the 開枱)
    session = await group.service.store.open_session(group.chat)
    assert session is not None
    assert buttons(page) == [f"hist:{session.id}:{first}"]
    assert labels(page) == [["更多（之前嘅）"]]  # the group's language, though Ann's phone is English
    _answer, (older,) = await group.press(BOB, page, f"hist:{session.id}:{first}")
    older_text = older.params["text"]
    assert utf16_len(older_text) <= 4096
    head = [int(n) for n in re.findall(r"#(\d+)", older_text.splitlines()[0])]
    assert head[1] == first - 1  # the next page ends just before this one began
