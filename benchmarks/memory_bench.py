"""Memory of the service after many chats: 50,000 messages in 5,000 chats against a fresh start.

Issue 13 item 9: every chat ever seen cost ~4.5 KB that was never released (its table state, its
lock, its language), so memory grew with the number of chats for ever.  The caches are now least
recently used (``taipai.bot.service.book``: ``STATE_CACHE`` states holding at most
``STATE_CACHE_EVENTS`` events; ``taipai.bot.service.service``: ``LOCK_CACHE``, ``LOCALE_CACHE``).

The script drives :meth:`Service.handle` directly on a fresh SQLite file, as the Telegram adapter
does (a platform chat, members with user ids): in each of ``--chats`` chats A opens a table, B, C
and D take their seats (``坐 南`` …), and the winners post hand messages, ``--per-chat`` messages in
all (bare counts, so the figure is the service's memory, not the scoring search's caches).  The
chats take turns, one message each per round, so every chat stays open to the end, as busy groups
would.  It prints the resident set size (``VmRSS``) after a warm-up chat (imports, rule tables, the
SQLite connections: the "fresh start"), after the run, and the difference, with the caches' sizes;
``--unbounded`` makes the caches unbounded (the old behaviour) for comparison.  Prints figures; no
pass/fail.

    python benchmarks/memory_bench.py [--chats 5000] [--per-chat 10] [--unbounded]

``--chats 300 --per-chat 200`` is the long-session case: fewer chats, each a night's play.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from taipai.bot.service import Service  # noqa: E402
from taipai.bot.service import book as book_module  # noqa: E402
from taipai.bot.service import service as service_module  # noqa: E402
from taipai.bot.service.identity import Member  # noqa: E402
from taipai.bot.store import ChatRef, Store, sqlite_url  # noqa: E402

HANDS = ("B 食 A 8番", "C 自摸 5番", "D 食 C 3番", "A 自摸 10番", "流局", "B 食 D 6番", "C 食 A 4番")
SEATING = (("A", "開枱 A B C D"), ("B", "坐 南"), ("C", "坐 西"), ("D", "坐 北"))
"""A chat's first messages: A opens the table (and holds 東), the others take their seats by user id."""
MEMBERS = {name: Member(user_id=str(1000 + i), display=name) for i, name in enumerate("ABCD")}


def rss_kib() -> int:
    """The process's resident set size now, in KiB (Linux ``/proc/self/status``)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


def settle() -> int:
    gc.collect()
    return rss_kib()


def message(n: int) -> tuple[str, str]:
    """A chat's ``n``-th message ``(speaker, text)``: the seating, then hands said by their winner."""
    if n < len(SEATING):
        return SEATING[n]
    text = HANDS[(n - len(SEATING)) % len(HANDS)]
    return (text[0] if text[0] in MEMBERS else "A"), text


async def say(service: Service, chat: ChatRef, n: int) -> None:
    speaker, text = message(n)
    await service.handle(chat, speaker, text, f"{chat.chat_id}:{n}", member=MEMBERS[speaker])


async def run(chats: int, per_chat: int, db: Path) -> None:
    store = await Store.open(sqlite_url(db))
    try:
        service = Service(store, locale="en")
        warm = ChatRef("telegram", "-1")
        for n in range(len(SEATING) + len(HANDS)):
            await say(service, warm, n)
        fresh = settle()
        started = time.perf_counter()
        refs = [ChatRef("telegram", str(-1000 - i)) for i in range(chats)]
        for n in range(per_chat):
            for chat in refs:
                await say(service, chat, n)
        elapsed = time.perf_counter() - started
        after = settle()
        messages = chats * per_chat
        booked = [await store.last_seq(s.id) for s in [await store.open_session(c) for c in refs[:3]] if s]
        print(f"messages: {messages:,} in {chats:,} chats ({per_chat} each), {elapsed:.0f} s "
              f"({messages / elapsed:,.0f} messages/s)")
        print(f"events booked in the first chats: {booked} (the 開枱 and every hand)")
        print(f"RSS after a warm-up chat (fresh start): {fresh / 1024:.1f} MiB")
        print(f"RSS after the run:                      {after / 1024:.1f} MiB")
        print(f"difference:                             {(after - fresh) / 1024:+.1f} MiB "
              f"({(after - fresh) * 1024 / chats:,.0f} bytes per chat)")
        print(f"cached: {len(service._cache):,} session states ({service._cache.total_weight:,} events), "
              f"{len(service._locks):,} locks, "
              f"{len(service._chat_locales):,} chat languages")
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chats", type=int, default=5000)
    parser.add_argument("--per-chat", type=int, default=10, help="messages per chat, 開枱 and 坐 included")
    parser.add_argument("--unbounded", action="store_true", help="caches without a bound (as before)")
    args = parser.parse_args()
    if args.unbounded:
        for name in ("STATE_CACHE", "STATE_CACHE_EVENTS"):
            setattr(book_module, name, 1 << 40)
        for name in ("LOCK_CACHE", "LOCALE_CACHE"):
            setattr(service_module, name, 1 << 40)
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(run(args.chats, args.per_chat, Path(tmp) / "memory.db"))


if __name__ == "__main__":
    main()
