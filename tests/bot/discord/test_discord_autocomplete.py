"""Player-name autocomplete on Discord (issue 15 item 11): every option that names a player offers
the open table's names and seat winds (門風: the dealer is 東), filtered by what is typed, read from
the service (:meth:`Service.player_names`) and booking nothing.

By hand: 開枱 A B C D — A deals, so A 東, B 南, C 西, D 北.  After B 食 A 12番 the deal passes to B:
B 東, C 南, D 西, A 北.
"""

from __future__ import annotations

import pytest
from sqlalchemy.exc import OperationalError

from taipai.bot.discord.client import chat_of
from taipai.bot.service import Service
from taipai.bot.store import ChatRef
from tests.bot.discord.harness import CHANNEL_ID, DiscordHarness, Person

pytestmark = [pytest.mark.asyncio, pytest.mark.both_databases]

A = Person(1001, "A", admin=True)
B = Person(1002, "B")


def offered(calls) -> list[tuple[str, str]]:
    """``(name, value)`` of the choices of the one autocomplete answer in ``calls``."""
    (answer,) = calls
    assert answer.kind == "autocomplete", answer
    return [(c["name"], c["value"]) for c in answer.body["data"]["choices"]]


async def test_the_winner_option_offers_the_tables_names_and_winds(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        assert offered(await h.autocomplete(B, "win", "winner", winner="")) == []  # no table yet
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
        assert offered(await h.autocomplete(B, "win", "winner", winner="")) == [
            ("A · 東", "A"),
            ("B · 南", "B"),
            ("C · 西", "C"),
            ("D · 北", "D"),
            ("東 · A", "東"),
            ("南 · B", "南"),
            ("西 · C", "西"),
            ("北 · D", "北"),
        ]
        assert offered(await h.autocomplete(B, "win", "winner", winner="b")) == [
            ("B · 南", "B"),
            ("南 · B", "南"),
        ]
        # the discarder, with the winner already filled in
        typed = await h.autocomplete(B, "win", "discarder", winner="B", discarder="西")
        assert offered(typed) == [("C · 西", "C"), ("西 · C", "西")]


async def test_the_winds_follow_the_deal_and_nothing_is_booked(store, monkeypatch):
    service = Service(store)
    async with DiscordHarness(service, monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
        await h.slash(B, "sit", seat="B")
        await h.slash(B, "win", winner="B", discarder="A", hand="12")
        assert offered(await h.autocomplete(B, "selfdraw", "winner", winner="東")) == [
            ("B · 東", "B"),
            ("東 · B", "東"),
        ]
        assert offered(await h.autocomplete(A, "cut", "creditor", creditor="a")) == [
            ("A · 北", "A"),
            ("北 · A", "北"),
        ]
        assert offered(await h.autocomplete(A, "sit", "seat", seat="D")) == [
            ("D · 西", "D"),
            ("西 · D", "西"),
        ]
        assert offered(await h.autocomplete(A, "leave", "seat", seat="c")) == [
            ("C · 南", "C"),
            ("南 · C", "南"),
        ]
        seq, _state = await service.state_of(await store.open_session(chat_of(CHANNEL_ID)))
    assert seq == 2  # 開枱 and the one hand: the autocompletes booked nothing


async def test_a_database_that_fails_offers_nothing(store, monkeypatch):
    service = Service(store)

    async def down(chat):
        raise OperationalError("SELECT 1", {}, Exception("the database is down"))

    async with DiscordHarness(service, monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
        monkeypatch.setattr(service, "player_names", down)
        assert offered(await h.autocomplete(B, "win", "winner", winner="")) == []


async def test_player_names_at_a_taiwan_table_and_after_its_settlement(store):
    service = Service(store)
    chat = ChatRef("discord", "42")
    assert await service.player_names(chat) == ()
    await service.handle(chat, "Ann", "開枱 甲 乙 丙 丁 台灣牌")
    assert await service.player_names(chat) == (("甲", "東"), ("乙", "南"), ("丙", "西"), ("丁", "北"))
    assert await service.game_of(chat) == "taiwan"
    await service.handle(chat, "Ann", "埋數")
    assert await service.player_names(chat) == ()
