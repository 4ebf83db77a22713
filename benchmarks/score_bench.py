"""Scoring speed and memory on a fixed seeded corpus; decomposition vs the `mahjong` package.

Run: ``python benchmarks/score_bench.py [--hands 2000] [--passes 5]``.  Prints hands/s (best, median
and worst of the passes: other work on a shared machine only ever slows a pass down), p50/p99 per
hand and peak memory for full scoring (HandSpec -> Score with waits and every detector), and, on
the same 14-tile hands, our decomposer against ``mahjong``'s ``HandDivider`` (install the ``bench`` extra).
Figures only; no pass/fail.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import fourteen_tile_hands, winning_hands

from taipai.core import hand as hand_module
from taipai.core.rules import load_rules
from taipai.core.scoring import score_hand

CLOCK = time.process_time
"""CPU time of this process: the figures hold on a shared 2-core machine where other work runs."""


def _percentiles(samples: list[float]) -> tuple[float, float]:
    s = sorted(samples)
    return s[len(s) // 2], s[min(len(s) - 1, int(len(s) * 0.99))]


def bench_scoring(n: int, passes: int) -> None:
    """Throughput over ``passes`` timed passes (no per-hand timer in them), then one pass timing
    each hand for p50/p99, then peak traced memory."""
    rules = load_rules("hk-taiwan")
    corpus = winning_hands(n)
    specials = sum(1 for h in corpus if not h.melds and len(set(h.concealed)) > 11)
    for spec in corpus[:200]:  # warm caches the way a running bot has them
        score_hand(spec, rules)
    gc.collect()
    rates = []
    for _ in range(passes):
        start = CLOCK()
        for spec in corpus:
            score_hand(spec, rules)
        rates.append(n / (CLOCK() - start))
    rates.sort()
    times = []
    for spec in corpus:
        t0 = CLOCK()
        score_hand(spec, rules)
        times.append(CLOCK() - t0)
    p50, p99 = _percentiles(times)
    tracemalloc.start()
    for spec in corpus:
        score_hand(spec, rules)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"full scoring: {n} hands ({specials} special-shape-like), {rates[-1]:,.0f} hands/s best of "
        f"{passes} passes (median {rates[len(rates) // 2]:,.0f}, worst {rates[0]:,.0f}), "
        f"p50 {p50 * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms, peak traced memory {peak / 1024:,.0f} KiB"
    )


def bench_decomposition(n: int) -> None:
    hands = fourteen_tile_hands(n)
    try:
        from mahjong.hand_calculating.divider import HandDivider
    except ImportError:
        HandDivider = None
        print("mahjong not installed: pip install -e '.[bench]' for the comparison")

    def ours() -> float:
        t0 = CLOCK()
        for counts in hands:
            hand_module.standard_splits(counts)
        return CLOCK() - t0

    def theirs() -> float:
        t0 = CLOCK()
        for counts in hands:
            HandDivider.divide_hand(counts)
        return CLOCK() - t0

    hand_module._suit_cache.clear()
    cold_ours = ours()
    warm_ours = min(ours() for _ in range(3))
    line = (
        f"decomposition of {n} 14-tile hands: taipai cold {n / cold_ours:,.0f}/s, warm {n / warm_ours:,.0f}/s"
    )
    if HandDivider is not None:
        HandDivider._divide_hand_impl.cache_clear()
        cold_theirs = theirs()
        warm_theirs = min(theirs() for _ in range(3))
        line += (
            f"; mahjong HandDivider cold {n / cold_theirs:,.0f}/s, warm {n / warm_theirs:,.0f}/s; "
            f"ratio cold {cold_theirs / cold_ours:.1f}x, warm {warm_theirs / warm_ours:.1f}x"
        )
        mismatches = sum(
            1
            for c in hands
            if len({tuple(sorted(m)) for _, m in hand_module.standard_splits(c)})
            != len([d for d in HandDivider.divide_hand(c) if not all(len(b) == 2 for b in d)])
        )
        line += f"; decomposition counts differ on {mismatches} hands"
    print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument(
        "--passes", type=int, default=5, help="timed throughput passes over the corpus (best, median, worst)"
    )
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}")
    bench_scoring(args.hands, args.passes)
    bench_decomposition(args.hands)


if __name__ == "__main__":
    main()
