"""Attempt or talk: the one rule that decides whether a line nobody could book gets a hint.

A line that books something, or that the usual steps answer (a refusal, a missing part), never comes
here.  What is left is either an attempt at a command that taipai could not read, which gets ONE
short hint in the chat's language saying what was understood and what is missing (:func:`hint`),
or plain talk about the game, which gets no reply at all (no spam).  :func:`judge` is the rule.
"""

from __future__ import annotations

import contextlib
import functools
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from taipai.bot.i18n import _
from taipai.bot.service import natural, parse, speech
from taipai.bot.service.parse import (
    DEAL_IN_WORDS,
    FALSE_WIN_WORDS,
    GIVE_WORDS,
    PRIZE_WORDS,
    ROB_WORDS,
    SEAT_WORDS,
    SELF_DRAW_WORDS,
    WIN_WORDS,
    drop_trailing_emoji,
    is_count_text,
)
from taipai.bot.service.render import missing_part
from taipai.core.errors import HandError
from taipai.core.notation import tokenize
from taipai.core.registry import SYSTEMS, system_by_id

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
        verb: the record verb it says, glued or spaced: ``食`` (any of ``WIN_WORDS``), ``自摸``, ``出銃``
            (any of ``DEAL_IN_WORDS``); ``""`` when none, or when no player stands where the verb
            needs one (nobody around 食, nobody before 出銃).
        winner: the player the verb makes the winner (the last name before 食 or 自摸, the first
            after 出銃), ``""`` when none.
        discarder: the player the verb makes the discarder (the first other name after 食, the last
            before 出銃), ``""`` when none.
        extra: the words of the line that are none of the names, the verb, the count (and a 咗 or 俾
            after the verb), punctuation dropped (``我估``, ``係咪``); ``""`` when none or a hand.
        repeated: ``word`` is a command word said twice or more with nothing else (``撤銷撤銷``).
        lead: the player named right before ``word`` (``阿玲`` in ``阿玲一台花 3``), ``""`` when none.
    """

    word: str
    players: tuple[str, ...]
    count: str
    hand: bool
    rest: str
    verb: str = ""
    winner: str = ""
    discarder: str = ""
    extra: str = ""
    repeated: bool = False
    lead: str = ""


_GLUED_COUNT = re.compile(
    rf"(?:[0-9０-９]+|[零〇一二兩两三四五六七八九十百千廿卅]+)\s*(?:{parse.UNIT_PATTERN})(?![A-Za-z])", re.I
)
"""A count with its unit anywhere in a word (``阿明12番``, ``十二番``, ``15油``: any game's unit,
:data:`.parse.COUNT_UNITS`)."""

_RECORD_VERBS = frozenset(
    unicodedata.normalize("NFKC", w).casefold()
    for w in (
        *WIN_WORDS,
        *SELF_DRAW_WORDS,
        *DEAL_IN_WORDS,
        *parse.KONG_SELF_DRAW_WORDS,
        *parse.ROB_KONG_WORDS,
        *natural.ENGLISH_WORDS,
    )
)
"""Words that start a win's record (食, 自摸, 出銃, 搶槓, ``wins``): after a name they want a count or a
hand (rule 1 of :func:`judge`), never the "command word with extra words" of rule 3."""

_VERBS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("出銃", DEAL_IN_WORDS),
    ("自摸", (*SELF_DRAW_WORDS, *sorted(natural.ENGLISH_SELF_DRAW))),
    ("食", (*WIN_WORDS, *sorted(natural.ENGLISH_WIN))),
)
"""The record verbs :func:`judge` looks for in a line, each with the words that say it (English too:
``阿強 wins 阿明 12 lol`` says 食)."""

_ASKED = (*speech.QUESTION_PARTICLES, *speech.PARTICLES, *speech.PRONOUNS)
"""What may be glued after a command word in a line that asks about it (``流局咩``, ``撤銷咗佢``); a
question mark alone is no such word (``撤銷？`` stays unanswered: a question never undoes)."""

TILE_CLASS_CHARS = frozenset("萬万筒索條条餅饼字")
"""Characters that name a suit or the honours (字): a record's hand text with one is an attempt at
tiles even when the notation cannot read it (:func:`record_is_talk`)."""

HAND_TILES = 3
"""Tiles a record's hand text must read (one set's worth) to be an attempt at a hand rather than
ordinary words (:func:`record_is_talk`), unless all of it reads."""


def judge(text: str, names: Sequence[str], *, seated: bool) -> Attempt | None:
    """Whether ``text`` (a line that nothing booked or answered) is an attempt at a command at a table
    of players ``names``, said by a seated player or not (``seated``), and what it said; ``None`` for
    talk.

    After the emoji and particles at its end are dropped (``啦`` …, :func:`natural.drop_particles`),
    a line is an attempt exactly when

    1. it is one command word (:func:`attempt_words`) said twice or more and nothing else
       (``撤銷撤銷``, ``計數 計數``), never an everyday word (:data:`EVERYDAY_WORDS`: ``食食``);
       it is never read as the command (two undos would be a guess), the hint asks; or
    2. its first word is a command word (``流局``, ``計數``, ``自摸``, ``draw``, a 現金獎 …) and
       every other word is a player's name, a seat wind, 我, a count, a tile, a command word or
       ``X包`` — a command said with something extra or out of order (``計數 阿明``).
       A command word said alone is an attempt only from a seated player (``自摸`` from someone not
       at the table is not theirs to book), and never when it is an everyday word (``食``, ``飛``);
       or
    3. it starts with a player's name, glued or spaced, then a command word that is not a win's
       verb (:data:`_RECORD_VERBS`) nor an everyday word, then one or more words all of the kinds
       of rule 2, not all of them players' names (``阿玲一台花 3``, ``阿玲 暗槓 3``; not ``阿玲 一台草
       阿明``); or
    4. it names a player of the table (a whole word, or anywhere in the line for a name with a
       Chinese character) AND holds a count or a hand: a count with its unit (``12番``, ``十二番``,
       ``3台``, ``12 fan``, glued to a word or not), a bare number when every other word is a
       player's name or seat wind (``阿明 阿玲 12``), or six tiles or more the hand notation reads
       (the pieces it cannot read skipped).  Its record verb, the players the verb puts in place
       and the words left over are read too (:class:`Attempt`: ``我估阿玲自摸 8番`` says 阿玲 自摸
       8番, and 「我估」).

    Everything else is talk: ``今晚食咗好多糊``, ``我想食飯``, ``12點走``, ``阿明輸咗 300``, ``自摸 咗 啦``,
    ``阿明食得好犀利``, ``阿明自摸咗好多次`` (a name and a verb but neither a count nor a hand).
    A win the parser did read whose hand is ordinary words is talk by :func:`record_is_talk`.
    """
    line = natural.drop_particles(drop_trailing_emoji(text).strip(), names)
    words = line.split()
    if not words:
        return None
    repeated = _repeated(words)
    if repeated:
        return Attempt(repeated, (), "", False, "", repeated=True)
    folded_names = {_fold(n): n for n in names}
    named = _named(line, words, names, folded_names)
    first, rest = _fold(words[0]), words[1:]
    said_alone_ok = rest or (seated and first not in EVERYDAY_WORDS)
    if first in attempt_words() and said_alone_ok and all(_table_word(w, folded_names) for w in rest):
        return Attempt(words[0], named, _count_in(words, folded_names), False, " ".join(rest))
    asked = _asked(words[0]) if len(words) == 1 else None
    if asked is not None:  # 「流局咩」, 「撤銷咗佢」: a command word asked about, never carried out
        return Attempt(asked, named, "", False, words[0][len(asked) :])
    led = _led(words, folded_names)
    if led is not None:
        lead, word, after = led
        return Attempt(word, named, "", False, " ".join(after), lead=lead)
    if len(words) == 2 and first in folded_names and _fold(words[1]) in natural.ENGLISH_WORDS:
        return Attempt(words[1], named, "", False, "", lead=folded_names[first])  # 「Ann draws」
    count = _count_in(words, folded_names)
    hand = not count and _has_hand(line, names)
    if named and (count or hand):
        # a word of a 字牌 hand (一二三) is one of its groups, not the 現金獎 of that name
        word = next((w for w in words if _fold(w) in attempt_words() and not (hand and _own_hand(w))), "")
        return _with_verb(Attempt(word, named, count, hand, ""), line, names)
    return None


def record_is_talk(cmd: parse.Command) -> bool:
    """Whether ``cmd``, a win or a self-draw the parser read from a line said without a slash, holds
    ordinary words in every leg where its count or hand goes (``阿明 自摸 好多次``, ``阿強 食 阿明
    啲薯片``, ``阿明自摸咗三次啦``): talk, which gets no reply.

    A leg is an attempt (and keeps its reply) when it holds a count anywhere (``12番``, ``3``), a
    suit or honours character (:data:`TILE_CLASS_CHARS`: ``字字字``), the name of a scoring pattern
    of any game (:func:`pattern_names`: ``清一色``), a game's own hand test says it is one of its hands
    (:func:`.parse.own_hand_tests`: 字牌's ``碰 三三三 …``), or its text reads as tiles:
    all of it (``一二三萬``), or :data:`HAND_TILES` tiles or more of it (``一二三萬 …東東x``, a typo
    in a hand)."""
    if not isinstance(cmd, parse.RecordWin | parse.RecordSelfDraw) or cmd.slash or not cmd.legs:
        return False
    return all(_ordinary_words(leg.hand) for leg in cmd.legs)


def hint(attempt: Attempt, system_id: str, names: Sequence[str]) -> str:
    """The one short reply to an :class:`Attempt` at a table of ``system_id`` (players ``names``):
    what was understood (the verb too) and only what is missing, with the right form as an example
    (counts in the table's unit: ``12番``, ``3台``, ``3翻``).  A win without its discarder gets the
    reply a record missing a part gets (:func:`.render.missing_part`): one voice for the same case."""
    if attempt.repeated:
        return _("Did you mean {word}? Say it once: {word}").format(word=attempt.word)
    if attempt.verb:
        return _verb_hint(attempt, system_id, names)
    understood = [*attempt.players]
    if attempt.word:
        understood.insert(0, attempt.word)
    if attempt.count:
        understood.append(attempt.count)
    if attempt.hand:
        understood.append(_("a hand"))
    if not (attempt.count or attempt.hand):  # a command word with something it does not take
        got = (f"{attempt.lead} {attempt.word}" if attempt.lead else attempt.word) or _(", ").join(understood)
        if attempt.rest:
            return _("Got: {got}. Not understood: 「{rest}」; 幫助 (/help) shows how to write it.").format(
                got=got, rest=attempt.rest
            )
        return _("Got: {got}. Not sure what to book; 幫助 (/help) shows how to write it.").format(got=got)
    got = _(", ").join(understood)
    winner = attempt.players[0] if attempt.players else names[0]
    others = [p for p in attempt.players[1:] if p != winner] or [n for n in names if n != winner]
    count = _count_form(attempt.count, system_id)
    return _(
        "Got: {got}. Missing who won on whose discard, or 自摸; "
        "e.g. {winner} 食 {other} {count} or {winner} 自摸 {count}."
    ).format(got=got, winner=winner, other=others[0], count=count)


def _verb_hint(attempt: Attempt, system_id: str, names: Sequence[str]) -> str:
    """:func:`hint` for an attempt that says its verb: the missing player's reply when one is
    missing, else what was understood, the words not understood and the line to write."""
    winner, discarder = attempt.winner, attempt.discarder
    if attempt.verb == "自摸":
        said = form = f"{winner} 自摸"
    elif attempt.verb == "出銃":
        if not winner:
            return missing_part("deal_in_winner", discarder, _next_seat(names, discarder), system_id)
        said, form = f"{discarder} 出銃 {winner}", f"{winner} 食 {discarder}"
    elif not discarder:
        return missing_part("discarder", winner, _next_seat(names, winner), system_id)
    elif not winner:  # 「係咪食阿明 8番」: 阿明 discarded, who won?
        return _(
            "Got: {got}. Missing who won on {discarder}'s discard; e.g. {winner} 食 {discarder} {count}."
        ).format(
            got=_(", ").join([f"食 {discarder}", attempt.count or _("a hand")]),
            discarder=discarder,
            winner=_next_seat(names, discarder),
            count=_count_form(attempt.count, system_id),
        )
    else:
        said = form = f"{winner} 食 {discarder}"
    if attempt.hand:
        got = _(", ").join([said, _("a hand")])
        return _("Got: {got}. Not sure what to book; 幫助 (/help) shows how to write it.").format(got=got)
    got = _(", ").join([said, attempt.count])
    line = f"{form} {_count_form(attempt.count, system_id)}"
    if attempt.extra:
        return _("Got: {got}. Not understood: 「{extra}」; to book it, write: {line}").format(
            got=got, extra=attempt.extra, line=line
        )
    return _("Got: {got}. Nothing booked; to book it, write: {line}").format(got=got, line=line)


def _count_form(count: str, system_id: str) -> str:
    """``count`` as the table's game writes it: as typed when it is in the game's unit (or has
    none), else its number in the unit (``12番`` at 台灣牌 → ``12台``); the game's example count
    (:attr:`~taipai.core.chat.ChatVocabulary.example_count`) when ``count`` is ``""`` or reads no
    number."""
    system = system_by_id(system_id)
    typed = parse.read_count(count) if count else None
    if typed is None:
        return f"{system.chat.example_count}{system.unit}"
    return count if parse.count_unit(count) in ("", system.unit) else f"{typed}{system.unit}"


def _next_seat(names: Sequence[str], player: str) -> str:
    """The player after ``player`` in seat order (an example discarder or winner)."""
    seats = list(names)
    return seats[(seats.index(player) + 1) % len(seats)] if player in seats else seats[0]


def _repeated(words: Sequence[str]) -> str:
    """The command word ``words`` say twice or more and nothing else (``撤銷撤銷``, ``計數 計數``), as
    said; ``""`` when they are not that, or the word is an everyday one (``食食``)."""
    folded = [_fold(w) for w in words]
    if len(words) > 1 and len(set(folded)) == 1:
        unit, said = folded[0], words[0]
    elif len(words) == 1:
        whole = folded[0]
        size = next((k for k in range(1, len(whole) // 2 + 1) if whole == whole[:k] * (len(whole) // k)), 0)
        if not size:
            return ""
        unit, said = whole[:size], words[0][:size]
    else:
        return ""
    return said if unit in attempt_words() and unit not in EVERYDAY_WORDS else ""


def _asked(word: str) -> str | None:
    """The command word ``word`` starts with when all that is glued after it asks about it
    (:data:`_ASKED`: ``流局咩``, ``撤銷咗佢``, ``計數呀?``), as said; ``None`` otherwise, and for an
    everyday word (``食咗未``: have you eaten?) or a word with other words glued (``取消咗個約``)."""
    folded = _fold(word)
    for said in sorted((w for w in attempt_words() if folded.startswith(w)), key=len, reverse=True):
        rest = folded[len(said) :].rstrip("?？")
        while rest and rest.startswith(_ASKED):
            rest = rest[len(next(a for a in _ASKED if rest.startswith(a))) :]
        if said not in EVERYDAY_WORDS and folded.rstrip("?？") != said and not rest:
            return word[: len(said)]
    return None


def _led(words: Sequence[str], folded: dict[str, str]) -> tuple[str, str, list[str]] | None:
    """Rule 3 of :func:`judge`: ``(player, command word, words after it)`` for a line that starts
    with a player's name, glued to the command word or spaced from it (``阿玲一台花 3``), with one
    or more table words after the command word, not all players' names; ``None`` otherwise."""
    first = _fold(words[0])
    if first in folded:
        if len(words) < 3:
            return None
        lead, word, after = folded[first], words[1], list(words[2:])
    else:
        glued = next((n for n in sorted(folded, key=len, reverse=True) if n and first.startswith(n)), "")
        if not glued or glued.isascii() or len(words) < 2:
            return None
        lead, word, after = folded[glued], words[0][len(glued) :], list(words[1:])
    said = _fold(word)
    if said not in attempt_words() or said in _RECORD_VERBS or said in EVERYDAY_WORDS:
        return None
    if any(_fold(w) not in folded for w in after) and all(_table_word(w, folded) for w in after):
        return lead, word, after
    return None  # names only (「阿玲 一台草 阿明」): a prize may name a second player, the parser's


def _name_spans(line: str, names: Sequence[str]) -> list[tuple[int, int, str]]:
    """Where ``line`` names each player: ``(start, end, name)`` in order, the longest name first where
    one starts another; a name of ASCII letters only as a whole word (``Ben``, not in ``Benny``)."""
    spans: list[tuple[int, int, str]] = []
    for name in sorted((n for n in names if n), key=len, reverse=True):
        edge = r"(?<![A-Za-z0-9])" if name.isascii() else ""
        tail = r"(?![A-Za-z0-9])" if name.isascii() else ""
        for m in re.finditer(edge + re.escape(name) + tail, line, re.I if name.isascii() else 0):
            if not any(s < m.end() and m.start() < e for s, e, _n in spans):
                spans.append((m.start(), m.end(), name))
    return sorted(spans)


def _with_verb(found: Attempt, line: str, names: Sequence[str]) -> Attempt:
    """``found`` (rule 4 of :func:`judge`) with the verb ``line`` says, the players it puts in place
    and the words left over; ``found`` itself when it says no verb or nobody stands where it needs
    one.  Words of 現金獎 and 詐糊 are no verb (the 糊 of 詐糊)."""
    spans = _name_spans(line, names)
    masked = list(line)
    for start, end, _n in spans:
        masked[start:end] = "\0" * (end - start)
    plain = "".join(masked)
    for word in sorted((*PRIZE_WORDS, *FALSE_WIN_WORDS), key=len, reverse=True):
        plain = plain.replace(word, "\0" * len(word))
    hits = [(plain.find(w), -len(w), w, verb) for verb, group in _VERBS for w in group if plain.find(w) >= 0]
    if not hits:
        return found
    at, _size, said, verb = min(hits)
    end = at + len(said)
    before = [n for s, e, n in spans if e <= at]
    after = [n for s, e, n in spans if s >= end]
    winner = discarder = ""
    if verb == "自摸":
        winner = before[-1] if before else (after[0] if after else "")
    elif verb == "食":  # a name after it only (「係咪食阿明 8番」): the discarder, the winner unsaid
        winner = before[-1] if before else ""
        discarder = next((n for n in after if n != winner), "")
    else:
        discarder = before[-1] if before else ""
        winner = next((n for n in after if n != discarder), "")
    if not (discarder if verb == "出銃" else winner or discarder):
        return found
    return Attempt(
        found.word,
        found.players,
        found.count,
        found.hand,
        found.rest,
        verb=verb,
        winner=winner,
        discarder=discarder,
        extra="" if found.hand else _left_over(line, spans, at, end, verb, found.count),
    )


def _left_over(
    line: str, spans: Sequence[tuple[int, int, str]], at: int, end: int, verb: str, count: str
) -> str:
    """The words of ``line`` that are none of the names (``spans``), the verb (``line[at:end]``, with a
    咗 right after it, or a 俾 after 出銃) and ``count``; punctuation dropped, pieces joined by a space."""
    gone = [False] * len(line)
    cuts = [(s, e) for s, e, _n in spans] + [(at, end)]
    tail = line[end:].lstrip()
    skip = len(line) - len(tail)
    for word in (natural.DONE, *(GIVE_WORDS if verb == "出銃" else ())):
        if tail.startswith(word):
            cuts.append((skip, skip + len(word)))
            break
    where = line.find(count) if count else -1
    if where >= 0:
        cuts.append((where, where + len(count)))
    for s, e in cuts:
        gone[s:e] = [True] * (e - s)
    kept = "".join(
        " " if g or unicodedata.category(c)[0] in "PSZ" else c for c, g in zip(line, gone, strict=True)
    )
    return " ".join(kept.split())


def _named(line: str, words: Sequence[str], names: Sequence[str], folded: dict[str, str]) -> tuple[str, ...]:
    """The players ``line`` names, in the order said: whole words, and names with a Chinese character
    anywhere (``阿明12番``); the longest name wins where one starts another (``阿明仔``)."""
    found: list[tuple[int, str]] = []
    for w in words:
        if _fold(w) in folded:
            found.append((line.find(w), folded[_fold(w)]))
        else:
            found.extend((line.find(w) + k, n) for k, n in enumerate(_two_names(_fold(w), folded)))
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
    if len(bare) == 1 and others and all(_beside_a_number(w, folded) for w in others):
        return bare[0]
    return ""


_BESIDE_A_NUMBER = frozenset(
    {
        *speech.CHAT_WORDS,
        *speech.ENGLISH_I,
        *speech.ENGLISH_ME,
        *natural.ENGLISH_ON,
        *natural.ENGLISH_WIN,
        *natural.ENGLISH_SELF_DRAW,
    }
)
"""Words besides names and seat winds that a bare number may come with and still be a count
(``阿強 vs 阿明 12``, ``I won 5 off Bob``, ``阿強 wins 阿明 12 lol``)."""


def _beside_a_number(word: str, folded: dict[str, str]) -> bool:
    """A player (or two players' names run together: ``AnnaAnn``), a seat wind or a word of
    :data:`_BESIDE_A_NUMBER`: what may stand around a bare number in an attempt (not ``阿明輸咗 300``)."""
    w = _fold(word)
    return w in folded or word in SEAT_WORDS or w in _BESIDE_A_NUMBER or bool(_two_names(w, folded))


def _two_names(word: str, folded: dict[str, str]) -> tuple[str, ...]:
    """The two players whose names ``word`` (case-folded) is, run together (``annaann`` → Anna, Ann),
    when exactly one split reads so; ``()`` otherwise."""
    splits = [
        (folded[word[:i]], folded[word[i:]])
        for i in range(1, len(word))
        if word[:i] in folded and word[i:] in folded and word[:i] != word[i:]
    ]
    return splits[0] if len(splits) == 1 else ()


def _has_hand(line: str, names: Sequence[str]) -> bool:
    """Whether ``line`` without the players' names holds six tiles or more the notation reads, the
    pieces it cannot read skipped (``我估阿玲自摸 一二三萬 …``), or a game's own hand test reads it and
    it ends with its winning card (:func:`.parse.own_hand_tests`, :data:`_WINNING_CARD`: 字牌's
    ``B 摸 壹貳叄 … 摸 九``, which says no 自摸; ``阿明 十二點三十五分走`` stays talk)."""
    rest = line
    for n in sorted(names, key=len, reverse=True):
        rest = rest.replace(n, " ")
    kept = " ".join(w for w in rest.split() if _fold(w) not in attempt_words())
    if _tiles_read(kept) >= 6:
        return True
    end = _WINNING_CARD.search(rest.strip())
    # the card after 摸 / 食 is one of the game's cards: three of it read as one of its groups
    return end is not None and _own_hand(end.group(1) * 3) and _own_hand(rest)


_WINNING_CARD = re.compile(r"(?:^|\s)[摸食]\s*(\S{1,2})$")
"""A hand's end: its winning card after 摸 (drawn) or 食 (taken), as every game's hand message writes it."""


def _own_hand(text: str) -> bool:
    """Whether a game's own hand test reads ``text`` as one of its hands (:func:`.parse.own_hand_tests`)."""
    return any(looks(text) for looks in parse.own_hand_tests())


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


@functools.cache
def pattern_names() -> frozenset[str]:
    """The names of two characters or more of every scoring pattern in every game's preset rules
    (``清一色``, ``十三么``, ``對對糊``: the seed rows' names, read once through each ``SYSTEM``)."""
    names: set[str] = set()
    for system_id in SYSTEMS:
        rules = system_by_id(system_id).load_rules()
        rows = getattr(rules, "patterns", None) or getattr(rules, "rows", {})
        names.update(row.name for row in (rows.values() if isinstance(rows, Mapping) else rows))
    return frozenset(n for n in names if len(n) >= 2)


def _ordinary_words(hand: str) -> bool:
    """Whether a record's hand text ``hand`` is ordinary words (:func:`record_is_talk`): no count
    anywhere, no character of :data:`TILE_CLASS_CHARS`, no pattern's name (:func:`pattern_names`),
    not all tiles, and fewer than :data:`HAND_TILES` tiles readable in it."""
    if _GLUED_COUNT.search(hand) or any(is_count_text(w) for w in hand.split()):
        return False
    if any(c in TILE_CLASS_CHARS for c in hand):
        return False  # 「字字字」, 「九万x」: tiles miswritten, whose reply shows how to write them
    if any(name in hand for name in pattern_names()):
        return False  # 「清一色」 for the hand: its reply shows how to write the tiles
    if any(looks(hand) for looks in parse.own_hand_tests()):
        return False  # a hand of a game with its own cards (字牌's 三三三): its table's reply points at it
    try:
        return not tokenize(hand)  # all of it reads: a hand (its reply says what is wrong with it)
    except HandError:
        return _tiles_read(hand.replace(BAO, "白")) < HAND_TILES  # a 保 counts as a tile, 保險 does not read


BAO = "保"
"""A wildcard written as a word, not a tile (河源百搭's flowers: 「保保保 …」); :func:`_ordinary_words`
counts each as a tile."""


TILES_READ_SPAN = 240
"""Characters of a record's hand text in which :func:`_tiles_read` looks for tiles: a hand typed with a
slip is far shorter, and the skipping re-reads the rest after each piece it cannot read, which on a
hostile 4,000-character line cost a third of a second of the event loop."""


def _tiles_read(text: str) -> int:
    """How many tiles the hand notation reads in ``text`` (its first :data:`TILES_READ_SPAN`
    characters), skipping each piece it cannot read; it stops counting at :data:`HAND_TILES`."""
    tiles = 0
    text = text[:TILES_READ_SPAN]
    while text.strip() and tiles < HAND_TILES:
        try:
            return tiles + sum(len(t.tiles) for t in tokenize(text))
        except HandError as err:
            if err.position < 0:
                return tiles
            with contextlib.suppress(HandError):  # a piece that reads only with what follows: none
                tiles += sum(len(t.tiles) for t in tokenize(text[: err.position]))
            text = text[err.position + max(len(err.token), 1) :]
    return tiles
