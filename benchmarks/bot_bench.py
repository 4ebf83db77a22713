"""Throughput and latency of the Telegram bot: N groups posting hands at once.

The real python-telegram-bot Application (the taipai adapter) polls a fake Bot API server on
127.0.0.1 (``tests/bot/telegram/fakebotapi.py``); the service books on a fresh SQLite file.  Each of
``--groups`` groups opens a table (and its players take their seats, untimed), then posts ``--hands``
hand messages one after another (each waits for the bot's reply before the next, as people at a
table would).  Latency is from the update being queued on the server to the bot's ``sendMessage``
for it arriving there: it includes the inbox (the update stored before the next ``getUpdates``
confirms it) and the outbox (the reply stored with its event, then posted by the chat's sender).

The 20-messages-a-minute group budget is switched off here (it would make every group wait
minutes); the benchmark measures the pipeline, not Telegram's limit.  Prints figures; no pass/fail.

**Layout.**  By default the load generator (the fake Bot API server and the simulated groups) runs in
its own process (this script with ``--serve-load``, talking to the parent over its stdin/stdout in
JSON lines), so its CPU is not charged to the bot: the bot process runs the adapter polling that
server and prints its own CPU time per hand message; the load generator's CPU per message is printed
beside it.  Latency is measured in the load generator's process (one clock for both ends).
``--same-process`` runs the old layout, everything on one event loop in one process (its CPU/message
then covers the bot, the fake server and the groups together).

Every group always has one message in flight, so throughput × mean latency ≈ ``--groups``: at 20
groups a p99 of 100 ms needs well over 200 hand messages/s.

    python benchmarks/bot_bench.py [--groups 20] [--hands 30] [--real-hands] [--rate 100]

``--poll-interval S`` sets the adapter's wait between ``getUpdates`` calls (default: the adapter's
``POLL_INTERVAL``, 20 ms; 0 polls again at once, one round trip per message under load).

**Open loop** (``--rate R``): after the closed-loop run, a second run on a fresh database where the
groups post R hand messages/s in all on a fixed schedule (each group every ``groups / R`` s, the
groups staggered), not waiting for replies, as busy tables that do not wait for the bot would; it
prints the rate achieved and the latency of each message from its update to the reply quoting it.
This answers "can the bot take R messages/s from ``--groups`` groups, and how fast does it answer",
which the closed loop (whose rate is whatever the bot's speed allows) answers only indirectly.

**Workers** (issue 6): ``--workers N`` runs N webhook worker processes instead (each a
:class:`~taipai.bot.telegram.webhook.WebhookServer` in front of the adapter, on
``--database-url``, default a fresh SQLite file); every hand message is POSTed to the next worker in
turn, as a round-robin load balancer would, and latency runs from the POST to the bot's
``sendMessage`` arriving at the fake server.  ``--compare`` prints SQLite (in-process polling and
one webhook worker) against PostgreSQL with 1 and 2 workers (``--database-url`` or
``TAIPAI_TEST_DATABASE_URL``; the database is emptied first) and the 2-to-1 worker ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from bot.telegram.fakebotapi import FakeBotAPI  # noqa: E402

from taipai.bot.service import Service  # noqa: E402
from taipai.bot.store import Store, sqlite_url  # noqa: E402
from taipai.bot.telegram import TelegramBot  # noqa: E402
from taipai.bot.telegram.adapter import POLL_INTERVAL  # noqa: E402

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
SEATS = ("東", "南", "西", "北")
# A real 16-tile hand message, scored by the core on every post: five chows, 東 eyes, won on a discard.
REAL_HAND = "一二三萬 四五六萬 七八九萬 三四五筒 六七八索 東 食 東"


async def group_session(
    api: FakeBotAPI,
    chat_id: int,
    hands: int,
    hand_text: str,
    lat: list[float],
    deliver: Callable[[dict], Awaitable[None]] | None = None,
    barrier: asyncio.Barrier | None = None,
) -> None:
    """One group: 開枱 and the seats, then (once every group passed ``barrier``) ``hands`` hand
    messages, each after the reply to the one before.

    ``deliver`` POSTs an update to a webhook worker; without it updates are queued for polling.
    """
    users = {n: FakeBotAPI.user(abs(chat_id) * 10 + i, n) for i, n in enumerate(PLAYERS)}

    def replies() -> int:
        return len(api.sent(chat_id))

    async def say(user: str, text: str, *, timed: bool = True) -> None:
        before = replies()
        t0 = time.perf_counter()
        if deliver is None:
            update = await api.send_text(chat_id, users[user], text)
        else:
            update = api.text_update(chat_id, users[user], text)
            await deliver(update)
        reply = await api.wait_for(lambda _c: replies() > before and api.sent(chat_id)[before], timeout=60)
        if timed:
            lat.append(reply.at - t0)

    await say("Ann", "開枱 Ann Bob Cat Dan", timed=False)
    for name, seat in zip(PLAYERS, SEATS, strict=True):  # a seat is held by a user id
        await say(name, f"坐 {seat}", timed=False)
    if barrier is not None:
        await barrier.wait()
    for i in range(hands):
        await say(*_hand(i, hand_text))


async def closed_loop(groups: int, session: Callable[[int, asyncio.Barrier], Awaitable[None]]) -> float:
    """Run ``session(chat_id, barrier)`` for every group; return the ``perf_counter`` time at which
    the last group was set up (the hands' clock starts there: set-up is not throughput)."""
    barrier = asyncio.Barrier(groups + 1)
    run = asyncio.gather(*(session(-1000 - g, barrier) for g in range(groups)))
    await barrier.wait()
    t0 = time.perf_counter()
    await run
    return t0


def _hand(i: int, hand_text: str) -> tuple[str, str]:
    """Who posts hand message ``i`` of a group, and its text."""
    winner, loser = PLAYERS[i % 4], PLAYERS[(i + 1) % 4]
    return winner, f"{winner} 食 {loser} {hand_text}" if hand_text else f"{winner} 食 {loser} {8 + i % 5}番"


async def open_table(api: FakeBotAPI, chat_id: int) -> None:
    """開枱 in one group and every player takes their seat, each waiting for the bot's reply."""
    users = [FakeBotAPI.user(abs(chat_id) * 10 + i, n) for i, n in enumerate(PLAYERS)]
    for user, text in [
        (users[0], "開枱 Ann Bob Cat Dan"),
        *((u, f"坐 {s}") for u, s in zip(users, SEATS, strict=True)),
    ]:
        before = len(api.sent(chat_id))
        await api.send_text(chat_id, user, text)
        await api.wait_for(lambda _c, before=before: len(api.sent(chat_id)) > before, timeout=60)


async def paced_session(
    api: FakeBotAPI, chat_id: int, hands: int, hand_text: str, lat: list[float], period: float, start: float
) -> None:
    """Open loop (``--rate``): one group, its table already open, posts ``hands`` hand messages on a
    fixed schedule (one every ``period`` s from ``start``, a ``perf_counter`` time) whether or not
    the bot has answered the ones before; then waits for every reply.  Latency of each: from the
    update being queued to the ``sendMessage`` that quotes it (``reply_parameters``) arriving."""
    users = {n: FakeBotAPI.user(abs(chat_id) * 10 + i, n) for i, n in enumerate(PLAYERS)}
    before = len(api.sent(chat_id))
    posted: dict[int, float] = {}
    for i in range(hands):
        await asyncio.sleep(max(0.0, start + i * period - time.perf_counter()))
        user, text = _hand(i, hand_text)
        t0 = time.perf_counter()
        update = await api.send_text(chat_id, users[user], text)
        posted[update["message"]["message_id"]] = t0
    await api.wait_for(lambda _c: len(api.sent(chat_id)) >= before + hands, timeout=120)
    for call in api.sent(chat_id)[before:]:
        quoted = (call.params.get("reply_parameters") or {}).get("message_id")
        if quoted in posted:
            lat.append(call.at - posted.pop(quoted))
    if posted:
        raise RuntimeError(f"chat {chat_id}: no reply to {len(posted)} hand messages")


@dataclass
class Figures:
    """One run: hand messages, wall time, sorted latencies (s).

    ``cpu``: CPU seconds of the bot's process over the run (polling only; with ``--same-process`` the
    fake server and the groups are in it too, as ``cpu_of`` says); ``load_cpu``: CPU seconds of the
    load generator's own process, when it has one.
    """

    label: str
    lat: list[float]
    wall: float
    cpu: float | None = None
    cpu_of: str = "bot process"
    load_cpu: float | None = None
    calls: dict[str, int] | None = None
    offered: float | None = None

    def pct(self, q: float) -> float:
        """The ``q`` quantile of the latencies in ms."""
        return self.lat[min(len(self.lat) - 1, int(q * len(self.lat)))] * 1000

    @property
    def rate(self) -> float:
        """Hand messages per second."""
        return len(self.lat) / self.wall

    def lines(self) -> list[str]:
        """The figures as printed."""
        if self.offered is None:
            head = [
                f"{self.label}: {len(self.lat)} hand messages",
                f"throughput   {self.rate:8.1f} hand messages/s  (wall {self.wall:.2f} s after set-up)",
            ]
        else:
            head = [
                f"{self.label}: {len(self.lat)} hand messages, OPEN LOOP at {self.offered:.0f}/s offered",
                f"throughput   {self.rate:8.1f} hand messages/s achieved  (first post to last reply "
                f"{self.wall:.2f} s, tables opened before)",
            ]
        return [
            *head,
            f"latency p50  {self.pct(0.50):8.1f} ms",
            f"latency p99  {self.pct(0.99):8.1f} ms",
            f"latency max  {self.lat[-1] * 1000:8.1f} ms   mean {statistics.fmean(self.lat) * 1000:.1f} ms",
            *(
                [f"CPU/message  {self.cpu / len(self.lat) * 1000:8.1f} ms   ({self.cpu_of})"]
                if self.cpu is not None
                else []
            ),
            *(
                [
                    f"CPU/message  {self.load_cpu / len(self.lat) * 1000:8.1f} ms   "
                    "(load generator: fake server + groups, its own process)"
                ]
                if self.load_cpu is not None
                else []
            ),
            *(
                [
                    "API calls    "
                    + ", ".join(f"{n / len(self.lat):.2f} {m}" for m, n in sorted(self.calls.items()))
                    + " per hand message (incl. 開枱)"
                ]
                if self.calls
                else []
            ),
        ]


async def run_polling(
    groups: int, hands: int, hand_text: str, url: str, poll_interval: float = POLL_INTERVAL
) -> Figures:
    """Everything in this process (``--same-process``): the adapter polling the fake server, on the
    database at ``url``, and the groups, on one event loop."""
    async with FakeBotAPI() as api:
        store = await Store.open(url)
        service = Service(store, locale="zh_Hant_HK")
        bot = TelegramBot(
            service,
            api.token,
            base_url=api.base_url,
            group_rate=None,
            poll_timeout=5,
            poll_interval=poll_interval,
            scoreboard_refresh=True,
        )
        await bot.start()
        lat: list[float] = []
        c0 = time.process_time()  # CPU includes the set-up here

        async def session(chat_id: int, barrier: asyncio.Barrier) -> None:
            await group_session(api, chat_id, hands, hand_text, lat, barrier=barrier)

        t0 = await closed_loop(groups, session)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        await api.release()
        await bot.stop()
        await store.close()
    return Figures("polling, all in one process", sorted(lat), wall, cpu, "bot, fake server, groups")


# ------------------------------------------------------------------- load generator in its own process
async def _read_line() -> str:
    """One line of stdin without blocking the event loop (the fake server keeps serving meanwhile)."""
    return await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)


def _say(obj: dict) -> None:
    print(json.dumps(obj), flush=True)


async def serve_load(groups: int, hands: int, hand_text: str, rate: float = 0.0) -> None:
    """The load generator (``--serve-load``): the fake Bot API server and the simulated groups.

    Speaks JSON lines with the parent on stdout/stdin: prints ``{"base_url", "token"}``; on ``go``
    runs the groups and prints ``{"lat", "wall", "cpu", "calls"}`` (latencies and wall time in s,
    this process's CPU seconds over the run, Bot API calls by method); then answers every long poll
    at once and exits on ``stop`` or end of input.
    """
    async with FakeBotAPI() as api:
        polls = [0, 0]  # getUpdates answered, updates handed out by them
        answer = api._get_updates

        async def counted(params: dict) -> list[dict]:
            updates = await answer(params)
            polls[0] += 1
            polls[1] += len(updates)
            return updates

        api._get_updates = counted  # type: ignore[method-assign]
        _say({"base_url": api.base_url, "token": api.token})
        if (await _read_line()).strip() != "go":
            return
        lat: list[float] = []
        if rate:
            await asyncio.gather(*(open_table(api, -1000 - g) for g in range(groups)))
            t0, c0 = time.perf_counter(), time.process_time()
            period = groups / rate  # each group posts every `period` s; the groups are staggered
            await asyncio.gather(
                *(
                    paced_session(api, -1000 - g, hands, hand_text, lat, period, t0 + g / rate)
                    for g in range(groups)
                )
            )
        else:
            c0 = time.process_time()

            async def session(chat_id: int, barrier: asyncio.Barrier) -> None:
                await group_session(api, chat_id, hands, hand_text, lat, barrier=barrier)

            t0 = await closed_loop(groups, session)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        calls: dict[str, int] = {}
        for c in api.calls:
            calls[c.method] = calls.get(c.method, 0) + 1
        calls["getUpdates"], calls["updates delivered"] = polls
        _say({"lat": lat, "wall": wall, "cpu": cpu, "calls": calls})
        await api.release()
        await _read_line()


async def run_polling_apart(
    groups: int,
    hands: int,
    hand_text: str,
    url: str,
    rate: float = 0.0,
    poll_interval: float = POLL_INTERVAL,
) -> Figures:
    """The default layout: the adapter in this process polls the fake server of a load-generator
    process (:func:`serve_load`), on the database at ``url``; ``cpu`` is this (the bot's) process.
    ``rate``: open loop at that many hand messages/s offered (0: closed loop); ``poll_interval``:
    the adapter's wait between ``getUpdates`` calls."""
    args = [sys.executable, __file__, "--serve-load", "--groups", str(groups), "--hands", str(hands)]
    args += ["--rate", str(rate)]
    proc = await asyncio.create_subprocess_exec(
        *args,
        *(["--real-hands"] if hand_text else []),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None

    async def read() -> dict:
        line = await proc.stdout.readline()  # type: ignore[union-attr]
        if not line:
            raise RuntimeError(f"the load generator exited ({await proc.wait()})")
        return json.loads(line)

    async def write(line: str) -> None:
        proc.stdin.write(line.encode() + b"\n")  # type: ignore[union-attr]
        await proc.stdin.drain()  # type: ignore[union-attr]

    try:
        hello = await read()
        store = await Store.open(url)
        service = Service(store, locale="zh_Hant_HK")
        bot = TelegramBot(
            service,
            hello["token"],
            base_url=hello["base_url"],
            group_rate=None,
            poll_timeout=5,
            poll_interval=poll_interval,
            scoreboard_refresh=True,
        )
        await bot.start()
        c0 = time.process_time()
        await write("go")
        result = await read()
        cpu = time.process_time() - c0
        await bot.stop()
        await store.close()
        await write("stop")
        await proc.wait()
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    return Figures(
        "polling, load generator in its own process",
        sorted(result["lat"]),
        result["wall"],
        cpu,
        "bot process",
        result["cpu"],
        result["calls"],
        rate or None,
    )


# ------------------------------------------------------------------------------------- webhook workers
SECRET = "bench-secret"


async def serve_worker(port: int, url: str, api_base: str, token: str) -> None:
    """One webhook worker (``--serve-worker``): the adapter without the group budget, until SIGTERM."""
    from taipai.bot.telegram.webhook import WebhookServer

    store = await Store.open(url)
    bot = TelegramBot(Service(store, locale="zh_Hant_HK"), token, base_url=api_base, group_rate=None)
    await bot.start_app()
    server = WebhookServer(bot, path="/hook", secret=SECRET, healthy=store.ping)
    await server.start("127.0.0.1", port)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    print("ready", flush=True)
    await stop.wait()
    await server.stop()
    await bot.stop()
    await store.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def run_workers(workers: int, groups: int, hands: int, hand_text: str, url: str, label: str) -> Figures:
    """``workers`` webhook worker processes on ``url``; hand messages POSTed round-robin."""
    import aiohttp

    store = await Store.open(url)  # migrate once, before the workers start
    await store.close()
    async with FakeBotAPI() as api, aiohttp.ClientSession() as http:
        ports = [_free_port() for _ in range(workers)]
        procs = [
            await asyncio.create_subprocess_exec(
                sys.executable,
                __file__,
                "--serve-worker",
                str(p),
                "--database-url",
                url,
                "--api-base",
                api.base_url,
                "--token",
                api.token,
                stdout=asyncio.subprocess.PIPE,
            )
            for p in ports
        ]
        for proc in procs:
            assert proc.stdout is not None
            assert (await proc.stdout.readline()).strip() == b"ready"
        turn = iter(range(1 << 62))

        async def deliver(update: dict) -> None:
            port = ports[next(turn) % workers]
            async with http.post(
                f"http://127.0.0.1:{port}/hook",
                data=json.dumps(update),
                headers={"X-Telegram-Bot-Api-Secret-Token": SECRET},
            ) as resp:
                assert resp.status == 200

        lat: list[float] = []

        async def session(chat_id: int, barrier: asyncio.Barrier) -> None:
            await group_session(api, chat_id, hands, hand_text, lat, deliver, barrier=barrier)

        t0 = await closed_loop(groups, session)
        wall = time.perf_counter() - t0
        for proc in procs:
            proc.send_signal(signal.SIGTERM)
        for proc in procs:
            await proc.wait()
    return Figures(label, sorted(lat), wall)


async def _empty_postgres(url: str) -> None:
    from sqlalchemy import pool
    from sqlalchemy.ext.asyncio import create_async_engine

    engine = create_async_engine(url, poolclass=pool.NullPool)
    async with engine.begin() as conn:
        await conn.exec_driver_sql("DROP SCHEMA IF EXISTS public CASCADE")
        await conn.exec_driver_sql("CREATE SCHEMA public")
    await engine.dispose()


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--groups", type=int, default=20)
    ap.add_argument("--hands", type=int, default=30, help="hand messages per group")
    ap.add_argument("--real-hands", action="store_true", help="post full hand messages instead of fan counts")
    ap.add_argument(
        "--rate",
        type=float,
        default=0.0,
        help="ALSO run open loop: the groups post this many hand messages/s in all on a fixed schedule, "
        "not waiting for replies (polling, load apart; 0: closed loop only)",
    )
    ap.add_argument("--workers", type=int, default=0, help="webhook worker processes (0: in-process polling)")
    ap.add_argument("--database-url", help="database (default: a fresh SQLite file); PostgreSQL is emptied")
    ap.add_argument("--compare", action="store_true", help="SQLite vs PostgreSQL with 1 and 2 workers")
    ap.add_argument(
        "--same-process",
        action="store_true",
        help="polling with the fake server and the groups in the bot's process (the old layout)",
    )
    ap.add_argument(
        "--poll-interval",
        type=float,
        default=POLL_INTERVAL,
        help=f"polling: seconds between getUpdates calls (default: the adapter's {POLL_INTERVAL})",
    )
    ap.add_argument("--serve-worker", type=int, metavar="PORT", help=argparse.SUPPRESS)
    ap.add_argument("--serve-load", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--api-base", help=argparse.SUPPRESS)
    ap.add_argument("--token", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve_worker:
        await serve_worker(args.serve_worker, args.database_url, args.api_base, args.token)
        return
    hand_text = REAL_HAND if args.real_hands else ""
    if args.serve_load:
        await serve_load(args.groups, args.hands, hand_text, args.rate)
        return
    polling = run_polling if args.same_process else run_polling_apart
    pi = args.poll_interval
    kind = "hand text" if hand_text else "fan counts"
    print(f"groups {args.groups}, {args.hands} hand messages each ({kind}), poll interval {pi * 1000:g} ms")
    with tempfile.TemporaryDirectory() as tmp:
        fresh = iter(sqlite_url(Path(tmp) / f"bench{i}.db") for i in range(1 << 20))
        if not args.compare:
            url = args.database_url or next(fresh)
            if url.startswith("postgresql"):
                await _empty_postgres(url)
            name = "PostgreSQL" if url.startswith("postgresql") else "SQLite"
            if args.workers:
                fig = await run_workers(
                    args.workers, args.groups, args.hands, hand_text, url, f"{name}, {args.workers} worker(s)"
                )
            else:
                fig = await polling(args.groups, args.hands, hand_text, url, poll_interval=pi)
                fig.label = f"{name}, {fig.label}"
            print("\n".join(fig.lines()))
            if args.rate and not args.workers:
                if args.same_process:
                    sys.exit("--rate runs with the load generator in its own process only")
                if url.startswith("postgresql"):
                    await _empty_postgres(url)
                else:
                    url = args.database_url or next(fresh)
                fig = await run_polling_apart(args.groups, args.hands, hand_text, url, args.rate, pi)
                fig.label = f"{name}, {fig.label}"
                print()
                print("\n".join(fig.lines()))
            return
        pg = args.database_url or os.environ.get("TAIPAI_TEST_DATABASE_URL", "")
        if not pg.startswith("postgresql"):
            sys.exit("--compare needs --database-url postgresql+asyncpg://… or TAIPAI_TEST_DATABASE_URL")
        g, h = args.groups, args.hands
        runs = [await polling(g, h, hand_text, next(fresh), poll_interval=pi)]
        runs[0].label = "SQLite, polling" + (", one process" if args.same_process else ", load apart")
        runs.append(await run_workers(1, g, h, hand_text, next(fresh), "SQLite, 1 webhook worker"))
        for n in (1, 2):
            await _empty_postgres(pg)
            runs.append(await run_workers(n, g, h, hand_text, pg, f"PostgreSQL, {n} webhook worker(s)"))
    print(f"{'run':34} {'msg/s':>8} {'p50 ms':>8} {'p99 ms':>8}")
    for r in runs:
        print(f"{r.label:34} {r.rate:8.1f} {r.pct(0.5):8.1f} {r.pct(0.99):8.1f}")
    one, two = runs[2], runs[3]
    print(
        f"PostgreSQL 2 workers / 1 worker: throughput ×{two.rate / one.rate:.2f}, "
        f"p99 ×{two.pct(0.99) / one.pct(0.99):.2f}"
    )


if __name__ == "__main__":
    asyncio.run(main())
