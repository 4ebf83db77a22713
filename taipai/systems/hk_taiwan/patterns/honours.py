"""Detectors for seed 004, 常用翻數表, 字牌類.

One detector per pattern id; values and exclusions are in the system's preset.toml.
"""

from __future__ import annotations

from itertools import product

from taipai.core.tiles import EAST, RED
from taipai.systems.hk_taiwan.patterns.base import (
    F_ALL_HONOURS,
    F_DRAGON_PUNG,
    F_NO_HONOURS,
    F_WIND_PUNG,
    ONCE,
    HandView,
    Hits,
    RowValues,
    best_consistent,
    by_counts,
    detector,
)
from taipai.systems.hk_taiwan.rules import RuleSet


def _honour_facts(v: HandView) -> tuple[int, int, int, int, bool, bool]:
    """``(wind pung mask, wind pungs, dragon pung mask, dragon pungs, wind eyes, dragon eyes)``.

    Masks have bit ``t - 東`` (winds) or ``t - 中`` (dragons) for each honour pung or kong.  Pungs are
    read from every group of the reading: a STANDARD reading's melds, the concealed pung of
    嚦咕嚦咕 and the extra meld of 十三幺 (they are real triplets held in the hand); 十六不搭 has
    none.  Computed once per view and shared by every detector of this family.
    """
    hit = v.memo.get("honours.facts")
    if hit is not None:
        return hit  # type: ignore[return-value]
    wmask = wn = dmask = dn = 0
    for g in v.pungs:
        t = g.tile
        if t >= RED:
            dmask |= 1 << (t - RED)
            dn += 1
        elif t >= EAST:
            wmask |= 1 << (t - EAST)
            wn += 1
    e = v.eyes
    facts = (wmask, wn, dmask, dn, e is not None and EAST <= e < RED, e is not None and e >= RED)
    v.memo["honours.facts"] = facts
    return facts


@detector("no_honours", bound=by_counts("tile_set"), needs=F_NO_HONOURS)
def no_honours(v: HandView) -> Hits:
    """無字 1: 「牌型不含任何番子牌」 (seed 004, 字牌類, 無字).  A tile-set pattern: any shape."""
    return ONCE if v.honours == 0 else []


@detector("wind_pung", bound=by_counts("honours"), needs=F_WIND_PUNG)
def wind_pung(v: HandView) -> Hits:
    """風牌 1 each: 「一組東、南、西或北的刻子」 (seed 004, 字牌類, 風牌); kongs count as pungs.

    Choice: the concealed pung of 嚦咕嚦咕 and the extra pung of 十三幺 count (see _honour_facts).
    """
    return ONCE * _honour_facts(v)[1]


@detector("round_wind", bound=by_counts("honours"), needs=F_WIND_PUNG)
def round_wind(v: HandView) -> Hits:
    """正風 +1: 「一組風牌與該局圈風相符，則另加1翻」 (seed 004, 字牌類, 正風).

    On top of 風牌 for the pung of the round wind (``Situation.round_wind``); eyes do not count.
    """
    return ONCE if _honour_facts(v)[0] >> (v.situation.round_wind - EAST) & 1 else []


@detector("seat_wind", bound=by_counts("honours"), needs=F_WIND_PUNG)
def seat_wind(v: HandView) -> Hits:
    """正位 +1: 「一組風牌與自己方位（門風）相符，則另加1翻」 (seed 004, 字牌類, 正位).

    On top of 風牌 (and of 正風 when the seat wind is also the round wind: 東圈 東位 東東東 = 3).
    """
    return ONCE if _honour_facts(v)[0] >> (v.situation.seat_wind - EAST) & 1 else []


@detector("dragon_pung", bound=by_counts("honours"), needs=F_DRAGON_PUNG)
def dragon_pung(v: HandView) -> Hits:
    """三元牌 2 each: 「牌型擁有一副中、發、白的刻子」 (seed 004, 字牌類, 三元牌); per pung or kong."""
    return ONCE * _honour_facts(v)[3]


@detector("small_three_winds", bound=by_counts("honours"), needs=F_WIND_PUNG)
def small_three_winds(v: HandView) -> Hits:
    """小三風 15: 「有東南西北其中兩款刻子，另外一款作眼。不另計圈風、門風、刻風」 (seed 004, 字牌類).

    Exactly two wind pungs and wind eyes (three wind pungs with wind eyes is 小四喜, which the
    seed prices on its own; requiring exactly two keeps 小三風 from stacking on 大三風 when a table
    turns 小四喜 off).
    """
    _, wn, _, _, wind_eyes, _ = _honour_facts(v)
    return ONCE if wn == 2 and wind_eyes else []


@detector("big_three_winds", bound=by_counts("honours"), needs=F_WIND_PUNG)
def big_three_winds(v: HandView) -> Hits:
    """大三風 30: 「有東南西北其中三款刻子。不另計圈風、門風、刻風」 (seed 004, 字牌類, 大三風).

    Three or more wind pungs (four is 大四喜, which excludes this row).
    """
    return ONCE if _honour_facts(v)[1] >= 3 else []


@detector("small_three_dragons", bound=by_counts("honours"), needs=F_DRAGON_PUNG)
def small_three_dragons(v: HandView) -> Hits:
    """小三元 20: 「有中發白其中兩款刻子，餘下一款作眼。不另計三元牌」 (seed 004, 字牌類, 小三元)."""
    _, _, _, dn, _, dragon_eyes = _honour_facts(v)
    return ONCE if dn == 2 and dragon_eyes else []


@detector("big_three_dragons", bound=by_counts("honours"), needs=F_DRAGON_PUNG)
def big_three_dragons(v: HandView) -> Hits:
    """大三元 40: 「有中發白三款刻子。不另計三元牌」 (seed 004, 字牌類, 大三元)."""
    return ONCE if _honour_facts(v)[3] == 3 else []


@detector("small_four_winds", bound=by_counts("honours"), needs=F_WIND_PUNG)
def small_four_winds(v: HandView) -> Hits:
    """小四喜 60: 「有東南西北其中三款刻子，餘下一款作眼。不另計圈風，門風，刻風，大三風」.

    Seed 004, 字牌類, 小四喜.  Three wind pungs and the fourth wind as eyes.
    """
    _, wn, _, _, wind_eyes, _ = _honour_facts(v)
    return ONCE if wn == 3 and wind_eyes else []


@detector("big_four_winds", bound=by_counts("honours"), needs=F_WIND_PUNG)
def big_four_winds(v: HandView) -> Hits:
    """大四喜 80: 「有齊東南西北四款刻子。不另計圈風，門風，刻風」 (seed 004, 字牌類, 大四喜).

    The preset also drops 大三風/小三風 (three of the four pungs are 大三風 by definition).
    """
    return ONCE if _honour_facts(v)[1] == 4 else []


@detector("all_honours", bound=by_counts("tile_set"), needs=F_ALL_HONOURS)
def all_honours(v: HandView) -> Hits:
    """字一色 100: 「牌型由字牌（風牌和三元牌）組成。另計圈風…大四喜。不計對對糊」 (seed 004, 字牌類).

    Every tile is an honour; any shape (嚦咕嚦咕 of honours too).  The honour pung rows still count
    on top (「另計」); 對對糊 is dropped by the preset's ``excludes``.
    """
    return ONCE if not v.suits and v.honours else []


# -- the bound of this family's rows for the 越搭 search (systems/hk_taiwan/scorebound.py, term "honours")

HONOUR_ROWS = (
    "wind_pung",
    "round_wind",
    "seat_wind",
    "dragon_pung",
    "small_three_winds",
    "big_three_winds",
    "small_four_winds",
    "big_four_winds",
    "small_three_dragons",
    "big_three_dragons",
)
"""The rows :func:`honour_rows_bound` bounds (declared ``by_counts("honours")`` above)."""


def honour_rows_bound(
    v: RowValues, rules: RuleSet, w3: int, w2: int, d3: int, d2: int, round_pung: bool, seat_pung: bool
) -> int:
    """Most fan of the 番子 and 三元 rows on any reading of honours with ``w3`` / ``d3`` wind /
    dragon kinds held three times or more and ``w2`` / ``d2`` twice or more, the round / seat wind
    possibly a pung: over the number of wind and dragon pungs a reading has and which kind (one at
    most) is its eyes, the rows the detectors above then find (小三風 two wind pungs and wind eyes,
    大三風 three or more, 小四喜 three and wind eyes, 大四喜 four; 小三元 / 大三元 likewise), each
    keeping what the others' 「不另計」 leave (seed 004, 字牌類).

    Args:
        v: the rule table's row values.  rules: its rule set (the ``excludes``).
        w3, w2, d3, d2: kind counts (0..4 winds, 0..3 dragons).
        round_pung, seat_pung: the round / seat wind is held three times or more.

    Returns:
        Fan (番), an upper bound on what these rows score together.
    """
    best = 0
    for winds, dragons in product(range(w3 + 1), range(d3 + 1)):
        for wind_eyes, dragon_eyes in ((False, False), (w2 > winds, False), (False, d2 > dragons)):
            rows = (
                ("wind_pung", winds),
                ("round_wind", round_pung),
                ("seat_wind", seat_pung),
                ("dragon_pung", dragons),
                ("small_three_winds", winds == 2 and wind_eyes),
                ("big_three_winds", winds >= 3),
                ("small_four_winds", winds == 3 and wind_eyes),
                ("big_four_winds", winds == 4),
                ("small_three_dragons", dragons == 2 and dragon_eyes),
                ("big_three_dragons", dragons == 3),
            )
            values = {pid: v(pid) * n for pid, n in rows if n and v(pid)}
            best = max(best, best_consistent(rules, values))
    return best
