"""Seed 004, 常用翻數表, 四歸類: 四歸一 5/10, 四歸二 10/20, 四歸四 20/40, 八歸三 15/30, 十二歸四 60/80.

「可分明暗: 若沒有副露，或不是放銃者的銃牌，即為「暗」」.  Each four-of-a-kind is counted under one row
(十二歸四, then 八歸三, then the kind's own row); a kong is never a 四歸.
"""

from builders import fan_of, hand, ids, rules

# ---------------------------------------------------------------- 四歸一 5/10
# 「一副牌用盡四張一樣的牌 … 常見形式為順子加刻子」: four 1m as 123m + 111m.
FOUR_ONE = dict(concealed="123m 111m 456p 789s 234s E", win="E", self_drawn=True)


def test_四歸一_concealed_scores_10():
    assert fan_of(hand(**FOUR_ONE), "four_one") == 10


def test_四歸一_exposed_pung_scores_5():
    # 「若已副露，則稱為「明」，只計5翻」
    h = hand("123m 456p 789s 234s E", "E", melds=["pung 111m"], self_drawn=True)
    assert fan_of(h, "four_one") == 5


def test_四歸一_completed_by_the_discard_is_open_5():
    # 「不是放銃者的銃牌，即為暗」: the fourth 1m is the discard, so 明.
    h = hand("123m 11m 456p 789s 234s EE", "1m")
    assert fan_of(h, "four_one") == 5


def test_四歸一_near_miss_three_copies():
    h = hand("123m 222p 456p 789s 234s E", "E", self_drawn=True)
    assert not ids(h) & {"four_one", "four_two", "four_four", "eight_three", "twelve_four"}


def test_四歸一_near_miss_a_kong_is_not_a_four():
    # Four 1m as a kong score 槓, not 四歸一.
    h = hand("123p 456p 789s 234s E", "E", melds=["kong 1111m"], self_drawn=True)
    assert "four_one" not in ids(h)
    assert fan_of(h, "kong") == 1


def test_四歸一_in_嚦咕嚦咕_two_pairs_scores_10():
    # 「另嚦咕嚦咕中的兩對 … 都加計四歸一」
    h = hand("1111m 22m 33m 44p 55p 66s EE", "E", self_drawn=True)
    assert "eight_pairs" in ids(h)
    assert fan_of(h, "four_one") == 10


def test_四歸一_in_嚦咕嚦咕_won_on_the_fourth_copy_is_open_5():
    h = hand("111m 22m 33m 44p 55p 66s EEE", "1m")
    assert "eight_pairs" in ids(h)
    assert fan_of(h, "four_one") == 5


def test_四歸一_in_十三幺_pung_of_an_orphan_scores_10():
    # 「及十三幺的刻子用了幺九字牌都加計四歸一」
    h = hand("1111m 9m 1p 9p 1s 9s E S W N C F P", "P", self_drawn=True)
    assert fan_of(h, "thirteen_orphans") >= 100
    assert fan_of(h, "four_one") == 10


def test_四歸一_two_kinds_count_twice():
    # four 1m (123m + 111m) and four 9p (789p + 999p): two occurrences.
    h = hand("123m 111m 789p 999p 456s E", "E", self_drawn=True)
    assert fan_of(h, "four_one") == 20


def test_四歸一_unchanged_by_repeat_counting():
    assert fan_of(hand(**FOUR_ONE), "four_one", rules(repeat_counting=True)) == 10
    assert fan_of(hand(**FOUR_ONE), "four_one", rules(repeat_counting=False)) == 10


# ---------------------------------------------------------------- 四歸二 10/20
FOUR_TWO = dict(concealed="123m 123m 1m 456p 789s EEE", win="1m", self_drawn=True)


def test_四歸二_concealed_scores_20():
    # 「四張同樣的牌分為兩順子和一對眼」: 123m 123m + 11m eyes.
    h = hand(**FOUR_TWO)
    assert fan_of(h, "four_two") == 20
    assert "four_one" not in ids(h)


def test_四歸二_with_a_chow_laid_down_scores_10():
    h = hand("123m 1m 456p 789s EEE", "1m", melds=["chow 123m"], self_drawn=True)
    assert fan_of(h, "four_two") == 10


def test_四歸二_near_miss_chow_and_pung_is_四歸一():
    h = hand(**FOUR_ONE)
    assert "four_two" not in ids(h)
    assert "four_one" in ids(h)


# ---------------------------------------------------------------- 四歸四 20/40
FOUR_FOUR = dict(concealed="123m 234m 345m 345m 789p E", win="E", self_drawn=True)


def test_四歸四_concealed_scores_40():
    # 「四張同樣的牌分為四組順子」: four 3m in 123m 234m 345m 345m.
    h = hand(**FOUR_FOUR)
    assert fan_of(h, "four_four") == 40
    assert not ids(h) & {"four_one", "four_two"}


def test_四歸四_with_a_chow_laid_down_scores_20():
    h = hand("234m 345m 345m 789p E", "E", melds=["chow 123m"], self_drawn=True)
    assert fan_of(h, "four_four") == 20


def test_四歸四_near_miss_two_chows_and_eyes():
    assert "four_four" not in ids(hand(**FOUR_TWO))


# ---------------------------------------------------------------- 八歸三 15/30
EIGHT_THREE = dict(concealed="111m 123m 22m 456p 789s EE", win="2m", self_drawn=True)


def test_八歸三_concealed_scores_30():
    # 「兩種四張一樣的牌分在三組牌內」: four 1m and four 2m in 111m 222m 123m.
    h = hand(**EIGHT_THREE)
    assert fan_of(h, "eight_three") == 30
    # the two kinds are counted once, under 八歸三, not also as two 四歸一
    assert "four_one" not in ids(h)


def test_八歸三_with_a_pung_laid_down_scores_15():
    h = hand("123m 22m 456p 789s EE", "2m", melds=["pung 111m"], self_drawn=True)
    assert fan_of(h, "eight_three") == 15


def test_八歸三_near_miss_second_kind_has_three():
    # 111m 222m 234m: four 2m only (three 1m): 四歸一, no 八歸三.
    h = hand("111m 222m 234m 456p 789s E", "E", self_drawn=True)
    assert "eight_three" not in ids(h)
    assert fan_of(h, "four_one") == 10


# ---------------------------------------------------------------- 十二歸四 60/80
TWELVE_FOUR = dict(concealed="111m 222m 333m 123m 456p E", win="E", self_drawn=True)


def test_十二歸四_concealed_scores_80():
    # 「三種四張一樣的牌分在四組牌內」: 111m 222m 333m 123m.
    h = hand(**TWELVE_FOUR)
    assert fan_of(h, "twelve_four") == 80
    assert not ids(h) & {"four_one", "four_two", "four_four", "eight_three"}


def test_十二歸四_with_the_chow_laid_down_scores_60():
    h = hand("111m 222m 333m 456p E", "E", melds=["chow 123m"], self_drawn=True)
    assert fan_of(h, "twelve_four") == 60


def test_十二歸四_near_miss_third_kind_short():
    # 碰 111m + 222m 333m 234m: four 2m and four 3m only (three 1m) -> 八歸三, not 十二歸四.
    h = hand("222m 333m 234m 456p E", "E", melds=["pung 111m"], self_drawn=True)
    assert "twelve_four" not in ids(h)
    assert fan_of(h, "eight_three") == 30
