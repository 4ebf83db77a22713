"""Pure, synchronous scoring core: no I/O, no asyncio, nothing from taipai.bot."""
