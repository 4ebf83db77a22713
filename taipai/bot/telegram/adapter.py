"""Telegram adapter: thin glue between python-telegram-bot and the service (DESIGN §1: no game logic
here), through the inbox and the outbox (:mod:`taipai.bot.delivery`).

- **In**: polling is our own loop over ``getUpdates`` (:meth:`TelegramBot.poll`), not
  python-telegram-bot's ``Updater``, which confirms a batch (the next offset) as soon as it has it:
  here each fetched batch is stored in the inbox (one transaction) before the next ``getUpdates``
  confirms it.  Webhook mode stores the update before answering 200
  (:mod:`taipai.bot.telegram.webhook`).  A crash therefore never loses an update Telegram saw
  acknowledged; a redelivered one is stored once (unique ``update_id``) and a redelivered message
  booked once (the service's source-message key ``"<chat_id>:<message_id>"``).
- **Handling**: each chat's stored updates are handled one at a time in arrival order by that chat's
  worker task (:meth:`TelegramBot.handle`): text messages (slash commands and free-text hands; in
  groups the bot sees free text only with privacy mode off or as an admin), edited messages
  (:meth:`Service.edit`) and inline button presses (:meth:`Service.press`).  Chats do not wait for
  each other.
- **Out**: replies are stored in the outbox with their event and posted by the chat's sender task
  (:meth:`TelegramBot.send`), retried until Telegram accepts them.  New messages in a group go
  through :class:`~taipai.bot.telegram.ratelimit.ChatRateLimiter` (Telegram allows about 20 a
  minute); when a group's budget is spent its pending replies are coalesced into one message.
  ``計數`` edits the standing scoreboard when it is still near the bottom of the chat instead of
  posting a new one, and after every booked event the standing scoreboard is edited in place (edits
  are free of the budget).  Long replies are split at Telegram's 4,096 characters on line ends.
- **Server**: ``base_url`` points the bot at a self-hosted Bot API server (``TELEGRAM_API_BASE_URL``,
  e.g. ``http://127.0.0.1:8081/bot``); the token is appended (or replaces ``{token}``).
- **HTTP**: Bot API calls go through aiohttp (:class:`~taipai.bot.telegram.transport.AiohttpRequest`),
  not python-telegram-bot's default httpx transport, which cost the bot about half its CPU per message.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import functools
import logging
import time
import warnings
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from telegram import (
    BotCommand,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputFile,
    Message,
    ReplyParameters,
    Update,
)
from telegram.constants import ChatType
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
    TimedOut,
)
from telegram.ext import Application
from telegram.warnings import PTBDeprecationWarning, PTBUserWarning

from taipai.bot.delivery import Delivery, Permanent, RetryLater, Transient
from taipai.bot.i18n import N_, _, gettext_in, use_locale
from taipai.bot.service import Reply, Service, parse_command
from taipai.bot.service.buttons import rows
from taipai.bot.service.identity import Member
from taipai.bot.service.lru import LRUDict
from taipai.bot.service.split import TELEGRAM_LIMIT, split_text, utf16_len
from taipai.bot.store import ChatRef
from taipai.bot.store.inbox import InboxRow, Incoming
from taipai.bot.store.outbox import Booking, OutboxRow
from taipai.bot.telegram import groups
from taipai.bot.telegram.groups import TOPIC, chat_key, split_chat, topic_of
from taipai.bot.telegram.ratelimit import ChatRateLimiter
from taipai.bot.telegram.transport import AiohttpRequest
from taipai.core.registry import SYSTEMS

log = logging.getLogger(__name__)

PLATFORM = "telegram"
SCOREBOARD_NEAR = 10
"""``計數`` edits the standing scoreboard when it is at most this many messages from the newest."""
ADMIN_TTL = 600.0
"""Seconds a chat's administrator list is cached."""
CAPTION_LIMIT = 1024
"""Telegram's longest photo caption (UTF-16 units): a longer reply goes as text, then the photo."""
ADMIN_RETRY = 30.0
"""Seconds before a failed ``getChatAdministrators`` is asked again (not the whole :data:`ADMIN_TTL`)."""
POLL_INTERVAL = 0.02
"""Default seconds between the answer to one ``getUpdates`` and the next call.  While updates are
flowing one poll then brings those of the last 20 ms together (at 100 hand messages/s about 0.4 polls
per message instead of one: a Bot API round trip and an inbox transaction saved for most messages)
for at most 20 ms more latency; an idle bot's long poll still answers a message at once."""
ALLOWED_UPDATES = ["message", "edited_message", "callback_query", "my_chat_member"]
"""The update types the bot asks for (polling and ``setWebhook``)."""
CHAT_CACHE = 4096
"""Chats whose newest message id, scoreboard id and administrators are kept (least recently used)."""
POLL_READ_SLACK = 10.0
"""Seconds a ``getUpdates`` answer may take beyond its long-poll ``timeout``."""
COMMANDS_RETRY_MAX = 10.0
"""The longest wait, in seconds, for a ``RetryAfter`` on ``setMyCommands`` at start."""
DB_NOTICE_PERIOD = 300.0
"""Seconds between two "the database is unavailable" notices to one chat while updates cannot be stored."""
POLL_BACKOFF_MAX = 30.0
"""The longest wait, in seconds, between two ``getUpdates`` calls that failed."""

COMMANDS: tuple[tuple[str, str], ...] = (
    ("newgame", N_("open a table: /newgame A B C D, then a game if not 港式台牌 ({games}); A deals first")),
    ("win", N_("a win on a discard: /win winner discarder hand-or-fan")),
    ("selfdraw", N_("a self-draw: /selfdraw winner hand-or-fan")),
    ("flowerwin", N_("花胡 where the game books it: /flowerwin B (八仙過海)")),
    ("bird", N_("歡樂麻將's 鳥 right after a win: /bird 三萬 (who it lands on pays or collects double)")),
    ("shuxin", N_("字牌's 數信 right after a win: /shuxin 三 (each copy in the winner's hand is a share)")),
    ("draw", N_("exhaustive draw (流局)")),
    ("undo", N_("undo the last event (撤銷)")),
    ("redo", N_("redo what was undone (重做)")),
    ("cut", N_("pay the 拉 chain now (斬)")),
    ("nocut", N_("let the 拉 chain run on (唔斬)")),
    ("score", N_("balances, dealer and 拉 (計數)")),
    ("chains", N_("the 拉 chains running between players")),
    ("settle", N_("end the session and settle (埋數)")),
    ("sit", N_("take your seat: /sit 南 or /sit name")),
    ("leave", N_("give up your seat (離座); an admin: /leave 南")),
    ("lang", N_("reply language: /lang en or /lang zh")),
    ("currency", N_("money's currency: /currency HKD, USD, TWD or CNY")),
    ("rules", N_("show or change the table's rules")),
    ("record", N_("record a hand in taps (記牌)")),
    ("history", N_("the hands so far")),
    ("chart", N_("each player's balance hand by hand, as a picture (走勢)")),
    ("calc", N_("score and explain a hand, book nothing: /calc hand [image] (計番)")),
    ("waits", N_("what a hand one tile short waits on: /waits tiles (聽)")),
    ("export", N_("the session as a CSV file")),
    ("stats", N_("each player's figures: /stats session, month, season or all (戰績)")),
    ("leaderboard", N_("players ranked by net money: /leaderboard month, season or all (排行榜)")),
    ("season", N_("start a new season, a chat admin (新賽季)")),
    ("help", N_("all commands")),
)
"""``setMyCommands`` entries: command name and the msgid of its description (en and zh); ``{games}`` is
filled by :func:`command_menu`."""


def command_menu(locale: str) -> list[tuple[str, str]]:
    """The Telegram command menu in ``locale``: ``(command, description)`` for :data:`COMMANDS`, with the
    games a table may pick at /newgame (the registry's ids, in its order: ``hk-taiwan, taiwan, hk-old``)."""
    games = ", ".join(SYSTEMS)
    return [(name, gettext_in(locale, desc).replace("{games}", games)) for name, desc in COMMANDS]


class TelegramStartupError(RuntimeError):
    """The bot could not start (bad token, unreachable Bot API server); the message never holds the token."""


def update_chat_id(data: dict[str, Any]) -> str:
    """The chat an update (its Bot API JSON object) belongs to, as text; ``""`` for one without a chat.
    A forum topic's message belongs to ``"<chat_id>:<thread_id>"`` (:func:`.groups.chat_key`).

    Updates of one chat are handled in order, those of different chats independently."""
    for key in ("message", "edited_message", "channel_post", "edited_channel_post", "my_chat_member"):
        message = data.get(key) or {}
        chat = message.get("chat") or {}
        if "id" in chat:
            return chat_key(chat["id"], topic_of(message))
    message = (data.get("callback_query") or {}).get("message") or {}
    chat = message.get("chat") or {}
    return chat_key(chat["id"], topic_of(message)) if "id" in chat else ""


def _retry_after(exc: RetryAfter) -> float:
    """Seconds ``exc`` asks to wait (python-telegram-bot 22 gives an int or a timedelta)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PTBDeprecationWarning)  # the int form is deprecated
        value = exc.retry_after
    return value.total_seconds() if isinstance(value, timedelta) else float(value)


class TelegramBot:
    """The Telegram bot around a :class:`Service`.

    Args:
        service: the shared service (one database for every adapter).
        token: the bot token (never logged).
        base_url: Bot API base URL, default ``https://api.telegram.org/bot``; a self-hosted server is
            ``http://host:port/bot``.  ``base_file_url`` defaults to the same URL with ``/file/bot``.
        group_rate: new messages allowed per group per ``group_period`` seconds (``None``: no rate
            limiter at all, e.g. for a benchmark against a fake server).
        poll_timeout: long-polling timeout of ``getUpdates`` in seconds.
        poll_interval: seconds to wait after each ``getUpdates`` answer before the next call
            (:data:`POLL_INTERVAL`; 0 polls again at once, one round trip per update under load).
        scoreboard_refresh: edit the standing scoreboard after every booked event.
        lease, sweep: seconds (:class:`~taipai.bot.delivery.Delivery`).
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
        lease: float | None = None,
        sweep: float | None = None,
    ) -> None:
        self.service = service
        self.poll_timeout = poll_timeout
        self.poll_interval = poll_interval
        self.scoreboard_refresh = scoreboard_refresh
        self.limiter = ChatRateLimiter(group_rate, group_period) if group_rate is not None else None
        # kept so that a start that fails can close their HTTP sessions (start_app)
        self._requests = (AiohttpRequest(), AiohttpRequest(connection_pool_size=1))
        builder = (
            Application.builder()
            .token(token)
            .updater(None)
            .request(self._requests[0])
            .get_updates_request(self._requests[1])
        )
        if self.limiter is not None:
            builder = builder.rate_limiter(self.limiter)
        if base_url:
            builder = builder.base_url(base_url)
            builder = builder.base_file_url(base_file_url or _file_url(base_url))
        self.app = builder.build()
        timing: dict[str, float] = {}
        if lease is not None:
            timing["lease"] = lease
        if sweep is not None:
            timing["sweep"] = sweep
        self.delivery = Delivery(
            service.store,
            PLATFORM,
            handle=self.handle,
            send=self.send,
            budget_spent=self._budget_spent,
            **timing,
        )
        self._newest: LRUDict[int, int] = LRUDict(CHAT_CACHE)
        self._boards: LRUDict[str, int | None] = LRUDict(CHAT_CACHE)  # by chat key (a topic's own)
        self._warned: LRUDict[int, bool] = LRUDict(CHAT_CACHE)  # groups told about privacy mode
        self._admins: LRUDict[int, tuple[float, frozenset[int]]] = LRUDict(CHAT_CACHE)
        self._db_notices: LRUDict[str, float] = LRUDict(CHAT_CACHE)
        self._notices: set[asyncio.Task[None]] = set()
        self._refresh: dict[str, asyncio.Task[None]] = {}  # running tasks only, by chat key
        self._poller: asyncio.Task[None] | None = None
        self._polling = False
        self._started = False

    # ------------------------------------------------------------------ life cycle
    @property
    def polling(self) -> bool:
        """True while the polling loop runs."""
        return self._poller is not None and not self._poller.done()

    async def start(self) -> None:
        """Check the token (``getMe``), register the commands, take over what the inbox and outbox
        hold, start polling.

        Raises :class:`TelegramStartupError` for a rejected token or an unreachable server.
        """
        await self.start_app()
        with contextlib.suppress(TelegramError):
            await self.app.bot.delete_webhook()  # getUpdates is refused while a webhook is set
        self._polling = True
        self._poller = asyncio.get_running_loop().create_task(self.poll())

    async def start_app(self) -> None:
        """Check the token (``getMe``), register the commands, start the Application and the delivery
        (what is stored and not done is handled first), without receiving updates yet (polling and
        webhook mode both begin here).

        Raises :class:`TelegramStartupError` for a rejected token or an unreachable server.
        """
        try:
            await self._initialize()
        except TelegramStartupError:
            # python-telegram-bot shuts a bot's requests down only once it has initialised: close
            # both HTTP sessions here, or asyncio logs "Unclosed client session" after the one line.
            for request in self._requests:
                await request.shutdown()
            raise
        await self.register_commands()
        await self.app.start()
        await self.delivery.start()
        self._started = True

    async def _initialize(self) -> None:
        """``Application.initialize`` (``getMe``), its failures as :class:`TelegramStartupError`."""
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

    async def stop(self) -> None:
        """Stop polling (what was fetched is stored; the rest is confirmed later or delivered again),
        let the chats finish the update in hand and post what is pending (briefly: the rest is
        posted after the next start), close the session."""
        self._polling = False
        if self._poller is not None:
            self._poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._poller
            self._poller = None
        if self._started:
            await self.delivery.stop()
            self._started = False
        for task in list(self._notices):
            task.cancel()
        for task in list(self._refresh.values()):
            with contextlib.suppress(asyncio.CancelledError, TelegramError):
                await task
        if self.app.running:
            await self.app.stop()
        await self.app.shutdown()

    async def run(self, stop: asyncio.Event) -> None:
        """:meth:`start`, wait for ``stop`` to be set, :meth:`stop`."""
        await self.start()
        try:
            await stop.wait()
        finally:
            await self.stop()

    async def register_commands(self) -> None:
        """``setMyCommands`` in Cantonese (default and ``zh``) and English (``en``).  The menu is a
        convenience: a ``RetryAfter`` is waited out (up to :data:`COMMANDS_RETRY_MAX` seconds) and
        any other refusal is logged, never a reason not to start."""
        for lang, locale in ((None, "zh_Hant_HK"), ("zh", "zh_Hant_HK"), ("en", "en")):
            commands = [BotCommand(name, desc) for name, desc in command_menu(locale)]
            for _attempt in range(3):
                try:
                    await self.app.bot.set_my_commands(commands, language_code=lang)
                    break
                except RetryAfter as exc:
                    await asyncio.sleep(min(_retry_after(exc), COMMANDS_RETRY_MAX))
                except (BadRequest, Forbidden, TimedOut) as exc:
                    log.warning("setMyCommands (%s) failed: %s", lang or "default", type(exc).__name__)
                    break

    # ------------------------------------------------------------------ receiving
    async def poll(self) -> None:
        """The polling loop: ``getUpdates`` from the last stored update on; each batch is stored in
        the inbox (one transaction, retried while the database fails) BEFORE the next call confirms
        it, so an update Telegram saw confirmed is always stored.  Network errors back off."""
        offset: int | None = None
        delay = 0.5
        while self._polling:
            try:
                updates = await self._get_updates(offset)
            except TimedOut:
                continue
            except RetryAfter as exc:  # Telegram's flood control on getUpdates itself
                wait = _retry_after(exc)
                log.warning("getUpdates: Telegram asks to wait %.0f s", wait)
                await asyncio.sleep(wait)
                continue
            except Exception as exc:  # the loop must outlive any error: network, Conflict, a bug
                log.warning("getUpdates failed (%s); polling again in %.1f s", type(exc).__name__, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, POLL_BACKOFF_MAX)
                continue
            delay = 0.5
            if not updates:
                continue
            items = [Incoming(str(u["update_id"]), update_chat_id(u), u) for u in updates]
            await self._store(items)
            offset = max(u["update_id"] for u in updates) + 1
            if self.poll_interval > 0:
                await asyncio.sleep(self.poll_interval)

    def _say_database_down(self, items: Sequence[Incoming]) -> None:
        """Tell each chat of an unstorable batch, at most every :data:`DB_NOTICE_PERIOD` seconds, that
        nothing is booked (the database is gone, so this notice cannot wait in the outbox).  The batch
        stays unconfirmed: Telegram delivers it again, and it is booked once the database is back.
        Sent from tasks of their own, so a group's rate limit never holds up the polling loop."""
        now = time.monotonic()
        for chat_id in dict.fromkeys(i.chat_id for i in items if i.chat_id):
            last = self._db_notices.get(chat_id)
            if last is not None and now - last < DB_NOTICE_PERIOD:
                continue
            self._db_notices[chat_id] = now
            task = asyncio.get_running_loop().create_task(self._database_down_notice(chat_id))
            self._notices.add(task)
            task.add_done_callback(self._notices.discard)

    async def _database_down_notice(self, chat_id: str) -> None:
        from taipai.bot.service import render

        with use_locale(self.service.locale):
            text = render.database_unavailable()
        try:
            cid, topic = split_chat(chat_id)
            await self.app.bot.send_message(cid, text, message_thread_id=topic)
        except TelegramError as exc:
            log.warning("could not tell chat %s the database is down (%s)", chat_id, type(exc).__name__)

    async def _get_updates(self, offset: int | None) -> list[dict[str, Any]]:
        """``getUpdates`` as raw JSON objects: they are stored as they came and parsed once, when
        handled (``Bot.get_updates`` parses each, and storing it would serialise it back)."""
        with warnings.catch_warnings():
            # python-telegram-bot warns that Bot.get_updates exists; this call wants the raw objects
            warnings.filterwarnings(
                "ignore", message=r"Please use 'Bot\.getUpdates'", category=PTBUserWarning
            )
            result = await self.app.bot.do_api_request(
                "getUpdates",
                api_kwargs={
                    "offset": offset,
                    "timeout": self.poll_timeout,
                    "allowed_updates": ALLOWED_UPDATES,
                },
                read_timeout=self.poll_timeout + POLL_READ_SLACK,
            )
        return list(result or [])

    async def _store(self, items: Sequence[Incoming]) -> None:
        """Store a fetched batch, retrying while the database fails (nothing is confirmed meanwhile)."""
        from sqlalchemy.exc import SQLAlchemyError

        delay = 0.5
        while True:
            try:
                await self.delivery.receive(items)
                return
            except SQLAlchemyError:
                log.warning("cannot store %d updates; trying again in %.1f s", len(items), delay)
                self._say_database_down(items)
                await asyncio.sleep(delay)
                delay = min(delay * 2, POLL_BACKOFF_MAX)

    async def receive(self, data: dict[str, Any]) -> None:
        """Store one update (its Bot API JSON object, as a webhook receives it) in the inbox; returns
        after the commit.  Database errors propagate (answer the webhook with an error then)."""
        await self.delivery.receive([Incoming(str(data["update_id"]), update_chat_id(data), data)])

    # ------------------------------------------------------------------ handling (a chat's worker)
    async def handle(self, row: InboxRow, booking: Booking) -> list[dict[str, Any]]:
        """Handle one stored update through the service; return the outbox payloads of the replies
        (see :data:`taipai.bot.delivery.Handle`)."""
        update = Update.de_json(row.payload, self.app.bot)
        if update.message is not None:
            return await self._on_message(update, update.message, booking)
        if update.edited_message is not None:
            return await self._on_edited(update, update.edited_message, booking)
        if update.callback_query is not None:
            return await self._on_press(update, booking)
        if update.my_chat_member is not None:
            return await self._on_membership(update)
        return []

    async def _on_message(self, update: Update, msg: Message, booking: Booking) -> list[dict[str, Any]]:
        if msg.migrate_to_chat_id or msg.migrate_from_chat_id:  # a group became a supergroup
            old, new = (
                (msg.chat_id, msg.migrate_to_chat_id)
                if msg.migrate_to_chat_id
                else (msg.migrate_from_chat_id, msg.chat_id)
            )
            await self.migrate(int(old), int(new))  # type: ignore[arg-type]
            return []
        text = said_in(msg)
        if text is None or msg.from_user is None or msg.from_user.is_bot:
            return []
        if groups.for_another_bot(text, self.app.bot.username):
            return []  # /score@OtherBot: not ours, no reply (the inbox row is done all the same)
        chat, member = await self._who(update)
        self._seen(msg.chat_id, msg.message_id)
        key = f"{msg.chat_id}:{msg.message_id}"
        warning: list[dict[str, Any]] = []
        if not member.private and await self._hidden_free_text(msg.chat_id):
            with use_locale(await self.service.locale_for(chat, None, None)):
                warning.append({"text": groups.privacy_warning(), "coalesce": True})

        def make(replies: Sequence[Reply]) -> list[dict[str, Any]]:
            # the warning rides with the replies, also when a booking stores them with its event
            return self.payloads(replies, reply_to=msg.message_id, said=text) + warning

        booking.items = make
        return make(await self.service.handle(chat, member.display, text, key, member=member))

    async def _on_edited(self, update: Update, msg: Message, booking: Booking) -> list[dict[str, Any]]:
        text = said_in(msg)
        if text is None or msg.from_user is None or msg.from_user.is_bot:
            return []
        if groups.for_another_bot(text, self.app.bot.username):
            return []
        chat, member = await self._who(update)
        key = f"{msg.chat_id}:{msg.message_id}"
        booking.items = functools.partial(self.payloads, reply_to=msg.message_id)
        # msg.date is when the message was first sent (edit_date is the edit): an old line edited
        # today must not be read at tonight's table
        replies = await self.service.edit(chat, member.display, key, text, member=member, sent=msg.date)
        return self.payloads(replies, reply_to=msg.message_id)

    async def _on_press(self, update: Update, booking: Booking) -> list[dict[str, Any]]:
        query = update.callback_query
        if query is None:
            return []
        if query.data is None or query.message is None:
            # no data, or a button of an inline message (no chat): nothing to do, but every query is
            # answered, or the presser's button keeps spinning
            with contextlib.suppress(TelegramError):
                await query.answer()
            return []
        chat, member = await self._who(update)
        reply_to = query.message.message_id
        booking.items = functools.partial(self.payloads, reply_to=reply_to, refresh=True)
        pressed = await self.service.press(chat, member.display, query.data, member=member)
        try:
            await query.answer(pressed.notice or None)
        except TelegramError as exc:  # e.g. too old after a restart: the replies still go out
            log.info("could not answer a button press (%s)", type(exc).__name__)
        out = self.payloads(pressed.replies, reply_to=reply_to, refresh=True)
        if pressed.edit is None:
            return out
        edit = self.edit_payload(pressed.edit, reply_to)
        if booking.stored:  # a booking stored its replies (and only them): the edit goes now
            with contextlib.suppress(TelegramError):  # cosmetic: the flow refuses a second confirm
                await self._edit_in_place(query.message.chat.id, edit)
            return out
        return [edit, *out]

    @staticmethod
    def edit_payload(reply: Reply, message_id: int) -> dict[str, Any]:
        """The outbox payload that edits message ``message_id`` to ``reply``'s text and buttons (the
        記牌 flow's next step): ``text``, ``buttons``, ``edit`` (the message id)."""
        p: dict[str, Any] = {"text": reply.text, "edit": message_id}
        if reply.buttons:
            p["buttons"] = [[[b.label, b.data] for b in row] for row in rows(reply.buttons)]
        return p

    async def _edit_in_place(self, chat_id: int, p: dict[str, Any]) -> int:
        """Edit message ``p["edit"]`` to ``p``'s text and keyboard (none: the keyboard goes); an edit
        that changes nothing is done already."""
        try:
            await self.app.bot.edit_message_text(
                p["text"], chat_id=chat_id, message_id=int(p["edit"]), reply_markup=_markup(p.get("buttons"))
            )
        except BadRequest as exc:
            if "not modified" not in str(exc).lower():
                raise
        return int(p["edit"])

    @staticmethod
    def payloads(
        replies: Sequence[Reply], *, reply_to: int | None = None, said: str = "", refresh: bool = False
    ) -> list[dict[str, Any]]:
        """The outbox payloads of ``replies``: ``text``, ``buttons`` (rows of ``[label, data]``),
        ``reply_to`` (the first quotes the message answered), ``document`` (``filename``, base64
        ``content`` and the ``caption`` posted with it, when it has one), ``scoreboard`` (the one
        reply to ``said`` when that is ``計數``: edit the standing scoreboard when near),
        ``refresh`` (edit the standing scoreboard after it) and ``coalesce`` (plain text that may be
        joined with the chat's other pending replies when the group's budget is spent)."""
        out: list[dict[str, Any]] = []
        any_buttons = any(r.buttons for r in replies)
        for i, reply in enumerate(replies):
            p: dict[str, Any] = {"text": reply.text}
            if reply.buttons:
                p["buttons"] = [[[b.label, b.data] for b in row] for row in rows(reply.buttons)]
            if i == 0 and reply_to:
                p["reply_to"] = reply_to
            document = getattr(reply, "document", None)
            picture = getattr(reply, "picture", None)
            if picture is not None:  # 埋數's chart, /chart, 計番 … 圖: a photo, never joined with others
                content = base64.b64encode(picture.content).decode("ascii")
                p["photo"] = {"filename": picture.filename, "content": content}
            if document is not None:
                content = base64.b64encode(document.content).decode("ascii")
                p["document"] = {"filename": document.filename, "content": content}
                if document.caption:  # 「第1場 · 11月30日 · 23鋪」 instead of the reply's text
                    p["document"]["caption"] = document.caption
            elif said and len(replies) == 1 and not reply.buttons and TelegramBot._is_score(said):
                p["scoreboard"] = True  # parsed only when the reply could be a scoreboard
            elif picture is None:
                p["coalesce"] = True
            out.append(p)
        if out and (any_buttons or (refresh and replies)):
            out[-1]["refresh"] = True
        return out

    # ------------------------------------------------------------------ groups
    async def _on_membership(self, update: Update) -> list[dict[str, Any]]:
        """The bot was added to a group (``my_chat_member``): greet it with what to type first and
        whether the bot reads free text there (else the privacy-mode warning, once)."""
        change = update.my_chat_member
        assert change is not None
        kinds = (ChatType.GROUP, ChatType.SUPERGROUP)
        if change.chat.type not in kinds:
            return []
        if not groups.bot_joined(change.old_chat_member.status, change.new_chat_member.status):
            return []
        admin = change.new_chat_member.status == "administrator"
        reads_all = admin or bool(self.app.bot.bot.can_read_all_group_messages)
        self._warned[change.chat.id] = True  # the greeting says it: no second warning
        await self.service.chats.first_privacy_warning(ChatRef(PLATFORM, str(change.chat.id)))
        with use_locale(await self.service.locale_for(ChatRef(PLATFORM, str(change.chat.id)), None, None)):
            return [{"text": groups.greeting(reads_all=reads_all)}]

    async def _hidden_free_text(self, chat_id: int) -> bool:
        """True once per group (stored: :meth:`~taipai.bot.store.chats.ChatData.first_privacy_warning`,
        so a restart or another worker does not warn again): the bot cannot read free text there
        (getMe's ``can_read_all_group_messages`` is false and the bot is no administrator of the group)."""
        if self.app.bot.bot.can_read_all_group_messages or chat_id in self._warned:
            return False
        if self.app.bot.id in await self._admin_ids(chat_id):
            return False  # an administrator reads everything; asked again when the list expires
        self._warned[chat_id] = True
        return await self.service.chats.first_privacy_warning(ChatRef(PLATFORM, str(chat_id)))

    async def migrate(self, old: int, new: int) -> None:
        """The group ``old`` became the supergroup ``new``: its tables, history, settings, members
        and seat memory move there in one transaction (:meth:`~taipai.bot.store.chats.ChatData.move_chat`;
        a second call moves nothing)."""
        moved = await self.service.chats.move_chat(ChatRef(PLATFORM, str(old)), ChatRef(PLATFORM, str(new)))
        self._boards.pop(str(old), None)
        self._admins.pop(old, None)
        if moved.sessions or moved.settings or moved.remembered:
            log.info("chat %s moved to %s: %d sessions", old, new, moved.sessions)
        if moved.kept_open:
            log.warning("chat %s moved to %s, which has a table open: the old open table stays", old, new)

    # ------------------------------------------------------------------ who
    async def _who(self, update: Update) -> tuple[ChatRef, Member]:
        user = update.effective_user
        tg_chat = update.effective_chat
        assert user is not None and tg_chat is not None
        chat = ChatRef(PLATFORM, chat_key(tg_chat.id, topic_of(update.effective_message)))
        private = tg_chat.type == ChatType.PRIVATE
        admin = private or user.id in await self._admin_ids(tg_chat.id)
        member = Member(
            user_id=str(user.id),
            display=user.full_name,
            username=user.username,
            is_admin=admin,
            language=user.language_code,
            private=private,
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
            # Keep the list known before (a failed look-up makes nobody an admin only when nothing
            # was known) and ask again soon: a 429 or a blip must not lock admins out for 10 minutes.
            ids = cached[1] if cached is not None else frozenset()
            self._admins[chat_id] = (now - ADMIN_TTL + ADMIN_RETRY, ids)
            return ids
        self._admins[chat_id] = (now, ids)
        return ids

    # ------------------------------------------------------------------ sending (a chat's sender)
    def _budget_spent(self, chat_id: str) -> bool:
        # a group's topics share the group's budget (Telegram counts messages per chat)
        return self.limiter is not None and not self.limiter.has_capacity(split_chat(chat_id)[0])

    async def send(self, chat_id: str, batch: Sequence[OutboxRow]) -> str | None:
        """Post one reply, or several coalesced into one message; return the (last) message id.

        ``chat_id`` is a chat key (:func:`.groups.chat_key`): a forum topic's replies go into the topic.
        ``ChatMigrated`` (the group became a supergroup) moves the chat's tables (:meth:`migrate`) and
        posts to the new chat.  Telegram's errors become the delivery's: ``RetryAfter`` →
        :class:`RetryLater`; ``BadRequest``, ``Forbidden`` (bot removed), a second ``ChatMigrated`` →
        :class:`Permanent`; ``TimedOut`` and other network errors → :class:`Transient`.
        """
        cid, topic = split_chat(chat_id)
        token = TOPIC.set(topic)
        try:
            try:
                sent = await self._post(cid, batch)
            except ChatMigrated as exc:
                new = int(exc.new_chat_id)
                await self.migrate(cid, new)
                sent = await self._post(new, batch)
        except RetryAfter as exc:
            raise RetryLater(_retry_after(exc)) from exc
        except (BadRequest, Forbidden, ChatMigrated, InvalidToken) as exc:
            raise Permanent(f"{type(exc).__name__}: {exc}") from exc
        except TelegramError as exc:  # TimedOut, NetworkError: may pass
            raise Transient(type(exc).__name__) from exc
        finally:
            TOPIC.reset(token)
        return None if sent is None else str(sent)

    async def _post(self, chat_id: int, batch: Sequence[OutboxRow]) -> int | None:
        if len(batch) == 1:
            return await self._send_one(chat_id, batch[0].payload)
        return await self._send_joined(chat_id, [r.payload for r in batch])

    async def _send_one(self, chat_id: int, p: dict[str, Any]) -> int | None:
        if p.get("edit"):
            return await self._edit_in_place(chat_id, p)
        if p.get("scoreboard"):
            return await self._scoreboard(chat_id, p)
        if p.get("photo") is not None:
            return await self._send_photo(chat_id, p)
        document = p.get("document")
        if document is not None:
            msg = await self.app.bot.send_document(
                chat_id,
                InputFile(base64.b64decode(document["content"]), filename=document["filename"]),
                caption=(document.get("caption") or p["text"])[:1024],
                reply_parameters=_quote(p.get("reply_to")),
                message_thread_id=TOPIC.get(),
            )
            self._seen(chat_id, msg.message_id)
            return msg.message_id
        sent = await self._send_text(chat_id, p["text"], p.get("buttons"), p.get("reply_to"))
        if p.get("refresh"):
            self._schedule_refresh(chat_id)
        return sent

    async def _send_photo(self, chat_id: int, p: dict[str, Any]) -> int | None:
        """A reply with a picture: one photo with the reply's text as its caption (and its buttons)
        when the text fits Telegram's caption (:data:`CAPTION_LIMIT`), else the text first (as
        :meth:`_send_text`) and the photo after it.  A crash between the two sends both again."""
        photo = p["photo"]
        text = p["text"]
        fits = utf16_len(text) <= CAPTION_LIMIT
        if not fits and text:
            await self._send_text(chat_id, text, p.get("buttons"), p.get("reply_to"))
        msg = await self.app.bot.send_photo(
            chat_id,
            InputFile(base64.b64decode(photo["content"]), filename=photo["filename"]),
            caption=text if fits and text else None,
            reply_markup=_markup(p.get("buttons")) if fits else None,
            reply_parameters=_quote(p.get("reply_to")) if fits else None,
            message_thread_id=TOPIC.get(),
        )
        self._seen(chat_id, msg.message_id)
        if p.get("refresh"):
            self._schedule_refresh(chat_id)
        return msg.message_id

    async def _send_joined(self, chat_id: int, payloads: Sequence[dict[str, Any]]) -> int | None:
        """Several pending replies as one message (the group's budget is spent): every reply's text,
        in order, and the buttons of the newest reply that has any."""
        text = "\n\n".join(p["text"] for p in payloads)
        buttons = next((p["buttons"] for p in reversed(payloads) if p.get("buttons")), None)
        sent = await self._send_text(chat_id, text, buttons, None)
        if any(p.get("refresh") for p in payloads):
            self._schedule_refresh(chat_id)
        return sent

    async def _send_text(
        self, chat_id: int, text: str, buttons: list[list[list[str]]] | None, reply_to: int | None
    ) -> int | None:
        """``text`` cut at Telegram's limit on line ends: the first piece quotes ``reply_to``, the
        last carries the buttons.  A crash between two pieces sends the earlier ones again after a
        restart (the reply is marked sent once all of them are)."""
        # a text of at most half the limit in characters is within it in UTF-16 units
        pieces = [text] if 2 * len(text) <= TELEGRAM_LIMIT else split_text(text, TELEGRAM_LIMIT) or [text]
        sent: int | None = None
        for i, piece in enumerate(pieces):
            last = i == len(pieces) - 1
            msg = await self.app.bot.send_message(
                chat_id,
                piece,
                reply_markup=_markup(buttons) if last else None,
                reply_parameters=_quote(reply_to) if i == 0 else None,
                message_thread_id=TOPIC.get(),
            )
            self._seen(chat_id, msg.message_id)
            sent = msg.message_id
        return sent

    def _seen(self, chat_id: int, message_id: int) -> None:
        self._newest[chat_id] = max(self._newest.get(chat_id) or 0, message_id)

    @staticmethod
    def _is_score(text: str) -> bool:
        try:
            cmd = parse_command(text)
        except ValueError:
            return False
        return cmd is not None and cmd.kind == "score"

    async def _board_id(self, chat_id: int) -> int | None:
        """The standing scoreboard of the chat (of the topic posted to, :data:`.groups.TOPIC`)."""
        key = chat_key(chat_id, TOPIC.get())
        if key not in self._boards:
            stored = (await self.service.chats.chat_settings(ChatRef(PLATFORM, key)))[1]
            self._boards[key] = int(stored) if stored else None
        return self._boards.get(key)

    async def _scoreboard(self, chat_id: int, p: dict[str, Any]) -> int | None:
        """``計數``: edit the standing scoreboard when it is near the bottom, else post a new one."""
        board = await self._board_id(chat_id)
        near = board is not None and (self._newest.get(chat_id) or 0) - board <= SCOREBOARD_NEAR
        if near and board is not None and await self._edit(chat_id, board, p["text"]):
            return board
        sent = await self._send_text(chat_id, p["text"], None, p.get("reply_to"))
        if sent is not None:
            key = chat_key(chat_id, TOPIC.get())
            self._boards[key] = sent
            await self.service.chats.set_chat(ChatRef(PLATFORM, key), scoreboard_message_id=str(sent))
        return sent

    async def _edit(self, chat_id: int, message_id: int, text: str) -> bool:
        try:
            await self.app.bot.edit_message_text(text, chat_id=chat_id, message_id=message_id)
        except BadRequest as exc:
            return "not modified" in str(exc).lower()  # unchanged text is still a standing scoreboard
        except TelegramError:
            return False
        return True

    def _schedule_refresh(self, chat_id: int) -> None:
        """Edit the standing scoreboard to the table's state, off the reply path (one at a time per chat)."""
        key = chat_key(chat_id, TOPIC.get())  # the task copies the context: it edits in the topic
        if not self.scoreboard_refresh or key in self._refresh:
            return
        if key in self._boards and self._boards.get(key) is None:
            return  # no standing scoreboard in this chat (what refresh() would find): no task
        chat = ChatRef(PLATFORM, key)

        async def refresh() -> None:
            try:
                board = await self._board_id(chat_id)
                if board is None:
                    return
                replies = await self.service.handle(chat, "", "/score")
                if replies:
                    await self._edit(chat_id, board, replies[0].text)
            finally:
                self._refresh.pop(key, None)

        self._refresh[key] = asyncio.get_running_loop().create_task(refresh())


def said_in(msg: Message) -> str | None:
    """What a message says: its text, or a photo's (a document's …) caption, read by the same rules
    (``Bob 食 Ann 7番`` under a photo of the hand books as the text would); ``None`` for neither."""
    return msg.text if msg.text is not None else msg.caption


def _quote(message_id: int | None) -> ReplyParameters | None:
    if not message_id:
        return None
    return ReplyParameters(message_id=message_id, allow_sending_without_reply=True)


def _markup(buttons: list[list[list[str]]] | None) -> InlineKeyboardMarkup | None:
    if not buttons:
        return None
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(label, callback_data=data) for label, data in row] for row in buttons]
    )


def _file_url(base_url: str) -> str:
    """``http://h:p/bot`` → ``http://h:p/file/bot`` (the Bot API's file URL beside its method URL)."""
    head, sep, tail = base_url.rstrip("/").rpartition("/")
    return f"{head}/file/{tail}" if sep else base_url
