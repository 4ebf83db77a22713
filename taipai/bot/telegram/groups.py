"""What a Telegram group needs beyond messages (issue 15 items 3 and 10): which chat (or forum topic) an
update belongs to, whether a command is addressed to another bot, the greeting when the bot is added
and the warning when privacy mode hides free text.  The adapter (:mod:`taipai.bot.telegram.adapter`)
calls these; nothing here talks to Telegram.

- **Forum topics**: each topic of a forum supergroup is its own table.  A message with
  ``is_topic_message`` and a ``message_thread_id`` belongs to the chat ``"<chat_id>:<thread_id>"``
  (:func:`chat_key`): the service, the event store, the inbox and the outbox all see that text as the
  chat id, and the adapter posts that chat's replies into the topic (``message_thread_id``, read by
  :func:`split_chat`).  The General topic, and every group without topics, is the chat id alone.
- **Commands of other bots**: ``/score@OtherBot`` is left alone (:func:`for_another_bot`); ``/score``
  and ``/score@<this bot>`` (any case) are ours.
- **Privacy mode**: a bot with privacy mode on (BotFather ``/setprivacy``: Enable, the default) sees
  only /commands, replies to it and mentions in a group, unless it is an administrator there.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from taipai.bot.greeting import first_steps
from taipai.bot.i18n import _

TOPIC: ContextVar[int | None] = ContextVar("taipai_telegram_topic", default=None)
"""The forum topic (``message_thread_id``) the reply being posted goes to, ``None`` outside a topic:
set by the adapter's sender for one outbox chat, so that every post and scoreboard refresh it makes
(a refresh task copies the context) lands in that topic."""

JOINED = frozenset({"member", "administrator"})
"""``ChatMember`` statuses of a bot that is in the chat."""
AWAY = frozenset({"left", "kicked"})
"""``ChatMember`` statuses of a bot that is not."""


def chat_key(chat_id: int, thread_id: int | None = None) -> str:
    """The service's chat id of a Telegram chat or forum topic: ``"-100123"``, ``"-100123:7"``."""
    return f"{chat_id}:{thread_id}" if thread_id is not None else str(chat_id)


def split_chat(key: str) -> tuple[int, int | None]:
    """``"-100123:7"`` → ``(-100123, 7)`` (a forum topic), ``"-100123"`` → ``(-100123, None)``.

    Raises ``ValueError`` for a key that is not one of :func:`chat_key`'s."""
    head, sep, thread = key.partition(":")
    return int(head), (int(thread) if sep else None)


def topic_of(message: dict[str, Any] | Any) -> int | None:
    """The forum topic of a message (its Bot API JSON object or a python-telegram-bot ``Message``):
    ``message_thread_id`` when ``is_topic_message``, else ``None`` (the General topic, a reply thread
    in a group without topics, a private chat)."""
    if message is None:
        return None
    if isinstance(message, dict):
        topic, thread = message.get("is_topic_message"), message.get("message_thread_id")
    else:
        topic = getattr(message, "is_topic_message", None)
        thread = getattr(message, "message_thread_id", None)
    return int(thread) if topic and thread is not None else None


def for_another_bot(text: str, username: str | None) -> bool:
    """Whether ``text`` is a command addressed to another bot: ``/score@OtherBot`` while this bot is
    ``username`` (compared case-insensitively, as Telegram does).  ``/score``, ``/score@<username>``
    and anything not a command are not."""
    head = text.lstrip().split(None, 1)[0] if text.strip() else ""
    if not head.startswith("/") or "@" not in head:
        return False
    addressed = head.split("@", 1)[1]
    return addressed.casefold() != (username or "").casefold()


def bot_joined(old_status: str | None, new_status: str | None) -> bool:
    """A ``my_chat_member`` change that adds the bot to a chat (left or kicked → member or admin)."""
    return new_status in JOINED and (old_status is None or old_status in AWAY)


def greeting(*, reads_all: bool) -> str:
    """What the bot says when it is added to a group, in the current locale: what to type first
    (:func:`taipai.bot.greeting.first_steps`: 開枱, 坐 東, a hand), then whether it reads free text
    (``reads_all``: privacy mode off or an administrator) or sees only /commands
    (:func:`privacy_warning`)."""
    lines = first_steps()
    if reads_all:
        lines.append(_("I read the group's messages but answer only table talk; other chat gets no reply."))
    else:
        lines.append(privacy_warning())
    return "\n".join(lines)


def privacy_warning() -> str:
    """The warning that privacy mode hides free text, in the current locale: only /commands are seen,
    and how to fix it."""
    return _(
        "I can see only /commands here (privacy mode is on): 「阿強 食 阿明 3番」 does not reach me, "
        "/win 阿強 阿明 3 does. To type hands freely: in @BotFather send /setprivacy, choose this bot "
        "and Disable, then add me to the group again; or make me a group administrator."
    )
