"""Database health (issue 13 item 8): a deleted, replaced or damaged SQLite file stops the booking with
a plain reply, fails the health checks, and every command answers one line instead of a traceback.

Damage is made by overwriting one 4 KiB page of a real database (page 5, the events table's data in
the files these tests write), which the migrations do not read but ``PRAGMA quick_check`` does.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from taipai.bot.health import check, database_check
from taipai.bot.i18n import use_locale
from taipai.bot.service import Service
from taipai.bot.store import ChatRef, sqlite_url
from taipai.bot.store.health import (
    DatabaseUnavailable,
    FileGuard,
    describe,
    is_database_error,
    open_checked,
    sqlite_path,
)

CHAT = ChatRef("telegram", "-100777")
UNAVAILABLE_EN = "The database is unavailable, so nothing was booked; tell whoever runs taipai."
UNAVAILABLE_ZH = "數據庫用唔到，所以乜都冇記低；請通知搞 taipai 嘅人。"


async def played(path: Path) -> None:
    """A database at ``path`` with one table and a few hands, closed (its WAL checkpointed)."""
    store = await open_checked(sqlite_url(path))
    try:
        service = Service(store, locale="en")
        await service.handle(CHAT, "A", "開枱 A B C D")
        for i in range(40):
            await service.handle(CHAT, "B", f"B 食 A {3 + i % 4}番", f"m{i}")
    finally:
        await store.close()


def damage(path: Path, page: int = 4) -> None:
    with path.open("r+b") as fh:
        fh.seek(page * 4096)
        fh.write(b"\x07" * 4096)


def test_the_file_guard_sees_a_deleted_or_replaced_file(tmp_path):
    db = tmp_path / "t.db"
    db.write_bytes(b"")
    guard = FileGuard(db)
    guard.check()  # in place: nothing raised
    with db.open("rb"):  # as the store's open connections do, this keeps the old inode in use
        db.unlink()
        with use_locale("en"), pytest.raises(DatabaseUnavailable) as gone:
            guard.check()
        assert gone.value.reason == f"{db} is gone (deleted or moved while taipai ran)"
        with pytest.raises(DatabaseUnavailable) as gone_zh:
            guard.check()
        assert gone_zh.value.reason == f"{db} 唔見咗（taipai 行緊嗰陣俾人刪咗或者搬咗）"
        db.write_bytes(b"")  # a new file under the same name (so another inode)
        with use_locale("en"), pytest.raises(DatabaseUnavailable, match="was replaced by another file"):
            guard.check()
    with pytest.raises(DatabaseUnavailable, match="No such file"):
        FileGuard(tmp_path / "missing.db")


def test_sqlite_path_and_database_errors(tmp_path):
    assert sqlite_path(sqlite_url(tmp_path / "a.db")) == (tmp_path / "a.db").resolve()
    assert sqlite_path("sqlite+aiosqlite:///:memory:") is None
    assert sqlite_path("postgresql+asyncpg://u@h/db") is None
    import sqlite3

    from sqlalchemy.exc import IntegrityError, OperationalError

    malformed = OperationalError("SELECT 1", {}, sqlite3.DatabaseError("database disk image is malformed"))
    assert is_database_error(malformed) and describe(malformed) == (
        "(sqlite3.DatabaseError) database disk image is malformed"
    )
    assert is_database_error(DatabaseUnavailable("gone"))
    from sqlalchemy.exc import SQLAlchemyError

    # the inbox and delivery loops retry SQLAlchemyError without confirming the update to Telegram
    assert isinstance(DatabaseUnavailable("gone"), SQLAlchemyError)
    assert str(DatabaseUnavailable("t.db is gone")) == "t.db is gone"
    assert not is_database_error(IntegrityError("INSERT", {}, sqlite3.IntegrityError("UNIQUE")))
    assert not is_database_error(ValueError("a bug"))


@pytest.mark.asyncio
async def test_a_database_deleted_while_running_stops_booking_and_says_so(tmp_path):
    db = tmp_path / "t.db"
    store = await open_checked(sqlite_url(db))
    try:
        service = Service(store, locale="en")
        await service.handle(CHAT, "A", "開枱 A B C D")
        booked = await service.handle(CHAT, "B", "B 食 A 12番", "m1")
        assert booked[0].text.startswith("B wins on A's discard: 12 fan")
        assert await store.ping() is True
        for f in tmp_path.glob("t.db*"):
            f.unlink()
        replies = await service.handle(CHAT, "C", "C 食 B 8番", "m2")
        assert [r.text for r in replies] == [UNAVAILABLE_EN]
        assert [r.text for r in await service.handle(CHAT, "A", "計數")] == [UNAVAILABLE_EN]
        # a chat that chose Cantonese is told in Cantonese (its /lang is cached)
        service._chat_locales[ChatRef("telegram", "-1")] = "zh_Hant_HK"
        replies = await service.handle(ChatRef("telegram", "-1"), "A", "開枱 A B C D")
        assert [r.text for r in replies] == [UNAVAILABLE_ZH]
        pressed = await service.press(CHAT, "B", "undo:1:2")
        assert pressed.replies == [] and pressed.notice == UNAVAILABLE_EN
        with use_locale("en"), pytest.raises(DatabaseUnavailable, match="is gone"):
            await store.ping()  # webhook /healthz answers 503 on any exception of the check
    finally:
        await store.close()
    assert not db.exists()  # nothing was written to a file nobody can open again


@pytest.mark.asyncio
async def test_a_damaged_database_is_refused_at_start(tmp_path):
    db = tmp_path / "t.db"
    await played(db)
    damage(db)
    with use_locale("en"), pytest.raises(DatabaseUnavailable, match=r"damaged \(PRAGMA quick_check: "):
        await open_checked(sqlite_url(db))
    not_a_database = tmp_path / "junk.db"
    not_a_database.write_bytes(b"this is not an SQLite file" * 200)
    with pytest.raises(DatabaseUnavailable, match="file is not a database"):
        await open_checked(sqlite_url(not_a_database))


@pytest.mark.asyncio
async def test_the_container_health_check_reads_the_database_file(tmp_path):
    db = tmp_path / "t.db"
    settings = SimpleNamespace(
        telegram_mode="polling", listen_port=8080, heartbeat_file=None, database_url=sqlite_url(db)
    )
    assert check(settings) == (False, f"{db.resolve()}: no database file")
    await played(db)
    assert database_check(sqlite_url(db)) is None
    assert check(settings) == (True, "no health signal configured")
    damage(db)
    ok, reason = check(settings)
    assert not ok and reason.startswith(f"{db.resolve()}: damaged (PRAGMA quick_check: ")
    assert database_check("postgresql+asyncpg://u@h/db") is None


def taipai(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": ""}
    return subprocess.run(
        [sys.executable, "-m", "taipai.bot.cli", *args], capture_output=True, text=True, env=env, timeout=120
    )


@pytest.mark.asyncio
async def test_every_command_on_a_damaged_database_answers_one_line(tmp_path):
    db = tmp_path / "t.db"
    await played(db)
    damage(db)
    for args in (["ledger", "--db", str(db), "--lang", "en"], ["chat", "--db", str(db), "--lang", "en"]):
        done = taipai(*args)
        assert done.returncode == 1, args
        assert done.stdout == ""
        assert "Traceback" not in done.stderr
        assert done.stderr.startswith("Cannot open the database: the database is damaged (PRAGMA quick_check: ")
        assert done.stderr.count("\n") == 1, done.stderr
    done = taipai("ledger", "--db", str(db), "--json", "--lang", "en")
    assert done.returncode == 1 and done.stdout == ""  # as every database failure: one line on stderr
    assert done.stderr.startswith("Cannot open the database: the database is damaged")
    done = taipai("ledger", "--db", str(db))  # the default language, Cantonese
    assert done.returncode == 1
    assert done.stderr.startswith("開唔到數據庫：數據庫壞咗（PRAGMA quick_check：*** in database main ***")


@pytest.mark.asyncio
async def test_a_database_that_breaks_while_running_is_answered_not_raised(tmp_path, monkeypatch):
    """A damaged page met by a query (SQLite: ``database disk image is malformed``) mid-run."""
    import sqlite3

    from sqlalchemy.exc import DatabaseError

    store = await open_checked(sqlite_url(tmp_path / "t.db"))
    try:
        service = Service(store, locale="en")
        await service.handle(CHAT, "A", "開枱 A B C D")

        async def malformed(_fn):
            raise DatabaseError("SELECT …", {}, sqlite3.DatabaseError("database disk image is malformed"))

        monkeypatch.setattr(store, "run_read", malformed)
        monkeypatch.setattr(store, "run_write", malformed)
        replies = await service.handle(CHAT, "B", "B 食 A 12番", "m1")
        assert [r.text for r in replies] == [UNAVAILABLE_EN]
        assert [r.text for r in await service.edit(CHAT, "B", "m1", "B 食 A 13番")] == [UNAVAILABLE_EN]
        monkeypatch.undo()
        booked = await service.store.events(1)
        assert [e.kind for e in booked] == ["table_opened"]  # nothing was booked
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_the_bot_on_a_damaged_database_says_one_line_and_exits_1(tmp_path, capsys):
    from taipai.bot.app import run_bots
    from taipai.bot.settings import Settings

    db = tmp_path / "t.db"
    await played(db)
    damage(db)
    settings = Settings(_env_file=None, telegram_bot_token="42:GOOD", discord_bot_token=None)
    assert await run_bots(settings, sqlite_url(db), "en") == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("Cannot open the database: the database is damaged (PRAGMA quick_check: ")
    assert err.count("\n") == 1
