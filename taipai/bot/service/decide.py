"""Decide: a parsed command × the table's state → the event to book, or a refusal (message → parse →
**decide** → book → reply).

Pure: no I/O, no store, no clock; everything comes in as arguments, so each rule here is a unit test
without a database.  A refusal is :class:`Refused` (its text, in the current locale, says what was
wrong and what would be right) or :class:`Ignored` (ordinary talk that only looked like a command:
no reply).  Every event is checked by the core's :func:`~taipai.core.table.apply` (:func:`checked`)
before anything is booked.

A hand message needs reading (scored on the scoring pool) between pure steps: :func:`win_leg` /
:func:`self_draw_plan` name the players and the hand text to read, and :func:`win_leg_read` /
:func:`self_draw_event` turn the readings into the event.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from taipai.bot.service import implied, parse, render, wildwords
from taipai.bot.service.parse import (
    NOT_EXPOSED_KONG_WORDS,
    CommandError,
    Leg,
    count_unit,
    normalize_name,
    one_tile,
    read_cn_number,
    read_count,
)
from taipai.bot.service.reads import ReadHand
from taipai.bot.service.reply import Button
from taipai.core.chat import N_, Said
from taipai.core.registry import system_by_id
from taipai.core.table import (
    WINDS,
    Draw,
    Event,
    FalseWin,
    Redo,
    RuleChanged,
    SelfDraw,
    SessionEnded,
    TableError,
    TableOpened,
    TableState,
    Transition,
    Undo,
    WinByDiscard,
    WinLeg,
)
from taipai.core.table.machine import apply
from taipai.core.table.state import WINDS as SEAT_WINDS
from taipai.core.tiles import name_zh
from taipai.systems.hk_taiwan.events import CashPrize, CutChain, FlyTile
from taipai.systems.hk_taiwan.options import (
    CUT_MODES,
    LA_BREAKS,
    LA_MODES,
    LA_ON_DRAW,
    MULTI_WIN_DEAL,
    TableOptions,
)
from taipai.systems.hk_taiwan.prizes import PRIZES


class Refused(Exception):
    """Answer with ``text`` (and ``buttons``: a seat offer) and book nothing."""

    def __init__(self, text: str, buttons: tuple[Button, ...] = ()) -> None:
        super().__init__(text)
        self.text = text
        self.buttons = buttons


class Ignored(Exception):
    """The message was not for us after all (talk that looked like a command): no reply."""


MULTIPLE_WINNERS_WORDS: dict[int, tuple[str, ...]] = {2: ("雙響",), 3: ("三響",)}
"""The context word a typed hand gets when it is one of 2 or 3 wins on one discard (seed 004,
狀態類: 一炮雙響 / 一炮三響 score for each winner of one discard)."""


# ------------------------------------------------------------------------------------ players
def resolve_player(state: TableState, name: str) -> str | None:
    """The seated player ``name`` refers to: the exact name, ``@name``, the name in any case, or
    the current seat wind (東 = the dealer, 南 the next seat …).  Names compare after NFKC, so full
    width ``Ｂ`` is ``B``.  ``None`` when nobody matches."""
    token = normalize_name(name)
    if token in state.names:
        return token
    folded = [n for n in state.names if normalize_name(n).casefold() == token.casefold()]
    if len(folded) == 1:
        return folded[0]
    wind = token.removesuffix("家").removesuffix("位")
    if wind in WINDS:
        for n in state.names:
            if state.seat_wind(n) == wind:
                return n
    return None


def said_as_oneself(text: str, state: TableState) -> bool:
    """Whether ``text`` is a win said as the speaker's own (``自摸 12番``, ``食 A 12番``): it reads
    as one with a speaker put in."""
    try:
        return implied.spell_out(text, (*state.names, *SEAT_WINDS), "\x00") is not None
    except implied.AmbiguousName:
        return False


def all_counts(legs: tuple[Leg, ...]) -> bool:
    """Every leg is a bare count (``12番``): the player counted the hand; no tiles to read."""
    return bool(legs) and all(read_count(leg.hand) is not None for leg in legs)


def is_talk(state: TableState, cmd: parse.Command) -> bool:
    """A win said without a slash, with tiles, and naming no winner at the table: talk (``我 食 飯
    先``), not a hand; a member without a seat saying it gets no refusal."""
    return (
        not cmd.slash
        and isinstance(cmd, parse.RecordWin | parse.RecordSelfDraw)
        and not all_counts(cmd.legs)
        and not any(resolve_player(state, x.winner) for x in cmd.legs)
    )


def someone(state: TableState, name: str, cmd: parse.Command) -> str:
    """The seated player ``name`` names; ordinary talk is ignored, a wrong name is refused.

    Raises:
        Ignored: nobody matches and ``cmd`` is a loose word said without a slash (``佢 飛 咗``).
        Refused: nobody matches (the reply lists the players).
    """
    found = resolve_player(state, name)
    if found is None:
        if cmd.loose and not cmd.slash:
            raise Ignored  # 「佢 飛 咗」, 「我 追 你」: talk, not a command
        raise Refused(render.unknown_player(name, state))
    return found


def winner_or_discarder(state: TableState, name: str, cmd: parse.RecordWin | parse.RecordSelfDraw) -> str:
    """The seated player a win's ``name`` names.

    Raises:
        Ignored: nobody matches and the message is talk (:func:`is_talk`: ``我 食 飯 先``).
        Refused: nobody matches.
    """
    found = resolve_player(state, name)
    if found is None:
        if is_talk(state, cmd):
            raise Ignored  # "我 食 飯 先" is talk, not a hand
        raise Refused(render.unknown_player(name, state))
    return found


def check_unit(state: TableState, hand: str) -> None:
    """Refuse a bare count typed with a unit the table's game does not count in
    (:attr:`~taipai.core.chat.ChatVocabulary.count_units`): ``B 食 C 12番`` at a 台灣牌 table is not
    booked as 12台; the reply gives the count in the table's unit.  A hand message or a count without
    a unit passes.

    Raises:
        Refused: ``hand`` is a count with another game's unit.
    """
    unit = count_unit(hand)
    if unit and unit not in system_by_id(state.system).chat.count_units:
        count = read_count(hand)
        raise Refused(render.wrong_unit(state, unit, count if count is not None else 0))


def checked(state: TableState | None, event: Event) -> Transition:
    """The core's transition for ``event`` (:func:`~taipai.core.table.apply`, strict), or
    :class:`Refused` with the table's reason (``TableError``)."""
    try:
        return apply(state, event)
    except TableError as err:
        raise Refused(render.table_error(err, render.unit_of(state) if state else "")) from err


def only_opened(state: TableState) -> bool:
    """Nothing but the 開枱 is in effect: no hand, prize or rule change (or all of them undone; then,
    while a hand or prize waits for 重做, 撤銷 does not cancel the table: it would be lost to 重做)."""
    return state.prev is None and len(state.history) == 1 and isinstance(state.history[0].event, TableOpened)


def cancelled(state: TableState) -> bool:
    """An ended table that was cancelled: nothing but its 開枱 before the 埋數 that ended it."""
    events = [h.event for h in state.history]
    return len(events) == 2 and isinstance(events[0], TableOpened) and isinstance(events[1], SessionEnded)


# ------------------------------------------------------------------------------------ hands
@dataclass(frozen=True, slots=True)
class LegToRead:
    """One winner's hand to read: ``winner`` (seated), the ``leg`` as typed, and ``hand``: the text to
    read, with the context words the command implies (``搶槓``, ``槓上``, ``雙響``) added to a hand
    message that does not say them (a bare count is left alone: the player counted it)."""

    winner: str
    leg: Leg
    hand: str


def _with_context(leg: Leg, winner: str, context: tuple[str, ...]) -> LegToRead:
    hand = leg.hand
    if read_count(hand) is None:
        for word in context:
            if word not in hand:
                hand = f"{hand} {word}"
    return LegToRead(winner, leg, hand)


def win_discarder(state: TableState, cmd: parse.RecordWin) -> str:
    """The seated discarder of ``B 食 A …`` (for 搶槓: the konging player).

    Raises:
        Ignored: talk (:func:`winner_or_discarder`).  Refused: a name not at the table; no name at
        all, the hand right after 食 (字牌's ``B 食 碰 三三三 …``: the table's game's own hand test,
        :attr:`~taipai.core.chat.ChatVocabulary.hand_like`, reads it): the reply asks on whose discard.
    """
    looks = system_by_id(state.system).chat.hand_like
    if looks is not None and cmd.legs and resolve_player(state, cmd.discarder) is None:
        winner = resolve_player(state, cmd.legs[0].winner)
        if winner is not None and looks(f"{cmd.discarder} {cmd.legs[0].hand}"):
            other = state.names[(state.names.index(winner) + 1) % len(state.names)]  # the next seat
            raise Refused(render.missing_part("discarder", winner, other, state.system))
    return winner_or_discarder(state, cmd.discarder, cmd)


def win_leg(state: TableState, cmd: parse.RecordWin, discarder: str, leg: Leg) -> LegToRead:
    """One winner of ``B 食 A …`` and the hand to read, with 搶槓 and 雙響 / 三響 (seed 004, 狀態類:
    一炮雙響 / 一炮三響 score for each winner of one discard) as context words.

    Raises:
        Ignored: talk.  Refused: a name not at the table; the winner is the discarder.
    """
    winner = winner_or_discarder(state, leg.winner, cmd)
    if winner == discarder:
        raise Refused(render.own_discard())
    check_unit(state, leg.hand)
    context = (*(("搶槓",) if cmd.robbed_kong else ()), *MULTIPLE_WINNERS_WORDS.get(len(cmd.legs), ()))
    return _with_context(leg, winner, context)


TURNED_ONE_WINNER = N_(
    "A card turned from the pile is won by one player: write the win alone, B 食 {word} followed by the "
    "hand or its count."
)
"""The refusal of several winners on one turned card (``B 食 翻 10油; C 食 翻 10油``)."""


def turned_win(
    state: TableState, cmd: parse.RecordWin
) -> tuple[LegToRead, Callable[[str, int], Event]] | None:
    """A win on a card turned from the pile (字牌's ``B 食 翻 <hand or count>``: the discarder's place
    holds one of the game's :attr:`~taipai.core.chat.ChatVocabulary.turned_words`): the leg to read and
    the game's builder of its own event (:attr:`~taipai.core.chat.ChatVocabulary.turned_win`);
    ``None`` for any other win message.

    Raises:
        Ignored: talk.  Refused: a name not at the table; several winners (one card turned, one winner).
    """
    chat = system_by_id(state.system).chat
    if chat.turned_win is None or cmd.robbed_kong or cmd.discarder not in chat.turned_words:
        return None
    if len(cmd.legs) != 1:
        raise Refused(render.said(Said(TURNED_ONE_WINNER, (("word", cmd.discarder),))))
    leg = cmd.legs[0]
    winner = winner_or_discarder(state, leg.winner, cmd)
    check_unit(state, leg.hand)
    return _with_context(leg, winner, ()), chat.turned_win


def win_leg_read(to_read: LegToRead, read: ReadHand, cmd: parse.RecordWin) -> WinLeg:
    """The :class:`WinLeg` of one winner with the reading of its hand.

    Raises:
        Refused: a hand that says it was self-drawn (``摸 X``) in a win on a discard.
    """
    if read.self_drawn:
        raise Refused(render.hand_says_self_drawn())
    robbed = read.robbed_kong or cmd.robbed_kong
    return WinLeg(winner=to_read.winner, fan=read.fan, bases=read.bases, robbed_kong=robbed)


def win_event(discarder: str, legs: list[WinLeg]) -> WinByDiscard:
    """The :class:`WinByDiscard` of one discard with its legs (in message order)."""
    return WinByDiscard(discarder=discarder, legs=tuple(legs))


@dataclass(frozen=True, slots=True)
class SelfDrawPlan:
    """What a self-draw needs read: the leg (its seated winner), the player who pays all (包, ``None``
    when nobody does), and whether that 包 is 港式台牌's, on an exposed kong (:func:`kong_bao`)."""

    leg: LegToRead
    payer: str | None
    kong: bool = True
    kong_word: bool = False
    """A bare count said with 槓上 (or 槓上開花 …) at a game without 港式台牌's kong 包: the event says
    ``exposed_kong`` so the game's ledger can count it (雞平和's 3番 floor, seed 001 「杠上开花 …
    不满3番牌型，按照3番满计算」)."""

    grounds: Callable[[str, Any, tuple[str, ...], str, str], Said | None] | None = None
    """The game's refusal of a 包 the hand message does not justify
    (:attr:`~taipai.core.chat.ChatVocabulary.bao_refusal`, 雞平和's four grounds); ``None`` when the
    game has none, nobody 包s, or a bare count has said its ground."""

    @property
    def bao(self) -> bool:
        """Someone other than the winner pays all (the same player twice is the table's refusal)."""
        return self.payer is not None and self.payer != self.leg.winner


def self_draw_plan(state: TableState, cmd: parse.RecordSelfDraw) -> SelfDrawPlan:
    """Name the players of ``B 自摸 …`` (``C包``: C pays all) and the hand to read (``槓上`` added
    when a 包 or a kong word was said).

    Raises:
        Ignored: talk.  Refused: a name not at the table; 包 with a bare count that does not say the
            kong was exposed (:func:`check_bao_count`).
    """
    leg = cmd.legs[0]
    winner = winner_or_discarder(state, leg.winner, cmd)
    payer = someone(state, cmd.kong_payer, cmd) if cmd.kong_payer else None
    check_unit(state, leg.hand)
    if payer is not None and not kong_bao(state):  # 包自摸: the player named pays, whatever the kongs
        books(state, "bao")
    if not kong_bao(state):
        said = cmd.kong_said in parse.KONG_DRAW_WORDS and read_count(leg.hand) is not None
        grounds = _bao_grounds(state, leg, winner, payer, cmd.kong_said)
        return SelfDrawPlan(
            _with_context(leg, winner, ()), payer, kong=False, kong_word=said, grounds=grounds
        )
    plan = SelfDrawPlan(_with_context(leg, winner, ("槓上",) if payer or cmd.kong_said else ()), payer)
    count = read_count(leg.hand)
    if plan.bao and count is not None:
        check_bao_count(cmd, winner, payer or "", count)
    return plan


def _bao_grounds(
    state: TableState, leg: Leg, winner: str, payer: str | None, said: str
) -> Callable[[str, Any, tuple[str, ...], str, str], Said | None] | None:
    """A 包 at a game whose 包 has grounds (雞平和: seed 001's 十二张落地, 大四喜 / 大三元, 杠上开花包杠):
    the game's refusal the hand message must still pass, or ``None`` (no such game, nobody pays all,
    or a bare count that said its ground: ``said``, a kong word or a :data:`parse.BAO_GROUND_WORDS`
    word, ``3番 十二張 C包``).

    Raises:
        Refused: a bare count with 包 that says no ground (the game's
            :attr:`~taipai.core.chat.ChatVocabulary.bao_refusal`).
    """
    refuse = system_by_id(state.system).chat.bao_refusal
    if payer is None or payer == winner or refuse is None:
        return None
    if read_count(leg.hand) is None:
        return refuse
    if said in parse.KONG_DRAW_WORDS or said in parse.BAO_GROUND_WORDS:
        return None
    refusal = refuse(leg.hand, None, (), render.short(payer), render.short(winner))
    if refusal is not None:
        raise Refused(render.said(refusal))
    return None


def kong_bao(state: TableState) -> bool:
    """Whether 包 at this table is only for 槓上自摸 on an exposed kong, paid by who discarded into it
    (``kong_bao``: 港式台牌, seed 004 槓上自摸 row: 「明槓出銃者全包」).  Other games have their own 包
    (``bao``: 廣東牌 包自摸, the player named pays the whole self-draw) or none (台灣牌: refused)."""
    return "kong_bao" in system_by_id(state.system).chat.books


def self_draw_event(plan: SelfDrawPlan, read: ReadHand) -> SelfDraw:
    """The :class:`SelfDraw` of ``plan`` with its reading.

    Raises:
        Refused: a hand that says it was won on a discard (``食 X``); 包 on a hand message without an
            exposed kong (seed 004 槓上自摸 row: 「明槓出銃者全包」).
    """
    winner, payer = plan.leg.winner, plan.payer
    if read.self_drawn is False:
        raise Refused(render.hand_says_discard())
    if plan.bao and plan.kong and read_count(plan.leg.leg.hand) is None and "exposed" not in read.kongs:
        reason = "not_exposed" if read.kongs else "no_kong"
        raise Refused(render.bao_refused(reason, payer or "", winner, ""))
    refuse = plan.grounds if plan.bao else None
    if refuse is not None and read.score is not None:
        refusal = refuse(
            plan.leg.hand, read.score, read.kongs, render.short(payer or ""), render.short(winner)
        )
        if refusal is not None:
            raise Refused(render.said(refusal))
    return SelfDraw(
        winner=winner,
        fan=read.fan,
        bases=read.bases,
        kong_discarder=payer,
        exposed_kong=(payer is not None and plan.kong) or plan.kong_word,
    )


def check_bao_count(cmd: parse.RecordSelfDraw, winner: str, payer: str, count: int) -> None:
    """包 with a bare count (``B 自摸 12番 C包``): the count shows no kong, so the message must say
    it was 槓上自摸 on an exposed kong (seed 004 槓上自摸 row: 「明槓出銃者全包」).

    Our choice: 槓上 / 槓上自摸 / 槓上開花 / 槓上槓 / 明槓 said with the count (``B 自摸 12番 槓上
    C包``, ``B 槓上自摸 12番 C包``, ``/selfdraw B 12 槓上 C包``) is taken as the player's word that
    C discarded into B's exposed kong, since a 暗槓 or 加槓 has nobody who 出銃.  Without such a word,
    or with 暗槓 / 加槓, the message is refused with what to write instead.

    Raises:
        Refused: ``say_kong`` (no kong word) or ``not_exposed`` (暗槓 / 加槓 said).
    """
    if cmd.kong_said in NOT_EXPOSED_KONG_WORDS:
        raise Refused(render.bao_refused("not_exposed", payer, winner, f"{count}番"))
    if cmd.kong_said not in parse.KONG_DRAW_WORDS:  # 十二張 / 大三元 are no kong
        raise Refused(render.bao_refused("say_kong", payer, winner, f"{count}番"))


# ------------------------------------------------------------------------------------ other commands
TableCommand = (
    parse.RecordDraw
    | parse.UndoLast
    | parse.RedoLast
    | parse.AcceptCut
    | parse.DeclineCut
    | parse.Settle
    | parse.RecordFalseWin
    | parse.RecordPrize
    | parse.RecordFly
    | parse.RecordFlowerWin
    | parse.RecordBird
    | parse.Rules
)
"""The commands that book an event without reading a hand."""


def table_event(
    state: TableState, cmd: TableCommand, speaker: str, *, creator: str, authorised: bool
) -> Event:
    """The event ``cmd`` books at the open table ``state``, said by ``speaker``.

    Args:
        creator: the name the table was opened under.  authorised: a platform member's rights were
            checked by user id (:mod:`.identity`); else (the terminal) only ``creator`` changes the
            rules.

    ``撤銷`` right after 開枱 (nothing played, nothing to undo in the core) cancels the table, booked as
    its 埋數, so that a second ``撤銷`` brings it back like any settlement.

    Raises:
        Refused: with the reason (a name not at the table, no 斬拉 offer, a bad rule value …).
        Ignored: talk (:func:`someone`).
    """
    if isinstance(cmd, parse.RecordDraw):
        books(state, "draw")
        return Draw()
    if isinstance(cmd, parse.UndoLast):
        if only_opened(state) and any(not isinstance(e, RuleChanged) for e in state.redo):
            raise Refused(render.nothing_more_to_undo(state.redo[-1], state))
        return SessionEnded() if only_opened(state) else Undo(by=speaker)
    if isinstance(cmd, parse.RedoLast):
        return Redo(by=speaker)
    if isinstance(cmd, parse.AcceptCut | parse.DeclineCut):
        books(state, "cut")
        return cut_event(state, speaker, cmd)
    if isinstance(cmd, parse.Settle):
        return SessionEnded()
    if cmd.mine:
        cmd = said_by(state, cmd, speaker)
    if isinstance(cmd, parse.RecordFalseWin):
        books(state, "false_win")
        return FalseWin(player=someone(state, cmd.player, cmd))
    own = system_by_id(state.system).chat.commands
    if isinstance(cmd, parse.RecordFlowerWin):
        books(state, "flower_win")
        return with_flower_hand(state, own_event(state, "flower_win", cmd.player, "", cmd), cmd.hand)
    if isinstance(cmd, parse.RecordPrize) and cmd.prize in own:  # 台灣牌: A 七搶一 B is its 花胡
        return with_flower_hand(state, own_event(state, cmd.prize, cmd.player, cmd.other, cmd), cmd.hand)
    if isinstance(cmd, parse.RecordPrize) and cmd.hand:  # 七搶一 with a count is 台灣牌's 花胡 only
        raise Refused(render.command_error(CommandError("rob_usage")))
    if isinstance(cmd, parse.RecordPrize):
        books(state, "prize")
        return prize_event(state, cmd)
    if isinstance(cmd, parse.RecordBird):  # QQ 歡樂麻將: the system builds its 鳥 from the tile
        books(state, "bird")
        bird = one_tile(cmd.tile)
        last = state.history[-1].event if state.history else None
        if bird is not None and "bird" in own and last is not None and last.kind == "bird":
            raise Refused(render.said(Said(_BIRD_TWICE)))  # seed 002 鳥牌: one 鳥 per win
        if bird is not None and "bird" in own and not isinstance(last, WinByDiscard | SelfDraw):
            raise Refused(render.said(Said(_BIRD_NO_WIN)))
        if bird is None or "bird" not in own or not isinstance(last, WinByDiscard | SelfDraw):
            raise Refused(render.command_error(CommandError("bird_usage")))
        return own["bird"](name_zh(bird), None)
    if isinstance(cmd, parse.RecordFly):
        books(state, "fly")
        return FlyTile(player=someone(state, cmd.player, cmd), tile=tile_name(cmd.tile))
    if not authorised and speaker != creator:
        raise Refused(render.rules_creator_only(creator))
    if not isinstance(state.options, TableOptions):
        return game_rule_events(state, cmd.args)[0]  # one pair; several are booked by the service
    return rule_event(state, cmd.args)


_BIRD_TWICE = N_(
    "A 鳥 is already recorded for this win; a win has one 鳥. If it was the wrong tile, 撤銷 it first."
)
_BIRD_NO_WIN = N_(
    "There is no win just before to count a 鳥 for: a 鳥 follows the win it doubles (B 食 A …, then 鳥 三萬)."
)


def said_by(state: TableState, cmd: TableCommand, speaker: str) -> TableCommand:
    """A claim said without the player's name (:attr:`~.parse.Said.mine`: ``八仙過海``, ``詐糊``,
    ``一台花``, ``七搶一 C``) as the speaker's own: the speaker's seat is put in (for 七搶一 as the
    one who robs, ``other``).  Nobody acts for another: only the speaker is ever put in.

    ``speaker`` is the seat the member holds on a platform (the service refuses an unseated member
    first), the name typed at the terminal.

    Raises:
        Refused: the speaker is not at the table; the reply shows the form with a name.
    """
    me = resolve_player(state, speaker)
    if me is None:
        raise Refused(render.say_who(state, cmd))
    if isinstance(cmd, parse.RecordPrize) and cmd.prize in ROBBING_PRIZES:
        return dataclasses.replace(cmd, other=me, mine=False)
    if isinstance(cmd, parse.RecordFalseWin | parse.RecordPrize | parse.RecordFlowerWin):
        return dataclasses.replace(cmd, player=me, mine=False)
    return cmd


ROBBING_PRIZES = frozenset({"seven_rob_one", "one_rob_seven"})
"""The prizes said ``A 七搶一 B``: the speaker of ``七搶一 B`` is the one who robs (``other``)."""


def with_flower_hand(state: TableState, event: Event, hand: str) -> Event:
    """A 花胡 with the hand the replacement tile also won (``B 八仙過海 3台``): its count as the
    event's ``hand`` 台.  Seed 003 「如補得之牌恰為槓上開花, 牌面台數照算加計八仙過海8台(底注只計1底)」:
    for 八仙過海 the three pay the hand's 台 with the 8台; for 七搶一 the hand 「視同自摸, 三家賠付」
    (``hand_self_drawn``), the robbed player alone paying the 8台.  No count: the event as built.

    Raises:
        Refused: a count with another game's unit (:func:`check_unit`); a game whose 花胡 event
            takes no hand.
    """
    if not hand:
        return event
    check_unit(state, hand)
    count = read_count(hand) or 0
    names = {f.name for f in dataclasses.fields(event)} if dataclasses.is_dataclass(event) else set()
    if not {"hand", "hand_self_drawn", "robbed"} <= names:
        raise Refused(render.not_booked(state.system, "flower_win"))
    robbed = getattr(event, "robbed", None)
    return dataclasses.replace(event, hand=count, hand_self_drawn=robbed is not None and count > 0)  # type: ignore[type-var]


def cut_event(state: TableState, speaker: str, cmd: parse.AcceptCut | parse.DeclineCut) -> CutChain:
    """斬 / 唔斬 said by ``speaker`` (the debtor): the one offer it answers (``斬 B`` names the
    creditor when the debtor has several).

    Raises:
        Refused: the speaker is not a player, has no open offer (the reply names who can answer
            now), or has several and named none.
    """
    debtor = resolve_player(state, speaker)
    if debtor is None:
        raise Refused(render.not_a_player_cut(speaker))
    own = [o for o in state.pending if o.debtor == debtor]
    mine = own
    if cmd.target:
        creditor = resolve_player(state, cmd.target)
        if creditor is None:
            raise Refused(render.unknown_player(cmd.target, state))
        mine = [o for o in mine if o.creditor == creditor]
    if not mine:  # name who can answer now when the offers are someone else's
        raise Refused(render.no_offer(debtor, () if own else state.pending))
    if len(mine) > 1:
        raise Refused(render.which_offer(debtor, mine))
    return CutChain(debtor=debtor, creditor=mine[0].creditor, accept=isinstance(cmd, parse.AcceptCut))


def prize_event(state: TableState, cmd: parse.RecordPrize) -> CashPrize:
    """A 現金獎: the player named (the dealer for a dice prize said alone), and who is paid."""
    player = someone(state, cmd.player, cmd) if cmd.player else state.dealer
    other = someone(state, cmd.other, cmd) if cmd.other else None
    return CashPrize(prize=cmd.prize, player=player, other=other)


def books(state: TableState, kind: str) -> None:
    """Refuse a kind of command (:data:`~taipai.core.chat.COMMAND_KINDS`) that the table's game does not
    book (:attr:`~taipai.core.chat.ChatVocabulary.books`), naming the game.

    Raises:
        Refused: ``kind`` is not booked at this table (台灣牌 and 廣東牌 have no 斬拉 or 現金獎 …).
    """
    if kind not in system_by_id(state.system).chat.books:
        raise Refused(render.not_booked(state.system, kind))


def own_event(state: TableState, kind: str, player: str, other: str, cmd: parse.Command) -> Event:
    """The game's own event for one of its chat commands (:attr:`~taipai.core.chat.ChatVocabulary.commands`):
    ``B 八仙過海`` (``flower_win``) and, at a 台灣牌 table, ``A 七搶一 B`` are 花胡 (seed 003: 八仙過海
    「三家賠付」, 七搶一 「被搶花者賠付」), built by the system from the seated players named.

    Raises:
        Refused: the game has no such command (:func:`books`); a name not at the table (:func:`someone`).
        Ignored: talk (:func:`someone`).
    """
    build = system_by_id(state.system).chat.commands.get(kind)
    if build is None:  # a game that books 花胡 but builds no event for it: refused, not guessed
        raise Refused(render.not_booked(state.system, "flower_win"))
    return build(someone(state, player, cmd), someone(state, other, cmd) if other else None)


def tile_name(text: str) -> str:
    """The one tile ``text`` names (``九筒``, ``9p``, ``東``), as its Chinese name; else
    :class:`Refused` with the 飛 usage."""
    tile = one_tile(text)
    if tile is None:
        raise Refused(render.fly_usage(text))
    return name_zh(tile)


RULE_NAMES: dict[str, str] = {
    "la": "la_mode",
    "la_mode": "la_mode",
    "拉": "la_mode",
    "la_break": "la_break",
    "draw": "la_on_draw",
    "la_on_draw": "la_on_draw",
    "cut": "cut",
    "斬拉": "cut",
    "rate": "rate",
    "fan": "rate",
    "番": "rate",
    "base": "base",
    "底": "base",
    "base_fan": "base_fan",
    "false_win": "false_win_fan",
    "false_win_fan": "false_win_fan",
    "詐糊": "false_win_fan",
    "multi_win_deal": "multi_win_deal",
    "dealer_fan_base": "dealer_fan_base",
    "dealer_fan_per_streak": "dealer_fan_per_streak",
}
"""``/rules NAME VALUE``: the names (and Cantonese aliases) → the option (``base`` is money per 底).
Prize values are ``prize.<id>`` or the prize's name (``/rules 追 2``)."""

RULE_VALUES: dict[str, str] = {
    "鋪鋪拉": "every_hand",
    "莊家拉": "dealer_only",
    "無限拉": "none",
    "三局斬拉": "every_third",
}
"""Cantonese names of option values: ``/rules la 莊家拉``."""

_MONEY_PHRASE = re.compile(r"^([一二兩三四五六七八九]|[1-9])百(.+)$")


MAX_RATE = 1_000_000
"""The most money a fan may be worth (``/rules rate``; ``/rules base`` is checked as base ÷ 底)."""

MAX_RULE_INT = 9999
"""The largest whole-number rule value (base_fan, false_win_fan, dealer fan)."""

_MONEY = re.compile(r"^[0-9]{1,7}(?:\.[0-9]{1,2})?$")
_WHOLE = re.compile(r"^[0-9]{1,4}$")
_PRIZE = re.compile(r"^(?:[0-9]{1,4}(?:\.[0-9]{1,2})?|[0-9]{1,2}/[1-9][0-9]?)$")
_INT_OPTIONS = frozenset({"base_fan", "false_win_fan", "dealer_fan_base", "dealer_fan_per_streak"})


def rule_value(opts: TableOptions, name: str, option: str, value: str) -> str:
    """``value`` checked as text before any number is made of it: money (``rate``, ``base``) is
    positive, has at most 2 decimals and at most :data:`MAX_RATE` a fan; whole-number options are
    at most :data:`MAX_RULE_INT`; prize values (底) are like ``2``, ``0.5`` or ``1/2``.  Refused
    with a reply saying what would be right."""
    text = unicodedata.normalize("NFKC", value).strip()
    if option in ("rate", "base"):
        if not _MONEY.match(text) or Fraction(text) <= 0:
            raise Refused(render.rules_bad_money(name, value, MAX_RATE))
        rate = Fraction(text) / (opts.base_fan if option == "base" else 1)
        if rate > MAX_RATE or not _finite_decimal(rate):
            raise Refused(render.rules_bad_money(name, value, MAX_RATE))
        return text
    if option in _INT_OPTIONS:
        if not _WHOLE.match(text):
            raise Refused(render.rules_bad_value(name, value))
        return text
    if option.startswith("prize."):
        if not _PRIZE.match(text):
            raise Refused(render.rules_bad_value(name, value))
        return text
    if len(text) > 32:
        raise Refused(render.rules_bad_value(name, value))
    return value


def _finite_decimal(value: Fraction) -> bool:
    d = value.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


RULE_CHOICES: dict[str, tuple[str, ...]] = {
    "la_mode": LA_MODES,
    "la_break": LA_BREAKS,
    "la_on_draw": LA_ON_DRAW,
    "cut": CUT_MODES,
    "multi_win_deal": MULTI_WIN_DEAL,
}
"""The options that take one of a few words (the others take numbers)."""


def rule_help(opts: TableOptions, name: str, option: str) -> str:
    """``/rules NAME`` without a value: the value now and the values allowed."""
    value = opts.money(opts.base_fan) if option == "base" else getattr(opts, option)
    now = value if isinstance(value, str) else render.amount(value)
    choices = RULE_CHOICES.get(option)
    if choices is None:
        return render.rule_number(name, now)
    said = {v: k for k, v in RULE_VALUES.items()}
    values = [f"{v} ({said[v]})" if v in said else v for v in choices]
    return render.rule_choices(name, now, values)


def rule_event(state: TableState, args: tuple[str, ...]) -> RuleChanged:
    """``/rules NAME VALUE`` (or ``/rules 三百六十``) → one :class:`RuleChanged`, checked against the
    table's options now; a bad name or value is refused with what would be right.

    ``base`` is money per 底 and sets ``rate = base / base_fan``.  Seed 004 底: 「例如《家有囍事》中毛舜筠
    的對白「唔打咁大呀，三百六十」，意思就是「每底300元，翻為60元」」, so ``/rules base 300`` with base_fan 5
    is rate 60, and ``/rules 三百六十`` sets rate 60 after checking 300 = 5 × 60.
    """
    if args and wildwords.is_wild_word(args[0]):  # 規則 百搭 窗 四萬: one value of several words
        return _wild_rule(state, args)
    opts = state.options
    if len(args) == 1 and RULE_NAMES.get(args[0].lower()):
        raise Refused(rule_help(opts, args[0], RULE_NAMES[args[0].lower()]))
    if len(args) == 1:
        m = _MONEY_PHRASE.match(args[0])
        base = read_cn_number(m.group(1)) if m else None
        fan = read_cn_number(m.group(2)) if m else None
        if base is None or not fan:
            raise Refused(render.rules_usage())
        if base * 100 != fan * opts.base_fan:
            raise Refused(render.rules_phrase_mismatch(base * 100, fan, opts.base_fan))
        option, value = "rate", str(fan)
    elif len(args) == 2:
        name, value = args
        option = RULE_NAMES.get(name.lower(), "")
        by_name = {p.name: p.id for p in PRIZES.values()}
        bare = name.removeprefix("prizes.").removeprefix("prize.")
        if not option and (name in by_name or bare in PRIZES):
            option = "prize." + by_name.get(name, bare)
        if not option:
            raise Refused(render.rules_unknown(name))
        value = RULE_VALUES.get(value, value)
        value = rule_value(opts, name, option, value)
        if option == "base":
            option, value = "rate", str(Fraction(value) / opts.base_fan)
    else:
        raise Refused(render.rules_usage())
    event = RuleChanged(option=option, value=value)
    try:
        opts.with_option(event.option, event.value)
    except TableError as err:
        raise Refused(render.rules_bad_value(args[0], args[-1])) from err
    return event


def _wild_rule(state: TableState, args: tuple[str, ...]) -> RuleChanged:
    """:func:`~.wildwords.wild_rule`: the event, or :class:`Refused` with its reply."""
    ruled = wildwords.wild_rule(state, args)
    if isinstance(ruled, str):
        raise Refused(ruled)
    return ruled


def game_rule_events(state: TableState, args: tuple[str, ...]) -> list[RuleChanged]:
    """``/rules NAME VALUE [NAME VALUE …]`` at a table of another game than 港式台牌: one
    :class:`RuleChanged` per pair, each checked by the game's own settings (``with_option``, which
    takes its option names and its Chinese words), in order: ``規則 底 100 台 50`` at a 台灣牌 table is
    底 100 and 台額 50 (seed 003 「打100/50, 就表示沒台100, 每加一台加50」).

    Raises:
        Refused: an odd number of words (``rules_usage``), or a name or value the game does not take
            (``game_rule_refused``, naming the pair and the game's settings).
    """
    if args and wildwords.is_wild_word(args[0]):  # 規則 百搭 窗 四萬: one value of several words
        return [_wild_rule(state, args)]
    now = render.game_rule_now(state, args[0]) if len(args) == 1 else None
    if now is not None:  # 規則 爆和: the setting now, as 規則 cut says at 港式台牌
        raise Refused(now)
    if not args or len(args) % 2:
        raise Refused(render.rules_usage(state))
    opts = state.options
    chat = system_by_id(state.system).chat  # 規則 底 100 and /rules base 100 book the same option
    events: list[RuleChanged] = []
    for name, value in zip(args[::2], args[1::2], strict=True):
        try:
            opts = opts.with_option(name, value)
        except TableError as err:
            money = err.code == "bad_amount"  # 底 1/3, 台 10^20: say what money is taken
            raise Refused(render.game_rule_refused(state, name, value, money=money)) from err
        events.append(RuleChanged(option=chat.option_name(name), value=value))
    return events
