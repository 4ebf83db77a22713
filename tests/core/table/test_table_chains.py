"""拉 / 踢半 / 斬拉 (seed 004, 拉/踢; 「無限拉」和「斬拉」; 「鋪鋪拉」和「莊家拉」)."""

from __future__ import annotations

import pytest
from table_helpers import chains, dis, opened, pays, run, step, tsumo

from taipai.core.table import CutOffer, Draw, TableError, WinByDiscard, WinLeg
from taipai.systems.hk_taiwan.chains import kick_amount, raise_amount
from taipai.systems.hk_taiwan.events import CutChain

# 「拉」的時候如總數有小數點位，會上捨(round up)，而「踢」的時候則為下捨(round down)。


def test_raise_amount_rounds_up() -> None:
    # 拉一 10, then 拉二 with 8: 10 × 1.5 = 15, + 8 = 23.
    assert raise_amount(10, 8) == 23
    # three 5s: 5; ceil(7.5) + 5 = 13; ceil(19.5) + 5 = 25.
    assert raise_amount(5, 5) == 13
    assert raise_amount(13, 5) == 25


def test_kick_amount_rounds_down() -> None:
    # 踢半 on 23: floor(11.5) = 11.
    assert kick_amount(23) == 11
    assert kick_amount(10) == 5
    assert kick_amount(1) == 0


def test_la_one_then_la_two_is_23_at_the_table() -> None:
    # 如A放銃給B的話，會暫時記數，稱為拉一，如果下一局A再放銃給B…乘以1.5倍，再加上最新一局的翻數…稱為拉二
    # A is dealer (n = 0): B deals in to A for 4 fan: 4 + 5 (底) + 1 (莊 2n+1) = 10 → B 拉一 10 to A.
    s = opened()
    t = step(s, dis("B", "A", 4))
    assert chains(t.state) == [("B", "A", 1, 10)]
    assert t.payments == ()  # nothing is paid: 暫時記數
    # A keeps the deal, n = 1: B deals in again for 0 fan: 0 + 5 + 3 = 8 → ceil(15) + 8 = 23, 拉二.
    t = step(t.state, dis("B", "A", 0))
    assert chains(t.state) == [("B", "A", 2, 23)]
    assert t.state.balances == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_creditor_self_draw_also_raises() -> None:
    # 「如果下一局A再放銃給B，或是B自摸的話…」: dealer A (n=1 after the first win) self-draws 0 fan.
    s = run(opened(), dis("B", "A", 4))  # B→A 10
    t = step(s, tsumo("A", 0))
    # B's leg: 0 + 5 + 3 = 8 → ceil(15) + 8 = 23; C and D open their own chains at 8 each.
    assert chains(t.state) == [("B", "A", 2, 23), ("C", "A", 1, 8), ("D", "A", 1, 8)]


def test_three_fives_5_13_25() -> None:
    # Dealer fan off (options dealer_fan_base=0, dealer_fan_per_streak=0) to isolate the seed's arithmetic:
    # each hand D 食 C for 0 fan = 5 (one 底).  拉一 5, 拉二 ceil(7.5)+5 = 13, 拉三 ceil(19.5)+5 = 25.
    s = opened(dealer_fan_base=0, dealer_fan_per_streak=0)
    s = run(s, dis("C", "D", 0))
    assert chains(s) == [("C", "D", 1, 5)]
    s = run(s, dis("C", "D", 0))
    assert chains(s) == [("C", "D", 2, 13)]
    s = run(s, dis("C", "D", 0))
    assert chains(s) == [("C", "D", 3, 25)]


def test_kick_half_on_23_pays_11_and_reverses() -> None:
    # 若本局A放銃給B，下一局B放銃給A，或是A自摸的話…A將上局暫記的翻數付一半就可以了。然後此時則變成A拉B。
    s = run(opened(), dis("B", "A", 4), dis("B", "A", 0))  # B→A 拉二 23; A dealer, n = 2
    t = step(s, dis("A", "B", 2))
    # B pays floor(23 / 2) = 11 now; A deals in to B: 2 + 5 + 5 (dealer 2·2+1) = 12 → A 拉一 12 to B.
    assert pays(t) == [("B", "A", 11, "kick_half")]
    assert chains(t.state) == [("A", "B", 1, 12)]
    assert t.state.balances == {"A": 11, "B": -11, "C": 0, "D": 0}
    assert [m.action for m in t.moves] == ["kick", "open"]


def test_debtor_self_draw_kicks() -> None:
    # 「…或是A自摸的話（交易方向相反了）」: debtor B self-draws.
    s = run(opened(), dis("B", "A", 4))  # B→A 10, A dealer n = 1
    t = step(s, tsumo("B", 1))
    # B pays floor(10/2) = 5; new chains to B: A 1+5+3 = 9, C 6, D 6.
    assert pays(t) == [("B", "A", 5, "kick_half")]
    assert chains(t.state) == [("A", "B", 1, 9), ("C", "B", 1, 6), ("D", "B", 1, 6)]


def test_debtor_wins_from_third_player_pays_in_full() -> None:
    # 就算A胡牌，但胡的是C或D的放銃牌（沒有牽涉到B的交易），則沒有「踢半」，要即時支付全額的暫記總數，再由A拉C或D。
    s = run(opened(), dis("B", "A", 4), dis("B", "A", 0))  # B→A 23, A dealer n = 2
    t = step(s, dis("C", "B", 3))
    # B pays A the full 23; C 放銃 to B (non-dealers): 3 + 5 = 8 → C 拉一 8 to B.
    assert pays(t) == [("B", "A", 23, "la_settle")]
    assert chains(t.state) == [("C", "B", 1, 8)]
    assert t.state.balances == {"A": 23, "B": -23, "C": 0, "D": 0}


def test_any_other_win_settles_next_win() -> None:
    # 當B沒有再贏A下去時，A便需要支付當下的總數 — a win between C and D settles B→A.
    s = run(opened(), dis("B", "A", 4))  # B→A 10
    t = step(s, dis("C", "D", 0))
    assert pays(t) == [("B", "A", 10, "la_settle")]
    assert chains(t.state) == [("C", "D", 1, 5)]


def test_la_break_debtor_wins_keeps_chain_until_debtor_wins() -> None:
    s = run(opened(la_break="debtor_wins"), dis("B", "A", 4))  # B→A 10
    t = step(s, dis("C", "D", 0))
    assert t.payments == ()
    assert chains(t.state) == [("B", "A", 1, 10), ("C", "D", 1, 5)]
    t = step(t.state, dis("C", "B", 0))  # the debtor B wins: B→A paid in full
    assert ("B", "A", 10, "la_settle") in pays(t)
    assert ("B", "A", 1, 10) not in chains(t.state)


def test_draw_keeps_chains_and_settle_option() -> None:
    s = run(opened(), dis("B", "A", 4))
    assert chains(run(s, Draw())) == [("B", "A", 1, 10)]
    t = step(run(opened(la_on_draw="settle"), dis("B", "A", 4)), Draw())
    assert pays(t) == [("B", "A", 10, "la_settle")]
    assert t.state.chains == ()


def _dealer_raises(cut: str, times: int):  # type: ignore[no-untyped-def]
    """A is dealer and keeps winning on B's discard (0 fan), collecting each transition."""
    s = opened(cut=cut)
    out = []
    for _ in range(times):
        t = step(s, dis("B", "A", 0))
        out.append(t)
        s = t.state
    return out


def test_cut_offered_at_la_three_and_six_only_every_third() -> None:
    # 三局斬拉: 被拉者若被人拉至第三局的時候，有權選擇立刻付賬 … 則要被拉到第六局才有權選擇「斬拉」與否。
    ts = _dealer_raises("every_third", 7)
    levels = [t.state.chains[0].level for t in ts]
    assert levels == [1, 2, 3, 4, 5, 6, 7]
    offered = [t.state.chains[0].level for t in ts if t.offers]
    assert offered == [3, 6]
    # legs: 6, 8, 10, 12, … (0 + 5 + 2n+1): 6; ceil(9)+8 = 17; ceil(25.5)+10 = 36
    assert ts[2].offers == (CutOffer("B", "A", 3, 36),)
    assert ts[2].state.pending == (CutOffer("B", "A", 3, 36),)
    assert ts[3].state.pending == ()  # 拉四: the offer lapsed (playing on is declining), none new


def test_cut_from_third_offers_every_level_from_three() -> None:
    ts = _dealer_raises("from_third", 5)
    assert [bool(t.offers) for t in ts] == [False, False, True, True, True]


def test_cut_none_never_offers_and_rejects_cut() -> None:
    # 「無限拉」: 被拉者亦不能隨意「投降」繳付所記下的翻數
    ts = _dealer_raises("none", 6)
    assert not any(t.offers for t in ts)
    with pytest.raises(TableError) as e:
        step(ts[-1].state, CutChain("B", "A", True))
    assert e.value.code == "cut_disabled"


def test_accept_cut_pays_and_closes() -> None:
    s = _dealer_raises("every_third", 3)[-1].state  # B→A 拉三 36
    t = step(s, CutChain("B", "A", True))
    assert pays(t) == [("B", "A", 36, "cut")]
    assert t.state.chains == () and t.state.pending == ()
    assert t.state.balances == {"A": 36, "B": -36, "C": 0, "D": 0}


def test_decline_cut_keeps_chain_and_next_offer_at_six() -> None:
    s = _dealer_raises("every_third", 3)[-1].state
    t = step(s, CutChain("B", "A", False))
    assert t.payments == () and t.state.pending == ()
    assert chains(t.state) == [("B", "A", 3, 36)]
    with pytest.raises(TableError) as e:  # declined: no offer until 拉六
        step(t.state, CutChain("B", "A", True))
    assert e.value.code == "no_cut_offer"
    s = run(t.state, dis("B", "A", 0), dis("B", "A", 0))  # 拉四, 拉五: no offer
    assert s.pending == ()
    with pytest.raises(TableError):
        step(s, CutChain("B", "A", True))
    assert step(s, dis("B", "A", 0)).offers  # 拉六


def test_from_third_cut_any_time_even_after_decline() -> None:
    s = _dealer_raises("from_third", 3)[-1].state
    s = run(s, CutChain("B", "A", False))
    t = step(s, CutChain("B", "A", True))
    assert pays(t) == [("B", "A", 36, "cut")]


def test_cut_errors() -> None:
    s = _dealer_raises("every_third", 2)[-1].state
    with pytest.raises(TableError) as e:
        step(s, CutChain("B", "A", True))  # 拉二: not yet
    assert e.value.code == "no_cut_offer"
    with pytest.raises(TableError) as e:
        step(s, CutChain("C", "A", True))
    assert e.value.code == "no_chain"


def test_pending_offer_does_not_block_the_next_hand() -> None:
    s = _dealer_raises("every_third", 3)[-1].state
    t = step(s, dis("C", "D", 0))  # play on: B→A settled in full by next_win, offer gone
    assert ("B", "A", 36, "la_settle") in pays(t)
    assert t.state.pending == ()


def test_double_win_with_chains_on_both_legs_next_win() -> None:
    # 一炮雙響: each leg its own debt, one event.
    s = opened()
    t = step(s, tsumo("B", 10))  # A dealer: A→B 10+5+1 = 16, C→B 15, D→B 15; deal passes to B
    assert chains(t.state) == [("A", "B", 1, 16), ("C", "B", 1, 15), ("D", "B", 1, 15)]
    assert t.state.dealer == "B"
    t = step(t.state, WinByDiscard("C", (WinLeg("B", 5), WinLeg("D", 3))))
    # C→B: B is dealer (n=0): 5 + 5 + 1 = 11 → ceil(22.5) + 11 = 34, 拉二.  C→D: 3 + 5 = 8, new.
    # A→B (no A–B debt) and D→B (D won from C, not from B) are paid in full.
    assert pays(t) == [("A", "B", 16, "la_settle"), ("D", "B", 15, "la_settle")]
    assert chains(t.state) == [("C", "B", 2, 34), ("C", "D", 1, 8)]
    assert t.state.balances == {"A": -16, "B": 31, "C": 0, "D": -15}
    assert (t.state.dealer, t.state.streak) == ("B", 1)  # the dealer is among the winners


def test_double_win_raise_and_kick_debtor_wins_mode() -> None:
    s = opened(la_break="debtor_wins")
    s = run(s, dis("D", "C", 5))  # D→C 10 (non-dealers); deal passes to B
    s = run(s, dis("C", "B", 5))  # B dealer: 5+5+1 = 11 → C→B 11; D→C kept (D did not win)
    assert chains(s) == [("D", "C", 1, 10), ("C", "B", 1, 11)]
    t = step(s, WinByDiscard("C", (WinLeg("B", 2), WinLeg("D", 4))))
    # B dealer n=1 (3): C→B 2+5+3 = 10 → ceil(16.5)+10 = 27.  D 食 C: reverse of D→C → 踢半 floor(10/2)=5,
    # then C 拉 D: 4 + 5 = 9.
    assert pays(t) == [("D", "C", 5, "kick_half")]
    assert chains(t.state) == [("C", "B", 2, 27), ("C", "D", 1, 9)]
    assert t.state.balances == {"A": 0, "B": 0, "C": 5, "D": -5}


def test_dealer_only_mode() -> None:
    # 「莊家拉」: 只有該局莊家可以拉放銃者.
    s = opened(la_mode="dealer_only")
    t = step(s, dis("B", "A", 5))  # dealer A wins: 5+5+1 = 11 carried
    assert chains(t.state) == [("B", "A", 1, 11)]
    t = step(t.state, dis("C", "D", 5))  # non-dealer win: paid at once; B→A settled (next_win)
    assert pays(t) == [("B", "A", 11, "la_settle"), ("C", "D", 10, "win")]
    assert t.state.chains == ()
    assert t.state.dealer == "B"


def test_dealer_only_kick_then_pay_at_once() -> None:
    s = run(opened(la_mode="dealer_only"), dis("B", "A", 5))  # B→A 11, A dealer n=1
    t = step(s, dis("A", "B", 2))  # B (not dealer) wins from A: kick, then paid at once
    # kick floor(11/2) = 5; A pays 2+5 = 7 'win' and 3 (2·1+1) 'dealer'.
    assert pays(t) == [("B", "A", 5, "kick_half"), ("A", "B", 7, "win"), ("A", "B", 3, "dealer")]
    assert t.state.chains == ()
    assert t.state.balances == {"A": 5 - 10, "B": 10 - 5, "C": 0, "D": 0}


def test_dealer_only_with_debtor_wins() -> None:
    # 莊家拉 + la_break debtor_wins: non-dealer wins are paid at once; the dealer's chain stays open until
    # its debtor wins, then it is paid in full.
    s = opened(la_mode="dealer_only", la_break="debtor_wins")
    s = run(s, Draw(), Draw(), Draw())  # A dealer, n = 3
    s = run(s, dis("C", "B", 0))  # B not dealer: paid at once 5; deal → B
    s = run(s, dis("C", "B", 0))  # B dealer: 0+5+1 = 6 → chain C→B 6
    s = run(s, dis("D", "C", 0))  # C (not dealer) wins: paid at once 5; the debtor C won → C→B paid 6
    assert chains(s) == []
    assert s.balances == {"A": 0, "B": 11, "C": -6, "D": -5}


def test_off_mode_pays_everything_at_once() -> None:
    t = step(opened(la_mode="off"), dis("B", "A", 4))
    assert pays(t) == [("B", "A", 9, "win"), ("B", "A", 1, "dealer")]
    assert t.state.chains == ()


def test_dealer_only_same_direction_after_deal_moved_settles_and_pays() -> None:
    # The chain C→B survives (debtor_wins) after B lost the deal; C deals in to B again, but B is no longer
    # the dealer, so B cannot 拉: the chain is paid in full and the new leg at once.
    s = opened(la_mode="dealer_only", la_break="debtor_wins")
    s = run(s, dis("C", "A", 0))  # A dealer: 0+5+1 = 6 → chain C→A; A keeps, n = 1
    s = run(s, dis("B", "D", 0))  # D not dealer: paid 5; C→A kept; deal → B
    assert chains(s) == [("C", "A", 1, 6)]
    t = step(s, dis("C", "A", 0))  # A not dealer now: C→A paid 6 in full, new leg 5 at once
    assert pays(t) == [("C", "A", 6, "la_settle"), ("C", "A", 5, "win")]
    assert t.state.chains == ()
