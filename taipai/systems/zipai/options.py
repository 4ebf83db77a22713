"""A 字牌 table's settings (house rules): the 底, the threshold to win, and how a win is paid.

Seed 002 leaves most of these open; each choice is a setting here, its default the seed's own words
where it has some (see each attribute) and :data:`taipai.systems.zipai.presets.CHOICES` otherwise.
Ledger amounts at a 字牌 table are money (``base`` per 油 / 胡 / 排), so :meth:`ZipaiOptions.money`
is the identity.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from taipai.core.table.amounts import Amount, amount_to_json, norm
from taipai.core.table.errors import TableError
from taipai.core.table.money import money_setting
from taipai.systems.zipai.presets import PAI_PER_HUXI, VARIANTS

SELF_DRAW_MODES = ("double", "single")
"""What each loser pays on a self-draw: twice the hand (``double``) or the hand (``single``)."""
DISCARD_MODES = ("all", "single")
"""What the discarder pays on a 點炮: every loser's share (``all``) or one share (``single``)."""
MAX_THRESHOLD = 999
"""The largest threshold a table may set."""

OPTION_WORDS: dict[str, str] = {
    "底": "base",
    "底注": "base",
    "起胡": "threshold",
    "起糊": "threshold",
    "油數": "threshold",
    "胡息": "huxi_per_pai",
    "自摸": "self_draw",
    "點炮": "discard",
    "放炮": "discard",
    "荒莊": "draws_to_pass",
    "數信每份": "shuxin_percent",
    "数信每份": "shuxin_percent",
    "數信": "shuxin_percent",
    "数信": "shuxin_percent",
    "3把50胡": "three_hands",
    "三把五十胡": "three_hands",
}
"""The words a table types for a setting (``規則 起胡 15``, ``規則 自摸 單``)."""

VALUE_WORDS: dict[str, dict[str, str]] = {
    "self_draw": {"加倍": "double", "雙": "double", "單": "single", "一份": "single"},
    "discard": {"全包": "all", "包": "all", "一份": "single", "單": "single"},
}
"""The words a table types for a choice."""

_CHOICES = {"self_draw": SELF_DRAW_MODES, "discard": DISCARD_MODES}
_FLAGS = ("three_hands",)
_THRESHOLD_UNITS = {"油": ("油",), "胡息": ("胡息", "胡")}
"""The units 起胡 may be typed with, by what the variant's groups count (油, or 胡息 also written 胡)."""
FLAG_WORDS: dict[str, bool] = {"開": True, "开": True, "on": True, "關": False, "关": False, "off": False}
"""The words a table types to turn a rule on or off (``規則 3把50胡 開``)."""
_INTS = {
    "threshold": (0, MAX_THRESHOLD),
    "huxi_per_pai": (1, 30),
    "draws_to_pass": (1, 99),
    "shuxin_percent": (0, 100),
}


@dataclass(frozen=True)
class ZipaiOptions:
    """One 字牌 table's settings (:class:`~taipai.core.table.state.TableSettings`).  Immutable.

    Attributes:
        base: money of one 油 / 胡 / 排 (more than 0, at most 2 decimals).  Default 1 (seed 002 ⑶
            「按1油=1積分和金幣來計算」).
        threshold: the least the groups must count to win, in 油 or 胡息 (seed 002 ⑶ 「按本局莊家設置的
            油數」; ⑷ 硬鬍子 「10胡落地」, 長沙跑胡子 「10胡算卡胡」).  Default the variant's (10).
        huxi_per_pai: 長沙跑胡子's 胡息 per 排 (seed 002 ⑷ 「3胡算一排」).  Default 3.
        self_draw: ``double`` (default for 大字牌: seed 002 ⑶ 「自摸情況下 … 獲勝玩家所得積分相應加倍」: each
            loser pays twice the hand) or ``single`` (each loser pays the hand; default for the 鬍子
            variants, whose 自摸 is counted in the hand: 長沙跑胡子 「自摸加2排」).
        discard: ``all`` (default: seed 002 ⑶ 「點炮的玩家單獨承擔胡牌玩家的所有積分」: the discarder pays
            both losers' shares) or ``single`` (the discarder pays one share).
        draws_to_pass: 荒莊 in a row after which the deal passes to the next player (seed 002 ⑴
            「如果荒庄，由莊家繼續做莊，連續3次荒庄，則由莊家的下家做莊」).  Default 3.
        shuxin_percent: one 數信 share, in percent of the winner's gain on the hand (0–100; default 10).
            Seed 002 ⑼ says only 「按約定的比例「數信」人一份」; our choice: the winner pays the sitter
            ``shares × shuxin_percent %`` of what the win brought them, rounded half up to the cent
            (:func:`taipai.systems.zipai.shuxin.shuxin_amount`).
        three_hands: 硬鬍子's 「3把50胡」 (seed 002 ⑷ 一、2): the first win of each player's match of three
            must count 15胡 (:mod:`taipai.systems.zipai.match`).  Default off: ⑷ names it as one way
            to play (「3把50胡的」), beside 「10胡落地的」.
        variant: the variant's id (fixed at 開枱: ``zipai``, ``zipai-hard``, ``paohuzi``, ``zipai-soft``).
    """

    base: Amount = 1
    threshold: int = 10
    huxi_per_pai: int = PAI_PER_HUXI
    self_draw: str = "double"
    discard: str = "all"
    draws_to_pass: int = 3
    three_hands: bool = False
    shuxin_percent: int = 10
    variant: str = "zipai"

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise TableError("bad_value", f"variant = {self.variant!r}", ", ".join(VARIANTS))
        for field, choices in _CHOICES.items():
            if getattr(self, field) not in choices:
                raise TableError("bad_value", f"{field} = {getattr(self, field)!r}", ", ".join(choices))
        for field, (low, high) in _INTS.items():
            v = getattr(self, field)
            if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
                raise TableError("bad_value", f"{field} = {v!r}", f"a whole number {low}-{high}")
        for field in _FLAGS:
            if not isinstance(getattr(self, field), bool):
                raise TableError("bad_value", f"{field} = {getattr(self, field)!r}", "開 or 關")
        object.__setattr__(self, "base", money_setting("base", self.base))

    @classmethod
    def preset(cls, variant: str) -> ZipaiOptions:
        """The defaults of ``variant`` (its threshold; 大字牌 doubles a self-draw, the others do not).

        Raises:
            TableError: ``bad_value`` for an unknown variant.
        """
        if variant not in VARIANTS:
            raise TableError("bad_value", f"variant = {variant!r}", ", ".join(VARIANTS))
        return cls(
            variant=variant,
            threshold=VARIANTS[variant].minimum,
            self_draw="double" if variant == "zipai" else "single",
        )

    def money(self, amount: Amount) -> Amount:
        """Ledger amounts at a 字牌 table are money already: ``amount`` itself."""
        return norm(amount)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict (``base`` via :func:`~taipai.core.table.amounts.amount_to_json`)."""
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        out["base"] = amount_to_json(self.base)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], variant: str = "zipai") -> ZipaiOptions:
        """Inverse of :meth:`to_dict`; missing keys take ``variant``'s defaults.

        Raises:
            TableError: ``bad_option`` for an unknown key, ``bad_value`` / ``bad_amount`` for a bad value.
        """
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise TableError("bad_option", f"unknown option(s) {sorted(unknown)}", ", ".join(sorted(names)))
        start = cls.preset(str(data.get("variant", variant)))
        return dataclasses.replace(start, **dict(data))

    def with_option(self, option: str, value: str | int | bool) -> ZipaiOptions:
        """A copy with one setting changed (a ``RuleChanged`` event).

        ``option`` is a field name or a word of :data:`OPTION_WORDS`; ``value`` may be text as typed
        (``"15"``, ``"15油"``, ``"0.5"``, ``單``).

        Raises:
            TableError: ``bad_option`` (unknown, or ``variant``: a table's variant is fixed at 開枱),
                ``bad_value`` / ``bad_amount``.
        """
        option = OPTION_WORDS.get(option, option)
        if option in _CHOICES:
            word = str(value).strip()
            word = VALUE_WORDS[option].get(word, word)
            if word not in _CHOICES[option]:
                words = ", ".join([*_CHOICES[option], *VALUE_WORDS[option]])
                raise TableError("bad_value", f"{option} = {value!r}", words)
            return dataclasses.replace(self, **{option: word})
        if option in _INTS:
            low, high = _INTS[option]
            said = str(value).strip()
            text = said.rstrip("油胡息排%％").strip()
            unit = said[len(said.rstrip("油胡息排%％")) :]
            counts = VARIANTS[self.variant].count_unit
            if option == "threshold" and unit and unit not in _THRESHOLD_UNITS[counts]:
                # 起胡 counts the groups' 油 or 胡息: 「規則 起胡 9排」 at 長沙跑胡子 is not 9胡息
                hint = f"a whole number of {counts} {low}-{high}"
                raise TableError("bad_value", f"{option} = {value!r}", hint)
            if isinstance(value, bool) or not (text.isascii() and text.isdigit()) or len(text) > 3:
                raise TableError("bad_value", f"{option} = {value!r}", f"a whole number {low}-{high}")
            return dataclasses.replace(self, **{option: int(text)})
        if option == "base":
            return dataclasses.replace(self, base=money_setting("base", value))
        if option in _FLAGS:
            on = value if isinstance(value, bool) else FLAG_WORDS.get(str(value).strip().casefold())
            if on is None:
                raise TableError("bad_value", f"{option} = {value!r}", ", ".join(FLAG_WORDS))
            return dataclasses.replace(self, **{option: on})
        names = [*_CHOICES, *_INTS, *_FLAGS, "base", *(f"{w} ({n})" for w, n in OPTION_WORDS.items())]
        raise TableError("bad_option", f"unknown option {option!r}", ", ".join(names))
