"""The Taiwan 16-tile rule table as data: :class:`TaiwanRules` and :func:`load_rules` (seed 003).

The preset ``preset.toml`` beside this module holds every row of seed 003 「台灣牌台數說明」 (id, name,
台, excludes, the seed row).  A table's house rules are a small TOML file that extends it::

    base = "taiwan"               # optional: the preset (or another file) it starts from
    [options]
    every_flower = true
    [patterns."清一色"]           # by the seed's name …
    tai = 8
    [patterns.eight_pairs]        # … or by id
    enabled = true

Rows are :class:`taipai.core.ruletypes.PatternRule` values (``values["base"]`` is the 台 of one occurrence;
風字坎 has ``seat`` and ``round``).  Errors are :class:`~taipai.core.errors.HandError` ``bad_rules`` saying
what and where, as :func:`taipai.systems.hk_taiwan.rules.load_rules` does for 港式台牌.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any

from taipai.core.errors import HandError
from taipai.core.ruletypes import PatternRule, read_rules_file

PRESET = "taiwan"
"""The preset's name (what ``base =`` and ``taipai score --rules taiwan`` say)."""

NAMES = ("台灣牌", "台灣麻將", "台灣麻雀", "台麻", "台灣", "臺灣牌", "taiwan", "tw")
"""What a table types to pick this game (the first is the Chinese display name); any of them names the
preset as a ``base``."""

MAX_TAI = 1000
"""Largest 台 one occurrence may be given (the seed's largest is 16)."""



@dataclass(frozen=True, slots=True)
class TaiwanOptions:
    """Scoring options of the Taiwan table (preset ``[options]``), each a choice where seed 003 is loose.

    Attributes:
        round_wind_alone: 風字坎 「合開門序1台, 合圈序加1台」.  ``False`` (default): a pung of the seat wind
            scores 1, and 1 more when it is also the round wind; the round wind's pung alone scores 0.
            ``True``: the round wind's pung scores its 1 whatever the seat.
        every_flower: 花牌 「合開門序1台」.  ``False`` (default): only the seat's two flowers score
            (東 春/梅, 南 夏/蘭, 西 秋/菊, 北 冬/竹).  ``True``: every flower scores 1, and 花槓 is not
            counted (its four flowers already score 4); 滿花 still replaces them with 8.
    """

    round_wind_alone: bool = False
    every_flower: bool = False


@dataclass(frozen=True, slots=True)
class TaiwanRules:
    """A Taiwan rule set: its options and every row by id, in table order (immutable, hashable by id)."""

    id: str
    name: str
    options: TaiwanOptions
    patterns: dict[str, PatternRule] = field(default_factory=dict)

    def enabled(self, pattern_id: str) -> bool:
        """True when ``pattern_id`` is a row of the table and switched on."""
        p = self.patterns.get(pattern_id)
        return p is not None and p.enabled

    def tai(self, pattern_id: str, key: str = "base") -> int:
        """台 of one occurrence of ``pattern_id`` (variant ``key``).

        Raises:
            KeyError: no such row or variant.
        """
        return self.patterns[pattern_id].fan(key)

    def by_name(self, name: str) -> PatternRule | None:
        """A row by id or by its seed name (``清一色``), else ``None``."""
        if name in self.patterns:
            return self.patterns[name]
        return next((p for p in self.patterns.values() if p.name == name), None)

    def __hash__(self) -> int:
        return hash(
            (
                self.id,
                self.options,
                tuple((p.id, p.enabled, tuple(p.values.items())) for p in self.patterns.values()),
            )
        )


_OPTION_NAMES = tuple(TaiwanOptions.__dataclass_fields__)


def _bad(message: str, token: str = "") -> HandError:
    return HandError("bad_rules", message, token=token)


def _table(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise _bad(f"[{where}] must be a table, got {raw!r}")
    return raw


def _tai(raw: Any, where: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= MAX_TAI:
        raise _bad(f"{where}: 台 is a whole number 0..{MAX_TAI}, got {raw!r}")
    return raw


def _options(base: TaiwanOptions, raw: Any) -> TaiwanOptions:
    values = _table(raw, "options")
    for key, value in values.items():
        if key not in _OPTION_NAMES:
            raise _bad(f"unknown option {key!r}; options: {', '.join(_OPTION_NAMES)}", str(key))
        if not isinstance(value, bool):
            raise _bad(f"option {key} must be true or false, got {value!r}", str(key))
    return replace(base, **values)


def _values(entry: dict[str, Any], where: str) -> dict[str, int]:
    out: dict[str, int] = {}
    if "tai" in entry:
        out["base"] = _tai(entry["tai"], where)
    for key, value in _table(entry.get("values") or {}, f"{where}.values").items():
        out[str(key)] = _tai(value, f"{where}.values.{key}")
    return out


def _excludes(entry: dict[str, Any], default: tuple[str, ...], where: str) -> tuple[str, ...]:
    raw = entry.get("excludes", list(default))
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise _bad(f"{where}: excludes must be a list of row ids, got {raw!r}")
    return tuple(raw)


def _enabled(entry: dict[str, Any], default: bool, where: str) -> bool:
    raw = entry.get("enabled", default)
    if not isinstance(raw, bool):
        raise _bad(f"{where}: enabled must be true or false, got {raw!r}")
    return raw


_ROW_KEYS = frozenset({"id", "name", "family", "tai", "values", "excludes", "enabled", "row"})
_OVERRIDE_KEYS = frozenset({"tai", "values", "excludes", "enabled"})


def rules_from_dict(data: dict[str, Any]) -> TaiwanRules:
    """A rule set from a parsed whole-table TOML (``[meta]``, ``[options]``, ``[[pattern]]`` rows).

    Raises:
        HandError: ``bad_rules`` — a row without id/name/台, an unknown key, a bad value, an excluded
            id that is no row.
    """
    meta = _table(data.get("meta", {}), "meta")
    options = _options(TaiwanOptions(), data.get("options", {}))
    rows = data.get("pattern", [])
    if not isinstance(rows, list):
        raise _bad("[[pattern]] must be an array of tables")
    patterns: dict[str, PatternRule] = {}
    for raw in rows:
        entry = _table(raw, "pattern")
        pid, name = entry.get("id"), entry.get("name")
        if not isinstance(pid, str) or not pid or not isinstance(name, str):
            raise _bad(f"a [[pattern]] row needs an id and a name: {str(entry)[:80]}")
        unknown = set(entry) - _ROW_KEYS
        if unknown:
            raise _bad(f"pattern {pid}: unknown key(s) {sorted(unknown)}", pid)
        values = _values(entry, pid)
        if not values:
            raise _bad(f"pattern {pid} has no 台 (tai = N)", pid)
        patterns[pid] = PatternRule(
            id=pid,
            name=name,
            family=str(entry.get("family", "")),
            values=dict(values),
            excludes=_excludes(entry, (), pid),
            enabled=_enabled(entry, True, pid),
            row=str(entry.get("row", "")),
        )
    _check_excludes(patterns)
    return TaiwanRules(str(meta.get("id", "")), str(meta.get("name", "")), options, patterns)


def apply_overrides(rules: TaiwanRules, override: dict[str, Any]) -> TaiwanRules:
    """``rules`` with a house-rules override applied (``[options]``, ``[patterns.<id or name>]``).

    Raises:
        HandError: ``bad_rules`` — an unknown option or row, a bad value, a variant the row lacks.
    """
    unknown_top = set(override) - {"base", "options", "patterns", "meta"}
    if unknown_top:
        raise _bad(f"unknown section(s) {sorted(unknown_top)}; an override has base, [options], [patterns.X]")
    options = _options(rules.options, override.get("options", {}))
    patterns = dict(rules.patterns)
    for key, raw in _table(override.get("patterns") or {}, "patterns").items():
        base = rules.by_name(key)
        if base is None:
            raise _bad(f"no row named {key!r}; rows: {', '.join(rules.patterns)}", str(key))
        entry = _table(raw, f"patterns.{key}")
        unknown = set(entry) - _OVERRIDE_KEYS
        if unknown:
            raise _bad(
                f"patterns.{key}: unknown key(s) {sorted(unknown)}; keys: tai, values, excludes, enabled"
            )
        new = _values(entry, key)
        if "base" in new and "base" not in base.values:
            raise _bad(f"{key} has the variants {sorted(base.values)}; set them in values = {{…}}", str(key))
        extra = set(new) - set(base.values)
        if extra:
            raise _bad(f"{key} has no variant(s) {sorted(extra)}; it has {sorted(base.values)}", str(key))
        patterns[base.id] = replace(
            base,
            values={**base.values, **new},
            excludes=_excludes(entry, base.excludes, key),
            enabled=_enabled(entry, base.enabled, key),
        )
    _check_excludes(patterns)
    return replace(rules, options=options, patterns=patterns)


def _check_excludes(patterns: dict[str, PatternRule]) -> None:
    for p in patterns.values():
        for e in p.excludes:
            if e not in patterns:
                raise _bad(f"pattern {p.id} excludes {e!r}, which is no row", p.id)
            if e == p.id:
                raise _bad(f"pattern {p.id} excludes itself", p.id)


_preset: list[TaiwanRules] = []


def preset() -> TaiwanRules:
    """The seed 003 preset (read once from the package's ``preset.toml``; a rule set is immutable)."""
    if not _preset:
        text = resources.files("taipai.systems.taiwan").joinpath("preset.toml").read_text("utf-8")
        _preset.append(rules_from_dict(tomllib.loads(text)))
    return _preset[0]


def load_rules(source: str | None = None, *, _seen: tuple[str, ...] = ()) -> TaiwanRules:
    """The preset (``None`` or ``"taiwan"``), or a TOML file: a whole table or an override with ``base``.

    Args:
        source: ``None``, ``"taiwan"``, or a path to a UTF-8 TOML file of at most 256 KiB.

    Raises:
        HandError: ``bad_rules`` — no such file, unreadable or bad TOML, a ``base`` chain that comes back
            to itself, or any bad value (the message says which).
    """
    if source is None or "".join(source.split()).casefold() in NAMES:
        return preset()
    data = read_rules_file(source, _seen, f"the preset is {PRESET!r}")
    if "pattern" in data:
        return rules_from_dict(data)
    base = data.get("base", PRESET)
    if not isinstance(base, str):
        raise _bad(f"base must be {PRESET!r} or a file path, got {base!r}")
    return apply_overrides(load_rules(base, _seen=(*_seen, source)), data)
