"""The platform-neutral service layer (DESIGN §1 ``bot/service``): chat text in, replies out."""

from taipai.bot.service.commands import Command, CommandError, parse_command, read_count
from taipai.bot.service.service import Button, Reply, Service, resolve_player
from taipai.bot.store import ChatRef

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
