"""Buttons under the bot's messages (Undo, 斬 / 唔斬) as persistent, restart-proof components.

A service :class:`~taipai.bot.service.Button` carries stateless ``data`` (ids only, no game state);
on Discord it becomes a button whose ``custom_id`` is ``tp:<data>``.  :class:`ServiceButton` is a
:class:`discord.ui.DynamicItem`: the client registers its template once at start-up
(``client.add_dynamic_items``), and from then on a press on *any* message the bot ever posted, before
or after a restart, is routed by the ``custom_id`` alone to :meth:`TaipaiDiscord.press`, which hands
the data to the service.  No view needs to be kept in memory, and nothing about the game lives here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

if TYPE_CHECKING:
    from taipai.bot.service import Button


class Presser(Protocol):
    """The part of :class:`~taipai.bot.discord.client.TaipaiDiscord` a button press calls (the
    client imports this module, so it is named by what it does)."""

    async def press(self, interaction: discord.Interaction, data: str) -> None:
        """Hand a press's ``data`` to the service and answer the interaction."""
        ...


CUSTOM_ID_PREFIX = "tp:"
MAX_CUSTOM_ID = 100
"""Discord's limit on a ``custom_id`` (characters)."""
MAX_BUTTONS = 25
"""Five rows of five."""


class ServiceButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tp:(?P<data>\S{1,97})"):
    """A button whose ``custom_id`` is ``tp:<data>``; pressing it calls :meth:`TaipaiDiscord.press`.

    Args:
        data: the service's button data (at most 97 characters, no spaces).
        label: the text on the button.
        style: the Discord button style (default grey).

    Raises:
        ValueError: ``data`` too long or containing whitespace.
    """

    def __init__(
        self, data: str, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary
    ) -> None:
        custom_id = CUSTOM_ID_PREFIX + data
        if len(custom_id) > MAX_CUSTOM_ID or re.search(r"\s", data):
            raise ValueError(f"button data must be at most 97 characters without spaces: {data!r}")
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id, style=style))
        self.data = data

    def with_row(self, row: int) -> ServiceButton:
        """This button placed in row ``row`` (0-4)."""
        self.row = row
        return self

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ServiceButton:
        """Rebuild the button from a press (discord.py calls this for every matching ``custom_id``)."""
        button = cast("discord.ui.Button[Any]", item)
        return cls(match["data"], button.label or "", button.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the press to the client, which asks the service and answers."""
        client = cast(Presser, interaction.client)
        await client.press(interaction, self.data)


MAX_ROWS = 5


def style_of(button: Button) -> discord.ButtonStyle:
    """Red for 斬 and for applying a correction (they move money), grey for the rest."""
    return discord.ButtonStyle.danger if button.data.endswith(":y") else discord.ButtonStyle.secondary


def view_for(buttons: Sequence[Button]) -> discord.ui.View | None:
    """A ``View(timeout=None)`` holding one :class:`ServiceButton` per service button, or ``None``.

    Rows follow the service's layout (:func:`taipai.bot.service.buttons.rows`: 斬 beside 唔斬 of the
    same offer); past Discord's five rows (or 25 buttons) the rest are dropped.
    """
    if not buttons:
        return None
    from taipai.bot.service.buttons import rows

    view = discord.ui.View(timeout=None)
    for r, row in enumerate(rows(buttons)[:MAX_ROWS]):
        for b in row[: MAX_BUTTONS // MAX_ROWS]:
            view.add_item(ServiceButton(b.data, b.label, style_of(b)).with_row(r))
    return view


def view_of_rows(button_rows: Sequence[Sequence[Sequence[str]]]) -> discord.ui.View | None:
    """The view of buttons stored in an outbox payload: rows of ``[label, data]`` (as
    :func:`view_for` lays them out), or ``None`` when there are none."""
    if not button_rows:
        return None
    view = discord.ui.View(timeout=None)
    for r, row in enumerate(list(button_rows)[:MAX_ROWS]):
        for label, data in list(row)[: MAX_BUTTONS // MAX_ROWS]:
            style = discord.ButtonStyle.danger if data.endswith(":y") else discord.ButtonStyle.secondary
            view.add_item(ServiceButton(data, label, style).with_row(r))
    return view
