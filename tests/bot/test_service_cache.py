"""The service's per-session state cache: checked against the database on every message (the chat
view's last ``seq``), so a second writer (another worker) is never missed, and a hand message on a
current cache costs one read and one write statement."""

from __future__ import annotations

import pytest
from sqlalchemy import event

from taipai.bot.service import Service
from taipai.bot.service.identity import Member
from taipai.bot.store import ChatRef, Store
from taipai.core.table import state_to_dict

CHAT = ChatRef("telegram", "-100555")


@pytest.mark.asyncio
async def test_a_hand_message_on_a_current_cache_is_one_read_and_one_write(store: Store):
    service = Service(store, locale="en")
    ann = Member("1", "A")
    assert await service.handle(CHAT, "A", "開枱 A B C D", "m1", member=ann)
    assert await service.handle(CHAT, "A", "A 食 B 8番", "m2", member=ann)
    said: list[str] = []

    def note(_conn, _cursor, statement, *_rest) -> None:
        said.append(" ".join(statement.split()[:3]))

    event.listen(store.sync_engine, "before_cursor_execute", note)
    try:
        replies = await service.handle(CHAT, "A", "A 食 C 10番", "m3", member=ann)
    finally:
        event.remove(store.sync_engine, "before_cursor_execute", note)
    assert replies and "A" in replies[0].text
    assert said == ["SELECT sessions.id, sessions.platform,", "INSERT INTO events"]
    assert await store.last_seq((await store.open_session(CHAT)).id) == 3


@pytest.mark.both_databases
@pytest.mark.asyncio
async def test_a_cached_state_follows_what_another_worker_booked(db_url: str):
    one, two = await Store.open(db_url), await Store.open(db_url)
    try:
        a, b = Service(one, locale="en"), Service(two, locale="en")
        assert await a.handle(CHAT, "A", "開枱 A B C D", "m1")
        assert await a.handle(CHAT, "B", "B 食 A 12番", "m2")  # a caches the state at seq 2
        assert await b.handle(CHAT, "C", "C 自摸 10番", "m3")  # booked by the other worker
        assert await b.handle(CHAT, "C", "C 自摸 10番", "m3") == []  # redelivered there: ignored
        assert await a.handle(CHAT, "C", "C 自摸 10番", "m3") == []  # ...and here
        assert await a.handle(CHAT, "D", "流局", "m4")  # seq 4 on top of b's event, no conflict
        session = await one.open_session(CHAT)
        rows = await one.events(session.id)
        assert [(r.seq, r.source_message_id) for r in rows] == [(1, "m1"), (2, "m2"), (3, "m3"), (4, "m4")]
        _seq, cached = await a.state_of(session)
        _seq, replayed = await Service(two, locale="en").state_of(session)
        assert _seq == 4
        assert state_to_dict(cached) == state_to_dict(replayed)
        assert (await a.handle(CHAT, "A", "計數"))[0].text == (await b.handle(CHAT, "A", "計數"))[0].text
    finally:
        await one.close()
        await two.close()
