"""Chat text → a typed command (DESIGN §5 command table), or ``None`` for ordinary talk.

Parsing here is purely syntactic: names are not checked against the table and hands are not read
(the service does both).  Every command has a Cantonese and a slash form; slash commands may carry a
``@botname`` suffix (Telegram groups).  A message that starts like a command but is malformed raises
:class:`CommandError` so the chat gets a reply saying what the right form is.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from dataclasses import dataclass, field

OPEN_WORDS = ("開枱", "開檯", "開台", "开台", "开枱", "開局", "开局")
DRAW_WORDS = ("流局", "和局", "荒莊", "黃莊")
SCORE_WORDS = ("計數", "计数", "睇數", "睇数", "分數")
SETTLE_WORDS = ("埋數", "埋数", "結數", "结数")
UNDO_WORDS = ("撤銷", "撤销", "撤回", "取消")
REDO_WORDS = ("重做",)
CUT_WORDS = ("斬", "斩", "斬拉", "斩拉")
NOCUT_WORDS = ("唔斬", "唔斩", "不斬", "不斩")
HELP_WORDS = ("幫助", "帮助", "說明", "说明", "點用", "点用")
WIN_WORDS = ("食", "食糊", "胡", "糊")
SELF_DRAW_WORDS = ("自摸",)

SLASH_NAMES = {
    "newgame": "open",
    "open": "open",
    "win": "win",
    "selfdraw": "self_draw",
    "tsumo": "self_draw",
    "draw": "draw",
    "score": "score",
    "balance": "score",
    "settle": "settle",
    "undo": "undo",
    "redo": "redo",
    "cut": "cut",
    "nocut": "nocut",
    "help": "help",
    "start": "help",
}
"""Slash command name (without ``/``) → command kind."""


class CommandError(ValueError):
    """A message shaped like a command but malformed.

    Attributes:
        code: ``open_usage``, ``win_usage``, ``self_draw_usage``, ``no_hand``, ``unknown_command``.
        args: values for the reply (e.g. ``{"command": "/wn"}``).
    """

    def __init__(self, code: str, **args: str) -> None:
        super().__init__(code)
        self.code = code
        self.args_ = args


@dataclass(frozen=True, slots=True)
class Leg:
    """One winner's part of a win message: ``winner`` (as typed) and ``hand`` (hand text or a count)."""

    winner: str
    hand: str


@dataclass(frozen=True, slots=True)
class Command:
    """A parsed command.

    Attributes:
        kind: ``open``, ``win``, ``self_draw``, ``draw``, ``score``, ``settle``, ``undo``, ``redo``,
            ``cut``, ``nocut``, ``help``.
        players: for ``open``: the four names as typed, seat order 東南西北.
        discarder: for ``win``: the discarder as typed.
        legs: for ``win`` (one or more winners on one discard) and ``self_draw`` (one leg).
        target: for ``cut``/``nocut``: the creditor as typed, when named (``斬 B``), else ``""``.
        slash: written as a slash command (then it is surely meant for the bot).
    """

    kind: str
    players: tuple[str, ...] = ()
    discarder: str = ""
    legs: tuple[Leg, ...] = field(default=())
    target: str = ""
    slash: bool = False


_SLASH = re.compile(r"^/([A-Za-z_]+)(?:@\S+)?(?:\s+(.*))?$", re.S)
_LEG_SPLIT = re.compile(r"\s*[;；\n]\s*")


def _norm(text: str) -> str:
    # NFKC only for the command skeleton: full-width slash/space/letters become ASCII.
    return unicodedata.normalize("NFKC", text).strip()


def _words(text: str) -> list[str]:
    return text.split()


def parse_command(text: str) -> Command | None:
    """Parse one chat message.

    Returns ``None`` for anything that is not a command (ordinary talk gets no reply).  Raises
    :class:`CommandError` for a malformed command, e.g. ``開枱 A B C`` (three names) or
    ``/win B`` (no discarder).
    """
    raw = text.strip()
    if not raw:
        return None
    skel = _norm(raw)
    m = _SLASH.match(skel)
    if m:
        # The arguments come from the raw text (hands keep their exact characters).
        rest = raw.split(None, 1)[1].strip() if len(raw.split(None, 1)) == 2 else ""
        return dataclasses.replace(_parse_slash(m.group(1).lower(), rest), slash=True)
    return _parse_words(raw)


def _parse_slash(name: str, rest: str) -> Command:
    kind = SLASH_NAMES.get(name)
    if kind is None:
        raise CommandError("unknown_command", command="/" + name)
    words = _words(rest)
    if kind == "open":
        if len(words) != 4:
            raise CommandError("open_usage")
        return Command("open", players=tuple(words))
    if kind == "win":
        legs = _win_legs_slash(rest)
        if legs is None:
            raise CommandError("win_usage")
        discarder, parsed = legs
        return Command("win", discarder=discarder, legs=parsed)
    if kind == "self_draw":
        if len(words) < 2:
            raise CommandError("self_draw_usage")
        winner, hand = rest.split(None, 1)
        return Command("self_draw", legs=(Leg(winner, hand.strip()),))
    if kind in ("cut", "nocut"):
        return Command(kind, target=words[0] if words else "")
    return Command(kind)


def _win_legs_slash(rest: str) -> tuple[str, tuple[Leg, ...]] | None:
    # /win B A <hand>   or   /win B A 12; C A 8   (several winners on one discard)
    legs: list[Leg] = []
    discarder = ""
    for part in _LEG_SPLIT.split(rest.strip()):
        bits = part.split(None, 2)
        if len(bits) < 3:
            return None
        if discarder and bits[1] != discarder:
            return None
        discarder = bits[1]
        legs.append(Leg(bits[0], bits[2].strip()))
    return (discarder, tuple(legs)) if legs else None


def _parse_words(raw: str) -> Command | None:
    words = _words(raw)
    head = words[0]
    if head in OPEN_WORDS:
        if len(words) != 5:
            raise CommandError("open_usage")
        return Command("open", players=tuple(words[1:]))
    single = {
        **dict.fromkeys(DRAW_WORDS, "draw"),
        **dict.fromkeys(SCORE_WORDS, "score"),
        **dict.fromkeys(SETTLE_WORDS, "settle"),
        **dict.fromkeys(UNDO_WORDS, "undo"),
        **dict.fromkeys(REDO_WORDS, "redo"),
        **dict.fromkeys(HELP_WORDS, "help"),
    }
    if head in single and len(words) == 1:
        return Command(single[head])
    if head in CUT_WORDS and len(words) <= 2:
        return Command("cut", target=words[1] if len(words) == 2 else "")
    if head in NOCUT_WORDS and len(words) <= 2:
        return Command("nocut", target=words[1] if len(words) == 2 else "")
    if len(words) >= 2 and words[1] in SELF_DRAW_WORDS:
        if len(words) < 3:
            raise CommandError("no_hand")
        hand = raw.split(None, 2)[2].strip()
        return Command("self_draw", legs=(Leg(words[0], hand),))
    if len(words) >= 3 and words[1] in WIN_WORDS:
        return _win_words(raw)
    return None


def _win_words(raw: str) -> Command:
    # B 食 A <hand>   or   B 食 A 12番; C 食 A 8番
    legs: list[Leg] = []
    discarder = ""
    for part in _LEG_SPLIT.split(raw.strip()):
        bits = part.split(None, 3)
        if len(bits) < 3 or bits[1] not in WIN_WORDS:
            raise CommandError("win_usage")
        if len(bits) < 4:
            raise CommandError("no_hand")
        if discarder and bits[2] != discarder:
            raise CommandError("win_usage")
        discarder = bits[2]
        legs.append(Leg(bits[0], bits[3].strip()))
    return Command("win", discarder=discarder, legs=tuple(legs))


_CN_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "兩": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_COUNT = re.compile(r"^(\d+)\s*(?:番|翻|fan)?$", re.I)
_CN_COUNT = re.compile(r"^([零〇一二兩两三四五六七八九十百]+)\s*(?:番|翻)$")


def _cn_number(s: str) -> int | None:
    total, current = 0, 0
    for ch in s:
        if ch in _CN_DIGITS:
            current = _CN_DIGITS[ch]
        elif ch == "十":
            total += (current or 1) * 10
            current = 0
        elif ch == "百":
            total += (current or 1) * 100
            current = 0
        else:
            return None
    return total + current


def read_count(hand: str) -> int | None:
    """A bare fan count: ``12``, ``12番``, ``12翻``, ``１２番`` (full width), ``十二番`` → 12.

    Returns ``None`` when ``hand`` is not a bare count (then it is a hand message).  Chinese numerals
    need the 番/翻 suffix so that a hand like ``一二三萬`` is never read as a number.
    """
    s = unicodedata.normalize("NFKC", hand).strip()
    m = _COUNT.match(s)
    if m:
        return int(m.group(1))
    m = _CN_COUNT.match(s)
    if m:
        return _cn_number(m.group(1))
    return None
