"""A rule system's chat vocabulary (issue 14 Build 1: 「its chat vocabulary」; :attr:`RuleSystem.chat`).

The chat front end (``taipai.bot``) knows no game: what differs between games in a chat — which kinds
of command a game books, the game's own commands and the events they become, the words a table types
for its settings, the rows 規則 shows, the parts of a payment line — comes from the table's system
through :class:`ChatVocabulary`.

Systems are pure and do not import gettext: every label is an English message id marked with
:func:`N_` (Babel's ``N_`` keyword; ``babel.cfg`` extracts ``taipai/systems/**.py``), carried as a
:class:`Said` (the id and its format arguments) and translated by the bot at reply time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from taipai.core.errors import HandError
from taipai.core.table.events import Event
from taipai.core.table.state import TableSettings, TableState


def N_(msgid: str) -> str:
    """Mark ``msgid`` (an English chat message id) for extraction; it is translated by the bot."""
    return msgid


COMMAND_KINDS: tuple[str, ...] = (
    "win",
    "self_draw",
    "rob_kong",
    "multi_win",
    "draw",
    "false_win",
    "cut",
    "chains",
    "prize",
    "fly",
    "kong_bao",
    "bao",
    "flower_win",
    "bird",
    "shuxin",
)
"""The kinds of chat command a game may book (:attr:`ChatVocabulary.books`):

- ``win`` (B 食 A), ``self_draw`` (B 自摸), ``rob_kong`` (B 搶槓 A), ``multi_win`` (several winners on
  one discard), ``draw`` (流局), ``false_win`` (B 詐糊);
- ``cut`` (斬 / 唔斬) and ``chains`` (/chains): 拉 chains;
- ``prize`` (現金獎: 圍骰, 一台花, 追 …) and ``fly`` (B 飛 九筒);
- ``kong_bao``: 包 only for 槓上自摸 on an exposed kong (seed 004 「明槓出銃者全包」); ``bao``: 包自摸, the
  player named pays the whole self-draw for whatever reason the table agreed (seed 003 廣東牌);
- ``flower_win``: 花胡 (B 八仙過海, A 七搶一 B) booked as the game's own event;
- ``bird``: 鳥 (``鳥 三萬``, QQ 歡樂麻將), the tile turned after a win, booked as the game's own event (its
  :data:`OwnCommand` gets the tile's name in place of a player);
- ``shuxin``: 數信 (``數信 三`` / ``數信 2份``, 字牌, seed 002 ⑼), the card the sitter turns after a win,
  booked as the game's own event (its :data:`OwnCommand` gets the word said after 數信 and, in place of
  another player, the winning hand's groups as its scored reading wrote them, joined by spaces, or
  ``None`` after a bare count).
"""


OWN_LINES: tuple[str, ...] = (
    "help_open",
    "help_language",
    "help_self_draw",
    "help_draw",
    "help_calc",
    "below_on_discard",
    "below_self_drawn",
    "below_everywhere",
    "no_completion",
    "waits_usage",
)
"""The keys of :attr:`ChatVocabulary.lines`, the bot's shared lines a game may word its own way (字牌:
three names, 荒莊, its cards and its 起胡, seed 002 ⑴ 「三人玩」):

- ``help_open``, ``help_language``, ``help_self_draw``, ``help_draw``, ``help_calc``: ``/help``'s 開枱
  lines, its self-draw, 流局 and 計番 / 聽 lines, each with ``/help``'s placeholders
  (:attr:`ChatVocabulary.help`) and ``{game}`` (the game's first name, ``大字牌``);
- ``below_on_discard``, ``below_self_drawn``: a winning tile of 聽 whose hand stays under the table's
  threshold (``{count}``); ``below_everywhere``: every one does, ``no_completion``: none completes
  the hand (``{game}``);
- ``waits_usage``: ``/waits`` with nothing after it (``{size}``, ``{example}``).
"""


@dataclass(frozen=True, slots=True)
class Said:
    """A label for the chat: an English message id and its format arguments, translated at reply time.

    Attributes:
        msgid: marked with :func:`N_` where it is written (``"底 = {value}"``).
        args: ``((name, value), …)``: the values the translated text is formatted with; already in
            display form (numbers, tiles and game terms such as ``半銃`` are the same in every language).
    """

    msgid: str
    args: tuple[tuple[str, str], ...] = ()

    def values(self) -> dict[str, str]:
        """``args`` as a dict for ``str.format``."""
        return dict(self.args)


OwnCommand = Callable[[str, "str | None"], Event]
"""Builds a game's own event from a chat command: ``(player, other)`` as the command names them (seated
names, already resolved): ``B 八仙過海`` → ``("B", None)``; ``A 七搶一 B`` → ``(payer, robber)`` as
:class:`taipai.bot.service.parse.RecordPrize` holds them (``player``, ``other``)."""


def _no_rows(options: TableSettings) -> tuple[Said, ...]:
    return ()


def _no_parts(before: TableState, event: Event, payer: str, payee: str) -> tuple[Said, ...]:
    return ()


def _no_row(option: str, options: TableSettings) -> Said | None:
    return None


def _no_lines(before: TableState, event: Event) -> tuple[Said, ...]:
    return ()


def _no_reply(err: HandError) -> tuple[Said, ...]:
    return ()


@dataclass(frozen=True)
class ChatVocabulary:
    """What a game's table says and understands in a chat.

    Attributes:
        books: the :data:`COMMAND_KINDS` this game books; the others are refused with the game's name.
        example_count: the count the chat's examples show (``12`` → ``12番``, ``3`` → ``3台``).
        help: the game's own ``/help`` command lines (message ids; ``{count}`` is the example count with
            its unit, ``{n}`` the bare number, ``{unit}`` the unit, ``{limit}`` the largest count),
            shown after the win commands every game shares.
        notes: the ``/help`` lines after the common commands (how its counts and rules read), with the
            same placeholders.
        commands: the game's own chat commands → their events, by kind: ``flower_win`` (B 八仙過海) and
            the prize ids it books as its own event instead of a cash prize (``seven_rob_one``).
        option_words: the words a table types for a setting (``底`` → ``base``); option names map to
            themselves implicitly.
        rows: the 規則 reply's rows for the table's settings.
        rule_row: how one setting reads after ``規則 NAME VALUE`` (``option`` is the option's name, the
            settings are the table's after the change).
        leg_parts: the parts of one payer → payee line of an event, in the order they add up
            (``底 100``, ``3台 × 50``, ``作莊 50``; ``包自摸 …``); ``()`` when the line needs none.
        own_lines: the headline of one of the game's own events on the table ``before`` it (歡樂麻將's
            鳥: whom it lands on and what it doubles); ``()``: the bot's generic line.
        accepts: what values one setting takes (``option``: a name or word; the table's settings,
            for bounds that depend on another setting: 起糊 at most 最大), as a refusal of a bad value
            lists them (``起糊 takes a whole number of 翻 from 0 to 最大 (8翻)``); ``None``: not a setting.
        value_words: per choice setting, the word the chat shows and a table types for each value
            (``multiplier`` → ``doubling`` → ``倍倍``), so no English id is shown in a reply.
        ledger_rows: the pattern ids of a scored hand that the ledger adds to each leg itself
            (hk-taiwan: the dealer's 2n+1; taiwan: 作莊 and 連N拉N), so they are not the count a win
            books: a hand's reply lists its other rows under the count, and the leg's payment line
            shows these.
        false_win_word: the game's word for a false win, in its replies (``詐糊``; 國標 ``詐和``, 歡樂麻將
            ``詐胡``).
        cap_word: the game's word for the most a hand is paid, in the line saying a hand was paid
            lower than it came to (廣東牌 ``最大``, seed 003 「先講好最大多小台」; 雞平和 ``爆和``).
        any_wait_word: the game's word for a hand that waits on any tile (河源百搭's 飛牌: a lone 保 as the
            eyes), in 聽's 「Waiting on any tile (飛牌)」; such a game's 聽 also names the patterns a
            wildcard drawn as the winning tile adds (「保 (保釣保): …」); ``""``: neither is said.
        count_units: the unit words a bare count may carry at this game's tables (``12番``, ``3台``);
            a count typed with another game's unit (``12番`` at 台灣牌) is refused with the table's own
            unit, never booked as if it were one.  A count without a unit is always the table's.
        hand_like: whether a record's text where the hand goes (``B 食 A <text>``) is an attempt at
            one of this game's hands (its cards, however mistyped) rather than ordinary words, for a
            game whose hands the mahjong notation does not read (字牌's ``三三三``); ``None``: the
            mahjong notation's own test decides (the bot's).
        hand_error: the reply to a hand message of this game that cannot be booked, one
            :class:`Said` per line (字牌 speaks of its cards and groups, not of 萬 筒 索 and melds):
            a head, rows (shown indented) and a last line saying what is wrong, or one line;
            ``()``: the bot's mahjong reply for that error.
        find_waits: 聽 at this game: ``(tiles, the table's settings)`` → the
            :class:`~taipai.core.waiting.Waits` (counts in the game's unit; typed ``Any`` here, as
            :mod:`taipai.core.waiting` imports the system seam that imports this module), raising the hand's
            :class:`~taipai.core.errors.HandError`; ``None``: :func:`taipai.core.waiting.find_waits`
            over the 34 mahjong tiles.
        example_hand: ``(hand one card short, winning part)`` the 計番 / 聽 usage replies show
            (``("碰 三三三 …", "食 玖")``); ``()``: the bot's mahjong example of the game's hand size.
        bao_refusal: for a game whose 包 has grounds (雞平和: seed 001's four), the refusal of a 包
            self-draw ``(hand text, score, kongs, payer, winner)`` that shows none of them, ``None``
            when it shows one; ``score`` is the hand message's Score (typed ``Any``), or ``None`` for a
            bare count said without a ground word (the bot's 槓上 … and 十二張 / 大四喜 / 大三元);
            ``kongs``: how each declared kong was made, ``exposed`` / ``added`` / ``concealed``.
            ``None``: the player named pays, whatever the hand.
        draw_lines: the 流局 line in the game's words, ``(the dealer stays, the deal passes)``: message
            ids, the second with ``{dealer}`` (字牌 says 荒莊, seed 002 ⑴ 「如果荒庄，由莊家繼續做莊」);
            ``()``: the bot's 「流局：臭莊 …」.
        turned_words: what a win message names in place of the discarder for a win on a card turned
            from the pile (字牌's ``B 食 翻 <hand>``); ``()``: the game has no such win.
        turned_win: builds the game's own event of that win, ``(winner, count)`` (the count in the
            game's unit, the hand read as taken, 食); ``None`` with no :attr:`turned_words`.
        lines: the game's own wording of some of the bot's shared lines, by key, each a message id
            with the placeholders of the line it replaces (:data:`OWN_LINES`); a key not given: the
            bot's mahjong line.
    """

    books: frozenset[str]
    example_count: int
    help: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    commands: Mapping[str, OwnCommand] = field(default_factory=dict)
    option_words: Mapping[str, str] = field(default_factory=dict)
    rows: Callable[[TableSettings], tuple[Said, ...]] = _no_rows
    rule_row: Callable[[str, TableSettings], Said | None] = _no_row
    leg_parts: Callable[[TableState, Event, str, str], tuple[Said, ...]] = _no_parts
    own_lines: Callable[[TableState, Event], tuple[Said, ...]] = _no_lines
    ledger_rows: frozenset[str] = frozenset()
    accepts: Callable[[str, TableSettings], Said | None] = _no_row
    value_words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    count_units: tuple[str, ...] = ("番", "翻", "台", "fan")
    false_win_word: str = "詐糊"
    cap_word: str = "最大"
    any_wait_word: str = ""
    hand_like: Callable[[str], bool] | None = None
    hand_error: Callable[[HandError], tuple[Said, ...]] = _no_reply
    find_waits: Callable[[str, TableSettings], Any] | None = None
    example_hand: tuple[str, str] | tuple[()] = ()
    draw_lines: tuple[str, str] | tuple[()] = ()
    lines: Mapping[str, str] = field(default_factory=dict)
    turned_words: tuple[str, ...] = ()
    turned_win: Callable[[str, int], Event] | None = None
    bao_refusal: Callable[[str, Any, tuple[str, ...], str, str], Said | None] | None = None

    def option_name(self, word: str) -> str:
        """The option a table means by ``word`` (a word of :attr:`option_words`, else ``word``)."""
        return self.option_words.get(word, word)


def shown(value: object) -> str:
    """A setting's value as the chat shows it: ``100``, ``0.5``, ``1/3`` (no finite decimal), ``開`` /
    ``關`` for a flag, a word as it is."""
    from decimal import Decimal
    from fractions import Fraction

    if isinstance(value, bool):
        return "開" if value else "關"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        d = value.denominator
        for p in (2, 5):
            while d % p == 0:
                d //= p
        if d != 1:
            return f"{value.numerator}/{value.denominator}"
        return str(Decimal(value.numerator) / Decimal(value.denominator))
    return str(value)


def setting_row(
    option: str,
    options: TableSettings,
    *,
    settings: type,
    order: tuple[str, ...],
    words: Mapping[str, str],
    rows: Mapping[str, str],
    choice_rows: Mapping[tuple[str, object], str],
) -> Said | None:
    """The 規則 row of one setting, for a game whose settings are the fields of one dataclass.

    Args:
        option: a setting's name or one of its chat words (``底``, ``起糊``).
        options: the table's settings now.
        settings: the game's settings class (another game's settings give ``None``).
        order: the setting names the game shows, in 規則 order.
        words: chat word → setting name.
        rows: setting name → an msgid with ``{value}`` (``底 = {value}``).
        choice_rows: (setting name, value) → the msgid of that choice (``銃 = 半銃 …``), first.

    Returns:
        The row with its value, or ``None`` for a setting the game does not show.
    """
    name = words.get(option, option)
    if not isinstance(options, settings) or name not in order:
        return None
    value = getattr(options, name)
    if (name, value) in choice_rows:
        return Said(choice_rows[name, value])
    if name not in rows:
        return None
    return Said(rows[name], (("value", shown(value)),))


@dataclass(frozen=True, slots=True)
class SettingRows:
    """The 規則 rows of a game whose settings are the fields of one dataclass, written once for every such
    game (:func:`setting_row` gives each row): a game keeps one and hands :meth:`row` and :meth:`all` to its
    :class:`ChatVocabulary` as ``rule_row`` and ``rows``.

    Attributes:
        settings: the game's settings class (another game's settings give no row).
        order: the setting names the game shows, in 規則 order (money first).
        words: chat word → setting name (``起糊`` → ``minimum``).
        rows: setting name → an msgid with ``{value}`` (``底 = {value}``).
        choice_rows: (setting name, value) → the msgid of that choice (``銃 = 半銃 …``), read first.
    """

    settings: type
    order: tuple[str, ...]
    words: Mapping[str, str]
    rows: Mapping[str, str]
    choice_rows: Mapping[tuple[str, object], str]

    def row(self, option: str, options: TableSettings) -> Said | None:
        """The 規則 row of ``option`` (a setting's name or one of its chat words) with its value in
        ``options``; ``None`` for a name the game does not show or another game's settings."""
        return setting_row(
            option,
            options,
            settings=self.settings,
            order=self.order,
            words=self.words,
            rows=self.rows,
            choice_rows=self.choice_rows,
        )

    def all(self, options: TableSettings) -> tuple[Said, ...]:
        """規則's rows: every setting of :attr:`order` the table has, in that order."""
        return tuple(r for r in (self.row(name, options) for name in self.order) if r is not None)


def money_accepts(name: str) -> Said:
    """What a money setting (底, 系數 …) takes, as a bad value's refusal lists it: the bounds
    :func:`taipai.core.table.money.money_setting` checks (more than 0, at most 2 decimals, at most
    1,000,000).

    Args:
        name: the setting as the chat names it (``底``).
    """
    return Said(
        N_("{name} takes an amount of money more than 0, at most 2 decimals, at most 1,000,000"),
        (("name", name),),
    )


def flag_accepts(name: str) -> Said:
    """What an on/off setting takes, as a bad value's refusal lists it (``開`` or ``關``;
    :func:`taipai.core.table.setting_words.flag_setting` reads them).

    Args:
        name: the setting as the chat names it (``一炮多響``).
    """
    return Said(N_("{name} takes 開 or 關"), (("name", name),))
