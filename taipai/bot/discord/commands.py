"""The slash commands (issue 5 item 3; DESIGN §5 command table), each a thin relay to the service.

Every command turns its options back into the slash text the service already understands
(``/win B A 12``) and hands that to :meth:`TaipaiDiscord.relay`, so Discord, Telegram and the terminal
read a command in exactly one place (:mod:`taipai.bot.service.parse`).  Names, descriptions and
option names are ``locale_str`` with catalogue msgids (see :mod:`.translator`), so ``zh-TW`` and
``zh-CN`` clients see 開枱, 食糊, 自摸 …

A command whose service side is not there yet still registers; the service then answers that it does
not know the command.
"""

from __future__ import annotations

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

    async def relay(self, interaction: discord.Interaction, text: str) -> None:
        """Store the slash command's ``text`` for the service; its replies answer the interaction."""
        ...


async def relay(interaction: discord.Interaction, *parts: str | None) -> None:
    """Send ``"/name arg …"`` (empty/``None`` parts dropped) to the service and post its replies."""
    client = cast(Relay, interaction.client)
    words = [p.strip() for p in parts if p is not None and p.strip()]
    await client.relay(interaction, " ".join(words))


def _cmd(name_msgid: str, description_msgid: str) -> Any:
    """``app_commands.command`` with a localised name and description."""
    return app_commands.command(name=command_name(name_msgid), description=text(description_msgid))


def game_choices() -> list[Choice[str]]:
    """The /newgame ``game`` option's choices: every game of the registry, in its order, shown by its
    Chinese and English names (``台灣牌 Taiwan 16-tile``, the same to every client) with its id as the
    value, which the service reads as it reads ``/newgame A B C D taiwan``."""
    return [Choice(name=f"{s.names[0]} {s.english}", value=s.id) for s in SYSTEMS.values()]


def build_commands() -> list[app_commands.Command[Any, ..., None]]:
    """Fresh command objects for one :class:`~discord.app_commands.CommandTree` (one per client)."""

    @_cmd(N_("/newgame"), N_("Open a table: four players, seats 東 南 西 北; the first deals"))
    @app_commands.rename(
        east=option_name(N_("option: east")),
        south=option_name(N_("option: south")),
        west=option_name(N_("option: west")),
        north=option_name(N_("option: north")),
        game=option_name(N_("option: game")),
    )
    @app_commands.describe(
        east=text(N_("The player in seat 東 (the first dealer)")),
        south=text(N_("The player in seat 南")),
        west=text(N_("The player in seat 西")),
        north=text(N_("The player in seat 北")),
        game=text(N_("The game the table plays (港式台牌 when left out)")),
    )
    @app_commands.choices(game=game_choices())
    async def newgame(
        interaction: discord.Interaction,
        east: str,
        south: str,
        west: str,
        north: str,
        game: Choice[str] | None = None,
    ) -> None:
        await relay(interaction, "/newgame", east, south, west, north, game.value if game else None)

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
    async def win(interaction: discord.Interaction, winner: str, discarder: str, hand: str) -> None:
        await relay(interaction, "/win", winner, discarder, hand)

    @_cmd(N_("/selfdraw"), N_("A self-drawn win: the winner and the hand or its fan; each of the three pays"))
    @app_commands.rename(winner=option_name(N_("option: winner")), hand=option_name(N_("option: hand")))
    @app_commands.describe(
        winner=text(N_("Who won: a name, @mention or seat wind")),
        hand=text(N_("The hand, e.g. 一二三萬 … 摸 東, or its fan count without 底, e.g. 12")),
    )
    async def selfdraw(interaction: discord.Interaction, winner: str, hand: str) -> None:
        await relay(interaction, "/selfdraw", winner, hand)

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
        await relay(interaction, "/settle")

    @_cmd(N_("/cut"), N_("Accept the 斬拉 offer (said by the debtor)"))
    @app_commands.rename(creditor=option_name(N_("option: creditor")))
    @app_commands.describe(creditor=text(N_("Whose chain, when you owe more than one")))
    async def cut(interaction: discord.Interaction, creditor: str | None = None) -> None:
        await relay(interaction, "/cut", creditor)

    @_cmd(N_("/nocut"), N_("Decline the 斬拉 offer (said by the debtor)"))
    @app_commands.rename(creditor=option_name(N_("option: creditor")))
    @app_commands.describe(creditor=text(N_("Whose chain, when you owe more than one")))
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
    async def sit(interaction: discord.Interaction, seat: str) -> None:
        await relay(interaction, "/sit", seat)

    @_cmd(N_("/leave"), N_("Give up your seat; a chat admin may free another's"))
    @app_commands.rename(seat=option_name(N_("option: seat")))
    @app_commands.describe(seat=text(N_("The seat to free (a chat admin); leave empty for your own")))
    async def leave(interaction: discord.Interaction, seat: str | None = None) -> None:
        await relay(interaction, "/leave", seat)

    @_cmd(N_("/lang"), N_("The language the bot answers in here"))
    @app_commands.rename(language=option_name(N_("option: language")))
    @app_commands.describe(language=text(N_("廣東話 or English")))
    @app_commands.choices(
        language=[
            Choice(name=choice_name(N_("choice: 廣東話")), value="zh"),
            Choice(name=choice_name(N_("choice: English")), value="en"),
        ]
    )
    async def lang(interaction: discord.Interaction, language: Choice[str]) -> None:
        await relay(interaction, "/lang", language.value)

    @_cmd(N_("/help"), N_("Every command, in Cantonese and slash forms"))
    async def help_(interaction: discord.Interaction) -> None:
        await relay(interaction, "/help")

    return [
        newgame,
        win,
        selfdraw,
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
        help_,
    ]
