"""港式台牌's shipped numbered-suit summaries (taipai/systems/hk_taiwan/summary_table.py).

The wildcard bound reads a numbered suit's summary from ``suit_summaries.bin`` when the suit holds
no declared meld and the rule table has the preset's pattern values (seed 004's table).  Here the
file is rebuilt from the bound's own code and compared byte for byte, and summaries read from it
are compared with summaries worked out, in every context a hand can give a suit: self-drawn or won
on a discard of a tile the suit holds once to four times (seed 004 刻子類 暗刻 and 四歸類 明/暗),
declared chows, pungs and kongs in the other suits, any winds.
"""

from __future__ import annotations

import random
from importlib import resources

import pytest

from taipai.core.handspec import HandSpec, KongKind, Meld, MeldKind, Situation
from taipai.core.wilds.suitshapes import counts_of
from taipai.core.wilds.suitshapes import shipped as shipped_shapes
from taipai.systems.hk_taiwan.rules import apply_overrides, load_rules
from taipai.systems.hk_taiwan.scorebound import Bounder
from taipai.systems.hk_taiwan.summary_table import (
    DATA_FILE,
    SummaryTable,
    shipped_table,
    table_for,
    values_fingerprint,
)
from taipai.systems.hk_taiwan.summary_table_build import build

PRESET = load_rules("hk-taiwan")
SHAPES = shipped_shapes()


def test_the_shipped_table_is_built_from_the_bound() -> None:
    """``suit_summaries.bin`` is what :func:`build` makes now (rebuild with ``python
    scripts/build_tables.py`` when a bound or the preset changes).  The build also checks every
    vector holding a rank three or four times, won on a discard of that rank."""
    data = resources.files("taipai.systems.hk_taiwan").joinpath(DATA_FILE).read_bytes()
    assert build(PRESET) == data


def test_the_preset_reads_the_table_and_other_values_do_not() -> None:
    """Options leave the summaries alone; a pattern value, an exclusion or a row turned off does not."""
    assert shipped_table() is not None and table_for(PRESET) is shipped_table()
    options_only = apply_overrides(PRESET, {"options": {"base_fan": 3, "flowers": False}})
    assert table_for(options_only) is shipped_table()
    for override in (
        {"patterns": {"full_flush": {"fan": 50}}},
        {"patterns": {"pure_straight": {"enabled": False}}},
    ):
        changed = apply_overrides(PRESET, override)
        assert values_fingerprint(changed) != values_fingerprint(PRESET)
        assert table_for(changed) is None


def _random_melds(rng: random.Random, free_suit: int) -> tuple[Meld, ...]:
    """Up to three declared melds in the suits other than ``free_suit`` (the honours included)."""
    melds = []
    for _ in range(rng.randrange(4)):
        suit = rng.choice([s for s in range(4) if s != free_suit])
        if suit == 3:
            melds.append(Meld(MeldKind.PUNG, 27 + rng.randrange(7)))
            continue
        kind = rng.choice((MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG))
        tile = 9 * suit + rng.randrange(7 if kind is MeldKind.CHOW else 9)
        melds.append(Meld(kind, tile, kong=KongKind.CONCEALED if kind is MeldKind.KONG else None))
    return tuple(melds)


@pytest.mark.parametrize("seed", range(8))
def test_summaries_read_from_the_table_equal_the_worked_out_ones(seed: int) -> None:
    """250 random vectors per seed, each in a random context, in a random numbered suit; the win is
    on a tile of that suit the vector holds (any number of times) half the time."""
    assert SHAPES is not None
    rng = random.Random(seed)
    codes = SHAPES.codes()
    for _ in range(250):
        counts = counts_of(rng.choice(codes))
        suit = rng.randrange(3)
        held = [r for r, c in enumerate(counts) if c]
        win = 9 * suit + rng.choice(held) if held and rng.random() < 0.5 else rng.randrange(34)
        spec = HandSpec(
            concealed=(),
            winning_tile=win,
            self_drawn=rng.random() < 0.4,
            situation=Situation(round_wind=27 + rng.randrange(4), seat_wind=27 + rng.randrange(4)),
        )
        melds = _random_melds(rng, suit)
        fresh = Bounder(PRESET, spec, melds, None, shipped=False)
        shipped = Bounder(PRESET, spec, melds, None)
        assert shipped.summary(suit, counts) == fresh.summary(suit, counts), (counts, suit, spec, melds)


def test_a_suit_with_a_declared_meld_is_worked_out() -> None:
    """The table holds concealed suits only: a declared 一二三萬 beside 一二三萬 in the hand is
    summarised from the counts (both give the same summary either way)."""
    spec = HandSpec(concealed=(), winning_tile=30, self_drawn=True)
    meld = (Meld(MeldKind.CHOW, 0),)
    counts = (2, 2, 2, 0, 0, 0, 0, 0, 0)
    fresh = Bounder(PRESET, spec, meld, None, shipped=False)
    assert Bounder(PRESET, spec, meld, None).summary(0, counts) == fresh.summary(0, counts)


def test_a_table_for_another_list_or_cut_short_is_refused() -> None:
    assert SHAPES is not None
    data = resources.files("taipai.systems.hk_taiwan").joinpath(DATA_FILE).read_bytes()
    with pytest.raises(ValueError, match="not a compressed table"):
        SummaryTable(data[:100], SHAPES)
    import zlib

    raw = zlib.decompress(data)
    with pytest.raises(ValueError, match="does not hold"):
        SummaryTable(zlib.compress(raw[:-2]), SHAPES)
    with pytest.raises(ValueError, match="not a summary table"):
        SummaryTable(zlib.compress(b"XXXXX" + raw[5:]), SHAPES)
