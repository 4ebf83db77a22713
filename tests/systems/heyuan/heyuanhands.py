"""Random 河源百搭 winning shapes for the tests' corpora and ``benchmarks/wild_bench.py``: four sets and
the eyes, concealed, drawn the same way everywhere so a seed gives the same hands in each."""

from __future__ import annotations

import random

from taipai.core.tiles import NUM_KINDS

FLOWERS = "春夏秋冬梅蘭菊竹"
"""The eight flowers in order: a hand's first ``k`` stand for its ``k`` 保."""


def four_sets_and_eyes(rng: random.Random) -> tuple[list[int], int]:
    """A winning 13 + 1-tile shape drawn from ``rng``: half pungs, half chows, any eyes, no kind more than
    four times; the 13 held tile kinds (0..33) shuffled, and the winning tile.

    Draws again until a shape fits (so a seeded ``rng`` gives the same shape each run).
    """
    while True:
        tiles: list[int] = []
        for _ in range(4):
            if rng.random() < 0.5:
                tiles += [rng.randrange(NUM_KINDS)] * 3
            else:
                s, r = rng.randrange(3), rng.randrange(7)
                tiles += [s * 9 + r + i for i in range(3)]
        tiles += [rng.randrange(NUM_KINDS)] * 2
        if max(tiles.count(t) for t in tiles) > 4:
            continue
        rng.shuffle(tiles)
        win = tiles.pop()
        return tiles, win
