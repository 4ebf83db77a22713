"""QQ 歡樂麻將's preset (``preset.toml``): row 69 無財神 and the money defaults of seed 002 「計分規則」.

The 81 Chinese Official rows are :mod:`taipai.systems.mcr`'s preset, which this one ``extends``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from taipai.systems.qq.money import Room


@dataclass(frozen=True, slots=True)
class QQPreset:
    """What ``preset.toml`` says.

    Attributes:
        no_caishen_fan: 無財神's 番 (row 69: 2).
        no_caishen_row: the seed row, quoted.
        room: the default room (大眾場).
        coefficient: N, money per point of the game base X (1).
        cut: A, beans the house takes from each player per hand (0 at a chat table; the module
            :mod:`taipai.systems.qq.money` records why, and the seed example's contradiction).
        minimum: 起和 番 (0: the seed names none for 歡樂麻將).
    """

    no_caishen_fan: int
    no_caishen_row: str
    room: Room
    coefficient: int
    cut: int
    minimum: int


@cache
def preset() -> QQPreset:
    """The preset, read once from the package's ``preset.toml``.

    Raises:
        KeyError / ValueError: the file lacks a key or names an unknown room (a broken install).
    """
    data = tomllib.loads(resources.files("taipai.systems.qq").joinpath("preset.toml").read_text("utf-8"))
    (row,) = [p for p in data["pattern"] if p["id"] == "no_caishen"]
    money = data["money"]
    return QQPreset(
        no_caishen_fan=row["fan"],
        no_caishen_row=row["row"],
        room=Room(money["room"]),
        coefficient=money["coefficient"],
        cut=money["cut"],
        minimum=money["minimum"],
    )
