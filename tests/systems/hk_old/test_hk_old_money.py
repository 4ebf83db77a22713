"""廣東牌 (hk-old) money through the ledger seam: seed 003 「不同處」, worked by hand.

「港: 先講好最大多小台, 多少錢一底, 然後每加一台就一倍錢, 例如: 1元一底的話, 十台就是512元了」;
「台灣放炮的給, 香港一般放炮也要給, 但沒放炮的也要給一半(後來都改為依台灣例)」; 「台:有一炮三響 / 港: 下家先糊」.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from taipai.core.table.errors import TableError
from taipai.core.table.events import (
    Draw,
    Event,
    FalseWin,
    RuleChanged,
    SelfDraw,
    SessionEnded,
    TableOpened,
    Undo,
    WinByDiscard,
    WinLeg,
)
from taipai.core.table.machine import apply, replay
from taipai.core.table.state import TableState, Transition
from taipai.systems.hk_old.ledger import HALF_SPICY, multiplier, portion
from taipai.systems.hk_old.options import HkOldOptions

P = ("A", "B", "C", "D")
"""Seats 東南西北; A deals first."""


def opened(**opts: Any) -> TableState:
    return apply(None, TableOpened(P, HkOldOptions(**opts), system="hk-old")).state


def pays(t: Transition) -> list[tuple[str, str, object, str]]:
    return [(p.payer, p.payee, p.amount, p.rule) for p in t.payments]


def dis(discarder: str, *legs: tuple[str, int]) -> WinByDiscard:
    return WinByDiscard(discarder, tuple(WinLeg(w, fan) for w, fan in legs))


def run(state: TableState, *events: Event) -> TableState:
    for e in events:
        state = apply(state, e).state
    return state


# ------------------------------------------------------------------------------------------ multipliers


def test_doubling_ten_fan_is_512():
    """「1元一底的話, 十台就是512元」: 2^(翻−1) 底; 1翻 is one 底 (0翻 too, the least a win pays)."""
    assert multiplier(10) == 512
    assert [multiplier(n) for n in range(0, 5)] == [1, 1, 2, 4, 8]
    assert portion(10, HkOldOptions(maximum=10)) == 512


def test_half_spicy_row_by_row():
    """半辣上: 1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384 for 0–13翻, then ×2 every two 翻."""
    table = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]
    assert [multiplier(n, "half_spicy") for n in range(14)] == table
    assert list(HALF_SPICY) == table
    assert [multiplier(n, "half_spicy") for n in (14, 15, 16)] == [512, 768, 1024]


def test_spicy():
    """辣辣上: 2^翻."""
    assert [multiplier(n, "spicy") for n in (0, 1, 3, 10)] == [1, 2, 8, 1024]


def test_portion_is_capped_at_the_maximum():
    """A count above the maximum is paid as the maximum: 10翻 at a table of 8 is 2^7 = 128 底."""
    assert portion(10, HkOldOptions()) == 128
    assert portion(3, HkOldOptions(base=5)) == 20


# ------------------------------------------------------------------------------------------ a win on a discard


def test_ten_fan_portion_is_512_and_each_discard_mode_pays_it_as_the_issue_says():
    """1元一底, maximum 10, B 食 A 10翻: the portion is 2^9 = 512 (「1元一底的話, 十台就是512元」).

    - 全銃 (default, 「the discarder pays for all」): A pays his 512 and the two halves 256 + 256: 1024.
    - 半銃 (「the discarder pays one share, the two others half each」): A 512, C 256, D 256; B collects
      1024 either way.
    - 依台灣例 (「後來都改為依台灣例」): A alone pays the portion, 512.
    """
    win = dis("A", ("B", 10))
    full = apply(opened(maximum=10), win)
    assert pays(full) == [("A", "B", 1024, "win")]
    assert full.state.balances == {"A": -1024, "B": 1024, "C": 0, "D": 0}
    half = apply(opened(maximum=10, discard="half"), win)
    assert pays(half) == [
        ("A", "B", 512, "win"),
        ("C", "B", 256, "half_share"),
        ("D", "B", 256, "half_share"),
    ]
    assert half.state.balances == {"A": -512, "B": 1024, "C": -256, "D": -256}
    taiwan = apply(opened(maximum=10, discard="taiwan"), win)
    assert pays(taiwan) == [("A", "B", 512, "win")]


def test_full_and_half_on_one_hand():
    """The same 4翻 win (portion 2^3 = 8): 全銃, the discarder pays 8 + 4 + 4 = 16; 半銃, the discarder 8 and
    each of the two who did not discard half of it, 4 (「香港一般放炮也要給, 但沒放炮的也要給一半」)."""
    win = dis("A", ("B", 4))
    full = apply(opened(), win)
    assert pays(full) == [("A", "B", 16, "win")]
    half = apply(opened(discard="half"), win)
    assert pays(half) == [("A", "B", 8, "win"), ("C", "B", 4, "half_share"), ("D", "B", 4, "half_share")]
    assert half.state.balances == {"A": -8, "B": 16, "C": -4, "D": -4}


def test_full_discard_against_self_draw_is_two_to_three():
    """A Hong Kong table's 三番 出沖 160 / 自摸 240: under 全銃 a discard win collects 2 portions, a
    self-draw 3 (each of the three one).  At 底 40, 3翻 (portion 40 × 4 = 160): 出沖 320, 自摸 480."""
    on_discard = apply(opened(base=40), dis("A", ("B", 3)))
    drawn = apply(opened(base=40), SelfDraw("B", 3))
    assert on_discard.state.balances["B"] == 320 and drawn.state.balances["B"] == 480
    assert on_discard.state.balances["B"] * 3 == drawn.state.balances["B"] * 2


def test_half_share_of_an_odd_portion_is_exact():
    """半銃 at 1翻 (portion 1 底) and 底 0.25: the discarder ¼, the others ⅛ each, exact fractions."""
    t = apply(opened(discard="half", minimum=1, base=Fraction(1, 4)), dis("A", ("B", 1)))
    assert [p.amount for p in t.payments] == [Fraction(1, 4), Fraction(1, 8), Fraction(1, 8)]
    assert sum(t.state.balances.values()) == 0


def test_robbed_kong_is_paid_as_a_discard():
    """搶槓(當出沖論): the konging player pays as the discarder: 5翻, portion 16, 全銃 2 × 16 = 32."""
    t = apply(opened(), WinByDiscard("C", (WinLeg("B", 5, robbed_kong=True),)))
    assert pays(t) == [("C", "B", 32, "win")]


# ------------------------------------------------------------------------------------------ self-draw, 包, 詐糊


def test_self_draw_each_of_three_pays():
    """自摸: each of the three pays one portion: 5翻 at 1元一底 → 16 each (48 in all); 10翻 at a maximum
    of 10 → 512 each, whatever the discard setting."""
    t = apply(opened(), SelfDraw("B", 5))
    assert pays(t) == [("A", "B", 16, "win"), ("C", "B", 16, "win"), ("D", "B", 16, "win")]
    for mode in ("full", "half", "taiwan"):
        t = apply(opened(maximum=10, discard=mode), SelfDraw("B", 10))
        assert pays(t) == [("A", "B", 512, "win"), ("C", "B", 512, "win"), ("D", "B", 512, "win")]


def test_self_draw_double_and_half_options():
    """``self_draw = double``: each pays two portions (32 each at 5翻); ``half``: half a portion (8 each,
    a self-draw collecting 1½ portions)."""
    t = apply(opened(self_draw="double"), SelfDraw("B", 5))
    assert [p.amount for p in t.payments] == [32, 32, 32]
    t = apply(opened(self_draw="half"), SelfDraw("B", 5))
    assert [p.amount for p in t.payments] == [8, 8, 8]


def test_bao_zimo_the_named_player_pays_the_whole_self_draw():
    """包自摸: C pays what the three would have paid, 3 × 16 = 48, for any reason (no 明槓 check)."""
    t = apply(opened(), SelfDraw("B", 5, kong_discarder="C"))
    assert pays(t) == [("C", "B", 48, "bao")]
    with pytest.raises(TableError) as info:
        apply(opened(), SelfDraw("B", 5, kong_discarder="B"))
    assert info.value.code == "same_player"


def test_false_win_pays_each_the_maximum_self_draw():
    """詐糊: the false winner pays each other player the self-draw at the maximum: 8翻 → 2^7 = 128 each."""
    t = apply(opened(), FalseWin("D"))
    assert pays(t) == [
        ("D", "A", 128, "false_win"),
        ("D", "B", 128, "false_win"),
        ("D", "C", 128, "false_win"),
    ]
    assert t.state.hand == 0 and t.state.dealer == "A"


# ------------------------------------------------------------------------------------------ 起糊


def test_below_minimum_is_refused():
    """起糊 3: a 2翻 win is refused with the count it reached; nothing is booked."""
    state = opened()
    with pytest.raises(TableError) as info:
        apply(state, dis("A", ("B", 2)))
    assert info.value.code == "below_minimum"
    assert info.value.args_ == {"count": "2", "minimum": "3", "winner": "B"}
    with pytest.raises(TableError):
        apply(state, SelfDraw("B", 1))


def test_a_stored_log_replays_as_booked():
    """A stored log is not re-checked against 起糊 (strict=False), so it replays as it was booked: 2翻 is a
    portion of 2, 全銃 2 × 2 = 4."""
    state = apply(opened(), dis("A", ("B", 2)), strict=False).state
    assert state.balances["B"] == 4


def test_a_count_above_the_maximum_is_paid_as_the_maximum():
    """B 自摸 12翻 at a table of 8: each pays 2^7 = 128."""
    t = apply(opened(), SelfDraw("B", 12))
    assert [p.amount for p in t.payments] == [128, 128, 128]


# ------------------------------------------------------------------------------------------ 下家先糊


def test_first_claim_wins_names_the_next_player():
    """港: 下家先糊: A (東) discards, C (西) and B (南) both claim: B is next in turn and the only winner."""
    state = opened()
    with pytest.raises(TableError) as info:
        apply(state, dis("A", ("C", 3), ("B", 3)))
    assert info.value.code == "first_claim_wins"
    assert info.value.args_ == {"winner": "B", "discarder": "A"}
    with pytest.raises(TableError) as wrap:
        apply(state, dis("D", ("C", 3), ("A", 3)))
    assert wrap.value.args_["winner"] == "A"


def test_multi_win_option_pays_each_leg():
    """一炮多響 on: each leg on its own, portions 8 (B, 4翻) and 4 (C, 3翻).  全銃: A pays 2 portions to
    each, 16 and 8.  依台灣例: one portion each, 8 and 4.  半銃: D (neither discarder nor winner) pays half
    a portion of each, and the half the other winner would pay is the discarder's, so each winner still
    collects 2 portions: B's 16 = A 8 + 4 + D 4; C's 8 = A 4 + 2 + D 2."""
    t = apply(opened(multi_win=True), dis("A", ("B", 4), ("C", 3)))
    assert pays(t) == [("A", "B", 16, "win"), ("A", "C", 8, "win")]
    t = apply(opened(multi_win=True, discard="taiwan"), dis("A", ("B", 4), ("C", 3)))
    assert pays(t) == [("A", "B", 8, "win"), ("A", "C", 4, "win")]
    half = apply(opened(multi_win=True, discard="half"), dis("A", ("B", 4), ("C", 3)))
    assert pays(half) == [
        ("A", "B", 12, "win"),
        ("D", "B", 4, "half_share"),
        ("A", "C", 6, "win"),
        ("D", "C", 2, "half_share"),
    ]


# ------------------------------------------------------------------------------------------ dealer


def test_dealer_win_and_draw_keep_the_deal():
    """A dealer win keeps the deal (連莊); a 流局 too (default); another's win passes it."""
    state = run(opened(), SelfDraw("A", 3))
    assert (state.dealer, state.streak, state.hand) == ("A", 1, 1)
    state = run(state, Draw())
    assert (state.dealer, state.streak) == ("A", 2)
    state = run(state, dis("C", ("B", 3)))
    assert (state.dealer, state.streak) == ("B", 0)


def test_draw_passes_the_deal_when_set():
    state = run(opened(draw_keeps_deal=False), Draw())
    assert (state.dealer, state.streak) == ("B", 0)


def test_no_dealer_fan_on_any_leg():
    """廣東牌 has no 莊 翻: the dealer's self-draw pays the same portion from each."""
    t = apply(opened(), SelfDraw("A", 4))
    assert [p.amount for p in t.payments] == [8, 8, 8]


# ------------------------------------------------------------------------------------------ settings


def test_rule_changed_then_ten_fan_pays_512():
    """規則 maximum 10, then B 自摸 10翻: each of the three pays 512."""
    state = run(opened(), RuleChanged("maximum", "10"))
    t = apply(state, SelfDraw("B", 10))
    assert [p.amount for p in t.payments] == [512, 512, 512]


@pytest.mark.parametrize(
    ("option", "value", "field", "expected"),
    [
        ("minimum", "5", "minimum", 5),
        ("maximum", "13翻", "maximum", 13),
        ("flowers", "off", "flowers", False),
        ("multi_win", "on", "multi_win", True),
        ("multiplier", "half_spicy", "multiplier", "half_spicy"),
        ("discard", "half", "discard", "half"),
        ("discard", "taiwan", "discard", "taiwan"),
        ("銃", "依台灣例", "discard", "taiwan"),
        ("銃", "全銃", "discard", "full"),
        ("pure_one_suit", 7, "pure_one_suit", 7),
        ("base", "0.5", "base", Fraction(1, 2)),
        ("起糊", "5", "minimum", 5),
        ("最大", "10翻", "maximum", 10),
        ("底", "2", "base", 2),
        ("計法", "半辣上", "multiplier", "half_spicy"),
        ("銃", "半銃", "discard", "half"),
        ("花", "關", "flowers", False),
        ("自摸", "半份", "self_draw", "half"),
        ("一炮多響", "開", "multi_win", True),
    ],
)
def test_with_option(option: str, value: str | int, field: str, expected: object):
    assert getattr(HkOldOptions().with_option(option, value), field) == expected


@pytest.mark.parametrize(
    ("option", "value", "code"),
    [
        ("minimum", "9", "bad_value"),  # above the maximum 8
        ("maximum", "0", "bad_value"),
        ("pure_one_suit", 8, "bad_value"),
        ("multiplier", "triple", "bad_value"),
        ("flowers", "maybe", "bad_value"),
        ("base", "0", "bad_amount"),
        ("base", "1/3", "bad_amount"),  # not 2 decimals
        ("base", "0.125", "bad_amount"),
        ("base", "99999999999999999999", "bad_amount"),  # above 1,000,000
        ("base", "-1", "bad_amount"),
        ("底", "abc", "bad_amount"),
        ("la_mode", "off", "bad_option"),
        ("銃", "三銃", "bad_value"),
    ],
)
def test_with_option_refuses(option: str, value: str | int, code: str):
    with pytest.raises(TableError) as info:
        HkOldOptions().with_option(option, value)
    assert info.value.code == code


def test_options_round_trip():
    opts = HkOldOptions(base=Fraction(1, 2), maximum=10, discard="half", multi_win=True)
    assert HkOldOptions.from_dict(opts.to_dict()) == opts
    assert HkOldOptions.from_dict({}) == HkOldOptions()
    assert opts.money(Fraction(3, 2)) == Fraction(3, 2)
    with pytest.raises(TableError) as info:
        HkOldOptions.from_dict({"rate": 1})
    assert info.value.code == "bad_option"


def test_session_end_and_zero_sum():
    """Every payment is booked at once, so 埋數 settles nothing and balances sum to zero throughout."""
    state = opened(discard="half")
    for e in (
        dis("A", ("B", 4)),
        SelfDraw("C", 3, kong_discarder="D"),
        FalseWin("B"),
        Draw(),
        SessionEnded(),
    ):
        t = apply(state, e)
        state = t.state
        assert sum(state.balances.values()) == 0
    assert state.ended and t.payments == ()


def test_undo_gives_the_state_back_and_replay_agrees():
    """Undo after a win gives back exactly the state before it; replaying the log gives the same state."""
    before = opened(discard="half")
    won = apply(before, dis("A", ("B", 4))).state
    undone = apply(won, Undo("A"))
    assert undone.state == before
    assert sorted(pays(undone)) == sorted(
        [("B", "A", 8, "undo:win"), ("B", "C", 4, "undo:half_share"), ("B", "D", 4, "undo:half_share")]
    )
    log = [
        TableOpened(P, HkOldOptions(discard="half"), system="hk-old"),
        dis("A", ("B", 4)),
        SelfDraw("C", 3),
    ]
    # 半銃 4翻 (portion 8): A −8, B +16, C −4, D −4; C 自摸 3翻: 4 from each of A, B, D
    assert replay(log).balances == {"A": -12, "B": 12, "C": 8, "D": -8}


def test_base_bounds_are_a_real_tables_money():
    """QA #14: 底 is money a table can play, like 港式台牌's rate: more than 0, at most 2 decimals, at most
    1,000,000.  0.01 and 1,000,000 are taken; 1,000,000.01, 0 and 1/3 are refused, with the hint saying
    what would be right, from a 規則 line and from stored settings alike."""
    assert HkOldOptions().with_option("底", "0.01").base == Fraction(1, 100)
    assert HkOldOptions().with_option("底", "1000000").base == 1_000_000
    for bad in ("1000000.01", "0", "1/3"):
        with pytest.raises(TableError) as info:
            HkOldOptions().with_option("底", bad)
        assert info.value.code == "bad_amount"
        assert (
            info.value.hint
            == "an amount of money more than 0, at most 2 decimals, at most 1,000,000 (e.g. 100 or 0.5)"
        )
    with pytest.raises(TableError):
        HkOldOptions.from_dict({"base": "1/3"})
