"""Detectors for seed 004, 常用翻數表, 組合類.

One detector per pattern id; values and exclusions are in the system's preset.toml.  雞糊 and 鴨胡 are
not detectors: :mod:`taipai.systems.hk_taiwan.scoring` applies them when nothing else scores.

Shapes: 缺一門, 混一色 and 清一色 look at the tile set only and apply to every reading.  五門齊 and
七門齊 apply to STANDARD and 嚦咕嚦咕 readings (seed 004, 嚦咕嚦咕: 「可計獨獨，五門齊，七門齊等等」)
but not to 十六不搭 or 十三幺, whose tiles always show the five 門 (計法 第三: 「對於食糊形式而必然存在
的翻種一般都不會計算」).  嚦咕嚦咕, 十六不搭 and 十三幺 fire on their own readings only.
"""

from __future__ import annotations

from taipai.core.hand import Shape
from taipai.core.tiles import DRAGONS, EAST, NORTH, ORPHANS, SUIT_OF, WINDS
from taipai.systems.hk_taiwan.patterns.base import (
    F_FIVE_DOORS,
    F_FLOWERS,
    F_HONOURS,
    F_NO_HONOURS,
    F_ONE_SUIT,
    F_SPECIAL,
    F_TWO_SUITS,
    ONCE,
    HandView,
    Hits,
    by_counts,
    declare_bound,
    detector,
)

_GATE_SHAPES = (Shape.STANDARD, Shape.EIGHT_PAIRS)
_ALL_GATES = 0b11111
"""Bits 0..2 萬筒索, bit 3 winds, bit 4 dragons."""
_GATE_OF = tuple(SUIT_OF[t] if t < EAST else (3 if t <= NORTH else 4) for t in range(34))
_ORPHAN_SET = frozenset(ORPHANS)
_STRAIGHT_RANKS = frozenset({(0, 3, 6), (1, 4, 7), (2, 5, 8)})
"""0-based ranks 147, 258, 369 (十六不搭's 不搭雜龍)."""


def _five_gates_held(v: HandView) -> bool:
    """All five 門 show in the tiles: 萬, 筒, 索, a wind and a dragon."""
    c = v.counts
    return len(v.suits) == 3 and any(c[t] for t in WINDS) and any(c[t] for t in DRAGONS)


def _big_gates(v: HandView) -> bool:
    """「五門均有一組三張」: each of the five 門 holds a meld (not the eyes); STANDARD only."""
    if not v.standard:
        return False
    gates = 0
    for g in v.melds:
        gates |= 1 << _GATE_OF[g.tile]
    return gates == _ALL_GATES


# 雞糊 and 鴨胡 have no detector: scoring decides them from what else hit (systems/hk_taiwan/evaluate.py,
# seed 004 雞糊 「除了莊、花、底外無任何翻數的牌」); the bound knows when they may apply.
declare_bound("chicken_hand", by_counts("chicken"))
declare_bound("duck_hand", by_counts("chicken"))


@detector("missing_one_suit", bound=by_counts("tile_set"), needs=F_NO_HONOURS | F_TWO_SUITS)
def missing_one_suit(v: HandView) -> Hits:
    """缺一門 5: 「牌型中缺少一種花色序數牌。無字限定，不計無字」 (seed 004, 組合類, 缺一門).

    No honour tile and at most two of the three suits.  A one-suit hand is 清一色, which replaces
    this row through its 「不另計」 list (our choice, noted in the preset).
    """
    return ONCE if not v.honours and len(v.suits) <= 2 else []


@detector("five_gates", bound=by_counts("tile_set"), needs=F_FIVE_DOORS)
def five_gates(v: HandView) -> Hits:
    """五門齊 10 / 大五門齊 15 (seed 004, 組合類, 五門齊).

    「東南西北為一門，中發白為一門，筒索萬各一門，全副牌五門都有齊。如五門均有一組三張，則為大五門齊」.
    「一組三張」 is read as a meld (pung, kong or chow) of that 門, so 大五門齊 is a STANDARD
    reading whose five melds cover the five 門 (the eyes do not count).
    """
    if v.shape not in _GATE_SHAPES or not _five_gates_held(v):
        return []
    return [("big", 0)] if _big_gates(v) else ONCE


@detector("seven_gates", bound=by_counts("tile_set"), needs=F_FIVE_DOORS | F_FLOWERS)
def seven_gates(v: HandView) -> Hits:
    """七門齊 15 / 大七門齊 20 (seed 004, 組合類, 七門齊; 「不計五門齊」).

    「東南西北為一門，中發白為一門，筒索萬各一門，再加兩門花，全副牌七門都有齊。五門各有一組則為
    大七門齊」: the five 門 of 五門齊 plus a season (春夏秋冬) and a plant (梅蘭菊竹).  Only when the
    table plays with flowers (option ``flowers``).  Big as for 大五門齊.
    """
    if not v.rules.options.flowers or v.shape not in _GATE_SHAPES:
        return []
    fl = v.flowers
    if not any(f <= 4 for f in fl) or not any(f > 4 for f in fl) or not _five_gates_held(v):
        return []
    return [("big", 0)] if _big_gates(v) else ONCE


@detector("half_flush", bound=by_counts("tile_set"), needs=F_ONE_SUIT | F_HONOURS)
def half_flush(v: HandView) -> Hits:
    """混一色 30: 「牌型由單一花色(筒、索、萬)和字牌組成」 (seed 004, 組合類, 混一色).

    One suit and at least one honour tile; any reading (a 嚦咕嚦咕 can be 混一色).
    """
    return ONCE if v.honours and len(v.suits) == 1 else []


@detector("full_flush", bound=by_counts("tile_set"), needs=F_ONE_SUIT | F_NO_HONOURS)
def full_flush(v: HandView) -> Hits:
    """清一色 80: 「牌型由同一花色(筒、索、萬)組成」 (seed 004, 組合類, 清一色; 無字限定，不另計無字).

    One suit, no honour tile; any reading.
    """
    return ONCE if not v.honours and len(v.suits) == 1 else []


@detector("eight_pairs", bound=by_counts("shapes"), needs=F_SPECIAL)
def eight_pairs(v: HandView) -> Hits:
    """嚦咕嚦咕 40 / 八飛 60 (seed 004, 組合類, 嚦咕嚦咕).

    「八對子，三張一樣的不能碰出，為40番。如持有八飛(即手牌剛好持有8個對子，其中一個對子多一張就可
    胡牌)則為60番」: on an EIGHT_PAIRS reading; 八飛 when the 16 tiles before the win were eight
    pairs, i.e. the winning tile made the pung (it is held three times after the win).  Not with
    門前清 (計法 第三, preset excludes).
    """
    if v.shape is not Shape.EIGHT_PAIRS:
        return []
    win = v.spec.winning_tile
    if win is not None and v.counts[win] == 3:
        return [("eight_flying", 0)]
    return ONCE


@detector("sixteen_unrelated", bound=by_counts("shapes"), needs=F_SPECIAL)
def sixteen_unrelated(v: HandView) -> Hits:
    """十六不搭 40 / 不搭三相逢 60 / 不搭雜龍 80 (seed 004, 組合類, 十六不搭).

    「東南西北中發白，其他三門每樣三隻，但不能搭上 … 再加一對眼」 on a SIXTEEN_UNRELATED reading.
    「筒索萬三門若數字一樣，則稱為「不搭三相逢」，額外加計20翻。如組合為147,258,369，為正宗十六不搭，
    或稱不搭雜龍，額外加計40翻」: the same three numbers in every suit is 60; 147, 258 and 369 one
    per suit (in any order of suits) is 80.
    """
    if v.shape is not Shape.SIXTEEN_UNRELATED:
        return []
    c = v.counts
    per_suit = [tuple(r for r in range(9) if c[s * 9 + r]) for s in range(3)]
    if per_suit[0] == per_suit[1] == per_suit[2]:
        return [("same_numbers", 0)]
    if set(per_suit) == _STRAIGHT_RANKS:
        return [("dragon", 0)]
    return ONCE


@detector("thirteen_orphans", bound=by_counts("shapes"), needs=F_SPECIAL)
def thirteen_orphans(v: HandView) -> Hits:
    """十三幺 100 / 十三飛 120 (seed 004, 組合類, 十三幺).

    「門清取得全部幺九牌加字牌各一，其中一牌做眼。另三隻是自己摸回來的順子或暗刻，需門清，但可以
    暗槓。叫十三飛即加計20翻」: on a THIRTEEN_ORPHANS reading; 十三飛 when the wait set held all
    thirteen terminals and honours.
    """
    if v.shape is not Shape.THIRTEEN_ORPHANS:
        return []
    if _ORPHAN_SET.issubset(v.waits):
        return [("thirteen_flying", 0)]
    return ONCE
