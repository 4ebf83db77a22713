"""雞平和's table settings (house rules): 底, 爆和, the floor, who pays a discard, 一炮多響, 流局.

Seed 001 (「广东麻将百搭」, 「番的牌型规则设定」) gives the table (番, 分值 = 2^番), the 爆和 cap, the 3番
floors and the 包 cases, but not who pays a win on a discard; each choice is a setting, and its default is
the one the seed's own words point at (see each attribute).  Ledger amounts at a 雞平和 table are money in
the table's currency (``base`` is the money of one 底), so :meth:`GuangdongOptions.money` is the identity.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from taipai.core.table.amounts import Amount
from taipai.core.table.errors import TableError
from taipai.core.table.money import money_setting
from taipai.core.table.setting_words import check_settings, choice_setting, count_setting, flag_setting
from taipai.core.table.settings_dict import MoneySettings

DISCARD_MODES = ("discarder", "half")
"""Who pays a win on a discard: ``discarder`` (the discarder alone pays one 分值) or ``half`` (半銃)."""

MAX_FAN_SETTING = 13
"""The largest 爆和 or floor a table may set (the seed's table ends at 6番; a house may play higher)."""

OPTION_WORDS: dict[str, str] = {
    "底": "base",
    "底注": "base",
    "爆和": "cap",
    "爆胡": "cap",
    "封頂": "cap",
    "封顶": "cap",
    "保底": "floor",
    "銃": "discard",
    "出銃": "discard",
    "一炮多響": "multi_win",
    "一炮多响": "multi_win",
    "流局連莊": "draw_keeps_deal",
}
"""The words a table types for a setting (``規則 爆和 5``, ``規則 銃 半銃``)."""

VALUE_WORDS: dict[str, dict[str, str]] = {
    "discard": {
        "出銃者俾": "discarder",
        "全銃": "discarder",
        "全": "discarder",
        "半銃": "half",
        "半": "half",
    },
}
"""The words a table types for a choice (``規則 銃 半銃``)."""

_CHOICES: dict[str, tuple[str, ...]] = {"discard": DISCARD_MODES}
_BOOLS = ("multi_win", "draw_keeps_deal")
_INTS = ("cap", "floor")


@dataclass(frozen=True)
class GuangdongOptions(MoneySettings):
    """One 雞平和 table's settings (:class:`~taipai.core.table.state.TableSettings`).  Immutable.

    Attributes:
        base: money of one 底 (``int`` or ``Fraction``; more than 0, at most 2 decimals, at most
            1,000,000).  A win's 分值 is 2^番 底 (seed 001 「番是2倍的意思」, 鸡和 0番 分值 1 … 十三幺
            6番 分值 64).  Default 1.
        cap: 爆和, the most 番 a capped hand (鸡和, 平和, 碰碰和, 混一色) with its 附加 (自摸, 門風, 圈風,
            箭刻) reaches (seed 001 「爆和内牌型加附加牌型不能冲破爆和的上限」).  The seed does not print
            the number; its floors say 「不满3番牌型，按照3番满计算」, «3番满» being the full (capped) hand,
            so the default is 3.
        floor: the 番 a hand under it is lifted to on 一炮三响, 杠上开花, 海底捞月 and 抢杠 (seed 001
            「不满3番牌型，按照3番满计算」).  Default 3.
        discard: who pays a win on a discard.  The seed does not say (issue 17: 「The seed does not say
            who pays; record the choice」): ``discarder`` (default: the discarder alone pays the 分值,
            as 「点炮者包三家和牌者」 has the discarder pay each winner) or ``half`` (半銃: the discarder
            pays the 分值 and each of the two others half of it).
        multi_win: 一炮多響 (seed 001 「允许一炮多响」).  Default on; off, several winners on one discard
            are refused (the first claimant after the discarder wins).
        draw_keeps_deal: a 流局 keeps the dealer (seed 001 「如果庄家和牌或流局则下盘依然由该庄家做庄」).
            Default on.
    """

    base: Amount = 1
    cap: int = 3
    floor: int = 3
    discard: str = "discarder"
    multi_win: bool = True
    draw_keeps_deal: bool = True

    def __post_init__(self) -> None:
        check_settings(self, choices=_CHOICES, flags=_BOOLS, counts=_INTS, limit=MAX_FAN_SETTING)
        object.__setattr__(self, "base", money_setting("base", self.base))

    def with_option(self, option: str, value: str | int | bool) -> GuangdongOptions:
        """A copy with one setting changed (a ``RuleChanged`` event).

        ``option`` is a field name or a word of :data:`OPTION_WORDS` (``爆和``, ``保底``, ``底`` …);
        ``value`` may be text as typed (``"5"`` / ``"5番"``, ``"0.5"``, ``開`` / ``關``, ``半銃``).

        Raises:
            TableError: ``bad_option`` (unknown name, the hint lists them), ``bad_value`` / ``bad_amount``.
        """
        option = OPTION_WORDS.get(option, option)
        if option in _CHOICES:
            choice = choice_setting(option, value, choices=_CHOICES[option], words=VALUE_WORDS[option])
            return dataclasses.replace(self, **{option: choice})
        if option in _BOOLS:
            return dataclasses.replace(self, **{option: flag_setting(option, value)})
        if option in _INTS:
            count = count_setting(option, value, unit="番", limit=MAX_FAN_SETTING)
            return dataclasses.replace(self, **{option: count})
        if option == "base":
            return dataclasses.replace(self, base=money_setting("base", value))
        names = [*_CHOICES, *_BOOLS, *_INTS, "base", *(f"{w} ({n})" for w, n in OPTION_WORDS.items())]
        raise TableError("bad_option", f"unknown option {option!r}", ", ".join(names))
