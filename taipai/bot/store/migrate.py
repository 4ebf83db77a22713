"""Run the Alembic migrations programmatically (``upgrade head`` at start-up and ``taipai migrate``)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "migrations"


def alembic_config() -> Config:
    """An Alembic :class:`Config` built in code (no ini file needed), pointing at the packaged scripts."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    return cfg


def head_revision() -> str:
    """The newest revision id shipped with this version of taipai (e.g. ``"0001"``)."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def _upgrade_sync(connection: Connection) -> None:
    cfg = alembic_config()
    cfg.attributes["connection"] = connection
    command.upgrade(cfg, "head")


def _current_sync(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


async def upgrade(engine: AsyncEngine) -> str:
    """Bring the database at ``engine`` to the newest schema; return the revision it is now at.

    Runs Alembic's ``upgrade head`` on one connection of the async engine through ``run_sync`` in
    a single transaction.  Idempotent: an up-to-date database is left alone.
    """
    async with engine.begin() as conn:
        await conn.run_sync(_upgrade_sync)
    return await current_revision(engine) or ""


async def current_revision(engine: AsyncEngine) -> str | None:
    """The revision the database is at, or ``None`` for a database never migrated."""
    async with engine.connect() as conn:
        return await conn.run_sync(_current_sync)
