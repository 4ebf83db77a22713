"""Issue 13, Build item 4 at the edges: a hand over its scoring budget gets a plain answer in the
chat's language and nothing is booked; ``taipai score --json`` gives the ``over_budget`` code; hands
are scored on their own bounded pool, each within a budget with a wall-clock backstop."""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import json
import threading

import pytest

from taipai.bot.cli import main
from taipai.bot.service import Service
from taipai.bot.service.hands import ScoringPool, read_hand, wall_budget
from taipai.bot.store import ChatRef
from taipai.core.budget import DEFAULT_BUDGET
from taipai.core.errors import HandError
from taipai.core.table import TableOpened
from taipai.core.table.machine import apply
from taipai.systems.hk_taiwan import reading as hk_taiwan_reading
from taipai.systems.hk_taiwan import scoring
from taipai.systems.hk_taiwan.rules import load_rules

from .conftest import Talk

ISSUE_HAND = "明槓 六索 槓 八索 槓 五索 [東南西北] [皇] [索] [筒索萬] [中發白] [東南西北] [萬] 摸 [筒]"
"""Issue 13 item 4: three kongs and eight wildcards of the default kinds, not a win (13–22 s before)."""

EIGHT_AROUND_MELDS = "一二三萬 五五五筒 七八索 [皇] [皇] [皇] [皇] [皇] [皇] [皇] [皇] 摸 九索"
"""A win that spends about 11,000 units (more than one deadline interval)."""

QUICK = "一二三萬 四五六萬 七八九筒 二三四索 中中 [皇] 東 摸 東"
"""One 皇: a few hundred units."""

RULES = load_rules("hk-taiwan")


@pytest.mark.asyncio
async def test_the_chat_gets_the_plain_answer_and_nothing_is_booked(talk_zh):
    await talk_zh("A", "開枱 A B C D")
    before = await talk_zh.seq()
    reply = await talk_zh("B", f"B 自摸 {ISSUE_HAND}")
    assert reply == "呢副牌太多搭，計唔晒，所以冇記數：請直接講數目，例如 B 自摸 12番。"
    assert await talk_zh.seq() == before
    state = await talk_zh.state()
    assert [p.balance for p in state.players] == [0, 0, 0, 0]
    # the count the players give instead is booked as usual
    booked = await talk_zh("B", "B 自摸 12番")
    assert await talk_zh.seq() == before + 1, booked


@pytest.mark.asyncio
async def test_the_plain_answer_in_english(talk_en):
    await talk_en("A", "開枱 A B C D")
    before = await talk_en.seq()
    reply = await talk_en("B", f"B 食 A {ISSUE_HAND.replace('摸 [筒]', '食 [筒]')}")
    assert reply == (
        "This hand has too many wildcard readings to work out, so nothing was booked: "
        "give its count instead, e.g. B 自摸 12番."
    )
    assert await talk_en.seq() == before


def test_score_json_says_over_budget(capsys, monkeypatch):
    monkeypatch.setenv("DEFAULT_LOCALE", "zh_Hant_HK")
    capsys.readouterr()
    status = main(["score", ISSUE_HAND, "--json"])
    out = capsys.readouterr().out
    assert status == 2
    assert len(out.strip().splitlines()) == 1
    data = json.loads(out)
    assert data["ok"] is False and data["error"]["code"] == "over_budget"
    assert data["error"]["message"]


def test_score_human_output_says_no_score_is_given(capsys, monkeypatch):
    monkeypatch.setenv("DEFAULT_LOCALE", "zh_Hant_HK")
    capsys.readouterr()
    status = main(["score", ISSUE_HAND])
    out = capsys.readouterr()
    assert status == 2 and not out.out
    assert out.err.strip() == "呢副牌太多搭，計唔晒：冇計分。"


def test_an_inexact_score_is_never_booked(monkeypatch):
    """A best reading the search could not prove (``exact`` false, e.g. a safety cap of a search
    that lists completions) is refused like a spent budget: no guess is booked as money."""
    real = scoring.score_hand

    def inexact(spec, rules, *, budget=None):
        return dataclasses.replace(real(spec, rules, budget=budget), exact=False)

    monkeypatch.setattr(hk_taiwan_reading, "score_hand", inexact)  # the scorer the game reads with
    state = apply(None, TableOpened(("A", "B", "C", "D"))).state
    with pytest.raises(HandError) as e:
        read_hand(QUICK, state, "B", RULES)
    assert e.value.code == "over_budget"


@pytest.mark.asyncio
async def test_the_pool_runs_on_its_own_threads_with_the_callers_context():
    pool = ScoringPool(workers=1)
    var: contextvars.ContextVar[str] = contextvars.ContextVar("probe", default="unset")
    var.set("caller")
    try:
        name, seen = await pool.run(lambda: (threading.current_thread().name, var.get()))
    finally:
        pool.close()
    assert name.startswith("taipai-score") and seen == "caller"


def test_the_wall_clock_backstop_stops_a_long_hand_but_not_a_quick_one():
    """The backstop is asked every DEADLINE_EVERY units: a clock already past the hand's seconds
    stops the 11,000-unit hand (over_budget) and leaves the few-hundred-unit one alone."""
    now = [0.0]
    state = apply(None, TableOpened(("A", "B", "C", "D"))).state

    def scored(text: str) -> object:
        budget = wall_budget(1.0, clock=lambda: now[0])
        now[0] += 2.0  # the hand "takes" two seconds of wall clock
        try:
            return read_hand(text, state, "B", RULES, budget=budget).fan
        except HandError as err:
            return err.code

    assert scored(EIGHT_AROUND_MELDS) == "over_budget"
    quick = scored(QUICK)
    assert isinstance(quick, int) and quick > 0


@pytest.mark.asyncio
async def test_a_scoring_process_gives_the_same_answer_and_the_same_refusal():
    """Scored in a worker process: the same ReadHand as in this process, and a refusal comes back
    as the same HandError (code, message, hints)."""
    state = apply(None, TableOpened(("A", "B", "C", "D"))).state
    pool = ScoringPool(workers=1)
    try:
        got = await pool.run(pool.score, QUICK, state, "B", RULES)
        with pytest.raises(HandError) as e:
            await pool.run(pool.score, ISSUE_HAND, state, "B", RULES)
    finally:
        pool.close()
    assert got == read_hand(QUICK, state, "B", RULES)
    assert e.value.code == "over_budget" and e.value.hint_args["limit"] == DEFAULT_BUDGET


@pytest.mark.asyncio
async def test_a_hostile_hand_in_one_chat_and_an_ordinary_one_in_another_are_both_answered(store):
    """Issue 13 item 4: eight such hands took every worker and an ordinary hand elsewhere waited 55 s.
    Now both are answered: the hostile one refused, the ordinary one booked."""
    service = Service(store, locale="en")
    hostile, ordinary = Talk(service, ChatRef("test", "hostile")), Talk(service, ChatRef("test", "ordinary"))
    for talk in (hostile, ordinary):
        await talk("A", "開枱 A B C D")
    seqs = (await hostile.seq(), await ordinary.seq())
    refused, booked = await asyncio.gather(
        hostile("B", f"B 自摸 {ISSUE_HAND}"),
        ordinary("B", f"B 食 A {QUICK.replace('摸 東', '食 東')}"),
    )
    assert refused.startswith("This hand has too many wildcard readings to work out")
    assert booked.startswith("B wins on A's discard")
    assert (await hostile.seq(), await ordinary.seq()) == (seqs[0], seqs[1] + 1)


def test_broken_scoring_processes_fall_back_to_the_thread_then_stay_there(monkeypatch):
    """A process pool that breaks (a worker killed, or workers that cannot start) costs no hand:
    the hand is scored where the pool's thread is, with the same answer; after BROKEN_LIMIT breaks
    in a row the pool stops trying processes."""
    from concurrent.futures import Future
    from concurrent.futures.process import BrokenProcessPool

    from taipai.bot.service import hands

    made: list[object] = []

    class Broken:
        def __init__(self, *args: object, **kwargs: object) -> None:
            made.append(self)

        def submit(self, *args: object, **kwargs: object) -> Future[object]:
            future: Future[object] = Future()
            future.set_exception(BrokenProcessPool("a worker died"))
            return future

        def shutdown(self, **kwargs: object) -> None:
            pass

    monkeypatch.setattr(hands, "ProcessPoolExecutor", Broken)
    state = apply(None, TableOpened(("A", "B", "C", "D"))).state
    pool = ScoringPool(workers=1)
    expected = read_hand(QUICK, state, "B", RULES)
    for _ in range(hands.BROKEN_LIMIT + 1):
        assert pool.score(QUICK, state, "B", RULES) == expected
    assert len(made) == hands.BROKEN_LIMIT and pool.processes is False


def test_a_scoring_process_reuses_a_rule_set_it_has_seen(monkeypatch):
    """Each hand arrives with a fresh unpickled copy of the rules; the worker keeps the first copy
    of each content digest, so the core's per-rule-set caches stay warm from hand to hand."""
    import pickle

    from taipai.bot.service import hands

    seen: list[object] = []
    monkeypatch.setattr(hands, "read_hand", lambda text, state, winner, rules, budget: seen.append(rules))
    state = apply(None, TableOpened(("A", "B", "C", "D"))).state
    first, second, other = (pickle.loads(pickle.dumps(RULES)) for _ in range(3))
    hands.score_in_worker(QUICK, state, "B", first, 5.0, b"digest-1")
    hands.score_in_worker(QUICK, state, "B", second, 5.0, b"digest-1")
    hands.score_in_worker(QUICK, state, "B", other, 5.0, b"digest-2")
    assert seen[0] is first and seen[1] is first and seen[2] is other


def test_a_host_without_scoring_processes_scores_on_threads(monkeypatch):
    """Where worker processes cannot be made (no semaphores, e.g. no /dev/shm), hands are scored on
    the pool's threads, with the same answer, and the pool stops trying processes."""
    from taipai.bot.service import hands

    def unavailable(*args: object, **kwargs: object) -> None:
        raise OSError(38, "Function not implemented")

    monkeypatch.setattr(hands, "ProcessPoolExecutor", unavailable)
    state = apply(None, TableOpened(("A", "B", "C", "D"))).state
    pool = ScoringPool(workers=1)
    assert pool.score(QUICK, state, "B", RULES) == read_hand(QUICK, state, "B", RULES)
    assert pool.processes is False


def test_two_passes_give_the_answer_of_the_full_budget():
    """The pool scores each hand first with FIRST_PASS_UNITS and again with the full budget only
    when that did not settle it: on the seeded hostile hands, every answer (Score or error code and
    message) is the one a single full-budget pass gives."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from hostile_bench import hostile_hands

    def answer(call) -> object:
        try:
            return call().score
        except HandError as err:
            return (err.code, err.message)

    state = apply(None, TableOpened(("A", "B", "C", "D"))).state
    pool = ScoringPool(workers=1, processes=False)
    short = "槓 7s 暗槓 4s 暗槓 4m 明槓 1s [筒索萬] [番] [筒] [索] 摸 [萬]"  # its first pass explains short
    for _kind, text in [
        (None, ISSUE_HAND),
        (None, EIGHT_AROUND_MELDS),
        (None, short),
        *hostile_hands(12, 13),
    ]:
        two = answer(lambda t=text: pool.score(t, state, "B", RULES))
        one = answer(lambda t=text: read_hand(t, state, "B", RULES))
        assert two == one, text
