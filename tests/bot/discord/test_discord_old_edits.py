"""Discord: an edited message is read as new only when it was sent for tonight's table (issue 15,
money).  A message's id says when it was sent (its ``created_at``, :func:`discord.utils.snowflake_time`):
last night's message edited into a hand books nothing; a hint line of tonight edited is booked once.

Amounts by hand (港式台牌, 底 5, dealer fan 1): B 食 A 12番 with A dealing is 12 + 5 + 1 = 18.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import discord
import pytest

from taipai.bot.service import Service
from taipai.bot.store import ChatRef
from tests.bot.discord.harness import CHANNEL_ID, DiscordHarness, Person

pytestmark = [pytest.mark.asyncio, pytest.mark.both_databases]

A = Person(1001, "A", admin=True)
B = Person(1002, "B")
CHAT = ChatRef("discord", str(CHANNEL_ID))

FIRST = "B 食 A：12番\n  A → B：18（12番 + 底 5 + 莊 1）\n拉一：A 欠 B 18\n下一鋪：B 做莊；東圈，第2鋪。"
HINT = "B 食 A：幾多番？寫數目或者手牌，例如 B 食 A 12番。"
BEFORE_TABLE_ZH = "開枱之前嘅訊息改咗我唔會睇，乜都冇記到。請重新打過。"


def posted(calls) -> list[tuple[str | None, int | None]]:
    """``(content, the message id it replies to)`` of every channel message Discord accepted."""
    return [
        (c.content, (c.body.get("message_reference") or {}).get("message_id"))
        for c in calls
        if c.kind == "message" and c.status == 200
    ]


def sent_at(when: datetime) -> int:
    """A message id Discord would give a message sent at ``when``."""
    return discord.utils.time_snowflake(when)


async def kinds(service: Service) -> list[str]:
    session = await service.store.open_session(CHAT)
    assert session is not None
    return [e.kind for e in await service.store.events(session.id)]


async def test_last_nights_message_edited_into_a_hand_books_nothing(store, monkeypatch):
    service = Service(store)
    async with DiscordHarness(service, monkeypatch) as h:
        await h.say(A, "開枱 A B C D")
        now = sent_at(datetime.now(UTC))
        assert posted(await h.say(B, "B 食 A 12番", message_id=now)) == [(FIRST, now)]
        before = await kinds(service)
        old = sent_at(datetime.now(UTC) - timedelta(hours=20))
        assert posted(await h.edit(B, old, "B 食 A 55番")) == [(BEFORE_TABLE_ZH, old)]
        assert await kinds(service) == before == ["table_opened", "win_by_discard"]
        session = await service.store.open_session(CHAT)
        _seq, state = await service.state_of(session)
        assert [(c.debtor, c.creditor, c.amount) for c in state.chains] == [("A", "B", 18)]


async def test_tonights_hint_line_edited_into_a_hand_is_booked(store, monkeypatch):
    service = Service(store)
    async with DiscordHarness(service, monkeypatch) as h:
        await h.say(A, "開枱 A B C D")
        tonight = sent_at(datetime.now(UTC) + timedelta(seconds=1))
        assert posted(await h.say(B, "B 食 A", message_id=tonight)) == [(HINT, tonight)]
        assert posted(await h.edit(B, tonight, "B 食 A 12番")) == [(FIRST, tonight)]
        assert await kinds(service) == ["table_opened", "win_by_discard"]
