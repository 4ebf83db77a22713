"""Score a hand: every reading, every enabled detector, exclusions, the best reading.

``score_hand(spec, rules) -> Score``.  The result follows DESIGN §5 (``taipai score --json``):
``fan`` is the sum of the listed patterns (the dealer's 2n+1 is the pattern ``dealer``, present only
when the winner is the dealer), ``total = fan + bases * base_fan``.

Tie-break (deterministic): the highest total; then the most fan from tile patterns (so the
explanation favours what the tiles show over situation words); then the reading that comes first
in :func:`taipai.core.hand.readings` order (standard before special shapes, decompositions in
sorted order).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace

from taipai.core import patterns as _patterns  # noqa: F401  (registers the detectors)
from taipai.core.errors import HandError
from taipai.core.hand import SPECIAL_SHAPES, Reading, Shape, readings, tallies, wait_set
from taipai.core.handspec import HandSpec
from taipai.core.patterns.base import (
    DETECTORS,
    F_CONTEXT_WORDS,
    NEEDS,
    Detector,
    HandView,
    hand_facts,
    situation_bits,
)
from taipai.core.rules import RuleSet
from taipai.core.tiles import name_zh

DEFAULT_BUDGET = 400_000
"""Work units one hand may spend (:class:`Budget`).  A unit is about a microsecond of the 越搭
search's CPU (a range check, a search step, a bound, a suit summary; a scored completion is
:data:`EVAL_UNITS`): the ordinary hands of ``benchmarks/wild_bench.py`` spend at most 34,000 (eight
皇 around three natural melds), and a hand that spends it all has used 0.3–0.5 s of CPU and under
50 MB in a fresh process (``benchmarks/hostile_bench.py`` prints both)."""

EVAL_UNITS = 200
"""Units charged for scoring one completion with the natural scorer (every reading, every detector:
0.1–0.4 ms warm)."""

DEADLINE_EVERY = 4096
"""A :class:`Budget` with a ``deadline`` asks it once per this many units spent."""


class BudgetExhausted(Exception):
    """Raised inside the 越搭 search when a hand's :class:`Budget` is spent (or its deadline has
    passed); :func:`score_hand` turns it into ``HandError("over_budget")``.  Not a HandError, so no
    ``except HandError`` inside the search swallows it."""


class Budget:
    """How much work scoring one hand may do: a count of work units, deterministic.

    The count, not a clock, decides: the same hand under the same rules spends the same units on
    any machine, so whether a hand is answered never depends on the machine's speed or load.  The
    optional ``deadline`` is a wall-clock backstop supplied by the caller (the core reads no clock):
    it is asked every :data:`DEADLINE_EVERY` units and, once true, stops the search the same way.
    A search that finishes inside the budget returns its proven best; the deadline never changes
    a finished result.

    Args:
        limit: units allowed (``DEFAULT_BUDGET``); 0 or more.
        deadline: a callable returning True once the caller's time is up, or None.

    Attributes:
        spent: units spent so far.
        explained_short: set when a non-win was proven but its explanation stopped at what this
            budget had left (a larger budget could have named the wildcard to blame), so a caller
            that tries a small budget first knows to try again with a larger one.
    """

    __slots__ = ("_next_check", "deadline", "explained_short", "limit", "spent")

    def __init__(self, limit: int = DEFAULT_BUDGET, deadline: Callable[[], bool] | None = None) -> None:
        if limit < 0:
            raise ValueError(f"a budget is a count >= 0, not {limit!r}")
        self.limit = limit
        self.deadline = deadline
        self.spent = 0
        self.explained_short = False
        self._next_check = DEADLINE_EVERY

    def spend(self, units: int = 1) -> None:
        """Count ``units`` of work.

        Raises:
            BudgetExhausted: the limit is passed, or the deadline (when asked) has come.
        """
        self.spent += units
        if self.spent > self.limit:
            raise BudgetExhausted(self.spent)
        if self.deadline is not None and self.spent >= self._next_check:
            self._next_check = self.spent + DEADLINE_EVERY
            if self.deadline():
                raise BudgetExhausted(self.spent)

    @property
    def remaining(self) -> int:
        """Units left (0 when spent)."""
        return max(0, self.limit - self.spent)


_BUDGET: ContextVar[Budget | None] = ContextVar("taipai_scoring_budget", default=None)
"""The budget of the hand being scored in this thread / task (set by :func:`score_hand`)."""

_UNBOUNDED = Budget(limit=1 << 62)
"""What :func:`current_budget` gives outside :func:`score_hand` (direct calls in tests)."""


def current_budget() -> Budget:
    """The :class:`Budget` of the hand being scored (an unbounded one outside :func:`score_hand`)."""
    budget = _BUDGET.get()
    return _UNBOUNDED if budget is None else budget


@contextmanager
def budget_scope(budget: Budget) -> Iterator[Budget]:
    """Make ``budget`` the current one (:func:`current_budget`) inside the ``with`` block."""
    token = _BUDGET.set(budget)
    try:
        yield budget
    finally:
        _BUDGET.reset(token)


def over_budget_error(budget: Budget | None = None) -> HandError:
    """The ``over_budget`` error of a hand whose search stopped at its budget (``budget``, when
    known, gives ``hint_args`` ``spent`` / ``limit``): nothing is booked on a guess; the players
    give the fan count instead (DESIGN §1: 「a plain answer outside it, never a guess booked as
    money」)."""
    return HandError(
        "over_budget",
        "too many wildcard readings to work out within this hand's budget; give the fan count instead",
        hint="book the hand with its fan count, e.g. 12番",
        hint_args={} if budget is None else {"spent": budget.spent, "limit": budget.limit},
    )


SITUATION_FAMILIES = frozenset({"flowers", "state", "timing"})
"""Families that describe the win, not the tiles: counted once under a double reading."""
CHICKEN_IGNORES = frozenset(
    {"dealer", "no_flowers", "wrong_flower", "seat_flower", "flower_set", "eight_flowers"}
)
"""Seed 004 雞糊: 「除了莊、花、底外無任何翻數的牌」."""


@dataclass(frozen=True, slots=True)
class PatternScore:
    """One scored pattern: id, seed name, total fan of its occurrences, occurrence count."""

    id: str
    name: str
    fan: int
    count: int = 1

    def to_dict(self) -> dict[str, object]:
        """JSON form (DESIGN §5)."""
        return {"id": self.id, "name": self.name, "fan": self.fan, "count": self.count}


@dataclass(frozen=True, slots=True)
class WildReading:
    """What a wildcard was read as (seed 000): its kind and the tile it stands for."""

    kind: str
    tile: int

    def to_dict(self) -> dict[str, object]:
        """JSON form (DESIGN §5 ``wilds``)."""
        return {"kind": self.kind, "as": name_zh(self.tile)}


@dataclass(frozen=True, slots=True)
class Score:
    """The best reading of a hand.

    Attributes:
        fan: sum of ``patterns`` fan (includes ``dealer`` 2n+1 when the winner deals).
        bases: number of 底 (2 under a double reading, seed 004 底: 「計兩個底」).
        base_fan: fan per 底.
        total: ``fan + bases * base_fan``.
        patterns: scored patterns, highest fan first, ties in rule-table order.
        reading: the groups of the chosen reading, as players write them.
        waits: wait set of the hand before the win (tile kinds).
        wilds: what each wildcard was read as.
        second_reading: the standard reading also counted under a double reading, else empty.
        ignored: context words of the message that scored nothing (Situation field names, e.g.
            ``("robbing_kong",)`` for 搶槓 when the winner holds another copy of the tile, or
            ``("last_tile_draw",)`` for 海底 on a discard), so a reply can say what was not counted.
        exact: False only when the wildcard search hit a safety cap on the completions it lists
            (:data:`taipai.core.wildsearch.MAX_COMPLETIONS`): the score is then the best reading
            found, not a proven maximum, and the chat books nothing on it (over_budget).  A hand
            whose :class:`Budget` runs out gets no Score at all (``HandError("over_budget")``).
    """

    fan: int
    bases: int
    base_fan: int
    total: int
    patterns: tuple[PatternScore, ...]
    reading: tuple[str, ...]
    waits: tuple[int, ...]
    wilds: tuple[WildReading, ...] = ()
    second_reading: tuple[str, ...] = ()
    exact: bool = True
    ignored: tuple[str, ...] = ()

    def pattern_fan(self, pattern_id: str) -> int:
        """Fan contributed by ``pattern_id`` (0 when absent)."""
        return sum(p.fan for p in self.patterns if p.id == pattern_id)

    def to_dict(self) -> dict[str, object]:
        """The ``taipai score --json`` object of DESIGN §5.

        Added to the contract's keys: ``exact``, ``ignored`` and ``second_reading`` (the standard
        reading's groups when ``bases`` is 2 under a double reading, else ``[]``; ``reading`` is then
        the 嚦咕嚦咕 one)."""
        return {
            "ok": True,
            "fan": self.fan,
            "bases": self.bases,
            "base_fan": self.base_fan,
            "total": self.total,
            "patterns": [p.to_dict() for p in self.patterns],
            "reading": list(self.reading),
            "waits": [name_zh(t) for t in self.waits],
            "wilds": [w.to_dict() for w in self.wilds],
            "exact": self.exact,
            "ignored": list(self.ignored),
            "second_reading": list(self.second_reading),
        }


@dataclass(slots=True)
class _ReadingScore:
    reading: Reading
    hits: dict[str, tuple[int, int]]  # id -> (fan, count)
    fan: int
    tile_fan: int


def _score_reading(view: HandView, rules: RuleSet, tables: _Tables) -> _ReadingScore:
    """Run every enabled detector on one reading, apply 「不另計」 and 雞糊/鴨胡."""
    found: list[tuple[str, int, int, frozenset[str]]] = []  # (id, fan, count, excludes)
    excluded: set[str] = set()
    for pid, det, values, excludes in _runnable(tables, view.features):
        occ = det(view)
        if not occ:
            continue
        fan = 0
        for key, n in occ:
            v = values[key]
            fan += v if type(v) is int else v.at(n)
        found.append((pid, fan, len(occ), excludes))
        if excludes:
            # 「不另計」: every detected pattern's exclusions apply, even when that pattern is itself
            # replaced by a bigger one (藍一色 replaces 小四喜, which still replaces 大三風).
            excluded |= excludes
    hits: dict[str, tuple[int, int]] = {
        pid: (fan, count) for pid, fan, count, _ in found if pid not in excluded
    }
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
    others = [pid for pid in hits if pid not in CHICKEN_IGNORES and pid != "self_draw"]
    if others:
        return
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


CONTEXT_PATTERNS: dict[str, tuple[str, ...]] = {
    "declared_ready": ("ready",),
    "one_shot": ("one_shot",),
    "ready_discard_win": ("ready_discard_win",),
    "double_ready": ("double_ready",),
    "last_tile_draw": ("last_tile_draw",),
    "last_discard": ("last_discard",),
    "kong_replacements": ("kong_self_draw", "kong_on_kong", "mixed_replacement_draw"),
    "flower_replacements": ("flower_self_draw", "mixed_replacement_draw"),
    "mixed_replacements": ("mixed_replacement_draw",),
    "robbing_kong": ("robbing_kong", "robbing_kong_on_kong"),
    "robbing_kong_on_kong": ("robbing_kong_on_kong",),
    "last_copy": ("last_copy", "last_copy_eight"),
    "last_copy_eight": ("last_copy_eight",),
    "discards_seen": ("within_fifteen", "within_ten", "within_seven", "within_four", "human_win"),
    "heavenly": ("heavenly_win",),
    "earthly": ("earthly_win",),
    "human": ("human_win",),
    "multiple_winners": ("double_win", "triple_win"),
    "kick_on_multi": ("kick_after_multi",),
}
"""Situation field -> the pattern ids that context word can score (DESIGN §4 context words)."""

CONTEXT_WORDS_ZH: dict[str, str] = {
    "declared_ready": "叮",
    "one_shot": "一發",
    "ready_discard_win": "食聽牌",
    "double_ready": "天叮",
    "last_tile_draw": "海底",
    "last_discard": "河底",
    "kong_replacements": "槓上",
    "flower_replacements": "花上",
    "mixed_replacements": "混花槓",
    "robbing_kong": "搶槓",
    "robbing_kong_on_kong": "搶槓上槓",
    "last_copy": "絕張",
    "last_copy_eight": "明八絕",
    "discards_seen": "X隻內",
    "heavenly": "天糊",
    "earthly": "地糊",
    "human": "人糊",
    "multiple_winners": "一炮多響",
    "kick_on_multi": "錦上添花",
}
"""How players write each context word (for "not counted" lines in replies)."""


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
            wildcards (seed 000), which are resolved by :mod:`taipai.core.wildsearch` to the
            best-scoring admissible reading.
        rules: a rule set (:func:`taipai.core.rules.load_rules`).
        budget: the work this hand may cost (a fresh ``Budget()`` of :data:`DEFAULT_BUDGET` units
            when None).  Inside it the best is proven exactly; a hand that spends it is refused.

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
        from taipai.core.wildsearch import score_wild_hand

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
    scored = [
        _score_reading(HandView(spec, r, rules, wait_tiles, counts, facts), rules, tables) for r in found
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
