"""字牌's 80 cards (seed 002 ⑴ 牌面, 牌的顏色): small 一 … 十 and big 壹 … 拾, four of each.

A card kind is an ``int`` 0–19: 0–9 are the small cards 一 … 十, 10–19 the big cards 壹 … 拾, so a
hand is a 20-slot count vector.  Seed 002 ⑴: 「小寫「一」… 「十」各四張； 大寫「壹」… 「拾」各四張」;
「在湖南地區，「二」、「七」、「十」和「貳」、「柒」、「拾」為紅色，其餘為黑色」;
「牌點不區分大、小字，如：伍和五的牌點均為5」.
"""

from __future__ import annotations

from typing import Final

SMALL: Final = "一二三四五六七八九十"
"""The small cards' characters, 一 (kind 0) … 十 (kind 9)."""
BIG: Final = "壹貳叄肆伍陸柒捌玖拾"
"""The big cards' characters, 壹 (kind 10) … 拾 (kind 19)."""
KINDS: Final = 20
"""Card kinds: 10 small and 10 big."""
COPIES: Final = 4
"""Copies of each card in the 80-card pack (seed 002 ⑴ 「各四張」)."""
RED_POINTS: Final = frozenset({2, 7, 10})
"""Points of the red cards: 二七十 and 貳柒拾 (seed 002 ⑴, ⑻ 「紅牌：二、七、十各4張。貳、柒、拾各4張」)."""

SPELLINGS: Final[dict[str, int]] = {
    **{ch: i for i, ch in enumerate(SMALL)},
    **{ch: 10 + i for i, ch in enumerate(BIG)},
    # simplified and other spellings players type for the big cards
    "贰": 11,
    "弍": 11,
    "叁": 12,
    "參": 12,
    "参": 12,
    "陆": 15,
}
"""Every character read as a card, to its kind."""


def point(card: int) -> int:
    """The card's 牌點 1–10, the same for the small and the big card (seed 002 ⑴ 「伍和五的牌點均為5」)."""
    return card % 10 + 1


def is_big(card: int) -> bool:
    """True for 壹 … 拾 (大字), False for 一 … 十 (小字)."""
    return card >= 10


def is_red(card: int) -> bool:
    """True for 二七十 and 貳柒拾 (seed 002 ⑴ 牌的顏色)."""
    return point(card) in RED_POINTS


def name(card: int) -> str:
    """The card's character (``0`` → ``一``, ``14`` → ``伍``).

    Raises:
        ValueError: ``card`` is not 0–19.
    """
    if not 0 <= card < KINDS:
        raise ValueError(f"no 字牌 card {card}")
    return BIG[card - 10] if card >= 10 else SMALL[card]


def names(cards: tuple[int, ...] | list[int]) -> str:
    """The cards written together (``(0, 1, 2)`` → ``一二三``)."""
    return "".join(name(c) for c in cards)


def other_case(card: int) -> int:
    """The card of the same point in the other case (``三`` ↔ ``叄``)."""
    return card + 10 if card < 10 else card - 10
