"""The Telegram adapter (python-telegram-bot 22.x): updates in, :class:`~taipai.bot.service.Service`
calls, replies out.  See :mod:`taipai.bot.telegram.adapter`; ``taipai`` starts it when
``TELEGRAM_BOT_TOKEN`` is set."""

from taipai.bot.telegram.adapter import TelegramBot, TelegramStartupError
from taipai.bot.telegram.run import run_telegram

__all__ = ["TelegramBot", "TelegramStartupError", "run_telegram"]
