"""The Discord client: slash commands, button presses and free-text messages → the inbox → the service.

No game logic lives here (DESIGN §1).  Every Discord update is first stored in the inbox
(:meth:`~taipai.bot.delivery.Delivery.receive`, platform ``"discord"``, key ``message:<id>``,
``edit:<id>:<edited at>`` or ``interaction:<id>``) and then handled by the channel's worker of
:class:`~taipai.bot.delivery.Delivery`, one at a time and in order, by :meth:`TaipaiDiscord.handle`:

- a slash command ``/win winner discarder hand`` → ``Service.handle(chat, speaker, "/win B A 12", id)``;
- a button press (``custom_id`` ``tp:<data>``, see :mod:`.views`) → ``Service.press(…, data, …)``;
- a message in a channel → ``Service.handle`` with its text (ordinary talk gets no reply); an edit of
  one → ``Service.edit``.

The chat is the channel (``ChatRef("discord", channel_id)``; a thread is its own chat), the speaker
is the member's display name, and the message or interaction id (a snowflake, unique across Discord)
is the source id the store deduplicates on.  Replies are stored in the outbox with their event and
posted by the channel's sender (:mod:`.outgoing`): retried until Discord accepts them, and posted
after a restart when the process stopped first.

**Interactions** are acknowledged within Discord's 3 s, by one rule: a slash command whose service
work may take more than a second is deferred ("thinking…") before it is stored and asked, and
answered with follow-ups — a hand written as tiles (``/win``, ``/selfdraw``), ``/calc``, ``/waits``,
``/history``, ``/export``, ``/stats``, ``/leaderboard``, ``/chart`` and ``/settle`` (it draws the
evening's picture), marked ``slow`` where :mod:`.commands` defines them; any other interaction (its
storing, booking and first reply take a few milliseconds) is answered with one plain response, or
deferred when nothing answered it within :data:`DEFER_AFTER` seconds of its arrival (a slow
database), quietly for a press.  Answering the quick ones directly keeps a refusal visible only to
the asker (a follow-up after "thinking…" cannot be ephemeral).  Each reply carries the service's
buttons as a persistent view.

**Autocomplete**: every option that names a player (winner, discarder, creditor, seat) offers the
open table's names and seat winds (:meth:`TaipaiDiscord.player_names`, read from the service; no
inbox row, nothing booked).

**Commands are published** at start only when they changed since the last start
(:func:`.sync.sync_if_changed`: a hash of the translated command tree kept in a file).

Mentions never ping (``AllowedMentions.none()``): names typed by players are echoed verbatim.

Free-text hand messages need the **message content** privileged intent: turn it on for the bot in
the Discord developer portal (Bot → Privileged Gateway Intents → Message Content Intent).  Without
it, :func:`run_discord` logs a warning and runs with slash commands and buttons only.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from sqlalchemy.exc import SQLAlchemyError

from taipai.bot.delivery import Delivery
from taipai.bot.discord.commands import build_commands
from taipai.bot.discord.outgoing import DiscordSender, LiveInteractions, payloads
from taipai.bot.discord.sync import stamp_path, sync_if_changed
from taipai.bot.discord.translator import CatalogueTranslator
from taipai.bot.discord.views import ServiceButton, ServiceSelect, edit_payload
from taipai.bot.i18n import _, use_locale
from taipai.bot.service.identity import SEAT_BUTTON
from taipai.bot.service.record_flow import START
from taipai.bot.service.split import DISCORD_LIMIT, split_text
from taipai.bot.store import ChatRef
from taipai.bot.store.inbox import InboxRow, Incoming

if TYPE_CHECKING:
    from taipai.bot.service import Reply, Service
    from taipai.bot.service.identity import Member
    from taipai.bot.settings import Settings
    from taipai.bot.store.outbox import Booking

log = logging.getLogger(__name__)

PLATFORM = "discord"
MAX_MESSAGE = DISCORD_LIMIT
"""Discord's limit on a message's content (characters)."""

_MENTION = re.compile(r"<@!?([0-9]{1,20})>")  # snowflakes: at most 20 digits, never a 5000-digit int()


def chat_of(channel_id: int | None) -> ChatRef:
    """The service chat of a Discord channel (or thread): ``ChatRef("discord", "<channel id>")``."""
    return ChatRef(PLATFORM, str(channel_id))


def is_admin(permissions: discord.Permissions | None) -> bool:
    """A chat admin for the service: Administrator, Manage Server or Manage Channels here."""
    if permissions is None:
        return False
    return permissions.administrator or permissions.manage_guild or permissions.manage_channels


def plain_mentions(text: str, users: Sequence[discord.abc.User]) -> str:
    """Discord's ``<@123>`` mention markup → ``@display name`` (the service resolves ``@name``)."""
    names = {u.id: u.display_name for u in users}
    return _MENTION.sub(
        lambda m: "@" + names[int(m.group(1))] if int(m.group(1)) in names else m.group(0), text
    )


DEFER_AFTER = 2.0
"""Seconds after its arrival an interaction nothing answered yet is deferred: Discord drops one not
answered within 3 s, and storing it, booking it and its first reply may take longer (a hand's
scoring budget, a busy pool, a slow database)."""

STORE_PATIENCE = 1.0
"""Seconds a failing database is tried again for before an update is refused (nothing booked, and
the asker told so): short enough for an interaction's answer within Discord's 3 s."""
STORE_BACKOFF_START = 0.1
"""Seconds before the first retry of a failed inbox write; doubles each time."""


class TaipaiDiscord(discord.Client):
    """A :class:`discord.Client` that stores updates in the inbox and relays them to a
    :class:`~taipai.bot.service.Service` through :class:`~taipai.bot.delivery.Delivery`.

    Args:
        service: the service (shared with other adapters in the same process).
        message_content: request the privileged message-content intent (free-text hand messages).
        sync_commands: on start-up, publish the slash commands (with their localisations) to Discord.
        sync_stamp: a file keeping the hash of the commands last published: they are published only
            when they changed (:func:`.sync.sync_if_changed`); ``None``: published at every start.
        lease, sweep: seconds (:class:`~taipai.bot.delivery.Delivery`; tests shorten them).
        **options: passed to :class:`discord.Client` (tests pass ``http_trace`` etc.).
    """

    def __init__(
        self,
        service: Service,
        *,
        message_content: bool = True,
        sync_commands: bool = True,
        sync_stamp: Path | None = None,
        lease: float | None = None,
        sweep: float | None = None,
        **options: Any,
    ) -> None:
        intents = discord.Intents.default()
        intents.message_content = message_content
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(intents=intents, **options)
        self.service = service
        self.sync_commands = sync_commands
        self.sync_stamp = sync_stamp
        self.tree: app_commands.CommandTree[TaipaiDiscord] = app_commands.CommandTree(self)
        for command in build_commands():
            self.tree.add_command(command)
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]
        self.live = LiveInteractions()
        self.sender = DiscordSender(self, self.live)
        timing: dict[str, float] = {}
        if lease is not None:
            timing["lease"] = lease
        if sweep is not None:
            timing["sweep"] = sweep
        self.delivery = Delivery(service.store, PLATFORM, handle=self.handle, send=self.sender.send, **timing)
        self._delivering = False
        self._to_store: list[tuple[Sequence[Incoming], asyncio.Future[None]]] = []
        self._storer: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        """Register the button template (presses survive restarts), start the delivery (what the
        inbox and the outbox hold from before is handled and posted first), publish the commands."""
        self.add_dynamic_items(ServiceButton, ServiceSelect)
        await self.tree.set_translator(CatalogueTranslator())
        await self.delivery.start()
        self._delivering = True
        if self.sync_commands:
            await sync_if_changed(self.tree, self.application_id, self.sync_stamp)

    async def close(self) -> None:
        """Stop the delivery (the update in hand is finished, pending replies get a few seconds to
        go out; the rest waits in the database for the next start), then close the connection."""
        if self._delivering:
            self._delivering = False
            await self.delivery.stop()
        await super().close()

    # ------------------------------------------------------------------------ who is speaking
    def member_of(
        self,
        user: discord.abc.User,
        permissions: discord.Permissions | None,
        language: str | None,
        *,
        private: bool = False,
    ):
        """The service's view of a Discord user (id, display name, username, admin, language).

        The user id is what holds a seat and what the creator and admin checks compare; ``admin``
        comes from Discord's permissions here (:func:`is_admin`), and a direct message (``private``)
        is the user's own chat, where they are its admin (as on Telegram)."""
        from taipai.bot.service.identity import Member

        return Member(
            user_id=str(user.id),
            display=user.display_name,
            username=user.name,
            is_admin=private or is_admin(permissions),
            language=language,
            private=private,
        )

    def _who(
        self,
        user: discord.abc.User,
        permissions: discord.Permissions | None,
        language: str | None,
        *,
        private: bool,
    ) -> dict[str, Any]:
        member = self.member_of(user, permissions, language, private=private)
        return {
            "user_id": member.user_id,
            "display": member.display,
            "username": member.username,
            "admin": member.is_admin,
            "language": language,
            "private": private,
        }

    @staticmethod
    def _member(p: dict[str, Any]) -> Member:
        """The :class:`Member` stored with an update (see :meth:`_who`)."""
        from taipai.bot.service.identity import Member

        return Member(
            user_id=p["user_id"],
            display=p["display"],
            username=p.get("username"),
            is_admin=bool(p.get("admin")),
            language=p.get("language"),
            private=bool(p.get("private")),
        )

    # ------------------------------------------------------------------------ receiving
    async def store(self, items: Sequence[Incoming]) -> None:
        """Store ``items`` in the inbox; returns once they are committed.

        Updates are stored in the order they arrived (the gateway's order): what arrives while a
        write is in flight waits and is stored in the next one, together, in one transaction.  A
        failing database is tried again for :data:`STORE_PATIENCE` seconds; then the
        ``SQLAlchemyError`` propagates and the caller says that nothing was booked (Discord does
        not deliver the update again, and a hand stored later, silently, would be booked twice
        when its player typed it again)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._to_store.append((items, done))
        if self._storer is None or self._storer.done():
            self._storer = asyncio.get_running_loop().create_task(self._store_queued())
        await done

    async def _store_queued(self) -> None:
        delay = STORE_BACKOFF_START
        failing_since: float | None = None
        while self._to_store:
            batch = self._to_store[: len(self._to_store)]
            outcome: BaseException | None = None
            try:
                await self.delivery.receive([item for items, _done in batch for item in items])
            except SQLAlchemyError as exc:
                now = asyncio.get_running_loop().time()
                failing_since = now if failing_since is None else failing_since
                if now - failing_since < STORE_PATIENCE:
                    log.warning("discord: cannot store %d updates; trying again in %.2f s", len(batch), delay)
                    await asyncio.sleep(delay)
                    delay *= 2
                    continue
                log.error("discord: cannot store %d updates; refused (%s)", len(batch), type(exc).__name__)
                outcome = exc
            except Exception as exc:  # a bug: its callers hear of it, the next updates go on
                outcome = exc
            for _items, done in batch:
                if not done.done():
                    if outcome is None:
                        done.set_result(None)
                    else:
                        done.set_exception(outcome)
            del self._to_store[: len(batch)]
            delay, failing_since = STORE_BACKOFF_START, None

    def _unavailable(self, payload: dict[str, Any], chat_id: str) -> str:
        """``Nothing was booked: the database is unavailable`` in the asker's language."""
        from taipai.bot.service.render import database_unavailable

        member = self._member(payload)
        with use_locale(self.service.offline_locale(ChatRef(PLATFORM, chat_id), None, member)):
            return database_unavailable()

    async def _take(
        self, interaction: discord.Interaction, payload: dict[str, Any], *, thinking: bool, slow: bool = False
    ) -> None:
        """Store an interaction and wait until it is answered, deferring it when nothing answered it
        within :data:`DEFER_AFTER` seconds of its arrival, or at once when it is ``slow`` (``thinking``:
        a slash command shows "thinking…"; a press defers quietly).  When it cannot be stored it is
        answered (only the asker sees it) that nothing was booked."""
        live = self.live.add(interaction)
        if slow:
            await live.defer(thinking=thinking)
        item = Incoming(f"interaction:{interaction.id}", str(interaction.channel_id), payload)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + DEFER_AFTER
        storing = asyncio.ensure_future(self.store([item]))
        answered = asyncio.ensure_future(live.answered.wait())
        try:  # until answered, refused (not stored), or DEFER_AFTER passed
            while not answered.done() and (left := deadline - loop.time()) > 0:
                waits = {answered} if storing.done() else {answered, storing}
                await asyncio.wait(waits, timeout=left, return_when=asyncio.FIRST_COMPLETED)
                if storing.done() and storing.exception() is not None:
                    break
        finally:
            answered.cancel()
        refused = storing.done() and storing.exception() is not None
        if not live.answered.is_set() and not refused:
            await live.defer(thinking=thinking)
        try:
            await storing
        except SQLAlchemyError:
            text = self._unavailable(payload, item.chat_id)
            async with live.lock:
                with contextlib.suppress(discord.HTTPException):
                    if interaction.response.is_done():
                        await interaction.followup.send(text, ephemeral=True)
                    else:
                        await interaction.response.send_message(text, ephemeral=True)

    # ------------------------------------------------------------------------ slash commands
    async def relay(self, interaction: discord.Interaction, text: str, *, slow: bool = False) -> None:
        """Store the slash command's ``text`` (for the service) in the inbox; its replies answer the
        interaction (see :meth:`_take`; ``slow``: deferred before it is stored, see the module
        docstring)."""
        language = interaction.locale.value
        private = interaction.guild_id is None
        text = plain_mentions(text, self._known_users(interaction.guild, text))
        payload = {
            "kind": "slash",
            "interaction": str(interaction.id),
            "token": interaction.token,
            "app": str(interaction.application_id),
            "text": text,
            **self._who(interaction.user, interaction.permissions, language, private=private),
        }
        await self._take(interaction, payload, thinking=True, slow=slow)

    async def player_names(self, interaction: discord.Interaction) -> tuple[tuple[str, str], ...]:
        """``(name, seat wind)`` of the open table in the interaction's channel, for an autocomplete
        (:meth:`Service.player_names`); ``()`` when none is open or the database cannot be read (an
        autocomplete has nobody to tell: the player types the name)."""
        try:
            return await self.service.player_names(chat_of(interaction.channel_id))
        except SQLAlchemyError as exc:
            log.warning("discord: no player names for an autocomplete (%s)", type(exc).__name__)
            return ()

    def _known_users(self, guild: discord.Guild | None, text: str) -> list[discord.abc.User]:
        # String options carry raw <@id> markup; name the ones this client has cached.
        found: list[discord.abc.User] = []
        for raw in _MENTION.findall(text):
            user = (guild.get_member(int(raw)) if guild else None) or self.get_user(int(raw))
            if user is not None:
                found.append(user)
        return found

    # ------------------------------------------------------------------------ buttons
    async def press(self, interaction: discord.Interaction, data: str) -> None:
        """A press of a :class:`ServiceButton`, stored in the inbox: the service decides what it
        means and who may (see :meth:`handle`)."""
        language = interaction.locale.value
        private = interaction.guild_id is None
        message = interaction.message
        label = ""
        if message is not None:
            label = next(
                (
                    getattr(c, "label", None) or ""
                    for row in message.components
                    for c in getattr(row, "children", ())
                    if getattr(c, "custom_id", None) == f"tp:{data}"
                ),
                "",
            )
        payload = {
            "kind": "press",
            "interaction": str(interaction.id),
            "token": interaction.token,
            "app": str(interaction.application_id),
            "data": data,
            "label": label,
            "message_id": None if message is None else str(message.id),
            **self._who(interaction.user, interaction.permissions, language, private=private),
        }
        await self._take(interaction, payload, thinking=False)

    async def _on_tree_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        log.error("slash command failed", exc_info=error)
        with use_locale(interaction.locale.value):
            text = _("Sorry, that failed on my side. 計數 shows what is recorded.")
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    # ------------------------------------------------------------------------ free text
    async def on_guild_join(self, guild: discord.Guild) -> None:
        """A server added the bot: greet it in its system channel (what to type first,
        :func:`taipai.bot.greeting.first_steps`) when the bot may post there, in the channel's
        language (the service default unless set).  A greeting that cannot be posted is only logged."""
        from taipai.bot.greeting import first_steps

        channel = guild.system_channel
        if channel is None or not channel.permissions_for(guild.me).send_messages:
            return
        chat = chat_of(channel.id)
        try:
            locale = await self.service.locale_for(chat, None, None)
        except SQLAlchemyError:
            locale = self.service.offline_locale(chat, None, None)
        with use_locale(locale):
            text = "\n".join(first_steps())
        try:
            await channel.send(text)
        except discord.HTTPException as exc:
            log.warning("discord: could not greet server %s (%s)", guild.id, type(exc).__name__)

    async def on_message(self, message: discord.Message) -> None:
        """A channel message, stored in the inbox: hand messages and Cantonese commands (needs the
        message-content intent)."""
        if message.author.bot or message.webhook_id is not None or not message.content:
            return
        await self._store_message(message, self._incoming(message, "message", f"message:{message.id}"))

    async def on_raw_message_edit(self, event: discord.RawMessageUpdateEvent) -> None:
        """An edited message (cached or not), stored in the inbox: a booked hand is re-read
        (:meth:`Service.edit`).  Updates that are not the author's edit (an embed unfurled: no new
        ``edited_timestamp``) are ignored; each edit is stored once (its key has the edit time)."""
        edited = event.data.get("edited_timestamp")
        message = event.message
        if not edited or message.author.bot or message.webhook_id is not None or not message.content:
            return
        await self._store_message(message, self._incoming(message, "edit", f"edit:{message.id}:{edited}"))

    async def _store_message(self, message: discord.Message, item: Incoming) -> None:
        """Store a message (or an edit); when it cannot be stored, reply that nothing was booked."""
        try:
            await self.store([item])
        except SQLAlchemyError:
            with contextlib.suppress(discord.HTTPException):
                await message.reply(self._unavailable(item.payload, item.chat_id), mention_author=False)

    def _incoming(self, message: discord.Message, kind: str, key: str) -> Incoming:
        permissions = getattr(message.author, "guild_permissions", None)
        payload = {
            "kind": kind,
            "message_id": str(message.id),
            "text": plain_mentions(message.content, message.mentions),
            **self._who(message.author, permissions, None, private=message.guild is None),
        }
        return Incoming(key, str(message.channel.id), payload)

    # ------------------------------------------------------------------------ handling (a channel's worker)
    async def handle(self, row: InboxRow, booking: Booking) -> list[dict[str, Any]]:
        """Handle one stored update through the service; return the outbox payloads of its replies
        (see :data:`taipai.bot.delivery.Handle` and :func:`.outgoing.payloads`).  An interaction
        always gets one: its replies, the presser's notice (ephemeral), ``Nothing to do.``
        (ephemeral) or, for a press with nothing to say, an acknowledgement."""
        p = row.payload
        chat = ChatRef(PLATFORM, row.chat_id)
        member = self._member(p)
        kind = p.get("kind")
        if kind in ("message", "edit"):
            make = functools.partial(payloads, reply_to=p["message_id"])
            booking.items = make
            if kind == "message":
                replies = await self.service.handle(
                    chat, member.display, p["text"], p["message_id"], member=member
                )
            else:
                # a message's id says when it was first sent (its created_at): an old line edited
                # today must not be read at tonight's table
                sent = discord.utils.snowflake_time(int(p["message_id"]))
                replies = await self.service.edit(
                    chat, member.display, p["message_id"], p["text"], member=member, sent=sent
                )
            return make(replies)
        iid = p["interaction"]
        answers = {"interaction": iid, "token": p.get("token", ""), "app": p.get("app", "")}
        if kind == "slash":
            asked = {"who": member.display, "said": p["text"]}
            with use_locale(member.language):
                nothing = [{"text": _("Nothing to do."), "ephemeral": True, **answers}]

            def make_slash(replies: Sequence[Reply]) -> list[dict[str, Any]]:
                return payloads(replies, interaction=answers, asked=asked) or nothing

            booking.items = make_slash
            return make_slash(await self.service.handle(chat, member.display, p["text"], iid, member=member))
        if kind == "press":
            asked = {"who": member.display, "said": p.get("label") or ""}
            # seat buttons and 📝 記牌 stay for the others; any other pressed button is spent
            stays = p["data"] == START or p["data"].startswith(SEAT_BUTTON + ":")
            strip = None if stays else p.get("message_id")
            make = functools.partial(payloads, interaction=answers, asked=asked, strip=strip)
            booking.items = make
            pressed = await self.service.press(chat, member.display, p["data"], member=member)
            if pressed.edit is not None and p.get("message_id") and not booking.stored:
                return [{**edit_payload(pressed.edit, p["message_id"]), **answers}, *make(pressed.replies)]
            if pressed.replies:
                return make(pressed.replies)
            if pressed.notice:
                return [{"text": pressed.notice, "ephemeral": True, **answers}]
            return [{"ack": True, **answers}]
        log.warning("discord: an inbox row of an unknown kind %r", kind)
        return []


async def run_discord(settings: Settings, service: Service) -> None:
    """Run the Discord bot until cancelled (the entry point ``taipai`` starts when a token is set).

    Args:
        settings: needs ``discord_bot_token``.
        service: the shared service.

    Raises:
        ValueError: no ``DISCORD_BOT_TOKEN``.
        discord.LoginFailure: the token is wrong.

    When the message-content intent is not enabled in the developer portal, logs a warning and
    runs again without it (slash commands and buttons still work).  Cancelling the task closes the
    gateway connection and the HTTP session.
    """
    token = settings.discord_bot_token.get_secret_value() if settings.discord_bot_token else ""
    if not token:
        raise ValueError("DISCORD_BOT_TOKEN is not set")
    stamp = stamp_path(settings, service.store)
    client = TaipaiDiscord(service, message_content=True, sync_stamp=stamp)
    try:
        async with client:
            await client.start(token)
    except discord.PrivilegedIntentsRequired:
        log.warning(
            "The Message Content intent is not enabled for this bot in the Discord developer portal; "
            "running with slash commands only (free-text hand messages are ignored)."
        )
        client = TaipaiDiscord(service, message_content=False, sync_stamp=stamp)
        async with client:
            await client.start(token)


__all__ = [
    "DEFER_AFTER",
    "PLATFORM",
    "TaipaiDiscord",
    "chat_of",
    "is_admin",
    "plain_mentions",
    "run_discord",
    "split_text",
]
