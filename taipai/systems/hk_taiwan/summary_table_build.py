"""Build ``suit_summaries.bin`` (:mod:`taipai.systems.hk_taiwan.summary_table`) from the bound's own
code: every vector of the complete-suit list (:mod:`taipai.core.wilds.suitshapes`) summarised by
:meth:`taipai.systems.hk_taiwan.scorebound.Bounder.summary` under the preset's rule values, in a
suit with no declared meld (the only summaries the table stands in for), self-drawn; and for each
rank held four times, the suit's own rows when that rank is the winning tile taken from a discard.

Every vector holding some rank three or four times is then summarised again as won on a discard of
that rank and compared with what :meth:`~taipai.systems.hk_taiwan.scorebound.Bounder.shipped`
makes of the table: the build fails rather than ship a table the bound would misread.

``python scripts/build_tables.py`` writes it (about 10 s).
"""

from __future__ import annotations

from taipai.core.handspec import HandSpec
from taipai.core.wilds.suitshapes import SuitShapes, counts_of
from taipai.core.wilds.suitshapes import shipped as shipped_shapes
from taipai.systems.hk_taiwan.rules import RuleSet
from taipai.systems.hk_taiwan.scorebound import FOUR, LOCAL, Bounder, pungs_in_every_best_split
from taipai.systems.hk_taiwan.summary_table import SummaryTable, Variant, encode, values_fingerprint


def build(rules: RuleSet, shapes: SuitShapes | None = None) -> bytes:
    """The table file's bytes for ``rules``, aligned with ``shapes`` (default: the shipped
    complete-suit list), worked out afresh (no shipped summary is read).

    Raises:
        ValueError: no complete-suit list, or naming a vector whose summary, won on a discard, the
            table would misread.
    """
    shapes = shapes if shapes is not None else shipped_shapes()
    if shapes is None:
        raise ValueError("the complete-suit list taipai/core/wilds/suitshapes.bin is missing: build it first")
    vectors = [counts_of(code) for code in shapes.codes()]
    drawn = Bounder(rules, HandSpec(concealed=(), self_drawn=True), (), None, shipped=False)
    # per rank r of 萬: a win on a discard of r (all that changes with the rank)
    on_discard = [
        Bounder(rules, HandSpec(concealed=(), winning_tile=r, self_drawn=False), (), None, shipped=False)
        for r in range(9)
    ]
    summaries = [drawn.summary(0, counts) for counts in vectors]
    extras = [pungs_in_every_best_split(counts, False) for counts in vectors]
    variants: list[Variant] = []
    for at, counts in enumerate(vectors):
        for r, c in enumerate(counts):
            if c == 4:
                s = on_discard[r].summary(0, counts)
                variants.append((at, r, (s[LOCAL], s[FOUR])))
    data = encode(values_fingerprint(rules), shapes, summaries, extras, variants)
    table = SummaryTable(data, shapes)
    for counts in vectors:
        for r, c in enumerate(counts):
            if c >= 3:
                want = on_discard[r].summary(0, counts)
                got = Bounder.shipped(table, counts, r)
                if got != want:
                    raise ValueError(
                        f"{counts} won on a discard of rank {r}: the table reads {got}, the bound {want}"
                    )
    return data
