"""📝 記牌: a hand recorded in taps books what the typed command books (issue 15 item 5), seat buttons,
and seats remembered from night to night.

Through :class:`Service`, as the adapters call it.  Amounts by hand (DESIGN §6): Ann deals first (dealer
fan 1), so 「Bob 食 Ann 8番」 is 8 + 底 5 + 1 = 14, Ann → Bob.  At 台灣牌 the amounts come from the same
typed command booked in a second chat: the flow must book the very same event and balances.
"""

from __future__ import annotations

import pytest

from taipai.bot.service import Service
from taipai.bot.service.buttons import Pressed
from taipai.bot.service.identity import Member
from taipai.bot.service.record_flow import Flow, asks_record, command_text, parse_data
from taipai.bot.service.reply import Reply
from taipai.bot.store import ChatRef, Store
from taipai.bot.store.seat_memory import SeatMemory

pytestmark = pytest.mark.asyncio

CHAT = ChatRef("telegram", "-100700")
TYPED = ChatRef("telegram", "-100701")  # the same table, every hand typed
ANN = Member("1", "Ann")
BOB = Member("2", "Bob")
CAT = Member("3", "Cat")
EVE = Member("5", "Eve", username="eve_w")  # no seat, not an admin, not the creator


class Table:
    def __init__(self, service: Service, chat: ChatRef) -> None:
        self.service, self.chat = service, chat

    async def say(self, member: Member, text: str) -> list[Reply]:
        return await self.service.handle(self.chat, member.display, text, member=member)

    async def press(self, member: Member, data: str) -> Pressed:
        return await self.service.press(self.chat, member.display, data, member=member)

    async def open(self, game: str = "") -> None:
        await self.say(ANN, f"開枱 Ann Bob Cat Dan {game}".strip())
        for m, seat in ((ANN, "東"), (BOB, "南"), (CAT, "西")):
            await self.say(m, f"坐 {seat}")

    async def events(self) -> list[dict]:
        session = await self.service.store.latest_session(self.chat)
        assert session is not None
        return [{"kind": e.kind, **e.payload} for e in await self.service.store.events(session.id)]

    async def balances(self) -> dict[str, object]:
        session = await self.service.store.latest_session(self.chat)
        assert session is not None
        return dict((await self.service.state_of(session))[1].balances)


def tap(reply: Reply, label: str) -> str:
    """The data of the button labelled ``label``."""
    found = [b.data for b in reply.buttons if b.label == label]
    assert found, f"no button {label!r} in {[b.label for b in reply.buttons]}"
    return found[0]


async def step(table: Table, member: Member, reply: Reply, label: str) -> Reply:
    """Press ``label`` under ``reply``: the flow edits its message; return the edited message."""
    pressed = await table.press(member, tap(reply, label))
    assert pressed.notice == "" and pressed.replies == [] and pressed.edit is not None
    return pressed.edit


@pytest.fixture
def service(store: Store) -> Service:
    return Service(store, locale="en")


async def test_the_tapped_hand_books_what_the_typed_command_books(service: Service):
    flow, typed = Table(service, CHAT), Table(service, TYPED)
    await flow.open()
    await typed.open()
    (first,) = await flow.say(BOB, "記牌")
    assert first.text == "📝 Record a hand\nWho won?"
    assert [b.label for b in first.buttons] == [
        "東 Ann",
        "南 Bob",
        "西 Cat",
        "北 Dan",
        "流局 (draw)",
        "✖ Cancel",
    ]
    assert [b.data for b in first.buttons][:2] == ["rec:1:1:d:0:-:", "rec:1:1:d:1:-:"]  # seats are no events
    who = await step(flow, BOB, first, "南 Bob")
    assert who.text == "📝 Record a hand\nBob won. On whose discard? Or 自摸?"
    assert [b.label for b in who.buttons] == [
        "東 Ann",
        "西 Cat",
        "北 Dan",
        "自摸 (self-draw)",
        "⬅ Back",
        "✖ Cancel",
    ]
    pad = await step(flow, BOB, who, "東 Ann")
    assert pad.text == "📝 Record a hand\nBob 食 Ann _番: how many 番?"
    assert [b.label for b in pad.buttons][:11] == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "⌫"]
    assert [b.label for b in pad.buttons][11:] == ["1番", "2番", "3番", "5番", "8番", "⬅ Back", "✖ Cancel"]
    pad = await step(flow, BOB, pad, "1")
    pad = await step(flow, BOB, pad, "2")
    assert pad.text == "📝 Record a hand\nBob 食 Ann 12番: how many 番?"
    pad = await step(flow, BOB, pad, "⌫")
    pad = await step(flow, BOB, pad, "⌫")
    pad = await step(flow, BOB, pad, "8")
    confirm = await step(flow, BOB, pad, "✔ 8番")
    assert confirm.text == "📝 Record a hand\nBob 食 Ann 8番 — confirm?"
    assert [b.label for b in confirm.buttons] == ["✅ Confirm", "✖ Cancel", "⬅ Back"]
    assert len(await flow.events()) == 1  # nothing booked before the confirm

    booked = await flow.press(BOB, tap(confirm, "✅ Confirm"))
    assert booked.edit == Reply("📝 Recorded: Bob 食 Ann 8番")
    (typed_reply,) = await typed.say(BOB, "Bob 食 Ann 8番")
    assert [r.text for r in booked.replies] == [typed_reply.text]
    assert booked.replies[0].text.startswith(
        "Bob wins on Ann's discard: 8 fan\n  Ann → Bob: 14 (8 fan + 底 5 + dealer 1)"
    )
    assert (await flow.events())[-1] == (await typed.events())[-1]
    assert await flow.balances() == await typed.balances()
    (score,) = await flow.say(CAT, "計數")
    assert [r.text for r in await typed.say(CAT, "計數")] == [score.text]
    assert "Ann owes Bob 14" in score.text


async def test_a_self_draw_at_a_taiwan_table_books_as_typed(service: Service):
    flow, typed = Table(service, CHAT), Table(service, TYPED)
    await flow.open("台灣牌")
    await typed.open("台灣牌")
    (first,) = await flow.say(CAT, "/record")
    pad = await step(flow, CAT, await step(flow, CAT, first, "西 Cat"), "自摸 (self-draw)")
    assert pad.text == "📝 Record a hand\nCat 自摸 _台: how many 台?"
    assert "3台" in [b.label for b in pad.buttons]
    confirm = await step(flow, CAT, pad, "3台")
    assert confirm.text == "📝 Record a hand\nCat 自摸 3台 — confirm?"
    booked = await flow.press(CAT, tap(confirm, "✅ Confirm"))
    (typed_reply,) = await typed.say(CAT, "Cat 自摸 3台")
    assert [r.text for r in booked.replies] == [typed_reply.text]
    assert (await flow.events())[-1] == (await typed.events())[-1]
    assert await flow.balances() == await typed.balances()
    (score,) = await flow.say(CAT, "計數")
    assert [r.text for r in await typed.say(CAT, "計數")] == [score.text]


async def test_a_draw_in_taps(service: Service):
    flow, typed = Table(service, CHAT), Table(service, TYPED)
    await flow.open()
    await typed.open()
    (first,) = await flow.say(ANN, "📝 記牌")
    confirm = await step(flow, ANN, first, "流局 (draw)")
    assert confirm.text == "📝 Record a hand\n流局 (draw) — confirm?"
    booked = await flow.press(ANN, tap(confirm, "✅ Confirm"))
    (typed_reply,) = await typed.say(ANN, "流局")
    assert [r.text for r in booked.replies] == [typed_reply.text]
    assert [e["kind"] for e in await flow.events()] == ["table_opened", "draw"]


@pytest.mark.both_databases
async def test_a_confirm_pressed_twice_books_once(service: Service):
    flow = Table(service, CHAT)
    await flow.open()
    (first,) = await flow.say(BOB, "記牌")
    yes = first.buttons[1].data.replace(":d:1:-:", ":y:1:0:8")  # the confirm of Bob 食 Ann 8番
    assert (await flow.press(BOB, yes)).replies
    again = await flow.press(BOB, yes)
    assert again == Pressed(notice="That was done already.")
    assert [e["kind"] for e in await flow.events()] == ["table_opened", "win_by_discard"]


async def test_stale_foreign_ended_and_not_allowed_presses_do_nothing(service: Service):
    flow, other = Table(service, CHAT), Table(service, TYPED)
    await flow.open()
    await other.open()
    (first,) = await flow.say(BOB, "記牌")
    pick = tap(first, "南 Bob")

    not_seated = await flow.press(EVE, pick)
    assert not_seated.edit is None and not_seated.replies == []
    assert not_seated.notice == "Eve: take a seat first, e.g. 坐 南 (or /sit 南)."

    foreign = await other.press(BOB, pick)  # session 1's data pressed in the other chat
    assert foreign == Pressed(notice="That button belongs to another chat; it does nothing here.")

    await flow.say(BOB, "Bob 食 Ann 8番")  # typed meanwhile: the table moved on
    stale = await flow.press(BOB, pick)
    assert stale == Pressed(
        notice="The table has moved on since this was started; press 📝 記牌 (/record) for a new one."
    )
    assert await flow.press(BOB, pick.replace(":d:1:-:", ":y:1:0:8")) == stale
    assert [e["kind"] for e in await flow.events()] == ["table_opened", "win_by_discard"]

    await flow.say(ANN, "埋數")
    assert await flow.press(BOB, pick) == Pressed(notice="That button belongs to a session that has ended.")
    assert await flow.press(BOB, "rec:1:4:q:0:0:") == Pressed(
        notice="That button is not from this version of taipai."
    )
    assert (await flow.say(BOB, "記牌"))[0].text == "No table is open here. Start one with: 開枱 A B C D"


async def test_cancel_back_and_a_count_over_the_maximum(service: Service):
    flow = Table(service, CHAT)
    await flow.open("廣東牌")
    (first,) = await flow.say(BOB, "記牌")
    who = await step(flow, BOB, first, "南 Bob")
    assert (await step(flow, BOB, who, "⬅ Back")).text == first.text
    pad = await step(flow, BOB, who, "西 Cat")
    assert pad.text == "📝 Record a hand\nBob 食 Cat _翻: how many 翻? (at most 8翻)"
    assert [b.label for b in pad.buttons][11:16] == ["1翻", "2翻", "3翻", "5翻", "8翻"]
    over = await flow.press(BOB, tap(pad, "9"))
    assert over == Pressed(notice="At most 8翻 at this table.")
    assert (await step(flow, BOB, pad, "8翻")).text == "📝 Record a hand\nBob 食 Cat 8翻 — confirm?"
    cancelled = await flow.press(BOB, tap(pad, "✖ Cancel"))
    assert cancelled == Pressed(edit=Reply("📝 Record: cancelled."))
    assert [e["kind"] for e in await flow.events()] == ["table_opened"]


async def test_the_command_text_and_the_data(service: Service):
    assert asks_record("記牌") and asks_record("📝 記牌") and asks_record("/record@taipai_bot")
    assert not asks_record("記牌 好煩") and not asks_record("/recorder")
    assert parse_data("rec:n") is None
    assert parse_data("rec:12:7:c:1:z:13") == ("c", Flow(12, 7, 1, "z", "13"))
    for bad in (
        "rec:1:1:c:1:1:3",
        "rec:1:1:c:4:0:3",
        "rec:1:1:c:1:0:12345",
        "rec:1:1:c:-:0:",
        "rec:x:1:c:1:0:3",
    ):
        with pytest.raises(ValueError):
            parse_data(bad)
    assert len(b"rec:123456789:123456789:y:3:z:9999") <= 64  # Telegram's callback data limit
    await Table(service, CHAT).open()
    session = await service.store.open_session(CHAT)
    assert session is not None
    state = (await service.state_of(session))[1]
    assert command_text(state, Flow(1, 4, 1, 0, "08")) == "/win Bob Ann 8"
    assert command_text(state, Flow(1, 4, 2, "z", "3")) == "/selfdraw Cat 3"
    assert command_text(state, Flow(1, 4, None, "x")) == "/draw"


async def test_the_record_button_under_a_hand_starts_a_flow(service: Service):
    flow = Table(service, CHAT)
    await flow.open()
    (hand,) = await flow.say(BOB, "Bob 食 Ann 8番")
    assert [(b.label, b.data) for b in hand.buttons] == [("Undo", "undo:1:2"), ("📝 Record", "rec:n")]
    started = await flow.press(CAT, "rec:n")
    assert started.edit is None and [r.text for r in started.replies] == ["📝 Record a hand\nWho won?"]
    assert started.replies[0].buttons[0].data == "rec:1:2:d:0:-:"
    assert (await flow.press(EVE, "rec:n")).notice == "Eve: take a seat first, e.g. 坐 南 (or /sit 南)."


# ------------------------------------------------------------------------------------ seats
async def test_seat_buttons_under_the_opening_seat_whoever_presses_first(service: Service):
    table = Table(service, CHAT)
    (opened,) = await table.say(ANN, "開枱 Ann Bob Cat Dan")
    assert [(b.label, b.data) for b in opened.buttons] == [
        ("Sit 東", "seat:0:0"),
        ("Sit 南", "seat:0:1"),
        ("Sit 西", "seat:0:2"),
        ("Sit 北", "seat:0:3"),
        ("📝 Record", "rec:n"),
    ]
    assert (await table.press(BOB, "seat:0:1")).replies == [Reply("Bob sits as Bob (南).")]
    taken = await table.press(EVE, "seat:0:1")
    assert taken == Pressed(
        notice="Bob's seat is held by Bob; only they or a chat admin can free it (離座 南, /leave 南)."
    )
    assert (await table.press(BOB, "seat:1:1")).notice == "Bob: you sit as Bob (南) already."
    (free,) = await table.say(EVE, "坐")
    assert [(b.label, b.data) for b in free.buttons] == [
        ("Sit 東", "seat:1:0"),
        ("Sit 西", "seat:1:2"),
        ("Sit 北", "seat:1:3"),
    ]
    assert (await table.press(EVE, "seat:1:3")).replies == [Reply("Eve sits as Dan (北).")]


@pytest.mark.both_databases
async def test_seats_are_remembered_from_night_to_night(service: Service):
    table = Table(service, CHAT)
    await table.open()  # Ann 東, Bob 南, Cat 西 by 坐
    await table.press(EVE, "seat:0:3")  # Eve sits as Dan
    await table.say(ANN, "埋數")
    memory = await SeatMemory(service.store).seats(CHAT)
    assert sorted((r.user_id, r.player, r.seat) for r in memory) == [
        ("1", "Ann", 0),
        ("2", "Bob", 1),
        ("3", "Cat", 2),
        ("5", "Dan", 3),
    ]

    # Night 2: the same names in another order; each member sits as their name again.
    (opened,) = await table.say(BOB, "開枱 Bob Dan Ann Zed")
    assert opened.text.splitlines()[2:5] == [
        "Bob is back in 東 (Bob).",
        "Eve (@eve_w) is back in 南 (Dan).",
        "Ann is back in 西 (Ann).",
    ]
    assert await held(service) == {"Bob": "2", "Dan": "5", "Ann": "1"}
    (hand,) = await table.say(EVE, "自摸 3番")  # Eve holds Dan's seat without typing 坐
    assert hand.text.startswith("Dan self-draws (自摸): 3 fan")
    await table.say(BOB, "撤銷")
    assert (await table.say(ANN, "離座"))[0].text == "Ann left Ann's seat (西); 坐 西 (/sit 西) takes it."
    await table.say(CAT, "坐 北")  # Cat sits as Zed
    await table.say(BOB, "埋數")
    # Ann left her seat: forgotten, so 開枱 alone has three seats to go by and asks for the names.
    (asked,) = await table.say(ANN, "開枱")
    assert "Table open" not in asked.text and await service.store.open_session(CHAT) is None

    # Ann sits again at a table of last night's names: four remembered seats now.
    await table.say(BOB, "開枱 Bob Dan Ann Zed")
    await table.say(ANN, "坐 西")
    await table.say(BOB, "埋數")
    (opened,) = await table.say(ANN, "開枱")  # night 3: the remembered four, in their seats
    assert opened.text.splitlines() == [
        "Table open: 東 Bob, 南 Dan, 西 Ann, 北 Zed. Bob deals first.",
        "Game: Hong Kong-style Taiwanese (港式台牌), counted in 番.",
        "Opened with the four seats remembered from last time.",
        "Bob is back in 東 (Bob).",
        "Eve (@eve_w) is back in 南 (Dan).",
        "Ann is back in 西 (Ann).",
        "Cat is back in 北 (Zed).",
        "Next: Bob deals; 東 round, hand 1.",
    ]
    assert await held(service) == {"Bob": "2", "Dan": "5", "Ann": "1", "Zed": "3"}


async def held(service: Service) -> dict[str, str]:
    session = await service.store.open_session(CHAT)
    assert session is not None
    return {r.player: r.user_id for r in await service.chats.members(session.id) if r.player}


async def test_a_remembered_table_keeps_its_game(service: Service):
    table = Table(service, CHAT)
    await table.open("台灣牌")
    await table.press(EVE, "seat:0:3")
    await table.say(ANN, "埋數")
    (opened,) = await table.say(BOB, "/newgame")
    assert opened.text.splitlines()[:3] == [
        "Table open: 東 Ann, 南 Bob, 西 Cat, 北 Dan. Ann deals first.",
        "Game: Taiwan 16-tile (台灣牌), counted in 台.",
        "Opened with the four seats remembered from last time.",
    ]


async def test_the_terminal_is_told_to_type_the_hand(service: Service):
    await service.handle(CHAT, "Ann", "開枱 Ann Bob Cat Dan 台灣牌")
    (reply,) = await service.handle(CHAT, "Bob", "記牌")
    assert reply == Reply("📝 記牌 is pressed on Telegram and Discord; here, type the hand: Bob 食 Ann 3台")
    assert (await service.press(CHAT, "Bob", "rec:n")).notice == reply.text
