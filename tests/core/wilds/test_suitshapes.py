"""The complete numbered suits shipped with the wildcard engine (taipai/core/wilds/suitshapes.py).

The search finishes a suit by reading the complete vectors that hold its natural tiles
(:meth:`SuitShapes.completions`) instead of recursing; here the shipped list is checked against
the melds themselves and :func:`taipai.core.hand.suit_status`, and the search's per-suit tables
against brute force with and without the list.
"""

from __future__ import annotations

import logging
import random
import zlib
from importlib import resources
from itertools import combinations_with_replacement

import pytest

from taipai.core.hand import suit_status
from taipai.core.wilds import search, suitshapes
from taipai.core.wilds.suitshapes import MAX_COPIES, MAX_TILES, SuitShapes, code_of, counts_of

SHAPES = suitshapes.shipped()


def test_the_shipped_list_is_the_generated_one() -> None:
    """``suitshapes.bin`` is exactly :func:`suitshapes.generate` encoded (rebuild it with
    ``python scripts/build_tables.py`` when this fails)."""
    data = resources.files("taipai.core.wilds").joinpath(suitshapes.DATA_FILE).read_bytes()
    assert data == suitshapes.encode(suitshapes.generate())
    assert SHAPES is not None and SHAPES.size == 53_055


def test_every_listed_vector_splits_and_holds_at_most_17_tiles_and_4_copies() -> None:
    assert SHAPES is not None
    for code in SHAPES.codes():
        counts = counts_of(code)
        assert sum(counts) <= MAX_TILES and max(counts) <= MAX_COPIES
        assert suit_status(counts) >= 0, counts


def test_a_vector_is_listed_exactly_when_it_splits() -> None:
    """20,000 random vectors (each count 0..4, at most 17 tiles): listed iff melds (and one pair)."""
    assert SHAPES is not None
    rng = random.Random(20261201)
    listed = 0
    for _ in range(20_000):
        counts = tuple(rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(9))
        if sum(counts) > MAX_TILES:
            continue
        splits = suit_status(counts) >= 0
        assert (SHAPES.position(code_of(counts)) >= 0) == splits, counts
        listed += splits
    assert listed > 300  # the sample reaches the listed vectors, not only the rest


def test_the_empty_suit_and_a_few_known_vectors() -> None:
    """Hand-checked: 一二三 and 九九 split; 一二 and 一一一二 do not; 17 tiles of 四 cannot exist."""
    assert SHAPES is not None
    assert SHAPES.position(code_of((0,) * 9)) >= 0
    assert SHAPES.position(code_of((1, 1, 1, 0, 0, 0, 0, 0, 0))) >= 0
    assert SHAPES.position(code_of((0, 0, 0, 0, 0, 0, 0, 0, 2))) >= 0
    assert SHAPES.position(code_of((1, 1, 0, 0, 0, 0, 0, 0, 0))) == -1
    assert SHAPES.position(code_of((3, 1, 0, 0, 0, 0, 0, 0, 0))) == -1
    # 一一一一 二二二二 三三三三 (three chows and a pung…) + 九九: 14 tiles, splits
    assert SHAPES.position(code_of((4, 4, 4, 0, 0, 0, 0, 0, 2))) >= 0


def _brute(key: tuple[int, ...], j: int) -> list[tuple[int, ...]]:
    out = []
    for add in combinations_with_replacement(range(9), j):
        counts = list(key)
        for r in add:
            counts[r] += 1
        if max(counts) <= MAX_COPIES and suit_status(tuple(counts)) >= 0:
            out.append(tuple(counts))
    return sorted(out)


def _random_key(rng: random.Random) -> tuple[int, ...]:
    key = [0] * 9
    for _ in range(rng.randrange(0, 10)):
        r = rng.randrange(9)
        if key[r] < 4:
            key[r] += 1
    return tuple(key)


@pytest.mark.parametrize("seed", range(6))
def test_completions_are_every_complete_vector_holding_the_base(seed: int) -> None:
    """j up to 8 (eight 皇 in one suit), against every multiset of j ranks."""
    assert SHAPES is not None
    rng = random.Random(seed)
    for _ in range(12):
        key = _random_key(rng)
        j = rng.randrange(0, 9)
        got = sorted(counts_of(c) for c in SHAPES.completions(code_of(key), sum(key) + j))
        assert got == _brute(key, j), (key, j)


def test_tiles_in_lists_each_tile_of_the_vector() -> None:
    assert SHAPES is not None
    for code in SHAPES.codes()[::7]:
        counts = counts_of(code)
        for suit in range(3):
            want = tuple(9 * suit + r for r, c in enumerate(counts) for _ in range(c))
            assert SHAPES.tiles_in(code, suit) == want


def test_garbage_is_refused_with_a_value_error() -> None:
    data = suitshapes.encode(suitshapes.generate())
    with pytest.raises(ValueError, match="not a compressed table"):
        SuitShapes(b"not zlib at all")
    with pytest.raises(ValueError, match="not a compressed table"):
        SuitShapes(data[:-40])  # cut short: does not inflate
    with pytest.raises(ValueError, match="not a complete-suit list"):
        SuitShapes(zlib.compress(zlib.decompress(data)[:-8]))  # one code short


def test_without_the_file_the_tables_are_the_same(monkeypatch: pytest.MonkeyPatch, caplog) -> None:
    """A missing list is logged and the per-suit tables are built by recursion: the same tables."""
    rng = random.Random(5)
    cases = [(rng.randrange(3), _random_key(rng), rng.randrange(0, 9)) for _ in range(40)]
    with_list = [search.suit_additions(s, k, j, 4) for s, k, j in cases]
    monkeypatch.setattr(suitshapes, "DATA_FILE", "missing.bin")
    suitshapes.reload()
    search.clear_suit_caches()
    with caplog.at_level(logging.WARNING):
        assert suitshapes.shipped() is None
    assert "missing.bin" in caplog.text
    try:
        assert [search.suit_additions(s, k, j, 4) for s, k, j in cases] == with_list
    finally:
        monkeypatch.undo()
        suitshapes.reload()
        search.clear_suit_caches()
