"""雞平和 (guangdong): every row of seed 001 「番的牌型规则设定」 with the seed's value, and a near miss.

「一、爆和（封顶）以内的牌型番种: 鸡和 0, 平和 1, 碰碰和 2, 混一色 2」; 「二、爆和以外的牌型: 清一色 4, 混碰 4,
清碰 5, 混幺九 5, 小三元 5, 小四喜 5, 字一色 6, 清幺九 6, 大三元 6, 大四喜 6, 九莲宝灯 6, 十三幺 6」; 附加 自摸,
門風, 圈風, 箭刻 +1 each 「爆和以外不加番」, 「爆和内牌型加附加牌型不能冲破爆和的上限」; the floors 「不满3番牌型，
按照3番满计算」.  The table's winds are 東圈 東位 unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from taipai.core.errors import HandError
from taipai.core.system import Seat
from taipai.core.tiles import SOUTH, WEST
from taipai.systems.guangdong import SYSTEM
from taipai.systems.guangdong.ledger import value_of
from taipai.systems.guangdong.options import GuangdongOptions

RULES = SYSTEM.load_rules(None)


def score(hand: str, seat: Seat | None = None, **opts: object):
    return SYSTEM.score(hand, seat or Seat(), RULES, GuangdongOptions(**opts)).score  # type: ignore[arg-type]


def fan(hand: str, seat: Seat | None = None, **opts: object) -> int:
    return score(hand, seat, **opts).fan


def rows(hand: str, seat: Seat | None = None, **opts: object) -> list[tuple[str, int]]:
    return [(p.name, p.fan) for p in score(hand, seat, **opts).patterns]


CHICKEN = "一二三萬 四五六萬 七八九筒 二二二索 五索 食 五索"
"""Three chows, a 索 pung, 五索 eyes, three suits: 鸡和 0."""
ALL_CHOWS = "一二三萬 四五六萬 七八九筒 二三四索 五索 食 五索"


@pytest.mark.parametrize(
    ("hand", "expected", "near_miss", "near_value"),
    [
        # 鸡和 0 (分值 1); its near miss is a 平和
        (CHICKEN, [("雞和", 0)], ALL_CHOWS, 1),
        # 平和 1: four chows; one pung instead is a 鸡和
        (ALL_CHOWS, [("平和", 1)], CHICKEN, 0),
        # 碰碰和 2: four pungs (南 is neither 東位 nor 東圈); one chow instead is a 鸡和
        (
            "一一一萬 九九九筒 二二二索 南南南 五索 食 五索",
            [("碰碰和", 2)],
            "一二三萬 九九九筒 二二二索 南南南 五索 食 五索",
            0,
        ),
        # 混一色 2: 萬 and honours; a 筒 chow instead of the honours is a 平和
        (
            "一二三萬 四五六萬 七八九萬 南南南 西 食 西",
            [("混一色", 2)],
            "一二三萬 四五六萬 七八九萬 一二三筒 西 食 西",
            1,
        ),
        # 清一色 4 (爆和以外); a 西 among them makes it 混一色 + 平和
        (
            "一二三萬 四五六萬 七八九萬 二三四萬 五萬 食 五萬",
            [("清一色", 4)],
            "一二三萬 四五六萬 七八九萬 二三四萬 西 食 西",
            3,
        ),
        # 混碰 4 replaces 混一色 and 碰碰和; a chow instead: 混一色 2 + 門風 1 + 圈風 1, capped at 3
        (
            "二二二萬 五五五萬 東東東 南南南 中 食 中",
            [("混碰", 4)],
            "二二二萬 四五六萬 東東東 南南南 中 食 中",
            3,
        ),
        # 清碰 5 replaces 清一色 and 碰碰和; a chow instead is 清一色 4
        (
            "二二二萬 四四四萬 六六六萬 八八八萬 九萬 食 九萬",
            [("清碰", 5)],
            "二三四萬 四四四萬 六六六萬 八八八萬 九萬 食 九萬",
            4,
        ),
        # 混幺九 5; a 二萬 pung instead is 碰碰和 2 (西 is no wind of the table)
        (
            "一一一萬 九九九筒 一一一索 西西西 中 食 中",
            [("混幺九", 5)],
            "二二二萬 九九九筒 一一一索 西西西 中 食 中",
            2,
        ),
        # 小三元 5; 白 eyes replaced by 南 eyes: 混一色 2 + 箭刻 2 = 4, capped at 3
        (
            "中中中 發發發 一二三萬 四五六萬 白 食 白",
            [("小三元", 5)],
            "中中中 發發發 一二三萬 四五六萬 南 食 南",
            3,
        ),
        # 小四喜 5; a 萬 pair instead of the 北 eyes is 混碰 4
        (
            "東東東 南南南 西西西 一二三萬 北 食 北",
            [("小四喜", 5)],
            "東東東 南南南 西西西 一一一萬 二萬 食 二萬",
            4,
        ),
        # 字一色 6; a 一萬 pung instead is 混幺九 5
        (
            "東東東 南南南 西西西 中中中 白 食 白",
            [("字一色", 6)],
            "東東東 南南南 西西西 一一一萬 白 食 白",
            5,
        ),
        # 清幺九 6; a 西 pair as eyes is 混幺九 5
        (
            "一一一萬 九九九萬 一一一筒 九九九筒 一索 食 一索",
            [("清幺九", 6)],
            "一一一萬 九九九萬 一一一筒 九九九筒 西 食 西",
            5,
        ),
        # 大三元 6; 白 as the eyes instead is 小三元 5
        (
            "中中中 發發發 白白白 一二三萬 五筒 食 五筒",
            [("大三元", 6)],
            "中中中 發發發 一二三萬 四五六筒 白 食 白",
            5,
        ),
        # 大四喜 6; 北 as the eyes is 小四喜 5
        (
            "東東東 南南南 西西西 北北北 一萬 食 一萬",
            [("大四喜", 6)],
            "東東東 南南南 西西西 一一一萬 北 食 北",
            5,
        ),
        # 九蓮寶燈 6 「不计清一色」; laid down (a 碰) it is 清一色 4
        (
            "一一一二三四五六七八九九九萬 食 五萬",
            [("九蓮寶燈", 6)],
            "碰 一一一萬 二三四五六七八九九九萬 食 五萬",
            4,
        ),
        # 十三幺 6; a second 九萬 in place of 白 is no win (tested below)
        ("一九萬 一九筒 一九索 東南西北中發 白 食 白", [("十三幺", 6)], ALL_CHOWS, 1),
    ],
)
def test_each_row_has_the_seeds_value_and_a_near_miss_has_its_own(hand, expected, near_miss, near_value):
    assert rows(hand) == expected
    assert fan(hand) == expected[0][1]
    assert fan(near_miss) == near_value


def test_the_value_of_each_row_is_two_to_its_fan():
    """The table's 分值 column: 鸡和 1, 平和 2, 碰碰和 4, 清一色 16, 清碰 32, 十三幺 64 (底 1)."""
    opts = GuangdongOptions()
    assert [value_of(n, opts) for n in (0, 1, 2, 4, 5, 6)] == [1, 2, 4, 16, 32, 64]
    assert value_of(3, GuangdongOptions(base=5)) == 40


def test_the_extras_add_one_each_inside_the_cap():
    """自摸, 門風, 圈風 and 箭刻 +1 each (two dragon pungs 2) on a 爆和以内 hand."""
    assert rows(ALL_CHOWS.replace("食", "摸")) == [("平和", 1), ("自摸", 1)]
    south = Seat(seat_wind=SOUTH)
    assert rows("一二三萬 四五六萬 七八九筒 南南南 五索 食 五索", south) == [("雞和", 0), ("門風", 1)]
    west_round = Seat(round_wind=WEST)
    assert rows("一二三萬 四五六萬 七八九筒 西西西 五索 食 五索", west_round) == [("雞和", 0), ("圈風", 1)]
    assert rows("一二三萬 四五六萬 七八九筒 中中中 五索 食 五索") == [("雞和", 0), ("箭刻", 1)]
    assert fan("中中中 發發發 七八九筒 二三四索 五索 食 五索") == 2  # 箭刻 ×2
    # 東 pung at 東位 東圈: 門風 and 圈風 both, 2
    assert fan("一二三萬 四五六萬 七八九筒 東東東 五索 食 五索") == 2


def test_the_cap_holds_the_capped_rows_and_their_extras_and_is_an_option():
    """「爆和内牌型加附加牌型不能冲破爆和的上限」: 碰碰和 2 + 自摸 1 + 箭刻 1 = 4, paid 3 (爆和 3)."""
    hand = "一一一萬 九九九筒 中中中 二二二索 五索 摸 五索"
    assert fan(hand) == 3
    assert sum(f for _, f in rows(hand)) == 4  # the rows are shown; the hand is paid at the cap
    assert fan(hand, cap=5) == 4
    assert fan(hand, cap=2) == 2


def test_special_rows_take_no_extras():
    """「爆和以外不加番」: 清一色 self-drawn is 4, not 5; 混碰 with 中 and 東 pungs stays 4."""
    assert fan("一二三萬 四五六萬 七八九萬 二三四萬 五萬 摸 五萬") == 4
    assert rows("東東東 中中中 二二二萬 五五五萬 九萬 摸 九萬") == [("混碰", 4)]


@pytest.mark.parametrize(
    ("hand", "floor_row"),
    [
        ("槓 二二二二索 一二三萬 四五六萬 七八九筒 五索 摸 五索 槓上", ("槓上開花", 2)),  # 0 + 自摸 1 → 3
        ("一二三萬 四五六萬 七八九筒 二二二索 五索 摸 五索 海底", ("海底撈月", 2)),
        ("一二三萬 四五六萬 七八九筒 二二二索 五索 食 五索 搶槓", ("搶槓", 3)),
        ("一二三萬 四五六萬 七八九筒 二二二索 五索 食 五索 一炮三響", ("一炮三響", 3)),
    ],
)
def test_the_floors_lift_a_hand_under_three_to_three(hand, floor_row):
    """「不满3番牌型，按照3番满计算」: the floor's row shows the 番 it adds."""
    assert fan(hand) == 3
    assert rows(hand)[-1] == floor_row
    assert fan(hand, floor=4) == 4  # the floor is a setting


def test_a_floor_leaves_a_larger_hand_as_it_is_and_a_word_that_cannot_apply_is_not_counted():
    """「大于3番的牌型，按照实际牌型计算」; 海底 on a discard and 一炮雙響 floor nothing."""
    assert rows("槓 二二二二萬 三四五萬 六七八萬 六七八萬 九萬 摸 九萬 槓上") == [("清一色", 4)]
    near = score("一二三萬 四五六萬 七八九筒 二二二索 五索 食 五索 海底")
    assert (near.fan, near.ignored) == (0, ("last_tile_draw",))
    double = score("一二三萬 四五六萬 七八九筒 二二二索 五索 食 五索 一炮雙響")
    assert (double.fan, double.ignored) == (0, ("multiple_winners",))


def test_refusals_name_what_is_wrong():
    with pytest.raises(HandError) as err:  # no 七對 in seed 001's table
        score("一一二二三三萬 四四五五筒 六六索 七索 食 七索")
    assert err.value.code == "not_a_win"
    with pytest.raises(HandError) as err:
        score(ALL_CHOWS + " 叮")
    assert (err.value.code, err.value.hint_args["game"]) == ("not_in_this_game", "雞平和")
    with pytest.raises(HandError) as err:  # 136 tiles, no flowers
        score("一二三萬 四五六萬 七八九筒 二三四索 五索 春 食 五索")
    assert err.value.code == "bad_context"
    with pytest.raises(HandError) as err:
        score("一二三萬 四五六萬 七八九筒 二二二索 五索 摸 五索 搶槓")
    assert err.value.code == "bad_context"
    with pytest.raises(HandError) as err:
        score("一二三萬 四五六萬 七八九筒 二二二索 五索 摸 五索 槓上")  # no kong laid down
    assert err.value.code == "bad_context"
    with pytest.raises(HandError) as err:
        score("一二三萬 四五六萬 七八九筒 二三四索 [皇] 食 五索")
    assert err.value.code == "wild_unsupported"


def test_waits_include_thirteen_orphans():
    sc = score("一九萬 一九筒 一九索 東南西北中發 白 食 白")
    assert len(sc.waits) == 13
    assert score(ALL_CHOWS).waits == (19, 22)  # 二三四五索: 二索 (二二 eyes) or 五索 (五五 eyes)
