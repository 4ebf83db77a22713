"""廣東牌's detectors: one function per row of seed 003 「香港牌台數說明」 (values and exclusions are data,
in ``preset.toml``).

Each detector takes a :class:`HandView` (one reading of the hand, and the facts of the win) and returns
how many times its row scores (0: not at all).  Its docstring quotes the seed row and says how a loose
row was read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from taipai.core.hand import PAIR, Reading
from taipai.core.handspec import HandSpec, MeldKind
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

NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
"""九字連環: 1112345678999 of one suit (the fourteenth tile is any tile of that suit)."""


@dataclass(frozen=True, slots=True)
class HandView:
    """One reading of a 13-tile win and what the table knows of it.

    Attributes:
        spec: the hand as parsed.
        reading: the 4-melds-+-eyes reading, or ``None`` for 十三么.
        seat_wind / round_wind: tile kinds 27..30.
        dealer: the winner deals.
        hand_win: the message said 手胡 (:class:`~taipai.systems.hk_old.words.HkOldSituation`).
        flowers_on: the table plays flowers.
        tiles: every tile kind of the hand (concealed, winning tile, melds; a kong as four).
        pungs: the tile of each pung or kong of the reading.
        chows: the number of chows of the reading.
        eyes: the eyes' tile, or ``None`` (十三么).
        kongs: the number of kongs laid down.
        concealed_pungs: the pungs and kongs of the reading that are concealed (a 暗槓 is; a pung
            completed by the discarded winning tile is not).
    """

    spec: HandSpec
    reading: Reading | None
    seat_wind: TileIndex
    round_wind: TileIndex
    dealer: bool
    hand_win: bool
    flowers_on: bool
    tiles: tuple[TileIndex, ...]
    pungs: tuple[TileIndex, ...]
    chows: int
    eyes: TileIndex | None
    kongs: int
    concealed_pungs: int

    @classmethod
    def of(
        cls,
        spec: HandSpec,
        reading: Reading | None,
        *,
        seat_wind: TileIndex,
        round_wind: TileIndex,
        dealer: bool,
        hand_win: bool,
        flowers_on: bool,
    ) -> HandView:
        """The view of ``reading`` (``None``: 十三么) of ``spec``."""
        groups = reading.groups if reading is not None else ()
        pungs = tuple(g.tile for g in groups if g.kind in (MeldKind.PUNG, MeldKind.KONG))
        return cls(
            spec=spec,
            reading=reading,
            seat_wind=seat_wind,
            round_wind=round_wind,
            dealer=dealer,
            hand_win=hand_win,
            flowers_on=flowers_on,
            tiles=tuple(spec.all_tiles()),
            pungs=pungs,
            chows=sum(1 for g in groups if g.kind == MeldKind.CHOW),
            eyes=next((g.tile for g in groups if g.kind == PAIR), None),
            kongs=sum(1 for m in spec.melds if m.kind is MeldKind.KONG),
            concealed_pungs=sum(
                1 for g in groups if g.kind in (MeldKind.PUNG, MeldKind.KONG) and g.concealed
            ),
        )

    @property
    def suits(self) -> frozenset[int]:
        """The suits (0 萬, 1 筒, 2 索) among the tiles."""
        return suits_of(self.tiles)

    @property
    def has_honours(self) -> bool:
        """Some tile is an honour."""
        return has_honour(self.tiles)


def _standard(v: HandView) -> bool:
    return v.reading is not None


# ------------------------------------------------------------------------------------------ 一翻役


def concealed_hand(v: HandView) -> int:
    """一翻役 「門前清(未上過,未碰過,未開過明槓)」: no chow, pung, exposed or added kong laid down (a
    暗槓 keeps it); on a discard or a self-draw alike."""
    return int(v.spec.is_concealed)


def all_chows(v: HandView) -> int:
    """一翻役 「平胡」: our reading (the seed gives the name only): the four melds are chows, laid down or
    in hand; the eyes may be any tile."""
    return int(_standard(v) and v.chows == 4)


def self_drawn(v: HandView) -> int:
    """一翻役 「自摸」: the winning tile was drawn by the winner."""
    return int(v.spec.self_drawn)


def dragon_pung(v: HandView) -> int:
    """一翻役 「三元牌」: 1 for each pung or kong of 中, 發 or 白."""
    return sum(1 for t in v.pungs if t in DRAGONS)


def seat_wind(v: HandView) -> int:
    """一翻役 「門風牌/圈風牌」: a pung or kong of the winner's seat wind (門風)."""
    return int(v.seat_wind in v.pungs)


def round_wind(v: HandView) -> int:
    """一翻役 「門風牌/圈風牌」: a pung or kong of the round wind (圈風); with the seat wind's, 2 翻 when
    both are the same wind."""
    return int(v.round_wind in v.pungs)


def last_tile(v: HandView) -> int:
    """一翻役 「海底撈月(未另計自摸)」: self-drawn with the last tile of the wall (said 海底 / 海底撈月)."""
    return int(v.spec.self_drawn and v.spec.situation.last_tile_draw)


def kong_flower(v: HandView) -> int:
    """一翻役 「槓上花(未另計自摸)」: self-drawn on the tile drawn after a kong (said 槓上 / 槓上花 /
    槓上開花)."""
    return int(v.spec.self_drawn and v.spec.situation.kong_replacements >= 1)


def robbing_kong(v: HandView) -> int:
    """一翻役 「搶槓(當出沖論)」: won on the tile another player added to a pung (said 搶槓); paid as a
    discard by the konging player."""
    return int(not v.spec.self_drawn and v.spec.situation.robbing_kong)


def flower_flower(v: HandView) -> int:
    """一翻役 「花上花(未另計自摸)」: self-drawn on the tile drawn for a flower (said 花上 or 花上花; a
    longer chain of flowers still scores once)."""
    return int(v.spec.self_drawn and v.spec.situation.flower_replacements >= 1)


def _seat_number(v: HandView) -> int:
    return WINDS.index(v.seat_wind) + 1


def seat_flower(v: HandView) -> int:
    """一翻役 「正花/無花」: 1 for each flower of the seat's number (春/梅 東, 夏/蘭 南, 秋/菊 西,
    冬/竹 北), at a table that plays flowers."""
    if not v.flowers_on:
        return 0
    return sum(1 for f in v.spec.flowers if (f - 1) % 4 + 1 == _seat_number(v))


def no_flowers(v: HandView) -> int:
    """一翻役 「正花/無花」: no flower, at a table that plays flowers."""
    return int(v.flowers_on and not v.spec.flowers)


def plants_set(v: HandView) -> int:
    """一翻役 「梅蘭菊竹/春夏秋冬(未計正花)」: all four of 梅蘭菊竹."""
    return int(v.flowers_on and {5, 6, 7, 8} <= set(v.spec.flowers))


def seasons_set(v: HandView) -> int:
    """一翻役 「梅蘭菊竹/春夏秋冬(未計正花)」: all four of 春夏秋冬."""
    return int(v.flowers_on and {1, 2, 3, 4} <= set(v.spec.flowers))


def seven_flowers(v: HandView) -> int:
    """一翻役 「七隻花/八隻花 (未計正花、梅蘭菊竹、春夏秋冬)」: seven of the eight flowers."""
    return int(v.flowers_on and len(v.spec.flowers) == 7)


def eight_flowers(v: HandView) -> int:
    """一翻役 「七隻花/八隻花 (未計正花、梅蘭菊竹、春夏秋冬)」: all eight flowers."""
    return int(v.flowers_on and len(v.spec.flowers) == 8)


# ------------------------------------------------------------------------------------------ 兩翻役


def hand_win(v: HandView) -> int:
    """兩翻役 「手胡(類以日本牌既"雙立直")」: said 手胡 (the table saw the winner ready from the first
    discard, like a double riichi); :func:`taipai.systems.hk_old.reading.score_message` refuses it on a
    hand with a meld laid down."""
    return int(v.hand_win)


# ------------------------------------------------------------------------------------------ 三翻役


def all_pungs(v: HandView) -> int:
    """三翻役 「對對胡」: four pungs or kongs and the eyes."""
    return int(_standard(v) and len(v.pungs) == 4)


def mixed_one_suit(v: HandView) -> int:
    """三翻役 「混一色」: one suit and honours."""
    return int(len(v.suits) == 1 and v.has_honours)


def small_dragons(v: HandView) -> int:
    """三翻役 「小三元(未另計三元牌翻數)」: two dragons as pungs or kongs and the third as the eyes."""
    return int(sum(1 for t in v.pungs if t in DRAGONS) == 2 and v.eyes in DRAGONS)


def mixed_terminals(v: HandView) -> int:
    """三翻役 「花么九(等於日本牌既"混老頭")」: every tile a terminal or an honour, with both terminals and
    honours (all honours is 全字胡, all terminals 全么九); 十三么 is its own 例牌."""
    if not _standard(v) or not all(t in ORPHANS for t in v.tiles):
        return 0
    return int(v.has_honours and any(IS_TERMINAL[t] for t in v.tiles))


def human_win(v: HandView) -> int:
    """三翻役 「人胡(閒家首隻摸的牌而能食胡)」: said 人胡, a non-dealer self-drawing their first tile."""
    return int(v.spec.situation.human)


# ------------------------------------------------------------------------------------------ 六翻役


def pure_one_suit(v: HandView) -> int:
    """六翻役 「清一色」: one suit, no honours (its 翻 is the table setting ``pure_one_suit``, 6 or 7)."""
    return int(len(v.suits) == 1 and not v.has_honours)


# ------------------------------------------------------------------------------------------ 例牌


def heavenly(v: HandView) -> int:
    """例牌 「天胡(莊家一開牌而能食胡)」: said 天胡, the dealer winning on the deal."""
    return int(v.spec.situation.heavenly)


def earthly(v: HandView) -> int:
    """例牌 「地胡(閒家食莊家首隻打出的牌)」: said 地胡, a non-dealer winning on the dealer's first
    discard."""
    return int(v.spec.situation.earthly)


def four_concealed_pungs(v: HandView) -> int:
    """例牌 「坎坎胡(等於日本牌既"四暗刻")」: four concealed pungs or kongs (暗槓 counts; a pung completed
    by the discarded winning tile is not concealed)."""
    return int(_standard(v) and v.concealed_pungs == 4)


def thirteen_orphans(v: HandView) -> int:
    """例牌 「十三么(不是牌王,可以被人截胡,也不可搶暗槓)」: the 13 terminals and honours, one of them twice
    (it is won on a discard like any hand: 「可以被人截胡」)."""
    return int(v.reading is None)


def all_honours(v: HandView) -> int:
    """例牌 「全字胡」: every tile an honour."""
    return int(all(IS_HONOUR[t] for t in v.tiles))


def big_dragons(v: HandView) -> int:
    """例牌 「大三元」: pungs or kongs of 中, 發 and 白."""
    return int(all(d in v.pungs for d in DRAGONS))


def _wind_pungs(v: HandView) -> int:
    return sum(1 for t in v.pungs if t in WINDS)


def small_winds(v: HandView) -> int:
    """例牌 「小四喜」: three winds as pungs or kongs and the fourth as the eyes — when the eyes are the seat
    or the round wind (else the seed's 大四喜 note makes it 大四喜, :func:`big_winds`)."""
    return int(_wind_pungs(v) == 3 and v.eyes in WINDS and v.eyes in (v.seat_wind, v.round_wind))


def big_winds(v: HandView) -> int:
    """例牌 「大四喜(不一定要全碰東南西北,只要有碰圈風牌,門風牌,其他的兩門,一種是搭,一種是眼,已經是大四喜,
    不是小四喜)」: four winds as pungs or kongs; or, as the note says, the round and seat winds among three
    wind pungs with the remaining wind as the eyes (so: three wind pungs and wind eyes that are neither
    the seat nor the round wind)."""
    if _wind_pungs(v) == 4:
        return 1
    return int(_wind_pungs(v) == 3 and v.eyes in WINDS and v.eyes not in (v.seat_wind, v.round_wind))


def kong_on_kong(v: HandView) -> int:
    """例牌 「槓上槓自摸」: self-drawn on the tile drawn after a second kong in a row (said 槓上槓)."""
    return int(v.spec.self_drawn and v.spec.situation.kong_replacements >= 2)


def all_terminals(v: HandView) -> int:
    """例牌 「全么九(又叫"清么",等於日本牌既"清老頭")」: every tile a 1 or a 9."""
    return int(all(IS_TERMINAL[t] for t in v.tiles))


def four_kongs(v: HandView) -> int:
    """例牌 「十八羅漢(等於日本牌既"四槓子")」: four kongs."""
    return int(v.kongs == 4)


def nine_gates(v: HandView) -> int:
    """例牌 「九字連環(等於日本牌既"九蓮寶燈")」: nothing laid down, one suit, 1112345678999 and one more
    tile of that suit."""
    if v.spec.melds or len(v.suits) != 1 or v.has_honours:
        return 0
    suit = next(iter(v.suits))
    counts = [0] * 9
    for t in v.tiles:
        counts[t - suit * 9] += 1
    return int(all(c >= need for c, need in zip(counts, NINE_GATES, strict=True)))


def kong_last_tile(v: HandView) -> int:
    """例牌 「鐘鼓齊鳴(又叫"槓爆",海底撈月兼槓上花的獎勵)」: self-drawn on the last tile of the wall as the
    tile drawn after a kong (said 海底 and 槓上, or 槓爆 / 鐘鼓齊鳴)."""
    s = v.spec.situation
    return int(v.spec.self_drawn and s.last_tile_draw and s.kong_replacements >= 1)


Detector = Callable[[HandView], int]

DETECTORS: dict[str, Detector] = {
    f.__name__: f
    for f in (
        concealed_hand,
        all_chows,
        self_drawn,
        dragon_pung,
        seat_wind,
        round_wind,
        last_tile,
        kong_flower,
        robbing_kong,
        flower_flower,
        seat_flower,
        no_flowers,
        plants_set,
        seasons_set,
        seven_flowers,
        eight_flowers,
        hand_win,
        all_pungs,
        mixed_one_suit,
        small_dragons,
        mixed_terminals,
        human_win,
        pure_one_suit,
        heavenly,
        earthly,
        four_concealed_pungs,
        thirteen_orphans,
        all_honours,
        big_dragons,
        small_winds,
        big_winds,
        kong_on_kong,
        all_terminals,
        four_kongs,
        nine_gates,
        kong_last_tile,
    )
}
"""``{row id: detector}``: the ids a rule table may hold (``preset.toml``)."""

KNOWN = frozenset(DETECTORS)
"""The ids of :data:`DETECTORS`."""
