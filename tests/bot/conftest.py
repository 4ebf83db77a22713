"""Shared helpers for the bot tests: a fresh store per test and a chat to talk in.

Databases: ``db_url`` is a fresh, empty database per test, SQLite by default.  A module or test marked
``@pytest.mark.both_databases`` runs once on SQLite and once on PostgreSQL; the PostgreSQL run needs
``TAIPAI_TEST_DATABASE_URL`` (``postgresql+asyncpg://…``, set by ``.ci/run`` from ``.ci/postgres.sh``)
and is skipped with that reason without it.  Each test process works in its own database
``<database>_<pid>`` created beside that one (when the role may create databases), emptied (schema
``public`` dropped and re-created) before each test.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import os
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from sqlalchemy.ext.asyncio import AsyncEngine

from taipai.bot.service import Service
from taipai.bot.store import ChatRef, Store, sqlite_url
from taipai.core.table import TableState

CHAT = ChatRef("test", "group-1")


class Talk:
    """A chat in a test: ``await talk("B", "B 食 A 12番")`` returns the joined reply text."""

    def __init__(self, service: Service, chat: ChatRef = CHAT) -> None:
        self.service = service
        self.chat = chat

    async def __call__(self, speaker: str, text: str, message_id: str | None = None) -> str:
        replies = await self.service.handle(self.chat, speaker, text, message_id)
        return "\n".join(r.text for r in replies)

    async def state(self) -> TableState:
        session = await self.service.store.open_session(self.chat)
        assert session is not None
        return (await self.service.state_of(session))[1]

    async def seq(self) -> int:
        session = await self.service.store.latest_session(self.chat)
        return 0 if session is None else await self.service.store.last_seq(session.id)

    async def owed(self) -> dict[str, object]:
        """What each player stands at: the balances with the open 拉 chains paid (TableState.owed)."""
        return (await self.state()).owed()


_opened_chats = itertools.count()


async def opened_table(store: Store, opening: str, *, locale: str = "zh_Hant_HK", prefix: str = "table") -> Talk:
    """A new chat (``test:<prefix>-<n>``) on ``store`` with the table ``opening`` (``開枱 A B C D …``)
    opened by its first player."""
    talk = Talk(Service(store, locale=locale), ChatRef("test", f"{prefix}-{next(_opened_chats)}"))
    await talk(opening.split()[1], opening)
    return talk


BACKENDS = ("sqlite", "postgresql")
PG_ENV = "TAIPAI_TEST_DATABASE_URL"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "both_databases: run the test on SQLite and on PostgreSQL (needs TAIPAI_TEST_DATABASE_URL)"
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "db_url" in metafunc.fixturenames and metafunc.definition.get_closest_marker("both_databases"):
        metafunc.parametrize("db_url", BACKENDS, indirect=True)


_private: dict[str, str] = {}
"""``TAIPAI_TEST_DATABASE_URL`` → the URL of this test process's own database beside it."""


def postgres_url() -> str:
    """This test process's PostgreSQL database, or skip the test with the reason.

    When the role may create databases, the first call creates ``<database>_<pid>`` beside the one in
    ``TAIPAI_TEST_DATABASE_URL`` (dropped at the end of the session), so two test runs on one server
    never empty each other's tables; otherwise the given database itself is used.
    """
    url = os.environ.get(PG_ENV, "")
    if not url:
        pytest.skip(f"PostgreSQL tests need {PG_ENV}=postgresql+asyncpg://… (.ci/run sets it)")
    if url not in _private:
        # Called from async tests too: run the set-up on its own event loop in a thread.
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            _private[url] = pool.submit(asyncio.run, _create_private(url)).result()
    return _private[url]


def _admin_engine(url: str) -> AsyncEngine:
    """An engine outside transactions (CREATE/DROP DATABASE cannot run in one)."""
    from sqlalchemy import pool
    from sqlalchemy.ext.asyncio import create_async_engine

    return create_async_engine(url, poolclass=pool.NullPool, isolation_level="AUTOCOMMIT")


async def _create_private(url: str) -> str:
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import DBAPIError

    base = make_url(url)
    name = f"{base.database}_{os.getpid()}"
    engine = _admin_engine(url)
    try:
        async with engine.connect() as conn:
            await conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}"')
            await conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    except DBAPIError:  # no CREATEDB right: share the given database
        return url
    finally:
        await engine.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


async def _drop_private(url: str, private: str) -> None:
    from sqlalchemy.engine import make_url

    engine = _admin_engine(url)
    try:
        async with engine.connect() as conn:
            await conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{make_url(private).database}" WITH (FORCE)')
    finally:
        await engine.dispose()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Drop the per-process PostgreSQL databases this session created."""
    for url, private in _private.items():
        if private != url:
            asyncio.run(_drop_private(url, private))


async def reset_postgres(url: str) -> None:
    """Empty the PostgreSQL database at ``url``: drop and re-create the ``public`` schema."""
    from sqlalchemy import pool
    from sqlalchemy.ext.asyncio import create_async_engine

    engine = create_async_engine(url, poolclass=pool.NullPool)
    try:
        async with engine.begin() as conn:
            await conn.exec_driver_sql("DROP SCHEMA IF EXISTS public CASCADE")
            await conn.exec_driver_sql("CREATE SCHEMA public")
    finally:
        await engine.dispose()


@pytest_asyncio.fixture
async def db_url(request: pytest.FixtureRequest, tmp_path) -> str:
    """A fresh empty database: an SQLite file under ``tmp_path``, or the emptied PostgreSQL database."""
    backend = getattr(request, "param", "sqlite")
    if backend == "sqlite":
        return sqlite_url(tmp_path / "bot.db")
    url = postgres_url()
    await reset_postgres(url)
    return url


@pytest_asyncio.fixture
async def store(db_url: str) -> AsyncIterator[Store]:
    s = await Store.open(db_url)
    try:
        yield s
    finally:
        await s.close()


@pytest_asyncio.fixture
async def talk_en(store) -> Talk:
    return Talk(Service(store, locale="en"))


@pytest_asyncio.fixture
async def talk_zh(store) -> Talk:
    return Talk(Service(store, locale="zh_Hant_HK"))
