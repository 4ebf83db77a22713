"""Secrets kept out of every log line: the bot tokens and the webhook secret are redacted.

python-telegram-bot logs the Bot API URL, which holds the token, at DEBUG (``Set Bot API URL:
https://api.telegram.org/bot<token>``), and an exception's text can echo a URL. :func:`install`
puts a :class:`RedactingFilter` on every handler of the root logger (so the records of library
loggers, which propagate to the root, are covered), on :data:`logging.lastResort`, and wraps
:data:`sys.excepthook` and :data:`threading.excepthook`, so an uncaught traceback is redacted too.
"""

from __future__ import annotations

import logging
import sys
import threading
import traceback
from collections.abc import Iterable
from types import TracebackType
from typing import Any
from urllib.parse import quote, unquote

REDACTED = "[REDACTED]"
"""What a secret is replaced with."""

MIN_SECRET = 6
"""Shorter values are not redacted: a one- or two-letter "secret" would blank ordinary words."""


def secrets_of(settings: Any) -> list[str]:
    """The secret values of :class:`~taipai.bot.settings.Settings` that are set, as plain strings:
    ``TELEGRAM_BOT_TOKEN``, ``DISCORD_BOT_TOKEN``, ``TELEGRAM_WEBHOOK_SECRET``, and the password of
    any URL setting that carries one (``TELEGRAM_API_BASE_URL``'s ``http://user:PASSWORD@host``, a
    ``DATABASE_URL`` such as ``postgresql+asyncpg://taipai:PASSWORD@db/taipai``)."""
    out: list[str] = []
    for name in ("telegram_bot_token", "discord_bot_token", "telegram_webhook_secret"):
        value = getattr(settings, name, None)
        if value is not None:
            text = value.get_secret_value() if hasattr(value, "get_secret_value") else str(value)
            if text:
                out.append(text)
    for name in ("telegram_api_base_url", "database_url"):
        password = url_password(getattr(settings, name, None))
        if password:
            out.extend(dict.fromkeys((password, unquote(password))))  # as written, and decoded
    return out


def url_password(url: object) -> str | None:
    """The password in a URL's userinfo (``scheme://user:PASSWORD@host/…``) as written, or ``None``
    (none, or the same as the user name).

    Read by hand rather than with :func:`urllib.parse.urlsplit`, which refuses SQLAlchemy URLs whose
    password holds characters such as ``[`` or ``#``."""
    if not isinstance(url, str) or "://" not in url:
        return None
    authority = url.split("://", 1)[1].split("/", 1)[0]
    userinfo, at, _host = authority.rpartition("@")
    if not at or ":" not in userinfo:
        return None
    user, password = userinfo.split(":", 1)
    # A password equal to its user name (taipai:taipai of a test database) hides nothing, and
    # redacting it would blank the project's own name in every logger name.
    return password if password and password != user else None


class Redactor:
    """Replaces each secret in a text with :data:`REDACTED`.

    Args:
        secrets: the values to hide; values shorter than :data:`MIN_SECRET` characters are ignored.
            Longer values are replaced first, so a secret that contains another is hidden whole.
    """

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        self.secrets: list[str] = []
        self.add(secrets)

    def add(self, secrets: Iterable[str]) -> None:
        """Hide ``secrets`` too (the same rules as the constructor's)."""
        # A token in a URL may be percent-encoded (``42%3AAbc``): hide that spelling too.
        wanted = {s for s in secrets if len(s) >= MIN_SECRET}
        merged = set(self.secrets) | wanted | {quote(s, safe="") for s in wanted}
        self.secrets = sorted(merged, key=len, reverse=True)

    def __call__(self, text: str) -> str:
        """``text`` with every secret replaced."""
        for secret in self.secrets:
            if secret in text:
                text = text.replace(secret, REDACTED)
        return text

    def __bool__(self) -> bool:
        return bool(self.secrets)


class RedactingFilter(logging.Filter):
    """A handler filter that redacts a record in place before any handler formats it.

    The message is formatted with its arguments (``record.getMessage()``) and redacted, then stored
    as ``record.msg`` with no arguments; the exception and stack text are formatted and redacted into
    ``record.exc_text`` / ``record.stack_info`` (formatters use a present ``exc_text`` as it is).
    The record is changed in place, so a handler without the filter that sees it later sees it
    redacted; records are never dropped.

    Args:
        redactor: the :class:`Redactor` holding the secrets.
    """

    def __init__(self, redactor: Redactor) -> None:
        super().__init__()
        self.redactor = redactor

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact ``record``; always ``True``."""
        if getattr(record, "_taipai_redacted", False) or not self.redactor:
            return True
        try:
            message = record.getMessage()
        except Exception:  # a bad format string: logging reports it itself; keep the raw parts
            message = f"{record.msg} {record.args}"
        record.msg, record.args = self.redactor(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redactor(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redactor(record.stack_info)
        record._taipai_redacted = True
        return True


_redactor = Redactor()
_filter = RedactingFilter(_redactor)
_hooks_installed = False


def redact(text: str) -> str:
    """``text`` with every secret given to :func:`install` so far replaced by :data:`REDACTED`."""
    return _redactor(text)


def install(secrets: Iterable[str]) -> RedactingFilter:
    """Redact ``secrets`` from all logging and uncaught tracebacks of this process from now on.

    Call it after the root logger's handlers are set up (``logging.basicConfig``); calling it again
    adds secrets and covers handlers added since. Returns the filter (tests attach it to their own
    capturing handlers).
    """
    global _hooks_installed
    _redactor.add(secrets)
    handlers = list(logging.getLogger().handlers)
    if logging.lastResort is not None:
        handlers.append(logging.lastResort)
    for handler in handlers:
        if _filter not in handler.filters:
            handler.addFilter(_filter)
    if not _hooks_installed:
        _hooks_installed = True
        _wrap_excepthooks()
    return _filter


def _wrap_excepthooks() -> None:
    original = sys.excepthook

    def excepthook(
        kind: type[BaseException], value: BaseException, tb: TracebackType | None
    ) -> None:
        if not _redactor:
            original(kind, value, tb)
            return
        sys.stderr.write(redact("".join(traceback.format_exception(kind, value, tb))))

    original_thread = threading.excepthook

    def thread_excepthook(args: threading.ExceptHookArgs) -> None:
        if not _redactor or args.exc_type is SystemExit:
            original_thread(args)
            return
        text = "".join(traceback.format_exception(args.exc_type, args.exc_value, args.exc_traceback))
        name = args.thread.name if args.thread is not None else "?"
        sys.stderr.write(redact(f"Exception in thread {name}:\n{text}"))

    sys.excepthook = excepthook
    threading.excepthook = thread_excepthook
