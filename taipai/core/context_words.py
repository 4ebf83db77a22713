"""Context words of a rule system: one table, from which the tokenizer's words, the parser's effect on
the :class:`~taipai.core.handspec.Situation`, the "not counted" list and the display words all come.

A context word says something about the win that the tiles do not show (DESIGN §4, context words:
「自摸, 莊/莊家, 連2/連莊2, 東圈, 南位/門風南, 叮, 門清叮, 一發, 天叮, 食聽牌, 海底, 河底, 槓上, 花上,
搶槓, 絕張, 十隻內, 七隻內, 四隻內, 天糊, 地糊, 人糊」).  Each game has its own: :data:`HK_TAIWAN_WORDS` is
港式台牌's (seed 004, 常用翻數表 and 非常用番種); a Taiwan 16-tile or Hong Kong 13-tile table builds its own
:class:`ContextWords` and passes it to :func:`taipai.core.notation.parse_hand` (``words=``), which reuses
everything else of the notation (tiles, melds, the winning tile, flowers, wildcards).

The shape of a table (what a rule system writes)::

    ContextWords(
        entries=(
            ContextEntry(
                field="last_tile_draw",          # the Situation field the words set (None: CHECK)
                sets=Sets.FLAG,                  # FLAG / COUNT / WIND / CHECK, see Sets
                words=(
                    ContextWord(
                        "海底",                    # the traditional spelling (normalised form)
                        aliases=("海底撈月",),      # other spellings players type
                        simplified=("海底捞月",),   # simplified spellings (normalised on load)
                        value=True,               # FLAG: the value the word sets
                    ),
                ),
                display="海底",                   # the word replies use ("not counted: 海底");
                                                 # "" = the first word's spelling
                gloss="won on the last tile drawn",  # English, for docs and English replies
                scores=("last_tile_draw",),      # pattern ids the word can score (ignored_context)
            ),
            ...
        ),
        situation=Situation,                     # the class whose fields the entries name
    )

- :attr:`Sets.FLAG`: each word sets ``field`` to its ``value`` (``True``; ``False`` for 閒; a fixed
  count such as 一炮雙響's 2).
- :attr:`Sets.WIND`: the spellings are templates holding ``{w}``, expanded over 東 南 西 北; the word
  sets ``field`` to that wind's tile (``{w}圈`` → ``round_wind``).  A character before the main
  spelling's ending (``圈`` of ``{w}圈``) that is not a wind is refused as ``bad_context``
  (``中圈``), not as an unknown word.
- :attr:`Sets.COUNT`: the word carries a number, read by its :class:`Grammar` (``連2``, ``十隻內``,
  ``槓上槓``, ``混花槓3``, ``錦上添花3``); ``allowed`` lists the values it may take and ``hint`` says in
  English what would be right when the number is missing or not allowed.  ``word``/``aliases`` are
  the stems the grammar reads (``連``, ``連莊``; ``隻內``, ``子內``).
- :attr:`Sets.CHECK`: the word sets no field; it asserts 門前清 (``requires_concealed``) or no flowers
  (``requires_no_flowers``), checked against the tiles.  A FLAG word may assert too (門清叮, 無花糊).

Spellings are matched after :data:`~taipai.core.notation_words.NORMALISE` (simplified → traditional
one character for one, 胡 → 糊), so ``simplified`` mostly documents what players type; a simplified
spelling that normalises to something new is matched as its own.  Every spelling, normalised, is in
the table once and is none of the notation's fixed words (tiles, flowers, meld keywords, 摸/食/自摸,
現): :class:`ContextWords` raises ``ValueError`` otherwise.  ``自摸`` is not in the table: it is both a
context word and the winning tile's keyword in every game, so the notation keeps it.

A word that is not in the table of the system in use is an ``unknown_token`` like any other unknown
word (a Taiwan table without 花上 refuses ``花上`` as 港式台牌 refuses ``立直``).

Another game's table is written whole, or derived from this one with :meth:`ContextWords.changed`; a
field 港式台牌 does not have lives on a subclass of :class:`Situation`::

    @dataclass(frozen=True, slots=True)
    class TaiwanSituation(Situation):
        heavenly_ready: bool = False                       # 天聽 (seed 003)

    TAIWAN_WORDS = HK_TAIWAN_WORDS.changed(
        add=[ContextEntry("heavenly_ready", Sets.FLAG, (ContextWord("天聽", simplified=("天听",)),))],
        drop=["天叮", "花上", "混花槓", "混花杠", "一炮雙響", …],
        situation=TaiwanSituation,
    )
    parse_hand(text, situation=TaiwanSituation(), words=TAIWAN_WORDS)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Final

from taipai.core.errors import HandError
from taipai.core.handspec import MAX_STREAK, Situation, streak_error
from taipai.core.notation_words import (
    BASE_VOCAB,
    CN_DIGITS,
    NORMALISE,
    WIND_CHARS,
    ContextEffect,
    TokenKind,
    Word,
)

__all__ = [
    "CN_NUMBER",
    "HK_TAIWAN_WORDS",
    "ContextEntry",
    "ContextWord",
    "ContextWords",
    "Grammar",
    "Sets",
    "bad_context",
    "read_number",
]


class Sets(Enum):
    """How a context entry's words set its Situation field."""

    FLAG = "flag"  # the word sets the field to its fixed ``value``
    COUNT = "count"  # the word carries a number, read by its Grammar
    WIND = "wind"  # ``{w}`` in the spelling is a wind; the field gets that wind's tile
    CHECK = "check"  # no field: the word asserts 門前清 or no flowers


class Grammar(Enum):
    """How a :attr:`Sets.COUNT` word carries its number (``N``: ASCII digits or a Chinese number up
    to 九十九, :data:`CN_NUMBER`).

    - ``STREAK``: stem then ``N``, then optionally ``拉N`` with the same N: ``連2``, ``連莊2``,
      ``連2拉2``.  A stem without a number is ``bad_context`` (the word's ``hint``); a value outside
      ``allowed`` or a different 拉 is :func:`~taipai.core.handspec.streak_error`.
    - ``BEFORE``: ``N`` then the stem: ``十隻內``, ``4子內``; N must be in ``allowed``.
    - ``AFTER``: stem then ``N``, required and in ``allowed``: ``混花槓3``.  The table's AFTER word
      also counts the chains that mix two CHAIN words (``槓上花上`` = 2), within its ``allowed``.
    - ``TIMES``: stem, then optionally ``2``/``雙`` or ``3``/``三``: ``錦上添花`` (2), ``錦上添花3``.
    - ``CHAIN``: the stem is one link ``X上`` (``槓上``, ``花上``); a chain repeats links: ``槓上槓``
      and ``槓上槓上`` are 2, ``花上2`` is 2 (one digit 1-9 after a single link), ``花上花上花`` is 3.
      A chain may end in ``開花`` (the win on the replacement: ``槓上開花`` = ``槓上``), and an alias of
      a CHAIN word is that word once (``槓上花`` = ``槓上``).  Links of different words make a mixed
      chain, counted by the table's AFTER word; without one it is an unknown word.
    """

    STREAK = "streak"
    BEFORE = "before"
    AFTER = "after"
    TIMES = "times"
    CHAIN = "chain"


@dataclass(frozen=True, slots=True)
class ContextWord:
    """One context word and its spellings (see the module docstring for the table's shape).

    Attributes:
        word: the traditional spelling, normalised (``"海底"``; ``"{w}圈"`` for a WIND word; the stem
            ``"連"`` for a COUNT word).
        aliases: other spellings with the same effect (``"海底撈月"``).
        simplified: simplified spellings (``"海底捞月"``); matched after normalisation.
        value: what a FLAG word sets (``True``, ``False``, or a count such as 2).
        grammar: how a COUNT word carries its number.
        allowed: the numbers a COUNT word accepts (``(4, 7, 10, 15)`` for 「X隻內」).
        hint: English: what would be right when a COUNT word's number is missing or not allowed.
        requires_concealed: the word asserts 門前清 (no exposed meld): ``門清``, ``門清叮``.
        requires_no_flowers: the word asserts the hand has no flowers: ``無花``, ``無花糊``.
    """

    word: str
    aliases: tuple[str, ...] = ()
    simplified: tuple[str, ...] = ()
    value: object = True
    grammar: Grammar | None = None
    allowed: tuple[int, ...] = ()
    hint: str = ""
    requires_concealed: bool = False
    requires_no_flowers: bool = False

    @property
    def spellings(self) -> tuple[str, ...]:
        """Every spelling as written: ``word``, the aliases, the simplified spellings."""
        return (self.word, *self.aliases, *self.simplified)


@dataclass(frozen=True, slots=True)
class ContextEntry:
    """What one Situation field's context words are (see the module docstring for the shape).

    Attributes:
        field: the :class:`~taipai.core.handspec.Situation` field the words set; ``None`` for CHECK.
        sets: how the words set it.
        words: the words, in the order they are documented.
        display: the Chinese word replies use for the field (``"X隻內"``, ``"一炮多響"``); empty means
            the first word's spelling.
        gloss: the field in English.
        scores: the ids of the patterns the words can score (``ignored_context`` names a field that is
            set but scored none of them); empty for a word that scores nothing by itself (莊, 東圈).
    """

    field: str | None
    sets: Sets
    words: tuple[ContextWord, ...]
    display: str = ""
    gloss: str = ""
    scores: tuple[str, ...] = ()

    @property
    def shown(self) -> str:
        """:attr:`display`, or the first word's spelling."""
        return self.display or self.words[0].word


@dataclass(frozen=True, slots=True)
class _Numbered:
    """A COUNT word compiled: its entry, word and the regular expression at its stems."""

    entry: ContextEntry
    word: ContextWord
    regex: re.Pattern[str]


CN_NUMBER: Final = r"(?:[二三四五六七八九]?十[一二三四五六七八九]?|[零〇一二兩三四五六七八九])"
"""A Chinese number 0..99 as players write it (``三``, ``十二``, ``二十``, ``兩``)."""

_NUMBER = rf"(-?[0-9]+|{CN_NUMBER})"

_MAX_DIGITS = 6
"""Longer digit runs are rejected before ``int()`` (no context value needs more)."""

_BEFORE_STARTS: Final = frozenset("十0123456789一二三四五六七八九")
"""Where a BEFORE word (``十隻內``, ``4子內``) may start."""

_TIMES: Final = {"2": 2, "3": 3, "雙": 2, "三": 3}

_CHAIN_DIGIT = r"([0-9](?![0-9一二三四五六七八九萬筒餅索條mpsMPS]))?"
"""One digit 1-9 after a single link (``花上2``), not the start of a suit run (``花上2萬``)."""


def read_number(raw: str) -> int:
    """An ASCII or Chinese number as matched by :data:`CN_NUMBER` / ``-?[0-9]+``.

    A run of more than 6 digits reads as ±999999999 (out of every range), so the caller's range
    check rejects it with ``bad_context`` instead of ``int()`` working on a huge run.
    """
    if raw.lstrip("-").isdigit():
        if len(raw.lstrip("-")) > _MAX_DIGITS:
            return 999_999_999 if not raw.startswith("-") else -999_999_999
        return int(raw)
    if "十" not in raw:
        return CN_DIGITS[raw]
    tens, _, units = raw.partition("十")
    return (CN_DIGITS[tens] if tens else 1) * 10 + (CN_DIGITS[units] if units else 0)


def bad_context(text: str, start: int, end: int, hint: str, **args: object) -> HandError:
    """The ``bad_context`` error for ``text[start:end]`` (a context word with a value that cannot be).

    Args:
        text: the hand message as typed.
        start / end: the word's span in ``text``.
        hint: English: what would be right.
        args: more ``hint_args`` (besides ``token``).
    """
    token = text[start:end]
    return HandError(
        "bad_context",
        f"bad context word {token!r} at {start}",
        token=token,
        position=start,
        hint=hint,
        hint_args={"token": token, **args},
    )


def _normal(spelling: str) -> str:
    return spelling.translate(NORMALISE)


def _alternation(stems: Iterable[str]) -> str:
    return "|".join(re.escape(s) for s in sorted(set(stems), key=lambda s: (-len(s), s)))


@dataclass(frozen=True)
class ContextWords:
    """One rule system's context words (the module docstring gives the shape), compiled for the
    tokenizer.

    Attributes:
        entries: the table, one entry per Situation field (and CHECK entries), in the order the
            "not counted" list names fields.
        situation: the dataclass whose fields the entries set (:class:`Situation` by default).

    Derived on construction (not arguments):
        vocab: every fixed word the tokenizer matches, normalised: the notation's own words
            (:data:`~taipai.core.notation_words.BASE_VOCAB`) and the table's FLAG, WIND and CHECK
            spellings, as :class:`~taipai.core.notation_words.Word`.
        max_word_len: the longest ``vocab`` word.
        numbered_starts: first characters of the COUNT words.
        token_starts: characters at which some token may start (an unknown word ends before one).
        wind_endings: endings of the WIND words' main spellings (``圈``, ``位``).

    Raises:
        ValueError: a field the situation class does not have or named by two entries, a word whose
            shape does not fit its entry's ``sets`` (no ``{w}`` in a WIND word, a COUNT word without
            a grammar or allowed values …), or a spelling that is in the table twice or is one of
            the notation's fixed words.
    """

    entries: tuple[ContextEntry, ...]
    situation: type = Situation
    vocab: dict[str, Word] = field(init=False, repr=False, compare=False, hash=False)
    max_word_len: int = field(init=False, repr=False, compare=False, hash=False)
    numbered_starts: frozenset[str] = field(init=False, repr=False, compare=False, hash=False)
    token_starts: frozenset[str] = field(init=False, repr=False, compare=False, hash=False)
    wind_endings: frozenset[str] = field(init=False, repr=False, compare=False, hash=False)
    _numbered: dict[str, tuple[_Numbered, ...]] = field(init=False, repr=False, compare=False, hash=False)
    _links: dict[str, tuple[ContextEntry, ContextWord]] = field(
        init=False, repr=False, compare=False, hash=False
    )
    _mixed: tuple[ContextEntry, ContextWord] | None = field(init=False, repr=False, compare=False, hash=False)
    _chain_aliases: dict[str, tuple[ContextEntry, ContextWord]] = field(
        init=False, repr=False, compare=False, hash=False
    )
    _chain: re.Pattern[str] | None = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        put = object.__setattr__
        names = {f.name for f in fields(self.situation)}
        vocab = dict(BASE_VOCAB)
        owner: dict[str, str] = {w: "the notation" for w in BASE_VOCAB}
        seen_fields: set[str] = set()
        numbered: dict[str, list[_Numbered]] = {}
        links: dict[str, tuple[ContextEntry, ContextWord]] = {}
        chain_aliases: dict[str, tuple[ContextEntry, ContextWord]] = {}
        mixed: tuple[ContextEntry, ContextWord] | None = None
        endings: set[str] = set()

        def claim(spelling: str, who: str) -> str:
            normal = _normal(spelling)
            if owner.get(normal, who) != who:
                raise ValueError(f"context word {spelling!r} ({who}) is also {owner[normal]}")
            owner[normal] = who
            return normal

        for entry in self.entries:
            self._check_entry(entry, names, seen_fields)
            for word in entry.words:
                who = f"{entry.field or 'check'}: {word.word}"
                if entry.sets is Sets.WIND:
                    for template in dict.fromkeys(word.spellings):
                        for wind, tile in WIND_CHARS.items():
                            normal = claim(template.replace("{w}", wind), who)
                            vocab[normal] = _word(entry, word, tile)
                    main = _normal(word.word)
                    if main.startswith("{w}") and len(main) == 4:
                        endings.add(main[3])
                elif entry.sets is Sets.COUNT:
                    assert word.grammar is not None
                    stems = tuple(dict.fromkeys(claim(s, who) for s in word.spellings))
                    if word.grammar is Grammar.CHAIN:
                        link = stems[0][0]
                        if stems[0] != link + "上" or link in links:
                            raise ValueError(f"{who}: a CHAIN word is one link X上 of its own X")
                        links[link] = (entry, word)
                        for alias in stems[1:]:
                            chain_aliases[alias] = (entry, word)
                        continue
                    if word.grammar is Grammar.AFTER:
                        if mixed is not None:
                            raise ValueError(f"{who}: a table has one AFTER word (it counts mixed chains)")
                        mixed = (entry, word)
                    compiled = _Numbered(entry, word, re.compile(_regex(word.grammar, stems)))
                    starts = _BEFORE_STARTS if word.grammar is Grammar.BEFORE else {s[0] for s in stems}
                    for c in starts:
                        numbered.setdefault(c, []).append(compiled)
                else:
                    for spelling in dict.fromkeys(word.spellings):
                        vocab[claim(spelling, who)] = _word(entry, word, word.value)
        for link in links:
            numbered.setdefault(link, [])
        chain = None
        if links:
            ends = "".join(dict.fromkeys([*links, *(a[-1] for a in chain_aliases)]))
            chain = re.compile(rf"((?:[{''.join(links)}]上)+)(開花|[{ends}](?!上))?{_CHAIN_DIGIT}")
        put(self, "_chain", chain)
        put(self, "vocab", vocab)
        put(self, "max_word_len", max(len(w) for w in vocab))
        put(self, "numbered_starts", frozenset(numbered))
        put(self, "_numbered", {c: tuple(v) for c, v in numbered.items()})
        put(self, "_links", links)
        put(self, "_mixed", mixed)
        put(self, "_chain_aliases", chain_aliases)
        put(self, "wind_endings", frozenset(endings))
        put(
            self,
            "token_starts",
            frozenset(
                {w[0] for w in vocab}
                | set("一二三四五六七八九123456789")
                | set(numbered)
                | set("+[]0")
                | set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
            ),
        )

    @staticmethod
    def _check_entry(entry: ContextEntry, names: set[str], seen: set[str]) -> None:
        where = entry.field or "check"
        if not entry.words:
            raise ValueError(f"{where}: an entry needs at least one word")
        if entry.sets is Sets.CHECK:
            if entry.field is not None:
                raise ValueError(f"{where}: a CHECK entry sets no field")
        else:
            if entry.field not in names:
                raise ValueError(f"{where}: not a field of the situation")
            if entry.field in seen:
                raise ValueError(f"{where}: two entries set this field")
            seen.add(entry.field)
        for word in entry.words:
            templated = any("{w}" in s for s in word.spellings)
            if (entry.sets is Sets.WIND) != templated or (
                entry.sets is Sets.WIND and not all("{w}" in s for s in word.spellings)
            ):
                raise ValueError(f"{where}: {word.word}: {{w}} is for every spelling of a WIND word only")
            counted = word.grammar is not None
            if (entry.sets is Sets.COUNT) != counted or (counted and not word.allowed):
                raise ValueError(f"{where}: {word.word}: a COUNT word has a grammar and allowed values")
            if entry.sets is Sets.CHECK and not (word.requires_concealed or word.requires_no_flowers):
                raise ValueError(f"{where}: {word.word}: a CHECK word asserts something")

    # ---------------------------------------------------------------------------------------------
    # what the table gives the rest of the program

    def entry(self, field_name: str) -> ContextEntry:
        """The entry that sets ``field_name``.

        Raises:
            KeyError: no entry sets it.
        """
        for e in self.entries:
            if e.field == field_name:
                return e
        raise KeyError(field_name)

    def display_words(self) -> dict[str, str]:
        """Situation field → the Chinese word replies use for it (``"last_tile_draw"`` → ``"海底"``)."""
        return {e.field: e.shown for e in self.entries if e.field is not None}

    def display(self, field_name: str) -> str:
        """The word replies use for ``field_name``; the name itself when no entry sets it."""
        for e in self.entries:
            if e.field == field_name:
                return e.shown
        return field_name

    def scored_by(self) -> dict[str, tuple[str, ...]]:
        """Situation field → the pattern ids its words can score, for the fields that score any, in
        table order (the order ``ignored_context`` names them)."""
        return {e.field: e.scores for e in self.entries if e.field is not None and e.scores}

    def spellings(self) -> dict[str, str | None]:
        """Every spelling as written in the table → the field it sets (``None`` for CHECK words);
        WIND templates expanded over 東 南 西 北, COUNT words as their stems."""
        out: dict[str, str | None] = {}
        for e in self.entries:
            for w in e.words:
                for s in w.spellings:
                    for form in [s.replace("{w}", c) for c in WIND_CHARS] if "{w}" in s else [s]:
                        out[form] = e.field
        return out

    def changed(
        self,
        *,
        add: Iterable[ContextEntry | tuple[str, ContextWord]] = (),
        drop: Iterable[str] = (),
        situation: type | None = None,
    ) -> ContextWords:
        """A copy with words added and spellings removed (for a system that plays another game's
        words with a few differences).

        Args:
            add: new entries, or ``(field, word)`` pairs adding a word to the entry of that field.
            drop: spellings (as written in the table, ``{w}`` templates for WIND words) to remove;
                a word left with no spelling is removed, and so is an entry left with no word.
            situation: the situation class of the new table (a subclass with the new entries'
                fields); this table's when None.

        Raises:
            KeyError: a ``(field, word)`` pair names a field no entry sets.
            ValueError: the result is not a valid table.
        """
        gone = set(drop)
        entries = list(self.entries)
        for item in add:
            if isinstance(item, ContextEntry):
                entries.append(item)
                continue
            name, word = item
            i = next((k for k, e in enumerate(entries) if e.field == name), None)
            if i is None:
                raise KeyError(name)
            entries[i] = replace(entries[i], words=(*entries[i].words, word))
        out: list[ContextEntry] = []
        for e in entries:
            words = []
            for w in e.words:
                aliases = [a for a in w.aliases if a not in gone]
                simplified = [a for a in w.simplified if a not in gone]
                main = w.word
                if main in gone:
                    if not aliases and not simplified:
                        continue
                    main = (aliases or simplified).pop(0)
                words.append(replace(w, word=main, aliases=tuple(aliases), simplified=tuple(simplified)))
            if words:
                out.append(replace(e, words=tuple(words)))
        return ContextWords(tuple(out), situation or self.situation)

    # ---------------------------------------------------------------------------------------------
    # the numbered words

    def scan(self, text: str, s: str, pos: int) -> tuple[int, ContextEffect] | None:
        """The COUNT word at ``pos`` of the normalised text ``s``: ``(end, effect)``, or ``None`` when
        none starts there.

        Args:
            text: the message as typed (for the error's token).
            s: ``text`` normalised (:data:`~taipai.core.notation_words.NORMALISE`), same length.
            pos: where to look.

        Raises:
            HandError: ``bad_context`` for a number that is missing or not allowed (the word's hint),
                ``unknown_token`` for a mixed chain when the table counts none.
        """
        c = s[pos]
        if c in self._links:
            found = self._scan_chain(text, s, pos)
            if found is not None:
                return found
        for numbered in self._numbered.get(c, ()):
            m = numbered.regex.match(s, pos)
            if m is not None:
                return m.end(), self._read(text, pos, m, numbered)
        return None

    def _read(self, text: str, pos: int, m: re.Match[str], numbered: _Numbered) -> ContextEffect:
        entry, word = numbered.entry, numbered.word
        assert entry.field is not None
        grammar = word.grammar
        if grammar is Grammar.STREAK:
            if m.group(1) is None:
                raise bad_context(text, pos, m.end(), word.hint)
            n = read_number(m.group(1))
            if n not in word.allowed or (m.group(2) is not None and read_number(m.group(2)) != n):
                token = text[pos : m.end()]
                raise streak_error(token, f"bad context word {token!r} at {pos}", position=pos)
        elif grammar is Grammar.BEFORE:
            n = read_number(m.group(1))
            if n not in word.allowed:
                raise bad_context(text, pos, m.end(), word.hint, allowed=word.allowed)
        elif grammar is Grammar.AFTER:
            if m.group(1) is None or read_number(m.group(1)) not in word.allowed:
                raise bad_context(text, pos, m.end(), word.hint)
            n = read_number(m.group(1))
        else:
            n = _TIMES[m.group(1)] if m.group(1) is not None else 2
            if n not in word.allowed:
                raise bad_context(text, pos, m.end(), word.hint)
        return ContextEffect(((entry.field, n),))

    def _scan_chain(self, text: str, s: str, pos: int) -> tuple[int, ContextEffect] | None:
        assert self._chain is not None
        m = self._chain.match(s, pos)
        if m is None:
            return None
        segments = m.group(1)[::2]
        tail, digit = m.group(2), m.group(3)
        end = m.end()
        alias = self._chain_aliases.get(m.group(1) + (tail or ""))
        if alias is not None and tail is not None:
            segments = alias[1].word[0]
        elif tail in self._links:
            segments += tail
        elif tail is not None and tail != "開花":  # an alias's ending after a chain it does not end
            tail = digit = None
            end = m.end(1)
        if digit is not None:
            if len(segments) != 1 or tail is not None or digit == "0":
                shown = " / ".join(f"{x}上{x}" for x in self._links)
                last = list(self._links)[-1]
                raise bad_context(text, pos, end, f"write a chain as {shown} or a count 1-9 as {last}上2")
            segments *= int(digit)
        n = len(segments)
        if len(set(segments)) == 1:
            entry, word = self._links[segments[0]]
        elif self._mixed is not None:
            entry, word = self._mixed
            if n not in word.allowed:
                steps = "".join(f"{x}上" for x in self._links)
                lo, hi = min(word.allowed), max(word.allowed)
                raise bad_context(text, pos, end, f"a mixed {steps} chain has {lo} to {hi} steps")
        else:
            token = text[pos:end]
            raise HandError(
                "unknown_token",
                f"unknown word {token!r} at {pos}",
                token=token,
                position=pos,
                hint=f"this game counts no chain mixing {' and '.join(f'{x}上' for x in self._links)}",
            )
        if n not in word.allowed:
            raise bad_context(text, pos, end, word.hint)
        assert entry.field is not None
        return end, ContextEffect(((entry.field, n),))


def _word(entry: ContextEntry, word: ContextWord, value: object) -> Word:
    effect = ContextEffect(
        ((entry.field, value),) if entry.field is not None else (),
        word.requires_concealed,
        word.requires_no_flowers,
    )
    return Word(TokenKind.CONTEXT, effect)


def _regex(grammar: Grammar, stems: tuple[str, ...]) -> str:
    alt = _alternation(stems)
    if grammar is Grammar.STREAK:
        return rf"(?:{alt}){_NUMBER}?(?:拉{_NUMBER})?"
    if grammar is Grammar.BEFORE:
        return rf"([0-9]+|{CN_NUMBER})(?:{alt})"
    if grammar is Grammar.AFTER:
        return rf"(?:{alt})([0-9]+|{CN_NUMBER})?"
    return rf"(?:{alt})([23]|雙|三)?"


# ---------------------------------------------------------------------------------------------
# 港式台牌 (seed 004)


def _flag(
    word: str,
    *aliases: str,
    simplified: tuple[str, ...] = (),
    value: object = True,
    concealed: bool = False,
    no_flowers: bool = False,
) -> ContextWord:
    return ContextWord(
        word,
        aliases,
        simplified,
        value,
        requires_concealed=concealed,
        requires_no_flowers=no_flowers,
    )


def _entry(
    name: str, *words: ContextWord, gloss: str, scores: tuple[str, ...] = (), display: str = ""
) -> ContextEntry:
    return ContextEntry(name, Sets.FLAG, words, display, gloss, scores)


_DISCARDS_SEEN = (4, 7, 10, 15)
"""「X隻內」 (seed 004, 時態類: 十五隻內 … 四隻內 「牌海只有4隻牌內食糊」)."""

HK_TAIWAN_WORDS: Final = ContextWords(
    (
        _entry(
            "dealer",
            _flag("莊", "莊家", simplified=("庄", "庄家")),
            _flag("閒", "閒家", simplified=("闲", "闲家"), value=False),
            gloss="the winner is the dealer",
        ),
        ContextEntry(
            "streak",
            Sets.COUNT,
            (
                ContextWord(
                    "連",
                    ("連莊",),
                    ("连", "连庄"),
                    grammar=Grammar.STREAK,
                    allowed=tuple(range(MAX_STREAK + 1)),
                    hint="write the dealer streak as a number, e.g. 連2 or 連莊2",
                ),
            ),
            display="連莊",
            gloss="the dealer's streak n (dealer fan 2n+1)",
        ),
        ContextEntry(
            "round_wind",
            Sets.WIND,
            (ContextWord("{w}圈", ("{w}風圈", "圈風{w}"), ("{w}风圈", "圈风{w}")),),
            display="圈風",
            gloss="the round wind",
        ),
        ContextEntry(
            "seat_wind",
            Sets.WIND,
            (ContextWord("{w}位", ("{w}風位", "門風{w}", "{w}家"), ("{w}风位", "门风{w}")),),
            display="門風",
            gloss="the winner's seat wind",
        ),
        _entry(
            "declared_ready",
            _flag("叮"),
            _flag("門清叮", simplified=("门清叮",), concealed=True),
            gloss="ready was declared",
            scores=("ready",),
        ),
        _entry(
            "one_shot",
            _flag("一發", "即叮即食", simplified=("一发",)),
            gloss="won within one go-round of declaring ready",
            scores=("one_shot",),
        ),
        _entry(
            "ready_discard_win",
            _flag("食聽牌", "出前一叮", simplified=("食听牌",)),
            gloss="won on the tile discarded when declaring ready",
            scores=("ready_discard_win",),
        ),
        _entry(
            "double_ready",
            _flag("天叮"),
            gloss="ready from the deal (dealer) or the first draw",
            scores=("double_ready",),
        ),
        _entry(
            "last_tile_draw",
            _flag("海底", "海底撈月", simplified=("海底捞月",)),
            gloss="self-drew the last tile of the wall",
            scores=("last_tile_draw",),
        ),
        _entry(
            "last_discard",
            _flag("河底", "河底撈魚", simplified=("河底捞鱼",)),
            gloss="won on the last discard",
            scores=("last_discard",),
        ),
        ContextEntry(
            "kong_replacements",
            Sets.COUNT,
            (
                ContextWord(
                    "槓上",
                    ("槓上開花", "槓上花"),
                    ("杠上", "杠上开花", "杠上花"),
                    grammar=Grammar.CHAIN,
                    allowed=(1, 2, 3, 4, 5),
                    hint="a 槓上 chain has at most 5 kongs",
                ),
            ),
            gloss="won on a kong's replacement tile (the chain's length: 槓上槓 = 2)",
            scores=("kong_self_draw", "kong_on_kong", "mixed_replacement_draw"),
        ),
        ContextEntry(
            "flower_replacements",
            Sets.COUNT,
            (
                ContextWord(
                    "花上",
                    grammar=Grammar.CHAIN,
                    allowed=(1, 2, 3, 4, 5, 6, 7, 8),
                    hint="a 花上 chain has at most 8 flowers",
                ),
            ),
            gloss="won on a flower's replacement tile (the chain's length: 花上2 = 2)",
            scores=("flower_self_draw", "mixed_replacement_draw"),
        ),
        ContextEntry(
            "mixed_replacements",
            Sets.COUNT,
            (
                ContextWord(
                    "混花槓",
                    simplified=("混花杠",),
                    grammar=Grammar.AFTER,
                    allowed=(2, 3, 4, 5, 6, 7),
                    hint="write 混花槓 with the chain length 2-7, e.g. 混花槓3",
                ),
            ),
            gloss="won after a chain mixing kongs and flowers (槓上花上 = 2)",
            scores=("mixed_replacement_draw",),
        ),
        _entry(
            "robbing_kong",
            _flag("搶槓", simplified=("抢杠",)),
            gloss="robbed a kong",
            scores=("robbing_kong", "robbing_kong_on_kong"),
        ),
        _entry(
            "robbing_kong_on_kong",
            _flag("搶槓上槓", simplified=("抢杠上杠",)),
            gloss="robbed a kong made on a kong's replacement",
            scores=("robbing_kong_on_kong",),
        ),
        _entry(
            "last_copy",
            _flag("絕張", "明四絕", simplified=("绝张", "明四绝")),
            gloss="won on the last copy, three seen",
            scores=("last_copy", "last_copy_eight"),
        ),
        _entry(
            "last_copy_eight",
            _flag("明八絕", simplified=("明八绝",)),
            gloss="won on the last copy of two waits, seven seen",
            scores=("last_copy_eight",),
        ),
        ContextEntry(
            "discards_seen",
            Sets.COUNT,
            (
                ContextWord(
                    "隻內",
                    ("子內",),
                    ("只内", "子内"),
                    grammar=Grammar.BEFORE,
                    allowed=_DISCARDS_SEEN,
                    hint="「X隻內」 is one of 十五隻內, 十隻內, 七隻內, 四隻內",
                ),
            ),
            display="X隻內",
            gloss="won within the first X discards",
            scores=("within_fifteen", "within_ten", "within_seven", "within_four", "human_win"),
        ),
        _entry(
            "heavenly",
            _flag("天糊", simplified=("天胡",)),
            gloss="the dealer won on the deal",
            scores=("heavenly_win",),
        ),
        _entry(
            "earthly",
            _flag("地糊", simplified=("地胡",)),
            gloss="won on the dealer's first discard",
            scores=("earthly_win",),
        ),
        _entry(
            "human",
            _flag("人糊", simplified=("人胡",)),
            gloss="won within four discards, nobody having called",
            scores=("human_win",),
        ),
        _entry(
            "multiple_winners",
            _flag("一炮雙響", "雙響", simplified=("一炮双响", "双响"), value=2),
            _flag("一炮三響", "三響", simplified=("一炮三响", "三响"), value=3),
            display="一炮多響",
            gloss="one discard, several winners",
            scores=("double_win", "triple_win"),
        ),
        ContextEntry(
            "kick_on_multi",
            Sets.COUNT,
            (
                ContextWord(
                    "錦上添花",
                    simplified=("锦上添花",),
                    grammar=Grammar.TIMES,
                    allowed=(2, 3),
                    hint="write 錦上添花 (after 一炮雙響) or 錦上添花3 (after 一炮三響)",
                ),
            ),
            gloss="self-draw kick after a multiple deal-in (2 or 3 winners)",
            scores=("kick_after_multi",),
        ),
        _entry(
            "no_flowers_at_table",
            _flag("無花糊", simplified=("无花胡",), no_flowers=True),
            gloss="nobody at the table took a flower",
        ),
        ContextEntry(
            None,
            Sets.CHECK,
            (
                _flag("門清", "門前清", simplified=("门清", "门前清"), concealed=True),
                _flag("無花", simplified=("无花",), no_flowers=True),
            ),
            gloss="the hand is concealed / has no flowers (checked against the tiles)",
        ),
    )
)
"""港式台牌's context words (DESIGN §4; seed 004, 常用翻數表 狀態類 / 時態類 / 型式類 and 非常用番種:
叮 「門前清狀態下叮牌為立直10翻」, 一發 (即叮即食), 食聽牌 (出前一叮), 天叮 (雙立直), 海底撈月, 河底撈魚,
槓上自摸, 槓上槓自摸, 花上自摸 2n+1, 混花槓自摸, 搶槓, 搶槓上槓, 明四絕 (絕張), 明八絕, 十五隻內 … 四隻內,
天糊, 地糊, 人糊, 一炮雙響 / 一炮三響, 錦上添花, 無花糊; 莊家 (莊家連n拉n) 2n+1; 正風 / 正位 read
圈風 / 門風).  ``天叮`` sets ``double_ready`` only and ``搶槓上槓`` ``robbing_kong_on_kong`` only: whether
they also count 叮 / 搶槓 is the scoring rules' business."""
