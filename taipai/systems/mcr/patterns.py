"""國標 (MCR) detectors: what each row of seed 002 「番型介紹」 finds in one reading of a win, and the
five principles of combination, written once, where chows and pungs are paired (:func:`set_fans`).

Values and 「不計」 lists are data (``preset.toml``); :func:`taipai.systems.mcr.scoring.score` reads
every reading, applies the exclusions and keeps the best (就高不就低).  Each detector returns how many
times its row scores.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Final

from taipai.core.fastnew import builder
from taipai.core.tiles import (
    IS_HONOUR,
    IS_TERMINAL,
    IS_TERMINAL_OR_HONOUR,
    NUM_KINDS,
    RANK_OF,
    SUIT_OF,
    WINDS,
)
from taipai.systems.mcr.hand import GROUP_TILES, Group, Set, Win

GREEN = frozenset({19, 20, 21, 23, 25, 32})
"""綠一色 (row 3): 「23468 條及發字」."""
REVERSIBLE = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 33})
"""推不倒 (row 40): 「1234589 餅、 245689 條、白板」."""


# ------------------------------------------------------------------ pairs of sets (1 番 rows 70-73)
def chow_pair_fan(a: int, b: int) -> str | None:
    """The 1 番 row two chows (lowest tiles ``a``, ``b``) make, if any.

    Rows 70 一般高 「一種花色 2 副相同的順子」, 71 喜相逢 「2 種花色 2 副序數相同的順子」,
    72 連六 「一種花色 6 張相連接的序數牌」, 73 老少副 「一種花色牌的 123 、 789 兩副順子」.
    """
    if a == b:
        return "pure_double_chow"
    if SUIT_OF[a] != SUIT_OF[b]:
        return "mixed_double_chow" if RANK_OF[a] == RANK_OF[b] else None
    gap = abs(a - b)
    if gap == 3:
        return "short_straight"
    if gap == 6:
        return "two_terminal_chows"
    return None


def chow_triple_fan(a: int, b: int, c: int) -> str | None:
    """The row three chows make: 一色三同順 (23), 一色三步高 (30), 清龍 (28), 花龍 (39), 三色三同順 (41),
    三色三步高 (50) — seed 002, each as its row says (e.g. row 30 「依次遞增一位或依次遞增二位」)."""
    x, y, z = sorted((a, b, c))
    suits = {SUIT_OF[x], SUIT_OF[y], SUIT_OF[z]}
    ranks = sorted(RANK_OF[t] for t in (x, y, z))
    if len(suits) == 1:
        if x == y == z:
            return "pure_triple_chow"
        if y - x == z - y == 3 and RANK_OF[x] == 1:
            return "pure_straight"
        if y - x == z - y and y - x in (1, 2):
            return "pure_shifted_chows"
        return None
    if len(suits) == 3:
        if ranks[0] == ranks[1] == ranks[2]:
            return "mixed_triple_chow"
        if ranks == [1, 4, 7]:
            return "mixed_straight"
        if ranks[1] - ranks[0] == ranks[2] - ranks[1] == 1:
            return "mixed_shifted_chows"
    return None


def chow_quad_fan(chows: Sequence[int]) -> str | None:
    """一色四同順 (row 14), 一色四步高 (row 16) or 一色雙龍會 (row 13, with 5 as eyes; checked by the
    caller) of four chows."""
    s = sorted(chows)
    if len({SUIT_OF[t] for t in s}) != 1:
        return None
    if s[0] == s[3]:
        return "quadruple_chow"
    d = s[1] - s[0]
    if d in (1, 2) and s[2] - s[1] == d and s[3] - s[2] == d:
        return "four_pure_shifted_chows"
    return None


def pung_pair_fan(a: int, b: int) -> str | None:
    """雙同刻 (row 65): 「2 副序數相同的刻子」."""
    if not IS_HONOUR[a] and not IS_HONOUR[b] and SUIT_OF[a] != SUIT_OF[b] and RANK_OF[a] == RANK_OF[b]:
        return "double_pung"
    return None


def pung_triple_fan(a: int, b: int, c: int) -> str | None:
    """三同刻 (row 32), 一色三節高 (row 24), 三色三節高 (row 42) of three pungs of suit tiles."""
    x, y, z = sorted((a, b, c))
    if IS_HONOUR[z]:
        return None
    suits = {SUIT_OF[x], SUIT_OF[y], SUIT_OF[z]}
    ranks = sorted(RANK_OF[t] for t in (x, y, z))
    if len(suits) == 3 and ranks[0] == ranks[2]:
        return "triple_pung"
    if ranks[1] - ranks[0] == ranks[2] - ranks[1] == 1:
        if len(suits) == 1:
            return "pure_shifted_pungs"
        if len(suits) == 3:
            return "mixed_shifted_pungs"
    return None


def combine(
    items: Sequence[int],
    quad: str | None,
    triple: Callable[[int, int, int], str | None],
    pair: Callable[[int, int], str | None],
    implied: Mapping[str, tuple[str, ...]],
) -> Counter[str]:
    """The rows a hand's chows (or its pungs) make together, by the five principles of combination.

    ``items`` are the chows' lowest tiles (or the pungs' tiles); ``quad`` the four-set row found,
    ``triple(a, b, c)`` and ``pair(a, b)`` the three- and two-set rows; ``implied`` each row's
    「不計」 ids (``preset.toml``).

    - 不重複原則 (a row implied by another is not counted again) and 不拆移原則 (sets counted into a row
      are not split up again to make a lesser one): once four sets make a row (一色四同順 123 123 123
      123) no three or two of them count again; once three make a row (清龍 123 456 789) none of those
      three pairs up again (no 連六 123 456, no 老少副 123 789).
    - 套算一次原則 (a set not yet combined may combine once with a set already combined): with
      清龍 123 456 789 + a fourth 123 of another suit, the fourth makes one 喜相逢 with the 123; four
      chows make at most three pairings, three chows at most two — every new pairing brings in a set
      not yet paired, so the pairings form a tree.
    - 不得相同原則 (a set already in a row may not make the same row again with another set):
      123萬 123萬 123筒 is 一般高 + 喜相逢 (one 喜相逢, not two: the second would reuse a 123萬 for the
      same row).
    - 就高不就低原則 (of several ways, the one worth most): every choice below is tried and the best
      kept; the caller does the same over every reading of the hand.

    Returns:
        row id → count.
    """
    out: Counter[str] = Counter()
    n = len(items)
    if n == 4 and quad is not None:
        out[quad] = 1
        return out
    if n >= 3:
        best: Counter[str] | None = None
        for trio in combinations(range(n), 3):
            fan = triple(*(items[i] for i in trio))
            if fan is None:
                continue
            found = Counter({fan: 1})
            rest = [i for i in range(n) if i not in trio]
            if rest:
                # 套算一次: the set left out may pair once with one of the three, by a row the
                # three's row does not already imply (清龍 123 456 789 + 456: 一般高, not 連六).
                extras = [
                    f
                    for i in trio
                    if (f := pair(items[i], items[rest[0]])) is not None
                    and f not in implied.get(fan, ())
                ]
                if extras:
                    found[max(extras, key=lambda f: _worth(Counter({f: 1})))] += 1
            if best is None or _worth(found) > _worth(best):
                best = found
        if best is not None:
            return best
    edges = [
        (i, j, f)
        for i, j in combinations(range(n), 2)
        if (f := pair(items[i], items[j])) is not None
    ]
    best_pairs: Counter[str] = Counter()
    for k in range(min(len(edges), n - 1), 0, -1):
        for chosen in combinations(edges, k):
            if _is_tree(chosen, n) and _distinct_at_each_set(chosen):
                found = Counter(f for _, _, f in chosen)
                if _worth(found) > _worth(best_pairs):
                    best_pairs = found
        if best_pairs:
            break
    return best_pairs


_BIG = {"pure_triple_chow": 24, "pure_shifted_pungs": 24, "pure_straight": 16, "pure_shifted_chows": 16,
        "triple_pung": 16, "mixed_straight": 8, "mixed_triple_chow": 8, "mixed_shifted_pungs": 8,
        "mixed_shifted_chows": 6, "double_pung": 2}


def _worth(c: Counter[str]) -> int:
    """A rough order of results: more rows from larger sets first (the caller re-scores exactly)."""
    return sum(_BIG.get(k, 1) * v for k, v in c.items())


def _is_tree(edges: Sequence[tuple[int, int, str]], n: int) -> bool:
    parent = list(range(n))

    def root(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for i, j, _ in edges:
        a, b = root(i), root(j)
        if a == b:
            return False
        parent[a] = b
    return True


def _distinct_at_each_set(edges: Sequence[tuple[int, int, str]]) -> bool:
    seen: set[tuple[int, str]] = set()
    for i, j, f in edges:
        for k in (i, j):
            if (k, f) in seen:
                return False
            seen.add((k, f))
    return True


# ------------------------------------------------------------------ one reading
@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of a win: its groups (melds and the standing tiles' sets and pair) and the win.

    Attributes:
        groups: every group; pungs made in hand are ``concealed`` unless the discard completed them.
        win: the hand.
        wait: ``edge_wait``, ``closed_wait``, ``single_wait`` or ``None`` (the hand waited on more
            than one tile, or the tile sits elsewhere).
    """

    groups: tuple[Group, ...]
    win: Win
    wait: str | None


def shape_fans(
    r: Reading, implied: Mapping[str, tuple[str, ...]], facts: WinFacts | None = None
) -> dict[str, int]:
    """Every row a standard reading (four sets and eyes, or 組合龍 + set + eyes) scores before
    exclusions, the tile rows included (:func:`tile_fans`); ``implied``: each row's 「不計」 ids;
    ``facts``: :func:`win_facts` of ``r.win`` (worked out here when not given).

    Returns:
        row id → count (every count ≥ 1), in the order the rows are found.
    """
    return reading_fans(r.groups, r.win, r.wait, implied, win_facts(r.win) if facts is None else facts)


def reading_fans(
    groups: tuple[Group, ...],
    win: Win,
    wait: str | None,
    implied: Mapping[str, tuple[str, ...]],
    facts: WinFacts,
) -> dict[str, int]:
    """:func:`shape_fans` of the reading ``Reading(groups, win, wait)``, with the win's facts."""
    chows: list[int] = []
    tiles: list[int] = []
    winds: list[int] = []
    concealed = hidden = shown = dragons = terminals = 0
    pair = -1
    knitted = False
    outside = fives = True
    for g in groups:
        kind = g.kind
        t = g.tile
        if kind is Set.CHOW:
            chows.append(t)
        elif kind is Set.PAIR:
            if pair < 0:
                pair = t
        elif kind is Set.KNITTED:
            knitted = True
        else:
            tiles.append(t)
            if t >= 31:
                dragons += 1
            elif t >= 27:
                winds.append(t)
            elif IS_TERMINAL[t]:
                terminals += 1
            concealed += g.concealed
            if kind is Set.KONG:
                if g.concealed:
                    hidden += 1
                else:
                    shown += 1
        outside = outside and _OUTSIDE[kind][t]
        fives = fives and _FIVES[kind][t]
    out = dict(facts.tile_rows)
    if knitted:
        out["knitted_straight"] = 1

    # chows and pungs together (rows 13-16, 23, 24, 28-30, 32, 39, 41, 42, 50, 65, 70-73)
    terminal_chows = False
    if len(chows) == 4 and not IS_HONOUR[pair] and RANK_OF[pair] == 5:
        ranks = sorted(RANK_OF[t] for t in chows)
        suits = {SUIT_OF[t] for t in chows}
        if ranks == [1, 1, 7, 7] and len(suits) == 1 and SUIT_OF[pair] in suits:
            out["pure_terminal_chows"] = 1
            terminal_chows = True
        elif ranks == [1, 1, 7, 7] and len(suits) == 2 and SUIT_OF[pair] not in suits and all(
            sorted(RANK_OF[t] for t in chows if SUIT_OF[t] == s) == [1, 7] for s in suits
        ):
            out["three_suited_terminal_chows"] = 1
            terminal_chows = True
    if not terminal_chows and len(chows) > 1:
        for k, v in _combined(tuple(chows), True, implied):
            out[k] = out.get(k, 0) + v
    if len(tiles) > 1:
        for k, v in _combined(tuple(tiles), False, implied):
            out[k] = out.get(k, 0) + v

    # winds and dragons (rows 1, 2, 9, 10, 38, 54, 59-61, 74)
    yaojiu = 0
    if tiles:
        if len(winds) == 4:
            out["big_four_winds"] = 1
        elif len(winds) == 3 and _IS_WIND[pair]:
            out["little_four_winds"] = 1
        elif len(winds) == 3:
            out["big_three_winds"] = 1
        if dragons == 3:
            out["big_three_dragons"] = 1
        elif dragons == 2 and pair >= 31:
            out["little_three_dragons"] = 1
        elif dragons == 2:
            out["two_dragon_pungs"] = 1
        elif dragons == 1:
            out["dragon_pung"] = 1
        if win.round_wind in winds:
            out["prevalent_wind"] = 1
        if win.seat_wind in winds:
            out["seat_wind"] = 1
        # 幺九刻 (row 74): a pung of 1 or 9, or of a wind that is neither the round's nor the seat's
        # (圈風刻 / 門風刻 count that pung) and not one of 大四喜's / 小四喜's / 三風刻's; 箭刻 count dragons.
        yaojiu = terminals
        if len(winds) < 3:
            for t in winds:
                if t != win.round_wind and t != win.seat_wind:
                    yaojiu += 1
        if yaojiu:
            out["pung_of_terminals_or_honors"] = yaojiu

        # pungs and kongs (rows 5, 12, 17, 33, 48, 53, 57, 66, 67, 75)
        if len(tiles) == 4:
            out["all_pungs"] = 1
        if concealed >= 2:
            out[_CONCEALED_PUNGS[concealed]] = 1
        kongs = hidden + shown
        if kongs == 4:
            out["four_kongs"] = 1
        elif kongs == 3:
            out["three_kongs"] = 1
        elif hidden == 2:
            out["two_concealed_kongs"] = 1
        elif shown == 2:
            out["two_melded_kongs"] = 1
        elif hidden == 1 and shown == 1:
            out["melded_kong"] = 1
            out["concealed_kong"] = 1
        elif hidden == 1:
            out["concealed_kong"] = 1
        elif shown == 1:
            out["melded_kong"] = 1

    # every group (rows 21, 31, 55, 63)
    if outside:
        out["outside_hand"] = 1
    if fives:
        out["all_fives"] = 1
    if len(tiles) == 4 and facts.all_even:
        out["all_even_pungs"] = 1
    if not tiles and not IS_HONOUR[pair]:
        out["all_chows"] = 1

    # how the hand was won (rows 52, 56, 62, 78-80)
    if facts.won_as is not None:
        out[facts.won_as] = 1
    if wait is not None:
        out[wait] = 1
    if facts.nine_gates:
        out["nine_gates"] = 1
        if yaojiu > 1:
            out["pung_of_terminals_or_honors"] = yaojiu - 1
        else:
            out.pop("pung_of_terminals_or_honors", None)
    return out


_CONCEALED_PUNGS = {2: "two_concealed_pungs", 3: "three_concealed_pungs", 4: "four_concealed_pungs"}

_IS_WIND: Final = tuple(t in WINDS for t in range(NUM_KINDS))
"""By tile kind: a wind (東南西北)."""


def _group_flags(test: Callable[[tuple[int, ...]], bool]) -> dict[Set, tuple[bool, ...]]:
    """Per kind of group, by its tile: whether ``test`` holds for the group's tiles (``False`` for a
    group past its suit's end, never built)."""
    return {
        kind: tuple(all(x < NUM_KINDS for x in ts) and test(ts) for ts in by_tile)
        for kind, by_tile in GROUP_TILES.items()
    }


_OUTSIDE = _group_flags(lambda ts: any(IS_TERMINAL_OR_HONOUR[t] for t in ts))
"""全帶幺 (row 55): every group holds a terminal or an honour."""
_FIVES = _group_flags(lambda ts: any(RANK_OF[t] == 5 for t in ts))
"""全帶五 (row 31): every group holds a 5."""

_COMBINED: dict[int, tuple[Mapping[str, tuple[str, ...]], dict[tuple[bool, tuple[int, ...]], Any]]] = {}


def _combined(
    items: tuple[int, ...], chows: bool, implied: Mapping[str, tuple[str, ...]]
) -> tuple[tuple[str, int], ...]:
    """:func:`combine` of a reading's chows (``chows``) or pungs, remembered by ``items`` (a few sets'
    tiles: the same chows and pungs come back in hand after hand)."""
    entry = _COMBINED.get(id(implied))
    if entry is None or entry[0] is not implied:
        entry = (implied, {})
        _COMBINED[id(implied)] = entry
    memo = entry[1]
    key = (chows, items)
    found = memo.get(key)
    if found is None:
        if chows:
            quad = chow_quad_fan(items) if len(items) == 4 else None
            found = tuple(combine(items, quad, chow_triple_fan, chow_pair_fan, implied).items())
        else:
            quad = None
            if len(items) == 4 and len({SUIT_OF[t] for t in items}) == 1 and not IS_HONOUR[items[0]]:
                s = sorted(items)
                if s[1] - s[0] == s[2] - s[1] == s[3] - s[2] == 1:
                    quad = "four_pure_shifted_pungs"
            found = tuple(combine(items, quad, pung_triple_fan, pung_pair_fan, implied).items())
        if len(memo) >= 65536:
            memo.clear()
        memo[key] = found
    return found  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class WinFacts:
    """What every reading of one win shares, worked out once (:func:`win_facts`).

    Attributes:
        tile_rows: :func:`tile_fans` of the win.
        all_even: every tile is a 2, 4, 6 or 8 (全雙刻, row 63, with four pungs).
        nine_gates: :func:`_nine_gates`.
        won_as: 不求人 / 門前清 (rows 56, 62) when nothing but 暗槓 was laid down, 全求人 (row 52) with
            four sets laid down won on a discard, else ``None``.
    """

    tile_rows: dict[str, int]
    all_even: bool
    nine_gates: bool
    won_as: str | None


def win_counts(win: Win) -> list[int]:
    """How many of each of the 34 kinds the whole hand holds (standing tiles and melds, a kong as
    four)."""
    counts = [0] * NUM_KINDS
    for t in win.standing:
        counts[t] += 1
    for m in win.melds:
        for t in GROUP_TILES[m.kind][m.tile]:
            counts[t] += 1
    return counts


def win_facts(win: Win, counts: list[int] | None = None, standing_mask: int | None = None) -> WinFacts:
    """:class:`WinFacts` of ``win``; ``counts``: :func:`win_counts` of it, and ``standing_mask``: the
    kinds its standing tiles hold as bits (bit ``t`` for kind ``t``), when the caller has them."""
    if counts is None:
        counts = win_counts(win)
    mask = 0
    if standing_mask is None:
        for t in win.standing:
            mask |= _BIT[t]
    else:
        mask = standing_mask
    for g in win.melds:
        mask |= _BIT[g.tile] | _GROUP_BITS[g.kind is Set.CHOW][g.tile]
    open_sets = 0
    for g in win.melds:
        if not (g.kind is Set.KONG and g.concealed):
            open_sets += 1
    won_as = None
    if not open_sets:
        won_as = "fully_concealed_hand" if win.self_drawn else "concealed_hand"
    elif open_sets == 4 and not win.self_drawn:
        won_as = "melded_hand"
    nine = (
        not win.melds
        and mask < 1 << 27
        and any(mask & ~s == 0 and mask & ends == ends for s, ends in _SUIT_ENDS)
    )
    even = mask & ~_EVEN_MASK == 0
    return _new_facts(_tile_rows(win, counts, mask), even, nine and _nine_gates(win), won_as)


_new_facts = builder(WinFacts)
"""``WinFacts(tile_rows, all_even, nine_gates, won_as)`` without the frozen dataclass's slow
``__init__``."""


def _kinds_mask(kinds: frozenset[int] | set[int]) -> int:
    return sum(1 << t for t in kinds)


_BIT: Final = tuple(1 << t for t in range(NUM_KINDS))
_GROUP_BITS: Final = (
    _BIT,
    tuple(_BIT[t] | _BIT[t + 1] | _BIT[t + 2] if t < 27 and t % 9 <= 6 else 0 for t in range(NUM_KINDS)),
)
"""A laid-down group's bits by (is a chow, tile): a pung's or kong's tile, a chow's three."""
_EVEN_MASK: Final = _kinds_mask({t for t in range(27) if RANK_OF[t] % 2 == 0})
"""The tiles of 全雙刻 (row 63): 2, 4, 6 and 8 of each suit, as bits by tile kind."""
_GREEN_MASK: Final = _kinds_mask(GREEN)
_REVERSIBLE_MASK: Final = _kinds_mask(REVERSIBLE)
_SUIT_ENDS: Final = tuple((0x1FF << 9 * s, (1 | 1 << 8) << 9 * s) for s in range(3))
"""Per suit: its nine tiles' bits, and the bits of its 1 and 9 (九蓮寶燈 holds both, one suit only)."""


def _nine_gates(win: Win) -> bool:
    """九蓮寶燈 (row 4): 「一種花色序數牌子按 1112345678999 組成的特定牌型，見同花色任何 1 張序數牌即成和牌」;
    the 13 tiles before the win are 1112345678999 of one suit (不計 one 幺九刻 of the 111 / 999)."""
    if win.melds or len(win.standing) != 14:
        return False
    low, high = min(win.standing), max(win.standing)
    if high >= 27 or low // 9 != high // 9 or high - low != 8:
        return False
    rest = list(win.standing)
    rest.remove(win.winning_tile)
    suit = SUIT_OF[rest[0]]
    if suit == 3 or any(SUIT_OF[t] != suit for t in rest):
        return False
    c = Counter(RANK_OF[t] for t in rest)
    return [c[k] for k in range(1, 10)] == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def tile_fans(win: Win) -> dict[str, int]:
    """The rows that look only at the tiles (any shape): suits (rows 22, 49, 51, 76, 77), ranges (25-27,
    36, 37), tile sets (3, 8, 11, 18, 40, 68), 四歸一 (64) and the win's context (44-47, 58, 82).

    Returns:
        row id → count, in a fixed order (the order :func:`shape_fans` builds on).
    """
    counts = win_counts(win)
    mask = 0
    for t in range(NUM_KINDS):
        if counts[t]:
            mask |= 1 << t
    return _tile_rows(win, counts, mask)


# Rank sets as bits (rank r at bit r - 1) for the range rows.
_TERMINAL_RANKS = 1 | 1 << 8
_RANGES: Final = (
    (0x1C0, "upper_tiles"),  # 789
    (0x038, "middle_tiles"),  # 456
    (0x007, "lower_tiles"),  # 123
    (0x1E0, "upper_four"),  # 6789
    (0x00F, "lower_four"),  # 1234
)


def _tile_rows(win: Win, counts: list[int], mask: int) -> dict[str, int]:
    """:func:`tile_fans` of ``win`` whose tile counts are ``counts`` and held kinds the bits ``mask``
    (bit ``t`` for kind ``t``): each row a test on those bits."""
    out: dict[str, int] = {}
    honours = mask >> 27
    s0 = mask & 0x1FF
    s1 = (mask >> 9) & 0x1FF
    s2 = (mask >> 18) & 0x1FF
    suits = (s0 != 0) + (s1 != 0) + (s2 != 0)
    ranks = s0 | s1 | s2
    if not honours:
        out["no_honors"] = 1
    if suits == 1 and not honours:
        out["full_flush"] = 1
    elif suits == 1:
        out["half_flush"] = 1
    elif suits == 2:
        out["one_voided_suit"] = 1
    if suits == 3 and honours & 0xF and honours & 0x70:
        out["all_types"] = 1
    if mask & ~_GREEN_MASK == 0:
        out["all_green"] = 1
    if mask & ~_REVERSIBLE_MASK == 0:
        out["reversible_tiles"] = 1
    if not suits:
        out["all_honours"] = 1
    elif not honours and ranks & ~_TERMINAL_RANKS == 0:
        out["all_terminals"] = 1
    elif ranks & ~_TERMINAL_RANKS == 0:
        out["all_terminals_and_honors"] = 1
    if not honours:
        if not ranks & _TERMINAL_RANKS:
            out["all_simples"] = 1
        for bits, rid in _RANGES:
            if ranks & ~bits == 0:
                out[rid] = 1
                break
    if 4 in counts:
        hogs = counts.count(4)
        for g in win.melds:
            if g.kind is Set.KONG:
                hogs -= 1
        if hogs:
            out["tile_hog"] = hogs
    if win.self_drawn:
        out["self_drawn"] = 1
    if win.last_tile:
        out["last_tile_draw" if win.self_drawn else "last_tile_claim"] = 1
    if win.kong_draw:
        out["out_with_replacement_tile" if win.self_drawn else "robbing_the_kong"] = 1
    if win.last_copy:
        out["last_tile"] = 1
    return out
