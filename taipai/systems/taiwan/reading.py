"""Taiwan 16-tile hand messages: parse (DESIGN §4 notation, this game's context words) and score
(seed 003 「台灣牌台數說明」).

:func:`score_message` is :meth:`taipai.core.system.RuleSystem.score` for ``taiwan``.  The hand's 台 is
the sum of the rows of its best reading after exclusions (:func:`~taipai.systems.taiwan.patterns.score_view`);
the :class:`~taipai.core.scoretypes.Score` has ``bases = 1``, ``base_fan = 0`` and ``total = fan`` (台 are
not 番: 底 is money here, added per leg by the ledger).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from taipai.core.budget import Budget
from taipai.core.errors import HandError
from taipai.core.hand import Reading, Shape, readings, tallies, wait_set
from taipai.core.handspec import HandSpec
from taipai.core.notation import parse_hand
from taipai.core.scoretypes import PatternScore, Score
from taipai.core.system import ScoredHand, Seat
from taipai.systems.taiwan.patterns import HandView, score_view
from taipai.systems.taiwan.rules import TaiwanRules
from taipai.systems.taiwan.words import TAIWAN_WORDS, TaiwanSituation, refuse_foreign_words

SEAT_FIELDS = ("dealer", "streak", "round_wind", "seat_wind")
"""The situation fields a table knows better than a hand message (overruled at a chat table)."""

DEALER_ROWS = ("dealer", "dealer_streak")
"""作莊 and 連N拉N: the ledger adds them per dealer leg (「胡放皆加計」); the count booked leaves them out."""


def parse_message(
    text: str, seat: Seat, *, table_seat: bool = True
) -> tuple[HandSpec, Seat, tuple[str, ...]]:
    """Read ``text`` with this game's words; return the hand, the seat facts as the message said them,
    and the seat fields a chat table overruled.

    Raises:
        HandError: any notation error of :func:`taipai.core.notation.parse_hand` (with no wildcard kind:
            a wildcard is ``wild_unsupported``), or ``not_in_this_game`` for a 港式台牌-only word.
    """
    table = TaiwanSituation(
        dealer=seat.dealer, streak=seat.streak, round_wind=seat.round_wind, seat_wind=seat.seat_wind
    )
    try:
        spec = parse_hand(text, situation=table, hand_size=16, table_kinds=(), words=TAIWAN_WORDS)
    except HandError:
        refuse_foreign_words(text)
        raise
    said = spec.situation
    overruled: tuple[str, ...] = ()
    if table_seat:
        overruled = tuple(name for name in SEAT_FIELDS if getattr(said, name) != getattr(table, name))
        if overruled:
            fixed = dataclasses.replace(said, **{name: getattr(table, name) for name in SEAT_FIELDS})
            spec = dataclasses.replace(spec, situation=fixed)
    return spec, Seat(said.dealer, said.streak, said.seat_wind, said.round_wind), overruled


def hand_readings(spec: HandSpec, rules: TaiwanRules) -> list[Reading]:
    """The readings this game wins on: five melds and eyes, and 嚦咕嚦咕 when the table turns it on."""
    shapes = {Shape.STANDARD}
    if rules.enabled("eight_pairs"):
        shapes.add(Shape.EIGHT_PAIRS)
    return [r for r in readings(spec, hand_size=16) if r.shape in shapes]


def hand_waits(spec: HandSpec, rules: TaiwanRules) -> tuple[int, ...]:
    """The wait set of the 16 tiles held before the win, with the shapes this table plays."""
    concealed, _hand, used, _all = tallies(spec)
    specials = frozenset({Shape.EIGHT_PAIRS}) if rules.enabled("eight_pairs") else frozenset()
    return wait_set(concealed, used, spec.melds, 16, specials)


def score_spec(spec: HandSpec, rules: TaiwanRules) -> Score:
    """The best reading of a parsed hand, ``fan`` in 台 (most 台; the first reading on a tie).

    Raises:
        HandError: ``not_a_win`` when the tiles are no five melds and eyes (nor a 嚦咕嚦咕 the table plays).
    """
    found = hand_readings(spec, rules)
    if not found:
        raise HandError(
            "not_a_win",
            "the tiles do not make a winning hand",
            hint="a Taiwan 16-tile win is five melds (chow, pung or kong) and a pair"
            + ("" if rules.enabled("eight_pairs") else "; 嚦咕嚦咕 is off at this table"),
        )
    waits = hand_waits(spec, rules)
    best: tuple[int, tuple[PatternScore, ...], Reading] | None = None
    for reading in found:
        rows = score_view(HandView(spec, reading, waits, rules))
        tai = sum(p.fan for p in rows)
        if best is None or tai > best[0]:
            best = (tai, rows, reading)
    assert best is not None
    tai, rows, reading = best
    return Score(
        fan=tai,
        bases=1,
        base_fan=0,
        total=tai,
        patterns=rows,
        reading=reading.describe_zh(),
        waits=waits,
        ignored=ignored_words(spec, rows),
    )


def ignored_words(spec: HandSpec, rows: tuple[PatternScore, ...]) -> tuple[str, ...]:
    """Context words said in ``spec`` that scored none of their rows (Situation field names, e.g.
    ``robbing_kong`` for 搶槓 on a self-draw, ``heavenly_ready`` for 天聽 said by the dealer)."""
    scored = {p.id for p in rows}
    base = TaiwanSituation()
    s = spec.situation
    return tuple(
        name
        for name, ids in TAIWAN_WORDS.scored_by().items()
        if getattr(s, name, None) != getattr(base, name) and not scored.intersection(ids)
    )


def score_message(
    text: str,
    seat: Seat,
    rules: TaiwanRules,
    options: Any = None,
    *,
    budget: Budget | None = None,
    table_seat: bool = True,
) -> ScoredHand:
    """Parse ``text`` for the winner at ``seat`` and score it under ``rules`` (台).

    ``options`` (the table's money settings) and ``budget`` (this game has no wildcard search) do not
    change a hand's 台.

    Raises:
        HandError: bad notation, ``not_in_this_game``, ``wild_unsupported`` (no wildcards in this
            game), ``not_a_win``.
    """
    spec, said, overruled = parse_message(text, seat, table_seat=table_seat)
    score = score_spec(spec, rules)
    return ScoredHand(
        score=score,
        said=said,
        overruled=overruled,
        self_drawn=spec.self_drawn,
        robbed_kong=spec.situation.robbing_kong,
        kongs=tuple(m.kong.name.lower() for m in spec.melds if m.kong is not None),
    )


def booked_fan(score: Score) -> int:
    """The 台 a win books (``WinLeg.fan``): ``score.fan`` without 作莊 and 連N拉N (the ledger adds them to
    each leg that involves the dealer)."""
    return score.fan - sum(score.pattern_fan(pid) for pid in DEALER_ROWS)


def check_count(count: int, options: Any = None) -> int:
    """A bare count (``3台``): the hand's 台 without 作莊 and 連N拉N; any whole number ≥ 0 (seed 003:
    「台:不限制最低台數」).

    Raises:
        HandError: ``bad_count`` for a negative count.
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise HandError("bad_count", f"a count is a whole number of 台 ≥ 0, got {count!r}")
    return count
