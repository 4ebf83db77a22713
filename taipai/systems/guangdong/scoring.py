"""雞平和's detectors and its combination rule (seed 001 「番的牌型规则设定」; values: ``preset.toml``).

Each detector takes a :class:`HandView` (one reading of a 13-tile win and the facts of the win) and returns
how many times its row scores (0: not at all).

**Combination** (:func:`evaluate`):

- A hand with a 爆和以外 row (特殊牌型) is worth its highest such row, alone: 「这些特殊牌型不再叠加其他
  番种」, 「爆和以外不加番」 (so 清一色 with 自摸 is 4番, 字一色 with 大三元 6番, 九莲宝灯 「不计清一色」).
- Otherwise the 爆和以内 rows (平和, 碰碰和, 混一色; 鸡和 0 when none of them) and their 附加 (自摸, 門風,
  圈風, 箭刻 each +1) are summed and capped at the table's 爆和: 「爆和内牌型加附加牌型不能冲破爆和的上限」.
  平和 and 混一色 together sum (1 + 2 = 3: the seed has no row for the pair, our reading); 混一色 and
  碰碰和 together are 混碰 (4), a special row.
- A floor word (一炮三響, 槓上開花, 海底撈月, 搶槓) lifts a hand under the table's floor to it (「不满3番
  牌型，按照3番满计算，大于3番的牌型，按照实际牌型计算」); the floor's row shows the 番 it adds.

The best reading is the highest value, then the highest sum before the cap, then the first found.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from taipai.core.hand import PAIR, Reading
from taipai.core.handspec import HandSpec, MeldKind
from taipai.core.scoretypes import PatternScore
from taipai.core.tiles import (
    DRAGONS,
    IS_HONOUR,
    IS_TERMINAL,
    ORPHANS,
    WINDS,
    TileIndex,
    has_honour,
    suits_of,
)
from taipai.systems.guangdong.rules import GuangdongRules

NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
"""九蓮寶燈: 1112345678999 of one suit (the fourteenth tile is any tile of that suit)."""


@dataclass(frozen=True, slots=True)
class HandView:
    """One reading of a 13-tile win and the facts of the win.

    Attributes:
        tiles: every tile kind of the hand (concealed, winning tile, melds; a kong as four).
        pungs: the tile of each pung or kong of the reading.
        chows: the number of chows of the reading.
        eyes: the eyes' tile, or ``None`` (十三幺).
        thirteen: the reading is 十三幺.
        concealed: nothing is laid down (九蓮寶燈).
        self_drawn: 摸 X.
        seat_wind / round_wind: tile kinds 27..30.
        kong_draw: 槓上 said on a self-draw.
        last_draw: 海底 said on a self-draw.
        robbed: 搶槓 said on a discard.
        triple: 一炮三響 said.
    """

    tiles: tuple[TileIndex, ...]
    pungs: tuple[TileIndex, ...]
    chows: int
    eyes: TileIndex | None
    thirteen: bool
    concealed: bool
    self_drawn: bool
    seat_wind: TileIndex
    round_wind: TileIndex
    kong_draw: bool = False
    last_draw: bool = False
    robbed: bool = False
    triple: bool = False

    @classmethod
    def of(cls, spec: HandSpec, reading: Reading | None) -> HandView:
        """The view of ``reading`` (``None``: 十三幺) of ``spec`` (its situation: the winds, the words)."""
        groups = reading.groups if reading is not None else ()
        s = spec.situation
        return cls(
            tiles=tuple(spec.all_tiles()),
            pungs=tuple(g.tile for g in groups if g.kind in (MeldKind.PUNG, MeldKind.KONG)),
            chows=sum(1 for g in groups if g.kind == MeldKind.CHOW),
            eyes=next((g.tile for g in groups if g.kind == PAIR), None),
            thirteen=reading is None,
            concealed=not spec.melds,
            self_drawn=spec.self_drawn,
            seat_wind=s.seat_wind,
            round_wind=s.round_wind,
            kong_draw=spec.self_drawn and s.kong_replacements >= 1,
            last_draw=spec.self_drawn and s.last_tile_draw,
            robbed=not spec.self_drawn and s.robbing_kong,
            triple=s.multiple_winners == 3,
        )

    @property
    def suits(self) -> frozenset[int]:
        """The suits (0 萬, 1 筒, 2 索) among the tiles."""
        return suits_of(self.tiles)

    @property
    def has_honours(self) -> bool:
        """Some tile is an honour."""
        return has_honour(self.tiles)


# ------------------------------------------------------------------------------- 爆和以内 and 附加


def chicken_hand(v: HandView) -> int:
    """「鸡和 0 1 什么牌都可以和，可吃碰杠」: any standard win (listed when no other 爆和以内 row applies)."""
    return int(not v.thirteen)


def all_chows(v: HandView) -> int:
    """「平和 1 2 全部都是顺子没有刻子」: four chows, laid down or in hand; the eyes may be any tile."""
    return int(not v.thirteen and v.chows == 4)


def all_pungs(v: HandView) -> int:
    """「碰碰和 2 4 全部是刻子没有顺子」: four pungs or kongs and the eyes."""
    return int(not v.thirteen and len(v.pungs) == 4)


def mixed_one_suit(v: HandView) -> int:
    """「混一色 2 4 整副牌由字牌及另外单一花色（筒、条或万）组成」: one suit and honours."""
    return int(len(v.suits) == 1 and v.has_honours)


def self_drawn(v: HandView) -> int:
    """「在爆和以内自摸+1番」: the winning tile was drawn by the winner."""
    return int(v.self_drawn)


def seat_wind(v: HandView) -> int:
    """「拿到本盘门风的刻子+1番」: a pung or kong of the winner's seat wind."""
    return int(v.seat_wind in v.pungs)


def round_wind(v: HandView) -> int:
    """「拿到该风圈局的刻子，+1番」: a pung or kong of the round wind (2 with 門風 when one wind)."""
    return int(v.round_wind in v.pungs)


def dragon_pung(v: HandView) -> int:
    """「红中、白板、发财任意一个刻子为1番，两个刻子为2番」: 1 per pung or kong of 中, 發 or 白."""
    return sum(1 for t in v.pungs if t in DRAGONS)


# ------------------------------------------------------------------------------- 爆和以外


def pure_one_suit(v: HandView) -> int:
    """「清一色 4 16 整副牌由同一花色组成」: one suit, no honours."""
    return int(len(v.suits) == 1 and not v.has_honours)


def mixed_pungs(v: HandView) -> int:
    """「混碰 4 16 混一色 + 碰碰和」."""
    return int(mixed_one_suit(v) and all_pungs(v))


def pure_pungs(v: HandView) -> int:
    """「清碰 5 32 清一色 + 碰碰和」."""
    return int(pure_one_suit(v) and all_pungs(v))


def mixed_terminals(v: HandView) -> int:
    """「混幺九 5 32 由幺九牌和字牌组成的牌型」: every tile a terminal or an honour, both present (十三幺 is
    its own row; all honours is 字一色, all terminals 清幺九)."""
    if v.thirteen or not all(t in ORPHANS for t in v.tiles):
        return 0
    return int(v.has_honours and any(IS_TERMINAL[t] for t in v.tiles))


def small_dragons(v: HandView) -> int:
    """「小三元 5 32 拿齐中、发、白三种三元牌但其中一种是将」: two dragon pungs and dragon eyes."""
    return int(sum(1 for t in v.pungs if t in DRAGONS) == 2 and v.eyes in DRAGONS)


def small_winds(v: HandView) -> int:
    """「小四喜 5 32 和牌者完成东、南、西、北其中三组刻子，一组对子」: three wind pungs and wind eyes."""
    return int(sum(1 for t in v.pungs if t in WINDS) == 3 and v.eyes in WINDS)


def all_honours(v: HandView) -> int:
    """「字一色 6 64 由字牌组合成的刻子牌型」: every tile an honour."""
    return int(not v.thirteen and all(IS_HONOUR[t] for t in v.tiles))


def all_terminals(v: HandView) -> int:
    """「清幺九 6 64 只由幺九两种牌组成的刻子牌型」: every tile a 1 or a 9."""
    return int(all(IS_TERMINAL[t] for t in v.tiles))


def big_dragons(v: HandView) -> int:
    """「大三元 6 64 和牌时有中、发、白三组刻子」."""
    return int(all(d in v.pungs for d in DRAGONS))


def big_winds(v: HandView) -> int:
    """「大四喜 6 64 和牌者完成东、南、西、北四组刻子」."""
    return int(all(w in v.pungs for w in WINDS))


def nine_gates(v: HandView) -> int:
    """「九莲宝灯 6 64 同种牌形成 9 ，在摸到该种牌任何一张即可和牌」: nothing laid down, one suit,
    1112345678999 and one more tile of that suit."""
    if not v.concealed or len(v.suits) != 1 or v.has_honours:
        return 0
    suit = next(iter(v.suits))
    counts = [0] * 9
    for t in v.tiles:
        counts[t - suit * 9] += 1
    return int(all(c >= need for c, need in zip(counts, NINE_GATES, strict=True)))


def thirteen_orphans(v: HandView) -> int:
    """「十三幺 6 64 1 、 9 万筒索，东、南、西、北、中、发、白；以上牌型任意一张牌作将」."""
    return int(v.thirteen)


# ------------------------------------------------------------------------------- floors


def triple_win(v: HandView) -> int:
    """「一炮三响 ： 同一张牌点三个炮 … 不满3番牌型，按照3番满计算」: 一炮三響 said."""
    return int(v.triple)


def kong_flower(v: HandView) -> int:
    """「杠上开花：不满3番牌型，按照3番满计算」: self-drawn on a kong's replacement (槓上 / 槓上開花)."""
    return int(v.kong_draw)


def last_tile(v: HandView) -> int:
    """「海底捞月：摸最后一张牌和牌不满3番牌型，按照3番满计算」: self-drawn, the wall's last tile (海底)."""
    return int(v.last_draw)


def robbing_kong(v: HandView) -> int:
    """「抢杠 … 抢杠者牌型不满3番牌型，按照3番满计算」: won on a tile added to a pung (搶槓)."""
    return int(v.robbed)


Detector = Callable[[HandView], int]

DETECTORS: dict[str, Detector] = {
    f.__name__: f
    for f in (
        chicken_hand,
        all_chows,
        all_pungs,
        mixed_one_suit,
        self_drawn,
        seat_wind,
        round_wind,
        dragon_pung,
        pure_one_suit,
        mixed_pungs,
        pure_pungs,
        mixed_terminals,
        small_dragons,
        small_winds,
        all_honours,
        all_terminals,
        big_dragons,
        big_winds,
        nine_gates,
        thirteen_orphans,
        triple_win,
        kong_flower,
        last_tile,
        robbing_kong,
    )
}
"""``{row id: detector}``: the ids the rule table holds."""

KNOWN = frozenset(DETECTORS)
"""The ids of :data:`DETECTORS`."""


def evaluate(
    view: HandView, rules: GuangdongRules, cap: int, floor: int
) -> tuple[int, int, list[PatternScore]]:
    """Score one reading by the combination rule (module docstring).

    Args:
        view: the reading.
        rules: the rule table.
        cap: 爆和 in 番 (the table's ``cap``).
        floor: the floor in 番 (the table's ``floor``).

    Returns:
        ``(value, sum before the cap, rows)``: the hand's 番, the plain sum, and the rows to show (a
        special row alone; else the capped rows, highest first, then the 附加; then the floor's lift).
    """
    rows = rules.rows
    special = [r for r in rules.family("special") if DETECTORS[r.id](view)]
    replaced = {e for r in special for e in r.excludes}
    special = [r for r in special if r.id not in replaced]
    shown: list[PatternScore]
    if special:
        top = max(special, key=lambda r: r.fan)  # max keeps the first of equal rows: table order
        value = raw = top.fan
        shown = [PatternScore(top.id, top.name, top.fan, 1)]
    else:
        capped = [r for r in rules.family("capped") if r.id != "chicken_hand" and DETECTORS[r.id](view)]
        if not capped:
            capped = [rows["chicken_hand"]]
        shown = [PatternScore(r.id, r.name, r.fan, 1) for r in sorted(capped, key=lambda r: -r.fan)]
        for r in rules.family("extra"):
            n = DETECTORS[r.id](view)
            if n:
                shown.append(PatternScore(r.id, r.name, r.fan * n, n))
        raw = sum(p.fan for p in shown)
        value = min(raw, cap)
    lifted = next((r for r in rules.family("floor") if DETECTORS[r.id](view)), None)
    if lifted is not None and value < floor:
        shown.append(PatternScore(lifted.id, lifted.name, floor - value, 1))
        value = floor
    return value, raw, shown
