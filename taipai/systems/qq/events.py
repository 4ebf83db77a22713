"""QQ 歡樂麻將's own event: :class:`Bird` (鳥, seed 002 「名詞解釋」 ·鳥牌), the one written in
:mod:`taipai.core.wilds.bird` (seed 001's 扎鳥 is the same rule, and 港式台牌 books it too when the table
plays 扎鳥).

:func:`bird_number` and :func:`bird_seat` are seed 001's 扎鳥 rule, the same count
(:mod:`taipai.core.wilds.schemes`), re-exported here.
"""

from __future__ import annotations

from taipai.core.wilds.bird import Bird
from taipai.core.wilds.schemes import bird_number, bird_seat

__all__ = ["Bird", "bird_number", "bird_seat"]
