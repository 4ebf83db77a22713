"""QQ 歡樂麻將's money: rooms, 中鳥系數, 莊家系數 and the 歡樂豆 formula (seed 002 「計分規則」).

Seed 002's formula: 「失敗玩家的歡樂豆將消耗： X* N+A ； 勝利玩家歡樂豆將獎勵： X*P*N－A；
系統自動回收的歡樂豆：A（X=游戲基數=積分，P=失敗玩家數量，N=房間系數，A=系統每盤自動回收的歡樂豆數量）」,
with the game base X per room:

=========  ===========================================
大眾場      游戲番數 × 中鳥系數 × 莊家系數
8番場       （游戲番數 + 8）× 中鳥系數 × 莊家系數
無番場      10 × 中鳥系數 × 莊家系數
=========  ===========================================

「中鳥系數：若不中鳥為1，中鳥為2。莊家系數：若不是莊家為1，是莊家為2。」 and
「莊家翻倍：無論輸贏莊家的結果將以兩倍計算」.

**The seed's example contradicts its formula.** 「N（房間系數）＝200，X為10，玩家A自摸，A為20。
則玩家A獎勵的歡樂豆＝200×10×3＝6000歡樂豆；失敗玩家B、C、D各消耗的歡樂豆＝200×10＝2000歡樂豆；
系統在該盤游戲結束時自動回收了每位玩家20歡樂豆。」  The formula gives the winner X·P·N − A = 5980 and
each loser X·N + A = 2020; the example prints 6000 and 2000, yet says 20 was taken from every player.
**Choice:** the formula, read with the example's last sentence: the example's figures are the legs
before the cut, and the cut A is taken from *every* player at the table
(「系統將自動回收每位玩家一定數量的歡樂豆」), the winner included — so a self-draw's winner nets
6000 − 20 = 5980 and each loser pays 2000 + 20 = 2020 (the formula's figures), the house 80.  On a
discard the two players who neither won nor dealt in also pay A (every player, as the seed says),
which the formula's two lines leave unsaid.  The preset's cut is 0 (a chat table keeps its money
among its players).

Who pays on a discard: the discarder alone (「點炮人出雙倍分數」 names only the discarder; P = 1).
On a self-draw the three others (P = 3).  The two doublings multiply: a dealer's leg that the bird
hits counts × 4.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final


class Room(StrEnum):
    """A room (場次) of seed 002 「計分規則」: how the game base X is made from the hand's 番."""

    OPEN = "open"
    """大眾場: X = 番 × 中鳥系數 × 莊家系數."""
    EIGHT = "eight"
    """8番場: X = (番 + 8) × 中鳥系數 × 莊家系數."""
    FLAT = "flat"
    """無番場: X = 10 × 中鳥系數 × 莊家系數."""


ROOM_NAMES: Final[Mapping[Room, str]] = {Room.OPEN: "大眾場", Room.EIGHT: "8番場", Room.FLAT: "無番場"}
"""Each room's name as seed 002 writes it."""

FLAT_BASE: Final = 10
"""無番場's base before its coefficients (「10*中鳥系數*莊家系數=游戲基數」)."""

EIGHT_BONUS: Final = 8
"""8番場's addition to the hand's 番 (「（游戲番數+8）*中鳥系數*莊家系數」)."""


def room_base(room: Room, fan: int) -> int:
    """The game base before 中鳥系數 and 莊家系數: 番 (大眾場), 番 + 8 (8番場) or 10 (無番場).

    Args:
        room: the table's room.
        fan: the hand's 番 (MCR's rows plus 無財神, flowers included), ≥ 0.

    Raises:
        ValueError: ``fan`` is negative.
    """
    if fan < 0:
        raise ValueError(f"a hand's 番 is 0 or more, not {fan}")
    if room is Room.OPEN:
        return fan
    if room is Room.EIGHT:
        return fan + EIGHT_BONUS
    return FLAT_BASE


@dataclass(frozen=True, slots=True)
class Leg:
    """One loser's share of a win: ``payer`` owes ``payee`` the game base ``base`` (X, before N and A).

    Attributes:
        payer / payee: player names.
        base: X for this leg: the room's base × 中鳥系數 (``bird``) × 莊家系數 (``dealer``).
        bird: 2 when the 鳥 doubles this leg, else 1.
        dealer: 2 when the dealer is this leg's payer or payee (莊家翻倍), else 1.
    """

    payer: str
    payee: str
    base: int
    bird: int = 1
    dealer: int = 1


def win_legs(
    players: Sequence[str],
    dealer: str,
    winner: str,
    discarder: str | None,
    fan: int,
    room: Room,
    bird: str | None = None,
) -> tuple[Leg, ...]:
    """The legs of one win, in seat order of the payers.

    Args:
        players: the four seats (order 東南西北).
        dealer: the dealer of the hand.
        winner: who won.
        discarder: who dealt in; ``None`` for a self-draw.
        fan: the hand's 番.
        room: the table's room (:func:`room_base`).
        bird: the player the 鳥 landed on (:func:`taipai.systems.qq.events.bird_seat`), or ``None``
            (no 鳥 turned).

    Rules (seed 002 「名詞解釋」): a discard has one leg, doubled by the bird on the winner or the discarder
    and by 莊家翻倍 when either deals; a self-draw has a leg from each other player, every leg doubled by
    the bird on the winner or by the winner dealing, one leg doubled by the bird on (or the deal of) its
    payer.

    Raises:
        ValueError: a name is not seated, the winner discards to himself, or ``fan`` is negative.
    """
    for name in (dealer, winner, discarder, bird):
        if name is not None and name not in players:
            raise ValueError(f"{name!r} is not seated")
    if discarder == winner:
        raise ValueError("the winner cannot deal in to himself")
    x = room_base(room, fan)
    payers = [discarder] if discarder is not None else [p for p in players if p != winner]
    legs = []
    for payer in payers:
        assert payer is not None
        bird_c = 2 if bird in (winner, payer) else 1
        dealer_c = 2 if dealer in (winner, payer) else 1
        legs.append(Leg(payer, winner, x * bird_c * dealer_c, bird_c, dealer_c))
    return tuple(legs)


def beans(
    legs: Sequence[Leg], players: Sequence[str], coefficient: int, cut: int = 0
) -> tuple[dict[str, int], int]:
    """歡樂豆 per player for one hand, and what the house keeps.

    Each leg moves ``base × coefficient`` (X·N) from its payer to its payee; then the house takes ``cut``
    (A) from every seated player (the module's note: the seed's example read with its formula).

    Args:
        legs: :func:`win_legs`' legs.
        players: every seated player (each pays the cut).
        coefficient: N, the room coefficient (≥ 1).
        cut: A, beans the house takes from each player per hand (≥ 0).

    Returns:
        ``(change per player, house total)``: losers negative; the changes plus the house total sum to 0.

    Raises:
        ValueError: N < 1 or A < 0.
    """
    if coefficient < 1 or cut < 0:
        raise ValueError(f"N is 1 or more and A 0 or more, not N={coefficient}, A={cut}")
    change = dict.fromkeys(players, -cut)
    for leg in legs:
        change[leg.payer] -= leg.base * coefficient
        change[leg.payee] += leg.base * coefficient
    return change, cut * len(players)
