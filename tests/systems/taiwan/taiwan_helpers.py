"""Shared builders for the Taiwan 16-tile tests (imported as a top-level module by pytest's rootdir insertion)."""

from __future__ import annotations

from taipai.core.scoretypes import Score
from taipai.core.system import Seat
from taipai.core.tiles import EAST
from taipai.systems.taiwan import SYSTEM
from taipai.systems.taiwan.rules import TaiwanRules, apply_overrides

RULES: TaiwanRules = SYSTEM.load_rules()
"""The seed 003 preset."""


def score(
    text: str,
    *,
    dealer: bool = False,
    streak: int = 0,
    seat: int = EAST,
    round_wind: int = EAST,
    rules: TaiwanRules = RULES,
) -> Score:
    """Score ``text`` for a winner at ``seat`` (a chat table: the seat facts are the table's)."""
    return SYSTEM.score(text, Seat(dealer, streak, seat, round_wind), rules, None).score


def rows(s: Score) -> dict[str, int]:
    """``{row id: 台}`` of a score."""
    return {p.id: p.fan for p in s.patterns}


def house(**override: object) -> TaiwanRules:
    """The preset with an override (``options={...}``, ``patterns={...}``) applied."""
    return apply_overrides(RULES, dict(override))
