"""Pictures for the chat: data in, PNG bytes out (no I/O of the bot's: no store, no clock, no chat).

- :func:`~taipai.bot.pictures.chart.balance_chart`: each player's running balance over a session,
  hand by hand, with the settling transfers written under it (埋數, ``/chart``);
- :func:`~taipai.bot.pictures.hand.hand_image`: a scored hand's tiles (``計番 … 圖``).

matplotlib draws them with its Agg backend only (never pyplot), in Noto Sans CJK's Hong Kong face
installed with taipai (:mod:`.fonts`).  The modules are imported on first use by the service, so a
process that never draws a picture never loads matplotlib.
"""
