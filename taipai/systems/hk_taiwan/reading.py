"""港式台牌 hand messages: parse (DESIGN §4, seed 004 + 000 wildcards) and score (seed 004 番 table).

:func:`score_message` is :meth:`taipai.core.system.RuleSystem.score` for ``hk-taiwan``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from taipai.core.budget import Budget, over_budget_error
from taipai.core.context_words import HK_TAIWAN_WORDS
from taipai.core.errors import HandError
from taipai.core.handspec import Situation
from taipai.core.notation import parse_hand
from taipai.core.scoretypes import Score
from taipai.core.system import ScoredHand, Seat
from taipai.core.wilds.schemes import (
    apply,
    effective,
    take_hand_scheme,
    take_hand_treasure,
    treasure_row,
    with_heart,
    with_treasure,
)
from taipai.systems.hk_taiwan.options import TableOptions
from taipai.systems.hk_taiwan.rules import RuleSet
from taipai.systems.hk_taiwan.scoring import score_hand

SEAT_FIELDS = ("dealer", "streak", "round_wind", "seat_wind")
"""The :class:`Situation` fields a table knows better than a hand message: a context word that says
otherwise (莊, 連2, 西圈, 北位) is overruled at a chat table, and the reply says so."""

DEALER_PATTERN = "dealer"
"""Pattern id of the dealer's 2n+1 (seed 004 莊家 row); the ledger adds it per leg itself."""


def score_message(
    text: str,
    seat: Seat,
    rules: RuleSet,
    options: Any = None,
    *,
    budget: Budget | None = None,
    table_seat: bool = True,
) -> ScoredHand:
    """Parse ``text`` with the winner's ``seat`` and score it under ``rules`` (fan, 番).

    ``options`` (the table's settings) do not change a 港式台牌 hand's fan (底 and the dealer's 2n+1
    are added per leg by the ledger), except the table's wildcard scheme of seed 001
    (``TableOptions.wild_scheme``, :mod:`taipai.core.wilds.schemes`): under 帶弟 / 活動 / 窗 the hand's
    tiles of the wild kinds are read as 皇 wildcards (活動's 白板 as the turned tile), under 心皇 the hand
    is typed one tile short.  A hand may name its own (``百搭 窗 四萬``) or only its turned tile
    (``百搭 四萬``).  The table's 寶牌 (``TableOptions.treasure``, or the hand's own ``寶牌 四萬``) adds a
    ``寶牌`` row, +1番 for each treasure tile held (:func:`~taipai.core.wilds.schemes.treasure_row`).

    Raises:
        HandError: bad notation; ``not_a_win``; ``wild_unplaceable``; ``over_budget`` when the wildcard
            search spent ``budget`` or could not prove its best (``Score.exact`` false): a guess is never
            booked as money (DESIGN §1).
    """
    table = Situation(
        dealer=seat.dealer,
        streak=seat.streak,
        round_wind=seat.round_wind,
        seat_wind=seat.seat_wind,
        seen_tiles=seat.seen_tiles,
    )
    text, said_treasure = take_hand_treasure(text)
    text, said_scheme, said_tile = take_hand_scheme(text)
    table_scheme = options.scheme if isinstance(options, TableOptions) else None
    table_treasure = options.treasure_tile if isinstance(options, TableOptions) else None
    scheme = effective(table_scheme, said_scheme, said_tile)
    spec = parse_hand(
        with_heart(text, scheme), situation=table, table_kinds=rules.wilds.table_kinds, words=HK_TAIWAN_WORDS
    )
    treasure = treasure_row(spec.all_tiles(), said_treasure if said_treasure is not None else table_treasure)
    spec = apply(spec, scheme)
    said = spec.situation
    overruled: tuple[str, ...] = ()
    if table_seat:
        overruled = tuple(name for name in SEAT_FIELDS if getattr(said, name) != getattr(table, name))
        if overruled:
            fixed = dataclasses.replace(said, **{name: getattr(table, name) for name in SEAT_FIELDS})
            spec = dataclasses.replace(spec, situation=fixed)
    score = score_hand(spec, rules, budget=budget)
    if not score.exact:
        raise over_budget_error(budget)
    score = with_treasure(score, treasure)
    return ScoredHand(
        score=score,
        said=Seat(said.dealer, said.streak, said.seat_wind, said.round_wind, said.seen_tiles),
        overruled=overruled,
        self_drawn=spec.self_drawn,
        robbed_kong=spec.situation.robbing_kong,
        kongs=tuple(m.kong.name.lower() for m in spec.melds if m.kong is not None),
    )


def booked_fan(score: Score) -> int:
    """``score.fan`` without the dealer's 2n+1 (the ledger adds it to each leg involving the dealer)."""
    return score.fan - score.pattern_fan(DEALER_PATTERN)


def check_count(count: int, options: Any = None) -> int:
    """A bare count (``12番``) is the hand's fan without 底 and dealer fan (DESIGN §5); any count ≥ 0.

    Raises:
        HandError: ``bad_count`` for a negative count.
    """
    if count < 0:
        raise HandError("bad_count", f"a count is a whole number ≥ 0, got {count}")
    return count
