"""The inbox, the outbox and the chat leases (issue 13, Build 1 and 2), on SQLite and PostgreSQL.

An update is stored once however often it is delivered; a booked event's replies and its inbox row's
done mark are written in the event's own transaction (both or neither); a lease is held by one
process at a time, renewed, released, taken over when it expires or its holder is dead.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import inspect, select

from taipai.bot.service import Service
from taipai.bot.store import ChatRef, Store
from taipai.bot.store.inbox import Inbox, Incoming, owner_is_dead
from taipai.bot.store.outbox import BOOKING, Booking, InboxRowDone, OlderPending, Outbox
from taipai.bot.store.schema import inbox, metadata, outbox

both = pytest.mark.both_databases
pytestmark = pytest.mark.asyncio
CHAT = ChatRef("telegram", "-100")


def update(n: int, chat: str = "-100", text: str = "hi") -> Incoming:
    return Incoming(str(n), chat, {"update_id": n, "message": {"text": text, "chat": {"id": int(chat)}}})


def as_payloads(replies) -> list[dict]:
    return [{"text": r.text} for r in replies]


class Clock:
    """A settable store clock (leases expire by the store's clock)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, 8, 0, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@both
async def test_the_new_tables_match_the_metadata(store: Store):
    async with store.engine.connect() as conn:
        cols = await conn.run_sync(
            lambda c: {
                t: [col["name"] for col in inspect(c).get_columns(t)]
                for t in ("inbox", "outbox", "chat_leases")
            }
        )
    for table, names in cols.items():
        assert names == [c.name for c in metadata.tables[table].columns]


@both
async def test_an_update_delivered_twice_is_stored_once(store: Store):
    box = Inbox(store, "telegram")
    new, claimed = await box.put([update(1), update(2), update(1)])
    assert [r.update_key for r in new] == ["1", "2"] and claimed == {"-100"}
    again, _ = await box.put([update(2), update(3, "-200")])
    assert [r.update_key for r in again] == ["3"]
    assert [r.update_key for r in await box.pending("-100")] == ["1", "2"]
    assert [r.payload["update_id"] for r in await box.pending("-100", after_id=new[0].id)] == [2]
    # another platform's update 1 is another update
    other, _ = await Inbox(store, "discord").put([update(1)])
    assert len(other) == 1
    assert await box.counts() == {"pending": 3}


@both
async def test_a_booked_event_writes_its_replies_and_the_done_mark_in_its_transaction(store: Store):
    service = Service(store, locale="en")
    box, out = Inbox(store, "telegram"), Outbox(store)
    (row,), _ = await box.put([update(1)])
    booking = Booking("telegram", CHAT.chat_id, row.id, items=as_payloads)
    token = BOOKING.set(booking)
    try:
        replies = await service.handle(CHAT, "A", "開枱 A B C D", "-100:1")
    finally:
        BOOKING.reset(token)
    assert booking.stored
    pending = await out.pending("telegram", CHAT.chat_id)
    assert [p.payload["text"] for p in pending] == [r.text for r in replies]
    assert pending[0].inbox_id == row.id
    assert await box.pending(CHAT.chat_id) == []
    # the same row handled again (another worker) books nothing and writes nothing
    again = Booking("telegram", CHAT.chat_id, row.id, items=as_payloads)
    token = BOOKING.set(again)
    try:
        with pytest.raises(InboxRowDone):
            await service.handle(CHAT, "B", "B 食 A 8番", "-100:2")
    finally:
        BOOKING.reset(token)
    session = await store.open_session(CHAT)
    assert session is not None and await store.last_seq(session.id) == 1
    assert len(await out.pending("telegram", CHAT.chat_id)) == 1


@both
async def test_replies_that_book_nothing_are_stored_with_the_done_mark(store: Store):
    box, out = Inbox(store, "telegram"), Outbox(store)
    (row,), _ = await box.put([update(1, text="/help")])
    booking = Booking("telegram", CHAT.chat_id, row.id)
    await out.finish(booking, [{"text": "help"}])
    assert booking.stored and await box.pending(CHAT.chat_id) == []
    with pytest.raises(InboxRowDone):
        await out.finish(Booking("telegram", CHAT.chat_id, row.id), [{"text": "again"}])
    rows = await out.pending("telegram", CHAT.chat_id)
    assert [r.payload for r in rows] == [{"text": "help"}]
    await out.mark_sent([rows[0].id], "77")
    assert await out.pending("telegram", CHAT.chat_id) == []
    async with store.engine.connect() as conn:
        sent = (await conn.execute(select(outbox.c.status, outbox.c.message_id))).all()
        done = (await conn.execute(select(inbox.c.status))).scalars().all()
    assert [tuple(r) for r in sent] == [("sent", "77")] and done == ["done"]


@both
async def test_without_a_booking_the_service_stores_no_replies(store: Store):
    service = Service(store, locale="en")
    await service.handle(CHAT, "A", "開枱 A B C D", "-100:1")
    assert await Outbox(store).pending("telegram", CHAT.chat_id) == []


@both
async def test_a_lease_is_one_process_s_until_it_expires_or_is_released(db_url):
    clock = Clock()
    store = await Store.open(db_url, clock=clock)
    try:
        a = Inbox(store, "telegram", owner="host-a:1:aa", lease=10)
        b = Inbox(store, "telegram", owner="host-b:2:bb", lease=10)
        _, got_a = await a.put([update(1)])
        _, got_b = await b.put([update(2)])
        assert got_a == {"-100"} and got_b == set()  # b stored its update, a drains the chat
        assert [r.update_key for r in await b.pending("-100")] == ["1", "2"]
        chats, owners = await b.waiting_chats()
        assert chats == {"-100"} and owners == {"-100": "host-a:1:aa"}
        clock.now += timedelta(seconds=8)
        await a.renew()  # a is alive: until now + 10
        clock.now += timedelta(seconds=8)
        assert await b.claim(["-100"]) == set()
        clock.now += timedelta(seconds=3)  # a stopped renewing: expired
        assert await a.lease_owner("-100") is None
        assert await b.claim(["-100"]) == {"-100"}
        assert await a.claim(["-100"]) == set()
        clock.now += timedelta(seconds=1)
        await b.renew(release=["-100"])  # idle: given up
        assert await a.claim(["-100"]) == {"-100"}
        # a lease claimed again after the renew began (a newer expiry) is kept
        await a.renew(release=["-100"])
        assert await a.lease_owner("-100") == "host-a:1:aa"
        clock.now += timedelta(seconds=1)
        await a.renew(release=["-100"])
        assert await a.lease_owner("-100") is None
        assert await a.claim(["-100"]) == {"-100"}
        await a.release_all()
        assert await b.lease_owner("-100") is None
    finally:
        await store.close()


@both
async def test_the_lease_of_a_dead_process_of_this_host_is_taken_over_at_once(store: Store):
    host = os.uname().nodename
    dead = f"{host}:{2**22 + 12345}:dead"  # above the kernel's pid range: no such process
    assert owner_is_dead(dead, "me")
    assert not owner_is_dead(f"{host}:{os.getpid()}:me", f"{host}:{os.getpid()}:me")
    assert owner_is_dead(f"{host}:{os.getpid()}:before", f"{host}:{os.getpid()}:me")  # a restarted pid 1
    assert not owner_is_dead(f"{host}:1:x", "me")  # init runs
    assert not owner_is_dead("another-host:123:x", "me")
    old = Inbox(store, "telegram", owner=dead)
    await old.put([update(1)])
    now = Inbox(store, "telegram")
    assert await now.claim(["-100"]) == set()
    assert await now.claim(["-100"], steal_from=[dead]) == {"-100"}


@both
async def test_a_row_is_not_handled_before_an_older_pending_row_of_its_chat(store: Store):
    """Another worker stored update 1 of the chat, this one update 2: booking 2 first is refused
    (nothing written), so a chat's hands are booked in the order they arrived."""
    service = Service(store, locale="en")
    other, mine = Inbox(store, "telegram", owner="host-b:2:bb"), Inbox(store, "telegram")
    (first,), _ = await other.put([update(1, text="開枱 A B C D")])
    (second,), _ = await mine.put([update(2, text="/help")])
    assert await mine.older_pending(CHAT.chat_id, second.id)
    with pytest.raises(OlderPending):
        await Outbox(store).finish(Booking("telegram", CHAT.chat_id, second.id), [{"text": "help"}])
    booking = Booking("telegram", CHAT.chat_id, second.id, items=as_payloads)
    token = BOOKING.set(booking)
    try:
        with pytest.raises(OlderPending):
            await service.handle(CHAT, "A", "開枱 A B C D", "-100:2")
    finally:
        BOOKING.reset(token)
    assert await store.open_session(CHAT) is None
    assert [r.update_key for r in await mine.pending(CHAT.chat_id)] == ["1", "2"]
    # the older row first, then the younger one goes through
    await Outbox(store).finish(Booking("telegram", CHAT.chat_id, first.id), [])
    await Outbox(store).finish(Booking("telegram", CHAT.chat_id, second.id), [{"text": "help"}])
    assert await mine.counts() == {"done": 2}


@both
async def test_handled_updates_and_posted_replies_are_pruned_after_the_retention(db_url):
    clock = Clock()
    store = await Store.open(db_url, clock=clock)
    try:
        box, out = Inbox(store, "telegram"), Outbox(store)
        rows, _ = await box.put([update(1), update(2), update(3)])
        await out.finish(Booking("telegram", "-100", rows[0].id), [{"text": "sent"}])
        await out.finish(Booking("telegram", "-100", rows[1].id), [{"text": "still pending"}])
        (sent,) = [r for r in await out.pending("telegram", "-100") if r.payload["text"] == "sent"]
        await out.mark_sent([sent.id], "9")
        await out.finish(Booking("telegram", "-100", rows[2].id), [])  # talk: no reply
        clock.now += timedelta(days=3)
        await box.put([update(4)])  # recent, pending
        assert await box.prune(clock.now - timedelta(days=2)) == 2  # updates 1 (reply sent) and 3
        # kept: update 2 (its reply is still pending) and update 4
        assert await box.counts() == {"done": 1, "pending": 1}
        assert [r.payload["text"] for r in await out.pending("telegram", "-100")] == ["still pending"]
        assert await out.counts("telegram") == {"pending": 1}
        # a redelivery of a pruned update is stored again: the event's own key still books it once
        again, _ = await box.put([update(1)])
        assert len(again) == 1
    finally:
        await store.close()
