"""taipai's Chinese Official (國標 MCR) scorer against pymahjonggb, hand by hand: agreement figures and speed.

Run: ``python benchmarks/mcr_oracle.py [--hands 20000] [--seed 20261201] [--examples 3]`` (pymahjonggb is
in the ``dev`` extra).  The hands are ``tests/systems/mcr/oracle.py``'s: seeded, valid, every shape, with
melds, kongs, winds, flowers and only the flags the tiles allow.  Prints, all CPU time of this process:

1. the corpus: hands per shape, how many of pymahjonggb's fans it reaches;
2. pymahjonggb's hands/s (its C++ calculator, called with prepared arguments);
3. taipai's hands/s on the same hands: as chat messages through ``SYSTEM.score`` (parse + score)
   when the registry has ``mcr``, else through ``taipai.systems.mcr.scoring`` alone; then per hand
   the same total, the same fans, ties (same total, other fans), the fans pymahjonggb scores that
   taipai scores otherwise on purpose (明暗槓), and every disagreement by kind with examples.
   Without an MCR scorer it says so and stops after 2.

Figures only; the pass/fail differential test is ``tests/systems/mcr/test_against_pymahjonggb.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "systems" / "mcr"))

from oracle import Hand, compare, hand_message, hands, oracle_args, oracle_fans, scorer_fans, win_of

CLOCK = time.process_time
"""CPU time of this process: the figures hold on a shared 2-core machine where other work runs."""


def oracle_rate(corpus: list[Hand]) -> float:
    """pymahjonggb's hands/s on ``corpus`` (arguments prepared beforehand, best of three passes)."""
    return oracle_rates(corpus, 3)[-1]


def oracle_rates(corpus: list[Hand], passes: int) -> list[float]:
    """pymahjonggb's hands/s on ``corpus``, one figure per pass, slowest first (arguments prepared
    beforehand)."""
    from MahjongGB import MahjongFanCalculator

    prepared = [oracle_args(h) for h in corpus]

    def one(i: int) -> None:
        MahjongFanCalculator(**prepared[i])

    return pass_rates(len(prepared), one, passes)


def pass_rates(n: int, one: Any, passes: int) -> list[float]:
    """``one(i)`` for ``i`` in ``range(n)``, ``passes`` times: hands/s of each pass, slowest first
    (other work on a shared machine only ever slows a pass down; a refusal, ``HandError``, counts as a
    hand)."""
    from taipai.core.errors import HandError

    rates = []
    for _ in range(passes):
        start = CLOCK()
        for i in range(n):
            with contextlib.suppress(HandError):
                one(i)
        rates.append(n / max(CLOCK() - start, 1e-9))
    return sorted(rates)


def taipai_parts(corpus: list[Hand]) -> dict[str, Any]:
    """The parts of ``SYSTEM.score`` on ``corpus``, each as ``one(i)`` for :func:`pass_rates`:
    ``"parse"`` reads hand ``i``'s message (:func:`taipai.systems.mcr.reading.read_spec`, the
    notation with MCR's words and the table's seat); ``"spec"`` scores its parsed HandSpec into the
    reply's :class:`~taipai.core.scoretypes.Score` (:func:`taipai.systems.mcr.reading.score_spec`:
    the context checks, the scorer at the preset's 8番起和, the waits, the rows' names and the
    reading), like for like with pymahjonggb's structured input; ``"score"`` the bare scorer on a
    prepared :class:`~taipai.systems.mcr.hand.Win` (:func:`taipai.systems.mcr.scoring.score`, waits
    included)."""
    from taipai.core.system import Seat
    from taipai.systems.mcr.hand import counts_of, waits
    from taipai.systems.mcr.options import McrOptions
    from taipai.systems.mcr.reading import read_spec, score_spec
    from taipai.systems.mcr.scoring import score

    messages = [
        (hand_message(h), Seat(seat_wind=27 + h.seat_wind, round_wind=27 + h.round_wind)) for h in corpus
    ]
    wins = [win_of(h) for h in corpus]

    def parse(i: int) -> object:
        return read_spec(messages[i][0], messages[i][1], table_seat=True)

    def scored(i: int) -> object:
        win = wins[i]
        result = score(win)  # type: ignore[arg-type]
        if result.waits is None:
            before = counts_of(win.standing)  # type: ignore[attr-defined]
            before[win.winning_tile] -= 1  # type: ignore[attr-defined]
            waits(before, len(win.melds), [0] * 34)  # type: ignore[attr-defined]
        return result

    specs = [read_spec(text, seat, table_seat=True)[0] for text, seat in messages]
    options = McrOptions()

    def from_spec(i: int) -> object:
        return score_spec(specs[i], options)

    return {"parse": parse, "spec": from_spec, "score": scored}


def taipai_scorer() -> tuple[str, Any]:
    """``(how, score)``: ``score`` is ``(message, Hand) -> {pattern id: 番}`` through the registry's
    ``mcr`` system (``how`` = ``"SYSTEM.score (parse + score)"``), else through
    ``taipai.systems.mcr.scoring`` alone at 0 番 minimum (``"scorer only"``), else ``None``."""
    from taipai.core.registry import SYSTEMS
    from taipai.core.system import Seat

    system = SYSTEMS.get("mcr")
    if system is None:
        try:
            import taipai.systems.mcr.scoring  # noqa: F401
        except ImportError:
            return "", None
        return "scorer only (no parse), 0 番 minimum", scorer_fans
    rules = system.load_rules()
    options = system.table.default_options()

    def score(text: str, hand: Hand) -> Counter[str]:
        seat = Seat(seat_wind=27 + hand.seat_wind, round_wind=27 + hand.round_wind)
        scored = system.score(text, seat, rules, options)
        out: Counter[str] = Counter()
        for p in scored.score.patterns:
            out[p.id] += p.fan
        return out

    return "SYSTEM.score (parse + score)", score


def taipai_rate(corpus: list[Hand], score: Any) -> tuple[float, Counter[str]]:
    """taipai's hands/s on ``corpus`` (messages prepared beforehand; refused hands count, their codes
    returned)."""
    from taipai.core.errors import HandError

    messages = [(hand_message(h), h) for h in corpus]
    refused: Counter[str] = Counter()
    start = CLOCK()
    for text, hand in messages:
        try:
            score(text, hand)
        except HandError as e:
            refused[e.code] += 1
    return len(messages) / max(CLOCK() - start, 1e-9), refused


def main(argv: list[str] | None = None) -> int:
    """Print the figures; always 0 (figures only)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--examples", type=int, default=3)
    args = parser.parse_args(argv)

    corpus = list(hands(args.hands, args.seed))
    shapes = Counter(h.shape for h in corpus)
    fans: Counter[str] = Counter()
    for h in corpus:
        fans.update(oracle_fans(h).keys())
    print(
        f"{len(corpus)} hands (seed {args.seed}): " + ", ".join(f"{k} {v}" for k, v in shapes.most_common())
    )
    print(
        f"pymahjonggb's fans reached: {len(fans)}; rarest: "
        + ", ".join(f"{k} {v}" for k, v in fans.most_common()[-8:])
    )
    theirs = oracle_rate(corpus)
    print(f"pymahjonggb: {theirs:,.0f} hands/s")

    how, score = taipai_scorer()
    if score is None:
        print("taipai: no MCR scorer (taipai.systems.mcr) yet: nothing to compare")
        return 0
    ours, refused = taipai_rate(corpus, score)
    print(
        f"taipai mcr, {how}: {ours:,.0f} hands/s ({ours / theirs:.2%} of pymahjonggb);"
        f" refused: {dict(refused)}"
    )

    tally: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    for h in corpus:
        v = compare(h, score)
        tally["same total"] += v.same_total
        tally["same fans"] += v.same_fans
        tally["tie (same total, other fans)"] += v.same_total and not v.same_fans and v.ours is not None
        if v.on_purpose:
            tally["on purpose: " + ",".join(v.on_purpose)] += 1
        if not v.same_total:
            if v.ours is None:
                kind = f"refused {v.error}"
            else:
                extra = sorted((+(v.ours - v.theirs)).keys())
                missing = sorted((+(v.theirs - v.ours)).keys())
                kind = f"ours +{extra} -{missing}"
            kinds[kind] += 1
            examples.setdefault(kind, [])
            if len(examples[kind]) < args.examples:
                seat = f"門風 {'東南西北'[h.seat_wind]} 圈風 {'東南西北'[h.round_wind]}"
                examples[kind].append(f"{hand_message(h)}  ({seat}; theirs {dict(v.theirs)})")
    for k, n in tally.items():
        print(f"{k}: {n} / {len(corpus)}")
    for kind, n in kinds.most_common():
        print(f"  {n:6d}  {kind}")
        for e in examples[kind]:
            print(f"            {e}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
