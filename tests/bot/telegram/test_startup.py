"""``taipai`` with a Telegram token: the whole process (run_bots) against the fake Bot API server."""

from __future__ import annotations

import asyncio

import pytest

from taipai.bot.app import adapters, run_bots
from taipai.bot.settings import Settings
from taipai.bot.store import ChatRef, Store, sqlite_url

from .conftest import ANN, GROUP
from .fakebotapi import FakeBotAPI

pytestmark = pytest.mark.asyncio


def settings(**values) -> Settings:
    return Settings(_env_file=None, discord_bot_token=None, telegram_mode="polling", **values)


async def test_a_rejected_token_is_a_clear_error_without_the_token(tmp_path, capsys):
    async with FakeBotAPI(token="42:GOOD") as api:
        s = settings(telegram_bot_token="42:WRONG-SECRET", telegram_api_base_url=api.base_url)
        status = await run_bots(s, sqlite_url(tmp_path / "t.db"), "en")
    err = capsys.readouterr().err
    assert status == 1
    assert err == (
        "telegram could not run: Telegram rejected TELEGRAM_BOT_TOKEN (getMe failed): "
        "check the token from @BotFather.\n"
    )
    assert "WRONG-SECRET" not in err


async def test_an_unreachable_database_is_a_clear_error(tmp_path, capsys):
    (tmp_path / "file").write_text("not a directory")
    s = settings(telegram_bot_token="42:GOOD")
    status = await run_bots(s, sqlite_url(tmp_path / "file" / "t.db"), "en")
    assert status == 1
    assert capsys.readouterr().err.startswith("Cannot open the database: ")


async def test_runs_until_stopped_and_keeps_what_it_booked(tmp_path):
    db = sqlite_url(tmp_path / "t.db")
    async with FakeBotAPI(token="42:GOOD") as api:
        s = settings(telegram_bot_token="42:GOOD", telegram_api_base_url=api.base_url)
        assert list(adapters(s)) == ["telegram"]
        stop = asyncio.Event()
        run = asyncio.ensure_future(run_bots(s, db, "en", stop=stop))
        await api.send_text(GROUP, ANN, "開枱 Ann Bob Cat Dan")
        await api.wait_for(lambda _c: api.sent(GROUP))
        await api.release()
        stop.set()  # what SIGTERM does
        assert await run == 0
    async with await Store.open(db) as store:
        session = await store.open_session(ChatRef("telegram", str(GROUP)))
        assert session is not None and [e.kind for e in await store.events(session.id)] == ["table_opened"]


async def test_a_rejected_token_is_one_line_of_the_whole_process(tmp_path):
    """QA finding: after the one line, asyncio logged 5–6 'Unclosed client session/connector' lines
    (the HTTP sessions opened for getMe were never closed when the start failed)."""
    import os
    import sys

    async with FakeBotAPI(token="42:GOOD") as api:
        env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_BOT_TOKEN", "DATABASE_URL")}
        env.update(
            TELEGRAM_BOT_TOKEN="42:WRONG-SECRET",
            TELEGRAM_API_BASE_URL=api.base_url,
            TELEGRAM_MODE="polling",
            PYTHONIOENCODING="utf-8",
        )
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "taipai.bot.cli", "--db", str(tmp_path / "t.db"), "--lang", "en",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env, cwd=tmp_path,
        )
        out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 1
    lines = err.decode().splitlines()
    assert lines == [
        "telegram could not run: Telegram rejected TELEGRAM_BOT_TOKEN (getMe failed): "
        "check the token from @BotFather."
    ], lines
    assert b"WRONG-SECRET" not in out + err
