"""The platform-neutral service: ``(chat, speaker, text, message id) -> replies`` (DESIGN §1 ``service``).

Every adapter (terminal, Telegram, Discord) calls :meth:`Service.handle` and posts the replies.  The
order of work for a message that changes the table:

1. parse the command (:mod:`.commands`); ordinary talk gets no reply;
2. rebuild the chat's table state from its event log (cached per session by last ``seq``);
3. build the event (reading hands with the core's notation and scoring) and validate it with
   :func:`taipai.core.table.apply`;
4. store it, one transaction, as event ``seq + 1`` (a message id booked before is silently ignored;
   a concurrent writer makes us re-read and retry);
5. answer from the transition (payments, 拉 moves, 斬拉 offers, next dealer).

Bad input gets a reply saying what is wrong and what would be right, and nothing is stored.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import hashlib
import logging
import re
import threading
import unicodedata
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from taipai.bot.i18n import DEFAULT_LOCALE, normalize_locale, use_locale
from taipai.bot.service import buttons as _buttons
from taipai.bot.service import identity, implied, render
from taipai.bot.service.commands import (
    DEAL_IN_WORDS,
    FLY_WORDS,
    NOT_EXPOSED_KONG_WORDS,
    SELF_DRAW_WORDS,
    WIN_WORDS,
    Command,
    CommandError,
    Leg,
    _cn_number,
    drop_trailing_emoji,
    has_control,
    normalize_name,
    one_tile,
    parse_command,
    read_count,
)
from taipai.bot.service.export import session_csv
from taipai.bot.service.hands import SCORING, ReadHand, read_hand
from taipai.bot.service.lru import ChatLocks, LRUDict
from taipai.bot.store import ChatRef, DuplicateMessage, SeqConflict, SessionAlreadyOpen, SessionRow, Store
from taipai.bot.store.chats import ChatData, ChatView
from taipai.bot.store.health import describe as describe_database_error
from taipai.bot.store.health import is_database_error
from taipai.bot.store.schema import ENDED
from taipai.core.errors import HandError
from taipai.core.notation import parse_hand
from taipai.core.settle import settle_transfers
from taipai.core.table import (
    PRIZES,
    WINDS,
    CashPrize,
    CutChain,
    Draw,
    Event,
    FalseWin,
    FlyTile,
    Redo,
    RuleChanged,
    SelfDraw,
    SessionEnded,
    TableError,
    TableOpened,
    TableOptions,
    TableState,
    Transition,
    Undo,
    WinByDiscard,
    WinLeg,
    apply,
    event_from_dict,
)
from taipai.core.table.options import CUT_MODES, LA_BREAKS, LA_MODES, LA_ON_DRAW, MULTI_WIN_DEAL
from taipai.core.table.state import WINDS as SEAT_WINDS

MAX_RETRIES = 5


@dataclass(frozen=True, slots=True)
class Button:
    """A button under a reply (Telegram inline keyboard, Discord view); ``data`` is stateless ids."""

    label: str
    data: str


@dataclass(frozen=True, slots=True)
class Document:
    """A file to send with a reply (``/export``): ``filename`` and its bytes (UTF-8 CSV)."""

    filename: str
    content: bytes


@dataclass(frozen=True, slots=True)
class Reply:
    """One message the bot posts: ``text`` (may span lines), optional ``buttons`` and ``document``.

    The terminal shows only ``text`` (for ``/export`` it names the file written); a platform adapter
    may send ``document`` as a file instead.
    """

    text: str
    buttons: tuple[Button, ...] = ()
    document: Document | None = None


log = logging.getLogger(__name__)

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _unless_the_database_fails(
    answer: Callable[[str], _R],
) -> Callable[[Callable[_P, Awaitable[_R]]], Callable[_P, Awaitable[_R]]]:
    """Decorate a :class:`Service` entry point ``(self, chat, …, locale=, member=)``: when the database
    fails (:func:`~taipai.bot.store.health.is_database_error`: the file gone or damaged, the server
    down) the caller gets ``answer(text)`` saying, in the chat's language, that nothing was booked,
    instead of an exception; nothing half-written stays, as every write is one transaction."""

    def wrap(method: Callable[_P, Awaitable[_R]]) -> Callable[_P, Awaitable[_R]]:
        @functools.wraps(method)
        async def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
            try:
                return await method(*args, **kwargs)
            except Exception as exc:
                if not is_database_error(exc):
                    raise
                service, chat = args[0], args[1]
                assert isinstance(service, Service) and isinstance(chat, ChatRef)
                reason = describe_database_error(exc)
                log.warning("%s:%s: the database is unavailable: %s", chat.platform, chat.chat_id, reason)
                locale = kwargs.get("locale")
                member = kwargs.get("member")
                with use_locale(service.offline_locale(chat, locale, member)):  # type: ignore[arg-type]
                    return answer(render.database_unavailable())

        return run

    return wrap


def _pressed(text: str) -> _buttons.Pressed:
    return _buttons.Pressed(notice=text)


def _replies(text: str) -> list[Reply]:
    return [Reply(text)]


_RECORD_VERBS = (*SELF_DRAW_WORDS, *WIN_WORDS, *DEAL_IN_WORDS, *FLY_WORDS)
"""The verbs of a record that :meth:`Service._missing` can say is missing a part."""

def _bare_hand(text: str) -> bool | None:
    """Whether ``text`` is a whole hand with its winning tile and nothing else (``一二三萬 … 食 東``):
    True when self-drawn (``摸 東``), False when won on a discard, ``None`` when it is not a hand."""
    if not any(word in text for word in _WINNING_TILE_WORDS):
        return None
    try:
        spec = parse_hand(text)
    except HandError:
        return None
    return spec.self_drawn if spec.winning_tile is not None or spec.winning_wild is not None else None


_WINNING_TILE_WORDS = ("食", "摸")
"""The words before a hand's winning tile (DESIGN §4: 食 X / 摸 X / 自摸 X)."""

MULTIPLE_WINNERS_WORDS: dict[int, tuple[str, ...]] = {2: ("雙響",), 3: ("三響",)}
"""The context word a typed hand gets when it is one of 2 or 3 wins on one discard."""


class _Refused(Exception):
    """Internal: answer with this text (and these buttons) and store nothing."""

    def __init__(self, text: str, buttons: tuple[Button, ...] = ()) -> None:
        super().__init__(text)
        self.text = text
        self.buttons = buttons


class _Ignore(Exception):
    """Internal: the message was not for us after all; no reply."""


STATE_CACHE = 1024
"""Sessions whose table state is kept in memory (least recently used; others are replayed on use)."""
STATE_CACHE_EVENTS = 20_000
"""The most events the cached table states hold together: a state costs about 1.3-2 KB per event for
sessions of up to 200 events (more per event beyond, as each event keeps the state before it), so
this bounds the cache near 25-40 MB however long the sessions grow."""
LOCK_CACHE = 1024
"""Per-chat locks kept while unused (a lock in use is never dropped)."""
LOCALE_CACHE = 8192
"""Chats whose ``/lang`` choice is kept in memory."""


@dataclass(slots=True)
class _Cached:
    seq: int
    state: TableState


def _events_held(cached: _Cached) -> int:
    """The weight of a cached state in :attr:`Service._cache`: the events it was built from."""
    return cached.seq


class Service:
    """Understands chat messages and keeps each chat's table in the event store.

    Args:
        store: an open :class:`~taipai.bot.store.Store`.
        locale: the default reply language (``zh_Hant_HK`` or ``en``); ``handle`` may override it.
        rules: a loaded rule set for hand messages, or ``None`` to load ``rules_name`` on first use.
        rules_name: preset name or TOML path for :func:`taipai.core.rules.load_rules`.
        options: table options for new tables (default :class:`TableOptions` defaults).
        export_dir: the folder ``/export`` writes CSV files to (implies ``export_files``).
        export_files: write ``/export`` files (the terminal: the user's own machine) to ``export_dir``,
            default beside the SQLite database, else the current directory, and name the path in the
            reply.  Off (the bots): the CSV is built in memory and only sent with the reply as its
            :class:`Document`; nothing is written on the server.
    """

    def __init__(
        self,
        store: Store,
        *,
        locale: str = DEFAULT_LOCALE,
        rules: Any = None,
        rules_name: str = "hk-taiwan",
        options: TableOptions | None = None,
        rules_loader: Callable[[str], Any] | None = None,
        export_dir: str | Path | None = None,
        export_files: bool = False,
    ) -> None:
        self.store = store
        self.locale = locale
        self._rules = rules
        self._rules_name = rules_name
        self._rules_loader = rules_loader
        self._options = options or TableOptions()
        # Bounded (least recently used): a chat seen once must not cost memory for ever.
        self._cache: LRUDict[int, _Cached] = LRUDict(
            STATE_CACHE, weight=_events_held, max_weight=STATE_CACHE_EVENTS
        )
        self._locks = ChatLocks(LOCK_CACHE)
        self._export_dir = Path(export_dir) if export_dir is not None else None
        self._export_files = export_files
        self.chats = ChatData(store)
        self._chat_locales: LRUDict[ChatRef, str | None] = LRUDict(LOCALE_CACHE)
        self._rules_lock = threading.Lock()

    # ------------------------------------------------------------------------------- entry point
    @_unless_the_database_fails(_replies)
    async def handle(
        self,
        chat: ChatRef,
        speaker: str,
        text: str,
        message_id: str | None = None,
        *,
        locale: str | None = None,
        member: identity.Member | None = None,
    ) -> list[Reply]:
        """Handle one chat message; return the replies to post (``[]`` for ordinary talk).

        Args:
            chat: where it was said.  speaker: the sender's display name (recorded with the event).
            text: the message.  message_id: the platform's id for it; a message id booked before is
                ignored (``[]``), so a message delivered twice is booked once.  ``None`` (terminal
                lines) never deduplicates.
            locale: reply language for this message when the chat has set none with ``/lang``
                (default: ``member.language``, then the service's).
            member: who said it on a platform (:class:`~taipai.bot.service.identity.Member`): enables
                seats (``坐 南``) and permissions; ``None`` (terminal) trusts every speaker.

        Raises nothing for bad input (that is a reply), nor when the database fails (the reply says
        nothing was booked: :mod:`taipai.bot.store.health`); other store errors propagate.
        """
        speaker = clean_speaker(speaker)
        text = clean_text(text)
        if member is not None and clean_speaker(member.display) != member.display:
            member = dataclasses.replace(member, display=clean_speaker(member.display))
        async with self._lock(chat):  # one message of a chat at a time, in the order they came
            with use_locale(await self.locale_for(chat, locale, member)):
                own = identity.parse_chat_command(text)
                if own is not None:
                    return [await identity.run_chat_command(self, chat, speaker, member, own)]
                try:
                    cmd = parse_command(text)
                except CommandError as err:
                    try:
                        cmd = await self._implied(chat, speaker, text, err, member=member)
                    except CommandError as implied_err:  # e.g. a count that is too large
                        return [Reply(render.command_error(implied_err))]
                    if cmd is None and err.code == "no_hand":  # 「B 自摸」, 「B 食 A」: say what is missing
                        cmd = await self._missing(chat, speaker, text, member)
                    if cmd is None:
                        return [Reply(render.command_error(err))]
                if cmd is None:
                    try:
                        cmd = await self._implied(chat, speaker, text, member=member)
                    except CommandError as err:  # e.g. a count said alone that is too large
                        return [Reply(render.command_error(err))]
                if cmd is None:  # 「自摸」, 「B 食」, 「B 飛」 by the table: a record missing a part
                    cmd = await self._missing(chat, speaker, text, member)
                if isinstance(cmd, Reply):
                    return [cmd]
                if cmd is None:
                    return []
                if cmd.kind == "help":
                    return [Reply(render.help_text())]
                user_id = member.user_id if member is not None else None
                for _attempt in range(MAX_RETRIES):
                    # One statement: booked before?, the open session, its last seq, the speaker's
                    # seat.  Read again after a conflict: the other writer may have booked this very
                    # message, and the cached state catches up from the new last seq.
                    view = await self.chats.view(chat, message_id, user_id)
                    if view.booked:
                        return []
                    try:
                        if member is not None:
                            return await self._run_as(chat, member, text, message_id, cmd, view)
                        return await self._run(chat, speaker, text, message_id, cmd, view)
                    except _Refused as refused:
                        return [Reply(refused.text, refused.buttons)]
                    except _Ignore:
                        return []
                    except DuplicateMessage:
                        return []
                    except SeqConflict:
                        continue  # another writer got there first: read the chat again
                raise SeqConflict(f"could not append to {chat} after {MAX_RETRIES} tries")

    @_unless_the_database_fails(_pressed)
    async def press(
        self,
        chat: ChatRef,
        speaker: str,
        data: str,
        *,
        member: identity.Member | None = None,
        locale: str | None = None,
    ) -> _buttons.Pressed:
        """Handle a button press with callback ``data`` (see :mod:`.buttons`): same rules as the text
        command it stands for.  Returns replies for the chat and a notice for the presser alone."""
        with use_locale(await self.locale_for(chat, locale, member)):
            return await _buttons.press(self, chat, speaker, data, member)

    @_unless_the_database_fails(_replies)
    async def edit(
        self,
        chat: ChatRef,
        speaker: str,
        message_id: str,
        new_text: str,
        *,
        member: identity.Member | None = None,
        locale: str | None = None,
    ) -> list[Reply]:
        """An edited message: a booked hand is re-read and the difference shown with a confirm
        button (nothing is booked until pressed); a message never booked is read as new."""
        with use_locale(await self.locale_for(chat, locale, member)):
            return await _buttons.edit(
                self, chat, clean_speaker(speaker), message_id, clean_text(new_text), member
            )

    def offline_locale(self, chat: ChatRef, locale: str | None, member: identity.Member | None) -> str:
        """:meth:`locale_for` without the database (it failed): the chat's ``/lang`` if cached."""
        chosen = self._chat_locales.get(chat)
        if chosen:
            return chosen
        if locale:
            return locale
        if member is not None and member.language and member.language.lower().startswith(("en", "zh", "yue")):
            return normalize_locale(member.language.lower())
        return self.locale

    async def chat_locale(self, chat: ChatRef) -> str | None:
        """The language the chat chose with ``/lang`` (cached), or ``None``."""
        if chat not in self._chat_locales:
            self._chat_locales[chat] = (await self.chats.chat_settings(chat))[0]
        return self._chat_locales[chat]

    async def set_chat_locale(self, chat: ChatRef, locale: str) -> None:
        """Store the chat's language (``/lang``)."""
        await self.chats.set_chat(chat, locale=locale)
        self._chat_locales[chat] = locale

    async def locale_for(self, chat: ChatRef, locale: str | None, member: identity.Member | None) -> str:
        """Reply language: the chat's ``/lang``, else ``locale``, else the member's client language
        (when it is one taipai speaks), else the service default."""
        chosen = await self.chat_locale(chat)
        if chosen:
            return chosen
        if locale:
            return locale
        if member is not None and member.language:
            tag = member.language.lower()
            if tag.startswith(("en", "zh", "yue")):
                return normalize_locale(tag)
        return self.locale

    async def _implied(
        self,
        chat: ChatRef,
        speaker: str,
        text: str,
        err: CommandError | None = None,
        *,
        member: identity.Member | None = None,
    ) -> Command | Reply | None:
        """A win message that :func:`parse_command` could not read (``None``) or refused (``err``),
        read against the open table's names (:mod:`.implied`): the speaker as the winner
        (``自摸 12番``, ``食 A 12番``), names run together (``B自摸12番``); a count said alone
        (``12番``) gets a hint.  ``None`` when it is not that either.  On a platform "the speaker"
        is the seat ``member`` holds, never a player their name matches (:meth:`_me`)."""
        if err is not None and err.code not in ("no_hand", "win_usage", "self_draw_usage"):
            return None
        text = drop_trailing_emoji(text)  # 「自摸 12番 😂」 is 自摸 12番, as parse_command reads it
        session = await self.store.open_session(chat)
        if session is None:
            return None
        _seq, state = await self.state_of(session)
        me = await self._me(session, state, speaker, member)
        # players are named by name or by seat wind (食 東 12番), as in the spaced form
        try:
            spelled = implied.spell_out(text, (*state.names, *SEAT_WINDS), me)
        except implied.AmbiguousName as unclear:
            return Reply(render.ambiguous_name(unclear.names))
        if spelled is None and me is None and member is not None and _said_as_oneself(text, state):
            refusal = await identity.seat_first(self, session, state, member)  # 「自摸 12番」 without a seat
            return Reply(refusal.text, refusal.buttons)
        if spelled is not None:
            try:
                return parse_command(spelled)
            except CommandError as err_spelled:
                if err_spelled.code in ("count_too_large", "bad_count"):
                    raise  # a win after all, with a count that cannot be booked: say so
                return None
        count = implied.count_alone(text, state.names) if me is not None and err is None else None
        if count is None:
            return None
        names = list(state.names)
        return Reply(render.which_win(me, names[(names.index(me) + 1) % len(names)], count))

    async def _me(
        self, session: SessionRow, state: TableState, speaker: str, member: identity.Member | None
    ) -> str | None:
        """The player who says "I" (``自摸 12番``): the terminal's ``speaker`` by name; a platform
        ``member``'s held seat only (a display name equal to a player's is not that player)."""
        if member is None:
            return resolve_player(state, speaker)
        return identity.player_of(state, await self.chats.member(session.id, member.user_id))

    async def _missing(
        self, chat: ChatRef, speaker: str, text: str, member: identity.Member | None = None
    ) -> Reply | None:
        """A message that clearly tries to record a win or a 飛 at the open table (a verb and a seated
        player, :func:`implied.missing_part`) but lacks the count, the discarder or the tile: a reply
        saying what is missing, with the right form.  ``None`` (no reply) for anything else."""
        bare = _bare_hand(text)
        if bare is None and not any(verb in text for verb in _RECORD_VERBS):
            return None  # most talk: no database read
        session = await self.store.open_session(chat)
        if session is None:
            return None
        _seq, state = await self.state_of(session)
        me = await self._me(session, state, speaker, member)
        if bare is not None:  # 「一二三萬 … 食 東」 by a seated player: whose win, on whose discard?
            if me is None:
                return None
            names = list(state.names)
            return Reply(render.bare_hand(me, names[(names.index(me) + 1) % len(names)], text, bare))
        try:
            found = implied.missing_part(drop_trailing_emoji(text), state.names, SEAT_WINDS, me)
        except implied.AmbiguousName:
            return None
        if found is None:
            return None
        player = resolve_player(state, found.player)
        other = resolve_player(state, found.other) if found.other else None
        if player is None or (found.other and other in (None, player)):
            return None  # 「B 食 B」 gets the usual reply
        names = list(state.names)
        example = other or names[(names.index(player) + 1) % len(names)]
        return Reply(render.missing_part(found.kind, player, example))

    async def _run_as(
        self,
        chat: ChatRef,
        member: identity.Member,
        text: str,
        message_id: str | None,
        cmd: Command,
        view: ChatView | None = None,
    ) -> list[Reply]:
        """``_run`` for a platform member: seat and permission checks first (:mod:`.identity`).

        ``view`` is the chat as read for this message (``None``: read it here)."""
        if view is None:
            view = await self.chats.view(chat, None, member.user_id)
        session = view.session
        if cmd.kind == "open":
            replies = await self._run(chat, member.display, text, message_id, cmd, view)
            await identity.note_creator(self, chat, member, session)
            return replies
        speaker = member.display
        if session is None and cmd.kind == "undo":
            settled = await self._settled(chat)
            if settled is not None:  # undoing 埋數 needs the right to settle (identity.needs_admin)
                ended, _seq, state = settled
                player, refusal = await identity.authorise(self, ended, state, member, cmd)
                if refusal is not None:
                    raise _Refused(refusal.text, refusal.buttons)
                speaker = player or member.display
        if session is not None:
            _seq, state = await self.state_of(session, last_seq=view.last_seq)
            player, refusal = await identity.authorise(self, session, state, member, cmd, row=view.member)
            if refusal is not None:
                talk = not cmd.slash and cmd.kind in ("win", "self_draw") and not _all_counts(cmd.legs)
                if talk and not any(resolve_player(state, x.winner) for x in cmd.legs):
                    raise _Ignore  # talk, not a hand
                raise _Refused(refusal.text, refusal.buttons)
            speaker = player or member.display
        return await self._run(chat, speaker, text, message_id, cmd, view, authorised=True)

    # ------------------------------------------------------------------------------- state
    async def state_of(self, session: SessionRow, *, last_seq: int | None = None) -> tuple[int, TableState]:
        """``(last seq, state)`` of a session, replaying only the events not yet cached.

        ``last_seq``: the session's last seq as just read from the database (a :class:`ChatView`);
        when the cached state is at that seq it is current and nothing is read.  Without it the
        events after the cached seq are read.  Raises ``RuntimeError`` for a session without events.
        """
        cached = self._cache.get(session.id)
        if cached is not None and last_seq is not None and cached.seq > last_seq:
            cached = None  # the database is behind the cache (it was replaced): replay it all
        seq, state = (cached.seq, cached.state) if cached else (0, None)
        if cached is not None and cached.seq == last_seq:
            return seq, cached.state
        for row in await self.store.events(session.id, after_seq=seq):
            # a stored event replays as booked (strict=False): rules added since then do not refuse it
            state = apply(state, event_from_dict(row.payload), strict=False).state
            seq = row.seq
        if state is None:
            raise RuntimeError(f"session {session.id} has no events")
        self._cache[session.id] = _Cached(seq, state)
        return seq, state

    def _lock(self, chat: ChatRef) -> AbstractAsyncContextManager[None]:
        """``async with self._lock(chat):`` one message of ``chat`` at a time (:class:`ChatLocks`)."""
        return self._locks.hold(chat)

    def _rules_for_hands(self) -> Any:
        """The rule set for hand messages, loaded on first use (from worker threads: once)."""
        with self._rules_lock:
            return self._load_rules()

    def _load_rules(self) -> Any:
        if self._rules is None:
            loader = self._rules_loader
            if loader is None:
                try:
                    from taipai.core.rules import load_rules as loader
                except ImportError:  # pragma: no cover - before the scoring core lands
                    return None
            self._rules = loader(self._rules_name)
        return self._rules

    # ------------------------------------------------------------------------------- commands
    async def _run(
        self,
        chat: ChatRef,
        speaker: str,
        text: str,
        message_id: str | None,
        cmd: Command,
        view: ChatView | None = None,
        *,
        authorised: bool = False,
    ) -> list[Reply]:
        """Carry out ``cmd`` for ``speaker``: book its event and return the replies.

        ``view`` is the chat as read for this message (``None``: read the open session here).
        ``authorised``: a platform member's rights were checked by user id (:meth:`_run_as`); else
        (the terminal) only the table's creator, by name, changes its rules.
        Raises ``_Refused``/``_Ignore`` (answered by :meth:`handle`), :class:`SeqConflict` and
        :class:`DuplicateMessage` (from the store)."""
        session = view.session if view is not None else await self.store.open_session(chat)
        last_seq = view.last_seq if view is not None else None
        if cmd.kind == "open":
            return await self._open(chat, speaker, text, message_id, cmd, session)
        if cmd.kind in ("history", "export"):
            return await self._read_only(chat, cmd, session)
        if session is None:
            if cmd.kind in ("undo", "score"):
                settled = await self._settled(chat)
                if settled is not None and cmd.kind == "undo":
                    return await self._reopen(speaker, text, message_id, *settled)
                if settled is not None:  # 計數 after 埋數: the final result, and how to take it back
                    ended = settled[2]
                    if _cancelled(ended):
                        return [Reply(render.no_table_cancelled(ended))]
                    lines = [render.no_table_settled(), *render.settled(ended, _transfers(ended))]
                    return [Reply("\n".join(lines))]
            if not cmd.slash and cmd.loose:
                raise _Ignore
            if not cmd.slash and cmd.kind in ("win", "self_draw") and not _all_counts(cmd.legs):
                raise _Ignore
            if cmd.kind in ("settle", "undo", "redo"):
                latest = await self.store.latest_session(chat)
                if latest is not None and latest.status == "ended":
                    raise _Refused(render.already_settled())
            raise _Refused(render.no_table())
        seq, state = await self.state_of(session, last_seq=last_seq)
        if cmd.kind == "score":
            return [Reply("\n".join(render.scoreboard(state)))]
        if cmd.kind == "chains":
            return [Reply("\n".join(render.chains(state)))]
        if cmd.kind == "rules" and not cmd.args:
            return [Reply("\n".join(render.rules(state)))]

        detail: dict[str, Any] | None = None
        reads: list[ReadHand] = []
        event: Event
        if cmd.kind == "win":
            event, reads = await self._win_event(state, cmd, text)
            detail = {"legs": [r.detail() for r in reads]}
        elif cmd.kind == "self_draw":
            event, read = await self._self_draw_event(state, cmd, text)
            reads = [read]
            detail = read.detail()
        elif cmd.kind == "draw":
            event = Draw()
        elif cmd.kind == "undo":
            # 撤銷 right after 開枱 (nothing played, nothing to undo in the core): cancel the table, booked
            # as its 埋數 so that a second 撤銷 brings it back like any settlement
            if _only_opened(state) and any(not isinstance(e, RuleChanged) for e in state.redo):
                raise _Refused(render.nothing_more_to_undo(state.redo[-1], state))
            event = SessionEnded() if _only_opened(state) else Undo(by=speaker)
        elif cmd.kind == "redo":
            event = Redo(by=speaker)
        elif cmd.kind in ("cut", "nocut"):
            event = self._cut_event(state, speaker, cmd)
        elif cmd.kind == "settle":
            event = SessionEnded()
        elif cmd.kind == "false_win":
            event = FalseWin(player=self._someone(state, cmd.player, cmd))
        elif cmd.kind == "prize":
            event = self._prize_event(state, cmd)
        elif cmd.kind == "fly":
            event = FlyTile(player=self._someone(state, cmd.player, cmd), tile=_one_tile(cmd.tile))
        elif cmd.kind == "rules":
            if not authorised and speaker != session.creator:
                raise _Refused(render.rules_creator_only(session.creator))
            event = _rule_event(state, cmd.args)
        else:  # pragma: no cover - every parsed kind is handled above
            raise _Ignore

        t = _apply(state, event)
        # The reply is made before the event is stored: a reply that cannot be made stores nothing.
        if cmd.kind == "undo" and isinstance(event, SessionEnded):
            replies = [Reply(render.cancelled(speaker, state))]
        else:
            replies = self._replies(session, seq, state, event, t, reads, speaker)
        await self.store.append_event(
            session,
            seq + 1,
            speaker=speaker,
            kind=event.kind,
            payload=event.to_dict(),
            source_message_id=message_id,
            source_text=text,
            detail=detail,
            end_session=t.state.ended,  # 埋數, a cancelled table, or 重做 of an undone 埋數
            replies=replies,  # stored with the event when an inbox row is being handled
        )
        if t.state.ended:
            self._cache.pop(session.id, None)
        else:
            self._cache[session.id] = _Cached(seq + 1, t.state)
        return replies

    @staticmethod
    def _replies(
        session: SessionRow,
        seq: int,
        state: TableState,
        event: Event,
        t: Transition,
        reads: list[ReadHand],
        speaker: str,
    ) -> list[Reply]:
        """The replies to ``event`` (booked as ``seq + 1``) moving ``state`` by ``t``."""
        lines: list[str]
        if isinstance(event, WinByDiscard):
            lines = render.win(state, event, reads)
        elif isinstance(event, SelfDraw):
            lines = render.self_draw(state, event, reads[0])
        elif isinstance(event, Draw) or (isinstance(event, CutChain) and not event.accept):
            lines = render.event_lines(t.state, event, before=state)
        elif isinstance(event, Undo):
            lines = render.undone(speaker, state, t.state)
        elif isinstance(event, Redo) and t.state.ended:  # 重做 of an undone 埋數: settled again
            settle = [*render.moves(t.state, t.moves), *render.settled(t.state, _transfers(t.state))]
            return [Reply("\n".join([render.redone(speaker, t.state.history[-1].event, state), *settle]))]
        elif isinstance(event, Redo):
            lines = [render.redone(speaker, t.state.history[-1].event, state)]
        elif isinstance(event, SessionEnded):
            return [
                Reply(
                    "\n".join(
                        [*render.moves(t.state, t.moves), *render.settled(t.state, _transfers(t.state))]
                    )
                )
            ]
        elif isinstance(event, FalseWin | CashPrize | FlyTile | RuleChanged):
            return [Reply("\n".join(render.table_event(t.state, event, t.payments, state)))]
        else:  # an accepted 斬: its chain move line (斬拉: …) says it all
            lines = []
        if isinstance(event, WinByDiscard | SelfDraw | Draw):
            lines += render.lapsed(state, t.state)
        lines += render.moves(t.state, t.moves, state)
        lines += render.payments(t.state, t.payments)
        lines += render.offers(t.state, t.offers)
        if not isinstance(event, CutChain):
            lines.append(render.next_hand(t.state))
        return [Reply("\n".join(lines), _buttons.after_event(session.id, seq + 1, event, t))]

    async def _settled(self, chat: ChatRef) -> tuple[SessionRow, int, TableState] | None:
        """The chat's latest session when it has ended (埋數): ``(session, last seq, state)``; ``None``
        when the chat never had a table or its latest one is open."""
        latest = await self.store.latest_session(chat)
        if latest is None or latest.status != ENDED:
            return None
        seq, state = await self.state_of(latest)
        return (latest, seq, state) if state.ended else None

    async def _reopen(
        self,
        speaker: str,
        text: str,
        message_id: str | None,
        session: SessionRow,
        seq: int,
        state: TableState,
    ) -> list[Reply]:
        """撤銷 after 埋數: book ``Undo`` as event ``seq + 1`` of the ended ``session`` and reopen it, in
        one transaction (:meth:`Store.reopen_session`).  The core gives back the state before the 埋數
        (balances, dealer and the 拉 chains it settled).

        Raises ``_Refused`` when a new table was opened in the chat meanwhile (the old one stays
        settled), and :class:`DuplicateMessage` / :class:`SeqConflict` from the store."""
        event = Undo(by=speaker)
        t = _apply(state, event)
        lines = [render.reopened(speaker, t.state), *render.scoreboard(t.state)]
        replies = [Reply("\n".join(lines))]
        try:
            await self.store.reopen_session(
                session,
                seq + 1,
                speaker=speaker,
                kind=event.kind,
                payload=event.to_dict(),
                source_message_id=message_id,
                source_text=text,
                replies=replies,
            )
        except SessionAlreadyOpen as exc:
            raise _Refused(render.reopen_refused()) from exc
        self._cache[session.id] = _Cached(seq + 1, t.state)
        return replies

    async def _read_only(self, chat: ChatRef, cmd: Command, session: SessionRow | None) -> list[Reply]:
        """``/history`` and ``/export`` of the open session, else of the chat's latest (ended) one."""
        if session is None:
            session = await self.store.latest_session(chat)
            if session is None:
                raise _Refused(render.no_table())
        _seq, state = await self.state_of(session)
        if cmd.kind == "history":
            return [_buttons.history_reply(chat, session.id, state)]
        name = export_name(self.store, chat, session.id)
        data = session_csv(state).encode("utf-8")
        document = Document(name, data)
        if not (self._export_files or self._export_dir is not None):
            return [Reply(render.exported_document(name, len(state.history)), document=document)]
        path = (self._export_dir or _default_export_dir(self.store)) / name
        try:
            await asyncio.to_thread(_write_file, path, data)
        except OSError as exc:  # a folder that cannot be made or written (--export-dir /proc/x)
            raise _Refused(render.export_not_written(str(path.parent), exc.strerror or str(exc))) from exc
        return [Reply(render.exported(str(path), len(state.history)), document=document)]

    def _someone(self, state: TableState, name: str, cmd: Command) -> str:
        """The seated player ``name`` names; ordinary talk is ignored, a wrong name is refused."""
        found = resolve_player(state, name)
        if found is None:
            if cmd.loose and not cmd.slash:
                raise _Ignore  # 「佢 飛 咗」, 「我 追 你」: talk, not a command
            raise _Refused(render.unknown_player(name, state))
        return found

    def _prize_event(self, state: TableState, cmd: Command) -> CashPrize:
        """A 現金獎: the player named (the dealer for a dice prize said alone), and who is paid."""
        player = self._someone(state, cmd.player, cmd) if cmd.player else state.dealer
        other = self._someone(state, cmd.other, cmd) if cmd.other else None
        return CashPrize(prize=cmd.prize, player=player, other=other)

    async def _open(
        self,
        chat: ChatRef,
        speaker: str,
        text: str,
        message_id: str | None,
        cmd: Command,
        session: SessionRow | None,
    ) -> list[Reply]:
        if session is not None:
            _seq, state = await self.state_of(session)
            raise _Refused(render.already_open(state))
        event = TableOpened(players=cmd.players, options=self._options)  # type: ignore[arg-type]
        t = _apply(None, event)
        replies = [Reply(render.opened(t.state) + "\n" + render.next_hand(t.state))]
        try:
            new, _row = await self.store.create_session(
                chat,
                creator=speaker,
                kind=event.kind,
                payload=event.to_dict(),
                source_message_id=message_id,
                source_text=text,
                replies=replies,
            )
        except SessionAlreadyOpen as exc:
            raise _Refused(render.already_open(None)) from exc
        self._cache[new.id] = _Cached(1, t.state)
        return replies

    def _player(self, state: TableState, name: str, cmd: Command, legs: tuple[Leg, ...]) -> str:
        found = resolve_player(state, name)
        if found is None:
            if (
                not cmd.slash
                and not _all_counts(legs)
                and not any(resolve_player(state, x.winner) for x in legs)
            ):
                raise _Ignore  # "我 食 飯 先" is talk, not a hand
            raise _Refused(render.unknown_player(name, state))
        return found

    async def _read(
        self, state: TableState, winner: str, leg: Leg, text: str, context: tuple[str, ...] = ()
    ) -> ReadHand:
        """Read a leg's hand; ``context`` holds context words the command implies (``搶槓``,
        ``槓上``, ``一炮雙響``), each added to a hand message that does not say it already (a bare
        count is left alone: the player counted it).

        A hand message is parsed and scored on the scoring pool (:data:`hands.SCORING`, its own
        bounded threads), within a budget, so a slow hand never blocks the event loop (other chats,
        other platforms) nor the default executor; the chat's lock is held meanwhile, so this chat's
        messages stay in order and one chat holds at most one scoring thread.
        """
        hand = leg.hand
        count = read_count(hand)
        if count is None:
            for word in context:
                if word not in hand:
                    hand = f"{hand} {word}"
        try:
            if count is not None:
                return read_hand(hand, state, winner, None)
            return await SCORING.run(self._read_hand_now, hand, state, winner)
        except HandError as err:
            raise _Refused(render.hand_error(err, offset=max(text.find(leg.hand), 0))) from err

    def _read_hand_now(self, hand: str, state: TableState, winner: str) -> ReadHand:
        """:func:`read_hand` with the table's rules (loaded once) within a hand budget, in a scoring
        process; runs on a scoring thread."""
        return SCORING.score(hand, state, winner, self._rules_for_hands())

    async def _win_event(
        self, state: TableState, cmd: Command, text: str
    ) -> tuple[WinByDiscard, list[ReadHand]]:
        discarder = self._player(state, cmd.discarder, cmd, cmd.legs)
        legs: list[WinLeg] = []
        reads: list[ReadHand] = []
        # seed 004, 狀態類: 一炮雙響 / 一炮三響 score for each winner of one discard
        context = (*(("搶槓",) if cmd.robbed_kong else ()), *MULTIPLE_WINNERS_WORDS.get(len(cmd.legs), ()))
        for leg in cmd.legs:
            winner = self._player(state, leg.winner, cmd, cmd.legs)
            if winner == discarder:
                raise _Refused(render.own_discard())
            read = await self._read(state, winner, leg, text, context)
            if read.self_drawn:
                raise _Refused(render.hand_says_self_drawn())
            robbed = read.robbed_kong or cmd.robbed_kong
            legs.append(WinLeg(winner=winner, fan=read.fan, bases=read.bases, robbed_kong=robbed))
            reads.append(read)
        return WinByDiscard(discarder=discarder, legs=tuple(legs)), reads

    async def _self_draw_event(self, state: TableState, cmd: Command, text: str) -> tuple[SelfDraw, ReadHand]:
        leg = cmd.legs[0]
        winner = self._player(state, leg.winner, cmd, cmd.legs)
        payer = self._someone(state, cmd.kong_payer, cmd) if cmd.kong_payer else None
        bao = payer is not None and payer != winner  # the same player twice is the table's refusal
        count = read_count(leg.hand)
        if bao and count is not None:
            _check_bao_count(cmd, winner, payer or "", count)
        read = await self._read(state, winner, leg, text, ("槓上",) if payer or cmd.kong_said else ())
        if read.self_drawn is False:
            raise _Refused(render.hand_says_discard())
        if bao and count is None and "exposed" not in read.kongs:
            reason = "not_exposed" if read.kongs else "no_kong"
            raise _Refused(render.bao_refused(reason, payer or "", winner, ""))
        event = SelfDraw(
            winner=winner,
            fan=read.fan,
            bases=read.bases,
            kong_discarder=payer,
            exposed_kong=payer is not None,
        )
        return event, read

    def _cut_event(self, state: TableState, speaker: str, cmd: Command) -> CutChain:
        debtor = resolve_player(state, speaker)
        if debtor is None:
            raise _Refused(render.not_a_player_cut(speaker))
        own = [o for o in state.pending if o.debtor == debtor]
        mine = own
        if cmd.target:
            creditor = resolve_player(state, cmd.target)
            if creditor is None:
                raise _Refused(render.unknown_player(cmd.target, state))
            mine = [o for o in mine if o.creditor == creditor]
        if not mine:  # name who can answer now when the offers are someone else's
            raise _Refused(render.no_offer(debtor, () if own else state.pending))
        if len(mine) > 1:
            raise _Refused(render.which_offer(debtor, mine))
        return CutChain(debtor=debtor, creditor=mine[0].creditor, accept=cmd.kind == "cut")


def _said_as_oneself(text: str, state: TableState) -> bool:
    """Whether ``text`` is a win said as the speaker's own (``自摸 12番``, ``食 A 12番``): it reads
    as one with a speaker put in."""
    try:
        return implied.spell_out(text, (*state.names, *SEAT_WINDS), "\x00") is not None
    except implied.AmbiguousName:
        return False


def resolve_player(state: TableState, name: str) -> str | None:
    """The seated player ``name`` refers to: the exact name, ``@name``, the name in any case, or
    the current seat wind (東 = the dealer, 南 the next seat …).  Names compare after NFKC, so full
    width ``Ｂ`` is ``B``.  ``None`` when nobody matches."""
    token = normalize_name(name)
    if token in state.names:
        return token
    folded = [n for n in state.names if normalize_name(n).casefold() == token.casefold()]
    if len(folded) == 1:
        return folded[0]
    wind = token.removesuffix("家").removesuffix("位")
    if wind in WINDS:
        for n in state.names:
            if state.seat_wind(n) == wind:
                return n
    return None


MAX_SPEAKER = 64
"""Speaker names longer than this are cut (they are only recorded and shown)."""


def clean_speaker(speaker: str) -> str:
    """A speaker's name without control or format characters (``\\x00``, bidi overrides …) and
    surrounding space, at most :data:`MAX_SPEAKER` characters; ``?`` when nothing is left."""
    kept = "".join(" " if c.isspace() else c for c in speaker if not has_control(c, allow="\t\n"))
    return " ".join(kept.split())[:MAX_SPEAKER] or "?"


def clean_text(text: str) -> str:
    """A message without control characters other than line breaks and tabs (a NUL cannot be stored
    in PostgreSQL text, and none of them means anything to a command)."""
    if not has_control(text, allow="\t\n\r"):
        return text
    return "".join(c for c in text if not has_control(c, allow="\t\n\r"))


def _only_opened(state: TableState) -> bool:
    """Nothing but the 開枱 is in effect: no hand, prize or rule change (or all of them undone; then,
    while a hand or prize waits for 重做, 撤銷 does not cancel the table: it would be lost to 重做)."""
    return state.prev is None and len(state.history) == 1 and isinstance(state.history[0].event, TableOpened)


def _cancelled(state: TableState) -> bool:
    """An ended table that was cancelled: nothing but its 開枱 before the 埋數 that ended it."""
    events = [h.event for h in state.history]
    return len(events) == 2 and isinstance(events[0], TableOpened) and isinstance(events[1], SessionEnded)


def _all_counts(legs: tuple[Leg, ...]) -> bool:
    return bool(legs) and all(read_count(leg.hand) is not None for leg in legs)


def _check_bao_count(cmd: Command, winner: str, payer: str, count: int) -> None:
    """包 with a bare count (``B 自摸 12番 C包``): the count shows no kong, so the message must say
    it was 槓上自摸 on an exposed kong (seed 004 槓上自摸 row: 「明槓出銃者全包」).

    Our choice: 槓上 / 槓上自摸 / 槓上開花 / 槓上槓 / 明槓 said with the count (``B 自摸 12番 槓上
    C包``, ``B 槓上自摸 12番 C包``, ``/selfdraw B 12 槓上 C包``) is taken as the player's word that
    C discarded into B's exposed kong, since a 暗槓 or 加槓 has nobody who 出銃.  Without such a word,
    or with 暗槓 / 加槓, the message is refused with what to write instead.

    Raises:
        _Refused: ``say_kong`` (no kong word) or ``not_exposed`` (暗槓 / 加槓 said).
    """
    if cmd.kong_said in NOT_EXPOSED_KONG_WORDS:
        raise _Refused(render.bao_refused("not_exposed", payer, winner, f"{count}番"))
    if not cmd.kong_said:
        raise _Refused(render.bao_refused("say_kong", payer, winner, f"{count}番"))


def _apply(state: TableState | None, event: Event) -> Transition:
    try:
        return apply(state, event)
    except TableError as err:
        raise _Refused(render.table_error(err)) from err


def _transfers(state: TableState) -> list[tuple[str, str, Any]]:
    """The fewest transfers that settle ``state`` (fan units); balances must sum to zero."""
    if sum(state.balances.values()) != 0:  # pragma: no cover - the core keeps the ledger zero-sum
        raise RuntimeError(f"balances do not sum to zero: {state.balances}")
    return settle_transfers(state.balances)


def _safe_name(name: str) -> str:
    return re.sub(r"[^\w.-]+", "_", name)


def export_name(store: Store, chat: ChatRef, session_id: int) -> str:
    """The ``/export`` file name of one session: ``taipai-<db>-<id>-<platform>-<chat>-session<n>.csv``.

    ``<db>`` is the SQLite file's stem (``hist`` for ``/tmp/hist.db``, ``memory`` in memory) or the
    database name; ``<id>`` is 8 hex digits of a hash of the database itself (the SQLite file's
    resolved path, else the URL without its password), so two databases exporting into one folder
    (two ``taipai chat --db`` files side by side, both ``terminal`` session 1) never write the same
    file; exporting the same session again replaces its own earlier export.  Only ``[\\w.-]``
    characters; raises nothing.
    """
    url = store.engine.url
    db = url.database or ""
    if url.get_backend_name() == "sqlite":
        if db and db != ":memory:" and not db.startswith("file:"):
            path = Path(db).expanduser().resolve()
            label, identity = path.stem, str(path)
        else:
            label, identity = "memory", url.render_as_string(hide_password=True)
    else:
        label, identity = db or url.get_backend_name(), url.render_as_string(hide_password=True)
    digest = hashlib.sha256(identity.encode("utf-8")).hexdigest()[:8]
    return _safe_name(f"taipai-{label}-{digest}-{chat.platform}-{chat.chat_id}-session{session_id}.csv")


def _default_export_dir(store: Store) -> Path:
    url = store.engine.url
    db = url.database if url.get_backend_name() == "sqlite" else None
    if db and db != ":memory:" and not db.startswith("file:"):
        return Path(db).expanduser().resolve().parent
    return Path.cwd()


def _write_file(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)


def _one_tile(text: str) -> str:
    """The one tile ``text`` names (``九筒``, ``9p``, ``東``), as its Chinese name; else refused."""
    from taipai.core.tiles import name_zh

    tile = one_tile(text)
    if tile is None:
        raise _Refused(render.fly_usage(text))
    return name_zh(tile)


RULE_NAMES: dict[str, str] = {
    "la": "la_mode",
    "la_mode": "la_mode",
    "拉": "la_mode",
    "la_break": "la_break",
    "draw": "la_on_draw",
    "la_on_draw": "la_on_draw",
    "cut": "cut",
    "斬拉": "cut",
    "rate": "rate",
    "fan": "rate",
    "番": "rate",
    "base": "base",
    "底": "base",
    "base_fan": "base_fan",
    "false_win": "false_win_fan",
    "false_win_fan": "false_win_fan",
    "詐糊": "false_win_fan",
    "multi_win_deal": "multi_win_deal",
    "dealer_fan_base": "dealer_fan_base",
    "dealer_fan_per_streak": "dealer_fan_per_streak",
}
"""``/rules NAME VALUE``: the names (and Cantonese aliases) → the option (``base`` is money per 底).
Prize values are ``prize.<id>`` or the prize's name (``/rules 追 2``)."""

RULE_VALUES: dict[str, str] = {
    "鋪鋪拉": "every_hand",
    "莊家拉": "dealer_only",
    "無限拉": "none",
    "三局斬拉": "every_third",
}
"""Cantonese names of option values: ``/rules la 莊家拉``."""

_MONEY_PHRASE = re.compile(r"^([一二兩三四五六七八九]|[1-9])百(.+)$")


MAX_RATE = 1_000_000
"""The most money a fan may be worth (``/rules rate``; ``/rules base`` is checked as base ÷ 底)."""

MAX_RULE_INT = 9999
"""The largest whole-number rule value (base_fan, false_win_fan, dealer fan)."""

_MONEY = re.compile(r"^[0-9]{1,7}(?:\.[0-9]{1,2})?$")
_WHOLE = re.compile(r"^[0-9]{1,4}$")
_PRIZE = re.compile(r"^(?:[0-9]{1,4}(?:\.[0-9]{1,2})?|[0-9]{1,2}/[1-9][0-9]?)$")
_INT_OPTIONS = frozenset({"base_fan", "false_win_fan", "dealer_fan_base", "dealer_fan_per_streak"})


def _rule_value(opts: TableOptions, name: str, option: str, value: str) -> str:
    """``value`` checked as text before any number is made of it: money (``rate``, ``base``) is
    positive, has at most 2 decimals and at most :data:`MAX_RATE` a fan; whole-number options are
    at most :data:`MAX_RULE_INT`; prize values (底) are like ``2``, ``0.5`` or ``1/2``.  Refused
    with a reply saying what would be right."""
    text = unicodedata.normalize("NFKC", value).strip()
    if option in ("rate", "base"):
        if not _MONEY.match(text) or Fraction(text) <= 0:
            raise _Refused(render.rules_bad_money(name, value, MAX_RATE))
        rate = Fraction(text) / (opts.base_fan if option == "base" else 1)
        if rate > MAX_RATE or not _finite_decimal(rate):
            raise _Refused(render.rules_bad_money(name, value, MAX_RATE))
        return text
    if option in _INT_OPTIONS:
        if not _WHOLE.match(text):
            raise _Refused(render.rules_bad_value(name, value))
        return text
    if option.startswith("prize."):
        if not _PRIZE.match(text):
            raise _Refused(render.rules_bad_value(name, value))
        return text
    if len(text) > 32:
        raise _Refused(render.rules_bad_value(name, value))
    return value


def _finite_decimal(value: Fraction) -> bool:
    d = value.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


RULE_CHOICES: dict[str, tuple[str, ...]] = {
    "la_mode": LA_MODES,
    "la_break": LA_BREAKS,
    "la_on_draw": LA_ON_DRAW,
    "cut": CUT_MODES,
    "multi_win_deal": MULTI_WIN_DEAL,
}
"""The options that take one of a few words (the others take numbers)."""


def _rule_help(opts: TableOptions, name: str, option: str) -> str:
    """``/rules NAME`` without a value: the value now and the values allowed."""
    value = opts.money(opts.base_fan) if option == "base" else getattr(opts, option)
    now = value if isinstance(value, str) else render.amount(value)
    choices = RULE_CHOICES.get(option)
    if choices is None:
        return render.rule_number(name, now)
    said = {v: k for k, v in RULE_VALUES.items()}
    values = [f"{v} ({said[v]})" if v in said else v for v in choices]
    return render.rule_choices(name, now, values)


def _rule_event(state: TableState, args: tuple[str, ...]) -> RuleChanged:
    """``/rules NAME VALUE`` (or ``/rules 三百六十``) → one :class:`RuleChanged`, checked against the
    table's options now; a bad name or value is refused with what would be right.

    ``base`` is money per 底 and sets ``rate = base / base_fan``.  Seed 004 底: 「例如《家有囍事》中毛舜筠
    的對白「唔打咁大呀，三百六十」，意思就是「每底300元，翻為60元」」, so ``/rules base 300`` with base_fan 5
    is rate 60, and ``/rules 三百六十`` sets rate 60 after checking 300 = 5 × 60.
    """
    opts = state.options
    if len(args) == 1 and RULE_NAMES.get(args[0].lower()):
        raise _Refused(_rule_help(opts, args[0], RULE_NAMES[args[0].lower()]))
    if len(args) == 1:
        m = _MONEY_PHRASE.match(args[0])
        base = _cn_number(m.group(1)) if m else None
        fan = _cn_number(m.group(2)) if m else None
        if base is None or not fan:
            raise _Refused(render.rules_usage())
        if base * 100 != fan * opts.base_fan:
            raise _Refused(render.rules_phrase_mismatch(base * 100, fan, opts.base_fan))
        option, value = "rate", str(fan)
    elif len(args) == 2:
        name, value = args
        option = RULE_NAMES.get(name.lower(), "")
        by_name = {p.name: p.id for p in PRIZES.values()}
        bare = name.removeprefix("prizes.").removeprefix("prize.")
        if not option and (name in by_name or bare in PRIZES):
            option = "prize." + by_name.get(name, bare)
        if not option:
            raise _Refused(render.rules_unknown(name))
        value = RULE_VALUES.get(value, value)
        value = _rule_value(opts, name, option, value)
        if option == "base":
            option, value = "rate", str(Fraction(value) / opts.base_fan)
    else:
        raise _Refused(render.rules_usage())
    event = RuleChanged(option=option, value=value)
    try:
        opts.with_option(event.option, event.value)
    except TableError as err:
        raise _Refused(render.rules_bad_value(args[0], args[-1])) from err
    return event
