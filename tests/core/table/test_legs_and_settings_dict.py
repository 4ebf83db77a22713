"""The game-neutral helpers 廣東牌 and 國標 share: who takes a discard claimed twice, a self-draw's
payments (share by share, or all paid by one player), and settings to and from their stored dict."""

from __future__ import annotations

from fractions import Fraction

import pytest

from taipai.core.table.errors import TableError
from taipai.core.table.legs import first_in_turn, self_draw_payments
from taipai.core.table.settings_dict import settings_from_dict, settings_to_dict
from taipai.core.table.state import Payment
from taipai.systems.hk_old.options import HkOldOptions
from taipai.systems.mcr.options import McrOptions

NAMES = ("A", "B", "C", "D")


def test_first_in_turn_is_the_next_seat_after_the_discarder() -> None:
    assert first_in_turn(NAMES, "A", ("D", "C")) == "C"
    assert first_in_turn(NAMES, "C", ("B", "A")) == "A"  # after C: D, then A
    assert first_in_turn(NAMES, "D", ("C", "B")) == "B"


def test_a_self_draw_is_paid_by_each_other_player_or_all_by_one() -> None:
    # 國標 12番 自摸 at 底 1: 8 + 12 = 20 from each (mcr/ledger.py's worked example)
    pays, tail = self_draw_payments(NAMES, "B", 20, None, "包")
    assert pays == [Payment("A", "B", 20, "win"), Payment("C", "B", 20, "win"), Payment("D", "B", 20, "win")]
    assert tail == ""
    pays, tail = self_draw_payments(NAMES, "B", Fraction(5, 2), "D", "包自摸")
    assert pays == [Payment("D", "B", Fraction(15, 2), "bao")]
    assert tail == ", D pays all (包自摸)"
    with pytest.raises(TableError) as err:
        self_draw_payments(NAMES, "B", 20, "B", "包")
    assert err.value.code == "same_player"


def test_settings_round_trip_through_their_dict_with_money_kept_exact() -> None:
    opts = McrOptions(base=Fraction(1, 2), minimum=10, multi_win=True)
    data = settings_to_dict(opts)
    assert data == {
        "base": 0.5, "minimum": 10, "flowers": True, "mixed_kongs": False, "multi_win": True,
        "dealer_stays": False,
    }
    assert settings_from_dict(McrOptions, data) == opts
    assert settings_from_dict(HkOldOptions, {"base": "1/4"}).base == Fraction(1, 4)
    with pytest.raises(TableError) as err:
        settings_from_dict(McrOptions, {"maximum": 8})
    assert err.value.code == "bad_option" and "minimum" in err.value.hint
