"""Groups end to end (issue 15 items 1, 3 and 10): the real python-telegram-bot Application polling the
fake Bot API.

- one language per group: a member whose phone is English gets Cantonese in a group, English in
  their private chat;
- only this bot's commands: ``/score@OtherBot`` gets nothing, ``/score@<this bot>`` the score;
- the greeting when the bot is added, and the privacy-mode warning once per group;
- a group that becomes a supergroup keeps its table (``migrate_to_chat_id``, ``ChatMigrated``);
- one table per forum topic, the replies in their topic.

Amounts by hand (DESIGN §6, 鋪鋪拉): Ann deals first (dealer fan 1).  「Bob 自摸 10番」 by the non-dealer
Bob is 10 + 底 5 = 15 from Cat and Dan, 15 + 1 = 16 from the dealer Ann, each on a 拉一 chain (計數: 0
each, with 拉 Ann -16, Bob +46, Cat -15, Dan -15), and Bob deals next.  「Bob 食 Ann 12番」 then is
12 + 5 + dealer 1 = 18, Ann's chain goes to 拉二 16 + ⌈16 × ½⌉ + 18 = 42 and Cat and Dan settle 15 each.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from sqlalchemy import func, select

from taipai.bot.service import Service
from taipai.bot.store import ChatRef, Store, sqlite_url
from taipai.bot.store.schema import inbox
from taipai.bot.telegram import TelegramBot

from .conftest import ADMIN, ANN, BOB, Group, buttons
from .fakebotapi import BOT_ID, BOT_USERNAME, Call, FakeBotAPI

pytestmark = pytest.mark.asyncio

GREETING_ZH = (
    "你好！我幫你哋計麻雀數。開始：\n"
    "1. 開枱 阿明 阿強 阿珍 阿玲（四個名，第一個做莊；玩台灣牌或者廣東牌就喺後面加 台灣牌 或 廣東牌）\n"
    "2. 每人坐低：坐 東（或者 坐 南、坐 西、坐 北）\n"
    "3. 每鋪報數：阿強 食 阿明 3番、阿珍 自摸 5番；計數 睇輸贏\n"
    "全部指令：/help。語言：/lang en（英文）或者 /lang zh（廣東話）。"
)
READS_ALL_ZH = "我睇得到群組嘅訊息，但只會應枱上嘅嘢；傾偈我唔會插嘴。"
PRIVACY_ZH = (
    "我喺呢度只睇到 /指令（私隱模式開咗）：「阿強 食 阿明 3番」我收唔到，/win 阿強 阿明 3 就收到。"
    "想直接打牌數：喺 @BotFather 打 /setprivacy，揀呢個 bot，揀 Disable，再將我加返入群組；"
    "或者將我設做群組管理員。"
)
SCORE_ZH = "第1鋪，東圈，Ann 做莊"
OPENED_ZH = "開枱：東 Ann、南 Bob、西 Cat、北 Dan。"


@asynccontextmanager
async def telegram(tmp_path, **api_args) -> AsyncIterator[tuple[FakeBotAPI, Service]]:
    """The fake Bot API (``api_args``: ``privacy``, ``admins``) and a started bot on a fresh store."""
    async with FakeBotAPI(**api_args) as api:
        store = await Store.open(sqlite_url(tmp_path / "groups.db"))
        service = Service(store)
        bot = TelegramBot(service, api.token, base_url=api.base_url, poll_timeout=5)
        await bot.start()
        try:
            yield api, service
        finally:
            await api.release()
            await bot.stop()
            await store.close()


def texts(calls: list[Call]) -> list[str]:
    return [c.params["text"] for c in calls]


async def pending(service: Service) -> int:
    """Inbox rows not yet handled."""
    q = select(func.count()).select_from(inbox).where(inbox.c.status != "done")
    return int(await service.store.run_read(lambda conn: conn.execute(q).scalar_one()))


async def test_a_group_speaks_cantonese_and_a_private_chat_the_phones_language(group: Group):
    assert ANN["language_code"] == "en"
    (r,) = await group.say(ANN, "開枱 Ann Bob Cat Dan")
    assert r.params["text"].startswith(OPENED_ZH)
    (r,) = await group.say(ANN, "計數")
    assert r.params["text"].startswith(SCORE_ZH)
    alone = Group(group.api, group.service, chat_id=ANN["id"])  # Ann's private chat with the bot
    (r,) = await alone.say(ANN, "開枱 Ann Bob Cat Dan")
    assert r.params["text"].startswith("Table open: 東 Ann, 南 Bob, 西 Cat, 北 Dan. Ann deals first.")
    (r,) = await group.say(BOB, "/lang en")
    assert r.params["text"] == "Language set: English."
    (r,) = await group.say(BOB, "/help")  # Bob's phone says nothing: the group's language decides
    assert r.params["text"].startswith("Commands:\nGame at this table: Hong Kong-style Taiwanese")


async def test_commands_for_another_bot_are_left_alone(group: Group):
    await group.say(ANN, "開枱 Ann Bob Cat Dan")
    await group.say(BOB, "坐 南")
    before = group.count()
    await group.api.send_text(group.chat_id, BOB, "/score@OtherBot")
    await group.api.send_text(group.chat_id, BOB, "/win@OtherBot Bob Ann 12")
    (r,) = await group.say(BOB, f"/score@{BOT_USERNAME.upper()}")  # handled after the two, in order
    assert r.params["text"].startswith(SCORE_ZH)
    assert group.count() == before + 1  # nothing said to the other bot's commands
    session = await group.service.store.open_session(group.chat)
    assert session is not None
    assert [e.kind for e in await group.service.store.events(session.id)] == ["table_opened"]
    assert await pending(group.service) == 0  # their inbox rows are done all the same
    (r,) = await group.say(BOB, f"/win@{BOT_USERNAME} Bob Ann 12")
    assert r.params["text"].startswith("Bob 食 Ann：12番\n  Ann → Bob：18（12番 + 底 5 + 莊 1）")


async def test_the_greeting_when_added_says_what_to_type_first(tmp_path):
    async with telegram(tmp_path) as (api, _service):
        await api.added(-100300, ADMIN)
        (hello,) = await api.wait_for(lambda _c: api.sent(-100300))
        assert hello.params["text"] == GREETING_ZH + "\n" + READS_ALL_ZH
        await api.added(ANN["id"], ANN)  # a private chat is no group: no greeting there
        group = Group(api, _service, chat_id=-100300)
        (r,) = await group.say(BOB, "計數")  # privacy mode is off: no warning with any reply
        assert r.params["text"] == "呢度未開枱。開枱咁寫：開枱 A B C D"
        assert api.sent(ANN["id"]) == []


async def test_privacy_mode_is_explained_once_per_group(tmp_path):
    async with telegram(tmp_path, privacy=True, admins={-100402: [99, BOT_ID]}) as (api, service):
        await api.added(-100400, ADMIN)
        (hello,) = await api.wait_for(lambda _c: api.sent(-100400))
        assert hello.params["text"] == GREETING_ZH + "\n" + PRIVACY_ZH
        greeted = Group(api, service, chat_id=-100400)
        assert texts(await greeted.say(BOB, "/score")) == ["呢度未開枱。開枱咁寫：開枱 A B C D"]

        # a group the bot was in before (no greeting): the first command gets the warning after its reply
        silent = Group(api, service, chat_id=-100401)
        assert texts(await silent.say(BOB, "/newgame Ann Bob Cat Dan", replies=2))[1] == PRIVACY_ZH
        assert texts(await silent.say(BOB, "/score"))[0].startswith(SCORE_ZH)
        assert len(api.sent(-100401)) == 3  # once per group

        # an administrator reads every message: no warning
        ruled = Group(api, service, chat_id=-100402)
        assert texts(await ruled.say(BOB, "/score")) == ["呢度未開枱。開枱咁寫：開枱 A B C D"]
        await api.added(-100404, ADMIN, status="administrator")
        (hello,) = await api.wait_for(lambda _c: api.sent(-100404))
        assert hello.params["text"] == GREETING_ZH + "\n" + READS_ALL_ZH

        # the warning speaks the group's language
        english = Group(api, service, chat_id=-100403)
        await service.set_chat_locale(english.chat, "en")
        (_, warning) = await english.say(BOB, "/score", replies=2)
        assert warning.params["text"].startswith("I can see only /commands here (privacy mode is on)")


async def test_privacy_mode_is_explained_once_per_group_across_workers(tmp_path):
    """Once per group means once: the mark is stored (``chats.privacy_warned_at``), so a group that
    another worker (or this bot before a restart) warned is not warned again."""
    async with telegram(tmp_path, privacy=True) as (api, service):
        warned = Group(api, service, chat_id=-100410)
        assert await service.chats.first_privacy_warning(warned.chat)  # another worker told it
        assert texts(await warned.say(BOB, "/score")) == ["呢度未開枱。開枱咁寫：開枱 A B C D"]
        other = Group(api, service, chat_id=-100411)  # a group never warned still is, once
        assert texts(await other.say(BOB, "/score", replies=2))[1] == PRIVACY_ZH
        assert not await service.chats.first_privacy_warning(other.chat)


async def test_a_group_that_becomes_a_supergroup_keeps_its_table(tmp_path):
    old, new = -4001, -1004001
    async with telegram(tmp_path) as (api, service):
        before = Group(api, service, chat_id=old)
        await before.say(ANN, "開枱 Ann Bob Cat Dan")
        await before.say(BOB, "坐 南")
        await before.say(BOB, "/lang en")
        await before.say(BOB, "Bob 自摸 10番")
        (board,) = await before.say(BOB, "計數")
        assert board.params["text"].startswith("Hand 2, 東 round; Bob deals\n  北 Ann: 0 (with 拉: -16)")

        # Telegram posts migrate_to_chat_id in the old group and migrate_from_chat_id in the new one
        await api.service_message(old, migrate_to_chat_id=new, **{"from": ADMIN})
        await api.service_message(new, migrate_from_chat_id=old, **{"from": ADMIN})
        after = Group(api, service, chat_id=new)
        (r,) = await after.say(BOB, "計數")  # the table, its language and Bob's seat came along
        assert r.params["text"] == board.params["text"]
        (r,) = await after.say(BOB, "Bob 食 Ann 12番")
        assert r.params["text"].startswith(
            "Bob wins on Ann's discard: 12 fan\n  Ann → Bob: 18 (12 fan + 底 5 + dealer 1)\n"
            "la 2: Ann owes Bob 42 (16 + 16×½→8 + 18)"  # the chain of before the move runs on
        )
        assert await service.store.open_session(ChatRef("telegram", str(old))) is None
        session = await service.store.open_session(after.chat)
        assert session is not None
        kinds = [e.kind for e in await service.store.events(session.id)]
        assert kinds == ["table_opened", "self_draw", "win_by_discard"]  # nothing lost or doubled


async def test_a_reply_refused_with_chat_migrated_follows_the_group(tmp_path):
    old, new = -4002, -1004002
    async with telegram(tmp_path) as (api, service):
        before = Group(api, service, chat_id=old)
        await before.say(ANN, "開枱 Ann Bob Cat Dan")
        await before.say(BOB, "坐 南")
        api.migrated[old] = new  # the group upgraded before the next reply went out
        await api.send_text(old, BOB, "Bob 自摸 10番")
        (r,) = await api.wait_for(lambda _c: api.sent(new))
        assert r.params["text"].startswith("Bob 自摸：10番\n  Ann → Bob：16（10番 + 底 5 + 莊 1）")
        assert [c.params["chat_id"] for c in api.refused] == [old]
        after = Group(api, service, chat_id=new)
        (r,) = await after.say(BOB, "計數")
        assert r.params["text"].startswith("第2鋪，東圈，Bob 做莊\n  北 Ann: 0 （連拉計：-16）")


async def test_each_forum_topic_is_a_table_of_its_own(tmp_path):
    forum = -1005000
    async with telegram(tmp_path) as (api, service):

        async def say(user: dict, text: str, thread: int | None) -> Call:
            before = len(api.sent(forum))
            await api.send_text(forum, user, text, thread=thread)
            await api.wait_for(lambda _c: len(api.sent(forum)) > before)
            return api.sent(forum)[before]

        r = await say(ANN, "開枱 Ann Bob Cat Dan", 5)
        assert r.params["text"].startswith(OPENED_ZH)
        assert r.params["message_thread_id"] == 5
        r = await say(ANN, "開枱 Wu Xi Yu Zo 台灣牌", 9)  # another table in another topic
        assert r.params["text"].startswith("開枱：東 Wu、南 Xi、西 Yu、北 Zo。")
        assert r.params["message_thread_id"] == 9
        await say(BOB, "坐 南", 5)
        r = await say(BOB, "Bob 自摸 10番", 5)
        assert r.params["text"].startswith("Bob 自摸：10番")
        assert r.params["message_thread_id"] == 5
        undo = next(data for data in buttons(r) if data.startswith("undo:"))
        before = len(api.sent(forum))
        await api.press(forum, BOB, r.result["message_id"], undo, thread=5)  # its Undo, in the topic
        await api.wait_for(lambda _c: len(api.sent(forum)) > before)
        (undone,) = api.sent(forum)[before:]
        assert undone.params["text"].startswith("Bob 撤銷咗：Bob 自摸：10番。\n拉一取消：Ann 唔使再欠 Bob 16")
        assert undone.params["message_thread_id"] == 5
        r = await say(BOB, "Bob 自摸 10番", 5)  # booked again
        r = await say(BOB, "計數", None)  # the General topic is the chat itself: no table there
        assert r.params["text"] == "呢度未開枱。開枱咁寫：開枱 A B C D"
        assert "message_thread_id" not in r.params
        r = await say(BOB, "計數", 9)
        assert r.params["text"].startswith("第1鋪，東圈，Wu 做莊")
        assert r.params["message_thread_id"] == 9
        r = await say(BOB, "計數", 5)
        assert r.params["text"].startswith("第2鋪，東圈，Bob 做莊\n  北 Ann: 0 （連拉計：-16）")
        assert r.params["message_thread_id"] == 5
        five = await service.store.open_session(ChatRef("telegram", f"{forum}:5"))
        nine = await service.store.open_session(ChatRef("telegram", f"{forum}:9"))
        assert five is not None and nine is not None and (five.system, nine.system) == ("hk-taiwan", "taiwan")


@pytest.mark.both_databases
async def test_lang_through_one_worker_is_obeyed_by_the_other(db_url: str):
    """Two worker processes' services on one database, each posting through its own bot: a /lang that
    worker A stored is what worker B, which had served the group in Cantonese before, speaks next."""
    url = db_url
    chat = -100600
    async with FakeBotAPI() as api:
        stores = [await Store.open(url), await Store.open(url)]
        a, b = (Service(s) for s in stores)

        async def through(service: Service, user: dict, text: str) -> str:
            bot = TelegramBot(service, api.token, base_url=api.base_url)  # webhook mode: no polling
            await bot.start_app()
            try:
                before = len(api.sent(chat))
                await bot.receive(api.text_update(chat, user, text))
                await api.wait_for(lambda _c: len(api.sent(chat)) > before)
                return str(api.sent(chat)[before].params["text"])
            finally:
                await bot.stop()

        try:
            assert (await through(b, ANN, "開枱 Ann Bob Cat Dan")).startswith(OPENED_ZH)
            assert (await through(b, ANN, "/help")).startswith("指令：")
            assert await through(a, BOB, "/lang en") == "Language set: English."
            assert (await through(b, ANN, "/help")).startswith("Commands:")
            assert await through(b, BOB, "語言 zh") == "語言轉咗做廣東話。"
            assert (await through(a, ANN, "/help")).startswith("指令：")
        finally:
            for store in stores:
                await store.close()
