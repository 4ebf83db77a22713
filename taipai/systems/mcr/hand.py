"""The shapes of a 國標 (MCR) win: the hand as scored, and every way to read it (seed 002 「番型介紹」).

Tile kinds are taipai's (:mod:`taipai.core.tiles`): 0..8 萬, 9..17 筒, 18..26 索, 27..30 東南西北,
31 中, 32 發, 33 白.  A chow is named by its lowest tile.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import permutations
from typing import Final

from taipai.core.tiles import NUM_KINDS, ORPHANS

HONOUR_KINDS = tuple(range(27, 34))
_SIMPLES = tuple(k for k in range(27) if k not in ORPHANS)


class Set(Enum):
    """What a group of a reading is."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    KNITTED = "knitted"
    """Three tiles of a 組合龍 (147 / 258 / 369 of one suit); only in a reading with a 組合龍."""

    # A member is only ever equal to itself, so its identity hashes it: the scorer's tables are
    # keyed by kind, and Enum's own hash (of the name, in Python) cost more than the look-ups.
    __hash__ = object.__hash__


@dataclass(frozen=True, slots=True)
class Group:
    """One group of a reading.

    Attributes:
        kind: chow, pung, kong, pair or one third of a 組合龍.
        tile: the chow's lowest tile; the pung's, kong's or pair's tile; a knitted third's lowest tile.
        concealed: a pung or kong made in hand (暗刻 / 暗槓); for a chow: not laid down.
        melded: laid down at the table (吃, 碰, 明槓 or 暗槓).
    """

    kind: Set
    tile: int
    concealed: bool = True
    melded: bool = False

    @property
    def tiles(self) -> tuple[int, ...]:
        """The tiles of the group (a kong as four)."""
        return GROUP_TILES[self.kind][self.tile]

    @property
    def is_pung(self) -> bool:
        """A pung or a kong."""
        return self.kind in (Set.PUNG, Set.KONG)


GROUP_TILES: dict[Set, tuple[tuple[int, ...], ...]] = {
    Set.CHOW: tuple((t, t + 1, t + 2) for t in range(NUM_KINDS)),
    Set.KNITTED: tuple((t, t + 3, t + 6) for t in range(NUM_KINDS)),
    Set.PUNG: tuple((t,) * 3 for t in range(NUM_KINDS)),
    Set.KONG: tuple((t,) * 4 for t in range(NUM_KINDS)),
    Set.PAIR: tuple((t,) * 2 for t in range(NUM_KINDS)),
}
"""Each kind of group's tiles by its tile (a chow or knitted third past its suit's end is never built)."""


@dataclass(frozen=True, slots=True)
class Win:
    """A 國標 win as the scorer sees it.

    Attributes:
        standing: the tiles in hand at the win, the winning tile among them (14 − 3 × melds tiles).
        melds: what was laid down (``Group`` with ``melded=True``; a 暗槓 ``concealed=True``).
        winning_tile: the tile won on.
        self_drawn: 自摸 (else a discard, 點和).
        flowers: flowers shown (1 番 each, not toward 8番起和).
        last_copy: 和絕張 (the three other copies are visible).
        kong_draw: the tile was a kong's replacement (槓上開花 when self-drawn) or robbed from an
            added kong (搶槓和 when on a discard).
        last_tile: the wall's last tile (妙手回春 self-drawn, 海底撈月 on a discard).
        seat_wind / round_wind: 27..30 (東南西北).
    """

    standing: tuple[int, ...]
    melds: tuple[Group, ...] = ()
    winning_tile: int = 0
    self_drawn: bool = False
    flowers: int = 0
    last_copy: bool = False
    kong_draw: bool = False
    last_tile: bool = False
    seat_wind: int = 27
    round_wind: int = 27

    def all_tiles(self) -> list[int]:
        """Every tile of the hand (standing and melds, a kong as four)."""
        out = list(self.standing)
        for m in self.melds:
            out.extend(m.tiles)
        return out


def counts_of(tiles: tuple[int, ...] | list[int]) -> list[int]:
    """How many of each of the 34 kinds ``tiles`` holds."""
    c = [0] * NUM_KINDS
    for t in tiles:
        c[t] += 1
    return c


KNITTED_STRAIGHTS: tuple[tuple[int, int, int], ...] = tuple(
    tuple(9 * suit + rank for suit, rank in zip(order, (0, 1, 2), strict=True))  # type: ignore[misc]
    for order in permutations(range(3))
)
"""The six 組合龍: for each, the lowest tile of its 147, 258 and 369 thirds (one suit each)."""


def knitted_kinds(straight: tuple[int, int, int]) -> tuple[int, ...]:
    """The nine tiles of a 組合龍 named by :data:`KNITTED_STRAIGHTS`."""
    return _KNITTED_KINDS[straight]


_KNITTED_KINDS: dict[tuple[int, int, int], tuple[int, ...]] = {
    s: tuple(t + 3 * k for t in s for k in range(3)) for s in KNITTED_STRAIGHTS
}


def _sets(counts: list[int], need: int, start: int) -> Iterator[list[Group]]:
    """Every way to split ``counts`` into ``need`` pungs and chows (mutates and restores ``counts``)."""
    if need == 0:
        yield []
        return
    i = start
    while i < NUM_KINDS and counts[i] == 0:
        i += 1
    if i == NUM_KINDS:
        return
    if counts[i] >= 3:
        counts[i] -= 3
        for rest in _sets(counts, need - 1, i):
            yield [_PUNGS[i], *rest]
        counts[i] += 3
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for k in (i, i + 1, i + 2):
            counts[k] -= 1
        for rest in _sets(counts, need - 1, i):
            yield [_CHOWS[i], *rest]
        for k in (i, i + 1, i + 2):
            counts[k] += 1


# Groups are immutable: one of each, shared by every reading.
_PUNGS = tuple(Group(Set.PUNG, t) for t in range(NUM_KINDS))
_CHOWS = tuple(Group(Set.CHOW, t) for t in range(NUM_KINDS))
_PAIRS = tuple(Group(Set.PAIR, t) for t in range(NUM_KINDS))
_KNITTED_THIRDS = tuple(Group(Set.KNITTED, t) for t in range(NUM_KINDS))


def standard_readings(counts: list[int], need: int) -> Iterator[list[Group]]:
    """Every reading of standing ``counts`` as ``need`` sets and one pair, and (if ``need`` ≥ 3) as a
    組合龍 plus ``need − 3`` sets and a pair.

    Seed 002 row 35 組合龍: 「3 種花色的 147 、 258 、 369 不能錯位的序數牌」 — three "sets" of a
    standard hand.  Each reading is yielded once (the first tile left is always used first).
    """
    c = list(counts)
    for p in range(NUM_KINDS):
        if c[p] < 2:
            continue
        c[p] -= 2
        for sets in _sets(c, need, 0):
            yield [*sets, _PAIRS[p]]
        c[p] += 2
    if need >= 3:
        for straight in KNITTED_STRAIGHTS:
            kinds = _KNITTED_KINDS[straight]
            if all(map(c.__getitem__, kinds)):
                for k in kinds:
                    c[k] -= 1
                for rest in standard_readings(c, need - 3):
                    yield [*(_KNITTED_THIRDS[t] for t in straight), *rest]
                for k in kinds:
                    c[k] += 1


def suit_keys(counts: list[int]) -> tuple[list[int], list[int]]:
    """Each suit's counts as one octal key (rank 1 the lowest digit) and its number of tiles, for
    :func:`split_readings` and :func:`wait_tiles`."""
    keys = [0, 0, 0]
    sizes = [0, 0, 0]
    for t in range(27):
        v = counts[t]
        if v:
            keys[t // 9] += v * _POW8[t % 9]
            sizes[t // 9] += v
    return keys, sizes


def split_readings(
    counts: list[int], need: int, keys: list[int] | None = None, sizes: list[int] | None = None
) -> list[list[Group]]:
    """:func:`standard_readings` of standing ``counts`` holding exactly 3 × ``need`` + 2 tiles, as a
    list in the same order, read suit by suit: each suit's splits into sets are a table by its
    counts' octal key (:func:`_suit_splits`), so a reading is one split per suit, the honours'
    pungs and the pair.

    Args:
        counts: the standing tiles by kind (not changed).
        need: the sets besides the pair (4 − melds).
        keys / sizes: :func:`suit_keys` of ``counts``, when the caller has them.
    """
    if keys is None or sizes is None:
        keys, sizes = suit_keys(counts)
    out = _plain_readings(counts, keys, sizes)
    # A 組合龍 takes one whole third (147, 258 or 369) from each suit: most hands lack one in some
    # suit, and then none of the six straights is tried.
    if need >= 3 and _holds_third(keys[0]) and _holds_third(keys[1]) and _holds_third(keys[2]):
        for straight in KNITTED_STRAIGHTS:
            kinds = _KNITTED_KINDS[straight]
            if all(map(counts.__getitem__, kinds)):
                c = list(counts)
                rest = list(keys)
                for k in kinds:
                    c[k] -= 1
                    rest[k // 9] -= _POW8[k % 9]
                thirds = [_KNITTED_THIRDS[t] for t in straight]
                out.extend([*thirds, *r] for r in _plain_readings(c, rest, [n - 3 for n in sizes]))
    return out


_HOLDS_THIRD: dict[int, bool] = {}


def _holds_third(key: int) -> bool:
    """Whether a suit's counts ``key`` hold all of its 147, its 258 or its 369 (remembered by key)."""
    found = _HOLDS_THIRD.get(key)
    if found is None:
        found = any(all((key >> 3 * r) & 7 for r in (o, o + 3, o + 6)) for o in range(3))
        if len(_HOLDS_THIRD) >= 20000:
            _HOLDS_THIRD.clear()
        _HOLDS_THIRD[key] = found
    return found


def _plain_readings(counts: list[int], keys: list[int], sizes: list[int]) -> list[list[Group]]:
    """Every reading of ``counts`` (suit keys ``keys``, tiles per suit ``sizes``) as sets and one
    pair, without 組合龍, in :func:`standard_readings`' order: the pair's tile lowest first, then each
    suit's splits in turn (a pung before a chow at the lowest tile), the honours' pungs last."""
    pungs: list[Group] = []
    pair = -1
    for t in HONOUR_KINDS if any(counts[27:]) else ():
        v = counts[t]
        if v == 3:
            pungs.append(_PUNGS[t])
        elif v == 2:
            if pair >= 0:
                return []
            pair = t
        elif v:
            return []
    out: list[list[Group]] = []
    known = _SPLITS.get  # ``()`` (no split) is remembered too: tested against None
    s0 = known(keys[0] * 3)
    s1 = known(keys[1] * 3 + 1)
    s2 = known(keys[2] * 3 + 2)
    splits = [
        _suit_splits(keys[0], 0) if s0 is None else s0,
        _suit_splits(keys[1], 1) if s1 is None else s1,
        _suit_splits(keys[2], 2) if s2 is None else s2,
    ]
    if pair >= 0:
        if splits[0] and splits[1] and splits[2]:
            _product(splits, pungs, _PAIRS[pair], out)
        return out
    for s in range(3):
        key = keys[s]
        if sizes[s] % 3 != 2:
            continue
        others = [splits[x] for x in range(3) if x != s]
        if not (others[0] and others[1]):
            return out
        for r in range(9):
            if (key >> 3 * r) & 7 >= 2:
                mine = _suit_splits(key - 2 * _POW8[r], s)
                if mine:
                    by_suit = list(splits)
                    by_suit[s] = mine
                    _product(by_suit, pungs, _PAIRS[9 * s + r], out)
        return out
    return out


def _product(
    by_suit: list[tuple[tuple[Group, ...], ...]], pungs: list[Group], pair: Group, out: list[list[Group]]
) -> None:
    """Append to ``out`` each choice of one split per suit (the first suit's varying slowest), with
    the honours' ``pungs`` and the ``pair``."""
    for a in by_suit[0]:
        for b in by_suit[1]:
            for c in by_suit[2]:
                out.append([*a, *b, *c, *pungs, pair])


_SPLITS: dict[int, tuple[tuple[Group, ...], ...]] = {}
"""(a suit's octal key, suit) → every split of those tiles into sets, as :func:`_sets` finds them."""


def _suit_splits(key: int, suit: int) -> tuple[tuple[Group, ...], ...]:
    """Every split of one suit's tiles (octal ``key``) into pungs and chows, in :func:`_sets`' order;
    ``((),)`` for no tiles, ``()`` when they do not split.  Remembered by (key, suit)."""
    found = _SPLITS.get(key * 3 + suit)
    if found is None:
        c = [0] * NUM_KINDS
        base = 9 * suit
        n = 0
        for r in range(9):
            c[base + r] = (key >> 3 * r) & 7
            n += c[base + r]
        found = tuple(tuple(s) for s in _sets(c, n // 3, base)) if n % 3 == 0 else ()
        if len(_SPLITS) >= 50000:
            _SPLITS.clear()
        _SPLITS[key * 3 + suit] = found
    return found


def is_thirteen_orphans(counts: list[int]) -> bool:
    """十三幺 (seed 002 row 7): 「3 種序數牌的一、九牌， 7 種字牌及其中一對作將」."""
    return sum(counts) == 14 and all(counts[k] >= 1 for k in ORPHANS) and all(
        counts[k] == 0 for k in range(NUM_KINDS) if k not in ORPHANS
    )


def is_seven_pairs(counts: list[int]) -> bool:
    """七對 (seed 002 row 19): 「由 7 個對子組成和牌」 (four of a kind counts as two pairs, 四歸一)."""
    return sum(counts) == 14 and all(n in (0, 2, 4) for n in counts)


def honours_knitted(counts: list[int]) -> int:
    """全不靠 (row 34) / 七星不靠 (row 20): 14 single tiles, honours and one 組合龍's tiles.

    Returns:
        7 for 七星不靠 (all seven honours), 1 for 全不靠, 0 for neither.
    """
    if sum(counts) != 14 or max(counts) > 1:
        return 0
    held = 0
    for k in range(NUM_KINDS):
        if counts[k]:
            held |= 1 << k
    for room in _KNITTED_ROOMS:
        if held & ~room == 0:
            return 7 if held >> 27 == 0x7F else 1
    return 0


_KNITTED_ROOMS: Final = tuple(
    sum(1 << k for k in (*_KNITTED_KINDS[s], *HONOUR_KINDS)) for s in KNITTED_STRAIGHTS
)
"""Per 組合龍 (in :data:`KNITTED_STRAIGHTS`' order): its nine tiles and the seven honours, as bits by
kind: the tiles a 全不靠 / 七星不靠 may hold."""


def is_win(counts: list[int], melds: int) -> bool:
    """Whether standing ``counts`` (with ``melds`` sets laid down) complete a win of any shape.

    A hand of the right size (14 − 3 × ``melds`` tiles) is tested suit by suit (:func:`_standard_win`);
    any other size goes through :func:`standard_readings`, which reads the first ``4 − melds`` sets.
    """
    if melds == 0 and (is_thirteen_orphans(counts) or is_seven_pairs(counts) or honours_knitted(counts)):
        return True
    if 0 <= melds <= 4 and sum(counts) == 14 - 3 * melds:
        return _standard_win(counts, 4 - melds)
    return next(standard_readings(counts, 4 - melds), None) is not None


POW8: Final = tuple(8**r for r in range(9))
"""8 ** rank: a suit's counts as one octal key (:func:`suit_keys`)."""
_POW8 = POW8
_SUIT_OK: dict[int, bool] = {}
"""A suit's nine counts (octal digits, rank 1 lowest: room for the fifth copy :func:`waits` tries) →
whether they split into sets, plus one pair when their sum is 2 mod 3.  Filled as hands are seen."""


def _suit_ok(key: int) -> bool:
    ok = _SUIT_OK.get(key)
    if ok is None:
        c = [(key >> 3 * r) & 7 for r in range(9)]
        n = sum(c)
        if n % 3 == 1:
            ok = False
        elif n % 3 == 0:
            ok = _all_sets(c, 0)
        else:
            ok = False
            for p in range(9):
                if c[p] >= 2:
                    c[p] -= 2
                    ok = _all_sets(c, 0)
                    c[p] += 2
                    if ok:
                        break
        _SUIT_OK[key] = ok
    return ok


def _all_sets(c: list[int], i: int) -> bool:
    """Whether one suit's nine counts ``c`` (from rank index ``i`` on) split wholly into pungs and
    chows (restored on return)."""
    while i < 9 and c[i] == 0:
        i += 1
    if i == 9:
        return True
    if c[i] >= 3:
        c[i] -= 3
        ok = _all_sets(c, i)
        c[i] += 3
        if ok:
            return True
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _all_sets(c, i)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        return ok
    return False


def _plain_win(counts: list[int]) -> bool:
    """Whether ``counts`` (3k + 2 tiles) split into sets and exactly one pair, without 組合龍."""
    pairs = 0
    for k in HONOUR_KINDS:
        n = counts[k] % 3
        if n == 2:
            pairs += 1
        elif n == 1:
            return False
    for base in (0, 9, 18):
        key = 0
        n = 0
        for r in range(9):
            v = counts[base + r]
            if v:
                key += v * _POW8[r]
                n += v
        if n % 3 == 2:
            pairs += 1
        if pairs > 1 or (key and not _suit_ok(key)):
            return False
    return pairs == 1


def _standard_win(counts: list[int], need: int) -> bool:
    """:func:`standard_readings` yields a reading of ``counts`` (exactly 3 × ``need`` + 2 tiles)."""
    if _plain_win(counts):
        return True
    if need >= 3:
        for kinds in _KNITTED_KINDS.values():
            if all(counts[k] for k in kinds):
                c = list(counts)
                for k in kinds:
                    c[k] -= 1
                if _plain_win(c):
                    return True
    return False


def waits(counts_without_win: list[int], melds: int, held: list[int]) -> list[int]:
    """The tiles that would complete the hand (a fifth copy of a tile, counting ``held``, cannot).

    Args:
        counts_without_win: the standing tiles before the win, by kind (restored on return).
        melds: sets laid down.
        held: copies the hand already holds of each kind (all zero: count no copies).

    Returns:
        The kinds, lowest first.
    """
    if 0 <= melds <= 4 and sum(counts_without_win) == 13 - 3 * melds:
        keys, sizes = suit_keys(counts_without_win)
        return list(_fast_waits(list(counts_without_win), melds, held, keys, sizes))
    return list(_slow_waits(counts_without_win, melds, held))


_NONE_HELD: Final = (0,) * NUM_KINDS

_NEIGHBOURS: Final = tuple(
    (t,) if t >= 27 else tuple(u for u in range(t - 2, t + 3) if 0 <= u < 27 and u // 9 == t // 9)
    for t in range(NUM_KINDS)
)
"""By tile: the tiles a set or a pair holding it may also hold (itself; in its suit, two ranks either
side)."""


def wait_tiles(
    counts_without_win: list[int], melds: int, keys: list[int], sizes: list[int]
) -> tuple[int, ...]:
    """:func:`waits` of a hand of 13 − 3 × ``melds`` tiles (0 to 4 melds) counting no copies held,
    given :func:`suit_keys` of ``counts_without_win`` (not changed)."""
    return _fast_waits(counts_without_win, melds, _NONE_HELD, keys, sizes)


def _slow_waits(counts_without_win: list[int], melds: int, held: list[int]) -> tuple[int, ...]:
    """:func:`waits` by trying :func:`is_win` on each kind (any hand size)."""
    out = []
    near = _near(counts_without_win, melds) if melds else None
    for t in range(NUM_KINDS):
        if held[t] >= 4 or (near is not None and t not in near):
            continue
        counts_without_win[t] += 1
        if is_win(counts_without_win, melds):
            out.append(t)
        counts_without_win[t] -= 1
    return tuple(out)


def _fast_waits(
    c: list[int], melds: int, held: Sequence[int], keys: list[int], sizes: list[int]
) -> tuple[int, ...]:
    """:func:`waits` of a hand of 13 − 3 × ``melds`` tiles: the standard shape suit by suit (one
    suit changes with the tile added, and which of its ranks leave it whole is a per-suit table),
    the other shapes only where they can be one tile short."""
    # Units: the three suits (octal keys) and each honour on its own.
    bad = 0
    pairs = 0
    suit_ok = [True, True, True]
    known = _SUIT_OK.get
    for s in range(3):
        if sizes[s] % 3 == 2:
            pairs += 1
        key = keys[s]
        if key:
            ok = known(key)
            if not (_suit_ok(key) if ok is None else ok):
                suit_ok[s] = False
                bad += 1
    ones: list[int] = []  # honours one short of a pung (or a pung and one)
    twos: list[int] = []  # honours held as a pair (or a pung and a pair's worth)
    if any(c[27:]):
        for k in HONOUR_KINDS:
            v = c[k] % 3
            if v == 2:
                twos.append(k)
            elif v:
                ones.append(k)
    pairs += len(twos)
    bad += len(ones)
    wins: set[int] = set()
    # A tile added to a suit wins when every other unit is whole and the pairs come to one.
    for s in range(3):
        others_whole = bad - (not suit_ok[s]) == 0
        was_pair = sizes[s] % 3 == 2
        now_pair = (sizes[s] + 1) % 3 == 2
        if others_whole and pairs - was_pair + now_pair == 1:
            # ``is None``: a suit no tile completes is remembered as ``()``, which is falsy.
            done = _COMPLETING.get(keys[s] * 3 + s)
            wins.update(_completing(keys[s], s) if done is None else done)
    # An honour added wins when it makes the one unit left whole (a single becomes the pair) or
    # turns one of two pairs into a pung.
    if ones and bad == 1 and pairs == 0:
        wins.update(ones)
    if twos and bad == 0 and pairs == 2:
        wins.update(twos)
    third = 0
    if melds <= 1:
        best = _BEST_THIRD.get
        for key in keys:
            held_best = best(key, -1)  # 0 is a remembered answer: no ``or``
            third += _best_third(key) if held_best < 0 else held_best
    if melds <= 1 and third >= 8:
        # 組合龍 with sets and a pair: the straight one tile short takes only that tile; a whole one
        # leaves a plain hand one tile short.  A straight lacking two or more is passed over by the
        # per-suit counts of what each third lacks.
        thirds = [_lacking_thirds(k) for k in keys]
        for straight in KNITTED_STRAIGHTS:
            a, b, d = straight
            if len(thirds[a // 9][a % 9]) + len(thirds[b // 9][b % 9]) + len(thirds[d // 9][d % 9]) > 1:
                continue
            missing = [first - first % 9 + r for first in straight for r in thirds[first // 9][first % 9]]
            rest = list(c)
            for k in _KNITTED_KINDS[straight]:
                if rest[k]:
                    rest[k] -= 1
            if missing:
                if _plain_win(rest):
                    wins.add(missing[0])
                continue
            # The tile completes a set or the pair with tiles left: itself, or two ranks either side.
            near = set()
            for k in range(NUM_KINDS):
                if rest[k]:
                    near.update(_NEIGHBOURS[k])
            for t in near:
                if t not in wins:
                    rest[t] += 1
                    if _plain_win(rest):
                        wins.add(t)
                    rest[t] -= 1
    if melds == 0:
        if c.count(1) + c.count(3) == 1:
            wins.add(c.index(1) if 1 in c else c.index(3))  # 七對: four of a kind is two pairs
        if not (keys[0] | keys[1] | keys[2]) & _MIDDLE_RANKS:
            lacking = [k for k in ORPHANS if not c[k]]  # 十三幺: the one orphan missing, else any
            wins.update(lacking if len(lacking) == 1 else ORPHANS if not lacking else ())
        if max(c) <= 1:
            held_kinds = {k for k in range(NUM_KINDS) if c[k]}
            for kinds in _KNITTED_KINDS.values():
                room = set(kinds) | set(HONOUR_KINDS)
                if held_kinds <= room:
                    wins.update(room - held_kinds)  # 全不靠 / 七星不靠
    if held is _NONE_HELD:
        return tuple(sorted(wins))
    return tuple(sorted(t for t in wins if held[t] < 4))


_MIDDLE_RANKS = sum(7 * _POW8[r] for r in range(1, 8))
"""The octal digits of ranks 2 to 8 in a suit's key (a simple held: no 十三幺)."""

_COMPLETIONS: dict[int, tuple[int, ...]] = {}
_THIRDS: dict[int, tuple[tuple[int, ...], ...]] = {}


_COMPLETING: dict[int, tuple[int, ...]] = {}


def _completing(key: int, suit: int) -> tuple[int, ...]:
    """:func:`_suit_completions` of ``key`` as tiles of ``suit``, remembered by (key, suit)."""
    found = tuple(9 * suit + r for r in _suit_completions(key))
    if len(_COMPLETING) >= 30000:
        _COMPLETING.clear()
    _COMPLETING[key * 3 + suit] = found
    return found


def _suit_completions(key: int) -> tuple[int, ...]:
    """The ranks (0-based) whose tile added to a suit's counts ``key`` leaves the suit whole: all sets,
    plus one pair when its size is 2 mod 3 (:func:`_suit_ok`).  Remembered by ``key``."""
    found = _COMPLETIONS.get(key)
    if found is None:
        found = tuple(r for r in range(9) if (key >> 3 * r) & 7 < 7 and _suit_ok(key + _POW8[r]))
        _COMPLETIONS[key] = found
    return found


_BEST_THIRD: dict[int, int] = {}


def _best_third(key: int) -> int:
    """How many of its three ranks the fullest of a suit's 147, 258 and 369 holds (counts ``key``): a
    組合龍 one tile short holds 8 of its 9 tiles, so the three suits' best come to 8 or more."""
    found = _BEST_THIRD.get(key)
    if found is None:
        found = 3 - min(len(lack) for lack in _lacking_thirds(key))
        if len(_BEST_THIRD) >= 20000:
            _BEST_THIRD.clear()
        _BEST_THIRD[key] = found
    return found


def _lacking_thirds(key: int) -> tuple[tuple[int, ...], ...]:
    """For a suit's counts ``key``: the ranks (0-based) its 147, 258 and 369 lack, at index 0, 1 and 2
    (a 組合龍's third is named by its lowest rank)."""
    found = _THIRDS.get(key)
    if found is None:
        found = tuple(tuple(r for r in (o, o + 3, o + 6) if not (key >> 3 * r) & 7) for o in range(3))
        _THIRDS[key] = found
    return found


def _near(counts: list[int], melds: int) -> set[int]:
    """The tiles that can complete a hand with ``melds`` (≥ 1) sets laid down, where only the standard
    shape can win: a tile that makes a set or the pair with a held tile (itself, or two ranks either
    side in its suit), and, with one meld, the one tile a 組合龍 lacks (147萬 258筒 36索 waits on 9索,
    three ranks from every held tile)."""
    out: set[int] = set()
    for t in range(NUM_KINDS):
        if counts[t]:
            out.add(t)
            if t < 27:
                out.update(u for u in range(t - 2, t + 3) if u // 9 == t // 9 and 0 <= u < 27)
    if melds <= 1:
        for kinds in _KNITTED_KINDS.values():
            missing = [k for k in kinds if not counts[k]]
            if len(missing) == 1:
                out.add(missing[0])
    return out
