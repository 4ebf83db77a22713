"""Detectors for seed 004, 常用翻數表, 幺牌數字類.

One detector per pattern id; values and exclusions are in the system's preset.toml.

Shapes: 斷幺九 is a tile-set pattern and applies to every reading (a 嚦咕嚦咕 of simples is
斷幺九).  The other rows speak of 「順子、刻子和眼」 / 「每一組牌，包括眼」 / 「刻子」, so they
apply to STANDARD readings only (our choice: a 嚦咕嚦咕's pairs are not 「眼」, and 十三幺 /
十六不搭 have no groups to speak of).

Two caches keep the detectors cheap: :func:`_tiles` holds tile-set facts on the hand's memo
(shared by every reading of one hand), :func:`_groups` holds per-group facts on the view's.
"""

from __future__ import annotations

from typing import NamedTuple

from taipai.core.handspec import MeldKind
from taipai.core.tiles import IS_HONOUR, IS_TERMINAL, ORPHANS, RANK_OF
from taipai.systems.hk_taiwan.patterns.base import (
    F_HONOURS,
    F_NARROW,
    F_NO_HONOURS,
    F_NO_MIDDLE,
    F_ORPHANS_ONLY,
    F_SIMPLES,
    F_STANDARD,
    ONCE,
    HandView,
    Hits,
    by_counts,
    detector,
)

_TERMINAL_MASK = (1 << 1) | (1 << 9)
"""Rank bits of 一 and 九."""

_CHOW_MASK = tuple(0 if i >= 27 or i % 9 > 6 else 0b111 << RANK_OF[i] for i in range(34))
"""Rank bits (bit r for rank r) of the chow starting at each tile."""
_SAME_MASK = tuple(0 if i >= 27 else 1 << RANK_OF[i] for i in range(34))
"""Rank bit of a pung / kong / pair of each tile (0 for honours)."""

_WITH_NUMBER_KEYS = ("first", "second", "third")

TERMINAL_GROUP_ROWS = ("mixed_outside_hand", "pure_outside_hand", "mixed_terminals", "pure_terminals")
"""The 幺九 rows on groups: standard readings only, and they exclude 對對糊 and each other, so the
越搭 bound takes them with the pung rows (:func:`taipai.systems.hk_taiwan.patterns.pungs.pung_rows_bound`)."""
"""混帶X value keys: first X 20, second +10, third +5 (seed 004, 混帶X: 20, (+10), (+5))."""


class _TileFacts(NamedTuple):
    orphans: int  # tiles that are terminals or honours
    terminals: int  # tiles that are 一 or 九 of a suit
    honours: int  # honour tiles
    total: int  # all tiles (kongs as four)


def _tiles(v: HandView) -> _TileFacts:
    """Tile-set facts of the hand, cached on the hand (:attr:`HandView.hand_memo`)."""
    hit = v.hand_memo.get("terminals.tiles")
    if hit is not None:
        return hit  # type: ignore[return-value]
    c = v.counts
    orphans = 0
    terminals = 0
    for t in ORPHANS:
        n = c[t]
        if n:
            orphans += n
            if IS_TERMINAL[t]:
                terminals += n
    facts = _TileFacts(orphans, terminals, v.honours, sum(c))
    v.hand_memo["terminals.tiles"] = facts
    return facts


class _GroupFacts(NamedTuple):
    honour_groups: int  # groups (melds and eyes) made of honours
    number_groups: int  # groups of suited tiles
    common: int  # rank bits shared by every suited group (0 when there is none)
    all_terminal: bool  # every suited group holds a 一 or 九


def _groups(v: HandView) -> _GroupFacts:
    """Per-group facts of a STANDARD reading (melds and eyes), cached on the view."""
    hit = v.memo.get("terminals.groups")
    if hit is not None:
        return hit  # type: ignore[return-value]
    honour_groups = 0
    number_groups = 0
    common = 0b1111111110
    all_terminal = True
    for g in v.groups:
        t = g.tile
        if IS_HONOUR[t]:
            honour_groups += 1
            continue
        number_groups += 1
        mask = _CHOW_MASK[t] if g.kind == MeldKind.CHOW else _SAME_MASK[t]
        common &= mask
        if not mask & _TERMINAL_MASK:
            all_terminal = False
    facts = _GroupFacts(honour_groups, number_groups, common if number_groups else 0, all_terminal)
    v.memo["terminals.groups"] = facts
    return facts


@detector("all_simples", bound=by_counts("tile_set"), needs=F_SIMPLES)
def all_simples(v: HandView) -> Hits:
    """斷幺九 5: 「全副牌沒有幺九及字牌」 (seed 004, 幺牌數字類, 斷幺九; 「無字限定，不另計無字」).

    A tile-set pattern: every reading, declared melds included.
    """
    return ONCE if _tiles(v).orphans == 0 else []


@detector("mixed_outside_hand", bound=by_counts("pung_rows"), needs=F_NO_MIDDLE | F_STANDARD)
def mixed_outside_hand(v: HandView) -> Hits:
    """混帶幺 20: 「全副牌順子、刻子和眼都有幺九或字牌」 (seed 004, 幺牌數字類, 混帶幺).

    Every group, eyes included, holds a 一/九 or is an honour group.  Read literally (「或」), a
    hand without honours qualifies too; 全帶幺 then replaces it (its 「不另計」 list).  A hand of
    honours only (字一色) has no suited group and does not qualify.  STANDARD only.
    """
    if not v.standard:
        return []
    g = _groups(v)
    return ONCE if g.number_groups and g.all_terminal else []


@detector("pure_outside_hand", bound=by_counts("pung_rows"), needs=F_NO_MIDDLE | F_STANDARD | F_NO_HONOURS)
def pure_outside_hand(v: HandView) -> Hits:
    """全帶幺 40: 「全副牌順子、刻子和眼都只有幺九」 (seed 004, 幺牌數字類, 全帶幺; 無字限定).

    No honour tile, and every group, eyes included, holds a 一 or 九.  STANDARD only.
    """
    if not v.standard or v.honours:
        return []
    return ONCE if _groups(v).all_terminal else []


@detector("mixed_terminals", bound=by_counts("pung_rows"), needs=F_ORPHANS_ONLY | F_STANDARD)
def mixed_terminals(v: HandView) -> Hits:
    """混幺九 (花幺) 60: 「全副牌都是幺九及字牌的刻子。不另計對對糊」 (seed 004, 幺牌數字類).

    Every tile is a terminal or an honour (so in a STANDARD reading every meld is a pung or kong).
    Our choice: at least one terminal is needed, so a hand of honours only (字一色, whose row lists
    what it 「另計」 and 混幺九 is not among them) does not qualify.  Without honours the hand is
    清幺九, which replaces this row (its 「不另計」 list).
    """
    if not v.standard:
        return []
    t = _tiles(v)
    return ONCE if t.terminals and t.orphans == t.total else []


@detector("pure_terminals", bound=by_counts("pung_rows"), needs=F_ORPHANS_ONLY | F_STANDARD | F_NO_HONOURS)
def pure_terminals(v: HandView) -> Hits:
    """清幺九 120: 「全副牌都是幺九刻子」 (seed 004, 幺牌數字類, 清幺九; 不另計無字，對對糊，三色同刻).

    Every tile is a 一 or 九 of a suit; STANDARD only (pungs, kongs and eyes).
    """
    if not v.standard or v.honours:
        return []
    t = _tiles(v)
    return ONCE if t.terminals == t.orphans == t.total else []


@detector("mixed_with_number", bound=by_counts("with_number"), needs=F_NARROW | F_HONOURS | F_STANDARD)
def mixed_with_number(v: HandView) -> Hits:
    """混帶X 20, (+10), (+5): 「每一組牌，包括眼，均帶有字牌和數字X，X為「一」到「九」」.

    Seed 004, 幺牌數字類, 混帶X: 「X可以多於一 … 「七」與「八」均符合 … 翻數將為20+10翻」.
    Reading (our choice): a group cannot hold both an honour and a number, so each group, eyes
    included, is either an honour group or a suited group holding X; at least one honour group
    (「混」; without honours see 全帶X) and at least one suited group.  Each X that qualifies is one
    occurrence: the first is worth 20, the second +10, the third +5 (at most three X can qualify,
    since a pung or pair holds only one number).  X may be 一 or 九 too (the row says 「一」到「九」);
    the seed does not say 混帶幺 replaces it, so both count.  STANDARD only.
    """
    if not v.standard:
        return []
    g = _groups(v)
    if not g.honour_groups or not g.common:
        return []
    n = g.common.bit_count()
    return [(key, 0) for key in _WITH_NUMBER_KEYS[:n]]


@detector("pure_with_number", bound=by_counts("with_number"), needs=F_NARROW | F_NO_HONOURS | F_STANDARD)
def pure_with_number(v: HandView) -> Hits:
    """全帶X (滿庭芳) 50: 「每一組牌，包括眼，均帶有X。無字限定，不另計無字」 (seed 004, 幺牌數字類).

    No honour tile; one number X (一 to 九) appears in every group, eyes included.  Counted once
    (the eyes hold a single number, so only one X can qualify).  STANDARD only.
    """
    if not v.standard or v.honours:
        return []
    return ONCE if _groups(v).common else []
