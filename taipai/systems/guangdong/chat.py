"""雞平和's chat vocabulary (:class:`~taipai.core.chat.ChatVocabulary`; seed 001).

What a 雞平和 table books from the chat (wins, 搶槓, 一炮多響, 流局, 詐和, 包 with the player named), its
/help lines, the words of its settings (``規則 爆和 5``, ``規則 銃 半銃``), the 規則 rows and the parts of a
包, 搶槓 and 半銃 payment line.  Labels are English message ids (translated by the bot).
"""

from __future__ import annotations

from fractions import Fraction

from taipai.core.chat import N_, ChatVocabulary, Said, SettingRows, flag_accepts, money_accepts, shown
from taipai.core.table.events import Event, SelfDraw, WinByDiscard
from taipai.core.table.state import TableSettings, TableState
from taipai.systems.guangdong.bao import bao_refusal
from taipai.systems.guangdong.ledger import leg_fan, value_of
from taipai.systems.guangdong.options import MAX_FAN_SETTING, OPTION_WORDS, GuangdongOptions

_ROWS: dict[str, str] = {
    "base": N_("底 = {value}"),
    "cap": N_("爆和 = {value}番 (雞和, 平和, 碰碰和, 混一色 with 自摸, 門風, 圈風, 箭刻 reach at most this)"),
    "floor": N_("保底 = {value}番 (一炮三響, 槓上開花, 海底撈月 and 搶槓 pay at least this)"),
}
_CHOICE_ROWS: dict[tuple[str, object], str] = {
    ("discard", "discarder"): N_("銃 = 出銃者俾 (the discarder alone pays 2^番 × 底)"),
    ("discard", "half"): N_(
        "銃 = 半銃 (the discarder pays one portion, each of the two others half a portion)"
    ),
    ("multi_win", True): N_("一炮多響 = 開 (several players may win on one discard)"),
    ("multi_win", False): N_("一炮多響 = 關 (下家先糊: only the first claimant after the discarder wins)"),
    ("draw_keeps_deal", True): N_("流局連莊 = 開 (a draw keeps the dealer)"),
    ("draw_keeps_deal", False): N_("流局連莊 = 關 (the deal passes on a draw)"),
}
_ORDER = ("base", "cap", "floor", "discard", "multi_win", "draw_keeps_deal")
_NAMES = {
    "base": "底",
    "cap": "爆和",
    "floor": "保底",
    "discard": "銃",
    "multi_win": "一炮多響",
    "draw_keeps_deal": "流局連莊",
}
_SHOWN_VALUES: dict[str, dict[str, str]] = {"discard": {"discarder": "出銃者俾", "half": "半銃"}}
"""Per choice setting, each value's word as the chat shows it."""


_SETTING_ROWS = SettingRows(
    settings=GuangdongOptions, order=_ORDER, words=OPTION_WORDS, rows=_ROWS, choice_rows=_CHOICE_ROWS
)
rule_row = _SETTING_ROWS.row
"""The 規則 row of an option (a name or a word of :data:`OPTION_WORDS`) with its value in the table's
settings; ``None`` for a name this game does not have."""


rows = _SETTING_ROWS.all
"""規則's rows: every setting of the table, money first."""


def accepts(option: str, options: TableSettings) -> Said | None:
    """What ``option`` takes, as a bad value's refusal lists it; ``None`` for a name this game does not
    have."""
    name = OPTION_WORDS.get(option, option)
    if name not in _NAMES or not isinstance(options, GuangdongOptions):
        return None
    label = (("name", _NAMES[name]),)
    if name == "base":
        return money_accepts(_NAMES[name])
    if name in ("cap", "floor"):
        return Said(
            N_("{name} takes a whole number of 番 from 0 to {limit}"),
            (*label, ("limit", str(MAX_FAN_SETTING))),
        )
    if name in _SHOWN_VALUES:
        values = "、".join(_SHOWN_VALUES[name].values())
        return Said(N_("{name} takes one of: {values}"), (*label, ("values", values)))
    return flag_accepts(_NAMES[name])


def _floored(word: str, opts: GuangdongOptions) -> Said:
    """The part that says a leg under the floor was paid at it (「不满3番牌型，按照3番满计算」)."""
    return Said(
        N_("{word}: a hand under {floor}番 is paid as {floor}番"),
        (("word", word), ("floor", str(opts.floor))),
    )


def leg_parts(before: TableState, event: Event, payer: str, payee: str) -> tuple[Said, ...]:
    """Why ``payer`` pays ``payee`` what they do, when the line alone does not show it: 包 (the player
    named pays the three shares of the self-draw), 搶槓 (the robbed player pays the three shares:
    「抢杠和等同杠开，当自摸被抢杠者包三家牌」), a floor that lifted a bare count (一炮三響, 搶槓, 槓上開花),
    and 半銃's halves."""
    opts = before.options
    if not isinstance(opts, GuangdongOptions):
        return ()
    if isinstance(event, SelfDraw):
        if event.winner != payee:
            return ()
        fan = leg_fan(event.fan, 1, opts, floored=event.exposed_kong)
        if event.kong_discarder is None:  # each pays: a bare 槓上 count lifted to the floor
            return (_floored("槓上開花", opts),) if fan != event.fan else ()
        if event.kong_discarder != payer:
            return ()
        bao = Said(
            N_("包自摸: {payer} pays all three shares, {each} each"),
            (("payer", payer), ("each", shown(value_of(fan, opts)))),
        )
        return (_floored("槓上開花", opts), bao) if fan != event.fan else (bao,)
    if not isinstance(event, WinByDiscard):
        return ()
    leg = next((x for x in event.legs if x.winner == payee), None)
    if leg is None:
        return ()
    fan = leg_fan(leg.fan, len(event.legs), opts, floored=leg.robbed_kong)
    parts: list[Said] = []
    if fan != leg.fan:
        parts.append(_floored("搶槓" if leg.robbed_kong else "一炮三響", opts))
    one = value_of(fan, opts)
    if leg.robbed_kong:
        parts.append(
            Said(
                N_("搶槓: {payer} pays all three shares, {each} each (搶槓和等同槓開)"),
                (("payer", payer), ("each", shown(one))),
            )
        )
    elif opts.discard == "half":
        if payer != event.discarder:
            parts.append(
                Said(
                    N_("半銃: half a portion from a player who did not discard; the portion is {portion}"),
                    (("portion", shown(one)),),
                )
            )
        elif co_winners := [x.winner for x in event.legs if x.winner != payee]:  # 一炮多響: their halves too
            parts.append(  # 廣東牌's words for the same payment
                Said(
                    N_(
                        "半銃: the discarder's portion {portion} and the half of {others} ({half} each), "
                        "who won on this tile too"
                    ),
                    (
                        ("portion", shown(one)),
                        ("half", shown(Fraction(one) / 2)),
                        ("others", "、".join(co_winners)),
                    ),
                )
            )
        else:
            parts.append(Said(N_("半銃: the discarder pays one portion"), ()))
    return tuple(parts)


CHAT = ChatVocabulary(
    books=frozenset({"win", "self_draw", "rob_kong", "multi_win", "draw", "false_win", "bao"}),
    cap_word="爆和",
    example_count=3,
    count_units=("番", "fan"),
    help=(
        N_(
            "B 自摸 {count} 十二張 A包  /selfdraw B {n} 十二張 A包: 包自摸; A pays the whole self-draw "
            "(a count says its 包: 十二張, 大四喜, 大三元 or 槓上; a hand shows it)"
        ),
        N_("B 詐和  /falsewin B: false win; B pays each other player a 爆和 self-draw"),
    ),
    notes=(
        N_(
            "A count is the hand's {unit} after 爆和 and the floors (規則); a win is worth 2^{unit} × 底: "
            "the discarder pays it, or on a self-draw each of the three. 包 (十二張落地, 大四喜, 大三元, "
            "槓上開花包槓): the player named pays all three shares; on 搶槓 the robbed player does."
        ),
    ),
    option_words=OPTION_WORDS,
    rows=rows,
    rule_row=rule_row,
    leg_parts=leg_parts,
    accepts=accepts,
    value_words=_SHOWN_VALUES,
    bao_refusal=bao_refusal,
)
"""The ``guangdong`` system's :attr:`~taipai.core.system.RuleSystem.chat`."""
