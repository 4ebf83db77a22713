"""國標麻將 (``mcr``): Chinese Official, 13 tiles, 番 (seed 002 「番型介紹」, 「計分規則」 8番場).

- Rows and their 「不計」 lists: ``preset.toml`` (data, 81 rows); detectors and the five principles of
  combination: :mod:`~taipai.systems.mcr.patterns`; shapes and readings: :mod:`~taipai.systems.mcr.hand`;
  the best reading, exclusions and 8番起和: :mod:`~taipai.systems.mcr.scoring`.
- Hand messages: :mod:`~taipai.systems.mcr.reading` and :mod:`~taipai.systems.mcr.words`.
- Table settings and money: :mod:`~taipai.systems.mcr.options`, :mod:`~taipai.systems.mcr.ledger`
  (discarder 8 + 番, the others 8; self-draw 8 + 番 each).
"""
