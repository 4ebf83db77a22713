"""Every row of seed 003 「台灣牌台數說明」: a hand that scores it and a near miss, with the seed's value;
exclusion pairs both ways.  Hands are typed as players type them (DESIGN §4) and scored through
``SYSTEM.score``; totals are worked out by hand in each test."""

from __future__ import annotations

import pytest
from taiwan_helpers import RULES, house, rows, score

from taipai.core.errors import HandError
from taipai.core.tiles import EAST, NORTH, SOUTH, WEST
from taipai.systems.taiwan import SYSTEM
from taipai.systems.taiwan.patterns import DETECTORS
from taipai.systems.taiwan.reading import booked_fan

PING = "一二三萬 四五六萬 七八萬 二三四筒 五六七筒 八八索 食 九萬"
"""平胡 2 + 門清 1: five chows and 八八索, 兩面 on 六/九萬 (and 三萬), no flower, no honour, on a discard."""
OPEN = "上一二三萬 四五六萬 七八萬 二三四筒 五六七筒 八八索"
"""PING's tiles with the first chow laid down (no 門清); add the winning tile."""

SEED_ROWS = {
    "wind_pung": ("風字坎", {"seat": 1, "round": 1}),
    "dragon_pung": ("箭字坎", {"base": 1}),
    "concealed": ("門清", {"base": 1}),
    "concealed_self_draw": ("不求.自摸", {"base": 2}),
    "all_melded": ("全求", {"base": 2}),
    "half_melded": ("半求", {"base": 1}),
    "pinghu": ("平胡", {"base": 2}),
    "all_pungs": ("對對胡", {"base": 4}),
    "dealer": ("作莊", {"base": 1}),
    "dealer_streak": ("連N拉N", {"base": 2}),
    "single_wait": ("獨聽", {"base": 1}),
    "robbing_kong": ("搶槓", {"base": 1}),
    "all_honours": ("字一色", {"base": 16}),
    "full_flush": ("清一色", {"base": 12}),
    "half_flush": ("湊一色", {"base": 4}),
    "three_concealed": ("三暗坎", {"base": 2}),
    "four_concealed": ("四暗坎", {"base": 5}),
    "five_concealed": ("五暗坎", {"base": 13}),
    "big_four_winds": ("大四喜", {"base": 16}),
    "small_four_winds": ("小四喜", {"base": 8}),
    "big_three_dragons": ("大三元", {"base": 8}),
    "small_three_dragons": ("小三元", {"base": 4}),
    "self_draw": ("自摸", {"base": 1}),
    "kong_bloom": ("槓上開花", {"base": 1}),
    "last_tile": ("海底撈月", {"base": 1}),
    "seat_flower": ("花牌", {"base": 1}),
    "flower_kong": ("花槓", {"base": 2}),
    "all_flowers": ("滿花", {"base": 8}),
    "eight_immortals": ("八仙過海", {"base": 8}),
    "seven_rob_one": ("七搶一", {"base": 8}),
    "heavenly_ready": ("天聽", {"base": 8}),
    "earthly_ready": ("地聽", {"base": 4}),
    "heavenly_win": ("天胡", {"base": 16}),
    "earthly_win": ("地胡", {"base": 16}),
    "human_win": ("人胡", {"base": 8}),
    "eight_pairs": ("嚦咕嚦咕", {"base": 8}),
}
"""Seed 003's rows: id → (name before any parenthesis, 台)."""


def test_the_preset_is_the_seed_table_row_for_row() -> None:
    """Every seed row is in the preset with its name and value, and every preset row has a detector."""
    assert {pid: (p.name, p.values) for pid, p in RULES.patterns.items()} == SEED_ROWS
    assert set(DETECTORS) == set(RULES.patterns)
    assert all(p.row for p in RULES.patterns.values())
    assert [pid for pid, p in RULES.patterns.items() if not p.enabled] == ["eight_pairs"]  # 嚦咕嚦咕(選用)


def test_a_row_scores_with_its_seed_name() -> None:
    s = score(PING)
    assert [(p.id, p.name, p.fan, p.count) for p in s.patterns] == [
        ("pinghu", "平胡", 2, 1),
        ("concealed", "門清", 1, 1),
    ]
    assert (s.fan, s.bases, s.base_fan, s.total) == (3, 1, 0, 3)


# ---------------------------------------------------------------- 風字坎 / 箭字坎

WIND = "東東東 一二三萬 四五六萬 七八萬 二三四筒 八八索 食 九萬"


def test_wind_pung_seat_and_round() -> None:
    """風字坎 : 東南西北任一坎(刻子), 合開門序1台, 合圈序加1台."""
    assert rows(score(WIND, seat=EAST, round_wind=EAST)) == {"wind_pung": 2, "concealed": 1}
    assert rows(score(WIND, seat=EAST, round_wind=SOUTH)) == {"wind_pung": 1, "concealed": 1}


def test_wind_pung_near_miss_round_wind_alone() -> None:
    """Default: the round wind's pung alone (東圈, 南位) scores nothing; the option scores its 1."""
    assert rows(score(WIND, seat=SOUTH, round_wind=EAST)) == {"concealed": 1}
    alone = house(options={"round_wind_alone": True})
    assert rows(score(WIND, seat=SOUTH, round_wind=EAST, rules=alone)) == {"wind_pung": 1, "concealed": 1}
    assert rows(score(WIND, seat=WEST, round_wind=NORTH, rules=alone)) == {"concealed": 1}


def test_dragon_pung_and_near_miss() -> None:
    """箭字坎 : 中發白任一坎, 各計1台 — a pair of 中 is no 坎."""
    assert rows(score("中中中 一二三萬 四五六萬 七八萬 二三四筒 八八索 食 九萬")) == {
        "dragon_pung": 1,
        "concealed": 1,
    }
    assert rows(score("中中 一二三萬 四五六萬 七八萬 二三四筒 五六七筒 食 九萬")) == {"concealed": 1}


# ---------------------------------------------------------------- 門清 / 不求.自摸 / 全求 / 半求


def test_concealed_and_near_miss() -> None:
    """門清 1台 : 胡牌前無吃、碰、明槓 — a laid-down chow loses it (平胡 stays: 「允許門清加1台」)."""
    assert rows(score(PING))["concealed"] == 1
    assert rows(score(OPEN + " 食 九萬")) == {"pinghu": 2}


def test_concealed_kong_keeps_concealed() -> None:
    """A 暗槓 is no 明槓: 門清 stays; a 明槓 loses it."""
    hidden = "暗槓五五五五筒 一二三萬 四五六萬 七八萬 二三四筒 八八索 食 九萬"
    assert rows(score(hidden)) == {"concealed": 1}
    assert rows(score(hidden.replace("暗槓", "槓"))) == {}


def test_concealed_self_draw_is_three_with_concealed_and_drops_self_draw() -> None:
    """不求.自摸 2台 : 無吃.碰.明槓, 並自摸. 與門清合稱”門清一摸三” — 門清 1 + 不求.自摸 2 = 3, no 自摸 1."""
    s = score("一二三萬 四五六萬 七八萬 二三四筒 五六七筒 八八索 摸 九萬")
    assert rows(s) == {"concealed_self_draw": 2, "concealed": 1}
    assert s.fan == 3


def test_self_draw_with_an_exposed_meld_keeps_self_draw() -> None:
    """The exclusion the other way: not 門清, so 自摸 1 and no 不求.自摸."""
    assert rows(score(OPEN + " 摸 九萬")) == {"self_draw": 1}


ONE_LEFT = "上一二三萬 上四五六萬 上七八九萬 上二三四筒 碰五五五筒 八索"


def test_all_melded_with_single_wait_is_three() -> None:
    """全求 2台 : 手牌皆已吃碰成搭, 僅剩一牌單釣胡銃, 是謂全求. 加計獨聽1台, 共3台."""
    s = score(ONE_LEFT + " 食 八索")
    assert rows(s) == {"all_melded": 2, "single_wait": 1}
    assert s.fan == 3


def test_half_melded_with_single_wait_and_self_draw_is_three() -> None:
    """半求 1台 : 暗牌剩1張並自摸, 含獨聽.自摸共3台 (and the near miss of 全求: self-drawn)."""
    s = score(ONE_LEFT + " 摸 八索")
    assert rows(s) == {"half_melded": 1, "single_wait": 1, "self_draw": 1}
    assert s.fan == 3


def test_all_and_half_melded_near_miss_four_tiles_held() -> None:
    """Four tiles held (一二三索 八索 before 八索): neither 全求 nor 半求."""
    held = "上一二三萬 上四五六萬 上七八九萬 碰五五五筒 一二三索 八索"
    assert "all_melded" not in rows(score(held + " 食 八索"))
    assert "half_melded" not in rows(score(held + " 摸 八索"))


# ---------------------------------------------------------------- 平胡 / 對對胡 / 獨聽


def test_pinghu_with_concealed() -> None:
    """平胡 2台 : 胡牌時手牌有將、無花、無字、無坎、非獨聽、非自摸. 允許門清加1台."""
    assert score(PING).fan == 3


@pytest.mark.parametrize(
    ("why", "text", "expected"),
    [
        (
            "自摸",
            "一二三萬 四五六萬 七八萬 二三四筒 五六七筒 八八索 摸 九萬",
            {"concealed_self_draw": 2, "concealed": 1},
        ),
        ("花", PING + " 夏", {"concealed": 1}),
        ("字", "一二三萬 四五六萬 七八萬 二三四筒 五六七筒 北北 食 九萬", {"concealed": 1}),
        ("坎", "一二三萬 四五六萬 七八萬 二三四筒 五五五筒 八八索 食 九萬", {"concealed": 1}),
        (
            "獨聽",
            "一二三萬 四五六萬 七九萬 二三四筒 五六七筒 八八索 食 八萬",
            {"concealed": 1, "single_wait": 1},
        ),
    ],
)
def test_pinghu_near_misses(why: str, text: str, expected: dict[str, int]) -> None:
    """Each of 有將、無花、無字、無坎、非獨聽、非自摸 broken once: no 平胡."""
    assert rows(score(text)) == expected, why


PUNGS = "碰一一一萬 碰九九九筒 三三三索 六六六萬 七七筒 八八索 食 八索"


def test_all_pungs_and_near_miss() -> None:
    """對對胡 4台 : 除將牌外全為坎子(刻子) — 八索 by the discard is 明: two 暗坎 only; one chow: none."""
    assert rows(score(PUNGS)) == {"all_pungs": 4}
    assert rows(score(PUNGS.replace("六六六萬", "六七八萬"))) == {}


def test_single_wait_closed_and_near_miss_two_sided() -> None:
    """獨聽 1台 : 只聽一洞, 例如中洞(卡張) — 七九萬 waits on 八萬 only; 七八萬 waits on 六/九萬."""
    s = score("一二三萬 四五六萬 七九萬 二三四筒 五六七筒 八八索 食 八萬")
    assert rows(s) == {"concealed": 1, "single_wait": 1}
    assert s.waits == (7,)
    assert "single_wait" not in rows(score(PING))


def test_single_wait_near_miss_pair_wait() -> None:
    """對碰 (七筒 / 八索) waits on two tiles: not 獨聽."""
    assert "single_wait" not in rows(score(PUNGS))


# ---------------------------------------------------------------- 作莊 / 連N拉N


def test_dealer_and_streak_are_shown_and_left_out_of_the_booked_count() -> None:
    """作莊 1台 : 胡放皆加計1台; 連N拉N 2N台 : 莊家連N閒家一律拉N — 連2: 4台; the ledger adds both per leg."""
    s = score(PING, dealer=True, streak=2)
    assert rows(s) == {"dealer_streak": 4, "pinghu": 2, "concealed": 1, "dealer": 1}
    assert s.fan == 8
    assert next(p.count for p in s.patterns if p.id == "dealer_streak") == 2
    assert booked_fan(s) == 3


def test_dealer_near_miss() -> None:
    """A non-dealer's 連2 in the table's seat is no streak of theirs; a fresh dealer has 作莊 only."""
    assert rows(score(PING, streak=2)) == {"pinghu": 2, "concealed": 1}
    assert rows(score(PING, dealer=True)) == {"pinghu": 2, "concealed": 1, "dealer": 1}


# ---------------------------------------------------------------- 搶槓


def test_robbing_kong_and_near_misses() -> None:
    """搶槓 1台 : 他人加槓已碰之坎子恰為本家成胡 — not on a self-draw, not when the winner holds the tile."""
    assert rows(score(PING + " 搶槓")) == {"pinghu": 2, "concealed": 1, "robbing_kong": 1}
    drawn = score("一二三萬 四五六萬 七八萬 二三四筒 五六七筒 八八索 摸 九萬 搶槓")
    assert "robbing_kong" not in rows(drawn)
    assert drawn.ignored == ("robbing_kong",)
    held = score("一二三萬 四五六萬 七八萬 九九萬 二三四筒 五六七筒 食 九萬 搶槓")
    assert "robbing_kong" not in rows(held)


# ---------------------------------------------------------------- 一色


HONOURS = "碰東東東 南南南 中中中 發發發 白白 北北 食 北"


def test_all_honours_drops_all_pungs() -> None:
    """字一色 16台 : 全為字牌, 不計對對胡(因必然並存) — 16 + 小三元 4 + 風字坎 東 2 + 三暗坎 (南 中 發) 2 = 24."""
    s = score(HONOURS)
    assert rows(s) == {"all_honours": 16, "small_three_dragons": 4, "wind_pung": 2, "three_concealed": 2}
    assert s.fan == 24


def test_all_honours_near_miss_one_suit_pung() -> None:
    """One pung of 萬 instead of 南: 湊一色 4, and 對對胡 4 is back (the exclusion the other way)."""
    s = score(HONOURS.replace("南南南", "一一一萬"))
    assert "all_honours" not in rows(s)
    assert rows(s)["half_flush"] == 4 and rows(s)["all_pungs"] == 4


FULL = "一二三萬 四五六萬 七八萬 二三四萬 五六七萬 八八萬 食 九萬"


def test_full_flush_and_near_miss() -> None:
    """清一色 12台 : 全為一種花色且無字牌 — 12 + 平胡 2 + 門清 1 = 15; one 筒 chow: no 清一色."""
    assert rows(score(FULL)) == {"full_flush": 12, "pinghu": 2, "concealed": 1}
    assert "full_flush" not in rows(score(FULL.replace("五六七萬", "五六七筒")))


def test_half_flush_and_near_miss() -> None:
    """湊一色 4台 : 除字牌外全為一種花色 — 4 + 風字坎 2 + 門清 1 = 7; a 筒 chow instead of 東東東: none."""
    half = "一二三萬 四五六萬 七八萬 二三四萬 東東東 中中 食 九萬"
    assert score(half).fan == 7
    assert rows(score(half)) == {"half_flush": 4, "wind_pung": 2, "concealed": 1}
    assert "half_flush" not in rows(score(half.replace("東東東", "五六七筒")))


# ---------------------------------------------------------------- 暗坎


THREE = "一一一萬 二二二筒 三三三索 四五六萬 七八萬 九九筒 食 九萬"


def test_three_concealed_and_near_miss() -> None:
    """三暗坎 2台 : 三副配得或摸得之坎子或槓子組成 — one of them 碰: two 暗坎, nothing."""
    assert rows(score(THREE)) == {"three_concealed": 2, "concealed": 1}
    assert rows(score("碰" + THREE)) == {}


def test_a_pung_made_by_the_discard_is_not_concealed() -> None:
    """「配得或摸得」: 三索 completed by a discard is no 暗坎; self-drawn it is."""
    shape = "一一一萬 二二二筒 三三索 四五六萬 七八九萬 九九筒 {} 三索"
    assert "three_concealed" not in rows(score(shape.format("食")))
    assert "three_concealed" in rows(score(shape.format("摸")))


def test_four_concealed_drops_three_concealed() -> None:
    """四暗坎 5台 : 四副配得或摸得之坎子或槓子組成 — 5 + 門清 1 + 獨聽 1 = 7, no 三暗坎."""
    s = score("一一一萬 二二二筒 三三三索 四四四萬 五六七筒 九索 食 九索")
    assert rows(s) == {"four_concealed": 5, "concealed": 1, "single_wait": 1}


def test_four_concealed_near_miss_is_three() -> None:
    assert "four_concealed" not in rows(score(THREE))


FIVE = "一一一萬 二二二筒 三三三索 四四四萬 六六六筒 九索 {} 九索"


def test_five_concealed_drops_concealed_and_all_pungs() -> None:
    """五暗坎 13台 : 五副配得或摸得之坎子或槓子組成, 不計門清.對對胡 — 13 + 獨聽 1 = 14."""
    s = score(FIVE.format("食"))
    assert rows(s) == {"five_concealed": 13, "single_wait": 1}


def test_five_concealed_self_drawn_adds_concealed_self_draw() -> None:
    """如為自摸, 加計不求.自摸2台(因五暗坎雖必然門清卻非必然不求.自摸) — 13 + 2 + 獨聽 1 = 16."""
    s = score(FIVE.format("摸"))
    assert rows(s) == {"five_concealed": 13, "concealed_self_draw": 2, "single_wait": 1}
    assert s.fan == 16


def test_five_concealed_near_miss_keeps_all_pungs_and_concealed() -> None:
    """The fifth pung by the discard: 四暗坎 5 + 對對胡 4 + 門清 1 = 10 (the exclusions the other way)."""
    s = score("一一一萬 二二二筒 三三三索 四四四萬 六六筒 九九索 食 六筒")
    assert rows(s) == {"four_concealed": 5, "all_pungs": 4, "concealed": 1}


def test_concealed_kongs_are_concealed_pungs() -> None:
    """「坎子或槓子」: 暗槓 count; 明槓 do not."""
    text = "暗槓一一一一萬 暗槓二二二二筒 三三三索 四五六萬 七八萬 九九筒 食 九萬"
    assert "three_concealed" in rows(score(text))
    assert "three_concealed" not in rows(score(text.replace("暗槓一", "槓一")))


# ---------------------------------------------------------------- 四喜 / 三元


def test_big_four_winds_drops_wind_pung() -> None:
    """大四喜 16台 : 東南西北四坎全齊, 圈序與開門順位不另計台 — 16 only (東 at 東圈東位 adds nothing)."""
    assert rows(score("碰東東東 南南南 西西西 北北 一二三萬 五五筒 食 北")) == {"big_four_winds": 16}


def test_small_four_winds_keeps_wind_pung() -> None:
    """小四喜 8台 : 東南西北組成之坎子與將牌, 合圈序加1台, 合開門序加1台(因不必然並存) — 8 + 風字坎 東 2 +
    三暗坎 (南 西 五筒) 2 + 獨聽 1 = 13; the near miss of 大四喜 (北 is the eyes)."""
    s = score("碰東東東 南南南 西西西 北 一二三萬 五五五筒 食 北")
    assert rows(s) == {"small_four_winds": 8, "wind_pung": 2, "three_concealed": 2, "single_wait": 1}
    assert s.fan == 13


def test_small_four_winds_near_miss() -> None:
    """Two wind pungs and wind eyes: neither 四喜."""
    r = rows(score("碰東東東 南南南 一二三索 北 一二三萬 五五五筒 食 北"))
    assert "small_four_winds" not in r and "big_four_winds" not in r


def test_big_three_dragons_drops_dragon_pungs() -> None:
    """大三元 8台 : 中發白三坎全齊, 中發白坎不另計台 — 8 only."""
    assert rows(score("碰中中中 發發發 白白 一二三萬 四五六萬 七七筒 食 白")) == {"big_three_dragons": 8}


def test_small_three_dragons_drops_dragon_pungs() -> None:
    """小三元 4台 : 中發白組成之坎子與將牌, 中發白坎不另計台 — 4 + 獨聽 1 = 5 (大三元's near miss)."""
    assert rows(score("碰中中中 發發發 白 一二三萬 四五六萬 七七七筒 食 白")) == {
        "small_three_dragons": 4,
        "single_wait": 1,
    }


def test_small_three_dragons_near_miss_keeps_dragon_pungs() -> None:
    """九筒 eyes instead of 白: no 小三元, and each dragon pung is back at 1 (the exclusion the other way)."""
    s = score("碰中中中 發發發 九筒 一二三萬 四五六萬 三三三索 食 九筒")
    assert rows(s) == {"dragon_pung": 2, "single_wait": 1}


# ---------------------------------------------------------------- 自摸 / 槓上開花 / 海底撈月


def test_self_draw_and_near_miss() -> None:
    """自摸 1台 : 胡牌之牌張自己摸得 — on a discard the same tiles are 平胡 (no 自摸)."""
    assert rows(score(OPEN + " 摸 九萬")) == {"self_draw": 1}
    assert rows(score(OPEN + " 食 九萬")) == {"pinghu": 2}


KONG = "槓五五五五筒 一二三萬 四五六萬 七八萬 二三四筒 八八索"


def test_kong_bloom_adds_self_draw() -> None:
    """槓上開花 1台 : 於槓尾補牌而成胡, 加計自摸1台 — 2."""
    assert rows(score(KONG + " 摸 九萬 槓上開花")) == {"self_draw": 1, "kong_bloom": 1}
    assert rows(score(KONG + " 摸 九萬 槓上")) == {"self_draw": 1, "kong_bloom": 1}


def test_kong_bloom_near_miss_without_a_kong() -> None:
    s = score(OPEN + " 摸 九萬 槓上開花")
    assert rows(s) == {"self_draw": 1}
    assert s.ignored == ("kong_replacements",)


def test_last_tile_adds_self_draw_and_near_miss() -> None:
    """海底撈月 1台 : 摸海底牌而成胡, 加計自摸1台 — 2; on a discard it scores nothing."""
    assert rows(score(OPEN + " 摸 九萬 海底撈月")) == {"self_draw": 1, "last_tile": 1}
    assert rows(score(OPEN + " 摸 九萬 海底")) == {"self_draw": 1, "last_tile": 1}
    s = score(OPEN + " 食 九萬 海底撈月")
    assert "last_tile" not in rows(s) and s.ignored == ("last_tile_draw",)


# ---------------------------------------------------------------- 花牌 / 花槓 / 滿花


def test_seat_flowers_and_near_miss() -> None:
    """花牌 : 合開門序1台 — 東: 春 and 梅 (2); 夏 is 南's (0 at 東, 1 at 南; and 平胡 needs 無花)."""
    assert rows(score(OPEN + " 食 九萬 春 梅 夏")) == {"seat_flower": 2}
    assert rows(score(OPEN + " 食 九萬 夏")) == {}
    assert rows(score(OPEN + " 食 九萬 夏", seat=SOUTH)) == {"seat_flower": 1}


def test_flower_kong_replaces_its_seat_flower() -> None:
    """持同色花槓改計2台 — 春夏秋冬 at 東: 2 (not 2 + 春 1); 梅 outside the set still scores 1."""
    assert rows(score(OPEN + " 食 九萬 春 夏 秋 冬")) == {"flower_kong": 2}
    assert rows(score(OPEN + " 食 九萬 春 夏 秋 冬 梅")) == {"flower_kong": 2, "seat_flower": 1}


def test_flower_kong_near_miss_three_of_a_set() -> None:
    assert rows(score(OPEN + " 食 九萬 春 夏 秋 梅")) == {"seat_flower": 2}


def test_all_flowers_replaces_flowers_and_flower_kongs() -> None:
    """持滿花(8花牌)改計8台 — 8, not 花槓 2 × 2."""
    assert rows(score(OPEN + " 食 九萬 春 夏 秋 冬 梅 蘭 菊 竹")) == {"all_flowers": 8}


def test_all_flowers_near_miss_seven() -> None:
    assert rows(score(OPEN + " 食 九萬 春 夏 秋 冬 梅 蘭 菊")) == {"flower_kong": 2, "seat_flower": 1}


def test_every_flower_option() -> None:
    """Option ``every_flower``: each flower 1 (春 夏 at 東: 2), 花槓 not counted (春夏秋冬: 4), 滿花 8."""
    every = house(options={"every_flower": True})
    assert rows(score(OPEN + " 食 九萬 春 夏", rules=every)) == {"seat_flower": 2}
    assert rows(score(OPEN + " 食 九萬 春 夏 秋 冬", rules=every)) == {"seat_flower": 4}
    assert rows(score(OPEN + " 食 九萬 春 夏 秋 冬 梅 蘭 菊 竹", rules=every)) == {"all_flowers": 8}


def test_flower_wins_are_not_scored_from_a_hand_message() -> None:
    """八仙過海 / 七搶一 are flower wins (FlowerWin events): a hand with 8 flowers scores 滿花 instead."""
    r = rows(score(OPEN + " 食 九萬 春 夏 秋 冬 梅 蘭 菊 竹"))
    assert "eight_immortals" not in r and "seven_rob_one" not in r


# ---------------------------------------------------------------- 天聽 / 地聽 / 天胡 / 地胡 / 人胡


def test_heavenly_ready_drops_concealed() -> None:
    """天聽 8台 : 閒家配牌補花後即宣佈聽牌, 是為天聽, 不計門清 — 8 + 平胡 2 = 10."""
    assert rows(score(PING + " 天聽")) == {"heavenly_ready": 8, "pinghu": 2}
    assert rows(score(PING + " 天听")) == {"heavenly_ready": 8, "pinghu": 2}


def test_heavenly_ready_self_drawn_adds_concealed_self_draw() -> None:
    """註 : 天聽、地聽、地胡、人胡: 門清不計台, 如自摸胡牌, 則加計不求.自摸2台 — 8 + 2 = 10."""
    s = score("一二三萬 四五六萬 七八萬 二三四筒 五六七筒 八八索 摸 九萬 天聽")
    assert rows(s) == {"heavenly_ready": 8, "concealed_self_draw": 2}


def test_heavenly_ready_near_miss_dealer() -> None:
    """閒家 only: the dealer's 天聽 scores nothing and is listed as not counted."""
    s = score(PING + " 天聽", dealer=True)
    assert rows(s) == {"pinghu": 2, "concealed": 1, "dealer": 1}
    assert s.ignored == ("heavenly_ready",)


def test_earthly_ready_drops_concealed_and_near_miss() -> None:
    """地聽 4台 : 打出第1張牌即宣佈聽牌, 本身須門清 … 不計門清 — 4 + 平胡 2; with a chow laid down: nothing."""
    assert rows(score(PING + " 地聽")) == {"earthly_ready": 4, "pinghu": 2}
    assert rows(score(PING + " 地聽", dealer=True)) == {
        "earthly_ready": 4,
        "pinghu": 2,
        "dealer": 1,
    }  # 註: 莊家
    s = score(OPEN + " 食 九萬 地聽")
    assert rows(s) == {"pinghu": 2} and s.ignored == ("earthly_ready",)


TSUMO = "一二三萬 四五六萬 七八萬 二三四筒 五六七筒 八八索 摸 九萬"


def test_heavenly_win_drops_concealed_and_self_draws() -> None:
    """天胡 16台 : 莊家於配牌補花後即胡牌, 不計門清一摸三 — 16 + 作莊 1 = 17."""
    s = score(TSUMO + " 天胡", dealer=True)
    assert rows(s) == {"heavenly_win": 16, "dealer": 1}
    assert score(TSUMO + " 天糊", dealer=True).fan == 17


def test_heavenly_win_near_miss_non_dealer() -> None:
    s = score(TSUMO + " 天胡")
    assert rows(s) == {"concealed_self_draw": 2, "concealed": 1}
    assert s.ignored == ("heavenly",)


def test_earthly_win_drops_heavenly_ready_and_concealed() -> None:
    """地胡 16台 : 閒家起牌天聽摸第1張牌自摸 … 不計天聽, 門清 — 16 + 不求.自摸 2 (註) = 18."""
    s = score(TSUMO + " 天聽 地胡")
    assert rows(s) == {"earthly_win": 16, "concealed_self_draw": 2}
    assert s.fan == 18


def test_earthly_win_near_miss_dealer() -> None:
    assert "earthly_win" not in rows(score(PING + " 地胡", dealer=True))


def test_human_win_drops_earthly_ready_and_concealed() -> None:
    """人胡 8台 : 宣告地聽後 … 胡各家打出宣告後第一張牌 … 不計地聽, 門清 — 8 + 平胡 2 = 10."""
    assert rows(score(PING + " 地聽 人胡")) == {"human_win": 8, "pinghu": 2}


def test_human_win_near_miss_not_concealed() -> None:
    s = score(OPEN + " 食 九萬 人胡")
    assert rows(s) == {"pinghu": 2} and s.ignored == ("human",)


# ---------------------------------------------------------------- 嚦咕嚦咕 (選用)

PAIRS = "一一萬 二二萬 三三萬 四四筒 五五筒 六六索 七七索 東東 食 東"


def test_eight_pairs_is_off_by_default() -> None:
    """嚦咕嚦咕(選用): off unless the table turns it on — seven pairs and a pung is no win then."""
    with pytest.raises(HandError) as err:
        score(PAIRS)
    assert err.value.code == "not_a_win"


def test_eight_pairs_when_on_with_a_valued_honour_pung() -> None:
    """嚦咕嚦咕 8台 : 由七個對子與一個刻子組成 必須門清. 其中刻子如為有價字牌, 台數加計 — 8 + 風字坎 東 2 = 10;
    門清 is inside it."""
    on = house(patterns={"嚦咕嚦咕": {"enabled": True}})
    s = score(PAIRS, rules=on)
    assert rows(s) == {"eight_pairs": 8, "wind_pung": 2}


def test_eight_pairs_adds_full_flush() -> None:
    """如符合 … 清一色牌型應予加計 — 8 + 清一色 12 = 20."""
    on = house(patterns={"eight_pairs": {"enabled": True}})
    s = score("一一萬 二二萬 三三萬 四四萬 五五萬 六六萬 八八萬 九九萬 食 九萬", rules=on)
    assert rows(s)["eight_pairs"] == 8 and rows(s)["full_flush"] == 12


# ---------------------------------------------------------------- the whole hand


def test_the_best_reading_wins() -> None:
    """一一一二二二三三三萬 self-drawn reads as three pungs (三暗坎 2 + 不求.自摸 2 + 門清 1 = 5) or three
    chows (不求.自摸 2 + 門清 1 = 3; no 平胡 on a self-draw): the most 台 is kept."""
    s = score("一一一萬 二二二萬 三三三萬 四五六筒 七八筒 九九索 摸 九筒")
    assert rows(s) == {"three_concealed": 2, "concealed_self_draw": 2, "concealed": 1}
    assert s.fan == 5
    assert s.reading[:3] == ("一一一萬", "二二二萬", "三三三萬")


def test_not_a_win() -> None:
    with pytest.raises(HandError) as err:
        score("一二三萬 四五六萬 七八萬 二三四筒 五六七筒 八九索 食 九萬")
    assert err.value.code == "not_a_win"


def test_a_wildcard_is_refused() -> None:
    """This game has no wildcards (wildcards = False)."""
    assert SYSTEM.wildcards is False
    with pytest.raises(HandError) as err:
        score("一二三萬 四五六萬 七八萬 二三四筒 五六七筒 八索 [皇] 食 九萬")
    assert err.value.code == "wild_unsupported"
