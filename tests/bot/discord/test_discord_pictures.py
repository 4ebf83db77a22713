"""Pictures on Discord (issue 15 item 7, through Discord): /chart and 埋數 send the evening's running
balances as a PNG attached to the reply, drawn in memory.

By hand: B 食 A 12番 while A deals: A pays B 12 + 底 5 + 莊 1 = 18 (A -18, B +18 once settled).
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from taipai.bot.pictures.chart import HEIGHT, WIDTH
from taipai.bot.service import Service
from tests.bot.discord.harness import DiscordHarness, Person

pytestmark = pytest.mark.asyncio

A = Person(1001, "A", admin=True)
B = Person(1002, "B")
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


async def played(h: DiscordHarness) -> None:
    await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
    await h.slash(B, "sit", seat="B")
    await h.slash(B, "win", winner="B", discarder="A", hand="12")


def picture(calls) -> tuple[str, bytes]:
    """The one PNG attached among ``calls``."""
    (found,) = [f for c in calls for f in c.files if f[0].endswith(".png")]
    return found


async def test_chart_sends_a_png_after_deferring(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        await played(h)
        calls = await h.slash(A, "chart")
    assert calls[0].kind == "defer"
    _name, data = picture(calls)
    assert data.startswith(PNG_MAGIC)
    assert Image.open(io.BytesIO(data)).size == (WIDTH, HEIGHT)  # 1200 × 800


async def test_settle_sends_the_picture_with_the_settlement(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        await played(h)
        calls = await h.slash(A, "settle")
    assert calls[0].kind == "defer"
    texts = "\n".join(c.content or "" for c in calls)
    assert "A 俾 B 18番" in texts
    _name, data = picture(calls)
    assert data.startswith(PNG_MAGIC)
    assert Image.open(io.BytesIO(data)).size == (WIDTH, HEIGHT)
