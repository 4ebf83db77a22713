"""硬鬍子's 「3把50胡」 booked by the ledger (seed 002 ⑷ 一、2: 「3把50胡的，就是胡3把牌要達到50胡以上。第一把
不能少於15胡」): ``規則 3把50胡 開`` makes the first win of each player's match of three count 15胡 or
more; each win is paid as any 硬鬍子 win (底 1: 點炮 全包 pays both shares, a self-draw one share each)."""

from __future__ import annotations

import pytest

from taipai.core.table import SelfDraw, TableOpened, TableState, WinByDiscard, WinLeg
from taipai.core.table.errors import TableError
from taipai.core.table.machine import apply
from taipai.systems.zipai.match import check_win, current_match
from taipai.systems.zipai.options import ZipaiOptions


def opened(three_hands: bool = True, system: str = "zipai-hard") -> TableState:
    opts = ZipaiOptions.preset(system).with_option("3把50胡", "開" if three_hands else "關")
    return apply(None, TableOpened(("A", "B", "C"), opts, system=system)).state


def test_the_first_win_of_a_match_needs_15():
    state = opened()
    with pytest.raises(TableError) as err:
        apply(state, WinByDiscard("A", (WinLeg("B", 14),)))
    assert err.value.code == "first_of_three"
    assert err.value.args_ == {"count": "14胡", "minimum": "15胡", "winner": "B"}
    moved = apply(state, WinByDiscard("A", (WinLeg("B", 15),)))  # 15: the first win stands
    assert [(p.payer, p.payee, p.amount) for p in moved.payments] == [("A", "B", 30)]


def test_the_second_and_third_need_only_qihu_then_a_new_match_opens():
    state = opened()
    for fan in (15, 10, 10):  # 35胡 in three wins: short of 50, the match closes all the same
        state = apply(state, SelfDraw("B", fan)).state
    assert current_match(state, "B") == ()
    with pytest.raises(TableError):  # B's fourth win opens a new match: 15胡 again
        apply(state, SelfDraw("B", 12))
    assert [p.amount for p in apply(state, SelfDraw("B", 16)).payments] == [16, 16]
    assert [p.amount for p in apply(state, SelfDraw("C", 20)).payments] == [20, 20]  # C's own first win


def test_the_match_as_the_history_says_it():
    state = opened()
    state = apply(state, SelfDraw("B", 20)).state
    state = apply(state, SelfDraw("B", 15)).state
    assert check_win(state, "B", 16) == "3把50胡: 20 + 15 + 16 = 51胡, made"
    assert check_win(state, "B", 14) == "3把50胡: 20 + 15 + 14 = 49胡, short"
    summary = apply(state, SelfDraw("B", 16)).state.history[-1].summary
    assert summary == "B self-draws (自摸): 16; 3把50胡: 20 + 15 + 16 = 51胡, made"


def test_off_by_default_and_only_at_hard():
    assert ZipaiOptions.preset("zipai-hard").three_hands is False
    state = opened(three_hands=False)
    assert apply(state, SelfDraw("B", 10)).state.balances["B"] == 20  # 10胡落地: a 10胡 first win pays
    other = opened(system="zipai-soft")  # the rule is 硬鬍子's: another variant ignores the setting
    assert apply(other, SelfDraw("B", 10)).state.balances["B"] == 20


def test_the_setting_takes_on_and_off_words():
    opts = ZipaiOptions.preset("zipai-hard")
    assert opts.with_option("三把五十胡", "开").three_hands is True
    assert opts.with_option("three_hands", "off").three_hands is False
    with pytest.raises(TableError) as err:
        opts.with_option("3把50胡", "maybe")
    assert err.value.code == "bad_value"
    assert ZipaiOptions.from_dict(opts.with_option("3把50胡", "開").to_dict(), "zipai-hard").three_hands
