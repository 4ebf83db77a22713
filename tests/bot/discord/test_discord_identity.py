"""Seats by Discord user id through the real discord.py client (issue 13 item 5): ``/sit``, ``/leave``
by the holder and by a member with Manage Channels / Administrator (an admin), and a seat offer button
that only the member it was offered to can use."""

from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest

from taipai.bot.discord import TaipaiDiscord
from taipai.bot.service import Service
from tests.bot.discord.harness import DiscordHarness, Person

A = Person(1001, "A", admin=True)
B = Person(1002, "B")
C = Person(1003, "C")
D = Person(1004, "D")
ZED = Person(1009, "Zed")

pytestmark = pytest.mark.asyncio


async def test_a_seat_is_held_by_a_user_id_and_freed_by_its_holder_or_an_admin(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
        assert [c.shown for c in await h.slash(ZED, "sit", seat="北")] == [("response", "Zed 坐 D（北位）。", [])]
        held = "D 個位已經有 Zed 坐咗；只有佢或者群組管理員可以清返（離座 北、/leave 北）。"
        assert [c.content for c in await h.slash(D, "selfdraw", winner="D", hand="8")] == [
            "D：請先坐低，例如 坐 南（或者 /sit 南）。 " + held
        ]
        assert [c.content for c in await h.slash(D, "sit", seat="D")] == [held]
        assert [c.content for c in await h.slash(D, "leave", seat="北")] == [held]
        assert [c.content for c in await h.slash(A, "leave", seat="北")] == [
            "A 清返 D 個位（北位），之前係 Zed 坐；講 坐 北（/sit 北）就坐得。"
        ]
        assert [c.content for c in await h.slash(ZED, "leave")] == [
            "Zed：你喺呢張枱未有位。講 坐 南（/sit 南）就坐得。"
        ]
        assert [c.content for c in await h.slash(D, "sit", seat="北")] == ["D 坐 D（北位）。"]
        assert [c.content for c in await h.slash(D, "leave")] == ["D 讓返 D 個位（北位）；講 坐 北（/sit 北）就坐得。"]


async def test_a_seat_offer_button_counts_only_for_its_member(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
        (refused,) = await h.slash(B, "win", winner="B", discarder="A", hand="12")
        assert refused.shown == (
            "response",
            "B：請先坐低。如果你係 B，撳下面個掣（或者講 坐 南、/sit 南）。",
            ["我係 B（南位）"],
        )
        assert refused.buttons == [("我係 B（南位）", "tp:sit:1:1:1002")]
        wrong = await h.press(C, refused.message_id, "我係 B（南位）")
        assert [c.shown for c in wrong] == [
            ("response!", "呢個掣只係俾問緊嗰位成員撳。你自己想坐，就講 坐 南（或者 /sit 南）。", [])
        ]
        right = await h.press(B, refused.message_id, "我係 B（南位）")
        assert [c.shown for c in right] == [("update", None, []), ("followup", "B 坐 B（南位）。", [])]
        (win,) = await h.slash(B, "win", winner="B", discarder="A", hand="12")
        assert win.content.startswith("B 食 A：12番\n  A → B：18（12番 + 底 5 + 莊 1）\n")


async def test_admin_comes_from_discord_permissions_and_a_direct_message_is_the_users_own(store):
    client = TaipaiDiscord(Service(store), sync_commands=False)
    user = SimpleNamespace(id=1009, display_name="Zed", name="zed")
    plain = discord.Permissions(send_messages=True, view_channel=True)
    assert client.member_of(user, plain, None).is_admin is False
    assert client.member_of(user, discord.Permissions(manage_channels=True), None).is_admin is True
    assert client.member_of(user, discord.Permissions(administrator=True), None).is_admin is True
    assert client.member_of(user, None, None, private=True).is_admin is True
    member = client.member_of(user, plain, "zh-TW")
    assert (member.user_id, member.display, member.username, member.language) == ("1009", "Zed", "zed", "zh-TW")
