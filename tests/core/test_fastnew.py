"""taipai.core.fastnew.builder: a frozen slots dataclass built from its slots' descriptors is the
instance its own ``__init__`` makes (equal, same hash, same repr, still immutable)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pytest

from taipai.core.fastnew import builder
from taipai.core.handspec import HandSpec, KongKind, Meld, MeldKind, Situation
from taipai.systems.mcr.hand import Win


@dataclass(frozen=True, slots=True)
class _Pair:
    left: int
    right: tuple[int, ...] = ()


def test_the_built_instance_is_the_constructed_one() -> None:
    build = builder(_Pair)
    made = build(3, (4, 5))
    assert made == _Pair(3, (4, 5))
    assert hash(made) == hash(_Pair(3, (4, 5)))
    assert repr(made) == "_Pair(left=3, right=(4, 5))"
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.left = 4  # type: ignore[misc]


def test_every_field_is_passed_defaults_included() -> None:
    with pytest.raises(TypeError):
        builder(_Pair)(3)  # type: ignore[call-arg]


def test_a_hand_spec_and_a_win_built_so_equal_their_constructed_twins() -> None:
    melds = (Meld(MeldKind.KONG, 27, KongKind.CONCEALED),)
    spec = HandSpec((0, 1, 2), melds, 31, True, (1, 2), Situation(seat_wind=28), (), None)
    assert builder(HandSpec)((0, 1, 2), melds, 31, True, (1, 2), Situation(seat_wind=28), (), None) == spec
    win = Win((0, 1, 2, 31, 31), (), 31, True, 2, False, False, True, 28, 27)
    assert builder(Win)((0, 1, 2, 31, 31), (), 31, True, 2, False, False, True, 28, 27) == win


def test_a_class_whose_init_does_more_is_refused() -> None:
    @dataclass(frozen=True, slots=True)
    class Checked:
        n: int

        def __post_init__(self) -> None:
            if self.n < 0:
                raise ValueError("negative")

    @dataclass(frozen=True)
    class NoSlots:
        n: int

    with pytest.raises(TypeError):
        builder(Checked)
    with pytest.raises(TypeError):
        builder(NoSlots)
