"""Seed 001's 寶牌 as a table setting of any game with wildcards: the stored value (``規則 寶牌 四萬``;
the rule is :func:`taipai.core.wilds.schemes.treasure_of`).  Each game words its own 規則 row (the
catalogues are extracted from the systems and the bot).
"""

from __future__ import annotations

from taipai.core.table.errors import TableError
from taipai.core.tiles import code
from taipai.core.wilds.schemes import treasure_setting

__all__ = ["treasure_text"]


def treasure_text(value: object) -> str:
    """The stored form of a 寶牌 setting (the turned tile's code, ``4m``; ``""`` for none) as a table types
    it (``四萬``, ``4m``, ``無``) or as it was stored.

    Raises:
        TableError: ``bad_value`` naming what the setting takes.
    """
    try:
        tile = treasure_setting(value)
    except ValueError as err:
        raise TableError("bad_value", f"寶牌 = {value!r}: {err}", "a tile (四萬, 中 …) or 無") from err
    return "" if tile is None else code(tile)

