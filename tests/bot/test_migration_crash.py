"""A start killed while it migrates leaves the database as it was (QA of issue 15: ``kill -9`` at the
very first start of ``taipai`` left the tables of half a schema and no ``alembic_version`` row, and every
later start failed with 「table sessions already exists」).

SQLite's DDL is transactional, but Python's sqlite3 begins a transaction only before DML, so
:func:`taipai.bot.store.migrate.upgrade` begins one itself.  The child process below runs the real
migration, announces that every table is created but nothing committed, and waits to be killed.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from taipai.bot.store import Store, migrate, sqlite_url

CHILD = r"""
import asyncio, sys, time
from taipai.bot.store import Store, migrate, sqlite_url

real = migrate.upgrade_connection

def upgrade_then_hang(connection):
    real(connection)  # every table created, the transaction still open
    print("migrated, not committed", flush=True)
    time.sleep(60)

migrate.upgrade_connection = upgrade_then_hang
asyncio.run(Store.open(sqlite_url(sys.argv[1])))
"""


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


@pytest.mark.asyncio
async def test_a_start_killed_while_migrating_leaves_no_half_schema(tmp_path: Path) -> None:
    db = tmp_path / "first-start.db"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db)], stdout=subprocess.PIPE, text=True, env=dict(os.environ)
    )
    try:
        assert child.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(child.stdout.readline), 60)
        assert line.strip() == "migrated, not committed"
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(30)
    assert tables(db) == set()  # nothing of the killed migration stays
    store = await Store.open(sqlite_url(db))  # and the next start migrates from scratch
    try:
        assert await migrate.current_revision(store.engine) == migrate.HEAD
    finally:
        await store.close()
    assert {"sessions", "events", "chats", "seasons", "seat_memory", "alembic_version"} <= tables(db)


@pytest.mark.asyncio
async def test_a_migration_that_fails_halfway_is_rolled_back(tmp_path: Path, monkeypatch) -> None:
    db = tmp_path / "failed.db"
    real = migrate.upgrade_connection

    def upgrade_then_fail(connection):  # type: ignore[no-untyped-def]
        real(connection)
        raise RuntimeError("the disk filled up")

    monkeypatch.setattr(migrate, "upgrade_connection", upgrade_then_fail)
    with pytest.raises(RuntimeError, match="the disk filled up"):
        await Store.open(sqlite_url(db))
    assert tables(db) == set()
    monkeypatch.setattr(migrate, "upgrade_connection", real)
    store = await Store.open(sqlite_url(db))
    try:
        assert await migrate.current_revision(store.engine) == migrate.HEAD
    finally:
        await store.close()
