"""The module graph of ``taipai.core``: no import cycle, no private name imported across modules,
and no per-hand state kept in the pattern modules.

Read from the source with :mod:`ast`; nothing is imported or executed.  Every import counts, where
it stands: at the top, inside a function (a lazy import is still a cycle), under ``TYPE_CHECKING``.
:func:`import_graph`, :func:`cycles` and :func:`private_imports` take any package, so a
package-wide test can reuse them; :func:`state_written_by_functions` reads one module.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The repository (the folder holding ``taipai/``)."""


def modules(root: Path, package: str) -> dict[str, Path]:
    """Dotted module name -> source file of every module of ``package`` (its ``__init__`` is the
    package's own name), found under ``root``."""
    base = root.joinpath(*package.split("."))
    out: dict[str, Path] = {}
    for path in sorted(base.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _absolute(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute name an ``ImportFrom`` inside ``module`` reads (``from . import x``: relative to
    the package holding ``module``, or to ``module`` itself when it is a package's ``__init__``)."""
    if not node.level:
        return node.module or ""
    anchor = module.split(".") if is_package else module.split(".")[:-1]
    anchor = anchor[: len(anchor) - (node.level - 1)]
    return ".".join([*anchor, node.module] if node.module else anchor)


def _imports(module: str, path: Path, tree: ast.AST, known: dict[str, Path]) -> Iterator[str]:
    """Every name ``tree`` imports, absolute: a module (``import a.b``, ``from a import b`` when
    ``a.b`` is a module of ``known``) or a name inside one (``from a.b import c``: ``a.b.c``)."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(module, is_package, node)
            for alias in node.names:
                yield f"{source}.{alias.name}"


def _owner(name: str, known: dict[str, Path]) -> str | None:
    """The module of ``known`` that ``name`` (a module or a name inside one) belongs to."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports (itself left out)."""
    known = modules(root, package)
    graph: dict[str, set[str]] = {}
    for module, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        targets = {_owner(name, known) for name in _imports(module, path, tree, known)}
        graph[module] = {t for t in targets if t is not None and t != module}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of ``graph`` with more than one module (each sorted),
    i.e. every set of modules that import one another in a cycle; empty when acyclic."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:
        # iterative Tarjan: a deep package must not hit the recursion limit
        nonlocal counter
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _dotted(node: ast.expr) -> str | None:
    """``a.b.c`` of a chain of attribute reads on a name, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def private_imports(root: Path, package: str) -> list[tuple[str, str, str]]:
    """(importing module, module it reaches into, private name) for each name starting with ``_``
    (not a dunder) that a module of ``package`` imports from another of its modules
    (``from m import _x``, relative imports too) or reads off an imported one (``m._x``; ``import
    a.b`` then ``a.b._x``; ``import a.b as m`` then ``m._x``)."""
    known = modules(root, package)
    out: set[tuple[str, str, str]] = set()
    for module, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_package = path.name == "__init__.py"
        bound: dict[str, str] = {}  # local name -> the module of ``known`` it stands for
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname and alias.name in known:
                        bound[alias.asname] = alias.name
            elif isinstance(node, ast.ImportFrom):
                source = _absolute(module, is_package, node)
                for alias in node.names:
                    full = f"{source}.{alias.name}"
                    if full in known:
                        bound[alias.asname or alias.name] = full
                    elif _private(alias.name) and source in known and source != module:
                        out.add((module, source, alias.name))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Attribute) and _private(node.attr)):
                continue
            target = _dotted(node.value)
            if target is None:
                continue
            head, _, rest = target.partition(".")
            reached = f"{bound[head]}.{rest}" if head in bound and rest else bound.get(head, target)
            if reached in known and reached != module:
                out.add((module, reached, node.attr))
    return sorted(out)


def _private(name: str) -> bool:
    """A leading underscore, not a dunder, and not gettext's ``_`` (public by convention)."""
    return name.startswith("_") and name != "_" and not (name.startswith("__") and name.endswith("__"))


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


def test_no_import_cycle_in_core() -> None:
    assert cycles(import_graph(ROOT, "taipai.core")) == []


def test_no_private_name_imported_across_core_modules() -> None:
    assert private_imports(ROOT, "taipai.core") == []


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


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_checker_finds_a_lazy_cycle_and_private_imports(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg.b import helper\n",
            "pkg/b.py": "def helper():\n    from pkg import c\n    return c\n",
            "pkg/c.py": "import pkg.a\nfrom pkg.d import _hidden\nx = pkg.a._secret\n",
            "pkg/d.py": "from pkg import e\n_hidden = 1\ny = e._inner\nfrom . import f\nz = f.__name__\n",
            "pkg/e.py": "_inner = 2\n",
            "pkg/f.py": "from .e import _inner as mine\n",
        },
    )
    graph = import_graph(tmp_path, "pkg")
    assert graph["pkg.a"] == {"pkg.b"}
    assert graph["pkg.b"] == {"pkg.c"}  # the import inside helper() counts
    assert graph["pkg.f"] == {"pkg.e"}  # relative imports resolve
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.c"]]
    assert private_imports(tmp_path, "pkg") == [
        ("pkg.c", "pkg.a", "_secret"),
        ("pkg.c", "pkg.d", "_hidden"),
        ("pkg.d", "pkg.e", "_inner"),
        ("pkg.f", "pkg.e", "_inner"),
    ]


def test_the_checker_passes_an_acyclic_package(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg import a, b\n",
            "pkg/a.py": "from pkg.b import public\n_own = public\n",
            "pkg/b.py": "import json\npublic = json.dumps({})\n",
        },
    )
    assert cycles(import_graph(tmp_path, "pkg")) == []
    assert private_imports(tmp_path, "pkg") == []
