"""A seat is held by a platform user id; names are never a credential (issue 13 item 5, failures 5
and 9; DESIGN §1 「A player is a seat held by a platform user id」).

Through :class:`Service`, as the Telegram and Discord adapters call it: a member with a player's display
name or @username, a stranger taking a seat with 坐 南, another player's 斬/唔斬 buttons, callback data
from another chat, a seat offer pressed by the wrong member, and who may change rules.

Amounts by hand (DESIGN §6, default 鋪鋪拉, 斬拉 every third level): Ann deals first (n 0, dealer fan 1).
「Bob 食 Ann 12番」 three times: 12 + 底 5 + 1 = 18 (拉一 18, Bob deals); 18 again with Bob dealing n 0
(拉二 ceil(18 × 1.5) + 18 = 45, n 1); 12 + 5 + dealer 3 = 20 (拉三 ceil(45 × 1.5) + 20 = 88): Ann is
offered 斬拉 at level 3, and 斬 pays Bob 88.
"""

from __future__ import annotations

import asyncio

import pytest

from taipai.bot.service import Service
from taipai.bot.service.buttons import Pressed
from taipai.bot.service.identity import Member
from taipai.bot.service.service import Reply
from taipai.bot.store import ChatRef, Store

pytestmark = pytest.mark.asyncio

CHAT = ChatRef("telegram", "-100900")
OTHER_CHAT = ChatRef("telegram", "-100901")
OPEN = "開枱 Ann Bob Cat Dan"

ANN = Member("1", "Ann")
BOB = Member("2", "Bob", username="bobby")
CAT = Member("3", "Cat")
EVE = Member("5", "Eve")
BOSS = Member("9", "Boss", is_admin=True)
SAME_NAME = Member("66", "Bob")  # another account whose display name is Bob's
SAME_USERNAME = Member("67", "Mallory", username="Bob")  # another account whose @username is Bob

BOB_HELD = "Bob's seat is held by Bob; only they or a chat admin can free it (離座 南, /leave 南)."
WIN_12 = (
    "Bob wins on Ann's discard: 12 fan\n"
    "  Ann → Bob: 18 (12 fan + 底 5 + dealer 1)\n"
    "la 1: Ann owes Bob 18\n"
    "Next: Bob deals; 東 round, hand 2."
)


class Group:
    """One group chat through the service: ``await g.say(member, text)`` returns the replies."""

    def __init__(self, service: Service, chat: ChatRef = CHAT) -> None:
        self.service, self.chat = service, chat

    async def say(self, member: Member, text: str) -> list[Reply]:
        return await self.service.handle(self.chat, member.display, text, member=member)

    async def text(self, member: Member, text: str) -> str:
        return "\n".join(r.text for r in await self.say(member, text))

    async def press(self, member: Member, data: str) -> Pressed:
        return await self.service.press(self.chat, member.display, data, member=member)

    async def events(self) -> list[str]:
        session = await self.service.store.latest_session(self.chat)
        assert session is not None
        return [e.kind for e in await self.service.store.events(session.id)]

    async def seats(self) -> dict[str, str]:
        """``{player: user id}`` of the held seats."""
        session = await self.service.store.latest_session(self.chat)
        assert session is not None
        return {r.player: r.user_id for r in await self.service.chats.members(session.id) if r.player}


@pytest.fixture
def group(store: Store) -> Group:
    return Group(Service(store, locale="en"))


async def test_a_display_name_equal_to_a_players_is_not_that_player(group: Group):
    """Failure 5: a member whose display name is Bob's booked hands as Bob after Bob sat."""
    await group.say(ANN, OPEN)
    assert await group.text(BOB, "坐 南") == "Bob sits as Bob (南)."
    assert await group.text(SAME_NAME, "Bob 食 Ann 12番") == (
        "Bob: take a seat first, e.g. 坐 南 (or /sit 南). " + BOB_HELD
    )
    # 「自摸 12番」 is said as oneself: the speaker's display name does not make them Bob
    assert await group.text(SAME_NAME, "自摸 12番") == (
        "Bob: take a seat first, e.g. 坐 南 (or /sit 南). " + BOB_HELD
    )
    assert await group.events() == ["table_opened"]  # nothing booked
    assert await group.text(SAME_NAME, "坐 南") == BOB_HELD
    assert await group.text(SAME_NAME, "坐 Bob") == BOB_HELD
    assert await group.seats() == {"Bob": "2"}
    assert await group.text(BOB, "Bob 食 Ann 12番") == WIN_12


async def test_a_username_equal_to_a_players_only_offers_the_free_seat(group: Group):
    """An @username equal to a player's name offers the seat (a button for that member alone); it
    never seats anyone by itself, and the offer is worth nothing once the seat is held."""
    await group.say(ANN, OPEN)
    (refused,) = await group.say(SAME_USERNAME, "Bob 食 Ann 12番")
    assert refused.text == "Mallory: take a seat first. If you are Bob, press the button (or say 坐 南, /sit 南)."
    assert [(b.label, b.data) for b in refused.buttons] == [("I am Bob (南)", "sit:1:1:67")]
    (offer,) = await group.say(SAME_USERNAME, "坐")
    assert offer.text == "Mallory: are you Bob (南)? Press the button to sit there."
    assert [b.data for b in offer.buttons] == ["sit:1:1:67"]
    assert await group.events() == ["table_opened"] and await group.seats() == {}
    assert await group.text(BOB, "坐 南") == "Bob sits as Bob (南)."
    pressed = await group.press(SAME_USERNAME, "sit:1:1:67")
    assert pressed.replies == [] and pressed.notice == BOB_HELD
    assert await group.text(SAME_USERNAME, "坐") == (
        "Say which seat: 坐 南 (a seat wind or a player's name). Free: 東 Ann, 西 Cat, 北 Dan."
    )
    for seat, member in (("東", ANN), ("西", CAT), ("北", EVE)):
        await group.say(member, "坐 " + seat)
    assert await group.text(SAME_USERNAME, "坐") == (
        "Say which seat: 坐 南 (a seat wind or a player's name). Every seat is held; a chat admin frees "
        "one with 離座 南 (/leave 南)."
    )
    assert await group.seats() == {"Ann": "1", "Bob": "2", "Cat": "3", "Dan": "5"}


async def test_a_seat_offer_counts_only_for_the_member_it_was_made_to(group: Group):
    await group.say(ANN, OPEN)
    (refused,) = await group.say(BOB, "Bob 食 Ann 12番")
    assert refused.text == "Bob: take a seat first. If you are Bob, press the button (or say 坐 南, /sit 南)."
    assert [b.data for b in refused.buttons] == ["sit:1:1:2"]
    wrong = await group.press(EVE, "sit:1:1:2")
    assert wrong.replies == [] and wrong.notice == (
        "This button is for the member it was offered to. To take a seat yourself, say 坐 南 (/sit 南)."
    )
    assert await group.seats() == {}
    right = await group.press(BOB, "sit:1:1:2")
    assert [r.text for r in right.replies] == ["Bob sits as Bob (南)."] and right.notice == ""
    assert await group.seats() == {"Bob": "2"}
    assert await group.text(BOB, "Bob 食 Ann 12番") == WIN_12
    # an offer for a seat index the table does not have is refused as foreign data
    assert (await group.press(BOB, "sit:1:7:2")).notice == "That button is not from this version of taipai."


async def test_a_seat_taken_by_a_stranger_is_freed_by_an_admin_not_by_a_name(group: Group):
    """Failure 5: a stranger took Bob's seat with 坐 南, and then Bob's 坐 was refused for good."""
    await group.say(ANN, OPEN)
    assert await group.text(EVE, "坐 南") == "Eve sits as Bob (南)."
    held = "Bob's seat is held by Eve; only they or a chat admin can free it (離座 南, /leave 南)."
    assert await group.text(BOB, "坐 南") == held
    assert await group.text(BOB, "/leave 南") == held  # Bob's name is no claim on the seat
    assert await group.text(ANN, "離座 南") == held  # nor is opening the table
    assert await group.text(BOSS, "/leave 南") == "Boss freed Bob's seat (南), held by Eve; 坐 南 (/sit 南) takes it."
    assert await group.seats() == {}
    assert await group.text(BOB, "坐 南") == "Bob sits as Bob (南)."
    assert await group.text(EVE, "坐 南") == BOB_HELD
    assert await group.text(EVE, "離座") == "Eve: you hold no seat here. 坐 南 (/sit 南) takes one."
    assert await group.text(BOB, "坐") == "Bob: you sit as Bob (南). 離座 (/leave) gives the seat up."
    assert await group.text(BOB, "離座") == "Bob left Bob's seat (南); 坐 南 (/sit 南) takes it."
    assert await group.text(BOB, "/leave 南") == "Bob's seat (南) is free: 坐 南 (/sit 南) takes it."
    assert await group.seats() == {}


async def test_one_seat_per_member_and_seats_survive_a_restart(store: Store):
    group = Group(Service(store, locale="en"))
    await group.say(ANN, OPEN)
    assert await group.text(BOB, "坐 西") == "Bob sits as Cat (西)."
    assert await group.text(BOB, "坐 南") == "Bob sits as Bob (南)."  # moving gives up 西
    assert await group.seats() == {"Bob": "2"}
    again = Group(Service(store, locale="en"))  # a new process: nothing in memory
    assert await again.text(SAME_NAME, "Bob 食 Ann 12番") == (
        "Bob: take a seat first, e.g. 坐 南 (or /sit 南). " + BOB_HELD
    )
    assert await again.text(BOB, "Bob 食 Ann 12番") == WIN_12


async def _cut_offer(group: Group) -> Reply:
    await group.say(ANN, OPEN)
    assert await group.text(ANN, "坐 Ann") == "Ann sits as Ann (東)."
    assert await group.text(BOB, "坐 Bob") == "Bob sits as Bob (南)."
    await group.say(BOB, "Bob 食 Ann 12番")
    await group.say(BOB, "Bob 食 Ann 12番")
    (offer,) = await group.say(BOB, "Bob 食 Ann 12番")
    assert "Ann: Bob has you on la 3 (88). Cut (斬) now? Answer 斬 or 唔斬." in offer.text
    assert [b.data for b in offer.buttons] == ["undo:1:4", "rec:n", "cut:1:0:1:3:y", "cut:1:0:1:3:n"]
    return offer


async def test_only_the_debtor_holding_the_seat_answers_the_cut(group: Group):
    await _cut_offer(group)
    same_as_ann = Member("70", "Ann")
    admin_named_ann = Member("71", "Ann", is_admin=True)
    # Bob deals now, so Ann sits 北 (seat winds move with the deal)
    ann_held = "Ann's seat is held by Ann; only they or a chat admin can free it (離座 北, /leave 北)."
    not_seated = (
        "Ann: 斬 and 唔斬 are answered by the debtor, from their own seat. "
        "Ann: take a seat first, e.g. 坐 南 (or /sit 南). " + ann_held
    )
    for member in (same_as_ann, admin_named_ann):  # an admin does not answer for a player either
        pressed = await group.press(member, "cut:1:0:1:3:y")
        assert pressed.replies == [] and pressed.notice == not_seated
        assert await group.text(member, "斬") == not_seated
        assert await group.text(member, "唔斬") == not_seated
    pressed = await group.press(BOB, "cut:1:0:1:3:n")
    assert pressed.replies == [] and pressed.notice == "Only Ann can answer this 斬拉 offer."
    assert await group.text(BOB, "斬") == (
        "Bob: there is no 斬拉 offer for you now; only Ann can answer 斬 or 唔斬 now."
    )
    assert await group.events() == ["table_opened", *["win_by_discard"] * 3]
    pressed = await group.press(ANN, "cut:1:0:1:3:y")
    assert [r.text for r in pressed.replies] == ["斬拉: Ann pays Bob the la 3 chain, 88"]
    session = await group.service.store.open_session(CHAT)
    _seq, state = await group.service.state_of(session)
    assert dict(state.balances) == {"Ann": -88, "Bob": 88, "Cat": 0, "Dan": 0}


async def test_undo_button_and_text_speak_for_the_held_seat_only(group: Group):
    offer = await _cut_offer(group)
    refused = (  # Bob deals now: his seat is 東
        "Bob: take a seat first, e.g. 坐 南 (or /sit 南). "
        "Bob's seat is held by Bob; only they or a chat admin can free it (離座 東, /leave 東)."
    )
    pressed = await group.press(SAME_NAME, offer.buttons[0].data)
    assert pressed.replies == [] and pressed.notice == refused
    assert await group.text(SAME_NAME, "撤銷") == refused
    assert len(await group.events()) == 4
    (undone,) = (await group.press(BOB, offer.buttons[0].data)).replies
    assert undone.text.startswith("Bob undid: Bob wins on Ann's discard: 12 fan.")


async def test_callback_data_naming_another_chats_session_is_refused(store: Store):
    service = Service(store, locale="en")
    here, there = Group(service, CHAT), Group(service, OTHER_CHAT)
    for g in (here, there):
        await g.say(ANN, OPEN)
        await g.say(BOB, "坐 南")
    await service.handle(CHAT, "Bob", "Bob 食 Ann 12番", "m1", member=BOB)  # session 1 of CHAT
    assert [e for e in await here.events()] == ["table_opened", "win_by_discard"]
    await service.edit(CHAT, "Bob", "m1", "Bob 食 Ann 20番", member=BOB)  # edit 1, of CHAT
    foreign = "That button belongs to another chat; it does nothing here."
    for data in ("undo:1:2", "cut:1:0:1:1:y", "sit:1:2:2", "fix:1:y", "fix:1:n"):
        pressed = await there.press(BOB, data)
        assert (pressed.replies, pressed.notice) == ([], foreign), data
    assert await here.events() == ["table_opened", "win_by_discard"]
    assert await there.events() == ["table_opened"]
    assert (await there.press(BOB, "undo:9:2")).notice == "That button belongs to a session that has ended."
    (undone,) = (await here.press(BOB, "undo:1:2")).replies  # in its own chat it works
    assert undone.text.startswith("Bob undid: Bob wins on Ann's discard: 12 fan.")


async def test_admins_and_the_seated_creator_change_rules_others_do_not(group: Group):
    """Failure 9: rule changes refused group admins, and the creator once seated (the check compared
    the seat's name with the creator's display name)."""
    await group.say(ANN, OPEN)
    assert await group.text(ANN, "/rules rate 2") == (
        "Rule changed: 底 = HK$10, a fan = HK$2. A rate change re-prices the whole session, hands already "
        "played included."
    )
    assert await group.text(ANN, "坐 南") == "Ann sits as Bob (南)."  # the creator may sit under any name
    assert (await group.text(ANN, "/rules rate 3")).startswith("Rule changed: 底 = HK$15, a fan = HK$3.")
    assert (await group.text(BOSS, "規則 rate 4")).startswith("Rule changed: 底 = HK$20, a fan = HK$4.")
    assert await group.text(CAT, "坐 西") == "Cat sits as Cat (西)."
    refused = "{name}: only the table's creator or a chat admin can do that."
    assert await group.text(CAT, "/rules rate 5") == refused.format(name="Cat")
    same_as_creator = Member("72", "Ann")  # the creator's display name, not the creator
    assert await group.text(same_as_creator, "/rules rate 5") == refused.format(name="Ann")
    assert await group.text(CAT, "埋數") == refused.format(name="Cat")
    session = await group.service.store.open_session(CHAT)
    _seq, state = await group.service.state_of(session)
    assert state.options.rate == 4
    assert (await group.text(ANN, "埋數")).startswith("Session over (埋數).")


async def test_said_as_oneself_means_the_held_seat_not_the_display_name(group: Group):
    """「自摸 10番」 is the speaker's own win: Cat, whose display name is Bob's, sits as Cat."""
    cat_called_bob = Member("3", "Bob")
    await group.say(ANN, OPEN)
    assert await group.text(cat_called_bob, "坐 西") == "Bob sits as Cat (西)."
    reply = await group.text(cat_called_bob, "自摸 10番")
    assert reply.startswith("Cat self-draws (自摸): 10 fan\n  Ann → Cat: 16 (10 fan + 底 5 + dealer 1)\n")
    session = await group.service.store.open_session(CHAT)
    _seq, state = await group.service.state_of(session)
    assert sorted((c.debtor, c.creditor, c.amount) for c in state.chains) == [
        ("Ann", "Cat", 16),
        ("Bob", "Cat", 15),
        ("Dan", "Cat", 15),
    ]


async def test_the_terminal_still_trusts_every_speaker(group: Group):
    """``member=None`` (the terminal): names are who speaks, as before; 坐 is for group chats."""
    service = group.service
    chat = ChatRef("terminal", "console")
    assert (await service.handle(chat, "Ann", OPEN))[0].text.startswith("Table open")
    (seat,) = await service.handle(chat, "Bob", "坐 南")
    assert seat.text == "Seats are claimed in a group chat, where taipai knows who is speaking."
    (win,) = await service.handle(chat, "Bob", "自摸 12番")
    assert win.text.startswith("Bob self-draws (自摸): 12 fan")
    (rules,) = await service.handle(chat, "Bob", "/rules rate 2")
    assert rules.text == "Only Ann, who opened the table, can change its rules."


@pytest.mark.both_databases
async def test_two_workers_claiming_one_seat_bind_one(db_url: str):
    """Two services on one database (two workers) take 南 at the same moment: one holds it."""
    one, two = await Store.open(db_url), await Store.open(db_url)
    try:
        a, b = Service(one, locale="en"), Service(two, locale="en")
        await a.handle(CHAT, "Ann", OPEN, member=ANN)
        replies = await asyncio.gather(
            a.handle(CHAT, "Bob", "坐 南", member=BOB), b.handle(CHAT, "Eve", "坐 南", member=EVE)
        )
        texts = sorted(r[0].text for r in replies)
        session = await one.open_session(CHAT)
        holders = [r for r in await a.chats.members(session.id) if r.player == "Bob"]
        assert len(holders) == 1
        winner = holders[0].display
        loser = "Eve" if winner == "Bob" else "Bob"
        assert texts == sorted(
            [
                f"{winner} sits as Bob (南).",
                f"Bob's seat is held by {winner}; only they or a chat admin can free it (離座 南, /leave 南).",
            ]
        ), loser
    finally:
        await one.close()
        await two.close()



RECORDS = [
    "Ann 食 Bob 12番",
    "/robkong Ann Bob 12",
    "Ann 自摸 12番",
    "流局",
    "撤銷",
    "重做",
    "Ann 詐糊",
    "圍骰",
    "Ann 一台花",
    "Ann 追",
    "Ann 飛 九筒",
    "Ann 七搶一 Bob",
    "斬",
]


async def test_a_member_without_a_seat_changes_nothing(group: Group):
    """Every record (a kind outside identity.OPEN_KINDS) needs a held seat, the creator or an admin;
    reading the table does not."""
    await group.say(ANN, OPEN)
    for text in RECORDS:
        refused = await group.text(EVE, text)
        assert refused.endswith("Eve: take a seat first, e.g. 坐 南 (or /sit 南)."), text
    assert await group.events() == ["table_opened"]
    assert (await group.text(EVE, "計數")).startswith("Hand 1, 東 round; Ann deals")
    assert "la_mode = every_hand" in await group.text(EVE, "/rules")
