"""Storage checks of issue 4 item 7 for the ledger commands: one transaction per event, a message
delivered twice booked once (also for prizes, 詐糊, rule changes), one open session per chat."""

from __future__ import annotations

import pytest

from taipai.bot.store import ChatRef, SessionAlreadyOpen, Store

pytestmark = pytest.mark.both_databases  # SQLite, and PostgreSQL when TAIPAI_TEST_DATABASE_URL is set

CHAT = ChatRef("telegram", "-100777")
OPENED = {"kind": "table_opened", "players": ["A", "B", "C", "D"]}


@pytest.mark.asyncio
async def test_an_event_and_its_session_end_are_one_transaction(store: Store, monkeypatch):
    """埋數 writes the event and marks the session ended together: a failure in between leaves
    neither (the event row is rolled back, the session stays open)."""
    import taipai.bot.store.store as store_module

    session, _ = await store.create_session(CHAT, creator="A", kind="table_opened", payload=OPENED)

    def broken_update(*_a, **_k):
        raise RuntimeError("disk unplugged between the two writes")

    monkeypatch.setattr(store_module, "update", broken_update)
    with pytest.raises(RuntimeError):
        await store.append_event(
            session, 2, speaker="A", kind="session_ended", payload={"kind": "session_ended"}, end_session=True
        )
    assert await store.last_seq(session.id) == 1
    assert (await store.open_session(CHAT)).id == session.id


@pytest.mark.asyncio
async def test_new_commands_delivered_twice_are_booked_once(talk_en):
    talk = talk_en
    await talk("A", "開枱 A B C D", "m1")
    for mid, text in [("m2", "B 一台花"), ("m3", "C 詐糊"), ("m4", "/rules rate 60"), ("m5", "B 飛 九筒")]:
        first = await talk("A", text, mid)
        assert first, text
        assert await talk("A", text, mid) == "", text  # the platform redelivers: no reply, no booking
    assert await talk.seq() == 5
    s = await talk.state()
    # 一台花: each pays B 5; 詐糊: C pays each 30.  A -5+30, B 15+30, C -5-90, D -5+30.
    assert s.balances == {"A": 25, "B": 45, "C": -95, "D": 25}
    assert s.options.rate == 60


@pytest.mark.asyncio
async def test_one_open_session_per_chat_even_for_two_services(store: Store):
    """Two services (two workers) open a table in the same chat: the database lets one win."""
    from taipai.bot.service import Service

    from .conftest import Talk

    one, two = Talk(Service(store, locale="en")), Talk(Service(store, locale="en"))
    assert (await one("A", "開枱 A B C D")).startswith("Table open")
    assert (await two("E", "開枱 E F G H")).startswith("A table is already open here")
    assert len(await store.sessions_of(one.chat)) == 1
    session = await store.open_session(one.chat)
    with pytest.raises(SessionAlreadyOpen):
        await store.create_session(one.chat, creator="E", kind="table_opened", payload=OPENED)
    assert session is not None and session.creator == "A"
