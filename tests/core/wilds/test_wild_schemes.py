"""Seed 001's wildcard schemes (taipai.core.wilds.schemes): the tiles each may stand for, by hand from
the seed's rows, and the 越搭 search's best reading of small hands under each scheme against a
brute-force oracle that tries every substitution from the scheme's range."""

from __future__ import annotations

from dataclasses import replace
from itertools import product

import pytest

from taipai.core.errors import HandError
from taipai.core.hand import is_complete
from taipai.core.handspec import HandSpec, MeldKind
from taipai.core.notation import parse_hand
from taipai.core.scoretypes import PatternScore, Score
from taipai.core.tiles import NUM_KINDS, name_zh
from taipai.core.wilds import Slot, WildContext, kind_named, tiles_of
from taipai.core.wilds.schemes import (
    ANY_TILE,
    FLOWER_FAN,
    HEART,
    JOKERS,
    SCHEMES,
    WildScheme,
    active,
    apply,
    bird_seat,
    effective,
    joker_rank,
    parse_scheme,
    predecessor,
    stand_in,
    successor,
    take_hand_scheme,
    take_hand_treasure,
    treasure_count,
    treasure_of,
    treasure_row,
    window,
    with_heart,
    with_treasure,
)
from taipai.systems.hk_taiwan.evaluate import score_concrete
from taipai.systems.hk_taiwan.rules import load_rules
from taipai.systems.hk_taiwan.scoring import score_hand
from taipai.systems.hk_taiwan.wildsearch import wild_waits

RULES = load_rules("hk-taiwan")
CTX = WildContext()


def names(mask: int) -> list[str]:
    return [name_zh(t) for t in tiles_of(mask)]


def t(word: str) -> int:
    return next(k for k in range(NUM_KINDS) if name_zh(k) == word)


# --------------------------------------------------------------------------- ranges, by the seed's rows


@pytest.mark.parametrize(
    ("turned", "wild"),
    [
        ("三萬", "四萬"),  # 「若杠尾的张牌翻开是三万，则四万是百搭」
        ("九萬", "一萬"),  # 「开九万则以一万为百搭」
        ("九索", "一索"),
        ("北", "中"),  # 「开北则以红中为白搭」
        ("東", "南"),
        ("白", "東"),  # 「东南西北中发白首尾相连」
    ],
)
def test_next_scheme_is_the_tile_after_the_turned_one(turned: str, wild: str) -> None:
    assert successor(t(turned)) == t(wild)
    assert predecessor(t(wild)) == t(turned)
    assert names(SCHEMES["next"].wild_mask(t(turned))) == [wild]


def test_every_tile_has_one_successor_and_the_cycles_close() -> None:
    assert sorted(successor(k) for k in range(NUM_KINDS)) == list(range(NUM_KINDS))
    assert [predecessor(successor(k)) for k in range(NUM_KINDS)] == list(range(NUM_KINDS))


def test_window_of_four_wan_is_the_seeds_five_tiles() -> None:
    """「例如翻开的是四万，则三万、四万、五萬、四筒（饼）、四索（条）共五张牌皆为白搭」."""
    assert names(window(t("四萬"))) == ["三萬", "四萬", "五萬", "四筒", "四索"]


def test_window_of_red_dragon_is_the_seeds_five_honours() -> None:
    """「开红中则中、发、白、东、南为百搭」: the cycle 西北中發白 goes on to 東 and 南."""
    assert names(window(t("中"))) == ["東", "南", "中", "發", "白"]
    assert names(window(t("西"))) == ["西", "北", "中", "發", "白"]  # the seed's order itself
    assert names(window(t("南"))) == ["南", "西", "北", "中", "發"]  # 南 → 西 closes the cycle


def test_window_at_the_end_of_a_suit_wraps_like_the_next_scheme() -> None:
    assert names(window(t("一萬"))) == ["一萬", "二萬", "九萬", "一筒", "一索"]
    assert names(window(t("九筒"))) == ["九萬", "一筒", "八筒", "九筒", "九索"]


def test_every_window_has_five_tiles() -> None:
    assert {bin(window(k)).count("1") for k in range(NUM_KINDS)} == {5}


def test_active_scheme_is_the_turned_kind_and_a_white_dragon_stands_in() -> None:
    """「开牌时将杠尾的一张牌翻开该牌就是百搭。其中一张白板可以用作代替该张翻开的牌」."""
    assert names(active(t("六筒"))) == ["六筒"]
    assert stand_in(t("六筒")) == t("六筒")
    assert stand_in(t("白")) is None  # 白 turned: the 白板 are the wild ones


def test_a_scheme_wild_tile_stands_for_any_tile_and_heart_only_in_the_concealed_hand() -> None:
    wild = SCHEMES["window"].wild_kind()
    assert wild.mask(CTX) == (1 << NUM_KINDS) - 1
    assert wild.admits(Slot.pung(t("東"), exposed=True), CTX)
    kept = SCHEMES["next"].wild_kind(in_melds=False)  # QQ's 財神: 「不可吃碰杠」
    assert not kept.admits(Slot.pung(t("東"), exposed=True), CTX)
    assert not kept.admits(Slot.kong(t("東"), concealed=True), CTX)
    assert kept.admits(Slot.chow(0, 1), CTX)
    assert SCHEMES["heart"].wild_kind() is HEART
    assert HEART.mask(CTX) == (1 << NUM_KINDS) - 1
    assert HEART.admits(Slot.pair(t("白")), CTX) and HEART.admits(Slot.chow(9, 2), CTX)
    assert not HEART.admits(Slot.chow(9, 2, exposed=True), CTX)  # 「不能用来上牌或碰牌」
    assert not HEART.admits(Slot.pung(t("白"), exposed=True), CTX)
    assert not HEART.admits(Slot.kong(t("白"), concealed=True), CTX)
    assert SCHEMES["heart"].wild_mask(None) == 0 == SCHEMES["special"].wild_mask(None)


@pytest.mark.parametrize(
    ("joker", "tiles"),
    [
        ("元", ["中", "發", "白"]),  # 「“元” … 当作箭牌」
        ("喜", ["東", "南", "西", "北"]),  # 「“喜” … 风牌」
        ("合", ["東", "南", "西", "北", "中", "發", "白"]),  # 「“合”可当番子牌」
        ("筒搭", [f"{n}筒" for n in "一二三四五六七八九"]),  # 「“筒”、“索”、“万”可当本门牌任何一子」
        ("索搭", [f"{n}索" for n in "一二三四五六七八九"]),
        ("萬搭", [f"{n}萬" for n in "一二三四五六七八九"]),
    ],
)
def test_special_jokers_stand_for_the_seeds_tiles(joker: str, tiles: list[str]) -> None:
    assert names(JOKERS[joker].mask) == tiles
    assert kind_named(joker).mask(CTX) == JOKERS[joker].mask  # the 越搭 kind the search reads


def test_total_is_any_suited_tile_and_emperors_and_empresses_any_tile_with_a_rank() -> None:
    """「“总”可当任何序数牌；“皇”、“后”当通天百搭分一二三四等级」; 「摸“花”加两番,并非百搭」."""
    assert len(tiles_of(JOKERS["總"].mask)) == 27 and max(tiles_of(JOKERS["總"].mask)) == 26
    assert kind_named("總").name == "筒索萬"
    for n, rank in zip("一二三四", (1, 2, 3, 4), strict=True):
        for c in "皇后":
            assert JOKERS[f"{n}{c}"].mask == (1 << NUM_KINDS) - 1
            assert joker_rank(f"{n}{c}") == rank
            assert kind_named(f"{n}{c}").name == "皇"
    assert joker_rank("元") == 0
    assert len(JOKERS) == 15  # the seed's sixteen less 花
    assert FLOWER_FAN == 2
    with pytest.raises(HandError):
        joker_rank("花")


def test_treasure_counts_held_copies_of_the_treasure_tile() -> None:
    """寶牌: +1 per held copy of the treasure tile (三萬 turned: 四萬)."""
    hand = [0, 1, 2, 3, 3, 3, 4, t("北")]
    assert treasure_count(hand, t("三萬")) == 3
    assert treasure_count(hand, t("西")) == 1  # 西 → 北
    assert treasure_count(hand, t("九萬")) == 1  # 九萬 → 一萬
    # 「举例：宝牌开出七万，和出者用两只八万做眼即加两番」
    assert treasure_count([t("八萬"), t("八萬"), t("一筒")], t("七萬")) == 2


@pytest.mark.parametrize(
    ("turned", "treasure"),
    [
        ("一萬", "二萬"),  # 「开出一萬宝牌为二万」
        ("八索", "九索"),  # 「开出八索，宝牌为九索」
        ("九筒", "一筒"),  # 「开出九筒宝牌为一筒」
        ("東", "南"),  # 「开出东宝牌为南」
        ("西", "北"),
        ("北", "東"),  # 「开出北，宝牌为东」 (帶弟's 北 is 中)
        ("白", "發"),  # 「开出白宝牌为发」
        ("發", "中"),  # 「开出发，宝牌为中」
        ("中", "白"),  # 「开出中宝牌为白」
    ],
)
def test_treasure_tile_by_seed_001(turned: str, treasure: str) -> None:
    assert name_zh(treasure_of(t(turned))) == treasure


def test_treasure_differs_from_the_next_scheme_on_honours() -> None:
    """寶牌's winds and dragons turn among themselves; 帶弟百搭's one honour cycle 東南西北中發白 does not."""
    differ = [name_zh(k) for k in range(34) if treasure_of(k) != successor(k)]
    assert differ == ["北", "中", "發", "白"]


def test_a_hand_says_its_treasure() -> None:
    text = "一二三萬 寶牌 四萬 東東"
    rest, turned = take_hand_treasure(text)
    assert (rest, turned) == ("一二三萬" + " " * 7 + "東東", t("四萬"))  # blanked: positions still count
    assert take_hand_treasure("宝牌:4m 一二三萬")[1] == t("四萬")
    assert take_hand_treasure("一二三萬") == ("一二三萬", None)
    with pytest.raises(HandError) as err:
        take_hand_treasure("一二三萬 寶牌 風")
    assert (err.value.token, err.value.position, err.value.hint_args["field"]) == ("風", 8, "treasure_word")
    with pytest.raises(HandError) as err:
        take_hand_treasure("寶牌 四萬 寶牌 中")
    assert err.value.hint_args["field"] == "treasure_twice"


def test_treasure_row_adds_to_the_score() -> None:
    """The row is ``寶牌`` with one 番 a copy, added to ``fan`` and ``total`` after the rows of more 番."""
    assert treasure_row([t("五萬")], None) is None
    assert treasure_row([t("一萬")], t("四萬")) is None
    row = treasure_row([t("五萬"), t("五萬"), t("一萬")], t("四萬"))
    assert row == PatternScore("treasure", "寶牌", 2, 2)
    score = Score(
        fan=6, bases=1, base_fan=5, total=11, patterns=(PatternScore("a", "甲", 5), PatternScore("b", "乙", 1)),
        reading=(), waits=(),
    )
    added = with_treasure(score, row)
    assert (added.fan, added.total) == (8, 13)
    assert [p.id for p in added.patterns] == ["a", "treasure", "b"]
    assert with_treasure(score, None) is score


def test_bird_counts_from_the_dealer() -> None:
    """扎鳥 「以庄家为起点按牌面数字计算。譬如一表示庄家，二表示下家三為对家，四为上家」."""
    seats = ("A", "B", "C", "D")
    assert [bird_seat(t(w), seats, "C") for w in ("一萬", "二筒", "三索", "四萬", "五萬", "九索")] == [
        "C", "D", "A", "B", "C", "C",
    ]
    assert bird_seat(t("白"), seats, "A") == "C"  # 白 is 7


# --------------------------------------------------------------------------- settings and hand words


def test_scheme_settings_read_and_show() -> None:
    win = parse_scheme("窗 四萬")
    assert win == WildScheme("window", 3) == parse_scheme("window 4m") == parse_scheme("窗百搭 四万")
    assert win.text() == "window 4m"
    assert parse_scheme(win.text()) == win
    assert win.shown() == "窗百搭 四萬 (三萬 四萬 五萬 四筒 四索)"
    assert parse_scheme("帶弟 北").shown() == "帶弟百搭 北 (中)"
    assert parse_scheme("心皇") == WildScheme("heart")
    assert parse_scheme("無") is None and parse_scheme("off") is None
    for bad in ("窗 五條萬", "風 四萬", "心皇 四萬", "窗 四萬 五萬", ""):
        with pytest.raises(ValueError):
            parse_scheme(bad)


def test_a_hand_says_its_scheme_or_its_turned_tile() -> None:
    rest, said, tile = take_hand_scheme("一二三萬 百搭 窗 四萬 食 東")
    assert said == WildScheme("window", 3) and tile is None
    assert rest == "一二三萬 " + " " * len("百搭 窗 四萬") + " 食 東"  # blanked: positions still count
    rest, said, tile = take_hand_scheme("百搭 九萬 一二三萬")
    assert said is None and tile == 8 and rest.split() == ["一二三萬"]
    assert take_hand_scheme("[百搭] 一二三萬") == ("[百搭] 一二三萬", None, None)
    table = WildScheme("next", 2)
    assert effective(table, None, None) == table
    assert effective(table, None, 8) == WildScheme("next", 8)  # the hand's tile over the table's
    assert effective(table, WildScheme("window", 3), None) == WildScheme("window", 3)
    assert effective(table, WildScheme("next"), None) == table  # 百搭 帶弟 alone: the table's tile
    with pytest.raises(HandError) as err:
        effective(WildScheme("window"), None, None)  # no tile anywhere: nothing is guessed
    assert err.value.code == "bad_context"
    with pytest.raises(HandError):
        effective(None, None, 3)
    with pytest.raises(HandError):
        take_hand_scheme("百搭 風 一二三萬")


# --------------------------------------------------------------------------- the search against the oracle


def oracle_best(spec: HandSpec, ranges: list[int]) -> int | None:
    """Best total over every substitution of the wildcards of ``spec`` (concealed first, then the
    winning one) from ``ranges`` (one mask each), scored by the natural scorer with the wait set of
    the hand with its wildcards (獨獨 reads the real wait); ``None`` when none wins."""
    wilds = len(spec.wilds) + (spec.winning_wild is not None)
    assert wilds == len(ranges)
    waits = wild_waits(spec, RULES)
    base = [0] * NUM_KINDS
    for k in spec.concealed:
        base[k] += 1
    if spec.winning_tile is not None:
        base[spec.winning_tile] += 1
    laid = [0] * NUM_KINDS
    for m in spec.melds:
        for k in m.tiles:
            laid[k] += 1
    best = None
    for tiles in product(*(tiles_of(r) for r in ranges)):
        counts = list(base)
        for k in tiles:
            counts[k] += 1
        if any(c + d > 4 for c, d in zip(counts, laid, strict=True)) or not is_complete(counts, spec.melds):
            continue
        conc = [*spec.concealed, *tiles[: len(spec.wilds)]]
        win = spec.winning_tile if spec.winning_wild is None else tiles[-1]
        concrete = replace(spec, concealed=tuple(sorted(conc)), winning_tile=win, wilds=(), winning_wild=None)
        try:
            total = score_concrete(concrete, RULES, wait_tiles=waits).total
        except HandError:
            continue
        best = total if best is None else max(best, total)
    return best


def ranges_of(spec: HandSpec) -> list[int]:
    names_ = [*spec.wilds, *([spec.winning_wild] if spec.winning_wild else [])]
    return [kind_named(n).mask(CTX) for n in names_]


SCHEME_HANDS = [
    # (hand as typed, scheme, wild tiles after the scheme)
    ("一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 東 食 東", "帶弟 八萬", 1),  # 九萬 wild
    ("一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 東 食 東", "活動 東", 2),  # both 東, the winning one too
    ("一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 東 食 東", "窗 九索", 1),  # 八九一索 九萬 九筒: 九萬
    ("一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 南 食 北", "窗 中", 1),  # 中發白東南: 南; 北 is not
    ("一二三萬 四五六萬 七八九萬 一二三筒 五六筒 白 東 食 東", "活動 七筒", 0),  # no 七筒; 白 → 七筒
    ("一二三萬 四五六萬 七八九萬 一二三索 南 碰 北北北 食 北", "帶弟 西", 1),  # the winning 北 wild, not the 碰
]


@pytest.mark.parametrize(("text", "scheme", "wild"), SCHEME_HANDS)
def test_search_equals_the_oracle_under_each_scheme(text: str, scheme: str, wild: int) -> None:
    spec = apply(parse_hand(text), parse_scheme(scheme))
    assert len(spec.wilds) + (spec.winning_wild is not None) == wild
    expected = oracle_best(spec, ranges_of(spec))
    if expected is None:
        with pytest.raises(HandError):
            score_hand(spec, RULES)
    else:
        assert score_hand(spec, RULES).total == expected


def test_window_of_red_dragon_makes_a_south_wind_wild_and_wins_where_the_natural_hand_does_not() -> None:
    text = "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 南 食 北"
    with pytest.raises(HandError):
        score_hand(parse_hand(text), RULES)  # 南 and 北: no eyes
    spec = apply(parse_hand(text), parse_scheme("窗 中"))
    assert spec.wilds == (ANY_TILE,) and spec.winning_tile == t("北")
    assert score_hand(spec, RULES).total == oracle_best(spec, ranges_of(spec))


def test_active_scheme_reads_the_white_dragon_as_the_turned_tile() -> None:
    text = "一二三萬 四五六萬 七八九萬 一二三筒 五六筒 白 東 食 東"
    spec = apply(parse_hand(text), parse_scheme("活動 七筒"))
    assert t("白") not in spec.concealed and spec.concealed.count(t("七筒")) == 1 and spec.wilds == ()
    natural = parse_hand(text.replace("五六筒 白", "五六七筒"))
    assert score_hand(spec, RULES).total == score_hand(natural, RULES).total


def test_tiles_in_declared_melds_stay_as_laid_down() -> None:
    spec = apply(parse_hand(SCHEME_HANDS[5][0]), parse_scheme("帶弟 西"))
    assert spec.melds[0].kind == MeldKind.PUNG and spec.melds[0].tile == t("北") and not spec.melds[0].wilds


@pytest.mark.parametrize(
    "text",
    [
        "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 食 東",  # the imagined tile is the other 東
        "一二三萬 四五六萬 七八九萬 一二三筒 四六筒 東 食 東",  # 卡 五筒 by the imagined tile
        "一二三萬 四五六萬 七八九萬 一二三筒 四五七筒 食 北",  # one tile cannot mend two
    ],
)
def test_heart_is_one_imagined_tile_in_a_hand_one_tile_short(text: str) -> None:
    """「每家少拿一张牌，心中想象一张牌 … 只能用作和牌」: typed with 15 tiles before the win."""
    heart = parse_scheme("心皇")
    spec = apply(parse_hand(with_heart(text, heart)), heart)
    assert spec.wilds == (ANY_TILE,)
    expected = oracle_best(spec, [HEART.mask(CTX)])
    if expected is None:
        with pytest.raises(HandError):
            score_hand(spec, RULES)
    else:
        assert score_hand(spec, RULES).total == expected


@pytest.mark.parametrize(
    "text",
    [
        "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 [元] 食 中",  # 元 as 中
        "一二三萬 四五六萬 七八九萬 一二三筒 四五筒 [筒搭] 東 食 東",  # 筒搭 as 六筒 or 三筒
        "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 [喜] 食 中",  # 喜 is no 中: not a win
        "一二三萬 四五六萬 七八九萬 一二三筒 四筒 [總] [二后] 東 食 東",  # 總 and 皇 together
        "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 [合] 食 [一皇]",  # the winning tile a joker
    ],
)
def test_special_jokers_equal_the_oracle(text: str) -> None:
    spec = parse_hand(text)
    expected = oracle_best(spec, ranges_of(spec))
    if expected is None:
        with pytest.raises(HandError):
            score_hand(spec, RULES)
    else:
        assert score_hand(spec, RULES).total == expected


def test_a_hk_taiwan_hand_reads_its_own_scheme_through_the_system() -> None:
    """港式台牌's reader: the hand's 百搭 word over the table's (none here), 心皇 typed one tile short."""
    from taipai.core.system import Seat
    from taipai.systems.hk_taiwan import SYSTEM
    from taipai.systems.hk_taiwan.options import TableOptions

    short = "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 食 東"
    scored = SYSTEM.score(f"{short} 百搭 心皇", Seat(), RULES, TableOptions())
    assert scored.score.total == 50  # the imagined 東 pairs the winning one: the oracle's 50 above
    with pytest.raises(HandError):
        SYSTEM.score(short, Seat(), RULES, TableOptions())  # without 心皇 it is one tile short
    table = TableOptions().with_option("百搭", "窗 中")
    assert table.scheme == WildScheme("window", 31)
    text = "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 南 食 北"
    assert SYSTEM.score(text, Seat(), RULES, table).score.total == 50
    with pytest.raises(HandError):  # the hand's own 帶弟 九萬 (一萬 wild) leaves 南 北 without eyes
        SYSTEM.score(f"{text} 百搭 帶弟 九萬", Seat(), RULES, table)
