"""The class hub in real Chromium (``tressette-learn hub``, a real JupyterHub).

One hub for the module, its progress in a real PostgreSQL: two learners sign in at once
(two browser contexts) with their name, the class code and a PIN, land on the lessons
service's index and each answers lesson 1's first question without typing their name again;
the teacher signs in with the key and the dashboard on their own server shows both; a
learner gets neither the dashboard (the service does not serve it) nor the teacher's
server; a learner signing in again in a new browser finds her answer; a wrong class code
and a wrong teacher key are refused on the login page with the reason.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator

import pytest

pytest.importorskip("jupyterhub")

from hub_support import CODE, LESSONS, START, class_hub  # noqa: E402
from playwright.sync_api import Browser, Page, expect  # noqa: E402

from tressette_learn.i18n import t  # noqa: E402
from tressette_learn.serve.hub.process import Hub  # noqa: E402
from tressette_learn.teaching.bank import load_bank  # noqa: E402

from .conftest import open_page  # noqa: E402
from .walk import key  # noqa: E402
from .walk.quizzes import enter  # noqa: E402

QUESTIONS = load_bank("01_deck")  # what page.quiz() shows on lesson 1
LESSON = f"{LESSONS}voila/render/01_deck.ipynb"
TEACHER_PAGE = "/user/teacher/voila/render/notebooks/teacher.ipynb"
SPAWN = START * 1000  # ms for a page (or the teacher's server) on a loaded machine
ADA, BRUNO = "Ada Lovelace", "Bruno Pontecorvo"
PINS = {ADA: "1815", BRUNO: "1913"}


@pytest.fixture(scope="module")
def teacher_key() -> str:
    return secrets.token_urlsafe(24)


@pytest.fixture(scope="module")
def class_db(request: pytest.FixtureRequest) -> str:
    """A fresh database in the test session's PostgreSQL server."""
    import psycopg

    base = request.getfixturevalue("postgres_url")
    name = f"hub{secrets.token_hex(4)}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return base.rsplit("/", 1)[0] + f"/{name}"


@pytest.fixture(scope="module")
def hub(teacher_key: str, class_db: str) -> Iterator[Hub]:
    with class_hub(teacher_key, cull_timeout=3600, db_url=class_db, class_size=2) as running:
        yield running


def submit_login(page: Page, hub: Hub, name: str, code: str, pin: str = "") -> None:
    """Type a name, a code and a PIN on the hub's login page and press the button."""
    page.goto(f"{hub.url}/hub/login")
    page.locator("#username_input").fill(name)
    page.locator("#password_input").fill(code)
    page.locator("#pin_input").fill(pin)
    page.locator("#login_submit").click()


def wait_for_index(page: Page) -> None:
    """The lessons service shows the index (the hub sends a learner there)."""
    page.wait_for_url(re.compile(rf"{LESSONS}voila/render/00_index\.ipynb"), timeout=SPAWN)
    page.locator("#loading").wait_for(state="hidden", timeout=SPAWN)


def open_lesson(page: Page, hub: Hub, path: str = LESSON, selector: str = ".tl-quiz") -> Page:
    return open_page(page, f"{hub.url}{path}", selector, timeout=SPAWN)


def answer_first_question(page: Page, right: bool) -> None:
    """Answer lesson 1's first question (without signing in: the hub did) and check it."""
    question = QUESTIONS[0]
    answer = key.right(question) if right else key.wrong(question)
    assert answer is not None
    quiz = page.locator(".tl-quiz")
    enter(quiz, question, answer, "en")
    quiz.locator(".tl-quiz-check").click()
    expect(quiz.locator(".tl-quiz-score")).to_have_text(
        t("quiz.score_label", "en", right=int(right), answered=1))


def expect_signed_in_by_the_hub(page: Page, typed: str) -> None:
    expect(page.locator(".tl-signin-who")).to_have_text(  # the kernel is told, then draws
        t("signin.who", "en", name=typed, code=CODE), timeout=60_000)
    expect(page.locator(".tl-signin-status")).to_have_text(t("signin.status.saved", "en"))
    expect(page.locator(".tl-signin-name")).to_have_count(0)  # nothing asked
    expect(page.locator(".tl-signin-out")).to_have_count(0)  # nobody else to be


@pytest.fixture(scope="module")
def learners(browser: Browser, hub: Hub) -> Iterator[dict[str, Page]]:
    """Ada and Bruno, each in a browser of their own, sign in at the same time; each opens
    lesson 1 and answers its first question (Ada right, Bruno wrong). Their pages."""
    contexts = {typed: browser.new_context() for typed in (ADA, BRUNO)}
    pages = {typed: context.new_page() for typed, context in contexts.items()}
    for typed, page in pages.items():
        submit_login(page, hub, typed, CODE.lower(), PINS[typed])
    for typed, page in pages.items():
        wait_for_index(page)
        expect_signed_in_by_the_hub(page, typed)
    for typed, page in pages.items():
        open_lesson(page, hub)
        answer_first_question(page, right=typed == ADA)
    yield pages
    for context in contexts.values():
        context.close()


def test_two_learners_sign_in_at_once_and_each_answers_a_quiz(
        learners: dict[str, Page]) -> None:
    for typed, page in learners.items():
        expect_signed_in_by_the_hub(page, typed)


def test_the_teacher_signs_in_with_the_key_and_sees_both_learners(
        browser: Browser, hub: Hub, teacher_key: str, learners: dict[str, Page]) -> None:
    context = browser.new_context()
    page = context.new_page()
    submit_login(page, hub, "Prof Bianchi", teacher_key)
    page.wait_for_url(re.compile(r"/user/teacher/"), timeout=SPAWN)
    open_lesson(page, hub, TEACHER_PAGE, ".tl-teacher-learners")
    table = page.locator(".tl-teacher-learners")
    for typed in learners:
        expect(table).to_contain_text(typed)
    expect(table.locator("tr", has_text=ADA)).to_contain_text("100%")
    expect(table.locator("tr", has_text=BRUNO)).to_contain_text("0%")
    context.close()


def test_a_learner_gets_neither_the_dashboard_nor_the_teachers_server(
        hub: Hub, learners: dict[str, Page]) -> None:
    page = learners[BRUNO]
    for path in (f"{LESSONS}voila/render/teacher.ipynb", TEACHER_PAGE):
        response = page.goto(f"{hub.url}{path}")
        assert response is not None and response.status in (403, 404), (path, response)
        expect(page.locator("body")).not_to_contain_text(ADA)
        expect(page.locator(".tl-teacher")).to_have_count(0)


def test_a_learner_signing_in_again_in_another_browser_finds_her_answer(
        browser: Browser, hub: Hub, learners: dict[str, Page]) -> None:
    """Her progress lives in the class's store, under the learner her name and PIN are."""
    context = browser.new_context()
    page = context.new_page()
    submit_login(page, hub, ADA.upper(), CODE, PINS[ADA])
    wait_for_index(page)
    open_lesson(page, hub)
    expect_signed_in_by_the_hub(page, ADA)
    quiz = page.locator(".tl-quiz")
    expect(quiz.locator(".tl-quiz-score")).to_have_text(
        t("quiz.score_label", "en", right=1, answered=1))
    expect(quiz.locator(".tl-quiz-progress")).to_have_text(
        t("quiz.progress", "en", number=2, total=len(QUESTIONS)))
    context.close()


@pytest.mark.parametrize(("secret", "reason"), [("4C", "hub.error.bad_code"),
                                                ("x" * 32, "hub.error.teacher_key")],
                         ids=["class-code", "teacher-key"])
def test_a_wrong_code_is_refused_on_the_login_page_with_the_reason(
        page: Page, hub: Hub, secret: str, reason: str) -> None:
    submit_login(page, hub, "Carla", secret, "2468")
    expect(page.locator(".login_error")).to_have_text(t(reason, "en"))
    assert "/hub/login" in page.url
