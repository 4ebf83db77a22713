"""core.hand: decomposition into readings, special shapes and wait sets (seed 004, seed 000).

The fast per-suit decomposer and wait set are checked against a deliberately naive oracle that
splits the whole 34-slot vector recursively, on seeded random hands.
"""

from __future__ import annotations

import random

from builders import hand, tiles
from hypothesis import given, settings
from hypothesis import strategies as st

from taipai.core.hand import (
    PAIR,
    UNRELATED_TRIPLES,
    Shape,
    WaitShape,
    eight_pairs_waits,
    is_complete,
    is_standard_complete,
    readings,
    standard_splits,
    wait_set,
    waits,
)
from taipai.core.handspec import MeldKind
from taipai.core.tiles import EAST, NUM_KINDS, ORPHANS, RED, counts_of, tile


def _naive_splits(counts: list[int]) -> set[tuple[int, tuple[tuple[int, int], ...]]]:
    """Every (eyes, sorted melds) by trying every pair, then melds from the lowest tile."""
    out = set()

    def melds(c: list[int], acc: list[tuple[int, int]]) -> list[tuple[tuple[int, int], ...]]:
        i = next((k for k in range(NUM_KINDS) if c[k]), None)
        if i is None:
            return [tuple(sorted(acc))]
        res = []
        if c[i] >= 3:
            c[i] -= 3
            res += melds(c, [*acc, (MeldKind.PUNG.value, i)])
            c[i] += 3
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            res += melds(c, [*acc, (MeldKind.CHOW.value, i)])
            for k in (i, i + 1, i + 2):
                c[k] += 1
        return res

    for e in range(NUM_KINDS):
        if counts[e] >= 2:
            c = list(counts)
            c[e] -= 2
            for m in melds(c, []):
                out.add((e, m))
    return out


def _random_hand(rng: random.Random, n_melds: int) -> list[int]:
    """Random winning-ish concealed tiles: n_melds random melds + a pair (may be invalid >4)."""
    out: list[int] = []
    for _ in range(n_melds):
        if rng.random() < 0.5:
            s, r = rng.randrange(3), rng.randrange(7)
            out += [s * 9 + r, s * 9 + r + 1, s * 9 + r + 2]
        else:
            out += [rng.randrange(NUM_KINDS)] * 3
    out += [rng.randrange(NUM_KINDS)] * 2
    return out


def test_seed000_worked_example_reads_中中中_and_東東():
    """seed 000 實戰: 一二三萬 四五六萬 七八九筒 二三四索 中中 [搭=中] 東 ＋摸 東 → 食糊."""
    h = hand("123m 456m 789p 234s CCC E", "E", self_drawn=True)
    (r,) = readings(h)
    assert r.describe_zh() == ("一二三萬", "四五六萬", "七八九筒", "二三四索", "中中中", "東東")
    assert r.wait_shape is WaitShape.EYES
    assert waits(h) == (EAST,)


def test_seed000_example_with_一萬_is_not_a_win():
    h = hand("123m 456m 789p 234s CC 1m E", "E", self_drawn=True)
    assert readings(h) == []


def test_decomposer_is_generic_in_meld_count_14_tiles():
    """4 melds + eyes (13-tile play) decomposes with the same code."""
    counts = counts_of(tiles("123m 456m 789p CCC EE"))
    assert standard_splits(counts) == [(EAST, ((0, 0), (0, 3), (0, 15), (1, RED)))]
    h = hand("123m 456m 789p CCC E", "E")
    assert [r.describe_zh() for r in readings(h, hand_size=13)] == [
        ("一二三萬", "四五六萬", "七八九筒", "中中中", "東東")
    ]


def test_111222333_reads_as_pungs_and_as_chows():
    counts = counts_of(tiles("111222333m 456p 789p EE"))
    shapes = {tuple(sorted(m)) for _, m in standard_splits(counts)}
    assert len(shapes) == 2


def test_pung_completed_by_discard_is_exposed():
    """DESIGN §6: a pung completed by the discarded winning tile is exposed for every 暗 count."""
    h = hand("123m 456m 789p 234s CC EE", "C")
    rs = readings(h)
    pung_reading = next(r for r in rs if r.wait_shape is WaitShape.PUNG)
    pung = next(g for g in pung_reading.groups if g.tile == RED)
    assert pung.concealed is False
    self_drawn = readings(hand("123m 456m 789p 234s CC EE", "C", self_drawn=True))
    assert next(g for g in self_drawn[0].groups if g.tile == RED).concealed is True


def test_winning_tile_placements_give_distinct_readings():
    # 4567m + 7m: reading 456m + 77m (單釣) and 567m + 44? no: 4567m+7m = 456m 77m or 4m? 567m 47? -> only 456 + 77
    h = hand("123p 456p 789p EEE 4567m", "7m")
    assert {r.wait_shape for r in readings(h)} == {WaitShape.EYES}
    h2 = hand("123p 456p 789p EEE 3456m", "6m")  # 345m + 66m, or 456m? 3456m+6m: 345m 66m only
    assert {r.wait_shape for r in readings(h2)} == {WaitShape.EYES}
    h3 = hand("123p 456p 789p EEE 2345m", "5m")  # 234m 55m or 345m? 2345m+5m -> 234m+55m
    assert waits(h3) == (tile("m", 2), tile("m", 5))


def test_eight_pairs_reading_嚦咕嚦咕():
    """seed 004 嚦咕嚦咕: 七對加一刻 (八對半)."""
    h = hand("11m 22m 33p 44p 55s 66s EE CC", "C")
    shapes = [r.shape for r in readings(h)]
    assert Shape.EIGHT_PAIRS in shapes
    eight = next(r for r in readings(h) if r.shape is Shape.EIGHT_PAIRS)
    assert eight.groups[0].kind == MeldKind.PUNG and eight.groups[0].tile == RED
    assert sum(1 for g in eight.groups if g.kind == PAIR) == 7


def test_eight_pairs_four_of_a_kind_is_two_pairs_not_a_pung():
    """seed 004 四歸一 note: 「嚦咕嚦咕中的兩對」.  一一二二三三三三四四五五六六萬 東東 + 東: the four 三萬
    are two pairs and 東東東 the one pung; all 17 tiles are in the reading (a tester's hand once
    read 三三三萬 as the pung and lost the fourth 三萬)."""
    h = hand("11223333445566m EE", "E", self_drawn=True)
    eight = next(r for r in readings(h) if r.shape is Shape.EIGHT_PAIRS)
    pungs = [g.tile for g in eight.groups if g.kind == MeldKind.PUNG]
    pairs = sorted(g.tile for g in eight.groups if g.kind == PAIR)
    assert pungs == [EAST]
    assert pairs == tiles("1m 2m 3m 3m 4m 5m 6m")
    assert 3 * len(pungs) + 2 * len(pairs) == 17


def test_eight_pairs_not_with_a_declared_meld():
    h = hand("11m 22m 33p 44p 55s EE C", "C", melds=["pung FFF"])
    assert all(r.shape is not Shape.EIGHT_PAIRS for r in readings(h))


def test_sixteen_unrelated_十六不搭():
    """seed 004 十六不搭: 東南西北中發白 + 147m 258p 369s + a pair."""
    h = hand("ESWNCFP 147m 258p 369s", "P")
    (r,) = readings(h)
    assert r.shape is Shape.SIXTEEN_UNRELATED and r.eyes == 33


def test_sixteen_unrelated_near_miss_related_tiles():
    h = hand("ESWNCFP 147m 258p 349s", "P")  # 3s and 4s can share a chow
    assert readings(h) == []


def test_thirteen_orphans_十三幺_with_extra_chow():
    """seed 004 十三幺 (16-tile): 13 orphans + one eyes + one concealed chow or pung."""
    h = hand("19m 19p 19s ESWNCFP 234s", "1m")
    rs = [r for r in readings(h) if r.shape is Shape.THIRTEEN_ORPHANS]
    assert len(rs) == 1 and rs[0].eyes == 0
    assert rs[0].groups[0].kind == MeldKind.CHOW and rs[0].groups[0].tile == tile("s", 2)


def test_thirteen_orphans_wait_is_all_13_when_flying():
    h = hand("19m 19p 19s ESWNCFP 234s", "1m")
    assert len(waits(h)) == 13


def test_wait_set_of_nine_gates_shape_waits_on_all_nine():
    """1112345678999m + 東東東: any 萬 completes the hand."""
    h = hand("1112345678999m EEE", "5m")
    assert waits(h) == tuple(range(9))


def _oracle_waits(concealed: list[int], used: list[int]) -> tuple[int, ...]:
    out = []
    for t in range(NUM_KINDS):
        if used[t] >= 4:
            continue
        c = counts_of(concealed)
        c[t] += 1
        if _naive_splits(c):
            out.append(t)
    return tuple(out)


def test_fast_decomposer_matches_naive_oracle_on_random_hands():
    rng = random.Random(2026)
    checked = 0
    for _ in range(3000):
        ts = _random_hand(rng, rng.choice([4, 5]))
        counts = counts_of(ts)
        if max(counts) > 4:
            continue
        fast = {(e, tuple(sorted(m))) for e, m in standard_splits(counts)}
        assert fast == _naive_splits(counts), ts
        assert is_standard_complete(counts) == bool(fast)
        checked += 1
    assert checked > 2000


def test_fast_wait_set_matches_naive_oracle_on_random_hands():
    rng = random.Random(7)
    checked = 0
    for _ in range(400):
        ts = _random_hand(rng, 5)
        rng.shuffle(ts)
        ts = ts[:16]
        counts = counts_of(ts)
        if max(counts) > 4:
            continue
        fast = wait_set(list(counts), list(counts), ())
        # the oracle ignores special shapes; compare on the standard part only
        special_free = tuple(t for t in fast if _naive_splits([*counts[:t], counts[t] + 1, *counts[t + 1 :]]))
        assert special_free == _oracle_waits(ts, counts), ts
        checked += 1
    assert checked > 300


def _near_special_hand(rng: random.Random) -> list[int]:
    """16 concealed tiles one or two tiles away from 嚦咕嚦咕, 十六不搭 or 十三幺."""
    kind = rng.randrange(3)
    if kind == 0:  # seven pairs + a pung, then drop one tile and maybe swap one
        ts = [t for t in rng.sample(range(NUM_KINDS), 8) for _ in range(2)]
        ts.append(ts[0])
    elif kind == 1:  # 十六不搭: the seven honours, an unrelated triple per suit, eyes
        ts = list(range(27, 34))
        for s in range(3):
            ts += [s * 9 + r for r in rng.choice(sorted(UNRELATED_TRIPLES))]
        ts.append(rng.choice(ts))
    else:  # 十三幺 + an extra chow or pung
        ts = [*ORPHANS, rng.choice(ORPHANS)]
        s, r = rng.randrange(3), rng.randrange(7)
        ts += rng.choice([[s * 9 + r, s * 9 + r + 1, s * 9 + r + 2], [rng.randrange(NUM_KINDS)] * 3])
    rng.shuffle(ts)
    ts = ts[:16]
    if rng.random() < 0.3:
        ts[rng.randrange(16)] = rng.randrange(NUM_KINDS)
    return ts


def test_wait_set_matches_tile_by_tile_completeness_near_special_shapes():
    """Every kind ``wait_set`` gives (and no other) completes the 16 tiles under :func:`is_complete`:
    嚦咕嚦咕, 十六不搭 and 十三幺 (seed 004, 組合類) included, where the waits are read off
    parities and near-shape tests instead of trying all 34 kinds."""
    rng = random.Random(30)
    shapes_seen = 0
    for _ in range(1500):
        ts = _near_special_hand(rng)
        counts = counts_of(ts)
        if max(counts) > 4:
            continue
        expected = []
        for t in range(NUM_KINDS):
            if counts[t] >= 4:
                continue
            c = list(counts)
            c[t] += 1
            if is_complete(c, ()):
                expected.append(t)
        assert wait_set(list(counts), list(counts), ()) == tuple(expected), ts
        shapes_seen += bool(expected)
    assert shapes_seen > 300


def test_eight_pairs_waits_by_parity():
    """嚦咕嚦咕 (seed 004, 組合類): 11m 22m … with a pair becoming the pung, or the odd single."""
    pairs_only = counts_of(tiles("1122m 3344p 556677s EE"))
    assert eight_pairs_waits(pairs_only) == tiles("1m 2m 3p 4p 5s 6s 7s E")
    with_pung = counts_of(tiles("111m 22m 33p 44p 55s 66s 77s E"))
    assert eight_pairs_waits(with_pung) == tiles("E")  # 1m → 1111m is two pairs, E stays single
    assert eight_pairs_waits(counts_of(tiles("123m 44p 55s 66s 77s EE SS N"))) == []
    # a table that does not play 嚦咕嚦咕 (its row disabled) does not wait on it
    assert wait_set(with_pung, list(with_pung), ()) == tuple(tiles("E"))
    assert wait_set(with_pung, list(with_pung), (), specials=frozenset()) == ()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=17, max_size=17))
def test_readings_never_crash_and_are_consistent(tile_list):
    counts = counts_of(tile_list)
    if max(counts) > 4:
        return
    splits = standard_splits(counts)
    assert is_standard_complete(counts) == bool(splits)
    for eyes, melds in splits:
        rebuilt = [eyes, eyes]
        for kind, t in melds:
            rebuilt += [t, t + 1, t + 2] if kind == MeldKind.CHOW else [t] * 3
        assert sorted(rebuilt) == sorted(tile_list)
