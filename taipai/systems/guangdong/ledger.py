"""雞平和's money and deal (:class:`~taipai.core.system.TableRules`; seed 001).

Amounts are money (the table's currency; :meth:`GuangdongOptions.money` is the identity).

- **分值**: a win of 番 n is worth ``base × 2^n`` (seed 001 「广东麻将百搭的特色就在"番"番是2倍的意思」;
  the table's 分值 column: 鸡和 0 → 1, 平和 1 → 2 … 十三幺 6 → 64): :func:`value_of`.
- **A win on a discard**: the discarder pays the 分值 (setting ``discard``: ``discarder``, default; the seed
  does not say who pays, and 「点炮者包三家和牌者」 has the discarder pay).  ``half`` (半銃): the discarder
  pays the 分值 and each of the two others half of it (a co-winner's half is the discarder's).
  Worked: 底 1, 3番: the discarder pays 8 (半銃: 8, 4, 4).
- **一炮多響** (「允许一炮多响」): each leg is paid on its own.  **一炮三響**: with three winners
  each leg under the floor is paid at it (「一炮三响 … 点炮者包三家和牌者不满3番牌型，按照3番满计算」):
  three 鸡和 on one discard at 底 1 cost the discarder 8 + 8 + 8.  A 搶槓 leg and a self-draw said as
  槓上 (``B 自摸 1番 槓上 C包``) are floored the same way (「不满3番牌型，按照3番满计算」).
- **A self-draw**: each of the three pays the 分值 (3番 at 底 1: 8 each, 24 in all).
- **包** (the player named in ``B 自摸 … C包``, :attr:`SelfDraw.kong_discarder`): C pays the whole
  self-draw, the three shares (3 × 分值).  It is each of the seed's 包 cases: 十二张落地包自摸
  (「包先不包後」: the player whose discard let B lay down twelve tiles), 大四喜 / 大三元 包自摸
  (whoever discarded the last wind or dragon B needed) and 杠上开花包杠 (「计自摸点杠者包三家牌」:
  the player whose discard B konged).  Which case it is, the table knows; the ledger books who pays.
- **抢杠** (「抢杠和等同杠开，当自摸被抢杠者（欲开杠者）包三家牌」): a 搶槓 win (``B 搶槓 A …``) is
  paid as a self-draw that the robbed player pays in full: 3 × 分值 from A.
- **詐和** (the seed is silent): the false winner pays each other player a 爆和 self-draw
  (``base × 2^cap``, 8 at 底 1 and 爆和 3).
- **Dealer** (「如果庄家和牌或流局则下盘依然由该庄家做庄」,
  「如果一炮多响包括庄家在内和牌下一轮庄家继续当庄」): a dealer win keeps the deal, with 一炮多響
  when the dealer is among the winners; a 流局 keeps it (``draw_keeps_deal``).
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
from taipai.systems.guangdong.options import GuangdongOptions

TRIPLE = 3
"""Winners on one discard that make it 一炮三響 (the floor applies to each leg)."""


def value_of(fan: int, opts: GuangdongOptions) -> Amount:
    """The 分值 of a ``fan`` 番 win in money: ``base × 2^fan``.

    Raises:
        ValueError: a negative ``fan`` (the machine refuses it first).
    """
    if fan < 0:
        raise ValueError(f"fan must be ≥ 0, got {fan}")
    return norm(Fraction(opts.base) * 2**fan)


def leg_fan(fan: int, legs: int, opts: GuangdongOptions, *, floored: bool = False) -> int:
    """The 番 a leg is paid at: at least the floor with :data:`TRIPLE` winners on one discard (一炮三響)
    or when ``floored`` (a 搶槓 leg; a self-draw said as 槓上), else ``fan`` as booked.  A hand message
    is floored by the scorer already; this floors a bare count the same way."""
    return max(fan, opts.floor) if legs >= TRIPLE or floored else fan


def discard_shares(
    names: tuple[str, ...], discarder: str, winner: str, winners: tuple[str, ...], amount: Amount, mode: str
) -> list[Payment]:
    """Who pays ``winner``'s win on ``discarder``'s tile, ``amount`` being the 分值 (money).

    Args:
        names: the four seated players.
        discarder: who discarded.
        winner: this leg's winner.
        winners: every winner on this discard.
        amount: the leg's 分值 (:func:`value_of`).
        mode: ``discarder`` (the discarder pays ``amount``) or ``half`` (半銃: the discarder ``amount``,
            each other player half of it, a co-winner's half being the discarder's).

    Raises:
        ValueError: an unknown ``mode`` (the options refuse it first).
    """
    if mode == "discarder":
        return [Payment(discarder, winner, norm(amount), "win")]
    if mode != "half":
        raise ValueError(f"unknown discard mode {mode!r}")
    half = norm(Fraction(amount) / 2)
    others = [n for n in names if n not in (discarder, winner)]
    payers = [o for o in others if o not in winners]
    own = norm(Fraction(amount) + half * (len(others) - len(payers)))
    return [Payment(discarder, winner, own, "win"), *(Payment(o, winner, half, "half_share") for o in payers)]


def options_of(state: TableState) -> GuangdongOptions:
    """The table's 雞平和 settings.

    Raises:
        TableError: ``bad_event`` when the table plays another game.
    """
    opts = state.options
    if not isinstance(opts, GuangdongOptions):
        raise TableError("bad_event", "the table's settings are not 雞平和 settings")
    return opts


class GuangdongTable(PaidAtOnce):
    """:class:`~taipai.core.system.TableRules` of 雞平和 (amounts in money; module docstring)."""

    game_zh = "雞平和"

    own_events: tuple[type[Event], ...] = ()
    amounts: str = "money"

    def default_options(self) -> GuangdongOptions:
        """The defaults: 底 1, 爆和 3, floor 3, the discarder pays, 一炮多響, 流局連莊."""
        return GuangdongOptions()

    def options_from_dict(self, data: Mapping[str, Any]) -> GuangdongOptions:
        """:meth:`GuangdongOptions.from_dict`."""
        return GuangdongOptions.from_dict(data)

    def win(self, state: TableState, event: WinByDiscard | SelfDraw, *, strict: bool) -> Outcome:
        """The payments of a win (module docstring) and the next deal.

        Raises:
            TableError: ``first_claim_wins`` (several winners with 一炮多響 off; ``values``: ``winner``,
                ``discarder``), ``same_player`` (包 by the winner).
        """
        opts = options_of(state)
        pays: list[Payment] = []
        others_of = {n: tuple(o for o in state.names if o != n) for n in state.names}
        if isinstance(event, WinByDiscard):
            winners = tuple(leg.winner for leg in event.legs)
            check_one_claim(state.names, event.discarder, winners, opts.multi_win)
            parts = []
            for leg in event.legs:
                fan = leg_fan(leg.fan, len(winners), opts, floored=leg.robbed_kong)
                amount = value_of(fan, opts)
                if leg.robbed_kong:  # 「抢杠和等同杠开，当自摸被抢杠者包三家牌」
                    share = norm(amount * len(others_of[leg.winner]))
                    pays.append(Payment(event.discarder, leg.winner, share, "bao"))
                    parts.append(
                        f"{leg.winner} robs {event.discarder}'s kong (搶槓): {fan}番, the robbed pays all"
                    )
                    continue
                pays.extend(
                    discard_shares(state.names, event.discarder, leg.winner, winners, amount, opts.discard)
                )
                parts.append(f"{leg.winner} wins on {event.discarder}'s discard: {fan}番")
            summary = "; ".join(parts)
        else:
            winners = (event.winner,)
            fan = leg_fan(event.fan, 1, opts, floored=event.exposed_kong)
            each = value_of(fan, opts)
            shares, tail = self_draw_payments(state.names, event.winner, each, event.kong_discarder, "包")
            pays.extend(shares)
            summary = f"{event.winner} self-draws (自摸): {fan}番{tail}"
        st = next_deal(state, keep=state.dealer in winners)
        return Outcome(st, summary, tuple(pays))

    def draw(self, state: TableState, event: Draw) -> Outcome:
        """流局: nobody pays; the dealer stays (``draw_keeps_deal``, default) or the deal passes."""
        return Outcome(next_deal(state, keep=options_of(state).draw_keeps_deal), "draw (流局)")

    def false_win(self, state: TableState, event: FalseWin) -> Outcome:
        """詐和: the false winner pays each other player a 爆和 self-draw (``base × 2^cap``)."""
        opts = options_of(state)
        amount = value_of(opts.cap, opts)
        pays = tuple(Payment(event.player, o, amount, "false_win") for o in state.names if o != event.player)
        return Outcome(state, f"{event.player} false win (詐和): pays each a 爆和 self-draw", pays)


TABLE = GuangdongTable()
"""The one instance the 雞平和 system uses."""
