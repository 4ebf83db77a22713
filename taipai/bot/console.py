"""The terminal adapter: a group chat on stdin/stdout (``taipai chat``; DESIGN §5).

Each input line is ``SPEAKER: TEXT`` (``：`` works too).  Replies go to stdout as a group chat would
show them: ``taipai: <text>``, continuation lines indented under it.  Piped input is scriptable (no
prompt, no greeting; blank lines and lines starting with ``#`` are skipped); on a TTY there is a
greeting saying how to start and a prompt, and a line without ``SPEAKER:`` is said by the previous
speaker.  No game logic lives here: every line goes to :meth:`Service.handle`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import sys
from pathlib import Path
from typing import TextIO

from taipai.bot.i18n import _, use_locale
from taipai.bot.service import Reply, Service, render
from taipai.bot.service.export import default_export_dir, write_file
from taipai.bot.service.parse import has_control
from taipai.bot.service.reply import Picture
from taipai.bot.store import ChatRef

log = logging.getLogger(__name__)

CONSOLE_CHAT = ChatRef("console", "terminal")
"""The one chat the terminal adapter speaks in (``taipai ledger`` shows its newest session)."""

BOT_NAME = "taipai"
_LINE = re.compile(r"^\s*([^\s:：\[\]【】［］]{1,64})\s*[:：]\s?(.*)$", re.S)
_UNREAD_SPEAKER = re.compile(r"^\s*(?:[:：]|[^\s:：\[\]【】［］]{65,}\s*[:：])")
"""A ``SPEAKER:`` part :data:`_LINE` does not read: empty (``: B 食 A 5番``) or over 64 characters."""


def speaker_unread(line: str) -> bool:
    """Whether ``line`` (a :func:`split_line` without a speaker) starts with a ``SPEAKER:`` part that is
    empty or longer than 64 characters: it is not said by the previous speaker (its ``:`` would make
    the text a different line), the terminal says the speaker was not read instead."""
    return _UNREAD_SPEAKER.match("".join(c for c in line if not has_control(c))) is not None


def split_line(line: str) -> tuple[str | None, str]:
    """``"B: B 食 A 12番"`` → ``("B", "B 食 A 12番")``; a line without a speaker → ``(None, line)``.

    Control and format characters (``\\x00``, bidi overrides …) are dropped from the line first, so
    they never become part of a speaker's name (``"\\x00\\x01: 計數"`` has no speaker)."""
    if has_control(line):
        line = "".join(c for c in line if not has_control(c))
    m = _LINE.match(line)
    if m:
        return m.group(1), m.group(2).strip()
    return None, line.strip()


async def answer(service: Service, chat: ChatRef, speaker: str, text: str) -> list[Reply]:
    """:meth:`Service.handle` for one line, never raising: an unexpected error is logged and answered
    with an apology.  The service makes its reply before it stores the event, in one transaction, so
    a failing line leaves nothing half-recorded."""
    try:
        return await service.handle(chat, speaker, text)
    except Exception:  # the safety net: one bad line must not end the chat
        log.exception("error handling %r from %r", text[:200], speaker)
        with use_locale(service.locale):
            return [
                Reply(
                    _(
                        "Sorry, that message could not be handled (an internal error); "
                        "計數 shows what is booked."
                    )
                )
            ]


_ANYONE_KINDS = frozenset({"help", "score", "chains", "history", "rules", "export"})


def _anyone_may_say(text: str) -> bool:
    """A read-only command in either form (``幫助``/``/help``, ``計數``/``/score``, ``歷史`` …), or a
    slash command that does not parse (its reply says the right form): answered even before anyone
    has said who they are.  A command that books something (``/newgame``, ``/win`` …) still needs
    a speaker: it is recorded with the event, and the one who opens the table sets its rules."""
    from taipai.bot.service.chart import asks_chart
    from taipai.bot.service.parse import CommandError, parse_command

    if asks_chart(text):  # 圖表, 走勢, /chart: shows the chart, books nothing
        return True
    try:
        cmd = parse_command(text)
    except CommandError:
        return text.lstrip().startswith(("/", "／"))
    return cmd is not None and cmd.kind in _ANYONE_KINDS and not (cmd.kind == "rules" and cmd.args)


def database_place(service: Service) -> str:
    """Where the service keeps its tables, for people: the SQLite file's full path, else the
    database URL without its password."""
    url = service.store.engine.url
    db = url.database if url.get_backend_name() == "sqlite" else None
    if db and db != ":memory:" and not db.startswith("file:"):
        return str(Path(db).expanduser().resolve())
    return url.render_as_string(hide_password=True)


def _read_tty() -> str:
    # input() gives line editing and history on a terminal; "" means end of input.
    with contextlib.suppress(ImportError):  # Windows has no readline
        import readline  # noqa: F401  (enables editing for input())
    try:
        return input("> ") + "\n"
    except EOFError:
        return ""


async def save_picture(service: Service, picture: Picture, chat: ChatRef = CONSOLE_CHAT) -> str:
    """Write a reply's picture (the chart at 埋數 and ``/chart``, a hand's tiles) where ``/export``
    writes its CSV (beside the SQLite database, else the current directory:
    :func:`~taipai.bot.service.export.default_export_dir`) under its own file name, and return the
    line that says where (or why it could not be written), in ``chat``'s language (its ``/lang`` or
    the language named at 開枱, like the reply it belongs to; else the terminal's)."""
    folder = default_export_dir(service.store)
    path = folder / Path(picture.filename).name
    with use_locale(await service.locale_for(chat, None, None)):
        try:
            await asyncio.to_thread(write_file, path, picture.content)
        except OSError as exc:
            return _("(the picture could not be saved in {folder}: {error})").format(
                folder=str(folder), error=exc.strerror or str(exc)
            )
        return _("(picture saved: {path})").format(path=str(path))


def format_reply(reply: Reply) -> str:
    """``taipai: first line`` with the following lines indented to line up under it."""
    prefix = f"{BOT_NAME}: "
    return prefix + reply.text.replace("\n", "\n" + " " * len(prefix))


async def run_console(
    service: Service,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    interactive: bool | None = None,
    chat: ChatRef = CONSOLE_CHAT,
) -> int:
    """Run the terminal chat until end of input; return the exit status (0).

    Args:
        service: the service to talk to.  stdin/stdout: default ``sys.stdin``/``sys.stdout``.
        interactive: prompt and greet; default: whether stdin is a TTY.
        chat: the chat the lines belong to.
    """
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    if interactive is None:
        interactive = stdin.isatty()
    speaker: str | None = None
    with use_locale(service.locale):
        if interactive:
            print(format_reply(Reply(render.greeting())), file=stdout)
            print(
                _("(Type lines as SPEAKER: TEXT, e.g. A: 開枱 A B C D. /help lists commands.)"),
                file=stdout,
            )
            print(
                _(
                    "(The table is kept in {where}. Ctrl-D ends the chat; the table stays for next time.)"
                ).format(where=database_place(service)),
                file=stdout,
            )
    read = _read_tty if interactive and stdin is sys.stdin else stdin.readline
    while True:
        if interactive and read is not _read_tty:
            print("> ", end="", file=stdout, flush=True)
        line = await asyncio.to_thread(read)
        if not line:
            break
        text = line.strip()
        if not text or (not interactive and text.startswith("#")):
            continue
        who, said = split_line(text)
        if who is None and speaker_unread(said):
            with use_locale(service.locale):
                print(
                    _(
                        "(The speaker was not read: write SPEAKER: TEXT, the speaker 1 to 64 characters "
                        "with no spaces, e.g. A: 開枱 A B C D)"
                    ),
                    file=stdout,
                )
            continue
        if who is None and speaker is None and _anyone_may_say(said):
            with use_locale(service.locale):
                who = _("you")  # /help, 計數 …: answered without asking who is speaking
        elif who is None:
            if speaker is None:
                with use_locale(service.locale):
                    print(_("(Who is speaking? Write SPEAKER: TEXT, e.g. A: 開枱 A B C D)"), file=stdout)
                continue
            who = speaker
        else:
            speaker = who
        replies = await answer(service, chat, who, said)
        for reply in replies:
            print(format_reply(reply), file=stdout)
            if reply.picture is not None:
                print(await save_picture(service, reply.picture, chat), file=stdout)
        if interactive and not replies:
            with use_locale(service.locale):
                print(_("(no reply: that is not a command; /help lists the commands)"), file=stdout)
        stdout.flush()
    if interactive:
        print(file=stdout)
    return 0
