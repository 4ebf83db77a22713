"""What the stats of a chat read (issue 15 item 6): its seasons, its sessions in a time range with
their last ``seq``, and their event payloads in one query.

Nothing here is a second source of truth: a season is only a start time (table ``seasons`` of
migration 0005), and every figure is computed from the event log by
:mod:`taipai.bot.service.stats`.  Season 1 of a chat starts implicitly at its first session, so a
chat that never started a season has no ``seasons`` row.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, insert, select
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from taipai.bot.store.schema import events, seasons, sessions
from taipai.bot.store.store import ChatRef, SessionRow, Store, as_utc, session_row

FIRST_SEASON = 1
"""The number of the season a chat is in before anyone starts one (it has no ``seasons`` row)."""


class SeasonTaken(Exception):
    """Another admin started the same season number at the same moment (the unique constraint)."""


@dataclass(frozen=True, slots=True)
class SeasonRow:
    """Season ``number`` of a chat, from ``started_at`` (aware UTC) by ``started_by`` (a display
    name); season 1 without a row has ``started_at`` ``None`` (it starts at the chat's first session)."""

    number: int
    started_at: datetime | None
    started_by: str = ""


@dataclass(frozen=True, slots=True)
class SessionSpan:
    """A session of the chat and the ``seq`` of its last event (0 when it has none)."""

    session: SessionRow
    last_seq: int


class SeasonData:
    """The reads and the one write of the stats (see the module docstring); each method is one
    :meth:`Store.run_read` / :meth:`Store.run_write`.

    Args:
        store: an open :class:`~taipai.bot.store.Store`.
    """

    def __init__(self, store: Store) -> None:
        self.store = store

    async def current_season(self, chat: ChatRef) -> SeasonRow:
        """The chat's season now: its highest-numbered ``seasons`` row, else season 1 (no row,
        ``started_at`` ``None``)."""
        q = (
            select(seasons.c.number, seasons.c.started_at, seasons.c.started_by)
            .where(seasons.c.platform == chat.platform, seasons.c.chat_id == chat.chat_id)
            .order_by(seasons.c.number.desc())
            .limit(1)
        )

        def read(conn: Connection) -> SeasonRow:
            row = conn.execute(q).first()
            if row is None:
                return SeasonRow(FIRST_SEASON, None)
            return SeasonRow(row[0], as_utc(row[1]), row[2])

        return await self.store.run_read(read)

    async def start_season(self, chat: ChatRef, number: int, started_by: str) -> SeasonRow:
        """Store season ``number`` of the chat as starting now (the store's clock).

        Raises:
            SeasonTaken: that number exists already (two admins at once: one of them wins).
        """
        now = self.store.now()

        def write(conn: Connection) -> SeasonRow:
            try:
                with conn.begin_nested():
                    conn.execute(
                        insert(seasons).values(
                            platform=chat.platform,
                            chat_id=chat.chat_id,
                            number=number,
                            started_at=now,
                            started_by=started_by,
                        )
                    )
            except IntegrityError as exc:
                raise SeasonTaken(f"{chat}: season {number} exists") from exc
            return SeasonRow(number, now, started_by)

        return await self.store.run_write(write)

    async def spans(
        self, chat: ChatRef, *, since: datetime | None = None, until: datetime | None = None
    ) -> list[SessionSpan]:
        """The chat's sessions opened at or after ``since`` and before ``until`` (aware datetimes;
        ``None``: no bound), oldest first, each with its last ``seq``: one query."""
        last = (
            select(events.c.session_id, func.max(events.c.seq).label("last_seq"))
            .group_by(events.c.session_id)
            .subquery()
        )
        q = (
            select(sessions, func.coalesce(last.c.last_seq, 0).label("last_seq"))
            .select_from(sessions.outerjoin(last, last.c.session_id == sessions.c.id))
            .where(sessions.c.platform == chat.platform, sessions.c.chat_id == chat.chat_id)
            .order_by(sessions.c.id)
        )
        if since is not None:
            q = q.where(sessions.c.created_at >= since)
        if until is not None:
            q = q.where(sessions.c.created_at < until)

        def read(conn: Connection) -> list[SessionSpan]:
            return [SessionSpan(session_row(r), int(r._mapping["last_seq"])) for r in conn.execute(q)]

        return await self.store.run_read(read)

    async def first_session_at(self, chat: ChatRef) -> datetime | None:
        """When the chat's first session was opened (season 1's start), or ``None``."""
        q = select(func.min(sessions.c.created_at)).where(
            sessions.c.platform == chat.platform, sessions.c.chat_id == chat.chat_id
        )
        return await self.store.run_read(lambda conn: as_utc(conn.execute(q).scalar()))

    async def payloads(self, session_ids: Sequence[int]) -> dict[int, list[dict[str, Any]]]:
        """The event payloads (each event's ``to_dict()``) of these sessions in ``seq`` order, by
        session id: one query (in chunks of 500 ids), only the columns a replay reads."""
        ids = list(session_ids)

        def read(conn: Connection) -> dict[int, list[dict[str, Any]]]:
            out: dict[int, list[dict[str, Any]]] = {i: [] for i in ids}
            for at in range(0, len(ids), 500):
                q = (
                    select(events.c.session_id, events.c.payload)
                    .where(events.c.session_id.in_(ids[at : at + 500]))
                    .order_by(events.c.session_id, events.c.seq)
                )
                for session_id, payload in conn.execute(q):
                    out[session_id].append(json.loads(payload))
            return out

        return await self.store.run_read(read)
