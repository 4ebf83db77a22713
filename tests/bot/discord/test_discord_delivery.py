"""Discord through the inbox and the outbox (issue 13, Build 1 and 2): every message, edit, slash
command and button press is stored before it is handled, and every reply is stored with its event and
sent until Discord takes it.

Amounts by hand (底 5, dealer fan 2n+1 on legs with the dealer), as in ``test_discord.py``:

- B 食 A 12番 (A deals, n=0): A pays 12 + 5 + 1 = 18; chain A→B 拉一 18; B deals next.
- B 食 A 12番 again (B deals, n=0): A pays 18; 拉二 = ceil(18 × 1.5) + 18 = 27 + 18 = 45; B n=1.
- B 食 A 12番 a third time (B deals, n=1): A pays 12 + 5 + 3 = 20; 拉三 = ceil(45 × 1.5) + 20 = 88,
  and A is offered 斬拉 (every third level).
"""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

import taipai.bot.delivery as delivery
import taipai.bot.discord.client as client
import taipai.bot.discord.outgoing as outgoing
from taipai.bot.service import Service
from taipai.bot.store.health import DatabaseUnavailable
from taipai.bot.store.inbox import Inbox
from taipai.bot.store.outbox import Outbox
from tests.bot.discord.harness import APP_ID, CHANNEL_ID, DiscordHarness, Person

pytestmark = [pytest.mark.asyncio, pytest.mark.both_databases]

A = Person(1001, "A", admin=True)
B = Person(1002, "B")

FIRST = "B 食 A：12番\n  A → B：18（12番 + 底 5 + 莊 1）\n拉一：A 欠 B 18\n下一鋪：B 做莊；東圈，第2鋪。"
SECOND = (
    "B 食 A：12番\n  A → B：18（12番 + 底 5 + 莊 1）\n拉二：A 欠 B 45（18 + 18×½→9 + 18）\n"
    "下一鋪：B 做莊，連1；東圈，第3鋪。"
)
THIRD = (
    "B 食 A：12番\n  A → B：20（12番 + 底 5 + 莊 3）\n拉三：A 欠 B 88（45 + 45×½→23 + 20）\n"
    "A：B 拉緊你拉三（88）。斬唔斬？答「斬」或者「唔斬」。\n下一鋪：B 做莊，連2；東圈，第4鋪。"
)
NOTHING_BOOKED = "數據庫用唔到，所以乜都冇記低；請通知搞 taipai 嘅人。"  # the catalogue's zh_Hant_HK
SCORE_AFTER_FIRST = (
    "第2鋪，東圈，B 做莊\n  北 A: 0 （連拉計：-18）\n  東 B: 0 （連拉計：+18）\n  南 C: 0\n  西 D: 0\n"
    "拉緊：\n  拉一：A 欠 B 18"
)


async def open_table(h: DiscordHarness) -> None:
    await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
    assert [c.content for c in await h.slash(B, "sit", seat="B")] == ["B 坐 B（南位）。"]


def posted(calls) -> list[tuple[str | None, int | None]]:
    """``(content, the message id it replies to)`` of every channel message Discord accepted."""
    return [
        (c.content, (c.body.get("message_reference") or {}).get("message_id"))
        for c in calls
        if c.kind == "message" and c.status == 200
    ]


async def test_a_message_stored_before_a_stop_is_booked_once_and_answered_after_the_restart(
    store, monkeypatch
):
    async with DiscordHarness(Service(store), monkeypatch) as before:
        await open_table(before)
        monkeypatch.setattr(before.client.delivery, "wake", lambda *a, **k: None)  # stored, not handled
        assert await before.say(B, "B 食 A 12番", message_id=801) == []
        assert await Inbox(store, "discord").counts() == {"done": 2, "pending": 1}  # newgame, sit; the hand
    async with DiscordHarness(Service(store), monkeypatch) as after:  # a new process
        await after.client.delivery.wait_idle()
        assert posted(after.api.calls) == [(FIRST, 801)]
        assert [c.content for c in await after.slash(A, "score")] == [SCORE_AFTER_FIRST]
        assert await after.say(B, "B 食 A 12番", message_id=801) == []  # Discord sent it again: once
        assert [c.content for c in await after.slash(A, "score")] == [SCORE_AFTER_FIRST]
    assert (await Inbox(store, "discord").counts()).get("pending", 0) == 0
    assert (await Outbox(store).counts("discord")).get("pending", 0) == 0


async def test_an_interaction_deferred_before_a_stop_gets_its_follow_up_after_the_restart(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as before:
        await open_table(before)  # at the usual DEFER_AFTER: a slow database must not defer the set-up
        monkeypatch.setattr(client, "DEFER_AFTER", 0.05)
        monkeypatch.setattr(before.client.delivery, "wake", lambda *a, **k: None)
        (defer,) = await before.slash(B, "win", winner="B", discarder="A", hand="12")
        assert defer.kind == "defer"  # within Discord's 3 s, though nothing answered
        iid = defer.path.split("/")[2]
    async with DiscordHarness(Service(store), monkeypatch, api=before.api) as after:  # same Discord
        start = len(after.api.calls)
        await after.client.delivery.wait_idle()
        (reply,) = [c for c in after.api.calls[start:] if c.kind in ("message", "followup")]
        assert (reply.kind, reply.path, reply.status) == ("followup", f"/webhooks/{APP_ID}/token-{iid}", 200)
        assert reply.content == FIRST and [label for label, _id in reply.buttons] == ["撤銷", "📝 記牌"]
        assert [c.content for c in await after.slash(A, "score")] == [SCORE_AFTER_FIRST]


@pytest.mark.parametrize("why", ["never acknowledged", "token expired"])
async def test_an_interaction_without_a_usable_token_is_answered_in_the_channel_quoting_who_asked(
    store, monkeypatch, why
):
    async with DiscordHarness(Service(store), monkeypatch) as before:
        await open_table(before)  # at the usual DEFER_AFTER: a slow database must not defer the set-up
        monkeypatch.setattr(client, "DEFER_AFTER", 0.05)
        monkeypatch.setattr(before.client.delivery, "wake", lambda *a, **k: None)
        if why == "never acknowledged":  # the process stopped within Discord's 3 s
            monkeypatch.setattr(outgoing.Live, "defer", _no_defer)
        await before.slash(B, "win", winner="B", discarder="A", hand="12")
    if why == "token expired":
        monkeypatch.setattr(outgoing, "TOKEN_TTL", 0.0)
    async with DiscordHarness(Service(store), monkeypatch, api=before.api) as after:
        start = len(after.api.calls)
        await after.client.delivery.wait_idle()
        tried = [c.status for c in after.api.calls[start:] if c.kind == "followup"]
        assert tried == ([404] if why == "never acknowledged" else [])
        (reply,) = [c for c in after.api.calls[start:] if c.kind == "message"]
        assert reply.path == f"/channels/{CHANNEL_ID}/messages"
        assert reply.content == "> B: /win B A 12\n" + FIRST
        assert [label for label, _id in reply.buttons] == ["撤銷", "📝 記牌"]
    monkeypatch.setattr(outgoing, "TOKEN_TTL", 14 * 60.0)
    async with DiscordHarness(Service(store), monkeypatch) as again:
        assert [c.content for c in await again.slash(A, "score")] == [SCORE_AFTER_FIRST]


async def _no_defer(self, *, thinking: bool) -> None:
    return None


async def test_replies_that_fail_with_5xx_or_a_network_error_arrive_once_in_order(store, monkeypatch):
    monkeypatch.setattr(delivery, "BACKOFF_START", 0.01)
    async with DiscordHarness(Service(store), monkeypatch) as h:
        await open_table(h)
        h.api.fail_messages = [503, aiohttp.ClientConnectionError("reset"), 503, OSError("unreachable")]
        calls = await h.say_many(B, [(801, "B 食 A 12番"), (802, "B 食 A 12番"), (803, "B 食 A 12番")])
        assert [c.status for c in calls if c.kind == "message"] == [503, 0, 503, 0, 200, 200, 200]
        assert posted(calls) == [(FIRST, 801), (SECOND, 802), (THIRD, 803)]
        assert [label for label, _id in calls[-1].buttons] == ["撤銷", "📝 記牌", "斬（A → B）", "唔斬（A → B）"]
        await h.client.delivery.wait_idle()
    assert await Outbox(store).counts("discord") == {"sent": 2 + 3}  # newgame, sit, three hands


async def test_a_reply_discord_refuses_for_good_is_given_up_and_the_next_goes(store, monkeypatch, caplog):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        await open_table(h)
        h.api.fail_messages = [403]  # the bot lost the right to post here
        assert posted(await h.say(B, "B 食 A 12番", message_id=801)) == []
        assert "refused a reply for good" in caplog.text
        assert posted(await h.say(B, "B 食 A 12番", message_id=802)) == [(SECOND, 802)]
        await h.client.delivery.wait_idle()
    assert await Outbox(store).counts("discord") == {"sent": 3, "failed": 1}


async def test_an_interaction_is_answered_through_its_token(store, monkeypatch):
    service = Service(store)
    async with DiscordHarness(service, monkeypatch) as h:
        (response,) = await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
        iid = int(response.path.split("/")[2])
        assert response.path == f"/interactions/{iid}/token-{iid}/callback" and response.body["type"] == 4
        real = service.handle

        async def slow(*args, **kwargs):
            await asyncio.sleep(0.2)  # still handling when DEFER_AFTER passes
            return await real(*args, **kwargs)

        service.handle = slow  # type: ignore[method-assign]
        monkeypatch.setattr(client, "DEFER_AFTER", 0.05)
        defer, followup, *more = await h.slash(A, "help")  # /help may run past 2,000 characters
        iid = int(defer.path.split("/")[2])
        assert (defer.path, defer.body["type"]) == (f"/interactions/{iid}/token-{iid}/callback", 5)
        assert followup.path == f"/webhooks/{APP_ID}/token-{iid}"
        assert followup.content.startswith("指令：\n")
        assert all(m.path == followup.path for m in more)
        await h.client.delivery.wait_idle()
    assert await Outbox(store).counts("discord") == {"sent": 2}


async def test_an_edited_hand_message_is_stored_and_answered_like_a_message(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        await open_table(h)
        assert posted(await h.say(B, "B 食 A 12番", message_id=801)) == [(FIRST, 801)]
        edited = await h.edit(B, 801, "B 食 A 13番")  # A pays 13 + 5 + 1 = 19
        assert posted(edited) == [
            (
                "B 改咗一鋪已經記咗嘅牌。\n改之前：B 食 A：12番\n  拉一：A 欠 B 18\n"
                "改之後：B 食 A：13番\n  拉一：A 欠 B 19\n照改？",
                801,
            )
        ]
        assert edited[0].buttons == [("✅ 照改", "tp:fix:1:y"), ("✖ 唔改", "tp:fix:1:n")]
        assert await h.edit(B, 801, "B 食 A 13番") == []  # the same edit delivered again: stored once
        applied = await h.press(B, edited[0].message_id, "✅ 照改")
        assert [c.kind for c in applied][:1] == ["update"]  # the spent buttons come off
        assert [c.content for c in await h.slash(A, "score")] == [
            SCORE_AFTER_FIRST.replace("18", "19")  # A → B 19 now, booked once
        ]


async def test_a_reply_booked_but_not_sent_before_a_stop_is_sent_after_the_restart(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as before:
        await open_table(before)
        monkeypatch.setattr(before.client.delivery, "wake_sender", lambda *a, **k: None)  # booked, unsent
        assert await before.say(B, "B 食 A 12番", message_id=801) == []
        assert await Outbox(store).counts("discord") == {"sent": 2, "pending": 1}
        assert await Inbox(store, "discord").counts() == {"done": 3}
    async with DiscordHarness(Service(store), monkeypatch) as after:
        await after.client.delivery.wait_idle()
        assert posted(after.api.calls) == [(FIRST, 801)]
        assert [c.content for c in await after.slash(A, "score")] == [SCORE_AFTER_FIRST]
    assert await Outbox(store).counts("discord") == {"sent": 4}


async def test_an_update_the_inbox_cannot_store_is_refused_saying_nothing_was_booked(store, monkeypatch):
    monkeypatch.setattr(client, "STORE_PATIENCE", 0.05)
    async with DiscordHarness(Service(store), monkeypatch) as h:
        await open_table(h)
        real = h.client.delivery.receive
        tries: list[int] = []

        async def gone(items):
            tries.append(len(items))
            raise DatabaseUnavailable("taipai.db: No such file or directory")

        monkeypatch.setattr(h.client.delivery, "receive", gone)
        said = await h.say(B, "B 食 A 12番", message_id=801)
        assert [(c.kind, c.content) for c in said] == [("message", NOTHING_BOOKED)]
        assert said[0].body["message_reference"]["message_id"] == 801
        asked = await h.slash(B, "win", winner="B", discarder="A", hand="12")
        assert [c.shown for c in asked] == [("response!", NOTHING_BOOKED, [])]
        assert len(tries) >= 4  # tried again (0.1 s, then 0.2 s later) before it gave up, each time
        monkeypatch.setattr(h.client.delivery, "receive", real)
        assert [c.content for c in await h.slash(A, "score")] == [
            "第1鋪，東圈，A 做莊\n  東 A: 0\n  南 B: 0\n  西 C: 0\n  北 D: 0"
        ]  # nothing was booked; the player types it again
