"""Seed 004, 常用翻數表, 狀態類: 自摸 1, 門前清 3, 門清自摸 5, 叮 5/10, 一發 5, 食聽牌 5, 天叮 40,
半求人 15, 全求人 30, 一炮雙響 5, 一炮三響 10, 錦上添花 5/10.
"""

from builders import fan_of, hand, ids

# Concealed: 123m 456m 789p 234s 中中中 + 東 single wait.
CONCEALED = dict(concealed="123m 456m 789p 234s CCC E", win="E")
# Open: the same with 中中中 laid down as 碰.
OPEN = dict(concealed="123m 456m 789p 234s E", win="E", melds=["pung CCC"])
# 嚦咕嚦咕 (no standard reading): seven pairs and 北北北.
EIGHT_PAIRS = dict(concealed="11m 22m 55p 66p 88s 99s CC NN", win="N")
# Five exposed melds and a single 東 waiting for its pair.
ALL_MELDED = dict(
    concealed="E", win="E", melds=["pung CCC", "chow 123m", "chow 456m", "chow 789p", "chow 234s"]
)


# ---------------------------------------------------------------- 自摸 1


def test_自摸_scores_1():
    assert fan_of(hand(**OPEN, self_drawn=True), "self_draw") == 1


def test_自摸_near_miss_discard_win():
    assert "self_draw" not in ids(hand(**OPEN))


# ---------------------------------------------------------------- 門前清 3: 「無上、碰、明槓，允許暗槓」


def test_門前清_scores_3():
    assert fan_of(hand(**CONCEALED), "concealed_hand") == 3


def test_門前清_allows_a_concealed_kong():
    h = hand("123m 456m 789p 234s E", "E", melds=["ckong CCCC"])
    assert fan_of(h, "concealed_hand") == 3


def test_門前清_near_miss_pung_laid_down():
    assert "concealed_hand" not in ids(hand(**OPEN))


def test_門前清_near_miss_exposed_kong():
    assert "concealed_hand" not in ids(hand("123m 456m 789p 234s E", "E", melds=["kong CCCC"]))


def test_門前清_not_added_to_嚦咕嚦咕():
    # 計法 第三: 「嚦咕嚦咕，由於食糊條件為必須門前清，通常就不會加計門前清的3翻」.
    assert "concealed_hand" not in ids(hand(**EIGHT_PAIRS))


# ---------------------------------------------------------------- 門清自摸 5 (replaces 門清 and 自摸)


def test_門清自摸_scores_5_and_replaces_門清_自摸():
    h = hand(**CONCEALED, self_drawn=True)
    assert fan_of(h, "concealed_self_draw") == 5
    assert not ids(h) & {"concealed_hand", "self_draw"}


def test_門清自摸_near_miss_open_hand_keeps_自摸():
    h = hand(**OPEN, self_drawn=True)
    assert "concealed_self_draw" not in ids(h)
    assert fan_of(h, "self_draw") == 1


def test_門清自摸_near_miss_discard_keeps_門前清():
    h = hand(**CONCEALED)
    assert "concealed_self_draw" not in ids(h)
    assert fan_of(h, "concealed_hand") == 3


def test_門清自摸_not_for_嚦咕嚦咕_which_scores_自摸():
    h = hand(**EIGHT_PAIRS, self_drawn=True)
    assert "concealed_self_draw" not in ids(h)
    assert fan_of(h, "self_draw") == 1


# ---------------------------------------------------------------- 叮 5/10


def test_叮_open_hand_scores_5():
    assert fan_of(hand(**OPEN, declared_ready=True), "ready") == 5


def test_叮_concealed_hand_scores_10_and_門清_still_counts():
    h = hand(**CONCEALED, declared_ready=True)
    assert fan_of(h, "ready") == 10
    assert fan_of(h, "concealed_hand") == 3


def test_叮_concealed_kong_keeps_10():
    h = hand("123m 456m 789p 234s E", "E", melds=["ckong CCCC"], declared_ready=True)
    assert fan_of(h, "ready") == 10


def test_叮_嚦咕嚦咕_is_concealed_10():
    assert fan_of(hand(**EIGHT_PAIRS, declared_ready=True), "ready") == 10


def test_叮_near_miss_not_declared():
    assert "ready" not in ids(hand(**CONCEALED))


def test_叮_implied_by_一發():
    # Choice: 一發 is 「宣佈聽牌的情況下」, so the word implies 叮.
    assert fan_of(hand(**OPEN, one_shot=True), "ready") == 5


# ---------------------------------------------------------------- 一發 5


def test_一發_scores_5():
    assert fan_of(hand(**CONCEALED, declared_ready=True, one_shot=True), "one_shot") == 5


def test_一發_self_drawn_too():
    h = hand(**CONCEALED, self_drawn=True, declared_ready=True, one_shot=True)
    assert fan_of(h, "one_shot") == 5


def test_一發_near_miss_叮_only():
    assert "one_shot" not in ids(hand(**CONCEALED, declared_ready=True))


# ---------------------------------------------------------------- 食聽牌 5


def test_食聽牌_scores_5():
    assert fan_of(hand(**OPEN, ready_discard_win=True), "ready_discard_win") == 5


def test_食聽牌_near_miss_self_draw_contradicts():
    assert "ready_discard_win" not in ids(hand(**OPEN, self_drawn=True, ready_discard_win=True))


# ---------------------------------------------------------------- 天叮 40


def test_天叮_scores_40():
    h = hand(**CONCEALED, double_ready=True)
    assert fan_of(h, "double_ready") == 40
    assert fan_of(h, "ready") == 10  # choice: 天叮 is a 叮 declaration, both count


def test_天叮_near_miss_open_hand_contradicts():
    assert "double_ready" not in ids(hand(**OPEN, double_ready=True))


# ---------------------------------------------------------------- 半求人 15: 不另計獨獨，自摸


def test_半求人_scores_15_and_replaces_獨獨_自摸():
    h = hand(**ALL_MELDED, self_drawn=True)
    assert fan_of(h, "half_melded") == 15
    assert not ids(h) & {"single_wait", "self_draw", "fully_melded"}


def test_半求人_near_miss_concealed_kong_does_not_count_as_laid_down():
    # 「暗槓不算」: 中中中中 as 暗槓; then 獨獨 and 自摸 score on their own.
    h = hand(
        "E", "E", melds=["ckong CCCC", "chow 123m", "chow 456m", "chow 789p", "chow 234s"], self_drawn=True
    )
    found = ids(h)
    assert "half_melded" not in found
    assert fan_of(h, "single_wait") == 2
    assert fan_of(h, "self_draw") == 1


def test_半求人_near_miss_four_melds_laid_down():
    h = hand("234s E", "E", melds=["pung CCC", "chow 123m", "chow 456m", "chow 789p"], self_drawn=True)
    assert "half_melded" not in ids(h)


# ---------------------------------------------------------------- 全求人 30: 不另計獨獨


def test_全求人_scores_30_and_replaces_獨獨():
    h = hand(**ALL_MELDED)
    assert fan_of(h, "fully_melded") == 30
    assert not ids(h) & {"single_wait", "half_melded"}


def test_全求人_near_miss_four_melds_keeps_獨獨():
    h = hand("234s E", "E", melds=["pung CCC", "chow 123m", "chow 456m", "chow 789p"])
    assert "fully_melded" not in ids(h)
    assert fan_of(h, "single_wait") == 2


# ---------------------------------------------------------------- 一炮雙響 5 / 一炮三響 10


def test_一炮雙響_scores_5():
    h = hand(**OPEN, multiple_winners=2)
    assert fan_of(h, "double_win") == 5
    assert "triple_win" not in ids(h)


def test_一炮三響_scores_10():
    h = hand(**OPEN, multiple_winners=3)
    assert fan_of(h, "triple_win") == 10
    assert "double_win" not in ids(h)


def test_一炮雙響_near_miss_single_winner():
    assert not ids(hand(**OPEN)) & {"double_win", "triple_win"}


def test_一炮雙響_near_miss_self_draw_contradicts():
    assert not ids(hand(**OPEN, self_drawn=True, multiple_winners=2)) & {"double_win", "triple_win"}


# ---------------------------------------------------------------- 錦上添花 5/10


def test_錦上添花_after_雙響_scores_5():
    assert fan_of(hand(**OPEN, self_drawn=True, kick_on_multi=2), "kick_after_multi") == 5


def test_錦上添花_after_三響_scores_10():
    assert fan_of(hand(**OPEN, self_drawn=True, kick_on_multi=3), "kick_after_multi") == 10


def test_錦上添花_near_miss_no_multiple_deal_in():
    assert "kick_after_multi" not in ids(hand(**OPEN, self_drawn=True))


def test_錦上添花_near_miss_discard_win_contradicts():
    assert "kick_after_multi" not in ids(hand(**OPEN, kick_on_multi=2))


def test_一炮三響_near_miss_two_winners_is_一炮雙響():
    """seed 004 狀態類: 一炮三響 10 needs three winners; two winners score 一炮雙響 5 instead."""
    h = hand("123m 456m 789p 234s CC EE", "C", multiple_winners=2)
    assert "triple_win" not in ids(h)
    assert fan_of(h, "double_win") == 5
