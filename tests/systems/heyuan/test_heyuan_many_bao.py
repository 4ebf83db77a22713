"""河源百搭 with six to eight 保: answered within the default budget, and the exact best.

Seed 001: 「"保"在手牌中可以变成万、索、筒、风、箭任意牌」, and the eight flowers are 保, so a hand may hold all
eight.  The oracle is the engine scoring every distinct completion (``bounded=False``, budget and
caps lifted), which needs no bound; the hands under test get the default budget and the branch and
bound, which stops on ties (:class:`~taipai.systems.heyuan.scoring.HeyuanScorer` ``ties_equal``).
"""

from __future__ import annotations

import random

import pytest

from taipai.core.budget import Budget, budget_scope
from taipai.core.system import Seat
from taipai.core.tiles import name_zh
from taipai.core.wilds.search import SearchLimits, best_wild_score
from taipai.systems.guangdong import SYSTEM as GUANGDONG
from taipai.systems.guangdong.reading import read_spec
from taipai.systems.heyuan.options import HeyuanOptions
from taipai.systems.heyuan.reading import bao_text, score_message
from taipai.systems.heyuan.scoring import HeyuanScorer
from tests.systems.heyuan.heyuanhands import FLOWERS, four_sets_and_eyes

RULES = GUANGDONG.load_rules(None)
LIFTED = SearchLimits(completions=10**7, scored=10**7, nodes=10**8)


def many_bao_hands(k: int, n: int, seed: int) -> list[str]:
    """Winning 13 + 1-tile hands (four sets, concealed, and the eyes) with ``k`` of the held tiles made 保."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        tiles, win = four_sets_and_eyes(rng)
        kept = sorted(tiles[k:])
        said = "摸" if rng.random() < 0.5 else "食"
        out.append(f"{' '.join(name_zh(t) for t in kept)} {FLOWERS[:k]} {said} {name_zh(win)}")
    return out


def exhaustive_total(hand: str, opts: HeyuanOptions) -> int:
    """The best 番 before 飛牌 over every distinct completion, no bound, no budget."""
    typed, _ = bao_text(hand)
    spec = read_spec(typed, Seat(), table_seat=False, table_kinds=("皇",))[0]
    scorer = HeyuanScorer(RULES, opts, opts.patterns == "proper")
    with budget_scope(Budget(10**10)):
        best = best_wild_score(spec, scorer, bounded=False, limits=LIFTED)
    assert best is not None and best.exact, hand
    return best.total


@pytest.mark.parametrize(("k", "seed"), [(7, 107), (8, 108)])
def test_seven_and_eight_bao_get_the_exhaustive_best_within_the_default_budget(k, seed):
    opts = HeyuanOptions()
    for hand in many_bao_hands(k, 8, seed):
        got = score_message(hand, Seat(), RULES, opts, table_seat=False).score  # raises over_budget if refused
        extra = sum(p.fan for p in got.patterns if p.id in ("flying", "bao_on_bao"))
        assert got.total - extra == exhaustive_total(hand, opts), hand


def test_eight_bao_around_five_natural_tiles():
    """Five natural tiles and eight 保 (a hand the budget used to refuse): the first completion at 爆和 3,
    東東東 for 門風 and 圈風 (東 seat, 東 round) with 自摸 (雞和 0 + 1 + 1 + 1), and the lone 保 in the eyes
    (七七筒: 飛牌) doubles it: 4番."""
    hand = "二筒 三筒 七筒 六索 七索 春夏秋冬梅蘭菊竹 摸 六索"
    got = score_message(hand, Seat(), RULES, HeyuanOptions(), table_seat=False).score
    assert [(p.name, p.fan) for p in got.patterns] == [
        ("雞和", 0),
        ("自摸", 1),
        ("門風", 1),
        ("圈風", 1),
        ("飛牌", 1),
    ]
    assert got.fan == 4
    assert got.reading == ("一二三筒", "四五六索", "五六七索", "東東東", "七七筒")
    assert exhaustive_total(hand, HeyuanOptions()) == 3
