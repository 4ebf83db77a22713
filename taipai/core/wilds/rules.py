"""Table rules for 越搭 (seed 000 「幾條要講定嘅規矩」), as one frozen options object.

Each field is a table option; the defaults are seed 000's (「以下嘅規矩跟港式台牌 app 嘅預設」) or,
where seed 000 is silent, the choice written beside the field.  The scoring rule set copies these
into its options; this module only states and validates them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from taipai.core.errors import HandError
from taipai.core.handspec import MeldKind
from taipai.core.wilds.names import EIGHT_SET, canonical_name

_PAIR = 3  # taipai.core.hand.PAIR (not imported: hand does not depend on wilds, nor wilds on hand)


def _bad(field_name: str, message: str, token: str = "") -> HandError:
    return HandError("bad_rules", f"wild rules, {field_name}: {message}", token=token or field_name)


def _canon(field_name: str, name: str) -> str:
    try:
        return canonical_name(name)
    except HandError as err:
        raise _bad(field_name, f"no wildcard kind named {name!r}", name) from err


@dataclass(frozen=True, slots=True)
class WildRules:
    """The 越搭 table rules.

    Attributes:
        in_melds: 「上、碰用唔用得越搭 —— 預設用得」: wildcards may stand in 上/碰/明槓/加槓 melds.
        max_per_exposed_meld: 「但每次上或者碰最多用一隻」.
        max_per_concealed_meld: melds formed in the hand: seed 000 does not limit them (its rule is
            about 上/碰), so a whole concealed pung/chow of wildcards (3) is allowed; a kong in hand
            is a concealed kong, see ``max_in_concealed_kong``.
        meld_kinds: 「有啲枱逐款講定邊款用得」: the kinds allowed in exposed melds (``None`` = all
            kinds).  Choice: it applies to exposed melds (上/碰/明槓/加槓) only, as the sentence is
            about 上、碰; concealed kongs follow ``max_in_concealed_kong``.
        max_in_concealed_kong: 「暗槓 —— 預設可以用越搭，但最多一隻」 (0 forbids wildcards in 暗槓).
        discarded_wild_winnable: 「打出去嘅越搭 —— 預設食得糊；有啲枱講明打出去嘅越搭冇人食得」.
        special_shapes: 「越搭喺自己範圍入面，都可以幫你砌十六不搭、十三么、嚦咕嚦咕」.
        fifth_copy: a wildcard may stand for a fifth copy of a tile.  Seed 000 is silent; default no
            (there are four of each tile).
        eyes_both_wild: the eyes may be two wildcards.  Seed 000 is silent; default yes.
        table_kinds: the kinds the table plays (default the 八搭 preset, 「最常見：八搭」).  Aliases
            are accepted and stored as printed names.
        kind_counts: how many of each kind the table has (``None`` = not checked): 「每款要唔要、每款
            幾多隻，張枱自己揀」.
        context_counts_winning_tile: 牛/熊/聚/獨 read the winning tile as one of your tiles when it is
            natural.  Seed 000 says 「睇你手牌連落咗地嘅牌」 and is silent on the winning tile; default
            yes (it is in the hand being scored).
        bull_bear_unbounded: what 牛/熊 stand for when you hold no numbered natural tile (seed 000
            defines them by 「入面最大／最細嗰個數」 and is silent on a hand without numbers).
            Default yes: with no number there is no bar, so any 筒索萬; no: nothing.
        count_kinds_join_honours: whether 確單/確雙/限五/七起 may stand for honours, the seven
            honours then counting as one 門.  Seed 000 says 「佢所在嗰一門」; default no (a 門 is
            萬, 筒 or 索).
        max_wilds_per_hand: most wildcards one hand may hold (hand, melds and winning tile).  Seed
            000 is silent; 8 matches the 八搭 set and keeps the exact search within a chat bot's
            time.  A hand with more is rejected (``wild_unsupported``), never half-searched.
        copy_alone_in_exposed: whether a 複製 that is read as 大皇 (「手上淨係得複製、冇其他搭，就當
            大皇用」) may go into an exposed meld.  Seed 000 also says 「要落地就只可以複製自己已經落
            咗地嘅搭」; default no (with no wildcard laid down it has nothing to copy there).

    Raises:
        HandError: code ``bad_rules`` for a negative count or an unknown kind name.
    """

    in_melds: bool = True
    max_per_exposed_meld: int = 1
    max_per_concealed_meld: int = 3
    meld_kinds: frozenset[str] | None = None
    max_in_concealed_kong: int = 1
    discarded_wild_winnable: bool = True
    special_shapes: bool = True
    fifth_copy: bool = False
    eyes_both_wild: bool = True
    table_kinds: tuple[str, ...] = EIGHT_SET
    kind_counts: dict[str, int] | None = field(default=None, hash=False)
    context_counts_winning_tile: bool = True
    bull_bear_unbounded: bool = True
    count_kinds_join_honours: bool = False
    copy_alone_in_exposed: bool = False
    max_wilds_per_hand: int = 8

    def __post_init__(self) -> None:
        for name in (
            "max_per_exposed_meld",
            "max_per_concealed_meld",
            "max_in_concealed_kong",
            "max_wilds_per_hand",
        ):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise _bad(name, f"must be a count >= 0, not {value!r}")
        table = tuple(dict.fromkeys(_canon("table_kinds", n) for n in self.table_kinds))
        object.__setattr__(self, "table_kinds", table)
        if self.meld_kinds is not None:
            object.__setattr__(
                self, "meld_kinds", frozenset(_canon("meld_kinds", n) for n in self.meld_kinds)
            )
        if self.kind_counts is not None:
            counts: dict[str, int] = {}
            for name, count in self.kind_counts.items():
                if not isinstance(count, int) or count < 0:
                    raise _bad("kind_counts", f"{name}: must be a count >= 0, not {count!r}", name)
                counts[_canon("kind_counts", name)] = count
            object.__setattr__(self, "kind_counts", counts)

    def allows_in_meld(self, name: str, *, exposed: bool = False, concealed_kong: bool = False) -> bool:
        """Whether a wildcard of kind ``name`` (printed name) may stand in a meld of this shape.

        Exposed melds: ``in_melds`` and ``meld_kinds``; a concealed kong: ``max_in_concealed_kong``
        > 0; melds in the hand and eyes: always.  Kind-specific limits (創造 never in a meld, 複製 only
        copying exposed kinds) are :func:`taipai.core.wilds.alternatives`' business.
        """
        if concealed_kong:
            return self.max_in_concealed_kong > 0
        if exposed:
            return self.in_melds and (self.meld_kinds is None or name in self.meld_kinds)
        return True

    def max_in_group(self, group_kind: int, *, exposed: bool = False, concealed_kong: bool = False) -> int:
        """Most wildcards one group may hold.

        Args:
            group_kind: MeldKind.CHOW/PUNG/KONG (0/1/2) or PAIR (3).
            exposed: the group is a declared exposed meld (上/碰/明槓/加槓).
            concealed_kong: the group is a 暗槓.

        Returns:
            ``max_per_exposed_meld`` (0 when not ``in_melds``) for exposed melds,
            ``max_in_concealed_kong`` for a 暗槓, 2 or 1 for the eyes (``eyes_both_wild``), else
            ``max_per_concealed_meld`` (capped at the group's size).
        """
        if concealed_kong:
            return self.max_in_concealed_kong
        if exposed:
            return self.max_per_exposed_meld if self.in_melds else 0
        if group_kind == _PAIR:
            return 2 if self.eyes_both_wild else 1
        size = 4 if group_kind == MeldKind.KONG else 3
        return min(self.max_per_concealed_meld, size)

    def check_held(self, names: Iterable[str]) -> None:
        """Check the wildcards of one hand against the table: every kind played, counts within
        ``kind_counts``.

        Args:
            names: the wildcard kinds of the hand (hand, melds and winning tile), aliases allowed,
                one entry per wildcard.

        Raises:
            HandError: code ``wild_unsupported``, ``token`` the kind, for a kind the table does not
                play (``hint_args``: ``reason`` ``not_played`` or ``no_wilds``, ``kind``, ``kinds``
                joined by 、, ``table_kinds`` a tuple) or more of a kind than the table has
                (``hint_args`` ``kind`` / ``count``).
        """
        seen: dict[str, int] = {}
        for raw in names:
            name = canonical_name(raw)
            if name not in self.table_kinds:
                kinds = "、".join(self.table_kinds)
                raise HandError(
                    "wild_unsupported",
                    f"this table does not play the wildcard {name}",
                    token=raw,
                    hint=f"this table plays: {kinds}",
                    hint_args={
                        "kinds": kinds,
                        "kind": name,
                        "table_kinds": tuple(self.table_kinds),
                        "reason": "not_played" if self.table_kinds else "no_wilds",
                    },
                )
            seen[name] = seen.get(name, 0) + 1
            if self.kind_counts is not None and name in self.kind_counts:
                limit = self.kind_counts[name]
                if seen[name] > limit:
                    raise HandError(
                        "wild_unsupported",
                        f"this table has only {limit} of the wildcard {name}",
                        token=raw,
                        hint=f"at most {limit} of {name}",
                        hint_args={"kind": name, "count": limit},
                    )
