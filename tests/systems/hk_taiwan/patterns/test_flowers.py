"""Seed 004, 常用翻數表, 花牌類: 無花 1, 爛花 1, 正花 2, 無字花 5, 一台花 10, 大花糊 40.

Seat numbers follow the printed number (春/梅 1, 夏/蘭 2, 秋/菊 3, 冬/竹 4) and the seat wind
(東 1 … 北 4); DESIGN §6.  Flowers are 1..8 = 春夏秋冬梅蘭菊竹.
"""

from builders import fan_of, hand, ids, rules

from taipai.core.tiles import NORTH, SOUTH
from taipai.systems.hk_taiwan.rules import RuleSet, apply_overrides, load_rules

# 123m 456m 789p 234s 中中中 + 東 eyes, won on 東 (has honours).
HONOURS = dict(concealed="123m 456m 789p 234s CCC E", win="E")
# 123m 456m 789p 234s 555p + 9s eyes, won on 9s (no honours).
NO_HONOURS = dict(concealed="123m 456m 789p 234s 555p 9s", win="9s")

SPRING, SUMMER, AUTUMN, WINTER, PLUM, ORCHID, CHRYS, BAMBOO = range(1, 9)


def without(*pattern_ids: str) -> RuleSet:
    """The hk-taiwan preset with some rows switched off."""
    return apply_overrides(
        load_rules("hk-taiwan"), {"patterns": {p: {"enabled": False} for p in pattern_ids}}
    )


# ---------------------------------------------------------------- 無花 1: 「牌型沒有任何花牌」


def test_無花_scores_1():
    assert fan_of(hand(**HONOURS), "no_flowers") == 1


def test_無花_near_miss_one_flower():
    assert "no_flowers" not in ids(hand(**HONOURS, flowers=(SUMMER,)))


def test_無花_not_scored_when_table_plays_without_flowers():
    r = rules(flowers=False)
    found = ids(hand(**HONOURS), r)
    assert not found & {"no_flowers", "no_honours_no_flowers", "seat_flower", "wrong_flower"}


def test_no_flower_pattern_at_all_without_flowers_option():
    # Even flowers typed in a hand count nothing when the table plays without flowers.
    r = rules(flowers=False)
    h = hand(**HONOURS, flowers=(SPRING, SUMMER, AUTUMN, WINTER))
    assert not ids(h, r) & {"seat_flower", "wrong_flower", "flower_set", "eight_flowers", "no_flowers"}


# ---------------------------------------------------------------- 爛花 1 / 正花 2 (each flower)


def test_爛花_scores_1_each():
    # 東 seat (1): 夏 (2) and 秋 (3) do not match.
    h = hand(**HONOURS, flowers=(SUMMER, AUTUMN))
    assert fan_of(h, "wrong_flower") == 2
    assert "seat_flower" not in ids(h)


def test_爛花_near_miss_matching_flower():
    assert "wrong_flower" not in ids(hand(**HONOURS, flowers=(SPRING,)))


def test_正花_scores_2_each_seasons_and_plants():
    # 東 seat: 春 (1) and 梅 (1) both match.
    h = hand(**HONOURS, flowers=(SPRING, PLUM))
    assert fan_of(h, "seat_flower") == 4
    assert "wrong_flower" not in ids(h)


def test_正花_follows_seat_wind():
    # 南 seat (2): 夏 and 蘭 match, 春 does not.
    h = hand(**HONOURS, flowers=(SPRING, SUMMER, ORCHID), seat_wind=SOUTH)
    assert fan_of(h, "seat_flower") == 4
    assert fan_of(h, "wrong_flower") == 1


def test_正花_near_miss_north_seat_with_spring():
    h = hand(**HONOURS, flowers=(SPRING,), seat_wind=NORTH)
    assert "seat_flower" not in ids(h)
    assert fan_of(h, "wrong_flower") == 1


def test_北_seat_matches_winter_and_bamboo():
    h = hand(**HONOURS, flowers=(WINTER, BAMBOO), seat_wind=NORTH)
    assert fan_of(h, "seat_flower") == 4


# ---------------------------------------------------------------- 無字花 5: 不再計無字，無花


def test_無字花_scores_5_and_replaces_無字_無花():
    h = hand(**NO_HONOURS)
    found = ids(h)
    assert fan_of(h, "no_honours_no_flowers") == 5
    assert "no_honours" not in found
    assert "no_flowers" not in found


def test_無字花_near_miss_flower_then_無字_alone_scores():
    h = hand(**NO_HONOURS, flowers=(SUMMER,))
    assert "no_honours_no_flowers" not in ids(h)
    assert fan_of(h, "no_honours") == 1


def test_無字花_near_miss_honours_then_無花_alone_scores():
    h = hand(**HONOURS)
    assert "no_honours_no_flowers" not in ids(h)
    assert fan_of(h, "no_flowers") == 1


def test_無字花_without_flowers_option_leaves_無字():
    h = hand(**NO_HONOURS)
    r = rules(flowers=False)
    assert "no_honours_no_flowers" not in ids(h, r)
    assert fan_of(h, "no_honours", r) == 1


# ---------------------------------------------------------------- 一台花 10: 不再計爛花，正花


def test_一台花_seasons_scores_10_without_正花_爛花():
    h = hand(**HONOURS, flowers=(SPRING, SUMMER, AUTUMN, WINTER))
    found = ids(h)
    assert fan_of(h, "flower_set") == 10
    assert "seat_flower" not in found
    assert "wrong_flower" not in found


def test_一台花_plants_scores_10():
    assert fan_of(hand(**HONOURS, flowers=(PLUM, ORCHID, CHRYS, BAMBOO)), "flower_set") == 10


def test_一台花_only_replaces_its_own_four_flowers():
    # 南 seat: the seasons set scores 10; 蘭 (2) outside the set is still 正花, 菊 (3) 爛花.
    h = hand(**HONOURS, flowers=(SPRING, SUMMER, AUTUMN, WINTER, ORCHID, CHRYS), seat_wind=SOUTH)
    assert fan_of(h, "flower_set") == 10
    assert fan_of(h, "seat_flower") == 2
    assert fan_of(h, "wrong_flower") == 1


def test_一台花_near_miss_mixed_four_flowers():
    # 春夏秋 + 梅: no set; 東 seat → 春 梅 正花 (2 + 2), 夏 秋 爛花 (1 + 1).
    h = hand(**HONOURS, flowers=(SPRING, SUMMER, AUTUMN, PLUM))
    assert "flower_set" not in ids(h)
    assert fan_of(h, "seat_flower") == 4
    assert fan_of(h, "wrong_flower") == 2


def test_一台花_disabled_gives_the_four_flowers_back():
    h = hand(**HONOURS, flowers=(SPRING, SUMMER, AUTUMN, WINTER))
    r = without("flower_set")
    assert fan_of(h, "seat_flower", r) == 2
    assert fan_of(h, "wrong_flower", r) == 3


def test_一台花_both_sets_count_twice_when_大花糊_is_off():
    h = hand(**HONOURS, flowers=tuple(range(1, 9)))
    assert fan_of(h, "flower_set", without("eight_flowers")) == 20


# ---------------------------------------------------------------- 大花糊 (八仙過海) 40


def test_大花糊_scores_40_and_flowers_count_once():
    h = hand(**HONOURS, flowers=tuple(range(1, 9)))
    found = ids(h)
    assert fan_of(h, "eight_flowers") == 40
    assert not found & {"flower_set", "seat_flower", "wrong_flower"}


def test_大花糊_stacks_with_the_hand_patterns():
    # 「如牌型為可食糊牌型，則將之疊加」: 中中中 still scores 三元牌.
    h = hand(**HONOURS, flowers=tuple(range(1, 9)))
    assert fan_of(h, "dragon_pung") == 2


def test_大花糊_near_miss_seven_flowers():
    h = hand(**HONOURS, flowers=(1, 2, 3, 4, 5, 6, 7))
    assert "eight_flowers" not in ids(h)
    assert fan_of(h, "flower_set") == 10
