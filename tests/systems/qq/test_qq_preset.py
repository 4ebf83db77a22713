"""QQ's preset (seed 002 row 69 and 「計分規則」) and the code that plays it agree."""

from __future__ import annotations

from taipai.systems.qq.caishen import NO_CAISHEN_FAN
from taipai.systems.qq.ledger import TABLE
from taipai.systems.qq.money import Room
from taipai.systems.qq.rules import preset
from taipai.systems.qq.scoring import NO_CAISHEN_ID


def test_no_caishen_row() -> None:
    p = preset()
    assert p.no_caishen_fan == NO_CAISHEN_FAN == 2
    assert p.no_caishen_row == "69 無財神 胡牌時沒有財神或財神代替本身花色使用"
    assert NO_CAISHEN_ID == "no_caishen"


def test_money_defaults_are_the_tables() -> None:
    p = preset()
    opts = TABLE.default_options()
    assert (p.room, p.coefficient, p.cut, p.minimum) == (Room.OPEN, 1, 0, 0)
    assert (opts.room, opts.coefficient) == (p.room, p.coefficient)
