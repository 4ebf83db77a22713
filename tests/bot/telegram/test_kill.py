"""SIGKILL in the middle of a burst of hand messages, then restart (issue 13, Show).

Fifteen groups open a table, take their seats, and then post 150 hand messages (10 each) at once.
The ``taipai`` process is killed with SIGKILL while it books them, and started again.  Every update
Telegram saw acknowledged (polling: below the ``getUpdates`` offset it was sent; webhook: answered
200) must be booked exactly once and answered, and every group's balances must equal a
single-process replay of its messages in order.

Polling: the fake Bot API keeps the unconfirmed updates and serves them again after the restart, as
Telegram does.  Webhook: a poster that, like Telegram, sends a chat's next update only after the one
before was answered 200, and retries an update until it is; with two workers on PostgreSQL one of
them is killed and the other takes over its chats (the dead worker's leases) at once.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
from collections import Counter
from typing import Any

import aiohttp
import pytest

from taipai.bot.service import Service
from taipai.bot.service.identity import Member
from taipai.bot.store import ChatRef, Store, sqlite_url
from taipai.core.table.codec import event_from_dict
from taipai.core.table.machine import replay

from ..conftest import postgres_url, reset_postgres
from .fakebotapi import FakeBotAPI

pytestmark = pytest.mark.asyncio

SECRET = "kill-secret"
GROUPS = tuple(-2000 - g for g in range(15))
HANDS = 10
NAMES = ("Ann", "Bob", "Cat", "Dan")
SEATS = ("東", "南", "西", "北")
KILL_AFTER = 10
"""Hand replies seen before the kill (so it falls in the middle of the burst)."""


def users(chat_id: int) -> list[dict]:
    return [FakeBotAPI.user(abs(chat_id) * 10 + i, n) for i, n in enumerate(NAMES)]


def setup_script(chat_id: int) -> list[tuple[dict, str]]:
    """開枱, then each member takes their seat."""
    us = users(chat_id)
    return [(us[0], "開枱 " + " ".join(NAMES)), *((u, f"坐 {s}") for u, s in zip(us, SEATS, strict=True))]


def hand_script(chat_id: int) -> list[tuple[dict, str]]:
    """Ten wins in every direction, so 拉 chains open, grow, kick back and settle."""
    us, g = users(chat_id), abs(chat_id)
    out = []
    for i in range(HANDS):
        w, loser = (g + i) % 4, (g + i * 3 + 1) % 4
        if loser == w:
            loser = (w + 2) % 4
        out.append((us[w], f"{NAMES[w]} 食 {NAMES[loser]} {8 + (i * 5 + g) % 9}番"))
    return out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _start(
    api: FakeBotAPI, url: str, cwd: str, *, port: int | None = None
) -> asyncio.subprocess.Process:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "DISCORD_", "DATABASE_"))},
        "TELEGRAM_BOT_TOKEN": api.token,
        "TELEGRAM_API_BASE_URL": api.base_url,
        "TELEGRAM_MODE": "polling" if port is None else "webhook",
        "DATABASE_URL": url,
        "DEFAULT_LOCALE": "en",
    }
    if port is not None:
        env |= {
            "TELEGRAM_WEBHOOK_URL": "https://bot.example.org/telegram",
            "TELEGRAM_WEBHOOK_SECRET": SECRET,
            "LISTEN_PORT": str(port),
        }
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "taipai.bot.cli",
        cwd=cwd,
        env=env,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )


async def _stop(proc: asyncio.subprocess.Process) -> str:
    if proc.returncode is None:
        proc.send_signal(signal.SIGTERM)
    _out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode in (0, -signal.SIGKILL), err.decode()[-3000:]
    return err.decode()


def _kill(proc: asyncio.subprocess.Process) -> None:
    proc.send_signal(signal.SIGKILL)


async def _expected(tmp_path) -> dict[int, dict[str, Any]]:
    """Every group's balances from ONE service on a fresh SQLite file, messages in script order."""
    store = await Store.open(sqlite_url(tmp_path / "replay.db"))
    try:
        service = Service(store, locale="en")
        out = {}
        for chat_id in GROUPS:
            chat = ChatRef("telegram", str(chat_id))
            for n, (user, text) in enumerate(setup_script(chat_id) + hand_script(chat_id), start=1):
                m = Member(user_id=str(user["id"]), display=user["first_name"])
                await service.handle(chat, m.display, text, f"{chat_id}:{n}", member=m)
            session = await store.open_session(chat)
            assert session is not None
            out[chat_id] = dict((await service.state_of(session))[1].balances)
        return out
    finally:
        await store.close()


async def _check(url: str, tmp_path, api: FakeBotAPI, hands: dict[int, list[int]]) -> None:
    """Each hand message booked exactly once, answered (its reply quotes it), balances as replayed."""
    expected = await _expected(tmp_path)
    store = await Store.open(url)
    twice = 0
    try:
        for chat_id in GROUPS:
            session = await store.open_session(ChatRef("telegram", str(chat_id)))
            assert session is not None
            rows = await store.events(session.id)
            booked = Counter(r.source_message_id for r in rows[1:])
            assert booked == Counter(f"{chat_id}:{m}" for m in hands[chat_id]), chat_id
            state = replay(event_from_dict(r.payload) for r in rows)
            assert dict(state.balances) == expected[chat_id]
            quoted = Counter(api.quoted(chat_id))
            assert all(quoted[m] >= 1 for m in hands[chat_id]), (chat_id, quoted)
            # a reply is sent twice only when the kill fell between Telegram's answer and the commit
            # of its sent mark (a few milliseconds)
            twice += sum(quoted[m] - 1 for m in hands[chat_id])
    finally:
        await store.close()
    print(f"replies sent twice: {twice} of {len(GROUPS) * HANDS}")


def _replies(api: FakeBotAPI, hands: dict[int, list[int]]) -> int:
    """Hand messages answered so far."""
    return sum(len(set(api.quoted(c)) & set(hands[c])) for c in GROUPS)


async def test_sigkill_in_a_polling_burst_loses_no_confirmed_update(tmp_path):
    url = sqlite_url(tmp_path / "poll.db")
    async with FakeBotAPI() as api:
        proc = await _start(api, url, str(tmp_path))
        try:
            for chat_id in GROUPS:
                for user, text in setup_script(chat_id):
                    await api.send_text(chat_id, user, text)
            await api.wait_for(lambda _c: all(len(api.sent(c)) >= 5 for c in GROUPS), timeout=60)
            hands: dict[int, list[int]] = {c: [] for c in GROUPS}
            for i in range(HANDS):  # the burst: 150 updates queued at once, groups interleaved
                for chat_id in GROUPS:
                    user, text = hand_script(chat_id)[i]
                    hands[chat_id].append((await api.send_text(chat_id, user, text))["message"]["message_id"])
            await api.wait_for(lambda _c: _replies(api, hands) >= KILL_AFTER, timeout=60)
            _kill(proc)
            await _stop(proc)
            confirmed, answered = api.confirmed, _replies(api, hands)
            assert answered < len(GROUPS) * HANDS, "the kill came after the burst"
            proc = await _start(api, url, str(tmp_path))
            await api.wait_for(lambda _c: _replies(api, hands) == len(GROUPS) * HANDS, timeout=90)
        finally:
            await api.release()
            await _stop(proc)
    assert confirmed > 0
    print(f"\npolling kill: {answered} of 150 answered, updates below {confirmed} confirmed when killed")
    await _check(url, tmp_path, api, hands)


async def _post_until_200(
    http: aiohttp.ClientSession, ports: list[int], update: dict, start: int, stats: Counter
) -> None:
    """POST ``update`` as Telegram would: until a worker answers 200 (the next worker after a failure)."""
    i = start
    while True:
        try:
            async with http.post(
                f"http://127.0.0.1:{ports[i % len(ports)]}/telegram",
                data=json.dumps(update),
                headers={"X-Telegram-Bot-Api-Secret-Token": SECRET},
                timeout=aiohttp.ClientTimeout(total=10),
            ) as resp:
                if resp.status == 200:
                    stats["200"] += 1
                    return
                stats[str(resp.status)] += 1
        except (aiohttp.ClientError, TimeoutError):
            stats["failed"] += 1
        i += 1
        await asyncio.sleep(0.1)


async def _webhook_burst(tmp_path, url: str, workers: int) -> None:
    ports = [_free_port() for _ in range(workers)]
    async with FakeBotAPI() as api, aiohttp.ClientSession() as http:
        procs = [await _start(api, url, str(tmp_path), port=p) for p in ports]
        stats: Counter = Counter()
        try:
            await api.wait_for(lambda c: sum(x.method == "setWebhook" for x in c) == workers, timeout=60)

            async def setup(chat_id: int) -> None:
                for n, (user, text) in enumerate(setup_script(chat_id), start=1):
                    await _post_until_200(http, ports, api.text_update(chat_id, user, text), n, stats)
                    await api.wait_for(lambda _c, n=n: len(api.sent(chat_id)) >= n, timeout=30)

            await asyncio.gather(*(setup(c) for c in GROUPS))
            hands: dict[int, list[int]] = {c: [] for c in GROUPS}
            updates = {c: [api.text_update(c, u, t) for u, t in hand_script(c)] for c in GROUPS}
            for c in GROUPS:
                hands[c] = [u["message"]["message_id"] for u in updates[c]]

            async def burst(g: int, chat_id: int) -> None:
                for n, update in enumerate(updates[chat_id]):
                    await _post_until_200(http, ports, update, g + n, stats)

            posting = asyncio.gather(*(burst(g, c) for g, c in enumerate(GROUPS)))
            await api.wait_for(lambda _c: _replies(api, hands) >= KILL_AFTER, timeout=60)
            _kill(procs[0])
            await _stop(procs[0])
            answered = _replies(api, hands)
            assert answered < len(GROUPS) * HANDS, "the kill came after the burst"
            procs[0] = await _start(api, url, str(tmp_path), port=ports[0])
            await asyncio.wait_for(posting, 90)
            await api.wait_for(lambda _c: _replies(api, hands) == len(GROUPS) * HANDS, timeout=90)
        finally:
            for p in procs:
                await _stop(p)
    print(
        f"\nwebhook kill ({workers} worker(s)): {answered} of 150 answered when killed; POSTs {dict(stats)}"
    )
    await _check(url, tmp_path, api, hands)


async def test_sigkill_of_a_webhook_worker_on_sqlite_loses_no_answered_update(tmp_path):
    await _webhook_burst(tmp_path, sqlite_url(tmp_path / "hook.db"), 1)


async def test_sigkill_of_one_of_two_webhook_workers_on_postgresql(tmp_path):
    url = postgres_url()
    await reset_postgres(url)
    store = await Store.open(url)  # the image's `taipai migrate` step, before the workers start
    await store.close()
    await _webhook_burst(tmp_path, url, 2)
