"""Rewrite the wildcard engine's shipped tables from the code that defines them.

* ``taipai/core/wilds/suitshapes.bin``: the complete numbered suits
  (:func:`taipai.core.wilds.suitshapes.generate`).
* ``taipai/systems/hk_taiwan/suit_summaries.bin``: 港式台牌's bound summaries of them under the
  preset's rule values (:func:`taipai.systems.hk_taiwan.summary_table_build.build`; about 10 s).

Run ``python scripts/build_tables.py`` after changing what a complete suit is, a bound of
:mod:`taipai.systems.hk_taiwan.scorebound` or the preset's values; ``tests/core/test_suitshapes.py``
and ``tests/systems/hk_taiwan/test_summary_table.py`` fail until then.  Each file is written only
when its bytes change, and its size printed.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from taipai.core.wilds import suitshapes
from taipai.systems.hk_taiwan import summary_table, summary_table_build
from taipai.systems.hk_taiwan.rules import load_rules


def write(package: str, name: str, data: bytes) -> None:
    """Write ``data`` as package data ``name`` of ``package`` when it differs; print what happened."""
    target = Path(str(resources.files(package).joinpath(name)))
    old = target.read_bytes() if target.exists() else None
    if old != data:
        target.write_bytes(data)
    print(f"{target}: {len(data):,} bytes{'' if old != data else ' (unchanged)'}")


def main() -> None:
    """Rebuild both tables: the complete suits first (the summaries are aligned with them)."""
    write("taipai.core.wilds", suitshapes.DATA_FILE, suitshapes.encode(suitshapes.generate()))
    suitshapes.reload()
    write(
        "taipai.systems.hk_taiwan",
        summary_table.DATA_FILE,
        summary_table_build.build(load_rules("hk-taiwan")),
    )


if __name__ == "__main__":
    main()
