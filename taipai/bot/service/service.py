"""The platform-neutral service: ``(chat, speaker, text, message id) -> replies`` (DESIGN §1 ``service``).

Every adapter (terminal, Telegram, Discord) calls :meth:`Service.handle` and posts the replies.  A
message that changes the table goes message → parse → decide → book → reply, one module per step:

1. **parse** (:mod:`.parse`): the text → a typed command (:data:`~.parse.Command`), a
   :class:`~.parse.CommandError` (the reply says the right form), or ``None`` (ordinary talk, no
   reply); :mod:`.implied` reads the forms typed in a hurry (``自摸 12番``, ``B自摸12番``) against the
   table's names, and :mod:`.identity` the seat and language commands;
2. the chat's table state, replayed from its event log (:class:`~.book.Book`, cached per session by
   last ``seq``), and who may say what (:mod:`.identity`, by platform user id);
3. **decide** (:mod:`.decide`, pure): command × state → the event, checked by
   :func:`taipai.core.table.apply`, or a refusal; a hand message is read in between (:mod:`.hands`,
   scored on the scoring pool within a budget);
4. **book** (:class:`~.book.Book`): the event, its replies and the inbox row's done mark in one
   transaction as event ``seq + 1`` (a message id booked before is silently ignored; a concurrent
   writer makes us read the chat again and decide again);
5. **reply** (:mod:`.reply`, :mod:`.render`): the payments, 拉 moves, 斬拉 offers and next dealer,
   made before the event is stored (a reply that cannot be made books nothing).

Buttons and edited messages go the same way (:mod:`.buttons`).  Bad input gets a reply saying what
is wrong and what would be right, and nothing is stored.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
import threading
import unicodedata
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from taipai.bot.i18n import DEFAULT_LOCALE, current_locale, normalize_locale, use_locale
from taipai.bot.money_format import use_currency
from taipai.bot.service import (
    attempt,
    buttons,
    decide,
    identity,
    implied,
    natural,
    parse,
    record_flow,
    remembered,
    render,
    standings,
    wildwords,
)
from taipai.bot.service.after_win import shuxin_event
from taipai.bot.service.book import Book
from taipai.bot.service.calc import answer as calc_answer
from taipai.bot.service.chart import answer as chart_answer
from taipai.bot.service.chart import asks_chart, with_chart
from taipai.bot.service.decide import Ignored, Refused, resolve_player
from taipai.bot.service.export import default_export_dir, session_document, write_file
from taipai.bot.service.hands import SCORING, read_hand
from taipai.bot.service.lru import ChatLocks, LRUDict
from taipai.bot.service.parse import (
    DEAL_IN_WORDS,
    FLY_WORDS,
    SELF_DRAW_WORDS,
    WIN_WORDS,
    Command,
    CommandError,
    drop_trailing_emoji,
    has_control,
    parse_command,
    read_count,
)
from taipai.bot.service.reads import ReadHand
from taipai.bot.service.reply import (
    Button,
    Document,
    Reply,
    after_event,
    event_replies,
    history_reply,
    transfers,
)
from taipai.bot.store import ChatRef, DuplicateMessage, SeqConflict, SessionAlreadyOpen, SessionRow, Store
from taipai.bot.store.chats import ChatData, ChatView
from taipai.bot.store.health import describe as describe_database_error
from taipai.bot.store.health import is_database_error
from taipai.bot.store.schema import ENDED
from taipai.core.errors import HandError
from taipai.core.notation import parse_hand
from taipai.core.registry import DEFAULT_SYSTEM, system_by_id, system_by_name, system_of_source
from taipai.core.table import (
    Event,
    Redo,
    RuleChanged,
    SessionEnded,
    TableOpened,
    TableState,
    Undo,
)
from taipai.core.table.state import WINDS as SEAT_WINDS
from taipai.systems.hk_taiwan.options import TableOptions

__all__ = ["Button", "Document", "Reply", "Service", "clean_speaker", "clean_text", "resolve_player"]

MAX_RETRIES = 5

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


def _pressed(text: str) -> buttons.Pressed:
    return buttons.Pressed(notice=text)


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

LOCK_CACHE = 1024
"""Per-chat locks kept while unused (a lock in use is never dropped)."""
LOCALE_CACHE = 8192
"""Chats whose language is remembered in memory, only for replies while the database is down."""


class Service:
    """Understands chat messages and keeps each chat's table in the event store.

    Args:
        store: an open :class:`~taipai.bot.store.Store`.
        locale: the default reply language (``zh_Hant_HK`` or ``en``); ``handle`` may override it.
        rules: a loaded rule set for hand messages at tables of ``rules_name``'s game, or ``None`` to
            load ``rules_name`` on first use.  Every other game scores with its own preset; rule sets
            are kept per (game, house rules) (:meth:`rules_for`).
        rules_name: a game's name or a house-rules TOML file (its game named by ``base`` or
            ``[meta] system``, :func:`taipai.core.registry.system_of_source`; default 港式台牌's preset).
        options: table options for new 港式台牌 tables (default :class:`TableOptions` defaults); a
            table of another game (``開枱 A B C D 台灣牌``) starts from its game's preset.
        export_dir: the folder ``/export`` writes CSV files to (implies ``export_files``).
        export_files: write ``/export`` files (the terminal: the user's own machine) to ``export_dir``,
            default beside the SQLite database, else the current directory, and name the path in the
            reply.  Off (the bots): the CSV is built in memory and only sent with the reply as its
            :class:`Document`; nothing is written on the server.
        stats_timezone: the IANA zone of 戰績 本月's calendar month and of the dates the stats show
            (:mod:`.standings`; ``STATS_TIMEZONE``, Asia/Hong_Kong by default).
    """

    def __init__(
        self,
        store: Store,
        *,
        locale: str = DEFAULT_LOCALE,
        rules: Any = None,
        rules_name: str = DEFAULT_SYSTEM,
        options: TableOptions | None = None,
        rules_loader: Callable[[str], Any] | None = None,
        export_dir: str | Path | None = None,
        export_files: bool = False,
        stats_timezone: str = standings.DEFAULT_TIMEZONE,
    ) -> None:
        self.store = store
        self.locale = locale
        self._rules = rules
        self._rules_name = rules_name
        self._rules_loader = rules_loader
        self._options = options or TableOptions()
        self.book = Book(store)
        self._cache = self.book.cache  # the cached table states (least recently used)
        self._locks = ChatLocks(LOCK_CACHE)
        self._export_dir = Path(export_dir) if export_dir is not None else None
        self._export_files = export_files
        self.stats_book = standings.StatsBook(store, stats_timezone)
        self.chats = ChatData(store)
        self._chat_locales: LRUDict[ChatRef, str | None] = LRUDict(LOCALE_CACHE)
        self._rules_lock = threading.Lock()
        self._rule_sets: dict[tuple[str, str | None], Any] = {}
        self._house: str | None = None  # the game rules_name is written for, once read

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
                (default: ``member.language`` in a private chat only, then the service's:
                :meth:`pick_locale`).
            member: who said it on a platform (:class:`~taipai.bot.service.identity.Member`): enables
                seats (``坐 南``) and permissions; ``None`` (terminal) trusts every speaker.

        Raises nothing for bad input (that is a reply), nor when the database fails (the reply says
        nothing was booked: :mod:`taipai.bot.store.health`); other store errors propagate.
        """
        speaker = clean_speaker(speaker)
        text = clean_text(text)
        if member is not None and clean_speaker(member.display) != member.display:
            member = dataclasses.replace(member, display=clean_speaker(member.display))
        user_id = member.user_id if member is not None else None
        async with self.lock(chat):  # one message of a chat at a time, in the order they came
            # One statement: booked before?, the open session, its last seq, the speaker's seat and
            # the chat's language and currency (read with every message: another worker may have
            # changed them).
            first = await self.chats.view(chat, message_id, user_id)
            self._chat_locales[chat] = first.locale
            view: ChatView | None = first
            with (
                use_locale(self.pick_locale(first.locale, locale, member)),
                # money as the open table's (stamped at 開枱), else as the chat's, read in the same statement
                use_currency(first.session.currency if first.session is not None else first.currency),
            ):
                text = natural.english_slash(text) or text  # 「chart」, 「calc 一二三萬 …」: as /chart, /calc
                own = identity.parse_chat_command(text)
                if own is not None:
                    return [await identity.run_chat_command(self, chat, speaker, member, own)]
                if record_flow.asks_record(text):  # 記牌 / /record: the tap flow's first step
                    return [await record_flow.start(self, chat, member)]
                if member is not None:  # 開枱 alone: the four seats remembered, when there are four
                    text = await remembered.bare_open(self, chat, text) or text
                if asks_chart(text):  # 圖表, 走勢, /chart: anyone may ask; books nothing
                    return [await chart_answer(self, chat)]
                asked = standings.parse_standings(natural.english_command(text) or text)  # also 「stats」
                if asked is not None:  # 戰績, 排行榜, 新賽季, 匯出 賽季
                    files = self._export_files or self._export_dir is not None
                    to = (self._export_dir or default_export_dir(self.store)) if files else None
                    return await standings.answer(self, chat, speaker, member, asked, export_dir=to)
                cmd = await self._understand(chat, speaker, text, member)
                if isinstance(cmd, Reply):
                    return [cmd]
                if cmd is None:
                    return []
                if isinstance(cmd, parse.ShowHelp):  # the open table's game, else the default's
                    session = await self.store.open_session(chat)
                    if session is None:
                        return [Reply(render.help_text(DEFAULT_SYSTEM))]
                    state = (await self.state_of(session))[1]
                    return [Reply(render.help_text(state.system, state.options))]
                if isinstance(cmd, parse.CalcHand | parse.ShowWaits):  # anyone may ask; books nothing
                    return await calc_answer(self, chat, text, cmd)
                for _attempt in range(MAX_RETRIES):
                    # Read again after a conflict: the other writer may have booked this very
                    # message, and the cached state catches up from the new last seq.
                    if view is None:
                        view = await self.chats.view(chat, message_id, user_id)
                    if view.booked:
                        return []
                    try:
                        if member is not None:
                            return await self._run_as(chat, member, text, message_id, cmd, view)
                        return await self.run(chat, speaker, text, message_id, cmd, view)
                    except Refused as refused:
                        return [Reply(refused.text, refused.buttons)]
                    except Ignored:
                        return []
                    except DuplicateMessage:
                        return []
                    except SeqConflict:
                        view = None  # another writer got there first: read the chat again
                        continue
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
    ) -> buttons.Pressed:
        """Handle a button press with callback ``data`` (see :mod:`.buttons`): same rules as the text
        command it stands for.  Returns replies for the chat and a notice for the presser alone."""
        with (
            use_locale(await self.locale_for(chat, locale, member)),
            use_currency(await self.chats.money_currency(chat)),
        ):
            if data.startswith(record_flow.KIND + ":"):  # the 記牌 flow books through handle
                return await record_flow.press(self, chat, speaker, data, member)
            return await buttons.press(self, chat, speaker, data, member)

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
        sent: datetime | None = None,
    ) -> list[Reply]:
        """An edited message: a booked hand is re-read and the difference shown with a confirm
        button (nothing is booked until pressed); a message never booked is read as new only when
        it was first sent at ``sent`` (aware: Telegram's ``edited_message.date``, Discord's
        ``created_at``; ``None`` counts as old) after the open table was opened, or within
        :data:`.buttons.EDIT_WINDOW` with no table open (:func:`.buttons.sent_for_now`)."""
        with (
            use_locale(await self.locale_for(chat, locale, member)),
            use_currency(await self.chats.money_currency(chat)),
        ):
            return await buttons.edit(
                self, chat, clean_speaker(speaker), message_id, clean_text(new_text), member, sent
            )

    def offline_locale(self, chat: ChatRef, locale: str | None, member: identity.Member | None) -> str:
        """:meth:`locale_for` without the database (it failed): the chat's language as this process
        last read it (``None`` when it never did)."""
        return self.pick_locale(self._chat_locales.get(chat), locale, member)

    def pick_locale(self, chosen: str | None, locale: str | None, member: identity.Member | None) -> str:
        """Reply language (``zh_Hant_HK`` or ``en``): ``chosen`` (the chat's ``chats.locale``), else
        ``locale`` (the caller's, e.g. the terminal's), else, in a private chat only
        (:attr:`~.identity.Member.private`), the member's client language when taipai speaks it, else
        the service default.  A group never follows one member's phone: it speaks one language."""
        if chosen:
            return chosen
        if locale:
            return locale
        if member is not None and member.private and member.language:
            tag = member.language.lower()
            if tag.startswith(("en", "zh", "yue")):
                return normalize_locale(tag)
        return self.locale

    async def chat_locale(self, chat: ChatRef) -> str | None:
        """The chat's language (``/lang``, or named at 開枱) read from the database, or ``None``.
        The last one read is kept only for :meth:`offline_locale`."""
        chosen = (await self.chats.chat_settings(chat))[0]
        self._chat_locales[chat] = chosen
        return chosen

    async def set_chat_locale(self, chat: ChatRef, locale: str) -> None:
        """Store the chat's language (``/lang``, 開枱 … English)."""
        await self.chats.set_chat(chat, locale=locale)
        self._chat_locales[chat] = locale

    async def locale_for(self, chat: ChatRef, locale: str | None, member: identity.Member | None) -> str:
        """Reply language (:meth:`pick_locale`) with the chat's language read from the database now."""
        return self.pick_locale(await self.chat_locale(chat), locale, member)

    async def _understand(
        self, chat: ChatRef, speaker: str, text: str, member: identity.Member | None
    ) -> Command | Reply | None:
        """What a line says: a command to carry out, a reply (a refusal, a record missing a part, a
        hint), or ``None`` for talk (no reply).

        The line as said is read first (:meth:`_read_said`); when that books nothing, the line in its
        natural forms rewritten (:func:`.natural.rewrite`: ``流局啦``, ``我又食阿明 6番``,
        ``阿明出銃俾我 8番``, ``B wins A 12``) is read the same way, against the open table's names and
        the speaker's seat; and when neither reads, a line that is an attempt at a command
        (:func:`.attempt.judge`) gets one hint saying what was understood and what is missing.  A win
        read with ordinary words where its count or hand goes is talk (:func:`.attempt.record_is_talk`)."""
        said = await self._read_said(chat, speaker, text, member)
        if said is not None and not isinstance(said, Reply) and attempt.record_is_talk(said):
            said = None  # 「阿明 自摸 好多次」: ordinary words where the hand goes, talk
        if said is not None and not isinstance(said, Reply) and not natural.speaks_of_me(text):
            return said  # a 我 read as a name (「阿明 出銃 俾 我 8番」) is the speaker, below
        session = await self.store.open_session(chat)
        state: TableState | None = None
        me: str | None = None
        if session is not None:
            state = (await self.state_of(session))[1]
            if natural.speaks_of_me(text):  # the seat is read only when the line says 我 / me
                me = await self._me(session, state, speaker, member)
        natural_text = natural.rewrite(text, state.names if state is not None else (), me)
        if natural_text != text:
            rewritten = await self._read_said(chat, speaker, natural_text, member)
            if (
                rewritten is not None
                and not isinstance(rewritten, Reply)
                and attempt.record_is_talk(rewritten)
            ):
                rewritten = None  # 「阿明自摸咗三次啦」
            command_said = said is not None and not isinstance(said, Reply)
            if rewritten is not None and not (command_said and isinstance(rewritten, Reply)):
                return rewritten
        if said is not None or session is None or state is None:
            return said
        found = attempt.judge(text, state.names, seated=True)
        if found is not None and found.word and not (found.rest or found.players):  # a word said alone
            seated = me is not None or await self._me(session, state, speaker, member) is not None
            found = attempt.judge(text, state.names, seated=seated)
        return Reply(attempt.hint(found, state.system, state.names)) if found is not None else None

    async def _read_said(
        self, chat: ChatRef, speaker: str, text: str, member: identity.Member | None
    ) -> Command | Reply | None:
        """``text`` parsed (:func:`parse_command`), else read against the open table (:meth:`_implied`),
        else a record missing a part (:meth:`_missing`): the command, a reply, or ``None``."""
        try:
            cmd = parse_command(text)
        except CommandError as err:
            try:
                found = await self._implied(chat, speaker, text, err, member=member)
            except CommandError as implied_err:  # e.g. a count that is too large
                return Reply(render.command_error(implied_err, await self.game_of(chat)))
            if found is None and err.code == "no_hand":  # 「B 自摸」, 「B 食 A」: say what is missing
                found = await self._missing(chat, speaker, text, member)
            if found is None:
                return Reply(render.command_error(err, await self.game_of(chat)))
            return found
        if cmd is not None:
            return cmd
        try:
            found = await self._implied(chat, speaker, text, member=member)
        except CommandError as err:  # e.g. a count said alone that is too large
            return Reply(render.command_error(err, await self.game_of(chat)))
        if found is None:  # 「自摸」, 「B 食」, 「B 飛」 by the table: a record missing a part
            found = await self._missing(chat, speaker, text, member)
        return found

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
            return Reply(render.ambiguous_name(unclear.names, state.system))
        if spelled is None and me is None and member is not None and decide.said_as_oneself(text, state):
            refusal = await identity.seat_first(self, session, state, member)  # 「自摸 12番」 without a seat
            return Reply(refusal.text, refusal.buttons)
        if spelled is not None:
            try:
                return parse_command(spelled)
            except CommandError as err_spelled:
                if err_spelled.code in ("count_too_large", "bad_count", "count_then_words"):
                    raise  # a win after all (「阿強食阿明12蕃」), with a count that cannot be booked: say so
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
        return Reply(render.missing_part(found.kind, player, example, state.system))

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
        if isinstance(cmd, parse.OpenTable):
            replies = await self.run(chat, member.display, text, message_id, cmd, view)
            await identity.note_creator(self, chat, member, session)
            return replies
        speaker = member.display
        if session is None and isinstance(cmd, parse.UndoLast):
            settled = await self._settled(chat)
            if settled is not None:  # undoing 埋數 needs the right to settle (identity.needs_admin)
                ended, _seq, state = settled
                player, refusal = await identity.authorise(self, ended, state, member, cmd)
                if refusal is not None:
                    raise Refused(refusal.text, refusal.buttons)
                speaker = player or member.display
        if session is not None:
            _seq, state = await self.state_of(session, last_seq=view.last_seq)
            player, refusal = await identity.authorise(self, session, state, member, cmd, row=view.member)
            if refusal is not None:
                if decide.is_talk(state, cmd):
                    raise Ignored  # talk, not a hand
                raise Refused(refusal.text, refusal.buttons)
            if cmd.mine and player is None:  # 「八仙過海」 is the speaker's own: only from their seat
                refusal = await identity.seat_first(self, session, state, member)
                raise Refused(refusal.text, refusal.buttons)
            speaker = player or member.display
        return await self.run(chat, speaker, text, message_id, cmd, view, authorised=True)

    # ------------------------------------------------------------------------------- state
    async def state_of(self, session: SessionRow, *, last_seq: int | None = None) -> tuple[int, TableState]:
        """``(last seq, state)`` of a session (:meth:`Book.state_of`: replayed from the log, cached)."""
        return await self.book.state_of(session, last_seq=last_seq)

    async def game_of(self, chat: ChatRef) -> str:
        """The system id of ``chat``'s open table, the default game's when none is open (a refusal's
        examples are in the table's unit)."""
        session = await self.store.open_session(chat)
        return session.system if session is not None else DEFAULT_SYSTEM

    async def player_names(self, chat: ChatRef) -> tuple[tuple[str, str], ...]:
        """``((name, seat wind), …)`` of ``chat``'s open table in seat order (東南西北 from 開枱), the
        wind being the 門風 of this hand (:meth:`TableState.seat_wind`: the dealer is 東), as a command
        names a player; ``()`` when no table is open or it is settled.  Reads only (an autocomplete
        asks it: nothing is booked, no lock is taken).

        Raises:
            SQLAlchemyError: the database cannot be read.
        """
        session = await self.store.open_session(chat)
        if session is None:
            return ()
        _seq, state = await self.state_of(session)
        if state.ended:
            return ()
        return tuple((name, state.seat_wind(name)) for name in state.names)

    def lock(self, chat: ChatRef) -> AbstractAsyncContextManager[None]:
        """``async with service.lock(chat):`` one message (or button press) of ``chat`` at a time, in
        the order they came (:class:`ChatLocks`)."""
        return self._locks.hold(chat)

    def rules_for(self, system_id: str) -> Any:
        """The scoring rule set of the game ``system_id`` (:mod:`taipai.core.registry`), loaded on
        first use and kept per (system, house rules): the service's ``rules`` / ``rules_name`` for the
        game they are written for (``rules_name``'s system, :func:`~taipai.core.registry.system_of_source`),
        the system's preset for every other game.  Called from scoring threads: loaded once.

        Raises:
            RulesError, HandError: a house-rules file that cannot be read (the first hand says so).
        """
        with self._rules_lock:
            if self._house is None:
                self._house = system_of_source(self._rules_name).id
            house = self._house
            key = (system_id, self._rules_name if system_id == house else None)
            if key not in self._rule_sets:
                self._rule_sets[key] = self._load_rules(system_id, house)
            return self._rule_sets[key]

    def _load_rules(self, system_id: str, house: str) -> Any:
        system = system_by_id(system_id)
        if system_id != house:
            return system.load_rules(None)
        if self._rules is not None:
            return self._rules
        if self._rules_loader is not None:
            return self._rules_loader(self._rules_name)
        return system.load_rules(None if system_by_name(self._rules_name) else self._rules_name)

    # ------------------------------------------------------------------------------- commands
    async def run(
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
        """Carry out ``cmd`` for ``speaker``: decide its event, book it and return the replies.

        ``view`` is the chat as read for this message (``None``: read the open session here).
        ``authorised``: a platform member's rights were checked by user id (:meth:`_run_as`); else
        (the terminal) only the table's creator, by name, changes its rules.
        Raises :class:`~.decide.Refused` / :class:`~.decide.Ignored` (answered by :meth:`handle`),
        :class:`SeqConflict` and :class:`DuplicateMessage` (from the store)."""
        session = view.session if view is not None else await self.store.open_session(chat)
        last_seq = view.last_seq if view is not None else None
        if isinstance(cmd, parse.OpenTable):
            return await self._open(chat, speaker, text, message_id, cmd, session)
        if isinstance(cmd, parse.ShowHistory | parse.Export):
            return await self._read_only(chat, cmd, session)
        if session is None:
            return await self._no_table(chat, speaker, text, message_id, cmd)
        seq, state = await self.state_of(session, last_seq=last_seq)
        if isinstance(cmd, parse.ShowScore):
            return [Reply("\n".join(render.scoreboard(state)))]
        if isinstance(cmd, parse.ShowChains):
            return [Reply("\n".join(render.chains(state)))]
        if isinstance(cmd, parse.Rules) and not cmd.args:
            return [Reply("\n".join(render.rules(state)))]
        if isinstance(cmd, parse.ShowHelp):
            return [Reply(render.help_text(state.system, state.options))]

        if isinstance(cmd, parse.Rules) and len(cmd.args) > 2 and not render.counts_fan(state):
            return await self._several_rules(session, seq, state, cmd, speaker, text, message_id, authorised)
        detail: dict[str, Any] | None = None
        reads: list[ReadHand] = []
        redo = isinstance(cmd, parse.RedoLast)
        if redo or (isinstance(cmd, parse.UndoLast) and not decide.only_opened(state)):
            span = await self._message_span(session, state, redo=redo)
            if span > 1:
                return await self._undo_message(session, seq, state, cmd, span, speaker, text, message_id)
        if isinstance(cmd, parse.RecordWin | parse.RecordSelfDraw):
            event, reads, detail = await self.hand_event(state, cmd, text)
        elif isinstance(cmd, parse.RecordShuxin):  # 字牌's 數信: built from the win's kept hand
            event = await shuxin_event(self.store, session, state, cmd)
        else:
            event = decide.table_event(state, cmd, speaker, creator=session.creator, authorised=authorised)
        t = decide.checked(state, event)
        if isinstance(cmd, parse.UndoLast) and isinstance(event, SessionEnded):
            replies = [Reply(render.cancelled(speaker, state))]
        else:
            replies = event_replies(session.id, seq, state, event, t, reads, speaker)
            if t.state.ended:  # 埋數 (or 重做 of one): the evening's chart goes with its reply
                replies = await with_chart(replies, self.store, session, t.state)
        await self.book.append(
            session,
            seq,
            event,
            t,
            speaker=speaker,
            text=text,
            message_id=message_id,
            detail=detail,
            replies=replies,
        )
        return replies

    async def _several_rules(
        self,
        session: SessionRow,
        seq: int,
        state: TableState,
        cmd: parse.Rules,
        speaker: str,
        text: str,
        message_id: str | None,
        authorised: bool,
    ) -> list[Reply]:
        """``規則 底 100 台 50`` at a table of another game: one ``RuleChanged`` per pair
        (:func:`~.decide.game_rule_events`), booked together as events ``seq + 1`` … in one
        transaction, with one reply; the message id marks the last of them (the earlier ones carry
        ``<id>:<n>``), so a message delivered twice is booked once."""
        if not authorised and speaker != session.creator:
            raise Refused(render.rules_creator_only(session.creator))
        events = decide.game_rule_events(state, cmd.args)
        lines: list[str] = []
        rows: list[dict[str, Any]] = []
        now = state
        for i, event in enumerate(events):
            t = decide.checked(now, event)
            lines += render.table_event(t.state, event, t.payments, now)
            last = i == len(events) - 1
            source = message_id if last or message_id is None else f"{message_id}:{i + 1}"
            rows.append(
                {
                    "speaker": speaker,
                    "kind": event.kind,
                    "payload": event.to_dict(),
                    "source_message_id": source,
                    "source_text": text,
                    "detail": {"message_seq": seq + 1},  # one message: one 撤銷 (Book.message_span)
                }
            )
            now = t.state
        replies = [Reply("\n".join(lines))]
        await self.book.append_many(session, seq, rows, now, replies)
        return replies

    async def _message_span(self, session: SessionRow, state: TableState, *, redo: bool) -> int:
        """How many events one 撤銷 (``redo``: 重做) takes back (:meth:`Book.message_span`); only a
        rule change can be one of several events of a message (``規則 底 200 台 100``), so any other
        event is 1 without reading the log."""
        waiting = state.redo[-1] if redo and state.redo else None
        last = state.history[-1].event if state.history else None
        if not isinstance(waiting if redo else last, RuleChanged):
            return 1
        return await self.book.message_span(session, redo=redo)

    async def _undo_message(
        self,
        session: SessionRow,
        seq: int,
        state: TableState,
        cmd: parse.UndoLast | parse.RedoLast,
        span: int,
        speaker: str,
        text: str,
        message_id: str | None,
    ) -> list[Reply]:
        """撤銷 / 重做 of a message that booked ``span`` events: ``span`` ``Undo`` (``Redo``) events
        booked together in one transaction with one reply, each checked by the core; the message id
        marks the last of them (the earlier ones carry ``<id>:<n>``), as :meth:`_several_rules`."""
        lines: list[str] = []
        rows: list[dict[str, Any]] = []
        now = state
        t = None
        event: Undo | Redo = Undo(by=speaker)
        for i in range(span):
            event = Undo(by=speaker) if isinstance(cmd, parse.UndoLast) else Redo(by=speaker)
            t = decide.checked(now, event)
            if isinstance(event, Undo):
                lines += render.undone(speaker, now, t.state)
            else:
                lines.append(render.redone(speaker, t.state.history[-1].event, now))
            last = i == span - 1
            source = message_id if last or message_id is None else f"{message_id}:{i + 1}"
            rows.append(
                {
                    "speaker": speaker,
                    "kind": event.kind,
                    "payload": event.to_dict(),
                    "source_message_id": source,
                    "source_text": text,
                    "detail": {"message_seq": seq + 1},
                }
            )
            now = t.state
        assert t is not None
        lines.append(render.next_hand(now))
        replies = [Reply("\n".join(lines), after_event(session.id, seq + span, event, t))]
        await self.book.append_many(session, seq, rows, now, replies)
        return replies

    async def _no_table(
        self, chat: ChatRef, speaker: str, text: str, message_id: str | None, cmd: Command
    ) -> list[Reply]:
        """``cmd`` in a chat with no open table: 撤銷 after 埋數 reopens it, 計數 shows the final
        result; talk is ignored; anything else is refused (no table, or settled already)."""
        if isinstance(cmd, parse.UndoLast | parse.ShowScore):
            settled = await self._settled(chat)
            if settled is not None and isinstance(cmd, parse.UndoLast):
                return await self._reopen(speaker, text, message_id, *settled)
            if settled is not None:  # 計數 after 埋數: the final result, and how to take it back
                ended = settled[2]
                if decide.cancelled(ended):
                    return [Reply(render.no_table_cancelled(ended))]
                lines = [render.no_table_settled(), *render.settled(ended, transfers(ended))]
                return [Reply("\n".join(lines))]
        if not cmd.slash and cmd.loose:
            raise Ignored
        if (
            not cmd.slash
            and isinstance(cmd, parse.RecordWin | parse.RecordSelfDraw)
            and not decide.all_counts(cmd.legs)
        ):
            raise Ignored
        latest = await self.store.latest_session(chat)
        settling = isinstance(cmd, parse.Settle | parse.UndoLast | parse.RedoLast)
        if settling and latest is not None and latest.status == "ended":
            raise Refused(render.already_settled())
        raise Refused(render.no_table(None if latest is None else latest.system))  # the last table's game

    async def hand_event(
        self, state: TableState, cmd: parse.RecordWin | parse.RecordSelfDraw, text: str
    ) -> tuple[Event, list[ReadHand], dict[str, Any]]:
        """The event of a win or self-draw message, its legs' readings, and the detail kept with it
        (``{"legs": [...]}`` for a win, the one reading's for a self-draw): each leg is named and
        checked (:mod:`.decide`), read (:meth:`_read`), and checked again with its reading.  A win on a
        card turned from the pile (:func:`.decide.turned_win`, 字牌) is the game's own event.

        Raises:
            Refused: a name not at the table, a hand that does not read or does not fit the command.
            Ignored: talk.
        """
        turned = decide.turned_win(state, cmd) if isinstance(cmd, parse.RecordWin) else None
        if turned is not None:  # 字牌's 「B 食 翻 …」: the game's own win, its hand read as taken (食)
            to_read, build = turned
            read = await self._read(state, to_read, text)
            if read.self_drawn:
                raise Refused(render.hand_says_self_drawn())
            return build(to_read.winner, read.fan), [read], {"legs": [read.detail()]}
        if isinstance(cmd, parse.RecordWin):
            discarder = decide.win_discarder(state, cmd)
            legs = []
            reads: list[ReadHand] = []
            for leg in cmd.legs:
                to_read = decide.win_leg(state, cmd, discarder, leg)
                read = await self._read(state, to_read, text)
                legs.append(decide.win_leg_read(to_read, read, cmd))
                reads.append(read)
            return decide.win_event(discarder, legs), reads, {"legs": [r.detail() for r in reads]}
        plan = decide.self_draw_plan(state, cmd)
        read = await self._read(state, plan.leg, text)
        return decide.self_draw_event(plan, read), [read], read.detail()

    async def _read(self, state: TableState, to_read: decide.LegToRead, text: str) -> ReadHand:
        """Read a leg's hand (a bare count, or a hand message with its context words).

        A hand message is parsed and scored on the scoring pool (:data:`hands.SCORING`, its own
        bounded threads), within a budget, so a slow hand never blocks the event loop (other chats,
        other platforms) nor the default executor; the chat's lock is held meanwhile, so this chat's
        messages stay in order and one chat holds at most one scoring thread.

        Raises:
            Refused: the hand's error, pointing at its place in ``text``.
        """
        hand = to_read.hand
        try:
            if read_count(hand) is not None:
                return read_hand(hand, state, to_read.winner, None)
            return await SCORING.run(self._read_hand_now, hand, state, to_read.winner)
        except HandError as err:
            offset = max(text.find(to_read.leg.hand), 0)
            raise Refused(render.hand_error(err, offset=offset, system_id=state.system)) from err

    def _read_hand_now(self, hand: str, state: TableState, winner: str) -> ReadHand:
        """:func:`read_hand` with the table's rules (loaded once) within a hand budget, in a scoring
        process; runs on a scoring thread."""
        return SCORING.score(hand, state, winner, self.rules_for(state.system))

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
        one transaction (:meth:`Book.reopen`).  The core gives back the state before the 埋數
        (balances, dealer and the 拉 chains it settled).

        Raises :class:`Refused` when a new table was opened in the chat meanwhile (the old one stays
        settled), and :class:`DuplicateMessage` / :class:`SeqConflict` from the store."""
        event = Undo(by=speaker)
        t = decide.checked(state, event)
        ended_by = (await self.store.events(session.id, after_seq=seq - 1))[-1].source_text or ""
        try:
            said = parse_command(ended_by)
        except CommandError:
            said = None
        if decide.only_opened(t.state) and not isinstance(said, parse.UndoLast):  # 埋數 of an empty table
            lines = [render.reopened_settled(speaker, t.state), *render.scoreboard(t.state)]
        else:
            lines = [render.reopened(speaker, t.state), *render.scoreboard(t.state)]
        replies = [Reply("\n".join(lines))]
        try:
            await self.book.reopen(
                session, seq, event, t, speaker=speaker, text=text, message_id=message_id, replies=replies
            )
        except SessionAlreadyOpen as exc:
            raise Refused(render.reopen_refused()) from exc
        return replies

    async def _read_only(
        self, chat: ChatRef, cmd: parse.ShowHistory | parse.Export, session: SessionRow | None
    ) -> list[Reply]:
        """``/history`` and ``/export`` of the open session, else of the chat's latest (ended) one,
        its money in that session's own currency (``sessions.currency``)."""
        if session is None:
            session = await self.store.latest_session(chat)
            if session is None:
                raise Refused(render.no_table())
        _seq, state = await self.state_of(session)
        if isinstance(cmd, parse.ShowHistory):
            with use_currency(session.currency):  # that night's money, whatever the chat's is now
                return [history_reply(chat, session.id, state)]
        # built in memory, dated on the calendar the stats use (STATS_TIMEZONE)
        document = await session_document(self.store, chat, session, state, self.stats_book.zone)
        name, data = document.filename, document.content
        if not (self._export_files or self._export_dir is not None):
            return [Reply(render.exported_document(name, len(state.history)), document=document)]
        path = (self._export_dir or default_export_dir(self.store)) / name
        try:
            await asyncio.to_thread(write_file, path, data)
        except OSError as exc:  # a folder that cannot be made or written (--export-dir /proc/x)
            raise Refused(render.export_not_written(str(path.parent), exc.strerror or str(exc))) from exc
        return [Reply(render.exported(str(path), len(state.history)), document=document)]

    async def _open(
        self,
        chat: ChatRef,
        speaker: str,
        text: str,
        message_id: str | None,
        cmd: parse.OpenTable,
        session: SessionRow | None,
    ) -> list[Reply]:
        """``開枱``: a new session with its 開枱 event (the game named, else 港式台牌, and its options),
        refused while one is open."""
        if session is not None:
            _seq, state = await self.state_of(session)
            waiting = [e for e in state.redo if not isinstance(e, RuleChanged)]
            if decide.only_opened(state) and waiting:  # 撤銷 would not cancel it: do not offer it
                raise Refused(render.already_open_waiting(state, state.redo[-1]))
            raise Refused(render.already_open(state))
        system = system_by_id(cmd.system or DEFAULT_SYSTEM)
        # the service's options are hk-taiwan's; another game starts from its own preset
        options = self._options if system.id == DEFAULT_SYSTEM else None
        event = TableOpened(players=cmd.players, options=options, system=system.id)  # type: ignore[arg-type]
        t = decide.checked(None, event)
        set_rows: list[str] = []
        if cmd.settings:  # 開枱 … 百搭 窗 四萬: the settings in the one 開枱 event
            with use_locale(cmd.locale or current_locale()):
                ruled = wildwords.open_with(t.state, cmd.settings)
            if isinstance(ruled, str):
                raise Refused(ruled)
            event = TableOpened(players=cmd.players, options=ruled[0], system=system.id)
            t, set_rows = decide.checked(None, event), ruled[1]
        back = await remembered.returning(self, chat, cmd.players)  # seated again, by user id
        # 開枱 … English: the table's replies in the language it names, and the chat keeps it
        with use_locale(cmd.locale or current_locale()):
            lines = [*set_rows, *remembered.back_lines(t.state, back)]
            opened = "\n".join([render.opened(t.state), *lines, render.next_hand(t.state)])
            replies = [Reply(opened, remembered.open_buttons(t.state))]
        try:
            new = await self.book.open_table(
                chat, event, t, creator=speaker, text=text, message_id=message_id, replies=replies
            )
        except SessionAlreadyOpen as exc:
            raise Refused(render.already_open(None)) from exc
        if cmd.locale:
            await self.set_chat_locale(chat, cmd.locale)
        await remembered.seat_again(self, new, t.state, back)
        return replies


MAX_SPEAKER = 64
"""Speaker names longer than this are cut (they are only recorded and shown)."""


def clean_speaker(speaker: str) -> str:
    """A speaker's name without control or format characters (``\\x00``, bidi overrides …) and
    surrounding space, at most :data:`MAX_SPEAKER` characters; ``?`` when nothing is left."""
    kept = "".join(" " if c.isspace() else c for c in speaker if not has_control(c, allow="\t\n"))
    return " ".join(kept.split())[:MAX_SPEAKER] or "?"


def clean_text(text: str) -> str:
    """A message without control or format characters other than line breaks and tabs (a NUL cannot
    be stored in PostgreSQL text, and none of them means anything to a command), and without a zero
    width joiner except between emoji (👨‍👩‍👧): at every game a hand reads as it shows, 三‍三三 as
    三三三 (the readers of the games read one as a space, :data:`taipai.core.notation_words.INVISIBLE`)."""
    if not has_control(text, allow="\t\n\r") and "\u200d" not in text:
        return text
    kept: list[str] = []
    for c in text:
        if c == "\u200d" and (not kept or unicodedata.category(kept[-1])[0] in "LNZP"):
            continue  # a joiner after a letter, number, space or mark joins no emoji
        if not has_control(c, allow="\t\n\r"):
            kept.append(c)
    return "".join(kept)
