"""Once-per-hand cash prizes and 包 only on 槓上自摸 on an exposed kong (issue 13, failure 11).

Seed 004, 現金獎: 一台草 「三家須付半底籌碼。玩家每局只可收取一次」, 一台花 「三家須付一底籌碼。玩家每局只可
收取一次」; 圍骰 and 一二三 are one dice roll per hand; 七搶一 / 一搶七 share the eight flowers between two
players.  Seed 004, 槓上自摸 row: 「明槓出銃者全包」 (the only 包 in the seed).

A hand runs between two hand-ending events (a win, a 流局); a 詐糊 does not end it.  New events are
checked (``apply``); a stored log replays as booked (``replay`` / ``apply(strict=False)``).
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from table_helpers import P, dis, opened, pays, run, step, tsumo

from taipai.core.table import (
    Draw,
    FalseWin,
    Redo,
    SelfDraw,
    SessionEnded,
    TableError,
    TableOpened,
    TableState,
    Undo,
)
from taipai.core.table.codec import event_from_dict
from taipai.core.table.machine import apply, replay
from taipai.systems.hk_taiwan.events import CashPrize
from taipai.systems.hk_taiwan.prizes import PRIZES, once_key

FLOWER_SET = CashPrize("one_set_flowers", "B")


def refused(state, event) -> TableError:
    with pytest.raises(TableError) as err:
        apply(state, event)
    return err.value


# ------------------------------------------------------------------------------ once per hand


def test_second_一台花_in_one_hand_is_refused() -> None:
    """一台花 「三家須付一底籌碼。玩家每局只可收取一次」: B collects 1 底 = 5 fan from each of three (+15)
    once; the second booking in the same hand is refused and moves nothing."""
    s = step(opened(), FLOWER_SET).state
    assert s.balances == {"A": -5, "B": 15, "C": -5, "D": -5}
    err = refused(s, FLOWER_SET)
    assert err.code == "prize_once"
    assert err.args_ == {"prize": "一台花", "first": "一台花", "player": "B"}
    assert s.balances["B"] == 15  # nothing booked twice


def test_second_一台草_in_one_hand_is_refused() -> None:
    """一台草 「三家須付半底籌碼。玩家每局只可收取一次」: ½ 底 = 5/2 fan from each, once."""
    s = step(opened(), CashPrize("one_set_mixed", "C")).state
    assert s.balances["C"] == Fraction(15, 2)
    assert refused(s, CashPrize("one_set_mixed", "C")).code == "prize_once"


def test_一台花_in_the_next_hand_is_accepted() -> None:
    """Near miss: after a win (a new hand) B may collect 一台花 again: 15 + 15 = 30 from prizes."""
    s = run(opened(la_mode="off"), FLOWER_SET, dis("C", "D", 0))  # D 食 C 0番: C pays D 底 5
    t = step(s, FLOWER_SET)
    assert pays(t) == [
        ("A", "B", 5, "prize:one_set_flowers"),
        ("C", "B", 5, "prize:one_set_flowers"),
        ("D", "B", 5, "prize:one_set_flowers"),
    ]
    assert t.state.balances == {"A": -10, "B": 30, "C": -15, "D": -5}


def test_a_draw_ends_the_hand_too() -> None:
    s = run(opened(), FLOWER_SET, Draw())
    assert step(s, FLOWER_SET).state.balances["B"] == 30


def test_a_false_win_does_not_end_the_hand() -> None:
    """詐糊 (「需要付於其餘三家各30翻」) is no hand-ending event: play goes on, the hand is the same one."""
    s = run(opened(), FLOWER_SET, FalseWin("D"))
    assert refused(s, FLOWER_SET).code == "prize_once"


def test_undo_of_the_first_booking_makes_it_bookable_again() -> None:
    s = run(opened(), FLOWER_SET, Undo())
    assert s.balances["B"] == 0
    assert step(s, FLOWER_SET).state.balances["B"] == 15


def test_redo_of_an_undone_booking_is_accepted() -> None:
    s = run(opened(), FLOWER_SET, Undo(), Redo())
    assert s.balances["B"] == 15
    assert refused(s, FLOWER_SET).code == "prize_once"


def test_each_player_collects_their_own_一台花() -> None:
    """Near miss: 「玩家每局只可收取一次」 counts per player: B holds 春夏秋冬, C 梅蘭菊竹; both collect."""
    s = run(opened(), FLOWER_SET, CashPrize("one_set_flowers", "C"))
    assert (s.balances["B"], s.balances["C"]) == (15 - 5, 15 - 5)


def test_一台草_and_一台花_are_separate_prizes() -> None:
    """Each row says 「每局只可收取一次」 for itself: B may collect 一台花 (15) and 一台草 (7½) in one hand."""
    s = run(opened(), FLOWER_SET, CashPrize("one_set_mixed", "B"))
    assert s.balances["B"] == 15 + Fraction(15, 2)


@pytest.mark.parametrize(
    ("first", "second"),
    [("dice_triple", "dice_triple"), ("dice_triple", "dice_123"), ("dice_123", "dice_123")],
)
def test_one_dice_roll_per_hand(first: str, second: str) -> None:
    """圍骰 (each pays the dealer 1 底) and 一二三 (the dealer pays each 1 底) come from the one roll of a
    hand: at most one of them per hand."""
    s = step(opened(), CashPrize(first, "A")).state
    assert s.balances["A"] == (15 if first == "dice_triple" else -15)
    err = refused(s, CashPrize(second, "A"))
    assert err.code == "prize_once"
    assert err.args_["player"] == "A"


def test_dice_roll_in_the_next_hand_is_accepted() -> None:
    """Near miss: the dealer keeps the deal after a draw (臭莊) and rolls again: 圍骰 twice, +30."""
    s = run(opened(), CashPrize("dice_triple", "A"), Draw(), CashPrize("dice_triple", "A"))
    assert s.balances["A"] == 30


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (CashPrize("seven_rob_one", "B", "C"), CashPrize("seven_rob_one", "B", "C")),
        (CashPrize("seven_rob_one", "B", "C"), CashPrize("one_rob_seven", "D", "A")),
    ],
)
def test_one_flower_robbery_per_hand(first: CashPrize, second: CashPrize) -> None:
    """七搶一 / 一搶七 (六底 = 30 fan) need all eight flowers with two players: once per hand."""
    s = step(opened(), first).state
    assert sorted(s.balances.values()) == [-30, 0, 0, 30]
    assert refused(s, second).code == "prize_once"


def test_prizes_that_may_repeat_still_repeat() -> None:
    """Near miss: 暗槓 (each pays 1 底 per concealed kong) and 追 are not once per hand."""
    s = run(opened(), CashPrize("concealed_kong", "B"), CashPrize("concealed_kong", "B"))
    assert s.balances["B"] == 30
    s = run(opened(), CashPrize("chase", "C"), CashPrize("chase", "C"))
    assert s.balances["C"] == -30


def test_a_new_session_is_a_new_hand() -> None:
    s = run(opened(), FLOWER_SET, SessionEnded(), TableOpened(P))
    assert step(s, FLOWER_SET).state.balances["B"] == 15


def test_an_old_log_holding_a_double_replays_as_booked() -> None:
    """Logs stored before the rule hold 一台花 twice in one hand: replay does not crash and keeps both
    bookings (B +30), and the next new booking in that hand is still refused."""
    log = [TableOpened(P), FLOWER_SET, FLOWER_SET, CashPrize("dice_triple", "A"), CashPrize("dice_123", "A")]
    stored = [event_from_dict(json.loads(json.dumps(e.to_dict()))) for e in log]
    s = replay(stored)
    # A: pays B 5 twice, collects 15 (圍骰), pays 15 (一二三); B: +30, pays A 5, is paid 5 back
    assert s.balances == {"A": -10, "B": 30, "C": -10, "D": -10}
    assert refused(s, FLOWER_SET).code == "prize_once"
    state = None
    for e in stored:
        state = apply(state, e, strict=False).state
    assert state == s
    with pytest.raises(TableError):
        run(opened(), *log[1:])  # the same events as new ones: the second 一台花 is refused


# ------------------------------------------------------------------------------ 包


def test_bao_on_an_exposed_kong_pays_all_three_legs() -> None:
    """槓上自摸 「明槓出銃者全包」: B 自摸 10番 on C's exposed kong; A deals (連0, dealer fan 1).  The legs
    are A's 10 + 5 + 1 = 16 and C's and D's 15 each; C pays all three: 46."""
    t = step(opened(la_mode="off"), SelfDraw("B", 10, kong_discarder="C", exposed_kong=True))
    assert pays(t) == [
        ("C", "B", 15, "win"),
        ("C", "B", 1, "dealer"),
        ("C", "B", 15, "win"),
        ("C", "B", 15, "win"),
    ]
    assert t.state.balances == {"A": 0, "B": 46, "C": -46, "D": 0}


def test_bao_without_an_exposed_kong_is_refused() -> None:
    """Any other self-draw (no kong, or a concealed or added kong) has nobody who 出銃: 包 is refused."""
    s = opened()
    err = refused(s, SelfDraw("B", 10, kong_discarder="C"))
    assert err.code == "bao_needs_exposed_kong"
    assert err.args_ == {"payer": "C", "winner": "B"}


def test_an_old_log_with_bao_replays_as_booked() -> None:
    """A stored 包 from before ``exposed_kong`` was recorded (its JSON has no such key) replays."""
    d = {"kind": "self_draw", "winner": "B", "fan": 10, "bases": 1, "kong_discarder": "C"}
    event = event_from_dict(d)
    assert event == SelfDraw("B", 10, 1, "C", exposed_kong=False)
    s = replay([TableOpened(P, opened(la_mode="off").options), event])
    assert s.balances == {"A": 0, "B": 46, "C": -46, "D": 0}


def test_self_draw_without_bao_needs_no_kong() -> None:
    """Near miss: a plain 自摸 10番 is paid by each of three (16 + 15 + 15)."""
    t = step(opened(la_mode="off"), tsumo("B", 10))
    assert t.state.balances == {"A": -16, "B": 46, "C": -15, "D": -15}


# ------------------------------------------------------------------------------ properties

_events = st.one_of(
    st.builds(CashPrize, st.sampled_from(sorted(PRIZES)), st.sampled_from(P), st.sampled_from(P)),
    st.builds(lambda w: SelfDraw(w, 3, kong_discarder=None), st.sampled_from(P)),
    st.just(Draw()),
    st.just(Undo()),
)


def _once_keys_per_hand(state: TableState) -> list[tuple[int, str, str]]:
    keys = []
    for h in state.history:
        if isinstance(h.event, CashPrize):
            key = once_key(h.event.prize, h.event.player)
            if key is not None:
                keys.append((h.hand, *key))
    return keys


@settings(max_examples=150, deadline=None)
@given(st.lists(_events, max_size=30))
def test_new_events_never_book_a_once_per_hand_prize_twice(events: list) -> None:
    """Whatever is tried, the accepted log holds each once-per-hand prize at most once per hand, the
    ledger is zero-sum, and the log replays (strict=False) to the same state."""
    state = opened()
    log = [TableOpened(P)]
    for event in events:
        try:
            state = apply(state, event).state
        except TableError:
            continue
        log.append(event)
    keys = _once_keys_per_hand(state)
    assert len(keys) == len(set(keys))
    assert sum(state.balances.values()) == 0
    assert replay(log) == state
