"""The event store (DESIGN §1 ``bot/store``): sessions and their append-only event logs.

SQLAlchemy 2 Core behind an async API: an SQLite file by default (``sqlite+aiosqlite://`` URLs; the
store's own statements run on a pysqlite engine on the same file in worker threads), or PostgreSQL
with ``postgresql+asyncpg://`` (several workers on one database), the schema under Alembic
migrations run at start-up.  See :mod:`taipai.bot.store.store` for the API.
"""

from taipai.bot.store.store import (
    ChatRef,
    DuplicateMessage,
    EventRow,
    SeqConflict,
    SessionAlreadyOpen,
    SessionNotOpen,
    SessionRow,
    Store,
    StoreError,
    chat_lock_key,
    default_db_path,
    lock_chat,
    lock_chat_sync,
    sqlite_url,
)

__all__ = [
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
    "sqlite_url",
]
