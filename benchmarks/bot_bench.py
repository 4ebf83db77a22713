"""Throughput and latency of the Telegram bot: N groups posting hands at once.

The real python-telegram-bot Application (the taipai adapter) polls a fake Bot API server on
127.0.0.1 (``tests/bot/telegram/fakebotapi.py``); the service books on a fresh SQLite file.  Each of
``--groups`` groups opens a table, then posts ``--hands`` hand messages one after another (each
waits for the bot's reply before the next, as people at a table would).  Latency is from the
update being queued on the server to the bot's ``sendMessage`` for it arriving there.

The 20-messages-a-minute group budget is switched off here (it would make every group wait
minutes); the benchmark measures the pipeline, not Telegram's limit.  Prints figures; no pass/fail.

    python benchmarks/bot_bench.py [--groups 20] [--hands 30] [--hand-text "…"]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from bot.telegram.fakebotapi import FakeBotAPI  # noqa: E402

from taipai.bot.service import Service  # noqa: E402
from taipai.bot.store import Store, sqlite_url  # noqa: E402
from taipai.bot.telegram import TelegramBot  # noqa: E402

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
# A real 16-tile hand message, scored by the core on every post: five chows, 東 eyes, won on a discard.
REAL_HAND = "一二三萬 四五六萬 七八九萬 三四五筒 六七八索 東 食 東"


async def group_session(api: FakeBotAPI, chat_id: int, hands: int, hand_text: str, lat: list[float]) -> None:
    users = {n: FakeBotAPI.user(abs(chat_id) * 10 + i, n) for i, n in enumerate(PLAYERS)}

    def replies() -> int:
        return len(api.sent(chat_id))

    async def say(user: str, text: str) -> None:
        before = replies()
        update = await api.send_text(chat_id, users[user], text)
        t0 = time.perf_counter()
        reply = await api.wait_for(lambda _c: replies() > before and api.sent(chat_id)[before], timeout=60)
        if update["message"]["text"] != "開枱 Ann Bob Cat Dan":
            lat.append(reply.at - t0)

    await say("Ann", "開枱 Ann Bob Cat Dan")
    for i in range(hands):
        winner, loser = PLAYERS[i % 4], PLAYERS[(i + 1) % 4]
        text = f"{winner} 食 {loser} {hand_text}" if hand_text else f"{winner} 食 {loser} {8 + i % 5}番"
        await say(winner, text)


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--groups", type=int, default=20)
    ap.add_argument("--hands", type=int, default=30, help="hand messages per group")
    ap.add_argument("--real-hands", action="store_true", help="post full hand messages instead of fan counts")
    args = ap.parse_args()
    hand_text = REAL_HAND if args.real_hands else ""
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeBotAPI() as api:
            store = await Store.open(sqlite_url(Path(tmp) / "bench.db"))
            service = Service(store, locale="zh_Hant_HK")
            bot = TelegramBot(
                service,
                api.token,
                base_url=api.base_url,
                group_rate=None,
                poll_timeout=5,
                scoreboard_refresh=True,
            )
            await bot.start()
            lat: list[float] = []
            t0 = time.perf_counter()
            await asyncio.gather(
                *(group_session(api, -1000 - g, args.hands, hand_text, lat) for g in range(args.groups))
            )
            wall = time.perf_counter() - t0
            await api.release()
            await bot.stop()
            await store.close()
    lat.sort()
    n = len(lat)
    p = lambda q: lat[min(n - 1, int(q * n))] * 1000  # noqa: E731
    print(f"groups {args.groups}, hand messages {n} ({'hand text' if hand_text else 'fan counts'}), SQLite")
    print(f"throughput   {n / wall:8.1f} hand messages/s  (wall {wall:.2f} s incl. 開枱)")
    print(f"latency p50  {p(0.50):8.1f} ms")
    print(f"latency p99  {p(0.99):8.1f} ms")
    print(f"latency max  {lat[-1] * 1000:8.1f} ms   mean {statistics.fmean(lat) * 1000:.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
