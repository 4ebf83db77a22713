"""Fan pattern detectors, one module per family of seed 004's 翻數表.

Importing this package registers every detector in
:data:`taipai.systems.hk_taiwan.patterns.base.DETECTORS`, with its row's 越搭 bound in
:data:`~taipai.systems.hk_taiwan.patterns.base.BOUNDS`; a family module also holds the count-based bound
of its rows (``honour_rows_bound``, ``pung_rows_bound`` …) that
:mod:`taipai.systems.hk_taiwan.scorebound` calls.
"""

from taipai.systems.hk_taiwan.patterns import (  # noqa: F401
    chows,
    combination,
    flowers,
    form,
    four_tiles,
    honours,
    identical_chows,
    pungs,
    rare,
    state,
    terminals,
    timing,
)
from taipai.systems.hk_taiwan.patterns.base import DETECTORS, HandView, Hits, detector

__all__ = ["DETECTORS", "HandView", "Hits", "detector"]
