"""apply / replay: the pure, game-neutral table state machine (DESIGN §1 ``ledger``, §6 table rules).

What every game shares is here; what differs is the table's rule system's
:class:`~taipai.core.system.TableRules` (its money, its next deal and its own events), found by
``state.system`` in :mod:`taipai.core.registry`:

- **Who may be named**: every player an event names (``winner``, ``discarder``, ``player``, ``other``,
  ``robbed``, ``debtor``, ``creditor``, ``kong_discarder``) must sit at the table; a winner is not the
  discarder and appears once; counts are whole numbers ≥ 0 with 底 ≥ 1.
- **Hands**: a win or a 流局 ends a hand; the system says who pays and whether the dealer stays
  (:func:`~taipai.core.table.deal.next_deal`).  詐糊 and the system's own events do not end a hand.
- **New events and replay**: :func:`apply` checks a new event against every rule (``strict``);
  :func:`replay`, and ``apply(..., strict=False)`` for a stored log, let a system skip the checks added
  after events were first stored, so an old log replays exactly as it was booked.
- **Undo/Redo**: the log is append-only.  ``Undo`` reverts the last effective event not yet undone, giving
  back exactly the state before it (``state.prev``); ``Redo`` re-applies the last undone event; any other
  accepted event clears the redo stack.  Undo and Redo are accepted after 埋數 (to reopen a mistaken
  埋數); the first 開枱 of a log cannot be undone.
- **開枱** is accepted with no table or after 埋數 (a new session in the same log, fresh balances); it
  names the system (default ``hk-taiwan``, what every log stored before issue 14 plays) and exactly
  that system's :attr:`~taipai.core.system.RuleSystem.players` distinct names (4, or 3 for 字牌),
  seated 東 南 西 (北) in the order given; a game that lets one sit out
  (:func:`~taipai.core.system.seat_counts`: 字牌's 數信) also takes one more, and then the player opposite
  the dealer sits each hand out (:attr:`~taipai.core.table.state.TableState.sitter`).
- **The sitter** (seed 002 ⑼ 「「數信」者不打牌，僅作陪」) neither wins, deals in, false-wins nor pays
  in their hand (``sitting_out``); they may be paid (數信's shares).
- **RuleChanged** changes one of the system's table settings from the next event on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from taipai.core.registry import system_by_id
from taipai.core.system import Outcome, seat_counts
from taipai.core.table.amounts import Amount, norm
from taipai.core.table.errors import TableError
from taipai.core.table.events import (
    Draw,
    Event,
    FalseWin,
    Redo,
    RuleChanged,
    SelfDraw,
    SessionEnded,
    TableOpened,
    Undo,
    WinByDiscard,
)
from taipai.core.table.state import (
    WINDS,
    HistoryEntry,
    Payment,
    PlayerState,
    TableState,
    Transition,
)

PLAYER_FIELDS = ("winner", "discarder", "player", "other", "debtor", "creditor", "kong_discarder", "robbed")
"""Event fields that name a player; each must name one at the table (``None`` where optional)."""


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
            ``bad_event``, ``sitting_out`` (the hand's sitter named as a winner, discarder or false
            winner, or paying: ``values`` ``player``).
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
    _check_named(state, event)
    _check_sitter(state, event)
    table = system_by_id(state.system).table
    if isinstance(event, WinByDiscard | SelfDraw):
        _check_win(event)
        return _finish(
            _sitter_pays_nothing(state, table.win(state, event, strict=strict)), event, before=state
        )
    if isinstance(event, Draw):
        return _finish(table.draw(state, event), event, before=state)
    if isinstance(event, FalseWin):
        return _finish(_sitter_pays_nothing(state, table.false_win(state, event)), event, before=state)
    if isinstance(event, RuleChanged):
        options = state.options.with_option(event.option, event.value)
        st = dataclasses.replace(state, options=options)
        return _finish(Outcome(st, f"rule {event.option} = {event.value}"), event, before=state)
    if isinstance(event, SessionEnded):
        out = table.end(state, event)
        out = dataclasses.replace(out, state=dataclasses.replace(out.state, ended=True))
        return _finish(out, event, before=state)
    if isinstance(event, table.own_events):
        return _finish(
            _sitter_pays_nothing(state, table.own(state, event, strict=strict)), event, before=state
        )
    raise TableError("bad_event", f"not an event of {state.system} tables: {event!r}")


def _open(state: TableState | None, event: TableOpened) -> Transition:
    if state is not None and not state.ended:
        raise TableError("table_open", "a table is already open", "埋數 (SessionEnded) first")
    names = event.players
    system = system_by_id(event.system)
    counts = seat_counts(system)
    count = len(names)
    named = all(isinstance(n, str) and n.strip() for n in names)
    if count not in counts or len(set(names)) != count or not named:
        usage = "開枱 " + " ".join("ABCDE"[: counts[0]])
        need = " or ".join(str(c) for c in counts)
        raise TableError("bad_players", f"need {need} distinct names, got {list(names)!r}", usage)
    table = system.table
    options = table.default_options() if event.options is None else event.options
    if type(options) is not type(table.default_options()):
        raise TableError("bad_event", f"options must be the settings of {event.system} tables")
    fresh = TableState(
        players=tuple(PlayerState(n, w, 0) for n, w in zip(names, WINDS[:count], strict=True)),
        dealer=names[0],
        streak=0,
        round_wind=WINDS[0],
        hand=0,
        chains=(),
        pending=(),
        history=(),
        options=options,
        system=event.system,
        sits_out=count > system.players,
    )
    opened = dataclasses.replace(event, options=options)  # the history shows the settings played
    return _finish(Outcome(fresh, f"table opened: {' '.join(names)}"), opened)


# --- helpers -----------------------------------------------------------------------------------------


def _check_named(state: TableState, event: Event) -> None:
    """Every player the event names sits at the table (``unknown_player``)."""
    for name in PLAYER_FIELDS:
        value = getattr(event, name, None)
        if value is not None:
            _check_player(state, value)
    for leg in getattr(event, "legs", ()):
        _check_player(state, leg.winner)


def _check_win(event: WinByDiscard | SelfDraw) -> None:
    if isinstance(event, SelfDraw):
        _check_hand(event.fan, event.bases)
        return
    if not event.legs:
        raise TableError("no_legs", "a win on a discard needs at least one winner")
    winners = tuple(leg.winner for leg in event.legs)
    for leg in event.legs:
        _check_hand(leg.fan, leg.bases)
    if event.discarder in winners:
        raise TableError("same_player", f"{event.discarder} cannot win on their own discard", "自摸")
    if len(set(winners)) != len(winners):
        raise TableError("same_player", f"a winner appears twice: {list(winners)}")


def _check_player(state: TableState, name: object) -> None:
    if not isinstance(name, str) or name not in state.names:
        raise TableError("unknown_player", f"{name!r} is not at this table", " ".join(state.names))


SITTER_FIELDS = ("winner", "discarder", "player", "kong_discarder", "robbed")
"""Event fields naming someone who plays the hand: never the hand's sitter."""


def _check_sitter(state: TableState, event: Event) -> None:
    """The hand's sitter plays no part in it (``sitting_out``; seed 002 ⑼ 「「數信」者不打牌」)."""
    sitter = state.sitter
    if sitter is None:
        return
    named = [getattr(event, f, None) for f in SITTER_FIELDS]
    named += [leg.winner for leg in getattr(event, "legs", ())]
    if sitter in named:
        raise TableError(
            "sitting_out",
            f"{sitter} sits this hand out (數信): they neither win, deal in nor false-win",
            " ".join(state.playing),
            {"player": sitter},
        )


def _sitter_pays_nothing(state: TableState, out: Outcome) -> Outcome:
    """A system's outcome in which the hand's sitter pays is refused (``sitting_out``): they do not play."""
    sitter = state.sitter
    if sitter is not None and any(p.payer == sitter and p.amount for p in out.payments):
        raise TableError(
            "sitting_out", f"{sitter} sits this hand out (數信) and pays nothing", "", {"player": sitter}
        )
    return out


def _check_hand(fan: object, bases: object) -> None:
    if isinstance(fan, bool) or not isinstance(fan, int) or fan < 0:
        raise TableError("bad_amount", f"fan must be a whole number ≥ 0, got {fan!r}")
    if isinstance(bases, bool) or not isinstance(bases, int) or bases < 1:
        raise TableError("bad_amount", f"bases (底) must be a whole number ≥ 1, got {bases!r}")


def _book(players: tuple[PlayerState, ...], payments: Iterable[Payment]) -> tuple[PlayerState, ...]:
    delta: dict[str, Amount] = {}
    for p in payments:
        delta[p.payer] = delta.get(p.payer, 0) - p.amount
        delta[p.payee] = delta.get(p.payee, 0) + p.amount
    return tuple(
        dataclasses.replace(pl, balance=norm(pl.balance + delta[pl.name])) if pl.name in delta else pl
        for pl in players
    )


def _finish(out: Outcome, event: Event, before: TableState | None = None) -> Transition:
    """Book the outcome's payments, refresh the system's offers, append the history entry.

    ``before`` is the state the event applied to (defaults to ``out.state``): the history entry records
    its hand number, dealer, streak and round.  An event that belongs to the win before it (a class
    with ``follows_win = True``, 歡樂麻將's 鳥, turned after the win) records the win's hand, dealer,
    streak and round instead: the deal has already moved on, but the 鳥 is that hand's.
    """
    state = out.state
    ref = before or state
    payments = tuple(p for p in out.payments if p.amount)
    pending, offers = system_by_id(state.system).table.offers(state, out.moves)
    won = ref.history[-1] if getattr(event, "follows_win", False) and ref.history else None
    entry = HistoryEntry(
        hand=ref.hand + 1 if won is None else won.hand,
        event=event,
        summary=out.summary,
        payments=payments,
        moves=out.moves,
        dealer=ref.dealer if won is None else won.dealer,
        streak=ref.streak if won is None else won.streak,
        round=ref.round_wind if won is None else won.round,
    )
    new = dataclasses.replace(
        state,
        players=_book(state.players, payments),
        pending=pending,
        history=(*state.history, entry),
    )
    return Transition(new, payments, offers, out.moves)
