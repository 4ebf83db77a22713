"""The Discord adapter (DESIGN §1 ``bot/discord``; issue 5 item 3), on discord.py 2.7.

Start it with :func:`run_discord` (``await run_discord(settings, service)``); the client class is
:class:`TaipaiDiscord`.  See :mod:`.client` for how updates map to service calls, :mod:`.commands`
for the slash commands, :mod:`.views` for the restart-proof buttons and :mod:`.translator` for the
Chinese command names.
"""

from __future__ import annotations

from taipai.bot.discord.client import TaipaiDiscord, chat_of, run_discord

__all__ = ["TaipaiDiscord", "chat_of", "run_discord"]
