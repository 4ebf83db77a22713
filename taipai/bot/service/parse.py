"""Chat text → a typed command (DESIGN §5 command table), or ``None`` for ordinary talk.

Parsing here is purely syntactic: names are not checked against the table and hands are not read
(the service does both).  Every command has a Cantonese and a slash form; slash commands may carry a
``@botname`` suffix (Telegram groups).  A message that starts like a command but is malformed raises
:class:`CommandError` so the chat gets a reply saying what the right form is.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, NoReturn

from taipai.bot.service.speech import reader_words
from taipai.core.errors import HandError
from taipai.core.registry import SYSTEMS, system_by_name
from taipai.core.system import RuleSystem, seat_counts
from taipai.core.tiles import FLOWER_NAMES_ZH

OPEN_WORDS = ("開枱", "開檯", "開台", "开台", "开枱", "開局", "开局")
DRAW_WORDS = ("流局", "和局", "荒莊", "黃莊", "荒庄", "黄庄")
SCORE_WORDS = ("計數", "计数", "睇數", "睇数", "分數")
SETTLE_WORDS = ("埋數", "埋数", "結數", "结数")
UNDO_WORDS = ("撤銷", "撤销", "撤回", "取消")
REDO_WORDS = ("重做",)
CUT_WORDS = ("斬", "斩", "斬拉", "斩拉")
NOCUT_WORDS = ("唔斬", "唔斩", "不斬", "不斩")
HELP_WORDS = ("幫助", "帮助", "說明", "说明", "點用", "点用")
HISTORY_WORDS = ("歷史", "历史", "紀錄", "记录", "記錄")
EXPORT_WORDS = ("匯出", "汇出", "導出", "导出")
RULES_WORDS = ("規則", "规则")
CALC_WORDS = ("計番", "计番", "計翻", "计翻", "計台", "计台")
"""``計番 [game] <hand> [圖]``: score and explain a hand, book nothing (:mod:`.calc`)."""
WAITS_WORDS = ("聽", "听", "聽牌", "听牌")
"""``聽 [game] <tiles>``: the tiles a hand one short of a win waits on (:mod:`.calc`)."""
STATS_WORDS = ("戰績", "战绩")
"""``戰績 [今晚|本月|賽季|全部]``: each player's figures (:mod:`.standings`)."""
LEADERBOARD_WORDS = ("排行榜", "排行", "龍虎榜", "龙虎榜")
"""``排行榜 [本月|賽季|全部]``: players ranked by net money (:mod:`.standings`)."""
NEW_SEASON_WORDS = ("新賽季", "新赛季", "開新賽季", "开新赛季")
"""``新賽季``: an admin starts the chat's next season (:mod:`.standings`)."""
WIN_WORDS = ("食", "食糊", "胡", "糊")
DEAL_IN_WORDS = ("出銃", "放銃", "出沖", "放沖", "出冲", "放冲", "出铳", "放铳", "出統", "放統")
"""``A 出銃 B 12番``: A dealt in to B, the same record as ``B 食 A 12番`` said from the discarder's side
(DESIGN §2: 出銃 / 放銃 deal-in; 出沖 and 出統 are common spellings at the table)."""
GIVE_WORDS = ("俾", "畀", "比")
"""``A 出銃 俾 B 12番``: A dealt in *to* B (比 is the common typing of 俾); read as ``A 出銃 B 12番``."""
SELF_DRAW_WORDS = ("自摸",)
KONG_SELF_DRAW_WORDS = ("槓上自摸", "杠上自摸", "槓上開花", "杠上開花", "杠上开花")
"""``B 槓上自摸 12番 C包``: a self-draw off a kong's replacement tile, said as the command word."""
KONG_DRAW_WORDS = (*KONG_SELF_DRAW_WORDS, "槓上", "杠上", "槓上花", "杠上花", "槓上槓", "杠上杠", "明槓")
"""Words that say a self-draw came off an exposed kong (明槓): with a bare count they make 包 possible
(seed 004 槓上自摸 row: 「明槓出銃者全包」)."""
NOT_EXPOSED_KONG_WORDS = ("暗槓", "暗杠", "加槓", "加杠")
"""Words that say the kong was not made from a discard: nobody 出銃 into it, so no 包."""
BAO_GROUND_WORDS = ("十二張", "十二张", "十二張落地", "十二张落地", "大四喜", "大三元")
"""Said with 包 and a bare count (``B 自摸 3番 十二張 C包``), the 包 other than the kong's that a count
cannot show: 十二張落地 (four melds laid down), 大四喜 and 大三元 (雞平和, seed 001 「十二张落地包自摸」,
「大四喜和大三元包自摸」)."""
ROB_KONG_WORDS = ("搶槓", "抢杠", "搶杠")
FALSE_WIN_WORDS = ("詐糊", "诈糊", "詐胡", "诈胡", "炸糊", "詐和", "诈和")  # 詐和: 國標's spelling
FLY_WORDS = ("飛", "飞", "飛牌", "飞牌")
FLOWER_WIN_WORDS = ("八仙過海", "八仙过海")
"""``B 八仙過海``: B won with all eight flowers (台灣牌 花胡, seed 003); ``A 七搶一 B`` is the other 花胡."""
BIRD_WORDS = ("鳥", "鸟", "鳥牌", "鸟牌")
"""``鳥 三萬``: the 鳥 tile turned after a win (QQ 歡樂麻將, seed 002 「名詞解釋」 ·鳥牌)."""
SHUXIN_WORDS = ("數信", "数信")
"""``數信 三`` / ``數信 2份``: the card the sitter turns after a win (字牌, seed 002 ⑼)."""

PRIZE_WORDS: dict[str, str] = {
    "圍骰": "dice_triple",
    "围骰": "dice_triple",
    "一二三": "dice_123",
    "一台草": "one_set_mixed",
    "一台花": "one_set_flowers",
    "叫碰不碰": "called_pung_not_taken",
    "叫碰唔碰": "called_pung_not_taken",
    "暗槓": "concealed_kong",
    "暗杠": "concealed_kong",
    "暗槓錯": "concealed_kong_wrong",
    "暗杠错": "concealed_kong_wrong",
    "暗槓不示": "concealed_kong_wrong",
    "槓錯": "concealed_kong_wrong",
}
"""Cantonese prize word (``A 一台花``) → prize id of :data:`taipai.core.table.PRIZES`.

The dice prizes may be said alone (``圍骰``: the dealer rolled).  ``追`` and the robbing prizes
(``A 七搶一 B``) have their own forms, see :func:`parse_command`."""

CHASE_WORDS = ("追",)
CHASE_AGAIN_WORDS = ("再追", "一追再追")
ROB_WORDS = {
    "七搶一": "seven_rob_one",
    "七抢一": "seven_rob_one",
    "一搶七": "one_rob_seven",
    "一抢七": "one_rob_seven",
}
"""``A 七搶一 B`` / ``A 一搶七 B``: A (who robs) collects 6 底 from B (seed 004 現金獎)."""

_TERMINAL_RANKS = {"一": 1, "九": 9, "1": 1, "9": 9}
_TILE_LIKE = frozenset("一二三四五六七八九123456789萬万筒索条條饼餅東南西北中發发白")
"""Characters that make the word after 追 a try at naming a tile (refused when it is not one tile)."""
_SIMPLE_RANKS = set("二三四五六七八2345678")

SLASH_NAMES = {
    "newgame": "open",
    "open": "open",
    "win": "win",
    "selfdraw": "self_draw",
    "tsumo": "self_draw",
    "draw": "draw",
    "score": "score",
    "balance": "score",
    "chains": "chains",
    "settle": "settle",
    "undo": "undo",
    "redo": "redo",
    "cut": "cut",
    "nocut": "nocut",
    "help": "help",
    "start": "help",
    "falsewin": "false_win",
    "robkong": "rob_kong",
    "fly": "fly",
    "rules": "rules",
    "history": "history",
    "export": "export",
    "calc": "calc",
    "waits": "waits",
    "dice": "prize:dice_triple",
    "dice123": "prize:dice_123",
    "mixedset": "prize:one_set_mixed",
    "flowerset": "prize:one_set_flowers",
    "chase": "chase",
    "pungnottaken": "prize:called_pung_not_taken",
    "nopung": "prize:called_pung_not_taken",
    "kong": "prize:concealed_kong",
    "badkong": "prize:concealed_kong_wrong",
    "sevenrobone": "rob:seven_rob_one",
    "flowerwin": "flower_win",
    "bird": "bird",
    "shuxin": "shuxin",
    "onerobseven": "rob:one_rob_seven",
}
"""Slash command name (without ``/``) → command kind."""

NO_ARGUMENT_KINDS = frozenset({"draw", "score", "chains", "settle", "undo", "redo", "history", "export"})
"""Command kinds whose slash form takes nothing after it: ``/settle now`` is refused with the right
form (:class:`CommandError` ``no_args``), never carried out with the extra words dropped.  ``/help``
(and ``/start``, which Telegram sends with a deep-link payload) may carry words: it books nothing."""


MAX_FAN = 9999
"""The largest bare fan count a message may book (``9999番``); a longer number is refused, never
parsed (Python's ``int()`` refuses 4300+ digits, and no hand is worth more)."""

MAX_NAME = 32
"""The longest player name (characters, after NFKC) ``開枱`` accepts."""


class CommandError(ValueError):
    """A message shaped like a command but malformed.

    Attributes:
        code: ``open_usage``, ``open_game`` (a fifth word after 開枱 that is no game), ``win_usage``,
            ``self_draw_usage``, ``no_hand``, ``unknown_command``,
            ``deal_in_usage`` (``A 出銃`` without the winner), ``two_discarders`` (legs of one message
            on two discards: ``first``, ``second``), ``count_then_words``
            (a fan count with words after it: ``count`` and ``rest``), ``count_question`` (a count
            and a ``?`` after it: ``count``), ``false_win_usage``,
            ``prize_usage``, ``chase_usage``, ``rob_usage``, ``fly_usage``,
            ``rob_kong_usage``, ``flower_win_usage``, ``count_too_large`` (a bare count over
            :data:`MAX_FAN`), ``no_args``
            (words after a slash command of :data:`NO_ARGUMENT_KINDS`: ``/settle now``), ``cut_usage``
            (more than one name after ``/cut`` or ``/nocut``), and the bad
            player names of ``開枱`` (:func:`check_names`): ``name_empty``, ``name_slash``,
            ``name_control``, ``name_too_long``, ``name_seat``, ``name_command``, ``name_speech``,
            ``name_word`` (a fan count or a word of :data:`HAND_WORDS`), ``name_duplicate``.
        args: values for the reply (e.g. ``{"command": "/wn"}``; ``name_duplicate`` has ``name`` and
            ``first``, the two spellings typed).
    """

    def __init__(self, code: str, **args: str) -> None:
        super().__init__(code)
        self.code = code
        self.args_ = args


@dataclass(frozen=True, slots=True)
class Leg:
    """One winner's part of a win message: ``winner`` (as typed) and ``hand`` (hand text or a count)."""

    winner: str
    hand: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Said:
    """What every command carries besides its own fields.

    Attributes:
        kind: the command's name (class attribute): ``open``, ``win``, ``self_draw``, ``draw``,
            ``score``, ``chains``, ``settle``, ``undo``, ``redo``, ``cut``, ``nocut``, ``help``,
            ``false_win``, ``prize``, ``fly``, ``rules``, ``history``, ``export``; the words of
            :mod:`.identity` (permissions) and the slash table (:data:`SLASH_NAMES`) use it.
        slash: written as a slash command (then it is surely meant for the bot).
        loose: the Cantonese form is a common word (追, 飛, 暗槓) that ordinary talk also uses; the
            service ignores it when the names are not at the table.
        mine: said without the player's name (``八仙過海``, ``詐糊``, ``一台花``, ``七搶一 C``): the
            speaker means themself; the service books it for the speaker's own seat or asks for the
            name, never for anyone else.
    """

    kind: ClassVar[str] = ""
    slash: bool = False
    loose: bool = False
    mine: bool = False


@dataclass(frozen=True, slots=True)
class OpenTable(Said):
    """``開枱 A B C D [game]`` / ``/newgame A B C D [game]``.

    Attributes:
        players: as typed, seat order 東南西北 (A deals first).
        system: the rule system's id when a game was named (``開枱 A B C D 台灣牌`` → ``taiwan``, by
            the names of :mod:`taipai.core.registry`), ``""`` when none was (the service's default,
            港式台牌).
        locale: the chat's language when a language word ends the command (:data:`OPEN_LANGUAGES`:
            ``開枱 A B C D English`` → ``en``, ``/newgame A B C D zh`` → ``zh_Hant_HK``), else ``""``.
        settings: seed 001's wildcard settings said after the names, as ``(word, value)`` pairs as typed
            (``開枱 A B C D 百搭 窗 四萬 寶牌 四萬`` → ``(("百搭", "窗 四萬"), ("寶牌", "四萬"))``;
            ``wild=window 4m`` too), booked in the table's opening (:func:`open_settings`).
    """

    kind: ClassVar[str] = "open"
    players: tuple[str, ...]
    system: str = ""
    locale: str = ""
    settings: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class RecordWin(Said):
    """``B 食 A <hand or count>`` (one or more winners on one discard, ``; `` between legs).

    Attributes:
        discarder: as typed (for 搶槓: the konging player).
        legs: one per winner.
        robbed_kong: 搶槓 (seed 004: 「搶槓…只會視為槓牌一方出沖」).
    """

    kind: ClassVar[str] = "win"
    discarder: str
    legs: tuple[Leg, ...]
    robbed_kong: bool = False


@dataclass(frozen=True, slots=True)
class RecordSelfDraw(Said):
    """``B 自摸 <hand or count>`` (``legs``: one leg).

    Attributes:
        kong_payer: the player who pays all (槓上自摸 on their discard's kong, seed 004 槓上自摸 row
            「明槓出銃者全包」), as typed; ``""`` when nobody does.
        kong_said: the kong word said with it (:data:`KONG_DRAW_WORDS` such as ``槓上`` or
            ``槓上自摸``, or :data:`NOT_EXPOSED_KONG_WORDS`; with 包, also a :data:`BAO_GROUND_WORDS`
            word), taken off a bare count (``12番 槓上 C包``) or said as the command word
            (``B 槓上自摸 …``); ``""`` when none.
    """

    kind: ClassVar[str] = "self_draw"
    legs: tuple[Leg, ...]
    kong_payer: str = ""
    kong_said: str = ""


@dataclass(frozen=True, slots=True)
class RecordDraw(Said):
    """``流局`` / ``/draw``."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class ShowScore(Said):
    """``計數`` / ``/score``."""

    kind: ClassVar[str] = "score"


@dataclass(frozen=True, slots=True)
class ShowChains(Said):
    """``/chains``."""

    kind: ClassVar[str] = "chains"


@dataclass(frozen=True, slots=True)
class Settle(Said):
    """``埋數`` / ``/settle``."""

    kind: ClassVar[str] = "settle"


@dataclass(frozen=True, slots=True)
class UndoLast(Said):
    """``撤銷`` / ``/undo``."""

    kind: ClassVar[str] = "undo"


@dataclass(frozen=True, slots=True)
class RedoLast(Said):
    """``重做`` / ``/redo``."""

    kind: ClassVar[str] = "redo"


@dataclass(frozen=True, slots=True)
class AcceptCut(Said):
    """``斬`` / ``/cut`` (said by the debtor): ``target`` the creditor as typed, ``""`` when unnamed."""

    kind: ClassVar[str] = "cut"
    target: str = ""


@dataclass(frozen=True, slots=True)
class DeclineCut(Said):
    """``唔斬`` / ``/nocut`` (said by the debtor): ``target`` as :class:`AcceptCut`."""

    kind: ClassVar[str] = "nocut"
    target: str = ""


@dataclass(frozen=True, slots=True)
class ShowHelp(Said):
    """``幫助`` / ``/help`` (``/start``)."""

    kind: ClassVar[str] = "help"


@dataclass(frozen=True, slots=True)
class RecordFalseWin(Said):
    """``B 詐糊`` / ``/falsewin B``: ``player`` as typed."""

    kind: ClassVar[str] = "false_win"
    player: str


@dataclass(frozen=True, slots=True)
class RecordPrize(Said):
    """A 現金獎 (``A 一台花``, ``圍骰``, ``A 追 二萬``, ``A 七搶一 B``).

    Attributes:
        prize: the prize id (:data:`taipai.systems.hk_taiwan.prizes.PRIZES`).
        player: the collector or payer of the prize's flow as typed; ``""`` for a dice prize said
            without a name (the dealer).
        other: for the robbing prizes: who is paid (``CashPrize.other``).
        tile: for 追: the tile as typed.
        hand: for 七搶一 at a 台灣牌 table: the count of the hand the replacement tile also won
            (``A 七搶一 B 3台``, seed 003 「如補得之牌恰為槓上開花」), as typed; ``""`` when none was said.
    """

    kind: ClassVar[str] = "prize"
    prize: str
    player: str = ""
    other: str = ""
    tile: str = ""
    hand: str = ""


@dataclass(frozen=True, slots=True)
class RecordFlowerWin(Said):
    """``B 八仙過海`` / ``/flowerwin B``: ``player`` won with all eight flowers (台灣牌 花胡).

    ``A 七搶一 B`` (``/sevenrobone A B``) is a :class:`RecordPrize` at every table; at a 台灣牌 table it
    books the other 花胡 (A robbed B's eighth flower).
    """

    kind: ClassVar[str] = "flower_win"
    player: str
    hand: str = ""
    """The count of the hand the replacement tile also won (``B 八仙過海 3台``: seed 003 「如補得之牌恰為
    槓上開花, 牌面台數照算加計八仙過海8台(底注只計1底)」), as typed; ``""`` when none was said."""


@dataclass(frozen=True, slots=True)
class RecordBird(Said):
    """``鳥 三萬`` / ``/bird 三萬``: the 鳥 tile of the win just booked, as typed (QQ 歡樂麻將)."""

    kind: ClassVar[str] = "bird"
    tile: str


@dataclass(frozen=True, slots=True)
class RecordShuxin(Said):
    """``數信 三`` / ``數信 2份`` / ``/shuxin 三``: the word after 數信 as typed (the turned card, or the
    shares said directly), right after the win it belongs to (字牌, seed 002 ⑼)."""

    kind: ClassVar[str] = "shuxin"
    said: str


@dataclass(frozen=True, slots=True)
class RecordFly(Said):
    """``B 飛 九筒`` / ``/fly B 九筒``: ``player`` and ``tile`` as typed."""

    kind: ClassVar[str] = "fly"
    player: str
    tile: str


@dataclass(frozen=True, slots=True)
class Rules(Said):
    """``規則`` / ``/rules`` (``args`` empty: show them) or ``/rules NAME VALUE`` (``args`` the words)."""

    kind: ClassVar[str] = "rules"
    args: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ShowHistory(Said):
    """``歷史`` / ``/history``."""

    kind: ClassVar[str] = "history"


@dataclass(frozen=True, slots=True)
class Export(Said):
    """``匯出`` / ``/export``."""

    kind: ClassVar[str] = "export"


@dataclass(frozen=True, slots=True)
class CalcHand(Said):
    """``計番 <hand>`` / ``/calc <hand>``: ``text`` is everything after the command word (:mod:`.calc`)."""

    kind: ClassVar[str] = "calc"
    text: str = ""


@dataclass(frozen=True, slots=True)
class ShowWaits(Said):
    """``聽 <tiles>`` / ``/waits <tiles>``: ``text`` is everything after the command word (:mod:`.calc`)."""

    kind: ClassVar[str] = "waits"
    text: str = ""


Command = (
    OpenTable
    | RecordWin
    | RecordSelfDraw
    | RecordDraw
    | ShowScore
    | ShowChains
    | Settle
    | UndoLast
    | RedoLast
    | AcceptCut
    | DeclineCut
    | ShowHelp
    | RecordFalseWin
    | RecordPrize
    | RecordFly
    | RecordBird
    | RecordShuxin
    | RecordFlowerWin
    | Rules
    | ShowHistory
    | Export
    | CalcHand
    | ShowWaits
)
"""A parsed command: one of these frozen dataclasses (names are as typed, hands unread)."""

_PLAIN: dict[str, type[Command]] = {
    c.kind: c
    for c in (RecordDraw, ShowScore, ShowChains, Settle, UndoLast, RedoLast, ShowHelp, ShowHistory, Export)
}
"""The commands that take nothing: kind → class."""


_SLASH = re.compile(r"^/([A-Za-z_][A-Za-z0-9_]*)(?:@\S+)?(?:\s+(.*))?$", re.S)
LEG_SPLIT = re.compile(r"\s*[;；\n]\s*")


def _norm(text: str) -> str:
    # NFKC only for the command skeleton: full-width slash/space/letters become ASCII.
    return unicodedata.normalize("NFKC", text).strip()


def _words(text: str) -> list[str]:
    return text.split()


def parse_command(text: str) -> Command | None:
    """Parse one chat message.

    Returns ``None`` for anything that is not a command (ordinary talk gets no reply).  Raises
    :class:`CommandError` for a malformed command, e.g. ``開枱 A B C`` (three names) or
    ``/win B`` (no discarder).
    """
    raw = drop_trailing_emoji(text).strip()
    if not raw:
        return None
    skel = _norm(raw)
    m = _SLASH.match(skel)
    if m:
        # The arguments come from the raw text (hands keep their exact characters).
        rest = raw.split(None, 1)[1].strip() if len(raw.split(None, 1)) == 2 else ""
        cmd: Command | None = dataclasses.replace(_parse_slash(m.group(1).lower(), rest), slash=True)
    else:
        cmd = _parse_words(raw)
        if cmd is None and raw.endswith(("?", "？")):
            # 計數？ asks to see the table: a question may ask for what only shows something
            asked = _parse_words(raw.rstrip("?？ \t"))
            if isinstance(asked, _SHOWING) or (isinstance(asked, Rules) and not asked.args):
                cmd = asked
    if isinstance(cmd, OpenTable):
        cmd = dataclasses.replace(cmd, players=check_names(cmd.players))
    if isinstance(cmd, RecordWin | RecordSelfDraw):
        for leg in cmd.legs:
            if _BAD_COUNT.match(unicodedata.normalize("NFKC", leg.hand).strip()):
                raise CommandError("bad_count")  # B 食 A -3番: the count is wrong, not a tile
            read_count(leg.hand)  # raises count_too_large before anything is booked
            _no_words_after_count(leg.hand)
    return cmd


_SHOWING = (ShowScore, ShowChains, ShowHistory, ShowHelp)
"""Command kinds that only show something, read even when asked with a question mark (``計數？``)."""

_COUNT_THEN = re.compile(r"^(\S+?)(?:\s*[;；,，]\s*|\s+)(\S.*)$", re.S)
"""A leg's first word, then what follows it (after spaces or a ; , separator)."""


@functools.cache
def _count_stuck() -> re.Pattern[str]:
    """A count with something stuck to it: ``12番!``, ``12番番``, ``1e5番``, ``十二番啦`` (a particle, which
    the free-text reader drops: :mod:`.natural`); any game's unit (:data:`COUNT_UNITS`, defined below)."""
    numerals = "零〇一二兩两三四五六七八九十百千廿卅"
    return re.compile(rf"^([0-9]+\s*(?:{_CJK_UNITS})?|[{numerals}]+\s*(?:{_CJK_UNITS}))(\S.*)$", re.S)


def _no_words_after_count(hand: str) -> None:
    """Refuse a count followed by words that are no hand (``B 自摸 12番; C 自摸 3番``, ``/win B A 12
    extra``) with :class:`CommandError` ``count_then_words`` naming both parts, instead of reading
    the whole as a hand and pointing at the 「12」 for a missing suit.  A hand that starts with a
    number (``1 2 3萬 …``) still reads as a hand."""
    text = unicodedata.normalize("NFKC", hand).strip()
    m = _COUNT_THEN.match(text) or _count_stuck().match(text)
    if m is None or read_count(m.group(1)) is None or read_count(hand) is not None:
        return  # not a count first, or the whole is one count (``12 番``, ``12 fan``)
    count, rest = m.group(1), m.group(2).strip()
    unit, _space, after = rest.partition(" ")
    if after.strip() and read_count(f"{count} {unit}") is not None:  # 「2 fan lol」: the count is 「2 fan」
        count, rest = f"{count} {unit}", after.strip()
    from taipai.core.notation import tokenize

    try:
        tokenize(hand)
    except HandError:
        if rest.strip("?？ ") == "":  # 「12番?」 asks: a question is never booked
            raise CommandError("count_question", count=count) from None
        raise CommandError("count_then_words", count=count, rest=rest) from None


_EMOJI_PARTS = frozenset("\u200d\ufe0e\ufe0f\u20e3")
"""Zero width joiner, variation selectors and the keycap mark: the glue inside one emoji."""


def drop_trailing_emoji(text: str) -> str:
    """``text`` without the emoji at its end (and the spaces around them): ``12番 😂`` → ``12番``,
    ``撤銷 🙏🏻`` → ``撤銷``, ``😂`` → ``""``.

    A player who ends a complete message with an emoji means the message, the emoji is the mood
    (a tester's ``阿珍 自摸 12番 😂`` was refused as a hand whose 「12」 lacked a suit); so are
    exclamation marks (``12番!``) and a closing full stop (``12番。``, ``計數。``).  Only the
    end is trimmed: an emoji between words is left for the command or the hand reader to refuse
    (``12番 😂 東``).  Emoji are symbols (Unicode category ``So``, skin tones ``Sk``) with their
    joiners, variation selectors and tags; no tile, name or command word of taipai ends in one.
    """
    end = len(text)
    while end and _emoji_or_space(text[end - 1]):
        end -= 1
    return text[:end] if end < len(text) else text


_MOOD_MARKS = frozenset("!！。~～〜")
"""Marks that end a line as its mood, not its words: exclamation marks, the full stop, tildes."""


def _emoji_or_space(c: str) -> bool:
    """Whether ``c`` is white space, an exclamation mark, an ideographic full stop or part of an emoji
    (a symbol, its glue, a tag character), or a tilde (``12番～``, a tone): the mood or the end of a
    message (``12番!!``, ``12番。``), not part of it.  A question mark is kept: ``12番？`` asks, and is
    not booked (``count_question``)."""
    if c.isspace() or c in _EMOJI_PARTS or c in _MOOD_MARKS or "\U000e0020" <= c <= "\U000e007f":
        return True
    return unicodedata.category(c) in ("So", "Sk")


def _parse_slash(name: str, rest: str) -> Command:
    kind = SLASH_NAMES.get(name)
    if kind is None:
        raise CommandError("unknown_command", command="/" + name)
    words = _words(rest)
    if kind == "open":
        return _open(words)
    if kind == "win":
        legs = _win_legs_slash(rest)
        if legs is None:
            raise CommandError("win_usage")
        discarder, parsed = legs
        return RecordWin(discarder, parsed)
    if kind == "rob_kong":
        legs = _win_legs_slash(rest)
        if legs is None or len(legs[1]) != 1:
            raise CommandError("rob_kong_usage")
        return RecordWin(legs[0], legs[1], robbed_kong=True)
    if kind == "self_draw":
        if len(words) < 2:
            raise CommandError("self_draw_usage")
        winner, hand = rest.split(None, 1)
        hand, payer = _kong_payer(hand.strip())
        hand, said = _kong_said(hand, payer)
        return RecordSelfDraw((Leg(winner, hand),), kong_payer=payer, kong_said=said)
    if kind in ("cut", "nocut"):
        if len(words) > 1:
            raise CommandError("cut_usage", command="/" + name)
        return (AcceptCut if kind == "cut" else DeclineCut)(words[0] if words else "")
    if kind == "false_win":
        if len(words) != 1:
            raise CommandError("false_win_usage")
        return RecordFalseWin(words[0])
    if kind.startswith("prize:"):
        prize = kind.split(":", 1)[1]
        dice = prize in ("dice_triple", "dice_123")
        if len(words) > 1 or (not words and not dice):
            raise CommandError("prize_usage", command="/" + name)
        return RecordPrize(prize, player=words[0] if words else "")
    if kind == "chase":
        if not 1 <= len(words) <= 2:
            raise CommandError("chase_usage")
        return _chase(words[0], words[1] if len(words) == 2 else "")
    if kind.startswith("rob:"):
        if len(words) not in (2, 3):
            raise CommandError("rob_usage")
        robbed = _rob(words[0], kind.split(":", 1)[1], words[1])
        return dataclasses.replace(robbed, hand=_flower_hand(words[2:], "rob_usage"))
    if kind == "flower_win":
        if len(words) not in (1, 2):
            raise CommandError("flower_win_usage")
        return RecordFlowerWin(words[0], hand=_flower_hand(words[1:], "flower_win_usage"))
    if kind == "bird":
        if len(words) != 1:
            raise CommandError("bird_usage")
        if _is_flower(words[0]):
            raise CommandError("bird_flower", tile=words[0])
        return RecordBird(words[0])
    if kind == "shuxin":
        if len(words) != 1:
            raise CommandError("shuxin_usage")
        return RecordShuxin(words[0])
    if kind == "fly":
        if len(words) < 2:
            raise CommandError("fly_usage")
        return RecordFly(words[0], rest.split(None, 1)[1].strip())
    if kind == "rules":
        return Rules(tuple(words))
    if kind == "calc":
        return CalcHand(rest)
    if kind == "waits":
        return ShowWaits(rest)
    if kind in NO_ARGUMENT_KINDS and words:
        raise CommandError("no_args", command="/" + name)
    return _PLAIN[kind]()


HAND_WORDS = frozenset({"莊", "庄", "摸", "碰", "槓", "杠", "上", "連", "连"})
"""Words of a hand message (DESIGN §4: 莊, 摸 X, 碰/槓 melds, 上 chows, 連N) that a record would read
as part of the hand, never as a player: 開枱 refuses them as names (``name_word``), as it refuses a
fan count (``12番``)."""


def is_count_text(text: str) -> bool:
    """``text`` reads as a fan count (``12``, ``12番``, ``十二台``), however large (a count over
    :data:`MAX_FAN` is still a count)."""
    try:
        return read_count(text) is not None
    except CommandError:
        return True


SIT_WORDS = ("坐", "坐位", "入座")
"""``坐 南``: take a seat (:mod:`.identity`)."""
LEAVE_WORDS = ("離座", "离座", "唔坐")
"""``離座``: give a seat up (:mod:`.identity`)."""
LANG_WORDS = ("語言", "语言")
"""``語言 en``: the chat's language (:mod:`.identity`)."""

SEAT_WORDS = frozenset("東南西北东")
"""Seat winds: at the table they mean "whoever sits there now" (東 = the dealer), never a player."""


def command_words() -> frozenset[str]:
    """Every word that starts or shapes a command (its Cantonese forms and aliases, 包, 坐, 語言)."""
    words: set[str] = {"包", *CHASE_WORDS, *CHASE_AGAIN_WORDS, *SIT_WORDS, *LEAVE_WORDS, *LANG_WORDS}
    for group in (
        OPEN_WORDS,
        DRAW_WORDS,
        SCORE_WORDS,
        SETTLE_WORDS,
        UNDO_WORDS,
        REDO_WORDS,
        CUT_WORDS,
        NOCUT_WORDS,
        HELP_WORDS,
        HISTORY_WORDS,
        EXPORT_WORDS,
        RULES_WORDS,
        CALC_WORDS,
        WAITS_WORDS,
        STATS_WORDS,
        LEADERBOARD_WORDS,
        NEW_SEASON_WORDS,
        WIN_WORDS,
        DEAL_IN_WORDS,
        SELF_DRAW_WORDS,
        ROB_KONG_WORDS,
        FALSE_WIN_WORDS,
        FLY_WORDS,
        FLOWER_WIN_WORDS,
        tuple(PRIZE_WORDS),
        tuple(ROB_WORDS),
    ):
        words.update(group)
    return frozenset(unicodedata.normalize("NFKC", w).casefold() for w in words)


def has_control(text: str, *, allow: str = "") -> bool:
    """Whether ``text`` holds a control or format character (C0/C1 controls, bidi overrides, zero
    width spaces …) other than those in ``allow``; the zero width joiner of emoji is allowed."""
    return any(
        unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp") and c not in allow and c != "\u200d"
        for c in text
    )


def normalize_name(name: str) -> str:
    """A player name as the table keeps it: NFKC (full width ``Ａ`` is ``A``), without one leading
    ``@`` (a mention names the player)."""
    return unicodedata.normalize("NFKC", name).strip().removeprefix("@")


ENGLISH_NAME_WORDS = frozenset(
    {
        *(k for k, kind in SLASH_NAMES.items() if kind in ("win", "self_draw", "draw", "false_win")),
        *("wins", "won", "zimo", "self-draw", "self-draws", "self-drew", "self-drawn", "self_draw"),
        *("drawn", "draws", "kong", "false_win", "false-win"),
        *("undo", "redo", "score", "settle", "help", "history", "export", "stats"),
        *("rules", "chart", "leaderboard", "season", "currency", "calc", "waits", "shuxin"),
    }
)
"""English words the free-text reader (:mod:`taipai.bot.service.natural`: ``Ben wins Ann 12``,
``Ben zimo 8``, ``draw``, ``undo``, ``Ben kong``) takes for a command: never a player name, as the
Cantonese command words are not (a table with a player called ``draw`` could book no 流局)."""


def check_names(names: tuple[str, ...]) -> tuple[str, ...]:
    """The four names of ``開枱`` normalised (:func:`normalize_name`), or :class:`CommandError` for
    the first that cannot be a player: empty, starting with ``/``, holding whitespace or control
    characters, holding a separator of the winners of one discard (``;`` / ``；``, :data:`LEG_SPLIT`:
    ``name_separator``), longer than :data:`MAX_NAME`, a seat wind (東南西北, also 東家/東位), a
    command word (Cantonese, or English, :data:`ENGLISH_NAME_WORDS`, ignoring case), a word of speech
    the free-text reader gives a meaning to (:func:`taipai.bot.service.speech.reader_words`: 我 你 佢,
    the particles 啦 喇 呀 咗, 又, "I" / "me": ``name_speech``), or
    the same as another name (ignoring case and width; ``name_duplicate`` then holds both spellings as
    typed: ``first`` and ``name``, e.g. ``a`` and ``A``).  A game's name (any name of
    :func:`taipai.core.registry.system_by_name`: ``台灣牌``, ``taiwan``, ``廣東牌`` …) is never a player:
    ``開枱 A B C 台灣牌`` is three names and a game, refused with ``open_usage`` (four names are needed)."""
    words = command_words()
    seen: dict[str, str] = {}  # casefolded name -> the first spelling typed
    out: list[str] = []
    for raw in names:
        name = normalize_name(raw)
        shown = "".join(c for c in raw if not has_control(c))[:MAX_NAME]
        if not name:
            raise CommandError("name_empty", name=shown)
        if has_control(name):
            raise CommandError("name_control", name=shown)
        if any(c.isspace() for c in name):
            raise CommandError("name_control", name=shown)
        if name.startswith("/"):
            raise CommandError("name_slash", name=name)
        if LEG_SPLIT.search(name):  # B;1 食 A would read as two winners' legs
            raise CommandError("name_separator", name=shown)
        if len(name) > MAX_NAME:
            raise CommandError("name_too_long", name=shown, limit=str(MAX_NAME))
        if system_by_name(name) is not None:
            raise CommandError("open_usage")
        if name.removesuffix("家").removesuffix("位") in SEAT_WORDS:
            raise CommandError("name_seat", name=name)
        key = name.casefold()
        if key in words or key in ENGLISH_NAME_WORDS:
            raise CommandError("name_command", name=name)
        if key in reader_words():  # 我 is the speaker, 啦 ends a line: 「B: 我自摸」 would book 「我」
            raise CommandError("name_speech", name=name)
        if name in HAND_WORDS or is_count_text(name):
            raise CommandError("name_word", name=name)
        if key in seen:
            raise CommandError("name_duplicate", name=shown, first=seen[key])
        seen[key] = shown
        out.append(name)
    return tuple(out)


def _kong_payer(hand: str) -> tuple[str, str]:
    """Split a trailing ``A包`` / ``包 A`` / ``A 包`` off a self-draw's hand: ``(hand, payer or "")``."""
    bits = hand.split()
    if len(bits) >= 3 and bits[-2] == "包":
        return " ".join(bits[:-2]), bits[-1]
    if len(bits) >= 3 and bits[-1] == "包":  # 「12番 阿明 包」, spaced as 「阿明包」 is glued
        return " ".join(bits[:-2]), bits[-2]
    if len(bits) >= 2 and len(bits[-1]) > 1 and bits[-1].endswith("包"):
        return " ".join(bits[:-1]), bits[-1][:-1]
    return hand, ""


def without_bao(hand: str) -> str:
    """A self-draw's hand without its 包 part (``12番 槓上 C包`` → ``12番``; a hand message keeps its
    context words): what is left to read as a count or as tiles."""
    hand, payer = _kong_payer(hand.strip())
    return _kong_said(hand, payer)[0]


def _kong_said(hand: str, payer: str) -> tuple[str, str]:
    """Take the kong words off a bare count, with 包 or without: ``("12番 槓上", "C")`` →
    ``("12番", "槓上")`` (雞平和 floors a bare 槓上 self-draw, 包 or not).  A word that says the kong was
    not from a discard (暗槓, 加槓) wins over 槓上.  A hand message keeps its words (they are tiles and
    context there): ``(hand, "")``; so does a count with 暗槓 / 加槓 and no 包 (it says no 槓上).
    ``payer``: the player named with 包, ``""`` when none.

    Raises:
        CommandError: ``count_too_large`` for a count over :data:`MAX_FAN` (as :func:`read_count`).
    """
    bits = hand.split()
    said = [
        b
        for b in bits
        if b in KONG_DRAW_WORDS or b in NOT_EXPOSED_KONG_WORDS or (payer and b in BAO_GROUND_WORDS)
    ]
    rest = [b for b in bits if b not in said]
    if not said or len(rest) != 1 or read_count(rest[0]) is None:
        return hand, ""
    if not payer and any(b in NOT_EXPOSED_KONG_WORDS for b in said):  # 暗槓 says no 槓上開花: not read
        return hand, ""
    return rest[0], next((b for b in said if b in NOT_EXPOSED_KONG_WORDS), said[0])


def _chase(player: str, what: str) -> RecordPrize:
    """``A 追`` (honour or terminal: 1 底), ``A 追 二萬`` (by the tile), ``A 追 再追`` (2 底)."""
    if what in CHASE_AGAIN_WORDS or what.lower() == "again":
        prize = "chase_again"
    elif not what:
        prize = "chase"
    else:
        prize = _chase_by_tile(what)
    return RecordPrize(prize, player=player, tile=what, loose=True)


def _chase_by_tile(tile: str) -> str:
    """追 of ``tile``: honours and 1/9 → ``chase`` (1 底); 2–8 → ``chase_simple`` (2 底).

    Seed 004 追: 「如果「追」的牌為字牌…或幺九牌，須付各一底籌碼」; 「非幺九字牌…須付各兩底」.
    A bare numeral (``追 二``) is enough: the suit does not change the prize.  Anything but one tile
    (``二三萬``, ``123萬``, ``九九萬``) is refused with ``chase_usage``: the prize depends on the tile.
    """
    t = unicodedata.normalize("NFKC", tile).strip()
    if len(t) == 1 and t in _TERMINAL_RANKS:
        return "chase"
    if len(t) == 1 and t in _SIMPLE_RANKS:
        return "chase_simple"
    from taipai.core.tiles import ORPHANS

    tile_kind = one_tile(t)
    if tile_kind is None:
        raise CommandError("chase_usage")
    return "chase" if tile_kind in ORPHANS else "chase_simple"


def one_tile(text: str) -> int | None:
    """The tile kind (0..33) ``text`` names when it names exactly one tile (``九筒``, ``9p``, ``東``),
    read by the hand notation (DESIGN §4); ``None`` for anything else (``二三萬``, ``九九萬``, words)."""
    from taipai.core.notation import tokenize

    try:
        tokens = tokenize(text)
    except HandError:
        return None
    if len(tokens) == 1 and len(tokens[0].tiles) == 1:
        return tokens[0].tiles[0]
    return None


def _rob(robber: str, prize: str, robbed: str) -> RecordPrize:
    """``A 七搶一 B`` / ``A 一搶七 B``: B pays A 6 底 (``CashPrize(prize, player=B, other=A)``)."""
    return RecordPrize(prize, player=robbed, other=robber)


def _win_legs_slash(rest: str) -> tuple[str, tuple[Leg, ...]] | None:
    # /win B A <hand>   or   /win B A 12; C A 8   (several winners on one discard)
    legs: list[Leg] = []
    discarder = ""
    for part in LEG_SPLIT.split(rest.strip()):
        if not part.strip() and legs:  # 「/win B A 12;」: a trailing separator, as in free text
            continue
        bits = part.split(None, 2)
        if len(bits) < 3:
            return None
        if discarder and bits[1] != discarder:
            raise CommandError("two_discarders", first=discarder, second=bits[1])
        discarder = bits[1]
        legs.append(Leg(bits[0], bits[2].strip()))
    return (discarder, tuple(legs)) if legs else None


_NAME_SPLIT = re.compile(r"[\s,，、]+")
"""The names after 開枱: separated by spaces, commas (also full width) or 、."""


def _parse_words(raw: str) -> Command | None:
    words = _words(raw)
    head = words[0]
    if head in OPEN_WORDS:
        return _open(_NAME_SPLIT.split(raw.split(None, 1)[1].strip()) if len(words) > 1 else [])
    single = {
        **dict.fromkeys(DRAW_WORDS, "draw"),
        **dict.fromkeys(SCORE_WORDS, "score"),
        **dict.fromkeys(SETTLE_WORDS, "settle"),
        **dict.fromkeys(UNDO_WORDS, "undo"),
        **dict.fromkeys(REDO_WORDS, "redo"),
        **dict.fromkeys(HELP_WORDS, "help"),
        **dict.fromkeys(HISTORY_WORDS, "history"),
        **dict.fromkeys(EXPORT_WORDS, "export"),
    }
    if head in single and len(words) == 1:
        return _PLAIN[single[head]]()
    if head in RULES_WORDS:
        return Rules(tuple(words[1:]))
    if head in BIRD_WORDS and len(words) == 2 and _looks_like_tiles(words[1]):  # 鳥 三萬
        return RecordBird(words[1])
    if head in BIRD_WORDS and len(words) == 2 and _is_flower(words[1]):  # 鳥 春: a flower has no number
        raise CommandError("bird_flower", tile=words[1])
    if head in BIRD_WORDS and len(words) == 1:  # a bare 鳥, as a bare /bird: the usage line
        raise CommandError("bird_usage")
    if head in SHUXIN_WORDS and len(words) == 2:  # 數信 三, 數信 2份 (the game reads the word)
        return RecordShuxin(words[1])
    if head in SHUXIN_WORDS and len(words) == 1:
        raise CommandError("shuxin_usage")
    stuck = next((w for w in _STUCK_WORDS if head.startswith(w) and len(head) > len(w)), None)
    if stuck is not None and _looks_like_tiles(head[len(stuck) :]):  # 「計番123萬 …」, 「聽一二三萬 …」
        rest = raw.strip()[len(stuck) :].strip()
        return CalcHand(rest) if stuck in CALC_WORDS else ShowWaits(rest)
    if head in CALC_WORDS or head in WAITS_WORDS:
        rest = raw.split(None, 1)[1].strip() if len(words) > 1 else ""
        if head in WAITS_WORDS and not _looks_like_tiles(rest):
            return None  # 「聽」, 「聽 你講」, 「聽 中文歌」: talk, not tiles
        return CalcHand(rest) if head in CALC_WORDS else ShowWaits(rest)
    if len(words) == 1 and PRIZE_WORDS.get(head) in ("dice_triple", "dice_123"):
        return RecordPrize(PRIZE_WORDS[head])
    said_alone = _said_alone(words)
    if said_alone is not None:
        return said_alone
    special = _parse_table_words(words)
    if special is not None:
        return special
    if head in CUT_WORDS and len(words) <= 2:
        return AcceptCut(words[1] if len(words) == 2 else "")
    if head in NOCUT_WORDS and len(words) <= 2:
        return DeclineCut(words[1] if len(words) == 2 else "")
    if len(words) >= 2 and (words[1] in SELF_DRAW_WORDS or words[1] in KONG_SELF_DRAW_WORDS):
        if len(words) < 3:
            raise CommandError("no_hand")
        hand, payer = _kong_payer(raw.split(None, 2)[2].strip())
        hand, said = _kong_said(hand, payer)
        said = words[1] if words[1] in KONG_SELF_DRAW_WORDS and not said else said
        return RecordSelfDraw((Leg(words[0], hand),), kong_payer=payer, kong_said=said)
    if len(words) >= 3 and words[1] in WIN_WORDS:
        return _win_words(raw)
    if len(words) >= 2 and words[1] in DEAL_IN_WORDS:
        return _win_words(raw)
    if len(words) >= 2 and words[1] in ROB_KONG_WORDS:
        if len(words) < 4:
            raise CommandError("rob_kong_usage")
        bits = raw.split(None, 3)
        return RecordWin(bits[2], (Leg(bits[0], bits[3].strip()),), robbed_kong=True)
    return None


_SUIT_MARKS = frozenset("萬万筒索条條饼餅[［【")
_STUCK_WORDS = sorted((*CALC_WORDS, *WAITS_WORDS), key=len, reverse=True)
"""計番 / 聽 words a hand may be written against (聽牌 before 聽)."""


@functools.cache
def own_hand_tests() -> tuple[Callable[[str], bool], ...]:
    """The "is this one of my hands" tests of the games whose hands the mahjong notation does not read
    (:attr:`~taipai.core.chat.ChatVocabulary.hand_like`: 字牌), read once through each ``SYSTEM``.

    Every game's test is asked, not only the open table's: a line is read before its table is, and
    a hand of another game typed at a table gets that table's refusal pointing at the card it
    cannot read, which says more than silence."""
    tests = (system.chat.hand_like for system in SYSTEMS.values())
    return tuple(dict.fromkeys(t for t in tests if t is not None))


def _looks_like_tiles(text: str) -> bool:
    """Whether the words after 聽 try to write tiles: a suit or a wildcard bracket, or nothing but
    tile characters (``東東東 南南``), or a hand of a game with its own cards (:func:`own_hand_tests`:
    字牌's ``碰 三三三 …``); 「你講」 and 「中文歌」 are talk."""
    if any(looks(text) for looks in own_hand_tests()):
        return True
    plain = _norm(text)
    if any(c in _SUIT_MARKS for c in plain) or re.search(r"[1-9][mps]", plain):
        return True
    letters = [c for c in plain if not c.isspace()]
    tiles = [c for c in letters if c not in _FLOWER_LIKE]
    return bool(tiles) and all(c in _TILE_LIKE or c == "保" for c in tiles)


def _is_flower(word: str) -> bool:
    """Whether ``word`` names one flower (``春``, ``花:蘭``, ``兰``): never a 鳥, which is read by its
    number (seed 002 「名詞解釋」 ·鳥牌)."""
    plain = _norm(word).removeprefix("花:").replace("兰", "蘭")
    return len(plain) == 1 and plain in FLOWER_NAMES_ZH


_FLOWER_LIKE = frozenset("春夏秋冬梅蘭兰菊竹花:")
"""Characters a hand may hold beside its tiles (``花:春梅``); with them, and with 河源百搭's 保, a 聽 of
honours (``聽 春夏 南 北 西 中 白``, ``聽 保保保``) is a try at tiles, answered, not talk."""


OPEN_LANGUAGES = {
    "english": "en",
    "en": "en",
    "英文": "en",
    "zh": "zh_Hant_HK",
    "中文": "zh_Hant_HK",
    "廣東話": "zh_Hant_HK",
    "广东话": "zh_Hant_HK",
    "粵語": "zh_Hant_HK",
}
"""Language words that may end ``開枱`` (compared case-folded).  They count only after the four names
(and a game), as a fifth or sixth word, so no player is ever named ``English`` by accident: four
names and a fifth word that is neither a game nor one of these is refused (``open_game``)."""


OPEN_SETTING_WORDS = frozenset(
    {"百搭", "wild", "wilds", "寶牌", "宝牌", "treasure", "扎鳥", "扎鸟", "紮鳥", "bird"}
)
"""Words that start a setting after the names of ``開枱`` (compared case-folded): seed 001's wildcard
scheme (``百搭 窗 四萬``), 寶牌 (``寶牌 四萬``) and 扎鳥 (``扎鳥 開``), as ``規則`` takes them."""


def open_settings(words: list[str]) -> tuple[list[str], tuple[tuple[str, str], ...]]:
    """The words of ``開枱`` without their settings, and the settings: from the first
    :data:`OPEN_SETTING_WORDS` word after three names on, each setting word with the one or two words
    after it (``百搭 窗 四萬``, ``寶牌 四萬``; ``wild=window`` is ``wild window``).  A language word may
    still end the command (``開枱 A B C D 百搭 心皇 English``).

    Raises:
        CommandError: ``open_setting`` (``word`` the setting word) when a setting word has no value or
            more than two words.
    """
    split: list[str] = []
    for w in words:
        head, eq, rest = w.partition("=")
        split.extend([head, rest] if eq and head.casefold() in OPEN_SETTING_WORDS else [w])
    words = [w for w in split if w]
    at = next((i for i, w in enumerate(words) if i >= 3 and w.casefold() in OPEN_SETTING_WORDS), None)
    if at is None:
        return words, ()
    head, tail = words[:at], words[at:]
    if len(tail) > 2 and tail[-1].casefold() in OPEN_LANGUAGES:
        head.append(tail.pop())
    groups: list[tuple[str, list[str]]] = []
    for w in tail:
        if w.casefold() in OPEN_SETTING_WORDS:
            groups.append((w, []))
        else:
            groups[-1][1].append(w)
    for word, value in groups:
        if not 1 <= len(value) <= 2:
            raise CommandError("open_setting", word=word)
    return head, tuple((word, " ".join(value)) for word, value in groups)


def _open(words: list[str]) -> OpenTable:
    """The names after 開枱 / ``/newgame``: four players, and a game's name before or after them
    (``開枱 A B C D 台灣牌``, ``/newgame A B C D taiwan``; Cantonese and English names from
    :func:`taipai.core.registry.system_by_name`).

    A game played by three (:attr:`~taipai.core.system.RuleSystem.players`, 字牌) takes three names:
    ``開枱 A B C 字牌``.

    Raises:
        CommandError: ``open_usage`` (not four names), ``open_game`` (five words, neither end a game:
            ``word`` is the last, ``games`` the games there are), ``open_count`` (a game not played by
            four named with another count of names: ``game``, ``count``, ``usage``: ``開枱 A B C 字牌``),
            ``open_setting`` (:func:`open_settings`).
    """
    words, settings = open_settings(words)
    if settings:
        return dataclasses.replace(_open(words), settings=settings)
    words = [w for w in words if w]
    named = len(words) >= 4 and _game_at_an_end(words[:-1], 3) is not None  # 開枱 A B C 字牌 English
    if (len(words) in (5, 6) or named) and words[-1].casefold() in OPEN_LANGUAGES:
        table = _open(words[:-1])
        return OpenTable(table.players, system=table.system, locale=OPEN_LANGUAGES[words[-1].casefold()])
    odd = _game_at_an_end(words, None)
    if odd is not None and odd[0].players != 4:  # a game not played by four: its own count of names
        system, names = odd
        if len(names) not in seat_counts(system):  # 字牌: three, or four with one sitting out (數信)
            usage = " ".join(("開枱", *"ABCD"[: system.players], system.names[0]))
            if len(seat_counts(system)) > 1:
                four = " ".join(("開枱", *"ABCDE"[: system.players + 1], system.names[0]))
                game, count = system.names[0], str(system.players)
                raise CommandError("open_count_sitter", game=game, count=count, usage=usage, four=four)
            raise CommandError("open_count", game=system.names[0], count=str(system.players), usage=usage)
        return OpenTable(names, system=system.id)
    if len(words) == 5:
        for at in (4, 0):
            system = system_by_name(words[at])
            if system is not None:
                return OpenTable(tuple(words[:at] + words[at + 1 :]), system=system.id)
        raise CommandError("open_game", word=words[4], games=game_names())
    if len(words) != 4:
        raise CommandError("open_usage")
    for word in (words[-1], words[0]):
        if system_by_name(word) is None and _game_like(word):  # 開枱 A B C 三人牌: no game we know, not a
            # fourth player; 開枱 A B C 台灣牌 (a game of four with three names) is refused as open_usage
            raise CommandError("open_game", word=word, games=game_names())
    return OpenTable(tuple(words))


GAME_ENDINGS = ("牌", "麻將", "麻将", "麻雀", "mahjong", "mj")
"""How the name of a game ends (``台灣牌``, ``四川麻將``, ``mahjong``): a word of ``開枱`` that ends
so and names no game taipai knows is an unknown game, not a player (:func:`_open`)."""


def _game_like(word: str) -> bool:
    """Whether ``word`` (not a game's name: those are read first) is written like one: it ends as
    :data:`GAME_ENDINGS` say, in three characters or more (``三人牌``, ``日本麻雀``; ``阿牌`` is a player)."""
    folded = _norm(word).casefold()
    return len(folded) >= 3 and any(folded.endswith(e) and len(folded) > len(e) for e in GAME_ENDINGS)


def _game_at_an_end(words: list[str], players: int | None) -> tuple[RuleSystem, tuple[str, ...]] | None:
    """The game named by the last word of ``words``, else by the first, and the other words (the
    names); only a game of ``players`` players when that is given.  ``None`` when neither end names one."""
    for at in (len(words) - 1, 0):
        system = system_by_name(words[at]) if len(words) > 1 else None
        if system is not None and players in (None, system.players):
            return system, tuple(words[:at] + words[at + 1 :])
    return None


def game_names() -> str:
    """The games a table may pick at 開枱, as the chat shows them: ``港式台牌 (hk-taiwan), 台灣牌
    (taiwan), …`` (each system's first name and its id, in the registry's order)."""
    return ", ".join(f"{s.names[0]} ({s.id})" for s in SYSTEMS.values())


def _said_alone(words: list[str]) -> Command | None:
    """A player's own claim said without their name (:attr:`Said.mine`): ``八仙過海`` (``八仙過海 3台``),
    ``詐糊``, a prize that names one player (``一台花``, ``暗槓``), ``七搶一 C`` (``七搶一 C 3台``),
    ``追`` (``追 二萬``, ``再追``).
    ``None`` for anything else.

    Raises:
        CommandError: ``flower_win_usage`` / ``rob_usage`` when more follows than a count.
    """
    head, rest = words[0], words[1:]
    if head in FLOWER_WIN_WORDS:
        return RecordFlowerWin("", hand=_flower_hand(rest, "flower_win_usage"), mine=True)
    if head in FALSE_WIN_WORDS and not rest:
        return RecordFalseWin("", mine=True)
    if head in PRIZE_WORDS and not rest and PRIZE_WORDS[head] not in ("dice_triple", "dice_123"):
        return RecordPrize(PRIZE_WORDS[head], mine=True, loose=head in ("暗槓", "暗杠"))
    if head in ROB_WORDS and rest:
        robbed, hand = rest[0], _flower_hand(rest[1:], "rob_usage")
        return dataclasses.replace(_rob("", ROB_WORDS[head], robbed), hand=hand, mine=True)
    if (head in CHASE_WORDS and len(rest) <= 1) or (head in CHASE_AGAIN_WORDS and not rest):
        return _chase_said_alone(head, rest)
    return None


def _chase_said_alone(head: str, rest: list[str]) -> RecordPrize | None:
    """``追``, ``追 二萬``, ``再追`` said by the one who 追 (the payer, seed 004 追: 「須付各一底籌碼」):
    :attr:`Said.mine`.  ``追 佢`` (no tile) is talk: ``None``; ``追 二三萬`` (tiles, not one) is refused
    with ``chase_usage``."""
    what = head if head in CHASE_AGAIN_WORDS else (rest[0] if rest else "")
    try:
        return dataclasses.replace(_chase("", what), mine=True)
    except CommandError:
        if rest and any(c in _TILE_LIKE for c in unicodedata.normalize("NFKC", rest[0])):
            raise
        return None


def _flower_hand(rest: list[str], usage: str) -> str:
    """The count after a 花胡 (``3台`` of ``B 八仙過海 3台``): nothing, or one count; else ``usage``."""
    if not rest:
        return ""
    if len(rest) == 1 and read_count(rest[0]) is not None:
        return rest[0]
    raise CommandError(usage)


def _parse_table_words(words: list[str]) -> Command | None:
    """``B 詐糊``, ``B 一台花`` and the other prizes, ``A 追 [tile]``, ``A 七搶一 B``, ``B 飛 九筒``."""
    if len(words) < 2:
        return None
    who, word, rest = words[0], words[1], words[2:]
    if word in FALSE_WIN_WORDS:
        if rest:
            raise CommandError("false_win_usage")
        return RecordFalseWin(who)
    if word in PRIZE_WORDS:
        if rest:
            if word in ("暗槓", "暗杠"):
                return None  # a hand message with a concealed kong, not the prize
            raise CommandError("prize_usage", command=word)
        return RecordPrize(PRIZE_WORDS[word], player=who, loose=word in ("暗槓", "暗杠"))
    if word in CHASE_WORDS and len(rest) <= 1:
        try:
            return _chase(who, rest[0] if rest else "")
        except CommandError:
            if rest and any(c in _TILE_LIKE for c in unicodedata.normalize("NFKC", rest[0])):
                raise  # 「A 追 二三萬」: tiles, but not one tile; the prize depends on the tile
            return None  # 「我 追 佢」 is talk: no tile, no command
    if word in CHASE_AGAIN_WORDS and not rest:
        return _chase(who, word)
    if word in ROB_WORDS:
        if not rest:
            raise CommandError("rob_usage")
        robbed = _rob(who, ROB_WORDS[word], rest[0])
        return dataclasses.replace(robbed, hand=_flower_hand(rest[1:], "rob_usage"))
    if word in FLOWER_WIN_WORDS:
        return RecordFlowerWin(who, hand=_flower_hand(rest, "flower_win_usage"))
    if word in FLY_WORDS and len(rest) == 1:
        return RecordFly(who, rest[0], loose=True)
    return None


def _win_words(raw: str) -> RecordWin:
    """``B 食 A <hand>``, ``A 出銃 B <hand>`` (A dealt in to B), or several legs on one discard
    (``B 食 A 12番; C 食 A 8番``, the forms may mix).  Every leg must name the same discarder:
    ``two_discarders`` names the first two that differ."""
    legs: list[Leg] = []
    discarder = ""
    for part in LEG_SPLIT.split(raw.strip()):
        if not part.strip() and legs:  # 「B 食 A 12番;」: a trailing separator
            continue
        bits = part.split(None, 3)
        deal_in = len(bits) >= 2 and bits[1] in DEAL_IN_WORDS
        given = bits[3].split(None, 1) if deal_in and len(bits) == 4 and bits[2] in GIVE_WORDS else []
        if len(given) == 2:  # 「A 出銃 俾 B 12番」: to B (a player called 俾 is still 「A 出銃 俾 12番」)
            bits = [*bits[:2], *given]
        if len(bits) < 3 or not (deal_in or bits[1] in WIN_WORDS):
            raise CommandError("deal_in_usage" if deal_in else "win_usage")
        if len(bits) < 4:
            raise CommandError("no_hand")
        who, by = (bits[2], bits[0]) if deal_in else (bits[0], bits[2])
        if discarder and by != discarder:
            raise CommandError("two_discarders", first=discarder, second=by)
        discarder = by
        legs.append(Leg(who, bits[3].strip()))
    return RecordWin(discarder, tuple(legs))


_CN_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "兩": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
COUNT_UNITS: tuple[str, ...] = tuple(
    sorted(
        {"番", "翻", "台", "fan", *(u for system in SYSTEMS.values() for u in system.chat.count_units)},
        key=lambda u: (-len(u), u),
    )
)
"""Every unit word a count may carry at some game's table (番 翻 台 fan, 字牌's 油 胡 排: each game's
:attr:`~taipai.core.chat.ChatVocabulary.count_units`), longest first: a count is read with any of
them, and the table's game then takes it or refuses it in its own unit (:func:`count_unit`)."""
UNIT_PATTERN = "|".join(re.escape(u) for u in COUNT_UNITS)
""":data:`COUNT_UNITS` as a regular expression alternation."""
_CJK_UNITS = "|".join(re.escape(u) for u in COUNT_UNITS if not u.isascii())
_COUNT = re.compile(rf"^([0-9]+)\s*(?:{UNIT_PATTERN})?$", re.I)
"""A count: digits and the unit 番 (翻, and 台 as Taiwanese tables say it, or fan; 油 胡 排 at 字牌),
which may be left out."""
_BAD_COUNT = re.compile(rf"^(?:[-−]\s*[0-9]+(?:\.[0-9]+)?|[0-9]+\.[0-9]+)\s*(?:{UNIT_PATTERN})?$", re.I)
"""A count that is not a whole number of fan, 0 or more (``-3番``, ``1.5番``): a bad count, not a tile."""
_CN_COUNT = re.compile(rf"^([零〇一二兩两三四五六七八九十百千萬万廿卅]+)\s*(?:{_CJK_UNITS})$")
_UNIT = re.compile(rf"({UNIT_PATTERN})$", re.I)


def read_cn_number(s: str) -> int | None:
    """A number in Chinese numerals: ``十二`` → 12, ``廿四`` → 24 (廿 20, 卅 30), ``三百六十`` → 360,
    ``一千`` → 1000, ``一萬`` → 10000 (萬 / 万 multiply what came before); ``None`` when ``s`` holds
    anything else."""
    total, current, myriads = 0, 0, 0
    for ch in s:
        if ch in _CN_DIGITS:
            current = _CN_DIGITS[ch]
        elif ch == "十":
            total += (current or 1) * 10
            current = 0
        elif ch in "廿卅":  # Cantonese 廿 = 20, 卅 = 30 (廿四番 = 24)
            total += 20 if ch == "廿" else 30
            current = 0
        elif ch == "百":
            total += (current or 1) * 100
            current = 0
        elif ch == "千":
            total += (current or 1) * 1000
            current = 0
        elif ch in "萬万":
            myriads += ((total + current) or 1) * 10000
            total, current = 0, 0
        else:
            return None
    return myriads + total + current


def count_unit(hand: str) -> str:
    """The unit word a bare count was typed with (``12台`` → ``台``, ``十二番`` → ``番``, ``12 fan`` →
    ``fan``), ``""`` when it has none (``12``) or ``hand`` is no count.  Which units a table takes is
    its game's (:attr:`taipai.core.chat.ChatVocabulary.count_units`)."""
    s = unicodedata.normalize("NFKC", hand).strip()
    if not (_COUNT.match(s) or _CN_COUNT.match(s)):
        return ""
    m = _UNIT.search(s)
    return m.group(1).lower() if m else ""


def read_count(hand: str) -> int | None:
    """A bare fan count: ``12``, ``12番``, ``12翻``, ``１２番`` (full width), ``十二番`` → 12,
    ``廿四番`` → 24 (廿 20, 卅 30).

    Returns ``None`` when ``hand`` is not a bare count (then it is a hand message).  Chinese numerals
    need the 番/翻 suffix so that a hand like ``一二三萬`` is never read as a number.  ``0番`` is a
    count: a hand worth 底 only (the table always adds 底 and dealer fan to the count).

    Raises:
        CommandError: ``count_too_large`` for a count over :data:`MAX_FAN`; the digits are measured
            before any conversion, so a 5000-digit count is refused like ``10000番``.
    """
    s = unicodedata.normalize("NFKC", hand).strip()
    m = _COUNT.match(s)
    if m:
        digits = m.group(1).lstrip("0") or "0"
        if len(digits) > len(str(MAX_FAN)):
            _too_large()
        value: int | None = int(digits)
    else:
        m = _CN_COUNT.match(s)
        if not m:
            return None
        value = read_cn_number(m.group(1))
        if value is None:
            return None
    if value > MAX_FAN:
        _too_large()
    return value


def _too_large() -> NoReturn:
    """Refuse a bare count over :data:`MAX_FAN`."""
    raise CommandError("count_too_large", limit=str(MAX_FAN))
