"""The best reading of a QQ hand that holds 財神 (seed 002 「財神可以代替任意牌（不包含花牌）」).

Every 財神 may stand for any of the 34 tile kinds, itself included, so a hand with ``k`` 財神 has one
reading per multiset of ``k`` kinds: the order of the 財神 does not matter, only which kinds they become
(C(34 + k − 1, k) readings: 34, 595, 7,140, 66,045 for k = 1..4).  A reading may not hold a fifth copy of
a kind (no calculator, and no 4-tile set, uses one).  Each reading is first shown to the shape test, which
is cheap; only a winning one is scored in full.  The search is exhaustive within its
:class:`~taipai.core.budget.Budget`: a hand whose readings cost more than the budget is refused with
``over_budget`` (the players give the 番 instead), never answered with a guess.

The scorer is the caller's (the Chinese Official table, :mod:`taipai.systems.mcr`, reached by the hand
reader), so this module knows no pattern: it adds 無財神 (2番) to the reading in which every 財神 stands for
itself (:func:`taipai.systems.qq.caishen.no_caishen`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Final

from taipai.core.budget import EVAL_UNITS, BudgetExhausted, current_budget, over_budget_error
from taipai.core.tiles import NUM_KINDS, TileIndex
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
    budget = current_budget()
    best: Reading | None = None
    try:
        for used_as in combinations_with_replacement(range(NUM_KINDS), wilds):
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
