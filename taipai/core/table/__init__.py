"""Pure table state machine: events -> seats, dealer, 連莊, round, payments, 拉/踢/斬拉, 現金獎.

No I/O, no clock, no randomness, nothing from :mod:`taipai.bot`.  Amounts are exact fan units
(``int`` or ``Fraction``); money is fan units × ``TableOptions.rate``.  See :func:`apply` and
:func:`replay`; the rules and the choices made where seed 004 is silent are listed in
:mod:`taipai.core.table.machine`.

Balances are settled fan units only: an open 拉 chain is not in any balance until it is paid (next win,
踢半, 斬拉, 埋數); ``TableState.owed()`` shows balances as if every chain were paid now.  Balances sum to
zero after every event.
"""

from taipai.core.table.amounts import Amount, amount_from_json, amount_to_json
from taipai.core.table.codec import event_from_dict
from taipai.core.table.errors import TABLE_ERROR_CODES, TableError
from taipai.core.table.events import (
    EVENT_TYPES,
    CashPrize,
    CutChain,
    Draw,
    Event,
    FalseWin,
    FlyTile,
    Redo,
    RuleChanged,
    SelfDraw,
    SessionEnded,
    TableOpened,
    Undo,
    WinByDiscard,
    WinLeg,
)
from taipai.core.table.machine import apply, replay
from taipai.core.table.state import (
    WINDS,
    Chain,
    ChainMove,
    CutOffer,
    HistoryEntry,
    Payment,
    PlayerState,
    TableState,
    Transition,
    state_to_dict,
)
from taipai.systems.hk_taiwan.options import TableOptions
from taipai.systems.hk_taiwan.prizes import PRIZES, PrizeRule

__all__ = [
    "EVENT_TYPES",
    "PRIZES",
    "TABLE_ERROR_CODES",
    "WINDS",
    "Amount",
    "CashPrize",
    "Chain",
    "ChainMove",
    "CutChain",
    "CutOffer",
    "Draw",
    "Event",
    "FalseWin",
    "FlyTile",
    "HistoryEntry",
    "Payment",
    "PlayerState",
    "PrizeRule",
    "Redo",
    "RuleChanged",
    "SelfDraw",
    "SessionEnded",
    "TableError",
    "TableOpened",
    "TableOptions",
    "TableState",
    "Transition",
    "Undo",
    "WinByDiscard",
    "WinLeg",
    "amount_from_json",
    "amount_to_json",
    "apply",
    "event_from_dict",
    "replay",
    "state_to_dict",
]
