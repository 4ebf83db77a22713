"""An aiohttp transport for python-telegram-bot (its documented extension point,
:class:`telegram.request.BaseRequest`).

python-telegram-bot's default transport is httpx; per Bot API call its request path (httpx, httpcore,
h11 and anyio) cost the bot about half of its CPU per hand message in ``benchmarks/bot_bench.py``.
aiohttp (already installed: discord.py and the webhook server use it) does the same HTTP/1.1
keep-alive requests for a fraction of that.  Everything above the transport (the parameters, the
JSON answer, the mapping of HTTP statuses to :mod:`telegram.error` exceptions) stays
python-telegram-bot's own.

Timeouts keep python-telegram-bot's meaning where aiohttp has one: ``read_timeout`` is the longest
wait for data from the server (``sock_read``), ``connect_timeout`` the TCP connect
(``sock_connect``), ``pool_timeout`` + ``connect_timeout`` the wait for a pooled connection
plus the connect (``connect``).  aiohttp has no socket write timeout; ``write_timeout`` (and
``media_write_timeout`` for uploads) bounds the whole request instead (``total``, added to the
read timeout so a long poll is never cut short).

The token is part of every Bot API URL, so redirects are not followed (that would send the token
to whatever address the redirect names; the Bot API never redirects) and neither an error's text
nor the body of an error answer (python-telegram-bot quotes a body that is not JSON) carries the
URL or the token (:func:`scrub`).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any
from urllib.parse import unquote, urlencode, urlsplit

import aiohttp
from aiohttp.helpers import get_env_proxy_for_url
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData
from yarl import URL

from taipai.bot.logsafe import MIN_SECRET, REDACTED

_DEFAULT: Any = BaseRequest.DEFAULT_NONE
_Proxy = tuple[URL | None, aiohttp.BasicAuth | None]
_FORM = {"Content-Type": "application/x-www-form-urlencoded"}


class AiohttpRequest(BaseRequest):
    """A :class:`~telegram.request.BaseRequest` on one :class:`aiohttp.ClientSession`.

    Pass it to ``ApplicationBuilder().request(...)`` and (another instance) to
    ``.get_updates_request(...)``.  The session is made in :meth:`initialize` (on the running event
    loop) and closed in :meth:`shutdown`; python-telegram-bot's ``Bot`` calls both.

    Args:
        connection_pool_size: the most connections open at once (as
            :class:`~telegram.request.HTTPXRequest`; the Application's default is 256 for API calls
            and 1 for ``getUpdates``).
        read_timeout, write_timeout, connect_timeout, pool_timeout: default timeouts in seconds
            (``None``: wait for ever), used when a call passes none; see the module text.
        media_write_timeout: ``write_timeout`` for requests that upload files.
        trust_env: use the proxy that the environment names for the server (``HTTPS_PROXY``,
            ``NO_PROXY`` …, as httpx does); looked up once per server, not per request as aiohttp's
            own ``trust_env`` does (two thread hops per call, a third of the transport's CPU).
    """

    __slots__ = (
        "_connector_args",
        "_defaults",
        "_media_write_timeout",
        "_proxies",
        "_session",
        "_timeouts",
        "_trust_env",
    )

    def __init__(
        self,
        connection_pool_size: int = 256,
        read_timeout: float | None = 5.0,
        write_timeout: float | None = 5.0,
        connect_timeout: float | None = 5.0,
        pool_timeout: float | None = 1.0,
        media_write_timeout: float | None = 20.0,
        *,
        trust_env: bool = True,
    ) -> None:
        self._connector_args = {"limit": connection_pool_size}
        self._defaults = (read_timeout, write_timeout, connect_timeout, pool_timeout)
        self._media_write_timeout = media_write_timeout
        self._trust_env = trust_env
        self._session: aiohttp.ClientSession | None = None
        self._timeouts: dict[tuple[float | None, ...], aiohttp.ClientTimeout] = {}
        self._proxies: dict[str, _Proxy] = {}

    @property
    def read_timeout(self) -> float | None:
        """The default read timeout in seconds (python-telegram-bot adds it to a long poll's timeout)."""
        return self._defaults[0]

    async def initialize(self) -> None:
        """Open the session (again, after :meth:`shutdown`); must run on the event loop that uses it."""
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(**self._connector_args),
                headers={"User-Agent": self.USER_AGENT},
                trust_env=False,  # the proxy is looked up in _proxy, once per server
                timeout=aiohttp.ClientTimeout(total=None),
            )

    async def shutdown(self) -> None:
        """Close the session and its connections (nothing happens when it is not open)."""
        if self._session is not None and not self._session.closed:
            await self._session.close()
        self._session = None

    def _timeout(self, read: Any, write: Any, connect: Any, pool: Any, files: bool) -> aiohttp.ClientTimeout:
        d_read, d_write, d_connect, d_pool = self._defaults
        read = d_read if read is _DEFAULT else read
        connect = d_connect if connect is _DEFAULT else connect
        pool = d_pool if pool is _DEFAULT else pool
        if write is _DEFAULT:
            write = self._media_write_timeout if files else d_write
        key = (read, write, connect, pool)
        timeout = self._timeouts.get(key)
        if timeout is None:
            total = None if read is None or write is None else read + write
            wait = None if connect is None or pool is None else connect + pool
            timeout = aiohttp.ClientTimeout(total=total, connect=wait, sock_connect=connect, sock_read=read)
            if len(self._timeouts) < 64:  # a handful of distinct settings in practice
                self._timeouts[key] = timeout
        return timeout

    async def _lookup_proxy(self, origin: str) -> _Proxy:
        """The proxy (and its credentials) the environment names for ``origin`` (remembered)."""
        found: _Proxy = (None, None)
        if self._trust_env:
            with contextlib.suppress(LookupError):  # none set, or NO_PROXY covers the server
                found = await asyncio.to_thread(get_env_proxy_for_url, URL(origin))
        self._proxies[origin] = found
        return found

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = _DEFAULT,
        write_timeout: Any = _DEFAULT,
        connect_timeout: Any = _DEFAULT,
        pool_timeout: Any = _DEFAULT,
    ) -> tuple[int, bytes]:
        """One HTTP request; returns the status code and the body.

        Parameters go form-encoded, or as ``multipart/form-data`` when ``request_data`` holds files.
        Raises :class:`~telegram.error.TimedOut` when a timeout expires,
        :class:`~telegram.error.NetworkError` for any other failure to get an answer and for a
        redirect (3xx, never followed: the URL holds the token), and :class:`RuntimeError` before
        :meth:`initialize` or after :meth:`shutdown`.  No error text, and no body of an error answer,
        holds the URL or the token in it (:func:`scrub`).
        """
        session = self._session
        if session is None or session.closed:
            raise RuntimeError("This AiohttpRequest is not initialized!")
        files = bool(request_data and request_data.contains_files)
        data: Any = None
        headers: dict[str, str] | None = None
        if request_data is not None:
            params = request_data.json_parameters
            if files:
                form = aiohttp.FormData(params)
                for name, (filename, content, mimetype) in request_data.multipart_data.items():
                    form.add_field(name, content, filename=filename, content_type=mimetype)
                data = form
            elif params:
                data = urlencode(params).encode()
                headers = _FORM
        end = url.find("/", url.find("//") + 2)
        origin = url if end < 0 else url[:end]  # scheme://host:port
        proxy, proxy_auth = self._proxies.get(origin) or await self._lookup_proxy(origin)
        timeout = self._timeout(read_timeout, write_timeout, connect_timeout, pool_timeout, files)
        try:
            async with session.request(
                method,
                url,
                data=data,
                headers=headers,
                timeout=timeout,
                proxy=proxy,
                proxy_auth=proxy_auth,
                allow_redirects=False,  # the token is in the URL: never resend it to another address
            ) as resp:
                status, body, location = resp.status, await resp.read(), resp.headers.get("Location")
        # ``from None``: the aiohttp error's own text names the URL, so it is not chained either.
        except TimeoutError as exc:  # aiohttp's timeouts (ServerTimeoutError …) are TimeoutErrors
            raise TimedOut(scrub(f"aiohttp.{type(exc).__name__}: {exc}", url)) from None
        except (aiohttp.ClientError, ValueError, OSError) as exc:
            raise NetworkError(scrub(f"aiohttp.{type(exc).__name__}: {exc}", url)) from None
        if 300 <= status <= 399:
            raise NetworkError(
                f"the Bot API server answered {status}, a redirect{_origin_of(location)}, which is not "
                "followed (the token is in the URL); set TELEGRAM_API_BASE_URL to the final address"
            )
        if not 200 <= status <= 299:
            # python-telegram-bot quotes a body that is not JSON in its error; an error page may
            # echo the requested URL.
            body = scrub(body.decode("utf-8", "replace"), url).encode()
        return status, body


def url_secrets(url: str) -> list[str]:
    """The parts of a Bot API URL that hold the token: each path segment but the last (the method)
    that holds a ``:`` (a Telegram token is ``<bot id>:<secret>``), also without python-telegram-bot's
    ``bot`` prefix, as written and percent-decoded.

    ``https://api.telegram.org/bot42:AbC/getMe`` → ``["bot42:AbC", "42:AbC"]``.  Parts shorter than
    :data:`~taipai.bot.logsafe.MIN_SECRET` characters are left out.
    """
    start = url.find("//")
    end = url.find("/", start + 2 if start >= 0 else 0)
    if end < 0:
        return []
    path = url[end:].split("?", 1)[0]
    found: list[str] = []
    for segment in path.split("/")[1:-1]:
        if ":" not in unquote(segment):
            continue
        for candidate in (segment, segment.removeprefix("bot")):
            for spelling in (candidate, unquote(candidate)):
                if len(spelling) >= MIN_SECRET and spelling not in found:
                    found.append(spelling)
    return found


def scrub(text: str, url: str) -> str:
    """``text`` with the whole ``url`` and every part :func:`url_secrets` names replaced by
    :data:`~taipai.bot.logsafe.REDACTED`."""
    for secret in sorted({url, *url_secrets(url)}, key=len, reverse=True):
        text = text.replace(secret, REDACTED)
    return text


def _origin_of(location: str | None) -> str:
    # " to scheme://host" of a redirect's Location (its path may hold the token), or nothing.
    if not location:
        return ""
    parsed = urlsplit(location)
    return f" to {parsed.scheme}://{parsed.netloc}" if parsed.scheme and parsed.netloc else ""
