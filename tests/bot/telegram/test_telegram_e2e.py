"""End to end: the real python-telegram-bot Application polling a fake Bot API server on 127.0.0.1.

Amounts derived by hand (DESIGN §6, default 鋪鋪拉 with 斬拉 every third):
a leg is fan + 底 5 + dealer fan 2n+1 when the dealer is in it.  Bob wins on Ann three times:
Ann deals (n 0): 12 + 5 + 1 = 18, 拉一 18; Bob deals (n 0): 18, 拉二 ceil(18 × 1.5) + 18 = 45;
Bob deals (n 1, dealer 3): 12 + 5 + 3 = 20, 拉三 ceil(45 × 1.5) + 20 = 68 + 20 = 88 → 斬拉 offer.
Ann cuts: Ann −88, Bob +88.  Dan self-draws 10 with Bob dealing (n 2, dealer 5): Ann 15, Bob 20,
Cat 15 open chains to Dan; 埋數 pays them: Ann −103, Bob +68, Cat −15, Dan +50.
"""

from __future__ import annotations

import pytest

from taipai.bot.store.chats import ChatData

from .conftest import ADMIN, ANN, BOB, CAT, DANIEL, GROUP, buttons, labels

pytestmark = pytest.mark.asyncio


def text(call) -> str:
    return call.params["text"]


async def test_a_group_plays_a_session(group):
    api = group.api
    assert [c.params.get("language_code") for c in api.sent(None, "setMyCommands")] == [None, "zh", "en"]
    zh_names = {c["command"]: c["description"] for c in api.sent(None, "setMyCommands")[1].params["commands"]}
    assert zh_names["undo"] == "撤銷上一件事"

    # The chat reads Cantonese until it asks for English.
    (r,) = await group.say(ANN, "/lang en")
    assert text(r) == "Language set: English."
    (r,) = await group.say(ANN, "開枱 Ann Bob Cat Dan")
    assert (
        text(r)
        == "Table open: 東 Ann, 南 Bob, 西 Cat, 北 Dan. Ann deals first.\n"
        "Game: Hong Kong-style Taiwanese (港式台牌), counted in 番.\nNext: Ann deals; 東 round, hand 1."
    )
    assert r.params["reply_parameters"]["message_id"] == group.last_message_id

    # Daniel is not called Dan on Telegram: he claims the seat by its wind.
    (r,) = await group.say(DANIEL, "坐 北")
    assert text(r) == "Daniel sits as Dan (北)."
    # A seat is held by a user id: a name equal to a player's only offers the seat (issue 13 item 5).
    (r,) = await group.say(ANN, "坐 Ann")
    assert text(r) == "Ann sits as Ann (東)."
    (r,) = await group.say(BOB, "坐 南")
    assert text(r) == "Bob sits as Bob (南)."

    # A hand by free text, then Undo by the button.
    (hand,) = await group.say(BOB, "Bob 食 Ann 12番")
    assert text(hand) == (
        "Bob wins on Ann's discard: 12 fan\n"
        "  Ann → Bob: 18 (12 fan + 底 5 + dealer 1)\n"
        "la 1: Ann owes Bob 18\n"
        "Next: Bob deals; 東 round, hand 2."
    )
    assert labels(hand) == [["Undo"], ["📝 Record"]] and buttons(hand) == ["undo:1:2", "rec:n"]
    answer, (r,) = await group.press(ANN, hand, "undo:1:2")
    assert "text" not in answer.params
    assert text(r) == (
        "Ann undid: Bob wins on Ann's discard: 12 fan.\nla 1 cancelled: Ann no longer owes Bob 18\n"
        "Next: Ann deals; 東 round, hand 1."
    )
    answer, new = await group.press(ANN, hand, "undo:1:2", replies=0)
    assert answer.params["text"] == "That has been undone already." and new == []

    # By command, then twice more by free text: 拉三 and the 斬拉 offer.
    (r,) = await group.say(BOB, "/win Bob Ann 12")
    assert "la 1: Ann owes Bob 18" in text(r)
    (r,) = await group.say(BOB, "Bob 食 Ann 12番")
    assert "la 2: Ann owes Bob 45 (18 + 18×½→9 + 18)\nNext: Bob deals, 連莊 1; 東 round, hand 3." in text(r)
    (offer,) = await group.say(BOB, "Bob 食 Ann 12番")
    assert text(offer) == (
        "Bob wins on Ann's discard: 12 fan\n"
        "  Ann → Bob: 20 (12 fan + 底 5 + dealer 3)\n"
        "la 3: Ann owes Bob 88 (45 + 45×½→23 + 20)\n"
        "Ann: Bob has you on la 3 (88). Cut (斬) now? Answer 斬 or 唔斬.\n"
        "Next: Bob deals, 連莊 2; 東 round, hand 4."
    )
    assert labels(offer) == [["Undo"], ["📝 Record"], ["Cut (Ann → Bob)", "Don't cut (Ann → Bob)"]]
    answer, new = await group.press(BOB, offer, "cut:1:0:1:3:y", replies=0)
    assert answer.params["text"] == "Only Ann can answer this 斬拉 offer." and new == []
    _answer, (r,) = await group.press(ANN, offer, "cut:1:0:1:3:y")
    assert text(r) == "斬拉: Ann pays Bob the la 3 chain, 88"
    assert await group.balances() == {"Ann": -88, "Bob": 88, "Cat": 0, "Dan": 0}

    # 計數 posts the standing scoreboard; a booked hand edits it in place; 計數 again edits it.
    (board,) = await group.say(CAT, "計數")
    assert (
        text(board)
        == "Hand 4, 東 round; Bob deals, 連莊 2\n  北 Ann: -88\n  東 Bob: +88\n  南 Cat: 0\n  西 Dan: 0"
    )
    (r,) = await group.say(DANIEL, "Dan 自摸 10番")
    assert text(r).startswith("Dan self-draws (自摸): 10 fan\n  Ann → Dan: 15 (10 fan + 底 5)\n")
    edit = await api.wait_for(lambda _c: api.sent(GROUP, "editMessageText"))
    assert edit[0].params["message_id"] == board.result["message_id"]
    assert "la 1: Bob owes Dan 20" in edit[0].params["text"]
    sent_before = group.count()
    await api.send_text(GROUP, CAT, "計數")
    await api.wait_for(lambda _c: len(api.sent(GROUP, "editMessageText")) >= 2 or group.count() > sent_before)
    assert group.count() == sent_before  # no new message: the standing scoreboard was edited
    stored = await ChatData(group.service.store).chat_settings(group.chat)
    assert stored == ("en", str(board.result["message_id"]))

    # Ending the session needs the creator (Ann) or a chat admin, not any player.
    (r,) = await group.say(DANIEL, "埋數")
    assert text(r) == "Daniel: only the table's creator or a chat admin can do that."
    await api.send_text(GROUP, ADMIN, "埋數")  # its reply is the caption of the evening's chart
    (r,) = await api.wait_for(lambda _c: api.sent(GROUP, "sendPhoto"))
    assert r.params["caption"].startswith("la 1 settled: Ann → Dan 15\n")
    assert await group.balances() == {"Ann": -103, "Bob": 68, "Cat": -15, "Dan": 50}


async def test_a_duplicate_update_is_booked_once(group):
    await group.say(ANN, "開枱 Ann Bob Cat Dan")
    await group.say(BOB, "坐 南")
    update = await group.api.send_text(GROUP, BOB, "Bob 食 Ann 12番")
    await group.api.wait_for(lambda _c: group.count() >= 3)
    again = {"message": update["message"]}  # the same message, delivered in a second update
    await group.api.push(again)
    (r,) = await group.say(CAT, "計數")  # handled after the duplicate (one chat: in order)
    assert group.count() == 4  # the duplicate got no reply
    assert text(r).endswith("拉緊：\n  拉一：Ann 欠 Bob 18")  # Cat's client has no language: Cantonese
    session = await group.service.store.open_session(group.chat)
    rows = await group.service.store.events(session.id)
    assert [e.kind for e in rows] == ["table_opened", "win_by_discard"]
    assert rows[1].source_message_id == f"{GROUP}:{update['message']['message_id']}"


async def test_an_edited_hand_shows_the_difference_and_applies_on_confirm(group):
    await group.say(ANN, "開枱 Ann Bob Cat Dan")
    await group.say(BOB, "坐 南")
    await group.say(BOB, "Bob 食 Ann 12番")
    mid = group.last_message_id
    before = group.count()
    await group.api.edit_text(GROUP, BOB, mid, "Bob 食 Ann 20番")
    await group.api.wait_for(lambda _c: group.count() > before)
    diff = group.api.sent(GROUP)[-1]
    assert text(diff) == (
        "Bob 改咗一鋪已經記咗嘅牌。\n"
        "改之前：Bob 食 Ann：12番\n"
        "  拉一：Ann 欠 Bob 18\n"
        "改之後：Bob 食 Ann：20番\n"
        "  拉一：Ann 欠 Bob 26\n"
        "照改？"
    )
    assert buttons(diff) == ["fix:1:y", "fix:1:n"]
    session = await group.service.store.open_session(group.chat)
    assert len(await group.service.store.events(session.id)) == 2  # nothing booked yet
    _answer, (r,) = await group.press(BOB, diff, "fix:1:y")
    assert text(r).startswith("Bob 改咗：\n")
    assert "拉一：Ann 欠 Bob 26" in text(r)
    answer, new = await group.press(BOB, diff, "fix:1:y", replies=0)
    assert answer.params["text"] == "已經改咗喇。" and new == []
    rows = await group.service.store.events(session.id)
    assert [e.kind for e in rows] == ["table_opened", "win_by_discard", "undo", "win_by_discard"]
    _seq, state = await group.service.state_of(session)
    assert [(c.debtor, c.creditor, c.level, c.amount) for c in state.chains] == [("Ann", "Bob", 1, 26)]
    assert state.hand == 1
