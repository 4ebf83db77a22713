"""``規則 百搭 窗 四萬`` / ``/rules wild window 4m``: seed 001's wildcard scheme as a table setting
(:mod:`taipai.core.wilds.schemes`), for every game.

The words after 百搭 are one value (the scheme and its turned tile), so they are not read as
``NAME VALUE`` pairs.  A game with wildcards (:attr:`~taipai.core.system.RuleSystem.wildcards`) keeps the
scheme in its settings and words its 規則 row (its :attr:`~taipai.core.chat.ChatVocabulary.rule_row`);
a game without is refused with its name.
"""

from __future__ import annotations

import dataclasses

from taipai.bot.i18n import _, current_locale
from taipai.bot.service import render
from taipai.core.registry import SYSTEMS, system_by_id
from taipai.core.system import RuleSystem
from taipai.core.table import RuleChanged, TableError, TableState
from taipai.core.table.state import TableSettings
from taipai.core.wilds.schemes import BIRD_WORDS, TREASURE_WORDS, WILD_OPTION, WILD_WORDS


def is_wild_word(word: str) -> bool:
    """``百搭`` / ``wild`` (case-blind): the first word of the scheme setting; ``寶牌`` / ``treasure``, the
    first of seed 001's 寶牌 (a setting of the games with wildcards too, read here)."""
    return word.casefold() in WILD_WORDS or is_treasure_word(word) or is_bird_word(word)


def is_bird_word(word: str) -> bool:
    """``扎鳥`` / ``bird`` (case-blind): the first word of the 扎鳥 setting (seed 001)."""
    return word.casefold() in BIRD_WORDS


def is_treasure_word(word: str) -> bool:
    """``寶牌`` / ``宝牌`` / ``treasure`` (case-blind): the first word of the 寶牌 setting."""
    return word.casefold() in TREASURE_WORDS


def wild_rule(state: TableState, args: tuple[str, ...]) -> RuleChanged | str:
    """``規則 百搭 窗 四萬``: the :class:`RuleChanged` that sets the table's scheme, or the refusal to
    say (a game without wildcards, a bare ``規則 百搭``, a value the game's settings do not take).

    Args:
        state: the open table.
        args: the words after 規則, the first a :func:`is_wild_word`.
    """
    system = system_by_id(state.system)
    if not system.wildcards:
        return no_wildcards(state, args[0])
    word = args[0]
    row = system.chat.rule_row(system.chat.option_name(word), state.options)
    now = render.said(row) if row is not None else ""
    takes = taken(state, word)
    if not takes and is_bird_word(word):
        game = render.game_name(state.system)
        return _("{game} takes no 扎鳥 setting; /help lists what this table books.").format(game=game)
    if not takes and is_treasure_word(word):
        game = render.game_name(state.system)
        return _("{game} keeps its own wildcards; it takes no 寶牌.").format(game=game)
    if not takes:
        return _("{game} keeps its own wildcards; it takes no 百搭 scheme.").format(
            game=render.game_name(state.system)
        )
    if len(args) == 1 and is_bird_word(word):
        return _("{now}. Set it with 規則 扎鳥 開 or 規則 扎鳥 關.").format(now=now)
    if len(args) == 1 and is_treasure_word(word):
        return _("{now}. Set it with 規則 寶牌 and the turned tile, e.g. {takes}.").format(
            now=now, takes=_(", ").join(takes)
        )
    if len(args) == 1:
        return _("{now}. Set it with 規則 百搭 and one of: {takes}.").format(
            now=now, takes=_(", ").join(takes)
        )
    value = " ".join(args[1:])
    try:
        state.options.with_option(word, value)
    except TableError:
        return bad_scheme(state, value, now, takes, word)
    return RuleChanged(option=system.chat.option_name(word), value=value)


EXAMPLES = ("帶弟 五萬", "活動 五萬", "窗 四萬", "心皇", "特別", "無")
"""One value of each scheme (scheme words are the same in every language)."""

TREASURE_EXAMPLES = ("四萬", "中", "無")
"""Values of 寶牌: a turned tile, or none."""

BIRD_EXAMPLES = ("開", "關")
"""Values of 扎鳥."""


def taken(state: TableState, word: str) -> list[str]:
    """The :data:`EXAMPLES` (for 寶牌 :data:`TREASURE_EXAMPLES`) the table's game takes (its settings
    say: 歡樂麻將's 財神 is 帶弟百搭 only)."""
    out = []
    examples = EXAMPLES
    if is_bird_word(word) or is_treasure_word(word):
        examples = BIRD_EXAMPLES if is_bird_word(word) else TREASURE_EXAMPLES
    for example in examples:
        try:
            state.options.with_option(word, example)
        except TableError:
            continue
        out.append(example)
    return out


def takers(word: str) -> list[RuleSystem]:
    """The registered games whose settings take ``word`` (百搭, 寶牌 or 扎鳥), in registry order: each
    ``SYSTEM``'s default settings are asked to take one of the word's examples (河源百搭 keeps its own
    wildcards and takes no scheme)."""
    examples = EXAMPLES
    if is_bird_word(word) or is_treasure_word(word):
        examples = BIRD_EXAMPLES if is_bird_word(word) else TREASURE_EXAMPLES
    out = []
    for system in SYSTEMS.values():
        options = system.table.default_options()
        for example in examples:
            try:
                options.with_option(word, example)
            except TableError:
                continue
            out.append(system)
            break
    return out


def no_wildcards(state: TableState, word: str = "百搭") -> str:
    """``規則 百搭 …`` (or ``規則 寶牌 …``, ``word``) at a game without wildcards: say so with the game's
    name and the games that have them."""
    games = _(", ").join(render.game_name(s.id) for s in takers(word))
    if is_bird_word(word):
        text = _("{game} plays no wildcards, so it has no 扎鳥 setting (games with wildcards: {games}).")
        return text.format(game=render.game_name(state.system), games=games)
    if is_treasure_word(word):
        text = _("{game} plays no wildcards, so it has no 寶牌 setting (games with wildcards: {games}).")
        return text.format(game=render.game_name(state.system), games=games)
    return _("{game} plays no wildcards, so it has no 百搭 setting (games with wildcards: {games}).").format(
        game=render.game_name(state.system), games=games
    )


def bad_scheme(state: TableState, value: str, now: str, takes: list[str], word: str = "百搭") -> str:
    """A scheme value (or a 寶牌 value, ``word``) the table's game does not take: what it takes
    (``takes``), and the setting now."""
    if is_bird_word(word):
        return _("「{value}」 is not a value of 扎鳥: {takes}. Now: {now}.").format(
            value=render.short(value), takes=_(", ").join(takes), now=now
        )
    if is_treasure_word(word):
        return _("「{value}」 is not a tile for 寶牌: {takes}. Now: {now}.").format(
            value=render.short(value), takes=_(", ").join(takes), now=now
        )
    refusal = _("「{value}」 is not a wildcard scheme {game} takes: {takes}. Now: {now}.").format(
        value=render.short(value), game=render.game_name(state.system), takes=_(", ").join(takes), now=now
    )
    why = system_by_id(state.system).chat.accepts(word, state.options) if len(takes) < len(EXAMPLES) else None
    if why is None:
        return refusal
    return ("" if current_locale().startswith("zh") else " ").join((refusal, render.said(why)))


__all__ = [
    "BIRD_EXAMPLES",
    "EXAMPLES",
    "TREASURE_EXAMPLES",
    "WILD_OPTION",
    "bad_scheme",
    "is_bird_word",
    "is_treasure_word",
    "is_wild_word",
    "no_wildcards",
    "open_with",
    "taken",
    "wild_rule",
]


def open_with(
    state: TableState, settings: tuple[tuple[str, str], ...]
) -> tuple[TableSettings, list[str]] | str:
    """``開枱 A B C D 百搭 窗 四萬 寶牌 四萬``: the settings of the table just opened (``state``) with each
    setting said at 開枱 applied in order, as ``規則`` would set it (:func:`wild_rule`), and the rows that
    say them (``百搭 = 窗百搭 四萬: …``); or the refusal of the first one the game does not take (a game
    without wildcards, or one that keeps its own, with its name).  The opening is one event: nothing is
    booked by halves.

    Args:
        state: the table as the plain 開枱 would open it.
        settings: ``(word, value)`` pairs (:attr:`~.parse.OpenTable.settings`).
    """
    chat = system_by_id(state.system).chat
    rows: list[str] = []
    for word, value in settings:
        ruled = wild_rule(state, (word, *value.split()))
        if isinstance(ruled, str):
            return ruled
        state = dataclasses.replace(state, options=state.options.with_option(ruled.option, ruled.value))
        row = chat.rule_row(ruled.option, state.options)
        if row is not None:
            rows.append(render.said(row))
    return state.options, rows
