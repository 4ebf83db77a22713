"""國標 (MCR)'s chat vocabulary (:class:`~taipai.core.chat.ChatVocabulary`).

What an MCR table books from the chat (wins, 搶槓和, 流局, 詐和; no 包, no 拉/踢, no prizes), its /help
lines, the words of its settings (``規則 起和 8``, ``規則 明暗槓 開``) and the 規則 rows.  Labels are
English message ids (translated by the bot).
"""

from __future__ import annotations

from taipai.core.chat import N_, ChatVocabulary, Said, SettingRows, flag_accepts, money_accepts
from taipai.core.table.state import TableSettings
from taipai.systems.mcr.options import MAX_MINIMUM, OPTION_WORDS, McrOptions

_ROWS: dict[str, str] = {
    "base": N_("底 = {value} (the money of one point: 8 basic points and each 番)"),
    "minimum": N_("起和 = {value}番 (the least a win needs, flowers not counted)"),
}
_CHOICE_ROWS: dict[tuple[str, object], str] = {
    ("flowers", True): N_("花 = 開 (the table plays the eight flowers)"),
    ("flowers", False): N_("花 = 關 (no flowers)"),
    ("mixed_kongs", True): N_("明暗槓 = 開 (one 暗槓 and one 明槓 are 5番 together)"),
    ("mixed_kongs", False): N_("明暗槓 = 關 (暗槓 2番 and 明槓 1番, each on its own)"),
    ("multi_win", True): N_("一炮多響 = 開 (several players may win on one discard)"),
    ("multi_win", False): N_("一炮多響 = 關 (截和: only the first claimant after the discarder wins)"),
    ("dealer_stays", True): N_("連莊 = 開 (a dealer win or a draw keeps the deal)"),
    ("dealer_stays", False): N_("連莊 = 關 (the deal passes after every hand)"),
}
_ORDER = ("base", "minimum", "flowers", "mixed_kongs", "multi_win", "dealer_stays")
_NAMES = {"base": "底", "minimum": "起和", "flowers": "花", "mixed_kongs": "明暗槓", "multi_win": "一炮多響",
          "dealer_stays": "連莊"}


_SETTING_ROWS = SettingRows(
    settings=McrOptions, order=_ORDER, words=OPTION_WORDS, rows=_ROWS, choice_rows=_CHOICE_ROWS
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
    if name not in _NAMES or not isinstance(options, McrOptions):
        return None
    label = (("name", _NAMES[name]),)
    if name == "base":
        return money_accepts(_NAMES[name])
    if name == "minimum":
        limit = ("limit", str(MAX_MINIMUM))
        return Said(N_("{name} takes a whole number of 番 from 0 to {limit}"), (*label, limit))
    return flag_accepts(_NAMES[name])


CHAT = ChatVocabulary(
    books=frozenset({"win", "self_draw", "rob_kong", "multi_win", "draw", "false_win"}),
    example_count=8,
    count_units=("番", "fan"),
    false_win_word="詐和",
    help=(N_("B 詐和  /falsewin B: false win; B pays each other player 30 points"),),
    notes=(
        N_(
            "A count is the hand's {unit} with its flowers; a win needs 8{unit} before flowers (規則 起和). "
            "The discarder pays 8 + the {unit}, each other player 8; on a self-draw each pays 8 + the {unit}."
        ),
    ),
    option_words=OPTION_WORDS,
    rows=rows,
    rule_row=rule_row,
    accepts=accepts,
)
"""The ``mcr`` system's :attr:`~taipai.core.system.RuleSystem.chat`."""
