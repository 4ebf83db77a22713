"""The event store (DESIGN §1 ``bot/store``): sessions and their append-only event logs.

SQLAlchemy 2 async Core on aiosqlite by default (``postgresql+asyncpg://`` later), the schema under
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
    default_db_path,
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
    "default_db_path",
    "sqlite_url",
]
