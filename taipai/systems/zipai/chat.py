"""字牌's chat vocabulary (:class:`~taipai.core.chat.ChatVocabulary`) and its hand-error replies.

What a 字牌 table books from the chat (a win on another player's card, a self-draw, 荒莊, 詐糊; no 包,
no 拉, no prizes), its /help notes, the words of its settings (``規則 起胡 15``), the 規則 rows, and the
replies to a hand message it cannot read (:func:`hand_error`: the card or word at fault, in the chat's
language; the mahjong replies speak of 萬 筒 索).  Labels are English message ids (translated by the
bot).
"""

from __future__ import annotations

from functools import partial

from taipai.core.chat import N_, ChatVocabulary, Said, setting_row
from taipai.core.errors import HandError
from taipai.core.table.state import TableSettings, TableState
from taipai.core.waiting import Waits
from taipai.systems.zipai.cards import SPELLINGS
from taipai.systems.zipai.notation import read_hand
from taipai.systems.zipai.options import OPTION_WORDS, VALUE_WORDS, ZipaiOptions
from taipai.systems.zipai.shuxin import from_chat, own_lines
from taipai.systems.zipai.turned import TurnedWin
from taipai.systems.zipai.waiting import find_waits

_ROWS: dict[str, str] = {
    "base": N_("底 = {value} (money of one 油, 胡 or 排)"),
    "threshold": N_("起胡 = {value} (the least a winning hand's groups count: 油 or 胡息)"),
    "huxi_per_pai": N_("胡息 = {value} (胡息 to one 排, 長沙跑胡子)"),
    "draws_to_pass": N_("荒莊 = {value} (荒莊 in a row before the deal passes to the next player)"),
    "shuxin_percent": N_("數信每份 = {value}% (one 數信 share: what the winner pays the sitter of a win)"),
}
_CHOICE_ROWS: dict[tuple[str, object], str] = {
    ("three_hands", True): N_("3把50胡 = 開 (the first win of each player's three counts 15胡 or more)"),
    ("three_hands", False): N_("3把50胡 = 關 (every win needs only 起胡)"),
    ("self_draw", "double"): N_("自摸 = 加倍 (each loser pays twice the hand)"),
    ("self_draw", "single"): N_("自摸 = 單 (each loser pays the hand)"),
    ("discard", "all"): N_("點炮 = 全包 (the discarder alone pays every loser's share)"),
    ("discard", "single"): N_("點炮 = 單 (the discarder pays one share)"),
}
_ORDER = (
    "base",
    "threshold",
    "self_draw",
    "discard",
    "draws_to_pass",
    "shuxin_percent",
    "three_hands",
    "huxi_per_pai",
)
_ONLY_AT = {"huxi_per_pai": "paohuzi", "three_hands": "zipai-hard"}
"""Settings the 規則 reply shows only at one variant's tables."""


def rule_row(option: str, options: TableSettings) -> Said | None:
    """The 規則 row of ``option`` (a name or a word of :data:`OPTION_WORDS`) with its value in
    ``options``; ``None`` for a name this game does not have."""
    return setting_row(
        option,
        options,
        settings=ZipaiOptions,
        order=_ORDER,
        words=OPTION_WORDS,
        rows=_ROWS,
        choice_rows=_CHOICE_ROWS,
    )


def rows(options: TableSettings) -> tuple[Said, ...]:
    """The 規則 reply's rows (長沙跑胡子's 胡息 per 排 and 硬鬍子's 3把50胡 only at their tables)."""
    variant = options.variant if isinstance(options, ZipaiOptions) else ""
    order = [o for o in _ORDER if _ONLY_AT.get(o, variant) == variant]
    return tuple(r for r in (rule_row(o, options) for o in order) if r is not None)


HAND_ERRORS: dict[str, str] = {
    "empty": N_("The hand is empty: write the cards, e.g. 碰 三三三 壹貳叄 二七十 … 食 玖."),
    "unknown_token": N_(
        "I can't read 「{token}」. Write 字牌 cards 一 … 十 and 壹 … 拾, "
        "and the words 吃 碰 偎 臭偎 提 跑 坎 對."
    ),
    "meld_shape": N_("「{token}」 is not a group {word} takes."),
    "fifth_copy": N_("There are more than four of 「{token}」: the pack has four of each card."),
    "no_winning_tile": N_(
        "Which card did you win on? Add 摸 X for your own draw or 食 X for another's card."
    ),
    "two_winning_tiles": N_("Only one winning card, please: one 摸 X or 食 X."),
    "bad_winning_tile": N_("「{token}」: write exactly one card after 摸 or 食, e.g. 食 玖."),
    "not_a_win": N_(
        "That is not a winning hand: the cards do not all make groups (句, 絞, 坎, 提 and one 對)."
    ),
    "tile_count": N_("A winning hand makes {groups} groups, the 對 counting as one; this one makes {got}."),
    "below_minimum": N_("{count} is below this table's 起胡 of {minimum}."),
}
"""A 字牌 hand message's error code → its reply (``{token}`` and the error's ``hint_args``)."""


def hand_error(err: HandError) -> Said:
    """The reply to ``err`` (:data:`HAND_ERRORS`, formatted with its ``token`` and ``hint_args``).

    Raises:
        KeyError: a code a 字牌 hand message never raises.
    """
    hint = err.hint_args
    args = {"token": err.token, **{k: str(v) for k, v in hint.items() if k != "patterns"}}
    if err.code == "below_minimum":
        unit = str(hint.get("unit", ""))
        args = {
            "count": str(hint.get("count_text", f"{hint.get('count', '?')}{unit}")),
            "minimum": str(hint.get("minimum_text", f"{hint.get('minimum', '?')}{unit}")),
        }
    return Said(HAND_ERRORS[err.code], tuple(sorted(args.items())))


HAND_CARDS_READ = 3
"""Cards a record's hand text must hold, all of it read, to be an attempt at a hand (:func:`hand_like`)."""
HAND_CARDS_SEEN = 6
"""Cards a record's hand text holds, read or not around them, that make it an attempt at a hand
(a hand with a slip: ``碰 三三三 x 伍伍伍``) rather than a sentence with a number in it (``一百二十三蚊``)."""
_READ_SPAN = 240
"""Characters of the text :func:`hand_like` looks at (a hand message is far shorter)."""
_NOT_READ = frozenset({"empty", "unknown_token"})


def hand_like(text: str) -> bool:
    """Whether ``text``, where a record's hand goes (``B 食 A <text>``), is an attempt at a 字牌 hand
    (:attr:`~taipai.core.chat.ChatVocabulary.hand_like`): all of it reads as a hand message
    (:func:`~taipai.systems.zipai.notation.read_hand`; a missing winning card, a bad group or a fifth
    copy is still an attempt) with :data:`HAND_CARDS_READ` cards or more, or it holds
    :data:`HAND_CARDS_SEEN` card characters or more.  ``三次``, ``一百二十三蚊`` are ordinary words."""
    text = text[:_READ_SPAN]
    cards = sum(1 for ch in text if ch in SPELLINGS)
    if cards >= HAND_CARDS_SEEN:
        return True
    if cards < HAND_CARDS_READ:
        return False
    try:
        read_hand(text)
    except HandError as err:
        return err.code not in _NOT_READ
    return True


def hand_lines(err: HandError) -> tuple[Said, ...]:
    """The reply to a 字牌 hand message that cannot be booked, one :class:`Said` per line
    (:attr:`~taipai.core.chat.ChatVocabulary.hand_error`): :func:`hand_error`'s line, after the groups
    counted when a hand is under 起胡 (``The hand comes to 9油:``, a row per group); ``()`` for a code a
    字牌 hand message never raises (the bot's reply stands)."""
    if err.code not in HAND_ERRORS:
        return ()
    line = hand_error(err)
    rows = err.hint_args.get("patterns") if err.code == "below_minimum" else None
    if not rows or not isinstance(rows, tuple):
        return (line,)
    unit = str(err.hint_args.get("unit", ""))
    head = Said(N_("The hand comes to {count}:"), (("count", f"{err.hint_args.get('count', '?')}{unit}"),))
    shown = tuple(
        Said(N_("{pattern}: {fan}"), (("pattern", str(name)), ("fan", f"{value}{unit}")))
        for name, value, _n in rows
    )
    return (head, *shown, line)


SHOWN_VALUES: dict[str, dict[str, str]] = {
    name: {value: next(w for w, v in words.items() if v == value) for value in dict.fromkeys(words.values())}
    for name, words in VALUE_WORDS.items()
}
"""Per choice setting, each value's word as the chat shows it (``double`` → ``加倍``)."""


EXAMPLE_HAND = ("碰 三三三 偎 伍伍伍 提 六六六六 壹貳叄 二七十 八八捌 玖玖", "食 玖")
"""The hand the 計番 / 聽 usage replies show: one 玖 short of the 28油 hand of seed 002 ⑶'s groups
(tests/systems/zipai/test_zipai_rows.py); 聽 lists 九 and 玖."""


DRAW_LINES = (
    N_("荒莊: nobody won; the dealer stays."),
    N_("荒莊: nobody won; the deal passes, {dealer} deals next."),
)
"""The 荒莊 line (seed 002 ⑴ 「如果荒庄，由莊家繼續做莊，連續3次荒庄，則由莊家的下家做莊」): 字牌 says
荒莊, not 流局 and 臭莊."""


OWN_LINES: dict[str, str] = {
    "help_open": N_(
        "開枱 A B C {game}  /newgame A B C {game}: a table of three (A deals first); 開枱 A B C D {game}: "
        "four, and each hand the one opposite the dealer sits out (數信)"
    ),
    "help_language": N_(
        "開枱 A B C {game} English  /newgame A B C {game} en: the table in English (中文 or zh: Cantonese); "
        "the group keeps that language, /lang en, /lang zh or /lang 简体 (Simplified Chinese) changes it"
    ),
    "help_self_draw": N_(
        "B 自摸 {count}  /selfdraw B {n}: B wins on a card B drew; each of the other two pays "
        "(twice the hand when 規則 自摸 is 加倍)"
    ),
    "help_draw": N_("荒莊  /draw: nobody won the hand (荒莊; 流局 is read the same)"),
    "help_calc": N_(
        "計番  /calc <hand>: count a hand's {unit} without booking it, e.g. 計番 碰 三三三 偎 伍伍伍 提 "
        "六六六六 壹貳叄 二七十 八八捌 玖玖 食 玖; 聽  /waits <cards>: the cards a hand one short of a win "
        "waits on, and what each counts"
    ),
    "below_on_discard": N_("on a discard {count}: below 起胡"),
    "below_self_drawn": N_("self-drawn {count}: below 起胡"),
    "below_everywhere": N_("Not waiting for a win at {game}: every card that completes it stays below 起胡."),
    "no_completion": N_("Not waiting: no card completes this hand at {game}."),
    "waits_usage": N_("Write the hand after 聽 without its winning card, e.g. 聽 {example} (/waits …)."),
}
"""字牌's wording of the bot's shared lines (:data:`~taipai.core.chat.OWN_LINES`): three players and a
fourth who sits out (seed 002 ⑴ 「三人玩」, ⑼ 數信), 荒莊, cards not tiles, and 胡 where mahjong writes
糊 (⑶ 「胡牌」); the example hand is :data:`EXAMPLE_HAND` (28油)."""


TURNED_WORDS = ("翻", "翻牌", "翻出", "turned")
"""What a win names in the discarder's place for a win on a card turned from the pile
(:mod:`taipai.systems.zipai.turned`): ``B 食 翻 <hand>``, ``B 食 翻牌 15油``, ``B wins on turned 15油``."""


SAME_UNITS: dict[str, tuple[str, ...]] = {"zipai-hard": ("胡息",)}
"""Other words a variant's count may carry that mean its own unit: 硬鬍子 books the sum of its groups'
胡息 (seed 002 ⑷ 一、1 「10胡落地的，小字碰得1胡」, no doubling), so ``12胡息`` there is 12胡.  Elsewhere
胡息 is no unit of the table (軟鬍子 doubles the 胡息 into 胡, 長沙跑胡子 turns them into 排) and is
refused in the table's unit."""


def vocabulary(unit: str, variant: str = "zipai") -> ChatVocabulary:
    """The chat vocabulary of a 字牌 variant (its id) whose hands count ``unit`` (油, 胡 or 排)."""
    return ChatVocabulary(
        books=frozenset({"win", "self_draw", "multi_win", "draw", "false_win", "shuxin"}),
        example_count=10,
        count_units=(unit, *SAME_UNITS.get(variant, ())),
        notes=(
            N_(
                "A count is the hand's {unit} as the table books it; the winner deals next, and after "
                "the table's number of 荒莊 in a row (規則 荒莊) the deal passes to the next player."
            ),
        ),
        help=(
            N_(
                "B 食 翻 {count}  /win B 翻 {n}: B wins on a card another player turned from the pile "
                "(翻牌, 翻出 too; B wins on turned {count}); each of the other two pays the hand once"
            ),
            N_(
                "數信 三  /shuxin 三: at a table of four, the one opposite the dealer sits out; right after "
                "a win they turn a card: each copy in the winner's hand is a share, at most 3 (數信 2份 "
                "after a count); each share is 規則 數信每份 (a percent of the win), paid by the winner"
            ),
        ),
        commands={"shuxin": from_chat},
        own_lines=partial(_own_lines, unit=unit),
        option_words=OPTION_WORDS,
        rows=rows,
        rule_row=rule_row,
        value_words=SHOWN_VALUES,
        hand_like=hand_like,
        hand_error=hand_lines,
        find_waits=partial(_waits, variant=variant),
        example_hand=EXAMPLE_HAND,
        draw_lines=DRAW_LINES,
        lines=OWN_LINES,
        turned_words=TURNED_WORDS,
        turned_win=TurnedWin,
        false_win_word="詐胡",  # 字牌 is 胡, never mahjong's 糊 (seed 002 ⑶ 「胡牌」)
    )


def _own_lines(before: TableState, event: object, *, unit: str) -> tuple[Said, ...]:
    """The headline of one of 字牌's own events: a win on a turned card (``B 食 翻：15油``), else 數信's
    (:func:`~taipai.systems.zipai.shuxin.own_lines`)."""
    if isinstance(event, TurnedWin):
        return (Said(TURNED_HEAD, (("winner", event.winner), ("count", f"{event.count}{unit}"))),)
    return own_lines(before, event)


TURNED_HEAD = N_("{winner} wins on a turned card (食 翻): {count}")
"""The headline (and history line) of a win on a card turned from the pile; each loser's payment follows."""


def _waits(text: str, options: TableSettings, *, variant: str) -> Waits:
    return find_waits(text, options, variant)
