"""A local stand-in for Discord: the real discord.py client, fed gateway payloads, answering HTTP.

Nothing leaves the process.  :class:`FakeDiscordAPI` takes the place of the aiohttp session that
discord.py's HTTP client and webhook adapter talk through: it records every request (method, path,
JSON body) and answers the way Discord does (a created message echoes its content and components,
an interaction callback returns the message it created).  :class:`DiscordHarness` logs the real
:class:`TaipaiDiscord` in through it (``GET /users/@me``, ``GET /oauth2/applications/@me``, then the
client's ``setup_hook``, which syncs the commands), and drives it with gateway-style payloads:

- :meth:`DiscordHarness.slash` — an ``INTERACTION_CREATE`` of type 2 into ``ConnectionState``, which
  hands it to the real ``CommandTree``;
- :meth:`DiscordHarness.press` — a component interaction (type 3) for a button on a message the bot
  posted, routed by the real ``ViewStore`` to the dynamic item;
- :meth:`DiscordHarness.say` — a ``MESSAGE_CREATE`` dispatched to ``on_message``.

Each returns the requests the bot made while handling it.  It awaits the tasks discord.py spawned
for the update (no sleeping): when they are done, every reply has been sent.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import discord
import discord.http

from taipai.bot.discord import TaipaiDiscord

APP_ID = 900000000000000001
BOT_ID = 900000000000000002
GUILD_ID = 910000000000000001
CHANNEL_ID = 920000000000000001
TIMESTAMP = "2025-01-01T12:00:00.000000+00:00"

ADMIN_PERMISSIONS = str(discord.Permissions.all().value)
PLAYER_PERMISSIONS = str(
    discord.Permissions(send_messages=True, view_channel=True, use_application_commands=True).value
)


def user_payload(
    user_id: int, name: str, *, bot: bool = False, global_name: str | None = None
) -> dict[str, Any]:
    """A Discord user object."""
    return {
        "id": str(user_id),
        "username": name.lower(),
        "global_name": global_name or name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
    }


BOT_USER = user_payload(BOT_ID, "taipai", bot=True)


@dataclass
class Call:
    """One HTTP request the bot made: ``path`` without the API prefix; ``body`` the decoded JSON."""

    method: str
    path: str
    body: Any = None
    params: dict[str, Any] | None = None
    message_id: int | None = None
    """The id of the message this call created, if it created one."""
    status: int = 200
    """The HTTP status the fake answered (0: the request raised a network error)."""
    files: list[tuple[str, bytes]] = field(default_factory=list)
    """``(filename, bytes)`` of each file attached to the request (a multipart body)."""

    @property
    def kind(self) -> str:
        """``response`` (interaction answered with a message), ``update`` (it edited the pressed
        message), ``defer``, ``followup``, ``message`` (posted in a channel), ``edit``, or the path."""
        if self.path.endswith("/callback"):
            kinds = {4: "response", 7: "update", 6: "defer", 5: "defer", 8: "autocomplete"}
            return kinds.get(self.body.get("type"), "callback")
        if self.method == "POST" and self.path.startswith("/webhooks/"):
            return "followup"
        if self.method == "POST" and self.path.endswith("/messages"):
            return "message"
        if self.method == "PATCH" and "/messages/" in self.path:
            return "edit"
        return self.path

    @property
    def shown(self) -> tuple[str, str | None, list[str]]:
        """``(kind, content, button labels)``, ``kind`` with ``!`` for a message only the presser sees."""
        return (
            self.kind + ("!" if self.ephemeral else ""),
            self.content,
            [label for label, _id in self.buttons],
        )

    @property
    def content(self) -> str | None:
        """The message text of a message-creating call (interaction responses nest it in ``data``)."""
        if not isinstance(self.body, dict):
            return None
        data = self.body.get("data", self.body) if "type" in self.body else self.body
        return data.get("content")

    @property
    def components(self) -> list[dict[str, Any]]:
        if not isinstance(self.body, dict):
            return []
        data = self.body.get("data", self.body) if "type" in self.body else self.body
        return data.get("components", [])

    @property
    def buttons(self) -> list[tuple[str, str]]:
        """``[(label, custom_id)]`` of the buttons in this call's message."""
        return [(c.get("label", ""), c["custom_id"]) for row in self.components for c in row["components"]]

    @property
    def ephemeral(self) -> bool:
        if not isinstance(self.body, dict):
            return False
        data = self.body.get("data", self.body) if "type" in self.body else self.body
        return bool((data or {}).get("flags", 0) & 64)


class _Response:
    def __init__(self, status: int, body: Any) -> None:
        self.status = status
        self.reason = "OK" if status < 400 else "Error"
        self._text = json.dumps(body)
        self.headers = {"content-type": "application/json"}

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text

    async def json(self) -> Any:
        return json.loads(self._text)

    async def __aenter__(self) -> _Response:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None


@dataclass
class FakeDiscordAPI:
    """Stands in for ``aiohttp.ClientSession``: records requests, answers like Discord's REST API.

    Attributes:
        calls: every request, in order.
        messages: every message the bot created, by id (the payload Discord would store).
        valid_token: the bot token that ``GET /users/@me`` accepts (any other gets 401).
    """

    valid_token: str = "test-token"
    calls: list[Call] = field(default_factory=list)
    messages: dict[int, dict[str, Any]] = field(default_factory=dict)
    closed: bool = False
    acknowledged: set[str] = field(default_factory=set)
    """Ids of the interactions that got a callback (a response or a deferral): only those take
    follow-ups (Discord answers 404 Unknown Webhook to the others)."""
    fail_messages: list[Any] = field(default_factory=list)
    """What the next channel-message posts get instead of success, one entry each, in order: an
    HTTP status (e.g. 503) or an exception to raise (a network error)."""
    pressed: dict[str, int] = field(default_factory=dict)
    """The message each component interaction (by id) was made on."""
    _ids: itertools.count = field(default_factory=lambda: itertools.count(930000000000000001))

    def next_id(self) -> int:
        return next(self._ids)

    # aiohttp.ClientSession surface used by discord.py
    def request(self, method: str, url: str, **kwargs: Any) -> _Response:
        path = urlsplit(url).path.removeprefix("/api/v10")
        raw = kwargs.get("data")
        files: list[tuple[str, bytes]] = []
        if isinstance(raw, aiohttp.FormData):
            raw, files = multipart(raw)
        body = json.loads(raw) if isinstance(raw, str) else raw
        call = Call(method, path, body, kwargs.get("params"), files=files)
        self.calls.append(call)
        if (
            self.fail_messages
            and method == "POST"
            and path.startswith("/channels/")
            and path.endswith("/messages")
        ):
            failure = self.fail_messages.pop(0)
            if isinstance(failure, BaseException):
                call.status = 0
                raise failure
            call.status = failure
            return _Response(failure, {"message": f"{failure}: the fake fails", "code": 0})
        created = len(self.messages)
        status, answer = self._answer(method, path, body, kwargs.get("headers") or {})
        if len(self.messages) > created:
            call.message_id = max(self.messages)
        call.status = status
        return _Response(status, answer)

    async def close(self) -> None:
        self.closed = True

    def _answer(self, method: str, path: str, body: Any, headers: dict[str, str]) -> tuple[int, Any]:
        parts = path.strip("/").split("/")
        if path == "/users/@me":
            if headers.get("Authorization") != f"Bot {self.valid_token}":
                return 401, {"message": "401: Unauthorized", "code": 0}
            return 200, BOT_USER
        if path == "/oauth2/applications/@me":
            return 200, {
                "id": str(APP_ID),
                "name": "taipai",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": user_payload(1, "owner"),
                "verify_key": "00",
                "flags": 0,
            }
        if method == "PUT" and parts[:1] == ["applications"] and parts[-1] == "commands":
            return 200, [
                {**c, "id": str(self.next_id()), "application_id": str(APP_ID), "version": "1"} for c in body
            ]
        if method == "POST" and parts[0] == "interactions" and parts[-1] == "callback":
            self.acknowledged.add(parts[1])
            data = body.get("data") or {}
            if body.get("type") == 7 and "content" in data and parts[1] in self.pressed:
                # an update that rewrites the pressed message (the 記牌 flow's next step)
                message = self.messages[self.pressed[parts[1]]]
                message.update({k: v for k, v in data.items() if k in ("content", "components")})
            if body.get("type") != 4:  # deferred / update: no new message
                return 200, {"interaction": {"id": parts[1], "type": 2}}
            message = self._create(CHANNEL_ID, body.get("data", {}))
            return 200, {
                "interaction": {"id": parts[1], "type": 2, "response_message_id": message["id"]},
                "resource": {"type": 4, "message": message},
            }
        if method == "POST" and parts[0] == "webhooks":  # interaction follow-up
            if parts[2].removeprefix("token-") not in self.acknowledged:
                return 404, {"message": "Unknown Webhook", "code": 10015}
            return 200, self._create(CHANNEL_ID, body)
        if method == "PATCH" and parts[0] == "webhooks" and parts[-1] == "@original":
            # a deferred press edits the pressed message (the fake takes the newest one)
            message = self.messages[max(self.messages)]
            message.update({k: v for k, v in body.items() if k in ("content", "components")})
            return 200, message
        if method == "POST" and parts[0] == "channels" and parts[-1] == "messages":
            return 200, self._create(int(parts[1]), body)
        if method == "PATCH" and parts[0] == "channels" and parts[2] == "messages":
            message = self.messages[int(parts[3])]
            message.update({k: v for k, v in body.items() if k in ("content", "components")})
            return 200, message
        return 404, {"message": f"the fake has no {method} {path}", "code": 0}

    def _create(self, channel_id: int, data: dict[str, Any]) -> dict[str, Any]:
        message = message_payload(
            self.next_id(),
            BOT_USER,
            data.get("content", ""),
            channel_id=channel_id,
            components=data.get("components", []),
            flags=data.get("flags", 0),
            reference=data.get("message_reference"),
        )
        self.messages[int(message["id"])] = message
        return message


def multipart(form: aiohttp.FormData) -> tuple[str | None, list[tuple[str, bytes]]]:
    """``(payload_json, [(filename, bytes)])`` of a multipart body discord.py built (a message
    with attachments).  aiohttp has no public reader of a ``FormData``'s fields: its ``_fields``
    list ``(options, headers, value)`` is read here, in the test fake only."""
    payload: str | None = None
    files: list[tuple[str, bytes]] = []
    for options, _headers, value in form._fields:
        if options["name"] == "payload_json":
            payload = value
        else:
            files.append((options["filename"], value.read()))
            value.seek(0)
    return payload, files


def message_payload(
    message_id: int,
    author: dict[str, Any],
    content: str,
    *,
    channel_id: int = CHANNEL_ID,
    components: list[dict[str, Any]] | None = None,
    mentions: list[dict[str, Any]] | None = None,
    flags: int = 0,
    reference: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A Discord message object (as in ``MESSAGE_CREATE``)."""
    out: dict[str, Any] = {
        "id": str(message_id),
        "channel_id": str(channel_id),
        "guild_id": str(GUILD_ID),
        "author": author,
        "content": content,
        "timestamp": TIMESTAMP,
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": mentions or [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": False,
        "type": 0 if reference is None else 19,
        "flags": flags,
        "components": components or [],
    }
    if reference is not None:
        out["message_reference"] = reference
    return out


@dataclass(frozen=True)
class Person:
    """A guild member in the tests: ``name`` is their display name; ``admin`` their permissions."""

    user_id: int
    name: str
    admin: bool = False
    locale: str = "zh-TW"

    @property
    def user(self) -> dict[str, Any]:
        return user_payload(self.user_id, self.name)

    def member(self, *, with_user: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "roles": [],
            "joined_at": TIMESTAMP,
            "deaf": False,
            "mute": False,
            "nick": None,
            "flags": 0,
            "permissions": ADMIN_PERMISSIONS if self.admin else PLAYER_PERMISSIONS,
        }
        if with_user:
            out["user"] = self.user
        return out


_SNOWFLAKES = itertools.count(discord.utils.time_snowflake(datetime.now(UTC)))
"""Ids of interactions and of people's messages: unique across every harness and made now, as on
Discord (an interaction's id tells when its token expires)."""


class DiscordHarness:
    """The real :class:`TaipaiDiscord` logged in through a :class:`FakeDiscordAPI`.

    Use as ``async with DiscordHarness(service, monkeypatch) as h:``.
    """

    def __init__(
        self,
        service: Any,
        monkeypatch: Any,
        *,
        channel_id: int = CHANNEL_ID,
        api: FakeDiscordAPI | None = None,
        sync_stamp: Path | None = None,
    ) -> None:
        self.api = api or FakeDiscordAPI()  # pass the one of before to restart against the same Discord
        self.channel_id = channel_id
        monkeypatch.setattr(discord.http.aiohttp, "ClientSession", lambda *a, **k: self.api)
        self.client = TaipaiDiscord(service, sync_stamp=sync_stamp)
        self._ids = _SNOWFLAKES  # shared: a restarted client never sees an id of before again

    async def __aenter__(self) -> DiscordHarness:
        await self.client.__aenter__()
        await self.client.login(self.api.valid_token)  # /users/@me, application info, setup_hook (sync)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.client.__aexit__(None, None, None)

    # -------------------------------------------------------------------- driving
    async def _drive(self, feed: Callable[[], None]) -> list[Call]:
        """Feed one gateway event and await every task discord.py spawned for it."""
        start = len(self.api.calls)
        before = asyncio.all_tasks()
        feed()
        pending = asyncio.all_tasks() - before
        seen = set(pending)
        while pending:
            await asyncio.gather(*pending)
            pending = {t for t in asyncio.all_tasks() - before - seen if not t.done()}
            seen |= pending
        return self.api.calls[start:]

    def _interaction(self, person: Person, kind: int, data: dict[str, Any], **extra: Any) -> dict[str, Any]:
        iid = next(self._ids)
        return {
            "id": str(iid),
            "application_id": str(APP_ID),
            "type": kind,
            "token": f"token-{iid}",
            "version": 1,
            "guild_id": str(GUILD_ID),
            "channel_id": str(self.channel_id),
            "channel": {
                "id": str(self.channel_id),
                "type": 0,
                "guild_id": str(GUILD_ID),
                "name": "mahjong",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
            },
            "member": person.member(),
            "locale": person.locale,
            "guild_locale": "zh-TW",
            "app_permissions": ADMIN_PERMISSIONS,
            "attachment_size_limit": 8 * 1024 * 1024,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
            "data": data,
            **extra,
        }

    async def slash(self, person: Person, name: str, **options: str | bool) -> list[Call]:
        """``/name option=value …`` typed by ``person`` (string options; a ``bool`` is a boolean one;
        a choice option takes its value)."""
        data = {
            "id": str(next(self._ids)),
            "name": name,
            "type": 1,
            "options": [
                {"name": k, "type": 5 if isinstance(v, bool) else 3, "value": v} for k, v in options.items()
            ],
        }
        payload = self._interaction(person, 2, data)
        return await self._drive(lambda: self.client._connection.parse_interaction_create(payload))

    async def autocomplete(self, person: Person, name: str, focused: str, **options: str) -> list[Call]:
        """``person`` types in the option ``focused`` of ``/name`` (an autocomplete interaction, type
        4): ``options`` hold what is typed so far, the focused one's included."""
        data = {
            "id": str(next(self._ids)),
            "name": name,
            "type": 1,
            "options": [
                {"name": k, "type": 3, "value": v, **({"focused": True} if k == focused else {})}
                for k, v in options.items()
            ],
        }
        payload = self._interaction(person, 4, data)
        return await self._drive(lambda: self.client._connection.parse_interaction_create(payload))

    async def press(self, person: Person, message_id: int, label: str) -> list[Call]:
        """``person`` presses the button labelled ``label`` under the bot's message ``message_id``."""
        message = self.api.messages[message_id]
        ids = [
            c["custom_id"] for row in message["components"] for c in row["components"] if c["label"] == label
        ]
        assert len(ids) == 1, f"no single button {label!r} on {message['content']!r}"
        data = {"custom_id": ids[0], "component_type": 2}
        payload = self._interaction(person, 3, data, message=message)
        self.api.pressed[payload["id"]] = message_id
        return await self._drive(lambda: self.client._connection.parse_interaction_create(payload))

    async def choose(self, person: Person, message_id: int, label: str) -> list[Call]:
        """``person`` picks the option labelled ``label`` of the select menu on the bot's message
        ``message_id``."""
        message = self.api.messages[message_id]
        found = [
            (c["custom_id"], o["value"])
            for row in message["components"]
            for c in row["components"]
            if c.get("type") == 3
            for o in c.get("options", [])
            if o["label"] == label
        ]
        assert len(found) == 1, f"no single option {label!r} on {message['content']!r}"
        data = {"custom_id": found[0][0], "component_type": 3, "values": [found[0][1]]}
        payload = self._interaction(person, 3, data, message=message)
        self.api.pressed[payload["id"]] = message_id
        return await self._drive(lambda: self.client._connection.parse_interaction_create(payload))

    async def say(
        self, person: Person, content: str, *, message_id: int | None = None, mentions: list[Person] = ()
    ) -> list[Call]:
        """``person`` writes ``content`` in the channel (a ``MESSAGE_CREATE``); ``mentions`` are the
        people its ``<@id>`` markup names."""
        payload = message_payload(
            message_id or next(self._ids),
            person.user,
            content,
            channel_id=self.channel_id,
            mentions=[{**p.user, "member": p.member(with_user=False)} for p in mentions],
        )
        payload["member"] = person.member(with_user=False)
        return await self._drive(lambda: self.client._connection.parse_message_create(payload))

    async def edit(self, person: Person, message_id: int, content: str) -> list[Call]:
        """``person`` edits their message ``message_id`` to ``content`` (a ``MESSAGE_UPDATE``)."""
        payload = message_payload(message_id, person.user, content, channel_id=self.channel_id)
        payload["member"] = person.member(with_user=False)
        payload["edited_timestamp"] = "2025-01-01T12:01:00.000000+00:00"
        return await self._drive(lambda: self.client._connection.parse_message_update(payload))

    async def say_many(self, person: Person, contents: list[tuple[int, str]]) -> list[Call]:
        """``person`` writes each ``(message_id, content)`` in the channel, all in one go (the
        gateway delivers them back to back, before any is answered)."""

        def feed() -> None:
            for message_id, content in contents:
                payload = message_payload(message_id, person.user, content, channel_id=self.channel_id)
                payload["member"] = person.member(with_user=False)
                self.client._connection.parse_message_create(payload)

        return await self._drive(feed)
