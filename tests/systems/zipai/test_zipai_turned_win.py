"""A 字牌 win on a card turned from the pile (taipai.systems.zipai.turned.TurnedWin), through the core
table machine: each loser pays one share (seed 002 ⑶'s general rule 「輸的玩家分別給予按獲勝玩家所得油數
算的積分」), neither the 點炮's all-from-one nor the self-draw's doubling; the winner deals next; 起胡 and
3把50胡 as for any win; the log keeps it and replays it."""

from __future__ import annotations

import pytest

from taipai.core import registry
from taipai.core.table import SelfDraw, TableOpened, TableState, WinByDiscard, WinLeg
from taipai.core.table.codec import event_from_dict
from taipai.core.table.errors import TableError
from taipai.core.table.machine import apply, replay
from taipai.systems.zipai import SYSTEMS
from taipai.systems.zipai.options import ZipaiOptions
from taipai.systems.zipai.turned import TurnedWin


@pytest.fixture(autouse=True)
def zipai_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    for system in SYSTEMS:
        monkeypatch.setitem(registry.SYSTEMS, system.id, system)


def opened(system: str = "zipai", names: tuple[str, ...] = ("A", "B", "C"), **options: object) -> TableState:
    opts = ZipaiOptions.preset(system)
    for k, v in options.items():
        opts = opts.with_option(k, v)  # type: ignore[arg-type]
    return apply(None, TableOpened(names, opts, system=system)).state  # type: ignore[arg-type]


def moves_of(state: TableState, event: object) -> tuple[TableState, dict[str, object]]:
    t = apply(state, event)  # type: ignore[arg-type]
    moves: dict[str, object] = {}
    for p in t.payments:
        moves[p.payer] = moves.get(p.payer, 0) - p.amount  # type: ignore[operator]
        moves[p.payee] = moves.get(p.payee, 0) + p.amount  # type: ignore[operator]
    return t.state, moves


def test_each_loser_pays_one_share():
    # 12油, 底 1: A and C pay 12 each; a 點炮 would take 24 from one, a 大字牌 self-draw 24 from each
    state, moves = moves_of(opened(), TurnedWin("B", 12, turner="A"))
    assert moves == {"A": -12, "B": 24, "C": -12}
    assert state.dealer == "B"  # the winner deals next (⑴ 「上局胡牌的玩家成為莊家」)
    assert state.history[-1].summary == "B wins on a card turned by A (翻): 12"
    _, discard = moves_of(opened(), WinByDiscard("A", (WinLeg("B", 12),)))
    _, drawn = moves_of(opened(), SelfDraw("B", 12))
    assert discard == {"A": -24, "B": 24} and drawn == {"A": -24, "B": 48, "C": -24}


def test_the_tables_self_draw_and_discard_settings_do_not_change_it():
    _, moves = moves_of(opened(self_draw="單", discard="單", base=2), TurnedWin("C", 15))
    assert moves == {"A": -30, "B": -30, "C": 60}


def test_hu_variants_pay_their_unit():
    _, moves = moves_of(opened("zipai-hard"), TurnedWin("A", 14))  # 硬鬍子: 14胡, each loser 14
    assert moves == {"A": 28, "B": -14, "C": -14}


def test_below_qihu_is_refused():
    with pytest.raises(TableError) as err:
        apply(opened(), TurnedWin("B", 9))  # 大字牌's 起胡 10油
    assert err.value.code == "below_minimum"


def test_three_hands_counts_it_as_a_win():
    state = opened("zipai-hard", three_hands="開")
    with pytest.raises(TableError) as err:
        apply(state, TurnedWin("B", 12))  # 3把50胡: the first of a player's three needs 15胡
    assert err.value.code == "first_of_three"
    state, _ = moves_of(state, TurnedWin("B", 16))
    assert "3把50胡" in state.history[-1].summary


def test_bad_players_are_refused():
    cases = {
        TurnedWin("Z", 12): "unknown_player",  # the core checks the names an own event holds
        TurnedWin("B", 12, turner="Z"): "bad_event",
        TurnedWin("B", 12, turner="B"): "bad_event",  # the winner's own draw is a 自摸
        TurnedWin("B", -1): "bad_event",
    }
    for event, code in cases.items():
        with pytest.raises(TableError) as err:
            apply(opened(), event)
        assert err.value.code == code, event
    four = opened(names=("A", "B", "C", "D"))  # A deals: C, opposite, sits out (數信)
    with pytest.raises(TableError):
        apply(four, TurnedWin("C", 12))
    _, moves = moves_of(four, TurnedWin("B", 12, turner="D"))
    assert moves == {"A": -12, "B": 24, "D": -12}  # the sitter pays nothing


def test_the_log_keeps_and_replays_it():
    event = TurnedWin("B", 12, turner="A")
    assert event_from_dict(event.to_dict()) == event
    assert event_from_dict({"kind": "turned_win", "winner": "B", "count": 12}) == TurnedWin("B", 12)
    opening = TableOpened(("A", "B", "C"), ZipaiOptions.preset("zipai"), system="zipai")
    state = replay([opening, event])
    assert state.balances == {"A": -12, "B": 24, "C": -12}
