"""Hypothesis properties (DESIGN §7): zero-sum after every event, replay = incremental state,
undo then redo is the identity, undo restores the exact previous state; settle_transfers."""

from __future__ import annotations

import json
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from table_helpers import P

from taipai.core.settle import settle_transfers
from taipai.core.table import (
    Draw,
    Event,
    FalseWin,
    Redo,
    RuleChanged,
    SelfDraw,
    SessionEnded,
    TableError,
    TableOpened,
    TableState,
    Undo,
    WinByDiscard,
    WinLeg,
    state_to_dict,
)
from taipai.core.table.codec import event_from_dict
from taipai.core.table.machine import apply, replay
from taipai.systems.hk_taiwan.events import CashPrize, CutChain, FlyTile
from taipai.systems.hk_taiwan.options import TableOptions
from taipai.systems.hk_taiwan.prizes import PRIZES

names = st.sampled_from(P)
fans = st.integers(0, 120)
bases = st.integers(1, 2)

options = st.builds(
    TableOptions,
    base_fan=st.sampled_from([5, 1, 3]),
    la_mode=st.sampled_from(["every_hand", "every_hand", "dealer_only", "off"]),
    la_break=st.sampled_from(["next_win", "debtor_wins"]),
    la_on_draw=st.sampled_from(["keep", "settle"]),
    cut=st.sampled_from(["every_third", "from_third", "none"]),
    multi_win_deal=st.sampled_from(["dealer_among_winners", "always_pass"]),
    dealer_fan_per_streak=st.sampled_from([2, 0, 1]),
    prizes=st.fixed_dictionaries({"one_set_mixed": st.sampled_from([Fraction(1, 2), Fraction(1, 3), 1])}),
)


@st.composite
def discard_wins(draw: st.DrawFn) -> WinByDiscard:
    discarder = draw(names)
    winners = draw(st.lists(names, min_size=1, max_size=3, unique=True))
    return WinByDiscard(
        discarder, tuple(WinLeg(w, draw(fans), draw(bases), draw(st.booleans())) for w in winners)
    )


hand_events = st.one_of(
    discard_wins(),
    st.builds(SelfDraw, names, fans, bases, st.one_of(st.none(), names), st.booleans()),
    st.just(Draw()),
)
side_events = st.one_of(
    st.builds(FalseWin, names),
    st.builds(CashPrize, st.sampled_from(sorted(PRIZES)), names, st.one_of(st.none(), names)),
    st.builds(FlyTile, names, st.sampled_from(["一萬", "東"])),
    st.builds(RuleChanged, st.just("la_mode"), st.sampled_from(["every_hand", "dealer_only", "off"])),
    st.builds(RuleChanged, st.just("cut"), st.sampled_from(["every_third", "from_third", "none"])),
    st.builds(RuleChanged, st.just("prize.chase"), st.sampled_from(["2", "1/2", 3])),
    st.builds(CutChain, names, names, st.booleans()),
)
# Wins between A and B only, often, so chains reach 拉三 and beyond (cut offers, kicks).
pair_wins = st.one_of(
    st.builds(
        lambda w, f: WinByDiscard("B" if w == "A" else "A", (WinLeg(w, f),)), st.sampled_from("AB"), fans
    ),
    st.builds(SelfDraw, st.sampled_from("AB"), fans),
)
rare = st.sampled_from([SessionEnded(), TableOpened(P)])
any_event = st.one_of(
    hand_events, pair_wins, pair_wins, hand_events, side_events, st.just(Undo()), st.just(Redo()), rare
)


def _zero_sum(state: TableState) -> None:
    assert sum(state.balances.values(), Fraction(0)) == 0
    assert sum(state.owed().values(), Fraction(0)) == 0
    for b in state.balances.values():
        assert isinstance(b, int | Fraction) and not isinstance(b, bool)
    for c in state.chains:
        assert isinstance(c.amount, int) and c.amount > 0 and c.level >= 1


@settings(max_examples=200, deadline=None)
@given(opts=options, data=st.data())
def test_random_sessions(opts: TableOptions, data: st.DataObject) -> None:
    state = apply(None, TableOpened(P, opts)).state
    log: list[Event] = [TableOpened(P, opts)]
    for _ in range(data.draw(st.integers(0, 40))):
        event = data.draw(any_event)
        if state.pending and data.draw(st.booleans()):  # answer a real 斬拉 offer
            offer = data.draw(st.sampled_from(state.pending))
            event = CutChain(offer.debtor, offer.creditor, data.draw(st.booleans()))
        try:
            t = apply(state, event)
        except TableError:
            continue
        before, state = state, t.state
        log.append(event)
        _zero_sum(state)
        # balances move by exactly the booked payments
        for name in P if state.history[0] is before.history[0] else ():
            delta = sum((p.amount for p in t.payments if p.payee == name), Fraction(0)) - sum(
                (p.amount for p in t.payments if p.payer == name), Fraction(0)
            )
            assert state.balances[name] - before.balances[name] == delta
        if not isinstance(event, Undo | Redo):
            # undo of any event restores the exact previous state; undo then redo is the identity
            undone = apply(state, Undo()).state
            assert undone == before
            assert apply(undone, Redo()).state == state
        assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event
    assert replay(log) == state
    json.dumps(state_to_dict(state))
    if not state.ended:
        owed = state.owed()
        end = apply(state, SessionEnded()).state
        assert end.chains == () and end.balances == owed
        transfers = settle_transfers(end.balances)
        nonzero = sum(1 for v in end.balances.values() if v)
        assert len(transfers) <= max(nonzero - 1, 0)
        left = dict(end.balances)
        for payer, payee, amount in transfers:
            assert amount > 0
            left[payer] += amount
            left[payee] -= amount
        assert all(v == 0 for v in left.values())


balances_maps = st.lists(
    st.one_of(st.integers(-500, 500), st.fractions(-50, 50, max_denominator=4)), min_size=0, max_size=9
).map(lambda xs: {f"p{i}": x for i, x in enumerate(xs)} | {"last": -sum(xs, Fraction(0))})


@settings(max_examples=200, deadline=None)
@given(balances=balances_maps)
def test_settle_transfers_zero_and_at_most_n_minus_one(balances: dict[str, Fraction | int]) -> None:
    transfers = settle_transfers(balances)
    left = {k: Fraction(v) for k, v in balances.items()}
    for payer, payee, amount in transfers:
        assert amount > 0 and balances[payer] < 0 < balances[payee]
        left[payer] += amount
        left[payee] -= amount
    assert all(v == 0 for v in left.values())
    assert len(transfers) <= max(sum(1 for v in balances.values() if v) - 1, 0)
