"""Each row of each 字牌 variant's table (seed 002 ⑶ / ⑻ 大字牌, ⑷ 硬鬍子 / 長沙跑胡子 / 軟鬍子): a full
winning hand, the value the seed gives, and a near miss; then a worked count of one hand per variant.

Most hands are one row's group beside six groups worth nothing and holding no red card::

    FILL = 三四五 三四五 肆伍陸 肆伍陸 八八捌 九玖 食 玖

(two 一句話 of each case without 一二三 / 二七十, a 絞 八八捌, and a 絞 九玖玖 completed by the 食 玖), so the
hand counts exactly the row's group.  Rows are counted with the threshold 0 unless the row is the
threshold.
"""

from __future__ import annotations

import pytest

from taipai.core.errors import HandError
from taipai.systems.zipai import presets as P
from taipai.systems.zipai.notation import read_hand
from taipai.systems.zipai.scoring import best, red_cards, three_hands, turned_card_shares

FILL = "三四五 三四五 肆伍陸 肆伍陸 八八捌 九玖 食 玖"


def value(text: str, variant: P.Variant = P.ZIPAI, minimum: int = 0) -> int:
    return best(read_hand(text), variant, minimum).fan


def refused(text: str, variant: P.Variant = P.ZIPAI, minimum: int = 0) -> HandError:
    with pytest.raises(HandError) as err:
        best(read_hand(text), variant, minimum)
    return err.value


def test_the_filler_counts_nothing():
    assert value(f"叄肆伍 {FILL}") == 0
    assert red_cards(read_hand(f"一一一 {FILL}").cards) == 0


# --- 大字牌 (seed 002 ⑶, ⑻), 油 ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("group", "oil", "near", "near_oil"),
    [
        ("壹貳叄", 6, "貳叄肆", 0),  # 「貳柒拾、壹貳叄為6油」
        ("貳柒拾", 6, "柒捌玖", 0),
        ("一二三", 3, "二三四", 0),  # 「二七十、一二三為3油」
        ("二七十", 3, "七八九", 0),
        ("一一一", 3, "碰 一一一", 1),  # 「小相同的三張（不論在手上或且蓋於桌面上）… 都是3油」
        ("偎 一一一", 3, "碰 一一一", 1),
        ("壹壹壹", 6, "碰 壹壹壹", 3),  # 「大相同的三張 … 都是6油」
        (
            "提 一一一一",
            9,
            "跑 一一一一",
            6,
        ),  # 「小相同的四張（不論在手上或且蓋於桌面上）… 9油」/（亮於桌面上）6油
        ("一一一一", 9, "跑 一一一一", 6),
        ("提 壹壹壹壹", 12, "跑 壹壹壹壹", 9),  # 「大相同的四張 … 12油」/（亮於桌面上）9油
        ("碰 一一一", 1, "碰 二二二", 3),  # 「小的三張黑牌為1油，小的三張紅牌為3油」
        ("碰 壹壹壹", 3, "碰 貳貳貳", 6),  # 「大的三張黑牌為3油，大的三張紅牌為6油」
        ("暗罩 壹壹壹", 6, "暗罩 一一一", 3),  # 「大寫的暗罩為6油，小寫的暗罩為3油」
        ("龍 壹壹壹壹", 12, "龍 一一一一", 9),  # 「龍，大寫的為12油，小寫的龍為9油，不論紅黑」
        ("龍 貳貳貳貳", 12, "龍 二二二二", 9),
        ("開招 壹壹壹壹", 9, "開招 一一一一", 6),  # 「開招，大寫的為9油，小寫的為6油，不論紅黑」
        (
            "死罩 壹壹壹",
            6,
            "死罩 一一一",
            3,
        ),  # 「兩張蓋於桌面，（稱為死罩）小的三張所得油數為3油，大的為6油」
    ],
)
def test_zipai_rows(group: str, oil: int, near: str, near_oil: int):
    assert value(f"{group} {FILL}") == oil
    assert value(f"{near} {FILL}") == near_oil


def test_zipai_a_run_never_mixes_cases():
    # 「大字和小字不能混合組成一句話」: 壹二三 makes no group, so the hand is no win
    assert refused(f"壹二三 {FILL}").code == "not_a_win"


def test_zipai_a_kan_completed_on_another_players_card_is_a_peng():
    # 碰 is made on another player's card (⑴); 偎 / 坎 on one's own
    hand = "一一 三四五 三四五 肆伍陸 肆伍陸 八八捌 九玖玖"
    assert value(f"{hand} 食 一") == 1
    assert value(f"{hand} 摸 一") == 3


def test_zipai_threshold_is_the_tables():
    # 「如有玩家所得油數大於或等於該油數並且按規定組合成牌即可胡牌」
    assert value(f"提 壹壹壹壹 {FILL}", minimum=12) == 12
    err = refused(f"提 一一一一 {FILL}", minimum=10)
    assert (err.code, err.hint_args) == (
        "below_minimum",
        {"count": 9, "minimum": 10, "unit": "油", "patterns": (("提 一一一一", 9, 1),)},
    )


def test_zipai_every_card_must_be_grouped():
    assert refused(f"提 壹壹壹壹 一 {FILL}").code == "not_a_win"
    err = refused("提 壹壹壹壹 三四 食 五")
    assert (err.code, err.hint_args) == ("tile_count", {"groups": 7, "got": 2})


# --- 硬鬍子 (seed 002 ⑷ 一), 胡 ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("group", "hu", "near", "near_hu"),
    [
        ("碰 一一一", 1, "碰 壹壹壹", 3),  # 「小字碰得1胡，大字3胡」
        ("碰 二二二", 1, "碰 貳貳貳", 3),  # no red row in 硬鬍子 (大字牌's 碰 二二二 is 3油)
        ("偎 一一一", 3, "偎 壹壹壹", 6),  # 「小字栽得3胡大字6胡」
        ("跑 一一一一", 6, "跑 壹壹壹壹", 9),  # 「小字開交6胡大字9胡」
        ("提 一一一一", 9, "提 壹壹壹壹", 12),  # 「小字撐得9胡大字12胡」
    ],
)
def test_hard_rows(group: str, hu: int, near: str, near_hu: int):
    assert value(f"{group} {FILL}", P.HARD) == hu
    assert value(f"{near} {FILL}", P.HARD) == near_hu


def test_hard_ten_hu_to_win():
    # 「10胡落地」: 撐 9 + 碰 1 wins, 撐 9 alone does not
    ten = "提 一一一一 碰 六六六 三四五 三四五 肆伍陸 肆伍陸 八八 食 捌"
    assert value(ten, P.HARD, P.HARD.minimum) == 10
    nine = f"提 一一一一 {FILL}"
    err = refused(nine, P.HARD, P.HARD.minimum)
    assert (err.code, err.hint_args["count"], err.hint_args["unit"]) == ("below_minimum", 9, "胡")


def test_hard_three_hands_fifty_hu():
    # 「3把50胡的，就是胡3把牌要達到50胡以上。第一把不能少於15胡」
    assert three_hands((15, 20, 15)) == "made"
    assert three_hands((15, 20, 14)) == "short"
    assert three_hands((14, 30, 30)) == "short_first"
    assert three_hands((20, 20)) == "open"
    with pytest.raises(ValueError):
        three_hands((20, 20, 20, 20))


# --- 長沙跑胡子 (seed 002 ⑷ 二、1), 排 ------------------------------------------------------------------

TWELVE = "提 壹壹壹壹"  # 12胡息, no red card


def test_paohuzi_three_huxi_make_one_pai():
    # 「3胡算一排」: 12胡息 → 4排; 11胡息 → 3排 (rounded down)
    assert value(f"{TWELVE} {FILL}", P.PAOHUZI, 10) == 4
    eleven = "跑 壹壹壹壹 碰 六六六 碰 八八八 三四五 三四五 肆伍陸 肆伍 食 陸"
    assert value(eleven, P.PAOHUZI, 10) == 3


def test_paohuzi_ten_huxi_is_kahu_five_pai():
    # 「其中10胡算卡胡計5排」; 9胡息 is no win
    ten = "提 一一一一 碰 六六六 三四五 三四五 肆伍陸 肆伍陸 八八 食 捌"
    assert value(ten, P.PAOHUZI, 10) == 5
    err = refused(f"提 一一一一 {FILL}", P.PAOHUZI, 10)
    assert (err.code, err.hint_args) == ("below_minimum", {"count_text": "9胡息", "minimum_text": "10胡息"})


@pytest.mark.parametrize(
    ("groups", "reds", "pai"),
    [
        ("三四五 三四五 肆伍陸 肆伍陸 六七八 八八捌", 1, 5),  # 「1、4、7個紅加一排」
        ("三四五 三四五 肆伍陸 陸柒捌 六七八 八八捌", 2, 4),  # near miss: 2 red, nothing added
        ("三四五 三四五 肆伍陸 六七八 七七柒 八八捌", 4, 5),
        ("三四五 肆伍陸 六七八 七七柒 二二貳 八八捌", 7, 5),
        ("三四五 六七八 七七柒 二二貳 十拾拾 八八捌", 10, 6),  # 「10~12個紅字加二排」
    ],
)
def test_paohuzi_red_cards(groups: str, reds: int, pai: int):
    text = f"{TWELVE} {groups[:-1]} 食 {groups[-1]}"
    assert red_cards(read_hand(text).cards) == reds
    assert value(text, P.PAOHUZI, 10) == pai


RED_12 = "提 壹壹壹壹 二二貳 七七柒 十十拾 貳柒拾 三四五 肆伍 食 陸"
"""12 red cards; best read 提 壹 12 + 二七十 3 + 二七十 3 + 貳柒拾 6 + 貳柒拾 6 + 三四五 + 肆伍陸 = 30胡息."""
RED_13 = RED_12.replace("三四五", "陸柒捌")
"""13 red cards (陸柒捌 for 三四五); the same 30胡息."""


def test_paohuzi_many_red_cards():
    # 「10~12個紅字加二排，13個紅以上算10排」: 30胡息 = 10排, +2 at 12 red, +10 at 13
    assert [red_cards(read_hand(t).cards) for t in (RED_12, RED_13)] == [12, 13]
    assert value(RED_12, P.PAOHUZI, 10) == 12
    assert value(RED_13, P.PAOHUZI, 10) == 20


def test_paohuzi_self_draw_adds_two_pai():
    # 「自摸加2排」
    assert value(f"{TWELVE} {FILL.replace('食', '摸')}", P.PAOHUZI, 10) == 6
    assert value(f"{TWELVE} {FILL}", P.PAOHUZI, 10) == 4


def test_paohuzi_piao_hu_no_huxi_at_all():
    # 「沒鬍子的就是不能有一胡，稱飄胡 … 飄胡5排的底」; one 胡息 is not 飄胡 and under 10胡息 is no win
    piao = f"三四五 {FILL}".replace("三四五 三四五 三四五", "三四五 三四五 叄肆伍")
    assert value(piao, P.PAOHUZI, 10) == 5
    assert refused(f"碰 六六六 {FILL}", P.PAOHUZI, 10).code == "below_minimum"
    # 「紅的演算法和有鬍子的一樣」: 飄胡 with one red card
    assert value(piao.replace("叄肆伍", "六七八"), P.PAOHUZI, 10) == 6


# --- 軟鬍子 (seed 002 ⑷ 二、2–3), 胡 --------------------------------------------------------------------

TWO_RED = "三四五 三四五 肆伍陸 陸柒捌 六七八 八八 食 捌"  # two red cards: no 烏, no doubling


def test_soft_plain_hand_counts_its_hu():
    assert value(f"{TWELVE} {TWO_RED}", P.SOFT, 10) == 12
    assert refused(f"提 一一一一 {TWO_RED}", P.SOFT, 10).code == "below_minimum"


@pytest.mark.parametrize(
    ("text", "hu"),
    [
        (f"天胡 {TWELVE} {TWO_RED}", 100),  # 天
        (f"地胡 {TWELVE} {TWO_RED}", 100),  # 地
        (f"{TWELVE} {FILL}", 100),  # 烏: no red card
        (RED_13, 200),  # 大紅 (13個以上的紅) 100, doubled by 雙飄帶 (二七十 and 貳柒拾)
        ("提 壹壹壹壹 叄肆伍 叄肆伍 肆伍陸 陸柒捌 捌玖拾 三四 食 五", 100),  # 18大字: 19 big
        ("提 一一一一 三四五 三四五 四五六 六七八 八九十 肆伍 食 陸", 100),  # 18小: 19 small
        ("提 壹壹壹壹 提 叄叄叄叄 跑 九九九九 三四五 三四五 陸柒捌 六七 食 八", 100),  # 三龍
        ("坎 一一一 坎 壹壹壹 碰 九九九 偎 叄叄叄 三四五 陸柒捌 六七 食 八", 100),  # 四坎
    ],
)
def test_soft_hundred_hu_hands(text: str, hu: int):
    # 「算一百胡的有：天、地、大紅（13個以上的紅）烏、18大字 … 18小 … 三龍（三個四個一樣的）四坎（四個字有三個一樣的）」
    assert value(text, P.SOFT, 10) == hu


@pytest.mark.parametrize(
    ("text", "hu"),
    [
        (RED_12, 120),  # 12 red, not 大紅: 30胡 ×2 (雙飄帶) ×2 (12個紅)
        ("提 壹壹壹壹 叄肆伍 叄肆伍 陸柒捌 三四五 捌玖拾 三四 食 五", 12),  # 16 big: not 18大
        ("提 壹壹壹壹 提 叄叄叄叄 九九九 三四五 三四五 陸柒捌 六七 食 八", 27),  # two 提: not 三龍
        ("坎 一一一 坎 壹壹壹 碰 九九九 三四五 三四五 陸柒捌 六七 食 八", 10),  # three alike ×3: not 四坎
    ],
)
def test_soft_near_misses(text: str, hu: int):
    assert value(text, P.SOFT, 10) == hu


def test_soft_doublings():
    # 「在所胡的鬍子上加一倍的有：一塊扁（大或小二七十）雙飄帶（大小二七十）1、4、7、10~12個紅字」
    flat = f"{TWELVE} 二七十 三四五 三四五 肆伍陸 肆伍陸 八八 食 捌"  # 15胡, 3 red: 一塊扁 ×2
    assert value(flat, P.SOFT, 10) == 30
    ribbon = f"{TWELVE} 二七十 貳柒拾 三四五 三四五 肆伍陸 八八 食 捌"  # 21胡, 6 red: 雙飄帶 ×2
    assert value(ribbon, P.SOFT, 10) == 42
    one_red = f"{TWELVE} 三四五 三四五 肆伍陸 肆伍陸 六七八 八八 食 捌"  # 12胡, 1 red ×2
    assert value(one_red, P.SOFT, 10) == 24


# --- worked counts of one full hand per variant ------------------------------------------------------

WORKED = "碰 三三三 偎 伍伍伍 提 六六六六 壹貳叄 二七十 八八捌 玖玖 食 玖"


def test_worked_zipai():
    """大字牌: 碰 三三三 (small black) 1 + 偎 伍伍伍 (big, face down) 6 + 提 六六六六 (small) 9 + 壹貳叄 6
    + 二七十 3 + 絞 八八捌 0 + 玖玖 completed by 食 玖 (another's card: a 碰 of a big black card) 3
    = 28油; drawn (摸 玖) it is a 坎, 6油: 31油."""
    score = best(read_hand(WORKED), P.ZIPAI, 10)
    assert score.fan == 28
    assert score.reading == (
        "碰 三三三",
        "偎 伍伍伍",
        "提 六六六六",
        "二七十",
        "八八捌",
        "壹貳叄",
        "碰 玖玖玖",
    )
    assert best(read_hand(WORKED.replace("食", "摸")), P.ZIPAI, 10).fan == 31


def test_worked_hard():
    """硬鬍子: 碰 1 + 栽 伍 6 + 撐 六 9 + 壹貳叄 6 + 二七十 3 + 絞 0 + 碰 玖 3 = 28胡 ≥ 10胡落地."""
    assert best(read_hand(WORKED), P.HARD, 10).fan == 28


def test_worked_paohuzi():
    """長沙跑胡子: 28胡息 as above → 28 ÷ 3 = 9排 (rounded down); red cards 二 七 十 貳 = 4 → +1排:
    10排.  Drawn: 31胡息 → 10排, +1 red, +2 自摸: 13排."""
    assert best(read_hand(WORKED), P.PAOHUZI, 10).fan == 10
    assert best(read_hand(WORKED.replace("食", "摸")), P.PAOHUZI, 10).fan == 13


def test_worked_soft():
    """軟鬍子: 28胡; 一塊扁 (二七十) ×2 = 56; 4 red cards ×2 = 112胡."""
    score = best(read_hand(WORKED), P.SOFT, 10)
    assert score.fan == 112
    assert sum(p.fan for p in score.patterns) == 112


# --- 數信 (seed 002 ⑼) -------------------------------------------------------------------------------


def test_turned_card_shares():
    # 「如這張牌和胡牌人的牌有相同的，就 … 一份，如果是有2張相同的，就2份，最多3份」
    cards = read_hand(WORKED).cards
    assert turned_card_shares(cards, 2) == 3  # 三: four in the hand, at most 3 shares
    assert turned_card_shares(cards, 18) == 3  # 玖 ×3
    assert turned_card_shares(cards, 7) == 2  # 八 ×2
    assert turned_card_shares(cards, 1) == 1  # 二
    assert turned_card_shares(cards, 0) == 0  # 一: none
    with pytest.raises(ValueError):
        turned_card_shares(cards, 20)


def test_zipai_a_win_at_the_deal():
    """⑻ 「有三個或三個以上的4個（分大小寫），不管別的組合成不成比，就可以直接胡牌！為自摸胡牌。或且起始手上有5個或5個以上
    的3個 … 就可以直接胡牌」: 提 一 9 + 提 壹 12 + 提 九 9 = 30油, the loose 二三 伍陸 八 十 count nothing;
    五坎: 一 3 + 三 3 + 壹 6 + 肆 6 + 玖 6 = 24油.  Four 坎 are no such win, and the rest does not group."""
    assert value("起手 提 一一一一 提 壹壹壹壹 提 九九九九 二三 伍陸 八 摸 十", minimum=10) == 30
    assert value("起手 一一一 壹壹壹 三三三 肆肆肆 玖玖 二 摸 玖", minimum=10) == 24
    assert refused("起手 一一一 壹壹壹 三三三 肆肆肆 玖 二 摸 玖", minimum=10).code == "not_a_win"
    # not said 起手 / 天胡, or not drawn: read as any hand
    assert refused("提 一一一一 提 壹壹壹壹 提 九九九九 二三 伍陸 八 摸 十").code == "not_a_win"
    assert refused("起手 提 一一一一 提 壹壹壹壹 提 九九九九 二三 伍陸 八 食 十").code == "not_a_win"
    # 大字牌's rule only
    assert refused("起手 提 一一一一 提 壹壹壹壹 提 九九九九 二三 伍陸 八 摸 十", P.HARD).code == "not_a_win"


def test_waits_list_each_winning_card_drawn_and_taken():
    """One card short of WORKED: 九 makes 絞 玖玖九 (0): 1 + 6 + 9 + 6 + 3 + 0 + 0 = 25油 either way;
    玖 makes 坎 玖玖玖 (6) drawn, 31油, or 碰 玖玖玖 (3) taken, 28油."""
    from taipai.systems.zipai.scoring import waits

    short = WORKED.removesuffix(" 食 玖")
    assert waits(short, P.ZIPAI, 10) == ((8, 25, 25), (18, 31, 28))
    assert waits(short, P.ZIPAI, 26) == ((18, 31, 28),)
    assert waits(f"提 一一一一 {FILL.removesuffix(' 食 玖')}", P.ZIPAI, 10) == ()
    with pytest.raises(HandError):
        waits(WORKED, P.ZIPAI, 10)


# --- 軟鬍子's 100-胡 hands the first pass left (seed 002 ⑷ 二、2) ------------------------------------------
# 「算一百胡的有 … 比比胡（胡牌比有鬍子）… 9對對，10半邊（一大一小）」


def test_soft_every_group_counts_is_bibihu():
    # 比比胡: every group of three or four counts 胡息 (the 對 is no 比): 碰 一 1, 提 三 9, 坎 伍 6,
    # 壹貳叄 6, 二七十 3, 貳柒拾 6; 對 玖玖 — 31胡, but 100 as 比比胡; 二七十 and 貳柒拾 (雙飄帶) ×2,
    # 7 red cards (二七十, 貳柒拾 and the 貳 of 壹貳叄) ×2: 400
    text = "碰 一一一 提 三三三三 伍伍伍 壹貳叄 二七十 貳柒拾 玖 食 玖"
    score = best(read_hand(text), P.SOFT, 10)
    assert sorted(p.name for p in score.patterns) == ["7個紅 ×2", "比比胡", "雙飄帶 ×2"]
    assert score.fan == 400


def test_soft_one_group_without_hu_is_no_bibihu():
    # near miss: 六七八 counts nothing: 碰 一 1 + 提 四 9 + 坎 伍 6 + 一二三 3 + 二七十 3 + 0 = 22胡,
    # 一塊扁 (二七十) ×2 = 44; 5 red cards: no doubling
    text = "碰 一一一 提 四四四四 伍伍伍 一二三 二七十 六七八 玖 食 玖"
    score = best(read_hand(text), P.SOFT, 10)
    assert "比比胡" not in [p.name for p in score.patterns]
    assert score.fan == 44


def test_soft_nine_pairs():
    # 9對對: nine 對 and one group of three (陸柒捌, completed by 食 捌), 21 cards; the groups search
    # cannot read them (one 對 a hand), the shape wins by itself: 100; 1 red card (柒) ×2 = 200
    text = "一一 三三 四四 五五 六六 八八 壹壹 叄叄 肆肆 陸柒 食 捌"
    score = best(read_hand(text), P.SOFT, 10)
    assert [p.name for p in score.patterns] == ["9對對", "1個紅 ×2"]
    assert score.fan == 200


def test_soft_eight_pairs_is_no_nine_pairs():
    # near miss: eight 對 and the rest no pairs: not 9對對, and the cards make no groups either
    text = "一一 三三 四四 五五 六六 八八 壹壹 叄叄 肆 伍 陸柒 食 捌"
    assert refused(text, P.SOFT, 10).code == "not_a_win"


def test_soft_ten_halves():
    # 10半邊 (一大一小): ten pairs of one small and one big card of a point, and one card: 100;
    # red cards 二貳 七柒 十拾 = 6: no doubling
    text = "一壹 二貳 三叄 四肆 五伍 六陸 七柒 八捌 九玖 十拾 食 一"
    score = best(read_hand(text), P.SOFT, 10)
    assert [p.name for p in score.patterns] == ["10半邊"]
    assert score.fan == 100


def test_soft_nine_halves_is_no_ten_halves():
    # near miss: nine 半邊 (十拾 replaced by 十十): not 10半邊 (and not 9對對: one 對 only besides)
    text = "一壹 二貳 三叄 四肆 五伍 六陸 七柒 八捌 九玖 十十 食 一"
    assert refused(text, P.SOFT, 10).code == "not_a_win"
