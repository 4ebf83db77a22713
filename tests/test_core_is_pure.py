"""DESIGN §1: core/ is pure and synchronous — it imports nothing from bot/, no asyncio, no I/O libraries.

The rule systems (``taipai/systems/``: each game's scoring and ledger behind the seam) are held to the
same bar; their one disk read is a preset through :mod:`importlib.resources`.
"""

import ast
from pathlib import Path

FORBIDDEN = {
    "asyncio",
    "sqlalchemy",
    "aiosqlite",
    "telegram",
    "discord",
    "socket",
    "requests",
    "httpx",
    "random",
    "time",
    "datetime",
}
CORE = Path(__file__).resolve().parents[1] / "taipai" / "core"
SYSTEMS = Path(__file__).resolve().parents[1] / "taipai" / "systems"


def impure_imports(folder: Path) -> list[str]:
    """``file: module`` for each import under ``folder`` of a FORBIDDEN module or of ``taipai.bot``."""
    offenders = []
    for path in folder.rglob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                root = name.split(".")[0]
                if root in FORBIDDEN or name.startswith("taipai.bot"):
                    offenders.append(f"{path.relative_to(folder)}: {name}")
    return offenders


def test_core_imports_nothing_impure():
    assert impure_imports(CORE) == []


def test_the_rule_systems_import_nothing_impure():
    assert impure_imports(SYSTEMS) == []


def test_the_purity_check_sees_an_impure_import(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("import time\nfrom taipai.bot.i18n import _\nfrom taipai.core import tiles\n")
    assert sorted(impure_imports(tmp_path)) == ["m.py: taipai.bot.i18n", "m.py: time"]
