"""無字花 beside the rows seed 004 marks 「無字限定，不另計無字」 (our ruling, DESIGN §6; option
``honourless_rows_include_no_honours``, on by default).

Seed 004 無字花 row: 「牌型不含任何番子牌和花牌。不再計無字，無花」 (5).  The rows marked 「無字限定，不另計
無字」 (清一色, 清幺九, 斷幺九, 全帶幺, 全帶X, 缺一門, 無字花大平糊; 非常用: 缺五, 張張可胡; 大於五 / 小於五
「不另計無字，缺五」) already hold the no-honours half of 無字花, so with no flower such a hand scores 無花
1 beside the row, not 無字花 5.  With the option off 無字花 5 counts beside them (and replaces 無花).

Each hand below has no flower and no honour; the expected patterns are worked out by hand in each
case's comment, then the option is turned off and the only change is 無花 1 → 無字花 5 (+4 fan).
無字花大平糊 names 無字花 and 無花 in its own 「不再計」 list, so it scores the same both ways.
"""

import pytest
from builders import hand, rules, score

from taipai.core.errors import HandError
from taipai.core.notation import parse_hand
from taipai.systems.hk_taiwan.patterns.flowers import honourless_rows
from taipai.systems.hk_taiwan.rules import apply_overrides, load_rules
from taipai.systems.hk_taiwan.scoring import score_hand

NO_FLOWERS = "no_flowers"
NO_HONOURS_NO_FLOWERS = "no_honours_no_flowers"


def patterns(spec, **options):
    """``{pattern id: fan}`` of the best reading under the preset with ``options`` (``enable=[ids]``,
    ``disable=[ids]`` switch rows)."""
    disable = options.pop("disable", ())
    r = rules(**options)
    if disable:
        r = apply_overrides(r, {"patterns": {pid: {"enabled": False} for pid in disable}})
    return {p.id: p.fan for p in score(spec, r).patterns}


def both_ways(spec, row, expected_on, *, enable=(), disable=()):
    """Option on: ``expected_on`` exactly (無花 1 in it, no 無字花); option off: the same with 無花 1
    replaced by 無字花 5."""
    on = patterns(spec, enable=list(enable), disable=disable)
    off = patterns(spec, enable=list(enable), disable=disable, honourless_rows_include_no_honours=False)
    assert row in on
    assert on == expected_on
    expected_off = {k: v for k, v in expected_on.items() if k != NO_FLOWERS} | {NO_HONOURS_NO_FLOWERS: 5}
    assert off == expected_off
    assert sum(off.values()) == sum(on.values()) + 4


def test_the_brief_hand_scores_16_not_20():
    """`taipai score "二二二萬 三四五萬 六七八筒 四四四索 五六七索 八索 食 八索"`: 兩暗刻 5 (二二二萬 and
    四四四索 held), 斷幺九 5 (「全副牌沒有幺九及字牌…無字限定，不另計無字」), 門前清 3, 假獨 1 (the 八索
    looks single but 三五六八九索 all win), 將眼 1 (八八索), 無花 1 = 16; it was 20 with 無字花 5."""
    spec = parse_hand("二二二萬 三四五萬 六七八筒 四四四索 五六七索 八索 食 八索")
    s = score_hand(spec, load_rules("hk-taiwan"))
    assert s.fan == 16
    assert s.total == 21
    assert s.pattern_fan(NO_FLOWERS) == 1
    assert s.pattern_fan(NO_HONOURS_NO_FLOWERS) == 0
    off = apply_overrides(load_rules("hk-taiwan"), {"options": {"honourless_rows_include_no_honours": False}})
    assert score_hand(spec, off).fan == 20


def test_斷幺九():
    """斷幺九 5 「全副牌沒有幺九及字牌」「無字限定，不另計無字」: the hand above in builder form."""
    spec = hand("222m 345m 678p 444s 567s 8s", "8s")
    expected = dict(two_concealed_pungs=5, all_simples=5, concealed_hand=3, false_single_wait=1, eyes_258=1)
    both_ways(spec, "all_simples", expected | {NO_FLOWERS: 1})


def test_清一色():
    """清一色 80 「牌型由同一花色(筒、索、萬)組成」「無字限定，不另計無字」: 一一一 四五六 七八九 二三四萬
    and 六萬 won on 六萬: 清一色 80, 門前清 3, 假獨 1 (三四六七萬 also win), 無花 1 = 85."""
    spec = hand("111m 456m 789m 234m 6m", "6m")
    both_ways(spec, "full_flush", dict(full_flush=80, concealed_hand=3, false_single_wait=1, no_flowers=1))


def test_全帶幺():
    """全帶幺 40 「全副牌順子、刻子和眼都只有幺九」「無字限定，不另計無字」: 123萬 789萬 123筒 789索
    111索 + 九筒 pair won on 九筒: 全帶幺 40, 喜相逢 暗 5 + 5 (123萬 123筒, 789萬 789索), 老少順 暗 5
    (123 789萬),
    門前清 3, 獨獨 2, 無花 1 = 61."""
    spec = hand("123m 789m 123p 789s 111s 9p", "9p")
    expected = dict(
        pure_outside_hand=40, mixed_double_chow=10, terminal_chows=5, concealed_hand=3, single_wait=2
    )
    both_ways(spec, "pure_outside_hand", expected | {NO_FLOWERS: 1})


def test_清幺九():
    """清幺九 120 「全副牌都是幺九刻子。不另計無字，對對糊，三色同刻」「無字限定」: 111 999萬 111 999筒
    111索 + 九索 pair won on 九索: 清幺九 120, 坎坎胡 100 (every pung held, single wait on a discard),
    老少刻 5 + 5 (萬 and 筒), 獨獨 2, 無花 1 = 233."""
    spec = hand("111m 999m 111p 999p 111s 9s", "9s")
    expected = dict(pure_terminals=120, all_concealed_pungs=100, terminal_pungs=10, single_wait=2)
    both_ways(spec, "pure_terminals", expected | {NO_FLOWERS: 1})


def test_全帶X():
    """全帶X 50 「每一組牌，包括眼，均帶有X。無字限定，不另計無字」 (X = 三; the 一萬 keeps 斷幺九 out):
    123萬 345萬 333筒 234索 345索 + 三索 pair won on 三索: 全帶X 50, 四歸二 明 10 (the four 三索 in two
    chows and the pair, one of them the discard), 喜相逢 暗 5 (345萬 345索), 門前清 3, 假獨 1 (the
    三索 looks single, 六索 wins too), 無花 1 = 70."""
    spec = hand("123m 345m 333p 234s 345s 3s", "3s")
    expected = dict(
        pure_with_number=50, four_two=10, mixed_double_chow=5, concealed_hand=3, false_single_wait=1
    )
    both_ways(spec, "pure_with_number", expected | {NO_FLOWERS: 1})


def test_缺一門():
    """缺一門 5 「牌型中缺少一種花色序數牌。無字限定，不計無字」: 123 456 789萬 (清龍 暗 20) 222筒 567筒
    + 八筒 pair won on 八筒 (no 索): 清龍 20, 老少順 暗 5 (123 789萬), 缺一門 5, 門前清 3, 將眼 1, 假獨 1
    (五八筒 both win), 無花 1 = 36."""
    spec = hand("123m 456m 789m 222p 567p 8p", "8p")
    expected = dict(
        pure_straight=20,
        terminal_chows=5,
        missing_one_suit=5,
        concealed_hand=3,
        eyes_258=1,
        false_single_wait=1,
    )
    both_ways(spec, "missing_one_suit", expected | {NO_FLOWERS: 1})


def test_無字花大平糊_scores_the_same_both_ways():
    """無字花大平糊 15 「不再計無字，無花，無字花，平糊」「無字限定，不另計無字」: it names 無花 and 無字花
    itself, so neither counts either way: 15, 門前清 3, 獨獨 2 = 20."""
    spec = hand("123m 456m 789p 234s 567s 9s", "9s")
    expected = dict(great_all_chows=15, concealed_hand=3, single_wait=2)
    assert patterns(spec) == expected
    assert patterns(spec, honourless_rows_include_no_honours=False) == expected


def test_缺五():
    """缺五 5 (非常用) 「牌型沒有「五」這數字」「無字限定，不另計無字」: 123 789萬 234 678筒 111索 + 九索
    pair won on 九索: 老少順 暗 5, 缺五 5, 門前清 3, 獨獨 2, 無花 1 = 16."""
    spec = hand("123m 789m 234p 678p 111s 9s", "9s")
    expected = dict(terminal_chows=5, no_fives=5, concealed_hand=3, single_wait=2)
    both_ways(spec, "no_fives", expected | {NO_FLOWERS: 1}, enable=("no_fives",))


def test_大於五():
    """大於五 50 (非常用) 「牌型全由數字六、七、八、九組成」「不另計無字，缺五」: 678 789萬 678筒 999索
    678索 + 七筒 pair won on 七筒: 大於五 50, 三色同順 暗 20 (678 in all three), 門前清 3, 獨獨 2,
    無花 1 = 76."""
    spec = hand("678m 789m 678p 999s 678s 7p", "7p")
    expected = dict(all_upper=50, mixed_triple_chow=20, concealed_hand=3, single_wait=2)
    both_ways(spec, "all_upper", expected | {NO_FLOWERS: 1}, enable=("all_upper",))


def test_小於五():
    """小於五 50 (非常用) 「牌型全由數字一、二、三、四組成」「不另計無字，缺五」: 123 234萬 123筒 111索
    234索 + 四筒 pair won on 四筒: 小於五 50, 喜相逢 暗 5 + 5 (123萬 123筒, 234萬 234索), 門前清 3, 假獨 1
    (一四筒),
    無花 1 = 65."""
    spec = hand("123m 234m 123p 111s 234s 4p", "4p")
    expected = dict(all_lower=50, mixed_double_chow=10, concealed_hand=3, false_single_wait=1)
    both_ways(spec, "all_lower", expected | {NO_FLOWERS: 1}, enable=("all_lower",))


def test_張張可胡():
    """張張可胡 200 (非常用) 「清一色狀態下「一」至「九」皆可胡牌」「無字限定，不另計無字」: 一一一 二…八
    九九九萬 + 四五六萬 waits on every 萬; 清一色 and 缺一門 (both 無字限定 too) are switched off so that
    張張可胡 alone holds the no-honours half.  Won on 五萬: 張張可胡 200, 一色三步高 暗 15, 兩暗刻 5,
    老少刻 5, 門前清 3, 假獨 1, 將眼 1, 無花 1 = 231."""
    spec = hand("1112345678999m 456m", "5m")
    expected = dict(
        all_waits=200,
        pure_shifted_chows=15,
        two_concealed_pungs=5,
        terminal_pungs=5,
        concealed_hand=3,
        false_single_wait=1,
        eyes_258=1,
    )
    both_ways(
        spec,
        "all_waits",
        expected | {NO_FLOWERS: 1},
        enable=("all_waits",),
        disable=("full_flush", "missing_one_suit"),
    )


def test_near_miss_a_flower_leaves_無字_out_as_before():
    """A flower (春) makes 無花 and 無字花 impossible: 斷幺九 still replaces 無字 either way."""
    spec = hand("222m 345m 678p 444s 567s 8s", "8s", flowers=(1,))
    for opt in (True, False):
        found = patterns(spec, honourless_rows_include_no_honours=opt)
        assert not found.keys() & {"no_honours", NO_FLOWERS, NO_HONOURS_NO_FLOWERS}
        assert found["all_simples"] == 5


def test_near_miss_no_honourless_row_keeps_無字花():
    """No 無字限定 row hits (一萬 and 九筒 keep 斷幺九 out, three suits keep 缺一門 out): 無字花 5 counts
    with the option on."""
    spec = hand("123m 456m 789p 234s 555p 9s", "9s")
    found = patterns(spec)
    assert found[NO_HONOURS_NO_FLOWERS] == 5
    assert not found.keys() & {NO_FLOWERS, "no_honours"}


def test_the_rows_are_the_ones_seed_004_marks():
    """The rows whose 「不另計」 list holds 無字, other than 無字花: exactly those seed 004 marks."""
    preset = load_rules("hk-taiwan")
    assert set(honourless_rows(preset)) == {
        "great_all_chows",  # 無字花大平糊
        "all_simples",  # 斷幺九
        "pure_outside_hand",  # 全帶幺
        "pure_terminals",  # 清幺九
        "pure_with_number",  # 全帶X
        "missing_one_suit",  # 缺一門
        "full_flush",  # 清一色
    }
    rare = rules(enable=["no_fives", "all_upper", "all_lower", "all_waits"])
    assert set(honourless_rows(rare)) - set(honourless_rows(preset)) == {
        "no_fives",
        "all_upper",
        "all_lower",
        "all_waits",
    }


def test_the_option_is_a_boolean():
    with pytest.raises(HandError) as err:
        apply_overrides(load_rules("hk-taiwan"), {"options": {"honourless_rows_include_no_honours": "yes"}})
    assert err.value.code == "bad_rules"
    assert load_rules("hk-taiwan").options.honourless_rows_include_no_honours is True
