"""Per-chat data beside the event log (migration 0002): chat settings, seat claims, pending edits.

None of this is replayed: the table state comes from the event log alone.  These rows say *who* a
chat member is at a table, which language a chat reads, which message is its standing scoreboard,
and which edited hand message waits for a confirm button.  Every write is one transaction.

:func:`append_events` writes several events of one session in one transaction (a confirmed hand
correction is ``Undo`` + the corrected event: both or neither).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Select,
    String,
    Table,
    and_,
    bindparam,
    delete,
    exists,
    func,
    insert,
    literal,
    select,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from taipai.bot.store.outbox import write_replies
from taipai.bot.store.schema import OPEN, chats, edits, events, members, seasons, seat_memory, sessions
from taipai.bot.store.store import (
    ChatRef,
    DuplicateMessage,
    EventRow,
    SeqConflict,
    SessionNotOpen,
    SessionRow,
    Store,
    as_utc,
    event_row,
    lock_chat_sync,
    outbox_of,
    session_row,
    status_is,
)


@dataclass(frozen=True, slots=True)
class MemberRow:
    """A chat member known to a session: ``player`` is the seat name they claimed (or ``None``)."""

    session_id: int
    user_id: str
    display: str
    player: str | None
    creator: bool


@dataclass(frozen=True, slots=True)
class ChatView:
    """What one incoming message needs to know about its chat, read in one statement.

    ``booked``: the message id was booked before (a duplicate delivery).  ``session``: the chat's open
    session (``None``: no table open).  ``last_seq``: that session's highest event ``seq`` (0 without a
    session), which tells whether a cached table state is still current.  ``member``: the speaker's
    member row in that session (``None``: none, or no user id was asked for).  ``locale``: the chat's
    language (``chats.locale``, set by ``/lang`` or at 開枱; ``None``: never set), read with every
    message so that every worker process follows a change at once.  ``currency``: the ISO code the
    chat writes money in (``chats.currency``, set by ``貨幣`` / ``/currency``; ``None``: HKD), read the
    same way.
    """

    booked: bool
    session: SessionRow | None
    last_seq: int
    member: MemberRow | None
    locale: str | None = None
    currency: str | None = None


@dataclass(frozen=True, slots=True)
class MovedChat:
    """What :meth:`ChatData.move_chat` moved: ``sessions`` (with their events), whether ``old``'s
    open session was ``kept_open`` (the new chat had one), whether a ``settings`` row moved, and how
    many ``remembered`` seats (seat memory rows)."""

    sessions: int
    kept_open: bool
    settings: bool
    remembered: int


@dataclass(frozen=True, slots=True)
class EditRow:
    """An edited hand message waiting for confirmation: event ``seq`` of ``session_id`` → ``text``."""

    id: int
    session_id: int
    seq: int
    source_message_id: str
    speaker: str
    text: str
    created_at: datetime


def _view_statement() -> Select[Any]:
    """The statement behind :meth:`ChatData.view`, built once (bound: platform, chat_id,
    source_message_id, user_id).  It always returns one row: the open session (if any) is outer-joined
    to a one-row base, so the duplicate check and the chat's language come with or without a table."""
    platform, chat_id = bindparam("platform", type_=String()), bindparam("chat_id", type_=String())
    chat_locale = (
        select(chats.c.locale)
        .where(chats.c.platform == platform, chats.c.chat_id == chat_id)
        .scalar_subquery()
    )
    chat_currency = (
        select(chats.c.currency)
        .where(chats.c.platform == platform, chats.c.chat_id == chat_id)
        .scalar_subquery()
    )
    base = select(literal(1).label("one")).subquery("base")
    open_here = and_(sessions.c.platform == platform, sessions.c.chat_id == chat_id, status_is(OPEN))
    last = (
        select(func.coalesce(func.max(events.c.seq), 0))
        .where(events.c.session_id == sessions.c.id)
        .scalar_subquery()
    )
    booked = exists().where(
        events.c.platform == platform,
        events.c.chat_id == chat_id,
        events.c.source_message_id == bindparam("source_message_id", type_=String()),
    )
    seat = and_(
        members.c.session_id == sessions.c.id, members.c.user_id == bindparam("user_id", type_=String())
    )
    return (
        select(
            *sessions.c,
            last.label("last_seq"),
            booked.label("booked"),
            members.c.user_id.label("m_user"),
            members.c.display.label("m_display"),
            members.c.player.label("m_player"),
            members.c.creator.label("m_creator"),
            chat_locale.label("chat_locale"),
            chat_currency.label("chat_currency"),
        )
        .select_from(base.outerjoin(sessions, open_here).outerjoin(members, seat))
    )


_VIEW = _view_statement()


class ChatData:
    """Reads and writes the per-chat rows of ``store``'s database (see the module docstring).

    Each method is one :meth:`Store.run_read` / :meth:`Store.run_write` (one trip to the database
    thread on SQLite)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def _now(self) -> datetime:
        return self.store.now()

    # ------------------------------------------------------------------ chats
    async def chat_settings(self, chat: ChatRef) -> tuple[str | None, str | None]:
        """``(locale, scoreboard_message_id)`` of the chat; ``(None, None)`` when never set."""
        q = select(chats.c.locale, chats.c.scoreboard_message_id).where(
            chats.c.platform == chat.platform, chats.c.chat_id == chat.chat_id
        )

        def read(conn: Connection) -> tuple[str | None, str | None]:
            row = conn.execute(q).first()
            return (row[0], row[1]) if row else (None, None)

        return await self.store.run_read(read)

    async def chat_currency(self, chat: ChatRef) -> str | None:
        """The ISO 4217 code the chat shows money in (``chats.currency``, set by ``貨幣`` /
        ``/currency``); ``None`` when never set (the default, HKD: :mod:`taipai.bot.money_format`)."""
        q = select(chats.c.currency).where(chats.c.platform == chat.platform, chats.c.chat_id == chat.chat_id)

        def read(conn: Connection) -> str | None:
            value: str | None = conn.execute(q).scalar()
            return value

        return await self.store.run_read(read)

    async def first_privacy_warning(self, chat: ChatRef) -> bool:
        """Mark that ``chat`` was told privacy mode hides free text (``chats.privacy_warned_at``) and
        say whether this call was the first to do so: ``True`` exactly once per chat, whichever worker
        process asks first (one conditional ``UPDATE``, or the insert of the chat's row)."""
        now = self._now()
        where = (chats.c.platform == chat.platform, chats.c.chat_id == chat.chat_id)

        def write(conn: Connection) -> bool | None:
            done = conn.execute(
                update(chats).where(*where, chats.c.privacy_warned_at.is_(None)).values(privacy_warned_at=now)
            )
            if done.rowcount:
                return True
            if conn.execute(select(chats.c.chat_id).where(*where)).first() is not None:
                return False  # warned before
            try:
                with conn.begin_nested():
                    conn.execute(
                        insert(chats).values(
                            platform=chat.platform,
                            chat_id=chat.chat_id,
                            updated_at=now,
                            privacy_warned_at=now,
                        )
                    )
                return True
            except IntegrityError:  # another writer inserted the row first: look again
                return None

        for _attempt in range(3):
            first = await self.store.run_write(write)
            if first is not None:
                return first
        return False

    async def set_chat(self, chat: ChatRef, **values: str | None) -> None:
        """Set ``locale``, ``scoreboard_message_id`` and/or ``currency`` (an ISO code) of the chat
        (insert or update).

        Raises ``ValueError`` for any other key.
        """
        allowed = {"locale", "scoreboard_message_id", "currency"}
        if not values or set(values) - allowed:
            raise ValueError(f"set_chat takes {sorted(allowed)}, not {sorted(values)}")
        now = self._now()
        where = (chats.c.platform == chat.platform, chats.c.chat_id == chat.chat_id)

        def write(conn: Connection) -> bool:
            done = conn.execute(update(chats).where(*where).values(updated_at=now, **values))
            if done.rowcount:
                return True
            try:
                with conn.begin_nested():
                    conn.execute(
                        insert(chats).values(
                            platform=chat.platform, chat_id=chat.chat_id, updated_at=now, **values
                        )
                    )
                return True
            except IntegrityError:  # another writer inserted it first: update again
                return False

        for _attempt in range(3):
            if await self.store.run_write(write):
                return

    async def set_currency(self, chat: ChatRef, code: str) -> bool:
        """Set the chat's currency to ISO code ``code`` (``chats.currency``) and, in the same
        transaction, the open session's (``sessions.currency``): the night being played now reads in
        it; ended sessions keep theirs.  Returns whether a session was open.

        Raises:
            RuntimeError: three tries in a row lost the race to insert the chat's row.
        """
        now = self._now()
        where = (chats.c.platform == chat.platform, chats.c.chat_id == chat.chat_id)
        open_here = (
            sessions.c.platform == chat.platform,
            sessions.c.chat_id == chat.chat_id,
            status_is(OPEN),
        )

        def write(conn: Connection) -> bool | None:
            if not conn.execute(update(chats).where(*where).values(updated_at=now, currency=code)).rowcount:
                try:
                    with conn.begin_nested():
                        conn.execute(
                            insert(chats).values(
                                platform=chat.platform, chat_id=chat.chat_id, updated_at=now, currency=code
                            )
                        )
                except IntegrityError:  # another writer inserted the row first: update again
                    return None
            return bool(conn.execute(update(sessions).where(*open_here).values(currency=code)).rowcount)

        for _attempt in range(3):
            done = await self.store.run_write(write)
            if done is not None:
                return done
        raise RuntimeError(f"could not set the currency of {chat}")

    async def money_currency(self, chat: ChatRef) -> str | None:
        """The ISO code money is shown in for ``chat`` now: the open session's (``None`` for a
        session stored without one: HKD), else the chat's (``None``: never set, HKD); one read."""
        where = (chats.c.platform == chat.platform, chats.c.chat_id == chat.chat_id)
        open_here = (
            sessions.c.platform == chat.platform,
            sessions.c.chat_id == chat.chat_id,
            status_is(OPEN),
        )
        q_session = select(sessions.c.id, sessions.c.currency).where(*open_here)
        q_chat = select(chats.c.currency).where(*where)

        def read(conn: Connection) -> str | None:
            row = conn.execute(q_session).first()
            if row is not None:
                value: str | None = row[1]
                return value
            chosen: str | None = conn.execute(q_chat).scalar()
            return chosen

        return await self.store.run_read(read)

    # ------------------------------------------------------------------ one message
    async def view(self, chat: ChatRef, source_message_id: str | None, user_id: str | None) -> ChatView:
        """The :class:`ChatView` of ``chat`` for a message: duplicate check, open session, its last
        ``seq``, the member row of ``user_id`` and the chat's language, in one statement.

        Nothing is locked or cached: the ``seq`` and message-id unique keys still refuse a write
        made on a view that went stale (:class:`SeqConflict`, :class:`DuplicateMessage`).
        """
        params = {
            "platform": chat.platform,
            "chat_id": chat.chat_id,
            "source_message_id": source_message_id,  # NULL matches nothing: not booked
            "user_id": user_id,  # NULL matches nothing: no member row
        }

        def read(conn: Connection) -> ChatView:
            row = conn.execute(_VIEW, params).one()
            m = row._mapping
            locale, currency = m["chat_locale"], m["chat_currency"]
            if m["id"] is None:  # no table open
                return ChatView(bool(m["booked"]), None, 0, None, locale, currency)
            member = None
            if m["m_user"] is not None:
                member = MemberRow(m["id"], m["m_user"], m["m_display"], m["m_player"], bool(m["m_creator"]))
            return ChatView(bool(m["booked"]), session_row(row), int(m["last_seq"]), member, locale, currency)

        return await self.store.run_read(read)

    # ------------------------------------------------------------------ a chat that changed its id
    async def move_chat(self, old: ChatRef, new: ChatRef) -> MovedChat:
        """Move everything ``old`` holds to ``new`` in ONE transaction: a Telegram group that became a
        supergroup (``migrate_to_chat_id``) goes on under its new id with its tables.

        Moved: every session of ``old`` (the open one and the ended ones: the history and the stats
        read them) with their events (``events.chat_id``; their members and pending edits follow
        the sessions by id), the chat's settings row (language, currency; a value ``new`` already set
        is kept; the scoreboard message id is dropped, as message ids do not carry over), its seasons
        and its seat memory (a member ``new`` already remembers keeps that row).  Each event keeps its
        ``source_message_id`` (``"<old chat>:<message>"``), so a message of the old chat delivered
        again is still booked once.  The inbox and outbox keep their rows: they are the old chat's
        deliveries.

        Idempotent: a second call (the ``migrate_from_chat_id`` message after ``migrate_to_chat_id``)
        finds nothing left and moves nothing.  When ``new`` already has an open session, ``old``'s
        open session stays where it is (two open tables cannot share a chat) and
        :attr:`MovedChat.kept_open` says so; nothing is lost either way.

        Raises ``ValueError`` when ``old`` and ``new`` are not two chats of one platform.
        """
        if old.platform != new.platform or old.chat_id == new.chat_id:
            raise ValueError(f"cannot move {old} to {new}")
        now = self._now()
        where_old = (sessions.c.platform == old.platform, sessions.c.chat_id == old.chat_id)

        def write(conn: Connection) -> MovedChat:
            for chat in sorted((old, new), key=lambda c: c.chat_id):  # one order: no deadlock
                lock_chat_sync(conn, chat)
            open_new = conn.execute(
                select(sessions.c.id).where(
                    sessions.c.platform == new.platform, sessions.c.chat_id == new.chat_id, status_is(OPEN)
                )
            ).first()
            q = select(sessions.c.id, sessions.c.status).where(*where_old)
            rows = conn.execute(q).all()
            kept = [r.id for r in rows if r.status == OPEN and open_new is not None]
            ids = [r.id for r in rows if r.id not in kept]
            if ids:
                conn.execute(update(sessions).where(sessions.c.id.in_(ids)).values(chat_id=new.chat_id))
                conn.execute(update(events).where(events.c.session_id.in_(ids)).values(chat_id=new.chat_id))
            settings = _move_settings(conn, old, new, now)
            _move_keyed(conn, seasons, "number", old, new)
            remembered = _move_keyed(conn, seat_memory, "user_id", old, new)
            return MovedChat(len(ids), bool(kept), settings, remembered)

        return await self.store.run_write(write)

    # ------------------------------------------------------------------ members
    async def members(self, session_id: int) -> list[MemberRow]:
        """Every member row of the session."""
        q = select(members).where(members.c.session_id == session_id).order_by(members.c.id)
        return await self.store.run_read(lambda conn: [_member(r) for r in conn.execute(q)])

    async def member(self, session_id: int, user_id: str) -> MemberRow | None:
        """The member row of ``user_id`` in the session, or ``None``."""
        q = select(members).where(members.c.session_id == session_id, members.c.user_id == user_id)

        def read(conn: Connection) -> MemberRow | None:
            row = conn.execute(q).first()
            return _member(row) if row else None

        return await self.store.run_read(read)

    async def put_member(
        self,
        session_id: int,
        user_id: str,
        display: str,
        *,
        player: str | None = None,
        creator: bool | None = None,
        set_player: bool = False,
    ) -> None:
        """Insert or update the member row of ``user_id``: ``display`` always; ``player`` when
        ``set_player`` (``None`` leaves the seat); ``creator`` when not ``None``."""
        now = self._now()
        values: dict[str, Any] = {"display": display, "updated_at": now}
        if set_player:
            values["player"] = player
        if creator is not None:
            values["creator"] = creator
        where = (members.c.session_id == session_id, members.c.user_id == user_id)

        def write(conn: Connection) -> None:
            done = conn.execute(update(members).where(*where).values(**values))
            if not done.rowcount:
                row = {"player": None, "creator": False, **values}
                conn.execute(insert(members).values(session_id=session_id, user_id=user_id, **row))

        await self.store.run_write(write)

    async def claim_seat(
        self, session: SessionRow, user_id: str, display: str, player: str
    ) -> MemberRow | None:
        """Bind the seat ``player`` (a name of the table) to ``user_id`` in one transaction, unless
        another member holds it.

        Returns ``None`` when the seat is now ``user_id``'s (any seat they held before is given up:
        one seat per member), or the row of the member who holds it (then only the claimant's
        ``display`` is written, on a row without a seat if they had none).  Two claims of one seat
        from two workers bind at most one: the transaction's first statement is a write (the
        claimant's row), which on SQLite takes the database's write lock before the holder is read,
        and on PostgreSQL the chat's advisory lock is taken first.  The ``creator`` flag is kept.
        """
        now = self._now()
        held = select(members).where(
            members.c.session_id == session.id, members.c.player == player, members.c.user_id != user_id
        )
        where = (members.c.session_id == session.id, members.c.user_id == user_id)

        def write(conn: Connection) -> MemberRow | None:
            lock_chat_sync(conn, session.chat)
            touched = conn.execute(update(members).where(*where).values(display=display, updated_at=now))
            if not touched.rowcount:
                row = {"session_id": session.id, "user_id": user_id, "display": display, "updated_at": now}
                conn.execute(insert(members).values(player=None, creator=False, **row))
            other = conn.execute(held).first()
            if other is not None:
                return _member(other)
            conn.execute(update(members).where(*where).values(player=player))
            return None

        return await self.store.run_write(write)

    async def release_seat(self, session: SessionRow, player: str) -> MemberRow | None:
        """Free the seat ``player``: its holder's row keeps its ``creator`` flag and loses the seat.

        Returns the row as it was (who held it), or ``None`` when nobody held it (nothing written).
        """
        now = self._now()
        held = select(members).where(members.c.session_id == session.id, members.c.player == player)

        def write(conn: Connection) -> MemberRow | None:
            lock_chat_sync(conn, session.chat)
            row = conn.execute(held).first()
            if row is None:
                return None
            freed = _member(row)
            done = conn.execute(
                update(members)
                .where(members.c.id == row._mapping["id"], members.c.player == player)
                .values(player=None, updated_at=now)
            )
            return freed if done.rowcount else None  # freed meanwhile by another worker

        return await self.store.run_write(write)

    # ------------------------------------------------------------------ edits
    async def add_edit(
        self, session_id: int, seq: int, source_message_id: str, speaker: str, text: str
    ) -> EditRow:
        """Remember an edited hand message; returns the row (its ``id`` goes into the button)."""
        now = self._now()
        stmt = insert(edits).values(
            session_id=session_id,
            seq=seq,
            source_message_id=source_message_id,
            speaker=speaker,
            text=text,
            created_at=now,
        )
        new_id = await self.store.run_write(lambda conn: int(conn.execute(stmt).inserted_primary_key[0]))
        return EditRow(new_id, session_id, seq, source_message_id, speaker, text, now)

    async def edit(self, edit_id: int) -> EditRow | None:
        """The pending edit with this id, or ``None``."""
        q = select(edits).where(edits.c.id == edit_id)
        row = await self.store.run_read(lambda conn: conn.execute(q).first())
        if row is None:
            return None
        m = row._mapping
        return EditRow(
            m["id"],
            m["session_id"],
            m["seq"],
            m["source_message_id"],
            m["speaker"],
            m["text"],
            as_utc(m["created_at"]),  # type: ignore[arg-type]
        )

    async def event_for_message(self, chat: ChatRef, source_message_id: str) -> EventRow | None:
        """The event booked from this platform message in this chat, or ``None``."""
        q = select(events).where(
            events.c.platform == chat.platform,
            events.c.chat_id == chat.chat_id,
            events.c.source_message_id == source_message_id,
        )

        def read(conn: Connection) -> EventRow | None:
            row = conn.execute(q).first()
            return event_row(row) if row else None

        return await self.store.run_read(read)


async def append_events(
    store: Store,
    session: SessionRow,
    first_seq: int,
    items: Sequence[Mapping[str, Any]],
    *,
    replies: Sequence[Any] | None = None,
) -> list[EventRow]:
    """Append several events as ``first_seq, first_seq + 1, …`` of ``session`` in ONE transaction.

    ``replies`` go to the outbox in the same transaction, with the done mark of the inbox row being
    handled, when one is (see :meth:`Store.create_session`).

    Each item holds the keyword arguments of :meth:`Store.append_event` except ``seq`` and
    ``end_session`` (``speaker``, ``kind``, ``payload``, optional ``source_message_id``,
    ``source_text``, ``detail``).  Raises :class:`DuplicateMessage`, :class:`SeqConflict` or
    :class:`SessionNotOpen` like :meth:`Store.append_event`; nothing is written then.
    """
    chat = session.chat
    now = store.now()
    booking, payloads = outbox_of(chat, replies)

    def write(conn: Connection) -> list[EventRow]:
        lock_chat_sync(conn, chat)
        status = conn.execute(
            select(sessions.c.status).where(sessions.c.id == session.id)
        ).scalar_one_or_none()
        if status != OPEN:
            raise SessionNotOpen(f"session {session.id} is not open")
        out: list[EventRow] = []
        for i, item in enumerate(items):
            source = item.get("source_message_id")
            if source is not None and Store.booked_in(conn, chat, source):
                raise DuplicateMessage(chat.platform, chat.chat_id, source)
            ev = Store.insert_event(
                conn,
                session.id,
                first_seq + i,
                chat,
                source,
                item["speaker"],
                item["kind"],
                item["payload"],
                now,
                item.get("source_text"),
                item.get("detail"),
            )
            assert ev is not None  # written without the open check (checked above)
            out.append(ev)
        if booking is not None:
            write_replies(conn, booking, payloads, now)
        return out

    try:
        rows = await store.run_write(write)
    except IntegrityError as exc:
        for item in items:
            source = item.get("source_message_id")
            if source is not None and await store.is_booked(chat, source):
                raise DuplicateMessage(chat.platform, chat.chat_id, source) from exc
        raise SeqConflict(f"events from {first_seq} of session {session.id} were written first") from exc
    if booking is not None:
        booking.stored = True
    return rows


def _move_settings(conn: Connection, old: ChatRef, new: ChatRef, now: datetime) -> bool:
    """:meth:`ChatData.move_chat`'s settings row: ``old``'s values fill what ``new`` has not set."""
    here = (chats.c.platform == old.platform, chats.c.chat_id == old.chat_id)
    there = (chats.c.platform == new.platform, chats.c.chat_id == new.chat_id)
    row = conn.execute(select(chats).where(*here)).first()
    if row is None:
        return False
    kept = {k: v for k, v in row._mapping.items() if k in ("locale", "currency") and v is not None}
    target = conn.execute(select(chats).where(*there)).first()
    if target is None:
        conn.execute(
            insert(chats).values(platform=new.platform, chat_id=new.chat_id, updated_at=now, **kept)
        )
    else:
        fill = {k: v for k, v in kept.items() if target._mapping[k] is None}
        if fill:
            conn.execute(update(chats).where(*there).values(updated_at=now, **fill))
    conn.execute(delete(chats).where(*here))
    return True


def _move_keyed(conn: Connection, table: Table, key: str, old: ChatRef, new: ChatRef) -> int:
    """Move ``table``'s rows of ``old`` to ``new`` unless ``new`` has a row with the same ``key``
    (then ``new``'s is kept and ``old``'s dropped); returns how many moved."""
    col = table.c[key]
    here = (table.c.platform == old.platform, table.c.chat_id == old.chat_id)
    taken = select(col).where(table.c.platform == new.platform, table.c.chat_id == new.chat_id)
    moved = conn.execute(update(table).where(*here, col.not_in(taken)).values(chat_id=new.chat_id))
    conn.execute(delete(table).where(*here))
    return int(moved.rowcount or 0)


def _member(row: Any) -> MemberRow:
    m = row._mapping
    return MemberRow(m["session_id"], m["user_id"], m["display"], m["player"], bool(m["creator"]))


__all__ = ["ChatData", "ChatView", "EditRow", "MemberRow", "MovedChat", "append_events"]
