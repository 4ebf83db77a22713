"""國標 (MCR) waits with a meld laid down: a 組合龍 (seed 002 row 35, 「3 種花色的 147 、 258 、 369 不能錯位的
序數牌」) one tile short waits on a tile three ranks from every held tile of its suit, which a search
of only the tiles near the held ones never tried (聽 and the scored hand's waits said nothing).  Every
wait of the oracle's hands, with and without melds, equals trying each of the 34 tiles."""

from __future__ import annotations

import pytest
from oracle import hands

from taipai.core.system import Seat
from taipai.systems.mcr.hand import counts_of, is_win, waits
from taipai.systems.mcr.options import McrOptions
from taipai.systems.mcr.reading import score_message
from tests.systems.mcr.mcrhands import tiles


@pytest.mark.parametrize(
    ("standing", "wait"),
    [
        ("47m258p369sCC", "1m"),  # the 147 third lacks its 1
        ("17m258p369sCC", "4m"),  # ... its 4: three ranks from 1萬 and from 7萬
        ("147m258p36sCC", "9s"),  # the 369 third lacks its 9
        ("147m25p369sCC", "8p"),
    ],
)
def test_a_knitted_straight_one_short_beside_a_meld_waits_on_the_missing_tile(standing: str, wait: str) -> None:
    counts = counts_of(tiles(standing))
    assert waits(counts, 1, [0] * 34) == tiles(wait)


def test_the_message_shows_the_knitted_wait() -> None:
    # 碰東 + 147萬 258筒 36索 中中, won on 九索: 組合龍 12 + 五門齊 6 + 圈風刻 2 + 門風刻 2 = 22番
    r = score_message("碰 東東東 一四七萬 二五八筒 三六索 中中 食 九索", Seat(), None, McrOptions())
    assert r.score.waits == (26,)
    assert r.score.fan == 22
    assert {p.id for p in r.score.patterns} == {"knitted_straight", "all_types", "prevalent_wind", "seat_wind"}


def _brute(counts: list[int], melds: int) -> list[int]:
    out = []
    for t in range(34):
        counts[t] += 1
        if is_win(counts, melds):
            out.append(t)
        counts[t] -= 1
    return out


def test_every_wait_is_found_as_trying_all_34_tiles() -> None:
    seen_melds = set()
    knitted_far = 0
    for h in hands(3000, 20261216):
        before = counts_of(list(h.concealed))
        melds = len(h.melds)
        seen_melds.add(melds)
        found = waits(before, melds, [0] * 34)
        assert found == _brute(before, melds), h
        near = {t for t in range(34) if before[t]} | {
            u for t in range(27) if before[t] for u in range(t - 2, t + 3) if 0 <= u < 27 and u // 9 == t // 9
        }
        knitted_far += melds == 1 and any(t not in near for t in found)
    assert seen_melds == {0, 1, 2, 3, 4}
    assert knitted_far > 0, "the corpus holds a meld beside a 組合龍 one short of a far tile"
