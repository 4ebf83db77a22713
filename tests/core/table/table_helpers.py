"""Shared builders for the table tests (imported as a top-level module by pytest's rootdir insertion)."""

from __future__ import annotations

from typing import Any

from taipai.core.table import Event, SelfDraw, TableOpened, TableState, Transition, WinByDiscard, WinLeg
from taipai.core.table.machine import apply
from taipai.systems.hk_taiwan.options import TableOptions

P = ("A", "B", "C", "D")
"""Seats 東南西北; A deals first."""


def opened(**opts: Any) -> TableState:
    """A fresh table A B C D with ``TableOptions(**opts)``."""
    return apply(None, TableOpened(P, TableOptions(**opts))).state


def run(state: TableState, *events: Event) -> TableState:
    """Apply ``events`` in order and return the final state."""
    for e in events:
        state = apply(state, e).state
    return state


def step(state: TableState, event: Event) -> Transition:
    """Apply one event."""
    return apply(state, event)


def dis(discarder: str, winner: str, fan: int, bases: int = 1) -> WinByDiscard:
    """``winner`` 食 ``discarder`` for ``fan`` (without 底 and dealer fan)."""
    return WinByDiscard(discarder, (WinLeg(winner, fan, bases),))


def tsumo(winner: str, fan: int, bases: int = 1, kong_discarder: str | None = None) -> SelfDraw:
    """``winner`` 自摸 for ``fan``; with ``kong_discarder`` it is 槓上自摸 on that player's exposed kong
    (包, seed 004 「明槓出銃者全包」)."""
    return SelfDraw(winner, fan, bases, kong_discarder, exposed_kong=kong_discarder is not None)


def chains(state: TableState) -> list[tuple[str, str, int, int]]:
    """Open chains as ``(debtor, creditor, level, amount)``."""
    return [(c.debtor, c.creditor, c.level, c.amount) for c in state.chains]


def pays(t: Transition) -> list[tuple[str, str, object, str]]:
    """Payments as ``(payer, payee, amount, rule)``."""
    return [(p.payer, p.payee, p.amount, p.rule) for p in t.payments]
