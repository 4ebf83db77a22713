"""A setting's value as a table types it (``規則 一炮多響 開``, ``規則 起糊 5翻``): the on/off words and a
whole count with the game's unit.

Game-neutral: each game passes its own unit and its own largest value; the range itself is checked by
the game's settings class when it is built.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from taipai.core.table.errors import TableError

ON_WORDS: Final = frozenset({"on", "true", "yes", "1", "開", "有"})
"""What a table types to turn a setting on (cased words folded)."""
OFF_WORDS: Final = frozenset({"off", "false", "no", "0", "關", "冇", "無"})
"""What a table types to turn a setting off."""


def flag_setting(option: str, value: str | int | bool) -> bool:
    """A flag as typed: ``True`` / ``False`` themselves, or a word of :data:`ON_WORDS` / :data:`OFF_WORDS`
    (spaces and case ignored).

    Raises:
        TableError: ``bad_value`` (hint ``on or off``) for anything else.
    """
    if isinstance(value, bool):
        return value
    word = str(value).strip().casefold()
    if word in ON_WORDS:
        return True
    if word in OFF_WORDS:
        return False
    raise TableError("bad_value", f"{option} = {value!r}", "on or off")


def choice_setting(option: str, value: object, *, choices: tuple[str, ...], words: Mapping[str, str]) -> str:
    """One of a setting's choices as typed: the stored choice itself (``half``) or one of its chat words
    (``半銃``), spaces around it ignored.

    Args:
        option: the setting's name, for the refusal.
        value: as typed or as stored.
        choices: the stored choices (``("discarder", "half")``).
        words: chat word → choice (``半銃`` → ``half``).

    Raises:
        TableError: ``bad_value`` for anything else (the hint lists the choices and their words).
    """
    if isinstance(value, str):
        value = words.get(value.strip(), value.strip())
    if not isinstance(value, str) or value not in choices:
        raise TableError("bad_value", f"{option} = {value!r}", ", ".join([*choices, *words]))
    return value


def count_setting(option: str, value: str | int | bool, *, unit: str, limit: int) -> int:
    """A whole count as typed: an ``int`` itself, or digits with the game's ``unit`` after them
    (``"5"``, ``"5番"``, ``"5 翻"``) of at most as many digits as ``limit`` has.

    Args:
        option: the setting's name, for the refusal.
        value: as typed or as stored.
        unit: the game's count unit (番, 翻, 台).
        limit: the largest value the game takes (the refusal's hint says ``a whole number 0-limit``; the
            settings class checks the range).

    Raises:
        TableError: ``bad_value`` for a bool, a negative or non-digit text, or too many digits.
    """
    hint = f"a whole number 0-{limit}"
    if isinstance(value, bool):
        raise TableError("bad_value", f"{option} = {value!r}", hint)
    if isinstance(value, int):
        return value
    text = value.strip().removesuffix(unit).strip()
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(limit)):
        raise TableError("bad_value", f"{option} = {value!r}", hint)
    return int(text)


def check_settings(
    settings: object,
    *,
    choices: Mapping[str, tuple[str, ...]] | None = None,
    flags: Iterable[str] = (),
    counts: Iterable[str] = (),
    limit: int = 0,
) -> None:
    """Check a settings object's fields as it is built (its ``__post_init__``): each of ``choices`` one
    of its words, each of ``flags`` a bool, each of ``counts`` a whole number from 0 to ``limit``.

    Raises:
        TableError: ``bad_value`` naming the first field that is not (its hint says what it takes).
    """
    for name, allowed in (choices or {}).items():
        if getattr(settings, name) not in allowed:
            said = f"{name} = {getattr(settings, name)!r}"
            raise TableError("bad_value", said, f"one of {', '.join(allowed)}")
    for name in flags:
        if not isinstance(getattr(settings, name), bool):
            raise TableError("bad_value", f"{name} = {getattr(settings, name)!r}", "on or off")
    for name in counts:
        v = getattr(settings, name)
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= limit:
            raise TableError("bad_value", f"{name} = {v!r}", f"a whole number 0-{limit}")
