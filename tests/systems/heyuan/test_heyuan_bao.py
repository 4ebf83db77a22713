"""河源百搭 (heyuan): 保 through the core wildcard engine against brute-force substitution, 飛牌 ×2 and
保釣保 ×4, and 正百搭.

Seed 001: 「"保"在手牌中可以变成万、索、筒、风、箭任意牌 … 用单独的"保"叫雀头时称为"飞牌"，"飞牌"成胡后筹码得分
翻一番但单独的"保"再摸到"保"胡牌后称为"保钓保"，这时候的筹码得分是按"飞牌"的筹码再翻一番」.
"""

from __future__ import annotations

import dataclasses
import random
from itertools import product

import pytest

from taipai.core.errors import HandError
from taipai.core.hand import PAIR, readings
from taipai.core.handspec import HandSpec
from taipai.core.system import Seat
from taipai.core.tiles import NUM_KINDS, name_zh
from taipai.systems.guangdong import SYSTEM as GUANGDONG
from taipai.systems.guangdong.reading import best_of
from taipai.systems.heyuan.options import HeyuanOptions
from taipai.systems.heyuan.reading import bao_text, score_message
from taipai.systems.heyuan.scoring import PROPER_ROWS
from tests.systems.heyuan.heyuanhands import FLOWERS, four_sets_and_eyes

RULES = GUANGDONG.load_rules(None)


def scored(hand: str, **opts: object):
    return score_message(hand, Seat(), RULES, HeyuanOptions(**opts), table_seat=False).score  # type: ignore[arg-type]


def fan(hand: str, **opts: object) -> int:
    return scored(hand, **opts).fan


def rows(hand: str, **opts: object) -> list[tuple[str, int]]:
    return [(p.name, p.fan) for p in scored(hand, **opts).patterns]


def test_a_flower_is_a_bao_wildcard_in_the_hand():
    assert bao_text("一二三萬 花:春梅 摸 保")[0] == "一二三萬  :[皇][皇] 摸 [皇]"
    # the 保 stands for 四索: 平和 1 (no 飛牌: without it the other twelve are not four sets)
    hand = "一二三萬 四五六萬 七八九筒 三索 五索 春 南 食 南"
    assert rows(hand) == [("平和", 1)]
    assert [name_zh(w.tile) for w in scored(hand).wilds] == ["四索"]


def test_flying_doubles_and_bao_on_bao_doubles_again():
    """飛牌: the lone 保 waits as the eyes: 平和 1 + 飛牌 1 (×2); won on another 保: 保釣保 2 (×4)."""
    fly = "一二三萬 四五六萬 七八九筒 二三四索 春 食 南"
    assert rows(fly) == [("平和", 1), ("飛牌", 1)]
    assert fan(fly) == 2
    bao_on_bao = "一二三萬 四五六萬 七八九筒 二三四索 春 摸 夏"
    assert rows(bao_on_bao) == [("平和", 1), ("自摸", 1), ("保釣保", 2)]
    # near miss: the 保 is needed in a set, so it does not wait alone as the eyes: no 飛牌
    assert rows("一二三萬 四五六萬 七八九筒 二三索 春 南 食 南") == [("平和", 1)]  # 保 = 一索 or 四索


def test_bao_on_bao_is_a_self_draw_only():
    """「單獨的"保"再摸到"保"胡牌後稱為"保釣保"」: 摸到 is a self-draw; the same hand winning on a
    discarded 保 is 飛牌 (×2, 1番), not 保釣保."""
    assert rows("一二三萬 四五六萬 七八九筒 二三四索 春 食 夏") == [("平和", 1), ("飛牌", 1)]
    # the tester's hand: 碰碰和 2 + 圈風 1 + 箭刻 1 (爆和 3), then 飛牌 1: 4番, not 保釣保's 5
    hand = "碰 中中中 碰 東東東 二二二萬 五五五筒 春 食 夏"
    assert [p.name for p in scored(hand).patterns][-1] == "飛牌"
    assert fan(hand) == 4


def test_flying_is_counted_after_the_cap():
    """「"飞牌"成胡后筹码得分翻一番」: the money doubles, so 爆和 3 + 飛牌 1 = 4番 (16 × 底)."""
    assert fan("一一一萬 九九九筒 中中中 二二二索 春 摸 南") == 4


def test_proper_wildcards_win_only_with_its_hands():
    """正百搭: a 平和 is no win; a 混一色 keeps 雞平和's 2; 大哥 (清碰) 5."""
    with pytest.raises(HandError) as err:
        scored("一二三萬 四五六萬 七八九筒 三四索 春 五索 食 五索", patterns="proper")
    assert err.value.code == "not_a_win"
    assert fan("一二三萬 四五六萬 七八九萬 南南南 春 食 西", patterns="proper") == 2 + 1  # 混一色 + 飛牌
    assert rows("二二二萬 四四四萬 六六六萬 八八八萬 春 食 九萬", patterns="proper")[0] == ("清碰", 5)


def test_a_bao_in_a_meld_laid_down_is_refused():
    with pytest.raises(HandError):
        scored("碰 一一萬 春 四五六萬 七八九筒 二三四索 五索 食 五索")


# ------------------------------------------------------------------------- brute force


def substituted(spec: HandSpec, tiles: tuple[int, ...]) -> HandSpec | None:
    """``spec`` with its 保 (concealed first, then a winning 保) read as ``tiles``; None for a fifth copy."""
    held = len(spec.wilds)
    concealed = tuple(sorted((*spec.concealed, *tiles[:held])))
    winning = tiles[held] if spec.winning_wild is not None else spec.winning_tile
    out = dataclasses.replace(spec, concealed=concealed, wilds=(), winning_wild=None, winning_tile=winning)
    counts = [0] * NUM_KINDS
    for t in out.all_tiles():
        counts[t] += 1
    return None if max(counts) > 4 else out


def oracle(spec: HandSpec, opts: HeyuanOptions) -> tuple[int | None, str | None]:
    """The best 番 over every substitution (None: no win) and 飛牌 / 保釣保 by their definition: a held 保
    read as the winning tile's kind sits in the eyes with it (or with the winning 保)."""
    k = len(spec.wilds) + (spec.winning_wild is not None)
    best: int | None = None
    fly: str | None = None
    for tiles in product(range(NUM_KINDS), repeat=k):
        nat = substituted(spec, tiles)
        if nat is None:
            continue
        try:
            value, found, _reading = best_of(nat, RULES, opts)
        except HandError:
            continue
        if opts.patterns == "proper" and not any(p.id in PROPER_ROWS for p in found):
            continue
        best = value if best is None else max(best, value)
        win = nat.winning_tile
        eyes = {g.tile for r in readings(nat, hand_size=13) for g in r.groups if g.kind == PAIR}
        if spec.wilds and tiles[0] == win and win in eyes:  # a held 保 (all alike) with the winning tile
            fly = "bao_on_bao" if spec.winning_wild is not None and spec.self_drawn else "flying"
    return best, fly


def random_hands(n: int, seed: int) -> list[str]:
    """Winning 13-tile hands (four sets and eyes, concealed) with one or two tiles made 保."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        tiles, win = four_sets_and_eyes(rng)
        k = rng.choice((1, 1, 2))
        bao = [FLOWERS[i] for i in range(k)]
        kept = tiles[k:]
        winning = name_zh(win)
        if k == 2 and rng.random() < 0.3:
            winning = bao.pop()
            kept = tiles[1:]
        text = " ".join(name_zh(t) for t in sorted(kept)) + " " + "".join(bao)
        out.append(f"{text} {'摸' if rng.random() < 0.5 else '食'} {winning}")
    return out


@pytest.mark.parametrize("patterns", ["chicken", "proper"])
def test_the_engine_gives_the_brute_force_best_and_flying(patterns):
    from taipai.systems.guangdong.reading import read_spec

    opts = HeyuanOptions(patterns=patterns)
    checked = 0
    for hand in random_hands(150, seed=17):
        typed, _ = bao_text(hand)
        spec = read_spec(typed, Seat(), table_seat=False, table_kinds=("皇",))[0]
        best, fly = oracle(spec, opts)
        if best is None:
            with pytest.raises(HandError):
                scored(hand, patterns=patterns)
            continue
        got = scored(hand, patterns=patterns)
        extra = {"flying": 1, "bao_on_bao": 2}.get(fly or "", 0)
        assert got.fan == best + extra, hand
        assert [p.id for p in got.patterns if p.id in ("flying", "bao_on_bao")] == ([fly] if fly else []), (
            hand
        )
        checked += 1
    assert checked >= (120 if patterns == "chicken" else 5)  # most random hands are no 正百搭 hand


def test_a_refusal_names_the_bao_as_typed():
    with pytest.raises(HandError) as err:
        scored("碰 一一萬 春 四五六萬 七八九筒 二三四索 五索 食 五索")
    assert err.value.token == "保"


def test_bao_completes_the_special_rows():
    """A 保 as the missing 發 of 十三幺 (6), as the third 西 of 大四喜 (6); 十三幺 is no 飛牌 (no four sets).

    The 大四喜 hand is 字一色 (6) too: every reading of it is worth 6番, and the engine stops at the
    first completion that reaches the bound (``ties_equal``): 保 as 西 and the eyes 中中, named 字一色
    by 雞平和's scorer (one special row alone, 「这些特殊牌型不再叠加其他番种」)."""
    assert rows("一九萬 一九筒 一九索 東南西北中 春 白 食 白") == [("十三幺", 6)]
    assert rows("一九萬 一九筒 一九索 東南西北中發 春 食 白") == [("十三幺", 6)]
    four_winds = scored("春夏秋 東東東 南南南 西西 北北 摸 北")
    assert [(p.name, p.fan) for p in four_winds.patterns] == [("字一色", 6)]
    assert four_winds.reading == ("東東東", "南南南", "西西西", "北北北", "中中")
