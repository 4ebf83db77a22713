"""Rule sets as data: pattern values, exclusions and options (DESIGN §3).

A rule set is a TOML file (``preset.toml`` beside this module is seed 004's table).  Each ``[[pattern]]`` has
an ``id``, the seed's ``name``, a ``family``, its value(s) and ``excludes``.  A table changes values
with a small override file::

    base = "hk-taiwan"            # optional; the preset to start from
    [options]
    repeat_counting = true
    [patterns.eight_pairs]        # by id …
    values = { eight_flying = 50 }
    [patterns."四暗刻"]           # … or by the seed's name
    fan = 40
    enabled = true

Pure: the caller reads the file; :func:`load_rules` is the one convenience that touches the disk
(it reads package data or the named file), and is kept outside the scoring hot path.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any

from taipai.core.errors import HandError
from taipai.core.ruletypes import Linear, PatternRule, Value, read_rules_file
from taipai.core.wilds.rules import WildRules

PRESETS = ("hk-taiwan",)
"""The presets :func:`load_rules` knows by name."""

PRESET_FILES = {"hk-taiwan": "preset.toml"}
"""Each preset's file, package data beside this module (seed 004's table)."""


@dataclass(frozen=True, slots=True)
class Options:
    """Rule-set options (DESIGN §6; seed 004, 計法).

    Attributes:
        hand_size: 16 (5 melds + eyes) or 13 (4 melds + eyes).
        base_fan: fan per 底 (5).
        double_reading: score 嚦咕嚦咕 and a standard reading together with two 底.
        repeat_counting: seed 004 計法 第一: ``False`` = 「同一組牌只能計一種翻數一次」,
            ``True`` = 「可重覆計算」.
        chicken_hand: 雞糊 / 鴨胡 when nothing but dealer, flowers and 底 applies.
        flowers: the table plays with flowers (无花 / 正花 / 爛花 count).
        honourless_rows_include_no_honours: our ruling on the rows seed 004 marks 「無字限定，不另計無字」
            (清一色, 清幺九, 斷幺九, 全帶幺, 全帶X, 缺一門, 無字花大平糊; 非常用: 缺五, 張張可胡, and
            大於五 / 小於五 「不另計無字」): ``True`` (default) = the no-honours half of 無字花 is already
            inside such a row, so with no flower the hand scores 無花 1 beside it, not 無字花 5;
            ``False`` = only 無字 1 is left out and 無字花 5 still counts.  The rows are those whose
            ``excludes`` hold ``no_honours``
            (:func:`taipai.systems.hk_taiwan.patterns.flowers.honourless_rows`).
    """

    hand_size: int = 16
    base_fan: int = 5
    double_reading: bool = True
    repeat_counting: bool = False
    chicken_hand: bool = True
    flowers: bool = True
    honourless_rows_include_no_honours: bool = True


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A complete rule set: options, every pattern row by id (in table order), and the 越搭 rules.

    ``wilds`` holds seed 000's table rules for wildcards (which kinds the table plays, melds,
    concealed kongs, special shapes …); TOML section ``[wilds]``.
    """

    id: str
    name: str
    options: Options
    patterns: dict[str, PatternRule] = field(default_factory=dict)
    wilds: WildRules = field(default_factory=WildRules)

    def enabled(self, pattern_id: str) -> bool:
        """True when ``pattern_id`` exists and is switched on."""
        p = self.patterns.get(pattern_id)
        return p is not None and p.enabled

    def by_name(self, name: str) -> PatternRule | None:
        """Look a pattern up by its seed name (``混一色``) or id."""
        if name in self.patterns:
            return self.patterns[name]
        for p in self.patterns.values():
            if p.name == name:
                return p
        return None


MAX_FAN = 10_000
"""Largest fan value a rule may give one occurrence (the seed's largest is 200)."""


def _fan_int(raw: Any, where: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= MAX_FAN:
        raise HandError("bad_rules", f"{where}: a fan value must be a whole number 0..{MAX_FAN}, got {raw!r}")
    return raw


def _parse_value(raw: Any, where: str) -> Value:
    if isinstance(raw, dict):
        if set(raw) != {"per_n", "plus"}:
            raise HandError("bad_rules", f"{where}: a formula is {{per_n = 2, plus = 1}}, got {raw!r}")
        return Linear(_fan_int(raw["per_n"], where), _fan_int(raw["plus"], where))
    return _fan_int(raw, where)


_OPTION_TYPES: dict[str, tuple[type, tuple[int, int] | None]] = {
    "hand_size": (int, (13, 16)),
    "base_fan": (int, (0, 1000)),
    "double_reading": (bool, None),
    "repeat_counting": (bool, None),
    "chicken_hand": (bool, None),
    "flowers": (bool, None),
    "honourless_rows_include_no_honours": (bool, None),
}
_WILD_BOOLS = (
    "in_melds",
    "discarded_wild_winnable",
    "special_shapes",
    "fifth_copy",
    "eyes_both_wild",
    "context_counts_winning_tile",
    "bull_bear_unbounded",
    "count_kinds_join_honours",
    "copy_alone_in_exposed",
)
_WILD_COUNTS = (
    "max_per_exposed_meld",
    "max_per_concealed_meld",
    "max_in_concealed_kong",
    "max_wilds_per_hand",
)


def _table(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise HandError("bad_rules", f"[{where}] must be a table, got {raw!r}")
    return raw


def _checked_options(raw: Any) -> dict[str, Any]:
    """``[options]`` with every value of the right type and range (bools are true/false)."""
    out = {}
    for key, value in _table(raw, "options").items():
        if key not in _OPTION_TYPES:
            raise HandError("bad_rules", f"unknown option {key!r}; options: {', '.join(_OPTION_TYPES)}")
        kind, allowed = _OPTION_TYPES[key]
        if kind is bool and not isinstance(value, bool):
            raise HandError("bad_rules", f"option {key} must be true or false, got {value!r}")
        if kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise HandError("bad_rules", f"option {key} must be a whole number, got {value!r}")
            lo, hi = allowed or (0, 0)
            ok = value in (13, 16) if key == "hand_size" else lo <= value <= hi
            if not ok:
                raise HandError("bad_rules", f"option {key} = {value} is out of range")
        out[key] = value
    return out


def _checked_wilds(raw: Any) -> dict[str, Any]:
    """``[wilds]`` with every value of the right type (see :class:`WildRules`)."""
    out: dict[str, Any] = {}
    for key, value in _table(raw, "wilds").items():
        if key in _WILD_BOOLS:
            if not isinstance(value, bool):
                raise HandError("bad_rules", f"[wilds] {key} must be true or false, got {value!r}")
        elif key in _WILD_COUNTS:
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 34:
                raise HandError("bad_rules", f"[wilds] {key} must be a count 0..34, got {value!r}")
        elif key in ("table_kinds", "meld_kinds"):
            if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
                raise HandError("bad_rules", f"[wilds] {key} must be a list of kind names, got {value!r}")
            value = tuple(value) if key == "table_kinds" else frozenset(value)
        elif key == "kind_counts":
            if not isinstance(value, dict) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in value.values()
            ):
                raise HandError(
                    "bad_rules", f"[wilds] kind_counts must map kind names to counts, got {value!r}"
                )
        else:
            raise HandError("bad_rules", f"unknown option in [wilds]: {key!r}")
        out[key] = value
    return out


def _values_of(entry: dict[str, Any], where: str) -> dict[str, Value]:
    entry = _table(entry, f"patterns.{where}")
    values: dict[str, Value] = {}
    if "fan" in entry:
        values["base"] = _parse_value(entry["fan"], where)
    if "fan_open" in entry or "fan_concealed" in entry:
        values["open"] = _parse_value(entry.get("fan_open"), where)
        values["concealed"] = _parse_value(entry.get("fan_concealed"), where)
    for k, v in _table(entry.get("values") or {}, f"patterns.{where}.values").items():
        values[str(k)] = _parse_value(v, where)
    return values


def _excludes_of(entry: dict[str, Any], default: tuple[str, ...], where: str) -> tuple[str, ...]:
    raw = entry.get("excludes", list(default))
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise HandError("bad_rules", f"{where}: excludes must be a list of pattern ids, got {raw!r}")
    return tuple(raw)


def _enabled_of(entry: dict[str, Any], default: bool, where: str) -> bool:
    raw = entry.get("enabled", default)
    if not isinstance(raw, bool):
        raise HandError("bad_rules", f"{where}: enabled must be true or false, got {raw!r}")
    return raw


def rules_from_dict(data: dict[str, Any]) -> RuleSet:
    """Build a RuleSet from parsed preset TOML.  Raises HandError(code="bad_rules")."""
    meta = _table(data.get("meta", {}), "meta")
    options = Options(**_checked_options(data.get("options", {})))
    patterns: dict[str, PatternRule] = {}
    rows = data.get("pattern", [])
    if not isinstance(rows, list):
        raise HandError("bad_rules", "[[pattern]] must be an array of tables")
    for entry in rows:
        entry = _table(entry, "pattern")
        pid = entry.get("id")
        if not isinstance(pid, str) or not pid or not isinstance(entry.get("name"), str):
            raise HandError("bad_rules", f"pattern entry without id or name: {str(entry)[:80]}")
        values = _values_of(entry, pid)
        if not values:
            raise HandError("bad_rules", f"pattern {pid} has no fan value")
        patterns[pid] = PatternRule(
            id=pid,
            name=entry["name"],
            family=entry.get("family", ""),
            values=values,
            excludes=_excludes_of(entry, (), pid),
            enabled=_enabled_of(entry, True, pid),
            row=str(entry.get("row", "")),
        )
    _check_excludes(patterns)
    return RuleSet(
        id=meta.get("id", ""),
        name=meta.get("name", ""),
        options=options,
        patterns=patterns,
        wilds=_wild_rules(WildRules(), data.get("wilds")),
    )


def _wild_rules(base: WildRules, raw: dict[str, Any] | None) -> WildRules:
    """Apply a ``[wilds]`` TOML table to ``base``.  Raises HandError(code="bad_rules")."""
    if raw is None:
        return base
    return replace(base, **_checked_wilds(raw))


def _check_excludes(patterns: dict[str, PatternRule]) -> None:
    """Every excluded id exists and no chain of exclusions comes back to where it started (all the
    patterns on such a cycle would vanish together)."""
    for p in patterns.values():
        for e in p.excludes:
            if e not in patterns:
                raise HandError("bad_rules", f"pattern {p.id} excludes unknown pattern {e}")
    state: dict[str, int] = {}  # 1 = on the path, 2 = done

    def visit(pid: str, path: list[str]) -> None:
        state[pid] = 1
        for e in patterns[pid].excludes:
            if state.get(e) == 1:
                cycle = " → ".join([*path[path.index(e) :], e]) if e in path else f"{pid} → {e}"
                raise HandError("bad_rules", f"exclusions form a cycle: {cycle}")
            if e not in state:
                visit(e, [*path, e])
        state[pid] = 2

    for pid in patterns:
        if pid not in state:
            visit(pid, [pid])


def apply_overrides(rules: RuleSet, override: dict[str, Any]) -> RuleSet:
    """Return ``rules`` with a table's override applied (options and per-pattern values/enabled).

    ``override`` is parsed TOML in the shape shown in the module docstring.  Patterns may be named
    by id or by seed name.  Raises HandError(code="bad_rules") for unknown options, patterns or
    values, saying which.
    """
    opts = rules.options
    if "options" in override:
        opts = replace(opts, **_checked_options(override["options"]))
    patterns = dict(rules.patterns)
    for key, entry in _table(override.get("patterns") or {}, "patterns").items():
        base = rules.by_name(key)
        if base is None:
            raise HandError("bad_rules", f"no pattern named {key!r}", token=str(key))
        values = dict(base.values)
        new_values = _values_of(entry, key)
        if "base" in new_values and "base" not in values and len(values) > 1:
            raise HandError(
                "bad_rules", f"{key} has several values {sorted(values)}; set them in values = {{…}}"
            )
        values.update(new_values)
        patterns[base.id] = replace(
            base,
            values=values,
            enabled=_enabled_of(entry, base.enabled, key),
            excludes=_excludes_of(entry, base.excludes, key),
        )
    _check_excludes(patterns)
    return replace(
        rules, options=opts, patterns=patterns, wilds=_wild_rules(rules.wilds, override.get("wilds"))
    )


_preset_cache: dict[str, RuleSet] = {}




def load_rules(name_or_path: str = "hk-taiwan", *, _seen: tuple[str, ...] = ()) -> RuleSet:
    """Load a preset by name (``hk-taiwan``) or a TOML file path.

    A file may be a whole rule set (with ``[[pattern]]`` rows) or an override with an optional
    ``base = "<preset or file>"`` (default ``hk-taiwan``).  Raises HandError(code="bad_rules") for
    a missing or unreadable file, a file over 256 KiB, bad TOML, a ``base`` chain that comes back
    to itself, or any value of the wrong type or range.  Presets are cached (RuleSet is
    immutable).
    """
    if name_or_path in PRESETS:
        hit = _preset_cache.get(name_or_path)
        if hit is None:
            preset = resources.files("taipai.systems.hk_taiwan").joinpath(PRESET_FILES[name_or_path])
            text = preset.read_text("utf-8")
            hit = rules_from_dict(tomllib.loads(text))
            _preset_cache[name_or_path] = hit
        return hit
    data = read_rules_file(name_or_path, _seen, f"presets: {', '.join(PRESETS)}")
    if "pattern" in data:
        return rules_from_dict(data)
    base = data.get("base", "hk-taiwan")
    if not isinstance(base, str):
        raise HandError("bad_rules", f"base must be a preset name or a file path, got {base!r}")
    return apply_overrides(load_rules(base, _seen=(*_seen, name_or_path)), data)
