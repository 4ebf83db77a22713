"""台灣牌's chat vocabulary (:class:`~taipai.core.chat.ChatVocabulary`; seed 003 「台灣牌台數說明」).

What a 台灣牌 table books from the chat (no 拉/踢, no cash prizes, no 包; 花胡 as its own event), its
/help lines, the words of its settings (``規則 底 100 台 50``), the 規則 rows and the parts of a payment
line: ``底 + 台 × 台額 + 作莊 + 連N拉N`` (seed 003 「打100/50, 就表示沒台100, 每加一台加50」, 「作莊 1台 :
胡放皆加計1台」, 「連N拉N 2N台」).  Labels are English message ids (translated by the bot).
"""

from __future__ import annotations

from taipai.core.chat import N_, ChatVocabulary, Said, flag_accepts, money_accepts, setting_row, shown
from taipai.core.table.events import Event, SelfDraw, WinByDiscard
from taipai.core.table.state import TableSettings, TableState
from taipai.systems.taiwan.events import FlowerWin
from taipai.systems.taiwan.options import MAX_COUNT, OPTION_WORDS, VALUE_WORDS, TaiwanTableOptions
from taipai.systems.taiwan.reading import DEALER_ROWS

_ROWS: dict[str, str] = {
    "base": N_("底 = {value}"),
    "per_tai": N_("台 = {value} (money per 台)"),
    "dealer_tai": N_("作莊 = {value}台 (on the legs the dealer is in)"),
    "streak_tai": N_("連莊拉 = {value}台 for each 連莊 (連N拉N, on the dealer's legs)"),
    "false_win_tai": N_("詐胡 = {value}台 (the false winner pays each of the three 底 + {value}台 × 台額)"),
}
_CHOICE_ROWS: dict[tuple[str, object], str] = {
    ("draw_keeps_dealer", True): N_("流局連莊 = 開 (a draw keeps the dealer)"),
    ("draw_keeps_dealer", False): N_("流局連莊 = 關 (the deal passes on a draw)"),
    ("multi_win_deal", "dealer_among_winners"): N_(
        "一炮多響 = 莊家連莊 (the dealer keeps the deal when among the winners)"
    ),
    ("multi_win_deal", "always_pass"): N_("一炮多響 = 過莊 (the deal passes)"),
}
_ORDER = (
    "base",
    "per_tai",
    "dealer_tai",
    "streak_tai",
    "draw_keeps_dealer",
    "multi_win_deal",
    "false_win_tai",
)


def rule_row(option: str, options: TableSettings) -> Said | None:
    """The 規則 row of ``option`` (a name or a word of :data:`OPTION_WORDS`) with the value it has in
    ``options``; ``None`` for a name this game does not have."""
    return setting_row(
        option,
        options,
        settings=TaiwanTableOptions,
        order=_ORDER,
        words=OPTION_WORDS,
        rows=_ROWS,
        choice_rows=_CHOICE_ROWS,
    )


_COUNT_NAMES: dict[str, str] = {"dealer_tai": "作莊", "streak_tai": "連莊拉", "false_win_tai": "詐胡"}
_SHOWN_VALUES: dict[str, dict[str, str]] = {
    name: {value: next(w for w, v in words.items() if v == value) for value in dict.fromkeys(words.values())}
    for name, words in VALUE_WORDS.items()
}
"""Per choice setting, each value's word as the chat shows it (the first word of :data:`VALUE_WORDS`)."""


def accepts(option: str, options: TableSettings) -> Said | None:
    """What ``option`` (a name or a word of :data:`OPTION_WORDS`) takes, as a bad value's refusal
    lists it; ``None`` for a name this game does not have."""
    name = OPTION_WORDS.get(option, option)
    if name in ("base", "per_tai"):
        label = "底" if name == "base" else "台"
        return money_accepts(label)
    if name in _COUNT_NAMES:
        return Said(
            N_("{name} takes a whole number of 台 from 0 to {limit}"),
            (("name", _COUNT_NAMES[name]), ("limit", str(MAX_COUNT))),
        )
    if name == "draw_keeps_dealer":
        return flag_accepts("流局連莊")
    if name in _SHOWN_VALUES:
        words = "、".join(_SHOWN_VALUES[name].values())
        return Said(N_("{name} takes one of: {values}"), (("name", "一炮多響"), ("values", words)))
    return None


def rows(options: TableSettings) -> tuple[Said, ...]:
    """規則's rows: every setting of the table, in the order the seed names them."""
    return tuple(r for r in (rule_row(name, options) for name in _ORDER) if r is not None)


def leg_parts(before: TableState, event: Event, payer: str, payee: str) -> tuple[Said, ...]:
    """What ``payer`` pays ``payee`` for ``event`` adds up from: ``底 100``, ``3台 × 50``, and on a leg
    the dealer is in ``作莊 50`` and ``連2拉2 200`` (seed 003 「作莊 1台 : 胡放皆加計1台」, 「連N拉N 2N台」).

    Args:
        before: the table the event was applied to (its dealer, 連莊 and money settings).
        event: a win, a self-draw or a 花胡 (other events: ``()``).
    """
    opts = before.options
    if not isinstance(opts, TaiwanTableOptions):
        return ()
    tai, bases = _leg(event, payer, payee)
    if tai is None:
        return ()
    per = shown(opts.per_tai)
    base = opts.base * bases
    parts = [
        Said(N_("底 {amount}"), (("amount", shown(base)),)),
        Said(N_("{tai}台 × {per}"), (("tai", str(tai)), ("per", per))),
    ]
    if before.dealer in (payer, payee):
        parts.append(Said(N_("作莊 {amount}"), (("amount", shown(opts.per_tai * opts.dealer_tai)),)))
        if before.streak:
            streak = str(before.streak)
            money = shown(opts.per_tai * opts.streak_tai * before.streak)
            parts.append(Said(N_("連{n}拉{n} {amount}"), (("n", streak), ("amount", money))))
    return tuple(parts)


def _leg(event: Event, payer: str, payee: str) -> tuple[int | None, int]:
    """The 台 and 底 of ``payer`` → ``payee``'s leg of ``event`` (``None``: not one leg's parts)."""
    if isinstance(event, WinByDiscard):
        for leg in event.legs:
            if leg.winner == payee and event.discarder == payer:
                return leg.fan, leg.bases
        return None, 1
    if isinstance(event, SelfDraw) and event.winner == payee:
        return event.fan, event.bases
    if isinstance(event, FlowerWin) and event.winner == payee and not event.hand_self_drawn:
        return event.tai + event.hand, 1
    return None, 1


def _flower_win(player: str, other: str | None) -> Event:
    """``B 八仙過海``: B has all eight flowers; the three others pay (seed 003)."""
    return FlowerWin(winner=player)


def _seven_rob_one(player: str, other: str | None) -> Event:
    """``A 七搶一 B`` as a prize command holds it (``player`` B pays ``other`` A): A robbed B's flower
    (seed 003 「被搶花者賠付, 計七搶一8台1底」)."""
    return FlowerWin(winner=other or player, robbed=player)


CHAT = ChatVocabulary(
    books=frozenset({"win", "self_draw", "rob_kong", "multi_win", "draw", "false_win", "flower_win"}),
    example_count=3,
    count_units=("台",),  # 台 only: 番 / 翻 are other games' units (seed 003)
    help=(
        N_("B 食 A {count}; C 食 A {count}: several winners on one discard (一炮多響)"),
        N_("B 詐糊  /falsewin B: false win; B pays what the table's rules say (規則)"),
        N_(
            "B 八仙過海  /flowerwin B: 花胡 with all eight flowers; "
            "A 七搶一 B  /sevenrobone A B: A robbed B's flower"
        ),
    ),
    commands={"flower_win": _flower_win, "seven_rob_one": _seven_rob_one},
    notes=(N_("A count is the hand's {unit} as the table books it; a count is at most {limit}."),),
    option_words=OPTION_WORDS,
    rows=rows,
    rule_row=rule_row,
    leg_parts=leg_parts,
    ledger_rows=frozenset(DEALER_ROWS),
    accepts=accepts,
    value_words=_SHOWN_VALUES,
)
"""The ``taiwan`` system's :attr:`~taipai.core.system.RuleSystem.chat`."""
