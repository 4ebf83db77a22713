"""國標 (MCR) table settings: the money of one 分, 起和, flowers, 明暗槓, 一炮多響 and the deal.

Ledger amounts at an MCR table are money in the table's currency: ``base`` × points, a point being one
番 (or one of the 8 基本分 every loser pays), so :meth:`McrOptions.money` is the identity.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from taipai.core.table.amounts import Amount
from taipai.core.table.errors import TableError
from taipai.core.table.money import money_setting
from taipai.core.table.setting_words import count_setting, flag_setting
from taipai.core.table.settings_dict import MoneySettings

MAX_MINIMUM = 88
"""The highest 起和 a table may set (88 番, the largest row)."""
BASIC_POINTS = 8
"""基本分: what every loser pays a winner before the hand's 番 (seed 002 「計分規則」, 8番場:
「（游戲番數+8）」)."""

OPTION_WORDS: dict[str, str] = {
    "底": "base",
    "每番": "base",
    "起和": "minimum",
    "起胡": "minimum",
    "起糊": "minimum",
    "花": "flowers",
    "打花": "flowers",
    "明暗槓": "mixed_kongs",
    "一炮多響": "multi_win",
    "連莊": "dealer_stays",
}
"""The words a table types for an option (``規則 起和 8``, ``規則 明暗槓 開``)."""

_BOOLS = ("flowers", "mixed_kongs", "multi_win", "dealer_stays")


@dataclass(frozen=True)
class McrOptions(MoneySettings):
    """One MCR table's settings (:class:`~taipai.core.table.state.TableSettings`).  Immutable.

    Attributes:
        base: money of one point (``int`` or ``Fraction``, > 0, at most 2 decimals).  Default 1.
        minimum: 起和, the fewest 番 (flowers not counted) a win needs.  Default 8 (8番起和; seed 002
            row 83 花牌: 「不計在起和分內」).
        flowers: the table plays the eight flowers, 1 番 each (row 83).  Default on.
        mixed_kongs: 明暗槓 (one 暗槓 + one 明槓) is 5 番 instead of 暗槓 2 + 明槓 1.  Default off:
            seed 002 has no such row.
        multi_win: several players may win on one discard (一炮多響).  Default off: the first claimant
            in turn order after the discarder wins (截和).
        dealer_stays: a dealer win or a 流局 keeps the deal.  Default off: the deal passes after every
            hand (the competition's 16 hands a game; the dealer gets no bonus either way).
    """

    base: Amount = 1
    minimum: int = 8
    flowers: bool = True
    mixed_kongs: bool = False
    multi_win: bool = False
    dealer_stays: bool = False

    def __post_init__(self) -> None:
        for name in _BOOLS:
            if not isinstance(getattr(self, name), bool):
                raise TableError("bad_value", f"{name} = {getattr(self, name)!r}", "on or off")
        m = self.minimum
        if isinstance(m, bool) or not isinstance(m, int) or not 0 <= m <= MAX_MINIMUM:
            raise TableError("bad_value", f"minimum = {m!r}", f"a whole number 0-{MAX_MINIMUM}")
        object.__setattr__(self, "base", money_setting("base", self.base))

    def with_option(self, option: str, value: str | int | bool) -> McrOptions:
        """A copy with one setting changed; ``option`` a field name or a word of :data:`OPTION_WORDS`,
        ``value`` as typed (``"8"`` / ``"8番"``, ``開`` / ``off``, ``"0.5"`` for ``base``).

        Raises:
            TableError: ``bad_option`` (unknown name, the hint lists them), ``bad_value`` / ``bad_amount``.
        """
        option = OPTION_WORDS.get(option, option)
        if option in _BOOLS:
            return dataclasses.replace(self, **{option: flag_setting(option, value)})
        if option == "minimum":
            minimum = count_setting("minimum", value, unit="番", limit=MAX_MINIMUM)
            return dataclasses.replace(self, minimum=minimum)
        if option == "base":
            return dataclasses.replace(self, base=money_setting("base", value))
        names = [*_BOOLS, "minimum", "base", *(f"{w} ({n})" for w, n in OPTION_WORDS.items())]
        raise TableError("bad_option", f"unknown option {option!r}", ", ".join(names))
