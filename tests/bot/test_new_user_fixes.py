"""What a new user found playing 國標, 歡樂麻將, 雞平和 and 河源百搭 from the README (issues 16, 17): each
case as the tester typed it, with the reply or the money it must give."""

from __future__ import annotations

import pytest

from .conftest import Talk, opened_table


@pytest.mark.asyncio
async def test_english_multi_winner_lines_read_as_the_cantonese_ones(store) -> None:
    """``B wins A 8; C wins A 8`` is ``B 食 A 8番; C 食 A 8番``: at 國標 (one winner per discard) the
    截和 refusal; at 雞平和 (一炮多響 on) both wins booked, with ``;`` or ``,`` between them."""
    mcr: Talk = await opened_table(store, "開枱 A B C D 國標", locale="en")
    before = await mcr.seq()
    assert (await mcr("A", "B wins A 8; C wins A 8")).startswith(
        "截和: only B, the first after A in turn, wins this discard; nothing was booked."
    )
    assert await mcr.seq() == before
    for line in ("B wins A 1; C wins A 2", "B wins A 1, C wins A 2"):
        table: Talk = await opened_table(store, "開枱 A B C D 雞平和", locale="en")
        reply = (await table("A", line)).splitlines()
        # 2^番 × 底 1: A pays B 2 (1番) and C 4 (2番)
        assert reply[:4] == [
            "B wins on A's discard: 1 fan",
            "C wins on A's discard: 2 fan",
            "A pays B HK$2",
            "A pays C HK$4",
        ], reply
        owed = await table.owed()
        assert (owed["A"], owed["B"], owed["C"], owed["D"]) == (-6, 2, 4, 0)
