"""越搭 search (seed 000): exact maximum against a brute-force substitution oracle, errors, waits.

The oracle substitutes every tile each wildcard's printed range allows (34^k before the range
filter), scores each substitution with the natural scorer, and keeps readings only where every
wildcard can sit in its place (checked by trying every assignment of wildcards to places).  The
search must return the same best total on every hand.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from itertools import permutations, product
from pathlib import Path

import pytest
from builders import hand

from taipai.core.errors import HandError
from taipai.core.hand import PAIR, Shape, is_complete
from taipai.core.handspec import HandSpec, MeldKind
from taipai.core.notation import parse_hand
from taipai.core.tiles import NUM_KINDS
from taipai.core.wilds import Slot, WildContext, alternatives, kind_named
from taipai.systems.hk_taiwan.rules import load_rules
from taipai.systems.hk_taiwan.scoring import score_concrete, score_hand
from taipai.systems.hk_taiwan.wildsearch import wild_waits

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from corpus import winning_hands

from taipai.core.wilds import KIND_NAMES
from taipai.systems.hk_taiwan.rules import apply_overrides

RULES = apply_overrides(load_rules("hk-taiwan"), {"wilds": {"table_kinds": list(KIND_NAMES)}})
"""A table that plays every one of seed 000's 34 kinds."""


def _ctx(spec: HandSpec) -> WildContext:
    held = [*spec.wilds, *([spec.winning_wild] if spec.winning_wild else [])]
    return WildContext(
        natural_tiles=tuple(sorted(spec.all_tiles())),
        seat_wind=spec.situation.seat_wind,
        seen_tiles=spec.situation.seen_tiles,
        table_kinds=RULES.wilds.table_kinds,
        held_kinds=tuple(held),
        winning_tile=spec.winning_tile,
        won_on_discard=not spec.self_drawn,
        rules=RULES.wilds,
    )


def _places(reading, concrete: HandSpec) -> list[Slot]:
    out = []
    for g in reading.groups:
        if g.declared:
            continue
        if g.kind == MeldKind.CHOW:
            out += [Slot.chow(g.tile, p) for p in range(3)]
        elif g.kind == PAIR:
            out += [Slot.pair(g.tile)] * 2
        else:
            out += [Slot.pung(g.tile)] * 3
    if reading.shape in (Shape.SIXTEEN_UNRELATED, Shape.THIRTEEN_ORPHANS):
        counts = [0] * NUM_KINDS
        for t in [*concrete.concealed, concrete.winning_tile]:
            counts[t] += 1
        for s in out:
            counts[s.tile] -= 1
        out += [Slot.single(t) for t in range(NUM_KINDS) for _ in range(max(0, counts[t]))]
    return out


def _assignable(places: list[Slot], tiles, kinds) -> bool:
    """Some assignment of wildcards to distinct places of their tiles admits every wildcard."""
    for order in set(permutations(range(len(places)), len(tiles))):
        if all(places[i].tile == t for i, t in zip(order, tiles, strict=True)) and all(
            any(k.admits(places[i], _ASSIGN_CTX[0]) for k in ks) for i, ks in zip(order, kinds, strict=True)
        ):
            return True
    return False


_ASSIGN_CTX: list[WildContext] = [WildContext()]


def oracle_best(spec: HandSpec) -> int | None:
    """Best total over every substitution, or None when no substitution wins."""
    ctx = _ctx(spec)
    _ASSIGN_CTX[0] = ctx
    names = [*spec.wilds, *([spec.winning_wild] if spec.winning_wild else [])]
    kinds = [alternatives(kind_named(n), ctx) for n in names]
    ranges = [[t for t in range(NUM_KINDS) if any(k.mask(ctx) >> t & 1 for k in ks)] for ks in kinds]
    best = None
    waits_with_wilds = None
    n_conc = len(spec.wilds)
    base_hand = [0] * NUM_KINDS
    for t in spec.concealed:
        base_hand[t] += 1
    if spec.winning_tile is not None:
        base_hand[spec.winning_tile] += 1
    base_all = list(base_hand)
    for m in spec.melds:
        for t in m.tiles:
            base_all[t] += 1
    for tiles in product(*ranges):
        hand_counts = list(base_hand)
        for t in tiles:
            hand_counts[t] += 1
        if not is_complete(hand_counts, spec.melds):
            continue
        counts = list(base_all)
        for t in tiles:
            counts[t] += 1
        if max(counts) > 4:
            continue
        suit_ok = True
        for ks, t in zip(kinds, tiles, strict=True):
            if t < 27:
                total = sum(counts[t // 9 * 9 : t // 9 * 9 + 9])
                if not any(k.suit_count_ok(total) for k in ks):
                    suit_ok = False
        if not suit_ok:
            continue
        conc = list(spec.concealed) + list(tiles[:n_conc])
        win = spec.winning_tile if spec.winning_wild is None else tiles[-1]
        concrete = replace(spec, concealed=tuple(sorted(conc)), winning_tile=win, wilds=(), winning_wild=None)

        def ok(reading, tiles=tiles, concrete=concrete) -> bool:
            places = _places(reading, concrete)
            if spec.winning_wild is not None:  # the winning wildcard stands where the winning tile is
                g = reading.groups[reading.win_index] if reading.win_index >= 0 else None
                places = list(places)
                if g is not None:
                    pos = tiles[-1] - g.tile if g.kind == MeldKind.CHOW else 0
                    win_slot = Slot(tiles[-1], int(g.kind), g.tile, pos)
                    if not any(k.admits(win_slot, ctx) for k in kinds[-1]):
                        return False
                    places.remove(win_slot)
                    return _assignable(places, tiles[:-1], kinds[:-1])
                if not any(
                    k.admits(Slot.single(tiles[-1]), ctx) or k.admits(Slot.pair(tiles[-1]), ctx)
                    for k in kinds[-1]
                ):
                    return False
                places.remove(next(p for p in places if p.tile == tiles[-1]))
                return _assignable(places, tiles[:-1], kinds[:-1])
            return _assignable(places, tiles, kinds)

        if waits_with_wilds is None:
            waits_with_wilds = wild_waits(spec, RULES)
        try:
            s = score_concrete(concrete, RULES, wait_tiles=waits_with_wilds, reading_ok=ok)
        except HandError:
            continue
        if best is None or s.total > best:
            best = s.total
    return best


# --------------------------------------------------------------------------- seed 000 examples


@pytest.mark.parametrize("kind", ["皇", "番"])
def test_seed000_搭係皇或者番_食糊(kind):
    """「搭係皇或者番：當中，砌成中中中，東東做眼 —— 食糊。」"""
    h = hand("123m 456m 789p 234s CC E", "E", self_drawn=True, wilds=(kind,))
    s = score_hand(h, RULES)
    assert s.total == oracle_best(h)
    assert len(s.wilds) == 1 and s.wilds[0].kind == kind
    # 中 or 東: both complete the hand; the reading keeps one as pung and one as eyes
    assert s.wilds[0].tile in (31, 27)


def test_seed000_搭係萬_唔係糊():
    """「搭係萬：當唔到中，呢副牌唔係糊。」 — rejected, naming the wildcard."""
    h = hand("123m 456m 789p 234s CC E", "E", self_drawn=True, wilds=("萬",))
    with pytest.raises(HandError) as e:
        score_hand(h, RULES)
    assert e.value.code == "wild_unplaceable"
    assert e.value.token == "萬"


def test_not_a_win_even_with_unrestricted_wildcard():
    h = hand("19m 19p 19s ESW 2468m 13s", "5p", wilds=("皇",))
    with pytest.raises(HandError) as e:
        score_hand(h, RULES)
    assert e.value.code == "not_a_win"


def test_waits_with_a_wildcard_include_every_completion():
    """Issue 3 item 5: 123m 456m 789p 234s 中中 [皇] 東 waits on 東 and 中 (and more)."""
    h = hand("123m 456m 789p 234s CC E", "E", self_drawn=True, wilds=("皇",))
    w = wild_waits(h, RULES)
    assert 27 in w and 31 in w


def _oracle_waits(tiles: list[int], kinds: tuple[str, ...]) -> set[int]:
    """Brute force: every tile that, with some reading of the wildcards ``kinds`` (each within its
    printed range), completes the 16 tiles."""
    ranges = [[t for t in range(NUM_KINDS) if kind_named(k).mask(WildContext()) >> t & 1] for k in kinds]
    found: set[int] = set()
    for sub in product(*ranges):
        counts = [0] * NUM_KINDS
        for t in (*tiles, *sub):
            counts[t] += 1
        if max(counts) > 4:
            continue
        for t in range(NUM_KINDS):
            if t in found or counts[t] >= 4:
                continue
            counts[t] += 1
            if is_complete(counts, ()):
                found.add(t)
            counts[t] -= 1
    return found


def test_waits_need_exactly_one_pair_of_eyes():
    """Regression: 北北北 七七七筒 三三萬 中中 一一筒 一一一索 [皇] waited on every 索 from 二 to 九.

    With 二索 the 索 would be 一一一 plus 二索 and the 皇 as a pair, beside the 三萬, 中 and 一筒
    pairs: four suits each 2 mod 3 add up to 17 tiles, but a hand has one pair of eyes.  The real
    waits: 三萬 一筒 七筒 一索 北 中 (嚦咕嚦咕 or five melds and eyes)."""
    tiles = [30, 30, 30, 15, 15, 15, 2, 2, 31, 31, 9, 9, 18, 18, 18]
    spec = HandSpec(concealed=tuple(sorted(tiles)), wilds=("皇",), self_drawn=True)
    assert set(wild_waits(spec, RULES)) == {2, 9, 15, 18, 30, 31} == _oracle_waits(tiles, ("皇",))


_FIXED_RANGE = ("皇", "筒索萬", "筒", "索", "萬", "番", "東南西北", "中發白")
"""The 八搭 set (seed 000 「最常見：八搭」): kinds whose range does not depend on the hand."""


def test_wild_waits_match_brute_force_on_pair_heavy_hands():
    """Issue 3 item 5: the wait set with 1–2 八搭 wildcards equals brute-force substitution on 120
    seeded 16-tile hands built from singles, pairs and pungs (where several suits end 2 mod 3)."""
    rng = random.Random(5)
    for _ in range(120):
        kinds = tuple(sorted(rng.choice(_FIXED_RANGE) for _ in range(rng.choice((1, 2)))))
        tiles: list[int] = []
        while len(tiles) < 16 - len(kinds):
            t = rng.randrange(NUM_KINDS)
            for _ in range(rng.choice((1, 2, 2, 3))):
                if len(tiles) < 16 - len(kinds) and tiles.count(t) < 4:
                    tiles.append(t)
        spec = HandSpec(concealed=tuple(sorted(tiles)), wilds=kinds, self_drawn=True)
        assert set(wild_waits(spec, RULES)) == _oracle_waits(tiles, kinds), (tiles, kinds)


def test_winning_tile_may_be_the_wildcard():
    h = hand("123m 456m 789p 234s CCC E", "[番]", self_drawn=True)
    s = score_hand(h, RULES)
    assert s.wilds[0].kind == "番" and s.wilds[0].tile == 27
    assert s.total == oracle_best(h)


# --------------------------------------------------------------------------- differential


_KIND_POOL = [k for k in KIND_NAMES if k not in ("現", "複製", "創造")]
"""Kinds drawn for random hands: all but those needing table context (現 reads seen tiles; 複製/創造 other kinds)."""


def _random_wild_hands(n: int, seed: int) -> list[HandSpec]:
    rng = random.Random(seed)
    base = winning_hands(n * 2, seed=seed)
    out = []
    for spec in base:
        if len(out) == n:
            break
        k = rng.choice([1, 1, 1, 2, 2, 3])
        conc = list(spec.concealed)
        if len(conc) < k + 1:
            continue
        kinds = []
        for _ in range(k):
            i = rng.randrange(len(conc))
            t = conc.pop(i)
            # mostly a kind whose range covers the removed tile, sometimes any kind
            pool = [name for name in _KIND_POOL if rng.random() < 0.3 or _covers(name, t)]
            kinds.append(rng.choice(pool) if pool else "皇")
        if k == 3 and sum(1 for x in kinds if x in ("皇", "筒索萬")) > 1:
            continue
        if rng.random() < 0.15:  # the winning tile is itself a wildcard
            win_kind = kinds.pop()
            conc.append(spec.winning_tile)
            out.append(
                replace(
                    spec,
                    concealed=tuple(sorted(conc)),
                    wilds=tuple(sorted(kinds)),
                    winning_tile=None,
                    winning_wild=win_kind,
                )
            )
            continue
        out.append(replace(spec, concealed=tuple(sorted(conc)), wilds=tuple(sorted(kinds))))
    return out


def _covers(name: str, t: int) -> bool:
    ctx = WildContext()
    return bool(kind_named(name).mask(ctx) >> t & 1)


HANDS = _random_wild_hands(5000, seed=3)


@pytest.mark.parametrize("chunk", range(10))
def test_search_equals_brute_force_oracle(chunk):
    """On 5,000 random hands with 1–3 wildcards: the search's best total equals the oracle's."""
    for spec in HANDS[chunk::10]:
        expected = oracle_best(spec)
        try:
            got = score_hand(spec, RULES).total
        except HandError as e:
            assert expected is None, (spec, e.code, expected)
            continue
        assert got == expected, spec


def test_more_wildcards_than_the_table_allows_is_rejected_at_once():
    """QA: nine 皇 took 5 s, twelve never finished.  The table's max_wilds_per_hand (8) rejects it."""
    from taipai.core.notation import parse_hand

    spec = parse_hand("[皇]" * 9 + " 二索 三索 四索 中 中 中 東 摸 東")
    with pytest.raises(HandError) as e:
        score_hand(spec, load_rules())
    assert e.value.code == "wild_unsupported"
    assert e.value.hint_args == {"count": 9, "limit": 8}


_NARROW = ("筒", "索", "萬", "番", "東南西北", "中發白", "大", "中", "小", "單", "雙")
"""Kinds with at most nine tiles: four of them keep the brute-force oracle at 9^4 substitutions."""


def _four_wild_hands(n: int, seed: int) -> list[HandSpec]:
    rng = random.Random(seed)
    out = []
    for spec in winning_hands(n * 4, seed=seed):
        if len(out) == n:
            break
        conc = list(spec.concealed)
        if len(conc) < 6:
            continue
        kinds = []
        for _ in range(4):
            t = conc.pop(rng.randrange(len(conc)))
            pool = [k for k in _NARROW if _covers(k, t)]
            if not pool:
                break
            kinds.append(rng.choice(pool))
        if len(kinds) == 4:
            out.append(replace(spec, concealed=tuple(sorted(conc)), wilds=tuple(sorted(kinds))))
    return out


@pytest.mark.parametrize("spec", _four_wild_hands(6, seed=44))
def test_four_wildcards_equal_brute_force_oracle(spec):
    """Four wildcards (the per-suit tables with four wild tiles, waits with four): exact."""
    expected = oracle_best(spec)
    try:
        got = score_hand(spec, RULES)
    except HandError:
        assert expected is None
        return
    assert got.exact
    assert got.total == expected


def test_eight_mixed_wildcards_that_cannot_fit_are_rejected():
    """Eight wildcards of two kinds (萬, 筒) around lone honours: no reading (the per-suit check with
    the union of the ranges proves it before any search)."""
    h = hand("ESWNCFPE", "S", self_drawn=True, wilds=("萬",) * 4 + ("筒",) * 4)
    with pytest.raises(HandError) as e:
        score_hand(h, RULES)
    assert e.value.code in ("not_a_win", "wild_unplaceable")


def test_eight_mixed_wildcards_complete_a_hand():
    """Three 萬 and five 筒 wildcards with three natural melds: a win whose wildcards stay in range."""
    h = hand("123s EEE 78s", "9s", self_drawn=True, wilds=("萬",) * 3 + ("筒",) * 5)
    s = score_hand(h, RULES)
    assert len(s.wilds) == 8
    for w in s.wilds:
        assert (w.tile < 9) if w.kind == "萬" else (9 <= w.tile < 18)


def test_a_table_without_eight_pairs_neither_wins_nor_waits_on_it_with_a_wildcard():
    """Seven pairs and a pung made with a 皇 win as 嚦咕嚦咕 only; a table that turns that row off
    (as natural scoring does since the tester's fix) rejects the hand and drops the wait it gave."""
    h = hand("11m 22m 44p 66p 88s 99s ECC", "E", self_drawn=True, wilds=("皇",))
    assert score_hand(h, RULES).pattern_fan("eight_pairs") > 0
    off = apply_overrides(RULES, {"patterns": {"eight_pairs": {"enabled": False}}})
    with pytest.raises(HandError):
        score_hand(h, off)
    assert 27 in wild_waits(h, RULES)
    assert 27 not in wild_waits(h, off)


@pytest.mark.parametrize(
    ("text", "read_as", "pattern"),
    [
        # 一二三筒 四五六筒 + 七八九筒: 清龍 (seed 004 順子類, 20) — the seed 000 飛牌 example's 九筒
        ("上 七八筒[筒] 一二三筒 四五六筒 一二三萬 東東 南南 食 南", "九筒", "pure_straight"),
        # 六七八萬 六七八索 + 六七八筒: 三色同順 (seed 004 順子類, 10 open) — the 六 scores more here
        ("上 七八筒[筒] 六七八萬 六七八索 一二三萬 東東 南南 食 南", "六筒", "mixed_triple_chow"),
    ],
)
def test_meld_wildcard_beside_two_naturals_is_read_at_its_best_end(
    text: str, read_as: str, pattern: str
) -> None:
    """Ruling on DESIGN §4's 「上 七八筒[筒]」: 七八 and a wildcard make 六七八 or 七八九, and the
    notation does not say which end the wildcard took, so the search reads it as whichever scores
    more (seed 000: the score is the best admissible reading), not always as 九."""
    score = score_hand(parse_hand(text), RULES)
    assert [w.to_dict()["as"] for w in score.wilds] == [read_as]
    assert score.pattern_fan(pattern) > 0


def test_the_search_restores_the_garbage_collector_even_on_a_rejected_hand() -> None:
    """The search pauses the cyclic collector (speed) and must hand it back as it found it."""
    import gc

    win = hand("123m 456m 789p 234s CCC E", "[番]", self_drawn=True)
    not_a_win = hand("123m 456m 789p 135s CCC E", "[萬]", self_drawn=True)
    assert gc.isenabled()
    score_hand(win, RULES)
    with pytest.raises(HandError):
        score_hand(not_a_win, RULES)
    assert gc.isenabled()
    gc.disable()
    try:
        score_hand(win, RULES)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_per_suit_completions_equal_the_group_search_with_eight_wildcards() -> None:
    """Eight 皇 among nine scattered natural tiles (wins only): the per-suit tables give exactly the
    completions the group-by-group search finds (both unbounded), once completions with a fifth copy
    of a tile or no winning shape are set aside, so using the tables beyond four wildcards loses no
    reading."""
    from taipai.systems.hk_taiwan import wildsearch as ws

    rng = random.Random(18)
    wr = RULES.wilds
    checked = 0
    while checked < 6:
        tiles = sorted(rng.sample(range(NUM_KINDS), 9))
        counts = [0] * NUM_KINDS
        for t in tiles:
            counts[t] += 1
        units = [ws.wild_unit("皇", ws.wild_context(HandSpec(concealed=tuple(tiles)), wr))] * 8

        def valid(c: tuple[int, ...], counts: list[int] = counts) -> bool:
            final = list(counts)
            for t in c:
                final[t] += 1
            return max(final) <= 4 and is_complete(final, ())

        slow = ws.GroupSearch(list(counts), units, 5, wr, wr.max_per_concealed_meld)
        slow.budget = 10**6
        found = {c for c in slow.run() if valid(c)}
        if not found:
            continue
        fast = ws.GroupSearch(list(counts), units, 5, wr, wr.max_per_concealed_meld)
        fast.budget = 10**6
        assert {c for c in ws.fast_completions(counts, 8, fast) if valid(c)} == found
        checked += 1


@pytest.mark.parametrize("spec", _four_wild_hands(6, seed=44))
def test_within_the_default_budget_the_answer_is_the_exhaustive_one(spec):
    """Issue 13 item 4: the budget changes no answer it has room for.  Four wildcards (the brute-force
    oracle's hands above) within the default budget: exact, the oracle's total, and the same Score as
    with a budget a million times larger."""
    from taipai.core.budget import DEFAULT_BUDGET, Budget

    budget = Budget()
    expected = oracle_best(spec)
    try:
        got = score_hand(spec, RULES, budget=budget)
    except HandError as e:
        assert expected is None and e.code != "over_budget"
        return
    assert got.exact and got.total == expected
    assert got == score_hand(spec, RULES, budget=Budget(DEFAULT_BUDGET * 10**6))
    assert budget.spent < DEFAULT_BUDGET


# --------------------------------------------------------------------------- special_shapes off

PRESET = load_rules("hk-taiwan")
SHAPES_OFF = apply_overrides(PRESET, {"wilds": {"special_shapes": False}})
"""Seed 000 「越搭喺自己範圍入面，都可以幫你砌十六不搭、十三么、嚦咕嚦咕」, turned off by the table."""

_STANDARD_45 = {
    # seed 004 常用翻數表: 雙般高 「兩組獨立的一般高」 15/30 (暗: nothing declared); 門清自摸 5
    # (「門前清3翻加上自摸，再加上1翻」); 對碰 1 (the 16 tiles wait on 九筒 or 東: two pairs, 東 and
    # [皇]); 無花 1; 風牌 1 (東東東), 正風 +1 (東圈), 正位 +1 (東位): 40 fan and one 底 5
    "雙般高": 30,
    "門清自摸": 5,
    "對碰": 1,
    "無花": 1,
    "風牌": 1,
    "正風": 1,
    "正位": 1,
}


@pytest.mark.parametrize(
    "text",
    [
        "11m 22m 33m 55s 66s 77s 99p E [皇] 摸 E",  # one wildcard: every completion scored
        "11m 22m 3m 55s 66s 7s 99p E [皇] [皇] [皇] 摸 E",  # three: the branch and bound
    ],
)
def test_special_shapes_off_the_wildcards_make_no_eight_pairs_even_beside_a_standard_hand(text):
    """Issue 13 item 11's ruling: with ``[wilds] special_shapes = false`` these tiles scored two 底,
    109 (嚦咕嚦咕 plus the standard reading, seed 004 底 「計兩個底」).  With the option off the
    wildcards may not form a special shape at all: only the standard reading 一二三萬 一二三萬 五六七索
    五六七索 東東東 九九筒 counts, with one 底: 40 + 5 = 45 (by hand, _STANDARD_45).  The 皇 as 九筒
    (九九九筒, 東東 eyes) would score 37 + 5 without the wind rows, so 東 it is."""
    spec = parse_hand(text)
    on = score_hand(spec, PRESET)
    assert (on.total, on.bases) == (109, 2)
    off = score_hand(spec, SHAPES_OFF)
    assert (off.total, off.bases, off.base_fan) == (45, 1, 5)
    assert {p.name: p.fan for p in off.patterns} == _STANDARD_45
    assert off.reading == ("一二三萬", "一二三萬", "五六七索", "五六七索", "東東東", "九九筒")
    assert off.second_reading == () and off.exact
    assert off.wilds[-1].to_dict() == {"kind": "皇", "as": "東"}


@pytest.mark.parametrize(
    ("text", "pattern", "tile"),
    [
        ("11m 22m 44p 66p 88s 99s ECC [皇] 摸 E", "eight_pairs", 27),  # 嚦咕嚦咕, 皇 as 東
        ("ESWNCF 147m 258p 369s [皇] 摸 9s", "sixteen_unrelated", 33),  # 十六不搭, 皇 as 白
        ("1m 1m 9m 1p 9p 1s 9s 2s 3s E S W N C F [皇] 摸 4s", "thirteen_orphans", 33),  # 十三幺, 皇 as 白
    ],
)
def test_special_shapes_off_no_special_shape_with_a_wildcard_in_search_waits_or_bound(text, pattern, tile):
    """Each special shape (seed 004 特殊類 嚦咕嚦咕, 十六不搭; 十三幺), made with a 皇: a win when the
    option is on; off, no win (these tiles have no standard reading), the wildcard's tile is no
    wait, and the bound of the completed hand falls below the special shape's score."""
    from taipai.systems.hk_taiwan.scorebound import bounder

    spec = parse_hand(text)
    on = score_hand(spec, PRESET)
    assert on.pattern_fan(pattern) > 0 and on.wilds[0].tile == tile
    assert tile in wild_waits(spec, PRESET)
    with pytest.raises(HandError) as e:
        score_hand(spec, SHAPES_OFF)
    assert e.value.code == "not_a_win"
    assert wild_waits(spec, SHAPES_OFF) == ()
    final = [0] * NUM_KINDS
    for t in (*spec.concealed, spec.winning_tile, tile):
        final[t] += 1
    assert bounder(PRESET, spec, ()).bound(final) >= on.total
    assert bounder(SHAPES_OFF, spec, ()).bound(final) < on.total


def test_special_shapes_off_bound_stays_sound_for_the_standard_reading():
    """The bound with the option off drops the 嚦咕嚦咕 rows but still covers the standard reading."""
    from taipai.systems.hk_taiwan.scorebound import bounder

    spec = parse_hand("11m 22m 33m 55s 66s 77s 99p E [皇] 摸 E")
    final = [0] * NUM_KINDS
    for t in (*spec.concealed, spec.winning_tile, 27):
        final[t] += 1
    off = bounder(SHAPES_OFF, spec, (), wild_waits(spec, SHAPES_OFF)).bound(final)
    assert 45 <= off < 109


def test_special_shapes_off_leaves_natural_special_shapes_alone():
    """The option is about wildcards: the same hand with a natural 東 still reads both ways."""
    natural = score_hand(parse_hand("11m 22m 33m 55s 66s 77s 99p EE 摸 E"), SHAPES_OFF)
    assert (natural.total, natural.bases) == (109, 2)
