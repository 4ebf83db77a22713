"""財神 hands against brute-force substitution through pymahjonggb (the MCR oracle helper): each 財神
replaced by every tile, each substitution scored by pymahjonggb, 無財神's 2番 added where every 財神 is
itself; the best must be what QQ's search over taipai's MCR scorer finds."""

from __future__ import annotations

from itertools import product
from random import Random

import pytest
from oracle import Hand, oracle_fans

from taipai.core.tiles import EAST, RED, tile
from taipai.systems.mcr.hand import Win
from taipai.systems.qq.caishen import caishen_of
from taipai.systems.qq.scoring import score_qq

M = tuple(tile("m", r) for r in range(1, 10))
CAISHEN = caishen_of(tile("s", 4))  # indicator 四索: 財神 五索


def oracle_best(concealed: tuple[int, ...], win: int, self_drawn: bool) -> int | None:
    """The 財神 among ``concealed`` + ``win`` (13 + 1 tiles), each replaced by every tile in turn (the
    winning one first), through pymahjonggb."""
    k = concealed.count(CAISHEN) + (win == CAISHEN)
    best = None
    for subs in product(range(34), repeat=k):
        it = iter(subs)
        won = next(it) if win == CAISHEN else win
        held = [next(it) if t == CAISHEN else t for t in concealed]
        if any([*held, won].count(x) > 4 for x in subs):
            continue
        try:
            fans = oracle_fans(Hand("standard", (), tuple(held), won, self_drawn))
        except TypeError:  # ERROR_NOT_WIN
            continue
        total = sum(fans.values()) + (2 if all(x == CAISHEN for x in subs) else 0)
        best = total if best is None else max(best, total)
    return best


def test_worked_hand_through_the_oracle() -> None:
    # 一至九萬 東東東 中 + 財神, won on 中: the 財神 pairs 中 (清龍 16 …), as taipai's scorer says
    concealed = (*M, EAST, EAST, EAST, CAISHEN)
    expected = oracle_best(concealed, RED, False)
    result = score_qq(Win(standing=(*concealed, RED), winning_tile=RED), CAISHEN)
    assert result.used_as == (RED,)
    assert result.total == expected


@pytest.mark.parametrize(("wilds", "hands"), [(1, 60), (2, 12)])
def test_random_caishen_hands_agree_with_the_oracle(wilds: int, hands: int) -> None:
    rng = Random(16003 + wilds)
    compared = 0
    while compared < hands:
        tiles: list[int] = []
        while len(tiles) < 12:
            start = rng.randrange(7)
            tiles += (
                [start, start + 1, start + 2] if rng.random() < 0.6 else [rng.choice((*M, EAST, RED))] * 3
            )
        tiles += [rng.choice((*M, EAST, RED))] * 2
        if any(tiles.count(t) > 4 for t in tiles):
            continue
        rng.shuffle(tiles)
        tiles[:wilds] = [CAISHEN] * wilds
        win = tiles[rng.randrange(14)]
        concealed = list(tiles)
        concealed.remove(win)
        self_drawn = rng.random() < 0.5
        expected = oracle_best(tuple(concealed), win, self_drawn)
        got = score_qq(Win(standing=tuple(tiles), winning_tile=win, self_drawn=self_drawn), CAISHEN)
        assert got.total == expected, (tiles, win, self_drawn, got)
        compared += 1
