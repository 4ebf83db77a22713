"""The detector registry and :class:`HandView`, the per-reading facts every detector reads.

A detector is a small function registered under one pattern id::

    @detector("half_flush", bound=by_counts("tile_set"))
    def half_flush(v: HandView) -> Hits:
        ...
        return ONCE            # or [("open", 0), ("concealed", 0)], or [] for no hit

It returns a list of occurrences ``(variant key, n)``: the key names one of the rule's values
(``base``, ``open``/``concealed``, ``exposed``/``added``/``concealed`` …) and ``n`` feeds a Linear value
(2n+1).  Values, exclusions and on/off live in the rule set (:mod:`taipai.systems.hk_taiwan.rules`),
never in a detector.  A detector must be cheap: :class:`HandView` precomputes what many detectors share.

Every registration says how the 越搭 search may bound its row (``bound=``, a :class:`Bound`): the
search prunes completions by an upper bound on their total (:mod:`taipai.systems.hk_taiwan.scorebound`), so a
row it did not know would be a row it could under-count.  A registration without one is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Protocol

from taipai.core.hand import PAIR, Group, Reading, Shape, WaitShape
from taipai.core.handspec import HandSpec, KongKind, MeldKind, Situation
from taipai.core.tiles import NUM_KINDS
from taipai.systems.hk_taiwan.rules import RuleSet

Hit = tuple[str, int]
Hits = list[Hit]
Detector = Callable[["HandView"], Hits]

ONCE: Hits = [("base", 0)]
"""One occurrence of a single-valued pattern."""

DETECTORS: dict[str, Detector] = {}
"""Pattern id -> detector, filled by the family modules on import."""

NEEDS: dict[str, int] = {}
"""Pattern id -> feature bits (``F_*``) the hand must have for the detector to be worth running."""

BOUNDS: dict[str, Bound] = {}
"""Pattern id -> how the 越搭 search bounds the row (:class:`Bound`), filled with :data:`DETECTORS`
(and by :func:`declare_bound` for the rows scoring itself scores: 雞糊, 鴨胡)."""

COUNTS = "counts"
MOST = "most"
SITUATION = "situation"


@dataclass(frozen=True, slots=True)
class Bound:
    """How the 越搭 search's bound (:mod:`taipai.systems.hk_taiwan.scorebound`) bounds one row; build it with
    :func:`by_counts`, :func:`at_most` or :func:`by_situation` next to the row's detector.

    Attributes:
        kind: :data:`COUNTS`, :data:`MOST` or :data:`SITUATION`.
        term: (counts) the scorebound term that bounds the row from the hand's tile counts.
        most: (most) occurrences the detector can return on one reading.
        word: (situation) a necessary condition on the context words, or None.
        n: (situation) the ``n`` of a 2n+1 value the detector uses, from the context words (None:
            the detector gives 0).
        times: (situation) occurrences on a hand, from its spec and the rule set (None: one).
    """

    kind: str
    term: str = ""
    most: int = 0
    word: Callable[[Situation], bool] | None = None
    n: Callable[[Situation], int] | None = None
    times: Callable[[HandSpec, RuleSet], int] | None = None


def by_counts(term: str) -> Bound:
    """A row bounded from the completed hand's tile counts by ``term``, one of the terms
    :mod:`taipai.systems.hk_taiwan.scorebound` implements (``TERM_ROWS`` there: e.g. ``"tile_set"``
    for 清一色, ``"honours"`` for the 番子 and 三元 rows, whose 「不另計」 tie them together).  scorebound
    refuses at import a row whose term it does not implement or does not list the row under."""
    return Bound(COUNTS, term=term)


def at_most(occurrences: int) -> Bound:
    """A row bounded on every hand by ``occurrences`` times its largest value: how many times its
    detector can hit one reading (e.g. 1 for a row that returns ``ONCE`` or nothing)."""
    if occurrences < 1:
        raise ValueError(f"at_most needs one occurrence or more, not {occurrences!r}")
    return Bound(MOST, most=occurrences)


def by_situation(
    word: Callable[[Situation], bool] | None = None,
    *,
    n: Callable[[Situation], int] | None = None,
    times: Callable[[HandSpec, RuleSet], int] | None = None,
) -> Bound:
    """A row that describes the win, not the tiles (flowers, 狀態, 時態, 莊家): bounded by its
    largest value (at ``n(situation)`` for a 2n+1 value) times ``times(spec, rules)``, when the
    hand's situation has the row's feature bits (``needs``) and ``word(situation)`` holds.

    ``word`` must be a necessary condition of the detector (it returns nothing without it): the
    feature bits F_READY, F_TIMING and F_MULTI are shared by several rows, so without a word the
    bits alone would count 天叮 40 on any hand that declared 叮."""
    return Bound(SITUATION, word=word, n=n, times=times)


class RowValues(Protocol):
    """The values of one rule table's rows as a bound reads them (``systems/hk_taiwan/scorebound.py`` passes
    one to the family modules' bound functions)."""

    def __call__(self, pattern_id: str, n: int = 0, /) -> int:
        """The row's largest value (at ``n`` for a 2n+1 value); 0 when the row is off."""
        ...

    def at(self, pattern_id: str, key: str, /) -> int:
        """The value of one key of a 明/暗 row (``"open"`` / ``"concealed"``); the row's largest
        value when it has no such key; 0 when it is off."""
        ...


def best_consistent(rules: RuleSet, values: dict[str, int]) -> int:
    """The most fan any subset of the rows ``values`` (row id -> the fan it would give) scores when
    they hit together: a row that another hit row excludes (「不另計」, the rule table's
    ``excludes``) scores nothing.  Tries every subset: for the few rows of one bound term."""
    possible = list(values)
    best = 0
    for size in range(1, len(possible) + 1):
        for subset in combinations(possible, size):
            excluded: set[str] = set()
            for pid in subset:
                excluded |= set(rules.patterns[pid].excludes)
            best = max(best, sum(values[pid] for pid in subset if pid not in excluded))
    return best


def declare_bound(pattern_id: str, bound: Bound) -> None:
    """Record the :class:`Bound` of a row scored without a detector (雞糊 and 鴨胡 are decided by
    scoring from what else hit).

    Raises:
        ValueError: the row already has a bound.
    """
    if pattern_id in BOUNDS:
        raise ValueError(f"two bounds for {pattern_id}")
    BOUNDS[pattern_id] = bound


# Feature bits computed once per hand (hand_facts) or per view (HandView.features).  A detector
# declares the bits it needs as a *necessary* condition: scoring skips it when a bit is missing,
# which must never change a result (tests/systems/hk_taiwan/test_scoring_gates.py scores a corpus with and
# without the gates, and checks that no detector ever hits on a view lacking one of its bits).
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
# -- per hand (hand_facts)
F_NO_HONOURS = 1 << 14  # no honour tile
F_ONE_SUIT = 1 << 15  # exactly one suit
F_TWO_SUITS = 1 << 16  # at most two suits
F_FIVE_DOORS = 1 << 17  # 萬, 筒, 索, a wind and a dragon all held (五門)
F_SIMPLES = 1 << 18  # no 一, 九 or honour
F_ORPHANS_ONLY = 1 << 19  # every tile a 一, 九 or honour, and some 一 or 九
F_NO_MIDDLE = 1 << 20  # no suited 四, 五 or 六 (every group could hold a 一 or 九)
F_NARROW = 1 << 21  # suited tiles held, their numbers within five (one number could be in every group)
F_DEALER = 1 << 22  # the winner deals
F_CONCEALED = 1 << 23  # 門前清 (no chow, pung or exposed/added kong declared)
F_NO_FLOWERS = 1 << 24  # no flower
F_FLOWERS4 = 1 << 25  # four flowers or more
F_ALL_HONOURS = 1 << 26  # honours only
F_FOUR_MELDS = 1 << 27  # four melds or more declared
# -- per view (HandView.features)
F_STANDARD = 1 << 28  # a STANDARD reading (melds and eyes)
F_SPECIAL = 1 << 29  # 嚦咕嚦咕, 十六不搭 or 十三幺
F_ALL_CHOWS = 1 << 30  # standard, every meld a chow
F_NO_CHOWS = 1 << 31  # standard, melds and no chow
F_SINGLE_WAIT = 1 << 32  # the wait set holds one tile
F_MULTI_WAIT = 1 << 33  # the wait set holds several tiles
F_CPUNGS2 = 1 << 34  # two 暗刻 or more (kongs included)
F_CPUNGS3 = 1 << 35  # three 暗刻 or more
F_WIND_PUNG = 1 << 36  # a pung or kong of a wind
F_DRAGON_PUNG = 1 << 37  # a pung or kong of a dragon
F_PUNG_ADJ = 1 << 38  # two suited pungs of one suit, numbers consecutive (姊妹)
F_PUNG_SAME_RANK = 1 << 39  # two suited pungs of one number in two suits (兄弟)
F_PUNG_SHIFT = 1 << 40  # two suited pungs in two suits, numbers one or two apart (三色三節高)
F_CHOW_SAME_RANK = 1 << 41  # two chows of the same numbers in two suits (喜相逢)
F_CHOW_TRIPLE = 1 << 42  # chows of the same numbers in all three suits (三色同順)
F_CHOW_MIXED_SHIFT = 1 << 43  # chows in three suits, numbers rising by 1 or 2 (三色三步高)
F_CHOW_MIXED_STRAIGHT = 1 << 44  # 123, 456 and 789 chows in three suits (雜龍)
F_CHOW_RUN3 = 1 << 45  # three chows of one suit rising by 1 or 2 (步高)
F_CHOW_STRAIGHT = 1 << 46  # 123, 456 and 789 chows of one suit (清龍)
F_CHOW_TERMINALS = 1 << 47  # 123 and 789 chows of one suit (老少順)
F_SAME_CHOWS = 1 << 48  # standard, two identical chows, or two pungs that 般高 may re-read as chows
F_PUNG_TERMINALS = 1 << 49  # pungs of 一 and 九 of one suit (老少刻)
F_PUNG_RUN3 = 1 << 50  # three suited pungs of one suit, numbers consecutive (大三姊妹 and up)
F_PUNG_RUN4 = 1 << 51  # four suited pungs of one suit, numbers consecutive (大四姊妹 and up)
# -- per hand again (hand_facts)
F_FOUR2 = 1 << 52  # two tile kinds or more held four times (八歸三)
F_FOUR3 = 1 << 53  # three tile kinds or more held four times (十二歸四)

_SUIT_BIT = tuple(1 << (t // 9) for t in range(27))
_RANK_BIT = tuple(1 << (t % 9) for t in range(27))
_SUIT_SETS = tuple(frozenset(s for s in range(3) if bits >> s & 1) for bits in range(8))
"""Suit bit mask -> the set of suits (shared immutable sets)."""
F_CONTEXT_WORDS = F_TIMING | F_READY | F_MULTI
"""Bits set by a context word (DESIGN §4) other than 莊."""
_CHOW = MeldKind.CHOW.value
_KONG = MeldKind.KONG.value
_STANDARD = Shape.STANDARD
_EIGHT_PAIRS = Shape.EIGHT_PAIRS
_MIDDLE_RANKS = 0b000111000
"""0-based rank bits of 四, 五, 六."""
_TERMINAL_RANKS = 0b100000001
"""0-based rank bits of 一 and 九."""


def detector(pattern_id: str, *, bound: Bound, needs: int = 0) -> Callable[[Detector], Detector]:
    """Register ``fn`` as the detector of ``pattern_id`` (one detector per id).

    Args:
        pattern_id: the row's id in the rule table.
        bound: how the 越搭 search bounds the row (:class:`Bound`); required.
        needs: feature bits (``F_*``) without which the pattern cannot occur; a speed hint only.

    Raises:
        ValueError: ``pattern_id`` already has a detector or a bound; ``bound`` is not a Bound.
    """
    if not isinstance(bound, Bound):
        raise ValueError(f"the bound of {pattern_id} must be a Bound, not {bound!r}")

    def register(fn: Detector) -> Detector:
        if pattern_id in DETECTORS or pattern_id in BOUNDS:
            raise ValueError(f"two detectors for {pattern_id}")
        DETECTORS[pattern_id] = fn
        NEEDS[pattern_id] = needs
        BOUNDS[pattern_id] = bound
        return fn

    return register


def open_or_concealed(concealed: bool) -> Hit:
    """The 明/暗 occurrence key for a row marked 「可分明暗」."""
    return ("concealed", 0) if concealed else ("open", 0)


def hand_facts(spec: HandSpec, counts: list[int]) -> tuple[frozenset[int], int, int]:
    """Facts shared by every reading of one hand: (suits present, honour tiles, feature bits).

    ``counts``: 34 counts of every natural tile (kongs as 4).  Computed once per hand by scoring.
    """
    suit_bits = 0  # bit s for suit s held
    ranks = 0  # 0-based rank bits held in any suit
    for t in [t for t in range(27) if counts[t]]:
        suit_bits |= _SUIT_BIT[t]
        ranks |= _RANK_BIT[t]
    suits = _SUIT_SETS[suit_bits]
    honours = sum(counts[27:NUM_KINDS])
    f = 0
    fours = counts.count(4)
    if fours:
        f |= F_FOUR | (F_FOUR2 if fours >= 2 else 0) | (F_FOUR3 if fours >= 3 else 0)
    if honours:
        f |= F_HONOURS
        if not suits:
            f |= F_ALL_HONOURS
        elif (
            len(suits) == 3
            and (counts[27] or counts[28] or counts[29] or counts[30])
            and (counts[31] or counts[32] or counts[33])
        ):
            f |= F_FIVE_DOORS
    else:
        f |= F_NO_HONOURS
        if not ranks & _TERMINAL_RANKS:
            f |= F_SIMPLES
    if len(suits) == 1:
        f |= F_ONE_SUIT
    if len(suits) <= 2:
        f |= F_TWO_SUITS
    if ranks:
        if not ranks & ~_TERMINAL_RANKS:
            f |= F_ORPHANS_ONLY
        if not ranks & _MIDDLE_RANKS:
            f |= F_NO_MIDDLE
        if ranks.bit_length() - (ranks & -ranks).bit_length() <= 4:
            f |= F_NARROW
    if spec.self_drawn:
        f |= F_SELF
    flowers = spec.flowers
    if flowers:
        f |= F_FLOWERS
        if len(flowers) >= 4:
            f |= F_FLOWERS4
    else:
        f |= F_NO_FLOWERS
    if spec.is_concealed:
        f |= F_CONCEALED
    if len(spec.melds) >= 4:
        f |= F_FOUR_MELDS
    return suits, honours, f | situation_bits(spec.situation)


def situation_bits(s: Situation) -> int:
    """F_DEALER, F_TIMING, F_READY and F_MULTI of the context words in ``s`` (DESIGN §4)."""
    f = F_DEALER if s.dealer else 0
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
    return f


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
        memo: scratch space of this view for the family modules (facts several detectors of one
            family share, computed by the first that asks), keyed ``"<family>.<fact>"``.  It lives
            and dies with the view, so scoring holds no state between hands and is re-entrant.
        hand_memo: the same for facts of the hand's tiles alone, shared by every view of one hand
            (the ``hand_memo`` argument; a fresh dict when None).
    """

    __slots__ = (
        "_dark",
        "chows",
        "concealed_hand",
        "counts",
        "eyes",
        "features",
        "flowers",
        "groups",
        "hand_memo",
        "honours",
        "melds",
        "memo",
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
        hand: tuple[frozenset[int], int, int] | None = None,
        hand_memo: dict[str, object] | None = None,
    ) -> None:
        self.spec = spec
        self.memo: dict[str, object] = {}
        self.hand_memo: dict[str, object] = {} if hand_memo is None else hand_memo
        self.situation: Situation = spec.situation
        self.rules = rules
        self.reading = reading
        shape = reading.shape
        self.shape = shape
        standard = shape is _STANDARD
        self.standard = standard
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
            if g.kind == _CHOW:
                chows.append(g)
            else:
                pungs.append(g)
        self.melds: list[Group] = melds
        self.chows: list[Group] = chows
        self.pungs: list[Group] = pungs
        self.eyes: int | None = eyes if shape is not _EIGHT_PAIRS else None
        if hand is None:
            hand = hand_facts(spec, counts)
        self.suits, self.honours, f = hand
        self.concealed_hand = bool(f & F_CONCEALED)  # spec.is_concealed, worked out once per hand
        self.self_drawn = spec.self_drawn
        self.flowers = spec.flowers
        self.repeat = rules.options.repeat_counting
        f |= F_SINGLE_WAIT if len(waits) == 1 else F_MULTI_WAIT if waits else 0
        if not standard:
            f |= F_SPECIAL
        else:
            f |= F_STANDARD
            if melds:
                f |= F_NO_CHOWS if not chows else F_ALL_CHOWS if len(chows) == len(melds) else 0
        n_chows = len(chows)
        dark = 0  # 暗刻, kongs included (concealed_pung_count)
        if n_chows >= 2:
            f |= F_CHOWS2 | _chow_bits(chows)
            if n_chows >= 3:
                f |= F_CHOW3
        if pungs:
            f |= F_PUNG
            if len(pungs) >= 2:
                f |= F_PUNGS2
            concealed_pungs = 0  # 暗 pungs, kongs not included
            undeclared = 0  # suited pungs not laid down (般高 may re-read them as chows)
            suited: list[int] = []
            for g in pungs:
                t = g.tile
                if g.kind == _KONG:
                    f |= F_KONG
                    dark += 1
                elif g.concealed:
                    concealed_pungs += 1
                    dark += 1
                if t >= 27:
                    f |= F_HONOUR_PUNG | (F_DRAGON_PUNG if t >= 31 else F_WIND_PUNG)
                else:
                    suited.append(t)
                    if not g.declared:
                        undeclared += 1
            if undeclared >= 2:
                f |= F_SAME_CHOWS
            if n_chows + concealed_pungs >= 2:
                f |= F_CHOWLIKE2
            if dark >= 2:
                f |= F_CPUNGS2 | (F_CPUNGS3 if dark >= 3 else 0)
            if len(suited) >= 2:
                f |= _pung_bits(suited)
        elif n_chows >= 2:
            f |= F_CHOWLIKE2
        if not f & F_STANDARD:
            f &= ~F_SAME_CHOWS
        self.features = f
        self._dark = dark

    # -- helpers shared by several families -----------------------------------------------

    @property
    def wait_shape(self) -> WaitShape:
        """Where the winning tile sits in this reading."""
        return self.reading.wait_shape

    def concealed_pung_count(self) -> int:
        """暗刻 count: pungs not laid down and not completed by the discard, plus every kong.

        Seed 004, 槓牌: 「不論是明槓或暗槓，該槓牌一律視作暗刻」; 刻子類 兩暗刻: 「包括槓牌」.
        Counted once, with the feature bits (F_CPUNGS2 / F_CPUNGS3 read the same count).
        """
        return self._dark

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


_SUIT_ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
_STRAIGHT_STARTS = 0b1001001
"""Chow start-rank bits of 123, 456 and 789."""


def _chow_bits(chows: list[Group]) -> int:
    """The F_CHOW_* bits (and F_SAME_CHOWS for identical chows) of two or more chows.

    Per suit, a bit mask of the chows' starting ranks; each bit is a shift-and-mask test on them.
    """
    masks = [0, 0, 0]
    f = 0
    for g in chows:
        s, r = divmod(g.tile, 9)
        bit = 1 << r
        if masks[s] & bit:
            f |= F_SAME_CHOWS
        masks[s] |= bit
    m0, m1, m2 = masks
    if m0 & m1 or m0 & m2 or m1 & m2:
        f |= F_CHOW_SAME_RANK
        if m0 & m1 & m2:
            f |= F_CHOW_TRIPLE
    if m0 and m1 and m2:
        for a, b, c in _SUIT_ORDERS:
            ma, mb, mc = masks[a], masks[b], masks[c]
            if ma & (mb >> 1) & (mc >> 2) or ma & (mb >> 2) & (mc >> 4):
                f |= F_CHOW_MIXED_SHIFT
            if ma & 1 and mb & 8 and mc & 64:
                f |= F_CHOW_MIXED_STRAIGHT
    for m in masks:
        if m & (m >> 1) & (m >> 2) or m & (m >> 2) & (m >> 4):
            f |= F_CHOW_RUN3
        if m & _STRAIGHT_STARTS == _STRAIGHT_STARTS:
            f |= F_CHOW_STRAIGHT
        if m & 65 == 65:
            f |= F_CHOW_TERMINALS
    return f


def _pung_bits(suited: list[int]) -> int:
    """F_PUNG_* bits of two or more suited pung tiles.

    Per suit, a bit mask of the pungs' ranks; each bit is a shift-and-mask test on them.
    """
    masks = [0, 0, 0]
    for t in suited:
        masks[t // 9] |= 1 << (t % 9)
    f = 0
    for m in masks:
        adj = m & (m >> 1)  # ranks r with a pung at r + 1
        if adj:
            f |= F_PUNG_ADJ
            run3 = adj & (adj >> 1)
            if run3:
                f |= F_PUNG_RUN3 | (F_PUNG_RUN4 if run3 & (adj >> 2) else 0)
        if m & _TERMINAL_RANKS == _TERMINAL_RANKS:
            f |= F_PUNG_TERMINALS
    m0, m1, m2 = masks
    if m0 & m1 or m0 & m2 or m1 & m2:
        f |= F_PUNG_SAME_RANK
    for a, b in ((m0, m1), (m0, m2), (m1, m2)):
        if a & ((b << 1) | (b >> 1) | (b << 2) | (b >> 2)):
            f |= F_PUNG_SHIFT
    return f


def _max_disjoint(found: list[tuple[Group, ...]]) -> list[tuple[Group, ...]]:
    """Largest set of pairwise disjoint combinations (groups compared by identity); the first such
    set in include-first search order."""
    # Each combination as a bit mask of its groups (bit per distinct group object), so that a
    # clash is one AND.
    bit_of: dict[int, int] = {}
    masks: list[int] = []
    size = 0
    for c in found:
        m = 0
        for g in c:
            m |= 1 << bit_of.setdefault(id(g), len(bit_of))
        masks.append(m)
        size += len(c)
    if len(bit_of) == size:  # already disjoint: the search would take them all
        return found
    best: list[tuple[Group, ...]] = []
    n = len(found)

    def search(i: int, used: int, acc: list[tuple[Group, ...]]) -> None:
        nonlocal best
        if len(acc) + (n - i) <= len(best):
            return
        if i == n:
            best = list(acc)
            return
        m = masks[i]
        if not m & used:
            acc.append(found[i])
            search(i + 1, used | m, acc)
            acc.pop()
        search(i + 1, used, acc)

    search(0, 0, [])
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
