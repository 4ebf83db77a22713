"""Detectors for seed 004, 常用翻數表, 般高類.

One detector per pattern id; values and exclusions are in the system's preset.toml.

般高 is counted by multiplicity: the chows of one kind (same lowest tile) count under exactly one
row, by how many there are: two 一般高, three 三般高, four 四般高.  Two kinds with two chows each
make one 雙般高 (「兩組獨立的一般高」) instead of two 一般高 (when 雙般高 is enabled).  A 三般高 does
not also count the 一般高 inside it, and 三般高 + a separate 一般高 is not 雙般高 (our choices; the
seed only names the rows).  Seed 004 計法 第一 (repeat counting) does not change these rows: a set
of identical chows is one occurrence.

Concealed pungs read as chows (seed 004, 計法 第二: 「假若牌為暗刻，即可合計三姊妹、三暗刻及三般高」;
刻子類 姊妹 rows: 「如已碰出，不計一般高 / 三般高」): in a standard reading, the pungs that were not
laid down (not 碰/槓) and the eyes are also read as chows: ``111 222 333`` gives three ``123``,
``111 222 33`` gives two.  Such chows add to the real chows of the same kind; a pung that was
碰出 is never re-read.  Each tile is re-read at most once; when runs overlap (``111 222 333 444``)
the choice that scores the most is taken.  The 明/暗 value follows the groups the tiles come from
(a pung completed by the discarded winning tile is 明, as in the chow reading of the same tiles).
"""

from __future__ import annotations

from taipai.core.hand import PAIR
from taipai.core.handspec import MeldKind
from taipai.systems.hk_taiwan.patterns.base import (
    F_SAME_CHOWS,
    HandView,
    Hits,
    RowValues,
    by_counts,
    detector,
    open_or_concealed,
)

_PUNG = MeldKind.PUNG.value
_CHOW = MeldKind.CHOW.value

Table = dict[int, tuple[int, bool]]
"""chow kind (lowest tile) -> (multiplicity, every group involved is 暗)."""

_ROWS = {2: "double_chow", 3: "triple_chow", 4: "quadruple_chow"}


def occurrences(v: HandView) -> dict[str, list[bool]]:
    """Row id -> 暗 flag of each 般高 occurrence of this reading; cached on the view."""
    hit = v.memo.get("identical_chows.occurrences")
    if hit is not None:
        return hit  # type: ignore[return-value]
    out: dict[str, list[bool]] = {}
    if v.standard:
        table: Table = {}
        for g in v.chows:
            m, c = table.get(g.tile, (0, True))
            table[g.tile] = (m + 1, c and g.concealed)
        # one pass over the groups: the suited pungs not laid down (kongs too, as the F_SAME_CHOWS
        # bit counts them) and what the re-reading may take (pungs and the eyes)
        undeclared = 0
        held: dict[int, tuple[int, bool]] = {}  # tile -> (copies, concealed)
        for g in v.groups:
            if g.declared or g.tile >= 27:
                continue
            kind = g.kind
            if kind == _PUNG:
                undeclared += 1
                held[g.tile] = (3, g.concealed)
            elif kind == PAIR:
                held[g.tile] = (2, g.concealed)
            elif kind != _CHOW:
                undeclared += 1
        if undeclared >= 2:
            _add_reread(v, table, held)
        if any(m >= 2 for m, _ in table.values()):
            out = _occurrences(v, table)
    v.memo["identical_chows.occurrences"] = out
    return out


def _add_reread(v: HandView, table: Table, held: dict[int, tuple[int, bool]]) -> None:
    """Add the chows read from pungs not laid down (and the eyes) to ``table``; ``held``: suited
    tile -> (copies, 暗) of those pungs and of the eyes, in group order."""
    if len(held) < 3:
        return
    cands: list[tuple[int, int, bool]] = []  # (chow tile, copies, concealed)
    for t in held:
        if t % 9 <= 6 and t + 1 in held and t + 2 in held:
            (k0, c0), (k1, c1), (k2, c2) = held[t], held[t + 1], held[t + 2]
            cands.append((t, min(k0, k1, k2), c0 and c1 and c2))
    if not cands:
        return
    best: Table = table
    best_fan = _fan(v, table)
    for chosen in _disjoint_subsets(cands):
        trial = dict(table)
        for t, k, c in chosen:
            m0, c0 = trial.get(t, (0, True))
            trial[t] = (m0 + k, c0 and c)
        fan = _fan(v, trial)
        if fan > best_fan:
            best, best_fan = trial, fan
    if best is not table:
        table.clear()
        table.update(best)


def _disjoint_subsets(cands: list[tuple[int, int, bool]]) -> list[list[tuple[int, int, bool]]]:
    """Non-empty subsets of candidate chows whose tiles do not overlap (at most a handful)."""
    if len(cands) == 1:  # the usual case: the walk below would find just this one
        return [cands]
    out: list[list[tuple[int, int, bool]]] = []

    def walk(i: int, acc: list[tuple[int, int, bool]]) -> None:
        if i == len(cands):
            if acc:
                out.append(list(acc))
            return
        walk(i + 1, acc)
        t = cands[i][0]
        if all(abs(t - u[0]) >= 3 for u in acc):
            acc.append(cands[i])
            walk(i + 1, acc)
            acc.pop()

    walk(0, [])
    return out


def _units(v: HandView, table: Table) -> list[tuple[str, bool]]:
    """(row id, 暗) of each occurrence, for a multiplicity table."""
    out: list[tuple[str, bool]] = []
    pairs = [c for m, c in table.values() if m == 2]
    split = len(pairs) >= 2 and v.rules.enabled("two_double_chows")
    if split:
        out.append(("two_double_chows", pairs[0] and pairs[1]))
    for m, c in table.values():
        row = _ROWS.get(m)
        if row is not None and not (split and m == 2):
            out.append((row, c))
    return out


def _occurrences(v: HandView, table: Table) -> dict[str, list[bool]]:
    """Row id -> 暗 flag of each occurrence, for a multiplicity table."""
    out: dict[str, list[bool]] = {}
    for row, c in _units(v, table):
        out.setdefault(row, []).append(c)
    return out


def _fan(v: HandView, table: Table) -> int:
    pats = v.rules.patterns
    total = 0
    for row, c in _units(v, table):
        rule = pats.get(row)
        if rule is not None and rule.enabled:
            total += rule.fan("concealed" if c else "open")
    return total


def _hits(v: HandView, row: str) -> Hits:
    flags = occurrences(v).get(row)
    return [open_or_concealed(c) for c in flags] if flags else []


@detector("double_chow", bound=by_counts("identical_chows"), needs=F_SAME_CHOWS)
def double_chow(v: HandView) -> Hits:
    """一般高 5/10 (seed 004, 般高類): 「兩個一樣的順子。可分明暗」.

    Exactly two chows of one kind (real, or read from pungs not laid down, see the module
    docstring); two such kinds score 雙般高 instead.
    """
    return _hits(v, "double_chow")


@detector("triple_chow", bound=by_counts("identical_chows"), needs=F_SAME_CHOWS)
def triple_chow(v: HandView) -> Hits:
    """三般高 15/30 (seed 004, 般高類): 「三個一樣的順子。可分明暗」.

    Seed 004 計法 第二: concealed ``111 222 333`` also counts 三般高 (with 三姊妹 and 三暗刻); if the
    pungs were 碰出, not (大三姊妹: 「如已碰出，不計三般高」).
    """
    return _hits(v, "triple_chow")


@detector("quadruple_chow", bound=by_counts("identical_chows"), needs=F_SAME_CHOWS)
def quadruple_chow(v: HandView) -> Hits:
    """四般高 30/60 (seed 004, 般高類): 「四個一樣的順子。可分明暗」."""
    return _hits(v, "quadruple_chow")


@detector("two_double_chows", bound=by_counts("identical_chows"), needs=F_SAME_CHOWS)
def two_double_chows(v: HandView) -> Hits:
    """雙般高 15/30 (seed 004, 般高類): 「兩組獨立的一般高。可分明暗」.

    Two chow kinds with exactly two chows each; 暗 when all four chows are 暗.  Counted instead of
    the two 一般高.  On 嚦咕嚦咕 tiles (seed 004, 底: 「也可以視為一二三筒、五六七索的雙般高」) it comes
    from the standard reading that the double reading scores beside 嚦咕嚦咕.
    """
    return _hits(v, "two_double_chows")


# -- the bound of this family's rows for the 越搭 search (systems/hk_taiwan/scorebound.py,
# term "identical_chows")

ROWS = ("double_chow", "triple_chow", "quadruple_chow", "two_double_chows")
"""The rows :func:`identical_chows_bound` bounds."""


def bound_values(v: RowValues) -> tuple[int, int, int, int, int, int]:
    """What :func:`identical_chows_bound` reads of a rule table: 一般高 暗 / 明, 雙般高 暗 / 明,
    三般高, 四般高 (their largest values)."""
    return (
        v.at("double_chow", "concealed"),
        v.at("double_chow", "open"),
        v.at("two_double_chows", "concealed"),
        v.at("two_double_chows", "open"),
        v("triple_chow"),
        v("quadruple_chow"),
    )


def identical_chows_bound(
    values: tuple[int, int, int, int, int, int], dark: int, open_kinds: int, many: int
) -> int:
    """Most fan of 般高類 (明/暗, seed 004): ``dark`` chow kinds that could be doubled in the
    concealed tiles, ``open_kinds`` only with a declared chow (明), ``many`` bit 0: a kind could be
    tripled, bit 1: quadrupled.  Each kind counts under one row by how many chows it has (as the
    detectors above), and a 16-tile hand holds at most five chows, re-read pungs included: 四般高
    alone, 三般高 and one 一般高 of another kind (a tripled kind is among the doubled ones), or two
    doubled kinds, where 雙般高 replaces their two 一般高.  ``values``: :func:`bound_values`."""
    one_dark, one_open, two_dark, two_open, triple, quadruple = values
    first = one_dark if dark else one_open if open_kinds else 0
    if dark + open_kinds < 2:
        best = first
    else:
        second = one_dark if dark >= 2 else one_open
        best = max(first + second, two_dark if dark >= 2 else two_open)
    if many & 1:
        best = max(best, triple + (first if dark + open_kinds >= 2 else 0))
    if many & 2:
        best = max(best, quadruple)
    return best
