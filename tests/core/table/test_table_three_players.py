"""Three-player tables on the game-neutral core (issue 18 item 4): the open check, seats and winds, the
deal (winner deals next, three 荒莊 pass it: seed 002 ⑴), money and undo, with :mod:`threeplay`'s 三人牌."""

from __future__ import annotations

import dataclasses

import pytest
from threeplay import registered

from taipai.core.table import Draw, FalseWin, SelfDraw, TableOpened, TableState, Undo, WinByDiscard, WinLeg
from taipai.core.table.codec import event_from_dict
from taipai.core.table.deal import next_deal
from taipai.core.table.errors import TableError
from taipai.core.table.machine import apply, replay
from taipai.systems.hk_old.options import HkOldOptions


@pytest.fixture
def three(monkeypatch: pytest.MonkeyPatch) -> TableState:
    registered(monkeypatch)
    return apply(None, TableOpened(("A", "B", "C"), HkOldOptions(base=2), system="three-test")).state


def test_three_names_open_three_seats(three: TableState) -> None:
    assert [(p.name, p.seat) for p in three.players] == [("A", "東"), ("B", "南"), ("C", "西")]
    assert three.dealer == "A"
    assert [three.seat_wind(n) for n in "ABC"] == ["東", "南", "西"]


def test_open_takes_the_systems_count(monkeypatch: pytest.MonkeyPatch) -> None:
    registered(monkeypatch)
    with pytest.raises(TableError) as four:
        apply(None, TableOpened(("A", "B", "C", "D"), system="three-test"))
    assert four.value.code == "bad_players"
    assert four.value.hint == "開枱 A B C"
    with pytest.raises(TableError) as three_at_four:
        apply(None, TableOpened(("A", "B", "C")))
    assert three_at_four.value.code == "bad_players"
    assert three_at_four.value.hint == "開枱 A B C D"
    with pytest.raises(TableError):
        apply(None, TableOpened(("A", "B", "B"), system="three-test"))


def test_discard_and_self_draw_money(three: TableState) -> None:
    # 底 2: B 食 C's discard for 3翻: C alone pays 2 × 3 = 6.
    t = apply(three, WinByDiscard("C", (WinLeg("B", 3),)))
    assert [(p.payer, p.payee, p.amount) for p in t.payments] == [("C", "B", 6)]
    assert t.state.balances == {"A": 0, "B": 6, "C": -6}
    # B deals now (the winner deals next); B 自摸 5翻: A and C pay 2 × 5 = 10 each, B gains 20.
    assert (t.state.dealer, t.state.streak) == ("B", 0)
    t2 = apply(t.state, SelfDraw("B", 5))
    assert t2.state.balances == {"A": -10, "B": 26, "C": -16}
    assert (t2.state.dealer, t2.state.streak) == ("B", 1)  # the dealer won: 連莊
    # 門風 moves with the deal: B deals, so B is 東, C 南, A 西.
    assert [t2.state.seat_wind(n) for n in "BCA"] == ["東", "南", "西"]
    assert sum(t2.state.balances.values()) == 0


def test_winner_deals_next_even_across_the_table(three: TableState) -> None:
    st = apply(three, WinByDiscard("A", (WinLeg("C", 1),))).state
    assert (st.dealer, st.streak, st.hand) == ("C", 0, 1)


def test_three_draws_in_a_row_pass_the_deal(three: TableState) -> None:
    st = three
    for n in (1, 2):
        st = apply(st, Draw()).state
        assert (st.dealer, st.draws, st.streak) == ("A", n, n)
    st = apply(st, Draw()).state
    assert (st.dealer, st.draws, st.streak) == ("B", 0, 0)


def test_a_win_breaks_the_row_of_draws(three: TableState) -> None:
    st = apply(apply(three, Draw()).state, Draw()).state
    st = apply(st, SelfDraw("A", 1)).state  # the dealer wins: stays, the row of draws starts again
    assert (st.dealer, st.draws) == ("A", 0)
    st = apply(apply(st, Draw()).state, Draw()).state
    assert (st.dealer, st.draws) == ("A", 2)


def test_undo_gives_back_the_draw_count(three: TableState) -> None:
    st = apply(apply(three, Draw()).state, Draw()).state
    after = apply(st, Draw()).state
    back = apply(after, Undo()).state
    assert (back.dealer, back.draws) == ("A", 2)
    assert back == st


def test_false_win_pays_each_of_two(three: TableState) -> None:
    # 底 2 × maximum 8 = 16 to each of the two others.
    t = apply(three, FalseWin("C"))
    assert sorted((p.payer, p.payee, p.amount) for p in t.payments) == [("C", "A", 16), ("C", "B", 16)]


def test_a_stored_log_replays(three: TableState) -> None:
    events = [
        TableOpened(("A", "B", "C"), HkOldOptions(base=2), system="three-test"),
        WinByDiscard("C", (WinLeg("B", 3),)),
        Draw(),
        SelfDraw("B", 5),
    ]
    stored = [event_from_dict(e.to_dict()) for e in events]
    st = replay(stored)
    assert st.balances == {"A": -10, "B": 26, "C": -16}
    assert (st.dealer, st.streak, st.draws) == ("B", 2, 0)


def test_round_wind_moves_through_three_seat_winds(three: TableState) -> None:
    st = three
    winds = []
    for _ in range(9):  # no dealer keeps the deal: it passes A → B → C → A …
        st = next_deal(st, False)
        winds.append((st.dealer, st.round_wind))
    assert winds[:3] == [("B", "東"), ("C", "東"), ("A", "南")]
    assert winds[5] == ("A", "西")
    assert winds[8] == ("A", "東")


def test_four_player_deal_unchanged() -> None:
    st = apply(None, TableOpened(("A", "B", "C", "D"))).state
    for _ in range(4):
        st = next_deal(st, False)
    assert (st.dealer, st.round_wind, st.draws) == ("A", "南", 0)
    kept = next_deal(st, True, drawn=True)
    assert (kept.streak, kept.draws) == (1, 1)
    assert dataclasses.replace(kept, draws=0) == next_deal(st, True)
