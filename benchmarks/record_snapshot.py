"""Record the hk-taiwan snapshot: what ``taipai score … --json`` and ``taipai chat`` answer today.

Run from the repository root of the tree to record (issue 14: the baseline before the refactor)::

    PYTHONPATH=. python benchmarks/record_snapshot.py

It writes ``tests/snapshots/hk_taiwan_score.jsonl`` (one line per case:
``{"args": [...], "stdout": "...", "rc": N}``, the arguments after ``taipai``) and
``tests/snapshots/hk_taiwan_chat.txt`` (one evening at a table typed into ``taipai chat --lang
zh_Hant_HK``: each input line as ``> SPEAKER: TEXT``, then the replies it got).
``tests/test_hk_taiwan_snapshot.py`` re-runs both on the current tree and demands the same bytes.

The corpus (deterministic: fixed seeds, sorted sources):

* hand strings written in the tests (string literals with 摸/食 and tiles);
* the literal ``hand(...)`` calls of the pattern tests (``tests/systems/hk_taiwan/patterns``: one test
  module per group of seed 004 rows), written back as notation by :func:`hand_text`;
* ``benchmarks/corpus.py``'s seeded winning hands, written back as notation, half with their seat,
  round, dealer and streak as ``--seat/--round/--dealer/--streak`` options instead of words;
* wildcard hands: corpus hands with one to three concealed tiles (or the winning tile) replaced by
  a seed 000 kind whose range covers it, on the default 八搭 table and on a table of all 34 kinds
  (``tests/snapshots/all_kinds.toml``);
* bad input: bad tiles, counts, options, rules, and what argparse refuses.

Cases that take longer than :data:`SLOW` seconds to score are left out (the test re-runs all).
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import random
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOTS = ROOT / "tests" / "snapshots"
SCORE_FILE = SNAPSHOTS / "hk_taiwan_score.jsonl"
CHAT_FILE = SNAPSHOTS / "hk_taiwan_chat.txt"
ALL_KINDS_RULES = "tests/snapshots/all_kinds.toml"
"""A rules file (relative to the repository root) whose table plays all 34 kinds of seed 000."""

SLOW = 0.5
"""Seconds: a case that takes longer to record is left out, so the test stays quick."""

CHAT_LANG = "zh_Hant_HK"

ENV_SET = {"DEFAULT_LOCALE": "zh_Hant_HK"}
ENV_UNSET = ("TELEGRAM_BOT_TOKEN", "DISCORD_BOT_TOKEN", "DATABASE_URL")
"""The environment both the recorder and the test run under (with the repository root as the
working directory, for the relative ``--rules`` path): no bot token or database from outside."""

# ------------------------------------------------------------------------------------ running


def run_score(args: Sequence[str]) -> tuple[str, int]:
    """Run ``taipai ARGS`` in-process (:func:`taipai.bot.cli.main`); return (stdout, exit status).

    ``SystemExit`` from argparse counts as the exit status it carries.  stderr is discarded (the
    ``--json`` contract puts everything on stdout)."""
    from taipai.bot.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        try:
            rc = main(list(args))
        except SystemExit as exc:
            rc = exc.code if isinstance(exc.code, int) else 1
    return out.getvalue(), rc


class _EchoStdin(io.TextIOBase):
    """stdin for ``taipai chat``: each line read is first echoed to ``out`` as ``> LINE``, so the
    transcript shows every input line above the replies it got."""

    def __init__(self, lines: Sequence[str], out: io.StringIO) -> None:
        self._lines = list(lines)
        self._out = out

    def isatty(self) -> bool:
        return False

    def readline(self, size: int | None = -1) -> str:
        if not self._lines:
            return ""
        line = self._lines.pop(0)
        self._out.write(f"> {line}\n")
        return line + "\n"


def run_chat(lines: Sequence[str]) -> str:
    """Type ``lines`` into ``taipai chat --db <fresh file> --lang zh_Hant_HK`` in-process; return
    the transcript (input lines as ``> LINE``, replies as the terminal prints them)."""
    from taipai.bot.cli import main

    out = io.StringIO()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "snapshot.db")
        stdin = sys.stdin
        sys.stdin = _EchoStdin(lines, out)  # type: ignore[assignment]
        try:
            with contextlib.redirect_stdout(out):
                rc = main(["chat", "--db", db, "--lang", CHAT_LANG, "--export-dir", tmp])
        finally:
            sys.stdin = stdin
    return out.getvalue().replace(tmp, "<tmp>") + f"[exit {rc}]\n"


# ------------------------------------------------------------------------------ hands as text

_CONTEXT_FLAGS = (
    ("declared_ready", "叮"),
    ("one_shot", "一發"),
    ("ready_discard_win", "食聽牌"),
    ("double_ready", "天叮"),
    ("last_tile_draw", "海底"),
    ("last_discard", "河底"),
    ("robbing_kong", "搶槓"),
    ("robbing_kong_on_kong", "搶槓上槓"),
    ("last_copy", "絕張"),
    ("last_copy_eight", "明八絕"),
    ("heavenly", "天糊"),
    ("earthly", "地糊"),
    ("human", "人糊"),
    ("no_flowers_at_table", "無花糊"),
)
_DISCARDS_SEEN = {15: "十五隻內", 10: "十隻內", 7: "七隻內", 4: "四隻內"}
_WINDS = "東南西北"


def _tiles_text(kinds: Sequence[int]) -> str:
    from taipai.core.tiles import SUIT_OF, group_name_zh

    by_suit: dict[int, list[int]] = {}
    for k in sorted(kinds):
        by_suit.setdefault(SUIT_OF[k], []).append(k)
    return " ".join(group_name_zh(ts) for _s, ts in sorted(by_suit.items()))


def _meld_text(meld: Any) -> str:
    from taipai.core.handspec import KongKind, MeldKind
    from taipai.core.tiles import group_name_zh

    if meld.kind == MeldKind.CHOW:
        word, tiles = "上", [meld.tile, meld.tile + 1, meld.tile + 2]
    elif meld.kind == MeldKind.PUNG:
        word, tiles = "碰", [meld.tile] * 3
    else:
        word = {KongKind.EXPOSED: "明槓", KongKind.ADDED: "加槓", KongKind.CONCEALED: "暗槓"}[meld.kong]
        tiles = [meld.tile] * 4
    if meld.wilds:
        tiles = list(meld.naturals)
    return f"{word} {group_name_zh(sorted(tiles))}" + "".join(f"[{w}]" for w in meld.wilds)


def context_words(situation: Any, *, winds: bool = True) -> list[str]:
    """The context words (DESIGN §4) that say ``situation``; ``winds=False`` leaves out the
    dealer, streak, round and seat (given as ``taipai score`` options instead)."""
    from taipai.core.tiles import EAST, name_zh

    s = situation
    words: list[str] = []
    if winds:
        if s.dealer:
            words.append("莊")
        if s.streak:
            words.append(f"連{s.streak}")
        if s.round_wind != EAST:
            words.append(f"{_WINDS[s.round_wind - EAST]}圈")
        if s.seat_wind != EAST:
            words.append(f"{_WINDS[s.seat_wind - EAST]}位")
    words += [word for name, word in _CONTEXT_FLAGS if getattr(s, name)]
    if s.kong_replacements:
        words.append("槓上" + "槓" * (s.kong_replacements - 1))
    if s.flower_replacements:
        n = s.flower_replacements
        words.append("花上" if n == 1 else f"花上{n}")
    if s.mixed_replacements:
        words.append(f"混花槓{s.mixed_replacements}")
    if s.discards_seen in _DISCARDS_SEEN:
        words.append(_DISCARDS_SEEN[s.discards_seen])
    if s.multiple_winners > 1:
        words.append({2: "一炮雙響", 3: "一炮三響"}[s.multiple_winners])
    if s.kick_on_multi:
        words.append(f"錦上添花{s.kick_on_multi}")
    if s.seen_tiles:
        words.append("現:" + "".join(name_zh(t) for t in s.seen_tiles))
    return words


def hand_text(spec: Any, *, winds: bool = True) -> str:
    """A :class:`~taipai.core.handspec.HandSpec` written as a hand message (DESIGN §4): melds,
    concealed tiles (one group per suit), wildcards, flowers, context words, then 摸/食 and the
    winning tile.  ``winds=False``: without the dealer/streak/round/seat words (see
    :func:`context_words`)."""
    from taipai.core.tiles import flower_name_zh, name_zh

    parts = [_meld_text(m) for m in spec.melds]
    if spec.concealed:
        parts.append(_tiles_text(spec.concealed))
    parts += [f"[{w}]" for w in spec.wilds]
    parts += [flower_name_zh(f) for f in spec.flowers]
    parts += context_words(spec.situation, winds=winds)
    win = f"[{spec.winning_wild}]" if spec.winning_wild else name_zh(spec.winning_tile)
    parts.append(("摸 " if spec.self_drawn else "食 ") + win)
    return " ".join(parts)


def situation_options(situation: Any) -> list[str]:
    """``--seat/--round/--dealer/--streak`` for the fields :func:`context_words` leaves out with
    ``winds=False`` (only those that differ from the defaults)."""
    from taipai.core.tiles import EAST

    opts: list[str] = []
    if situation.seat_wind != EAST:
        opts += ["--seat", _WINDS[situation.seat_wind - EAST]]
    if situation.round_wind != EAST:
        opts += ["--round", _WINDS[situation.round_wind - EAST]]
    if situation.dealer:
        opts.append("--dealer")
    if situation.streak:
        opts += ["--streak", str(situation.streak)]
    return opts


# ------------------------------------------------------------------------------------ corpus

_TILE_CHARS = set("萬万筒餅索條東南西北中發白mps")


def test_strings() -> list[str]:
    """Hand strings written in the tests: string literals with 摸 or 食 and a tile, one line, not a
    chat line (``B 食 A …`` is kept: it is typed at the score command too) and not prose."""
    out: dict[str, None] = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                continue
            s = node.value
            if not ("摸" in s or "食" in s) or not _TILE_CHARS & set(s) or "\n" in s or len(s) > 160:
                continue
            if sum(c.isascii() and c.isalpha() for c in s) > 12:  # English prose, not a hand
                continue
            out.setdefault(s, None)
    return list(out)


def pattern_test_hands() -> list[Any]:
    """HandSpecs of the literal ``hand(...)`` calls in ``tests/systems/hk_taiwan/patterns`` (the seed 004 row
    tests), built by ``tests/builders.py``; calls it refuses are skipped."""
    sys.path.insert(0, str(ROOT / "tests"))
    from builders import hand

    specs: list[Any] = []
    for path in sorted((ROOT / "tests" / "systems" / "hk_taiwan" / "patterns").glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (
                isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "hand"
            ):
                continue
            try:
                args = [ast.literal_eval(a) for a in node.args]
                kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
                specs.append(hand(*args, **kwargs))
            except (ValueError, TypeError, SyntaxError, KeyError):
                continue
    return specs


def _with_wilds(spec: Any, rng: random.Random, kinds: Sequence[str]) -> Any | None:
    """``spec`` with one to three concealed tiles (sometimes the winning tile) replaced by kinds of
    ``kinds`` whose fixed range covers them; ``None`` when no kind covers a chosen tile."""
    from dataclasses import replace

    from taipai.core.wilds import WildContext, kind_named

    ctx = WildContext()

    def covering(t: int) -> str | None:
        pool = [k for k in kinds if kind_named(k).mask(ctx) >> t & 1]
        return rng.choice(pool) if pool else None

    conc = list(spec.concealed)
    wilds: list[str] = []
    for _ in range(rng.choice([1, 1, 2, 2, 3])):
        if not conc:
            break
        t = conc.pop(rng.randrange(len(conc)))
        kind = covering(t)
        if kind is None:
            return None
        wilds.append(kind)
    winning_wild = None
    if rng.random() < 0.25:
        winning_wild = covering(spec.winning_tile)
    return replace(
        spec,
        concealed=tuple(sorted(conc)),
        wilds=tuple(wilds),
        winning_wild=winning_wild,
        winning_tile=None if winning_wild else spec.winning_tile,
    )


EIGHT_KINDS = ("皇", "筒索萬", "筒", "索", "萬", "番", "東南西北", "中發白")
"""Seed 000's 八搭 (the default table's kinds)."""

OTHER_KINDS = ("大", "中", "小", "單", "雙", "一九", "一四七", "二五八", "三六九", "番工", "番攤")
"""Fixed-range kinds of seed 000 beyond 八搭 (played at the all-kinds table)."""

HAND_WILDS = (
    "一二三萬 四五六萬 七八九筒 二三四索 中中 [搭:中發白] 東 摸 東",
    "一二三萬 四五六萬 七八九筒 二三四索 [搭:中發白] 中中 東 食 東",
    "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 [搭:東南西北]",
    "一二三萬 四五六萬 七八九筒 二三四索 中中中 [搭] 摸 東",
    "一二三萬 四五六萬 七八九筒 二三四索 中中中 [皇] 摸 [皇]",
    "一二三萬 四五六萬 七八九筒 二三四索 [番][番][番] 東 摸 東",
    "一二三萬 四五萬 [現] 七八九筒 二三四索 中中中 東 現:九索六萬 摸 東",
    "一二三萬 四五六萬 七八筒 [現] 二三四索 中中中 東 現:九筒 摸 東",
    "一二三萬 四五六萬 七八九筒 二三索 [限五] 中中中 東 摸 東",
    "一二三萬 四五六萬 七八九筒 二三四索 [確雙] 中中 東 摸 東",
    "一三萬 [卡番] 四五六萬 七八九筒 二三四索 中中中 東 摸 東",
    "一二三萬 [牛] 五六萬 七八九筒 二三四索 中中中 東 摸 東",
    "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 [熊]",
    "一二三萬 [複製] 四五六萬 七八九筒 二三四索 中中 東 摸 東",
)
"""Written wildcard hands: 搭 with a kind, bare 搭, 現 with its seen tiles, position and count kinds
(both tables; the default one refuses the kinds it does not play)."""

BAD_INPUTS = (
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 東 摸 東", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中 東 摸 東", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 南 摸 東", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 十萬", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東 摸 東", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 汪 摸 東", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中中中 摸 東", "--json"],
    ["score", "碰 一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東", "--json"],
    ["score", "上 東南西 四五六萬 七八九筒 二三四索 中中中 東 摸 東", "--json"],
    ["score", "暗槓 東東東 四五六萬 七八九筒 二三四索 中中中 東 摸 東", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 [龍] 摸 東", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 [搭] 摸 東", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 [現] 摸 東", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 [皇 摸 東", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 連100 摸 東", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 南位 莊 摸 東", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 十一隻內 摸 東", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 春春 摸 東", "--json"],
    ["score", "12番", "--json"],
    ["score", "十二番", "--json"],
    ["score", "B 食 A 12番", "--json"],
    ["score", "", "--json"],
    ["score", "摸 東", "--json"],
    ["score", "hello", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東", "--seat", "中", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東", "--round", "X", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東", "--streak", "100", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東", "--streak", "-1", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東", "--seat", "南", "--dealer", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 南位 摸 東", "--seat", "西", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 連2 摸 東", "--streak", "3", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 南圈 摸 東", "--round", "北", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東", "--rules", "no-such-preset", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東", "--bogus", "--json"],
    ["score", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東", "--lang", "fr", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東", "--streak", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東", "--js", "--seat"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食 東東東東東", "--json"],
    ["score", "一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 東", "--lang", "en", "--seat", "?", "--json"],
)
"""Bad input: the error code and message must stay the same too."""


def corpus() -> list[list[str]]:
    """Every recorded case, as the arguments after ``taipai`` (deterministic)."""
    from corpus import winning_hands

    cases: list[list[str]] = []
    strings = test_strings()
    cases += [["score", s, "--json"] for s in strings]
    cases += [["score", hand_text(spec), "--json"] for spec in pattern_test_hands()]
    rng = random.Random(14)
    hands = winning_hands(200, seed=1414)
    for i, spec in enumerate(hands[:120]):
        if i % 2:
            cases.append(
                ["score", hand_text(spec, winds=False), *situation_options(spec.situation), "--json"]
            )
        else:
            cases.append(["score", hand_text(spec), "--json"])
    for i, spec in enumerate(hands[120:]):
        eight = i % 2 == 0
        wild = _with_wilds(spec, rng, EIGHT_KINDS if eight else EIGHT_KINDS + OTHER_KINDS)
        if wild is None:
            continue
        rules = [] if eight else ["--rules", ALL_KINDS_RULES]
        cases.append(["score", hand_text(wild), *rules, "--json"])
    for text in HAND_WILDS:
        cases.append(["score", text, "--json"])
        cases.append(["score", text, "--rules", ALL_KINDS_RULES, "--json"])
    # the same hand at every seat and round, dealer or not, with a streak: the options' values
    base = "一二三萬 四五六萬 七八九筒 二三四索 東東東 南南 摸 南"
    for seat in _WINDS:
        for rnd in _WINDS:
            cases.append(["score", base, "--seat", seat, "--round", rnd, "--json"])
    for streak in ("0", "1", "2", "5", "99", "３"):
        cases.append(["score", base, "--dealer", "--streak", streak, "--json"])
    cases += [list(c) for c in BAD_INPUTS]
    seen: dict[str, list[str]] = {}
    for c in cases:
        seen.setdefault(json.dumps(c, ensure_ascii=False), c)
    return list(seen.values())


def records(cases: Sequence[Sequence[str]]) -> Iterator[dict[str, Any]]:
    """Run each case; yield ``{"args", "stdout", "rc"}`` for those that took at most :data:`SLOW` s
    (after a first untimed run, so imports and cached tables are not counted)."""
    for args in cases:
        run_score(args)
        start = time.perf_counter()
        stdout, rc = run_score(args)
        if time.perf_counter() - start > SLOW:
            print(f"left out (slow): {args}", file=sys.stderr)
            continue
        yield {"args": list(args), "stdout": stdout, "rc": rc}


# ------------------------------------------------------------------------------------ the chat

CHAT_SCRIPT = (
    "A: 開枱 阿明 阿芬 阿強 阿珍",
    "阿明: 計數",
    "阿芬: 阿芬 食 阿明 一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食 東",
    "阿強: 阿強 自摸 5番",
    "阿珍: 阿珍 食 阿強 12番",
    "阿明: 計數",
    "阿明: 流局",
    "阿芬: 阿芬 自摸 一二三萬 四五六萬 七八九筒 二三四索 中中中 [皇] 摸 東",
    "阿強: 撤銷",
    "阿強: 重做",
    "阿強: 撤銷",
    "阿芬: 阿芬 自摸 一二三萬 四五六萬 七八九筒 二三四索 中中中 東 摸 [番]",
    "阿明: 計數",
    "阿明: 阿明 食 阿芬 8番",
    "阿芬: 斬",
    "阿芬: 唔斬",
    "阿珍: 阿珍 食 阿明 碰 發發發 一二三萬 四五六萬 七八九筒 二三四索 東 食 東",
    "阿強: 阿強 自摸 3番",
    "阿珍: 阿珍 自摸 一二三萬 四五六萬 七八九筒 二三四索 [搭:中發白] 中中 東 摸 東",
    "阿明: 阿明 食 阿強 一二三萬 四五萬[萬] 七八九筒 二三四索 南南南 北 食 北",
    "阿明: 計數",
    "阿芬: 阿芬 食 阿珍 20番",
    "阿芬: 撤銷",
    "阿芬: 撤銷",
    "阿芬: 重做",
    "阿芬: 計數",
    "阿強: 阿強 食 阿明 一一一萬 二三四萬 五六七萬 七八九萬 二三四筒 東 摸 東",
    "阿強: 阿強 食 阿明 一一一萬 二三四萬 五六七萬 七八九萬 二三四筒 東 食 東",
    "阿珍: 阿珍 食 阿芬 十六番",
    "阿珍: 阿珍 食 阿珍 5番",
    "阿明: 流局",
    "阿明: 阿明 自摸 200番",
    "阿芬: 阿芬 自摸 暗槓 東東東東 一二三萬 四五六萬 七八九筒 二三四索 中 摸 中",
    "阿強: 阿強 自摸 二二二筒 三三三筒 四四四筒 五五五筒 六六六筒 七筒 摸 七筒",
    "阿珍: 阿珍 食 阿強 1番",
    "阿明: 計數",
    "阿芬: 阿芬 食 阿明 一二三萬 四五六萬 七八九筒 二三四索 中中中 東 食 東 [龍]",
    "阿芬: 阿芬 食 阿明 12",
    "阿強: 阿強 自摸 一二三萬 四萬 [皇][皇] 七八九筒 二三四索 中中中 東 摸 東",
    "阿明: 撤銷",
    "阿明: 計數",
    "阿珍: 阿珍 自摸 6番",
    "阿明: 阿明 食 阿珍 一二三萬 四五六萬 七八九筒 二三四索 東東東 南 食 南",
    "阿芬: 阿芬 自摸 10番",
    "阿強: 流局",
    "阿強: 阿強 食 阿芬 七番",
    "阿珍: 計數",
    "阿珍: 阿珍 自摸 一筒 [筒][筒] 一二三萬 四五六萬 七八九索 中中中 東 摸 東",
    "阿明: 阿明 食 阿強 4番",
    "阿芬: 阿芬 食 阿強 一二三萬 四五六萬 七八九筒 二三四索 白白白 發 食 發",
    "阿強: 阿強 自摸 2番",
    "阿珍: 阿珍 食 阿明 9番",
    "阿明: 重做",
    "阿明: 撤銷",
    "阿明: 重做",
    "阿明: 計數",
    "阿芬: 阿芬 自摸 一二三索 四五六索 七八九索 二三四索 中中中 東 摸 東",
    "阿強: 阿強 食 阿芬 3番",
    "阿珍: 阿珍 自摸 1番",
    "阿明: 阿明 食 阿芬 15番",
    "阿芬: 斬",
    "阿強: 流局",
    "阿珍: 阿珍 食 阿強 一二三萬 四五六萬 七八九筒 二三四索 [番] 中中 東 食 東",
    "阿明: 阿明 自摸 4番",
    "阿芬: 阿芬 食 阿明 11番",
    "阿強: 阿強 自摸 8番",
    "阿珍: 阿珍 食 阿芬 2番",
    "阿明: 計數",
    "阿明: 阿明 自摸 [東南西北] 一二三萬 四五六萬 七八九筒 二三四索 中中 東 摸 東",
    "阿芬: 阿芬 食 阿珍 6番",
    "阿強: 阿強 食 阿明 5番",
    "阿珍: 阿珍 自摸 3番",
    "阿明: 計數",
    "阿明: 歷史",
    "阿芬: 規則",
    "阿強: 埋數",
    "阿珍: 計數",
    "阿珍: 阿珍 自摸 3番",
    "阿明: 埋數",
)
"""One evening at a 港式台牌 table (~80 lines): 開枱, discard wins and self-draws typed as hands
(wildcards included) and as bare counts, 流局, 撤銷/重做, 斬/唔斬, 計數, bad messages, 埋數."""


def main() -> None:
    import os

    import taipai

    os.chdir(ROOT)
    os.environ.update(ENV_SET)
    for var in ENV_UNSET:
        os.environ.pop(var, None)
    print(f"recording with {taipai.__file__}", file=sys.stderr)
    SNAPSHOTS.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    rows = list(records(corpus()))
    with SCORE_FILE.open("w", encoding="utf-8", newline="\n") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    CHAT_FILE.write_text(run_chat(CHAT_SCRIPT), encoding="utf-8", newline="\n")
    ok = sum(1 for r in rows if r["rc"] == 0)
    wild = sum(1 for r in rows if any("[" in a for a in r["args"]))
    print(
        f"{len(rows)} score cases ({ok} rc 0, {len(rows) - ok} errors, {wild} with wildcards), "
        f"{len(CHAT_SCRIPT)} chat lines, {time.perf_counter() - start:.1f} s",
        file=sys.stderr,
    )


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
