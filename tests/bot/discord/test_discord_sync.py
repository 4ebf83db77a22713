"""The slash commands are published only when they changed (issue 15 item 11): a hash of the
translated command tree is kept in a file (``DISCORD_SYNC_STAMP``, default beside the SQLite
database) and the tree is synced at start only when the hash differs."""

from __future__ import annotations

import logging

import pytest
from discord import app_commands

import taipai.bot.discord.client as client_module
from taipai.bot.discord.commands import build_commands
from taipai.bot.service import Service
from tests.bot.discord.harness import APP_ID, DiscordHarness, FakeDiscordAPI

pytestmark = pytest.mark.asyncio


def syncs(api: FakeDiscordAPI) -> int:
    """How many times the commands were published (``PUT /applications/<id>/commands``)."""
    return sum(1 for c in api.calls if c.method == "PUT" and c.path == f"/applications/{APP_ID}/commands")


async def test_two_starts_with_the_same_tree_sync_once(store, monkeypatch, tmp_path, caplog):
    stamp = tmp_path / "stamp"
    api = FakeDiscordAPI()
    caplog.set_level(logging.INFO, logger="taipai.bot.discord.sync")
    async with DiscordHarness(Service(store), monkeypatch, api=api, sync_stamp=stamp):
        pass
    assert syncs(api) == 1
    kept = stamp.read_text("ascii").strip()
    assert len(kept) == 64
    async with DiscordHarness(Service(store), monkeypatch, api=api, sync_stamp=stamp):
        pass
    assert syncs(api) == 1  # the second start published nothing
    assert stamp.read_text("ascii").strip() == kept
    said = [r.getMessage() for r in caplog.records if r.name == "taipai.bot.discord.sync"]
    assert said == [
        f"discord: 28 slash commands published ({kept[:12]})",
        f"discord: slash commands unchanged ({kept[:12]}); not published",
    ]


async def test_a_changed_tree_syncs_again(store, monkeypatch, tmp_path):
    stamp = tmp_path / "stamp"
    api = FakeDiscordAPI()
    async with DiscordHarness(Service(store), monkeypatch, api=api, sync_stamp=stamp):
        pass
    first = stamp.read_text("ascii")

    def one_more() -> list[app_commands.Command]:
        @app_commands.command(name="dice", description="Roll the dice")
        async def dice(interaction) -> None:  # pragma: no cover - never invoked
            return None

        return [*build_commands(), dice]

    monkeypatch.setattr(client_module, "build_commands", one_more)
    async with DiscordHarness(Service(store), monkeypatch, api=api, sync_stamp=stamp):
        pass
    assert syncs(api) == 2
    last_sync = [c for c in api.calls if c.method == "PUT"][-1]
    assert [c["name"] for c in last_sync.body][-1] == "dice"
    assert stamp.read_text("ascii") != first
    monkeypatch.setattr(client_module, "build_commands", build_commands)  # back to the real tree
    async with DiscordHarness(Service(store), monkeypatch, api=api, sync_stamp=stamp):
        pass
    assert syncs(api) == 3
    assert stamp.read_text("ascii") == first


async def test_a_refused_sync_keeps_no_stamp(store, monkeypatch, tmp_path):
    stamp = tmp_path / "stamp"
    api = FakeDiscordAPI()
    real = api._answer

    def refuse(method, path, body, headers):
        if method == "PUT":
            return 400, {"message": "Invalid Form Body", "code": 50035, "errors": {}}
        return real(method, path, body, headers)

    monkeypatch.setattr(api, "_answer", refuse)
    with pytest.raises(app_commands.CommandSyncFailure):
        async with DiscordHarness(Service(store), monkeypatch, api=api, sync_stamp=stamp):
            pass
    assert not stamp.exists()  # the next start tries again


async def test_without_a_stamp_every_start_syncs(store, monkeypatch):
    api = FakeDiscordAPI()
    for _ in range(2):
        async with DiscordHarness(Service(store), monkeypatch, api=api):
            pass
    assert syncs(api) == 2
