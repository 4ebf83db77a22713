"""Regression tests for the hostile-tester QA of issue 13: what a tired player typed that was answered
wrongly or not at all.

1. ``坐 東`` after the deal moved: 東 is the dealer's seat now, so Ann (a Telegram account named Ann)
   saying 坐 東 for the seat she had at 開枱 was bound to Bob's seat and booked as Bob.  A member
   named like a free seat's player who names another seat by its wind is offered their own seat (a
   button for them alone); 坐 Bob, by name, still sits as Bob.
2. A hand message corrected by editing (Apply pressed) and edited again while its corrected hand is
   still the latest was refused with 「That hand has been undone; post it again instead.」: the hand
   stands, as corrected, and posting it again would book it twice.  The second edit is compared with
   the corrected hand.
3. A closing full stop (``B 食 A 12番。``, ``計數。``, ``流局。``) was refused or ignored while ``！``
   was accepted; it ends the message like ``！``.  A question mark still asks and books nothing, but a
   command that only shows something is answered when asked (``計數？``, ``歷史?``, ``規則？`` were
   ignored); ``撤銷？`` and ``埋數？`` still do nothing.

Amounts by hand (DESIGN §6): A deals, so 「B 食 A 12番」 is 12 + 底 5 + dealer 1 = 18, a 拉一 chain.
"""

from __future__ import annotations

import pytest

from taipai.bot.service.identity import Member

from .conftest import CHAT, Talk

pytestmark = pytest.mark.asyncio


async def test_a_closing_full_stop_ends_the_message(talk_zh: Talk):
    await talk_zh("A", "開枱 A B C D")
    reply = await talk_zh("B", "B 食 A 12番。")
    assert reply.startswith("B 食 A：12番\n  A → B：18（12番 + 底 5 + 莊 1）\n拉一：A 欠 B 18")
    assert (await talk_zh("B", "計數。")).startswith("第2鋪，東圈，B 做莊")
    assert (await talk_zh("C", "流局。")).startswith("流局：臭莊，莊家連莊。")
    seq = await talk_zh.seq()
    asked = await talk_zh("B", "B 食 A 12番？")
    assert asked == "「12番?」似係問緊嘢，所以乜都冇記。要記嘅話，唔好加「?」再打一次。"
    assert await talk_zh.seq() == seq  # a question books nothing


async def test_sit_by_a_moved_wind_offers_the_member_their_own_seat(talk_en: Talk):
    service = talk_en.service
    ann, bob = Member("1", "Ann"), Member("2", "Bob")
    await service.handle(CHAT, "Ann", "開枱 Ann Bob Cat Dan", "m1", member=ann)
    await service.handle(CHAT, "Bob", "坐 南", "m2", member=bob)
    await service.handle(CHAT, "Bob", "Bob 食 Ann 8番", "m3", member=bob)  # Bob deals now: he is 東
    await service.handle(CHAT, "Bob", "離座", "m4", member=bob)  # Bob's seat is free again
    (offer,) = await service.handle(CHAT, "Ann", "坐 東", "m5", member=ann)
    assert offer.text == "Ann: are you Ann (北)? Press the button to sit there."
    assert [b.data for b in offer.buttons] == ["sit:1:0:1"]
    session = await service.store.open_session(CHAT)
    assert session is not None
    assert [m.user_id for m in await service.chats.members(session.id) if m.player] == []
    (sat,) = await service.handle(CHAT, "Ann", "坐 Bob", "m6", member=ann)  # by name: as asked
    assert sat.text == "Ann sits as Bob (東)."


async def test_a_corrected_hand_edited_again_is_compared_with_the_correction(talk_en: Talk):
    service = talk_en.service
    members = {n: Member(str(i), n) for i, n in enumerate(("Ann", "Bob", "Cat", "Dan"), start=1)}
    await service.handle(CHAT, "Ann", "開枱 Ann Bob Cat Dan", "m1", member=members["Ann"])
    for n, wind in zip(members, "東南西北", strict=True):
        await service.handle(CHAT, n, f"坐 {wind}", f"sit-{n}", member=members[n])
    await service.handle(CHAT, "Dan", "Dan 食 Cat 8番", "m2", member=members["Dan"])
    (first,) = await service.edit(CHAT, "Dan", "m2", "Dan 食 Cat 9番", member=members["Dan"])
    assert [b.data for b in first.buttons] == ["fix:1:y", "fix:1:n"]
    await service.press(CHAT, "Dan", "fix:1:y", member=members["Dan"])
    (second,) = await service.edit(CHAT, "Dan", "m2", "Dan 食 Cat 10番", member=members["Dan"])
    # Cat pays 9 + 底 5 = 14 as corrected, 15 with the second correction (Ann deals: no dealer fan)
    assert second.text.splitlines()[1:5] == [
        "Before: Dan wins on Cat's discard: 9 fan",
        "  la 1: Cat owes Dan 14",
        "After: Dan wins on Cat's discard: 10 fan",
        "  la 1: Cat owes Dan 15",
    ]
    assert [b.data for b in second.buttons] == ["fix:2:y", "fix:2:n"]
    await service.press(CHAT, "Dan", "fix:2:y", member=members["Dan"])
    state = await talk_en.state()
    assert [h.event.kind for h in state.history] == ["table_opened", "win_by_discard"]
    assert [(c.debtor, c.creditor, c.amount) for c in state.chains] == [("Cat", "Dan", 15)]


async def test_showing_commands_asked_with_a_question_mark_are_answered(talk_zh: Talk):
    await talk_zh("A", "開枱 A B C D")
    board = await talk_zh("B", "計數")
    assert await talk_zh("B", "計數？") == board
    assert await talk_zh("B", "計數?") == board
    assert await talk_zh("B", "歷史?") == await talk_zh("B", "歷史")
    assert await talk_zh("B", "規則？") == await talk_zh("B", "規則")
    seq = await talk_zh.seq()
    assert await talk_zh("A", "撤銷？") == ""  # a question does not undo, cancel or settle
    assert await talk_zh("A", "埋數？") == ""
    assert await talk_zh.seq() == seq
