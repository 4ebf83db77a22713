"""越搭 search, per-suit tables (seed 000): the structure-built tables equal brute force.

:func:`taipai.systems.hk_taiwan.wildsearch.suit_additions` builds, for one suit's natural counts and ``j``
wild tiles, every multiset of ``j`` tiles that completes the suit, from the groups its lowest tile
can sit in.  Checked here against enumerating every multiset of ``j`` ranks and asking
:func:`taipai.core.hand.suit_status` (numbered suits) or the pung/pair rule (honours).
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

from taipai.core.hand import suit_status
from taipai.systems.hk_taiwan.wildsearch import fill_exists, suit_additions


def _honour_status(counts: list[int]) -> int:
    pairs = 0
    for c in counts:
        if c == 2:
            pairs += 1
        elif c not in (0, 3):
            return -1
    return pairs if pairs <= 1 else -1


def _brute(suit: int, key: tuple[int, ...], j: int, cap: int) -> tuple[tuple[int, ...], ...]:
    size = 9 if suit < 3 else 7
    out = []
    for add in combinations_with_replacement(range(size), j):
        counts = list(key)
        for r in add:
            counts[r] += 1
        if max(counts, default=0) > cap:
            continue
        status = _honour_status(counts) if suit == 3 else suit_status(tuple(counts))
        if status >= 0:
            out.append(tuple(suit * 9 + r for r in add))
    return tuple(sorted(out))


def _random_keys(n: int, seed: int) -> list[tuple[int, tuple[int, ...], int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        suit = rng.randrange(4)
        size = 9 if suit < 3 else 7
        key = [0] * size
        for _ in range(rng.randrange(0, 10)):
            r = rng.randrange(size)
            if key[r] < 4:
                key[r] += 1
        out.append((suit, tuple(key), rng.randrange(0, 7)))
    return out


@pytest.mark.parametrize(("suit", "key", "j"), _random_keys(400, seed=7))
def test_suit_table_equals_brute_force(suit, key, j):
    assert suit_additions(suit, key, j, 4) == _brute(suit, key, j, 4)


def test_empty_suit_eight_wilds_is_every_free_shape():
    """Eight wild tiles alone in a suit: two melds and the eyes, every way (a table, not a search)."""
    assert suit_additions(0, (0,) * 9, 8, 4) == _brute(0, (0,) * 9, 8, 4)


@pytest.mark.parametrize(("suit", "key", "j"), _random_keys(300, seed=8))
def test_existence_check_equals_the_table(suit, key, j):
    """The depth-first yes/no (used for waits and rejection) agrees with the listed table, with the
    copy cap and a wildcard range that leaves out some ranks."""
    rng = random.Random(hash((suit, key, j)) & 0xFFFF)
    allowed = [rng.random() < 0.7 for _ in key]
    room = tuple(4 - c if ok else 0 for c, ok in zip(key, allowed, strict=True))
    listed = any(all(allowed[t - suit * 9] for t in a) for a in suit_additions(suit, key, j, 4))
    assert fill_exists(suit == 3, key, j, room) == listed


def test_hall_condition_matches_the_assignment_search():
    """:meth:`GroupSearch.mask_ok` reads Hall's condition for up to four distinct wildcard ranges; on
    random ranges and tile multisets it agrees with the assignment search it replaced there."""
    import random

    from taipai.core.wilds import WildRules
    from taipai.systems.hk_taiwan.wildsearch import GroupSearch, WildUnit

    rng = random.Random(11)
    checked = 0
    for _ in range(400):
        masks = [rng.getrandbits(34) & rng.getrandbits(34) for _ in range(rng.randint(2, 4))]
        units = [
            WildUnit(f"u{i}", (), m, False, False, False)
            for i, m in enumerate(masks)
            for _ in range(rng.randint(1, 2))
        ]
        hall = GroupSearch([0] * 34, units, 5, WildRules(), 1)
        plain = GroupSearch([0] * 34, units, 5, WildRules(), 1)
        plain._hall = False
        for _ in range(10):
            tiles = [rng.randrange(34) for _ in range(rng.randint(1, len(units)))]
            assert hall.mask_ok(tiles) == plain.mask_ok(tiles), (masks, tiles)
            checked += hall.mask_ok(tiles)
    assert checked > 200
