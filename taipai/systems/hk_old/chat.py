"""廣東牌's chat vocabulary (:class:`~taipai.core.chat.ChatVocabulary`; seed 003 「不同處」).

What a 廣東牌 table books from the chat (no 拉/踢, no cash prizes, no 花胡 events; 包自摸 with the player
named), its /help lines, the words of its settings (``規則 起糊 5``, ``規則 銃 半銃``), the 規則 rows
(each multiplier with the 底 of each 翻) and the parts of a 全銃, 半銃 and 包自摸 payment line.  Labels
are English message ids (translated by the bot).
"""

from __future__ import annotations

from fractions import Fraction

from taipai.core.chat import N_, ChatVocabulary, Said, SettingRows, flag_accepts, money_accepts, shown
from taipai.core.table.amounts import norm
from taipai.core.table.events import Event, SelfDraw, WinByDiscard
from taipai.core.table.state import TableSettings, TableState
from taipai.systems.hk_old.ledger import portion, self_draw_portion
from taipai.systems.hk_old.options import (
    MAX_LIMIT,
    OPTION_WORDS,
    PURE_ONE_SUIT_VALUES,
    VALUE_WORDS,
    HkOldOptions,
)

_ROWS: dict[str, str] = {
    "base": N_("底 = {value}"),
    "minimum": N_("起糊 = {value}翻 (the least a win needs)"),
    "maximum": N_("最大 = {value}翻 (the most a hand is paid; a 例牌 is worth it)"),
    "pure_one_suit": N_("清一色 = {value}翻"),
}
_CHOICE_ROWS: dict[tuple[str, object], str] = {
    ("flowers", True): N_("花 = 開 (the table plays the eight flowers)"),
    ("flowers", False): N_("花 = 關 (no flowers)"),
    ("multiplier", "doubling"): N_(
        "計法 = 倍倍 (a portion in 底: 0翻 1, 1翻 1, 2翻 2, 3翻 4, 4翻 8 … 10翻 512; 底 × 2^(翻−1))"
    ),
    ("multiplier", "half_spicy"): N_(
        "計法 = 半辣上 (a portion in 底: 0翻 1, 1翻 2, 2翻 4, 3翻 8, 4翻 16, 5翻 24, "
        "6翻 32, 7翻 48, 8翻 64 …)"
    ),
    ("multiplier", "spicy"): N_(
        "計法 = 辣辣上 (a portion in 底: 0翻 1, 1翻 2, 2翻 4, 3翻 8 … 10翻 1024; 底 × 2^翻)"
    ),
    ("discard", "full"): N_(
        "銃 = 全銃 (the discarder pays for all: his portion and the two others' halves, 2 portions)"
    ),
    ("discard", "half"): N_(
        "銃 = 半銃 (the discarder pays one portion, each of the two others half a portion)"
    ),
    ("discard", "taiwan"): N_("銃 = 依台灣例 (the discarder alone pays one portion)"),
    ("self_draw", "single"): N_("自摸 = 一份 (each of the three pays one portion)"),
    ("self_draw", "double"): N_("自摸 = 兩份 (each of the three pays two portions)"),
    ("self_draw", "half"): N_("自摸 = 半份 (each of the three pays half a portion)"),
    ("multi_win", True): N_("一炮多響 = 開 (several players may win on one discard)"),
    ("multi_win", False): N_("一炮多響 = 關 (下家先糊: only the first claimant after the discarder wins)"),
    ("draw_keeps_deal", True): N_("流局連莊 = 開 (a draw keeps the dealer)"),
    ("draw_keeps_deal", False): N_("流局連莊 = 關 (the deal passes on a draw)"),
}
_ORDER = (
    "base",
    "minimum",
    "maximum",
    "multiplier",
    "discard",
    "self_draw",
    "flowers",
    "pure_one_suit",
    "multi_win",
    "draw_keeps_deal",
)


_SETTING_ROWS = SettingRows(
    settings=HkOldOptions, order=_ORDER, words=OPTION_WORDS, rows=_ROWS, choice_rows=_CHOICE_ROWS
)
rule_row = _SETTING_ROWS.row
"""The 規則 row of an option (a name or a word of :data:`OPTION_WORDS`) with its value in the table's
settings; ``None`` for a name this game does not have."""


_NAMES: dict[str, str] = {
    "base": "底",
    "minimum": "起糊",
    "maximum": "最大",
    "pure_one_suit": "清一色",
    "multiplier": "計法",
    "discard": "銃",
    "self_draw": "自摸",
    "flowers": "花",
    "multi_win": "一炮多響",
    "draw_keeps_deal": "流局連莊",
}
_SHOWN_VALUES: dict[str, dict[str, str]] = {
    name: {value: next(w for w, v in words.items() if v == value) for value in dict.fromkeys(words.values())}
    for name, words in VALUE_WORDS.items()
}
"""Per choice setting, each value's word as the chat shows it (the first word of :data:`VALUE_WORDS`:
``doubling`` → ``倍倍``, ``full`` → ``全銃``)."""


def accepts(option: str, options: TableSettings) -> Said | None:
    """What ``option`` (a name or a word of :data:`OPTION_WORDS`) takes at a table with ``options``
    (起糊 at most 最大, 最大 at least 起糊 and 1), as a bad value's refusal lists it; ``None`` for a
    name this game does not have."""
    name = OPTION_WORDS.get(option, option)
    if name not in _NAMES or not isinstance(options, HkOldOptions):
        return None
    label = (("name", _NAMES[name]),)
    if name == "base":
        return money_accepts(_NAMES[name])
    if name == "minimum":
        return Said(
            N_("{name} takes a whole number of 翻 from 0 to 最大 ({maximum}翻)"),
            (*label, ("maximum", str(options.maximum))),
        )
    if name == "maximum":
        return Said(
            N_("{name} takes a whole number of 翻 from 起糊 ({minimum}翻, and at least 1) to {limit}"),
            (*label, ("minimum", str(options.minimum)), ("limit", str(MAX_LIMIT))),
        )
    if name == "pure_one_suit":
        values = "、".join(f"{v}翻" for v in PURE_ONE_SUIT_VALUES)
        return Said(N_("{name} takes one of: {values}"), (*label, ("values", values)))
    if name in _SHOWN_VALUES:
        values = "、".join(_SHOWN_VALUES[name].values())
        return Said(N_("{name} takes one of: {values}"), (*label, ("values", values)))
    return flag_accepts(_NAMES[name])


rows = _SETTING_ROWS.all
"""規則's rows: every setting of the table (money first, then the hand's limits and flowers)."""


def discard_parts(before: TableState, event: WinByDiscard, payer: str, payee: str) -> tuple[Said, ...]:
    """What ``payer`` pays ``payee``'s win on a discard is made of, under 全銃 and 半銃 (seed 003 「香港一般
    放炮也要給, 但沒放炮的也要給一半」; ledger :func:`~taipai.systems.hk_old.ledger.discard_shares`):

    - 全銃: the discarder pays for all, his portion and the two others' halves (``portion``, ``half``).
    - 半銃: the discarder pays his portion, plus the half of each other winner on the same discard
      (一炮多響, ``others``); each player who did not discard pays half a portion.
    - 依台灣例: ``()``, the line is the portion.
    """
    opts = before.options
    leg = next((x for x in event.legs if x.winner == payee), None)
    if leg is None or not isinstance(opts, HkOldOptions) or opts.discard == "taiwan":
        return ()
    one = portion(opts.limit_value(leg.fan), opts)
    each, half = shown(one), shown(norm(Fraction(one) / 2))
    if opts.discard == "full":
        return (
            Said(
                N_("全銃: the discarder pays for all, his portion {portion} and two halves of {half}"),
                (("portion", each), ("half", half)),
            ),
        )
    if payer != event.discarder:
        return (
            Said(
                N_("半銃: half a portion from a player who did not discard; the portion is {portion}"),
                (("portion", each),),
            ),
        )
    winners = [x.winner for x in event.legs if x.winner != payee]
    if winners:
        return (
            Said(
                N_(
                    "半銃: the discarder's portion {portion} and the half of {others} ({half} each), "
                    "who won on this tile too"
                ),
                (("portion", each), ("half", half), ("others", "、".join(winners))),
            ),
        )
    return (Said(N_("半銃: the discarder pays one portion"), ()),)


def leg_parts(before: TableState, event: Event, payer: str, payee: str) -> tuple[Said, ...]:
    """Why ``payer`` pays ``payee`` what they do, when the line alone does not show it: on a discard,
    :func:`discard_parts` (全銃, 半銃); 包自摸, the player named pays the three shares of the self-draw
    (ledger ``bao``)."""
    opts = before.options
    if isinstance(event, WinByDiscard):
        return discard_parts(before, event, payer, payee)
    if not (isinstance(event, SelfDraw) and isinstance(opts, HkOldOptions)):
        return ()
    if event.kong_discarder != payer or event.winner != payee:
        return ()
    each = self_draw_portion(opts.limit_value(event.fan), opts)
    return (
        Said(
            N_("包自摸: {payer} pays all three shares, {each} each"),
            (("payer", payer), ("each", shown(each))),
        ),
    )


CHAT = ChatVocabulary(
    books=frozenset({"win", "self_draw", "rob_kong", "multi_win", "draw", "false_win", "bao"}),
    example_count=3,
    count_units=("翻", "番", "台", "fan"),  # 翻; 番 is its other spelling and seed 003 writes 台 for 翻
    help=(
        N_("B 自摸 {count} A包  /selfdraw B {n} A包: 包自摸; A pays the whole self-draw"),
        N_("B 詐糊  /falsewin B: false win; B pays each player the most a self-draw can pay"),
    ),
    notes=(
        N_(
            "A count is the hand's {unit} as the table books it; a count above this table's 最大 "
            "({limit}{unit}, 規則) is paid as 最大."
        ),
    ),
    option_words=OPTION_WORDS,
    rows=rows,
    rule_row=rule_row,
    leg_parts=leg_parts,
    accepts=accepts,
    value_words=_SHOWN_VALUES,
)
"""The ``hk-old`` system's :attr:`~taipai.core.system.RuleSystem.chat`."""
