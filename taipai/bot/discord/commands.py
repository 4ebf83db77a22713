"""The slash commands (issue 5 item 3; DESIGN §5 command table), each a thin relay to the service.

Every command turns its options back into the slash text the service already understands
(``/win B A 12``) and hands that to :meth:`TaipaiDiscord.relay`, so Discord, Telegram and the terminal
read a command in exactly one place (:mod:`taipai.bot.service.parse`).  Names, descriptions and
option names are ``locale_str`` with catalogue msgids (see :mod:`.translator`), so ``zh-TW`` and
``zh-CN`` clients see 開枱, 食糊, 自摸 …

A command whose service side is not there yet still registers; the service then answers that it does
not know the command.

A command whose service work may take more than a second is relayed ``slow`` (a hand written as
tiles, :func:`slow_hand`; /calc, /waits, /history, /export, /stats, /leaderboard, /chart, /settle):
the client defers it ("thinking…") before asking the service.  Every option that names a player
(winner, discarder, creditor, seat) autocompletes from the open table (:func:`player_choices`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any, Protocol, cast

import discord
from discord import app_commands
from discord.app_commands import Choice

from taipai.bot.discord.translator import choice_name, command_name, option_name, text
from taipai.bot.i18n import N_
from taipai.core.registry import SYSTEMS


class Relay(Protocol):
    """The part of :class:`~taipai.bot.discord.client.TaipaiDiscord` a slash command calls (the
    client imports this module, so it is named by what it does)."""

    async def relay(self, interaction: discord.Interaction, text: str, *, slow: bool = False) -> None:
        """Store the slash command's ``text`` for the service; its replies answer the interaction
        (``slow``: deferred first)."""
        ...

    async def player_names(self, interaction: discord.Interaction) -> tuple[tuple[str, str], ...]:
        """``(name, seat wind)`` of the open table in the interaction's channel (``()``: none)."""
        ...


async def relay(interaction: discord.Interaction, *parts: str | None, slow: bool = False) -> None:
    """Send ``"/name arg …"`` (empty/``None`` parts dropped) to the service and post its replies;
    ``slow``: the service may take more than a second (see :func:`slow_hand`), so the interaction is
    deferred before it is asked."""
    client = cast(Relay, interaction.client)
    words = [p.strip() for p in parts if p is not None and p.strip()]
    await client.relay(interaction, " ".join(words), slow=slow)


_COUNT = re.compile(r"^\s*[0-9０-９]{1,6}\s*(番|台|翻|fan|tai)?\s*$", re.I)


def slow_hand(hand: str) -> bool:
    """Whether ``/win`` or ``/selfdraw`` with this ``hand`` option may take more than a second: a hand
    written as tiles is scored (wildcards and many readings take time), a bare count (``12``,
    ``12番``, ``3台``) is booked in milliseconds."""
    return _COUNT.match(hand) is None


async def player_choices(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    """The autocomplete of an option that names a player: the open table's names and seat winds that
    match what is typed (:func:`matching_players`)."""
    client = cast(Relay, interaction.client)
    return matching_players(await client.player_names(interaction), current)


def matching_players(seats: Sequence[tuple[str, str]], current: str) -> list[Choice[str]]:
    """Autocomplete choices for ``seats`` (``(name, seat wind)`` in seat order, as
    :meth:`Service.player_names` gives them) filtered by ``current`` (what is typed so far).

    Each player is offered by name (``B · 南``, value ``B``) and by 門風 (``南 · B``, value ``南``),
    names first; a choice matches when its name or wind contains ``current`` (case and width
    ignored; empty matches all).  At most :data:`MAX_CHOICES`.
    """
    typed = unicodedata.normalize("NFKC", current).strip().removeprefix("@").casefold()

    def matches(*words: str) -> bool:
        return any(typed in unicodedata.normalize("NFKC", w).casefold() for w in words)

    seats = [(n, w) for n, w in seats if len(n) <= MAX_CHOICE_TEXT]  # Discord refuses a longer value
    by_name = [Choice(name=f"{n} · {w}"[:MAX_CHOICE_TEXT], value=n) for n, w in seats if matches(n, w)]
    by_wind = [Choice(name=f"{w} · {n}"[:MAX_CHOICE_TEXT], value=w) for n, w in seats if matches(w, n)]
    return [*by_name, *by_wind][:MAX_CHOICES]


MAX_CHOICES = 25
"""Discord's limit on the choices of one autocomplete answer."""
MAX_CHOICE_TEXT = 100
"""Discord's limit on a choice's name and on its string value (characters)."""


def _cmd(name_msgid: str, description_msgid: str) -> Any:
    """``app_commands.command`` with a localised name and description."""
    return app_commands.command(name=command_name(name_msgid), description=text(description_msgid))


def game_choices() -> list[Choice[str]]:
    """The /newgame ``game`` option's choices: every game of the registry, in its order, shown by its
    Chinese and English names (``台灣牌 Taiwan 16-tile``, the same to every client) with its id as the
    value, which the service reads as it reads ``/newgame A B C D taiwan``."""
    return [Choice(name=f"{s.names[0]} {s.english}", value=s.id) for s in SYSTEMS.values()]


CURRENCIES = (("HK$", "HKD"), ("$", "USD"), ("NT$", "TWD"), ("¥", "CNY"))
"""The /currency choices: the sign shown and the ISO code the service reads (``/currency TWD``)."""

PERIODS = {
    "session": N_("choice: this session"),
    "month": N_("choice: this month"),
    "season": N_("choice: this season"),
    "all": N_("choice: all time"),
}
"""The /stats, /leaderboard and /export periods: the value the service reads → its choice msgid."""


def period_choice(value: str) -> Choice[str]:
    """The choice of the period ``value`` (a key of :data:`PERIODS`), shown in the client's language."""
    return Choice(name=choice_name(PERIODS[value]), value=value)


def build_commands() -> list[app_commands.Command[Any, ..., None]]:
    """Fresh command objects for one :class:`~discord.app_commands.CommandTree` (one per client)."""

    @_cmd(N_("/newgame"), N_("Open a table: four players, seats 東 南 西 北; the first deals"))
    @app_commands.rename(
        east=option_name(N_("option: east")),
        south=option_name(N_("option: south")),
        west=option_name(N_("option: west")),
        north=option_name(N_("option: north")),
        game=option_name(N_("option: game")),
        wild=option_name(N_("option: wild")),
        treasure=option_name(N_("option: treasure")),
    )
    @app_commands.describe(
        east=text(N_("The player in seat 東 (the first dealer)")),
        south=text(N_("The player in seat 南")),
        west=text(N_("The player in seat 西")),
        north=text(N_("The player in seat 北")),
        game=text(N_("The game the table plays (港式台牌 when left out)")),
        wild=text(N_("The wildcard scheme (百搭) and its turned tile: 窗 四萬, 帶弟 五萬, 心皇 …")),
        treasure=text(N_("寶牌: the turned tile (四萬: +1番 for each 五萬 the winner holds)")),
    )
    @app_commands.choices(game=game_choices())
    async def newgame(
        interaction: discord.Interaction,
        east: str,
        south: str,
        west: str,
        north: str | None = None,  # left out at a three-player game (字牌: /newgame A B C zipai)
        game: Choice[str] | None = None,
        wild: str | None = None,  # seed 001's scheme, booked in the one 開枱 event (/newgame … wild …)
        treasure: str | None = None,
    ) -> None:
        said = (("wild", wild), ("treasure", treasure))
        settings = [part for word, value in said if value and value.strip() for part in (word, value)]
        named = game.value if game else None
        await relay(interaction, "/newgame", east, south, west, north, named, *settings)

    @_cmd(N_("/win"), N_("A win on a discard: the winner, who discarded, and the hand or its fan"))
    @app_commands.rename(
        winner=option_name(N_("option: winner")),
        discarder=option_name(N_("option: discarder")),
        hand=option_name(N_("option: hand")),
    )
    @app_commands.describe(
        winner=text(N_("Who won: a name, @mention or seat wind")),
        discarder=text(N_("Who discarded the winning tile")),
        hand=text(N_("The hand, e.g. 一二三萬 … 食 東, or its fan count without 底, e.g. 12")),
    )
    @app_commands.autocomplete(winner=player_choices, discarder=player_choices)
    async def win(interaction: discord.Interaction, winner: str, discarder: str, hand: str) -> None:
        await relay(interaction, "/win", winner, discarder, hand, slow=slow_hand(hand))

    @_cmd(N_("/selfdraw"), N_("A self-drawn win: the winner and the hand or its fan; each of the three pays"))
    @app_commands.rename(winner=option_name(N_("option: winner")), hand=option_name(N_("option: hand")))
    @app_commands.describe(
        winner=text(N_("Who won: a name, @mention or seat wind")),
        hand=text(N_("The hand, e.g. 一二三萬 … 摸 東, or its fan count without 底, e.g. 12")),
    )
    @app_commands.autocomplete(winner=player_choices)
    async def selfdraw(interaction: discord.Interaction, winner: str, hand: str) -> None:
        await relay(interaction, "/selfdraw", winner, hand, slow=slow_hand(hand))

    @_cmd(N_("/bird"), N_("歡樂麻將's 鳥 right after a win: who it lands on pays or collects double"))
    @app_commands.rename(tile=option_name(N_("option: tile")))
    @app_commands.describe(tile=text(N_("The 鳥 tile, e.g. 三萬")))
    async def bird(interaction: discord.Interaction, tile: str) -> None:
        await relay(interaction, "/bird", tile)

    @_cmd(N_("/shuxin"), N_("字牌's 數信 right after a win: the card the sitter turned, or the shares"))
    @app_commands.rename(card=option_name(N_("option: card")))
    @app_commands.describe(card=text(N_("The turned card, e.g. 三, or the shares, e.g. 2份")))
    async def shuxin(interaction: discord.Interaction, card: str) -> None:
        await relay(interaction, "/shuxin", card)

    @_cmd(N_("/draw"), N_("Exhaustive draw (流局); the dealer stays"))
    async def draw(interaction: discord.Interaction) -> None:
        await relay(interaction, "/draw")

    @_cmd(N_("/undo"), N_("Undo the last event"))
    async def undo(interaction: discord.Interaction) -> None:
        await relay(interaction, "/undo")

    @_cmd(N_("/redo"), N_("Redo the last undone event"))
    async def redo(interaction: discord.Interaction) -> None:
        await relay(interaction, "/redo")

    @_cmd(N_("/score"), N_("Balances, dealer, 連莊 and 拉"))
    async def score(interaction: discord.Interaction) -> None:
        await relay(interaction, "/score")

    @_cmd(N_("/chains"), N_("The open 拉 chains between players"))
    async def chains(interaction: discord.Interaction) -> None:
        await relay(interaction, "/chains")

    @_cmd(N_("/settle"), N_("End the session and settle (埋數)"))
    async def settle(interaction: discord.Interaction) -> None:
        await relay(interaction, "/settle", slow=True)  # the evening's picture is drawn

    @_cmd(N_("/cut"), N_("Accept the 斬拉 offer (said by the debtor)"))
    @app_commands.rename(creditor=option_name(N_("option: creditor")))
    @app_commands.describe(creditor=text(N_("Whose chain, when you owe more than one")))
    @app_commands.autocomplete(creditor=player_choices)
    async def cut(interaction: discord.Interaction, creditor: str | None = None) -> None:
        await relay(interaction, "/cut", creditor)

    @_cmd(N_("/nocut"), N_("Decline the 斬拉 offer (said by the debtor)"))
    @app_commands.rename(creditor=option_name(N_("option: creditor")))
    @app_commands.describe(creditor=text(N_("Whose chain, when you owe more than one")))
    @app_commands.autocomplete(creditor=player_choices)
    async def nocut(interaction: discord.Interaction, creditor: str | None = None) -> None:
        await relay(interaction, "/nocut", creditor)

    @_cmd(N_("/rules"), N_("Show the table's rules, or change one, e.g. 八飛 50"))
    @app_commands.rename(change=option_name(N_("option: change")))
    @app_commands.describe(change=text(N_("A rule and its new value; leave empty to see the rules")))
    async def rules(interaction: discord.Interaction, change: str | None = None) -> None:
        await relay(interaction, "/rules", change)

    @_cmd(N_("/sit"), N_("Claim a seat at the table as yourself"))
    @app_commands.rename(seat=option_name(N_("option: seat")))
    @app_commands.describe(seat=text(N_("The seat wind or the player name you take")))
    @app_commands.autocomplete(seat=player_choices)
    async def sit(interaction: discord.Interaction, seat: str) -> None:
        await relay(interaction, "/sit", seat)

    @_cmd(N_("/leave"), N_("Give up your seat; a chat admin may free another's"))
    @app_commands.rename(seat=option_name(N_("option: seat")))
    @app_commands.describe(seat=text(N_("The seat to free (a chat admin); leave empty for your own")))
    @app_commands.autocomplete(seat=player_choices)
    async def leave(interaction: discord.Interaction, seat: str | None = None) -> None:
        await relay(interaction, "/leave", seat)

    @_cmd(N_("/lang"), N_("The language the bot answers in here"))
    @app_commands.rename(language=option_name(N_("option: language")))
    @app_commands.describe(language=text(N_("廣東話 or English")))
    @app_commands.choices(
        language=[
            Choice(name=choice_name(N_("choice: 廣東話")), value="zh"),
            Choice(name=choice_name(N_("choice: English")), value="en"),
            Choice(name=choice_name(N_("choice: 简体中文")), value="zh_Hans"),
        ]
    )
    async def lang(interaction: discord.Interaction, language: Choice[str]) -> None:
        await relay(interaction, "/lang", language.value)

    @_cmd(N_("/history"), N_("The hands so far (紀錄)"))
    async def history(interaction: discord.Interaction) -> None:
        await relay(interaction, "/history", slow=True)

    @_cmd(N_("/export"), N_("The session, or the whole season, as a CSV file (匯出)"))
    @app_commands.rename(period=option_name(N_("option: period")))
    @app_commands.describe(period=text(N_("This session (when left out) or the whole season")))
    @app_commands.choices(period=[period_choice("session"), period_choice("season")])
    async def export(interaction: discord.Interaction, period: Choice[str] | None = None) -> None:
        season = "season" if period is not None and period.value == "season" else None
        await relay(interaction, "/export", season, slow=True)

    @_cmd(N_("/calc"), N_("Score a hand and explain it; nothing is booked (計番)"))
    @app_commands.rename(hand=option_name(N_("option: hand")), image=option_name(N_("option: image")))
    @app_commands.describe(
        hand=text(N_("The hand's tiles, e.g. 一二三萬 … 摸 東")),
        image=text(N_("Also draw the hand's tiles as a picture")),
    )
    async def calc(interaction: discord.Interaction, hand: str, image: bool = False) -> None:
        await relay(interaction, "/calc", hand, "image" if image else None, slow=True)

    @_cmd(N_("/waits"), N_("What a hand waits for, and what each winning tile would score (聽)"))
    @app_commands.rename(tiles=option_name(N_("option: tiles")))
    @app_commands.describe(tiles=text(N_("The tiles in hand, one short of a win (16 or 13 of them)")))
    async def waits(interaction: discord.Interaction, tiles: str) -> None:
        await relay(interaction, "/waits", tiles, slow=True)

    @_cmd(N_("/stats"), N_("Each player's wins, 自摸, 出銃, biggest hand and money (戰績)"))
    @app_commands.rename(period=option_name(N_("option: period")))
    @app_commands.describe(
        period=text(N_("Tonight's session (when left out), this month, the season or all"))
    )
    @app_commands.choices(period=[period_choice(p) for p in ("session", "month", "season", "all")])
    async def stats(interaction: discord.Interaction, period: Choice[str] | None = None) -> None:
        await relay(interaction, "/stats", period.value if period else None, slow=True)

    @_cmd(N_("/leaderboard"), N_("The players ranked by money won (排行榜)"))
    @app_commands.rename(period=option_name(N_("option: period")))
    @app_commands.describe(period=text(N_("This month, the season or all time")))
    @app_commands.choices(period=[period_choice(p) for p in ("month", "season", "all")])
    async def leaderboard(interaction: discord.Interaction, period: Choice[str] | None = None) -> None:
        await relay(interaction, "/leaderboard", period.value if period else None, slow=True)

    @_cmd(N_("/season"), N_("Start a new season (a chat admin; 新賽季)"))
    async def season(interaction: discord.Interaction) -> None:
        await relay(interaction, "/season")

    @_cmd(N_("/chart"), N_("A picture of each player's balance, hand by hand (走勢)"))
    async def chart(interaction: discord.Interaction) -> None:
        await relay(interaction, "/chart", slow=True)

    @_cmd(N_("/currency"), N_("The currency money is written in here (貨幣)"))
    @app_commands.rename(currency=option_name(N_("option: currency")))
    @app_commands.describe(currency=text(N_("HK$, $, NT$ or ¥; leave empty to see it")))
    @app_commands.choices(currency=[Choice(name=f"{sign} {code}", value=code) for sign, code in CURRENCIES])
    async def currency(interaction: discord.Interaction, currency: Choice[str] | None = None) -> None:
        await relay(interaction, "/currency", currency.value if currency else None)

    @_cmd(N_("/record"), N_("Record a hand by tapping: winner, 出銃 or 自摸, count (記牌)"))
    async def record(interaction: discord.Interaction) -> None:
        await relay(interaction, "/record")

    @_cmd(N_("/help"), N_("Every command, in Cantonese and slash forms"))
    async def help_(interaction: discord.Interaction) -> None:
        await relay(interaction, "/help")

    return [
        newgame,
        win,
        selfdraw,
        bird,
        shuxin,
        draw,
        undo,
        redo,
        score,
        chains,
        settle,
        cut,
        nocut,
        rules,
        sit,
        leave,
        lang,
        history,
        export,
        calc,
        waits,
        stats,
        leaderboard,
        season,
        chart,
        currency,
        record,
        help_,
    ]
