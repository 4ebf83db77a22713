"""Every row says how the 越搭 search bounds it, where its detector is registered (``bound=``,
``patterns/base.py``), and the declarations hold: a row without one cannot be registered, the rows
declared under a term of ``systems/hk_taiwan/scorebound.py`` are exactly the rows that term reads, and on every
reading of a seeded corpus no detector hits more often, at a larger ``n`` or without the context
word than its bound allows.  (That the bound from the counts is never below a score:
``tests/systems/hk_taiwan/test_wild_bound.py``.)"""

from __future__ import annotations

import random
import re
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from taipai.core.hand import readings, waits
from taipai.core.handspec import HandSpec
from taipai.systems.hk_taiwan.patterns.base import (
    BOUNDS,
    COUNTS,
    DETECTORS,
    MOST,
    SITUATION,
    HandView,
    at_most,
    by_counts,
    declare_bound,
    detector,
    hand_facts,
)
from taipai.systems.hk_taiwan.rules import apply_overrides, load_rules
from taipai.systems.hk_taiwan.scorebound import TERM_ROWS, bounder, check_bounds

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from corpus import winning_hands

PRESET = load_rules("hk-taiwan")
RARE = [pid for pid, p in PRESET.patterns.items() if p.family == "rare"]
RARE_ON = apply_overrides(PRESET, {"patterns": {pid: {"enabled": True} for pid in RARE}})
"""The preset with its 18 非常用 rows on (seed 004, 非常用翻數表; off by default)."""


def test_every_detector_and_every_row_of_the_preset_has_a_bound() -> None:
    assert set(DETECTORS) <= set(BOUNDS)
    assert [pid for pid in PRESET.patterns if pid not in BOUNDS] == []
    # the two rows scoring decides itself (雞糊, 鴨胡) have a bound and no detector
    assert sorted(set(BOUNDS) - set(DETECTORS)) == ["chicken_hand", "duck_hand"]
    kinds = {b.kind for b in BOUNDS.values()}
    assert kinds == {COUNTS, MOST, SITUATION}
    assert sorted(pid for pid, b in BOUNDS.items() if b.kind == MOST) == sorted(RARE)


def test_a_detector_without_a_bound_is_refused() -> None:
    with pytest.raises(TypeError):
        detector("a_new_row")  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="must be a Bound"):
        detector("a_new_row", bound=5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="two detectors for half_flush"):
        detector("half_flush", bound=by_counts("tile_set"))(lambda v: [])
    with pytest.raises(ValueError, match="two bounds for chicken_hand"):
        declare_bound("chicken_hand", by_counts("chicken"))
    with pytest.raises(ValueError, match="one occurrence or more"):
        at_most(0)
    assert "a_new_row" not in DETECTORS and "a_new_row" not in BOUNDS


def test_the_declared_terms_match_what_scorebound_bounds() -> None:
    check_bounds()  # as at import
    declared = {pid: b.term for pid, b in BOUNDS.items() if b.kind == COUNTS}
    assert declared == {pid: term for term, rows in TERM_ROWS.items() for pid in rows}
    # the 75 tile rows scorebound always bounded, and 無字花 (a flower row bounded with the tiles)
    assert len(declared) == 76


@pytest.mark.parametrize(
    ("changed", "message"),
    [
        ({"a_new_row": by_counts("tile_set")}, "a_new_row is declared by_counts('tile_set')"),
        ({"a_new_row": by_counts("no_such_term")}, "a_new_row is declared by_counts('no_such_term')"),
        ({"half_flush": at_most(1)}, "term 'tile_set' bounds half_flush"),
        ({"double_pung": by_counts("honours")}, "term 'pungs_across' bounds double_pung"),
    ],
)
def test_check_bounds_names_a_row_the_bound_would_miss(changed: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        check_bounds({**BOUNDS, **changed})  # type: ignore[dict-item]


def test_check_bounds_names_a_term_row_without_a_bound() -> None:
    without = {pid: b for pid, b in BOUNDS.items() if pid != "kong"}
    with pytest.raises(ValueError, match="term 'kongs' bounds kong, declared None"):
        check_bounds(without)


def _with_situation(spec: HandSpec, rng: random.Random) -> HandSpec:
    """``spec`` with random context words, a dealer streak and flowers: what the situation rows
    read."""
    words = {
        "declared_ready": rng.random() < 0.3,
        "one_shot": rng.random() < 0.15,
        "ready_discard_win": rng.random() < 0.1,
        "double_ready": rng.random() < 0.1,
        "last_tile_draw": rng.random() < 0.15,
        "last_discard": rng.random() < 0.15,
        "last_copy": rng.random() < 0.15,
        "last_copy_eight": rng.random() < 0.1,
        "robbing_kong": rng.random() < 0.1,
        "robbing_kong_on_kong": rng.random() < 0.05,
        "kong_replacements": rng.choice([0, 0, 1, 2, 3]),
        "flower_replacements": rng.choice([0, 0, 1, 2]),
        "mixed_replacements": rng.choice([0, 0, 2, 3]),
        "discards_seen": rng.choice([None, None, 2, 4, 6, 9, 12, 20]),
        "multiple_winners": rng.choice([1, 1, 2, 3]),
        "kick_on_multi": rng.choice([0, 0, 2, 3]),
        "heavenly": rng.random() < 0.05,
        "earthly": rng.random() < 0.05,
        "human": rng.random() < 0.05,
        "dealer": rng.random() < 0.4,
        "streak": rng.choice([0, 0, 1, 2, 5]),
    }
    flowers = tuple(sorted(rng.sample(range(1, 9), rng.choice([0, 0, 1, 2, 3, 4, 5, 8]))))
    return replace(spec, situation=replace(spec.situation, **words), flowers=flowers)


def _views(n: int, seed: int):
    rng = random.Random(seed)
    for h in winning_hands(n, seed=seed):
        h = _with_situation(h, rng)
        counts = [0] * 34
        for t in h.all_tiles():
            counts[t] += 1
        facts = hand_facts(h, counts)
        w = waits(h)
        for r in readings(h):
            yield h, HandView(h, r, RARE_ON, w, counts, facts)


def test_no_detector_hits_beyond_its_declared_bound() -> None:
    """On every reading of a seeded corpus with context words and flowers: an ``at_most(k)`` row
    hits at most k times; a situation row hits only with its context word, at the ``n`` its bound
    reads (0 when it declares none) and at most ``times`` (else once) per hand."""
    situation_hits: dict[str, int] = {}
    most_hits: dict[str, int] = {}
    for h, v in _views(1500, 41):
        s = h.situation
        for pid, det in DETECTORS.items():
            bound = BOUNDS[pid]
            if bound.kind == COUNTS:
                continue
            hits = det(v)
            if not hits:
                continue
            if bound.kind == MOST:
                most_hits[pid] = max(most_hits.get(pid, 0), len(hits))
                assert len(hits) <= bound.most, (pid, hits, h)
                continue
            situation_hits[pid] = situation_hits.get(pid, 0) + 1
            assert bound.word is None or bound.word(s), (pid, s)
            n = 0 if bound.n is None else bound.n(s)
            assert all(k == n for _, k in hits), (pid, hits, n)
            times = 1 if bound.times is None else bound.times(h, RARE_ON)
            assert len(hits) <= times, (pid, hits, times, h.flowers)
    situation_rows = {pid for pid, b in BOUNDS.items() if b.kind == SITUATION}
    # the corpus reaches every situation row but 半求人 / 全求人 (they need four declared melds)
    assert situation_rows - set(situation_hits) == {"half_melded", "fully_melded"}
    assert situation_hits["dealer"] > 100 and situation_hits["wrong_flower"] > 100
    assert len(most_hits) >= 8


FLOWER_CASES = [
    ((), 0),  # 無花 1, the baseline
    ((1, 2, 3, 4), 9),  # 春夏秋冬 at 東: 一台花 10, and no 正花/爛花 (「不再計爛花，正花」); no 無花
    ((1, 2, 3, 4, 6), 10),  # the set and 蘭 (2 at 東): 爛花 1
    ((5,), 1),  # 梅 (1) at 東: 正花 2
    ((2, 7), 1),  # 夏 and 菊 at 東: 爛花 1 twice
]


@pytest.mark.parametrize(("flowers", "more"), FLOWER_CASES)
def test_the_flower_rows_bound_counts_each_flower_row_as_often_as_it_can_hit(
    flowers: tuple[int, ...], more: int
) -> None:
    """The same tiles (honours, one suit: no 無字花, no 七搶一) at 東位 with other flowers: the bound
    moves by the flower rows alone, each counted ``times`` (seed 004, 花牌類: 無花 1, 爛花 1,
    正花 2, 一台花 10)."""
    from builders import hand

    def bound_of(with_flowers: tuple[int, ...]) -> int:
        spec = hand("123m EEE SSS WWW CCC N", "N", flowers=with_flowers, seat_wind=27)
        b = bounder(PRESET, spec, spec.melds, waits(spec))
        assert b is not None
        final = [0] * 34
        for t in spec.all_tiles():
            final[t] += 1
        return b.bound(final)

    assert bound_of(flowers) - bound_of(()) == more


def test_the_dealer_bound_reads_its_streak() -> None:
    """莊家 2n+1 (seed 004, 型式類, 莊家 (莊家連n拉n)): 連3 adds 7 to the bound, 連0 adds 1."""
    from builders import hand

    def bound_of(**situation: object) -> int:
        spec = hand("123m EEE SSS WWW CCC N", "N", **situation)
        b = bounder(PRESET, spec, spec.melds, waits(spec))
        assert b is not None
        final = [0] * 34
        for t in spec.all_tiles():
            final[t] += 1
        return b.bound(final)

    plain = bound_of()
    assert bound_of(dealer=True, streak=3) - plain == 7
    assert bound_of(dealer=True, streak=0) - plain == 1
