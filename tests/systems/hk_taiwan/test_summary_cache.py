"""港式台牌's shared suit summaries (scorebound): keyed by one int, least recently used dropped first.

A full cache used to be cleared whole, so a pass over a set of hands that needed more than it held
rebuilt every summary (the warm 8 皇 + 3 melds corpus of ``benchmarks/wild_bench.py``).  Now the
least recently used quarter goes, and a summary asked again is kept; the values never change.

The shared cache holds the summaries the shipped table does not (a suit with a declared meld, a
vector outside the complete-suit list, the honours, a rule table of other values): these tests use
bounders that read no table (``shipped=False``), so every summary goes through the cache.
"""

from __future__ import annotations

from itertools import product

import pytest

from taipai.core.handspec import HandSpec
from taipai.systems.hk_taiwan import scorebound
from taipai.systems.hk_taiwan.rules import load_rules

RULES = load_rules("hk-taiwan")
SPEC = HandSpec(concealed=(0, 1, 2), winning_tile=3, self_drawn=True, wilds=("皇",) * 13)


def uncached_bounder() -> scorebound.Bounder:
    """A bounder for SPEC that works out every summary (the shipped table is not read)."""
    return scorebound.Bounder(RULES, SPEC, (), None, shipped=False)


def suits(n: int) -> list[tuple[int, ...]]:
    """``n`` distinct 萬 count vectors (ranks 1-3 held 0..4 times, the rest 0)."""
    return [(a, b, c, 0, 0, 0, 0, 0, 0) for a, b, c in product(range(5), repeat=3)][:n]


@pytest.fixture
def small_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scorebound, "SUMMARY_CACHE_MAX", 40)
    scorebound.clear_caches()
    yield
    scorebound.clear_caches()


def test_the_least_recently_used_quarter_is_dropped_when_full(small_cache: None) -> None:
    counts = suits(41)
    first = uncached_bounder()
    values = [first.summary(0, c) for c in counts[:40]]
    assert len(scorebound._SUMMARIES) == 40
    again = uncached_bounder()  # a new hand: its own cache is empty
    again.summary(0, counts[0])  # the oldest, asked again: now the most recently used
    again.summary(0, counts[40])  # the 41st: the ten least recently used go
    assert len(scorebound._SUMMARIES) == 31
    kept = scorebound._shared_key
    context = again._suit_context[0]
    assert kept(0, context, counts[0]) in scorebound._SUMMARIES
    assert all(kept(0, context, c) not in scorebound._SUMMARIES for c in counts[1:11])
    assert all(kept(0, context, c) in scorebound._SUMMARIES for c in counts[11:41])
    # the values are what a fresh bounder computes, and one copy of each distinct value is kept
    fresh = uncached_bounder()
    assert [fresh.summary(0, c) for c in counts[:40]] == values
    assert set(scorebound._DISTINCT_SUMMARIES) == set(scorebound._SUMMARIES.values())


def test_keys_of_honours_and_numbered_suits_never_meet() -> None:
    """A numbered suit's nine counts and the honours' seven are packed in the same 27 low bits."""
    key = scorebound._shared_key
    numbered = {key(s, (), c) for s in range(3) for c in suits(125)}
    honours = {key(3, (), (a, b, c, 0, 0, 0, 0)) for a, b, c in product(range(5), repeat=3)}
    assert len(numbered) == 3 * 125 and len(honours) == 125
    assert not numbered & honours
