"""The bounds of a money setting (a table's 底, 台額, rate): what a real table can play.

港式台牌's ``/rules rate`` is held to these in the chat (positive, at most 2 decimals, at most
$1,000,000 a fan); the other games' settings check them where the setting is made, so a rules file, a
``規則`` line and a stored log all meet the same bound.
"""

from __future__ import annotations

from fractions import Fraction

from taipai.core.table.amounts import Amount, amount_from_json, norm
from taipai.core.table.errors import TableError

MAX_MONEY = 1_000_000
"""The most money one setting may be (a 底, a 台額): far above any table, far below a typo's 10^20."""


def money_setting(name: str, value: object, *, zero: bool = False) -> Amount:
    """``value`` as the exact money of setting ``name``, checked against a real table's bounds.

    Args:
        name: the setting (``base``, ``per_tai``), named in the error.
        value: an ``int``, ``Fraction``, JSON float or text (``"100"``, ``"0.5"``, ``"1/2"``).
        zero: 0 is allowed (otherwise the amount must be more than 0).

    Returns:
        The amount (``int`` when whole, else a ``Fraction`` of at most 2 decimals).

    Raises:
        TableError: ``bad_amount`` (not a number, ≤ 0 (< 0 with ``zero``), more than 2 decimals such as
            1/3 or 0.125, or above :data:`MAX_MONEY`); the hint says what would be right.
    """
    least = "0 or more" if zero else "more than 0"
    hint = f"an amount of money {least}, at most 2 decimals, at most {MAX_MONEY:,} (e.g. 100 or 0.5)"
    if isinstance(value, bool):
        raise TableError("bad_amount", f"{name} = {value!r}", hint)
    try:
        amount = Fraction(amount_from_json(value))
    except TableError as err:
        raise TableError("bad_amount", f"{name} = {value!r}", hint) from err
    low = amount < 0 if zero else amount <= 0
    if low or amount > MAX_MONEY or (amount * 100).denominator != 1:
        raise TableError("bad_amount", f"{name} = {value!r}", hint)
    return norm(amount)
