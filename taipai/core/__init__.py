"""Pure, synchronous, game-neutral core: no I/O, no asyncio, nothing from taipai.bot.

Tiles, notation, hands, wildcard kinds, the budget and score types, the table's event log and ledger
machine; each game's rules, scoring and money live behind the seam in :mod:`taipai.systems`
(:mod:`taipai.core.registry` is the one core module that lists them).
"""
