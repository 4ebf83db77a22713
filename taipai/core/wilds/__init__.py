"""越搭: the 34 restricted wildcard kinds of seed 000, their context and the table's wildcard rules.

* :mod:`.names`: printed names, aliases, :func:`canonical_name`, :data:`EIGHT_SET`.
* :mod:`.rules`: :class:`WildRules` (seed 000 「幾條要講定嘅規矩」).
* :mod:`.context`: :class:`WildContext` (what context-dependent kinds read), :class:`Slot`.
* :mod:`.kinds`: :class:`WildKind` and its subclasses, :data:`KINDS`, :func:`kind_named`,
  :func:`alternatives`, mask helpers.
* :mod:`.plugin`: :class:`~.plugin.WildScorer`, the Protocol a game implements to use the engine.
* :mod:`.search`: the engine (best reading of a hand holding wildcards, waits, explanations).
* :mod:`.suitshapes`: the complete numbered suits, shipped as data (the engine's per-suit tables).

Pure: no I/O but one read of package data (``suitshapes.bin``, through :mod:`importlib.resources`,
at the first hand that needs it); masks are ``int`` bitsets over tile kinds 0..33.
"""

from taipai.core.wilds.context import PAIR, SINGLE, Slot, WildContext
from taipai.core.wilds.kinds import (
    ALL_TILES,
    DRAGON_TILES,
    HONOURS,
    KINDS,
    SUIT_MASKS,
    SUITED,
    WIND_TILES,
    WildKind,
    alternatives,
    kind_named,
    mask_of,
    ranks,
    tiles_of,
)
from taipai.core.wilds.names import ALIASES, COPY, CREATE, EIGHT_SET, KIND_NAMES, canonical_name
from taipai.core.wilds.rules import WildRules

__all__ = [
    "ALIASES",
    "ALL_TILES",
    "COPY",
    "CREATE",
    "DRAGON_TILES",
    "EIGHT_SET",
    "HONOURS",
    "KINDS",
    "KIND_NAMES",
    "PAIR",
    "SINGLE",
    "SUITED",
    "SUIT_MASKS",
    "WIND_TILES",
    "Slot",
    "WildContext",
    "WildKind",
    "WildRules",
    "alternatives",
    "canonical_name",
    "kind_named",
    "mask_of",
    "ranks",
    "tiles_of",
]
