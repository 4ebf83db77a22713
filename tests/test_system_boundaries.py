"""The seam between the game-neutral core and the rule systems (issue 14 Build 1: 「Everything
game-neutral ... knows no game」; DESIGN §1).

- ``taipai.core`` imports no ``taipai.systems`` module, except :mod:`taipai.core.registry` (the one place
  that lists the systems) and the modules that must reach the registry to dispatch a table's events
  to its system or to read a stored log (:mod:`taipai.core.table.machine`, :mod:`taipai.core.table.codec`).
  Checked on the whole import graph: a core module that reaches a system through another core module
  counts too.
- No system imports another system, directly or through anything it imports.
- The chat side (``taipai.bot``) takes no private name (``_x``) and no private module of a system.

The graph is the one :mod:`test_imports_are_clean` reads from the source (every import: top level,
inside functions, under ``TYPE_CHECKING``).
"""

from __future__ import annotations

import ast

from test_imports_are_clean import ROOT, graph, modules, resolve

CORE = "taipai.core"
SYSTEMS = "taipai.systems"
REGISTRY = "taipai.core.registry"
MAY_REACH_THE_SYSTEMS = frozenset({REGISTRY, "taipai.core.table.machine", "taipai.core.table.codec"})
"""The core modules allowed to reach a system: the registry, and the two that look systems up in it."""


def inside(module: str, package: str) -> bool:
    """``module`` is ``package`` or one of its submodules."""
    return module == package or module.startswith(package + ".")


def system_of(module: str) -> str | None:
    """``taipai.systems.hk_taiwan.rules`` → ``taipai.systems.hk_taiwan``; None outside one system (the
    ``taipai.systems`` package itself included)."""
    parts = module.split(".")
    return ".".join(parts[:3]) if inside(module, SYSTEMS) and len(parts) >= 3 else None


def reach(edges: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` imports, directly or through the modules it imports."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in edges.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def core_into_systems(edges: dict[str, set[str]]) -> dict[str, list[str]]:
    """Core module → the system modules it imports directly, for every core module but the registry."""
    return {
        m: sorted(t for t in targets if inside(t, SYSTEMS))
        for m, targets in edges.items()
        if inside(m, CORE) and m != REGISTRY and any(inside(t, SYSTEMS) for t in targets)
    }


def core_reaching_systems(edges: dict[str, set[str]]) -> set[str]:
    """The core modules that reach any system module, through any chain of imports."""
    return {m for m in edges if inside(m, CORE) and any(inside(t, SYSTEMS) for t in reach(edges, m))}


BUILT_ON: dict[str, tuple[str, ...]] = {
    "taipai.systems.qq": ("taipai.systems.mcr",),
    "taipai.systems.heyuan": ("taipai.systems.guangdong",),
}
"""A system built on another game's table (issue 16: QQ 歡樂麻將 is MCR's table plus its own rules, reused
by import) may reach that system, and only that one."""


def systems_reaching_others(edges: dict[str, set[str]]) -> dict[str, list[str]]:
    """System module → the modules of OTHER systems it reaches (directly or not), apart from the one it is
    :data:`BUILT_ON`; empty when the systems are independent."""
    out: dict[str, list[str]] = {}
    for m in edges:
        own = system_of(m)
        if own is None:
            continue
        foreign = sorted(
            t for t in reach(edges, m) if system_of(t) not in (None, own, *BUILT_ON.get(own, ()))
        )
        if foreign:
            out[m] = foreign
    return out


def bot_private_imports_of_systems() -> list[str]:
    """``path:line: name`` for each private name or private module of a system the bot imports."""
    out: list[str] = []
    for name, (path, tree) in modules().items():
        if not inside(name, "taipai.bot"):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                source = resolve(name, path.name == "__init__.py", node)
                targets = [f"{source}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            for target in targets:
                if inside(target, SYSTEMS) and any(p.startswith("_") for p in target.split(".")[2:]):
                    out.append(f"{path.relative_to(ROOT)}:{node.lineno}: {target}")
    return out


def test_core_imports_a_system_only_in_the_registry() -> None:
    assert core_into_systems(graph()) == {}


def test_only_the_registry_and_the_modules_that_look_systems_up_reach_a_system() -> None:
    edges = graph()
    assert core_reaching_systems(edges) <= MAY_REACH_THE_SYSTEMS
    assert REGISTRY in core_reaching_systems(edges)  # the check sees the registry's own imports


def test_no_system_imports_another_system() -> None:
    edges = graph()
    assert {system_of(m) for m in edges} >= {
        "taipai.systems.hk_taiwan",
        "taipai.systems.taiwan",
        "taipai.systems.hk_old",
    }
    assert systems_reaching_others(edges) == {}


def test_the_bot_takes_no_private_name_of_a_system() -> None:
    assert bot_private_imports_of_systems() == []


def test_the_checks_fail_on_a_core_module_or_a_system_that_crosses_the_seam() -> None:
    edges = {
        "taipai.core.registry": {"taipai.systems.a"},
        "taipai.core.table.machine": {"taipai.core.registry"},
        "taipai.core.notation": {"taipai.core.helper"},
        "taipai.core.helper": {"taipai.systems.a.rules"},
        "taipai.systems.a": {"taipai.systems.a.rules"},
        "taipai.systems.a.rules": {"taipai.core.notation"},
        "taipai.systems.b.reading": {"taipai.core.table.machine"},
    }
    assert core_into_systems(edges) == {"taipai.core.helper": ["taipai.systems.a.rules"]}
    assert core_reaching_systems(edges) == {
        "taipai.core.registry",
        "taipai.core.table.machine",
        "taipai.core.notation",
        "taipai.core.helper",
    }
    # b reaches a through the machine and the registry: a system that dispatches through the registry
    # is importing every other system
    assert systems_reaching_others(edges) == {
        "taipai.systems.b.reading": ["taipai.systems.a", "taipai.systems.a.rules"]
    }
