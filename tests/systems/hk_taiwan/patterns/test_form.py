"""Seed 004, 常用翻數表, 型式類: 對碰 1, 假獨 1, 獨獨 2, 將眼 1, 莊家 2n+1."""

from builders import fan_of, hand, ids

# seed 000 worked example with 中 for the wildcard: 123m 456m 789p 234s CCC + E, won on E.
SINGLE = dict(concealed="123m 456m 789p 234s CCC E", win="E")


def test_獨獨_single_wait_scores_2():
    assert fan_of(hand(**SINGLE), "single_wait") == 2


def test_獨獨_near_miss_two_sided_wait():
    # 23s waits on 1s or 4s; won on 4s at the open end: neither 獨獨 nor 假獨.
    h = hand("123m 456m 789p CCC EE 23s", "4s")
    assert "single_wait" not in ids(h)
    assert "false_single_wait" not in ids(h)


def test_假獨_looks_single_but_waits_on_two():
    # 4567m waits on 4m or 7m; won on 7m read as 456m + 77m eyes (單釣 look) -> 假獨, not 獨獨.
    h = hand("123p 456p 789p EEE 4567m", "7m")
    assert "single_wait" not in ids(h)
    assert fan_of(h, "false_single_wait") == 1


def test_對碰_pair_wait_scores_1():
    h = hand("123m 456m 789p 234s CC EE", "C", self_drawn=True)
    assert fan_of(h, "pair_wait") == 1
    assert "single_wait" not in ids(h)


def test_將眼_258_eyes():
    assert fan_of(hand("123m 456m 789p 234s CCC 5p", "5p"), "eyes_258") == 1


def test_將眼_near_miss_eyes_of_3():
    assert "eyes_258" not in ids(hand("123m 456m 789p 234s CCC 3p", "3p"))


def test_莊家_2n_plus_1():
    assert fan_of(hand(**SINGLE, dealer=True), "dealer") == 1
    assert fan_of(hand(**SINGLE, dealer=True, streak=3), "dealer") == 7


def test_莊家_absent_for_non_dealer():
    assert "dealer" not in ids(hand(**SINGLE))


def test_對碰_near_miss_single_wait_on_the_eyes():
    """Same tiles, but the pung was already complete: 中中中 + 東 waits only on 東 (獨獨, not 對碰)."""
    h = hand("123m 456m 789p 234s CCC E", "E", self_drawn=True)
    assert "pair_wait" not in ids(h)
    assert fan_of(h, "single_wait") == 2


def test_假獨_near_miss_true_single_wait_is_獨獨():
    """A 單釣 on a tile that is the only wait scores 獨獨 2, never 假獨."""
    h = hand("123p 456p 789p EEE 456m 9s", "9s")
    assert "false_single_wait" not in ids(h)
    assert fan_of(h, "single_wait") == 2


def test_莊家_near_miss_non_dealer_streak_ignored():
    """連莊 belongs to the dealer: a non-dealer's hand has no 莊家 fan whatever the streak."""
    assert "dealer" not in ids(hand(**SINGLE, streak=3))
