"""國標 (MCR) hand messages: parse (DESIGN §4, 13 tiles, no wildcards) and score in 番 (seed 002
「番型介紹」; :func:`taipai.systems.mcr.scoring.score`).

:func:`score_message` is :meth:`taipai.core.system.RuleSystem.score` for ``mcr``.  The table's seat
and round wind (門風刻, 圈風刻) overrule the message's; 莊 / 連N are read and score nothing (MCR has no
dealer row).
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from taipai.core.budget import Budget
from taipai.core.errors import HandError
from taipai.core.fastnew import builder
from taipai.core.handspec import HandSpec, KongKind, MeldKind
from taipai.core.notation import parse_hand
from taipai.core.scoretypes import PatternScore, Score
from taipai.core.system import ScoredHand, Seat
from taipai.core.tiles import NUM_KINDS, flower_name_zh, group_name_zh, name_zh
from taipai.systems.mcr.hand import GROUP_TILES, Group, Set, Win
from taipai.systems.mcr.options import McrOptions
from taipai.systems.mcr.scoring import MIXED_KONGS, Row, rows, score
from taipai.systems.mcr.words import MCR_WORDS, McrSituation, refuse_foreign_words

HAND_SIZE = 13
"""Tiles held before the win (seed 002 row 34: 「任何 14 張牌組成的和牌」 at the win)."""

SEAT_FIELDS = ("dealer", "streak", "round_wind", "seat_wind")
"""The fields a table knows better than a hand message (overruled at a table)."""

_SHAPE_NAMES = {
    "thirteen_orphans": "十三幺",
    "greater_honours_and_knitted": "七星不靠",
    "lesser_honours_and_knitted": "全不靠",
    "seven_shifted_pairs": "連七對",
    "seven_pairs": "七對",
}


_DEFAULTS = McrOptions()
"""The preset's settings (immutable), for a caller that gives none."""


def _settings(options: Any) -> McrOptions:
    return options if isinstance(options, McrOptions) else _DEFAULTS


def check_count(count: int, options: Any = None) -> int:
    """A bare count (``12番``) typed by a player: the 番 to book (flowers included, as typed).

    Raises:
        HandError: ``bad_count`` (negative); ``below_minimum`` (``hint_args`` ``count``, ``minimum``)
            under the table's 起和.
    """
    opts = _settings(options)
    if count < 0:
        raise HandError("bad_count", f"a count is a whole number ≥ 0, got {count}")
    if count < opts.minimum:
        raise HandError(
            "below_minimum",
            f"{count}番 is below this table's minimum of {opts.minimum}番 (起和)",
            token=f"{count}番",
            hint=f"a win needs at least {opts.minimum}番 at this table",
            hint_args={"count": count, "minimum": opts.minimum, "patterns": ()},
        )
    return count


def booked_fan(score: Score) -> int:
    """The 番 a win books: ``score.fan`` (the ledger adds the 8 基本分 per leg itself)."""
    return score.fan


_SET_OF = {MeldKind.CHOW: Set.CHOW, MeldKind.PUNG: Set.PUNG, MeldKind.KONG: Set.KONG}


@cache
def _meld_group(kind: MeldKind, tile: int, concealed: bool) -> Group:
    """The scorer's group of a laid-down meld (one shared per kind, tile and 暗槓: immutable)."""
    return Group(_SET_OF[kind], tile, concealed=concealed, melded=True)


def win_of(spec: HandSpec) -> Win:
    """The scorer's :class:`~taipai.systems.mcr.hand.Win` of a parsed hand."""
    s = spec.situation
    assert spec.winning_tile is not None
    melds = tuple([_meld_group(m.kind, m.tile, m.kong is KongKind.CONCEALED) for m in spec.melds])
    return _new_win(
        tuple(sorted((*spec.concealed, spec.winning_tile))),
        melds,
        spec.winning_tile,
        spec.self_drawn,
        len(spec.flowers),
        s.last_copy or getattr(s, "last_copy_win", False),
        (spec.self_drawn and s.kong_replacements > 0)
        or (not spec.self_drawn and (s.robbing_kong or getattr(s, "robbing_win", False))),
        s.last_tile_draw or s.last_discard or getattr(s, "wall_last", False),
        s.seat_wind,
        s.round_wind,
    )


_new_win = builder(Win)
"""``Win(standing, melds, winning_tile, self_drawn, flowers, last_copy, kong_draw, last_tile,
seat_wind, round_wind)``, built without the frozen dataclass's slow ``__init__``."""


def _bad_context(word: str, message: str, hint: str, field: str) -> HandError:
    args = {"token": word, "system": "mcr", "field": field}
    return HandError("bad_context", message, token=word, hint=hint, hint_args=args)


def _check_context(spec: HandSpec, opts: McrOptions) -> None:
    """Refuse facts the hand contradicts (槓上開花 without a kong or on a discard, 搶槓和 with 摸,
    flowers at a table without them)."""
    s = spec.situation
    if spec.flowers and not opts.flowers:
        raise _bad_context(
            "".join(flower_name_zh(f) for f in spec.flowers),
            "this table plays without flowers, but the hand lists some",
            "leave the flowers out, or turn flowers on (規則 花 開)",
            "flowers",
        )
    has_kong = False
    for m in spec.melds:
        if m.kind is MeldKind.KONG:
            has_kong = True
    if s.kong_replacements and (not spec.self_drawn or not has_kong):
        raise _bad_context(
            "槓上開花", "槓上開花 is a self-drawn kong replacement: the hand needs a kong and 摸",
            "write the kong (明槓 / 暗槓 / 加槓 …) and 摸 X",
            "kong_draw",
        )
    if (s.robbing_kong or getattr(s, "robbing_win", False)) and spec.self_drawn:
        raise _bad_context(
            "搶槓和",
            "搶槓和 is a win on another player's kong tile",
            "搶槓和 is written with 食 X",
            "robbing_kong_drawn",
        )


def _reading_zh(
    groups: tuple[Group, ...], fans: tuple[tuple[str, int], ...], spec: HandSpec
) -> tuple[str, ...]:
    if not groups:
        scored = {rid for rid, _ in fans}
        shape = ""
        for rid, name in _SHAPE_NAMES.items():
            if rid in scored:
                shape = name
                break
        return (shape, *map(_TILE_NAMES.__getitem__, sorted(spec.all_tiles())))
    names = _NAMES
    return tuple([names[g.kind][g.tile] or _named(g.kind, g.tile) for g in groups])


_TILE_NAMES = tuple(name_zh(t) for t in range(NUM_KINDS))
""":func:`~taipai.core.tiles.name_zh` of each of the 34 kinds."""

_NAMES: dict[Set, list[str]] = {kind: [""] * len(GROUP_TILES[kind]) for kind in Set}
"""Each group's Chinese name by kind and tile (``""`` until a reply first asks for it)."""


def _named(kind: Set, tile: int) -> str:
    """:func:`_group_name`, kept in :data:`_NAMES`."""
    name = _NAMES[kind][tile] = _group_name(kind, tile)
    return name


_PATTERNS: dict[tuple[str, int], PatternScore] = {}
""":func:`_pattern` by (row id, count), as the scorer's rows come (a few hundred in all)."""


_ROWS: dict[tuple[tuple[str, int], ...], tuple[PatternScore, ...]] = {}
"""A result's rows as the Score's ``patterns``, by the scorer's (row id, count) tuple: the same few
thousand answers come back hand after hand (bounded, the tuples are immutable)."""


def _pattern(rid: str, count: int) -> PatternScore:
    """Row ``rid`` scored ``count`` times, named and valued from the preset (明暗槓 when it is on)."""
    table_rows = rows()
    if rid in table_rows:
        found = PatternScore(rid, table_rows[rid].name, table_rows[rid].fan * count, count)
    else:
        found = PatternScore(rid, "明暗槓", MIXED_KONGS * count, count)
    if len(_PATTERNS) < 4096:
        _PATTERNS[rid, count] = found
    return found


@cache
def _group_name(kind: Set, tile: int) -> str:
    """A group's Chinese name (一二三萬, 東東東): the same few groups come back hand after hand."""
    return group_name_zh(list(GROUP_TILES[kind][tile]))


@cache
def _situation(dealer: bool, streak: int, round_wind: int, seat_wind: int) -> McrSituation:
    """The table's facts as the parse's starting situation (one per seat: a table has few)."""
    return McrSituation(dealer=dealer, streak=streak, round_wind=round_wind, seat_wind=seat_wind)


def read_spec(text: str, seat: Seat, *, table_seat: bool) -> tuple[HandSpec, Any, tuple[str, ...]]:
    """Parse an MCR hand message ``text`` (13-tile notation, :data:`MCR_WORDS`) at ``seat``.

    Returns ``(spec, said, overruled)``: the hand, the situation its own words said, and the names of
    :data:`SEAT_FIELDS` the table's seat overruled (``table_seat``: the seat comes from the table, which
    wins over a word in the hand; else the hand's words stand, as ``taipai score`` reads them).  QQ reads
    its hands through this too (:mod:`taipai.systems.qq.reading`).

    Raises:
        HandError: the notation's codes; ``not_in_this_game`` for another game's word.
    """
    table = _situation(seat.dealer, seat.streak, seat.round_wind, seat.seat_wind)
    try:
        spec = parse_hand(text, situation=table, hand_size=HAND_SIZE, table_kinds=(), words=MCR_WORDS)
    except HandError:
        refuse_foreign_words(text)
        raise
    said = spec.situation
    overruled: tuple[str, ...] = ()
    if table_seat and said is not table:
        overruled = tuple(n for n in SEAT_FIELDS if getattr(said, n) != getattr(table, n))
        if overruled:
            spec = dataclasses.replace(
                spec, situation=dataclasses.replace(said, **{n: getattr(table, n) for n in overruled})
            )
    return spec, said, overruled


def score_spec(spec: HandSpec, options: Any = None) -> Score:
    """Score a parsed 13-tile hand in 番 (seed 002 「番型介紹」): the scorer's whole answer, as
    :func:`score_message` gives it after the parse.

    Args:
        spec: the hand (:func:`read_spec`; the situation holds the table's winds).
        options: the table's :class:`McrOptions` (起和, flowers, 明暗槓); defaults when None.

    Returns:
        :class:`Score` whose ``fan`` and ``total`` are the hand's 番 with flowers; ``patterns`` each
        scoring row; ``reading`` the best reading's groups (or the shape and its tiles); ``waits``
        the tiles the hand waited on before the win.

    Raises:
        HandError: ``bad_context``; ``not_a_win``; ``below_minimum`` (``hint_args`` ``count``,
            ``minimum``, ``patterns``).
    """
    opts = _settings(options)
    _check_context(spec, opts)
    result = score(win_of(spec), mixed_kongs=opts.mixed_kongs, minimum=opts.minimum, with_waits=True)
    assert result.waits is not None
    fans = result.fans
    patterns = _ROWS.get(fans)
    if patterns is None:
        patterns = tuple([(_PATTERNS.get(rid_n) or _pattern(*rid_n)) for rid_n in fans])
        if len(_ROWS) < 8192:
            _ROWS[fans] = patterns
    total = result.total
    # Score(fan, bases, base_fan, total, patterns, reading, waits, wilds, second_reading, exact, ignored)
    return _new_score(
        total, 1, 0, total, patterns, _reading_zh(result.groups, fans, spec), result.waits, (), (), True, ()
    )


_new_score = builder(Score)
"""``Score`` with every field given positionally, without the frozen dataclass's slow ``__init__``."""


def score_message(
    text: str,
    seat: Seat,
    rules: dict[str, Row] | None = None,
    options: Any = None,
    *,
    budget: Budget | None = None,
    table_seat: bool = True,
) -> ScoredHand:
    """Parse a 13-tile hand message and score it in 番 (seed 002 「番型介紹」).

    Args:
        text: the hand as typed (DESIGN §4; :data:`~taipai.systems.mcr.words.MCR_WORDS`).
        seat: the winner's seat and round wind (and 莊, which scores nothing here).
        rules: :func:`taipai.systems.mcr.scoring.rows` (the preset; the only rule set).
        options: the table's :class:`McrOptions` (起和, flowers, 明暗槓); defaults when None.
        budget: unused (no wildcards).
        table_seat: True: ``seat`` overrules the message's winds (``overruled`` says which).

    Returns:
        :class:`ScoredHand` whose ``score.fan`` is the hand's 番 with flowers (``total`` the same).

    Raises:
        HandError: the notation's codes; ``not_in_this_game`` for another game's word; ``bad_context``;
            ``not_a_win``; ``below_minimum`` (``hint_args`` ``count``, ``minimum``, ``patterns``).
    """
    del budget, rules
    spec, said, overruled = read_spec(text, seat, table_seat=table_seat)
    sc = score_spec(spec, options)
    s = spec.situation
    return ScoredHand(
        score=sc,
        said=Seat(said.dealer, said.streak, said.seat_wind, said.round_wind),
        overruled=overruled,
        self_drawn=spec.self_drawn,
        robbed_kong=s.robbing_kong or s.robbing_win,
        kongs=tuple(m.kong.name.lower() for m in spec.melds if m.kong is not None),
    )
