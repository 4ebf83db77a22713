"""DESIGN §1 「No import cycles, no private name used across modules」, for the whole ``taipai`` package.

The module graph is read from the source (AST), so it holds every import: at the top of a module,
inside a function (a lazy import is still an edge), and under ``if TYPE_CHECKING:`` (the type
checker follows it; a cycle there is a cycle in the design).  ``from pkg import name`` where ``name``
is a module of ``pkg`` counts as importing that module, and importing ``pkg.mod`` imports the
package ``pkg`` first (its ``__init__``).  gettext's ``_`` (and ``N_``) are the one private-looking
name allowed across modules.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "taipai"
ALLOWED_PRIVATE = frozenset({"_", "N_"})
"""gettext's marker names: private-looking by convention, imported everywhere on purpose."""


def module_name(path: Path) -> str:
    """``taipai/bot/service/__init__.py`` → ``taipai.bot.service``; ``taipai/a/b.py`` → ``taipai.a.b``."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, tuple[Path, ast.Module]]:
    """Every module of the package: name → (path, parsed source)."""
    out: dict[str, tuple[Path, ast.Module]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        out[module_name(path)] = (path, ast.parse(path.read_text("utf-8"), str(path)))
    return out


@dataclass(frozen=True, slots=True)
class Imported:
    """One name an ImportFrom brings in: ``module`` (resolved, absolute), ``name``, and the line."""

    module: str
    name: str
    line: int


def resolve(current: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module of ``from <node.module> import …`` written in module ``current``."""
    if not node.level:
        return node.module or ""
    base = current.split(".")
    if not is_package:
        base = base[:-1]
    if node.level > 1:
        base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def imports(name: str, path: Path, tree: ast.Module, known: set[str] | dict[str, object]) -> Iterator[str]:
    """Every module of ``known`` that module ``name`` (at ``path``) makes Python import, anywhere in
    ``tree`` (top level, inside a function, under ``if TYPE_CHECKING:``).

    ``import a.b.c`` and ``from a.b.c import x`` import ``a``, ``a.b`` and ``a.b.c`` (each package's
    ``__init__``), and ``a.b.c.x`` when ``x`` is a module.  A package that contains ``name`` is
    imported before ``name`` itself, so it counts only when ``name`` takes a name from its
    ``__init__`` (``from taipai.bot.service import Reply``), not for reaching a sibling through it.
    """
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [(alias.name, False) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = resolve(name, is_package, node)
            takes_a_name = any(f"{module}.{alias.name}" not in known for alias in node.names)
            targets = [(module, takes_a_name), *((f"{module}.{a.name}", False) for a in node.names)]
        else:
            continue
        for target, names_from_it in targets:
            parts = target.split(".")
            for i in range(1, len(parts) + 1):
                prefix = ".".join(parts[:i])
                if prefix not in known or prefix == name:
                    continue
                if name.startswith(prefix + ".") and not (prefix == target and names_from_it):
                    continue
                yield prefix


def imported_names(name: str, path: Path, tree: ast.Module) -> Iterator[Imported]:
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            target = resolve(name, is_package, node)
            for alias in node.names:
                yield Imported(target, alias.name, node.lineno)


def graph() -> dict[str, set[str]]:
    """The package's module graph: module → the package modules it imports (with their packages)."""
    mods = modules()
    return {name: set(imports(name, path, tree, mods)) for name, (path, tree) in mods.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of ``edges`` with more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component: list[str] = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def private_imports() -> list[str]:
    """``path:line: from module import _name`` for each private name imported from another module."""
    mods = modules()
    out: list[str] = []
    for name, (path, tree) in mods.items():
        for imp in imported_names(name, path, tree):
            if not imp.name.startswith("_") or imp.name in ALLOWED_PRIVATE:
                continue
            if imp.name.startswith("__") and imp.name.endswith("__"):
                continue  # dunders (__version__) are public by convention
            if f"{imp.module}.{imp.name}" in mods:
                continue  # a private module imported as a whole is checked by its attribute uses
            out.append(f"{path.relative_to(ROOT)}:{imp.line}: from {imp.module} import {imp.name}")
    return out


def private_attribute_uses() -> list[str]:
    """``path:line: mod._name`` where a module imported as a name is reached into for a private name
    (``render._money``, ``service._lock``): an attribute of another module's namespace."""
    mods = modules()
    out: list[str] = []
    for name, (path, tree) in mods.items():
        aliases: dict[str, str] = {}
        is_package = path.name == "__init__.py"
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname and alias.name in mods:
                        aliases[alias.asname] = alias.name
            elif isinstance(node, ast.ImportFrom):
                target = resolve(name, is_package, node)
                for alias in node.names:
                    full = f"{target}.{alias.name}"
                    if full in mods:
                        aliases[alias.asname or alias.name] = full
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in aliases
                and node.attr.startswith("_")
                and not (node.attr.startswith("__") and node.attr.endswith("__"))
                and node.attr not in ALLOWED_PRIVATE
            ):
                out.append(f"{path.relative_to(ROOT)}:{node.lineno}: {aliases[node.value.id]}.{node.attr}")
    return out


PUBLIC_UNDERSCORE = frozenset({"_exit", "_mapping", "_replace", "_asdict", "_fields", "_make"})
"""Documented public API spelled with a leading underscore: ``os._exit``, SQLAlchemy's ``Row._mapping``,
``namedtuple``'s ``_replace`` / ``_asdict`` / ``_fields`` / ``_make``."""


def defined_names(tree: ast.Module) -> set[str]:
    """Every name a module defines or binds itself: functions, classes, assignments (``x = …``,
    ``self._x = …``), arguments, keywords, and ``__slots__``-like strings."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.arg) or (isinstance(node, ast.keyword) and node.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)
    return names


def foreign_private_attributes() -> list[str]:
    """``path:line: obj._name`` where a module reads a private attribute that it never defines itself
    (``service._cache`` in buttons.py, ``self.store._clock`` in chats.py): reaching into another
    module's object, whatever its class."""
    out: list[str] = []
    for _name, (path, tree) in modules().items():
        own = defined_names(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not (node.attr.startswith("__") and node.attr.endswith("__"))
                and node.attr not in own
                and node.attr not in PUBLIC_UNDERSCORE
                and node.attr not in ALLOWED_PRIVATE
            ):
                out.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node.value)}.{node.attr}")
    return out


def test_the_scanner_sees_a_lazy_cycle_and_a_private_import(tmp_path: Path) -> None:
    """The checks can fail: two modules importing each other, one lazily, are one cycle."""
    a = ast.parse("def f():\n    from pkg import b\n")
    b = ast.parse("from pkg.a import _hidden\n")
    known = {"pkg", "pkg.a", "pkg.b"}
    edges = {
        "pkg": set(),
        **{n: set(imports(n, tmp_path / "x.py", t, known)) for n, t in (("pkg.a", a), ("pkg.b", b))},
    }
    assert edges == {"pkg": set(), "pkg.a": {"pkg.b"}, "pkg.b": {"pkg.a"}}
    assert cycles(edges) == [["pkg.a", "pkg.b"]]
    assert [i.name for i in imported_names("pkg.b", tmp_path / "b.py", b)] == ["_hidden"]


def test_relative_imports_resolve_to_the_module_they_name(tmp_path: Path) -> None:
    node = ast.parse("from ..store import chats\n").body[0]
    assert isinstance(node, ast.ImportFrom)
    assert resolve("taipai.bot.service.x", False, node) == "taipai.bot.store"
    assert resolve("taipai.bot.service", True, node) == "taipai.bot.store"


def test_no_import_cycle_in_the_package() -> None:
    assert cycles(graph()) == []


def test_no_private_name_imported_across_modules() -> None:
    assert private_imports() == []


def test_no_private_name_of_another_module_reached_into() -> None:
    assert private_attribute_uses() == []


def test_no_private_attribute_of_another_modules_object_is_read() -> None:
    assert foreign_private_attributes() == []


def test_the_attribute_scan_sees_a_private_attribute_defined_elsewhere() -> None:
    tree = ast.parse(
        "class A:\n    def f(self, other):\n        self._mine = 1\n        return other._theirs\n"
    )
    own = defined_names(tree)
    reads = [n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr not in own]
    assert reads == ["_theirs"]
