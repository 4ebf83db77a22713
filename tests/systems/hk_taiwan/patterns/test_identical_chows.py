"""Seed 004, 常用翻數表, 般高類: 一般高 5/10, 三般高 15/30, 四般高 30/60, 雙般高 15/30 (可分明暗).

Counted by multiplicity: the chows of one kind count under one row.  Concealed pungs (and the eyes)
are also read as chows (seed 004, 計法 第二: 「假若牌為暗刻，即可合計三姊妹、三暗刻及三般高」); pungs
that were 碰出 are not (姊妹 rows: 「如已碰出，不計一般高 / 三般高」).
"""

from builders import fan_of, hand, ids, rules, score

from taipai.systems.hk_taiwan.rules import apply_overrides

# ---------------------------------------------------------------- 一般高 5/10
DOUBLE = dict(concealed="123m 123m 456p 789s EEE S", win="S", self_drawn=True)


def test_一般高_concealed_scores_10():
    # 「兩個一樣的順子」
    assert fan_of(hand(**DOUBLE), "double_chow") == 10


def test_一般高_with_a_chow_laid_down_scores_5():
    h = hand("123m 456p 789s EEE S", "S", melds=["chow 123m"], self_drawn=True)
    assert fan_of(h, "double_chow") == 5


def test_一般高_completed_by_the_discard_scores_5():
    h = hand("123m 12m 456p 789s EEE SS", "3m")
    assert fan_of(h, "double_chow") == 5


def test_一般高_near_miss_different_chows():
    h = hand("123m 234m 456p 789s EEE S", "S", self_drawn=True)
    assert "double_chow" not in ids(h)


def test_一般高_unchanged_by_repeat_counting():
    assert fan_of(hand(**DOUBLE), "double_chow", rules(repeat_counting=True)) == 10


# ---------------------------------------------------------------- 三般高 15/30
def test_三般高_concealed_scores_30_and_no_一般高():
    # 「三個一樣的順子」: 123p ×3 (also readable as 111p 222p 333p: the same 三般高)
    h = hand("111p 222p 333p 456m 789s E", "E", self_drawn=True)
    assert fan_of(h, "triple_chow") == 30
    assert "double_chow" not in ids(h)


def test_三般高_with_one_chow_laid_down_scores_15():
    # 計法 第二: 「如果已經一二三筒已副露成順子」: the rest must be read as chows.
    h = hand("112233p 456m 789s E", "E", melds=["chow 123p"], self_drawn=True)
    assert fan_of(h, "triple_chow") == 15


def test_三般高_from_concealed_pungs_counts_beside_三姊妹_and_三暗刻():
    # 「假若牌為暗刻，即可合計三姊妹、三暗刻及三般高」: the best reading is the pung reading
    # (111p 222p 333p concealed, self-drawn), and it still scores 三般高 30.
    h = hand("111p 222p 333p 789s E", "E", melds=["pung 555m"], self_drawn=True)
    s = score(h)
    assert s.reading[:4] == ("五五五萬", "一一一筒", "二二二筒", "三三三筒")
    assert s.pattern_fan("triple_chow") == 30
    assert s.pattern_fan("big_three_sisters") == 15
    assert s.pattern_fan("three_concealed_pungs") == 10


def test_三般高_near_miss_pungs_碰出():
    # 大三姊妹: 「如已碰出，不計三般高」
    h = hand("456m 789s E", "E", melds=["pung 111p", "pung 222p", "pung 333p"], self_drawn=True)
    assert "triple_chow" not in ids(h)


def test_三般高_near_miss_one_pung_碰出():
    h = hand("222p 333p 456m 789s E", "E", melds=["pung 111p"], self_drawn=True)
    assert not ids(h) & {"triple_chow", "double_chow"}


def test_三般高_pung_completed_by_the_discard_is_open_15():
    # the discarded 3p makes 333p 明 (as the chow it would make in the chow reading).
    h = hand("111p 222p 33p 789s EE", "3p", melds=["pung 555m"])
    assert fan_of(h, "triple_chow") == 15


def test_三般高_unchanged_by_repeat_counting():
    h = hand("111p 222p 333p 456m 789s E", "E", self_drawn=True)
    r = rules(repeat_counting=True)
    assert fan_of(h, "triple_chow", r) == 30
    assert "double_chow" not in ids(h, r)


def test_三般高_and_a_separate_一般高_is_not_雙般高():
    h = hand("123m 123m 123m 567s 567s E", "E", self_drawn=True)
    found = ids(h)
    assert "two_double_chows" not in found
    assert fan_of(h, "triple_chow") == 30
    assert fan_of(h, "double_chow") == 10


# ---------------------------------------------------------------- 四般高 30/60
def test_四般高_concealed_scores_60():
    # 「四個一樣的順子」
    h = hand("123m 123m 123m 123m 789s E", "E", self_drawn=True)
    assert fan_of(h, "quadruple_chow") == 60
    assert not ids(h) & {"triple_chow", "double_chow", "two_double_chows"}


def test_四般高_with_a_chow_laid_down_scores_30():
    h = hand("123m 123m 123m 789s E", "E", melds=["chow 123m"], self_drawn=True)
    assert fan_of(h, "quadruple_chow") == 30


def test_四般高_near_miss_three():
    h = hand("123m 123m 123m 234m 789s E", "E", self_drawn=True)
    assert "quadruple_chow" not in ids(h)


# ---------------------------------------------------------------- 雙般高 15/30
TWO_DOUBLE = dict(concealed="123m 123m 567s 567s 999p E", win="E", self_drawn=True)


def test_雙般高_concealed_scores_30_instead_of_two_一般高():
    # 「兩組獨立的一般高」
    h = hand(**TWO_DOUBLE)
    assert fan_of(h, "two_double_chows") == 30
    assert "double_chow" not in ids(h)


def test_雙般高_with_a_chow_laid_down_scores_15():
    h = hand("123m 123m 567s 999p E", "E", melds=["chow 567s"], self_drawn=True)
    assert fan_of(h, "two_double_chows") == 15


def test_雙般高_near_miss_one_一般高():
    h = hand("123m 123m 567s 678s 999p E", "E", self_drawn=True)
    assert "two_double_chows" not in ids(h)
    assert fan_of(h, "double_chow") == 10


def test_雙般高_disabled_leaves_two_一般高():
    r = apply_overrides(rules(), {"patterns": {"two_double_chows": {"enabled": False}}})
    h = hand(**TWO_DOUBLE)
    assert fan_of(h, "double_chow", r) == 20


def test_雙般高_on_嚦咕嚦咕_tiles_double_reading():
    # seed 004, 底: 「可以看作嚦咕嚦咕的牌型，也可以視為一二三筒、五六七索的雙般高的牌型 … 計兩個底」
    s = score(hand("11p 22p 33p 55s 66s 77s EE CC", "C", self_drawn=True))
    assert s.bases == 2
    assert s.pattern_fan("two_double_chows") == 30
    assert s.pattern_fan("eight_pairs") >= 40
