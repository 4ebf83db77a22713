"""Decomposition of a winning hand into readings, and the wait set of the hand before the win.

A *reading* is one way to see the 17 tiles (seed 004: 16-tile play, 5 melds + eyes):

* ``STANDARD``: ``n`` melds (declared and from the hand) and one pair of eyes.  The decomposer is
  generic in ``n`` (5 for 16-tile play, 4 for 13-tile play).
* ``EIGHT_PAIRS``: 嚦咕嚦咕, seven pairs and one concealed pung (seed 004, 組合類, 嚦咕嚦咕 row).
* ``SIXTEEN_UNRELATED``: 十六不搭, the seven honours, three unrelated tiles per suit, plus eyes.
* ``THIRTEEN_ORPHANS``: 十三幺 in its 16-tile form: the 13 terminals and honours, one of them as eyes,
  plus one concealed chow, pung or concealed kong.

Speed: each suit is decomposed on its own and the result is cached by the suit's count vector, so a
hand costs a few dictionary look-ups and a small product.  Waits test each of the 34 kinds with the
same cached per-suit feasibility tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from itertools import product
from typing import NamedTuple

from taipai.core.errors import HandError
from taipai.core.handspec import HandSpec, KongKind, Meld, MeldKind
from taipai.core.tiles import NUM_KINDS, ORPHANS, name_zh

PAIR = 3
"""Group kind of the eyes, next to MeldKind.CHOW/PUNG/KONG (0/1/2)."""


class Shape(IntEnum):
    """Which winning shape a reading is."""

    STANDARD = 0
    EIGHT_PAIRS = 1  # 嚦咕嚦咕
    SIXTEEN_UNRELATED = 2  # 十六不搭
    THIRTEEN_ORPHANS = 3  # 十三幺


class WaitShape(IntEnum):
    """Where the winning tile sits in a reading (the shape of the wait it completed)."""

    OPEN = 0  # 兩面: an end of a chow that could also be completed at the other end
    EDGE = 1  # 邊張: the 3 of 12 or the 7 of 89
    CLOSED = 2  # 嵌張 / 卡窿: the middle of a chow
    EYES = 3  # 單釣: the winning tile pairs a single
    PUNG = 4  # 對碰: the winning tile makes a pair a pung
    SPECIAL = 5  # inside a special shape


class Group(NamedTuple):
    """One meld or the eyes of a reading.

    Attributes:
        kind: MeldKind.CHOW / PUNG / KONG (0/1/2) or PAIR (3).
        tile: lowest tile of a chow, else the tile (0..33).
        concealed: 「暗」 in seed 004's sense (四歸類: 「若沒有副露，或不是放銃者的銃牌，即為暗」):
            not laid down (a concealed kong counts as concealed) and not completed by the discard.
        declared: laid down before the win (上/碰/槓, incl. 暗槓).
        kong: how a kong was made, else ``None``.
    """

    kind: int
    tile: int
    concealed: bool
    declared: bool
    kong: KongKind | None = None


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a winning hand.

    Attributes:
        shape: the winning shape.
        groups: melds then eyes for STANDARD (eyes last); the pung and then the pairs for
            EIGHT_PAIRS; the extra meld then the eyes for THIRTEEN_ORPHANS; only the eyes for
            SIXTEEN_UNRELATED.
        win_index: index in ``groups`` of the group that took the winning tile (-1 for special
            shapes where the winning tile is one of the singles).
        wait_shape: the shape of the wait the winning tile completed in this reading.
    """

    shape: Shape
    groups: tuple[Group, ...]
    win_index: int
    wait_shape: WaitShape

    @property
    def melds(self) -> tuple[Group, ...]:
        """Groups that are not the eyes."""
        return tuple(g for g in self.groups if g.kind != PAIR)

    @property
    def eyes(self) -> int | None:
        """Tile of the eyes (STANDARD / THIRTEEN_ORPHANS / SIXTEEN_UNRELATED), else None."""
        if self.shape is Shape.EIGHT_PAIRS:
            return None
        for g in self.groups:
            if g.kind == PAIR:
                return g.tile
        return None

    def describe_zh(self) -> tuple[str, ...]:
        """The groups as players write them: ``("一二三萬", "中中中", "東東")``."""
        out = [_GROUP_NAMES[g.kind][g.tile] for g in self.groups]
        if self.shape is Shape.SIXTEEN_UNRELATED:
            out.insert(0, "十六不搭")
        elif self.shape is Shape.THIRTEEN_ORPHANS:
            out.insert(0, "十三幺")
        return tuple(out)


def _chow_name(t: int) -> str:
    return "".join(name_zh(t + i)[0] for i in range(3)) + name_zh(t)[1]


def _same_name(t: int, n: int) -> str:
    if t >= 27:
        return name_zh(t) * n
    return name_zh(t)[0] * n + name_zh(t)[1]


_GROUP_NAMES: dict[int, tuple[str, ...]] = {
    MeldKind.CHOW: tuple(_chow_name(t) if t < 27 and t % 9 <= 6 else "" for t in range(NUM_KINDS)),
    MeldKind.PUNG: tuple(_same_name(t, 3) for t in range(NUM_KINDS)),
    MeldKind.KONG: tuple(_same_name(t, 4) for t in range(NUM_KINDS)),
    PAIR: tuple(_same_name(t, 2) for t in range(NUM_KINDS)),
}
"""Display names of every group, by kind then tile (describe_zh is on the hot path)."""

# --------------------------------------------------------------------------- per-suit tables

_SuitSplit = tuple[int, tuple[tuple[int, int], ...]]
"""(pair rank or -1, ((kind, rank), ...)) with ranks 0..8 inside one suit."""

_suit_cache: dict[tuple[int, ...], tuple[_SuitSplit, ...]] = {}


def _split_suit(counts: list[int], start: int, pair: int, out: set[_SuitSplit], acc: list) -> None:
    i = start
    while i < 9 and counts[i] == 0:
        i += 1
    if i == 9:
        out.add((pair, tuple(sorted(acc))))
        return
    c = counts[i]
    if c >= 3:
        counts[i] -= 3
        acc.append((MeldKind.PUNG.value, i))
        _split_suit(counts, i, pair, out, acc)
        acc.pop()
        counts[i] += 3
    if i <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        acc.append((MeldKind.CHOW.value, i))
        _split_suit(counts, i, pair, out, acc)
        acc.pop()
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1
    if c >= 2 and pair < 0:
        counts[i] -= 2
        _split_suit(counts, i, i, out, acc)
        counts[i] += 2


def suit_splits(key: tuple[int, ...]) -> tuple[_SuitSplit, ...]:
    """All ways to split one suit's 9 counts into chows, pungs and at most one pair.

    ``key`` is the 9-tuple of counts of ranks 1..9.  Cached; the result is sorted and free of
    duplicates.  Pure function of ``key``.
    """
    hit = _suit_cache.get(key)
    if hit is None:
        found: set[_SuitSplit] = set()
        _split_suit(list(key), 0, -1, found, [])
        hit = tuple(sorted(found))
        _suit_cache[key] = hit
    return hit


def _honour_split(counts: list[int]) -> tuple[_SuitSplit, ...]:
    pair = -1
    melds = []
    for i in range(27, 34):
        c = counts[i]
        if c == 0:
            continue
        if c == 3:
            melds.append((MeldKind.PUNG.value, i))
        elif c == 2 and pair < 0:
            pair = i
        else:
            return ()
    return ((pair, tuple(melds)),)


_placed_cache: dict[tuple[int, tuple[int, ...]], tuple[_SuitSplit, ...]] = {}
_EMPTY_SPLIT: tuple[_SuitSplit, ...] = ((-1, ()),)


def _placed_splits(suit: int, key: tuple[int, ...]) -> tuple[_SuitSplit, ...]:
    """Splits of one suit's counts with tile kinds (not ranks), keeping only those whose pair use
    fits the count (a pair exactly when the count is 3k+2).  Cached per (suit, counts)."""
    ck = (suit, key)
    hit = _placed_cache.get(ck)
    if hit is None:
        n = sum(key)
        if n % 3 == 1:
            hit = ()
        elif n == 0:
            hit = _EMPTY_SPLIT
        else:
            need_pair = n % 3 == 2
            base = suit * 9
            hit = tuple(
                (p + base if p >= 0 else -1, tuple((k, r + base) for k, r in m))
                for p, m in suit_splits(key)
                if (p >= 0) == need_pair
            )
        _placed_cache[ck] = hit
    return hit


def standard_splits(counts: list[int]) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    """Every split of a concealed count vector into melds and exactly one pair.

    Args:
        counts: 34 counts of the concealed tiles *including* the winning tile; the number of tiles
            must be ``3k + 2`` for some ``k >= 0`` (``k`` is the number of melds still to make).

    Returns:
        A list of ``(eyes_tile, ((kind, tile), ...))`` with MeldKind values for ``kind`` and tile
        kinds 0..33; empty when the tiles do not form melds + eyes.  Generic in ``k``.
    """
    m = _placed_splits(0, tuple(counts[0:9]))
    if not m:
        return []
    p = _placed_splits(1, tuple(counts[9:18]))
    if not p:
        return []
    s = _placed_splits(2, tuple(counts[18:27]))
    if not s:
        return []
    honours = _honour_split(counts)
    if not honours:
        return []
    if len(m) == 1 and len(p) == 1 and len(s) == 1:
        combos: object = ((m[0], p[0], s[0], honours[0]),)
    else:
        combos = product(m, p, s, honours)
    out = []
    for combo in combos:  # type: ignore[attr-defined]
        pair = -1
        several = False
        for x, _ in combo:
            if x >= 0:
                if pair >= 0:
                    several = True
                pair = x
        if pair < 0 or several:
            continue
        out.append((pair, combo[0][1] + combo[1][1] + combo[2][1] + combo[3][1]))
    return out


_complete_cache: dict[tuple[int, ...], tuple[bool, bool]] = {}


def _suit_complete(key: tuple[int, ...]) -> tuple[bool, bool]:
    """(can be melds only, can be melds + one pair) for one suit's counts; cached."""
    hit = _complete_cache.get(key)
    if hit is None:
        splits = suit_splits(key)
        hit = (any(p < 0 for p, _ in splits), any(p >= 0 for p, _ in splits))
        _complete_cache[key] = hit
    return hit


def is_standard_complete(counts: list[int]) -> bool:
    """True when ``counts`` (34 slots, 3k+2 tiles) splits into melds and one pair.  Fast path."""
    pairs = 0
    for s in range(3):
        key = tuple(counts[s * 9 : s * 9 + 9])
        n = sum(key)
        r = n % 3
        if r == 1:
            return False
        if n == 0:
            continue
        melds_only, with_pair = _suit_complete(key)
        if r == 0:
            if not melds_only:
                return False
        else:
            if not with_pair:
                return False
            pairs += 1
    for i in range(27, 34):
        c = counts[i]
        if c == 2:
            pairs += 1
        elif c not in (0, 3):
            return False
    return pairs == 1


# --------------------------------------------------------------------------- special shapes

_ORPHAN_SET = frozenset(ORPHANS)

UNRELATED_TRIPLES = frozenset((a, b, c) for a in range(9) for b in range(a + 3, 9) for c in range(b + 3, 9))
"""Rank triples (0-based) with no two tiles able to share a chow: 十六不搭's 「不能搭上」."""


def is_eight_pairs(counts: list[int]) -> bool:
    """嚦咕嚦咕: 17 concealed tiles = seven pairs + one pung (seed 004, 嚦咕嚦咕 row).

    Four of a kind counts as two pairs (seed 004 四歸一 note: 「嚦咕嚦咕中的兩對」).
    """
    odd = 0
    for c in counts:
        if c & 1:
            if c != 3:
                return False
            odd += 1
    return odd == 1 and sum(counts) == 17


def sixteen_unrelated_eyes(counts: list[int]) -> int | None:
    """十六不搭: the eyes tile when ``counts`` (17 tiles) is the shape, else ``None``.

    Seed 004, 組合類, 十六不搭 row: 「東南西北中發白，其他三門每樣三隻，但不能搭上 … 再加一對眼」.
    """
    if sum(counts) != 17:
        return None
    eyes = None
    for i in range(27, 34):
        c = counts[i]
        if c == 0 or c > 2:
            return None
        if c == 2:
            eyes = i
    for s in range(3):
        ranks = []
        for r in range(9):
            c = counts[s * 9 + r]
            if c:
                if c > 2:
                    return None
                if c == 2:
                    if eyes is not None:
                        return None
                    eyes = s * 9 + r
                ranks.append(r)
        if len(ranks) != 3 or tuple(ranks) not in UNRELATED_TRIPLES:
            return None
    return eyes


def thirteen_orphans_splits(
    counts: list[int], declared: tuple[Meld, ...]
) -> list[tuple[int, tuple[int, int] | None]]:
    """十三幺 (16-tile form): ``[(eyes, (kind, tile) or None)]`` for each way to read ``counts``.

    Seed 004, 組合類, 十三幺 row: 「門清取得全部幺九牌加字牌各一，其中一牌做眼。另三隻是自己摸回來的
    順子或暗刻，需門清，但可以暗槓」.  ``declared`` may hold only one concealed kong; then the
    extra meld is that kong and the result's meld is ``None``.
    """
    if any(m.kong is not KongKind.CONCEALED for m in declared) or len(declared) > 1:
        return []
    if not all(map(counts.__getitem__, ORPHANS)):
        return []
    out: list[tuple[int, tuple[int, int] | None]] = []
    base: list[int] = []  # tiles left after one of each orphan
    for t in range(NUM_KINDS):
        extra = counts[t] - (1 if t in _ORPHAN_SET else 0)
        if extra:
            base.extend([t] * extra)
    if len(base) != (1 if declared else 4):
        return out
    for eyes in sorted(set(base)):
        if eyes not in _ORPHAN_SET:
            continue
        left = list(base)
        left.remove(eyes)
        if declared:
            out.append((eyes, None))
            continue
        a, b, c = left
        if a == b == c:
            out.append((eyes, (MeldKind.PUNG.value, a)))
        elif a < 27 and b == a + 1 and c == a + 2 and a % 9 <= 6:
            out.append((eyes, (MeldKind.CHOW.value, a)))
    return out


# --------------------------------------------------------------------------- readings


def hand_counts(spec: HandSpec) -> list[int]:
    """34 counts of the concealed tiles plus the winning tile (declared melds excluded)."""
    counts = [0] * NUM_KINDS
    for t in spec.concealed:
        counts[t] += 1
    if spec.winning_tile is not None:
        counts[spec.winning_tile] += 1
    return counts


def _declared_groups(melds: tuple[Meld, ...]) -> tuple[Group, ...]:
    return tuple(Group(int(m.kind), m.tile, m.kong is KongKind.CONCEALED, True, m.kong) for m in melds)


def _chow_wait(tile: int, win: int) -> WaitShape:
    pos = win - tile
    if pos == 1:
        return WaitShape.CLOSED
    rank = tile % 9
    if (pos == 2 and rank == 0) or (pos == 0 and rank == 6):
        return WaitShape.EDGE
    return WaitShape.OPEN


def _placements(
    declared: tuple[Group, ...], eyes: int, melds: tuple[tuple[int, int], ...], win: int, self_drawn: bool
) -> list[Reading]:
    """One reading per distinct group of the hand that can hold the winning tile."""
    out = []
    seen: set[tuple[int, int, int]] = set()
    hand_groups = [Group(k, t, True, False) for k, t in melds]
    candidates: list[tuple[int, int, int]] = []  # (kind, tile, index in hand_groups or -1 eyes)
    if eyes == win:
        candidates.append((PAIR, eyes, -1))
    for i, (k, t) in enumerate(melds):
        if (k == MeldKind.PUNG and t == win) or (k == MeldKind.CHOW and t <= win <= t + 2 and win < 27):
            candidates.append((k, t, i))
    for k, t, i in candidates:
        key = (k, t, win - t if k == MeldKind.CHOW else 0)
        if key in seen:
            continue
        seen.add(key)
        groups = list(hand_groups)
        if i >= 0 and not self_drawn:
            g = groups[i]
            groups[i] = g._replace(concealed=False)
        eyes_group = Group(PAIR, eyes, not (i < 0 and not self_drawn), False)
        all_groups = (*declared, *groups, eyes_group)
        if k == PAIR:
            shape, idx = WaitShape.EYES, len(all_groups) - 1
        elif k == MeldKind.PUNG:
            shape, idx = WaitShape.PUNG, len(declared) + i
        else:
            shape, idx = _chow_wait(t, win), len(declared) + i
        out.append(Reading(Shape.STANDARD, all_groups, idx, shape))
    return out


def readings(spec: HandSpec, *, hand_size: int = 16, counts: list[int] | None = None) -> list[Reading]:
    """Every reading of a winning hand (natural tiles only; wildcards are resolved before this).

    Args:
        spec: a hand whose ``winning_tile`` is set and whose tile count fits ``hand_size``.
        hand_size: 16 for 港式台牌 (5 melds + eyes); 13 gives the 4-meld decomposition.

    Returns:
        Readings in a deterministic order (standard readings first, then special shapes); empty
        when the tiles are not a winning hand.  One standard reading per decomposition *and* per
        group the winning tile can sit in, since 對碰/假獨 and 暗 counts depend on it (DESIGN §6:
        a pung completed by the discarded winning tile is exposed).

    ``counts``: :func:`hand_counts` of ``spec`` when the caller has it already (not modified).
    """
    if spec.winning_tile is None:
        raise HandError("no_winning_tile", "the hand has no winning tile", hint="add 摸 X or 食 X")
    if counts is None:
        counts = hand_counts(spec)
    declared = _declared_groups(spec.melds)
    win = spec.winning_tile
    out: list[Reading] = []
    for eyes, melds in standard_splits(counts):
        out.extend(_placements(declared, eyes, melds, win, spec.self_drawn))
    if hand_size != 16:
        return out
    if 1 not in counts and not spec.melds and is_eight_pairs(counts):
        groups: list[Group] = []
        for t in range(NUM_KINDS):
            c = counts[t]
            if c == 3:  # the one odd count; four of a kind is two pairs (seed 004 四歸一 note)
                groups.insert(0, Group(MeldKind.PUNG.value, t, True, False))
                c = 0
            groups.extend(Group(PAIR, t, True, False) for _ in range(c // 2))
        win_index = next(i for i, g in enumerate(groups) if g.tile == win)
        out.append(Reading(Shape.EIGHT_PAIRS, tuple(groups), win_index, WaitShape.SPECIAL))
    if 0 in counts[27:NUM_KINDS]:  # 十六不搭 and 十三幺 both hold all seven honours
        return out
    if not spec.melds:
        eyes16 = sixteen_unrelated_eyes(counts)
        if eyes16 is not None:
            out.append(
                Reading(Shape.SIXTEEN_UNRELATED, (Group(PAIR, eyes16, True, False),), -1, WaitShape.SPECIAL)
            )
    for eyes13, meld in thirteen_orphans_splits(counts, spec.melds):
        extra = declared if meld is None else (Group(meld[0], meld[1], True, False),)
        groups13 = (*extra, Group(PAIR, eyes13, True, False))
        out.append(Reading(Shape.THIRTEEN_ORPHANS, groups13, -1, WaitShape.SPECIAL))
    return out


def is_complete(counts: list[int], declared: tuple[Meld, ...], hand_size: int = 16) -> bool:
    """True when the concealed ``counts`` plus ``declared`` melds form any winning shape."""
    if is_standard_complete(counts):
        return True
    if hand_size != 16:
        return False
    if not declared and (is_eight_pairs(counts) or sixteen_unrelated_eyes(counts) is not None):
        return True
    return bool(thirteen_orphans_splits(counts, declared))


def waits(spec: HandSpec, *, hand_size: int = 16) -> tuple[int, ...]:
    """The wait set: tile kinds that would complete the 16 tiles held before the win.

    Uses ``spec.concealed`` (without the winning tile) and ``spec.melds``.  A kind whose four
    copies are all in the hand already is not a wait.  Sorted tile kinds 0..33.  Seed 004,
    型式類: 獨獨 (「胡牌只叫一張牌」), 假獨 and 對碰 are read from this set.
    """
    concealed, _hand, used, _all = tallies(spec)
    return wait_set(concealed, used, spec.melds, hand_size)


def tallies(spec: HandSpec) -> tuple[list[int], list[int], list[int], list[int]]:
    """34-slot counts of a natural hand in one pass: (concealed tiles before the win; the same
    with the winning tile, as :func:`~taipai.core.hand.readings` splits them; concealed and
    melds before the win, as :func:`~taipai.core.hand.wait_set` skips a kind held four times;
    every tile of the hand, kongs as four)."""
    concealed = [0] * NUM_KINDS
    for t in spec.concealed:
        concealed[t] += 1
    used = concealed.copy()
    for m in spec.melds:
        for t in m.naturals if m.wilds else m.tiles:
            used[t] += 1
    hand = concealed.copy()
    counts = used.copy()
    win = spec.winning_tile
    if win is not None:
        hand[win] += 1
        counts[win] += 1
    return concealed, hand, used, counts


def suit_status(key: tuple[int, ...]) -> int:
    """0 = melds only, 1 = melds + one pair, -1 = neither (for this suit's counts)."""
    n = sum(key)
    if n == 0:
        return 0
    r = n % 3
    if r == 1:
        return -1
    melds_only, with_pair = _suit_complete(key)
    if r == 0:
        return 0 if melds_only else -1
    return 1 if with_pair else -1


_add_cache: dict[tuple[int, ...], tuple[int, ...]] = {}


def _suit_add_status(key: tuple[int, ...]) -> tuple[int, ...]:
    """For each rank r, :func:`suit_status` of ``key`` with one more tile of rank r (cached).

    -2 marks a rank whose count is already 4.
    """
    hit = _add_cache.get(key)
    if hit is None:
        out = []
        for r in range(9):
            if key[r] >= 4:
                out.append(-2)
                continue
            k = list(key)
            k[r] += 1
            out.append(suit_status(tuple(k)))
        hit = tuple(out)
        _add_cache[key] = hit
    return hit


_info_cache: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {}


def _suit_info(key: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(:func:`suit_status` of ``key``, :func:`_suit_add_status` of ``key``), cached together."""
    hit = _info_cache.get(key)
    if hit is None:
        hit = _info_cache[key] = (suit_status(key), _suit_add_status(key))
    return hit


SPECIAL_SHAPES = frozenset({Shape.EIGHT_PAIRS, Shape.SIXTEEN_UNRELATED, Shape.THIRTEEN_ORPHANS})
"""The special winning shapes of 16-tile play (seed 004, 組合類)."""


def wait_set(
    counts: list[int],
    used: list[int],
    declared: tuple[Meld, ...],
    hand_size: int = 16,
    specials: frozenset[Shape] = SPECIAL_SHAPES,
) -> tuple[int, ...]:
    """Wait set of concealed ``counts`` (34 slots, before the win) with ``declared`` melds.

    ``used`` counts every copy already held (concealed and in melds) so that a kind whose four
    copies are held is skipped.  Per suit, the status of "this suit plus one tile of rank r" is a
    cached table, so a hand costs three look-ups plus the honours.  Special shapes are tried only
    when a cheap count test allows them, and only those in ``specials`` (the ones the table plays).
    """
    infos = [
        _suit_info(tuple(counts[0:9])),
        _suit_info(tuple(counts[9:18])),
        _suit_info(tuple(counts[18:27])),
    ]
    status = [info[0] for info in infos]
    honour_pairs = 0
    honour_bad = 0
    for i in range(27, 34):
        c = counts[i]
        if c == 2:
            honour_pairs += 1
        elif c not in (0, 3):
            honour_bad += 1
    found: set[int] = set()
    for s in range(3):
        a, b = status[(s + 1) % 3], status[(s + 2) % 3]
        if a < 0 or b < 0 or honour_bad:
            continue
        need = 1 - a - b - honour_pairs  # pairs this suit must supply after the added tile
        if need not in (0, 1):
            continue
        for r, st in enumerate(infos[s][1]):
            if st == need:
                found.add(s * 9 + r)
    if status[0] >= 0 and status[1] >= 0 and status[2] >= 0:
        suit_pairs = status[0] + status[1] + status[2]
        for t in range(27, 34):
            c = counts[t]
            bad = honour_bad - (c not in (0, 2, 3)) + ((c + 1) not in (0, 2, 3))
            pairs = honour_pairs - (c == 2) + (c + 1 == 2) + suit_pairs
            if bad == 0 and pairs == 1:
                found.add(t)
    if hand_size == 16 and specials:
        _special_waits(counts, declared, found, specials)
    return tuple(sorted(t for t in found if used[t] < 4))


def _special_waits(
    counts: list[int], declared: tuple[Meld, ...], found: set[int], specials: frozenset[Shape]
) -> None:
    """Add to ``found`` the kinds that complete 嚦咕嚦咕, 十六不搭 or 十三幺 (seed 004, 組合類).

    嚦咕嚦咕 is read off the parities directly (its wait is a pair becoming the pung, or the single
    of an odd pair when the other odd kind is already the pung); 十六不搭 and 十三幺 are tried tile
    by tile, only when the honours or the terminals held make them one tile away.
    """
    if len(declared) > 1:
        return
    sixteen = not declared and sum(counts) == 16  # all concealed: 嚦咕嚦咕 and 十六不搭 may apply
    if Shape.EIGHT_PAIRS in specials and sixteen and counts.count(1) + counts.count(3) <= 2:
        found.update(eight_pairs_waits(counts))
    honours_missing = counts[27:NUM_KINDS].count(0)
    if honours_missing > 1:  # 十六不搭 and 十三幺 hold all seven honours
        return
    if (
        Shape.SIXTEEN_UNRELATED in specials
        and sixteen
        and max(counts) <= 2  # 十六不搭 holds each kind once, its eyes twice
        and counts.count(2) <= 1
    ):
        for t in range(NUM_KINDS):
            counts[t] += 1
            if sixteen_unrelated_eyes(counts) is not None:
                found.add(t)
            counts[t] -= 1
    if Shape.THIRTEEN_ORPHANS in specials and sum(1 for t in ORPHANS if counts[t]) >= 12:
        for t in range(NUM_KINDS):
            counts[t] += 1
            if thirteen_orphans_splits(counts, declared):
                found.add(t)
            counts[t] -= 1


def eight_pairs_waits(counts: list[int]) -> list[int]:
    """Kinds that make the 16 concealed ``counts`` a 嚦咕嚦咕 (seven pairs + one pung, seed 004).

    After the win every count must be 0, 2, 3 or 4 with exactly one 3 (four of a kind is two
    pairs).  With no odd count, a kind held twice becomes the pung; with two odd kinds ``a`` and
    ``b``, drawing ``a`` pairs it when ``b`` is already held three times.  Any other parity
    pattern waits on nothing.
    """
    odd = [t for t in range(NUM_KINDS) if counts[t] & 1]
    if not odd:
        return [t for t in range(NUM_KINDS) if counts[t] == 2]
    if len(odd) == 2:
        a, b = odd
        return [x for x, y in ((a, b), (b, a)) if counts[y] == 3 and counts[x] < 4]
    return []
