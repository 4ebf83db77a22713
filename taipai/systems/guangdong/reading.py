"""雞平和 hand messages: parse (DESIGN §4, 13 tiles, no flowers, no wildcards) and score in 番 (seed 001
「番的牌型规则设定」; :func:`taipai.systems.guangdong.scoring.evaluate`).

:func:`score_message` is :meth:`taipai.core.system.RuleSystem.score` for ``guangdong``.  Shapes: four melds
and the eyes, or 十三幺 (the seed's table has no 七對).  The table's seat and round wind (門風, 圈風)
overrule the message's.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from taipai.core.budget import Budget
from taipai.core.errors import HandError
from taipai.core.hand import Reading, readings, waits
from taipai.core.handspec import HandSpec
from taipai.core.notation import parse_hand
from taipai.core.scoretypes import PatternScore, Score
from taipai.core.system import ScoredHand, Seat
from taipai.core.tiles import ORPHANS, flower_name_zh, name_zh
from taipai.systems.guangdong.options import GuangdongOptions
from taipai.systems.guangdong.rules import GuangdongRules
from taipai.systems.guangdong.scoring import HandView, evaluate
from taipai.systems.guangdong.words import GAME_ZH, GUANGDONG_WORDS, GuangdongSituation, refuse_foreign_words

HAND_SIZE = 13
"""Tiles held before the win (seed 001: 「其余的人十三张」; 14 at the win)."""

SEAT_FIELDS = ("dealer", "streak", "round_wind", "seat_wind")
"""The fields a table knows better than a hand message (overruled at a table)."""


def settings(options: Any) -> GuangdongOptions:
    """``options`` when it is a 雞平和 table's settings, else the defaults."""
    return options if isinstance(options, GuangdongOptions) else GuangdongOptions()


def check_count(count: int, options: Any = None) -> int:
    """A bare count (``3番``) typed by a player: the 番 to book, as typed (a 爆和以外 hand is worth more
    than 爆和, so a count above it is not capped).

    Raises:
        HandError: ``bad_count`` for a negative count.
    """
    del options
    if count < 0:
        raise HandError("bad_count", f"a count is a whole number ≥ 0, got {count}")
    return count


def booked_fan(score: Score) -> int:
    """The 番 a win books: ``score.fan`` (the ledger makes 2^番 × 底 of it)."""
    return score.fan


def is_thirteen_orphans(spec: HandSpec) -> bool:
    """十三幺: nothing laid down, the 13 terminals and honours each held, one of them twice."""
    if spec.melds or spec.winning_tile is None:
        return False
    tiles = spec.all_tiles()
    return len(tiles) == HAND_SIZE + 1 and set(tiles) == set(ORPHANS)


def orphan_waits(concealed: tuple[int, ...] | list[int], melds: tuple[Any, ...]) -> set[int]:
    """The tiles that complete 十三幺 from 13 ``concealed`` tiles (none with a meld laid down)."""
    if melds:
        return set()
    held = set(concealed)
    if not held <= set(ORPHANS) or len(concealed) != HAND_SIZE:
        return set()
    if len(held) == len(ORPHANS):
        return set(ORPHANS)
    if len(held) == len(ORPHANS) - 1:
        return set(ORPHANS) - held
    return set()


def _bad_context(word: str, message: str, hint: str, field: str) -> HandError:
    """``field`` names the refusal for the chat (``kong_draw``, …: the bot's reply in words)."""
    args = {"token": word, "system": "guangdong", "field": field}
    return HandError("bad_context", message, token=word, hint=hint, hint_args=args)


def check_context(spec: HandSpec, game: str = GAME_ZH) -> list[str]:
    """Refuse what the hand contradicts; return the Situation fields said that score nothing here.

    Raises:
        HandError: ``bad_context``: flowers (雞平和 is played with 136 tiles: 「没有 梅、兰、竹、菊、春、
            夏、秋、冬」), 搶槓 with 摸, 槓上 without a kong laid down.
    """
    s = spec.situation
    if spec.flowers:
        flowers = "".join(flower_name_zh(f) for f in spec.flowers)
        raise _bad_context(
            flowers,
            f"{game} is played without flowers, but the hand lists some",
            "leave the flowers out (136 tiles: no 春夏秋冬梅蘭菊竹)",
            "game_flowers",
        )
    if s.robbing_kong and spec.self_drawn:
        why = "搶槓 is a win on another player's kong tile"
        raise _bad_context("搶槓", why, "搶槓 is written with 食 X", "robbing_kong_drawn")
    ignored: list[str] = []
    if s.kong_replacements:
        if not spec.self_drawn:
            ignored.append("kong_replacements")
        elif not any(m.kong is not None for m in spec.melds):
            raise _bad_context(
                "槓上", "槓上開花 needs a kong laid down", "write the kong: 槓 東東東東, 暗槓 …", "kong_draw"
            )
    if s.last_tile_draw and not spec.self_drawn:
        ignored.append("last_tile_draw")
    if s.multiple_winners not in (1, 3):
        ignored.append("multiple_winners")
    return ignored


def read_spec(
    text: str,
    seat: Seat,
    *,
    table_seat: bool,
    game: str = GAME_ZH,
    table_kinds: tuple[str, ...] = (),
) -> tuple[HandSpec, Any, tuple[str, ...]]:
    """Parse a 雞平和 hand message ``text`` at ``seat``.

    Returns ``(spec, said, overruled)``: the hand, the situation its own words said, and the names of
    :data:`SEAT_FIELDS` the table's seat overruled (``table_seat``; else the message's words stand, as
    ``taipai score`` reads them).  ``game`` names the table's game in a refusal and ``table_kinds`` are
    the wildcard kinds the notation takes (河源百搭's 保: ``("皇",)``; none at 雞平和).

    Raises:
        HandError: the notation's codes (``wild_unsupported`` for a wildcard); ``not_in_this_game``.
    """
    table = GuangdongSituation(
        dealer=seat.dealer, streak=seat.streak, round_wind=seat.round_wind, seat_wind=seat.seat_wind
    )
    try:
        spec = parse_hand(
            text, situation=table, hand_size=HAND_SIZE, table_kinds=table_kinds, words=GUANGDONG_WORDS
        )
    except HandError:
        refuse_foreign_words(text, game)
        raise
    said = spec.situation
    overruled: tuple[str, ...] = ()
    if table_seat:
        overruled = tuple(n for n in SEAT_FIELDS if getattr(said, n) != getattr(table, n))
        if overruled:
            spec = dataclasses.replace(
                spec, situation=dataclasses.replace(said, **{n: getattr(table, n) for n in overruled})
            )
    return spec, said, overruled


def best_of(
    spec: HandSpec, rules: GuangdongRules, opts: GuangdongOptions
) -> tuple[int, list[PatternScore], Reading | None]:
    """The best reading of a natural hand: ``(番, rows, reading)`` (reading ``None`` for 十三幺), or
    raise.

    Raises:
        HandError: ``not_a_win``.
    """
    views: list[tuple[HandView, Reading | None]] = [
        (HandView.of(spec, r), r) for r in readings(spec, hand_size=HAND_SIZE)
    ]
    if is_thirteen_orphans(spec):
        views.append((HandView.of(spec, None), None))
    if not views:
        raise HandError(
            "not_a_win",
            "the tiles are not a winning 13-tile hand",
            hint="a 13-tile win is 4 melds and a pair (14 tiles, a kong counts 3), or 十三幺",
        )
    best: tuple[int, int, list[PatternScore], Reading | None] | None = None
    for view, reading in views:
        value, raw, rows = evaluate(view, rules, opts.cap, opts.floor)
        if best is None or (value, raw) > (best[0], best[1]):
            best = (value, raw, rows, reading)
    assert best is not None
    return best[0], best[2], best[3]


def score_message(
    text: str,
    seat: Seat,
    rules: GuangdongRules,
    options: Any = None,
    *,
    budget: Budget | None = None,
    table_seat: bool = True,
) -> ScoredHand:
    """Parse a 13-tile hand message and score it in 番 (seed 001 「番的牌型规则设定」).

    Args:
        text: the hand as typed (DESIGN §4; :data:`~taipai.systems.guangdong.words.GUANGDONG_WORDS`).
        seat: the winner's seat and round wind (and 莊, which scores nothing in 雞平和).
        rules: :func:`taipai.systems.guangdong.rules.load`'s table.
        options: the table's :class:`GuangdongOptions` (爆和, floor); defaults when None.
        budget: unused (no wildcards).
        table_seat: True: ``seat`` overrules the message's winds (``overruled`` says which).

    Returns:
        :class:`ScoredHand` whose ``score.fan`` is the hand's 番 after 爆和 and the floors (``total`` the
        same, ``base_fan`` 0).

    Raises:
        HandError: the notation's codes; ``not_in_this_game``; ``bad_context``; ``not_a_win``.
    """
    del budget
    opts = settings(options)
    spec, said, overruled = read_spec(text, seat, table_seat=table_seat)
    ignored = check_context(spec)
    value, rows, reading = best_of(spec, rules, opts)
    wait = set(waits(spec, hand_size=HAND_SIZE)) | orphan_waits(spec.concealed, spec.melds)
    shown = reading.describe_zh() if reading is not None else ("十三幺", *(name_zh(t) for t in ORPHANS))
    score = Score(
        fan=value,
        bases=1,
        base_fan=0,
        total=value,
        patterns=tuple(rows),
        reading=shown,
        waits=tuple(sorted(wait)),
        ignored=tuple(ignored),
    )
    s = spec.situation
    return ScoredHand(
        score=score,
        said=Seat(said.dealer, said.streak, said.seat_wind, said.round_wind),
        overruled=overruled,
        self_drawn=spec.self_drawn,
        robbed_kong=s.robbing_kong,
        kongs=tuple(m.kong.name.lower() for m in spec.melds if m.kong is not None),
    )
