"""What scoring returns: :class:`Score` (DESIGN §5, ``taipai score --json``), its
:class:`PatternScore` rows and :class:`WildReading` entries, and the pattern families that describe
the win rather than the tiles.

Shared by every system's scorer: 港式台牌's natural scorer (:mod:`taipai.systems.hk_taiwan.evaluate`),
its 越搭 search (:mod:`taipai.systems.hk_taiwan.wildsearch`) and :mod:`taipai.systems.hk_taiwan.scoring`,
and the readings of the other games; it imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from taipai.core.tiles import name_zh

SITUATION_FAMILIES = frozenset({"flowers", "state", "timing"})
"""Families that describe the win, not the tiles: counted once under a double reading."""
CHICKEN_IGNORES = frozenset(
    {"dealer", "no_flowers", "wrong_flower", "seat_flower", "flower_set", "eight_flowers"}
)
"""Seed 004 雞糊: 「除了莊、花、底外無任何翻數的牌」."""


@dataclass(frozen=True, slots=True)
class PatternScore:
    """One scored pattern: id, seed name, total fan of its occurrences, occurrence count."""

    id: str
    name: str
    fan: int
    count: int = 1

    def to_dict(self) -> dict[str, object]:
        """JSON form (DESIGN §5)."""
        return {"id": self.id, "name": self.name, "fan": self.fan, "count": self.count}


@dataclass(frozen=True, slots=True)
class WildReading:
    """What a wildcard was read as (seed 000): its kind and the tile it stands for."""

    kind: str
    tile: int

    def to_dict(self) -> dict[str, object]:
        """JSON form (DESIGN §5 ``wilds``)."""
        return {"kind": self.kind, "as": name_zh(self.tile)}


@dataclass(frozen=True, slots=True)
class Score:
    """The best reading of a hand.

    Attributes:
        fan: sum of ``patterns`` fan (includes ``dealer`` 2n+1 when the winner deals).
        bases: number of 底 (2 under a double reading, seed 004 底: 「計兩個底」).
        base_fan: fan per 底.
        total: ``fan + bases * base_fan``.
        patterns: scored patterns, highest fan first, ties in rule-table order.
        reading: the groups of the chosen reading, as players write them.
        waits: wait set of the hand before the win (tile kinds).
        wilds: what each wildcard was read as.
        second_reading: the standard reading also counted under a double reading, else empty.
        ignored: context words of the message that scored nothing (Situation field names, e.g.
            ``("robbing_kong",)`` for 搶槓 when the winner holds another copy of the tile, or
            ``("last_tile_draw",)`` for 海底 on a discard), so a reply can say what was not counted.
        exact: False only when the wildcard search hit a safety cap on the completions it lists
            (:data:`taipai.systems.hk_taiwan.wildsearch.MAX_COMPLETIONS`): the score is then the best reading
            found, not a proven maximum, and the chat books nothing on it (over_budget).  A hand
            whose :class:`Budget` runs out gets no Score at all (``HandError("over_budget")``).
    """

    fan: int
    bases: int
    base_fan: int
    total: int
    patterns: tuple[PatternScore, ...]
    reading: tuple[str, ...]
    waits: tuple[int, ...]
    wilds: tuple[WildReading, ...] = ()
    second_reading: tuple[str, ...] = ()
    exact: bool = True
    ignored: tuple[str, ...] = ()

    def pattern_fan(self, pattern_id: str) -> int:
        """Fan contributed by ``pattern_id`` (0 when absent)."""
        return sum(p.fan for p in self.patterns if p.id == pattern_id)

    def to_dict(self) -> dict[str, object]:
        """The ``taipai score --json`` object of DESIGN §5.

        Added to the contract's keys: ``exact``, ``ignored`` and ``second_reading`` (the standard
        reading's groups when ``bases`` is 2 under a double reading, else ``[]``; ``reading`` is then
        the 嚦咕嚦咕 one)."""
        return {
            "ok": True,
            "fan": self.fan,
            "bases": self.bases,
            "base_fan": self.base_fan,
            "total": self.total,
            "patterns": [p.to_dict() for p in self.patterns],
            "reading": list(self.reading),
            "waits": [name_zh(t) for t in self.waits],
            "wilds": [w.to_dict() for w in self.wilds],
            "exact": self.exact,
            "ignored": list(self.ignored),
            "second_reading": list(self.second_reading),
        }
