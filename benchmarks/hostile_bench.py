"""Hostile hands: the worst CPU time and peak memory of one hand message, each in a fresh process.

Run: ``python benchmarks/hostile_bench.py [--hands 120] [--seed 13] [--workers 2] [--lag]``.  Issue
13, Build item 4: 「Whatever the message, one hand ≤ 1 s CPU and ≤ 100 MB in a fresh process」.

A seeded generator writes hand messages the way a hostile player would type them to the bot:

* ``kongs``: up to four declared kongs (明槓 / 暗槓 / 加槓) and the rest wildcards, mostly not a win
  (issue 13's hand, 「明槓 六索 槓 八索 槓 五索 [東南西北] [皇] … 摸 [筒]」, is the first of them);
* ``near``: a winning hand with five to eight of its tiles replaced by wildcards of many different
  kinds (every range a separate group, so no shortcut of equal ranges applies);
* ``scatter``: eight wildcards of mixed kinds among random natural tiles (rarely a win);
* ``shaped``: five to seven wildcards of one position or count kind (現 with no 現: list, 限五
  確雙 確單 七起 卡番 伍偏 斷缺 牛 熊 馬 聚 獨 …, whichever the table plays) with three chows and
  a winning wildcard, mostly not a win (QA's 「[現]×7 一二三萬 四五六萬 七八九萬 摸 [皇]」 and its
  限五 / 確雙 twins are the first of them at the all-kinds table);
* ``long``: any of the above with flowers, every context word and the tiles written out one by
  one, repeated spaces and brackets, up to the parser's length.

Every wildcard kind the table plays is drawn (the default table: seed 000 「八搭」 皇 筒索萬 筒 索 萬
番 東南西北 中發白), also as the winning tile.  Each hand is parsed and scored (``score_hand`` with
the default :class:`taipai.core.budget.Budget`) alone in a fresh interpreter, after three
unrelated warm-up hands (imports and rule tables are not timed, nothing the search builds for the
hand is cached).  Printed per kind: the answers (win / not a win / over budget …), the CPU time
of the hand (``time.process_time``), the budget units it spent, and the process's peak resident
memory (``resource.getrusage(...).ru_maxrss``, the whole interpreter) and the hand's own peak
traced allocation (``tracemalloc``, in a second run of the same hand in the same fresh process,
so tracing does not inflate the CPU figure).  Figures only; no pass/fail.

``--lag`` then measures the bot's side (issue 13, Build item 3): eight of the costliest kinds of
hostile hand (the issue's and seven more with kongs) sent at once from eight chats to the bot's
scoring pool (:data:`taipai.bot.service.hands.SCORING`: its own threads, each hand within its
budget), and an ordinary hand from a ninth chat just after them, while a 5 ms ticker on the event
loop records how late it wakes (the event-loop lag).  Printed: lag p50 / p99 / max, the ordinary
hand's wait, the wall time until the eight are answered.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import subprocess
import sys
import time
import tracemalloc
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import winning_hands

from taipai.core.budget import Budget
from taipai.core.errors import HandError
from taipai.core.handspec import HandSpec, KongKind, MeldKind
from taipai.core.notation import parse_hand
from taipai.core.tiles import NUM_KINDS, code
from taipai.core.wilds import KIND_NAMES, WildContext, kind_named
from taipai.systems.hk_taiwan.rules import apply_overrides, load_rules
from taipai.systems.hk_taiwan.scoring import score_hand

ALL_KINDS = "--all-kinds" in sys.argv
"""``--all-kinds``: a table that plays every one of seed 000's 34 kinds (position and count kinds,
卡番 伍偏 斷缺 確單 …, and 複製 創造), not only the default 八搭; read before the rules are built, so
the fresh ``--one`` processes (which get the flag too) score under the same table."""

RULES = load_rules("hk-taiwan")
if ALL_KINDS:
    RULES = apply_overrides(RULES, {"wilds": {"table_kinds": list(KIND_NAMES)}})
KINDS = RULES.wilds.table_kinds
"""The wildcard kinds the table plays (default: seed 000 八搭)."""

ISSUE_HAND = "明槓 六索 槓 八索 槓 五索 [東南西北] [皇] [索] [筒索萬] [中發白] [東南西北] [萬] 摸 [筒]"
"""Issue 13 item 4's hand: three kongs, seven wildcards and a winning one, not a win."""

WARMUPS = (
    "一二三萬 四五六萬 七八九筒 二三四索 中中 [皇] 東 摸 東",
    "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東",
    "一二三萬 四五六萬 七八九筒 二三四索 [萬] [萬] [皇] 東 摸 東",
)
"""Scored untimed first in each fresh process (imports and rule tables are not timed)."""

LONG_CHARS = 4000
"""About the longest message a chat delivers (Telegram: 4,096 characters)."""

CONTEXT = "連2 東圈 南位 叮 一發 海底 槓上 花上 絕張 十隻內"
FLOWERS = "春 夏 秋 冬 梅 蘭 菊 竹"


def _tile(t: int) -> str:
    return code(t)


def _wild_for(t: int, rng: random.Random) -> str:
    """A kind of the table whose range holds tile ``t`` (皇 when none other does)."""
    ctx = WildContext()
    pool = [k for k in KINDS if kind_named(k).mask(ctx) >> t & 1]
    return rng.choice(pool or ["皇"])


def _kongs_hand(rng: random.Random) -> str:
    n_kongs = rng.choice([2, 3, 3, 4])
    kongs = rng.sample(range(NUM_KINDS), n_kongs)
    words = []
    for t in kongs:
        words.append(f"{rng.choice(['明槓', '暗槓', '加槓', '槓'])} {_tile(t) * 1}")
    left = 17 - 3 * n_kongs  # tiles still to make, winning tile included
    n_wild = min(8, left)
    naturals = [t for t in rng.sample(range(NUM_KINDS), left - n_wild) if t not in kongs]
    while len(naturals) < left - n_wild:
        naturals.append(rng.choice([t for t in range(NUM_KINDS) if t not in kongs]))
    words += [_tile(t) for t in naturals]
    kinds = [rng.choice(KINDS) for _ in range(n_wild)]
    words += [f"[{k}]" for k in kinds[:-1]]
    words.append(f"摸 [{kinds[-1]}]")
    return " ".join(words)


def _near_hand(rng: random.Random, spec: HandSpec) -> str | None:
    conc = list(spec.concealed)
    k = rng.randint(5, 8)
    if len(conc) < k:
        return None
    wilds = []
    for _ in range(k):
        t = conc.pop(rng.randrange(len(conc)))
        wilds.append(_wild_for(t, rng))
    words = []
    for m in spec.melds:
        t = m.tile
        if m.kind is MeldKind.CHOW:
            words.append(f"上 {_tile(t)}{_tile(t + 1)}{_tile(t + 2)}")
        elif m.kind is MeldKind.PUNG:
            words.append(f"碰 {_tile(t) * 3}")
        else:
            kw = {KongKind.EXPOSED: "明槓", KongKind.CONCEALED: "暗槓", KongKind.ADDED: "加槓"}[m.kong]
            words.append(f"{kw} {_tile(t) * 4}")
    words += [_tile(t) for t in sorted(conc)]
    words += [f"[{w}]" for w in wilds]
    win = spec.winning_tile
    draw = "摸" if spec.self_drawn else "食"
    words.append(f"{draw} {_tile(win)}" if win is not None else f"摸 [{rng.choice(KINDS)}]")
    return " ".join(words)


SHAPED_KINDS = (
    "現",
    "限五",
    "確雙",
    "確單",
    "七起",
    "卡番",
    "伍偏",
    "斷缺",
    "牛",
    "熊",
    "馬",
    "聚",
    "獨",
    "複製",
    "創造",
)
"""Position, count and context kinds of seed 000 (when the table plays them) for ``shaped`` hands."""

QA_HANDS = tuple(
    f"{f'[{k}] ' * 7}一二三萬 四五六萬 {last} 摸 [皇]"
    for k in ("現", "限五", "確雙")
    for last in ("七八九萬", "七八九筒")
)
"""QA's hands (issue 13 item 4, all-kinds table): seven of one kind, three chows, a winning 皇."""


def _shaped_hand(rng: random.Random) -> str:
    pool = [k for k in SHAPED_KINDS if k in KINDS] or list(KINDS)
    kind = rng.choice(pool)
    n = rng.randint(5, 7)
    chows = [rng.randrange(3) * 9 + rng.randrange(7) for _ in range(3)]
    naturals = [t + i for t in chows for i in range(3)]
    naturals += rng.sample(range(NUM_KINDS), 16 - n - len(naturals))
    wilds = [kind] * n if rng.random() < 0.7 else [rng.choice(pool) for _ in range(n)]
    win = rng.choice(["皇", kind])
    return " ".join([*map(_tile, sorted(naturals)), *(f"[{w}]" for w in wilds), f"摸 [{win}]"])


def _scatter_hand(rng: random.Random) -> str:
    naturals = sorted(rng.sample(range(NUM_KINDS), 8))
    wilds = [rng.choice(KINDS) for _ in range(8)]
    win = rng.randrange(NUM_KINDS)
    return " ".join([*map(_tile, naturals), *(f"[{w}]" for w in wilds), f"摸 {_tile(win)}"])


def _long(text: str, rng: random.Random) -> str:
    """The same hand as a long message: flowers and context words around it, and blank space (ASCII
    and full-width spaces, new lines) between its words up to Telegram's 4,096 characters."""
    words = text.split(" ")
    flowers = " ".join(rng.sample(FLOWERS.split(), rng.randint(1, 8)))
    room = LONG_CHARS - len(CONTEXT) - len(flowers) - len(text)
    gaps = [rng.randint(1, max(1, room // len(words))) for _ in words]  # at most ``room`` in all
    spaced = "".join(
        w + "".join(rng.choice(" \u3000\n") for _ in range(g)) for w, g in zip(words, gaps, strict=True)
    )
    return f"{CONTEXT} {flowers} {spaced}"


def hostile_hands(n: int, seed: int) -> list[tuple[str, str]]:
    """``n`` (kind, message) pairs, seeded; the issue's hand first, then QA's (when the table plays
    現 限五 確雙)."""
    rng = random.Random(seed)
    wins = winning_hands(4 * n, seed=seed)
    out: list[tuple[str, str]] = [("kongs", ISSUE_HAND)]
    if all(k in KINDS for k in ("現", "限五", "確雙")):
        out += [("shaped", h) for h in QA_HANDS]
    w = 0
    while len(out) < n:
        pick = rng.random()
        if pick < 0.3:
            kind, text = "kongs", _kongs_hand(rng)
        elif pick < 0.45:
            kind, text = "shaped", _shaped_hand(rng)
        elif pick < 0.7:
            near = None
            while near is None and w < len(wins):
                near = _near_hand(rng, wins[w])
                w += 1
            if near is None:
                continue
            kind, text = "near", near
        else:
            kind, text = "scatter", _scatter_hand(rng)
        if rng.random() < 0.25:
            kind, text = "long", _long(text, rng)
        out.append((kind, text))
    return out


def _answer(text: str) -> tuple[str, int]:
    """Parse and score ``text`` once; (answer, units spent)."""
    budget = Budget()
    try:
        spec = parse_hand(text, table_kinds=KINDS)
        score = score_hand(spec, RULES, budget=budget)
    except HandError as err:
        return err.code, budget.spent
    return ("win" if score.exact else "inexact"), budget.spent


def one() -> None:
    """Hidden ``--one`` mode (a fresh process): read a message on stdin, score the warm-ups, then
    the message timed, then again traced; print one JSON line of figures."""
    text = sys.stdin.read()
    for w in WARMUPS:
        _answer(w)
    t0 = time.process_time()
    answer, units = _answer(text)
    cpu = time.process_time() - t0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    tracemalloc.start()
    _answer(text)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        json.dumps(
            {"answer": answer, "units": units, "cpu_ms": cpu * 1e3, "rss_mb": rss, "traced_mb": peak / 2**20}
        )
    )


def _fresh(text: str) -> dict[str, object]:
    proc = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--one", *(["--all-kinds"] if ALL_KINDS else [])],
        input=text.encode(),
        capture_output=True,
        timeout=600,
    )
    if proc.returncode:
        raise RuntimeError(f"--one failed on {text!r}: {proc.stderr.decode(errors='replace')}")
    return json.loads(proc.stdout)


ORDINARY = "一二三萬 四五六萬 七八九筒 二三四索 中中 [皇] 東 摸 東"
"""The ordinary hand (one 皇) a ninth chat sends while the eight hostile ones are scored."""

TICK = 0.005
"""Seconds between the event-loop ticker's wake-ups under ``--lag``."""


async def _lag(seed: int, threads: bool = False) -> None:
    from taipai.bot.service.hands import SCORING
    from taipai.core.table import TableOpened
    from taipai.core.table.machine import apply

    state = apply(None, TableOpened(("A", "B", "C", "D"))).state
    SCORING.processes = not threads

    def chat_hand(text: str) -> str:
        try:
            SCORING.score(text, state, "B", RULES)
        except HandError as err:
            return err.code
        return "win"

    for _ in range(SCORING.workers):  # start every worker process, warm (not timed)
        await asyncio.gather(*(SCORING.run(chat_hand, w) for w in WARMUPS))
    others = [t for k, t in hostile_hands(200, seed) if k == "kongs" and t != ISSUE_HAND]
    hostile = [ISSUE_HAND, *others[:7]]
    loop = asyncio.get_running_loop()
    lags: list[float] = []
    running = [True]

    async def ticker() -> None:
        while running[0]:
            t = loop.time()
            await asyncio.sleep(TICK)
            lags.append(loop.time() - t - TICK)

    tick = asyncio.create_task(ticker())
    await asyncio.sleep(0.05)
    start = time.perf_counter()
    tasks = [asyncio.create_task(SCORING.run(chat_hand, t)) for t in hostile]
    await asyncio.sleep(0.01)
    asked = time.perf_counter()
    ordinary = await SCORING.run(chat_hand, ORDINARY)
    waited = time.perf_counter() - asked
    answers = await asyncio.gather(*tasks)
    wall = time.perf_counter() - start
    running[0] = False
    await tick
    await asyncio.to_thread(SCORING.close)
    lags.sort()
    told = ", ".join(f"{a} {answers.count(a)}" for a in sorted(set(answers)))
    print(
        f"lag: {len(hostile)} hostile hands at once on {SCORING.workers} scoring "
        f"{'threads' if threads else 'processes'} ({told}), "
        f"answered in {wall:.2f} s wall; the ordinary hand from another chat ({ordinary}) waited "
        f"{waited * 1e3:.0f} ms"
    )
    p50, p99 = lags[len(lags) // 2], lags[min(len(lags) - 1, int(len(lags) * 0.99))]
    print(
        f"lag: event loop ({len(lags)} ticks of {TICK * 1e3:.0f} ms) late by p50 {p50 * 1e3:.1f} ms"
        f", p99 {p99 * 1e3:.1f} ms, max {lags[-1] * 1e3:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=120)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--show", type=int, default=5, help="print this many of the costliest hands")
    parser.add_argument("--lag", action="store_true", help="then measure event-loop lag (bot side)")
    parser.add_argument("--lag-only", action="store_true", help="only the --lag figures")
    parser.add_argument("--threads", action="store_true", help="--lag: score on threads, not processes")
    parser.add_argument("--all-kinds", action="store_true", help="a table that plays all 34 kinds")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        one()
        return
    if args.lag_only:
        asyncio.run(_lag(args.seed, args.threads))
        return
    hands = hostile_hands(args.hands, args.seed)
    table = "all 34 kinds" if ALL_KINDS else "the 八搭 table"
    head = f"python {sys.version.split()[0]}; {len(hands)} hostile hands (seed {args.seed}, {table})"
    print(head + ", each in a fresh process")
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(_fresh, [t for _, t in hands]))
    rows = [(kind, text, r) for (kind, text), r in zip(hands, results, strict=True)]
    for kind in ("kongs", "near", "shaped", "scatter", "long", "all"):
        mine = [r for k, _, r in rows if kind in ("all", k)]
        if not mine:
            continue
        answers: dict[str, int] = {}
        for r in mine:
            answers[str(r["answer"])] = answers.get(str(r["answer"]), 0) + 1
        cpu = sorted(float(r["cpu_ms"]) for r in mine)  # type: ignore[arg-type]
        told = ", ".join(f"{a} {n}" for a, n in sorted(answers.items()))
        print(
            f"{kind:>8}: {len(mine):3} hands  CPU p50 {cpu[len(cpu) // 2]:7.1f} ms  max {cpu[-1]:7.1f} ms"
            f"  | units max {max(int(r['units']) for r in mine):,}"  # type: ignore[call-overload]
            f"  | peak RSS max {max(float(r['rss_mb']) for r in mine):5.1f} MB"  # type: ignore[arg-type]
            f"  traced max {max(float(r['traced_mb']) for r in mine):5.1f} MB"  # type: ignore[arg-type]
            f"  | {told}"
        )
    rows.sort(key=lambda row: -float(row[2]["cpu_ms"]))  # type: ignore[arg-type]
    for kind, text, r in rows[: args.show]:
        cost = f"{float(r['cpu_ms']):7.1f} ms {int(r['units']):>8,} units"  # type: ignore[call-overload]
        print(f"  {cost}  {r['answer']:<16} {kind:<7} {' '.join(text.split())[:100]}")
    print(f"{len(rows)} processes in {time.perf_counter() - start:.0f} s wall")
    if args.lag:
        asyncio.run(_lag(args.seed, args.threads))


if __name__ == "__main__":
    main()
