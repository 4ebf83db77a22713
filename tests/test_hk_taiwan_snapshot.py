"""The hk-taiwan snapshot (issue 14, 「A snapshot test」): today's answers must not change.

``tests/snapshots/hk_taiwan_score.jsonl`` holds what ``taipai score … --json`` printed, and its exit
status, for several hundred hand messages (hands from the tests and the seed 004 pattern tests,
seeded corpus hands, wildcard hands of seed 000's kinds, varied seat/round/dealer/streak options,
and bad input); ``tests/snapshots/hk_taiwan_chat.txt`` is one evening typed into ``taipai chat``.
Both were recorded by ``benchmarks/record_snapshot.py`` from commit ee0da54, before the refactor
of issue 14.  DESIGN §5: ``taipai score --json`` for hk-taiwan stays byte-identical.

A difference that a ruling of another issue justifies goes into :data:`ALLOWED` with its reason;
nothing else may differ.  The chat's money is compared as issue 15 item 8 writes it
(:func:`money_as_hong_kong_writes`: ``$1080`` was recorded, ``HK$1,080`` is shown now).  Never re-record the files from a tree whose answers changed.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from record_snapshot import (  # noqa: E402
    CHAT_FILE,
    ENV_SET,
    ENV_UNSET,
    SCORE_FILE,
    run_chat,
    run_score,
)

_WHOLE_WORD = (
    "issue 16/17 QA (a new user's 「B wins A 123m … 中 foo 中」): an unknown Latin word is named whole "
    "(token and message), not by its first letter; the suit-letter hint is kept for a letter alone"
)

ALLOWED: dict[str, str] = {
    "chat #74: 阿芬: 規則": "issue 14 Build 2: 「規則 names the game」: the heading says 呢張枱嘅規則（港式台牌）",
    "chat #0: A: 開枱 阿明 阿芬 阿強 阿珍": "issue 14: every game's 開枱 names it (玩法：港式台牌，計番。), as 台灣牌's does",
    "chat #75: 阿強: 埋數": "issue 15 item 7: 「At 埋數 … a PNG of each player's running balance」; the terminal "
    "writes it to a file and prints the path (the balances and transfers above that line are unchanged)",
    '["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東", "--lang", "fr", "--json"]': "issue 18 item 4: "
    "「offer 简体中文 (zh_Hans) as a third language」: --lang's usage error lists zh_Hans among the choices",
    '["score", "/selfdraw B 12番 槓上自摸 包 C", "--json"]': _WHOLE_WORD,
    '["score", "seed 000 實戰: 一二三萬 四五六萬 七八九筒 二三四索 中中 [搭=中] 東 ＋摸 東 → 食糊.", "--json"]': (
        _WHOLE_WORD
    ),
    '["score", "hello", "--json"]': _WHOLE_WORD,
}
"""Case key (:func:`score_key` or :func:`chat_key`) → the ruling (issue and reason) that justifies
its new answer."""

SHOWN = 5
"""Differing cases shown in a failure message."""

_RECORDED_MONEY = re.compile(r"\$ ?([0-9]+)(\.[0-9]+)?")


def money_as_hong_kong_writes(text: str) -> str:
    """A recorded reply with its money as issue 15 item 8 writes it (Babel, the chat's currency, HKD
    by default): ``$1080`` → ``HK$1,080``, ``-$7.5`` → ``-HK$7.50``, ``每番 $1`` → ``每番 HK$1``.
    Only the way money is written changes: a reply whose amounts differ still differs."""

    def shown(m: re.Match[str]) -> str:
        cents = (m.group(2) or "")[1:]
        return f"HK${int(m.group(1)):,}" + (f".{cents:0<2}" if cents else "")

    return _RECORDED_MONEY.sub(shown, text)


def score_key(args: list[str]) -> str:
    """The key of a score case: its arguments as JSON."""
    return json.dumps(args, ensure_ascii=False)


def chat_key(index: int, line: str) -> str:
    """The key of the chat's ``index``-th input line (0-based) and the replies it got."""
    return f"chat #{index}: {line}"


def chat_blocks(transcript: str) -> list[tuple[str, str]]:
    """A transcript cut into (input line, what followed it up to the next input line); the text
    before the first input line, and the exit line, belong to the block they follow."""
    blocks: list[tuple[str, str]] = [("", "")]
    for line in transcript.splitlines(keepends=True):
        if line.startswith("> "):
            blocks.append((line[2:].rstrip("\n"), ""))
        else:
            said, replies = blocks[-1]
            blocks[-1] = (said, replies + line)
    return blocks[1:] if blocks[0] == ("", "") else blocks


@pytest.fixture
def snapshot_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """The recorder's environment: repository root as working directory (the relative ``--rules``
    path), the same locale, no bot token or database from outside."""
    monkeypatch.chdir(ROOT)
    for name, value in ENV_SET.items():
        monkeypatch.setenv(name, value)
    for name in ENV_UNSET:
        monkeypatch.delenv(name, raising=False)


def _recorded() -> list[dict]:
    return [json.loads(line) for line in SCORE_FILE.read_text("utf-8").splitlines()]


def _report(diffs: list[tuple[str, str, str]], total: int, what: str) -> str:
    lines = [f"{len(diffs)} of {total} {what} differ from the snapshot (recorded at ee0da54):"]
    for key, expected, got in diffs[:SHOWN]:
        lines += [f"  case {key}", f"    expected: {expected!r}", f"    got:      {got!r}"]
    if len(diffs) > SHOWN:
        lines.append(f"  … and {len(diffs) - SHOWN} more")
    lines.append("A difference a ruling justifies goes into ALLOWED with its reason.")
    return "\n".join(lines)


def test_score_json_is_unchanged(snapshot_env: None) -> None:
    rows = _recorded()
    diffs = []
    for row in rows:
        key = score_key(row["args"])
        stdout, rc = run_score(row["args"])
        if (stdout, rc) != (row["stdout"], row["rc"]) and key not in ALLOWED:
            diffs.append((key, f"rc {row['rc']} {row['stdout']}", f"rc {rc} {stdout}"))
    assert not diffs, _report(diffs, len(rows), "score cases")


def test_chat_transcript_is_unchanged(snapshot_env: None) -> None:
    recorded = chat_blocks(CHAT_FILE.read_text("utf-8"))
    lines = [said for said, _replies in recorded]
    got = chat_blocks(run_chat(lines))
    assert [said for said, _r in got] == lines
    diffs = [
        (chat_key(i, said), replies, new)
        for i, ((said, replies), (_said, new)) in enumerate(zip(recorded, got, strict=True))
        if money_as_hong_kong_writes(replies) != new and chat_key(i, said) not in ALLOWED
    ]
    assert not diffs, _report(diffs, len(recorded), "chat lines")


def test_the_snapshot_is_whole() -> None:
    """The recorded files hold what the recorder promised (a truncated file would test less)."""
    rows = _recorded()
    ok = [r for r in rows if r["rc"] == 0]
    wild_wins = [r for r in ok if "[" in r["args"][1]]
    errors = [r for r in rows if r["rc"] != 0]
    assert len(rows) >= 400 and len(wild_wins) >= 80 and len(errors) >= 40
    assert all(json.loads(r["stdout"])["ok"] is (r["rc"] == 0) for r in rows)
    lines = [said for said, _r in chat_blocks(CHAT_FILE.read_text("utf-8"))]
    assert len(lines) >= 75 and lines[0].endswith("開枱 阿明 阿芬 阿強 阿珍")
    assert CHAT_FILE.read_text("utf-8").endswith("[exit 0]\n")


def test_allowed_names_only_recorded_cases() -> None:
    keys = {score_key(r["args"]) for r in _recorded()}
    blocks = chat_blocks(CHAT_FILE.read_text("utf-8"))
    keys |= {chat_key(i, said) for i, (said, _r) in enumerate(blocks)}
    assert set(ALLOWED) <= keys, sorted(set(ALLOWED) - keys)
