"""A table that seats one more than play (issue 18 item 4, 字牌's 數信, seed 002 ⑼): the one opposite the
dealer sits each hand out, moves with the deal, and neither wins, deals in, false-wins nor pays; undo and
replay stay exact; tables of the players' own count are as before.

Seed 002 ⑼: 「莊家的對家「數信」，為閑家。「數信」者不打牌，僅作陪 … 以後誰胡牌誰就是莊家，對家「數信」」;
⑴: 「連續3次荒庄，則由莊家的下家做莊」.
"""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from taipai.core import registry
from taipai.core.system import Outcome, seat_counts
from taipai.core.table import Draw, FalseWin, SelfDraw, TableOpened, TableState, Undo, WinByDiscard, WinLeg
from taipai.core.table.codec import event_from_dict
from taipai.core.table.errors import TableError
from taipai.core.table.machine import apply, replay
from taipai.core.table.state import Payment, state_to_dict
from taipai.systems.hk_old import SYSTEM as HK_OLD
from taipai.systems.zipai import SYSTEM as ZIPAI
from taipai.systems.zipai.ledger import ZipaiTable
from taipai.systems.zipai.shuxin import Shuxin


def four() -> TableState:
    return apply(None, TableOpened(("A", "B", "C", "D"), system="zipai")).state


def test_seat_counts() -> None:
    assert seat_counts(ZIPAI) == (3, 4)
    assert seat_counts(HK_OLD) == (4,)  # a game that does not name ``sitter`` seats its players only


def test_the_one_opposite_the_dealer_sits_out_and_moves_with_the_deal() -> None:
    state = four()
    assert (state.sits_out, state.dealer, state.sitter, state.playing) == (True, "A", "C", ("A", "B", "D"))
    # B wins on A's card (12油): B deals next and D, opposite B, sits out
    state = apply(state, WinByDiscard("A", (WinLeg("B", 12),))).state
    assert (state.dealer, state.sitter, state.playing) == ("B", "D", ("A", "B", "C"))
    state = apply(state, SelfDraw("C", 12)).state
    assert (state.dealer, state.sitter) == ("C", "A")
    assert state_to_dict(state)["sitter"] == "A"


def test_a_three_name_table_has_no_sitter() -> None:
    state = apply(None, TableOpened(("A", "B", "C"), system="zipai")).state
    assert (state.sits_out, state.sitter, state.playing) == (False, None, ("A", "B", "C"))
    assert "sitter" not in state_to_dict(state)
    with pytest.raises(TableError) as five:
        apply(None, TableOpened(("A", "B", "C", "D", "E"), system="zipai"))
    assert (five.value.code, five.value.hint) == ("bad_players", "開枱 A B C")
    with pytest.raises(TableError):  # a mahjong game seats four, never five
        apply(None, TableOpened(("A", "B", "C", "D", "E")))


def test_the_sitter_plays_no_part() -> None:
    state = four()  # A deals, C sits out
    for event in (
        WinByDiscard("A", (WinLeg("C", 12),)),
        WinByDiscard("C", (WinLeg("B", 12),)),
        WinByDiscard("A", (WinLeg("B", 12), WinLeg("C", 12))),
        SelfDraw("C", 12),
        FalseWin("C"),
    ):
        with pytest.raises(TableError) as err:
            apply(state, event)
        assert (err.value.code, err.value.args_) == ("sitting_out", {"player": "C"})


def test_money_among_the_three_who_play() -> None:
    state = four()  # A deals, C sits out: B, D and A play
    # 點炮 全包: D alone pays both losers' shares, 2 × 12 = 24
    t = apply(state, WinByDiscard("D", (WinLeg("B", 12),)))
    assert [(p.payer, p.payee, p.amount) for p in t.payments] == [("D", "B", 24)]
    # B deals, D sits out; C self-draws 12: A and B pay 2 × 12 each, D nothing
    t = apply(t.state, SelfDraw("C", 12))
    assert sorted((p.payer, p.amount) for p in t.payments) == [("A", 24), ("B", 24)]
    # C deals, A sits out; B false-wins: 詐糊 pays each other player of the hand the threshold (10)
    t = apply(t.state, FalseWin("B"))
    assert sorted((p.payee, p.amount) for p in t.payments) == [("C", 10), ("D", 10)]
    assert t.state.balances == {"A": -24, "B": -20, "C": 58, "D": -14}


def test_three_draws_pass_the_deal_to_the_next_of_four() -> None:
    state = apply(four(), SelfDraw("B", 12)).state  # B deals, D sits out
    for _ in range(2):
        state = apply(state, Draw()).state
    assert (state.dealer, state.streak, state.draws, state.sitter) == ("B", 2, 2, "D")
    state = apply(state, Draw()).state  # 「連續3次荒庄，則由莊家的下家做莊」: B's next among the four
    assert (state.dealer, state.streak, state.draws, state.sitter) == ("C", 0, 0, "A")


def test_undo_and_replay_are_exact() -> None:
    events = [
        TableOpened(("A", "B", "C", "D"), system="zipai"),
        WinByDiscard("A", (WinLeg("B", 28),)),
        Shuxin(shares=3, card=2),
        SelfDraw("C", 12),
        Shuxin(shares=2),
        Undo(),
        Draw(),
    ]
    state: TableState | None = None
    states = []
    for e in events:
        state = apply(state, e).state
        states.append(state)
    assert state is not None
    stored = [event_from_dict(e.to_dict()) for e in events]
    assert stored == events
    again = replay(stored)
    assert again == state and again.sits_out and again.sitter == state.sitter
    # the 數信 undone: the table is as it was after C's self-draw, then the draw
    assert states[5] == states[3]
    # B 28油 on A's card: 56; 數信 3 shares × 10% × 56 = 16.8 from B to C; C's self-draw 2 × 12 from A, B
    assert state.balances == {"A": -80, "B": Fraction(76, 5), "C": Fraction(324, 5), "D": 0}


class LeakyTable(ZipaiTable):
    """A stand-in rule that bills everyone seated for a self-draw, the sitter too."""

    def win(self, state: TableState, event: WinByDiscard | SelfDraw, *, strict: bool) -> Outcome:
        out = super().win(state, event, strict=strict)
        winner = event.winner if isinstance(event, SelfDraw) else event.legs[0].winner
        pays = tuple(Payment(n, winner, 1, "win") for n in state.names if n != winner)
        return Outcome(out.state, out.summary, pays)


def test_a_rule_that_bills_the_sitter_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    leaky = copy.copy(ZIPAI)
    object.__setattr__(leaky, "id", "leaky-test")
    object.__setattr__(leaky, "table", LeakyTable("zipai"))
    monkeypatch.setitem(registry.SYSTEMS, "leaky-test", leaky)
    state = apply(None, TableOpened(("A", "B", "C", "D"), system="leaky-test")).state
    with pytest.raises(TableError) as err:
        apply(state, SelfDraw("B", 12))
    assert (err.value.code, err.value.args_) == ("sitting_out", {"player": "C"})
    three = apply(None, TableOpened(("A", "B", "C"), system="leaky-test")).state
    assert len(apply(three, SelfDraw("B", 12)).payments) == 2  # nobody sits out: everyone pays
