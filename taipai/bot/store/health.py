"""Database health: is the store's database still the one it opened, writable and sound?

An SQLite file deleted while the bot runs keeps working through the open file handles: writes
succeed into a file nobody can open again, and everything is gone on restart.  A damaged file fails
only in the queries that touch the damaged pages.  So:

- at start (:func:`open_checked`): the file exists, is writable, and passes ``PRAGMA quick_check``;
- on every store operation (:func:`install_guard`): the file is still there, is the same file (device
  and inode) and is writable: a few microseconds of ``stat``;
- on the health check (:meth:`Store.ping <taipai.bot.store.Store.ping>`, webhook ``/healthz``): the
  guard and ``PRAGMA quick_check`` again.

A failure is :class:`DatabaseUnavailable` (one line, no traceback); :func:`is_database_error` also
recognises the driver's own errors (a malformed page, a locked or read-only file) so callers answer
"the database is unavailable, nothing was booked" rather than crash.  PostgreSQL has no file to
watch: its checks are the queries themselves.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from taipai.bot.i18n import _
from taipai.bot.store.store import Store, StoreError


class DatabaseUnavailable(StoreError, SQLAlchemyError):
    """The database cannot be trusted for booking: gone, replaced, read-only or damaged.

    Also an :class:`~sqlalchemy.exc.SQLAlchemyError`, so code that retries database failures (the
    inbox's store-before-confirm loop, the delivery workers) treats it as one: nothing is confirmed
    to the platform meanwhile, so nothing acknowledged is lost.

    Attributes:
        reason: one line saying what is wrong (a path, the check that failed), never a traceback;
            in the language in use where it was raised.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def sqlite_path(url: str) -> Path | None:
    """The file of an SQLite database URL, or ``None`` (PostgreSQL, in memory, a ``file:`` URI)."""
    parsed = make_url(url)
    db = parsed.database
    if parsed.get_backend_name() != "sqlite" or not db or db == ":memory:" or db.startswith("file:"):
        return None
    return Path(db).expanduser().resolve()


class FileGuard:
    """Watches one SQLite file: :meth:`check` raises when it is gone, replaced or not writable.

    Args:
        path: the database file; it must exist now (its device and inode are remembered).

    Raises:
        DatabaseUnavailable: from the constructor when ``path`` does not exist.
    """

    __slots__ = ("_identity", "path")

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            st = path.stat()
        except OSError as exc:
            raise DatabaseUnavailable(f"{path}: {exc.strerror or exc}") from None  # the OS's words
        self._identity = (st.st_dev, st.st_ino)

    def check(self) -> None:
        """Raise :class:`DatabaseUnavailable` unless the file is the one opened and is writable
        (the file and its folder, which SQLite's WAL and journal files need)."""
        try:
            st = os.stat(self.path)
        except OSError:
            raise DatabaseUnavailable(
                _("{path} is gone (deleted or moved while taipai ran)").format(path=self.path)
            ) from None
        if (st.st_dev, st.st_ino) != self._identity:
            raise DatabaseUnavailable(
                _("{path} was replaced by another file while taipai ran").format(path=self.path)
            )
        if not os.access(self.path, os.W_OK) or not os.access(self.path.parent, os.W_OK):
            raise DatabaseUnavailable(_("{path} is not writable").format(path=self.path))


def quick_check(conn: Connection) -> str:
    """``"ok"``, or the first problem ``PRAGMA quick_check`` reports (SQLite); ``"ok"`` elsewhere
    once ``SELECT 1`` answers.  Driver errors (a file that is not a database) propagate."""
    if conn.dialect.name != "sqlite":
        conn.exec_driver_sql("SELECT 1").scalar_one()
        return "ok"
    rows = [str(r[0]) for r in conn.exec_driver_sql("PRAGMA quick_check").fetchall()]
    return "ok" if rows == ["ok"] else one_line(rows[0] if rows else "no answer")


def one_line(text: str, limit: int = 200) -> str:
    """``text`` on one line (its whitespace runs made single spaces), at most ``limit`` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def install_guard(store: Store, url: str) -> FileGuard | None:
    """Make every operation of ``store`` check its SQLite file first (:class:`FileGuard`); ``None``
    (nothing installed) when ``url`` is not an SQLite file.  Raises :class:`DatabaseUnavailable`
    when the file does not exist."""
    path = sqlite_path(url)
    if path is None:
        return None
    guard = FileGuard(path)
    store.guard = guard.check
    return guard


async def verify(store: Store) -> None:
    """The full check: the guard (when installed) and ``PRAGMA quick_check``; raises
    :class:`DatabaseUnavailable` naming what failed."""
    try:
        result = await store.run_read(quick_check)
    except DatabaseUnavailable:
        raise
    except SQLAlchemyError as exc:
        raise DatabaseUnavailable(describe(exc)) from None
    if result != "ok":
        raise DatabaseUnavailable(
            _("the database is damaged (PRAGMA quick_check: {result})").format(result=result)
        )


async def open_checked(url: str | None) -> Store:
    """:meth:`Store.open` (migrating), then the start-up checks: the SQLite file exists, is writable
    and passes ``PRAGMA quick_check``; from then on every operation checks the file (:func:`install_guard`).

    Args:
        url: the database URL (``None``: the default SQLite file).

    Raises:
        DatabaseUnavailable: for any of these failures, and for a database that cannot be opened or
            migrated (the driver's first line as the reason).
    """
    from taipai.bot.store.store import default_db_path, sqlite_url

    url = url or sqlite_url(default_db_path())
    try:
        store = await Store.open(url)
    except (SQLAlchemyError, OSError) as exc:
        raise DatabaseUnavailable(describe(exc)) from None
    try:
        install_guard(store, url)
        await verify(store)
    except BaseException:
        await store.close()
        raise
    return store


def is_database_error(exc: BaseException) -> bool:
    """Whether ``exc`` means the database failed (gone, damaged, locked, unreachable), as opposed to
    a bug or a key conflict (``IntegrityError``, which the store turns into its own errors)."""
    if isinstance(exc, DatabaseUnavailable | PoolTimeout):
        return True
    if isinstance(exc, sqlite3.DatabaseError):
        return not isinstance(exc, sqlite3.IntegrityError)
    if isinstance(exc, DBAPIError):
        return not isinstance(exc, IntegrityError)
    return False


def describe(exc: BaseException) -> str:
    """One line for a database failure: the reason of a :class:`DatabaseUnavailable`, else the
    error's first line (the driver's error and words; SQLAlchemy's SQL and "Background on this
    error" lines dropped)."""
    if isinstance(exc, DatabaseUnavailable):
        return exc.reason
    text = str(exc).strip()  # SQLAlchemy's: "(sqlite3.DatabaseError) <the driver's words>", then SQL
    return one_line(text.splitlines()[0]) if text else type(exc).__name__
