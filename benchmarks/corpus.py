"""Seeded corpora of valid winning hands for the benchmarks (not used by the tests).

``winning_hands(n, seed)`` returns ``n`` distinct 17-tile HandSpecs: a mix of concealed and exposed
melds, kongs of every kind, flowers, self-draws and discard wins, and about 6% special shapes
(嚦咕嚦咕, 十六不搭, 十三幺).  Every hand is checked to be a win before it is kept.
"""

from __future__ import annotations

import random

from taipai.core.hand import readings
from taipai.core.handspec import HandSpec, KongKind, Meld, MeldKind, Situation
from taipai.core.tiles import NUM_KINDS, ORPHANS, WINDS

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


def winning_hands(n: int = 2000, seed: int = 20261129) -> list[HandSpec]:
    """``n`` distinct valid 17-tile winning hands, deterministic for a given ``seed``."""
    rng = random.Random(seed)
    out: list[HandSpec] = []
    seen: set[tuple] = set()
    while len(out) < n:
        spec = _special(rng) if rng.random() < 0.06 else _standard(rng)
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
