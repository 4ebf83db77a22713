"""財神 readings: the search against brute-force substitution (each 財神 replaced by every tile).

The scorer here is a stand-in with the table's shape (a 4 sets + eyes test and a value that depends on
the whole reading: 2 per pung, 24 for one suit); the search knows no pattern, so any scorer tests it.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from random import Random

import pytest

from taipai.core.budget import Budget, budget_scope
from taipai.core.errors import HandError
from taipai.core.hand import is_standard_complete, standard_splits
from taipai.core.tiles import EAST, SOUTH, SUIT_OF, tile
from taipai.systems.qq.caishen import caishen_of
from taipai.systems.qq.wildsearch import Reading, best_reading


def hand(*kinds: int) -> list[int]:
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    return counts


def with_(counts: list[int], used_as: tuple[int, ...]) -> list[int]:
    full = list(counts)
    for t in used_as:
        full[t] += 1
    return full


def stand_in(counts: list[int]) -> tuple[Callable[[tuple[int, ...]], bool], Callable[[tuple[int, ...]], int]]:
    def is_win(used_as: tuple[int, ...]) -> bool:
        return is_standard_complete(with_(counts, used_as))

    def score(used_as: tuple[int, ...]) -> int:
        full = with_(counts, used_as)
        pungs = max(sum(1 for kind, _ in melds if kind == 1) for _, melds in standard_splits(full))
        suits = {SUIT_OF[t] for t in range(34) if full[t]}
        return 2 * pungs + (24 if len(suits) == 1 and 3 not in suits else 0)

    return is_win, score


def brute_force(counts: list[int], caishen: int, wilds: int) -> int | None:
    """Every 財神 replaced by every tile, in every order: the best 番, 無財神 included."""
    _, score = stand_in(counts)
    best = None
    for used_as in product(range(34), repeat=wilds):
        full = with_(counts, used_as)
        if max(full) > 4 or not is_standard_complete(full):
            continue
        fan = score(tuple(sorted(used_as))) + (2 if all(t == caishen for t in used_as) else 0)
        best = fan if best is None else max(best, fan)
    return best


M = [tile("m", r) for r in range(1, 10)]
P = [tile("p", r) for r in range(1, 10)]
SIX_DOTS = caishen_of(tile("p", 5))  # indicator 五筒: 財神 六筒


def test_one_caishen_completes_the_only_pair() -> None:
    counts = hand(*M, EAST, EAST, EAST, P[8])
    is_win, score = stand_in(counts)
    assert best_reading(counts, SIX_DOTS, 1, is_win, score) == Reading(2, (P[8],), False)


def test_two_caishen_as_themselves_earn_no_caishen() -> None:
    # 123 456 789萬 東東東 + 六筒 六筒 (both 財神): any pair reads 2 (the 東 pung); as themselves 2 + 2
    counts = hand(*M, EAST, EAST, EAST)
    is_win, score = stand_in(counts)
    assert best_reading(counts, SIX_DOTS, 2, is_win, score) == Reading(4, (SIX_DOTS, SIX_DOTS), True)


def test_a_reading_never_holds_a_fifth_copy() -> None:
    # 東東東東 is four already: the 財神 cannot be a fifth 東 to pair the fourth
    counts = hand(*M[:6], EAST, EAST, EAST, EAST, P[8], P[8], P[8])
    is_win, score = stand_in(counts)
    assert best_reading(counts, SIX_DOTS, 1, is_win, score) is None
    # 八九筒 waits on 七筒 only
    counts = hand(*M[:6], EAST, EAST, EAST, P[7], P[8], SOUTH, SOUTH)
    is_win, score = stand_in(counts)
    assert best_reading(counts, SIX_DOTS, 1, is_win, score) == Reading(2, (P[6],), False)


def test_one_suit_beats_a_pung() -> None:
    # 一一一二三四五六七八九九九萬 + 財神: every 萬 wins (24 for one suit); 二萬 is the first of those
    # with two pungs (111 22 345 678 999: 24 + 2 × 2), where 一萬 has one (111 123 456 789 99: 26)
    counts = hand(*M, M[0], M[0], M[8], M[8])
    is_win, score = stand_in(counts)
    reading = best_reading(counts, SIX_DOTS, 1, is_win, score)
    assert reading == Reading(28, (M[1],), False)
    assert score((M[0],)) == 26
    assert reading == brute_force_reading(counts, 1)


def brute_force_reading(counts: list[int], wilds: int) -> Reading | None:
    fan = brute_force(counts, SIX_DOTS, wilds)
    if fan is None:
        return None
    is_win, score = stand_in(counts)
    found = best_reading(counts, SIX_DOTS, wilds, is_win, score)
    assert found is not None
    return Reading(fan, found.used_as, found.no_caishen)


@pytest.mark.parametrize("wilds", [1, 2])
def test_random_small_hands_agree_with_brute_force(wilds: int) -> None:
    rng = Random(20261201 + wilds)
    seen_wins = 0
    for _ in range(60):
        # a winning hand of 14, then some of its tiles turned into 財神 (六筒 never occurs naturally)
        tiles: list[int] = []
        suits = rng.sample([0, 9, 18], rng.choice([1, 2]))
        while len(tiles) < 12:
            base = rng.choice(suits) + rng.randrange(7)
            tiles += [base, base + 1, base + 2] if rng.random() < 0.6 else [base] * 3
        tiles += [rng.choice([EAST, M[8], tile("s", 5)])] * 2
        tiles = [t for t in tiles if t != SIX_DOTS]
        rng.shuffle(tiles)
        natural = tiles[: 14 - wilds]
        counts = hand(*natural)
        if max(counts) > 4:
            continue
        is_win, score = stand_in(counts)
        found = best_reading(counts, SIX_DOTS, wilds, is_win, score)
        expected = brute_force(counts, SIX_DOTS, wilds)
        assert (None if found is None else found.fan) == expected
        if found is not None:
            seen_wins += 1
            assert is_win(found.used_as)
    assert seen_wins >= 20


def test_over_budget_is_refused_never_guessed() -> None:
    counts = hand(*M, EAST, EAST)
    is_win, score = stand_in(counts)
    with budget_scope(Budget(500)), pytest.raises(HandError) as caught:
        best_reading(counts, SIX_DOTS, 3, is_win, score)
    assert caught.value.code == "over_budget"
    assert caught.value.hint_args == {"spent": 670, "limit": 500}  # units, not time: the same on any machine
    # the same hand inside the default budget: 7,140 readings; three 六筒 as themselves (a pung, 無財神)
    with budget_scope(Budget()) as budget:
        assert best_reading(counts, SIX_DOTS, 3, is_win, score) == Reading(4, (SIX_DOTS,) * 3, True)
    assert budget.spent >= 7140 * 10
    assert brute_force(counts, SIX_DOTS, 3) == 4


def test_bad_arguments() -> None:
    is_win, score = stand_in(hand())
    with pytest.raises(ValueError):
        best_reading([0] * 33, SIX_DOTS, 1, is_win, score)
    with pytest.raises(ValueError):
        best_reading([0] * 34, SIX_DOTS, 5, is_win, score)
