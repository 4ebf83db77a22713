"""apply / replay: the pure table state machine (DESIGN §1 ``table``, §6 table rules).

Rules, with the seed 004 sections they follow:

- **Payments** (:mod:`~taipai.core.table.payments`): each leg is ``fan + bases × base_fan`` plus the dealer
  fan ``2n+1`` on legs involving the dealer (seed 004 莊家 row).  Discard and 搶槓: the discarder pays;
  自摸: the three others pay; 槓上自摸 on an exposed kong: ``kong_discarder`` pays all three legs.
- **拉/踢/斬拉** (:mod:`~taipai.core.table.chains`): debts open chains instead of being paid; see
  :func:`~taipai.core.table.chains.resolve_win`.  Balances hold settled fan units only; open chains are in
  ``state.chains`` and are paid when they settle, at the latest at 埋數.
- **Dealer and round** (seed 004, 流程 and 連莊): a dealer win or a 流局 (臭莊) keeps the dealer with n + 1;
  any other win passes the deal to the next seat (東→南→西→北) with n = 0; when the deal comes back to
  the first seat the round wind moves on (東→南→西→北, then 東 again).  On 一炮雙響/三響 the dealer keeps the
  deal if among the winners (option ``multi_win_deal``).
- **Cash prizes and 詐糊**: paid at once, never touch chains, the dealer, or the hand count.
- **Once per hand** (seed 004 現金獎: 一台草 / 一台花 「玩家每局只可收取一次」; one dice roll per hand for
  圍骰 / 一二三; one 七搶一 / 一搶七): a hand runs from one hand-ending event (a win or a 流局) to the
  next.  A 詐糊 does not end the hand: seed 004 says only that the false winner pays (「需要付於其餘三家
  各30翻」), and a bad 自摸 claim is played on (自摸: 「玩家需要放棄食糊並打出一張牌繼續遊戲」).
- **包** only on 槓上自摸 on an exposed kong (seed 004 槓上自摸 row 「明槓出銃者全包」): a new
  :class:`SelfDraw` with ``kong_discarder`` must say ``exposed_kong``.
- **New events and replay**: :func:`apply` checks a new event against every rule (``strict``);
  :func:`replay`, and ``apply(..., strict=False)`` for a stored log, skip the checks added after
  events were first stored (once-per-hand prizes, 包 on an exposed kong), so an old log that holds
  such an event replays exactly as it was booked.
- **斬拉 offers** do not block play: the next hand that changes the chain (or any draw with
  ``la_on_draw = settle``) lapses the offer — playing on is declining.
- **Undo/Redo**: the log is append-only.  ``Undo`` reverts the last effective event not yet undone, giving
  back exactly the state before it (``state.prev``); ``Redo`` re-applies the last undone event; any other
  accepted event clears the redo stack.  Undo and Redo are accepted after 埋數 (to reopen a mistaken
  埋數); the first 開枱 of a log cannot be undone.
- **開枱** is accepted with no table or after 埋數 (a new session in the same log, fresh balances).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from taipai.core.table.amounts import Amount, norm
from taipai.core.table.chains import refresh_offers, resolve_win, settle_all
from taipai.core.table.errors import TableError
from taipai.core.table.events import (
    CashPrize,
    CutChain,
    Draw,
    Event,
    FalseWin,
    FlyTile,
    Redo,
    RuleChanged,
    SelfDraw,
    SessionEnded,
    TableOpened,
    Undo,
    WinByDiscard,
)
from taipai.core.table.options import TableOptions
from taipai.core.table.payments import win_legs
from taipai.core.table.prizes import PRIZES, once_key, prize_payments
from taipai.core.table.state import (
    WINDS,
    ChainMove,
    HistoryEntry,
    Payment,
    PlayerState,
    TableState,
    Transition,
)


def apply(state: TableState | None, event: Event, *, strict: bool = True) -> Transition:
    """Apply one event to ``state`` (``None`` before 開枱) and return the new state and what moved.

    Args:
        state: the current state, or ``None`` when no table has been opened in this log.
        event: any event of :mod:`~taipai.core.table.events`.
        strict: ``True`` (a new event, about to be booked): refuse a second once-per-hand prize in
            one hand (``prize_once``) and 包 on a self-draw not shown as 槓上 on an exposed kong
            (``bao_needs_exposed_kong``).  ``False`` (replaying a stored log): those two checks are
            skipped, so events booked before them replay as booked.

    Returns:
        :class:`Transition` with the new state, the payments booked now (fan units), new 斬拉 offers and
        chain moves.  ``state`` itself is never modified.

    Raises:
        TableError: the event is not allowed; codes: ``no_table``, ``table_open``, ``ended``,
            ``bad_players``, ``unknown_player``, ``same_player``, ``bad_amount``, ``no_legs``,
            ``unknown_prize``, ``prize_needs_other``, ``not_dealer``, ``prize_once``,
            ``bao_needs_exposed_kong``, ``no_chain``, ``no_cut_offer``,
            ``cut_disabled``, ``nothing_to_undo``, ``nothing_to_redo``, ``bad_option``, ``bad_value``,
            ``bad_event``.
    """
    if isinstance(event, Undo):
        return _undo(state)
    if isinstance(event, Redo):
        return _redo(state, strict)
    t = _apply_ordinary(state, event, strict)
    return dataclasses.replace(t, state=dataclasses.replace(t.state, prev=state, redo=()))


def replay(events: Iterable[Event]) -> TableState:
    """Fold :func:`apply` (``strict=False``: a stored log) over an event log (Undo/Redo included)
    and return the final state.

    Raises:
        TableError: ``no_table`` for a log with no 開枱, or whatever :func:`apply` raises for an event
            the log should never have stored.
    """
    state: TableState | None = None
    for event in events:
        state = apply(state, event, strict=False).state
    if state is None:
        raise TableError("no_table", "the log has no 開枱 (TableOpened)")
    return state


# --- undo / redo -------------------------------------------------------------------------------------


def _undo(state: TableState | None) -> Transition:
    if state is None:
        raise TableError("no_table", "no table is open", "開枱 A B C D")
    if state.prev is None:
        raise TableError("nothing_to_undo", "nothing to undo")
    last = state.history[-1]
    back = tuple(Payment(p.payee, p.payer, p.amount, f"undo:{p.rule}") for p in reversed(last.payments))
    restored = dataclasses.replace(state.prev, redo=(*state.redo, last.event))
    return Transition(restored, back)


def _redo(state: TableState | None, strict: bool) -> Transition:
    if state is None:
        raise TableError("no_table", "no table is open", "開枱 A B C D")
    if not state.redo:
        raise TableError("nothing_to_redo", "nothing to redo")
    t = _apply_ordinary(state, state.redo[-1], strict)
    return dataclasses.replace(t, state=dataclasses.replace(t.state, prev=state, redo=state.redo[:-1]))


# --- ordinary events ---------------------------------------------------------------------------------


def _apply_ordinary(state: TableState | None, event: Event, strict: bool) -> Transition:
    if isinstance(event, TableOpened):
        return _open(state, event)
    if state is None:
        raise TableError("no_table", "no table is open", "開枱 A B C D")
    if state.ended:
        raise TableError("ended", "the session has ended (埋數)", "開枱 to start a new one, or 撤銷")
    if isinstance(event, WinByDiscard | SelfDraw):
        return _win(state, event, strict)
    if isinstance(event, Draw):
        return _draw(state, event)
    if isinstance(event, FalseWin):
        _check_player(state, event.player)
        amount = state.options.false_win_fan
        pays = tuple(Payment(event.player, o, amount, "false_win") for o in state.names if o != event.player)
        return _finish(state, event, f"{event.player} false win (詐糊)", pays)
    if isinstance(event, CashPrize):
        return _prize(state, event, strict)
    if isinstance(event, CutChain):
        return _cut(state, event)
    if isinstance(event, FlyTile):
        _check_player(state, event.player)
        return _finish(state, event, f"{event.player} flies {event.tile} (飛牌)")
    if isinstance(event, RuleChanged):
        options = state.options.with_option(event.option, event.value)
        pending = () if options.cut == "none" else state.pending
        st = dataclasses.replace(state, options=options, pending=pending)
        return _finish(st, event, f"rule {event.option} = {event.value}", before=state)
    if isinstance(event, SessionEnded):
        pays, moves = settle_all(state.chains)
        st = dataclasses.replace(state, chains=(), pending=(), ended=True)
        return _finish(st, event, "session ended (埋數)", tuple(pays), tuple(moves), before=state)
    raise TableError("bad_event", f"not a table event: {event!r}")


def _open(state: TableState | None, event: TableOpened) -> Transition:
    if state is not None and not state.ended:
        raise TableError("table_open", "a table is already open", "埋數 (SessionEnded) first")
    names = event.players
    if len(names) != 4 or len(set(names)) != 4 or not all(isinstance(n, str) and n.strip() for n in names):
        raise TableError("bad_players", f"need four distinct names, got {list(names)!r}", "開枱 A B C D")
    if not isinstance(event.options, TableOptions):
        raise TableError("bad_event", "options must be TableOptions")
    fresh = TableState(
        players=tuple(PlayerState(n, w, 0) for n, w in zip(names, WINDS, strict=True)),
        dealer=names[0],
        streak=0,
        round_wind=WINDS[0],
        hand=0,
        chains=(),
        pending=(),
        history=(),
        options=event.options,
    )
    return _finish(fresh, event, f"table opened: {' '.join(names)}")


def _win(state: TableState, event: WinByDiscard | SelfDraw, strict: bool) -> Transition:
    opts = state.options
    if isinstance(event, WinByDiscard):
        _check_player(state, event.discarder)
        if not event.legs:
            raise TableError("no_legs", "a win on a discard needs at least one winner")
        winners = tuple(leg.winner for leg in event.legs)
        for leg in event.legs:
            _check_player(state, leg.winner)
            _check_hand(leg.fan, leg.bases)
        if event.discarder in winners:
            raise TableError("same_player", f"{event.discarder} cannot win on their own discard", "自摸")
        if len(set(winners)) != len(winners):
            raise TableError("same_player", f"a winner appears twice: {list(winners)}")
        summary = "; ".join(
            f"{leg.winner} wins on {event.discarder}'s {'kong (搶槓)' if leg.robbed_kong else 'discard'}: "
            f"{leg.fan} fan, {leg.bases} 底"
            for leg in event.legs
        )
    else:
        _check_player(state, event.winner)
        _check_hand(event.fan, event.bases)
        winners = (event.winner,)
        if event.kong_discarder is not None:
            _check_player(state, event.kong_discarder)
            if event.kong_discarder == event.winner:
                raise TableError("same_player", "the kong discarder cannot be the winner")
            if strict and not event.exposed_kong:
                raise TableError(
                    "bao_needs_exposed_kong",
                    f"{event.kong_discarder} pays all (包) only for 槓上自摸 on an exposed kong (明槓)",
                    "seed 004 槓上自摸: 明槓出銃者全包; book the self-draw without 包, or say 槓上",
                    {"payer": event.kong_discarder, "winner": event.winner},
                )
        summary = f"{event.winner} self-draws (自摸): {event.fan} fan, {event.bases} 底"
        if event.kong_discarder:
            summary += f", {event.kong_discarder} pays all (明槓全包)"
    legs = win_legs(event, state.names, state.dealer, state.streak, opts)
    chains, pays, moves = resolve_win(state.chains, legs, winners, state.dealer, opts)
    keep = state.dealer in winners and (len(winners) == 1 or opts.multi_win_deal == "dealer_among_winners")
    st = _next_hand(dataclasses.replace(state, chains=chains), keep)
    return _finish(st, event, summary, tuple(pays), tuple(moves), before=state)


def _draw(state: TableState, event: Draw) -> Transition:
    pays: list[Payment] = []
    moves: list[ChainMove] = []
    chains = state.chains
    if state.options.la_on_draw == "settle":
        pays, moves = settle_all(chains)
        chains = ()
    st = _next_hand(dataclasses.replace(state, chains=chains), keep=True)
    return _finish(st, event, "draw (流局)", tuple(pays), tuple(moves), before=state)


def _prize(state: TableState, event: CashPrize, strict: bool) -> Transition:
    rule = PRIZES.get(event.prize)
    if rule is None:
        raise TableError("unknown_prize", f"unknown prize {event.prize!r}", ", ".join(PRIZES))
    _check_player(state, event.player)
    if event.other is not None:
        _check_player(state, event.other)
        if event.other == event.player:
            raise TableError("same_player", f"{event.player} cannot pay themself")
    if rule.flow == "pay_other" and event.other is None:
        raise TableError("prize_needs_other", f"{rule.name} needs the player who is paid", "other = name")
    if rule.dealer_only and event.player != state.dealer:
        raise TableError("not_dealer", f"{rule.name}: {event.player} is not the dealer ({state.dealer})")
    if strict:
        _check_once(state, event)
    pays = prize_payments(event.prize, event.player, event.other, state.names, state.options)
    who = f"{event.player}→{event.other}" if rule.flow == "pay_other" else event.player
    return _finish(state, event, f"cash prize {rule.name} ({event.prize}): {who}", pays)


def _cut(state: TableState, event: CutChain) -> Transition:
    _check_player(state, event.debtor)
    _check_player(state, event.creditor)
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
        return _finish(st, event, f"{event.debtor} declines to cut (唔斬) at 拉{chain.level}", before=state)
    chains = tuple(c for c in state.chains if c is not chain)
    pay = Payment(chain.debtor, chain.creditor, chain.amount, "cut")
    move = ChainMove("cut", chain.debtor, chain.creditor, chain.level, chain.amount)
    st = dataclasses.replace(state, chains=chains, pending=pending)
    summary = f"{event.debtor} cuts (斬) at 拉{chain.level}: pays {event.creditor} {chain.amount}"
    return _finish(st, event, summary, (pay,), (move,), before=state)


# --- helpers -----------------------------------------------------------------------------------------


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


def _check_player(state: TableState, name: object) -> None:
    if not isinstance(name, str) or name not in state.names:
        raise TableError("unknown_player", f"{name!r} is not at this table", " ".join(state.names))


def _check_hand(fan: object, bases: object) -> None:
    if isinstance(fan, bool) or not isinstance(fan, int) or fan < 0:
        raise TableError("bad_amount", f"fan must be a whole number ≥ 0, got {fan!r}")
    if isinstance(bases, bool) or not isinstance(bases, int) or bases < 1:
        raise TableError("bad_amount", f"bases (底) must be a whole number ≥ 1, got {bases!r}")


def _next_hand(state: TableState, keep: bool) -> TableState:
    """One hand played: the dealer stays with n + 1, or the deal passes with n = 0 (seed 004 連莊/流程)."""
    if keep:
        return dataclasses.replace(state, hand=state.hand + 1, streak=state.streak + 1)
    names = state.names
    i = (names.index(state.dealer) + 1) % 4
    round_wind = state.round_wind
    if i == 0:
        round_wind = WINDS[(WINDS.index(round_wind) + 1) % 4]
    return dataclasses.replace(state, hand=state.hand + 1, dealer=names[i], streak=0, round_wind=round_wind)


def _book(players: tuple[PlayerState, ...], payments: Iterable[Payment]) -> tuple[PlayerState, ...]:
    delta: dict[str, Amount] = {}
    for p in payments:
        delta[p.payer] = delta.get(p.payer, 0) - p.amount
        delta[p.payee] = delta.get(p.payee, 0) + p.amount
    return tuple(
        dataclasses.replace(pl, balance=norm(pl.balance + delta[pl.name])) if pl.name in delta else pl
        for pl in players
    )


def _finish(
    state: TableState,
    event: Event,
    summary: str,
    payments: tuple[Payment, ...] = (),
    moves: tuple[ChainMove, ...] = (),
    before: TableState | None = None,
) -> Transition:
    """Book ``payments``, refresh 斬拉 offers, append the history entry.

    ``before`` is the state the event applied to (defaults to ``state``): the history entry records its
    hand number, dealer, streak and round.
    """
    ref = before or state
    payments = tuple(p for p in payments if p.amount)
    pending, offers = refresh_offers(state.pending, state.chains, moves, state.options)
    entry = HistoryEntry(
        hand=ref.hand + 1,
        event=event,
        summary=summary,
        payments=payments,
        moves=moves,
        dealer=ref.dealer,
        streak=ref.streak,
        round=ref.round_wind,
    )
    new = dataclasses.replace(
        state,
        players=_book(state.players, payments),
        pending=pending,
        history=(*state.history, entry),
    )
    return Transition(new, payments, offers, moves)
