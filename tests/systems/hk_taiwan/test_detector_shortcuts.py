"""The shortcuts of the 港式台牌 detectors give the answers of the plain code they replace: the
disjoint search of :meth:`HandView.instances` (seed 004, 計法 第一) on bit masks, and the feature
bits that gate the 姊妹 and 四歸 rows (set exactly when the plain tests hold)."""

import random
from itertools import combinations

from builders import hand

from taipai.core.hand import Group, readings
from taipai.systems.hk_taiwan.patterns.base import (
    F_FOUR,
    F_FOUR2,
    F_FOUR3,
    F_PUNG_ADJ,
    F_PUNG_RUN3,
    F_PUNG_RUN4,
    HandView,
    hand_facts,
)
from taipai.systems.hk_taiwan.rules import load_rules


def _plain_max_disjoint(found: list[tuple[Group, ...]]) -> list[tuple[Group, ...]]:
    """The search as it was written on lists of group ids: the largest set of pairwise disjoint
    combinations, the first one in include-first order."""
    best: list[tuple[Group, ...]] = []

    def search(i: int, used: list[int], acc: list[tuple[Group, ...]]) -> None:
        nonlocal best
        if len(acc) + (len(found) - i) <= len(best):
            return
        if i == len(found):
            best = list(acc)
            return
        ids = [id(g) for g in found[i]]
        if not any(x in used for x in ids):
            acc.append(found[i])
            search(i + 1, used + ids, acc)
            acc.pop()
        search(i + 1, used, acc)

    search(0, [], [])
    return best


def _ids(found: list[tuple[Group, ...]]) -> list[tuple[int, ...]]:
    return [tuple(id(g) for g in c) for c in found]


def test_instances_take_the_disjoint_occurrences_the_plain_search_takes() -> None:
    h = hand("123m 456m 789m 123p 456p E", "E")
    view = HandView(h, readings(h)[0], load_rules(), (30,), [0] * 34)
    rng = random.Random(19)
    searched = 0
    for _ in range(400):
        # equal groups are distinct objects, as in a reading (two identical chows are two groups)
        groups = [Group(0, rng.randrange(4), True, False) for _ in range(rng.randint(2, 7))]
        size = rng.choice((2, 3))
        index = {id(g): i for i, g in enumerate(groups)}
        keep = {c: rng.random() < 0.6 for c in combinations(range(len(groups)), size)}

        def test(c: tuple[Group, ...], index: dict[int, int] = index, keep: dict = keep) -> bool:
            return keep[tuple(index[id(g)] for g in c)]

        found = [c for c in combinations(groups, size) if test(c)]
        expected = found if len(found) <= 1 else _plain_max_disjoint(found)
        searched += len(expected) < len(found)
        assert _ids(view.instances(groups, size, test)) == _ids(expected)
    assert searched > 100


def _run(tiles: list[int], length: int) -> bool:
    """``length`` suited pung tiles of one suit with consecutive numbers, the plain way."""
    return any(
        all(t + i in tiles and (t + i) // 9 == t // 9 for i in range(length)) for t in tiles if t < 27
    )


def test_pung_run_bits_are_set_exactly_on_runs_of_pungs() -> None:
    rules = load_rules()
    seen = set()
    for concealed, win in (
        ("111m 222m 333m 444m 789p E", "E"),
        ("111m 222m 333m 555p 666p E", "E"),
        ("111m 222m 444m 555m 777s E", "E"),
        ("222p 333p 444p 555p 666p E", "E"),
        ("111m 222p 333s 444m 555p E", "E"),
    ):
        h = hand(concealed, win)
        counts = [0] * 34
        for t in h.all_tiles():
            counts[t] += 1
        for r in readings(h):
            v = HandView(h, r, rules, (30,), counts, hand_facts(h, counts))
            tiles = [g.tile for g in v.pungs if g.tile < 27]
            for bit, length in ((F_PUNG_ADJ, 2), (F_PUNG_RUN3, 3), (F_PUNG_RUN4, 4)):
                assert bool(v.features & bit) == (len(tiles) >= 2 and _run(tiles, length)), (r, bit)
                if v.features & bit:
                    seen.add(bit)
    assert seen == {F_PUNG_ADJ, F_PUNG_RUN3, F_PUNG_RUN4}


def test_four_bits_count_the_kinds_held_four_times() -> None:
    for concealed, win, fours in (
        ("123m 456m 789m 123p 456p E", "E", 0),
        ("111m 123m 456p 789p 555s E", "E", 1),
        ("111m 222m 123m 456p 789s E", "E", 2),
        ("111m 222m 333m 123m 456p E", "E", 3),
    ):
        h = hand(concealed, win)
        counts = [0] * 34
        for t in h.all_tiles():
            counts[t] += 1
        assert counts.count(4) == fours
        f = hand_facts(h, counts)[2]
        assert (bool(f & F_FOUR), bool(f & F_FOUR2), bool(f & F_FOUR3)) == (
            fours >= 1,
            fours >= 2,
            fours >= 3,
        )
