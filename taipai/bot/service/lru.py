"""Bounded per-chat memory: a least-recently-used dict and per-chat locks that are evicted only when
nobody holds or waits for them (issue 13 item 9: memory grew with every chat ever seen)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager
from typing import TypeVar, overload

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
D = TypeVar("D")


class LRUDict(OrderedDict[K, V]):
    """A dict of at most ``capacity`` entries; reading (``d[k]``, ``get``) or writing an entry makes it
    the most recently used, and a write beyond ``capacity`` drops the least recently used.

    Used for caches whose entries can be rebuilt from the database (a session's state, a chat's
    language), so an eviction costs a read, never a wrong answer.

    Args:
        capacity: the most entries kept (at least 1).

    Raises:
        ValueError: ``capacity`` is less than 1.
    """

    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError(f"capacity must be at least 1, got {capacity}")
        super().__init__()
        self.capacity = capacity

    def __getitem__(self, key: K) -> V:
        value = super().__getitem__(key)
        self.move_to_end(key)
        return value

    @overload
    def get(self, key: K, default: None = None) -> V | None: ...
    @overload
    def get(self, key: K, default: V | D) -> V | D: ...
    def get(self, key: K, default: object = None) -> object:
        """``d[key]`` (marking it used) when present, else ``default``."""
        if key in self:
            return self[key]
        return default

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.capacity:
            self.popitem(last=False)


class _Entry:
    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0  # holders and waiters


class ChatLocks:
    """One :class:`asyncio.Lock` per key (a chat), at most ``capacity`` kept while unused.

    ``async with locks.hold(chat):`` serialises the work of one chat.  A lock that is held or waited
    for is never evicted (the ``capacity`` may then be exceeded until it is released), so two holders
    of one chat always share one lock; an unused lock is dropped least recently used first, which is
    safe because a new lock for that chat is as free as the old one.

    Args:
        capacity: the most locks kept when none is in use (at least 1).

    Raises:
        ValueError: ``capacity`` is less than 1.
    """

    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError(f"capacity must be at least 1, got {capacity}")
        self.capacity = capacity
        self._entries: OrderedDict[Hashable, _Entry] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    @asynccontextmanager
    async def hold(self, key: Hashable) -> AsyncIterator[None]:
        """Hold ``key``'s lock for the body of the ``async with``."""
        entry = self._entries.get(key)
        if entry is None:
            entry = self._entries[key] = _Entry()
        self._entries.move_to_end(key)
        entry.users += 1
        try:
            async with entry.lock:
                yield
        finally:
            entry.users -= 1
            self._trim()

    def _trim(self) -> None:
        if len(self._entries) <= self.capacity:
            return
        for key in [k for k, e in self._entries.items() if e.users == 0]:
            del self._entries[key]
            if len(self._entries) <= self.capacity:
                return
