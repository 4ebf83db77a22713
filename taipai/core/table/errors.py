"""The one error type :mod:`taipai.core.table` raises."""

from __future__ import annotations


class TableError(ValueError):
    """An event the table cannot accept; the state is unchanged.

    Attributes:
        code: stable machine code, one of :data:`TABLE_ERROR_CODES`; adapters translate it.
        message: English explanation with the concrete values.
        hint: what would be accepted instead, in English (may be ``""``).
        args_: ``values``, the concrete values a translated reply names (``{"prize": "一台花",
            "player": "B"}``); ``{}`` for most codes (``args`` is the exception's own tuple).
    """

    def __init__(self, code: str, message: str, hint: str = "", values: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.hint = hint
        self.args_ = dict(values or {})

    def as_dict(self) -> dict[str, str]:
        """JSON-ready form ``{"code", "message"[, "hint"]}`` (DESIGN §5 error shape)."""
        out = {"code": self.code, "message": self.message}
        if self.hint:
            out["hint"] = self.hint
        return out


TABLE_ERROR_CODES = (
    "no_table",  # an event other than TableOpened before any table is open
    "table_open",  # TableOpened while a table is open (埋數 first)
    "ended",  # an event after SessionEnded (only Undo/Redo/TableOpened are accepted)
    "bad_players",  # not the game's count of distinct non-empty names
    "unknown_player",  # a name that is not seated at the table
    "same_player",  # a player paying themself, or the same winner twice on one discard
    "bad_amount",  # a negative fan, fewer than one 底, a bad rate
    "no_legs",  # WinByDiscard with no winner
    "unknown_prize",  # a CashPrize id not in PRIZES
    "prize_needs_other",  # seven_rob_one / one_rob_seven without `other`
    "not_dealer",  # dice prizes by someone who is not the dealer
    "prize_once",  # a once-per-hand prize (一台草, 一台花, 圍骰/一二三, 七搶一/一搶七) booked again this hand
    "bao_needs_exposed_kong",  # 包 (SelfDraw.kong_discarder) on a self-draw not shown as 槓上 on a 明槓
    "no_chain",  # CutChain for a pair with no open chain
    "no_cut_offer",  # CutChain when 斬拉 is not on offer for that chain
    "cut_disabled",  # CutChain with option cut = none (無限拉)
    "nothing_to_undo",
    "nothing_to_redo",
    "bad_option",  # RuleChanged with an unknown option name
    "bad_value",  # RuleChanged with a value the option does not take
    "bad_event",  # event_from_dict with an unknown kind or malformed fields
    "unknown_system",  # a TableOpened naming a rule system the registry does not have
    "below_minimum",  # a win worth less than the table's minimum to win (hk-old 起糊)
    "sitting_out",  # the hand's sitter (字牌's 數信) named as a winner, discarder or false winner, or paying
    "no_sitter",  # 數信 at a table where nobody sits out
    "shuxin_after_win",  # 數信 not right after a win, or a second one for the same win
    "shuxin_one_winner",  # 數信 after a win with several winners on one card
    "shuxin_shares",  # 數信 shares outside 0-3
    "shuxin_usage",  # 數信 followed by neither a card nor a count of shares
    "shuxin_needs_shares",  # 數信 with a card after a win booked as a bare count (its cards unknown)
)
