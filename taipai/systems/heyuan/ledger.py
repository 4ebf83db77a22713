"""河源百搭's money and deal: 雞平和's (:mod:`taipai.systems.guangdong.ledger`: 2^番 × 底, the discarder pays,
each on a self-draw, 包 and 搶槓 all three shares, the dealer staying), with its settings.

飛牌 and 保釣保 come into the money as the 番 they add (1 and 2: ×2 and ×4 of the 分值), already in the
count a win books (:mod:`~taipai.systems.heyuan.scoring`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from taipai.systems.guangdong.ledger import GuangdongTable
from taipai.systems.heyuan.options import HeyuanOptions


class HeyuanTable(GuangdongTable):
    """:class:`~taipai.core.system.TableRules` of 河源百搭: 雞平和's with :class:`HeyuanOptions`."""

    def default_options(self) -> HeyuanOptions:
        """:class:`HeyuanOptions`' defaults: 雞平和's, and 雞胡百搭."""
        return HeyuanOptions()

    def options_from_dict(self, data: Mapping[str, Any]) -> HeyuanOptions:
        """:meth:`HeyuanOptions.from_dict` (missing keys take the defaults).

        Raises:
            TableError: ``bad_option`` / ``bad_value`` / ``bad_amount``.
        """
        found = HeyuanOptions.from_dict(data)
        assert isinstance(found, HeyuanOptions)
        return found


TABLE = HeyuanTable()
"""The one instance the 河源百搭 system uses."""
