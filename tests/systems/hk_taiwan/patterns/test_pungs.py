"""Seed 004, 常用翻數表, 刻子類: 槓, 暗刻, 老少刻, 兄弟, 姊妹, 三色三節高, 對對糊, 坎坎胡, 廿二羅漢.

A kong is a pung of four; 暗刻 counts every kong (seed 004, 槓牌: 「不論是明槓或暗槓，該槓牌一律視作
暗刻」); a pung completed by the discarded winning tile is not 暗 (DESIGN §6).  兄弟 / 姊妹 /
三節高 count each unit under its biggest row only; separate units count separately.
"""

from builders import fan_of, hand, ids, rules, score

# ---------------------------------------------------------------- 槓 1/2
REST = "123p 456p 789s 234s E"


def test_槓_exposed_kong_scores_1():
    # 「其中明槓及加槓1翻，暗槓2翻」
    assert fan_of(hand(REST, "E", melds=["kong 1111m"]), "kong") == 1


def test_槓_added_kong_scores_1():
    assert fan_of(hand(REST, "E", melds=["added 1111m"]), "kong") == 1


def test_槓_concealed_kong_scores_2():
    assert fan_of(hand(REST, "E", melds=["ckong 1111m"]), "kong") == 2


def test_槓_each_kong_counts():
    h = hand("456p 789s 234s E", "E", melds=["ckong 1111m", "kong 5555s"])
    assert fan_of(h, "kong") == 3


def test_槓_near_miss_a_pung_is_not_a_kong():
    assert "kong" not in ids(hand(REST, "E", melds=["pung 111m"]))


# ---------------------------------------------------------------- 兩暗刻 5 / 三暗刻 10 / 四暗刻 30 / 五暗刻 80
def test_兩暗刻_scores_5():
    # 「兩組門前清的刻子，包括槓牌」
    h = hand("111m 555p 456p 789s 234s E", "E", self_drawn=True)
    assert fan_of(h, "two_concealed_pungs") == 5


def test_兩暗刻_a_kong_counts_as_暗刻():
    # 明槓 1111m + concealed 555p: 「該槓牌一律視作暗刻」
    h = hand("555p 456p 789s 234s E", "E", melds=["kong 1111m"], self_drawn=True)
    assert fan_of(h, "two_concealed_pungs") == 5


def test_兩暗刻_near_miss_one_pung_laid_down():
    h = hand("555p 456p 789s 234s E", "E", melds=["pung 111m"], self_drawn=True)
    assert "two_concealed_pungs" not in ids(h)


def test_兩暗刻_near_miss_pung_completed_by_the_discard():
    # 555p is made by the discarded 5p: not 暗, so one 暗刻 only.
    h = hand("111m 55p 123p 789s 234s EE", "5p")
    assert "two_concealed_pungs" not in ids(h)


THREE = dict(concealed="111m 555p 999s 234m 678p E", win="E", self_drawn=True)


def test_三暗刻_scores_10_and_replaces_兩暗刻():
    h = hand(**THREE)
    assert fan_of(h, "three_concealed_pungs") == 10
    assert "two_concealed_pungs" not in ids(h)


def test_三暗刻_near_miss_one_of_three_laid_down():
    h = hand("111m 555p 234m 678p E", "E", melds=["pung 999s"], self_drawn=True)
    assert "three_concealed_pungs" not in ids(h)
    assert fan_of(h, "two_concealed_pungs") == 5


FOUR = dict(concealed="111m 555p 999s EEE 234m S", win="S", self_drawn=True)


def test_四暗刻_scores_30_and_replaces_smaller_counts():
    h = hand(**FOUR)
    assert fan_of(h, "four_concealed_pungs") == 30
    assert not ids(h) & {"two_concealed_pungs", "three_concealed_pungs"}


def test_四暗刻_near_miss_three():
    h = hand(**THREE)
    assert "four_concealed_pungs" not in ids(h)


def test_五暗刻_with_a_concealed_kong_scores_80():
    # 「刻子沒有碰，沒有槓，才計坎坎胡，但如果有暗槓只計五暗刻」; 「不另計對對胡」
    h = hand("555p 999s EEE SSS N", "N", melds=["ckong 1111m"], self_drawn=True)
    found = ids(h)
    assert fan_of(h, "five_concealed_pungs") == 80
    assert "all_concealed_pungs" not in found
    assert not found & {"all_pungs", "two_concealed_pungs", "three_concealed_pungs", "four_concealed_pungs"}


def test_五暗刻_with_an_exposed_kong_scores_80():
    h = hand("555p 999s EEE SSS N", "N", melds=["kong 1111m"])
    assert fan_of(h, "five_concealed_pungs") == 80


def test_五暗刻_near_miss_one_pung_laid_down():
    h = hand("555p 999s EEE SSS N", "N", melds=["pung 111m"], self_drawn=True)
    assert "five_concealed_pungs" not in ids(h)
    assert fan_of(h, "four_concealed_pungs") == 30


# ---------------------------------------------------------------- 對對糊 30
def test_對對糊_scores_30():
    # 「全副牌為刻子」 (四暗刻 does not replace it)
    h = hand("555p 999s EEE SSS N", "N", melds=["pung 111m"], self_drawn=True)
    assert fan_of(h, "all_pungs") == 30


def test_對對糊_near_miss_one_chow():
    h = hand("555p 999s EEE 234s N", "N", melds=["pung 111m"], self_drawn=True)
    assert "all_pungs" not in ids(h)


# ---------------------------------------------------------------- 坎坎胡 100
def test_坎坎胡_self_drawn_pair_wait_scores_100():
    # 「門前清自摸對對糊，無槓牌」; 雙碰聽牌 self-drawn.  Replaces 暗刻 counts, 對對糊, 門清自摸.
    h = hand("111m 555p 999s EEE SS NN", "S", self_drawn=True)
    found = ids(h)
    assert fan_of(h, "all_concealed_pungs") == 100
    assert not found & {
        "five_concealed_pungs",
        "four_concealed_pungs",
        "three_concealed_pungs",
        "two_concealed_pungs",
        "all_pungs",
        "concealed_self_draw",
        "concealed_hand",
        "self_draw",
    }


def test_坎坎胡_single_wait_on_a_discard_scores_100():
    # 「獨獨聽牌時可以食出銃」
    h = hand("111m 555p 999s EEE SSS N", "N")
    assert fan_of(h, "all_concealed_pungs") == 100


def test_坎坎胡_near_miss_pair_wait_won_on_a_discard():
    # 「雙碰聽牌時必須自摸」: SSS is completed by the discard.
    h = hand("111m 555p 999s EEE SS NN", "S")
    found = ids(h)
    assert "all_concealed_pungs" not in found
    assert fan_of(h, "four_concealed_pungs") == 30
    assert fan_of(h, "all_pungs") == 30


# ---------------------------------------------------------------- 廿二羅漢 160
ARHATS = ["ckong 1111m", "kong 5555p", "added 9999s", "kong SSSS", "ckong NNNN"]


def test_廿二羅漢_five_kongs_scores_160():
    # 「有五對槓牌。不另計對對胡」
    h = hand("E", "E", melds=ARHATS)
    assert fan_of(h, "eighteen_arhats") == 160
    assert "all_pungs" not in ids(h)
    assert fan_of(h, "kong") == 2 + 1 + 1 + 1 + 2


def test_廿二羅漢_near_miss_four_kongs():
    # NNN completed by the discard: four 暗刻 (the kongs), so 對對糊 is not replaced by 五暗刻.
    h = hand("NN EE", "N", melds=ARHATS[:4])
    assert "eighteen_arhats" not in ids(h)
    assert fan_of(h, "all_pungs") == 30


# ---------------------------------------------------------------- 老少刻 5
def test_老少刻_scores_5():
    # 「兩組同一花色的幺九刻子」
    assert fan_of(hand("111m 999m 456p 789s 234s E", "E"), "terminal_pungs") == 5


def test_老少刻_two_suits_count_twice_under_both_counting_methods():
    h = hand("111m 999m 111p 999p 234s E", "E")
    assert fan_of(h, "terminal_pungs", rules(repeat_counting=False)) == 10
    assert fan_of(h, "terminal_pungs", rules(repeat_counting=True)) == 10


def test_老少刻_near_miss_different_suits():
    assert "terminal_pungs" not in ids(hand("111m 999p 456p 789s 234s E", "E"))


# ---------------------------------------------------------------- 兄弟 5 / 10 / 15
def test_兩兄弟_scores_5():
    # 「兩組數字一樣的刻子」
    assert fan_of(hand("555m 555p 123s 789s 234m E", "E"), "double_pung") == 5


def test_兩兄弟_near_miss_different_numbers():
    assert "double_pung" not in ids(hand("555m 666p 123s 789s 234m E", "E"))


def test_小三兄弟_scores_10_and_is_not_also_兩兄弟():
    # 「雙同刻再加上另一個同刻做眼」: 555m 555p + 55s eyes
    h = hand("555m 555p 5s 123s 789s 234m", "5s", self_drawn=True)
    assert fan_of(h, "small_triple_pung") == 10
    assert "double_pung" not in ids(h)


def test_小三兄弟_near_miss_eyes_of_another_number():
    h = hand("555m 555p 6s 123s 789s 234m", "6s", self_drawn=True)
    assert "small_triple_pung" not in ids(h)
    assert fan_of(h, "double_pung") == 5


def test_大三兄弟_scores_15_and_is_not_also_兩兄弟():
    # 「三組數字一樣的刻子」
    h = hand("555m 555p 555s 123m 789s E", "E")
    assert fan_of(h, "big_triple_pung") == 15
    assert not ids(h) & {"double_pung", "small_triple_pung"}


def test_大三兄弟_near_miss_third_pung_another_number():
    h = hand("555m 555p 444s 123m 789s E", "E")
    assert "big_triple_pung" not in ids(h)


def test_大三兄弟_and_a_separate_兩兄弟_both_count():
    h = hand("555m 555p 555s 111m 111p E", "E")
    assert fan_of(h, "big_triple_pung") == 15
    assert fan_of(h, "double_pung") == 5


# ---------------------------------------------------------------- 姊妹
def test_兩姊妹_scores_5():
    # 「兩組同款而數子相連的刻子」
    assert fan_of(hand("111m 222m 456p 789s 234s E", "E"), "two_sisters") == 5


def test_兩姊妹_near_miss_gap():
    assert "two_sisters" not in ids(hand("111m 333m 456p 789s 234s E", "E"))


def test_兩姊妹_near_miss_different_suits():
    assert "two_sisters" not in ids(hand("111m 222p 456p 789s 234s E", "E"))


def test_小三姊妹_concealed_scores_10_and_一般高():
    # 「兩組同款而數子相連的刻子，另加一對數子相連的眼。如已碰出，不計一般高」
    h = hand("111m 222m 3m 456p 789s EEE", "3m", self_drawn=True)
    assert fan_of(h, "small_three_sisters") == 10
    assert "two_sisters" not in ids(h)
    assert fan_of(h, "double_chow") == 10


def test_小三姊妹_碰出_scores_10_without_一般高():
    h = hand("3m 456p 789s EEE", "3m", melds=["pung 111m", "pung 222m"], self_drawn=True)
    assert fan_of(h, "small_three_sisters") == 10
    assert "double_chow" not in ids(h)


def test_小三姊妹_near_miss_eyes_not_adjacent():
    h = hand("111m 222m 4m 456p 789s EEE", "4m", self_drawn=True)
    assert "small_three_sisters" not in ids(h)
    assert fan_of(h, "two_sisters") == 5


def test_大三姊妹_concealed_also_scores_三暗刻_and_三般高():
    # 計法 第二: 「假若牌為暗刻，即可合計三姊妹、三暗刻及三般高」
    h = hand("111p 222p 333p 456m 789s E", "E", self_drawn=True)
    assert fan_of(h, "big_three_sisters") == 15
    assert fan_of(h, "three_concealed_pungs") == 10
    assert fan_of(h, "triple_chow") == 30
    assert not ids(h) & {"two_sisters", "small_three_sisters"}


def test_大三姊妹_碰出_no_三般高():
    # 「如已碰出，不計三般高」
    h = hand("456m 789s E", "E", melds=["pung 111p", "pung 222p", "pung 333p"], self_drawn=True)
    assert fan_of(h, "big_three_sisters") == 15
    assert "triple_chow" not in ids(h)


def test_大三姊妹_near_miss_chow_laid_down_no_三姊妹_no_三暗刻():
    # 計法 第二: 「如果已經一二三筒已副露成順子，則不可計算三姊妹及三暗刻」
    h = hand("112233p 456m 789s E", "E", melds=["chow 123p"], self_drawn=True)
    found = ids(h)
    assert "big_three_sisters" not in found
    assert "three_concealed_pungs" not in found
    assert fan_of(h, "triple_chow") == 15


def test_大三姊妹_and_兩姊妹_in_another_suit_both_count():
    h = hand("111m 222m 333m 555p 666p E", "E")
    assert fan_of(h, "big_three_sisters") == 15
    assert fan_of(h, "two_sisters") == 5


def test_小四姊妹_scores_20():
    # 「三組同款而數子相連的刻子，另加一對數子相連的眼」
    h = hand("111m 222m 333m 4m 567p 789s", "4m", self_drawn=True)
    assert fan_of(h, "small_four_sisters") == 20
    assert not ids(h) & {"two_sisters", "small_three_sisters", "big_three_sisters"}


def test_小四姊妹_near_miss_eyes_other_suit():
    h = hand("111m 222m 333m 4p 567p 789s", "4p", self_drawn=True)
    assert "small_four_sisters" not in ids(h)
    assert fan_of(h, "big_three_sisters") == 15


def test_大四姊妹_scores_40():
    # 「四組同款而數子相連樣的刻子」
    h = hand("111m 222m 333m 444m 789p E", "E", self_drawn=True)
    assert fan_of(h, "big_four_sisters") == 40
    assert not ids(h) & {"two_sisters", "small_three_sisters", "big_three_sisters", "small_four_sisters"}


def test_大四姊妹_near_miss_gap():
    h = hand("111m 222m 333m 555m 789p E", "E", self_drawn=True)
    assert "big_four_sisters" not in ids(h)


def test_小五姊妹_scores_60():
    # 「四組同款而數子相連樣的刻子，另加一對數子相連的眼」
    h = hand("111m 222m 333m 444m 5m 789p", "5m", self_drawn=True)
    assert fan_of(h, "small_five_sisters") == 60
    assert "big_four_sisters" not in ids(h)


def test_小五姊妹_near_miss_eyes_not_adjacent():
    h = hand("111m 222m 333m 444m 7m 789p", "7m", self_drawn=True)
    assert "small_five_sisters" not in ids(h)
    assert fan_of(h, "big_four_sisters") == 40


def test_大五姊妹_scores_80_and_also_對對糊():
    # 「五組同款而數子相連樣的刻子 … 另計對對糊」 (won on a discard so 坎坎胡 does not apply)
    h = hand("111m 222m 333m 444m 55m EE", "5m")
    assert fan_of(h, "big_five_sisters") == 80
    assert fan_of(h, "all_pungs") == 30
    assert "big_four_sisters" not in ids(h)


def test_大五姊妹_near_miss_four_in_a_row():
    h = hand("111m 222m 333m 444m 66m EE", "6m")
    assert "big_five_sisters" not in ids(h)


def test_大五姊妹_all_one_suit_keeps_清一色():
    h = hand("111m 222m 333m 444m 55m 99m", "5m")
    assert fan_of(h, "big_five_sisters") == 80
    assert fan_of(h, "full_flush") == 80


def test_六姊妹_scores_200_without_對對糊_or_清一色():
    # 「五組同款而數子相連樣的刻子，另加一對數子相連的眼 … 不另計對對糊，清一色」
    h = hand("111m 222m 333m 444m 55m 66m", "5m")
    found = ids(h)
    assert fan_of(h, "six_sisters") == 200
    assert not found & {"all_pungs", "full_flush", "big_five_sisters", "small_five_sisters"}


def test_六姊妹_near_miss_eyes_not_adjacent():
    h = hand("111m 222m 333m 444m 55m 99m", "5m")
    assert "six_sisters" not in ids(h)


# ---------------------------------------------------------------- 三色三節高 5 / 10
def test_小三色三節高_scores_5():
    # 「兩組刻子和眼為各一花、遞增一位」: 111m 222p + 33s eyes
    h = hand("111m 222p 3s 456m 789p 567s", "3s", self_drawn=True)
    assert fan_of(h, "small_mixed_shifted_pungs") == 5


def test_小三色三節高_eyes_in_the_middle():
    h = hand("111m 333p 2s 456m 789p 567s", "2s", self_drawn=True)
    assert fan_of(h, "small_mixed_shifted_pungs") == 5


def test_小三色三節高_near_miss_eyes_same_suit_as_a_pung():
    h = hand("111m 222p 3p 456m 789p 567s", "3p", self_drawn=True)
    assert "small_mixed_shifted_pungs" not in ids(h)


def test_大三色三節高_scores_10_and_its_pungs_not_also_小():
    # 「三組為各筒索萬各一花色、遞增一位的刻子」; 222p 333s + 44m eyes are inside it.
    h = hand("111m 222p 333s 456p 4m", "4m", self_drawn=True)
    assert fan_of(h, "big_mixed_shifted_pungs") == 10
    assert "small_mixed_shifted_pungs" not in ids(h)


def test_大三色三節高_near_miss_not_consecutive():
    h = hand("111m 222p 444s 456m 789p E", "E")
    assert "big_mixed_shifted_pungs" not in ids(h)


def test_大三色三節高_and_a_separate_小三色三節高_both_count():
    h = hand("111m 222p 333s 555m 666p 7s", "7s", self_drawn=True)
    assert fan_of(h, "big_mixed_shifted_pungs") == 10
    assert fan_of(h, "small_mixed_shifted_pungs") == 5


def test_pung_rows_need_a_standard_reading():
    # 嚦咕嚦咕 holds one pung: no 對對糊, no 暗刻 count.
    s = score(hand("11m 22m 33m 44p 55p 66s 77s EE", "E", self_drawn=True))
    assert not {p.id for p in s.patterns} & {"all_pungs", "two_concealed_pungs", "all_concealed_pungs"}
