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
from taipai.core.tiles import NUM_KINDS

Hit = tuple[str, int]
Hits = list[Hit]
Detector = Callable[["HandView"], Hits]

ONCE: Hits = [("base", 0)]
"""One occurrence of a single-valued pattern."""

DETECTORS: dict[str, Detector] = {}
"""Pattern id -> detector, filled by the family modules on import."""

NEEDS: dict[str, int] = {}
"""Pattern id -> feature bits (``F_*``) the hand must have for the detector to be worth running."""

# Feature bits computed once per view (HandView.features).  A detector declares the bits it needs
# as a *necessary* condition: scoring skips it when a bit is missing, which must never change a
# result (tests/core/test_scoring_gates.py scores a corpus with and without the gates).
F_CHOWS2 = 1 << 0  # at least two chows
F_PUNGS2 = 1 << 1  # at least two pungs or kongs
F_PUNG = 1 << 2  # at least one pung or kong
F_FOUR = 1 << 3  # some tile kind held four times
F_KONG = 1 << 4  # at least one kong
F_CHOWLIKE2 = 1 << 5  # chows + concealed pungs >= 2 (般高 also re-reads concealed pungs as chows)
F_CHOW3 = 1 << 6  # at least three chows
F_HONOUR_PUNG = 1 << 7  # a pung or kong of an honour
F_HONOURS = 1 << 8  # any honour tile
F_SELF = 1 << 9  # self-drawn
F_TIMING = 1 << 10  # any 時態 context word (槓上, 花上, 搶槓, 海底, 河底, 絕張, X隻內, 天/地/人糊)
F_READY = 1 << 11  # 叮 / 一發 / 食聽牌 / 天叮 declared
F_MULTI = 1 << 12  # 一炮雙響 / 三響 / 錦上添花
F_FLOWERS = 1 << 13  # any flower


def detector(pattern_id: str, *, needs: int = 0) -> Callable[[Detector], Detector]:
    """Register ``fn`` as the detector of ``pattern_id`` (one detector per id).

    ``needs``: feature bits (``F_*``) without which the pattern cannot occur; a speed hint only.
    """

    def register(fn: Detector) -> Detector:
        if pattern_id in DETECTORS:
            raise ValueError(f"two detectors for {pattern_id}")
        DETECTORS[pattern_id] = fn
        NEEDS[pattern_id] = needs
        return fn

    return register


def open_or_concealed(concealed: bool) -> Hit:
    """The 明/暗 occurrence key for a row marked 「可分明暗」."""
    return ("concealed", 0) if concealed else ("open", 0)


def hand_facts(spec: HandSpec, counts: list[int]) -> tuple[set[int], int, int]:
    """Facts shared by every reading of one hand: (suits present, honour tiles, feature bits).

    ``counts``: 34 counts of every natural tile (kongs as 4).  Computed once per hand by scoring.
    """
    suits = set()
    if any(counts[0:9]):
        suits.add(0)
    if any(counts[9:18]):
        suits.add(1)
    if any(counts[18:27]):
        suits.add(2)
    honours = sum(counts[27:NUM_KINDS])
    f = 0
    if 4 in counts:
        f |= F_FOUR
    if honours:
        f |= F_HONOURS
    if spec.self_drawn:
        f |= F_SELF
    if spec.flowers:
        f |= F_FLOWERS
    s = spec.situation
    if (
        s.kong_replacements
        or s.flower_replacements
        or s.mixed_replacements
        or s.robbing_kong
        or s.robbing_kong_on_kong
        or s.last_tile_draw
        or s.last_discard
        or s.last_copy
        or s.last_copy_eight
        or s.discards_seen is not None
        or s.heavenly
        or s.earthly
        or s.human
    ):
        f |= F_TIMING
    if s.declared_ready or s.one_shot or s.ready_discard_win or s.double_ready:
        f |= F_READY
    if s.multiple_winners > 1 or s.kick_on_multi:
        f |= F_MULTI
    return suits, honours, f


class HandView:
    """Facts about one reading of one hand, computed once and shared by all detectors.

    Attributes (all read-only by convention):
        spec, situation, rules, reading, shape: the inputs; standard: shape is STANDARD.
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
        "features",
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
        "standard",
        "suits",
        "waits",
    )

    def __init__(
        self,
        spec: HandSpec,
        reading: Reading,
        rules: RuleSet,
        waits: tuple[int, ...],
        counts: list[int],
        hand: tuple[set[int], int, int] | None = None,
    ) -> None:
        self.spec = spec
        self.situation: Situation = spec.situation
        self.rules = rules
        self.reading = reading
        shape = reading.shape
        self.shape = shape
        self.standard = shape is Shape.STANDARD
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
        self.eyes: int | None = eyes if shape is not Shape.EIGHT_PAIRS else None
        if hand is None:
            hand = hand_facts(spec, counts)
        self.suits, self.honours, f = hand
        self.concealed_hand = spec.is_concealed
        self.self_drawn = spec.self_drawn
        self.flowers = spec.flowers
        self.repeat = rules.options.repeat_counting
        n_chows = len(chows)
        if n_chows >= 2:
            f |= F_CHOWS2
            if n_chows >= 3:
                f |= F_CHOW3
        if pungs:
            f |= F_PUNG
            if len(pungs) >= 2:
                f |= F_PUNGS2
            concealed_pungs = 0
            for g in pungs:
                if g.kind == MeldKind.KONG:
                    f |= F_KONG
                elif g.concealed:
                    concealed_pungs += 1
                if g.tile >= 27:
                    f |= F_HONOUR_PUNG
            if n_chows + concealed_pungs >= 2:
                f |= F_CHOWLIKE2
        elif n_chows >= 2:
            f |= F_CHOWLIKE2
        self.features = f

    # -- helpers shared by several families -----------------------------------------------

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
