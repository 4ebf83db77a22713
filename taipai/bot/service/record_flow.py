"""📝 記牌: record a hand in taps, in one message edited step by step (issue 15 item 5).

``記牌`` / ``📝 記牌`` / ``/record`` (or the 📝 記牌 button under the 開枱 reply and under each booked
hand) posts the flow's message; each press edits it: the winner (four player buttons, or 流局) → on
whose discard (the three others) or 自摸 → a count keypad in the table's unit (番 / 台 / 翻, the game's
:attr:`~taipai.core.system.RuleSystem.unit`; digits, ⌫ and quick picks, at most the table's largest
count, :func:`~taipai.bot.service.render.count_limit`) → a confirm showing what will be booked
(「阿明 食 阿玲 8番 — 確認？」).  Only the confirm books, and it books by handing the service the
command's text (``/win 阿明 阿玲 8``, ``/selfdraw 阿明 8``, ``/draw``) as a message, so permissions,
包, 拉/踢 and the reply are exactly those of the typed command.

The winner's and the discarder's buttons are one choice each (rows from
:data:`~taipai.bot.service.buttons.CHOICE_ROW`): a select menu on Discord, a row of buttons on Telegram.

Callback data is stateless: every choice so far is in it (Telegram allows 64 bytes)::

    rec:n                                              start a flow at the chat's open table
    rec:<session>:<seq>:<screen>:<winner>:<discarder>:<digits>

``session`` and ``seq`` are the table and its last event when the flow began: a press from another
chat, of an ended session, or after the table moved on (any event booked since) gets a notice and
does nothing.  ``screen`` is what the press shows: ``w`` winner, ``d`` discarder, ``k`` keypad, ``c``
confirm, ``y`` book, ``n`` cancel.  ``winner`` is a seat 0–3 in 開枱 order (``-``: not chosen),
``discarder`` a seat, ``z`` (自摸), ``x`` (流局) or ``-``; ``digits`` the count typed so far.  The
confirm books under the source id ``rec:<session>:<seq>``: a confirm pressed twice (or two flows
begun at one state) books once.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from taipai.bot.i18n import _
from taipai.bot.service import parse, render
from taipai.bot.service.buttons import CHOICE_ROW, Desk, Pressed
from taipai.bot.service.identity import Member, authorise
from taipai.bot.service.reply import Button, Reply
from taipai.bot.store import ChatRef, SessionRow
from taipai.core.registry import system_by_id
from taipai.core.table import TableState

KIND = "rec"
"""The callback data kind of the flow's buttons."""
START = f"{KIND}:n"
"""The data of the 📝 記牌 button: a new flow at the chat's open table, whenever it is pressed."""
QUICK_PICKS = (1, 2, 3, 5, 8, 10, 13, 20)
"""Counts offered as one tap under the keypad (those up to the table's largest count, at most five)."""
MAX_QUICK = 5
NOTICE_LIMIT = 200
"""Telegram shows at most 200 characters of a press's notice."""
RECORD_WORDS = ("記牌", "记牌", "📝記牌", "📝记牌")
_SLASH = re.compile(r"^/record(?:@\S+)?$", re.I)
SCREENS = frozenset("wdkcyn")
_UNSET = "-"
SELF_DRAW = "z"
DRAW = "x"


class FlowNotice(Exception):
    """A press that does nothing; ``text`` is told to the presser alone."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


@dataclass(frozen=True, slots=True)
class Flow:
    """The flow's choices so far (see the module docstring): ``winner`` a seat 0–3 or ``None``,
    ``discarder`` a seat 0–3, ``"z"`` (自摸), ``"x"`` (流局) or ``None``, ``digits`` the count typed."""

    session_id: int
    seq: int
    winner: int | None = None
    discarder: int | str | None = None
    digits: str = ""

    def data(self, screen: str, **change: object) -> str:
        """The callback data of a press that shows ``screen`` with ``change`` applied."""
        w = change.get("winner", self.winner)
        d = change.get("discarder", self.discarder)
        digits = change.get("digits", self.digits)
        return ":".join(
            [
                KIND,
                str(self.session_id),
                str(self.seq),
                screen,
                _UNSET if w is None else str(w),
                _UNSET if d is None else str(d),
                str(digits),
            ]
        )


def asks_record(text: str) -> bool:
    """Whether ``text`` starts the flow: ``記牌``, ``📝 記牌``, ``/record`` (``/record@bot``)."""
    said = "".join(unicodedata.normalize("NFKC", text).split())
    return said in RECORD_WORDS or bool(_SLASH.match(said))


def start_button() -> Button:
    """The 📝 記牌 button (data :data:`START`), in the current locale."""
    return Button(_("📝 Record"), START, row=90)


def parse_data(data: str) -> tuple[str, Flow] | None:
    """``(screen, flow)`` of a flow press, ``None`` for :data:`START`.

    Raises:
        ValueError: data that is not a flow press of this version.
    """
    parts = data.split(":")
    if parts == [KIND, "n"]:
        return None
    if len(parts) != 7 or parts[0] != KIND or parts[3] not in SCREENS:
        raise ValueError(f"not a flow press: {data[:64]!r}")
    sid, seq = _small_int(parts[1]), _small_int(parts[2])
    w = None if parts[4] == _UNSET else _seat(parts[4])
    d: int | str | None
    if parts[5] == _UNSET:
        d = None
    elif parts[5] in (SELF_DRAW, DRAW):
        d = parts[5]
    else:
        d = _seat(parts[5])
    digits = parts[6]
    if digits and not (digits.isascii() and digits.isdigit() and len(digits) <= 4):
        raise ValueError("digits")
    if (d == DRAW) != (w is None and d is not None) or (isinstance(d, int) and d == w):
        raise ValueError("winner and discarder")
    return parts[3], Flow(sid, seq, w, d, digits)


def _small_int(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 9):
        raise ValueError(f"not a small id: {text[:20]!r}")
    return int(text)


def _seat(text: str) -> int:
    if text not in ("0", "1", "2", "3"):
        raise ValueError("seat")
    return int(text)


# ------------------------------------------------------------------------------------ screens
def _who(state: TableState, seat: int) -> str:
    name = state.names[seat]
    return f"{state.seat_wind(name)} {name}"


def command_text(state: TableState, flow: Flow) -> str:
    """The command the flow books, as the service reads it: ``/win 阿明 阿玲 8``, ``/selfdraw 阿明 8``
    or ``/draw``.

    Raises:
        ValueError: the flow is not complete (no winner, discarder or count).
    """
    if flow.discarder == DRAW:
        return "/draw"
    if flow.winner is None or flow.discarder is None or not flow.digits:
        raise ValueError("the flow is not complete")
    winner = state.names[flow.winner]
    if flow.discarder == SELF_DRAW:
        return f"/selfdraw {winner} {int(flow.digits)}"
    assert isinstance(flow.discarder, int)
    return f"/win {winner} {state.names[flow.discarder]} {int(flow.digits)}"


def said(state: TableState, flow: Flow, count: str) -> str:
    """What the flow records, as the table says it: 「阿明 食 阿玲 8番」, 「阿明 自摸 8番」, 「流局」;
    ``count`` stands for the count (``8`` or ``_``)."""
    if flow.discarder == DRAW:
        return _("流局 (draw)")
    assert flow.winner is not None
    winner = state.names[flow.winner]
    unit = system_by_id(state.system).unit
    if flow.discarder == SELF_DRAW:
        return _("{winner} 自摸 {count}").format(winner=winner, count=f"{count}{unit}")
    if isinstance(flow.discarder, int):
        return _("{winner} 食 {discarder} {count}").format(
            winner=winner, discarder=state.names[flow.discarder], count=f"{count}{unit}"
        )
    return winner


def screen(state: TableState, flow: Flow, step: str) -> Reply:
    """The flow's message at ``step`` (``w``, ``d``, ``k`` or ``c``), in the current locale."""
    head = _("📝 Record a hand")
    cancel = Button(_("✖ Cancel"), flow.data("n"), row=9)
    if step == "w":
        buttons = [
            Button(_who(state, i), flow.data("d", winner=i), row=CHOICE_ROW)
            for i in range(len(state.names))
            if state.names[i] != state.sitter  # 數信: the one sitting out neither wins nor deals in
        ]
        if "draw" in system_by_id(state.system).chat.books:
            buttons.append(Button(_("流局 (draw)"), flow.data("c", winner=None, discarder=DRAW), row=8))
        return Reply(head + "\n" + _("Who won?"), (*buttons, cancel))
    if step == "d":
        assert flow.winner is not None
        others = [i for i in range(len(state.names)) if i != flow.winner and state.names[i] != state.sitter]
        buttons = [
            Button(_who(state, i), flow.data("k", discarder=i, digits=""), row=CHOICE_ROW) for i in others
        ]
        buttons.append(Button(_("自摸 (self-draw)"), flow.data("k", discarder=SELF_DRAW, digits=""), row=1))
        back = Button(_("⬅ Back"), flow.data("w", winner=None, discarder=None, digits=""), row=9)
        text = _("{winner} won. On whose discard? Or 自摸?").format(winner=state.names[flow.winner])
        return Reply(head + "\n" + text, (*buttons, back, cancel))
    if step == "k":
        unit = system_by_id(state.system).unit
        limit = render.count_limit(state.system, state.options)
        digits = [
            Button(str(n), flow.data("k", digits=_typed(flow.digits, str(n))), row=0 if 1 <= n <= 5 else 1)
            for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)
        ]
        keys = [Button("⌫", flow.data("k", digits=flow.digits[:-1]), row=2)]
        if flow.digits:
            keys.append(
                Button(_("✔ {count}").format(count=f"{int(flow.digits)}{unit}"), flow.data("c"), row=2)
            )
        picks = [q for q in QUICK_PICKS if q <= limit][:MAX_QUICK]
        quick = [Button(f"{q}{unit}", flow.data("c", digits=str(q)), row=3) for q in picks]
        back = Button(_("⬅ Back"), flow.data("d", discarder=None, digits=""), row=9)
        shown = str(int(flow.digits)) if flow.digits else "_"
        text = _("{what}: how many {unit}?").format(what=said(state, flow, shown), unit=unit)
        if limit < parse.MAX_FAN:  # the game's 最大: a larger count is paid as it
            text += " " + _("(at most {limit}{unit})").format(limit=limit, unit=unit)
        return Reply(head + "\n" + text, (*digits, *keys, *quick, back, cancel))
    if step == "c":
        count = str(int(flow.digits)) if flow.digits else ""
        what = said(state, flow, count)
        yes = Button(_("✅ Confirm"), flow.data("y"), row=0)
        no = Button(_("✖ Cancel"), flow.data("n"), row=0)
        if flow.discarder == DRAW:
            back = Button(_("⬅ Back"), flow.data("w", winner=None, discarder=None, digits=""), row=1)
        else:
            back = Button(_("⬅ Back"), flow.data("k"), row=1)
        return Reply(head + "\n" + _("{what} — confirm?").format(what=what), (yes, no, back))
    raise ValueError(f"no screen {step!r}")


def _typed(digits: str, digit: str) -> str:
    """``digits`` with ``digit`` typed after it (a leading 0 is replaced: 0 then 8 is 8)."""
    return digit if digits in ("", "0") else digits + digit


# ------------------------------------------------------------------------------------ service side
async def start(service: Desk, chat: ChatRef, member: Member | None) -> Reply:
    """The flow's first message for ``記牌`` / ``/record`` at the chat's open table (who won?), or
    the reply saying no table is open / how to take a seat first (the member may not record); at the
    terminal (``member`` ``None``: no buttons) how to type the hand instead."""
    session = await service.store.open_session(chat)
    if session is None:
        return Reply(_("No table is open here. Start one with: 開枱 A B C D"))
    seq, state = await service.state_of(session)
    if member is None:  # the terminal has no buttons to press
        example = f"{state.names[1]} 食 {state.names[0]} {render.count_word(state.system)}"
        return Reply(
            _("📝 記牌 is pressed on Telegram and Discord; here, type the hand: {example}").format(
                example=example
            )
        )
    _player, refusal = await authorise(service, session, state, member, parse.RecordDraw(slash=True))
    if refusal is not None:
        return Reply(refusal.text, refusal.buttons)
    return screen(state, Flow(session.id, seq), "w")


async def press(service: Desk, chat: ChatRef, speaker: str, data: str, member: Member | None) -> Pressed:
    """A press of a flow button (module docstring): the next screen as an edit of the pressed message,
    the booking's replies at the confirm, or a notice for the presser alone.  The caller sets the
    locale; the database's failures propagate (the service answers them)."""
    try:
        parsed = parse_data(data)
        if parsed is None:
            return Pressed(replies=[await _start_press(service, chat, member)])
        step, flow = parsed
        if step == "y" and await service.store.is_booked(chat, _source(flow)):
            raise FlowNotice(_("That was done already."))
        session, _seq, state = await _table(service, chat, flow)
        if member is not None:
            _player, refusal = await authorise(service, session, state, member, parse.RecordDraw(slash=True))
            if refusal is not None:
                raise FlowNotice(refusal.text)
        if step == "n":
            return Pressed(edit=Reply(_("📝 Record: cancelled.")))
        _check(state, flow, step)
        if step != "y":
            return Pressed(edit=screen(state, flow, step))
        return await _book(service, chat, speaker, member, session, state, flow)
    except ValueError:
        return Pressed(notice=_("That button is not from this version of taipai."))
    except FlowNotice as n:
        return Pressed(notice=n.text[:NOTICE_LIMIT])


def _source(flow: Flow) -> str:
    """The source id the flow's confirm books under: one booking per table state."""
    return f"{KIND}:{flow.session_id}:{flow.seq}"


async def _start_press(service: Desk, chat: ChatRef, member: Member | None) -> Reply:
    reply = await start(service, chat, member)
    if not reply.buttons or not reply.buttons[0].data.startswith(KIND + ":"):
        raise FlowNotice(reply.text)  # no table, or not allowed: a notice, not a message to all
    return reply


async def _table(service: Desk, chat: ChatRef, flow: Flow) -> tuple[SessionRow, int, TableState]:
    session = await service.store.open_session(chat)
    if session is None or session.id != flow.session_id:
        named = await service.store.session(flow.session_id)
        if named is not None and named.chat != chat:
            raise FlowNotice(_("That button belongs to another chat; it does nothing here."))
        raise FlowNotice(_("That button belongs to a session that has ended."))
    seq, state = await service.state_of(session)
    if seq != flow.seq:
        raise FlowNotice(
            _("The table has moved on since this was started; press 📝 記牌 (/record) for a new one.")
        )
    return session, seq, state


def _check(state: TableState, flow: Flow, step: str) -> None:
    """Refuse a press whose choices do not fit the screen it asks for (a count over the table's
    largest, a confirm without a count)."""
    if flow.winner is not None and flow.winner >= len(state.names):
        raise ValueError("seat")
    needs_winner = step in ("d", "k") or (step in ("c", "y") and flow.discarder != DRAW)
    if needs_winner and flow.winner is None:
        raise ValueError("no winner")
    if step in ("k", "c", "y") and flow.discarder is None:
        raise ValueError("no discarder")
    if step in ("c", "y") and flow.discarder != DRAW and not flow.digits:
        raise FlowNotice(_("Type the count first."))
    limit = render.count_limit(state.system, state.options)
    if flow.digits and int(flow.digits) > limit:
        unit = system_by_id(state.system).unit
        raise FlowNotice(_("At most {limit}{unit} at this table.").format(limit=limit, unit=unit))


async def _book(
    service: Desk,
    chat: ChatRef,
    speaker: str,
    member: Member | None,
    session: SessionRow,
    state: TableState,
    flow: Flow,
) -> Pressed:
    """The confirm: the command's text handed to the service as a message under the source id
    ``rec:<session>:<seq>`` (booked once however often it is pressed)."""
    source = _source(flow)
    what = said(state, flow, str(int(flow.digits)) if flow.digits else "")
    replies = await service.handle(chat, speaker, command_text(state, flow), source, member=member)
    if not replies:  # booked meanwhile under the same source id (a second confirm)
        raise FlowNotice(_("That was done already."))
    if not await service.store.is_booked(chat, source):
        raise FlowNotice(replies[0].text)  # refused as the typed command would be: nothing booked
    return Pressed(replies=replies, edit=Reply(_("📝 Recorded: {what}").format(what=what)))


__all__ = [
    "KIND",
    "START",
    "Flow",
    "FlowNotice",
    "asks_record",
    "command_text",
    "parse_data",
    "press",
    "said",
    "screen",
    "start",
    "start_button",
]
