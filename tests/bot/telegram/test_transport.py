"""The aiohttp transport (:class:`AiohttpRequest`) against the fake Bot API server.

The end-to-end tests run through it too (the adapter builds its Application on it); these pin what
they do not reach: uploads (``sendDocument``), timeouts, an unreachable server, the proxy from the
environment and the life cycle.
"""

from __future__ import annotations

import socket

import pytest
from telegram.error import InvalidToken, NetworkError, TimedOut
from telegram.request import RequestData
from telegram.request._requestparameter import RequestParameter

from taipai.bot.telegram import TelegramBot
from taipai.bot.telegram.transport import AiohttpRequest

from .conftest import ANN, BOB, CAT
from .fakebotapi import FakeBotAPI

pytestmark = pytest.mark.asyncio


def data(**params) -> RequestData:
    return RequestData([RequestParameter.from_input(k, v) for k, v in params.items()])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_the_adapter_sends_every_call_through_it(group):
    app = TelegramBot(group.service, "1:x").app
    assert isinstance(app.bot.request, AiohttpRequest)
    assert isinstance(app.bot._request[0], AiohttpRequest)  # getUpdates has its own (one connection)


async def test_a_file_goes_up_as_multipart(group):
    await group.say(ANN, "開枱 Ann Bob Cat Dan")
    await group.say(BOB, "Bob 食 Ann 12番")
    before = len(group.api.sent(group.chat_id, "sendDocument"))
    await group.api.send_text(group.chat_id, CAT, "匯出")
    (doc,) = await group.api.wait_for(
        lambda _c: group.api.sent(group.chat_id, "sendDocument")[before:],
    )
    upload = doc.params["document"]
    assert upload.filename.endswith(".csv")
    assert upload.content_type == "text/csv"
    assert "Bob" in upload.content.decode("utf-8")
    assert doc.params["caption"]


async def test_calls_and_their_answers(group):
    api = group.api
    req = AiohttpRequest()
    await req.initialize()
    try:
        me = await req.post(f"{api.base_url}{api.token}/getMe")
        assert me["username"] == "taipai_test_bot"
        sent = await req.post(
            f"{api.base_url}{api.token}/sendMessage",
            data(chat_id=group.chat_id, text="你好 & =?", reply_parameters={"message_id": 1}),
        )
        call = api.sent(group.chat_id)[-1]
        assert call.params["text"] == "你好 & =?" and call.params["reply_parameters"] == {"message_id": 1}
        assert sent["text"] == "你好 & =?"
        with pytest.raises(InvalidToken):  # a 401 is python-telegram-bot's to map, as with httpx
            await req.post(f"{api.base_url}0:wrong/getMe")
    finally:
        await req.shutdown()


async def test_a_long_poll_past_the_read_timeout_times_out():
    req = AiohttpRequest(read_timeout=0.2)
    await req.initialize()
    try:
        async with FakeBotAPI() as quiet:
            with pytest.raises(TimedOut):
                await req.post(f"{quiet.base_url}{quiet.token}/getUpdates", data(timeout=5))
            assert await req.post(f"{quiet.base_url}{quiet.token}/getUpdates", data(timeout=0)) == []
            await quiet.release()
    finally:
        await req.shutdown()


async def test_an_unreachable_server_is_a_network_error():
    req = AiohttpRequest()
    await req.initialize()
    try:
        with pytest.raises(NetworkError) as info:
            await req.post(f"http://127.0.0.1:{free_port()}/bot1:x/getMe")
        assert not isinstance(info.value, TimedOut)
        assert "aiohttp.ClientConnectorError" in str(info.value)
    finally:
        await req.shutdown()


async def test_the_proxy_comes_from_the_environment(group, monkeypatch):
    api = group.api
    url = f"{api.base_url}{api.token}/getMe"
    monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{free_port()}")  # nobody listens there
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    for trust_env, works in ((True, False), (False, True)):
        req = AiohttpRequest(trust_env=trust_env)
        await req.initialize()
        try:
            if works:
                assert (await req.post(url))["id"]
            else:
                with pytest.raises(NetworkError):  # it went to the proxy
                    await req.post(url)
        finally:
            await req.shutdown()
    monkeypatch.setenv("NO_PROXY", "127.0.0.1")
    req = AiohttpRequest()
    await req.initialize()
    try:
        assert (await req.post(url))["id"]
    finally:
        await req.shutdown()


async def test_life_cycle(group):
    api = group.api
    req = AiohttpRequest()
    with pytest.raises(RuntimeError, match="not initialized"):
        await req.do_request(f"{api.base_url}{api.token}/getMe", "POST")
    assert req.read_timeout == 5.0
    await req.initialize()
    await req.initialize()  # twice is once
    await req.shutdown()
    await req.shutdown()  # twice is once
    with pytest.raises(RuntimeError, match="not initialized"):
        await req.do_request(f"{api.base_url}{api.token}/getMe", "POST")
    async with req:  # initialize again after a shutdown
        status, body = await req.do_request(f"{api.base_url}{api.token}/getMe", "POST")
        assert status == 200 and b"taipai_test_bot" in body
