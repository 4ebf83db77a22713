"""``/history`` in pages that fit one message (Telegram 4,096 UTF-16 code units, Discord 2,000), the
latest first, with a 更多 (more) button whose callback data is ids only and checked against the chat.

Issue 13 item 7: ~20 self-draws made the reply longer than 4,096 characters and Telegram refused it.
"""

from __future__ import annotations

import itertools
import re

import pytest

from taipai.bot.service import Service
from taipai.bot.service.split import utf16_len
from taipai.bot.store import ChatRef

from .conftest import Talk

pytestmark = pytest.mark.asyncio

NUMBER = re.compile(r"^#(\d+) ", re.MULTILINE)


async def play(talk: Talk, hands: int) -> None:
    await talk("A", "開枱 A B C D")
    for i in range(hands):
        winner = "ABCD"[i % 4]
        await talk(winner, f"{winner} 自摸 {3 + i % 5}番")


async def all_pages(service: Service, chat: ChatRef, limit: int) -> list[tuple[str, str | None]]:
    """``/history`` and every page its 更多 buttons lead to: ``[(text, button data or None)]``."""
    (reply,) = await service.handle(chat, "A", "/history")
    pages = []
    while True:
        assert utf16_len(reply.text) <= limit
        data = reply.buttons[0].data if reply.buttons else None
        pages.append((reply.text, data))
        if data is None:
            return pages
        pressed = await service.press(chat, "B", data)
        assert pressed.notice == ""
        (reply,) = pressed.replies


async def test_a_long_history_comes_in_telegram_sized_pages_latest_first(talk_en):
    talk = talk_en
    await play(talk, 60)  # events #2..#61 (#1 is the 開枱)
    session = await talk.service.store.open_session(talk.chat)
    assert session is not None
    pages = await all_pages(talk.service, talk.chat, 4096)
    assert len(pages) >= 2
    numbers = [[int(n) for n in NUMBER.findall(text)] for text, _data in pages]
    # Within a page the events run oldest to newest; the first page ends with the latest event and
    # each next page ends just before the previous one began; together they are every event once.
    assert numbers[0][-1] == 61
    for page, following in itertools.pairwise(numbers):
        assert following[-1] == page[0] - 1
    assert sorted(n for page in numbers for n in page) == list(range(2, 62))
    for (text, data), page in zip(pages, numbers, strict=True):
        assert text.splitlines()[0] == f"History, #{page[0]} to #{page[-1]}:"
        if data is not None:
            assert data == f"hist:{session.id}:{page[0]}"  # ids only: session and the page's bound
    assert pages[-1][1] is None  # the oldest page has no 更多
    # i = 59: D (59 % 4 = 3) self-draws 3 + 59 % 5 = 7 fan
    assert "#61 hand 60: D self-draws (自摸): 7 fan" in pages[0][0].splitlines()


async def test_discord_pages_fit_2000(store):
    service = Service(store, locale="en")
    chat = ChatRef("discord", "555")
    await play(Talk(service, chat), 30)
    pages = await all_pages(service, chat, 2000)
    assert len(pages) >= 2
    numbers = sorted(int(n) for text, _d in pages for n in NUMBER.findall(text))
    assert numbers == list(range(2, 32))


async def test_the_terminal_shows_it_all_on_one_page(store):
    service = Service(store, locale="en")
    chat = ChatRef("console", "terminal")
    await play(Talk(service, chat), 60)
    (reply,) = await service.handle(chat, "A", "/history")
    assert reply.buttons == ()
    assert reply.text.splitlines()[0] == "History:"
    assert [int(n) for n in NUMBER.findall(reply.text)] == list(range(2, 62))


async def test_a_short_history_is_one_page_without_a_button(talk_en):
    await play(talk_en, 3)
    (reply,) = await talk_en.service.handle(talk_en.chat, "A", "歷史")
    assert reply.buttons == ()
    assert reply.text.splitlines()[0] == "History:"
    assert [int(n) for n in NUMBER.findall(reply.text)] == [2, 3, 4]


async def test_the_more_button_in_cantonese(talk_zh):
    await play(talk_zh, 60)
    (reply,) = await talk_zh.service.handle(talk_zh.chat, "A", "歷史")
    assert [b.label for b in reply.buttons] == ["更多（之前嘅）"]
    first, last = (int(n) for n in re.findall(r"#(\d+)", reply.text.splitlines()[0]))
    assert reply.text.splitlines()[0] == f"紀錄，#{first} 至 #{last}："
    assert last == 61


async def test_a_more_button_from_another_chat_or_a_bad_one_shows_nothing(talk_en, store):
    await play(talk_en, 60)
    (reply,) = await talk_en.service.handle(talk_en.chat, "A", "/history")
    data = reply.buttons[0].data
    other = ChatRef("test", "group-2")
    await talk_en.service.handle(other, "A", "開枱 E F G H")
    pressed = await talk_en.service.press(other, "E", data)
    assert pressed.replies == []
    assert pressed.notice == "That button belongs to another chat; it does nothing here."
    for pressed_data in ("hist:1:x", "hist:999:5"):
        pressed = await talk_en.service.press(talk_en.chat, "E", pressed_data)
        assert pressed.replies == []
        assert pressed.notice == "That button is not from this version of taipai."


async def test_the_history_of_an_ended_session_still_pages(talk_en):
    await play(talk_en, 60)
    await talk_en("A", "埋數")
    (reply,) = await talk_en.service.handle(talk_en.chat, "A", "/history")
    assert reply.buttons
    pressed = await talk_en.service.press(talk_en.chat, "A", reply.buttons[0].data)
    assert pressed.replies and pressed.replies[0].text.startswith("History, #")


async def test_below_the_first_event_there_is_nothing_earlier(talk_en):
    await play(talk_en, 2)
    session = await talk_en.service.store.open_session(talk_en.chat)
    assert session is not None
    pressed = await talk_en.service.press(talk_en.chat, "A", f"hist:{session.id}:2")
    assert [r.text for r in pressed.replies] == ["Nothing earlier."]
