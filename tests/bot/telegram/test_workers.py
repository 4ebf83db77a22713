"""Two ``taipai`` webhook worker processes on one PostgreSQL database (issue 6).

Three groups post at once; every message goes to one of the two workers, every third one to BOTH
at the same moment (a load balancer retrying, Telegram redelivering) and one twice to the same worker.
Each message must be answered once, each hand booked exactly once, and every group's balances must
equal a single-process replay of the same messages.  Needs ``TAIPAI_TEST_DATABASE_URL``.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
from typing import Any

import aiohttp
import pytest

from taipai.bot.service import Service
from taipai.bot.service.identity import Member
from taipai.bot.store import ChatRef, Store, sqlite_url
from taipai.core.table.codec import event_from_dict
from taipai.core.table.machine import replay

from ..conftest import postgres_url, reset_postgres
from .conftest import ANN, BOB, CAT, DANIEL
from .fakebotapi import FakeBotAPI

SECRET = "worker-secret"
GROUPS = (-1001, -1002, -1003)
HANDS = 8
USERS = (ANN, BOB, CAT, DANIEL)
NAMES = tuple(u["first_name"] for u in USERS)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


SEATS = ("東", "南", "西", "北")


def script(g: int) -> list[tuple[dict, str]]:
    """The messages of group ``g``: (user, text); group ``g`` starts its dealer cycle at seat ``g``.
    After 開枱 each member takes their seat (``坐 南``): a seat is held by a user id."""
    out: list[tuple[dict, str]] = [(ANN, "開枱 " + " ".join(NAMES))]
    out += [(user, f"坐 {seat}") for user, seat in zip(USERS, SEATS, strict=True)]
    for i in range(HANDS):
        w, loser = (g + i) % 4, (g + i + 1) % 4
        out.append((USERS[w], f"{NAMES[w]} 食 {NAMES[loser]} {8 + (i * 3 + g) % 7}番"))
    return out


def member(user: dict) -> Member:
    """The member the adapter builds for ``user`` in a group where nobody is an admin."""
    return Member(
        user_id=str(user["id"]),
        display=user["first_name"],
        username=user.get("username"),
        is_admin=False,
        language=user.get("language_code"),
    )


async def _start_worker(api: FakeBotAPI, url: str, port: int, cwd: str) -> asyncio.subprocess.Process:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "DISCORD_", "DATABASE_"))},
        "TELEGRAM_BOT_TOKEN": api.token,
        "TELEGRAM_API_BASE_URL": api.base_url,
        "TELEGRAM_MODE": "webhook",
        "TELEGRAM_WEBHOOK_URL": "https://bot.example.org/telegram",
        "TELEGRAM_WEBHOOK_SECRET": SECRET,
        "LISTEN_PORT": str(port),
        "DATABASE_URL": url,
        "DEFAULT_LOCALE": "en",
    }
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "taipai.bot.cli",
        cwd=cwd,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def _expected(tmp_path) -> dict[int, dict[str, Any]]:
    """Balances of every group from ONE service on a fresh SQLite file, messages in script order."""
    store = await Store.open(sqlite_url(tmp_path / "replay.db"))
    try:
        service = Service(store, locale="en")
        out = {}
        for g, chat_id in enumerate(GROUPS):
            chat = ChatRef("telegram", str(chat_id))
            for n, (user, text) in enumerate(script(g), start=1):
                m = member(user)
                await service.handle(chat, m.display, text, f"{chat_id}:{n}", member=m)
            session = await store.open_session(chat)
            assert session is not None
            out[chat_id] = dict((await service.state_of(session))[1].balances)
        return out
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_two_webhook_workers_on_one_postgresql_book_every_hand_once(tmp_path):
    url = postgres_url()
    await reset_postgres(url)
    store = await Store.open(url)  # the image's `taipai migrate` step, before the workers start
    await store.close()
    ports = [_free_port(), _free_port()]
    async with FakeBotAPI() as api, aiohttp.ClientSession() as http:
        workers = [await _start_worker(api, url, p, str(tmp_path)) for p in ports]
        try:
            await api.wait_for(lambda c: sum(x.method == "setWebhook" for x in c) == 2, timeout=60)
            hooks = [call.params for call in api.sent(None, "setWebhook")]
            assert [(h["url"], h["secret_token"]) for h in hooks] == [
                ("https://bot.example.org/telegram", SECRET)
            ] * 2

            async def post(worker: int, update: dict) -> None:
                async with http.post(
                    f"http://127.0.0.1:{ports[worker]}/telegram",
                    data=json.dumps(update),
                    headers={"X-Telegram-Bot-Api-Secret-Token": SECRET},
                ) as resp:
                    assert resp.status == 200

            async def group(g: int, chat_id: int) -> None:
                for n, (user, text) in enumerate(script(g), start=1):
                    update = api.text_update(chat_id, user, text)
                    if n % 3 == 0:  # the same update to both workers at once
                        await asyncio.gather(post(0, update), post(1, update))
                    elif n == 5:  # twice to the same worker
                        await post(g % 2, update)
                        await post(g % 2, update)
                    else:
                        await post((g + n) % 2, update)
                    await api.wait_for(lambda _c, n=n: len(api.sent(chat_id)) >= n, timeout=30)

            await asyncio.gather(*(group(g, c) for g, c in enumerate(GROUPS)))
        finally:
            for w in workers:
                if w.returncode is None:
                    w.send_signal(signal.SIGTERM)
            outs = [await asyncio.wait_for(w.communicate(), 60) for w in workers]
        assert [w.returncode for w in workers] == [0, 0], [o[1].decode()[-2000:] for o in outs]
        answered = {c: len(api.sent(c)) for c in GROUPS}
    # one reply per message (開枱, four 坐, the hands), none for a duplicate
    assert answered == {c: HANDS + 1 + len(SEATS) for c in GROUPS}

    expected = await _expected(tmp_path)
    store = await Store.open(url)
    try:
        for chat_id in GROUPS:
            session = await store.open_session(ChatRef("telegram", str(chat_id)))
            assert session is not None
            rows = await store.events(session.id)
            # The fake numbers each group's messages 1, 2, 3 … (bot replies take numbers too).
            hands = [r for r in rows if r.kind != rows[0].kind]
            assert [r.seq for r in rows] == list(range(1, HANDS + 2))
            assert len(hands) == HANDS
            assert len({r.source_message_id for r in rows}) == HANDS + 1
            state = replay(event_from_dict(r.payload) for r in rows)
            assert dict(state.balances) == expected[chat_id]
            assert sum(state.balances.values()) == 0
    finally:
        await store.close()
