"""廣東牌 (hk-old) ledger properties (DESIGN §7): zero-sum after every event, replay of the stored JSON =
the state built event by event, undo restores the exact previous state, refused events change nothing;
and the scorer never answers outside [0, maximum] nor below 起糊."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from taipai.core.errors import HandError
from taipai.core.system import Seat
from taipai.core.table.codec import event_from_dict
from taipai.core.table.errors import TableError
from taipai.core.table.events import (
    Draw,
    Event,
    FalseWin,
    RuleChanged,
    SelfDraw,
    TableOpened,
    Undo,
    WinByDiscard,
    WinLeg,
)
from taipai.core.table.machine import apply, replay
from taipai.core.table.state import TableState
from taipai.systems.hk_old import SYSTEM
from taipai.systems.hk_old.options import HkOldOptions

P = ("A", "B", "C", "D")
names = st.sampled_from(P)
fans = st.integers(0, 15)

options = st.builds(
    HkOldOptions,
    base=st.sampled_from([1, 2, Fraction(1, 2), 5]),
    minimum=st.integers(0, 3),
    maximum=st.sampled_from([8, 10, 13]),
    multiplier=st.sampled_from(["doubling", "half_spicy", "spicy"]),
    discard=st.sampled_from(["full", "half", "taiwan"]),
    self_draw=st.sampled_from(["single", "double", "half"]),
    multi_win=st.booleans(),
    draw_keeps_deal=st.booleans(),
)


@st.composite
def discard_wins(draw: st.DrawFn) -> WinByDiscard:
    discarder = draw(names)
    winners = draw(
        st.lists(st.sampled_from([n for n in P if n != discarder]), min_size=1, max_size=3, unique=True)
    )
    return WinByDiscard(discarder, tuple(WinLeg(w, draw(fans), 1, draw(st.booleans())) for w in winners))


@st.composite
def self_draws(draw: st.DrawFn) -> SelfDraw:
    winner = draw(names)
    payer = draw(st.one_of(st.none(), names))
    return SelfDraw(winner, draw(fans), kong_discarder=payer)


events = st.one_of(
    discard_wins(),
    self_draws(),
    st.just(Draw()),
    st.builds(FalseWin, names),
    st.just(Undo()),
    st.builds(RuleChanged, st.just("discard"), st.sampled_from(["full", "half", "taiwan"])),
)


@settings(max_examples=150, deadline=None)
@given(options, st.lists(events, max_size=14))
def test_zero_sum_replay_and_undo(opts: HkOldOptions, evs: list[Event]) -> None:
    opened = TableOpened(P, opts, system="hk-old")
    state: TableState = apply(None, opened).state
    log: list[Event] = [opened]
    for e in evs:
        try:
            t = apply(state, e)
        except TableError:
            continue  # refused: nothing booked, ``state`` unchanged
        if not isinstance(e, Undo):
            assert apply(t.state, Undo()).state == state
        state = t.state
        log.append(e)
        assert sum(state.balances.values()) == 0
    stored = [event_from_dict(e.to_dict()) for e in log]
    assert replay(stored) == state


HANDS = (
    "一二三萬 四五六萬 七八九筒 二三四索 南 食 南",
    "一二三萬 四五六萬 七八九萬 二三四萬 五萬 摸 五萬",
    "中中中 發發發 四五六萬 七八九萬 白 食 白",
    "碰 一一一萬 九九九筒 東東東 北北北 白 食 白",
    "一九萬一九筒一九索東南西北中發白 食 白",
    "槓 東東東東 四五六萬 七八九筒 二三四索 南 摸 南 槓上",
)


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(HANDS),
    st.integers(0, 5),
    st.sampled_from([5, 8, 10, 13]),
    st.sampled_from([27, 28, 29, 30]),
    st.sampled_from([27, 28, 29, 30]),
)
def test_score_within_the_table_limits(
    text: str, minimum: int, maximum: int, seat: int, round_wind: int
) -> None:
    opts = HkOldOptions(minimum=minimum, maximum=maximum)
    try:
        got = SYSTEM.score(text, Seat(seat_wind=seat, round_wind=round_wind), SYSTEM.load_rules(), opts).score
    except HandError as err:
        assert err.code == "below_minimum" and err.hint_args["count"] < minimum
        return
    assert minimum <= got.fan <= maximum and got.total == got.fan
