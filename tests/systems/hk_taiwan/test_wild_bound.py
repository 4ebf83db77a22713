"""The branch and bound of the 越搭 search (seed 000: the score is the best over every reading of
every wildcard): its upper bound (``systems/hk_taiwan/scorebound.py``) is never below a hand's score, and the
bounded search returns exactly what scoring every completion returns."""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from itertools import product
from pathlib import Path

import pytest

from taipai.core.errors import HandError
from taipai.core.handspec import HandSpec, Situation
from taipai.core.notation import parse_hand
from taipai.core.tiles import NUM_KINDS
from taipai.core.wilds import KIND_NAMES, WildContext, kind_named
from taipai.systems.hk_taiwan import wildsearch
from taipai.systems.hk_taiwan.patterns.base import best_consistent
from taipai.systems.hk_taiwan.rules import RuleSet, apply_overrides, load_rules
from taipai.systems.hk_taiwan.scorebound import RuleTables, bounder, rule_tables_of, split_facts, with_x_ranks
from taipai.systems.hk_taiwan.scoring import score_concrete

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from corpus import winning_hands

PRESET = load_rules("hk-taiwan")
TABLES: dict[str, RuleSet] = {
    "hk-taiwan": PRESET,
    "no 雞糊": apply_overrides(PRESET, {"options": {"chicken_hand": False}}),
    "no double reading": apply_overrides(PRESET, {"options": {"double_reading": False}}),
    "no 坎坎胡, 五暗刻 200": apply_overrides(
        PRESET,
        {"patterns": {"all_concealed_pungs": {"enabled": False}, "five_concealed_pungs": {"fan": 200}}},
    ),
    "every kind": apply_overrides(PRESET, {"wilds": {"table_kinds": list(KIND_NAMES)}}),
}


def _with_context_words(spec: HandSpec, rng: random.Random) -> HandSpec:
    """``spec`` with random context words (叮, 一發, 天叮, 搶槓, 海底, 一炮雙響 …): the bound reads
    them, and the corpus alone only sets 叮 and the dealer."""
    s = spec.situation
    words = {
        "declared_ready": rng.random() < 0.3,
        "one_shot": rng.random() < 0.1,
        "ready_discard_win": rng.random() < 0.1,
        "double_ready": rng.random() < 0.05,
        "last_tile_draw": rng.random() < 0.1,
        "last_discard": rng.random() < 0.1,
        "last_copy": rng.random() < 0.1,
        "last_copy_eight": rng.random() < 0.05,
        "robbing_kong": rng.random() < 0.05,
        "kong_replacements": rng.choice([0, 0, 0, 1, 2]),
        "flower_replacements": rng.choice([0, 0, 0, 1, 2]),
        "mixed_replacements": rng.choice([0, 0, 0, 2, 3]),
        "discards_seen": rng.choice([None, None, None, 3, 6, 9, 12]),
        "multiple_winners": rng.choice([1, 1, 1, 2, 3]),
        "kick_on_multi": rng.choice([0, 0, 0, 2, 3]),
        "heavenly": rng.random() < 0.03,
        "earthly": rng.random() < 0.03,
        "human": rng.random() < 0.03,
    }
    situation: Situation = replace(s, **words) if rng.random() < 0.5 else s
    return replace(spec, situation=situation)


def _counts(spec: HandSpec) -> list[int]:
    final = [0] * NUM_KINDS
    for t in spec.all_tiles():
        final[t] += 1
    return final


NATURAL = [_with_context_words(h, random.Random(i)) for i, h in enumerate(winning_hands(3000, seed=7))]


@pytest.mark.parametrize("table", sorted(TABLES))
def test_the_bound_is_never_below_a_natural_hands_score(table: str) -> None:
    """3,000 natural winning hands (standard and special shapes, declared melds and kongs, flowers,
    context words): the total (fan + 底) never exceeds the bound from the hand's counts, with the
    wait set known or not."""
    rules = TABLES[table]
    for spec in NATURAL:
        try:
            score = score_concrete(spec, rules)
        except HandError:
            continue
        final = _counts(spec)
        for waits in (score.waits, None):
            b = bounder(rules, spec, spec.melds, waits)
            assert b is not None
            assert score.total <= b.bound(final), (table, spec, score.total, b.bound(final), waits)


def test_an_envelope_bounds_every_combination_of_its_members() -> None:
    """The bound of per-suit envelopes is at least the bound of any one choice of their members
    (each summary field's effect on the bound is monotone), on suits of the corpus's hands.  As in
    the search, an envelope covers completions of one suit with the same number of tiles."""
    rng = random.Random(5)
    b = bounder(PRESET, replace(NATURAL[0], melds=()), (), None)
    assert b is not None
    buckets: dict[tuple[int, int], list[tuple[int, ...]]] = {}
    for h in NATURAL[:1500]:
        if h.melds:
            continue
        c = _counts(h)
        for s in range(4):
            suit = tuple(c[s * 9 : s * 9 + 9]) if s < 3 else tuple(c[27:34])
            buckets.setdefault((s, sum(suit)), []).append(b.summary(s, suit))
    sizes = [(n0, n1, n2, n3) for n0, n1, n2, n3 in product(range(18), repeat=4) if n0 + n1 + n2 + n3 == 17]
    sizes = [z for z in sizes if all((s, n) in buckets for s, n in enumerate(z))]
    checked = 0
    for _ in range(400):
        z = rng.choice(sizes)
        groups = []
        for s, n in enumerate(z):
            pool = buckets[(s, n)]
            groups.append(rng.sample(pool, min(len(pool), rng.randint(1, 6))))
        envelope_bound = b.total(*(b.envelope(g) for g in groups))
        for members in product(*(g[:3] for g in groups)):
            assert b.total(*members) <= envelope_bound, (members, [b.envelope(g) for g in groups])
            checked += 1
    assert checked > 1000


def test_rule_tables_dropped_from_the_cache_never_lend_their_summaries() -> None:
    """The bound caches suit summaries across hands, keyed by the rule table they were built for.
    With more rule tables in use than the module keeps (16), a dropped table's summaries must not
    serve a new table that happens to take its place in memory: each bound below, computed with
    the caches warm, equals the same bound computed from empty caches.  (Keyed by ``id()``, a hand
    of ``33777m 666777888p 999s`` got 30 fan of 大四姊妹 it does not hold.)"""
    from taipai.systems.hk_taiwan import scorebound

    spec = HandSpec(
        concealed=(2, 2, 6, 6, 14, 14, 14, 15, 15, 15, 16, 16, 16, 26, 26, 26),
        winning_tile=6,
        self_drawn=True,
    )
    final = _counts(spec)
    variants = [
        apply_overrides(PRESET, {"patterns": {pid: {"enabled": False}}})
        for pid, p in PRESET.patterns.items()
        if p.enabled
    ]

    def bound_of(rules: RuleSet) -> int:
        b = bounder(rules, spec, ())
        assert b is not None
        return b.bound(final)

    cold = []
    for rules in variants:
        scorebound.clear_caches()
        cold.append(bound_of(rules))
    assert len(set(cold)) > 1  # the variants do bound differently
    assert [bound_of(rules) for rules in variants] == cold


def test_preset_exclusions_have_no_cycle() -> None:
    """The 雞糊 part of the bound relies on it: when a row is detected, some row that is not
    excluded by another detected row remains (seed 004's 「不另計」 only ever point one way)."""
    rules = PRESET
    graph = {pid: set(p.excludes) for pid, p in rules.patterns.items()}
    state: dict[str, int] = {}

    def visit(pid: str) -> None:
        state[pid] = 1
        for nxt in graph.get(pid, ()):
            assert state.get(nxt) != 1, f"exclusion cycle through {pid} and {nxt}"
            if nxt not in state:
                visit(nxt)
        state[pid] = 2

    for pid in graph:
        if pid not in state:
            visit(pid)


def test_pungs_and_chows_of_a_suit_are_counted_over_every_split() -> None:
    """``111 222 333`` splits into three pungs or three 123 chows: at most 3 pungs (of 1, 2, 3), a
    chow from 1.  ``111 222 33`` (with the eyes) holds two pungs and no chow; ``123 345 55`` the
    chows 123 and 345 only.  ``1 2 4`` cannot split at all."""
    assert split_facts((3, 3, 3, 0, 0, 0, 0, 0, 0), False) == (3, 0, 0b111, 0b1)
    assert split_facts((3, 3, 2, 0, 0, 0, 0, 0, 0), False) == (2, 2, 0b011, 0)
    assert split_facts((1, 1, 2, 1, 3, 0, 0, 0, 0), False) == (0, 0, 0, 0b101)
    assert split_facts((1, 1, 0, 1, 0, 0, 0, 0, 0), False) == (-1, -1, 0, 0)
    assert split_facts((2, 0, 0, 0, 0, 0, 0), True) == (0, 0, 0, 0)  # honours: the eyes alone


def test_with_x_keeps_only_numbers_every_group_can_hold() -> None:
    """混帶X / 全帶X: ``345 456 55`` can all hold 5 (and 4: 345 456 but not 55 — so only 5);
    ``333 456`` cannot share one number (a pung of 3 and a chow without 3)."""
    assert with_x_ranks((0, 0, 1, 2, 4, 1, 0, 0, 0)) == 1 << 4
    assert with_x_ranks((0, 0, 3, 1, 1, 1, 0, 0, 0)) == 0
    assert with_x_ranks((0,) * 9) == 0b111111111


def test_坎坎胡_replaces_the_other_pung_rows_in_the_bound() -> None:
    """Seed 004: 坎坎胡 100 「不另計」 對對糊 and 五暗刻; 五暗刻 80 replaces 對對糊 30.  The most the
    three rows give together is 100, not 210."""
    five, all_pungs, kan = {"five_concealed_pungs": 80}, {"all_pungs": 30}, {"all_concealed_pungs": 100}
    assert best_consistent(PRESET, five | all_pungs | kan) == 100
    assert best_consistent(PRESET, five | all_pungs) == 80
    assert best_consistent(PRESET, {"four_concealed_pungs": 30} | all_pungs) == 60


def _tables_of_preset() -> RuleTables:
    return rule_tables_of(PRESET)


def _chow_code(*starts: int) -> int:
    """A suit's chows as the bound codes them: 3 bits per starting rank (rank 0 is 一)."""
    return sum(1 << (3 * r) for r in starts)


def test_步高_rows_count_as_the_chows_patterns_count_them() -> None:
    """Seed 004 順子類: 一色四步高 40 「四組為同一花色、遞增一位或兩位的順子」, 一色三步高 15, 老少順 5.
    ``123 345 567 789``: one 四步高 (step 2) and 老少順; the 三步高 inside it is not counted again
    (``patterns/chows.py``), and 123 456 789 (清龍) is not there: 40 + 5.  With ``234`` as a fifth
    chow, ``123 234 345`` is a 三步高 outside the counted 四步高: 40 + 15 + 5."""
    t = _tables_of_preset()
    assert t.chow_rows(_chow_code(0, 2, 4, 6)) == 45
    assert t.chow_rows(_chow_code(0, 1, 2, 4, 6)) == 60
    assert t.chow_rows(_chow_code(0, 3, 6)) == 20 + 5  # 清龍 and 老少順


def test_四歸_rows_follow_the_groups_of_one_split() -> None:
    """Seed 004 四歸類: 四歸四 40 「四張同樣的牌分為四組順子」 (明 20); 八歸三 30 「兩種四張一樣的牌
    分在三組牌內」.  ``123 234 345 345``: the 3 sits in four chows.  ``111 222 123``: the 1s and
    2s lie in three groups: 八歸三 (30) beats two 四歸一 (10 each)."""
    t = _tables_of_preset()
    assert t.four_split((2,), 0b100, _chow_code(0, 1, 2, 2), 0, -1) == 40
    assert t.four_split((2,), 0, _chow_code(0, 1, 2, 2), 0, -1) == 20
    assert t.four_split((0, 1), 0b11, _chow_code(0), 0b11, -1) == 30


def test_honour_rows_keep_one_wind_row_and_drop_what_it_excludes() -> None:
    """Seed 004 字牌類: 大四喜 80 「不另計圈風，門風，刻風」 (the preset drops 大三風/小三風 too): four
    wind pungs give 80, not 80 plus 風牌 and 正風.  大三元 40 「不另計三元牌」: 40, not 46."""
    t = _tables_of_preset()
    assert t.honour_rows(4, 4, 0, 0, True, True) == 80
    assert t.honour_rows(0, 0, 3, 3, False, False) == 40


def test_identical_chow_rows_fit_in_five_chows() -> None:
    """Seed 004 般高類 (暗): 一般高 10, 雙般高 30, 三般高 30, 四般高 60.  A hand holds at most five
    chows: 三般高 with one 一般高 of another kind (40) or 四般高 alone (60), never their sum."""
    b = bounder(PRESET, NATURAL[0], (), None)
    assert b is not None
    assert b._identical_chows(2, 0, 0) == 30  # 雙般高 over two 一般高
    assert b._identical_chows(2, 0, 1) == 40  # 三般高 + 一般高
    assert b._identical_chows(1, 0, 1) == 30  # the tripled kind alone
    assert b._identical_chows(2, 0, 3) == 60  # 四般高


def test_幺九_group_rows_and_對對糊_keep_their_exclusions() -> None:
    """Seed 004 幺牌數字類: 清幺九 120 不另計 對對糊, 混帶幺, 全帶幺, 混幺九; 五暗刻 80 不另計 對對糊.  Five
    concealed pungs of 一 and 九 without honours bound at 120 + 80, not at every row summed."""
    t = _tables_of_preset()
    assert t.pung_rows(5, True, False, 0b1111) == 200
    assert t.pung_rows(0, False, False, 0b0011) == 40  # 全帶幺 replaces 混帶幺


def _covering(t: int, rng: random.Random) -> str:
    ctx = WildContext()
    pool = [
        k
        for k in ("皇", "筒索萬", "筒", "索", "萬", "番", "東南西北", "中發白")
        if kind_named(k).mask(ctx) >> t & 1
    ]
    return rng.choice(pool)


def _wild_hands(n: int, k: int, seed: int) -> list[HandSpec]:
    rng = random.Random(seed)
    out = []
    for spec in winning_hands(n * 2, seed=seed):
        conc = list(spec.concealed)
        if len(out) == n or len(conc) < k + 1:
            continue
        kinds = [_covering(conc.pop(rng.randrange(len(conc))), rng) for _ in range(k)]
        spec = _with_context_words(spec, rng)
        if rng.random() < 0.15:  # the winning tile is itself a wildcard
            conc.append(spec.winning_tile)
            out.append(
                replace(
                    spec,
                    concealed=tuple(sorted(conc)),
                    wilds=tuple(sorted(kinds[1:])),
                    winning_tile=None,
                    winning_wild=kinds[0],
                )
            )
        else:
            out.append(replace(spec, concealed=tuple(sorted(conc)), wilds=tuple(sorted(kinds))))
    return out


def _both(spec: HandSpec, rules: RuleSet) -> tuple[object, object]:
    def run(bounded: bool) -> object:
        try:
            return wildsearch.score_wild_hand(spec, rules, bounded=bounded)
        except HandError as e:
            return e.code

    return run(True), run(False)


@pytest.mark.parametrize(("k", "n", "seed"), [(1, 400, 31), (2, 400, 32), (3, 300, 33), (4, 150, 34)])
def test_branch_and_bound_returns_what_scoring_every_completion_returns(k: int, n: int, seed: int) -> None:
    """On random hands with ``k`` 八搭 wildcards (the winning tile sometimes one of them, random
    context words): the bounded search's Score, wildcard readings included, equals the one from
    scoring every completion, which is exact on these hands."""
    for rules in (PRESET, TABLES["no 雞糊"]):
        for spec in _wild_hands(n, k, seed):
            bounded, exhaustive = _both(spec, rules)
            if not isinstance(exhaustive, str):
                assert exhaustive.exact  # type: ignore[attr-defined]
            assert bounded == exhaustive, spec


def test_branch_and_bound_with_every_kind_of_wildcard() -> None:
    """Four to six wildcards of all 34 kinds of seed 000 (卡番 伍偏 斷缺 by place, 確單 確雙 限五 七起
    by suit count, 複製 創造 by what else is held …) at a table that plays them all: the bounded
    search equals scoring every completion on every hand where that is exact."""
    rules = TABLES["every kind"]
    rng = random.Random(5)
    checked = 0
    for spec in winning_hands(300, seed=55):
        conc = list(spec.concealed)
        k = rng.choice([4, 5, 6])
        if len(conc) < k + 1:
            continue
        kinds = []
        for _ in range(k):
            t = conc.pop(rng.randrange(len(conc)))
            kinds.append(
                rng.choice([x for x in KIND_NAMES if kind_named(x).mask(WildContext()) >> t & 1] or ["皇"])
            )
        hand = replace(spec, concealed=tuple(sorted(conc)), wilds=tuple(sorted(kinds)))
        bounded, exhaustive = _both(hand, rules)
        if not isinstance(exhaustive, str) and not exhaustive.exact:  # type: ignore[attr-defined]
            continue
        assert bounded == exhaustive, hand
        checked += 1
        if checked == 40:
            break
    assert checked == 40


def test_eight_wildcards_around_natural_melds_are_proven_best(monkeypatch: pytest.MonkeyPatch) -> None:
    """Eight 皇 around 二三四索 中中中 and 九筒 東東: the bounded search proves 157 (坎坎胡 …), the
    total that scoring all of its completions (budget lifted) finds, with the same readings."""
    spec = parse_hand("[皇]" * 8 + " 九筒 二索 三索 四索 中 中 中 東 摸 東")
    bounded = wildsearch.score_wild_hand(spec, PRESET)
    assert bounded.exact is True
    assert bounded.total == 157
    monkeypatch.setattr(wildsearch, "MAX_COMPLETIONS", 10**6)
    monkeypatch.setattr(wildsearch, "MAX_SCORED", 10**6)
    exhaustive = wildsearch.score_wild_hand(spec, PRESET, bounded=False)
    assert exhaustive.exact is True
    assert exhaustive == bounded


def test_a_search_over_its_node_budget_says_it_is_not_proven(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the bound's node budget cut to 2, the same hand still scores a valid reading, marked
    ``exact: false``, never above the proven 157."""
    monkeypatch.setattr(wildsearch, "MAX_NODES", 2)
    spec = parse_hand("[皇]" * 8 + " 九筒 二索 三索 四索 中 中 中 東 摸 東")
    s = wildsearch.score_wild_hand(spec, PRESET)
    assert s.exact is False
    assert 0 < s.total <= 157
    assert len(s.wilds) == 8


EIGHT_PAIRS_BEST = [
    HandSpec(concealed=tiles, winning_tile=win, self_drawn=drawn, wilds=("皇",) * k)
    for tiles, win, drawn, k in (
        ((2, 2, 4, 4, 4, 9, 9, 10, 10, 10), 2, True, 6),
        ((6, 6, 13, 13, 17, 17, 24, 24), 24, True, 8),
        ((5, 8, 8, 13, 13, 22, 22, 22), 5, True, 8),
        ((1, 7, 9, 15, 21, 21, 22, 26, 33), 7, True, 7),
        ((1, 1, 5, 10, 16, 27, 27, 31), 2, True, 8),
        ((9, 11, 11, 23, 23, 23, 28, 28), 9, True, 8),
        ((1, 1, 1, 18, 23, 23, 25, 26, 26), 18, True, 7),
        ((0, 4, 10, 10, 20, 25, 25, 32, 32, 32), 25, False, 6),
    )
]
"""Hands of six to eight 皇 whose best reading is 嚦咕嚦咕 (found by scoring random pairs-heavy hands
and keeping those whose Score holds ``eight_pairs``): a group bound that dropped the listed
special completions would change their Score."""


def test_listed_completions_bounded_in_groups_give_the_same_score(monkeypatch: pytest.MonkeyPatch) -> None:
    """The special-shape completions the branch and bound lists one by one (嚦咕嚦咕 …) are bounded
    in groups of one tile count per suit when there are more than EXPLICIT_ALONE of them; on hands
    with eight 八搭 wildcards and on six to eight 皇 won by 嚦咕嚦咕, the Score, readings included,
    is the one of bounding each alone."""
    from taipai.core.wilds import search

    hands = _wild_hands(12, 8, seed=17) + EIGHT_PAIRS_BEST
    grouped = [wildsearch.score_wild_hand(spec, PRESET) for spec in hands]
    monkeypatch.setattr(search, "EXPLICIT_ALONE", 10**9)
    alone = [wildsearch.score_wild_hand(spec, PRESET) for spec in hands]
    assert grouped == alone
    assert all(s.exact for s in grouped[-len(EIGHT_PAIRS_BEST) :])
    assert all("eight_pairs" in {p.id for p in s.patterns} for s in grouped[-len(EIGHT_PAIRS_BEST) :])


def test_a_long_rows_envelope_built_from_its_slices_equals_the_flat_one() -> None:
    """The search envelopes a slice of more than ENVELOPE_BLOCK summaries from the envelopes of the
    slices it is cut into; 港式台牌's envelope (field-wise max, union, least) is the same either way,
    for the whole row and for every slice the search cuts."""
    from taipai.core.wilds import search
    from taipai.core.wilds.suitshapes import counts_of
    from taipai.core.wilds.suitshapes import shipped as shipped_shapes

    shapes = shipped_shapes()
    assert shapes is not None
    b = bounder(PRESET, HandSpec(concealed=(), winning_tile=5, self_drawn=False), ())
    assert b is not None
    rng = random.Random(3)
    codes = [c for c in shapes.codes() if sum(counts_of(c)) == 14]
    entries = [(b.summary(0, counts_of(c)), []) for c in rng.sample(codes, 700)]
    row = search._Row(b, entries)
    spans = [(0, len(entries))]
    while spans:
        lo, hi = spans.pop()
        assert row.envelope(lo, hi) == b.envelope([e[0] for e in entries[lo:hi]]), (lo, hi)
        if hi - lo > search.SLICE_FANOUT:
            step = -(-(hi - lo) // search.SLICE_FANOUT)
            spans += [(a, min(a + step, hi)) for a in range(lo, hi, step)]
    assert len(entries) > search.ENVELOPE_BLOCK


def _bound_reaches_hands_of(suits: list[tuple[int, ...]], rng: random.Random) -> tuple[int, int]:
    """Each of ``suits`` (a 萬 suit of 11 or 14 tiles) finished with honour pungs, won self-drawn or
    on a discard of one of its tiles: assert every rule table's bound reaches the hand's score;
    (hands checked, hands whose score holds a 般高 or 姊妹 row)."""
    checked = rows = 0
    for counts in suits:
        tiles = [r for r, c in enumerate(counts) for _ in range(c)]
        tiles += [27, 27, 27] if len(tiles) == 14 else [27, 27, 27, 31, 31, 31]
        win = rng.choice([t for t in tiles if t < 9])
        tiles.remove(win)
        spec = HandSpec(concealed=tuple(sorted(tiles)), winning_tile=win, self_drawn=rng.random() < 0.5)
        for rules in TABLES.values():
            try:
                score = score_concrete(spec, rules)
            except HandError:
                continue
            b = bounder(rules, spec, ())
            assert b is not None
            assert score.total <= b.bound(_counts(spec)), (counts, spec, score.total)
            checked += 1
            rows += any(
                ("chow" in p.id and "double" in p.id) or "triple_chow" in p.id or "sisters" in p.id
                for p in score.patterns
            )
    return checked, rows


def _complete_suits(sizes: tuple[int, ...]) -> list[tuple[int, ...]]:
    from taipai.core.wilds.suitshapes import counts_of
    from taipai.core.wilds.suitshapes import shipped as shipped_shapes

    shapes = shipped_shapes()
    assert shapes is not None
    return [counts_of(c) for c in shapes.codes() if sum(counts_of(c)) in sizes]


def test_般高_from_the_splits_bounds_every_hand_the_counts_alone_overrated() -> None:
    """A numbered suit's 般高 fields come from its splits (pungs and eyes re-read as chows, seed 004
    計法 第二), not from its counts alone.  On the suits where the two differ (400 of the complete
    suits of 11 and 14 tiles), finished with honour pungs and won self-drawn or on a discard of a
    tile of the suit, the bound still reaches every hand's score, under every rule table."""
    from taipai.systems.hk_taiwan.scorebound import split_identical_chows

    suits = [
        counts
        for counts in _complete_suits((11, 14))
        if split_identical_chows(counts)[0] < sum(1 for r in range(7) if min(counts[r : r + 3]) >= 2)
    ]
    assert len(suits) > 400
    rng = random.Random(11)
    checked, rows = _bound_reaches_hands_of(rng.sample(suits, 400), rng)
    assert checked > 1000 and rows > 100


def test_姊妹_from_the_splits_bounds_every_hand_with_pungs_in_a_row() -> None:
    """A concealed numbered suit's 姊妹 and 一九刻 rows come from each split's own pungs and eyes.
    On 400 complete suits holding two consecutive ranks (or 一 and 九) three times or more, the bound
    still reaches every hand's score, under every rule table."""
    suits = [
        counts
        for counts in _complete_suits((11, 14))
        if any(counts[r] >= 3 and counts[r + 1] >= 3 for r in range(8)) or (counts[0] >= 3 and counts[8] >= 3)
    ]
    assert len(suits) > 400
    rng = random.Random(12)
    checked, rows = _bound_reaches_hands_of(rng.sample(suits, 400), rng)
    assert checked > 1000 and rows > 100
