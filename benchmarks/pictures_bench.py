"""How long a picture takes: the 埋數 / ``/chart`` chart and a ``計番 … 圖`` hand, in ms per image.

Draws each picture ``--runs`` times in this process after one untimed warm-up (matplotlib's import,
the font's registration and its first glyphs are paid once per process, printed on their own) and
prints the median, p90 and max milliseconds per image and the PNG's size.  The chart is of a replayed
evening of ``--hands`` hands (港式台牌, four players, wins and self-draws in turn, then 埋數); the
hand is a 16-tile hand with three declared melds and three flowers.  Prints figures; no pass/fail.

    python benchmarks/pictures_bench.py [--runs 30] [--hands 24]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from datetime import UTC, datetime


def evening(hands: int):
    from taipai.core.table import SelfDraw, SessionEnded, TableOpened, WinByDiscard
    from taipai.core.table.events import WinLeg
    from taipai.core.table.machine import replay

    names = ("阿明", "阿玲", "阿強", "Ben")
    events: list = [TableOpened(players=names)]
    for i in range(hands):
        winner, other = names[i % 4], names[(i * 3 + 1) % 4]
        if i % 3 == 2 or winner == other:
            events.append(SelfDraw(winner=winner, fan=3 + i % 5))
        else:
            events.append(WinByDiscard(discarder=other, legs=(WinLeg(winner, 4 + i % 7),)))
    return replay([*events, SessionEnded()])


def timed(draw: Callable[[], bytes], runs: int) -> tuple[list[float], int]:
    times: list[float] = []
    size = 0
    for _ in range(runs):
        t0 = time.perf_counter()
        size = len(draw())
        times.append((time.perf_counter() - t0) * 1000)
    return times, size


def report(what: str, times: list[float], size: int) -> None:
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
    print(
        f"{what:<28} median {statistics.median(times):7.1f} ms   p90 {p90:7.1f} ms   "
        f"max {times[-1]:7.1f} ms   PNG {size / 1024:6.1f} KiB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--hands", type=int, default=24)
    args = parser.parse_args()

    t0 = time.perf_counter()
    from taipai.bot.i18n import use_locale
    from taipai.bot.pictures.chart import balance_chart
    from taipai.bot.pictures.hand import hand_image
    from taipai.bot.service.chart import chart_data
    from taipai.core.notation import parse_hand

    state = evening(args.hands)
    with use_locale("zh_Hant_HK"):
        data = chart_data(state, started=datetime(2026, 11, 30, 13, 0, tzinfo=UTC))
    spec = parse_hand("碰 發發發 上八七九筒 暗槓 北 中 1m 2m 3m 4s 5s 6s 花:春梅菊 摸 中")
    balance_chart(data)
    hand_image(spec, title="自摸 中")
    print(
        f"first picture in a process (import, font, first glyphs): {(time.perf_counter() - t0) * 1000:.0f} ms"
    )

    report(f"chart, {args.hands} hands, 1200×800", *timed(lambda: balance_chart(data), args.runs))
    report("hand, 3 melds + flowers", *timed(lambda: hand_image(spec, title="自摸 中"), args.runs))


if __name__ == "__main__":
    main()
