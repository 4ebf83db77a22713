"""One language per group (issue 15 item 1), through :class:`Service` as the adapters call it.

A group speaks its ``chats.locale`` (``/lang``, or a language word at 開枱), else the service default
(Cantonese), never one member's phone language; a member's client language counts only in their
private chat with the bot.  The chat's language is read from the database with every message, so a
second worker process on the same database obeys a ``/lang`` given through the first at once.
"""

from __future__ import annotations

import pytest

from taipai.bot.service import Service
from taipai.bot.service.identity import Member
from taipai.bot.service.parse import CommandError, OpenTable, parse_command
from taipai.bot.store import ChatRef, Store
from taipai.bot.store.chats import ChatData

pytestmark = [pytest.mark.asyncio, pytest.mark.both_databases]

GROUP = ChatRef("telegram", "-100500")
PRIVATE = ChatRef("telegram", "42")
ANN = Member("1", "Ann", language="en")  # her phone is English
ANN_ALONE = Member("1", "Ann", language="en", private=True)
BOB = Member("2", "Bob", language="zh-hans")

OPENED_ZH = "開枱：東 Ann、南 Bob、西 Cat、北 Dan。Ann 做莊。"
OPENED_EN = "Table open: 東 Ann, 南 Bob, 西 Cat, 北 Dan. Ann deals first."
SCORE_ZH = "第1鋪，東圈，Ann 做莊"
SCORE_EN = "Hand 1, 東 round; Ann deals"


async def say(service: Service, chat: ChatRef, member: Member, text: str, mid: str | None = None) -> str:
    replies = await service.handle(chat, member.display, text, mid, member=member)
    return "\n".join(r.text for r in replies)


async def test_a_group_speaks_cantonese_to_a_member_whose_phone_is_english(store: Store):
    service = Service(store)
    assert (await say(service, GROUP, ANN, "開枱 Ann Bob Cat Dan", "-100500:1")).startswith(OPENED_ZH)
    assert (await say(service, GROUP, ANN, "計數")).startswith(SCORE_ZH)
    assert await service.chats.chat_settings(GROUP) == (None, None)  # nothing stored: the default


async def test_a_private_chat_follows_the_members_phone(store: Store):
    service = Service(store)
    assert (await say(service, PRIVATE, ANN_ALONE, "開枱 Ann Bob Cat Dan", "42:1")).startswith(OPENED_EN)
    assert await say(service, PRIVATE, ANN_ALONE, "/lang") == (
        "Language: English. Change it with /lang en or /lang zh."  # the language it is answered in
    )
    assert await say(service, GROUP, ANN, "/lang") == "語言：中文。用 /lang en 或者 /lang zh 轉。"
    # /lang in the private chat still wins over the phone
    assert await say(service, PRIVATE, ANN_ALONE, "/lang zh") == "語言轉咗做廣東話。"
    assert (await say(service, PRIVATE, ANN_ALONE, "計數")).startswith(SCORE_ZH)


async def test_lang_through_one_worker_is_obeyed_by_the_other_at_once(store: Store):
    one, two = Service(store), Service(store)  # two processes' services on one database
    await say(one, GROUP, ANN, "開枱 Ann Bob Cat Dan", "-100500:1")
    assert (await say(two, GROUP, BOB, "計數")).startswith(SCORE_ZH)  # two has read the chat once
    assert await say(one, GROUP, ANN, "/lang en") == "Language set: English."
    assert (await say(two, GROUP, BOB, "計數")).startswith(SCORE_EN)
    assert await say(two, GROUP, BOB, "語言 zh") == "語言轉咗做廣東話。"
    assert (await say(one, GROUP, ANN, "計數")).startswith(SCORE_ZH)


async def test_open_names_the_language_at_another_game(store: Store):
    service = Service(store)
    reply = await say(service, GROUP, BOB, "開枱 Ann Bob Cat Dan 台灣牌 English", "-100500:1")
    assert reply.startswith(OPENED_EN + "\nGame: Taiwan 16-tile (台灣牌), counted in 台.")
    assert (await service.chats.chat_settings(GROUP))[0] == "en"
    assert (await say(service, GROUP, BOB, "計數")).startswith(SCORE_EN)
    other = ChatRef("telegram", "-100501")
    await say(service, other, ANN, "/lang en")
    reply = await say(service, other, ANN, "/newgame Ann Bob Cat Dan hk-old zh", "-100501:1")
    assert reply.startswith(OPENED_ZH + "\n玩法：廣東牌，計翻。")
    assert (await service.chats.chat_settings(other))[0] == "zh_Hant_HK"


async def test_a_refused_open_does_not_change_the_language(store: Store):
    service = Service(store)
    await say(service, GROUP, ANN, "開枱 Ann Bob Cat Dan", "-100500:1")
    reply = await say(service, GROUP, ANN, "開枱 Ann Bob Cat Dan English", "-100500:2")
    assert reply.startswith("呢度已經開咗枱")
    assert (await service.chats.chat_settings(GROUP))[0] is None


async def test_the_last_language_read_answers_while_the_database_is_down(store: Store):
    service = Service(store)
    await say(service, GROUP, ANN, "/lang en")
    assert service.offline_locale(GROUP, None, ANN) == "en"
    assert service.offline_locale(ChatRef("telegram", "-100777"), None, ANN) == "zh_Hant_HK"
    assert service.offline_locale(PRIVATE, None, ANN_ALONE) == "en"


async def test_language_words_count_only_after_the_four_names():
    assert parse_command("開枱 A B C D English") == OpenTable(("A", "B", "C", "D"), locale="en")
    assert parse_command("開枱 A B C D 台灣牌 英文") == OpenTable(("A", "B", "C", "D"), system="taiwan", locale="en")
    assert parse_command("開枱 A B C D 中文") == OpenTable(("A", "B", "C", "D"), locale="zh_Hant_HK")
    slash = parse_command("/newgame A B C D en")
    assert isinstance(slash, OpenTable) and (slash.players, slash.locale) == (("A", "B", "C", "D"), "en")
    # a fourth name that happens to be a language word stays a name
    assert parse_command("開枱 A B C English") == OpenTable(("A", "B", "C", "English"))
    with pytest.raises(CommandError) as err:
        parse_command("開枱 A B C D E en")
    assert err.value.code == "open_game"


async def _rows(store: Store, table, chat: ChatRef) -> list[dict]:
    from sqlalchemy import select

    q = select(table).where(table.c.platform == chat.platform, table.c.chat_id == chat.chat_id)
    return await store.run_read(lambda conn: [dict(r._mapping) for r in conn.execute(q)])


async def test_move_chat_takes_tables_settings_seasons_and_seats_along_once(store: Store):
    """A group that became a supergroup (:meth:`ChatData.move_chat`): everything of the old id is under
    the new one after one call, values the new chat already has are kept, a second call moves nothing."""
    from sqlalchemy import insert

    from taipai.bot.store.schema import chats, seasons, seat_memory

    old, new = ChatRef("telegram", "-4100"), ChatRef("telegram", "-1004100")
    service = Service(store)
    await say(service, old, ANN, "開枱 Ann Bob Cat Dan English", "-4100:1")
    await say(service, old, BOB, "坐 南")
    await say(service, old, ANN, "埋數", "-4100:3")  # an ended session: history the stats read
    await say(service, old, ANN, "開枱 Ann Bob Cat Dan", "-4100:4")
    await say(service, old, BOB, "坐 南")
    await say(service, old, BOB, "Bob 自摸 10番", "-4100:6")
    await service.chats.set_chat(old, scoreboard_message_id="77")
    now = store.now()

    def seed(conn) -> None:
        season = {"number": 2, "started_at": now, "started_by": "Ann"}
        conn.execute(insert(seasons).values(platform="telegram", chat_id=old.chat_id, **season))
        # Bob's seat (坐 南) is remembered in the old chat already; the new chat remembers him as Bobby
        for chat, user, player in ((old, "1", "Ann"), (new, "2", "Bobby")):
            seat = {"user_id": user, "player": player, "seat": 0, "display": player, "updated_at": now}
            conn.execute(insert(seat_memory).values(platform="telegram", chat_id=chat.chat_id, **seat))
        conn.execute(
            insert(chats).values(platform="telegram", chat_id=new.chat_id, currency="TWD", updated_at=now)
        )

    await store.run_write(seed)
    events_before = [e.kind for e in await store.events((await store.open_session(old)).id)]

    moved = await service.chats.move_chat(old, new)
    assert (moved.sessions, moved.kept_open, moved.settings, moved.remembered) == (2, False, True, 1)
    assert await store.open_session(old) is None
    session = await store.open_session(new)
    assert session is not None and session.chat == new
    assert [e.kind for e in await store.events(session.id)] == events_before
    assert events_before == ["table_opened", "self_draw"]
    seated = [(m.user_id, m.player) for m in await service.chats.members(session.id) if m.player]
    assert seated == [("2", "Bob")]
    (settings,) = await _rows(store, chats, new)
    assert (settings["locale"], settings["currency"], settings["scoreboard_message_id"]) == ("en", "TWD", None)
    assert [r["number"] for r in await _rows(store, seasons, new)] == [2]
    remembered = sorted((r["user_id"], r["player"]) for r in await _rows(store, seat_memory, new))
    assert remembered == [("1", "Ann"), ("2", "Bobby")]
    for table in (chats, seasons, seat_memory):
        assert await _rows(store, table, old) == []
    # the old chat's message delivered again is still booked once
    assert await say(service, new, BOB, "Bob 自摸 10番", "-4100:6") == ""
    again = await service.chats.move_chat(old, new)
    assert (again.sessions, again.kept_open, again.settings, again.remembered) == (0, False, False, 0)


async def test_move_chat_keeps_the_old_open_table_when_the_new_chat_has_one(store: Store):
    old, new = ChatRef("telegram", "-4200"), ChatRef("telegram", "-1004200")
    service = Service(store)
    await say(service, old, ANN, "開枱 Ann Bob Cat Dan", "-4200:1")
    await say(service, new, ANN, "開枱 Wu Xi Yu Zo", "-1004200:1")
    moved = await service.chats.move_chat(old, new)
    assert (moved.sessions, moved.kept_open) == (0, True)
    kept, there = await store.open_session(old), await store.open_session(new)
    assert kept is not None and there is not None and kept.id != there.id
    with pytest.raises(ValueError):
        await service.chats.move_chat(old, old)


async def test_the_privacy_warning_is_first_once_per_chat(store):
    """``first_privacy_warning`` is true for the first caller only, with or without a chats row
    (SQLite and PostgreSQL)."""
    chats = ChatData(store)
    fresh, known = ChatRef("telegram", "-100990"), ChatRef("telegram", "-100991")
    await chats.set_chat(known, locale="en")  # a row exists already
    assert [await chats.first_privacy_warning(fresh) for _ in range(3)] == [True, False, False]
    assert [await chats.first_privacy_warning(known) for _ in range(2)] == [True, False]
    assert (await chats.chat_settings(known))[0] == "en"  # the language is left alone
