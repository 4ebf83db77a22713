"""字牌 grouping speed: :func:`taipai.systems.zipai.groups.groupings` on seeded winning hands.

Run: ``python benchmarks/zipai_bench.py [--hands 2000] [--seed 18]``.  :func:`winning_hands` builds each
hand from random groups drawn from the 80-card pack (一句話, 二七十 / 貳柒拾, 絞, 坎, 提, at most one 對;
some declared as 碰 / 偎 / 跑 / 吃), seven groups the 對 counting as one, and a winning card taken by 摸
or 食 from one of the concealed groups.  Prints, CPU time of this process (figures only, no pass/fail):

- cold: hands grouped per second with the search's memo cleared before each hand (a player's first
  sight of a hand), and the groupings found per hand (mean, max); on the corpus as built (a third of
  the groups declared) and on the same kind of hands with every card loose (the search's whole work);
- warm: the same hands again with the memo kept (each hand's vector is then one look-up);
- full scoring per variant: hand messages per second through ``SYSTEM.score`` (parse, search, count).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from taipai.core.system import Seat
from taipai.systems.zipai import SYSTEMS
from taipai.systems.zipai.cards import KINDS, names
from taipai.systems.zipai.groups import clear_memo, groupings

SHAPES = ("run", "run", "run", "red_run", "mix", "kan", "kan", "ti", "pair")
"""The group shapes drawn, by weight."""
DECLARED = {"kan": ("碰", "偎"), "ti": ("提", "跑"), "run": ("吃",), "red_run": ("吃",), "mix": ("吃",)}
"""The words a concealed group may be declared with instead (a third of the groups)."""


def _shape(rng: random.Random, shape: str) -> tuple[int, ...]:
    big = 10 * rng.randrange(2)
    p = rng.randrange(10)
    if shape == "run":
        p = rng.randrange(8)
        return (big + p, big + p + 1, big + p + 2)
    if shape == "red_run":
        return (big + 1, big + 6, big + 9)
    if shape == "mix":
        return (p, p, p + 10) if rng.randrange(2) else (p, p + 10, p + 10)
    return (big + p,) * {"kan": 3, "ti": 4, "pair": 2}[shape]


def winning_hands(n: int, seed: int = 18, *, declare: bool = True) -> list[str]:
    """``n`` seeded winning hand messages (module docstring): seven groups from the pack, the winning
    card after 摸 or 食; with ``declare`` False every card is left loose for the search."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < n:
        left = [4] * KINDS
        words: list[str] = []
        loose: list[int] = []
        pair = False
        groups = 0
        tries = 0
        while groups < 7 and tries < 200:
            tries += 1
            shape = rng.choice(SHAPES)
            if shape == "pair" and pair:
                continue
            cards = _shape(rng, shape)
            if any(cards.count(c) > left[c] for c in set(cards)):
                continue
            for c in cards:
                left[c] -= 1
            groups += 1
            pair = pair or shape == "pair"
            if declare and shape in DECLARED and rng.randrange(3) == 0:
                words.append(f"{rng.choice(DECLARED[shape])} {names(cards)}")
            else:
                loose.extend(cards)
        if groups < 7 or not loose:
            continue
        win = loose.pop(rng.randrange(len(loose)))
        rng.shuffle(loose)
        how = rng.choice(("摸", "食"))
        out.append(" ".join([*words, names(loose), f"{how} {names([win])}"]).strip())
    return out


def loose_counts(message: str) -> tuple[int, ...]:
    """The loose cards of a message (its concealed cards and the winning card) as counts."""
    from taipai.systems.zipai.notation import read_hand

    return read_hand(message).counts()


def main() -> None:
    """Print the figures (module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=18)
    args = ap.parse_args()
    hands = winning_hands(args.hands, args.seed)
    print(f"hands: {len(hands)} (seed {args.seed}), e.g. {hands[0]}")
    for label, corpus in (
        ("declared and loose", hands),
        ("all loose", winning_hands(args.hands, args.seed, declare=False)),
    ):
        vectors = [loose_counts(h) for h in corpus]
        start = time.process_time()
        found = []
        for v in vectors:
            clear_memo()
            found.append(len(groupings(v)))
        cold = time.process_time() - start
        print(
            f"{label}: cold {len(corpus) / cold:,.0f} hands grouped/s "
            f"({cold * 1e6 / len(corpus):,.0f} µs each); "
            f"groupings per hand mean {sum(found) / len(found):.2f}, max {max(found)}"
        )
        start = time.process_time()
        for v in vectors:
            groupings(v)
        warm = time.process_time() - start
        print(f"{label}: warm {len(corpus) / warm:,.0f} hands grouped/s (memo kept)")
    for system in SYSTEMS:
        rules = system.load_rules()
        options = system.table.default_options()
        clear_memo()
        won = 0
        start = time.process_time()
        for h in hands:
            try:
                system.score(h, Seat(), rules, options)
                won += 1
            except ValueError:
                pass
        spent = time.process_time() - start
        print(f"{system.id}: {len(hands) / spent:,.0f} messages scored/s, {won} reach the table's 起胡")


if __name__ == "__main__":
    main()
