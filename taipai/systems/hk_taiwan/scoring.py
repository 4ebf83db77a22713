"""Score a hand: the entry point, :func:`score_hand`, and the context words a reply names.

``score_hand(spec, rules) -> Score``.  The result follows DESIGN §5 (``taipai score --json``):
``fan`` is the sum of the listed patterns (the dealer's 2n+1 is the pattern ``dealer``, present only
when the winner is the dealer), ``total = fan + bases * base_fan``.  A natural hand is scored by
:mod:`taipai.systems.hk_taiwan.evaluate` (its module docstring gives the tie-break), a hand holding 越搭
wildcards by :mod:`taipai.systems.hk_taiwan.wildsearch` within a :class:`~taipai.core.budget.Budget`.

The shared names a caller needs beside :func:`score_hand` live in core and are imported from there,
not from here: the result types in :mod:`taipai.core.scoretypes`, the budget in
:mod:`taipai.core.budget`.  The natural scorer's names (:mod:`taipai.systems.hk_taiwan.evaluate`) are
re-exported here.
"""

from __future__ import annotations

from dataclasses import replace

from taipai.core.budget import Budget, BudgetExhausted, budget_scope, over_budget_error
from taipai.core.context_words import HK_TAIWAN_WORDS
from taipai.core.handspec import HandSpec
from taipai.core.scoretypes import Score
from taipai.systems.hk_taiwan.evaluate import (
    GATES,
    SHAPE_PATTERNS,
    Evaluation,
    evaluate,
    score_concrete,
    set_gates,
)
from taipai.systems.hk_taiwan.patterns.base import F_CONTEXT_WORDS, situation_bits
from taipai.systems.hk_taiwan.rules import RuleSet
from taipai.systems.hk_taiwan.wildsearch import score_wild_hand

__all__ = [
    "CONTEXT_PATTERNS",
    "CONTEXT_WORDS_ZH",
    "GATES",
    "SHAPE_PATTERNS",
    "Evaluation",
    "evaluate",
    "ignored_context",
    "score_concrete",
    "score_hand",
    "set_gates",
]

CONTEXT_PATTERNS: dict[str, tuple[str, ...]] = HK_TAIWAN_WORDS.scored_by()
"""Situation field -> the pattern ids that context word can score (DESIGN §4 context words), from
the context-word table :data:`~taipai.core.context_words.HK_TAIWAN_WORDS`."""

CONTEXT_WORDS_ZH: dict[str, str] = HK_TAIWAN_WORDS.display_words()
"""How players write each context word (for "not counted" lines in replies), from the same table."""


def ignored_context(spec: HandSpec, score: Score) -> tuple[str, ...]:
    """Context words set in ``spec.situation`` that produced none of their patterns in ``score``.

    The detectors do not score a word the tiles contradict (seed 004 時態類: 搶槓 「算該家出銃」 so
    not on a self-draw; 海底撈月 is a self-draw; 槓上 needs a kong …) or a row the table turned
    off; this names them so the reply can say so instead of dropping them silently.
    """
    s = spec.situation
    if not situation_bits(s) & F_CONTEXT_WORDS:
        return ()
    scored = {p.id for p in score.patterns}
    out = []
    for field_name, ids in CONTEXT_PATTERNS.items():
        value = getattr(s, field_name)
        active = (
            value is not None
            and value is not False
            and value != 0
            and not (field_name == "multiple_winners" and value == 1)
        )
        if active and not scored.intersection(ids):
            out.append(field_name)
    return tuple(out)


def score_hand(spec: HandSpec, rules: RuleSet, *, budget: Budget | None = None) -> Score:
    """Score ``spec`` under ``rules`` and return the best reading.

    Args:
        spec: a parsed hand (see :func:`taipai.core.notation.parse_hand`); it may hold 越搭
            wildcards (seed 000), which are resolved by :mod:`taipai.systems.hk_taiwan.wildsearch` to the
            best-scoring admissible reading.
        rules: a rule set (:func:`taipai.systems.hk_taiwan.rules.load_rules`).
        budget: the work this hand may cost (a fresh ``Budget()`` of
            :data:`~taipai.core.budget.DEFAULT_BUDGET` units when None).  Inside it the best is proven
            exactly; a hand that spends it is refused.

    Returns:
        The best :class:`Score` (tie-break in the module docstring).  With ``double_reading`` on,
        a hand that reads both as 嚦咕嚦咕 and as a standard hand scores both readings with two 底
        (seed 004, 底: 「在此會分別計算兩副牌的翻數，計兩個底」); the second reading adds only its
        tile patterns (flowers, state and timing words count once).

    Raises:
        HandError: code ``not_a_win`` when no reading exists, with a reason in ``hint``;
            ``wild_unplaceable`` when a wildcard cannot stand for any tile that completes the hand;
            ``over_budget`` when the wildcard search spends ``budget`` before it has proven the
            best reading (or that there is none): no score is a guess.
    """
    if spec.wild_count:
        budget = Budget() if budget is None else budget
        try:
            with budget_scope(budget):
                score = score_wild_hand(spec, rules)
        except BudgetExhausted:
            raise over_budget_error(budget) from None
    else:
        score = score_concrete(spec, rules)
    ignored = ignored_context(spec, score)
    return replace(score, ignored=ignored) if ignored else score
