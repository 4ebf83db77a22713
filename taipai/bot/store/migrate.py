"""Run the Alembic migrations programmatically (``upgrade head`` at start-up and ``taipai migrate``).

Alembic is imported only when the database is not already at :data:`HEAD`, which keeps start-up of
an up-to-date ``taipai`` fast.  A test checks that :data:`HEAD` is the scripts' real head.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "migrations"
HEAD = "0005"
"""The newest revision shipped in ``migrations/versions`` (bump it with each new migration)."""
MIGRATION_LOCK = 0x7461697061690001
"""PostgreSQL advisory lock key held while migrating, so workers starting together migrate once."""


def alembic_config() -> Config:
    """An Alembic :class:`Config` built in code (no ini file needed), pointing at the packaged scripts."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    return cfg


def head_revision() -> str:
    """The head revision according to the migration scripts themselves (e.g. ``"0001"``)."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def upgrade_connection(connection: Connection) -> None:
    """Alembic's ``upgrade head`` on ``connection`` (a synchronous connection whose transaction the
    caller owns and commits: :func:`upgrade`)."""
    from alembic import command

    cfg = alembic_config()
    cfg.attributes["connection"] = connection
    command.upgrade(cfg, "head")


async def upgrade(engine: AsyncEngine) -> str:
    """Bring the database at ``engine`` to the newest schema; return the revision it is now at.

    Runs Alembic's ``upgrade head`` on one connection of the async engine through ``run_sync`` in
    a single transaction (on SQLite too: a start killed while migrating leaves the database as it
    was), unless the database is already at :data:`HEAD`.  Idempotent.  On
    PostgreSQL the transaction first takes the advisory lock :data:`MIGRATION_LOCK`, so of several
    workers starting at once one migrates and the others then find the schema at head.
    """
    if await current_revision(engine) == HEAD:
        return HEAD
    async with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            await conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        elif conn.dialect.name == "sqlite":
            # Python's sqlite3 opens a transaction only before INSERT/UPDATE/DELETE, so each CREATE
            # TABLE would commit on its own and a process killed mid-migration would leave half a
            # schema that no later start can migrate.  An explicit BEGIN makes the DDL one transaction
            # (SQLite's DDL is transactional): all of it is there, or none.
            await conn.exec_driver_sql("BEGIN IMMEDIATE")
        await conn.run_sync(upgrade_connection)
    return await current_revision(engine) or ""


async def current_revision(engine: AsyncEngine) -> str | None:
    """The revision the database is at, or ``None`` for a database never migrated."""
    async with engine.connect() as conn:
        try:
            rows = (await conn.execute(text("SELECT version_num FROM alembic_version"))).scalars().all()
        except DBAPIError:
            return None
    return rows[0] if len(rows) == 1 else None
