"""The outbox and per-chat isolation through the real adapter and the fake Bot API (issue 13, Build 2
and 3; Show: 429 with ``retry_after``, a flood of 300 commands in one group).

Every booked event's reply arrives, in order, whatever Telegram answers first (429, 502); a chat that
removed the bot costs nothing but a log line; one group's spent budget never delays another chat,
and its own pending replies are coalesced, never dropped; what was stored before a crash is handled
first after the restart.
"""

from __future__ import annotations

import asyncio
import os
import time

import pytest

from taipai.bot.service import Service
from taipai.bot.store import ChatRef, Store, sqlite_url
from taipai.bot.store.inbox import Inbox, Incoming
from taipai.bot.store.outbox import Booking, Outbox
from taipai.bot.telegram import TelegramBot

from .conftest import ANN, BOB, CAT, DANIEL, GROUP, Group
from .fakebotapi import FakeBotAPI

pytestmark = pytest.mark.asyncio

OTHER = -100456
PRIVATE = 777
SEATS = ((ANN, "東"), (BOB, "南"), (CAT, "西"), (DANIEL, "北"))


async def open_table(group: Group, chat_id: int = GROUP) -> None:
    """開枱 and every member takes their seat, each answered before the next."""
    g = Group(group.api, group.service, chat_id)
    await g.say(ANN, "開枱 Ann Bob Cat Dan")
    for user, seat in SEATS:
        await g.say(user, f"坐 {seat}")


async def test_429_with_retry_after_delays_the_replies_and_loses_none(group: Group):
    api = group.api
    await open_table(group)
    api.refuse_sends, api.retry_after = 3, 1
    hands = [
        (BOB, "Bob 食 Ann 8番"),
        (CAT, "Cat 食 Bob 9番"),
        (DANIEL, "Dan 自摸 10番"),
        (ANN, "Ann 食 Cat 11番"),
    ]
    before = group.count()
    posted = [(await api.send_text(GROUP, user, text))["message"]["message_id"] for user, text in hands]
    await api.wait_for(lambda _c: group.count() >= before + 4, timeout=30)
    replies = api.sent(GROUP)[before:]
    assert [r.params["reply_parameters"]["message_id"] for r in replies] == posted  # in order
    firsts = [r.params["text"].splitlines()[0] for r in replies]
    assert [line.split()[0] for line in firsts] == ["Bob", "Cat", "Dan", "Ann"]
    assert [int("".join(ch for ch in line if ch.isdigit())) for line in firsts] == [8, 9, 10, 11]
    assert len(api.refused) == 3 and api.refused[0].params["text"] == replies[0].params["text"]
    # every event booked once, and nothing left to send
    session = await group.service.store.open_session(group.chat)
    assert session is not None
    assert [e.kind for e in await group.service.store.events(session.id)][1:] == [
        "win_by_discard",
        "win_by_discard",
        "self_draw",
        "win_by_discard",
    ]
    async with asyncio.timeout(5):  # the sent marks are committed just after the fake answered
        while await Outbox(group.service.store).pending("telegram", str(GROUP)):
            await asyncio.sleep(0.02)


async def test_a_bad_gateway_is_retried_and_a_kicked_bot_gives_up_with_a_log_line(group: Group, caplog):
    api = group.api
    api.bad_gateway_sends = 2
    (reply,) = await group.say(ANN, "/help")
    assert reply.params["text"] == api.refused[0].params["text"] and len(api.refused) == 2
    api.forbidden_chats.add(OTHER)
    await api.send_text(OTHER, ANN, "/help")
    await api.wait_for(lambda _c: len(api.refused) == 3)
    (after,) = await group.say(ANN, "/help")  # the group goes on
    assert after.params["text"] == reply.params["text"]
    counts = await Outbox(group.service.store).counts("telegram")
    for _ in range(100):  # the marks are committed just after the fake server answered
        if counts == {"sent": 2, "failed": 1}:
            break
        await asyncio.sleep(0.05)
        counts = await Outbox(group.service.store).counts("telegram")
    assert counts == {"sent": 2, "failed": 1}
    assert any("refused a reply for good" in r.getMessage() for r in caplog.records)


async def test_a_flood_in_one_group_does_not_delay_other_chats_and_is_coalesced(group: Group):
    api = group.api
    flood = [await api.send_text(GROUP, BOB, "/chains") for _ in range(300)]
    t0 = time.perf_counter()
    await api.send_text(OTHER, ANN, "/help")
    await api.send_text(PRIVATE, ANN, "/help")
    await api.wait_for(lambda _c: api.sent(OTHER) and api.sent(PRIVATE), timeout=10)
    waited = max(api.sent(OTHER)[0].at, api.sent(PRIVATE)[0].at) - t0
    assert waited < 2.0, f"another chat waited {waited:.2f} s behind the flood"
    # The flooded group: its budget (20) goes out at once, then what is pending is joined into one
    # message (cut at 4,096 characters) that carries every pending reply, none dropped.
    await api.wait_for(lambda _c: len(api.sent(GROUP)) >= 21, timeout=15)
    first = api.sent(GROUP)
    assert [c.params["reply_parameters"]["message_id"] for c in first[:20]] == [
        u["message"]["message_id"] for u in flood[:20]
    ]
    joined = first[20].params
    assert "reply_parameters" not in joined and len(joined["text"]) > 2000
    one = first[0].params["text"]
    assert joined["text"].count(one) >= 2
    rows = await Outbox(group.service.store).pending("telegram", str(GROUP), limit=1000)
    async with asyncio.timeout(15):
        while len(rows) >= 280:  # marked sent together once their joined message went out
            await asyncio.sleep(0.05)
            rows = await Outbox(group.service.store).pending("telegram", str(GROUP), limit=1000)
    assert len(rows) < 280


async def test_what_was_stored_before_a_crash_is_handled_first_after_the_restart(tmp_path):
    dead = f"{os.uname().nodename}:{2**22 + 4321}:crashed"  # a process of this host that is gone
    async with FakeBotAPI() as api:
        store = await Store.open(sqlite_url(tmp_path / "restart.db"))
        try:
            # the crashed process had stored three updates (and holds the chat's lease) ...
            stored = [api.text_update(GROUP, ANN, t) for t in ("/help", "開枱 Ann Bob Cat Dan", "/chains")]
            old = Inbox(store, "telegram", owner=dead)
            await old.put([Incoming(str(u["update_id"]), str(GROUP), u) for u in stored])
            # ... and handled one more before them, whose reply was not sent yet
            (done,), _ = await old.put([Incoming("0", str(OTHER), {"update_id": 0})])
            await Outbox(store).finish(Booking("telegram", str(OTHER), done.id), [{"text": "left over"}])
            bot = TelegramBot(Service(store, locale="en"), api.token, base_url=api.base_url, poll_timeout=1)
            await bot.start()
            try:
                later = await api.send_text(GROUP, ANN, "計數")
                await api.wait_for(lambda _c: len(api.sent(GROUP)) >= 4 and api.sent(OTHER), timeout=15)
            finally:
                await api.release()
                await bot.stop()
            quoted = api.quoted(GROUP)
            assert quoted == [u["message"]["message_id"] for u in stored] + [later["message"]["message_id"]]
            assert [c.params["text"] for c in api.sent(OTHER)] == ["left over"]
            assert await Inbox(store, "telegram").counts() == {"done": 5}
            assert await Inbox(store, "telegram").lease_owner(str(GROUP)) is None  # released at stop
            chat = ChatRef("telegram", str(GROUP))
            session = await store.open_session(chat)
            assert session is not None and [e.kind for e in await store.events(session.id)] == [
                "table_opened"
            ]
        finally:
            await store.close()


async def test_talk_is_marked_done_with_the_chat_s_next_write_or_soon_after(group: Group, monkeypatch):
    from sqlalchemy import select

    import taipai.bot.delivery as delivery
    from taipai.bot.store.schema import inbox

    api, store = group.api, group.service.store
    monkeypatch.setattr(delivery, "DONE_DELAY", 1.0)  # the 開枱 comes first: its write takes it
    await api.send_text(GROUP, ANN, "hello everyone")
    (opened,) = await group.say(ANN, "開枱 Ann Bob Cat Dan")
    assert opened.params["reply_parameters"]["message_id"] == group.last_message_id
    async with store.engine.connect() as conn:
        rows = (await conn.execute(select(inbox.c.status, inbox.c.done_at).order_by(inbox.c.id))).all()
    # the talk's done mark went in the 開枱's own transaction (one timestamp): after a crash the
    # talk is never handled again behind a table it came before
    assert [r.status for r in rows] == ["done", "done"] and rows[0].done_at == rows[1].done_at
    await api.send_text(GROUP, BOB, "nice hand")  # nothing after it: the batch of marks takes it
    for _ in range(200):
        if await Inbox(store, "telegram").counts() == {"done": 3}:
            break
        await asyncio.sleep(0.02)
    assert await Inbox(store, "telegram").counts() == {"done": 3}
    assert len(api.sent(GROUP)) == 1  # talk gets no reply


async def test_429_on_getupdates_is_waited_out_and_polling_goes_on(group: Group):
    api = group.api
    api.refuse_polls, api.retry_after = 2, 1
    (reply,) = await group.say(ANN, "/help")  # polled once Telegram lets the bot poll again
    assert reply.params["reply_parameters"]["message_id"] == group.last_message_id
    assert [c.method for c in api.refused] == ["getUpdates", "getUpdates"]
    (again,) = await group.say(ANN, "/help")
    assert again.params["text"] == reply.params["text"]
