"""``/export`` in the terminal into a folder that cannot be written (QA finding: ``taipai chat
--export-dir /proc/nope`` then 匯出 printed a traceback and answered 「內部錯誤」)."""

from __future__ import annotations

import pytest

from taipai.bot.service import Service
from taipai.bot.store import ChatRef, Store, sqlite_url

pytestmark = pytest.mark.asyncio
CHAT = ChatRef("console", "main")


async def test_export_to_a_folder_that_cannot_be_made_is_one_clear_reply(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    async with await Store.open(sqlite_url(tmp_path / "t.db")) as store:
        service = Service(store, locale="en", export_dir=blocker / "exports")
        await service.handle(CHAT, "A", "開枱 A B C D")
        await service.handle(CHAT, "B", "B 食 A 12番")
        (reply,) = await service.handle(CHAT, "A", "匯出")
        assert reply.document is None
        assert reply.text.startswith(f"Could not write the CSV to {blocker / 'exports'} (")
        assert "--export-dir" in reply.text
        # nothing else changed: the table is still open with its 開枱 and the one hand
        session = await store.open_session(CHAT)
        assert session is not None
        assert [e.kind for e in await store.events(session.id)] == ["table_opened", "win_by_discard"]
        assert not list(tmp_path.glob("**/*.csv"))
