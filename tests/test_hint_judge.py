"""How ``benchmarks/hints.py`` judges an early hint against its stored exact reference,
and which cards ``benchmarks/hint_reference.py --extend`` solves on more deals."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from hint_reference import close_cards  # noqa: E402
from hints import _agrees, _stored_lead  # noqa: E402

# 200 deals: the Three and the Four of cups worth the same on average, apart by a point on
# one deal in four; the King a point behind on every deal
FIRST = [[9, 9, 8] if d % 4 else [10, 9, 8] for d in range(100)] + \
    [[9, 9, 8] if d % 4 else [9, 10, 8] for d in range(100)]
REF = {"cards": ["3c", "4c", "Rc"], "points": FIRST}


def test_cards_within_the_uncertainty_are_close_and_far_ones_are_not() -> None:
    assert close_cards(REF, 4.0) == ["3c", "4c"]
    assert close_cards(REF, 4.0, a_perdere=True) == ["Rc"]  # a perdere the King is best


def test_a_tie_on_the_first_deals_is_judged_again_on_all_deals() -> None:
    """On the first deals the Four agrees (its lead is within two standard errors); with
    1,800 deals more where it is a point behind one time in four, it no longer does, the
    Three still does, and the King is judged against the Three on the first deals."""
    assert _agrees(REF, "4c", False) and _agrees(REF, "3c", False)
    more = [[10, 9] if d % 4 == 0 else [9, 9] for d in range(1800)]
    ref = REF | {"more": {"cards": ["3c", "4c"], "points": more}}
    lead, se, best = _stored_lead(ref, "4c", False)
    assert lead > 2 * se and not best and not _agrees(ref, "4c", False)
    assert _stored_lead(ref, "3c", False) == (0.0, 0.0, True)
    assert _stored_lead(ref, "Rc", False)[0] == 1.125  # the Three's 25 tens over 200 deals


def test_more_deals_can_change_the_best_card() -> None:
    """The Four ahead on the added deals: the Three, best on the first 200, is behind."""
    more = [[9, 10] if d % 4 == 0 else [9, 9] for d in range(1800)]
    ref = REF | {"more": {"cards": ["3c", "4c"], "points": more}}
    assert _agrees(ref, "4c", False) and not _agrees(ref, "3c", False)


def test_a_position_whose_best_has_no_close_card_is_judged_on_its_first_deals() -> None:
    ref = REF | {"more": {"cards": ["3c"], "points": []}}
    assert [_stored_lead(ref, c, False) for c in REF["cards"]] == \
        [_stored_lead(REF, c, False) for c in REF["cards"]]


def test_parts_extended_in_parallel_merge_their_close_cards(tmp_path: Path) -> None:
    """Two copies of a reference, each extended on other positions, join into one that
    keeps both parts' added deals (of a position extended in both, the one with more deals);
    copies whose solved positions differ are refused."""
    import json

    import pytest
    from hint_reference import merge

    def position(seed: int, more: bool = False) -> dict:
        return {"seed": seed, **REF} | ({"more": {"cards": ["3c"], "points": []}} if more else {})

    base = {"preset": "standard", "seed": 0, "deals": 200, "second": [position(0), position(1)]}
    a, b, out = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "out.json"
    a.write_text(json.dumps(base | {"second": [position(0, True), position(1)]}))
    b.write_text(json.dumps(base | {"second": [position(0), position(1, True)]}))
    out.write_text(json.dumps(base))
    assert merge(out, [a, b]) == 0
    assert ["more" in p for p in json.loads(out.read_text())["second"]] == [True, True]
    partial = {"cards": ["3c", "4c"], "points": [], "deals": 300}
    a.write_text(json.dumps(base | {"second": [position(0) | {"more": partial}, position(1)]}))
    b.write_text(json.dumps(base | {"second": [position(0) | {"more": partial | {"deals": 500}},
                                               position(1)]}))
    out.write_text(json.dumps(base))
    merge(out, [a, b])
    assert json.loads(out.read_text())["second"][0]["more"]["deals"] == 500  # the furthest
    b.write_text(json.dumps(base | {"second": [position(0), position(2)]}))
    with pytest.raises(SystemExit, match="differ"):
        merge(out, [b])


def test_an_interrupted_extension_goes_on_to_the_same_deals(monkeypatch) -> None:
    """Stopped after its first chunk of deals, a position's extension resumed from what it
    saved ends with the very points of one run straight through."""
    import hint_reference as hr
    import pytest
    from hints import positions

    from tressette_learn.ai.hints import warm_up
    from tressette_learn.engine import Rules

    warm_up(background=False)
    monkeypatch.setattr(hr, "CHUNK", 10)
    (_, view), = positions(Rules.preset("standard"), (3,), 1, 5)
    ref = hr.solve_position(view, 20, 7)
    ref["points"] = [[0] * len(ref["cards"]) for _ in range(20)]  # every card tied: all close
    straight = hr.extend_position(view, ref, 45, 4.0)
    assert straight["deals"] == 45 and len(straight["points"]) == 25

    class Stop(Exception):
        pass

    def save_then_stop(more: dict) -> None:
        ref["more"] = more
        raise Stop

    with pytest.raises(Stop):
        hr.extend_position(view, ref, 45, 4.0, save_then_stop)
    assert ref["more"]["deals"] == 30 and len(ref["more"]["points"]) == 10
    saved: list[int] = []
    resumed = hr.extend_position(view, ref, 45, 4.0, lambda more: saved.append(more["deals"]))
    assert saved == [40, 45] and resumed["points"] == straight["points"]


def test_an_exact_hint_on_some_deals_is_judged_on_the_others_and_the_added_ones() -> None:
    """The Three a point ahead on the first 100 deals, the Four two points ahead on the next
    100: a hint that saw only early deals takes the Three and is wrong on the deals it did not
    see, one that saw late deals takes the Four and agrees; with 1,800 deals more where the
    Three is a point ahead, the Three is best and only the hint that took it agrees."""
    from hint_ceiling import ceiling, exact_hint_agrees

    rows = [[10, 9] if d < 100 else [8, 10] for d in range(200)]
    ref = {"cards": ["3c", "4c"], "points": rows}
    assert not exact_hint_agrees(ref, list(range(25)))
    assert exact_hint_agrees(ref, list(range(150, 175)))
    more = {"cards": ["3c", "4c"], "points": [[10, 9]] * 1800, "deals": 2000}
    assert exact_hint_agrees(ref | {"more": more}, list(range(25)))
    assert not exact_hint_agrees(ref | {"more": more}, list(range(150, 175)))
    sure = {"cards": ["3c", "4c"], "points": [[10, 9]] * 200}
    assert ceiling([sure, sure], 25, draws=3) == 2.0
    assert 0 < ceiling([ref], 25, draws=20) < 1  # early or late deals, by the draw
