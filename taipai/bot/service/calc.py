"""計番 / 聽 in a chat: score a typed hand, or list what a hand one tile short waits on; book nothing.

``計番 [game] <hand> [圖]`` (``/calc [game] <hand> [image]``) scores the hand exactly as ``taipai score``
does (:meth:`~taipai.core.system.RuleSystem.score` with ``table_seat=False``: the hand's own words 莊 /
連N / X圈 / X位 stand, an ordinary seat at 東 otherwise) and explains it pattern by pattern as a hand
reply does.  ``聽 [game] <tiles>`` (``/waits``) answers with :func:`taipai.core.waiting.find_waits`, the
function ``taipai waits`` prints.  The game is the word after the command when it names one
(``計番 台灣牌 …``), else the chat's open table's, else the default game; its rules are the service's
for that game, its settings the open table's when it plays that game, else the game's preset.

Anyone in the chat may ask, seated or not, table open or not: nothing is booked and nothing is read
from or written to the ledger but the open table's game and settings.  The work runs on the scoring
pool (:data:`taipai.bot.service.hands.SCORING`) within a budget, never on the event loop.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from taipai.bot.i18n import _
from taipai.bot.service import render
from taipai.bot.service.export import export_name
from taipai.bot.service.hands import HAND_SECONDS, SCORING, wall_budget
from taipai.bot.service.parse import CalcHand, ShowWaits, is_count_text
from taipai.bot.service.reads import ReadHand
from taipai.bot.service.reply import Picture, Reply
from taipai.core.errors import HandError
from taipai.core.registry import DEFAULT_SYSTEM, system_by_id, system_by_name
from taipai.core.system import ScoredHand, Seat
from taipai.core.table.amounts import Amount
from taipai.core.table.errors import TableError
from taipai.core.table.events import SelfDraw, TableOpened, WinByDiscard, WinLeg
from taipai.core.table.machine import apply
from taipai.core.table.state import TableSettings
from taipai.core.tiles import name_zh
from taipai.core.waiting import NUM_KINDS, WAITS_BUDGET, Waits, WinningTile, find_waits

if TYPE_CHECKING:
    from taipai.bot.store import ChatRef
    from taipai.core.table import TableState


class Tables(Protocol):
    """What 計番 / 聽 read of the service (:class:`~taipai.bot.service.service.Service`): the chat's open
    session, its table, and the rule set of a game."""

    store: Any

    async def state_of(self, session: Any) -> tuple[int, TableState]:
        """``(last seq, state)`` of an open session."""
        ...

    def rules_for(self, system_id: str) -> Any:
        """The scoring rule set of a game (the service's house rules for its own game)."""
        ...


log = logging.getLogger(__name__)

IMAGE_WORDS = ("圖", "图", "相", "image", "picture", "pic", "photo")
"""A last word of 計番 / ``/calc`` asking for a picture of the hand's tiles as well."""

_PLAYERS = ("A", "B", "C", "D")
"""The seats of the fresh table a hand's money is worked out at (:func:`collected`)."""


@dataclass(frozen=True, slots=True)
class Request:
    """What 計番 / 聽 asks for.

    Attributes:
        system_id: the game to score at (:mod:`taipai.core.registry` id).
        hand: the hand's text, without the game word and the picture word.
        image: a picture of the tiles was asked for (``圖`` / ``image`` last).
        game_said: the game was named in the message (``計番 台灣牌 …``).
    """

    system_id: str
    hand: str
    image: bool = False
    game_said: bool = False


def read_request(text: str, table_system: str | None) -> Request:
    """Split the words after 計番 / 聽: an optional game name first (``台灣牌``, ``taiwan``, ``廣東牌`` …),
    an optional picture word last (:data:`IMAGE_WORDS`), the hand between.

    Args:
        text: what followed the command word.
        table_system: the open table's game id, or None when no table is open (the default game).
    """
    words = text.split()
    system_id = table_system or DEFAULT_SYSTEM
    said = False
    if words and (named := system_by_name(words[0])) is not None:
        system_id, said = named.id, True
        text = text.split(None, 1)[1] if len(words) > 1 else ""
    image = False
    words = text.split()
    if words and words[-1].casefold() in IMAGE_WORDS:
        image = True
        text = text.rsplit(None, 1)[0] if len(words) > 1 else ""
    return Request(system_id, text.strip(), image, said)


def calc_job(rules: Any, system_id: str, hand: str, options: TableSettings) -> ScoredHand:
    """Score ``hand`` at ``system_id`` as ``taipai score`` does (an ordinary seat, the hand's words
    standing), within one hand's budget and :data:`~taipai.bot.service.hands.HAND_SECONDS`; runs in a
    scoring process (:meth:`~taipai.bot.service.hands.ScoringPool.call`).

    Raises:
        HandError: the hand's error (``not_a_win``, ``below_minimum``, ``over_budget`` …).
    """
    system = system_by_id(system_id)
    return system.score(hand, Seat(), rules, options, budget=wall_budget(HAND_SECONDS), table_seat=False)


def waits_job(rules: Any, system_id: str, hand: str, options: TableSettings) -> Waits:
    """:func:`~taipai.core.waiting.find_waits` of ``hand`` at ``system_id`` within
    :data:`~taipai.core.waiting.WAITS_BUDGET` and :data:`~taipai.bot.service.hands.HAND_SECONDS`; runs in
    a scoring process.

    Raises:
        HandError: the hand's error, ``two_winning_tiles``, ``over_budget``.
    """
    system = system_by_id(system_id)
    if system.chat.find_waits is not None:  # a game with its own cards (字牌): its own search
        return system.chat.find_waits(hand, options)
    budget = wall_budget(HAND_SECONDS, units=WAITS_BUDGET)
    return find_waits(system, hand, rules, options, budget=budget)


def shows_money(system_id: str, options: TableSettings) -> bool:
    """Whether a table shows money beside its counts: its ledger counts money (台灣牌, 廣東牌), or its
    rate is not 1 (港式台牌, as :func:`taipai.bot.service.render.money` shows it)."""
    return system_by_id(system_id).table.amounts == "money" or getattr(options, "rate", 1) != 1


def collected(system_id: str, options: TableSettings, scored: ScoredHand) -> Amount | None:
    """The money the winner of ``scored`` collects in all at a fresh table of ``options``, priced on the
    path a booking takes: the system's own ledger (its :meth:`~taipai.core.system.TableRules.win`
    through :func:`taipai.core.table.machine.apply`) with the hand's own context.  The first seat deals,
    on the hand's 連N (``scored.said.streak``: the dealer's 2n+1 at 港式台牌, seed 004 莊家 row; 連N拉N
    at 台灣牌, 「連N拉N 2N台」); the winner is the dealer when the hand says 莊, else the next seat; a
    discard is the seat after the winner's; no 拉 chain is open before.  What the others pay now or owe
    on a 拉 chain opened by the win (港式台牌) both count.

    Returns:
        the amount in the table's currency, or None when the table refuses the win (a count below 起糊).
    """
    system = system_by_id(system_id)
    try:
        seats = _PLAYERS[: system.players]  # a three-player game (字牌) seats A B C
        state = apply(None, TableOpened(seats, options, system_id)).state
        # the count includes the hand's 連N; the ledger adds the dealer's part from the table's streak
        state = replace(state, dealer=seats[0], streak=scored.said.streak)
        winner = seats[0] if scored.said.dealer else seats[1]
        fan, bases = system.booked_fan(scored.score), scored.score.bases
        discarder = seats[(seats.index(winner) + 1) % len(seats)]
        if scored.self_drawn:
            event: SelfDraw | WinByDiscard = SelfDraw(winner, fan, bases)
        else:
            event = WinByDiscard(discarder, (WinLeg(winner, fan, bases),))
        moved = apply(state, event)
    except TableError:
        return None
    gain = next(p.balance for p in moved.state.players if p.name == winner)
    # 港式台牌 books a win as a 拉 chain the losers owe (seed 004 拉): what the hand is worth all the same
    owed = sum(m.amount for m in moved.moves if m.creditor == winner and m.action == "open")
    return options.money(gain + owed)


# ------------------------------------------------------------------------------------------ replies
def _count(system_id: str, n: int) -> str:
    """A count in the game's unit: 「12番」 / ``12 fan``, ``3台``, ``5翻``."""
    if system_by_id(system_id).unit == "番":
        return _("{n} fan").format(n=n)
    return render.count_word(system_id, n)


def _total(system_id: str, scored: ScoredHand) -> str:
    """A scored hand's count as ``taipai score`` totals it: 「20番 + 1 × 底 5 = 25」 where the score
    carries a 底 (港式台牌), else the count alone (``22番`` at 國標 and 歡樂麻將, whose money has no 底;
    ``3台``, ``4翻``)."""
    score = scored.score
    if score.base_fan > 0:
        return _("Fan {fan} + {bases} × 底 {base_fan} = {total}").format(
            fan=score.fan, bases=score.bases, base_fan=score.base_fan, total=score.total
        )
    return _count(system_id, score.fan)


def calc_lines(system_id: str, options: TableSettings, scored: ScoredHand) -> list[str]:
    """The reply to 計番: the count (港式台牌: fan + 底 × base fan = total, as ``taipai score`` prints it),
    each pattern as a hand reply lists it, the reading, the second reading, the waits before the win,
    what each wildcard was read as, the notes, the money where the table shows money, and that nothing
    was booked."""
    system = system_by_id(system_id)
    score = scored.score
    how = _("self-drawn") if scored.self_drawn else _("on a discard")
    count = _total(system_id, scored)
    head = _("計番 at {game}, {how}: {count}").format(game=render.game_name(system_id), how=how, count=count)
    lines = [head]
    for p in score.patterns:
        name = p.name if p.count <= 1 else f"{p.name}×{p.count}"
        lines.append("  " + _("{pattern}: {fan}").format(pattern=name, fan=_count(system_id, p.fan)))
    shown = ReadHand(fan=system.booked_fan(score), bases=score.bases, score=score)  # as a booking shows
    lines += render.capped(shown, system.unit, system.chat.ledger_rows, system.chat.cap_word)
    lines.append(_("Reading: {groups}").format(groups=" ".join(score.reading)))
    lines += render.double_reading_lines(score)
    if score.waits:
        lines.append(_("Waits: {tiles}").format(tiles=_waits_said(system_id, score)))
    for w in score.wilds:
        d = w.to_dict()
        lines.append(_("Wildcard {kind} as {tile}").format(kind=d["kind"], tile=d["as"]))
    lines += render.score_notes(score, system.words)
    if shows_money(system_id, options):
        money = collected(system_id, options, scored)
        if money is not None:
            lines.append(
                _("The winner collects {money} in all at this table's settings.").format(
                    money=render.cash(money)
                )
            )
    lines.append(_("Only scored: nothing was booked."))
    return lines


def _any_tile(system_id: str, kinds: set[int], patterns: set[str]) -> str | None:
    """「any tile」 / 「any tile but 中」 (with the game's word for it, 飛牌, when ``patterns`` holds it) for
    waits on all but at most :data:`MOST_LEFT_OUT` of the 34 kinds; ``None`` for fewer waits."""
    if len(kinds) < NUM_KINDS - MOST_LEFT_OUT:
        return None
    left = [name_zh(k) for k in range(NUM_KINDS) if k not in kinds]
    what = _("any tile but {tiles}").format(tiles=" ".join(left)) if left else _("any tile")
    word = system_by_id(system_id).chat.any_wait_word
    return _("{tile} ({patterns})").format(tile=what, patterns=word) if word and word in patterns else what


def _waits_said(system_id: str, score: Any) -> str:
    """計番's waits: the tiles, or 「any tile (飛牌)」 (:func:`_any_tile`) for a hand that waited on
    (almost) every tile."""
    said = _any_tile(system_id, set(score.waits), {p.name for p in score.patterns})
    return said if said is not None else " ".join(name_zh(t) for t in score.waits)


def _part(
    system_id: str, options: TableSettings, scored: ScoredHand | None, short: int | None, self_drawn: bool
) -> str:
    """One way of winning on a tile: 「食 18番」 / ``18 fan on a discard`` (with the money the winner
    collects where the table shows money), below 起糊, or not possible."""
    if scored is not None:
        count = _count(system_id, scored.score.fan)
        if shows_money(system_id, options):
            money = collected(system_id, options, scored)
            if money is not None:
                count = _("{count} ({money})").format(count=count, money=render.cash(money))
        return (_("self-drawn {count}") if self_drawn else _("on a discard {count}")).format(count=count)
    if short is not None:
        count = _count(system_id, short)
        msgid = own_line(system_id, "below_self_drawn" if self_drawn else "below_on_discard") or (
            _("self-drawn {count}: below 起糊") if self_drawn else _("on a discard {count}: below 起糊")
        )
        return msgid.format(count=count)
    return _("no self-draw") if self_drawn else _("no win on a discard")


def _parts(system_id: str, options: TableSettings, tile: WinningTile) -> str:
    """What a winning tile makes, on a discard and self-drawn: 「食 18番、自摸 20番」."""
    parts = [
        _part(system_id, options, tile.discard, tile.discard_short, False),
        _part(system_id, options, tile.self_draw, tile.self_draw_short, True),
    ]
    return _(", ").join(parts)


def _pattern_names(tile: WinningTile) -> list[str]:
    """The names of the patterns a winning tile's hands score (on a discard, then self-drawn)."""
    names: list[str] = []
    for scored in (tile.discard, tile.self_draw):
        for p in scored.score.patterns if scored is not None else ():
            if p.name not in names:
                names.append(p.name)
    return names


def tile_line(
    system_id: str, options: TableSettings, tile: WinningTile, natural: frozenset[str] = frozenset()
) -> str:
    """One winning tile: 「東：食 18番、自摸 20番」 / ``東: on a discard 18 fan, self-drawn 20 fan``.  A
    wildcard drawn as the winning tile (``tile.kind`` None) names the patterns it scores that every
    natural winning tile's hand lacks (``natural``: the names those all score): 「保 (保釣保): …」."""
    name = tile.tile
    if tile.kind is None and natural:
        extra = [n for n in _pattern_names(tile) if n not in natural]
        if extra:
            name = _("{tile} ({patterns})").format(tile=name, patterns=_(", ").join(extra))
    return _("{tile}: {parts}").format(tile=name, parts=_parts(system_id, options, tile))


def waits_lines(system_id: str, options: TableSettings, waits: Waits) -> list[str]:
    """The reply to 聽 (and ``taipai waits``' output): the tiles waited on, then one line per winning
    tile, the best first (:func:`tile_line`), then the tiles that stay below 起糊; or "not waiting" and
    why (too few or too many tiles, no tile completes it, every completion below 起糊)."""
    game = render.game_name(system_id)
    reason = waits.reason
    if reason == "too_few":
        return [
            _(
                "Not waiting: {held} tiles; a hand waiting to win holds {size} at {game} (a kong counts 3)."
            ).format(held=waits.held, size=waits.hand_size, game=game)
        ]
    if reason == "too_many":
        return [
            _(
                "Not waiting: {held} tiles is too many; a hand waiting to win holds {size} at {game} "
                "(a kong counts 3). Leave out the winning tile."
            ).format(held=waits.held, size=waits.hand_size, game=game)
        ]
    lines: list[str] = []
    if reason == "no_tile":
        lines.append(
            (
                own_line(system_id, "no_completion")
                or _("Not waiting: no tile completes this hand at {game}.")
            ).format(game=game)
        )
    elif reason == "below_minimum":
        lines.append(
            (
                own_line(system_id, "below_everywhere")
                or _("Not waiting for a win at {game}: every tile that completes it stays below 起糊.")
            ).format(game=game)
        )
    else:
        naturals = [t for t in waits.tiles if t.kind is not None]
        natural = [t.tile for t in naturals]
        wild = [t.tile for t in waits.tiles if t.kind is None]
        named = [frozenset(_pattern_names(t)) for t in naturals]
        # a game whose lone wildcard waits on any tile names what a drawn wildcard's win adds (保釣保)
        own = bool(system_by_id(system_id).chat.any_wait_word)
        common = frozenset.intersection(*named) if named and own else frozenset()
        what = _any_tile(system_id, {t.kind for t in naturals if t.kind is not None}, set(common))
        if what is not None:  # (almost) every tile wins (河源百搭's 飛牌): not 34 names
            lines.append(_("Waiting on {tiles} at {game}, the best first:").format(tiles=what, game=game))
            lines += _any_tile_lines(system_id, options, waits.tiles, common)
        else:
            lines.append(
                _("Waiting on {tiles} at {game}, the best first:").format(
                    tiles=" ".join(natural or wild), game=game
                )
            )
            lines += [tile_line(system_id, options, t, common) for t in waits.tiles]
    lines += [tile_line(system_id, options, t) for t in waits.short if t.tile]  # a card to show
    return lines


MOST_LEFT_OUT = 4
"""聽 says 「any tile」 (or 「any tile but …」) when at most this many of the 34 kinds do not win."""


def _any_tile_lines(
    system_id: str, options: TableSettings, tiles: tuple[WinningTile, ...], common: frozenset[str]
) -> list[str]:
    """The lines of a hand that (almost) every tile completes, the best first: when more than half of
    the tiles make the same, the others each on its line and 「Any other tile: …」 for those where the
    first of them stands (「Any tile: …」 when all 34 make the same and nothing else wins); else every
    tile on its line."""
    natural_parts = [_parts(system_id, options, t) for t in tiles if t.kind is not None]
    most = max(set(natural_parts), key=natural_parts.count)
    if 2 * natural_parts.count(most) <= len(natural_parts):  # no "rest" to speak of: every tile on its line
        return [tile_line(system_id, options, t, common) for t in tiles]
    alone = len(natural_parts) == NUM_KINDS and len(tiles) == NUM_KINDS and len(set(natural_parts)) == 1
    rest = (_("Any tile: {parts}") if alone else _("Any other tile: {parts}")).format(parts=most)
    lines: list[str] = []
    for t in tiles:  # the best first: the rest's line where its first tile stands
        if t.kind is None or _parts(system_id, options, t) != most:
            lines.append(tile_line(system_id, options, t, common))
        elif rest not in lines:
            lines.append(rest)
    return lines


EXAMPLES = {
    16: "一二三萬 四五六萬 七八九筒 二三四索 中中中 東",
    13: "一二三萬 四五六萬 七八九索 二三筒 中中",
}
"""A hand one tile short of a win, by hand size: waiting on 東 (16 tiles), on 一筒 or 四筒 (13)."""

_WINNING = {16: "食 東", 13: "食 一筒"}


def _example(system_id: str) -> tuple[str, str]:
    """``(hand one tile short, winning part)`` of the game's usage replies: its own
    (:attr:`~taipai.core.chat.ChatVocabulary.example_hand`), else the mahjong hand of its size."""
    system = system_by_id(system_id)
    own = system.chat.example_hand
    if own:
        return own[0], own[1]
    return EXAMPLES[system.hand_size], _WINNING[system.hand_size]


def calc_usage(system_id: str) -> str:
    """The reply to 計番 / ``/calc`` with no hand: what to write, with a hand of the game's size."""
    return _(
        "Write the hand after 計番, e.g. 計番 {example} (/calc …; 計番 台灣牌 … for another game; "
        "圖 at the end for a picture)."
    ).format(example=" ".join(_example(system_id)))


def waits_usage(system_id: str) -> str:
    """The reply to ``/waits`` with no tiles: what to write, with a hand of the game's size."""
    size = system_by_id(system_id).hand_size
    return (
        own_line(system_id, "waits_usage")
        or _("Write the {size} tiles after 聽, without the winning tile, e.g. 聽 {example} (/waits …).")
    ).format(size=size, example=_example(system_id)[0])


def own_line(system_id: str, key: str) -> str | None:
    """The game's own wording of one of the bot's shared lines (``key``, one of
    :data:`~taipai.core.chat.OWN_LINES`: 字牌's 起胡 and cards), translated, unformatted; ``None`` when
    the game keeps the bot's."""
    msgid = system_by_id(system_id).chat.lines.get(key)
    return _(msgid) if msgid else None


def bare_count(count: str, system_id: str) -> str:
    """The reply to 計番 with a bare count (``計番 12番``): it scores tiles; a count is booked."""
    return _(
        "「{token}」 is a count: 計番 scores a hand's tiles, e.g. 計番 {example}. "
        "Book a count at the table: B 食 A {count}."
    ).format(
        token=render.short(count.strip()),
        example=" ".join(_example(system_id)),
        count=render.count_word(system_id),
    )


def waits_over_budget(system_id: str) -> str:
    """The reply to 聽 tiles whose wildcards take more readings than 聽's budget
    (:data:`~taipai.core.waiting.WAITS_BUDGET`): nothing listed; ask with fewer wildcards, or score the
    hand with a winning tile (計番 scores one hand, with a hand's budget)."""
    size = system_by_id(system_id).hand_size
    return _(
        "Too many wildcard readings to list every winning tile within 聽's budget: nothing to show. "
        "Ask again with fewer wildcards, or score the hand with its winning tile, e.g. 計番 … {winning}."
    ).format(winning="摸 東" if size == 16 else "摸 一筒")


def has_winning_tile(err: HandError, offset: int) -> str:
    """The reply to 聽 tiles that name their winning tile already (``… 食 東``)."""
    return _(
        "聽 takes the hand before its winning tile: leave out 「{token} …」 (at character {position})."
    ).format(token=err.token, position=err.position + offset + 1)


# ------------------------------------------------------------------------------------------ service
async def answer(service: Tables, chat: ChatRef, text: str, cmd: CalcHand | ShowWaits) -> list[Reply]:
    """The reply to 計番 / 聽 in ``chat`` (``text``: the whole message, for error positions).

    Books nothing and never refuses for the speaker's sake: anyone may ask, seated or not, table open
    or not.  Bad input gets the reply a hand message with that error gets (:func:`render.hand_error`),
    positions counted in the whole message."""
    session = await service.store.open_session(chat)
    state = None if session is None else (await service.state_of(session))[1]
    request = read_request(cmd.text, None if state is None else state.system)
    system = system_by_id(request.system_id)
    if state is not None and state.system == system.id:
        options = state.options
    else:
        options = system.table.default_options()
    waits = isinstance(cmd, ShowWaits)
    if not request.hand:
        return [Reply(waits_usage(system.id) if waits else calc_usage(system.id))]
    offset = max(text.find(request.hand), 0)
    if not waits and is_count_text(request.hand):
        return [Reply(bare_count(request.hand, system.id))]
    try:
        rules = await SCORING.run(service.rules_for, system.id)
        job = waits_job if waits else calc_job
        got = await SCORING.run(SCORING.call, job, rules, system.id, request.hand, options)
    except HandError as err:
        if waits and err.code == "two_winning_tiles":
            return [Reply(has_winning_tile(err, offset))]
        if err.code == "over_budget" and waits:
            return [Reply(waits_over_budget(system.id))]
        if err.code == "over_budget":  # the hand reply's 「give its count instead」 books; this does not
            return [
                Reply(_("Too many wildcard readings to work out within this hand's budget: nothing to show."))
            ]
        return [Reply(render.hand_error(err, offset=offset, system_id=system.id))]
    if waits:
        return [Reply("\n".join(waits_lines(system.id, options, got)))]
    lines = calc_lines(system.id, options, got)
    if not request.image:
        return [Reply("\n".join(lines))]
    if system.chat.hand_like is not None:  # a game with its own cards (字牌): no tile picture to draw
        return [Reply("\n".join([*lines, _("The picture could not be drawn here.")]))]
    title = _("{game}: {count}").format(game=render.game_name(system.id), count=_total(system.id, got))
    try:
        png = await SCORING.run(SCORING.call, picture_job, rules, system.id, request.hand, title)
    except (ImportError, OSError, HandError) as exc:  # no font or matplotlib on this host, or a game whose
        # hand messages the plain notation cannot draw (河源百搭's flowers are its 保): the text still goes
        log.warning("hand picture not drawn: %s", exc)
        return [Reply("\n".join([*lines, _("The picture could not be drawn here.")]))]
    name = picture_name(service.store, chat, system.id, request.hand, title)
    return [Reply("\n".join(lines), picture=Picture(name, png))]


def picture_job(rules: Any, system_id: str, hand: str, title: str) -> bytes:
    """A PNG of ``hand``'s tiles (:func:`taipai.bot.pictures.hand.hand_image`) with ``title`` above them;
    runs in a scoring process (drawing is CPU work).  The hand is read with the game's notation (its
    words, hand size and wildcard kinds), as its scoring read it.

    Raises:
        HandError: the hand does not parse (it was scored first, so it does).
    """
    from taipai.bot.pictures.hand import hand_image
    from taipai.core.notation import parse_hand

    system = system_by_id(system_id)
    own = getattr(system, "picture_spec", None)  # a game whose hands the plain notation reads otherwise
    if own is not None:  # (河源百搭's flowers are its 保, in the hand)
        return hand_image(own(hand), title=title)
    kinds = getattr(getattr(rules, "wilds", None), "table_kinds", ()) if system.wildcards else ()
    spec = parse_hand(hand, hand_size=system.hand_size, table_kinds=tuple(kinds), words=system.words)
    return hand_image(spec, title=title)


def picture_name(store: Any, chat: ChatRef, system_id: str, hand: str, title: str) -> str:
    """A hand picture's file name, named as the chat's exports and charts are
    (:func:`~taipai.bot.service.export.export_name`: the database's name and hash, the platform and
    the chat) with ``-hand-`` and 8 hex digits of a hash of the game, the hand as typed and the
    picture's title: ``taipai-night-1a2b3c4d-console-terminal-hand-5e6f7a8b.png``.  Two different
    hands (or one hand at two games) never write the same file in the terminal; the same hand asked
    again replaces its own picture.  Only ``[\\w.-]`` characters; raises nothing."""
    digest = hashlib.sha256(f"{system_id}\n{hand}\n{title}".encode()).hexdigest()[:8]
    stem = export_name(store, chat, 0).removesuffix("-session0.csv")
    return f"{stem}-hand-{digest}.png"
