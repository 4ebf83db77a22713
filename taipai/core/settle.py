"""Final settlement: balances -> the fewest transfers that zero them (DESIGN §1 ``settle``).

Pure and exact: amounts are ``int`` or :class:`fractions.Fraction` (fan units or money, the caller's
choice), never ``float``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import TypeAlias

Amount: TypeAlias = int | Fraction

EXACT_LIMIT = 12
"""Up to this many non-zero balances the result is provably minimal (subset search, 2^n states);
above it a greedy match is used (at most n - 1 transfers, not always the fewest)."""


def _norm(v: Amount) -> Amount:
    if isinstance(v, Fraction) and v.denominator == 1:
        return int(v)
    return v


def settle_transfers(balances: Mapping[str, Amount]) -> list[tuple[str, str, Amount]]:
    """Fewest ``(payer, payee, amount)`` transfers that bring every balance to zero.

    Args:
        balances: ``{name: amount}``; positive = is owed (won), negative = owes (lost).  Must sum to zero.

    Returns:
        Transfers with ``amount > 0``; ``payer`` had a negative balance, ``payee`` a positive one.  With
        k non-zero balances there are at most k - 1 transfers; the count is the minimum, k minus the most
        groups the players split into whose balances sum to zero (exact for up to :data:`EXACT_LIMIT`
        non-zero balances).  Deterministic: ties are broken by name.

    Raises:
        ValueError: the balances do not sum to zero, or an amount is a ``float``.
    """
    for name, v in balances.items():
        if isinstance(v, bool) or not isinstance(v, int | Fraction):
            raise ValueError(f"balance of {name!r} must be int or Fraction, got {v!r}")
    if sum(balances.values(), Fraction(0)) != 0:
        raise ValueError("balances do not sum to zero")
    names = sorted(n for n, v in balances.items() if v != 0)
    out: list[tuple[str, str, Amount]] = []
    for group in _zero_sum_groups(names, balances):
        out.extend(_greedy(group, balances))
    return out


def _zero_sum_groups(names: list[str], balances: Mapping[str, Amount]) -> list[list[str]]:
    """Split ``names`` into the most groups whose balances each sum to zero."""
    n = len(names)
    if n == 0:
        return []
    if n > EXACT_LIMIT:
        return [names]
    fracs = [Fraction(balances[x]) for x in names]
    scale = math.lcm(*(f.denominator for f in fracs))
    vals = [int(f * scale) for f in fracs]  # exact integers: same zero-sum subsets, faster sums
    full = (1 << n) - 1
    total = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + vals[low]
    # best[mask]: the most zero-sum prefixes over orderings of mask's members (= zero-sum groups).
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        b = 0
        m = mask
        while m:
            bit = m & -m
            b = max(b, best[mask ^ bit])
            m ^= bit
        best[mask] = b + (1 if total[mask] == 0 else 0)
    # Walk back: remove one member at a time keeping the optimum; cut a group at every zero-sum prefix.
    order: list[int] = []
    mask = full
    while mask:
        want = best[mask] - (1 if total[mask] == 0 else 0)
        for i in range(n):
            bit = 1 << i
            if mask & bit and best[mask ^ bit] == want:
                order.append(i)
                mask ^= bit
                break
    order.reverse()
    groups: list[list[str]] = []
    current: list[str] = []
    acc = 0
    for i in order:
        current.append(names[i])
        acc += vals[i]
        if acc == 0:
            groups.append(sorted(current))
            current = []
    return groups


def _greedy(group: list[str], balances: Mapping[str, Amount]) -> list[tuple[str, str, Amount]]:
    """Largest debtor pays largest creditor until the zero-sum group is square (≤ len - 1 transfers)."""
    left = {x: Fraction(balances[x]) for x in group}
    out: list[tuple[str, str, Amount]] = []
    while True:
        debtors = sorted((x for x in left if left[x] < 0), key=lambda x: (left[x], x))
        creditors = sorted((x for x in left if left[x] > 0), key=lambda x: (-left[x], x))
        if not debtors or not creditors:
            return out
        d, c = debtors[0], creditors[0]
        amount = min(-left[d], left[c])
        out.append((d, c, _norm(amount)))
        left[d] += amount
        left[c] -= amount
