"""國標 (MCR) scoring: every reading of a win, the 「不計」 exclusions, the best total (就高不就低),
and 8番起和 (seed 002 「番型介紹」; values and exclusions from ``preset.toml``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from taipai.core.errors import HandError
from taipai.core.fastnew import builder
from taipai.core.tiles import NUM_KINDS
from taipai.systems.mcr.hand import (
    GROUP_TILES,
    KNITTED_STRAIGHTS,
    POW8,
    Group,
    Set,
    Win,
    honours_knitted,
    is_seven_pairs,
    is_thirteen_orphans,
    knitted_kinds,
    split_readings,
    standard_readings,
    wait_tiles,
    waits,
)
from taipai.systems.mcr.patterns import reading_fans, win_facts

MINIMUM = 8
"""8番起和: a win needs 8 番 before flowers (the 8番場 of seed 002 「計分規則」; flowers
「不計在起和分內」, row 83)."""
MIXED_KONGS = 5
"""明暗槓 (one 暗槓 and one 明槓): 5 番 when the table turns it on; seed 002 has no such row, so off by
default (then the pair scores 暗槓 2 + 明槓 1)."""


@dataclass(frozen=True, slots=True)
class Row:
    """One row of ``preset.toml``: ``id``, ``name`` (seed 002's), ``fan`` (番), ``excludes`` (ids)."""

    id: str
    name: str
    fan: int
    excludes: tuple[str, ...]
    row: str


@cache
def rows() -> dict[str, Row]:
    """The 81 rows of seed 002 「番型介紹」 as ``preset.toml`` holds them, by id, highest first."""
    text = resources.files("taipai.systems.mcr").joinpath("preset.toml").read_text("utf-8")
    data = tomllib.loads(text)
    return {
        p["id"]: Row(p["id"], p["name"], int(p["fan"]), tuple(p["excludes"]), p["row"])
        for p in data["pattern"]
    }


@cache
def implied() -> dict[str, tuple[str, ...]]:
    """Each row's 「不計」 ids (``preset.toml``)."""
    return {k: r.excludes for k, r in rows().items()}


@dataclass(frozen=True, slots=True)
class Result:
    """A scored win.

    Attributes:
        fans: (row id, count) of each row that scores, highest value first (flowers included).
        total: 番 of the win, flowers included.
        base: 番 without flowers (what 8番起和 looks at).
        groups: the best reading's groups, melds first (``()`` for a shape without sets: 七對,
            十三幺, 全不靠, 七星不靠).
        waits: the tiles the hand waited on before the win, lowest first, when they were worked
            out (``score(with_waits=True)``, or a reading's wait row needed them), else ``None``.
    """

    fans: tuple[tuple[str, int], ...]
    total: int
    base: int
    groups: tuple[Group, ...] = ()
    waits: tuple[int, ...] | None = None


def apply_exclusions(found: Mapping[str, int], *, mixed_kongs: bool = False) -> dict[str, int]:
    """Drop what each scoring row implies (不重複原則: its 「不計」 list), highest rows first.

    Args:
        found: row id → count, as the detectors found them (rows of equal value are taken in this
            mapping's order).
        mixed_kongs: the table scores 明暗槓 5 番 (then one 暗槓 + one 明槓 is that instead).

    Returns:
        row id → count of the rows left (every count ≥ 1).
    """
    return _exclude(found, mixed_kongs, implied(), _fan_of())


def _exclude(
    found: Mapping[str, int],
    mixed_kongs: bool,
    excludes: Mapping[str, tuple[str, ...]],
    fan: Mapping[str, int],
) -> dict[str, int]:
    """:func:`apply_exclusions` with the preset's 「不計」 lists and values at hand."""
    out = dict(found) if min(found.values(), default=1) > 0 else {k: v for k, v in found.items() if v > 0}
    for rid in sorted(out, key=fan.__getitem__, reverse=True):
        if rid in out:  # every count left is ≥ 1
            for gone in excludes[rid]:
                out.pop(gone, None)
    if mixed_kongs and out.get("concealed_kong") and out.get("melded_kong") and not (
        out.get("three_kongs") or out.get("four_kongs")
    ):
        del out["concealed_kong"], out["melded_kong"]
        out["mixed_kongs"] = 1
    return out


@cache
def _order() -> dict[str, tuple[int, str]]:
    """Each row's place in a result: higher 番 first, then by id (明暗槓 at its 5 番)."""
    order = {k: (-r.fan, k) for k, r in rows().items()}
    order.setdefault("mixed_kongs", (-MIXED_KONGS, "mixed_kongs"))
    return order


@cache
def _fan_of() -> dict[str, int]:
    """Each row's 番 (``preset.toml``), by id."""
    return {k: r.fan for k, r in rows().items()}


@cache
def _values() -> dict[str, int]:
    """Each row's 番 by id, 明暗槓 at :data:`MIXED_KONGS`."""
    return {**_fan_of(), "mixed_kongs": MIXED_KONGS}


@cache
def _tables() -> tuple[
    dict[str, tuple[str, ...]], dict[str, int], dict[str, int], dict[str, Row], dict[str, int]
]:
    """What :func:`score` looks up, in one call: :func:`implied`, :func:`_fan_of`, :func:`_values`,
    :func:`rows` and each row's place in :func:`_order` (0 first)."""
    order = _order()
    place = {k: i for i, k in enumerate(sorted(order, key=order.__getitem__))}  # ints sort faster
    return implied(), _fan_of(), _values(), rows(), place


def _wait_of(groups: Sequence[Group], win: Win, unique: bool) -> str | None:
    """邊張 / 坎張 / 單釣將 (rows 78-80) of a reading, only when the hand waited on that one tile."""
    if not unique:
        return None
    w = win.winning_tile
    edge = closed = single = False
    for g in groups:
        kind = g.kind
        if kind is Set.CHOW and not g.melded:
            t = g.tile
            if (t == w - 2 and w % 9 == 2) or (t == w and w % 9 == 6):
                edge = True
            elif t + 1 == w:
                closed = True
        elif kind is Set.PAIR and g.tile == w:
            single = True
    # Where the tile can sit more than one way, 邊張 is read first, then 坎張, then 單釣將 (the
    # oracle's order; each is 1 番, but 單釣將 is 不計 under 全求人 and 四槓).
    if edge:
        return "edge_wait"
    if closed:
        return "closed_wait"
    return "single_wait" if single else None


def _may_wait(reading: list[Group], w: int) -> bool:
    """Whether :func:`_wait_of` can find a wait in ``reading`` (standing groups only) when the hand
    waited on ``w`` alone: a chow holding ``w`` at its edge or middle, or a pair of ``w``."""
    for g in reading:
        if g.kind is Set.CHOW:
            if g.tile + 1 == w or (g.tile == w - 2 and w % 9 == 2) or (g.tile == w and w % 9 == 6):
                return True
        elif g.kind is Set.PAIR and g.tile == w:
            return True
    return False


def candidates(win: Win) -> list[tuple[dict[str, int], tuple[Group, ...]]]:
    """Every reading's rows before exclusions, with its groups (``()`` for 十三幺, 全不靠, 七星不靠 and
    七對, whose rows name the shape)."""
    return _candidates(win, with_waits=False)[0]


_KEY_OF = tuple(POW8[t % 9] for t in range(27))
"""A suited tile's place in its suit's octal key (:func:`~taipai.systems.mcr.hand.suit_keys`)."""


_STRAIGHT_BITS = tuple(sum(1 << k for k in knitted_kinds(s)) for s in KNITTED_STRAIGHTS)
"""Each 組合龍's nine kinds as bits (bit ``t`` for kind ``t``)."""


def _candidates(
    win: Win, *, with_waits: bool
) -> tuple[list[tuple[dict[str, int], tuple[Group, ...]]], tuple[int, ...] | None]:
    """:func:`candidates` and the hand's waits (:func:`~taipai.systems.mcr.hand.waits` of the tiles
    before the win) when ``with_waits`` or when a reading's 邊張 / 坎張 / 單釣將 hangs on them, else
    ``None``: whether the hand waited on one tile only matters to a reading with the winning tile at a
    chow's edge or middle or in the pair."""
    counts = [0] * NUM_KINDS
    key_of = _KEY_OF
    k0 = k1 = k2 = n0 = n1 = n2 = 0
    mask = 0
    for t in win.standing:
        counts[t] += 1
        mask |= 1 << t
        if t < 9:
            k0 += key_of[t]
            n0 += 1
        elif t < 18:
            k1 += key_of[t]
            n1 += 1
        elif t < 27:
            k2 += key_of[t]
            n2 += 1
    keys = [k0, k1, k2]
    sizes = [n0, n1, n2]
    out: list[tuple[dict[str, int], tuple[Group, ...]]] = []
    full = list(counts)
    for m in win.melds:
        for t in GROUP_TILES[m.kind][m.tile]:
            full[t] += 1
    facts = win_facts(win, full, mask)
    w = win.winning_tile
    need = 4 - len(win.melds)
    exact = need >= 0 and len(win.standing) == 3 * need + 2
    readings = split_readings(counts, need, keys, sizes) if exact else list(standard_readings(counts, need))
    found_waits: tuple[int, ...] | None = None
    if with_waits or any(_may_wait(r, w) for r in readings):
        before = list(counts)
        before[w] -= 1
        if exact:
            if w < 27:
                keys = list(keys)
                sizes = list(sizes)
                keys[w // 9] -= POW8[w % 9]
                sizes[w // 9] -= 1
            found_waits = wait_tiles(before, len(win.melds), keys, sizes)
        else:
            found_waits = tuple(waits(before, len(win.melds), [0] * NUM_KINDS))
    unique = found_waits == (w,)
    if not win.melds:
        # Each shape's test runs only where a count says it may hold: 十三幺 holds 13 kinds, 全不靠
        # and 七星不靠 14 single tiles, 七對 no odd count.
        top = max(counts)
        if top <= 2 and counts.count(0) == NUM_KINDS - 13 and is_thirteen_orphans(counts):
            c = dict(facts.tile_rows)
            c["thirteen_orphans"] = 1
            out.append((c, ()))
        kind = honours_knitted(counts) if top == 1 else 0
        if kind:
            c = dict(facts.tile_rows)
            c["greater_honours_and_knitted" if kind == 7 else "lesser_honours_and_knitted"] = 1
            if any(mask & bits == bits for bits in _STRAIGHT_BITS):
                c["knitted_straight"] = 1
            out.append((c, ()))
        if 1 not in counts and 3 not in counts and is_seven_pairs(counts):
            c = dict(facts.tile_rows)
            c["seven_pairs"] = 1
            low = (mask & -mask).bit_length() - 1  # the kinds held, from their bits
            high = mask.bit_length() - 1
            one_suit = low < 27 and low // 9 == high // 9
            if mask.bit_count() == 7 and one_suit and high - low == 6:
                c["seven_shifted_pairs"] = 1
            c["fully_concealed_hand" if win.self_drawn else "concealed_hand"] = 1
            out.append((c, ()))
    table = implied()
    melds = tuple(win.melds)
    for reading in readings:
        all_groups = melds + tuple(_concealment(reading, win))
        wait = _wait_of(all_groups, win, unique) if unique else None
        out.append((reading_fans(all_groups, win, wait, table, facts), all_groups))
    return out, found_waits


def _concealment(reading: list[Group], win: Win) -> list[Group]:
    """A pung the discard completed is not concealed (暗刻, rows 33/66) — unless the winning tile can
    sit in a chow or the pair of the same reading instead."""
    if win.self_drawn:
        return reading
    w = win.winning_tile
    for g in reading:
        kind = g.kind
        gap = w - g.tile
        if (
            (kind is Set.PAIR and gap == 0)
            or (kind is Set.CHOW and 0 <= gap <= 2)
            or (kind is Set.KNITTED and gap in (0, 3, 6))
        ):
            return reading  # the tile may sit in a chow, a knitted third or the pair instead
    out = []
    done = False
    for g in reading:
        if not done and g.kind is Set.PUNG and g.tile == w:
            out.append(Group(Set.PUNG, w, concealed=False))
            done = True
        else:
            out.append(g)
    return out


def score(win: Win, *, mixed_kongs: bool = False, minimum: int = MINIMUM, with_waits: bool = False) -> Result:
    """The best score of ``win`` over every reading (就高不就低原則).

    Args:
        win: the hand (:class:`~taipai.systems.mcr.hand.Win`).
        mixed_kongs: score 明暗槓 5 番 (off by default: seed 002 has no such row).
        minimum: 起和 番 before flowers (8番起和); 0 accepts any win.
        with_waits: always work out the hand's waits (:attr:`Result.waits`), for a caller that shows
            them; else only when a reading's 邊張 / 坎張 / 單釣將 needs them.

    Returns:
        The rows that score, the total with flowers (1 番 each, row 83) and without.

    Raises:
        HandError: ``not_a_win`` (the tiles make no winning shape); ``below_minimum`` (fewer than
            ``minimum`` 番 before flowers).
    """
    found, found_waits = _candidates(win, with_waits=with_waits)
    if not found:
        raise HandError(
            "not_a_win",
            "these tiles are not a winning hand (4 sets and a pair, 七對, 十三幺, 全不靠 or 組合龍)",
        )
    best: dict[str, int] | None = None
    base = 0
    groups: tuple[Group, ...] = ()
    excludes, fan, value_of, table, order = _tables()
    for c, gs in found:
        fans = _exclude(c, mixed_kongs, excludes, fan)
        if not fans:
            fans = {"chicken_hand": 1}
        value = 0
        for k, n in fans.items():
            value += value_of[k] * n
        if best is None or value > base:
            best, groups, base = fans, gs, value
    assert best is not None
    if win.flowers:
        best["flower_tiles"] = win.flowers
    if base < minimum:
        raise HandError(
            "below_minimum",
            f"{base}番 is below the {minimum}番 a win needs (8番起和; flowers do not count toward it)",
            token=f"{base}番",
            hint=f"a win needs at least {minimum}番 before flowers at this table",
            hint_args={
                "count": base,
                "minimum": minimum,
                "patterns": tuple(
                    (table[k].name, table[k].fan * n, n) for k, n in best.items() if k in table
                ),
            },
        )
    ordered = tuple([(k, best[k]) for k in sorted(best, key=order.__getitem__)])
    return _new_result(ordered, base + win.flowers, base, groups, found_waits)


_new_result = builder(Result)
"""``Result(fans, total, base, groups, waits)`` without the frozen dataclass's slow ``__init__``."""
