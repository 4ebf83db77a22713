"""拉 / 踢半 / 斬拉 chains between pairs of players (seed 004, 拉/踢; 「無限拉」和「斬拉」; DESIGN §6).

Seed 004, 拉/踢: 「如A放銃給B的話，會暫時記數，稱為拉一，如果下一局A再放銃給B，或是B自摸的話…上一局所記下的
翻數，就會乘以1.5倍，再加上最新一局的翻數，成為「新總數」，稱為拉二」; 「當B沒有再贏A下去時，A便需要支付當下的
總數」; 踢半: 「A將上局暫記的翻數付一半就可以了。然後此時則變成A拉B」; 「「拉」的時候如總數有小數點位，會上捨
(round up)，而「踢」的時候則為下捨(round down)」; 「就算A胡牌，但胡的是C或D的放銃牌…則沒有「踢半」，要即時支付
全額的暫記總數，再由A拉C或D」.
"""

from __future__ import annotations

from collections.abc import Iterable

from taipai.core.table.state import Chain, ChainMove, CutOffer, Payment
from taipai.systems.hk_taiwan.options import TableOptions
from taipai.systems.hk_taiwan.payments import Leg


def raise_amount(amount: int, new: int) -> int:
    """拉 again: ``ceil(amount × 1.5) + new`` (round UP, seed 004 「會上捨」).  ``10, 8 -> 23``."""
    return (3 * amount + 1) // 2 + new


def kick_amount(amount: int) -> int:
    """踢半: ``floor(amount / 2)`` paid now (round DOWN, seed 004 「下捨」).  ``23 -> 11``."""
    return amount // 2


def carries(payee: str, dealer: str, options: TableOptions) -> bool:
    """Whether a new debt to ``payee`` is carried as a chain rather than paid at once.

    ``every_hand`` (鋪鋪拉): always; ``dealer_only`` (莊家拉, seed 004 「只有該局莊家可以拉放銃者」): only
    when the winner is this hand's dealer; ``off``: never.
    """
    if options.la_mode == "every_hand":
        return True
    if options.la_mode == "dealer_only":
        return payee == dealer
    return False


def _pay_at_once(legs: Iterable[Leg]) -> list[Payment]:
    out: list[Payment] = []
    for leg in legs:
        out.append(Payment(leg.payer, leg.payee, leg.hand, "win"))
        if leg.dealer:
            out.append(Payment(leg.payer, leg.payee, leg.dealer, "dealer"))
    return out


def resolve_win(
    chains: tuple[Chain, ...],
    legs: tuple[Leg, ...],
    winners: tuple[str, ...],
    dealer: str,
    options: TableOptions,
) -> tuple[tuple[Chain, ...], list[Payment], list[ChainMove]]:
    """Fold one win's legs into the open chains.

    Legs between the same payer and payee (槓上自摸 全包) are summed into one debt.  For each open chain
    debtor D → creditor R, in order:

    - a new debt D → R (D deals in to R again, or R 自摸): 拉 again,
      ``amount = ceil(amount × 1.5) + debt``, level + 1 (if the debt is carried, see :func:`carries`;
      otherwise the chain is paid in full and the debt paid at once);
    - a new debt R → D (R deals in to D, or D 自摸): 踢半 — D pays ``floor(amount / 2)`` now
      (rule ``kick_half``) and the chain closes; the new debt then opens R → D;
    - neither: with ``la_break = next_win`` the chain is paid in full now (rule ``la_settle``); with
      ``debtor_wins`` it stays open unless D is among the winners.

    Remaining debts open new chains at level 1 (or are paid at once, rules ``win`` + ``dealer``).

    Returns:
        (new chains, payments booked now, chain moves).
    """
    debts: dict[tuple[str, str], list[Leg]] = {}
    for leg in legs:
        debts.setdefault((leg.payer, leg.payee), []).append(leg)
    consumed: set[tuple[str, str]] = set()
    out: list[Chain] = []
    payments: list[Payment] = []
    moves: list[ChainMove] = []
    for c in chains:
        fwd = (c.debtor, c.creditor)
        rev = (c.creditor, c.debtor)
        if fwd in debts and carries(c.creditor, dealer, options):
            new = sum(leg.total for leg in debts[fwd])
            raised = Chain(c.debtor, c.creditor, c.level + 1, raise_amount(c.amount, new))
            out.append(raised)
            consumed.add(fwd)
            moves.append(ChainMove("raise", c.debtor, c.creditor, raised.level, raised.amount))
        elif rev in debts:
            half = kick_amount(c.amount)
            if half:
                payments.append(Payment(c.debtor, c.creditor, half, "kick_half"))
            moves.append(ChainMove("kick", c.debtor, c.creditor, c.level, c.amount))
        elif fwd in debts or options.la_break == "next_win" or c.debtor in winners:
            payments.append(Payment(c.debtor, c.creditor, c.amount, "la_settle"))
            moves.append(ChainMove("settle", c.debtor, c.creditor, c.level, c.amount))
        else:
            out.append(c)
    for pair, pair_legs in debts.items():
        if pair in consumed:
            continue
        if carries(pair[1], dealer, options):
            new = sum(leg.total for leg in pair_legs)
            out.append(Chain(pair[0], pair[1], 1, new))
            moves.append(ChainMove("open", pair[0], pair[1], 1, new))
        else:
            payments.extend(_pay_at_once(pair_legs))
    return tuple(out), payments, moves


def settle_all(chains: tuple[Chain, ...]) -> tuple[list[Payment], list[ChainMove]]:
    """Pay every open chain in full (埋數, or a draw with ``la_on_draw = settle``)."""
    payments = [Payment(c.debtor, c.creditor, c.amount, "la_settle") for c in chains]
    moves = [ChainMove("settle", c.debtor, c.creditor, c.level, c.amount) for c in chains]
    return payments, moves


def qualifies_for_cut(level: int, options: TableOptions) -> bool:
    """Whether 斬拉 is on offer at ``level`` (seed 004 「三局斬拉」: 拉三, and if declined 「要被拉到第六局才
    有權選擇「斬拉」與否」): ``every_third`` at 3, 6, 9 …; ``from_third`` from 3 on; ``none`` never."""
    if options.cut == "every_third":
        return level >= 3 and level % 3 == 0
    if options.cut == "from_third":
        return level >= 3
    return False


def refresh_offers(
    pending: tuple[CutOffer, ...],
    chains: tuple[Chain, ...],
    moves: Iterable[ChainMove],
    options: TableOptions,
) -> tuple[tuple[CutOffer, ...], tuple[CutOffer, ...]]:
    """Keep the offers whose chain is unchanged; add offers for chains just raised to a cut level.

    An offer lapses as soon as its chain changes (the next hand was played: playing on is declining).

    Returns:
        (all pending offers, the offers new in this event).
    """
    if options.cut == "none":
        return (), ()
    live = {(c.debtor, c.creditor, c.level, c.amount) for c in chains}
    kept = [o for o in pending if (o.debtor, o.creditor, o.level, o.amount) in live]
    new = [
        CutOffer(m.debtor, m.creditor, m.level, m.amount)
        for m in moves
        if m.action == "raise" and qualifies_for_cut(m.level, options)
    ]
    return tuple(kept + new), tuple(new)
