"""The wildcard engine's speed and memory, per wildcard system: 港式台牌's 越搭 (seed 000) with 1, 2, 4
and 8 wildcards, 歡樂麻將's 財神 (seed 002) with 1, 2 and 4, and 河源百搭's 保 (seed 001) with 6, 7
and 8.

Run: ``python benchmarks/wild_bench.py [--hands 300] [--system hk-taiwan,qq,heyuan] [--cold [--cold-hands 40]]
[--trace-memory] [--seed N]``.  For each corpus: p50/p99 time per hand and peak traced memory of
:func:`taipai.systems.hk_taiwan.scoring.score_hand`, and
side by side the same hands with every wildcard replaced by the tile the search chose (natural
scoring), so the wildcard overhead is a ratio.  The last column counts results with ``exact=False``
(the search hit its safety budget: the best reading found, not a proven maximum).  Corpora (seeded):

* ``1`` / ``2`` / ``4``: random winning hands with that many concealed tiles replaced by wildcards
  drawn from the 八搭 set (皇 筒索萬 筒 索 萬 番 東南西北 中發白) whose range covers the tile.
* ``8 scattered``: 8 皇 and 9 random natural tiles (mostly not wins: rejection must be fast too).
* ``8 + 3 melds``: 8 皇 and three complete natural melds.
* ``qq 1`` / ``qq 2`` / ``qq 4 財神``: random 14-tile winning hands (4 sets and a pair of the three
  suits and 東, one in ten a 七對) with that many tiles turned into 財神 (六筒, indicator 五筒), scored by
  :func:`taipai.systems.qq.scoring.score_qq` within the default budget; "refused" counts
  ``over_budget`` answers (before the engine, every four-財神 hand was refused).
* ``heyuan 6`` / ``7`` / ``8 保``: random 13 + 1-tile winning hands (four concealed sets of random
  pungs and chows, and the eyes) with that many held tiles turned into 保 (the flowers 春夏秋冬梅蘭菊竹), as
  a 河源百搭 message scored by :func:`taipai.systems.heyuan.reading.score_message` at the default
  settings and budget; the natural twins are the messages with each 保 replaced by the tile it stood
  for (雞平和's scorer alone); "refused" counts ``over_budget`` answers.

Memory: the process's resident set size (``VmRSS``) after start-up and after the bench, and, with
``--trace-memory`` (tracemalloc on from the start: the times are then meaningless), the memory the
search's caches still hold after the bench (traced, after a full collection).

These figures are warm: every hand is scored once untimed first, so the suit tables and summaries
the search caches are built before the timing.  ``--cold`` then also times hands as a player's first
sight of them: each of up to ``--cold-hands`` evenly spaced hands per corpus alone in a fresh
process, after three unrelated warm-up hands (so imports and rule-table set-up are not timed).

Targets (issue 3): 1–2 wildcards p50 <= 2 ms; 4 wildcards p99 <= 20 ms; any 8-wildcard hand
p99 <= 250 ms; memory bounded.  Figures only; no pass/fail.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import pickle
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))  # tests/: the 河源百搭 corpus shapes

CLOCK = time.process_time
"""CPU time of this process: the figures hold on a shared 2-core machine where other work runs."""

from corpus import _random_meld, winning_hands  # noqa: E402

from taipai.core.budget import Budget, budget_scope  # noqa: E402
from taipai.core.errors import HandError  # noqa: E402
from taipai.core.handspec import HandSpec, MeldKind  # noqa: E402
from taipai.core.system import Seat  # noqa: E402
from taipai.core.tiles import name_zh  # noqa: E402
from taipai.core.wilds import EIGHT_SET, WildContext, kind_named  # noqa: E402
from taipai.systems.guangdong import SYSTEM as GUANGDONG  # noqa: E402
from taipai.systems.heyuan.options import HeyuanOptions  # noqa: E402
from taipai.systems.heyuan.reading import score_message as heyuan_score  # noqa: E402
from taipai.systems.hk_taiwan.rules import load_rules  # noqa: E402
from taipai.systems.hk_taiwan.scoring import score_concrete, score_hand  # noqa: E402
from taipai.systems.mcr.hand import Win  # noqa: E402
from taipai.systems.mcr.scoring import score as mcr_score  # noqa: E402
from taipai.systems.qq.caishen import caishen_of  # noqa: E402
from taipai.systems.qq.scoring import score_qq  # noqa: E402
from tests.systems.heyuan.heyuanhands import FLOWERS, four_sets_and_eyes  # noqa: E402

RULES = load_rules("hk-taiwan")

COLD_WORKERS = 2
"""Fresh processes run at once under ``--cold`` (the machine has 2 cores)."""

WARMUP_SEED = 99
"""Seed of the warm-up hands each ``--cold`` process scores first (no corpus uses it)."""

ColdResult = tuple[float, int, int]
"""One ``--cold`` hand: CPU milliseconds, 1 if a win, 1 if ``exact=False``."""


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


SEARCH_FILES = (
    "*/taipai/core/wilds/*",
    "*/taipai/systems/hk_taiwan/scorebound.py",
    "*/taipai/systems/qq/wildsearch.py",
    "*/taipai/systems/heyuan/scoring.py",
)
"""The wildcard search's modules: under ``--trace-memory`` the memory still held that they allocated
(their caches: per-suit tables, summaries, interned tuples) is printed apart, less the shipped
tables' (:data:`TABLE_FILES`, printed on their own: read once, not a cache)."""

TABLE_FILES = (
    "*/taipai/core/wilds/suitshapes.py",
    "*/taipai/systems/hk_taiwan/summary_table.py",
)
"""The modules holding the tables shipped as data (the complete suits, 港式台牌's suit summaries)."""

CAISHEN = caishen_of(9 + 4)
"""The 財神 of the QQ corpora: 六筒 (indicator 五筒)."""


def qq_hands(k: int, n: int, seed: int) -> list[Win]:
    """``n`` QQ wins with ``k`` 財神 (see the module docstring), deterministic for ``seed``."""
    rng = random.Random(seed)
    pool = [t for t in (*range(27), 27) if t != CAISHEN]
    out: list[Win] = []
    while len(out) < n:
        if rng.random() < 0.1:
            tiles = [t for t in rng.sample(pool, 7) for _ in range(2)]
        else:
            tiles = []
            while len(tiles) < 12:
                kind, t = _random_meld(rng)
                tiles += [t, t + 1, t + 2] if kind == MeldKind.CHOW else [t] * 3
            tiles += [rng.choice(pool)] * 2
        if CAISHEN in tiles or max(tiles.count(t) for t in tiles) > 4:
            continue
        rng.shuffle(tiles)
        standing = tuple(sorted([*tiles[k:], *[CAISHEN] * k]))
        winning = rng.choice((tiles[k], CAISHEN))
        out.append(Win(standing=standing, winning_tile=winning, self_drawn=rng.random() < 0.5))
    return out


HEYUAN_RULES = GUANGDONG.load_rules(None)


@dataclass(frozen=True)
class HeyuanHand:
    """One 河源百搭 corpus hand: the message as typed (its flowers are its 保)."""

    text: str


def heyuan_hands(k: int, n: int, seed: int) -> list[HeyuanHand]:
    """``n`` 河源百搭 wins with ``k`` 保 (see the module docstring), deterministic for ``seed``."""
    rng = random.Random(seed)
    out: list[HeyuanHand] = []
    while len(out) < n:
        tiles, win = four_sets_and_eyes(rng)
        kept = " ".join(name_zh(t) for t in sorted(tiles[k:]))
        said = "摸" if rng.random() < 0.5 else "食"
        out.append(HeyuanHand(f"{kept} {FLOWERS[:k]} {said} {name_zh(win)}"))
    return out


def score_any(hand: HandSpec | Win | HeyuanHand) -> object:
    """Score one corpus hand in its system within the default budget (raises HandError)."""
    if isinstance(hand, Win):
        with budget_scope(Budget()):
            return score_qq(hand, CAISHEN)
    if isinstance(hand, HeyuanHand):
        return heyuan_score(hand.text, Seat(), HEYUAN_RULES, HeyuanOptions(), table_seat=False).score
    return score_hand(hand, RULES)


def _heyuan_twin(hand: HeyuanHand) -> HeyuanHand | None:
    """The hand with each 保 replaced by the tile it stood for (None when it is refused)."""
    try:
        score = score_any(hand)
    except HandError:
        return None
    stood = " ".join(name_zh(w.tile) for w in score.wilds)  # type: ignore[attr-defined]
    kept, said = hand.text.split(" " + FLOWERS[: len(score.wilds)] + " ")  # type: ignore[attr-defined]
    return HeyuanHand(f"{kept} {stood} {said}")


def run_heyuan(name: str, corpus: list[HeyuanHand]) -> None:
    """One 河源百搭 corpus's warm line: the 保 search against the natural twins."""
    twins = [_heyuan_twin(h) for h in corpus]  # also warms caches
    times, wins, refused = _timed(corpus)
    nat_times, _, _ = _timed([t for t in twins if t is not None])
    _print_warm_line(name, times, wins, refused, nat_times)


def _print_warm_line(name: str, times: list[float], wins: int, refused: int, nat_times: list[float]) -> None:
    """Print one corpus's warm line: p50/p99 of the sorted ``times`` (one a hand), against the sorted
    ``nat_times`` of the natural twins when there are any, the mean and the ``over_budget`` refusals."""
    p50, p99 = _percentiles(times)
    line = f"{name:>14}: {len(times)} hands ({wins} wins)  p50 {p50 * 1e3:8.2f} ms  p99 {p99 * 1e3:8.2f} ms"
    if nat_times:
        n50, n99 = _percentiles(nat_times)
        line += f"  | natural twins p50 {n50 * 1e3:.3f} ms p99 {n99 * 1e3:.3f} ms  ratio p50 {p50 / n50:.0f}x"
    line += f"  | mean {statistics.mean(times) * 1e3:.2f} ms  | refused over budget: {refused}"
    print(line, flush=True)


def _timed(corpus: list) -> tuple[list[float], int, int]:
    """CPU seconds of :func:`score_any` per hand, sorted; wins; ``over_budget`` refusals."""
    times = []
    wins = refused = 0
    for hand in corpus:
        t0 = CLOCK()
        try:
            score_any(hand)
            wins += 1
        except HandError as e:
            refused += e.code == "over_budget"
        times.append(CLOCK() - t0)
    return sorted(times), wins, refused


def _percentiles(times: list[float]) -> tuple[float, float]:
    """(p50, p99) of sorted ``times``."""
    return times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.99))]


def _qq_twin(win: Win) -> Win | None:
    try:
        result = score_any(win)
    except HandError:
        return None
    naturals = [t for t in win.standing if t != CAISHEN]
    return Win(
        standing=tuple(sorted(naturals + list(result.used_as))),  # type: ignore[attr-defined]
        winning_tile=result.winning_tile,  # type: ignore[attr-defined]
        self_drawn=win.self_drawn,
    )


def run_qq(name: str, corpus: list[Win]) -> None:
    """One QQ corpus's warm line: the 財神 search against the natural twins (MCR scorer alone)."""
    twins = [_qq_twin(h) for h in corpus]  # also warms caches
    times, wins, refused = _timed(corpus)
    nat_times = []
    for twin in twins:
        if twin is None:
            continue
        t0 = CLOCK()
        with contextlib.suppress(HandError):
            mcr_score(twin, minimum=0)
        nat_times.append(CLOCK() - t0)
    _print_warm_line(name, times, wins, refused, sorted(nat_times))


def rss_mb() -> float:
    """This process's resident set size in MB (``VmRSS``; 0 where /proc is missing)."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


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
    tracing = tracemalloc.is_tracing()  # --trace-memory: keep tracing the whole bench
    if not tracing:
        tracemalloc.start()
    before, _ = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    for spec in corpus[:50]:
        with contextlib.suppress(HandError):
            score_hand(spec, RULES)
    _, peak = tracemalloc.get_traced_memory()
    peak -= before
    if not tracing:
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


def _sample(n: int, k: int) -> list[int]:
    """``min(n, k)`` evenly spaced indices of ``range(n)``, deterministic."""
    k = min(n, k)
    return [i * n // k for i in range(k)]


def _warmup_hands(like: object = None) -> list[HandSpec | Win | HeyuanHand]:
    """Three hands with 1, 2 and 4 wildcards from :data:`WARMUP_SEED`, of the system of the corpus
    hand ``like`` (QQ, 河源百搭, else 港式台牌); the last goes through the bounded search, so its rule
    tables are built too."""
    if isinstance(like, Win):
        return [qq_hands(k, 1, WARMUP_SEED)[0] for k in (1, 2, 4)]
    if isinstance(like, HeyuanHand):
        return [heyuan_hands(k, 1, WARMUP_SEED)[0] for k in (1, 2, 4)]
    return [with_wilds(k, 1, WARMUP_SEED)[0] for k in (1, 2, 4)]


def one() -> None:
    """Hidden ``--one`` mode, run by ``--cold`` in a fresh process: read ``(warm-up hands, hand)``
    pickled on stdin, score the warm-up hands untimed, then score the hand once and print its CPU
    milliseconds, 1 if it is a win (else 0) and 1 if its result has ``exact=False`` (else 0).

    The parent sends the hand rather than a corpus index: rebuilding the corpus here would check
    each hand with :func:`taipai.core.hand.readings` first, filling the natural scorer's per-suit
    caches with the timed hand's own tiles (a small effect, but not a cold start)."""
    warmups, spec = pickle.load(sys.stdin.buffer)
    for w in warmups:
        with contextlib.suppress(HandError):
            score_any(w)
    won = inexact = 0
    t0 = CLOCK()
    try:
        s = score_any(spec)
        won, inexact = 1, int(not getattr(s, "exact", True))
    except HandError:
        pass
    print(f"{(CLOCK() - t0) * 1e3:.4f} {won} {inexact}", flush=True)


def _cold_one(payload: bytes) -> ColdResult:
    """Run :func:`one` in a fresh interpreter on ``payload``; (ms, win, inexact)."""
    proc = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--one"], input=payload, capture_output=True
    )
    if proc.returncode:
        raise RuntimeError(f"--one failed ({proc.returncode}): {proc.stderr.decode(errors='replace')}")
    ms, won, inexact = proc.stdout.split()
    return float(ms), int(won), int(inexact)


def submit_cold(pool: ThreadPoolExecutor, corpus: list, hands: int) -> list[Future[ColdResult]]:
    """Queue ``hands`` evenly spaced hands of ``corpus``, each for its own fresh process."""
    warmups = _warmup_hands(corpus[0])
    return [pool.submit(_cold_one, pickle.dumps((warmups, corpus[i]))) for i in _sample(len(corpus), hands)]


def report_cold(name: str, corpus: list, futures: list[Future[ColdResult]]) -> None:
    """Print one corpus's cold line from its finished :func:`submit_cold` futures."""
    results = [f.result() for f in futures]
    times = sorted(ms for ms, _, _ in results)
    wins = sum(won for _, won, _ in results)
    inexact = sum(x for _, _, x in results)
    p50 = times[len(times) // 2]
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    line = f"{name:>14}: COLD {len(times)} of {len(corpus)} hands ({wins} wins)"
    line += f"  p50 {p50:8.2f} ms  p99 {p99:8.2f} ms"
    if len(times) < 100:
        line += f"  max {times[-1]:8.2f} ms"
    line += f"  | mean {statistics.mean(times):.2f} ms  | exact=False: {inexact}"
    print(line, flush=True)


def run_cold(corpora: list[tuple[str, list]], hands: int) -> None:
    """Cold figures: each sampled hand scored alone in a fresh process (after the warm-up hands),
    :data:`COLD_WORKERS` processes at a time; one line per corpus, in order."""
    print(
        f"cold: each hand alone in a fresh process after {len(_warmup_hands())} warm-up hands "
        f"(seed {WARMUP_SEED}), CPU time of that hand only; {COLD_WORKERS} processes at a time",
        flush=True,
    )
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=COLD_WORKERS) as pool:
        queued = [(name, corpus, submit_cold(pool, corpus, hands)) for name, corpus in corpora]
        for name, corpus, futures in queued:
            report_cold(name, corpus, futures)
    n = sum(len(futures) for _, _, futures in queued)
    print(f"cold: {n} processes in {time.perf_counter() - start:.0f} s wall", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--only", default="", help="comma list of corpora: 1,2,4,8s,8m,q1,q2,q4,h6,h7,h8")
    parser.add_argument(
        "--system", default="hk-taiwan,qq,heyuan", help="comma list of systems: hk-taiwan,qq,heyuan"
    )
    parser.add_argument(
        "--trace-memory",
        action="store_true",
        help="trace memory from the start (times then meaningless)",
    )
    parser.add_argument(
        "--cold", action="store_true", help="then also time sampled hands, each in a fresh process"
    )
    parser.add_argument("--cold-hands", type=int, default=40, help="most hands per corpus under --cold")
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        help="added to every corpus's seed (another sample of the same hands' kinds)",
    )
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        one()
        return
    if args.trace_memory:
        tracemalloc.start()
    start_rss = rss_mb()
    n = args.hands
    seed = args.seed
    corpora = {
        "1": ("1 wildcard", lambda: with_wilds(1, n, 11 + seed)),
        "2": ("2 wildcards", lambda: with_wilds(2, n, 12 + seed)),
        "4": ("4 wildcards", lambda: with_wilds(4, n, 14 + seed)),
        "8s": ("8 scattered", lambda: eight_scattered(max(20, n // 5), 18 + seed)),
        "8m": ("8 + 3 melds", lambda: eight_with_melds(max(20, n // 5), 19 + seed)),
        "q1": ("qq 1 財神", lambda: qq_hands(1, n, 21 + seed)),
        "q2": ("qq 2 財神", lambda: qq_hands(2, n, 22 + seed)),
        "q4": ("qq 4 財神", lambda: qq_hands(4, max(20, n // 5), 24 + seed)),
        "h6": ("heyuan 6 保", lambda: heyuan_hands(6, max(20, n // 5), 26 + seed)),
        "h7": ("heyuan 7 保", lambda: heyuan_hands(7, max(20, n // 5), 27 + seed)),
        "h8": ("heyuan 8 保", lambda: heyuan_hands(8, max(20, n // 5), 28 + seed)),
    }
    system_of = {"q": "qq", "h": "heyuan"}
    systems = args.system.split(",")
    chosen = (
        args.only.split(",")
        if args.only
        else [key for key in corpora if system_of.get(key[0], "hk-taiwan") in systems]
    )
    unknown = [key for key in chosen if key not in corpora]
    if unknown:
        parser.error(f"unknown corpus {', '.join(unknown)}; choose from {','.join(corpora)}")
    print(f"python {sys.version.split()[0]}")
    built = []
    for key in chosen:
        name, make = corpora[key]
        corpus = make()
        if key.startswith("q"):
            run_qq(name, corpus)
        elif key.startswith("h"):
            run_heyuan(name, corpus)
        else:
            run(name, corpus)
        built.append((name, corpus))
    gc.collect()
    line = f"memory: RSS {start_rss:.0f} MB after start-up, {rss_mb():.0f} MB after the bench"
    if args.trace_memory:
        held, peak = tracemalloc.get_traced_memory()
        snapshot = tracemalloc.take_snapshot()
        search = snapshot.filter_traces(
            [tracemalloc.Filter(True, pattern) for pattern in SEARCH_FILES]
            + [tracemalloc.Filter(False, pattern) for pattern in TABLE_FILES]
        )
        tables = snapshot.filter_traces([tracemalloc.Filter(True, pattern) for pattern in TABLE_FILES])
        in_search = sum(stat.size for stat in search.statistics("filename"))
        in_tables = sum(stat.size for stat in tables.statistics("filename"))
        line += f"; traced: {held / 2**20:.1f} MB still held (corpora, scorers' and search's caches),"
        line += (
            f" {in_search / 2**20:.1f} MB of it allocated by the wildcard search's caches,"
            f" {in_tables / 2**20:.1f} MB by the shipped tables, peak {peak / 2**20:.1f} MB"
        )
    print(line, flush=True)
    if args.cold:
        run_cold(built, args.cold_hands)


if __name__ == "__main__":
    main()
