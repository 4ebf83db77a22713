"""Detectors for seed 004, 常用翻數表, 時態類.

One detector per pattern id; values and exclusions are in presets/hk-taiwan.toml.
"""

from __future__ import annotations

from taipai.core.patterns.base import ONCE, HandView, Hits, detector  # noqa: F401
