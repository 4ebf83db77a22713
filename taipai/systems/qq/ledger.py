"""QQ 歡樂麻將 money and deal behind the ledger seam (seed 002; :class:`~taipai.core.system.TableRules`).

- **A leg** pays X × N in money: X the room's base of the hand's 番
  (:func:`~taipai.systems.qq.money.room_base`)
  × 莊家系數, N the room coefficient.  Payments: ``win`` (the room's base × N) and ``dealer`` (莊家翻倍's
  second share, when the dealer wins or pays: 「無論輸贏莊家的結果將以兩倍計算」).
- **Who pays**: on a discard the discarder alone (「點炮人出雙倍分數」 names him only), each winner of a
  multiple win a leg of its own; on a self-draw each of the three others.
- **鳥** (:class:`~taipai.systems.qq.events.Bird`) is booked right after the win it belongs to; it adds a
  ``bird`` payment equal to each leg it doubles (:func:`~taipai.systems.qq.money.win_legs`).  One bird a
  win; a 流局 has none.
- **The deal**: seed 002 is silent; the dealer stays on a dealer win and, by default, on a 流局
  (``draw_keeps_dealer``); otherwise it passes to the next seat.
- **詐胡**: seed 002 is silent; the false winner pays each other player a leg of ``false_win_fan`` 番 in
  the table's room, without 鳥 or 莊家翻倍; the hand goes on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from taipai.core.system import Outcome
from taipai.core.table.deal import next_deal
from taipai.core.table.errors import TableError
from taipai.core.table.events import Draw, Event, FalseWin, SelfDraw, WinByDiscard
from taipai.core.table.paid_at_once import PaidAtOnce
from taipai.core.table.state import HistoryEntry, Payment, TableState
from taipai.systems.qq.events import Bird, bird_seat
from taipai.systems.qq.money import Leg, room_base, win_legs
from taipai.systems.qq.options import QQTableOptions


def _win_legs(
    entry_state: tuple[tuple[str, ...], str],
    event: WinByDiscard | SelfDraw,
    opts: QQTableOptions,
    bird: str | None,
) -> list[Leg]:
    names, dealer = entry_state
    if isinstance(event, WinByDiscard):
        return [
            leg
            for w in event.legs
            for leg in win_legs(names, dealer, w.winner, event.discarder, w.fan, opts.room, bird)
        ]
    return list(win_legs(names, dealer, event.winner, None, event.fan, opts.room, bird))


def leg_payments(leg: Leg, opts: QQTableOptions) -> list[Payment]:
    """One leg's payments in money, before any 鳥: ``win`` = room base × N and, on a dealer leg,
    ``dealer`` = the same again (莊家翻倍).

    Args:
        leg: a leg of :func:`~taipai.systems.qq.money.win_legs` made without a bird.
        opts: the table's options (N).
    """
    single = leg.base // leg.dealer
    pays = [Payment(leg.payer, leg.payee, single * opts.coefficient, "win")]
    if leg.dealer > 1:
        pays.append(Payment(leg.payer, leg.payee, single * (leg.dealer - 1) * opts.coefficient, "dealer"))
    return pays


class QQTable(PaidAtOnce):
    """:class:`~taipai.core.system.TableRules` of QQ 歡樂麻將 (amounts in money)."""

    game_zh = "歡樂麻將"

    own_events: tuple[type[Event], ...] = (Bird,)  # type: ignore[assignment]
    amounts: str = "money"

    def default_options(self) -> QQTableOptions:
        """大眾場, N = 1, 財神 named per hand, 詐胡 an 8番 leg to each, a 流局 keeps the dealer."""
        return QQTableOptions()

    def options_from_dict(self, data: Mapping[str, Any]) -> QQTableOptions:
        """:meth:`QQTableOptions.from_dict` (missing keys take defaults; unknown keys ``bad_option``)."""
        return QQTableOptions.from_dict(data)

    def win(self, state: TableState, event: WinByDiscard | SelfDraw, *, strict: bool) -> Outcome:
        """The legs of a win (see the module docstring) and the next deal.

        Raises:
            TableError: ``bad_event`` for 包 (``SelfDraw.kong_discarder``): this game has none.
        """
        opts: QQTableOptions = state.options  # type: ignore[assignment]
        if isinstance(event, SelfDraw) and event.kong_discarder is not None:
            raise TableError(
                "bad_event",
                f"{event.kong_discarder} cannot pay all (包): 歡樂麻將 has no 包",
                "book the self-draw without 包: each of the three pays",
            )
        pays = [
            p
            for leg in _win_legs((state.names, state.dealer), event, opts, None)
            for p in leg_payments(leg, opts)
        ]
        if isinstance(event, WinByDiscard):
            winners = tuple(w.winner for w in event.legs)
            summary = "; ".join(
                f"{w.winner} wins on {event.discarder}'s discard: {w.fan} 番" for w in event.legs
            )
        else:
            winners = (event.winner,)
            summary = f"{event.winner} self-draws (自摸): {event.fan} 番"
        return Outcome(next_deal(state, state.dealer in winners), summary, tuple(pays))

    def draw(self, state: TableState, event: Draw) -> Outcome:
        """流局: the dealer stays (default) or the deal passes (``draw_keeps_dealer = false``)."""
        opts: QQTableOptions = state.options  # type: ignore[assignment]
        return Outcome(next_deal(state, opts.draw_keeps_dealer), "draw (流局)")

    def false_win(self, state: TableState, event: FalseWin) -> Outcome:
        """詐胡: the false winner pays each other player ``room_base(false_win_fan) × N``."""
        opts: QQTableOptions = state.options  # type: ignore[assignment]
        amount = room_base(opts.room, opts.false_win_fan) * opts.coefficient
        pays = tuple(Payment(event.player, o, amount, "false_win") for o in state.names if o != event.player)
        return Outcome(state, f"{event.player} false win (詐胡)", pays if amount else ())

    def own(self, state: TableState, event: Event, *, strict: bool) -> Outcome:
        """鳥 (:class:`Bird`): the doubled legs of the win just booked are paid once more (``bird``).

        Raises:
            TableError: ``bad_event`` (another system's event, a tile that is no kind, or no win right
                before it: a bird follows its win, once).
        """
        if not isinstance(event, Bird):
            raise TableError("bad_event", f"not a 歡樂麻將 event: {event!r}")
        tile = event.tile
        if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < 34:
            raise TableError("bad_event", f"鳥 must be a tile, not {tile!r}", "e.g. 鳥 三萬")
        last: HistoryEntry | None = state.history[-1] if state.history else None
        if last is None or not isinstance(last.event, WinByDiscard | SelfDraw):
            raise TableError(
                "bad_event", "a 鳥 follows the win it belongs to", "book the win first, then its 鳥"
            )
        opts: QQTableOptions = state.options  # type: ignore[assignment]
        hit = bird_seat(tile, state.names, last.dealer)
        before = _win_legs((state.names, last.dealer), last.event, opts, None)
        after = _win_legs((state.names, last.dealer), last.event, opts, hit)
        pays = tuple(
            Payment(b.payer, b.payee, (a.base - b.base) * opts.coefficient, "bird")
            for b, a in zip(before, after, strict=True)
            if a.base > b.base
        )
        return Outcome(state, f"鳥 lands on {hit}" + ("" if pays else ": no leg doubles"), pays)


TABLE = QQTable()
"""The one instance the ``qq`` system will use."""
