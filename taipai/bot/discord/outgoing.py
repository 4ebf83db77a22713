"""Discord replies through the outbox (issue 13, Build 1 and 2): the payloads stored for a reply and
the sender that posts them (:class:`DiscordSender`, the ``send`` of :class:`~taipai.bot.delivery.Delivery`).

**Payloads** (JSON objects, one per service reply, see :func:`payloads`): ``text``; ``buttons``
(rows of ``[label, data]``); ``reply_to`` (the message id the first reply quotes); ``interaction``
(the id of the slash command or button press it answers); ``asked`` (on an interaction's first
reply: ``{"who": display name, "said": the command or the button's label}``); ``strip`` (a press:
the id of the pressed message, whose spent buttons are taken off); ``ephemeral`` (a note only the
asker sees); ``ack`` (a press with nothing to say: only acknowledged); ``document`` (an export:
``{"filename", "content": base64, "caption"}``) and ``photo`` (a picture: ``{"filename", "content":
base64}``), the same shapes as the Telegram adapter's, sent as attachments of the reply's message
(:func:`files_of`: made in memory for each attempt, nothing is written to disk).

**Where a reply goes.**  A reply to an interaction this process still holds (received less than
:data:`TOKEN_TTL` seconds ago; Discord's interaction tokens last 15 minutes) answers it: the first
piece as the interaction's response, or as a follow-up once it was deferred.  A reply to one this
process does not hold (it was received before a restart) whose token is still valid is sent as a
follow-up through the stored token (``token``, ``app`` in the payload); Discord refuses that when
the interaction was never acknowledged (it was stored and the process stopped within 3 s), and the
reply is then posted in the channel, as any reply whose token is too old: a plain message quoting
who asked and what (``> A: /win B A 12``).  An ephemeral note or an acknowledgement has nobody to
go to then and is dropped (logged).

**Errors** become the delivery's: ``RateLimited`` (discord.py gave up waiting) and a bare 429 →
:class:`RetryLater`; 5xx (``DiscordServerError``), network errors and time-outs → :class:`Transient`;
``Forbidden`` (missing access), ``NotFound`` (channel gone) and other refusals → :class:`Permanent`.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import io
import logging
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from taipai.bot.delivery import Permanent, RetryLater, Transient
from taipai.bot.discord.views import button_rows, view_of_rows
from taipai.bot.service.split import DISCORD_LIMIT, split_text

if TYPE_CHECKING:
    from taipai.bot.service import Reply
    from taipai.bot.store.outbox import OutboxRow

log = logging.getLogger(__name__)

TOKEN_TTL = 14 * 60.0
"""Seconds after its receipt an interaction is still answered through its token (Discord: 15 min;
a minute kept for the sends in flight)."""
BARE_429_WAIT = 5.0
"""Seconds waited after a 429 that came without ``retry_after`` (Cloudflare's, not Discord's)."""


def payloads(
    replies: Sequence[Reply],
    *,
    reply_to: str | None = None,
    interaction: dict[str, str] | None = None,
    asked: dict[str, str] | None = None,
    strip: str | None = None,
) -> list[dict[str, Any]]:
    """The outbox payloads of ``replies`` (see the module docstring): ``reply_to``, ``asked`` and
    ``strip`` go on the first; ``interaction`` (``{"interaction": id, "token": …, "app": application
    id}``) is merged into every one."""
    out: list[dict[str, Any]] = []
    for i, reply in enumerate(replies):
        p: dict[str, Any] = {"text": reply.text}
        if reply.buttons:
            p["buttons"] = button_rows(reply.buttons)
        if reply.document is not None:
            p["document"] = {
                "filename": reply.document.filename,
                "content": base64.b64encode(reply.document.content).decode("ascii"),
                "caption": reply.document.caption,
            }
        if reply.picture is not None:
            p["photo"] = {
                "filename": reply.picture.filename,
                "content": base64.b64encode(reply.picture.content).decode("ascii"),
            }
        if interaction is not None:
            p.update(interaction)
        if i == 0:
            if reply_to is not None:
                p["reply_to"] = reply_to
            if asked is not None:
                p["asked"] = asked
            if strip is not None:
                p["strip"] = strip
        out.append(p)
    return out


def files_of(p: dict[str, Any]) -> list[discord.File]:
    """The attachments of payload ``p``: its ``document`` then its ``photo``, each a fresh
    :class:`discord.File` over the decoded bytes in memory (a retried send reads them again)."""
    out: list[discord.File] = []
    for key in ("document", "photo"):
        item = p.get(key)
        if item:
            out.append(discord.File(io.BytesIO(base64.b64decode(item["content"])), filename=item["filename"]))
    return out


def text_of(p: dict[str, Any]) -> str:
    """The message text of payload ``p``: its ``text``, or its document's caption when it has none."""
    return p["text"] or (p.get("document") or {}).get("caption", "")


def extras(p: dict[str, Any], last: bool) -> dict[str, Any]:
    """What goes with one piece of ``p``'s text: on the ``last`` piece, its buttons (``view``) and
    its attachments (``files``)."""
    out: dict[str, Any] = {}
    if last:
        if p.get("buttons"):
            out["view"] = view_of_rows(p["buttons"])
        files = files_of(p)
        if files:
            out["files"] = files
    return out


@dataclass
class Live:
    """An interaction this process received: ``lock`` orders its deferral and its answers (both use
    its one response); ``answered`` is set once something answered it; ``at`` is when it came
    (monotonic seconds)."""

    interaction: discord.Interaction
    at: float = field(default_factory=time.monotonic)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    answered: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def fresh(self) -> bool:
        """True while the interaction's token is still valid (:data:`TOKEN_TTL`)."""
        return time.monotonic() - self.at < TOKEN_TTL

    async def defer(self, *, thinking: bool) -> None:
        """Acknowledge the interaction now unless something answered it (Discord drops one not
        answered within 3 s); a refusal is logged (the replies still go out, in the channel)."""
        async with self.lock:
            if self.interaction.response.is_done():
                return
            try:
                await self.interaction.response.defer(thinking=thinking)
            except (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError) as exc:
                log.warning("discord: could not defer interaction %s (%s)", self.interaction.id, exc)
            self.answered.set()


class LiveInteractions:
    """The interactions received in the last :data:`TOKEN_TTL` seconds, by id (older ones are
    forgotten as new ones come: memory follows the traffic of the last quarter of an hour)."""

    def __init__(self) -> None:
        self._by_id: OrderedDict[str, Live] = OrderedDict()

    def add(self, interaction: discord.Interaction) -> Live:
        """Remember ``interaction``; returns its :class:`Live`."""
        while self._by_id:
            oldest = next(iter(self._by_id.values()))
            if oldest.fresh:
                break
            self._by_id.popitem(last=False)
        live = self._by_id[str(interaction.id)] = Live(interaction)
        return live

    def get(self, interaction_id: str) -> Live | None:
        """The live interaction ``interaction_id`` while its token is valid, else ``None``."""
        live = self._by_id.get(interaction_id)
        return live if live is not None and live.fresh else None

    def __len__(self) -> int:
        return len(self._by_id)


def token_fresh(interaction_id: str) -> bool:
    """True while the token of the interaction ``interaction_id`` (a snowflake: it tells when Discord
    made the interaction) is still valid (:data:`TOKEN_TTL`)."""
    made = discord.utils.snowflake_time(int(interaction_id))
    return (datetime.now(UTC) - made).total_seconds() < TOKEN_TTL


def quoted(asked: dict[str, str] | None, text: str) -> str:
    """``text`` under a one-line quote of who asked what (``> A: /score``), for a reply to an
    interaction posted in the channel instead of answering it."""
    if not asked:
        return text
    said = " ".join(f"{asked.get('who', '')}: {asked.get('said', '')}".split())
    return f"> {said}\n{text}"


class DiscordSender:
    """Posts outbox rows on Discord (the ``send`` of :class:`~taipai.bot.delivery.Delivery`).

    Args:
        client: the logged-in :class:`discord.Client` (its HTTP session posts channel messages).
        live: the interactions this process holds (:class:`LiveInteractions`).
    """

    def __init__(self, client: discord.Client, live: LiveInteractions) -> None:
        self.client = client
        self.live = live

    async def send(self, chat_id: str, batch: Sequence[OutboxRow]) -> str | None:
        """Post each row of ``batch`` in order (Discord replies are never coalesced: the batch is one
        row); return the id of the last message posted.  Raises :class:`RetryLater`,
        :class:`Transient` or :class:`Permanent` (see the module docstring)."""
        sent: str | None = None
        for row in batch:
            try:
                sent = await self._one(chat_id, row.payload) or sent
            except discord.RateLimited as exc:
                raise RetryLater(exc.retry_after) from exc
            except (discord.Forbidden, discord.NotFound) as exc:
                raise Permanent(f"{type(exc).__name__}: {exc}") from exc
            except discord.DiscordServerError as exc:
                raise Transient(f"Discord {exc.status}") from exc
            except discord.HTTPException as exc:
                if exc.status == 429:
                    raise RetryLater(BARE_429_WAIT) from exc
                raise Permanent(f"{type(exc).__name__}: {exc}") from exc
            except (aiohttp.ClientError, OSError, TimeoutError) as exc:
                raise Transient(type(exc).__name__) from exc
        return sent

    async def _one(self, chat_id: str, p: dict[str, Any]) -> str | None:
        iid = p.get("interaction")
        live = self.live.get(iid) if iid else None
        if p.get("edit") and live is None:  # the pressed message's next step (記牌), in the channel
            return await self._edit_in_channel(chat_id, p)
        if live is not None:
            try:
                return await self._answer(live, p)
            except discord.NotFound:  # the interaction expired or is unknown: post in the channel
                log.info("discord: interaction %s is gone; replying in the channel", iid)
                if p.get("edit"):
                    return await self._edit_in_channel(chat_id, p)
        elif iid and p.get("token") and token_fresh(iid) and not (p.get("ack") or p.get("ephemeral")):
            try:
                return await self._follow_up(chat_id, p)
            except discord.NotFound:  # never acknowledged before the restart: no follow-up possible
                log.info("discord: interaction %s takes no follow-up; replying in the channel", iid)
        if p.get("ack") or p.get("ephemeral"):
            log.info("discord: a note for interaction %s has nobody to go to now; dropped", iid)
            return None
        channel = self.client.get_partial_messageable(int(chat_id))
        await self._strip(chat_id, p)
        pieces = split_text(quoted(p.get("asked"), text_of(p)), DISCORD_LIMIT) or [""]
        reply_to = p.get("reply_to")
        last: str | None = None
        for i, piece in enumerate(pieces):
            extra = extras(p, i == len(pieces) - 1)
            if i == 0 and reply_to:
                extra["reference"] = discord.MessageReference(
                    message_id=int(reply_to), channel_id=int(chat_id), fail_if_not_exists=False
                )
            message = await channel.send(piece, **extra)
            last = str(message.id)
        return last

    async def _edit_in_channel(self, chat_id: str, p: dict[str, Any]) -> str | None:
        """Edit the pressed message ``p["edit"]`` to ``p``'s text and components (none: they go)."""
        channel = self.client.get_partial_messageable(int(chat_id))
        with contextlib.suppress(discord.NotFound):  # deleted meanwhile: nothing to edit
            await channel.get_partial_message(int(p["edit"])).edit(
                content=p["text"], view=view_of_rows(p.get("buttons") or [])
            )
        return str(p["edit"])

    async def _strip(self, chat_id: str, p: dict[str, Any]) -> None:
        """Take the spent buttons off the pressed message (``strip``) by editing it in the channel."""
        if not p.get("strip"):
            return
        channel = self.client.get_partial_messageable(int(chat_id))
        # the pressed message may be gone: then there is nothing to take its buttons off
        with contextlib.suppress(discord.NotFound):
            await channel.get_partial_message(int(p["strip"])).edit(view=None)

    async def _follow_up(self, chat_id: str, p: dict[str, Any]) -> str | None:
        """A follow-up through the stored token of an interaction received before a restart."""
        webhook = discord.Webhook.partial(int(p["app"]), p["token"], client=self.client)
        pieces = split_text(text_of(p), DISCORD_LIMIT) or [""]
        for i, piece in enumerate(pieces):
            await webhook.send(piece, **extras(p, i == len(pieces) - 1))
            if i == 0:  # the interaction took it: the pressed message's buttons go now
                await self._strip(chat_id, p)
        return None

    async def _answer(self, live: Live, p: dict[str, Any]) -> str | None:
        """Answer the live interaction: its response while none was given, then follow-ups."""
        interaction = live.interaction
        async with live.lock:
            done = interaction.response.is_done()
            if p.get("ack"):
                if not done:
                    await interaction.response.defer()
                live.answered.set()
                return None
            if p.get("edit"):  # the pressed message's next step (記牌): the press's response
                view = view_of_rows(p.get("buttons") or [])
                if done:
                    await interaction.edit_original_response(content=p["text"], view=view)
                else:
                    await interaction.response.edit_message(content=p["text"], view=view)
                live.answered.set()
                return str(p["edit"])
            if p.get("strip"):
                if done:
                    await interaction.edit_original_response(view=None)
                else:
                    await interaction.response.edit_message(view=None)
                done = True
                live.answered.set()
            ephemeral = bool(p.get("ephemeral"))
            pieces = split_text(text_of(p), DISCORD_LIMIT) or [""]
            last: str | None = None
            for i, piece in enumerate(pieces):
                extra = extras(p, i == len(pieces) - 1)
                if ephemeral:
                    extra["ephemeral"] = True
                if not done:
                    answer = await interaction.response.send_message(piece, **extra)
                    done = True
                    mid = getattr(answer, "message_id", None)
                    last = None if mid is None else str(mid)
                else:
                    await interaction.followup.send(piece, **extra)
                live.answered.set()
            return last


__all__ = [
    "TOKEN_TTL",
    "DiscordSender",
    "Live",
    "LiveInteractions",
    "extras",
    "files_of",
    "payloads",
    "quoted",
    "text_of",
    "token_fresh",
]
