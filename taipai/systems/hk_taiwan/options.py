"""Table options (house rules) for the table state machine (DESIGN §6).

Every place where seed 004 is silent or players differ is an option here, never a hard-coded constant.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from taipai.core.table.amounts import Amount, JsonAmount, amount_from_json, amount_to_json, norm
from taipai.core.table.errors import TableError
from taipai.core.wilds.schemes import (
    BIRD_OPTION,
    BIRD_WORDS,
    TREASURE_OPTION,
    TREASURE_WORDS,
    WildScheme,
    bird_setting,
    treasure_setting,
)
from taipai.systems.hk_taiwan.prizes import DEFAULT_PRIZE_VALUES
from taipai.systems.hk_taiwan.wildchat import (
    WILD_OPTION,
    WILD_WORDS,
    scheme_setting,
    stored_scheme,
    treasure_text,
)

LA_MODES = ("every_hand", "dealer_only", "off")
LA_BREAKS = ("next_win", "debtor_wins")
LA_ON_DRAW = ("keep", "settle")
CUT_MODES = ("every_third", "from_third", "none")
MULTI_WIN_DEAL = ("dealer_among_winners", "always_pass")
_CHOICES: dict[str, tuple[str, ...]] = {
    "la_mode": LA_MODES,
    "la_break": LA_BREAKS,
    "la_on_draw": LA_ON_DRAW,
    "cut": CUT_MODES,
    "multi_win_deal": MULTI_WIN_DEAL,
}
_INTS = ("base_fan", "false_win_fan", "dealer_fan_per_streak", "dealer_fan_base")


@dataclass(frozen=True)
class TableOptions:
    """A table's house rules.  Treat as immutable; change with ``RuleChanged`` events.

    Attributes:
        base_fan: fan units in one 底 (seed 004, 底: 「現行的底數為5翻」). Default 5.
        rate: money per fan unit (``int`` or ``Fraction``); 「三百六十」 is base_fan 5, rate 60.
        la_mode: ``every_hand`` (鋪鋪拉, default), ``dealer_only`` (莊家拉: only the dealer's wins open
            chains) or ``off`` (every win paid at once) — seed 004, 「鋪鋪拉」和「莊家拉」.
        la_break: ``next_win`` (default: any win not between the pair settles the chain in full,
            seed 004 「當B沒有再贏A下去時，A便需要支付當下的總數」) or ``debtor_wins`` (the chain stays open
            until its debtor wins).
        la_on_draw: ``keep`` (default: a 流局 leaves chains open) or ``settle`` (a draw settles them all).
        cut: 斬拉 — ``every_third`` (default: offered at 拉三, 拉六, 拉九 …), ``from_third`` (any time from
            拉三) or ``none`` (無限拉) — seed 004, 「無限拉」和「斬拉」.
        false_win_fan: fan units a 詐糊 pays each other player (seed 004, 詐糊: 各30翻). Default 30.
        prizes: ``{prize_id: value in 底}`` for every id in :data:`~taipai.systems.hk_taiwan.prizes.PRIZES`;
            pass only the overrides, the rest are filled from the DESIGN §6 defaults.
        dealer_fan_per_streak, dealer_fan_base: dealer fan is ``base + per_streak × n`` (2n+1, seed 004
            莊家 row 「莊家連n拉n」).
        multi_win_deal: on 一炮雙響/三響, ``dealer_among_winners`` (default: the dealer keeps the deal if
            among the winners) or ``always_pass``.
        wild_scheme: seed 001's wildcard scheme and its turned tile, stored as
            :meth:`~taipai.core.wilds.schemes.WildScheme.text` (``window 4m``; ``""``: none, the default,
            wildcards are 越搭 typed in brackets).  ``規則 百搭 窗 四萬``.
        treasure: seed 001's 寶牌 turned tile as a tile code (``4m``: the treasure is 五萬, +1番 a copy
            held, :func:`~taipai.core.wilds.schemes.treasure_of`); ``""``: no 寶牌, the default.
            ``規則 寶牌 四萬``; a hand may say its own (``寶牌 四萬``).
        bird: seed 001's 扎鳥 (「被扎鸟方赢输计分要翻倍」): ``True`` lets a 鳥 tile be booked right after a
            win (``鳥 三萬``, :mod:`~taipai.systems.hk_taiwan.birds`).  Default ``False`` (seed 004 has
            no 鳥).  ``規則 扎鳥 開``.
    """

    base_fan: int = 5
    rate: Amount = 1
    la_mode: str = "every_hand"
    la_break: str = "next_win"
    la_on_draw: str = "keep"
    cut: str = "every_third"
    false_win_fan: int = 30
    prizes: Mapping[str, Amount] = field(default_factory=dict)
    dealer_fan_per_streak: int = 2
    dealer_fan_base: int = 1
    multi_win_deal: str = "dealer_among_winners"
    wild_scheme: str = ""
    treasure: str = ""
    bird: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "wild_scheme", scheme_setting(self.wild_scheme))
        object.__setattr__(self, "treasure", treasure_text(self.treasure))
        if not isinstance(self.bird, bool):
            raise TableError("bad_value", f"bird = {self.bird!r}", "開 or 關")
        for name, choices in _CHOICES.items():
            if getattr(self, name) not in choices:
                raise TableError(
                    "bad_value", f"{name} = {getattr(self, name)!r}", f"one of {', '.join(choices)}"
                )
        for name in _INTS:
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise TableError("bad_value", f"{name} = {v!r}", "a whole number ≥ 0")
        if self.base_fan < 1:
            raise TableError("bad_value", f"base_fan = {self.base_fan}", "a whole number ≥ 1")
        rate = amount_from_json(self.rate)
        if rate <= 0:
            raise TableError("bad_amount", f"rate = {self.rate!r}", "a positive amount of money per fan")
        object.__setattr__(self, "rate", rate)
        merged: dict[str, Amount] = dict(DEFAULT_PRIZE_VALUES)
        for k, v in dict(self.prizes).items():
            if k not in DEFAULT_PRIZE_VALUES:
                raise TableError("unknown_prize", f"unknown prize {k!r}", ", ".join(DEFAULT_PRIZE_VALUES))
            a = amount_from_json(v)
            if a < 0:
                raise TableError("bad_value", f"prize {k} = {v!r}", "a value in 底 ≥ 0")
            merged[k] = a
        object.__setattr__(self, "prizes", merged)

    def __hash__(self) -> int:
        return hash(
            tuple(getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "prizes")
        ) ^ hash(tuple(sorted(self.prizes.items())))

    @property
    def scheme(self) -> WildScheme | None:
        """The table's wildcard scheme (``wild_scheme`` read), or ``None``."""
        return stored_scheme(self.wild_scheme)

    @property
    def treasure_tile(self) -> int | None:
        """The table's 寶牌 turned tile kind (``treasure`` read), or ``None``."""
        return treasure_setting(self.treasure)

    def dealer_fan(self, streak: int) -> int:
        """Dealer fan for a dealer on 連莊 ``streak`` (seed 004 莊家 row: 2n+1)."""
        return self.dealer_fan_base + self.dealer_fan_per_streak * streak

    def money(self, amount: Amount) -> Amount:
        """Money for ``amount`` fan units at this table's ``rate`` (exact)."""
        return norm(Fraction(amount) * Fraction(self.rate))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict; amounts via :func:`~taipai.core.table.amounts.amount_to_json`."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if f.name == "rate":
                v = amount_to_json(v)
            elif f.name == "prizes":
                v = {k: amount_to_json(a) for k, a in v.items()}
            elif f.name in ("treasure", "bird") and not v:
                continue  # logs without 寶牌 or 扎鳥 are written as before
            out[f.name] = v
        return out

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> TableOptions:
        """Inverse of :meth:`to_dict`; missing keys take defaults.

        Raises:
            TableError: ``bad_option`` for an unknown key, ``bad_value`` for a bad value.
        """
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(d) - names
        if unknown:
            raise TableError("bad_option", f"unknown option(s) {sorted(unknown)}", ", ".join(sorted(names)))
        return cls(**dict(d))

    def with_option(self, option: str, value: str | int | bool) -> TableOptions:
        """A copy with one option changed, as a ``RuleChanged`` event asks.

        ``option`` is a field name, or ``prize.<id>`` / ``prizes.<id>`` for one prize value (底).
        String values are parsed (``"60"``, ``"1/2"``, ``"0.5"``).

        Raises:
            TableError: ``bad_option`` (unknown name), ``bad_value`` / ``unknown_prize`` (bad value).
        """
        if option.startswith(("prize.", "prizes.")):
            pid = option.split(".", 1)[1]
            if pid not in DEFAULT_PRIZE_VALUES:
                raise TableError("unknown_prize", f"unknown prize {pid!r}", ", ".join(DEFAULT_PRIZE_VALUES))
            return dataclasses.replace(self, prizes={**self.prizes, pid: _amount_value(option, value)})
        if option == WILD_OPTION or option in WILD_WORDS:
            return dataclasses.replace(self, wild_scheme=scheme_setting(value))
        if option == TREASURE_OPTION or option in TREASURE_WORDS:
            return dataclasses.replace(self, treasure=treasure_text(value))
        if option == BIRD_OPTION or option in BIRD_WORDS:
            try:
                return dataclasses.replace(self, bird=bird_setting(value))
            except ValueError as err:
                raise TableError("bad_value", f"扎鳥 = {value!r}", "開 or 關") from err
        if option in _CHOICES:
            if not isinstance(value, str):
                raise TableError("bad_value", f"{option} = {value!r}", ", ".join(_CHOICES[option]))
            return dataclasses.replace(self, **{option: value})
        if option in _INTS:
            a = _amount_value(option, value)
            if not isinstance(a, int):
                raise TableError("bad_value", f"{option} = {value!r}", "a whole number")
            return dataclasses.replace(self, **{option: a})
        if option == "rate":
            return dataclasses.replace(self, rate=_amount_value(option, value))
        names = [*_CHOICES, *_INTS, "rate", "prize.<id>", WILD_OPTION, TREASURE_OPTION, BIRD_OPTION]
        raise TableError("bad_option", f"unknown option {option!r}", ", ".join(names))


def _amount_value(option: str, value: str | int | bool | JsonAmount) -> Amount:
    if isinstance(value, bool):
        raise TableError("bad_value", f"{option} = {value!r}", "a number")
    return amount_from_json(value)
