"""The best reading of a QQ hand that holds 財神 (seed 002 「財神可以代替任意牌（不包含花牌）」).

Every 財神 may stand for any of the 34 tile kinds, itself included, so a hand with ``k`` 財神 has one
reading per multiset of ``k`` kinds: the order of the 財神 does not matter, only which kinds they become
(C(34 + k − 1, k) readings: 34, 595, 7,140, 66,045 for k = 1..4).  A reading may not hold a fifth copy of
a kind (no calculator, and no 4-tile set, uses one).

:func:`best_caishen_reading` (what the scorer uses) shows the shape test only the readings that can win:
the core wildcard engine's distinct completions (:func:`taipai.core.wilds.search.any_tile_completions`:
4 sets and a pair per suit table, 七對 and 十三幺; a range of every tile), plus the Chinese Official
shapes the engine does not know, 組合龍 in a standard hand and 全不靠 / 七星不靠, completed here from
their tiles.  A hand with four 財神 has a few hundred such readings instead of 66,045.
:func:`best_reading` is the plain enumeration of every reading, kept as the reference.  Both are
exhaustive within their :class:`~taipai.core.budget.Budget`: a hand whose readings cost more than the
budget is refused with ``over_budget`` (the players give the 番 instead), never answered with a guess.

The scorer is the caller's (the Chinese Official table, :mod:`taipai.systems.mcr`, reached by the hand
reader), so this module knows no pattern: it adds 無財神 (2番) to the reading in which every 財神 stands for
itself (:func:`taipai.systems.qq.caishen.no_caishen`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Final

from taipai.core.budget import EVAL_UNITS, BudgetExhausted, current_budget, over_budget_error
from taipai.core.hand import Shape
from taipai.core.tiles import HONOURS, NUM_KINDS, TileIndex
from taipai.core.wilds.search import any_tile_completions
from taipai.systems.mcr.hand import KNITTED_STRAIGHTS, knitted_kinds
from taipai.systems.qq.caishen import NO_CAISHEN_FAN

SHAPE_UNITS: Final = 10
"""Budget units charged for showing one reading to the shape test (a decomposition of 14 tiles: about
ten microseconds); a reading that wins is charged :data:`~taipai.core.budget.EVAL_UNITS` more."""

MAX_COPIES: Final = 4


@dataclass(frozen=True, slots=True)
class Reading:
    """The best reading found.

    Attributes:
        fan: its 番: the scorer's total plus 無財神's 2番 when it applies.
        used_as: what each 財神 stands for, sorted by kind (``()`` for a hand without 財神).
        no_caishen: 無財神 applies (every 財神 stands for itself, or there is none).
    """

    fan: int
    used_as: tuple[TileIndex, ...]
    no_caishen: bool


def best_reading(
    counts: Sequence[int],
    caishen: TileIndex,
    wilds: int,
    is_win: Callable[[tuple[TileIndex, ...]], bool],
    score: Callable[[tuple[TileIndex, ...]], int],
) -> Reading | None:
    """The highest-scoring reading of a hand with ``wilds`` 財神, or ``None`` when none wins.

    Args:
        counts: the hand's tiles other than its 財神, as 34 counts (exposed melds included, so a kind
            already held four times is never added); the 財神 kind's own count here is 0, since every
            tile of that kind is a 財神.
        caishen: the 財神 kind (:func:`~taipai.systems.qq.caishen.caishen_of` of the indicator).
        wilds: how many 財神 the hand holds (the winning tile included when it is one), 0..4.
        is_win: whether a reading (the sorted kinds the 財神 stand for) is a winning shape.
        score: a winning reading's 番 by the table's rows, without 無財神.

    Ties keep the first reading in kind order (a tie never drops a win: the 番 is the same).  The
    search spends budget units on :func:`~taipai.core.budget.current_budget`.

    Raises:
        ValueError: ``counts`` is not 34 counts, ``caishen`` is no kind, or ``wilds`` is outside 0..4.
        HandError: ``over_budget`` when the current budget is spent before every reading is seen.
    """
    if len(counts) != NUM_KINDS or not 0 <= caishen < NUM_KINDS or not 0 <= wilds <= MAX_COPIES:
        raise ValueError(f"34 counts, a kind and 0..4 財神, not {len(counts)}, {caishen}, {wilds}")
    return _best_of(combinations_with_replacement(range(NUM_KINDS), wilds), counts, caishen, is_win, score)


def _best_of(
    readings: Iterable[tuple[TileIndex, ...]],
    counts: Sequence[int],
    caishen: TileIndex,
    is_win: Callable[[tuple[TileIndex, ...]], bool],
    score: Callable[[tuple[TileIndex, ...]], int],
) -> Reading | None:
    """The highest-scoring of ``readings`` (in their order; the first of equal 番 kept), each charged to
    the current budget; ``None`` when none wins.

    Raises:
        HandError: ``over_budget`` when the budget is spent first.
    """
    budget = current_budget()
    best: Reading | None = None
    try:
        for used_as in readings:
            budget.spend(SHAPE_UNITS)
            if any(counts[t] + used_as.count(t) > MAX_COPIES for t in set(used_as)):
                continue
            if not is_win(used_as):
                continue
            budget.spend(EVAL_UNITS)
            itself = all(t == caishen for t in used_as)
            fan = score(used_as) + (NO_CAISHEN_FAN if itself else 0)
            if best is None or fan > best.fan:
                best = Reading(fan, used_as, itself)
    except BudgetExhausted:
        raise over_budget_error(budget) from None
    return best


_SPECIALS: Final = frozenset({Shape.EIGHT_PAIRS, Shape.THIRTEEN_ORPHANS})
"""The special shapes the core engine completes for a 13-tile game: 七對 and 十三幺 (seed 002 rows
19 and 7)."""


def best_caishen_reading(
    standing: Sequence[int],
    melds: int,
    counts: Sequence[int],
    caishen: TileIndex,
    wilds: int,
    is_win: Callable[[tuple[TileIndex, ...]], bool],
    score: Callable[[tuple[TileIndex, ...]], int],
) -> Reading | None:
    """:func:`best_reading`, trying only the readings that can win (the same result, ties included).

    Args:
        standing: the standing tiles other than the 財神 (winning tile included), as 34 counts.
        melds: sets laid down (吃 / 碰 / 槓), 0..4.
        counts, caishen, wilds, is_win, score: as :func:`best_reading`.

    The readings are those of the core engine's completions of ``standing`` into ``4 − melds`` sets and
    a pair (and, with no set laid down, 七對 and 十三幺), of a 組合龍 (seed 002 row 35) with ``1 − melds``
    sets and a pair, and of 全不靠 / 七星不靠 (rows 34, 20); every winning reading is one of them.  They
    are tried in kind order, as :func:`best_reading` tries every reading, so ties keep the same one.
    When the engine's safety cap stops its listing, every reading is tried instead (:func:`best_reading`).

    Raises:
        ValueError: as :func:`best_reading`, or ``standing`` is not 34 counts or ``melds`` outside 0..4.
        HandError: ``over_budget`` when the current budget is spent first.
    """
    if len(counts) != NUM_KINDS or not 0 <= caishen < NUM_KINDS or not 0 <= wilds <= MAX_COPIES:
        raise ValueError(f"34 counts, a kind and 0..4 財神, not {len(counts)}, {caishen}, {wilds}")
    if len(standing) != NUM_KINDS or not 0 <= melds <= 4:
        raise ValueError(f"34 standing counts and 0..4 melds, not {len(standing)}, {melds}")
    budget = current_budget()
    try:
        candidates = _candidates(list(standing), melds, wilds)
    except BudgetExhausted:
        raise over_budget_error(budget) from None
    if candidates is None:
        return best_reading(counts, caishen, wilds, is_win, score)
    return _best_of(candidates, counts, caishen, is_win, score)


def _candidates(standing: list[int], melds: int, wilds: int) -> list[tuple[TileIndex, ...]] | None:
    """The sorted readings :func:`best_caishen_reading` tries, or None when the engine's listing was cut
    short by its safety cap."""
    need = 4 - melds
    found, truncated = any_tile_completions(standing, wilds, need, _SPECIALS if melds == 0 else frozenset())
    if truncated:
        return None
    out = set(found)
    for straight in KNITTED_STRAIGHTS if need >= 3 else ():
        kinds = knitted_kinds(straight)
        missing = [t for t in kinds if not standing[t]]
        if len(missing) > wilds:
            continue
        rest = list(standing)
        for t in kinds:
            if rest[t]:
                rest[t] -= 1
        more, truncated = any_tile_completions(rest, wilds - len(missing), need - 3)
        if truncated:
            return None
        out.update(tuple(sorted([*missing, *m])) for m in more)
    if melds == 0 and max(standing) <= 1:
        for straight in KNITTED_STRAIGHTS:
            pool = set(knitted_kinds(straight)) | set(HONOURS)
            if any(standing[t] and t not in pool for t in range(NUM_KINDS)):
                continue
            free = sorted(t for t in pool if not standing[t])
            out.update(combinations(free, wilds))
    return sorted(out)
