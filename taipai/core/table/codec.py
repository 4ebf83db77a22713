"""Events from their stored JSON (the event log, DESIGN §1): :func:`event_from_dict`.

Apart from :mod:`~taipai.core.table.events` because a ``TableOpened`` carries the settings of its rule
system, which only the system can read (:meth:`~taipai.core.system.TableRules.options_from_dict`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from taipai.core.registry import SYSTEMS, system_by_id
from taipai.core.table.errors import TableError
from taipai.core.table.events import EVENT_TYPES, Event, TableOpened, WinByDiscard, WinLeg

KINDS: dict[str, type[Any]] = {
    **EVENT_TYPES,
    **{cls.kind: cls for system in SYSTEMS.values() for cls in system.table.own_events},  # type: ignore[attr-defined]
}
"""``{kind: event class}``: the shared events and every system's own (flower wins, 拉/踢 cuts …)."""


def event_from_dict(d: Mapping[str, Any]) -> Event:
    """Rebuild an event from :meth:`to_dict` output.

    A ``table_opened`` without ``system`` (stored before issue 14) is a ``hk-taiwan`` table.

    Raises:
        TableError: ``bad_event`` for an unknown ``kind`` or missing/unexpected fields;
            ``unknown_system`` for a system id no registry entry has;
            ``bad_option``/``bad_value`` for bad table options.
    """
    kind = d.get("kind")
    cls = KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise TableError("bad_event", f"unknown event kind {kind!r}", ", ".join(KINDS))
    args = {k: v for k, v in d.items() if k != "kind"}
    try:
        if cls is TableOpened:
            args["players"] = tuple(args["players"])
            system = system_by_id(args.get("system", "hk-taiwan"))
            if args.get("options") is not None:
                args["options"] = system.table.options_from_dict(args["options"])
        elif cls is WinByDiscard:
            args["legs"] = tuple(WinLeg(**leg) for leg in args["legs"])
        event: Event = cls(**args)
    except (TypeError, KeyError) as exc:
        raise TableError("bad_event", f"bad {kind} event: {exc}") from exc
    return event
