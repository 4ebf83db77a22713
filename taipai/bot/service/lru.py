"""Bounded per-chat memory: a least-recently-used dict and per-chat locks that are evicted only when
nobody holds or waits for them (issue 13 item 9: memory grew with every chat ever seen)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Hashable
from contextlib import asynccontextmanager
from typing import TypeVar, overload

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
D = TypeVar("D")


class LRUDict(OrderedDict[K, V]):
    """A dict of at most ``capacity`` entries (and, with ``weight``, at most ``max_weight`` of their
    total weight); reading (``d[k]``, ``get``) or writing an entry makes it the most recently used,
    and a write beyond a bound drops the least recently used entries.

    Used for caches whose entries can be rebuilt from the database (a session's state, a chat's
    language), so an eviction costs a read, never a wrong answer.  The entry just written is never
    dropped by its own write, even when it alone outweighs ``max_weight``.

    Args:
        capacity: the most entries kept (at least 1).
        weight: an entry's weight (e.g. the events a cached table state holds), taken when it is
            written; ``None``: entries weigh nothing and only ``capacity`` bounds the dict.
        max_weight: the most total weight kept (with ``weight``).

    Raises:
        ValueError: ``capacity`` is less than 1.
    """

    def __init__(
        self, capacity: int, *, weight: Callable[[V], int] | None = None, max_weight: int | None = None
    ) -> None:
        if capacity < 1:
            raise ValueError(f"capacity must be at least 1, got {capacity}")
        super().__init__()
        self.capacity = capacity
        self.max_weight = max_weight
        self._weight = weight
        self._weights: dict[K, int] = {}
        self.total_weight = 0
        """The sum of the weights of the entries held."""

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
        if key in self:
            self.total_weight -= self._weights.pop(key, 0)
        super().__setitem__(key, value)
        self.move_to_end(key)
        w = self._weight(value) if self._weight is not None else 0
        self._weights[key] = w
        self.total_weight += w
        while len(self) > self.capacity or (
            self.max_weight is not None and self.total_weight > self.max_weight and len(self) > 1
        ):
            del self[next(iter(self))]

    def __delitem__(self, key: K) -> None:
        super().__delitem__(key)
        self.total_weight -= self._weights.pop(key, 0)

    @overload
    def pop(self, key: K) -> V: ...
    @overload
    def pop(self, key: K, default: V | D) -> V | D: ...
    def pop(self, key: K, *default: object) -> object:
        """Remove ``key`` and return its value, else ``default`` (``KeyError`` without one)."""
        if key in self:
            value = super().__getitem__(key)
            del self[key]
            return value
        if default:
            return default[0]
        raise KeyError(key)

    def popitem(self, last: bool = True) -> tuple[K, V]:
        """Remove and return the newest (``last``) or the least recently used entry."""
        if not self:
            raise KeyError("popitem(): dictionary is empty")
        key = next(reversed(self)) if last else next(iter(self))
        value = super().__getitem__(key)
        del self[key]
        return key, value

    def clear(self) -> None:
        """Remove every entry."""
        super().clear()
        self._weights.clear()
        self.total_weight = 0


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
