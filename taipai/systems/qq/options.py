"""A QQ 歡樂麻將 table's settings (seed 002 「計分規則」; :class:`~taipai.core.table.state.TableSettings`).

Ledger amounts are money: a leg pays its game base X (:func:`taipai.systems.qq.money.win_legs`) times the
room coefficient N (「房間系數」), so :meth:`QQTableOptions.money` is the identity.  The house cut A is not a
table setting: money a chat table books stays among its four players (the cut's figures are
:func:`taipai.systems.qq.money.beans`', for the QQ rooms themselves).  In chat: ``規則 場 8番場 系數 200``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from taipai.core.table.amounts import Amount, amount_from_json, amount_to_json
from taipai.core.table.errors import TableError
from taipai.core.table.money import money_setting
from taipai.core.tiles import NUM_KINDS
from taipai.core.wilds.schemes import (
    TREASURE_OPTION,
    TREASURE_WORDS,
    WILD_WORDS,
    parse_scheme,
    scheme_named,
    treasure_setting,
)
from taipai.systems.qq.caishen import indicator_of
from taipai.systems.qq.money import Room
from taipai.systems.qq.tilewords import tile_of

ROOM_WORDS: Final[dict[str, Room]] = {
    "大眾場": Room.OPEN,
    "大众场": Room.OPEN,
    "8番場": Room.EIGHT,
    "八番場": Room.EIGHT,
    "無番場": Room.FLAT,
    "无番场": Room.FLAT,
    **{room.value: room for room in Room},
}
"""The words a table types for a room (seed 002's names, simplified forms, and the stored values)."""

OPTION_WORDS: Final[dict[str, str]] = {
    "場": "room",
    "場次": "room",
    "房間": "room",
    "系數": "coefficient",
    "房間系數": "coefficient",
    "詐胡": "false_win_fan",
    "詐糊": "false_win_fan",
    "流局連莊": "draw_keeps_dealer",
    "財神": "indicator",
    **dict.fromkeys(WILD_WORDS, "indicator"),
    **dict.fromkeys(TREASURE_WORDS, TREASURE_OPTION),
}
"""Chinese option words → option names (``規則 場 8番場``: ``room = "eight"``)."""

MAX_FAN: Final = 999
"""The most 番 a count setting may be."""

_TRUE: Final = frozenset({"true", "yes", "on", "1", "是", "開", "有"})
_FALSE: Final = frozenset({"false", "no", "off", "0", "否", "關", "無"})
_NONE: Final = frozenset({"無", "无", "none", "off", "關", "冇"})
"""What ``規則 財神 無`` may say: each hand names its own 財神 again."""


@dataclass(frozen=True)
class QQTableOptions:
    """A QQ table's house rules.  Immutable; changed by ``RuleChanged`` events.

    Attributes:
        room: the 場次 (:class:`~taipai.systems.qq.money.Room`): 大眾場 X = 番, 8番場 X = 番 + 8, 無番場
            X = 10, each × 中鳥系數 × 莊家系數.  Default 大眾場 (the room whose money follows the hand).
        coefficient: N, money per point of X (「N=房間系數」), as a money setting (more than 0, at most
            2 decimals).  Default 1: the ledger shows X itself (the seed's example room uses 200).
        indicator: the table's 財神 indicator tile kind (0..33) when the house fixes it, else ``None``
            (default: each hand names its own, ``財神 六萬``, as the seed's 財神 is turned every hand).
        false_win_fan: 詐胡 (seed 002 is silent; our choice): the false winner pays each of the three
            others a leg of a hand of this many 番 in the table's room, no 鳥 and no 莊家翻倍.
            Default 8 (8番起和, the least hand that wins).
        draw_keeps_dealer: a 流局 keeps the dealer (seed 002 is silent; our choice, as on the other
            tables).  Default True.  A dealer win keeps the dealer always; another's win passes the deal.
        treasure: seed 001's 寶牌 turned tile kind (0..33; 四萬: the treasure is 五萬, +1番 a copy held,
            :func:`~taipai.core.wilds.schemes.treasure_of`), or ``None`` (default: no 寶牌).  ``規則 寶牌
            四萬``; a hand may say its own (``寶牌 四萬``).
    """

    room: Room = Room.OPEN
    coefficient: Amount = 1
    indicator: int | None = None
    false_win_fan: int = 8
    draw_keeps_dealer: bool = True
    treasure: int | None = None

    def __post_init__(self) -> None:
        room = ROOM_WORDS.get(str(self.room)) if not isinstance(self.room, Room) else self.room
        if room is None:
            raise TableError("bad_value", f"room = {self.room!r}", "大眾場, 8番場 or 無番場")
        object.__setattr__(self, "room", room)
        object.__setattr__(self, "coefficient", money_setting("coefficient", self.coefficient))
        ind = self.indicator
        bad_kind = isinstance(ind, bool) or not isinstance(ind, int) or not 0 <= ind < NUM_KINDS
        if ind is not None and bad_kind:
            raise TableError("bad_value", f"indicator = {ind!r}", "a tile (六萬, 北 …) or none")
        fan = self.false_win_fan
        if isinstance(fan, bool) or not isinstance(fan, int) or not 0 <= fan <= MAX_FAN:
            raise TableError("bad_value", f"false_win_fan = {fan!r}", f"a whole number of 番, 0-{MAX_FAN}")
        if not isinstance(self.draw_keeps_dealer, bool):
            raise TableError("bad_value", f"draw_keeps_dealer = {self.draw_keeps_dealer!r}", "true or false")
        object.__setattr__(self, "treasure", _treasure(self.treasure))

    def money(self, amount: Amount) -> Amount:
        """Ledger amounts are money already: ``amount``."""
        return amount

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict (the room by value, N via :func:`~taipai.core.table.amounts.amount_to_json`)."""
        return {
            "room": self.room.value,
            "coefficient": amount_to_json(self.coefficient),
            "indicator": self.indicator,
            "false_win_fan": self.false_win_fan,
            "draw_keeps_dealer": self.draw_keeps_dealer,
            **({} if self.treasure is None else {"treasure": self.treasure}),  # logs without 寶牌 unchanged
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> QQTableOptions:
        """Inverse of :meth:`to_dict`; missing keys take today's defaults.

        Raises:
            TableError: ``bad_option`` (unknown key), ``bad_value`` / ``bad_amount``.
        """
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(d) - names
        if unknown:
            raise TableError("bad_option", f"unknown option(s) {sorted(unknown)}", ", ".join(sorted(names)))
        data = dict(d)
        if "coefficient" in data:
            data["coefficient"] = amount_from_json(data["coefficient"])
        return cls(**data)

    def with_option(self, option: str, value: str | int | bool | None) -> QQTableOptions:
        """A copy with one option changed (``RuleChanged``); ``option`` is a name or a word of
        :data:`OPTION_WORDS`; string values are parsed (``"8番場"``, ``"200"``, ``"開"``).  The 財神
        indicator takes a tile kind (the turned tile) or ``None``; a string is what the chat types, the
        財神 tile itself (``"六萬"``: indicator 五萬, as a hand's ``財神 六萬`` says), or ``"無"``.

        Raises:
            TableError: ``bad_option`` (unknown name, naming the options and their words),
                ``bad_value`` / ``bad_amount`` (a value the option does not take).
        """
        name = OPTION_WORDS.get(option, option)
        if name == "room":
            room = ROOM_WORDS.get(str(value).strip())
            if room is None:
                raise TableError("bad_value", f"room = {value!r}", "大眾場, 8番場 or 無番場")
            return dataclasses.replace(self, room=room)
        if name == "coefficient":
            return dataclasses.replace(self, coefficient=money_setting(name, value))
        if name == "false_win_fan":
            n = amount_from_json(value) if isinstance(value, str) else value
            return dataclasses.replace(self, false_win_fan=n)  # type: ignore[arg-type]
        if name == "indicator" and isinstance(value, str) and (option in WILD_WORDS or _names_scheme(value)):
            return dataclasses.replace(self, indicator=_next_scheme_indicator(value))
        if name == "indicator":
            if isinstance(value, str):
                kind = tile_of(value)
                if kind is None and value.strip().casefold() not in _NONE:
                    raise TableError("bad_value", f"財神 = {value!r}", "a tile (六萬, 中 …) or 無")
                value = None if kind is None else indicator_of(kind)
            return dataclasses.replace(self, indicator=value)
        if name == TREASURE_OPTION:
            return dataclasses.replace(self, treasure=_treasure(value))
        if name == "draw_keeps_dealer":
            text = str(value).strip().casefold()
            if isinstance(value, bool):
                return dataclasses.replace(self, draw_keeps_dealer=value)
            if text in _TRUE or text in _FALSE:
                return dataclasses.replace(self, draw_keeps_dealer=text in _TRUE)
            raise TableError("bad_value", f"draw_keeps_dealer = {value!r}", "true or false")
        words = ", ".join(f"{w} ({n})" for w, n in OPTION_WORDS.items())
        raise TableError("bad_option", f"unknown option {option!r}", words)


def _treasure(value: object) -> int | None:
    """寶牌's turned tile kind from what a table types (``四萬``, ``無``) or stored (a kind, ``None``).

    Raises:
        TableError: ``bad_value``: no tile.
    """
    try:
        return treasure_setting(value)
    except ValueError as err:
        raise TableError("bad_value", f"寶牌 = {value!r}: {err}", "a tile (四萬, 中 …) or 無") from err


def _names_scheme(value: str) -> bool:
    words = value.split()
    return bool(words) and scheme_named(words[0]) is not None


def _next_scheme_indicator(value: str) -> int | None:
    """``規則 百搭 帶弟 五萬``: seed 002's 財神 is seed 001's 帶弟百搭, so the scheme's turned tile is the
    indicator (五萬: 財神 六萬); ``無`` clears it.  The other schemes are not this game's.

    Raises:
        TableError: ``bad_value``: no scheme, another scheme, or 帶弟 without its turned tile.
    """
    takes = "帶弟 and the turned tile (帶弟 五萬: 財神 六萬), or 無"
    try:
        scheme = parse_scheme(value)
    except ValueError as err:
        raise TableError("bad_value", f"百搭 = {value!r}: {err}", takes) from err
    if scheme is None:
        return None
    if scheme.scheme != "next" or scheme.indicator is None:
        raise TableError("bad_value", f"百搭 = {value!r}: 歡樂麻將's 財神 is 帶弟百搭 only", takes)
    return scheme.indicator
