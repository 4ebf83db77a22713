"""越搭 search speed and memory: corpora with 1, 2, 4 and 8 wildcards (seed 000).

Run: ``python benchmarks/wild_bench.py [--hands 300]``.  For each corpus: p50/p99 time per hand and
peak traced memory of :func:`taipai.core.scoring.score_hand`, and side by side the same hands with
every wildcard replaced by the tile the search chose (natural scoring), so the wildcard overhead is
a ratio.  The last column counts results with ``exact=False`` (the search hit its safety budget:
the best reading found, not a proven maximum).  Corpora (seeded):

* ``1`` / ``2`` / ``4``: random winning hands with that many concealed tiles replaced by wildcards
  drawn from the 八搭 set (皇 筒索萬 筒 索 萬 番 東南西北 中發白) whose range covers the tile.
* ``8 scattered``: 8 皇 and 9 random natural tiles (mostly not wins: rejection must be fast too).
* ``8 + 3 melds``: 8 皇 and three complete natural melds.

Targets (issue 3): 1–2 wildcards p50 <= 2 ms; 4 wildcards p99 <= 20 ms; any 8-wildcard hand
p99 <= 250 ms; memory bounded.  Figures only; no pass/fail.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
import tracemalloc
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

CLOCK = time.process_time
"""CPU time of this process: the figures hold on a shared 2-core machine where other work runs."""

from corpus import _random_meld, winning_hands  # noqa: E402

from taipai.core.errors import HandError  # noqa: E402
from taipai.core.handspec import HandSpec, MeldKind  # noqa: E402
from taipai.core.rules import load_rules  # noqa: E402
from taipai.core.scoring import score_concrete, score_hand  # noqa: E402
from taipai.core.wilds import EIGHT_SET, WildContext, kind_named  # noqa: E402

RULES = load_rules("hk-taiwan")


def _covering(t: int, rng: random.Random) -> str:
    ctx = WildContext()
    pool = [k for k in EIGHT_SET if kind_named(k).mask(ctx) >> t & 1]
    return rng.choice(pool)


def with_wilds(k: int, n: int, seed: int) -> list[HandSpec]:
    rng = random.Random(seed)
    out = []
    for spec in winning_hands(n * 2, seed=seed):
        if len(out) == n:
            break
        conc = list(spec.concealed)
        if len(conc) < k + 1:
            continue
        kinds = []
        for _ in range(k):
            t = conc.pop(rng.randrange(len(conc)))
            kinds.append(_covering(t, rng))
        out.append(replace(spec, concealed=tuple(sorted(conc)), wilds=tuple(sorted(kinds))))
    return out


def eight_scattered(n: int, seed: int) -> list[HandSpec]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        tiles = sorted(rng.sample(range(34), 9))
        win = tiles.pop(rng.randrange(9))
        out.append(HandSpec(concealed=tuple(tiles), winning_tile=win, self_drawn=True, wilds=("皇",) * 8))
    return out


def eight_with_melds(n: int, seed: int) -> list[HandSpec]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        tiles: list[int] = []
        for _ in range(3):
            kind, t = _random_meld(rng)
            tiles += [t, t + 1, t + 2] if kind == MeldKind.CHOW else [t] * 3
        if max(tiles.count(t) for t in tiles) > 4:
            continue
        win = tiles.pop(rng.randrange(9))
        out.append(
            HandSpec(
                concealed=tuple(sorted(tiles)),
                winning_tile=win,
                self_drawn=rng.random() < 0.5,
                wilds=("皇",) * 8,
            )
        )
    return out


def _natural_twin(spec: HandSpec) -> HandSpec | None:
    try:
        s = score_hand(spec, RULES)
    except HandError:
        return None
    conc = list(spec.concealed) + [w.tile for w in s.wilds]
    return replace(spec, concealed=tuple(sorted(conc)), wilds=())


def run(name: str, corpus: list[HandSpec]) -> None:
    twins = [_natural_twin(h) for h in corpus]  # also warms caches
    times = []
    wins = 0
    inexact = 0
    for spec in corpus:
        t0 = CLOCK()
        try:
            s = score_hand(spec, RULES)
            wins += 1
            inexact += not s.exact
        except HandError:
            pass
        times.append(CLOCK() - t0)
    nat_times = []
    for twin in twins:
        if twin is None:
            continue
        t0 = CLOCK()
        with contextlib.suppress(HandError):
            score_concrete(twin, RULES)
        nat_times.append(CLOCK() - t0)
    tracemalloc.start()
    for spec in corpus[:50]:
        with contextlib.suppress(HandError):
            score_hand(spec, RULES)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    times.sort()
    p50 = times[len(times) // 2]
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    line = f"{name:>14}: {len(corpus)} hands ({wins} wins)  p50 {p50 * 1e3:8.2f} ms  p99 {p99 * 1e3:8.2f} ms"
    if nat_times:
        nat_times.sort()
        n50 = nat_times[len(nat_times) // 2]
        n99 = nat_times[min(len(nat_times) - 1, int(len(nat_times) * 0.99))]
        line += f"  | natural twins p50 {n50 * 1e3:.3f} ms p99 {n99 * 1e3:.3f} ms  ratio p50 {p50 / n50:.0f}x"
    line += f"  | peak memory {peak / 1024:,.0f} KiB (50 hands)  mean {statistics.mean(times) * 1e3:.2f} ms"
    line += f"  | exact=False: {inexact}"
    print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--only", default="", help="comma list of corpora: 1,2,4,8s,8m")
    args = parser.parse_args()
    n = args.hands
    corpora = {
        "1": ("1 wildcard", lambda: with_wilds(1, n, 11)),
        "2": ("2 wildcards", lambda: with_wilds(2, n, 12)),
        "4": ("4 wildcards", lambda: with_wilds(4, n, 14)),
        "8s": ("8 scattered", lambda: eight_scattered(max(20, n // 5), 18)),
        "8m": ("8 + 3 melds", lambda: eight_with_melds(max(20, n // 5), 19)),
    }
    chosen = args.only.split(",") if args.only else list(corpora)
    print(f"python {sys.version.split()[0]}")
    for key in chosen:
        name, make = corpora[key]
        run(name, make())


if __name__ == "__main__":
    main()
