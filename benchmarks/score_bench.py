"""Scoring speed and memory on fixed seeded corpora, per rule system; decomposition vs the `mahjong` package.

Run: ``python benchmarks/score_bench.py [--hands 2000] [--passes 5] [--system hk-old …]``.  With
``--rules mcr`` it prints only 國標's lines: taipai beside pymahjonggb on the same hands, the ratio,
and taipai's parse and scorer alone (:func:`bench_mcr`).  Prints,
all CPU time of this process:

1. *full scoring* of hk-taiwan HandSpecs (HandSpec -> Score: readings, waits, every detector), no parsing;
2. per rule system of :data:`taipai.core.registry.SYSTEMS`: a seeded corpus of valid winning hand
   *messages* in that system's notation (16 tiles for hk-taiwan and taiwan, 13 for hk-old; a share with
   越搭 wildcards where the system plays them), each scored through ``system.score(text, Seat(…), rules,
   system.table.default_options())``, the path a chat message takes (parse + score).  Every candidate is
   scored once before timing; refused ones are left out of the timed corpus and counted by code
   (``below_minimum`` apart: a valid hand under the table's minimum to win);
3. on the same 14-tile hands (13 held + the winning tile, with their declared melds), our readings
   (:func:`taipai.core.hand.readings` with ``hand_size=13``) and our bare decomposer
   (:func:`taipai.core.hand.standard_splits`) against ``mahjong``'s ``HandDivider`` (the ``bench``
   extra), and whether both find the same number of decompositions.

Throughput is best, median and worst of the passes (other work on a shared machine only ever slows a
pass down); p50/p99 come from one more pass timing each hand; peak memory is traced (tracemalloc)
over one more pass.  Figures only; no pass/fail.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import (
    crowded_thirteen,
    fourteen_tile_hands,
    hand_message,
    thirteen_tile_hands,
    winning_hands,
    with_wildcards,
)

from taipai.core import hand as hand_module
from taipai.core.errors import HandError
from taipai.core.handspec import HandSpec, KongKind, Meld, MeldKind
from taipai.core.registry import SYSTEMS
from taipai.core.system import RuleSystem, Seat
from taipai.systems.hk_taiwan.rules import load_rules
from taipai.systems.hk_taiwan.scoring import score_hand

CLOCK = time.process_time
"""CPU time of this process: the figures hold on a shared 2-core machine where other work runs."""

WARM = 200
"""Hands scored before any timing, to warm caches the way a running bot has them."""

SPECIAL_SHARE = {"hk-taiwan": 0.06}
"""Share of special shapes (嚦咕嚦咕, 十六不搭, 十三幺) in a 16-tile system's corpus; 0 for the others
(Taiwan's 嚦咕嚦咕 is 「選用」 in seed 003, off in its preset)."""

ORPHANS_SHARE = {"hk-old": 0.02}
"""Share of 十三幺 in a 13-tile system's corpus (seed 003 lists 十三么 among hk-old's 例牌)."""

MAX_CANDIDATES = 16
"""A system's corpus stops growing at this many candidates per wanted hand (a high minimum to win
refuses most hands)."""


@dataclass(frozen=True)
class Timing:
    """One corpus timed: throughput per pass (hands/s, sorted), per-hand CPU seconds, peak traced bytes."""

    rates: list[float]
    times: list[float]
    peak: int

    def line(self, passes: int) -> str:
        """``N hands/s best of P passes (median, worst), p50, p99, peak``."""
        p50, p99 = percentiles(self.times)
        r = self.rates
        return (
            f"{r[-1]:,.0f} hands/s best of {passes} passes "
            f"(median {r[len(r) // 2]:,.0f}, worst {r[0]:,.0f}), "
            f"p50 {p50 * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms, peak traced memory {self.peak / 1024:,.0f} KiB"
        )


def percentiles(samples: Sequence[float]) -> tuple[float, float]:
    """(p50, p99) of ``samples`` (nearest rank)."""
    s = sorted(samples)
    return s[len(s) // 2], s[min(len(s) - 1, int(len(s) * 0.99))]


def time_corpus(one: Callable[[int], object], n: int, passes: int) -> Timing:
    """``one(i)`` for ``i`` in ``range(n)``: ``passes`` throughput passes (no per-hand timer in them), one
    pass timing each call, one pass under tracemalloc."""
    for i in range(min(WARM, n)):
        one(i)
    gc.collect()
    rates = []
    for _ in range(passes):
        start = CLOCK()
        for i in range(n):
            one(i)
        rates.append(n / (CLOCK() - start))
    rates.sort()
    times = []
    for i in range(n):
        t0 = CLOCK()
        one(i)
        times.append(CLOCK() - t0)
    tracemalloc.start()
    for i in range(n):
        one(i)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return Timing(rates, times, peak)


def bench_scoring(n: int, passes: int) -> None:
    """hk-taiwan HandSpec -> Score on :func:`corpus.winning_hands` (no parsing)."""
    rules = load_rules("hk-taiwan")
    corpus = winning_hands(n)
    specials = sum(1 for h in corpus if not h.melds and len(set(h.concealed)) > 11)
    timing = time_corpus(lambda i: score_hand(corpus[i], rules), n, passes)
    print(
        f"full scoring (hk-taiwan HandSpec -> Score): {n} hands ({specials} special-shape-like), "
        f"{timing.line(passes)}"
    )


# ---------------------------------------------------------------------------------- per system


def meld_tiles(m: Meld) -> list[int]:
    """The tile kinds of a declared meld (a kong: four)."""
    if m.kind == MeldKind.CHOW:
        return [m.tile, m.tile + 1, m.tile + 2]
    return [m.tile] * (4 if m.kind == MeldKind.KONG else 3)


def seat_of(spec: HandSpec) -> Seat:
    """The table's facts about the winner, from the corpus hand's situation."""
    s = spec.situation
    return Seat(dealer=s.dealer, streak=s.streak, seat_wind=s.seat_wind, round_wind=s.round_wind)


def candidates(system: RuleSystem, rules: Any, m: int, seed: int, wild_share: float) -> list[HandSpec]:
    """The first ``m`` candidate hands of ``system``'s corpus (a longer list starts with the shorter)."""
    if system.hand_size == 13:
        specs = thirteen_tile_hands(m, seed=seed, orphans=ORPHANS_SHARE.get(system.id, 0.0))
    else:
        specs = winning_hands(m, seed=seed, specials=SPECIAL_SHARE.get(system.id, 0.0))
    if system.wildcards and wild_share > 0:
        specs = with_wildcards(specs, tuple(rules.wilds.table_kinds), wild_share, seed=seed + 1)
    return specs


@dataclass
class Corpus:
    """A system's timed corpus and what was left out of it."""

    texts: list[str]
    seats: list[Seat]
    wild: list[bool]
    tried: int
    below_minimum: int
    refused: Counter[str]
    examples: dict[str, tuple[str, str]]


def build_corpus(
    system: RuleSystem, rules: Any, options: Any, n: int, seed: int, wild_share: float
) -> Corpus:
    """Up to ``n`` messages ``system`` accepts: candidates are scored once each, in order, until ``n``
    pass or :data:`MAX_CANDIDATES` × ``n`` were tried."""
    out = Corpus([], [], [], 0, 0, Counter(), {})
    m = n
    while True:
        specs = candidates(system, rules, m, seed, wild_share)
        for spec in specs[out.tried :]:
            if len(out.texts) == n:
                break
            out.tried += 1
            text = hand_message(spec, ready_word=system.id == "hk-taiwan")
            seat = seat_of(spec)
            try:
                system.score(text, seat, rules, options)
            except HandError as e:
                if e.code == "below_minimum":
                    out.below_minimum += 1
                else:
                    out.refused[e.code] += 1
                    out.examples.setdefault(e.code, (text, e.message))
                continue
            out.texts.append(text)
            out.seats.append(seat)
            out.wild.append(bool(spec.wilds or spec.winning_wild))
        if len(out.texts) == n or m >= MAX_CANDIDATES * n or len(specs) < m:
            return out
        m *= 2


def bench_system(system: RuleSystem, n: int, passes: int, seed: int, wild_share: float) -> None:
    """Parse + score of a system's hand messages through :meth:`RuleSystem.score`."""
    rules = system.load_rules()
    options = system.table.default_options()
    t0 = CLOCK()
    c = build_corpus(system, rules, options, n, seed, wild_share)
    built = CLOCK() - t0
    k = len(c.texts)
    wilds = sum(c.wild)
    print(
        f"{system.id} ({system.names[0]}, {system.unit}, {system.hand_size} tiles): "
        f"corpus {k:,} hand messages ({wilds:,} with wildcards) from {c.tried:,} candidates "
        f"scored once in {built:.1f} s; "
        f"below minimum {c.below_minimum:,}; refused {sum(c.refused.values()):,}"
        + (" (" + ", ".join(f"{code} {x}" for code, x in c.refused.most_common()) + ")" if c.refused else "")
    )
    for code, (text, message) in c.examples.items():
        print(f"  refused {code}: {text!r}: {message}")
    if not k:
        return
    fans = sorted(system.score(c.texts[i], c.seats[i], rules, options).score.fan for i in range(k))

    def one(i: int) -> object:
        return system.score(c.texts[i], c.seats[i], rules, options)

    timing = time_corpus(one, k, passes)
    print(f"  parse + score: {timing.line(passes)}")
    print(f"  value per hand: p50 {fans[k // 2]} {system.unit}, max {fans[-1]} {system.unit}")
    if 0 < wilds < k:
        natural = [t for t, w in zip(timing.times, c.wild, strict=True) if not w]
        wild = [t for t, w in zip(timing.times, c.wild, strict=True) if w]
        (n50, n99), (w50, w99) = percentiles(natural), percentiles(wild)
        print(
            f"  natural hands p50 {n50 * 1e3:.3f} ms, p99 {n99 * 1e3:.3f} ms; "
            f"wildcard hands p50 {w50 * 1e3:.3f} ms, p99 {w99 * 1e3:.3f} ms"
        )


# ------------------------------------------------------------------------------- decomposition


def _clear_decomposition_caches() -> None:
    """Forget the per-suit splits :mod:`taipai.core.hand` caches, for a cold pass."""
    hand_module._suit_cache.clear()
    hand_module._placed_cache.clear()


def _decompositions(spec: HandSpec) -> set[tuple[tuple[int, int], ...]]:
    """Our distinct decompositions of a 13-tile hand (one reading per placement of the winning tile
    collapses to one decomposition)."""
    found = hand_module.readings(spec, hand_size=13)
    return {tuple(sorted((g.kind, g.tile) for g in r.groups)) for r in found}


def bench_decomposition(n: int) -> None:
    """Ours against ``HandDivider`` on the same 14-tile hands, with and without declared melds."""
    try:
        from mahjong.hand_calculating.divider import HandDivider
        from mahjong.meld import Meld as MjMeld
    except ImportError:
        HandDivider = MjMeld = None
        print("mahjong not installed: pip install -e '.[bench]' for the comparison")

    specs = thirteen_tile_hands(n - n // 4) + crowded_thirteen(n // 4)
    declared = sum(1 for s in specs if s.melds)
    splits_input = [hand_module.hand_counts(s) for s in specs]

    def ours_readings() -> float:
        t0 = CLOCK()
        for spec in specs:
            hand_module.readings(spec, hand_size=13)
        return CLOCK() - t0

    def ours_splits() -> float:
        t0 = CLOCK()
        for counts in splits_input:
            hand_module.standard_splits(counts)
        return CLOCK() - t0

    _clear_decomposition_caches()
    cold_r = ours_readings()
    warm_r = min(ours_readings() for _ in range(3))
    _clear_decomposition_caches()
    cold_s = ours_splits()
    warm_s = min(ours_splits() for _ in range(3))
    print(
        f"decomposition of {n:,} 14-tile hands (13 held + the winning tile; {declared:,} with declared "
        f"melds, kongs among them; {n // 4:,} crowded into four ranks of a suit): "
        f"taipai readings(hand_size=13) cold {n / cold_r:,.0f}/s, "
        f"warm {n / warm_r:,.0f}/s; taipai standard_splits (concealed tiles only) cold {n / cold_s:,.0f}/s, "
        f"warm {n / warm_s:,.0f}/s"
    )
    if HandDivider is None:
        return

    mj_type = {MeldKind.CHOW: MjMeld.CHI, MeldKind.PUNG: MjMeld.PON, MeldKind.KONG: MjMeld.KAN}

    def mj_meld(m: Meld) -> Any:
        seen: Counter[int] = Counter()
        tiles = []
        for k in meld_tiles(m):
            tiles.append(k * 4 + seen[k])
            seen[k] += 1
        return MjMeld(meld_type=mj_type[m.kind], tiles=tiles, opened=m.kong is not KongKind.CONCEALED)

    theirs_input = []
    for spec in specs:
        counts = hand_module.hand_counts(spec)
        for m in spec.melds:
            for k in meld_tiles(m):
                counts[k] += 1
        theirs_input.append((counts, [mj_meld(m) for m in spec.melds] or None))

    def theirs() -> float:
        t0 = CLOCK()
        for counts, melds in theirs_input:
            HandDivider.divide_hand(counts, melds)
        return CLOCK() - t0

    HandDivider._divide_hand_impl.cache_clear()
    cold_t = theirs()
    warm_t = min(theirs() for _ in range(3))
    differ = []
    several = 0
    for spec, (counts, melds) in zip(specs, theirs_input, strict=True):
        ours = len(_decompositions(spec))
        several += ours > 1
        # 七對 is not a 13-tile shape of ours; HandDivider offers it for a meld-less hand of seven pairs.
        found = [d for d in HandDivider.divide_hand(counts, melds) if not all(len(b) == 2 for b in d)]
        if ours != len(found):
            differ.append((spec, ours, len(found)))
    print(
        f"  mahjong HandDivider (with the declared melds) cold {n / cold_t:,.0f}/s, "
        f"warm {n / warm_t:,.0f}/s; "
        f"readings / HandDivider: cold {cold_t / cold_r:.1f}x, warm {warm_t / warm_r:.1f}x as fast; "
        f"standard_splits: cold {cold_t / cold_s:.1f}x, warm {warm_t / warm_s:.1f}x"
    )
    print(
        f"  number of decompositions differs on {len(differ)} of {n:,} hands "
        f"({several:,} of them have more than one)"
    )
    if differ:
        spec, ours, theirs_n = differ[0]
        print(f"  e.g. {hand_message(spec)!r}: taipai {ours}, HandDivider {theirs_n}")


def bench_splits_16(n: int) -> None:
    """The bare decomposer on 14-tile concealed hands (4 melds + eyes), ours against ``HandDivider``,
    as earlier runs measured it (kept for comparison with the figures in the README)."""
    try:
        from mahjong.hand_calculating.divider import HandDivider
    except ImportError:
        return
    hands = fourteen_tile_hands(n)

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

    _clear_decomposition_caches()
    cold_ours = ours()
    warm_ours = min(ours() for _ in range(3))
    HandDivider._divide_hand_impl.cache_clear()
    cold_theirs = theirs()
    warm_theirs = min(theirs() for _ in range(3))
    mismatches = sum(
        1
        for c in hands
        if len({tuple(sorted(m)) for _, m in hand_module.standard_splits(c)})
        != len([d for d in HandDivider.divide_hand(c) if not all(len(b) == 2 for b in d)])
    )
    print(
        f"standard_splits of {n:,} concealed 14-tile hands: taipai cold {n / cold_ours:,.0f}/s, warm "
        f"{n / warm_ours:,.0f}/s; HandDivider cold {n / cold_theirs:,.0f}/s, warm {n / warm_theirs:,.0f}/s; "
        f"ratio cold {cold_theirs / cold_ours:.1f}x, warm {warm_theirs / warm_ours:.1f}x; "
        f"decomposition counts differ on {mismatches} hands"
    )


def bench_mcr(n: int, seed: int, passes: int) -> None:
    """國標 MCR: ``n`` seeded valid hands of ``tests/systems/mcr/oracle.py`` (every shape, melds, kongs,
    flags, winds, flowers), in the same run: pymahjonggb's hands/s from its structured input; taipai's
    scorer from a parsed HandSpec to the reply's Score (8番起和, waits, names: like for like) and the
    ratio; ``SYSTEM.score`` from the chat message (parse + score) and the ratio; the parse alone; the
    bare scorer on a prepared Win.  Best and median of ``passes`` passes each, CPU time (one warm-up
    pass first).  Issue 16's target: taipai at least a tenth of pymahjonggb."""
    from mcr_oracle import hands, oracle_rates, pass_rates, taipai_parts, taipai_rate, taipai_scorer

    corpus = list(hands(n, seed))
    how, score = taipai_scorer()
    if score is None:
        print("  taipai: no MCR scorer yet")
        return
    from oracle import hand_message

    _, refused = taipai_rate(corpus, score)  # the warm-up pass, and the refusals by code
    system = SYSTEMS["mcr"]
    rules = system.load_rules()
    options = system.table.default_options()
    messages = [
        (hand_message(h), Seat(seat_wind=27 + h.seat_wind, round_wind=27 + h.round_wind)) for h in corpus
    ]

    def ours(i: int) -> object:
        text, seat = messages[i]
        return system.score(text, seat, rules, options)

    parts = taipai_parts(corpus)
    for one in parts.values():
        pass_rates(len(corpus), one, 1)  # warm-up
    theirs = oracle_rates(corpus, passes)
    mine = pass_rates(len(corpus), ours, passes)
    rates = {name: pass_rates(len(corpus), one, passes) for name, one in parts.items()}

    def fig(r: list[float]) -> str:
        return f"{r[-1]:,.0f} hands/s ({1e6 / r[-1]:.1f} µs a hand; median {r[len(r) // 2]:,.0f})"

    def share(r: list[float]) -> str:
        best = r[-1] / theirs[-1]
        median = r[len(r) // 2] / theirs[len(theirs) // 2]
        return f"{best:.1%} of pymahjonggb's (median {median:.1%}; target 10%)"

    print(f"mcr, {len(corpus)} hands (seed {seed}), best of {passes} passes: pymahjonggb {fig(theirs)}")
    print(f"  taipai scorer, HandSpec -> Score (like for like): {fig(rates['spec'])}: {share(rates['spec'])}")
    print(f"  taipai {how}, from the message: {fig(mine)}: {share(mine)}; refused {dict(refused)}")
    print(f"  the message parse alone (read_spec): {fig(rates['parse'])}")
    print(f"  the bare scorer on a prepared Win (scoring.score + the waits shown): {fig(rates['score'])}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=2000, help="hands per corpus (default 2000)")
    parser.add_argument(
        "--passes", type=int, default=5, help="timed throughput passes over each corpus (best, median, worst)"
    )
    parser.add_argument(
        "--system",
        action="append",
        choices=list(SYSTEMS),
        help="only this rule system (repeatable); default every system in the registry",
    )
    parser.add_argument("--seed", type=int, default=20261201, help="seed of the per-system corpora")
    parser.add_argument(
        "--wild-share",
        type=float,
        default=0.2,
        help="share of hands with 1-2 wildcards (systems that play them)",
    )
    parser.add_argument("--decomp-hands", type=int, help="hands of the decomposition (default --hands)")
    parser.add_argument("--skip-scoring", action="store_true", help="leave out the HandSpec -> Score line")
    parser.add_argument(
        "--rules",
        choices=["mcr"],
        help="mcr: only taipai's 國標 scorer beside pymahjonggb on the same seeded hands (the dev extra)",
    )
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}; systems in the registry: {', '.join(SYSTEMS)}")
    if args.rules == "mcr":
        bench_mcr(args.hands, args.seed, args.passes)
        return
    if not args.skip_scoring:
        bench_scoring(args.hands, args.passes)
    for system_id in args.system or list(SYSTEMS):
        bench_system(SYSTEMS[system_id], args.hands, args.passes, args.seed, args.wild_share)
    decomp = args.decomp_hands or args.hands
    bench_decomposition(decomp)
    bench_splits_16(decomp)


if __name__ == "__main__":
    main()
