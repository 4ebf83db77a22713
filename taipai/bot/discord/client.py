"""The Discord client: slash commands, button presses and free-text messages → the service.

No game logic lives here (DESIGN §1).  Each Discord update becomes one service call:

- a slash command ``/win winner discarder hand`` → ``Service.handle(chat, speaker, "/win B A 12", id)``;
- a button press (``custom_id`` ``tp:<data>``, see :mod:`.views`) → ``Service.press(…, data, …)``;
- a message in a channel → ``Service.handle`` with its text (ordinary talk gets no reply).

The chat is the channel (``ChatRef("discord", channel_id)``; a thread is its own chat), the speaker
is the member's display name, and the message or interaction id (a snowflake, unique across Discord)
is the source id the store deduplicates on.  Replies go out as the interaction's response (then
follow-ups; an interaction the service has not answered within :data:`DEFER_AFTER` seconds is
deferred first, within Discord's 3 s, and answered with follow-ups), or as a reply to the message;
each carries the service's buttons as a persistent view.  Mentions never ping
(``AllowedMentions.none()``): names typed by players are echoed verbatim.

Free-text hand messages need the **message content** privileged intent: turn it on for the bot in
the Discord developer portal (Bot → Privileged Gateway Intents → Message Content Intent).  Without
it, :func:`run_discord` logs a warning and runs with slash commands and buttons only.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands

from taipai.bot.discord.commands import build_commands
from taipai.bot.discord.translator import CatalogueTranslator
from taipai.bot.discord.views import ServiceButton, view_for
from taipai.bot.i18n import _, use_locale
from taipai.bot.service.split import DISCORD_LIMIT, split_text
from taipai.bot.store import ChatRef

if TYPE_CHECKING:
    from taipai.bot.service import Reply, Service
    from taipai.bot.settings import Settings

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


def _outgoing(replies: Sequence[Reply]) -> Iterator[tuple[str, discord.ui.View | None]]:
    # Each reply → one or more messages; its buttons go under its last piece.
    for reply in replies:
        pieces = split_text(reply.text, MAX_MESSAGE)
        for i, piece in enumerate(pieces):
            yield piece, view_for(reply.buttons) if i == len(pieces) - 1 else None


DEFER_AFTER = 2.0
"""Seconds an interaction waits for the service before it is deferred: Discord drops an interaction
not answered within 3 s, and a hand's scoring may take longer (its budget, a busy pool)."""

T = TypeVar("T")


async def in_time(interaction: discord.Interaction, work: Awaitable[T], *, thinking: bool) -> T:
    """``await work``, deferring ``interaction`` when it takes more than :data:`DEFER_AFTER` seconds
    (``thinking``: a slash command shows "thinking…"; a button press defers quietly).  After a
    deferral the answer goes out as follow-ups (``interaction.response.is_done()`` is then true)."""
    task = asyncio.ensure_future(work)
    done, _pending = await asyncio.wait({task}, timeout=DEFER_AFTER)
    if not done:
        await interaction.response.defer(thinking=thinking)
    return await task


class TaipaiDiscord(discord.Client):
    """A :class:`discord.Client` that relays to a :class:`~taipai.bot.service.Service`.

    Args:
        service: the service (shared with other adapters in the same process).
        message_content: request the privileged message-content intent (free-text hand messages).
        sync_commands: on start-up, publish the slash commands (with their localisations) to Discord.
        **options: passed to :class:`discord.Client` (tests pass ``http_trace`` etc.).
    """

    def __init__(
        self, service: Service, *, message_content: bool = True, sync_commands: bool = True, **options: Any
    ) -> None:
        intents = discord.Intents.default()
        intents.message_content = message_content
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(intents=intents, **options)
        self.service = service
        self.sync_commands = sync_commands
        self.tree: app_commands.CommandTree[TaipaiDiscord] = app_commands.CommandTree(self)
        for command in build_commands():
            self.tree.add_command(command)
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        """Register the button template (presses survive restarts), then publish the commands."""
        self.add_dynamic_items(ServiceButton)
        await self.tree.set_translator(CatalogueTranslator())
        if self.sync_commands:
            await self.tree.sync()

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
        )

    # ------------------------------------------------------------------------ slash commands
    async def relay(self, interaction: discord.Interaction, text: str) -> None:
        """Give the slash command's ``text`` to the service; answer the interaction with the replies."""
        language = interaction.locale.value
        private = interaction.guild_id is None
        member = self.member_of(interaction.user, interaction.permissions, language, private=private)
        text = plain_mentions(text, self._known_users(interaction.guild, text))
        work = self.service.handle(
            chat_of(interaction.channel_id),
            member.display,
            text,
            str(interaction.id),
            member=member,
        )
        replies = await in_time(interaction, work, thinking=True)
        await self.answer(interaction, replies, language)

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
        """A press of a :class:`ServiceButton`: the service decides what it means and who may.

        When the press does something, the buttons of the pressed message are removed (they are
        spent: its undo or offer is no longer current) and the service's replies follow in the
        channel; a refusal or a stale button gets a note only the presser sees.
        """
        language = interaction.locale.value
        private = interaction.guild_id is None
        member = self.member_of(interaction.user, interaction.permissions, language, private=private)
        work = self.service.press(chat_of(interaction.channel_id), member.display, data, member=member)
        pressed = await in_time(interaction, work, thinking=False)
        deferred = interaction.response.is_done()
        if pressed.replies:
            if deferred:
                await interaction.edit_original_response(view=None)
            else:
                await interaction.response.edit_message(view=None)
            for content, view in _outgoing(pressed.replies):
                await interaction.followup.send(content, **({} if view is None else {"view": view}))
            if pressed.notice:
                await interaction.followup.send(pressed.notice, ephemeral=True)
        elif pressed.notice and deferred:
            await interaction.followup.send(pressed.notice, ephemeral=True)
        elif pressed.notice:
            await interaction.response.send_message(pressed.notice, ephemeral=True)
        elif not deferred:
            await interaction.response.defer()

    async def answer(self, interaction: discord.Interaction, replies: Sequence[Reply], language: str) -> None:
        """Post ``replies``: the first piece as the interaction's response, the rest as follow-ups.

        With no reply at all (a duplicate delivery, or nothing to say) the user alone sees a short
        note, since Discord needs every interaction answered.
        """
        sent = False
        deferred = interaction.response.is_done()  # in_time deferred it: all go as follow-ups
        for content, view in _outgoing(replies):
            extra: dict[str, Any] = {} if view is None else {"view": view}
            if not sent and not deferred:
                await interaction.response.send_message(content, **extra)
            else:
                await interaction.followup.send(content, **extra)
            sent = True
        if not sent:
            with use_locale(language):
                if deferred:
                    await interaction.followup.send(_("Nothing to do."), ephemeral=True)
                else:
                    await interaction.response.send_message(_("Nothing to do."), ephemeral=True)

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
    async def on_message(self, message: discord.Message) -> None:
        """A channel message: hand messages and Cantonese commands (needs the message-content intent)."""
        if message.author.bot or message.webhook_id is not None or not message.content:
            return
        permissions = getattr(message.author, "guild_permissions", None)
        member = self.member_of(message.author, permissions, None, private=message.guild is None)
        text = plain_mentions(message.content, message.mentions)
        replies = await self.service.handle(
            chat_of(message.channel.id), member.display, text, str(message.id), member=member
        )
        first = True
        for content, view in _outgoing(replies):
            extra: dict[str, Any] = {} if view is None else {"view": view}
            if first:
                await message.reply(content, mention_author=False, **extra)
                first = False
            else:
                await message.channel.send(content, **extra)


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
    client = TaipaiDiscord(service, message_content=True)
    try:
        async with client:
            await client.start(token)
    except discord.PrivilegedIntentsRequired:
        log.warning(
            "The Message Content intent is not enabled for this bot in the Discord developer portal; "
            "running with slash commands only (free-text hand messages are ignored)."
        )
        client = TaipaiDiscord(service, message_content=False)
        async with client:
            await client.start(token)
