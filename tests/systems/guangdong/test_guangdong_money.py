"""雞平和 (guangdong) money through the ledger seam, worked by hand from seed 001.

「广东麻将百搭的特色就在"番"番是2倍的意思」 (分值 = 2^番 底); the seed's 包 cases: 「十二张落地包自摸，包先不包後」,
「大四喜 … 大三元 … 若有人打出余下一款者，那人则需承担包自摸的责任」, 「杠上开花包杠 … 计自摸点杠者包三家牌」,
「抢杠和等同杠开，当自摸被抢杠者（欲开杠者）包三家牌」; 「一炮三响 … 点炮者包三家和牌者不满3番牌型，按照3番满计算」;
「允许一炮多响，如果一炮多响包括庄家在内和牌下一轮庄家继续当庄」; 「如果庄家和牌或流局则下盘依然由该庄家做庄」.
"""

from __future__ import annotations

from typing import Any

import pytest

from taipai.core.table.errors import TableError
from taipai.core.table.events import (
    Draw,
    Event,
    FalseWin,
    RuleChanged,
    SelfDraw,
    TableOpened,
    Undo,
    WinByDiscard,
    WinLeg,
)
from taipai.core.table.machine import apply, replay
from taipai.core.table.state import TableState, Transition
from taipai.systems.guangdong.options import GuangdongOptions

P = ("A", "B", "C", "D")
"""Seats 東南西北; A deals first."""


def opened(**opts: Any) -> TableState:
    return apply(None, TableOpened(P, GuangdongOptions(**opts), system="guangdong")).state


def pays(t: Transition) -> list[tuple[str, str, object, str]]:
    return [(p.payer, p.payee, p.amount, p.rule) for p in t.payments]


def dis(discarder: str, *legs: tuple[str, int], robbed: bool = False) -> WinByDiscard:
    return WinByDiscard(discarder, tuple(WinLeg(w, fan, robbed_kong=robbed) for w, fan in legs))


def balances(state: TableState) -> dict[str, object]:
    return {p.name: p.balance for p in state.players}


def test_a_discard_is_paid_by_the_discarder_alone_two_to_the_fan():
    """3番 on A's discard at 底 10: A pays 10 × 2^3 = 80."""
    t = apply(opened(base=10), dis("A", ("B", 3)))
    assert pays(t) == [("A", "B", 80, "win")]


def test_a_self_draw_is_paid_by_each_of_the_three():
    """2番 self-drawn at 底 1: 4 from each, 12 in all."""
    t = apply(opened(), SelfDraw("B", 2))
    assert pays(t) == [("A", "B", 4, "win"), ("C", "B", 4, "win"), ("D", "B", 4, "win")]


def test_half_discard_is_an_option():
    """半銃: the discarder pays the 分值 (8 for 3番), each of the two others half (4)."""
    t = apply(opened(discard="half"), dis("A", ("B", 3)))
    assert pays(t) == [("A", "B", 8, "win"), ("C", "B", 4, "half_share"), ("D", "B", 4, "half_share")]


@pytest.mark.parametrize(
    "case",
    [
        "十二张落地包自摸: C's discard let B lay down twelve tiles",
        "大四喜包自摸: C discarded the last wind B needed",
        "大三元包自摸: C discarded the last dragon B needed",
        "杠上开花包杠: B konged C's discard and won on the replacement",
    ],
)
def test_each_bao_case_has_the_named_player_pay_all_three_shares(case):
    """B 自摸 … C包: C pays 3 × 分值; A and D pay nothing.  大四喜 6番: 3 × 64 = 192; 3番: 3 × 8 = 24."""
    fan = 6 if "大" in case else 3
    t = apply(opened(), SelfDraw("B", fan, kong_discarder="C"))
    assert pays(t) == [("C", "B", 3 * 2**fan, "bao")], case
    assert balances(t.state) == {"A": 0, "B": 3 * 2**fan, "C": -3 * 2**fan, "D": 0}


def test_the_bao_player_is_not_the_winner():
    with pytest.raises(TableError) as err:
        apply(opened(), SelfDraw("B", 3, kong_discarder="B"))
    assert err.value.code == "same_player"


def test_robbing_a_kong_is_paid_in_full_by_the_robbed_player():
    """「抢杠和等同杠开，当自摸被抢杠者包三家牌」: B robs A's kong, 3番 (the floor): A pays 3 × 8 = 24."""
    t = apply(opened(), dis("A", ("B", 3), robbed=True))
    assert pays(t) == [("A", "B", 24, "bao")]


def test_three_winners_on_one_discard_are_each_paid_at_least_the_floor():
    """一炮三响: A discards, B 0番, C 1番, D 5番: A pays 8, 8 and 32 (the floor lifts 0 and 1 to 3)."""
    t = apply(opened(), dis("A", ("B", 0), ("C", 1), ("D", 5)))
    assert pays(t) == [("A", "B", 8, "win"), ("A", "C", 8, "win"), ("A", "D", 32, "win")]
    two = apply(opened(), dis("A", ("B", 0), ("C", 1)))  # 一炮雙響: no floor
    assert pays(two) == [("A", "B", 1, "win"), ("A", "C", 2, "win")]


def test_several_winners_are_refused_when_the_table_plays_one_winner():
    state = apply(opened(), RuleChanged("multi_win", "關")).state
    with pytest.raises(TableError) as err:
        apply(state, dis("A", ("C", 1), ("B", 1)))
    assert (err.value.code, err.value.args_["winner"]) == ("first_claim_wins", "B")


def test_the_dealer_stays_on_a_dealer_win_a_draw_and_among_several_winners():
    s = opened()
    assert s.dealer == "A"
    s = apply(s, SelfDraw("A", 1)).state
    assert (s.dealer, s.streak) == ("A", 1)
    s = apply(s, Draw()).state
    assert (s.dealer, s.streak) == ("A", 2)
    s = apply(s, dis("B", ("C", 1), ("A", 1))).state  # 一炮多響 with the dealer among the winners
    assert s.dealer == "A"
    s = apply(s, dis("A", ("B", 1))).state  # a non-dealer wins: the deal passes to B
    assert (s.dealer, s.streak) == ("B", 0)
    off = apply(apply(opened(), RuleChanged("流局連莊", "關")).state, Draw()).state
    assert off.dealer == "B"


def test_a_false_win_pays_each_a_capped_self_draw():
    """詐和 (the seed is silent; our choice): 2^爆和 底 to each of the three: 8 each at 爆和 3."""
    t = apply(opened(), FalseWin("B"))
    assert pays(t) == [("B", "A", 8, "false_win"), ("B", "C", 8, "false_win"), ("B", "D", 8, "false_win")]


def test_settings_by_their_words_and_a_replayed_log_gives_the_same_books():
    s = opened()
    events: list[Event] = [
        TableOpened(P, GuangdongOptions(), system="guangdong"),
        RuleChanged("爆和", "5"),
        RuleChanged("底", "2"),
        RuleChanged("銃", "半銃"),
        dis("A", ("B", 2)),
        SelfDraw("C", 4, kong_discarder="D"),
        Undo(),
        SelfDraw("C", 4),
    ]
    s = None
    for e in events:
        s = apply(s, e).state
    assert s is not None
    opts = s.options
    assert isinstance(opts, GuangdongOptions)
    assert (opts.cap, opts.base, opts.discard) == (5, 2, "half")
    # B 2番 半銃 at 底 2: A 8, C 4, D 4; then C self-draws 4番: 32 from each of A, B, D
    assert balances(s) == {"A": -8 - 32, "B": 16 - 32, "C": -4 + 96, "D": -4 - 32}
    assert balances(replay(events)) == balances(s)
    assert sum(balances(s).values()) == 0


def test_bad_settings_are_refused():
    with pytest.raises(TableError) as err:
        GuangdongOptions().with_option("爆和", "many")
    assert err.value.code == "bad_value"
    with pytest.raises(TableError) as err:
        GuangdongOptions().with_option("起糊", "3")
    assert err.value.code == "bad_option"
    with pytest.raises(TableError) as err:
        GuangdongOptions.from_dict({"maximum": 8})
    assert err.value.code == "bad_option"
    assert GuangdongOptions.from_dict(GuangdongOptions(base=2, cap=4).to_dict()) == GuangdongOptions(
        base=2, cap=4
    )


def test_a_bare_count_under_the_floor_on_a_robbed_kong_or_a_kong_draw_is_paid_at_the_floor():
    """「抢杠者牌型不满3番牌型，按照3番满计算」 and 「杠上开花包杠 … 不满3番牌型，按照3番满计算」: 1番 typed,
    paid as 3番 (8): the robbed A pays 24; C, whose discard B konged, pays 24."""
    assert pays(apply(opened(), dis("A", ("B", 1), robbed=True))) == [("A", "B", 24, "bao")]
    kong = SelfDraw("B", 1, kong_discarder="C", exposed_kong=True)
    assert pays(apply(opened(), kong)) == [("C", "B", 24, "bao")]
    assert pays(apply(opened(), SelfDraw("B", 1, kong_discarder="C"))) == [("C", "B", 6, "bao")]  # 十二張落地
