"""The event store: migrations, WAL, one open session per chat, a message booked once."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

import pytest
from sqlalchemy import inspect
from sqlalchemy.exc import IntegrityError

from taipai.bot.store import (
    ChatRef,
    DuplicateMessage,
    SeqConflict,
    SessionAlreadyOpen,
    SessionNotOpen,
    Store,
    migrate,
    sqlite_url,
)
from taipai.bot.store.schema import metadata

CHAT = ChatRef("telegram", "-100123")
OPENED = {"type": "TableOpened", "players": ["A", "B", "C", "D"]}


def fixed_clock() -> datetime:
    return datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


async def _store(tmp_path, **kw) -> Store:
    return await Store.open(sqlite_url(tmp_path / "t.db"), **kw)


@pytest.mark.asyncio
async def test_migrations_create_the_tables_and_match_the_metadata(tmp_path):
    store = await _store(tmp_path)
    try:
        assert await migrate.current_revision(store.engine) == migrate.head_revision() == migrate.HEAD
        async with store.engine.connect() as conn:
            names = await conn.run_sync(lambda c: set(inspect(c).get_table_names()))
            cols = await conn.run_sync(
                lambda c: {
                    t: [col["name"] for col in inspect(c).get_columns(t)] for t in ("sessions", "events")
                }
            )
        assert {"sessions", "events", "alembic_version"} <= names
        for table in ("sessions", "events"):
            assert cols[table] == [c.name for c in metadata.tables[table].columns]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_upgrade_is_idempotent_and_keeps_data(tmp_path):
    store = await _store(tmp_path)
    await store.create_session(CHAT, creator="A", kind="TableOpened", payload=OPENED)
    await store.close()
    store = await _store(tmp_path)  # migrates again at start-up
    try:
        assert (await store.open_session(CHAT)) is not None
        assert [e.seq for e in await store.events((await store.open_session(CHAT)).id)] == [1]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_wal_mode_is_on(tmp_path):
    store = await _store(tmp_path)
    try:
        assert await store.journal_mode() == "wal"
    finally:
        await store.close()
    # It is persistent in the file, so a plain sqlite3 connection sees it too.
    with sqlite3.connect(tmp_path / "t.db") as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


@pytest.mark.asyncio
async def test_a_message_delivered_twice_is_booked_once(tmp_path):
    store = await _store(tmp_path, clock=fixed_clock)
    try:
        s, first = await store.create_session(
            CHAT, creator="A", kind="TableOpened", payload=OPENED, source_message_id="m1"
        )
        assert first.seq == 1 and first.created_at == fixed_clock()
        ev = await store.append_event(
            s, 2, speaker="B", kind="Draw", payload={"type": "Draw"}, source_message_id="m2"
        )
        assert ev.payload == {"type": "Draw"}
        with pytest.raises(DuplicateMessage):
            await store.append_event(
                s, 3, speaker="B", kind="Draw", payload={"type": "Draw"}, source_message_id="m2"
            )
        with pytest.raises(DuplicateMessage):
            await store.create_session(
                CHAT, creator="A", kind="TableOpened", payload=OPENED, source_message_id="m1"
            )
        assert [e.seq for e in await store.events(s.id)] == [1, 2]
        assert await store.is_booked(CHAT, "m2")
        # The same message id in another chat is a different message.
        other = ChatRef("telegram", "-999")
        await store.create_session(
            other, creator="A", kind="TableOpened", payload=OPENED, source_message_id="m2"
        )
        # Terminal lines have no id and never collide.
        await store.append_event(s, 3, speaker="B", kind="Draw", payload={"type": "Draw"})
        await store.append_event(s, 4, speaker="B", kind="Draw", payload={"type": "Draw"})
        assert await store.last_seq(s.id) == 4
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_the_database_itself_refuses_a_duplicate_source_id(tmp_path):
    store = await _store(tmp_path)
    try:
        s, _ = await store.create_session(CHAT, creator="A", kind="TableOpened", payload=OPENED)
        await store.append_event(s, 2, speaker="B", kind="Draw", payload={}, source_message_id="x")
        # Bypass the store's pre-check: the unique key alone must refuse the row.
        with pytest.raises(IntegrityError):
            async with store.engine.begin() as conn:
                await conn.exec_driver_sql(
                    "INSERT INTO events (session_id, seq, platform, chat_id, source_message_id, speaker,"
                    " kind, payload, created_at) VALUES (?, 3, ?, ?, 'x', 'B', 'Draw', '{}', '2026-01-01')",
                    (s.id, CHAT.platform, CHAT.chat_id),
                )
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_one_open_session_per_chat_is_enforced_by_the_database(tmp_path):
    store = await _store(tmp_path)
    try:
        s, _ = await store.create_session(CHAT, creator="A", kind="TableOpened", payload=OPENED)
        with pytest.raises(SessionAlreadyOpen):
            await store.create_session(CHAT, creator="B", kind="TableOpened", payload=OPENED)
        # Raw SQL, no store logic: the partial unique index refuses a second open row ...
        with pytest.raises(IntegrityError):
            async with store.engine.begin() as conn:
                await conn.exec_driver_sql(
                    "INSERT INTO sessions (platform, chat_id, status, created_at, creator)"
                    " VALUES (?, ?, 'open', '2026-01-01', 'X')",
                    (CHAT.platform, CHAT.chat_id),
                )
        # ... but not any number of ended ones.
        async with store.engine.begin() as conn:
            for _ in range(2):
                await conn.exec_driver_sql(
                    "INSERT INTO sessions (platform, chat_id, status, created_at, creator)"
                    " VALUES (?, ?, 'ended', '2026-01-01', 'X')",
                    (CHAT.platform, CHAT.chat_id),
                )
        # Ending the session (in the event's transaction) frees the chat for a new one.
        await store.append_event(s, 2, speaker="A", kind="SessionEnded", payload={}, end_session=True)
        assert await store.open_session(CHAT) is None
        with pytest.raises(SessionNotOpen):
            await store.append_event(s, 3, speaker="A", kind="Draw", payload={})
        s2, _ = await store.create_session(CHAT, creator="B", kind="TableOpened", payload=OPENED)
        assert s2.id != s.id and (await store.open_session(CHAT)).id == s2.id
        assert (await store.latest_session(CHAT)).id == s2.id
        assert (await store.session(s.id)).status == "ended"
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_second_writer_of_the_same_seq_gets_seq_conflict(tmp_path):
    store = await _store(tmp_path)
    try:
        s, _ = await store.create_session(CHAT, creator="A", kind="TableOpened", payload=OPENED)
        await store.append_event(s, 2, speaker="B", kind="Draw", payload={})
        with pytest.raises(SeqConflict):
            await store.append_event(s, 2, speaker="C", kind="Draw", payload={})
        assert [e.speaker for e in await store.events(s.id)] == ["A", "B"]
        assert [e.seq for e in await store.events(s.id, after_seq=1)] == [2]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_default_url_creates_the_parent_directory(tmp_path):
    store = await Store.open(sqlite_url(tmp_path / "deep" / "er" / "x.db"))
    await store.close()
    assert (tmp_path / "deep" / "er" / "x.db").exists()


@pytest.mark.asyncio
async def test_source_text_and_detail_are_kept_beside_the_payload(tmp_path):
    store = await _store(tmp_path)
    try:
        s, _ = await store.create_session(
            CHAT, creator="A", kind="TableOpened", payload=OPENED, source_text="開枱 A B C D"
        )
        await store.append_event(
            s,
            2,
            speaker="B",
            kind="win",
            payload={"fan": 12},
            source_text="B 食 A 12番",
            detail={"total": 17},
        )
        evs = await store.events(s.id)
        assert [(e.source_text, e.detail) for e in evs] == [
            ("開枱 A B C D", None),
            ("B 食 A 12番", {"total": 17}),
        ]
        assert evs[1].payload == {"fan": 12} and evs[1].created_at.tzinfo is UTC
    finally:
        await store.close()
