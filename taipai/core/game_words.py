"""A game whose context words are another game's with some left out and some of its own.

台灣牌 and 廣東牌 (seed 003) read their hand messages with 港式台牌's context words (seed 004, DESIGN §4)
minus the words with no row in their tables (叮, 一發, 絕張, X隻內 …), plus their own (天聽 and 地聽; 手胡 and
槓爆).  A word of the other game is not an unknown word — a player coming from that game types it — so it
is refused by name (``not_in_this_game``); to find it, the message is read once more with a *probe*
table that knows both games' words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from taipai.core.context_words import ContextEntry, ContextWords
from taipai.core.errors import HandError
from taipai.core.notation import tokenize
from taipai.core.notation_words import ContextEffect, TokenKind


@dataclass(frozen=True)
class DerivedWords:
    """A game's context words and what it needs to name a foreign word.

    Attributes:
        words: the game's table (pass it to ``parse_hand(words=...)``).
        probe: the base game's words plus the game's own: reads far enough to name a foreign word.
        foreign: the base game's Situation fields this game does not play.
    """

    words: ContextWords
    probe: ContextWords
    foreign: frozenset[str]


def derive_words(
    base: ContextWords,
    *,
    foreign: Iterable[str],
    own: tuple[ContextEntry, ...],
    situation: type,
    scores: Mapping[str, tuple[str, ...]],
    display: Mapping[str, str],
) -> DerivedWords:
    """``base`` without the entries of the ``foreign`` fields, with ``own`` added.

    Args:
        base: the game whose words this one shares (港式台牌's ``HK_TAIWAN_WORDS``).
        foreign: Situation fields of ``base`` with no row in this game.
        own: this game's own entries (their fields on ``situation``).
        situation: this game's Situation class (a subclass holding the ``own`` fields).
        scores: Situation field → this game's row ids the word can score (``Score.ignored`` lists a word
            said that scored none of them).
        display: field → this game's spelling of a shared word in replies (seed 003 writes 海底撈月 where
            港式台牌 says 海底).

    Raises:
        ValueError: the result is not a valid table (:class:`ContextWords`).
    """
    gone = frozenset(foreign)
    shared = tuple(
        replace(e, scores=scores.get(e.field or "", ()), display=display.get(e.field or "", e.display))
        for e in base.entries
        if e.field not in gone
    )
    return DerivedWords(
        words=ContextWords((*shared, *own), situation),
        probe=base.changed(add=own, situation=situation),
        foreign=gone,
    )


def first_foreign_word(text: str, derived: DerivedWords) -> tuple[str, int] | None:
    """The first word of ``text`` that belongs to the base game only, as typed, and where it starts;
    ``None`` when there is none or the text cannot be read even with the probe (then the caller's own
    error stands)."""
    try:
        tokens = tokenize(text, words=derived.probe)
    except HandError:
        return None
    for t in tokens:
        effect = t.value if t.kind is TokenKind.CONTEXT else None
        if isinstance(effect, ContextEffect) and any(name in derived.foreign for name, _ in effect.fields):
            return text[t.start : t.end], t.start
    return None


def refuse_foreign_word(
    text: str,
    derived: DerivedWords,
    *,
    game: str,
    counts: str,
    named: str | None = None,
    whose: str = "another game's word",
) -> None:
    """Refuse the first word of ``text`` that belongs to the base game only (:func:`first_foreign_word`),
    for a game whose words are ``derived``; called when parsing with ``derived.words`` failed.

    Args:
        text: the hand as typed.
        derived: the game's words (:func:`derive_words`).
        game: the game's name in the reply (``雞平和``; a game reading its hands with another's words
            passes its own).
        counts: the context words the game does count, as the hint lists them (``自摸, 搶槓, …``).
        named: the game as the message names it (``國標 (Chinese Official)``); ``game`` when None.
        whose: what the message calls the word (``a 港式台牌 word``).

    Raises:
        HandError: ``not_in_this_game``, ``token`` the word as typed, ``position`` where it starts,
            ``hint_args`` ``{"token", "game"}``; nothing when ``text`` holds no such word (or cannot be
            read even with the base game's words), so the caller raises its own error.
    """
    found = first_foreign_word(text, derived)
    if found is None:
        return
    word, position = found
    raise HandError(
        "not_in_this_game",
        f"{word!r} at {position} is {whose}; {named or game} has no such row",
        token=word,
        position=position,
        hint=f"{game} counts {counts}; leave the word out",
        hint_args={"token": word, "game": game},
    )
