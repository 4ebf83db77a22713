"""聽 speed per rule system: :func:`taipai.core.waiting.find_waits` on seeded hands one tile short of a win.

Run: ``python benchmarks/waits_bench.py [--hands 200] [--system hk-old …]``.  For each system of
:data:`taipai.core.registry.SYSTEMS` the corpus is the seeded winning hands of ``corpus.py`` (16 tiles for
hk-taiwan and taiwan, 13 for hk-old; at hk-taiwan a quarter hold one or two 越搭 wildcards) written as
chat messages, with the winning tile (``摸 X`` / ``食 X``) taken off: what a player types after 聽.  Each
hand is answered once before timing (the rule set's caches warm), then once timed.  Prints, per
system: hands, how many were waiting, the CPU time per answer (p50, p99, max), the budget units spent
(p50, max, against :data:`taipai.core.waiting.WAITS_BUDGET`), the answers that ran out of budget, and
the answers per second.  All CPU time of this process; figures only, no pass/fail.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import hand_message, thirteen_tile_hands, winning_hands, with_wildcards

from taipai.core.errors import HandError
from taipai.core.registry import SYSTEMS
from taipai.core.waiting import WAITS_BUDGET, find_waits

KINDS = ("皇", "筒索萬", "番", "東南西北", "中發白")
"""Wildcard kinds of the hk-taiwan share (of the default 八搭 set, seed 000)."""


def waiting_hands(system_id: str, n: int) -> list[str]:
    """``n`` seeded hands of ``system_id`` one tile short: winning messages without their winning tile."""
    if SYSTEMS[system_id].hand_size == 13:
        specs = thirteen_tile_hands(n)
    else:
        specs = winning_hands(n, specials=0.0)
        if SYSTEMS[system_id].wildcards:
            specs = with_wildcards(specs, KINDS, share=0.25)
    out = []
    for spec in specs[:n]:
        text = hand_message(spec)
        out.append(text.rsplit(" ", 2)[0])  # drop 「摸 X」 / 「食 X」
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(system_id: str, n: int) -> None:
    system = SYSTEMS[system_id]
    rules = system.load_rules(None)
    options = system.table.default_options()
    hands = waiting_hands(system_id, n)
    for text in hands:  # warm the rule set's caches
        with contextlib.suppress(HandError):
            find_waits(system, text, rules, options)
    times: list[float] = []
    spent: list[int] = []
    waiting = over = refused = 0
    t_all = time.process_time()
    for text in hands:
        t0 = time.process_time()
        try:
            waits = find_waits(system, text, rules, options)
        except HandError as err:
            times.append(time.process_time() - t0)
            if err.code == "over_budget":
                over += 1
            else:
                refused += 1
            continue
        times.append(time.process_time() - t0)
        spent.append(waits.spent)
        waiting += waits.reason == "waiting"
    total = time.process_time() - t_all
    wilds = sum("[" in h for h in hands)
    print(
        f"{system_id:9}  hands {len(hands)} ({wilds} with wildcards), waiting {waiting}, "
        f"over budget {over}, refused {refused}"
    )
    print(
        f"{'':9}  ms per answer: p50 {pct(times, 0.5) * 1e3:.1f}  p99 {pct(times, 0.99) * 1e3:.1f}  "
        f"max {max(times) * 1e3:.1f};  {len(hands) / total:.0f} answers/s"
    )
    if spent:
        print(
            f"{'':9}  budget units: p50 {pct([float(s) for s in spent], 0.5):.0f}  max {max(spent)} "
            f"of {WAITS_BUDGET}"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--system", action="append", choices=list(SYSTEMS))
    args = ap.parse_args()
    for system_id in args.system or list(SYSTEMS):
        run(system_id, args.hands)


if __name__ == "__main__":
    main()
