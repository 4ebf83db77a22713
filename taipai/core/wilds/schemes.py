"""Seed 001's wildcard schemes (「麻将百搭种类」) as data: which tiles are wild given the turned tile, what
each wild tile may stand for, and the pattern values (寶牌, 扎鳥, 花) a system may add.

Seed 001 gives every scheme a fixed rule; what changes from hand to hand is the *indicator* (the tile
turned up at the deal, 「开牌时将杠尾的一张牌翻开」).  So a scheme here is a row (:data:`SCHEMES`), and a
table's choice is a :class:`WildScheme` (the scheme and, where it takes one, its indicator).  Ranges are
34-bit tile masks (bit ``t`` = tile kind ``t``), as in :mod:`taipai.core.wilds.kinds`, and every wild tile
is a :class:`~taipai.core.wilds.kinds.WildKind` (``mask`` + ``admits``), so the 越搭 search reads them
unchanged.

* 帶弟百搭 / 財神 (:func:`successor`): the tile after the indicator is wild.
* 活動百搭 (:func:`active`): the indicator's own kind is wild; a 白板 stands in for it.
* 窗百搭 (:func:`window`): the indicator, its two neighbours and the same number in the other suits.
* 心皇 (:data:`HEART`): one imagined tile, only to win.
* 寶牌 (:func:`treasure_of`, :func:`treasure_count`): not wild; +1番 per held copy of the treasure tile.
* 扎鳥 (:func:`bird_seat`): the seat the 鳥 tile counts to.
* 特別百搭 (:data:`JOKERS`): typed jokers 元 喜 合 筒搭 索搭 萬搭 總 一皇…四皇 一后…四后; 花 is +2番.

Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from taipai.core.errors import HandError
from taipai.core.handspec import HandSpec, MeldKind
from taipai.core.scoretypes import PatternScore, Score
from taipai.core.tiles import NUM_KINDS, RANK_OF, WHITE, TileIndex, code, name_zh
from taipai.core.wilds.context import Slot, WildContext
from taipai.core.wilds.kinds import (
    ALL_TILES,
    DRAGON_TILES,
    HONOURS,
    SUIT_MASKS,
    SUITED,
    WIND_TILES,
    FixedKind,
    WildKind,
    mask_of,
)

ANY_TILE: Final = "皇"
"""The 越搭 kind a scheme's wild tile is read as in a hand: any tile kind (seed 001 calls them 百搭;
seed 000 「皇任何一隻牌，花除外」 is the same range)."""


def _check_tile(tile: TileIndex) -> None:
    if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < NUM_KINDS:
        raise ValueError(f"not a tile kind 0..33: {tile!r}")


# --------------------------------------------------------------------------- the honour cycles

SUCCESSOR_HONOURS: Final = (27, 28, 29, 30, 31, 32, 33)
"""帶弟百搭's honour order, 東南西北中發白, closed: 「番子牌以东南西北中发白首尾相连 … 开北则以红中为白搭」
(北 → 中; 白 → 東 is 「首尾相连」)."""

WINDOW_HONOURS: Final = (29, 30, 31, 32, 33, 27, 28)
"""窗百搭's honour order: 「番子牌则以西北中发白的次序决定相连的五张为百搭 … 开红中则中、发、白、东、南为
百搭」.  The seed names 西北中發白 and its example continues 白 → 東 → 南, so the cycle is
西 北 中 發 白 東 南 and back to 西 (the seven honours, starting at 西)."""


def successor(indicator: TileIndex) -> TileIndex:
    """帶弟百搭 / 財神: the tile after ``indicator`` (tile kind 0..33).

    Seed 001 (福建 带弟百搭): 「若杠尾的张牌翻开是三万，则四万是百搭 … 指定序数牌九一相连而番子牌以东南西北
    中发白首尾相连，故开九万则以一万为百搭开北则以红中为白搭。」  Seed 002's 財神 is the same rule
    (「翻出九萬，一萬就是財神 … 如果翻出北，紅中就是財神」).  Suits: 1 → 2 … 9 → 1 within the suit; honours by
    :data:`SUCCESSOR_HONOURS`.

    Raises:
        ValueError: ``indicator`` is not a tile kind (a flower is never an indicator: it is replaced).
    """
    _check_tile(indicator)
    if indicator < 27:
        suit, rank = divmod(indicator, 9)
        return suit * 9 + (rank + 1) % 9
    return 27 + (indicator - 27 + 1) % 7


def predecessor(wild: TileIndex) -> TileIndex:
    """The indicator whose :func:`successor` is ``wild`` (六萬 → 五萬, 一萬 → 九萬, 中 → 北, 東 → 白).

    Raises:
        ValueError: ``wild`` is not a tile kind.
    """
    _check_tile(wild)
    if wild < 27:
        suit, rank = divmod(wild, 9)
        return suit * 9 + (rank - 1) % 9
    return 27 + (wild - 27 - 1) % 7


def active(indicator: TileIndex) -> int:
    """活動百搭: the mask of the wild tiles, the indicator's own kind.

    Seed 001 (福建 活动百搭): 「开牌时将杠尾的一张牌翻开该牌就是百搭。其中一张白板可以用作代替该张翻开的牌」
    (the 白板 is :func:`stand_in`).

    Raises:
        ValueError: ``indicator`` is not a tile kind.
    """
    _check_tile(indicator)
    return 1 << indicator


def window(indicator: TileIndex) -> int:
    """窗百搭 (Window Joker): the mask of the five wild tiles.

    Seed 001 (菲律宾): 「除翻开的牌外相连的兩张牌及有相同数字的序数牌都变成百搭，番子牌则以西北中发白的次序
    决定相连的五张为百搭例如翻开的是四万，则三万、四万、五萬、四筒（饼）、四索（条）共五张牌皆为白搭；开红中则中、
    发、白、东、南为百搭。」

    A suited indicator: itself, its two neighbours in its suit, and the same number in the two other
    suits.  Choice where the seed is silent: at a suit's end the neighbours wrap as 帶弟百搭's 九一相连
    (一萬 → 九萬 一萬 二萬 一筒 一索).  An honour: the five of :data:`WINDOW_HONOURS` starting at the
    indicator (中 → 中 發 白 東 南, the seed's example; 西 → 西 北 中 發 白).

    Raises:
        ValueError: ``indicator`` is not a tile kind.
    """
    _check_tile(indicator)
    if indicator >= 27:
        at = WINDOW_HONOURS.index(indicator)
        return mask_of(WINDOW_HONOURS[(at + i) % 7] for i in range(5))
    suit, rank = divmod(indicator, 9)
    near = (suit * 9 + (rank - 1) % 9, indicator, suit * 9 + (rank + 1) % 9)
    same = tuple(s * 9 + rank for s in range(3))
    return mask_of((*near, *same))


def stand_in(indicator: TileIndex) -> TileIndex | None:
    """活動百搭's 白板: the tile a 白板 is read as (the indicator, as a natural tile of that kind), or
    ``None`` when the indicator is 白板 itself (then the 白板 are the wild tiles and nothing stands in).

    Seed 001: 「其中一张白板可以用作代替该张翻开的牌」.  Choice: every 白板 a hand holds is read as the
    indicator (the seed's 「其中一张」 is the one copy the table turned up; a hand shows which it holds).

    Raises:
        ValueError: ``indicator`` is not a tile kind.
    """
    _check_tile(indicator)
    return None if indicator == WHITE else indicator


# --------------------------------------------------------------------------- wild kinds


class SchemeWild(FixedKind):
    """A wild tile of 帶弟百搭 / 財神, 活動百搭 or 窗百搭: it may stand for any tile kind (seed 001 calls them
    百搭, 「百搭牌可碰任何牌成搭」 in its 美国 row), itself included.

    ``in_melds``: whether it may sit in an exposed meld or a kong (QQ's 財神 「不可吃碰杠」; the 福建 and
    菲律宾 rows are silent, and a table's 越搭 rules decide there).
    """

    __slots__ = ("in_melds",)

    in_melds: bool

    def __init__(self, name: str, seed: str, *, in_melds: bool = True) -> None:
        super().__init__(name, seed, ALL_TILES)
        self.in_melds = in_melds

    def admits(self, slot: Slot, ctx: WildContext) -> bool:
        """Any tile; not in an exposed meld or a kong unless ``in_melds``."""
        laid = slot.exposed or slot.concealed_kong or slot.group_kind == MeldKind.KONG
        return self.in_melds or not laid


class HeartKind(WildKind):
    """心皇: 「每家少拿一张牌，心中想象一张牌心皇牌不能用来上牌或碰牌，只能用作和牌」 (seed 001, 江南).

    Any tile kind, but only inside the concealed hand that wins: never in an exposed meld (上/碰) and,
    a choice where the seed is silent, never in a kong (a kong is laid down).  The hand holds one tile
    less than a full hand (12 + 1 at 13 tiles, 15 + 1 at 16); :func:`with_heart` adds the imagined tile.
    """

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("心皇", "心中想象一张牌心皇牌不能用来上牌或碰牌，只能用作和牌")

    @property
    def fixed_mask(self) -> int:
        """Every tile kind."""
        return ALL_TILES

    def mask(self, ctx: WildContext) -> int:
        """Every tile kind."""
        return ALL_TILES

    def admits(self, slot: Slot, ctx: WildContext) -> bool:
        """Any tile outside exposed melds and kongs."""
        return not (slot.exposed or slot.concealed_kong or slot.group_kind == MeldKind.KONG)


HEART: Final = HeartKind()
"""The imagined tile of 心皇."""


@dataclass(frozen=True, slots=True)
class Joker:
    """One 特別百搭 joker (seed 001 「特别百搭牌」).

    Attributes:
        name: its printed name (``元``, ``筒搭``, ``二皇`` …).
        kind: the seed 000 越搭 kind with the same range (:data:`taipai.core.wilds.KINDS`), which the
            search reads it as.
        mask: what it may stand for.
        rank: for 皇 and 后, 1..4 (一皇 … 四皇), else 0: the order of 碰 priority (「以一真牌与一百搭詓碰时，
            则视乎百搭的级数决定优先权」); it changes no score.
    """

    name: str
    kind: str
    mask: int
    rank: int = 0


_SPECIAL_ROW: Final = (
    "特别百搭牌：计有花、元、喜、合、筒、索、万、总、一皇、二皇、三皇、四皇、一后、二后、三后、四后共十六只摸“花”"
    "加两番,并非百搭。“元”、“喜”分别当作箭牌或风牌“合”可当番子牌；“筒”、“索”、“万”可当本门牌任何一子，“总”可当"
    "任何序数牌；“皇”、“后”当通天百搭分一二三四等级。"
)

JOKERS: Final[dict[str, Joker]] = {
    j.name: j
    for j in (
        Joker("元", "中發白", DRAGON_TILES),
        Joker("喜", "東南西北", WIND_TILES),
        Joker("合", "番", HONOURS),
        Joker("筒搭", "筒", SUIT_MASKS[1]),
        Joker("索搭", "索", SUIT_MASKS[2]),
        Joker("萬搭", "萬", SUIT_MASKS[0]),
        Joker("總", "筒索萬", SUITED),
        *(Joker(f"{n}皇", "皇", ALL_TILES, i + 1) for i, n in enumerate("一二三四")),
        *(Joker(f"{n}后", "皇", ALL_TILES, i + 1) for i, n in enumerate("一二三四")),
    )
}
"""特別百搭's fifteen jokers by printed name (seed 001: 「“元”、“喜”分别当作箭牌或风牌“合”可当番子牌；
“筒”、“索”、“万”可当本门牌任何一子，“总”可当任何序数牌；“皇”、“后”当通天百搭分一二三四等级」).

In a hand message a joker is written in brackets, like every 越搭 (``[元]``, ``[筒搭]``, ``[二后]``):
outside brackets 筒 / 索 / 萬 are suits (``一二三筒``), so the suit jokers are typed ``[筒搭]`` (or
``[筒]``, the seed 000 kind of the same range).  Their names resolve through
:func:`taipai.core.wilds.canonical_name` to :attr:`Joker.kind`."""

FLOWER_FAN: Final = 2
"""特別百搭's 花: 「摸“花”加两番,并非百搭」: +2番 per 花 drawn, never wild (the system adds it in its
unit)."""


def joker_rank(name: str) -> int:
    """The 碰 priority rank of a joker (1..4 for 一皇 … 四皇 and 一后 … 四后), 0 for the others.

    Raises:
        HandError: ``wild_unsupported`` (``token=name``) when ``name`` is no 特別百搭 joker.
    """
    joker = JOKERS.get(name.strip())
    if joker is None:
        raise HandError("wild_unsupported", f"no 特別百搭 joker named {name!r}", token=name)
    return joker.rank


# --------------------------------------------------------------------------- pattern values


TREASURE_WINDS: Final = (27, 28, 29, 30)
"""寶牌's wind order, 東南西北 closed: 「风牌(东南西北)：开出东宝牌为南；开出北，宝牌为东」."""

TREASURE_DRAGONS: Final = (33, 32, 31)
"""寶牌's dragon order, 白 發 中 closed:
「番牌(中发白)：开出白宝牌为发；开出发，宝牌为中；开出中宝牌为白」."""


def treasure_of(indicator: TileIndex) -> TileIndex:
    """寶牌: the treasure tile the turned ``indicator`` names (tile kinds 0..33).

    Seed 001 (宝牌): 「1.万索筒，开出一萬宝牌为二万；开出八索，宝牌为九索；开出九筒宝牌为一筒，如此类推；
    2.风牌(东南西北)：开出东宝牌为南；开出北，宝牌为东；3.番牌(中发白)：开出白宝牌为发；开出发，宝牌为中；
    开出中宝牌为白。」  Suits as :func:`successor` (九 → 一); unlike 帶弟's one honour cycle, the winds turn
    among themselves (北 → 東, :data:`TREASURE_WINDS`) and so do the dragons (白 → 發 → 中 → 白,
    :data:`TREASURE_DRAGONS`).

    Raises:
        ValueError: ``indicator`` is not a tile kind.
    """
    _check_tile(indicator)
    if indicator < 27:
        return successor(indicator)
    cycle = TREASURE_WINDS if indicator in TREASURE_WINDS else TREASURE_DRAGONS
    return cycle[(cycle.index(indicator) + 1) % len(cycle)]


def treasure_count(tiles: Iterable[TileIndex], indicator: TileIndex) -> int:
    """寶牌: how many copies of :func:`treasure_of` ``indicator`` ``tiles`` hold; each is +1番 (the system
    adds it in its unit, :data:`TREASURE_ID`).

    Seed 001: 「若和牌一家手上亦有该张牌每张多算一番，有两张加两番洳此类推；举例：宝牌开出七万，和出者用两只
    八万做眼即加两番。」  Not wild (brief: 「寶牌: not wild」).  Choice where the seed is silent: every tile
    the winner holds counts, exposed melds, kongs (four) and the winning tile included (the seed's 「手上」 is
    the winner's tiles; its example, 八萬 as the eyes, is one of them), as typed (a treasure tile a
    wildcard scheme makes wild still counts: it is held).

    Args:
        tiles: every natural tile of the winning hand (concealed, melds, the winning tile), tile kinds.
        indicator: the turned tile.

    Raises:
        ValueError: ``indicator`` or a tile is not a tile kind.
    """
    treasure = treasure_of(indicator)
    n = 0
    for t in tiles:
        _check_tile(t)
        n += t == treasure
    return n


TREASURE_ID: Final = "treasure"
"""The pattern id of 寶牌's row in a scored hand (name ``寶牌``, 1 per copy held)."""

TREASURE_WORDS: Final = ("寶牌", "宝牌", "treasure")
"""What a table types for its 寶牌 turned tile: ``規則 寶牌 四萬`` / ``/rules treasure 4m``; a hand says
``寶牌 四萬`` for its own."""

TREASURE_OPTION: Final = "treasure"
"""The option name a wildcard system's settings keep the 寶牌 turned tile under (a tile code, ``4m``;
``""``: no 寶牌)."""


def treasure_setting(value: object) -> TileIndex | None:
    """The turned tile of a 寶牌 setting as typed (``四萬``, ``4m``) or stored; ``None`` for ``無`` /
    ``off`` / ``""`` / ``None``.

    Raises:
        ValueError: a word that names no tile.
    """
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        _check_tile(value)
        return value
    text = str(value).strip()
    if not text or text.casefold() in OFF_WORDS:
        return None
    tile = tile_word(text)
    if tile is None:
        raise ValueError(f"not a tile: {text!r}")
    return tile


_TREASURE_HAND: Final = re.compile(r"(?:寶牌|宝牌)\s*[:：=]?\s*(\S+)")


def take_hand_treasure(text: str) -> tuple[str, TileIndex | None]:
    """A hand message's own 寶牌 turned tile, ``寶牌 四萬``, blanked out of ``text`` (positions still count
    from the message).

    Returns:
        ``(rest, indicator)``: ``indicator`` the turned tile, or ``None`` when the hand says none.

    Raises:
        HandError: ``bad_context`` (``token`` the word) when the word names no tile
            (``hint_args["field"]`` ``treasure_word``), or 寶牌 is said twice (``treasure_twice``).
    """
    found = list(_TREASURE_HAND.finditer(text))
    if not found:
        return text, None
    if len(found) > 1:
        raise HandError(
            "bad_context",
            "寶牌 is said twice in this hand",
            token=found[1].group(0),
            position=found[1].start(),
            hint="say 寶牌 once, e.g. 寶牌 四萬",
            hint_args={"field": "treasure_twice"},
        )
    m = found[0]
    tile = tile_word(m.group(1))
    if tile is None:
        raise HandError(
            "bad_context",
            f"寶牌 {m.group(1)}: not a tile",
            token=m.group(1),
            position=m.start(1),
            hint="寶牌 四萬 (the turned tile)",
            hint_args={"field": "treasure_word"},
        )
    return text[: m.start()] + " " * (m.end() - m.start()) + text[m.end() :], tile


def treasure_row(tiles: Iterable[TileIndex], indicator: TileIndex | None) -> PatternScore | None:
    """寶牌's pattern row for a win: ``寶牌`` with ``fan`` = ``count`` = the copies held
    (:func:`treasure_count`), or ``None`` without a turned tile or with no copy held.

    Raises:
        ValueError: a tile is not a tile kind.
    """
    if indicator is None:
        return None
    n = treasure_count(tiles, indicator)
    return PatternScore(TREASURE_ID, "寶牌", n, n) if n else None


def with_treasure(score: Score, row: PatternScore | None) -> Score:
    """``score`` with 寶牌's row added (its 番 in ``fan`` and ``total``, the row after the others of more
    番); ``score`` itself when ``row`` is ``None``."""
    if row is None:
        return score
    patterns = sorted((*score.patterns, row), key=lambda p: -p.fan)
    return replace(score, fan=score.fan + row.fan, total=score.total + row.fan, patterns=tuple(patterns))


def bird_number(tile: TileIndex) -> int:
    """The number a 鳥 tile counts with: a suited tile's rank 1..9, an honour 東南西北中發白 1..7.

    Seed 002: 「按牌面數字逆時針計算 … （東南西北中發白按照一到七的次序）」.

    Raises:
        ValueError: ``tile`` is not a tile kind 0..33.
    """
    _check_tile(tile)
    return RANK_OF[tile] if tile < 27 else tile - 27 + 1


def bird_seat(tile: TileIndex, players: Sequence[str], dealer: str) -> str:
    """扎鳥 / 鳥: the player a 鳥 tile lands on (that player's result in the win doubles).

    Seed 001 (扎鸟): 「鸟的计算方法为：以庄家为起点按牌面数字计算。譬如一表示庄家，二表示下家三為对家，
    四为上家 ）被扎鸟方赢输计分要翻倍」; seed 002's 鳥牌 is the same count (「以莊家為起點，按牌面數字逆時針
    計算」), so the two are one rule: the count starts at the dealer (1) and goes the way the deal
    passes, 五 and 九 are the dealer again.

    Args:
        tile: the 鳥 tile kind (0..33).
        players: the four seats in order 東南西北 (the seat after a player is 下家).
        dealer: the current dealer, one of ``players``.

    Raises:
        ValueError: ``tile`` is not a tile kind, or ``dealer`` is not seated.
    """
    n = bird_number(tile)
    if dealer not in players:
        raise ValueError(f"the dealer {dealer!r} is not seated")
    return players[(list(players).index(dealer) + n - 1) % len(players)]


BIRD_MULTIPLIER: Final = 2
"""扎鳥: 「被扎鸟方赢输计分要翻倍」 (seed 001): the seat the 鳥 lands on wins or loses double."""

BIRD_WORDS: Final = ("扎鳥", "扎鸟", "紮鳥", "bird")
"""What a table types to play 扎鳥: ``規則 扎鳥 開`` / ``/rules bird on``."""

BIRD_OPTION: Final = "bird"
"""The option name a game's settings keep 扎鳥 under (on or off)."""

_ON: Final = frozenset({"開", "开", "on", "yes", "true", "1", "是", "有"})
_OFF: Final = frozenset({"關", "关", "off", "no", "false", "0", "否", "無", "无", "冇"})


def bird_setting(value: object) -> bool:
    """扎鳥 on or off as a table types it (``開`` / ``關``, ``on`` / ``off``) or stored (a bool).

    Raises:
        ValueError: any other word.
    """
    if isinstance(value, bool):
        return value
    word = str(value).strip().casefold()
    if word in _ON or word in _OFF:
        return word in _ON
    raise ValueError(f"扎鳥 is 開 or 關, not {value!r}")


# --------------------------------------------------------------------------- the schemes


@dataclass(frozen=True, slots=True)
class Scheme:
    """One wildcard scheme a table can play (seed 001 「麻将百搭种类」).

    Attributes:
        id: the stable id stored in a table's options (``next``, ``active``, ``window``, ``heart``,
            ``special``).
        name: the display name (帶弟百搭 …).
        words: what a table or a hand types for it (Cantonese, simplified, English), case-blind.
        needs_indicator: the scheme is read from a turned tile.
        seed: the seed 001 row, quoted.
    """

    id: str
    name: str
    words: tuple[str, ...]
    needs_indicator: bool
    seed: str

    def wild_mask(self, indicator: TileIndex | None) -> int:
        """The natural tile kinds that are wild in a hand under this scheme (0 for 心皇 and 特別百搭,
        whose wildcards are an imagined tile and typed jokers).

        Raises:
            ValueError: a scheme that needs an indicator is given none, or it is no tile kind.
        """
        if not self.needs_indicator:
            return 0
        if indicator is None:
            raise ValueError(f"{self.name} needs an indicator tile")
        if self.id == "next":
            return 1 << successor(indicator)
        if self.id == "active":
            return active(indicator)
        return window(indicator)

    def wild_kind(self, *, in_melds: bool = True) -> WildKind:
        """What one wild tile of this scheme is: :class:`SchemeWild` (any tile), :data:`HEART` for 心皇.

        Raises:
            ValueError: for 特別百搭 (each joker has its own range: :data:`JOKERS`).
        """
        if self.id == "heart":
            return HEART
        if self.id == "special":
            raise ValueError("特別百搭's jokers each have their own range (JOKERS)")
        return SchemeWild(self.name, self.seed, in_melds=in_melds)


SCHEMES: Final[dict[str, Scheme]] = {
    s.id: s
    for s in (
        Scheme(
            "next",
            "帶弟百搭",
            ("帶弟", "帶弟百搭", "带弟", "带弟百搭", "next"),
            True,
            "带弟百搭：若杠尾的张牌翻开是三万，则四万是百搭“带弟百搭”指定序数牌九一相连而番子牌以东南西北中发白首尾"
            "相连，故开九万则以一万为百搭开北则以红中为白搭。",
        ),
        Scheme(
            "active",
            "活動百搭",
            ("活動", "活動百搭", "活动", "活动百搭", "active"),
            True,
            "活动百搭：开牌时将杠尾的一张牌翻开该牌就是百搭。其Φ一张白板可以用作代替该张翻开的牌",
        ),
        Scheme(
            "window",
            "窗百搭",
            ("窗", "窗百搭", "window"),
            True,
            "窗百搭（Window Joker）：比福建麻将百搭的活动百搭更进一步，除翻开的牌外相连的兩张牌及有相同数字的"
            "序数牌都变成百搭，番子牌则以西北中发白的次序决定相连的五张为百搭例如翻开的是四万，则三万、四万、五萬、"
            "四筒（饼）、四索（条）共五张牌皆为白搭；开红中则中、发、白、东、南为百搭。",
        ),
        Scheme(
            "heart",
            "心皇",
            ("心皇", "心瑝", "heart"),
            False,
            "心瑝麻将百搭：江南麻将百搭其中一个玩法每家少拿一张牌，心中想象一张牌心皇牌不能用来上牌或碰牌，只能用作和牌",
        ),
        Scheme(
            "special", "特別百搭", ("特別", "特別百搭", "特别", "特别百搭", "special"), False, _SPECIAL_ROW
        ),
    )
}
"""The schemes a table can pick, by id.  寶牌 (:func:`treasure_count`) and 扎鳥 (:func:`bird_seat`) are
values a system adds, not wildcards, so they are functions, not rows."""

_SCHEME_WORDS: Final[dict[str, str]] = {w.casefold(): s.id for s in SCHEMES.values() for w in s.words}

OFF_WORDS: Final = frozenset({"無", "无", "冇", "off", "none"})
"""What a table types to play no scheme (``規則 百搭 無``)."""

_TILE_WORDS: Final[dict[str, TileIndex]] = {
    **{name_zh(k).casefold(): k for k in range(NUM_KINDS)},
    **{name_zh(k).replace("萬", "万"): k for k in range(9)},
    **{name_zh(k).replace("索", "條"): k for k in range(18, 27)},
    **{name_zh(k).replace("筒", "餅"): k for k in range(9, 18)},
    **{code(k).casefold(): k for k in range(NUM_KINDS)},
    "紅中": 31,
    "发": 32,
    "發財": 32,
    "白板": 33,
}
"""An indicator's words: ``四萬`` / ``四万`` / ``4m``, ``中`` / ``紅中`` / ``c``, ``白`` / ``白板`` /
``p``."""


def tile_word(word: str) -> TileIndex | None:
    """The tile kind ``word`` names (case and spaces ignored), or ``None``."""
    return _TILE_WORDS.get("".join(word.split()).casefold())


def scheme_named(word: str) -> Scheme | None:
    """The scheme ``word`` names (帶弟, 窗百搭, window …, case-blind), or ``None``."""
    sid = _SCHEME_WORDS.get(word.strip().casefold())
    return None if sid is None else SCHEMES[sid]


@dataclass(frozen=True, slots=True)
class WildScheme:
    """A table's (or a hand's) wildcard scheme: which scheme, and the turned tile where it takes one.

    Attributes:
        scheme: a :data:`SCHEMES` id.
        indicator: the turned tile kind (0..33) for 帶弟 / 活動 / 窗, else ``None``.  A table may leave it
            ``None`` for a scheme that needs one: each hand then says it (``百搭 四萬``).

    Raises:
        ValueError: an unknown scheme, an indicator that is no tile kind, or an indicator for a scheme
            that takes none.
    """

    scheme: str
    indicator: TileIndex | None = None

    def __post_init__(self) -> None:
        if self.scheme not in SCHEMES:
            raise ValueError(f"no wildcard scheme {self.scheme!r}")
        if self.indicator is not None:
            _check_tile(self.indicator)
            if not SCHEMES[self.scheme].needs_indicator:
                raise ValueError(f"{SCHEMES[self.scheme].name} takes no indicator")

    @property
    def row(self) -> Scheme:
        """The scheme's row."""
        return SCHEMES[self.scheme]

    def wild_mask(self) -> int:
        """The wild natural tile kinds (:meth:`Scheme.wild_mask`).

        Raises:
            ValueError: the scheme needs an indicator and has none.
        """
        return self.row.wild_mask(self.indicator)

    def text(self) -> str:
        """The stored form: ``window 4m``, ``heart``, ``next`` (no indicator yet)."""
        return self.scheme if self.indicator is None else f"{self.scheme} {code(self.indicator)}"

    def shown(self) -> str:
        """How it reads in a log or a test: ``窗百搭 四萬 (三萬 四萬 五萬 四筒 四索)``; ``心皇``; ``帶弟百搭``
        for a scheme whose turned tile each hand says."""
        if self.indicator is None:
            return self.row.name
        wild = " ".join(name_zh(t) for t in range(NUM_KINDS) if self.wild_mask() >> t & 1)
        return f"{self.row.name} {name_zh(self.indicator)} ({wild})"


def parse_scheme(text: str) -> WildScheme | None:
    """A scheme setting as typed: ``窗 四萬``, ``window 4m``, ``帶弟百搭 九萬``, ``心皇``, ``特別``; ``None``
    for ``無`` / ``off``.

    Raises:
        ValueError: words that name no scheme, no tile, or a tile for a scheme that takes none
            (the message says which word).
    """
    words = text.split()
    if len(words) == 1 and words[0].casefold() in OFF_WORDS:
        return None
    if not words or len(words) > 2:
        raise ValueError(f"a scheme and at most one tile, not {text!r}")
    scheme = scheme_named(words[0])
    if scheme is None:
        raise ValueError(f"no wildcard scheme {words[0]!r}")
    indicator = None
    if len(words) == 2:
        indicator = tile_word(words[1])
        if indicator is None:
            raise ValueError(f"not a tile: {words[1]!r}")
    return WildScheme(scheme.id, indicator)


def scheme_from_text(text: str | None) -> WildScheme | None:
    """Inverse of :meth:`WildScheme.text` (also accepts what :func:`parse_scheme` does); ``None`` for
    ``None`` / ``""``.

    Raises:
        ValueError: as :func:`parse_scheme`.
    """
    if not text:
        return None
    return parse_scheme(text)


_HAND_WORD: Final = re.compile(r"百搭\s*[:：=]?\s*(\S+)(?:\s+(\S+))?")


def take_hand_scheme(text: str) -> tuple[str, WildScheme | None, TileIndex | None]:
    """A hand message's own scheme word, ``百搭 窗 四萬`` (scheme and turned tile) or ``百搭 四萬`` (the
    table's scheme, this hand's turned tile), blanked out of ``text`` (positions still count from the
    message).  ``[百搭]`` in brackets is a wildcard, not this word.

    Returns:
        ``(rest, scheme, indicator)``: ``scheme`` when the word named one (with its tile, if given),
        else ``None``; ``indicator`` the tile when only a tile was given, else ``None``.

    Raises:
        HandError: ``bad_context`` (``token`` the word) when the word names neither a scheme nor a tile
            (``hint_args["field"]`` ``wild_scheme_word``), or is said twice (``wild_scheme_twice``).
    """
    found = [m for m in _HAND_WORD.finditer(text) if not text[: m.start()].endswith(("[", "［"))]
    if not found:
        return text, None, None
    if len(found) > 1:
        raise HandError(
            "bad_context",
            "百搭 is said twice in this hand",
            token=found[1].group(0),
            position=found[1].start(),
            hint="say 百搭 once, e.g. 百搭 窗 四萬",
            hint_args={"field": "wild_scheme_twice"},
        )
    m = found[0]
    first, second = m.group(1), m.group(2)
    end = m.end()
    scheme = scheme_named(first)
    tile = tile_word(first) if scheme is None else None
    if scheme is None and tile is None:
        raise HandError(
            "bad_context",
            f"百搭 {first}: no scheme or tile",
            token=first,
            position=m.start(1),
            hint="百搭 窗 四萬 (a scheme and the turned tile) or 百搭 四萬 (the turned tile)",
            hint_args={"field": "wild_scheme_word"},
        )
    setting: WildScheme | None = None
    if scheme is not None:
        indicator = tile_word(second) if second is not None and scheme.needs_indicator else None
        if indicator is None:
            end = m.end(1)
        setting = WildScheme(scheme.id, indicator)
    else:
        end = m.end(1)
    rest = text[: m.start()] + " " * (end - m.start()) + text[end:]
    return rest, setting, tile


def effective(
    table: WildScheme | None, said: WildScheme | None, indicator: TileIndex | None
) -> WildScheme | None:
    """The scheme a hand is read under: the hand's own (``百搭 窗 四萬``) over the table's, and a hand's
    bare tile (``百搭 四萬``) as the table scheme's indicator.

    Raises:
        HandError: ``bad_context`` (token ``百搭``) when the hand gives a tile and no scheme is set
            (``hint_args["field"]`` ``wild_scheme_tile``), or the scheme needs a turned tile that
            neither the hand nor the table gives (``wild_scheme_turned``, ``scheme`` its name).
    """
    scheme = said if said is not None else table
    if indicator is not None:
        if scheme is None or not scheme.row.needs_indicator:
            raise HandError(
                "bad_context",
                "this hand names a turned tile but the table plays no scheme that reads one",
                token="百搭",
                hint="say the scheme too, e.g. 百搭 窗 四萬",
                hint_args={"field": "wild_scheme_tile"},
            )
        scheme = WildScheme(scheme.scheme, indicator)
    elif said is not None and said.indicator is None and table is not None and table.scheme == said.scheme:
        scheme = table
    if scheme is not None and scheme.row.needs_indicator and scheme.indicator is None:
        raise HandError(
            "bad_context",
            f"{scheme.row.name} needs the turned tile",
            token="百搭",
            hint=f"say it in the hand, e.g. 百搭 {scheme.row.words[0]} 四萬",
            hint_args={"field": "wild_scheme_turned", "scheme": scheme.row.name},
        )
    return scheme


def with_heart(text: str, scheme: WildScheme | None) -> str:
    """A hand message with 心皇's imagined tile: under 心皇 the hand is typed one tile short (「每家少拿一张
    牌，心中想象一张牌」), so a ``[皇]`` joins the concealed tiles at the end (earlier positions keep their
    place for error marks).  A concealed 皇 is never read in a kong or an exposed meld, as
    :class:`HeartKind` says.  Other schemes: ``text``.
    """
    if scheme is None or scheme.scheme != "heart":
        return text
    return f"{text} [{ANY_TILE}]"


def apply(spec: HandSpec, scheme: WildScheme | None) -> HandSpec:
    """A hand message's :class:`HandSpec` as the 越搭 search reads it under ``scheme``.

    * 帶弟 / 活動 / 窗: every concealed tile of a wild kind, and the winning tile when it is one, becomes a
      wildcard of :data:`ANY_TILE` (皇: any tile, itself included).  Choice where seed 001 is silent:
      tiles inside declared melds stay what they were laid down as.
    * 活動: each concealed 白板 (and a winning 白板) is read as the indicator (:func:`stand_in`).
    * 心皇 and 特別 and ``None``: the hand as it is (the imagined tile joins the text first,
      :func:`with_heart`; jokers are typed as wildcards).

    Raises:
        ValueError: the scheme needs an indicator and has none (:func:`effective` refuses that first).
    """
    if scheme is None or not scheme.row.needs_indicator:
        return spec
    mask = scheme.wild_mask()
    sub = stand_in(scheme.indicator) if scheme.scheme == "active" and scheme.indicator is not None else None
    concealed: list[TileIndex] = []
    wilds = list(spec.wilds)
    for t in spec.concealed:
        if mask >> t & 1:
            wilds.append(ANY_TILE)
        else:
            concealed.append(sub if sub is not None and t == WHITE else t)
    win, win_wild = spec.winning_tile, spec.winning_wild
    if win is not None and mask >> win & 1:
        win, win_wild = None, ANY_TILE
    elif win is not None and sub is not None and win == WHITE:
        win = sub
    return replace(
        spec, concealed=tuple(sorted(concealed)), wilds=tuple(wilds), winning_tile=win, winning_wild=win_wild
    )


# --------------------------------------------------------------------------- the table setting, in a chat

WILD_WORDS: Final = ("百搭", "wild", "wilds")
"""What a table types for its scheme: ``規則 百搭 窗 四萬`` / ``/rules wild window 4m`` (the words after
the first are one value: the scheme and its turned tile)."""

WILD_OPTION: Final = "wild_scheme"
"""The option name a wildcard system's settings keep the scheme under (its text, :meth:`WildScheme.text`)."""


JOKERS_SHOWN: Final = " ".join(f"[{name}]" for name in JOKERS)
"""The jokers as a hand writes them: ``[元] [喜] … [四后]``."""
