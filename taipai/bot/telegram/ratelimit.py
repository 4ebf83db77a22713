"""Telegram's send budget as a python-telegram-bot rate limiter (its hook,
:class:`telegram.ext.BaseRateLimiter`), on ``aiolimiter``'s leaky buckets (the library
python-telegram-bot's own :class:`~telegram.ext.AIORateLimiter` uses).

Telegram allows a bot about 20 new messages a minute in one group and about 30 a second over all
chats.  Only calls that post a new message count (:data:`NEW_MESSAGE_METHODS`): editing the
standing scoreboard, answering a button press, ``getChatAdministrators`` and the rest go straight
through, so the update-processing path never waits here.  The wait happens inside the sending call,
which taipai makes only from a chat's own sender task (:mod:`taipai.bot.delivery`): one group's
spent budget delays that group's replies and nothing else.

Unlike :class:`~telegram.ext.AIORateLimiter` this limiter never retries on ``RetryAfter``: the
sender does (it honours ``retry_after`` and may coalesce the replies pending meanwhile), and
:meth:`ChatRateLimiter.has_capacity` tells it whether a group's budget is spent.
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from typing import Any

from aiolimiter import AsyncLimiter
from telegram.ext import BaseRateLimiter

NEW_MESSAGE_METHODS = frozenset(
    {
        "sendMessage",
        "sendDocument",
        "sendPhoto",
        "sendAudio",
        "sendVideo",
        "sendAnimation",
        "sendVoice",
        "sendSticker",
        "sendMediaGroup",
        "sendPoll",
        "copyMessage",
        "forwardMessage",
    }
)
"""Bot API methods that post a new message (the ones Telegram's per-chat limits count)."""

GROUP_LIMITERS = 4096
"""Groups whose bucket is kept (least recently used); an evicted group starts with a full budget."""


def _group_of(chat_id: Any) -> int | str | None:
    """The group a ``chat_id`` names (negative ids and ``@channel`` names), else ``None``."""
    if isinstance(chat_id, str):
        if chat_id.startswith("@"):
            return chat_id
        with contextlib.suppress(ValueError):
            chat_id = int(chat_id)
    if isinstance(chat_id, int) and chat_id < 0:
        return chat_id
    return None


class ChatRateLimiter(BaseRateLimiter[None]):
    """At most ``group_rate`` new messages per ``group_period`` seconds in each group and
    ``overall_rate`` per ``overall_period`` seconds in all (leaky buckets: a burst of the full
    budget, then one message per ``period / rate``).

    Args:
        group_rate: new messages per group per ``group_period`` (Telegram: 20 a minute).
        group_period: seconds.
        overall_rate: new messages over all chats per ``overall_period`` (Telegram: 30 a second).
        overall_period: seconds.
        max_groups: groups whose bucket is kept (:data:`GROUP_LIMITERS`).
    """

    def __init__(
        self,
        group_rate: int = 20,
        group_period: float = 60.0,
        overall_rate: int = 30,
        overall_period: float = 1.0,
        max_groups: int = GROUP_LIMITERS,
    ) -> None:
        self.group_rate, self.group_period = group_rate, group_period
        self._overall = AsyncLimiter(overall_rate, overall_period)
        self._groups: OrderedDict[int | str, AsyncLimiter] = OrderedDict()
        self._max_groups = max_groups

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to tear down."""

    def _limiter(self, group: int | str) -> AsyncLimiter:
        limiter = self._groups.get(group)
        if limiter is None:
            limiter = self._groups[group] = AsyncLimiter(self.group_rate, self.group_period)
            while len(self._groups) > self._max_groups:
                self._groups.popitem(last=False)
        else:
            self._groups.move_to_end(group)
        return limiter

    def has_capacity(self, chat_id: int | str) -> bool:
        """True when a new message to ``chat_id`` would go out now (always for a private chat)."""
        group = _group_of(chat_id)
        if group is None:
            return True
        limiter = self._groups.get(group)
        return limiter is None or limiter.has_capacity()

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        """Wait for the budget of a new message (group first, so a flooded group holds none of the
        overall budget while it waits), then make the call; other calls go straight through."""
        if endpoint not in NEW_MESSAGE_METHODS:
            return await callback(*args, **kwargs)
        group = _group_of(data.get("chat_id"))
        if group is None:
            async with self._overall:
                return await callback(*args, **kwargs)
        async with self._limiter(group), self._overall:
            return await callback(*args, **kwargs)


__all__ = ["NEW_MESSAGE_METHODS", "ChatRateLimiter"]
