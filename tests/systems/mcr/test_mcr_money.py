"""國標 (MCR) money, worked by hand: seed 002 「計分規則」 8番場 「（游戲番數+8）」 — the discarder pays
8 + 番, each other player 8; on a self-draw each pays 8 + 番; no dealer bonus."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from taipai.core.table.errors import TableError
from taipai.core.table.events import Draw, FalseWin, SelfDraw, TableOpened, WinByDiscard, WinLeg
from taipai.core.table.machine import apply
from taipai.core.table.state import TableState
from taipai.systems.mcr.ledger import TABLE
from taipai.systems.mcr.options import McrOptions

P = ("A", "B", "C", "D")


def opened(**opts: object) -> TableState:
    """A four-seat table at MCR settings (opened through the machine as 廣東牌, then given MCR's
    settings: the ledger is called directly, as the machine would call it)."""
    from taipai.systems.hk_old.options import HkOldOptions

    st = apply(None, TableOpened(P, HkOldOptions(), system="hk-old")).state
    return dataclasses.replace(st, options=McrOptions(**opts), system="mcr")  # type: ignore[arg-type]


def pays(payments: tuple) -> list[tuple[str, str, object]]:  # type: ignore[type-arg]
    return [(p.payer, p.payee, p.amount) for p in payments]


def test_discard_pays_eight_plus_fan_others_eight() -> None:
    out = TABLE.win(opened(), WinByDiscard("B", (WinLeg("A", 12),)), strict=True)
    assert pays(out.payments) == [("B", "A", 20), ("C", "A", 8), ("D", "A", 8)]


def test_self_draw_each_pays_eight_plus_fan() -> None:
    out = TABLE.win(opened(), SelfDraw("C", 12), strict=True)
    assert pays(out.payments) == [("A", "C", 20), ("B", "C", 20), ("D", "C", 20)]


def test_base_scales_points() -> None:
    out = TABLE.win(opened(base=Fraction(1, 2)), WinByDiscard("B", (WinLeg("A", 9),)), strict=True)
    assert pays(out.payments) == [("B", "A", Fraction(17, 2)), ("C", "A", 4), ("D", "A", 4)]


def test_no_dealer_bonus_and_the_deal_passes() -> None:
    st = opened()
    assert st.dealer == "A"
    out = TABLE.win(st, SelfDraw("A", 8), strict=True)
    assert pays(out.payments) == [("B", "A", 16), ("C", "A", 16), ("D", "A", 16)]
    assert out.state.dealer == "B"
    assert TABLE.draw(st, Draw()).state.dealer == "B"
    assert TABLE.draw(opened(dealer_stays=True), Draw()).state.dealer == "A"


def test_below_eight_is_refused() -> None:
    with pytest.raises(TableError) as e:
        TABLE.win(opened(), SelfDraw("A", 7), strict=True)
    assert e.value.code == "below_minimum"


def test_two_winners_one_discard_first_in_turn() -> None:
    with pytest.raises(TableError) as e:
        TABLE.win(opened(), WinByDiscard("B", (WinLeg("A", 8), WinLeg("D", 8))), strict=True)
    assert e.value.code == "first_claim_wins"
    assert e.value.args_["winner"] == "D"
    out = TABLE.win(opened(multi_win=True), WinByDiscard("B", (WinLeg("A", 8), WinLeg("D", 8))), strict=True)
    assert pays(out.payments) == [("B", "A", 16), ("C", "A", 8), ("B", "D", 16), ("C", "D", 8)]


def test_false_win_pays_thirty_each() -> None:
    out = TABLE.false_win(opened(), FalseWin("A"))
    assert pays(out.payments) == [("A", "B", 30), ("A", "C", 30), ("A", "D", 30)]


def test_options_round_trip_and_words() -> None:
    o = McrOptions().with_option("起和", "10番").with_option("明暗槓", "開")
    assert (o.minimum, o.mixed_kongs) == (10, True)
    assert McrOptions.from_dict(o.to_dict()) == o
    with pytest.raises(TableError) as e:
        McrOptions().with_option("起和", "99")
    assert e.value.code == "bad_value"
