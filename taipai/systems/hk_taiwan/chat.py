"""港式台牌's chat vocabulary (:class:`~taipai.core.chat.ChatVocabulary`; seed 004).

What a 港式台牌 table books from the chat — every kind: 拉 chains and 斬拉, 現金獎, 飛牌, 包 on 槓上自摸 of an
exposed kong (「明槓出銃者全包」) — and its /help lines.  Its 規則 reply, rule words and payment legs
(``12番 + 底 5 + 莊 1``) are still written in the bot (``taipai.bot.service.render`` / ``decide``, on
:class:`~taipai.systems.hk_taiwan.options.TableOptions`), so :attr:`rows` is empty here and
:attr:`rule_row` words only the wildcard scheme (``規則 百搭 窗 四萬``,
:mod:`taipai.systems.hk_taiwan.wildchat`).
Labels are English message ids (translated by the bot).
"""

from __future__ import annotations

from taipai.core.chat import COMMAND_KINDS, N_, ChatVocabulary, Said
from taipai.core.table.state import TableSettings
from taipai.core.wilds.birdchat import bird_command, bird_lines
from taipai.core.wilds.schemes import BIRD_OPTION, BIRD_WORDS, TREASURE_OPTION, TREASURE_WORDS
from taipai.systems.hk_taiwan.options import TableOptions
from taipai.systems.hk_taiwan.reading import DEALER_PATTERN
from taipai.systems.hk_taiwan.wildchat import (
    WILD_OPTION,
    WILD_WORDS,
    scheme_accepts,
    scheme_row,
    stored_scheme,
    treasure_accepts,
    treasure_said,
)


def rule_row(option: str, options: TableSettings) -> Said | None:
    """The 規則 row of the one setting worded here, seed 001's wildcard scheme (``百搭 = 窗百搭 四萬 …``);
    ``None`` for the others (the bot words 港式台牌's other options)."""
    if (option == WILD_OPTION or option in WILD_WORDS) and isinstance(options, TableOptions):
        return scheme_row(stored_scheme(options.wild_scheme))
    if (option == TREASURE_OPTION or option in TREASURE_WORDS) and isinstance(options, TableOptions):
        return treasure_said(options.treasure_tile)
    if (option == BIRD_OPTION or option in BIRD_WORDS) and isinstance(options, TableOptions):
        if options.bird:
            return Said(
                N_("扎鳥 = 開 (鳥 三萬 right after a win: the player it lands on wins or pays double)")
            )
        return Said(N_("扎鳥 = 關 (規則 扎鳥 開 turns it on: then 鳥 三萬 right after a win)"))
    return None


def accepts(option: str, options: TableSettings) -> Said | None:
    """What the wildcard scheme or 寶牌 setting takes; ``None`` for the other options."""
    if option == TREASURE_OPTION or option in TREASURE_WORDS:
        return treasure_accepts()
    if option == BIRD_OPTION or option in BIRD_WORDS:
        return Said(N_("{name} takes 開 or 關"), (("name", "扎鳥"),))
    return scheme_accepts() if option == WILD_OPTION or option in WILD_WORDS else None


CHAT = ChatVocabulary(
    books=frozenset(COMMAND_KINDS) - {"bao", "flower_win"},  # 鳥 when the table plays 扎鳥 (規則 扎鳥 開)
    example_count=12,
    count_units=("番", "翻", "台", "fan"),  # 番 (seed 004), and 翻 and 台 as tables also say it
    help=(
        N_("B 食 A 12番; C 食 A 8番: several winners on one discard (一炮雙響/三響)"),
        N_(
            "B 自摸 12番 槓上 A包  /selfdraw B 12 槓上 A包: 槓上自摸 on A's exposed kong; "
            "A pays all three (明槓出銃者全包)"
        ),
        N_("B 詐糊  /falsewin B: false win; B pays each of the three 30 fan"),
        N_("/chains: the 拉 chains running between players (計數 shows them too)"),
        N_("斬  /cut, 唔斬  /nocut: answer a 斬拉 offer (the debtor says it)"),
        N_("Cash prizes (現金獎), paid at once in 底:"),
        N_("  圍骰  /dice: the dealer rolled a triple; each pays the dealer 1"),
        N_("  一二三  /dice123: the dealer rolled 一二三; the dealer pays each 1"),
        N_("  B 一台草  /mixedset B: each pays B ½; B 一台花  /flowerset B: each pays B 1"),
        N_("  A 追  /chase A: A pays each 1 (honour or 1/9); A 追 二萬  /chase A 二萬: 2 for a simple"),
        N_("  A 再追  /chase A again: 一追再追; A pays each 2"),
        N_("  A 叫碰不碰  /nopung A: A pays each 1"),
        N_("  B 暗槓  /kong B: each pays B 1; A 暗槓錯  /badkong A: A pays each 2"),
        N_("  A 七搶一 B  /sevenrobone A B, A 一搶七 B  /onerobseven A B: B pays A 6"),
        N_("B 飛 九筒  /fly B 九筒: record a 飛牌"),
        N_(
            "規則 百搭 窗 四萬  /rules wild window 4m: the table's wildcard scheme (帶弟, 活動 or 窗 with "
            "the turned tile; 心皇; 特別; 無); a hand may name its own turned tile: 百搭 五萬"
        ),
        N_(
            "規則 寶牌 四萬  /rules treasure 4m: 寶牌, the turned tile (四萬: 寶牌 五萬); +1番 for each 五萬 "
            "the winner holds; a hand may say its own: 寶牌 四萬"
        ),
        N_(
            "規則 扎鳥 開  /rules bird on: 扎鳥; then 鳥 三萬  /bird 三萬 right after a win: counted from "
            "the dealer (一 the dealer, 二 the next seat …), the player it lands on wins or pays that win "
            "double, paid at once"
        ),
    ),
    notes=(
        N_(
            "  e.g. /rules cut none, /rules la_mode dealer_only, /rules rate 60, /rules base 300, "
            "/rules 三百六十"
        ),
        N_("The fan count is the hand's fan without 底 and dealer fan; taipai adds those."),
        N_("0番 is a hand worth 底 only; a count is at most {limit}番."),
        N_(
            "Rates are money a fan (at most 2 decimals, up to 1,000,000); a rate change re-prices "
            "the whole session, hands already played included."
        ),
    ),
    ledger_rows=frozenset({DEALER_PATTERN}),
    rule_row=rule_row,
    accepts=accepts,
    option_words={
        **dict.fromkeys(WILD_WORDS, WILD_OPTION),
        **dict.fromkeys(TREASURE_WORDS, TREASURE_OPTION),
        **dict.fromkeys(BIRD_WORDS, BIRD_OPTION),
    },
    commands={"bird": bird_command},
    own_lines=bird_lines,
)
"""The ``hk-taiwan`` system's :attr:`~taipai.core.system.RuleSystem.chat`."""
