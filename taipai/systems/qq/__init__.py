"""QQ 歡樂麻將 (``qq``, seed 002 「⑹ QQ游戲中歡樂麻將怎麼玩啊」): the Chinese Official table plus its own
rules.

The game's own parts live here, pure (no I/O); the 81 番 themselves are Chinese Official's
(:mod:`taipai.systems.mcr`, used by import, never copied):

- :mod:`~taipai.systems.qq.caishen`: the 財神 wildcard tile (「翻取的第一張牌加一的牌」) and 無財神 2番;
- :mod:`~taipai.systems.qq.wildsearch`: the best reading of a hand holding 財神, every tile in range,
  bounded by :mod:`taipai.core.budget`;
- :mod:`~taipai.systems.qq.events`: 鳥 (:class:`~taipai.systems.qq.events.Bird`), an event after the win;
- :mod:`~taipai.systems.qq.money`: rooms (大眾場 / 8番場 / 無番場), 中鳥系數, 莊家系數 and the 歡樂豆 formula.

The package exposes no ``SYSTEM`` yet: the registry entry waits for the scorer of :mod:`taipai.systems.mcr`.
"""
