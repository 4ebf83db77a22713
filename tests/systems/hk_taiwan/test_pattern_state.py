"""No per-hand state kept in 港式台牌's pattern modules (issue 14 Build 5: "Memos live on the hand view,
not in modules"): two threads scoring two hands never read each other's facts.

Read from the source with :mod:`ast`; nothing is imported.  (The import graph of the whole package — no
cycle, no private name across modules — is checked by ``tests/test_imports_are_clean.py``.)
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
"""The repository (the folder holding ``taipai/``)."""


_MUTATORS = frozenset({"append", "clear", "extend", "insert", "pop", "popitem", "setdefault", "update"})


def state_written_by_functions(path: Path) -> set[str]:
    """Module-level names of the module at ``path`` that its functions write: rebound through
    ``global``, item-assigned (``X[k] = v``, ``del X[k]``, ``X[k] += v``) or changed by a mutating
    method (``X.clear()``, ``X.update(...)`` …).  A memo or cache kept in the module shows up here."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {
        t.id
        for node in tree.body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(t, ast.Name)
    }
    written: set[str] = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.Global):
                written.update(node.names)
            elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del):
                if isinstance(node.value, ast.Name):
                    written.add(node.value.id)
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in _MUTATORS
                and isinstance(node.func.value, ast.Name)
            ):
                written.add(node.func.value.id)
    return written & top


REGISTRIES = {
    "base.py": {"BOUNDS", "DETECTORS", "NEEDS"},
    "flowers.py": {"_HONOURLESS"},
}
"""Module state the pattern families may write: the detector and bound registry (filled once, at import, by
``@detector``) and a cache per rule table (not per hand: the same answer for every hand scored under
that table)."""


def test_pattern_families_keep_no_state_between_hands() -> None:
    """Facts shared by the detectors of one reading live on the HandView (``memo``, ``hand_memo``),
    so scoring is re-entrant: two threads scoring two hands never read each other's facts."""
    folder = ROOT / "taipai" / "systems" / "hk_taiwan" / "patterns"
    found = {p.name: state_written_by_functions(p) for p in sorted(folder.glob("*.py"))}
    assert {
        name: names - REGISTRIES.get(name, set())
        for name, names in found.items()
        if names - REGISTRIES.get(name, set())
    } == {}
    assert found["base.py"] == REGISTRIES["base.py"]


def test_the_state_checker_finds_a_module_memo(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text(
        "_slot = [None, None]\n_cache = {}\n_last = None\nLIMIT = 3\n"
        "def f(v):\n    _slot[0] = v\n    return LIMIT\n"
        "def g(v):\n    _cache.setdefault(v, 1)\n"
        "def h(v):\n    global _last\n    _last = v\n"
        "def k(v):\n    local = {}\n    local[v] = 1\n    return local\n",
        encoding="utf-8",
    )
    assert state_written_by_functions(path) == {"_slot", "_cache", "_last"}
