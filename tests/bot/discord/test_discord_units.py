"""Pure pieces of the Discord adapter (issue 15 item 11): which hands are slow enough to defer, the
player choices an autocomplete offers, the hash that decides whether the commands are published."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from discord.app_commands import Choice
from sqlalchemy.engine import make_url

from taipai.bot.discord.commands import matching_players, slow_hand
from taipai.bot.discord.sync import STAMP_NAME, stamp_path, tree_hash
from taipai.bot.settings import Settings

SEATS = (("Ann", "西"), ("Bob", "北"), ("阿玲", "東"), ("ｃｈｅｒｙｌ", "南"))
"""A table where 阿玲 deals (so she is 東 and Ann, two seats before her, 西)."""


@pytest.mark.parametrize(
    ("hand", "slow"),
    [
        ("12", False),
        ("12番", False),
        (" 3台 ", False),
        ("８翻", False),
        ("12 fan", False),
        ("一二三萬 四五六萬 七八九萬 東東東 中中 摸 中", True),
        ("12 一二三萬", True),
        ("", True),
    ],
)
def test_slow_hand(hand, slow):
    assert slow_hand(hand) is slow


def test_nothing_typed_offers_every_name_then_every_wind():
    assert matching_players(SEATS, "") == [
        Choice(name="Ann · 西", value="Ann"),
        Choice(name="Bob · 北", value="Bob"),
        Choice(name="阿玲 · 東", value="阿玲"),
        Choice(name="ｃｈｅｒｙｌ · 南", value="ｃｈｅｒｙｌ"),
        Choice(name="西 · Ann", value="西"),
        Choice(name="北 · Bob", value="北"),
        Choice(name="東 · 阿玲", value="東"),
        Choice(name="南 · ｃｈｅｒｙｌ", value="南"),
    ]


@pytest.mark.parametrize(
    ("typed", "values"),
    [
        ("b", ["Bob", "北"]),  # the name Bob and the wind of Bob
        ("AN", ["Ann", "西"]),  # case ignored
        ("@ann", ["Ann", "西"]),  # a mention's @
        ("玲", ["阿玲", "東"]),
        ("東", ["阿玲", "東"]),  # a wind: its player and the wind itself
        ("cher", ["ｃｈｅｒｙｌ", "南"]),  # full-width letters read as half-width
        ("zed", []),
    ],
)
def test_what_is_typed_filters_names_and_winds(typed, values):
    assert [c.value for c in matching_players(SEATS, typed)] == values


def test_a_name_too_long_for_discord_is_left_out_and_a_long_label_cut():
    long = "阿" * 99  # 99 characters: a value Discord takes; its label "阿…阿 · 東" is cut at 100
    choices = matching_players(((long, "東"), ("B" * 101, "南")), "")
    assert [c.value for c in choices] == [long, "東"]
    assert [len(c.name) for c in choices] == [100, 100]


def test_no_table_offers_nothing():
    assert matching_players((), "") == []


def test_the_tree_hash_is_stable_and_follows_the_commands_and_the_application():
    commands = [{"name": "score", "description": "Balances", "options": []}]
    same = [{"options": [], "description": "Balances", "name": "score"}]  # keys in another order
    assert tree_hash(1, commands) == tree_hash(1, same)
    assert len(tree_hash(1, commands)) == 64
    assert tree_hash(1, commands) != tree_hash(2, commands)
    assert tree_hash(1, commands) != tree_hash(1, [{**commands[0], "description": "Balances, 拉"}])


def test_the_stamp_lives_beside_the_sqlite_database_or_where_the_setting_says(tmp_path, monkeypatch):
    def store_at(url: str) -> SimpleNamespace:
        return SimpleNamespace(engine=SimpleNamespace(url=make_url(url)))

    db = tmp_path / "data" / "taipai.db"
    plain = Settings(_env_file=None)
    assert stamp_path(plain, store_at(f"sqlite+aiosqlite:///{db}")) == db.parent / STAMP_NAME
    monkeypatch.chdir(tmp_path)
    assert stamp_path(plain, store_at("postgresql+asyncpg://u:p@db/taipai")) == tmp_path / STAMP_NAME
    assert stamp_path(plain, store_at("sqlite+aiosqlite:///:memory:")) == tmp_path / STAMP_NAME
    monkeypatch.setenv("DISCORD_SYNC_STAMP", str(tmp_path / "elsewhere" / "commands.sha256"))
    assert stamp_path(Settings(_env_file=None), store_at(f"sqlite+aiosqlite:///{db}")) == Path(
        tmp_path / "elsewhere" / "commands.sha256"
    )
