"""國標 (MCR) money and deal (:class:`~taipai.core.system.TableRules`).

Amounts are money (``base`` × points; :meth:`McrOptions.money` is the identity).  Seed 002
「計分規則」, 8番場: 「（游戲番數+8）」 — every loser pays the 8 基本分, and whoever lost the hand pays its 番
on top (the competition rule the 8番場 follows):

- **A win on a discard** (搶槓和 too, the konging player as the discarder): the discarder pays 8 + 番,
  each of the two others 8.  Worked: a 12 番 win, 底 1: 20 from the discarder, 8 and 8: 36.
- **A self-draw**: each of the three pays 8 + 番.  Worked: 12 番 自摸: 20 × 3 = 60.
- **No dealer bonus** (莊家 pays and collects as anyone); the deal passes after every hand unless the
  table's ``dealer_stays`` is on.
- **起和**: a new win below the table's minimum is refused (``below_minimum``).
- **截和**: several winners on one discard are refused (``first_claim_wins``) unless ``multi_win``.
- **詐和**: the false winner pays each other player 30 points (the competition's 錯和 penalty).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from taipai.core.system import Outcome
from taipai.core.table.amounts import Amount, norm
from taipai.core.table.deal import next_deal
from taipai.core.table.errors import TableError
from taipai.core.table.events import Draw, Event, FalseWin, SelfDraw, WinByDiscard
from taipai.core.table.legs import check_one_claim, self_draw_payments
from taipai.core.table.paid_at_once import PaidAtOnce
from taipai.core.table.state import Payment, TableState
from taipai.systems.mcr.options import BASIC_POINTS, McrOptions

FALSE_WIN_POINTS = 30
"""詐和: points the false winner pays each other player (the competition rule's 錯和 10 分 × 3 is a
per-hand penalty; a chat table has no referee, so taipai books 30 to each, like 港式台牌)."""


def points(fan: int, opts: McrOptions) -> Amount:
    """Money of ``fan`` points: ``base × fan``."""
    return norm(Fraction(opts.base) * fan)


def _options(state: TableState) -> McrOptions:
    opts = state.options
    if not isinstance(opts, McrOptions):
        raise TableError("bad_event", "the table's settings are not 國標 settings")
    return opts


def _checked(fan: int, opts: McrOptions, strict: bool, winner: str) -> int:
    if strict and fan < opts.minimum:
        raise TableError(
            "below_minimum",
            f"{winner}'s {fan}番 is below this table's minimum of {opts.minimum}番 (起和)",
            f"a win needs at least {opts.minimum}番",
            {"count": str(fan), "minimum": str(opts.minimum), "winner": winner},
        )
    return fan


class McrTable(PaidAtOnce):
    """:class:`~taipai.core.system.TableRules` of 國標 (amounts in money; module docstring)."""

    game_zh = "國標"

    own_events: tuple[type[Event], ...] = ()
    amounts: str = "money"

    def default_options(self) -> McrOptions:
        """:class:`McrOptions`' defaults: 底 1, 8番起和, flowers, no 明暗槓, 截和, the deal passes."""
        return McrOptions()

    def options_from_dict(self, data: Mapping[str, Any]) -> McrOptions:
        """:meth:`McrOptions.from_dict`."""
        return McrOptions.from_dict(data)

    def win(self, state: TableState, event: WinByDiscard | SelfDraw, *, strict: bool) -> Outcome:
        """The payments of a win (module docstring) and the next deal.

        Raises:
            TableError: ``first_claim_wins`` (several winners without 一炮多響; ``values``: ``winner``,
                ``discarder`` and ``rule``, 截和), ``below_minimum`` (``values``: ``count``, ``minimum``,
                ``winner``), ``same_player`` (包 by the winner).
        """
        opts = _options(state)
        basic = points(BASIC_POINTS, opts)
        pays: list[Payment] = []
        if isinstance(event, WinByDiscard):
            winners = tuple(leg.winner for leg in event.legs)
            check_one_claim(state.names, event.discarder, winners, opts.multi_win, "截和")
            parts = []
            for leg in event.legs:
                fan = _checked(leg.fan, opts, strict, leg.winner)
                pays.append(Payment(event.discarder, leg.winner, norm(basic + points(fan, opts)), "win"))
                pays.extend(
                    Payment(o, leg.winner, basic, "basic")
                    for o in state.names
                    if o not in (event.discarder, leg.winner) and o not in winners
                )
                how = "kong (搶槓和)" if leg.robbed_kong else "discard"
                parts.append(f"{leg.winner} wins on {event.discarder}'s {how}: {fan}番")
            summary = "; ".join(parts)
        else:
            winners = (event.winner,)
            fan = _checked(event.fan, opts, strict, event.winner)
            each = norm(basic + points(fan, opts))
            drawn, tail = self_draw_payments(state.names, event.winner, each, event.kong_discarder, "包")
            pays.extend(drawn)
            summary = f"{event.winner} self-draws (自摸): {fan}番{tail}"
        st = next_deal(state, keep=opts.dealer_stays and state.dealer in winners)
        return Outcome(st, summary, tuple(pays))

    def draw(self, state: TableState, event: Draw) -> Outcome:
        """流局 (荒莊): nobody pays; the deal passes unless ``dealer_stays``."""
        return Outcome(next_deal(state, keep=_options(state).dealer_stays), "draw (荒莊)")

    def false_win(self, state: TableState, event: FalseWin) -> Outcome:
        """詐和: the false winner pays each other player :data:`FALSE_WIN_POINTS` points."""
        amount = points(FALSE_WIN_POINTS, _options(state))
        pays = tuple(Payment(event.player, o, amount, "false_win") for o in state.names if o != event.player)
        return Outcome(state, f"{event.player} false win (詐和): pays each {FALSE_WIN_POINTS} points", pays)


TABLE = McrTable()
"""The one instance the MCR system uses."""
