"""現金獎 cash prizes: who pays whom, and how many 底 (seed 004, 現金獎; DESIGN §6).

Every prize is paid at once (never carried in a 拉 chain) and is worth ``value`` 底, where a 底 is
``options.base_fan`` fan units (seed 004, 底: 「這個底跟現金獎的底是一樣的」).  Values are options:
``TableOptions.prizes[prize_id]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from taipai.core.table.amounts import Amount, norm
from taipai.core.table.state import Payment

Flow = Literal["collect", "pay_each", "pay_other"]


@dataclass(frozen=True, slots=True)
class PrizeRule:
    """One cash prize.

    Attributes:
        id: the ``CashPrize.prize`` id.
        name: the seed's name.
        flow: ``collect`` (each other player pays ``player``), ``pay_each`` (``player`` pays each other
            player) or ``pay_other`` (``player`` pays ``other`` alone).
        default: value in 底 (DESIGN §6), overridable per table.
        dealer_only: only the dealer may be ``player`` (the dice prizes: the dealer rolls).
        seed: the seed 004 sentence it follows.
        once: ``""`` (any number per hand) or a group name: the prizes of one group are booked at
            most once per hand (:func:`once_key`).  Seed 004: 一台草 and 一台花 「玩家每局只可收取一次」;
            圍骰 and 一二三 are one dice roll, so at most one of them per hand (group ``dice``);
            七搶一 and 一搶七 share the eight flowers between two players, so at most one of them
            (group ``flower_rob``).
        once_per_player: the group counts per ``player`` (each player collects 一台草 / 一台花 once;
            two players may each hold a set of four), else per table.
    """

    id: str
    name: str
    flow: Flow
    default: Amount
    dealer_only: bool
    seed: str
    once: str = ""
    once_per_player: bool = False


PRIZES: dict[str, PrizeRule] = {
    p.id: p
    for p in (
        PrizeRule("dice_triple", "圍骰", "collect", 1, True, "圍骰…其餘三家各付一底籌碼於莊家", "dice"),
        PrizeRule(
            "dice_123", "一二三", "pay_each", 1, True, "擲到「一二三」時，莊家須付其餘三家各一底", "dice"
        ),
        PrizeRule(
            "one_set_mixed",
            "一台草",
            "collect",
            Fraction(1, 2),
            False,
            "一台草…三家須付半底籌碼。玩家每局只可收取一次",
            "one_set_mixed",
            True,
        ),
        PrizeRule(
            "one_set_flowers",
            "一台花",
            "collect",
            1,
            False,
            "一台花…三家須付一底籌碼。玩家每局只可收取一次",
            "one_set_flowers",
            True,
        ),
        PrizeRule("chase", "追", "pay_each", 1, False, "追…字牌…或幺九牌，須付各一底籌碼"),
        PrizeRule("chase_simple", "追(非幺九)", "pay_each", 2, False, "追…非幺九字牌…須付各兩底籌碼"),
        PrizeRule("chase_again", "一追再追", "pay_each", 2, False, "給連續追第二次（一追再追），須付各兩底"),
        PrizeRule("called_pung_not_taken", "叫碰不碰", "pay_each", 1, False, "叫碰不碰…須付各一底籌碼"),
        PrizeRule("concealed_kong", "暗槓", "collect", 1, False, "暗槓…即時向每家各收取一底籌碼"),
        PrizeRule(
            "seven_rob_one",
            "七搶一",
            "pay_other",
            6,
            False,
            "七搶一…第一家便需要支付第二家六底籌碼",
            "flower_rob",
        ),
        PrizeRule(
            "one_rob_seven",
            "一搶七",
            "pay_other",
            6,
            False,
            "一搶七…第一家則支付第二家六底籌碼",
            "flower_rob",
        ),
        PrizeRule(
            "concealed_kong_wrong", "暗槓不示", "pay_each", 2, False, "沒有展示或槓錯牌，須向另三家付兩個底"
        ),
    )
}
"""Every cash prize by id, with its DESIGN §6 default in 底."""


def once_key(prize: str, player: str) -> tuple[str, str] | None:
    """What a once-per-hand prize is counted by: ``(group, player)`` for a per-player group,
    ``(group, "")`` for a per-table one, ``None`` for a prize that may come any number of times.

    Args:
        prize: a key of :data:`PRIZES`.
        player: the event's ``player`` (collector, payer or robber, per the prize's flow).

    Raises:
        KeyError: ``prize`` is not a prize id.
    """
    rule = PRIZES[prize]
    if not rule.once:
        return None
    return (rule.once, player if rule.once_per_player else "")


DEFAULT_PRIZE_VALUES: dict[str, Amount] = {k: p.default for k, p in PRIZES.items()}
"""``{prize_id: 底}`` defaults; ``TableOptions.prizes`` starts from this."""


def prize_payments(
    prize: str, player: str, other: str | None, players: tuple[str, ...], value: Amount, base_fan: int
) -> tuple[Payment, ...]:
    """The payments for one cash prize, in fan units, rule ``"prize:<id>"``.

    Args:
        prize: a key of :data:`PRIZES` (checked by the caller).
        player: who triggered it (the dealer for dice, the collector or the payer per ``flow``).
        other: the receiver for ``pay_other`` prizes, else ignored.
        players: the four names in seat order.
        value: the prize in 底 at this table (``TableOptions.prizes[prize]``).
        base_fan: fan units in one 底 (``TableOptions.base_fan``).
    """
    rule = PRIZES[prize]
    amount = norm(Fraction(value) * base_fan)
    tag = f"prize:{prize}"
    others = [p for p in players if p != player]
    if rule.flow == "collect":
        return tuple(Payment(o, player, amount, tag) for o in others)
    if rule.flow == "pay_each":
        return tuple(Payment(player, o, amount, tag) for o in others)
    assert other is not None
    return (Payment(player, other, amount, tag),)
