"""``規則 百搭 窗 四萬`` / ``/rules wild window 4m``: seed 001's wildcard scheme as a table setting
(:mod:`taipai.core.wilds.schemes`), for every game.

The words after 百搭 are one value (the scheme and its turned tile), so they are not read as
``NAME VALUE`` pairs.  A game with wildcards (:attr:`~taipai.core.system.RuleSystem.wildcards`) keeps the
scheme in its settings and words its 規則 row (its :attr:`~taipai.core.chat.ChatVocabulary.rule_row`);
a game without is refused with its name.
"""

from __future__ import annotations

from taipai.bot.i18n import _
from taipai.bot.service import render
from taipai.core.registry import SYSTEMS, system_by_id
from taipai.core.table import RuleChanged, TableError, TableState
from taipai.core.wilds.schemes import WILD_OPTION, WILD_WORDS


def is_wild_word(word: str) -> bool:
    """``百搭`` / ``wild`` (case-blind): the first word of the scheme setting."""
    return word.casefold() in WILD_WORDS


def wild_rule(state: TableState, args: tuple[str, ...]) -> RuleChanged | str:
    """``規則 百搭 窗 四萬``: the :class:`RuleChanged` that sets the table's scheme, or the refusal to
    say (a game without wildcards, a bare ``規則 百搭``, a value the game's settings do not take).

    Args:
        state: the open table.
        args: the words after 規則, the first a :func:`is_wild_word`.
    """
    system = system_by_id(state.system)
    if not system.wildcards:
        return no_wildcards(state)
    word = args[0]
    row = system.chat.rule_row(system.chat.option_name(word), state.options)
    now = render.said(row) if row is not None else ""
    takes = taken(state, word)
    if not takes:
        return _("{game} keeps its own wildcards; it takes no 百搭 scheme.").format(
            game=render.game_name(state.system)
        )
    if len(args) == 1:
        return _("{now}. Set it with 規則 百搭 and one of: {takes}.").format(
            now=now, takes=_(", ").join(takes)
        )
    value = " ".join(args[1:])
    try:
        state.options.with_option(word, value)
    except TableError:
        return bad_scheme(state, value, now, takes)
    return RuleChanged(option=system.chat.option_name(word), value=value)


EXAMPLES = ("帶弟 五萬", "活動 五萬", "窗 四萬", "心皇", "特別", "無")
"""One value of each scheme (scheme words are the same in every language)."""


def taken(state: TableState, word: str) -> list[str]:
    """The :data:`EXAMPLES` the table's game takes (its settings say: 歡樂麻將's 財神 is 帶弟百搭 only)."""
    out = []
    for example in EXAMPLES:
        try:
            state.options.with_option(word, example)
        except TableError:
            continue
        out.append(example)
    return out


def no_wildcards(state: TableState) -> str:
    """``規則 百搭 …`` at a game without wildcards: say so with the game's name and the games that have
    them."""
    games = _(", ").join(render.game_name(s.id) for s in SYSTEMS.values() if s.wildcards)
    return _("{game} plays no wildcards, so it has no 百搭 setting (games with wildcards: {games}).").format(
        game=render.game_name(state.system), games=games
    )


def bad_scheme(state: TableState, value: str, now: str, takes: list[str]) -> str:
    """A scheme value the table's game does not take: what it takes (``takes``), and the setting now."""
    return _("「{value}」 is not a wildcard scheme {game} takes: {takes}. Now: {now}.").format(
        value=render.short(value), game=render.game_name(state.system), takes=_(", ").join(takes), now=now
    )


__all__ = ["EXAMPLES", "WILD_OPTION", "bad_scheme", "is_wild_word", "no_wildcards", "taken", "wild_rule"]
