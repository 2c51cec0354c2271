"""Results of exercises, stars and the schema migration, against SQLite and a real
PostgreSQL server: nothing recorded before the migration is lost."""

from __future__ import annotations

import pytest

from tressette_learn.store import InputError, Record, Store, clock, open_store
from tressette_learn.store.database import Database
from tressette_learn.store.migrations import VERSION, VERSION_1
from tressette_learn.teaching.results import Result
from tressette_learn.teaching.stars import best_stars, lesson_stars, passed, stars

GUIDED = "strategy_lead_threes"  # a hand of lesson 9 that asks for one move or more


def _result(**fields: object) -> Result:
    base: dict[str, object] = {"lesson": "07_strategy", "source": "puzzles-09", "item": "p1",
                               "exercise": "puzzle", "solved": True}
    return Result(**{**base, **fields})  # type: ignore[arg-type]


@pytest.mark.parametrize(("fields", "expected"), [
    ({"solved": False}, 0),
    ({}, 3),
    ({"points_lost": 0.3}, 3),
    ({"hints": 1}, 2),
    ({"mistakes": 1, "points_lost": 1.0}, 2),
    ({"points_lost": 1 / 3}, 2),
    ({"mistakes": 1, "hints": 1}, 1),
    ({"points_lost": 2.0}, 1),
])
def test_stars_come_from_mistakes_hints_and_points_lost(fields: dict, expected: int) -> None:
    assert stars(_result(**fields)) == expected


def test_the_best_attempt_counts_and_a_lesson_passes_at_three_quarters() -> None:
    tries = [_result(solved=False), _result(hints=1), _result(item="p2", mistakes=3)]
    best = best_stars(tries)
    assert best == {("puzzles-09", "p1"): 2, ("puzzles-09", "p2"): 1}
    assert not passed(best.values(), 3) and lesson_stars(best.values(), 3) == 0
    assert passed([*best.values(), 3], 4) and lesson_stars([2, 1, 3, 0], 4) == 1
    assert lesson_stars([3, 3, 3, 2], 4) == 2


@pytest.mark.parametrize(("fields", "field"), [
    ({"exercise": "essay"}, "exercise"), ({"mistakes": -1}, "mistakes"),
    ({"hints": True}, "hints"), ({"points_lost": float("nan")}, "points_lost"),
    ({"item": ""}, "item"),
])
def test_a_malformed_result_names_its_field(fields: dict, field: str) -> None:
    with pytest.raises(ValueError, match=field):
        _result(**fields)


def test_results_are_kept_per_attempt_and_a_forged_one_changes_nothing(store_url: str) -> None:
    store = open_store(store_url)
    anna = store.sign_in("Anna", "3B")
    data = {"exercise": "puzzle", "attempt": "a1", "mistakes": 1, "hints": 0,
            "points_lost": 0.5, "seconds": 12.5, "title": {"en": "T", "it": "T"}}
    store.add(anna, Record("result", "07_strategy", "puzzles-09", "p1", True, data))
    store.add(anna, Record("result", "07_strategy", "puzzles-09", "p1", True, data,
                           uid="again"))
    with pytest.raises(ValueError, match="mistakes"):
        store.add(anna, Record("result", "07_strategy", "puzzles-09", "p1", True,
                               {**data, "mistakes": "many"}))
    with pytest.raises(ValueError, match="attempt"):
        store.add(anna, Record("result", "07_strategy", "puzzles-09", "p1", True,
                               {"exercise": "puzzle"}))
    results = open_store(store_url).results(anna)
    assert len(results) == 2 and results[0].points_lost == 0.5 and results[0].seconds == 12.5
    assert results[0].data == {"title": {"en": "T", "it": "T"}} and stars(results[0]) == 2
    [row] = store.class_results("3B")[:1]
    assert (row.name, row.result.item) == ("Anna", "p1") and store.class_results("4A") == []


def test_a_database_of_version_one_turns_its_answers_into_results(url: str) -> None:
    old = Database(url)
    answers = [("u1", "q1", 1), ("u2", "q1", 0), ("u3", "q2", 0)]
    insert = ("INSERT INTO events (uid, learner_id, kind, lesson, source, item, correct, "
              "data, at) VALUES (?, 1, 'answer', ?, ?, ?, ?, '{}', '2024-01-02')")
    rows = [(uid, "03_card_order", "bank-02", item, correct) for uid, item, correct in answers]
    rows += [(f"g{n}", "07_strategy", GUIDED, f"move{move}", correct)
             for n, (move, correct) in enumerate(_guided_answers())]
    old.run([(statement, ()) for statement in VERSION_1]
            + [("INSERT INTO learners (name, class_code, created) VALUES ('Anna', '3B', 'x')",
                ())]
            + [(insert, row) for row in rows])
    old.close()
    store = Store(url)
    anna = store.sign_in("Anna", "3B")
    results = {(r.source, r.item): r for r in store.results(anna)}
    assert results[("bank-02", "q1")].solved and stars(results[("bank-02", "q1")]) == 3
    assert not results[("bank-02", "q2")].solved and results[("bank-02", "q2")].mistakes == 1
    hand = results[(GUIDED, GUIDED)]
    assert hand.exercise == "guided" and hand.solved
    assert hand.mistakes == len(_guided_answers()) // 2
    assert store.count("answer") == len(answers) + len(_guided_answers())  # nothing lost
    assert len(Store(url).results(anna)) == len(results) == 3  # the migration ran once
    version = Database(url).query("SELECT MAX(version) FROM schema_version")[0][0]
    assert version == VERSION


def _guided_answers() -> list[tuple[int, int]]:
    """A wrong card, then the right one, at each move the hand asks for."""
    from tressette_learn.teaching.guided import HandScript

    moves = sorted(HandScript.load(GUIDED).your_moves)
    assert moves
    return [(move, correct) for move in moves for correct in (0, 1)]


def test_a_class_seed_is_set_changed_and_cleared(url: str) -> None:
    store = Store(url)
    assert store.class_seed("3B") is None
    store.set_class_seed("3b", 42)
    store.set_class_seed("3B", 43)
    assert Store(url).class_seed("3B") == 43 and store.class_seed("4A") is None
    with pytest.raises(InputError, match="seed"):
        store.set_class_seed("3B", -1)
    store.set_class_seed("3B", None)
    assert store.class_seed("3B") is None


def test_a_match_left_mid_way_is_kept_per_learner_and_page(store_url: str) -> None:
    store = open_store(store_url)
    anna, luca = store.sign_in("Anna"), store.sign_in("Luca")
    store.save_match(anna, "12_play", {"deals": 1})
    store.save_match(anna, "12_play", {"deals": 2})
    assert open_store(store_url).saved_match(anna, "12_play") == {"deals": 2}
    assert store.saved_match(luca, "12_play") is None
    assert store.saved_match(anna, "other") is None
    store.clear_match(anna, "12_play")
    assert store.saved_match(anna, "12_play") is None


def test_the_clock_can_be_shifted_for_a_rehearsal(monkeypatch: pytest.MonkeyPatch) -> None:
    before = clock.now()
    monkeypatch.setenv("TRESSETTE_CLOCK_SHIFT", "2d")
    assert (clock.now() - before).days == 2
    assert clock.parse(clock.stamp()) >= before
    monkeypatch.setenv("TRESSETTE_CLOCK_SHIFT", "soon")
    with pytest.raises(ValueError, match="TRESSETTE_CLOCK_SHIFT"):
        clock.now()
