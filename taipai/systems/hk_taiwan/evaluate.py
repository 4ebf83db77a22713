"""The natural scorer: every reading of a hand without wildcards, every enabled detector,
「不另計」 exclusions, 雞糊/鴨胡 and the double reading, and the best reading.

``evaluate(spec, rules) -> Evaluation`` (what the 越搭 search compares per completion) and
``score_concrete(spec, rules) -> Score``.  Tie-break (deterministic): the highest total; then the
most fan from tile patterns (so the explanation favours what the tiles show over situation words);
then the reading that comes first in :func:`taipai.core.hand.readings` order (standard before
special shapes, decompositions in sorted order).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from taipai.core.errors import HandError
from taipai.core.hand import SPECIAL_SHAPES, Reading, Shape, readings, tallies, wait_set
from taipai.core.handspec import HandSpec
from taipai.core.scoretypes import CHICKEN_IGNORES, SITUATION_FAMILIES, PatternScore, Score
from taipai.systems.hk_taiwan import patterns as _patterns  # noqa: F401  (registers the detectors)
from taipai.systems.hk_taiwan.patterns.base import DETECTORS, NEEDS, Detector, HandView, hand_facts
from taipai.systems.hk_taiwan.rules import RuleSet


@dataclass(slots=True)
class _ReadingScore:
    reading: Reading
    hits: dict[str, tuple[int, int]]  # id -> (fan, count)
    fan: int
    tile_fan: int


def _score_reading(view: HandView, rules: RuleSet, tables: _Tables) -> _ReadingScore:
    """Run every enabled detector on one reading, apply 「不另計」 and 雞糊/鴨胡."""
    found: dict[str, tuple[int, int]] = {}  # id -> (fan, count), in detector order
    excluded: set[str] = set()
    for pid, det, values, excludes in _runnable(tables, view.features):
        occ = det(view)
        if not occ:
            continue
        if len(occ) == 1:  # most rows hit once: no loop
            key, n = occ[0]
            v = values[key]
            fan = v if type(v) is int else v.at(n)
        else:
            fan = 0
            for key, n in occ:
                v = values[key]
                fan += v if type(v) is int else v.at(n)
        found[pid] = (fan, len(occ))
        if excludes:
            # 「不另計」: every detected pattern's exclusions apply, even when that pattern is itself
            # replaced by a bigger one (藍一色 replaces 小四喜, which still replaces 大三風).
            excluded |= excludes
    hits = {pid: hit for pid, hit in found.items() if pid not in excluded} if excluded else found
    if rules.options.chicken_hand and view.shape is Shape.STANDARD:
        _chicken(view, rules, hits)
    fan = 0
    tile_fan = 0
    situation = tables.situation
    for pid, (f, _) in hits.items():
        fan += f
        if pid not in situation:
            tile_fan += f
    return _ReadingScore(view.reading, hits, fan, tile_fan)


def _chicken(view: HandView, rules: RuleSet, hits: dict[str, tuple[int, int]]) -> None:
    """Seed 004 雞糊 / 鴨胡: nothing but dealer, flowers and 底 (and 自摸 for 鴨胡)."""
    for pid in hits:
        if pid not in CHICKEN_IGNORES and pid != "self_draw":
            return  # some other pattern hit: no 雞糊 (the first one settles it)
    if view.self_drawn:
        if rules.enabled("duck_hand"):
            duck = rules.patterns["duck_hand"]
            for pid in duck.excludes:
                hits.pop(pid, None)
            hits["duck_hand"] = (duck.fan("base"), 1)
    elif rules.enabled("chicken_hand"):
        hits["chicken_hand"] = (rules.patterns["chicken_hand"].fan("base"), 1)


_Active = tuple[str, Detector, int, dict[str, object], frozenset[str]]
_Runnable = tuple[str, Detector, dict[str, object], frozenset[str]]
_PER_TABLE_MAX = 4096
"""Bound on each cache of a :class:`_Tables` (feature-bit tables: a few hundred bit patterns occur
in practice; shared PatternScores)."""


SHAPE_PATTERNS: dict[Shape, str] = {
    Shape.EIGHT_PAIRS: "eight_pairs",
    Shape.SIXTEEN_UNRELATED: "sixteen_unrelated",
    Shape.THIRTEEN_ORPHANS: "thirteen_orphans",
}
"""Each special winning shape and the seed 004 組合類 row that prices it."""


class _Tables:
    """What scoring derives from one rule set's pattern table, built once and reused.

    Attributes:
        patterns: the pattern table itself, held so that its ``id`` (the key in ``_tables``)
            cannot be reused by another table while this entry lives.
        active: (id, detector, needed feature bits, values, excludes) of every enabled pattern,
            in detector registration order.
        runnable: feature bits -> the ``active`` entries whose needed bits are all set, without
            the bits.
        order: pattern id -> its row number in the rule table (output order on equal fan).
        situation: ids of patterns that describe the win, not the tiles (and the dealer's 2n+1).
        pattern_scores: (id, fan, count) -> the shared :class:`PatternScore`.
        specials: the special shapes whose row is enabled; a table that turns 嚦咕嚦咕, 十六不搭
            or 十三幺 off does not play that shape, so it is no winning reading and no wait.
    """

    __slots__ = ("active", "order", "pattern_scores", "patterns", "runnable", "situation", "specials")

    def __init__(self, rules: RuleSet) -> None:
        patterns = rules.patterns
        self.patterns = patterns
        gates = GATES[0]
        self.active: tuple[_Active, ...] = tuple(
            (
                pid,
                det,
                NEEDS.get(pid, 0) if gates else 0,
                patterns[pid].values,
                frozenset(patterns[pid].excludes),
            )
            for pid, det in DETECTORS.items()
            if pid in patterns and patterns[pid].enabled
        )
        self.runnable: dict[int, tuple[_Runnable, ...]] = {}
        self.order = {pid: i for i, pid in enumerate(patterns)}
        self.situation = frozenset(
            pid for pid, p in patterns.items() if p.family in SITUATION_FAMILIES or pid == "dealer"
        )
        self.pattern_scores: dict[tuple[str, int, int], PatternScore] = {}
        self.specials = frozenset(
            shape for shape, pid in SHAPE_PATTERNS.items() if pid in patterns and patterns[pid].enabled
        )


_tables: dict[int, _Tables] = {}
_TABLES_MAX = 64


def _tables_of(rules: RuleSet) -> _Tables:
    """The :class:`_Tables` of ``rules`` (keyed by the identity of its pattern table, which is
    immutable in use)."""
    hit = _tables.get(id(rules.patterns))
    if hit is None:
        if len(_tables) >= _TABLES_MAX:
            _tables.clear()
        hit = _tables[id(rules.patterns)] = _Tables(rules)
    return hit


def _runnable(tables: _Tables, features: int) -> tuple[_Runnable, ...]:
    """(id, detector, values, excludes) of the enabled patterns whose needed bits are all in
    ``features``, in detector registration order; cached per feature bits."""
    hit = tables.runnable.get(features)
    if hit is None:
        if len(tables.runnable) >= _PER_TABLE_MAX:
            tables.runnable.clear()
        hit = tuple(
            (pid, det, values, excludes)
            for pid, det, needs, values, excludes in tables.active
            if needs & features == needs
        )
        tables.runnable[features] = hit
    return hit


GATES = [True]
"""Switch for the detector gates (tests turn it off to prove the gates change nothing)."""


def set_gates(on: bool) -> None:
    """Turn the feature gates on or off (for tests and benchmarks)."""
    GATES[0] = on
    _tables.clear()


def score_concrete(
    spec: HandSpec,
    rules: RuleSet,
    *,
    wait_tiles: tuple[int, ...] | None = None,
    reading_ok: Callable[[Reading], bool] | None = None,
) -> Score:
    """Score a hand of natural tiles only (no wildcards left).

    Args:
        spec: natural tiles; ``spec.wilds`` must be empty.
        rules: the rule set.
        wait_tiles: the wait set to use instead of the one of ``spec`` (the wildcard search passes
            the wait set of the hand *with* its wildcards, since 獨獨/假獨 read the real wait).
        reading_ok: a filter on readings (the wildcard search drops readings where a
            position-dependent wildcard such as 卡番 would sit in a place it may not stand).

    Raises:
        HandError: ``not_a_win`` when no (accepted) reading exists.
    """
    return evaluate(spec, rules, wait_tiles=wait_tiles, reading_ok=reading_ok).score()


@dataclass(slots=True)
class Evaluation:
    """A scored hand before its :class:`Score` is built (the wildcard search compares many).

    Attributes:
        total: fan + bases × 底 fan, as :attr:`Score.total`.
        fan: :attr:`Score.fan` (dealer's 2n+1 included when the winner deals).
        bases: 1, or 2 under a double reading (seed 004 底: 「計兩個底」).
        hits: pattern id -> (fan, occurrences) of the chosen reading(s), after 「不另計」.
        best: the chosen reading with its hits (the 嚦咕嚦咕 one under a double reading).
        second: the standard reading also counted under a double reading, as players write it.
        waits: wait set used (tile kinds).
        rules, tables: the rule set and its derived tables, to build the Score.
        key: (total, fan): what the wildcard search maximises (seed 000: the best reading).
    """

    total: int
    fan: int
    bases: int
    hits: dict[str, tuple[int, int]]
    best: _ReadingScore
    second: tuple[str, ...]
    waits: tuple[int, ...]
    rules: RuleSet
    tables: _Tables

    @property
    def key(self) -> tuple[int, int]:
        """(total, fan): higher is better."""
        return self.total, self.fan

    def score(self) -> Score:
        """The full :class:`Score` (patterns sorted highest fan first, ties in rule-table order)."""
        rules = self.rules
        order = self.tables.order
        pats = tuple(
            sorted(_pattern_scores(rules, self.tables, self.hits), key=lambda p: (-p.fan, order[p.id]))
        )
        return Score(
            fan=self.fan,
            bases=self.bases,
            base_fan=rules.options.base_fan,
            total=self.total,
            patterns=pats,
            reading=self.best.reading.describe_zh(),
            waits=self.waits,
            second_reading=self.second,
        )


def evaluate(
    spec: HandSpec,
    rules: RuleSet,
    *,
    wait_tiles: tuple[int, ...] | None = None,
    reading_ok: Callable[[Reading], bool] | None = None,
) -> Evaluation:
    """The best reading of a natural hand and its fan, without building the :class:`Score`.

    Same arguments, result and errors as :func:`score_concrete` (which is ``evaluate(...).score()``);
    the wildcard search calls this once per completion and builds only the winner's Score.
    """
    hand_size = rules.options.hand_size
    concealed, hand, used, counts = tallies(spec)
    found = readings(spec, hand_size=hand_size, counts=hand)
    tables = _tables_of(rules)
    if tables.specials != SPECIAL_SHAPES:  # a table that does not play a special shape
        found = [r for r in found if r.shape is Shape.STANDARD or r.shape in tables.specials]
    if reading_ok is not None:
        found = [r for r in found if reading_ok(r)]
    if not found:
        raise HandError(
            "not_a_win",
            "these tiles do not form a winning hand",
            hint=_why_not(spec, hand_size),
        )
    if wait_tiles is None:
        wait_tiles = wait_set(concealed, used, spec.melds, hand_size, tables.specials)
    facts = hand_facts(spec, counts)
    hand_memo: dict[str, object] = {}
    scored = [
        _score_reading(HandView(spec, r, rules, wait_tiles, counts, facts, hand_memo), rules, tables)
        for r in found
    ]
    best_index = max(range(len(scored)), key=lambda i: (scored[i].fan, scored[i].tile_fan, -i))
    best = scored[best_index]
    bases = 1
    merged = best.hits
    fan = best.fan
    second: tuple[str, ...] = ()
    base_fan = rules.options.base_fan
    if rules.options.double_reading:
        double = _double_reading(scored, rules)
        if double is not None and double[0] + 2 * base_fan > best.fan + base_fan:
            fan, merged, best, second = double
            bases = 2
    return Evaluation(
        total=fan + bases * base_fan,
        fan=fan,
        bases=bases,
        hits=merged,
        best=best,
        second=second,
        waits=wait_tiles,
        rules=rules,
        tables=tables,
    )


def _pattern_scores(rules: RuleSet, tables: _Tables, hits: dict[str, tuple[int, int]]) -> list[PatternScore]:
    """One (shared, immutable) :class:`PatternScore` per hit ``id -> (fan, count)``."""
    cache = tables.pattern_scores
    out = []
    for pid, (fan, count) in hits.items():
        key = (pid, fan, count)
        score = cache.get(key)
        if score is None:
            if len(cache) >= _PER_TABLE_MAX:
                cache.clear()
            score = cache[key] = PatternScore(pid, rules.patterns[pid].name, fan, count)
        out.append(score)
    return out


_NOT_IN_SECOND = frozenset({"dealer", "chicken_hand", "duck_hand"})


def _double_reading(
    scored: list[_ReadingScore], rules: RuleSet
) -> tuple[int, dict[str, tuple[int, int]], _ReadingScore, tuple[str, ...]] | None:
    """嚦咕嚦咕 plus the best standard reading's tile patterns (seed 004, 底: 計兩個底).

    Returns (fan, merged hits, the 嚦咕嚦咕 reading, the standard reading's groups) or None when
    the hand does not read both ways.
    """
    eight = [s for s in scored if s.reading.shape is Shape.EIGHT_PAIRS]
    std = [s for s in scored if s.reading.shape is Shape.STANDARD]
    if not eight or not std:
        return None
    first = max(eight, key=lambda s: (s.fan, s.tile_fan))
    other = max(std, key=lambda s: (s.tile_fan, s.fan))
    merged = dict(first.hits)
    for pid, (f, c) in other.hits.items():
        if rules.patterns[pid].family in SITUATION_FAMILIES or pid in _NOT_IN_SECOND:
            continue
        f0, c0 = merged.get(pid, (0, 0))
        merged[pid] = (f0 + f, c0 + c)
    fan = sum(f for f, _ in merged.values())
    return fan, merged, first, other.reading.describe_zh()


def _why_not(spec: HandSpec, hand_size: int) -> str:
    """A short English reason for ``not_a_win`` (the service translates by code)."""
    melds_needed = (hand_size // 3) - len(spec.melds)
    return (
        f"the {len(spec.concealed) + 1} concealed tiles (with the winning tile) must form "
        f"{melds_needed} melds and one pair of eyes, or a special shape (嚦咕嚦咕, 十六不搭, 十三幺)"
    )
