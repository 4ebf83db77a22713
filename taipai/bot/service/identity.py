"""Who is speaking, where they sit, what they may do, and which language a chat reads (issue 5 §4, §5).

Players are seats with names (from ``開枱 A B C D``).  On a platform the adapter passes a
:class:`Member` (the platform's user id, display name, @username, whether they are a chat admin and
their client's language); the terminal passes none and is trusted (everyone at the terminal is the
same person).

- A member **claims a seat** with ``坐 南`` / ``/sit 南`` (a seat wind, a player name or @name, read
  with :func:`~taipai.bot.service.service.resolve_player`).  A member whose display name or
  @username is a player's name sits there without claiming.
- **Recording** (hands, draws, prizes, undo/redo, 斬/唔斬) needs a seat, or being the table's
  creator or a chat admin.  **Changing rules** (``/rules <option> <value>``), **ending the
  session** (埋數) and taking a 埋數 back (``撤銷`` after it; ``重做`` of it) need the creator or a
  chat admin.  Opening a table, 計數, /help, /history,
  /export and showing the rules are open to all.
- **Language**: ``/lang en`` / ``/lang zh`` (``語言 en``) stores the chat's language; a chat without
  one follows the speaker's client language, then the service default.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

from taipai.bot.i18n import LOCALES, _, normalize_locale, use_locale
from taipai.bot.store import ChatRef, SessionRow
from taipai.bot.store.chats import MemberRow

if TYPE_CHECKING:
    from taipai.bot.service.commands import Command
    from taipai.bot.service.service import Service
    from taipai.core.table import TableState

SIT_WORDS = ("坐", "坐位", "入座")
LANG_WORDS = ("語言", "语言")
_SLASH = re.compile(r"^/([A-Za-z_]+)(?:@\S+)?(?:\s+(.*))?$", re.S)

RECORD_KINDS = frozenset(
    {"win", "self_draw", "draw", "undo", "redo", "cut", "nocut", "false_win", "prize", "fly", "chase"}
)
"""Command kinds that change the table: need a seat, the creator or an admin."""


@dataclass(frozen=True, slots=True)
class Member:
    """The platform user behind a message, as the adapter knows them.

    Attributes:
        user_id: the platform's stable user id (as text).
        display: the display name (first + last name on Telegram, display name on Discord).
        username: the @username without ``@`` (``None`` when they have none).
        is_admin: an admin of this chat (the adapter asks the platform).
        language: the client's language code (``"en"``, ``"zh-hans"`` …) or ``None``.
    """

    user_id: str
    display: str
    username: str | None = None
    is_admin: bool = False
    language: str | None = None


@dataclass(frozen=True, slots=True)
class ChatCommand:
    """A command of this module: ``kind`` is ``sit`` or ``lang``; ``arg`` the word after it."""

    kind: str
    arg: str = ""


def parse_chat_command(text: str) -> ChatCommand | None:
    """``坐 南`` / ``/sit 南`` → ``sit``; ``/lang en`` / ``語言 zh`` → ``lang``; anything else ``None``."""
    raw = text.strip()
    if not raw:
        return None
    m = _SLASH.match(unicodedata.normalize("NFKC", raw))
    if m:
        name = m.group(1).lower()
        rest = raw.split(None, 1)[1].strip() if len(raw.split(None, 1)) == 2 else ""
        if name in ("sit", "seat"):
            return ChatCommand("sit", rest)
        if name in ("lang", "language"):
            return ChatCommand("lang", rest)
        return None
    words = raw.split()
    if words[0] in SIT_WORDS and len(words) <= 2:
        return ChatCommand("sit", words[1] if len(words) == 2 else "")
    if len(words) == 1 and len(raw) == 2 and raw[0] == "坐" and raw[1] in "東南西北":
        return ChatCommand("sit", raw[1])
    if words[0] in LANG_WORDS and len(words) <= 2:
        return ChatCommand("lang", words[1] if len(words) == 2 else "")
    return None


def player_of(state: TableState, member: Member, row: MemberRow | None) -> str | None:
    """The player ``member`` is at this table: their claimed seat, else the player whose name is
    their display name or @username; ``None`` when neither."""
    if row is not None and row.player in state.names:
        return row.player
    for name in (member.display, member.username):
        if name and name in state.names:
            return name
        if name:
            folded = [n for n in state.names if n.casefold() == name.casefold()]
            if len(folded) == 1:
                return folded[0]
    return None


def needs_admin(cmd: Command, state: TableState | None = None) -> bool:
    """True for the commands only the table's creator or a chat admin may give: 埋數, rule changes,
    and (given the table's ``state``) taking back or redoing a 埋數: ``撤銷`` of an ended table
    reopens it, ``重做`` of an undone 埋數 settles it again."""
    if cmd.kind == "settle" or (cmd.kind == "rules" and bool(getattr(cmd, "args", ()))):
        return True
    if state is None:
        return False
    from taipai.core.table import SessionEnded

    if cmd.kind == "undo" and state.ended:
        return True
    return cmd.kind == "redo" and bool(state.redo) and isinstance(state.redo[-1], SessionEnded)


_LOOK_UP = MemberRow(0, "", "", None, False)
"""``authorise``'s default ``row``: read the member row from the database."""


async def authorise(
    service: Service,
    session: SessionRow,
    state: TableState,
    member: Member,
    cmd: Command,
    *,
    row: MemberRow | None = _LOOK_UP,
) -> tuple[str | None, str | None]:
    """``(player, refusal)`` for ``member`` giving ``cmd`` at this table.

    ``player`` is the seat they speak for (or ``None``); ``refusal`` is the reply text when they may
    not give the command, else ``None``.  ``row`` is the member's row when the caller already read it
    (``None``: they have none); by default it is read here.
    """
    if row is _LOOK_UP:
        row = await service.chats.member(session.id, member.user_id)
    player = player_of(state, member, row)
    privileged = member.is_admin or (row is not None and row.creator)
    if needs_admin(cmd, state) and not privileged:
        return player, _("{name}: only the table's creator or a chat admin can do that.").format(
            name=member.display
        )
    if cmd.kind in RECORD_KINDS and player is None and not privileged:
        return player, _("{name}: take a seat first, e.g. 坐 南 (or /sit 南).").format(name=member.display)
    return player, None


async def run_chat_command(
    service: Service, chat: ChatRef, speaker: str, member: Member | None, cmd: ChatCommand
) -> str:
    """Carry out ``坐``/``/sit`` or ``/lang``; returns the reply text (in the current locale)."""
    if cmd.kind == "lang":
        return await _lang(service, chat, cmd.arg)
    return await _sit(service, chat, member, cmd.arg)


async def _lang(service: Service, chat: ChatRef, arg: str) -> str:
    if not arg:
        return _("Language: {language}. Change it with /lang en or /lang zh.").format(
            language=_("English")
            if (await service.chat_locale(chat) or service.locale) == "en"
            else _("中文")
        )
    tag = arg.strip().lower()
    if not (tag.startswith(("en", "zh", "yue")) or tag in ("中文", "廣東話", "广东话", "粵語", "英文")):
        return _("I speak English (/lang en) and written Cantonese (/lang zh).")
    locale = "en" if tag.startswith("en") or tag == "英文" else normalize_locale("zh")
    assert locale in LOCALES
    await service.set_chat_locale(chat, locale)
    with use_locale(locale):
        return _("Language set: English.") if locale == "en" else _("Language set: written Cantonese.")


async def _sit(service: Service, chat: ChatRef, member: Member | None, arg: str) -> str:
    from taipai.bot.service.render import players_line
    from taipai.bot.service.service import resolve_player

    if member is None:
        return _("Seats are claimed in a group chat, where taipai knows who is speaking.")
    session = await service.store.open_session(chat)
    if session is None:
        return _("No table is open here. Start one with: 開枱 A B C D")
    _seq, state = await service.state_of(session)
    if not arg:
        return _("Say which seat: 坐 南 (a seat wind or a player's name).")
    player = resolve_player(state, arg)
    if player is None:
        return _("{name} is not at this table. Players: {players}.").format(
            name=arg, players=players_line(state)
        )
    for row in await service.chats.members(session.id):
        if row.player == player and row.user_id != member.user_id:
            return _("{player} is already taken by {who}.").format(player=player, who=row.display)
    await service.chats.put_member(session.id, member.user_id, member.display, player=player, set_player=True)
    return _("{who} sits as {player} ({seat}).").format(
        who=member.display, player=player, seat=state.seat_wind(player)
    )


async def note_creator(service: Service, chat: ChatRef, member: Member, before: SessionRow | None) -> None:
    """After ``開枱``: when a new session was opened by this message, remember ``member`` as its creator."""
    session = await service.store.open_session(chat)
    if session is not None and (before is None or before.id != session.id):
        await service.chats.put_member(session.id, member.user_id, member.display, creator=True)
