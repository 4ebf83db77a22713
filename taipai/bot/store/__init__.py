"""The event store (DESIGN §1 ``bot/store``): sessions and their append-only event logs.

SQLAlchemy 2 async Core on aiosqlite by default, or PostgreSQL with ``postgresql+asyncpg://`` (several
workers on one database), the schema under
Alembic migrations run at start-up.  See :mod:`taipai.bot.store.store` for the API.
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
    "sqlite_url",
]
