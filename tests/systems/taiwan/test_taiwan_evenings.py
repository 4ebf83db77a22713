"""Random Taiwan evenings: balances always sum to zero, every leg is at least one 底, undo gives the state
back, and a stored log replays to the same table."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from taipai.core.table import Draw, FalseWin, SelfDraw, TableOpened, Undo, WinByDiscard, WinLeg
from taipai.core.table.codec import event_from_dict
from taipai.core.table.machine import apply, replay
from taipai.systems.taiwan.events import FlowerWin

P = ("A", "B", "C", "D")


@st.composite
def events(draw: st.DrawFn) -> object:
    kind = draw(st.sampled_from(["discard", "multi", "self", "draw", "false", "eight", "rob"]))
    tai = st.integers(0, 30)
    if kind in ("discard", "multi"):
        discarder = draw(st.sampled_from(P))
        others = [p for p in P if p != discarder]
        n = 1 if kind == "discard" else draw(st.integers(2, 3))
        winners = draw(st.permutations(others))[:n]
        return WinByDiscard(discarder, tuple(WinLeg(w, draw(tai)) for w in winners))
    if kind == "self":
        return SelfDraw(draw(st.sampled_from(P)), draw(tai))
    if kind == "draw":
        return Draw()
    if kind == "false":
        return FalseWin(draw(st.sampled_from(P)))
    winner = draw(st.sampled_from(P))
    if kind == "eight":
        return FlowerWin(winner, hand=draw(st.integers(0, 5)))
    robbed = draw(st.sampled_from([p for p in P if p != winner]))
    return FlowerWin(winner, robbed=robbed, hand=draw(st.integers(0, 5)), hand_self_drawn=draw(st.booleans()))


@settings(max_examples=60, deadline=None)
@given(st.lists(events(), min_size=1, max_size=25))
def test_random_evenings(evening: list[object]) -> None:
    log: list[object] = [TableOpened(P, system="taiwan")]
    state = apply(None, log[0]).state  # type: ignore[arg-type]
    for event in evening:
        t = apply(state, event)  # type: ignore[arg-type]
        assert all(p.amount > 0 for p in t.payments)
        assert all(p.amount >= 100 for p in t.payments if p.rule in ("win", "false_win"))  # 底 100 at least
        assert sum(t.state.balances.values()) == 0
        assert apply(t.state, Undo()).state == state
        state = t.state
        log.append(event)
    stored = [event_from_dict(e.to_dict()) for e in log]  # type: ignore[attr-defined]
    assert replay(stored) == state
