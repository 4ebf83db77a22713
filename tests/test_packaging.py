"""Every data file the code reads ships in the package (a wheel and the container image install
``taipai`` without its source tree): the rule systems' presets and the wildcard engine's shipped
tables (``*.bin``) are package data.

The case that showed it: the ``taiwan`` and ``hk-old`` presets (``taipai/systems/*/preset.toml``) worked in
the editable install and would have been missing from a built wheel.
"""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_toml_and_table_under_taipai_is_package_data() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["package-data"]
    missing = []
    for path in sorted([*(ROOT / "taipai").rglob("*.toml"), *(ROOT / "taipai").rglob("*.bin")]):
        rel = path.relative_to(ROOT)
        shipped = False
        for package, patterns in data.items():
            folder = ROOT / package.replace(".", "/")
            if folder in path.parents:
                inner = path.relative_to(folder).as_posix()
                shipped = shipped or any(fnmatch.fnmatch(inner, p) for p in patterns)
        if not shipped:
            missing.append(str(rel))
    assert missing == []
    assert (ROOT / "taipai/systems/taiwan/preset.toml").is_file()
    assert (ROOT / "taipai/core/wilds/suitshapes.bin").is_file()
