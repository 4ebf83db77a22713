"""數信 (seed 002 ⑼) as 字牌's own event: the shares of a turned card, the money and its rounding, and what
the ledger refuses.

⑼: 「當有人胡牌了以後，「數信」的閑家可以將桌面上剩餘的、未用過牌的第一張翻開，如這張牌和胡牌人的牌有相同的，就按約定
的比例「數信」人一份，如果是有2張相同的，就2份，最多3份」.  The share (「按約定的比例」) is our choice: each share is the
table's ``shuxin_percent`` (default 10) % of the winner's gain on the hand, paid by the winner, rounded half up
to the cent.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from taipai.core.table import SelfDraw, TableOpened, TableState, WinByDiscard, WinLeg
from taipai.core.table.codec import event_from_dict
from taipai.core.table.errors import TableError
from taipai.core.table.machine import apply
from taipai.systems.zipai.options import ZipaiOptions
from taipai.systems.zipai.shuxin import Shuxin, cards_in, from_chat, own_lines, shares_for, shuxin_amount

HAND_READING = "碰 三三三 偎 伍伍伍 提 六六六六 二七十 八八捌 壹貳叄 碰 玖玖玖"
"""The scored reading of 碰 三三三 偎 伍伍伍 提 六六六六 壹貳叄 二七十 八八捌 玖玖 食 玖 (28油)."""


def four(**options: str) -> TableState:
    opts = ZipaiOptions.preset("zipai")
    for k, v in options.items():
        opts = opts.with_option(k, v)
    return apply(None, TableOpened(("A", "B", "C", "D"), opts, system="zipai")).state


def test_shares_are_copies_in_the_winners_hand_at_most_three() -> None:
    cards = cards_in(HAND_READING.split())
    assert len(cards) == 22  # 7 groups: 3+3+4+3+3+3+3 cards
    assert shares_for(cards, 2) == 3  # 三: 碰 三三三
    assert shares_for(cards, 5) == 3  # 六: 提 六六六六 is four copies, 「最多3份」
    assert shares_for(cards, 7) == 2  # 八: 八八捌
    assert shares_for(cards, 17) == 1  # 捌
    assert shares_for(cards, 0) == 0  # 一: none


def test_the_chat_word_becomes_the_event() -> None:
    assert from_chat("三", HAND_READING) == Shuxin(shares=3, card=2)
    assert from_chat("叁", HAND_READING) == Shuxin(shares=1, card=12)  # 叄 in another spelling: 壹貳叄
    assert from_chat("肆", HAND_READING) == Shuxin(shares=0, card=13)  # none held: no share
    assert from_chat("2份", None) == Shuxin(shares=2)
    assert from_chat("1", HAND_READING) == Shuxin(shares=1)
    for said, reading, code in (
        ("三", None, "shuxin_needs_shares"),  # a count's hand is not known
        ("4份", None, "shuxin_shares"),
        ("東", HAND_READING, "shuxin_usage"),
        ("三四", HAND_READING, "shuxin_usage"),
    ):
        with pytest.raises(TableError) as err:
            from_chat(said, reading)
        assert err.value.code == code, said


def test_the_amount_rounds_half_up_to_the_cent() -> None:
    assert shuxin_amount(56, 10, 3) == Fraction(84, 5)  # 16.8
    assert shuxin_amount(48, 10, 2) == Fraction(48, 5)  # 9.6
    assert shuxin_amount(Fraction(3, 20), 10, 1) == Fraction(2, 100)  # 0.015 → 0.02 (half up)
    assert shuxin_amount(Fraction(1, 20), 10, 1) == Fraction(1, 100)  # 0.005 → 0.01
    assert shuxin_amount(Fraction(1, 25), 10, 1) == 0  # 0.004 → 0.00
    assert shuxin_amount(Fraction(3, 2), 15, 1) == Fraction(23, 100)  # 0.225 → 0.23
    assert shuxin_amount(56, 0, 3) == 0
    assert shuxin_amount(56, 10, 0) == 0


def test_the_winner_pays_the_sitter_of_the_hand() -> None:
    # A deals, C sits out; B wins 28油 on A's card: A pays 2 × 28 = 56
    won = apply(four(), WinByDiscard("A", (WinLeg("B", 28),))).state
    assert won.sitter == "D"  # B deals next: D sits out the next hand, C sat out this one
    t = apply(won, Shuxin(shares=3, card=2))
    assert [(p.payer, p.payee, p.amount, p.rule) for p in t.payments] == [
        ("B", "C", Fraction(84, 5), "shuxin")
    ]
    assert t.state.balances == {"A": -56, "B": Fraction(196, 5), "C": Fraction(84, 5), "D": 0}
    (line,) = own_lines(won, Shuxin(shares=3, card=2))
    assert line.values() == {
        "sitter": "C",
        "card": "三",
        "shares": "3",
        "winner": "B",
        "gain": "56",
        "percent": "10",
    }
    # a self-draw at 數信每份 25: C (dealer B, D out) gains 2 × 12 from A and B = 48; 2 shares: 24 to D
    drawn = apply(four(數信每份="25"), SelfDraw("B", 12)).state  # B deals, D sits out
    drawn = apply(drawn, SelfDraw("C", 12)).state
    assert [(p.payer, p.payee, p.amount) for p in apply(drawn, Shuxin(shares=2)).payments] == [("C", "D", 24)]


def test_what_the_ledger_refuses() -> None:
    three = apply(None, TableOpened(("A", "B", "C"), system="zipai")).state
    won3 = apply(three, SelfDraw("B", 12)).state
    won = apply(four(), SelfDraw("B", 12)).state
    once = apply(won, Shuxin(shares=1)).state
    multi = apply(four(), WinByDiscard("A", (WinLeg("B", 12), WinLeg("D", 12)))).state
    for state, event, code in (
        (won3, Shuxin(shares=1), "no_sitter"),
        (four(), Shuxin(shares=1), "shuxin_after_win"),
        (once, Shuxin(shares=1), "shuxin_after_win"),  # once per win
        (multi, Shuxin(shares=1), "shuxin_one_winner"),
        (won, Shuxin(shares=4), "shuxin_shares"),
        (won, Shuxin(shares=1, card=20), "shuxin_shares"),
    ):
        with pytest.raises(TableError) as err:
            apply(state, event)
        assert err.value.code == code, (event, code)


def test_the_event_and_the_option_are_stored() -> None:
    for event in (Shuxin(shares=3, card=2), Shuxin(shares=2)):
        assert event_from_dict(event.to_dict()) == event
    opts = ZipaiOptions.preset("zipai").with_option("數信每份", "15%")
    assert opts.shuxin_percent == 15
    assert ZipaiOptions.from_dict(opts.to_dict()) == opts
    assert ZipaiOptions.from_dict({"variant": "zipai"}).shuxin_percent == 10  # logs from before it
    with pytest.raises(TableError):
        opts.with_option("數信每份", "101")
