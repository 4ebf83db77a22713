"""The wildcard engine: score a hand holding wildcards at its best admissible reading, for any game.

A game plugs in through :class:`~taipai.core.wilds.plugin.WildScorer` (hand size 13 or 16, its
wildcard rules, its special shapes, its natural scorer and an optional bound); the engine knows no
game.  Every wildcard's range is a 34-bit tile mask (:mod:`taipai.core.wilds.kinds`: 越搭's kinds of
seed 000, 財神 as 皇 "any tile", a scheme's kinds).  The score is the maximum, over every admissible
reading of every wildcard, of the game's natural scorer.  We never enumerate 34^k substitutions:

1. **Structures from the natural tiles.**  The lowest remaining natural tile must sit in some group:
   a pung, one of the (up to three) chows through it, or the eyes; the group's missing tiles become
   *wild slots*.  Only slots whose tile lies in some wildcard's range are opened, and after each
   group the slots must still be matchable to distinct wildcards (bipartite matching over identical
   kinds, so two 皇 are one choice, not two).  ``hand_size // 3`` sets and the eyes: 4 at 13 tiles,
   5 at 16.
2. **Per-suit tables.**  The suits are independent, so the completions come from cached per-suit
   tables (every multiset of ``j`` tiles completing one suit's counts: for a numbered suit the
   complete vectors of that size holding it, read from :mod:`taipai.core.wilds.suitshapes`; else
   built from the groups its lowest tile can sit in) and only the split of the wildcards among the
   suits is searched, with
   exactly one suit holding the eyes; at most :data:`MAX_COMPLETIONS` of them.  Waits and rejection
   use a yes/no form of the same tables for any number of wildcards (:func:`fill_exists`).  A
   table whose rules forbid three wildcards in one meld or two as the eyes uses :class:`GroupSearch`
   instead, which chooses wildcard-only groups last, in canonical non-decreasing order.
3. **Distinct completions only.**  Each structure yields a multiset of wild tiles; each distinct
   multiset (and each tile the winning wildcard may be) is scored at most once by the game's
   scorer, with the wait set of the hand *with* its wildcards, and with readings filtered so that
   position-dependent kinds (卡番, 伍偏, 斷缺) sit only where they may stand.
4. **Branch and bound** (:func:`_bounded_best`).  The game's upper bound on the total of any
   completion from its tile counts (:class:`~taipai.core.wilds.plugin.WildBound`; 港式台牌's is
   :mod:`taipai.systems.hk_taiwan.scorebound`), taken per suit summary, so one bound covers a whole
   product of per-suit lists; the sets with the highest bound are split and scored first, and the
   search stops when no set left can reach the best total scored.  Eight 皇 around three natural
   melds have ~70,000 completions; about a hundred are scored.  Completions listed one by one
   (special shapes) are bounded in groups when there are many (:func:`_explicit_groups`).  A game
   without a bound has every distinct completion scored.
5. Special shapes (the game's :attr:`~taipai.core.wilds.plugin.WildScorer.special_shapes`: 嚦咕嚦咕,
   十六不搭, 十三幺 at 16 tiles; seven pairs and 十三幺 at 13) are completed directly from their
   target shapes when the table allows wildcards in them (seed 000: 「越搭喺自己範圍入面，都可以幫你
   砌十六不搭、十三么、嚦咕嚦咕」).

The result is exact (``tests/systems/hk_taiwan/test_wild_search.py`` and
``tests/systems/qq/test_qq_wildsearch.py`` check it against brute-force substitution,
``tests/systems/hk_taiwan/test_wild_bound.py`` against scoring every completion) unless a safety cap
(:class:`SearchLimits`) is hit, which the score reports as ``exact=False``.

6. **A budget per hand** (:class:`taipai.core.budget.Budget`, issue 13 item 4).  Every step of
   the search spends work units on the hand's budget, read from :func:`~taipai.core.budget.
   current_budget`: a range check and each of its matching steps, a search or table step, a
   bound, a suit summary, a scored completion (:data:`~taipai.core.budget.EVAL_UNITS`).  The
   count is a property of the hand and the rules (never of caches or the clock), so whether a hand
   fits is the same on every machine; a hand that spends it all is refused (``over_budget``) by
   the game's scorer (e.g. :func:`~taipai.systems.hk_taiwan.scoring.score_hand`), never guessed.  The
   explanation of a non-win (:func:`explain_failure`) spends at most what the search did.
"""

from __future__ import annotations

import gc
import heapq
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from itertools import count, product
from typing import NamedTuple

from taipai.core.budget import EVAL_UNITS, Budget, BudgetExhausted, budget_scope, current_budget
from taipai.core.errors import HandError
from taipai.core.hand import (
    PAIR,
    SPECIAL_SHAPES,
    UNRELATED_TRIPLES,
    Reading,
    Shape,
    hand_counts,
    is_standard_complete,
    readings,
    wait_set,
)
from taipai.core.handspec import HandSpec, KongKind, Meld, MeldKind
from taipai.core.scoretypes import Score, WildReading
from taipai.core.tiles import NUM_KINDS, ORPHANS, name_zh
from taipai.core.wilds import (
    Slot,
    WildContext,
    WildKind,
    WildRules,
    alternatives,
    kind_named,
)
from taipai.core.wilds.plugin import Evaluated, Summary, WildBound, WildScorer
from taipai.core.wilds.suitshapes import MAX_COPIES, code_of
from taipai.core.wilds.suitshapes import MAX_TILES as MAX_SUIT_TILES
from taipai.core.wilds.suitshapes import shipped as shipped_shapes

ALL_TILES_MASK = (1 << NUM_KINDS) - 1

MAX_COMPLETIONS = 2500
MAX_SCORED = 2500
"""Safety budget: at most this many distinct completions are listed per declared-meld choice by the
searches that list them (:func:`_exhaustive_best`, used when the rule table counts repeats; the
group search of tables that limit wildcards per meld; special shapes), and at most
:data:`MAX_SCORED` candidate readings are scored per hand (:func:`_bounded_best` too).

Real hands stay far below it (1–2 wildcards: a handful; 4 wildcards: a few hundred; the branch and
bound scores at most a few hundred even for eight 皇 around three natural melds, ~70,000
completions).  Beyond it the search stops and the score says ``exact=False`` — the best reading
found, not a proven maximum — so a chat bot never hangs on a pathological message.  Deterministic:
a count, not a clock.
"""

MAX_NODES = 200_000
"""Safety budget of :func:`_bounded_best`: bounds computed per hand (nodes of its search tree).
Beyond it the score says ``exact=False``."""


@dataclass(frozen=True, slots=True)
class SearchLimits:
    """The safety caps of one search (counts, never a clock): completions listed per declared-meld
    choice, candidate readings scored per hand, branch-and-bound nodes per hand.  Defaults
    :data:`MAX_COMPLETIONS`, :data:`MAX_SCORED`, :data:`MAX_NODES`; a search that hits one reports
    ``exact=False``."""

    completions: int = MAX_COMPLETIONS
    scored: int = MAX_SCORED
    nodes: int = MAX_NODES


DEFAULT_LIMITS = SearchLimits()
"""The caps a search uses unless its caller gives others."""

_limits: ContextVar[SearchLimits] = ContextVar("wild_search_limits", default=DEFAULT_LIMITS)


@dataclass(frozen=True, slots=True)
class WildUnit:
    """One wildcard the player holds, with what it may act as."""

    name: str  # printed kind
    kinds: tuple[WildKind, ...]  # alternatives (複製 / 創造 expand; others are themselves)
    mask: int  # union of the alternatives' masks
    winning: bool  # the winning tile is this wildcard
    suit_rules: bool  # some alternative constrains its suit count (確單 確雙 限五 七起)
    positional: bool  # some alternative depends on its place in a group


# --------------------------------------------------------------------------- context


def wild_context(spec: HandSpec, wr: WildRules) -> WildContext:
    """What the wildcard ranges of ``spec`` read (seed 000): its natural tiles, seat wind, tiles
    seen, the table's kinds and rules ``wr``, the kinds held (exposed ones apart: a kong that is not
    concealed shows its wildcards) and how the hand was won."""
    held = list(spec.wilds)
    if spec.winning_wild is not None:
        held.append(spec.winning_wild)
    exposed: list[str] = []
    for m in spec.melds:
        held.extend(m.wilds)
        if m.kong is not KongKind.CONCEALED:
            exposed.extend(m.wilds)
    return WildContext(
        natural_tiles=tuple(sorted(spec.all_tiles())),
        seat_wind=spec.situation.seat_wind,
        seen_tiles=tuple(spec.situation.seen_tiles),
        table_kinds=tuple(wr.table_kinds),
        held_kinds=tuple(held),
        exposed_kinds=tuple(exposed),
        winning_tile=spec.winning_tile,
        won_on_discard=not spec.self_drawn,
        rules=wr,
    )


def wild_unit(
    name: str, ctx: WildContext, *, winning: bool = False, exposed: bool = False, ckong: bool = False
) -> WildUnit:
    """The :class:`WildUnit` of one wildcard of kind ``name`` in context ``ctx``: its alternatives
    (複製 / 創造 expand), the union of their tile masks and whether any counts suits or depends on
    its place.  ``winning``: it is the winning tile; ``exposed`` / ``ckong``: it sits in an exposed
    meld / a concealed kong.

    Raises:
        HandError: ``wild_unsupported`` when ``name`` is no wildcard kind
            (:func:`taipai.core.wilds.kind_named`).
    """
    kind = kind_named(name)
    alts = alternatives(kind, ctx, in_exposed=exposed, in_concealed_kong=ckong)
    mask = 0
    for a in alts:
        mask |= a.mask(ctx)
    return WildUnit(
        name=kind.name,
        kinds=tuple(alts),
        mask=mask,
        winning=winning,
        suit_rules=any(_has_suit_rule(a) for a in alts),
        positional=any(a.position_dependent for a in alts),
    )


def _has_suit_rule(kind: WildKind) -> bool:
    return not all(kind.suit_count_ok(n) for n in range(0, 18))


# --------------------------------------------------------------------------- matching


def _unit_admits(unit: WildUnit, slot: Slot, ctx: WildContext) -> bool:
    return any(k.admits(slot, ctx) for k in unit.kinds)


def _match(
    units: list[WildUnit],
    tiles: list[int],
    test,  # (unit, tile index in `tiles`) -> bool
    final_counts: list[int] | None = None,
) -> list[int] | None:
    """Assign each of ``tiles`` a distinct unit (``len(units) == len(tiles)``).

    Returns the unit index for each tile, or None.  Identical units (same name and role) are
    tried once per tile, so the search is over kinds, not over copies.  When ``final_counts`` is
    given, suit-count kinds (確單 …) are checked against the final suit totals.
    """
    n = len(tiles)
    if n != len(units):
        return None
    spend = current_budget().spend
    spend(1 + n // 2)  # the identity scan below (n comparisons), or the identical units' tests
    first = units[0] if units else None
    if first is not None and all(u == first for u in units):
        # identical units (e.g. eight 皇): any tile may go to any of them
        fc = final_counts
        ok = all(test(first, i) and (fc is None or _suit_ok(first, tiles[i], fc)) for i in range(n))
        return list(range(n)) if ok else None
    spend(n * n)  # the ordering below tests every (unit, tile)
    order = sorted(range(n), key=lambda i: sum(1 for u in units if test(u, i)))
    used = [False] * n
    out = [-1] * n

    def suit_ok(u: WildUnit, t: int) -> bool:
        return final_counts is None or _suit_ok(u, t, final_counts)

    def go(j: int) -> bool:
        spend(n)
        if j == n:
            return True
        i = order[j]
        tried: set[tuple[str, bool]] = set()
        for ui, u in enumerate(units):
            if used[ui]:
                continue
            key = (u.name, u.winning)
            if key in tried:
                continue
            tried.add(key)
            if test(u, i) and suit_ok(u, tiles[i]):
                used[ui] = True
                out[i] = ui
                if go(j + 1):
                    return True
                used[ui] = False
        return False

    return out if go(0) else None


# --------------------------------------------------------------------------- declared melds


@dataclass(frozen=True, slots=True)
class _MeldChoice:
    meld: Meld  # resolved meld (tile set)
    slots: tuple[Slot, ...]  # where its wildcards stand
    units: tuple[WildUnit, ...]  # its wildcards


def _meld_choices(m: Meld, ctx: WildContext, wr: WildRules) -> list[_MeldChoice]:
    """Every resolution of a declared meld holding wildcards (seed 000: 上/碰/暗槓 with 越搭)."""
    ckong = m.kong is KongKind.CONCEALED
    exposed = not ckong
    units = tuple(wild_unit(k, ctx, exposed=exposed, ckong=ckong) for k in m.wilds)
    n_wild = len(units)
    if not wr.in_melds and exposed:
        raise HandError(
            "wild_unplaceable",
            "this table does not use wildcards in chows or pungs",
            token=m.wilds[0],
            hint_args={"rule": "no_wilds_in_melds"},
        )
    limit = wr.max_in_concealed_kong if ckong else wr.max_per_exposed_meld
    if n_wild > limit:
        raise HandError(
            "wild_unplaceable",
            f"at most {limit} wildcard(s) in one {'暗槓' if ckong else '上/碰'}",
            token="".join(m.wilds),
            hint_args={"rule": "wilds_per_meld", "limit": limit},
        )
    if wr.meld_kinds is not None and exposed:
        for u in units:
            if u.name not in wr.meld_kinds:
                raise HandError(
                    "wild_unplaceable",
                    f"{u.name} may not be used in 上/碰 at this table",
                    token=u.name,
                    hint_args={"rule": "kind_not_in_melds"},
                )
    naturals = list(m.naturals)
    out: list[_MeldChoice] = []
    if m.kind is MeldKind.CHOW:
        candidates = [s * 9 + r for s in range(3) for r in range(7)]
        shapes = [(c, (c, c + 1, c + 2)) for c in candidates]
    else:
        size = 4 if m.kind is MeldKind.KONG else 3
        shapes = [(t, (t,) * size) for t in range(NUM_KINDS)]
    for low, tiles in shapes:
        rest = list(tiles)
        ok = True
        for t in naturals:
            if t in rest:
                rest.remove(t)
            else:
                ok = False
                break
        if not ok or len(rest) != n_wild:
            continue
        slots = []
        for t in rest:
            pos = t - low if m.kind is MeldKind.CHOW else 0
            slots.append(
                Slot(
                    tile=t,
                    group_kind=int(m.kind),
                    group_tile=low,
                    position=pos,
                    exposed=exposed,
                    concealed_kong=ckong,
                )
            )
        if _match(list(units), rest, lambda u, i, sl=slots: _unit_admits(u, sl[i], ctx)) is None:
            continue
        out.append(_MeldChoice(Meld(m.kind, low, m.kong), tuple(slots), units))
    if not out:
        raise HandError(
            "wild_unplaceable",
            f"the wildcard {''.join(m.wilds)} cannot complete this meld",
            token="".join(m.wilds),
        )
    return out


# --------------------------------------------------------------------------- completions

BOUND_UNITS = 3
"""Units one child node of the branch and bound costs: its bound (:meth:`WildBound.total` over four
suit summaries, measured ~3 µs, three times a plain search step) and its place on the heap."""

HALL_MAX_GROUPS = 4
"""Up to this many distinct wildcard ranges, :meth:`GroupSearch.mask_ok` checks Hall's condition over
the 2^g sets of ranges; beyond, it searches an assignment."""


@lru_cache(maxsize=256)
def _free_order(per_suit: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """The wildcard-only melds in :class:`GroupSearch`'s order for a hand with ``per_suit`` natural
    tiles in 萬筒索 and the honours: pungs before chows, the suit holding most first; cached."""
    return tuple(sorted(_FREE_MELDS, key=lambda m: (-per_suit[min(m[0] // 9, 3)], m[0] != m[1], m[0])))


@lru_cache(maxsize=1024)
def _tile_groups(masks: tuple[int, ...]) -> tuple[int, ...]:
    """Per tile kind, the bits of the range groups (``masks``, in order) that admit it; cached."""
    return tuple(sum(1 << gi for gi, m in enumerate(masks) if (m >> t) & 1) for t in range(NUM_KINDS))


class GroupSearch:
    """Enumerates the distinct multisets of tiles the concealed wildcards can stand for."""

    def __init__(self, counts: list[int], units: list[WildUnit], n_groups: int, wr: WildRules, limit: int):
        self.counts = counts
        self.units = units
        self.union = 0
        groups: dict[int, int] = {}
        for u in units:
            self.union |= u.mask
            groups[u.mask] = groups.get(u.mask, 0) + 1
        # units with the same range are interchangeable: match tiles to (mask, capacity) groups
        self.groups = sorted(groups.items(), key=lambda g: g[0].bit_count())
        self.n_groups = n_groups  # melds still to make from the concealed part (eyes extra)
        self.wr = wr
        self.limit = limit  # max wild slots in one concealed meld
        self.found: set[tuple[int, ...]] = set()
        self.stop_at_first = False
        self.spend = current_budget().spend  # one unit per range check, search step and go step
        self.budget = _limits.get().completions  # stop enumerating after this many completions
        # wildcard-only melds, most promising first (only matters when the budget is hit): pungs
        # before chows, the suit holding most natural tiles first, honours after suits
        per_suit = (*(sum(counts[s * 9 : s * 9 + 9]) for s in range(3)), sum(counts[27:]))
        self.free_order = _free_order(per_suit)
        self.truncated = False
        self._visited: set[tuple] = set()
        self._mask_cache: dict[tuple[int, ...], bool] = {}
        # Hall's condition tables for a few groups: each tile kind's admitting groups (bit per
        # group) and the capacity of every set of groups
        g = len(self.groups)
        self._hall = 1 < g <= HALL_MAX_GROUPS
        self._tile_groups = _tile_groups(tuple(m for m, _ in self.groups))
        self._demand_cache: dict[int, tuple[Sequence[tuple[int, ...]], list[tuple[int, ...]]]] = {}
        self._subset_caps = (
            [sum(c for gi, (_, c) in enumerate(self.groups) if (sub >> gi) & 1) for sub in range(1 << g)]
            if self._hall
            else []
        )

    def mask_ok(self, tiles: list[int]) -> bool:
        """Cheap feasibility: the wild tiles can go to distinct units whose ranges hold them.

        Units with equal ranges form one group with a capacity, so this is a tiny flow problem;
        results are cached by the sorted tile tuple.
        """
        self.spend()
        n = len(tiles)
        if n == 0:
            return True
        if n > len(self.units):
            return False
        union = self.union
        for t in tiles:
            if not (union >> t) & 1:
                return False
        if len(self.groups) == 1:
            return True
        key = tuple(sorted(tiles))
        hit = self._mask_cache.get(key)
        if hit is not None:
            return hit
        if self._hall:
            self.spend(len(self._subset_caps) >> 2)  # 2^g sets of ranges, each summed
            hit = self._hall_ok(key)
            self._mask_cache[key] = hit
            return hit
        groups = self.groups
        cap = [c for _, c in groups]
        spend = self.spend
        spend(n)
        # most constrained tiles first (fewest range groups admit them)
        tile_groups = self._tile_groups
        order = sorted(key, key=lambda t: tile_groups[t].bit_count())

        def go(i: int) -> bool:
            spend()
            if i == n:
                return True
            t = order[i]
            for gi, (m, _) in enumerate(groups):
                if cap[gi] and (m >> t) & 1:
                    cap[gi] -= 1
                    if go(i + 1):
                        return True
                    cap[gi] += 1
            return False

        hit = go(0)
        self._mask_cache[key] = hit
        return hit

    @property
    def hall(self) -> bool:
        """Hall's condition decides the range check: two to :data:`HALL_MAX_GROUPS` ranges."""
        return self._hall

    def demands(self, parts: Sequence[tuple[int, ...]]) -> list[tuple[int, ...]]:
        """The distinct demands of ``parts`` (tile tuples): per set of ranges (bit per range group),
        how many tiles only that set admits.  Cached per ``parts`` object."""
        hit = self._demand_cache.get(id(parts))
        if hit is not None and hit[0] is parts:
            return hit[1]
        size = 1 << len(self.groups)
        tile_groups = self._tile_groups
        found: set[tuple[int, ...]] = set()
        for part in parts:
            d = [0] * size
            for t in part:
                d[tile_groups[t]] += 1
            found.add(tuple(d))
        out = sorted(found)
        self._demand_cache[id(parts)] = (parts, out)
        return out

    def demand_ok(self, demand: Sequence[int]) -> bool:
        """Hall's condition for a summed demand (see :meth:`demands`): no tile outside every range,
        and for every set U of range groups, the tiles only U admits fit U's capacity."""
        if demand[0]:
            return False
        caps = self._subset_caps
        for sub in range(1, len(caps)):
            inside = 0
            for a in range(1, len(demand)):
                if demand[a] and not a & ~sub:
                    inside += demand[a]
            if inside > caps[sub]:
                return False
        return True

    def _hall_ok(self, tiles: tuple[int, ...]) -> bool:
        """Hall's theorem for the tiles-to-groups assignment with capacities: it exists iff, for
        every set U of groups, the tiles that only groups in U admit are at most U's capacity."""
        by_admitting: dict[int, int] = {}
        tile_groups = self._tile_groups
        for t in tiles:
            a = tile_groups[t]
            if not a:
                return False
            by_admitting[a] = by_admitting.get(a, 0) + 1
        caps = self._subset_caps
        for sub in range(1, len(caps)):
            inside = 0
            for a, n in by_admitting.items():
                if not a & ~sub:
                    inside += n
            if inside > caps[sub]:
                return False
        return True

    def _over_budget(self) -> bool:
        if len(self.found) >= self.budget:
            self.truncated = True
            return True
        return False

    def run(self) -> set[tuple[int, ...]]:
        self._rec(0, len(self.units), False, [], self.n_groups)
        return self.found

    def _rec(
        self, start: int, wilds_left: int, eyes_done: bool, wild_tiles: list[int], melds_left: int
    ) -> None:
        if (self.stop_at_first and self.found) or self._over_budget():
            return
        self.spend()
        c = self.counts
        state = (tuple(c), wilds_left, eyes_done, melds_left, tuple(sorted(wild_tiles)))
        if state in self._visited:
            return
        self._visited.add(state)
        t = start
        while t < NUM_KINDS and c[t] == 0:
            t += 1
        if t == NUM_KINDS:
            self._finish(wilds_left, eyes_done, wild_tiles, melds_left)
            return
        # pungs of t with 3, 2 or 1 natural copies
        if melds_left > 0:
            for nat in (3, 2, 1):
                wild = 3 - nat
                if c[t] >= nat and wild <= wilds_left and wild <= self.limit:
                    add = [t] * wild
                    if self.mask_ok(wild_tiles + add):
                        c[t] -= nat
                        self._rec(t, wilds_left - wild, eyes_done, wild_tiles + add, melds_left - 1)
                        c[t] += nat
            # chows through t (t is the lowest natural left, so tiles below it are wild)
            if t < 27:
                r = t % 9
                for low_rank in (r - 2, r - 1, r):
                    if low_rank < 0 or low_rank > 6:
                        continue
                    low = t - (r - low_rank)
                    others = [x for x in (low, low + 1, low + 2) if x != t]
                    # each other tile: natural when available (only those above t), else wild
                    choices = []
                    for x in others:
                        opts = []
                        if x > t and c[x] > 0:
                            opts.append(False)  # natural
                        opts.append(True)  # wild
                        choices.append(opts)
                    for pick in product(*choices):
                        add = [x for x, w in zip(others, pick, strict=True) if w]
                        if len(add) > wilds_left or len(add) > self.limit:
                            continue
                        if not self.mask_ok(wild_tiles + add):
                            continue
                        c[t] -= 1
                        for x, w in zip(others, pick, strict=True):
                            if not w:
                                c[x] -= 1
                        self._rec(t, wilds_left - len(add), eyes_done, wild_tiles + add, melds_left - 1)
                        c[t] += 1
                        for x, w in zip(others, pick, strict=True):
                            if not w:
                                c[x] += 1
        # eyes
        if not eyes_done:
            if c[t] >= 2:
                c[t] -= 2
                self._rec(t, wilds_left, True, wild_tiles, melds_left)
                c[t] += 2
            if wilds_left >= 1 and self.mask_ok([*wild_tiles, t]):
                c[t] -= 1
                self._rec(t, wilds_left - 1, True, [*wild_tiles, t], melds_left)
                c[t] += 1

    def _finish(self, wilds_left: int, eyes_done: bool, wild_tiles: list[int], melds_left: int) -> None:
        need = melds_left * 3 + (0 if eyes_done else 2)
        if need != wilds_left:
            return
        if wilds_left == 0:
            self.found.add(tuple(sorted(wild_tiles)))
            return
        if not eyes_done and not self.wr.eyes_both_wild:
            return
        self._free_groups(wild_tiles, melds_left, eyes_done, 0)

    def _free_groups(self, wild_tiles: list[int], melds_left: int, eyes_done: bool, min_key: int) -> None:
        """Wildcard-only groups, in canonical order (``min_key`` keeps them non-decreasing)."""
        if (self.stop_at_first and self.found) or self._over_budget():
            return
        self.spend()
        if melds_left == 0:
            if eyes_done:
                self.found.add(tuple(sorted(wild_tiles)))
                return
            for e in range(NUM_KINDS):
                add = [e, e]
                if self.mask_ok(wild_tiles + add):
                    self.found.add(tuple(sorted(wild_tiles + add)))
            return
        if self.limit < 3:
            return
        order = self.free_order
        for key in range(min_key, len(order)):
            add = list(order[key])
            if self.mask_ok(wild_tiles + add):
                self._free_groups(wild_tiles + add, melds_left - 1, eyes_done, key)


_FREE_MELDS: tuple[tuple[int, int, int], ...] = tuple(
    [(t, t, t) for t in range(NUM_KINDS)]
    + [(s * 9 + r, s * 9 + r + 1, s * 9 + r + 2) for s in range(3) for r in range(7)]
)


def _special_completions(
    counts: list[int], units: list[WildUnit], search: GroupSearch, shapes: frozenset[Shape] = SPECIAL_SHAPES
) -> set[tuple[int, ...]]:
    """Wild-tile multisets completing 嚦咕嚦咕, 十六不搭 or 十三幺 (no declared melds), only the
    ``shapes`` the table plays (:func:`_played_specials`), that the wildcards' ranges allow."""
    out: set[tuple[int, ...]] = set()
    spend = search.spend
    for need in _special_candidates(counts, len(units), search.wr.fifth_copy, shapes):
        spend()
        out.add(need)
        if len(out) >= _limits.get().completions:  # not every completion is here
            search.truncated = True
            break
    return {w for w in out if search.mask_ok(list(w))}


def _special_win_exists(
    counts: list[int], units: list[WildUnit], search: GroupSearch, shapes: frozenset[Shape] = SPECIAL_SHAPES
) -> bool:
    """True when :func:`_special_completions` would not be empty; stops at the first completion the
    ranges allow (the waits ask only this, once per tile)."""
    seen: set[tuple[int, ...]] = set()
    spend = search.spend
    for need in _special_candidates(counts, len(units), search.wr.fifth_copy, shapes):
        spend()
        if need not in seen:
            seen.add(need)
            if search.mask_ok(list(need)):
                return True
            if len(seen) >= _limits.get().completions:
                break
    return False


def _special_candidates(
    counts: list[int], k: int, fifth_copy: bool, shapes: frozenset[Shape]
) -> Iterator[tuple[int, ...]]:
    """Sorted wild-tile multisets of ``k`` tiles that complete ``counts`` into 嚦咕嚦咕, 十六不搭 or
    十三幺 (only ``shapes``), ranges not checked; a multiset may come more than once."""
    if sum(counts) + k == 14:
        yield from _special_candidates_13(counts, k, fifth_copy, shapes)
        return
    targets: list[list[int]] = []
    distinct = sum(1 for c in counts if c)
    if sum(counts) + k != 17:
        return
    # 嚦咕嚦咕: seven pairs + one pung
    cap = 5 if fifth_copy else 4
    odd = [t for t, c in enumerate(counts) if c & 1]  # each needs one more copy (1 -> 2, 3 -> 4)
    for pung in (
        range(NUM_KINDS) if len(odd) - 1 <= k and Shape.EIGHT_PAIRS in shapes else ()
    ):  # each odd tile but one needs a wild
        c = counts[pung]
        if c > 3:
            continue
        need = [t for t in odd if t != pung] + [pung] * (3 - c)
        if len(need) > k or (k - len(need)) % 2 or any(counts[t] + 1 > cap for t in odd):
            continue
        targets.append(need)
    # 十六不搭: seven honours, an unrelated triple per suit, a pair (needs 16 distinct tiles)
    # (every tile differs but the eyes: at most one natural tile held twice, none three times)
    if Shape.SIXTEEN_UNRELATED in shapes and distinct + k >= 16 and sum(c - 1 for c in counts if c > 1) <= 1:
        per_suit = []
        for s in range(3):
            have = [r for r in range(9) if counts[s * 9 + r]]
            per_suit.append([tr for tr in UNRELATED_TRIPLES if all(r in tr for r in have)])
        present = [t for t, c in enumerate(counts) if c]
        doubled = [t for t in present if counts[t] == 2]  # then it is the eyes
        for triples in product(*per_suit):
            base = list(range(27, 34)) + [s * 9 + r for s in range(3) for r in triples[s]]
            in_base = set(base)
            if any(t not in in_base for t in present):
                continue
            missing = [t for t in base if not counts[t]]
            if len(missing) + (0 if doubled else 1) != k:
                continue
            for eyes in doubled or base:
                yield tuple(missing if doubled else sorted([*missing, eyes]))
    # 十三幺: the 13 orphans, one of them again as eyes, and a chow or pung.  The natural tiles
    # beyond one of each orphan (``surplus``) must lie in the eyes' second tile and the meld.
    missing = [t for t in ORPHANS if not counts[t]]
    surplus = [t for t, c in enumerate(counts) for _ in range(c - 1 if t in _ORPHAN_SET and c else c)]
    if Shape.THIRTEEN_ORPHANS in shapes and len(missing) + 4 - len(surplus) == k and len(surplus) <= 4:
        for eyes in ORPHANS:
            rest = list(surplus)
            if eyes in rest:
                rest.remove(eyes)
            for meld in _FREE_MELDS if not rest else _melds_through(rest[0]):
                extra = list(meld)
                for t in rest:
                    if t not in extra:
                        break
                    extra.remove(t)
                else:
                    need = [*missing, *extra]
                    if eyes not in surplus:
                        need.append(eyes)
                    if max(counts[t] + need.count(t) for t in set(need)) <= cap:
                        yield tuple(sorted(need))
    for need in targets:
        rest = k - len(need)
        if rest == 0:
            yield tuple(sorted(need))
        else:
            yield from _pairs(need, rest // 2, 0)


_ORPHAN_SET = frozenset(ORPHANS)


def _special_candidates_13(
    counts: list[int], k: int, fifth_copy: bool, shapes: frozenset[Shape]
) -> Iterator[tuple[int, ...]]:
    """:func:`_special_candidates` of a 13-tile game (14 tiles at the win): seven pairs
    (:attr:`Shape.EIGHT_PAIRS`; a kind held four times counts as two pairs) and 十三幺 (the 13
    orphans, one of them twice)."""
    cap = 5 if fifth_copy else 4
    if Shape.EIGHT_PAIRS in shapes:
        odd = [t for t, c in enumerate(counts) if c & 1]
        rest = k - len(odd)
        if rest >= 0 and rest % 2 == 0 and all(counts[t] + 1 <= cap for t in odd):
            yield from _pairs(odd, rest // 2, 0)
    if Shape.THIRTEEN_ORPHANS in shapes and all(c == 0 or t in _ORPHAN_SET for t, c in enumerate(counts)):
        missing = [t for t in ORPHANS if not counts[t]]
        surplus = sum(counts[t] - 1 for t in ORPHANS if counts[t])
        if surplus == 1 and len(missing) == k:
            yield tuple(missing)
        elif surplus == 0 and len(missing) + 1 == k:
            for eyes in ORPHANS:
                yield tuple(sorted([*missing, eyes]))


def special_13(counts: Sequence[int], shapes: frozenset[Shape]) -> Shape | None:
    """The special shape of ``shapes`` that 14 finished tiles (34 counts, no declared meld) of a
    13-tile game form, or None: seven pairs (:attr:`Shape.EIGHT_PAIRS`, every count even) or 十三幺
    (each of the 13 orphans, one twice, nothing else)."""
    if sum(counts) != 14:
        return None
    if Shape.EIGHT_PAIRS in shapes and all(c % 2 == 0 for c in counts):
        return Shape.EIGHT_PAIRS
    if (
        Shape.THIRTEEN_ORPHANS in shapes
        and all(counts[t] for t in ORPHANS)
        and sum(counts[t] for t in ORPHANS) == 14
    ):
        return Shape.THIRTEEN_ORPHANS
    return None


def _special_possible(counts: list[int], k: int) -> bool:
    """A necessary condition for :func:`_special_completions` of ``counts`` plus any one tile with
    ``k`` wildcards to find something (its own pre-checks, loosened by what one tile can change)."""
    odd = sum(c & 1 for c in counts)
    if odd - 2 <= k:  # 嚦咕嚦咕: one tile fixes at most one odd count
        return True
    distinct = sum(1 for c in counts if c)
    if distinct + 1 + k >= 16 and sum(c - 1 for c in counts if c > 1) <= 1:  # 十六不搭
        return True
    missing = sum(1 for t in ORPHANS if not counts[t])
    surplus = sum(c - 1 if t in _ORPHAN_SET and c else c for t, c in enumerate(counts))
    return missing - 1 <= k and surplus <= 4  # 十三幺


def _melds_through(t: int) -> list[tuple[int, int, int]]:
    """The pung of ``t`` and the chows holding ``t``."""
    return [m for m in _FREE_MELDS if t in m]


def _pairs(base: list[int], n: int, start: int) -> Iterator[tuple[int, ...]]:
    """``base`` with ``n`` wildcard-only pairs added in every canonical way, sorted."""
    if n == 0:
        yield tuple(sorted(base))
        return
    for t in range(start, NUM_KINDS):
        yield from _pairs([*base, t, t], n - 1, t)


# --------------------------------------------------------------------------- scoring


# --------------------------------------------------------------------------- per suit

FAST_MAX = 4
"""Beyond this many wildcards a hand is first checked for any completion on yes/no tables (most such
hands are not wins), and waits of wildcards with different ranges are enumerated rather than checked
tile by tile.  Completions always come suit by suit from cached tables (:func:`fast_completions`)
when the table's rules allow (:func:`_fast_path`), else from :class:`GroupSearch`."""

SUIT_CACHE_MAX = 10_000
"""Most entries kept in each per-suit table cache (cleared when full: memory stays bounded)."""

_fill_cache: dict[tuple[bool, tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}
_free_cache: dict[tuple[bool, int], tuple[tuple[int, ...], ...]] = {}
_additions_cache: dict[tuple[int, tuple[int, ...], int, int], tuple[tuple[int, ...], ...]] = {}


def _free_fill(honours: bool, j: int) -> tuple[tuple[int, ...], ...]:
    """Rank multisets of ``j`` tiles that form groups on their own (melds, and one pair when
    ``j % 3 == 2``), for a numbered suit (ranks 0..8, pungs and chows) or the honours (0..6, pungs)."""
    key = (honours, j)
    hit = _free_cache.get(key)
    if hit is not None:
        return hit
    size = 7 if honours else 9
    melds: list[tuple[int, ...]] = [(r, r, r) for r in range(size)]
    if not honours:
        melds += [(r, r + 1, r + 2) for r in range(7)]
    out: set[tuple[int, ...]] = set()

    def walk(i: int, left: int, acc: tuple[int, ...]) -> None:
        if left == 0:
            out.add(tuple(sorted(acc)))
            return
        for m in range(i, len(melds)):
            walk(m, left - 1, acc + melds[m])

    if j % 3 == 0:
        walk(0, j // 3, ())
    elif j % 3 == 2:
        for r in range(size):
            walk(0, j // 3, (r, r))
    hit = tuple(sorted(out))
    _free_cache[key] = hit
    return hit


def _lowest_groups(
    honours: bool, counts: tuple[int, ...], r: int, j: int
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The groups the lowest natural rank ``r`` can sit in, with at most ``j`` wild tiles: for each,
    (the counts left once its natural tiles are taken, the ranks its wild tiles stand for).  A pung
    with 3, 2 or 1 natural copies; the eyes with 2 or 1 (when the suit's size allows the eyes); in a
    numbered suit the chows through ``r``, each other tile natural when held (above ``r``) or wild."""
    c = list(counts)
    shapes = [3] + ([2] if (sum(counts) + j) % 3 == 2 else [])
    for size in shapes:
        for nat in range(size, 0, -1):
            if c[r] >= nat and size - nat <= j:
                c[r] -= nat
                yield tuple(c), (r,) * (size - nat)
                c[r] += nat
    if honours:
        return
    for low in (r - 2, r - 1, r):
        if low < 0 or low > 6:
            continue
        others = [x for x in (low, low + 1, low + 2) if x != r]
        choices = [((False, True) if x > r and c[x] else (True,)) for x in others]
        for pick in product(*choices):
            wild = tuple(x for x, w in zip(others, pick, strict=True) if w)
            if len(wild) > j:
                continue
            left = list(c)
            left[r] -= 1
            for x, w in zip(others, pick, strict=True):
                if not w:
                    left[x] -= 1
            yield tuple(left), wild


def _fill(honours: bool, counts: tuple[int, ...], j: int) -> tuple[tuple[int, ...], ...]:
    """Rank multisets of ``j`` tiles that, added to one suit's ``counts``, split the suit into
    melds (and one pair when the total is 2 mod 3).  Built from the groups the lowest natural tile
    can sit in (pung, pair, the chows through it), so the work follows the answer's size; cached.
    No copy cap here (see :func:`suit_additions`)."""
    if (sum(counts) + j) % 3 == 1:
        return ()
    key = (honours, counts, j)
    hit = _fill_cache.get(key)
    if hit is not None:
        return hit
    r = next((i for i, c in enumerate(counts) if c), -1)
    if r < 0:
        return _free_fill(honours, j)
    out: set[tuple[int, ...]] = set()
    for rest_counts, wild in _lowest_groups(honours, counts, r, j):
        for rest in _fill(honours, rest_counts, j - len(wild)):
            out.add(tuple(sorted(rest + wild)) if wild else rest)
    hit = tuple(_interned(t) for t in sorted(out))
    _fill_size[0] += len(hit)
    if len(_fill_cache) >= SUIT_CACHE_MAX or _fill_size[0] > FILL_CACHE_TILES:
        _fill_cache.clear()
        _fill_size[0] = len(hit)
    _fill_cache[key] = hit
    return hit


INTERN_MAX = 200_000
"""Most distinct tile tuples kept by :func:`_interned` (cleared when full)."""

_intern_table: dict[tuple[int, ...], tuple[int, ...]] = {}


def _interned(t: tuple[int, ...]) -> tuple[int, ...]:
    """The one stored copy of the tile tuple ``t``.  The per-suit tables list the same few tens of
    thousands of rank multisets hundreds of thousands of times (in the fills of many counts, in the
    additions of every suit, in the probe rows): sharing one tuple per distinct multiset keeps the
    caches' memory to about a fifth."""
    hit = _intern_table.get(t)
    if hit is None:
        if len(_intern_table) >= INTERN_MAX:
            _intern_table.clear()
        hit = _intern_table[t] = t
    return hit


FILL_CACHE_TILES = 150_000
"""Most multisets kept in the :func:`_fill` cache in all (a few tens of MB at most).  The caches
hold tuples of int tuples, not frozensets: the cyclic garbage collector stops tracking such tuples,
but walks every element of a frozenset, and with a full cache each full collection took ~50 ms."""
_fill_size = [0]


def fill_exists(honours: bool, counts: tuple[int, ...], j: int, room: tuple[int, ...]) -> bool:
    """Whether some ``j`` tiles complete one suit's ``counts`` (as :func:`_fill`) with at most
    ``room[r]`` of them of rank ``r`` (copies left under the cap, 0 outside the wildcards' range).
    Depth-first with memo: stops at the first completion instead of listing them."""
    if (sum(counts) + j) % 3 == 1:
        return False
    key = (honours, counts, j, room)
    hit = _exists_cache.get(key)
    if hit is not None:
        return hit
    hit = _fill_exists_uncached(honours, counts, j, room)
    if len(_exists_cache) >= SUIT_CACHE_MAX:
        _exists_cache.clear()
    _exists_cache[key] = hit
    return hit


def _fill_exists_uncached(honours: bool, counts: tuple[int, ...], j: int, room: tuple[int, ...]) -> bool:
    r = next((i for i, x in enumerate(counts) if x), -1)
    if r < 0:
        return _free_exists(honours, j, room, 0)
    for rest_counts, wild in _lowest_groups(honours, counts, r, j):
        rm = list(room)
        for x in wild:
            rm[x] -= 1
        if (not wild or min(rm) >= 0) and fill_exists(honours, rest_counts, j - len(wild), tuple(rm)):
            return True
    return False


_exists_cache: dict[tuple[bool, tuple[int, ...], int, tuple[int, ...]], bool] = {}


def _free_exists(honours: bool, j: int, room: tuple[int, ...], start: int) -> bool:
    """Whether ``j`` wild tiles alone form groups (melds, and the eyes when ``j % 3 == 2``) within
    ``room``: the eyes first, then melds in canonical non-decreasing order from ``start``."""
    if j % 3 == 1:
        return False
    if j % 3 == 2:
        for r, n in enumerate(room):
            if n >= 2:
                rm = list(room)
                rm[r] -= 2
                if _free_exists(honours, j - 2, tuple(rm), 0):
                    return True
        return False
    if j == 0:
        return True
    melds = _FREE_SUIT_MELDS[honours]
    for i in range(start, len(melds)):
        rm = list(room)
        for x in melds[i]:
            rm[x] -= 1
        if min(rm) >= 0 and _free_exists(honours, j - 3, tuple(rm), i):
            return True
    return False


_FREE_SUIT_MELDS: dict[bool, tuple[tuple[int, int, int], ...]] = {
    False: tuple([(r, r, r) for r in range(9)] + [(r, r + 1, r + 2) for r in range(7)]),
    True: tuple((r, r, r) for r in range(7)),
}


def suit_additions(suit: int, key: tuple[int, ...], j: int, cap: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of ``j`` tiles that, added to one suit's counts ``key``, makes the suit split
    into melds (or melds and one pair when its size is 2 mod 3), as sorted tile kinds; cached.

    ``suit`` 0..2 for 萬筒索 (ranks 1..9, pungs and chows), 3 for the honours (pungs and the pair).
    ``cap``: most copies of one tile (4, or 5 when a wildcard may be a fifth copy).
    """
    ck = (suit, key, j, cap)
    hit = _additions_cache.get(ck)
    if hit is not None:
        return hit
    shapes = shipped_shapes() if suit < 3 and cap <= MAX_COPIES and sum(key) + j <= MAX_SUIT_TILES else None
    if shapes is not None:
        # the complete vectors of |key| + j tiles holding key, less key (shipped, no recursion)
        held = code_of(key)
        out = [_interned(shapes.tiles_in(c - held, suit)) for c in shapes.completions(held, sum(key) + j)]
        if cap < MAX_COPIES:
            out = [t for t in out if all(key[r % 9] + t.count(r) <= cap for r in set(t))]
    else:
        base = suit * 9
        out = []
        for ranks in _fill(suit == 3, key, j):
            if all(key[r] + ranks.count(r) <= cap for r in set(ranks)):
                out.append(_interned(ranks if not base else tuple(base + r for r in ranks)))
    out.sort()
    hit = tuple(out)
    if len(_additions_cache) >= SUIT_CACHE_MAX:
        _additions_cache.clear()
    _additions_cache[ck] = hit
    return hit


def _suit_tables(counts: list[int], k: int, search: GroupSearch) -> list[list[tuple[tuple[int, ...], ...]]]:
    """Per suit and per number of wild tiles ``j`` (0..k): the suit's additions whose tiles all lie
    in some wildcard's range."""
    return [_suit_row(counts, s, k, search) for s in range(4)]


def _row_key(counts: list[int], s: int, k: int, search: GroupSearch) -> tuple[int, tuple[int, ...], int, int]:
    """(cache key of one suit's row, the suit's counts, the copy cap, the wildcards' union range).
    The key is one int (a tuple holding the counts' tuple took five times the memory): the union
    range, the copy cap (4 or 5), ``k`` and the suit above 3 bits per count in the low 27 bits."""
    key = tuple(counts[s * 9 : s * 9 + 9]) if s < 3 else tuple(counts[27:NUM_KINDS])
    cap = 5 if search.wr.fifth_copy else 4
    union = search.union
    code = 0
    for c in key:
        code = code << 3 | c
    return (((union << 1 | (cap - 4)) << 6 | k) << 2 | s) << 27 | code, key, cap, union


def _suit_row(counts: list[int], s: int, k: int, search: GroupSearch) -> list[tuple[tuple[int, ...], ...]]:
    """One suit's row of :func:`_suit_tables` (``s`` 0..2 萬筒索, 3 honours)."""
    ck, key, cap, union = _row_key(counts, s, k, search)
    hit = _row_cache.get(ck)
    if hit is not None:
        return hit
    row = []
    for j in range(k + 1):
        adds = suit_additions(s, key, j, cap)
        if adds and union != ALL_TILES_MASK:
            adds = tuple(a for a in adds if all((union >> t) & 1 for t in a))
        row.append(adds)
    if len(_row_cache) >= SUIT_CACHE_MAX:
        _row_cache.clear()
    _row_cache[ck] = row
    return row


_row_cache: dict[int, list[tuple[tuple[int, ...], ...]]] = {}


def clear_suit_caches() -> None:
    """Drop every per-suit table this module keeps (tests compare tables built with and without the
    shipped complete-suit list; the caches never change an answer)."""
    for cache in (_fill_cache, _free_cache, _additions_cache, _row_cache, _exists_cache):
        cache.clear()
    _fill_size[0] = 0


def _splits(
    tables: Sequence[Sequence[object]], k: int, counts: list[int]
) -> Iterator[tuple[int, int, int, int]]:
    """Ways to share ``k`` wild tiles among the four suits so every suit can be completed and
    exactly one suit holds the eyes.

    A suit's table row ``j`` lists completions into melds, plus one pair when the suit's size is
    2 mod 3.  Four suits each 2 mod 3 also add up to 2 mod 3 (2 + 2 + 2 + 2 = 8), but that is four
    pairs, not a hand: only splits with exactly one suit of size 2 mod 3 are kept.
    """
    n0, n1, n2 = (sum(counts[s * 9 : s * 9 + 9]) for s in range(3))
    n3 = sum(counts[27:NUM_KINDS])
    for j0 in range(k + 1):
        if not tables[0][j0]:
            continue
        for j1 in range(k - j0 + 1):
            if not tables[1][j1]:
                continue
            for j2 in range(k - j0 - j1 + 1):
                j3 = k - j0 - j1 - j2
                if not (tables[2][j2] and tables[3][j3]):
                    continue
                eyes_suits = (n0 + j0) % 3 + (n1 + j1) % 3 + (n2 + j2) % 3 + (n3 + j3) % 3
                if eyes_suits == 2:  # every size is 0 or 2 mod 3 here: one suit holds the eyes
                    yield j0, j1, j2, j3


def fast_completions(counts: list[int], k: int, search: GroupSearch) -> set[tuple[int, ...]]:
    """Distinct multisets of ``k`` tiles completing ``counts`` into melds and one pair, with the
    wildcards' ranges respected (``search.mask_ok``).  Same answer as ``search.run()`` when melds
    may hold several wildcards and the eyes may be two: the suits are independent, so each suit's
    completions come from a cached table and only the split of ``k`` is searched (:func:`_splits`
    keeps the splits where exactly one suit, the one holding the eyes, ends 2 mod 3).

    Stops at the safety budget (:data:`MAX_COMPLETIONS`) and then sets ``search.truncated``.
    """
    tables = _suit_tables(counts, k, search)
    out: set[tuple[int, ...]] = set()
    single = len(search.groups) <= 1
    budget = search.budget
    spend = search.spend
    for j0, j1, j2, j3 in _splits(tables, k, counts):
        for t0 in tables[0][j0]:
            for t1 in tables[1][j1]:
                t01 = t0 + t1
                for t2 in tables[2][j2]:
                    t012 = t01 + t2
                    spend(len(tables[3][j3]))
                    for t3 in tables[3][j3]:
                        tiles = t012 + t3
                        if single or search.mask_ok(list(tiles)):
                            out.add(tiles)
                            if len(out) >= budget:
                                search.truncated = True
                                return out
    return out


def _suit_presence(counts: list[int], s: int, k: int, search: GroupSearch) -> tuple[bool, ...]:
    """For ``j`` in 0..k: whether one suit has some addition of ``j`` tiles within the wildcards'
    union range (the row of :func:`_suit_row`, reduced to yes/no: found lazily, never listed)."""
    ck, key, cap, union = _row_key(counts, s, k, search)
    hit = _presence_cache.get(ck)
    if hit is not None:
        return hit
    base = s * 9
    room = tuple(cap - c if (union >> (base + r)) & 1 else 0 for r, c in enumerate(key))
    row = [fill_exists(s == 3, key, j, room) for j in range(k + 1)]
    if len(_presence_cache) >= SUIT_CACHE_MAX:
        _presence_cache.clear()
    hit = tuple(row)
    _presence_cache[ck] = hit
    return hit


_presence_cache: dict[int, tuple[bool, ...]] = {}


def _feasibility_row(
    counts: list[int], s: int, k: int, search: GroupSearch, *, relaxed: bool = False, probe: int = -1
) -> Sequence[object]:
    """What :func:`_fast_feasible` needs of suit ``s``: yes/no per ``j`` when every wildcard has
    the same range (no matching to do) or when ``relaxed``, else the additions themselves.
    ``probe``: a tile of suit ``s`` that ``counts`` includes as the tile waited on (the additions
    are then read off those of the counts without it, :func:`_probe_row`)."""
    if relaxed or len(search.groups) <= 1:
        return _suit_presence(counts, s, k, search)
    if probe >= 0:
        return _probe_row(counts, s, k, search, probe)
    return _suit_row(counts, s, k, search)


def _probe_row(
    counts: list[int], s: int, k: int, search: GroupSearch, probe: int
) -> list[tuple[tuple[int, ...], ...]]:
    """:func:`_suit_row` of ``counts``, which hold ``probe`` (a tile of suit ``s``), read off the
    additions of one more tile to the counts without it: a ``j``-tile addition completes the suit
    with ``probe`` exactly when adding ``probe`` to it gives a ``j + 1``-tile addition of the suit
    without ``probe``.  The waits ask this for every tile of a suit, and the suit without the tile
    is the same for all of them, so its additions are found once instead of once per tile."""
    ck, key, cap, union = _row_key(counts, s, k, search)
    hit = _row_cache.get(ck)
    if hit is not None:
        return hit
    without = list(key)
    without[probe - s * 9] -= 1
    row = []
    for j in range(k + 1):
        found = []
        for a in suit_additions(s, tuple(without), j + 1, cap):
            if probe in a:
                rest = list(a)
                rest.remove(probe)
                if union == ALL_TILES_MASK or all((union >> x) & 1 for x in rest):
                    found.append(_interned(tuple(rest)))
        row.append(tuple(sorted(found)))
    if len(_row_cache) >= SUIT_CACHE_MAX:
        _row_cache.clear()
    _row_cache[ck] = row
    return row


def _fast_feasible(
    counts: list[int],
    k: int,
    search: GroupSearch,
    rows: list[Sequence[object]] | None = None,
    *,
    relaxed: bool = False,
) -> bool:
    """True when ``counts`` plus some ``k`` tiles the wildcards may be form melds and one pair
    (``rows``: the :func:`_feasibility_row` of each suit when the caller has them).

    ``relaxed``: every wildcard is treated as having the union of the ranges (no matching), a
    necessary condition only — False then still proves the hand cannot be completed."""
    if rows is None:
        rows = [_feasibility_row(counts, s, k, search, relaxed=relaxed) for s in range(4)]
    single = relaxed or len(search.groups) <= 1
    spend = search.spend
    for j0, j1, j2, j3 in _splits(rows, k, counts):
        spend()
        if single:
            return True
        parts_lists = (rows[0][j0], rows[1][j1], rows[2][j2], rows[3][j3])
        if search.hall:
            # parts that ask the same of the wildcards (how many tiles each set of ranges admits)
            # are one choice: Hall's condition on their summed demands decides
            demands = [search.demands(parts) for parts in parts_lists]
            for combo in product(*demands):
                spend()
                if search.demand_ok([sum(col) for col in zip(*combo, strict=True)]):
                    return True
            continue
        for parts in product(*parts_lists):  # type: ignore[call-overload]
            if search.mask_ok([t for p in parts for t in p]):
                return True
    return False


def _fast_path(counts: list[int], k: int, n_groups: int, wr: WildRules) -> bool:
    """The per-suit tables apply: melds may hold three wildcards, the eyes two, and the tile count
    is that of melds and eyes."""
    return wr.max_per_concealed_meld >= 3 and wr.eyes_both_wild and sum(counts) + k == 3 * n_groups + 2


def _completions(
    counts: list[int], units: list[WildUnit], n_groups: int, wr: WildRules
) -> tuple[set[tuple[int, ...]], GroupSearch]:
    """Completions of the concealed ``counts`` by ``units`` (standard shape) and the search used."""
    search = GroupSearch(list(counts), units, n_groups, wr, wr.max_per_concealed_meld)
    k = len(units)
    if _fast_path(counts, k, n_groups, wr):
        if k > FAST_MAX and not _fast_feasible(counts, k, search, relaxed=True):
            return set(), search  # most non-wins with many wildcards: rejected at once
        return fast_completions(counts, k, search), search
    return search.run(), search


ANY_TILE_RULES = WildRules(table_kinds=("皇",))
"""The wildcard rules of :func:`any_tile_completions`: melds of any number of wildcards, eyes of two."""


def any_tile_completions(
    counts: Sequence[int], k: int, n_groups: int, specials: frozenset[Shape] = frozenset()
) -> tuple[frozenset[tuple[int, ...]], bool]:
    """Every distinct way ``k`` wildcards that may each be any tile (財神, 皇) complete ``counts``.

    Args:
        counts: the natural tiles still to arrange (34 counts: the standing tiles, winning tile
            included, declared melds left out).
        k: how many wildcards, 0 or more.
        n_groups: sets still to make (4 − declared melds at 13 tiles, 5 − at 16); the eyes come extra.
        specials: special shapes to complete as well (:func:`_special_candidates`: at 13 tiles seven
            pairs and 十三幺; at 16 嚦咕嚦咕, 十六不搭, 十三幺), only meaningful with no declared meld.

    Returns:
        ``(completions, truncated)``: the sorted multisets of ``k`` tiles (a completion may put a
        fifth copy of a kind in the hand: the caller drops those), and True when a safety cap
        (:class:`SearchLimits`) stopped the listing, so that some completion may be missing.

    Spends budget units on :func:`~taipai.core.budget.current_budget` (raises ``BudgetExhausted``).
    """
    free = [0] * NUM_KINDS
    free[0:NUM_KINDS] = counts
    if k == 0:
        whole = (sum(free) == 3 * n_groups + 2 and is_standard_complete(free)) or (
            bool(specials) and any(True for _ in _special_candidates(free, 0, False, specials))
        )
        return (frozenset({()}) if whole else frozenset()), False
    units = [_ANY_TILE] * k
    found, search = _completions(free, units, n_groups, ANY_TILE_RULES)
    out = set(found)
    if specials:
        out |= _special_completions(free, units, search, specials)
    return frozenset(out), search.truncated


def score_wild_hand(
    spec: HandSpec, scorer: WildScorer, *, bounded: bool | None = None, limits: SearchLimits | None = None
) -> Score:
    """The best score of a hand holding wildcards, and what each wildcard was read as.

    Args:
        spec: a hand whose ``wilds`` / ``winning_wild`` / ``Meld.wilds`` name wildcard kinds.
        scorer: the game's plug-in (:class:`~taipai.core.wilds.plugin.WildScorer`): hand size,
            wildcard rules, special shapes, the natural scorer and its optional bound.
        bounded: None chooses by the number of wildcards (:data:`BOUND_FROM`); True always uses
            the branch and bound; False scores every completion (the tests' reference for the
            branch and bound: same Score, more work).
        limits: the safety caps (:class:`SearchLimits`; default the module's).

    Returns:
        The Score of the best admissible reading (highest total, then fan, then the first
        completion in sorted order), with ``wilds`` listing (kind, tile) per wildcard: concealed and
        winning ones in the order of the hand, then those in melds.

    Raises:
        HandError: ``wild_unplaceable`` naming the wildcard that cannot stand for any tile that
            completes the hand; ``not_a_win`` when even unrestricted wildcards could not complete it.
    """
    best = best_wild_score(spec, scorer, bounded=bounded, limits=limits)
    if best is None:
        raise explain_failure(spec, scorer)
    return best


def best_wild_score(
    spec: HandSpec, scorer: WildScorer, *, bounded: bool | None = None, limits: SearchLimits | None = None
) -> Score | None:
    """:func:`score_wild_hand`, but None when no completion wins (the caller explains it, e.g. with
    :func:`explain_failure`).  Same arguments; raises the same errors but the non-win ones."""
    token = _limits.set(limits if limits is not None else DEFAULT_LIMITS)
    try:
        with gc_paused():
            return _score_wild_hand(spec, scorer, bounded=bounded)
    finally:
        _limits.reset(token)


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for one bounded search, and restore it after.

    The search allocates tens of thousands of short-lived tuples and lists per hand; the collector's
    passes over them cost 25–30% of an eight-wildcard search (measured: 265 → 184–204 ms on the
    worst hand of ``benchmarks/wild_bench.py``).  Reference counting still frees them at once; only
    cycles wait for the next collection.  Leaves the collector off if it was off on entry.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _score_wild_hand(spec: HandSpec, scorer: WildScorer, *, bounded: bool | None = None) -> Score | None:
    """:func:`score_wild_hand` with the collector paused.  ``bounded``: None chooses by the number
    of wildcards (:data:`BOUND_FROM`); True always uses the branch and bound; False scores every
    completion (the tests' reference for the branch and bound)."""
    wr = scorer.wild_rules
    if spec.wild_count > wr.max_wilds_per_hand:
        raise HandError(
            "wild_unsupported",
            f"{spec.wild_count} wildcards in one hand; this table allows at most {wr.max_wilds_per_hand}",
            token=f"{spec.wild_count}",
            hint="a hand holds at most as many wildcards as the table's rule max_wilds_per_hand",
            hint_args={"count": spec.wild_count, "limit": wr.max_wilds_per_hand},
        )
    wr.check_held(
        [
            *spec.wilds,
            *([spec.winning_wild] if spec.winning_wild else []),
            *(k for m in spec.melds for k in m.wilds),
        ]
    )
    if spec.winning_wild is not None and not spec.self_drawn and not wr.discarded_wild_winnable:
        raise HandError(
            "wild_unplaceable",
            "at this table a discarded wildcard cannot be won on",
            token=spec.winning_wild,
        )
    _refuse_rangeless(spec, wr)
    truncated = [False]
    if bounded is None:
        bounded = spec.wild_count >= BOUND_FROM
    if bounded and not scorer.repeat_counting:
        best = _bounded_best(spec, scorer, truncated)
    else:
        best = _exhaustive_best(spec, scorer, truncated)
    if best is None:
        return None
    return replace(best[0].score(), wilds=best[1].reads, exact=not truncated[0])


def _refuse_rangeless(spec: HandSpec, wr: WildRules) -> None:
    """Refuse, before any search, a hand holding a concealed or winning wildcard that can stand for
    no tile in this hand's context: 現 with nothing seen (「出現咗先當得」), 牛/熊 whose number no
    natural tile allows, 限五 when every 門 already holds five natural tiles, 複製 with nothing it
    may act as.  Such a hand is no win, whatever the other wildcards stand for; without this the
    search would enumerate the others' tiles until its budget ran out.  (A wildcard in a declared
    meld is refused by :func:`_meld_choices` the same way.)

    Raises:
        HandError: ``wild_unplaceable`` with ``token`` and ``hint_args["kind"]`` the first such
            wildcard, in the order of the hand.
    """
    ctx = wild_context(spec, wr)
    names = [*spec.wilds, *([spec.winning_wild] if spec.winning_wild is not None else [])]
    for i, name in enumerate(names):
        unit = wild_unit(name, ctx, winning=i == len(spec.wilds))
        if unit.mask == 0:
            raise HandError(
                "wild_unplaceable",
                f"the wildcard [{unit.name}] can stand for no tile in this hand",
                token=unit.name,
                hint="its range is empty here (現: no tile seen on the table yet)",
                hint_args={"kind": unit.name},
            )


def _exhaustive_best(
    spec: HandSpec, scorer: WildScorer, truncated: list[bool]
) -> tuple[Evaluated, _Candidate] | None:
    """Score every completion (up to the budgets); the best by (total, fan), first in search order."""
    wait_tiles: tuple[int, ...] | None = None
    best: tuple[Evaluated, _Candidate] | None = None
    scored = 0
    max_scored = _limits.get().scored
    spend = current_budget().spend
    for cand in _candidates(spec, scorer, truncated=truncated):
        if scored >= max_scored:
            truncated[0] = True
            break
        scored += 1
        spend(EVAL_UNITS)
        if wait_tiles is None:
            if not _admissible(cand, scorer):
                continue
            wait_tiles = wild_waits(spec, scorer)
        try:
            found = scorer.evaluate(cand.concrete, wait_tiles=wait_tiles, reading_ok=cand.reading_ok)
        except HandError:
            continue
        if best is None or found.key > best[0].key:
            best = (found, cand)
    return best


BOUND_FROM = 3
"""Hands with this many wildcards or more use the branch and bound; with fewer, the few completions
(a handful to a few dozen) are scored outright, which is quicker than building their bounds."""

SLICE_FANOUT = 8
"""A suit's choices are bounded in slices of its sorted summaries: a slice of more than this many is
split into this many, each under its own envelope, so a slice whose bound falls below the best total
is dropped whole instead of bounding each of its summaries."""


class _Row:
    """One suit's fills for one number of wild tiles, grouped by the summary of the suit they finish
    and sorted by that summary's own fan (so that neighbours are alike and their envelopes tight),
    with the envelope of any slice on demand."""

    __slots__ = ("_bounder", "_envelopes", "entries")

    def __init__(self, bounder: WildBound, entries: list[tuple[Summary, list[tuple[int, ...]]]]) -> None:
        self._bounder = bounder
        self.entries = entries
        self._envelopes: dict[tuple[int, int], Summary] = {}

    def envelope(self, lo: int, hi: int) -> Summary:
        """The envelope of the summaries ``entries[lo:hi]``; cached.  A slice of more than
        :data:`ENVELOPE_BLOCK` summaries is enveloped from the envelopes of the slices
        :func:`_children` cuts it into (an envelope of envelopes bounds every member: each bounds
        its own), which are then cached for when it is cut: a row's summaries are read once, not
        once per level of slicing."""
        hit = self._envelopes.get((lo, hi))
        if hit is None:
            if hi - lo > ENVELOPE_BLOCK:
                step = -(-(hi - lo) // SLICE_FANOUT)
                parts = [self.envelope(a, min(a + step, hi)) for a in range(lo, hi, step)]
            else:
                parts = [e[0] for e in self.entries[lo:hi]]
            hit = self._envelopes[(lo, hi)] = self._bounder.envelope(parts)
        return hit


ENVELOPE_BLOCK = 64
"""Slices up to this many summaries are enveloped directly, larger ones from their parts
(:meth:`_Row.envelope`): small blocks would cost more in calls than they save."""


class _Node(NamedTuple):
    """A set of completions in the branch and bound: one split of the wildcards among the suits, the
    summaries chosen for its first suits (``prefix``, with their fills), the slice ``lo:hi`` of the
    next suit's row still open, and every choice of the suits after it.  Complete when every suit is
    chosen; a completion listed on its own (``rows`` empty) is complete from the start.  A named
    tuple: the search makes one per child bound (thousands per hand), and a frozen dataclass took
    almost four times as long to build (0.7 against 0.19 µs)."""

    choice: _MeldsChosen
    bounder: WildBound
    rows: tuple[_Row, ...]
    prefix: tuple[Summary, ...]
    fills: tuple[Sequence[tuple[int, ...]], ...]
    search: GroupSearch | None  # when set, each completion must pass its range check (mask_ok)
    lo: int = 0
    hi: int = 0
    suits: tuple[int, ...] = ()  # the suit (0..3 萬筒索字) of each row, in the order chosen
    members: tuple[tuple[tuple[int, ...], list[int]], ...] = ()  # a group of listed completions
    #   (wild tiles, final counts) under one envelope bound (_explicit_groups), expanded when taken


def _bounded_best(
    spec: HandSpec, scorer: WildScorer, truncated: list[bool]
) -> tuple[Evaluated, _Candidate] | None:
    """The best completion by (total, fan), first in search order: best-first branch and bound.

    A node is a set of completions with an upper bound on their totals
    (:mod:`taipai.systems.hk_taiwan.scorebound`): on the per-suit tables, one split of the wildcards
    among the suits, its suits chosen one at a time from their distinct summaries, the suits not yet
    chosen bounded by an envelope of theirs.
    The node with the highest bound is taken first; a complete one has its completions scored.  The
    search stops when the highest bound left is below the best total scored.  Every completion whose
    bound reaches that total is scored, so the answer, ties included, is the exhaustive one
    (:func:`_exhaustive_best`; ``tests/systems/hk_taiwan/test_wild_bound.py`` compares them).

    A game whose scorer says ``ties_equal`` (:class:`~taipai.core.wilds.plugin.WildScorer`: equal
    totals are equal answers) has the search stop as soon as the best total scored reaches the
    highest bound left, including inside a node: with a small capped unit (河源百搭's 爆和 at 3番 under
    eight 保) thousands of completions tie the bound, and scoring them all would spend the budget on
    answers that cannot change what is paid.  The reading returned is then the first found in search
    order (deterministic: the order depends on the hand only), not the first in sorted order.
    """
    setup = _setup(spec, scorer)
    sources = [_sources(setup, choice, scorer) for choice in setup.choices]
    if not any(tables or explicit for _, tables, _, explicit in sources):
        return None
    wait_tiles = wild_waits(spec, scorer)
    ties_equal = bool(getattr(scorer, "ties_equal", False))
    heap: list[tuple[int, int, _Node]] = []
    order = count()
    for choice, (search, tables, splits, explicit) in zip(setup.choices, sources, strict=True):
        b = scorer.bounder(spec, choice.melds, wait_tiles)
        if b is None:  # the game gives no bound for this hand
            return _exhaustive_best(spec, scorer, truncated)
        if ties_equal or len(explicit) <= EXPLICIT_ALONE:
            for wild_tiles in explicit:
                final = setup.final(choice, wild_tiles)
                if final is not None:
                    node = _Node(choice, b, (), (), ((wild_tiles,),), None)
                    heapq.heappush(heap, (-b.bound(final), next(order), node))
        else:
            for bound, members in _explicit_groups(setup, choice, b, explicit):
                node = _Node(choice, b, (), (), (), None, members=members)
                heapq.heappush(heap, (-bound, next(order), node))
        if tables is not None:
            check = None if len(search.groups) <= 1 else search
            for rows in _split_rows(setup, choice, b, tables, splits):
                bound, node = _root(choice, b, rows, check)
                heapq.heappush(heap, (-bound, next(order), node))
    best: tuple[Evaluated, _Candidate] | None = None
    best_order: tuple[int, tuple[int, ...], int] = (0, (), 0)
    seen: set[tuple[int, tuple[int, ...]]] = set()
    scored = 0
    nodes = 0
    max_scored = _limits.get().scored
    max_nodes = _limits.get().nodes
    win_wild = spec.winning_wild is not None
    spend = current_budget().spend
    while heap:
        spend()
        negative, _, node = heapq.heappop(heap)
        least = best[0].total if best is not None else None
        if least is not None and (-negative < least or (ties_equal and -negative == least)):
            break
        if node.members:  # a group of listed completions: each alone now, under its own bound
            for wild_tiles, final in node.members:
                spend(BOUND_UNITS)
                bound = node.bounder.bound(final)
                if least is None or bound > least or (bound == least and not ties_equal):
                    child = _Node(node.choice, node.bounder, (), (), ((wild_tiles,),), None)
                    heapq.heappush(heap, (-bound, next(order), child))
            continue
        chosen = len(node.prefix)
        if chosen < len(node.rows):
            nodes += 1
            if nodes > max_nodes:
                truncated[0] = True
                # nothing scored yet: the budgeted exhaustive search still finds a reading
                return best if best is not None else _exhaustive_best(spec, scorer, truncated)
            for bound, child in _children(node, chosen):
                spend(BOUND_UNITS)
                if least is None or bound > least or (bound == least and not ties_equal):
                    heapq.heappush(heap, (-bound, next(order), child))
            continue
        choice = node.choice
        for parts in product(*node.fills):
            if ties_equal and best is not None and best[0].total >= -negative:
                break  # nothing left in this node can beat the best: its bound is reached
            spend()
            tiles = parts[0] if len(parts) == 1 else tuple(sorted(t for p in parts for t in p))
            key = (choice.index, tiles)
            if key in seen:
                continue
            seen.add(key)
            if node.search is not None and not node.search.mask_ok(list(tiles)):
                continue
            final = setup.final(choice, tiles)
            if final is None:
                continue
            for cand in _completion_candidates(
                spec, setup.ctx, setup.units, choice.melds, choice.meld_assign, tiles, final
            ):
                if scored >= max_scored:
                    truncated[0] = True
                    return best
                scored += 1
                spend(EVAL_UNITS)
                try:
                    found = scorer.evaluate(cand.concrete, wait_tiles=wait_tiles, reading_ok=cand.reading_ok)
                except HandError:
                    continue
                win = cand.concrete.winning_tile
                order_key = (choice.index, tiles, win if win_wild and win is not None else -1)
                if (
                    best is None
                    or found.key > best[0].key
                    or (found.key == best[0].key and order_key < best_order)
                ):
                    best = (found, cand)
                    best_order = order_key
    return best


EXPLICIT_ALONE = 32
"""A choice of melds with more listed completions than this (special shapes: eight 皇 make about
2,000 嚦咕嚦咕) has them bounded in groups (:func:`_explicit_groups`) rather than one by one."""


def _explicit_groups(
    setup: _Setup, choice: _MeldsChosen, b: WildBound, explicit: set[tuple[int, ...]]
) -> Iterator[tuple[int, tuple[tuple[tuple[int, ...], list[int]], ...]]]:
    """The listed completions ``explicit`` of one choice of melds in groups of the same tile count
    per suit, each with the bound of its suits' envelopes (an envelope bounds summaries of one suit
    and one tile count, :meth:`WildBound.envelope`): (bound, ((wild tiles, final counts), …)).  A
    group whose bound falls below the best total is dropped without bounding its members; one that
    is taken bounds each member alone (:func:`_bounded_best`)."""
    groups: dict[tuple[int, ...], list[tuple[tuple[int, ...], list[int]]]] = {}
    suits: dict[tuple[int, ...], list[set[tuple[int, ...]]]] = {}
    for wild_tiles in explicit:
        final = setup.final(choice, wild_tiles)
        if final is None:
            continue
        parts = (tuple(final[0:9]), tuple(final[9:18]), tuple(final[18:27]), tuple(final[27:34]))
        sizes = tuple(map(sum, parts))
        groups.setdefault(sizes, []).append((wild_tiles, final))
        distinct = suits.setdefault(sizes, [set(), set(), set(), set()])
        for seen, part in zip(distinct, parts, strict=True):
            seen.add(part)
    spend = current_budget().spend
    for sizes, members in groups.items():
        envelopes = []
        for s, seen in enumerate(suits[sizes]):
            spend(len(seen))
            envelopes.append(b.envelope([b.summary(s, part) for part in sorted(seen)]))
        spend(BOUND_UNITS)
        yield b.total(*envelopes), tuple(members)


def _children(node: _Node, chosen: int) -> Iterator[tuple[int, _Node]]:
    """The children of an incomplete node and their bounds: its open slice cut in
    :data:`SLICE_FANOUT` slices, or, when small, each summary of it chosen for the next suit."""
    b = node.bounder
    rows = node.rows
    row = rows[chosen]
    rest = [r.envelope(0, len(r.entries)) for r in rows[chosen + 1 :]]
    lo, hi = node.lo, node.hi
    if hi - lo > SLICE_FANOUT:
        step = -(-(hi - lo) // SLICE_FANOUT)
        for a in range(lo, hi, step):
            z = min(a + step, hi)
            child = _Node(node.choice, b, rows, node.prefix, node.fills, node.search, a, z, node.suits)
            yield _bound(b, node.suits, (*node.prefix, row.envelope(a, z), *rest)), child
        return
    nxt = chosen + 1
    size = len(rows[nxt].entries) if nxt < len(rows) else 0
    for summary, suit_fills in row.entries[lo:hi]:
        prefix = (*node.prefix, summary)
        child = _Node(
            node.choice, b, rows, prefix, (*node.fills, suit_fills), node.search, 0, size, node.suits
        )
        yield _bound(b, node.suits, (*prefix, *rest)), child


def _bound(b: WildBound, suits: tuple[int, ...], summaries: Sequence[Summary]) -> int:
    """:meth:`WildBound.total` of ``summaries`` given in the order ``suits``."""
    ordered: list[Summary] = [(), (), (), ()]
    for s, summary in zip(suits, summaries, strict=True):
        ordered[s] = summary
    return b.total(*ordered)


def _root(
    choice: _MeldsChosen, b: WildBound, rows: tuple[_Row, ...], search: GroupSearch | None
) -> tuple[int, _Node]:
    """The node of one split and its bound: the suits ordered by how many summaries they have, the
    suits with one chosen at once (the one with most choices is cut last, in slices)."""
    suits = tuple(sorted(range(len(rows)), key=lambda s: len(rows[s].entries)))
    ordered = tuple(rows[s] for s in suits)
    single = 0
    while single < len(ordered) and len(ordered[single].entries) == 1:
        single += 1
    prefix = tuple(r.entries[0][0] for r in ordered[:single])
    fills = tuple(r.entries[0][1] for r in ordered[:single])
    size = len(ordered[single].entries) if single < len(ordered) else 0
    node = _Node(choice, b, ordered, prefix, fills, search, 0, size, suits)
    return _bound(b, suits, [r.envelope(0, len(r.entries)) for r in ordered]), node


def _sources(
    setup: _Setup, choice: _MeldsChosen, scorer: WildScorer
) -> tuple[
    GroupSearch,
    list[list[tuple[tuple[int, ...], ...]]] | None,
    list[tuple[int, int, int, int]],
    set[tuple[int, ...]],
]:
    """Where one meld reading's completions come from: (the search, the per-suit tables and their
    splits when they apply, the completions listed one by one: the search's own, special shapes)."""
    counts, units, wr = setup.counts, setup.units, setup.wr
    k = len(units)
    search = GroupSearch(list(counts), units, choice.n_groups, wr, wr.max_per_concealed_meld)
    tables = None
    splits: list[tuple[int, int, int, int]] = []
    explicit: set[tuple[int, ...]] = set()
    if _fast_path(counts, k, choice.n_groups, wr):
        if k <= FAST_MAX or _fast_feasible(counts, k, search, relaxed=True):
            tables = _suit_tables(counts, k, search)
            splits = list(_splits(tables, k, counts))
    else:
        explicit = search.run()
    if wr.special_shapes and not choice.melds:
        explicit |= _special_completions(counts, units, search, scorer.special_shapes)
    if not splits:
        tables = None
    return search, tables, splits, explicit


def _split_rows(
    setup: _Setup,
    choice: _MeldsChosen,
    b: WildBound,
    tables: list[list[tuple[tuple[int, ...], ...]]],
    splits: list[tuple[int, int, int, int]],
) -> Iterator[tuple[_Row, ...]]:
    """Per split of the wildcards among the suits: each suit's fills grouped by summary."""
    natural = list(setup.counts)
    for t in choice.meld_tiles:
        natural[t] += 1
    by_row: dict[tuple[int, int], _Row] = {}
    for split in splits:
        rows = []
        for s, j in enumerate(split):
            row = by_row.get((s, j))
            if row is None:
                row = by_row[(s, j)] = _summarised(b, s, natural, tables[s][j])
            rows.append(row)
        yield tuple(rows)


def _summarised(b: WildBound, suit: int, natural: list[int], fills: Sequence[tuple[int, ...]]) -> _Row:
    """``fills`` (one suit's additions, sorted) grouped by the summary of the suit they finish."""
    offset = 27 if suit == 3 else suit * 9
    base = natural[offset : offset + (7 if suit == 3 else 9)]
    out: dict[Summary, list[tuple[int, ...]]] = {}
    current_budget().spend(len(fills))
    for summary, fill in zip(b.summaries(suit, base, fills), fills, strict=True):
        out.setdefault(summary, []).append(fill)
    return _Row(b, sorted(out.items(), key=lambda e: b.suit_fan(e[0]), reverse=True))


@dataclass(frozen=True, slots=True)
class _Candidate:
    """One completion: the concrete hand, the reading filter, what each wildcard stands for
    (``assign`` works it out; only the winning completion's is needed)."""

    concrete: HandSpec
    reading_ok: Callable[[Reading], bool] | None
    assign: Callable[[], tuple[WildReading, ...]]

    @property
    def reads(self) -> tuple[WildReading, ...]:
        """What each wildcard stands for: concealed and winning ones in hand order, then melds'."""
        return self.assign()


def _admissible(cand: _Candidate, scorer: WildScorer) -> bool:
    """True when the concrete hand has a reading the wildcards may take."""
    current_budget().spend(EVAL_UNITS // 4)
    found = readings(cand.concrete, hand_size=scorer.hand_size)
    if cand.reading_ok is None:
        if not found and scorer.hand_size == 13 and not cand.concrete.melds and scorer.special_shapes:
            # the core readings are standard only at 13 tiles; a position-dependent wildcard (a
            # reading filter) never stands in a 13-tile special shape
            return special_13(hand_counts(cand.concrete), scorer.special_shapes) is not None
        return bool(found)
    return any(cand.reading_ok(r) for r in found)


def _candidates(
    spec: HandSpec,
    scorer: WildScorer,
    units_override: list[WildUnit] | None = None,
    truncated: list[bool] | None = None,
) -> Iterator[_Candidate]:
    """Every distinct completion of ``spec``: melds with wildcards resolved, concealed wildcards
    read as tiles, the winning wildcard read as each tile it may be."""
    setup = _setup(spec, scorer, units_override)
    for choice in setup.choices:
        completions, search = _completions(setup.counts, setup.units, choice.n_groups, setup.wr)
        if setup.wr.special_shapes and not choice.melds:
            completions |= _special_completions(setup.counts, setup.units, search, scorer.special_shapes)
        if search.truncated and truncated is not None:
            truncated[0] = True
        for wild_tiles in sorted(completions):
            current_budget().spend()  # the final counts of one completion
            final = setup.final(choice, wild_tiles)
            if final is not None:
                yield from _completion_candidates(
                    spec, setup.ctx, setup.units, choice.melds, choice.meld_assign, wild_tiles, final
                )


@dataclass(frozen=True, slots=True)
class _MeldsChosen:
    """One reading of the declared melds that hold wildcards (one per :func:`_meld_choices` combo)."""

    index: int  # place in the search order
    melds: tuple[Meld, ...]  # every declared meld, wildcards resolved
    meld_assign: list[tuple[WildUnit, int]]  # (wildcard, tile) inside the declared melds
    n_groups: int  # melds still to make from the concealed tiles
    meld_tiles: tuple[int, ...]  # the declared melds' tiles (a kong's four)


@dataclass(frozen=True, slots=True)
class _Setup:
    """What every completion of one hand shares: rules, context, the concealed wildcards (units),
    the concealed natural counts (winning tile included) and the declared-meld readings."""

    wr: WildRules
    ctx: WildContext
    units: list[WildUnit]
    counts: list[int]
    choices: list[_MeldsChosen]

    def final(self, choice: _MeldsChosen, wild_tiles: Sequence[int]) -> list[int] | None:
        """The finished hand's 34 counts (melds included), or None when it breaks the copy cap or
        a suit-count kind (確單 …) inside a declared meld."""
        final = list(self.counts)
        for t in wild_tiles:
            final[t] += 1
        for t in choice.meld_tiles:
            final[t] += 1
        if not self.wr.fifth_copy and max(final) > 4:
            return None
        if not _meld_suits_ok(choice.meld_assign, final):
            return None
        return final


def _setup(spec: HandSpec, scorer: WildScorer, units_override: list[WildUnit] | None = None) -> _Setup:
    """The :class:`_Setup` of ``spec`` (``units_override``: probe wildcards for the waits)."""
    wr = scorer.wild_rules
    ctx = wild_context(spec, wr)
    if units_override is not None:
        units = units_override
    else:
        units = [wild_unit(k, ctx) for k in spec.wilds]
        if spec.winning_wild is not None:
            units.append(wild_unit(spec.winning_wild, ctx, winning=True))
    wild_melds = [m for m in spec.melds if m.wilds]
    plain_melds = tuple(m for m in spec.melds if not m.wilds)
    meld_options = [_meld_choices(m, ctx, wr) for m in wild_melds]
    counts = [0] * NUM_KINDS
    for t in spec.concealed:
        counts[t] += 1
    if spec.winning_tile is not None:
        counts[spec.winning_tile] += 1
    choices = []
    for index, combo in enumerate(product(*meld_options) if meld_options else [()]):
        melds = plain_melds + tuple(ch.meld for ch in combo)
        choices.append(
            _MeldsChosen(
                index=index,
                melds=melds,
                meld_assign=[(u, sl.tile) for ch in combo for u, sl in zip(ch.units, ch.slots, strict=True)],
                n_groups=scorer.hand_size // 3 - len(melds),
                meld_tiles=tuple(t for m in melds for t in m.tiles),
            )
        )
    return _Setup(wr, ctx, units, counts, choices)


def _completion_candidates(spec, ctx, units, melds, meld_assign, wild_tiles, final) -> Iterator[_Candidate]:
    """The candidates of one wild-tile multiset: one per tile the winning wildcard may be."""
    tiles = list(wild_tiles)
    win_index = next((i for i, u in enumerate(units) if u.winning), None)
    if win_index is None:
        choices: list[int | None] = [None]
    else:
        choices = sorted({t for t in tiles if (units[win_index].mask >> t) & 1})
    positional = any(u.positional for u in units)
    spend = current_budget().spend
    # Without suit-count kinds (確單 …) the search's range check (``GroupSearch.mask_ok``) already
    # proved an assignment of these tiles to the wildcards exists, so it is found only when the
    # completion wins; with them, or with a winning wildcard set aside, it decides admissibility.
    deferred = win_index is None and not any(u.suit_rules for u in units)
    for win_tile in choices:
        spend()
        if win_tile is None:
            rest = tiles
            win = spec.winning_tile
            if deferred:
                assignment = None
            else:
                assignment = _match(units, tiles, lambda u, i: (u.mask >> tiles[i]) & 1, final)
                if assignment is None:
                    continue
        else:
            rest = list(tiles)
            rest.remove(win_tile)
            others = [u for i, u in enumerate(units) if i != win_index]
            sub = _match(others, rest, lambda u, i, r=rest: (u.mask >> r[i]) & 1, final)
            if sub is None or not _suit_ok(units[win_index], win_tile, final):
                continue
            # indices of `others` back to `units`, the winning one at the end
            back = [i for i in range(len(units)) if i != win_index]
            assignment = [back[j] for j in sub]
            win = win_tile
        # a natural winning tile stays the winning tile; a winning wildcard has none (spec.winning_tile
        # is None), so in both cases the concealed tiles are the hand's plus the other wild tiles
        concealed = list(spec.concealed) + list(rest)
        concrete = replace(
            spec,
            concealed=tuple(sorted(concealed)),
            melds=melds,
            winning_tile=win,
            wilds=(),
            winning_wild=None,
        )
        reading_ok = None
        if positional:
            reading_ok = _positional_filter(spec, units, tuple(rest), win_index, win, final, ctx)
        if units and not ctx.rules.special_shapes:
            reading_ok = _standard_only(reading_ok)
        assign = partial(_reads, units, list(rest), assignment, win_index, win, meld_assign)
        yield _Candidate(concrete, reading_ok, assign)


def _reads(
    units: list[WildUnit],
    rest: list[int],
    assignment: list[int] | None,
    win_index: int | None,
    win: int | None,
    meld_assign: list[tuple[WildUnit, int]],
) -> tuple[WildReading, ...]:
    """What each wildcard of one completion stands for (see :attr:`_Candidate.reads`).

    ``assignment``: the unit index of each tile of ``rest``, or None to find one here (it exists:
    the search's range check proved it).
    """
    if assignment is None:
        assignment = _match(units, rest, lambda u, i: (u.mask >> rest[i]) & 1)
        if assignment is None:  # the search let through tiles no assignment fits
            raise AssertionError(f"no assignment of {rest} to {[u.name for u in units]}")
    by_unit = {ui: rest[i] for i, ui in enumerate(assignment)}
    if win_index is not None and win is not None:
        by_unit[win_index] = win
    reads = tuple(WildReading(units[i].name, by_unit[i]) for i in range(len(units)) if i in by_unit)
    return reads + tuple(WildReading(u.name, t) for u, t in meld_assign)


def _positional_filter(spec, units, rest, win_index, win, final, ctx) -> Callable[[Reading], bool]:
    def ok(reading: Reading) -> bool:
        if win_index is None:
            return _reading_admits(reading, spec, units, rest, final, ctx)
        # the winning wildcard stands at the winning tile's place; the others anywhere
        others = [u for i, u in enumerate(units) if i != win_index]
        g = reading.groups[reading.win_index] if reading.win_index >= 0 else None
        if g is not None:
            pos = win - g.tile if g.kind == MeldKind.CHOW else 0
            slot = Slot(tile=win, group_kind=int(g.kind), group_tile=g.tile, position=pos)
            if not _unit_admits(units[win_index], slot, ctx):
                return False
        elif not _unit_admits(units[win_index], Slot.single(win), ctx) and not _unit_admits(
            units[win_index], Slot.pair(win), ctx
        ):
            return False
        return _reading_admits(reading, _with_natural(spec, win), others, rest, final, ctx)

    return ok


def _is_standard(reading: Reading) -> bool:
    return reading.shape is Shape.STANDARD


def _standard_only(reading_ok: Callable[[Reading], bool] | None) -> Callable[[Reading], bool]:
    """``reading_ok`` (or every reading) narrowed to standard readings: at a table whose
    ``special_shapes`` is off (seed 000 「越搭喺自己範圍入面，都可以幫你砌十六不搭、十三么、嚦咕嚦咕」 is
    the option's on side), wildcards in the hand form no 嚦咕嚦咕, 十六不搭 or 十三幺, not even when
    the same tiles also make a standard hand: every special reading of such a hand holds its
    wildcards, since a special shape has no declared melds."""
    if reading_ok is None:
        return _is_standard
    return lambda reading: reading.shape is Shape.STANDARD and reading_ok(reading)


def _with_natural(spec: HandSpec, tile: int) -> HandSpec:
    """``spec`` with ``tile`` counted as a natural winning tile (for place matching)."""
    return replace(spec, winning_tile=tile, winning_wild=None)


def _suit_ok(u: WildUnit, t: int, final: list[int]) -> bool:
    """確單/確雙/限五/七起: the count of the suit ``u`` joins as tile ``t`` fits (honours: a 門 of 7)."""
    if not u.suit_rules:
        return True
    s = t // 9 if t < 27 else 3
    total = sum(final[s * 9 : s * 9 + 9]) if s < 3 else sum(final[27:])
    return any(k.suit_count_ok(total) for k in u.kinds)


def _meld_suits_ok(meld_assign: list[tuple[WildUnit, int]], final: list[int]) -> bool:
    return all(_suit_ok(u, t, final) for u, t in meld_assign)


def _reading_admits(
    reading: Reading,
    spec: HandSpec,
    units: list[WildUnit],
    wild_tiles: tuple[int, ...],
    final: list[int],
    ctx: WildContext,
) -> bool:
    """Can the wildcards sit in this reading's places? (卡番/伍偏/斷缺 depend on the place.)"""
    spend = current_budget().spend
    spend()
    slots: list[Slot] = []
    naturals = [0] * NUM_KINDS
    for t in spec.concealed:
        naturals[t] += 1
    if spec.winning_tile is not None:
        naturals[spec.winning_tile] += 1
    places: dict[int, list[Slot]] = {}
    for g in reading.groups:
        if g.declared:
            continue
        if g.kind == MeldKind.CHOW:
            for pos in range(3):
                places.setdefault(g.tile + pos, []).append(
                    Slot(
                        tile=g.tile + pos,
                        group_kind=int(g.kind),
                        group_tile=g.tile,
                        position=pos,
                        exposed=False,
                        concealed_kong=False,
                    )
                )
        else:
            size = 2 if g.kind == PAIR else 3
            for _ in range(size):
                places.setdefault(g.tile, []).append(
                    Slot(
                        tile=g.tile,
                        group_kind=int(g.kind),
                        group_tile=g.tile,
                        position=0,
                        exposed=False,
                        concealed_kong=False,
                    )
                )
    if reading.shape in (Shape.SIXTEEN_UNRELATED, Shape.THIRTEEN_ORPHANS):
        for t in range(NUM_KINDS):
            extra = naturals[t] + wild_tiles.count(t) - len(places.get(t, []))
            for _ in range(max(0, extra)):
                places.setdefault(t, []).append(Slot.single(t))
    # wild tiles take any of the places of their tile; naturals fill the rest
    for t in set(wild_tiles):
        options = places.get(t, [])
        if len(options) < wild_tiles.count(t):
            return False
        slots.extend(options)
    need = sorted(wild_tiles)
    # choose, per tile, which places the wildcards take: match units to places with capacity
    by_tile: dict[int, list[Slot]] = {}
    for s in slots:
        by_tile.setdefault(s.tile, []).append(s)
    used_place: set[int] = set()
    used_unit = [False] * len(units)
    place_list = [(t, i, s) for t, ss in by_tile.items() for i, s in enumerate(ss)]

    def go(j: int) -> bool:
        spend()
        if j == len(need):
            return True
        t = need[j]
        tried: set[tuple[str, int, int, int]] = set()
        for ui in range(len(units)):
            if used_unit[ui]:
                continue
            u = units[ui]
            for pi, (pt, _, s) in enumerate(place_list):
                if pt != t or pi in used_place:
                    continue
                key = (u.name, s.group_kind, s.group_tile, s.position)
                if key in tried:
                    continue
                tried.add(key)
                if _unit_admits(u, s, ctx) and _suit_ok(u, t, final):
                    used_unit[ui] = True
                    used_place.add(pi)
                    if go(j + 1):
                        return True
                    used_unit[ui] = False
                    used_place.discard(pi)
        return False

    return go(0)


# --------------------------------------------------------------------------- waits and errors


_ANY_TILE = WildUnit(
    name="皇",
    kinds=(kind_named("皇"),),
    mask=ALL_TILES_MASK,
    winning=False,
    suit_rules=False,
    positional=False,
)
_PROBE = WildUnit(name="?", kinds=(), mask=ALL_TILES_MASK, winning=False, suit_rules=False, positional=False)
"""A stand-in for 'the tile still to come' when computing waits: it may be any tile."""


def wild_waits(spec: HandSpec, scorer: WildScorer) -> tuple[int, ...]:
    """Wait set of the 16 tiles before the win, wildcards included (issue 3 item 5).

    A tile kind is a wait when adding it lets the wildcards complete the hand (seed 000's 「叮」 with
    越搭: 「持有現都可以開局就叮」).  One search instead of 34: the tile to come is a probe that may
    be any tile; every tile the probe takes in some completion (the real wildcards still fitting
    their ranges) is a wait.  Position-dependent kinds (卡番 伍偏 斷缺) are then confirmed on the
    exact readings.  The winning wildcard, if any, is not part of the 16.
    """
    wr = scorer.wild_rules
    ctx = wild_context(spec, wr)
    units = [wild_unit(k, ctx) for k in spec.wilds]
    counts = [0] * NUM_KINDS
    for t in spec.concealed:
        counts[t] += 1
    declared = tuple(m for m in spec.melds if not m.wilds)
    resolved_options = [[ch.meld for ch in _meld_choices(m, ctx, wr)] for m in spec.melds if m.wilds]
    used = list(counts)
    for m in declared:
        for t in m.tiles:
            used[t] += 1
    n_groups_base = scorer.hand_size // 3
    probe_units = [*units, _PROBE]
    found: set[int] = set()
    for combo in product(*resolved_options) if resolved_options else [()]:
        melds = declared + tuple(combo)
        if not units:
            found.update(wait_set(list(counts), used, melds, scorer.hand_size))
            continue
        n_groups = n_groups_base - len(melds)
        if _fast_path(counts, len(probe_units), n_groups, wr) and (
            len(units) <= FAST_MAX or len({u.mask for u in units}) == 1
        ):
            shapes = scorer.special_shapes if wr.special_shapes and not melds else frozenset()
            found.update(_fast_waits(counts, units, n_groups, wr, found, shapes=shapes))
            continue
        completions, search = _completions(counts, probe_units, n_groups, wr)
        if wr.special_shapes and not melds:
            completions |= _special_completions(counts, probe_units, search, scorer.special_shapes)
        # the real wildcards' range check (cached per tile multiset; Hall's condition for a few ranges)
        real = GroupSearch(list(counts), units, n_groups, wr, wr.max_per_concealed_meld)
        spend = search.spend
        for wild_tiles in completions:
            for j, t in enumerate(wild_tiles):
                spend()
                if t in found:
                    continue
                rest = [x for i, x in enumerate(wild_tiles) if i != j]
                if real.mask_ok(rest):
                    found.add(t)
    cap = 5 if wr.fifth_copy else 4
    out = [t for t in sorted(found) if used[t] < cap]
    if any(u.positional or u.suit_rules for u in units):
        out = [t for t in out if _wins_with(spec, scorer, t)]
    return tuple(out)


def _fast_waits(
    counts: list[int],
    units: list[WildUnit],
    n_groups: int,
    wr: WildRules,
    known: set[int],
    *,
    shapes: frozenset[Shape],
) -> set[int]:
    """Tiles ``t`` (not in ``known``) such that ``counts`` plus ``t`` can be completed by ``units``:
    one feasibility check per tile on the per-suit tables (and the special ``shapes`` allowed)."""
    search = GroupSearch(list(counts), units, n_groups, wr, wr.max_per_concealed_meld)
    k = len(units)
    out: set[int] = set()
    if not _special_possible(counts, k):
        shapes = frozenset()
    base = [_feasibility_row(counts, s, k, search) for s in range(4)]
    for t in range(NUM_KINDS):
        if t in known:
            continue
        search.spend()
        s = min(t // 9, 3)
        counts[t] += 1
        try:
            rows = list(base)
            # only the suit of ``t`` changes
            rows[s] = _feasibility_row(counts, s, k, search, probe=t)
            if _fast_feasible(counts, k, search, rows) or (
                shapes and _special_win_exists(counts, units, search, shapes)
            ):
                out.add(t)
        finally:
            counts[t] -= 1
    return out


def _wins_with(spec: HandSpec, scorer: WildScorer, tile: int) -> bool:
    """Exact check: the 16 tiles plus ``tile`` (as a natural winning tile) form an admissible win."""
    trial = replace(spec, winning_tile=tile, winning_wild=None, self_drawn=True)
    return any(_admissible(c, scorer) for c in _candidates(trial, scorer))


EXPLAIN_FLOOR = 5_000
"""Units the explanation of a non-win may spend even when the search that proved it spent fewer (a
one-wildcard hand is rejected in a few hundred; naming its wildcard takes a few thousand)."""


def explain_failure(spec: HandSpec, scorer: WildScorer) -> HandError:
    """Why a hand the search proved is no win is none, at no more cost than that search.

    The search has already proven there is no win; this only looks for a better message.  It runs
    under its own :class:`~taipai.core.budget.Budget` of the units the search spent (at least
    :data:`EXPLAIN_FLOOR`, a few milliseconds, at most what the hand's budget has left), so
    explaining never costs more than searching did, beyond that floor.  Inside
    it: first whether the hand would win if every wildcard were a 皇 (if not, no wildcard is to
    blame: ``not_a_win`` "whatever the wildcards stand for"); then the first wildcard that, made a
    皇, would complete the hand (``wild_unplaceable`` naming it).  When the allowance runs out
    first, the answer is the plain ``not_a_win`` without naming a wildcard (still proven).
    """
    parent = current_budget()
    wanted = max(parent.spent, EXPLAIN_FLOOR)
    allowance = Budget(min(wanted, parent.remaining), deadline=parent.deadline)
    try:
        with budget_scope(allowance):
            return _explain_within(spec, scorer)
    except BudgetExhausted:
        parent.explained_short = allowance.limit < wanted
        return HandError(
            "not_a_win",
            "these tiles do not form a winning hand with these wildcards",
            hint="no reading of the wildcards in their ranges completes 5 melds and eyes or a special shape",
        )
    finally:
        # counted without asking the deadline: the proven answer stands whatever the clock says;
        # a step refused at the limit was charged before it ran, so it is not counted
        parent.spent += min(allowance.spent, allowance.limit)


def _explain_within(spec: HandSpec, scorer: WildScorer) -> HandError:
    """:func:`explain_failure` under the current budget (may raise ``BudgetExhausted``)."""
    wr = scorer.wild_rules
    ctx = wild_context(spec, wr)
    names = [*spec.wilds, *([spec.winning_wild] if spec.winning_wild else [])]
    units = [wild_unit(k, ctx, winning=i == len(spec.wilds)) for i, k in enumerate(names)]
    free = wild_unit("皇", ctx)
    shown = " ".join(f"[{n}]" for n in names)
    whatever = HandError(
        "not_a_win",
        f"these tiles do not form a winning hand, whatever the wildcards {shown} stand for",
        hint="the natural tiles cannot be completed into 5 melds and eyes or a special shape",
    )
    blamed = [i for i, u in enumerate(units) if u.name != "皇"]
    if len(blamed) > 1:
        every = [replace(free, winning=u.winning) for u in units]
        if not any(_admissible(c, scorer) for c in _candidates(spec, scorer, every)):
            return whatever
    for i in blamed:
        u = units[i]
        trial_units = list(units)
        trial_units[i] = replace(free, winning=u.winning)
        if any(_admissible(c, scorer) for c in _candidates(spec, scorer, trial_units)):
            return HandError(
                "wild_unplaceable",
                f"the wildcard [{u.name}] cannot stand for any tile that completes this hand",
                token=u.name,
                hint="its printed range does not include the tile the hand needs",
                hint_args={"kind": u.name},
            )
    return whatever


def describe_wilds(score: Score) -> list[str]:
    """Cantonese lines like ``[皇] 當 中`` for each wildcard reading."""
    return [f"[{w.kind}] 當 {name_zh(w.tile)}" for w in score.wilds]
