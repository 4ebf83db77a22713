"""Detectors for seed 004, 非常用翻數表 (18 rows, off in the hk-taiwan preset).

One detector per pattern id; values and exclusions are in the system's preset.toml, where every row
here has ``enabled = false``: a table turns a row on with ``/rules``.

Shapes: tile-set rows (缺五, 綠一色, 藍一色, 四數/三數/兩數, 大於五, 小於五, 假雙般高) apply to every
reading; rows about chows or pungs (小雙風, 雙風刻, 連六, 一色連環套, 全姊妹) to STANDARD readings only.
Tile-set facts are computed once per hand (:func:`_tiles`, cached on the hand's memo,
:attr:`HandView.hand_memo`).
"""

from __future__ import annotations

from typing import NamedTuple

from taipai.core.handspec import MeldKind
from taipai.core.tiles import EAST, GREEN, NORTH, RANK_OF, WHITE, flower_number, tile
from taipai.systems.hk_taiwan.patterns.base import (
    ONCE,
    HandView,
    Hits,
    all_concealed,
    at_most,
    detector,
    open_or_concealed,
)

_EIGHT_DOTS = tile("p", 8)
_GREEN = sum(1 << t for t in (tile("s", 2), tile("s", 3), tile("s", 4), tile("s", 6), tile("s", 8), GREEN))
"""綠一色: 「二、三、四、六、八索及/或發」, as a bit mask of tile kinds."""
_BLUE = sum(1 << t for t in (EAST, EAST + 1, EAST + 2, NORTH, WHITE, _EIGHT_DOTS))
"""藍一色: 「東、南、西、北、白板、八筒」, as a bit mask of tile kinds."""
_WITHIN = (("within_ten", 10), ("within_seven", 7), ("within_four", 4))
"""The tighter 「X隻內」 rows of 時態類 and their limits (they replace 十五隻内)."""


class _TileFacts(NamedTuple):
    kinds: int  # bit t set when tile kind t is held
    ranks: int  # bit r - 1 set when a suited tile of rank r (1..9) is held
    winds: bool
    dragons: bool


def _tiles(v: HandView) -> _TileFacts:
    """Tile-set facts of the hand, cached on the hand (:attr:`HandView.hand_memo`)."""
    hit = v.hand_memo.get("rare.tiles")
    if hit is not None:
        return hit  # type: ignore[return-value]
    c = v.counts
    kinds = 0
    bit = 1
    for n in c:
        if n:
            kinds |= bit
        bit <<= 1
    facts = _TileFacts(
        kinds,
        (kinds | kinds >> 9 | kinds >> 18) & 0x1FF,
        bool(kinds >> EAST & 0xF),
        bool(kinds >> (NORTH + 1) & 0x7),
    )
    v.hand_memo["rare.tiles"] = facts
    return facts


def _numbers(f: _TileFacts) -> int:
    """四數/三數/兩數: distinct numbers, 東南西北 as one number and 中發白 as another."""
    return f.ranks.bit_count() + f.winds + f.dragons


def _wind_pungs(v: HandView) -> int:
    return sum(1 for g in v.pungs if EAST <= g.tile <= NORTH)


# ---------------------------------------------------------------- flowers and situation


@detector("six_wrong_flowers", bound=at_most(1))
def six_wrong_flowers(v: HandView) -> Hits:
    """六花不正 30: 「摸到的六張花牌均與自己方位不符」 (seed 004, 非常用翻數表).

    Exactly six flowers, none of them matching the seat (春/梅 東, 夏/蘭 南 …): the six flowers
    that are not the seat's.  Only when the table plays with flowers.  Our choice: the six 爛花 still
    count on their own (the seed does not say 不另計).
    """
    fl = v.flowers
    if not v.rules.options.flowers or len(fl) != 6:
        return []
    seat = v.situation.seat_wind - EAST + 1
    return ONCE if all(flower_number(f) != seat for f in fl) else []


@detector("no_flowers_at_table", bound=at_most(1))
def no_flowers_at_table(v: HandView) -> Hits:
    """無花糊 40: 「糊牌時四家沒有補過任何花牌」 (seed 004, 非常用翻數表).

    From the context word (Situation.no_flowers_at_table); the winner holds no flower either.
    Only when the table plays with flowers.
    """
    if v.rules.options.flowers and v.situation.no_flowers_at_table and not v.flowers:
        return ONCE
    return []


@detector("within_fifteen", bound=at_most(1))
def within_fifteen(v: HandView) -> Hits:
    """十五隻内 2: 「地下只有十五隻牌內食胡(算至第十五隻)，不計上及碰了的牌，不計食糊牌」.

    From the context word (Situation.discards_seen <= 15).  Our choice: when a tighter enabled
    row (十隻内 / 七隻内 / 四隻內) applies, it takes the win and this row does not add 2, as the
    時態類 ladder replaces its lower rungs (七隻内 不計十隻内 …).
    """
    n = v.situation.discards_seen
    if n is None or n > 15:
        return []
    rules = v.rules
    if any(n <= limit and rules.enabled(pid) for pid, limit in _WITHIN):
        return []
    return ONCE


# ---------------------------------------------------------------- winds


@detector("small_two_winds", bound=at_most(1))
def small_two_winds(v: HandView) -> Hits:
    """小雙風 1: 「有「東」、「南」、「西」、「北」其中一款刻子，另外一款作眼。另計圈風，刻風」.

    Exactly one wind pung (or kong) and eyes of another wind; STANDARD only.  Two wind pungs with
    wind eyes are 小三風, not 小雙風.
    """
    e = v.eyes
    if not v.standard or e is None or not EAST <= e <= NORTH:
        return []
    return ONCE if _wind_pungs(v) == 1 else []


@detector("two_wind_pungs", bound=at_most(1))
def two_wind_pungs(v: HandView) -> Hits:
    """雙風刻 5: 「有「東」、「南」、「西」、「北」其中兩款刻子。另計圈風，刻風」.

    Exactly two wind pungs (or kongs), and the eyes are not a wind (that would be 小三風; three
    wind pungs are 大三風): our choice, since those rows' 「不另計」 lists do not name this row.
    STANDARD only.
    """
    if not v.standard or _wind_pungs(v) != 2:
        return []
    e = v.eyes
    return [] if e is not None and EAST <= e <= NORTH else ONCE


# ---------------------------------------------------------------- chows


def _same_suit(a: int, b: int) -> bool:
    return a // 9 == b // 9


@detector("six_in_a_row", bound=at_most(2))
def six_in_a_row(v: HandView) -> Hits:
    """連六 3/5: 「同一花色的兩組順子為連續的六個數字。可分明暗」 (seed 004, 非常用翻數表).

    Two chows of one suit starting three apart (一二三 + 四五六 …); 暗 when both are 暗.  Counted per
    occurrence with seed 004 計法 第一 (:meth:`HandView.instances`).  STANDARD only.
    """
    starts = {g.tile for g in v.chows}
    if not any(t + 3 in starts and _same_suit(t, t + 3) for t in starts):
        return []

    def test(c: tuple) -> bool:
        a, b = sorted(g.tile for g in c)
        return b - a == 3 and _same_suit(a, b)

    return [open_or_concealed(all_concealed(c)) for c in v.instances(v.chows, 2, test)]


@detector("pure_shifted_by_two", bound=at_most(1))
def pure_shifted_by_two(v: HandView) -> Hits:
    """一色連環套 5/10: 「三組同一花色、遞增兩位的順子。可分明暗」 (seed 004, 非常用翻數表).

    Three chows of one suit starting two apart (一二三 三四五 五六七 …); 暗 when all three are 暗.
    The seed does not say it replaces 一色三步高 (「遞增一位或兩位」), so both count.  STANDARD only.
    """
    starts = {g.tile for g in v.chows}
    if not any(t + 2 in starts and t + 4 in starts and _same_suit(t, t + 4) for t in starts):
        return []

    def test(c: tuple) -> bool:
        a, b, d = sorted(g.tile for g in c)
        return b - a == 2 and d - b == 2 and _same_suit(a, d)

    return [open_or_concealed(all_concealed(c)) for c in v.instances(v.chows, 3, test)]


@detector("false_two_double_chows", bound=at_most(1))
def false_two_double_chows(v: HandView) -> Hits:
    """假雙般高 10: 「食糊時有四對順序的對子」 (seed 004, 非常用翻數表).

    Four consecutive numbers of one suit held at least twice each (二二三三四四五五萬 …), counting
    every tile of the hand (our choice: declared chows count too, as the row speaks of the tiles
    at the win).  Once per hand; any reading.
    """
    c = v.counts
    for s in range(0, 27, 9):
        run = 0
        for t in range(s, s + 9):
            run = run + 1 if c[t] >= 2 else 0
            if run == 4:
                return ONCE
    return []


@detector("all_related", bound=at_most(1))
def all_related(v: HandView) -> Hits:
    """全姊妹 (全相連刻) 20: 「除了眼，其他組牌均為相逢或般高」 (seed 004, 非常用翻數表).

    Every meld has a partner of the same numbers: a chow with another chow of the same numbers
    (般高 in one suit, 相逢 across suits), a pung or kong with another pung or kong of the same
    number in another suit (相逢, 兄弟).  Honour melds have no number and break it.  STANDARD only.
    """
    if not v.standard:
        return []
    seen: dict[tuple[bool, int], int] = {}
    for g in v.melds:
        if g.tile >= 27:
            return []
        key = (g.kind == MeldKind.CHOW, RANK_OF[g.tile])
        seen[key] = seen.get(key, 0) + 1
    # Two pungs of one rank are always of two suits; two chows of one rank are 般高 or 相逢.
    return ONCE if all(n >= 2 for n in seen.values()) else []


# ---------------------------------------------------------------- colours and numbers


@detector("all_green", bound=at_most(1))
def all_green(v: HandView) -> Hits:
    """綠一色 160: 「牌型全由綠色的牌(即二、三、四、六、八索及/或發)組成。沒有發時，另計清一色」.

    Every tile is 二三四六八索 or 發; with 發 the hand is also 混一色, which this row replaces
    (preset excludes); without 發, 清一色 counts as well.  Any reading.
    """
    return [] if _tiles(v).kinds & ~_GREEN else ONCE


@detector("all_blue", bound=at_most(1))
def all_blue(v: HandView) -> Hits:
    """藍一色 200: 「牌型會由藍色的牌(即東、南、西、北、白板、八筒)組成」.

    Seed: 「不另計大、小四喜、混一色、對對糊」.  Every tile is a wind, 白 or 八筒.  Our choice: at least
    one 八筒 (the row replaces 混一色, so it is a suited hand; honours only are 字一色).  Any reading.
    """
    kinds = _tiles(v).kinds
    return ONCE if kinds >> _EIGHT_DOTS & 1 and not kinds & ~_BLUE else []


@detector("four_numbers", bound=at_most(1))
def four_numbers(v: HandView) -> Hits:
    """四數 40: 「牌面組合只有4種數字」; 「東南西北視為一組數字，中發白視為一組數字」.

    At most four numbers (三數 and 兩數 replace it when fewer: preset excludes).  Any reading.
    """
    return ONCE if _numbers(_tiles(v)) <= 4 else []


@detector("three_numbers", bound=at_most(1))
def three_numbers(v: HandView) -> Hits:
    """三數 60: 「牌面組合只有3種數字」 (winds one number, dragons one); at most three.  Any reading."""
    return ONCE if _numbers(_tiles(v)) <= 3 else []


@detector("two_numbers", bound=at_most(1))
def two_numbers(v: HandView) -> Hits:
    """兩數 80: 「牌面組合只有2種數字，不計對對糊，三色同刻」 (winds one, dragons one).  Any reading."""
    return ONCE if _numbers(_tiles(v)) <= 2 else []


@detector("no_fives", bound=at_most(1))
def no_fives(v: HandView) -> Hits:
    """缺五 5: 「牌型沒有「五」這數字」; 「無字限定，不另計無字」 (seed 004, 非常用翻數表).  Any reading."""
    if v.honours:
        return []
    return [] if _tiles(v).ranks & (1 << 4) else ONCE


@detector("all_upper", bound=at_most(1))
def all_upper(v: HandView) -> Hits:
    """大於五 (全大) 50: 「牌型全由數字六、七、八、九組成」; 「不另計無字，缺五」.  Any reading."""
    if v.honours:
        return []
    return ONCE if not _tiles(v).ranks & 0b000011111 else []


@detector("all_lower", bound=at_most(1))
def all_lower(v: HandView) -> Hits:
    """小於五 (全小) 50: 「牌型全由數字一、二、三、四組成」; 「不另計無字，缺五」.  Any reading."""
    if v.honours:
        return []
    return ONCE if not _tiles(v).ranks & 0b111110000 else []


@detector("all_waits", bound=at_most(1))
def all_waits(v: HandView) -> Hits:
    """張張可胡 200: 「清一色狀態下「一」至「九」皆可胡牌」; 「無字限定，不另計無字」.

    The hand is one suit without honours (declared melds included) and the wait set of the 16
    tiles holds all nine tiles of that suit.  清一色 counts as well (not 不另計).  Any reading.
    """
    if v.honours or len(v.suits) != 1 or len(v.waits) < 9:
        return []
    (suit,) = v.suits
    base = suit * 9
    w = v.waits
    return ONCE if all(t in w for t in range(base, base + 9)) else []
