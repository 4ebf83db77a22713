"""Payment legs of a win (seed 004, 莊家 row and 自摸; DESIGN §6).

A leg is what one player owes the winner for one hand: ``fan + bases × base_fan`` (the hand's fan and its
底), plus the dealer fan 2n+1 when the leg involves the dealer (the dealer wins, deals in, or pays on
another's 自摸) — never on a leg between two non-dealers.
"""

from __future__ import annotations

from dataclasses import dataclass

from taipai.core.table.events import SelfDraw, WinByDiscard
from taipai.systems.hk_taiwan.options import TableOptions


@dataclass(frozen=True, slots=True)
class Leg:
    """``payer`` owes ``payee`` ``hand`` (fan + 底) plus ``dealer`` (2n+1 or 0), in fan units."""

    payer: str
    payee: str
    hand: int
    dealer: int

    @property
    def total(self) -> int:
        """The leg's amount in fan units."""
        return self.hand + self.dealer


def hand_value(fan: int, bases: int, options: TableOptions) -> int:
    """``fan + bases × base_fan``: the hand's value without dealer fan (DESIGN §5 ``total``)."""
    return fan + bases * options.base_fan


def win_legs(
    event: WinByDiscard | SelfDraw,
    players: tuple[str, ...],
    dealer: str,
    streak: int,
    options: TableOptions,
) -> tuple[Leg, ...]:
    """The legs of a win, in seat order of the payers (discard: leg order).

    - Discard (食出銃) and 搶槓: the discarder alone pays each winner (DESIGN §6).
    - 自摸: each of the three others pays (seed 004, 自摸: 「拉三家」); seed 004 莊家 row:
      「當閒家自摸拉三家時，也須將莊家翻數額外加在莊家上」 — only the dealer's leg carries 2n+1.
    - 槓上自摸 with ``kong_discarder``: that player pays all three legs, each computed as if its own
      player paid (so the dealer's leg still carries 2n+1) — seed 004 槓上自摸 row 「明槓出銃者全包」.
    """
    dfan = options.dealer_fan(streak)
    legs: list[Leg] = []
    if isinstance(event, WinByDiscard):
        for w in event.legs:
            involved = dealer in (event.discarder, w.winner)
            legs.append(
                Leg(event.discarder, w.winner, hand_value(w.fan, w.bases, options), dfan if involved else 0)
            )
        return tuple(legs)
    value = hand_value(event.fan, event.bases, options)
    for p in players:
        if p == event.winner:
            continue
        involved = dealer in (p, event.winner)
        payer = event.kong_discarder or p
        legs.append(Leg(payer, event.winner, value, dfan if involved else 0))
    return tuple(legs)
