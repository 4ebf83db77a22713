"""The terminal's picture line (「（張圖存咗喺：…）」 under 埋數's chart) is said in the table's language:
English at a table opened with English or after /lang en, 简体 after /lang 简体, Cantonese otherwise."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from taipai.bot.console import run_console
from taipai.bot.service import Service
from taipai.bot.store import Store, sqlite_url


async def terminal(tmp_path: Path, lines: str) -> tuple[str, Path]:
    """What the terminal prints for ``lines`` (a Cantonese terminal), and the chart it wrote."""
    store = await Store.open(sqlite_url(tmp_path / "night.db"))
    try:
        out = io.StringIO()
        await run_console(Service(store), stdin=io.StringIO(lines), stdout=out, interactive=False)
    finally:
        await store.close()
    charts = sorted(tmp_path.glob("*.png"))
    assert len(charts) == 1
    return out.getvalue(), charts[0]


@pytest.mark.asyncio
async def test_english_table(tmp_path: Path) -> None:
    text, chart = await terminal(tmp_path, "A: 開枱 A B C 字牌 English\nB: B 食 A 15油\nA: 埋數\n")
    assert text.rstrip().endswith(f"(picture saved: {chart})")
    assert "張圖存咗喺" not in text


@pytest.mark.asyncio
async def test_simplified_table(tmp_path: Path) -> None:
    text, chart = await terminal(tmp_path, "A: 開枱 A B C 字牌\nA: /lang 简体\nB: B 食 A 15油\nA: 埋數\n")
    assert text.rstrip().endswith(f"（图片存了在：{chart}）")


@pytest.mark.asyncio
async def test_cantonese_table(tmp_path: Path) -> None:
    text, chart = await terminal(tmp_path, "A: 開枱 A B C D\nB: B 食 A 5番\nA: 埋數\n")
    assert text.rstrip().endswith(f"（張圖存咗喺：{chart}）")
