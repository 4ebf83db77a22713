"""Seed 004, 非常用翻數表: all 18 rows, off in the preset; each test turns them on.

Hands without honours carry a flower (春, ``FL``) where a test looks at 無字: with no flower at all
無字花 would replace 無字.
"""

import pytest
from builders import fan_of, hand, ids, rules

from taipai.core.tiles import SOUTH
from taipai.systems.hk_taiwan.rules import apply_overrides

RARE = (
    "six_wrong_flowers",
    "no_flowers_at_table",
    "small_two_winds",
    "two_wind_pungs",
    "six_in_a_row",
    "pure_shifted_by_two",
    "no_fives",
    "within_fifteen",
    "false_two_double_chows",
    "all_related",
    "all_green",
    "all_blue",
    "four_numbers",
    "three_numbers",
    "two_numbers",
    "all_upper",
    "all_lower",
    "all_waits",
)
ON = rules(enable=list(RARE))
FL = (1,)
# seed 000 worked example with 中 for the wildcard: 123m 456m 789p 234s CCC + E, won on E.
SEED0 = dict(concealed="123m 456m 789p 234s CCC E", win="E")

# One hand per row that scores it, with the seed value (used again by the off-by-default test).
SCORING = {
    "six_wrong_flowers": (hand(**SEED0, flowers=(2, 3, 4, 6, 7, 8)), 30),
    "no_flowers_at_table": (hand(**SEED0, no_flowers_at_table=True), 40),
    "small_two_winds": (hand("EEE 123m 456m 789p 234s S", "S"), 1),
    "two_wind_pungs": (hand("EEE SSS 123m 456m 789p 2s", "2s"), 5),
    "six_in_a_row": (hand(**SEED0), 5),
    "pure_shifted_by_two": (hand("123m 345m 567m 789p CCC E", "E"), 10),
    "no_fives": (hand("123m 234m 789p 678s 123p 9s", "9s", flowers=FL), 5),
    "within_fifteen": (hand(**SEED0, discards_seen=15), 2),
    "false_two_double_chows": (hand("223344m 5m 123p 456p 789s", "5m"), 10),
    "all_related": (hand("123m 123p 123s 555m 555p 9s", "9s"), 20),
    "all_green": (hand("234s 234s 666s FFF 888s 2s", "2s"), 160),
    "all_blue": (hand("SSS WWW N PPP 888p", "N", melds=["pung EEE"]), 200),
    "four_numbers": (hand("123m 123p 123s 123m EEE 1m", "1m"), 40),
    "three_numbers": (hand("123m 123m 123p 111p 123s 2s", "2s"), 60),
    "two_numbers": (hand("555p 555s EEE SSS W", "W", melds=["pung 555m"]), 80),
    "all_upper": (hand("678m 789m 678p 999s 666s 8p", "8p", flowers=FL), 50),
    "all_lower": (hand("123m 234m 123p 111s 444s 2p", "2p", flowers=FL), 50),
    "all_waits": (hand("1112345678999m", "5m", melds=["chow 456m"], flowers=FL), 200),
}


@pytest.mark.parametrize("pid", RARE)
def test_非常用_row_scores_its_value_when_on(pid):
    spec, value = SCORING[pid]
    assert fan_of(spec, pid, ON) == value


@pytest.mark.parametrize("pid", RARE)
def test_非常用_row_is_off_by_default(pid):
    assert rules().patterns[pid].enabled is False
    spec, _ = SCORING[pid]
    assert pid not in ids(spec, rules())


# ---------------------------------------------------------------- 六花不正 30
# 「摸到的六張花牌均與自己方位不符」.


def test_六花不正_scores_30_and_keeps_爛花():
    spec, _ = SCORING["six_wrong_flowers"]
    assert fan_of(spec, "six_wrong_flowers", ON) == 30
    assert fan_of(spec, "wrong_flower", ON) == 6


def test_六花不正_for_南位():
    # 南 is seat 2: 夏 and 蘭 are his; the other six are all 不正.
    h = hand(**SEED0, flowers=(1, 3, 4, 5, 7, 8), seat_wind=SOUTH)
    assert fan_of(h, "six_wrong_flowers", ON) == 30


def test_六花不正_near_miss_one_flower_matches():
    assert "six_wrong_flowers" not in ids(hand(**SEED0, flowers=(1, 2, 3, 4, 6, 7)), ON)


def test_六花不正_near_miss_five_flowers():
    assert "six_wrong_flowers" not in ids(hand(**SEED0, flowers=(2, 3, 4, 6, 7)), ON)


def test_六花不正_off_without_flowers_option():
    spec, _ = SCORING["six_wrong_flowers"]
    assert "six_wrong_flowers" not in ids(spec, rules(flowers=False, enable=list(RARE)))


# ---------------------------------------------------------------- 無花糊 40
# 「糊牌時四家沒有補過任何花牌」.


def test_無花糊_near_miss_without_the_context_word():
    assert "no_flowers_at_table" not in ids(hand(**SEED0), ON)


def test_無花糊_off_without_flowers_option():
    spec, _ = SCORING["no_flowers_at_table"]
    assert "no_flowers_at_table" not in ids(spec, rules(flowers=False, enable=list(RARE)))


# ---------------------------------------------------------------- 小雙風 1
# 「有「東」、「南」、「西」、「北」其中一款刻子，另外一款作眼。另計圈風，刻風」.


def test_小雙風_scores_1_with_圈風_and_刻風():
    spec, _ = SCORING["small_two_winds"]
    found = ids(spec, ON)
    assert fan_of(spec, "small_two_winds", ON) == 1
    assert "wind_pung" in found
    assert "round_wind" in found


def test_小雙風_near_miss_dragon_eyes():
    assert "small_two_winds" not in ids(hand("EEE 123m 456m 789p 234s C", "C"), ON)


def test_小雙風_near_miss_two_wind_pungs_and_wind_eyes_is_小三風():
    h = hand("EEE SSS 123m 456m 789p W", "W")
    found = ids(h, ON)
    assert "small_three_winds" in found
    assert "small_two_winds" not in found
    assert "two_wind_pungs" not in found


# ---------------------------------------------------------------- 雙風刻 5
# 「有「東」、「南」、「西」、「北」其中兩款刻子。另計圈風，刻風」.


def test_雙風刻_scores_5_with_刻風():
    spec, _ = SCORING["two_wind_pungs"]
    assert fan_of(spec, "two_wind_pungs", ON) == 5
    assert fan_of(spec, "wind_pung", ON) == 2


def test_雙風刻_near_miss_one_wind_pung():
    assert "two_wind_pungs" not in ids(hand("EEE CCC 123m 456m 789p 2s", "2s"), ON)


def test_雙風刻_near_miss_three_wind_pungs_is_大三風():
    h = hand("EEE SSS WWW 123m 456m 2s", "2s")
    found = ids(h, ON)
    assert "big_three_winds" in found
    assert "two_wind_pungs" not in found


# ---------------------------------------------------------------- 連六 3/5
# 「同一花色的兩組順子為連續的六個數字。可分明暗」.


def test_連六_concealed_scores_5():
    assert fan_of(hand(**SEED0), "six_in_a_row", ON) == 5


def test_連六_open_scores_3():
    h = hand("456m 789p 234s CCC E", "E", melds=["chow 123m"])
    assert fan_of(h, "six_in_a_row", ON) == 3


def test_連六_near_miss_gap():
    assert "six_in_a_row" not in ids(hand("123m 567m 789p 234s CCC E", "E"), ON)


def test_連六_near_miss_two_suits():
    assert "six_in_a_row" not in ids(hand("123m 456p 789s 234s CCC E", "E"), ON)


def test_連六_counting_methods():
    # 一二三 四五六 七八九萬: 123+456 and 456+789 share 四五六萬.
    h = hand("123m 456m 789m 789p CCC E", "E")
    assert fan_of(h, "six_in_a_row", ON) == 5  # 「同一組牌只能計一種翻數一次」
    repeat = rules(repeat_counting=True, enable=list(RARE))
    assert fan_of(h, "six_in_a_row", repeat) == 10  # 「可重覆計算」


# ---------------------------------------------------------------- 一色連環套 5/10
# 「三組同一花色、遞增兩位的順子。可分明暗」.


def test_一色連環套_concealed_scores_10():
    assert fan_of(hand("123m 345m 567m 789p CCC E", "E"), "pure_shifted_by_two", ON) == 10


def test_一色連環套_open_scores_5():
    h = hand("123m 345m 789p CCC E", "E", melds=["chow 567m"])
    assert fan_of(h, "pure_shifted_by_two", ON) == 5


def test_一色連環套_near_miss_step_of_three():
    assert "pure_shifted_by_two" not in ids(hand("123m 345m 678m 789p CCC E", "E"), ON)


def test_一色連環套_near_miss_mixed_suits():
    assert "pure_shifted_by_two" not in ids(hand("123m 345p 567m 789p CCC E", "E"), ON)


# ---------------------------------------------------------------- 缺五 5
# 「牌型沒有「五」這數字」; 「無字限定，不另計無字」.


def test_缺五_excludes_無字():
    spec, _ = SCORING["no_fives"]
    assert "no_honours" not in ids(spec, ON)


def test_缺五_near_miss_a_five_leaves_無字():
    h = hand("123m 234m 789p 678s 456p 9s", "9s", flowers=FL)
    assert "no_fives" not in ids(h, ON)
    assert fan_of(h, "no_honours", ON) == 1


def test_缺五_near_miss_honours():
    assert "no_fives" not in ids(hand("123m 234m 789p 678s CCC 9s", "9s"), ON)


# ---------------------------------------------------------------- 十五隻内 2
# 「地下只有十五隻牌內食胡(算至第十五隻)，不計上及碰了的牌，不計食糊牌」.


def test_十五隻内_near_miss_no_context_word():
    assert "within_fifteen" not in ids(hand(**SEED0), ON)


def test_十五隻内_gives_way_to_十隻内():
    h = hand(**SEED0, discards_seen=10)
    found = ids(h, ON)
    assert "within_ten" in found
    assert "within_fifteen" not in found


def test_十五隻内_scores_when_十隻内_is_off():
    off = apply_overrides(ON, {"patterns": {"within_ten": {"enabled": False}}})
    assert fan_of(hand(**SEED0, discards_seen=10), "within_fifteen", off) == 2


# ---------------------------------------------------------------- 假雙般高 10
# 「食糊時有四對順序的對子」.


def test_假雙般高_near_miss_gap_in_the_pairs():
    # 二二 三三 四四 六六萬: no 五五, so no four pairs in a row.
    assert "false_two_double_chows" not in ids(hand("223344m 6m 123p 456p 789s", "6m"), ON)


def test_假雙般高_on_嚦咕嚦咕():
    h = hand("22m 33m 44m 55m 11p 99p E CCC", "E")
    assert fan_of(h, "eight_pairs", ON) == 40
    assert fan_of(h, "false_two_double_chows", ON) == 10


# ---------------------------------------------------------------- 全姊妹 20
# 「除了眼，其他組牌均為相逢或般高」.


def test_全姊妹_near_miss_unrelated_pung():
    assert "all_related" not in ids(hand("123m 123p 123s 555m 666p 9s", "9s"), ON)


def test_全姊妹_near_miss_honour_pung():
    assert "all_related" not in ids(hand("123m 123p 123s 555m EEE 9s", "9s"), ON)


def test_全姊妹_般高_in_one_suit():
    # 一二三萬 ×2 (般高) and 一二三筒 (相逢); 四五六萬 / 四五六索 (相逢).
    assert fan_of(hand("123m 123m 123p 456m 456s 9s", "9s"), "all_related", ON) == 20


# ---------------------------------------------------------------- 綠一色 160
# 「牌型全由綠色的牌(即二、三、四、六、八索及/或發)組成。沒有發時，另計清一色」.


def test_綠一色_with_發_excludes_混一色():
    spec, _ = SCORING["all_green"]
    assert "half_flush" not in ids(spec, ON)


def test_混一色_alone_scores_without_綠一色():
    # 一索 is not green.
    h = hand("123s 234s 666s FFF 888s 2s", "2s")
    assert "all_green" not in ids(h, ON)
    assert fan_of(h, "half_flush", ON) == 30


def test_綠一色_without_發_also_scores_清一色():
    h = hand("234s 222s 333s 666s 888s 4s", "4s", flowers=FL)
    assert fan_of(h, "all_green", ON) == 160
    assert fan_of(h, "full_flush", ON) == 80


def test_綠一色_near_miss_red_dragon():
    assert "all_green" not in ids(hand("234s 234s 666s CCC 888s 2s", "2s"), ON)


# ---------------------------------------------------------------- 藍一色 200
# 「牌型會由藍色的牌(即東、南、西、北、白板、八筒)組成。不另計大、小四喜、混一色、對對糊」.


def test_藍一色_excludes_小四喜_混一色_對對糊():
    spec, _ = SCORING["all_blue"]
    found = ids(spec, ON)
    for pid in ("small_four_winds", "half_flush", "all_pungs"):
        assert pid not in found, pid


def test_藍一色_excludes_大四喜():
    h = hand("SSS WWW NNN 888p P", "P", melds=["pung EEE"])
    found = ids(h, ON)
    assert fan_of(h, "all_blue", ON) == 200
    assert "big_four_winds" not in found


def test_藍一色_near_miss_七筒_leaves_小四喜_混一色_對對糊():
    h = hand("SSS WWW N PPP 777p", "N", melds=["pung EEE"])
    assert "all_blue" not in ids(h, ON)
    assert fan_of(h, "small_four_winds", ON) == 60
    assert fan_of(h, "half_flush", ON) == 30
    assert fan_of(h, "all_pungs", ON) == 30


def test_大四喜_alone_scores_without_藍一色():
    h = hand("SSS WWW NNN 777p C", "C", melds=["pung EEE"])
    assert "all_blue" not in ids(h, ON)
    assert fan_of(h, "big_four_winds", ON) == 80


def test_藍一色_near_miss_red_dragon():
    assert "all_blue" not in ids(hand("SSS WWW N CCC 888p", "N", melds=["pung EEE"]), ON)


# ---------------------------------------------------------------- 四數 40 / 三數 60 / 兩數 80
# 「牌面組合只有4種數字」, 「東南西北視為一組數字，中發白視為一組數字」; 三數 60; 兩數 80 「不計對對糊，
# 三色同刻」.


def test_四數_near_miss_five_numbers():
    # 一二三四 and the winds, plus 七: five numbers.
    assert "four_numbers" not in ids(hand("123m 123p 123s 234m EEE 7m", "7m"), ON)


def test_四數_dragons_are_one_number():
    # 一 二 + 東南西北 (one number) + 中發白 (one number): four.
    assert fan_of(hand("111m 111p 222s EEE CCC 2m", "2m"), "four_numbers", ON) == 40


def test_三數_excludes_四數():
    spec, _ = SCORING["three_numbers"]
    assert "four_numbers" not in ids(spec, ON)


def test_兩數_excludes_四數_三數_對對糊_三色同刻():
    spec, _ = SCORING["two_numbers"]
    found = ids(spec, ON)
    for pid in ("four_numbers", "three_numbers", "all_pungs", "big_triple_pung"):
        assert pid not in found, pid


def test_三色同刻_alone_scores_without_兩數():
    # 五五五 in each suit, 一二三萬 and 西西: five numbers.
    h = hand("555p 555s 123m EEE W", "W", melds=["pung 555m"])
    found = ids(h, ON)
    assert "two_numbers" not in found
    assert fan_of(h, "big_triple_pung", ON) == 15


def test_三數_near_miss_four_numbers():
    assert "three_numbers" not in ids(SCORING["four_numbers"][0], ON)


def test_兩數_near_miss_three_numbers():
    assert "two_numbers" not in ids(SCORING["three_numbers"][0], ON)


# ---------------------------------------------------------------- 大於五 50 / 小於五 50
# 「牌型全由數字六、七、八、九組成」 / 「…一、二、三、四組成」; both 「不另計無字，缺五」.


def test_大於五_excludes_無字_and_缺五():
    spec, _ = SCORING["all_upper"]
    found = ids(spec, ON)
    assert "no_honours" not in found
    assert "no_fives" not in found


def test_大於五_near_miss_a_five():
    assert "all_upper" not in ids(hand("567m 789m 678p 999s 666s 8p", "8p", flowers=FL), ON)


def test_大於五_near_miss_honours():
    assert "all_upper" not in ids(hand("678m 789m 678p 999s EEE 8p", "8p"), ON)


def test_小於五_excludes_無字_and_缺五():
    spec, _ = SCORING["all_lower"]
    found = ids(spec, ON)
    assert "no_honours" not in found
    assert "no_fives" not in found


def test_小於五_near_miss_a_six_leaves_缺五():
    h = hand("123m 234m 123p 111s 444s 6p", "6p", flowers=FL)
    assert "all_lower" not in ids(h, ON)
    assert fan_of(h, "no_fives", ON) == 5


# ---------------------------------------------------------------- 張張可胡 200
# 「清一色狀態下「一」至「九」皆可胡牌」; 「無字限定，不另計無字」.


def test_張張可胡_also_scores_清一色_and_excludes_無字():
    spec, _ = SCORING["all_waits"]
    found = ids(spec, ON)
    assert fan_of(spec, "full_flush", ON) == 80
    assert "no_honours" not in found


def test_張張可胡_near_miss_three_waits():
    # 清一色 waiting on 二 五 八萬 only.
    h = hand("123m 456m 789m 234m 6m", "6m", flowers=FL)
    assert "all_waits" not in ids(h, ON)
    assert fan_of(h, "full_flush", ON) == 80
