"""One language per group on Discord (issue 15 item 1, through Discord): in a guild channel every
reply is in the chat's language, whatever a member's client language; /lang sets it for everyone.
The service default (Cantonese) answers a channel without one, never the member's ``interaction.locale``
nor the server's ``guild_locale`` (Discord's default for a server is ``en-US``, which would turn most
groups English); in a direct message the member's own ``interaction.locale`` counts.  Joining a server
greets it in its system channel (item 10).

By hand: B 食 A 12番 while A deals: A pays B 12 + 底 5 + 莊 1 = 18."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from taipai.bot.service import Service
from tests.bot.discord.harness import BOT_USER, TIMESTAMP, DiscordHarness, Person

pytestmark = [pytest.mark.asyncio, pytest.mark.both_databases]

A = Person(1001, "A", admin=True)  # a zh-TW client
ED = Person(1005, "Ed", locale="en-US")  # a client set to English
OPENED_ZH = "開枱：東 A、南 B、西 C、北 D。A 做莊。"
OPENED_EN = "Table open: 東 A, 南 B, 西 C, 北 D. A deals first."
GUILD = 930000000000000001
SYSTEM_CHANNEL = 930000000000000002


async def test_a_cantonese_channel_answers_an_english_client_in_cantonese(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        opened = await h.slash(ED, "newgame", east="A", south="B", west="C", north="D")
        assert opened[0].content is not None and opened[0].content.startswith(OPENED_ZH)
        (score,) = await h.slash(ED, "score")
        assert score.content is not None and score.content.startswith("第1鋪，東圈，A 做莊")
        (hand,) = await h.say(ED, "B 食 A 12番")  # a free-text hand, answered in Cantonese too
        assert (
            hand.content
            == "B 食 A：12番\n  A → B：18（12番 + 底 5 + 莊 1）\n拉一：A 欠 B 18\n下一鋪：B 做莊；東圈，第2鋪。"
        )


async def test_lang_en_switches_the_channel_for_everyone(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
        (lang,) = await h.slash(A, "lang", language="en")
        assert lang.content == "Language set: English."
        (score,) = await h.slash(A, "score")  # the zh-TW client now reads English
        assert score.content is not None and score.content.startswith("Hand 1, 東 round; A deals")


async def direct_message(h: DiscordHarness, person: Person, name: str, **options: str) -> list[Any]:
    """``/name`` typed by ``person`` in their direct messages with the bot (no guild)."""
    data = {
        "id": str(next(h._ids)),
        "name": name,
        "type": 1,
        "options": [{"name": k, "type": 3, "value": v} for k, v in options.items()],
    }
    payload = h._interaction(person, 2, data)
    for key in ("guild_id", "member", "guild_locale"):
        payload.pop(key)
    dm = 940000000000000000 + person.user_id
    payload.update(
        user=person.user,
        channel_id=str(dm),
        channel={"id": str(dm), "type": 1, "recipients": [person.user]},
        context=1,
        authorizing_integration_owners={"1": str(person.user_id)},
    )
    return await h._drive(lambda: h.client._connection.parse_interaction_create(payload))


async def test_a_direct_message_follows_the_members_client(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        (r,) = await direct_message(h, ED, "newgame", east="A", south="B", west="C", north="D")
        assert r.content is not None and r.content.startswith(OPENED_EN)
        (r,) = await direct_message(h, A, "newgame", east="A", south="B", west="C", north="D")
        assert r.content is not None and r.content.startswith(OPENED_ZH)  # A's client is zh-TW


def guild_payload(*, can_post: bool) -> dict[str, Any]:
    """A GUILD_CREATE for a server that just added the bot, with a system channel where @everyone
    may (or may not) post."""
    everyone = discord.Permissions(view_channel=True, send_messages=can_post, read_message_history=True)
    return {
        "id": str(GUILD),
        "name": "mahjong night",
        "icon": None,
        "owner_id": "1",
        "afk_channel_id": None,
        "system_channel_id": str(SYSTEM_CHANNEL),
        "roles": [{"id": str(GUILD), "name": "@everyone", "permissions": str(everyone.value), "position": 0}],
        "channels": [
            {
                "id": str(SYSTEM_CHANNEL),
                "type": 0,
                "guild_id": str(GUILD),
                "name": "general",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
            }
        ],
        "members": [
            {"user": BOT_USER, "roles": [], "joined_at": TIMESTAMP, "deaf": False, "mute": False, "flags": 0}
        ],
        "member_count": 2,
        "large": False,
        "features": [],
        "emojis": [],
        "stickers": [],
        "threads": [],
        "joined_at": TIMESTAMP,
    }


async def test_joining_a_server_greets_it_in_its_system_channel(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        calls = await h._drive(lambda: h.client._connection.parse_guild_create(guild_payload(can_post=True)))
        posted = [c for c in calls if c.kind == "message"]
        assert [c.path for c in posted] == [f"/channels/{SYSTEM_CHANNEL}/messages"]
        assert posted[0].content == (
            "你好！我幫你哋計麻雀數。開始：\n"
            "1. 開枱 阿明 阿強 阿珍 阿玲（四個名，第一個做莊；玩台灣牌或者廣東牌就喺後面加 台灣牌 或 廣東牌）\n"
            "2. 每人坐低：坐 東（或者 坐 南、坐 西、坐 北）\n"
            "3. 每鋪報數：阿強 食 阿明 3番、阿珍 自摸 5番；計數 睇輸贏\n"
            "全部指令：/help。語言：/lang en（英文）或者 /lang zh（廣東話）。"
        )


async def test_no_greeting_where_the_bot_may_not_post(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        calls = await h._drive(lambda: h.client._connection.parse_guild_create(guild_payload(can_post=False)))
        assert [c for c in calls if c.kind == "message"] == []
