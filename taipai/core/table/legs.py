"""Who pays a win, the parts every game that pays a self-draw share by share books the same way.

Game-neutral: a game passes its own share and its own word for "pays all" (廣東牌 包自摸, 國標 包).
"""

from __future__ import annotations

from taipai.core.table.amounts import Amount, norm
from taipai.core.table.errors import TableError
from taipai.core.table.state import Payment


def first_in_turn(names: tuple[str, ...], discarder: str, claimants: tuple[str, ...]) -> str:
    """The claimant nearest the discarder in turn order (東→南→西→北, the next seat first): the one who
    takes a discard several players claim when a table plays no 一炮多響 (廣東牌 下家先糊, 國標 截和).

    Args:
        names: the seated players in seat order.
        discarder: who discarded; one of ``names``.
        claimants: the players claiming the discard (at least one, none of them the discarder).

    Raises:
        ValueError: ``discarder`` is not seated; StopIteration: no claimant is seated.
    """
    i = names.index(discarder)
    order = [names[(i + k) % len(names)] for k in range(1, len(names))]
    return next(n for n in order if n in claimants)


def check_one_claim(
    names: tuple[str, ...], discarder: str, winners: tuple[str, ...], multi_win: bool, rule: str = ""
) -> None:
    """Refuse several winners on one discard at a table that plays no 一炮多響: only the first claimant
    in turn order (:func:`first_in_turn`) wins it (廣東牌 下家先糊, 國標 截和).

    Args:
        names: the seated players in seat order.
        discarder: who discarded.
        winners: the winners booked on that discard.
        multi_win: the table plays 一炮多響 (then nothing is refused).
        rule: the game's word for the rule, put before the message and in ``values["rule"]`` (the reply
            names it: 國標 ``截和``); ``""``: the bot's default word.

    Raises:
        TableError: ``first_claim_wins`` (``values``: ``winner``, the first claimant; ``discarder``;
            ``rule`` when given).
    """
    if len(winners) <= 1 or multi_win:
        return
    first = first_in_turn(names, discarder, winners)
    said = f"{rule}: " if rule else ""
    raise TableError(
        "first_claim_wins",
        f"{said}only {first}, the first after {discarder} in turn, wins this discard",
        f"book {first}'s win alone, or play 一炮多響 (multi_win on)",
        {"winner": first, "discarder": discarder, **({"rule": rule} if rule else {})},
    )


def self_draw_payments(
    names: tuple[str, ...], winner: str, each: Amount, kong_discarder: str | None, pays_all: str
) -> tuple[list[Payment], str]:
    """The payments of a self-draw where each of the others pays ``each``, or one player pays them all.

    Args:
        names: the seated players.
        winner: who self-drew.
        each: one loser's share in the ledger's amounts (money at 廣東牌 and 國標).
        kong_discarder: the player who pays every share (``SelfDraw.kong_discarder``), else ``None``.
        pays_all: the game's word for that (``包自摸``, ``包``), in the summary and the error.

    Returns:
        ``(payments, summary tail)``: each other player's ``win`` payment of ``each``, or one ``bao``
        payment of ``each`` × the number of others and the tail ``", X pays all (包…)"`` (else ``""``).

    Raises:
        TableError: ``same_player`` when ``kong_discarder`` is the winner.
    """
    others = tuple(n for n in names if n != winner)
    if kong_discarder is None:
        return [Payment(o, winner, each, "win") for o in others], ""
    if kong_discarder == winner:
        raise TableError("same_player", f"{winner} cannot pay their own self-draw ({pays_all})")
    return (
        [Payment(kong_discarder, winner, norm(each * len(others)), "bao")],
        f", {kong_discarder} pays all ({pays_all})",
    )
