"""Legs, dealer fan, 連莊, deal rotation and round wind (seed 004, 莊家 row, 連莊, 流程, 自摸, 槓牌)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from table_helpers import chains, dis, opened, pays, run, step, tsumo

from taipai.core.table import Draw, TableError, WinByDiscard, WinLeg
from taipai.systems.hk_taiwan.options import TableOptions


def test_non_dealer_self_draw_with_dealer_on_lian_three() -> None:
    # 莊家 row: 「當閒家自摸拉三家時，也須將莊家翻數額外加在莊家上」; n = 3 → 2·3+1 = 7.
    s = run(opened(la_mode="off"), Draw(), Draw(), Draw())  # 臭莊 three times: A dealer, 連三
    assert (s.dealer, s.streak) == ("A", 3)
    t = step(s, tsumo("B", 10))
    # each pays 10 + 5 (底); the dealer A also pays 7.
    assert pays(t) == [
        ("A", "B", 15, "win"),
        ("A", "B", 7, "dealer"),
        ("C", "B", 15, "win"),
        ("D", "B", 15, "win"),
    ]
    assert t.state.balances == {"A": -22, "B": 52, "C": -15, "D": -15}


def test_non_dealer_self_draw_opens_three_chains_with_dealer_leg() -> None:
    s = run(opened(), Draw(), Draw(), Draw())
    t = step(s, tsumo("B", 10))
    assert chains(t.state) == [("A", "B", 1, 22), ("C", "B", 1, 15), ("D", "B", 1, 15)]


def test_dealer_win_and_dealer_deal_in_carry_dealer_fan() -> None:
    s = opened(la_mode="off")
    # dealer wins (n = 0): 3 + 5 + 1.
    assert pays(step(s, dis("C", "A", 3))) == [("C", "A", 8, "win"), ("C", "A", 1, "dealer")]
    # dealer deals in: 3 + 5 + 1.
    assert pays(step(s, dis("A", "C", 3))) == [("A", "C", 8, "win"), ("A", "C", 1, "dealer")]
    # between non-dealers: no dealer fan.
    assert pays(step(s, dis("B", "C", 3))) == [("B", "C", 8, "win")]


def test_dealer_self_draw_each_leg_carries_dealer_fan() -> None:
    s = run(opened(la_mode="off"), Draw())  # n = 1 → 3
    t = step(s, tsumo("A", 2))
    assert t.state.balances == {"A": 30, "B": -10, "C": -10, "D": -10}


def test_double_reading_two_bases() -> None:
    # 底: 「嚦咕嚦咕另計雙般高的場合，則可以計作兩個底」 → bases = 2.
    t = step(opened(la_mode="off"), dis("B", "C", 55, bases=2))
    assert pays(t) == [("B", "C", 65, "win")]


def test_robbed_kong_konger_pays() -> None:
    # 槓牌: 「搶槓不會當作自摸，只會視為槓牌一方出沖而已」
    t = step(opened(la_mode="off"), WinByDiscard("D", (WinLeg("B", 5, robbed_kong=True),)))
    assert pays(t) == [("D", "B", 10, "win")]


def test_kong_discarder_pays_all_three_legs() -> None:
    # 槓上自摸 row: 「明槓出銃者全包」; A is dealer so A's own leg carries 1.
    t = step(opened(la_mode="off"), tsumo("B", 10, kong_discarder="A"))
    assert pays(t) == [
        ("A", "B", 15, "win"),
        ("A", "B", 1, "dealer"),
        ("A", "B", 15, "win"),
        ("A", "B", 15, "win"),
    ]
    assert t.state.balances == {"A": -46, "B": 46, "C": 0, "D": 0}
    # with 拉, the three legs make one debt A→B 46.
    assert chains(step(opened(), tsumo("B", 10, kong_discarder="A")).state) == [("A", "B", 1, 46)]


def test_three_hundred_sixty_money() -> None:
    # 底: 「唔打咁大呀，三百六十」，意思就是「每底300元，翻為60元」 → base_fan 5, rate 60 per fan unit.
    opts = TableOptions(base_fan=5, rate=60)
    assert opts.money(opts.base_fan) == 300
    s = opened(base_fan=5, rate=60, la_mode="off")
    t = step(s, dis("B", "C", 10))  # 10 fan + 1 底 = 15 fan units = 300 + 600 money
    assert t.state.balances["C"] == 15
    assert opts.money(t.state.balances["C"]) == 900
    assert TableOptions(rate="1/2").money(15) == Fraction(15, 2)


def test_rotation_streak_and_round_over_many_hands() -> None:
    # 流程: 「每局依次序逆時針輪流當起莊家。而和局時，則該局莊家須再當一次莊，稱為臭莊」
    s = opened()
    seen = []
    for e in [
        dis("B", "A", 0),  # dealer A wins → A n=1
        Draw(),  # 臭莊 → A n=2
        dis("C", "B", 0),  # B wins → deal to B, n=0
        dis("A", "C", 0),  # C wins, B was dealer → deal to C
        dis("A", "D", 0),  # D wins → deal to D
        tsumo("D", 0),  # dealer D wins → D n=1
        dis("B", "A", 0),  # A wins → deal to A; all four have dealt → 南圈
    ]:
        s = run(s, e)
        seen.append((s.dealer, s.streak, s.round_wind, s.hand))
    assert seen == [
        ("A", 1, "東", 1),
        ("A", 2, "東", 2),
        ("B", 0, "東", 3),
        ("C", 0, "東", 4),
        ("D", 0, "東", 5),
        ("D", 1, "東", 6),
        ("A", 0, "南", 7),
    ]


def test_round_wind_wraps_after_north() -> None:
    s = opened(la_mode="off")
    winds = []
    for _ in range(4):
        for loser, winner in (("A", "B"), ("A", "C"), ("A", "D"), ("B", "A")):
            s = run(s, dis(loser, winner, 0))
        winds.append(s.round_wind)
    assert winds == ["南", "西", "北", "東"]
    assert s.hand == 16


def test_seat_wind_follows_dealer() -> None:
    s = run(opened(), dis("C", "B", 0))  # B deals
    assert [s.seat_wind(p) for p in "ABCD"] == ["北", "東", "南", "西"]
    assert [s.seat_of(p) for p in "ABCD"] == ["東", "南", "西", "北"]


def test_multi_win_dealer_among_winners_keeps_deal() -> None:
    s = opened()
    t = step(s, WinByDiscard("C", (WinLeg("B", 0), WinLeg("A", 0))))
    assert (t.state.dealer, t.state.streak) == ("A", 1)
    t = step(opened(multi_win_deal="always_pass"), WinByDiscard("C", (WinLeg("B", 0), WinLeg("A", 0))))
    assert (t.state.dealer, t.state.streak) == ("B", 0)
    t = step(s, WinByDiscard("C", (WinLeg("B", 0), WinLeg("D", 0))))
    assert (t.state.dealer, t.state.streak) == ("B", 0)


def test_triple_win_one_event_three_legs() -> None:
    t = step(opened(la_mode="off"), WinByDiscard("D", (WinLeg("A", 1), WinLeg("B", 2), WinLeg("C", 3))))
    assert pays(t) == [
        ("D", "A", 6, "win"),
        ("D", "A", 1, "dealer"),
        ("D", "B", 7, "win"),
        ("D", "C", 8, "win"),
    ]
    assert len(t.state.history) == 2  # 開枱 + one event


@pytest.mark.parametrize(
    ("event", "code"),
    [
        (dis("A", "A", 1), "same_player"),
        (dis("A", "Z", 1), "unknown_player"),
        (dis("Z", "A", 1), "unknown_player"),
        (dis("B", "A", -1), "bad_amount"),
        (dis("B", "A", 1, bases=0), "bad_amount"),
        (WinByDiscard("B", ()), "no_legs"),
        (WinByDiscard("B", (WinLeg("A", 1), WinLeg("A", 2))), "same_player"),
        (tsumo("A", 1, kong_discarder="A"), "same_player"),
        (tsumo("Q", 1), "unknown_player"),
    ],
)
def test_bad_wins_rejected(event: object, code: str) -> None:
    s = opened()
    with pytest.raises(TableError) as e:
        step(s, event)  # type: ignore[arg-type]
    assert e.value.code == code
