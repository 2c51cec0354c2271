"""Issue 25: a mistake replayed from a review counts as an attempt of the lesson that teaches
its point (not toward its pass), and a match counts for the play page (won: its exercise,
with stars from the hints it used). Played on the widgets, stored, read back."""

from __future__ import annotations

import pytest
from test_match_widget import play_match, started
from test_replay_resume import reviewed

from tressette_learn.ai.hints import warm_up
from tressette_learn.classroom.mastery import course_mastery, lesson_mastery
from tressette_learn.store import open_store
from tressette_learn.teaching.course import by_role, lesson
from tressette_learn.teaching.exercises import exercises
from tressette_learn.teaching.review_lessons import lesson_for
from tressette_learn.teaching.stars import stars
from tressette_learn.ui.classroom.recorder import Recorder

WON, LOST = 0, 1  # seeds of an a_due match to 11 at the random level that South wins, loses


@pytest.fixture(scope="module", autouse=True)
def solver_loaded():
    warm_up(background=False)


def stored(url: str, act) -> list:
    """The learner's results, read back from the store, after ``act()`` (signed in)."""
    rec = Recorder(url)
    try:
        learner = rec.sign_in("Anna")
        act()
        assert rec.flush() and not rec.pending
    finally:
        rec.close()
    store = open_store(url)
    try:
        return store.results(learner)
    finally:
        store.close()


def test_a_solved_replay_is_an_attempt_of_its_lesson_not_toward_its_pass(store_url: str):
    heard = {}

    def replay() -> None:
        table, coach = reviewed()
        mistake = coach.last_review.mistakes[0]
        heard["lesson"] = lesson_for(mistake)
        coach.replay(0)
        coach.show_hint()  # a hint in the replay: it counts with the lesson's hints
        table.play(mistake.best[0])

    results = stored(store_url, replay)
    assert [(r.exercise, r.lesson, r.solved, r.hints) for r in results] == \
        [("replay", heard["lesson"], True, 1)]
    done = lesson_mastery(lesson(heard["lesson"]), results)
    assert (done.attempts, done.state, done.hints) == (1, "started", 1)
    assert (done.earned, done.passed, done.stars) == (0, False, 0)  # not toward the pass
    assert all(item.attempts == 0 for item in done.exercises)
    others = course_mastery(results)
    assert [page for page, item in others.items() if item.attempts] == [heard["lesson"]]


def test_a_won_match_earns_the_play_pages_match_exercise(store_url: str):
    play_page = by_role("play")
    [exercise] = [e for e in exercises(play_page.id) if e.exercise == "match"]
    results = stored(store_url, lambda: play_match(started(seed=WON)))
    [result] = [r for r in results if r.exercise == "match"]
    assert (result.lesson, result.source, result.item) == (play_page.id, *exercise.key)
    assert result.solved and result.hints == 0 and stars(result) == 3
    assert result.data == {"level": "random", "preset": "a_due", "target": 11}
    done = lesson_mastery(play_page, results)
    [mine] = [item for item in done.exercises if item.exercise == exercise]
    assert (mine.stars, mine.attempts, done.earned, done.state) == (3, 1, 1, "started")


def test_a_lost_match_is_an_attempt_with_no_star_and_hints_cost_stars(store_url: str):
    def lost_then_won_with_hints() -> None:
        play_match(started(seed=LOST))
        play = started(seed=WON)
        assert play.coach is not None and play.table is not None
        play.table.run()
        assert play.coach.show_hint() is not None
        play_match(play)

    results = stored(store_url, lost_then_won_with_hints)
    lost, won = [r for r in results if r.exercise == "match"]
    assert not lost.solved and stars(lost) == 0
    assert won.solved and won.hints == 1 and stars(won) == 2
    [mine] = [item for item in lesson_mastery(by_role("play"), results).exercises
              if item.exercise.exercise == "match"]
    assert (mine.stars, mine.attempts, mine.hints) == (2, 2, 1)
