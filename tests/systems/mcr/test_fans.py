"""Every 番 of seed 002 「番型介紹」: a hand that scores it and a near miss that does not; the five
principles of combination with the rule's own examples; 8番起和 and 明暗槓.

Each hand is written in :mod:`tests.systems.mcr.mcrhands`' notation (the standing tiles include the
winning tile).  Every expectation here was also checked against pymahjonggb when it was written.
"""

from __future__ import annotations

from typing import Any

import pytest

from taipai.core.errors import HandError
from taipai.systems.mcr.scoring import rows, score
from tests.systems.mcr.mcrhands import hand

PLAIN = "123m456p789s111pEE"
"""A plain standing hand (123萬 456筒 789索 111筒 東東) the context rows are tried on."""

# (row id, hit: (standing, win, melds, flags), miss: the same)
Case = tuple[str, tuple[str, str, str, dict[str, Any]], tuple[str, str, str, dict[str, Any]]]
CASES: list[Case] = [
    ("big_four_winds", ("EEESSSWWWNNN11m", "1m", "", {}), ("EEESSSWWWNN789p", "9p", "", {})),
    ("big_three_dragons", ("CCCFFFPPP123m99p", "3m", "", {}), ("CCCFFFPP123m999p", "3m", "", {})),
    ("all_green", ("234s234s666s888sFF", "F", "", {}), ("234s234s666s999sFF", "F", "", {})),
    ("nine_gates", ("11123455678999m", "5m", "", {}), ("11123455678999m", "1m", "", {})),
    ("four_kongs", ("55m", "5m", "k1111m k2222p k3333s kEEEE", {}),
     ("55m", "5m", "k1111m k2222p k3333s pEEE", {})),
    ("seven_shifted_pairs", ("22334455667788m", "8m", "", {}), ("22334455667799m", "9m", "", {})),
    ("thirteen_orphans", ("19m19p19sESWNCFPP", "P", "", {}), ("111m999p999sEEEWW", "W", "", {})),
    ("all_terminals", ("111m999m111p999p11s", "1s", "", {}), ("111m999m111p999pEE", "E", "", {})),
    ("little_four_winds", ("EEESSSWWWNN789p", "9p", "", {}), ("EEESSSWWWCC789p", "9p", "", {})),
    ("little_three_dragons", ("CCCFFFPP123m789p", "9p", "", {}), ("CCCFFF123m789p55s", "5s", "", {})),
    ("all_honours", ("EEESSSCCCFFFPP", "P", "", {}), ("EEESSSCCCFFF11m", "1m", "", {})),
    ("four_concealed_pungs", ("111m333m555p777sEE", "E", "", {}), ("111m333m555p777sEE", "7s", "", {})),
    ("pure_terminal_chows", ("12312378978955m", "5m", "", {}), ("123123789789m55p", "5p", "", {})),
    ("quadruple_chow", ("123123123123m55p", "5p", "", {}), ("123123123234m55p", "5p", "", {})),
    ("four_pure_shifted_pungs", ("222333444555m99p", "9p", "", {}), ("222333444666m99p", "9p", "", {})),
    ("four_pure_shifted_chows", ("123234345456m99p", "9p", "", {}), ("123234345567m99p", "9p", "", {})),
    ("three_kongs", ("789pEE", "E", "k1111m k2222p k3333s", {}), ("789pEE", "E", "k1111m k2222p p333s", {})),
    ("all_terminals_and_honors", ("111m999pEEESSSCC", "C", "", {}), ("123m999pEEESSSCC", "C", "", {})),
    ("seven_pairs", ("1133m5577p99sEECC", "C", "", {}), ("112233m77p999sEEE", "E", "", {})),
    ("greater_honours_and_knitted", ("147m25p36sESWNCFP", "P", "", {}),
     ("147m258p36sESWNCF", "F", "", {})),
    ("all_even_pungs", ("222m444p666s888m66p", "6p", "", {}), ("222m444p666s888m55p", "5p", "", {})),
    ("full_flush", ("123456789111m99m", "9m", "", {}), ("123456789111m99p", "9p", "", {})),
    ("pure_triple_chow", ("123123m456p99s", "9s", "c123m", {}), ("123123m456p99s", "9s", "c123p", {})),
    ("pure_shifted_pungs", ("222333444m678p99s", "9s", "", {}), ("222333555m678p99s", "9s", "", {})),
    ("upper_tiles", ("789m789p789s888m99p", "9p", "", {}), ("789m789p789s888m66p", "6p", "", {})),
    ("middle_tiles", ("456m456p456s555m66p", "6p", "", {}), ("456m456p456s555m77p", "7p", "", {})),
    ("lower_tiles", ("123m123p123s222m33p", "3p", "", {}), ("123m123p123s222m44p", "4p", "", {})),
    ("pure_straight", ("123456789m111pEE", "E", "", {}), ("123456m789p111pEE", "E", "", {})),
    ("three_suited_terminal_chows", ("123789m123789p55s", "5s", "", {}),
     ("123789m123789p66s", "6s", "", {})),
    ("pure_shifted_chows", ("123234345m789p11s", "1s", "", {}), ("123234456m789p11s", "1s", "", {})),
    ("all_fives", ("345m456p567s555m55p", "5p", "", {}), ("345m456p567s555m66p", "6p", "", {})),
    ("triple_pung", ("222m222p222s789m11p", "1p", "", {}), ("222m222p333s789m11p", "1p", "", {})),
    ("three_concealed_pungs", ("222m444p666s789m11p", "1p", "", {}), ("222m444p666s789m11p", "6s", "", {})),
    ("lesser_honours_and_knitted", ("147m258p36sESWNCF", "F", "", {}), ("147m258p369s123mEE", "E", "", {})),
    ("knitted_straight", ("147m258p369s123mEE", "E", "", {}), ("147m258p36sESWNCF", "F", "", {})),
    ("upper_four", ("678m789p666s999m88p", "8p", "", {}), ("678m789p666s999m55p", "5p", "", {})),
    ("lower_four", ("123m234p444s111m33p", "3p", "", {}), ("123m234p444s111m55p", "5p", "", {})),
    ("big_three_winds", ("EEESSSWWW123m99p", "9p", "", {}), ("EEESSS123m456m99p", "9p", "", {})),
    ("mixed_straight", ("123m456p789s111mEE", "E", "", {}), ("123m456p789p111mEE", "E", "", {})),
    ("reversible_tiles", ("123p345p888p456sPP", "P", "", {}), ("123p345p777p456sPP", "P", "", {})),
    ("mixed_triple_chow", ("123m123p123s789m11p", "1p", "", {}), ("123m123p234s789m11p", "1p", "", {})),
    ("mixed_shifted_pungs", ("222m333p444s789m11p", "1p", "", {}), ("222m333p555s789m11p", "1p", "", {})),
    ("chicken_hand", ("678mEE", "8m", "c234m c456p p777s", {}),
     ("678mEE", "8m", "c234m c456p p777s", {"self_drawn": True})),
    ("last_tile_draw", (PLAIN, "E", "", {"self_drawn": True, "last_tile": True}),
     (PLAIN, "E", "", {"last_tile": True})),
    ("last_tile_claim", (PLAIN, "E", "", {"last_tile": True}),
     (PLAIN, "E", "", {"self_drawn": True, "last_tile": True})),
    ("out_with_replacement_tile", ("123m456p789sEE", "E", "K1111p", {"self_drawn": True, "kong_draw": True}),
     ("123m456p789sEE", "E", "K1111p", {"self_drawn": True})),
    ("robbing_the_kong", (PLAIN, "3m", "", {"kong_draw": True}),
     (PLAIN, "3m", "", {"self_drawn": True, "kong_draw": True})),
    ("all_pungs", ("666s888mEE", "E", "p222m p444p", {}), ("678s888mEE", "E", "p222m p444p", {})),
    ("half_flush", ("123m456m789m111mEE", "E", "", {}), ("123m456m789m111pEE", "E", "", {})),
    ("mixed_shifted_chows", ("123m234p345s789m11p", "1p", "", {}), ("123m234p456s789m11p", "1p", "", {})),
    ("all_types", ("123m456p789sEEECC", "C", "", {}), ("123m456p789sEEESS", "S", "", {})),
    ("melded_hand", ("CC", "C", "c123m c456p p777s pEEE", {}),
     ("CC", "C", "c123m c456p p777s pEEE", {"self_drawn": True})),
    ("two_concealed_kongs", ("345s678sEE", "E", "K1111m K2222p", {}),
     ("345s678sEE", "E", "K1111m k2222p", {})),
    ("two_dragon_pungs", ("CCCFFF123m456p99s", "9s", "", {}), ("CCC111p123m456p99s", "9s", "", {})),
    ("outside_hand", ("123m789m123p999sEE", "E", "", {}), ("123m678m123p999sEE", "E", "", {})),
    ("fully_concealed_hand", (PLAIN, "E", "", {"self_drawn": True}), (PLAIN, "E", "", {})),
    ("two_melded_kongs", ("345s678sEE", "E", "k1111m k2222p", {}), ("345s678sEE", "E", "k1111m p222p", {})),
    ("last_tile", (PLAIN, "3m", "", {"last_copy": True}), (PLAIN, "3m", "", {})),
    ("dragon_pung", ("CCC123m456p789s11p", "1p", "", {}), ("SSS123m456p789s11p", "1p", "", {})),
    ("prevalent_wind", ("SSS123m456p789s11p", "1p", "", {"round_": "S"}),
     ("SSS123m456p789s11p", "1p", "", {"round_": "W"})),
    ("seat_wind", ("SSS123m456p789s11p", "1p", "", {"seat": "S"}),
     ("SSS123m456p789s11p", "1p", "", {"seat": "W"})),
    ("concealed_hand", (PLAIN, "E", "", {}), ("456p789s111pEE", "E", "c123m", {})),
    ("all_chows", ("123m456m234p678s99p", "9p", "", {}), ("123m456m234p678sEE", "E", "", {})),
    ("tile_hog", ("123345m678p789s33m", "9s", "", {}), ("123345m678p789s44m", "9s", "", {})),
    ("double_pung", ("222m222p123s456s99m", "9m", "", {}), ("222m333p123s456s99m", "9m", "", {})),
    ("two_concealed_pungs", ("222m444p123s456s99m", "9m", "", {}), ("222m444p123s456s99m", "4p", "", {})),
    ("concealed_kong", ("234p567s789sEE", "E", "K1111m", {}), ("234p567s789sEE", "E", "k1111m", {})),
    ("all_simples", ("234m456p678s222m66p", "6p", "", {}), ("234m456p678s222m99p", "9p", "", {})),
    ("pure_double_chow", ("123m123m456p789sEE", "E", "", {}), ("123m234m456p789sEE", "E", "", {})),
    ("mixed_double_chow", ("123m123p456s789sEE", "E", "", {}), ("123m234p456s789sEE", "E", "", {})),
    ("short_straight", ("123m456m789p111sEE", "E", "", {}), ("123m567m789p111sEE", "E", "", {})),
    ("two_terminal_chows", ("123m789m456p111sEE", "E", "", {}), ("123m678m456p111sEE", "E", "", {})),
    ("pung_of_terminals_or_honors", ("111m234p567s789sNN", "N", "", {}), ("222m234p567s789sNN", "N", "", {})),
    ("melded_kong", ("234p567s789sEE", "E", "k2222m", {}), ("234p567s789sEE", "E", "p222m", {})),
    ("one_voided_suit", ("123m456m789p111pEE", "E", "", {}), ("123m456p789s111pEE", "E", "", {})),
    ("no_honors", ("123m456p789s111p99s", "9s", "", {}), (PLAIN, "E", "", {})),
    ("edge_wait", (PLAIN, "3m", "", {}), (PLAIN, "1m", "", {})),
    ("closed_wait", (PLAIN, "2m", "", {}), ("234m456p789s111pEE", "2m", "", {})),
    ("single_wait", (PLAIN, "E", "", {}), (PLAIN, "1p", "", {})),
    ("self_drawn", ("456p789s111pEE", "E", "c123m", {"self_drawn": True}), ("456p789s111pEE", "E", "c123m", {})),
    ("flower_tiles", (PLAIN, "E", "", {"flowers": 3}), (PLAIN, "E", "", {})),
]


def fans_of(standing: str, win: str, melds: str = "", **flags: Any) -> dict[str, int]:
    """Row id → count of the best reading (no 8番起和, so every hand can be looked at)."""
    return dict(score(hand(standing, win, melds, **flags), minimum=0).fans)


def test_every_row_has_a_case() -> None:
    """81 rows (seed 002's 83 less 無財神 and the second 明杠), each tried below."""
    assert len(rows()) == 81
    assert sorted(c[0] for c in CASES) == sorted(rows())


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_row_scores_and_near_miss_does_not(case: Case) -> None:
    rid, (s, w, m, f), (s2, w2, m2, f2) = case
    assert rid in fans_of(s, w, m, **f)
    assert rid not in fans_of(s2, w2, m2, **f2)


def test_flowers_count_one_each_but_not_toward_eight() -> None:
    """Row 83: 「每花計一分。不計在起和分內」: 平和 2 + 無字 … under 8 stays under 8 with 8 flowers."""
    r = score(hand("123m456m234p678s99p", "9p"), minimum=0)
    assert r.base == 2 + 2 + 1 + 1  # 平和, 門前清, 無字, 單釣將
    with pytest.raises(HandError) as e:
        score(hand("123m456m234p678s99p", "9p", flowers=8))
    assert e.value.code == "below_minimum"
    assert "8" in str(e.value)


def test_eight_fan_hand_is_a_win() -> None:
    """無番和 (row 43) is worth 8 番: it passes 8番起和 exactly."""
    r = score(hand("678mEE", "8m", "c234m c456p p777s"))
    assert r.fans == (("chicken_hand", 1),)
    assert r.total == 8


def test_not_a_win_is_refused() -> None:
    with pytest.raises(HandError) as e:
        score(hand("123m456p789s111pEW", "E"))
    assert e.value.code == "not_a_win"


def test_mixed_kongs_is_off_by_default_and_five_when_on() -> None:
    """明暗槓: no seed 002 row, so by default 暗槓 2 + 明槓 1; the option makes it 5."""
    h = hand("234p567s789sEE", "E", "K1111m k2222m")
    assert dict(score(h, minimum=0).fans)["concealed_kong"] == 1
    on = dict(score(h, minimum=0, mixed_kongs=True).fans)
    assert on["mixed_kongs"] == 1 and "concealed_kong" not in on and "melded_kong" not in on


# ---- the five principles, each with its example (patterns.combine's docstring)
def test_no_repeat_principle_big_four_winds() -> None:
    """不重複: 大四喜 不計 圈風刻、門風刻、三風刻、碰碰和 (row 1)."""
    fans = fans_of("EEESSSWWWNNN11m", "1m")
    assert "big_four_winds" in fans
    for gone in ("prevalent_wind", "seat_wind", "big_three_winds", "all_pungs"):
        assert gone not in fans


def test_no_split_principle_pure_straight() -> None:
    """不拆移: 清龍 123 456 789 is not split again into 連六 or 老少副."""
    fans = fans_of("123456789m111pEE", "E")
    assert fans["pure_straight"] == 1
    assert "short_straight" not in fans and "two_terminal_chows" not in fans


def test_once_only_principle_fourth_chow_pairs_once() -> None:
    """套算一次: 清龍 + a 123 of another suit: one 喜相逢 with the 123; 清龍 + 456: one 一般高."""
    assert fans_of("123456789m123pEE", "E")["mixed_double_chow"] == 1
    fans = fans_of("12345678945699m", "9m")  # 123 456 789 456 萬, 99萬
    assert fans["pure_straight"] == 1 and fans["pure_double_chow"] == 1
    assert "short_straight" not in fans


def test_no_same_principle_one_mixed_double_chow() -> None:
    """不得相同: 123萬 123萬 123筒: 一般高 + 喜相逢 once (not twice)."""
    fans = fans_of("123m123m123p789sEE", "E")
    assert fans["pure_double_chow"] == 1
    assert fans["mixed_double_chow"] == 1


def test_highest_principle_best_reading() -> None:
    """就高不就低: 111 222 333萬 reads as 一色三節高 + 三暗刻 (24 + 16), not 一色三同順 123×3 (24)."""
    r = score(hand("111222333m456p99s", "9s"), minimum=0)
    fans = dict(r.fans)
    assert "pure_shifted_pungs" in fans and "three_concealed_pungs" in fans
    assert "pure_triple_chow" not in fans
