"""A fake Telegram Bot API server on 127.0.0.1 (aiohttp) for end-to-end tests and the benchmark.

It speaks just enough of the Bot API for python-telegram-bot's real :class:`~telegram.ext.Application`:
``getMe``, ``deleteWebhook``, ``getUpdates`` (long polling over queued updates), ``sendMessage``,
``editMessageText``, ``editMessageReplyMarkup``, ``answerCallbackQuery``, ``setMyCommands``,
``sendDocument``, ``sendPhoto``, ``getChatAdministrators``, ``setWebhook``.  Every call is recorded in :attr:`FakeBotAPI.calls`
(method name + decoded parameters); :meth:`FakeBotAPI.wait_for` awaits a condition on the calls, so
tests never sleep.  Message ids count up per chat, shared by users and the bot, as in a group.
A token other than :attr:`token` gets 401 Unauthorized (what Telegram answers a bad token).

Faults: :attr:`FakeBotAPI.refuse_sends` makes the next N ``sendMessage`` calls answer 429 with
``retry_after`` (:attr:`FakeBotAPI.refuse_polls` the same for ``getUpdates``),
:attr:`FakeBotAPI.bad_gateway_sends` the next N answer 502, and a chat in
:attr:`FakeBotAPI.forbidden_chats` gets 403 (the bot was kicked); refused calls are recorded in
:attr:`FakeBotAPI.refused`, not in :attr:`FakeBotAPI.calls`.
:attr:`FakeBotAPI.confirmed` is the highest ``getUpdates`` offset seen: every update below it has been
confirmed to the bot, as Telegram counts it.

Groups: ``privacy=True`` makes ``getMe`` say the bot cannot read all group messages; :meth:`FakeBotAPI.added`
queues the ``my_chat_member`` update of the bot joining a chat; a chat in :attr:`FakeBotAPI.migrated`
(old id → new id) answers every send with 400 and ``migrate_to_chat_id`` (python-telegram-bot's
``ChatMigrated``); ``thread=`` on :meth:`FakeBotAPI.send_text` posts in a forum topic, and the bot's
messages echo the ``message_thread_id`` they were sent with.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

BOT_ID = 7000001
BOT_USERNAME = "taipai_test_bot"


@dataclass
class Call:
    """One Bot API call: ``method`` (e.g. ``"sendMessage"``), decoded ``params`` and the arrival time."""

    method: str
    params: dict[str, Any]
    at: float = field(default_factory=time.perf_counter)
    result: Any = None


@dataclass
class Upload:
    """A file that came in a ``multipart/form-data`` call: its name, type and bytes."""

    filename: str
    content_type: str
    content: bytes


def shown(call: Call) -> str:
    """What a posted message shows: a text's text, a photo's caption (``""`` without one)."""
    return str(call.params.get("text", call.params.get("caption", "")))


def _decode(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except ValueError:
        return value


class FakeBotAPI:
    """The fake server.  ``async with FakeBotAPI() as api:`` starts it; ``api.base_url`` is what the bot
    takes as ``TELEGRAM_API_BASE_URL``."""

    def __init__(
        self,
        token: str = "123456:TEST-TOKEN",
        *,
        admins: dict[int, list[int]] | None = None,
        privacy: bool = False,
    ) -> None:
        self.token = token
        self.privacy = privacy
        self.migrated: dict[int, int] = {}
        self.calls: list[Call] = []
        self.admins = admins or {}
        self._updates: list[dict[str, Any]] = []
        self._next_update = 1
        self._next_message: dict[int, int] = {}
        self._texts: dict[tuple[int, int], str] = {}
        self._dates: dict[tuple[int, int], int] = {}  # when each user message was sent (Unix seconds)
        self._cond = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self._closing = False
        self._by_chat: dict[tuple[str, int], list[Call]] = {}
        self.port = 0
        self.refuse_sends = 0
        self.retry_after = 1
        self.refused: list[Call] = []
        self.confirmed = 0
        self.bad_gateway_sends = 0
        self.refuse_polls = 0
        self.forbidden_chats: set[int] = set()

    # ------------------------------------------------------------------ life cycle
    async def __aenter__(self) -> FakeBotAPI:
        app = web.Application()
        app.router.add_route("POST", "/bot{token}/{method}", self._dispatch)
        app.router.add_route("GET", "/bot{token}/{method}", self._dispatch)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def release(self) -> None:
        """Answer every pending and later long poll at once (call before stopping the bot, so the
        test does not wait out a poll timeout)."""
        async with self._cond:
            self._closing = True
            self._cond.notify_all()

    async def __aexit__(self, *exc: object) -> None:
        await self.release()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>/bot`` (the token is appended by python-telegram-bot)."""
        return f"http://127.0.0.1:{self.port}/bot"

    # ------------------------------------------------------------------ feeding updates
    def message_id(self, chat_id: int) -> int:
        """The next message id of a chat (users and bot share the counter)."""
        n = self._next_message.get(chat_id, 0) + 1
        self._next_message[chat_id] = n
        return n

    @staticmethod
    def user(user_id: int, first_name: str, *, username: str | None = None, lang: str | None = None) -> dict:
        """A Bot API ``User`` object."""
        u: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": first_name}
        if username:
            u["username"] = username
        if lang:
            u["language_code"] = lang
        return u

    def chat(self, chat_id: int) -> dict:
        """A Bot API ``Chat`` object: a supergroup for negative ids (a basic group when it is in
        :attr:`migrated`), else a private chat."""
        if chat_id in self.migrated:
            return {"id": chat_id, "type": "group", "title": f"group {chat_id}"}
        if chat_id < 0:
            return {"id": chat_id, "type": "supergroup", "title": f"group {chat_id}"}
        return {"id": chat_id, "type": "private", "first_name": "someone"}

    async def push(self, update: dict[str, Any]) -> dict[str, Any]:
        """Queue a raw update (``update_id`` is added when missing) and wake the long poll."""
        async with self._cond:
            update.setdefault("update_id", self._next_update)
            self._next_update = max(self._next_update, update["update_id"]) + 1
            self._updates.append(update)
            self._cond.notify_all()
        return update

    async def send_text(self, chat_id: int, user: dict, text: str, *, thread: int | None = None) -> dict[str, Any]:
        """A user posts ``text`` (in the forum topic ``thread``); returns the update (its message holds
        ``message_id``)."""
        return await self.push(self.text_update(chat_id, user, text, thread=thread))

    async def added(self, chat_id: int, by: dict, *, status: str = "member") -> dict[str, Any]:
        """``by`` adds the bot to the group ``chat_id`` (the bot's new ``status``: ``member`` or
        ``administrator``): the ``my_chat_member`` update."""
        me = {"user": self._me(), "status": status}
        if status == "administrator":
            me.update(_ADMIN_RIGHTS, is_anonymous=False)
        change = {
            "chat": self.chat(chat_id),
            "from": by,
            "date": int(time.time()),
            "old_chat_member": {"user": self._me(), "status": "left"},
            "new_chat_member": me,
        }
        return await self.push({"my_chat_member": change})

    async def service_message(self, chat_id: int, **fields: Any) -> dict[str, Any]:
        """A service message in ``chat_id`` carrying ``fields`` (e.g. ``migrate_to_chat_id``); a
        chat id in :attr:`migrated` is a basic ``group``."""
        msg = {"message_id": self.message_id(chat_id), "date": int(time.time()), "chat": self.chat(chat_id)}
        msg.update(fields)
        return await self.push({"message": msg})

    def text_update(
        self, chat_id: int, user: dict, text: str, *, thread: int | None = None
    ) -> dict[str, Any]:
        """The update of a user posting ``text``, with the next message id and update id, NOT queued for
        ``getUpdates`` (webhook tests post it to the bot themselves)."""
        mid = self.message_id(chat_id)
        self._texts[(chat_id, mid)] = text
        self._dates[(chat_id, mid)] = int(time.time())
        msg = {
            "message_id": mid,
            "date": self._dates[(chat_id, mid)],
            "chat": self.chat(chat_id),
            "from": user,
            "text": text,
        }
        if thread is not None:
            msg.update(message_thread_id=thread, is_topic_message=True)
            msg["chat"]["is_forum"] = True
        entities = _command_entity(text)
        if entities:
            msg["entities"] = entities
        update_id = self._next_update
        self._next_update += 1
        return {"update_id": update_id, "message": msg}

    async def edit_text(
        self, chat_id: int, user: dict, message_id: int, text: str, *, date: int | None = None
    ) -> dict[str, Any]:
        """The user edits their message ``message_id`` to ``text``; the update's ``date`` is when the
        message was first sent: ``date`` (Unix seconds), else when it was posted here, else 5 s ago."""
        sent = date if date is not None else self._dates.get((chat_id, message_id), int(time.time()) - 5)
        msg = {
            "message_id": message_id,
            "date": sent,
            "edit_date": int(time.time()),
            "chat": self.chat(chat_id),
            "from": user,
            "text": text,
        }
        return await self.push({"edited_message": msg})

    async def press(
        self, chat_id: int, user: dict, message_id: int, data: str, *, thread: int | None = None
    ) -> dict[str, Any]:
        """The user presses the inline button with ``data`` under the bot's message ``message_id``
        (posted in the forum topic ``thread``)."""
        message = {
            "message_id": message_id,
            "date": int(time.time()),
            "chat": self.chat(chat_id),
            "from": self._me(),
            "text": self._texts.get((chat_id, message_id), ""),
        }
        if thread is not None:
            message.update(message_thread_id=thread, is_topic_message=True)
        q = {
            "id": f"cq{self._next_update}",
            "from": user,
            "chat_instance": str(chat_id),
            "message": message,
            "data": data,
        }
        return await self.push({"callback_query": q})

    # ------------------------------------------------------------------ observing
    async def wait_for(self, predicate: Callable[[list[Call]], Any], timeout: float = 10.0) -> Any:
        """Wait until ``predicate(calls)`` is truthy and return its value (``TimeoutError`` otherwise)."""
        async with asyncio.timeout(timeout):
            async with self._cond:
                while True:
                    value = predicate(self.calls)
                    if value:
                        return value
                    await self._cond.wait()

    def quoted(self, chat_id: int) -> list[int]:
        """The message ids the bot's ``sendMessage`` calls to ``chat_id`` quoted, in order."""
        return [
            c.params["reply_parameters"]["message_id"]
            for c in self.sent(chat_id)
            if isinstance(c.params.get("reply_parameters"), dict)
        ]

    def posted(self, chat_id: int) -> list[Call]:
        """The messages the bot posted to ``chat_id``, texts and photos in order (``shown`` reads
        either's text)."""
        posts = ("sendMessage", "sendPhoto")
        return [c for c in self.calls if c.method in posts and c.params.get("chat_id") == chat_id]

    def sent(self, chat_id: int | None = None, method: str = "sendMessage") -> list[Call]:
        """The recorded calls of ``method`` (to ``chat_id`` when given)."""
        if chat_id is None:
            return [c for c in self.calls if c.method == method]
        return list(self._by_chat.get((method, chat_id), ()))

    # ------------------------------------------------------------------ the API
    def _me(self) -> dict[str, Any]:
        return {"id": BOT_ID, "is_bot": True, "first_name": "taipai", "username": BOT_USERNAME}

    def _too_many_requests(self) -> web.Response:
        """The Bot API's flood-control answer: 429 with ``retry_after`` (:attr:`retry_after` seconds)."""
        return web.json_response(
            {
                "ok": False,
                "error_code": 429,
                "description": f"Too Many Requests: retry after {self.retry_after}",
                "parameters": {"retry_after": self.retry_after},
            },
            status=429,
        )

    async def _dispatch(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.json_response(
                {"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401
            )
        method = request.match_info["method"]
        form = await request.post()
        params: dict[str, Any] = {}
        for k, v in form.items():
            params[k] = (
                Upload(v.filename, v.content_type, v.file.read())
                if isinstance(v, web.FileField)
                else _decode(v)
            )
        if method == "getUpdates" and self.refuse_polls > 0:
            self.refuse_polls -= 1
            await self._refuse(Call(method, params))
            return self._too_many_requests()
        if method == "getUpdates":
            return web.json_response({"ok": True, "result": await self._get_updates(params)})
        if method == "sendMessage" and self.bad_gateway_sends > 0:
            self.bad_gateway_sends -= 1
            await self._refuse(Call(method, params))
            return web.json_response(
                {"ok": False, "error_code": 502, "description": "Bad Gateway"}, status=502
            )
        if method == "sendMessage" and params.get("chat_id") in self.forbidden_chats:
            await self._refuse(Call(method, params))
            return web.json_response(
                {
                    "ok": False,
                    "error_code": 403,
                    "description": "Forbidden: bot was kicked from the group chat",
                },
                status=403,
            )
        if method.startswith("send") and params.get("chat_id") in self.migrated:
            await self._refuse(Call(method, params))
            return web.json_response(
                {
                    "ok": False,
                    "error_code": 400,
                    "description": "Bad Request: group chat was upgraded to a supergroup chat",
                    "parameters": {"migrate_to_chat_id": self.migrated[params["chat_id"]]},
                },
                status=400,
            )
        if method == "sendMessage" and self.refuse_sends > 0:
            self.refuse_sends -= 1
            await self._refuse(Call(method, params))
            return self._too_many_requests()
        handler = getattr(self, "_api_" + method, None)
        if handler is None:
            return web.json_response(
                {"ok": False, "error_code": 404, "description": f"Not Found: {method}"}, status=404
            )
        result = handler(params)
        if isinstance(result, dict) and "message_id" in result and params.get("message_thread_id"):
            result.update(message_thread_id=params["message_thread_id"], is_topic_message=True)
        call = Call(method, params, result=result)
        async with self._cond:
            self.calls.append(call)
            if isinstance(params.get("chat_id"), int):
                self._by_chat.setdefault((method, params["chat_id"]), []).append(call)
            self._cond.notify_all()
        if isinstance(result, web.Response):
            return result
        return web.json_response({"ok": True, "result": result})

    async def _refuse(self, call: Call) -> None:
        async with self._cond:
            self.refused.append(call)
            self._cond.notify_all()

    async def _get_updates(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        offset = int(params.get("offset") or 0)
        timeout = float(params.get("timeout") or 0)
        self.confirmed = max(self.confirmed, offset)
        async with self._cond:
            self._updates = [u for u in self._updates if u["update_id"] >= offset]
            if not self._updates and timeout > 0 and not self._closing:
                try:
                    async with asyncio.timeout(timeout):
                        while not self._updates and not self._closing:
                            await self._cond.wait()
                except TimeoutError:
                    pass
            return list(self._updates[:100])

    def _api_getMe(self, p: dict[str, Any]) -> dict[str, Any]:
        return {
            **self._me(),
            "can_join_groups": True,
            "can_read_all_group_messages": not self.privacy,
            "supports_inline_queries": False,
        }

    def _api_deleteWebhook(self, p: dict[str, Any]) -> bool:
        return True

    def _api_setWebhook(self, p: dict[str, Any]) -> bool:
        return True

    def _api_setMyCommands(self, p: dict[str, Any]) -> bool:
        return True

    def _api_getChatAdministrators(self, p: dict[str, Any]) -> list[dict[str, Any]]:
        chat_id = int(p["chat_id"])
        return [
            {
                "status": "administrator" if i else "creator",
                "user": self.user(uid, f"admin{uid}"),
                "is_anonymous": False,
                **({} if not i else _ADMIN_RIGHTS),
            }
            for i, uid in enumerate(self.admins.get(chat_id, []))
        ]

    def _bot_message(self, chat_id: int, text: str, extra: dict[str, Any]) -> dict[str, Any]:
        mid = self.message_id(chat_id)
        self._texts[(chat_id, mid)] = text
        msg = {
            "message_id": mid,
            "date": int(time.time()),
            "chat": self.chat(chat_id),
            "from": self._me(),
            "text": text,
        }
        msg.update(extra)
        return msg

    def _api_sendMessage(self, p: dict[str, Any]) -> dict[str, Any]:
        extra = {"reply_markup": p["reply_markup"]} if p.get("reply_markup") else {}
        return self._bot_message(int(p["chat_id"]), str(p["text"]), extra)

    def _api_sendDocument(self, p: dict[str, Any]) -> dict[str, Any]:
        doc = p.get("document")
        name = doc.filename if isinstance(doc, Upload) else "file"
        msg = self._bot_message(
            int(p["chat_id"]), "", {"document": {"file_id": "f1", "file_unique_id": "u1", "file_name": name}}
        )
        msg.pop("text")
        if p.get("caption"):
            msg["caption"] = p["caption"]
        return msg

    def _api_sendPhoto(self, p: dict[str, Any]) -> dict[str, Any]:
        photo = p.get("photo")
        size = len(photo.content) if isinstance(photo, Upload) else 0
        extra: dict[str, Any] = {
            "photo": [
                {"file_id": "p1", "file_unique_id": "pu1", "width": 1200, "height": 800, "file_size": size}
            ]
        }
        if p.get("reply_markup"):
            extra["reply_markup"] = p["reply_markup"]
        msg = self._bot_message(int(p["chat_id"]), "", extra)
        msg.pop("text")
        if p.get("caption"):
            msg["caption"] = p["caption"]
        return msg

    def _api_editMessageText(self, p: dict[str, Any]) -> Any:
        chat_id, mid = int(p["chat_id"]), int(p["message_id"])
        if (chat_id, mid) not in self._texts:
            return web.json_response(
                {"ok": False, "error_code": 400, "description": "Bad Request: message to edit not found"},
                status=400,
            )
        if self._texts[(chat_id, mid)] == p["text"]:
            return web.json_response(
                {"ok": False, "error_code": 400, "description": "Bad Request: message is not modified"},
                status=400,
            )
        self._texts[(chat_id, mid)] = str(p["text"])
        return {
            "message_id": mid,
            "date": int(time.time()),
            "edit_date": int(time.time()),
            "chat": self.chat(chat_id),
            "from": self._me(),
            "text": p["text"],
        }

    def _api_editMessageReplyMarkup(self, p: dict[str, Any]) -> Any:
        return True

    def _api_answerCallbackQuery(self, p: dict[str, Any]) -> bool:
        return True


_ADMIN_RIGHTS = {
    "can_be_edited": False,
    "can_manage_chat": True,
    "can_delete_messages": True,
    "can_manage_video_chats": True,
    "can_restrict_members": True,
    "can_promote_members": False,
    "can_change_info": True,
    "can_invite_users": True,
    "can_post_stories": False,
    "can_edit_stories": False,
    "can_delete_stories": False,
}


def _command_entity(text: str) -> list[dict[str, Any]]:
    if not text.startswith("/"):
        return []
    return [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
