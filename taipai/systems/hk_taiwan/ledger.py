"""港式台牌's money and deal behind the ledger seam (seed 004; :class:`~taipai.core.system.TableRules`).

- **Payments** (:mod:`~taipai.systems.hk_taiwan.payments`): each leg is ``fan + bases × base_fan`` plus the
  dealer fan ``2n+1`` on legs involving the dealer (seed 004 莊家 row).  Discard and 搶槓: the discarder
  pays; 自摸: the three others pay; 槓上自摸 on an exposed kong: ``kong_discarder`` pays all three legs.
- **拉/踢/斬拉** (:mod:`~taipai.systems.hk_taiwan.chains`): debts open chains instead of being paid; see
  :func:`~taipai.systems.hk_taiwan.chains.resolve_win`.  Balances hold settled fan units only; open chains
  are in ``state.chains`` and are paid when they settle, at the latest at 埋數.
- **Dealer** (seed 004, 流程 and 連莊): a dealer win or a 流局 (臭莊) keeps the dealer with n + 1; any other
  win passes the deal.  On 一炮雙響/三響 the dealer keeps the deal if among the winners (option
  ``multi_win_deal``).
- **Cash prizes and 詐糊**: paid at once, never touch chains, the dealer, or the hand count.
- **Once per hand** (seed 004 現金獎: 一台草 / 一台花 「玩家每局只可收取一次」; one dice roll per hand for
  圍骰 / 一二三; one 七搶一 / 一搶七): a hand runs from one hand-ending event (a win or a 流局) to the
  next.  A 詐糊 does not end the hand: seed 004 says only that the false winner pays (「需要付於其餘三家
  各30翻」), and a bad 自摸 claim is played on (自摸: 「玩家需要放棄食糊並打出一張牌繼續遊戲」).
- **包** only on 槓上自摸 on an exposed kong (seed 004 槓上自摸 row 「明槓出銃者全包」): a new
  :class:`SelfDraw` with ``kong_discarder`` must say ``exposed_kong`` (``strict``; a stored log replays as
  it was booked).
- **斬拉 offers** do not block play: the next hand that changes the chain (or any draw with
  ``la_on_draw = settle``) lapses the offer — playing on is declining.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from taipai.core.system import Outcome
from taipai.core.table.deal import next_deal
from taipai.core.table.errors import TableError
from taipai.core.table.events import Draw, Event, FalseWin, SelfDraw, SessionEnded, WinByDiscard
from taipai.core.table.state import ChainMove, CutOffer, Payment, TableState
from taipai.core.wilds.bird import Bird
from taipai.systems.hk_taiwan.birds import bird_outcome
from taipai.systems.hk_taiwan.chains import refresh_offers, resolve_win, settle_all
from taipai.systems.hk_taiwan.events import CashPrize, CutChain, FlyTile
from taipai.systems.hk_taiwan.options import TableOptions
from taipai.systems.hk_taiwan.payments import win_legs
from taipai.systems.hk_taiwan.prizes import PRIZES, once_key, prize_payments


class HkTaiwanTable:
    """:class:`~taipai.core.system.TableRules` of 港式台牌 (amounts in fan units; money = × ``rate``)."""

    own_events: tuple[type[Event], ...] = (CashPrize, CutChain, FlyTile, Bird)
    amounts: str = "fan"

    def default_options(self) -> TableOptions:
        """DESIGN §6 defaults (底 5, 鋪鋪拉, 斬拉 every third, 詐糊 30)."""
        return TableOptions()

    def options_from_dict(self, data: Mapping[str, Any]) -> TableOptions:
        """:meth:`TableOptions.from_dict` (missing keys take defaults; unknown keys ``bad_option``)."""
        return TableOptions.from_dict(data)

    def win(self, state: TableState, event: WinByDiscard | SelfDraw, *, strict: bool) -> Outcome:
        """Legs (fan + 底 + 2n+1 on dealer legs), 拉/踢 chains, then the next deal.

        Raises:
            TableError: ``same_player`` (the kong discarder is the winner), ``bao_needs_exposed_kong``.
        """
        opts = state.options
        if isinstance(event, WinByDiscard):
            winners = tuple(leg.winner for leg in event.legs)
            summary = "; ".join(
                f"{leg.winner} wins on {event.discarder}'s "
                f"{'kong (搶槓)' if leg.robbed_kong else 'discard'}: {leg.fan} fan, {leg.bases} 底"
                for leg in event.legs
            )
        else:
            winners = (event.winner,)
            if event.kong_discarder is not None:
                _check_bao(state, event, strict)
            summary = f"{event.winner} self-draws (自摸): {event.fan} fan, {event.bases} 底"
            if event.kong_discarder:
                summary += f", {event.kong_discarder} pays all (明槓全包)"
        legs = win_legs(event, state.names, state.dealer, state.streak, opts)
        chains, pays, moves = resolve_win(state.chains, legs, winners, state.dealer, opts)
        keep = state.dealer in winners and (
            len(winners) == 1 or opts.multi_win_deal == "dealer_among_winners"
        )
        st = next_deal(dataclasses.replace(state, chains=chains), keep)
        return Outcome(st, summary, tuple(pays), tuple(moves))

    def draw(self, state: TableState, event: Draw) -> Outcome:
        """流局: the dealer stays (臭莊); chains stay open, or settle with ``la_on_draw = settle``."""
        pays: list[Payment] = []
        moves: list[ChainMove] = []
        chains = state.chains
        if state.options.la_on_draw == "settle":
            pays, moves = settle_all(chains)
            chains = ()
        st = next_deal(dataclasses.replace(state, chains=chains), keep=True)
        return Outcome(st, "draw (流局)", tuple(pays), tuple(moves))

    def false_win(self, state: TableState, event: FalseWin) -> Outcome:
        """詐糊: the false winner pays each other player ``false_win_fan`` (seed 004: 各30翻)."""
        amount = state.options.false_win_fan
        pays = tuple(Payment(event.player, o, amount, "false_win") for o in state.names if o != event.player)
        return Outcome(state, f"{event.player} false win (詐糊)", pays)

    def end(self, state: TableState, event: SessionEnded) -> Outcome:
        """埋數: every open chain is paid in full."""
        pays, moves = settle_all(state.chains)
        st = dataclasses.replace(state, chains=(), pending=())
        return Outcome(st, "session ended (埋數)", tuple(pays), tuple(moves))

    def own(self, state: TableState, event: Event, *, strict: bool) -> Outcome:
        """Cash prizes (現金獎), 斬/唔斬, 飛牌 and 扎鳥's 鳥
        (:func:`~taipai.systems.hk_taiwan.birds.bird_outcome`).

        Raises:
            TableError: ``unknown_prize``, ``prize_needs_other``, ``not_dealer``, ``prize_once``,
                ``same_player``, ``no_chain``, ``cut_disabled``, ``no_cut_offer``, ``bad_event``,
                ``bird_off``.
        """
        if isinstance(event, CashPrize):
            return _prize(state, event, strict)
        if isinstance(event, CutChain):
            return _cut(state, event)
        if isinstance(event, FlyTile):
            return Outcome(state, f"{event.player} flies {event.tile} (飛牌)")
        if isinstance(event, Bird):
            return bird_outcome(state, event)
        raise TableError("bad_event", f"not a 港式台牌 event: {event!r}")

    def offers(
        self, state: TableState, moves: tuple[ChainMove, ...]
    ) -> tuple[tuple[CutOffer, ...], tuple[CutOffer, ...]]:
        """斬拉 offers after an event (:func:`~taipai.systems.hk_taiwan.chains.refresh_offers`)."""
        pending, offers = refresh_offers(state.pending, state.chains, moves, state.options)
        return tuple(pending), tuple(offers)


TABLE = HkTaiwanTable()
"""The one instance :data:`taipai.systems.hk_taiwan.SYSTEM` uses."""


def _check_bao(state: TableState, event: SelfDraw, strict: bool) -> None:
    if event.kong_discarder == event.winner:
        raise TableError("same_player", "the kong discarder cannot be the winner")
    if strict and not event.exposed_kong:
        raise TableError(
            "bao_needs_exposed_kong",
            f"{event.kong_discarder} pays all (包) only for 槓上自摸 on an exposed kong (明槓)",
            "seed 004 槓上自摸: 明槓出銃者全包; book the self-draw without 包, or say 槓上",
            {"payer": event.kong_discarder or "", "winner": event.winner},
        )


def _prize(state: TableState, event: CashPrize, strict: bool) -> Outcome:
    rule = PRIZES.get(event.prize)
    if rule is None:
        raise TableError("unknown_prize", f"unknown prize {event.prize!r}", ", ".join(PRIZES))
    if event.other is not None and event.other == event.player:
        raise TableError("same_player", f"{event.player} cannot pay themself")
    if rule.flow == "pay_other" and event.other is None:
        raise TableError("prize_needs_other", f"{rule.name} needs the player who is paid", "other = name")
    if rule.dealer_only and event.player != state.dealer:
        raise TableError("not_dealer", f"{rule.name}: {event.player} is not the dealer ({state.dealer})")
    if strict:
        _check_once(state, event)
    opts = state.options
    pays = prize_payments(
        event.prize, event.player, event.other, state.names, opts.prizes[event.prize], opts.base_fan
    )
    who = f"{event.player}→{event.other}" if rule.flow == "pay_other" else event.player
    return Outcome(state, f"cash prize {rule.name} ({event.prize}): {who}", tuple(pays))


def _cut(state: TableState, event: CutChain) -> Outcome:
    chain = state.chain(event.debtor, event.creditor)
    if chain is None:
        raise TableError("no_chain", f"no chain {event.debtor} → {event.creditor}")
    opts = state.options
    if opts.cut == "none":
        raise TableError("cut_disabled", "this table plays 無限拉 (cut = none)")
    offer = next((o for o in state.pending if (o.debtor, o.creditor) == (event.debtor, event.creditor)), None)
    allowed = offer is not None or (event.accept and opts.cut == "from_third" and chain.level >= 3)
    if not allowed:
        raise TableError(
            "no_cut_offer",
            f"斬拉 is not on offer for {event.debtor} → {event.creditor} at 拉{chain.level}",
            "every_third: at 拉三, 拉六 …; from_third: from 拉三",
        )
    pending = tuple(o for o in state.pending if o is not offer)
    if not event.accept:
        st = dataclasses.replace(state, pending=pending)
        return Outcome(st, f"{event.debtor} declines to cut (唔斬) at 拉{chain.level}")
    chains = tuple(c for c in state.chains if c is not chain)
    pay = Payment(chain.debtor, chain.creditor, chain.amount, "cut")
    move = ChainMove("cut", chain.debtor, chain.creditor, chain.level, chain.amount)
    st = dataclasses.replace(state, chains=chains, pending=pending)
    summary = f"{event.debtor} cuts (斬) at 拉{chain.level}: pays {event.creditor} {chain.amount}"
    return Outcome(st, summary, (pay,), (move,))


def _check_once(state: TableState, event: CashPrize) -> None:
    """Refuse a once-per-hand prize already booked in the hand in progress (``prize_once``).

    The hand in progress is ``state.hand + 1``: every history entry since the last win or 流局 carries
    that number (undone events are not in the history, so undoing the first booking frees it).
    """
    key = once_key(event.prize, event.player)
    if key is None:
        return
    current = state.hand + 1
    for entry in reversed(state.history):
        if entry.hand != current:
            break
        booked = entry.event
        if isinstance(booked, CashPrize) and once_key(booked.prize, booked.player) == key:
            first = PRIZES[booked.prize].name
            raise TableError(
                "prize_once",
                f"{first} ({booked.player}) was already booked this hand; "
                f"{PRIZES[event.prize].name} is paid at most once per hand",
                "撤銷 the first booking if it was wrong; the next hand may book it again",
                {"prize": PRIZES[event.prize].name, "first": first, "player": booked.player},
            )
