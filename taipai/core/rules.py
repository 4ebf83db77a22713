"""Rule sets as data: pattern values, exclusions and options (DESIGN §3).

A rule set is a TOML file (``presets/hk-taiwan.toml`` is seed 004's table).  Each ``[[pattern]]`` has
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
from pathlib import Path
from typing import Any

from taipai.core.errors import HandError
from taipai.core.wilds.rules import WildRules

PRESETS = ("hk-taiwan",)


@dataclass(frozen=True, slots=True)
class Linear:
    """A value of the form ``per_n * n + plus`` (seed 004: 莊家 2n+1, 花上自摸 2n+1)."""

    per_n: int
    plus: int

    def at(self, n: int) -> int:
        """Fan for ``n``."""
        return self.per_n * n + self.plus


Value = int | Linear


@dataclass(frozen=True, slots=True)
class PatternRule:
    """One row of a fan table.

    Attributes:
        id: stable identifier (``mixed_one_suit`` style), used by detectors and the JSON contract.
        name: the pattern's name exactly as in the seed table (before any parenthesis).
        family: the seed's category (form, flowers, honours, …).
        values: fan per variant key: ``{"base": 30}``, ``{"open": 5, "concealed": 10}``,
            ``{"base": Linear(2, 1)}`` …
        excludes: ids this pattern replaces when it scores (「不另計」).
        enabled: off for the 非常用 rows unless a table turns them on.
        row: the seed row it comes from.
    """

    id: str
    name: str
    family: str
    values: dict[str, Value]
    excludes: tuple[str, ...] = ()
    enabled: bool = True
    row: str = ""

    def fan(self, key: str, n: int = 0) -> int:
        """Fan of one occurrence with variant ``key`` (``n`` feeds a Linear value)."""
        v = self.values[key]
        return v.at(n) if isinstance(v, Linear) else v


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
    """

    hand_size: int = 16
    base_fan: int = 5
    double_reading: bool = True
    repeat_counting: bool = False
    chicken_hand: bool = True
    flowers: bool = True


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


def _parse_value(raw: Any, where: str) -> Value:
    if isinstance(raw, bool):
        raise HandError("bad_rules", f"{where}: a fan value must be a number, got {raw!r}")
    if isinstance(raw, int):
        return raw
    if isinstance(raw, dict) and set(raw) == {"per_n", "plus"}:
        return Linear(int(raw["per_n"]), int(raw["plus"]))
    raise HandError("bad_rules", f"{where}: expected an integer or {{per_n, plus}}, got {raw!r}")


def _values_of(entry: dict[str, Any], where: str) -> dict[str, Value]:
    values: dict[str, Value] = {}
    if "fan" in entry:
        values["base"] = _parse_value(entry["fan"], where)
    if "fan_open" in entry or "fan_concealed" in entry:
        values["open"] = _parse_value(entry.get("fan_open"), where)
        values["concealed"] = _parse_value(entry.get("fan_concealed"), where)
    for k, v in (entry.get("values") or {}).items():
        values[str(k)] = _parse_value(v, where)
    return values


def rules_from_dict(data: dict[str, Any]) -> RuleSet:
    """Build a RuleSet from parsed preset TOML.  Raises HandError(code="bad_rules")."""
    meta = data.get("meta", {})
    try:
        options = Options(**data.get("options", {}))
    except TypeError as exc:
        raise HandError("bad_rules", f"unknown option in [options]: {exc}") from exc
    patterns: dict[str, PatternRule] = {}
    for entry in data.get("pattern", []):
        pid = entry.get("id")
        if not pid or "name" not in entry:
            raise HandError("bad_rules", f"pattern entry without id or name: {entry!r}")
        values = _values_of(entry, pid)
        if not values:
            raise HandError("bad_rules", f"pattern {pid} has no fan value")
        patterns[pid] = PatternRule(
            id=pid,
            name=entry["name"],
            family=entry.get("family", ""),
            values=values,
            excludes=tuple(entry.get("excludes", ())),
            enabled=bool(entry.get("enabled", True)),
            row=entry.get("row", ""),
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
    if not raw:
        return base
    values = dict(raw)
    for key in ("table_kinds",):
        if key in values:
            values[key] = tuple(values[key])
    if "meld_kinds" in values and values["meld_kinds"] is not None:
        values["meld_kinds"] = frozenset(values["meld_kinds"])
    try:
        return replace(base, **values)
    except TypeError as exc:
        raise HandError("bad_rules", f"unknown option in [wilds]: {exc}") from exc


def _check_excludes(patterns: dict[str, PatternRule]) -> None:
    """Every excluded id exists and no two patterns exclude each other (both would vanish)."""
    for p in patterns.values():
        for e in p.excludes:
            if e not in patterns:
                raise HandError("bad_rules", f"pattern {p.id} excludes unknown pattern {e}")
            if p.id in patterns[e].excludes:
                raise HandError("bad_rules", f"patterns {p.id} and {e} exclude each other")


def apply_overrides(rules: RuleSet, override: dict[str, Any]) -> RuleSet:
    """Return ``rules`` with a table's override applied (options and per-pattern values/enabled).

    ``override`` is parsed TOML in the shape shown in the module docstring.  Patterns may be named
    by id or by seed name.  Raises HandError(code="bad_rules") for unknown options, patterns or
    values, saying which.
    """
    opts = rules.options
    if "options" in override:
        try:
            opts = replace(opts, **override["options"])
        except TypeError as exc:
            raise HandError("bad_rules", f"unknown option: {exc}") from exc
    patterns = dict(rules.patterns)
    for key, entry in (override.get("patterns") or {}).items():
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
            enabled=bool(entry.get("enabled", base.enabled)),
            excludes=tuple(entry.get("excludes", base.excludes)),
        )
    _check_excludes(patterns)
    return replace(
        rules, options=opts, patterns=patterns, wilds=_wild_rules(rules.wilds, override.get("wilds"))
    )


_preset_cache: dict[str, RuleSet] = {}


def load_rules(name_or_path: str = "hk-taiwan") -> RuleSet:
    """Load a preset by name (``hk-taiwan``) or a TOML file path.

    A file may be a whole rule set (with ``[[pattern]]`` rows) or an override with an optional
    ``base = "<preset>"`` (default ``hk-taiwan``).  Raises HandError(code="bad_rules") for a missing
    file, bad TOML or bad values.  Presets are cached (RuleSet is immutable).
    """
    if name_or_path in PRESETS:
        hit = _preset_cache.get(name_or_path)
        if hit is None:
            text = resources.files("taipai.core").joinpath(f"presets/{name_or_path}.toml").read_text("utf-8")
            hit = rules_from_dict(tomllib.loads(text))
            _preset_cache[name_or_path] = hit
        return hit
    path = Path(name_or_path)
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except FileNotFoundError as exc:
        raise HandError(
            "bad_rules", f"no preset or file named {name_or_path!r}", hint=f"presets: {', '.join(PRESETS)}"
        ) from exc
    except tomllib.TOMLDecodeError as exc:
        raise HandError("bad_rules", f"{name_or_path}: not valid TOML: {exc}") from exc
    if "pattern" in data:
        return rules_from_dict(data)
    return apply_overrides(load_rules(str(data.get("base", "hk-taiwan"))), data)
