"""The detectors of seed 003 「台灣牌台數說明」 and how a hand's 台 is made (one per row of ``preset.toml``).

A detector reads one :class:`HandView` (a reading of the hand, with the facts the detectors share
memoised on the view) and returns ``(台, occurrences)``; ``(0, 0)`` when the row does not apply.  The
values come from the rule table (:class:`~taipai.systems.taiwan.rules.TaiwanRules`), never from here.

**Combination** (:func:`score_view`): the hand's 台 is the sum of the rows that apply, after exclusions:
a row that any applying row excludes (its ``excludes`` in the preset: the seed's 「不計 / 不另計 / 改計」)
is dropped, even when the excluding row is itself dropped (an exclusion is a fact about the two rows:
天胡 drops 不求.自摸, and 不求.自摸 still drops 自摸).  The best reading of the hand is the one with
the most 台 (:mod:`taipai.systems.taiwan.reading`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Final

from taipai.core.errors import HandError
from taipai.core.hand import Reading, Shape
from taipai.core.handspec import HandSpec, MeldKind
from taipai.core.scoretypes import PatternScore
from taipai.core.tiles import DRAGONS, EAST, WINDS, flower_number, has_honour, suits_of
from taipai.systems.taiwan.rules import TaiwanRules

SEASONS: Final = frozenset({1, 2, 3, 4})
"""春夏秋冬 (flowers 1-4): one 「同色」 set."""
PLANTS: Final = frozenset({5, 6, 7, 8})
"""梅蘭菊竹 (flowers 5-8): the other set."""


class HandView:
    """One reading of a hand and what the detectors ask of it, each computed once.

    Args:
        spec: the parsed hand (its ``situation`` a :class:`TaiwanSituation`, or a plain Situation).
        reading: one reading from :func:`taipai.core.hand.readings` (STANDARD or EIGHT_PAIRS).
        waits: the wait set of the hand before the win (tile kinds).
        rules: the rule table.
    """

    def __init__(self, spec: HandSpec, reading: Reading, waits: tuple[int, ...], rules: TaiwanRules) -> None:
        self.spec = spec
        self.reading = reading
        self.waits = waits
        self.rules = rules
        self.situation = spec.situation

    def declared(self, name: str) -> bool:
        """A 天聽 / 地聽 flag of :class:`TaiwanSituation` (False on a plain Situation)."""
        return bool(getattr(self.situation, name, False))

    @cached_property
    def pungs(self) -> tuple[int, ...]:
        """Tiles of the reading's pungs and kongs (declared or in hand)."""
        return tuple(g.tile for g in self.reading.groups if g.kind in (MeldKind.PUNG, MeldKind.KONG))

    @cached_property
    def concealed_pungs(self) -> int:
        """暗坎 of a standard reading: pungs/kongs 「配得或摸得」 (in hand, self-drawn or 暗槓), not 碰 /
        明槓 / a pung the discard completed."""
        if self.reading.shape is not Shape.STANDARD:
            return 0
        return sum(1 for g in self.reading.groups if g.kind in (MeldKind.PUNG, MeldKind.KONG) and g.concealed)

    @cached_property
    def tiles(self) -> tuple[int, ...]:
        """Every tile of the hand (kongs as four)."""
        return tuple(self.spec.all_tiles())

    @cached_property
    def suits(self) -> frozenset[int]:
        """The suits (0 萬, 1 筒, 2 索) the hand holds."""
        return suits_of(self.tiles)

    @cached_property
    def has_honours(self) -> bool:
        """The hand holds an honour tile (字)."""
        return has_honour(self.tiles)

    @cached_property
    def concealed_hand(self) -> bool:
        """門清: no 吃, 碰, 明槓 or 加槓 (a 暗槓 keeps it)."""
        return self.spec.is_concealed

    @cached_property
    def one_tile_left(self) -> bool:
        """The hand held one tile before the win, every meld laid down by 吃/碰/明槓/加槓 (no 暗槓)."""
        return len(self.spec.concealed) == 1 and all(m.exposed for m in self.spec.melds)

    @cached_property
    def seat_number(self) -> int:
        """1..4 for 東 南 西 北 (開門序): the number of the seat's flowers."""
        return self.situation.seat_wind - EAST + 1

    @cached_property
    def full_sets(self) -> tuple[frozenset[int], ...]:
        """The complete 「同色」 flower sets held (花槓)."""
        held = set(self.spec.flowers)
        return tuple(s for s in (SEASONS, PLANTS) if s <= held)

    @cached_property
    def standard(self) -> bool:
        """The reading is five melds and eyes."""
        return self.reading.shape is Shape.STANDARD


Detector = Callable[[HandView], tuple[int, int]]


def _once(view: HandView, pid: str, applies: bool) -> tuple[int, int]:
    return (view.rules.tai(pid), 1) if applies else (0, 0)


# ---------------------------------------------------------------- 字牌


def wind_pung(v: HandView) -> tuple[int, int]:
    """風字坎 — seed 003: 「風字坎 : 東南西北任一坎(刻子), 合開門序1台, 合圈序加1台.」

    Default (option ``round_wind_alone = false``): a pung of the seat wind scores ``seat`` (1), and
    ``round`` (1) more when it is also the round wind; a pung of the round wind alone scores nothing.
    With ``round_wind_alone = true`` the round wind's pung scores its 1 whatever the seat.  Occurrences:
    the pungs that scored.
    """
    s = v.situation
    seat, rnd = v.rules.tai("wind_pung", "seat"), v.rules.tai("wind_pung", "round")
    total = count = 0
    for t in v.pungs:
        if t not in WINDS:
            continue
        tai = seat if t == s.seat_wind else 0
        if t == s.round_wind and (t == s.seat_wind or v.rules.options.round_wind_alone):
            tai += rnd
        if tai:
            total, count = total + tai, count + 1
    return total, count


def dragon_pung(v: HandView) -> tuple[int, int]:
    """箭字坎 — seed 003: 「箭字坎 : 中發白任一坎, 各計1台, 合圈序加1台.」

    1 per pung of 中, 發 or 白.  「合圈序加1台」 cannot apply to a dragon (no round is a dragon's): not
    counted.  Excluded by 大三元 and 小三元 (「中發白坎不另計台」).
    """
    n = sum(1 for t in v.pungs if t in DRAGONS)
    return v.rules.tai("dragon_pung") * n, n


# ---------------------------------------------------------------- 門清 / 求


def concealed(v: HandView) -> tuple[int, int]:
    """門清 — seed 003: 「門清 1台 : 胡牌前無吃、碰、明槓.」

    A 暗槓 keeps it; a 加槓 is a 碰 first, so it does not.  Won on a discard or self-drawn.
    """
    return _once(v, "concealed", v.concealed_hand)


def concealed_self_draw(v: HandView) -> tuple[int, int]:
    """不求.自摸 — seed 003: 「不求.自摸 2台 : 無吃.碰.明槓, 並自摸. 與門清合稱”門清一摸三”.」

    門清一摸三 = 門清 1 + 不求.自摸 2 (default): 不求.自摸 excludes plain 自摸 1.
    """
    return _once(v, "concealed_self_draw", v.concealed_hand and v.spec.self_drawn)


def all_melded(v: HandView) -> tuple[int, int]:
    """全求 — seed 003: 「全求 2台 : 手牌皆已吃碰成搭, 僅剩一牌單釣胡銃, 是謂全求. 加計獨聽1台, 共3台.」

    Every meld laid down by 吃/碰/明槓/加槓 (a 暗槓 is not 求), one tile left, won on a discard.
    獨聽 1 is counted beside it (its wait is one tile), 3 in all.
    """
    return _once(v, "all_melded", v.one_tile_left and not v.spec.self_drawn)


def half_melded(v: HandView) -> tuple[int, int]:
    """半求 — seed 003: 「半求 1台 : 暗牌剩1張並自摸, 含獨聽.自摸共3台.」

    As 全求 but self-drawn: 半求 1 + 獨聽 1 + 自摸 1 = 3.
    """
    return _once(v, "half_melded", v.one_tile_left and v.spec.self_drawn)


# ---------------------------------------------------------------- 牌型


def pinghu(v: HandView) -> tuple[int, int]:
    """平胡 — seed 003: 「平胡 2台 : 胡牌時手牌有將、無花、無字、無坎、非獨聽、非自摸. 允許門清加1台.」

    Five chows and eyes (有將, 無坎: no pung or kong), no flower, no honour tile anywhere (無字), a
    wait of more than one tile (非獨聽), won on a discard (非自摸).  門清 1 is counted beside it.
    """
    applies = (
        v.standard
        and not v.pungs
        and not v.spec.flowers
        and not v.has_honours
        and len(v.waits) > 1
        and not v.spec.self_drawn
    )
    return _once(v, "pinghu", applies)


def all_pungs(v: HandView) -> tuple[int, int]:
    """對對胡 — seed 003: 「對對胡 4台 : 除將牌外全為坎子(刻子).」

    Excluded by 字一色 and 五暗坎 (「不計對對胡」).
    """
    return _once(v, "all_pungs", v.standard and len(v.pungs) == len(v.reading.melds))


def single_wait(v: HandView) -> tuple[int, int]:
    """獨聽 — seed 003: 「獨聽 1台 : 只聽一洞, 例如中洞(卡張)、站壁(邊獨)、單釣(單騎).」

    The hand before the win waits on one tile kind only (its wait set has one kind; a kind whose four
    copies are all held is no wait).  A 兩面 or 對碰 wait is two kinds: not 獨聽.
    """
    return _once(v, "single_wait", len(v.waits) == 1)


# ---------------------------------------------------------------- 莊


def dealer(v: HandView) -> tuple[int, int]:
    """作莊 — seed 003: 「作莊 1台 : 胡放皆加計1台, 莊家胡牌應連莊.」

    Shown when the winner deals; the ledger books it per leg that involves the dealer (the dealer
    wins, deals in, or pays on a self-draw), so :func:`~taipai.systems.taiwan.reading.booked_fan`
    leaves it out of the count booked.
    """
    return _once(v, "dealer", v.situation.dealer)


def dealer_streak(v: HandView) -> tuple[int, int]:
    """連N拉N — seed 003: 「連N拉N 2N台 : 莊家連N閒家一律拉N.」

    2 per 連莊 n (occurrences: n), shown when the winner deals at 連n; booked per dealer leg like 作莊.
    """
    n = v.situation.streak if v.situation.dealer else 0
    return v.rules.tai("dealer_streak") * n, n


# ---------------------------------------------------------------- 一色


def all_honours(v: HandView) -> tuple[int, int]:
    """字一色 — seed 003: 「字一色 16台 : 全為字牌, 不計對對胡(因必然並存).」"""
    return _once(v, "all_honours", not v.suits)


def full_flush(v: HandView) -> tuple[int, int]:
    """清一色 — seed 003: 「清一色 12台 : 全為一種花色且無字牌, 例如全索、全筒、全萬.」

    (A common alternative value is 8: ``[patterns."清一色"] tai = 8``.)
    """
    return _once(v, "full_flush", len(v.suits) == 1 and not v.has_honours)


def half_flush(v: HandView) -> tuple[int, int]:
    """湊一色 — seed 003: 「湊一色 4台 : 除字牌外全為一種花色.」

    One suit and at least one honour (a hand of honours only is 字一色, of one suit only 清一色).
    """
    return _once(v, "half_flush", len(v.suits) == 1 and v.has_honours)


# ---------------------------------------------------------------- 暗坎


def three_concealed(v: HandView) -> tuple[int, int]:
    """三暗坎 — seed 003: 「三暗坎 2台 : 三副配得或摸得之坎子或槓子組成.」

    Three or more 暗坎 (pungs or kongs held in hand or self-drawn, 暗槓 included; a pung completed by
    the discard is not one).  Excluded by 四暗坎 and 五暗坎.
    """
    return _once(v, "three_concealed", v.concealed_pungs >= 3)


def four_concealed(v: HandView) -> tuple[int, int]:
    """四暗坎 — seed 003: 「四暗坎 5台 : 四副配得或摸得之坎子或槓子組成.」

    Excludes 三暗坎; excluded by 五暗坎.
    """
    return _once(v, "four_concealed", v.concealed_pungs >= 4)


def five_concealed(v: HandView) -> tuple[int, int]:
    """五暗坎 — seed 003: 「五暗坎 13台 : 五副配得或摸得之坎子或槓子組成, 不計門清.對對胡; 如為自摸,
    加計不求.自摸2台(因五暗坎雖必然門清卻非必然不求.自摸).」

    Excludes 門清, 對對胡, 四暗坎, 三暗坎; 不求.自摸 2 still counts on a self-draw.  (A common alternative
    value is 8.)
    """
    return _once(v, "five_concealed", v.concealed_pungs == 5)


# ---------------------------------------------------------------- 四喜 / 三元


def big_four_winds(v: HandView) -> tuple[int, int]:
    """大四喜 — seed 003: 「大四喜 16台 : 東南西北四坎全齊, 圈序與開門順位不另計台(因必然並存).」

    Excludes 風字坎.
    """
    return _once(v, "big_four_winds", sum(1 for t in v.pungs if t in WINDS) == 4)


def small_four_winds(v: HandView) -> tuple[int, int]:
    """小四喜 — seed 003: 「小四喜 8台 : 東南西北組成之坎子與將牌, 合圈序加1台, 合開門序加1台(因不必然並存).」

    Three wind pungs and wind eyes; 風字坎 still counts for the pungs that match the seat / round.
    """
    winds = sum(1 for t in v.pungs if t in WINDS)
    return _once(v, "small_four_winds", winds == 3 and v.reading.eyes in WINDS)


def big_three_dragons(v: HandView) -> tuple[int, int]:
    """大三元 — seed 003: 「大三元 8台 : 中發白三坎全齊, 合圈序加1台, 中發白坎不另計台.」

    Excludes 箭字坎.  「合圈序加1台」 cannot apply to dragons: not counted.
    """
    return _once(v, "big_three_dragons", sum(1 for t in v.pungs if t in DRAGONS) == 3)


def small_three_dragons(v: HandView) -> tuple[int, int]:
    """小三元 — seed 003: 「小三元 4台 : 中發白組成之坎子與將牌, 合圈序加1台, 中發白坎不另計台.」

    Two dragon pungs and dragon eyes; excludes 箭字坎.  「合圈序加1台」 cannot apply to dragons.
    """
    dragons = sum(1 for t in v.pungs if t in DRAGONS)
    return _once(v, "small_three_dragons", dragons == 2 and v.reading.eyes in DRAGONS)


# ---------------------------------------------------------------- 摸牌


def self_draw(v: HandView) -> tuple[int, int]:
    """自摸 — seed 003: 「自摸 1台 : 胡牌之牌張自己摸得 …」

    Excluded by 不求.自摸 (門清一摸三 is 3, not 4) and 天胡.
    """
    return _once(v, "self_draw", v.spec.self_drawn)


def robbing_kong(v: HandView) -> tuple[int, int]:
    """搶槓 — seed 003: 「搶槓 1台 : 他人加槓已碰之坎子恰為本家成胡.」

    Said with 搶槓, on a discard-like win (not self-drawn), and the winner holds no other copy of the
    tile (the konging player's pung holds three, the robbed tile is the fourth).
    """
    win = v.spec.winning_tile
    applies = (
        v.situation.robbing_kong and not v.spec.self_drawn and win is not None and v.tiles.count(win) == 1
    )
    return _once(v, "robbing_kong", applies)


def kong_bloom(v: HandView) -> tuple[int, int]:
    """槓上開花 — seed 003: 「槓上開花 1台 : 於槓尾補牌而成胡, 加計自摸1台. 另規定同自摸.」

    Said with 槓上開花 (槓上, 槓上花; 槓上槓 is one 槓上開花), self-drawn, with a kong in the hand; 自摸
    counts beside it.
    """
    has_kong = any(m.kind is MeldKind.KONG for m in v.spec.melds)
    applies = v.situation.kong_replacements >= 1 and v.spec.self_drawn and has_kong
    return _once(v, "kong_bloom", applies)


def last_tile(v: HandView) -> tuple[int, int]:
    """海底撈月 — seed 003: 「海底撈月 1台 : 摸海底牌而成胡, 加計自摸1台. …」

    Said with 海底撈月 (海底), self-drawn; 自摸 counts beside it.
    """
    return _once(v, "last_tile", v.situation.last_tile_draw and v.spec.self_drawn)


# ---------------------------------------------------------------- 花


def seat_flower(v: HandView) -> tuple[int, int]:
    """花牌 — seed 003: 「花牌 : 合開門序1台, 持同色花槓改計2台, 持滿花(8花牌)改計8台. 摸花必須立即補牌.」

    1 per flower of the seat (開門序: 東 春/梅, 南 夏/蘭, 西 秋/菊, 北 冬/竹).  「改計」 is per set: a
    flower inside a full set is counted by 花槓, not here.  Option ``every_flower``: every flower
    scores 1 (and 花槓 is not counted).  Excluded by 滿花.
    """
    flowers = v.spec.flowers
    if v.rules.options.every_flower:
        n = len(flowers)
    else:
        in_sets = set().union(*v.full_sets)
        n = sum(1 for f in flowers if flower_number(f) == v.seat_number and f not in in_sets)
    return v.rules.tai("seat_flower") * n, n


def flower_kong(v: HandView) -> tuple[int, int]:
    """花槓 — seed 003 花牌 row: 「持同色花槓改計2台」.

    2 per full set (春夏秋冬, 梅蘭菊竹), in place of that set's seat flower.  Not counted with option
    ``every_flower`` (the four flowers already score 4).  Excluded by 滿花.
    """
    if v.rules.options.every_flower:
        return 0, 0
    n = len(v.full_sets)
    return v.rules.tai("flower_kong") * n, n


def all_flowers(v: HandView) -> tuple[int, int]:
    """滿花 — seed 003 花牌 row: 「持滿花(8花牌)改計8台」; 花胡: 「持滿花仍計8台」.

    All eight flowers in a hand won by its tiles: 8 in place of 花牌 and 花槓.  (Won by the flowers
    alone it is a flower win, :class:`~taipai.systems.taiwan.events.FlowerWin`.)
    """
    return _once(v, "all_flowers", len(v.spec.flowers) == 8)


def eight_immortals(v: HandView) -> tuple[int, int]:
    """八仙過海 — seed 003: 「八仙過海 8台: 取得全部8張花牌時, 應補牌 … 並胡牌, 三家賠付,
    計八仙過海8台1底(手牌未胡毋須翻開), 莊連拉之台數照算」.

    A flower win, not a hand message: booked as a
    :class:`~taipai.systems.taiwan.events.FlowerWin` (all three pay).  A hand message never scores it.
    """
    return 0, 0


def seven_rob_one(v: HandView) -> tuple[int, int]:
    """七搶一 — seed 003: 「七搶一 8台: 持七張花牌得搶入他人之一張花牌湊齊滿花而胡牌 … 被搶花者賠付,
    計七搶一8台1底(暗牌不計毋須翻開), 涉莊連拉台數照算」.

    A flower win, not a hand message: booked as a
    :class:`~taipai.systems.taiwan.events.FlowerWin` with the robbed player, who pays alone.
    """
    return 0, 0


# ---------------------------------------------------------------- 聽 / 天地人


def heavenly_ready(v: HandView) -> tuple[int, int]:
    """天聽 — seed 003: 「天聽 8台 : 閒家配牌補花後即宣佈聽牌, 是為天聽, 不計門清. …」;
    註: 「天聽、地聽、地胡、人胡: 門清不計台, 如自摸胡牌, 則加計不求.自摸2台.」

    Said with 天聽, by a non-dealer (閒家), concealed.  Excludes 門清 (and 地聽); 不求.自摸 still counts.
    """
    applies = v.declared("heavenly_ready") and not v.situation.dealer and v.concealed_hand
    return _once(v, "heavenly_ready", applies)


def earthly_ready(v: HandView) -> tuple[int, int]:
    """地聽 — seed 003: 「地聽 4台 : 打出第1張牌即宣佈聽牌, 本身須門清, 不論他人先前吃碰與否, 是為地聽,
    不計門清.」; 註: 「莊家打出第1張牌即宣佈聽牌, 視為地聽」.

    Said with 地聽, concealed, any seat.  Excludes 門清; 不求.自摸 still counts on a self-draw.
    """
    return _once(v, "earthly_ready", v.declared("earthly_ready") and v.concealed_hand)


def heavenly_win(v: HandView) -> tuple[int, int]:
    """天胡 — seed 003: 「天胡 16台 : 莊家於配牌補花後即胡牌, 是為天胡, 不計門清一摸三.
    莊家天胡不論靠張與否.」

    Said with 天胡, by the dealer, self-drawn, concealed.  Excludes 門清, 不求.自摸 and 自摸 (門清一摸三).
    """
    s = v.situation
    applies = s.heavenly and s.dealer and v.spec.self_drawn and v.concealed_hand
    return _once(v, "heavenly_win", applies)


def earthly_win(v: HandView) -> tuple[int, int]:
    """地胡 — seed 003: 「地胡 16台 : 閒家起牌天聽摸第1張牌自摸, 或胡各家打出其第一張牌,
    不論他人吃碰與否, 是為地胡, 不計天聽, 門清.」

    Said with 地胡, by a non-dealer, concealed.  Excludes 天聽 and 門清; 不求.自摸 counts on a self-draw.
    """
    s = v.situation
    return _once(v, "earthly_win", s.earthly and not s.dealer and v.concealed_hand)


def human_win(v: HandView) -> tuple[int, int]:
    """人胡 — seed 003: 「人胡 8台 : 宣告地聽後, 不論他人吃碰與否, 胡各家打出宣告後第一張牌或摸次1張牌自摸,
    是為人胡, 不計地聽, 門清.」

    Said with 人胡, concealed (地聽 needs 門清), any seat.  Excludes 地聽 and 門清.
    """
    return _once(v, "human_win", v.situation.human and v.concealed_hand)


# ---------------------------------------------------------------- 選用


def eight_pairs(v: HandView) -> tuple[int, int]:
    """嚦咕嚦咕 — seed 003: 「嚦咕嚦咕(選用) 8台 : 又名八對半, 由七個對子與一個刻子組成 必須門清.
    其中刻子如為有價字牌, 台數加計. 如符合獨聽、湊一色、清一色牌型應予加計.」

    Off by default (選用: ``[patterns."嚦咕嚦咕"] enabled = true``).  Seven pairs and a pung, concealed;
    門清 is inside it (excluded); a valued honour pung (風字坎 / 箭字坎), 獨聽, 湊一色, 清一色 and the
    win's own rows (自摸 or 不求.自摸, 花牌 …) count beside it.
    """
    return _once(v, "eight_pairs", v.reading.shape is Shape.EIGHT_PAIRS)


DETECTORS: Final[dict[str, Detector]] = {
    "wind_pung": wind_pung,
    "dragon_pung": dragon_pung,
    "concealed": concealed,
    "concealed_self_draw": concealed_self_draw,
    "all_melded": all_melded,
    "half_melded": half_melded,
    "pinghu": pinghu,
    "all_pungs": all_pungs,
    "single_wait": single_wait,
    "dealer": dealer,
    "dealer_streak": dealer_streak,
    "all_honours": all_honours,
    "full_flush": full_flush,
    "half_flush": half_flush,
    "three_concealed": three_concealed,
    "four_concealed": four_concealed,
    "five_concealed": five_concealed,
    "big_four_winds": big_four_winds,
    "small_four_winds": small_four_winds,
    "big_three_dragons": big_three_dragons,
    "small_three_dragons": small_three_dragons,
    "self_draw": self_draw,
    "robbing_kong": robbing_kong,
    "kong_bloom": kong_bloom,
    "last_tile": last_tile,
    "seat_flower": seat_flower,
    "flower_kong": flower_kong,
    "all_flowers": all_flowers,
    "eight_immortals": eight_immortals,
    "seven_rob_one": seven_rob_one,
    "heavenly_ready": heavenly_ready,
    "earthly_ready": earthly_ready,
    "heavenly_win": heavenly_win,
    "earthly_win": earthly_win,
    "human_win": human_win,
    "eight_pairs": eight_pairs,
}
"""Row id → detector, one per row of the preset (a test checks both ways)."""


def score_view(view: HandView) -> tuple[PatternScore, ...]:
    """The rows one reading scores, after exclusions, highest 台 first (ties in table order).

    Raises:
        KeyError: a rule table row with no detector (:func:`check_rows` refuses such a table on load).
    """
    rules = view.rules
    found: list[tuple[str, int, int]] = []
    for pid, rule in rules.patterns.items():
        if not rule.enabled:
            continue
        tai, count = DETECTORS[pid](view)
        if count:
            found.append((pid, tai, count))
    dropped = {e for pid, _, _ in found for e in rules.patterns[pid].excludes}
    kept = [
        (i, PatternScore(pid, rules.patterns[pid].name, tai, count))
        for i, (pid, tai, count) in enumerate(found)
        if pid not in dropped
    ]
    kept.sort(key=lambda item: (-item[1].fan, item[0]))
    return tuple(p for _, p in kept)


def check_rows(rules: TaiwanRules) -> TaiwanRules:
    """``rules`` when every row has a detector here.

    Raises:
        HandError: ``bad_rules`` naming a row this game cannot detect (a whole-table file may not add
            rows; a house rule changes values, exclusions and ``enabled`` only).
    """
    unknown = [pid for pid in rules.patterns if pid not in DETECTORS]
    if unknown:
        raise HandError(
            "bad_rules",
            f"no detector for row(s) {unknown}; the rows are {', '.join(DETECTORS)}",
            token=unknown[0],
        )
    return rules
