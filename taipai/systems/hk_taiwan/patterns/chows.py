"""Detectors for seed 004, 常用翻數表, 順子類.

One detector per pattern id; values and exclusions are in the system's preset.toml.

Chow patterns apply to standard readings only.  Patterns that can occur more than once go through
:meth:`HandView.instances` (seed 004, 計法 第一: disjoint occurrences by default, every combination
with 「可重覆計算」).  A bigger row of the same kind takes the chows it uses: a 喜相逢 pair inside a
counted 三色同順, a 一色三步高 inside a counted 一色四步高 / 五步高, and a 一色四步高 inside a counted
一色五步高 do not count again (our choice: the seed lists the rows without saying; chows outside the
bigger occurrence still count).

「遞增一位或兩位」 (步高 rows) is read as one step for the whole run: 1 (``123 234 345``) or 2
(``123 345 567``), as in MCR; mixed steps (``123 234 456``) do not count.
"""

from __future__ import annotations

from collections.abc import Callable

from taipai.core.hand import Group
from taipai.core.tiles import RANK_OF, SUIT_OF
from taipai.systems.hk_taiwan.patterns.base import (
    F_ALL_CHOWS,
    F_CHOW_MIXED_SHIFT,
    F_CHOW_MIXED_STRAIGHT,
    F_CHOW_RUN3,
    F_CHOW_SAME_RANK,
    F_CHOW_STRAIGHT,
    F_CHOW_TERMINALS,
    F_CHOW_TRIPLE,
    F_NO_HONOURS,
    ONCE,
    HandView,
    Hits,
    RowValues,
    all_concealed,
    by_counts,
    detector,
    open_or_concealed,
)

Test = Callable[[tuple[Group, ...]], bool]
_STRAIGHT_STARTS = 0b1001001
"""Chow starting-rank bits of 123, 456 and 789."""


def _summary(v: HandView) -> tuple[set[int], list[int], tuple[int, int, int]]:
    """(set of chow tiles, chows per suit, per suit the bit mask of chow starting ranks 0..6) of a
    standard reading; cached.  Cheap pre-filters."""
    memo = v.memo
    hit = memo.get("chows.summary")
    if hit is None:
        per_suit = [0, 0, 0]
        masks = [0, 0, 0]
        for g in v.chows:
            s = SUIT_OF[g.tile]
            per_suit[s] += 1
            masks[s] |= 1 << (g.tile % 9)
        hit = ({g.tile for g in v.chows}, per_suit, tuple(masks))
        memo["chows.summary"] = hit
    return hit  # type: ignore[return-value]


def _found(
    v: HandView,
    key: str,
    size: int,
    test: Test,
    possible: bool = True,
    chows: list[Group] | None = None,
) -> list[tuple[Group, ...]]:
    """Occurrences of ``size`` chows passing ``test``, cached per view under ``key``.

    ``possible`` is a cheap necessary condition; when False the combinations are not tried.
    ``chows``: the chows an occurrence can use, in reading order (default: all of them).  It must
    keep every chow of every combination passing ``test``: the combinations of the rest are then
    the passing ones in the same order, so the occurrences are the same, from fewer trials.
    """
    memo = v.memo
    hit = memo.get(key)
    if hit is None:
        if chows is None:
            chows = v.chows
        ok = possible and v.standard and len(chows) >= size
        hit = v.instances(chows, size, test) if ok else []
        memo[key] = hit
    return hit  # type: ignore[return-value]


def _in_full_suits(v: HandView, size: int) -> list[Group]:
    """The chows of the suits holding ``size`` chows or more: the only ones a row of ``size``
    chows of one suit can use."""
    per_suit = _summary(v)[1]
    return [g for g in v.chows if per_suit[SUIT_OF[g.tile]] >= size]


def _starting_at(v: HandView, ranks: int) -> list[Group]:
    """The chows whose starting rank (0-based) is a bit of ``ranks``."""
    return [g for g in v.chows if ranks >> (g.tile % 9) & 1]


def _ranks_in_two_suits(v: HandView) -> int:
    """Bit mask of the chow starting ranks held in at least two suits."""
    m0, m1, m2 = _summary(v)[2]
    return (m0 & m1) | (m0 & m2) | (m1 & m2)


def _ranks_in_three_suits(v: HandView) -> int:
    """Bit mask of the chow starting ranks held in all three suits."""
    m0, m1, m2 = _summary(v)[2]
    return m0 & m1 & m2


def _keys(found: list[tuple[Group, ...]]) -> Hits:
    return [open_or_concealed(all_concealed(c)) for c in found]


def _inside(c: tuple[Group, ...], bigger: list[tuple[Group, ...]]) -> bool:
    """True when every group of ``c`` belongs to one occurrence in ``bigger``."""
    if not bigger:
        return False
    ids = {id(g) for g in c}
    return any(ids <= {id(g) for g in b} for b in bigger)


# ---------------------------------------------------------------- tests on chow combinations


def _same_numbers_three_suits(c: tuple[Group, ...]) -> bool:
    a, b, d = (g.tile for g in c)
    return RANK_OF[a] == RANK_OF[b] == RANK_OF[d] and len({SUIT_OF[a], SUIT_OF[b], SUIT_OF[d]}) == 3


def _same_numbers_two_suits(c: tuple[Group, ...]) -> bool:
    a, b = c[0].tile, c[1].tile
    return RANK_OF[a] == RANK_OF[b] and SUIT_OF[a] != SUIT_OF[b]


def _terminal_pair(c: tuple[Group, ...]) -> bool:
    a, b = c[0].tile, c[1].tile
    return SUIT_OF[a] == SUIT_OF[b] and {RANK_OF[a], RANK_OF[b]} == {1, 7}


def _shifted(c: tuple[Group, ...], same_suit: bool, steps: tuple[int, ...]) -> bool:
    if same_suit:
        # chows are suited, so sorted tiles are of one suit when the first and last are, and
        # within a suit the steps between tiles are the steps between numbers
        ranks = sorted([g.tile for g in c])
        if SUIT_OF[ranks[0]] != SUIT_OF[ranks[-1]]:
            return False
    else:
        if len({SUIT_OF[g.tile] for g in c}) != len(c):
            return False
        ranks = sorted([RANK_OF[g.tile] for g in c])
    d = ranks[1] - ranks[0]
    if d not in steps:  # steps are positive: a range of step d is then the run
        return False
    return ranks == list(range(ranks[0], ranks[0] + d * len(ranks), d))


def _straight(c: tuple[Group, ...], same_suit: bool) -> bool:
    if sorted(RANK_OF[g.tile] for g in c) != [1, 4, 7]:
        return False
    suits = {SUIT_OF[g.tile] for g in c}
    return len(suits) == 1 if same_suit else len(suits) == 3


def _triple(v: HandView) -> list[tuple[Group, ...]]:
    hit = v.memo.get("chows.triple")
    if hit is not None:
        return hit  # type: ignore[return-value]
    ranks = _ranks_in_three_suits(v) if len(v.chows) >= 3 else 0
    chows = _starting_at(v, ranks) if ranks else None
    return _found(v, "chows.triple", 3, _same_numbers_three_suits, ranks != 0, chows)


def _five_step(v: HandView) -> list[tuple[Group, ...]]:
    hit = v.memo.get("chows.five")
    if hit is not None:
        return hit  # type: ignore[return-value]
    possible = len(v.chows) >= 5 and max(_summary(v)[1]) >= 5
    chows = _in_full_suits(v, 5) if possible else None
    return _found(v, "chows.five", 5, lambda c: _shifted(c, True, (1,)), possible, chows)


def _four_step(v: HandView) -> list[tuple[Group, ...]]:
    if len(v.chows) < 4 or max(_summary(v)[1]) < 4:
        return []
    hit = v.memo.get("chows.four")
    if hit is not None:
        return hit  # type: ignore[return-value]
    five = _five_step(v)
    return _found(
        v,
        "chows.four",
        4,
        lambda c: _shifted(c, True, (1, 2)) and not _inside(c, five),
        chows=_in_full_suits(v, 4),
    )


# ---------------------------------------------------------------- detectors


@detector("all_chows", bound=by_counts("all_chows"), needs=F_ALL_CHOWS)
def all_chows(v: HandView) -> Hits:
    """平糊 5 (seed 004, 順子類): 「全部牌為順子組成，眼可以是番子牌」.

    Every meld of a standard reading is a chow (laid down or not); the eyes may be anything.
    Flowers do not matter here (our choice: only 無字花大平糊 names 花牌).  Pungs are not re-read as
    chows for 平糊 (the 計法 第二 re-reading is for 般高 only).
    """
    if v.standard and v.melds and len(v.chows) == len(v.melds):
        return ONCE
    return []


@detector("great_all_chows", bound=by_counts("all_chows"), needs=F_ALL_CHOWS | F_NO_HONOURS)
def great_all_chows(v: HandView) -> Hits:
    """無字花大平糊 15 (seed 004, 順子類): 「牌型不含任何番子牌和花牌，而且全為順子」.

    平糊 with no honour tile anywhere (the eyes included) and no flower.  「不再計無字，無花，無字花，
    平糊」 is in the rule table.
    """
    if v.honours == 0 and not v.flowers and all_chows(v):
        return ONCE
    return []


@detector("terminal_chows", bound=by_counts("chows_in_suit"), needs=F_CHOW_TERMINALS)
def terminal_chows(v: HandView) -> Hits:
    """老少順 3/5 (seed 004, 順子類): 「兩組順子為同一花色的一、二、三加七、八、九。可分明暗」."""
    if len(v.chows) < 2:
        return []
    masks = _summary(v)[2]
    possible = any(m & 65 == 65 for m in masks)  # 123 (bit 0) and 789 (bit 6)
    chows = [g for g in v.chows if masks[SUIT_OF[g.tile]] & 65 == 65] if possible else None
    return _keys(_found(v, "chows.terminal", 2, _terminal_pair, possible, chows))


@detector("mixed_double_chow", bound=by_counts("chows_across"), needs=F_CHOW_SAME_RANK)
def mixed_double_chow(v: HandView) -> Hits:
    """喜相逢 3/5 (seed 004, 順子類): 「兩個款式不同的但數字一樣順子。可分明暗」.

    Two chows of the same numbers in two suits, unless both belong to one counted 三色同順.
    """
    if len(v.chows) < 2:
        return []
    ranks = _ranks_in_two_suits(v)
    if not ranks:
        return []
    triple = _triple(v)
    test: Test = lambda c: _same_numbers_two_suits(c) and not _inside(c, triple)  # noqa: E731
    return _keys(_found(v, "chows.pair", 2, test, chows=_starting_at(v, ranks)))


@detector("mixed_triple_chow", bound=by_counts("chows_across"), needs=F_CHOW_TRIPLE)
def mixed_triple_chow(v: HandView) -> Hits:
    """三色同順 10/20 (seed 004, 順子類): 「三個款式不同的但數字一樣順子。可分明暗」."""
    return _keys(_triple(v))


@detector("mixed_shifted_chows", bound=by_counts("chows_across"), needs=F_CHOW_MIXED_SHIFT)
def mixed_shifted_chows(v: HandView) -> Hits:
    """三色三步高 5/10 (seed 004, 順子類).

    「三組為各筒索萬各一花色、遞增一位或兩位的順子。可分明暗」: one chow per suit, numbers rising
    by 1 (``123m 234p 345s``) or by 2 (``123m 345p 567s``); any suit may take any place.
    """
    if len(v.chows) < 3 or 0 in _summary(v)[1]:
        return []
    return _keys(_found(v, "chows.mixed_shift", 3, lambda c: _shifted(c, False, (1, 2))))


@detector("pure_shifted_chows", bound=by_counts("chows_in_suit"), needs=F_CHOW_RUN3)
def pure_shifted_chows(v: HandView) -> Hits:
    """一色三步高 8/15 (seed 004, 順子類): 「三組為同一花色、遞增一位或兩位的順子。可分明暗」.

    Not counted on three chows that lie inside a counted 一色四步高 or 一色五步高.
    """
    if len(v.chows) < 3 or max(_summary(v)[1]) < 3:
        return []
    bigger = _four_step(v) + _five_step(v)
    test: Test = lambda c: _shifted(c, True, (1, 2)) and not _inside(c, bigger)  # noqa: E731
    return _keys(_found(v, "chows.three", 3, test, chows=_in_full_suits(v, 3)))


@detector("four_shifted_chows", bound=by_counts("chows_in_suit"), needs=F_CHOW_RUN3)
def four_shifted_chows(v: HandView) -> Hits:
    """一色四步高 20/40 (seed 004, 順子類): 「四組為同一花色、遞增一位或兩位的順子。可分明暗」.

    Not counted on four chows inside a counted 一色五步高.
    """
    return _keys(_four_step(v))


@detector("five_shifted_chows", bound=by_counts("chows_in_suit"), needs=F_CHOW_RUN3)
def five_shifted_chows(v: HandView) -> Hits:
    """一色五步高 60/80 (seed 004, 順子類): 「五組為同一花色、遞增一位的順子。可分明暗」."""
    return _keys(_five_step(v))


@detector("mixed_straight", bound=by_counts("chows_across"), needs=F_CHOW_MIXED_STRAIGHT)
def mixed_straight(v: HandView) -> Hits:
    """雜龍 8/15 (seed 004, 順子類, 雜龍 (彩龍)).

    「牌型有三種花色之「一二三」「四五六」「七八九」。可分明暗」: 123, 456 and 789 in three different
    suits.  Seed 004 計法 第一: with ``123m 123m 456p 789s`` this is one 雜龍, or two with
    「可重覆計算」.
    """
    if len(v.chows) < 3:
        return []
    m0, m1, m2 = _summary(v)[2]
    held = m0 | m1 | m2
    possible = held & _STRAIGHT_STARTS == _STRAIGHT_STARTS
    chows = _starting_at(v, _STRAIGHT_STARTS) if possible else None
    return _keys(_found(v, "chows.mixed_straight", 3, lambda c: _straight(c, False), possible, chows))


@detector("pure_straight", bound=by_counts("chows_in_suit"), needs=F_CHOW_STRAIGHT)
def pure_straight(v: HandView) -> Hits:
    """清龍 10/20 (seed 004, 順子類, 清龍 (一條龍)): 「擁有同一花色「一」至「九」的牌。可分明暗」.

    Read as the chows 123, 456 and 789 of one suit (the 明/暗 split needs groups).
    """
    if len(v.chows) < 3:
        return []
    masks = _summary(v)[2]
    possible = any(m & _STRAIGHT_STARTS == _STRAIGHT_STARTS for m in masks)
    chows = None
    if possible:
        chows = [
            g
            for g in _starting_at(v, _STRAIGHT_STARTS)
            if masks[SUIT_OF[g.tile]] & _STRAIGHT_STARTS == _STRAIGHT_STARTS
        ]
    return _keys(_found(v, "chows.pure_straight", 3, lambda c: _straight(c, True), possible, chows))


# -- the bound of this family's rows for the 越搭 search (systems/hk_taiwan/scorebound.py, terms
# "chows_in_suit" and "chows_across"; 平糊 and 無字花大平糊 are bounded with the tile set, term "all_chows")

IN_SUIT_ROWS = (
    "pure_shifted_chows",
    "four_shifted_chows",
    "five_shifted_chows",
    "terminal_chows",
    "pure_straight",
)
"""The rows :func:`chow_rows_bound` bounds: chows of one suit."""
ACROSS_ROWS = ("mixed_double_chow", "mixed_triple_chow", "mixed_shifted_chows", "mixed_straight")
"""The rows :func:`chows_across_bound` bounds: chows in several suits."""
_ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def chow_rows_possible(starts: int) -> bool:
    """True when chows from the ranks ``starts`` (bit r: a chow r..r+2) could make 一色步高 (three a
    step of one or two apart), 老少順 (123 and 789) or 清龍 (123 456 789, also three apart): else
    :func:`chow_rows_bound` is 0 on every split."""
    run = starts & (starts >> 1) & (starts >> 2) or starts & (starts >> 2) & (starts >> 4)
    return bool(run) or starts & 65 == 65


def _code_starts(chow_code: int) -> int:
    """Bit r set when a chow code (3 bits per starting rank) holds a chow starting at rank r."""
    bits = 0
    r = 0
    while chow_code:
        if chow_code & 7:
            bits |= 1 << r
        chow_code >>= 3
        r += 1
    return bits


def chow_rows_bound(v: RowValues, chow_code: int) -> int:
    """Most fan of 一色三/四/五步高, 老少順 and 清龍 (:data:`IN_SUIT_ROWS`) on the chows of one suit,
    given as a code (3 bits per starting rank r at bit 3r: how many chows r..r+2), as the detectors
    above count them: a 步高 inside a bigger one does not count again (with five chows a 三步高 may
    lie outside the 四步高), occurrences are disjoint (seed 004, 順子類)."""
    m = [(chow_code >> (3 * r)) & 7 for r in range(7)]
    starts = _code_starts(chow_code)
    n = sum(m)

    def run(k: int, steps: tuple[int, ...]) -> bool:
        for step in steps:
            runs = starts
            for i in range(1, k):
                runs &= starts >> (i * step)
            if runs:
                return True
        return False

    five = run(5, (1,))
    four = run(4, (1, 2)) and not five
    three = run(3, (1, 2)) and not five and not (four and n <= 4)
    return (
        (v("five_shifted_chows") if five else 0)
        + (v("four_shifted_chows") if four else 0)
        + (v("pure_shifted_chows") if three else 0)
        + v("terminal_chows") * min(m[0], m[6])
        + v("pure_straight") * min(m[0], m[3], m[6])
    )


def _chow_rows_across(c0: int, c1: int, c2: int) -> tuple[int, int, int, int]:
    """How many of each :data:`ACROSS_ROWS` chows from the ranks ``c0`` ``c1`` ``c2`` (bits per
    suit) could make: 喜相逢 up to two (ranks shared by two suits), the others one."""
    shared = (c0 & c1).bit_count() + (c0 & c2).bit_count() + (c1 & c2).bit_count()
    masks = (c0, c1, c2)
    shifted = straight = 0
    if c0 and c1 and c2:
        shifted = int(
            any(
                masks[a] & (masks[b] >> 1) & (masks[d] >> 2) or masks[a] & (masks[b] >> 2) & (masks[d] >> 4)
                for a, b, d in _ORDERS
            )
        )
        straight = int(any(masks[a] & 1 and masks[b] & 8 and masks[d] & 64 for a, b, d in _ORDERS))
    return (min(2, shared), int(bool(c0 & c1 & c2)), shifted, straight)


def chows_across_bound(v: RowValues, c0: int, c1: int, c2: int, dark: tuple[int, int, int]) -> int:
    """Most fan of 喜相逢 (two at most), 三色同順, 三色步高 and 雜龍 (:data:`ACROSS_ROWS`) with chows
    from the ranks ``c0`` ``c1`` ``c2`` (bit r: a chow r..r+2, per suit), each row at its 暗 value
    only when the concealed chows ``dark`` (the same bits) alone make it (seed 004 順子類:
    「可分明暗」)."""
    found = _chow_rows_across(c0, c1, c2)
    dark_found = found if dark == (c0, c1, c2) else _chow_rows_across(*dark)
    total = 0
    for pid, n, n_dark in zip(ACROSS_ROWS, found, dark_found, strict=True):
        total += v.at(pid, "concealed") * n_dark + v.at(pid, "open") * (n - n_dark)
    return total
