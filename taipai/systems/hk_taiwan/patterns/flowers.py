"""Detectors for seed 004, 常用翻數表, 花牌類.

One detector per pattern id; values and exclusions are in the system's preset.toml.
"""

from __future__ import annotations

from functools import lru_cache

from taipai.core.handspec import HandSpec
from taipai.core.ruletypes import PatternRule
from taipai.core.tiles import EAST, flower_number
from taipai.systems.hk_taiwan.patterns.base import (
    DETECTORS,
    F_FLOWERS,
    F_FLOWERS4,
    F_NO_FLOWERS,
    F_NO_HONOURS,
    NEEDS,
    ONCE,
    HandView,
    Hits,
    by_counts,
    by_situation,
    detector,
)
from taipai.systems.hk_taiwan.rules import RuleSet

_SETS = ((1, 2, 3, 4), (5, 6, 7, 8))
"""春夏秋冬 (seasons) and 梅蘭菊竹 (plants): the two sets of 一台花."""


@lru_cache(maxsize=1024)
def flower_facts(flowers: tuple[int, ...], seat: int, sets_count: bool) -> tuple[int, int, int]:
    """``(complete sets, 正花 count, 爛花 count)`` for ``flowers`` held by the player at ``seat``.

    Args:
        flowers: flowers 1..8 (春夏秋冬 1-4, 梅蘭菊竹 5-8).
        seat: seat number 1..4 (東 1 … 北 4), matched against the printed number (DESIGN §6).
        sets_count: 一台花 is enabled, so a complete set's four flowers leave 正花/爛花
            (seed 004, 一台花: 「不再計爛花，正花」, of those four flowers only).

    Cached: a pure function of three small values, shared by the 正花, 爛花 and 一台花 detectors.
    """
    held = set(flowers)
    sets = [s for s in _SETS if held.issuperset(s)]
    in_sets = {f for s in sets for f in s} if sets_count else set()
    seat_n = wrong_n = 0
    for f in held:
        if f in in_sets:
            continue
        if flower_number(f) == seat:
            seat_n += 1
        else:
            wrong_n += 1
    return len(sets), seat_n, wrong_n


def flower_counts(spec: HandSpec, rules: RuleSet) -> tuple[int, int, int]:
    """:func:`flower_facts` of the flowers of ``spec`` held at its seat (``Situation.seat_wind``)
    under ``rules`` (whether 一台花 is enabled): ``(complete sets, 正花, 爛花)``.  Read by the
    detectors below and by their bounds (``by_situation(times=...)``)."""
    return flower_facts(spec.flowers, spec.situation.seat_wind - EAST + 1, rules.enabled("flower_set"))


def _facts(v: HandView) -> tuple[int, int, int]:
    return flower_counts(v.spec, v.rules)


@detector("no_flowers", bound=by_situation(), needs=F_NO_FLOWERS)
def no_flowers(v: HandView) -> Hits:
    """無花 1: 「牌型沒有任何花牌」 (seed 004, 花牌類, 無花).

    Only when the table plays with flowers (``options.flowers``); a table without flowers scores no
    flower pattern at all (DESIGN §6).  Any shape.
    """
    return ONCE if v.rules.options.flowers and not v.flowers else []


@detector(
    "wrong_flower",
    bound=by_situation(times=lambda spec, rules: flower_counts(spec, rules)[2]),
    needs=F_FLOWERS,
)
def wrong_flower(v: HandView) -> Hits:
    """爛花 1 each: 「摸到與方位不符的花牌」 (seed 004, 花牌類, 爛花).

    「東家開門為一花（春、梅），南家開門為二花（夏、蘭），西家…三花（秋、菊），北家…四花（冬、竹）」:
    a flower whose printed number differs from the seat number (門風 東 1 … 北 4) scores 1.
    Flowers of a complete 一台花 set are left out when 一台花 is enabled (DESIGN §6).
    """
    if not v.rules.options.flowers or not v.flowers:
        return []
    return ONCE * _facts(v)[2]


@detector(
    "seat_flower",
    bound=by_situation(times=lambda spec, rules: flower_counts(spec, rules)[1]),
    needs=F_FLOWERS,
)
def seat_flower(v: HandView) -> Hits:
    """正花 2 each: 「摸到與方位相符的花牌」 (seed 004, 花牌類, 正花).

    The printed number (春/梅 1 … 冬/竹 4) equals the seat number (門風 東 1 … 北 4).  Flowers of a
    complete 一台花 set are left out when 一台花 is enabled (DESIGN §6).
    """
    if not v.rules.options.flowers or not v.flowers:
        return []
    return ONCE * _facts(v)[1]


NO_HONOURS_ROW = "no_honours"
"""無字: a row whose ``excludes`` hold it is one of the 「無字限定，不另計無字」 rows."""

_HONOURLESS: dict[int, tuple[dict[str, PatternRule], tuple[str, ...]]] = {}
"""``id(rules.patterns)`` -> (that pattern table, its honourless rows); the table is held so that its id
cannot be reused by another table while the entry lives."""
_HONOURLESS_MAX = 64


def honourless_rows(rules: RuleSet) -> tuple[str, ...]:
    """The enabled rows of ``rules`` that already hold the no-honours half of 無字花, in table order.

    Seed 004 marks them 「無字限定，不另計無字」 (or 「不另計無字」): 清一色, 清幺九, 斷幺九, 全帶幺, 全帶X,
    缺一門, 無字花大平糊, and of the 非常用 rows 缺五, 大於五, 小於五, 張張可胡.  In the rule table they are
    the rows whose ``excludes`` hold 無字 (``no_honours``), other than 無字花 itself; a table that
    changes a row's ``excludes`` changes this list with it.  Cached per pattern table.

    Args:
        rules: a rule set (its ``patterns``).

    Returns:
        Pattern ids, e.g. ``("great_all_chows", "all_simples", …)`` for the hk-taiwan preset.
    """
    patterns = rules.patterns
    hit = _HONOURLESS.get(id(patterns))
    if hit is not None and hit[0] is patterns:
        return hit[1]
    rows = tuple(
        pid
        for pid, p in patterns.items()
        if p.enabled and pid != "no_honours_no_flowers" and NO_HONOURS_ROW in p.excludes
    )
    if len(_HONOURLESS) >= _HONOURLESS_MAX:
        _HONOURLESS.clear()
    _HONOURLESS[id(patterns)] = (patterns, rows)
    return rows


@detector("no_honours_no_flowers", bound=by_counts("tile_set"), needs=F_NO_FLOWERS | F_NO_HONOURS)
def no_honours_no_flowers(v: HandView) -> Hits:
    """無字花 5: 「牌型不含任何番子牌和花牌。不再計無字，無花」 (seed 004, 花牌類, 無字花).

    No honour tile and no flower, any shape.  Not scored when the table plays without flowers (then
    「無花」 says nothing; 無字 alone applies).

    Our ruling (option ``honourless_rows_include_no_honours``, default on; DESIGN §6): beside a row
    seed 004 marks 「無字限定，不另計無字」 (清一色 「牌型由同一花色(筒、索、萬)組成。… 無字限定，不另計
    無字」, 斷幺九, 全帶幺, 全帶X, 清幺九, 缺一門, 無字花大平糊 …; see :func:`honourless_rows`) the
    no-honours half of 無字花 is already counted, so 無字花 is not scored on a reading where such a row
    hits, and the hand keeps 無花 1 (無字花's 「不再計無花」 no longer applies).  With the option off
    only 無字 is left out and 無字花 5 counts beside those rows.
    """
    if not v.rules.options.flowers or v.flowers or v.honours:
        return []
    if v.rules.options.honourless_rows_include_no_honours:
        features = v.features
        for pid in honourless_rows(v.rules):
            # a row whose needed feature bits the view lacks cannot hit (the gates are necessary
            # conditions), so it is not run
            needs = NEEDS.get(pid, 0)
            if needs & features != needs:
                continue
            found = DETECTORS.get(pid)
            if found is not None and found(v):
                return []
    return ONCE


@detector(
    "flower_set",
    bound=by_situation(times=lambda spec, rules: flower_counts(spec, rules)[0]),
    needs=F_FLOWERS4,
)
def flower_set(v: HandView) -> Hits:
    """一台花 10 per set: 「集齊四季「春夏秋冬」或四君子「梅蘭菊竹」四種花牌。不再計爛花，正花」.

    Seed 004, 花牌類, 一台花.  Each complete set is one occurrence (both sets: 2 × 10); the four
    flowers of a set then score no 正花/爛花 (DESIGN §6: only those four).
    """
    if not v.rules.options.flowers or len(v.flowers) < 4:
        return []
    return ONCE * _facts(v)[0]


@detector(
    "eight_flowers",
    bound=by_situation(times=lambda spec, rules: 1 if len(spec.flowers) == 8 else 0),
    needs=F_FLOWERS4,
)
def eight_flowers(v: HandView) -> Hits:
    """大花糊 (八仙過海) 40: 「集齊八種花牌…如牌型為可食糊牌型，則將之疊加」 (seed 004, 花牌類).

    All eight flowers held with a winning hand: 40 on top of the hand's patterns.  The flowers then
    count once (the preset's ``excludes`` drop 一台花/正花/爛花).  A win on the eight flowers alone,
    without a winning hand, is not a reading and is outside the detectors.
    """
    if v.rules.options.flowers and len(set(v.flowers)) == 8:
        return ONCE
    return []
