"""Final settlement: balances -> the fewest transfers that zero them (DESIGN §1 ``settle``)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

Amount = int | Fraction


def settle_transfers(balances: Mapping[str, Amount]) -> list[tuple[str, str, Amount]]:
    """Fewest ``(payer, payee, amount)`` transfers that bring every balance to zero."""
    raise NotImplementedError
