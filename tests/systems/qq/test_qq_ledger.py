"""The QQ table's money through its TableRules (seed 002 「名詞解釋」, 「計分規則」), figures by hand.

The ``qq`` system is not in the registry yet, so the table rules are called directly on a table state.
"""

from __future__ import annotations

import dataclasses

import pytest

from taipai.core.table.errors import TableError
from taipai.core.table.events import Draw, FalseWin, SelfDraw, WinByDiscard, WinLeg
from taipai.core.table.state import HistoryEntry, Payment, PlayerState, TableState
from taipai.core.tiles import EAST, WEST, tile
from taipai.systems.qq.events import Bird
from taipai.systems.qq.ledger import TABLE
from taipai.systems.qq.money import Room
from taipai.systems.qq.options import QQTableOptions

NAMES = ("A", "B", "C", "D")


def table(dealer: str = "A", **options: object) -> TableState:
    return TableState(
        players=tuple(PlayerState(n, s, 0) for n, s in zip(NAMES, "東南西北", strict=True)),
        dealer=dealer,
        streak=0,
        round_wind="東",
        hand=0,
        chains=(),
        pending=(),
        history=(),
        options=QQTableOptions(**options),  # type: ignore[arg-type]
        system="qq",
    )


def after(state: TableState, event: WinByDiscard | SelfDraw) -> TableState:
    """The table after ``event`` with its history entry, as the machine would leave it."""
    out = TABLE.win(state, event, strict=True)
    entry = HistoryEntry(state.hand + 1, event, out.summary, out.payments, dealer=state.dealer)
    return dataclasses.replace(out.state, history=(*state.history, entry))


def test_discard_in_the_open_room_the_discarder_pays_the_fan_times_n() -> None:
    out = TABLE.win(table(coefficient=200), WinByDiscard("D", (WinLeg("C", 9),)), strict=True)
    assert out.payments == (Payment("D", "C", 1800, "win"),)
    assert out.state.dealer == "B"  # the deal passes


def test_dealer_self_draw_in_the_eight_room_every_leg_doubles() -> None:
    # (10 + 8) × 2 = 36 from each
    out = TABLE.win(table(room=Room.EIGHT), SelfDraw("A", 10), strict=True)
    assert out.payments == tuple(
        p for n in "BCD" for p in (Payment(n, "A", 18, "win"), Payment(n, "A", 18, "dealer"))
    )
    assert out.state.dealer == "A" and out.state.streak == 1


def test_bird_on_the_self_drawer_doubles_every_leg() -> None:
    # dealer A, B self-draws 10番 (大眾場): A pays 10 + 10 (莊家翻倍), C and D 10; 鳥 二筒 lands on B
    state = after(table(), SelfDraw("B", 10))
    assert state.history[-1].payments == (
        Payment("A", "B", 10, "win"),
        Payment("A", "B", 10, "dealer"),
        Payment("C", "B", 10, "win"),
        Payment("D", "B", 10, "win"),
    )
    out = TABLE.own(state, Bird(tile("p", 2)), strict=True)
    assert out.payments == (
        Payment("A", "B", 20, "bird"),
        Payment("C", "B", 10, "bird"),
        Payment("D", "B", 10, "bird"),
    )
    assert out.summary == "鳥 lands on B"


def test_bird_on_another_player_of_a_self_draw_doubles_only_his_leg() -> None:
    # 鳥 西 (3) from dealer A lands on C
    state = after(table(), SelfDraw("B", 10))
    assert TABLE.own(state, Bird(WEST), strict=True).payments == (Payment("C", "B", 10, "bird"),)


def test_bird_on_a_bystander_of_a_discard_doubles_nothing() -> None:
    state = after(table(), WinByDiscard("D", (WinLeg("C", 9),)))
    # the deal passed to B; the bird counts from the hand's dealer A: 二萬 is B
    out = TABLE.own(state, Bird(tile("m", 2)), strict=True)
    assert out.payments == () and out.summary == "鳥 lands on B: no leg doubles"
    out = TABLE.own(state, Bird(tile("m", 4)), strict=True)  # D, the discarder
    assert out.payments == (Payment("D", "C", 9, "bird"),)


def test_a_bird_needs_its_win_right_before_it_and_only_one() -> None:
    with pytest.raises(TableError) as caught:
        TABLE.own(table(), Bird(EAST), strict=True)
    assert caught.value.code == "bad_event"
    state = after(table(), SelfDraw("B", 10))
    out = TABLE.own(state, Bird(EAST), strict=True)
    entry = HistoryEntry(1, Bird(EAST), out.summary, out.payments, dealer="A")
    twice = dataclasses.replace(state, history=(*state.history, entry))
    with pytest.raises(TableError):
        TABLE.own(twice, Bird(EAST), strict=True)
    with pytest.raises(TableError):
        TABLE.own(state, Bird(34), strict=True)


def test_flat_room_false_win_and_draw() -> None:
    # 詐胡: an 8番 leg in 無番場 is 10, × N 5, to each of the three
    out = TABLE.false_win(table(room=Room.FLAT, coefficient=5), FalseWin("C"))
    assert out.payments == tuple(Payment("C", n, 50, "false_win") for n in "ABD")
    assert TABLE.draw(table(), Draw()).state.dealer == "A"
    assert TABLE.draw(table(draw_keeps_dealer=False), Draw()).state.dealer == "B"


def test_options_words_and_round_trip() -> None:
    opts = QQTableOptions().with_option("場", "8番場").with_option("系數", "200").with_option("財神", 5)
    assert (opts.room, opts.coefficient, opts.indicator) == (Room.EIGHT, 200, 5)
    assert TABLE.options_from_dict(opts.to_dict()) == opts
    assert opts.to_dict() == {
        "room": "eight",
        "coefficient": 200,
        "indicator": 5,
        "false_win_fan": 8,
        "draw_keeps_dealer": True,
    }
    for option, value in (("場", "九番場"), ("系數", "0"), ("財神", 40), ("流局連莊", "maybe")):
        with pytest.raises(TableError):
            QQTableOptions().with_option(option, value)
    with pytest.raises(TableError) as caught:
        QQTableOptions().with_option("底", 100)
    assert caught.value.code == "bad_option"
