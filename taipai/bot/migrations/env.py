"""Alembic environment for taipai's event store.

Two ways in:

* **Programmatic** (what ``taipai`` does at start-up, see :func:`taipai.bot.store.migrate.upgrade`):
  the caller puts a live synchronous ``Connection`` in ``config.attributes["connection"]`` (from
  ``AsyncConnection.run_sync``) and this module migrates on it.
* **Command line**: ``alembic -c taipai/bot/alembic.ini -x url=sqlite+aiosqlite:///path.db upgrade head``
  (or ``sqlalchemy.url`` in the ini / ``DATABASE_URL``); an async engine is built and used through
  ``run_sync``.  ``--sql`` (offline) prints the DDL.
"""

from __future__ import annotations

import asyncio
import os

from alembic import context
from sqlalchemy import pool
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine

from taipai.bot.store.schema import metadata

config = context.config
target_metadata = metadata


def _url() -> str:
    url = context.get_x_argument(as_dictionary=True).get("url")
    return url or os.environ.get("DATABASE_URL") or config.get_main_option("sqlalchemy.url") or ""


def _configure(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


async def _run_async(url: str) -> None:
    engine = create_async_engine(url, poolclass=pool.NullPool)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(_configure)
    finally:
        await engine.dispose()


def run() -> None:
    """Entry point Alembic calls when it loads this script."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection)
    elif context.is_offline_mode():
        context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
    else:
        asyncio.run(_run_async(_url()))


run()
