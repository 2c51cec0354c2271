"""The spaced review (Leitner boxes) from stored results: a miss enters box 1, a right
answer moves one box up, a wrong one back to box 1; due dates follow the intervals, also
with the clock shifted as a browser test shifts it."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from tressette_learn.classroom.schedule import INTERVALS, due_items, next_due, schedule
from tressette_learn.store import clock
from tressette_learn.teaching.results import Result

START = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)


def _at(days: float, item: str = "q1", solved: bool = False, exercise: str = "question",
        source: str = "bank-04_following_suit", lesson: str = "04_following_suit") -> Result:
    when = (START + timedelta(days=days)).isoformat(timespec="seconds")
    return Result(lesson, source, item, exercise, solved, at=when)


def test_a_question_answered_right_never_enters_the_review():
    assert schedule([_at(0, solved=True), _at(1, item="q2", solved=True)]) == []


def test_a_missed_question_enters_box_one_and_is_due_a_day_later():
    [item] = schedule([_at(0)])
    assert (item.source, item.item, item.lesson, item.box) == (
        "bank-04_following_suit", "q1", "04_following_suit", 1)
    assert item.due == START + timedelta(days=INTERVALS[0])
    assert due_items([_at(0)], START + timedelta(hours=23)) == []
    assert due_items([_at(0)], START + timedelta(days=1)) == [item]


def test_right_answers_move_up_the_boxes_and_the_intervals_grow():
    results, day = [_at(0)], 0.0
    for box, interval in enumerate(INTERVALS[1:], start=2):
        day += INTERVALS[box - 2]
        results.append(_at(day, solved=True))
        [item] = schedule(results)
        assert item.box == box and item.due == START + timedelta(days=day + interval)


def test_right_in_the_last_box_the_question_is_learned():
    results, day = [_at(0)], 0
    for interval in INTERVALS:
        day += interval
        results.append(_at(day, solved=True))
    assert schedule(results) == []
    assert schedule([*results, _at(day + 1)])[0].box == 1  # missed again: back in


def test_a_wrong_answer_puts_it_back_in_box_one():
    results = [_at(0), _at(1, solved=True), _at(4, solved=True), _at(11)]
    [item] = schedule(results)
    assert item.box == 1 and item.due == START + timedelta(days=12)


def test_results_count_in_time_order_whatever_order_they_come_in():
    assert schedule([_at(1, solved=True), _at(0)]) == schedule([_at(0), _at(1, solved=True)])


def test_drills_come_back_but_guided_hands_and_puzzles_do_not():
    results = [_at(0, item="signals-5", exercise="drill", source="drill-signals",
                   lesson="08_signals"),
               _at(0, item="hand", exercise="guided", source="hand"),
               _at(0, item="p1", exercise="puzzle", source="puzzles-09")]
    assert [(i.source, i.exercise) for i in schedule(results)] == [("drill-signals", "drill")]


def test_the_longest_waiting_comes_first_and_next_due_is_the_soonest_after_now():
    results = [_at(0, item="late"), _at(-3, item="early"), _at(0.5, item="soon", solved=True),
               _at(0.5, item="soon"), _at(5, item="future")]
    now = START + timedelta(days=2)
    assert [i.item for i in due_items(results, now)] == ["early", "late", "soon"]
    assert next_due(results, now) == START + timedelta(days=6)
    assert next_due([], now) is None


def test_the_json_of_an_item_names_its_exercise_and_due_time():
    assert schedule([_at(0)])[0].to_json() == {
        "source": "bank-04_following_suit", "item": "q1", "lesson": "04_following_suit",
        "exercise": "question", "box": 1, "due": "2026-12-02T09:00:00+00:00"}


def test_a_shifted_clock_makes_a_missed_question_due(monkeypatch: pytest.MonkeyPatch):
    missed = Result("03_card_order", "quiz-3", "winner-1", "question", False, at=clock.stamp())
    assert due_items([missed], clock.now()) == []
    monkeypatch.setenv("TRESSETTE_CLOCK_SHIFT", "2d")
    assert [item.item for item in due_items([missed], clock.now())] == ["winner-1"]
