"""The bot token never reaches the output: the whole start (run_bots) at DEBUG, every stream scanned.

Against the fake Bot API with a rejected token, and against a hostile server in front of it that
redirects in a loop, redirects to the real server, or answers an error page echoing the URL.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from aiohttp import web
from telegram.error import NetworkError

from taipai.bot.app import run_bots
from taipai.bot.logsafe import REDACTED
from taipai.bot.settings import Settings
from taipai.bot.store import sqlite_url
from taipai.bot.telegram.transport import AiohttpRequest, scrub, url_secrets

from .fakebotapi import FakeBotAPI

pytestmark = pytest.mark.asyncio

TOKEN = "4242:SECRET-PART-of-the-token_xyz"
WEBHOOK_SECRET = "webhook-secret-value-123"


class Hostile:
    """An HTTP server whose every answer tries to make the client leak the URL.

    ``/loop/...`` redirects to itself, ``/moved/...`` redirects to ``target`` + the same path,
    ``/echo404/...`` and ``/echo502/...`` answer an HTML error page quoting the full URL.
    """

    def __init__(self, target: str) -> None:
        self.target = target
        self.hits = 0
        self.port = 0

    async def __aenter__(self) -> Hostile:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._answer)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._runner.cleanup()

    def url(self, kind: str) -> str:
        return f"http://127.0.0.1:{self.port}/{kind}/bot"

    async def _answer(self, request: web.Request) -> web.StreamResponse:
        self.hits += 1
        kind, _, rest = request.path.lstrip("/").partition("/")
        if kind == "loop":
            raise web.HTTPFound(str(request.url))
        if kind == "moved":
            raise web.HTTPMovedPermanently(f"{self.target}/{rest}")
        status = 502 if kind == "echo502" else 404
        page = f"<html><h1>{status}</h1><p>No route for {request.url} (path {request.path})</p></html>"
        return web.Response(status=status, text=page, content_type="text/html")


@pytest_asyncio.fixture
async def servers() -> AsyncIterator[tuple[FakeBotAPI, Hostile]]:
    async with FakeBotAPI(token="4242:GOOD") as api, Hostile(f"http://127.0.0.1:{api.port}") as hostile:
        yield api, hostile


def settings(base_url: str) -> Settings:
    return Settings(
        _env_file=None,
        discord_bot_token=None,
        telegram_mode="polling",
        telegram_bot_token=TOKEN,
        telegram_webhook_secret=WEBHOOK_SECRET,
        telegram_api_base_url=base_url,
        log_level="DEBUG",
    )


async def start_and_scan(base_url: str, tmp_path, capsys, caplog) -> tuple[int, str]:
    """Run the bot's start at DEBUG; return its status and all output (stdout, stderr, log records
    formatted with their exception text)."""
    caplog.set_level(logging.DEBUG)
    stream = logging.StreamHandler(sys.stderr)  # what basicConfig would add outside pytest
    stream.setFormatter(logging.Formatter("%(levelname)s:%(name)s:%(message)s"))
    logging.getLogger().addHandler(stream)
    try:
        status = await run_bots(settings(base_url), sqlite_url(tmp_path / "t.db"), "en")
    finally:
        logging.getLogger().removeHandler(stream)
    out, err = capsys.readouterr()
    formatter = logging.Formatter("%(name)s %(message)s")
    records = "\n".join(formatter.format(r) for r in caplog.records)
    return status, f"{out}\n{err}\n{records}"


def assert_no_secret(output: str) -> None:
    assert "SECRET-PART" not in output
    assert "4242%3A" not in output
    assert WEBHOOK_SECRET not in output


async def test_a_rejected_token_at_debug(servers, tmp_path, capsys, caplog):
    api, _hostile = servers
    status, output = await start_and_scan(api.base_url, tmp_path, capsys, caplog)
    assert status == 1
    assert "Telegram rejected TELEGRAM_BOT_TOKEN" in output
    assert f"Set Bot API URL: {api.base_url}{REDACTED}" in output  # the DEBUG line, redacted
    assert_no_secret(output)


async def test_a_redirect_loop_at_debug(servers, tmp_path, capsys, caplog):
    _api, hostile = servers
    status, output = await start_and_scan(hostile.url("loop"), tmp_path, capsys, caplog)
    assert status == 1
    assert "Cannot reach the Telegram Bot API server (NetworkError)" in output
    assert hostile.hits == 1  # the redirect is not followed
    assert_no_secret(output)


async def test_a_redirect_to_the_real_server_is_not_followed(servers, tmp_path, capsys, caplog):
    api, hostile = servers
    status, output = await start_and_scan(hostile.url("moved"), tmp_path, capsys, caplog)
    assert status == 1
    assert api.calls == []  # the token never went to the address the redirect named
    assert_no_secret(output)


@pytest.mark.parametrize("kind", ["echo404", "echo502"])
async def test_an_error_page_echoing_the_url_at_debug(kind, servers, tmp_path, capsys, caplog):
    _api, hostile = servers
    status, output = await start_and_scan(hostile.url(kind), tmp_path, capsys, caplog)
    assert status == 1
    assert_no_secret(output)


async def test_the_transport_error_names_no_url(servers):
    _api, hostile = servers
    req = AiohttpRequest()
    await req.initialize()
    try:
        url = f"{hostile.url('loop')}{TOKEN}/getMe"
        with pytest.raises(NetworkError) as caught:
            await req.do_request(url, "POST")
        assert str(caught.value) == (
            "the Bot API server answered 302, a redirect to "
            f"http://127.0.0.1:{hostile.port}, which is not followed (the token is in the URL); "
            "set TELEGRAM_API_BASE_URL to the final address"
        )
        assert caught.value.__cause__ is None
        status, body = await req.do_request(f"{hostile.url('echo404')}{TOKEN}/getMe", "POST")
        assert status == 404
        assert b"SECRET-PART" not in body
        assert f"(path /echo404/{REDACTED}/getMe)".encode() in body  # the path, its token hidden
        with pytest.raises(NetworkError) as refused:
            await req.do_request(f"http://127.0.0.1:1/bot{TOKEN}/getMe", "POST")
        assert "SECRET-PART" not in str(refused.value) and refused.value.__cause__ is None
    finally:
        await req.shutdown()


def test_url_secrets_and_scrub():
    url = "https://api.telegram.org/bot42:AbCdEf/getMe"
    assert url_secrets(url) == ["bot42:AbCdEf", "42:AbCdEf"]
    assert url_secrets("http://h:1/file/bot42%3AAbCdEf/x.csv") == [
        "bot42%3AAbCdEf",
        "bot42:AbCdEf",
        "42%3AAbCdEf",
        "42:AbCdEf",
    ]
    assert url_secrets("http://h:1") == []
    assert url_secrets("http://h:1/echo404/bot/getMe") == []  # no segment holds a token
    assert scrub(f"GET {url} failed; token 42:AbCdEf", url) == f"GET {REDACTED} failed; token {REDACTED}"


async def test_webhook_mode_at_debug_hides_the_token_and_the_webhook_secret(servers, tmp_path, capsys, caplog):
    """setWebhook carries the secret as a parameter, which python-telegram-bot logs at DEBUG."""
    import asyncio
    import socket

    api, _hostile = servers
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    caplog.set_level(logging.DEBUG)
    stream = logging.StreamHandler(sys.stderr)
    logging.getLogger().addHandler(stream)
    s = Settings(
        _env_file=None,
        discord_bot_token=None,
        telegram_mode="webhook",
        telegram_bot_token="4242:GOOD",
        telegram_webhook_url="https://bot.example.org/hook",
        telegram_webhook_secret=WEBHOOK_SECRET,
        telegram_api_base_url=api.base_url,
        listen_port=port,
        log_level="DEBUG",
    )
    stop = asyncio.Event()
    try:
        run = asyncio.ensure_future(run_bots(s, sqlite_url(tmp_path / "t.db"), "en", stop=stop))
        (hook,) = await api.wait_for(lambda calls: [c for c in calls if c.method == "setWebhook"])
        assert hook.params["secret_token"] == WEBHOOK_SECRET  # it was sent, and only there
        stop.set()
        assert await run == 0
    finally:
        logging.getLogger().removeHandler(stream)
    out, err = capsys.readouterr()
    records = "\n".join(logging.Formatter("%(name)s %(message)s").format(r) for r in caplog.records)
    output = f"{out}\n{err}\n{records}"
    assert "setWebhook" in output  # the DEBUG lines were there to scan
    assert WEBHOOK_SECRET not in output
    assert "4242:GOOD" not in output
