"""A 字牌 hand's best reading under a variant (seed 002 ⑶, ⑷; :mod:`taipai.systems.zipai.presets`).

:func:`best` groups the loose cards every way there is (:func:`~taipai.systems.zipai.groups.groupings`),
adds the declared groups, places the winning card in each group it may be in (a 坎 or 提 it completes
from another player's card is a 碰 or 跑: ⑴ 碰 and 跑 are made on another player's card), counts each
reading under the variant and keeps the highest.
"""

from __future__ import annotations

from dataclasses import dataclass

from taipai.core.errors import HandError
from taipai.core.scoretypes import PatternScore, Score
from taipai.systems.zipai import presets as P
from taipai.systems.zipai.cards import is_big, is_red, name
from taipai.systems.zipai.groups import FOUR_ALIKE, THREE_ALIKE, Group, Kind, groupings
from taipai.systems.zipai.notation import ZipaiHand, read_hand

_SPECIAL_POINTS = ((1, 2, 3), (2, 7, 10))


def group_value(group: Group, values: P.Values) -> int:
    """What one group counts (油 or 胡息) under ``values`` (:mod:`~taipai.systems.zipai.presets`)."""
    big = is_big(group.card)
    if group.kind is Kind.RUN:
        pts = tuple(c % 10 + 1 for c in group.cards)
        return values.special_run.of(big) if pts in _SPECIAL_POINTS else 0
    if group.kind is Kind.PENG:
        return (values.peng_red if is_red(group.card) else values.peng_black).of(big)
    if group.kind in THREE_ALIKE:
        return values.three_hidden.of(big)
    if group.kind is Kind.TI:
        return values.ti.of(big)
    if group.kind is Kind.PAO:
        return values.pao.of(big)
    return 0


@dataclass(frozen=True, slots=True)
class Counted:
    """One reading counted: its value in the variant's unit, the groups' count, the rows, the groups."""

    value: int
    count: int
    rows: tuple[PatternScore, ...]
    groups: tuple[Group, ...]
    wins: bool


def red_cards(cards: tuple[int, ...]) -> int:
    """How many red cards (二七十, 貳柒拾) ``cards`` holds (seed 002 ⑷ 「個紅」)."""
    return sum(1 for c in cards if is_red(c))


def count_reading(
    groups: tuple[Group, ...],
    hand: ZipaiHand,
    variant: P.Variant,
    minimum: int,
    huxi_per_pai: int = P.PAI_PER_HUXI,
) -> Counted:
    """Count one reading under ``variant``.

    Args:
        groups: every group of the hand (declared and found).
        hand: the message read (the cards, 摸/食, 天胡/地胡).
        variant: the variant's preset.
        minimum: the least the groups must count to win (the table's threshold, 油 or 胡息).
        huxi_per_pai: 長沙跑胡子's 胡息 per 排 (seed ⑷ 「3胡算一排」).

    Returns:
        :class:`Counted`: ``value`` in the variant's unit, ``count`` the groups' 油 / 胡息, ``wins``
        whether the reading reaches what the variant needs.
    """
    rows = [
        PatternScore(f"group_{g.kind.name.lower()}", g.shown(), group_value(g, variant.values))
        for g in groups
    ]
    count = sum(r.fan for r in rows)
    rows = [r for r in rows if r.fan]
    reds = red_cards(hand.cards)
    if variant.id == P.PAOHUZI.id:
        return _paohuzi(count, reds, hand, groups, minimum, huxi_per_pai)
    if variant.id == P.SOFT.id:
        return _soft(count, reds, hand, groups, minimum)
    return Counted(count, count, tuple(rows), groups, count >= minimum)


def _paohuzi(
    count: int,
    reds: int,
    hand: ZipaiHand,
    groups: tuple[Group, ...],
    minimum: int,
    per_pai: int,
) -> Counted:
    out: list[PatternScore] = []
    if count == 0:
        out.append(PatternScore("piao", "飄胡", P.PIAO_PAI))
        wins = True
    elif count == P.KAHU_HUXI:
        out.append(PatternScore("kahu", f"卡胡 {count}胡息", P.KAHU_PAI))
        wins = count >= minimum
    else:
        out.append(PatternScore("huxi", f"{count}胡息 ÷ {per_pai}", count // per_pai))
        wins = count >= minimum
    if reds >= P.MANY_RED:
        out.append(PatternScore("reds", f"{reds}個紅", P.MANY_RED_PAI))
    for have, pai in P.RED_PAI:
        if reds in have:
            out.append(PatternScore("reds", f"{reds}個紅", pai))
    if hand.self_drawn:
        out.append(PatternScore("self_draw", "自摸", P.SELF_DRAW_PAI))
    value = sum(r.fan for r in out)
    return Counted(value, count, tuple(out), groups, wins)


def _card_hundreds(hand: ZipaiHand, reds: int) -> list[tuple[str, str, bool]]:
    """軟鬍子's 100-胡 hands that the cards themselves make (天, 地, 大紅, 烏, 18大, 18小)."""
    cards = hand.cards
    big = sum(1 for c in cards if is_big(c))
    return [
        ("heavenly", "天胡", "heavenly" in hand.flags),
        ("earthly", "地胡", "earthly" in hand.flags),
        ("big_red", f"大紅 {reds}個紅", reds >= P.MANY_RED),
        ("black", "烏胡", reds == 0),
        ("eighteen_big", f"18大 {big}張大字", big >= P.EIGHTEEN),
        ("eighteen_small", f"18小 {len(cards) - big}張小字", len(cards) - big >= P.EIGHTEEN),
    ]


def every_group_counts(groups: tuple[Group, ...], values: P.Values) -> bool:
    """軟鬍子's 比比胡 (seed 002 ⑷ 二、2 「比比胡（胡牌比有鬍子）」): every group of three or four of the
    winning hand (each 比; the 對 is no 比) counts 胡息."""
    sets = [g for g in groups if g.kind is not Kind.PAIR]
    return bool(sets) and all(group_value(g, values) > 0 for g in sets)


def _soft(count: int, reds: int, hand: ZipaiHand, groups: tuple[Group, ...], minimum: int) -> Counted:
    hundreds = [
        *_card_hundreds(hand, reds),
        ("three_dragons", "三龍", sum(1 for g in groups if g.kind in FOUR_ALIKE) >= 3),
        ("four_kan", "四坎", sum(1 for g in groups if g.kind in THREE_ALIKE) >= 4),
        ("every_group", "比比胡", every_group_counts(groups, P.SOFT.values)),
    ]
    special = [PatternScore(i, n, P.HUNDRED) for i, n, on in hundreds if on]
    base = sum(r.fan for r in special) if special else count
    wins = bool(special) or count >= minimum
    doublings: list[PatternScore] = []
    small_flat = any(g.kind is Kind.RUN and _points(g) == (2, 7, 10) and not is_big(g.card) for g in groups)
    big_flat = any(g.kind is Kind.RUN and _points(g) == (2, 7, 10) and is_big(g.card) for g in groups)
    value = base
    if small_flat or big_flat:
        doubled = ("double_ribbon", "雙飄帶 ×2") if small_flat and big_flat else ("one_flat", "一塊扁 ×2")
        doublings.append(PatternScore(*doubled, value))
        value *= 2
    if reds in P.DOUBLING_REDS:
        doublings.append(PatternScore("red_double", f"{reds}個紅 ×2", value))
        value *= 2
    head = special or [PatternScore("huxi", f"{count}胡息", count)]
    return Counted(value, count, (*head, *doublings), groups, wins)


PAIRS_HAND = 9
"""軟鬍子's 9對對: nine 對 (seed 002 ⑷ 二、2)."""
HALVES_HAND = 10
"""軟鬍子's 10半邊 (一大一小): ten pairs of one small and one big card of a point (seed 002 ⑷ 二、2)."""
SHAPE_CARDS = 21
"""Cards of a winning hand read as 9對對 or 10半邊: the 20 dealt and the winning card (seed 002 ⑴
「閑家砌20隻」); nine 對 and a group of three, or ten 半邊 and one card."""


def _threes(counts: list[int]) -> list[tuple[int, ...]]:
    """Every group of three (坎, 一句話, 絞) the cards of ``counts`` hold."""
    out: list[tuple[int, ...]] = []
    for c in range(len(counts)):
        if not counts[c]:
            continue
        p = c % 10 + 1
        tries = [(c, c, c)]
        if p <= 8:
            tries.append((c, c + 1, c + 2))
        if p == 2:
            tries.append((c, c + 5, c + 8))
        if c < 10:
            tries += [(c, c, c + 10), (c, c + 10, c + 10)]
        for t in tries:
            need = [t.count(x) for x in t]
            if all(counts[x] >= n for x, n in zip(t, need, strict=True)):
                out.append(t)
    return out


def shape_hand(hand: ZipaiHand) -> PatternScore | None:
    """軟鬍子's hands that win by their pairs, whatever groups the cards make (seed 002 ⑷ 二、2 「算一百胡
    的有 … 9對對，10半邊（一大一小）」), read over all :data:`SHAPE_CARDS` cards of the hand:

    - 9對對: nine 對 (two alike, 「兩只完全相同的牌稱為一對」 ⑴; four alike are two 對) and one group of
      three (坎, 一句話 or 絞);
    - 10半邊: ten 半邊, each one small and one big card of one point (「一大一小」: 三 叄), and one card.

    Returns:
        The 100-胡 row (``nine_pairs`` / ``ten_halves``), or ``None``.
    """
    cards = hand.cards
    if len(cards) != SHAPE_CARDS:
        return None
    counts = [0] * 20
    for c in cards:
        counts[c] += 1
    if sum(min(counts[p], counts[p + 10]) for p in range(10)) >= HALVES_HAND:
        return PatternScore("ten_halves", "10半邊", P.HUNDRED)
    for three in _threes(counts):
        left = list(counts)
        for x in three:
            left[x] -= 1
        if all(n % 2 == 0 for n in left) and sum(left) // 2 == PAIRS_HAND:
            return PatternScore("nine_pairs", "9對對", P.HUNDRED)
    return None


def _shape_counted(hand: ZipaiHand) -> Counted | None:
    """A 9對對 / 10半邊 hand counted: 100胡 for the shape, 100 for each 100-胡 hand its cards make, then
    the red-card doubling (「1、4、7、10~12個紅字」; 一塊扁 and 雙飄帶 need groups, which a shape has none
    of)."""
    shape = shape_hand(hand)
    if shape is None:
        return None
    reds = red_cards(hand.cards)
    rows = [shape, *(PatternScore(i, n, P.HUNDRED) for i, n, on in _card_hundreds(hand, reds) if on)]
    value = sum(r.fan for r in rows)
    if reds in P.DOUBLING_REDS:
        rows.append(PatternScore("red_double", f"{reds}個紅 ×2", value))
        value *= 2
    return Counted(value, 0, tuple(rows), (), True)


def _points(group: Group) -> tuple[int, ...]:
    return tuple(c % 10 + 1 for c in group.cards)


def _placements(groups: tuple[Group, ...], hand: ZipaiHand) -> list[tuple[Group, ...]]:
    """The reading with the winning card in each found group it may be in: on 食, a found 坎 / 提 that
    holds it becomes a 碰 / 跑 (exposed)."""
    if hand.self_drawn:
        return [groups]
    holders = [i for i, g in enumerate(groups) if not g.exposed and hand.winning in g.cards]
    out: list[tuple[Group, ...]] = []
    for i in holders:
        g = groups[i]
        if g.kind is Kind.KAN:
            g = Group(Kind.PENG, g.cards, True)
        elif g.kind is Kind.TI:
            g = Group(Kind.PAO, g.cards, True)
        out.append((*groups[:i], g, *groups[i + 1 :]))
    return out or [groups]


def readings(hand: ZipaiHand, variant: P.Variant) -> list[tuple[Group, ...]]:
    """Every full reading of ``hand``: its declared groups and a grouping of its loose cards with
    ``variant.groups`` groups (the eyes counting as one, at most one 對), each winning-card placement.

    Raises:
        HandError: ``not_a_win`` (the loose cards cannot all be grouped), ``tile_count`` (they can,
            but never into ``variant.groups`` groups; ``hint_args`` ``groups`` and ``got``).
    """
    pairs = 1 - sum(1 for g in hand.declared if g.kind is Kind.PAIR)
    if pairs < 0:
        raise HandError(
            "not_a_win",
            "two 對 declared: a hand has one pair of eyes at most",
            hint="one 對 at most",
        )
    found = groupings(hand.counts(), pairs)
    if not found:
        raise HandError(
            "not_a_win",
            "the cards do not all make groups (一句話, 絞, 坎, 提 and one 對)",
            hint="every card in a group",
        )
    full = [(*hand.declared, *g) for g in found]
    sized = [g for g in full if len(g) == variant.groups]
    if not sized:
        got = len(full[0])
        raise HandError(
            "tile_count",
            f"the hand makes {got} groups; a win makes {variant.groups} (the 對 counting as one)",
            hint=f"{variant.groups} groups",
            hint_args={"groups": variant.groups, "got": got},
        )
    return [p for g in sized for p in _placements(g, hand)]


def best(hand: ZipaiHand, variant: P.Variant, minimum: int, huxi_per_pai: int = P.PAI_PER_HUXI) -> Score:
    """The best reading of ``hand`` under ``variant`` as a :class:`Score` (``fan``: the value in the
    variant's unit, 油 / 胡 / 排; ``patterns``: the rows; ``reading``: the groups as written).

    Args:
        hand: :func:`~taipai.systems.zipai.notation.read_hand`'s result.
        variant: the variant's preset.
        minimum: the table's threshold (油 or 胡息) a win must reach.
        huxi_per_pai: 長沙跑胡子's 胡息 per 排.

    Raises:
        HandError: ``not_a_win``, ``tile_count`` (:func:`readings`), ``below_minimum`` (no reading
            reaches ``minimum``; ``hint_args`` ``count``, ``minimum``, ``unit``).
    """
    dealt = dealt_win(hand, variant)
    if dealt is not None:
        return _score(dealt)
    shaped = _shape_counted(hand) if variant.id == P.SOFT.id else None
    try:
        found = readings(hand, variant)
    except HandError:
        if shaped is None:
            raise
        return _score(shaped)
    counted = [count_reading(r, hand, variant, minimum, huxi_per_pai) for r in found]
    if shaped is not None:
        counted.append(shaped)
    winning = [c for c in counted if c.wins]
    if not winning:
        top = max(counted, key=lambda c: c.count)
        raise below_minimum(top.count, minimum, variant, top.rows)
    return _score(max(winning, key=lambda c: (c.value, c.count)))


def _score(top: Counted) -> Score:
    rows = tuple(sorted(top.rows, key=lambda r: -r.fan))
    return Score(
        fan=top.value,
        bases=1,
        base_fan=0,
        total=top.value,
        patterns=rows,
        reading=tuple(g.shown() for g in top.groups),
        waits=(),
    )


DEALT_FOURS = 3
"""⑻: 「有三個或三個以上的4個 … 就可以直接胡牌」."""
DEALT_THREES = 5
"""⑻: 「起始手上有5個或5個以上的3個 … 就可以直接胡牌」."""


def dealt_win(hand: ZipaiHand, variant: P.Variant) -> Counted | None:
    """大字牌's win at the deal (seed 002 ⑻: 「有三個或三個以上的4個（分大小寫），不管別的組合成不成比，
    就可以直接胡牌！為自摸胡牌。或且起始手上有5個或5個以上的3個（分大小寫），不管別的組合成不成比，
    就可以直接胡牌！為自摸胡牌」;
    ⑴ 「如果亮張的牌正好構成第3提或第5坎，則莊家天胡而且自摸」).

    Only for a 大字牌 hand said 起手 or 天胡 and drawn (摸): when its cards hold three 提 (four alike) or
    more, or five groups of three alike or more, it wins whatever the other cards make, counting
    (⑻ 「如同時有兩家皆在開牌時即胡，即油數大的那一方為胡牌方」) the 油 of those groups: each four alike a 提
    (9 / 12), each three alike a 坎 (3 / 6); the other cards count nothing.

    Returns:
        The counted win, or ``None`` when the hand is not such a win (it is then read as any other).
    """
    if variant.id != P.ZIPAI.id or not hand.self_drawn or not hand.flags & {"heavenly", "dealt"}:
        return None
    counts = [0] * len(hand.counts())
    for c in hand.cards:
        counts[c] += 1
    alike = [Group(Kind.TI if n == 4 else Kind.KAN, (card,) * n) for card, n in enumerate(counts) if n >= 3]
    fours = sum(1 for g in alike if g.kind is Kind.TI)
    if fours < DEALT_FOURS and len(alike) < DEALT_THREES:
        return None
    rows = [
        PatternScore(f"dealt_{g.kind.name.lower()}", g.shown(), group_value(g, variant.values)) for g in alike
    ]
    value = sum(r.fan for r in rows)
    head = PatternScore("dealt", "起手 三提" if fours >= DEALT_FOURS else "起手 五坎", 0)
    return Counted(value, value, (*rows, head), tuple(alike), True)


def least_pai(minimum: int, per_pai: int = P.PAI_PER_HUXI) -> int:
    """The fewest 排 a 長沙跑胡子 win can count at a 起胡 of ``minimum`` 胡息 (seed 002 ⑷ 二、1:
    「有鬍子的，3胡算一排，其中10胡算卡胡計5排」): a hand of ``h`` ≥ ``minimum`` 胡息 counts 5排 at exactly 10
    (卡胡) and ``h ÷ per_pai`` (rounded down) otherwise; 飄胡 (no 胡息) is 5排; red cards and 自摸 only
    add.  At the preset (起胡 10, 3胡 a 排): 3排, an 11胡息 hand.  A bare count under it is no win."""
    bases = [P.PIAO_PAI]
    bases += [P.KAHU_PAI if h == P.KAHU_HUXI else h // per_pai for h in range(minimum, minimum + per_pai + 1)]
    return min(bases)


def below_minimum(
    count: int, minimum: int, variant: P.Variant, rows: tuple[PatternScore, ...] = ()
) -> HandError:
    """The ``below_minimum`` refusal of a hand whose groups count ``count`` (油 / 胡息) under the
    table's ``minimum``.

    Returns:
        A :class:`HandError` (for the caller to raise) whose ``hint_args`` hold ``count`` and
        ``minimum`` as whole numbers and ``unit`` (the variant's), and for 大字牌 and 硬鬍子 ``patterns``
        (``(name, value, 1)`` of each counted group); 長沙跑胡子, whose 排 are not what its threshold
        counts, says ``count_text`` / ``minimum_text`` (``9胡息``) instead.
    """
    unit = variant.count_unit
    message = f"{count}{unit} is below this table's 起胡 of {minimum}{unit}: a win needs {minimum}{unit}."
    if variant.id == P.PAOHUZI.id:
        args: dict[str, object] = {"count_text": f"{count}{unit}", "minimum_text": f"{minimum}{unit}"}
    else:
        args = {"count": count, "minimum": minimum, "unit": variant.unit}
        if variant.id != P.SOFT.id:  # 軟鬍子's rows are its head row and the doublings, not the groups
            args["patterns"] = tuple((r.name, r.fan, 1) for r in rows if r.fan)
    return HandError("below_minimum", message, hint_args=args)


def three_hands(wins: tuple[int, ...], total: int = 50, first: int = 15, hands: int = 3) -> str:
    """硬鬍子's 「3把50胡」 (seed 002 ⑷ 一、2: 「就是胡3把牌要達到50胡以上。第一把不能少於15胡」).

    Args:
        wins: one player's 胡 of each win of the match so far, in order.
        total: the 胡 the match must reach (50); first: the least the first win must count (15);
        hands: the wins a match has (3).

    Returns:
        ``"short_first"`` (the first win is under ``first``), ``"made"`` (``hands`` wins reaching
        ``total``), ``"short"`` (``hands`` wins under ``total``) or ``"open"`` (fewer wins so far).

    Raises:
        ValueError: more than ``hands`` wins, or a negative 胡.
    """
    if len(wins) > hands or any(w < 0 for w in wins):
        raise ValueError(f"a match has at most {hands} wins of 0胡 or more, got {wins!r}")
    if wins and wins[0] < first:
        return "short_first"
    if len(wins) < hands:
        return "open"
    return "made" if sum(wins) >= total else "short"


def turned_card_shares(cards: tuple[int, ...], turned: int, most: int = 3) -> int:
    """數信's shares (seed 002 ⑼): 「翻開 … 如這張牌和胡牌人的牌有相同的，就按約定的比例「數信」人一份，如果
    是有2張
    相同的，就2份，最多3份」.

    Args:
        cards: the winning hand's cards (kinds 0–19, every group and the winning card).
        turned: the card the 數信 player turned from the pile.
        most: the most shares (3).

    Returns:
        The copies of ``turned`` in ``cards``, at most ``most`` (0 when none).

    Raises:
        ValueError: ``turned`` is not a card.
    """
    name(turned)
    return min(most, sum(1 for c in cards if c == turned))


def waits(
    text: str, variant: P.Variant, minimum: int, huxi_per_pai: int = P.PAI_PER_HUXI
) -> tuple[tuple[int, int | None, int | None], ...]:
    """聽 for a 字牌 hand one card short: each card that would win, and what it would count.

    Args:
        text: the hand message without its winning card (no 摸 / 食).
        variant: the variant's preset; minimum: the table's threshold (油 / 胡息).
        huxi_per_pai: 長沙跑胡子's 胡息 per 排.

    Returns:
        ``(card, drawn, taken)`` for each card (kinds 0–19, lowest first) with which the hand wins:
        its value in the variant's unit when drawn (摸) and when taken from another player (食), ``None``
        where that way does not win (under the threshold).  A card whose fifth copy it would be is
        skipped.

    Raises:
        HandError: the notation's errors for ``text`` itself (read with a stand-in winning card),
            ``two_winning_tiles`` when ``text`` already names one.
    """
    out: list[tuple[int, int | None, int | None]] = []
    for card in range(20):
        values: list[int | None] = []
        for how in ("摸", "食"):
            try:
                hand = read_hand(f"{text} {how} {name(card)}")
            except HandError as err:
                if err.code == "fifth_copy" and err.token == name(card):
                    values = []
                    break
                raise
            try:
                values.append(best(hand, variant, minimum, huxi_per_pai).fan)
            except HandError:
                values.append(None)
        if values and any(v is not None for v in values):
            out.append((card, values[0], values[1]))
    return tuple(out)
