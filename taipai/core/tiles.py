"""Tile kinds, flowers and their display names.

A tile kind is an ``int`` index in ``0..33`` so hands can be held in 34-slot count arrays:

=========  ==========  =======================================
index      kind        names
=========  ==========  =======================================
0..8       萬 m 1-9    characters
9..17      筒 p 1-9    dots
18..26     索 s 1-9    bamboo
27..30     東南西北     winds E S W N
31..33     中發白       dragons C F P (red, green, white)
=========  ==========  =======================================

Flowers are not tile kinds: they are ``int`` numbers ``1..8``: 春夏秋冬 = 1..4 (seasons),
梅蘭菊竹 = 5..8 (plants).  The printed number of a flower is ``(flower - 1) % 4 + 1`` and it matches
seat 東=1 南=2 西=3 北=4 (seed 004, 常用翻數表, 花牌類, 爛花/正花).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

TileIndex = int
"""A tile kind, 0..33 (see the module docstring)."""

Flower = int
"""A flower, 1..8: 春夏秋冬 1-4, 梅蘭菊竹 5-8."""

NUM_KINDS: Final = 34
SUITS: Final = ("m", "p", "s")
SUIT_NAMES_ZH: Final = ("萬", "筒", "索")
SUIT_NAMES_EN: Final = ("characters", "dots", "bamboo")

EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
RED: Final = 31  # 中
GREEN: Final = 32  # 發
WHITE: Final = 33  # 白
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (RED, GREEN, WHITE)
HONOURS: Final = WINDS + DRAGONS

NUMERALS_ZH: Final = "一二三四五六七八九"
HONOUR_NAMES_ZH: Final = ("東", "南", "西", "北", "中", "發", "白")
HONOUR_CODES: Final = ("E", "S", "W", "N", "C", "F", "P")
WIND_NAMES_ZH: Final = HONOUR_NAMES_ZH[:4]
FLOWER_NAMES_ZH: Final = ("春", "夏", "秋", "冬", "梅", "蘭", "菊", "竹")

# Precomputed per-kind facts, indexed by tile kind.  Lookups beat arithmetic on the hot path.
SUIT_OF: Final[tuple[int, ...]] = tuple(i // 9 if i < 27 else 3 for i in range(NUM_KINDS))
"""0 萬, 1 筒, 2 索, 3 honour."""
RANK_OF: Final[tuple[int, ...]] = tuple(i % 9 + 1 if i < 27 else 0 for i in range(NUM_KINDS))
"""1..9 for suited tiles, 0 for honours."""
IS_HONOUR: Final[tuple[bool, ...]] = tuple(i >= 27 for i in range(NUM_KINDS))
IS_TERMINAL: Final[tuple[bool, ...]] = tuple(i < 27 and i % 9 in (0, 8) for i in range(NUM_KINDS))
IS_TERMINAL_OR_HONOUR: Final[tuple[bool, ...]] = tuple(
    IS_HONOUR[i] or IS_TERMINAL[i] for i in range(NUM_KINDS)
)
ORPHANS: Final = tuple(i for i in range(NUM_KINDS) if IS_TERMINAL_OR_HONOUR[i])
"""The 13 terminal and honour kinds of 十三幺."""


def tile(suit: str, rank: int) -> TileIndex:
    """Return the tile kind for ``suit`` in ``"mps"`` and ``rank`` 1..9.

    Raises ``ValueError`` for an unknown suit or a rank outside 1..9.
    """
    if suit not in SUITS or not 1 <= rank <= 9:
        raise ValueError(f"no such suited tile: {rank}{suit}")
    return SUITS.index(suit) * 9 + rank - 1


def name_zh(kind: TileIndex) -> str:
    """Cantonese display name of a tile kind, e.g. 0 -> ``一萬``, 27 -> ``東``."""
    if kind >= 27:
        return HONOUR_NAMES_ZH[kind - 27]
    return NUMERALS_ZH[kind % 9] + SUIT_NAMES_ZH[kind // 9]


def code(kind: TileIndex) -> str:
    """Short code of a tile kind: ``1m`` … ``9s``, ``E S W N C F P``."""
    if kind >= 27:
        return HONOUR_CODES[kind - 27]
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def group_name_zh(kinds: list[int] | tuple[int, ...]) -> str:
    """Display a run of tiles the way players write them: ``一二三萬``, ``中中中``, ``東東``.

    ``kinds`` must be sorted; tiles of one suit share the suit character at the end.
    """
    if not kinds:
        return ""
    if all(k >= 27 for k in kinds):
        return "".join(HONOUR_NAMES_ZH[k - 27] for k in kinds)
    parts: list[str] = []
    run_suit = -1
    for k in kinds:
        s = SUIT_OF[k]
        if s != run_suit and run_suit not in (-1, 3):
            parts.append(SUIT_NAMES_ZH[run_suit])
        parts.append(HONOUR_NAMES_ZH[k - 27] if s == 3 else NUMERALS_ZH[k % 9])
        run_suit = s
    if run_suit != 3:
        parts.append(SUIT_NAMES_ZH[run_suit])
    return "".join(parts)


def flower_number(flower: Flower) -> int:
    """Printed number 1..4 of a flower (春/梅 1 … 冬/竹 4); seed 004, 花牌類, 爛花 row."""
    return (flower - 1) % 4 + 1


def flower_name_zh(flower: Flower) -> str:
    """Display name of a flower 1..8."""
    return FLOWER_NAMES_ZH[flower - 1]


def counts_of(kinds: list[int] | tuple[int, ...]) -> list[int]:
    """A 34-slot count array of ``kinds``."""
    counts = [0] * NUM_KINDS
    for k in kinds:
        counts[k] += 1
    return counts


def suits_of(kinds: Iterable[int]) -> frozenset[int]:
    """The suits (0 萬, 1 筒, 2 索) among the tile kinds ``kinds`` (0..33); honours are no suit."""
    return frozenset(SUIT_OF[k] for k in kinds if not IS_HONOUR[k])


def has_honour(kinds: Iterable[int]) -> bool:
    """Some tile kind of ``kinds`` (0..33) is an honour (字: a wind or a dragon)."""
    return any(IS_HONOUR[k] for k in kinds)
