"""The outbox (DESIGN §1 ``store``): every reply is stored before it is posted, and posted until the
platform accepts it.

**Guarantee.**  The replies of a booked event are written in the transaction that books the event,
together with the "done" mark of the inbox row it came from (:func:`write_replies`, called by the
store's four booking writes when a :class:`Booking` is active): after a crash there is never an
event without its replies, nor a handled update whose replies are lost.  Replies that book nothing
(an error, 計數, help) are written with the inbox row's "done" mark in one transaction
(:meth:`Outbox.finish`).  A reply is marked sent (:meth:`Outbox.mark_sent`) right after the platform
accepted it; only a crash in the few milliseconds between the platform's answer and that commit
sends it a second time after a restart.

**Which booking.**  The service does not know about inboxes: the delivery worker (see
:mod:`taipai.bot.delivery`) sets a :class:`Booking` in the context variable :data:`BOOKING` while it
handles one inbox row, and the store's booking writes (``Store.append_event``,
``Store.create_session``, ``Store.reopen_session``, ``taipai.bot.store.chats.append_events``) take
the ``replies`` the service passes them and write them through the active booking.  With no active
booking (the terminal, tests calling the service directly) those writes store the event alone, as
before.

Payloads are JSON objects chosen by the adapter that posts them (text, buttons, the message quoted,
an optional file); the store only keeps them in order per chat.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, func, insert, literal_column, select, update
from sqlalchemy.engine import Connection

from taipai.bot.store.schema import DONE, FAILED, PENDING, SENT, inbox, outbox


class InboxRowDone(Exception):
    """The inbox row was marked done by another writer (another worker handled it); nothing of this
    handling is written."""


class OlderPending(Exception):
    """The chat has a pending inbox row older than the one being handled (another worker process
    stored it, and this one had not read it yet): nothing of this handling is written; handle the
    older row first.  A chat's updates are booked in the order they were stored."""


@dataclass(slots=True)
class Booking:
    """The inbox row being handled now, and how its replies become outbox payloads.

    Args:
        platform, chat_id: the chat the row belongs to (replies go there).
        inbox_id: the ``inbox`` row to mark done with the replies (``None``: no inbox row).
        items: turns the service's replies (``Reply`` objects) into outbox payloads (JSON objects);
            the adapter sets it before it calls the service.
        stored: set by the store once a booking write has stored the replies (and the done mark).
        rows: the outbox rows that write stored (with their ids).
        also_done: earlier inbox rows of the chat that were handled with no reply and nothing
            booked, whose done mark waits (:meth:`Outbox.mark_done`): marked done in the same
            transaction, so no later handling of the chat is committed before them.
    """

    platform: str
    chat_id: str
    inbox_id: int | None
    items: Callable[[Sequence[Any]], list[dict[str, Any]]] = field(default=lambda replies: [])
    stored: bool = False
    rows: list[OutboxRow] = field(default_factory=list)
    also_done: list[int] = field(default_factory=list)


BOOKING: ContextVar[Booking | None] = ContextVar("taipai_booking", default=None)
"""The :class:`Booking` of the inbox row the current task handles (``None``: none)."""


def active_booking(platform: str, chat_id: str) -> Booking | None:
    """The active :class:`Booking` when it is for this chat and has not stored its replies yet."""
    booking = BOOKING.get()
    if booking is None or booking.stored or (booking.platform, booking.chat_id) != (platform, chat_id):
        return None
    return booking


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """One pending reply: ``payload`` is the decoded JSON object; ``inbox_id`` the update it answers."""

    id: int
    platform: str
    chat_id: str
    inbox_id: int | None
    payload: dict[str, Any]
    attempts: int


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


_PENDING = literal_column(f"'{PENDING}'", outbox.c.status.type)
"""``'pending'`` written into the SQL (the partial indexes are ``WHERE status = 'pending'``; see
:func:`taipai.bot.store.store.status_is` for why a bound value would cost SQLite a re-prepare)."""
_INBOX_PENDING = literal_column(f"'{PENDING}'", inbox.c.status.type)


def _mark_done_statement() -> Any:
    """``UPDATE inbox SET status='done', done_at=:now WHERE id=:inbox_id AND status='pending'``
    (built once)."""
    return (
        update(inbox)
        .where(inbox.c.id == bindparam("inbox_id"), inbox.c.status == _INBOX_PENDING)
        .values(status=DONE, done_at=bindparam("now"))
    )


_MARK_DONE = _mark_done_statement()
_MARK_ALSO_DONE = (
    update(inbox)
    .where(inbox.c.id.in_(bindparam("ids", expanding=True)), inbox.c.status == _INBOX_PENDING)
    .values(status=DONE, done_at=bindparam("now"))
)
_INSERT_REPLY = insert(outbox).returning(outbox.c.id)


_OLDER_PENDING = (
    select(inbox.c.id)
    .where(
        inbox.c.platform == bindparam("platform"),
        inbox.c.chat_id == bindparam("chat_id"),
        inbox.c.status == _INBOX_PENDING,
        inbox.c.id < bindparam("inbox_id"),
    )
    .limit(1)
)


def older_pending(conn: Connection, platform: str, chat_id: str, inbox_id: int) -> bool:
    """True when the chat has a pending inbox row older than ``inbox_id`` (one indexed lookup)."""
    params = {"platform": platform, "chat_id": chat_id, "inbox_id": inbox_id}
    return conn.execute(_OLDER_PENDING, params).first() is not None


def write_replies(
    conn: Connection, booking: Booking, payloads: Sequence[dict[str, Any]], now: datetime
) -> None:
    """In the caller's transaction: insert ``payloads`` as pending outbox rows of the booking's chat,
    in order, and mark its inbox row done; the new rows are put in ``booking.rows`` (the sender
    of this process takes them from there, without reading them back).

    Raises :class:`InboxRowDone` when the inbox row is done already (another worker handled the
    update) and :class:`OlderPending` when an older row of the chat is still pending (see
    :func:`older_pending`); the caller's transaction must then roll back.
    """
    if booking.also_done:
        conn.execute(_MARK_ALSO_DONE, {"ids": list(booking.also_done), "now": now})
    if booking.inbox_id is not None:
        if older_pending(conn, booking.platform, booking.chat_id, booking.inbox_id):
            raise OlderPending(f"an inbox row of {booking.chat_id} older than {booking.inbox_id} is pending")
        done = conn.execute(_MARK_DONE, {"inbox_id": booking.inbox_id, "now": now})
        if done.rowcount != 1:
            raise InboxRowDone(f"inbox row {booking.inbox_id} is done already")
    rows: list[OutboxRow] = []
    for p in payloads:  # one statement each: RETURNING gives every row's id in order
        new_id = conn.execute(
            _INSERT_REPLY,
            {
                "platform": booking.platform,
                "chat_id": booking.chat_id,
                "inbox_id": booking.inbox_id,
                "payload": _json(p),
                "status": PENDING,
                "attempts": 0,
                "created_at": now,
            },
        ).scalar_one()
        rows.append(OutboxRow(int(new_id), booking.platform, booking.chat_id, booking.inbox_id, dict(p), 0))
    booking.rows = rows


def _pending_statement() -> Any:
    """The pending replies of one chat, oldest first (bound: platform, chat_id, limit), built once."""
    return (
        select(outbox)
        .where(
            outbox.c.platform == bindparam("platform"),
            outbox.c.chat_id == bindparam("chat_id"),
            outbox.c.status == _PENDING,
        )
        .order_by(outbox.c.id)
        .limit(bindparam("limit"))
    )


_PENDING_REPLIES = _pending_statement()
_MARK = (
    update(outbox)
    .where(outbox.c.id.in_(bindparam("ids", expanding=True)), outbox.c.status == _PENDING)
    .values(status=bindparam("new_status"), sent_at=bindparam("now"), message_id=bindparam("mid"))
)


class Outbox:
    """The outbox rows of one database (``store`` is a :class:`~taipai.bot.store.Store`).

    Every method is one read or one write transaction of the store.
    """

    def __init__(self, store: Any) -> None:
        self.store = store
        self._marks: list[tuple[Any, dict[str, Any], asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None

    async def finish(self, booking: Booking, payloads: Sequence[dict[str, Any]]) -> None:
        """Store the replies of an update that booked nothing, with its inbox row's done mark, in ONE
        transaction.  Raises :class:`InboxRowDone` (nothing written) when the row was done already."""
        now = self.store.now()
        await self.store.run_write(lambda conn: write_replies(conn, booking, payloads, now))
        booking.stored = True

    async def pending(self, platform: str, chat_id: str, *, limit: int = 50) -> list[OutboxRow]:
        """The chat's pending replies, oldest first (at most ``limit``)."""
        params = {"platform": platform, "chat_id": chat_id, "limit": limit}

        def read(conn: Connection) -> list[OutboxRow]:
            return [
                OutboxRow(r.id, r.platform, r.chat_id, r.inbox_id, json.loads(r.payload), int(r.attempts))
                for r in conn.execute(_PENDING_REPLIES, params)
            ]

        return await self.store.run_read(read)

    async def pending_chats(self, platform: str) -> list[str]:
        """The chats of ``platform`` with at least one pending reply."""
        q = (
            select(outbox.c.chat_id)
            .where(outbox.c.platform == platform, outbox.c.status == _PENDING)
            .group_by(outbox.c.chat_id)
        )
        return await self.store.run_read(lambda conn: [r[0] for r in conn.execute(q)])

    async def mark_sent(self, ids: Sequence[int], message_id: str | None) -> None:
        """The platform accepted the replies ``ids`` (one message, ``message_id``): mark them sent;
        returns once committed."""
        await self._mark(ids, SENT, message_id)

    async def mark_failed(self, ids: Sequence[int]) -> None:
        """The platform refused the replies ``ids`` for good (chat gone, bot removed): never retried."""
        await self._mark(ids, FAILED, None)

    async def count_attempt(self, ids: Sequence[int]) -> None:
        """One more failed attempt at the replies ``ids`` (kept for the log and the health view)."""
        stmt = update(outbox).where(outbox.c.id.in_(list(ids))).values(attempts=outbox.c.attempts + 1)
        await self.store.run_write(lambda conn: conn.execute(stmt))

    async def mark_done(self, inbox_ids: Sequence[int]) -> None:
        """Mark inbox rows done that were handled with no reply and nothing booked (ordinary talk);
        returns once committed, together with other marks (see :meth:`_mark`)."""
        await self._batched(_MARK_ALSO_DONE, {"ids": list(inbox_ids), "now": self.store.now()})

    async def _mark(self, ids: Sequence[int], status: str, message_id: str | None) -> None:
        params = {"ids": list(ids), "new_status": status, "now": self.store.now(), "mid": message_id}
        await self._batched(_MARK, params)

    async def _batched(self, stmt: Any, params: dict[str, Any]) -> None:
        """Run ``stmt`` with ``params`` and return once that is committed.  Marks asked for while
        another write of marks is in flight are committed together in the next one (one transaction
        for the marks of many chats: a busy bot pays one write for several, not one each)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._marks.append((stmt, params, done))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(self._flush())
        await done

    async def _flush(self) -> None:
        while self._marks:
            batch, self._marks = self._marks, []

            def write(conn: Connection, batch: list[tuple[Any, dict[str, Any], Any]] = batch) -> None:
                for stmt, params, _done in batch:
                    conn.execute(stmt, params)

            try:
                await self.store.run_write(write)
            except Exception as exc:  # every waiter hears of it (and retries)
                for _stmt, _params, done in batch:
                    if not done.done():
                        done.set_exception(exc)
            else:
                for _stmt, _params, done in batch:
                    if not done.done():
                        done.set_result(None)

    async def counts(self, platform: str) -> dict[str, int]:
        """``{status: rows}`` of the platform's outbox (health checks and tests)."""
        q = (
            select(outbox.c.status, func.count())
            .where(outbox.c.platform == platform)
            .group_by(outbox.c.status)
        )
        return await self.store.run_read(lambda conn: {r[0]: int(r[1]) for r in conn.execute(q)})


__all__ = [
    "BOOKING",
    "Booking",
    "InboxRowDone",
    "OlderPending",
    "Outbox",
    "OutboxRow",
    "active_booking",
    "older_pending",
    "write_replies",
]
