"""Table state and the values a transition returns (DESIGN §1 ``table``, §5 ledger JSON).

Balances hold settled fan units only.  Open 拉 chains are shown separately in ``TableState.chains`` and are
paid when they settle (next win, 踢半, 斬拉, or 埋數), so balances sum to zero after every event.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from taipai.core.table.amounts import Amount, amount_to_json
from taipai.core.table.events import Event

WINDS: tuple[str, str, str, str] = ("東", "南", "西", "北")
"""Seat and round winds, in the order the deal passes (counter-clockwise)."""


class TableSettings(Protocol):
    """A system's table settings (house rules), immutable; changed by ``RuleChanged`` events.

    Each system has its own dataclass (hk-taiwan: :class:`taipai.systems.hk_taiwan.options.TableOptions`); the
    system's :class:`~taipai.core.system.TableRules` makes and reads them.
    """

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict; the system's :meth:`TableRules.options_from_dict` reverses it."""
        ...

    def with_option(self, option: str, value: str | int | bool) -> TableSettings:
        """A copy with ``option`` set to ``value``.

        Raises:
            TableError: ``bad_option`` (unknown option) or ``bad_value`` (out of range), with a hint
                naming what would be right.
        """
        ...

    def money(self, amount: Amount) -> Amount:
        """Money for a ledger ``amount`` (hk-taiwan: fan units × rate; taiwan / hk-old: the amount)."""
        ...

    def __hash__(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``payee`` ``amount`` fan units (> 0) now, because of ``rule``.

    ``rule`` is one of ``win`` (a leg's fan + 底), ``dealer`` (the leg's dealer fan 2n+1),
    ``la_settle`` (a chain paid in full), ``kick_half`` (踢半: floor(amount/2)), ``cut`` (斬拉),
    ``false_win`` (詐糊), ``prize:<id>`` (現金獎), or ``undo:<rule>`` for a reversal shown by Undo.
    """

    payer: str
    payee: str
    amount: Amount
    rule: str


@dataclass(frozen=True, slots=True)
class Chain:
    """An open 拉 chain: ``debtor`` owes ``creditor`` ``amount`` fan units at 拉``level`` (1 = 拉一).

    Seed 004, 拉/踢: 「會暫時記數，稱為拉一」.
    """

    debtor: str
    creditor: str
    level: int
    amount: int


@dataclass(frozen=True, slots=True)
class CutOffer:
    """斬拉 offer: ``debtor`` may pay ``creditor`` the chain's ``amount`` now (seed 004 「三局斬拉」)."""

    debtor: str
    creditor: str
    level: int
    amount: int


ChainAction = Literal["open", "raise", "kick", "settle", "cut"]


@dataclass(frozen=True, slots=True)
class ChainMove:
    """What happened to one chain in an event, for display.

    ``open`` (new chain, level 1), ``raise`` (拉 again: ``amount`` is the new total, ``level`` the new
    level), ``kick`` (踢半: the old chain ended; ``amount`` is the old total, half of it paid),
    ``settle`` (paid in full), ``cut`` (斬拉 accepted).  For kick/settle/cut, level and amount are the
    chain's before it closed.
    """

    action: ChainAction
    debtor: str
    creditor: str
    level: int
    amount: int


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A seated player: ``seat`` is the fixed seat wind from 開枱 (東南西北 in opening order).

    ``seat`` never moves; the seat wind a player sits in now (門風: the dealer is 東, the next seat
    counter-clockwise 南 …) moves with the deal and is :meth:`TableState.seat_wind`.
    """

    name: str
    seat: str
    balance: Amount


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One effective event in the history.

    Attributes:
        hand: the hand in progress when it happened (hands played before it + 1).
        event: the event itself.
        summary: short English line (``"B wins on A's discard: 15"``); adapters make their own text.
        payments: the payments booked.
        moves: what happened to 拉 chains.
        dealer, streak, round: the dealer, 連莊 n and round wind when the event happened.
    """

    hand: int
    event: Event
    summary: str
    payments: tuple[Payment, ...] = ()
    moves: tuple[ChainMove, ...] = ()
    dealer: str = ""
    streak: int = 0
    round: str = "東"


@dataclass(frozen=True)
class TableState:
    """The table after some events.  Immutable; :func:`~taipai.core.table.machine.apply` makes new ones.

    Attributes:
        players: the seats in order 東南西北 (fixed seats from 開枱; a three-player table has 東南西) with
            settled balances (fan units).
        dealer: the current dealer's name.
        streak: 連莊 n (0 for a fresh dealer).
        round_wind: 圈風 東/南/西/北 (a three-player table's moves 東→南→西; a system without round
            winds, 字牌, ignores it).
        hand: hands played (wins and draws).
        chains: open 拉 chains, oldest first.
        pending: open 斬拉 offers.
        history: effective events (undone ones removed), oldest first.
        options: the table's options now (the system's own settings class).
        system: the rule system's id (``hk-taiwan``, ``taiwan``, ``hk-old``), from 開枱.
        ended: True after 埋數 (SessionEnded).
        draws: 荒莊 in a row the current dealer has kept the deal through (0 after a win or a new
            dealer); only systems that pass the deal after some draws count them
            (:func:`~taipai.core.table.deal.next_deal` ``drawn=True``; 字牌, seed 002 ⑴
            「連續3次荒庄，則由莊家的下家做莊」).  Replayed from the log like every field, never stored.
        sits_out: the table seats one more than the game's players and the one opposite the dealer
            sits each hand out (:attr:`sitter`; 字牌's 數信, seed 002 ⑼ 「莊家的對家「數信」，為閑家。
            「數信」者不打牌，僅作陪 … 以後誰胡牌誰就是莊家，對家「數信」」).  Set by 開枱 from the count of
            names (:func:`taipai.core.system.seat_counts`); ``False`` at every table of the players'
            own count, so logs stored before it replay unchanged.

    Equality compares the table values above; the undo/redo bookkeeping (``prev``, ``redo``) is excluded.
    """

    players: tuple[PlayerState, ...]
    dealer: str
    streak: int
    round_wind: str
    hand: int
    chains: tuple[Chain, ...]
    pending: tuple[CutOffer, ...]
    history: tuple[HistoryEntry, ...]
    options: TableSettings
    ended: bool = False
    system: str = "hk-taiwan"
    draws: int = 0
    sits_out: bool = False
    prev: TableState | None = field(default=None, compare=False, repr=False)
    redo: tuple[Event, ...] = field(default=(), compare=False, repr=False)

    @property
    def names(self) -> tuple[str, ...]:
        """Player names in seat order."""
        return tuple(p.name for p in self.players)

    @property
    def sitter(self) -> str | None:
        """Who sits this hand out: the player opposite the dealer (seat dealer + 2 of four, seed 002 ⑼
        「莊家的對家「數信」」) at a table that :attr:`sits_out`; ``None`` elsewhere.  It moves with the
        deal."""
        if not self.sits_out:
            return None
        names = self.names
        return names[(names.index(self.dealer) + len(names) // 2) % len(names)]

    @property
    def playing(self) -> tuple[str, ...]:
        """The players of this hand in seat order: every name but the :attr:`sitter`."""
        sitter = self.sitter
        return tuple(n for n in self.names if n != sitter)

    @property
    def balances(self) -> dict[str, Amount]:
        """``{name: settled balance in fan units}``; sums to zero."""
        return {p.name: p.balance for p in self.players}

    def seat_of(self, name: str) -> str:
        """The fixed seat wind (東南西北) of ``name`` from 開枱 (not the 門風 now: :meth:`seat_wind`).

        Raises:
            KeyError: ``name`` is not seated.
        """
        for p in self.players:
            if p.name == name:
                return p.seat
        raise KeyError(name)

    def seat_wind(self, name: str) -> str:
        """門風 of ``name`` this hand, counted from the dealer (the dealer is 東, the next seat 南 …).

        This is the wind shown beside the name, the wind a command uses to name a player (``東 自摸``
        is the dealer) and the wind the player's hand is scored with.

        Raises:
            ValueError: ``name`` is not seated.
        """
        names = self.names
        return WINDS[(names.index(name) - names.index(self.dealer)) % len(names)]

    def chain(self, debtor: str, creditor: str) -> Chain | None:
        """The open chain ``debtor`` → ``creditor``, or ``None``."""
        for c in self.chains:
            if c.debtor == debtor and c.creditor == creditor:
                return c
        return None

    def owed(self) -> dict[str, Amount]:
        """Balances as if every open chain were paid now (fan units): what 埋數 would leave."""
        out = dict(self.balances)
        for c in self.chains:
            out[c.debtor] -= c.amount
            out[c.creditor] += c.amount
        return out


@dataclass(frozen=True, slots=True)
class Transition:
    """Result of one :func:`~taipai.core.table.machine.apply`.

    Attributes:
        state: the new state.
        payments: payments booked by this event (for Undo: the undone event's payments reversed,
            rule ``undo:<rule>``).
        offers: 斬拉 offers made by this event (also in ``state.pending``).
        moves: what happened to 拉 chains in this event.
    """

    state: TableState
    payments: tuple[Payment, ...] = ()
    offers: tuple[CutOffer, ...] = ()
    moves: tuple[ChainMove, ...] = ()


def _payment_dict(p: Payment) -> dict[str, Any]:
    return {"payer": p.payer, "payee": p.payee, "amount": amount_to_json(p.amount), "rule": p.rule}


def _move_dict(m: ChainMove) -> dict[str, Any]:
    return {
        "action": m.action,
        "debtor": m.debtor,
        "creditor": m.creditor,
        "level": m.level,
        "amount": m.amount,
    }


def state_to_dict(state: TableState) -> dict[str, Any]:
    """The DESIGN §5 ledger JSON object (``taipai ledger --json``).

    Keys: ``players`` [{name, seat, balance, wind}] (``seat``: the fixed seat from 開枱; ``wind``,
    added: the seat wind now, which moves with the deal: the dealer's is 東), ``dealer``, ``streak``,
    ``round``, ``hand``,
    ``chains`` [{debtor, creditor, level, amount}], ``events`` (history: {hand, kind, event, summary,
    payments, moves, dealer, streak, round}); added: ``pending`` (斬拉 offers), ``ended``, ``options``,
    ``system`` (the rule system's id); ``sitter`` (who sits this hand out) only at a table that seats one
    more than play (字牌's 數信).
    Amounts are fan units: an ``int`` when integral, a JSON number for halves/quarters (exact), else
    ``"p/q"`` (see :func:`~taipai.core.table.amounts.amount_to_json`).
    """
    return {
        "players": [
            {
                "name": p.name,
                "seat": p.seat,
                "balance": amount_to_json(p.balance),
                "wind": state.seat_wind(p.name),
            }
            for p in state.players
        ],
        "dealer": state.dealer,
        "streak": state.streak,
        "round": state.round_wind,
        "hand": state.hand,
        "chains": [
            {"debtor": c.debtor, "creditor": c.creditor, "level": c.level, "amount": c.amount}
            for c in state.chains
        ],
        "pending": [
            {"debtor": o.debtor, "creditor": o.creditor, "level": o.level, "amount": o.amount}
            for o in state.pending
        ],
        "events": [
            {
                "hand": h.hand,
                "kind": h.event.kind,
                "event": h.event.to_dict(),
                "summary": h.summary,
                "payments": [_payment_dict(p) for p in h.payments],
                "moves": [_move_dict(m) for m in h.moves],
                "dealer": h.dealer,
                "streak": h.streak,
                "round": h.round,
            }
            for h in state.history
        ],
        "ended": state.ended,
        "options": state.options.to_dict(),
        "system": state.system,
        **({"sitter": state.sitter} if state.sits_out else {}),
    }
