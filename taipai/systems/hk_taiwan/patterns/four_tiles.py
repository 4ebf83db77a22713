"""Detectors for seed 004, 常用翻數表, 四歸類.

One detector per pattern id; values and exclusions are in the system's preset.toml.

A 「四歸」 is a tile kind whose four copies are all in the hand, spread over several groups (a kong is
one group and is scored by 槓 instead, so a kong's kind is never a 四歸).  Each such kind is counted
under exactly one row (our partition; the seed names the rows but not how they share kinds):

1. 十二歸四: three kinds whose twelve tiles lie in exactly four groups (``111 222 333 + 123``, or
   ``123 ×4``).  Tried first.
2. 八歸三: two kinds whose eight tiles lie in exactly three groups (``111 222 + 123``,
   ``111 333 + 123``).
3. Every remaining kind on its own: 四歸四 when it sits in four chows, 四歸二 in two chows and the
   eyes, else 四歸一 (chow + pung; two pairs of 嚦咕嚦咕; the pung of 十三幺).

Bigger units are taken first, greedily, in tile order.  The occurrences are per kind (or per unit
of kinds); seed 004 計法 第一 (repeat counting) does not change them.

明/暗 (seed 004, 四歸類: 「若沒有副露，或不是放銃者的銃牌，即為「暗」」): 暗 when every group holding
the kind is 暗 (:attr:`taipai.core.hand.Group.concealed`); in the special shapes, whose groups are
all concealed, 暗 unless the kind is the winning tile taken from a discard.
"""

from __future__ import annotations

from itertools import combinations

from taipai.core.hand import PAIR, Group
from taipai.core.handspec import MeldKind
from taipai.systems.hk_taiwan.patterns.base import (
    F_CHOWS2,
    F_FOUR,
    F_FOUR2,
    F_FOUR3,
    F_KONG,
    HandView,
    Hits,
    by_counts,
    detector,
    open_or_concealed,
)

_CHOW = MeldKind.CHOW.value
_KONG = MeldKind.KONG.value

Unit = tuple[str, bool]
"""(row id, concealed) of one 四歸 unit."""


def units(v: HandView) -> tuple[Unit, ...]:
    """The 四歸 units of this reading (see the module docstring); cached on the view."""
    hit = v.memo.get("four_tiles.units")
    if hit is not None:
        return hit  # type: ignore[return-value]
    fours = _fours(v)
    out: list[Unit] = []
    if fours and v.features & F_KONG:  # a kong's kind is no 四歸
        kongs = {g.tile for g in v.pungs if g.kind == _KONG}
        fours = tuple(t for t in fours if t not in kongs)
    if fours and not v.standard:
        win = v.spec.winning_tile
        out = [("four_one", v.self_drawn or win != t) for t in fours]
    elif fours:
        out = _standard_units(v.groups, fours)
    result = tuple(out)
    v.memo["four_tiles.units"] = result
    return result


def _fours(v: HandView) -> tuple[int, ...]:
    """Tile kinds held four times (kongs included), in tile order: a fact of the hand's tiles, so
    worked out once for all its readings (cached on :attr:`HandView.hand_memo`)."""
    hit = v.hand_memo.get("four_tiles.fours")
    if hit is None:
        hit = v.hand_memo["four_tiles.fours"] = tuple(t for t, n in enumerate(v.counts) if n == 4)
    return hit  # type: ignore[return-value]


def _standard_units(groups: tuple[Group, ...], fours: tuple[int, ...]) -> list[Unit]:
    # Each kind's groups as a bit mask of group positions, so that a unit's groups are an OR and
    # their count a popcount (this runs on every reading holding four of a kind).
    touch: dict[int, int] = {}
    chow_bits = pair_bits = open_bits = 0
    for i, g in enumerate(groups):
        bit = 1 << i
        t0 = g.tile
        if g.kind == _CHOW:
            chow_bits |= bit
            held: tuple[int, ...] = (t0, t0 + 1, t0 + 2)
        else:
            if g.kind == PAIR:
                pair_bits |= bit
            held = (t0,)
        if not g.concealed:
            open_bits |= bit
        for t in held:
            if t in fours:
                touch[t] = touch.get(t, 0) | bit
    left = list(fours)
    out: list[Unit] = []
    for size, row, spread in ((3, "twelve_four", 4), (2, "eight_three", 3)):
        found = True
        while found and len(left) >= size:
            found = False
            for combo in combinations(left, size):
                where = 0
                for t in combo:
                    where |= touch.get(t, 0)
                if where.bit_count() == spread:
                    out.append((row, not where & open_bits))
                    left = [t for t in left if t not in combo]
                    found = True
                    break
    for t in left:
        where = touch.get(t, 0)
        chows = (where & chow_bits).bit_count()
        if chows == 4:
            row = "four_four"
        elif chows == 2 and where & pair_bits:
            row = "four_two"
        else:
            row = "four_one"
        out.append((row, not where & open_bits))
    return out


def _hits(v: HandView, row: str) -> Hits:
    return [open_or_concealed(c) for r, c in units(v) if r == row]


@detector("four_one", bound=by_counts("four_tiles"), needs=F_FOUR)
def four_one(v: HandView) -> Hits:
    """四歸一 5/10 (seed 004, 四歸類): 「一副牌用盡四張一樣的牌。可分明暗」.

    Seed note: 「常見形式為順子加刻子，另嚦咕嚦咕中的兩對，及十三幺的刻子用了幺九字牌都加計四歸一」.
    A kind whose four copies are in the hand, not as a kong, and not counted by 四歸二, 四歸四,
    八歸三 or 十二歸四 (the partition of the module docstring).  One occurrence per kind.
    """
    return _hits(v, "four_one")


@detector("four_two", bound=by_counts("four_tiles"), needs=F_FOUR | F_CHOWS2)
def four_two(v: HandView) -> Hits:
    """四歸二 10/20 (seed 004, 四歸類): 「四張同樣的牌分為兩順子和一對眼。可分明暗」."""
    return _hits(v, "four_two")


@detector("four_four", bound=by_counts("four_tiles"), needs=F_FOUR | F_CHOWS2)
def four_four(v: HandView) -> Hits:
    """四歸四 20/40 (seed 004, 四歸類): 「四張同樣的牌分為四組順子。可分明暗」.

    A kind in four chows (``123 234 345 345`` holds four 3s).  When the four chows are identical
    (四般高), their three kinds make 十二歸四 instead (our partition, bigger unit first).
    """
    return _hits(v, "four_four")


@detector("eight_three", bound=by_counts("four_tiles"), needs=F_FOUR2)
def eight_three(v: HandView) -> Hits:
    """八歸三 15/30 (seed 004, 四歸類): 「兩種四張一樣的牌分在三組牌內。可分明暗」.

    Two kinds, eight tiles, three groups: necessarily two pungs and a chow holding both kinds
    (``111 222 123`` or ``111 333 123``).  Counted instead of the two kinds' 四歸一.
    """
    return _hits(v, "eight_three")


@detector("twelve_four", bound=by_counts("four_tiles"), needs=F_FOUR3)
def twelve_four(v: HandView) -> Hits:
    """十二歸四 60/80 (seed 004, 四歸類): 「三種四張一樣的牌分在四組牌內。可分明暗」.

    Three kinds, twelve tiles, four groups: ``111 222 333 + 123`` or four identical chows
    ``123 ×4`` (which also score 四般高).  Counted instead of the kinds' other 四歸 rows.
    """
    return _hits(v, "twelve_four")


# -- the bound of this family's rows for the 越搭 search (systems/hk_taiwan/scorebound.py, term "four_tiles")

FOUR_ROWS = ("four_one", "four_two", "four_four", "eight_three", "twelve_four")
"""The rows :func:`four_split_bound` bounds, in the order of its ``dark_values`` / ``open_values``."""


def four_split_bound(
    dark_values: tuple[int, ...],
    open_values: tuple[int, ...],
    fours: tuple[int, ...],
    dark: int,
    chows: int,
    pungs: int,
    pair_rank: int,
) -> int:
    """四歸 rows of one suit in a standard reading whose groups in the suit are ``chows`` (3 bits
    per starting rank r at bit 3r, counting the chows r..r+2), the pungs ``pungs`` (bit per rank)
    and the eyes at ``pair_rank`` (-1 without), as :func:`units` partitions the kinds ``fours`` held
    four times: 十二歸四 (three kinds in four groups), 八歸三 (two in three), else per kind 四歸四
    (four chows), 四歸二 (two chows and the eyes) or 四歸一; the best partition (the detector takes
    bigger units first).  Seed 004, 四歸類.

    Args:
        dark_values, open_values: the 暗 / 明 values of :data:`FOUR_ROWS`.
        fours: ranks (0..8) held four times, not as a kong.  dark: bit r when rank r takes 暗.

    Returns:
        Fan (番), the most these rows score on that split.
    """
    m = [(chows >> (3 * r)) & 7 for r in range(7)]

    def touching(kinds: tuple[int, ...]) -> int:
        n = sum(m[st] for st in range(7) if any(st <= k <= st + 2 for k in kinds))
        return n + sum(1 for k in kinds if pungs >> k & 1) + (1 if pair_rank in kinds else 0)

    def values(kinds: tuple[int, ...]) -> tuple[int, ...]:
        return dark_values if all(dark >> k & 1 for k in kinds) else open_values

    def single(r: int) -> int:
        one, two, four, _, _ = values((r,))
        in_chows = sum(m[st] for st in range(max(r - 2, 0), min(r, 6) + 1))
        return four if in_chows == 4 else two if in_chows == 2 and pair_rank == r else one

    def best(left: tuple[int, ...]) -> int:
        if not left:
            return 0
        first, rest = left[0], left[1:]
        out = single(first) + best(rest)
        for other in rest:
            if touching((first, other)) == 3:
                out = max(out, values((first, other))[3] + best(tuple(k for k in rest if k != other)))
        for a, b in combinations(rest, 2):
            if touching((first, a, b)) == 4:
                out = max(out, values((first, a, b))[4] + best(tuple(k for k in rest if k not in (a, b))))
        return out

    return best(fours)
