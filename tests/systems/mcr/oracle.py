"""Seeded random VALID Chinese Official (國標 MCR) winning hands, and pymahjonggb as an oracle.

``pymahjonggb`` (PyPI, MIT, the ``dev`` extra; never imported by ``taipai/``) wraps the C++
``mahjong-algorithm`` fan calculator.  It does not check its input: it scores six copies of a tile,
takes any winds and flower count, and *adjusts* the flags to the tiles (it drops 和絕張 when the
winning tile is held twice, forces it when three copies lie in the exposed melds, drops 槓上開花
without a kong and 搶槓和 when the winning tile is held elsewhere).  So every hand here is built
valid and then checked by :func:`validate`, an independent checker, before the oracle sees it.

Tile kinds are taipai's (:mod:`taipai.core.tiles`): 0..8 萬, 9..17 筒, 18..26 索, 27..30 東南西北,
31 中, 32 發, 33 白.  pymahjonggb's codes: ``W`` 萬, ``B`` 筒 (dots), ``T`` 索 (bamboo), ``F1..F4``
winds, ``J1`` 中, ``J2`` 發, ``J3`` 白.

Rules the flags follow (seed 002 「番型介紹」 and the official rules' 名詞解釋):

- 和絕張 (4番): "和牌池、桌面已亮明的3張牌所剩的第4張牌" — the winning tile is held once (the
  win itself) and the other three are visible; with three copies in the winner's own exposed melds it
  is necessarily so (set here, as the oracle would force it).
- 槓上開花 (8番): self-drawn replacement tile after a kong: the hand has a kong.
- 搶槓和 (8番): a discard win on a tile another player adds to his pung: the winner holds no other
  copy of it (so three copies are in the robbed pung and one is the win); 不計和絕張.
- 妙手回春 / 海底撈月 (8番): the wall's last tile, self-drawn / discarded.  Not combined here with
  the kong flags (a kong's replacement tile comes from the other end of the wall).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

EAST_INDEX = 27
HONOURS = tuple(range(27, 34))
TERMINALS_HONOURS = (0, 8, 9, 17, 18, 26, *HONOURS)
KNITTED = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
"""Ranks (0-based) of 147, 258 and 369: the three knitted sequences of 組合龍 and 全不靠."""

SHAPES = (
    "standard",
    "seven_pairs",
    "orphans",
    "honours_knitted",
    "seven_stars",
    "shifted_pairs",
    "nine_gates",
    "knitted_standard",
)
"""Every shape the generator makes: 4 sets + eyes, 七對, 十三幺, 全不靠, 七星不靠, 連七對, 九蓮寶燈,
組合龍 + a set + eyes."""

WEIGHTS = (70, 8, 3, 4, 2, 3, 2, 8)
"""Share of each of :data:`SHAPES` (percent); the standard hand dominates as it does at a table."""


def code(kind: int) -> str:
    """pymahjonggb's code of a taipai tile kind (0..33): ``W1``..``W9``, ``B1``.., ``T1``.., ``F1``..,
    ``J1`` 中 ``J2`` 發 ``J3`` 白."""
    if kind < 9:
        return f"W{kind + 1}"
    if kind < 18:
        return f"B{kind - 8}"
    if kind < 27:
        return f"T{kind - 17}"
    if kind < 31:
        return f"F{kind - 26}"
    return f"J{kind - 30}"


@dataclass(frozen=True)
class Meld:
    """A declared set: ``kind`` ``chow`` / ``pung`` / ``kong``; ``tile`` its lowest kind; ``concealed``
    only for a kong (暗槓); ``offer`` 1..3 (pymahjonggb: for a chow which of the three was taken, for a
    pung or exposed kong which player gave it), 0 for a concealed kong."""

    kind: str
    tile: int
    concealed: bool = False
    offer: int = 1

    def tiles(self) -> list[int]:
        """The kinds of the set's tiles (4 for a kong)."""
        if self.kind == "chow":
            return [self.tile, self.tile + 1, self.tile + 2]
        return [self.tile] * (4 if self.kind == "kong" else 3)


@dataclass(frozen=True)
class Hand:
    """One MCR win as a table would tell it.

    Attributes:
        shape: one of :data:`SHAPES`.
        melds: declared sets (exposed chows/pungs/kongs and concealed kongs).
        concealed: the tiles standing in hand *without* the winning tile (13 - 3 × len(melds)).
        win: the winning tile's kind.
        self_drawn: 自摸 (else won on a discard).
        last_tile: 和絕張.
        kong_win: 槓上開花 when self-drawn, 搶槓和 on a discard.
        wall_last: 妙手回春 when self-drawn, 海底撈月 on a discard.
        seat_wind / round_wind: 0..3 (東南西北): 門風, 圈風.
        flowers: 0..8 flower tiles (1番 each, not counted toward 8番起和).
    """

    shape: str
    melds: tuple[Meld, ...]
    concealed: tuple[int, ...]
    win: int
    self_drawn: bool
    last_tile: bool = False
    kong_win: bool = False
    wall_last: bool = False
    seat_wind: int = 0
    round_wind: int = 0
    flowers: int = 0
    notes: tuple[str, ...] = field(default=())

    def all_tiles(self) -> Counter[int]:
        """Every tile of the hand by kind: melds (kongs as 4), the standing tiles and the win."""
        counts: Counter[int] = Counter(self.concealed)
        counts[self.win] += 1
        for m in self.melds:
            counts.update(m.tiles())
        return counts


class InvalidHand(ValueError):
    """A hand no table can hold (the message says why)."""


def _is_sets(counts: list[int], sets: int) -> bool:
    """Whether ``counts`` (34 kinds) is exactly ``sets`` chows/pungs (a plain recursive search)."""
    if sets == 0:
        return not any(counts)
    first = next((i for i, c in enumerate(counts) if c), None)
    if first is None:
        return False
    if counts[first] >= 3:
        counts[first] -= 3
        ok = _is_sets(counts, sets - 1)
        counts[first] += 3
        if ok:
            return True
    if first < 27 and first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        for k in (first, first + 1, first + 2):
            counts[k] -= 1
        ok = _is_sets(counts, sets - 1)
        for k in (first, first + 1, first + 2):
            counts[k] += 1
        return ok
    return False


def _standard_win(counts: list[int], sets: int) -> bool:
    for eye in range(34):
        if counts[eye] >= 2:
            counts[eye] -= 2
            ok = _is_sets(counts, sets)
            counts[eye] += 2
            if ok:
                return True
    return False


def _knitted_kinds(order: tuple[int, int, int]) -> list[int]:
    """The nine kinds of the 組合龍 whose suit ``s`` (0 萬, 1 筒, 2 索) takes ranks ``KNITTED[order[s]]``."""
    return [suit * 9 + rank for suit in range(3) for rank in KNITTED[order[suit]]]


_ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def is_winning(hand: Hand) -> bool:
    """Whether the concealed tiles plus the win make a winning shape with the melds: 4 sets + eyes
    (a 組合龍 may stand for three of them, concealed), or, with no melds, 七對, 十三幺 or 全不靠."""
    counts = [0] * 34
    for t in (*hand.concealed, hand.win):
        counts[t] += 1
    sets = 4 - len(hand.melds)
    if _standard_win(counts, sets):
        return True
    if sets >= 3:
        for order in _ORDERS:
            dragon = _knitted_kinds(order)
            if all(counts[k] for k in dragon):
                for k in dragon:
                    counts[k] -= 1
                ok = _standard_win(counts, sets - 3)
                for k in dragon:
                    counts[k] += 1
                if ok:
                    return True
    if hand.melds:
        return False
    if all(c in (0, 2, 4) for c in counts) and sum(counts) == 14:
        return True
    if all(counts[k] for k in TERMINALS_HONOURS) and sum(counts[k] for k in TERMINALS_HONOURS) == 14:
        return True
    for order in _ORDERS:
        allowed = set(_knitted_kinds(order)) | set(HONOURS)
        if all(c <= 1 for c in counts) and all(counts[k] == 0 or k in allowed for k in range(34)):
            return sum(counts) == 14
    return False


def validate(hand: Hand) -> None:
    """Check that a table could hold ``hand`` exactly as told (the oracle checks none of this).

    Raises:
        InvalidHand: a kind more than four times, a wrong tile count, a meld that is not a set, winds
            outside 0..3, flowers outside 0..8, a flag the tiles make impossible (槓上開花 without a
            kong, 搶槓和 on a tile held elsewhere or self-drawn, 和絕張 on a tile held twice or with
            搶槓和, the wall's last tile with a kong flag), three copies in exposed melds without
            和絕張, or a hand that does not win.
    """
    counts = hand.all_tiles()
    over = [k for k, c in counts.items() if c > 4 or not 0 <= k < 34]
    if over:
        raise InvalidHand(f"more than four of {over}")
    if len(hand.concealed) + 3 * len(hand.melds) != 13 or len(hand.melds) > 4:
        raise InvalidHand("not 13 tiles before the win")
    for m in hand.melds:
        if m.kind == "chow" and (m.tile >= 27 or m.tile % 9 > 6):
            raise InvalidHand(f"chow from {m.tile}")
        if m.kind not in ("chow", "pung", "kong") or (m.concealed and m.kind != "kong"):
            raise InvalidHand(f"bad meld {m}")
        if not (0 <= m.offer <= 3) or (m.offer == 0) != m.concealed:
            raise InvalidHand(f"bad offer {m}")
    if not (0 <= hand.seat_wind <= 3 and 0 <= hand.round_wind <= 3):
        raise InvalidHand("wind outside 東南西北")
    if not 0 <= hand.flowers <= 8:
        raise InvalidHand("flowers outside 0..8")
    held = Counter(hand.concealed)[hand.win] + 1
    in_melds = sum(m.tiles().count(hand.win) for m in hand.melds)
    has_kong = any(m.kind == "kong" for m in hand.melds)
    if hand.kong_win and hand.self_drawn and not has_kong:
        raise InvalidHand("槓上開花 without a kong")
    if hand.kong_win and not hand.self_drawn and (held != 1 or in_melds):
        raise InvalidHand("搶槓和 on a tile the winner holds elsewhere")
    if hand.kong_win and not hand.self_drawn and hand.last_tile:
        raise InvalidHand("搶槓和 with 和絕張 (不計和絕張)")
    if hand.last_tile and held != 1:
        raise InvalidHand("和絕張 on a tile held twice")
    if in_melds == 3 and held == 1 and not hand.last_tile:
        raise InvalidHand("the fourth tile after three exposed is 和絕張")
    if hand.wall_last and hand.kong_win:
        raise InvalidHand("the wall's last tile with a kong flag")
    if not is_winning(hand):
        raise InvalidHand("not a winning hand")


def _set(rng: random.Random, suits: tuple[int, ...], honours: bool, pungs: float) -> tuple[str, int]:
    """One random set ``(kind, lowest tile)`` from ``suits`` (and honours when ``honours``)."""
    if honours and rng.random() < 0.3:
        return "pung", rng.choice(HONOURS)
    suit = rng.choice(suits)
    if rng.random() < pungs:
        return "pung", suit * 9 + rng.randrange(9)
    return "chow", suit * 9 + rng.randrange(7)


def _style(rng: random.Random) -> tuple[tuple[int, ...], bool, float]:
    """Suits, honours allowed and pung share: biased toward flushes, all-pungs and honour hands, so
    the rarer 番 appear in a corpus of thousands."""
    roll = rng.random()
    if roll < 0.2:
        return (rng.randrange(3),), False, rng.choice((0.1, 0.5, 0.9))  # 清一色-ish
    if roll < 0.35:
        return (rng.randrange(3),), True, 0.5  # 混一色-ish
    if roll < 0.5:
        return (0, 1, 2), True, 0.9  # 碰碰和-ish
    return (0, 1, 2), rng.random() < 0.6, rng.choice((0.1, 0.3, 0.5))


def _expose(rng: random.Random, kind: str, tile: int, exposed: float, kongs: float) -> Meld | None:
    """``kind`` at ``tile`` declared (exposed, or a kong) or ``None`` to keep it concealed."""
    if kind == "pung" and rng.random() < kongs:
        concealed = rng.random() < 0.4
        return Meld("kong", tile, concealed, 0 if concealed else rng.randint(1, 3))
    if rng.random() < exposed:
        return Meld(kind, tile, False, rng.randint(1, 3))
    return None


def _recipe(rng: random.Random) -> tuple[list[tuple[str, int]], int] | None:
    """Now and then the sets and eye of a 番 random draws almost never reach: 清幺九 (terminal
    pungs), 三色雙龍會 (123 and 789 of two suits, eyes 5 of the third) and 大四喜 (four wind pungs)."""
    roll = rng.random()
    if roll < 0.02:
        terminals = rng.sample((0, 8, 9, 17, 18, 26), 5)
        return [("pung", t) for t in terminals[:4]], terminals[4]
    if roll < 0.04:
        a, b, c = rng.sample((0, 9, 18), 3)
        return [("chow", a), ("chow", a + 6), ("chow", b), ("chow", b + 6)], c + 4
    if roll < 0.05:
        return [("pung", w) for w in range(27, 31)], rng.choice((*range(27), 31, 32, 33))
    return None


def _standard(rng: random.Random, dragon: bool) -> tuple[list[Meld], list[int]]:
    suits, honours, pungs = _style(rng)
    exposed = rng.choice((0.0, 0.0, 0.3, 0.6, 1.0))
    kongs = rng.choice((0.0, 0.0, 0.15, 0.5))
    melds: list[Meld] = []
    concealed: list[int] = []
    recipe = None if dragon else _recipe(rng)
    if dragon:
        concealed += _knitted_kinds(rng.choice(_ORDERS))
    for i in range(1 if dragon else 4):
        kind, tile = _set(rng, suits, honours, pungs) if recipe is None else recipe[0][i]
        meld = _expose(rng, kind, tile, exposed, kongs)
        if meld is None:
            concealed += [tile] * 3 if kind == "pung" else [tile, tile + 1, tile + 2]
        else:
            melds.append(meld)
    eye = rng.choice(HONOURS) if honours and rng.random() < 0.3 else rng.choice(suits) * 9 + rng.randrange(9)
    if recipe is not None:
        eye = recipe[1]
    concealed += [eye, eye]
    return melds, concealed


def _special(rng: random.Random, shape: str) -> list[int]:
    """The 14 concealed tiles of a special shape."""
    if shape == "seven_pairs":
        suits, honours, _ = _style(rng)
        pool = [s * 9 + r for s in suits for r in range(9)] + (list(HONOURS) if honours else [])
        return [t for t in rng.choices(pool, k=7) for _ in (0, 1)]
    if shape == "orphans":
        return [*TERMINALS_HONOURS, rng.choice(TERMINALS_HONOURS)]
    if shape in ("honours_knitted", "seven_stars"):
        knitted = _knitted_kinds(rng.choice(_ORDERS))
        if shape == "seven_stars":
            return [*HONOURS, *rng.sample(knitted, 7)]
        pool = knitted + list(HONOURS)
        drop = set(rng.sample(range(len(pool)), 2))
        return [t for i, t in enumerate(pool) if i not in drop]
    suit = rng.randrange(3) * 9
    if shape == "shifted_pairs":
        low = suit + rng.randrange(3)
        return [low + i for i in range(7) for _ in (0, 1)]
    # nine_gates: 1112345678999 + any tile of the suit
    return [suit, suit, *range(suit, suit + 9), suit + 8, suit + 8, suit + rng.randrange(9)]


def _flags(rng: random.Random, melds: list[Meld], concealed: list[int], win: int) -> dict[str, bool]:
    self_drawn = rng.random() < 0.4
    held = concealed.count(win) + 1
    in_melds = sum(m.tiles().count(win) for m in melds)
    has_kong = any(m.kind == "kong" for m in melds)
    kong_win = False
    if self_drawn and has_kong:
        kong_win = rng.random() < 0.25
    elif not self_drawn and held == 1 and not in_melds:
        kong_win = rng.random() < 0.08
    wall_last = not kong_win and rng.random() < 0.08
    last_tile = False
    if held == 1 and not (kong_win and not self_drawn):
        last_tile = in_melds == 3 or rng.random() < 0.12
    return {"self_drawn": self_drawn, "kong_win": kong_win, "wall_last": wall_last, "last_tile": last_tile}


def random_hand(rng: random.Random) -> Hand | None:
    """One candidate hand, or ``None`` when the draw broke a rule (:func:`validate` decides)."""
    shape = rng.choices(SHAPES, WEIGHTS)[0]
    if shape in ("standard", "knitted_standard"):
        melds, tiles = _standard(rng, shape == "knitted_standard")
    else:
        melds, tiles = [], _special(rng, shape)
    # 九蓮寶燈's win is its ninth-gate tile: the 13 standing are 1112345678999
    win = tiles.pop() if shape == "nine_gates" else tiles.pop(rng.randrange(len(tiles)))
    hand = Hand(
        shape=shape,
        melds=tuple(melds),
        concealed=tuple(sorted(tiles)),
        win=win,
        seat_wind=rng.randrange(4),
        round_wind=rng.randrange(4),
        flowers=rng.choice((0, 0, 0, 1, 2, 3, 8)),
        **_flags(rng, melds, tiles, win),
    )
    try:
        validate(hand)
    except InvalidHand:
        return None
    return hand


def hands(n: int, seed: int = 20261201) -> Iterator[Hand]:
    """``n`` valid hands from ``random.Random(seed)`` (the same hands for the same seed)."""
    rng = random.Random(seed)
    made = 0
    while made < n:
        hand = random_hand(rng)
        if hand is not None:
            made += 1
            yield hand


def oracle_args(hand: Hand) -> dict[str, object]:
    """``MahjongGB.MahjongFanCalculator``'s keyword arguments for ``hand``."""
    pack = tuple(
        (
            {"chow": "CHI", "pung": "PENG", "kong": "GANG"}[m.kind],
            code(m.tile + 1 if m.kind == "chow" else m.tile),
            m.offer,
        )
        for m in hand.melds
    )
    return {
        "pack": pack,
        "hand": tuple(code(t) for t in hand.concealed),
        "winTile": code(hand.win),
        "flowerCount": hand.flowers,
        "isSelfDrawn": hand.self_drawn,
        "is4thTile": hand.last_tile,
        "isAboutKong": hand.kong_win,
        "isWallLast": hand.wall_last,
        "seatWind": hand.seat_wind,
        "prevalentWind": hand.round_wind,
        "verbose": True,
    }


def oracle_fans(hand: Hand) -> dict[str, int]:
    """pymahjonggb's fans of ``hand`` as ``{simplified Chinese name: total 番 of that fan}``
    (a fan counted twice, e.g. 一般高 ×2, is 2 × its value).

    Raises:
        TypeError: pymahjonggb's own error (``ERROR_NOT_WIN`` …) — never for a validated hand.
    """
    from MahjongGB import MahjongFanCalculator

    return {name: value * count for value, count, name, _en in MahjongFanCalculator(**oracle_args(hand))}


_EXCEPTIONS = {
    "All Honors": "all_honours",
    "Greater Honors and Knitted Tiles": "greater_honours_and_knitted",
    "All Five": "all_fives",
    "Lesser Honors and Knitted Tiles": "lesser_honours_and_knitted",
    "Two Dragons Pungs": "two_dragon_pungs",
}
"""pymahjonggb's English fan names whose taipai pattern id is not their snake case."""

ON_PURPOSE = {"concealed_kong_and_melded_kong": Counter({"concealed_kong": 2, "melded_kong": 1})}
"""Fans pymahjonggb scores that taipai's preset scores otherwise on purpose, and what taipai scores
instead: 明暗槓 5番 (one 暗槓 and one 明槓) is an option, off (issue 16; seed 002 has no such row), so the
preset scores them as 暗槓 2 + 明槓 1.  天和/地和/人和 go the other way: pymahjonggb (built without
SUPPORT_BLESSINGS) lacks them, and the generator never claims a first-turn win."""


def pattern_id(english: str) -> str:
    """taipai's MCR pattern id (``taipai/systems/mcr/preset.toml``) of a pymahjonggb English fan name:
    its snake case (``Pure Straight`` → ``pure_straight``) but for :data:`_EXCEPTIONS`."""
    import re

    return _EXCEPTIONS.get(english) or re.sub(r"[^a-z0-9]+", "_", english.lower()).strip("_")


def oracle_ids(hand: Hand) -> Counter[str]:
    """pymahjonggb's fans of ``hand`` as ``{taipai pattern id: total 番}``."""
    from MahjongGB import MahjongFanCalculator

    out: Counter[str] = Counter()
    for value, count, _zh, english in MahjongFanCalculator(**oracle_args(hand)):
        out[pattern_id(english)] += value * count
    return out


_FLAG_WORDS = {
    "last_tile": "和絕張",
    "kong_replacement": "槓上開花",
    "robbing": "搶槓和",
    "last_draw": "妙手回春",
    "last_claim": "海底撈月",
}
"""The context words a hand message says its flags with (issue 16: 「Context words for 和絕張, 槓上開花,
搶槓和, 妙手回春 and 海底撈月」)."""


def hand_message(hand: Hand) -> str:
    """``hand`` as a chat hand message (DESIGN §4): declared melds with their keywords (``上 一二三萬``,
    ``碰 東東東``, ``明槓`` / ``暗槓``), the standing tiles one run per suit, flowers (春夏秋冬梅蘭菊竹),
    the flag words, then ``摸 X`` / ``食 X``.  Winds are the table's (:class:`taipai.core.system.Seat`)."""
    from taipai.core.tiles import flower_name_zh, group_name_zh, name_zh

    parts: list[str] = []
    for m in hand.melds:
        word = {"chow": "上", "pung": "碰"}.get(m.kind) or ("暗槓" if m.concealed else "明槓")
        parts.append(f"{word} {group_name_zh(m.tiles())}")
    kinds = sorted(hand.concealed)
    for suit in range(3):
        run = [k for k in kinds if suit * 9 <= k < suit * 9 + 9]
        if run:
            parts.append(group_name_zh(run))
    parts += [group_name_zh([h] * kinds.count(h)) for h in HONOURS if h in kinds]
    parts += [flower_name_zh(f) for f in range(1, hand.flowers + 1)]
    if hand.last_tile:
        parts.append(_FLAG_WORDS["last_tile"])
    if hand.kong_win:
        parts.append(_FLAG_WORDS["kong_replacement" if hand.self_drawn else "robbing"])
    if hand.wall_last:
        parts.append(_FLAG_WORDS["last_draw" if hand.self_drawn else "last_claim"])
    parts.append(("摸 " if hand.self_drawn else "食 ") + name_zh(hand.win))
    return " ".join(parts)


@dataclass(frozen=True)
class Verdict:
    """One hand scored by both.

    Attributes:
        ours / theirs: ``{pattern id: 番}`` (flowers under ``flower_tiles``); ``ours`` is ``None`` when
            taipai refused the hand (``error`` says with which code).
        on_purpose: fans pymahjonggb gave that taipai scores otherwise on purpose (:data:`ON_PURPOSE`):
            ``theirs`` holds what taipai's preset scores in their place.
    """

    ours: Counter[str] | None
    theirs: Counter[str]
    on_purpose: tuple[str, ...]
    error: str = ""

    @property
    def same_total(self) -> bool:
        """The same total 番 (a taipai ``below_minimum`` agrees when pymahjonggb's total without
        flowers is under 8, seed 002 「8番起和」)."""
        if self.ours is None:
            return self.error == "below_minimum" and self.theirs.total() - self.theirs["flower_tiles"] < 8
        return self.ours.total() == self.theirs.total()

    @property
    def same_fans(self) -> bool:
        """The same fans with the same 番 each."""
        return self.ours is not None and +self.ours == +self.theirs


def compare(hand: Hand, score: object) -> Verdict:
    """Score ``hand`` with pymahjonggb and with ``score`` (``hand message, Hand -> {id: 番}``, raising
    :class:`taipai.core.errors.HandError` to refuse) and say where they agree."""
    from taipai.core.errors import HandError

    theirs = oracle_ids(hand)
    purposely = tuple(sorted(k for k in theirs if k in ON_PURPOSE))
    for k in purposely:
        del theirs[k]
        theirs.update(ON_PURPOSE[k])
    try:
        ours = score(hand_message(hand), hand)  # type: ignore[operator]
    except HandError as e:
        return Verdict(None, theirs, purposely, e.code)
    return Verdict(Counter(ours), theirs, purposely)


def win_of(hand: Hand) -> object:
    """``hand`` as taipai's scorer input, :class:`taipai.systems.mcr.hand.Win` (winds 27..30)."""
    from taipai.systems.mcr.hand import Group, Set, Win

    kinds = {"chow": Set.CHOW, "pung": Set.PUNG, "kong": Set.KONG}
    melds = tuple(Group(kinds[m.kind], m.tile, concealed=m.concealed, melded=True) for m in hand.melds)
    return Win(
        standing=tuple(sorted((*hand.concealed, hand.win))),
        melds=melds,
        winning_tile=hand.win,
        self_drawn=hand.self_drawn,
        flowers=hand.flowers,
        last_copy=hand.last_tile,
        kong_draw=hand.kong_win,
        last_tile=hand.wall_last,
        seat_wind=EAST_INDEX + hand.seat_wind,
        round_wind=EAST_INDEX + hand.round_wind,
    )


def scorer_fans(_text: str, hand: Hand, *, minimum: int = 0) -> Counter[str]:
    """taipai's MCR scorer (``taipai.systems.mcr.scoring.score``, 明暗槓 off as in the preset) on
    ``hand``: ``{pattern id: 番}``, flowers under ``flower_tiles``.  ``minimum`` 0 scores every win
    (pymahjonggb has no 8番起和); 8 is the preset's.

    Raises:
        HandError: ``below_minimum`` / ``not_a_win`` as the scorer refuses.
    """
    from taipai.systems.mcr.scoring import rows, score

    table = rows()
    result = score(win_of(hand), minimum=minimum)  # type: ignore[arg-type]
    out: Counter[str] = Counter()
    for rid, count in result.fans:
        out[rid] += (table[rid].fan if rid in table else 1) * count
    return out
