"""The detector registry and :class:`HandView`, the per-reading facts every detector reads.

A detector is a small function registered under one pattern id::

    @detector("half_flush")
    def half_flush(v: HandView) -> Hits:
        ...
        return ONCE            # or [("open", 0), ("concealed", 0)], or [] for no hit

It returns a list of occurrences ``(variant key, n)``: the key names one of the rule's values
(``base``, ``open``/``concealed``, ``exposed``/``added``/``concealed`` …) and ``n`` feeds a Linear value
(2n+1).  Values, exclusions and on/off live in the rule set (:mod:`taipai.core.rules`), never in a
detector.  A detector must be cheap: :class:`HandView` precomputes what many detectors share.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from taipai.core.hand import PAIR, Group, Reading, Shape, WaitShape
from taipai.core.handspec import HandSpec, KongKind, MeldKind, Situation
from taipai.core.rules import RuleSet
from taipai.core.tiles import NUM_KINDS, SUIT_OF

Hit = tuple[str, int]
Hits = list[Hit]
Detector = Callable[["HandView"], Hits]

ONCE: Hits = [("base", 0)]
"""One occurrence of a single-valued pattern."""

DETECTORS: dict[str, Detector] = {}
"""Pattern id -> detector, filled by the family modules on import."""


def detector(pattern_id: str) -> Callable[[Detector], Detector]:
    """Register ``fn`` as the detector of ``pattern_id`` (one detector per id)."""

    def register(fn: Detector) -> Detector:
        if pattern_id in DETECTORS:
            raise ValueError(f"two detectors for {pattern_id}")
        DETECTORS[pattern_id] = fn
        return fn

    return register


def open_or_concealed(concealed: bool) -> Hit:
    """The 明/暗 occurrence key for a row marked 「可分明暗」."""
    return ("concealed", 0) if concealed else ("open", 0)


class HandView:
    """Facts about one reading of one hand, computed once and shared by all detectors.

    Attributes (all read-only by convention):
        spec, situation, rules, reading, shape: the inputs.
        waits: wait set of the 16 tiles before the win (tile kinds).
        counts: 34 counts of every natural tile in the hand (concealed, winning, melds; kong = 4).
        groups: the reading's groups (melds and eyes).
        melds: groups that are not eyes.   eyes: tile of the eyes or None.
        chows: chow groups.   pungs: pung and kong groups.
        suits: set of suits present (0 萬, 1 筒, 2 索).   honours: number of honour tiles.
        concealed_hand: 門前清 (no chow, pung or exposed/added kong declared).
        self_drawn: 自摸.
        flowers: flowers 1..8.
        repeat: seed 004 計法 「可重覆計算」 is on.
    """

    __slots__ = (
        "chows",
        "concealed_hand",
        "counts",
        "eyes",
        "flowers",
        "groups",
        "honours",
        "melds",
        "pungs",
        "reading",
        "repeat",
        "rules",
        "self_drawn",
        "shape",
        "situation",
        "spec",
        "suits",
        "waits",
    )

    def __init__(
        self, spec: HandSpec, reading: Reading, rules: RuleSet, waits: tuple[int, ...], counts: list[int]
    ) -> None:
        self.spec = spec
        self.situation: Situation = spec.situation
        self.rules = rules
        self.reading = reading
        self.shape = reading.shape
        self.waits = waits
        self.counts = counts
        self.groups = reading.groups
        melds = []
        chows = []
        pungs = []
        eyes = None
        for g in reading.groups:
            if g.kind == PAIR:
                if eyes is None:
                    eyes = g.tile
                continue
            melds.append(g)
            if g.kind == MeldKind.CHOW:
                chows.append(g)
            else:
                pungs.append(g)
        self.melds: list[Group] = melds
        self.chows: list[Group] = chows
        self.pungs: list[Group] = pungs
        self.eyes: int | None = eyes if reading.shape is not Shape.EIGHT_PAIRS else None
        self.suits = {SUIT_OF[t] for t in range(27) if counts[t]}
        self.honours = sum(counts[27:NUM_KINDS])
        self.concealed_hand = spec.is_concealed
        self.self_drawn = spec.self_drawn
        self.flowers = spec.flowers
        self.repeat = rules.options.repeat_counting

    # -- helpers shared by several families -----------------------------------------------

    @property
    def standard(self) -> bool:
        """The reading is 5 melds + eyes (not a special shape)."""
        return self.shape is Shape.STANDARD

    @property
    def wait_shape(self) -> WaitShape:
        """Where the winning tile sits in this reading."""
        return self.reading.wait_shape

    def concealed_pung_count(self) -> int:
        """暗刻 count: pungs not laid down and not completed by the discard, plus every kong.

        Seed 004, 槓牌: 「不論是明槓或暗槓，該槓牌一律視作暗刻」; 刻子類 兩暗刻: 「包括槓牌」.
        """
        return sum(1 for g in self.pungs if g.concealed or g.kind == MeldKind.KONG)

    def instances(
        self, groups: list[Group], size: int, test: Callable[[tuple[Group, ...]], bool]
    ) -> list[tuple[Group, ...]]:
        """Occurrences of a pattern made of ``size`` groups satisfying ``test``.

        Seed 004, 計法 第一: with 「同一組牌只能計一種翻數一次」 (default) the occurrences are
        disjoint (the most that can be taken without sharing a group); with 「可重覆計算」 every
        distinct combination counts.  Combinations are of group positions, so two identical chows
        are two different groups.
        """
        found = [c for c in combinations(groups, size) if test(c)]
        if self.repeat or len(found) <= 1:
            return found
        return _max_disjoint(found)


def _max_disjoint(found: list[tuple[Group, ...]]) -> list[tuple[Group, ...]]:
    """Largest set of pairwise disjoint combinations (groups compared by identity)."""
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


def all_concealed(groups: tuple[Group, ...] | list[Group]) -> bool:
    """True when every group is 暗 (seed 004 四歸類: 「若沒有副露，或不是放銃者的銃牌」)."""
    return all(g.concealed for g in groups)


def kong_key(g: Group) -> str:
    """Variant key of the 槓 row for a kong group."""
    if g.kong is KongKind.CONCEALED:
        return "concealed"
    if g.kong is KongKind.ADDED:
        return "added"
    return "exposed"
