"""Building frozen slots dataclasses without their generated ``__init__`` (the scorers' hot paths).

A frozen dataclass sets each field in ``__init__`` through ``object.__setattr__`` (its own
``__setattr__`` refuses), which in CPython 3.11 costs about a quarter of a microsecond a field: a
ten-field :class:`~taipai.systems.mcr.hand.Win` took longer to build than the 國標 hand's tile rows
took to score.  The slots' own descriptors set the same attributes without that detour, so
:func:`builder` makes a constructor from them; the instances are the same (equal, hashed, shown and
immutable as any other).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")


def builder(cls: type[T]) -> Callable[..., T]:
    """A constructor of ``cls`` taking every field positionally, in declaration order (no defaults).

    Args:
        cls: a frozen dataclass with ``slots=True`` and no ``__post_init__``.

    Returns:
        ``build(field1, field2, …) -> cls``, the instance ``cls(field1, field2, …)`` would be.

    Raises:
        TypeError: ``cls`` is not such a dataclass (the generated ``__init__`` would do more).
    """
    if not is_dataclass(cls) or "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} is not a slots dataclass without __post_init__")
    names = [f.name for f in fields(cls)]
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    lines = [f"def build({', '.join(names)}):", "    obj = new(cls)"]
    for i, name in enumerate(names):
        scope[f"set{i}"] = cls.__dict__[name].__set__
        lines.append(f"    set{i}(obj, {name})")
    lines.append("    return obj")
    exec("\n".join(lines), scope)  # the code holds only the class's own field names
    return scope["build"]  # type: ignore[no-any-return]
