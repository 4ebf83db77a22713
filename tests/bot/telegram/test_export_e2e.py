"""/export on Telegram (issue 15 item 9): a document people can open (UTF-8 with a BOM), captioned
with the session's number in the chat, its day and its hands (「第1場 · 11月30日 · 2鋪」), and nothing
left on the server."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import pytest_asyncio

from taipai.bot.service import Service
from taipai.bot.store import ChatRef, Store, sqlite_url

from .conftest import ANN, BOB, CAT, DANIEL, Group, running_bot
from .fakebotapi import Call

EVENING = datetime(2026, 11, 30, 15, 30, tzinfo=UTC)
"""When the store's clock says every table opened: 23:30 on 30 November in Hong Kong."""

BOM = b"\xef\xbb\xbf"


def files_under(*folders: Path) -> set[Path]:
    """Every file under ``folders`` but the test's own SQLite database (and its journal)."""
    return {
        p for folder in folders for p in folder.rglob("*") if p.is_file() and not p.name.startswith("tg.db")
    }


@pytest_asyncio.fixture
async def evening_group(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Group]:
    """The conftest ``group`` with the store's clock at :data:`EVENING` and the working directory in
    ``tmp_path`` (the folder a written export would fall back to)."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    # the service as taipai.bot.app builds it for the bots: export_files off
    async with running_bot(tmp_path, clock=lambda: EVENING) as (group, _bot):
        yield group


async def export(group: Group, user: dict, text: str) -> Call:
    """Post ``text`` (an export command) and return the ``sendDocument`` call it made."""
    before = group.count("sendDocument")
    await group.api.send_text(group.chat_id, user, text)
    (doc,) = await group.api.wait_for(lambda _c: group.api.sent(group.chat_id, "sendDocument")[before:])
    return doc


@pytest.mark.asyncio
async def test_export_sends_a_bom_csv_with_its_caption_and_keeps_no_file(
    evening_group: Group, tmp_path: Path
):
    group = evening_group
    # another chat's table in the same database first: the group's session is still its 第1場
    await group.service.handle(ChatRef("telegram", "-100999"), "X", "開枱 P Q R S")
    before = files_under(tmp_path)
    await group.say(ANN, "開枱 Ann Bob Cat Dan")
    for user, seat in ((ANN, "東"), (BOB, "南"), (CAT, "西")):
        await group.say(user, f"坐 {seat}")
    (hand,) = await group.say(BOB, "Bob 食 Ann 12番")  # Ann (dealer) → Bob 12 + 底 5 + 1 = 18
    assert "  Ann → Bob：18（12番 + 底 5 + 莊 1）" in hand.params["text"]
    await group.say(CAT, "Cat 自摸 10番")

    doc = await export(group, DANIEL, "匯出")
    assert doc.params["caption"] == "第1場 · 11月30日 · 2鋪 · HKD"
    upload = doc.params["document"]
    assert upload.filename.endswith("-telegram--100123-session2.csv")  # the database's session id
    assert upload.content.startswith(BOM + b"number,hand,round,dealer,streak,event,row,")
    rows = list(csv.DictReader(io.StringIO(upload.content.decode("utf-8-sig"))))
    legs = [(r["payer"], r["payee"], r["amount"]) for r in rows if r["row"] == "leg"]
    assert legs == [("Ann", "Bob", "18"), ("Ann", "Cat", "15"), ("Bob", "Cat", "16"), ("Dan", "Cat", "15")]
    assert files_under(tmp_path) == before  # nothing written: not beside the database, not in the cwd

    await group.say(ANN, "/lang en")
    doc = await export(group, DANIEL, "/export")
    assert doc.params["caption"] == "Session 1 · 30 Nov · 2 hands · HKD"
    assert doc.params["document"].content.startswith(BOM)
    assert files_under(tmp_path) == before


@pytest.mark.asyncio
async def test_sessions_are_numbered_in_their_chat(evening_group: Group):
    """The second table of the group is its 第2場; a session of one hand says 1 hand."""
    group = evening_group
    service, chat = group.service, group.chat
    await service.handle(chat, "Ann", "開枱 Ann Bob Cat Dan")
    await service.handle(chat, "Ann", "/lang en")
    await service.handle(chat, "Ann", "埋數")
    await service.handle(chat, "Ann", "開枱 Ann Bob Cat Dan")
    await service.handle(chat, "Bob", "Bob 食 Ann 12番")
    doc = await export(group, DANIEL, "/export")
    assert doc.params["caption"] == "Session 2 · 30 Nov · 1 hand · HKD"


@pytest.mark.asyncio
async def test_the_caption_dates_the_session_on_the_stats_calendar(tmp_path: Path):
    """A table opened at 2026-11-30 17:00 UTC is 1 December in Hong Kong (01:00, the default zone) and
    30 November on a service whose STATS_TIMEZONE is UTC."""
    late = datetime(2026, 11, 30, 17, 0, tzinfo=UTC)
    store = await Store.open(sqlite_url(tmp_path / "tg.db"), clock=lambda: late)
    try:
        chat = ChatRef("telegram", "-1007")
        for zone, shown in (
            ("Asia/Hong_Kong", "Session 1 · 1 Dec · 0 hands · HKD"),
            ("UTC", "Session 1 · 30 Nov · 0 hands · HKD"),
        ):
            service = Service(store, locale="en", stats_timezone=zone)
            if zone == "Asia/Hong_Kong":
                await service.handle(chat, "A", "開枱 A B C D")
            (reply,) = await service.handle(chat, "A", "/export")
            assert reply.document is not None and reply.document.caption == shown
    finally:
        await store.close()
