"""A QQ 歡樂麻將 win scored at its best over its 財神 (seed 002 「名詞解釋」 ·財神, row 69 無財神).

The table is Chinese Official's: each reading of the 財神 is a :class:`~taipai.systems.mcr.hand.Win`
scored by :func:`taipai.systems.mcr.scoring.score`;
:func:`~taipai.systems.qq.wildsearch.best_caishen_reading` tries every reading that can win within the
hand's budget and adds 無財神.  The 財神 are interchangeable, so when the winning tile is itself
a 財神 it may stand for any kind the reading gives a 財神: each is tried as the winning tile
(its wait rows, 邊張 / 坎張 / 單釣將, follow the kind it stands for).

Choices where seed 002 is silent: QQ has no 起和 minimum by default (the seed names none for 歡樂麻將,
and its 8番場 adds 8 to any hand); the table's 和絕張 / 槓上開花 / 海底 words stand as said.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from taipai.core.budget import Budget, BudgetExhausted, budget_scope
from taipai.core.errors import HandError
from taipai.core.tiles import NUM_KINDS, TileIndex, group_name_zh, name_zh
from taipai.systems.mcr.hand import GROUP_TILES, Group, Win, counts_of, is_win
from taipai.systems.mcr.scoring import score
from taipai.systems.qq.caishen import NO_CAISHEN_FAN
from taipai.systems.qq.wildsearch import best_caishen_reading

NO_CAISHEN_ID = "no_caishen"
"""The row id of 無財神 (seed 002 row 69)."""


@dataclass(frozen=True, slots=True)
class QQResult:
    """A QQ win scored.

    Attributes:
        fans: (row id, count) of each row that scores, 無財神 (``no_caishen``) included when it does.
        total: 番 of the win (flowers and 無財神 included).
        used_as: what each 財神 stands for, sorted (``()`` without 財神).
        winning_tile: the kind the winning tile was scored as.
        groups: the best reading's groups, melds first, each 財神 as the tile it stands for (``()`` for
            a shape without sets: 七對, 十三幺, 全不靠, 七星不靠).
        tiles: every tile of that reading, sorted, each 財神 as the tile it stands for.
    """

    fans: tuple[tuple[str, int], ...]
    total: int
    used_as: tuple[TileIndex, ...]
    winning_tile: TileIndex
    groups: tuple[Group, ...] = ()
    tiles: tuple[TileIndex, ...] = ()


def score_qq(win: Win, caishen: TileIndex) -> QQResult:
    """The best score of ``win`` whose tiles of kind ``caishen`` are 財神 (in MCR 番, 無財神 added).

    Args:
        win: the hand as typed: its 財神 tiles appear as the ``caishen`` kind in ``standing`` (and as
            ``winning_tile`` when the win is on one).
        caishen: the 財神 kind (:func:`~taipai.systems.qq.caishen.caishen_of` of the indicator).

    Raises:
        HandError: ``caishen_in_meld`` (a 財神 in a 吃/碰/槓: 「不可吃碰杠」), ``not_a_win`` (no reading
            wins), ``over_budget`` (the readings cost more than the current budget).
    """
    if any(caishen in m.tiles for m in win.melds):
        raise HandError(
            "caishen_in_meld",
            f"{name_zh(caishen)} is 財神 this hand: it cannot be used in 吃, 碰 or 槓",
            hint="keep 財神 in the hand",
        )
    naturals = tuple(t for t in win.standing if t != caishen)
    wilds = len(win.standing) - len(naturals)
    held = counts_of([t for t in win.all_tiles() if t != caishen])
    melds = len(win.melds)
    wild_win = win.winning_tile == caishen and wilds > 0

    def shape(used_as: tuple[TileIndex, ...]) -> bool:
        return is_win(counts_of(naturals + used_as), melds)

    def best_of(
        used_as: tuple[TileIndex, ...],
    ) -> tuple[int, TileIndex, tuple[tuple[str, int], ...], tuple[Group, ...]]:
        tiles = tuple(sorted(naturals + used_as))
        best: tuple[int, TileIndex, tuple[tuple[str, int], ...], tuple[Group, ...]] | None = None
        for t in sorted(set(used_as)) if wild_win else [win.winning_tile]:
            try:
                result = score(replace(win, standing=tiles, winning_tile=t), minimum=0)
            except HandError:
                continue
            if best is None or result.total > best[0]:
                best = (result.total, t, result.fans, result.groups)
        if best is None:
            raise HandError("not_a_win", "these tiles are not a winning hand")
        return best

    reading = best_caishen_reading(
        counts_of(naturals), melds, held, caishen, wilds, shape, lambda used_as: best_of(used_as)[0]
    )
    if reading is None:
        raise HandError(
            "not_a_win",
            "these tiles are not a winning hand, whatever the 財神 stand for "
            "(4 sets and a pair, 七對, 十三幺, 全不靠 or 組合龍)",
        )
    total, winning, fans, groups = best_of(reading.used_as)
    if reading.no_caishen:
        fans = (*fans, (NO_CAISHEN_ID, 1))
        total += NO_CAISHEN_FAN
    assert total == reading.fan
    tiles = tuple(sorted([*naturals, *reading.used_as, *(t for m in win.melds for t in m.tiles)]))
    return QQResult(fans, total, reading.used_as, winning, groups, tiles)


SHAPE_NAMES = {
    "thirteen_orphans": "十三幺",
    "greater_honours_and_knitted": "七星不靠",
    "lesser_honours_and_knitted": "全不靠",
    "seven_shifted_pairs": "連七對",
    "seven_pairs": "七對",
}
"""The shapes without sets, by row id, as the reading names them (seed 002 rows 7, 19, 20, 21, 34)."""


def reading_zh(result: QQResult) -> tuple[str, ...]:
    """The groups of ``result``'s reading as players write them (``一二三萬``, ``九筒九筒`` …), each 財神 as
    the tile it stood for (the reply says which, from :attr:`QQResult.used_as`); a shape without sets
    is its name and its tiles (``七對 一萬 一萬 …``), as Chinese Official's reply shows it."""
    if not result.groups:
        scored = {rid for rid, _ in result.fans}
        shape = next((name for rid, name in SHAPE_NAMES.items() if rid in scored), "")
        return (shape, *(name_zh(t) for t in result.tiles))
    return tuple(group_name_zh(list(GROUP_TILES[g.kind][g.tile])) for g in result.groups)


def caishen_waits(win: Win, caishen: TileIndex, budget: Budget | None = None) -> tuple[TileIndex, ...]:
    """The tiles that complete ``win``'s hand before its winning tile, whatever its 財神 stand for
    (a 財神 drawn is one more 財神): the 聽 of a hand that holds 財神.

    Args:
        win: the hand as typed (its 財神 as the ``caishen`` kind), the winning tile among ``standing``.
        caishen: the 財神 kind.
        budget: the work the test may cost (a fresh :class:`~taipai.core.budget.Budget` when None).

    Returns:
        The kinds, lowest first; ``()`` when the budget ran out first (the waits are then not shown,
        never guessed).  A kind the hand already holds four of is not a wait.
    """
    before = list(win.standing)
    before.remove(win.winning_tile)
    melds = len(win.melds)
    all_before = counts_of(before + [t for m in win.melds for t in m.tiles])
    out: list[TileIndex] = []
    try:
        with budget_scope(Budget() if budget is None else budget):
            for t in range(NUM_KINDS):
                if all_before[t] >= 4:
                    continue
                tiles = [*before, t]
                naturals = tuple(x for x in tiles if x != caishen)
                wilds = len(tiles) - len(naturals)
                counts = counts_of([*naturals, *(x for m in win.melds for x in m.tiles if x != caishen)])

                def shape(used_as: tuple[TileIndex, ...], naturals: tuple[TileIndex, ...] = naturals) -> bool:
                    return is_win(counts_of(naturals + used_as), melds)

                found = best_caishen_reading(
                    counts_of(naturals), melds, counts, caishen, wilds, shape, lambda used_as: 0
                )
                if found is not None:
                    out.append(t)
    except (BudgetExhausted, HandError):
        return ()
    return tuple(out)
