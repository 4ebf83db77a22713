"""雞平和's rule table as data: ``preset.toml`` (seed 001 「番的牌型规则设定」), read once.

A row is a :class:`Row` (id, the seed's name, family, 番, exclusions, the seed row).  The table is the
seed's and a table changes only its settings (爆和, the floor: :mod:`~taipai.systems.guangdong.options`);
:func:`load` refuses a rules file, as 國標 does, rather than read one it cannot check against the seed.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from taipai.core.errors import HandError

FAMILIES = ("capped", "extra", "special", "floor")
"""The preset's families: 爆和以内 rows, their 附加, 爆和以外 rows, and the 3番 floors."""


@dataclass(frozen=True, slots=True)
class Row:
    """One row of seed 001's table.

    Attributes:
        id: stable id (``mixed_one_suit``), the JSON contract's ``patterns[].id``.
        name: the seed's name in traditional characters (``混一色``).
        family: one of :data:`FAMILIES`.
        fan: 番 of one occurrence (a floor row: 0; the floor is a table setting).
        excludes: ids this row replaces when it scores (混碰: 混一色 and 碰碰和).
        row: the seed row, quoted.
    """

    id: str
    name: str
    family: str
    fan: int
    excludes: tuple[str, ...] = ()
    row: str = ""


@dataclass(frozen=True)
class GuangdongRules:
    """The 雞平和 rule table: its rows by id, in the seed's order.  Immutable.

    Attributes:
        id, name: the preset's ``[meta]``.
        rows: the rows by id.
    """

    id: str
    name: str
    rows: dict[str, Row]

    def __hash__(self) -> int:
        return hash((self.id, tuple(self.rows.values())))

    def family(self, family: str) -> tuple[Row, ...]:
        """The rows of one family, in table order."""
        return tuple(r for r in self.rows.values() if r.family == family)


def rules_from_toml(text: str, known: frozenset[str]) -> GuangdongRules:
    """The rule table of a preset's TOML ``text``.

    Args:
        text: TOML with ``[meta]`` and ``[[pattern]]`` rows (``id``, ``name``, ``family``, ``fan``,
            ``excludes``, ``row``).
        known: the ids the scorer detects.

    Raises:
        HandError: ``bad_rules`` for a row without a detector, an unknown family, a bad 番 or an exclusion
            naming no row.
    """
    data = tomllib.loads(text)
    meta = data.get("meta", {})
    rows: dict[str, Row] = {}
    for entry in data.get("pattern", []):
        pid = str(entry.get("id", ""))
        fan = entry.get("fan")
        if pid not in known:
            raise HandError("bad_rules", f"pattern {pid!r}: 雞平和 has no detector for it")
        if entry.get("family") not in FAMILIES:
            raise HandError(
                "bad_rules", f"pattern {pid}: family {entry.get('family')!r} is not one of {FAMILIES}"
            )
        if isinstance(fan, bool) or not isinstance(fan, int) or not 0 <= fan <= 13:
            raise HandError("bad_rules", f"pattern {pid}: 番 must be a whole number 0..13, got {fan!r}")
        rows[pid] = Row(
            pid,
            str(entry["name"]),
            entry["family"],
            fan,
            tuple(entry.get("excludes", ())),
            str(entry.get("row", "")),
        )
    for r in rows.values():
        for e in r.excludes:
            if e not in rows:
                raise HandError("bad_rules", f"pattern {r.id} excludes unknown pattern {e}")
    return GuangdongRules(str(meta.get("id", "")), str(meta.get("name", "")), rows)


@cache
def preset(known: frozenset[str]) -> GuangdongRules:
    """The seed 001 preset (``preset.toml`` in this package), read once."""
    text = resources.files("taipai.systems.guangdong").joinpath("preset.toml").read_text("utf-8")
    return rules_from_toml(text, known)


def load(source: str | None, known: frozenset[str], names: tuple[str, ...]) -> GuangdongRules:
    """The preset when ``source`` is None or one of ``names`` (case and spaces ignored).

    Raises:
        HandError: ``bad_rules`` for any other source (the table is the seed's; settings are 規則's).
    """
    folded = {"".join(n.split()).casefold() for n in names}
    if source is None or "".join(source.split()).casefold() in folded:
        return preset(known)
    raise HandError(
        "bad_rules",
        f"雞平和 plays seed 001's table only; {source!r} is not it",
        hint="a table changes 爆和 and 保底 with 規則 (規則 爆和 5)",
    )
