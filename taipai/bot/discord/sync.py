"""Publish the slash commands to Discord only when they changed (issue 15 item 11).

``CommandTree.sync`` overwrites the application's global commands; Discord rate-limits it (about
200 a day) and every client reloads the command list after it, so publishing an unchanged tree at
every start of the bot costs and shows nothing.  :func:`sync_if_changed` hashes what ``sync`` would
send — each command's payload with its localisations, as the tree's translator makes them
(``Command.get_translated_payload``), and the application id — and publishes only when the hash
differs from the one kept in a small file (:func:`stamp_path`), which it writes after Discord
accepted the commands.  A changed description, a new option or a new catalogue translation changes
the hash; a lost or unreadable file only costs one more sync.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from discord import app_commands

if TYPE_CHECKING:
    from taipai.bot.settings import Settings
    from taipai.bot.store import Store

log = logging.getLogger(__name__)

STAMP_NAME = "taipai-discord-commands.sha256"
"""The stamp file's name when the ``DISCORD_SYNC_STAMP`` setting does not name a path."""


def stamp_path(settings: Settings, store: Store) -> Path:
    """Where the hash of the published commands is kept: ``settings.discord_sync_stamp``
    (``DISCORD_SYNC_STAMP``), else :data:`STAMP_NAME` beside the SQLite database file, else in the
    current directory (a PostgreSQL or in-memory database)."""
    if settings.discord_sync_stamp:
        return Path(settings.discord_sync_stamp).expanduser()
    url = store.engine.url
    db = url.database if url.get_backend_name() == "sqlite" else None
    if db and db != ":memory:" and not db.startswith("file:"):
        return Path(db).expanduser().resolve().parent / STAMP_NAME
    return Path.cwd() / STAMP_NAME


async def tree_payload(tree: app_commands.CommandTree[Any]) -> list[dict[str, Any]]:
    """The global commands of ``tree`` as ``sync`` sends them: translated by the tree's translator
    when it has one, else ``Command.to_dict``."""
    translator = tree.translator
    commands = tree.get_commands()
    if translator is None:
        return [c.to_dict(tree) for c in commands]
    return [await c.get_translated_payload(tree, translator) for c in commands]


def tree_hash(application_id: int | None, payload: list[dict[str, Any]]) -> str:
    """The SHA-256 (hex) of ``payload`` and the application it is published for, in a stable JSON
    form (keys sorted), so the same tree always gives the same hash."""
    data = json.dumps(
        {"application": application_id, "commands": payload},
        sort_keys=True,
        ensure_ascii=False,
        separators=(",", ":"),
    )
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


def read_stamp(path: Path) -> str | None:
    """The hash kept in ``path``, or ``None`` when there is none or it cannot be read."""
    try:
        return path.read_text("ascii").strip() or None
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("discord: cannot read the command stamp %s (%s); publishing the commands", path, exc)
        return None


def write_stamp(path: Path, digest: str) -> None:
    """Keep ``digest`` in ``path`` (through a temporary file: a reader never sees half a hash); a
    file that cannot be written is logged and the next start publishes again."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(digest + "\n", "ascii")
        tmp.replace(path)
    except OSError as exc:
        log.warning("discord: cannot keep the command stamp in %s (%s)", path, exc)


async def sync_if_changed(
    tree: app_commands.CommandTree[Any], application_id: int | None, stamp: Path | None
) -> bool:
    """Publish ``tree``'s commands (``tree.sync()``) unless ``stamp`` holds the hash of this very
    tree for this application; keep the new hash in ``stamp`` after Discord accepted them.  With
    ``stamp`` ``None`` the commands are published every time.  Logs which it did.

    Returns:
        True when the commands were published.

    Raises:
        discord.HTTPException, app_commands.CommandSyncFailure: Discord refused them (the stamp is
            left as it was, so the next start tries again).
    """
    if stamp is None:
        await tree.sync()
        log.info("discord: slash commands published")
        return True
    digest = tree_hash(application_id, await tree_payload(tree))
    if read_stamp(stamp) == digest:
        log.info("discord: slash commands unchanged (%s); not published", digest[:12])
        return False
    synced = await tree.sync()
    write_stamp(stamp, digest)
    log.info("discord: %d slash commands published (%s)", len(synced), digest[:12])
    return True


__all__ = [
    "STAMP_NAME",
    "read_stamp",
    "stamp_path",
    "sync_if_changed",
    "tree_hash",
    "tree_payload",
    "write_stamp",
]
