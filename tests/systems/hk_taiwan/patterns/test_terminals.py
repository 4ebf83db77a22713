"""Seed 004, 常用翻數表, 幺牌數字類: 斷幺九 5, 混帶幺 20, 全帶幺 40, 混幺九 60, 清幺九 120,
混帶X 20 (+10) (+5), 全帶X 50, with every 「不另計」 pair tested both ways.

Hands without honours carry a flower (春, ``FL``): with no flower at all 無字花 would replace 無字,
and the 「不另計無字」 tests must see 無字 removed by the row under test, not by 無字花.
"""

from builders import fan_of, hand, ids, score

FL = (1,)

# ---------------------------------------------------------------- 斷幺九 5
# 「全副牌沒有幺九及字牌」; 「無字限定，不另計無字」.
SIMPLES = hand("234m 567m 345p 678s 45s 88p", "6s", flowers=FL)


def test_斷幺九_scores_5():
    assert fan_of(SIMPLES, "all_simples") == 5


def test_斷幺九_excludes_無字():
    assert "no_honours" not in ids(SIMPLES)


def test_斷幺九_near_miss_terminal_eyes_leaves_無字():
    # Same hand with 九筒 eyes: a terminal, so no 斷幺九; 無字 then scores on its own.
    h = hand("234m 567m 345p 678s 45s 99p", "6s", flowers=FL)
    assert "all_simples" not in ids(h)
    assert fan_of(h, "no_honours") == 1


def test_斷幺九_near_miss_honour_eyes():
    assert "all_simples" not in ids(hand("234m 567m 345p 678s 45s SS", "6s"))


def test_斷幺九_counts_declared_melds():
    # A declared 七八九索 brings a 九: not 斷幺九.
    h = hand("234m 567m 345p 45s 88p", "6s", melds=["chow 789s"])
    assert "all_simples" not in ids(h)


def test_斷幺九_applies_to_嚦咕嚦咕():
    # 22 33 44萬 55 66筒 77 88索 + 444索 (八飛): a tile-set pattern counts on any shape.
    h = hand("22m 33m 44m 55p 66p 77s 88s 44s", "4s")
    assert fan_of(h, "eight_pairs") == 60
    assert fan_of(h, "all_simples") == 5


# ---------------------------------------------------------------- 混帶幺 20
# 「全副牌順子、刻子和眼都有幺九或字牌」.
OUTSIDE_MIXED = hand("123m 789p 111s EEE 78s 99m", "9s")


def test_混帶幺_scores_20():
    assert fan_of(OUTSIDE_MIXED, "mixed_outside_hand") == 20


def test_混帶幺_near_miss_one_chow_without_terminal():
    # 六七八索 holds neither 幺九 nor 字.
    assert "mixed_outside_hand" not in ids(hand("123m 789p 111s EEE 67s 99m", "8s"))


def test_混帶幺_near_miss_simple_eyes():
    # 「包括眼」: 五五萬 eyes break it.
    assert "mixed_outside_hand" not in ids(hand("123m 789p 111s EEE 789s 5m", "5m"))


def test_混帶幺_not_on_嚦咕嚦咕_reading():
    # Pairs of 幺九 and 字 read as 嚦咕嚦咕 only: group patterns are for standard readings.
    h = hand("11m 99m 11p 99p 11s 99s EE SS", "S")
    assert fan_of(h, "eight_pairs") == 60
    assert "mixed_outside_hand" not in ids(h)
    assert "mixed_terminals" not in ids(h)


# ---------------------------------------------------------------- 全帶幺 40
# 「全副牌順子、刻子和眼都只有幺九」; 「無字限定，不另計無字」; replaces 混帶幺.
OUTSIDE_PURE = hand("123m 789p 111s 999s 78m 11p", "9m", flowers=FL)


def test_全帶幺_scores_40():
    assert fan_of(OUTSIDE_PURE, "pure_outside_hand") == 40


def test_全帶幺_excludes_混帶幺_and_無字():
    found = ids(OUTSIDE_PURE)
    assert "mixed_outside_hand" not in found
    assert "no_honours" not in found


def test_全帶幺_near_miss_one_chow_without_terminal():
    h = hand("123m 789p 111s 999s 67m 11p", "8m")
    assert "pure_outside_hand" not in ids(h)
    assert "mixed_outside_hand" not in ids(h)


def test_全帶幺_near_miss_with_honours_is_混帶幺():
    # An honour pung: 「只有幺九」 fails, and the excluded 混帶幺 scores alone.
    found = ids(OUTSIDE_MIXED)
    assert "pure_outside_hand" not in found
    assert "mixed_outside_hand" in found


# ---------------------------------------------------------------- 混幺九 60
# 「全副牌都是幺九及字牌的刻子。不另計對對糊」; replaces 混帶幺.
TERMINALS_MIXED = hand("111m 999p EEE CCC 11s 99s", "1s")


def test_混幺九_scores_60():
    assert fan_of(TERMINALS_MIXED, "mixed_terminals") == 60


def test_混幺九_excludes_對對糊_and_混帶幺():
    found = ids(TERMINALS_MIXED)
    assert "all_pungs" not in found
    assert "mixed_outside_hand" not in found


def test_混幺九_near_miss_simple_pung_leaves_對對糊():
    # 五五五筒 is not 幺九: no 混幺九, and 對對糊 (excluded by it) scores on its own.
    h = hand("111m 555p EEE CCC 11s 99s", "1s")
    assert "mixed_terminals" not in ids(h)
    assert fan_of(h, "all_pungs") == 30


def test_混幺九_near_miss_chow_of_terminals():
    # 一二三萬 holds a 二: the tiles are not all 幺九 and 字.
    assert "mixed_terminals" not in ids(hand("123m 999p EEE CCC 11s 99s", "1s"))


def test_混幺九_not_for_字一色():
    # Our choice: 混幺九 needs a 幺九; honours only is 字一色 (its row does not list 混幺九).
    h = hand("EEE SSS WWW CCC FF PP", "F")
    assert "mixed_terminals" not in ids(h)


# ---------------------------------------------------------------- 清幺九 120
# 「全副牌都是幺九刻子」; 「不另計無字，對對糊，三色同刻」 (and the 帶幺 / 混幺九 rows it contains).
TERMINALS_PURE = hand("111m 999m 111p 999p 11s 99s", "1s", flowers=FL)


def test_清幺九_scores_120():
    assert fan_of(TERMINALS_PURE, "pure_terminals") == 120


def test_清幺九_excludes_無字_對對糊_三色同刻_and_帶幺():
    found = ids(TERMINALS_PURE)
    for pid in (
        "no_honours",
        "all_pungs",
        "big_triple_pung",
        "small_triple_pung",
        "mixed_outside_hand",
        "pure_outside_hand",
        "mixed_terminals",
    ):
        assert pid not in found, pid


def test_清幺九_excludes_小三兄弟_too():
    """Ruling on 「不另計…三色同刻」: in a 16-tile 清幺九 five terminal pungs and the eyes cover all six
    幺九 kinds, so one number always has pungs in three suits (大三兄弟, 大三色同刻) and the other
    two pungs plus the eyes (小三兄弟, 小三色同刻).  The row lists what the hand always holds (無字,
    對對糊, 三色同刻), so both 三色同刻 rows are left out: 清幺九 is 120, not 130."""
    # 111m 999m 111p 999p 99s + 1s makes 111s: 一 pungs in three suits, 九 pungs in two with 九索 eyes
    h = hand("111m 999m 111p 999p 99s 11s", "1s", flowers=FL)
    found = ids(h)
    assert "pure_terminals" in found
    assert not found & {"big_triple_pung", "small_triple_pung"}


def test_清幺九_near_miss_one_chow_is_全帶幺():
    # 一二三萬 in place of 九九九萬: 全帶幺 (excluded by 清幺九) scores alone.
    h = hand("111m 123m 111p 999p 11s 99s", "1s")
    assert "pure_terminals" not in ids(h)
    assert fan_of(h, "pure_outside_hand") == 40


def test_清幺九_near_miss_honour_is_混幺九():
    h = TERMINALS_MIXED
    assert "pure_terminals" not in ids(h)
    assert "mixed_terminals" in ids(h)


def test_三色同刻_alone_scores_without_清幺九():
    # 二二二 in each suit: 大三兄弟 is not 幺九, so 清幺九's exclusion does not apply.
    h = hand("222m 222p 222s 456m 78s 99p", "9s")
    assert "pure_terminals" not in ids(h)
    assert fan_of(h, "big_triple_pung") == 15


# ---------------------------------------------------------------- 混帶X 20, (+10), (+5)
# 「每一組牌，包括眼，均帶有字牌和數字X，X為「一」到「九」」; X may be more than one:
# 「「七」與「八」均符合混帶X的條件，因此翻數將為20+10翻」.


def test_混帶X_seed_example_七_and_八_scores_20_plus_10():
    h = hand("678m 789p 789s 678p EEE C", "C")
    s = score(h)
    assert s.pattern_fan("mixed_with_number") == 30
    assert next(p for p in s.patterns if p.id == "mixed_with_number").count == 2


def test_混帶X_one_number_scores_20():
    # Every suited group holds a 五; the other groups are 東東東 and 中中.
    assert fan_of(hand("345m 456p 567s 555p EEE C", "C"), "mixed_with_number") == 20


def test_混帶X_three_numbers_scores_20_plus_10_plus_5():
    # 一二三 in every suited group, honour eyes: X = 一, 二 and 三.
    assert fan_of(hand("123m 123m 123p 123s EEE C", "C"), "mixed_with_number") == 35


def test_混帶X_with_X_一_stacks_with_混帶幺():
    """Ruling (tester's question): 東東東 南南南 一二三萬 一二三筒 一二三索 中 食 中 scores 混帶X ×3 35
    and 混帶幺 20 together, and the preset keeps it so.

    Seed 004, 幺牌數字類: 混帶幺 20 「全副牌順子、刻子和眼都有幺九或字牌」 (no 「不另計」 note);
    混帶X 「20, (+10), (+5)」 「每一組牌，包括眼，均帶有字牌和數字X，X為「一」到「九」」, 「在混帶X中，
    X可以多於一 … 翻數將為20+10翻」 (no 「不另計」 note either).  With X = 一 every group also holds a
    幺九 or an honour, so both rows describe the hand; where the seed means one row to replace
    another it says 「不另計」 (全帶幺, 全帶X, 混幺九 …), and here it does not.  Its 計法 section
    leaves stacking to the table: 「一：同一組牌只能計一種翻數一次 … 二：可重覆計算 … 鑒於玩家喜好
    不同，進行牌局前應先釐清規則」, so the seed is not clear enough to change the default.  (A rule
    file can turn 混帶幺 off, ``[patterns.mixed_outside_hand] enabled = false``, but for every hand;
    「X = 一/九 replaces 混帶幺」 alone is not expressible as data today.)

    Here X = 一, 二 and 三 (every suited group is 一二三, the other groups 東東東 南南南 中中):
    20 + 10 + 5 = 35; 混帶幺 20 on top.
    """
    s = score(hand("EEE SSS 123m 123p 123s C", "C"))
    assert s.pattern_fan("mixed_with_number") == 35
    assert next(p for p in s.patterns if p.id == "mixed_with_number").count == 3
    assert s.pattern_fan("mixed_outside_hand") == 20


def test_混帶X_near_miss_eyes_without_X():
    # 「包括眼」: 九九萬 eyes hold no 五.
    assert "mixed_with_number" not in ids(hand("345m 456p 567s 555p EEE 9m", "9m"))


def test_混帶X_near_miss_no_honours():
    # 「帶有字牌」: without honours the hand is 全帶X, not 混帶X.
    h = hand("123m 234p 345s 333m 12s 33p", "3s")
    assert "mixed_with_number" not in ids(h)


# ---------------------------------------------------------------- 全帶X (滿庭芳) 50
# 「每一組牌，包括眼，均帶有X。無字限定，不另計無字」; the seed's example: every group holds 三.
WITH_THREE = hand("123m 234p 345s 333m 12s 33p", "3s", flowers=FL)


def test_全帶X_seed_example_三_scores_50():
    assert fan_of(WITH_THREE, "pure_with_number") == 50


def test_全帶X_excludes_無字():
    assert "no_honours" not in ids(WITH_THREE)


def test_全帶X_near_miss_eyes_without_X_leaves_無字():
    h = hand("123m 234p 345s 333m 12s 44p", "3s", flowers=FL)
    assert "pure_with_number" not in ids(h)
    assert fan_of(h, "no_honours") == 1


def test_全帶X_near_miss_honour_group():
    # 「無字限定」: an honour pung in place of 三三三萬 (the hand is 混帶X instead).
    h = hand("123m 234p 345s EEE 12s 33p", "3s")
    assert "pure_with_number" not in ids(h)
    assert fan_of(h, "mixed_with_number") == 20
