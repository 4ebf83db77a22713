"""The ``mcr`` system through the seam (:class:`taipai.core.system.RuleSystem`): a hand message, a bare
count, its settings' 規則 rows and its preset."""

from __future__ import annotations

import pytest

from taipai.core.errors import HandError
from taipai.core.system import Seat
from taipai.systems.mcr import SYSTEM
from taipai.systems.mcr.options import McrOptions


def test_identity() -> None:
    assert (SYSTEM.id, SYSTEM.unit, SYSTEM.hand_size, SYSTEM.wildcards) == ("mcr", "番", 13, False)
    assert len(SYSTEM.load_rules()) == 81
    with pytest.raises(HandError) as e:
        SYSTEM.load_rules("house.toml")
    assert e.value.code == "bad_rules"


def test_score_through_the_seam() -> None:
    opts = SYSTEM.table.default_options()
    r = SYSTEM.score("一二三萬 四五六筒 七八九索 一一一筒 東 食 東", Seat(), SYSTEM.load_rules(), opts)
    assert r.score.fan == 12  # 花龍 8, 門前清 2, 幺九刻 1, 單釣將 1
    assert SYSTEM.booked_fan(r.score) == 12
    assert SYSTEM.check_count(8, opts) == 8


def test_mixed_kongs_option_reaches_the_scorer() -> None:
    text = "暗槓 一一一一萬 明槓 二二二二筒 四五六索 七八九索 東 食 東"
    off = SYSTEM.score(text, Seat(), None, McrOptions(minimum=0))
    on = SYSTEM.score(text, Seat(), None, McrOptions(minimum=0, mixed_kongs=True))
    assert on.score.fan - off.score.fan == 5 - (2 + 1)


def test_rule_rows() -> None:
    said = SYSTEM.chat.rows(McrOptions())
    assert [s.msgid for s in said][:2] == [
        "底 = {value} (the money of one point: 8 basic points and each 番)",
        "起和 = {value}番 (the least a win needs, flowers not counted)",
    ]
    assert dict(said[1].args)["value"] == "8"
    assert SYSTEM.chat.option_name("明暗槓") == "mixed_kongs"
