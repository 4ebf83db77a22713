"""/shuxin on Discord (issue 18 item 4, 數信, seed 002 ⑼): a 字牌 table of four opened with /newgame, the
slash command books the sitter's shares right after a win.

By hand (大字牌, 底 1, 數信每份 10%): A deals, C sits out; B 自摸 12: A and D pay 2 × 12 = 24 each, B gains
48; /shuxin 2份: B pays C 2 × 10% × 48 = 9.60."""

from __future__ import annotations

from fractions import Fraction

import pytest

from taipai.bot.discord.client import chat_of
from taipai.bot.service import Service
from tests.bot.discord.harness import CHANNEL_ID, DiscordHarness, Person

pytestmark = pytest.mark.asyncio

A = Person(1001, "A", admin=True)


async def test_slash_shuxin_at_a_four_seat_zipai_table(store, monkeypatch):
    service = Service(store)
    async with DiscordHarness(service, monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D", game="zipai")
        await h.slash(A, "selfdraw", winner="B", hand="12")
        calls = await h.slash(A, "shuxin", card="2份")
        _seq, state = await service.state_of(await store.open_session(chat_of(CHANNEL_ID)))
    text = "\n".join(c.content or "" for c in calls)
    assert "B 俾 C HK$9.60" in text
    assert state.balances == {"A": -24, "B": Fraction(192, 5), "C": Fraction(48, 5), "D": -24}
