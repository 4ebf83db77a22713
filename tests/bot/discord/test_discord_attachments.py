"""Files on Discord (issue 15 items 7, 9 and 11): an export's CSV and a picture go as attachments
of the reply's message, built in memory (nothing is written on the server), in each way a reply
reaches Discord: an interaction's response, its follow-up after a deferral, a channel message.

By hand: B 食 A 12番 while A deals: A pays B 12 + 底 5 + 莊 1 = 18.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest

import taipai.bot.discord.outgoing as outgoing
from taipai.bot.discord.outgoing import files_of, payloads
from taipai.bot.service import Reply, Service
from taipai.bot.service.reply import Document, Picture
from tests.bot.discord.harness import DiscordHarness, Person

pytestmark = pytest.mark.asyncio

A = Person(1001, "A", admin=True)
B = Person(1002, "B")

PNG = bytes.fromhex(  # a 1×1 transparent PNG (any bytes would do: the adapter does not read them)
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082"
)


def left_on_disk(root: Path) -> set[Path]:
    """The files under ``root`` but the test database's own."""
    return {p for p in root.rglob("*") if p.is_file() and not p.name.startswith("bot.db")}


@pytest.mark.both_databases
async def test_export_attaches_the_csv_and_leaves_no_file(store, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # where a file written "here" would land
    before = left_on_disk(tmp_path)
    async with DiscordHarness(Service(store), monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
        await h.slash(B, "sit", seat="B")
        await h.slash(B, "win", winner="B", discarder="A", hand="12")
        calls = await h.slash(A, "export")
    assert [c.kind for c in calls] == ["defer", "followup"]
    sent = calls[1]
    ((name, data),) = sent.files
    assert name.endswith("-session1.csv") and name.startswith("taipai-")
    assert sent.body["attachments"] == [{"id": 0, "filename": name}]
    assert sent.content  # the reply's text goes with the file
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    paid = [(r["payer"], r["payee"], r["amount"]) for r in rows if r["payer"]]
    assert ("A", "B", "18") in paid
    assert left_on_disk(tmp_path) == before


class Pictures(Service):
    """A service whose ``/chart`` answers with a picture and ``匯出`` with a captioned document."""

    async def handle(self, chat, speaker, text, message_id=None, **kwargs):  # type: ignore[override]
        if text.startswith("/chart"):
            return [Reply("走勢", picture=Picture("chart.png", PNG))]
        if text == "匯出":
            return [
                Reply(
                    "",
                    document=Document("night.csv", "\ufeffa,b\r\n1,2\r\n".encode(), "第1場 · 12月1日 · 1鋪"),
                )
            ]
        return await super().handle(chat, speaker, text, message_id, **kwargs)


async def test_a_picture_follows_a_deferred_chart(store, monkeypatch):
    async with DiscordHarness(Pictures(store), monkeypatch) as h:
        calls = await h.slash(A, "chart")
    assert [c.kind for c in calls] == ["defer", "followup"]
    assert calls[1].files == [("chart.png", PNG)]
    assert calls[1].content == "走勢"


async def test_a_picture_in_a_plain_response(store, monkeypatch):
    service = Pictures(store)
    real = service.handle

    async def score_with_picture(chat, speaker, text, message_id=None, **kwargs):
        if text == "/score":
            return [Reply("計數", picture=Picture("score.png", PNG))]
        return await real(chat, speaker, text, message_id, **kwargs)

    service.handle = score_with_picture  # type: ignore[method-assign]
    async with DiscordHarness(service, monkeypatch) as h:
        calls = await h.slash(A, "score")
    assert [c.kind for c in calls] == ["response"]
    assert calls[0].files == [("score.png", PNG)]
    assert calls[0].body["data"]["attachments"] == [{"id": 0, "filename": "score.png"}]


async def test_a_document_for_a_message_is_posted_with_its_caption(store, monkeypatch):
    async with DiscordHarness(Pictures(store), monkeypatch) as h:
        calls = await h.say(A, "匯出", message_id=501)
    (posted,) = calls
    assert posted.kind == "message"
    assert posted.content == "第1場 · 12月1日 · 1鋪"  # no text of its own: the caption
    assert posted.files == [("night.csv", "\ufeffa,b\r\n1,2\r\n".encode())]
    assert posted.body["message_reference"]["message_id"] == 501


def test_payloads_carry_the_files_as_base64_and_files_of_reads_them_back():
    reply = Reply("t", document=Document("x.csv", b"\xef\xbb\xbfa\r\n", "cap"), picture=Picture("p.png", PNG))
    (p,) = payloads([reply])
    assert p["document"] == {"filename": "x.csv", "content": "77u/YQ0K", "caption": "cap"}
    assert p["photo"]["filename"] == "p.png"
    files: list[Any] = files_of(p)
    assert [(f.filename, f.fp.read()) for f in files] == [("x.csv", b"\xef\xbb\xbfa\r\n"), ("p.png", PNG)]
    assert files_of({"text": "plain"}) == []


@pytest.mark.parametrize("why", ["follow-up after a restart", "token expired"])
async def test_a_file_survives_a_restart_by_follow_up_or_in_the_channel(store, monkeypatch, why):
    async with DiscordHarness(Pictures(store), monkeypatch) as before:
        monkeypatch.setattr(before.client.delivery, "wake", lambda *a, **k: None)  # stored, not handled
        (defer,) = await before.slash(A, "chart")
        assert defer.kind == "defer"  # /chart is deferred at once
    if why == "token expired":
        monkeypatch.setattr(outgoing, "TOKEN_TTL", 0.0)
    async with DiscordHarness(Pictures(store), monkeypatch, api=before.api) as after:
        start = len(after.api.calls)
        await after.client.delivery.wait_idle()
        (sent,) = [c for c in after.api.calls[start:] if c.kind in ("message", "followup")]
    assert sent.kind == ("followup" if why == "follow-up after a restart" else "message")
    assert sent.files == [("chart.png", PNG)]
    assert sent.content == ("走勢" if sent.kind == "followup" else "> A: /chart\n走勢")
