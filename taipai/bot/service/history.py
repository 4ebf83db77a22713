"""A session's history as rows (issue 4 item 6: ``/history`` and ``/export``), and exact amounts.

Pure functions of a :class:`~taipai.core.table.TableState` (no I/O, no clock): :mod:`.render` shows
them in the chat, :mod:`.export` writes them as CSV.

Units: ``fan``, ``amount`` are fan units (番; a 底 is ``base_fan`` of them), exact; money is fan
units × the table's current ``rate`` (DESIGN §6: 「Money = fan units × the table's rate per fan」),
rounded to the cent like every amount of money the chat shows (:func:`cents`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from taipai.bot.money_format import round_cents
from taipai.core.table import ChainMove, Event, HistoryEntry, Payment, SelfDraw, TableState, WinByDiscard
from taipai.core.table.amounts import Amount
from taipai.systems.hk_taiwan.options import TableOptions
from taipai.systems.hk_taiwan.payments import win_legs


@dataclass(frozen=True, slots=True)
class LegRow:
    """One payer's part of a win: ``payer`` owes ``winner`` ``amount`` fan units for this hand.

    ``fan`` is the hand's fan without 底 and dealer fan, ``bases`` its 底 count; ``amount`` =
    ``fan + bases × base_fan`` (+ the dealer's 2n+1 on a leg with the dealer, seed 004 莊家 row).
    Whether it was paid now or carried as 拉 is in the entry's moves and payments.

    ``leg_of`` is the player whose leg it is: the same as ``payer`` except on 槓上自摸 包, where
    ``payer`` (the kong discarder) pays every leg on behalf of ``leg_of`` (seed 004 槓上自摸 row
    「明槓出銃者全包」).  ``base`` is the 底 part in fan units (``bases × base_fan``) and ``dealer``
    the dealer fan 2n+1 on a leg that involves the dealer, ``None`` on a leg between non-dealers;
    ``amount == fan + base + (dealer or 0)``.
    """

    winner: str
    payer: str
    fan: int
    bases: int
    amount: int
    leg_of: str = ""
    base: int = 0
    dealer: int | None = None


@dataclass(frozen=True, slots=True)
class HistoryItem:
    """One effective event of the session with what it moved.

    Attributes:
        number: 1, 2, 3 … in the order the events count (undone events are not here).
        hand: the hand in progress (hands played before it + 1).
        round, dealer, streak: 圈風, dealer and 連莊 n when it happened.
        event: the event.  summary: the core's short English line.
        legs: for wins, one per payer (``[]`` otherwise).
        payments: fan units that changed hands now.  moves: what happened to 拉 chains.
        before: the table the event was applied to (its options, chains and dealer), ``None`` when
            unknown; renderers use it for the amounts of that moment (詐糊, prizes, 拉 arithmetic).
    """

    number: int
    hand: int
    round: str
    dealer: str
    streak: int
    event: Event
    summary: str
    legs: tuple[LegRow, ...]
    payments: tuple[Payment, ...]
    moves: tuple[ChainMove, ...]
    before: TableState | None = None


def _before_each(state: TableState) -> list[TableState | None]:
    """The state each history entry was applied to (walks ``state.prev``; ``None`` when unknown)."""
    out: list[TableState | None] = []
    s = state.prev
    for _entry in state.history:
        out.append(s)
        s = s.prev if s is not None else None
    out.reverse()
    return out


def leg_rows(
    event: WinByDiscard | SelfDraw, names: tuple[str, ...], dealer: str, streak: int, options: TableOptions
) -> tuple[LegRow, ...]:
    """The legs of a win as :class:`LegRow` (payers in seat order; discard: leg order).

    Args:
        event: the win.  names: the four players in seat order.  dealer, streak: the dealer and
            連莊 n when the win happened.  options: the table's options then (``base_fan``, dealer fan).

    Returns the same legs as :func:`~taipai.systems.hk_taiwan.payments.win_legs`, with who each leg is for
    (``leg_of``) and its parts; raises nothing for an event the table accepted.
    """
    legs = win_legs(event, names, dealer, streak, options)
    if isinstance(event, WinByDiscard):
        facts = [(leg.fan, leg.bases, event.discarder) for leg in event.legs]
    else:
        facts = [(event.fan, event.bases, p) for p in names if p != event.winner]
    return tuple(
        LegRow(
            winner=leg.payee,
            payer=leg.payer,
            fan=fan,
            bases=bases,
            amount=leg.total,
            leg_of=leg_of,
            base=leg.hand - fan,
            dealer=leg.dealer if dealer in (leg_of, leg.payee) else None,
        )
        for leg, (fan, bases, leg_of) in zip(legs, facts, strict=True)
    )


def _legs(entry: HistoryEntry, before: TableState | None, names: tuple[str, ...]) -> tuple[LegRow, ...]:
    event = entry.event
    if not isinstance(event, WinByDiscard | SelfDraw):
        return ()
    if before is not None and not isinstance(before.options, TableOptions):
        return ()  # fan + 底 + dealer fan legs are hk-taiwan's; another game's payments are its own
    options: TableOptions = before.options if before is not None else TableOptions()
    return leg_rows(event, names, entry.dealer, entry.streak, options)


def history_item(
    number: int, entry: HistoryEntry, before: TableState | None, names: tuple[str, ...]
) -> HistoryItem:
    """One history ``entry`` (the ``number``-th effective event) applied to ``before`` as a
    :class:`HistoryItem`; ``names`` are the table's players in seat order."""
    return HistoryItem(
        number=number,
        hand=entry.hand,
        round=entry.round,
        dealer=entry.dealer,
        streak=entry.streak,
        event=entry.event,
        summary=entry.summary,
        legs=_legs(entry, before, names),
        payments=entry.payments,
        moves=entry.moves,
        before=before,
    )


def history_items(state: TableState) -> list[HistoryItem]:
    """Every effective event of ``state`` (oldest first) with its legs, payments and chain moves."""
    befores = _before_each(state)
    return [
        history_item(i, e, before, state.names)
        for i, (e, before) in enumerate(zip(state.history, befores, strict=True), start=1)
    ]


def exact(value: Amount) -> str:
    """An exact amount as text a spreadsheet reads: ``18``, ``-2.5``, ``0.125``, or ``5/3`` when no
    finite decimal exists.  Never rounds: integer arithmetic only (no ``float``, no ``Decimal``
    context precision), and the sign always comes first."""
    if isinstance(value, Fraction) and value.denominator != 1:
        d, twos, fives = value.denominator, 0, 0
        while d % 2 == 0:
            d //= 2
            twos += 1
        while d % 5 == 0:
            d //= 5
            fives += 1
        if d != 1:
            return f"{value.numerator}/{value.denominator}"
        places = max(twos, fives)
        scaled = abs(value.numerator) * (10**places // value.denominator)
        whole, frac = divmod(scaled, 10**places)
        sign = "-" if value < 0 else ""
        return f"{sign}{whole}." + f"{frac:0{places}d}".rstrip("0")
    return str(int(value))


def cents(value: Amount) -> str:
    """Money as people count it: rounded to the cent, half away from zero, with two decimals when
    there are cents: ``18`` → ``18``, ``7.5`` → ``7.50``, ``0.825`` → ``0.83``, ``-0.825`` →
    ``-0.83``, ``5/3`` → ``1.67``, ``-0.004`` → ``0``.

    Display only (chat replies and the CSV ``money`` column): the ledger keeps exact fan units and
    the rate is exact, so rounding here never moves a cent between players.  Rounding half away
    from zero is symmetric: a payer and a payee see the same figure for one transfer.  Integer
    arithmetic only (no ``float``), so huge amounts print every digit."""
    whole_cents = round_cents(value) * 100
    assert whole_cents.denominator == 1
    sign = "-" if whole_cents < 0 else ""
    units, part = divmod(abs(whole_cents.numerator), 100)
    return f"{sign}{units}" if part == 0 else f"{sign}{units}.{part:02d}"


def settled_money(state: TableState, transfers: Sequence[tuple[str, str, Amount]]) -> dict[str, Fraction]:
    """Each player's money as the ``transfers`` that settle the table move it, each transfer rounded
    to the cent: the figures 計數 and 埋數 show, which agree and sum to zero (0.825 × 3 paid = 2.49
    received, not the 2.48 that rounding 2.475 alone would show)."""
    paid: dict[str, Fraction] = {p.name: Fraction(0) for p in state.players}
    for a, b, v in transfers:
        money = round_cents(state.options.money(v))
        paid[a] -= money
        paid[b] += money
    return paid
