"""Exact amounts: ``int`` or :class:`fractions.Fraction` of a fan unit, never ``float``.

DESIGN §6: 「Amounts are exact (integers or fractions of a fan unit, never floats)」.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypeAlias

from taipai.core.table.errors import TableError

Amount: TypeAlias = int | Fraction
"""An exact amount in fan units (番).  A 底 is ``base_fan`` fan units; money is fan units × rate."""

JsonAmount: TypeAlias = int | float | str
"""An amount in JSON: see :func:`amount_to_json`."""


def norm(value: Amount) -> Amount:
    """Return ``value`` as an ``int`` when it is integral, else as a reduced :class:`Fraction`."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else value
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"amount must be int or Fraction, not {type(value).__name__}")
    return value


def amount_to_json(value: Amount) -> JsonAmount:
    """Encode an exact amount for JSON without losing anything.

    Returns an ``int`` when integral; a JSON number (``float``) when the denominator is a power of two
    (halves, quarters: ``Fraction(5, 2)`` -> ``2.5``, exactly representable, so nothing is rounded);
    otherwise the string ``"p/q"`` (``Fraction(5, 3)`` -> ``"5/3"``).  :func:`amount_from_json` reverses it.
    """
    v = norm(value)
    if isinstance(v, int):
        return v
    d = v.denominator
    if d & (d - 1) == 0 and abs(v.numerator) < 2**52:
        return float(v)
    return f"{v.numerator}/{v.denominator}"


def amount_from_json(value: object) -> Amount:
    """Decode :func:`amount_to_json` output (also accepts ``"2.5"`` and ``"60"``).

    Raises:
        TableError: ``bad_value`` when ``value`` is not a number or a fraction string.
    """
    if isinstance(value, bool):
        raise TableError("bad_value", f"not an amount: {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return norm(Fraction(value))
    if isinstance(value, Fraction):
        return norm(value)
    if isinstance(value, str):
        try:
            return norm(Fraction(value.strip()))
        except (ValueError, ZeroDivisionError):
            pass
    raise TableError("bad_value", f"not an amount: {value!r}", "an integer, a decimal like 2.5, or p/q")
