"""A rule table's rows, shared by every rule system: :class:`PatternRule`, :class:`Linear`, :data:`Value`.

A system's rule set (港式台牌's :class:`~taipai.systems.hk_taiwan.rules.RuleSet`, the Taiwan table's
:class:`~taipai.systems.taiwan.rules.TaiwanRules` …) keeps its rows as :class:`PatternRule` values, in
whatever unit the system counts (番, 台, 翻); the loaders that read them from TOML are each system's own.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from taipai.core.errors import HandError


@dataclass(frozen=True, slots=True)
class Linear:
    """A value of the form ``per_n * n + plus`` (seed 004: 莊家 2n+1, 花上自摸 2n+1), in the row's unit."""

    per_n: int
    plus: int

    def at(self, n: int) -> int:
        """The value for ``n`` (a 連莊 count, a flower count …)."""
        return self.per_n * n + self.plus


Value = int | Linear


@dataclass(frozen=True, slots=True)
class PatternRule:
    """One row of a rule table (港式台牌's 番, the Taiwan table's 台 …).

    Attributes:
        id: stable identifier (``mixed_one_suit`` style), used by detectors and the JSON contract.
        name: the pattern's name exactly as in the seed table (before any parenthesis).
        family: the seed's category (form, flowers, honours, …).
        values: the system's unit (番, 台) per variant key: ``{"base": 30}``,
            ``{"open": 5, "concealed": 10}``, ``{"base": Linear(2, 1)}`` …
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
        """Value of one occurrence with variant ``key`` (``n`` feeds a Linear value).

        Raises:
            KeyError: the row has no variant ``key``.
        """
        v = self.values[key]
        return v.at(n) if isinstance(v, Linear) else v


MAX_RULES_FILE = 256 * 1024
"""A house-rules file is a few lines; anything bigger is refused before it is read."""


def read_rules_file(source: str, seen: tuple[str, ...], missing_hint: str) -> dict[str, Any]:
    """The TOML table of a house-rules file, for a system's ``load_rules`` (DESIGN §3).

    Args:
        source: the path as given (``--rules house.toml``, or a ``base =`` of another file).
        seen: the files already on this ``base`` chain (a file naming one of them loops).
        missing_hint: the hint when no such file exists: the system's preset names.

    Raises:
        HandError: ``bad_rules`` for a ``base`` chain that comes back to itself, a missing file, a file
            over :data:`MAX_RULES_FILE`, one that is not UTF-8 text, or bad TOML (the message says which).
    """
    if source in seen:
        raise HandError("bad_rules", f"rule files name each other as base: {' → '.join([*seen, source])}")
    path = Path(source)
    try:
        if not path.is_file():
            raise FileNotFoundError(source)
        if path.stat().st_size > MAX_RULES_FILE:
            raise HandError("bad_rules", f"{source}: a rules file is at most {MAX_RULES_FILE // 1024} KiB")
        return tomllib.loads(path.read_text("utf-8"))
    except FileNotFoundError as exc:
        raise HandError("bad_rules", f"no preset or file named {source!r}", hint=missing_hint) from exc
    except (OSError, UnicodeDecodeError) as exc:
        reason = f"{source}: cannot read it as UTF-8 text ({type(exc).__name__})"
        raise HandError("bad_rules", reason) from exc
    except tomllib.TOMLDecodeError as exc:
        raise HandError("bad_rules", f"{source}: not valid TOML: {exc}") from exc
