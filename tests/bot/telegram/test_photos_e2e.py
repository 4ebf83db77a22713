"""End to end: 埋數 and /chart send the session's chart as a photo (issue 15 item 7) through the real
python-telegram-bot Application and the fake Bot API.

Amounts by hand (DESIGN §6, 鋪鋪拉): Bob wins 12番 on Ann's discard with Ann dealing: 12 + 底 5 +
dealer 1 = 18 (拉一 Ann → Bob 18, paid at 埋數); Cat self-draws 3番 with Bob dealing (n 0): Ann and
Dan pay 3 + 5 = 8, Bob (dealer) 3 + 5 + 1 = 9, and Bob's 拉一 on Ann is paid: Ann −18 −8 = −26,
Bob +18 −9 = +9, Cat +25, Dan −8.
"""

from __future__ import annotations

import base64
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass

import matplotlib.image
import pytest
import pytest_asyncio

from taipai.bot.store.outbox import OutboxRow
from taipai.bot.telegram import TelegramBot

from .conftest import ADMIN, ANN, BOB, CAT, GROUP, Group, running_bot

pytestmark = pytest.mark.asyncio


@dataclass
class Table:
    group: Group
    bot: TelegramBot


@pytest_asyncio.fixture
async def table(tmp_path) -> AsyncIterator[Table]:
    async with running_bot(tmp_path) as (group, bot):
        yield Table(group, bot)


def size_of(png: bytes) -> tuple[int, int]:
    pixels = matplotlib.image.imread(io.BytesIO(png), format="png")
    return pixels.shape[1], pixels.shape[0]


async def photo_after(g: Group, before: int):
    (photo,) = await g.api.wait_for(lambda _c: g.api.sent(GROUP, "sendPhoto")[before:])
    return photo


async def play_two_hands(g: Group) -> None:
    await g.say(ANN, "開枱 Ann Bob Cat Dan")
    await g.say(BOB, "坐 南")
    await g.say(CAT, "坐 西")
    (r,) = await g.say(BOB, "Bob 食 Ann 12番")
    assert "拉一：Ann 欠 Bob 18" in r.params["text"]
    (r,) = await g.say(CAT, "Cat 自摸 3番")
    assert r.params["text"].startswith("Cat 自摸：3番")


async def test_settling_sends_the_chart_as_a_photo_with_the_reply_as_its_caption(table):
    g = table.group
    await play_two_hands(g)
    texts_before = g.count()
    await g.api.send_text(GROUP, ADMIN, "埋數")
    photo = await photo_after(g, 0)
    assert g.count() == texts_before  # the reply's text is the photo's caption, not a message of its own
    caption = photo.params["caption"]
    assert "Ann: -26" in caption and "Bob: +9" in caption and "Cat: +25" in caption and "Dan: -8" in caption
    assert photo.params["reply_parameters"]["message_id"] == photo.result["message_id"] - 1
    upload = photo.params["photo"]
    assert upload.filename.endswith("-session1-chart.png")
    assert size_of(upload.content) == (1200, 800)
    assert await g.balances() == {"Ann": -26, "Bob": 9, "Cat": 25, "Dan": -8}


async def test_chart_shows_the_open_table_and_then_the_settled_one(table):
    g = table.group
    (r,) = await g.say(ANN, "圖表")
    assert r.params["text"] == "呢度未開枱。開枱咁寫：開枱 A B C D"
    await play_two_hands(g)
    await g.api.send_text(GROUP, CAT, "/chart")
    photo = await photo_after(g, 0)
    assert photo.params["caption"] == "每鋪之後嘅輸贏走勢。打咗：2 鋪。"
    assert size_of(photo.params["photo"].content) == (1200, 800)
    await g.api.send_text(GROUP, ADMIN, "埋數")
    await photo_after(g, 1)
    await g.api.send_text(GROUP, BOB, "走勢")
    photo = await photo_after(g, 2)
    assert photo.params["caption"] == "上一枱（已經埋數）每鋪之後嘅輸贏走勢。打咗：2 鋪。"


async def test_a_reply_too_long_for_a_caption_goes_as_text_then_the_photo(table):
    g = table.group
    png = b"\x89PNG\r\n\x1a\n" + b"0" * 64
    payload = {
        "text": "走勢\n" * 400,  # 2,400 characters: over the 1,024 of a caption
        "photo": {"filename": "chart.png", "content": base64.b64encode(png).decode("ascii")},
        "reply_to": 7,
    }
    sent = await table.bot.send(str(GROUP), [OutboxRow(1, "telegram", str(GROUP), None, payload, 0)])
    (text,) = g.api.sent(GROUP)
    (photo,) = g.api.sent(GROUP, "sendPhoto")
    assert text.params["text"] == payload["text"]
    assert text.params["reply_parameters"]["message_id"] == 7
    assert "caption" not in photo.params and photo.params["photo"].content == png
    assert sent == str(photo.result["message_id"])


async def test_a_picture_reply_is_a_photo_payload_never_joined_with_others():
    from taipai.bot.service.reply import Picture, Reply

    (p,) = TelegramBot.payloads([Reply("走勢", picture=Picture("c.png", b"\x89PNG"))], reply_to=3)
    assert p["photo"] == {"filename": "c.png", "content": base64.b64encode(b"\x89PNG").decode("ascii")}
    assert "coalesce" not in p and p["reply_to"] == 3
