"""The event store: sessions and their append-only event log, on SQLAlchemy.

The API is async.  Each operation is one synchronous function of a SQLAlchemy ``Connection``: on an
SQLite file it runs on a pysqlite engine in a worker thread (one thread hop per operation, where
aiosqlite took several per statement), on PostgreSQL through the asyncpg engine's ``run_sync``
(:meth:`Store.run_read`, :meth:`Store.run_write`).

Every write is one transaction.  Reads never lock.  The store writes all timestamps (UTC) so that
``taipai.core`` never reads the clock.  Nothing is updated in place except a session's ``status``
(``open`` → ``ended``, and back to ``open`` when its 埋數 is undone), which is written in the same
transaction as the event that ends or reopens it.

Concurrency: the caller reads a session's events up to ``seq = n``, validates a new event against
the state they give, and appends it as ``seq = n + 1``.  If another writer (another task, process or
worker) got there first the unique key ``(session_id, seq)`` refuses the row and
:class:`SeqConflict` tells the caller to re-read and re-validate.  A platform message id booked
before raises :class:`DuplicateMessage`.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from platformdirs import user_data_dir
from sqlalchemy import (
    ColumnElement,
    bindparam,
    create_engine,
    exists,
    func,
    insert,
    literal_column,
    select,
    text,
    update,
)
from sqlalchemy import event as sa_event
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from taipai.bot.store import migrate
from taipai.bot.store.outbox import Booking, active_booking, write_replies
from taipai.bot.store.schema import ENDED, LEGACY_SYSTEM, OPEN, chats, events, sessions


class StoreError(Exception):
    """Base class of the store's own errors."""


class DuplicateMessage(StoreError):
    """The platform message ``(platform, chat_id, source_message_id)`` was booked before.

    Attributes: platform, chat_id, source_message_id (str).
    """

    def __init__(self, platform: str, chat_id: str, source_message_id: str) -> None:
        super().__init__(f"message {source_message_id!r} in {platform}:{chat_id} is already booked")
        self.platform = platform
        self.chat_id = chat_id
        self.source_message_id = source_message_id


class SessionAlreadyOpen(StoreError):
    """The chat already has an open session (the partial unique index refused a second one)."""


class SeqConflict(StoreError):
    """Another writer appended event ``seq`` to the session first; re-read, re-validate, retry."""


class SessionNotOpen(StoreError):
    """The session does not exist or has ended; no event may be appended to it."""


@dataclass(frozen=True, slots=True)
class ChatRef:
    """A chat on a platform: ``platform`` (``"console"``, ``"telegram"``, ``"discord"``) + its id."""

    platform: str
    chat_id: str


@dataclass(frozen=True, slots=True)
class SessionRow:
    """One ``sessions`` row.  ``status`` is ``"open"`` or ``"ended"``; times are aware UTC; ``system`` is
    the rule system the table plays (its ``TableOpened.system``; ``hk-taiwan`` for sessions opened before
    migration 0004); ``currency`` the ISO code its money is in (stamped at 開枱 from the chat's, changed
    by 貨幣 while open; ``None``: HKD, :data:`taipai.bot.money_format.DEFAULT_CURRENCY`)."""

    id: int
    platform: str
    chat_id: str
    status: str
    created_at: datetime
    ended_at: datetime | None
    creator: str
    system: str = LEGACY_SYSTEM
    currency: str | None = None

    @property
    def chat(self) -> ChatRef:
        return ChatRef(self.platform, self.chat_id)


@dataclass(frozen=True, slots=True)
class EventRow:
    """One ``events`` row.  ``payload`` is the decoded JSON object (the event's ``to_dict()``)."""

    id: int
    session_id: int
    seq: int
    platform: str
    chat_id: str
    source_message_id: str | None
    speaker: str
    kind: str
    payload: dict[str, Any]
    created_at: datetime
    source_text: str | None = None
    detail: dict[str, Any] | None = None


def default_db_path() -> Path:
    """``<user data dir>/taipai.db`` (platformdirs ``user_data_dir("taipai")``)."""
    return Path(user_data_dir("taipai", appauthor=False)) / "taipai.db"


def sqlite_url(path: str | Path) -> str:
    """The async SQLAlchemy URL of an SQLite file: ``sqlite+aiosqlite:///<absolute path>``."""
    return f"sqlite+aiosqlite:///{Path(path).expanduser().resolve()}"


def chat_lock_key(chat: ChatRef) -> int:
    """The chat's PostgreSQL advisory lock key: a stable signed 64-bit hash of ``platform:chat_id``.

    Stable across processes and restarts (BLAKE2b, not Python's salted ``hash``), so every worker
    locks the same key for the same chat.
    """
    digest = hashlib.blake2b(f"{chat.platform}:{chat.chat_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


async def lock_chat(conn: AsyncConnection, chat: ChatRef) -> None:
    """Serialise this write transaction with every other one for ``chat``, in any process.

    PostgreSQL: ``pg_advisory_xact_lock(chat_lock_key(chat))``, released at commit or rollback.
    SQLite: nothing (one writer at a time holds the database lock anyway).
    """
    if conn.dialect.name == "postgresql":
        await conn.execute(_ADVISORY_LOCK, {"key": chat_lock_key(chat)})


def lock_chat_sync(conn: Connection, chat: ChatRef) -> None:
    """:func:`lock_chat` on a synchronous ``Connection`` (inside :meth:`Store.run_write`)."""
    if conn.dialect.name == "postgresql":
        conn.execute(_ADVISORY_LOCK, {"key": chat_lock_key(chat)})


_ADVISORY_LOCK = text("SELECT pg_advisory_xact_lock(:key)")


def outbox_of(chat: ChatRef, replies: Sequence[Any] | None) -> tuple[Booking | None, list[dict[str, Any]]]:
    """The active :class:`~taipai.bot.store.outbox.Booking` of ``chat`` and the outbox payloads of
    ``replies``, when a booking write should store them (``(None, [])`` otherwise: no replies given,
    or no inbox row being handled for this chat)."""
    booking = active_booking(chat.platform, chat.chat_id) if replies is not None else None
    if booking is None or replies is None:
        return None, []
    return booking, booking.items(replies)


def as_utc(value: datetime | None) -> datetime | None:
    """A timestamp read from the database as an aware UTC datetime (SQLite hands back naive ones;
    everything the store writes is UTC); ``None`` stays ``None``."""
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


def session_row(row: Any) -> SessionRow:
    """A :class:`SessionRow` from a result row of the ``sessions`` table (all its columns)."""
    m = row._mapping
    return SessionRow(
        id=m["id"],
        platform=m["platform"],
        chat_id=m["chat_id"],
        status=m["status"],
        created_at=as_utc(m["created_at"]),  # type: ignore[arg-type]
        ended_at=as_utc(m["ended_at"]),
        creator=m["creator"],
        system=m["system"],
        currency=m.get("currency"),
    )


def event_row(row: Any) -> EventRow:
    """An :class:`EventRow` from a result row of the ``events`` table (all its columns)."""
    m = row._mapping
    return EventRow(
        id=m["id"],
        session_id=m["session_id"],
        seq=m["seq"],
        platform=m["platform"],
        chat_id=m["chat_id"],
        source_message_id=m["source_message_id"],
        speaker=m["speaker"],
        kind=m["kind"],
        payload=json.loads(m["payload"]),
        created_at=as_utc(m["created_at"]),  # type: ignore[arg-type]
        source_text=m["source_text"],
        detail=json.loads(m["detail"]) if m["detail"] is not None else None,
    )


def _json(value: Mapping[str, Any]) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


_EVENT_COLUMNS = (
    "session_id",
    "seq",
    "platform",
    "chat_id",
    "source_message_id",
    "speaker",
    "kind",
    "payload",
    "source_text",
    "detail",
    "created_at",
)


def status_is(status: str) -> ColumnElement[bool]:
    """``sessions.status = '<status>'`` with the value written into the SQL rather than bound.

    SQLite re-prepares a statement on every execution when a bound value could decide whether a partial
    index applies (``uq_sessions_one_open_per_chat`` is ``WHERE status = 'open'``): with ``status = ?``
    the chat view cost about 0.15 ms of SQLite work per run instead of 0.02 ms.  ``status`` is one of
    the schema's constants (:data:`OPEN`, :data:`ENDED`), never user input.
    """
    if status not in (OPEN, ENDED):
        raise ValueError(f"not a session status: {status!r}")
    return sessions.c.status == literal_column(f"'{status}'", sessions.c.status.type)


def _insert_if_open_statement() -> Any:
    """``INSERT INTO events … SELECT <the bound values> WHERE <the session is open> RETURNING id``,
    built once; bound by column name."""
    row = select(*(bindparam(k, type_=events.c[k].type).label(k) for k in _EVENT_COLUMNS)).where(
        exists().where(sessions.c.id == bindparam("session_id"), status_is(OPEN))
    )
    return insert(events).from_select(list(_EVENT_COLUMNS), row).returning(events.c.id)


_INSERT_IF_OPEN = _insert_if_open_statement()


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    # WAL + NORMAL: a commit survives the process being killed (the crash test SIGKILLs it); only
    # a power loss can drop the last transactions, never corrupt the file (SQLite's WAL docs).
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    # A commit that fills the WAL past this many pages checkpoints it then and there, on the
    # writer's path (with an fsync).  A running bot checkpoints every second from a reader thread
    # instead (Store.checkpoint, from taipai.bot.delivery), so this only bounds the WAL (~16 MiB)
    # when nothing does; SQLite's default of 1,000 pages stalled a busy bot's writes.
    cur.execute(f"PRAGMA wal_autocheckpoint={WAL_AUTOCHECKPOINT}")
    cur.close()


WAL_AUTOCHECKPOINT = 4000
"""Pages (4 KiB) of WAL after which a commit checkpoints it itself (see :meth:`Store.checkpoint`)."""


T = TypeVar("T")

SQLITE_READERS = 4
"""Threads that run an SQLite store's reads (WAL: reads never wait for the writer)."""


def _sync_sqlite_engine(url: str) -> Engine | None:
    """The synchronous (``sqlite+pysqlite``) engine on the same SQLite file as the async ``url``, or
    ``None`` for an in-memory or ``file:`` URI database (which another engine would not share)."""
    parsed = make_url(url)
    db = parsed.database
    if not db or db == ":memory:" or db.startswith("file:") or parsed.query.get("uri"):
        return None
    engine = create_engine(parsed.set(drivername="sqlite+pysqlite"))
    sa_event.listen(engine, "connect", _sqlite_pragmas)
    return engine


class Store:
    """Async access to the sessions and their event logs.

    Build it with :meth:`Store.open` (creates the engine, runs the migrations); close it with
    :meth:`close` or ``async with``.  ``clock`` returns the current aware UTC time (injectable
    for tests).

    Every store operation is one synchronous function of a SQLAlchemy ``Connection`` (its statements,
    its transaction), run by :meth:`run_read` / :meth:`run_write`.  On an SQLite file those run on
    ``sync_engine`` (``sqlite+pysqlite``, the same file and pragmas) in a worker thread, one thread hop
    per operation instead of several per statement through aiosqlite; the writes of this process go
    one at a time through one writer thread.  Otherwise (PostgreSQL) they run on ``engine`` through
    ``AsyncConnection.run_sync``.  ``engine`` (async) stays the engine of the migrations and of
    callers that want an ``AsyncConnection`` (:meth:`write`).
    """

    def __init__(
        self,
        engine: AsyncEngine,
        *,
        clock: Callable[[], datetime] | None = None,
        sync_engine: Engine | None = None,
    ) -> None:
        self.engine = engine
        self._clock = clock or (lambda: datetime.now(UTC))
        # SQLite has one writer at a time: queue this process's write transactions here instead of
        # letting them collide on the database lock (whose busy handler sleeps, up to tens of ms).
        self._write_lock = asyncio.Lock() if engine.dialect.name == "sqlite" else None
        self._sync = sync_engine
        self.guard: Callable[[], None] | None = None
        """Called before every operation; raises when the database must not be used (set by
        :func:`taipai.bot.store.health.install_guard`: the SQLite file is gone or replaced)."""
        self._readers: ThreadPoolExecutor | None = None
        self._writer: ThreadPoolExecutor | None = None
        if sync_engine is not None:
            self._readers = ThreadPoolExecutor(SQLITE_READERS, thread_name_prefix="taipai-sqlite-read")
            self._writer = ThreadPoolExecutor(1, thread_name_prefix="taipai-sqlite-write")

    def now(self) -> datetime:
        """The store's clock: the current aware UTC time (every timestamp the store writes)."""
        return self._clock()

    @property
    def sync_engine(self) -> Engine:
        """The synchronous engine whose connections run the store's own statements (listen to its
        events to see them): the pysqlite engine of an SQLite file, else ``engine.sync_engine``."""
        return self._sync if self._sync is not None else self.engine.sync_engine

    @asynccontextmanager
    async def write(self) -> AsyncIterator[AsyncConnection]:
        """A write transaction (``engine.begin()``): committed when the block ends, rolled back when it
        raises.  On SQLite this process's write transactions take turns (an ``asyncio.Lock``); other
        processes still wait on the database lock (``busy_timeout``)."""
        if self.guard is not None:
            self.guard()
        if self._write_lock is None:
            async with self.engine.begin() as conn:
                yield conn
            return
        async with self._write_lock, self.engine.begin() as conn:
            yield conn

    async def run_read(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn(conn)`` on a connection without an explicit transaction; return its result.

        ``fn`` is synchronous and may run in a worker thread: it must touch nothing but ``conn`` and
        its arguments.  Whatever ``fn`` raises propagates (database errors as SQLAlchemy's), and so
        does what :attr:`guard` raises.
        """
        if self.guard is not None:
            self.guard()
        if self._sync is not None:
            return await asyncio.get_running_loop().run_in_executor(self._readers, _run_read, self._sync, fn)
        async with self.engine.connect() as conn:
            return await conn.run_sync(fn)

    async def run_write(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn(conn)`` in ONE write transaction: committed when ``fn`` returns, rolled back when it
        raises (nothing written by halves); return its result.

        On SQLite this process's writes take turns (the same lock as :meth:`write`, and one writer
        thread, so a write whose caller was cancelled still finishes before the next begins; it commits
        or rolls back as ``fn`` decides, whole).  ``fn`` is synchronous and may run in a worker thread
        (see :meth:`run_read`).  Whatever ``fn`` raises propagates, and so do ``IntegrityError`` and
        other database errors raised at commit, and what :attr:`guard` raises.
        """
        if self.guard is not None:
            self.guard()
        if self._write_lock is None:
            async with self.engine.begin() as conn:
                return await conn.run_sync(fn)
        async with self._write_lock:
            if self._sync is not None:
                return await asyncio.get_running_loop().run_in_executor(
                    self._writer, _run_write, self._sync, fn
                )
            async with self.engine.begin() as conn:
                return await conn.run_sync(fn)

    # ----------------------------------------------------------------- life cycle
    @classmethod
    async def open(
        cls,
        url: str | None = None,
        *,
        migrate_schema: bool = True,
        clock: Callable[[], datetime] | None = None,
        echo: bool = False,
    ) -> Store:
        """Connect to ``url`` (default: the SQLite file :func:`default_db_path`) and migrate it.

        For SQLite the parent directory is created, and every connection is put in WAL mode with
        foreign keys on and a 10 s busy timeout; an SQLite file also gets the synchronous engine that
        runs the store's operations (see the class text).  Raises
        ``sqlalchemy.exc.OperationalError`` when the database cannot be reached or opened.
        """
        if url is None:
            url = sqlite_url(default_db_path())
        parsed = make_url(url)
        engine = create_async_engine(url, echo=echo)
        sync_engine = None
        if parsed.get_backend_name() == "sqlite":
            db = parsed.database
            if db and db != ":memory:" and not db.startswith("file:"):
                Path(db).expanduser().parent.mkdir(parents=True, exist_ok=True)
            sa_event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
            sync_engine = _sync_sqlite_engine(url)
            if sync_engine is not None:
                sync_engine.echo = echo
        store = cls(engine, clock=clock, sync_engine=sync_engine)
        if migrate_schema:
            try:
                await migrate.upgrade(engine)
            except BaseException:
                await store.close()
                raise
        return store

    async def close(self) -> None:
        """Dispose of the engines' connections (and stop the SQLite worker threads)."""
        for pool in (self._readers, self._writer):
            if pool is not None:
                pool.shutdown(wait=False)
        if self._sync is not None:
            self._sync.dispose()
        await self.engine.dispose()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ----------------------------------------------------------------- reads
    async def open_session(self, chat: ChatRef) -> SessionRow | None:
        """The chat's open session, or ``None``."""
        q = select(sessions).where(
            sessions.c.platform == chat.platform,
            sessions.c.chat_id == chat.chat_id,
            status_is(OPEN),
        )
        return await self.run_read(lambda conn: _first(conn, q, session_row))

    async def latest_session(self, chat: ChatRef | None = None) -> SessionRow | None:
        """The chat's newest session (open or ended); with ``chat=None`` the newest in the database."""
        q = select(sessions).order_by(sessions.c.id.desc()).limit(1)
        if chat is not None:
            q = q.where(sessions.c.platform == chat.platform, sessions.c.chat_id == chat.chat_id)
        return await self.run_read(lambda conn: _first(conn, q, session_row))

    async def session(self, session_id: int) -> SessionRow | None:
        """The session with this id, or ``None``."""
        q = select(sessions).where(sessions.c.id == session_id)
        return await self.run_read(lambda conn: _first(conn, q, session_row))

    async def sessions_of(self, chat: ChatRef) -> list[SessionRow]:
        """All sessions of a chat, oldest first."""
        q = (
            select(sessions)
            .where(sessions.c.platform == chat.platform, sessions.c.chat_id == chat.chat_id)
            .order_by(sessions.c.id)
        )
        return await self.run_read(lambda conn: [session_row(r) for r in conn.execute(q)])

    async def events(self, session_id: int, *, after_seq: int = 0) -> list[EventRow]:
        """The session's events with ``seq > after_seq``, in ``seq`` order."""
        q = (
            select(events)
            .where(events.c.session_id == session_id, events.c.seq > after_seq)
            .order_by(events.c.seq)
        )
        return await self.run_read(lambda conn: [event_row(r) for r in conn.execute(q)])

    async def last_seq(self, session_id: int) -> int:
        """The highest ``seq`` of the session (0 when it has no events)."""
        q = select(func.coalesce(func.max(events.c.seq), 0)).where(events.c.session_id == session_id)
        return await self.run_read(lambda conn: int(conn.execute(q).scalar_one()))

    async def is_booked(self, chat: ChatRef, source_message_id: str | None) -> bool:
        """True when the platform message was already booked as an event in this chat."""
        if source_message_id is None:
            return False
        return await self.run_read(lambda conn: self.booked_in(conn, chat, source_message_id))

    @staticmethod
    def booked_in(conn: Connection, chat: ChatRef, source_message_id: str) -> bool:
        """Whether ``source_message_id`` is booked as an event of ``chat``, read on ``conn`` (inside the
        caller's transaction, so a write can check and insert atomically)."""
        q = select(events.c.id).where(
            events.c.platform == chat.platform,
            events.c.chat_id == chat.chat_id,
            events.c.source_message_id == source_message_id,
        )
        return conn.execute(q).first() is not None

    # ----------------------------------------------------------------- writes
    async def create_session(
        self,
        chat: ChatRef,
        *,
        creator: str,
        kind: str,
        payload: Mapping[str, Any],
        source_message_id: str | None = None,
        source_text: str | None = None,
        detail: Mapping[str, Any] | None = None,
        replies: Sequence[Any] | None = None,
    ) -> tuple[SessionRow, EventRow]:
        """Open a new session for ``chat`` with its first event (``seq`` 1), in one transaction; the
        session's ``currency`` is the chat's (``chats.currency``) as read in that transaction.

        ``replies`` (the service's ``Reply`` objects) are written to the outbox in the same
        transaction, with the done mark of the inbox row being handled, when one is
        (:mod:`taipai.bot.store.outbox`).  Raises :class:`SessionAlreadyOpen` when the chat has an
        open session and :class:`DuplicateMessage` when ``source_message_id`` was booked before;
        nothing is written then.
        """
        now = self._clock()
        booking, payloads = outbox_of(chat, replies)
        currency: str | None = None

        def write(conn: Connection) -> tuple[int, EventRow]:
            nonlocal currency
            lock_chat_sync(conn, chat)
            if source_message_id is not None and self.booked_in(conn, chat, source_message_id):
                raise DuplicateMessage(chat.platform, chat.chat_id, source_message_id)
            # the night's money is in the chat's currency as it is now, read in this transaction
            here = (chats.c.platform == chat.platform, chats.c.chat_id == chat.chat_id)
            currency = conn.execute(select(chats.c.currency).where(*here)).scalar()
            result = conn.execute(
                insert(sessions).values(
                    platform=chat.platform,
                    chat_id=chat.chat_id,
                    status=OPEN,
                    created_at=now,
                    creator=creator,
                    system=str(payload.get("system") or LEGACY_SYSTEM),
                    currency=currency,
                )
            )
            session_id = int(result.inserted_primary_key[0])
            ev = self.insert_event(
                conn,
                session_id,
                1,
                chat,
                source_message_id,
                creator,
                kind,
                payload,
                now,
                source_text,
                detail,
            )
            assert ev is not None  # written without the open check
            if booking is not None:
                write_replies(conn, booking, payloads, now)
            return session_id, ev

        try:
            session_id, ev = await self.run_write(write)
        except IntegrityError as exc:
            if source_message_id is not None and await self.is_booked(chat, source_message_id):
                raise DuplicateMessage(chat.platform, chat.chat_id, source_message_id) from exc
            if await self.open_session(chat) is not None:
                msg = f"{chat.platform}:{chat.chat_id} already has an open session"
                raise SessionAlreadyOpen(msg) from exc
            raise
        if booking is not None:
            booking.stored = True
        system = str(payload.get("system") or LEGACY_SYSTEM)
        row = SessionRow(session_id, chat.platform, chat.chat_id, OPEN, now, None, creator, system, currency)
        return row, ev

    async def append_event(
        self,
        session: SessionRow,
        seq: int,
        *,
        speaker: str,
        kind: str,
        payload: Mapping[str, Any],
        source_message_id: str | None = None,
        source_text: str | None = None,
        detail: Mapping[str, Any] | None = None,
        end_session: bool = False,
        replies: Sequence[Any] | None = None,
    ) -> EventRow:
        """Append one event as number ``seq`` of ``session``, in one transaction.

        ``source_text`` is the message as typed; ``detail`` optional JSON kept for display (neither is
        replayed).  ``seq`` must be the session's last seq + 1 (the caller validated the event
        against the state of events 1..seq-1).  With ``end_session`` the session is marked
        ``ended`` in the same transaction (``埋數``).  ``replies`` go to the outbox in the same
        transaction, as for :meth:`create_session`.

        Raises :class:`DuplicateMessage` (message booked before), :class:`SeqConflict` (another
        writer appended ``seq`` first) or :class:`SessionNotOpen`; nothing is written then.
        """
        chat = session.chat
        now = self._clock()
        booking, payloads = outbox_of(chat, replies)

        def write(conn: Connection) -> EventRow:
            lock_chat_sync(conn, chat)
            # One statement: the insert checks that the session is open; a message id booked
            # before is refused by its unique key (told apart from a seq conflict below).
            ev = self.insert_event(
                conn,
                session.id,
                seq,
                chat,
                source_message_id,
                speaker,
                kind,
                payload,
                now,
                source_text,
                detail,
                if_open=True,
            )
            if ev is None:
                if source_message_id is not None and self.booked_in(conn, chat, source_message_id):
                    raise DuplicateMessage(chat.platform, chat.chat_id, source_message_id)
                raise SessionNotOpen(f"session {session.id} is not open")
            if end_session:
                conn.execute(
                    update(sessions).where(sessions.c.id == session.id).values(status=ENDED, ended_at=now)
                )
            if booking is not None:
                write_replies(conn, booking, payloads, now)
            return ev

        try:
            ev = await self.run_write(write)
        except IntegrityError as exc:
            if source_message_id is not None and await self.is_booked(chat, source_message_id):
                raise DuplicateMessage(chat.platform, chat.chat_id, source_message_id) from exc
            raise SeqConflict(f"event {seq} of session {session.id} was written by another writer") from exc
        if booking is not None:
            booking.stored = True
        return ev

    async def reopen_session(
        self,
        session: SessionRow,
        seq: int,
        *,
        speaker: str,
        kind: str,
        payload: Mapping[str, Any],
        source_message_id: str | None = None,
        source_text: str | None = None,
        detail: Mapping[str, Any] | None = None,
        replies: Sequence[Any] | None = None,
    ) -> tuple[SessionRow, EventRow]:
        """Reopen the ended ``session`` and append event ``seq`` (the ``Undo`` of its 埋數), in ONE
        transaction: both or neither.

        The session goes back to ``open`` (``ended_at`` cleared) only while the chat has no other open
        session: the partial unique index allows one open session per chat, and a table opened after
        the 埋數 is not closed behind its players' backs.

        Returns the reopened session row and the event row.  Raises :class:`SessionAlreadyOpen` (the
        chat has an open session, e.g. a new 開枱 came first), :class:`DuplicateMessage` (message booked
        before) or :class:`SeqConflict` (the session is no longer ended, or another writer appended
        ``seq`` first: re-read and retry); nothing is written then.  ``replies`` go to the outbox in
        the same transaction, as for :meth:`create_session`.
        """
        chat = session.chat
        now = self._clock()
        booking, payloads = outbox_of(chat, replies)

        def write(conn: Connection) -> EventRow:
            lock_chat_sync(conn, chat)
            if source_message_id is not None and self.booked_in(conn, chat, source_message_id):
                raise DuplicateMessage(chat.platform, chat.chat_id, source_message_id)
            other = select(sessions.c.id).where(
                sessions.c.platform == chat.platform,
                sessions.c.chat_id == chat.chat_id,
                status_is(OPEN),
            )
            open_id = conn.execute(other).scalar_one_or_none()
            if open_id is not None and open_id != session.id:
                raise SessionAlreadyOpen(f"{chat.platform}:{chat.chat_id} already has an open session")
            done = conn.execute(
                update(sessions)
                .where(sessions.c.id == session.id, status_is(ENDED))
                .values(status=OPEN, ended_at=None)
            )
            if done.rowcount != 1:
                raise SeqConflict(f"session {session.id} is not ended any more")
            ev = self.insert_event(
                conn,
                session.id,
                seq,
                chat,
                source_message_id,
                speaker,
                kind,
                payload,
                now,
                source_text,
                detail,
            )
            assert ev is not None  # written without the open check (just reopened)
            if booking is not None:
                write_replies(conn, booking, payloads, now)
            return ev

        try:
            ev = await self.run_write(write)
        except IntegrityError as exc:
            if source_message_id is not None and await self.is_booked(chat, source_message_id):
                raise DuplicateMessage(chat.platform, chat.chat_id, source_message_id) from exc
            still_open = await self.open_session(chat)
            if still_open is not None and still_open.id != session.id:
                msg = f"{chat.platform}:{chat.chat_id} already has an open session"
                raise SessionAlreadyOpen(msg) from exc
            raise SeqConflict(f"event {seq} of session {session.id} was written by another writer") from exc
        if booking is not None:
            booking.stored = True
        row = SessionRow(
            session.id,
            session.platform,
            session.chat_id,
            OPEN,
            session.created_at,
            None,
            session.creator,
            session.system,
            session.currency,
        )
        return row, ev

    @staticmethod
    def insert_event(
        conn: Connection,
        session_id: int,
        seq: int,
        chat: ChatRef,
        source_message_id: str | None,
        speaker: str,
        kind: str,
        payload: Mapping[str, Any],
        now: datetime,
        source_text: str | None,
        detail: Mapping[str, Any] | None,
        *,
        if_open: bool = False,
    ) -> EventRow | None:
        """Insert one ``events`` row.  With ``if_open`` the row is written only while the session is
        open (``INSERT … SELECT … WHERE EXISTS``, one statement) and ``None`` says it was not."""
        body = _json(payload)
        extra = _json(detail) if detail is not None else None
        values: dict[str, Any] = {
            "session_id": session_id,
            "seq": seq,
            "platform": chat.platform,
            "chat_id": chat.chat_id,
            "source_message_id": source_message_id,
            "speaker": speaker,
            "kind": kind,
            "payload": body,
            "source_text": source_text,
            "detail": extra,
            "created_at": now,
        }
        if if_open:
            new_id = conn.execute(_INSERT_IF_OPEN, values).scalar_one_or_none()
            if new_id is None:
                return None
        else:
            result = conn.execute(insert(events).values(**values))
            new_id = result.inserted_primary_key[0]
        return EventRow(
            id=int(new_id),
            session_id=session_id,
            seq=seq,
            platform=chat.platform,
            chat_id=chat.chat_id,
            source_message_id=source_message_id,
            speaker=speaker,
            kind=kind,
            payload=json.loads(body),
            created_at=now,
            source_text=source_text,
            detail=json.loads(extra) if extra is not None else None,
        )

    async def ping(self) -> bool:
        """True when the database is sound (health checks): SQLite passes ``PRAGMA quick_check``,
        elsewhere ``SELECT 1`` answers.  Raises when it cannot be reached or :attr:`guard` refuses
        (:mod:`taipai.bot.store.health`: the file is gone, replaced or read-only)."""

        def check(conn: Connection) -> bool:
            if conn.dialect.name == "sqlite":
                return conn.exec_driver_sql("PRAGMA quick_check").fetchall() == [("ok",)]
            return conn.execute(text("SELECT 1")).scalar_one() == 1

        return await self.run_read(check)

    async def checkpoint(self) -> None:
        """SQLite: copy the WAL into the database file (``PRAGMA wal_checkpoint(PASSIVE)``) from a
        reader thread, so that commits never pay for it; it waits for no reader or writer.  Nothing
        elsewhere."""
        if self.engine.dialect.name != "sqlite":
            return
        await self.run_read(lambda conn: conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").fetchall())

    async def journal_mode(self) -> str:
        """SQLite's journal mode of a pooled connection (``"wal"``), or the dialect name elsewhere."""

        def mode(conn: Connection) -> str:
            if conn.dialect.name != "sqlite":
                return conn.dialect.name
            return str(conn.exec_driver_sql("PRAGMA journal_mode").scalar_one()).lower()

        return await self.run_read(mode)


def _run_read(engine: Engine, fn: Callable[[Connection], T]) -> T:
    with engine.connect() as conn:
        return fn(conn)


def _run_write(engine: Engine, fn: Callable[[Connection], T]) -> T:
    with engine.begin() as conn:
        return fn(conn)


def _first(conn: Connection, q: Any, make: Callable[[Any], T]) -> T | None:
    row = conn.execute(q).first()
    return make(row) if row is not None else None


__all__: Sequence[str] = (
    "ChatRef",
    "DuplicateMessage",
    "EventRow",
    "SeqConflict",
    "SessionAlreadyOpen",
    "SessionNotOpen",
    "SessionRow",
    "Store",
    "StoreError",
    "chat_lock_key",
    "default_db_path",
    "lock_chat",
    "lock_chat_sync",
    "outbox_of",
    "sqlite_url",
    "status_is",
)
