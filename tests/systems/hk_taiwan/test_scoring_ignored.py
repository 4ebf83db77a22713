"""Context words the tiles contradict are not scored, and the Score names them (never silently).

Seed 004 時態類: 搶槓 「算該家出銃」 (a discard win on the konger's fourth tile, so the winner cannot hold
another copy); 海底撈月 is a self-draw (「摸最後一張牌自摸食糊」).
"""

from builders import hand, score


def test_搶槓_with_another_copy_in_hand_is_named_not_scored():
    s = score(hand("123m 456m 789p 234s PPP C", "C", robbing_kong=True))
    assert "robbing_kong" not in {p.id for p in s.patterns}
    assert s.ignored == ("robbing_kong",)
    assert s.to_dict()["ignored"] == ["robbing_kong"]


def test_搶槓_that_fits_scores_5_and_nothing_is_ignored():
    s = score(hand("123m 456m 789p 23s PPP EE", "4s", robbing_kong=True))
    assert s.pattern_fan("robbing_kong") == 5
    assert s.ignored == ()


def test_海底_on_a_discard_is_named():
    s = score(hand("123m 456m 789p 234s PPP C", "C", last_tile_draw=True))
    assert s.ignored == ("last_tile_draw",)


def test_海底_on_a_self_draw_scores_5():
    s = score(hand("123m 456m 789p 234s PPP C", "C", last_tile_draw=True, self_drawn=True))
    assert s.pattern_fan("last_tile_draw") == 5
    assert s.ignored == ()
