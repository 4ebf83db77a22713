"""廣東牌's table settings (house rules): 起糊, the maximum, flowers, 清一色, and how money is paid.

Seed 003 (「不同處」 and 「香港牌台數說明」) is loose on most of these; each choice is a setting here, and the
default is the one the seed's own words point at (see each attribute).  Ledger amounts at an hk-old table
are money in the table's currency (``base`` is the money of one 底), so :meth:`HkOldOptions.money` is the
identity.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from taipai.core.table.amounts import Amount
from taipai.core.table.errors import TableError
from taipai.core.table.money import money_setting
from taipai.core.table.setting_words import check_settings, choice_setting, count_setting, flag_setting
from taipai.core.table.settings_dict import MoneySettings

MULTIPLIERS = ("doubling", "half_spicy", "spicy")
"""How 翻 become 底: ``doubling`` (the seed's 2^(翻−1)), ``half_spicy`` (半辣上), ``spicy`` (辣辣上)."""

DISCARD_MODES = ("full", "half", "taiwan")
"""Who pays a win on a discard: ``full`` (全銃), ``half`` (半銃) or ``taiwan`` (依台灣例); see
:class:`HkOldOptions`."""

SELF_DRAW_MODES = ("single", "double", "half")
"""What each of the three pays on a self-draw: one portion, two, or half of one."""

PURE_ONE_SUIT_VALUES = (6, 7)
"""清一色 is 6 翻 (seed 003 六翻役) or 7 (「好多人會當他是七翻計算」)."""

MAX_LIMIT = 99
"""The largest maximum (and 起糊) a table may set; a real table plays 8 to 13."""

_CHOICES: dict[str, tuple[str, ...]] = {
    "multiplier": MULTIPLIERS,
    "discard": DISCARD_MODES,
    "self_draw": SELF_DRAW_MODES,
}
OPTION_WORDS: dict[str, str] = {
    "底": "base",
    "底注": "base",
    "起糊": "minimum",
    "起胡": "minimum",
    "最少": "minimum",
    "最大": "maximum",
    "封頂": "maximum",
    "爆棚": "maximum",
    "滿糊": "maximum",
    "花": "flowers",
    "打花": "flowers",
    "清一色": "pure_one_suit",
    "計法": "multiplier",
    "辣": "multiplier",
    "銃": "discard",
    "出銃": "discard",
    "自摸": "self_draw",
    "一炮多響": "multi_win",
    "流局連莊": "draw_keeps_deal",
    "臭莊": "draw_keeps_deal",
}
"""The words a table types for an option (``規則 起糊 5``, ``規則 最大 10``, ``規則 銃 半銃``)."""

VALUE_WORDS: dict[str, dict[str, str]] = {
    "multiplier": {"倍倍": "doubling", "一倍": "doubling", "半辣上": "half_spicy", "辣辣上": "spicy"},
    "discard": {
        "全銃": "full",
        "半銃": "half",
        "全": "full",
        "半": "half",
        "依台灣例": "taiwan",
        "台灣例": "taiwan",
        "台灣": "taiwan",
    },
    "self_draw": {
        "一份": "single",
        "單": "single",
        "兩份": "double",
        "雙": "double",
        "半份": "half",
        "半": "half",
    },
}
"""The words a table types for a choice (``規則 計法 半辣上``)."""

_BOOLS = ("flowers", "multi_win", "draw_keeps_deal")
_INTS = ("minimum", "maximum", "pure_one_suit")


@dataclass(frozen=True)
class HkOldOptions(MoneySettings):
    """One hk-old table's settings (:class:`~taipai.core.table.state.TableSettings`).  Immutable.

    Attributes:
        base: money of one 底 (an ``int`` or ``Fraction``): more than 0, at most 2 decimals, at most
            :data:`~taipai.core.table.money.MAX_MONEY` (``bad_amount`` otherwise).  Default 1 (seed 003:
            「1元一底的話」).
        minimum: 起糊, the fewest 翻 a win must reach (seed 003: 「可以先講好最少幾台才准糊的規定」).
            Default 3.
        maximum: the table's maximum 翻 (seed 003: 「先講好最大多小台」); a 例牌 is worth it, a larger sum
            is booked as it.  Default 8 (with 8, seed 003 prices 小三元 and 花么九 at 4).
        flowers: the table plays the eight flowers (seed 003: 「香港有人打花, 有人不打花」).  Default on;
            off, 正花 / 無花 / 梅蘭菊竹 / 春夏秋冬 / 七隻花 / 八隻花 score nothing and a hand listing a
            flower is refused.
        pure_one_suit: 翻 of 清一色, 6 (default, seed 003 六翻役) or 7 (「好多人會當他是七翻計算」).
        multiplier: a portion is ``base × multiplier(翻)``: ``doubling`` (default, seed 003: 「每加一台就
            一倍錢, 例如: 1元一底的話, 十台就是512元」: 2^(翻−1), and 1 for 0 翻, the least a win pays),
            ``half_spicy`` (半辣上: 1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384 for 0–13 翻,
            then ×2 every two 翻) or ``spicy`` (辣辣上: 2^翻).
        discard: who pays a win on a discard (and 搶槓, 「當出沖論」), a portion being ``base ×
            multiplier(翻)`` (issue 14: 「全銃 (the discarder pays for all) or 半銃 (the discarder pays one
            share, the two others half each)」; seed 003: 「台灣放炮的給, 香港一般放炮也要給, 但沒放炮的也要給
            一半(後來都改為依台灣例)」).  ``full`` (全銃, default): the discarder pays for all, his portion
            and the two others' halves, 2 portions (1元一底, 10翻: 1024; a Hong Kong table's 三番 出沖
            160 / 自摸 240 is this 2 : 3).  ``half`` (半銃): the discarder pays one portion and each of
            the two others half a portion (512, 256, 256).  ``taiwan`` (依台灣例, 「後來都改為依台灣例」):
            the discarder alone pays one portion (512).
        self_draw: what each of the three pays on a self-draw: ``single`` (default, issue 14 「A
            self-draw: each of the three pays」: one portion, 512 each at 1元一底 and 10翻; the 自摸 row's
            1 翻 already doubles it), ``double`` (two portions) or ``half`` (half a portion).
        multi_win: 一炮多響: several players may win on one discard.  Default off (seed 003: 「港: 下家先糊」:
            only the first claimant in turn order after the discarder wins).
        draw_keeps_deal: a 流局 keeps the dealer (default on; off passes the deal).  A dealer win always
            keeps it.
    """

    base: Amount = 1
    minimum: int = 3
    maximum: int = 8
    flowers: bool = True
    pure_one_suit: int = 6
    multiplier: str = "doubling"
    discard: str = "full"
    self_draw: str = "single"
    multi_win: bool = False
    draw_keeps_deal: bool = True

    def __post_init__(self) -> None:
        check_settings(self, choices=_CHOICES, flags=_BOOLS, counts=_INTS, limit=MAX_LIMIT)
        if self.maximum < 1:
            raise TableError("bad_value", f"maximum = {self.maximum}", "a maximum of at least 1 翻")
        if self.minimum > self.maximum:
            raise TableError(
                "bad_value",
                f"minimum {self.minimum} 翻 is above the maximum {self.maximum} 翻",
                "起糊 at most the maximum",
            )
        if self.pure_one_suit not in PURE_ONE_SUIT_VALUES:
            raise TableError("bad_value", f"pure_one_suit = {self.pure_one_suit}", "6 or 7 (清一色)")
        object.__setattr__(self, "base", money_setting("base", self.base))

    def with_option(self, option: str, value: str | int | bool) -> HkOldOptions:
        """A copy with one setting changed (a ``RuleChanged`` event).

        ``option`` is a field name or a word of :data:`OPTION_WORDS` (``起糊``, ``最大``, ``底`` …).
        ``value`` may be text as typed: ``"5"`` / ``"5翻"`` for a count, ``"1/2"`` / ``"0.5"`` for
        ``base``, ``on``/``off`` (``開``/``關``) for a flag, a choice's name or a word of
        :data:`VALUE_WORDS` (``半辣上``, ``半銃``) for the others.

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
            count = count_setting(option, value, unit="翻", limit=MAX_LIMIT)
            return dataclasses.replace(self, **{option: count})
        if option == "base":
            return dataclasses.replace(self, base=money_setting("base", value))
        names = [*_CHOICES, *_BOOLS, *_INTS, "base", *(f"{w} ({n})" for w, n in OPTION_WORDS.items())]
        raise TableError("bad_option", f"unknown option {option!r}", ", ".join(names))

    def limit_value(self, fan: int) -> int:
        """``fan`` as booked: at most :attr:`maximum` (a larger sum is booked as the maximum)."""
        return min(fan, self.maximum)
