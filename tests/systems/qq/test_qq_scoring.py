"""QQ hands with 財神 scored over Chinese Official's scorer, against brute-force substitution: each 財神
(the winning tile's own included) replaced by every tile and the result scored by MCR's scorer."""

from __future__ import annotations

from dataclasses import replace
from itertools import product
from random import Random

import pytest

from taipai.core.errors import HandError
from taipai.core.tiles import EAST, tile
from taipai.systems.mcr.hand import Group, Set, Win
from taipai.systems.mcr.scoring import score
from taipai.systems.qq.caishen import caishen_of
from taipai.systems.qq.scoring import score_qq

M = tuple(tile("m", r) for r in range(1, 10))
SIX_DOTS = caishen_of(tile("p", 5))
NINE_DOTS = tile("p", 9)


def brute_force(win: Win, caishen: int) -> int | None:
    """The best total over every substitution of every 財神, in order, the winning one on its own."""
    naturals = [t for t in win.standing if t != caishen]
    k = len(win.standing) - len(naturals)
    wild_win = win.winning_tile == caishen
    best = None
    for subs in product(range(34), repeat=k):
        tiles = tuple(naturals) + subs
        every = list(tiles) + [t for m in win.melds for t in m.tiles]
        if any(every.count(t) > 4 for t in set(subs)):
            continue
        try:
            result = score(
                replace(win, standing=tiles, winning_tile=subs[0] if wild_win else win.winning_tile),
                minimum=0,
            )
        except HandError:
            continue
        total = result.total + (2 if all(s == caishen for s in subs) else 0)
        best = total if best is None else max(best, total)
    return best


def test_the_caishen_pairs_the_nine_dots() -> None:
    # 一至九萬 東東東 九筒 + 財神 (六筒), won on 九筒: the 財神 is 九筒; 清龍 16 門前清 2 圈風 2 門風 2 缺一門 1 單釣 1
    win = Win(standing=(*M, EAST, EAST, EAST, NINE_DOTS, SIX_DOTS), winning_tile=NINE_DOTS)
    result = score_qq(win, SIX_DOTS)
    assert (result.total, result.used_as, result.winning_tile) == (24, (NINE_DOTS,), NINE_DOTS)
    assert ("no_caishen", 1) not in result.fans
    assert result.total == brute_force(win, SIX_DOTS)


def test_won_on_a_caishen_it_may_be_any_tile_of_the_reading() -> None:
    # 一至九萬 東東東 + two 財神, won on one: 二萬 二萬 (123 坎張 on 2, 22 …): 清龍 16 混一色 6 門前清 2 圈風 2
    # 門風 2 坎張 1 = 29, over 六筒 六筒 as themselves (24 + 無財神 2)
    win = Win(standing=(*M, EAST, EAST, EAST, SIX_DOTS, SIX_DOTS), winning_tile=SIX_DOTS)
    result = score_qq(win, SIX_DOTS)
    assert (result.total, result.used_as, result.winning_tile) == (29, (M[1], M[1]), M[1])
    assert dict(result.fans)["half_flush"] == 1
    assert result.total == brute_force(win, SIX_DOTS)


def test_one_caishen_as_itself_is_not_no_caishen() -> None:
    # 一二三四五 七八九筒 中中中 東 + two 財神, won on 東: 六筒 (itself) and 東 make 清龍, over 三筒 and 東
    # (123 345 789); 無財神 wants every 財神 as itself, so it does not score
    dots = tuple(tile("p", r) for r in range(1, 10))
    win = Win(standing=(*dots[:5], *dots[6:], 31, 31, 31, EAST, SIX_DOTS, SIX_DOTS), winning_tile=EAST)
    result = score_qq(win, SIX_DOTS)
    assert result.used_as == (SIX_DOTS, EAST)
    assert "pure_straight" in dict(result.fans) and "no_caishen" not in dict(result.fans)
    assert result.total == brute_force(win, SIX_DOTS)


def test_a_hand_without_caishen_earns_no_caishen() -> None:
    win = Win(standing=(*M, EAST, EAST, EAST, NINE_DOTS, NINE_DOTS), winning_tile=NINE_DOTS)
    result = score_qq(win, SIX_DOTS)
    assert result.total == score(win, minimum=0).total + 2 == 26
    assert ("no_caishen", 1) in result.fans and result.used_as == ()


def test_caishen_in_a_meld_is_refused() -> None:
    pung = Group(Set.PUNG, SIX_DOTS, concealed=False, melded=True)
    win = Win(standing=(*M[:9], NINE_DOTS, NINE_DOTS), melds=(pung,), winning_tile=NINE_DOTS)
    with pytest.raises(HandError) as caught:
        score_qq(win, SIX_DOTS)
    assert caught.value.code == "caishen_in_meld"


def test_not_a_win_whatever_the_caishen_are() -> None:
    win = Win(standing=(0, 2, 4, 6, 9, 11, 13, 15, 18, 20, 22, 24, 28, SIX_DOTS), winning_tile=28)
    with pytest.raises(HandError) as caught:
        score_qq(win, SIX_DOTS)
    assert caught.value.code == "not_a_win"
    assert brute_force(win, SIX_DOTS) is None


def test_random_small_hands_against_brute_force() -> None:
    rng = Random(16002)
    compared = 0
    while compared < 12:
        # a winning 14 of 萬 and 東, then one or two tiles turned into 財神 (六筒)
        tiles: list[int] = []
        while len(tiles) < 12:
            start = rng.randrange(7)
            tiles += [start, start + 1, start + 2] if rng.random() < 0.6 else [rng.choice((*M, EAST))] * 3
        tiles += [rng.choice((*M, EAST))] * 2
        if any(tiles.count(t) > 4 for t in tiles):
            continue
        rng.shuffle(tiles)
        k = rng.choice((1, 2))
        standing = (*tiles[k:], *[SIX_DOTS] * k)
        winning = rng.choice((tiles[k], SIX_DOTS))
        win = Win(standing=standing, winning_tile=winning, self_drawn=rng.random() < 0.5)
        expected = brute_force(win, SIX_DOTS)
        assert expected is not None  # each 財神 may be the tile it replaced
        assert score_qq(win, SIX_DOTS).total == expected
        compared += 1
