"""📝 記牌 end to end (issue 15 item 5, Show: "the tap flow books the same hand as the typed command"):
the real python-telegram-bot Application polling the fake Bot API, a Cantonese group.

The flow's message is posted once and then edited in place (``editMessageText`` with the next step's
keyboard); the confirm posts the hand's reply as the typed command's.  The same hand typed in a second
group books the same event and the same 計數.  Amounts by hand (DESIGN §6): Ann deals (dealer fan 1),
so 「Bob 食 Ann 8番」 is 8 + 底 5 + 1 = 14, Ann → Bob.
"""

from __future__ import annotations

import pytest

from tests.bot.telegram.fakebotapi import Call

from .conftest import ANN, BOB, CAT, GROUP, Group, buttons, labels

pytestmark = pytest.mark.asyncio

TYPED_GROUP = -100555


def text(call: Call) -> str:
    return call.params["text"]


def data_of(call: Call, label: str) -> str:
    markup = call.params.get("reply_markup") or {}
    found = [
        b["callback_data"] for row in markup.get("inline_keyboard", []) for b in row if b["text"] == label
    ]
    assert found, (label, labels(call))
    return found[0]


async def tap(group: Group, user: dict, message_id: int, shown: Call, label: str) -> tuple[Call, Call]:
    """Press ``label`` under the flow's message; wait for the callback answer and the edit of that
    message; returns (the answer, the edit)."""
    api = group.api
    edits = len(api.sent(group.chat_id, "editMessageText"))
    answers = len(api.sent(None, "answerCallbackQuery"))
    await api.press(group.chat_id, user, message_id, data_of(shown, label))
    await api.wait_for(
        lambda _c: (
            len(api.sent(None, "answerCallbackQuery")) > answers
            and len(api.sent(group.chat_id, "editMessageText")) > edits
        )
    )
    edit = api.sent(group.chat_id, "editMessageText")[edits]
    assert int(edit.params["message_id"]) == message_id
    return api.sent(None, "answerCallbackQuery")[answers], edit


async def seated(group: Group) -> Call:
    (opened,) = await group.say(ANN, "開枱 Ann Bob Cat Dan")
    assert labels(opened) == [["坐東", "坐南", "坐西", "坐北"], ["📝 記牌"]]
    for user, data in ((ANN, "seat:0:0"), (BOB, "seat:0:1"), (CAT, "seat:0:2")):
        _answer, (r,) = await group.press(user, opened, data)
        assert text(r) == f"{user['first_name']} 坐 {user['first_name']}（{'東南西'[int(data[-1])]}位）。"
    return opened


async def test_the_tap_flow_edits_one_message_and_books_what_the_typed_command_books(group: Group):
    opened = await seated(group)
    answer, new = await group.press(BOB, opened, "seat:0:1", replies=0)  # Bob's seat again
    assert answer.params["text"] == "Bob：你已經坐緊 Bob（南）。" and new == []

    (flow,) = await group.say(BOB, "記牌")
    assert text(flow) == "📝 記牌\n邊個食糊？"
    assert labels(flow) == [["東 Ann", "南 Bob", "西 Cat", "北 Dan"], ["流局"], ["✖ 取消"]]
    mid = flow.result["message_id"]

    _a, shown = await tap(group, BOB, mid, flow, "南 Bob")
    assert text(shown) == "📝 記牌\nBob 食糊。邊個出銃？定係自摸？"
    assert labels(shown) == [["東 Ann", "西 Cat", "北 Dan"], ["自摸"], ["⬅ 返轉頭", "✖ 取消"]]
    _a, shown = await tap(group, BOB, mid, shown, "東 Ann")
    assert text(shown) == "📝 記牌\nBob 食 Ann _番：幾多番？"
    assert labels(shown) == [
        ["1", "2", "3", "4", "5"],
        ["6", "7", "8", "9", "0"],
        ["⌫"],
        ["1番", "2番", "3番", "5番", "8番"],
        ["⬅ 返轉頭", "✖ 取消"],
    ]
    _a, shown = await tap(group, BOB, mid, shown, "8")
    assert text(shown) == "📝 記牌\nBob 食 Ann 8番：幾多番？" and labels(shown)[2] == ["⌫", "✔ 8番"]
    _a, confirm = await tap(group, BOB, mid, shown, "✔ 8番")
    assert text(confirm) == "📝 記牌\nBob 食 Ann 8番 — 確認？"
    assert labels(confirm) == [["✅ 確認", "✖ 取消"], ["⬅ 返轉頭"]]
    assert group.count() == 5  # 開枱, three seats, the flow: every step was an edit

    # An unseated member's press does nothing: a notice for them alone.
    api = group.api
    answers = len(api.sent(None, "answerCallbackQuery"))
    stranger = api.user(77, "Zed")
    await api.press(GROUP, stranger, mid, data_of(confirm, "✅ 確認"))
    await api.wait_for(lambda _c: len(api.sent(None, "answerCallbackQuery")) > answers)
    assert (
        api.sent(None, "answerCallbackQuery")[answers].params["text"]
        == "Zed：請先坐低，例如 坐 南（或者 /sit 南）。"
    )

    edits = len(api.sent(GROUP, "editMessageText"))
    before = group.count()
    await api.press(GROUP, BOB, mid, data_of(confirm, "✅ 確認"))
    await api.wait_for(lambda _c: group.count() > before)
    (hand,) = api.sent(GROUP)[before:]
    assert text(hand).startswith("Bob 食 Ann：8番\n  Ann → Bob：14（8番 + 底 5 + 莊 1）\n")
    assert buttons(hand) == ["undo:1:2", "rec:n"]
    await api.wait_for(
        lambda _c: any(
            c.params.get("text") == "📝 記低咗：Bob 食 Ann 8番"
            for c in api.sent(GROUP, "editMessageText")[edits:]
        )
    )

    # A second press of the confirm books nothing.
    answers = len(api.sent(None, "answerCallbackQuery"))
    await api.press(GROUP, BOB, mid, data_of(confirm, "✅ 確認"))
    await api.wait_for(lambda _c: len(api.sent(None, "answerCallbackQuery")) > answers)
    assert api.sent(None, "answerCallbackQuery")[answers].params["text"] == "已經做咗喇。"
    session = await group.service.store.open_session(group.chat)
    assert session is not None
    flow_events = await group.service.store.events(session.id)
    assert [e.kind for e in flow_events] == ["table_opened", "win_by_discard"]

    # The same hand typed in another group: the same event, the same 計數.
    typed = Group(api, group.service, TYPED_GROUP)
    await typed.say(ANN, "開枱 Ann Bob Cat Dan")
    await typed.say(BOB, "坐 南")
    (typed_hand,) = await typed.say(BOB, "Bob 食 Ann 8番")
    assert text(typed_hand) == text(hand)
    typed_session = await group.service.store.open_session(typed.chat)
    assert typed_session is not None
    typed_events = await group.service.store.events(typed_session.id)
    assert typed_events[-1].payload == flow_events[-1].payload
    assert await typed.balances() == await group.balances()
    (score,) = await group.say(CAT, "計數")
    (typed_score,) = await typed.say(CAT, "計數")
    assert text(score) == text(typed_score) and "Ann 欠 Bob 14" in text(score)
