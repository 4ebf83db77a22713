"""Win messages written the way people type them in a hurry, read against the table's names.

:func:`taipai.bot.service.parse.parse_command` is purely syntactic and wants the names spelled
out with spaces (``B 食 A 12番``).  Players also write ``自摸 12番`` or ``食 A 12番`` (the speaker is
the winner) and run names together (``B自摸12番``, ``B食A 一二三萬…``).  :func:`spell_out` turns
those into the spaced form when the names are the table's players and the reading is unambiguous;
:func:`count_alone` spots a bare count (``12番``) that needs a hint rather than silence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from taipai.bot.service.parse import (
    DEAL_IN_WORDS,
    FLY_WORDS,
    LEG_SPLIT,
    ROB_KONG_WORDS,
    SELF_DRAW_WORDS,
    WIN_WORDS,
    is_count_text,
    read_count,
    without_bao,
)
from taipai.core.errors import HandError

_VERBS = tuple(sorted({*SELF_DRAW_WORDS, *WIN_WORDS, *ROB_KONG_WORDS}, key=len, reverse=True))
"""The verbs a hurried win is spelled out around; 搶槓 (robbing a kong) is said as 食 is
(``阿強搶槓阿明 8番`` → ``阿強 搶槓 阿明 8番``)."""


def _take_name(
    text: str, names: Sequence[str], fits: Callable[[str], bool] | None = None
) -> tuple[str | None, str, bool]:
    """``(name, rest, ambiguous)``: the one table name ``text`` starts with (case-insensitive).

    When several names fit (``阿明`` and ``阿明仔``), the one followed by a space or the end wins;
    else the one whose rest passes ``fits`` (what must come next: a verb, a hand).  Raises
    :class:`AmbiguousName` when several still do; ``ambiguous`` is True when none does.
    """
    folded = text.casefold()
    found = [n for n in names if n and folded.startswith(n.casefold())]
    if len(found) > 1:
        spaced = [n for n in found if len(text) == len(n) or text[len(n)].isspace()]
        if len(spaced) != 1 and fits is not None:
            spaced = [n for n in found if fits(text[len(n) :].lstrip())]
        if len(spaced) > 1:
            raise AmbiguousName(tuple(spaced))
        if not spaced:
            return None, text, True
        found = spaced
    if not found:
        return None, text, False
    name = found[0]
    return name, text[len(name) :].lstrip(), False


class AmbiguousName(Exception):
    """A win message whose name reads as two or more players (``阿一`` / ``阿一二`` before
    ``二三萬…``); ``names`` are the players it could mean."""

    def __init__(self, names: tuple[str, ...]) -> None:
        super().__init__(", ".join(names))
        self.names = names


def _starts_with_verb(text: str) -> bool:
    return _take_verb(text)[0] is not None


def _take_verb(text: str) -> tuple[str | None, str]:
    for verb in _VERBS:
        if text.startswith(verb):
            return verb, text[len(verb) :].lstrip()
    return None, text


def _looks_like_hand(rest: str) -> bool:
    """A count, or text the hand notation reads (so 「自摸 咗 啦」 stays talk)."""
    if read_count(rest) is not None:
        return True
    from taipai.core.notation import tokenize

    try:
        return bool(tokenize(rest))
    except HandError:
        return False


def _spell_leg(part: str, names: Sequence[str], speaker: str | None) -> str | None:
    """One leg (``B食A 12番``, ``食 A 12番``, ``自摸12番`` …) spaced out, or ``None``."""
    winner, rest, ambiguous = _take_name(part.strip(), names, _starts_with_verb_or_deal_in)
    if ambiguous:
        return None
    deal_in = next((w for w in DEAL_IN_WORDS if rest.startswith(w)), None)
    if deal_in is not None:  # 「A出銃B 12番」, 「出銃 B 12番」 (the speaker dealt in)
        discarder = winner or speaker
        taker, rest, ambiguous = _take_name(rest[len(deal_in) :].lstrip(), names, _looks_like_hand)
        if discarder is None or taker is None or ambiguous or not rest:
            return None
        return f"{discarder} {deal_in} {taker} {rest}"
    verb, rest = _take_verb(rest)
    if verb is None:
        return None
    who = winner or speaker
    if who is None:
        return None
    if verb in SELF_DRAW_WORDS:
        if not rest or (winner is None and not _looks_like_hand(without_bao(rest))):
            return None
        return f"{who} {verb} {rest}"
    discarder, rest, ambiguous = _take_name(rest, names, _looks_like_hand)
    if discarder is None or ambiguous or not rest:
        return None
    return f"{who} {verb} {discarder} {rest}"


def spell_out(text: str, names: Sequence[str], speaker: str | None) -> str | None:
    """``text`` as the spaced win message it means, or ``None`` when it is not one.

    ``names`` are the table's players; ``speaker`` is the seated player who said it (``None`` when
    the speaker is not seated), the winner when the message names none::

        自摸 12番          → SPEAKER 自摸 12番
        食 A 12番           → SPEAKER 食 A 12番
        B自摸12番           → B 自摸 12番
        B食A 一二三萬 …     → B 食 A 一二三萬 …
        B搶槓A 8番          → B 搶槓 A 8番
        出銃 B 12番         → SPEAKER 出銃 B 12番
        A出銃B12番          → A 出銃 B 12番

    A name that could be read two ways (one player's name starts another's) is taken only when a
    space, or what must follow it, tells which; otherwise :class:`AmbiguousName` is raised.
    """
    parts = LEG_SPLIT.split(text.strip())
    spelled = [_spell_leg(p, names, speaker) for p in parts if p.strip()]
    if not spelled or any(s is None for s in spelled):
        return None
    if len(spelled) > 1 and any(s.split()[1] in SELF_DRAW_WORDS for s in spelled if s):
        return None
    return "; ".join(s for s in spelled if s)


def count_alone(text: str, names: Sequence[str]) -> str | None:
    """The count of a message that is only a count (``12番``), or a name and a count (``B 12番``):
    the count as typed, else ``None``."""
    raw = text.strip()
    name, rest, _ambiguous = _take_name(raw, names)
    rest = rest if name is not None else raw
    if read_count(rest) is None:
        return None
    return rest


@dataclass(frozen=True, slots=True)
class Missing:
    """A record message that lacks a required part (:func:`missing_part`).

    ``kind``: ``self_draw_count`` (``自摸`` with no count or hand), ``discarder`` (``B 食`` or ``B 食 12番``
    with no discarder), ``win_count`` (``B 食 A`` with no count or hand), ``deal_in_winner`` (``A 出銃
    12番`` with no winner; ``player`` is the discarder), ``fly_tile`` (``B 飛`` with no tile).
    ``player``: the winner or the player who flies; ``other``: the discarder named, if any.
    """

    kind: str
    player: str
    other: str = ""


def missing_part(
    text: str, names: Sequence[str], seats: Sequence[str], speaker: str | None
) -> Missing | None:
    """What a message that clearly tries to record a win or a 飛 lacks, or ``None`` when it is not
    such a message (ordinary talk stays unanswered).

    A message counts as a try only when it is a verb taipai knows and a seated player, and nothing
    else: ``B 自摸`` / ``B自摸`` / ``自摸`` (said by a seated player), ``B 食``, ``B 食 A`` / ``食 A`` (said
    by a seated player), ``B 飛``, ``A 出銃 B`` (A dealt in to B).  ``names`` are the table's players,
    ``seats`` the seat winds that also name them (``南 飛``), ``speaker`` the seated player who said
    it (``None``: not seated).
    ``食`` or ``飛`` said alone, and anything with more words (``自摸 咗 啦``, ``食 飯 先``, ``B 食飯``),
    is talk.
    """
    who, rest, ambiguous = _take_name(text.strip(), (*names, *seats), _starts_with_verb_or_fly)
    if ambiguous:
        return None
    fly = next((w for w in sorted(FLY_WORDS, key=len, reverse=True) if rest.startswith(w)), None)
    if fly is not None:
        return Missing("fly_tile", who) if who is not None and rest == fly else None
    deal_in = next((w for w in DEAL_IN_WORDS if rest.startswith(w)), None)
    if deal_in is not None:  # 「A 出銃 B」: A dealt in to B, the count is missing
        discarder = who or speaker
        winner, rest, ambiguous = _take_name(rest[len(deal_in) :].lstrip(), (*names, *seats))
        if discarder is not None and winner is None and not ambiguous and is_count_text(rest):
            return Missing("deal_in_winner", discarder)  # 「A 出銃 12番」: who won?
        if who is None or winner is None or ambiguous or rest:
            return None
        return Missing("win_count", winner, who)
    verb, rest = _take_verb(rest)
    player = who or speaker
    if verb is None or player is None:
        return None
    if verb in SELF_DRAW_WORDS:
        return Missing("self_draw_count", player) if not rest else None
    if not rest:
        return Missing("discarder", player) if who is not None else None  # 「食」 alone is talk
    other, rest, ambiguous = _take_name(rest, (*names, *seats))
    if other is None and not ambiguous and is_count_text(rest):
        return Missing("discarder", player)  # 「食 12番」: a count but no discarder
    if other is None or ambiguous or rest:
        return None
    return Missing("win_count", player, other)


def _starts_with_verb_or_deal_in(text: str) -> bool:
    return _starts_with_verb(text) or text.startswith(DEAL_IN_WORDS)


def _starts_with_verb_or_fly(text: str) -> bool:
    return _starts_with_verb(text) or text.startswith((*FLY_WORDS, *DEAL_IN_WORDS))
