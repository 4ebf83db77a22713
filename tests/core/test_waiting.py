"""聽 (taipai.core.waiting.find_waits): every listed tile scores what it says with the system's own scorer,
every other tile does not complete the hand; hand-checked cases per game (issue 15 item 4)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from taipai.core.budget import Budget
from taipai.core.errors import HandError
from taipai.core.registry import SYSTEMS
from taipai.core.system import Seat
from taipai.core.waiting import Waits, candidates, find_waits

SNAPSHOTS = Path(__file__).resolve().parents[1] / "snapshots" / "hk_taiwan_score.jsonl"
_WIN = re.compile(r"^(?P<tiles>.*\S)\s+(?P<how>摸|食)\s*(?P<tile>\S+)$")


def setting(system_id: str, **options: object):
    system = SYSTEMS[system_id]
    opts = system.table.options_from_dict(options) if options else system.table.default_options()
    return system, system.load_rules(None), opts


def score(system_id: str, text: str, **options: object):
    system, rules, opts = setting(system_id, **options)
    return system.score(text, Seat(), rules, opts, table_seat=False)


def snapshot_corpus() -> list[tuple[str, str, str, int]]:
    """港式台牌 wins of tests/snapshots (taipai score with no options, a win), as (tiles before the
    winning tile, 摸/食, the winning tile as typed, the fan the snapshot records): every 12th, and
    every one with one or two wildcards."""
    out = []
    for i, line in enumerate(SNAPSHOTS.read_text("utf-8").splitlines()):
        row = json.loads(line)
        args = row["args"]
        if row["rc"] != 0 or args[0] != "score" or args[2:] != ["--json"]:
            continue
        m = _WIN.match(args[1])
        if m is None or "自摸" in m["tiles"]:
            continue
        wilds = m["tiles"].count("[") + m["tiles"].count("【")
        if i % 12 == 0 or 1 <= wilds <= 2:
            out.append((m["tiles"], m["how"], m["tile"], json.loads(row["stdout"])["fan"]))
    return out


OWN_CORPUS = [
    ("taiwan", "一二三萬 四五六萬 七八九筒 二三四索 五六索 中中"),
    ("taiwan", "一二三萬 四五六萬 七八九筒 碰 東東東 五五索 中中"),
    ("taiwan", "一一一萬 二三四萬 五六七萬 八八萬 二三四筒 五五索"),
    ("hk-old", "一二三萬 四五六萬 七八九索 二三筒 中中"),
    ("hk-old", "一九萬 一九筒 一九索 東南西北中發白"),
    ("hk-old", "一一一萬 二二萬 三三三萬 五五五萬 九九萬"),
    ("hk-taiwan", "一二三萬 四五六萬 七八九筒 二三四索 中中 [皇] 東"),
    ("hk-taiwan", "一萬 一萬 四萬 七萬 一筒 四筒 七筒 一索 四索 七索 東 南 西 北 中 發"),
    ("hk-taiwan", "一一筒 二二筒 三三筒 五五索 六六索 七七索 東東 中中"),
]


def check_against_score(system_id: str, tiles: str, waits: Waits) -> None:
    """Each listed tile added to ``tiles`` scores exactly its listed figures (食 and 摸); each candidate
    not listed does not complete the hand either way."""
    listed = {w.tile: w for w in (*waits.tiles, *waits.short)}
    system, rules, _opts = setting(system_id)
    for tile, _kind in candidates(system, rules):
        for word, field in (("食", "discard"), ("摸", "self_draw")):
            hand = f"{tiles} {word} {tile}"
            entry = listed.get(tile)
            shown = None if entry is None else getattr(entry, field)
            if shown is not None:
                assert score(system_id, hand).score == shown.score, hand
                continue
            with pytest.raises(HandError) as err:
                score(system_id, hand)
            assert err.value.code in ("not_a_win", "wild_unplaceable", "fifth_copy", "below_minimum"), hand


@pytest.mark.parametrize(("tiles", "how", "tile", "fan"), snapshot_corpus())
def test_the_snapshot_wins_waiting_tile_is_listed_with_the_snapshots_fan(tiles, how, tile, fan):
    system, rules, opts = setting("hk-taiwan")
    waits = find_waits(system, tiles, rules, opts)
    assert waits.reason == "waiting"
    field = "self_draw" if how == "摸" else "discard"
    assert fan in {getattr(w, field).score.fan for w in waits.tiles if getattr(w, field) is not None}
    check_against_score("hk-taiwan", tiles, waits)


def test_the_snapshot_corpus_has_wildcard_hands():
    corpus = snapshot_corpus()
    assert len(corpus) >= 20
    assert sum("[" in t or "【" in t for t, *_ in corpus) >= 5


@pytest.mark.parametrize(("system_id", "tiles"), OWN_CORPUS)
def test_own_corpus_every_listed_tile_scores_as_listed_and_no_other_completes(system_id, tiles):
    system, rules, opts = setting(system_id)
    waits = find_waits(system, tiles, rules, opts)
    assert waits.held == system.hand_size
    check_against_score(system_id, tiles, waits)


def test_hk_old_waiting_on_one_and_four_dots_by_hand():
    # seed 003 「香港牌台數說明」, preset rows: 一翻役 門前清, 平胡, 正花/無花 (no flower), 自摸.
    # On a discard 門前清 1 + 平胡 1 + 無花 1 = 3翻 (起糊 3翻 reached); self-drawn 自摸 1 more = 4翻.
    system, rules, opts = setting("hk-old")
    waits = find_waits(system, "一二三萬 四五六萬 七八九索 二三筒 中中", rules, opts)
    assert waits.reason == "waiting"
    assert [w.tile for w in waits.tiles] == ["一筒", "四筒"]
    for w in waits.tiles:
        assert w.discard is not None and w.self_draw is not None
        assert w.discard.score.fan == 3
        assert {p.name for p in w.discard.score.patterns} == {"門前清", "平胡", "無花"}
        assert w.self_draw.score.fan == 4
        assert {p.name for p in w.self_draw.score.patterns} == {"門前清", "平胡", "無花", "自摸"}


def test_hk_old_minimum_leaves_the_discard_or_both_below_it():
    tiles = "一二三萬 四五六萬 七八九索 二三筒 中中"
    system, rules, opts = setting("hk-old", minimum=4)
    four = find_waits(system, tiles, rules, opts)
    assert [(w.tile, w.discard, w.discard_short, w.self_draw.score.fan) for w in four.tiles] == [
        ("一筒", None, 3, 4),
        ("四筒", None, 3, 4),
    ]
    system, rules, opts = setting("hk-old", minimum=5)
    five = find_waits(system, tiles, rules, opts)
    assert five.reason == "below_minimum" and five.tiles == ()
    assert [(w.tile, w.discard_short, w.self_draw_short) for w in five.short] == [("一筒", 3, 4), ("四筒", 3, 4)]


def test_taiwan_three_sided_wait_by_hand():
    # seed 003 「台灣牌台數說明」: 門清 1台 on a discard; self-drawn 不求 (門清自摸) 2台 + 門清 1台 = 3台.
    system, rules, opts = setting("taiwan")
    waits = find_waits(system, "一二三萬 四五六萬 七八九筒 二三四索 五六索 中中", rules, opts)
    assert [(w.tile, w.discard.score.fan, w.self_draw.score.fan) for w in waits.tiles] == [
        ("一索", 1, 3),
        ("四索", 1, 3),
        ("七索", 1, 3),
    ]


def test_hk_taiwan_wildcard_in_hand_and_wildcard_drawn():
    # 中中 [皇] 東: the 皇 makes 中中中 (waiting on 東 for the pair, 18番 on a discard, the snapshot's
    # 20番 self-drawn) or 東東 (waiting on 中); a 皇, 番 or 東南西北 drawn stands for 東 (seed 000 八搭).
    system, rules, opts = setting("hk-taiwan")
    waits = find_waits(system, "一二三萬 四五六萬 七八九筒 二三四索 中中 [皇] 東", rules, opts)
    got = [(w.tile, w.discard.score.fan, w.self_draw.score.fan) for w in waits.tiles]
    assert got == [
        ("東", 18, 20),
        ("[皇]", 18, 20),
        ("[番]", 18, 20),
        ("[東南西北]", 18, 20),
        ("中", 17, 19),
        ("[中發白]", 17, 19),
    ]
    assert waits.tiles[0].self_draw.score.wilds[0].to_dict() == {"kind": "皇", "as": "東"}


def test_best_first_orders_by_the_discards_total_then_the_self_draws():
    system, rules, opts = setting("hk-taiwan")
    waits = find_waits(system, "一二三萬 四五六萬 七八九筒 二三四索 中中 [皇][皇]", rules, opts)
    keys = [(w.discard.score.total, w.self_draw.score.total) for w in waits.tiles]
    assert keys == sorted(keys, reverse=True)
    assert len(waits.tiles) > 30


@pytest.mark.parametrize(
    ("system_id", "tiles", "reason", "held"),
    [
        ("hk-taiwan", "一二三萬 四五六萬 七八九筒 二三四索 中中 東", "too_few", 15),
        ("hk-taiwan", "一二三萬 四五六萬 七八九筒 二三四索 中中 東 南", "no_tile", 16),
        ("hk-taiwan", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東東", "too_many", 17),
        ("hk-old", "一萬 四萬 七萬 一筒 四筒 七筒 一索 四索 七索 東 南 西 北", "no_tile", 13),
        ("hk-old", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東", "too_many", 16),
        ("taiwan", "一二三萬 四五六萬 七八九索 二三筒 中中", "too_few", 13),
    ],
)
def test_not_waiting_says_why(system_id, tiles, reason, held):
    system, rules, opts = setting(system_id)
    waits = find_waits(system, tiles, rules, opts)
    assert (waits.reason, waits.held, waits.tiles) == (reason, held, ())


def test_a_kong_counts_three_tiles():
    system, rules, opts = setting("hk-taiwan")
    waits = find_waits(system, "槓 東東東東 一二三萬 四五六萬 七八九筒 二三四索 中", rules, opts)
    assert waits.reason == "waiting" and waits.tiles[0].tile == "中"


def test_the_hands_own_error_is_raised_with_its_position():
    system, rules, opts = setting("hk-taiwan")
    with pytest.raises(HandError) as err:
        find_waits(system, "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 xyz", rules, opts)
    assert (err.value.code, err.value.position) == ("unknown_token", 26)


def test_tiles_with_their_winning_tile_are_refused():
    system, rules, opts = setting("hk-taiwan")
    text = "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食 東"
    with pytest.raises(HandError) as err:
        find_waits(system, text, rules, opts)
    assert err.value.code == "two_winning_tiles"
    assert text[err.value.position] == "食"


def test_a_spent_budget_stops_the_search_without_a_partial_answer():
    system, rules, opts = setting("hk-taiwan")
    budget = Budget(3000)
    with pytest.raises(HandError) as err:
        find_waits(system, "一二三萬 四五六萬 七八九筒 二三四索 中中 [皇][皇]", rules, opts, budget=budget)
    assert err.value.code == "over_budget"
    assert budget.spent > 3000


def test_the_search_spends_on_its_budget_even_without_wildcards():
    system, rules, opts = setting("hk-old")
    waits = find_waits(system, "一二三萬 四五六萬 七八九索 二三筒 中中", rules, opts)
    assert waits.spent == 2 * 34 * 200  # CANDIDATE_UNITS per scoring, 食 and 摸 for each of 34 kinds


def test_candidates_are_the_34_kinds_and_the_tables_wildcard_kinds():
    hk = SYSTEMS["hk-taiwan"]
    found = candidates(hk, hk.load_rules(None))
    assert len(found) == 34 + 8 and found[0] == ("一萬", 0) and found[-1] == ("[中發白]", None)
    old = SYSTEMS["hk-old"]
    assert len(candidates(old, old.load_rules(None))) == 34
