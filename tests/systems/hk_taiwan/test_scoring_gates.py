"""The detector feature gates (patterns.base ``needs``) are a speed hint only: scoring a seeded corpus
with the gates on and off gives identical scores, pattern by pattern."""

import sys
from pathlib import Path

from taipai.systems.hk_taiwan.rules import apply_overrides, load_rules
from taipai.systems.hk_taiwan.scoring import score_hand, set_gates

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from corpus import winning_hands


def _scores(rules, corpus):
    return [score_hand(h, rules) for h in corpus]


def test_gates_change_nothing_on_a_corpus():
    corpus = winning_hands(1500, seed=99)
    for rules in (load_rules(), apply_overrides(load_rules(), {"options": {"repeat_counting": True}})):
        set_gates(True)
        try:
            gated = _scores(rules, corpus)
            set_gates(False)
            plain = _scores(rules, corpus)
        finally:
            set_gates(True)
        diffs = [(h, a.patterns, b.patterns) for h, a, b in zip(corpus, gated, plain, strict=True) if a != b]
        assert diffs == []


def test_no_detector_hits_on_a_view_lacking_one_of_its_bits():
    """Soundness of every ``needs`` declaration, detector by detector: on every reading of two
    seeded corpora, a detector that finds its pattern has all its needed bits set."""
    from taipai.core.hand import readings, waits
    from taipai.systems.hk_taiwan.patterns.base import DETECTORS, NEEDS, HandView, hand_facts

    rules = load_rules()
    hits = 0
    for seed in (5, 6):
        for h in winning_hands(1000, seed=seed):
            counts = [0] * 34
            for t in h.all_tiles():
                counts[t] += 1
            facts = hand_facts(h, counts)
            w = waits(h)
            for r in readings(h):
                v = HandView(h, r, rules, w, counts, facts)
                for pid, det in DETECTORS.items():
                    if det(v):
                        hits += 1
                        missing = NEEDS[pid] & ~v.features
                        assert not missing, (pid, bin(missing), h)
    assert hits > 10_000


def test_gates_skip_detectors_on_a_plain_hand():
    """A hand with one chow and no pung never runs the 般高/刻子 detectors (the gates do work)."""
    from builders import hand

    from taipai.core.hand import readings
    from taipai.systems.hk_taiwan.patterns.base import F_CHOWS2, F_PUNG, HandView

    h = hand("123m EEE SSS WWW CCC N", "N")
    (r,) = readings(h)
    v = HandView(h, r, load_rules(), (30,), [0] * 34)
    assert v.features & F_PUNG
    assert not v.features & F_CHOWS2


def test_rule_sets_made_one_after_another_never_share_cached_tables():
    """Scoring caches what it derives from a rule set's pattern table.  Tables made and dropped
    one after another (CPython may give a new one the address of the last) each score with their
    own values: 平糊 at 1 … 40 fan (seed 004, 順子類, 平糊 row: 5, value overridden)."""
    from builders import hand

    base = load_rules()
    h = hand("123m 456m 789p 234s 567s E", "E")
    assert score_hand(h, base).pattern_fan("all_chows") == 5
    for fan in range(1, 41):
        rules = apply_overrides(base, {"patterns": {"all_chows": {"fan": fan}}})
        assert score_hand(h, rules).pattern_fan("all_chows") == fan
        del rules
