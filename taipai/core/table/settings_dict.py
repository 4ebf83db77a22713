"""A table's settings to and from the JSON dict the store keeps, for settings that are a frozen dataclass.

Game-neutral: each game's options class (``HkOldOptions``, ``McrOptions`` …) names its money fields;
the dict holds every field by name, money through :func:`~taipai.core.table.amounts.amount_to_json`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Self, TypeVar

from taipai.core.table.amounts import Amount, amount_to_json, norm
from taipai.core.table.errors import TableError

S = TypeVar("S")


def settings_to_dict(settings: Any, money: Iterable[str] = ("base",)) -> dict[str, Any]:
    """``settings`` (a dataclass instance) as a JSON-ready dict of every field.

    Args:
        settings: a dataclass instance.
        money: the names of its money fields (``int`` or ``Fraction``), written by ``amount_to_json``.
    """
    out = {f.name: getattr(settings, f.name) for f in dataclasses.fields(settings)}
    for name in money:
        out[name] = amount_to_json(out[name])
    return out


def settings_from_dict(cls: type[S], data: Mapping[str, Any]) -> S:
    """``cls(**data)``: the inverse of :func:`settings_to_dict`; missing keys take the class's defaults
    (its ``__post_init__`` reads money back and checks every value).

    Raises:
        TableError: ``bad_option`` for a key that is no field of ``cls`` (the hint lists the fields);
            whatever ``cls`` raises for a bad value (``bad_value``, ``bad_amount``).
    """
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = set(data) - names
    if unknown:
        raise TableError("bad_option", f"unknown option(s) {sorted(unknown)}", ", ".join(sorted(names)))
    return cls(**dict(data))


class MoneySettings:
    """``money``, ``to_dict`` and ``from_dict`` of :class:`~taipai.core.table.state.TableSettings` for a
    frozen-dataclass settings class whose ledger amounts are money already (廣東牌, 雞平和, 國標 …).

    Attributes:
        money_fields: the names of its money fields, written by ``amount_to_json`` (``("base",)``).
    """

    money_fields: ClassVar[tuple[str, ...]] = ("base",)

    def money(self, amount: Amount) -> Amount:
        """Ledger amounts at such a table are money already: ``amount`` itself (normalised)."""
        return norm(amount)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict of every field (:func:`settings_to_dict`, the money fields as money)."""
        return settings_to_dict(self, self.money_fields)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Inverse of :meth:`to_dict` (:func:`settings_from_dict`); missing keys take the defaults.

        Raises:
            TableError: ``bad_option`` for an unknown key, ``bad_value`` / ``bad_amount`` for a bad value.
        """
        return settings_from_dict(cls, data)
