"""Seed 004, 常用翻數表, 順子類: 平糊 5, 無字花大平糊 15, 老少順 3/5, 喜相逢 3/5, 三色同順 10/20,
三色三步高 5/10, 一色三步高 8/15, 一色四步高 20/40, 一色五步高 60/80, 雜龍 8/15, 清龍 10/20."""

from builders import fan_of, hand, ids, rules, score

# ---------------------------------------------------------------- 平糊 5
ALL_CHOWS = dict(concealed="123m 456m 789p 234s 56s EE", win="7s")


def test_平糊_scores_5_with_honour_eyes():
    # 「全部牌為順子組成，眼可以是番子牌」
    h = hand(**ALL_CHOWS)
    assert fan_of(h, "all_chows") == 5
    assert "great_all_chows" not in ids(h)


def test_平糊_with_flowers_scores_5():
    h = hand("123m 456m 789p 234s 56s 55p", "7s", flowers=(2,))
    found = ids(h)
    assert fan_of(h, "all_chows") == 5
    assert "great_all_chows" not in found
    assert "no_honours" in found


def test_平糊_with_a_chow_laid_down_scores_5():
    h = hand("456m 789p 234s 56s EE", "7s", melds=["chow 123m"])
    assert fan_of(h, "all_chows") == 5


def test_平糊_near_miss_one_pung():
    h = hand("123m 456m 789p 555s 23s EE", "4s")
    assert "all_chows" not in ids(h)


# ---------------------------------------------------------------- 無字花大平糊 15
GREAT = dict(concealed="123m 456m 789p 234s 56s 55p", win="7s")


def test_無字花大平糊_scores_15_and_replaces_無字_無花_無字花_平糊():
    # 「牌型不含任何番子牌和花牌，而且全為順子。不再計無字，無花，無字花，平糊」
    h = hand(**GREAT)
    assert fan_of(h, "great_all_chows") == 15
    assert not ids(h) & {"no_honours", "no_flowers", "no_honours_no_flowers", "all_chows"}


def test_無字花大平糊_near_miss_honour_eyes():
    h = hand(**ALL_CHOWS)
    found = ids(h)
    assert "great_all_chows" not in found
    assert "no_flowers" in found


def test_無字花大平糊_near_miss_a_flower():
    assert "great_all_chows" not in ids(hand(**GREAT, flowers=(5,)))


def test_無字花_alone_without_大平糊():
    # 無字花 is excluded only by 大平糊: a pung hand with no honours, no flowers keeps it.
    h = hand("123m 456m 789p 555s 23s 99p", "4s")
    found = ids(h)
    assert "great_all_chows" not in found
    assert "no_honours_no_flowers" in found


# ---------------------------------------------------------------- 老少順 3/5
def test_老少順_concealed_scores_5():
    # 「兩組順子為同一花色的一、二、三加七、八、九」
    h = hand("123m 789m 456p 234s EEE S", "S", self_drawn=True)
    assert fan_of(h, "terminal_chows") == 5


def test_老少順_with_a_chow_laid_down_scores_3():
    h = hand("789m 456p 234s EEE S", "S", melds=["chow 123m"], self_drawn=True)
    assert fan_of(h, "terminal_chows") == 3


def test_老少順_near_miss_two_suits():
    h = hand("123m 789p 456p 234s EEE S", "S", self_drawn=True)
    assert "terminal_chows" not in ids(h)


def test_老少順_counting_methods():
    # 123m 123m 789m: one 老少順 (disjoint) by default, two with 「可重覆計算」.
    h = hand("123m 123m 789m 456p EEE S", "S", self_drawn=True)
    assert fan_of(h, "terminal_chows", rules(repeat_counting=False)) == 5
    assert fan_of(h, "terminal_chows", rules(repeat_counting=True)) == 10


# ---------------------------------------------------------------- 喜相逢 3/5
def test_喜相逢_concealed_scores_5():
    # 「兩個款式不同的但數字一樣順子」
    h = hand("234m 234p 789s 567s EEE S", "S", self_drawn=True)
    assert fan_of(h, "mixed_double_chow") == 5


def test_喜相逢_with_a_chow_laid_down_scores_3():
    h = hand("234p 789s 567s EEE S", "S", melds=["chow 234m"], self_drawn=True)
    assert fan_of(h, "mixed_double_chow") == 3


def test_喜相逢_near_miss_different_numbers():
    h = hand("234m 345p 789s 567s EEE S", "S", self_drawn=True)
    assert "mixed_double_chow" not in ids(h)


def test_喜相逢_counting_methods():
    # 234m 234m 234p: one pair by default, two with 「可重覆計算」.
    h = hand("234m 234m 234p 789s EEE S", "S", self_drawn=True)
    assert fan_of(h, "mixed_double_chow", rules(repeat_counting=False)) == 5
    assert fan_of(h, "mixed_double_chow", rules(repeat_counting=True)) == 10


# ---------------------------------------------------------------- 三色同順 10/20
TRIPLE = dict(concealed="234m 234p 234s 789m EEE S", win="S", self_drawn=True)


def test_三色同順_concealed_scores_20_without_喜相逢_inside():
    # 「三個款式不同的但數字一樣順子」
    h = hand(**TRIPLE)
    assert fan_of(h, "mixed_triple_chow") == 20
    assert "mixed_double_chow" not in ids(h)


def test_三色同順_with_a_chow_laid_down_scores_10():
    h = hand("234m 234p 789m EEE S", "S", melds=["chow 234s"], self_drawn=True)
    assert fan_of(h, "mixed_triple_chow") == 10


def test_三色同順_near_miss_third_chow_shifted():
    h = hand("234m 234p 345s 789m EEE S", "S", self_drawn=True)
    assert "mixed_triple_chow" not in ids(h)
    assert fan_of(h, "mixed_double_chow") == 5


def test_三色同順_and_a_separate_喜相逢_both_count():
    h = hand("234m 234p 234s 678m 678p E", "E", self_drawn=True)
    assert fan_of(h, "mixed_triple_chow") == 20
    assert fan_of(h, "mixed_double_chow") == 5


# ---------------------------------------------------------------- 三色三步高 5/10
def test_三色三步高_step_one_concealed_scores_10():
    # 「三組為各筒索萬各一花色、遞增一位或兩位的順子」
    h = hand("123m 234p 345s 678m EEE S", "S", self_drawn=True)
    assert fan_of(h, "mixed_shifted_chows") == 10


def test_三色三步高_step_two_concealed_scores_10():
    h = hand("123m 345p 567s 678m EEE S", "S", self_drawn=True)
    assert fan_of(h, "mixed_shifted_chows") == 10


def test_三色三步高_with_a_chow_laid_down_scores_5():
    h = hand("123m 234p 678m EEE S", "S", melds=["chow 345s"], self_drawn=True)
    assert fan_of(h, "mixed_shifted_chows") == 5


def test_三色三步高_near_miss_uneven_steps():
    h = hand("123m 234p 456s 789m EEE S", "S", self_drawn=True)
    assert "mixed_shifted_chows" not in ids(h)


def test_三色三步高_near_miss_two_in_one_suit():
    h = hand("123m 234m 345s 678p EEE S", "S", self_drawn=True)
    assert "mixed_shifted_chows" not in ids(h)


# ---------------------------------------------------------------- 一色三步高 8/15
def test_一色三步高_step_one_concealed_scores_15():
    # 「三組為同一花色、遞增一位或兩位的順子」
    h = hand("123m 234m 345m 789p EEE S", "S", self_drawn=True)
    assert fan_of(h, "pure_shifted_chows") == 15


def test_一色三步高_step_two_concealed_scores_15():
    h = hand("123m 345m 567m 789p EEE S", "S", self_drawn=True)
    assert fan_of(h, "pure_shifted_chows") == 15


def test_一色三步高_with_a_chow_laid_down_scores_8():
    h = hand("234m 345m 789p EEE S", "S", melds=["chow 123m"], self_drawn=True)
    assert fan_of(h, "pure_shifted_chows") == 8


def test_一色三步高_near_miss_uneven_steps():
    h = hand("123m 234m 456m 789p EEE S", "S", self_drawn=True)
    assert "pure_shifted_chows" not in ids(h)


# ---------------------------------------------------------------- 一色四步高 20/40
FOUR_STEP = dict(concealed="123m 234m 345m 456m EEE S", win="S", self_drawn=True)


def test_一色四步高_concealed_scores_40_without_三步高_inside():
    # 「四組為同一花色、遞增一位或兩位的順子」
    h = hand(**FOUR_STEP)
    assert fan_of(h, "four_shifted_chows") == 40
    assert "pure_shifted_chows" not in ids(h)


def test_一色四步高_with_a_chow_laid_down_scores_20():
    h = hand("234m 345m 456m EEE S", "S", melds=["chow 123m"], self_drawn=True)
    assert fan_of(h, "four_shifted_chows") == 20


def test_一色四步高_near_miss_fourth_chow_off_step():
    h = hand("123m 234m 345m 567m EEE S", "S", self_drawn=True)
    assert "four_shifted_chows" not in ids(h)
    assert fan_of(h, "pure_shifted_chows") == 15


# ---------------------------------------------------------------- 一色五步高 60/80
FIVE_STEP = dict(concealed="123m 234m 345m 456m 567m E", win="E", self_drawn=True)


def test_一色五步高_concealed_scores_80_without_smaller_steps():
    # 「五組為同一花色、遞增一位的順子」
    h = hand(**FIVE_STEP)
    assert fan_of(h, "five_shifted_chows") == 80
    assert not ids(h) & {"four_shifted_chows", "pure_shifted_chows"}


def test_一色五步高_with_a_chow_laid_down_scores_60():
    h = hand("234m 345m 456m 567m E", "E", melds=["chow 123m"], self_drawn=True)
    assert fan_of(h, "five_shifted_chows") == 60


def test_一色五步高_near_miss_four_steps():
    assert "five_shifted_chows" not in ids(hand(**FOUR_STEP))


# ---------------------------------------------------------------- 雜龍 8/15
def test_雜龍_concealed_scores_15():
    # 「牌型有三種花色之「一二三」「四五六」「七八九」」
    h = hand("123m 456p 789s 567m EEE S", "S", self_drawn=True)
    assert fan_of(h, "mixed_straight") == 15


def test_雜龍_with_a_chow_laid_down_scores_8():
    h = hand("123m 456p 567m EEE S", "S", melds=["chow 789s"], self_drawn=True)
    assert fan_of(h, "mixed_straight") == 8


def test_雜龍_near_miss_two_suits():
    h = hand("123m 456p 789p 567m EEE S", "S", self_drawn=True)
    assert "mixed_straight" not in ids(h)


def test_雜龍_counting_methods_seed_example():
    # 計法 第一: 「以方法一計算的話，就只有一個雜龍與一二三萬的一般高。但重覆計算的話，則計作兩個雜龍與一個一般高」
    h = hand("123m 123m 456p 789s EEE S", "S", self_drawn=True)
    one = rules(repeat_counting=False)
    two = rules(repeat_counting=True)
    assert fan_of(h, "mixed_straight", one) == 15
    assert fan_of(h, "double_chow", one) == 10
    assert fan_of(h, "mixed_straight", two) == 30
    assert fan_of(h, "double_chow", two) == 10


# ---------------------------------------------------------------- 清龍 10/20
def test_清龍_concealed_scores_20():
    # 「擁有同一花色「一」至「九」的牌」
    h = hand("123m 456m 789m 234p EEE S", "S", self_drawn=True)
    assert fan_of(h, "pure_straight") == 20


def test_清龍_with_a_chow_laid_down_scores_10():
    h = hand("123m 789m 234p EEE S", "S", melds=["chow 456m"], self_drawn=True)
    assert fan_of(h, "pure_straight") == 10


def test_清龍_near_miss_789_in_another_suit():
    h = hand("123m 456m 789p 234p EEE S", "S", self_drawn=True)
    assert "pure_straight" not in ids(h)


def test_chow_rows_need_a_standard_reading():
    # 嚦咕嚦咕 with no standard reading: no chow row.
    s = score(hand("11m 44m 77m 22p 55p 88p 33s EE", "E", self_drawn=True))
    assert s.pattern_fan("eight_pairs") >= 40
    assert not {p.id for p in s.patterns} & {"all_chows", "mixed_straight", "pure_straight"}
