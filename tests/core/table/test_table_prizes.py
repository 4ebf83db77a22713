"""現金獎 and 詐糊 (seed 004, 現金獎, 詐糊, 上牌與碰牌, 槓牌; DESIGN §6)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from table_helpers import chains, dis, opened, pays, run, step

from taipai.core.table import FalseWin, RuleChanged, TableError
from taipai.systems.hk_taiwan.events import CashPrize
from taipai.systems.hk_taiwan.prizes import PRIZES


@pytest.mark.parametrize(
    ("prize", "player", "other", "expected"),
    [
        # 圍骰：其餘三家各付一底籌碼於莊家 (A is dealer)
        ("dice_triple", "A", None, {"A": 15, "B": -5, "C": -5, "D": -5}),
        # 如擲到「一二三」時，莊家須付其餘三家各一底籌碼
        ("dice_123", "A", None, {"A": -15, "B": 5, "C": 5, "D": 5}),
        # 一台草：三家須付半底籌碼 (½ × 5 = 2.5 fan units each)
        (
            "one_set_mixed",
            "C",
            None,
            {"A": Fraction(-5, 2), "B": Fraction(-5, 2), "C": Fraction(15, 2), "D": Fraction(-5, 2)},
        ),
        # 一台花：三家須付一底籌碼
        ("one_set_flowers", "C", None, {"A": -5, "B": -5, "C": 15, "D": -5}),
        # 追：字牌或幺九牌，第一家須付各一底
        ("chase", "B", None, {"A": 5, "B": -15, "C": 5, "D": 5}),
        # 非幺九字牌 …須付各兩底
        ("chase_simple", "B", None, {"A": 10, "B": -30, "C": 10, "D": 10}),
        # 一追再追：須付各兩底
        ("chase_again", "B", None, {"A": 10, "B": -30, "C": 10, "D": 10}),
        # 叫碰一定要碰，若果不碰，被罰輸每家一個底籌碼
        ("called_pung_not_taken", "D", None, {"A": 5, "B": 5, "C": 5, "D": -15}),
        # 暗槓時…即時向每家各收取一底籌碼
        ("concealed_kong", "C", None, {"A": -5, "B": -5, "C": 15, "D": -5}),
        # 七搶一：第一家便需要支付第二家六底籌碼
        ("seven_rob_one", "B", "D", {"A": 0, "B": -30, "C": 0, "D": 30}),
        # 一搶七：第一家則支付第二家六底籌碼
        ("one_rob_seven", "B", "D", {"A": 0, "B": -30, "C": 0, "D": 30}),
        # 如果沒有展示，或槓錯牌，須向另三家付兩個底籌碼
        ("concealed_kong_wrong", "C", None, {"A": 10, "B": 10, "C": -30, "D": 10}),
    ],
)
def test_every_cash_prize(prize: str, player: str, other: str | None, expected: dict[str, object]) -> None:
    t = step(opened(), CashPrize(prize, player, other))
    assert t.state.balances == expected
    assert all(p.rule == f"prize:{prize}" for p in t.payments)


def test_every_prize_id_is_tested() -> None:
    assert set(PRIZES) == {
        "dice_triple",
        "dice_123",
        "one_set_mixed",
        "one_set_flowers",
        "chase",
        "chase_simple",
        "chase_again",
        "called_pung_not_taken",
        "concealed_kong",
        "seven_rob_one",
        "one_rob_seven",
        "concealed_kong_wrong",
    }


def test_prize_in_di_follows_base_fan_and_override() -> None:
    s = opened(base_fan=10, prizes={"concealed_kong": 2})
    assert step(s, CashPrize("concealed_kong", "B")).state.balances["B"] == 60
    s = run(opened(), RuleChanged("prize.chase", "3"))
    assert step(s, CashPrize("chase", "B")).state.balances["B"] == -45


def test_prizes_leave_chains_dealer_and_hand_alone() -> None:
    s = run(opened(), dis("B", "A", 4))
    t = step(s, CashPrize("concealed_kong", "C"))
    assert chains(t.state) == chains(s)
    assert (t.state.dealer, t.state.streak, t.state.hand) == (s.dealer, s.streak, s.hand)


@pytest.mark.parametrize(
    ("event", "code"),
    [
        (CashPrize("dice_triple", "B"), "not_dealer"),
        (CashPrize("dice_123", "C"), "not_dealer"),
        (CashPrize("seven_rob_one", "B"), "prize_needs_other"),
        (CashPrize("one_rob_seven", "B", "B"), "same_player"),
        (CashPrize("lucky", "B"), "unknown_prize"),
        (CashPrize("chase", "Z"), "unknown_player"),
        (FalseWin("Z"), "unknown_player"),
    ],
)
def test_bad_prizes_rejected(event: object, code: str) -> None:
    with pytest.raises(TableError) as e:
        step(opened(), event)  # type: ignore[arg-type]
    assert e.value.code == code


def test_false_win_pays_each_of_three_30_fan() -> None:
    # 詐糊: 「需要付於其餘三家各30翻的籌碼」
    t = step(opened(), FalseWin("B"))
    assert pays(t) == [("B", "A", 30, "false_win"), ("B", "C", 30, "false_win"), ("B", "D", 30, "false_win")]
    assert t.state.balances == {"A": 30, "B": -90, "C": 30, "D": 30}
    assert (t.state.dealer, t.state.streak, t.state.hand) == ("A", 0, 0)


def test_false_win_option_and_chains_untouched() -> None:
    s = run(opened(false_win_fan=20), dis("B", "A", 4))
    t = step(s, FalseWin("A"))
    assert t.state.balances == {"A": -60, "B": 20, "C": 20, "D": 20}
    assert chains(t.state) == [("B", "A", 1, 10)]
