"""The machine checks every player an event names, whatever the game (core/table/machine.py
``PLAYER_FIELDS``): nobody outside the table is booked, in a shared event or a system's own."""

from __future__ import annotations

import pytest

from taipai.core.table.errors import TableError
from taipai.core.table.events import TableOpened
from taipai.core.table.machine import apply
from taipai.systems.taiwan.events import FlowerWin


def _taiwan_table():
    return apply(None, TableOpened(("A", "B", "C", "D"), system="taiwan")).state


def test_a_flower_win_robbing_someone_not_at_the_table_is_refused() -> None:
    # seed 003 七搶一: 「被搶花者賠付」 — the robbed player pays, so the robbed player must sit here.
    state = _taiwan_table()
    with pytest.raises(TableError) as err:
        apply(state, FlowerWin("B", robbed="Z"))
    assert err.value.code == "unknown_player"
    assert apply(state, FlowerWin("B", robbed="C")).state.balances["C"] < 0
