"""📝 記牌 on Discord (issue 15 item 5): the real command tree, views and dynamic items against the fake
Discord API.

The winner and the discarder are select menus, the keypad buttons; each choice answers the interaction
by updating the pressed message in place (callback type 7); the confirm posts the typed command's
reply and books the same event as the hand typed in another channel.  Seat buttons under the 開枱
reply seat whoever presses first and stay for the others.  Amounts by hand (DESIGN §6): A deals
(dealer fan 1), so 「B 食 A 8番」 is 8 + 底 5 + 1 = 14, A → B.
"""

from __future__ import annotations

from typing import Any

import pytest

from taipai.bot.service import Service
from taipai.bot.service.identity import Member
from taipai.bot.store import ChatRef
from tests.bot.discord.harness import CHANNEL_ID, Call, DiscordHarness, Person

A = Person(1001, "A", admin=True)
B = Person(1002, "B")
C = Person(1003, "C")
ZED = Person(1009, "Zed")

pytestmark = pytest.mark.asyncio


def selects(call: Call) -> list[list[str]]:
    """The option labels of each select menu in the call's message."""
    return [
        [o["label"] for o in c.get("options", [])]
        for row in call.components
        for c in row["components"]
        if c.get("type") == 3
    ]


def component_labels(message: dict[str, Any]) -> list[str]:
    return [
        c.get("label", "") for row in message["components"] for c in row["components"] if c.get("type") == 2
    ]


async def test_the_flow_edits_the_message_and_books_as_typed(store, monkeypatch):
    service = Service(store)
    async with DiscordHarness(service, monkeypatch) as h:
        (opened,) = await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
        assert opened.shown[2] == ["坐東", "坐南", "坐西", "坐北", "📝 記牌"]
        mid = opened.message_id
        assert mid is not None
        for person, label in ((A, "坐東"), (B, "坐南"), (C, "坐西")):
            (sat,) = await h.press(person, mid, label)
            assert sat.shown == ("response", f"{person.name} 坐 {person.name}（{label[1]}位）。", [])
        assert component_labels(h.api.messages[mid]) == [
            "坐東",
            "坐南",
            "坐西",
            "坐北",
            "📝 記牌",
        ]  # they stay
        (taken,) = await h.press(ZED, mid, "坐南")
        assert taken.shown == (
            "response!",
            "B 個位已經有 B 坐咗；只有佢或者群組管理員可以清返（離座 南、/leave 南）。",
            [],
        )

        (flow,) = await h.slash(B, "record")
        assert flow.kind == "response" and flow.content == "📝 記牌\n邊個食糊？"
        assert selects(flow) == [["東 A", "南 B", "西 C", "北 D"]]
        assert flow.shown[2] == ["", "流局", "✖ 取消"]  # the select, then the buttons
        fid = flow.message_id
        assert fid is not None

        (update,) = await h.choose(B, fid, "南 B")
        assert update.kind == "update" and update.content == "📝 記牌\nB 食糊。邊個出銃？定係自摸？"
        assert selects(update) == [["東 A", "西 C", "北 D"]]
        (update,) = await h.choose(B, fid, "東 A")
        assert update.content == "📝 記牌\nB 食 A _番：幾多番？"
        assert update.shown[2] == [
            *"1234567890",
            "⌫",
            "1番",
            "2番",
            "3番",
            "5番",
            "8番",
            "⬅ 返轉頭",
            "✖ 取消",
        ]
        (update,) = await h.press(B, fid, "8")
        assert update.content == "📝 記牌\nB 食 A 8番：幾多番？"
        (update,) = await h.press(B, fid, "✔ 8番")
        assert update.shown == ("update", "📝 記牌\nB 食 A 8番 — 確認？", ["✅ 確認", "✖ 取消", "⬅ 返轉頭"])
        assert h.api.messages[fid]["content"] == "📝 記牌\nB 食 A 8番 — 確認？"

        (refused,) = await h.press(ZED, fid, "✅ 確認")
        assert refused.shown == ("response!", "Zed：請先坐低，例如 坐 南（或者 /sit 南）。", [])

        calls = await h.press(B, fid, "✅ 確認")
        assert [c.kind for c in calls] == ["update", "followup"]  # the flow's buttons go, the hand's reply
        assert calls[0].body["data"]["components"] == []
        hand = calls[1:]
        assert hand[0].content is not None
        assert hand[0].content.startswith("B 食 A：8番\n  A → B：14（8番 + 底 5 + 莊 1）\n")
        assert hand[0].shown[2] == ["撤銷", "📝 記牌"]

        (again,) = await h.press(B, fid, "✅ 確認")  # pressed twice: booked once
        assert again.shown == ("response!", "已經做咗喇。", [])

    flow_session = await service.store.open_session(ChatRef("discord", str(CHANNEL_ID)))
    assert flow_session is not None
    flow_events = await service.store.events(flow_session.id)
    assert [e.kind for e in flow_events] == ["table_opened", "win_by_discard"]

    # The same hand typed at a table of another channel books the same event and says the same.
    other = ChatRef("discord", "920000000000000099")
    b = Member(str(B.user_id), "B")
    await service.handle(other, "A", "開枱 A B C D", member=Member(str(A.user_id), "A"))
    await service.handle(other, "B", "坐 南", member=b)
    (typed,) = await service.handle(other, "B", "B 食 A 8番", member=b)
    assert typed.text == hand[0].content
    typed_session = await service.store.open_session(other)
    assert typed_session is not None
    assert (await service.store.events(typed_session.id))[-1].payload == flow_events[-1].payload
