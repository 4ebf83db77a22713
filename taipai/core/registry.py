"""The rule systems by id and by the words a table types to pick one (DESIGN §1 ``registry``, §10).

A table picks its game at 開枱 (``開枱 A B C D 台灣牌``, ``/newgame A B C D taiwan``); the id is stored in
``TableOpened.system`` and the sessions table.  Without a word, a table plays :data:`DEFAULT_SYSTEM`.
"""

from __future__ import annotations

from taipai.core.system import RuleSystem
from taipai.core.table.errors import TableError
from taipai.systems.hk_taiwan import SYSTEM as HK_TAIWAN

DEFAULT_SYSTEM = "hk-taiwan"
"""港式台灣麻雀, the game every log stored before issue 14 plays."""

SYSTEMS: dict[str, RuleSystem] = {s.id: s for s in (HK_TAIWAN,)}
"""``{id: system}`` in the order ``/help`` and 規則 list them."""


def _fold(word: str) -> str:
    return "".join(word.split()).casefold()


_BY_NAME: dict[str, str] = {_fold(n): s.id for s in SYSTEMS.values() for n in (s.id, *s.names, s.english)}


def system_by_id(system_id: str) -> RuleSystem:
    """The system stored under ``system_id``.

    Raises:
        TableError: ``unknown_system``, naming the ids there are.
    """
    found = SYSTEMS.get(system_id)
    if found is None:
        raise TableError("unknown_system", f"no rule system {system_id!r}", ", ".join(SYSTEMS))
    return found


def system_by_name(word: str) -> RuleSystem | None:
    """The system a table means by ``word`` (``台灣牌``, ``taiwan``, ``廣東牌``, ``hk-old`` …; spaces and
    case ignored), or ``None`` when no system has that name."""
    found = _BY_NAME.get(_fold(word))
    return None if found is None else SYSTEMS[found]
