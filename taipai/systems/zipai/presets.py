"""The four 字牌 variants as data (seed 002 ⑶, ⑷, ⑻): what each group is worth, what a win needs and
what it is paid.

Each :class:`Variant` row quotes the seed.  Where the seed leaves a number open the preset records the
choice (``CHOICES``) and the table may change it (:class:`~taipai.systems.zipai.options.ZipaiOptions`).

Group values (:class:`Values`), by the group's case (小 一 … 十 / 大 壹 … 拾):

- ``special_run``: 一二三 / 二七十 (壹貳叄 / 貳柒拾); every other 一句話 and every 絞 is worth 0.
- ``three_hidden``: 坎, 偎, 臭偎 (three alike in the hand or face down).
- ``peng_black`` / ``peng_red``: 碰 of a black / red card.
- ``ti``: 提 (four alike, hidden but one); ``pao``: 跑 (four alike, exposed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Pair:
    """A value for the small card and for the big card."""

    small: int
    big: int

    def of(self, big: bool) -> int:
        """The value for a big (``True``) or small card."""
        return self.big if big else self.small


@dataclass(frozen=True, slots=True)
class Values:
    """What each group is worth in the variant's unit (油 or 胡息); module docstring."""

    special_run: Pair
    three_hidden: Pair
    peng_black: Pair
    peng_red: Pair
    ti: Pair
    pao: Pair


@dataclass(frozen=True, slots=True)
class Variant:
    """One variant of 字牌.

    Attributes:
        id: the system id (``zipai``, ``zipai-hard``, ``paohuzi``, ``zipai-soft``).
        name: its Chinese name; english: its English name.
        unit: what a hand's value counts (``油``, ``胡``, ``排``).
        count_unit: what the groups count before the variant turns them into ``unit`` (``油`` / ``胡息``).
        values: the group table.
        minimum: the least the groups must count to win (a table option, ``threshold``).
        groups: how many groups a winning hand makes, the eyes (對) counting as one.
    """

    id: str
    name: str
    english: str
    unit: str
    count_unit: str
    values: Values
    minimum: int
    groups: int = 7


HUXI_VALUES: Final = Values(
    special_run=Pair(3, 6),
    three_hidden=Pair(3, 6),
    peng_black=Pair(1, 3),
    peng_red=Pair(1, 3),
    ti=Pair(9, 12),
    pao=Pair(6, 9),
)
"""The 胡息 table of 硬鬍子, 長沙跑胡子 and 軟鬍子.  Seed 002 ⑷ 硬鬍子: 「小字碰得1胡，大字3胡，小字栽得3胡
大字6胡，
小字開交6胡大字9胡，小字撐得9胡大字12胡」: 碰 1/3, 栽 (a hidden three: 坎, 偎) 3/6, 開交 (four alike opened
on the table: 跑) 6/9, 撐 (four alike of one's own: 提) 9/12 — the same numbers as ⑶'s 「小相同的四張（亮於
桌面上）… 6油」 and 「龍 … 大寫的為12油，小寫的龍為9油」.  ⑷ gives no value to a 一句話; the preset counts
一二三 / 二七十 3 and 壹貳叄 / 貳柒拾 6 as ⑶ does for 大字牌 (the 胡息 of these runs in the usual 跑胡子
table;
a choice, listed in :data:`CHOICES`)."""

ZIPAI: Final = Variant(
    id="zipai",
    name="大字牌",
    english="Hunan Zipai",
    unit="油",
    count_unit="油",
    values=Values(
        special_run=Pair(3, 6),  # ⑶ 「貳柒拾、壹貳叄為6油」「二七十、一二三為3油」
        # ⑶ 「小相同的三張（不論在手上或且蓋於桌面上）… 3油」「大相同的三張 … 6油」; 死罩 3/6
        three_hidden=Pair(3, 6),
        peng_black=Pair(1, 3),  # ⑶/⑻ 「小的三張黑牌為1油 … 大的三張黑牌為3油」
        peng_red=Pair(3, 6),  # ⑶/⑻ 「小的三張紅牌為3油 … 大的三張紅牌為6油」
        ti=Pair(9, 12),  # ⑶ 「小相同的四張（不論在手上或且蓋於桌面上）… 9油」「大相同的四張 … 12油」; 龍 12/9
        pao=Pair(6, 9),  # ⑶ 「小相同的四張（亮於桌面上）… 6油」「大相同的四張（亮於桌面上）… 9油」; 開招 9/6
    ),
    minimum=10,
)
"""大字牌 (seed 002 ⑶ 大字牌的勝負規則, ⑻): 「按本局莊家設置的油數，如有玩家所得油數大於或等於該油數並且按規定
組合成牌即可胡牌」.  The seed leaves the 油數 to the dealer; the preset's 10 is a choice (:data:`CHOICES`)."""

HARD: Final = Variant(
    id="zipai-hard",
    name="硬鬍子",
    english="Zipai Hard Huzi",
    unit="胡",
    count_unit="胡息",
    values=HUXI_VALUES,
    minimum=10,  # ⑷ 「10胡落地的」
)
"""硬鬍子 (seed 002 ⑷ 一、1): 「10胡落地」: a win needs 10胡; the hand is paid its 胡.  ⑷ 一、2: 「3把50胡的，
就是胡3把牌要達到50胡以上。第一把不能少於15胡」 (:func:`taipai.systems.zipai.scoring.three_hands`)."""

PAOHUZI: Final = Variant(
    id="paohuzi",
    name="長沙跑胡子",
    english="Changsha Paohuzi",
    unit="排",
    count_unit="胡息",
    values=HUXI_VALUES,
    minimum=10,  # ⑷ 「其中10胡算卡胡計5排」: 10胡 is the least a 有鬍子 hand wins with
)
"""長沙跑胡子 (seed 002 ⑷ 二、1): 「有鬍子的，3胡算一排，其中10胡算卡胡計5排。1、4、7個紅加一排，10~12個紅字加
二排，13個紅以上算10排。自摸加2排。沒鬍子的就是不能有一胡，稱飄胡，紅的演算法和有鬍子的一樣，飄胡5排的底」."""

SOFT: Final = Variant(
    id="zipai-soft",
    name="軟鬍子",
    english="Zipai Soft Huzi",
    unit="胡",
    count_unit="胡息",
    values=HUXI_VALUES,
    minimum=10,
)
"""軟鬍子 (seed 002 ⑷ 二、2–3): 「算一百胡的有：天、地、大紅（13個以上的紅）烏、18大字（胡牌的字中
有18個）18小 …
三龍（三個四個一樣的）四坎（四個字有三個一樣的）」; 「在所胡的鬍子上加一倍的有：一塊扁（大或小二七十）雙飄帶
（大
小二七十）1、4、7、10~12個紅字」.  The 10胡 a 有鬍子 hand needs is a choice (:data:`CHOICES`)."""

VARIANTS: Final = {v.id: v for v in (ZIPAI, HARD, PAOHUZI, SOFT)}
"""Every variant by id."""

PAI_PER_HUXI: Final = 3
"""長沙跑胡子: 「3胡算一排」 (an option: ``huxi_per_pai``)."""
KAHU_HUXI: Final = 10
"""長沙跑胡子: 「10胡算卡胡計5排」: exactly 10 胡息 is 卡胡."""
KAHU_PAI: Final = 5
"""長沙跑胡子: 卡胡's 5排."""
PIAO_PAI: Final = 5
"""長沙跑胡子: 「飄胡5排的底」."""
SELF_DRAW_PAI: Final = 2
"""長沙跑胡子: 「自摸加2排」."""
RED_PAI: Final = ((frozenset({1, 4, 7}), 1), (frozenset({10, 11, 12}), 2))
"""長沙跑胡子: 「1、4、7個紅加一排，10~12個紅字加二排」 (red cards in the hand → 排 added)."""
MANY_RED: Final = 13
"""「13個紅以上」: 長沙跑胡子's 10排, 軟鬍子's 大紅."""
MANY_RED_PAI: Final = 10
"""長沙跑胡子: 「13個紅以上算10排」, read as the red count adding 10排 (a choice, :data:`CHOICES`)."""
HUNDRED: Final = 100
"""軟鬍子: 「算一百胡的有」: each such hand is 100胡."""
EIGHTEEN: Final = 18
"""軟鬍子: 「18大字（胡牌的字中有18個）18小」."""
DOUBLING_REDS: Final = frozenset({1, 4, 7, 10, 11, 12})
"""軟鬍子: 「1、4、7、10~12個紅字」 double the hand."""

CHOICES: Final = (
    "大字牌 油 threshold: 10油 (seed ⑶ leaves it to the dealer; table option 起胡/threshold)",
    "硬鬍子, 長沙跑胡子 and 軟鬍子 count 一二三 / 二七十 3胡息 and 壹貳叄 / 貳柒拾 6 "
    "(⑶'s numbers; ⑷ gives runs none)",
    "a winning hand makes 7 groups, the eyes (one 對 at most) counting as one "
    "(the 20 cards of a deal and the winning card)",
    "a 坎 or 提 completed by another player's card (食) counts as 碰 / 跑 "
    "(⑴: 碰 and 跑 are made on another's card)",
    "長沙跑胡子: 卡胡 is exactly 10胡息 (5排); more is 胡息 ÷ 3 rounded down; 13+ red cards add 10排",
    "軟鬍子: a 有鬍子 hand needs 10胡; each 100-胡 hand adds 100; 雙飄帶 doubles once, in place of 一塊扁",
    "大字牌 money: a self-draw: each loser pays 2 × 油 (the winner's gain doubled); 點炮: the discarder pays "
    "both shares, 2 × 油",
    "硬鬍子 and 軟鬍子 money: as 大字牌 (each loser pays the 胡); 長沙跑胡子: each loser pays the 排",
    "數信 (⑼ 「按約定的比例」): four sit, the dealer's opposite sits out; the winner pays the sitter each "
    "share as 10% of the win's gain (table option 數信每份/shuxin_percent), rounded half up to the cent",
    "硬鬍子 3把50胡 (⑷ 一、2): a table option (規則 3把50胡 開, off by default); a player's wins make "
    "matches of three from the table's opening; the ledger refuses the first win of a match under 15胡; "
    "the match moves no money of its own (the seed says what a match must reach, not what reaching or "
    "missing 50胡 pays), and its tally is in the history",
    "軟鬍子 比比胡 (⑷ 「胡牌比有鬍子」): every group of three or four of the winning hand (each 比; the 對 "
    "is no 比) counts 胡息",
    "軟鬍子 9對對: nine 對 (four alike are two) and one group of three, 21 cards; 10半邊 (「一大一小」): ten "
    "pairs of one small and one big card of a point and one card; both win by their pairs whatever groups "
    "the cards make, 100胡 with the 100-胡 hands the cards make (天 地 大紅 烏 18大 18小) and the red-card "
    "doubling",
    "軟鬍子 放放紅 is not counted: the seed gives it no gloss (比比胡 has 「胡牌比有鬍子」, 三龍 and 四坎 "
    "theirs) and 放 names no group, card or act anywhere in ⑴–⑷, so what makes 放放紅 would be a guess",
    "軟鬍子 無底飄 is not counted: ⑷ says only 「也有鬍子和無底飄」; 長沙跑胡子's 飄胡 has 「5排的底」, and "
    "無底 (no 底) leaves the value of a hand without one 胡息 unsaid (0胡? its doublings alone?); a hand "
    "without 胡息 is refused under 起胡 unless a 100-胡 hand (烏 …) makes it",
    "a win on a card another player turned from the pile (⑴ 「當上家打出或摸出一隻牌」: drawn cards are "
    "shown and may be taken): no 點炮 (nobody discarded it), no 自摸 (not the winner's own draw), so ⑶'s "
    "general rule 「輸的玩家分別給予按獲勝玩家所得油數算的積分」: each loser pays one share, without the "
    "self-draw's doubling, whatever the table's 自摸 and 點炮 settings; counted as 食 (a 坎 it completes is "
    "a 碰, ⑴ 跑 「當其他玩家打出或摸出」). ⑼ 「和牌能和摸出來的牌，也能和任何人打出的牌」 allows it; "
    "⑶ and ⑻ give it no price of its own. Booked as 字牌's own event (taipai.systems.zipai.turned."
    "TurnedWin): B 食 翻 <hand or count> (翻牌, 翻出; English B wins on turned …); one winner per card",
    "a line where a hand goes is an attempt when any game's own hand test reads it (字牌: all of it reads "
    "with 3 cards or more, or 6 card characters), not only the open table's: the line is judged before the "
    "table is read; 三次, 一百二十三蚊 are talk",
    "a count in 胡息 (12胡息) books as 胡 at 硬鬍子 only (⑷ 一、1: its 胡 is the groups' 胡息, undoubled); "
    "軟鬍子 (胡息 doubled into 胡) and 長沙跑胡子 (胡息 into 排) refuse it in their own unit",
)
"""Every choice made where seed 002 is open (the closing note of issue 18)."""
