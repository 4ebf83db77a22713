"""The names a QQ table gives one tile in chat words: the 財神 of a hand (``財神 六萬``), the table's
indicator (``規則 財神 五萬``) and the 鳥 (``鳥 三萬``)."""

from __future__ import annotations

from typing import Final

from taipai.core.tiles import NUM_KINDS, TileIndex, code, name_zh

_ALIASES: Final = {"紅中": 31, "发": 32, "發財": 32, "发财": 32, "青發": 32, "白板": 33}

TILE_WORDS: Final[dict[str, TileIndex]] = {
    **{name_zh(k): k for k in range(NUM_KINDS)},
    **{name_zh(k).replace("萬", "万"): k for k in range(9)},
    **{name_zh(k).replace("索", "條"): k for k in range(18, 27)},
    **{code(k): k for k in range(27)},
    **_ALIASES,
}
"""Tile name → kind: ``六萬`` / ``六万`` / ``6m``, ``三索`` / ``三條``, ``東``, ``中`` / ``紅中`` …
(suited codes only: a lone letter is too easily a player's name)."""


def tile_of(word: str) -> TileIndex | None:
    """The tile kind ``word`` names (spaces and case ignored), or ``None``."""
    return TILE_WORDS.get("".join(word.split()).casefold())
