"""廣東牌's rule table as data: the preset ``preset.toml`` (seed 003 「香港牌台數說明」) and house-rule files.

A row is a :class:`Row` (id, the seed's name, 翻, 例牌 or not, exclusions, the seed row).  The core's
:class:`~taipai.core.ruletypes.PatternRule` has no place for a 例牌 (worth the table's maximum) nor for the
seed's values and exclusions that change when the maximum is 8 (小三元, 花么九), so this small loader
reads the same TOML shape with those fields added.

A house-rules file either holds a whole table (``[[pattern]]`` rows, every id one this system detects)
or overrides the preset::

    base = "hk-old"              # optional; the only base there is
    [patterns.human_win]         # by id …
    limit = true                 # 人胡 as a 例牌 (seed 003: 「有人當作"例牌"之一」)
    [patterns."對對胡"]          # … or by the seed's name
    fan = 4
    enabled = false

Keys of a row: ``fan``, ``fan_max8``, ``limit``, ``enabled``, ``excludes``, ``excludes_max8``.  清一色's
value is the table setting ``pure_one_suit`` (6 or 7), not a file value.

Either kind of file may also carry the table settings a hand's score depends on (:data:`SCORE_SETTINGS`;
seed 003: 「先講好最大多小台」, 「香港有人打花, 有人不打花」, 清一色 「好多人會當他是七翻計算」)::

    [options]
    maximum = 10                 # 最大: at 10, 小三元 is 3 (at 8 the seed prices it 4)
    flowers = false              # 無花 table
    pure_one_suit = 7
    minimum = 0                  # 起糊

``taipai score --rules FILE`` scores with them (:attr:`HkOldRules.table_settings`); a chat table's
settings are its own (``規則``).  Money settings (底, 銃, 計法 …) do not change a score and are refused
here: a table sets them with 規則.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from taipai.core.errors import HandError
from taipai.core.ruletypes import read_rules_file
from taipai.core.table.errors import TableError
from taipai.systems.hk_old.options import OPTION_WORDS, HkOldOptions

PRESET = "hk-old"
"""The preset's name (``load_rules(None)`` and ``base = "hk-old"``)."""

MAX_FAN = 99
"""The largest 翻 one row may be worth."""


FAMILIES = ("one", "two", "three", "six", "limit")
"""Seed 003's 一翻役, 兩翻役, 三翻役, 六翻役 and 例牌."""

SETTING_ROWS = {"pure_one_suit": "pure_one_suit"}
"""Rows whose 翻 is a table setting (:class:`~taipai.systems.hk_old.options.HkOldOptions`), not a
file value."""

SCORE_SETTINGS = ("minimum", "maximum", "flowers", "pure_one_suit")
"""The :class:`~taipai.systems.hk_old.options.HkOldOptions` fields a rules file's ``[options]`` may set:
the ones a hand's score reads (起糊, the maximum, flowers, 清一色's 翻)."""

_ROW_KEYS = frozenset({"fan", "fan_max8", "limit", "enabled", "excludes", "excludes_max8"})
_WHOLE_KEYS = _ROW_KEYS | {"id", "name", "family", "row"}


@dataclass(frozen=True, slots=True)
class Row:
    """One row of seed 003's 廣東牌 table.

    Attributes:
        id: stable id (``mixed_one_suit``), the JSON contract's ``patterns[].id``.
        name: the seed's name before any parenthesis (``混一色``).
        family: ``one`` … ``six`` (一翻役 … 六翻役) or ``limit`` (例牌).
        fan: 翻 of one occurrence (ignored for a 例牌).
        fan_max8: 翻 when the table's maximum is 8, or ``None`` (seed 003 小三元 / 花么九).
        limit: a 例牌, worth the table's maximum (「以下均為 "例牌"(計算至最大翻數)」).
        excludes: ids this row replaces when it scores (「未另計 / 未計 / 不另計」).
        excludes_max8: further ids it replaces when the maximum is 8 (花么九: 「不再計對對胡」).
        enabled: off rows score nothing.
        row: the seed row, quoted.
    """

    id: str
    name: str
    family: str
    fan: int
    fan_max8: int | None = None
    limit: bool = False
    excludes: tuple[str, ...] = ()
    excludes_max8: tuple[str, ...] = ()
    enabled: bool = True
    row: str = ""

    def value(self, maximum: int) -> int:
        """翻 of one occurrence at a table whose maximum is ``maximum`` (a 例牌: the maximum)."""
        if self.limit:
            return maximum
        if maximum == 8 and self.fan_max8 is not None:
            return self.fan_max8
        return self.fan

    def replaced(self, maximum: int) -> tuple[str, ...]:
        """The ids this row replaces at a table whose maximum is ``maximum``."""
        return self.excludes + self.excludes_max8 if maximum == 8 else self.excludes


@dataclass(frozen=True)
class HkOldRules:
    """A 廣東牌 rule set: its rows by id, in the seed's order.  Immutable (hashable for caches).

    Attributes:
        id, name: the file's ``[meta]`` (the preset: ``hk-old``).
        rows: the rows by id.
        table_settings: the file's ``[options]`` (:data:`SCORE_SETTINGS` names and their values, already
            checked), ``()`` for the preset; :meth:`options` applies them.
    """

    id: str
    name: str
    rows: dict[str, Row] = field(default_factory=dict)
    table_settings: tuple[tuple[str, Any], ...] = ()

    def __hash__(self) -> int:
        return hash((self.id, tuple(self.rows.values()), self.table_settings))

    def options(self, base: HkOldOptions | None = None) -> HkOldOptions:
        """``base`` (default: :class:`HkOldOptions`'s defaults) with :attr:`table_settings` applied."""
        return replace(base or HkOldOptions(), **dict(self.table_settings))

    def by_name(self, key: str) -> Row | None:
        """A row by id or by the seed's name (``人胡``), else ``None``."""
        hit = self.rows.get(key)
        if hit is not None:
            return hit
        return next((r for r in self.rows.values() if r.name == key), None)


def _bad(message: str) -> HandError:
    return HandError("bad_rules", message)


def _int(raw: Any, where: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= MAX_FAN:
        raise _bad(f"{where}: a 翻 value is a whole number 0..{MAX_FAN}, got {raw!r}")
    return raw


def _bool(raw: Any, where: str) -> bool:
    if not isinstance(raw, bool):
        raise _bad(f"{where} must be true or false, got {raw!r}")
    return raw


def _ids(raw: Any, where: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise _bad(f"{where}: a list of pattern ids, got {raw!r}")
    return tuple(raw)


def _table(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise _bad(f"[{where}] must be a table, got {raw!r}")
    return raw


def _updated(row: Row, entry: dict[str, Any], where: str) -> Row:
    """``row`` with the keys of ``entry`` applied (each checked)."""
    unknown = set(entry) - _ROW_KEYS
    if unknown:
        raise _bad(f"{where}: unknown key(s) {sorted(unknown)}; a row takes {', '.join(sorted(_ROW_KEYS))}")
    if row.id in SETTING_ROWS and ("fan" in entry or "fan_max8" in entry):
        setting = SETTING_ROWS[row.id]
        raise _bad(f"{where}: 清一色's 翻 is the table setting {setting} (6 or 7), not a file value")
    changes: dict[str, Any] = {}
    if "fan" in entry:
        changes["fan"] = _int(entry["fan"], f"{where}.fan")
    if "fan_max8" in entry:
        changes["fan_max8"] = _int(entry["fan_max8"], f"{where}.fan_max8")
    for key in ("limit", "enabled"):
        if key in entry:
            changes[key] = _bool(entry[key], f"{where}.{key}")
    for key in ("excludes", "excludes_max8"):
        if key in entry:
            changes[key] = _ids(entry[key], f"{where}.{key}")
    return replace(row, **changes)


def _check(rows: dict[str, Row], known: frozenset[str]) -> None:
    """Every row is one this system detects, its exclusions name rows, and no exclusions form a cycle."""
    for r in rows.values():
        if r.id not in known:
            raise _bad(f"pattern {r.id!r}: 廣東牌 has no detector for it; ids: {', '.join(sorted(known))}")
        if r.family not in FAMILIES:
            raise _bad(f"pattern {r.id}: family {r.family!r} is not one of {', '.join(FAMILIES)}")
        for e in (*r.excludes, *r.excludes_max8):
            if e not in rows:
                raise _bad(f"pattern {r.id} excludes unknown pattern {e}")
            if e == r.id:
                raise _bad(f"pattern {r.id} excludes itself")
    done: set[str] = set()

    def visit(pid: str, path: tuple[str, ...]) -> None:
        for e in (*rows[pid].excludes, *rows[pid].excludes_max8):
            if e in path:
                raise _bad(f"exclusions form a cycle: {' → '.join((*path[path.index(e) :], e))}")
            if e not in done:
                visit(e, (*path, e))
        done.add(pid)

    for pid in rows:
        if pid not in done:
            visit(pid, (pid,))


def _settings(raw: Any, inherited: tuple[tuple[str, Any], ...] = ()) -> tuple[tuple[str, Any], ...]:
    """A file's ``[options]`` over ``inherited`` (its base's), checked as one table's settings.

    Keys are :data:`SCORE_SETTINGS` names or their chat words (``最大``, ``花``, ``清一色``, ``起糊``); values
    are TOML numbers and booleans (``maximum = 10``, ``flowers = false``).

    Raises:
        HandError: ``bad_rules``: a key that is not a score setting (money settings named as such), or a
            value the setting does not take (the hint says what would be right).
    """
    table = _table(raw, "options")
    merged = dict(inherited)
    for key, value in table.items():
        name = OPTION_WORDS.get(str(key), str(key))
        if name not in SCORE_SETTINGS:
            raise _bad(
                f"[options] {key!r}: a rules file sets only what a hand's score reads "
                f"({', '.join(SCORE_SETTINGS)}); money settings (底, 銃, 計法 …) are set at the table "
                "with 規則"
            )
        merged[name] = value
    try:
        checked = HkOldOptions(**merged)
    except TableError as err:
        raise _bad(f"[options]: {err.message}" + (f"; {err.hint}" if err.hint else "")) from err
    return tuple((name, getattr(checked, name)) for name in SCORE_SETTINGS if name in merged)


def rules_from_dict(data: dict[str, Any], known: frozenset[str]) -> HkOldRules:
    """A whole rule table from parsed TOML (``[meta]`` and ``[[pattern]]`` rows).

    Args:
        data: the parsed TOML.
        known: the ids this system has detectors for (:data:`taipai.systems.hk_old.patterns.DETECTORS`).

    Raises:
        HandError: ``bad_rules``, saying which row and key is wrong.
    """
    meta = _table(data.get("meta", {}), "meta")
    raw_rows = data.get("pattern", [])
    if not isinstance(raw_rows, list):
        raise _bad("[[pattern]] must be an array of tables")
    rows: dict[str, Row] = {}
    for entry in raw_rows:
        entry = _table(entry, "pattern")
        pid, name = entry.get("id"), entry.get("name")
        if not isinstance(pid, str) or not pid or not isinstance(name, str) or not name:
            raise _bad(f"pattern entry without id or name: {str(entry)[:80]}")
        unknown = set(entry) - _WHOLE_KEYS
        if unknown:
            raise _bad(f"pattern {pid}: unknown key(s) {sorted(unknown)}")
        if "fan" not in entry:
            raise _bad(f"pattern {pid} has no fan value")
        family = entry.get("family", "")
        base = Row(pid, name, family if isinstance(family, str) else "", 0, row=str(entry.get("row", "")))
        values = {k: v for k, v in entry.items() if k in _ROW_KEYS}
        if pid in SETTING_ROWS:  # the seed's value, shown in the file; the table setting decides
            base = replace(base, fan=_int(values.pop("fan"), f"{pid}.fan"))
        rows[pid] = _updated(base, values, pid)
    _check(rows, known)
    settings = _settings(data["options"]) if "options" in data else ()
    return HkOldRules(str(meta.get("id", "")), str(meta.get("name", "")), rows, settings)


def apply_overrides(rules: HkOldRules, data: dict[str, Any], known: frozenset[str]) -> HkOldRules:
    """``rules`` with a house-rules file's ``[patterns.<id or name>]`` tables applied.

    Raises:
        HandError: ``bad_rules`` for an unknown row or key, or a value of the wrong type or range.
    """
    unknown = set(data) - {"base", "patterns", "meta", "options"}
    if unknown:
        raise _bad(
            f"unknown section(s) {sorted(unknown)}; a house-rules file has base, [patterns.<id>] "
            "and [options]"
        )
    rows = dict(rules.rows)
    for key, entry in _table(data.get("patterns") or {}, "patterns").items():
        row = rules.by_name(str(key))
        if row is None:
            raise HandError("bad_rules", f"no pattern named {key!r}", token=str(key))
        rows[row.id] = _updated(row, _table(entry, f"patterns.{key}"), f"patterns.{key}")
    _check(rows, known)
    settings = _settings(data["options"], rules.table_settings) if "options" in data else rules.table_settings
    return replace(rules, rows=rows, table_settings=settings)


@cache
def preset(known: frozenset[str]) -> HkOldRules:
    """The seed 003 preset (``preset.toml`` in this package), read once (it is immutable)."""
    text = resources.files("taipai.systems.hk_old").joinpath("preset.toml").read_text("utf-8")
    return rules_from_dict(tomllib.loads(text), known)


def load(
    source: str | None,
    known: frozenset[str],
    names: tuple[str, ...] = (PRESET,),
    *,
    _seen: tuple[str, ...] = (),
) -> HkOldRules:
    """The preset when ``source`` is None or one of ``names``, else the TOML file at ``source``.

    Args:
        source: ``None``, a name of this system, or a file path.  A file holding ``[[pattern]]`` rows is a
            whole table; otherwise it overrides its ``base`` (a name of this system, the default, or
            another such file).
        known: the ids this system detects.
        names: what ``source`` and ``base`` may call this system (``hk-old``, ``廣東牌`` …; case and
            spaces ignored).

    Raises:
        HandError: ``bad_rules`` for a missing, unreadable or oversized file, bad TOML, a ``base`` that is
            neither this system nor a file, a ``base`` chain that comes back to itself, or any bad row
            (the message says where).
    """
    folded = {"".join(n.split()).casefold() for n in (PRESET, *names)}
    if source is None or "".join(source.split()).casefold() in folded:
        return preset(known)
    data = read_rules_file(source, _seen, f"preset: {PRESET}")
    if "pattern" in data:
        return rules_from_dict(data, known)
    base = data.get("base", PRESET)
    if not isinstance(base, str):
        raise _bad(f"base must be {PRESET!r} or a house-rules file, got {base!r}")
    if "".join(base.split()).casefold() not in folded and not Path(base).is_file():
        raise _bad(f"base must be {PRESET!r} (or another 廣東牌 house-rules file) here, got {base!r}")
    return apply_overrides(load(base, known, names, _seen=(*_seen, source)), data, known)
