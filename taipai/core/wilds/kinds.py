"""The 34 越搭 kinds of seed 000: what tiles each may stand for, given its context.

Every kind answers three questions:

* ``mask(ctx)``: a 34-bit ``int``, bit ``t`` set for every tile kind ``t`` the wildcard may ever
  stand for in this context (a superset for the position-dependent kinds; never a flower: flowers
  are not tile kinds).  Fixed ranges are precomputed constants.
* ``admits(slot, ctx)``: the exact test for one :class:`~taipai.core.wilds.context.Slot`.
* ``suit_count_ok(n)``: the 確單/確雙/限五/七起 constraint on the count of the 門 it joins.

複製 and 創造 act as other kinds: :func:`alternatives` lists what they may act as; their own
``mask``/``admits`` are the union over those.  The search should expand them with
:func:`alternatives` and use the chosen kind's ``suit_count_ok``.

Seed 000, 「越搭同百搭有咩分別」: 「越搭每隻印住一款，只可以當嗰款範圍入面嘅牌。」
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from taipai.core.handspec import MeldKind
from taipai.core.tiles import NUM_KINDS, RANK_OF
from taipai.core.wilds.context import Slot, WildContext
from taipai.core.wilds.names import COPY, CREATE, KIND_NAMES, canonical_name

ALL_TILES: Final = (1 << NUM_KINDS) - 1
"""Every tile kind 0..33 (flowers are not tile kinds)."""
SUITED: Final = (1 << 27) - 1
"""All 筒索萬."""
HONOURS: Final = ALL_TILES ^ SUITED
"""All 番子 (字牌) 27..33."""
WIND_TILES: Final = 0b1111 << 27
DRAGON_TILES: Final = 0b111 << 31
SUIT_MASKS: Final = (0x1FF, 0x1FF << 9, 0x1FF << 18)
"""萬, 筒, 索."""


def mask_of(tiles: Iterable[int]) -> int:
    """The mask with the bits of ``tiles`` (tile kinds 0..33) set."""
    out = 0
    for t in tiles:
        out |= 1 << t
    return out


def tiles_of(mask: int) -> tuple[int, ...]:
    """The tile kinds whose bits are set in ``mask``, ascending."""
    return tuple(t for t in range(NUM_KINDS) if mask >> t & 1)


def ranks(*numbers: int) -> int:
    """The mask of the numbered tiles 1..9 with these numbers, in all three suits."""
    return mask_of(s * 9 + n - 1 for s in range(3) for n in numbers)


_HORSE: Final = (
    ranks(1, 5, 9) | 1 << 27,  # 東位（莊）：一、五、九 + 東風
    ranks(2, 6) | 1 << 28 | DRAGON_TILES,  # 南位：二、六 + 南風 + 中發白
    ranks(3, 7) | 1 << 29 | DRAGON_TILES,  # 西位：三、七 + 西風 + 中發白
    ranks(4, 8) | 1 << 30 | DRAGON_TILES,  # 北位：四、八 + 北風 + 中發白
)
_AT_LEAST: Final = tuple(ranks(*range(max(r, 1), 10)) for r in range(10))
"""Index r: numbered tiles with number >= r (牛)."""
_AT_MOST: Final = tuple(ranks(*range(1, r + 1)) for r in range(10))
"""Index r: numbered tiles with number <= r (熊); index 0 is empty."""


class WildKind:
    """One 越搭 kind.

    Attributes:
        name: the printed name (seed 000).
        position_dependent: ``admits`` depends on where in a group the tile stands (卡番, 伍偏, 斷缺,
            and conservatively 複製/創造, which may act as them); for the others ``admits`` is a bit
            test of ``mask``.
        seed: the seed 000 line that defines the kind.
    """

    __slots__ = ("name", "position_dependent", "seed")

    name: str
    position_dependent: bool
    seed: str

    def __init__(self, name: str, seed: str, *, position_dependent: bool = False) -> None:
        self.name = name
        self.seed = seed
        self.position_dependent = position_dependent

    @property
    def fixed_mask(self) -> int | None:
        """The mask when it does not depend on the context, else ``None``."""
        return None

    def mask(self, ctx: WildContext) -> int:
        """Every tile kind this wildcard may ever stand for in ``ctx`` (bit t = tile t)."""
        raise NotImplementedError

    def admits(self, slot: Slot, ctx: WildContext) -> bool:
        """Whether this wildcard may stand at ``slot`` in ``ctx``."""
        return bool(self.mask(ctx) >> slot.tile & 1)

    def suit_count_ok(self, suit_count: int) -> bool:
        """The constraint on the count of the 門 the wildcard joins (True unless 確單/確雙/限五/七起).

        Args:
            suit_count: tiles of that 門 in the whole hand, this and other wildcards included, melds
                included (a kong counts four).
        """
        return True

    def __repr__(self) -> str:
        return f"<WildKind {self.name}>"


class FixedKind(WildKind):
    """A kind whose range is a fixed set of tiles, anywhere in any group (皇, 按門, 按數字)."""

    __slots__ = ("bits",)

    bits: int

    def __init__(self, name: str, seed: str, bits: int) -> None:
        super().__init__(name, seed)
        self.bits = bits

    @property
    def fixed_mask(self) -> int:
        """The range."""
        return self.bits

    def mask(self, ctx: WildContext) -> int:
        """The fixed range."""
        return self.bits

    def admits(self, slot: Slot, ctx: WildContext) -> bool:
        """``slot.tile`` is in the range."""
        return bool(self.bits >> slot.tile & 1)


_CLOSED_RANGE: Final = HONOURS | ranks(2, 3, 4, 5, 6, 7, 8)


class ClosedKind(WildKind):
    """卡番: 「所有番子，同埋卡窿（例如一三萬中間嗰隻二萬）。」

    An honour anywhere (pung, kong, eyes, a lone tile of 十六不搭/十三么); a numbered tile only as the
    middle tile of a chow (position 1): 「✗一二萬 + 卡番 → 一二三萬：三萬係邊張，唔係卡窿」.
    Choice: a numbered tile is never admitted outside a chow (a pung's tile is no 卡窿).
    """

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(
            "卡番", "卡番所有番子，同埋卡窿（例如一三萬中間嗰隻二萬）。", position_dependent=True
        )

    @property
    def fixed_mask(self) -> int:
        """Superset: all honours and the numbers 2..8 (a chow's middle)."""
        return _CLOSED_RANGE

    def mask(self, ctx: WildContext) -> int:
        """All honours and every 2..8 (the possible middles of a chow)."""
        return _CLOSED_RANGE

    def admits(self, slot: Slot, ctx: WildContext) -> bool:
        """An honour anywhere, or the middle tile of a chow."""
        if slot.tile >= 27:
            return True
        return slot.group_kind == MeldKind.CHOW and slot.position == 1


_FIVES: Final = ranks(5)
_FIVE_EDGE_RANGE: Final = ranks(3, 5, 7)


class FiveEdgeKind(WildKind):
    """伍偏: 「所有五，同埋偏章：一二嘅三、八九嘅七。」

    A 5 anywhere (pung, eyes, any place in a chow, a lone tile); a 3 only as the 三 of 一二三 and a 7
    only as the 七 of 七八九 (「✗一三萬 + 伍偏 → 一二三萬：二萬唔係五、唔係偏章」).  No honours.
    """

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("伍偏", "伍偏所有五，同埋偏章：一二嘅三、八九嘅七。", position_dependent=True)

    @property
    def fixed_mask(self) -> int:
        """Superset: every 3, 5 and 7."""
        return _FIVE_EDGE_RANGE

    def mask(self, ctx: WildContext) -> int:
        """Every 3, 5 and 7 (superset)."""
        return _FIVE_EDGE_RANGE

    def admits(self, slot: Slot, ctx: WildContext) -> bool:
        """A 5 anywhere; the 3 of 一二三; the 7 of 七八九."""
        tile = slot.tile
        if tile >= 27:
            return False
        rank = RANK_OF[tile]
        if rank == 5:
            return True
        if slot.group_kind != MeldKind.CHOW:
            return False
        low = RANK_OF[slot.group_tile]
        return (rank == 3 and low == 1 and slot.position == 2) or (
            rank == 7 and low == 7 and slot.position == 0
        )


_SIMPLE_NO_FIVE: Final = ranks(2, 3, 4, 6, 7, 8)


class NoTerminalNoFiveKind(WildKind):
    """斷缺: 「淨係用喺斷么或者缺五嘅組合：坎可以係 234、678、222、333、444、666、777、888；眼可以係
    22、33、44、66、77、88。」

    Chows 234 and 678, pungs (and, choice, kongs: a kong is a pung of four) and eyes of 2, 3, 4, 6, 7,
    8, in any suit.  Choice: never a lone tile of 十六不搭/十三么 (those are no 斷么/缺五 group).
    """

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(
            "斷缺",
            "斷缺淨係用喺斷么或者缺五嘅組合：坎可以係 234、678、222、333、444、666、777、888；"
            "眼可以係 22、33、44、66、77、88。",
            position_dependent=True,
        )

    @property
    def fixed_mask(self) -> int:
        """Superset: every 2, 3, 4, 6, 7, 8."""
        return _SIMPLE_NO_FIVE

    def mask(self, ctx: WildContext) -> int:
        """Every 2, 3, 4, 6, 7, 8 (superset)."""
        return _SIMPLE_NO_FIVE

    def admits(self, slot: Slot, ctx: WildContext) -> bool:
        """A tile of a 234/678 chow, or of a pung/kong/eyes of 2, 3, 4, 6, 7 or 8."""
        if not _SIMPLE_NO_FIVE >> slot.tile & 1:
            return False
        kind = slot.group_kind
        if kind == MeldKind.CHOW:
            return RANK_OF[slot.group_tile] in (2, 6)
        return kind in (MeldKind.PUNG, MeldKind.KONG, 3)


class BullKind(WildKind):
    """牛: 「睇你手牌連落咗地嘅牌：入面最大嗰個數，同數或者更大嘅筒索萬都當得。」

    The bar is the largest number among the player's natural numbered tiles, all suits together
    (「三四五六萬：牛當得六萬，亦當得九筒」).  Choices: honours have no number, so they neither set the
    bar nor are in range (「筒索萬都當得」); wildcards (this one or others) never set the bar, only
    natural tiles do; the natural winning tile counts (``WildRules.context_counts_winning_tile``); with
    no numbered natural tile, any 筒索萬 (``WildRules.bull_bear_unbounded``; off: nothing).
    """

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("牛", "牛睇你手牌連落咗地嘅牌：入面最大嗰個數，同數或者更大嘅筒索萬都當得。")

    def mask(self, ctx: WildContext) -> int:
        """Numbered tiles with number >= ``ctx.max_rank``."""
        if ctx.max_rank == 0:
            return SUITED if ctx.rules.bull_bear_unbounded else 0
        return _AT_LEAST[ctx.max_rank]


class BearKind(WildKind):
    """熊: 「睇你手牌連落咗地嘅牌：入面最細嗰個數，同數或者更細嘅筒索萬都當得。」

    Mirror of 牛 (same choices): numbered tiles with number <= the smallest number the player holds.
    """

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("熊", "熊睇你手牌連落咗地嘅牌：入面最細嗰個數，同數或者更細嘅筒索萬都當得。")

    def mask(self, ctx: WildContext) -> int:
        """Numbered tiles with number <= ``ctx.min_rank``."""
        if ctx.min_rank == 0:
            return SUITED if ctx.rules.bull_bear_unbounded else 0
        return _AT_MOST[ctx.min_rank]


class HorseKind(WildKind):
    """馬: 「馬跟你坐邊個位而變」:

    * 東位（莊）：一、五、九 + 東風
    * 南位：二、六 + 南風 + 中發白
    * 西位：三、七 + 西風 + 中發白
    * 北位：四、八 + 北風 + 中發白

    Numbers in all three suits (choice: seed 000 names numbers without a suit).  「莊家一過莊，大家嘅
    馬跟住變；打出嚟嘅馬，睇嘅係攞佢嗰家嘅位」: the caller passes the seat at the time of the win, of
    the player who holds (or took) the 馬.
    """

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("馬", "馬跟你坐邊個位而變")

    def mask(self, ctx: WildContext) -> int:
        """The range of ``ctx.seat_wind``."""
        return _HORSE[ctx.seat_wind - 27]


class GatherKind(WildKind):
    """聚: 「當得你已經有嘅牌 —— 手牌同落咗地嘅組都計（包括明章）。」

    Any tile kind among the player's natural tiles (hand and melds).  Choices: only natural tiles count
    (a wildcard does not make its reading 「已經有」); the natural winning tile counts
    (``WildRules.context_counts_winning_tile``).
    """

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("聚", "聚當得你已經有嘅牌 —— 手牌同落咗地嘅組都計（包括明章）。")

    def mask(self, ctx: WildContext) -> int:
        """``ctx.have_mask``."""
        return ctx.have_mask


class LoneKind(WildKind):
    """獨: 「當得你一隻都冇嘅牌 —— 手牌同落咗地嘅組都冇先算。」

    Any tile kind (honours included) not among the player's natural tiles; same choices as 聚.  Two
    獨 may stand for the same tile (the rule reads natural tiles only).
    """

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("獨", "獨當得你一隻都冇嘅牌 —— 手牌同落咗地嘅組都冇先算。")

    def mask(self, ctx: WildContext) -> int:
        """Every tile kind not in ``ctx.have_mask``."""
        return ALL_TILES ^ ctx.have_mask


class SeenKind(WildKind):
    """現: 「當得枱面已經出現過一次或以上嘅牌，出現咗先當得。」

    Any tile in ``ctx.seen_tiles``, plus the winning discard (「天叮單吊現，有人打出九萬，下家跟住打九萬
    都食得」).  What counts as seen (discards, every exposed meld) is the caller's; the self-drawn
    winning tile is not seen.
    """

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("現", "現當得枱面已經出現過一次或以上嘅牌，出現咗先當得。")

    def mask(self, ctx: WildContext) -> int:
        """``ctx.seen_mask``."""
        return ctx.seen_mask


class _ActsAsKind(WildKind):
    """A kind that acts as other kinds (複製, 創造): union over :func:`alternatives`."""

    __slots__ = ()

    def mask(self, ctx: WildContext) -> int:
        """Union of the masks of everything it may act as (in hand or in an exposed meld)."""
        key = (self.name, "mask")
        cached = ctx.cache.get(key)
        if cached is not None:
            return cached  # type: ignore[return-value]
        out = 0
        for alt in alternatives(self, ctx):
            out |= alt.mask(ctx)
        for alt in alternatives(self, ctx, in_exposed=True):
            out |= alt.mask(ctx)
        ctx.cache[key] = out
        return out

    def admits(self, slot: Slot, ctx: WildContext) -> bool:
        """Some kind it may act as at this slot admits the slot."""
        alts = alternatives(self, ctx, in_exposed=slot.exposed, in_concealed_kong=slot.concealed_kong)
        return any(alt.admits(slot, ctx) for alt in alts)


class CopyKind(_ActsAsKind):
    """複製: 「複製你手上另一隻搭。要落地就只可以複製自己已經落咗地嘅搭；唔可以暗槓。手上淨係得複製、
    冇其他搭，就當大皇用。」

    Acts as any other kind the player holds (``ctx.held_kinds``, hand and melds).  Choices: a 複製
    copying a 創造 acts as what that 創造 may become; a 複製 never copies another 複製 (two 複製 and
    nothing else: both are 大皇); in an exposed meld it copies only ``ctx.exposed_kinds``, and with
    none there it cannot be laid down unless ``WildRules.copy_alone_in_exposed`` and it is alone (then
    大皇).  Constraint kinds copied (確單 …) keep their constraint: use the alternative's
    ``suit_count_ok``.
    """

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(
            COPY,
            "複製複製你手上另一隻搭。要落地就只可以複製自己已經落咗地嘅搭；唔可以暗槓。"
            "手上淨係得複製、冇其他搭，就當大皇用。",
            position_dependent=True,
        )


class CreateKind(_ActsAsKind):
    """創造: 「變成「呢張枱有、但你手上未有」嘅其中一款搭 —— 所以會變成邊款，要睇張枱實際玩緊邊啲搭。
    唔可以落地，唔可以暗槓。」

    Acts as any kind in ``ctx.table_kinds`` that the player does not hold (``ctx.held_kinds``, hand
    and melds).  Choices: never 複製 or 創造 (a 創造 turned 複製 would copy a kind you hold, against
    「你手上未有」); never in an exposed meld or a 暗槓.
    """

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(
            CREATE,
            "創造變成「呢張枱有、但你手上未有」嘅其中一款搭 —— 所以會變成邊款，要睇張枱實際玩緊邊啲搭。"
            "唔可以落地，唔可以暗槓。",
            position_dependent=True,
        )


class SuitCountKind(WildKind):
    """確單, 確雙, 限五, 七起: 「限住一門嘅數量」.

    Stands for any 筒索萬 tile; the 門 it joins must then have an odd / even count, at most five, at
    least seven tiles, wildcards and melds included (「萬門有四隻真牌 + 確單 → 五隻，單數」).  Choices:
    a kong counts four tiles; honours only with ``WildRules.count_kinds_join_honours`` (the seven
    honours then are one 門).  The search checks ``suit_count_ok`` on the final hand.
    """

    __slots__ = ("least", "most", "parity")

    parity: int | None
    least: int
    most: int

    def __init__(
        self, name: str, seed: str, *, parity: int | None = None, least: int = 0, most: int = 99
    ) -> None:
        super().__init__(name, seed)
        self.parity = parity
        self.least = least
        self.most = most

    def mask(self, ctx: WildContext) -> int:
        """All 筒索萬, plus the honours when ``ctx.rules.count_kinds_join_honours``; for a kind with a
        most (限五), without the 門 whose natural tiles, the natural winning tile aside, already
        number that most: the wildcard would make it one more (「限五佢所在嗰一門最多五隻」).

        The winning tile is set aside so the mask also holds for the 16 tiles before the win (the
        waits): a narrower mask only drops tiles no final hand could admit.
        """
        full = ALL_TILES if ctx.rules.count_kinds_join_honours else SUITED
        if self.most >= 99:
            return full
        counts = [0, 0, 0, 0]
        for t in ctx.natural_tiles:
            counts[t // 9 if t < 27 else 3] += 1
        if ctx.winning_tile is not None:
            w = ctx.winning_tile
            counts[w // 9 if w < 27 else 3] -= 1
        for door, mask in enumerate((*SUIT_MASKS, HONOURS)):
            if counts[door] >= self.most:
                full &= ~mask
        return full

    def suit_count_ok(self, suit_count: int) -> bool:
        """Odd (確單), even (確雙), <= 5 (限五) or >= 7 (七起)."""
        if self.parity is not None and suit_count % 2 != self.parity:
            return False
        return self.least <= suit_count <= self.most


def _fixed(name: str, seed: str, bits: int) -> FixedKind:
    return FixedKind(name, seed, bits)


_ALL_KINDS: Final[tuple[WildKind, ...]] = (
    _fixed("皇", "皇任何一隻牌，花除外。大皇就係佢。", ALL_TILES),
    _fixed("筒索萬", "筒索萬所有筒子、索子、萬子。", SUITED),
    _fixed("筒", "筒所有筒子。", SUIT_MASKS[1]),
    _fixed("索", "索所有索子。", SUIT_MASKS[2]),
    _fixed("萬", "萬所有萬子。", SUIT_MASKS[0]),
    _fixed("番", "番所有番子（字牌）。", HONOURS),
    _fixed("東南西北", "東南西北東風、南風、西風、北風。", WIND_TILES),
    _fixed("中發白", "中發白紅中、發財、白板。", DRAGON_TILES),
    _fixed("大", "大七、八、九。", ranks(7, 8, 9)),
    _fixed("中", "中四、五、六。", ranks(4, 5, 6)),
    _fixed("小", "小一、二、三。", ranks(1, 2, 3)),
    _fixed("單", "單一、三、五、七、九。", ranks(1, 3, 5, 7, 9)),
    _fixed("雙", "雙二、四、六、八。", ranks(2, 4, 6, 8)),
    _fixed("一九", "一九一、九。", ranks(1, 9)),
    _fixed("一四七", "一四七一、四、七。", ranks(1, 4, 7)),
    _fixed("二五八", "二五八二、五、八。", ranks(2, 5, 8)),
    _fixed("三六九", "三六九三、六、九。", ranks(3, 6, 9)),
    _fixed("番工", "番工六、七、八、九，再加所有番子。", ranks(6, 7, 8, 9) | HONOURS),
    _fixed("番攤", "番攤一、二、三、四，再加所有番子。", ranks(1, 2, 3, 4) | HONOURS),
    ClosedKind(),
    FiveEdgeKind(),
    NoTerminalNoFiveKind(),
    BullKind(),
    BearKind(),
    HorseKind(),
    GatherKind(),
    LoneKind(),
    SeenKind(),
    CopyKind(),
    CreateKind(),
    SuitCountKind("確單", "確單佢所在嗰一門嘅數量要係單數。", parity=1),
    SuitCountKind("確雙", "確雙佢所在嗰一門嘅數量要係雙數。", parity=0),
    SuitCountKind("限五", "限五佢所在嗰一門最多五隻。", most=5),
    SuitCountKind("七起", "七起佢所在嗰一門最少七隻。", least=7),
)

KINDS: Final[dict[str, WildKind]] = {k.name: k for k in _ALL_KINDS}
"""The 34 kinds by printed name, in seed 000's order.

Fixed ranges (``fixed_mask`` not ``None``): 皇 … 番攤 (number kinds in all three suits: seed 000 gives
numbers without a suit, and honours have no number), and the supersets of 卡番/伍偏/斷缺."""

assert tuple(KINDS) == KIND_NAMES


def kind_named(name: str) -> WildKind:
    """The kind called ``name`` (printed name or alias: 大皇/百搭 → 皇, 万 → 萬, 条 → 索, 餅 → 筒,
    复制 → 複製, ``筒搭`` → 筒, ``搭:中發白`` → 中發白 …).

    Raises:
        HandError: code ``wild_unsupported``, ``token=name``, hint listing the 34 kinds.
    """
    return KINDS[canonical_name(name)]


_IMPERIAL: Final = KINDS["皇"]


def _create_alternatives(ctx: WildContext) -> tuple[WildKind, ...]:
    held = ctx.held_names
    return tuple(KINDS[n] for n in ctx.table_names if n not in held and n != COPY and n != CREATE)


def alternatives(
    kind: WildKind, ctx: WildContext, *, in_exposed: bool = False, in_concealed_kong: bool = False
) -> tuple[WildKind, ...]:
    """What a wildcard of ``kind`` may act as.

    Args:
        kind: the printed kind of the wildcard.
        ctx: the hand's context (``held_kinds``, ``exposed_kinds``, ``table_kinds``).
        in_exposed: the wildcard stands in an exposed meld (上/碰/明槓/加槓).
        in_concealed_kong: the wildcard stands in a 暗槓.

    Returns:
        ``(kind,)`` for every kind but 複製 and 創造.  複製 (「複製你手上另一隻搭」): each other kind
        held, in seed order, a copied 創造 replaced by what it may become; in an exposed meld only
        ``exposed_kinds`` (「要落地就只可以複製自己已經落咗地嘅搭」); none in a 暗槓 (「唔可以暗槓」);
        with no other kind held, ``(皇,)`` (「手上淨係得複製、冇其他搭，就當大皇用」).  創造: each kind
        of ``table_kinds`` not held, in table order, never 複製/創造; none in an exposed meld or a 暗槓
        (「唔可以落地，唔可以暗槓」).  An empty tuple means the wildcard cannot stand there.
    """
    name = kind.name
    if name != COPY and name != CREATE:
        return (kind,)
    key = (name, in_exposed, in_concealed_kong)
    cached = ctx.cache.get(key)
    if cached is None:
        cached = ctx.cache[key] = _acts_as(name, ctx, in_exposed, in_concealed_kong)
    return cached  # type: ignore[return-value]


def _acts_as(name: str, ctx: WildContext, in_exposed: bool, in_concealed_kong: bool) -> tuple[WildKind, ...]:
    if name == CREATE:
        if in_exposed or in_concealed_kong:
            return ()
        return _create_alternatives(ctx)
    if in_concealed_kong:
        return ()
    if in_exposed:
        exposed = tuple(KINDS[n] for n in KIND_NAMES if n in ctx.exposed_names and n not in (COPY, CREATE))
        if exposed:
            return exposed
        if ctx.rules.copy_alone_in_exposed and not ctx.held_names - {COPY}:
            return (_IMPERIAL,)
        return ()
    others = [n for n in KIND_NAMES if n in ctx.held_names and n != COPY]
    if not others:
        return (_IMPERIAL,)
    out: list[WildKind] = []
    for n in others:
        for alt in _create_alternatives(ctx) if n == CREATE else (KINDS[n],):
            if alt not in out:
                out.append(alt)
    return tuple(out)
