"""越搭 kinds (seed 000, 「34 款越搭逐款睇」): every ✓/✗ line as a named test, every kind's exact range,
aliases, errors, 複製/創造 alternatives and the table rules of 「幾條要講定嘅規矩」."""

from __future__ import annotations

import pytest
from builders import tiles

from taipai.core.errors import HandError
from taipai.core.handspec import MeldKind
from taipai.core.wilds import (
    ALIASES,
    ALL_TILES,
    EIGHT_SET,
    HONOURS,
    KIND_NAMES,
    KINDS,
    PAIR,
    SINGLE,
    SUITED,
    Slot,
    WildContext,
    WildRules,
    alternatives,
    kind_named,
    mask_of,
    tiles_of,
)


def T(text: str) -> int:
    """One tile kind in compact notation: ``T("2m")`` -> 1, ``T("C")`` -> 31 (中)."""
    (t,) = tiles(text)
    return t


def TS(text: str) -> tuple[int, ...]:
    """Sorted tile kinds of a compact string, as :func:`tiles_of` returns them."""
    return tuple(sorted(tiles(text)))


E, S, W, N, C, F, P = (T(x) for x in "ESWNCFP")
CTX = WildContext()


def admits(name: str, slot: Slot, ctx: WildContext = CTX) -> bool:
    return KINDS[name].admits(slot, ctx)


def can_be(name: str, tile: int, ctx: WildContext = CTX) -> bool:
    """The tile is in the kind's range (mask) and a pung of it admits the wildcard."""
    kind = KINDS[name]
    in_mask = bool(kind.mask(ctx) >> tile & 1)
    assert kind.admits(Slot.pung(tile), ctx) == in_mask or kind.position_dependent
    return in_mask


# ---------------------------------------------------------------------------------------------
# Seed 000 worked example: 「一二三萬 四五六萬 七八九筒 二三四索 中中 ［搭］ 東 ＋摸 東」


@pytest.mark.parametrize(("name", "ok"), [("皇", True), ("番", True), ("萬", False)])
def test_worked_example_搭係皇或者番_當中_搭係萬_當唔到中(name: str, ok: bool):
    # 「搭係皇或者番：當中，砌成中中中，東東做眼 —— 食糊。」「搭係萬：當唔到中，呢副牌唔係糊。」
    assert admits(name, Slot.pung(C)) is ok


def test_飛牌_example_筒搭_stands_as_九筒_in_exposed_七八九筒():
    # 「上家打七筒，你用八筒加一隻「筒」搭上：門前落地係七八九筒，當中九筒係隻搭。」
    assert admits("筒", Slot.chow(T("7p"), 2, exposed=True))


# ---------------------------------------------------------------------------------------------
# 乜都當得: 皇


def test_皇_中中_plus_皇_is_中中中():
    # ✓中中 + 皇 → 中中中
    assert admits("皇", Slot.pung(C))


def test_皇_一三萬_plus_皇_is_一二三萬():
    # ✓一三萬 + 皇 → 一二三萬
    assert admits("皇", Slot.chow(T("1m"), 1))


# 按門: 萬, 番


def test_萬_一三萬_plus_萬_is_一二三萬():
    # ✓一三萬 + 萬 → 一二三萬
    assert admits("萬", Slot.chow(T("1m"), 1))


def test_萬_cannot_be_honour_中中_plus_萬_is_not_中中中():
    # ✗中中 + 萬 → 中中中：萬搭當唔到字
    assert not admits("萬", Slot.pung(C))
    assert not KINDS["萬"].mask(CTX) & HONOURS


def test_番_中中_plus_番_is_中中中():
    # ✓中中 + 番 → 中中中
    assert admits("番", Slot.pung(C))


# ---------------------------------------------------------------------------------------------
# 按位置: 卡番


def test_卡番_fills_closed_一三萬_to_一二三萬():
    # ✓一三萬 + 卡番 → 一二三萬（填卡窿）
    assert admits("卡番", Slot(tile=T("2m"), group_kind=MeldKind.CHOW, group_tile=T("1m"), position=1))


def test_卡番_not_edge_一二萬_to_一二三萬():
    # ✗一二萬 + 卡番 → 一二三萬：三萬係邊張，唔係卡窿
    assert not admits("卡番", Slot.chow(T("1m"), 2))


def test_卡番_fills_closed_not_edge():
    assert admits("卡番", Slot.chow(T("1m"), 1))
    assert not admits("卡番", Slot.chow(T("1m"), 2))
    assert not admits("卡番", Slot.chow(T("2m"), 0))  # 三萬 as the open end of 三四五萬
    assert not admits("卡番", Slot.pung(T("2m")))  # a pung's tile is no 卡窿
    assert not admits("卡番", Slot.pair(T("2m")))


def test_卡番_東東_plus_卡番_is_東東東():
    # ✓東東 + 卡番 → 東東東
    assert admits("卡番", Slot.pung(E))
    assert admits("卡番", Slot.pair(E))
    assert admits("卡番", Slot.single(E))


# 按位置: 伍偏


def test_伍偏_一二萬_plus_伍偏_is_一二三萬_三萬係偏章():
    # ✓一二萬 + 伍偏 → 一二三萬（三萬係偏章）
    assert admits("伍偏", Slot.chow(T("1m"), 2))


def test_伍偏_一三萬_plus_伍偏_not_一二三萬_二萬唔係五唔係偏章():
    # ✗一三萬 + 伍偏 → 一二三萬：二萬唔係五、唔係偏章
    assert not admits("伍偏", Slot.chow(T("1m"), 1))


def test_伍偏_五五萬_plus_伍偏_is_五五五萬():
    # ✓五五萬 + 伍偏 → 五五五萬
    assert admits("伍偏", Slot.pung(T("5m")))


def test_伍偏_fills_edge_not_closed():
    assert admits("伍偏", Slot.chow(T("1m"), 2))  # 一二 + 三 (edge)
    assert admits("伍偏", Slot.chow(T("7p"), 0))  # 八九 + 七 (edge)
    assert not admits("伍偏", Slot.chow(T("1m"), 1))  # 一三 + 二 (closed)
    assert not admits("伍偏", Slot.chow(T("3m"), 0))  # 四五 + 三 is an open wait, not 偏章
    assert not admits("伍偏", Slot.chow(T("5s"), 2))  # 五六 + 七, not 偏章
    assert not admits("伍偏", Slot.pung(T("3m")))
    assert all(admits("伍偏", Slot.chow(T("5p") - i, i)) for i in range(3))  # a 5 anywhere in a chow
    assert admits("伍偏", Slot.pair(T("5s")))


# 按位置: 斷缺


def test_斷缺_當得二萬_七筒():
    # ✓當得二萬、七筒
    assert admits("斷缺", Slot.chow(T("2m"), 0))  # 234萬
    assert admits("斷缺", Slot.pung(T("2m")))
    assert admits("斷缺", Slot.chow(T("6p"), 1))  # 678筒
    assert admits("斷缺", Slot.pair(T("7p")))
    assert KINDS["斷缺"].mask(CTX) >> T("2m") & 1 and KINDS["斷缺"].mask(CTX) >> T("7p") & 1


def test_斷缺_當唔到五萬_一萬_東():
    # ✗當唔到五萬、一萬、東
    for t in (T("5m"), T("1m"), E):
        assert not KINDS["斷缺"].mask(CTX) >> t & 1
        assert not admits("斷缺", Slot.pung(t))
        assert not admits("斷缺", Slot.pair(t))
    assert not admits("斷缺", Slot.chow(T("3m"), 2))  # 五萬 in 345
    assert not admits("斷缺", Slot.chow(T("1m"), 0))  # 一萬 in 123


def test_斷缺_only_inside_234_678_chows():
    assert admits("斷缺", Slot.chow(T("2s"), 2))  # 四索 of 234
    assert not admits("斷缺", Slot.chow(T("3s"), 1))  # 四索 of 345: has a 5
    assert not admits("斷缺", Slot.chow(T("4s"), 0))  # 四索 of 456
    assert not admits("斷缺", Slot.chow(T("1s"), 2))  # 三索 of 123: has a 1
    assert not admits("斷缺", Slot.chow(T("7s"), 1))  # 八索 of 789: has a 9
    assert admits("斷缺", Slot.kong(T("8s"), concealed=True))
    assert not admits("斷缺", Slot.single(T("2s")))


# ---------------------------------------------------------------------------------------------
# 牛 / 熊


HAND_3456M = WildContext(natural_tiles=tuple(tiles("3456m")))


def test_牛_三四五六萬_當得六萬_亦當得九筒():
    # ✓你手上係三四五六萬：牛當得六萬，亦當得九筒
    assert can_be("牛", T("6m"), HAND_3456M)
    assert can_be("牛", T("9p"), HAND_3456M)


def test_牛_三四五六萬_當唔到五萬():
    # ✗同一副牌：牛當唔到五萬 —— 細過你最大嗰個數（六）
    assert not can_be("牛", T("5m"), HAND_3456M)


def test_牛_碰九筒之前_當得七萬():
    # ✓碰九筒之前：牛當得七萬
    assert can_be("牛", T("7m"), HAND_3456M)


def test_牛_narrows_after_pung_of_nine():
    # ✗碰咗九筒之後：你最大嗰個數變咗九，牛淨係當得九 —— 越食得大，牛越窄
    after = WildContext(natural_tiles=(*tiles("3456m"), *tiles("999p")))
    assert not can_be("牛", T("7m"), after)
    assert tiles_of(KINDS["牛"].mask(after)) == (T("9m"), T("9p"), T("9s"))


def test_熊_三四五六萬_當得三萬_亦當得一索():
    # ✓你手上係三四五六萬：熊當得三萬，亦當得一索
    assert can_be("熊", T("3m"), HAND_3456M)
    assert can_be("熊", T("1s"), HAND_3456M)


def test_熊_三四五六萬_當唔到四萬():
    # ✗同一副牌：熊當唔到四萬 —— 大過你最細嗰個數（三）
    assert not can_be("熊", T("4m"), HAND_3456M)


def test_牛_熊_ignore_honours_and_never_stand_for_them():
    ctx = WildContext(natural_tiles=(*tiles("3456m"), E, E, C))
    assert KINDS["牛"].mask(ctx) == KINDS["牛"].mask(HAND_3456M)
    assert KINDS["熊"].mask(ctx) == KINDS["熊"].mask(HAND_3456M)
    assert not KINDS["牛"].mask(ctx) & HONOURS


def test_牛_熊_with_no_numbered_tile_option():
    honours_only = WildContext(natural_tiles=(E, E, E, C, C))
    assert KINDS["牛"].mask(honours_only) == SUITED
    assert KINDS["熊"].mask(honours_only) == SUITED
    strict = WildContext(natural_tiles=(E, E, E), rules=WildRules(bull_bear_unbounded=False))
    assert KINDS["牛"].mask(strict) == 0
    assert KINDS["熊"].mask(strict) == 0


def test_牛_winning_tile_counts_by_default_option_off_ignores_it():
    hand = (*tiles("3456m"), T("8p"))
    counted = WildContext(natural_tiles=hand, winning_tile=T("8p"))
    assert tiles_of(KINDS["牛"].mask(counted)) == TS("89m 89p 89s")
    ignored = WildContext(
        natural_tiles=hand, winning_tile=T("8p"), rules=WildRules(context_counts_winning_tile=False)
    )
    assert tiles_of(KINDS["牛"].mask(ignored)) == TS("6789m 6789p 6789s")
    assert not KINDS["聚"].mask(ignored) >> T("8p") & 1
    assert KINDS["獨"].mask(ignored) >> T("8p") & 1


# ---------------------------------------------------------------------------------------------
# 馬


def test_馬_南位_中中_plus_馬_is_中中中():
    # ✓你坐南位：中中 + 馬 → 中中中
    assert admits("馬", Slot.pung(C), WildContext(seat_wind=S))


def test_馬_東位_中中_plus_馬_東位嘅馬冇中發白():
    # ✗你坐東位（莊）：中中 + 馬 —— 東位嘅馬冇中發白
    assert not admits("馬", Slot.pung(C), WildContext(seat_wind=E))


def test_馬_東位_一一萬_plus_馬_is_一一一萬():
    # ✓你坐東位：一一萬 + 馬 → 一一一萬
    assert admits("馬", Slot.pung(T("1m")), WildContext(seat_wind=E))


def test_馬_過莊之前東位_當得五筒():
    # ✓過莊之前你坐東位：馬當得五筒
    assert can_be("馬", T("5p"), WildContext(seat_wind=E))


def test_馬_changes_with_seat_after_dealer_passes():
    # ✗過莊之後你變咗坐南位：同一隻馬當唔到五筒，變咗當得二、六同中發白
    before = WildContext(natural_tiles=tuple(tiles("123m")), seat_wind=E)
    after = WildContext(natural_tiles=tuple(tiles("123m")), seat_wind=S)
    assert can_be("馬", T("5p"), before)
    assert not can_be("馬", T("5p"), after)
    assert tiles_of(KINDS["馬"].mask(after)) == TS("26m 26p 26s S C F P")


@pytest.mark.parametrize(
    ("seat", "expected"),
    [
        (E, "159m 159p 159s E"),  # 東位（莊）：一、五、九 + 東風
        (S, "26m 26p 26s S CFP"),  # 南位：二、六 + 南風 + 中發白
        (W, "37m 37p 37s W CFP"),  # 西位：三、七 + 西風 + 中發白
        (N, "48m 48p 48s N CFP"),  # 北位：四、八 + 北風 + 中發白
    ],
)
def test_馬_range_per_seat(seat: int, expected: str):
    assert tiles_of(KINDS["馬"].mask(WildContext(seat_wind=seat))) == TS(expected)


# ---------------------------------------------------------------------------------------------
# 聚 / 獨 / 現

HAVE_11M_5P = WildContext(natural_tiles=tuple(tiles("11m 5p")))


def test_聚_一一萬_五筒_當得一萬():
    # ✓你有一一萬、五筒：聚當得一萬
    assert can_be("聚", T("1m"), HAVE_11M_5P)


def test_聚_一一萬_五筒_當唔到二萬():
    # ✗同一副牌：聚當唔到二萬 —— 你一隻都冇
    assert not can_be("聚", T("2m"), HAVE_11M_5P)


def test_獨_一一萬_五筒_當得二萬():
    # ✓你有一一萬、五筒：獨當得二萬
    assert can_be("獨", T("2m"), HAVE_11M_5P)


def test_獨_一一萬_五筒_當唔到一萬():
    # ✗同一副牌：獨當唔到一萬 —— 你已經有
    assert not can_be("獨", T("1m"), HAVE_11M_5P)


def test_聚_counts_exposed_melds_包括明章():
    ctx = WildContext(natural_tiles=(*tiles("11m 5p"), *tiles("EEE")))
    assert can_be("聚", E, ctx)
    assert not can_be("獨", E, ctx)


def test_現_九索有人打過_當得九索():
    # ✓九索有人打過：現當得九索
    assert can_be("現", T("9s"), WildContext(seen_tiles=(T("9s"),)))


def test_現_八索未出現過_當唔到八索():
    # ✗八索未出現過：現當唔到八索
    assert not can_be("現", T("8s"), WildContext(seen_tiles=(T("9s"),)))


def test_現_天叮單吊現_winning_discard_is_seen():
    # 「天叮單吊現，有人打出九萬，下家跟住打九萬都食得。」
    ctx = WildContext(natural_tiles=(T("9m"),), winning_tile=T("9m"), won_on_discard=True)
    assert admits("現", Slot.pair(T("9m")), ctx)
    drawn = WildContext(natural_tiles=(T("9m"),), winning_tile=T("9m"), won_on_discard=False)
    assert not admits("現", Slot.pair(T("9m")), drawn)


# ---------------------------------------------------------------------------------------------
# 複製 / 創造


def test_複製_with_筒搭_當得三筒():
    # ✓你手上仲有一隻筒搭：複製當得三筒
    ctx = WildContext(held_kinds=("複製", "筒"))
    assert can_be("複製", T("3p"), ctx)
    assert alternatives(KINDS["複製"], ctx) == (KINDS["筒"],)


def test_複製_with_筒搭_當唔到三萬():
    # ✗同一副牌：複製當唔到三萬 —— 佢抄嘅係筒搭
    assert not can_be("複製", T("3m"), WildContext(held_kinds=("複製", "筒")))


def test_複製_alone_is_大皇():
    # ✓手上淨係得複製：當大皇，五萬都得
    ctx = WildContext(held_kinds=("複製",))
    assert alternatives(KINDS["複製"], ctx) == (KINDS["皇"],)
    assert can_be("複製", T("5m"), ctx)
    assert KINDS["複製"].mask(ctx) == ALL_TILES
    assert alternatives(KINDS["複製"], WildContext(held_kinds=("複製", "複製"))) == (KINDS["皇"],)


def test_複製_in_exposed_meld_copies_only_exposed_kinds():
    # 「要落地就只可以複製自己已經落咗地嘅搭」
    ctx = WildContext(held_kinds=("複製", "萬", "筒"), exposed_kinds=("筒",))
    assert alternatives(KINDS["複製"], ctx, in_exposed=True) == (KINDS["筒"],)
    assert admits("複製", Slot.chow(T("7p"), 2, exposed=True), ctx)
    assert not admits("複製", Slot.chow(T("7m"), 2, exposed=True), ctx)
    assert admits("複製", Slot.chow(T("7m"), 2), ctx)  # in hand it may copy 萬
    none_down = WildContext(held_kinds=("複製", "萬"))
    assert alternatives(KINDS["複製"], none_down, in_exposed=True) == ()
    alone = WildContext(held_kinds=("複製",))
    assert alternatives(KINDS["複製"], alone, in_exposed=True) == ()
    lenient = WildContext(held_kinds=("複製",), rules=WildRules(copy_alone_in_exposed=True))
    assert alternatives(KINDS["複製"], lenient, in_exposed=True) == (KINDS["皇"],)


def test_複製_never_in_concealed_kong():
    # 「唔可以暗槓」
    ctx = WildContext(held_kinds=("複製", "皇"))
    assert alternatives(KINDS["複製"], ctx, in_concealed_kong=True) == ()
    assert not admits("複製", Slot.kong(T("5m"), concealed=True), ctx)


def test_複製_copies_position_dependent_kind_exactly():
    ctx = WildContext(held_kinds=("複製", "卡番"))
    assert KINDS["複製"].position_dependent
    assert admits("複製", Slot.chow(T("1m"), 1), ctx)
    assert not admits("複製", Slot.chow(T("1m"), 2), ctx)


def test_複製_copying_創造_acts_as_what_創造_may_become():
    ctx = WildContext(table_kinds=("複製", "創造", "筒", "萬"), held_kinds=("複製", "創造", "萬"))
    assert alternatives(KINDS["複製"], ctx) == (KINDS["萬"], KINDS["筒"])


TABLE_CREATE = WildContext(table_kinds=("創造", "筒", "萬"), held_kinds=("創造",))


def test_創造_table_創造筒萬_可以變筒搭_當三筒():
    # ✓張枱玩創造、筒、萬，你手上得創造：可以變筒搭，當三筒
    assert KINDS["筒"] in alternatives(KINDS["創造"], TABLE_CREATE)
    assert can_be("創造", T("3p"), TABLE_CREATE)


def test_創造_cannot_be_東_without_番_on_table():
    # ✗同一副牌：當唔到東 —— 張枱冇番搭
    assert alternatives(KINDS["創造"], TABLE_CREATE) == (KINDS["筒"], KINDS["萬"])
    assert not can_be("創造", E, TABLE_CREATE)


def test_創造_only_kinds_not_held_and_never_in_melds():
    ctx = WildContext(table_kinds=("創造", "筒", "萬", "複製"), held_kinds=("創造", "筒"))
    assert alternatives(KINDS["創造"], ctx) == (KINDS["萬"],)  # 筒 held; never 複製
    assert not can_be("創造", T("3p"), ctx)
    # 「唔可以落地，唔可以暗槓」
    assert alternatives(KINDS["創造"], ctx, in_exposed=True) == ()
    assert alternatives(KINDS["創造"], ctx, in_concealed_kong=True) == ()
    assert not admits("創造", Slot.chow(T("1m"), 1, exposed=True), ctx)
    assert admits("創造", Slot.chow(T("1m"), 1), ctx)


def test_other_kinds_act_as_themselves():
    for name in KIND_NAMES:
        if name not in ("複製", "創造"):
            assert alternatives(KINDS[name], CTX) == (KINDS[name],)


# ---------------------------------------------------------------------------------------------
# 確單 / 確雙 / 限五 / 七起


def test_確單_odd_suit_count():
    # ✓萬門有四隻真牌 + 確單 → 五隻，單數
    assert KINDS["確單"].suit_count_ok(4 + 1)


def test_確單_萬門五隻真牌_plus_確單_六隻雙數_食唔到():
    # ✗萬門有五隻真牌 + 確單 → 六隻，雙數，食唔到
    assert not KINDS["確單"].suit_count_ok(5 + 1)


def test_確雙_even_suit_count():
    # 確雙佢所在嗰一門嘅數量要係雙數。
    assert KINDS["確雙"].suit_count_ok(6)
    assert not KINDS["確雙"].suit_count_ok(5)


def test_限五_at_most_five():
    # 限五佢所在嗰一門最多五隻。
    assert KINDS["限五"].suit_count_ok(5)
    assert KINDS["限五"].suit_count_ok(1)
    assert not KINDS["限五"].suit_count_ok(6)


def test_七起_at_least_seven():
    # 七起佢所在嗰一門最少七隻。
    assert KINDS["七起"].suit_count_ok(7)
    assert KINDS["七起"].suit_count_ok(17)
    assert not KINDS["七起"].suit_count_ok(6)


def test_other_kinds_have_no_suit_count_constraint():
    for name in KIND_NAMES:
        if name not in ("確單", "確雙", "限五", "七起"):
            assert all(KINDS[name].suit_count_ok(n) for n in range(18))


def test_count_kinds_join_honours_option():
    for name in ("確單", "確雙", "限五", "七起"):
        assert KINDS[name].mask(CTX) == SUITED
        assert KINDS[name].mask(WildContext(rules=WildRules(count_kinds_join_honours=True))) == ALL_TILES


# ---------------------------------------------------------------------------------------------
# Every kind's exact range in a typical context

TYPICAL = WildContext(
    natural_tiles=tuple(tiles("3456m 789p 22s EEE C")),
    seat_wind=W,
    seen_tiles=tuple(tiles("9s 1m N")),
    table_kinds=KIND_NAMES,
    held_kinds=("筒",),
)
EXPECTED_RANGES: dict[str, str] = {
    "皇": "123456789m 123456789p 123456789s ESWN CFP",
    "筒索萬": "123456789m 123456789p 123456789s",
    "筒": "123456789p",
    "索": "123456789s",
    "萬": "123456789m",
    "番": "ESWN CFP",
    "東南西北": "ESWN",
    "中發白": "CFP",
    "大": "789m 789p 789s",
    "中": "456m 456p 456s",
    "小": "123m 123p 123s",
    "單": "13579m 13579p 13579s",
    "雙": "2468m 2468p 2468s",
    "一九": "19m 19p 19s",
    "一四七": "147m 147p 147s",
    "二五八": "258m 258p 258s",
    "三六九": "369m 369p 369s",
    "番工": "6789m 6789p 6789s ESWN CFP",
    "番攤": "1234m 1234p 1234s ESWN CFP",
    "卡番": "2345678m 2345678p 2345678s ESWN CFP",  # superset: honours + chow middles
    "伍偏": "357m 357p 357s",  # superset: 5s + the 3 of 123 / 7 of 789
    "斷缺": "234678m 234678p 234678s",  # superset
    "牛": "9m 9p 9s",  # largest number held: 9 (789筒)
    "熊": "12m 12p 12s",  # smallest number held: 2 (22索)
    "馬": "37m 37p 37s W CFP",  # 西位
    "聚": "3456m 789p 2s E C",
    "獨": "12789m 123456p 13456789s SWN FP",
    "現": "1m 9s N",
    "複製": "123456789p",  # copies the 筒 held
    "創造": "123456789m 123456789p 123456789s ESWN CFP",  # any table kind not held, e.g. 皇
    "確單": "123456789m 123456789p 123456789s",
    "確雙": "123456789m 123456789p 123456789s",
    "限五": "123456789m 123456789p 123456789s",
    "七起": "123456789m 123456789p 123456789s",
}


def test_expected_ranges_cover_all_34_kinds():
    assert tuple(EXPECTED_RANGES) == KIND_NAMES
    assert len(KINDS) == 34


@pytest.mark.parametrize("name", KIND_NAMES)
def test_range_of_each_kind(name: str):
    kind = KINDS[name]
    assert tiles_of(kind.mask(TYPICAL)) == TS(EXPECTED_RANGES[name])
    assert kind.mask(TYPICAL) & ~ALL_TILES == 0  # never a flower or anything beyond 0..33
    if kind.fixed_mask is not None:
        assert kind.fixed_mask == kind.mask(TYPICAL) == kind.mask(CTX)


@pytest.mark.parametrize("name", KIND_NAMES)
def test_admits_is_within_mask(name: str):
    """``mask`` is a superset: no slot outside it is admitted, and for position-free kinds
    ``admits`` is exactly the mask on every group shape."""
    kind = KINDS[name]
    mask = kind.mask(TYPICAL)
    for t in range(34):
        slots = [Slot.pung(t), Slot.pair(t), Slot.single(t), Slot.kong(t)]
        if t < 27:
            slots += [Slot.chow(t - p, p) for p in range(3) if 0 <= (t % 9) - p <= 6]
        for slot in slots:
            got = kind.admits(slot, TYPICAL)
            if not mask >> t & 1:
                assert not got, (name, slot)
            elif not kind.position_dependent:
                assert got, (name, slot)


def test_position_dependent_flags():
    flagged = {n for n in KIND_NAMES if KINDS[n].position_dependent}
    assert flagged == {"卡番", "伍偏", "斷缺", "複製", "創造"}


def test_eight_set_preset():
    # 「皇、筒索萬、筒、索、萬、番、東南西北、中發白。範圍由闊到窄」
    assert EIGHT_SET == ("皇", "筒索萬", "筒", "索", "萬", "番", "東南西北", "中發白")
    assert WildRules().table_kinds == EIGHT_SET
    assert bin(KINDS["皇"].mask(CTX)).count("1") == 34
    assert bin(KINDS["筒索萬"].mask(CTX)).count("1") == 27


# ---------------------------------------------------------------------------------------------
# Names


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("大皇", "皇"),
        ("百搭", "皇"),
        ("万", "萬"),
        ("条", "索"),
        ("條", "索"),
        ("饼", "筒"),
        ("餅", "筒"),
        ("东南西北", "東南西北"),
        ("中发白", "中發白"),
        ("复制", "複製"),
        ("创造", "創造"),
        ("确单", "確單"),
        ("确双", "確雙"),
        ("断缺", "斷缺"),
        ("筒搭", "筒"),
        ("番搭", "番"),
        ("搭:中發白", "中發白"),
        ("搭：中发白", "中發白"),
        (" 皇 ", "皇"),
    ],
)
def test_alias_resolution(alias: str, name: str):
    assert kind_named(alias) is KINDS[name]


def test_every_printed_name_resolves_to_itself():
    for name in KIND_NAMES:
        assert kind_named(name).name == name


def test_aliases_point_at_kinds():
    assert set(ALIASES.values()) <= set(KIND_NAMES)
    assert not set(ALIASES) & set(KIND_NAMES)


@pytest.mark.parametrize("bad", ["龍", "搭", "", "皇皇", "花"])
def test_kind_named_unknown_raises_wild_unsupported(bad: str):
    with pytest.raises(HandError) as info:
        kind_named(bad)
    err = info.value
    assert err.code == "wild_unsupported"
    assert err.token == bad
    assert "皇" in err.hint and "七起" in err.hint


def test_context_rejects_unknown_kind_and_bad_seat_and_tile():
    with pytest.raises(HandError) as info:
        WildContext(held_kinds=("龍",))
    assert info.value.code == "wild_unsupported"
    with pytest.raises(HandError) as info:
        WildContext(seat_wind=31)
    assert info.value.code == "bad_context"
    with pytest.raises(HandError) as info:
        WildContext(natural_tiles=(34,))
    assert info.value.code == "bad_context"


def test_context_accepts_lists_and_aliases_and_is_hashable():
    ctx = WildContext(natural_tiles=[0, 1], held_kinds=["复制", "饼"])  # type: ignore[arg-type]
    assert ctx.natural_tiles == (0, 1)
    assert alternatives(KINDS["複製"], ctx) == (KINDS["筒"],)
    assert hash(ctx) == hash(WildContext(natural_tiles=(0, 1), held_kinds=("复制", "饼")))


# ---------------------------------------------------------------------------------------------
# Slot shapes and mask helpers


def test_slot_builders():
    assert Slot.chow(T("1m"), 1) == Slot(tile=1, group_kind=MeldKind.CHOW, group_tile=0, position=1)
    assert Slot.pair(C).group_kind == PAIR == 3
    assert Slot.single(C).group_kind == SINGLE
    assert Slot.kong(E, concealed=True).concealed_kong
    assert Slot.pung(E, exposed=True).exposed


def test_mask_helpers_round_trip():
    assert tiles_of(mask_of((0, 33, 5))) == (0, 5, 33)
    assert mask_of(()) == 0


# ---------------------------------------------------------------------------------------------
# Table rules (seed 000 「幾條要講定嘅規矩」)


def test_wild_rules_defaults_follow_seed():
    r = WildRules()
    assert r.in_melds and r.max_per_exposed_meld == 1  # 預設用得，但每次上或者碰最多用一隻
    assert r.max_in_concealed_kong == 1  # 暗槓 —— 預設可以用越搭，但最多一隻
    assert r.discarded_wild_winnable  # 打出去嘅越搭 —— 預設食得糊
    assert r.special_shapes  # 都可以幫你砌十六不搭、十三么、嚦咕嚦咕
    assert r.meld_kinds is None and r.kind_counts is None
    assert not r.fifth_copy and r.eyes_both_wild
    assert r.max_per_concealed_meld == 3


def test_wild_rules_max_in_group():
    r = WildRules()
    assert r.max_in_group(MeldKind.CHOW, exposed=True) == 1
    assert r.max_in_group(MeldKind.KONG, concealed_kong=True) == 1
    assert r.max_in_group(PAIR) == 2
    assert WildRules(eyes_both_wild=False).max_in_group(PAIR) == 1
    assert r.max_in_group(MeldKind.PUNG) == 3
    assert WildRules(in_melds=False).max_in_group(MeldKind.PUNG, exposed=True) == 0


def test_wild_rules_meld_kinds_allow_list():
    # 「有啲枱逐款講定邊款用得」
    r = WildRules(meld_kinds=frozenset({"筒", "万"}))
    assert r.meld_kinds == frozenset({"筒", "萬"})
    assert r.allows_in_meld("筒", exposed=True)
    assert not r.allows_in_meld("皇", exposed=True)
    assert r.allows_in_meld("皇")  # in hand: no limit
    assert not WildRules(in_melds=False).allows_in_meld("皇", exposed=True)
    assert not WildRules(max_in_concealed_kong=0).allows_in_meld("皇", concealed_kong=True)


def test_wild_rules_check_held_kinds_and_counts():
    r = WildRules(kind_counts={"皇": 1})
    r.check_held(["皇", "筒"])
    with pytest.raises(HandError) as info:
        r.check_held(["皇", "大皇"])
    assert info.value.code == "wild_unsupported"
    with pytest.raises(HandError) as info:
        r.check_held(["牛"])
    assert info.value.code == "wild_unsupported" and info.value.token == "牛"


def test_wild_rules_check_held_names_the_kind_and_the_tables_kinds():
    """A seed 000 kind the table does not play (牛, not among 八搭 「皇、筒索萬、筒、索、萬、番、
    東南西北、中發白」) carries the same ``reason``/``table_kinds`` as the notation's refusal, so the
    reply lists what the table plays; a table of no kinds says it plays none."""
    with pytest.raises(HandError) as info:
        WildRules().check_held(["牛"])
    assert info.value.hint_args["reason"] == "not_played"
    assert info.value.hint_args["kind"] == "牛"
    assert info.value.hint_args["table_kinds"] == (
        "皇",
        "筒索萬",
        "筒",
        "索",
        "萬",
        "番",
        "東南西北",
        "中發白",
    )
    with pytest.raises(HandError) as info:
        WildRules(table_kinds=()).check_held(["皇"])
    assert info.value.hint_args["reason"] == "no_wilds" and info.value.hint_args["table_kinds"] == ()


def test_wild_rules_validation():
    with pytest.raises(HandError) as info:
        WildRules(table_kinds=("皇", "龍"))
    assert info.value.code == "bad_rules"
    with pytest.raises(HandError):
        WildRules(max_per_exposed_meld=-1)
    with pytest.raises(HandError):
        WildRules(kind_counts={"皇": -1})
    assert WildRules(table_kinds=("大皇", "皇", "饼")).table_kinds == ("皇", "筒")
    assert hash(WildRules(kind_counts={"皇": 2})) == hash(WildRules())
