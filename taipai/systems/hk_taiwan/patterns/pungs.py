"""Detectors for seed 004, 常用翻數表, 刻子類.

One detector per pattern id; values and exclusions are in the system's preset.toml.

A kong is a pung of four for every pung pattern here (seed 004, 槓: 「其中一組刻子有四張」).

兄弟 (same number, different suits), 姊妹 (same suit, consecutive numbers) and 三色三節高 are counted
per unit, under the unit's biggest row only: the pungs of one number make one of 兩兄弟 / 小三兄弟 /
大三兄弟; a run of consecutive pungs in one suit (with the eyes when they continue the run) makes one
of the 姊妹 rows; two pungs inside a counted 大三色三節高 do not also make 小三色三節高.  Separate
units count separately (``111m 222m 333m`` 大三姊妹 and ``555p 666p`` 兩姊妹 both score), so the
rows do not exclude each other in the rule table (our reading: the seed gives no 不另計 between them).
"""

from __future__ import annotations

from collections.abc import Sequence

from taipai.core.hand import PAIR, Group
from taipai.core.handspec import KongKind, Meld, MeldKind
from taipai.core.tiles import RANK_OF, SUIT_OF
from taipai.systems.hk_taiwan.patterns.base import (
    F_CPUNGS2,
    F_CPUNGS3,
    F_KONG,
    F_NO_CHOWS,
    F_PUNG_ADJ,
    F_PUNG_RUN3,
    F_PUNG_RUN4,
    F_PUNG_SAME_RANK,
    F_PUNG_SHIFT,
    F_PUNG_TERMINALS,
    ONCE,
    HandView,
    Hits,
    RowValues,
    best_consistent,
    by_counts,
    detector,
    kong_key,
)
from taipai.systems.hk_taiwan.patterns.terminals import TERMINAL_GROUP_ROWS
from taipai.systems.hk_taiwan.rules import RuleSet

_KONG = MeldKind.KONG.value


SISTER_ROWS = {
    (2, False): "two_sisters",
    (2, True): "small_three_sisters",
    (3, False): "big_three_sisters",
    (3, True): "small_four_sisters",
    (4, False): "big_four_sisters",
    (4, True): "small_five_sisters",
    (5, False): "big_five_sisters",
    (5, True): "six_sisters",
}
"""姊妹 row of a run of consecutive pungs: (pungs in the run, eyes of the suit continue it) -> row id
(seed 004, 刻子類); shared with :mod:`taipai.systems.hk_taiwan.scorebound`."""


def _suited_eyes(v: HandView) -> int | None:
    e = v.eyes
    return e if e is not None and e < 27 else None


# ---------------------------------------------------------------- 槓 and 暗刻


@detector("kong", bound=by_counts("kongs"), needs=F_KONG)
def kong(v: HandView) -> Hits:
    """槓 1/2 (seed 004, 刻子類, 槓): 「其中一組刻子有四張 … 其中明槓及加槓1翻，暗槓2翻」.

    One occurrence per kong, keyed exposed / added / concealed.  Any shape (十三幺 may hold a
    暗槓).
    """
    return [(kong_key(g), 0) for g in v.pungs if g.kind == _KONG]


@detector("two_concealed_pungs", bound=by_counts("pung_rows"), needs=F_CPUNGS2)
def two_concealed_pungs(v: HandView) -> Hits:
    """兩暗刻 5 (seed 004, 刻子類): 「兩組門前清的刻子，包括槓牌」.

    暗刻 = pungs not laid down and not completed by the discard, plus every kong (seed 004, 槓牌:
    「不論是明槓或暗槓，該槓牌一律視作暗刻」).  Scores from two up; the bigger counts exclude it
    in the rule table.
    """
    return ONCE if v.concealed_pung_count() >= 2 else []


@detector("three_concealed_pungs", bound=by_counts("pung_rows"), needs=F_CPUNGS3)
def three_concealed_pungs(v: HandView) -> Hits:
    """三暗刻 10 (seed 004, 刻子類): 「三組門前清的刻子，包括槓牌」 (three or more 暗刻)."""
    return ONCE if v.concealed_pung_count() >= 3 else []


@detector("four_concealed_pungs", bound=by_counts("pung_rows"), needs=F_CPUNGS3)
def four_concealed_pungs(v: HandView) -> Hits:
    """四暗刻 30 (seed 004, 刻子類): 「四組門前清的刻子，包括槓牌」 (four or more 暗刻)."""
    return ONCE if v.concealed_pung_count() >= 4 else []


@detector("five_concealed_pungs", bound=by_counts("pung_rows"), needs=F_CPUNGS3)
def five_concealed_pungs(v: HandView) -> Hits:
    """五暗刻 80 (seed 004, 刻子類): 「五組完全摸回來的刻子，包括槓牌。不另計對對胡」.

    Five 暗刻 (kongs included).  Seed note: 「刻子沒有碰，沒有槓，才計坎坎胡，但如果有暗槓只計五暗刻」.
    """
    return ONCE if v.concealed_pung_count() >= 5 else []


# ---------------------------------------------------------------- 老少刻, 兄弟


@detector("terminal_pungs", bound=by_counts("pungs_in_suit"), needs=F_PUNG_TERMINALS)
def terminal_pungs(v: HandView) -> Hits:
    """老少刻 5 (seed 004, 刻子類): 「兩組同一花色的幺九刻子」: 111 + 999 of one suit.

    One occurrence per suit holding both (計法 第一 applies through :meth:`HandView.instances`).
    """
    if not v.standard or len(v.pungs) < 2:
        return []
    found = v.instances(v.pungs, 2, _terminal_pair)
    return [("base", 0) for _ in found]


def _terminal_pair(c: tuple[Group, ...]) -> bool:
    a, b = c[0].tile, c[1].tile
    return a < 27 and b < 27 and SUIT_OF[a] == SUIT_OF[b] and {RANK_OF[a], RANK_OF[b]} == {1, 9}


def _brothers(v: HandView) -> dict[str, int]:
    """Row -> occurrences of the 兄弟 rows: per number, the pungs of that number in the suits."""
    memo = v.memo
    hit = memo.get("pungs.brothers")
    if hit is None:
        out: dict[str, int] = {}
        if v.standard:
            per_rank: dict[int, int] = {}
            for g in v.pungs:
                if g.tile < 27:
                    r = RANK_OF[g.tile]
                    per_rank[r] = per_rank.get(r, 0) + 1
            eyes = _suited_eyes(v)
            for r, k in per_rank.items():
                if k == 3:
                    row = "big_triple_pung"
                elif k == 2:
                    row = "small_triple_pung" if eyes is not None and RANK_OF[eyes] == r else "double_pung"
                else:
                    continue
                out[row] = out.get(row, 0) + 1
        memo["pungs.brothers"] = hit = out
    return hit  # type: ignore[return-value]


@detector("double_pung", bound=by_counts("pungs_across"), needs=F_PUNG_SAME_RANK)
def double_pung(v: HandView) -> Hits:
    """兩兄弟 5 (seed 004, 刻子類, 兩兄弟 (雙同刻)): 「兩組數字一樣的刻子」.

    Two pungs of one number in two suits, when the third suit has neither a pung (大三兄弟) nor the
    eyes (小三兄弟) of that number.  One occurrence per number.
    """
    return [("base", 0)] * _brothers(v).get("double_pung", 0)


@detector("small_triple_pung", bound=by_counts("pungs_across"), needs=F_PUNG_SAME_RANK)
def small_triple_pung(v: HandView) -> Hits:
    """小三兄弟 10 (seed 004, 刻子類, 小三兄弟 (小三色同刻)): 「雙同刻再加上另一個同刻做眼」.

    Two pungs of one number and the eyes of that number in the third suit.
    """
    return [("base", 0)] * _brothers(v).get("small_triple_pung", 0)


@detector("big_triple_pung", bound=by_counts("pungs_across"), needs=F_PUNG_SAME_RANK)
def big_triple_pung(v: HandView) -> Hits:
    """大三兄弟 15 (seed 004, 刻子類, 大三兄弟 (大三色同刻)): 「三組數字一樣的刻子」 (one per suit)."""
    return [("base", 0)] * _brothers(v).get("big_triple_pung", 0)


# ---------------------------------------------------------------- 姊妹


def _sisters(v: HandView) -> dict[str, int]:
    """Row -> occurrences of the 姊妹 rows: one per run of consecutive pungs in one suit.

    A run of L pungs is 「大L姊妹」 (兩姊妹 for L = 2); with eyes of the same suit continuing the
    run at either end it is 「小(L+1)姊妹」 (小三 for L = 2 … 六姊妹 for L = 5).  The eyes join one
    run only: the longest, the lower one on a tie (our choice).
    """
    memo = v.memo
    hit = memo.get("pungs.sisters")
    if hit is None:
        out: dict[str, int] = {}
        if v.standard and len(v.pungs) >= 2:
            tiles = sorted(g.tile for g in v.pungs if g.tile < 27)
            runs: list[tuple[int, int]] = []  # (first tile, length)
            for t in tiles:
                if runs and runs[-1][0] + runs[-1][1] == t and SUIT_OF[t] == SUIT_OF[runs[-1][0]]:
                    runs[-1] = (runs[-1][0], runs[-1][1] + 1)
                else:
                    runs.append((t, 1))
            runs = [r for r in runs if r[1] >= 2]
            eyes = _suited_eyes(v)
            joined = -1
            if eyes is not None:
                for i, (first, n) in enumerate(runs):
                    last = first + n - 1
                    touches = (eyes == first - 1 and RANK_OF[first] > 1) or (
                        eyes == last + 1 and RANK_OF[last] < 9
                    )
                    if touches and (joined < 0 or n > runs[joined][1]):
                        joined = i
            for i, (_, n) in enumerate(runs):
                row = SISTER_ROWS[(n, i == joined)]
                out[row] = out.get(row, 0) + 1
        memo["pungs.sisters"] = hit = out
    return hit  # type: ignore[return-value]


def _sister_hits(v: HandView, row: str) -> Hits:
    return [("base", 0)] * _sisters(v).get(row, 0)


@detector("two_sisters", bound=by_counts("pungs_in_suit"), needs=F_PUNG_ADJ)
def two_sisters(v: HandView) -> Hits:
    """兩姊妹 5 (seed 004, 刻子類, 兩姊妹 (雙連刻)): 「兩組同款而數子相連的刻子」.

    A run of exactly two consecutive pungs in one suit whose eyes do not continue it.
    """
    return _sister_hits(v, "two_sisters")


@detector("small_three_sisters", bound=by_counts("pungs_in_suit"), needs=F_PUNG_ADJ)
def small_three_sisters(v: HandView) -> Hits:
    """小三姊妹 10 (seed 004, 刻子類, 小三姊妹 (小三連刻)).

    「兩組同款而數子相連的刻子，另加一對數子相連的眼。如已碰出，不計一般高」: the concealed form
    also scores 一般高 (see identical_chows).
    """
    return _sister_hits(v, "small_three_sisters")


@detector("big_three_sisters", bound=by_counts("pungs_in_suit"), needs=F_PUNG_RUN3)
def big_three_sisters(v: HandView) -> Hits:
    """大三姊妹 15 (seed 004, 刻子類, 大三姊妹 (大三連刻)).

    「三組同款而數子相連的刻子。如已碰出，不計三般高」 (計法 第二: concealed ``111 222 333`` also
    counts 三暗刻 and 三般高).
    """
    return _sister_hits(v, "big_three_sisters")


@detector("small_four_sisters", bound=by_counts("pungs_in_suit"), needs=F_PUNG_RUN3)
def small_four_sisters(v: HandView) -> Hits:
    """小四姊妹 20 (seed 004, 刻子類, 小四姊妹 (小四連刻)).

    「三組同款而數子相連的刻子，另加一對數子相連的眼。如已碰出不計一般高，三般高」.
    """
    return _sister_hits(v, "small_four_sisters")


@detector("big_four_sisters", bound=by_counts("pungs_in_suit"), needs=F_PUNG_RUN4)
def big_four_sisters(v: HandView) -> Hits:
    """大四姊妹 40 (seed 004, 刻子類, 大四姊妹 (大四連刻)): 「四組同款而數子相連樣的刻子」."""
    return _sister_hits(v, "big_four_sisters")


@detector("small_five_sisters", bound=by_counts("pungs_in_suit"), needs=F_PUNG_RUN4)
def small_five_sisters(v: HandView) -> Hits:
    """小五姊妹 60 (seed 004, 刻子類, 小五姊妹 (小五連刻)).

    「四組同款而數子相連樣的刻子，另加一對數子相連的眼」.
    """
    return _sister_hits(v, "small_five_sisters")


@detector("big_five_sisters", bound=by_counts("pungs_in_suit"), needs=F_PUNG_RUN4)
def big_five_sisters(v: HandView) -> Hits:
    """大五姊妹 80 (seed 004, 刻子類, 大五姊妹 (大五連刻)): 「五組同款而數子相連樣的刻子 … 另計對對糊」."""
    return _sister_hits(v, "big_five_sisters")


@detector("six_sisters", bound=by_counts("pungs_in_suit"), needs=F_PUNG_RUN4)
def six_sisters(v: HandView) -> Hits:
    """六姊妹 200 (seed 004, 刻子類, 六姊妹 (六連刻)).

    「五組同款而數子相連樣的刻子，另加一對數子相連的眼 … 不另計對對糊，清一色」.
    """
    return _sister_hits(v, "six_sisters")


# ---------------------------------------------------------------- 三色三節高


def _shifted_big(v: HandView) -> list[tuple[Group, ...]]:
    memo = v.memo
    hit = memo.get("pungs.shifted_big")
    if hit is None:
        hit = []
        if v.standard and len(v.pungs) >= 3:
            # Only suited pungs can take part, and their combinations passing the test are the
            # same, in the same order, as those of all the pungs.
            suited = [g for g in v.pungs if g.tile < 27]
            if len({t // 9 for t in (g.tile for g in suited)}) == 3:
                hit = v.instances(suited, 3, _three_suits_in_a_row)
        memo["pungs.shifted_big"] = hit
    return hit  # type: ignore[return-value]


def _three_suits_in_a_row(c: tuple[Group, ...]) -> bool:
    a, b, d = c[0].tile, c[1].tile, c[2].tile
    if a >= 27 or b >= 27 or d >= 27:
        return False
    if len({a // 9, b // 9, d // 9}) != 3:  # suited: suit t // 9, number t % 9 + 1
        return False
    low, mid, high = sorted((a % 9, b % 9, d % 9))
    return mid == low + 1 and high == mid + 1


@detector("small_mixed_shifted_pungs", bound=by_counts("pungs_across"), needs=F_PUNG_SHIFT)
def small_mixed_shifted_pungs(v: HandView) -> Hits:
    """小三色三節高 5 (seed 004, 刻子類): 「兩組刻子和眼為各一花、遞增一位」.

    Two pungs and the eyes, one in each suit, numbers consecutive (the eyes may be any of the
    three numbers).  Two pungs that are part of a counted 大三色三節高 do not count again.
    """
    e = _suited_eyes(v)
    if not v.standard or len(v.pungs) < 2 or e is None:
        return []
    # cheap necessary test: the two other suits each hold a pung within two ranks of the eyes
    near = []
    for g in v.pungs:
        t = g.tile
        if t < 27 and t // 9 != e // 9 and abs(t % 9 - e % 9) <= 2:
            near.append(g)
    if len({g.tile // 9 for g in near}) < 2:
        return []
    big = [{id(g) for g in inst} for inst in _shifted_big(v)]

    def test(c: tuple[Group, ...]) -> bool:
        if sum(1 for g in c if g.kind == PAIR) != 1 or not _three_suits_in_a_row(c):
            return False
        pungs = {id(g) for g in c if g.kind != PAIR}
        return not any(pungs <= b for b in big)

    eyes_group = next(g for g in v.groups if g.kind == PAIR)
    # A combination passing the test holds the eyes and two pungs near them: those of the other
    # pungs fail it, so leaving them out gives the same occurrences from fewer trials.
    return [("base", 0) for _ in v.instances([*near, eyes_group], 3, test)]


@detector("big_mixed_shifted_pungs", bound=by_counts("pungs_across"), needs=F_PUNG_SHIFT)
def big_mixed_shifted_pungs(v: HandView) -> Hits:
    """大三色三節高 10 (seed 004, 刻子類): 「三組為各筒索萬各一花色、遞增一位的刻子」."""
    return [("base", 0) for _ in _shifted_big(v)]


# ---------------------------------------------------------------- 對對糊, 坎坎胡, 廿二羅漢


@detector("all_pungs", bound=by_counts("pung_rows"), needs=F_NO_CHOWS)
def all_pungs(v: HandView) -> Hits:
    """對對糊 30 (seed 004, 刻子類): 「全副牌為刻子」: every meld of a standard reading is a pung or kong."""
    if v.standard and v.melds and not v.chows:
        return ONCE
    return []


@detector("all_concealed_pungs", bound=by_counts("pung_rows"), needs=F_NO_CHOWS)
def all_concealed_pungs(v: HandView) -> Hits:
    """坎坎胡 100 (seed 004, 刻子類): 「門前清自摸對對糊，無槓牌」.

    Seed note: 「雙碰聽牌時必須自摸，獨獨聽牌時可以食出銃，不計五暗刻」.  Every meld a pung, nothing
    laid down (so no kong), and either self-drawn or a single wait (獨獨: one tile in the wait set)
    won on a discard.
    """
    if not v.standard or v.chows or not v.melds or v.spec.melds:
        return []
    if v.self_drawn or len(v.waits) == 1:
        return ONCE
    return []


@detector("eighteen_arhats", bound=by_counts("kongs"), needs=F_KONG)
def eighteen_arhats(v: HandView) -> Hits:
    """廿二羅漢 160 (seed 004, 刻子類): 「有五對槓牌。不另計對對胡」: five kongs (槓 still counts each)."""
    if sum(1 for g in v.pungs if g.kind == _KONG) >= 5:
        return ONCE
    return []


# -- the bound of this family's rows for the 越搭 search (systems/hk_taiwan/scorebound.py, terms "pung_rows",
# "pungs_across", "pungs_in_suit"; 槓 and 廿二羅漢 are bounded from the declared kongs, "kongs")

DARK_ROWS = ("two_concealed_pungs", "three_concealed_pungs", "four_concealed_pungs", "five_concealed_pungs")
PUNG_ROWS = (*DARK_ROWS, "all_pungs", "all_concealed_pungs", *TERMINAL_GROUP_ROWS)
"""The rows :func:`pung_rows_bound` bounds (the 幺九 group rows of ``terminals.py`` with them)."""
ACROSS_ROWS = (
    "double_pung",
    "small_triple_pung",
    "big_triple_pung",
    "small_mixed_shifted_pungs",
    "big_mixed_shifted_pungs",
)
"""The rows :func:`brothers_bound` and :func:`mixed_shifted_pungs_bound` bound."""
IN_SUIT_ROWS = ("terminal_pungs", *SISTER_ROWS.values())
"""The rows bounded suit by suit: 老少刻 (a pung of 一 and of 九, one value) and :func:`sisters_bound`."""
_ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def pung_rows_bound(
    v: RowValues, rules: RuleSet, dark: int, all_pungs: bool, all_concealed: bool, terminal_rows: int
) -> int:
    """Most fan of 二/三/四/五暗刻, 對對糊, 坎坎胡 and the 幺九 group rows together (:data:`PUNG_ROWS`),
    with ``dark`` concealed pungs at most, 對對糊 / 坎坎胡 possible or not and ``terminal_rows`` the
    bits of :data:`~taipai.systems.hk_taiwan.patterns.terminals.TERMINAL_GROUP_ROWS` possible: the best set of
    them that may hit at once, each keeping only what the others' 「不另計」 leave (坎坎胡 replaces
    the rest; 五暗刻 replaces 對對糊; 混幺九 replaces 對對糊 and 混帶幺, seed 004 刻子類, 幺牌數字類)."""
    possible = [pid for n, pid in enumerate(DARK_ROWS, start=2) if dark >= n]
    if all_pungs:
        possible.append("all_pungs")
    if all_concealed:
        possible.append("all_concealed_pungs")
    possible += [pid for i, pid in enumerate(TERMINAL_GROUP_ROWS) if terminal_rows >> i & 1]
    return best_consistent(rules, {pid: v(pid) for pid in possible})


def brothers_bound(values: tuple[int, int, int], pungs: Sequence[int], pairs: Sequence[int]) -> int:
    """兄弟 rows (seed 004, 刻子類): per number one row, 大三兄弟 with three pungs, 小三兄弟 with two
    and the eyes, 兩兄弟 with two.  ``values``: 大三兄弟, 小三兄弟, 兩兄弟; ``pungs`` / ``pairs``: per
    suit (萬筒索), bit r when rank r may be a pung / is held twice."""
    big, small, double = values
    p0, p1, p2 = pungs
    r0, r1, r2 = pairs
    three = p0 & p1 & p2
    with_eyes = (p0 & p1 & ~p2 & r2) | (p0 & ~p1 & p2 & r1) | (~p0 & p1 & p2 & r0)
    two = ((p0 & p1) | (p0 & p2) | (p1 & p2)) & ~three & ~with_eyes
    return (
        three.bit_count() * max(big, small, double)
        + with_eyes.bit_count() * max(small, double)
        + two.bit_count() * double
    )


def mixed_shifted_pungs_bound(v: RowValues, pungs: Sequence[int], pairs: Sequence[int]) -> int:
    """三色三節高 (seed 004, 刻子類): pungs of r, r+1, r+2 in three suits (大), or two pungs and the
    eyes (小); ``pungs`` / ``pairs`` as :func:`brothers_bound`."""
    big = small = False
    for a, b, d in _ORDERS:
        pa, pb, pd = pungs[a], pungs[b] >> 1, pungs[d] >> 2
        ea, eb, ed = pairs[a], pairs[b] >> 1, pairs[d] >> 2
        big = big or bool(pa & pb & pd)
        small = small or bool(ea & eb & ed & ((pa & pb) | (pa & pd) | (pb & pd)))
    return (v("big_mixed_shifted_pungs") if big else 0) + (v("small_mixed_shifted_pungs") if small else 0)


def _runs(flags: Sequence[bool]) -> list[tuple[int, int]]:
    """(start, length) of each run of True in ``flags``."""
    out = []
    start = -1
    for r, on in enumerate([*flags, False]):
        if on and start < 0:
            start = r
        elif not on and start >= 0:
            out.append((start, r - start))
            start = -1
    return out


def sisters_bound(values: dict[tuple[int, bool], int], counts: Sequence[int]) -> int:
    """姊妹 rows of one numbered suit holding ``counts`` (nine counts): per run of ranks held three
    times or more the largest row it could make (:data:`SISTER_ROWS`; two rows inside a run of
    five, a pung left out between them).  ``values``: :data:`SISTER_ROWS` key -> the row's value."""
    total = 0
    for start, length in _runs([c >= 3 for c in counts]):
        length = min(length, 5)
        if length < 2:
            continue
        ext = (start > 0 and counts[start - 1] >= 2) or (start + length < 9 and counts[start + length] >= 2)
        best = 0
        for ln in range(2, length + 1):
            best = max(best, values[(ln, False)])
            if ext or ln < length:
                best = max(best, values[(ln, True)])
        total += best * (2 if length >= 5 else 1)
    return total


KONG_ROWS = ("kong", "eighteen_arhats")
"""The rows :func:`declared_kong_fan` and :func:`kong_rows_bound` bound."""


def declared_kong_fan(rules: RuleSet, kongs: Sequence[Meld]) -> int:
    """The 槓 fan of the declared ``kongs`` under ``rules`` (seed 004, 刻子類, 槓: 明槓及加槓1翻，
    暗槓2翻), as :func:`kong` scores them; 0 when the row is off.  Kongs are declared, so every
    completion of the hand scores exactly this."""
    row = rules.patterns.get("kong")
    if row is None or not row.enabled:
        return 0
    fan = 0
    for m in kongs:
        key = {KongKind.CONCEALED: "concealed", KongKind.ADDED: "added"}.get(m.kong, "exposed")  # type: ignore[arg-type]
        value = row.values.get(key, 0)
        fan += value if isinstance(value, int) else 0
    return fan


def kong_rows_bound(v: RowValues, rules: RuleSet, kongs: Sequence[Meld], groups: int) -> int:
    """Most fan of 槓 and 廿二羅漢 (:data:`KONG_ROWS`) on a hand with the declared ``kongs``:
    :func:`declared_kong_fan`, and 廿二羅漢 when every one of the hand's ``groups`` melds is a kong."""
    return declared_kong_fan(rules, kongs) + (v("eighteen_arhats") if len(kongs) >= groups else 0)
