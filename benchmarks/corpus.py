"""Seeded corpora of valid winning hands for the benchmarks (not used by the tests).

``winning_hands(n, seed)`` returns ``n`` distinct 17-tile HandSpecs: a mix of concealed and exposed
melds, kongs of every kind, flowers, self-draws and discard wins, and about 6% special shapes
(嚦咕嚦咕, 十六不搭, 十三幺).  ``thirteen_tile_hands(n, seed)`` does the same for 13-tile games (4 melds
+ eyes).  Every hand is checked to be a win before it is kept.  ``with_wildcards`` puts 越搭 wildcards
into a share of them; ``hand_message`` writes a hand as a player types it (DESIGN §4).
"""

from __future__ import annotations

import random
from dataclasses import replace

from taipai.core.hand import readings
from taipai.core.handspec import HandSpec, KongKind, Meld, MeldKind, Situation
from taipai.core.tiles import (
    HONOURS,
    NUM_KINDS,
    ORPHANS,
    SUIT_OF,
    WINDS,
    flower_name_zh,
    group_name_zh,
    name_zh,
)
from taipai.core.wilds import WildContext, kind_named

_UNRELATED = [
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 3, 7),
    (0, 4, 8),
    (0, 5, 8),
    (1, 4, 8),
    (0, 3, 8),
    (1, 5, 8),
    (0, 4, 7),
]


def _random_meld(rng: random.Random) -> tuple[int, int]:
    if rng.random() < 0.55:
        s, r = rng.randrange(3), rng.randrange(7)
        return (MeldKind.CHOW, s * 9 + r)
    return (MeldKind.PUNG, rng.randrange(NUM_KINDS))


def _standard(rng: random.Random) -> HandSpec | None:
    used = [0] * NUM_KINDS
    melds: list[Meld] = []
    concealed: list[int] = []
    n_declared = rng.choice([0, 0, 1, 1, 2, 3])
    for i in range(5):
        kind, t = _random_meld(rng)
        tiles = [t, t + 1, t + 2] if kind == MeldKind.CHOW else [t] * 3
        if i < n_declared:
            if kind == MeldKind.PUNG and rng.random() < 0.3:
                kong = rng.choice(list(KongKind))
                melds.append(Meld(MeldKind.KONG, t, kong))
                tiles = [t] * 4
            else:
                melds.append(Meld(MeldKind(kind), t))
        else:
            concealed += tiles
        for x in tiles:
            used[x] += 1
    e = rng.randrange(NUM_KINDS)
    concealed += [e, e]
    used[e] += 2
    if max(used) > 4:
        return None
    win = concealed.pop(rng.randrange(len(concealed)))
    return _finish(rng, concealed, tuple(melds), win)


def _finish(rng: random.Random, concealed: list[int], melds: tuple[Meld, ...], win: int) -> HandSpec:
    flowers = tuple(sorted(rng.sample(range(1, 9), rng.choice([0, 0, 1, 1, 2, 3, 4]))))
    seat = rng.choice(WINDS)
    situation = Situation(
        dealer=seat == WINDS[0],
        streak=rng.choice([0, 0, 1, 2]) if seat == WINDS[0] else 0,
        seat_wind=seat,
        round_wind=rng.choice(WINDS),
        declared_ready=rng.random() < 0.1,
    )
    return HandSpec(
        concealed=tuple(sorted(concealed)),
        melds=melds,
        winning_tile=win,
        self_drawn=rng.random() < 0.35,
        flowers=flowers,
        situation=situation,
    )


def _special(rng: random.Random) -> HandSpec:
    kind = rng.randrange(3)
    if kind == 0:  # 嚦咕嚦咕: 7 pairs + a pung
        ts = rng.sample(range(NUM_KINDS), 8)
        tiles = [t for t in ts[:7] for _ in range(2)] + [ts[7]] * 3
    elif kind == 1:  # 十六不搭
        tiles = list(range(27, 34))
        for s in range(3):
            tiles += [s * 9 + r for r in rng.choice(_UNRELATED)]
        tiles.append(rng.choice(tiles))
    else:  # 十三幺 + a concealed chow
        tiles = [*ORPHANS, rng.choice(ORPHANS)]
        s, r = rng.randrange(3), rng.randrange(1, 6)
        tiles += [s * 9 + r, s * 9 + r + 1, s * 9 + r + 2]
    win = tiles.pop(rng.randrange(len(tiles)))
    return _finish(rng, tiles, (), win)


def winning_hands(n: int = 2000, seed: int = 20261129, *, specials: float = 0.06) -> list[HandSpec]:
    """``n`` distinct valid 17-tile winning hands, deterministic for a given ``seed``.

    ``specials``: the share of special shapes (嚦咕嚦咕, 十六不搭, 十三幺); 0 for a game that has none.
    """
    rng = random.Random(seed)
    out: list[HandSpec] = []
    seen: set[tuple] = set()
    while len(out) < n:
        spec = _special(rng) if rng.random() < specials else _standard(rng)
        if spec is None:
            continue
        key = (spec.concealed, spec.melds, spec.winning_tile, spec.self_drawn)
        if key in seen or not readings(spec):
            continue
        seen.add(key)
        out.append(spec)
    return out


def fourteen_tile_hands(n: int = 2000, seed: int = 1411) -> list[list[int]]:
    """``n`` distinct 14-tile concealed winning hands (4 melds + eyes) as 34-count vectors."""
    rng = random.Random(seed)
    out: list[list[int]] = []
    seen: set[tuple[int, ...]] = set()
    while len(out) < n:
        counts = [0] * NUM_KINDS
        for _ in range(4):
            kind, t = _random_meld(rng)
            for x in [t, t + 1, t + 2] if kind == MeldKind.CHOW else [t] * 3:
                counts[x] += 1
        e = rng.randrange(NUM_KINDS)
        counts[e] += 2
        key = tuple(counts)
        if max(counts) > 4 or key in seen:
            continue
        seen.add(key)
        out.append(counts)
    return out


def _meld_of(rng: random.Random, suits: tuple[int, ...], honours: bool, pungs: float) -> tuple[int, int]:
    """A chow or pung whose tiles are in ``suits`` (0 萬 1 筒 2 索) or, with ``honours``, an honour pung."""
    if rng.random() >= pungs:
        return (MeldKind.CHOW, rng.choice(suits) * 9 + rng.randrange(7))
    kinds = [s * 9 + r for s in suits for r in range(9)] + (list(range(27, NUM_KINDS)) if honours else [])
    return (MeldKind.PUNG, rng.choice(kinds))


def _thirteen(rng: random.Random) -> HandSpec | None:
    """A 4-melds-and-eyes hand (13 tiles held + the winning tile); a third of them one suit (with
    or without honours), a quarter all pungs, the rest any tiles (so a table's minimum sees both)."""
    style = rng.random()
    if style < 0.33:
        suits, honours, pungs = (rng.randrange(3),), rng.random() < 0.7, 0.45
    elif style < 0.58:
        suits, honours, pungs = (0, 1, 2), True, 1.0
    else:
        suits, honours, pungs = (0, 1, 2), True, 0.45
    used = [0] * NUM_KINDS
    melds: list[Meld] = []
    concealed: list[int] = []
    n_declared = rng.choice([0, 0, 1, 1, 2, 3])
    for i in range(4):
        kind, t = _meld_of(rng, suits, honours, pungs)
        tiles = [t, t + 1, t + 2] if kind == MeldKind.CHOW else [t] * 3
        if i < n_declared:
            if kind == MeldKind.PUNG and rng.random() < 0.3:
                melds.append(Meld(MeldKind.KONG, t, rng.choice(list(KongKind))))
                tiles = [t] * 4
            else:
                melds.append(Meld(MeldKind(kind), t))
        else:
            concealed += tiles
        for x in tiles:
            used[x] += 1
    eye_kinds = [s * 9 + r for s in suits for r in range(9)] + (list(range(27, NUM_KINDS)) if honours else [])
    e = rng.choice(eye_kinds)
    concealed += [e, e]
    used[e] += 2
    if max(used) > 4:
        return None
    win = concealed.pop(rng.randrange(len(concealed)))
    return _finish(rng, concealed, tuple(melds), win)


def _orphans13(rng: random.Random) -> HandSpec:
    """十三幺 of a 13-tile game: the 13 terminal and honour kinds and one of them again."""
    tiles = [*ORPHANS, rng.choice(ORPHANS)]
    win = tiles.pop(rng.randrange(len(tiles)))
    return _finish(rng, tiles, (), win)


def thirteen_tile_hands(n: int = 2000, seed: int = 1313, *, orphans: float = 0.0) -> list[HandSpec]:
    """``n`` distinct valid 13-tile winning hands (4 melds + eyes, 14 tiles with the winning tile;
    exposed melds, kongs of every kind, flowers, self-draws), deterministic for a given ``seed``;
    an ``orphans`` share of 十三幺 (not a 4-melds reading: the game's own shape).
    ``declared_ready`` is always off (a 13-tile game may have no 叮 word)."""
    rng = random.Random(seed)
    out: list[HandSpec] = []
    seen: set[tuple] = set()
    while len(out) < n:
        special = orphans > 0 and rng.random() < orphans
        spec = _orphans13(rng) if special else _thirteen(rng)
        if spec is None:
            continue
        key = (spec.concealed, spec.melds, spec.winning_tile, spec.self_drawn)
        if key in seen or not (special or readings(spec, hand_size=13)):
            continue
        seen.add(key)
        out.append(replace(spec, situation=replace(spec.situation, declared_ready=False)))
    return out


def with_wildcards(
    specs: list[HandSpec], kinds: tuple[str, ...], share: float, seed: int = 31
) -> list[HandSpec]:
    """``specs`` with a ``share`` of them holding one or two wildcards: concealed tiles replaced by
    kinds of ``kinds`` whose range (seed 000, at an empty table) covers them, as ``wild_bench.py`` does."""
    ctx = WildContext()
    masks = [(k, kind_named(k).mask(ctx)) for k in kinds]
    rng = random.Random(seed)
    out: list[HandSpec] = []
    for spec in specs:
        conc = list(spec.concealed)
        if rng.random() >= share or len(conc) < 3:
            out.append(spec)
            continue
        wilds: list[str] = []
        for _ in range(rng.choice([1, 1, 2])):
            t = conc.pop(rng.randrange(len(conc)))
            pool = [k for k, m in masks if m >> t & 1]
            if not pool:
                conc.append(t)
                continue
            wilds.append(rng.choice(pool))
        if not wilds:
            out.append(spec)
            continue
        out.append(replace(spec, concealed=tuple(sorted(conc)), wilds=tuple(wilds)))
    return out


_KONG_WORDS = {KongKind.EXPOSED: "明槓", KongKind.ADDED: "加槓", KongKind.CONCEALED: "暗槓"}


def _tiles_words(kinds: list[int]) -> list[str]:
    """Sorted tiles as players write them: one run per suit (``一二三四萬``), each honour kind apart
    (``東東 中中中``)."""
    words: list[str] = []
    for s in range(3):
        run = [k for k in kinds if SUIT_OF[k] == s]
        if run:
            words.append(group_name_zh(run))
    for h in HONOURS:
        if h in kinds:
            words.append(group_name_zh([h] * kinds.count(h)))
    return words


def hand_message(spec: HandSpec, *, ready_word: bool = False) -> str:
    """``spec`` written as a chat hand message (DESIGN §4): declared melds with their keywords
    (``碰 發發發``, ``暗槓 東東東東``), the concealed tiles, wildcards in brackets, flowers, then
    ``摸 X`` / ``食 X``.  Seat, dealer, streak and winds are left out (the table knows them);
    ``ready_word`` adds ``叮`` when the situation declares ready (港式台牌's word)."""
    parts: list[str] = []
    for m in spec.melds:
        if m.kind == MeldKind.CHOW:
            parts.append("上 " + group_name_zh([m.tile, m.tile + 1, m.tile + 2]))
        elif m.kind == MeldKind.PUNG:
            parts.append("碰 " + group_name_zh([m.tile] * 3))
        else:
            parts.append(f"{_KONG_WORDS[m.kong]} " + group_name_zh([m.tile] * 4))
    parts += _tiles_words(sorted(spec.concealed))
    parts += [f"[{w}]" for w in spec.wilds]
    parts += [flower_name_zh(f) for f in spec.flowers]
    if ready_word and spec.situation.declared_ready:
        parts.append("叮")
    win = f"[{spec.winning_wild}]" if spec.winning_wild else name_zh(spec.winning_tile)
    parts.append(("摸 " if spec.self_drawn else "食 ") + win)
    return " ".join(parts)


def crowded_thirteen(n: int = 500, seed: int = 1414) -> list[HandSpec]:
    """``n`` distinct concealed 13-tile winning hands crowded into four ranks of one suit (with a
    pung of another kind now and then), so many have several decompositions (``一一一二二二三三三``
    is three pungs or three chows).  Every hand is checked to be a win before it is kept."""
    rng = random.Random(seed)
    out: list[HandSpec] = []
    seen: set[tuple] = set()
    while len(out) < n:
        low = rng.randrange(3) * 9 + rng.randrange(6)
        window = range(low, low + 4)
        tiles: list[int] = []
        for _ in range(4):
            if rng.random() < 0.15:
                tiles += [rng.randrange(NUM_KINDS)] * 3
            elif rng.random() < 0.6:
                t = rng.choice(window[:2])
                tiles += [t, t + 1, t + 2]
            else:
                tiles += [rng.choice(window)] * 3
        tiles += [rng.choice(window)] * 2
        if max(tiles.count(t) for t in tiles) > 4:
            continue
        win = tiles.pop(rng.randrange(len(tiles)))
        spec = _finish(rng, tiles, (), win)
        key = (spec.concealed, spec.winning_tile, spec.self_drawn)
        if key in seen or not readings(spec, hand_size=13):
            continue
        seen.add(key)
        out.append(replace(spec, situation=replace(spec.situation, declared_ready=False)))
    return out
