"""Taiwan 16-tile money through the seam (seed 003: 「打100/50, 就表示沒台100, 每加一台加50」; 作莊 「胡放皆加計1台」;
連N拉N 2N; 「台:有一炮三響」; 八仙過海 / 七搶一): ``taipai.core.table.machine.apply`` on a table opened with
``system="taiwan"``.  Every amount is money, worked out by hand in the test."""

from __future__ import annotations

from fractions import Fraction

import pytest
from taiwan_helpers import RULES

from taipai.core.system import Seat
from taipai.core.table import (
    Draw,
    FalseWin,
    RuleChanged,
    SelfDraw,
    SessionEnded,
    TableOpened,
    Undo,
    WinByDiscard,
    WinLeg,
)
from taipai.core.table.codec import event_from_dict
from taipai.core.table.errors import TableError
from taipai.core.table.machine import apply, replay
from taipai.core.table.state import TableState, state_to_dict
from taipai.systems.taiwan import SYSTEM
from taipai.systems.taiwan.events import FlowerWin
from taipai.systems.taiwan.options import OPTION_WORDS, TaiwanTableOptions

P = ("A", "B", "C", "D")
"""Seats 東南西北; A deals first."""


def opened(**opts: object) -> TableState:
    options = TaiwanTableOptions(**opts) if opts else None  # type: ignore[arg-type]
    return apply(None, TableOpened(P, options, system="taiwan")).state


def run(state: TableState, *events: object) -> TableState:
    for e in events:
        state = apply(state, e).state  # type: ignore[arg-type]
    return state


def dis(discarder: str, *legs: tuple[str, int]) -> WinByDiscard:
    return WinByDiscard(discarder, tuple(WinLeg(w, tai) for w, tai in legs))


def test_the_table_plays_taiwan_with_the_seed_defaults() -> None:
    st = opened()
    assert st.system == "taiwan"
    assert st.options == TaiwanTableOptions()
    assert (st.options.base, st.options.per_tai) == (100, 50)
    assert st.options.money(250) == 250  # ledger amounts are money


def test_the_dealer_options_match_the_preset_rows() -> None:
    """作莊 1 and 連N拉N 2 per n: the ledger's defaults are the preset's values."""
    opts = TaiwanTableOptions()
    assert opts.dealer_tai == RULES.tai("dealer") == 1
    assert opts.streak_tai == RULES.tai("dealer_streak") == 2


def test_a_three_tai_win_on_a_discard_pays_250() -> None:
    """100/50: 沒台100, 每加一台加50 — 100 + 3 × 50 = 250, the discarder alone pays (A deals, not involved)."""
    t = apply(opened(), dis("C", ("B", 3)))
    assert [(p.payer, p.payee, p.amount, p.rule) for p in t.payments] == [("C", "B", 250, "win")]
    assert t.state.balances == {"A": 0, "B": 250, "C": -250, "D": 0}
    assert t.state.dealer == "B" and t.state.streak == 0  # the deal passes


def test_the_dealer_at_lian_2_adds_zuozhuang_and_lian_2_la_2() -> None:
    """The same 3台 by the dealer at 連2: 100 + (3 + 作莊 1 + 連2拉2 4) × 50 = 500 on the dealer leg."""
    st = run(opened(), dis("B", ("A", 0)), dis("B", ("A", 0)))  # A wins twice: 連2
    assert (st.dealer, st.streak) == ("A", 2)
    before = st.balances
    t = apply(st, dis("C", ("A", 3)))
    assert [(p.payer, p.payee, p.amount, p.rule) for p in t.payments] == [
        ("C", "A", 100 + 3 * 50, "win"),
        ("C", "A", (1 + 2 * 2) * 50, "dealer"),
    ]
    assert t.state.balances["C"] - before["C"] == -500
    assert (t.state.dealer, t.state.streak) == ("A", 3)  # 莊家胡牌應連莊


def test_a_non_dealer_win_on_the_dealers_discard_adds_the_dealer_tai() -> None:
    """胡放皆加計: A (dealer, 連0) deals in to B's 3台: 250 + 作莊 1 × 50 = 300."""
    t = apply(opened(), dis("A", ("B", 3)))
    assert sum(p.amount for p in t.payments) == 300


def test_a_self_draw_pays_three_legs() -> None:
    """B self-draws 3台: C and D pay 250 each; A (the dealer, 連0) pays 250 + 作莊 50 = 300; B +800."""
    t = apply(opened(), SelfDraw("B", 3))
    assert t.state.balances == {"A": -300, "B": 800, "C": -250, "D": -250}


def test_a_dealer_self_draw_at_lian_1() -> None:
    """A (dealer, 連1) self-draws 2台: each pays 100 + (2 + 1 + 2) × 50 = 350; A +1050."""
    st = run(opened(), Draw())
    assert st.streak == 1
    t = apply(st, SelfDraw("A", 2))
    assert t.state.balances == {"A": 1050, "B": -350, "C": -350, "D": -350}


def test_a_draw_keeps_the_dealer() -> None:
    """流局: the dealer stays (連莊, our default), nobody pays."""
    t = apply(opened(), Draw())
    assert (t.state.dealer, t.state.streak, t.state.hand) == ("A", 1, 1)
    assert t.payments == ()


def test_a_draw_passes_the_deal_with_the_option_off() -> None:
    t = apply(opened(draw_keeps_dealer=False), Draw())
    assert (t.state.dealer, t.state.streak) == ("B", 0)


def test_one_discard_two_winners_books_two_legs() -> None:
    """一炮雙響: C deals in to B (3台) and D (2台): 250 and 200; the dealer A is not a winner: the deal passes."""
    t = apply(opened(), dis("C", ("B", 3), ("D", 2)))
    assert [(p.payer, p.payee, p.amount) for p in t.payments] == [("C", "B", 250), ("C", "D", 200)]
    assert t.state.balances == {"A": 0, "B": 250, "C": -450, "D": 200}
    assert t.state.dealer == "B"


def test_two_winners_with_the_dealer_among_them() -> None:
    """C deals in to A (dealer, 1台) and B (1台): A's leg 150 + 作莊 50, B's 150; A keeps the deal."""
    t = apply(opened(), dis("C", ("A", 1), ("B", 1)))
    assert t.state.balances == {"A": 200, "B": 150, "C": -350, "D": 0}
    assert (t.state.dealer, t.state.streak) == ("A", 1)
    passed = apply(opened(multi_win_deal="always_pass"), dis("C", ("A", 1), ("B", 1)))
    assert passed.state.dealer == "B"


def test_eight_immortals_all_three_pay() -> None:
    """八仙過海 8台1底, 三家賠付, 莊連拉之台數照算: B wins; C and D pay 100 + 8 × 50 = 500; A (dealer) 550."""
    t = apply(opened(), FlowerWin("B"))
    assert t.state.balances == {"A": -550, "B": 1550, "C": -500, "D": -500}
    assert t.state.dealer == "B"  # the hand is over, the deal passes


def test_eight_immortals_with_a_kong_bloom_hand() -> None:
    """如補得之牌恰為槓上開花, 牌面台數照算加計八仙過海8台(底注只計1底): hand 2台 → each 100 + 10 × 50 = 600."""
    t = apply(opened(), FlowerWin("B", hand=2))
    assert t.state.balances == {"A": -650, "B": 1850, "C": -600, "D": -600}


def test_seven_rob_one_the_robbed_player_pays() -> None:
    """七搶一 8台1底, 被搶花者賠付: B robs C: C pays 500, nobody else; robbing the dealer A adds 作莊: 550."""
    t = apply(opened(), FlowerWin("B", robbed="C"))
    assert t.state.balances == {"A": 0, "B": 500, "C": -500, "D": 0}
    t = apply(opened(), FlowerWin("B", robbed="A"))
    assert t.state.balances == {"A": -550, "B": 550, "C": 0, "D": 0}


def test_seven_rob_one_with_a_self_drawn_hand() -> None:
    """The seed's second case: 視同自摸, 三家賠付, 牌面台數照算, 但花牌台數被搶花者應單獨計七搶一8台 — B's 槓上開花
    hand of 2台: each pays 100 + 2 × 50 = 200 (A +50 作莊), and C pays 8 × 50 = 400 more."""
    t = apply(opened(), FlowerWin("B", robbed="C", hand=2, hand_self_drawn=True))
    assert t.state.balances == {"A": -250, "B": 1050, "C": -600, "D": -200}


def test_a_flower_win_by_the_dealer_keeps_the_deal() -> None:
    t = apply(opened(), FlowerWin("A"))
    assert (t.state.dealer, t.state.streak) == ("A", 1)
    assert t.state.balances["B"] == -(100 + (8 + 1) * 50)


@pytest.mark.parametrize(
    ("event", "code"),
    [
        (FlowerWin("B", robbed="B"), "same_player"),
        (FlowerWin("B", robbed="Z"), "unknown_player"),
        (FlowerWin("Z"), "unknown_player"),
        (FlowerWin("B", tai=-1), "bad_amount"),
        (FlowerWin("B", hand_self_drawn=True), "bad_event"),
        (SelfDraw("B", 3, kong_discarder="C"), "bad_event"),
    ],
)
def test_bad_events_are_refused(event: object, code: str) -> None:
    st = opened()
    with pytest.raises(TableError) as err:
        apply(st, event)  # type: ignore[arg-type]
    assert err.value.code == code


def test_a_false_win_pays_one_base_each() -> None:
    """詐胡 (seed 003 silent; our default): B pays each other player 100 + 0 × 50; the hand and dealer stay."""
    t = apply(opened(), FalseWin("B"))
    assert t.state.balances == {"A": 100, "B": -300, "C": 100, "D": 100}
    assert (t.state.dealer, t.state.hand) == ("A", 0)
    t = apply(opened(false_win_tai=8), FalseWin("B"))
    assert t.state.balances["A"] == 100 + 8 * 50


def test_rules_said_in_chat_words() -> None:
    """規則 底 200 台 20: the words name the options; the next win pays 200 + 3 × 20 = 260."""
    assert OPTION_WORDS["底"] == "base" and OPTION_WORDS["台"] == "per_tai"
    st = run(opened(), RuleChanged("底", "200"), RuleChanged("台", 20))
    assert (st.options.base, st.options.per_tai) == (200, 20)
    assert apply(st, dis("C", ("B", 3))).state.balances["B"] == 260
    with pytest.raises(TableError) as err:
        apply(st, RuleChanged("番", 5))
    assert err.value.code == "bad_option"
    with pytest.raises(TableError) as err:
        apply(st, RuleChanged("底", "-1"))
    assert err.value.code == "bad_amount"


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("底", "1/3"),  # QA #14: no 2-decimal amount
        ("台", "0.333"),
        ("台", "99999999999999999999"),
        ("底", "0"),  # a table quotes both, 「打100/50」: 0 would pay nothing
        ("台", "0"),
        ("底", "1000000.01"),
        ("底", "abc"),
    ],
)
def test_money_settings_are_bounded(option: str, value: str) -> None:
    """QA #14: 底 and 台額 are money a table plays, like 港式台牌's rate: more than 0, at most 2 decimals,
    at most 1,000,000; refused with ``bad_amount`` and a hint saying what would be right, nothing
    changed."""
    with pytest.raises(TableError) as err:
        apply(opened(), RuleChanged(option, value))
    assert err.value.code == "bad_amount"
    assert "more than 0, at most 2 decimals, at most 1,000,000" in err.value.hint


def test_money_settings_at_their_bounds_are_taken() -> None:
    """0.01 and 1,000,000 are taken: 底 0.01 台 1,000,000, a 2台 win pays 0.01 + 2,000,000."""
    st = run(opened(), RuleChanged("底", "0.01"), RuleChanged("台", "1000000"))
    assert (st.options.base, st.options.per_tai) == (Fraction(1, 100), 1_000_000)
    assert apply(st, dis("C", ("B", 2))).state.balances["B"] == Fraction(200_000_001, 100)


def test_count_settings_are_bounded() -> None:
    """作莊 / 連N拉N / 詐胡 台 are whole numbers 0-99: 作莊 100 and 作莊 0.5 are refused, 作莊 0 is taken."""
    for value in ("100", "0.5", "-1"):
        with pytest.raises(TableError) as err:
            apply(opened(), RuleChanged("作莊", value))
        assert err.value.code == "bad_value"
    assert run(opened(), RuleChanged("作莊", "0")).options.dealer_tai == 0
    with pytest.raises(TableError):
        TaiwanTableOptions.from_dict({"base": "1/3"})


def test_undo_gives_the_state_back() -> None:
    st = run(opened(), dis("C", ("B", 3)))
    for event in (SelfDraw("B", 2), FlowerWin("D", robbed="A"), Draw(), FalseWin("C")):
        after = apply(st, event).state
        back = apply(after, Undo()).state
        assert back == st
        assert back.balances == st.balances and (back.dealer, back.streak) == (st.dealer, st.streak)


def test_a_scored_hand_books_through_the_seam() -> None:
    """The dealer's 平胡 門清 at 連1 scores 3 + 作莊 1 + 連1拉1 2; it books 3, and the ledger adds the 3 dealer
    台 to the leg: C pays 100 + 6 × 50 = 400."""
    st = run(opened(), Draw())
    scored = SYSTEM.score(
        "一二三萬 四五六萬 七八萬 二三四筒 五六七筒 八八索 食 九萬", Seat(True, st.streak), RULES, st.options
    )
    assert scored.score.fan == 6
    booked = SYSTEM.booked_fan(scored.score)
    assert booked == 3
    t = apply(st, dis("C", ("A", booked)))
    assert sum(p.amount for p in t.payments) == 400


def test_a_stored_log_round_trips() -> None:
    """Every event of a Taiwan evening (FlowerWin included) rebuilds from its JSON and replays to the same
    balances."""
    events = [
        TableOpened(P, TaiwanTableOptions(base=100, per_tai=50), system="taiwan"),
        dis("C", ("B", 3)),
        SelfDraw("B", 2),
        FlowerWin("D", robbed="A", hand=1),
        FlowerWin("A"),
        Draw(),
        RuleChanged("台", 20),
        FalseWin("C"),
        SessionEnded(),
    ]
    stored = [e.to_dict() for e in events]
    rebuilt = [event_from_dict(d) for d in stored]
    assert rebuilt == events
    assert replay(rebuilt) == replay(events)
    final = replay(rebuilt)
    assert sum(final.balances.values()) == 0
    assert state_to_dict(final)["options"]["per_tai"] == 20
