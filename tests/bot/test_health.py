"""The image's health check (``python -m taipai.bot.health``): webhook ``/healthz`` or the polling heartbeat."""

from __future__ import annotations

import asyncio
import os
import socket
from types import SimpleNamespace

import pytest
from aiohttp import web

from taipai.bot.health import MAX_AGE, check


def _settings(**kw) -> SimpleNamespace:
    base = {"telegram_mode": "polling", "listen_port": 8080, "heartbeat_file": None}
    return SimpleNamespace(**{**base, **kw})


def test_a_fresh_heartbeat_is_healthy_and_a_stale_or_missing_one_is_not(tmp_path):
    beat = tmp_path / "beat"
    settings = _settings(heartbeat_file=str(beat))
    assert check(settings) == (False, f"{beat}: no heartbeat yet")
    beat.touch()
    os.utime(beat, (1_000_000.0, 1_000_000.0))
    assert check(settings, now=1_000_000.0 + 15) == (True, f"{beat}: 15 s old")
    assert check(settings, now=1_000_000.0 + MAX_AGE) == (False, f"{beat}: 90 s old")


def test_without_a_health_signal_the_running_process_is_healthy():
    assert check(_settings()) == (True, "no health signal configured")


@pytest.mark.asyncio
async def test_webhook_mode_asks_healthz_on_the_listen_port():
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    ok, reason = check(_settings(telegram_mode="webhook", listen_port=closed))
    assert not ok and reason.startswith(f"http://127.0.0.1:{closed}/healthz: ")

    status = {"code": 200}

    async def healthz(_request: web.Request) -> web.Response:
        return web.Response(status=status["code"], text="ok")

    app = web.Application()
    app.router.add_get("/healthz", healthz)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        settings = _settings(telegram_mode="webhook", listen_port=port)
        # urllib blocks: run the check in a thread so this loop can answer it.
        assert await asyncio.to_thread(check, settings) == (True, f"http://127.0.0.1:{port}/healthz: 200")
        status["code"] = 503
        ok, _reason = await asyncio.to_thread(check, settings)
        assert not ok
    finally:
        await runner.cleanup()
