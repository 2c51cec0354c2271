"""The teacher dashboard: its figures from the stored events, its words and its key."""

from __future__ import annotations

import csv
import html
import io
import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from test_match_widget import play_deal

from tressette_learn.classroom.dashboard import (
    learner_lines,
    learners_csv,
    lesson_rates,
    question_rates,
)
from tressette_learn.i18n import t
from tressette_learn.store import Record, Result, Store
from tressette_learn.teaching.bank import load_bank
from tressette_learn.teaching.course import by_role
from tressette_learn.ui.classroom import teacher
from tressette_learn.ui.classroom.recorder import Recorder
from tressette_learn.ui.classroom.teacher import TeacherDashboard, when
from tressette_learn.ui.match import MatchPlay
from tressette_learn.ui.quiz import Quiz
from tressette_learn.ui.settings import Settings

BANK_03 = load_bank("04_following_suit")
BANK_08 = load_bank("11_variants")


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store(f"sqlite:///{tmp_path / 'p.sqlite'}")
    anna, luca = store.sign_in("Anna", "3B"), store.sign_in("<script>x</script>", "3C")
    q1, q2 = BANK_03[0].id, BANK_03[2].id
    for learner, item, correct in [(anna, q1, True), (anna, q1, False), (anna, q2, False),
                                   (luca, q1, False), (luca, q2, False)]:
        store.add(learner, Record("answer", "04_following_suit", "bank-04_following_suit",
                                  item, correct))
    store.add(anna, Record("answer", "11_variants", "bank-11_variants", BANK_08[0].id, True))
    store.add(anna, Record("lesson_complete", "04_following_suit", "04_following_suit"))
    store.add(luca, Record("match_end", "12_play", "match", "club", True))
    return store


@pytest.fixture(autouse=True)
def no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(teacher, "WRONG_KEY_PAUSE", 0.0)


def shown(board: TeacherDashboard) -> str:
    """The text of every HTML part of the open dashboard."""
    return "".join(w.value for w in board.content.children
                   if isinstance(getattr(w, "value", None), str))


def test_only_first_answers_count(store: Store) -> None:
    lines = {line.name: line for line in learner_lines(store.rows())}
    anna = lines["Anna"]
    assert (anna.answered, anna.right) == (3, 2)
    assert anna.scores["04_following_suit"].right == 1
    assert lines["<script>x</script>"].matches == lines["<script>x</script>"].won == 1


def test_error_rates_put_the_most_missed_first(store: Store) -> None:
    questions = question_rates(store.rows())
    assert questions[0].error_rate == 1.0 and questions[0].question is not None
    assert questions[0].question.number == 3  # the third question of lesson 3's quiz
    lessons = lesson_rates(store.rows())
    assert [r.key for r in lessons] == ["04_following_suit", "11_variants"]
    assert lessons[0].answers == 4 and lessons[0].wrong == 3


def test_the_csv_has_one_line_per_learner_and_no_formulas(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'p.sqlite'}")
    store.add(store.sign_in("=HYPERLINK(1)"), Record("answer", "01_deck", "b", "q", True))
    text = learners_csv(learner_lines(store.rows()), ["name"], {"01_deck": "1 · The deck"})
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["name", "1 · The deck"] and rows[1][0] == "'=HYPERLINK(1)"


def test_no_key_set_means_no_data(store: Store) -> None:
    board = TeacherDashboard(store, key="", settings=Settings())
    assert not board.key_box.state["enabled"] and not board.unlock("")
    assert board.content.children == () and "No teacher key" in board.message.value


def test_a_hub_learner_is_told_the_page_is_the_teachers_and_sees_no_data(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "bruno")
    monkeypatch.setenv("TRESSETTE_LEARNER", "Bruno")
    board = TeacherDashboard(store, key="", settings=Settings())
    assert not board.unlock("") and not board.unlock("guess")
    assert board.content.children == () and not board.key_box.state["enabled"]
    assert html.unescape(board.message.value) == \
        "<p>" + t("teacher.hub_learner", "en", name="Bruno") + "</p>"
    assert "Type the teacher key" not in board.intro.value


def test_on_the_hub_the_teachers_server_opens_the_dashboard_without_asking(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "prof")
    board = TeacherDashboard(store, key="s3cret", settings=Settings())
    assert board.opened and "Anna" in shown(board)


def test_a_wrong_key_shows_nothing(store: Store) -> None:
    board = TeacherDashboard(store, key="s3cret", settings=Settings())
    assert not board.unlock("guess")
    assert board.content.children == () and "Wrong key" in board.message.value
    assert not board.key_box.state["unlocked"]


def test_the_right_key_shows_the_class_with_names_escaped(store: Store) -> None:
    board = TeacherDashboard(store, key="s3cret", settings=Settings())
    assert board.unlock("s3cret")
    page = shown(board)
    assert "&lt;script&gt;x&lt;/script&gt;" in page and "<script>" not in page
    assert "Anna" in page and "download=\"progress.csv\"" in page
    board.refresh("3B")
    page = shown(board)
    assert "Anna" in page and "script" not in page


def test_the_key_arrives_with_the_click_and_the_box_goes_once_unlocked(store: Store) -> None:
    board = TeacherDashboard(store, key="s3cret", settings=Settings())
    board._on_message(board.key_box, {"type": "unlock", "key": "guess"}, [])
    board._on_message(board.key_box, {"type": "unlock", "key": "wrong again"}, [])
    assert not board.opened and "Wrong key" in board.message.value
    board._on_message(board.key_box, {"type": "unlock", "key": "s3cret"}, [])
    assert board.opened and board.key_box.state["unlocked"] and board.message.value == ""
    assert "Type the teacher key" not in board.intro.value


@pytest.mark.parametrize("content", [None, {"type": "unlock"}, {"type": "unlock", "key": 3},
                                     {"type": "unlock", "key": "s3cret", "more": 1}])
def test_a_forged_key_message_changes_nothing(store: Store, content: object) -> None:
    board = TeacherDashboard(store, key="s3cret", settings=Settings())
    board._on_message(board.key_box, content, [])
    assert not board.opened and board.content.children == ()


def test_lessons_and_questions_are_named_not_shown_by_id(store: Store) -> None:
    board = TeacherDashboard(store, key="s3cret", settings=Settings())
    board.unlock("s3cret")
    page = shown(board)
    following, variants = by_role("following").number, by_role("variants").number
    assert f"{following} · Following suit" in page and f"{variants} · Variants" in page
    assert f"Question 3 of {len(BANK_03)}: {BANK_03[2].prompt.get('en')}" in page
    for internal in ("bank-", "04_following_suit", "00_index", BANK_08[0].id, "+00:00"):
        assert internal not in page, internal


def test_the_dashboard_follows_the_teachers_language(store: Store) -> None:
    settings = Settings()
    board = TeacherDashboard(store, key="s3cret", settings=settings)
    settings.lang = "it"
    assert "Scrivi la chiave" in board.intro.value and board.key_box.state["open"] == "Apri"
    board.unlock("s3cret")
    page = shown(board)
    assert "Allievi" in page and f"{by_role('following').number} · Rispondere al seme" in page
    assert f"Domanda 3 di {len(BANK_03)}: {BANK_03[2].prompt.get('it')}" in page
    settings.lang = "en"
    assert "Learners" in shown(board)


def test_each_learner_has_a_score_per_lesson(store: Store) -> None:
    line = next(line for line in learner_lines(store.rows()) if line.name == "Anna")
    assert teacher._score(line.scores["04_following_suit"]) == f"1/{len(BANK_03)}"
    assert teacher._score(line.scores["01_deck"]) == "–"
    board = TeacherDashboard(store, key="s3cret", settings=Settings())
    board.unlock("s3cret")
    assert re.search(r'class="tl-teacher-scores".*1 · The deck.*Anna.*' + f"1/{len(BANK_03)}",
                     shown(board))


def test_times_read_as_a_person_says_them() -> None:
    now = datetime(2025, 3, 12, 15, 0).astimezone()
    at = now.replace(hour=9, minute=5).astimezone(timezone.utc).isoformat()
    assert when(at, "en", now) == "today, 9:05" and when(at, "it", now) == "oggi, 9:05"
    yesterday = now.replace(day=11, hour=18, minute=30).isoformat()
    assert when(yesterday, "it", now) == "ieri, 18:30"
    assert when(now.replace(month=1, day=2).isoformat(), "en", now) == "2 January, 15:00"
    assert when(now.replace(year=2024, month=5, day=3).isoformat(), "it", now) == "3 maggio 2024"


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'p.sqlite'}"


@pytest.fixture
def anna(url: str):
    """Anna signed in on the play page (a test may say another page)."""
    rec = Recorder(url, settings=Settings())
    rec.page = "12_play"
    rec.sign_in("Anna")
    yield rec
    rec.close()


def test_deals_and_matches_played_are_counted(url: str, anna: Recorder) -> None:
    """A learner plays two deals of a match (not finished), then finishes it."""
    play = MatchPlay(seed=5, delay_ms=0, settings=Settings())
    play.setup.level.value, play.setup.preset.value = "random", "a_due"
    play.setup.target.value = 21  # more than two deals
    assert play.start() is None
    assert play.table is not None and play.match is not None
    play_deal(play.table)
    play.next_deal()
    play_deal(play.table)
    line = learner_lines(Store(url).rows())[0]
    assert (line.deals, line.matches) == (2, 0)
    board = TeacherDashboard(Store(url), key="k", settings=Settings())
    board.unlock("k")
    assert "<td>2</td>" in shown(board)  # deals played
    while not play.match.is_over():
        play.next_deal()
        play_deal(play.table)
    line = learner_lines(Store(url).rows())[0]
    assert line.matches == 1 and line.deals == len(play.match.finished)
    assert {r["lesson"] for r in Store(url).rows()} == {"12_play"}


def test_an_answer_keeps_its_question_for_the_teacher(url: str, anna: Recorder) -> None:
    """A drill's question is named by its prompt, as the learner saw it."""
    anna.page = "04_following_suit"
    quiz = Quiz.generated(["legal"], 3, seed=12, settings=Settings())
    question = quiz.questions[0]
    quiz.picker.toggle(question.cards[0])
    quiz.check_answer()
    rows = Store(url).rows()
    assert rows[0]["lesson"] == "04_following_suit"
    named = question_rates(rows)[0].question
    assert named is not None and (named.number, named.total) == (1, 3)
    assert named.prompt == {"en": question.prompt.get("en"), "it": question.prompt.get("it")}


def test_lessons_passed_follow_the_stars_and_puzzle_cards_are_not_questions(
        store: Store) -> None:
    from tressette_learn.teaching.bank import bank_source
    from tressette_learn.teaching.results import Result

    anna = store.sign_in("Anna", "3B")
    deck = load_bank("01_deck")
    for question in deck[:7]:  # 7 of 9 with a star: lesson 1 passed (75%)
        store.add_result(anna, Result("01_deck", bank_source("01_deck"), question.id,
                                      "question", True))
    store.add(anna, Record("answer", "04_following_suit", "puzzles-04_following_suit",
                           "p-following-1", False, {"card": "4c"}))
    board = TeacherDashboard(store, key="s3cret", settings=Settings())
    board.unlock("s3cret")
    lines = {line.name: line for line in learner_lines(store.rows(), {("Anna", "3B"): 1})}
    assert lines["Anna"].passed == 1
    page = html.unescape(shown(board))
    assert re.search(r'class="tl-teacher-learners".*Anna</td><td>3B</td><td>1 of 13', page)
    assert "A question no longer in the course" not in page


def test_a_malformed_stored_row_names_its_learner_and_the_class_is_still_shown(
        store: Store) -> None:
    """A row somehow broken in the store (a number that is not one) leaves out that row and
    names its learner; the rest of the class is shown, in both languages."""
    settings = Settings()
    luca = store.learners("<script>x</script>")[0]
    for item in ("q1", "q2", "q3"):
        store.add_result(luca, Result("01_deck", "bank-01_deck", item, "question", True))
    store.db.run([("UPDATE results SET mistakes = 'many' WHERE learner_id = ?", (luca.id,))])
    board = TeacherDashboard(store, key="s3cret", settings=settings)
    assert board.unlock("s3cret")
    page = shown(board)
    assert "Anna" in page and "&lt;script&gt;x&lt;/script&gt;, class 3C" in page
    assert "left out (3 stored rows)" in page and "<script>" not in page
    settings.lang = "it"
    assert "lasciata fuori (3 righe salvate)" in shown(board)
    board.refresh("3B")
    assert "left out" not in shown(board) and "lasciata fuori" not in shown(board)
