"""財神: QQ 歡樂麻將's wildcard tile (seed 002 「名詞解釋」 ·財神).

Seed 002: 「財神可以代替任意牌（不包含花牌）進行游戲，不可吃碰杠。財神是在閑家抓完 13 張牌莊家抓完
第 14 張牌後翻取的第一張牌加一的牌。（比如 A 、翻出五萬，六萬就是「財神」，翻出九萬，一萬就是「財神」，
B 、按照「東、南、西、北、紅中、發財、白板」的順序，如果翻出「北「，紅中就是「財神」）。」
and row 69 「無財神 2番: 胡牌時沒有財神或財神代替本身花色使用」.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from taipai.core.tiles import TileIndex
from taipai.core.wilds.schemes import predecessor, successor

NO_CAISHEN_FAN: Final = 2
"""無財神's value in 番 (seed 002 row 69 「無財神 … 2 番」)."""


def caishen_of(indicator: TileIndex) -> TileIndex:
    """The 財神 kind for the turned-up ``indicator`` tile kind (0..33): the next tile of its cycle.

    Seed 002's 財神 is seed 001's 帶弟百搭 (「翻出五萬，六萬就是財神，翻出九萬，一萬就是財神 … 如果翻出北，
    紅中就是財神」), so this is :func:`taipai.core.wilds.schemes.successor`: suits 1 → 2 … 9 → 1, honours
    東 → 南 → 西 → 北 → 中 → 發 → 白 → 東.

    Raises:
        ValueError: ``indicator`` is not a tile kind (flowers are never an indicator: they are replaced).
    """
    return successor(indicator)


def indicator_of(caishen: TileIndex) -> TileIndex:
    """The indicator tile kind whose 財神 is ``caishen`` (the inverse of :func:`caishen_of`: 六萬 → 五萬,
    一萬 → 九萬, 中 → 北, 東 → 白; :func:`taipai.core.wilds.schemes.predecessor`).

    Raises:
        ValueError: ``caishen`` is not a tile kind.
    """
    return predecessor(caishen)


def no_caishen(wilds: Sequence[TileIndex], used_as: Sequence[TileIndex]) -> bool:
    """Whether a winning hand earns 無財神 (2番): it holds no 財神, or every 財神 stands for itself.

    Args:
        wilds: the 財神 kind of each 財神 tile in the hand (all the same kind; empty when it holds none).
        used_as: the kind each of those tiles stands for in the reading, in the same order.

    Raises:
        ValueError: the two lengths differ.
    """
    if len(wilds) != len(used_as):
        raise ValueError(f"{len(wilds)} 財神 but {len(used_as)} substitutions")
    return all(w == u for w, u in zip(wilds, used_as, strict=True))
