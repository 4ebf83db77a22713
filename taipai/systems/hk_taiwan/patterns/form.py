"""Detectors for seed 004, 常用翻數表, 型式類.

One detector per pattern id; values and exclusions are in the system's preset.toml.
"""

from __future__ import annotations

from taipai.core.hand import WaitShape
from taipai.core.tiles import RANK_OF
from taipai.systems.hk_taiwan.patterns.base import (
    F_DEALER,
    F_MULTI_WAIT,
    F_PUNG,
    F_SINGLE_WAIT,
    F_STANDARD,
    ONCE,
    HandView,
    Hits,
    RowValues,
    by_counts,
    by_situation,
    detector,
)

_SINGLE_LOOKING = (WaitShape.EYES, WaitShape.EDGE, WaitShape.CLOSED)


@detector("pair_wait", bound=by_counts("waits"), needs=F_PUNG | F_MULTI_WAIT)
def pair_wait(v: HandView) -> Hits:
    """對碰 1: 「在聽牌階段為兩對對子聽牌的組合」 (seed 004, 型式類, 對碰).

    The winning tile turned one of two pairs into a pung, and the wait set has more than one tile
    (with a single wait the hand scores 獨獨 instead).
    """
    if v.wait_shape is WaitShape.PUNG and len(v.waits) > 1:
        return ONCE
    return []


@detector("false_single_wait", bound=by_counts("waits"), needs=F_STANDARD | F_MULTI_WAIT)
def false_single_wait(v: HandView) -> Hits:
    """假獨 1: 「糊的牌看似單釣，實則多面聽」 (seed 004, 型式類, 假獨).

    The winning tile sits where a single wait would (eyes, edge 邊張, closed 嵌張) but the wait set
    of the hand before the win has more than one tile.
    """
    if v.standard and v.wait_shape in _SINGLE_LOOKING and len(v.waits) > 1:
        return ONCE
    return []


@detector("single_wait", bound=by_counts("waits"), needs=F_SINGLE_WAIT)
def single_wait(v: HandView) -> Hits:
    """獨獨 2: 「胡牌只叫一張牌」 (seed 004, 型式類, 獨獨): the wait set has exactly one tile.

    Read from the wait set, never from one reading's shape; special shapes too (嚦咕嚦咕 「可計獨獨」).
    """
    return ONCE if len(v.waits) == 1 else []


@detector("eyes_258", bound=by_counts("with_number"), needs=F_STANDARD)
def eyes_258(v: HandView) -> Hits:
    """將眼 1: 「以「二」、「五」、「八」為眼」 (seed 004, 型式類, 將眼); standard readings only."""
    e = v.eyes
    if v.standard and e is not None and RANK_OF[e] in (2, 5, 8):
        return ONCE
    return []


@detector("dealer", bound=by_situation(n=lambda s: s.streak), needs=F_DEALER)
def dealer(v: HandView) -> Hits:
    """莊家 2n+1 (seed 004, 型式類, 莊家 (莊家連n拉n)): when the winner is the dealer, n = 連莊."""
    s = v.situation
    return [("base", s.streak)] if s.dealer else []


# -- the bound of the wait rows for the 越搭 search (systems/hk_taiwan/scorebound.py, term "waits")

WAIT_ROWS = ("pair_wait", "false_single_wait", "single_wait")
"""The rows :func:`wait_rows_bound` bounds."""


def wait_rows_bound(v: RowValues, single_wait: bool | None) -> int:
    """Most fan of 對碰, 假獨 and 獨獨 (seed 004, 型式類) on a hand whose wait set before the win
    holds one tile (``single_wait`` True: 獨獨 only), several (False: 對碰 or 假獨, both at most), or
    is unknown (None: the larger of the two)."""
    several = v("pair_wait") + v("false_single_wait")
    if single_wait:
        return v("single_wait")
    if single_wait is False:
        return several
    return max(v("single_wait"), several)
