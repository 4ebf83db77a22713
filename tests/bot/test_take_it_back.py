"""Taking back a 埋數 and a mistyped 開枱 (tester's report, item 1).

Before: after 埋數, 撤銷 and 計數 answered 「呢度未開枱」 and the settlement could not be undone; 撤銷
right after 開枱 said there was nothing to undo, so a table opened with a wrong name stayed open.

Amounts by hand (DESIGN §6, default 鋪鋪拉): 阿明 deals (n 0, dealer fan 1), so 「阿強 食 阿明 12番」 is
12 + 底 5 + 1 = 18, a 拉一 chain 阿明 → 阿強 18; 埋數 settles it in full: 阿明 −18, 阿強 +18.
"""

from __future__ import annotations

import pytest

from taipai.bot.service import Service
from taipai.bot.service.identity import Member
from taipai.bot.store import ChatRef, Store

from .conftest import CHAT, Talk

OPEN = "開枱 阿明 阿強 阿珍 阿玲"

SETTLED_ZH = (
    "埋數！最後結果（底 = 5番，每番 HK$1）：\n"
    "  北 阿明: -18番 = -HK$18\n"
    "  東 阿強: +18番 = +HK$18\n"
    "  南 阿珍: 0番 = HK$0\n"
    "  西 阿玲: 0番 = HK$0\n"
    "四家加埋：0（收支平衡）\n"
    "找數：\n"
    "  阿明 俾 阿強 18番 = HK$18"
)


async def _settled(talk: Talk) -> None:
    await talk("阿明", OPEN)
    await talk("阿強", "阿強 食 阿明 12番")
    assert await talk("阿明", "埋數") == "拉一找數：阿明 → 阿強 18\n" + SETTLED_ZH


@pytest.mark.both_databases
@pytest.mark.asyncio
async def test_undo_right_after_settlement_reopens_the_table(talk_zh: Talk):
    talk = talk_zh
    await _settled(talk)
    session = await talk.service.store.latest_session(CHAT)
    assert session is not None and session.status == "ended"
    assert await talk("阿明", "撤銷") == (
        "阿明 撤銷咗：埋數。張枱重新開返，可以繼續打。\n"
        "第2鋪，東圈，阿強 做莊\n"
        "  北 阿明: 0 （連拉計：-18）\n"
        "  東 阿強: 0 （連拉計：+18）\n"
        "  南 阿珍: 0\n"
        "  西 阿玲: 0\n"
        "拉緊：\n"
        "  拉一：阿明 欠 阿強 18"
    )
    reopened = await talk.service.store.open_session(CHAT)
    assert reopened is not None and reopened.id == session.id and reopened.ended_at is None
    assert await talk.seq() == 4  # 開枱, the hand, 埋數, the Undo: appended, nothing deleted
    # play goes on: 阿強 deals now (n 0), so the same win is 18 again and the chain is 拉二
    # ceil(18 × 1.5) + 18 = 27 + 18 = 45
    assert "拉二：阿明 欠 阿強 45（18 + 18×½→9 + 18）" in await talk("阿強", "阿強 食 阿明 12番")
    # undo before the settlement stays as it was: the last hand, then the first one
    assert (await talk("阿明", "撤銷")).startswith("阿明 撤銷咗：阿強 食 阿明：12番。")
    assert (await talk("阿明", "撤銷")).startswith("阿明 撤銷咗：阿強 食 阿明：12番。")
    assert (await talk.state()).chains == ()


@pytest.mark.asyncio
async def test_score_after_settlement_shows_the_result_and_how_to_take_it_back(talk_zh: Talk):
    talk = talk_zh
    await _settled(talk)
    assert await talk("阿珍", "計數") == (
        "呢度未開枱：上一枱已經埋咗數。講「撤銷」可以取消埋數；開新枱咁寫：開枱 A B C D。\n" + SETTLED_ZH
    )


@pytest.mark.asyncio
async def test_redo_after_undoing_a_settlement_settles_and_ends_it_again(talk_en: Talk):
    talk = talk_en
    await talk("A", "開枱 A B C D")
    await talk("B", "B 食 A 12番")
    await talk("A", "/settle")
    assert (await talk("A", "/undo")).startswith(
        "A undid: settlement (埋數). The table is open again; play on."
    )
    assert (await talk("A", "/redo")).splitlines()[:3] == [
        "A redid: settlement (埋數).",
        "la 1 settled: A → B 18",
        "Session over (埋數). Final balances (底 = 5 fan, HK$1 a fan):",
    ]
    assert await talk.service.store.open_session(CHAT) is None  # ended again, in the event's transaction
    assert await talk("B", "B 食 A 12番") == "No table is open here. Start one with: 開枱 A B C D"
    assert (await talk("A", "/undo")).startswith("A undid: settlement (埋數).")


@pytest.mark.asyncio
async def test_a_settlement_is_not_taken_back_over_a_table_opened_meanwhile(store: Store, monkeypatch):
    """Another worker's 開枱 lands between reading the ended session and reopening it: refused,
    nothing booked; the new table stays the chat's open table."""
    talk = Talk(Service(store, locale="en"))
    await talk("A", "開枱 A B C D")
    await talk("A", "/settle")
    old = await store.latest_session(CHAT)
    real = store.reopen_session

    async def opened_meanwhile(session, seq, **kw):
        await store.create_session(CHAT, creator="E", kind="table_opened", payload={})
        return await real(session, seq, **kw)

    monkeypatch.setattr(store, "reopen_session", opened_meanwhile)
    assert await talk("A", "/undo") == (
        "The 埋數 cannot be taken back: a new table has been opened here since. 撤銷 now undoes the new "
        "table's last event."
    )
    assert (await store.session(old.id)).status == "ended"
    assert [e.seq for e in await store.events(old.id)] == [1, 2]
    assert (await store.open_session(CHAT)).id != old.id


@pytest.mark.asyncio
async def test_undoing_a_settlement_needs_the_right_to_settle(store: Store):
    """Settling needs the table's creator or a chat admin (identity.needs_admin); so does taking it
    back, and redoing it.  A seated player may still undo ordinary events."""
    service = Service(store, locale="en")
    chat = ChatRef("telegram", "-100777")
    ann, bob, boss = Member("1", "Ann"), Member("2", "Bob"), Member("9", "Boss", is_admin=True)

    async def say(member: Member, text: str) -> str:
        return "\n".join(r.text for r in await service.handle(chat, member.display, text, member=member))

    await say(ann, "開枱 Ann Bob Cat Dan")
    await say(bob, "坐 Bob")  # a seat is held by a user id; Bob's name alone does not seat him
    await say(bob, "Bob 食 Ann 12番")
    await say(ann, "埋數")
    refused = "Bob: only the table's creator or a chat admin can do that."
    assert await say(bob, "撤銷") == refused
    assert await service.store.open_session(chat) is None
    assert (await say(boss, "撤銷")).startswith("Boss undid: settlement (埋數).")
    assert await say(bob, "重做") == refused  # redoing the 埋數 settles again: creator or admin
    assert (await say(ann, "重做")).startswith("Ann redid: settlement (埋數).")
    assert (await say(ann, "撤銷")).startswith("Ann undid: settlement (埋數).")
    assert (await say(bob, "撤銷")).startswith("Bob undid: Bob wins on Ann's discard: 12 fan.")


@pytest.mark.asyncio
async def test_undo_right_after_open_cancels_a_mistyped_table(talk_zh: Talk):
    talk = talk_zh
    await talk("阿明", "開枱 阿明 阿強 阿珍 阿鈴")  # 阿鈴 for 阿玲
    assert await talk("阿明", OPEN) == (
        "呢度已經開咗枱（東 阿明、南 阿強、西 阿珍、北 阿鈴），仲未打過。講「撤銷」可以取消張枱（例如改名）；"
        "講「埋數」就完場。"
    )
    assert await talk("阿明", "撤銷") == (
        "阿明 取消咗張枱（東 阿明、南 阿強、西 阿珍、北 阿鈴），未打過任何嘢。用啱嘅名再開過：開枱 A B C D"
        "（再講「撤銷」就攞返呢張枱）。"
    )
    assert await talk.service.store.open_session(CHAT) is None
    assert (await talk("阿明", OPEN)).startswith("開枱：東 阿明、南 阿強、西 阿珍、北 阿玲。")
    assert (await talk.state()).names == ("阿明", "阿強", "阿珍", "阿玲")


@pytest.mark.asyncio
async def test_a_cancelled_table_comes_back_with_undo_and_a_played_table_is_not_cancelled(talk_en: Talk):
    talk = talk_en
    await talk("A", "開枱 A B C D")
    await talk("A", "/rules rate 2")
    # the rule change is undone first; only then is the table cancelled
    assert await talk("A", "/undo") == (
        "A undid: Rule changed: 底 = HK$10, a fan = HK$2. A rate change re-prices the whole "
        "session, hands already played included.\nNext: A deals; 東 round, hand 1."
    )
    assert (await talk("A", "/undo")).startswith("A cancelled the table (東 A, 南 B, 西 C, 北 D)")
    assert await talk("A", "/undo") == (
        "A undid: cancelling the table. The table is open again; play on.\n"
        "Hand 1, 東 round; A deals\n  東 A: 0\n  南 B: 0\n  西 C: 0\n  北 D: 0"
    )
    await talk("B", "B 食 A 12番")
    assert (await talk("A", "/undo")).startswith("A undid: B wins on A's discard: 12 fan.")
    # QA (helper-28): cancelling now would lose the hand to 重做 (a 重做 then re-cancelled the table
    # with a zero 埋數); the table stays, and the reply says how to get the hand back or end the table
    assert await talk("A", "/undo") == (
        "Nothing more to undo. 重做 brings back: B wins on A's discard: 12 fan. "
        "To start this table over, 埋數 ends it."
    )
    assert (await talk("A", "重做")).startswith("A redid: B wins on A's discard: 12 fan.")


@pytest.mark.asyncio
async def test_cancelling_a_fresh_table_needs_a_seat_or_the_creator(store: Store):
    """Cancelling is an undo: the creator (whose name may be the typo), an admin or a seated player."""
    service = Service(store, locale="en")
    chat = ChatRef("telegram", "-100778")
    ann, stranger = Member("1", "Ann"), Member("5", "Eve")

    async def say(member: Member, text: str) -> str:
        return "\n".join(r.text for r in await service.handle(chat, member.display, text, member=member))

    await say(ann, "開枱 Anne Bob Cat Dan")  # Ann typed her own name wrong: she is not seated
    assert await say(stranger, "撤銷") == "Eve: take a seat first, e.g. 坐 南 (or /sit 南)."
    assert (await say(ann, "撤銷")).startswith("Ann cancelled the table (東 Anne, 南 Bob")
    assert await service.store.open_session(chat) is None


@pytest.mark.asyncio
async def test_score_after_a_cancelled_table_says_it_was_cancelled_not_settled(talk_en: Talk):
    """QA (helper-28): 計數 after 開枱 and 撤銷 answered 「the last one was settled (埋數)」 with a
    zero result; nothing was played, so it says the table was cancelled and how to bring it back."""
    await talk_en("A", "開枱 A B C D")
    await talk_en("A", "撤銷")
    assert await talk_en("A", "計數") == (
        "No table is open here: the last one (東 A, 南 B, 西 C, 北 D) was cancelled before anything was "
        "played. 撤銷 brings it back; 開枱 A B C D starts a new table."
    )
    assert (await talk_en("A", "撤銷")).startswith("A undid: cancelling the table. The table is open again")
