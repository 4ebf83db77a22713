"""字牌's groups (seed 002 ⑴ 牌型和進牌說明) and the search for every grouping of a winning hand.

Seed 002 ⑴:

- 一句話: 「三隻牌點連續且大小相同的牌組合，稱為一句話，大字和小字不能混合組成一句話」; 「特例：貳柒拾或二七
  十也構成
  一句話」.  :attr:`Kind.RUN`; eaten from another player (吃, 「吃牌後將三隻牌全部明示於桌面」) it is exposed.
- 絞: 「三隻牌點相同但大小不相同的牌可以組成絞牌」 (``二二貳``, ``二貳貳``).  :attr:`Kind.MIX`.
- 對: 「玩家手中兩只完全相同的牌稱為一對」 (the eyes, at most one in a hand).  :attr:`Kind.PAIR`.
- 坎: 「玩家手中三隻完全相同的牌稱為一坎」 (hidden, in the hand).  :attr:`Kind.KAN`.
- 碰: 「碰牌後將三隻牌全部明示於桌面」 (exposed).  :attr:`Kind.PENG`.
- 偎: a pair and a drawn third, 「不能明示給其它玩家」 (hidden).  :attr:`Kind.WEI`; 臭偎 (after 忍碰):
  「臭偎必須一隻牌明示，另兩只暗置於桌面」 (:attr:`Kind.STALE_WEI`, scored as a hidden three: ⑶ 死罩).
- 提: four alike of the player's own drawing, 「必須其中一隻明示」 (hidden but one).  :attr:`Kind.TI`.
- 跑: four alike completed by another player's card or onto a 碰, 「4隻牌明示於桌面」 (exposed).
  :attr:`Kind.PAO`.

The search (:func:`groupings`) reads the cards a hand message leaves loose (its concealed hand and
the winning card) as a 20-slot count vector and lists every way of grouping all of them into 坎, 提,
一句話, 絞 and at most ``pairs`` 對, memoised by the remaining counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from taipai.systems.zipai.cards import COPIES, KINDS, is_big, names, other_case, point


class Kind(Enum):
    """A group's kind; the value is the word a hand message writes before it."""

    RUN = "句"
    MIX = "絞"
    PAIR = "對"
    KAN = "坎"
    PENG = "碰"
    WEI = "偎"
    STALE_WEI = "臭偎"
    TI = "提"
    PAO = "跑"


THREE_ALIKE = frozenset({Kind.KAN, Kind.PENG, Kind.WEI, Kind.STALE_WEI})
"""Groups of three identical cards."""
FOUR_ALIKE = frozenset({Kind.TI, Kind.PAO})
"""Groups of four identical cards."""


@dataclass(frozen=True, slots=True)
class Group:
    """One group of a hand.

    Attributes:
        kind: :class:`Kind`.
        cards: the card kinds (0–19), lowest first.
        exposed: shown on the table (碰, 跑, an eaten 一句話 or 絞); False for 坎, 偎, 臭偎, 提 and the
            groups of the concealed hand (seed 002 ⑴, see the module docstring).
    """

    kind: Kind
    cards: tuple[int, ...]
    exposed: bool = False

    @property
    def card(self) -> int:
        """The lowest card (the card of a group of identical cards)."""
        return self.cards[0]

    def shown(self) -> str:
        """The group as a hand message writes it: ``碰 三三三``, ``提 六六六六``, ``壹貳叄``, ``吃 二七
        十``."""
        body = names(self.cards)
        if self.kind in (Kind.RUN, Kind.MIX):
            return f"吃 {body}" if self.exposed else body
        return f"{self.kind.value} {body}"


def is_run(cards: tuple[int, ...]) -> bool:
    """Three cards of one case that make 一句話: consecutive points, or 二七十 / 貳柒拾 (seed 002 ⑴)."""
    if len(cards) != 3:
        return False
    a, b, c = sorted(cards)
    if len({is_big(a), is_big(b), is_big(c)}) != 1:
        return False
    pts = (point(a), point(b), point(c))
    return pts == (2, 7, 10) or (pts[1] == pts[0] + 1 and pts[2] == pts[1] + 1)


def is_mix(cards: tuple[int, ...]) -> bool:
    """Three cards of one point in both cases (絞: ``二二貳`` or ``二貳貳``; seed 002 ⑴)."""
    return len(cards) == 3 and len({point(c) for c in cards}) == 1 and len({is_big(c) for c in cards}) == 2


def _firsts(counts: tuple[int, ...], pairs: int) -> list[tuple[Group, tuple[int, ...], int]]:
    """Every group that holds the lowest card left, with the counts and pairs after it."""
    c = next(i for i, n in enumerate(counts) if n)
    out: list[tuple[Group, tuple[int, ...], int]] = []

    def take(kind: Kind, cards: tuple[int, ...], pairs_after: int) -> None:
        left = list(counts)
        for x in cards:
            if left[x] == 0:
                return
            left[x] -= 1
        out.append((Group(kind, tuple(sorted(cards))), tuple(left), pairs_after))

    n = counts[c]
    if n >= 4:
        take(Kind.TI, (c,) * 4, pairs)
    if n >= 3:
        take(Kind.KAN, (c,) * 3, pairs)
    if n >= 2 and pairs:
        take(Kind.PAIR, (c,) * 2, pairs - 1)
    p = point(c)
    if p <= 8:
        take(Kind.RUN, (c, c + 1, c + 2), pairs)
    if p == 2:
        take(Kind.RUN, (c, c + 5, c + 8), pairs)
    if not is_big(c):
        big = other_case(c)
        take(Kind.MIX, (c, c, big), pairs)
        take(Kind.MIX, (c, big, big), pairs)
    return out


@lru_cache(maxsize=1 << 16)
def _search(counts: tuple[int, ...], pairs: int) -> tuple[tuple[Group, ...], ...]:
    if not any(counts):
        return ((),)
    found: dict[tuple[Group, ...], None] = {}
    for group, left, pairs_after in _firsts(counts, pairs):
        for rest in _search(left, pairs_after):
            found[tuple(sorted((group, *rest), key=_order))] = None
    return tuple(found)


def _order(group: Group) -> tuple[tuple[int, ...], str]:
    return group.cards, group.kind.value


def groupings(counts: tuple[int, ...], pairs: int = 1) -> tuple[tuple[Group, ...], ...]:
    """Every way of grouping all the cards of ``counts`` (hidden groups, lowest card first).

    Args:
        counts: 20 counts, one per card kind (0–4 each).
        pairs: how many 對 the grouping may use (0 or 1: the hand's eyes, when its declared groups
            hold none).

    Returns:
        Each grouping as a tuple of :class:`Group` (坎, 提, 一句話, 絞, 對; none exposed); ``((),)``
        for no cards, ``()`` when the cards cannot all be grouped.  Two groupings differ in at least
        one group; a grouping is listed once.

    Raises:
        ValueError: ``counts`` is not 20 counts of 0–4.
    """
    if len(counts) != KINDS or any(not 0 <= n <= COPIES for n in counts):
        raise ValueError(f"counts must be {KINDS} counts of 0-{COPIES}, got {counts!r}")
    return _search(tuple(counts), pairs)


def clear_memo() -> None:
    """Forget the search's memo (a benchmark's cold figures; nothing else needs it)."""
    _search.cache_clear()
