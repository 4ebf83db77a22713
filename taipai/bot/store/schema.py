"""Table definitions of the event store (SQLAlchemy Core).

These :class:`~sqlalchemy.Table` objects are what the store's queries are written against.  The
database schema itself is created and changed only by the Alembic migrations in
``taipai/bot/migrations/versions/``; a test checks that a migrated database matches this metadata.

``sessions``
    One row per table session in a chat.  ``status`` is ``'open'`` or ``'ended'``; a partial unique
    index allows at most one open session per ``(platform, chat_id)`` (SQLite and PostgreSQL both
    honour ``WHERE status = 'open'``).
``events``
    The append-only event log.  ``seq`` counts 1, 2, 3 … within a session (unique per session);
    ``(platform, chat_id, source_message_id)`` is unique so a platform message delivered twice is
    booked once (``NULL`` ids, e.g. terminal lines, never collide).  ``payload`` is the event's
    ``to_dict()`` as JSON text (what is replayed); ``source_text`` is the message as typed and ``detail``
    optional JSON the service keeps for display (e.g. a hand's score breakdown); neither is replayed.
    Timestamps are UTC, written by the store.
``chats`` (migration 0002)
    Per-chat settings: ``locale`` (``/lang``; ``NULL`` = follow the client's language) and the id of
    the standing scoreboard message an adapter edits in place.
``members`` (migration 0002)
    Chat members known to a session: platform ``user_id``, ``display`` name, the ``player`` (seat
    name) they claimed with ``坐 南`` (``NULL`` = none) and whether they opened the table (``creator``).
``edits`` (migration 0002)
    A hand message edited after it was booked (event ``seq`` of ``session_id``): the new ``text``
    waiting for a confirm button; confirming books ``Undo`` + the corrected event.
``inbox`` (migration 0003)
    Every platform update, stored before the platform is told it arrived: ``update_key`` (Telegram's
    ``update_id``) is unique per ``platform``, so a redelivered update is stored once; ``payload`` is
    the update as the platform sent it (JSON text); ``status`` ``'pending'`` until the update has been
    handled (its event and replies written in the same transaction as ``'done'``).
``outbox`` (migration 0003)
    Every reply to post: ``payload`` (JSON: text, buttons, the message it quotes, an optional file),
    written in the transaction that books its event (or marks its inbox row done); ``status``
    ``'pending'`` until the platform accepted it (``'sent'``, with the platform's ``message_id``) or
    refused it for good (``'failed'``).
``chats.currency``, ``sessions.currency``, ``seasons``, ``seat_memory`` (migration 0005)
    The chat's currency (ISO code, ``NULL`` = HKD), the currency of each session's money (stamped at
    開枱 from the chat's, changed by 貨幣 while it is open; ``NULL`` = HKD) and when the group was
    told that privacy mode hides free text (``privacy_warned_at``, once per group); season
    ``number`` of a chat from ``started_at`` (stats of a season cover the sessions opened in it,
    computed from the event log); the player name and seat (0–3 in 開枱 order) a ``user_id`` last
    held in the chat, to seat them again next night.
``chat_leases`` (migration 0003)
    Which worker process drains a chat's inbox and outbox now (``owner``) and until when
    (``expires_at``): one worker per chat at a time, and a dead worker's chats are taken over.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
    text,
)

NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

metadata = MetaData(naming_convention=NAMING)

# BIGINT on PostgreSQL, but INTEGER on SQLite so the column is the rowid and autoincrements.
Id = BigInteger().with_variant(Integer(), "sqlite")

OPEN = "open"
ENDED = "ended"
PENDING = "pending"
DONE = "done"
SENT = "sent"
FAILED = "failed"

LEGACY_SYSTEM = "hk-taiwan"
"""The rule system of a session whose first event does not name one (every session before migration 0004)."""

sessions = Table(
    "sessions",
    metadata,
    Column("id", Id, primary_key=True, autoincrement=True),
    Column("platform", String(32), nullable=False),
    Column("chat_id", String(128), nullable=False),
    Column("status", String(8), nullable=False, server_default=OPEN),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("ended_at", DateTime(timezone=True), nullable=True),
    Column("creator", String(128), nullable=False),
    Column("system", String(32), nullable=False, server_default=LEGACY_SYSTEM),
    Column("currency", String(8), nullable=True),
    Index(
        "uq_sessions_one_open_per_chat",
        "platform",
        "chat_id",
        unique=True,
        sqlite_where=text("status = 'open'"),
        postgresql_where=text("status = 'open'"),
    ),
    Index("ix_sessions_platform_chat_id", "platform", "chat_id"),
)

events = Table(
    "events",
    metadata,
    Column("id", Id, primary_key=True, autoincrement=True),
    Column("session_id", Id, ForeignKey("sessions.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("platform", String(32), nullable=False),
    Column("chat_id", String(128), nullable=False),
    Column("source_message_id", String(128), nullable=True),
    Column("speaker", String(128), nullable=False),
    Column("kind", String(32), nullable=False),
    Column("payload", Text, nullable=False),
    Column("source_text", Text, nullable=True),
    Column("detail", Text, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("session_id", "seq"),
    UniqueConstraint("platform", "chat_id", "source_message_id"),
)

chats = Table(
    "chats",
    metadata,
    Column("platform", String(32), primary_key=True),
    Column("chat_id", String(128), primary_key=True),
    Column("locale", String(16), nullable=True),
    Column("scoreboard_message_id", String(128), nullable=True),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("currency", String(8), nullable=True),
    Column("privacy_warned_at", DateTime(timezone=True), nullable=True),
)

seasons = Table(
    "seasons",
    metadata,
    Column("id", Id, primary_key=True, autoincrement=True),
    Column("platform", String(32), nullable=False),
    Column("chat_id", String(128), nullable=False),
    Column("number", Integer, nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("started_by", String(128), nullable=False),
    UniqueConstraint("platform", "chat_id", "number"),
)

seat_memory = Table(
    "seat_memory",
    metadata,
    Column("platform", String(32), primary_key=True),
    Column("chat_id", String(128), primary_key=True),
    Column("user_id", String(128), primary_key=True),
    Column("player", String(128), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("display", String(128), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

members = Table(
    "members",
    metadata,
    Column("id", Id, primary_key=True, autoincrement=True),
    Column("session_id", Id, ForeignKey("sessions.id"), nullable=False),
    Column("user_id", String(128), nullable=False),
    Column("display", String(128), nullable=False),
    Column("player", String(128), nullable=True),
    Column("creator", Boolean, nullable=False, server_default=false()),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("session_id", "user_id"),
)

edits = Table(
    "edits",
    metadata,
    Column("id", Id, primary_key=True, autoincrement=True),
    Column("session_id", Id, ForeignKey("sessions.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("source_message_id", String(128), nullable=False),
    Column("speaker", String(128), nullable=False),
    Column("text", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

inbox = Table(
    "inbox",
    metadata,
    Column("id", Id, primary_key=True, autoincrement=True),
    Column("platform", String(32), nullable=False),
    Column("update_key", String(128), nullable=False),
    Column("chat_id", String(128), nullable=False),
    Column("payload", Text, nullable=False),
    Column("status", String(8), nullable=False, server_default=PENDING),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("done_at", DateTime(timezone=True), nullable=True),
    UniqueConstraint("platform", "update_key"),
    Index(
        "ix_inbox_pending",
        "platform",
        "chat_id",
        "id",
        sqlite_where=text("status = 'pending'"),
        postgresql_where=text("status = 'pending'"),
    ),
)

outbox = Table(
    "outbox",
    metadata,
    Column("id", Id, primary_key=True, autoincrement=True),
    Column("platform", String(32), nullable=False),
    Column("chat_id", String(128), nullable=False),
    Column("inbox_id", Id, ForeignKey("inbox.id"), nullable=True),
    Column("payload", Text, nullable=False),
    Column("status", String(8), nullable=False, server_default=PENDING),
    Column("attempts", Integer, nullable=False, server_default=text("0")),
    Column("message_id", String(128), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("sent_at", DateTime(timezone=True), nullable=True),
    Index(
        "ix_outbox_pending",
        "platform",
        "chat_id",
        "id",
        sqlite_where=text("status = 'pending'"),
        postgresql_where=text("status = 'pending'"),
    ),
)

chat_leases = Table(
    "chat_leases",
    metadata,
    Column("platform", String(32), primary_key=True),
    Column("chat_id", String(128), primary_key=True),
    Column("owner", String(128), nullable=True),
    Column("expires_at", DateTime(timezone=True), nullable=True),
)
