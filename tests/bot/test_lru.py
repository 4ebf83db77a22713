"""Bounded per-chat memory (issue 13 item 9): the LRU dict, the per-chat locks, and the service's caches."""

from __future__ import annotations

import asyncio

import pytest

from taipai.bot.service import Service
from taipai.bot.service import book as book_module
from taipai.bot.service import service as service_module
from taipai.bot.service.lru import ChatLocks, LRUDict
from taipai.bot.store import ChatRef

from .conftest import Talk


def test_lru_dict_drops_the_least_recently_used():
    d: LRUDict[str, int] = LRUDict(2)
    d["a"] = 1
    d["b"] = 2
    assert d["a"] == 1  # a is now the most recently used
    d["c"] = 3
    assert list(d) == ["a", "c"]
    assert d.get("b") is None and d.get("b", 7) == 7
    assert d.get("a") == 1
    d["d"] = 4
    assert list(d) == ["a", "d"]
    assert d.pop("a") == 1 and list(d) == ["d"]


def test_lru_dict_bounded_by_weight_too():
    d: LRUDict[str, int] = LRUDict(10, weight=lambda v: v, max_weight=10)
    d["a"] = 4
    d["b"] = 5
    assert d.total_weight == 9
    d["c"] = 3  # 12 > 10: a, the least recently used, goes
    assert list(d) == ["b", "c"] and d.total_weight == 8
    d["b"] = 1  # rewriting an entry replaces its weight
    assert d.total_weight == 4 and list(d) == ["c", "b"]
    d["huge"] = 50  # heavier than the bound alone: kept, everything else goes
    assert list(d) == ["huge"] and d.total_weight == 50
    d["x"] = 2
    assert list(d) == ["x"] and d.total_weight == 2
    d["y"] = 3
    assert d.pop("x") == 2 and d.total_weight == 3
    assert d.pop("nope", None) is None
    with pytest.raises(KeyError):
        d.pop("nope")
    d["z"] = 1
    assert d.popitem(last=False) == ("y", 3) and d.total_weight == 1
    del d["z"]
    assert d.total_weight == 0 and not d
    d["w"] = 7
    d.clear()
    assert d.total_weight == 0 and len(d) == 0


def test_lru_dict_refuses_a_capacity_below_one():
    with pytest.raises(ValueError, match="at least 1"):
        LRUDict(0)
    with pytest.raises(ValueError, match="at least 1"):
        ChatLocks(0)


@pytest.mark.asyncio
async def test_unused_locks_are_dropped_oldest_first():
    locks = ChatLocks(2)
    for chat in ("a", "b", "c", "d"):
        async with locks.hold(chat):
            pass
    assert len(locks) == 2 and "c" in locks and "d" in locks


@pytest.mark.asyncio
async def test_a_lock_in_use_is_never_dropped_and_still_serialises_its_chat():
    locks = ChatLocks(1)
    order: list[str] = []
    inside = asyncio.Event()
    release = asyncio.Event()

    async def first() -> None:
        async with locks.hold("busy"):
            order.append("first in")
            inside.set()
            await release.wait()
            order.append("first out")

    async def second() -> None:
        async with locks.hold("busy"):
            order.append("second in")

    t1 = asyncio.ensure_future(first())
    await inside.wait()
    t2 = asyncio.ensure_future(second())
    await asyncio.sleep(0)
    # Other chats come and go beyond the capacity while "busy" is held and waited for.
    for chat in ("x", "y", "z"):
        async with locks.hold(chat):
            pass
    assert "busy" in locks
    release.set()
    await asyncio.gather(t1, t2)
    assert order == ["first in", "first out", "second in"]  # never both inside
    assert len(locks) == 1


@pytest.mark.asyncio
async def test_the_service_caches_stay_bounded_and_answer_after_eviction(store, monkeypatch):
    monkeypatch.setattr(book_module, "STATE_CACHE", 3)
    monkeypatch.setattr(book_module, "STATE_CACHE_EVENTS", 5)
    monkeypatch.setattr(service_module, "LOCK_CACHE", 2)
    monkeypatch.setattr(service_module, "LOCALE_CACHE", 2)
    service = Service(store, locale="en")
    chats = [ChatRef("test", f"group-{i}") for i in range(8)]
    for chat in chats:
        talk = Talk(service, chat)
        await talk("A", "開枱 A B C D")
        await talk("B", "B 食 A 12番")  # A (dealer) pays 12 + 底 5 + 1 = 18
    # each chat's state holds 2 events (開枱 and the hand): at most two states fit in 5 events
    assert len(service._cache) == 2 and service._cache.total_weight == 4
    assert len(service._locks) <= 2
    assert len(service._chat_locales) <= 2
    # group-0's state was evicted long ago: it is replayed from the database, the same as before.
    assert await Talk(service, chats[0])("A", "計數") == "\n".join(
        [
            "Hand 2, 東 round; B deals",
            "  北 A: 0 (with 拉: -18)",
            "  東 B: 0 (with 拉: +18)",
            "  南 C: 0",
            "  西 D: 0",
            "拉 running:",
            "  la 1: A owes B 18",
        ]
    )
    assert len(service._cache) <= 3
