"""apply / replay: the pure table state machine (DESIGN §1 ``table``)."""

from __future__ import annotations

from collections.abc import Iterable

from taipai.core.table.events import Event
from taipai.core.table.state import TableState, Transition


def apply(state: TableState | None, event: Event) -> Transition:
    """Apply one event to ``state`` (``None`` before 開枱); see the module docs for the rules."""
    raise NotImplementedError


def replay(events: Iterable[Event]) -> TableState:
    """Fold :func:`apply` over an event log (Undo/Redo included)."""
    raise NotImplementedError
