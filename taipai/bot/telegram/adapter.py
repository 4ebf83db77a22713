"""Telegram adapter: thin glue between python-telegram-bot's :class:`~telegram.ext.Application` and the
service (DESIGN §1: no game logic here).

- **Updates**: text messages (slash commands and free-text hands: in groups the bot sees free text
  only with privacy mode off or as an admin), edited messages (:meth:`Service.edit`) and inline
  button presses (:meth:`Service.press`).  The service's source-message key is
  ``"<chat_id>:<message_id>"``, so an update delivered twice is booked once.
- **Order**: updates run concurrently across chats but one at a time within a chat
  (:class:`ChatOrderedProcessor`).
- **Rate**: at most ``group_rate`` new messages per ``group_period`` seconds in a group (Telegram
  allows about 20 a minute); ``計數`` edits the standing scoreboard message when it is still near
  the bottom of the chat instead of posting a new one, and after every booked event the standing
  scoreboard is edited in place (edits are not new messages).
- **Server**: ``base_url`` points the bot at a self-hosted Bot API server (``TELEGRAM_API_BASE_URL``,
  e.g. ``http://127.0.0.1:8081/bot``); the token is appended (or replaces ``{token}``).
- **HTTP**: Bot API calls go through aiohttp (:class:`~taipai.bot.telegram.transport.AiohttpRequest`),
  not python-telegram-bot's default httpx transport, which cost the bot about half its CPU per message.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from telegram import (
    BotCommand,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputFile,
    ReplyParameters,
    Update,
)
from telegram.constants import ChatType
from telegram.error import BadRequest, InvalidToken, NetworkError, TelegramError
from telegram.ext import (
    Application,
    BaseUpdateProcessor,
    CallbackQueryHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from taipai.bot.i18n import N_, _, gettext_in
from taipai.bot.service import Reply, Service, parse_command
from taipai.bot.service.buttons import rows
from taipai.bot.service.identity import Member
from taipai.bot.store import ChatRef
from taipai.bot.telegram.transport import AiohttpRequest

log = logging.getLogger(__name__)

PLATFORM = "telegram"
SCOREBOARD_NEAR = 10
"""``計數`` edits the standing scoreboard when it is at most this many messages from the newest."""
ADMIN_TTL = 600.0
"""Seconds a chat's administrator list is cached."""
POLL_INTERVAL = 0.02
"""Default seconds between the answer to one ``getUpdates`` and the next call.  While updates are
flowing one poll then brings those of the last 20 ms together (at 100 hand messages/s about 0.4 polls
per message instead of one: a Bot API round trip, about 1 ms of the bot's CPU, saved for most
messages) for at most 20 ms more latency; an idle bot's long poll still answers a message at once."""

COMMANDS: tuple[tuple[str, str], ...] = (
    ("newgame", N_("open a table: /newgame A B C D (A deals first)")),
    ("win", N_("a win on a discard: /win winner discarder hand-or-fan")),
    ("selfdraw", N_("a self-draw: /selfdraw winner hand-or-fan")),
    ("draw", N_("exhaustive draw (流局)")),
    ("undo", N_("undo the last event (撤銷)")),
    ("redo", N_("redo what was undone (重做)")),
    ("cut", N_("pay the 拉 chain now (斬)")),
    ("nocut", N_("let the 拉 chain run on (唔斬)")),
    ("score", N_("balances, dealer and 拉 (計數)")),
    ("chains", N_("the 拉 chains running between players")),
    ("settle", N_("end the session and settle (埋數)")),
    ("sit", N_("take your seat: /sit 南 or /sit name")),
    ("lang", N_("reply language: /lang en or /lang zh")),
    ("rules", N_("show or change the table's rules")),
    ("history", N_("the hands so far")),
    ("export", N_("the session as a CSV file")),
    ("help", N_("all commands")),
)
"""``setMyCommands`` entries: command name and the msgid of its description (en and zh)."""


class TelegramStartupError(RuntimeError):
    """The bot could not start (bad token, unreachable Bot API server); the message never holds the token."""


class ChatOrderedProcessor(BaseUpdateProcessor):
    """Process updates concurrently, but those of one chat strictly in arrival order.

    python-telegram-bot starts one task per update in arrival order; each task first waits for its
    chat's :class:`asyncio.Lock` (FIFO), so a chat's updates never overtake each other.
    """

    def __init__(self, max_concurrent_updates: int = 256) -> None:
        super().__init__(max_concurrent_updates)
        self._locks: dict[int, asyncio.Lock] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat = update.effective_chat if isinstance(update, Update) else None
        if chat is None:
            await coroutine
            return
        lock = self._locks.setdefault(chat.id, asyncio.Lock())
        async with lock:
            await coroutine

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to tear down."""


class _Window:
    """Sliding-window budget: ``limit`` sends per ``period`` seconds (``limit=None``: unlimited)."""

    def __init__(self, limit: int | None, period: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.period, self.clock = limit, period, clock
        self.sent: deque[float] = deque()

    def _trim(self) -> None:
        now = self.clock()
        while self.sent and now - self.sent[0] >= self.period:
            self.sent.popleft()

    async def acquire(self) -> None:
        """Wait (real time: Telegram's limit is real time) until a send fits the budget, then take it."""
        if self.limit is None:
            return
        self._trim()
        while len(self.sent) >= self.limit:
            await asyncio.sleep(self.period - (self.clock() - self.sent[0]))
            self._trim()
        self.sent.append(self.clock())


class TelegramBot:
    """The Telegram bot around a :class:`Service`.

    Args:
        service: the shared service (one database for every adapter).
        token: the bot token (never logged).
        base_url: Bot API base URL, default ``https://api.telegram.org/bot``; a self-hosted server is
            ``http://host:port/bot``.  ``base_file_url`` defaults to the same URL with ``/file/bot``.
        group_rate: new messages allowed per group per ``group_period`` seconds (``None``: no limit).
        poll_timeout: long-polling timeout of ``getUpdates`` in seconds (stopping waits for the
            poll in flight, so keep it below the process manager's stop grace period).
        poll_interval: seconds to wait after each ``getUpdates`` answer before the next call
            (:data:`POLL_INTERVAL`; 0 polls again at once, one round trip per update under load).
        scoreboard_refresh: edit the standing scoreboard after every booked event.
    """

    def __init__(
        self,
        service: Service,
        token: str,
        *,
        base_url: str | None = None,
        base_file_url: str | None = None,
        group_rate: int | None = 20,
        group_period: float = 60.0,
        poll_timeout: int = 8,
        poll_interval: float = POLL_INTERVAL,
        scoreboard_refresh: bool = True,
    ) -> None:
        self.service = service
        self.group_rate, self.group_period = group_rate, group_period
        self.poll_timeout = poll_timeout
        self.poll_interval = poll_interval
        self.scoreboard_refresh = scoreboard_refresh
        builder = (
            Application.builder()
            .token(token)
            .concurrent_updates(ChatOrderedProcessor())
            .request(AiohttpRequest())
            .get_updates_request(AiohttpRequest(connection_pool_size=1))
        )
        if base_url:
            builder = builder.base_url(base_url)
            builder = builder.base_file_url(base_file_url or _file_url(base_url))
        self.app = builder.build()
        self.app.add_handler(MessageHandler(filters.UpdateType.MESSAGE & filters.TEXT, self._on_message))
        self.app.add_handler(
            MessageHandler(filters.UpdateType.EDITED_MESSAGE & filters.TEXT, self._on_edited)
        )
        self.app.add_handler(CallbackQueryHandler(self._on_press))
        self.app.add_error_handler(self._on_error)
        self._windows: dict[int, _Window] = {}
        self._newest: dict[int, int] = {}
        self._boards: dict[int, int | None] = {}
        self._admins: dict[int, tuple[float, frozenset[int]]] = {}
        self._refresh: dict[int, asyncio.Task[None]] = {}

    # ------------------------------------------------------------------ life cycle
    async def start(self) -> None:
        """Check the token (``getMe``), register the commands, start polling.

        Raises :class:`TelegramStartupError` for a rejected token or an unreachable server.
        """
        await self.start_app()
        assert self.app.updater is not None
        await self.app.updater.start_polling(
            poll_interval=self.poll_interval,
            timeout=self.poll_timeout,
            allowed_updates=["message", "edited_message", "callback_query"],
        )

    async def start_app(self) -> None:
        """Check the token (``getMe``), register the commands and start the Application, without
        receiving updates yet (polling and webhook mode both begin here).

        Raises :class:`TelegramStartupError` for a rejected token or an unreachable server.
        """
        try:
            await self.app.initialize()
        except InvalidToken as exc:
            raise TelegramStartupError(
                _("Telegram rejected TELEGRAM_BOT_TOKEN (getMe failed): check the token from @BotFather.")
            ) from exc
        except NetworkError as exc:
            raise TelegramStartupError(
                _(
                    "Cannot reach the Telegram Bot API server ({error}); check the network and "
                    "TELEGRAM_API_BASE_URL."
                ).format(error=type(exc).__name__)
            ) from exc
        await self.register_commands()
        await self.app.start()

    async def stop(self) -> None:
        """Stop polling (confirming the last update), finish the updates in hand, close the session."""
        if self.app.updater is not None and self.app.updater.running:
            await self.app.updater.stop()
        if self.app.running:
            await self.app.stop()
        for task in list(self._refresh.values()):
            with contextlib.suppress(asyncio.CancelledError, TelegramError):
                await task
        await self.app.shutdown()

    async def run(self, stop: asyncio.Event) -> None:
        """:meth:`start`, wait for ``stop`` to be set, :meth:`stop`."""
        await self.start()
        try:
            await stop.wait()
        finally:
            await self.stop()

    async def register_commands(self) -> None:
        """``setMyCommands`` in Cantonese (default and ``zh``) and English (``en``)."""
        for lang, locale in ((None, "zh_Hant_HK"), ("zh", "zh_Hant_HK"), ("en", "en")):
            commands = [BotCommand(name, gettext_in(locale, desc)) for name, desc in COMMANDS]
            await self.app.bot.set_my_commands(commands, language_code=lang)

    # ------------------------------------------------------------------ handlers
    async def _on_message(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        msg = update.message
        if msg is None or msg.text is None or msg.from_user is None or msg.from_user.is_bot:
            return
        chat, member = await self._who(update)
        self._seen(msg.chat_id, msg.message_id)
        key = f"{msg.chat_id}:{msg.message_id}"
        replies = await self.service.handle(chat, member.display, msg.text, key, member=member)
        if not replies:
            return
        if len(replies) == 1 and not replies[0].buttons and self._is_score(msg.text):
            await self._scoreboard(msg.chat_id, chat, replies[0], reply_to=msg.message_id)
            return
        await self._post(msg.chat_id, replies, reply_to=msg.message_id)
        if any(r.buttons for r in replies):
            self._schedule_refresh(msg.chat_id, chat)

    async def _on_edited(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        msg = update.edited_message
        if msg is None or msg.text is None or msg.from_user is None or msg.from_user.is_bot:
            return
        chat, member = await self._who(update)
        key = f"{msg.chat_id}:{msg.message_id}"
        replies = await self.service.edit(chat, member.display, key, msg.text, member=member)
        await self._post(msg.chat_id, replies, reply_to=msg.message_id)

    async def _on_press(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None or query.data is None or query.message is None:
            return
        chat, member = await self._who(update)
        pressed = await self.service.press(chat, member.display, query.data, member=member)
        await query.answer(pressed.notice or None)
        await self._post(query.message.chat.id, pressed.replies, reply_to=query.message.message_id)
        if pressed.replies:
            self._schedule_refresh(query.message.chat.id, chat)

    async def _on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        log.error("error while handling a Telegram update", exc_info=context.error)

    # ------------------------------------------------------------------ who
    async def _who(self, update: Update) -> tuple[ChatRef, Member]:
        user = update.effective_user
        tg_chat = update.effective_chat
        assert user is not None and tg_chat is not None
        chat = ChatRef(PLATFORM, str(tg_chat.id))
        private = tg_chat.type == ChatType.PRIVATE
        admin = private or user.id in await self._admin_ids(tg_chat.id)
        member = Member(
            user_id=str(user.id),
            display=user.full_name,
            username=user.username,
            is_admin=admin,
            language=user.language_code,
        )
        return chat, member

    async def _admin_ids(self, chat_id: int) -> frozenset[int]:
        cached = self._admins.get(chat_id)
        now = time.monotonic()
        if cached is not None and now - cached[0] < ADMIN_TTL:
            return cached[1]
        try:
            admins = await self.app.bot.get_chat_administrators(chat_id)
            ids = frozenset(a.user.id for a in admins)
        except TelegramError:
            ids = frozenset()
        self._admins[chat_id] = (now, ids)
        return ids

    # ------------------------------------------------------------------ sending
    def _window(self, chat_id: int) -> _Window:
        w = self._windows.get(chat_id)
        if w is None:
            limit = self.group_rate if chat_id < 0 else None  # group and channel ids are negative
            w = self._windows[chat_id] = _Window(limit, self.group_period)
        return w

    def _seen(self, chat_id: int, message_id: int) -> None:
        self._newest[chat_id] = max(self._newest.get(chat_id, 0), message_id)

    async def _post(self, chat_id: int, replies: Sequence[Reply], *, reply_to: int | None = None) -> None:
        for reply in replies:
            await self._window(chat_id).acquire()
            markup = _markup(reply)
            quote = (
                ReplyParameters(message_id=reply_to, allow_sending_without_reply=True) if reply_to else None
            )
            document = getattr(reply, "document", None)
            if document is not None:
                sent = await self.app.bot.send_document(
                    chat_id,
                    InputFile(document.content, filename=document.filename),
                    caption=reply.text[:1024],
                    reply_parameters=quote,
                )
            else:
                sent = await self.app.bot.send_message(
                    chat_id, reply.text, reply_markup=markup, reply_parameters=quote
                )
            self._seen(chat_id, sent.message_id)
            reply_to = None

    @staticmethod
    def _is_score(text: str) -> bool:
        try:
            cmd = parse_command(text)
        except ValueError:
            return False
        return cmd is not None and cmd.kind == "score"

    async def _board_id(self, chat_id: int, chat: ChatRef) -> int | None:
        if chat_id not in self._boards:
            stored = (await self.service.chats.chat_settings(chat))[1]
            self._boards[chat_id] = int(stored) if stored else None
        return self._boards[chat_id]

    async def _scoreboard(self, chat_id: int, chat: ChatRef, reply: Reply, *, reply_to: int) -> None:
        """``計數``: edit the standing scoreboard when it is near the bottom, else post a new one."""
        board = await self._board_id(chat_id, chat)
        near = board is not None and self._newest.get(chat_id, 0) - board <= SCOREBOARD_NEAR
        if near and board is not None and await self._edit(chat_id, board, reply.text):
            return
        await self._window(chat_id).acquire()
        quote = ReplyParameters(message_id=reply_to, allow_sending_without_reply=True)
        sent = await self.app.bot.send_message(chat_id, reply.text, reply_parameters=quote)
        self._seen(chat_id, sent.message_id)
        self._boards[chat_id] = sent.message_id
        await self.service.chats.set_chat(chat, scoreboard_message_id=str(sent.message_id))

    async def _edit(self, chat_id: int, message_id: int, text: str) -> bool:
        try:
            await self.app.bot.edit_message_text(text, chat_id=chat_id, message_id=message_id)
        except BadRequest as exc:
            return "not modified" in str(exc).lower()  # unchanged text is still a standing scoreboard
        except TelegramError:
            return False
        return True

    def _schedule_refresh(self, chat_id: int, chat: ChatRef) -> None:
        """Edit the standing scoreboard to the table's state, off the reply path (one at a time per chat)."""
        if not self.scoreboard_refresh or chat_id in self._refresh:
            return
        if chat_id in self._boards and self._boards[chat_id] is None:
            return  # no standing scoreboard in this chat (what refresh() would find): no task

        async def refresh() -> None:
            try:
                board = await self._board_id(chat_id, chat)
                if board is None:
                    return
                replies = await self.service.handle(chat, "", "/score")
                if replies:
                    await self._edit(chat_id, board, replies[0].text)
            finally:
                self._refresh.pop(chat_id, None)

        self._refresh[chat_id] = asyncio.get_running_loop().create_task(refresh())


def _markup(reply: Reply) -> InlineKeyboardMarkup | None:
    if not reply.buttons:
        return None
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(b.label, callback_data=b.data) for b in row] for row in rows(reply.buttons)]
    )


def _file_url(base_url: str) -> str:
    """``http://h:p/bot`` → ``http://h:p/file/bot`` (the Bot API's file URL beside its method URL)."""
    head, sep, tail = base_url.rstrip("/").rpartition("/")
    return f"{head}/file/{tail}" if sep else base_url


async def run_telegram(settings: Any, service: Service, stop: asyncio.Event) -> None:
    """Run the Telegram bot from :class:`~taipai.bot.settings.Settings` until ``stop`` is set.

    Polling mode touches ``HEARTBEAT_FILE`` (when set) every :data:`HEARTBEAT_PERIOD` seconds while
    polling runs; webhook mode serves ``/healthz`` instead (:mod:`taipai.bot.telegram.webhook`).
    Raises :class:`TelegramStartupError` (bad token, unreachable server, webhook settings missing).
    """
    token = settings.telegram_bot_token.get_secret_value() if settings.telegram_bot_token else ""
    if not token:
        raise TelegramStartupError(_("TELEGRAM_BOT_TOKEN is not set."))
    if settings.telegram_mode not in ("polling", "webhook"):
        raise TelegramStartupError(
            _("TELEGRAM_MODE must be polling or webhook, not {mode}.").format(mode=settings.telegram_mode)
        )
    bot = TelegramBot(service, token, base_url=settings.telegram_api_base_url or None)
    if settings.telegram_mode == "webhook":
        await _run_webhook(bot, settings, stop)
        return
    heartbeat = getattr(settings, "heartbeat_file", None)
    await bot.start()
    beat = asyncio.ensure_future(_heartbeat(bot, heartbeat, stop)) if heartbeat else None
    try:
        await stop.wait()
    finally:
        if beat is not None:
            beat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await beat
        await bot.stop()


HEARTBEAT_PERIOD = 15.0
"""Seconds between touches of ``HEARTBEAT_FILE`` in polling mode (the image's health check allows 90)."""


async def _heartbeat(bot: TelegramBot, path: str, stop: asyncio.Event) -> None:
    """Touch ``path`` now and every :data:`HEARTBEAT_PERIOD` s while the updater polls, until ``stop``."""
    from pathlib import Path

    file = Path(path)
    while not stop.is_set():
        if bot.app.updater is not None and bot.app.updater.running:
            file.parent.mkdir(parents=True, exist_ok=True)
            file.touch()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), HEARTBEAT_PERIOD)


async def _run_webhook(bot: TelegramBot, settings: Any, stop: asyncio.Event) -> None:
    """Webhook mode: start the Application, serve the webhook and ``/healthz`` on ``LISTEN_PORT``,
    register the webhook with Telegram (``setWebhook`` with the secret token), run until ``stop``."""
    from taipai.bot.telegram.webhook import ALLOWED_UPDATES, WebhookServer, webhook_path

    if not settings.telegram_webhook_url:
        raise TelegramStartupError(_("TELEGRAM_MODE=webhook needs TELEGRAM_WEBHOOK_URL."))
    secret = settings.telegram_webhook_secret.get_secret_value() if settings.telegram_webhook_secret else ""
    if not secret:
        raise TelegramStartupError(_("TELEGRAM_MODE=webhook needs TELEGRAM_WEBHOOK_SECRET."))
    await bot.start_app()
    server = WebhookServer(
        bot,
        path=webhook_path(settings.telegram_webhook_url),
        secret=secret,
        healthy=bot.service.store.ping,
    )
    try:
        await server.start("0.0.0.0", settings.listen_port)
        await bot.app.bot.set_webhook(
            settings.telegram_webhook_url, secret_token=secret, allowed_updates=ALLOWED_UPDATES
        )
        await stop.wait()
    finally:
        await server.stop()  # no new updates; the queued ones finish in bot.stop()
        await bot.stop()
