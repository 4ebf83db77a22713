"""Table events: the append-only log that table state is replayed from (DESIGN §1, §5).

Every event is a frozen dataclass with a ``kind`` (stable JSON tag) and round-trips through
``event.to_dict()`` / :func:`event_from_dict`.  Amounts in events are fan (番) counts, never money.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias


class _EventBase:
    """Shared ``to_dict`` for events (``{"kind": ..., <fields>}``)."""

    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict with a ``kind`` key; :func:`event_from_dict` reverses it."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            out[f.name] = _to_json(getattr(self, f.name))
        return out


def _to_json(v: object) -> Any:
    to_dict = getattr(v, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    if isinstance(v, WinLeg):
        return {f.name: getattr(v, f.name) for f in dataclasses.fields(v)}
    if isinstance(v, tuple):
        return [_to_json(x) for x in v]
    return v


@dataclass(frozen=True, slots=True)
class WinLeg:
    """One winner on a discard.

    Attributes:
        winner: the winner's name.
        fan: the hand's fan WITHOUT the dealer fan and WITHOUT 底 (DESIGN §5: 「a bare count is the hand's
            fan without 底 and dealer fan」); ≥ 0.
        bases: number of 底 (1; 2 for the double reading of seed 004, 底: 「計兩個底」).
        robbed_kong: 搶槓 — the discarder field of the event is the konging player (seed 004, 槓牌:
            「搶槓不會當作自摸，只會視為槓牌一方出沖而已」); recorded, pays like a discard.
    """

    winner: str
    fan: int
    bases: int = 1
    robbed_kong: bool = False


@dataclass(frozen=True, slots=True)
class TableOpened(_EventBase):
    """開枱: the players in seat order 東南西北; ``players[0]`` deals first (DESIGN §5 開枱 A B C D).

    Attributes:
        players: the names, as many as the system's :attr:`~taipai.core.system.RuleSystem.players`
            (four; three at 字牌, seated 東南西); the machine refuses another count (``bad_players``).
        options: the table's settings, an instance of the system's settings class
            (:class:`~taipai.core.table.state.TableSettings`); ``None`` takes the system's preset.
        system: the rule system's id (:mod:`taipai.core.registry`); logs stored before there were
            several games have no ``system`` and replay as ``hk-taiwan`` (issue 14 item 2).
    """

    kind: ClassVar[str] = "table_opened"
    players: tuple[str, ...]
    options: Any = None
    system: str = "hk-taiwan"

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))


@dataclass(frozen=True, slots=True)
class WinByDiscard(_EventBase):
    """食糊 on ``discarder``'s tile; one leg per winner (一炮雙響/三響: several legs, one event).

    The discarder alone pays each leg (DESIGN §6).  For 搶槓 the discarder is the konging player.
    """

    kind: ClassVar[str] = "win_by_discard"
    discarder: str
    legs: tuple[WinLeg, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "legs", tuple(self.legs))


@dataclass(frozen=True, slots=True)
class SelfDraw(_EventBase):
    """自摸: each of the three others pays the full total (seed 004, 自摸: 「拉三家」).

    Attributes:
        winner, fan, bases: as in :class:`WinLeg`.
        kong_discarder: for 槓上自摸 on an exposed kong, the player whose discard made the kong pays all
            three legs (seed 004 槓上自摸 row: 「明槓出銃者全包」, 槓上槓自摸: 「明槓出衝者全包」);
            ``None`` otherwise.
        exposed_kong: the win is 槓上自摸 (or 槓上槓自摸) on a kong made from another player's
            discard (明槓), as the message showed it (a 明槓 in the hand, or 槓上 said with a count).
            A new event with ``kong_discarder`` needs it (:func:`~taipai.core.table.machine.apply`
            refuses 包 anywhere else); logs from before it was recorded replay without it.
    """

    kind: ClassVar[str] = "self_draw"
    winner: str
    fan: int
    bases: int = 1
    kong_discarder: str | None = None
    exposed_kong: bool = False


@dataclass(frozen=True, slots=True)
class Draw(_EventBase):
    """流局: the dealer stays (臭莊) with n + 1 (seed 004, 流程: 「和局時…該局莊家須再當一次莊」)."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class FalseWin(_EventBase):
    """詐糊: ``player`` pays each other player ``false_win_fan`` (seed 004, 詐糊: 各30翻)."""

    kind: ClassVar[str] = "false_win"
    player: str


@dataclass(frozen=True, slots=True)
class RuleChanged(_EventBase):
    """Change one option (see :meth:`TableOptions.with_option`), from the next event on."""

    kind: ClassVar[str] = "rule_changed"
    option: str
    value: str | int | bool


@dataclass(frozen=True, slots=True)
class Undo(_EventBase):
    """撤銷: revert the last effective event not yet undone (``by`` is who asked; recorded only)."""

    kind: ClassVar[str] = "undo"
    by: str = ""


@dataclass(frozen=True, slots=True)
class Redo(_EventBase):
    """重做: re-apply the last undone event (only until a new ordinary event)."""

    kind: ClassVar[str] = "redo"
    by: str = ""


@dataclass(frozen=True, slots=True)
class SessionEnded(_EventBase):
    """埋數: settle every open chain in full and end the session; later events are rejected."""

    kind: ClassVar[str] = "session_ended"


Event: TypeAlias = (
    TableOpened
    | WinByDiscard
    | SelfDraw
    | Draw
    | FalseWin
    | RuleChanged
    | Undo
    | Redo
    | SessionEnded
)

EVENT_TYPES: dict[str, type[Any]] = {
    c.kind: c
    for c in (
        TableOpened,
        WinByDiscard,
        SelfDraw,
        Draw,
        FalseWin,
        RuleChanged,
        Undo,
        Redo,
        SessionEnded,
    )
}
"""``{kind: event class}`` of the events every system shares; a system's own events (港式台牌's
現金獎, 斬拉, 飛牌; 台灣牌's 花胡) are its ``table.own_events``; :mod:`taipai.core.table.codec` reads
both."""
