"""QQ tests reach the MCR oracle helper (tests/systems/mcr/oracle.py: pymahjonggb, the dev extra) as the
MCR tests do, as the top-level module ``oracle``."""

from __future__ import annotations

import sys
from pathlib import Path

MCR_TESTS = str(Path(__file__).resolve().parents[1] / "mcr")
if MCR_TESTS not in sys.path:
    sys.path.insert(0, MCR_TESTS)
