"""字牌 groups (seed 002 ⑴ 一句話, 絞, 對, 坎, 提) and the search for every grouping (issue 18 item 2)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from taipai.systems.zipai.cards import SPELLINGS
from taipai.systems.zipai.groups import Kind, groupings, is_mix, is_run

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))

from zipai_bench import winning_hands

from taipai.systems.zipai.notation import read_hand


def cards(text: str) -> tuple[int, ...]:
    return tuple(SPELLINGS[c] for c in text)


def counts(text: str) -> tuple[int, ...]:
    out = [0] * 20
    for c in cards(text):
        out[c] += 1
    return tuple(out)


def shown(found: tuple) -> set[tuple[str, ...]]:
    return {tuple(sorted(g.shown() for g in reading)) for reading in found}


def test_a_run_is_three_in_a_row_of_one_case_or_two_seven_ten():
    # ⑴ 「三隻牌點連續且大小相同」; 「特例：貳柒拾或二七十也構成一句話」; 「大字和小字不能混合組成一句話」
    assert (
        is_run(cards("一二三"))
        and is_run(cards("捌玖拾"))
        and is_run(cards("二七十"))
        and is_run(cards("貳柒拾"))
    )
    assert not is_run(cards("一貳三")) and not is_run(cards("二柒十")) and not is_run(cards("九十壹"))
    assert not is_run(cards("一三五"))


def test_a_mix_is_three_of_one_point_in_both_cases():
    # ⑴ 「三隻牌點相同但大小不相同的牌可以組成絞牌」
    assert is_mix(cards("二二貳")) and is_mix(cards("二貳貳"))
    assert not is_mix(cards("二二二")) and not is_mix(cards("二貳三"))


def test_every_grouping_of_a_hand_is_found_once():
    # 二三四 + 二七十, or the same two groups found the other way round: one reading
    assert shown(groupings(counts("二二三四七十"))) == {("二七十", "二三四")}
    # 一一一 二二二 三三三: three 坎, or three 一二三
    assert shown(groupings(counts("一一一二二二三三三"), pairs=0)) == {
        ("坎 一一一", "坎 三三三", "坎 二二二"),
        ("一二三", "一二三", "一二三"),
    }


def test_four_alike_in_the_hand_is_a_ti_or_a_kan_and_a_card_elsewhere():
    found = shown(groupings(counts("一一一一二三"), pairs=0))
    assert found == {("一二三", "坎 一一一")}
    assert shown(groupings(counts("一一一一"))) == {("提 一一一一",)}
    assert shown(groupings(counts("一一一一"), pairs=0)) == {("提 一一一一",)}


def test_the_eyes_are_one_pair_at_most():
    assert shown(groupings(counts("一一二三四"))) == {("二三四", "對 一一")}
    assert groupings(counts("一一二三四"), pairs=0) == ()
    assert groupings(counts("一一二二")) == ()


def test_mixed_case_runs_are_never_found():
    assert groupings(counts("一貳三")) == ()
    assert [g.kind for g in groupings(counts("二二貳"))[0]] == [Kind.MIX]


def test_a_bad_vector_is_refused():
    with pytest.raises(ValueError):
        groupings((5,) + (0,) * 19)
    with pytest.raises(ValueError):
        groupings((1,) * 19)


def test_the_benchmark_hands_are_all_groupable():
    # the seeded generator builds each hand from groups, so each has at least one grouping
    for message in winning_hands(300, seed=7):
        hand = read_hand(message)
        pairs = 1 - sum(1 for g in hand.declared if g.kind is Kind.PAIR)
        assert groupings(hand.counts(), pairs), message
    assert winning_hands(5, seed=7) == winning_hands(5, seed=7)
