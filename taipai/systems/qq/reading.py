"""QQ 歡樂麻將 hand messages: Chinese Official's notation (:mod:`taipai.systems.mcr.reading`) plus the
hand's 財神, scored in 番 by :func:`taipai.systems.qq.scoring.score_qq`.

A hand names its 財神 with ``財神 六萬`` (the tile that *is* 財神 this hand, as players see it on the
table; seed 002 「翻出五萬，六萬就是財神」); without the word, the table's indicator option (規則 財神 …,
:attr:`~taipai.systems.qq.options.QQTableOptions.indicator`, the turned tile) gives it through
:func:`~taipai.systems.qq.caishen.caishen_of`.  A hand with neither is refused (``caishen_unknown``):
無財神 and every 財神 reading hang on it, and nothing is booked on a guess.  財神 tiles in the hand are
written as the tile itself (``六萬``); the search decides what each stands for.
"""

from __future__ import annotations

import re
from typing import Any, Final

from taipai.core.budget import Budget, budget_scope
from taipai.core.errors import HandError
from taipai.core.scoretypes import PatternScore, Score, WildReading
from taipai.core.system import ScoredHand, Seat
from taipai.core.tiles import TileIndex, name_zh
from taipai.core.wilds.schemes import take_hand_scheme, take_hand_treasure, treasure_row, with_treasure
from taipai.systems.mcr.reading import read_spec, win_of
from taipai.systems.mcr.scoring import MIXED_KONGS, rows
from taipai.systems.qq.caishen import NO_CAISHEN_FAN, caishen_of
from taipai.systems.qq.options import QQTableOptions
from taipai.systems.qq.scoring import NO_CAISHEN_ID, caishen_waits, reading_zh, score_qq
from taipai.systems.qq.tilewords import TILE_WORDS

_CAISHEN_WORD: Final = re.compile(
    r"財神\s*(?:[:：=係是])?\s*(" + "|".join(sorted(map(re.escape, TILE_WORDS), key=len, reverse=True)) + ")",
    re.IGNORECASE,
)


def _caishen_error() -> HandError:
    return HandError(
        "caishen_unknown",
        "this hand does not say which tile is 財神, and the table has no 財神 indicator",
        token="財神",
        hint="say the 財神 in the hand, e.g. 財神 六萬, or set it for the table (規則 財神 五萬)",
    )


def take_caishen(text: str) -> tuple[str, TileIndex | None]:
    """The hand message without its ``財神 X`` word (blanked, so positions still count from the message)
    and the 財神 kind it names, or ``None`` when it names none.

    Raises:
        HandError: ``bad_context`` when ``財神`` is said twice.
    """
    found = list(_CAISHEN_WORD.finditer(text))
    if not found:
        return text, None
    if len(found) > 1:
        second = found[1]
        raise HandError(
            "bad_context", "財神 is said twice in this hand", token=second.group(0), position=second.start(),
            hint="say 財神 once, e.g. 財神 六萬",
        )
    m = found[0]
    kind = TILE_WORDS[m.group(1).casefold()]
    return text[: m.start()] + " " * (m.end() - m.start()) + text[m.end():], kind


def _turned_caishen(text: str, caishen: TileIndex | None) -> TileIndex | None:
    """The hand's 財神 with seed 001's general word: ``百搭 五萬`` / ``百搭 帶弟 五萬`` names the turned
    tile (財神 六萬, :func:`~taipai.systems.qq.caishen.caishen_of`), as ``規則 百搭 帶弟 五萬`` does for the
    table; ``財神 六萬`` names the 財神 itself.

    Raises:
        HandError: ``bad_context``: another scheme than 帶弟 (歡樂麻將's 財神 is 帶弟百搭;
            ``hint_args["field"]`` ``wild_scheme_caishen``: its search reads every 財神 as one kind that
            may be any tile, which 窗 (five kinds), 活動 (a 白板 read as a natural turned tile), 心皇 (an
            imagined tile) and 特別 (jokers of their own ranges) are not), or both words
            (``wild_scheme_both``).
    """
    _rest, scheme, tile = take_hand_scheme(text)
    if scheme is not None and scheme.scheme != "next":
        raise HandError(
            "bad_context",
            f"{scheme.row.name}: 歡樂麻將's 財神 is 帶弟百搭 only",
            token="百搭",
            hint="百搭 五萬 (the turned tile) or 財神 六萬",
            hint_args={"field": "wild_scheme_caishen", "scheme": scheme.row.name},
        )
    turned = tile if tile is not None else (scheme.indicator if scheme is not None else None)
    if turned is None:
        return caishen
    if caishen is not None:
        raise HandError(
            "bad_context",
            "this hand says both 財神 and 百搭",
            token="百搭",
            hint="say one: 財神 六萬 or 百搭 五萬",
            hint_args={"field": "wild_scheme_both"},
        )
    return caishen_of(turned)


def check_count(count: int, options: Any = None) -> int:
    """A bare count (``12番``) typed by a player: the 番 to book (QQ has no 起和 minimum; preset.toml).

    Raises:
        HandError: ``bad_count`` (negative).
    """
    del options
    if count < 0:
        raise HandError("bad_count", f"a count is a whole number ≥ 0, got {count}")
    return count


def score_message(
    text: str,
    seat: Seat,
    rules: Any = None,
    options: Any = None,
    *,
    budget: Budget | None = None,
    table_seat: bool = True,
) -> ScoredHand:
    """Parse a QQ hand message (13 tiles, 財神 written as itself) and score it in 番.

    Args:
        text: the hand as typed, e.g. ``一二三四五六七八九萬 東東東 六筒 食 六筒 財神 六筒``.
        seat: the winner's seat and round wind (the table's overrule the message's when ``table_seat``).
        rules: unused (the 81 rows are Chinese Official's preset, 無財神 QQ's).
        options: the table's :class:`~taipai.systems.qq.options.QQTableOptions` (its ``indicator``).
        budget: the work the 財神 search may cost (a fresh :class:`~taipai.core.budget.Budget` when None).
        table_seat: True: ``seat`` overrules the message's winds and 莊 (``overruled`` says which).

    Returns:
        :class:`ScoredHand`: ``score.fan`` the 番 with flowers and 無財神 (seed 002 row 69, 2番) and the
        table's or the hand's 寶牌 (``寶牌 四萬``: +1番 a 五萬 held, seed 001 宝牌);
        ``score.reading`` the reading's groups, each 財神 as the tile it stood for; ``score.wilds`` what
        each 財神 stood for (``財神 六筒`` as ``九筒``); ``score.waits`` the tiles the hand waited on.

    Raises:
        HandError: the notation's codes; ``not_in_this_game``; ``caishen_unknown``; ``caishen_in_meld``
            (「不可吃碰杠」); ``not_a_win``; ``over_budget``.
    """
    del rules
    opts = options if isinstance(options, QQTableOptions) else QQTableOptions()
    text, said_treasure = take_hand_treasure(text)
    rest, caishen = take_caishen(text)
    caishen = _turned_caishen(rest, caishen)
    rest = take_hand_scheme(rest)[0]
    if caishen is None and opts.indicator is not None:
        caishen = caishen_of(opts.indicator)
    if caishen is None:
        raise _caishen_error()
    spec, said, overruled = read_spec(rest, seat, table_seat=table_seat)
    win = win_of(spec)
    with budget_scope(Budget() if budget is None else budget):
        result = score_qq(win, caishen)
    table_rows = rows()
    patterns = []
    for rid, n in result.fans:
        if rid == NO_CAISHEN_ID:
            patterns.append(PatternScore(rid, "無財神", NO_CAISHEN_FAN * n, n))
        elif rid in table_rows:
            patterns.append(PatternScore(rid, table_rows[rid].name, table_rows[rid].fan * n, n))
        else:
            patterns.append(PatternScore(rid, "明暗槓", MIXED_KONGS * n, n))
    # a 財神 drawn wins wherever any tile does, so the waits come from the 財神 search, with or without
    # 財神 in the hand (on a budget of their own)
    wait_tiles = caishen_waits(win, caishen)
    sc = Score(
        fan=result.total,
        bases=1,
        base_fan=0,
        total=result.total,
        patterns=tuple(patterns),
        reading=reading_zh(result),
        waits=wait_tiles,
        wilds=tuple(WildReading(f"財神 {name_zh(caishen)}", t) for t in result.used_as),
        ignored=(),
    )
    turned = said_treasure if said_treasure is not None else opts.treasure
    sc = with_treasure(sc, treasure_row(win.all_tiles(), turned))
    s = spec.situation
    return ScoredHand(
        score=sc,
        said=Seat(said.dealer, said.streak, said.seat_wind, said.round_wind),
        overruled=overruled,
        self_drawn=spec.self_drawn,
        robbed_kong=s.robbing_kong or s.robbing_win,
        kongs=tuple(m.kong.name.lower() for m in spec.melds if m.kong is not None),
    )


def booked_fan(score: Score) -> int:
    """The 番 a win books: ``score.fan`` (the ledger makes X of it by the room,
    :mod:`~taipai.systems.qq.money`)."""
    return score.fan
