"""長沙跑胡子's bare counts: a count under the fewest 排 a win can make there is refused (a new user booked
`B 食 A 2` as 2排).  Seed 002 ⑷ 二、1: 「有鬍子的，3胡算一排，其中10胡算卡胡計5排」: at 起胡 10胡息 the hands
count 10胡息 → 卡胡 5排, 11胡息 → 3排 (11 ÷ 3 rounded down), 12 → 4 …; 飄胡 is 5排.  So the least is 3排
(11胡息); at 起胡 15 it is 5排 (15 ÷ 3); with 2胡 a 排 at 起胡 10 it is 5排 (卡胡 at 10, 11 ÷ 2 = 5)."""

from __future__ import annotations

import pytest

from taipai.core.errors import HandError
from taipai.systems.zipai import PAOHUZI_SYSTEM
from taipai.systems.zipai.options import ZipaiOptions
from taipai.systems.zipai.scoring import least_pai


def test_the_least_pai_by_hand_from_the_seed() -> None:
    assert least_pai(10, 3) == 3
    assert least_pai(15, 3) == 5
    assert least_pai(10, 2) == 5
    assert least_pai(9, 3) == 3  # 9胡息 → 3排 is a win at 起胡 9


def test_a_bare_count_under_it_is_refused_and_at_it_booked() -> None:
    options = ZipaiOptions.preset(PAOHUZI_SYSTEM.id)
    with pytest.raises(HandError) as err:
        PAOHUZI_SYSTEM.check_count(2, options)
    assert err.value.code == "below_minimum"
    assert err.value.hint_args == {"count_text": "2排", "minimum_text": "3排"}
    assert PAOHUZI_SYSTEM.check_count(3, options) == 3
    higher = options.with_option("threshold", "15")
    with pytest.raises(HandError):
        PAOHUZI_SYSTEM.check_count(4, higher)
    assert PAOHUZI_SYSTEM.check_count(5, higher) == 5
