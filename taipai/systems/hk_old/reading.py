"""廣東牌 hand messages: parse (DESIGN §4, 13 tiles) and score (seed 003 「香港牌台數說明」, 翻).

:func:`score_message` is :meth:`taipai.core.system.RuleSystem.score` for ``hk-old``.

**Combination** (seed 003: 「先講好最大多小台」, 「以下均為 "例牌"(計算至最大翻數)」,
「可以先講好最少幾台才准糊」): the rows that score, after each scoring row's exclusions, are summed;
the sum is capped at the table's maximum; a hand with a 例牌 is worth the maximum (its 例牌 rows are
listed, each at the maximum, and ordinary rows are not listed beside them: 例牌 do not stack).  A hand
worth less than the table's 起糊 is refused (``below_minimum``).  The best of the hand's readings is
taken: the highest value, then the highest sum before the cap, then the first found.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from taipai.core.budget import Budget
from taipai.core.errors import HandError
from taipai.core.hand import readings, waits
from taipai.core.handspec import HandSpec
from taipai.core.notation import parse_hand, tokenize
from taipai.core.notation_words import ContextEffect, TokenKind
from taipai.core.scoretypes import PatternScore, Score
from taipai.core.system import ScoredHand, Seat
from taipai.core.tiles import ORPHANS, flower_name_zh, name_zh
from taipai.systems.hk_old.options import HkOldOptions
from taipai.systems.hk_old.patterns import DETECTORS, HandView
from taipai.systems.hk_old.rules import SETTING_ROWS, HkOldRules
from taipai.systems.hk_old.words import HK_OLD_WORDS, HkOldSituation, refuse_foreign_words, refuse_seen_list

HAND_SIZE = 13
"""Tiles held before the win: 4 melds + eyes with the winning tile (seed 003: 「港:13隻」)."""

SEAT_FIELDS = ("dealer", "streak", "round_wind", "seat_wind")
"""The :class:`Situation` fields a table knows better than a hand message (overruled at a table)."""


def _settings(options: Any) -> HkOldOptions:
    return options if isinstance(options, HkOldOptions) else HkOldOptions()


def below_minimum(count: int, minimum: int, rows: tuple[PatternScore, ...] = ()) -> HandError:
    """The refusal of a win worth ``count`` 翻 at a table whose 起糊 is ``minimum``; ``rows``: the
    scored rows of a hand message (``()`` for a bare count), so the refusal can show them.

    Returns:
        ``HandError("below_minimum")`` with ``hint_args`` ``{"count", "minimum", "patterns"}``
        (``patterns``: ``((name, 翻, count), …)``), for the caller to raise.
    """
    return HandError(
        "below_minimum",
        f"{count}翻 is below this table's minimum of {minimum}翻 (起糊)",
        token=f"{count}翻",
        hint=f"a win needs at least {minimum}翻 at this table",
        hint_args={
            "count": count,
            "minimum": minimum,
            "patterns": tuple((p.name, p.fan, p.count) for p in rows),
        },
    )


def check_count(count: int, options: Any = None) -> int:
    """A bare count (``5翻``) typed by a player: the 翻 to book.

    A count above the table's maximum is booked as the maximum (seed 003: 「先講好最大多小台」): the value
    returned is ``min(count, maximum)``.

    Raises:
        HandError: ``bad_count`` for a negative count; ``below_minimum`` (``hint_args`` ``count``,
            ``minimum``) for a count under the table's 起糊.
    """
    opts = _settings(options)
    if count < 0:
        raise HandError("bad_count", f"a count is a whole number ≥ 0, got {count}")
    if count < opts.minimum:
        raise below_minimum(count, opts.minimum)
    return opts.limit_value(count)


def booked_fan(score: Score) -> int:
    """The 翻 a win books: ``score.fan`` (廣東牌 adds nothing per leg)."""
    return score.fan


def _bad_context(word: str, message: str, hint: str, field: str) -> HandError:
    """``field`` names the refusal for the chat (``kong_draw``, …: the bot's reply in words)."""
    args = {"token": word, "system": "hk-old", "field": field}
    return HandError("bad_context", message, token=word, hint=hint, hint_args=args)


def thirteen_orphans(spec: HandSpec) -> bool:
    """十三么: nothing laid down, the 13 terminals and honours each held, one of them twice."""
    if spec.melds or spec.winning_tile is None:
        return False
    tiles = spec.all_tiles()
    return len(tiles) == HAND_SIZE + 1 and set(tiles) == set(ORPHANS)


def _orphan_waits(spec: HandSpec) -> set[int]:
    if spec.melds:
        return set()
    held = set(spec.concealed)
    if not held <= set(ORPHANS):
        return set()
    if len(held) == len(ORPHANS):
        return set(ORPHANS)
    if len(held) == len(ORPHANS) - 1:
        return set(ORPHANS) - held
    return set()


def _word(text: str, field_name: str, default: str) -> str:
    """The context word of a message that parsed that set ``field_name``, as written (for a refusal),
    else ``default``."""
    for t in tokenize(text, words=HK_OLD_WORDS):
        effect = t.value if t.kind is TokenKind.CONTEXT else None
        if isinstance(effect, ContextEffect) and any(name == field_name for name, _ in effect.fields):
            return text[t.start : t.end]
    return default


def _check_context(spec: HandSpec, text: str, opts: HkOldOptions) -> list[str]:
    """Refuse facts the hand contradicts; return the Situation fields said that score nothing here."""
    s = spec.situation
    ignored: list[str] = []
    if spec.flowers and not opts.flowers:
        flowers = "".join(flower_name_zh(f) for f in spec.flowers)
        raise HandError(
            "bad_context",
            "this table plays without flowers, but the hand lists some",
            token=flowers,
            hint="leave the flowers out, or turn flowers on (規則 flowers on)",
            hint_args={"token": flowers, "system": "hk-old", "field": "flowers"},
        )
    if s.heavenly and not (s.dealer and spec.self_drawn):
        w = _word(text, "heavenly", "天胡")
        raise _bad_context(
            w, f"{w} is the dealer's win on the deal", "天胡 is for the dealer, self-drawn (摸)", "heavenly"
        )
    if s.earthly and (s.dealer or spec.self_drawn):
        w = _word(text, "earthly", "地胡")
        raise _bad_context(
            w,
            f"{w} is a non-dealer's win on the dealer's first discard",
            "地胡 is 食 the dealer's tile",
            "earthly",
        )
    if s.human and (s.dealer or not spec.self_drawn):
        w = _word(text, "human", "人胡")
        raise _bad_context(
            w,
            f"{w} is a non-dealer's win on their first drawn tile",
            "人胡 is 摸 by a non-dealer; a win on the dealer's first discard is 地胡",
            "human",
        )
    if s.robbing_kong and spec.self_drawn:
        w = _word(text, "robbing_kong", "搶槓")
        why = f"{w} is a win on another player's kong tile"
        raise _bad_context(w, why, "搶槓 is written with 食 X", "robbing_kong_drawn")
    kongs = sum(1 for m in spec.melds if m.kong is not None)
    if s.kong_replacements:
        if not spec.self_drawn:
            ignored.append("kong_replacements")
        elif kongs < s.kong_replacements:
            said_as = "槓爆" if getattr(s, "kong_last_tile", False) else "槓上"
            w = _word(text, "kong_replacements", said_as)
            raise _bad_context(
                w,
                f"{w} needs {s.kong_replacements} kong(s) laid down, the hand has {kongs}",
                "write the kongs: 槓 東東東東, 暗槓 …, 加槓 …",
                "kong_draw",
            )
    if s.flower_replacements:
        if not opts.flowers or not spec.flowers:
            w = _word(text, "flower_replacements", "花上")
            raise _bad_context(
                w, f"{w} needs a flower in the hand", "list the flowers, e.g. 花:春梅", "flower_draw"
            )
        if not spec.self_drawn:
            ignored.append("flower_replacements")
    if s.last_tile_draw and not spec.self_drawn:
        ignored.append("last_tile_draw")
    if getattr(s, "hand_win", False) and not spec.is_concealed:
        raise _bad_context(
            _word(text, "hand_win", "手胡"),
            "手胡 is won with nothing laid down",
            "手胡 needs a 門前清 hand",
            "hand_win",
        )
    return ignored


def _kept(hits: dict[str, int], rules: HkOldRules, maximum: int) -> list[str]:
    """The scoring rows that no kept scoring row excludes (exclusions are acyclic: the loader checks)."""
    memo: dict[str, bool] = {}

    def kept(rid: str) -> bool:
        if rid not in memo:
            memo[rid] = not any(
                rid in rules.rows[other].replaced(maximum) and kept(other) for other in hits if other != rid
            )
        return memo[rid]

    return [rid for rid in hits if kept(rid)]


def evaluate(view: HandView, rules: HkOldRules, opts: HkOldOptions) -> tuple[int, int, list[PatternScore]]:
    """Score one reading.

    Returns:
        ``(value, sum before the cap, rows)``: the hand's 翻 after the combination rule (module
        docstring), the plain sum, and the scored rows (highest 翻 first, ties in the table's order).
    """
    maximum = opts.maximum
    hits: dict[str, int] = {}
    for rid, row in rules.rows.items():
        if row.enabled:
            n = DETECTORS[rid](view)
            if n:
                hits[rid] = n
    kept = _kept(hits, rules, maximum)
    limits = [rid for rid in kept if rules.rows[rid].limit]
    order = {rid: i for i, rid in enumerate(rules.rows)}
    if limits:
        rows = [PatternScore(rid, rules.rows[rid].name, maximum, 1) for rid in limits]
        return maximum, maximum, rows
    rows = []
    for rid in kept:
        row = rules.rows[rid]
        each = getattr(opts, SETTING_ROWS[rid]) if rid in SETTING_ROWS else row.value(maximum)
        rows.append(PatternScore(rid, row.name, each * hits[rid], hits[rid]))
    rows.sort(key=lambda p: (-p.fan, order[p.id]))
    raw = sum(p.fan for p in rows)
    return min(raw, maximum), raw, rows


def score_message(
    text: str,
    seat: Seat,
    rules: HkOldRules,
    options: Any = None,
    *,
    budget: Budget | None = None,
    table_seat: bool = True,
) -> ScoredHand:
    """Parse a 13-tile hand message and score it in 翻 (seed 003 「香港牌台數說明」).

    Args:
        text: the hand as typed (DESIGN §4 with 13 tiles; 廣東牌's context words,
            :data:`taipai.systems.hk_old.words.HK_OLD_WORDS`).
        seat: what the table knows of the winner (dealer, seat and round wind).
        rules: :func:`taipai.systems.hk_old.rules.load`'s rule set.
        options: the table's :class:`HkOldOptions` (maximum, 起糊, flowers, 清一色); defaults when None.
        budget: unused (廣東牌 plays no wildcards, so a hand costs a few readings).
        table_seat: True: ``seat`` overrules the message's 莊 / X圈 / X位 (``overruled`` says which);
            False (``taipai score``): the message's words stand.

    Returns:
        :class:`ScoredHand` whose ``score.fan`` is the hand's 翻 after the combination rule (``bases`` 1,
        ``base_fan`` 0, ``total`` = ``fan``).

    Raises:
        HandError: bad notation (the notation's codes; ``wild_unsupported`` for any wildcard);
            ``not_in_this_game`` for a 港式台牌-only word (叮, 一發, 絕張, 十隻內 …) or a 現 list
            (``hint_args`` ``token``, ``game``); ``bad_context`` for a word
            the hand contradicts (天胡 by a non-dealer, 搶槓 with 摸, 槓上 without a kong, 手胡 with a meld
            laid down, flowers at a table without them); ``not_a_win``; ``below_minimum`` (``hint_args``
            ``count`` and ``minimum``) for a win under the table's 起糊.
    """
    del budget
    opts = _settings(options)
    table = HkOldSituation(
        dealer=seat.dealer,
        streak=seat.streak,
        round_wind=seat.round_wind,
        seat_wind=seat.seat_wind,
    )
    try:
        spec = parse_hand(text, situation=table, hand_size=HAND_SIZE, table_kinds=(), words=HK_OLD_WORDS)
    except HandError:
        refuse_foreign_words(text)
        raise
    if spec.situation.seen_tiles:
        refuse_seen_list(text)
    if getattr(spec.situation, "kong_last_tile", False):  # 槓爆 = 海底 and 槓上 together
        s = spec.situation
        s = dataclasses.replace(s, last_tile_draw=True, kong_replacements=max(1, s.kong_replacements))
        spec = dataclasses.replace(spec, situation=s)
    message_seat = spec.situation
    overruled: tuple[str, ...] = ()
    if table_seat:
        overruled = tuple(n for n in SEAT_FIELDS if getattr(message_seat, n) != getattr(table, n))
        if overruled:
            fixed = dataclasses.replace(message_seat, **{n: getattr(table, n) for n in overruled})
            spec = dataclasses.replace(spec, situation=fixed)
    ignored = _check_context(spec, text, opts)
    s = spec.situation
    found = readings(spec, hand_size=HAND_SIZE)
    views = [
        HandView.of(
            spec,
            r,
            seat_wind=s.seat_wind,
            round_wind=s.round_wind,
            dealer=s.dealer,
            hand_win=getattr(s, "hand_win", False),
            flowers_on=opts.flowers,
        )
        for r in found
    ]
    if thirteen_orphans(spec):
        views.append(
            HandView.of(
                spec,
                None,
                seat_wind=s.seat_wind,
                round_wind=s.round_wind,
                dealer=s.dealer,
                hand_win=getattr(s, "hand_win", False),
                flowers_on=opts.flowers,
            )
        )
    if not views:
        raise HandError(
            "not_a_win",
            "the tiles are not a winning 13-tile hand",
            hint="a 13-tile win is 4 melds and a pair (14 tiles, a kong counts 3), or 十三么",
        )
    best: tuple[int, int, list[PatternScore], HandView] | None = None
    for v in views:
        value, raw, rows = evaluate(v, rules, opts)
        if best is None or (value, raw) > (best[0], best[1]):
            best = (value, raw, rows, v)
    assert best is not None
    value, _raw, rows, view = best
    if value < opts.minimum:
        raise below_minimum(value, opts.minimum, tuple(rows))
    wait = set(waits(spec, hand_size=HAND_SIZE)) | _orphan_waits(spec)
    reading = (
        view.reading.describe_zh() if view.reading is not None else ("十三么", *(name_zh(t) for t in ORPHANS))
    )
    score = Score(
        fan=value,
        bases=1,
        base_fan=0,
        total=value,
        patterns=tuple(rows),
        reading=reading,
        waits=tuple(sorted(wait)),
        ignored=tuple(ignored),
    )
    return ScoredHand(
        score=score,
        said=Seat(message_seat.dealer, message_seat.streak, message_seat.seat_wind, message_seat.round_wind),
        overruled=overruled,
        self_drawn=spec.self_drawn,
        robbed_kong=s.robbing_kong,
        kongs=tuple(m.kong.name.lower() for m in spec.melds if m.kong is not None),
    )
