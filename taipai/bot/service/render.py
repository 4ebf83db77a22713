"""Reply texts: what the chat reads after each command, in the current locale (``taipai.bot.i18n``).

Pure functions of table values; no I/O.  Amounts are fan units (番) shown exactly; when the table's
``rate`` is not 1 the money is shown beside them, rounded to the cent (:func:`cash`).  Tile and
pattern names come from the rule set and the core, never from the catalogues.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from taipai.bot import money_format
from taipai.bot.i18n import N_, _, current_locale
from taipai.bot.service import foreign, natural
from taipai.bot.service.history import LegRow, leg_rows, settled_money
from taipai.bot.service.parse import MAX_FAN, CommandError
from taipai.bot.service.reads import DEALER_PATTERN, ReadHand
from taipai.bot.service.split import utf16_len
from taipai.core.chat import Said, shown
from taipai.core.context_words import ContextWords
from taipai.core.errors import HandError
from taipai.core.registry import DEFAULT_SYSTEM, SYSTEMS, system_by_id
from taipai.core.settle import settle_transfers
from taipai.core.system import has_round_wind
from taipai.core.table import (
    ChainMove,
    CutOffer,
    Draw,
    Event,
    FalseWin,
    Payment,
    RuleChanged,
    SelfDraw,
    SessionEnded,
    TableError,
    TableOpened,
    TableState,
    WinByDiscard,
)
from taipai.core.table.amounts import Amount
from taipai.core.table.money import MAX_MONEY
from taipai.core.table.state import WINDS, TableSettings
from taipai.core.tiles import name_zh
from taipai.systems.hk_taiwan.chains import kick_amount
from taipai.systems.hk_taiwan.events import CashPrize, CutChain, FlyTile
from taipai.systems.hk_taiwan.options import TableOptions
from taipai.systems.hk_taiwan.prizes import PRIZES

if TYPE_CHECKING:
    from taipai.bot.service.history import HistoryItem

_CN = "零一二三四五六七八九"


def cn_number(n: int) -> str:
    """Chinese numeral for 0..99 (``3`` → ``三``, ``12`` → ``十二``); larger numbers as digits."""
    if n < 10:
        return _CN[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return ("" if tens == 1 else _CN[tens]) + "十" + (_CN[ones] if ones else "")
    return str(n)


def level_name(level: int) -> str:
    """拉一 / 拉二 … in Cantonese, ``la 1`` … in English."""
    n = cn_number(level) if current_locale().startswith("zh") else str(level)
    return _("la {n}").format(n=n)


def amount(value: Amount) -> str:
    """An exact amount of fan units or money, grouped in thousands in the reply's locale
    (:func:`taipai.bot.money_format.count`): ``18``, ``-7``, ``2.5``, ``-123,447.5``, ``0.1``, and
    ``5/3`` when no finite decimal exists.  Never goes through ``float`` (no rounding, no ``e+30``)."""
    return money_format.count(value)


def signed(value: Amount) -> str:
    """``+18``, ``-18``, ``0``."""
    return ("+" if value > 0 else "") + amount(value)


def cash(value: Amount, *, sign: bool = False) -> str:
    """Money in the chat's currency (:func:`taipai.bot.money_format.money`: Babel, the current
    currency and locale), rounded to the cent, grouped in thousands, its sign first: ``HK$1,080``,
    ``-HK$7.50``, ``+HK$0.83`` for 0.825 (``sign``: show ``+``), ``NT$1,080`` at a chat that chose
    台幣; ``HK$0`` for an amount under half a cent."""
    return money_format.money(value, sign=sign)


def rate_of(state: TableState) -> Amount:
    """Money a ledger unit is worth: the table's rate per fan (hk-taiwan, DESIGN §6); 1 at a table
    whose ledger counts money already (taiwan 底 + 台 × 台額, hk-old 底 × multiplier)."""
    rate: Amount = getattr(state.options, "rate", 1)
    return rate


def counts_fan(state: TableState) -> bool:
    """Whether the table's ledger counts fan units priced by a rate (hk-taiwan) rather than money."""
    return system_by_id(state.system).table.amounts == "fan"


def unit_of(state: TableState) -> str:
    """The unit of a hand's value at this table's game: ``番``, ``台`` or ``翻`` (DESIGN §10)."""
    return system_by_id(state.system).unit


def money(state: TableState, value: Amount) -> str:
    """Fan units with money beside them when the table's rate is not 1: ``18 (HK$1,080)``; at a
    table whose ledger counts money (:func:`counts_fan` false), the money: ``HK$1,080``."""
    if not counts_fan(state):
        return cash(value)
    if rate_of(state) == 1:
        return amount(value)
    return _("{fan} ({money})").format(fan=amount(value), money=cash(state.options.money(value)))


def players_line(state: TableState) -> str:
    """``東 A、南 B、西 C、北 D``: the players in their fixed seat order from 開枱, each with the seat
    wind they sit in now (the dealer is 東; the wind that names them in a command and scores their
    hand).  After B takes the deal from A: ``北 A、東 B、南 C、西 D``."""
    return _(", ").join(f"{state.seat_wind(p.name)} {p.name}" for p in state.players)


# ---------------------------------------------------------------------------------------- help
def greeting() -> str:
    """The first thing the terminal chat says: the games a table can play (every system of the
    registry, its Chinese name and id) and how to open a table of each."""
    return _(
        "taipai keeps score for {games}. Start a table with: 開枱 A B C D (東 南 西 北; A deals first), "
        "which plays {default}; name a game after the four players to play another, e.g. "
        "開枱 A B C D 台灣牌 or /newgame A B C D hk-old."
    ).format(
        games=_(", ").join(f"{s.names[0]} ({s.id})" for s in SYSTEMS.values()),
        default=game_name(DEFAULT_SYSTEM),
    )


def said(label: Said) -> str:
    """A system's label (:class:`~taipai.core.chat.Said`) in the current locale."""
    return _(label.msgid).format(**label.values())


def count_word(system_id: str, n: int | None = None) -> str:
    """A count as the chat's examples write it at a table of ``system_id``: ``12番``, ``3台``, ``3翻``
    (``n``: the number; the system's example count when ``None``)."""
    system = system_by_id(system_id)
    return f"{system.chat.example_count if n is None else n}{system.unit}"


def count_limit(system_id: str, options: TableSettings | None = None) -> int:
    """The largest count a table of ``system_id`` pays: its 最大 (hk-old ``maximum``, seed 003 「先講好最大
    多小台」; a larger count is paid as it) when the game has one, else the largest count the chat takes
    (:data:`~taipai.bot.service.parse.MAX_FAN`).  ``options``: the table's settings (the game's
    defaults when None)."""
    opts = system_by_id(system_id).table.default_options() if options is None else options
    maximum = getattr(opts, "maximum", None)
    return maximum if isinstance(maximum, int) and not isinstance(maximum, bool) else MAX_FAN


def help_text(system_id: str = DEFAULT_SYSTEM, options: TableSettings | None = None) -> str:
    """The ``/help`` reply at a table of the game ``system_id`` (the chat's open table, else the
    default, 港式台牌): the commands every game shares, in that game's unit, then the game's own lines
    (:attr:`~taipai.core.chat.ChatVocabulary.help` and ``notes``), each in its Cantonese and slash
    forms; a kind of command the game does not book (:attr:`~taipai.core.chat.ChatVocabulary.books`)
    is not listed.  ``options``: the table's settings, for the largest count it pays
    (:func:`count_limit`: 廣東牌's 最大)."""
    system = system_by_id(system_id)
    chat = system.chat
    n = chat.example_count
    limit = str(count_limit(system_id, options))
    fill = {"count": count_word(system_id), "n": str(n), "unit": system.unit, "limit": limit}
    fill["game"] = system.names[0]

    def own(key: str) -> str | None:
        msgid = chat.lines.get(key)  # the game's wording of a shared line (ChatVocabulary.lines)
        return _(msgid).format(**fill) if msgid else None

    lines = [
        _("Commands:"),
        _("Game at this table: {game}, counted in {unit}.").format(
            game=game_name(system_id), unit=system.unit
        ),
        own("help_open")
        or _("開枱 A B C D  /newgame A B C D: open a table (seats 東 南 西 北, A deals first)"),
        _pick_a_game(),
        own("help_language")
        or _(
            "開枱 A B C D English  /newgame A B C D en: the table in English (中文 or zh: Cantonese); "
            "the group keeps that language, /lang en or /lang zh changes it"
        ),
        _(
            "B 食 A {count}  /win B A {n}: B wins on A's discard; a hand message works in place of {count}"
        ).format(**fill),
        _("A 出銃 B {count}: the same win, said by the discarder").format(**fill),
        own("help_self_draw")
        or _("B 自摸 {count}  /selfdraw B {n}: B wins by self-draw; each of the three pays").format(**fill),
    ]
    if "rob_kong" in chat.books:
        lines.append(_("B 搶槓 A {count}  /robkong B A {n}: B robs A's kong (搶槓); A pays").format(**fill))
    lines += [_(m).format(**fill) for m in chat.help]
    lines += [
        own("help_draw") or _("流局  /draw: exhaustive draw"),
        _("計數  /score: balances, dealer and 連莊"),
        _("撤銷  /undo, 重做  /redo: undo or redo the last event"),
        _("坐 南  /sit 南: take your seat (a seat wind or your name), held by your account"),
        _("離座  /leave: give up your seat; a chat admin frees anyone's with 離座 南 (/leave 南)"),
        _(
            "📝 記牌  /record: record a hand in taps (who won, 出銃 or 自摸, the count, confirm); the 坐東 "
            "坐南 坐西 坐北 buttons under 開枱 take a seat, and a new table seats the same accounts again"
        ),
        _("埋數  /settle: end the session and settle"),
        _("圖表 or 走勢  /chart: each player's balance hand by hand, as a picture (埋數 sends it too)"),
        _("歷史  /history: the hands so far; 匯出  /export: the session as a CSV file"),
        own("help_calc")
        or _(
            "計番  /calc <hand>: score and explain a hand without booking it (圖 at the end: its picture); "
            "聽  /waits <tiles>: the tiles a hand one short of a win waits on, and what each scores"
        ),
        _(
            "戰績  /stats [session|month|season|all]: hands won, 自摸, 出銃, biggest hand and net money "
            "(今晚, 本月, 賽季, 全部); players are matched across sessions by the names typed at 開枱"
        ),
        _(
            "排行榜  /leaderboard [month|season|all]: players by net money; 新賽季  /season: a new season "
            "(a chat admin or the table's creator); 匯出 賽季  /export season: the season as one CSV file"
        ),
        _(
            "貨幣 NT$  /currency TWD: the currency money is written in, HK$ (HKD) unless changed: "
            "HK$, $ (USD), NT$, ¥ (CNY) (the table's creator or a chat admin)"
        ),
        _(
            "規則  /rules: show the table's settings; /rules NAME VALUE changes them "
            "(the table's creator or a chat admin)"
        ),
    ]
    lines += [_(m).format(**fill) for m in chat.notes]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------- errors
_COMMAND_ERRORS = {
    "open_usage": N_("Open a table with four names: 開枱 A B C D (or /newgame A B C D)."),
    "open_count": N_("{game} is played by {count} players: {usage}"),
    "open_count_sitter": N_(
        "{game} is played by {count} players: {usage}; or a fourth sits each hand out (數信): {four}"
    ),
    "open_setting": N_(
        "「{word}」 after the names takes its value: 開枱 A B C D 百搭 窗 四萬 (a scheme and the turned "
        "tile), 開枱 A B C D 寶牌 四萬."
    ),
    "flower_win_usage": N_("A flower win is written: B 八仙過海 (or /flowerwin B), or A 七搶一 B."),
    "bird_usage": N_("鳥 is written with its one tile, right after the win: 鳥 三萬 (or /bird 三萬)."),
    "bird_flower": N_(
        "「{tile}」 is a flower, which has no number: the 鳥 is a suit tile (一 … 九) or an honour "
        "(東南西北中發白 count 1 … 7), e.g. 鳥 三萬."
    ),
    "shuxin_usage": N_(
        "數信 is written with the one card the sitter turned, right after the win: 數信 三 (or /shuxin 三); "
        "after a win booked as a count, say the shares: 數信 2份."
    ),
    "open_game": N_(
        "「{word}」 is not a game taipai knows. Open a table with four names, 開枱 A B C D, and a game's "
        "name after them if it is not 港式台牌: {games}."
    ),
    "win_usage": N_(
        "A win on a discard is written: B 食 A {example}, or B 食 A followed by the hand (/win B A {n})."
    ),
    "two_discarders": N_(
        "One message books one discard, but it names two discarders ({first} and {second}). Several "
        "winners on one discard are written B 食 A {example}; C 食 A {example}; send other wins on their own."
    ),
    "deal_in_usage": N_(
        "A deal-in is written: A 出銃 B {example} (A discarded, B won), the same as B 食 A {example}."
    ),
    "self_draw_usage": N_(
        "A self-draw is written: B 自摸 {example}, or B 自摸 followed by the hand (/selfdraw B {n})."
    ),
    "no_hand": N_("Give the hand or its count in {unit} after the names, e.g. B 食 A {example}."),
    "unknown_command": N_("I don't know the command {command}. /help lists the commands."),
    "no_args": N_("{command} takes nothing after it: write {command} alone."),
    "cut_usage": N_("{command} takes at most one name, whose 拉 it is: {command}, or {command} B."),
    "false_win_usage": N_("A false win is written: B 詐糊 (or /falsewin B)."),
    "prize_usage": N_("{command} takes one player's name, e.g. B 一台花 or /flowerset B."),
    "chase_usage": N_(
        "追 is written: A 追, A 追 二萬 (the tile decides 1 or 2 底), or A 再追 (/chase A 東)."
    ),
    "rob_usage": N_("Write the robber first: A 七搶一 B or A 一搶七 B (B pays A 6 底)."),
    "fly_usage": N_("飛牌 is written: B 飛 九筒 (/fly B 九筒)."),
    "rob_kong_usage": N_(
        "搶槓 is written: B 搶槓 A {example}, or B 搶槓 A followed by the hand (/robkong B A {n})."
    ),
    "bad_count": N_("A count in {unit} must be a whole number, 0 or more (e.g. B 食 A {example})."),
    "count_then_words": N_(
        "After the count 「{count}」 comes 「{rest}」, which I can't read. Send one record per "
        "message with the count last (B 食 A {example}), or write the whole hand instead of the count."
    ),
    "count_too_large": N_(
        "That count is too large: at most {limit}{unit}. Write the hand's count, e.g. B 食 A {example}."
    ),
    "name_empty": N_("A player name cannot be empty: 開枱 A B C D."),
    "name_slash": N_("「{name}」 cannot be a player name: names starting with / are commands."),
    "name_control": N_("「{name}」 cannot be a player name: no spaces or control characters in a name."),
    "name_too_long": N_("「{name}」 is too long for a player name: at most {limit} characters."),
    "name_seat": N_(
        "「{name}」 cannot be a player name: 東 南 西 北 name the seats (東 is the dealer's seat)."
    ),
    "count_question": N_(
        "「{count}?」 reads as a question, so nothing was booked. "
        "To book it, send it again without the 「?」."
    ),
    "name_command": N_("「{name}」 cannot be a player name: it is a command word."),
    "name_speech": N_(
        "「{name}」 cannot be a player name: in a record it is a word of speech (我 is whoever says it; "
        "啦 喇 呀 咗 end a sentence; 又 means again)."
    ),
    "name_separator": N_(
        "「{name}」 cannot be a player name: 「;」 separates the winners of one discard "
        "(B 食 A 12番; C 食 A 8番)."
    ),
    "name_word": N_(
        "「{name}」 cannot be a player name: a record would read it as part of the hand (a fan count, "
        "莊, 摸, 碰, 槓, 上 …)."
    ),
    "name_duplicate": N_("「{name}」 is named twice: a table needs four different names."),
    "name_duplicate_spelling": N_(
        "「{first}」 and 「{name}」 are the same name (upper and lower case, full and half width count as "
        "one): a table needs four different names."
    ),
}


_KONG_SHAPES = {
    "kong": N_(
        "「{token}」: a kong is four tiles: 槓 東東東東 (or 槓 東 for short); three of a kind is 碰 東東東."
    ),
    "kong_wild": N_(
        "「{token}」: a kong with wildcards is written with all four tiles, e.g. 暗槓 東東東[皇]."
    ),
}
"""``meld_shape`` errors of a kong (the core's ``hint_args["meld"]``): say how a kong is written."""


def command_error(err: CommandError, system_id: str = DEFAULT_SYSTEM) -> str:
    """The reply to a malformed command (:class:`CommandError`); a name typed twice in two spellings
    (``開枱 a A b B``) names both.  ``system_id``: the game of the chat's open table (the default game
    when none): its examples and limits are in that game's unit (``B 食 A 3台``, ``最多9999台``)."""
    system = system_by_id(system_id)
    fill = {
        "example": count_word(system_id),
        "n": str(system.chat.example_count),
        "unit": system.unit,
        "limit": str(MAX_FAN),
    }
    args = {k: v if k == "games" else short(v) for k, v in err.args_.items()}  # echoed user text stays short
    code = err.code
    if code == "name_duplicate" and args.get("first", args.get("name")) != args.get("name"):
        code = "name_duplicate_spelling"
    return _(_COMMAND_ERRORS.get(code, _COMMAND_ERRORS["unknown_command"])).format(**{**fill, **args})


TABLE_ERRORS = {
    "no_table": N_("No table is open here. Start one with: 開枱 A B C D"),
    "table_open": N_("A table is already open here. 埋數 ends it first."),
    "ended": N_("This session has ended. 開枱 A B C D starts a new one."),
    "bad_players": N_("A table needs four different names: 開枱 A B C D."),
    "unknown_player": N_("That player is not at this table."),
    "same_player": N_("A player cannot win on their own discard, pay themself, or win twice on one discard."),
    "bad_amount": N_("The fan count must be a whole number, 0 or more."),
    "no_legs": N_("Who won? Write B 食 A 12番."),
    "no_chain": N_("There is no 拉 running between those two players."),
    "no_cut_offer": N_("There is no 斬拉 offer for that chain now."),
    "cut_disabled": N_("This table plays 無限拉: a chain cannot be cut."),
    "nothing_to_undo": N_("There is nothing to undo."),
    "nothing_to_redo": N_("There is nothing to redo."),
    "not_dealer": N_("Only the dealer rolls the dice: 圍骰 and 一二三 are the dealer's."),
    "unknown_prize": N_("I don't know that cash prize. /help lists them."),
    "prize_needs_other": N_("Say who is paid: A 七搶一 B."),
    "prize_once": N_(
        "{first} ({player}) is already booked this hand, and {prize} is paid at most once per hand "
        "(一台草 and 一台花 once per player, one dice roll, one 七搶一 / 一搶七). If the first booking "
        "was a mistake, take it back with 撤銷 (it undoes the latest event); otherwise book it next hand."
    ),
    "bao_needs_exposed_kong": N_(
        "包 is only for 槓上自摸 on an exposed kong (明槓出銃者全包): {payer} does not pay all of "
        "{winner}'s self-draw."
    ),
    "first_claim_wins": N_(
        "下家先糊: only {winner}, the first after {discarder} in turn, wins this discard; nothing was "
        "booked. Book {winner}'s win alone ({winner} 食 {discarder} …), or play 一炮多響 (規則 一炮多響 開)."
    ),
    "below_minimum": N_(
        "{winner}'s {count} is below this table's minimum of {minimum} (起糊); nothing was booked."
    ),
    "first_of_three": N_(
        "{winner}'s {count} would open a 3把50胡 match, whose first win needs {minimum}; nothing was booked."
    ),
    "bad_option": N_("This game has no such setting; 規則 lists its settings."),
    "bad_value": N_("That value cannot be booked for this setting; 規則 shows what each setting takes."),
    "bad_event": N_("This game does not book that; /help lists what this table books."),
    "bird_off": N_(
        "This table does not play 扎鳥: 規則 扎鳥 開 turns it on, then 鳥 三萬 right after a win."
    ),
    "unknown_system": N_("This table's game is not one taipai knows: {games}."),
    "sitting_out": N_(
        "{player} sits this hand out (數信: the one opposite the dealer) and neither wins, deals in nor "
        "pays; nothing was booked."
    ),
    "no_sitter": N_(
        "Nobody sits out at this table, so there is no 數信: a table of four opens with 開枱 A B C D 字牌, "
        "and the one opposite the dealer sits out."
    ),
    "shuxin_after_win": N_(
        "數信 is booked right after the win it belongs to, once; the last thing booked here is no win."
    ),
    "shuxin_one_winner": N_("數信 follows a win by one player; this card had several winners."),
    "shuxin_shares": N_(
        "數信 makes 0 to 3 shares (最多3份), each a copy of the turned card in the winner's hand."
    ),
    "shuxin_usage": N_(
        "數信 is written with the one card the sitter turned, e.g. 數信 三 or 數信 叄, or with the shares: "
        "數信 2份."
    ),
    "shuxin_needs_shares": N_(
        "That win was booked as a count, so I can't see the winner's cards: say the shares the turned card "
        "makes, e.g. 數信 2份."
    ),
}
"""The reply to every :class:`TableError` code the core and the systems raise (a test enumerates them)."""


_FIRST_CLAIM_NAMED = N_(
    "{rule}: only {winner}, the first after {discarder} in turn, wins this discard; nothing was booked. Book "
    "{winner}'s win alone ({winner} 食 {discarder} …), or play 一炮多響 (規則 一炮多響 開)."
)
"""``first_claim_wins`` when the game names its rule (``values["rule"]``: 國標's 截和)."""


def table_error(err: TableError, unit: str = "") -> str:
    """The reply to an event the table refused (nothing was stored): every code of
    :data:`TABLE_ERRORS` in the chat's language, with the players and counts it names (``unit``: the
    table's, for a count: ``5翻``).  An error raised without the values its reply names falls back to
    the core's English reason."""
    msgid = TABLE_ERRORS.get(err.code)
    if msgid is None:
        return _("That cannot be booked: {reason}").format(reason=err.message)
    values = {k: short(v) for k, v in err.args_.items()}  # the codes whose reply names the players
    if err.code == "below_minimum":  # hk-old 起糊 (seed 003: 「可以先講好最少幾台才准糊的規定」)
        for key in ("count", "minimum"):
            if key in values:
                values[key] += unit
    if err.code == "unknown_system":
        values = {"games": err.hint}
    if err.code == "first_claim_wins" and "rule" in values:  # the game's own word: 國標 截和
        msgid = _FIRST_CLAIM_NAMED
    try:
        return _(msgid).format(**values)
    except (KeyError, IndexError):
        return _("That cannot be booked: {reason}").format(reason=err.message)


_BAO_REFUSALS = {
    "say_kong": N_(
        "With a bare count I can't see the kong, and 包 is only for 槓上自摸 on an exposed kong "
        "(明槓出銃者全包). If {winner} won on the tile drawn after a kong on {payer}'s discard, say so: "
        "{winner} 自摸 {count} 槓上 {payer}包 (or post the hand with its 槓). Otherwise leave out 包: "
        "each of the three pays."
    ),
    "not_exposed": N_(
        "包 is only for 槓上自摸 on an exposed kong (明槓出銃者全包). A 暗槓 or 加槓 was not made from "
        "anyone's discard, so nobody pays all: book {winner}'s self-draw without 包 and each of the "
        "three pays."
    ),
    "no_kong": N_(
        "包 is only for 槓上自摸 on an exposed kong (明槓出銃者全包), and this hand shows no kong. Write "
        "the kong made from {payer}'s discard as 槓 東東東東 (or 明槓 東), or book the self-draw "
        "without 包."
    ),
}


def bao_refused(reason: str, payer: str, winner: str, count: str) -> str:
    """The reply to 包 on a self-draw that is not shown as 槓上自摸 on an exposed kong (seed 004 槓上自摸
    row: 「明槓出銃者全包」, the seed's only 包); nothing was stored.

    Args:
        reason: ``say_kong`` (a bare count said without 槓上), ``not_exposed`` (the kong is a 暗槓 or
            加槓, in the hand or said with the count) or ``no_kong`` (the hand declares no kong).
        payer, winner: the player named with 包 and the self-drawer.
        count: the count as the example should show it (``12番``); ``""`` for a hand message.

    Raises:
        KeyError: an unknown ``reason``.
    """
    return _(_BAO_REFUSALS[reason]).format(payer=short(payer), winner=short(winner), count=count)


_HAND_ERRORS = {
    "empty": N_("The hand is empty: write the tiles, e.g. 一二三萬 … 摸 東, or a count like {example}."),
    "unknown_token": N_("I can't read 「{token}」. Write tiles like 一二三萬, 123筒, 東 南 中 發 白."),
    "bad_suit_run": N_("「{token}」 needs a suit after the numbers: 萬, 筒 or 索 (e.g. 123萬)."),
    "meld_shape": N_(
        "「{token}」 does not fit its keyword: 上/吃 takes a run like 七八九筒, 碰 three of a kind, 槓 four."
    ),
    "honour_chow": N_("「{token}」: honours cannot make a run (上/吃)."),
    "fifth_copy": N_("There are more than four of 「{token}」."),
    "tile_count": N_(
        "Wrong number of tiles: a {size}-tile win has {tiles} tiles ({melds} melds and a pair), "
        "a kong counts one extra."
    ),
    "no_winning_tile": N_("Which tile did you win on? Add 摸 X for a self-draw or 食 X for a discard."),
    "two_winning_tiles": N_("Only one winning tile, please: one 摸 X or 食 X."),
    "bad_context": N_("「{token}」 has a value I can't use."),
    "wild_unsupported": N_("「{token}」: this table plays no such wildcard."),
    "not_a_win": N_(
        "That is not a winning hand: the tiles do not make 5 melds and a pair, nor a special hand."
    ),
    "wild_unplaceable": N_("The wildcard 「{token}」 cannot be read as any tile that completes the hand."),
    "bad_rules": N_("The table's rule file does not load."),
    "bad_bracket": N_("「{token}」: a bracket is not closed or not opened. Write [皇] or [碰 發發發]."),
    "bad_winning_tile": N_("「{token}」: write exactly one tile after 摸 or 食, e.g. 摸 東."),
    "duplicate_flower": N_("The flower 「{token}」 is written twice; each flower is one tile."),
    "scoring_unavailable": N_("Hand scoring is not available here; give the count, e.g. {example}."),
    "bare_count": N_(
        "「{token}」 is a fan count: taipai score needs the tiles, e.g. 一二三萬 … 摸 東. "
        "Book a bare count in the chat: B 食 A 12番 or B 自摸 12番."
    ),
    "over_budget": N_(
        "This hand has too many wildcard readings to work out, so nothing was booked: "
        "give its count instead, e.g. B 自摸 {example}."
    ),
    "caishen_in_meld": N_(
        "財神 cannot be used in a 吃, 碰 or 槓 (「不可吃碰杠」): keep the 財神 in the hand, written as the "
        "tile itself."
    ),
    "caishen_unknown": N_(
        "Which tile is 財神 this hand? Say it in the hand, e.g. 財神 六萬, or set it for the table with "
        "規則 財神 六萬."
    ),
}

_EMPTY_TILES_ONLY = N_("The hand is empty: write the tiles, e.g. 一二三萬 … 摸 東.")
"""The empty-hand reply where a bare count is not accepted (``taipai score``, DESIGN §5)."""

_NOT_A_WIN_13 = N_(
    "That is not a winning hand: the tiles do not make 4 melds and a pair, nor a special hand."
)
"""``not_a_win`` at a 13-tile game (廣東牌, 國標, 雞平和 …): four melds and the eyes, not five."""

_OVER_BUDGET_TILES_ONLY = N_(
    "This hand has too many wildcard readings to work out within the scoring budget: no score is given."
)
"""``over_budget`` where a bare count is not accepted (``taipai score``): nothing to book there."""


_WILD_MELD_RULES = {
    "wilds_per_meld": N_(
        "「{token}」: this table allows at most {limit} wildcard in one chow, pung or kong."
    ),
    "no_wilds_in_melds": N_("「{token}」: this table does not use wildcards in 上/碰/槓."),
    "kind_not_in_melds": N_("「{token}」: this table does not use this wildcard in 上/碰/槓."),
}
"""Table rules on wildcards inside declared melds: the reply names the rule, not the tile."""

_WILD_KIND_ERRORS = {
    "bare_several": N_("「{token}」: this table plays several kinds of wildcard; write which one: {kinds}."),
    "no_wilds": N_("「{token}」: this table plays no wildcards."),
    "unknown_kind": N_("「{token}」 is not a kind of wildcard. This table plays: {kinds}."),
    "not_played": N_("「{token}」: this table does not play the 「{kind}」 wildcard. It plays: {kinds}."),
    "flowers_only": N_(
        "「{token}」: this game's only wildcards are its flowers (保); write 保 or the flower, e.g. 春."
    ),
}
"""``wild_unsupported`` by ``hint_args["reason"]`` (DESIGN §4: 「[搭] alone means the table's only
kind, or is an error when the table plays several」): each says what the table plays, written as
the player would write it (``[皇] [筒索萬] …``)."""

_CONTEXT_FIELDS = {
    "streak": N_("「{token}」: the dealer streak (連莊) is a count from 0 to {max}, e.g. 連2."),
    "seat": N_("「{token}」: the seat wind (門風) is one of 東 南 西 北."),
    "round": N_("「{token}」: the round wind (圈風) is one of 東 南 西 北."),
    "option_conflict": N_(
        "「{token}」 and the hand's own words (連N, X圈, X位) say different things: write it once."
    ),
    "dealer_seat": N_("「{token}」: the dealer sits at 東 (seat winds move with the deal)."),
    "flowers": N_(
        "This table plays without flowers (花 = 關), but the hand lists 「{token}」: leave the flowers "
        "out, or turn flowers on with 規則 花 開."
    ),
    # a game's own context checks (雞平和, 廣東牌, 國標: their readings' _check_context)
    "game_flowers": N_(
        "This game is played without flowers (136 tiles), but the hand lists 「{token}」: leave them out."
    ),
    "kong_draw": N_(
        "「{token}」: 槓上開花 is a win on the tile drawn after a kong, so the hand needs its kong: write it "
        "(槓 東東東東, 明槓 東, 暗槓 東 …) and the win as 摸 X."
    ),
    "robbing_kong_drawn": N_(
        "「{token}」 is a win on the tile another player adds to a kong: write it with 食 X, not 摸."
    ),
    "heavenly": N_("「{token}」 (天胡) is the dealer's win on the deal: only the dealer, self-drawn (摸)."),
    "earthly": N_(
        "「{token}」 (地胡) is a non-dealer's win on the dealer's first discard: 食 the dealer's tile."
    ),
    "human": N_(
        "「{token}」 (人胡) is a non-dealer's win on their first drawn tile (摸); a win on the dealer's "
        "first discard is 地胡."
    ),
    "flower_draw": N_("「{token}」 (花上) needs a flower in the hand: list them, e.g. 花:春梅."),
    "hand_win": N_("「{token}」 (手胡) is won with nothing laid down: it needs a 門前清 hand."),
    # seed 001's wildcard schemes (taipai.core.wilds.schemes): a hand's 百搭 word
    "wild_scheme_word": N_(
        "「{token}」 after 百搭 is neither a scheme nor a tile: write 百搭 窗 四萬 (a scheme and the turned "
        "tile) or 百搭 四萬 (the turned tile)."
    ),
    "wild_scheme_twice": N_("「{token}」: say 百搭 once in a hand, e.g. 百搭 窗 四萬."),
    "wild_scheme_tile": N_(
        "「{token}」: this table plays no wildcard scheme that reads a turned tile; say the scheme too, "
        "e.g. 百搭 窗 四萬."
    ),
    "wild_scheme_turned": N_(
        "「{token}」: the table's wildcard scheme needs the turned tile; say it in the hand, e.g. 百搭 四萬."
    ),
    "wild_scheme_game": N_(
        "「{token}」: this game's 財神 is 帶弟百搭 only; write 百搭 五萬 (the turned tile) or 財神 六萬."
    ),
    "wild_scheme_both": N_(
        "「{token}」: this hand says both 財神 and 百搭; say one: 財神 六萬 or 百搭 五萬."
    ),
    "wild_scheme_caishen": N_(
        "「{token}」: this game's 財神 is 帶弟百搭 only, as its 財神 search reads every wild tile as a "
        "copy of one kind that may be any tile (窗百搭 makes five kinds wild, 活動百搭 reads a 白板 as a "
        "natural turned tile, 心皇 is an imagined tile outside the 13, 特別百搭's jokers each have their "
        "own range); write 百搭 五萬 (the turned tile) or 財神 六萬."
    ),
    # seed 001's 寶牌 (taipai.core.wilds.schemes.take_hand_treasure)
    "treasure_word": N_("「{token}」 after 寶牌 is not a tile: write the turned tile, e.g. 寶牌 四萬."),
    "treasure_twice": N_("「{token}」: say 寶牌 once in a hand, e.g. 寶牌 四萬."),
}
"""``bad_context`` errors whose ``hint_args["field"]`` says what the value is for (the dealer streak
of ``連N`` / ``--streak N``, ``taipai score --seat`` / ``--round``): the reply says what would be right."""


def hand_error(
    err: HandError, *, offset: int = 0, counts_accepted: bool = True, system_id: str = DEFAULT_SYSTEM
) -> str:
    """The reply to a hand that cannot be booked: what is wrong, where, and what would be right.

    Args:
        err: the error (its ``code``, ``token``, ``position`` and ``hint_args`` are used).
        offset: where the hand starts in the chat message, so positions count from the message.
        counts_accepted: whether a bare fan count (``12番``) would have been accepted instead of
            tiles: true in the chat, false for ``taipai score`` (its empty-hand reply then suggests
            tiles only).
        system_id: the table's game: a count the reply suggests is in its unit (``3台``).
    """
    own = system_by_id(system_id).chat.hand_error(err) if system_id in SYSTEMS else ()
    if own:  # a game whose hands are not mahjong's (字牌): its own words for its cards and groups
        lines = [_(said.msgid).format(**said.values()) for said in own]
        rows = ["  " + line for line in lines[1:-1]]  # between the head and the last line: its rows
        return "\n".join([*lines[:1], *rows, *lines[1:][-1:]]) + _position(err, offset)
    other = foreign.other_games_word(err.token, system_id) if err.code == "unknown_token" else None
    if other is not None:  # 財神 at 國標: the game has no such thing, another game has
        return _("「{token}」: {game} has no {token}; it is a word of {other}.").format(
            token=short(err.token), game=game_name(system_id), other=game_name(other)
        ) + _position(err, offset)
    if err.code == "unknown_token" and err.token.casefold() in natural.ENGLISH_WINNING_TILE_WORDS:
        return _(
            "「{token}」: in a hand the winning tile comes after 摸 (self-drawn) or 食 (on a discard), e.g. 摸 東."  # noqa: E501
        ).format(token=short(err.token)) + _position(err, offset)
    msgid = _EMPTY_TILES_ONLY if err.code == "empty" and not counts_accepted else _HAND_ERRORS.get(err.code)
    if err.code == "over_budget" and not counts_accepted:  # taipai score: no count to give instead
        msgid = _OVER_BUDGET_TILES_ONLY
    if err.code == "not_a_win" and system_id in SYSTEMS and system_by_id(system_id).hand_size == 13:
        msgid = _NOT_A_WIN_13
    if err.code == "wild_unsupported" and "limit" in err.hint_args:  # more wildcards than allowed
        return _("{count} wildcards in one hand; this table allows at most {limit}.").format(
            count=err.hint_args.get("count", "?"), limit=err.hint_args["limit"]
        )
    if err.code == "below_minimum" and "minimum" in err.hint_args:  # hk-old 起糊, mcr 8番起和
        count = err.hint_args.get("count", "?")
        unit = system_by_id(system_id).unit if system_id in SYSTEMS else "翻"
        if unit == "翻":  # seed 003: 「起糊」
            why = _(
                "{count}翻 is below this table's minimum of {minimum}翻 (起糊): a win needs at least {minimum}翻."  # noqa: E501
            ).format(count=count, minimum=err.hint_args["minimum"])
            comes = _("The hand comes to {count}翻:").format(count=count)
        else:  # seed 002: 「8番起和」
            why = _(
                "{count} is below this table's minimum of {minimum} (起和): a win needs at least {minimum}."
            ).format(count=_fan_or_mark(count, unit), minimum=_fan_or_mark(err.hint_args["minimum"], unit))
            comes = _("The hand comes to {count}:").format(count=_fan_or_mark(count, unit))
        rows = err.hint_args.get("patterns") or ()
        if not rows:  # a bare count: nothing more to show
            return why
        lines = [comes]
        for name, fan, times in rows:  # type: ignore[attr-defined]
            shown_name = name if times <= 1 else f"{name}×{times}"
            lines.append("  " + _("{pattern}: {fan}").format(pattern=shown_name, fan=_fan(fan, unit)))
        return "\n".join([*lines, why])
    if err.code == "not_in_this_game" and "game" in err.hint_args:  # a word of another game's table
        return _("「{token}」 is not counted in {game}; leave the word out.").format(
            token=short(err.token), game=err.hint_args["game"]
        ) + _position(err, offset)
    kong = err.hint_args.get("meld") if err.code == "meld_shape" else None
    if kong in _KONG_SHAPES:  # 槓東東東: a kong is four tiles (or one, for short)
        msgid = _KONG_SHAPES[kong]  # type: ignore[index]
    rule = err.hint_args.get("rule") if err.code == "wild_unplaceable" else None
    if rule in _WILD_MELD_RULES:  # a table rule on wildcards in melds (seed 000 「幾條要講定嘅規矩」)
        return _(_WILD_MELD_RULES[rule]).format(token=short(err.token), limit=err.hint_args.get("limit", 1))
    reason = err.hint_args.get("reason") if err.code == "wild_unsupported" else None
    table_kinds = err.hint_args.get("table_kinds") or ()
    if reason in _WILD_KIND_ERRORS and (table_kinds or reason == "no_wilds"):
        msgid = _WILD_KIND_ERRORS[reason]
        kinds = " ".join(f"[{k}]" for k in table_kinds)  # type: ignore[attr-defined]
        head = _(msgid).format(token=short(err.token), kinds=kinds, kind=err.hint_args.get("kind", ""))
        return head + _position(err, offset)
    field = err.hint_args.get("field") if err.code == "bad_context" else None
    if isinstance(field, str) and field in _CONTEXT_FIELDS:
        msgid = _CONTEXT_FIELDS[field]
    tiles = int(err.hint_args.get("expected", 17))  # type: ignore[call-overload]
    head = (
        _(msgid).format(
            token=short(err.token),
            max=err.hint_args.get("max", ""),
            example=count_word(system_id),
            size=tiles - 1,
            tiles=tiles,
            melds=(tiles - 2) // 3,
        )
        if msgid
        else _("That hand cannot be scored: {reason}").format(reason=err.message)
    )
    parts = [head]
    if err.code == "tile_count" and "got" in err.hint_args and "expected" in err.hint_args:
        parts.append(_("(I count {got}; {expected} were expected.)").format(**err.hint_args))
    if err.token and err.position >= 0:
        parts.append(_position(err, offset).lstrip())
    if err.hint and not msgid:
        parts.append(err.hint)  # only the core's English words are left to say what would be right
    return ("" if current_locale().startswith("zh") else " ").join(parts)


def _position(err: HandError, offset: int) -> str:
    """`` (「token」 is at character N of the message.)`` with the language's spacing, or ``""`` when
    the error has no token or no position."""
    if not err.token or err.position < 0:
        return ""
    text = _("(「{token}」 is at character {position} of the message.)").format(
        token=short(err.token), position=err.position + offset + 1
    )
    return text if current_locale().startswith("zh") else " " + text


def ambiguous_name(names: tuple[str, ...], system_id: str = DEFAULT_SYSTEM) -> str:
    """A win message whose name could be any of ``names`` (one starts another): nothing booked; the
    example count is in the unit of the table's game ``system_id``."""
    return _("Which player: {names}? Put a space after each name, e.g. B 食 {name} {example}.").format(
        names=" / ".join(short(n) for n in names), name=short(names[-1]), example=count_word(system_id)
    )


def unknown_player(name: str, state: TableState) -> str:
    """``name`` is not seated."""
    return _("{name} is not at this table. Players: {players}.").format(
        name=short(name), players=players_line(state)
    )


def which_win(name: str, other: str, count: str) -> str:
    """A count said alone (``12番``): which win it is, with the two ways to write it."""
    return _("Did you mean: {name} 自摸 {count} or {name} 食 {other} {count}?").format(
        name=name, other=other, count=count
    )


_MISSING = {
    "self_draw_count": N_(
        "{player} 自摸: how many {unit}? Write the count or the hand, e.g. {player} 自摸 {count}."
    ),
    "discarder": N_("{player} 食: on whose discard? e.g. {player} 食 {other} {count}."),
    "win_count": N_(
        "{player} 食 {other}: how many {unit}? Write the count or the hand, e.g. {player} 食 {other} {count}."
    ),
    "fly_tile": N_("{player} 飛: which tile? e.g. {player} 飛 九筒."),
    "deal_in_winner": N_("{player} 出銃: to whom? e.g. {player} 出銃 {other} {count}."),
}


def missing_part(kind: str, player: str, other: str, system_id: str = DEFAULT_SYSTEM) -> str:
    """A record message without its count, discarder or tile (``kind`` of
    :class:`~taipai.bot.service.implied.Missing`): what is missing and the right form, for
    ``player`` (and ``other``, the discarder named or the next seat as an example), with a count in
    the unit of the table's game ``system_id`` (``12番``, ``3台``, ``3翻``)."""
    unit = system_by_id(system_id).unit
    shown_unit = _("fan") if unit == "番" else unit  # 番 reads "fan" in English; 台 and 翻 as they are
    return _(_MISSING[kind]).format(player=player, other=other, count=count_word(system_id), unit=shown_unit)


def bare_hand(player: str, other: str, hand: str, self_drawn: bool) -> str:
    """A whole hand said by seated ``player`` with no 自摸 / 食 X in front: nothing is booked; the
    reply shows the message written as a record (``other``: the next seat, as an example discarder)."""
    if self_drawn:
        return _("Nothing booked. Is it your self-draw? Write: {player} 自摸 {hand}").format(
            player=player, hand=hand
        )
    return _("Nothing booked. On whose discard? Write: {player} 食 {other} {hand}").format(
        player=player, other=other, hand=hand
    )


def own_discard() -> str:
    """A win on the winner's own discard."""
    return _("You cannot win on your own discard.")


def hand_says_self_drawn() -> str:
    return _(
        "The message says a win on a discard (食) but the hand says 摸 (self-drawn). Write B 自摸 … instead."
    )


def hand_says_discard() -> str:
    return _("The message says 自摸 but the hand says 食 (a discard). Write B 食 A … instead.")


def no_table(system_id: str | None = None) -> str:
    """No table is open; how to open one of ``system_id``'s (the chat's last table's game, when known)."""
    return with_opening(_(TABLE_ERRORS["no_table"]), system_id)


def opening_names(system_id: str | None) -> str:
    """The players and game of a 開枱 example for ``system_id``: ``A B C D`` (the default game, or
    none known), ``A B C D 國標``, ``A B C 字牌`` (a game of three: its own count of names)."""
    if system_id is None or system_id not in SYSTEMS or system_id == DEFAULT_SYSTEM:
        return "A B C D"
    system = system_by_id(system_id)
    return " ".join((*"ABCD"[: system.players], system.names[0]))


def with_opening(text: str, system_id: str | None) -> str:
    """``text`` (a translated line holding the example ``A B C D`` after 開枱) with the example of
    ``system_id``'s table (:func:`opening_names`)."""
    return text.replace("A B C D", opening_names(system_id), 1)


def no_table_settled() -> str:
    """計數 with no open table when the chat's last table was settled: says so before its result."""
    return _(
        "No table is open here: the last one was settled (埋數). 撤銷 takes the 埋數 back; "
        "開枱 A B C D starts a new table."
    )


def no_table_cancelled(state: TableState) -> str:
    """計數 with no open table when the chat's last table was cancelled (撤銷 right after 開枱):
    nothing was played, so no result to show; how to bring it back or start again."""
    text = _(
        "No table is open here: the last one ({players}) was cancelled before anything was played. "
        "撤銷 brings it back; 開枱 A B C D starts a new table."
    )
    return with_opening(text, state.system).format(players=players_line(state))


def reopened(by: str, state: TableState) -> str:
    """撤銷 of a 埋數 (or of a cancelled table), given the table's ``state`` once reopened: the table
    is open again; the scoreboard follows."""
    if len(state.history) == 1 and state.prev is None:  # nothing but the 開枱: it had been cancelled
        what = _("cancelling the table")
    else:
        what = describe(SessionEnded(), state)
    return _("{by} undid: {what}. The table is open again; play on.").format(by=by, what=what)


def reopen_refused() -> str:
    """撤銷 of a 埋數 when a new table was opened in the chat meanwhile."""
    return _(
        "The 埋數 cannot be taken back: a new table has been opened here since. 撤銷 now undoes the new "
        "table's last event."
    )


def cancelled(by: str, state: TableState) -> str:
    """撤銷 right after 開枱 (nothing played): the table is cancelled; how to open it again."""
    text = _(
        "{by} cancelled the table ({players}); nothing was played. Open it again with the right names: "
        "開枱 A B C D (撤銷 again brings this one back)."
    )
    return with_opening(text, state.system).format(by=by, players=players_line(state))


def already_open(state: TableState | None) -> str:
    if state is None:
        return _(TABLE_ERRORS["table_open"])
    if len(state.history) == 1 and state.prev is None:  # only the 開枱: a typo is cancelled by 撤銷
        return _(
            "A table is already open here ({players}), with nothing played yet. 撤銷 cancels it (e.g. to "
            "fix a name); 埋數 ends it."
        ).format(players=players_line(state))
    return _("A table is already open here ({players}). 埋數 ends it first.").format(
        players=players_line(state)
    )


def not_a_player_cut(speaker: str) -> str:
    return _("{name}: only a player the 斬拉 offer is made to can answer it.").format(name=speaker)


def no_offer(name: str, pending: Sequence[CutOffer] = ()) -> str:
    """``name`` said 斬/唔斬 without an offer of their own; ``pending`` are the table's open offers,
    whose debtors are named as the ones who can answer now."""
    if not pending:
        return _("{name}: there is no 斬拉 offer for you now.").format(name=name)
    debtors = list(dict.fromkeys(o.debtor for o in pending))
    return _("{name}: there is no 斬拉 offer for you now; only {debtors} can answer 斬 or 唔斬 now.").format(
        name=name, debtors=_(", ").join(debtors)
    )


def already_settled() -> str:
    """埋數 said again after the chat's table was settled (there is no open table)."""
    return _(
        "This table has already been settled (埋數). 撤銷 takes the 埋數 back; 歷史 shows it; "
        "開枱 A B C D starts a new table."
    )


def which_offer(name: str, offers: Sequence[CutOffer]) -> str:
    creditors = _(", ").join(o.creditor for o in offers)
    return _("{name}: you have several 斬拉 offers ({creditors}); say whose, e.g. 斬 {first}.").format(
        name=name, creditors=creditors, first=offers[0].creditor
    )


# ---------------------------------------------------------------------------------------- bookings
def opened(state: TableState) -> str:
    """Reply to 開枱: the seats, then the game the table plays and its unit (every game, the default
    港式台牌 too: 「玩法：港式台牌，計番。」)."""
    line = _opened(tuple(p.name for p in state.players))
    game = _("Game: {game}, counted in {unit}.").format(game=game_name(state.system), unit=unit_of(state))
    return line + "\n" + game


def _opened(names: Sequence[str]) -> str:
    """開枱 of ``names`` (seat order 東南西北; the first deals)."""
    seats = _(", ").join(f"{w} {n}" for w, n in zip(WINDS, names, strict=False))
    return _("Table open: {players}. {dealer} deals first.").format(players=seats, dealer=names[0])


def _fan_or_mark(n: object, unit: str) -> str:
    """:func:`_fan` of a whole count; anything else (a ``?`` of an error without its count) with the unit."""
    return _fan(n, unit) if isinstance(n, int) else f"{n}{unit}"


def _fan(n: int, unit: str = "番") -> str:
    """A count in the game's unit: ``12 fan`` (番; 「12番」 in Chinese), ``3台``, ``5翻``; a large one
    grouped in thousands (``1,024翻``: :func:`taipai.bot.money_format.count`)."""
    shown = money_format.count(n)
    if unit == "番":
        return _("{n} fan").format(n=shown)
    return f"{shown}{unit}"


def _patterns(
    read: ReadHand,
    unit: str = "番",
    words: ContextWords | None = None,
    ledger_rows: frozenset[str] | None = None,
) -> list[str]:
    """A scored hand's rows under its count: every pattern but the ones the ledger adds per leg
    (``ledger_rows``, the game's :attr:`~taipai.core.chat.ChatVocabulary.ledger_rows`; 港式台牌's dealer
    2n+1 when None), which the leg's payment line shows; then the second reading and notes."""
    lines: list[str] = []
    if read.score is None:
        return lines
    skip = frozenset({DEALER_PATTERN}) if ledger_rows is None else ledger_rows
    for p in read.score.patterns:
        if p.id in skip:
            continue
        name = p.name if p.count <= 1 else f"{p.name}×{p.count}"
        lines.append("  " + _("{pattern}: {fan}").format(pattern=name, fan=_fan(p.fan, unit)))
    lines.extend("  " + x for x in double_reading_lines(read.score))
    lines.extend("  " + x for x in score_notes(read.score, words))
    return lines


def capped(
    read: ReadHand, unit: str, ledger_rows: frozenset[str] = frozenset(), word: str = "最大"
) -> list[str]:
    """The line saying a hand's count was paid lower than it came to: a bare count above the table's
    最大 (``read.typed`` > ``read.fan``), or a hand whose rows (those the ledger does not add per leg,
    ``ledger_rows``) add up to more than the count booked (廣東牌: 「先講好最大多小台」, seed 003);
    ``[]`` when nothing was capped.  ``word``: the game's word for its cap
    (:attr:`~taipai.core.chat.ChatVocabulary.cap_word`: 最大, 雞平和's 爆和)."""
    if read.score is None:
        said = read.typed
    else:
        said = sum(p.fan for p in read.score.patterns if p.id not in ledger_rows)
    if said is None or said <= read.fan:
        return []
    return [
        "  "
        + _("{said} is above this table's {cap}: paid as {fan}.").format(
            said=_fan(said, unit), cap=word, fan=_fan(read.fan, unit)
        )
    ]


def double_reading_lines(score: object) -> list[str]:
    """The second reading of a hand scored twice, and why it has two 底 (seed 004, 底: 「在此會分別
    計算兩副牌的翻數，計兩個底」); ``[]`` for a hand with one 底.

    Args:
        score: a :class:`taipai.core.scoretypes.Score` (``bases``, ``second_reading``).
    """
    second = getattr(score, "second_reading", ()) or ()
    if getattr(score, "bases", 1) < 2 or not second:
        return []
    return [
        _("Second reading: {groups}").format(groups=" ".join(second)),
        _(
            "Two 底: the hand reads both as 嚦咕嚦咕 and as five melds and a pair; the tile patterns "
            "of both readings count (flowers, 自摸 and the like once), one 底 each."
        ),
    ]


def score_notes(score: object, words: ContextWords | None = None) -> list[str]:
    """What a reader of a scored hand should know besides its patterns: context words that scored
    nothing (``Score.ignored``, named as players write them in the table's game: ``words`` is its
    :attr:`~taipai.core.system.RuleSystem.words`, 港式台牌's when None), and a wildcard search that hit
    its budget (``Score.exact`` false: the best reading found, not proven the best)."""
    table = words or system_by_id(DEFAULT_SYSTEM).words
    notes: list[str] = []
    ignored = getattr(score, "ignored", ()) or ()
    if ignored:
        said = "、".join(table.display(w) for w in ignored)
        notes.append(
            _("Not counted (the tiles or the table rules do not allow it): {words}").format(words=said)
        )
    if getattr(score, "exact", True) is False:
        notes.append(
            _("Best reading found within the search budget (many wildcards): not proven the maximum")
        )
    return notes


def leg_line(state: TableState, leg: LegRow) -> str:
    """One leg of a win, indented: ``  C (for A) → B: 18 (12 fan + 底 5 + dealer 1)``.

    ``state`` prices the amount (its rate); ``leg`` is a :class:`~taipai.bot.service.history.LegRow`.
    When someone pays another's leg (槓上自摸 包) the payer is shown with whose leg it is.
    """
    parts = [_fan(leg.fan), _("底 {n}").format(n=leg.base)]
    if leg.dealer is not None:
        parts.append(_("dealer {n}").format(n=leg.dealer))
    payer = leg.payer
    if leg.leg_of and leg.leg_of != leg.payer:
        payer = _("{payer} (for {other})").format(payer=leg.payer, other=leg.leg_of)
    return "  " + _("{payer} → {winner}: {total} ({parts})").format(
        payer=payer, winner=leg.winner, total=money(state, leg.amount), parts=" + ".join(parts)
    )


def _with_bases(head: str, bases: int) -> str:
    return head + " " + _("({n} 底)").format(n=bases) if bases > 1 else head


def event_lines(
    state: TableState,
    event: Event,
    *,
    before: TableState | None = None,
    legs: Sequence[LegRow] | None = None,
    reads: Sequence[ReadHand] | None = None,
) -> list[str]:
    """What one event did, in the words of its booking reply; ``/history``, the CSV ``note`` and the
    undo/redo replies use the same lines, so nothing the booking said (包, 搶槓, 詐糊, prizes, 飛牌,
    流局/臭莊, 斬) is lost later.

    Args:
        state: prices amounts (its rate).
        event: any table event.
        before: the table the event was applied to (its options, dealer and 連莊); ``state`` when
            ``None``.
        legs: a win's legs (:func:`~taipai.bot.service.history.leg_rows`); ``None``: worked out from
            ``before``.
        reads: the scored hands of a win, one per winner, when the hands were typed (adds each
            hand's pattern lines); ``None`` for a count or a replayed event.

    Returns:
        Lines: a headline per winner (one for other events) at the margin; a win's pattern and leg
        lines indented by two spaces.  Raises nothing for an event the table accepted.
    """
    ref = before or state
    unit = unit_of(ref)
    words = system_by_id(ref.system).words
    skip = system_by_id(ref.system).chat.ledger_rows
    cap = system_by_id(ref.system).chat.cap_word
    if isinstance(event, WinByDiscard | SelfDraw) and legs is None:
        # the legs of fan + 底 + dealer fan are hk-taiwan's; another game's payments are listed after
        legs = leg_rows(event, ref.names, ref.dealer, ref.streak, ref.options) if counts_fan(ref) else ()
    if isinstance(event, WinByDiscard):
        lines: list[str] = []
        for i, w in enumerate(event.legs):
            head = (
                _("{winner} robs {discarder}'s kong (搶槓): {fan}")
                if w.robbed_kong
                else _("{winner} wins on {discarder}'s discard: {fan}")
            ).format(winner=w.winner, discarder=event.discarder, fan=_fan(w.fan, unit))
            lines.append(_with_bases(head, w.bases))
            if reads:
                lines += [*_patterns(reads[i], unit, words, skip), *overruled(ref, reads[i], w.winner)]
                lines += capped(reads[i], unit, skip, cap)
            if legs and i < len(legs):
                lines.append(leg_line(state, legs[i]))
        return lines
    if isinstance(event, SelfDraw):
        head = _("{winner} self-draws (自摸): {fan}").format(winner=event.winner, fan=_fan(event.fan, unit))
        lines = [_with_bases(head, event.bases)]
        if reads:
            lines += [*_patterns(reads[0], unit, words, skip), *overruled(ref, reads[0], event.winner)]
            lines += capped(reads[0], unit, skip, cap)
        return lines + [leg_line(state, leg) for leg in legs or ()]
    if isinstance(event, Draw):
        return [drawn(ref, event)]
    if isinstance(event, FalseWin) and not counts_fan(ref):
        word = system_by_id(ref.system).chat.false_win_word
        return [_("{player}: false win ({word}).").format(player=event.player, word=word)]
    if isinstance(event, FalseWin):
        return [
            _("{player}: false win (詐糊); pays each of the other three {amount}.").format(
                player=event.player, amount=money(state, ref.options.false_win_fan)
            )
        ]
    if isinstance(event, CashPrize):
        who = f"{event.player}→{event.other}" if event.other else event.player
        base = ref.options.prizes[event.prize]
        return [
            _("{player}: cash prize {prize} ({base} 底)").format(
                player=who, prize=prize_name(event.prize), base=amount(base)
            )
        ]
    if isinstance(event, FlyTile):
        return [
            _("{player} flies {tile} (飛牌); recorded, nothing is paid.").format(
                player=event.player, tile=event.tile
            )
        ]
    if isinstance(event, RuleChanged):
        opts = state.options if before is None else before.options.with_option(event.option, event.value)
        row = system_by_id(ref.system).chat.rule_row(event.option, opts)
        what = said(row) if row is not None else rule_change(event.option, event.value, opts)
        head = _("Rule changed: {what}.").format(what=what)
        if event.option == "rate":
            head += "" if current_locale().startswith("zh") else " "
            head += _("A rate change re-prices the whole session, hands already played included.")
        return [head]
    if isinstance(event, CutChain):
        if event.accept:
            cut = _("{debtor} cut the chain to {creditor}")
            return [cut.format(debtor=event.debtor, creditor=event.creditor)]
        return [cut_declined(event.debtor, event.creditor)]
    if isinstance(event, SessionEnded):
        return [_("settlement (埋數)")]
    if isinstance(event, TableOpened):
        return [_opened(event.players)]
    if (
        event.kind == "flower_win"
    ):  # 台灣牌 花胡 (seed 003): 八仙過海, or 七搶一 of the robbed player's flower
        robbed = getattr(event, "robbed", None)
        tai = _fan(getattr(event, "tai", 8), unit)
        if robbed:
            return [
                _("{winner} robs {robbed}'s flower (七搶一): {tai}").format(
                    winner=getattr(event, "winner", ""), robbed=robbed, tai=tai
                )
            ]
        return [
            _("{winner}: all eight flowers (八仙過海): {tai}").format(
                winner=getattr(event, "winner", ""), tai=tai
            )
        ]
    own = system_by_id(ref.system).chat.own_lines(ref, event)
    if own:  # 歡樂麻將's 鳥: whom it lands on and what it doubles
        # a game's own win with its hand typed (字牌's B 食 翻 <hand>) shows the hand's rows as a win does
        rows = [*_patterns(reads[0], unit, words, skip), *capped(reads[0], unit, skip, cap)] if reads else []
        return [*(said(x) for x in own), *rows]
    if event.kind == "bird":  # QQ 歡樂麻將 (seed 002 鳥牌): the legs it lands on are paid once more
        tile = name_zh(getattr(event, "tile", 0))
        return [_("鳥 {tile}: each leg it doubles is paid again (none: it doubles no leg)").format(tile=tile)]
    return [str(event.kind)]  # Undo / Redo: never in the history


def heads(lines: Sequence[str]) -> list[str]:
    """The headlines of :func:`event_lines` (the lines at the margin)."""
    return [x for x in lines if not x.startswith(" ")]


def joined(lines: Sequence[str]) -> str:
    """Several reply lines as one (a CSV cell): ``A, B`` (zh ``A、B``), each line stripped."""
    return _(", ").join(x.strip() for x in lines)


def win(before: TableState, event: WinByDiscard, reads: Sequence[ReadHand]) -> list[str]:
    """Lines describing each leg of a win by discard: the breakdown and what each leg is worth."""
    return event_lines(before, event, before=before, reads=reads)


def self_draw(before: TableState, event: SelfDraw, read: ReadHand) -> list[str]:
    """Lines describing a self-draw: the breakdown and each of the three legs (with 包: who pays
    whose leg)."""
    return event_lines(before, event, before=before, reads=[read])


def overruled(state: TableState, read: ReadHand, winner: str) -> list[str]:
    """The hand message said 莊, 連n, a round wind (西圈) or a seat wind (北位) against the table:
    the table's dealer, 連莊, round and ``winner``'s seat counted, one line for each."""
    lines: list[str] = []
    if "round_wind" in read.overruled:
        lines.append("  " + _("The round wind is the table's: {round} round").format(round=state.round_wind))
    if "seat_wind" in read.overruled:
        lines.append(
            "  "
            + _("The seat wind is the table's: {player} sits {seat}").format(
                player=winner, seat=state.seat_wind(winner)
            )
        )
    if "dealer" in read.overruled:
        lines.append("  " + _("The dealer is the table's: {dealer} deals").format(dealer=state.dealer))
    if "streak" in read.overruled:
        if state.streak:
            lines.append("  " + _("連莊 is the table's: 連{n}").format(n=state.streak))
        else:
            lines.append("  " + _("連莊 is the table's: no 連莊"))
    return lines


def moves(state: TableState, items: Iterable[ChainMove], before: TableState | None = None) -> list[str]:
    """One line per 拉 chain change.  With ``before`` (the state the event was applied to) a raise
    shows its arithmetic, old + old×½ (rounded up) + the new hand: ``42（17 + 17×½→9 + 16）``; a 踢半
    always shows the halving, rounded down: ``75 一半 → 37``."""
    out: list[str] = []
    for m in items:
        args = {
            "debtor": m.debtor,
            "creditor": m.creditor,
            "level": level_name(m.level),
            "amount": money(state, m.amount),
        }
        if m.action in ("open", "raise"):
            line = _("{level}: {debtor} owes {creditor} {amount}").format(**args)
            old = _old_chain(before, m) if m.action == "raise" else None
            if old is not None:
                half = (old + 1) // 2
                line += "" if current_locale().startswith("zh") else " "
                line += _("({old} + {old}×½→{half} + {new})").format(
                    old=old, half=half, new=m.amount - old - half
                )
            out.append(line)
        elif m.action == "kick":
            out.append(
                _(
                    "踢半: {debtor} kicks back {creditor}'s {level}, paying half: {amount} halved → {half}"
                ).format(**args, half=money(state, kick_amount(m.amount)))
            )
        elif m.action == "settle":
            out.append(_("{level} settled: {debtor} → {creditor} {amount}").format(**args))
        elif m.action == "cut":
            out.append(_("斬拉: {debtor} pays {creditor} the {level} chain, {amount}").format(**args))
    return out


CHAIN_RULES = frozenset({"la_settle", "kick_half", "cut"})
"""Payment rules a :func:`moves` line already shows (找數, 踢半, 斬拉): not repeated by :func:`payments`."""


def _old_chain(before: TableState | None, move: ChainMove) -> int | None:
    """The amount of the chain ``move`` raised, as it was in ``before``."""
    if before is None:
        return None
    for c in before.chains:
        if (c.debtor, c.creditor) == (move.debtor, move.creditor):
            return c.amount
    return None


def payments(
    state: TableState,
    items: Iterable[Payment],
    *,
    before: TableState | None = None,
    event: Event | None = None,
) -> list[str]:
    """What changed hands now, one line per payer → payee (summed over rules).  Chain payments are
    left to the :func:`moves` lines printed with them; an undo's payments are refunds.

    With the ``event`` and the table ``before`` it, a line shows what it adds up from when the game
    says (:attr:`~taipai.core.chat.ChatVocabulary.leg_parts`): ``A pays B 300 (底 100 + 3台 × 50 +
    作莊 50)`` at 台灣牌, ``A pays D 48 (包自摸: A pays all three shares, 16 each)`` at 廣東牌."""
    totals: dict[tuple[str, str, bool], Amount] = {}
    for p in items:
        if p.rule in CHAIN_RULES:
            continue
        key = (p.payer, p.payee, p.rule.startswith("undo:"))
        totals[key] = totals.get(key, 0) + p.amount
    parts_of = system_by_id(state.system).chat.leg_parts
    out: list[str] = []
    for (payer, payee, refund), value in totals.items():
        if value == 0:
            continue
        if value < 0:
            payer, payee, value = payee, payer, -value
        msg = _("{payer} refunds {payee} {amount}") if refund else _("{payer} pays {payee} {amount}")
        line = msg.format(payer=payer, payee=payee, amount=money(state, value))
        was = raised_from(before, event, payer, payee, value) if not refund else None
        if was is not None:  # a 鳥 pays a leg of the win before it once more: say what it was and is
            line = _("{payer} pays {payee} {amount} more ({was} → {now})").format(
                payer=payer,
                payee=payee,
                amount=money(state, value),
                was=money(state, was),
                now=money(state, was + value),
            )
        parts = parts_of(before, event, payer, payee) if before is not None and event is not None else ()
        if parts and not refund:
            line = _("{line} ({parts})").format(line=line, parts=" + ".join(said(x) for x in parts))
        out.append(line)
    return out


def raised_from(
    before: TableState | None, event: Event | None, payer: str, payee: str, again: Amount = 0
) -> Amount | None:
    """What ``payer`` paid ``payee`` in the win a 鳥 ``event`` raises (the last entry of ``before``'s
    history), in ledger amounts; ``None`` for another event or a pair that paid nothing there.  A leg
    that went into a 拉 chain (港式台牌 with 扎鳥) was ``again``, the leg the 鳥 pays once more."""
    if before is None or event is None or event.kind != "bird" or not before.history:
        return None
    last = before.history[-1]
    was = sum((p.amount for p in last.payments if (p.payer, p.payee) == (payer, payee)), 0)
    if not was and any((m.debtor, m.creditor) == (payer, payee) for m in last.moves):
        return again or None
    return was or None


def lapsed(before: TableState, after: TableState) -> list[str]:
    """The 斬拉 offers the next hand made lapse, unanswered (playing on is 唔斬)."""
    return [
        _("({debtor} did not answer the 斬拉 offer: taken as 唔斬)").format(debtor=o.debtor)
        for o in before.pending
        if o not in after.pending
    ]


def offers(state: TableState, items: Iterable[CutOffer]) -> list[str]:
    """The 斬拉 offers an event made, addressed to each debtor."""
    return [
        _("{debtor}: {creditor} has you on {level} ({amount}). Cut (斬) now? Answer 斬 or 唔斬.").format(
            debtor=o.debtor, creditor=o.creditor, level=level_name(o.level), amount=money(state, o.amount)
        )
        for o in items
    ]


def next_hand(state: TableState) -> str:
    """Who deals next, 連莊, round and hand number (no round in a game without one: 字牌); at a table where
    one sits out (字牌's 數信), who that is next hand."""
    line = _next_deal(state)
    if state.sitter is not None:
        return _("{line} {sitter} sits out (數信).").format(line=line, sitter=state.sitter)
    return line


def _next_deal(state: TableState) -> str:
    if not has_round_wind(system_by_id(state.system)):
        if state.streak:
            return _("Next: {dealer} deals, 連莊 {streak}; hand {hand}.").format(
                dealer=state.dealer, streak=state.streak, hand=state.hand + 1
            )
        return _("Next: {dealer} deals; hand {hand}.").format(dealer=state.dealer, hand=state.hand + 1)
    if state.streak:
        return _("Next: {dealer} deals, 連莊 {streak}; {round} round, hand {hand}.").format(
            dealer=state.dealer, streak=state.streak, round=state.round_wind, hand=state.hand + 1
        )
    return _("Next: {dealer} deals; {round} round, hand {hand}.").format(
        dealer=state.dealer, round=state.round_wind, hand=state.hand + 1
    )


def drawn(before: TableState, event: Draw) -> str:
    """The 流局 line: what the table's game did with the deal — the dealer stays (臭莊), or the deal
    passes to the next dealer (taiwan ``draw_keeps_dealer`` / hk-old ``draw_keeps_deal`` off), as the
    system's :meth:`~taipai.core.system.TableRules.draw` applied to ``before`` decides."""
    system = system_by_id(before.system)
    after = system.table.draw(before, event).state
    own = system.chat.draw_lines  # the game's own words (字牌: 荒莊)
    if own:
        stays, passes = own
        return _(stays) if after.dealer == before.dealer else _(passes).format(dealer=after.dealer)
    if after.dealer == before.dealer:
        return _("Draw (流局): the dealer stays (臭莊).")
    return _("Draw (流局): the deal passes; {dealer} deals next.").format(dealer=after.dealer)


def describe(event: Event, state: TableState) -> str:
    """A one-line description of ``event`` applied to ``state``: the headlines of
    :func:`event_lines` (undo/redo replies, the edit preview, ``taipai ledger``)."""
    return _(", ").join(x.rstrip(".。") for x in heads(event_lines(state, event, before=state)))


def undone(by: str, undone_state: TableState, restored: TableState) -> list[str]:
    """The undo reply's lines: what was undone (in its booking words) and each 拉 chain step it
    reversed (``拉三 → 拉二: A owes B 38``, ``拉一 cancelled …``, ``拉一 back: …``).

    Args:
        by: who asked.  undone_state: the table with the event (its last history entry is the one
            undone).  restored: the table after the undo (``undone_state.prev``).
    """
    entry = undone_state.history[-1]
    what = describe(entry.event, restored)
    return [_("{by} undid: {what}.").format(by=by, what=what), *undo_moves(restored, entry.moves)]


def undo_moves(restored: TableState, items: Sequence[ChainMove]) -> list[str]:
    """What undoing an event with chain moves ``items`` did to each 拉 chain, in the order the event
    moved them; ``restored`` is the table after the undo (amounts are priced with it)."""
    out: list[str] = []
    for m in items:
        args = {"debtor": m.debtor, "creditor": m.creditor, "level": level_name(m.level)}
        if m.action == "open":
            out.append(
                _("{level} cancelled: {debtor} no longer owes {creditor} {amount}").format(
                    **args, amount=money(restored, m.amount)
                )
            )
        elif m.action == "raise":
            old = restored.chain(m.debtor, m.creditor)
            if old is None:  # pragma: no cover - a raise always had a chain before it
                continue
            out.append(
                _("{level} → {back}: {debtor} owes {creditor} {amount}").format(
                    **args, back=level_name(old.level), amount=money(restored, old.amount)
                )
            )
        else:  # kick, settle, cut: the chain is open again
            out.append(
                _("{level} back: {debtor} owes {creditor} {amount}").format(
                    **args, amount=money(restored, m.amount)
                )
            )
    return out


def nothing_more_to_undo(waiting: Event, state: TableState) -> str:
    """撤銷 with everything undone and ``waiting`` the next 重做: the table is not cancelled (that would
    lose the hand to 重做), and the reply says both ways on."""
    return _(
        "Nothing more to undo. 重做 brings back: {what}. To start this table over, 埋數 ends it."
    ).format(what=describe(waiting, state))


def redone(by: str, event: Event, before: TableState) -> str:
    """The redo reply's first line; ``before`` is the table the event is re-applied to."""
    return _("{by} redid: {what}.").format(by=by, what=describe(event, before))


def cut_declined(debtor: str, creditor: str) -> str:
    return _("{debtor} does not cut (唔斬); the chain to {creditor} runs on.").format(
        debtor=debtor, creditor=creditor
    )


# ---------------------------------------------------------------------------------------- score
def scoreboard(state: TableState) -> list[str]:
    """The 計數 reply: hand, round, dealer, each balance (players in seat order, each with the seat
    wind they sit in now), the open chains and offers."""
    head = _("Hand {hand}, {round} round; {dealer} deals")
    if not has_round_wind(system_by_id(state.system)):  # 字牌: no round wind
        head = _("Hand {hand}; {dealer} deals")
    lines = [
        head.format(hand=state.hand + 1, round=state.round_wind, dealer=state.dealer)
        + (_(", 連莊 {streak}").format(streak=state.streak) if state.streak else "")
    ]
    owed = state.owed()
    money = settled_money(state, settle_transfers(state.balances)) if rate_of(state) != 1 else {}
    for p in state.players:
        shown = signed(p.balance) if counts_fan(state) else cash(p.balance, sign=True)
        line = f"  {state.seat_wind(p.name)} {p.name}: {shown}"
        if rate_of(state) != 1:
            line += f" ({cash(money[p.name], sign=True)})"
        if owed[p.name] != p.balance:
            line += " " + _("(with 拉: {owed})").format(owed=signed(owed[p.name]))
        if p.name == state.sitter:  # 字牌's 數信: listed with the balance, out of this hand
            line += " " + _("(sits out this hand: 數信)")
        lines.append(line)
    lines.extend(chain_lines(state))
    lines.extend(offers(state, state.pending))
    return lines


def chain_lines(state: TableState) -> list[str]:
    """The open 拉 chains, a heading and one line each (``拉一：C 欠 B 17``); ``[]`` when none."""
    if not state.chains:
        return []
    return [
        _("拉 running:"),
        *(
            "  "
            + _("{level}: {debtor} owes {creditor} {amount}").format(
                level=level_name(c.level), debtor=c.debtor, creditor=c.creditor, amount=money(state, c.amount)
            )
            for c in state.chains
        ),
    ]


def chains(state: TableState) -> list[str]:
    """The ``/chains`` reply: the open 拉 chains between pairs of players (as in 計數) and any 斬拉
    offer waiting for an answer, or that none is running; at a game without 拉 chains (``chains`` not
    in :attr:`~taipai.core.chat.ChatVocabulary.books`) it says so, naming the game."""
    if "chains" not in system_by_id(state.system).chat.books:
        return [not_booked(state.system, "chains")]
    lines = chain_lines(state) or [_("No 拉 is running.")]
    lines.extend(offers(state, state.pending))
    return lines


def fan_money(state: TableState, value: Amount, *, sign: bool = False, paid: Amount | None = None) -> str:
    """Fan units and money side by side, always: ``+18 fan = +HK$1,080`` (zh: ``+18番 = +HK$1,080``);
    at a table whose ledger counts money, the money alone (``+NT$1,080``).

    ``paid``: the money to show instead of ``value`` × rate (already rounded to the cent)."""
    show = signed if sign else amount
    if not counts_fan(state):
        return cash(value if paid is None else paid, sign=sign)
    money = state.options.money(value) if paid is None else paid
    return _("{fan} fan = {money}").format(fan=show(value), money=cash(money, sign=sign))


def settled(state: TableState, transfers: Sequence[tuple[str, str, Amount]]) -> list[str]:
    """The 埋數 reply: final balances in fan units and money, the fewest transfers that settle them
    (from :func:`taipai.core.settle.settle_transfers`), and the zero-sum check.

    Money is fan units × the table's rate (DESIGN §6; seed 004 底: 「三百六十」 is 底 300, 番 60).
    """
    opts = state.options
    if counts_fan(state):
        head = _("Session over (埋數). Final balances (底 = {base_fan} fan, {rate} a fan):").format(
            base_fan=opts.base_fan, rate=cash(opts.rate)
        )
    else:
        head = _("Session over (埋數). Final balances:")
    lines = [head]
    paid = settled_money(state, transfers)
    for p in state.players:
        shown = fan_money(state, p.balance, sign=True, paid=paid[p.name])
        lines.append(f"  {state.seat_wind(p.name)} {p.name}: {shown}")
    total = sum((p.balance for p in state.players), Fraction(0))
    zero = _("Sum of the balances: {total} (zero-sum)")  # its Cantonese counts four (四家)
    if len(state.players) == 3:
        zero = _("Sum of the three balances: {total} (zero-sum)")
    lines.append(zero.format(total=amount(total)))
    if transfers:
        lines.append(_("To settle:"))
        lines.extend(
            "  " + _("{payer} pays {payee} {amount}").format(payer=a, payee=b, amount=fan_money(state, v))
            for a, b, v in transfers
        )
    else:
        lines.append(_("Nobody owes anything."))
    return lines


# ---------------------------------------------------------------------------------------- prizes etc.
def prize_name(prize: str) -> str:
    """The seed's name of a cash prize id (``chase`` → ``追``); tile/pattern-like, not translated."""
    rule = PRIZES.get(prize)
    return rule.name if rule else prize


def table_event(
    state: TableState, event: Event, paid: Iterable[Payment], before: TableState | None = None
) -> list[str]:
    """Reply to 詐糊, a cash prize, 飛牌 or a rule change: what happened (:func:`event_lines`) and who
    paid whom now; ``before`` is the table the event was applied to (``state`` when ``None``)."""
    return [*event_lines(state, event, before=before), *payments(state, paid)]


_RULE_VALUE_WORDS: dict[str, dict[str, str]] = {
    "la_mode": {
        "every_hand": N_("鋪鋪拉 (every win opens or raises a chain)"),
        "dealer_only": N_("莊家拉 (only the dealer's wins open chains)"),
        "off": N_("no 拉 (every win is paid at once)"),
    },
    "la_break": {
        "next_win": N_("paid in full at the next win that is not between the two"),
        "debtor_wins": N_("open until its debtor wins"),
    },
    "la_on_draw": {"keep": N_("stay open"), "settle": N_("are paid in full")},
    "cut": {
        "every_third": N_("offered at 拉三, 拉六, 拉九 … (三局斬拉)"),
        "from_third": N_("any time from 拉三"),
        "none": N_("never (無限拉)"),
    },
    "multi_win_deal": {
        "dealer_among_winners": N_("stays with the dealer when the dealer is among the winners"),
        "always_pass": N_("always passes"),
    },
}
"""The option values of ``/rules`` in player words (the ids stay the words ``/rules`` accepts)."""

_RULE_WORDS: dict[str, str] = {
    "la_mode": N_("拉: {value}"),
    "la_break": N_("a 拉 chain is {value}"),
    "la_on_draw": N_("on a draw (流局) 拉 chains {value}"),
    "cut": N_("斬拉: {value}"),
    "multi_win_deal": N_("on 一炮雙響/三響 the deal {value}"),
    "base_fan": N_("底 = {value} fan"),
    "false_win_fan": N_("false win (詐糊): {value} fan to each"),
    "dealer_fan_base": N_("dealer fan with no 連莊: {value}"),
    "dealer_fan_per_streak": N_("dealer fan for each 連莊: {value}"),
}
"""How a rule change reads, by option (``rate`` and ``prize.<id>`` are worded in :func:`rule_change`)."""


def rule_change(option: str, value: str, options: TableOptions | None = None) -> str:
    """A rule as set by ``RuleChanged(option, value)``, in player words, not option ids: ``底 = HK$7,
    a fan = HK$1.40`` (``options``: the table's options after the change, for the 底's money; without
    them only the fan's), ``追: 2 底``, ``斬拉: never (無限拉)``.

    Args:
        option: a :class:`TableOptions` field name or ``prize.<id>``.
        value: the value as stored in the event (``"7/5"``, ``"none"``, ``"2"``).
        options: the options now, or ``None``.

    An option or value this module does not know is shown as ``option = value``; never raises.
    """
    try:
        if option == "rate":
            rate = Fraction(value)
            if options is None:
                return _("a fan = {rate}").format(rate=cash(rate))
            base = options.base_fan * rate
            return _("底 = {base}, a fan = {rate}").format(base=cash(base), rate=cash(rate))
        if option.startswith(("prize.", "prizes.")):
            return _("{prize}: {value} 底").format(
                prize=prize_name(option.split(".", 1)[1]), value=amount(Fraction(value))
            )
    except (ValueError, ZeroDivisionError):
        return f"{option} = {value}"
    if option in _RULE_WORDS:
        words = _RULE_VALUE_WORDS.get(option, {})
        shown = _(words[value]) if value in words else value
        return _(_RULE_WORDS[option]).format(value=shown)
    return f"{option} = {value}"


_NOT_BOOKED = {
    "win": N_("{game} does not book a win on a discard; /help lists what this table books."),
    "self_draw": N_("{game} does not book a self-draw; /help lists what this table books."),
    "rob_kong": N_("{game} does not book 搶槓; /help lists what this table books."),
    "multi_win": N_("{game} does not book several winners on one discard; book the first claimant's win."),
    "draw": N_("{game} does not book 流局; /help lists what this table books."),
    "false_win": N_("{game} does not book 詐糊; /help lists what this table books."),
    "cut": N_(
        "{game} has no 拉 chains between two players (港式台牌's 拉/踢), so there is no 斬拉 to answer."
    ),
    "chains": N_("{game} has no 拉 chains between two players (港式台牌's 拉/踢)."),
    "prize": N_("{game} does not book cash prizes (現金獎); /help lists what this table books."),
    "fly": N_("{game} does not record 飛牌; /help lists what this table books."),
    "kong_bao": N_("{game} has no 包: book the self-draw without it, and each of the three pays."),
    "bao": N_("{game} has no 包: book the self-draw without it, and each of the three pays."),
    "flower_win": N_(
        "{game} does not book 花胡 (八仙過海, 七搶一) as a win of its own; a hand's flowers are written "
        "in the hand."
    ),
    "bird": N_("{game} has no 鳥; /help lists what this table books."),
    "shuxin": N_("{game} has no 數信: nobody sits out; /help lists what this table books."),
}
"""The refusal of each command kind (:data:`~taipai.core.chat.COMMAND_KINDS`) a game may not book."""


def not_booked(system_id: str, kind: str) -> str:
    """A command of ``kind`` at a table whose game does not book it (nothing stored): names the game.

    Raises:
        KeyError: ``kind`` is not one of :data:`~taipai.core.chat.COMMAND_KINDS`.
    """
    return _(_NOT_BOOKED[kind]).format(game=game_name(system_id))


def fly_usage(tile: str) -> str:
    """「tile」 is not one tile."""
    return _("「{tile}」 is not one tile. Write B 飛 九筒 (one tile: 九筒, 9p, 東 …).").format(
        tile=short(tile)
    )


def game_name(system_id: str) -> str:
    """The name of a game as the chat shows it: its first Chinese name (``台灣牌``), in English with
    its English name first (``Taiwan 16-tile (台灣牌)``)."""
    system = system_by_id(system_id)
    if current_locale().startswith("zh"):
        return system.names[0]
    return f"{system.english} ({system.names[0]})"


def option_rows(state: TableState) -> list[str]:
    """The settings of the table as its game shows them (:attr:`~taipai.core.chat.ChatVocabulary.rows`:
    ``底 = 100``, ``銃 = 半銃 (…)``), one row each; ``[]`` for a game whose 規則 reply is written here
    (港式台牌's :func:`rules`)."""
    return [said(row) for row in system_by_id(state.system).chat.rows(state.options)]


def _pick_a_game() -> str:
    """The /help line that says how a table picks its game at 開枱."""
    return _("開枱 A B C D 台灣牌  /newgame A B C D taiwan: a table of another game: {games}").format(
        games=_(", ").join(f"{s.names[0]} ({s.id})" for s in SYSTEMS.values())
    )


def rules(state: TableState) -> list[str]:
    """The ``/rules`` reply: the game, every option of the table now, and how to change one."""
    head = _("Rules of this table ({game}):").format(game=game_name(state.system))
    rows = option_rows(state)
    if rows or not counts_fan(state):
        return [head, *("  " + row for row in rows), rules_usage(state)]
    o = state.options
    prizes = _(", ").join(f"{prize_name(k)} {amount(v)}" for k, v in o.prizes.items())
    wild = system_by_id(state.system).chat.rule_row("wild_scheme", o)  # seed 001's scheme (百搭)
    treasure = system_by_id(state.system).chat.rule_row("treasure", o) if o.treasure else None  # 寶牌
    bird = system_by_id(state.system).chat.rule_row("bird", o) if o.bird else None  # 扎鳥
    return [
        head,
        f"  la_mode = {o.la_mode}, la_break = {o.la_break}, la_on_draw = {o.la_on_draw}, cut = {o.cut}",
        "  "
        + _("底 = {base_fan} fan; rate = {rate} a fan (底 = {base})").format(
            base_fan=o.base_fan, rate=cash(o.rate), base=cash(o.money(o.base_fan))
        ),
        "  " + _("A rate change re-prices the whole session, hands already played included."),
        "  " + _("false win (詐糊): {n} fan to each").format(n=o.false_win_fan),
        "  "
        + _("dealer fan {base} + {per} × 連莊 n").format(base=o.dealer_fan_base, per=o.dealer_fan_per_streak),
        "  " + _("cash prizes (底): {prizes}").format(prizes=prizes),
        *(["  " + said(wild)] if wild is not None else []),
        *(["  " + said(treasure)] if treasure is not None else []),
        *(["  " + said(bird)] if bird is not None else []),
        rules_usage(),
    ]


def rule_choices(name: str, now: str, values: Sequence[str]) -> str:
    """``/rules la_mode`` without a value: what it is now and what it may be."""
    return _("{name} is {now} now. Change it with 規則 {name} VALUE; the values: {values}.").format(
        name=short(name), now=now, values=_(", ").join(values)
    )


def rule_number(name: str, now: str) -> str:
    """``/rules rate`` without a value: what it is now; it takes a number."""
    return _("{name} is {now} now. Change it with 規則 {name} and a number, e.g. 規則 {name} 60.").format(
        name=short(name), now=now
    )


def rules_usage(state: TableState | None = None) -> str:
    """How to change a rule: 港式台牌's options with examples; at a table of another game (``state``),
    its own options by name, several pairs in one message."""
    if state is not None and not counts_fan(state):
        example = " ".join(_setting_examples(state)[:2])
        return _(
            "Change a setting with /rules NAME VALUE, several in one message, e.g. /rules {example} "
            "(the table's creator or a chat admin)."
        ).format(example=example)
    return _(
        "Change one with /rules NAME VALUE, e.g. /rules cut none, /rules la_mode dealer_only, "
        "/rules rate 60, /rules base 300, /rules 三百六十, /rules 追 2 (the table's creator or a chat admin)."
    )


def _setting_examples(state: TableState) -> list[str]:
    """``底 100``, ``台 50``: each setting of the table as 規則 takes it, by the first word its game
    has for it (:attr:`~taipai.core.chat.ChatVocabulary.option_words`) and its value now."""
    chat = system_by_id(state.system).chat
    data = state.options.to_dict()
    words: dict[str, str] = {}
    for word, option in chat.option_words.items():
        words.setdefault(option, word)
    return [f"{words.get(k, k)} {chat.value_words.get(k, {}).get(str(v), shown(v))}" for k, v in data.items()]


def game_rule_now(state: TableState, name: str) -> str | None:
    """``規則 NAME`` without a value at a table of another game than 港式台牌 (``規則 爆和`` at 雞平和):
    the setting as the 規則 reply shows it and how to change it, as ``規則 cut`` says at 港式台牌;
    ``None`` when the game has no setting ``name``."""
    chat = system_by_id(state.system).chat
    row = chat.rule_row(chat.option_name(name), state.options)
    if row is None:
        return None
    return _(
        "Now: {row}. Change it with 規則 {name} and its new value (the table's creator or a chat admin)."
    ).format(row=said(row), name=short(name))


def rules_creator_only(creator: str) -> str:
    return _("Only {creator}, who opened the table, can change its rules.").format(creator=creator)


def rules_unknown(name: str) -> str:
    return _(
        "I don't know the rule 「{name}」. Rules: la_mode, la_break, la_on_draw, cut, rate, base, base_fan, "
        "false_win_fan, multi_win_deal, dealer_fan_base, dealer_fan_per_streak, or a cash prize (追 2)."
    ).format(name=short(name))


def rules_bad_value(name: str, value: str) -> str:
    return _(
        "「{value}」 is not a value for {name}. la_mode: every_hand, dealer_only, off; la_break: next_win, "
        "debtor_wins; la_on_draw: keep, settle; cut: every_third, from_third, none; numbers for the rest "
        "(rate 60, base 300, 追 2)."
    ).format(name=short(name), value=short(value))


def game_rule_refused(state: TableState, name: str, value: str, *, money: bool = False) -> str:
    """``規則 NAME VALUE`` refused at a table whose game's settings are its own (not 港式台牌's
    options): a name the game does not have lists its settings by their words and values now (``底 100,
    台 50 …``); a value the setting does not take says what it is now (the 規則 row); ``money`` (the
    game refused it as ``bad_amount``: 底, 台額) also says what money is taken (more than 0, at most 2
    decimals, at most :data:`~taipai.core.table.money.MAX_MONEY`)."""
    chat = system_by_id(state.system).chat
    game = game_name(state.system)
    row = chat.rule_row(name, state.options)
    if row is None:
        return _("{game} has no setting 「{name}」. Its settings, as they are now: {settings}.").format(
            game=game, name=short(name), settings=_(", ").join(_setting_examples(state))
        )
    if money:
        return _(
            "「{value}」 is not an amount of money for {name}: write more than 0, at most 2 decimals and at "
            "most {limit}, e.g. 規則 {name} 100. Now: {now}."
        ).format(value=short(value), name=short(name), limit=f"{MAX_MONEY:,}", now=said(row))
    takes = chat.accepts(name, state.options)
    if takes is not None:
        return _("「{value}」 is not a value for {name}: {takes}. Now: {now}.").format(
            value=short(value), name=short(name), takes=said(takes), now=said(row)
        )
    return _("「{value}」 is not a value for {name}. Now: {now}. 規則 shows every setting.").format(
        value=short(value), name=short(name), now=said(row)
    )


def rules_bad_money(name: str, value: str, limit: int) -> str:
    """A ``rate``/``base`` value that is not sensible money."""
    return _(
        "「{value}」 is not an amount of money for {name}: write more than 0, at most 2 decimals and at most "
        "{limit} a fan, e.g. /rules rate 60, /rules rate 0.5, /rules base 300."
    ).format(name=short(name), value=short(value), limit=cash(limit))


def short(text: str, limit: int = 40) -> str:
    """User text echoed in a reply, cut to ``limit`` characters (``…`` marks the cut)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def rules_phrase_mismatch(base: int, fan: int, base_fan: int) -> str:
    return _("底 {base} and {fan} a fan do not fit a 底 of {base_fan} fan; use /rules rate {rate}.").format(
        base=cash(base), fan=cash(fan), base_fan=base_fan, rate=fan
    )


def history(state: TableState, items: Sequence[HistoryItem]) -> list[str]:
    """The whole ``/history`` on one page (see :func:`history_page`; the terminal has no limit)."""
    return history_page(state, items, limit=None)[0]


HISTORY_HEADER_ROOM = 120
"""UTF-16 code units a page keeps free for its header line (``History, #12 to #40:`` in any language)."""


def history_page(
    state: TableState, items: Sequence[HistoryItem], *, before: int | None = None, limit: int | None
) -> tuple[list[str], int | None]:
    """One page of ``/history``: the latest events that fit in ``limit``, oldest of them first.

    Per event: its number, hand and 連莊, then the lines its booking reply had (:func:`event_lines`:
    包, 搶槓, 詐糊, prizes, 飛牌, 流局 …, each leg with 底 and dealer fan), its 拉 changes with their
    arithmetic and the money moved then.

    Args:
        state: the table (names, rules).  items: the session's history (:func:`~taipai.bot.service.
            history.history_items`), oldest first.
        before: show only events numbered below this (the "more" button's page); ``None``: the latest.
        limit: the page's size in UTF-16 code units (the platform's message limit); ``None``: no
            limit, everything on one page.  An event too long for a page alone still gets its page.

    Returns:
        ``(lines, more)``: the page's lines, and the number of its oldest event when older events
        remain (the next page is ``before=more``), else ``None``.
    """
    played = [it for it in items if not isinstance(it.event, TableOpened)]
    if before is not None:
        played = [it for it in played if it.number < before]
    if not played:
        return [_("Nothing has been played yet.") if before is None else _("Nothing earlier.")], None
    budget = None if limit is None else limit - HISTORY_HEADER_ROOM
    page: list[list[str]] = []
    size = 0
    for it in reversed(played):
        block = _history_block(state, it)
        units = sum(utf16_len(line) + 1 for line in block)
        if page and budget is not None and size + units > budget:
            break
        page.append(block)
        size += units
    shown = played[len(played) - len(page) :]
    more = shown[0].number if len(shown) < len(played) else None
    if more is None and before is None:
        head = _("History:")
    else:
        head = _("History, #{first} to #{last}:").format(first=shown[0].number, last=shown[-1].number)
    return [head, *(line for block in reversed(page) for line in block)], more


def _history_block(state: TableState, it: HistoryItem) -> list[str]:
    what = event_lines(state, it.event, before=it.before, legs=it.legs)
    head = (
        _("#{number} hand {hand}, 連莊 {streak}: {what}")
        if it.streak and isinstance(it.event, WinByDiscard | SelfDraw | Draw)
        else _("#{number} hand {hand}: {what}")
    )
    lines = [head.format(number=it.number, hand=it.hand, streak=it.streak, what=what[0])]
    lines.extend("    " + x.strip() for x in what[1:])
    lines.extend("    " + x for x in moves(state, it.moves, it.before))
    lines.extend("    " + x for x in payments(state, it.payments, before=it.before, event=it.event))
    return lines


def exported(path: str, events: int) -> str:
    return _("Exported {n} events as CSV: {path}").format(n=events, path=path)


def export_not_written(folder: str, reason: str) -> str:
    """The ``/export`` reply when the CSV cannot be written to ``folder`` (``reason``: the system's
    words, e.g. ``No such file or directory``); nothing else changed."""
    return _(
        "Could not write the CSV to {folder} ({reason}); nothing else changed. Start taipai with "
        "--export-dir set to a folder you can write to."
    ).format(folder=folder, reason=reason)


def database_unavailable() -> str:
    """The reply to any message while the database is gone or damaged (nothing was booked)."""
    return _("The database is unavailable, so nothing was booked; tell whoever runs taipai.")


def exported_document(filename: str, events: int) -> str:
    """The ``/export`` reply on a platform: the CSV goes with it as a file, none is kept on the server."""
    return _("Exported {n} events as CSV: {filename} (attached; not kept on the server)").format(
        n=events, filename=filename
    )


def wrong_unit(state: TableState, typed: str, count: int) -> str:
    """A bare count typed with another game's unit (``B 食 C 12番`` at a 台灣牌 table): nothing booked;
    the reply names the game, its unit and the count written in it (``12台``)."""
    unit = unit_of(state)
    return _(
        "{game} counts in {unit}, not 「{typed}」: write {count}{unit}, e.g. B 食 A {count}{unit}."
    ).format(game=game_name(state.system), unit=unit, typed=typed, count=count)


def say_who(state: TableState, cmd: object) -> str:
    """A claim said without a name (``八仙過海``, ``詐糊``, ``一台花``, ``七搶一 C``) by someone who is not
    at the table: nothing booked; the reply shows the form with a player's name."""
    from taipai.bot.service import parse

    first, second = state.names[0], state.names[1]
    if isinstance(cmd, parse.RecordFlowerWin):
        example = f"{first} 八仙過海"
    elif isinstance(cmd, parse.RecordFalseWin):
        example = f"{first} 詐糊"
    elif isinstance(cmd, parse.RecordPrize) and cmd.prize in ("seven_rob_one", "one_rob_seven"):
        word = "七搶一" if cmd.prize == "seven_rob_one" else "一搶七"
        example = f"{first} {word} {cmd.player or second}"
    elif isinstance(cmd, parse.RecordPrize):
        example = f"{first} {prize_name(cmd.prize)}"
    else:
        example = first
    return _("Whose is it? Say it with the player's name: {example}.").format(example=example)


def already_open_waiting(state: TableState, waiting: Event) -> str:
    """開枱 while the open table has everything undone and ``waiting`` is the next 重做: 撤銷 does not
    cancel that table (it would lose ``waiting``), so the reply offers 重做 and 埋數 only."""
    return _(
        "A table is already open here ({players}); everything played has been undone and 重做 brings "
        "back: {what}. 埋數 ends it, then open the new table."
    ).format(players=players_line(state), what=describe(waiting, state))


def reopened_settled(by: str, state: TableState) -> str:
    """撤銷 of a 埋數 said on a table where nothing was played (not a cancelled table): says the 埋數
    was undone; ``state`` is the table once reopened."""
    what = describe(SessionEnded(), state)
    return _("{by} undid: {what}. The table is open again; play on.").format(by=by, what=what)
