"""Upper bounds on a hand's total from its tile counts: the bound of the wildcard search's
branch and bound (seed 000: the score is the maximum over every admissible reading).

Scoring a completion runs every reading through every detector (0.1–0.4 ms).  A bound needs only
the tile counts of the finished hand and what does not change between completions (declared melds,
self-draw, flowers, context words, the wait set): for every enabled row of the rule table, the most
fan it could give in *any* reading of *any* hand with those counts, from a necessary condition on the
counts or on the splits of each suit's concealed tiles (五暗刻 needs five pungs in some split; 四歸四
a kind in four chows of one split; 清一色 one suit, no honour …), with the 「不另計」 that matter most
applied (坎坎胡 over 對對糊 and 五暗刻, 清幺九 over 混幺九 and 全帶幺, one wind row, 雞糊 only when no
row surely hits).  The standard reading's rows and each special shape's (嚦咕嚦咕, 十六不搭, 十三幺)
are alternatives; the rows any reading may score are added to the best of them.

The counts enter through one :data:`Summary` per suit (萬, 筒, 索, honours): a few numbers, bit masks
and flags, cached per suit and shared between hands.  The bound's dependence on each field is
*monotone* (more fan, more bits, "possible" flags on, :data:`MIN_FIELDS` lower), so the envelope of
several summaries of one suit with the same number of tiles (:meth:`Bounder.envelope`) bounds every
combination of them at once: the search prunes whole sets of completions with it.  A numbered suit
with no declared meld, under the preset's pattern values, has its summary read from the table
shipped beside this module (:mod:`taipai.systems.hk_taiwan.summary_table`, built from this code and
checked against it by its tests) instead of worked out: most of a cold eight-皇 hand's time was
there.

Soundness is what matters: ``tests/systems/hk_taiwan/test_wild_bound.py`` checks on 3,000 natural hands under
five rule tables that no hand scores more than its bound, that envelopes bound their members, and
that the wildcard search gives the same Score with the bound and without.  A rule table that counts
repeats (seed 004 計法 「可重覆計算」) is not bounded (:func:`bounder` returns None): occurrences then
multiply.

Each row says how it is bounded where its detector is registered (``bound=`` of
:func:`taipai.systems.hk_taiwan.patterns.base.detector`): from the tile counts by one of this module's terms
(:data:`TERM_ROWS`; :func:`check_bounds` refuses at import a row declared under a term that does not
bound it, or a term's row declared otherwise), by a count of occurrences times its largest value
(``at_most``, on every hand), or as a situation row (``by_situation``: its feature bits, the
context word it needs, its 2n+1 ``n`` and its occurrences, :meth:`Bounder._situation`).  A row with
no bound cannot be registered.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache, reduce
from itertools import count, islice, pairwise
from operator import or_
from types import SimpleNamespace

from taipai.core.handspec import HandSpec, Meld, MeldKind
from taipai.core.ruletypes import Linear
from taipai.core.tiles import EAST
from taipai.core.wilds.plugin import summaries_one_by_one
from taipai.core.wilds.suitshapes import code_of, counts_of
from taipai.systems.hk_taiwan.patterns import chows as chow_family
from taipai.systems.hk_taiwan.patterns import form as form_family
from taipai.systems.hk_taiwan.patterns import four_tiles as four_family
from taipai.systems.hk_taiwan.patterns import honours as honour_family
from taipai.systems.hk_taiwan.patterns import identical_chows as identical_family
from taipai.systems.hk_taiwan.patterns import pungs as pung_family
from taipai.systems.hk_taiwan.patterns.base import (
    BOUNDS,
    COUNTS,
    F_CONCEALED,
    F_CONTEXT_WORDS,
    F_DEALER,
    F_FLOWERS,
    F_FLOWERS4,
    F_FOUR_MELDS,
    F_NO_FLOWERS,
    F_SELF,
    MOST,
    NEEDS,
    SITUATION,
    Bound,
    situation_bits,
)
from taipai.systems.hk_taiwan.rules import RuleSet
from taipai.systems.hk_taiwan.summary_table import SummaryTable, table_for

_STATIC_BITS = (
    F_CONCEALED | F_CONTEXT_WORDS | F_DEALER | F_FLOWERS | F_FLOWERS4 | F_FOUR_MELDS | F_NO_FLOWERS | F_SELF
)
"""Feature bits fixed by the hand's situation, not its tiles (the other bits are taken as set)."""

# Summary fields (a plain tuple: built and read in the search's inner loops)
LOCAL = 0  # fan of the rows that live inside this suit: a numbered suit's need a standard reading
#           (步高, 清龍, 老少順, 四歸 over its splits; 姊妹); the honours' (風, 三元, 四歸) any
CHOW = 1  # bit r: a chow r..r+2 in some split of the suit (declared chows included)
PUNG = 2  # bit r: a pung (or kong) of r in some split (declared ones included)
PAIR = 3  # bit r: rank r held twice
TWICE = 4  # chow kinds that fit twice in the concealed tiles (暗 一般高 candidates)
PUNGS = 5  # most pungs in a reading: the concealed part's (:func:`_max_pungs`) and the declared ones
DARK = 6  # most pungs the concealed part can split into (暗刻; the caller adds the declared kongs)
EIGHT = 7  # 嚦咕嚦咕 check: kinds held three times, plus 16 per kind held once or five times (the
#           hand's sum is 1 exactly when every count is 0, 2, 3 or 4 with one 3: seven pairs and a pung)
OUTSIDE = 8  # every group could hold a 一 or 九 (flag, 1 = possible)
TERMINALS = 9  # only 一 and 九 held (flag)
SIMPLES = 10  # no 一 or 九 held (flag)
UNRELATED = 11  # 十六不搭 possible in this suit (flag)
ORPHANS = 12  # 一 and 九 (honours: all seven) held (flag, possible)
WITH_X = 13  # bit r: every group of the suit could hold rank r (帶X: all 9 bits for an empty suit)
EYES258 = 14  # a 二, 五 or 八 held twice (flag)
PRESENT = 15  # some tile of the suit held
CHOWS_ONLY = 16  # the concealed tiles split with no pung (平糊; honours: at most the eyes)
WINDS = 17  # honours: a wind held
DRAGONS = 18  # honours: a dragon held
SIXTEEN_HONOURS = 19  # honours: 十六不搭's seven honours possible
TWICE_OPEN = 20  # other chow kinds a declared chow could make 一般高 with (明)
FOUR = 21  # 四歸 outside a standard reading (嚦咕嚦咕, 十三幺): 四歸一 per kind held four times (the
#          honours' is also in their LOCAL; a numbered suit's standard 四歸 is in its LOCAL, per split)
SPLIT = 22  # 0: the concealed tiles cannot split into melds (and the eyes); 1: they can, 2: with the eyes
SURE_PUNG = 23  # honours: every standard reading holds an honour pung (three of a kind is one)
MANY_CHOWS = 24  # bit 0: a chow kind fits three times in the counts (三般高), bit 1: four (四般高)
THREES = 25  # bit r: rank r held exactly three times (八飛: the winning tile made the pung)
CHOW_DARK = 27  # bit r: a concealed chow r..r+2 in some split (CHOW without the declared chows)
SURE_DARK = 26  # fewest pungs in any split of the concealed tiles: 暗刻 of every standard reading
#               (one less when the winning tile taken from a discard may complete one)

MASK_FIELDS = (CHOW, PUNG, PAIR, WITH_X, MANY_CHOWS, CHOW_DARK, THREES)
MIN_FIELDS = (EIGHT, SURE_PUNG, SURE_DARK)
"""How :meth:`Bounder.envelope` combines summaries: bit masks by union, these two by the least,
every other field (counts, fan, 0/1 flags of what is possible) by the most."""
Summary = tuple[int, ...]

_TERMINAL_RANKS = 0b100000001


def _chow_starts(suit: Sequence[int], at_least: int = 1) -> int:
    bits = 0
    for r in range(7):
        if suit[r] >= at_least and suit[r + 1] >= at_least and suit[r + 2] >= at_least:
            bits |= 1 << r
    return bits


def split_facts(counts: tuple[int, ...], honours: bool) -> tuple[int, int, int, int]:
    """What one suit's concealed ``counts`` can split into (melds, plus one pair when the count is
    2 mod 3), over every split: (most pungs in one split, fewest, bit r: a pung of r in some split,
    bit r: a chow r..r+2 in some split).  Every standard reading splits each suit's concealed tiles this way,
    so these bound that reading's pungs and the chows of the 順子類 rows (not 般高's: it also reads
    concealed pungs as chows, seed 004 計法 第二).  (-1, -1, 0, 0) when the tiles cannot split (no
    standard reading: a special shape at most)."""
    n = sum(counts)
    if n % 3 == 1:
        return (-1, -1, 0, 0)
    return _split(counts, n % 3 == 2, honours) or (-1, -1, 0, 0)


def _lowest_rank_moves(
    counts: tuple[int, ...], eyes: bool, honours: bool
) -> Iterator[tuple[tuple[int, ...], bool, int, int, bool, bool]]:
    """The first step of every split of one suit's ``counts`` into chows (not for ``honours``),
    pungs and, with ``eyes``, one pair: the lowest rank ``r`` held is taken whole, ``k`` chows from
    it and the rest a pung, the pair, both or nothing.  Yields (the counts left, the pair still to
    make, r, k, pung, pair); nothing when no tile is held."""
    r = next((i for i, c in enumerate(counts) if c), -1)
    if r < 0:
        return
    c = list(counts)
    n = c[r]
    most_chows = 0 if honours or r > 6 else min(n, c[r + 1], c[r + 2])
    for k in range(most_chows + 1):
        for pung, pair in ((False, False), (True, False), (False, True), (True, True)):
            if n - k != 3 * pung + 2 * pair or (pair and not eyes):
                continue
            c[r] = 0
            if k:
                c[r + 1] -= k
                c[r + 2] -= k
            yield tuple(c), eyes and not pair, r, k, pung, pair
            c[r] = n
            if k:
                c[r + 1] += k
                c[r + 2] += k


@lru_cache(maxsize=8_192)
def _split(counts: tuple[int, ...], eyes: bool, honours: bool) -> tuple[int, int, int, int] | None:
    """:func:`split_facts` with (``eyes``) or without the pair; None when impossible."""
    if not any(counts):
        return None if eyes else (0, 0, 0, 0)
    most = -1
    fewest = 99
    pungs = chows = 0
    for rest, eyes_left, r, k, pung, _ in _lowest_rank_moves(counts, eyes, honours):
        sub = _split(rest, eyes_left, honours)
        if sub is not None:
            most = max(most, sub[0] + pung)
            fewest = min(fewest, sub[1] + pung)
            pungs |= sub[2] | (1 << r if pung else 0)
            chows |= sub[3] | (1 << r if k else 0)
    return None if most < 0 else (most, fewest, pungs, chows)


Grouping = tuple[int, int, int]
"""One split of a suit's concealed tiles: (its chows as a code, 3 bits per starting rank r at bit
3r counting the chows r..r+2; bit r: a pung of r; the rank of the pair, -1 without)."""


@lru_cache(maxsize=4_096)
def _groupings(counts: tuple[int, ...], eyes: bool, honours: bool) -> frozenset[Grouping]:
    """Every distinct split of one suit's concealed ``counts`` into chows (not for ``honours``),
    pungs and, with ``eyes``, one pair (:func:`_lowest_rank_moves`); empty when there is none.
    Dearer than :func:`_split`: asked for only when a row needs the groups themselves."""
    if not any(counts):
        return frozenset() if eyes else frozenset({(0, 0, -1)})
    out: set[Grouping] = set()
    for rest, eyes_left, r, k, pung, pair in _lowest_rank_moves(counts, eyes, honours):
        add_chows = k << (3 * r)
        add_pung = 1 << r if pung else 0
        for chow_code, pung_bits, pair_rank in _groupings(rest, eyes_left, honours):
            out.add((chow_code + add_chows, pung_bits | add_pung, r if pair else pair_rank))
    return frozenset(out)


def pungs_in_every_best_split(counts: tuple[int, ...], honours: bool) -> int:
    """Bit r when every split of one suit's concealed ``counts`` with the most pungs (melds and, when
    the count is 2 mod 3, the eyes) holds a pung of rank r; 0 when none splits.  With the winning
    tile r taken from a discard and held three times, the most concealed pungs (暗刻) are that many,
    one fewer when bit r is set (the pung the discard completes is 明, seed 004 刻子類 暗刻)."""
    found = _groupings(counts, sum(counts) % 3 == 2, honours)
    if not found:
        return 0
    most = max(bits.bit_count() for _, bits, _ in found)
    every = (1 << 9) - 1
    for _, bits, _ in found:
        if bits.bit_count() == most:
            every &= bits
    return every


@lru_cache(maxsize=4_096)
def split_identical_chows(counts: tuple[int, ...]) -> tuple[int, int]:
    """般高 of one numbered suit's concealed ``counts`` (no declared meld in the suit) over every
    split of them (:func:`_groupings`): (the most chow kinds held at least twice in one split, the
    :data:`MANY_CHOWS` bits: bit 0 a kind three times in some split, bits 0 and 1 four times).

    A split's chows of each kind are counted with the pungs and the eyes re-read as chows (seed
    004 計法 第二: ``111 222 333`` as three ``123``, ``111 222 33`` as two), every run of three
    consecutive held ranks taken, overlapping runs included: at least what
    :func:`taipai.systems.hk_taiwan.patterns.identical_chows.occurrences` can find in a reading
    with that split, so a bound, and tighter than the counts alone (``五五五五 六六六 七七七 八``
    fits 五六七 three times but no split holds a third: its eyes and four chows are 五五 567 567 678).
    (0, 0) when the counts do not split."""
    found = _groupings(counts, sum(counts) % 3 == 2, False)
    doubled = many = 0
    for chow_code, pung_bits, pair_rank in found:
        held = [3 if pung_bits >> r & 1 else 2 if r == pair_rank else 0 for r in range(9)]
        kinds = 0
        for r in range(7):
            m = (chow_code >> (3 * r)) & 7
            if held[r] and held[r + 1] and held[r + 2]:
                m += min(held[r], held[r + 1], held[r + 2])
            if m >= 2:
                kinds += 1
                if m >= 3:
                    many |= 3 if m >= 4 else 1
        doubled = max(doubled, kinds)
    return doubled, many


def with_x_ranks(counts: tuple[int, ...]) -> int:
    """帶X of one numbered suit: bit X set unless some group could not hold rank X.  Necessary: every
    tile within two ranks of X, and as each group holds at least one X (a chow exactly one, beside
    two other tiles), at most three tiles per X held; a tile two away from X needs the tile between."""
    n = sum(counts)
    if not n:
        return 0b111111111
    held = [r for r, c in enumerate(counts) if c]
    out = 0
    for x in range(max(held[-1] - 2, 0), min(held[0] + 2, 8) + 1):
        if 3 * counts[x] < n:
            continue
        if x >= 2 and counts[x - 2] > counts[x - 1]:
            continue
        if x <= 6 and counts[x + 2] > counts[x + 1]:
            continue
        out |= 1 << x
    return out


_COUNT_FACTS: dict[tuple[int, ...], tuple[int, ...]] = {}
COUNT_FACTS_MAX = 4_000
"""Most entries of :data:`_COUNT_FACTS` (about 0.5 MB); cleared when full (it only serves building
summaries, which are kept longer)."""


def _count_facts(up: tuple[int, ...]) -> tuple[int, ...]:
    """What the nine counts ``up`` of a numbered suit alone decide (no rule, no context): the
    Summary fields EIGHT, PAIR, OUTSIDE, TERMINALS, SIMPLES, UNRELATED, ORPHANS, WITH_X, EYES258,
    PRESENT, MANY_CHOWS, then the bits of the ranks held three times or more, of the chow starts
    that fit twice, and of the ranks held exactly three times (THREES).  Cached (the same counts
    recur in every suit and every hand)."""
    hit = _COUNT_FACTS.get(up)
    if hit is not None:
        return hit
    eight = pair = ranks = threes = exact_threes = 0
    for r, c in enumerate(up):
        if c:
            ranks |= 1 << r
            if c >= 2:
                pair |= 1 << r
                if c >= 3:
                    threes |= 1 << r
                    if c == 3:
                        eight += 1
                        exact_threes |= 1 << r
            if c == 1 or c > 4:
                eight += 16
    twice = many = 0
    for r in range(7):
        least = min(up[r], up[r + 1], up[r + 2])
        if least >= 2:
            twice |= 1 << r
            if least >= 3:
                many |= 3 if least >= 4 else 1
    outside = not (up[3] or up[4] or up[5]) and not (
        up[1] > up[0] or up[2] > up[0] or up[6] > up[8] or up[7] > up[8]
    )
    held = [r for r in range(9) if ranks >> r & 1]
    unrelated = not threes and len(held) <= 3 and all(b - a >= 3 for a, b in pairwise(held))
    hit = (
        eight,
        pair,
        int(outside),
        int(not ranks & ~_TERMINAL_RANKS),
        int(not ranks & _TERMINAL_RANKS),
        int(unrelated),
        int(bool(up[0] and up[8])),
        with_x_ranks(up),
        int(up[1] >= 2 or up[4] >= 2 or up[7] >= 2),
        1 if ranks else 0,
        many,
        threes,
        twice,
        exact_threes,
    )
    if len(_COUNT_FACTS) >= COUNT_FACTS_MAX:
        _COUNT_FACTS.clear()
    _COUNT_FACTS[up] = hit
    return hit


class _Values:
    """The rule table's largest value of each row (0 when the row is off); ``v(pid)`` is a dict
    lookup (read in the bound's inner loop), ``v(pid, n)`` evaluates linear values at ``n``."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self._at_zero = {pid: self._largest(pid, 0) for pid in rules.patterns}

    def _largest(self, pid: str, n: int) -> int:
        p = self.rules.patterns.get(pid)
        if p is None or not p.enabled:
            return 0
        return max(x.at(n) if isinstance(x, Linear) else x for x in p.values.values())

    def __call__(self, pid: str, n: int = 0) -> int:
        return self._at_zero.get(pid, 0) if n == 0 else self._largest(pid, n)

    def at(self, pid: str, key: str) -> int:
        """The value of one key of a 明/暗 row (``open`` / ``concealed``); the row's largest value
        when it has no such key, 0 when it is off."""
        p = self.rules.patterns.get(pid)
        if p is None or not p.enabled:
            return 0
        x = p.values.get(key)
        return self(pid) if x is None or isinstance(x, Linear) else int(x)


TERM_ROWS: dict[str, tuple[str, ...]] = {
    "waits": form_family.WAIT_ROWS,
    "kongs": pung_family.KONG_ROWS,
    "honours": honour_family.HONOUR_ROWS,
    "tile_set": (
        "no_honours", "no_honours_no_flowers", "missing_one_suit", "all_simples", "half_flush",
        "full_flush", "all_honours", "five_gates", "seven_gates",
    ),
    "four_tiles": four_family.FOUR_ROWS,
    "identical_chows": identical_family.ROWS,
    "chows_in_suit": chow_family.IN_SUIT_ROWS,
    "chows_across": chow_family.ACROSS_ROWS,
    "all_chows": ("all_chows", "great_all_chows"),
    "pungs_in_suit": pung_family.IN_SUIT_ROWS,
    "pungs_across": pung_family.ACROSS_ROWS,
    "pung_rows": pung_family.PUNG_ROWS,
    "with_number": ("eyes_258", "mixed_with_number", "pure_with_number"),
    "shapes": ("eight_pairs", "sixteen_unrelated", "thirteen_orphans"),
    "chicken": ("chicken_hand", "duck_hand"),
}  # fmt: skip
"""The terms of the bound from the tile counts (:func:`taipai.systems.hk_taiwan.patterns.base.by_counts`)
and the rows each one reads, checked against what every row declares with its detector (:func:`check_bounds`,
at import).  The terms of one family are computed by that family's module, next to its detectors
(``honour_rows_bound`` in ``patterns/honours.py``, ``four_split_bound``, ``chow_rows_bound``,
``chows_across_bound``, ``identical_chows_bound``, ``pung_rows_bound``, ``brothers_bound``,
``mixed_shifted_pungs_bound``, ``sisters_bound``, ``wait_rows_bound``, ``kong_rows_bound``), which
also names the rows they read; this module caches them per rule table and feeds them the counts.
The terms whose rows are listed here (tile_set, all_chows, with_number, shapes, chicken) read fields
of several suits' summaries at once, beside the special shapes and the double reading, and are
computed in :meth:`Bounder.total`."""

KNOWN_TILE_ROWS = frozenset(pid for rows in TERM_ROWS.values() for pid in rows)
"""The rows bounded from the tile counts (each one's largest value is an attribute of
``RuleTables.r``)."""


def check_bounds(bounds: dict[str, Bound] | None = None) -> None:
    """Check that the rows declared ``by_counts(term)`` with their detectors (``bounds``:
    :data:`taipai.systems.hk_taiwan.patterns.base.BOUNDS` by default) are exactly the rows each term of
    :data:`TERM_ROWS` reads, so that no row is left out of the bound (which would then under-count
    it and prune the best reading).

    Raises:
        ValueError: naming each row declared under a term this module lacks or does not list it
            under, and each row a term reads that is declared otherwise (or not at all).
    """
    bounds = BOUNDS if bounds is None else bounds
    wrong = [
        f"{pid} is declared by_counts({b.term!r}), which does not bound it"
        for pid, b in bounds.items()
        if b.kind == COUNTS and pid not in TERM_ROWS.get(b.term, ())
    ]
    for term, rows in TERM_ROWS.items():
        for pid in rows:
            b = bounds.get(pid)
            if b is None or b.kind != COUNTS or b.term != term:
                wrong.append(f"term {term!r} bounds {pid}, declared {b!r}")
    if wrong:
        raise ValueError("pattern bounds do not match systems/hk_taiwan/scorebound.py: " + "; ".join(wrong))


check_bounds()


_TABLE_SERIALS = count()


class RuleTables:
    """Per rule set: the values the bound reads and the bounds of the row families, cached (built
    once per rule set by :func:`rule_tables_of`).

    Args (of the constructor): ``rules`` the rule set.
    """

    def __init__(self, rules: RuleSet) -> None:
        self.serial = next(_TABLE_SERIALS)
        """Names these tables in the shared summary cache: unlike ``id()``, never reused after the
        tables are dropped (a reused id would hand a new rule table another table's summaries)."""
        v = _Values(rules)
        self.v = v
        enabled = [pid for pid, p in rules.patterns.items() if p.enabled and pid in BOUNDS]
        self.situation = tuple(
            (pid, NEEDS.get(pid, 0), BOUNDS[pid]) for pid in enabled if BOUNDS[pid].kind == SITUATION
        )
        """(id, feature bits, Bound) of the enabled rows that describe the win (see
        :meth:`Bounder._situation`)."""
        self.at_most = sum(BOUNDS[pid].most * v(pid) for pid in enabled if BOUNDS[pid].kind == MOST)
        """The enabled rows bounded by a count of occurrences (:func:`~taipai.systems.hk_taiwan.patterns.base.
        at_most`), on every hand.  (A row of the table with no detector and no bound never scores.)"""
        self.sisters = {key: v(pid) for key, pid in pung_family.SISTER_ROWS.items()}
        self.four = tuple(v.at(pid, "concealed") for pid in four_family.FOUR_ROWS)
        self.four_open = tuple(v.at(pid, "open") for pid in four_family.FOUR_ROWS)
        self.brothers = (v("big_triple_pung"), v("small_triple_pung"), v("double_pung"))
        mwn = rules.patterns.get("mixed_with_number")
        values = sorted(int(x) for x in mwn.values.values()) if mwn is not None and mwn.enabled else []  # type: ignore[call-overload]
        self.with_number = [sum(sorted(values, reverse=True)[:n]) for n in range(4)] if values else [0] * 4
        self.chicken = max(v("chicken_hand"), v("duck_hand"))
        self._rules = rules
        self.pung_rows_memo: dict[int, int] = {}
        """:meth:`pung_rows` by its int key."""
        self.pungs_across: dict[int, int] = {}
        """兄弟 + 三色三節高 per (pung bits, pair bits) of the three suits, as one int of six 9-bit
        masks (see Bounder.total)."""
        self.suit_chows: dict[tuple[tuple[int, ...], int], int] = {}
        """The 步高/老少順/清龍 rows of one suit per (concealed counts, declared chows), when it holds
        no 四歸 (see Bounder._split_rows)."""
        self._chow_rows: dict[int, int] = {}
        self.chows_across_memo: dict[int, int] = {}
        """:meth:`chows_across` by its int key."""
        self._four_splits: dict[tuple[tuple[int, ...], int, int, int, int], int] = {}
        self._honour_rows: dict[tuple[int, int, int, int, bool, bool], int] = {}
        self.r = SimpleNamespace(**{pid: v(pid) for pid in KNOWN_TILE_ROWS})
        """Each known tile row's largest value as an attribute (read in :meth:`Bounder.total`)."""
        self.double_chows = identical_family.bound_values(v)
        self._summary_table: list[SummaryTable | None] = []

    def shipped_summaries(self) -> SummaryTable | None:
        """The shipped numbered-suit summaries when they were built for these pattern values
        (:mod:`taipai.systems.hk_taiwan.summary_table`), else None; read at the first bound that
        asks."""
        if not self._summary_table:
            self._summary_table.append(table_for(self._rules))
        return self._summary_table[0]

    def honour_rows(self, w3: int, w2: int, d3: int, d2: int, round_pung: bool, seat_pung: bool) -> int:
        """:func:`taipai.systems.hk_taiwan.patterns.honours.honour_rows_bound` of this table; cached."""
        key = (w3, w2, d3, d2, round_pung, seat_pung)
        hit = self._honour_rows.get(key)
        if hit is None:
            hit = honour_family.honour_rows_bound(self.v, self._rules, w3, w2, d3, d2, round_pung, seat_pung)
            self._honour_rows[key] = hit
        return hit

    def four_split(self, fours: tuple[int, ...], dark: int, chows: int, pungs: int, pair_rank: int) -> int:
        """:func:`taipai.systems.hk_taiwan.patterns.four_tiles.four_split_bound` of this table (``chows``: a
        :data:`Grouping` chow code); cached."""
        key = (fours, dark, chows, pungs, pair_rank)
        hit = self._four_splits.get(key)
        if hit is not None:
            return hit
        if len(self._four_splits) >= SUPPORT_CACHE_MAX:
            self._four_splits.clear()
        hit = self._four_splits[key] = four_family.four_split_bound(
            self.four, self.four_open, fours, dark, chows, pungs, pair_rank
        )
        return hit

    def chows_across(self, c0: int, c1: int, c2: int, dark: tuple[int, int, int]) -> int:
        """:func:`taipai.systems.hk_taiwan.patterns.chows.chows_across_bound` of this table; cached
        under one int (the six 7-bit chow masks side by side: :meth:`Bounder.total` reads the cache
        directly with the same key)."""
        key = c0 | c1 << 7 | c2 << 14 | dark[0] << 21 | dark[1] << 28 | dark[2] << 35
        hit = self.chows_across_memo.get(key)
        return self.chows_across_miss(key) if hit is None else hit

    def chows_across_miss(self, key: int) -> int:
        """Work out and cache the :meth:`chows_across` of ``key``."""
        c0, c1, c2, d0, d1, d2 = (key >> shift & 0x7F for shift in range(0, 42, 7))
        hit = chow_family.chows_across_bound(self.v, c0, c1, c2, (d0, d1, d2))
        if len(self.chows_across_memo) >= SUPPORT_CACHE_MAX:
            self.chows_across_memo.clear()
        self.chows_across_memo[key] = hit
        return hit

    def chow_rows(self, chow_code: int) -> int:
        """:func:`taipai.systems.hk_taiwan.patterns.chows.chow_rows_bound` of this table (a :data:`Grouping`
        chow code); cached."""
        hit = self._chow_rows.get(chow_code)
        if hit is None:
            hit = self._chow_rows[chow_code] = chow_family.chow_rows_bound(self.v, chow_code)
        return hit

    def pung_rows(self, dark: int, all_pungs: bool, all_concealed: bool, terminal_rows: int) -> int:
        """:func:`taipai.systems.hk_taiwan.patterns.pungs.pung_rows_bound` of this table; cached under
        one int (:meth:`Bounder.total` reads the cache directly with the same key)."""
        key = dark << 6 | all_pungs << 5 | all_concealed << 4 | terminal_rows
        hit = self.pung_rows_memo.get(key)
        if hit is None:
            hit = self.pung_rows_memo[key] = pung_family.pung_rows_bound(
                self.v, self._rules, dark, all_pungs, all_concealed, terminal_rows
            )
        return hit


_rule_tables: dict[int, tuple[RuleSet, RuleTables]] = {}


def rule_tables_of(rules: RuleSet) -> RuleTables:
    """The :class:`RuleTables` of ``rules``, built on first use and kept for the 16 rule sets used
    last (keyed by identity; the entry holds the rule set, so its id is not reused meanwhile)."""
    hit = _rule_tables.get(id(rules))
    if hit is None or hit[0] is not rules:
        if len(_rule_tables) >= 16:
            _rule_tables.clear()
        hit = _rule_tables[id(rules)] = (rules, RuleTables(rules))
    return hit[1]


SUMMARY_CACHE_MAX = 60_000
"""Most summaries kept (all contexts together; the least recently used quarter dropped when full,
:func:`_evict_summaries`: about 13 MB at most, each keyed by one int, :func:`_shared_key`, and each
distinct summary value stored once, :data:`_DISTINCT_SUMMARIES`).  The suits of different hands often
hold the same counts (a suit filled by wildcards alone), so they are shared between hands with the
same declared melds.  (The forty 8-皇 hands of ``benchmarks/wild_bench.py`` need about 57,000, so a
pass over them keeps them; the caches that only serve building summaries, :func:`_split`,
:func:`_groupings` and :data:`_COUNT_FACTS`, are kept smaller.)"""
SUPPORT_CACHE_MAX = 8_000
"""Most entries of each per-rule-set table that serves building summaries or totals
(:class:`RuleTables`' 四歸 splits, chows across suits, a suit's chow rows); cleared when full."""
_SUMMARIES: dict[int, Summary] = {}
_DISTINCT_SUMMARIES: dict[Summary, Summary] = {}
"""One stored copy of each distinct summary value (cleared with :data:`_SUMMARIES`)."""
_CONTEXT_IDS: dict[object, int] = {}
"""A small number per summary context (the declared melds of a suit, the winds, the rank of a tile
won from a discard), for :func:`_shared_key`; cleared with :data:`_SUMMARIES`."""


def _evict_summaries() -> None:
    """Make room in :data:`_SUMMARIES`: drop its least recently used quarter (a hand's summaries are
    asked together, so the hands seen last keep theirs: a pass over a set of hands that fits is not
    cleared under it) and the distinct values no entry holds any more; everything when the
    contexts themselves have grown past :data:`SUMMARY_CONTEXTS_MAX`."""
    if len(_CONTEXT_IDS) > SUMMARY_CONTEXTS_MAX:
        _SUMMARIES.clear()
        _DISTINCT_SUMMARIES.clear()
        _CONTEXT_IDS.clear()
        return
    for key in list(islice(_SUMMARIES, SUMMARY_CACHE_MAX // 4)):
        del _SUMMARIES[key]
    _DISTINCT_SUMMARIES.clear()
    for value in _SUMMARIES.values():
        _DISTINCT_SUMMARIES.setdefault(value, value)


SUMMARY_CONTEXTS_MAX = 4_096
"""Most summary contexts numbered by :func:`_shared_key` before the summaries are all dropped."""


def _shared_key(suit: int, context: object, counts: tuple[int, ...]) -> int:
    """The key of :data:`_SUMMARIES` for one suit's ``counts`` (at most 9, each 0..7) in ``context``:
    one int (3 bits per count in the low 27 bits, the suit and the context's number above them)
    instead of a tuple of tuples, a fifth of the memory."""
    cid = _CONTEXT_IDS.get(context)
    if cid is None:
        cid = _CONTEXT_IDS[context] = len(_CONTEXT_IDS)
    code = 0
    for c in counts:
        code = code << 3 | c
    return (cid * 4 + suit) << 27 | code


def clear_caches() -> None:
    """Drop the summaries shared between hands and the per-rule-set tables (tests use it to compare
    a bound computed warm with one from empty caches; the caches never change a bound)."""
    _SUMMARIES.clear()
    _DISTINCT_SUMMARIES.clear()
    _CONTEXT_IDS.clear()
    _rule_tables.clear()


_DIGITS = [{9 * suit + r: 1 << (4 * (8 - r)) for r in range(9)} for suit in range(3)]
"""Per numbered suit: tile kind -> its rank's digit in a :func:`~taipai.core.wilds.suitshapes.code_of`
code (adding a tile adds its digit)."""


class Bounder:
    """Bounds on the total (fan + 底) of every completion of one hand with one choice of declared
    melds.  Built by :func:`bounder`.

    :meth:`summary` summarises one suit's counts; :meth:`envelope` combines the summaries of several
    completions of one suit (same number of tiles) into one that bounds each; :meth:`total` bounds a
    hand from four summaries (or envelopes), cached; :meth:`bound` does it for one hand's 34 counts.

    Args (of the constructor): ``rules`` the rule set; ``spec`` the hand (its situation, flowers,
    self-draw and winning tile are read, not its tiles); ``melds`` the declared melds with their
    wildcards resolved; ``waits`` the wait set of the 16 tiles before the win, or None if unknown;
    ``shipped``: False to work out every summary (the table's builder), True (default) to read a
    numbered suit's from :mod:`~taipai.systems.hk_taiwan.summary_table` when the table was built for
    these rule values and the suit holds no declared meld.
    """

    def __init__(
        self,
        rules: RuleSet,
        spec: HandSpec,
        melds: Sequence[Meld],
        waits: Sequence[int] | None,
        *,
        shipped: bool = True,
    ) -> None:
        t = rule_tables_of(rules)
        self._t = t
        v = t.v
        self.melds = tuple(melds)
        meld_counts = [0] * 34
        for m in melds:
            for tile in m.tiles:
                meld_counts[tile] += 1
        self._meld_counts = [tuple(meld_counts[s * 9 : s * 9 + 9]) for s in range(3)] + [
            tuple(meld_counts[27:34])
        ]
        table = t.shipped_summaries() if shipped else None
        # per numbered suit: the shipped table, when it stands for this suit's summaries (no
        # declared meld in it; a tile won from a discard is checked per counts in summary())
        self._tables = [
            table if table is not None and not any(meld_counts[s * 9 : s * 9 + 9]) else None for s in range(3)
        ]
        self._kong_kinds = frozenset(m.tiles[0] for m in melds if m.kind is MeldKind.KONG)
        # the winning tile when taken from a discard (its group is 明), else -1
        self._discard_win = spec.winning_tile if spec.winning_tile is not None and not spec.self_drawn else -1
        # per suit: declared pungs and kongs (count, rank bits), declared chows (count, start bits)
        self._declared_pungs = [0, 0, 0, 0]
        self._declared_pung_ranks = [0, 0, 0, 0]
        self._declared_chow_starts: list[list[int]] = [[], [], [], []]
        for m in melds:
            suit = min(m.tiles[0] // 9, 3)
            rank = m.tiles[0] - (27 if suit == 3 else 9 * suit)
            if m.kind is MeldKind.CHOW:
                self._declared_chow_starts[suit].append(rank)
            else:
                self._declared_pungs[suit] += 1
                self._declared_pung_ranks[suit] |= 1 << rank
        self._declared_chow_bits = [sum(1 << r for r in set(starts)) for starts in self._declared_chow_starts]
        self._declared_chow_code = [
            sum(1 << (3 * r) for r in starts) for starts in self._declared_chow_starts
        ]
        kongs = [m for m in melds if m.kind is MeldKind.KONG]
        self._kongs = len(kongs)
        self._kong_fan = pung_family.declared_kong_fan(rules, kongs)
        self._concealed_hand = not any(m.exposed for m in melds)
        # [wilds] special_shapes off: wildcards in the hand form no special shape (seed 000's option),
        # so no completion of this hand reads as 嚦咕嚦咕, 十六不搭 or 十三幺
        self._specials = rules.wilds.special_shapes or not (spec.wilds or spec.winning_wild)
        self._declared_chow = any(m.kind is MeldKind.CHOW for m in melds)
        self._declared_pung = any(m.kind is not MeldKind.CHOW for m in melds)
        self._groups = rules.options.hand_size // 3
        self._flowers = len(spec.flowers)
        self._self_drawn = spec.self_drawn
        self._single_wait = None if waits is None else len(waits) == 1
        self._round = spec.situation.round_wind - EAST
        self._seat = spec.situation.seat_wind - EAST
        self._base = rules.options.base_fan
        self._double = rules.options.double_reading and v("eight_pairs") > 0
        # 雞糊/鴨胡 need a standard reading with nothing but dealer, flowers (and 自摸) (seed 004).  A
        # row that surely hits rules them out, whatever 「不另計」 then removes (the row that removes
        # it hits instead: the preset's exclusions have no cycle,
        # tests/systems/hk_taiwan/test_wild_bound.py): a
        # 門前清 hand scores 門前清 or 門清自摸, a declared 叮 scores 叮, a declared kong 槓, a hand
        # without honours 無字, an honour pung (three of a kind of honours is a pung in every
        # standard reading) 番子 or 三元, a single wait 獨獨
        concealed_row = v("concealed_hand") > 0 or v("concealed_self_draw") > 0
        situation = spec.situation
        declared = situation.declared_ready or situation.one_shot or situation.double_ready
        # 無字花: no honour (the tiles decide) and no flower at a table that plays flowers
        self._no_honours_no_flowers = (
            v("no_honours_no_flowers") if rules.options.flowers and not spec.flowers else 0
        )
        # 坎坎胡: every group a concealed pung, no kong, self-drawn or on a single wait
        self._all_concealed_ok = (
            self._concealed_hand and not self._kongs and (self._self_drawn or self._single_wait is not False)
        )
        # a winning honour tile completes the eyes or a pung: 獨獨, or 假獨 / 對碰 on several waits
        honour_win = spec.winning_tile is not None and spec.winning_tile >= 27
        self._chicken_possible = (
            rules.options.chicken_hand
            and not (self._concealed_hand and concealed_row)
            and not (declared and v("ready") > 0)
            and not self._kong_fan
            and not (self._single_wait and v("single_wait") > 0)
            and not (honour_win and self._single_wait is False and v("pair_wait") and v("false_single_wait"))
        )
        self._honour_pungs_score = v("wind_pung") > 0 and v("dragon_pung") > 0
        # tile rows that do not depend on the counts: the wait rows, the declared kongs, 廿二羅漢
        self._fixed = form_family.wait_rows_bound(v, self._single_wait) + pung_family.kong_rows_bound(
            v, rules, kongs, self._groups
        )
        self._fixed += t.at_most
        self._static = self._situation(rules, spec)
        self._cache: dict[tuple[int, tuple[int, ...]], Summary] = {}
        # what a suit's summary reads besides its counts (the shared cache's key)
        # (the discarded winning tile only matters to a suit holding it three times, 暗刻, or four,
        # 四歸 明/暗)
        declared = (t.serial, tuple(m.tiles for m in melds), self._kong_kinds)
        self._suit_context = [declared, declared, declared, (*declared, self._round, self._seat)]
        win = spec.winning_tile if spec.winning_tile is not None else -1
        self._win_rank = [win - 9 * suit if 0 <= win - 9 * suit < 9 and win < 27 else -1 for suit in range(3)]
        self._win_rank.append(win - 27 if win >= 27 else -1)
        self._win_from_discard = self._discard_win >= 0
        # the natural winning tile as (suit, bit of its rank), or None
        self._win_bit = None if win < 0 else (min(win // 9, 3), 1 << (win - 27 if win >= 27 else win % 9))
        # this many concealed pungs in every standard reading (SURE_DARK) score a 暗刻 row
        self._sure_dark_scores = next(
            (n for n, pid in enumerate(pung_family.DARK_ROWS, start=2) if v(pid) > 0), 99
        )
        # 嚦咕嚦咕 40, or 八飛 60 when the winning tile made the pung (patterns/combination.py): a
        # winning wildcard may be any tile
        self._eight_pairs = (
            (t.v.at("eight_pairs", "base"), t.v("eight_pairs")) if win >= 0 else (t.v("eight_pairs"),) * 2
        )

    # ------------------------------------------------------------------ situation rows
    def _situation(self, rules: RuleSet, spec: HandSpec) -> int:
        """Most fan of the situation rows (flowers, 狀態, 時態, 莊家): their largest values where the
        situation's feature bits allow them (the tile bits taken as set).  Exclusions are ignored
        (sound: they only remove fan)."""
        s = spec.situation
        bits = situation_bits(s)
        bits |= F_SELF if spec.self_drawn else 0
        bits |= (F_FLOWERS | (F_FLOWERS4 if len(spec.flowers) >= 4 else 0)) if spec.flowers else F_NO_FLOWERS
        bits |= F_CONCEALED if self._concealed_hand else 0
        bits |= F_FOUR_MELDS if len(self.melds) >= 4 else 0
        bits |= ~_STATIC_BITS
        total = 0
        v = self._t.v
        for pid, needs, bound in self._t.situation:
            if needs & bits != needs:
                continue
            if bound.word is not None and not bound.word(s):
                continue
            value = v(pid, 0 if bound.n is None else bound.n(s))
            total += value if bound.times is None else value * bound.times(spec, rules)
        return total

    # ------------------------------------------------------------------ summaries
    def summary(self, suit: int, counts: tuple[int, ...]) -> Summary:
        """The :data:`Summary` of suit ``suit`` (0..2 萬筒索, 3 honours) holding ``counts`` (9 or 7
        counts, the declared melds' tiles included); cached, and shared between hands whose suit
        has the same declared melds (and, for the honours, the same winds; when it holds a tile won
        from a discard three or four times, that tile too)."""
        key = (suit, counts)
        hit = self._cache.get(key)
        if hit is None:
            context = self._suit_context[suit]
            rank = self._win_rank[suit]
            discard = self._win_from_discard and rank >= 0 and counts[rank] >= 3
            if discard:
                context = (context, rank)
            if suit < 3 and (table := self._tables[suit]) is not None:
                hit = self.shipped(table, counts, rank if discard else -1)
                if hit is not None:
                    self._cache[key] = hit
                    return hit
            shared_key = _shared_key(suit, context, counts)
            hit = _SUMMARIES.pop(shared_key, None)
            if hit is None:
                if len(_SUMMARIES) >= SUMMARY_CACHE_MAX:
                    _evict_summaries()
                    shared_key = _shared_key(suit, context, counts)
                made = self._summarise(suit, counts)
                # about half the summaries are equal to another: keep one copy of each
                hit = _DISTINCT_SUMMARIES.setdefault(made, made)
            _SUMMARIES[shared_key] = hit  # (re)inserted last: the dict's order is least recently used first
            self._cache[key] = hit
        return hit

    def summaries(self, suit: int, counts: Sequence[int], fills: Sequence[tuple[int, ...]]) -> list[Summary]:
        """:meth:`summary` of ``counts`` (nine or seven) with each of ``fills`` (tile kinds of the suit)
        added, in order.  A numbered suit the shipped table stands for is looked up by code, the
        fill's tiles added to the counts' code (no counts tuple, no per-hand cache); a vector the
        table lacks, or holding a tile won from a discard three times or more, goes through
        :meth:`summary`."""
        table = self._tables[suit] if suit < 3 else None
        if table is None:
            return summaries_one_by_one(self, suit, counts, fills)
        held = code_of(counts)
        digit = _DIGITS[suit]
        rank = self._win_rank[suit] if self._win_from_discard else -1
        shift = 4 * (8 - rank)
        find, summary_at = table.find, table.summary
        out = []
        for fill in fills:
            code = held
            for t in fill:
                code += digit[t]
            row = find(code)
            if row < 0 or (rank >= 0 and (code >> shift & 15) >= 3):
                out.append(self.summary(suit, counts_of(code)))
            else:
                out.append(summary_at(row))
        return out

    @staticmethod
    def shipped(table: SummaryTable, counts: tuple[int, ...], discard_rank: int) -> Summary | None:
        """The summary of a numbered suit with no declared meld holding ``counts`` (nine counts)
        read from ``table`` (:mod:`~taipai.systems.hk_taiwan.summary_table`), or None when the
        table lacks it.  ``discard_rank``: the rank of the winning tile taken from a discard when
        this suit holds it three times or more, else -1.  Its pung is then 明 (seed 004 刻子類
        暗刻: the table's extra is :func:`pungs_in_every_best_split`), so a reading may hold one
        暗刻 fewer; held four times, its 四歸 is 明 (四歸類: 「若沒有副露，或不是放銃者的銃牌，即為
        「暗」」), so the suit's own rows (LOCAL, FOUR) are the table's variant for that rank.  The
        table's builder checks this against :meth:`summary` worked out for every such vector."""
        row = table.find(code_of(counts))
        if row < 0:
            return None
        summary = table.summary(row)
        if discard_rank < 0:
            return summary
        out = list(summary)
        if counts[discard_rank] == 3:
            if out[DARK]:
                out[DARK] -= table.extra(row) >> discard_rank & 1
        else:
            variant = table.variant(row, discard_rank)
            if variant is None:
                return None
            out[LOCAL], out[FOUR] = variant
        out[SURE_DARK] = max(out[SURE_DARK] - 1, 0)
        return tuple(out)

    @staticmethod
    def suit_fan(summary: Summary) -> int:
        """A sort key that keeps alike summaries together, so envelopes of neighbours stay tight: by
        pungs in a reading, then 暗刻, then chow kinds doubled (般高), then the suit's own rows.  The
        pungs and 暗刻 rows (對對糊, 坎坎胡, 暗刻) are where summaries of one suit differ most across
        suits' totals: sorted by them first, 200 eight-皇 hands needed 12% fewer bounds than sorted by
        a weighted sum (309,520 → 271,132).  Not a bound."""
        return (
            (summary[PUNGS] * 8 + summary[DARK]) * 100_000
            + summary[TWICE] * 10_000
            + summary[LOCAL]
            + summary[FOUR]
        )

    def envelope(self, summaries: Sequence[Summary]) -> Summary:
        """A summary that bounds each of ``summaries`` (completions of one suit with the same number
        of tiles): :meth:`total` of envelopes bounds the total of every combination of members, as
        each field's effect on it is monotone (see :data:`MIN_FIELDS`)."""
        if len(summaries) == 1:
            return summaries[0]
        columns = list(zip(*summaries, strict=True))
        out = list(map(max, columns))
        for i in MASK_FIELDS:
            out[i] = reduce(or_, columns[i])
        for i in MIN_FIELDS:
            out[i] = min(columns[i])
        return tuple(out)

    def _summarise(self, suit: int, up: tuple[int, ...]) -> Summary:
        melds = self._meld_counts[suit]
        concealed = tuple(c - m for c, m in zip(up, melds, strict=True)) if any(melds) else up
        eyes = sum(concealed) % 3 == 2
        dark, fewest, pung, split_chows = split_facts(concealed, suit == 3)
        split = (2 if eyes else 1) if dark >= 0 else 0
        dark = max(dark, 0)
        pungs = dark + self._declared_pungs[suit]
        rank = self._win_rank[suit]
        # a pung the winning tile taken from a discard may sit in is 明
        sure_dark = max(fewest - (self._win_from_discard and rank >= 0 and concealed[rank] >= 3), 0)
        if dark and self._win_from_discard and rank >= 0 and concealed[rank] == 3:
            # a pung of the winning tile taken from a discard holds all three copies: it is 明
            # (seed 004, 刻子類 暗刻), so it is not among the concealed pungs
            dark -= pungs_in_every_best_split(concealed, suit == 3) >> rank & 1
        if suit == 3:
            eight = sum(1 if c == 3 else 16 if c == 1 or c > 4 else 0 for c in up)
            present = 1 if sum(up) else 0
            exact_threes = sum(1 << r for r, c in enumerate(up) if c == 3)
            sure = (int(pungs > 0), 0, exact_threes, sure_dark, 0)
            return (*self._honours(up, dark, pungs, eight, present), split, *sure)
        (
            eight,
            pair,
            outside,
            terminals,
            simples,
            unrelated,
            orphans,
            with_x,
            eyes258,
            present,
            many,
            threes,
            twice_dark,
            exact_threes,
        ) = _count_facts(up)
        twice = twice_dark.bit_count()
        if concealed is not up:
            twice_dark = _chow_starts(concealed, 2)
            twice = twice_dark.bit_count()
        elif split and (twice or many):
            # the counts say what could be doubled; the splits, what a reading can hold at once
            twice, many = split_identical_chows(concealed)
        base = suit * 9
        fours = (
            tuple(r for r, c in enumerate(up) if c >= 4 and base + r not in self._kong_kinds)
            if threes
            else ()
        )
        four = self._four_ones(fours, suit) if fours else 0
        chow = split_chows | self._declared_chow_bits[suit]
        # no split of the concealed tiles, no standard reading: its split rows are 0 (no groupings)
        pung_rows_here = threes & (threes >> 1) or threes & 0b100000001 == 0b100000001
        if concealed is up and split and pung_rows_here:
            local = self._split_pung_rows(concealed, fours, suit)
        else:
            local = self._split_rows(concealed, fours, suit, chow) if split else 0
            if threes & (threes >> 1):
                local += self._sisters(up)
            if threes & 0b100000001 == 0b100000001:
                local += self._t.v("terminal_pungs")
        declared = self._declared_chow_starts[suit]
        twice_open = 0
        if declared:
            # 一般高 kinds: all concealed (chows that fit twice in the concealed tiles), or 明 (a
            # declared chow beside another of its kind, declared or a chow of some split of the
            # concealed tiles)
            twice_open = sum(
                1
                for r in set(declared)
                if not twice_dark >> r & 1 and (declared.count(r) >= 2 or split_chows >> r & 1)
            )
        return (
            local,
            chow,
            pung | self._declared_pung_ranks[suit],
            pair,
            twice,
            pungs,
            dark,
            eight,
            outside,
            terminals,
            simples,
            unrelated,
            orphans,
            with_x,
            eyes258,
            present,
            int(fewest == 0 or not sum(concealed)),
            0,
            0,
            0,
            twice_open,
            four,
            split,
            0,
            many,
            exact_threes,
            sure_dark,
            split_chows,
        )

    def _honours(self, up: tuple[int, ...], dark: int, pungs: int, eight: int, present: int) -> Summary:
        t = self._t
        w3 = sum(1 for c in up[0:4] if c >= 3)
        w2 = sum(1 for c in up[0:4] if c >= 2)
        d3 = sum(1 for c in up[4:7] if c >= 3)
        d2 = sum(1 for c in up[4:7] if c >= 2)
        local = t.honour_rows(w3, w2, d3, d2, up[self._round] >= 3, up[self._seat] >= 3)
        four = self._four_ones([r for r, c in enumerate(up) if c >= 4 and 27 + r not in self._kong_kinds], 3)
        local += four
        held = [c for c in up if c]
        return (
            local,
            0,
            0,
            0,
            0,
            pungs,
            dark,
            eight,
            1,
            1,
            1,
            int(all(up) and sum(up) <= 8 and max(up) <= 2),
            int(all(up)),
            0,
            0,
            present,
            int(not held or held == [2]),
            int(any(up[0:4])),
            int(any(up[4:7])),
            int(all(up) and sum(up) <= 8 and max(up) <= 2),
            0,
            four,
        )

    def _four_dark(self, r: int, suit: int) -> bool:
        """True when kind ``r`` of ``suit``, held four times, takes 四歸's 暗 value: no declared meld
        holds it and it is not the winning tile taken from a discard (seed 004, 四歸類: 「若沒有副露，
        或不是放銃者的銃牌，即為「暗」」)."""
        base = 27 if suit == 3 else 9 * suit
        return not self._meld_counts[suit][r] and base + r != self._discard_win

    def _four_ones(self, fours: Sequence[int], suit: int) -> int:
        """四歸 rows of one suit outside a standard reading (嚦咕嚦咕's two pairs, 十三幺's pung, the
        honours): 四歸一 per kind held four times."""
        t = self._t
        return sum((t.four if self._four_dark(r, suit) else t.four_open)[0] for r in fours)

    def _four_split(self, fours: tuple[int, ...], suit: int, chows: int, pungs: int, pair_rank: int) -> int:
        """:meth:`RuleTables.four_split` for kinds ``fours`` of ``suit`` (their 明/暗 from
        :meth:`_four_dark`)."""
        dark = sum(1 << r for r in fours if self._four_dark(r, suit))
        return self._t.four_split(fours, dark, chows, pungs, pair_rank)

    def _sisters(self, up: tuple[int, ...]) -> int:
        """:func:`taipai.systems.hk_taiwan.patterns.pungs.sisters_bound` of one suit's counts ``up``."""
        return pung_family.sisters_bound(self._t.sisters, up)

    def _split_pung_rows(self, concealed: tuple[int, ...], fours: tuple[int, ...], suit: int) -> int:
        """LOCAL of a numbered suit with no declared meld whose counts could make 姊妹 or 一九刻
        (pungs of consecutive ranks, or of 一 and 九): over every split, the split rows of
        :meth:`_split_rows` plus the 姊妹 and 一九刻 of that split's own pungs and eyes, the split
        that scores most.  Tighter than adding the rows the counts allow to the best split's
        (``五五五五 六六六 七七七 八`` holds three 3s in a row but no split holds three pungs);
        a bound still, each reading's groups being one split."""
        t = self._t
        terminal = t.v("terminal_pungs")
        best = 0
        for code, bits, pair in _groupings(concealed, sum(concealed) % 3 == 2, False):
            rows = t.chow_rows(code)
            if fours:
                rows += self._four_split(fours, suit, code, bits, pair)
            if bits & (bits >> 1):
                held = [3 if bits >> r & 1 else 2 if r == pair else 0 for r in range(9)]
                rows += self._sisters(tuple(held))
            if bits & 0b100000001 == 0b100000001:
                rows += terminal
            best = max(best, rows)
        return best

    def _split_rows(self, concealed: tuple[int, ...], fours: tuple[int, ...], suit: int, starts: int) -> int:
        """Rows of one numbered suit that depend on how a standard reading splits it: 一色三/四/五步高,
        老少順 and 清龍 (they read real chows only, ``patterns/chows.py``) and 四歸 (``fours``: the
        kinds held four times, not as a kong), over every split of the ``concealed`` counts with
        the declared melds: the split that scores most.  Cached per counts when no kind is held four
        times.  (般高 re-reads concealed pungs as chows, seed 004 計法 第二: bounded from the
        counts, MANY_CHOWS.)  ``starts``: bit r when some split holds a chow from r (declared ones
        included); without 四歸 and without three chows a step apart, 123 and 789 or 123 456 789
        among them, no split scores these rows and none is looked at."""
        if not fours and not chow_family.chow_rows_possible(starts):
            return 0
        t = self._t
        declared = self._declared_chow_code[suit]
        found = _groupings(concealed, sum(concealed) % 3 == 2, False)
        if fours:
            declared_pungs = self._declared_pung_ranks[suit]
            return max(
                (
                    t.chow_rows(code + declared)
                    + self._four_split(fours, suit, code + declared, bits | declared_pungs, pair)
                    for code, bits, pair in found
                ),
                default=0,
            )
        key = (concealed, declared)
        hit = t.suit_chows.get(key)
        if hit is None:
            if len(t.suit_chows) >= SUPPORT_CACHE_MAX:
                t.suit_chows.clear()
            hit = t.suit_chows[key] = max((t.chow_rows(code + declared) for code, _, _ in found), default=0)
        return hit

    # ------------------------------------------------------------------ the bound
    def total(self, s0: Summary, s1: Summary, s2: Summary, h: Summary) -> int:
        """An upper bound on the total (fan + 底) of any reading of any hand whose suits are bounded
        by the summaries ``s0`` ``s1`` ``s2`` (萬筒索) and ``h`` (honours).  Not cached: the search
        asks each combination about once (9 repeats in 3,844 calls on an eight-皇 hand), and hashing
        four summaries cost more than the repeats saved."""
        r = self._t.r
        t = self._t
        n_suits = s0[PRESENT] + s1[PRESENT] + s2[PRESENT]
        honours = h[PRESENT]
        standard = (
            s0[SPLIT]
            and s1[SPLIT]
            and s2[SPLIT]
            and h[SPLIT]
            and ((s0[SPLIT] + s1[SPLIT] + s2[SPLIT] + h[SPLIT]) == 5)
        )
        # rows any reading may score: the fixed rows, the honours' (四歸 too), tile sets
        tile = self._fixed + h[LOCAL]
        if not honours:
            tile += self._no_honours_no_flowers + r.no_honours
            if n_suits <= 2:
                tile += r.missing_one_suit
            if s0[SIMPLES] and s1[SIMPLES] and s2[SIMPLES]:
                tile += r.all_simples
        if n_suits == 1:
            tile += r.half_flush if honours else r.full_flush
        if not n_suits:
            tile += r.all_honours
        if n_suits == 3 and h[WINDS] and h[DRAGONS]:
            tile += r.five_gates + (r.seven_gates if self._flowers >= 2 else 0)
        # then the rows of one reading's shape: the standard reading's, or a special shape's
        std_tile = self._standard_rows(s0, s1, s2, h, n_suits) if standard else -1
        shape = std_tile
        fours = s0[FOUR] + s1[FOUR] + s2[FOUR]  # the numbered suits' 四歸 outside a standard reading
        if self._concealed_hand and self._specials:
            if h[SIXTEEN_HONOURS] and s0[UNRELATED] and s1[UNRELATED] and s2[UNRELATED]:
                shape = max(shape, r.sixteen_unrelated + fours)
            if h[ORPHANS] and s0[ORPHANS] and s1[ORPHANS] and s2[ORPHANS]:
                shape = max(shape, r.thirteen_orphans + fours)
        # == 1 for one hand; <= 1 keeps envelopes (their least counts) sound, and a real hand never
        # sums to 0: seventeen tiles hold an odd count
        eight_pairs = self._specials and not self.melds and s0[EIGHT] + s1[EIGHT] + s2[EIGHT] + h[EIGHT] <= 1
        if eight_pairs:
            win = self._win_bit
            flying = win is None or (s0, s1, s2, h)[win[0]][THREES] & win[1]
            eight_value = self._eight_pairs[1 if flying else 0]
            shape = max(shape, eight_value + fours)
        best = tile + max(shape, 0)
        if (
            standard
            and self._chicken_possible
            and (honours or not r.no_honours)
            and not (self._honour_pungs_score and h[SURE_PUNG])
            and s0[SURE_DARK] + s1[SURE_DARK] + s2[SURE_DARK] + h[SURE_DARK] < self._sure_dark_scores
        ):
            best = max(best, t.chicken)
        if eight_pairs and self._double and standard:
            # 嚦咕嚦咕 plus the standard reading's tile rows (seed 004, 底: 計兩個底): each reading
            # scores the rows any reading may, the pairs reading 嚦咕嚦咕, the other its own
            double = 2 * self._base + 2 * tile + eight_value + fours + std_tile
            return self._static + max(self._base + best, double)
        return self._static + self._base + best

    def _standard_rows(self, s0: Summary, s1: Summary, s2: Summary, h: Summary, n_suits: int) -> int:
        """The rows only a standard reading scores: chows, pungs, 暗刻, 對對糊, 平糊, the numbered
        suits' LOCAL, the 幺九 rows on groups, 帶X and 二五八將 (their detectors need F_STANDARD)."""
        r = self._t.r
        t = self._t
        suits = (s0, s1, s2)
        honours = h[PRESENT]
        tile = s0[LOCAL] + s1[LOCAL] + s2[LOCAL]
        if s0[EYES258] or s1[EYES258] or s2[EYES258]:
            tile += r.eyes_258
        if n_suits:
            shared_x = (s0[WITH_X] & s1[WITH_X] & s2[WITH_X]).bit_count()
            if honours:
                tile += t.with_number[min(shared_x, 3)]
            elif shared_x:
                tile += r.pure_with_number
        # 般高 across kinds, 兄弟, 三色 rows
        tile += identical_family.identical_chows_bound(
            t.double_chows,
            s0[TWICE] + s1[TWICE] + s2[TWICE],
            s0[TWICE_OPEN] + s1[TWICE_OPEN] + s2[TWICE_OPEN],
            s0[MANY_CHOWS] | s1[MANY_CHOWS] | s2[MANY_CHOWS],
        )
        c0, c1, c2 = s0[CHOW], s1[CHOW], s2[CHOW]
        if (c0 and c1) or (c0 and c2) or (c1 and c2):
            key = c0 | c1 << 7 | c2 << 14 | s0[CHOW_DARK] << 21 | s1[CHOW_DARK] << 28 | s2[CHOW_DARK] << 35
            hit = t.chows_across_memo.get(key)
            tile += t.chows_across_miss(key) if hit is None else hit
        p0, p1, p2 = s0[PUNG], s1[PUNG], s2[PUNG]
        if (p0 and p1) or (p0 and p2) or (p1 and p2):
            key = p0 | p1 << 9 | p2 << 18 | s0[PAIR] << 27 | s1[PAIR] << 36 | s2[PAIR] << 45
            memo = t.pungs_across
            hit = memo.get(key)
            if hit is None:
                if len(memo) >= 100_000:
                    memo.clear()
                hit = memo[key] = self._brothers(suits) + self._mixed_shifted_pungs(suits)
            tile += hit
        # 暗刻, 對對糊 and 坎坎胡 rows, with their 「不另計」
        dark = s0[DARK] + s1[DARK] + s2[DARK] + h[DARK] + self._kongs
        every_pung = s0[PUNGS] + s1[PUNGS] + s2[PUNGS] + h[PUNGS] >= self._groups
        terminal_rows = 0
        if n_suits:
            if s0[OUTSIDE] and s1[OUTSIDE] and s2[OUTSIDE]:
                terminal_rows |= 1 if honours else 3
            if s0[TERMINALS] and s1[TERMINALS] and s2[TERMINALS]:
                terminal_rows |= 4 if honours else 12
        all_pungs = every_pung and not self._declared_chow
        all_concealed = every_pung and self._all_concealed_ok
        hit = t.pung_rows_memo.get(min(dark, 5) << 6 | all_pungs << 5 | all_concealed << 4 | terminal_rows)
        tile += t.pung_rows(min(dark, 5), all_pungs, all_concealed, terminal_rows) if hit is None else hit
        # 平糊
        if (
            (c0 or c1 or c2)
            and not self._declared_pung
            and s0[CHOWS_ONLY]
            and s1[CHOWS_ONLY]
            and s2[CHOWS_ONLY]
            and h[CHOWS_ONLY]
        ):
            tile += r.all_chows
            if not honours and not self._flowers:
                tile += r.great_all_chows
        return tile

    def _identical_chows(self, dark: int, open_kinds: int, many: int) -> int:
        """:func:`taipai.systems.hk_taiwan.patterns.identical_chows.identical_chows_bound`: ``dark``
        kinds that could be doubled in the concealed tiles, ``open_kinds`` only with a declared chow (明),
        ``many`` the :data:`MANY_CHOWS` bits."""
        return identical_family.identical_chows_bound(self._t.double_chows, dark, open_kinds, many)

    def _brothers(self, suits: tuple[Summary, ...]) -> int:
        """:func:`taipai.systems.hk_taiwan.patterns.pungs.brothers_bound` of the numbered suits' summaries."""
        return pung_family.brothers_bound(
            self._t.brothers, [s[PUNG] for s in suits], [s[PAIR] for s in suits]
        )

    def _mixed_shifted_pungs(self, suits: tuple[Summary, ...]) -> int:
        """:func:`taipai.systems.hk_taiwan.patterns.pungs.mixed_shifted_pungs_bound` of the numbered suits'
        summaries."""
        return pung_family.mixed_shifted_pungs_bound(
            self._t.v, [s[PUNG] for s in suits], [s[PAIR] for s in suits]
        )

    def bound(self, final: Sequence[int]) -> int:
        """An upper bound on the total (fan + 底) of any reading of the hand whose 34 tile counts,
        melds included and kongs as four, are ``final``."""
        return self.total(
            self.summary(0, tuple(final[0:9])),
            self.summary(1, tuple(final[9:18])),
            self.summary(2, tuple(final[18:27])),
            self.summary(3, tuple(final[27:34])),
        )


def bounder(
    rules: RuleSet, spec: HandSpec, melds: Sequence[Meld], waits: Sequence[int] | None = None
) -> Bounder | None:
    """A :class:`Bounder` for the completions of ``spec`` with declared ``melds``, or None when the
    rule table counts repeats (seed 004 計法 「可重覆計算」: occurrences multiply, no bound here).

    ``waits``: the wait set of the hand before the win when known (獨獨 vs 對碰/假獨, 坎坎胡).
    """
    if rules.options.repeat_counting:
        return None
    return Bounder(rules, spec, melds, waits)
