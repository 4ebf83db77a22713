"""Shared pytest configuration: make ``tests/builders.py`` importable as ``builders``."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
