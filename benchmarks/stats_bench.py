"""How long 戰績 / 排行榜 take for a chat with a long past (issue 15 item 6: "a chat with 200 sessions ×
40 hands must answer in well under a second").

Builds one chat on a fresh SQLite file (or ``--database-url``): ``--sessions`` ended sessions of
``--hands`` hands each (random wins on a discard and self-draws, a few draws; every fifth session at
台灣牌, the others at 港式台牌 with its 拉 chains), written through the store as the service books them,
one day apart.  Then, through :meth:`Service.handle` as a chat message:

- ``戰績 全部`` cold (a new :class:`~taipai.bot.service.Service`: every session is read and replayed),
- ``戰績 全部`` warm (the figures of every session kept by its last seq: only the session list is read),
- ``排行榜 全部`` warm, ``戰績 本月`` warm, and ``戰績`` (the last session only) warm,

each ``--repeat`` times, printing the median and the slowest in milliseconds, the events replayed,
and the CPU time of the cold run.  Prints figures; no pass/fail.

    python benchmarks/stats_bench.py [--sessions 200] [--hands 40] [--repeat 5] [--database-url URL]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from taipai.bot.service import Service  # noqa: E402
from taipai.bot.store import ChatRef, Store, sqlite_url  # noqa: E402
from taipai.core.table import Draw, SelfDraw, SessionEnded, TableOpened, WinByDiscard, WinLeg  # noqa: E402
from taipai.core.table.machine import apply  # noqa: E402

CHAT = ChatRef("bench", "stats")
NAMES = ("阿明", "阿玲", "阿強", "阿珍", "阿偉", "阿芬")


class Clock:
    """The store's clock, moved one day per session."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


async def build(store: Store, clock: Clock, sessions: int, hands: int, rng: random.Random) -> int:
    """Write the chat's sessions; return the events written."""
    written = 0
    for n in range(sessions):
        players = tuple(rng.sample(NAMES, 4))
        system = "taiwan" if n % 5 == 4 else "hk-taiwan"
        opened = TableOpened(players=players, system=system)  # type: ignore[arg-type]
        state = apply(None, opened).state
        session, _row = await store.create_session(
            CHAT, creator=players[0], kind=opened.kind, payload=opened.to_dict()
        )
        seq = 1
        for h in range(hands + 1):
            event: object
            if h == hands:
                event = SessionEnded()
            elif rng.random() < 0.08:
                event = Draw()
            elif rng.random() < 0.3:
                event = SelfDraw(rng.choice(players), rng.randint(1, 12))
            else:
                winner, discarder = rng.sample(players, 2)
                event = WinByDiscard(discarder, (WinLeg(winner, rng.randint(1, 12)),))
            state = apply(state, event).state  # type: ignore[arg-type]
            seq += 1
            await store.append_event(
                session,
                seq,
                speaker=players[0],
                kind=event.kind,  # type: ignore[attr-defined]
                payload=event.to_dict(),  # type: ignore[attr-defined]
                end_session=isinstance(event, SessionEnded),
            )
        written += seq
        clock.now += timedelta(days=1)
    return written


async def timed(service: Service, text: str) -> tuple[float, str]:
    t = time.perf_counter()
    replies = await service.handle(CHAT, "阿明", text)
    return (time.perf_counter() - t) * 1000, replies[0].text


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    rng = random.Random(15)
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or sqlite_url(Path(tmp) / "stats.db")
        # the last session on the 1st of a month, so 本月 holds one session and 全部 all of them
        clock = Clock(datetime(2026, 12, 1, 12, tzinfo=UTC) - timedelta(days=args.sessions - 1))
        store = await Store.open(url, clock=clock)
        try:
            t = time.perf_counter()
            events = await build(store, clock, args.sessions, args.hands, rng)
            clock.now -= timedelta(days=1)
            print(
                f"built {args.sessions} sessions × {args.hands} hands = {events} events "
                f"in {time.perf_counter() - t:.1f} s ({store.engine.url.get_backend_name()})"
            )
            cold: list[float] = []
            cpu: list[float] = []
            for _ in range(args.repeat):
                service = Service(store, locale="zh_Hant_HK")
                c = time.process_time()
                ms, text = await timed(service, "戰績 全部")
                cpu.append((time.process_time() - c) * 1000)
                cold.append(ms)
            print(
                f"戰績 全部 cold: median {statistics.median(cold):.0f} ms, max {max(cold):.0f} ms, "
                f"CPU median {statistics.median(cpu):.0f} ms ({events} events replayed)"
            )
            print("  " + text.splitlines()[0])
            for line in ("戰績 全部", "排行榜 全部", "戰績 本月", "戰績"):
                warm = [(await timed(service, line))[0] for _ in range(args.repeat)]
                print(f"{line} warm: median {statistics.median(warm):.1f} ms, max {max(warm):.1f} ms")
        finally:
            await store.close()


if __name__ == "__main__":
    asyncio.run(main())
