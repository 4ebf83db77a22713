"""The logging filter that hides the bot tokens and the webhook secret (taipai.bot.logsafe)."""

from __future__ import annotations

import io
import logging
import sys

from pydantic import SecretStr

from taipai.bot import logsafe
from taipai.bot.logsafe import REDACTED, RedactingFilter, Redactor, secrets_of, url_password
from taipai.bot.settings import Settings

TOKEN = "777:telegram-token-value"


def capture(redactor: Redactor) -> tuple[logging.Logger, io.StringIO]:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(logging.Formatter("%(name)s|%(message)s"))
    handler.addFilter(RedactingFilter(redactor))
    logger = logging.getLogger(f"test_logsafe.{id(out)}")
    logger.propagate = False
    logger.setLevel(logging.DEBUG)
    logger.addHandler(handler)
    return logger, out


def test_redactor_hides_longest_first_and_the_percent_encoded_spelling():
    r = Redactor(["abcdef", "abcdefgh", "x"])  # "x" is too short to be a secret
    assert r("abcdefgh abcdef x") == f"{REDACTED} {REDACTED} x"
    assert Redactor([TOKEN])("bot777%3Atelegram-token-value/getMe") == f"bot{REDACTED}/getMe"
    assert not Redactor([]) and Redactor([TOKEN])


def test_the_message_its_args_and_the_traceback_are_redacted_at_debug():
    logger, out = capture(Redactor([TOKEN]))
    logger.debug("Set Bot API URL: https://api.telegram.org/bot%s", TOKEN)
    logger.info("token in the message itself: " + TOKEN)
    try:
        raise RuntimeError(f"GET https://api.telegram.org/bot{TOKEN}/getMe failed")
    except RuntimeError:
        logger.exception("call failed")
    logger.warning("stack", stack_info=True)
    text = out.getvalue()
    assert TOKEN not in text
    assert f"Set Bot API URL: https://api.telegram.org/bot{REDACTED}\n" in text
    assert f"RuntimeError: GET https://api.telegram.org/bot{REDACTED}/getMe failed" in text
    assert "Traceback (most recent call last)" in text  # the traceback is kept, only redacted


def test_a_record_is_redacted_in_place_for_every_later_handler():
    redactor = Redactor([TOKEN])
    record = logging.LogRecord("x", logging.DEBUG, __file__, 1, "url %s/%d", (TOKEN, 5), None)
    assert RedactingFilter(redactor).filter(record) is True
    assert record.getMessage() == f"url {REDACTED}/5"
    assert record.args is None


def test_secrets_of_settings():
    s = Settings(
        _env_file=None,
        telegram_bot_token=SecretStr(TOKEN),
        discord_bot_token=SecretStr("discord-token-value"),
        telegram_webhook_secret=SecretStr("hook-secret"),
    )
    assert secrets_of(s) == [TOKEN, "discord-token-value", "hook-secret"]
    assert secrets_of(Settings(_env_file=None, telegram_bot_token=None, discord_bot_token=None)) == []


def test_install_covers_root_handlers_library_loggers_and_uncaught_tracebacks(monkeypatch):
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        logsafe.install(["discord-secret-token"])
        assert logsafe.redact("a discord-secret-token b") == f"a {REDACTED} b"
        library = logging.getLogger("discord.http")  # a library logger, propagating to the root
        library.warning("login with discord-secret-token")
        assert out.getvalue() == f"login with {REDACTED}\n"
        err = io.StringIO()
        monkeypatch.setattr(sys, "stderr", err)
        try:
            raise ValueError("bad token discord-secret-token")
        except ValueError:
            sys.excepthook(*sys.exc_info())
        assert f"ValueError: bad token {REDACTED}" in err.getvalue()
        assert "discord-secret-token" not in err.getvalue()
    finally:
        root.removeHandler(handler)


def test_passwords_in_url_settings_are_secrets():
    """QA finding: at DEBUG the password of ``TELEGRAM_API_BASE_URL``'s userinfo was logged in full
    ("Set Bot API URL"); a ``DATABASE_URL`` password is a secret too, as written and decoded."""
    s = Settings(
        _env_file=None,
        telegram_bot_token=None,
        discord_bot_token=None,
        telegram_api_base_url="http://proxyuser:S3cretPW@127.0.0.1:8081/bot",
        database_url="postgresql+asyncpg://taipai:p%40ss%2Fword@db:5432/taipai",
    )
    assert secrets_of(s) == ["S3cretPW", "p%40ss%2Fword", "p@ss/word"]
    redactor = Redactor(secrets_of(s))
    assert redactor("Set Bot API URL http://proxyuser:S3cretPW@127.0.0.1:8081/bot") == (
        f"Set Bot API URL http://proxyuser:{REDACTED}@127.0.0.1:8081/bot"
    )
    assert "p@ss/word" not in redactor("login failed for taipai with password p@ss/word")


def test_urls_without_a_password_add_no_secret():
    assert url_password("http://127.0.0.1:8081/bot") is None
    assert url_password("http://user@host/bot") is None
    assert url_password("sqlite+aiosqlite:////data/taipai.db") is None
    assert url_password(None) is None
    assert url_password("postgresql+asyncpg://taipai:taipai@127.0.0.1:5432/taipai_test") is None
