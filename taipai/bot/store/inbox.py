"""The inbox (DESIGN §1 ``store``): every platform update is written here before the platform is told
it arrived, and booking reads from here.

**Guarantee.**  :meth:`Inbox.put` stores a batch of updates in ONE transaction and returns only after
the commit; the caller acknowledges the batch to the platform after that (polling: the next
``getUpdates`` offset; webhook: the HTTP 200).  ``(platform, update_key)`` is unique, so an update
delivered twice (a redelivery, two webhook workers) is stored once.  A row stays ``pending`` until
its handling is committed together with its replies (:mod:`taipai.bot.store.outbox`), so a crash
at any point leaves it to be handled again after a restart; the events' own
``(platform, chat_id, source_message_id)`` key still books a redelivered message once.

**Leases.**  With several worker processes on one database, a chat's rows are handled by one process
at a time: the one holding the chat's row in ``chat_leases`` (``owner``, ``expires_at``).
:meth:`Inbox.put` claims the lease of each chat in its batch in the same transaction (a chat whose
lease another live process holds is left to that process); the holder renews its leases
(:meth:`Inbox.renew`) and any process takes over a lease that expired, or whose owner is a process
of the same host that is no longer running (:func:`owner_is_dead`), so a dead worker's chats do not
wait for it to restart.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import and_, bindparam, delete, exists, func, literal_column, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from taipai.bot.store.schema import DONE, PENDING, chat_leases, inbox, outbox


@dataclass(frozen=True, slots=True)
class Incoming:
    """One update as received: ``update_key`` (unique per platform, e.g. Telegram's ``update_id``),
    the ``chat_id`` it belongs to (``""`` when it has none) and ``payload``, the update's JSON object."""

    update_key: str
    chat_id: str
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class InboxRow:
    """One stored update: ``id`` orders a chat's rows (arrival order); ``payload`` is decoded."""

    id: int
    platform: str
    update_key: str
    chat_id: str
    payload: dict[str, Any]


def new_owner() -> str:
    """A lease owner id for this process: ``<host>:<pid>:<random>`` (unique across restarts)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


def owner_is_dead(owner: str, me: str) -> bool:
    """True when ``owner`` is a process of this host that no longer runs: its pid is gone, or is this
    process's own pid under another owner id (a restarted container's pid 1).  Owners of other hosts
    are never judged dead here (their leases expire instead)."""
    host, _sep, rest = owner.partition(":")
    pid_text = rest.partition(":")[0]
    if host != socket.gethostname() or not pid_text.isdigit() or owner == me:
        return False
    pid = int(pid_text)
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


_INBOX_PENDING = literal_column(f"'{PENDING}'", inbox.c.status.type)
_OUTBOX_PENDING = literal_column(f"'{PENDING}'", outbox.c.status.type)


_INSERTS = {
    "postgresql": {t.name: postgresql.insert(t).on_conflict_do_nothing() for t in (inbox, chat_leases)},
    "sqlite": {t.name: sqlite.insert(t).on_conflict_do_nothing() for t in (inbox, chat_leases)},
}
_INSERT_UPDATE = {d: stmts["inbox"].returning(inbox.c.id) for d, stmts in _INSERTS.items()}


def _insert_ignoring_duplicates(conn: Connection, table: Any) -> Any:
    """``INSERT … ON CONFLICT DO NOTHING`` in the connection's dialect (built once per dialect)."""
    try:
        return _INSERTS[conn.dialect.name][table.name]
    except KeyError:  # pragma: no cover - the store runs on SQLite and PostgreSQL only
        raise NotImplementedError(f"no INSERT … ON CONFLICT for {conn.dialect.name}") from None


_PENDING_ROWS = (
    select(inbox)
    .where(
        inbox.c.platform == bindparam("platform"),
        inbox.c.chat_id == bindparam("chat_id"),
        inbox.c.status == _INBOX_PENDING,
        inbox.c.id > bindparam("after_id"),
    )
    .order_by(inbox.c.id)
    .limit(bindparam("limit"))
)


def claim_sync(
    conn: Connection,
    platform: str,
    chats: Collection[str],
    owner: str,
    now: datetime,
    until: datetime,
    steal_from: Collection[str] = (),
) -> set[str]:
    """In the caller's transaction: take the lease of each of ``chats`` that is free, expired, ours
    already, or held by one of ``steal_from`` (dead owners); return the chats now leased to ``owner``."""
    if not chats:
        return set()
    conn.execute(
        _insert_ignoring_duplicates(conn, chat_leases),
        [{"platform": platform, "chat_id": c, "owner": None, "expires_at": None} for c in chats],
    )
    got: set[str] = set()
    # one statement per chat (built once): a batch rarely spans more than a few chats
    params = {"lp": platform, "me": owner, "now": now, "until": until, "dead": list(steal_from)}
    for chat_id in chats:
        done = conn.execute(_CLAIM, {**params, "lc": chat_id})
        if done.rowcount == 1:
            got.add(chat_id)
    return got


_CLAIM = (
    update(chat_leases)
    .where(
        chat_leases.c.platform == bindparam("lp"),
        chat_leases.c.chat_id == bindparam("lc"),
        or_(
            chat_leases.c.owner.is_(None),
            chat_leases.c.owner == bindparam("me"),
            chat_leases.c.expires_at <= bindparam("now"),
            chat_leases.c.owner.in_(bindparam("dead", expanding=True)),
        ),
    )
    .values(owner=bindparam("me"), expires_at=bindparam("until"))
)


class Inbox:
    """The inbox rows and chat leases of one platform in one database.

    Args:
        store: an open :class:`~taipai.bot.store.Store`.
        platform: ``"telegram"``, ``"discord"`` …; every method keeps to that platform's rows.
        owner: this process's lease owner id (default :func:`new_owner`).
        lease: seconds a lease lasts unless renewed.
    """

    def __init__(self, store: Any, platform: str, *, owner: str | None = None, lease: float = 15.0) -> None:
        self.store = store
        self.platform = platform
        self.owner = owner or new_owner()
        self.lease = lease

    def _until(self, now: datetime) -> datetime:
        return now + timedelta(seconds=self.lease)

    async def put(
        self, items: Sequence[Incoming], *, held: Collection[str] = (), steal_from: Collection[str] = ()
    ) -> tuple[list[InboxRow], set[str]]:
        """Store ``items`` (one transaction) and claim their chats' leases; return the rows new to the
        inbox (a redelivered update is not returned again) and the chats now leased to this process.
        ``held``: chats whose lease this process holds already (not claimed again; :meth:`renew`
        keeps them); ``steal_from``: owners known to be dead.

        Returns only after the commit: the platform may be told the updates arrived.  Database
        errors propagate (nothing is stored then; do not acknowledge).
        """
        if not items:
            return [], set()
        now = self.store.now()
        until = self._until(now)
        platform, owner = self.platform, self.owner
        held, steal_from = set(held), set(steal_from)  # copies: the write runs in another thread

        def write(conn: Connection) -> tuple[list[InboxRow], set[str]]:
            new: list[InboxRow] = []
            stmt = _INSERT_UPDATE[conn.dialect.name]
            for item in items:
                new_id = conn.execute(
                    stmt,
                    {
                        "platform": platform,
                        "update_key": item.update_key,
                        "chat_id": item.chat_id,
                        "payload": json.dumps(item.payload, ensure_ascii=False, separators=(",", ":")),
                        "status": PENDING,
                        "created_at": now,
                    },
                ).scalar_one_or_none()
                if new_id is not None:
                    new.append(InboxRow(int(new_id), platform, item.update_key, item.chat_id, item.payload))
            chats = {row.chat_id for row in new}
            claimed = claim_sync(conn, platform, chats - held, owner, now, until, steal_from)
            return new, claimed | (chats & held)

        return await self.store.run_write(write)

    async def pending(self, chat_id: str, *, after_id: int = 0, limit: int = 20) -> list[InboxRow]:
        """The chat's pending rows with ``id > after_id``, oldest first (at most ``limit``)."""
        params = {"platform": self.platform, "chat_id": chat_id, "after_id": after_id, "limit": limit}

        def read(conn: Connection) -> list[InboxRow]:
            return [
                InboxRow(r.id, r.platform, r.update_key, r.chat_id, json.loads(r.payload))
                for r in conn.execute(_PENDING_ROWS, params)
            ]

        return await self.store.run_read(read)

    async def older_pending(self, chat_id: str, inbox_id: int) -> bool:
        """True when the chat has a pending row older than ``inbox_id`` (stored by another process)."""
        from taipai.bot.store.outbox import older_pending

        return await self.store.run_read(lambda conn: older_pending(conn, self.platform, chat_id, inbox_id))

    async def waiting_chats(self) -> tuple[set[str], dict[str, str | None]]:
        """The chats with pending inbox rows or pending replies, and each one's lease owner now
        (``None``: no live lease), for the sweep."""
        p = self.platform
        now = self.store.now()
        chats_q = (
            select(inbox.c.chat_id)
            .where(inbox.c.platform == p, inbox.c.status == _INBOX_PENDING)
            .group_by(inbox.c.chat_id)
            .union(
                select(outbox.c.chat_id)
                .where(outbox.c.platform == p, outbox.c.status == _OUTBOX_PENDING)
                .group_by(outbox.c.chat_id)
            )
        )

        def read(conn: Connection) -> tuple[set[str], dict[str, str | None]]:
            chats = {r[0] for r in conn.execute(chats_q)}
            owners: dict[str, str | None] = {}
            if chats:
                q = select(chat_leases.c.chat_id, chat_leases.c.owner, chat_leases.c.expires_at).where(
                    chat_leases.c.platform == p, chat_leases.c.chat_id.in_(list(chats))
                )
                for chat_id, holder, expires in conn.execute(q):
                    live = holder is not None and expires is not None and _aware(expires) > now
                    owners[chat_id] = holder if live else None
            return chats, owners

        return await self.store.run_read(read)

    async def claim(self, chats: Collection[str], *, steal_from: Collection[str] = ()) -> set[str]:
        """Take the leases of ``chats`` that are free, expired, ours or held by ``steal_from``."""
        now = self.store.now()
        until = self._until(now)
        return await self.store.run_write(
            lambda conn: claim_sync(conn, self.platform, chats, self.owner, now, until, steal_from)
        )

    async def renew(self, release: Collection[str] = ()) -> None:
        """Extend every lease this process holds by :attr:`lease` seconds and give up those of
        ``release`` (idle chats), in one transaction.  A lease of ``release`` claimed again since
        this call began (its expiry is newer) is kept: an update of that chat came meanwhile."""
        now = self.store.now()
        mine = and_(chat_leases.c.platform == self.platform, chat_leases.c.owner == self.owner)
        release = list(release)

        def write(conn: Connection) -> None:
            if release:
                conn.execute(
                    update(chat_leases)
                    .where(
                        mine,
                        chat_leases.c.chat_id.in_(release),
                        chat_leases.c.expires_at < self._until(now),
                    )
                    .values(owner=None, expires_at=None)
                )
            conn.execute(update(chat_leases).where(mine).values(expires_at=self._until(now)))

        await self.store.run_write(write)

    async def prune(self, before: datetime, *, limit: int = 1000) -> int:
        """Delete up to ``limit`` handled updates done before ``before`` and replies sent or given up
        that were stored before it (never a pending row, nor an update whose reply is kept); return
        the updates deleted.  The inbox and the outbox are transport buffers, not the ledger: the
        event log keeps every booked event, and a platform redelivers an update only within hours."""
        p = self.platform

        def write(conn: Connection) -> int:
            old_replies = (
                select(outbox.c.id)
                .where(
                    outbox.c.platform == p, outbox.c.status != _OUTBOX_PENDING, outbox.c.created_at < before
                )
                .limit(limit)
            )
            conn.execute(delete(outbox).where(outbox.c.id.in_(old_replies.scalar_subquery())))
            old_updates = (
                select(inbox.c.id)
                .where(
                    inbox.c.platform == p,
                    inbox.c.status == literal_column(f"'{DONE}'", inbox.c.status.type),
                    inbox.c.done_at < before,
                    ~exists().where(outbox.c.inbox_id == inbox.c.id),
                )
                .limit(limit)
            )
            return int(
                conn.execute(delete(inbox).where(inbox.c.id.in_(old_updates.scalar_subquery()))).rowcount
            )

        return await self.store.run_write(write)

    async def release_all(self) -> None:
        """Give up every lease of this process (a clean stop: other workers take the chats at once)."""
        stmt = (
            update(chat_leases)
            .where(chat_leases.c.platform == self.platform, chat_leases.c.owner == self.owner)
            .values(owner=None, expires_at=None)
        )
        await self.store.run_write(lambda conn: conn.execute(stmt))

    async def lease_owner(self, chat_id: str) -> str | None:
        """The owner of the chat's lease now (``None``: none or expired)."""
        now = self.store.now()
        q = select(chat_leases.c.owner, chat_leases.c.expires_at).where(
            chat_leases.c.platform == self.platform, chat_leases.c.chat_id == chat_id
        )

        def read(conn: Connection) -> str | None:
            row = conn.execute(q).first()
            if row is None or row[0] is None or row[1] is None or _aware(row[1]) <= now:
                return None
            return str(row[0])

        return await self.store.run_read(read)

    async def counts(self) -> dict[str, int]:
        """``{status: rows}`` of the platform's inbox (health checks and tests)."""
        q = (
            select(inbox.c.status, func.count())
            .where(inbox.c.platform == self.platform)
            .group_by(inbox.c.status)
        )
        return await self.store.run_read(lambda conn: {r[0]: int(r[1]) for r in conn.execute(q)})


def _aware(value: datetime) -> datetime:
    # SQLite hands back naive datetimes; everything the store writes is UTC.
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


__all__ = [
    "Inbox",
    "InboxRow",
    "Incoming",
    "claim_sync",
    "new_owner",
    "owner_is_dead",
]
