"""河源百搭's chat vocabulary: 雞平和's (:mod:`taipai.systems.guangdong.chat`) with the pattern set's 規則
row (``規則 玩法 正百搭``) and a /help line for 保."""

from __future__ import annotations

import dataclasses

from taipai.core.chat import N_, ChatVocabulary, Said
from taipai.core.errors import HandError
from taipai.core.table.state import TableSettings
from taipai.systems.guangdong.chat import CHAT as GUANGDONG_CHAT
from taipai.systems.heyuan.options import OPTION_WORDS, HeyuanOptions
from taipai.systems.heyuan.waiting import find_heyuan_waits

_PATTERN_ROWS = {
    "chicken": N_("玩法 = 雞胡百搭 (雞平和's whole table; 保 are the eight flowers)"),
    "proper": N_("玩法 = 正百搭 (only 混一色, 碰碰和, 清一色, 大哥, 幺九 and 十三幺 win)"),
}


def rule_row(option: str, options: TableSettings) -> Said | None:
    """The 規則 row of ``option``: the pattern set's, else 雞平和's."""
    if OPTION_WORDS.get(option, option) == "patterns":
        return Said(_PATTERN_ROWS[options.patterns]) if isinstance(options, HeyuanOptions) else None
    return GUANGDONG_CHAT.rule_row(option, options)


def rows(options: TableSettings) -> tuple[Said, ...]:
    """規則's rows: 雞平和's, then the pattern set."""
    found = rule_row("patterns", options)
    return (*GUANGDONG_CHAT.rows(options), *((found,) if found is not None else ()))


def accepts(option: str, options: TableSettings) -> Said | None:
    """What ``option`` takes: the pattern set's choices, else 雞平和's."""
    if OPTION_WORDS.get(option, option) == "patterns":
        return Said(N_("{name} takes one of: {values}"), (("name", "玩法"), ("values", "雞胡百搭、正百搭")))
    return GUANGDONG_CHAT.accepts(option, options)


def hand_error(err: HandError) -> tuple[Said, ...]:
    """正百搭's refusal in words (:func:`~taipai.systems.heyuan.scoring.proper_refusal`): a hand that is
    four sets and a pair but none of its patterns, or a bare count below its least; ``()`` for any other
    error (the bot's reply)."""
    reason = err.hint_args.get("reason") if err.code == "not_a_win" else None
    if reason == "proper":
        return (
            Said(
                N_(
                    "At 正百搭 a hand wins only with 混一色, 碰碰和, 清一色, 大哥 (清碰), 幺九 or 十三幺: "
                    "these tiles make their sets and eyes, but none of those (規則 玩法 雞胡百搭 plays every "
                    "hand)."
                )
            ),
        )
    if reason == "proper_wild":
        return (
            Said(
                N_(
                    "At 正百搭 a hand wins only with 混一色, 碰碰和, 清一色, 大哥 (清碰), 幺九 or 十三幺, "
                    "and these tiles with their 保 make none of them."
                )
            ),
        )
    if reason == "proper_count":
        args = (("count", f"{err.hint_args.get('count')}番"), ("least", f"{err.hint_args.get('least')}番"))
        return (
            Said(
                N_(
                    "{count} is below 正百搭's least hand ({least}: 混一色 or 碰碰和): it wins only with "
                    "混一色, 碰碰和, 清一色, 大哥 (清碰), 幺九 or 十三幺; nothing was booked."
                ),
                args,
            ),
        )
    return ()


CHAT: ChatVocabulary = dataclasses.replace(
    GUANGDONG_CHAT,
    help=(
        *GUANGDONG_CHAT.help,
        N_(
            "保: the eight flowers (春 … 竹, or 保) are wild in the hand; 飛牌 (a lone 保 as the eyes) ×2, "
            "保釣保 ×4"
        ),
    ),
    option_words=OPTION_WORDS,
    rows=rows,
    rule_row=rule_row,
    accepts=accepts,
    value_words={**GUANGDONG_CHAT.value_words, "patterns": {"chicken": "雞胡百搭", "proper": "正百搭"}},
    find_waits=find_heyuan_waits,
    any_wait_word="飛牌",
    hand_error=hand_error,
)
"""The ``heyuan`` system's :attr:`~taipai.core.system.RuleSystem.chat`."""
