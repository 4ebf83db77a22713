"""The one error type the core raises for bad hands and bad hand messages."""

from __future__ import annotations

MAX_TOKEN_SHOWN = 40
"""A longer offending token is cut (with …) so an error never echoes a huge message back."""


class HandError(ValueError):
    """A hand message or hand that cannot be scored.

    Attributes:
        code: stable machine code, e.g. ``unknown_token``, ``fifth_copy``, ``tile_count``,
            ``honour_chow``, ``not_a_win`` (listed in :data:`ERROR_CODES`).
        token: the offending piece of text or tile (``""`` when the whole hand is at fault).
        position: character offset of ``token`` in the message, or ``-1`` when not from text.
        hint: what would be right, in English; adapters translate ``code`` + ``hint_args``.
        hint_args: values the translated message interpolates (``{"expected": 17, "got": 16}``).
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        token: str = "",
        position: int = -1,
        hint: str = "",
        hint_args: dict[str, object] | None = None,
    ) -> None:
        if len(token) > MAX_TOKEN_SHOWN:
            shown = token[:MAX_TOKEN_SHOWN] + "…"
            message = message.replace(token, shown)
            token = shown
        super().__init__(message)
        self.code = code
        self.message = message
        self.token = token
        self.position = position
        self.hint = hint
        self.hint_args = dict(hint_args or {})

    def as_dict(self) -> dict[str, object]:
        """JSON-ready form used by ``taipai score --json`` (DESIGN §5)."""
        out: dict[str, object] = {"code": self.code, "message": self.message}
        if self.token:
            out["token"] = self.token
        if self.position >= 0:
            out["position"] = self.position
        if self.hint:
            out["hint"] = self.hint
        return out


ERROR_CODES = (
    "empty",  # nothing to read
    "unknown_token",  # a word that is not a tile, keyword or context word
    "bad_suit_run",  # numerals with no suit after them, or a bad range
    "meld_shape",  # an exposed meld whose tiles do not form the keyword's meld
    "honour_chow",  # a chow of honours
    "fifth_copy",  # more than four of one tile
    "tile_count",  # wrong number of tiles for 16-tile play
    "no_winning_tile",  # no 摸/食 tile
    "two_winning_tiles",
    "bad_context",  # a context word with a bad value (連-1, 八圈)
    "wild_unsupported",  # a wildcard where the table plays none / unknown kind
    "not_a_win",  # the tiles do not form a winning hand
    "wild_unplaceable",  # a wildcard could not be read as any tile that completes the hand
    "bad_rules",  # a rule file that does not load
    "bad_bracket",  # an unclosed [, a stray ], or a bracketed meld not closed right after its tiles
    "bad_winning_tile",  # 摸/食 followed by more than one tile written together
    "duplicate_flower",  # the same flower written twice
    "bare_count",  # a bare fan count (12番) given to `taipai score`, which scores tiles only
    "over_budget",  # the wildcard search spent the hand's budget before proving its best reading
)
