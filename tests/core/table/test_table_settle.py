"""settle_transfers: the fewest transfers that zero the balances (DESIGN §1 ``settle``)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from taipai.core.settle import settle_transfers


def test_one_loser_three_winners() -> None:
    assert settle_transfers({"A": -10, "B": 5, "C": 3, "D": 2}) == [
        ("A", "B", 5),
        ("A", "C", 3),
        ("A", "D", 2),
    ]


def test_zero_sum_pairs_use_two_transfers_not_three() -> None:
    # A -10 / B +10 and C +3 / D -3 are two independent pairs: 2 transfers, not 3.
    assert sorted(settle_transfers({"A": -10, "B": 10, "C": 3, "D": -3})) == [("A", "B", 10), ("D", "C", 3)]
    # no zero-sum pair among A -10, B 7, C 6, D -3: 3 transfers (n - 1).
    assert len(settle_transfers({"A": -10, "B": 7, "C": 6, "D": -3})) == 3
    # six players: {E -4, F 4} and {A -7, B 10, C 3, D -6} → 1 + 3 = 4 transfers (greedy alone makes 5).
    got = settle_transfers({"A": -7, "B": 10, "C": 3, "D": -6, "E": -4, "F": 4})
    assert ("E", "F", 4) in got and len(got) == 4


def test_fractions_and_zeros() -> None:
    got = settle_transfers({"A": Fraction(-5, 2), "B": Fraction(5, 2), "C": 0})
    assert got == [("A", "B", Fraction(5, 2))]
    assert settle_transfers({"A": 0, "B": 0}) == []
    assert settle_transfers({}) == []
    assert settle_transfers({"A": Fraction(-4, 2), "B": 2}) == [("A", "B", 2)]
    assert isinstance(settle_transfers({"A": Fraction(-4, 2), "B": Fraction(4, 2)})[0][2], int)


def test_errors() -> None:
    with pytest.raises(ValueError):
        settle_transfers({"A": -1, "B": 2})
    with pytest.raises(ValueError):
        settle_transfers({"A": -1.0, "B": 1.0})  # type: ignore[dict-item]


def test_many_players_greedy_still_n_minus_one() -> None:
    balances = {f"p{i:02d}": (i + 1) for i in range(20)}
    balances["sink"] = -sum(balances.values())
    got = settle_transfers(balances)
    assert len(got) == 20 and all(payer == "sink" for payer, _, _ in got)
