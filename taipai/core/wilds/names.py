"""The printed names of the 34 越搭 kinds, their aliases, and name resolution (seed 000).

Seed 000, 「34 款越搭逐款睇」: 皇, 筒索萬, 筒, 索, 萬, 番, 東南西北, 中發白 (乜都當得 / 按門),
大, 中, 小, 單, 雙, 一九, 一四七, 二五八, 三六九, 番工, 番攤 (按數字), 卡番, 伍偏, 斷缺, 牛, 熊 (按位置),
馬 (按座位), 聚, 獨, 現 (睇手牌同枱面), 複製, 創造 (搭嘅搭), 確單, 確雙, 限五, 七起 (限住一門嘅數量).

This module holds names only (no ranges), so :mod:`.rules` and :mod:`.context` can validate names
without importing the kinds.
"""

from __future__ import annotations

from typing import Final

from taipai.core.errors import HandError

KIND_NAMES: Final[tuple[str, ...]] = (
    "皇",
    "筒索萬",
    "筒",
    "索",
    "萬",
    "番",
    "東南西北",
    "中發白",
    "大",
    "中",
    "小",
    "單",
    "雙",
    "一九",
    "一四七",
    "二五八",
    "三六九",
    "番工",
    "番攤",
    "卡番",
    "伍偏",
    "斷缺",
    "牛",
    "熊",
    "馬",
    "聚",
    "獨",
    "現",
    "複製",
    "創造",
    "確單",
    "確雙",
    "限五",
    "七起",
)
"""The 34 kinds by printed name, in seed 000's order."""

EIGHT_SET: Final[tuple[str, ...]] = ("皇", "筒索萬", "筒", "索", "萬", "番", "東南西北", "中發白")
"""Seed 000 「最常見：八搭」:
「未玩過嘅，通常由呢八款開始：皇、筒索萬、筒、索、萬、番、東南西北、中發白。」"""

COPY: Final = "複製"
CREATE: Final = "創造"

ALIASES: Final[dict[str, str]] = {
    # 皇: 「大皇就係佢。」; 百搭 is the plain any-tile wildcard of the same range.
    "大皇": "皇",
    "百搭": "皇",
    # Suits: simplified and alternative suit names (DESIGN §2: 萬 筒(餅) 索(條)).
    "万": "萬",
    "條": "索",
    "条": "索",
    "餅": "筒",
    "饼": "筒",
    "筒條萬": "筒索萬",
    "筒条万": "筒索萬",
    "筒索万": "筒索萬",
    "筒条萬": "筒索萬",
    "番子": "番",
    "字": "番",
    "字牌": "番",
    "东南西北": "東南西北",
    "中发白": "中發白",
    "单": "單",
    "双": "雙",
    "幺九": "一九",
    "么九": "一九",
    "番摊": "番攤",
    "五偏": "伍偏",
    "断缺": "斷缺",
    "马": "馬",
    "独": "獨",
    "现": "現",
    "复制": "複製",
    "创造": "創造",
    "确单": "確單",
    "確单": "確單",
    "确單": "確單",
    "确双": "確雙",
    "確双": "確雙",
    "确雙": "確雙",
}
"""Other spellings -> printed name.  A trailing 搭 (「筒」搭, 番搭) and a leading ``搭:`` (DESIGN §4
``[搭:中發白]``) are also accepted by :func:`canonical_name`."""

# 特別百搭's jokers (seed 001 「特别百搭牌」, taipai.core.wilds.schemes.JOKERS): the 越搭 kind of the same
# range.  In brackets only ([元], [筒搭]): outside them 筒 索 萬 are suits.
ALIASES.update(
    {
        "元": "中發白",
        "喜": "東南西北",
        "合": "番",
        "總": "筒索萬",
        "总": "筒索萬",
        **{f"{n}{c}": "皇" for n in "一二三四" for c in "皇后"},
        "后": "皇",
    }
)

_KIND_SET: Final = frozenset(KIND_NAMES)


def _lookup(text: str) -> str | None:
    if text in _KIND_SET:
        return text
    return ALIASES.get(text)


def canonical_name(name: str) -> str:
    """The printed name of the kind ``name`` spells (an alias, ``筒搭``, ``搭:中發白`` …).

    Args:
        name: a kind name as typed, without brackets.

    Returns:
        One of :data:`KIND_NAMES`.

    Raises:
        HandError: code ``wild_unsupported``, ``token=name``, with a hint listing the 34 kinds, when
            ``name`` is no kind.  ``搭`` alone is also an error here: 「[搭] alone means the table's
            only kind」 (DESIGN §4) is the caller's to resolve.
    """
    text = name.strip()
    for prefix in ("搭:", "搭："):
        if text.startswith(prefix):
            text = text[len(prefix) :].strip()
            break
    found = _lookup(text)
    if found is None and len(text) > 1 and text.endswith("搭"):
        found = _lookup(text[:-1])
    if found is None:
        kinds = "、".join(KIND_NAMES)
        raise HandError(
            "wild_unsupported",
            f"no wildcard kind named {name!r}",
            token=name,
            hint=f"a wildcard kind is one of: {kinds}",
            hint_args={"kinds": kinds},
        )
    return found
