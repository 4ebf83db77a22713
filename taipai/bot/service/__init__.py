"""The platform-neutral service layer (DESIGN §1 ``bot/service``): chat text in, replies out.

Exports are loaded lazily so that ``taipai score`` (which only needs :mod:`.render`) does not import
the database stack.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from taipai.bot.service.decide import resolve_player
    from taipai.bot.service.parse import Command, CommandError, parse_command, read_count
    from taipai.bot.service.reply import Button, Reply
    from taipai.bot.service.service import Service
    from taipai.bot.store import ChatRef

_EXPORTS = {
    "Button": "taipai.bot.service.reply",
    "Reply": "taipai.bot.service.reply",
    "Service": "taipai.bot.service.service",
    "resolve_player": "taipai.bot.service.decide",
    "Command": "taipai.bot.service.parse",
    "CommandError": "taipai.bot.service.parse",
    "parse_command": "taipai.bot.service.parse",
    "read_count": "taipai.bot.service.parse",
    "ChatRef": "taipai.bot.store",
}

__all__ = [
    "Button",
    "ChatRef",
    "Command",
    "CommandError",
    "Reply",
    "Service",
    "parse_command",
    "read_count",
    "resolve_player",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(module), name)
