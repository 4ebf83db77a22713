"""The event store: migrations, WAL, one open session per chat, a message booked once.

Tests taking ``db_url`` run on SQLite and on PostgreSQL (``both_databases``, see ``conftest.py``).
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

import pytest
from sqlalchemy import inspect, text
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
KEY_OF_CHAT = -8640363989016969947  # chat_lock_key(CHAT)


def fixed_clock() -> datetime:
    return datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


both = pytest.mark.both_databases


async def _store(db_url: str, **kw) -> Store:
    return await Store.open(db_url, **kw)


@both
@pytest.mark.asyncio
async def test_migrations_create_the_tables_and_match_the_metadata(db_url):
    store = await _store(db_url)
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


@both
@pytest.mark.asyncio
async def test_upgrade_is_idempotent_and_keeps_data(db_url):
    store = await _store(db_url)
    await store.create_session(CHAT, creator="A", kind="TableOpened", payload=OPENED)
    await store.close()
    store = await _store(db_url)  # migrates again at start-up
    try:
        assert (await store.open_session(CHAT)) is not None
        assert [e.seq for e in await store.events((await store.open_session(CHAT)).id)] == [1]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_wal_mode_is_on(tmp_path):
    store = await _store(sqlite_url(tmp_path / "t.db"))
    try:
        assert await store.journal_mode() == "wal"
    finally:
        await store.close()
    # It is persistent in the file, so a plain sqlite3 connection sees it too.
    with sqlite3.connect(tmp_path / "t.db") as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


@both
@pytest.mark.asyncio
async def test_a_message_delivered_twice_is_booked_once(db_url):
    store = await _store(db_url, clock=fixed_clock)
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


@both
@pytest.mark.asyncio
async def test_the_database_itself_refuses_a_duplicate_source_id(db_url):
    store = await _store(db_url)
    try:
        s, _ = await store.create_session(CHAT, creator="A", kind="TableOpened", payload=OPENED)
        await store.append_event(s, 2, speaker="B", kind="Draw", payload={}, source_message_id="x")
        # Bypass the store's pre-check: the unique key alone must refuse the row.
        with pytest.raises(IntegrityError):
            async with store.engine.begin() as conn:
                await conn.execute(
                    text(
                        "INSERT INTO events (session_id, seq, platform, chat_id, source_message_id, speaker,"
                        " kind, payload, created_at)"
                        " VALUES (:s, 3, :p, :c, 'x', 'B', 'Draw', '{}', '2026-01-01')"
                    ),
                    {"s": s.id, "p": CHAT.platform, "c": CHAT.chat_id},
                )
    finally:
        await store.close()


@both
@pytest.mark.asyncio
async def test_one_open_session_per_chat_is_enforced_by_the_database(db_url):
    store = await _store(db_url)
    try:
        s, _ = await store.create_session(CHAT, creator="A", kind="TableOpened", payload=OPENED)
        with pytest.raises(SessionAlreadyOpen):
            await store.create_session(CHAT, creator="B", kind="TableOpened", payload=OPENED)
        # Raw SQL, no store logic: the partial unique index refuses a second open row ...
        with pytest.raises(IntegrityError):
            async with store.engine.begin() as conn:
                await conn.execute(
                    text(
                        "INSERT INTO sessions (platform, chat_id, status, created_at, creator)"
                        " VALUES (:p, :c, 'open', '2026-01-01', 'X')"
                    ),
                    {"p": CHAT.platform, "c": CHAT.chat_id},
                )
        # ... but not any number of ended ones.
        async with store.engine.begin() as conn:
            for _ in range(2):
                await conn.execute(
                    text(
                        "INSERT INTO sessions (platform, chat_id, status, created_at, creator)"
                        " VALUES (:p, :c, 'ended', '2026-01-01', 'X')"
                    ),
                    {"p": CHAT.platform, "c": CHAT.chat_id},
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


@both
@pytest.mark.asyncio
async def test_a_second_writer_of_the_same_seq_gets_seq_conflict(db_url):
    store = await _store(db_url)
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


@both
@pytest.mark.asyncio
async def test_source_text_and_detail_are_kept_beside_the_payload(db_url):
    store = await _store(db_url)
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


def test_the_chat_lock_key_is_a_stable_signed_64_bit_hash():
    """Every worker process must lock the same key for a chat: BLAKE2b, not Python's salted hash."""
    from taipai.bot.store import chat_lock_key

    assert chat_lock_key(CHAT) == KEY_OF_CHAT
    assert chat_lock_key(ChatRef("discord", "-100123")) != KEY_OF_CHAT
    assert -(2**63) <= chat_lock_key(ChatRef("telegram", "x" * 128)) < 2**63


@both
@pytest.mark.asyncio
async def test_two_engines_writing_one_chat_book_every_message_once(db_url):
    """Two stores (two connection pools, as two worker processes have) take the same messages at
    once, each message offered to both: every message is booked exactly once, seq has no gap."""
    import asyncio

    from taipai.bot.service import Service

    one, two = await _store(db_url), await _store(db_url)
    try:
        a, b = Service(one, locale="en"), Service(two, locale="en")
        await a.handle(CHAT, "A", "開枱 A B C D", "m0")
        for i in range(1, 13):
            text = f"{'ABCD'[i % 4]} 食 {'ABCD'[(i + 1) % 4]} {8 + i % 5}番"
            await asyncio.gather(a.handle(CHAT, "A", text, f"m{i}"), b.handle(CHAT, "A", text, f"m{i}"))
        session = await one.open_session(CHAT)
        rows = await two.events(session.id)
        assert [r.seq for r in rows] == list(range(1, 14))
        assert [r.source_message_id for r in rows] == [f"m{i}" for i in range(13)]
    finally:
        await one.close()
        await two.close()


@pytest.mark.asyncio
async def test_workers_starting_together_on_an_empty_postgresql_migrate_once():
    """Three stores open the same empty PostgreSQL database at once (workers starting together): the
    migration lock lets one migrate; the others find the schema at head, none fails."""
    import asyncio

    from .conftest import postgres_url, reset_postgres

    url = postgres_url()
    await reset_postgres(url)
    stores = await asyncio.gather(*(Store.open(url) for _ in range(3)))
    try:
        assert [await migrate.current_revision(s.engine) for s in stores] == [migrate.HEAD] * 3
        s, _ = await stores[0].create_session(CHAT, creator="A", kind="TableOpened", payload=OPENED)
        assert (await stores[2].open_session(CHAT)).id == s.id
    finally:
        for s in stores:
            await s.close()


@both
@pytest.mark.asyncio
async def test_the_chat_view_reads_booked_session_last_seq_and_seat_at_once(db_url):
    from taipai.bot.store.chats import ChatData

    store = await _store(db_url, clock=fixed_clock)
    try:
        chats = ChatData(store)
        none = await chats.view(CHAT, "m1", "u1")
        assert (none.booked, none.session, none.last_seq, none.member) == (False, None, 0, None)
        s, _ = await store.create_session(
            CHAT, creator="A", kind="TableOpened", payload=OPENED, source_message_id="m1"
        )
        await store.append_event(
            s, 2, speaker="B", kind="Draw", payload={"type": "Draw"}, source_message_id="m2"
        )
        await chats.put_member(s.id, "u1", "Ann", player="A", set_player=True)
        v = await chats.view(CHAT, "m2", "u1")
        assert v.booked is True and v.session == s and v.last_seq == 2
        assert (v.member.user_id, v.member.display, v.member.player, v.member.creator) == (
            "u1",
            "Ann",
            "A",
            False,
        )
        fresh = await chats.view(CHAT, "m3", "u2")
        assert (fresh.booked, fresh.last_seq, fresh.member) == (False, 2, None)
        anonymous = await chats.view(CHAT, None, None)
        assert (anonymous.booked, anonymous.session, anonymous.member) == (False, s, None)
        # Another chat's message id is not booked here; with no table open the id is still looked up.
        assert (await chats.view(ChatRef("telegram", "-1"), "m2", None)).booked is False
        await store.append_event(s, 3, speaker="A", kind="SessionEnded", payload={}, end_session=True)
        ended = await chats.view(CHAT, "m2", "u1")
        assert (ended.booked, ended.session, ended.last_seq, ended.member) == (True, None, 0, None)
    finally:
        await store.close()


@both
@pytest.mark.asyncio
async def test_nothing_is_appended_to_an_ended_session(db_url):
    store = await _store(db_url)
    try:
        s, _ = await store.create_session(CHAT, creator="A", kind="TableOpened", payload=OPENED)
        await store.append_event(s, 2, speaker="A", kind="Draw", payload={}, source_message_id="m2")
        await store.append_event(s, 3, speaker="A", kind="SessionEnded", payload={}, end_session=True)
        with pytest.raises(SessionNotOpen):
            await store.append_event(s, 4, speaker="A", kind="Draw", payload={}, source_message_id="m4")
        with pytest.raises(DuplicateMessage):  # a redelivered message stays a duplicate after the end
            await store.append_event(s, 4, speaker="A", kind="Draw", payload={}, source_message_id="m2")
        assert [e.seq for e in await store.events(s.id)] == [1, 2, 3]
        assert not await store.is_booked(CHAT, "m4")
    finally:
        await store.close()


@both
@pytest.mark.asyncio
async def test_an_ended_session_reopens_with_its_undo_in_one_transaction(db_url):
    """Undoing 埋數: the session is open again and the Undo is its next event, both or neither."""
    store = await _store(db_url, clock=fixed_clock)
    try:
        s, _ = await store.create_session(CHAT, creator="A", kind="TableOpened", payload=OPENED)
        await store.append_event(s, 2, speaker="A", kind="SessionEnded", payload={}, end_session=True)
        assert (await store.session(s.id)).ended_at == fixed_clock()
        row, ev = await store.reopen_session(
            s, 3, speaker="B", kind="Undo", payload={"type": "Undo"}, source_message_id="m3"
        )
        assert (row.id, row.status, row.ended_at, row.creator) == (s.id, "open", None, "A")
        assert (ev.seq, ev.kind, ev.speaker) == (3, "Undo", "B")
        again = await store.session(s.id)
        assert (again.status, again.ended_at) == ("open", None)
        assert (await store.open_session(CHAT)).id == s.id
        # an open session is not reopened twice (a second worker's stale view): re-read and retry
        with pytest.raises(SeqConflict):
            await store.reopen_session(s, 4, speaker="C", kind="Undo", payload={"type": "Undo"})
        # the same message delivered again is a duplicate, not a second undo
        await store.append_event(s, 4, speaker="A", kind="SessionEnded", payload={}, end_session=True)
        with pytest.raises(DuplicateMessage):
            await store.reopen_session(
                s, 5, speaker="B", kind="Undo", payload={"type": "Undo"}, source_message_id="m3"
            )
        assert [e.seq for e in await store.events(s.id)] == [1, 2, 3, 4]
        assert (await store.session(s.id)).status == "ended"
    finally:
        await store.close()


@both
@pytest.mark.asyncio
async def test_an_ended_session_is_not_reopened_over_a_newer_open_one(db_url):
    """A new 開枱 after the 埋數 owns the chat: reopening the old session is refused, nothing written."""
    store = await _store(db_url)
    try:
        s, _ = await store.create_session(CHAT, creator="A", kind="TableOpened", payload=OPENED)
        await store.append_event(s, 2, speaker="A", kind="SessionEnded", payload={}, end_session=True)
        s2, _ = await store.create_session(CHAT, creator="B", kind="TableOpened", payload=OPENED)
        with pytest.raises(SessionAlreadyOpen):
            await store.reopen_session(s, 3, speaker="A", kind="Undo", payload={"type": "Undo"})
        assert (await store.session(s.id)).status == "ended"
        assert [e.seq for e in await store.events(s.id)] == [1, 2]
        assert (await store.open_session(CHAT)).id == s2.id
    finally:
        await store.close()


@both
@pytest.mark.asyncio
async def test_a_store_operation_that_raises_writes_nothing(db_url):
    """``run_write`` is one transaction: a function that writes and then raises leaves no row."""
    store = await _store(db_url)
    try:
        s, _ = await store.create_session(CHAT, creator="A", kind="TableOpened", payload=OPENED)

        def half(conn) -> None:
            conn.execute(
                text(
                    "INSERT INTO events (session_id, seq, platform, chat_id, speaker, kind, payload, created_at)"
                    " VALUES (:s, 2, :p, :c, 'B', 'Draw', '{}', '2026-01-01')"
                ),
                {"s": s.id, "p": CHAT.platform, "c": CHAT.chat_id},
            )
            raise RuntimeError("half way")

        with pytest.raises(RuntimeError, match="half way"):
            await store.run_write(half)
        assert await store.last_seq(s.id) == 1
        assert (
            await store.run_read(lambda conn: conn.execute(text("SELECT count(*) FROM events")).scalar()) == 1
        )
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_an_sqlite_file_is_run_on_a_sync_engine_and_others_through_the_async_one(tmp_path):
    """An SQLite file's operations run on a pysqlite engine on the same file (one thread hop each); an
    in-memory database, which a second engine would not share, stays on the async engine."""
    store = await _store(sqlite_url(tmp_path / "t.db"))
    try:
        assert store.sync_engine.driver == "pysqlite"
        assert store.sync_engine.url.database == store.engine.url.database
        s, _ = await store.create_session(CHAT, creator="A", kind="TableOpened", payload=OPENED)
        # what the sync engine wrote, the async engine (migrations, raw SQL) reads, and back
        async with store.engine.connect() as conn:
            assert (await conn.execute(text("SELECT count(*) FROM sessions"))).scalar() == 1
        assert await store.run_read(lambda conn: conn.exec_driver_sql("PRAGMA foreign_keys").scalar()) == 1
        assert (
            await store.run_read(lambda conn: conn.exec_driver_sql("PRAGMA busy_timeout").scalar()) == 10000
        )
    finally:
        await store.close()
    memory = await _store("sqlite+aiosqlite:///:memory:")
    try:
        assert memory.sync_engine is memory.engine.sync_engine
        s, _ = await memory.create_session(CHAT, creator="A", kind="TableOpened", payload=OPENED)
        await memory.append_event(
            s, 2, speaker="B", kind="Draw", payload={"type": "Draw"}, source_message_id="x"
        )
        with pytest.raises(DuplicateMessage):
            await memory.append_event(s, 3, speaker="B", kind="Draw", payload={}, source_message_id="x")
        assert [e.seq for e in await memory.events(s.id)] == [1, 2]
    finally:
        await memory.close()


def test_the_open_status_is_written_into_the_sql_not_bound():
    """A bound ``status = ?`` makes SQLite re-prepare the statement on every run (it could decide whether
    the partial index ``WHERE status = 'open'`` applies); the store writes the constant instead."""
    from sqlalchemy.dialects import postgresql, sqlite

    from taipai.bot.store.chats import _VIEW
    from taipai.bot.store.store import _INSERT_IF_OPEN, status_is

    for dialect in (sqlite.dialect(), postgresql.dialect()):
        for stmt in (_VIEW, _INSERT_IF_OPEN):
            assert "sessions.status = 'open'" in str(stmt.compile(dialect=dialect))
    with pytest.raises(ValueError):
        status_is("open' OR '1")
