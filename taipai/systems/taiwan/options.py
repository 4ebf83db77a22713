"""A Taiwan table's money settings (seed 003; :class:`~taipai.core.table.state.TableSettings`).

Seed 003 「打100/50, 就表示沒台100, 每加一台加50」: a leg pays ``底 + 台 × 台額``.  Ledger amounts are
money (the table's 底 currency), so :meth:`TaiwanTableOptions.money` is the identity.  In chat the two
are set as ``規則 底 100 台 50``: :data:`OPTION_WORDS` maps the Chinese words to the option names.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from taipai.core.table.amounts import Amount, amount_from_json, amount_to_json
from taipai.core.table.errors import TableError
from taipai.core.table.money import money_setting

MULTI_WIN_DEAL: Final = ("dealer_among_winners", "always_pass")
VALUE_WORDS: Final[dict[str, dict[str, str]]] = {
    "multi_win_deal": {"莊家連莊": "dealer_among_winners", "過莊": "always_pass"},
}
"""The words a table types for a choice (``規則 一炮多響 過莊``)."""
_CHOICES: Final[dict[str, tuple[str, ...]]] = {"multi_win_deal": MULTI_WIN_DEAL}
_MONEY: Final = ("base", "per_tai")
_COUNTS: Final = ("dealer_tai", "streak_tai", "false_win_tai")
_FLAGS: Final = ("draw_keeps_dealer",)
MAX_COUNT: Final = 99
"""The most 台 a count setting (作莊, 連N拉N per n, 詐胡) may be; a real table plays 0-2."""

OPTION_WORDS: Final[dict[str, str]] = {
    "底": "base",
    "底注": "base",
    "台": "per_tai",
    "台額": "per_tai",
    "每台": "per_tai",
    "作莊": "dealer_tai",
    "莊": "dealer_tai",
    "連莊拉": "streak_tai",
    "拉": "streak_tai",
    "連莊": "streak_tai",
    "詐胡": "false_win_tai",
    "詐糊": "false_win_tai",
    "流局連莊": "draw_keeps_dealer",
    "一炮多響": "multi_win_deal",
}
"""Chinese option words → option names (``規則 底 100 台 50``: ``base = 100``, ``per_tai = 50``)."""

_TRUE: Final = frozenset({"true", "yes", "on", "1", "是", "開", "有"})
_FALSE: Final = frozenset({"false", "no", "off", "0", "否", "關", "無"})


@dataclass(frozen=True)
class TaiwanTableOptions:
    """A Taiwan table's house rules (money).  Immutable; changed by ``RuleChanged`` events.

    Attributes:
        base: 底, money every leg pays (seed 003 「打100/50 … 沒台100」). Default 100.
        per_tai: 台額, money per 台 (「每加一台加50」). Default 50.
            Both are money a real table plays (:func:`~taipai.core.table.money.money_setting`): more
            than 0 (a table quotes both, 「打100/50」; 0 would make a win or its 台 pay nothing), at most
            2 decimals, at most 1,000,000; ``bad_amount`` otherwise (``規則 底 1/3``, ``台 10^20``,
            ``底 0 台 0`` are refused).
        The 台 counts (dealer_tai, streak_tai, false_win_tai) are whole numbers 0-:data:`MAX_COUNT`.
        dealer_tai: 作莊 台 on each leg involving the dealer (seed 003 「作莊 1台 : 胡放皆加計1台」).
            Default 1.
        streak_tai: 台 per 連莊 n on those legs (「連N拉N 2N台」). Default 2.
        draw_keeps_dealer: a 流局 keeps the dealer (連莊, n + 1).  Default True (our choice: seed 003 says
            only 「莊家胡牌應連莊」; a draw keeping the deal is the common Taiwanese table rule).  False: the
            deal passes on a draw.
        multi_win_deal: on 一炮多響, ``dealer_among_winners`` (default: the dealer keeps the deal when
            among the winners, 「莊家胡牌應連莊」) or ``always_pass``.
        false_win_tai: 詐胡 (seed 003 is silent; our choice): the false winner pays each of the three
            others ``底 + false_win_tai × 台額``, as if each had won 0 台 by default (100 each at 100/50);
            the hand is not over and the dealer does not change.
    """

    base: Amount = 100
    per_tai: Amount = 50
    dealer_tai: int = 1
    streak_tai: int = 2
    draw_keeps_dealer: bool = True
    multi_win_deal: str = "dealer_among_winners"
    false_win_tai: int = 0

    def __post_init__(self) -> None:
        for name in _MONEY:
            object.__setattr__(self, name, money_setting(name, getattr(self, name)))
        for name in _COUNTS:
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_COUNT:
                raise TableError("bad_value", f"{name} = {v!r}", f"a whole number of 台, 0-{MAX_COUNT}")
        if not isinstance(self.draw_keeps_dealer, bool):
            raise TableError("bad_value", f"draw_keeps_dealer = {self.draw_keeps_dealer!r}", "true or false")
        for name, choices in _CHOICES.items():
            if getattr(self, name) not in choices:
                raise TableError(
                    "bad_value", f"{name} = {getattr(self, name)!r}", f"one of {', '.join(choices)}"
                )

    def money(self, amount: Amount) -> Amount:
        """Ledger amounts are money already: ``amount``."""
        return amount

    def dealer_bonus(self, streak: int) -> int:
        """台 a dealer leg adds: 作莊 + 連N拉N (``dealer_tai + streak_tai × streak``; 1 + 2n by default)."""
        return self.dealer_tai + self.streak_tai * streak

    def leg(self, tai: int, bases: int = 1) -> Amount:
        """Money of one leg worth ``tai`` 台 with ``bases`` 底 (1 here): ``底 × bases + 台 × 台額``."""
        return self.base * bases + self.per_tai * tai

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict (money via :func:`~taipai.core.table.amounts.amount_to_json`)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            out[f.name] = amount_to_json(v) if f.name in _MONEY else v
        return out

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> TaiwanTableOptions:
        """Inverse of :meth:`to_dict`; missing keys take today's defaults.

        Raises:
            TableError: ``bad_option`` (unknown key), ``bad_value``.
        """
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(d) - names
        if unknown:
            raise TableError("bad_option", f"unknown option(s) {sorted(unknown)}", ", ".join(sorted(names)))
        return cls(**dict(d))

    def with_option(self, option: str, value: str | int | bool) -> TaiwanTableOptions:
        """A copy with one option changed (``RuleChanged``); ``option`` is a name or a word of
        :data:`OPTION_WORDS` (``底``, ``台``); string values are parsed (``"100"``, ``"0.5"``, ``"1/2"``).

        Raises:
            TableError: ``bad_option`` (unknown name, naming the options and their words),
                ``bad_value`` (a value the option does not take).
        """
        name = OPTION_WORDS.get(option, option)
        if name in _MONEY:
            return dataclasses.replace(self, **{name: money_setting(name, value)})
        if name in _COUNTS:
            n = amount_from_json(value) if not isinstance(value, bool) else value
            if not isinstance(n, int) or isinstance(n, bool):
                raise TableError("bad_value", f"{name} = {value!r}", f"a whole number of 台, 0-{MAX_COUNT}")
            return dataclasses.replace(self, **{name: n})
        if name in _FLAGS:
            return dataclasses.replace(self, **{name: _flag(name, value)})
        if name in _CHOICES:
            if isinstance(value, str):
                value = VALUE_WORDS.get(name, {}).get(value.strip(), value.strip())
            if not isinstance(value, str):
                raise TableError("bad_value", f"{name} = {value!r}", ", ".join(_CHOICES[name]))
            return dataclasses.replace(self, **{name: value})
        words = ", ".join(f"{w} ({n})" for w, n in OPTION_WORDS.items())
        raise TableError("bad_option", f"unknown option {option!r}", words)


def _flag(name: str, value: str | int | bool) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().casefold()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise TableError("bad_value", f"{name} = {value!r}", "true or false")
