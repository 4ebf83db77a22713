"""Seed 004, 常用翻數表, 字牌類: 無字 1, 風牌 1, 正風 +1, 正位 +1, 三元牌 2, 小三風 15, 大三風 30,
小三元 20, 大三元 40, 小四喜 60, 大四喜 80, 字一色 100.
"""

import pytest
from builders import fan_of, hand, ids

from taipai.core.tiles import NORTH, SOUTH, WEST
from taipai.systems.hk_taiwan.patterns.base import DETECTORS, ONCE, HandView, Hits

WIND_EXTRAS = {"wind_pung", "round_wind", "seat_wind"}


# ---------------------------------------------------------------- 無字 1: 「牌型不含任何番子牌」


def test_無字_scores_1():
    # A flower keeps 無字花 out, so 無字 shows on its own.
    h = hand("123m 456m 789p 234s 555p 9s", "9s", flowers=(2,))
    assert fan_of(h, "no_honours") == 1


def test_無字_near_miss_honour_eyes():
    assert "no_honours" not in ids(hand("123m 456m 789p 234s 555p E", "E", flowers=(2,)))


# ---------------------------------------------------------------- 風牌 1 (each wind pung)


def test_風牌_scores_1_per_wind_pung():
    # 南南南 with 東圈 東位: 風牌 only.
    h = hand("123m 456m 789p 234s SSS 9s", "9s")
    assert fan_of(h, "wind_pung") == 1
    assert not ids(h) & {"round_wind", "seat_wind"}


def test_風牌_two_pungs_score_2():
    h = hand("123m 456m 789p SSS WWW 9s", "9s")
    assert fan_of(h, "wind_pung") == 2


def test_風牌_counts_an_exposed_kong():
    h = hand("123m 456m 789p 234s 9s", "9s", melds=["kong SSSS"])
    assert fan_of(h, "wind_pung") == 1


def test_風牌_near_miss_wind_eyes():
    assert "wind_pung" not in ids(hand("123m 456m 789p 234s 555p S", "S"))


def test_風牌_counts_the_pung_of_嚦咕嚦咕():
    # Choice: the concealed pung of 嚦咕嚦咕 is a 刻子 too.
    h = hand("11m 22m 55p 66p 88s 99s CC NN", "N")
    assert fan_of(h, "wind_pung") == 1


# ---------------------------------------------------------------- 正風 +1 / 正位 +1


def test_正風_adds_1_for_the_round_wind_pung():
    h = hand("123m 456m 789p 234s SSS 9s", "9s", round_wind=SOUTH)
    assert fan_of(h, "round_wind") == 1
    assert fan_of(h, "wind_pung") == 1


def test_正風_near_miss_round_wind_only_as_eyes():
    assert "round_wind" not in ids(hand("123m 456m 789p 234s 555p S", "S", round_wind=SOUTH))


def test_正位_adds_1_for_the_seat_wind_pung():
    h = hand("123m 456m 789p 234s WWW 9s", "9s", seat_wind=WEST)
    assert fan_of(h, "seat_wind") == 1
    assert "round_wind" not in ids(h)


def test_正位_near_miss_other_seat():
    assert "seat_wind" not in ids(hand("123m 456m 789p 234s WWW 9s", "9s", seat_wind=SOUTH))


def test_東圈_東位_東東東_scores_3():
    h = hand("123m 456m 789p 234s EEE 9s", "9s")
    assert fan_of(h, "wind_pung") + fan_of(h, "round_wind") + fan_of(h, "seat_wind") == 3


# ---------------------------------------------------------------- 三元牌 2 (each dragon pung)


def test_三元牌_scores_2():
    assert fan_of(hand("123m 456m 789p 234s CCC E", "E"), "dragon_pung") == 2


def test_三元牌_two_pungs_score_4():
    assert fan_of(hand("123m 456m 789p CCC FFF 9s", "9s"), "dragon_pung") == 4


def test_三元牌_near_miss_dragon_eyes():
    assert "dragon_pung" not in ids(hand("123m 456m 789p 234s 555p C", "C"))


# ---------------------------------------------------------------- 小三風 15: 不另計圈風、門風、刻風


def test_小三風_scores_15_and_replaces_wind_extras():
    # 南南南 西西西 + 北北 eyes, 南圈 西位: no 風牌 / 正風 / 正位.
    h = hand("123m 456m 789p SSS WWW N", "N", round_wind=SOUTH, seat_wind=WEST)
    assert fan_of(h, "small_three_winds") == 15
    assert not ids(h) & WIND_EXTRAS


def test_小三風_near_miss_dragon_eyes_leaves_風牌():
    h = hand("123m 456m 789p SSS WWW C", "C", round_wind=SOUTH)
    assert "small_three_winds" not in ids(h)
    assert fan_of(h, "wind_pung") == 2
    assert fan_of(h, "round_wind") == 1


# ---------------------------------------------------------------- 大三風 30: 不另計圈風、門風、刻風


def test_大三風_scores_30_and_replaces_wind_extras():
    h = hand("123m 456m SSS WWW NNN 9s", "9s", round_wind=SOUTH, seat_wind=NORTH)
    assert fan_of(h, "big_three_winds") == 30
    assert not ids(h) & (WIND_EXTRAS | {"small_three_winds"})


def test_大三風_near_miss_two_wind_pungs():
    h = hand("123m 456m 789p SSS WWW N", "N")
    assert "big_three_winds" not in ids(h)


# ---------------------------------------------------------------- 小三元 20 / 大三元 40: 不另計三元牌


def test_小三元_scores_20_and_replaces_三元牌():
    h = hand("123m 456m 789p CCC FFF P", "P")
    assert fan_of(h, "small_three_dragons") == 20
    assert "dragon_pung" not in ids(h)


def test_小三元_near_miss_suited_eyes():
    h = hand("123m 456m 789p CCC FFF 9s", "9s")
    assert "small_three_dragons" not in ids(h)


def test_大三元_scores_40_and_replaces_三元牌():
    h = hand("123m 456m CCC FFF PPP 9s", "9s")
    assert fan_of(h, "big_three_dragons") == 40
    assert not ids(h) & {"dragon_pung", "small_three_dragons"}


def test_大三元_near_miss_third_dragon_as_eyes():
    assert "big_three_dragons" not in ids(hand("123m 456m 789p CCC FFF P", "P"))


# ---------------------------------------------------------------- 小四喜 60 / 大四喜 80


def test_小四喜_scores_60_and_replaces_大三風_and_wind_extras():
    h = hand("123m 456m EEE SSS WWW N", "N")
    assert fan_of(h, "small_four_winds") == 60
    assert not ids(h) & (WIND_EXTRAS | {"big_three_winds", "small_three_winds"})


def test_小四喜_near_miss_dragon_eyes_is_大三風():
    h = hand("123m 456m EEE SSS WWW C", "C")
    assert "small_four_winds" not in ids(h)
    assert fan_of(h, "big_three_winds") == 30


def test_大四喜_scores_80_and_replaces_wind_extras():
    h = hand("123m EEE SSS WWW NNN 9m", "9m", round_wind=NORTH, seat_wind=WEST)
    assert fan_of(h, "big_four_winds") == 80
    assert not ids(h) & (WIND_EXTRAS | {"big_three_winds", "small_three_winds", "small_four_winds"})


def test_大四喜_near_miss_fourth_wind_as_eyes():
    assert "big_four_winds" not in ids(hand("123m 456m EEE SSS WWW N", "N"))


# ---------------------------------------------------------------- 字一色 100: 另計…，不計對對糊


def test_字一色_scores_100_and_keeps_the_honour_rows():
    # 東南西 pungs + 中發 pungs + 白 eyes: 大三風 30 and 小三元 20 are 「另計」.
    h = hand("EEE SSS WWW CCC FFF P", "P")
    assert fan_of(h, "all_honours") == 100
    assert fan_of(h, "big_three_winds") == 30
    assert fan_of(h, "small_three_dragons") == 20


def test_字一色_as_嚦咕嚦咕():
    # 東東東東 南南南南 西西 北北北 中中 發發: seven pairs and a pung, all honours.
    h = hand("EEEE SSSS WW NN CC FF", "N")
    assert fan_of(h, "all_honours") == 100


def test_字一色_near_miss_one_suited_chow():
    assert "all_honours" not in ids(hand("EEE SSS WWW CCC 123m P", "P"))


def _all_pungs_stub(v: HandView) -> Hits:
    """Stand-in for 對對糊 (another family's detector): every meld a pung."""
    return ONCE if v.standard and not v.chows else []


def test_字一色_drops_對對糊(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(DETECTORS, "all_pungs", DETECTORS.get("all_pungs", _all_pungs_stub))
    found = ids(hand("EEE SSS WWW CCC FFF P", "P"))
    assert "all_honours" in found
    assert "all_pungs" not in found


def test_對對糊_alone_without_字一色(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(DETECTORS, "all_pungs", DETECTORS.get("all_pungs", _all_pungs_stub))
    found = ids(hand("777s 333s CCC E", "E", melds=["pung 222m", "pung 555p"]))
    assert "all_pungs" in found
    assert "all_honours" not in found
