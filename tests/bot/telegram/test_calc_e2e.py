"""End to end on Telegram (fake Bot API): 計番 … 圖 / ``/calc … image`` sends the hand's picture as a photo
with the explanation as its caption; 聽 and 計番 answer a member who is not at the table; nothing is
booked (issue 15 items 4 and 7)."""

from __future__ import annotations

import io

import matplotlib.image
import pytest

from taipai.bot.pictures.hand import size
from taipai.core.notation import parse_hand

from .conftest import ADMIN, ANN, BOB, GROUP

pytestmark = pytest.mark.asyncio

HAND = "一二三萬 四五六萬 七八九筒 二三四索 中中 [皇] 東 摸 東"


async def test_calc_image_sends_the_hand_as_a_photo_with_the_explanation_as_caption(group):
    g = group
    await g.api.send_text(GROUP, BOB, f"/calc {HAND} image")
    (photo,) = await g.api.wait_for(lambda _c: g.api.sent(GROUP, "sendPhoto"))
    caption = photo.params["caption"]
    assert caption.splitlines()[0] == "計番（港式台牌，自摸）：20番 + 1 × 底 5 = 25"
    assert caption.splitlines()[-1] == "淨係計番，冇記數。"
    upload = photo.params["photo"]
    # named as the chat's exports are (the database, the chat), then a hash of the hand
    assert upload.filename.startswith("taipai-") and f"-telegram-{GROUP}-hand-" in upload.filename
    assert upload.filename.endswith(".png")
    pixels = matplotlib.image.imread(io.BytesIO(upload.content), format="png")
    assert (pixels.shape[1], pixels.shape[0]) == size(parse_hand(HAND, table_kinds=("皇",)), title="x")
    assert g.count() == 0  # the text went as the caption, not as a message of its own


async def test_anyone_may_ask_and_nothing_is_booked(group):
    g = group
    await g.say(ANN, "開枱 Ann Bob Cat Dan")
    (r,) = await g.say(ADMIN, "聽 一二三萬 四五六萬 七八九筒 二三四索 中中 [皇] 東")  # not at the table
    assert r.params["text"].splitlines()[:2] == ["港式台牌聽 東 中，大嘅排先：", "東：食 18番、自摸 20番"]
    (r,) = await g.say(ADMIN, f"計番 {HAND}")
    assert r.params["text"].startswith("計番（港式台牌，自摸）：20番")
    assert await g.balances() == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 0}
