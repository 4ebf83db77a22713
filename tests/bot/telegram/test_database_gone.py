"""The SQLite file deleted under the running Telegram bot (issue 13 item 8): it used to answer "booked"
into a file nobody could open again, losing everything on restart.  Now nothing more is booked or
confirmed to Telegram (the update stays Telegram's to deliver again), the chat is told once that
nothing is booked, and the health check fails."""

from __future__ import annotations

import asyncio

import pytest

from taipai.bot.i18n import gettext_in
from taipai.bot.service import Service
from taipai.bot.store import sqlite_url
from taipai.bot.store.health import DatabaseUnavailable, open_checked
from taipai.bot.telegram import TelegramBot

from .conftest import ANN, BOB, GROUP, Group
from .fakebotapi import FakeBotAPI

pytestmark = pytest.mark.asyncio
DOWN = "The database is unavailable, so nothing was booked; tell whoever runs taipai."


async def test_a_deleted_database_books_and_confirms_nothing_more(tmp_path):
    db = tmp_path / "tg.db"
    async with FakeBotAPI(admins={GROUP: [99]}) as api:
        store = await open_checked(sqlite_url(db))
        bot = TelegramBot(Service(store), api.token, base_url=api.base_url, poll_timeout=1)
        await bot.start()
        try:
            group = Group(api, bot.service)
            await group.say(ANN, "開枱 Ann Bob Cat Dan")
            await group.say(BOB, "坐 南")
            (booked,) = await group.say(BOB, "Bob 自摸 5番")
            assert "5" in booked.params["text"]
            assert await store.ping() is True
            for f in tmp_path.glob("tg.db*"):
                f.unlink()
            sent = len(api.sent(GROUP))
            update = await api.send_text(GROUP, BOB, "Bob 自摸 6番")
            await asyncio.sleep(3)  # several polls and retries
            # no "booked" reply for a hand nobody kept, but one notice (not one per retry) that
            # nothing is booked, in the service's language
            notices = api.sent(GROUP)[sent:]
            assert [c.params["text"] for c in notices] == [gettext_in("zh_Hant_HK", DOWN)]
            assert api.confirmed <= update["update_id"]  # Telegram still holds it for a later start
            with pytest.raises(DatabaseUnavailable):
                await store.ping()  # /healthz: 503
        finally:
            await api.release()
            await bot.stop()
            await store.close()
    assert not db.exists()
