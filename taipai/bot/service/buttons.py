"""Buttons under replies and edited messages (issue 5 §2): stateless callback data, same rules as text.

Callback data carries ids only, so a button works after a restart and on any worker
(Telegram allows 64 bytes):

``undo:<session_id>:<seq>``
    under a booked event: undo it, if it is still the table's last effective event.
``cut:<session_id>:<debtor seat>:<creditor seat>:<level>:y|n``
    under a 斬拉 offer (seats 0–3 in 開枱 order): 斬 (``y``) or 唔斬 (``n``), if the offer is still
    open at that level; only the debtor may answer.
``hist:<session_id>:<before>``
    under a ``/history`` page with older events: the next page, the events numbered below
    ``before``; the session must be this chat's.
``fix:<edit_id>:y|n``
    under the difference an edited hand message makes: apply the correction (``Undo`` of the booked
    hand + the corrected hand, one transaction, booked under the source id ``fix:<edit_id>`` so it
    is applied once) or keep the hand as booked.
``sit:<session_id>:<seat>:<user_id>``
    a seat offered to the member ``user_id`` whose name is that seat's player's
    (:func:`.identity.sit_button`): only that member's press takes the seat.
``seat:<session_id>:<seat>``
    ``[坐東][坐南][坐西][坐北]`` (:func:`.identity.seat_buttons`): the seat for whoever presses first,
    while nobody holds it; ``session_id`` 0 (under the 開枱 reply, made before its session has an id)
    is the chat's open table.
``rec:…``
    the 📝 記牌 flow (:mod:`.record_flow`; the service hands those presses there).

A press goes through the same permission checks (:mod:`.identity`) and table rules as the text
command it stands for, as the seat the presser holds (a name never stands for a seat).  Data is
checked against the chat it was pressed in: a session or edit of another chat is refused with a
notice and nothing is done.  Refusals are :attr:`Pressed.notice` (shown only to the presser, e.g. a
Telegram callback answer), so stale buttons do not spam the group.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol

from taipai.bot.i18n import _
from taipai.bot.money_format import use_currency
from taipai.bot.service import parse, render
from taipai.bot.service.book import Book
from taipai.bot.service.decide import Ignored, Refused
from taipai.bot.service.identity import (
    SEAT_BUTTON,
    SIT_BUTTON,
    Member,
    Seats,
    authorise,
    parse_chat_command,
    take_seat,
    valid_user_id,
)
from taipai.bot.service.parse import CommandError, parse_command
from taipai.bot.service.reads import ReadHand
from taipai.bot.service.reply import Button, Reply, corrected_replies, history_reply
from taipai.bot.store import ChatRef, DuplicateMessage, EventRow, SeqConflict, SessionNotOpen, SessionRow
from taipai.core.table import Event, Redo, SelfDraw, TableState, Undo, WinByDiscard
from taipai.core.table.codec import event_from_dict
from taipai.core.table.machine import apply


class Desk(Seats, Protocol):
    """What a press or an edit needs of the :class:`~taipai.bot.service.service.Service` (which
    calls this module, so this module names only the parts it uses)."""

    book: Book

    def lock(self, chat: ChatRef) -> Any:
        """``async with desk.lock(chat):`` one message of ``chat`` at a time."""
        ...

    async def run(
        self, chat: ChatRef, speaker: str, text: str, message_id: str | None, cmd: parse.Command
    ) -> list[Reply]:
        """Decide, book and answer ``cmd`` as the text command would."""
        ...

    async def hand_event(
        self, state: TableState, cmd: parse.RecordWin | parse.RecordSelfDraw, text: str
    ) -> tuple[WinByDiscard | SelfDraw, list[ReadHand], dict[str, Any]]:
        """The event of a hand message, its readings and the detail kept with it."""
        ...

    async def handle(
        self,
        chat: ChatRef,
        speaker: str,
        text: str,
        message_id: str | None = None,
        *,
        member: Member | None = None,
    ) -> list[Reply]:
        """Handle one chat message."""
        ...


MAX_RETRIES = 5
HAND_KINDS = ("win_by_discard", "self_draw")


@dataclass(slots=True)
class Pressed:
    """What a button press gives: ``replies`` to post in the chat, a short ``notice`` for the
    presser alone (a refusal, or a confirmation), and ``edit``: the new text and buttons of the
    pressed message (the 📝 記牌 flow's next step, :mod:`.record_flow`); any may be empty."""

    replies: list[Reply] = field(default_factory=list)
    notice: str = ""
    edit: Reply | None = None


class _Notice(Exception):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


# ------------------------------------------------------------------------------------ laying buttons out
CHOICE_ROW = 100
"""A :attr:`~.reply.Button.row` from this number on is one choice among its buttons (the 記牌 flow's
winner, its discarder): a select menu where the platform has one (Discord), a row of buttons elsewhere."""


def is_choice(row: Sequence[Button]) -> bool:
    """Whether a laid-out row (:func:`rows`) is one choice among its buttons (:data:`CHOICE_ROW`)."""
    return bool(row) and row[0].row is not None and row[0].row >= CHOICE_ROW


def rows(buttons: Sequence[Button]) -> list[list[Button]]:
    """Lay buttons out in rows: buttons next to each other with the same :attr:`Button.row` share a
    row; else buttons whose data differ only after the last ``:`` share a row (斬 / 唔斬 of one offer,
    apply / keep of one edit); every other button gets its own row."""
    out: list[list[Button]] = []
    last: str | None = None
    for b in buttons:
        if b.row is not None:  # laid out by the reply (the 記牌 keypad, the seat buttons)
            key = f"row {b.row}"
        else:
            key = b.data.rsplit(":", 1)[0] if b.data.endswith((":y", ":n")) else b.data
        if out and key == last:
            out[-1].append(b)
        else:
            out.append([b])
        last = key
    return out


def effective_seqs(rows_: Sequence[EventRow]) -> list[int]:
    """The seqs of a session's effective events (the table's history), oldest first.

    Mirrors :func:`taipai.core.table.apply`: an ordinary event is pushed (and clears the redo stack),
    ``undo`` moves the last one to the redo stack, ``redo`` moves it back.
    """
    live: list[int] = []
    undone: list[int] = []
    for r in rows_:
        if r.kind == Undo.kind:
            if live:
                undone.append(live.pop())
        elif r.kind == Redo.kind:
            if undone:
                live.append(undone.pop())
        else:
            live.append(r.seq)
            undone.clear()
    return live


# ------------------------------------------------------------------------------------ presses
async def press(service: Desk, chat: ChatRef, speaker: str, data: str, member: Member | None) -> Pressed:
    """Handle one button press (see the module docstring); the caller sets the locale."""
    parts = data.split(":")
    try:
        async with service.lock(chat):
            for _attempt in range(MAX_RETRIES):
                try:
                    if parts[0] == "undo" and len(parts) == 3:
                        return await _press_undo(
                            service, chat, speaker, member, _small_int(parts[1]), _small_int(parts[2])
                        )
                    if parts[0] == "cut" and len(parts) == 6 and parts[5] in ("y", "n"):
                        sid, d, c, level = (_small_int(x) for x in parts[1:5])
                        return await _press_cut(
                            service, chat, speaker, member, sid, d, c, level, parts[5] == "y"
                        )
                    if parts[0] == "hist" and len(parts) == 3:
                        return await _press_history(service, chat, _small_int(parts[1]), _small_int(parts[2]))
                    if parts[0] == "fix" and len(parts) == 3 and parts[2] in ("y", "n"):
                        return await _press_fix(
                            service, chat, speaker, member, _small_int(parts[1]), parts[2] == "y"
                        )
                    if parts[0] == SEAT_BUTTON and len(parts) == 3:
                        sid, seat = _small_int(parts[1]), _small_int(parts[2])
                        return await _press_seat(service, chat, member, sid, seat)
                    if parts[0] == SIT_BUTTON and len(parts) == 4 and valid_user_id(parts[3]):
                        sid, seat = _small_int(parts[1]), _small_int(parts[2])
                        return await _press_sit(service, chat, member, sid, seat, parts[3])
                    raise _Notice(_("That button is not from this version of taipai."))
                except SeqConflict:
                    service.book.forget()
            raise SeqConflict(f"could not append to {chat} after {MAX_RETRIES} tries")
    except ValueError:
        return Pressed(notice=_("That button is not from this version of taipai."))
    except _Notice as n:
        return Pressed(notice=n.text)
    except (DuplicateMessage, SessionNotOpen):
        return Pressed(notice=_("That was done already."))


def _small_int(text: str) -> int:
    """A non-negative id from callback data: ASCII digits, at most 9 of them (fits every database
    integer column); else ``ValueError`` (the press is answered as a button of another version)."""
    if not (text.isascii() and text.isdigit() and len(text) <= 9):
        raise ValueError(f"not a small id: {text[:20]!r}")
    return int(text)


async def _session_state(service: Desk, chat: ChatRef, session_id: int) -> tuple[SessionRow, int, TableState]:
    """The chat's open session when it is ``session_id``; else a notice: the button is another
    chat's, or its session has ended."""
    session = await service.store.open_session(chat)
    if session is None or session.id != session_id:
        named = await service.store.session(session_id)
        if named is not None and named.chat != chat:
            raise _Notice(_another_chat())
        raise _Notice(_("That button belongs to a session that has ended."))
    seq, state = await service.state_of(session)
    return session, seq, state


def _another_chat() -> str:
    return _("That button belongs to another chat; it does nothing here.")


async def _may_record(
    service: Desk,
    session: SessionRow,
    state: TableState,
    member: Member | None,
    speaker: str,
    cmd: parse.Command,
) -> tuple[str | None, str]:
    """``(seat held, name the press is made under)``; raises :class:`_Notice` when the member may
    not give ``cmd`` (the terminal, ``member`` ``None``, speaks as ``speaker``)."""
    if member is None:
        return speaker, speaker
    player, refusal = await authorise(service, session, state, member, cmd)
    if refusal:
        raise _Notice(refusal.text)
    return player, player or member.display


async def _press_undo(
    service: Desk, chat: ChatRef, speaker: str, member: Member | None, session_id: int, seq: int
) -> Pressed:
    session, _last, state = await _session_state(service, chat, session_id)
    live = effective_seqs(await service.store.events(session.id))
    if seq not in live:
        raise _Notice(_("That has been undone already."))
    if live[-1] != seq:
        raise _Notice(_("Only the last event can be undone; later events came after this one."))
    cmd = parse.UndoLast(slash=True)
    _seat, who = await _may_record(service, session, state, member, speaker, cmd)
    return Pressed(replies=await service.run(chat, who, "/undo", None, cmd))


async def _press_history(service: Desk, chat: ChatRef, session_id: int, before: int) -> Pressed:
    session = await service.store.session(session_id)
    if session is None:
        raise ValueError("no such session")
    if session.chat != chat:
        raise _Notice(_another_chat())
    _seq, state = await service.state_of(session)
    with use_currency(session.currency):  # that night's money, whatever the chat's is now
        return Pressed(replies=[history_reply(chat, session.id, state, before)])


async def _press_cut(
    service: Desk,
    chat: ChatRef,
    speaker: str,
    member: Member | None,
    session_id: int,
    debtor_i: int,
    creditor_i: int,
    level: int,
    accept: bool,
) -> Pressed:
    session, _last, state = await _session_state(service, chat, session_id)
    names = state.names
    if not (0 <= debtor_i < 4 and 0 <= creditor_i < 4):
        raise ValueError("seat index")
    debtor, creditor = names[debtor_i], names[creditor_i]
    if not any(o.debtor == debtor and o.creditor == creditor and o.level == level for o in state.pending):
        raise _Notice(_("That 斬拉 offer is no longer open."))
    cmd = (parse.AcceptCut if accept else parse.DeclineCut)(creditor, slash=True)
    held, _who = await _may_record(service, session, state, member, speaker, cmd)
    if held != debtor and member is not None:
        raise _Notice(_("Only {debtor} can answer this 斬拉 offer.").format(debtor=debtor))
    return Pressed(replies=await service.run(chat, debtor, "/" + cmd.kind, None, cmd))


# ------------------------------------------------------------------------------------ edits
async def edit(
    service: Desk,
    chat: ChatRef,
    speaker: str,
    message_id: str,
    new_text: str,
    member: Member | None,
    sent: datetime | None = None,
) -> list[Reply]:
    """An edited message: show what the correction would change and ask to confirm (module docstring).

    A message never booked is handled as a new message with the same id (so it is booked at most
    once), but only when it was first sent (``sent``: aware, the platform's send time of the
    original message; ``None``, unknown, counts as old) for tonight's table (:func:`sent_for_now`);
    an older one books nothing, and when its new text reads as a command the editor is told to type
    it again (:func:`old_edit_reply`).  Nothing is booked here; the ``fix:<id>:y`` button applies it.
    """
    row = await service.chats.event_for_message(chat, message_id)
    if row is None:
        session = await service.store.open_session(chat)
        opened = session.created_at if session is not None else None
        if not sent_for_now(sent, opened, service.store.now()):
            return old_edit_reply(new_text, table_open=session is not None)
        return await service.handle(chat, speaker, new_text, message_id, member=member)
    if row.kind not in HAND_KINDS:
        return []  # only hands are corrected by editing; other edits are left alone
    row = await _as_corrected(service, row)
    async with service.lock(chat):
        try:
            session, state_before, old, _live = await _editable(service, chat, row)
            new, _reads, _detail = await _corrected(service, state_before, new_text)
        except _Notice as n:
            return [Reply(n.text)]
        if new.to_dict() == old.to_dict():
            return [Reply(_("The edited hand books the same as before; nothing to change."))]
        pending = await service.chats.add_edit(session.id, row.seq, message_id, speaker, new_text)
    lines = [_("{name} edited a booked hand.").format(name=speaker)]
    lines.append(_("Before: {what}").format(what=render.describe(old, state_before)))
    lines += _effect(state_before, old, strict=False)  # as it was booked
    lines.append(_("After: {what}").format(what=render.describe(new, state_before)))
    lines += _effect(state_before, new)
    lines.append(_("Apply the correction?"))
    buttons = (
        Button(_("✅ Apply"), f"fix:{pending.id}:y"),
        Button(_("✖ Keep as booked"), f"fix:{pending.id}:n"),
    )
    return [Reply("\n".join(lines), buttons)]


EDIT_WINDOW = timedelta(minutes=10)
"""With no table open, an edited message never booked is read as new only when it was sent this
recently (a typo'd 開枱 fixed a few minutes later), so an old line edited today books nothing."""

SENT_SLACK = timedelta(seconds=5)
"""How much earlier than the open table's ``created_at`` a message may have been sent and still count
as tonight's: Telegram's send times are whole seconds of its servers' clock, and a table is opened
when its 開枱 is handled, a moment after that message was sent."""


def sent_for_now(sent: datetime | None, opened: datetime | None, now: datetime) -> bool:
    """Whether a message first sent at ``sent`` (aware; ``None``: unknown) may still be read as new
    when edited: sent after the open table was ``opened`` (its session's ``created_at``, less
    :data:`SENT_SLACK`), or, with no table open (``opened`` ``None``), within :data:`EDIT_WINDOW`
    before ``now`` (the store's clock).  A message of last night edited today must not book at
    tonight's table (money: no hand booked on a guess)."""
    if sent is None:
        return False
    if opened is not None:
        return sent >= opened - SENT_SLACK
    return now - sent <= EDIT_WINDOW


def old_edit_reply(new_text: str, *, table_open: bool) -> list[Reply]:
    """The reply to an edit of a message too old to read (:func:`sent_for_now`): one short line
    saying to type it again when the new text reads as a command or a table word
    (:func:`.parse.parse_command`, :func:`.identity.parse_chat_command`), else nothing (an old line
    of talk edited gets no reply)."""
    try:
        command = parse_command(new_text) is not None or parse_chat_command(new_text) is not None
    except CommandError:
        command = True  # a command said wrong is still a command
    if not command:
        return []
    if table_open:
        text = _("Edits of messages from before this table are not read; nothing was booked. Type it again.")
        return [Reply(text)]
    minutes = int(EDIT_WINDOW.total_seconds()) // 60
    text = _("Edits of messages over {minutes} minutes old are not read; nothing was booked. Type it again.")
    return [Reply(text.format(minutes=minutes))]


async def _as_corrected(service: Desk, row: EventRow) -> EventRow:
    """The hand that stands for the message booked as ``row``: its applied corrections followed
    (each is booked as ``fix:<edit id>`` in place of the hand the edit was made on), so a message
    edited again is compared with the hand as corrected, not refused as undone (someone told that
    would post the hand again and book it twice)."""
    rows = await service.store.events(row.session_id)
    corrections: dict[int, EventRow] = {}
    for r in rows:
        parts = (r.source_message_id or "").split(":")
        if len(parts) == 2 and parts[0] == "fix" and parts[1].isdigit():
            pending = await service.chats.edit(int(parts[1]))
            if pending is not None and pending.session_id == row.session_id:
                corrections[pending.seq] = r
    while row.seq in corrections:
        row = corrections[row.seq]
    return row


def _effect(state: TableState, event: Event, *, strict: bool = True) -> list[str]:
    t = apply(state, event, strict=strict)
    return [
        "  " + line.strip()
        for line in [*render.moves(t.state, t.moves), *render.payments(t.state, t.payments)]
    ]


async def _editable(
    service: Desk, chat: ChatRef, row: EventRow
) -> tuple[SessionRow, TableState, Event, list[int]]:
    session = await service.store.open_session(chat)
    if session is None or session.id != row.session_id:
        raise _Notice(_("That hand belongs to a session that has ended; it cannot be corrected now."))
    live = effective_seqs(await service.store.events(session.id))
    if row.seq not in live:
        raise _Notice(_("That hand has been undone; post it again instead."))
    if live[-1] != row.seq:
        raise _Notice(_("Only the last hand can be corrected by editing; later events came after it."))
    _seq, state = await service.state_of(session)
    assert state.prev is not None
    return session, state.prev, event_from_dict(row.payload), live


async def _corrected(
    service: Desk, state: TableState, text: str
) -> tuple[WinByDiscard | SelfDraw, list[ReadHand], dict[str, Any]]:
    try:
        cmd = parse_command(text)
    except CommandError as err:
        raise _Notice(render.command_error(err)) from err
    if not isinstance(cmd, parse.RecordWin | parse.RecordSelfDraw):
        raise _Notice(_("The edited message is no longer a hand; to take the hand back, use 撤銷 (/undo)."))
    cmd = dataclasses.replace(cmd, slash=True)  # a name that is not at the table is an error here
    try:
        return await service.hand_event(state, cmd, text)
    except Refused as r:
        raise _Notice(r.text) from r
    except Ignored as i:
        raise _Notice(
            _("The edited message is no longer a hand; to take the hand back, use 撤銷 (/undo).")
        ) from i


async def _press_fix(
    service: Desk, chat: ChatRef, speaker: str, member: Member | None, edit_id: int, apply_it: bool
) -> Pressed:
    pending = await service.chats.edit(edit_id)
    if pending is None:
        raise ValueError("no such edit")
    source = f"fix:{edit_id}"
    if await service.store.is_booked(chat, source):
        raise _Notice(_("That correction has been applied already."))
    row = next((r for r in await service.store.events(pending.session_id) if r.seq == pending.seq), None)
    if row is None or row.platform != chat.platform or row.chat_id != chat.chat_id:
        raise _Notice(_another_chat())
    session, before, _old, _live = await _editable(service, chat, row)
    seq, state = await service.state_of(session)
    _seat, who = await _may_record(service, session, state, member, speaker, parse.UndoLast())
    if not apply_it:
        return Pressed(replies=[Reply(_("{name} kept the hand as it was booked.").format(name=who))])
    new, reads, detail = await _corrected(service, before, pending.text)
    undo = Undo(by=who)
    t_undo = apply(state, undo)
    t = apply(t_undo.state, new)
    replies = corrected_replies(session.id, seq, before, new, reads, t, who)
    rows_ = [
        {"speaker": who, "kind": undo.kind, "payload": undo.to_dict(), "source_message_id": source + ":undo"},
        {
            "speaker": pending.speaker,
            "kind": new.kind,
            "payload": new.to_dict(),
            "source_message_id": source,
            "source_text": pending.text,
            "detail": detail,
        },
    ]
    await service.book.append_many(session, seq, rows_, t.state, replies)  # with the replies, one transaction
    return Pressed(replies=replies)


# ------------------------------------------------------------------------------------ seats
async def _press_sit(
    service: Desk, chat: ChatRef, member: Member | None, session_id: int, seat: int, user_id: str
) -> Pressed:
    """A seat offer pressed: it takes the seat only for the member it was offered to, and only while
    nobody holds it (:func:`.identity.take_seat`); anyone else gets a notice saying how to sit."""
    session, _last, state = await _session_state(service, chat, session_id)
    if not 0 <= seat < len(state.names):
        raise ValueError("seat index")
    player = state.names[seat]
    wind = state.seat_wind(player)
    if member is None:
        raise _Notice(_("Seats are claimed in a group chat, where taipai knows who is speaking."))
    if member.user_id != user_id:
        raise _Notice(
            _(
                "This button is for the member it was offered to. To take a seat yourself, say "
                "坐 {seat} (/sit {seat})."
            ).format(seat=wind)
        )
    taken, text = await take_seat(service, session, state, member, player)
    if not taken:
        raise _Notice(text)  # held by someone else: nothing changed
    return Pressed(replies=[Reply(text)])


async def _press_seat(
    service: Desk, chat: ChatRef, member: Member | None, session_id: int, seat: int
) -> Pressed:
    """``[坐東]`` … pressed: the seat (0–3 in 開枱 order) becomes the presser's when nobody holds it
    (:func:`.identity.take_seat`, which remembers it for the next night); a notice when it is held
    or the button is another table's."""
    if session_id == 0:
        session = await service.store.open_session(chat)
        if session is None:
            raise _Notice(_("That button belongs to a session that has ended."))
        _last, state = await service.state_of(session)
    else:
        session, _last, state = await _session_state(service, chat, session_id)
    if not 0 <= seat < len(state.names):
        raise ValueError("seat index")
    if member is None:
        raise _Notice(_("Seats are claimed in a group chat, where taipai knows who is speaking."))
    player = state.names[seat]
    mine = await service.chats.member(session.id, member.user_id)
    if mine is not None and mine.player == player:
        raise _Notice(
            _("{who}: you sit as {player} ({seat}) already.").format(
                who=member.display, player=player, seat=state.seat_wind(player)
            )
        )
    taken, text = await take_seat(service, session, state, member, player)
    if not taken:
        raise _Notice(text)  # held by someone else: nothing changed
    return Pressed(replies=[Reply(text)])
