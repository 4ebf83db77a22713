"""Events round trip, undo/redo, session end, ledger JSON, option changes (DESIGN §1, §5)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from table_helpers import P, chains, dis, opened, pays, run, step, tsumo

from taipai.core.table import (
    Draw,
    FalseWin,
    Redo,
    RuleChanged,
    SessionEnded,
    TableError,
    TableOpened,
    Undo,
    WinByDiscard,
    WinLeg,
    amount_from_json,
    amount_to_json,
    state_to_dict,
)
from taipai.core.table.codec import event_from_dict
from taipai.core.table.machine import apply, replay
from taipai.systems.hk_taiwan.events import CashPrize, CutChain, FlyTile
from taipai.systems.hk_taiwan.options import TableOptions

ALL_EVENTS = [
    TableOpened(P, TableOptions(rate=Fraction(1, 3), cut="none", prizes={"chase": Fraction(3, 2)})),
    WinByDiscard("A", (WinLeg("B", 12), WinLeg("C", 3, 2, robbed_kong=True))),
    tsumo("B", 7),
    tsumo("B", 7, kong_discarder="C"),
    Draw(),
    FalseWin("D"),
    CashPrize("seven_rob_one", "A", "B"),
    CashPrize("chase", "A"),
    CutChain("A", "B", True),
    FlyTile("C", "三萬"),
    RuleChanged("la_mode", "dealer_only"),
    RuleChanged("base_fan", 10),
    RuleChanged("x", True),
    Undo("A"),
    Redo("B"),
    SessionEnded(),
]


@pytest.mark.parametrize("event", ALL_EVENTS, ids=lambda e: e.kind)
def test_event_json_round_trip(event: object) -> None:
    d = event.to_dict()  # type: ignore[attr-defined]
    assert d["kind"] == type(event).kind  # type: ignore[attr-defined]
    assert event_from_dict(json.loads(json.dumps(d))) == event


def test_event_from_dict_errors() -> None:
    for bad in ({"kind": "nope"}, {}, {"kind": "draw", "x": 1}, {"kind": "win_by_discard", "discarder": "A"}):
        with pytest.raises(TableError) as e:
            event_from_dict(bad)
        assert e.value.code == "bad_event"


def test_amount_json() -> None:
    assert amount_to_json(Fraction(10, 2)) == 5 and isinstance(amount_to_json(Fraction(10, 2)), int)
    assert amount_to_json(Fraction(5, 2)) == 2.5
    assert amount_to_json(Fraction(5, 3)) == "5/3"
    for v in (7, Fraction(-5, 2), Fraction(5, 3)):
        assert amount_from_json(json.loads(json.dumps(amount_to_json(v)))) == v
    assert amount_from_json("0.5") == Fraction(1, 2)


def test_state_to_dict_ledger_shape() -> None:
    s = run(opened(), dis("B", "A", 4), CashPrize("one_set_mixed", "C"))
    d = json.loads(json.dumps(state_to_dict(s)))
    assert d["players"] == [
        # seat: fixed from 開枱; wind (added): the seat wind now; A won on B's discard and deals on
        {"name": "A", "seat": "東", "balance": -2.5, "wind": "東"},
        {"name": "B", "seat": "南", "balance": -2.5, "wind": "南"},
        {"name": "C", "seat": "西", "balance": 7.5, "wind": "西"},
        {"name": "D", "seat": "北", "balance": -2.5, "wind": "北"},
    ]
    # B wins on A's discard: the deal passes to B, who sits 東 now; the fixed seats stay
    moved = state_to_dict(run(opened(), dis("A", "B", 4)))["players"]
    assert [(p["name"], p["seat"], p["wind"]) for p in moved] == [
        ("A", "東", "北"),
        ("B", "南", "東"),
        ("C", "西", "南"),
        ("D", "北", "西"),
    ]
    assert (d["dealer"], d["streak"], d["round"], d["hand"]) == ("A", 1, "東", 1)
    assert d["chains"] == [{"debtor": "B", "creditor": "A", "level": 1, "amount": 10}]
    assert [e["kind"] for e in d["events"]] == ["table_opened", "win_by_discard", "cash_prize"]
    assert d["events"][1]["moves"] == [
        {"action": "open", "debtor": "B", "creditor": "A", "level": 1, "amount": 10}
    ]
    assert d["events"][2]["hand"] == 2 and len(d["events"][2]["payments"]) == 3


def test_no_table_and_table_open_errors() -> None:
    for e in (Draw(), Undo(), Redo()):
        with pytest.raises(TableError) as err:
            apply(None, e)
        assert err.value.code == "no_table"
    with pytest.raises(TableError) as err:
        step(opened(), TableOpened(P))
    assert err.value.code == "table_open"
    for players in (("A", "B", "C"), ("A", "A", "C", "D"), ("A", "B", "C", " ")):
        with pytest.raises(TableError) as err:
            apply(None, TableOpened(players))  # type: ignore[arg-type]
        assert err.value.code == "bad_players"
    with pytest.raises(TableError):
        replay([])


def test_undo_restores_and_redo_reapplies() -> None:
    s0 = run(opened(), dis("B", "A", 4))
    t1 = step(s0, dis("B", "A", 0))
    u = step(t1.state, Undo("A"))
    assert u.state == s0
    assert chains(u.state) == [("B", "A", 1, 10)]
    r = step(u.state, Redo("A"))
    assert r.state == t1.state
    with pytest.raises(TableError) as e:
        step(r.state, Redo())
    assert e.value.code == "nothing_to_redo"


def test_undo_returns_reversed_payments() -> None:
    s = opened()
    t = step(s, FalseWin("B"))
    u = step(t.state, Undo())
    assert pays(u) == [(p[1], p[0], p[2], "undo:false_win") for p in reversed(pays(t))]
    assert u.state.balances == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_new_event_clears_redo_stack() -> None:
    s = run(opened(), Draw(), Undo())
    s = run(s, FalseWin("A"))
    with pytest.raises(TableError) as e:
        step(s, Redo())
    assert e.value.code == "nothing_to_redo"


def test_undo_several_then_redo_several() -> None:
    events = [dis("B", "A", 4), Draw(), tsumo("C", 3), CashPrize("chase", "D")]
    states = [opened()]
    for e in events:
        states.append(run(states[-1], e))
    s = states[-1]
    for i in range(len(events)):
        s = run(s, Undo())
        assert s == states[-2 - i]
    with pytest.raises(TableError) as err:
        step(s, Undo())  # the first 開枱 cannot be undone
    assert err.value.code == "nothing_to_undo"
    for i in range(len(events)):
        s = run(s, Redo())
        assert s == states[i + 1]


def test_replay_with_undo_redo_equals_incremental() -> None:
    log = [
        TableOpened(P),
        dis("B", "A", 4),
        Undo("A"),
        dis("C", "A", 4),
        Draw(),
        Undo(),
        Redo(),
        FlyTile("B", "東"),
    ]
    s = None
    for e in log:
        s = apply(s, e).state
    assert replay(log) == s
    assert chains(s) == [("C", "A", 1, 10)]
    assert [h.event.kind for h in s.history] == ["table_opened", "win_by_discard", "draw", "fly_tile"]


def test_session_end_settles_chains_and_rejects_events() -> None:
    s = run(opened(), dis("B", "A", 4), dis("B", "A", 0), CashPrize("concealed_kong", "C"))
    owed = s.owed()
    t = step(s, SessionEnded())
    assert pays(t) == [("B", "A", 23, "la_settle")]
    assert t.state.ended and t.state.chains == () and t.state.balances == owed
    with pytest.raises(TableError) as e:
        step(t.state, Draw())
    assert e.value.code == "ended"
    assert step(t.state, Undo()).state == s  # a mistaken 埋數 can be undone
    fresh = step(t.state, TableOpened(("E", "F", "G", "H"))).state  # a new session in the same log
    assert fresh.names == ("E", "F", "G", "H") and fresh.dealer == "E" and len(fresh.history) == 1
    assert step(fresh, Undo()).state == t.state


def test_rule_changed() -> None:
    s = run(
        opened(), RuleChanged("la_mode", "off"), RuleChanged("rate", "1/2"), RuleChanged("base_fan", "10")
    )
    assert (s.options.la_mode, s.options.rate, s.options.base_fan) == ("off", Fraction(1, 2), 10)
    assert pays(step(s, dis("B", "C", 1))) == [("B", "C", 11, "win")]
    for option, value, code in [
        ("nope", 1, "bad_option"),
        ("la_mode", "sometimes", "bad_value"),
        ("la_mode", 3, "bad_value"),
        ("base_fan", "x", "bad_value"),
        ("base_fan", 0, "bad_value"),
        ("rate", 0, "bad_amount"),
        ("rate", True, "bad_value"),
        ("prize.lucky", 1, "unknown_prize"),
    ]:
        with pytest.raises(TableError) as e:
            step(s, RuleChanged(option, value))
        assert e.value.code == code, (option, value)


def test_rule_change_cut_none_clears_offers() -> None:
    s = opened()
    for _ in range(3):
        s = run(s, dis("B", "A", 0))
    assert s.pending
    assert run(s, RuleChanged("cut", "none")).pending == ()


def test_fly_tile_recorded_without_payment() -> None:
    t = step(opened(), FlyTile("B", "五筒"))
    assert t.payments == () and t.state.history[-1].event == FlyTile("B", "五筒")
    assert t.state.hand == 0


def test_history_records_hand_dealer_and_summary() -> None:
    s = run(opened(), Draw(), dis("C", "B", 2))
    h = s.history[-1]
    assert (h.hand, h.dealer, h.streak, h.round) == (2, "A", 1, "東")
    assert "B" in h.summary and "C" in h.summary


def test_options_validation() -> None:
    with pytest.raises(TableError):
        TableOptions(cut="sometimes")
    with pytest.raises(TableError):
        TableOptions(prizes={"lucky": 1})
    with pytest.raises(TableError):
        TableOptions.from_dict({"speed": 1})
    o = TableOptions(rate="3/2", prizes={"chase": "0.5"})
    assert o.rate == Fraction(3, 2) and o.prizes["chase"] == Fraction(1, 2) and o.prizes["dice_123"] == 1
    assert TableOptions.from_dict(json.loads(json.dumps(o.to_dict()))) == o


def test_events_options_and_state_are_hashable() -> None:
    s = run(opened(prizes={"chase": 2}), dis("B", "A", 4))
    assert hash(s) == hash(run(opened(prizes={"chase": 2}), dis("B", "A", 4)))
    assert len({TableOptions(), TableOptions(prizes={"chase": 1}), TableOptions(rate=2)}) == 2
    assert len({e for e in ALL_EVENTS}) == len(ALL_EVENTS)
