"""Taiwan 16-tile money and deal behind the ledger seam (seed 003; :class:`~taipai.core.system.TableRules`).

- **A leg** pays ``底 + 台 × 台額`` in money (seed 003 「打100/50, 就表示沒台100, 每加一台加50」); the 台 of a
  leg is the hand's booked 台 (``WinLeg.fan``: without 作莊 and 連N拉N) plus, on a leg that involves the
  dealer, 作莊 1 + 連N拉N 2N (「作莊 1台 : 胡放皆加計1台」, 「連N拉N 2N台 : 莊家連N閒家一律拉N」): the dealer
  wins, deals in, or pays on another's self-draw.  Payments: ``win`` (底 + the hand's 台 × 台額) and
  ``dealer`` (the dealer 台 × 台額).
- **Who pays**: on a discard (and 搶槓) the discarder alone, each winner of 一炮多響 (seed 003
  「台:有一炮三響」) a leg of its own; on a self-draw each of the three others.  No 拉/踢 chains, no 包.
- **The deal**: the dealer stays on a dealer win (「莊家胡牌應連莊」; on 一炮多響 when among the winners,
  option ``multi_win_deal``) and on a 流局 (option ``draw_keeps_dealer``, default on); otherwise it passes.
- **詐胡**: seed 003 is silent; the false winner pays each other player ``底 + false_win_tai × 台額``
  (default 0 台: one 底 each); the hand goes on.
- **花胡** (:class:`~taipai.systems.taiwan.events.FlowerWin`): 八仙過海 all three pay, 七搶一 the robbed
  player; one 底; dealer 台 on dealer legs; the hand ends like a win.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from taipai.core.system import Outcome
from taipai.core.table.deal import next_deal
from taipai.core.table.errors import TableError
from taipai.core.table.events import Draw, Event, FalseWin, SelfDraw, SessionEnded, WinByDiscard
from taipai.core.table.state import ChainMove, CutOffer, Payment, TableState
from taipai.systems.taiwan.events import FlowerWin
from taipai.systems.taiwan.options import TaiwanTableOptions


def leg_payments(payer: str, payee: str, tai: int, state: TableState, *, bases: int = 1) -> list[Payment]:
    """One leg's payments (money): ``win`` = 底 × bases + ``tai`` × 台額, and ``dealer`` =
    (作莊 + 連N拉N) × 台額 when the dealer is ``payer`` or ``payee``."""
    opts: TaiwanTableOptions = state.options  # type: ignore[assignment]
    pays = [Payment(payer, payee, opts.leg(tai, bases), "win")]
    if state.dealer in (payer, payee):
        pays.append(Payment(payer, payee, opts.per_tai * opts.dealer_bonus(state.streak), "dealer"))
    return pays


class TaiwanTable:
    """:class:`~taipai.core.system.TableRules` of Taiwan 16-tile (amounts in money)."""

    own_events: tuple[type[Event], ...] = (FlowerWin,)  # type: ignore[assignment]
    amounts: str = "money"

    def default_options(self) -> TaiwanTableOptions:
        """底 100, 台額 50, 作莊 1, 連N拉N 2N, a draw keeps the dealer, 詐胡 one 底 each."""
        return TaiwanTableOptions()

    def options_from_dict(self, data: Mapping[str, Any]) -> TaiwanTableOptions:
        """:meth:`TaiwanTableOptions.from_dict` (missing keys take defaults; unknown keys ``bad_option``)."""
        return TaiwanTableOptions.from_dict(data)

    def win(self, state: TableState, event: WinByDiscard | SelfDraw, *, strict: bool) -> Outcome:
        """The legs of a win (see the module docstring) and the next deal.

        Raises:
            TableError: ``bad_event`` for 包 (``SelfDraw.kong_discarder``): this game has none.
        """
        pays: list[Payment] = []
        if isinstance(event, WinByDiscard):
            winners = tuple(leg.winner for leg in event.legs)
            for leg in event.legs:
                pays += leg_payments(event.discarder, leg.winner, leg.fan, state, bases=leg.bases)
            summary = "; ".join(
                f"{leg.winner} wins on {event.discarder}'s "
                f"{'kong (搶槓)' if leg.robbed_kong else 'discard'}: {leg.fan} 台"
                for leg in event.legs
            )
        else:
            if event.kong_discarder is not None:
                raise TableError(
                    "bad_event",
                    f"{event.kong_discarder} cannot pay all (包): 台灣牌 has no 包",
                    "book the self-draw without 包: each of the three pays",
                )
            winners = (event.winner,)
            for payer in state.names:
                if payer != event.winner:
                    pays += leg_payments(payer, event.winner, event.fan, state, bases=event.bases)
            summary = f"{event.winner} self-draws (自摸): {event.fan} 台"
        return Outcome(next_deal(state, self._keeps(state, winners)), summary, tuple(pays))

    def draw(self, state: TableState, event: Draw) -> Outcome:
        """流局: the dealer stays (default) or the deal passes (``draw_keeps_dealer = false``)."""
        keep = state.options.draw_keeps_dealer  # type: ignore[attr-defined]
        return Outcome(next_deal(state, keep), "draw (流局)")

    def false_win(self, state: TableState, event: FalseWin) -> Outcome:
        """詐胡: the false winner pays each other player ``底 + false_win_tai × 台額``."""
        opts: TaiwanTableOptions = state.options  # type: ignore[assignment]
        amount = opts.leg(opts.false_win_tai)
        pays = tuple(Payment(event.player, o, amount, "false_win") for o in state.names if o != event.player)
        return Outcome(state, f"{event.player} false win (詐胡)", pays)

    def end(self, state: TableState, event: SessionEnded) -> Outcome:
        """埋數: nothing is left open in this game (no chains)."""
        return Outcome(state, "session ended (埋數)")

    def own(self, state: TableState, event: Event, *, strict: bool) -> Outcome:
        """花胡 (:class:`FlowerWin`).

        Raises:
            TableError: ``unknown_player`` (the robbed player is not seated), ``same_player`` (the
                winner robbed themself), ``bad_amount`` (台 not a whole number ≥ 0), ``bad_event``
                (another system's event, or ``hand_self_drawn`` without a robbed player).
        """
        if not isinstance(event, FlowerWin):
            raise TableError("bad_event", f"not a 台灣牌 event: {event!r}")
        return _flower_win(state, event)

    def offers(
        self, state: TableState, moves: tuple[ChainMove, ...]
    ) -> tuple[tuple[CutOffer, ...], tuple[CutOffer, ...]]:
        """No 斬拉 in this game: ``(state.pending, ())``."""
        return state.pending, ()

    @staticmethod
    def _keeps(state: TableState, winners: tuple[str, ...]) -> bool:
        opts: TaiwanTableOptions = state.options  # type: ignore[assignment]
        return state.dealer in winners and (
            len(winners) == 1 or opts.multi_win_deal == "dealer_among_winners"
        )


TABLE = TaiwanTable()
"""The one instance :data:`taipai.systems.taiwan.SYSTEM` uses."""


def _flower_win(state: TableState, event: FlowerWin) -> Outcome:
    for name, value in (("tai", event.tai), ("hand", event.hand)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise TableError(
                "bad_amount", f"FlowerWin.{name} must be a whole number of 台 ≥ 0, got {value!r}"
            )
    others = [p for p in state.names if p != event.winner]
    robbed = event.robbed
    pays: list[Payment] = []
    if robbed is None:
        if event.hand_self_drawn:
            raise TableError("bad_event", "hand_self_drawn is for 七搶一 (a robbed player) only")
        for payer in others:
            pays += leg_payments(payer, event.winner, event.tai + event.hand, state)
        summary = f"{event.winner} 八仙過海 (eight flowers): {event.tai + event.hand} 台, all three pay"
    else:
        if robbed not in state.names:
            raise TableError("unknown_player", f"{robbed!r} is not at this table", " ".join(state.names))
        if robbed == event.winner:
            raise TableError("same_player", f"{robbed} cannot rob their own flower")
        if event.hand_self_drawn:
            for payer in others:
                pays += leg_payments(payer, event.winner, event.hand, state)
            per_tai = state.options.per_tai  # type: ignore[attr-defined]
            pays.append(Payment(robbed, event.winner, per_tai * event.tai, "win"))  # no second 底
            summary = (
                f"{event.winner} 七搶一 robbing {robbed}: {event.tai} 台 from {robbed}, "
                f"the self-drawn hand {event.hand} 台 from all three"
            )
        else:
            pays += leg_payments(robbed, event.winner, event.tai + event.hand, state)
            summary = f"{event.winner} 七搶一 robbing {robbed}: {event.tai + event.hand} 台, {robbed} pays"
    return Outcome(next_deal(state, state.dealer == event.winner), summary, tuple(pays))
