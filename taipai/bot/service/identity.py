"""Who is speaking, where they sit, what they may do, and which language a chat reads (issue 5 §4,
§5; issue 13 item 5).

Players are seats with names (from ``開枱 A B C D``).  On a platform the adapter passes a
:class:`Member` (the platform's user id, display name, @username, whether they are a chat admin and
their client's language); the terminal passes none and is trusted (everyone at the terminal is the
same person).  DESIGN §1: 「A player is a seat held by a platform user id; names are what people type,
never a credential.」

- A seat is **held by a user id**.  A member takes one with ``坐 南`` / ``/sit 南`` (a seat wind, a
  player name or @name, read with :func:`~taipai.bot.service.decide.resolve_player`); the 開枱 names
  are only names until someone sits.  A seat held by one member is refused to every other; the holder
  gives it up with ``離座`` / ``/leave``, a chat admin frees anyone's with ``/leave 南`` (``離座 南``).
  One seat per member: sitting elsewhere gives up the old seat.  Seats are rows of the ``members``
  table (:meth:`~taipai.bot.store.chats.ChatData.claim_seat`), so they survive restarts.
- A member whose display name or @username is the name of a free seat is only **offered** it: a
  button ``sit:<session>:<seat>:<user id>`` (:func:`sit_button`) that counts only when that member
  presses it.  The name never lets anyone act as that player.
- **Recording** (hands, draws, prizes, undo/redo) needs a held seat, or being the table's creator or
  a chat admin (both by user id: ``members.creator``, :attr:`Member.is_admin`).  **斬 / 唔斬** need the
  debtor's own seat: nobody, admins included, answers for another player.  **Changing rules**
  (``/rules <option> <value>``), **ending the session** (埋數) and taking a 埋數 back (``撤銷`` after it;
  ``重做`` of it) need the creator (seated or not) or a chat admin.  Opening a table, 計數, /help,
  /history, /export and showing the rules are open to all.
- **Language**: ``/lang en`` / ``/lang zh`` (``語言 en``), or a language word at 開枱
  (``開枱 A B C D English``), stores the chat's language; a group without one speaks the service
  default (Cantonese), never a member's client language, which counts only in a private chat.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Protocol

from taipai.bot.i18n import LOCALES, _, current_locale, normalize_locale, use_locale
from taipai.bot.service import parse
from taipai.bot.service.currency import CURRENCY_SLASH, CURRENCY_WORDS, currency_reply
from taipai.bot.service.decide import resolve_player
from taipai.bot.service.parse import LANG_WORDS, LEAVE_WORDS, SIT_WORDS, Command
from taipai.bot.service.render import players_line
from taipai.bot.service.reply import Button, Reply
from taipai.bot.store import ChatRef, SessionRow, Store
from taipai.bot.store.chats import ChatData, MemberRow
from taipai.bot.store.seat_memory import SeatMemory
from taipai.core.table import SessionEnded, TableState


class Seats(Protocol):
    """What this module needs of the :class:`~taipai.bot.service.service.Service` (which calls this
    module, so this module names only the parts it uses)."""

    store: Store
    chats: ChatData
    locale: str

    async def state_of(self, session: SessionRow, *, last_seq: int | None = None) -> tuple[int, TableState]:
        """``(last seq, state)`` of a session."""
        ...

    async def chat_locale(self, chat: ChatRef) -> str | None:
        """The language the chat chose with ``/lang``, or ``None``."""
        ...

    async def set_chat_locale(self, chat: ChatRef, locale: str) -> None:
        """Store the chat's language."""
        ...


_SLASH = re.compile(r"^/([A-Za-z_]+)(?:@\S+)?(?:\s+(.*))?$", re.S)

OPEN_KINDS = frozenset({"open", "score", "chains", "history", "export", "help", "rules"})
"""Command kinds anyone may give: opening a table and reading it (``rules`` shows them; a rule
*change* is :func:`needs_admin`).  Every other kind changes the table and needs a seat, the creator
or an admin, so a kind added later is guarded until it is listed here."""

RECORD_KINDS = frozenset(
    {
        "win",
        "self_draw",
        "draw",
        "undo",
        "redo",
        "cut",
        "nocut",
        "false_win",
        "prize",
        "fly",
        "chase",
        "flower_win",
        "bird",
        "shuxin",
    }
)
"""The command kinds that change the table today (each outside :data:`OPEN_KINDS`)."""

OWN_SEAT_KINDS = frozenset({"cut", "nocut"})
"""Command kinds said as oneself (the debtor answers 斬 / 唔斬): need the member's own held seat."""

SIT_BUTTON = "sit"
"""Callback data kind of a seat offer: ``sit:<session id>:<seat index in 開枱 order>:<user id>``."""

SEAT_BUTTON = "seat"
"""Callback data kind of an open seat button: ``seat:<session id>:<seat index in 開枱 order>`` (session
0: the chat's open table), for whoever presses it first."""

_USER_ID = re.compile(r"^[0-9A-Za-z_-]{1,40}$")
"""A platform user id as it may stand in callback data (Telegram and Discord ids are digits)."""


@dataclass(frozen=True, slots=True)
class Member:
    """The platform user behind a message, as the adapter knows them.

    Attributes:
        user_id: the platform's stable user id (as text).
        display: the display name (first + last name on Telegram, display name on Discord).
        username: the @username without ``@`` (``None`` when they have none).
        is_admin: an admin of this chat (the adapter asks the platform).
        language: the client's language code (``"en"``, ``"zh-hans"`` …) or ``None``.
        private: the message came in the member's private chat with the bot (a Telegram private chat,
            a Discord direct message).  Only there does ``language`` choose the reply language: a
            group speaks one language, its ``/lang`` or the service default.
    """

    user_id: str
    display: str
    username: str | None = None
    is_admin: bool = False
    language: str | None = None
    private: bool = False


@dataclass(frozen=True, slots=True)
class ChatCommand:
    """A command of this module: ``kind`` is ``sit``, ``leave``, ``lang`` or ``currency``
    (:mod:`.currency`); ``arg`` the word after it."""

    kind: str
    arg: str = ""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a member may not give a command: ``text`` (the reply, in the current locale) and
    ``buttons`` (a seat offer, when their name is a free seat's)."""

    text: str
    buttons: tuple[Button, ...] = ()


def parse_chat_command(text: str) -> ChatCommand | None:
    """``坐 南`` / ``/sit 南`` → ``sit``; ``離座`` / ``/leave`` (``離座 南`` / ``/leave 南``) → ``leave``;
    ``/lang en`` / ``語言 zh`` → ``lang``; anything else ``None``."""
    raw = text.strip()
    if not raw:
        return None
    m = _SLASH.match(unicodedata.normalize("NFKC", raw))
    if m:
        name = m.group(1).lower()
        rest = raw.split(None, 1)[1].strip() if len(raw.split(None, 1)) == 2 else ""
        if name in ("sit", "seat"):
            return ChatCommand("sit", rest)
        if name in ("leave", "unsit", "stand"):
            return ChatCommand("leave", rest)
        if name in ("lang", "language"):
            return ChatCommand("lang", rest)
        if name in CURRENCY_SLASH:
            return ChatCommand("currency", rest)
        return None
    words = raw.split()
    if words[0] in SIT_WORDS and len(words) <= 2:
        return ChatCommand("sit", words[1] if len(words) == 2 else "")
    if len(words) == 1 and len(raw) == 2 and raw[0] == "坐" and raw[1] in "東南西北":
        return ChatCommand("sit", raw[1])
    if words[0] in LEAVE_WORDS and len(words) <= 2:
        return ChatCommand("leave", words[1] if len(words) == 2 else "")
    if words[0] in LANG_WORDS and len(words) <= 2:
        return ChatCommand("lang", words[1] if len(words) == 2 else "")
    if words[0] in CURRENCY_WORDS and len(words) <= 2:
        return ChatCommand("currency", words[1] if len(words) == 2 else "")
    return None


def player_of(state: TableState, row: MemberRow | None) -> str | None:
    """The player a member is at this table: the seat their row holds (``None``: no row, no seat,
    or a name no longer at the table).  Names never count: see :func:`name_match`."""
    if row is not None and row.player is not None and row.player in state.names:
        return row.player
    return None


def name_match(state: TableState, member: Member) -> str | None:
    """The player whose name is ``member``'s display name or @username (exactly, else in any case
    when only one name matches, compared after NFKC): only ever a seat to *offer*; ``None`` when
    no name matches."""
    names = [(unicodedata.normalize("NFKC", n), n) for n in state.names]
    for said in (member.display, member.username):
        if not said:
            continue
        said = unicodedata.normalize("NFKC", said).strip().removeprefix("@")
        exact = [n for folded, n in names if folded == said]
        if exact:
            return exact[0]
        loose = [n for folded, n in names if folded.casefold() == said.casefold()]
        if len(loose) == 1:
            return loose[0]
    return None


def seat_offer(state: TableState, member: Member, rows: list[MemberRow]) -> str | None:
    """The seat to offer ``member``: their :func:`name_match`, when nobody holds it and they hold
    no seat; else ``None``."""
    if any(r.user_id == member.user_id and player_of(state, r) for r in rows):
        return None
    match = name_match(state, member)
    if match is None or any(r.player == match for r in rows):
        return None
    return match


def sit_button(session_id: int, state: TableState, player: str, member: Member) -> Button:
    """The button offering ``player``'s seat to ``member`` alone (see :data:`SIT_BUTTON`)."""
    label = _("I am {player} ({seat})").format(player=player, seat=state.seat_wind(player))
    return Button(label, f"{SIT_BUTTON}:{session_id}:{state.names.index(player)}:{member.user_id}")


def seat_buttons(session_id: int, state: TableState) -> tuple[Button, ...]:
    """``[坐東][坐南][坐西][坐北]`` in one row: each seat (by the wind it sits in now) for whoever
    presses first (:data:`SEAT_BUTTON`; ``session_id`` 0: the chat's open table)."""
    return tuple(
        Button(_("Sit {seat}").format(seat=state.seat_wind(p)), f"{SEAT_BUTTON}:{session_id}:{i}", row=50)
        for i, p in enumerate(state.names)
    )


def valid_user_id(text: str) -> bool:
    """Whether ``text`` can be a user id in callback data (letters, digits, ``_``, ``-``; ≤ 40)."""
    return bool(_USER_ID.match(text))


def needs_admin(cmd: Command, state: TableState | None = None) -> bool:
    """True for the commands only the table's creator or a chat admin may give: 埋數, rule changes,
    and (given the table's ``state``) taking back or redoing a 埋數: ``撤銷`` of an ended table
    reopens it, ``重做`` of an undone 埋數 settles it again."""
    if isinstance(cmd, parse.Settle) or (isinstance(cmd, parse.Rules) and bool(cmd.args)):
        return True
    if state is None:
        return False
    if isinstance(cmd, parse.UndoLast) and state.ended:
        return True
    return isinstance(cmd, parse.RedoLast) and bool(state.redo) and isinstance(state.redo[-1], SessionEnded)


_LOOK_UP = MemberRow(0, "", "", None, False)
"""``authorise``'s default ``row``: read the member row from the database."""


async def authorise(
    service: Seats,
    session: SessionRow,
    state: TableState,
    member: Member,
    cmd: Command,
    *,
    row: MemberRow | None = _LOOK_UP,
) -> tuple[str | None, Refusal | None]:
    """``(player, refusal)`` for ``member`` giving ``cmd`` at this table.

    ``player`` is the seat they hold (or ``None``; a name match is not a seat); ``refusal`` is why
    they may not give the command (with a seat offer when their name is a free seat's), else
    ``None``.  ``row`` is the member's row when the caller already read it (``None``: they have
    none); by default it is read here.  Raises nothing (store errors propagate).
    """
    if row is _LOOK_UP:
        row = await service.chats.member(session.id, member.user_id)
    player = player_of(state, row)
    privileged = member.is_admin or (row is not None and row.creator)
    if needs_admin(cmd, state) and not privileged:
        return player, Refusal(
            _("{name}: only the table's creator or a chat admin can do that.").format(name=member.display)
        )
    if cmd.kind in OWN_SEAT_KINDS and player is None:
        return player, await seat_first(
            service,
            session,
            state,
            member,
            _("{name}: 斬 and 唔斬 are answered by the debtor, from their own seat.").format(
                name=member.display
            ),
        )
    if cmd.kind not in OPEN_KINDS and player is None and not privileged:
        return player, await seat_first(service, session, state, member)
    return player, None


async def seat_first(
    service: Seats, session: SessionRow, state: TableState, member: Member, why: str | None = None
) -> Refusal:
    """The refusal of a member without a seat (``why``: a sentence put first): how to take one, with
    the seat offer when their name is a free seat's, or who holds the seat of their name."""
    rows = await service.chats.members(session.id)
    offer = seat_offer(state, member, rows)
    lines = [why] if why else []
    if offer is not None:
        seat = state.seat_wind(offer)
        lines.append(
            _(
                "{name}: take a seat first. If you are {player}, press the button "
                "(or say 坐 {seat}, /sit {seat})."
            ).format(name=member.display, player=offer, seat=seat)
        )
        return Refusal(" ".join(lines), (sit_button(session.id, state, offer, member),))
    lines.append(_("{name}: take a seat first, e.g. 坐 南 (or /sit 南).").format(name=member.display))
    match = name_match(state, member)
    holder = next((r for r in rows if match is not None and r.player == match), None)
    if holder is not None and holder.user_id != member.user_id:
        lines.append(_held_by(state, match or "", holder))
    return Refusal(" ".join(lines))


def _held_by(state: TableState, player: str, holder: MemberRow) -> str:
    return _(
        "{player}'s seat is held by {who}; only they or a chat admin can free it "
        "(離座 {seat}, /leave {seat})."
    ).format(player=player, who=holder.display, seat=state.seat_wind(player))


async def run_chat_command(
    service: Seats, chat: ChatRef, speaker: str, member: Member | None, cmd: ChatCommand
) -> Reply:
    """Carry out ``坐``/``/sit``, ``離座``/``/leave`` or ``/lang``; returns the reply (in the current
    locale)."""
    if cmd.kind == "lang":
        return Reply(await _lang(service, chat, cmd.arg))
    if cmd.kind == "currency":
        return Reply(await currency_reply(service, chat, member, cmd.arg))
    if cmd.kind == "leave":
        return Reply(await _leave(service, chat, member, cmd.arg))
    return await _sit(service, chat, member, cmd.arg)


async def _lang(service: Seats, chat: ChatRef, arg: str) -> str:
    if not arg:
        # the language this reply is in: the chat's, else (a private chat) the member's, else the default
        return _("Language: {language}. Change it with /lang en or /lang zh.").format(
            language={"en": _("English"), "zh_Hans": _("简体中文")}.get(current_locale(), _("中文"))
        )
    tag = arg.strip().lower()
    if tag in SIMPLIFIED_WORDS:
        await service.set_chat_locale(chat, "zh_Hans")
        with use_locale("zh_Hans"):
            return _("Language set: Simplified Chinese.")
    if not (tag.startswith(("en", "zh", "yue")) or tag in ("中文", "廣東話", "广东话", "粵語", "英文")):
        return _("I speak English (/lang en) and written Cantonese (/lang zh).")
    locale = "en" if tag.startswith("en") or tag == "英文" else normalize_locale("zh")
    assert locale in LOCALES
    await service.set_chat_locale(chat, locale)
    with use_locale(locale):
        return _("Language set: English.") if locale == "en" else _("Language set: written Cantonese.")


SIMPLIFIED_WORDS = frozenset(
    {"zh_hans", "zh-hans", "hans", "zh_cn", "zh-cn", "简体", "簡體", "简体中文", "簡體中文", "普通话"}
    | {"普通話"}
)
"""What ``/lang`` takes for Simplified Chinese (``zh_Hans``; compared lower-cased)."""


async def _table(service: Seats, chat: ChatRef) -> tuple[SessionRow, TableState] | str:
    """The chat's open session and its state, or the reply saying no table is open."""
    session = await service.store.open_session(chat)
    if session is None:
        return _("No table is open here. Start one with: 開枱 A B C D")
    _seq, state = await service.state_of(session)
    return session, state


async def _sit(service: Seats, chat: ChatRef, member: Member | None, arg: str) -> Reply:
    if member is None:
        return Reply(_("Seats are claimed in a group chat, where taipai knows who is speaking."))
    table = await _table(service, chat)
    if isinstance(table, str):
        return Reply(table)
    session, state = table
    if not arg:
        rows = await service.chats.members(session.id)
        mine = next((player_of(state, r) for r in rows if r.user_id == member.user_id), None)
        if mine is not None:
            return Reply(
                _("{who}: you sit as {player} ({seat}). 離座 (/leave) gives the seat up.").format(
                    who=member.display, player=mine, seat=state.seat_wind(mine)
                )
            )
        offer = seat_offer(state, member, rows)
        if offer is not None:
            return Reply(
                _("{who}: are you {player} ({seat})? Press the button to sit there.").format(
                    who=member.display, player=offer, seat=state.seat_wind(offer)
                ),
                (sit_button(session.id, state, offer, member),),
            )
        held = {r.player for r in rows}
        offers = zip(seat_buttons(session.id, state), state.names, strict=True)
        free = tuple(b for b, p in offers if p not in held)
        return Reply(_free_seats(state, rows), free)
    player = resolve_player(state, arg)
    if player is None:
        return Reply(
            _("{name} is not at this table. Players: {players}.").format(
                name=arg, players=players_line(state)
            )
        )
    if not _is_player_name(state, arg):
        # 坐 東 names the seat by its wind now, and the winds move with the deal: a member named
        # like a free seat's player who says the wind that seat had at 開枱 (Ann, once Bob deals,
        # saying 坐 東) is offered their own seat instead of being bound to another player's;
        # 坐 Bob, by name, still sits as Bob
        own = seat_offer(state, member, await service.chats.members(session.id))
        said = unicodedata.normalize("NFKC", arg).strip().removesuffix("家").removesuffix("位")
        if own is not None and own != player and said == OPENING_WINDS[state.names.index(own)]:
            return Reply(
                _("{who}: are you {player} ({seat})? Press the button to sit there.").format(
                    who=member.display, player=own, seat=state.seat_wind(own)
                ),
                (sit_button(session.id, state, own, member),),
            )
    _taken, text = await take_seat(service, session, state, member, player)
    return Reply(text)


OPENING_WINDS = "東南西北"
"""The seat winds in 開枱 order (the first named deals first and sits 東)."""


def _is_player_name(state: TableState, arg: str) -> bool:
    """Whether ``坐 <arg>`` names a player (``Bob``, ``@bob``, ``ｂｏｂ``) rather than a seat wind."""
    said = unicodedata.normalize("NFKC", arg).strip().removeprefix("@").casefold()
    return any(unicodedata.normalize("NFKC", n).casefold() == said for n in state.names)


def _free_seats(state: TableState, rows: list[MemberRow]) -> str:
    """``坐`` alone from a member with nothing to offer: how to sit, and the seats nobody holds."""
    ask = _("Say which seat: 坐 南 (a seat wind or a player's name).")
    held = {r.player for r in rows}
    free = [f"{state.seat_wind(p)} {p}" for p in state.names if p not in held]
    if not free:
        return ask + " " + _("Every seat is held; a chat admin frees one with 離座 南 (/leave 南).")
    return ask + " " + _("Free: {seats}.").format(seats=_(", ").join(free))


async def take_seat(
    service: Seats, session: SessionRow, state: TableState, member: Member, player: str
) -> tuple[bool, str]:
    """Bind ``player``'s seat to ``member`` (``坐``, or a seat offer pressed).

    Returns ``(True, reply)`` when the seat is theirs now, ``(False, reply)`` saying who holds it
    when another member does (nothing changed).  Raises nothing (store errors propagate)."""
    holder = await service.chats.claim_seat(session, member.user_id, member.display, player)
    if holder is not None:
        return False, _held_by(state, player, holder)
    shown = f"{member.display} (@{member.username})" if member.username else member.display
    seat = state.names.index(player)
    await SeatMemory(service.store).remember(session.chat, member.user_id, player, seat, shown)
    return True, _("{who} sits as {player} ({seat}).").format(
        who=member.display, player=player, seat=state.seat_wind(player)
    )


async def _leave(service: Seats, chat: ChatRef, member: Member | None, arg: str) -> str:
    """``離座`` gives up the member's own seat; ``離座 南`` frees 南's seat, for its holder or a chat
    admin (the creator too may only free their own: a seat is its holder's)."""
    if member is None:
        return _("Seats are claimed in a group chat, where taipai knows who is speaking.")
    table = await _table(service, chat)
    if isinstance(table, str):
        return table
    session, state = table
    rows = await service.chats.members(session.id)
    if arg:
        player = resolve_player(state, arg)
        if player is None:
            return _("{name} is not at this table. Players: {players}.").format(
                name=arg, players=players_line(state)
            )
    else:
        player = next((player_of(state, r) for r in rows if r.user_id == member.user_id), None)
        if player is None:
            return _("{who}: you hold no seat here. 坐 南 (/sit 南) takes one.").format(who=member.display)
    holder = next((r for r in rows if r.player == player), None)
    seat = state.seat_wind(player)
    if holder is None:
        return _("{player}'s seat ({seat}) is free: 坐 {seat} (/sit {seat}) takes it.").format(
            player=player, seat=seat
        )
    if holder.user_id != member.user_id and not member.is_admin:
        return _held_by(state, player, holder)
    freed = await service.chats.release_seat(session, player)
    if freed is not None:  # a seat left is not taken again next night
        await SeatMemory(service.store).forget(chat, freed.user_id)
    if freed is None:  # freed meanwhile by someone else
        return _("{player}'s seat ({seat}) is free: 坐 {seat} (/sit {seat}) takes it.").format(
            player=player, seat=seat
        )
    if freed.user_id == member.user_id:
        return _("{who} left {player}'s seat ({seat}); 坐 {seat} (/sit {seat}) takes it.").format(
            who=member.display, player=player, seat=seat
        )
    return _(
        "{who} freed {player}'s seat ({seat}), held by {holder}; 坐 {seat} (/sit {seat}) takes it."
    ).format(who=member.display, player=player, seat=seat, holder=freed.display)


async def note_creator(service: Seats, chat: ChatRef, member: Member, before: SessionRow | None) -> None:
    """After ``開枱``: when a new session was opened by this message, remember ``member`` as its creator."""
    session = await service.store.open_session(chat)
    if session is not None and (before is None or before.id != session.id):
        await service.chats.put_member(session.id, member.user_id, member.display, creator=True)


async def may_start_season(service: Seats, chat: ChatRef, speaker: str, member: Member | None) -> bool:
    """新賽季's right, decided as 埋數's is (:func:`needs_admin`): a chat admin, or whoever opened the
    chat's latest table (by user id: its ``members.creator`` row).  At the terminal (``member``
    ``None``) the ``speaker`` who opened the latest table, by name, as a rule change is decided
    there.  In a chat that never had a table only a chat admin has it."""
    latest = await service.store.latest_session(chat)
    if member is None:
        return latest is not None and speaker == latest.creator
    if member.is_admin:
        return True
    if latest is None:
        return False
    row = await service.chats.member(latest.id, member.user_id)
    return row is not None and row.creator
