"""DESIGN §1: core/ is pure and synchronous — it imports nothing from bot/, no asyncio, no I/O libraries."""

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


def test_core_imports_nothing_impure():
    offenders = []
    for path in CORE.rglob("*.py"):
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
                    offenders.append(f"{path.relative_to(CORE)}: {name}")
    assert offenders == []
