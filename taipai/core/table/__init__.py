"""The table's data: events, state, payments and errors (the game-neutral ledger, DESIGN §1).

No I/O, no clock, no randomness, nothing from :mod:`taipai.bot`.  The reducer is
:func:`taipai.core.table.machine.apply` / :func:`~taipai.core.table.machine.replay` and the stored log is
read by :func:`taipai.core.table.codec.event_from_dict`; they are not re-exported here because they reach
the rule systems (:mod:`taipai.core.registry`), which import this package's data modules.

Balances are settled fan units only: an open 拉 chain is not in any balance until it is paid (next win,
踢半, 斬拉, 埋數); ``TableState.owed()`` shows balances as if every chain were paid now.  Balances sum to
zero after every event.
"""

from taipai.core.table.amounts import Amount, amount_from_json, amount_to_json
from taipai.core.table.errors import TABLE_ERROR_CODES, TableError
from taipai.core.table.events import (
    EVENT_TYPES,
    Draw,
    Event,
    FalseWin,
    Redo,
    RuleChanged,
    SelfDraw,
    SessionEnded,
    TableOpened,
    Undo,
    WinByDiscard,
    WinLeg,
)
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

__all__ = [
    "EVENT_TYPES",
    "TABLE_ERROR_CODES",
    "WINDS",
    "Amount",
    "Chain",
    "ChainMove",
    "CutOffer",
    "Draw",
    "Event",
    "FalseWin",
    "HistoryEntry",
    "Payment",
    "PlayerState",
    "Redo",
    "RuleChanged",
    "SelfDraw",
    "SessionEnded",
    "TableError",
    "TableOpened",
    "TableState",
    "Transition",
    "Undo",
    "WinByDiscard",
    "WinLeg",
    "amount_from_json",
    "amount_to_json",
    "state_to_dict",
]
