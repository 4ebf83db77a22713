"""Hand-message text → :class:`~taipai.core.handspec.HandSpec` (DESIGN §4, hand notation).

Two passes, both linear in the length of the message:

1. :func:`tokenize` normalises the text one character for one character (simplified → traditional,
   full-width → ASCII, see :data:`~taipai.core.notation_words.NORMALISE`), so positions stay those of
   the original text, then scans it left to right.  At each position it tries, in order: brackets,
   ``+摸``/``+食``, the numbered context words (``連2``, ``十隻內``, ``槓上槓``, ``花上2`` …), the fixed
   vocabulary longest match first (``東圈`` before ``東``, ``一發`` before ``一``, ``搶槓上槓`` before
   ``搶槓``), suit runs (``一二三萬``, ``1-3m``), then ASCII codes (``E``, ``CCC``, ``f1``).
   The context words are the rule system's (``words=``, a
   :class:`~taipai.core.context_words.ContextWords`; 港式台牌's
   :data:`~taipai.core.context_words.HK_TAIWAN_WORDS` by default); the rest of the notation is the
   same for every game.
2. :func:`parse_hand` reads the tokens: meld keywords take the tiles after them, winning-tile keywords
   take one tile, the rest of the tiles are concealed; then it checks the whole hand.

Tiles come in *pieces*: a suit run up to its suit character or a space inside it (``一二三 四五六萬``
is two pieces), or repeats of one honour written together (``中中中``).  A meld or a winning tile
never splits a piece, so ``上 一二三四萬`` is an error instead of a silent guess.

Ambiguities and how they are resolved:

- ``自摸 X``: when the message has an explicit ``摸 X``/``食 X``/``+摸 X``, ``自摸`` is only the
  context word.  Otherwise ``自摸`` followed by a one-tile piece makes that tile the winning tile;
  followed by anything else it is the context word (and the hand then has no winning tile).
- Context words win over meld keywords when written together: ``槓上`` is 槓上自摸 (kong replacement),
  not ``槓`` + ``上``; separate them with a space to mean a kong keyword then a chow keyword.
  ``槓上花`` / ``槓上開花`` is one kong replacement (the Hong Kong name of 槓上自摸); the mixed chains
  of seed 004 (混花槓自摸) are ``槓上花上``, ``花上槓``, ``花上槓上`` … → ``mixed_replacements``.
- ``連2`` sets the streak only (a streak is the table's, not a claim that the winner deals);
  ``莊`` sets the dealer.  ``連`` / ``連莊`` without a number is ``bad_context``.
- Honour letters ``E S W N C F P`` are honours only as a standalone upper-case ASCII word (``E``,
  ``CCC``); ``s``/``p``/``m`` (either case) after digits are suits.  ``f1``–``f8`` are flowers.
- ``天叮`` sets ``double_ready`` only and ``搶槓上槓`` sets ``robbing_kong_on_kong`` only; whether
  they also count 叮 / 搶槓 is the scoring rules' business.

越搭 wildcards (DESIGN §4, wildcard bullet; seed 000; issue 3 item 2):

- A wildcard is a kind name in brackets, ``[皇] ［皇］ 【番】 〔筒〕 [搭:中發白] [筒搭] [大皇]``; the
  text inside is resolved by :func:`taipai.core.wilds.kind_named` (aliases, an optional ``搭:``
  prefix, a trailing 搭), and the *printed name* is stored (``[大皇]`` → ``"皇"``).  Inside brackets
  ``中`` is the kind 中 (四五六), never the tile 紅中, and ``現`` is the kind 現.  A bracket whose first
  word is a meld keyword is a meld (``[碰 發發發]``), not a wildcard.
- ``[搭]`` (or ``[搭:]``) alone is the table's only kind: ``table_kinds`` with exactly one entry.
  Otherwise, and for a kind ``table_kinds`` does not list, ``wild_unsupported`` with a hint that names
  the table's kinds.  ``table_kinds=None`` (unknown table) accepts every kind but not ``[搭]``.
- Where a wildcard stands:  among the concealed tiles → :attr:`HandSpec.wilds`; right after
  ``摸``/``+摸``/``自摸``/``食`` → :attr:`HandSpec.winning_wild` (``winning_tile`` is then ``None``);
  among a meld's tiles → :attr:`Meld.wilds`.  Both lists are sorted in seed 000's order of the 34
  kinds (:data:`taipai.core.wilds.KIND_NAMES`), like ``concealed`` is sorted, so the order of writing
  does not change the HandSpec.
- A chow or pung takes tiles and wildcards until it has 3 (``上 七八筒[筒]``, ``碰 中中 [番]``,
  ``上 [筒]七八筒``).  A kong takes a wildcard only when it touches the kong's tiles
  (``暗槓 東東東[皇]``) or the meld is in brackets (``[暗槓 東東東 [皇]]``): ``暗槓 東東東東 [皇]`` is
  the kong 東東東東 and a concealed 皇, while ``暗槓 東東東 [皇]`` is an error (a kong is four tiles).
  A kong holding wildcards is written in full (naturals + wildcards = 4).  Every meld needs at least
  one natural tile.
- A meld with wildcards gets ``naturals`` (its natural tiles, sorted) and, as ``tile``, the lowest
  tile of its *lowest-numbered* completion: ``上 七八筒[筒]`` → 六七八筒 (``tile`` 六筒), ``上 一萬[萬][萬]``
  → 一二三萬, ``碰 中中[番]`` → 中.  ``tile`` is only a placeholder reading: the wildcard search
  (:mod:`taipai.systems.hk_taiwan.wildsearch`) tries every completion.  Shape checks: a chow's naturals are
  suited (else ``honour_chow``), distinct, of one suit and within 2 ranks; a pung's or kong's naturals
  are identical (else ``meld_shape``).  Which kinds a meld may hold and how many is the table's rule
  (seed 000 「每次上或者碰最多用一隻」), checked by the search, not here.
- Counting: a wildcard is one tile everywhere (``concealed + wilds + 1 + 3 × melds = 17``); the
  fifth-copy check counts natural tiles only.

Tiles seen on the table (for the 現 wildcard: 「當得枱面已經出現過一次或以上嘅牌」):
``現:九索八萬``, ``現 9s 8m``, ``枱面:九索 八萬`` (also ``檯面``/``台面``; the colon is optional).  The
label takes the tile pieces after it up to a line break, ``;``/``；``, ``。`` or ``|``, or the first
word that is not tiles; so write the list last, or on its own line, or end it with ``;``.  The tiles
go to :attr:`Situation.seen_tiles`, sorted and without repeats, added to those the caller's
``situation`` already has.  ``[現]`` is the wildcard kind, not this label.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise
from typing import Final, NamedTuple

from taipai.core.context_words import HK_TAIWAN_WORDS, ContextWords, bad_context
from taipai.core.errors import HandError
from taipai.core.fastnew import builder
from taipai.core.handspec import HandSpec, KongKind, Meld, MeldKind, Situation
from taipai.core.notation_words import (
    FLOWER_CODES,
    HONOUR_LETTERS,
    NORMALISE,
    NUMERAL_RANK,
    RANGE_CHARS,
    SEPARATORS,
    SUIT_OF_CHAR,
    ContextEffect,
    MeldWord,
    TokenKind,
    Word,
)
from taipai.core.tiles import IS_HONOUR, NUM_KINDS, SUIT_OF, name_zh
from taipai.core.wilds import KIND_NAMES, kind_named

__all__ = ["Token", "TokenKind", "parse_hand", "tokenize"]


class Token(NamedTuple):
    """One token of a hand message (immutable; a named tuple, cheap to make: a message has a dozen).

    Attributes:
        kind: what the token is.
        start / end: its span in the original text (``text[start:end]``).
        tiles: for :attr:`TokenKind.TILES`, the tile kinds of the piece, in written order.
        positions: the character position of each tile in ``tiles``.
        value: the flower, :class:`MeldWord`, :class:`ContextEffect`, self-drawn flag or wildcard text.
    """

    kind: TokenKind
    start: int
    end: int
    tiles: tuple[int, ...] = ()
    positions: tuple[int, ...] = ()
    value: object = None


# ---------------------------------------------------------------------------------------------
# tokenizer


def _is_sep(c: str) -> bool:
    return c.isspace() or c in SEPARATORS


_SPACE_LIKE: Final = SEPARATORS | frozenset(" \t\n")


def _unknown(text: str, s: str, pos: int, words: ContextWords) -> HandError:
    starts = words.token_starts
    end = pos + 1
    while end < len(s) and end - pos < 12 and not _is_sep(s[end]) and s[end] not in starts:
        end += 1
    if s[pos].isascii() and s[pos].isalpha():  # a Latin word is named whole (「zimo」, not 「z」)
        while end < len(s) and end - pos < 24 and s[end].isascii() and s[end].isalpha():
            end += 1
    token = text[pos:end]
    c = s[pos]
    if c in SUIT_OF_CHAR and len(token) == 1:  # a suit letter alone (``s``), not a word (``seed``)
        hint = f"{token} needs numerals before it, e.g. 一二三{c} or 123{c}"
    elif c == "+":
        hint = "+ must be followed by 摸 (self-drawn) or 食 (on a discard) and the winning tile, e.g. +摸 東"
    elif c in words.wind_endings:
        hint = f"write the wind before {c}, e.g. 東{c}"
    else:
        hint = (
            "expected tiles (一二三萬, 789p, 東 中 …), a meld keyword (上 碰 槓 暗槓), "
            "摸/食 and the winning tile, flowers (春 梅 …) or a context word (自摸 莊 連2 東圈 …)"
        )
    return HandError(
        "unknown_token", f"unknown word {token!r} at {pos}", token=token, position=pos, hint=hint
    )


def _bad_run(text: str, start: int, end: int, hint: str) -> HandError:
    token = text[start:end]
    return HandError(
        "bad_suit_run", f"bad run of numerals {token!r} at {start}", token=token, position=start, hint=hint
    )


def _scan_run(text: str, s: str, pos: int) -> tuple[list[Token], int]:
    """A suit run at ``pos`` (a numeral or digit): numerals, spaces, ranges, then a suit character.

    Returns the run's pieces (split at spaces) and the position after the suit character.
    """
    n = len(s)
    ranks: list[int] = []
    where: list[int] = []
    cuts: list[int] = []  # indices into ranks where a new piece starts
    i = pos
    while True:
        c = s[i]
        if c not in NUMERAL_RANK:
            raise _bad_run(text, i, i + 1, f"{text[i]} is not a tile rank; ranks are 1-9 (一 to 九)")
        ranks.append(NUMERAL_RANK[c])
        where.append(i)
        j = i + 1
        k = j
        while k < n and s[k].isspace():
            k += 1
        if k < n and s[k] in RANGE_CHARS:
            m = k + 1
            while m < n and s[m].isspace():
                m += 1
            if m >= n or s[m] not in NUMERAL_RANK:
                raise _bad_run(text, i, min(m + 1, n), f"expected a numeral after {text[k]}, e.g. 1-3萬")
            lo, hi = ranks[-1], NUMERAL_RANK[s[m]]
            if hi <= lo:
                raise _bad_run(text, i, m + 1, f"a range goes up: {lo}-{hi} should be {hi}-{lo}")
            ranks.extend(range(lo + 1, hi + 1))
            where.extend([m] * (hi - lo))
            j = m + 1
            k = j
            while k < n and s[k].isspace():
                k += 1
        if k < n and (s[k] in NUMERAL_RANK or s[k] == "0"):
            if k > j:
                cuts.append(len(ranks))
            i = k
            continue
        if k < n and s[k] in SUIT_OF_CHAR:
            suit = SUIT_OF_CHAR[s[k]]
            end = k + 1
            break
        written = text[pos:j]
        raise _bad_run(
            text, pos, j, f"expected a suit character 萬/筒/索 (or m/p/s) after {written}, e.g. {written}萬"
        )
    tokens: list[Token] = []
    bounds = [0, *cuts, len(ranks)]
    for a, b in pairwise(bounds):
        piece_end = end if b == len(ranks) else where[b - 1] + 1
        tokens.append(
            Token(
                TokenKind.TILES,
                where[a],
                piece_end,
                tiles=tuple(suit * 9 + r - 1 for r in ranks[a:b]),
                positions=tuple(where[a:b]),
            )
        )
    return tokens, end


def _scan_bracket(text: str, s: str, pos: int, words: ContextWords) -> Token:
    k = pos + 1
    while k < len(s) and s[k].isspace():
        k += 1
    word = _longest_word(s, k, words)
    if word is not None and word[1].kind is TokenKind.MELD:
        return Token(TokenKind.OPEN, pos, pos + 1)
    close = s.find("]", pos + 1)
    inner_open = s.find("[", pos + 1, close if close >= 0 else len(s))
    if close < 0 or inner_open >= 0:
        raise HandError(
            "bad_bracket",
            f"unclosed [ at {pos}",
            token=text[pos],
            position=pos,
            hint="close the bracket: [碰 發發發] for a meld, [皇] for a wildcard",
        )
    if not s[pos + 1 : close].strip():
        raise HandError(
            "bad_bracket",
            f"empty brackets at {pos}",
            token=text[pos : close + 1],
            position=pos,
            hint="put a meld ([碰 發發發]) or a wildcard kind ([皇]) inside the brackets",
        )
    return Token(TokenKind.WILD, pos, close + 1, value=text[pos + 1 : close].strip())


def _longest_word(s: str, pos: int, words: ContextWords) -> tuple[int, Word] | None:
    if pos >= len(s):
        return None
    return _word_at(s, pos, words.vocab, _word_lengths(words).get(s[pos], ()))


def _word_at(s: str, pos: int, vocab: dict[str, Word], lengths: tuple[int, ...]) -> tuple[int, Word] | None:
    """The longest word of ``vocab`` at ``pos``; ``lengths``: those of the words starting with ``s[pos]``,
    longest first."""
    room = len(s) - pos
    for length in lengths:
        if length <= room:
            word = vocab.get(s[pos : pos + length])
            if word is not None:
                return length, word
    return None


_LENGTHS: dict[int, tuple[ContextWords, dict[str, tuple[int, ...]]]] = {}
"""Per vocabulary (by identity): first character → the lengths of the words starting with it, longest
first, so a position tries only lengths some word has (a numeral or a suit character tries none)."""


def _word_lengths(words: ContextWords) -> dict[str, tuple[int, ...]]:
    found = _LENGTHS.get(id(words))
    if found is None or found[0] is not words:
        by_first: dict[str, set[int]] = {}
        for w in words.vocab:
            by_first.setdefault(w[0], set()).add(len(w))
        found = (
            words,
            {c: tuple(sorted(ls, reverse=True)) for c, ls in by_first.items() if c not in "[]+"},
        )
        _LENGTHS[id(words)] = found
    return found[1]


_RUN = re.compile("[" + "".join(c for c in NUMERAL_RANK if c != "0") + "]+[" + "".join(SUIT_OF_CHAR) + "]")
"""The common suit run: numerals then the suit character, nothing between (``一二三萬``, ``789p``).
Spaces, ranges and zeros inside a run go through :func:`_scan_run`, which reads them (or refuses)."""

_SUIT_BASE: Final = {c: 9 * suit - 1 for c, suit in SUIT_OF_CHAR.items()}

_RUN_TILES: dict[str, tuple[int, ...]] = {}


def _run_tiles(run: str) -> tuple[int, ...]:
    """The tile kinds of a plain suit run (``一二三萬`` → 0, 1, 2), remembered by its spelling."""
    tiles = _RUN_TILES.get(run)
    if tiles is None:
        base = _SUIT_BASE[run[-1]]
        tiles = tuple(base + NUMERAL_RANK[x] for x in run[:-1])
        if len(_RUN_TILES) < 4096:
            _RUN_TILES[run] = tiles
    return tiles


def _scan_ascii(text: str, s: str, pos: int, words: ContextWords) -> list[Token]:
    end = pos
    while end < len(s) and s[end].isascii() and s[end].isalnum():
        end += 1
    word = s[pos:end]
    if word in FLOWER_CODES:
        return [Token(TokenKind.FLOWER, pos, end, value=FLOWER_CODES[word])]
    if word and all(c in HONOUR_LETTERS for c in word):
        return [
            Token(TokenKind.TILES, pos + i, pos + i + 1, tiles=(HONOUR_LETTERS[c],), positions=(pos + i,))
            for i, c in enumerate(word)
        ]
    raise _unknown(text, s, pos, words)


def _scan_plus(text: str, s: str, pos: int, words: ContextWords) -> Token:
    k = pos + 1
    while k < len(s) and s[k].isspace():
        k += 1
    for word, self_drawn in (("自摸", True), ("摸", True), ("食", False)):
        if s.startswith(word, k):
            return Token(TokenKind.WIN, pos, k + len(word), value=self_drawn)
    raise _unknown(text, s, pos, words)


def tokenize(text: str, *, words: ContextWords = HK_TAIWAN_WORDS) -> list[Token]:
    """Split a hand message into tokens (DESIGN §4).

    Args:
        text: the hand message as typed, any string.
        words: the rule system's context words (港式台牌's by default).

    Returns:
        The tokens in message order.  Repeats of one honour written together (``中中中``) are one
        :attr:`TokenKind.TILES` piece; a suit run is one piece per space-separated chunk.

    Raises:
        HandError: ``unknown_token``, ``bad_suit_run``, ``bad_context`` (a numbered context word with a
            bad number), ``bad_bracket``; with the token and its position in ``text``.
    """
    return _tokenize(text, text.translate(NORMALISE), words)


def _tokenize(text: str, s: str, words: ContextWords) -> list[Token]:
    """:func:`tokenize` of ``text`` whose normalised spelling is ``s``."""
    n = len(s)
    out: list[Token] = []
    pos = 0
    numbered = words.numbered_starts
    endings = words.wind_endings
    lengths = _word_lengths(words)
    vocab = words.vocab
    while pos < n:
        c = s[pos]
        if c in _SPACE_LIKE or c.isspace():
            pos += 1
            continue
        if c not in numbered and (
            (found := _word_at(s, pos, vocab, lengths[c]) if c in lengths else None) is not None
            or (c in NUMERAL_RANK and (m := _RUN.match(s, pos)) is not None)
        ):
            # The longest fixed word, else a plain suit run, as the branches below would read them
            # (a character before 圈/位 that is no word with it is left to them: they refuse it).
            end = pos + found[0] if found is not None else m.end()
            if pos + 1 >= n or s[pos + 1] not in endings or s[pos : pos + 2] in vocab:
                if found is None:
                    out.append(
                        Token(
                            TokenKind.TILES,
                            pos,
                            end,
                            tiles=_run_tiles(s[pos:end]),
                            positions=tuple(range(pos, end - 1)),
                        )
                    )
                else:
                    word = found[1]
                    if word.kind is TokenKind.TILES:
                        kind = word.value
                        assert isinstance(kind, int)
                        _add_honour(out, Token(TokenKind.TILES, pos, end, tiles=(kind,), positions=(pos,)))
                    else:
                        out.append(Token(word.kind, pos, end, value=word.value))
                pos = end
                continue
        if c == "[":
            out.append(_scan_bracket(text, s, pos, words))
        elif c == "]":
            out.append(Token(TokenKind.CLOSE, pos, pos + 1))
        elif c == "+":
            out.append(_scan_plus(text, s, pos, words))
        else:
            found_context = words.scan(text, s, pos) if c in numbered else None
            tok = None
            if found_context is not None:
                tok = Token(TokenKind.CONTEXT, pos, found_context[0], value=found_context[1])
            elif pos + 1 < n and s[pos + 1] in endings and s[pos : pos + 2] not in vocab:
                if c not in words.token_starts:
                    raise _unknown(text, s, pos, words)
                raise bad_context(text, pos, pos + 2, "the wind is one of 東 南 西 北, e.g. 東圈 or 南位")
            if tok is not None:
                out.append(tok)
            elif (found := _word_at(s, pos, vocab, lengths.get(c, ()))) is not None:
                length, word = found
                if word.kind is TokenKind.TILES:
                    kind = word.value
                    assert isinstance(kind, int)
                    tok = Token(TokenKind.TILES, pos, pos + length, tiles=(kind,), positions=(pos,))
                    _add_honour(out, tok)
                else:
                    out.append(Token(word.kind, pos, pos + length, value=word.value))
            elif c in NUMERAL_RANK or c == "0":
                pieces, end = _scan_run(text, s, pos)
                out.extend(pieces)
                pos = end
                continue
            elif c.isascii() and c.isalpha():
                for tok in _scan_ascii(text, s, pos, words):
                    _add_honour(out, tok)
            else:
                raise _unknown(text, s, pos, words)
        pos = out[-1].end
    return out


def _add_honour(out: list[Token], tok: Token) -> None:
    """Append ``tok`` (one honour tile, or a flower code) to ``out``, joined to the piece before it when
    that piece holds the same honour and ends where ``tok`` starts: 中中中 is one piece."""
    if tok.kind is TokenKind.TILES and out:
        last = out[-1]
        kind = tok.tiles[0]
        touching = last.kind is TokenKind.TILES and last.end == tok.start
        if touching and last.tiles[0] == kind and IS_HONOUR[kind]:
            if len(last.tiles) > 4:  # already a fifth copy (refused): a longer run costs time, not tiles
                out[-1] = last._replace(end=tok.end)
                return
            out[-1] = Token(
                TokenKind.TILES,
                last.start,
                tok.end,
                tiles=(*last.tiles, kind),
                positions=(*last.positions, tok.start),
            )
            return
    out.append(tok)


# ---------------------------------------------------------------------------------------------
# parser

_MELD_NAME = {MeldKind.CHOW: "上", MeldKind.PUNG: "碰", MeldKind.KONG: "槓"}

_SEED_ORDER: dict[str, int] = {name: i for i, name in enumerate(KIND_NAMES)}

_SEEN_END = frozenset(";。|\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
"""Characters that end a 現/枱面 list (after normalisation: ``；`` is ``;``, ``｜`` is ``|``)."""

_BARE_WILD = ("搭", "搭:")
"""``[搭]``: the table's only kind (DESIGN §4)."""


def _seed_sorted(names: list[str]) -> tuple[str, ...]:
    """Wildcard kind names in seed 000's order of the 34 kinds."""
    return tuple(sorted(names, key=_SEED_ORDER.__getitem__))


def _table_kinds(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The printed names of ``table_kinds``, in the given order, without repeats.

    Raises:
        ValueError: a name is no wildcard kind (a programming or configuration error, not text).
    """
    out: list[str] = []
    for name in kinds:
        try:
            printed = kind_named(name).name
        except HandError as err:
            raise ValueError(f"table_kinds: {name!r} is no wildcard kind") from err
        if printed not in out:
            out.append(printed)
    return tuple(out)


class _Parser:
    """Reads the token list into the parts of a HandSpec; one instance per message."""

    def __init__(
        self, text: str, tokens: list[Token], table_kinds: tuple[str, ...] | None, normal: str | None = None
    ) -> None:
        self.text = text
        self.normal = text.translate(NORMALISE) if normal is None else normal
        self.tokens = tokens
        self.table_kinds = table_kinds
        self.concealed: list[tuple[int, int]] = []  # (tile, position)
        self.wilds: list[str] = []  # concealed wildcards, printed kind names
        self.melds: list[Meld] = []
        self.meld_tiles: list[tuple[int, int]] = []  # natural meld tiles, (tile, position)
        # (natural tile or None, wildcard kind or None, position, self_drawn, keyword)
        self.wins: list[tuple[int | None, str | None, int, bool, Token]] = []
        self.plain_self_draw: Token | None = None
        self.flowers: dict[int, Token] = {}
        self.fields: dict[str, tuple[object, Token]] = {}
        self.seen: set[int] = set()
        self.needs_concealed: Token | None = None
        self.needs_no_flowers: Token | None = None
        self.explicit_win = any(t.kind is TokenKind.WIN for t in tokens)

    def span(self, first: Token, last: Token) -> str:
        return self.text[first.start : last.end]

    def error(self, code: str, first: Token, last: Token | None, hint: str, **args: object) -> HandError:
        token = self.span(first, last or first)
        return HandError(
            code,
            f"{code}: {token!r} at {first.start}",
            token=token,
            position=first.start,
            hint=hint,
            hint_args={"token": token, **args},
        )

    def next_tiles(self, i: int) -> Token | None:
        if i < len(self.tokens) and self.tokens[i].kind is TokenKind.TILES:
            return self.tokens[i]
        return None

    def next_wild(self, i: int) -> Token | None:
        if i < len(self.tokens) and self.tokens[i].kind is TokenKind.WILD:
            return self.tokens[i]
        return None

    def wild(self, t: Token) -> str:
        """The printed kind name of the bracketed wildcard ``t`` (``[大皇]`` → ``"皇"``).

        Raises:
            HandError: ``wild_unsupported`` (token: the brackets and their text) for an unknown kind,
                ``[搭]`` when the table does not play exactly one kind, or a kind the table does not
                play (``table_kinds``).  ``hint_args``: ``reason`` (``bare_several``: ``[搭]`` at a
                table of several kinds; ``no_wilds``: the table plays none; ``bare_unknown_table``:
                ``[搭]`` with ``table_kinds=None``; ``unknown_kind``: no kind has that name;
                ``not_played``: a real kind this table does not play, ``kind`` its printed name),
                ``kinds`` (the table's kinds joined by 、, or every kind when the table is unknown)
                and ``table_kinds`` (the table's kinds as a tuple, empty when unknown).
        """
        raw = t.value
        assert isinstance(raw, str)
        normal = self.normal[t.start + 1 : t.end - 1].strip()
        table = self.table_kinds
        listed = "、".join(table) if table else ""
        shown = table or ()
        if normal.replace(" ", "") in _BARE_WILD:
            if table is not None and len(table) == 1:
                return table[0]
            if table is None:
                reason = "bare_unknown_table"
                hint = "[搭] alone means the table's only wildcard kind; write the kind, e.g. [皇]"
            elif not table:
                reason = "no_wilds"
                hint = "[搭] alone means the table's only wildcard kind, and this table plays none"
            else:
                reason = "bare_several"
                hint = (
                    f"this table plays several wildcard kinds ({listed}); write which one, e.g. [{table[0]}]"
                )
            raise self.error(
                "wild_unsupported", t, None, hint, kinds=listed, table_kinds=shown, reason=reason
            )
        try:
            name = kind_named(raw).name
        except HandError:
            try:
                name = kind_named(normal).name
            except HandError as err:
                if table is None:
                    raise self.error(
                        "wild_unsupported",
                        t,
                        None,
                        err.hint,
                        **err.hint_args,
                        table_kinds=(),
                        reason="unknown_kind",
                    ) from None
                hint = (
                    f"no wildcard kind is named {normal}; this table plays: {listed}"
                    if table
                    else f"no wildcard kind is named {normal}, and this table plays no wildcards"
                )
                reason = "unknown_kind" if table else "no_wilds"
                raise self.error(
                    "wild_unsupported", t, None, hint, kinds=listed, table_kinds=shown, reason=reason
                ) from None
        if table is not None and name not in table:
            hint = (
                f"this table plays the wildcard kinds {listed}, not {name}"
                if table
                else f"this table plays no wildcards ({name} is not one of its kinds)"
            )
            reason = "not_played" if table else "no_wilds"
            raise self.error(
                "wild_unsupported", t, None, hint, kind=name, kinds=listed, table_kinds=shown, reason=reason
            )
        return name

    def run(self) -> None:
        tokens = self.tokens
        i = 0
        while i < len(tokens):
            t = tokens[i]
            kind = t.kind
            if kind is TokenKind.TILES:
                self.concealed.extend(zip(t.tiles, t.positions, strict=True))
                i += 1
            elif kind is TokenKind.WILD:
                self.wilds.append(self.wild(t))
                i += 1
            elif kind is TokenKind.MELD:
                i = self.meld(i)
            elif kind is TokenKind.OPEN:
                if i + 1 >= len(tokens) or tokens[i + 1].kind is not TokenKind.MELD:
                    raise self.error(
                        "bad_bracket",
                        t,
                        tokens[i + 1] if i + 1 < len(tokens) else None,
                        "an open bracket starts a meld ([碰 發發發]) or holds a wildcard kind ([皇])",
                    )
                i = self.meld(i + 1, bracketed=True)
                if i >= len(tokens) or tokens[i].kind is not TokenKind.CLOSE:
                    raise self.error(
                        "bad_bracket", t, tokens[i - 1], "close the meld with ] right after its tiles"
                    )
                i += 1
            elif kind is TokenKind.WIN:
                assert isinstance(t.value, bool)
                self.win(t, i + 1, t.value)
                i += 2
            elif kind is TokenKind.SELF_DRAW:
                self.plain_self_draw = self.plain_self_draw or t
                piece = self.next_tiles(i + 1)
                one = (piece is not None and len(piece.tiles) == 1) or self.next_wild(i + 1) is not None
                if not self.explicit_win and one:
                    self.win(t, i + 1, True)
                    i += 2
                else:
                    i += 1
            elif kind is TokenKind.FLOWER:
                self.flower(t)
                i += 1
            elif kind is TokenKind.FLOWER_LABEL:
                if i + 1 >= len(tokens) or tokens[i + 1].kind is not TokenKind.FLOWER:
                    raise self.error(
                        "unknown_token",
                        t,
                        None,
                        "花 must be followed by flowers, e.g. 花:春梅 (or write 無花)",
                    )
                i += 1
            elif kind is TokenKind.SEEN:
                i = self.seen_list(i)
            elif kind is TokenKind.CONTEXT:
                assert isinstance(t.value, ContextEffect)
                self.context(t, t.value)
                i += 1
            else:  # CLOSE without an open meld bracket
                raise self.error("bad_bracket", t, None, "] without a matching [ before it")

    def seen_list(self, i: int) -> int:
        """Read the 現/枱面 list whose label is ``tokens[i]``; return the index after its tiles."""
        label = self.tokens[i]
        j = i + 1
        prev_end = label.end
        got: list[int] = []
        while (piece := self.next_tiles(j)) is not None and not any(
            c in _SEEN_END for c in self.normal[prev_end : piece.start]
        ):
            got.extend(piece.tiles)
            prev_end = piece.end
            j += 1
        if not got:
            word = self.span(label, label)
            raise self.error(
                "bad_context",
                label,
                None,
                f"{word} must be followed by the tiles seen on the table, e.g. {word}:九索八萬",
            )
        self.seen.update(got)
        return j

    def meld(self, i: int, *, bracketed: bool = False) -> int:
        """Read the meld whose keyword is ``tokens[i]``; return the index after its tiles.

        ``bracketed``: the meld is inside ``[…]`` (a kong then takes every wildcard up to 4 tiles).
        """
        kw = self.tokens[i]
        spec = kw.value
        assert isinstance(spec, MeldWord)
        word = self.span(kw, kw)
        j = i + 1
        items: list[Token] = []  # the meld's TILES and WILD tokens
        got: list[tuple[int, int]] = []  # natural tiles, (tile, position)
        wilds: list[str] = []
        if spec.kind is MeldKind.KONG:
            first = self.next_tiles(j) or self.next_wild(j)
            if first is None:
                raise self.error(
                    "meld_shape",
                    kw,
                    None,
                    f"{word} must be followed by the kong's tiles, e.g. {word} 東東東東",
                )
            k: int | None = None
            while j < len(self.tokens):
                tok = self.tokens[j]
                total = len(got) + len(wilds)
                if tok.kind is TokenKind.TILES:
                    k = tok.tiles[0] if k is None else k
                    if any(x != k for x in tok.tiles) or (total and total + len(tok.tiles) > 4):
                        break
                    got.extend(zip(tok.tiles, tok.positions, strict=True))
                elif tok.kind is TokenKind.WILD and total < 4:
                    if items and not bracketed and tok.start != items[-1].end:
                        break
                    wilds.append(self.wild(tok))
                else:
                    break
                items.append(tok)
                j += 1
            count = len(got)
            if not got:
                raise self.error(
                    "meld_shape",
                    first,
                    items[-1] if items else None,
                    f"a kong needs at least one natural tile, e.g. {word} 東東東[皇]",
                )
            if wilds:
                if count + len(wilds) != 4:
                    raise self.error(
                        "meld_shape",
                        first,
                        items[-1],
                        f"a kong with wildcards is written with all four tiles, e.g. {word} 東東東[皇]",
                        meld="kong_wild",
                        expected=4,
                        got=count + len(wilds),
                    )
                assert k is not None
                naturals = tuple(t for t, _ in got)
                self.melds.append(
                    Meld(MeldKind.KONG, k, spec.kong or KongKind.EXPOSED, _seed_sorted(wilds), naturals)
                )
                self.meld_tiles.extend(got)
                return j
            if count not in (1, 4):
                # 槓東東東 is refused, not read as a kong: three tiles after 槓 are more likely a
                # 碰 under the wrong keyword or a tile left out than a shorthand (tester's report)
                raise self.error(
                    "meld_shape",
                    first,
                    items[-1] if items else None,
                    f"a kong is four tiles: {word} 東東東東, or {word} 東 for short (three of a kind is 碰)",
                    meld="kong",
                    expected=4,
                    got=count,
                )
            assert k is not None
            self.melds.append(Meld(MeldKind.KONG, k, spec.kong or KongKind.EXPOSED))
            last_pos = got[-1][1]
            self.meld_tiles.extend(got + [(k, last_pos)] * (4 - count))
            return j
        while len(got) + len(wilds) < 3:
            tok = self.tokens[j] if j < len(self.tokens) else None
            held = len(got) + len(wilds)
            if tok is not None and tok.kind is TokenKind.WILD:
                wilds.append(self.wild(tok))
            elif tok is not None and tok.kind is TokenKind.TILES:
                if held + len(tok.tiles) > 3:
                    raise self.error(
                        "meld_shape",
                        tok,
                        None,
                        f"{word} takes exactly 3 tiles; write the other tiles of {self.span(tok, tok)} apart",
                        expected=3,
                        got=held + len(tok.tiles),
                    )
                got.extend(zip(tok.tiles, tok.positions, strict=True))
            else:
                raise self.error(
                    "meld_shape",
                    kw,
                    items[-1] if items else None,
                    f"{word} takes 3 tiles; got {held}",
                    expected=3,
                    got=held,
                )
            items.append(tok)
            j += 1
        kinds = sorted(k for k, _ in got)
        if not kinds:
            example = "七八筒[筒]" if spec.kind is MeldKind.CHOW else "中中[番]"
            raise self.error(
                "meld_shape",
                items[0],
                items[-1],
                f"a meld needs at least one natural tile, e.g. {word} {example}",
            )
        if spec.kind is MeldKind.CHOW:
            low = self.chow_low(word, kinds, items, bool(wilds))
        elif kinds[0] != kinds[-1]:
            raise self.error(
                "meld_shape", items[0], items[-1], f"{word} needs three identical tiles, e.g. {word} 發發發"
            )
        else:
            low = kinds[0]
        if wilds:
            self.melds.append(Meld(spec.kind, low, None, _seed_sorted(wilds), tuple(kinds)))
        else:
            self.melds.append(Meld(spec.kind, low))
        self.meld_tiles.extend(got)
        return j

    def chow_low(self, word: str, kinds: list[int], items: list[Token], wild: bool) -> int:
        """The lowest tile of the chow with natural tiles ``kinds`` (sorted), wildcards filling the rest.

        With wildcards: the lowest-numbered completion (七八 → 六七八, 一 → 一二三, 九 → 七八九).

        Raises:
            HandError: ``honour_chow`` for an honour, ``meld_shape`` when no chow holds the naturals.
        """
        if any(IS_HONOUR[k] for k in kinds):
            raise self.error(
                "honour_chow",
                items[0],
                items[-1],
                "a chow (上/吃) is three suited tiles in a row, e.g. 上 七八九筒",
            )
        lo, hi = kinds[0], kinds[-1]
        if not wild:
            k0, k1, k2 = kinds
            if SUIT_OF[k0] != SUIT_OF[k2] or k1 != k0 + 1 or k2 != k0 + 2:
                raise self.error(
                    "meld_shape",
                    items[0],
                    items[-1],
                    f"{word} needs three tiles in a row of one suit, e.g. {word} 七八九筒",
                )
            return k0
        if SUIT_OF[lo] != SUIT_OF[hi] or hi - lo > 2 or len(set(kinds)) != len(kinds):
            raise self.error(
                "meld_shape",
                items[0],
                items[-1],
                f"{word} with a wildcard needs different tiles of one suit at most 2 apart, "
                f"e.g. {word} 七八筒[筒] or {word} 七九筒[筒]",
            )
        return max(hi - 2, SUIT_OF[lo] * 9)

    def win(self, kw: Token, j: int, self_drawn: bool) -> None:
        word = self.span(kw, kw)
        if self.wins:
            first_kw = self.wins[0][4]
            raise self.error(
                "two_winning_tiles",
                kw,
                None,
                f"a hand has one winning tile; {self.span(first_kw, first_kw)} already gave it",
            )
        wild = self.next_wild(j)
        if wild is not None:
            self.wins.append((None, self.wild(wild), wild.start, self_drawn, kw))
            return
        piece = self.next_tiles(j)
        if piece is None:
            raise self.error(
                "no_winning_tile", kw, None, f"{word} must be followed by the winning tile, e.g. {word} 東"
            )
        if len(piece.tiles) != 1:
            raise self.error(
                "bad_winning_tile",
                piece,
                None,
                f"{word} takes one tile; {self.span(piece, piece)} has {len(piece.tiles)}: "
                "write the winning tile alone",
                got=len(piece.tiles),
            )
        self.wins.append((piece.tiles[0], None, piece.positions[0], self_drawn, kw))

    def flower(self, t: Token) -> None:
        f = t.value
        assert isinstance(f, int)
        if f in self.flowers:
            raise self.error("duplicate_flower", t, None, "each flower exists once; it is written twice")
        self.flowers[f] = t

    def context(self, t: Token, effect: ContextEffect) -> None:
        for name, value in effect.fields:
            seen = self.fields.get(name)
            if seen is not None and seen[0] != value:
                raise self.error(
                    "bad_context",
                    t,
                    None,
                    f"{self.span(t, t)} contradicts {self.span(seen[1], seen[1])} earlier in the message",
                )
            self.fields[name] = (value, t)
        if effect.requires_concealed:
            self.needs_concealed = self.needs_concealed or t
        if effect.requires_no_flowers:
            self.needs_no_flowers = self.needs_no_flowers or t


def _fifth_copy(naturals: list[tuple[int, int]]) -> HandError:
    """``fifth_copy`` naming the first copy past four in the order written (``naturals``: (tile,
    position))."""
    counts = [0] * NUM_KINDS
    for k, where in sorted(naturals, key=lambda kp: kp[1]):
        counts[k] += 1
        if counts[k] > 4:
            name = name_zh(k)
            return HandError(
                "fifth_copy",
                f"a fifth {name} at {where}",
                token=name,
                position=where,
                hint=f"there are only four {name} tiles (kongs count as four)",
                hint_args={"tile": name},
            )
    raise AssertionError("no tile is held five times")


# ---------------------------------------------------------------------------------------------
# the common path in one pass

_MELDS: dict[tuple[MeldKind, int, KongKind | None], Meld] = {}
"""One shared natural :class:`Meld` per (kind, tile, kong): immutable, and a message makes a few."""


def _meld(kind: MeldKind, tile: int, kong: KongKind | None) -> Meld:
    key = (kind, tile, kong)
    found = _MELDS.get(key)
    if found is None:
        found = _MELDS[key] = Meld(kind, tile, kong)
    return found


_WANT_NOTHING, _WANT_WIN, _WANT_SET, _WANT_KONG = range(4)


def _quick_parse(
    text: str, s: str, words: ContextWords, situation: Situation | None, hand_size: int
) -> HandSpec | None:
    """The HandSpec :func:`parse_hand` makes of a message in the common notation, read in one pass
    with no token objects; ``None`` for any other message, which the two passes then read (or
    refuse: every error, with its token, position and hint, comes from them).

    The common notation: plain suit runs (``一二三萬``), honours (``中中``), meld keywords with their
    tiles (``上 一二三萬``, ``碰 東東東``, ``暗槓 東東東東``), flowers, fixed and numbered context
    words, and ``摸`` / ``食`` with one tile.  Each token is read as :func:`_tokenize` reads it (the
    longest word, else a plain run; 中中中 one piece) and used as :class:`_Parser` uses it; a message
    that needs anything else (brackets, wildcards, ``+摸``, ranges, spaces or 0 inside a run, ASCII
    codes, 自摸 before its tile, 花: / 現: labels) or would be refused gives ``None``.  ``s`` is
    ``text`` normalised.
    """
    n = len(s)
    numbered = words.numbered_starts
    endings = words.wind_endings
    lengths = _word_lengths(words)
    vocab = words.vocab
    tiles_kind = TokenKind.TILES
    concealed: list[int] = []
    melds: list[Meld] = []
    counts = [0] * NUM_KINDS
    flowers: list[int] = []
    fields: dict[str, object] = {}
    needs_concealed = needs_no_flowers = False
    win_tile = -1
    self_drawn = False
    wanting = _WANT_NOTHING  # what the keyword before waits for: its winning tile, set or kong
    meld_word = MeldWord(MeldKind.PUNG)
    got: list[int] = []
    pos = 0
    while True:
        # The next token as (kind, value, tiles); kind None past the end.
        kind: TokenKind | None = None
        value: object = None
        tiles: tuple[int, ...] = ()
        while pos < n:
            c = s[pos]
            if c in _SPACE_LIKE or c.isspace():
                pos += 1
                continue
            found: tuple[int, Word] | None = None
            if c in numbered:
                try:
                    context = words.scan(text, s, pos)
                except HandError:
                    return None
                if context is not None:
                    found = (context[0] - pos, Word(TokenKind.CONTEXT, context[1]))
            if pos + 1 < n and s[pos + 1] in endings and s[pos : pos + 2] not in vocab and found is None:
                return None  # 東圈-like words the vocabulary lacks: the two passes refuse them
            if found is None and c in lengths:
                found = _word_at(s, pos, vocab, lengths[c])
            if found is None:
                m = _RUN.match(s, pos) if c in NUMERAL_RANK else None
                if m is None:
                    return None
                end = m.end()
                kind = tiles_kind
                tiles = _run_tiles(s[pos:end])
            else:
                end = pos + found[0]
                kind = found[1].kind
                value = found[1].value
                if kind is tiles_kind:
                    assert isinstance(value, int)
                    tiles = (value,)
                    while IS_HONOUR[value] and end < n:
                        # The same honour touching it joins its piece (中中中), as _add_honour does.
                        c2 = s[end]
                        if c2 in numbered:
                            return None
                        again = _word_at(s, end, vocab, lengths[c2]) if c2 in lengths else None
                        if again is None or again[1].kind is not tiles_kind or again[1].value != value:
                            break
                        if end + 1 < n and s[end + 1] in endings and s[end : end + 2] not in vocab:
                            return None
                        if len(tiles) > 4:  # a fifth copy: refused, with its position, by the two passes
                            return None
                        tiles += (value,)
                        end += again[0]
            pos = end
            break
        if wanting == _WANT_WIN:
            if kind is not tiles_kind or len(tiles) != 1:
                return None
            win_tile = tiles[0]
            counts[win_tile] += 1
            wanting = _WANT_NOTHING
            continue
        if wanting == _WANT_SET:
            if kind is not tiles_kind or len(got) + len(tiles) > 3:
                return None
            got.extend(tiles)
            if len(got) < 3:
                continue
            k0, k1, k2 = sorted(got)
            if meld_word.kind is MeldKind.CHOW:
                if IS_HONOUR[k2] or SUIT_OF[k0] != SUIT_OF[k2] or k1 != k0 + 1 or k2 != k0 + 2:
                    return None
            elif k0 != k2:
                return None
            melds.append(_meld(meld_word.kind, k0, None))
            counts[k0] += 1
            counts[k1] += 1
            counts[k2] += 1
            wanting = _WANT_NOTHING
            continue
        if wanting == _WANT_KONG:
            # A kong takes pieces of its one tile while they come to at most four (槓 東 東東東).
            if kind is tiles_kind:
                k = got[0] if got else tiles[0]
                if all(x == k for x in tiles) and (not got or len(got) + len(tiles) <= 4):
                    got.extend(tiles)
                    continue
            if len(got) not in (1, 4):
                return None
            melds.append(_meld(MeldKind.KONG, got[0], meld_word.kong or KongKind.EXPOSED))
            counts[got[0]] += 4
            wanting = _WANT_NOTHING
        if kind is None:
            break
        if kind is tiles_kind:
            concealed.extend(tiles)
            for k in tiles:
                counts[k] += 1
        elif kind is TokenKind.MELD:
            assert isinstance(value, MeldWord)
            meld_word = value
            got = []
            wanting = _WANT_KONG if value.kind is MeldKind.KONG else _WANT_SET
        elif kind is TokenKind.WIN:
            if win_tile >= 0:
                return None
            assert isinstance(value, bool)
            self_drawn = value
            wanting = _WANT_WIN
        elif kind is TokenKind.FLOWER:
            assert isinstance(value, int)
            if value in flowers:
                return None
            flowers.append(value)
        elif kind is TokenKind.CONTEXT:
            assert isinstance(value, ContextEffect)
            for name, v in value.fields:
                if name in fields and fields[name] != v:
                    return None
                fields[name] = v
            needs_concealed = needs_concealed or value.requires_concealed
            needs_no_flowers = needs_no_flowers or value.requires_no_flowers
        else:
            return None
    if win_tile < 0 or max(counts) > 4 or len(concealed) + 3 * len(melds) != hand_size:
        return None
    if (needs_concealed and any(m.kong is not KongKind.CONCEALED for m in melds)) or (
        needs_no_flowers and flowers
    ):
        return None
    base = situation if situation is not None else Situation()
    concealed.sort()
    flowers.sort()
    return _new_spec(
        tuple(concealed),
        tuple(melds),
        win_tile,
        self_drawn,
        tuple(flowers),
        replace(base, **fields) if fields else base,
        (),
        None,
    )


_new_spec = builder(HandSpec)
"""``HandSpec(concealed, melds, winning_tile, self_drawn, flowers, situation, wilds, winning_wild)``
built without the frozen dataclass's slow ``__init__`` (a message makes one)."""


def parse_hand(
    text: str,
    *,
    situation: Situation | None = None,
    hand_size: int = 16,
    table_kinds: tuple[str, ...] | None = None,
    words: ContextWords = HK_TAIWAN_WORDS,
) -> HandSpec:
    """Read a hand message into a :class:`HandSpec` (DESIGN §4, hand notation).

    Args:
        text: the message as typed, e.g. ``"一二三萬 四五六萬 七八九筒 二三四索 中中 ［搭］ 東 ＋摸 東"``
            (seed 000, 實戰); any string.
        situation: defaults known to the caller (seat and round wind, dealer, streak, tiles seen on
            the table from the chat's table state).  Context words in ``text`` override it field by
            field; a 現/枱面 list in ``text`` adds to its ``seen_tiles``.
        hand_size: tiles held before the win: 16 (台牌, the default) or 13; a win has ``hand_size + 1``
            tiles, a kong counting 3 and a wildcard 1.
        table_kinds: the 越搭 kinds the table plays (printed names or aliases), or ``None`` when not
            known.  ``[搭]`` alone needs exactly one; with a tuple, a wildcard of another kind is an
            error (an empty tuple: the table plays no wildcards).
        words: the rule system's context words (:class:`~taipai.core.context_words.ContextWords`);
            港式台牌's by default.  A word not in it is ``unknown_token``.

    Returns:
        A HandSpec with ``concealed`` sorted (without the winning tile), ``wilds`` (concealed
        wildcards' printed kind names, in seed 000's kind order), ``melds`` in message order (with
        ``wilds``/``naturals`` for melds holding wildcards), ``winning_tile`` (``None`` when the
        winning tile is the wildcard ``winning_wild``), ``self_drawn`` (摸/自摸 vs 食), ``flowers``
        sorted and ``situation``.

    Raises:
        HandError: for every string that is not a valid hand message, with ``code`` (``empty``,
            ``unknown_token``, ``bad_suit_run``, ``bad_bracket``, ``meld_shape``, ``honour_chow``,
            ``no_winning_tile``, ``two_winning_tiles``, ``bad_winning_tile``, ``duplicate_flower``,
            ``bad_context``, ``wild_unsupported``, ``fifth_copy``, ``tile_count``), the offending
            ``token``, its ``position`` in ``text`` (``-1`` for whole-hand errors) and an English
            ``hint``.  Never another exception type for any ``text``.
        ValueError: ``hand_size`` is not 1 more than a multiple of 3, or ``table_kinds`` names no
            wildcard kind (programming or configuration errors).
    """
    if hand_size < 1 or hand_size % 3 != 1:
        raise ValueError(f"hand_size must be 3k+1 (13, 16), got {hand_size}")
    table = None if table_kinds is None else _table_kinds(table_kinds)
    normal = text.translate(NORMALISE)
    quick = _quick_parse(text, normal, words, situation, hand_size)
    if quick is not None:
        return quick
    tokens = _tokenize(text, normal, words)
    if not tokens:
        raise HandError("empty", "empty hand message", hint="write the hand's tiles, e.g. 一二三萬 … 摸 東")
    p = _Parser(text, tokens, table, normal)
    p.run()

    if not p.wins:  # a hand with a fifth copy or too many tiles says so first (its winning tile won't help)
        held = [*p.concealed, *p.meld_tiles]
        counted = [0] * NUM_KINDS
        for k, _ in held:
            counted[k] += 1
        if held and max(counted) > 4:
            raise _fifth_copy(held)
        over = len(p.concealed) + len(p.wilds) + 3 * len(p.melds)
        if over > hand_size + 1:
            raise HandError(
                "tile_count",
                f"{over} tiles and no winning tile, expected {hand_size + 1}",
                hint=f"a {hand_size}-tile win has {hand_size + 1} tiles (kongs count 3); got {over}",
                hint_args={"expected": hand_size + 1, "got": over},
            )
        raise HandError(
            "no_winning_tile",
            "no winning tile",
            hint="mark the winning tile with 摸 (self-drawn) or 食 (on a discard), e.g. 摸 東",
        )
    win_tile, win_wild, win_pos, self_drawn, win_kw = p.wins[0]
    if not self_drawn and p.plain_self_draw is not None:
        raise p.error(
            "bad_context",
            p.plain_self_draw,
            None,
            f"自摸 contradicts {p.span(win_kw, win_kw)} (a win on a discard)",
        )
    self_drawn = self_drawn or p.plain_self_draw is not None
    if p.needs_concealed is not None and any(m.exposed for m in p.melds):
        raise p.error(
            "bad_context",
            p.needs_concealed,
            None,
            "門清 means no exposed meld (上/碰/槓), but the hand has one",
        )
    if p.needs_no_flowers is not None and p.flowers:
        raise p.error(
            "bad_context", p.needs_no_flowers, None, "無花 means no flowers, but the hand lists some"
        )

    naturals = [*p.concealed, *p.meld_tiles]
    if win_tile is not None:
        naturals.append((win_tile, win_pos))
    counts = [0] * NUM_KINDS
    for k, _ in naturals:
        counts[k] += 1
    if max(counts) > 4:
        raise _fifth_copy(naturals)

    got = len(p.concealed) + len(p.wilds) + 1 + 3 * len(p.melds)
    expected = hand_size + 1
    if got != expected:
        raise HandError(
            "tile_count",
            f"{got} tiles, expected {expected}",
            hint=f"a {hand_size}-tile win has {expected} tiles (kongs count 3); got {got}",
            hint_args={"expected": expected, "got": got},
        )

    base = situation if situation is not None else Situation()
    fields = {name: value for name, (value, _) in p.fields.items()}
    if p.seen:
        fields["seen_tiles"] = tuple(sorted(p.seen | set(base.seen_tiles)))
    return HandSpec(
        concealed=tuple(sorted(k for k, _ in p.concealed)),
        melds=tuple(p.melds),
        winning_tile=win_tile,
        self_drawn=self_drawn,
        flowers=tuple(sorted(p.flowers)),
        situation=replace(base, **fields) if fields else base,
        wilds=_seed_sorted(p.wilds),
        winning_wild=win_wild,
    )
