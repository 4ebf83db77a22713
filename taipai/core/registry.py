"""The rule systems by id and by the words a table types to pick one (DESIGN §1 ``registry``, §10).

A table picks its game at 開枱 (``開枱 A B C D 台灣牌``, ``/newgame A B C D taiwan``); the id is stored in
``TableOpened.system`` and the sessions table.  Without a word, a table plays :data:`DEFAULT_SYSTEM`.
"""

from __future__ import annotations

from taipai.core.ruletypes import MAX_RULES_FILE
from taipai.core.system import RuleSystem
from taipai.core.table.errors import TableError
from taipai.systems.guangdong import SYSTEM as GUANGDONG
from taipai.systems.heyuan import SYSTEM as HEYUAN
from taipai.systems.hk_old import SYSTEM as HK_OLD
from taipai.systems.hk_taiwan import SYSTEM as HK_TAIWAN
from taipai.systems.mcr import SYSTEM as MCR
from taipai.systems.qq import SYSTEM as QQ
from taipai.systems.taiwan import SYSTEM as TAIWAN
from taipai.systems.zipai import SYSTEMS as ZIPAI

DEFAULT_SYSTEM = "hk-taiwan"
"""港式台灣麻雀, the game every log stored before issue 14 plays."""

SYSTEMS: dict[str, RuleSystem] = {
    s.id: s for s in (HK_TAIWAN, TAIWAN, HK_OLD, MCR, QQ, GUANGDONG, HEYUAN, *ZIPAI)
}
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



def system_of_source(source: str, *, _seen: tuple[str, ...] = ()) -> RuleSystem:
    """The system a ``--rules`` source plays: a system's id or name (``taiwan``, ``廣東牌``), or a TOML file
    that names it by ``base = "<system or file>"`` (an override) or ``[meta] system = "<id>"`` (a whole rule
    set); a file that names neither is ``hk-taiwan`` (every rules file before issue 14).

    The file is only read to find its system; the system's own ``load_rules`` reads and checks it.

    Raises:
        HandError: ``bad_rules`` for an unreadable file, bad TOML, or a ``base`` chain that loops.
    """
    import tomllib
    from pathlib import Path

    from taipai.core.errors import HandError

    named = system_by_name(source)
    if named is not None:
        return named
    if source in _seen:
        raise HandError("bad_rules", f"rule files name each other as base: {' → '.join([*_seen, source])}")
    path = Path(source)
    try:
        if not path.is_file() or path.stat().st_size > MAX_RULES_FILE:
            return system_by_id(DEFAULT_SYSTEM)  # its load_rules gives the precise error
        data = tomllib.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return system_by_id(DEFAULT_SYSTEM)
    meta = data.get("meta")
    if isinstance(meta, dict) and isinstance(meta.get("system"), str):
        found = system_by_name(meta["system"])
        if found is None:
            message = f"{source}: no rule system {meta['system']!r}"
            raise HandError("bad_rules", message, hint=", ".join(SYSTEMS))
        return found
    base = data.get("base")
    if isinstance(base, str):
        return system_of_source(base, _seen=(*_seen, source))
    return system_by_id(DEFAULT_SYSTEM)
