"""Seed 004, 常用翻數表, 組合類: 缺一門 5, 五門齊 10/15, 七門齊 15/20, 混一色 30, 清一色 80,
雞糊 30, 鴨胡 15, 嚦咕嚦咕 40/60, 十六不搭 40/60/80, 十三幺 100/120; the double reading (seed 004,
底) and the seed 000 worked example.

Hands without honours carry a flower (春, ``FL``) where a test looks at 無字: with no flower at all
無字花 would replace 無字.
"""

import pytest
from builders import fan_of, hand, ids, rules, score

from taipai.core.errors import HandError
from taipai.core.scoretypes import CHICKEN_IGNORES
from taipai.systems.hk_taiwan.scoring import score_hand

FL = (1,)

# ---------------------------------------------------------------- 缺一門 5
# 「牌型中缺少一種花色序數牌。無字限定，不計無字」.
TWO_SUITS = hand("123m 456m 789m 234p 567p 8p", "8p", flowers=FL)


def test_缺一門_scores_5():
    assert fan_of(TWO_SUITS, "missing_one_suit") == 5


def test_缺一門_excludes_無字():
    assert "no_honours" not in ids(TWO_SUITS)


def test_缺一門_near_miss_three_suits_leaves_無字():
    h = hand("123m 456m 789s 234p 567p 8p", "8p", flowers=FL)
    assert "missing_one_suit" not in ids(h)
    assert fan_of(h, "no_honours") == 1


def test_缺一門_near_miss_with_honours():
    # 「無字限定」: two suits plus an honour pung do not count.
    assert "missing_one_suit" not in ids(hand("123m 456m EEE 234p 567p 8p", "8p"))


# ---------------------------------------------------------------- 清一色 80
# 「牌型由同一花色(筒、索、萬)組成」; 「無字限定，不另計無字」; 缺一門 not added (preset note).
ONE_SUIT = hand("123m 456m 789m 234m 6m", "6m", flowers=FL)


def test_清一色_scores_80():
    assert fan_of(ONE_SUIT, "full_flush") == 80


def test_清一色_excludes_無字_and_缺一門():
    found = ids(ONE_SUIT)
    assert "no_honours" not in found
    assert "missing_one_suit" not in found


def test_清一色_without_flowers_scores_無花_not_無字花():
    """Ruling (option ``honourless_rows_include_no_honours``, on): 清一色 is 「無字限定，不另計無字」, so
    the no-honours half of 無字花 is inside it; with no flower the hand scores 無花 1 beside it, not
    無字花 5.  Option off: only 無字 is left out and 無字花 5 counts (tests/systems/hk_taiwan/patterns/
    test_honourless_rows.py checks every such row both ways)."""
    h = hand("111m 456m 789m 234m 6m", "6m")  # a pung: not 無字花大平糊
    found = ids(h)
    assert fan_of(h, "full_flush") == 80
    assert fan_of(h, "no_flowers") == 1
    assert not found & {"no_honours", "no_honours_no_flowers"}
    off = rules(honourless_rows_include_no_honours=False)
    assert fan_of(h, "no_honours_no_flowers", off) == 5
    assert not ids(h, off) & {"no_honours", "no_flowers"}


def test_清一色_near_miss_second_suit_is_缺一門():
    h = hand("123m 456m 789m 234m 6p", "6p", flowers=FL)
    assert "full_flush" not in ids(h)
    assert fan_of(h, "missing_one_suit") == 5


def test_清一色_counts_declared_melds():
    h = hand("123m 456m 789m 6m", "6m", melds=["chow 234m"], flowers=FL)
    assert fan_of(h, "full_flush") == 80
    h2 = hand("123m 456m 789m 6m", "6m", melds=["chow 234p"], flowers=FL)
    assert "full_flush" not in ids(h2)


# ---------------------------------------------------------------- 混一色 30
# 「牌型由單一花色(筒、索、萬)和字牌組成」.


def test_混一色_scores_30():
    assert fan_of(hand("123m 456m 789m 234m EEE 6m", "6m"), "half_flush") == 30


def test_混一色_near_miss_has_two_suits():
    assert "half_flush" not in ids(hand("123m 456m 789p 234m EEE 6m", "6m"))


def test_混一色_near_miss_no_honours_is_清一色():
    assert "half_flush" not in ids(ONE_SUIT)


def test_混一色_on_嚦咕嚦咕():
    h = hand("11m 22m 55m 66m 99m EE CC 33m", "3m")
    assert fan_of(h, "eight_pairs") == 60
    assert fan_of(h, "half_flush") == 30


# ---------------------------------------------------------------- 五門齊 10 / 大五門齊 15
# 「東南西北為一門，中發白為一門，筒索萬各一門，全副牌五門都有齊。如五門均有一組三張，則為大五門齊」.
FIVE = hand("123m 456p 789s EEE 234m C", "C")
FIVE_BIG = hand("123m 456p 789s EEE CCC 2m", "2m")


def test_五門齊_scores_10():
    # 中 only as eyes: all five 門 are there, but the dragon 門 has no 「一組三張」.
    assert fan_of(FIVE, "five_gates") == 10


def test_大五門齊_scores_15():
    assert fan_of(FIVE_BIG, "five_gates") == 15


def test_五門齊_near_miss_no_dragon():
    assert "five_gates" not in ids(hand("123m 456p 789s EEE 234m 9s", "9s"))


def test_五門齊_near_miss_no_dots():
    assert "five_gates" not in ids(hand("123m 456m 789s EEE 234m C", "C"))


def test_五門齊_on_嚦咕嚦咕():
    # 「嚦咕嚦咕 … 可計獨獨，五門齊，七門齊等等」.
    h = hand("11m 22p 33s EE CC 55m 66p 77s", "7s")
    assert fan_of(h, "eight_pairs") == 60
    assert fan_of(h, "five_gates") == 10


def test_五門齊_not_on_十六不搭():
    # 計法 第三: 十六不搭 always shows the five 門, so 五門齊 is not added.
    h = hand("149m 259p 159s ESWNCFP", "E")
    assert fan_of(h, "sixteen_unrelated") == 40
    assert "five_gates" not in ids(h)


# ---------------------------------------------------------------- 七門齊 15 / 大七門齊 20
# 「… 再加兩門花，全副牌七門都有齊。五門各有一組則為大七門齊。不計五門齊」.


def test_七門齊_scores_15_and_excludes_五門齊():
    h = hand("123m 456p 789s EEE 234m C", "C", flowers=(1, 5))
    assert fan_of(h, "seven_gates") == 15
    assert "five_gates" not in ids(h)


def test_大七門齊_scores_20():
    h = hand("123m 456p 789s EEE CCC 2m", "2m", flowers=(2, 8))
    assert fan_of(h, "seven_gates") == 20
    assert "five_gates" not in ids(h)


def test_七門齊_near_miss_seasons_only_leaves_五門齊():
    h = hand("123m 456p 789s EEE 234m C", "C", flowers=(1, 2))
    assert "seven_gates" not in ids(h)
    assert fan_of(h, "five_gates") == 10


def test_七門齊_near_miss_flowers_but_no_dragon():
    h = hand("123m 456p 789s EEE 234m 9s", "9s", flowers=(1, 5))
    assert "seven_gates" not in ids(h)


def test_七門齊_off_when_the_table_plays_without_flowers():
    h = hand("123m 456p 789s EEE 234m C", "C", flowers=(1, 5))
    r = rules(flowers=False)
    assert "seven_gates" not in ids(h, r)
    assert fan_of(h, "five_gates", r) == 10


# ---------------------------------------------------------------- 嚦咕嚦咕 40 / 八飛 60
# 「八對子，三張一樣的不能碰出，為40番。如持有八飛(即手牌剛好持有8個對子，其中一個對子多一張就可
# 胡牌)則為60番」; 計法 第三: 不會加計門前清.
PAIRS = hand("11m 22m 55p 66p 99s EE C 333s", "C")
FLYING = hand("11m 22m 55p 66p 99s EE CC 33s", "3s")


def test_嚦咕嚦咕_with_four_of_a_kind_has_one_concealed_pung_only():
    """The four 三萬 are two pairs (seed 004 四歸一 note 「嚦咕嚦咕中的兩對」): 四歸一 10 (暗) but no
    兩暗刻 (only 東東東 is a pung).  The 16 tiles before the win were eight pairs: 八飛 60."""
    h = hand("11223333445566m EE", "E", self_drawn=True)
    s = score(h)
    assert fan_of(h, "eight_pairs") == 60
    assert fan_of(h, "four_one") == 10
    assert "two_concealed_pungs" not in ids(h)
    assert s.reading[0] == "東東東" and s.reading.count("三三萬") == 2


def test_a_table_without_嚦咕嚦咕_scores_the_standard_reading_alone():
    """A rules file with 嚦咕嚦咕 ``enabled = false`` does not play the shape: the tester's hand
    scores its standard reading with one 底 (no double reading, seed 004 底), and a hand that is
    only 嚦咕嚦咕 is no win and waits on nothing."""
    from taipai.systems.hk_taiwan.rules import apply_overrides

    off = apply_overrides(rules(), {"patterns": {"eight_pairs": {"enabled": False}}})
    both = hand("11223333445566m EE", "E", self_drawn=True)
    s = score_hand(both, off)
    assert s.bases == 1 and s.second_reading == ()
    assert "eight_pairs" not in {p.id for p in s.patterns}
    assert s.reading[0] != "東東東"
    with pytest.raises(HandError) as e:
        score_hand(PAIRS, off)
    assert e.value.code == "not_a_win"
    assert score_hand(PAIRS, rules()).waits != ()


def test_嚦咕嚦咕_scores_40():
    assert fan_of(PAIRS, "eight_pairs") == 40


def test_八飛_scores_60():
    # Eight pairs held; the winning 三索 made the pung.
    assert fan_of(FLYING, "eight_pairs") == 60


def test_嚦咕嚦咕_excludes_門前清():
    assert "concealed_hand" not in ids(PAIRS)


def test_嚦咕嚦咕_excludes_門清自摸():
    h = hand("11m 22m 55p 66p 99s EE C 333s", "C", self_drawn=True)
    assert fan_of(h, "eight_pairs") == 40
    assert "concealed_self_draw" not in ids(h)
    assert "concealed_hand" not in ids(h)


def test_門清自摸_alone_scores_without_嚦咕嚦咕():
    h = hand("123m 456m 789p 234s CCC E", "E", self_drawn=True)
    assert "eight_pairs" not in ids(h)
    assert fan_of(h, "concealed_self_draw") == 5


def test_門前清_alone_scores_without_嚦咕嚦咕():
    h = hand("123m 456m 789p 234s CCC E", "E")
    assert fan_of(h, "concealed_hand") == 3


def test_嚦咕嚦咕_near_miss_pung_laid_down():
    # 「三張一樣的不能碰出」: with 三三三索 declared the hand reads only as a standard hand.
    h = hand("11m 22m 33m 55p 66p 77p E", "E", melds=["pung 333s"])
    assert "eight_pairs" not in ids(h)


def test_嚦咕嚦咕_can_score_獨獨():
    # 「可計獨獨」: the 16 tiles wait on 中 alone.
    assert fan_of(PAIRS, "single_wait") == 2


# ---------------------------------------------------------------- double reading (seed 004, 底)
# 「由於上面組合可以看作嚦咕嚦咕的牌型，也可以視為一二三筒、五六七索的雙般高的牌型，因此在此會分別
# 計算兩副牌的翻數，計兩個底」.
DOUBLE = hand("112233p 556677s EEE 9m", "9m")


def test_嚦咕嚦咕_and_雙般高_two_bases():
    s = score(DOUBLE)
    assert s.bases == 2
    assert s.total == s.fan + 2 * 5
    assert s.pattern_fan("eight_pairs") == 40
    assert s.pattern_fan("two_double_chows") == 30
    assert "一二三筒" in s.second_reading
    assert "五六七索" in s.second_reading


def test_double_reading_off_gives_one_base():
    s = score(DOUBLE, rules(double_reading=False))
    assert s.bases == 1
    assert s.total == s.fan + 5
    assert s.second_reading == ()


# The tester's hand: 一一筒 二二筒 三三筒 五五索 六六索 七七索 東東 中中 食 中.
TESTER_DOUBLE = hand("112233p 556677s EE CC", "C")


def test_double_reading_counts_each_readings_tile_patterns():
    """Seed 004, 底: 「通常一副牌只有一個底翻，但在某些特殊牌型，例如嚦咕嚦咕另計雙般高的場合，則可以
    計作兩個底 … 由於上面組合可以看作嚦咕嚦咕的牌型，也可以視為一二三筒、五六七索的雙般高的牌型，
    因此在此會分別計算兩副牌的翻數，計兩個底」.

    Ruling on 三元牌 ×2: 「分別計算兩副牌的翻數」 counts the fan of each reading (副牌) on its own.
    三元牌 (seed 004, 字牌類: 「牌型擁有一副中、發、白的刻子」, 2) is a tile pattern, and the 中中中
    pung is in both readings: it is 嚦咕嚦咕's 「一刻」 (「七對加一刻」) and a pung of the standard
    reading, so each reading's fan has it once: 2 × 2 = 4.  對碰 (「在聽牌階段為兩對對子聽牌的組合」,
    1) is in the standard reading only (waiting on 東東 / 中中); the 嚦咕嚦咕 reading holds eight
    pairs and waits on all eight (八飛, 60), so it counts once.  無花 (花牌類, 1) describes the win,
    not the tiles: situation families (flowers, 狀態類, 時態類) count once (``SITUATION_FAMILIES``; the
    seed's two 「副牌」 are two arrangements of the same tiles, one win).  門前清 (3) of the standard
    reading is 狀態類 too, and 嚦咕嚦咕 does not add it (計法: 「由於食糊條件為必須門前清，通常就不會
    加計門前清的3翻」).

    嚦咕嚦咕 reading: 嚦咕嚦咕 (八飛) 60 + 三元牌 2 + 無花 1 = 63.
    Standard reading, tile patterns added: 雙般高 30 + 三元牌 2 + 對碰 1 = 33.
    Fan 96, two 底 of 5: total 106.
    """
    s = score(TESTER_DOUBLE)
    assert (s.fan, s.bases, s.total) == (96, 2, 106)
    assert [(p.id, p.fan, p.count) for p in s.patterns] == [
        ("eight_pairs", 60, 1),
        ("two_double_chows", 30, 1),
        ("dragon_pung", 4, 2),
        ("pair_wait", 1, 1),
        ("no_flowers", 1, 1),
    ]
    assert s.reading == ("中中中", "一一筒", "二二筒", "三三筒", "五五索", "六六索", "七七索", "東東")
    assert s.second_reading == ("一二三筒", "一二三筒", "五六七索", "五六七索", "中中中", "東東")
    assert s.to_dict()["second_reading"] == list(s.second_reading)


def test_one_base_has_an_empty_second_reading_in_json():
    """DESIGN §5 (change by adding only): ``second_reading`` is ``[]`` when the hand has one 底."""
    assert score(DOUBLE, rules(double_reading=False)).to_dict()["second_reading"] == []


# ---------------------------------------------------------------- 十六不搭 40 / 60 / 80
# 「東南西北中發白，其他三門每樣三隻，但不能搭上，例如一、四、九或二、五、九，再加一對眼」;
# 「若數字一樣，則稱為「不搭三相逢」，額外加計20翻。如組合為147,258,369 … 不搭雜龍，額外加計40翻」.


def test_十六不搭_scores_40():
    assert fan_of(hand("149m 259p 159s ESWNCFP", "E"), "sixteen_unrelated") == 40


def test_不搭三相逢_scores_60():
    assert fan_of(hand("159m 159p 159s ESWNCFP", "E"), "sixteen_unrelated") == 60


def test_不搭雜龍_scores_80():
    assert fan_of(hand("147m 258p 369s ESWNCFP", "E"), "sixteen_unrelated") == 80


def test_不搭雜龍_any_suit_order_scores_80():
    assert fan_of(hand("369m 147p 258s ESWNCFP", "S"), "sixteen_unrelated") == 80


def test_十六不搭_eyes_may_be_a_suited_tile():
    assert fan_of(hand("149m 259p 15s ESWNCFP 9s", "9s"), "sixteen_unrelated") == 40


def test_十六不搭_near_miss_147_147_258_is_plain_40():
    # Neither the same numbers in every suit nor 147/258/369 one per suit.
    assert fan_of(hand("147m 147p 258s ESWNCFP", "E"), "sixteen_unrelated") == 40


def test_十六不搭_excludes_門前清():
    assert "concealed_hand" not in ids(hand("149m 259p 159s ESWNCFP", "E"))


def test_十六不搭_excludes_門清自摸():
    h = hand("149m 259p 159s ESWNCFP", "E", self_drawn=True)
    found = ids(h)
    assert "sixteen_unrelated" in found
    assert "concealed_self_draw" not in found
    assert "concealed_hand" not in found


def test_十六不搭_near_miss_related_tiles_is_not_a_win():
    # 一 and 三萬 can 「搭上」 (一二三): no 十六不搭, and no other shape either.
    with pytest.raises(HandError) as exc:
        score(hand("139m 259p 159s ESWNCFP", "E"))
    assert exc.value.code == "not_a_win"


# ---------------------------------------------------------------- 十三幺 100 / 十三飛 120
# 「門清取得全部幺九牌加字牌各一，其中一牌做眼。另三隻是自己摸回來的順子或暗刻，需門清，但可以暗槓。
# 叫十三飛即加計20翻」.


def test_十三幺_scores_100():
    # Waiting on 白 alone.
    assert fan_of(hand("19m 19p 19s ESWNCF E 234m", "P"), "thirteen_orphans") == 100


def test_十三飛_scores_120():
    # 13 different orphans + 二三四萬: the hand waits on all thirteen.
    assert fan_of(hand("19m 19p 19s ESWNCFP 234m", "E"), "thirteen_orphans") == 120


def test_十三幺_with_concealed_kong_scores_100():
    h = hand("19m 19p 19s ESWNCF E", "P", melds=["ckong 5555m"])
    assert fan_of(h, "thirteen_orphans") == 100


def test_十三幺_excludes_門前清_and_門清自摸():
    h = hand("19m 19p 19s ESWNCF E 234m", "P", self_drawn=True)
    found = ids(h)
    assert "thirteen_orphans" in found
    assert "concealed_hand" not in found
    assert "concealed_self_draw" not in found


def test_十三幺_near_miss_chow_laid_down_is_not_a_win():
    # 「需門清」: a declared 上 二三四萬 leaves no 十三幺 reading.
    with pytest.raises(HandError) as exc:
        score(hand("19m 19p 19s ESWNCF E", "P", melds=["chow 234m"]))
    assert exc.value.code == "not_a_win"


# ---------------------------------------------------------------- 雞糊 30 / 鴨胡 15
# 雞糊: 「除了莊、花、底外無任何翻數的牌」; 鴨胡: 「自摸雞糊」 (self-draw not added, preset).
# 碰 五五五萬, 上 二三四筒; 六七八萬 八八八索 南南 四五索, won on 三索 (waits 三索 / 六索).
CHICKEN = dict(concealed="678m 45s 888s SS", win="3s", melds=["pung 555m", "chow 234p"])


def test_雞糊_scores_30():
    s = score(hand(**CHICKEN))
    assert s.pattern_fan("chicken_hand") == 30
    assert {p.id for p in s.patterns} <= CHICKEN_IGNORES | {"chicken_hand"}


def test_雞糊_with_dealer_and_flowers():
    s = score(hand(**CHICKEN, flowers=(1, 3), dealer=True))
    assert s.pattern_fan("chicken_hand") == 30
    assert s.pattern_fan("dealer") == 1
    assert s.pattern_fan("seat_flower") == 2
    assert s.pattern_fan("wrong_flower") == 1
    assert s.total == 30 + 1 + 2 + 1 + 5


def test_鴨胡_scores_15_without_自摸():
    s = score(hand(**CHICKEN, self_drawn=True))
    assert s.pattern_fan("duck_hand") == 15
    assert "self_draw" not in {p.id for p in s.patterns}
    assert "chicken_hand" not in {p.id for p in s.patterns}


def test_雞糊_near_miss_single_wait():
    # 四索 between 三 and 五索 is 嵌張, the only wait: 獨獨 2, so not 雞糊.
    h = hand("678m 35s 888s SS", "4s", melds=["pung 555m", "chow 234p"])
    assert fan_of(h, "single_wait") == 2
    assert "chicken_hand" not in ids(h)


def test_雞糊_near_miss_258_eyes():
    # 五五筒 eyes: 將眼 1 (and 無字 1), so not 雞糊.
    h = hand("678m 45s 888s 55p", "3s", melds=["pung 555m", "chow 234p"])
    assert fan_of(h, "eyes_258") == 1
    assert "chicken_hand" not in ids(h)


def test_鴨胡_near_miss_self_drawn_single_wait_keeps_自摸():
    h = hand("678m 35s 888s SS", "4s", melds=["pung 555m", "chow 234p"], self_drawn=True)
    found = ids(h)
    assert "duck_hand" not in found
    assert "self_draw" in found


def test_雞糊_off_by_option():
    assert "chicken_hand" not in ids(hand(**CHICKEN), rules(chicken_hand=False))


# ---------------------------------------------------------------- seed 000 worked example
# 「一二三萬 四五六萬 七八九筒 二三四索 中中中 東 + 摸 東」 (中 in place of the wildcard).


def test_seed000_example_is_a_win_with_中中中_and_東東():
    s = score_hand(hand("123m 456m 789p 234s CCC E", "E", self_drawn=True), rules())
    assert "中中中" in s.reading
    assert "東東" in s.reading
    assert s.total > 0


def test_seed000_example_with_一萬_for_the_third_中_is_not_a_win():
    with pytest.raises(HandError) as exc:
        score_hand(hand("123m 456m 789p 234s CC 1m E", "E", self_drawn=True), rules())
    assert exc.value.code == "not_a_win"
    assert exc.value.hint
