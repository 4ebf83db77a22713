"""河源百搭's 保 through the core wildcard engine (:mod:`taipai.core.wilds.search`), and 飛牌 / 保釣保.

Seed 001: 「河源麻将百搭 … 多了"梅兰菊竹、春夏秋冬"八张花牌叫做"保"，"保"在手牌中可以变成万、索、筒、
风、箭任意牌 … 用单独的"保"叫雀头时称为"飞牌"，"飞牌"成胡后筹码得分翻一番但单独的"保"再摸到"保"胡牌后
称为"保钓保"，这时候的筹码得分是按"飞牌"的筹码再翻一番」.

- **保**: each of the eight flowers is a wildcard of range "any tile" (the engine's 皇 kind), held in the hand
  only (「在手牌中」: never in a 上 / 碰 / 槓 laid down).  :class:`HeyuanScorer` is the engine's
  :class:`~taipai.core.wilds.plugin.WildScorer`: 13 tiles, 十三幺 as the special shape, 雞平和's scorer
  (:func:`taipai.systems.guangdong.reading.best_of`) for each concrete completion and a sound bound
  (:class:`HeyuanBound`) for the branch and bound.  A 保 may not be a fifth copy of a tile (the engine's
  ``fifth_copy`` off; the seed is silent: our choice).
- **飛牌** (×2): the hand held before the win has a 保 waiting alone as the eyes: without that 保 the other
  twelve tiles (the other 保 in them) are four sets, so any tile completes the eyes.  **保釣保** (×4): such a
  hand wins on another 保.  :func:`flying` decides it (from the engine's per-suit tables,
  :func:`taipai.core.wilds.search.fill_exists`).  A doubling is one 番 (「番是2倍的意思」), so 飛牌 adds a
  row of 1番 after 爆和 and 保釣保 one of 2番: the money is 2^番 × 底 as at 雞平和.
- **正百搭** (the table's ``patterns``): only 混一色, 碰碰和, 混碰, 清一色, 清碰 (大哥), 混幺九 / 清幺九
  and 十三幺 win; another hand is refused (``not_a_win``, the hint naming them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from taipai.core.errors import HandError
from taipai.core.hand import Reading, Shape
from taipai.core.handspec import HandSpec, Meld
from taipai.core.scoretypes import PatternScore, Score
from taipai.core.tiles import NUM_KINDS, ORPHANS, name_zh
from taipai.core.wilds.plugin import summaries_one_by_one
from taipai.core.wilds.rules import WildRules
from taipai.core.wilds.search import fill_exists
from taipai.systems.guangdong.options import GuangdongOptions
from taipai.systems.guangdong.reading import HAND_SIZE, best_of
from taipai.systems.guangdong.reading import check_count as guangdong_check_count
from taipai.systems.guangdong.rules import GuangdongRules

BAO: Final = "皇"
"""The engine's any-tile kind, which a 保 is."""

BAO_RULES: Final = WildRules(
    table_kinds=(BAO,),
    in_melds=False,
    max_per_concealed_meld=3,
    eyes_both_wild=True,
    fifth_copy=False,
    special_shapes=True,
    max_wilds_per_hand=8,
)
"""保's rules: held only (「"保"在手牌中」), up to all eight, any number in one concealed set, two as the eyes
(保钓保 needs it), no fifth copy."""

PROPER_ROWS: Final = frozenset(
    {
        "mixed_one_suit",
        "all_pungs",
        "mixed_pungs",
        "pure_one_suit",
        "pure_pungs",
        "mixed_terminals",
        "all_terminals",
        "thirteen_orphans",
    }
)
"""正百搭's hands (seed 001 「杂色(混一色)、碰碰胡、清一色、大哥(清一色碰碰胡)、幺九、十三幺」), by
雞平和's row ids; 混碰 is 杂色 and 碰碰胡 at once."""

FLYING_ID: Final = "flying"
FLYING_NAME: Final = "飛牌"
BAO_ON_BAO_ID: Final = "bao_on_bao"
BAO_ON_BAO_NAME: Final = "保釣保"


@dataclass(frozen=True, slots=True)
class Completion:
    """One concrete completion as the engine's :class:`~taipai.core.wilds.plugin.Evaluated`."""

    value: int
    rows: tuple[PatternScore, ...]
    reading: tuple[str, ...]
    waits: tuple[int, ...]

    @property
    def total(self) -> int:
        """The 番 the hand is paid on (the engine compares completions by it)."""
        return self.value

    @property
    def key(self) -> tuple[int, int]:
        """``(番, 番)``: the hand's value after 爆和 and the floors."""
        return self.value, self.value

    def score(self) -> Score:
        """The completion's :class:`Score` (``wilds`` filled in by the engine)."""
        return Score(
            fan=self.value,
            bases=1,
            base_fan=0,
            total=self.value,
            patterns=self.rows,
            reading=self.reading,
            waits=self.waits,
        )


SUMMARY_CACHE_MAX: Final = 2_048
"""Suit summaries kept (shared between hands; a hand with eight 保 asks a few thousand)."""


@dataclass(frozen=True)
class HeyuanBound:
    """A sound upper bound on a completion's 番 from its tile counts (the engine's
    :class:`~taipai.core.wilds.plugin.WildBound`).

    Each row of 雞平和 needs something of the counts: 清一色 and 清碰 one suit and no honours, 混一色 and
    混碰 one suit, 混幺九 / 清幺九 / 十三幺 no 2–8, 小三元 / 大三元 the dragons, 小四喜 / 大四喜 the winds,
    字一色 no suit.  A summary holds flags and counts that only grow when a row becomes possible (so the
    field-wise max is an envelope).  A hand outside every special row is worth at most
    ``min(cap, 2 (碰碰和) or 1 (平和) or 0 (雞和) + 2 (混一色, one suit) + 自摸 + 門風 + 圈風 + 箭刻)``,
    the floor when a floor word was said.

    碰碰和 needs every suit's counts to be pungs (or kongs) and at most the eyes, and 平和 every numbered
    suit's to split into chows and at most a pair, the honours at most the eyes (so no 門風, 圈風 or 箭刻
    beside it); a hand that can be neither is worth its 附加 alone below the cap (雞和 0).

    Suit summary (萬 筒 索): ``(empty, no 2-8, pungs only, chows only)``; honours: ``(empty, dragons ≥ 8,
    all dragons ≥ 3, winds ≥ 11, all winds ≥ 3, seat wind ≥ 3, round wind ≥ 3, dragons held ≥ 3 times,
    pungs only, at most a pair)``.

    Attributes:
        cap, floor: the table's 爆和 and floor.
        proper: 正百搭 (小三元, 大三元, 小四喜, 大四喜, 字一色, 九蓮寶燈 do not win there).
        seat, round: the winner's seat and round wind (27..30).
        self_drawn: 自摸 (+1 inside the cap).
        floored: a floor word applies (槓上, 海底, 搶槓, 一炮三響).
    """

    cap: int
    floor: int
    proper: bool
    seat: int = 27
    round: int = 27
    self_drawn: bool = False
    floored: bool = False

    def summary(self, suit: int, counts: tuple[int, ...]) -> tuple[int, ...]:
        """Flags of one suit's final counts."""
        return _summary(suit, tuple(counts), self.seat - 27, self.round - 27)

    def summaries(
        self, suit: int, counts: Sequence[int], fills: Sequence[tuple[int, ...]]
    ) -> list[tuple[int, ...]]:
        """:meth:`summary` of ``counts`` with each of ``fills`` added."""
        return summaries_one_by_one(self, suit, counts, fills)

    def suit_fan(self, summary: tuple[int, ...]) -> int:
        """How promising a suit is: the sum of its fields."""
        return sum(summary)

    def envelope(self, summaries: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
        """The field-wise max of ``summaries``."""
        return tuple(max(col) for col in zip(*summaries, strict=True))

    def total(self, s0: tuple[int, ...], s1: tuple[int, ...], s2: tuple[int, ...], h: tuple[int, ...]) -> int:
        """Upper bound on the 番 of a completion with these summaries."""
        empties = s0[0] + s1[0] + s2[0]
        one_suit = empties >= 2
        pungs = int(self.self_drawn) + h[5] + h[6] + h[7]  # 自摸 and the honour pungs' 附加
        shape = pungs  # 雞和 0: any split
        if s0[2] and s1[2] and s2[2] and h[8]:
            shape = 2 + pungs  # 碰碰和 2
        if s0[3] and s1[3] and s2[3] and h[9]:
            shape = max(shape, 1 + int(self.self_drawn))  # 平和 1: no pung, so no honour pung's 附加
        best = min(self.cap, shape + (2 if one_suit else 0))
        if self.floored:
            best = max(best, self.floor)
        if one_suit:
            best = max(best, 5)  # 清碰 5, 混碰 4, 清一色 4
            if empties == 3:
                best = max(best, 6)  # 字一色 (碰碰和 at 正百搭: below 6 anyway)
        if s0[1] and s1[1] and s2[1]:
            best = max(best, 6)  # 清幺九 / 十三幺 6, 混幺九 5
        if not self.proper:
            if h[1] or h[3]:
                best = max(best, 5)  # 小三元 / 小四喜
            if h[2] or h[4]:
                best = max(best, 6)  # 大三元 / 大四喜
            if one_suit:
                best = max(best, 6)  # 九蓮寶燈
        return best

    def bound(self, final: Sequence[int]) -> int:
        """Upper bound on the 番 of the completion whose 34 final counts are ``final``."""
        return self.total(
            self.summary(0, tuple(final[0:9])),
            self.summary(1, tuple(final[9:18])),
            self.summary(2, tuple(final[18:27])),
            self.summary(3, tuple(final[27:34])),
        )


@lru_cache(maxsize=SUMMARY_CACHE_MAX)
def _summary(suit: int, counts: tuple[int, ...], seat: int, round_: int) -> tuple[int, ...]:
    empty = int(not any(counts))
    if suit < 3:
        return empty, int(not any(counts[1:8])), _pungs_only(counts), _chows_only(counts)
    winds, dragons = counts[0:4], counts[4:7]
    return (
        empty,
        int(sum(dragons) >= 8),
        int(all(c >= 3 for c in dragons)),
        int(sum(winds) >= 11),
        int(all(c >= 3 for c in winds)),
        int(winds[seat] >= 3),
        int(winds[round_] >= 3),
        sum(1 for c in dragons if c >= 3),
        _pungs_only(counts),
        int(sum(counts) == 0 or sorted(counts)[-2:] == [0, 2]),  # honours in a 平和: the eyes at most
    )


def _pungs_only(counts: tuple[int, ...]) -> int:
    """1 when one suit's final counts may be pungs and kongs (a kong's four counted) and at most the
    eyes: every count 0, 2, 3 or 4 with at most one 2 (碰碰和's necessary condition)."""
    return int(all(c != 1 for c in counts) and sum(1 for c in counts if c == 2) <= 1)


@lru_cache(maxsize=SUMMARY_CACHE_MAX)
def _chows_only(counts: tuple[int, ...]) -> int:
    """1 when one numbered suit's final counts split into chows and at most one pair (平和's)."""
    n = sum(counts)
    if n % 3 == 1:
        return 0
    if n % 3 == 0:
        return int(_chows(counts))
    pairs = (r for r in range(9) if counts[r] >= 2)
    return int(any(_chows((*counts[:r], counts[r] - 2, *counts[r + 1 :])) for r in pairs))


def _chows(counts: tuple[int, ...]) -> bool:
    """Whether ``counts`` (9 ranks) split into chows alone."""
    c = list(counts)
    for r in range(9):
        k = c[r]
        if not k:
            continue
        if r > 6 or c[r + 1] < k or c[r + 2] < k:
            return False
        c[r + 1] -= k
        c[r + 2] -= k
    return True


@dataclass(frozen=True)
class HeyuanScorer:
    """The engine's :class:`~taipai.core.wilds.plugin.WildScorer` for 河源百搭 (module docstring).

    Attributes:
        rules: 雞平和's table.
        options: the table's settings (爆和, floor, pattern set: ``proper`` for 正百搭).
        proper: 正百搭 (only :data:`PROPER_ROWS` win).
    """

    rules: GuangdongRules
    options: GuangdongOptions
    proper: bool = False
    hand_size: int = HAND_SIZE
    wild_rules: WildRules = BAO_RULES
    special_shapes: frozenset[Shape] = field(default=frozenset({Shape.THIRTEEN_ORPHANS}))
    repeat_counting: bool = False
    ties_equal: bool = True  # a completion's key is (番, 番): equal 番, equal answer, so stop on ties

    def evaluate(
        self,
        spec: HandSpec,
        *,
        wait_tiles: tuple[int, ...],
        reading_ok: Callable[[Reading], bool] | None,
    ) -> Completion:
        """雞平和's best reading of one concrete completion (``reading_ok`` is never set: 保 sits anywhere).

        Raises:
            HandError: ``not_a_win`` (no reading, or at 正百搭 none of its hands).
        """
        del reading_ok
        value, rows, reading = best_of(spec, self.rules, self.options)
        if self.proper and not any(p.id in PROPER_ROWS for p in rows):
            raise proper_refusal()
        shown = reading.describe_zh() if reading is not None else ("十三幺", *(name_zh(t) for t in ORPHANS))
        return Completion(value, tuple(rows), shown, wait_tiles)

    def bounder(self, spec: HandSpec, melds: tuple[Meld, ...], wait_tiles: tuple[int, ...]) -> HeyuanBound:
        """:class:`HeyuanBound` at this table's 爆和 and floor, for this winner's winds and words."""
        s = spec.situation
        floored = (
            (spec.self_drawn and (s.kong_replacements >= 1 or s.last_tile_draw))
            or (not spec.self_drawn and s.robbing_kong)
            or s.multiple_winners == 3
        )
        return HeyuanBound(
            self.options.cap,
            self.options.floor,
            self.proper,
            seat=s.seat_wind,
            round=s.round_wind,
            self_drawn=spec.self_drawn,
            floored=floored,
        )


PROPER_LEAST: Final = 2
"""The least 正百搭 hand in 雞平和's table: 混一色 2, 碰碰和 2 (清一色 4, 幺九 5, 大哥 and 十三幺 6)."""


def proper_refusal(count: int | None = None, *, formed: bool = True) -> HandError:
    """The refusal of a hand that is none of 正百搭's (``hint_args["reason"]`` ``"proper"``: its tiles
    make four sets and eyes; ``"proper_wild"`` with ``formed`` False: with its 保 they make none of
    正百搭's hands, and maybe no win at all), or of a bare ``count`` below :data:`PROPER_LEAST`
    (``"proper_count"``, with the count)."""
    args: dict[str, object] = {"reason": "proper" if formed else "proper_wild"}
    if count is not None:
        args = {"reason": "proper_count", "count": count, "least": PROPER_LEAST}
    return HandError(
        "not_a_win",
        "正百搭 wins only with 混一色, 碰碰和, 清一色, 大哥 (清碰), 幺九 or 十三幺",
        hint="at 正百搭 a win is 混一色, 碰碰和, 清一色, 大哥, 幺九 or 十三幺 (規則 玩法 雞胡百搭: any)",
        hint_args=args,
    )


def check_count(count: int, options: object = None) -> int:
    """A bare count typed at a 河源百搭 table: 雞平和's check, and under 正百搭 (``options.patterns``
    ``"proper"``) at least :data:`PROPER_LEAST` (正百搭 wins only with its patterns: seed 001
    「杂色(混一色)、碰碰胡、清一色、大哥(清一色碰碰胡)、幺九、十三幺」).

    Raises:
        HandError: ``bad_count`` (negative); ``not_a_win`` (:func:`proper_refusal` with the count).
    """
    booked = guangdong_check_count(count, options)
    if getattr(options, "patterns", None) == "proper" and booked < PROPER_LEAST:
        raise proper_refusal(booked)
    return booked


def four_sets(counts: Sequence[int], wilds: int, sets: int, room: Sequence[int]) -> bool:
    """Whether ``counts`` (34 natural concealed tiles) and ``wilds`` any-tile 保 make exactly ``sets``
    sets and no eyes, a 保 standing for at most ``room[t]`` more copies of ``t``.

    The wildcards are split among the four suits; each suit is checked with the engine's per-suit table
    (:func:`taipai.core.wilds.search.fill_exists`, which adds no eyes when the suit's total is 0 mod 3)."""
    if sum(counts) + wilds != 3 * sets:
        return False
    parts = [
        (tuple(counts[0:9]), False, tuple(room[0:9])),
        (tuple(counts[9:18]), False, tuple(room[9:18])),
        (tuple(counts[18:27]), False, tuple(room[18:27])),
        (tuple(counts[27:34]), True, tuple(room[27:34])),
    ]

    def split(i: int, left: int) -> bool:
        if i == len(parts):
            return left == 0
        suit, honours, space = parts[i]
        for j in range(left + 1):
            if (sum(suit) + j) % 3 == 0 and fill_exists(honours, suit, j, space) and split(i + 1, left - j):
                return True
        return False

    return split(0, wilds)


def flying(spec: HandSpec) -> str | None:
    """``"bao_on_bao"`` (保釣保), ``"flying"`` (飛牌) or ``None`` for a hand with its 保 as wildcards
    (``spec.wilds``: concealed 保, ``spec.winning_wild``: a winning 保).

    飛牌: one concealed 保 left out, the other concealed tiles and 保 make the sets still to make (four less
    those laid down), so the lone 保 waits as the eyes on any tile; the winning tile (a natural tile) may
    still be held a fourth time.  保釣保: the same, won on a 保 drawn by the winner (the two 保 are the
    eyes; seed 001 「單獨的"保"再摸到"保"胡牌後稱為"保釣保"」: 摸到 is a self-draw); won on a discarded
    保 the hand is 飛牌."""
    held = len(spec.wilds)
    if held == 0:
        return None
    counts = [0] * NUM_KINDS
    for t in spec.concealed:
        counts[t] += 1
    everything = [0] * NUM_KINDS
    for t in spec.all_tiles():
        everything[t] += 1
    room = [max(0, 4 - c) for c in everything]
    if spec.winning_wild is None:
        assert spec.winning_tile is not None
        if room[spec.winning_tile] < 1:
            return None  # the lone 保 cannot be a fifth copy of the winning tile
        room[spec.winning_tile] -= 1
    sets = 4 - len(spec.melds)
    if not four_sets(counts, held - 1, sets, room):
        return None
    return BAO_ON_BAO_ID if spec.winning_wild is not None and spec.self_drawn else FLYING_ID


FLYING_FAN: Final = {FLYING_ID: (FLYING_NAME, 1), BAO_ON_BAO_ID: (BAO_ON_BAO_NAME, 2)}
"""飛牌 ×2 = 1番, 保釣保 ×4 = 2番 (「"飞牌"成胡后筹码得分翻一番」, 「按"飞牌"的筹码再翻一番」)."""
