"""Seed 001's wildcard schemes as a 港式台牌 table setting, in the words of a chat: the 規則 row, what the
setting takes, and the stored value (``規則 百搭 窗 四萬``; :mod:`taipai.core.wilds.schemes` holds the
schemes, which any game with wildcards can read; 歡樂麻將 keeps its 財神 as its indicator instead).
Labels are English message ids (translated by the bot).
"""

from __future__ import annotations

from taipai.core.chat import N_, Said
from taipai.core.table.errors import TableError
from taipai.core.tiles import name_zh
from taipai.core.wilds import tiles_of
from taipai.core.wilds.schemes import (
    JOKERS_SHOWN,
    WILD_OPTION,
    WILD_WORDS,
    WildScheme,
    parse_scheme,
    scheme_from_text,
    stand_in,
)
from taipai.core.wilds.treasurechat import treasure_accepts, treasure_said, treasure_text

__all__ = [
    "WILD_OPTION",
    "WILD_WORDS",
    "scheme_accepts",
    "scheme_row",
    "scheme_setting",
    "stored_scheme",
    "treasure_accepts",
    "treasure_said",
    "treasure_text",
]


def scheme_setting(value: object) -> str:
    """The stored form (:meth:`WildScheme.text`, ``""`` for none) of a scheme as a table types it
    (``窗 四萬``, ``window 4m``, ``無``) or as it was stored.

    Raises:
        TableError: ``bad_value`` naming what the setting takes.
    """
    if value is None:
        return ""
    try:
        scheme = parse_scheme(str(value)) if str(value).strip() else None
    except ValueError as err:
        takes = "帶弟 五萬, 活動 五萬, 窗 四萬, 心皇, 特別 or 無"
        raise TableError("bad_value", f"百搭 = {value!r}: {err}", takes) from err
    return "" if scheme is None else scheme.text()


def stored_scheme(text: str) -> WildScheme | None:
    """The scheme a stored value names (``""``: none).

    Raises:
        ValueError: a value :func:`scheme_setting` did not write.
    """
    return scheme_from_text(text)


def scheme_row(scheme: WildScheme | None) -> Said:
    """The 規則 row of a table's scheme, as an English message id the bot translates.

    Args:
        scheme: the table's scheme, or ``None`` (none set).
    """
    if scheme is None:
        return Said(N_("百搭 = 無 (no wildcard scheme; 規則 百搭 窗 四萬 sets one)"))
    name = scheme.row.name
    if scheme.scheme == "heart":
        return Said(
            N_("百搭 = 心皇: a hand is typed one tile short; the imagined tile is any tile, only to win")
        )
    if scheme.scheme == "special":
        return Said(N_("百搭 = 特別百搭: jokers in brackets: {jokers}"), (("jokers", JOKERS_SHOWN),))
    if scheme.indicator is None:
        return Said(N_("百搭 = {scheme}: each hand says its turned tile (百搭 四萬)"), (("scheme", name),))
    wild = " ".join(name_zh(t) for t in tiles_of(scheme.wild_mask()))
    args = (("scheme", name), ("turned", name_zh(scheme.indicator)), ("tiles", wild))
    if scheme.scheme == "active" and stand_in(scheme.indicator) is not None:
        return Said(
            N_("百搭 = {scheme} {turned}: wild, each any tile: {tiles}; a 白板 counts as {turned}"), args
        )
    return Said(N_("百搭 = {scheme} {turned}: wild, each any tile: {tiles}"), args)


def scheme_accepts() -> Said:
    """What the setting takes, as a refusal of a bad value lists it."""
    return Said(
        N_("{name} takes a scheme and its turned tile: 帶弟 五萬, 活動 五萬, 窗 四萬; or 心皇, 特別, 無"),
        (("name", "百搭"),),
    )
