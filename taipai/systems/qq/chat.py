"""QQ 歡樂麻將's chat vocabulary (:class:`~taipai.core.chat.ChatVocabulary`; seed 002 「計分規則」,
「名詞解釋」).

What a QQ table books from the chat (wins, self-draws, 一炮多響, 搶槓, 流局, 詐胡; no 包, no 拉, no cash
prizes), its own command 鳥 (``鳥 三萬`` / ``/bird 三萬``, right after the win it belongs to), the words of
its settings (``規則 場 8番場``, ``規則 系數 200``, ``規則 財神 六萬``) and the 規則 rows.  Labels are English
message ids (translated by the bot).
"""

from __future__ import annotations

from functools import partial

from taipai.core.chat import N_, ChatVocabulary, Said, flag_accepts, money_accepts, setting_row
from taipai.core.table.state import TableSettings
from taipai.core.tiles import name_zh
from taipai.core.wilds.birdchat import bird_command, bird_lines
from taipai.core.wilds.schemes import TREASURE_OPTION, WILD_WORDS
from taipai.core.wilds.treasurechat import treasure_accepts, treasure_said
from taipai.systems.qq.caishen import caishen_of
from taipai.systems.qq.money import ROOM_NAMES, Room
from taipai.systems.qq.options import MAX_FAN, OPTION_WORDS, QQTableOptions
from taipai.systems.qq.tilewords import tile_of

_ROWS: dict[str, str] = {
    "coefficient": N_("系數 = {value} (N: money per point of the game base X)"),
    "false_win_fan": N_("詐胡 = {value}番 (the false winner pays each of the three a hand of {value}番)"),
}
_CHOICE_ROWS: dict[tuple[str, object], str] = {
    ("room", Room.OPEN): N_("場 = 大眾場 (X = 番 × 中鳥 × 莊家)"),
    ("room", Room.EIGHT): N_("場 = 8番場 (X = (番 + 8) × 中鳥 × 莊家)"),
    ("room", Room.FLAT): N_("場 = 無番場 (X = 10 × 中鳥 × 莊家)"),
    ("indicator", None): N_("財神 = each hand says it (財神 六萬)"),
    ("draw_keeps_dealer", True): N_("流局連莊 = 開 (a draw keeps the dealer)"),
    ("draw_keeps_dealer", False): N_("流局連莊 = 關 (the deal passes on a draw)"),
}
_ORDER = ("room", "coefficient", "indicator", "treasure", "false_win_fan", "draw_keeps_dealer")


def rule_row(option: str, options: TableSettings) -> Said | None:
    """The 規則 row of ``option`` (a name or a word of :data:`OPTION_WORDS`) with the value it has in
    ``options``; ``None`` for a name this game does not have."""
    name = OPTION_WORDS.get(option, option)
    if name == "indicator" and isinstance(options, QQTableOptions) and options.indicator is not None:
        turned = options.indicator
        shown_tiles = (("tile", name_zh(caishen_of(turned))), ("turned", name_zh(turned)))
        return Said(N_("財神 = {tile} for every hand (the turned tile {turned})"), shown_tiles)
    if name == TREASURE_OPTION and isinstance(options, QQTableOptions):
        return treasure_said(options.treasure)
    return setting_row(
        option,
        options,
        settings=QQTableOptions,
        order=_ORDER,
        words=OPTION_WORDS,
        rows=_ROWS,
        choice_rows=_CHOICE_ROWS,
    )


def rows(options: TableSettings) -> tuple[Said, ...]:
    """規則's rows: every setting of the table, in the order of seed 002 「計分規則」 (room, N) then ours;
    寶牌 (seed 001) only when the table plays it."""
    shown = [n for n in _ORDER if n != TREASURE_OPTION or getattr(options, TREASURE_OPTION, None) is not None]
    return tuple(r for r in (rule_row(name, options) for name in shown) if r is not None)


def accepts(option: str, options: TableSettings) -> Said | None:
    """What ``option`` (a name or a word of :data:`OPTION_WORDS`) takes, as a bad value's refusal lists
    it; ``None`` for a name this game does not have."""
    if option.casefold() in WILD_WORDS:  # 規則 百搭 窗 四萬 refused: say why only 帶弟 is this game's
        return Said(
            N_(
                "Only 帶弟百搭 is this game's 財神: its 財神 search reads every wild tile as a copy of one "
                "kind that may be any tile; 窗百搭 makes five kinds wild, 活動百搭 reads a 白板 as a natural "
                "turned tile, 心皇 is an imagined tile outside the 13, and 特別百搭's jokers each have their "
                "own range."
            )
        )
    name = OPTION_WORDS.get(option, option)
    if name == "room":
        words = "、".join(ROOM_NAMES.values())
        return Said(N_("{name} takes one of: {values}"), (("name", "場"), ("values", words)))
    if name == "coefficient":
        return money_accepts("系數")
    if name == "indicator":
        return Said(N_("{name} takes a tile (六萬, 中 …) or 無"), (("name", "財神"),))
    if name == TREASURE_OPTION:
        return treasure_accepts()
    if name == "false_win_fan":
        return Said(
            N_("{name} takes a whole number of 番 from 0 to {limit}"),
            (("name", "詐胡"), ("limit", str(MAX_FAN))),
        )
    if name == "draw_keeps_dealer":
        return flag_accepts("流局連莊")
    return None


CHAT = ChatVocabulary(
    books=frozenset({"win", "self_draw", "rob_kong", "multi_win", "draw", "false_win", "bird"}),
    example_count=8,
    count_units=("番",),
    false_win_word="詐胡",
    help=(
        N_("B 食 A {count}; C 食 A {count}: several winners on one discard (一炮多響)"),
        N_("B 詐糊  /falsewin B: false win; B pays what the table's rules say (規則)"),
        N_("鳥 三萬  /bird 三萬: the 鳥 tile, right after the win; each leg it doubles is paid once more"),
        N_(
            "規則 百搭 帶弟 五萬  /rules wild next 5m: the turned tile, the same as 規則 財神 六萬 (the 財神 "
            "is the tile after it, 帶弟百搭); a hand may say 百搭 五萬"
        ),
        N_(
            "規則 寶牌 四萬  /rules treasure 4m: 寶牌, the turned tile (四萬: 寶牌 五萬); +1番 for each 五萬 "
            "the winner holds; a hand may say its own: 寶牌 四萬"
        ),
    ),
    commands={"bird": partial(bird_command, read=tile_of)},
    notes=(
        N_(
            "A hand names its 財神 (財神 六萬) unless the table set one (規則 財神 六萬); write each 財神 as "
            "the tile itself. A count is the hand's {unit}; a count is at most {limit}."
        ),
    ),
    option_words=OPTION_WORDS,
    rows=rows,
    rule_row=rule_row,
    own_lines=bird_lines,
    accepts=accepts,
    value_words={"room": {room.value: name for room, name in ROOM_NAMES.items()}},
)
"""The ``qq`` system's :attr:`~taipai.core.system.RuleSystem.chat`."""
