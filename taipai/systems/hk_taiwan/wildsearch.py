"""港式台牌's plug-in for the core wildcard engine: 越搭 hands (seed 000) scored by this game's table.

The search itself (structures from the natural tiles, per-suit tables, distinct completions, branch and
bound, the budget) is :mod:`taipai.core.wilds.search`; this module gives it what it needs of 港式台牌
(:class:`HkScorer`, a :class:`~taipai.core.wilds.plugin.WildScorer`): the hand size of the rule set
(16, or 13), its 越搭 rules (``rules.wilds``), which special shapes the table plays (the seed 004
組合類 rows 嚦咕嚦咕, 十六不搭, 十三幺 that are on), the natural scorer
(:func:`taipai.systems.hk_taiwan.evaluate.evaluate`) and its bound from tile counts
(:mod:`taipai.systems.hk_taiwan.scorebound`).  A table that counts repeats (seed 004 計法
「可重覆計算」) gets no bound: every distinct completion is scored.

:func:`score_wild_hand`, :func:`wild_waits` and :func:`explain_failure` take the rule set, as
:func:`taipai.systems.hk_taiwan.scoring.score_hand` calls them.  The safety caps
(:data:`MAX_COMPLETIONS`, :data:`MAX_SCORED`, :data:`MAX_NODES`) are read from this module on every
call, so a test may raise them here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from taipai.core.errors import HandError
from taipai.core.hand import Reading, Shape
from taipai.core.handspec import HandSpec, Meld
from taipai.core.scoretypes import Score
from taipai.core.wilds import WildRules
from taipai.core.wilds import search as engine
from taipai.core.wilds.plugin import WildBound
from taipai.core.wilds.search import (
    EXPLAIN_FLOOR,
    GroupSearch,
    SearchLimits,
    WildUnit,
    describe_wilds,
    fast_completions,
    fill_exists,
    suit_additions,
    wild_context,
    wild_unit,
)
from taipai.systems.hk_taiwan.evaluate import SHAPE_PATTERNS, Evaluation, evaluate
from taipai.systems.hk_taiwan.rules import RuleSet
from taipai.systems.hk_taiwan.scorebound import bounder

__all__ = [
    "EXPLAIN_FLOOR",
    "MAX_COMPLETIONS",
    "MAX_NODES",
    "MAX_SCORED",
    "GroupSearch",
    "HkScorer",
    "WildUnit",
    "describe_wilds",
    "explain_failure",
    "fast_completions",
    "fill_exists",
    "score_wild_hand",
    "suit_additions",
    "wild_context",
    "wild_rules_of",
    "wild_unit",
    "wild_waits",
]

MAX_COMPLETIONS = engine.MAX_COMPLETIONS
"""Completions listed per declared-meld choice (:class:`~taipai.core.wilds.search.SearchLimits`)."""
MAX_SCORED = engine.MAX_SCORED
"""Candidate readings scored per hand."""
MAX_NODES = engine.MAX_NODES
"""Branch-and-bound nodes per hand."""


def wild_rules_of(rules: RuleSet) -> WildRules:
    """The table's wildcard rules (seed 000 「幾條要講定嘅規矩」)."""
    return rules.wilds


@dataclass(frozen=True, slots=True)
class HkScorer:
    """港式台牌 as a :class:`~taipai.core.wilds.plugin.WildScorer`: ``rules`` is the table's rule set
    (:class:`~taipai.systems.hk_taiwan.rules.RuleSet`); totals are 番 + 底 (:attr:`Score.total`)."""

    rules: RuleSet

    @property
    def hand_size(self) -> int:
        """16 (5 sets + eyes) or 13, the rule set's ``hand_size``."""
        return self.rules.options.hand_size

    @property
    def wild_rules(self) -> WildRules:
        """``rules.wilds``."""
        return self.rules.wilds

    @property
    def special_shapes(self) -> frozenset[Shape]:
        """The special shapes whose seed 004 組合類 row the table plays (a table that turns 嚦咕嚦咕,
        十六不搭 or 十三幺 off neither wins nor waits on it, as in natural scoring); none at 13 tiles,
        where the natural readings are standard only."""
        if self.hand_size != 16:
            return frozenset()
        return frozenset(shape for shape, pid in SHAPE_PATTERNS.items() if self.rules.enabled(pid))

    @property
    def repeat_counting(self) -> bool:
        """Seed 004 計法 「可重覆計算」: occurrences multiply, so no bound."""
        return self.rules.options.repeat_counting

    def evaluate(
        self,
        spec: HandSpec,
        *,
        wait_tiles: tuple[int, ...],
        reading_ok: Callable[[Reading], bool] | None,
    ) -> Evaluation:
        """:func:`taipai.systems.hk_taiwan.evaluate.evaluate` of one completion (raises HandError
        when it is no win)."""
        return evaluate(spec, self.rules, wait_tiles=wait_tiles, reading_ok=reading_ok)

    def bounder(
        self, spec: HandSpec, melds: tuple[Meld, ...], wait_tiles: tuple[int, ...]
    ) -> WildBound | None:
        """:func:`taipai.systems.hk_taiwan.scorebound.bounder` (None when the table counts repeats)."""
        return bounder(self.rules, spec, melds, wait_tiles)


def _limits() -> SearchLimits:
    return SearchLimits(completions=MAX_COMPLETIONS, scored=MAX_SCORED, nodes=MAX_NODES)


def score_wild_hand(spec: HandSpec, rules: RuleSet, *, bounded: bool | None = None) -> Score:
    """The best score of a hand holding 越搭 wildcards (seed 000), and what each wildcard was read as.

    Args:
        spec: a hand whose ``wilds`` / ``winning_wild`` / ``Meld.wilds`` name wildcard kinds.
        rules: the rule set; its wildcard rules (``rules.wilds``) give the table's choices.
        bounded: None chooses by the number of wildcards; True always uses the branch and bound;
            False scores every completion (the tests' reference for the branch and bound).

    Returns:
        The Score of the best admissible reading (highest total, then fan, then the first
        completion in sorted order), with ``wilds`` listing (kind, tile) per wildcard: concealed and
        winning ones in the order of the hand, then those in melds.

    Raises:
        HandError: ``wild_unplaceable`` naming the wildcard that cannot stand for any tile that
            completes the hand; ``not_a_win`` when even unrestricted wildcards could not complete it;
            ``wild_unsupported`` beyond ``max_wilds_per_hand``.
        BudgetExhausted: the current budget is spent (the caller refuses ``over_budget``).
    """
    best = engine.best_wild_score(spec, HkScorer(rules), bounded=bounded, limits=_limits())
    if best is None:
        raise explain_failure(spec, rules)
    return best


def wild_waits(spec: HandSpec, rules: RuleSet) -> tuple[int, ...]:
    """The wait set of a hand holding 越搭 wildcards before the win
    (:func:`taipai.core.wilds.search.wild_waits`)."""
    return engine.wild_waits(spec, HkScorer(rules))


def explain_failure(spec: HandSpec, rules: RuleSet) -> HandError:
    """Why a hand the search proved is no win is none, at no more cost than that search
    (:func:`taipai.core.wilds.search.explain_failure`)."""
    return engine.explain_failure(spec, HkScorer(rules))
