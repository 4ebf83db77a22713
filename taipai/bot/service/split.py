"""Cutting a long reply into messages that fit a chat platform's limit.

Pure: no I/O. Both platforms count a message's length in a way that is never less than the UTF-16
code units of the text (Telegram counts UTF-16 code units; Discord counts characters, and a character
is one or two code units), so measuring in UTF-16 code units is exact for Telegram and safe for
Discord.
"""

from __future__ import annotations

TELEGRAM_LIMIT = 4096
"""Telegram's limit on a message's text after entity parsing (UTF-16 code units)."""

DISCORD_LIMIT = 2000
"""Discord's limit on a message's content (characters)."""


def utf16_len(text: str) -> int:
    """The length of ``text`` in UTF-16 code units (a character outside the BMP, e.g. 🀄, counts 2)."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def _cut(line: str, limit: int) -> tuple[str, str]:
    # The longest head of ``line`` within ``limit`` code units, and the rest; a character is never
    # cut in two, and a head always holds at least one character so the caller makes progress.
    units = 0
    for i, ch in enumerate(line):
        units += 2 if ord(ch) > 0xFFFF else 1
        if units > limit:
            return (line[:i], line[i:]) if i else (line[:1], line[1:])
    return line, ""


def split_text(text: str, limit: int) -> list[str]:
    """``text`` as messages of at most ``limit`` UTF-16 code units each, cut at line ends.

    Lines are kept whole and packed greedily, in order; a line longer than ``limit`` is cut at the
    limit (between characters, never inside a surrogate pair). The line break where a cut falls is
    dropped, and so are pieces holding only whitespace (the platforms refuse an empty message), so
    ``"\\n".join(pieces)`` is ``text`` up to blank lines at the cuts.

    Args:
        text: the reply, plain text with ``\\n`` line breaks.
        limit: the platform's limit, e.g. :data:`TELEGRAM_LIMIT` (4096) or :data:`DISCORD_LIMIT` (2000);
            at least 2, so that any one character fits.

    Returns:
        ``[text]`` when it fits (an empty ``text`` included), else two or more non-blank pieces.

    Raises:
        ValueError: ``limit`` is less than 2.
    """
    if limit < 2:
        raise ValueError(f"limit must be at least 2 UTF-16 code units, got {limit}")
    if utf16_len(text) <= limit:
        return [text]
    pieces: list[str] = []
    current: list[str] = []
    size = 0  # code units of "\n".join(current)

    def flush() -> None:
        nonlocal size
        piece = "\n".join(current)
        if piece.strip():
            pieces.append(piece)
        current.clear()
        size = 0

    for line in text.split("\n"):
        units = utf16_len(line)
        while units > limit:
            flush()
            head, line = _cut(line, limit)
            current.append(head)
            flush()
            units = utf16_len(line)
        added = units + 1 if current else units
        if size + added > limit:
            flush()
            added = units
        current.append(line)
        size += added
    flush()
    return pieces


def message_limit(platform: str) -> int | None:
    """The message limit of a chat platform in UTF-16 code units: Discord :data:`DISCORD_LIMIT`,
    the terminal (``console``) none (``None``), any other (Telegram) :data:`TELEGRAM_LIMIT`."""
    if platform == "console":
        return None
    return DISCORD_LIMIT if platform == "discord" else TELEGRAM_LIMIT
