"""起胡 typed with a unit: it counts the groups' 油 (大字牌) or 胡息 (the 鬍子 variants; seed 002 ⑷
「10胡落地」, 「10胡算卡胡」), never the 排 長沙跑胡子 pays in: 「規則 起胡 9排」 is refused, not read as 9胡息."""

from __future__ import annotations

import pytest

from taipai.core.table.errors import TableError
from taipai.systems.zipai.options import ZipaiOptions


@pytest.mark.parametrize(
    ("variant", "typed", "threshold"),
    [
        ("zipai", "15油", 15),
        ("zipai", "15", 15),
        ("paohuzi", "12胡息", 12),
        ("paohuzi", "12胡", 12),
        ("zipai-hard", "13胡", 13),
    ],
)
def test_the_threshold_in_what_the_groups_count(variant: str, typed: str, threshold: int) -> None:
    assert ZipaiOptions.preset(variant).with_option("起胡", typed).threshold == threshold


@pytest.mark.parametrize(
    ("variant", "typed"), [("paohuzi", "9排"), ("zipai", "15胡"), ("zipai-hard", "12油")]
)
def test_a_threshold_in_another_unit_is_refused(variant: str, typed: str) -> None:
    opts = ZipaiOptions.preset(variant)
    with pytest.raises(TableError) as err:
        opts.with_option("起胡", typed)
    assert err.value.code == "bad_value"
    assert opts.threshold == 10  # unchanged
