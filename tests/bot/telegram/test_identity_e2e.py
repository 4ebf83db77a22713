"""Identity by user id end to end (issue 13 item 5): the real python-telegram-bot Application polling the
fake Bot API, a second account with a player's first name or username, a seat offer pressed by the
wrong member, a button pressed in another group, and rule changes by a group admin and by the seated
creator (admins come from ``getChatAdministrators``).

Amounts by hand (DESIGN §6): Ann deals (dealer fan 1), so 「Bob 食 Ann 12番」 is 12 + 底 5 + 1 = 18,
a 拉一 chain Ann → Bob 18.
"""

from __future__ import annotations

import pytest

from tests.bot.telegram.fakebotapi import FakeBotAPI

from .conftest import ADMIN, ANN, BOB, CAT, buttons

pytestmark = pytest.mark.asyncio

OTHER_GROUP = -100124
SAME_NAME = FakeBotAPI.user(7, "Bob")  # another account whose first name is Bob's
SAME_USERNAME = FakeBotAPI.user(8, "Mallory", username="Cat")  # another account whose @username is Cat


def text(call) -> str:
    return call.params["text"]


async def answer_to_press(group, chat_id: int, user: dict, message_id: int, data: str) -> str:
    """Press ``data`` under a message (in any chat, whatever buttons it shows); the callback answer."""
    api = group.api
    before = len(api.sent(None, "answerCallbackQuery"))
    await api.press(chat_id, user, message_id, data)
    await api.wait_for(lambda _c: len(api.sent(None, "answerCallbackQuery")) > before)
    return api.sent(None, "answerCallbackQuery")[before].params.get("text", "")


async def test_names_never_seat_anyone_and_buttons_stay_in_their_chat(group):
    (r,) = await group.say(ANN, "開枱 Ann Bob Cat Dan")
    # a group speaks one language: Cantonese here, though Ann's phone is English
    assert text(r).startswith("開枱：東 Ann、南 Bob、西 Cat、北 Dan。")
    (r,) = await group.say(BOB, "坐 南")
    assert text(r) == "Bob 坐 Bob（南位）。"

    # Another account called Bob: refused, and told who holds the seat.
    (r,) = await group.say(SAME_NAME, "Bob 食 Ann 12番")
    assert text(r) == (
        "Bob：請先坐低，例如 坐 南（或者 /sit 南）。 "
        "Bob 個位已經有 Bob 坐咗；只有佢或者群組管理員可以清返（離座 南、/leave 南）。"
    )
    (r,) = await group.say(SAME_NAME, "坐 南")
    assert text(r) == "Bob 個位已經有 Bob 坐咗；只有佢或者群組管理員可以清返（離座 南、/leave 南）。"

    # An account whose @username is Cat is offered Cat's free seat: a button for that account alone.
    (offer,) = await group.say(SAME_USERNAME, "Cat 自摸 10番")
    assert text(offer) == "Mallory：請先坐低。如果你係 Cat，撳下面個掣（或者講 坐 西、/sit 西）。"
    assert buttons(offer) == ["sit:1:2:8"]
    answer, new = await group.press(CAT, offer, "sit:1:2:8", replies=0)
    assert answer.params["text"] == "呢個掣只係俾問緊嗰位成員撳。你自己想坐，就講 坐 西（或者 /sit 西）。"
    assert new == []
    (r,) = await group.say(CAT, "坐 西")
    assert text(r) == "Cat 坐 Cat（西位）。"
    answer, new = await group.press(SAME_USERNAME, offer, "sit:1:2:8", replies=0)
    assert answer.params["text"] == "Cat 個位已經有 Cat 坐咗；只有佢或者群組管理員可以清返（離座 西、/leave 西）。"
    session = await group.service.store.open_session(group.chat)
    assert [e.kind for e in await group.service.store.events(session.id)] == ["table_opened"]
    seats = {m.player: m.user_id for m in await group.service.chats.members(session.id) if m.player}
    assert seats == {"Bob": "2", "Cat": "3"}

    # The real Bob books; his Undo button pressed in another group does nothing there.
    (hand,) = await group.say(BOB, "Bob 食 Ann 12番")
    assert text(hand).startswith("Bob 食 Ann：12番\n  Ann → Bob：18（12番 + 底 5 + 莊 1）\n")
    assert buttons(hand) == ["undo:1:2", "rec:n"]
    notice = await answer_to_press(group, OTHER_GROUP, BOB, hand.result["message_id"], "undo:1:2")
    assert notice == "呢個掣係第二個群組嘅，喺呢度冇用。"
    assert [e.kind for e in await group.service.store.events(session.id)] == ["table_opened", "win_by_discard"]
    assert await group.balances() == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 0}  # 拉一 18 is a chain

    # Rule changes: a group admin who is not at the table, and the creator once seated.
    (r,) = await group.say(ADMIN, "/rules rate 2")
    assert text(r).startswith("改咗規則：")
    (r,) = await group.say(ANN, "坐 Ann")
    assert text(r) == "Ann 坐 Ann（北位）。"  # Bob deals now, so Ann is 北
    (r,) = await group.say(ANN, "/rules rate 3")
    assert text(r).startswith("改咗規則：")
    (r,) = await group.say(CAT, "/rules rate 4")
    assert text(r) == "Cat：呢樣要開枱嘅人或者群組管理員先可以做。"
    _seq, state = await group.service.state_of(session)
    assert state.options.rate == 3
