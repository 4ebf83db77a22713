"""The core wildcard engine with a stand-in 13-tile game plugged in (:class:`WildScorer`): its best
reading against brute-force substitution (every 皇 replaced by every tile), seven pairs and 十三幺
completed by wildcards, and the engine's errors.

The stand-in knows no real table: 2 per pung of the best split, 10 for one suit, 25 for seven pairs,
40 for 十三幺, so the best reading depends on where the wildcards go.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import product
from random import Random

import pytest

from taipai.core.budget import Budget, budget_scope
from taipai.core.errors import HandError
from taipai.core.hand import Reading, Shape, hand_counts, standard_splits
from taipai.core.handspec import HandSpec, Meld
from taipai.core.scoretypes import Score
from taipai.core.tiles import NUM_KINDS, ORPHANS, SUIT_OF
from taipai.core.wilds import WildRules
from taipai.core.wilds.plugin import Evaluated, WildBound, WildScorer
from taipai.core.wilds.search import score_wild_hand, special_13

SHAPES = frozenset({Shape.EIGHT_PAIRS, Shape.THIRTEEN_ORPHANS})
RULES = WildRules()


def value(counts: list[int]) -> int | None:
    """The stand-in's total for 14 finished tiles, or None when they are no win."""
    best = None
    for _, melds in standard_splits(list(counts)):
        pungs = sum(1 for kind, _ in melds if kind == 1)
        suits = {SUIT_OF[t] for t in range(NUM_KINDS) if counts[t]}
        total = 2 * pungs + (10 if len(suits) == 1 and 3 not in suits else 0)
        best = total if best is None else max(best, total)
    shape = special_13(counts, SHAPES)
    if shape is Shape.EIGHT_PAIRS:
        best = max(best or 0, 25)
    elif shape is Shape.THIRTEEN_ORPHANS:
        best = max(best or 0, 40)
    return best


@dataclass(frozen=True)
class Scored:
    total: int

    @property
    def key(self) -> tuple[int, int]:
        return self.total, self.total

    def score(self) -> Score:
        return Score(fan=self.total, bases=0, base_fan=0, total=self.total, patterns=(), reading=(), waits=())


@dataclass(frozen=True)
class StandIn:
    """A 13-tile game with seven pairs and 十三幺, no bound."""

    hand_size: int = 13
    wild_rules: WildRules = RULES
    special_shapes: frozenset[Shape] = SHAPES
    repeat_counting: bool = False

    def evaluate(
        self, spec: HandSpec, *, wait_tiles: tuple[int, ...], reading_ok: Callable[[Reading], bool] | None
    ) -> Evaluated:
        total = value(hand_counts(spec))
        if total is None:
            raise HandError("not_a_win", "not a win")
        return Scored(total)

    def bounder(
        self, spec: HandSpec, melds: tuple[Meld, ...], wait_tiles: tuple[int, ...]
    ) -> WildBound | None:
        return None


def brute_force(naturals: list[int], k: int) -> int | None:
    best = None
    for subs in product(range(NUM_KINDS), repeat=k):
        counts = [0] * NUM_KINDS
        for t in [*naturals, *subs]:
            counts[t] += 1
        if max(counts) > 4:
            continue
        total = value(counts)
        if total is not None:
            best = total if best is None else max(best, total)
    return best


def engine(naturals: list[int], k: int) -> Score:
    spec = HandSpec(
        concealed=tuple(sorted(naturals[1:])), winning_tile=naturals[0], self_drawn=True, wilds=("皇",) * k
    )
    with budget_scope(Budget()):
        return score_wild_hand(spec, StandIn())


def test_the_stand_in_is_a_wild_scorer() -> None:
    assert isinstance(StandIn(), WildScorer)


def test_two_wildcards_make_seven_pairs() -> None:
    # 一一 三三 五五萬 七七筒 東東 南 西 + two 皇: seven pairs (25) beats any four sets and a pair
    naturals = [27, 0, 0, 2, 2, 4, 4, 15, 15, 27, 28, 29]
    score = engine(naturals, 2)
    assert score.total == 25 == brute_force(naturals, 2)
    assert sorted(w.tile for w in score.wilds) == [28, 29]


def test_one_wildcard_completes_thirteen_orphans() -> None:
    naturals = [t for t in ORPHANS if t != 33] + [27]  # every orphan but 白, 東 twice
    score = engine(naturals, 1)
    assert score.total == 40 == brute_force(naturals, 1)
    assert [w.tile for w in score.wilds] == [33]


def test_random_13_tile_hands_agree_with_brute_force() -> None:
    rng = Random(1713)
    checked = wins = 0
    while checked < 40:
        tiles: list[int] = []
        if rng.random() < 0.3:
            tiles = [t for t in rng.sample(range(NUM_KINDS), 7) for _ in range(2)]
        else:
            while len(tiles) < 12:
                base = rng.choice([0, 9, 18]) + rng.randrange(7)
                tiles += [base, base + 1, base + 2] if rng.random() < 0.6 else [base] * 3
            tiles += [rng.randrange(NUM_KINDS)] * 2
        if max(tiles.count(t) for t in tiles) > 4:
            continue
        rng.shuffle(tiles)
        k = rng.choice((1, 2))
        if rng.random() < 0.3:  # sometimes not a win: a natural tile swapped for a random one
            tiles[-1] = rng.randrange(NUM_KINDS)
        naturals = tiles[k:]
        if max(naturals.count(t) for t in naturals) > 4:
            continue
        expected = brute_force(naturals, k)
        if expected is None:
            with pytest.raises(HandError) as caught:
                engine(naturals, k)
            assert caught.value.code in ("not_a_win", "wild_unplaceable")
        else:
            assert engine(naturals, k).total == expected, (naturals, k)
            wins += 1
        checked += 1
    assert wins >= 25
