"""Seed 001's 寶牌 as a table setting of any game with wildcards: the stored value (``規則 寶牌 四萬``;
the rule is :func:`taipai.core.wilds.schemes.treasure_of`), its 規則 row and what it takes, written once
for every game that plays it (港式台牌, 歡樂麻將).  Labels are English message ids (translated by the bot).
"""

from __future__ import annotations

from taipai.core.chat import N_, Said
from taipai.core.table.errors import TableError
from taipai.core.tiles import code, name_zh
from taipai.core.wilds.schemes import treasure_of, treasure_setting

__all__ = ["treasure_accepts", "treasure_said", "treasure_text"]


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



def treasure_said(turned: int | None) -> Said:
    """The 規則 row of a table's 寶牌, seed 001 宝牌 (``寶牌 = 五萬 (the turned tile 四萬): +1番 …``).

    Args:
        turned: the table's turned tile kind, 0..33, or ``None`` (none set).
    """
    if turned is None:
        return Said(N_("寶牌 = 無 (規則 寶牌 四萬 sets the turned tile; a hand may say 寶牌 四萬)"))
    return Said(
        N_("寶牌 = {tile} (the turned tile {turned}): +1番 for each {tile} the winner holds"),
        (("tile", name_zh(treasure_of(turned))), ("turned", name_zh(turned))),
    )


def treasure_accepts() -> Said:
    """What the 寶牌 setting takes, as a refusal of a bad value lists it."""
    return Said(N_("{name} takes the turned tile (四萬, 中 …) or 無"), (("name", "寶牌"),))
