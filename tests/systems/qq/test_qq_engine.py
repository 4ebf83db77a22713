"""財神 on the core wildcard engine: :func:`best_caishen_reading` shows the shape test only the readings
the engine's completions (and 組合龍 / 全不靠 / 七星不靠) give, and loses none.

Two oracles: the plain enumeration of every multiset of kinds (:func:`best_reading` with an unlimited
budget, itself checked against substitution in order in ``test_qq_wildsearch.py``) for the set of
winning readings and the best 番; and, for four 財神, the Chinese Official scorer over every reading.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations_with_replacement
from random import Random

import pytest

from taipai.core.budget import Budget, budget_scope
from taipai.core.errors import HandError
from taipai.core.tiles import EAST, NORTH, RED, SOUTH, WEST, tile
from taipai.systems.mcr.hand import Group, Set, Win, counts_of, is_win
from taipai.systems.mcr.scoring import score
from taipai.systems.qq.caishen import caishen_of
from taipai.systems.qq.scoring import score_qq
from taipai.systems.qq.wildsearch import best_caishen_reading, best_reading

SIX_DOTS = caishen_of(tile("p", 5))  # indicator 五筒: 財神 六筒
M = tuple(tile("m", r) for r in range(1, 10))
UNLIMITED = 10**9


def winning_readings(naturals: tuple[int, ...], melds: int, held: list[int], k: int) -> set[tuple[int, ...]]:
    """Every multiset of ``k`` kinds that makes ``naturals`` a win (no fifth copy): the oracle."""
    out = set()
    for used_as in combinations_with_replacement(range(34), k):
        if any(held[t] + used_as.count(t) > 4 for t in set(used_as)):
            continue
        if is_win(counts_of(naturals + used_as), melds):
            out.add(used_as)
    return out


def shown_wins(
    naturals: tuple[int, ...], melds: int, held: list[int], k: int
) -> tuple[set[tuple[int, ...]], int]:
    """The winning readings :func:`best_caishen_reading` saw, and its 番 under a score that tells every
    reading apart (so the best is the same reading, not only the same value)."""
    seen: set[tuple[int, ...]] = set()

    def shape(used_as: tuple[int, ...]) -> bool:
        ok = is_win(counts_of(naturals + used_as), melds)
        if ok:
            seen.add(used_as)
        return ok

    def value(used_as: tuple[int, ...]) -> int:
        return sum((t + 1) * 7**i for i, t in enumerate(used_as)) % 997

    standing = counts_of(naturals)
    with budget_scope(Budget(UNLIMITED)):
        found = best_caishen_reading(standing, melds, held, SIX_DOTS, k, shape, value)
        reference = best_reading(held, SIX_DOTS, k, shape, value)
    assert found == reference
    return seen, (found.fan if found is not None else -1)


def random_win(rng: Random) -> list[int]:
    """A winning 14 of one of the Chinese Official shapes, without 六筒 (the 財神 kind)."""
    pool = [t for t in range(34) if t != SIX_DOTS]
    shape = rng.choice(["standard", "standard", "pairs", "orphans", "knitted", "dragon"])
    if shape == "pairs":
        return [t for t in rng.sample(pool, 7) for _ in range(2)]
    if shape == "orphans":
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        return [*orphans, rng.choice(orphans)]
    if shape == "knitted":  # 全不靠: 147萬 258索 369筒 without 六筒, and honours
        kinds = [0, 3, 6, 19, 22, 25, 11, 17, *range(27, 34)]
        return rng.sample(kinds, 14)
    tiles: list[int] = []
    if shape == "dragon":  # 組合龍 147萬 258索 369筒 needs 六筒: use 147筒 258萬 369索 instead
        tiles = [9, 12, 15, 1, 4, 7, 20, 23, 26]
    while len(tiles) < 12:
        base = rng.choice([0, 9, 18]) + rng.randrange(7)
        tiles += [base, base + 1, base + 2] if rng.random() < 0.6 else [base] * 3
    tiles += [rng.choice(pool)] * 2
    return tiles


def test_the_engine_shows_every_winning_reading_and_keeps_the_same_best() -> None:
    rng = Random(1717)
    checked = 0
    while checked < 40:
        tiles = random_win(rng)
        if SIX_DOTS in tiles or max(counts_of(tiles)) > 4:
            continue
        rng.shuffle(tiles)
        k = rng.choice((1, 2, 2, 3))
        naturals = tuple(tiles[k:])
        held = counts_of(naturals)
        seen, _ = shown_wins(naturals, 0, held, k)
        assert seen == winning_readings(naturals, 0, held, k), (naturals, k)
        assert seen  # each 財神 may be the tile it replaced
        checked += 1


def test_with_a_meld_laid_down_too() -> None:
    # 碰東 laid down; standing 一至六萬 九萬 中 + three 財神 (11 tiles: three sets and a pair)
    naturals = (*M[:6], M[8], RED)
    held = counts_of([*naturals, EAST, EAST, EAST])
    seen, _ = shown_wins(naturals, 1, held, 3)
    assert seen == winning_readings(naturals, 1, held, 3)
    assert (M[6], M[7], RED) in seen  # 789萬 and the 中 pair


def test_four_caishen_are_scored_where_the_plain_enumeration_is_refused() -> None:
    """66,045 readings × 10 units is over the default budget (400,000): the enumeration refuses; the
    engine's few hundred readings fit, and give the same best as the enumeration with no limit."""
    naturals = (*M[:9], EAST)
    held = counts_of(naturals)

    def shape(used_as: tuple[int, ...]) -> bool:
        return is_win(counts_of(naturals + used_as), 0)

    def value(used_as: tuple[int, ...]) -> int:
        return len(set(used_as))

    with budget_scope(Budget()), pytest.raises(HandError) as caught:
        best_reading(held, SIX_DOTS, 4, shape, value)
    assert caught.value.code == "over_budget"
    with budget_scope(Budget()) as budget:
        found = best_caishen_reading(held, 0, held, SIX_DOTS, 4, shape, value)
    assert budget.spent < 400_000
    with budget_scope(Budget(UNLIMITED)):
        assert found == best_reading(held, SIX_DOTS, 4, shape, value)


def mcr_oracle(win: Win) -> int | None:
    """The best QQ 番 of ``win`` over every reading of its 財神 (each kind tried as the winning tile
    when the win is on a 財神), 無財神 added: the Chinese Official scorer on every winning reading."""
    naturals = tuple(t for t in win.standing if t != SIX_DOTS)
    k = len(win.standing) - len(naturals)
    held = counts_of([t for t in win.all_tiles() if t != SIX_DOTS])
    best = None
    for used_as in winning_readings(naturals, len(win.melds), held, k):
        wins_on = sorted(set(used_as)) if win.winning_tile == SIX_DOTS else [win.winning_tile]
        for w in wins_on:
            try:
                result = score(
                    replace(win, standing=tuple(sorted(naturals + used_as)), winning_tile=w), minimum=0
                )
            except HandError:
                continue
            total = result.total + (2 if all(t == SIX_DOTS for t in used_as) else 0)
            best = total if best is None else max(best, total)
    return best


@pytest.mark.parametrize(
    "standing, winning",
    [
        # 一至九萬 東 + four 財神 on 東: 清龍 with 東 東 東 and a pair, or 一色 …
        ((*M, EAST, *[SIX_DOTS] * 4), EAST),
        # 一一 三三 五五萬 東東 南 西 + four 財神, self-drawn on a 財神: 七對 or four sets
        ((M[0], M[0], M[2], M[2], M[4], M[4], EAST, EAST, SOUTH, WEST, *[SIX_DOTS] * 4), SIX_DOTS),
        # 147萬 258索 東南西北 + four 財神, won on 北: 全不靠 / 七星不靠 (369筒, 中發白)
        ((0, 3, 6, 19, 22, 25, EAST, SOUTH, WEST, NORTH, *[SIX_DOTS] * 4), NORTH),
    ],
)
def test_four_caishen_hands_against_the_scorer_on_every_reading(
    standing: tuple[int, ...], winning: int
) -> None:
    win = Win(standing=standing, winning_tile=winning, self_drawn=winning == SIX_DOTS)
    with budget_scope(Budget()):
        result = score_qq(win, SIX_DOTS)
    assert result.total == mcr_oracle(win)
    assert len(result.used_as) == 4


def test_four_caishen_beside_a_laid_down_pung() -> None:
    pung = Group(Set.PUNG, RED, concealed=False, melded=True)
    win = Win(standing=(*M[:6], EAST, *[SIX_DOTS] * 4), melds=(pung,), winning_tile=EAST)
    with budget_scope(Budget()):
        result = score_qq(win, SIX_DOTS)
    assert result.total == mcr_oracle(win)
