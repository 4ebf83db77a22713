"""河源百搭's table settings: 雞平和's (:class:`~taipai.systems.guangdong.options.GuangdongOptions`) and the
pattern set.

Seed 001: 「"百搭"又分两种玩法，一种叫"鸡胡百搭"打法比较简單 … 另外一种是"正百搭"，这种玩法的胡牌牌型有
"杂色(混一色)、碰碰胡、清一色、大哥(清一色碰碰胡)、幺九(有些地方还有純幺九杂幺九之分)、十三幺"等等」.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from taipai.core.table.errors import TableError
from taipai.systems.guangdong.options import OPTION_WORDS as GUANGDONG_WORDS
from taipai.systems.guangdong.options import GuangdongOptions

PATTERN_SETS = ("chicken", "proper")
"""``chicken`` (雞胡百搭: 雞平和's whole table) or ``proper`` (正百搭: only the seed's listed hands win)."""

OPTION_WORDS: dict[str, str] = {**GUANGDONG_WORDS, "玩法": "patterns", "牌型": "patterns"}
"""The words a table types for a setting (``規則 玩法 正百搭``), 雞平和's and the pattern set."""

PATTERN_WORDS: dict[str, str] = {
    "雞胡百搭": "chicken",
    "鸡胡百搭": "chicken",
    "雞胡": "chicken",
    "正百搭": "proper",
    "正": "proper",
}
"""The words for a pattern set."""


@dataclass(frozen=True)
class HeyuanOptions(GuangdongOptions):
    """One 河源百搭 table's settings: every 雞平和 setting (底, 爆和, 保底, 銃, 一炮多響, 流局連莊) and:

    Attributes:
        patterns: ``chicken`` (default, 雞胡百搭: 雞平和's table, 鸡和 wins) or ``proper`` (正百搭: a win
            needs one of 混一色 (杂色), 碰碰和, 清一色, 清碰 (大哥), 混幺九 / 清幺九 (雜 / 純幺九) or 十三幺,
            or 混碰, which is 混一色 and 碰碰和 at once).  The seed gives 正百搭 no values: each row keeps
            雞平和's (混一色 2, 碰碰和 2, 清一色 4, 大哥 5, 雜幺九 5, 純幺九 6, 十三幺 6), with the same
            爆和 and 附加 (issue 17: 「default to the 雞平和 table's and record the choice」).
    """

    patterns: str = "chicken"

    def __post_init__(self) -> None:
        if self.patterns not in PATTERN_SETS:
            raise TableError("bad_value", f"patterns = {self.patterns!r}", "雞胡百搭 or 正百搭")
        GuangdongOptions.__post_init__(self)

    def with_option(self, option: str, value: str | int | bool) -> HeyuanOptions:
        """A copy with one setting changed: ``patterns`` (``玩法``: 雞胡百搭 / 正百搭) or any 雞平和 setting.

        Raises:
            TableError: ``bad_option``, ``bad_value`` / ``bad_amount``.
        """
        name = OPTION_WORDS.get(option, option)
        if name == "patterns":
            word = str(value).strip()
            chosen = PATTERN_WORDS.get(word, word)
            if chosen not in PATTERN_SETS:
                raise TableError("bad_value", f"patterns = {value!r}", "雞胡百搭, 正百搭")
            return dataclasses.replace(self, patterns=chosen)
        changed = GuangdongOptions.with_option(self, option, value)
        assert isinstance(changed, HeyuanOptions)
        return changed
