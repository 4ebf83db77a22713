"""Attempt or talk: the one rule that decides whether a line nobody could book gets a hint.

A line that books something, or that the usual steps answer (a refusal, a missing part), never comes
here.  What is left is either an attempt at a command that taipai could not read, which gets ONE
short hint in the chat's language saying what was understood and what is missing (:func:`hint`),
or plain talk about the game, which gets no reply at all (no spam).  :func:`judge` is the rule.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from taipai.bot.i18n import _
from taipai.bot.service import natural, parse
from taipai.bot.service.parse import PRIZE_WORDS, ROB_WORDS, SEAT_WORDS, drop_trailing_emoji, is_count_text
from taipai.core.registry import system_by_id

_NOT_COMMAND_GROUPS = frozenset({"HAND_WORDS", "SEAT_WORDS", "NOT_EXPOSED_KONG_WORDS", "KONG_DRAW_WORDS"})
"""Word lists of :mod:`.parse` that shape a hand or name a seat, not start a command (``上``, ``東``)."""

EVERYDAY_WORDS = frozenset({"食", "糊", "胡", "飛", "飞", "包", "坐"})
"""Command words that are also everyday words: said alone (``食``, ``飛``) they are talk."""


@functools.cache
def attempt_words() -> frozenset[str]:
    """The words a command may start with: every ``*_WORDS`` list of :mod:`.parse` (so a word added
    there, such as 戰績 or 計番, counts as soon as it is added) but the hand and seat words, plus the
    現金獎 and robbing words and the English record and command words of :mod:`.natural` (``undo``,
    ``kong``); NFKC, case-folded.
    Read once (the lists are module constants)."""
    words: set[str] = {
        *PRIZE_WORDS,
        *ROB_WORDS,
        *natural.ENGLISH_WORDS,
        *natural.ENGLISH_COMMANDS,
        *natural.ENGLISH_OWN_EVENTS,
    }
    for name, value in vars(parse).items():
        listed = name.endswith("_WORDS") and name not in _NOT_COMMAND_GROUPS
        if listed and isinstance(value, tuple | frozenset):
            words.update(w for w in value if isinstance(w, str))
    return frozenset(_fold(w) for w in words)


@dataclass(frozen=True, slots=True)
class Attempt:
    """A line that tries to say a command but could not be read (:func:`judge`).

    Attributes:
        word: the command word it starts with (``流局``), ``""`` when it starts with none.
        players: the table's players it names, in the order said.
        count: the count as typed (``12番``), ``""`` when none.
        hand: it holds tiles the hand notation reads (a hand, not a count).
        rest: the words after ``word`` (``""`` when none or no word).
    """

    word: str
    players: tuple[str, ...]
    count: str
    hand: bool
    rest: str


_GLUED_COUNT = re.compile(
    r"(?:[0-9０-９]+|[零〇一二兩两三四五六七八九十百千廿卅]+)\s*(?:番|翻|台|fan)(?![A-Za-z])", re.I
)
"""A count with its unit anywhere in a word (``阿明12番``, ``十二番``)."""


def judge(text: str, names: Sequence[str], *, seated: bool) -> Attempt | None:
    """Whether ``text`` (a line that nothing booked or answered) is an attempt at a command at a table
    of players ``names``, said by a seated player or not (``seated``), and what it said; ``None`` for
    talk.

    After the emoji and particles at its end are dropped (``啦`` …, :func:`natural.drop_particles`),
    a line is an attempt exactly when

    1. it names a player of the table (a whole word, or anywhere in the line for a name with a
       Chinese character) AND holds a count or a hand: a count with its unit (``12番``, ``十二番``,
       ``3台``, ``12 fan``, glued to a word or not), a bare number when every other word is a
       player's name or seat wind (``阿明 阿玲 12``), or text of six tiles or more the hand notation
       reads; or
    2. its first word is a command word (:func:`attempt_words`: ``流局``, ``計數``, ``自摸``, ``draw``,
       a 現金獎 …) and every other word is a player's name, a seat wind, 我, a count, a tile, a
       command word or ``X包`` — a command said with something extra or out of order (``計數 阿明``).
       A command word said alone is an attempt only from a seated player (``自摸`` from someone not
       at the table is not theirs to book), and never when it is an everyday word
       (:data:`EVERYDAY_WORDS`: ``食``, ``飛``).

    Everything else is talk: ``今晚食咗好多糊``, ``我想食飯``, ``12點走``, ``阿明輸咗 300``, ``自摸 咗 啦``.
    """
    line = natural.drop_particles(drop_trailing_emoji(text).strip(), names)
    words = line.split()
    if not words:
        return None
    folded_names = {_fold(n): n for n in names}
    named = _named(line, words, names, folded_names)
    first, rest = _fold(words[0]), words[1:]
    said_alone_ok = rest or (seated and first not in EVERYDAY_WORDS)
    if first in attempt_words() and said_alone_ok and all(_table_word(w, folded_names) for w in rest):
        return Attempt(words[0], named, _count_in(words, folded_names), False, " ".join(rest))
    count = _count_in(words, folded_names)
    hand = not count and _has_hand(line, names)
    if named and (count or hand):
        word = next((w for w in words if _fold(w) in attempt_words()), "")
        return Attempt(word, named, count, hand, "")
    return None


def hint(attempt: Attempt, system_id: str, names: Sequence[str]) -> str:
    """The one short reply to an :class:`Attempt` at a table of ``system_id`` (players ``names``):
    what was understood and what is missing, with the right form as an example (counts in the
    table's unit: ``12番``, ``3台``, ``3翻``)."""
    unit = system_by_id(system_id).unit
    understood = [*attempt.players]
    if attempt.word:
        understood.insert(0, attempt.word)
    if attempt.count:
        understood.append(attempt.count)
    if attempt.hand:
        understood.append(_("a hand"))
    if not (attempt.count or attempt.hand):  # a command word with something it does not take
        got = attempt.word or _(", ").join(understood)
        if attempt.rest:
            return _("Got: {got}. Not understood: 「{rest}」; 幫助 (/help) shows how to write it.").format(
                got=got, rest=attempt.rest
            )
        return _("Got: {got}. Not sure what to book; 幫助 (/help) shows how to write it.").format(got=got)
    got = _(", ").join(understood)
    winner = attempt.players[0] if attempt.players else names[0]
    others = [p for p in attempt.players[1:] if p != winner] or [n for n in names if n != winner]
    typed = parse.read_count(attempt.count) if attempt.count else None
    shown = attempt.count if typed is not None and parse.count_unit(attempt.count) in ("", unit) else ""
    example = system_by_id(system_id).chat.example_count if typed is None else typed
    count = shown or f"{example}{unit}"
    return _(
        "Got: {got}. Missing who won on whose discard, or 自摸; "
        "e.g. {winner} 食 {other} {count} or {winner} 自摸 {count}."
    ).format(got=got, winner=winner, other=others[0], count=count)


def _named(line: str, words: Sequence[str], names: Sequence[str], folded: dict[str, str]) -> tuple[str, ...]:
    """The players ``line`` names, in the order said: whole words, and names with a Chinese character
    anywhere (``阿明12番``); the longest name wins where one starts another (``阿明仔``)."""
    found: list[tuple[int, str]] = []
    for w in words:
        if _fold(w) in folded:
            found.append((line.find(w), folded[_fold(w)]))
    taken = {n for _at, n in found}
    for n in sorted(names, key=len, reverse=True):
        if n in taken or n.isascii() or not n:
            continue
        at = line.find(n)
        covered = any(line.find(t) <= at < line.find(t) + len(t) for t in taken if t in line)
        if at >= 0 and not covered:
            found.append((at, n))
            taken.add(n)
    return tuple(n for _at, n in sorted(found))


def _count_in(words: Sequence[str], folded: dict[str, str]) -> str:
    """The count ``words`` hold as typed (``12番``), ``""`` when none; a bare number counts only when
    every other word is a player or a seat wind (``阿明 阿玲 12``; not ``阿明輸咗 300``)."""
    joined = " ".join(words)
    for word in natural.OWN_EVENT_WORDS:  # 一台花 is a prize, not the count 一台
        joined = joined.replace(word, " ")
    m = _GLUED_COUNT.search(joined)
    if m:
        return m.group(0)
    bare = [w for w in words if is_count_text(w)]
    others = [w for w in words if not is_count_text(w)]
    if len(bare) == 1 and others and all(_fold(w) in folded or w in SEAT_WORDS for w in others):
        return bare[0]
    return ""


def _has_hand(line: str, names: Sequence[str]) -> bool:
    """Whether ``line`` without the players' names holds six tiles or more the notation reads."""
    from taipai.core.errors import HandError
    from taipai.core.notation import tokenize

    rest = line
    for n in sorted(names, key=len, reverse=True):
        rest = rest.replace(n, " ")
    kept = " ".join(w for w in rest.split() if _fold(w) not in attempt_words())
    try:
        tokens = tokenize(kept)
    except HandError:
        return False
    return sum(len(t.tiles) for t in tokens) >= 6


def _table_word(word: str, folded: dict[str, str]) -> bool:
    """A word a command may carry: a player, a seat wind, 我, a count, one tile, a command word, ``X包``."""
    w = _fold(word)
    if w in folded or w in SEAT_WORDS or w == natural.ME or w in attempt_words():
        return True
    if is_count_text(word) or parse.one_tile(word) is not None:
        return True
    return w.endswith("包") and w[:-1] in folded


def _fold(word: str) -> str:
    return unicodedata.normalize("NFKC", word).casefold()
