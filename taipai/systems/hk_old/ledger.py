"""廣東牌's money and deal (:class:`~taipai.core.system.TableRules`; seed 003 「不同處」).

Amounts are money (the table's currency; :meth:`HkOldOptions.money` is the identity).

- **A portion** is ``base × multiplier(翻)``, 翻 capped at the table's maximum (:func:`portion`).  Seed 003:
  「先講好最大多小台, 多少錢一底, 然後每加一台就一倍錢, 例如: 1元一底的話, 十台就是512元了」: the default
  multiplier is 2^(翻−1) (1 for 0 翻); 半辣上 and 辣辣上 are options (:func:`multiplier`).
- **A win on a discard** (搶槓 too, 「當出沖論」, the konging player as the discarder), by the table's
  ``discard`` setting (seed 003: 「台灣放炮的給, 香港一般放炮也要給, 但沒放炮的也要給一半
  (後來都改為依台灣例)」; issue 14: 「全銃 (the discarder pays for all) or 半銃 (the discarder pays one
  share, the two others half each)」):

  - ``full`` (全銃, default): the discarder pays for all, his portion and the two halves: 2 portions.
    Worked: 1元一底, 10翻, portion 512: the discarder pays 1024.  A Hong Kong table's 三番 出沖 160 /
    自摸 240 is this 2 : 3.
  - ``half`` (半銃): the discarder pays one portion, each of the two others half a portion (``half_share``);
    the winner collects 2 portions.  Worked: 512 from the discarder, 256 from each of the others.
  - ``taiwan`` (依台灣例, 「後來都改為依台灣例」): the discarder alone pays one portion.

  With 一炮多響 each leg is paid so; under 半銃 the half a co-winner on the same discard would pay is the
  discarder's (a winner does not pay on the tile he won on), so each winner still collects 2 portions.
- **下家先糊** (seed 003: 「台:有一炮三響 / 港: 下家先糊」): a discard claimed by several players is refused
  (``first_claim_wins``, naming the first claimant in turn order after the discarder, who is the one to
  book) unless the table plays 一炮多響 (``multi_win``); then each leg is paid on its own.
- **A self-draw**: each of the three pays one portion (``self_draw``: ``double`` two, ``half`` half of one);
  1元一底, 10翻: 512 from each.
  **包自摸**: a :class:`SelfDraw` with ``kong_discarder`` makes that player pay the whole self-draw (the
  three shares), for whatever reason the table agreed on (no 明槓 check in 廣東牌).
- **詐糊**: the false winner pays each other player the self-draw portion at the table's maximum.
- **起糊**: a new win below the table's minimum is refused (``below_minimum``); a count above the maximum
  is paid as the maximum.
- **Dealer**: a dealer win keeps the deal (with 一炮多響, when the dealer is among the winners); a 流局
  keeps it too unless ``draw_keeps_deal`` is off.  No 拉/踢, no cash prizes, no 斬拉 offers.
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
from taipai.systems.hk_old.options import HkOldOptions

HALF_SPICY = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384)
"""半辣上 multipliers for 0–13 翻; beyond 13 each further two 翻 double (the table's own step)."""


def multiplier(fan: int, mode: str = "doubling") -> int:
    """How many 底 a portion of ``fan`` 翻 is worth.

    Args:
        fan: 翻 ≥ 0 (already capped at the table's maximum).
        mode: ``doubling`` (seed 003: 2^(翻−1); 1 for 0 翻, the least a win pays), ``half_spicy``
            (半辣上: :data:`HALF_SPICY`, then ×2 every two 翻) or ``spicy`` (辣辣上: 2^翻).

    Raises:
        ValueError: an unknown ``mode`` or a negative ``fan`` (the options and the machine refuse both first).
    """
    if fan < 0:
        raise ValueError(f"fan must be ≥ 0, got {fan}")
    if mode == "doubling":
        return 1 if fan == 0 else 2 ** (fan - 1)
    if mode == "spicy":
        return 2**fan
    if mode == "half_spicy":
        if fan < len(HALF_SPICY):
            return HALF_SPICY[fan]
        last = len(HALF_SPICY) - 1
        steps, odd = divmod(fan - last, 2)
        return (HALF_SPICY[last - 1] if odd else HALF_SPICY[last]) * 2 ** (steps + odd)
    raise ValueError(f"unknown multiplier {mode!r}")


def portion(fan: int, opts: HkOldOptions) -> Amount:
    """Money of one portion of a ``fan`` 翻 win: ``base × multiplier(min(fan, maximum))``."""
    return norm(Fraction(opts.base) * multiplier(opts.limit_value(fan), opts.multiplier))


SELF_DRAW_SHARE = {"single": Fraction(1), "double": Fraction(2), "half": Fraction(1, 2)}
"""Portions each of the three pays on a self-draw, by the ``self_draw`` setting."""


def self_draw_portion(fan: int, opts: HkOldOptions) -> Amount:
    """What each of the three pays on a ``fan`` 翻 self-draw (:data:`SELF_DRAW_SHARE` portions)."""
    return norm(portion(fan, opts) * SELF_DRAW_SHARE[opts.self_draw])


def discard_shares(
    names: tuple[str, ...], discarder: str, winner: str, winners: tuple[str, ...], amount: Amount, mode: str
) -> list[Payment]:
    """Who pays ``winner``'s win on ``discarder``'s tile, ``amount`` being one portion (money).

    Args:
        names: the four seated players.
        discarder: who discarded (or whose kong was robbed).
        winner: this leg's winner.
        winners: every winner on this discard (one unless 一炮多響).
        amount: one portion of this leg (:func:`portion`).
        mode: ``full`` (全銃: the discarder pays 2 portions, his own and the two halves), ``half`` (半銃:
            the discarder one portion, each other player half a portion, ``half_share``; the half of a
            player who also won on this discard is the discarder's) or ``taiwan`` (依台灣例: the
            discarder one portion).  Module docstring; seed 003 「不同處」.

    Returns:
        The payments of this leg, the discarder's first.

    Raises:
        ValueError: an unknown ``mode`` (the options refuse it first).
    """
    half = norm(Fraction(amount) / 2)
    if mode == "taiwan":
        return [Payment(discarder, winner, norm(amount), "win")]
    if mode == "full":
        return [Payment(discarder, winner, norm(Fraction(amount) * 2), "win")]
    if mode != "half":
        raise ValueError(f"unknown discard mode {mode!r}")
    others = [n for n in names if n not in (discarder, winner)]
    payers = [o for o in others if o not in winners]
    own = norm(Fraction(amount) + half * (len(others) - len(payers)))
    return [
        Payment(discarder, winner, own, "win"),
        *(Payment(o, winner, half, "half_share") for o in payers),
    ]


def _options(state: TableState) -> HkOldOptions:
    opts = state.options
    if not isinstance(opts, HkOldOptions):
        raise TableError("bad_event", "the table's settings are not 廣東牌 settings")
    return opts


def _booked(fan: int, opts: HkOldOptions, strict: bool, winner: str) -> int:
    """The 翻 a leg is paid at; a new leg under 起糊 is refused."""
    if strict and fan < opts.minimum:
        raise TableError(
            "below_minimum",
            f"{winner}'s {fan}翻 is below this table's minimum of {opts.minimum}翻 (起糊)",
            f"a win needs at least {opts.minimum}翻",
            {"count": str(fan), "minimum": str(opts.minimum), "winner": winner},
        )
    return opts.limit_value(fan)


class HkOldTable(PaidAtOnce):
    """:class:`~taipai.core.system.TableRules` of 廣東牌 (amounts in money; module docstring)."""

    game_zh = "廣東牌"

    own_events: tuple[type[Event], ...] = ()
    amounts: str = "money"

    def default_options(self) -> HkOldOptions:
        """Seed 003's defaults (:class:`HkOldOptions`): 底 1, 起糊 3, maximum 8, flowers, 清一色 6, doubling,
        全銃 (2 portions from the discarder), a single self-draw portion, 下家先糊."""
        return HkOldOptions()

    def options_from_dict(self, data: Mapping[str, Any]) -> HkOldOptions:
        """:meth:`HkOldOptions.from_dict` (missing keys take the defaults; unknown keys ``bad_option``)."""
        return HkOldOptions.from_dict(data)

    def win(self, state: TableState, event: WinByDiscard | SelfDraw, *, strict: bool) -> Outcome:
        """The payments of a win (module docstring) and the next deal.

        Raises:
            TableError: ``first_claim_wins`` (several winners on one discard without 一炮多響;
                ``values``: ``winner``, the one to book, and ``discarder``), ``below_minimum`` (a new leg
                under 起糊; ``values``: ``count``, ``minimum``, ``winner``), ``same_player`` (包自摸 by the
                winner).
        """
        opts = _options(state)
        pays: list[Payment] = []
        if isinstance(event, WinByDiscard):
            winners = tuple(leg.winner for leg in event.legs)
            check_one_claim(state.names, event.discarder, winners, opts.multi_win)  # 下家先糊
            parts = []
            for leg in event.legs:
                fan = _booked(leg.fan, opts, strict, leg.winner)
                amount = portion(fan, opts)
                pays.extend(
                    discard_shares(state.names, event.discarder, leg.winner, winners, amount, opts.discard)
                )
                how = "kong (搶槓)" if leg.robbed_kong else "discard"
                parts.append(f"{leg.winner} wins on {event.discarder}'s {how}: {fan}翻")
            summary = "; ".join(parts)
        else:
            winners = (event.winner,)
            fan = _booked(event.fan, opts, strict, event.winner)
            each = self_draw_portion(fan, opts)
            drawn, tail = self_draw_payments(state.names, event.winner, each, event.kong_discarder, "包自摸")
            pays.extend(drawn)
            summary = f"{event.winner} self-draws (自摸): {fan}翻{tail}"
        st = next_deal(state, keep=state.dealer in winners)
        return Outcome(st, summary, tuple(pays))

    def draw(self, state: TableState, event: Draw) -> Outcome:
        """流局: the dealer stays (``draw_keeps_deal``, default) or the deal passes; nobody pays."""
        st = next_deal(state, keep=_options(state).draw_keeps_deal)
        return Outcome(st, "draw (流局)")

    def false_win(self, state: TableState, event: FalseWin) -> Outcome:
        """詐糊: the false winner pays each other player the self-draw portion at the table's maximum."""
        opts = _options(state)
        amount = self_draw_portion(opts.maximum, opts)
        pays = tuple(Payment(event.player, o, amount, "false_win") for o in state.names if o != event.player)
        return Outcome(state, f"{event.player} false win (詐糊): pays each the maximum self-draw", pays)


TABLE = HkOldTable()
"""The one instance :data:`taipai.systems.hk_old.SYSTEM` uses."""
