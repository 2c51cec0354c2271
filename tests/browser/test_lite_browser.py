"""The static site (``make lite``, docs/lite.md) in real Chromium with no network: a plain
static file server hands out build/lite, Pyodide runs the lessons in the browser.

Slow: each page boots Pyodide (about 10-15 s here, more on a loaded machine). The site is
built once per session, or reused when it is newer than every file it is built from.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, Route, expect

from scripts.lite import pages
from tressette_learn.serve.static_site import StaticSite

ROOT = Path(__file__).resolve().parents[2]
BOOT = 240_000  # ms for a page to boot Pyodide and draw its widgets (cold, loaded machine)
ANSWER = 30_000  # ms for the kernel to answer a click (a match to start) on a loaded machine
LOCAL = re.compile(r"^http://127\.0\.0\.1[:/]")
MY_CARDS = ".tl-seat.tl-pos-bottom .tl-card"
PYTHON_ERROR = '[data-mime-type="application/vnd.jupyter.stderr"], ' \
               '[data-mime-type="application/vnd.jupyter.error"]'
# What each lesson page draws (besides its texts and navigation): a widget known to show
# only once its cell ran.
WIDGETS = {
    "00_index": (".tl-table", ".tl-progress", ".tl-glossary-table", ".tl-quiz"),
    "01_deck": (".tl-deck", ".tl-quiz"),
    "02_table": (".tl-dealing", ".tl-table", ".tl-quiz"),
    "03_card_order": (".tl-quiz-picker",),
    "04_following_suit": (".tl-table", ".tl-quiz"),
    "05_scoring": (".tl-split", ".tl-score-table", ".tl-score-chart svg", ".tl-quiz"),
    "06_whole_deal": (".tl-guided", ".tl-puzzles", ".tl-quiz"),
    "07_strategy": (".tl-guided", ".tl-memory", ".tl-puzzles", ".tl-quiz"),
    "08_signals": (".tl-table", ".tl-puzzles", ".tl-quiz"),
    "09_declarations": (".tl-table", ".tl-puzzles", ".tl-quiz"),
    "10_match": (".tl-score-chart svg", ".tl-quiz"),
    "11_variants": (".tl-stock", ".tl-puzzles", ".tl-quiz"),
    "12_play": (".tl-match-setup", ".tl-match-levels-note", ".tl-quiz"),
    "13_review": (".tl-review",),
}


@pytest.fixture(scope="session")
def lite_url(lite_site: Path) -> Iterator[str]:
    """build/lite served by a plain static file server (built first if stale)."""
    with StaticSite(lite_site) as site:
        yield site.url


@pytest.fixture
def offline(page: Page) -> list[str]:
    """Every request for another host fails; the list of those that were asked for."""
    asked: list[str] = []

    def refuse(route: Route) -> None:
        asked.append(route.request.url)
        route.abort()

    page.route(lambda url: not LOCAL.match(url), refuse)
    page.set_default_timeout(30_000)
    return asked


def test_the_site_opens_the_course_index(page: Page, lite_url: str,
                                         offline: list[str]) -> None:
    page.goto(f"{lite_url}/")  # the site's entry page opens the course's index
    expect(page).to_have_url(re.compile(r"/voici/render/00_index\.html$"))
    assert offline == []


def test_the_site_works_below_a_sub_path(page: Page, lite_site: Path, offline: list[str],
                                        console_errors: list[str], tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>A school's own home page</p>", encoding="utf-8")
    (tmp_path / "tressette").symlink_to(lite_site, target_is_directory=True)
    with StaticSite(tmp_path) as host:  # as GitHub Pages serves a project: /REPO/
        page.goto(f"{host.url}/tressette/")
        expect(page).to_have_url(re.compile(r"/tressette/voici/render/00_index\.html$"))
        page.goto(f"{host.url}/tressette/voici/render/04_following_suit.html")
        expect(page.locator(".tl-lesson-nav")).to_be_visible(timeout=BOOT)
        play_a_card(page.locator(".tl-table"))
    assert offline == []
    assert console_errors == []


def test_every_lesson_page_is_walked() -> None:
    assert sorted(WIDGETS) == [path.stem for path in pages.lesson_notebooks()]


@pytest.mark.parametrize("name", sorted(WIDGETS))
def test_a_lesson_page_draws_its_widgets_offline_with_no_error(
        page: Page, lite_url: str, offline: list[str], console_errors: list[str],
        name: str) -> None:
    page.goto(f"{lite_url}/voici/render/{name}.html")
    expect(page.locator(".tl-lesson-nav")).to_be_visible(timeout=BOOT)  # the last cell ran
    for selector in WIDGETS[name]:
        expect(page.locator(selector).first).to_be_visible()
    expect(page.locator(PYTHON_ERROR)).to_have_count(0)
    expect(page.locator("body")).not_to_contain_text(
        re.compile("Traceback|Error displaying widget"))
    ACTIONS.get(name, lambda _page: None)(page)
    assert offline == []
    assert console_errors == []


# As the page opens: a learner's Italian saved in this browser, and a watch over what the
# page shows (every 50 ms while its cells are visible: the language switch's choice and
# whether an English lesson title is in the text).
ITALIAN_SAVED = """localStorage.setItem("tressette_learn.preferences", JSON.stringify(
    {lang: "it", faces: "italian", at: "2026-01-01T00:00:00.000000+00:00"}));"""
WATCH_ENGLISH = """window.seenInEnglish = [];
setInterval(() => {
  const cells = document.getElementById("rendered_cells");
  if (!cells || cells.style.display === "none" || getComputedStyle(cells).visibility === "hidden")
    return;
  const active = document.querySelector(".tl-lang-switch .mod-active");
  const chosen = active ? active.innerText.trim() : "";
  if (chosen === "English" || document.body.innerText.includes(%r))
    window.seenInEnglish.push(chosen || "text");
}, 50);"""


def test_an_italian_learner_never_sees_the_page_in_english(
        page: Page, lite_url: str, offline: list[str], console_errors: list[str]) -> None:
    """Issue 25: the page stays hidden until the kernel speaks the language saved in the
    browser (it showed English for seconds, and a hint asked then answered in English)."""
    page.add_init_script(ITALIAN_SAVED)
    page.add_init_script(WATCH_ENGLISH % "Following suit")
    page.goto(f"{lite_url}/voici/render/04_following_suit.html")
    expect(page.locator(".tl-lesson-nav")).to_be_visible(timeout=BOOT)
    expect(page.locator(".tl-lang-switch .mod-active")).to_have_text("Italiano")
    page.wait_for_timeout(1000)
    assert page.evaluate("window.seenInEnglish") == []
    expect(page.locator("body")).to_contain_text("Rispondere al seme")
    assert offline == []
    assert console_errors == []


def links_name_the_pages(page: Page) -> None:
    """The course's links name the static pages, not the notebooks."""
    expect(page.locator('a[href="04_following_suit.html"]').first).to_be_attached()
    expect(page.locator('a[href$=".ipynb"]')).to_have_count(0)


def start_a_match(page: Page) -> None:
    """Start a match from the play page's form, then play a card."""
    page.locator(".tl-match-start").click()
    play_a_card(page.locator(".tl-match .tl-table"))


def play_a_card(table: Locator) -> None:
    """At the learner's turn on ``table`` (the computers before them play after the
    table's short delay), click a card they may play and see it played."""
    table = table.first
    expect(table).to_have_attribute("data-status", "your_turn", timeout=ANSWER)
    legal = table.locator(f"{MY_CARDS}.legal").first
    card = legal.get_attribute("data-card")
    legal.click()
    expect(table.locator(f'.tl-trick .tl-played[data-seat="S"][data-card="{card}"]')
           ).to_be_visible(timeout=ANSWER)
    expect(table.locator(f'{MY_CARDS}[data-card="{card}"]')).to_have_count(0)


ACTIONS: dict[str, Callable[[Page], None]] = {
    "00_index": links_name_the_pages,
    "04_following_suit": lambda page: play_a_card(page.locator(".tl-table")),  # the deal
    "12_play": start_a_match,
}


PROGRESS = "tressette_learn.progress/"  # browser_store.PREFIX: the learners' documents


def test_progress_stays_in_the_browser_across_a_reload_and_saves_to_a_file(
        page: Page, lite_url: str, offline: list[str], console_errors: list[str]) -> None:
    page.goto(f"{lite_url}/voici/render/04_following_suit.html")
    quiz = page.locator(".tl-quiz").first  # the legal-cards drill
    expect(quiz).to_be_visible(timeout=BOOT)
    expect(page.locator(".tl-signin-note")).to_contain_text("stays in this browser")
    page.locator(".tl-signin-name").fill("Anna")
    page.locator(".tl-signin-pin").fill("2468")  # the PIN chosen at the first sign-in
    page.locator(".tl-signin-start").click()
    expect(page.locator(".tl-signin-status")).to_have_text("Progress saved.")
    quiz.locator(".tl-quiz-picker .tl-card").first.click()
    quiz.locator(".tl-quiz-check").click()
    expect(quiz.locator(".tl-quiz-score")).to_have_text(re.compile(r"Score: [01] / 1"))
    page.wait_for_function(  # the kernel's write reached localStorage
        f"() => (localStorage.getItem({PROGRESS + '/Anna'!r}) || '').includes('\"solved\"')")

    with page.expect_download() as saving:
        page.locator(".tl-signin-export").click()
    download = saving.value
    assert re.fullmatch(r"tressette-progress-Anna-\d{4}-\d\d-\d\d\.json",
                        download.suggested_filename)
    saved = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert saved["learner"]["name"] == "Anna" and len(saved["results"]) == 1

    page.reload()
    quiz = page.locator(".tl-quiz").first
    expect(page.locator(".tl-signin-who")).to_contain_text("Anna", timeout=BOOT)
    expect(quiz.locator(".tl-quiz-progress")).to_have_text("Question 2 of 6")
    expect(quiz.locator(".tl-quiz-score")).to_have_text(re.compile(r"Score: [01] / 1"))
    assert offline == []
    assert console_errors == []


def test_not_you_on_a_shared_computer_leaves_nothing_of_the_previous_learner(
        page: Page, lite_url: str, offline: list[str], console_errors: list[str]) -> None:
    """Issue 24: Alice answers two questions, presses "Not you?", Bruno signs in: he sees
    his own quiz, not "Question 3 of 6 / Score: 1 / 2"; Alice's name needs her PIN."""
    page.goto(f"{lite_url}/voici/render/04_following_suit.html")
    quiz = page.locator(".tl-quiz").first
    expect(quiz).to_be_visible(timeout=BOOT)

    def sign_in(name: str, pin: str) -> None:
        page.locator(".tl-signin-name").fill(name)
        page.locator(".tl-signin-pin").fill(pin)
        page.locator(".tl-signin-start").click()

    def not_you() -> None:
        with page.expect_navigation(timeout=BOOT):
            page.locator(".tl-signin-out").click()
        expect(page.locator(".tl-signin-name")).to_be_visible(timeout=BOOT)
        expect(quiz).to_be_visible(timeout=BOOT)

    sign_in("Alice", "1111")
    expect(page.locator(".tl-signin-who")).to_contain_text("Alice", timeout=ANSWER)
    for _ in range(2):
        quiz.locator(".tl-quiz-picker .tl-card").first.click()
        quiz.locator(".tl-quiz-check").click()
        quiz.locator(".tl-quiz-next").click()
    expect(quiz.locator(".tl-quiz-progress")).to_have_text("Question 3 of 6")
    page.wait_for_function(  # the kernel's writes reached localStorage
        f"() => (localStorage.getItem({PROGRESS + '/Alice'!r}) || '').split('solved').length"
        " > 2")
    not_you()
    expect(quiz.locator(".tl-quiz-progress")).to_have_text("Question 1 of 6")
    sign_in("Bruno", "2222")
    expect(page.locator(".tl-signin-who")).to_contain_text("Bruno", timeout=ANSWER)
    expect(quiz.locator(".tl-quiz-progress")).to_have_text("Question 1 of 6")
    expect(quiz.locator(".tl-quiz-score")).to_have_text("Score: 0 / 0")
    expect(page.locator("body")).not_to_contain_text("Alice")
    page.screenshot(path=str(ROOT / "build" / "screenshots" / "identity" /
                             "lite-bruno-after-not-you.png"), full_page=True)
    not_you()
    sign_in("ALICE", "1234")  # her name in other case, without her PIN
    expect(page.locator(".tl-signin-message")).to_contain_text("not the PIN", timeout=ANSWER)
    expect(page.locator(".tl-signin-who")).to_have_count(0)
    sign_in("alice", "1111")
    expect(page.locator(".tl-signin-who")).to_contain_text("Alice", timeout=ANSWER)
    expect(quiz.locator(".tl-quiz-progress")).to_have_text("Question 3 of 6")
    assert offline == []
    assert console_errors == []


def test_a_sign_in_error_goes_once_signed_in_and_a_damaged_record_locks_no_one_out(
        page: Page, lite_url: str, offline: list[str], console_errors: list[str]) -> None:
    """Issue 25: "Please type your name first." stayed after signing in, and a damaged
    record kept in the browser locked its name out with "(file: not_json)"."""
    page.add_init_script(f"localStorage.setItem({PROGRESS + '/Anna'!r}, '{{not json');")
    page.goto(f"{lite_url}/voici/render/04_following_suit.html")
    expect(page.locator(".tl-signin-start")).to_be_visible(timeout=BOOT)
    page.locator(".tl-signin-start").click()
    message = page.locator(".tl-signin-message")
    expect(message).to_have_text("Please type your name first.", timeout=ANSWER)
    page.locator(".tl-signin-name").fill("Anna")
    page.locator(".tl-signin-pin").fill("2468")
    page.locator(".tl-signin-start").click()
    expect(page.locator(".tl-signin-who")).to_contain_text("Anna", timeout=ANSWER)
    expect(message).to_contain_text("could not be read")
    expect(message).not_to_contain_text("Please type your name first.")
    expect(page.locator("body")).not_to_contain_text("not_json")
    page.wait_for_function(  # the damaged text is kept aside in the browser
        f"() => Object.keys(localStorage).some((k) => k.startsWith({PROGRESS + '/Anna#'!r}))")
    assert offline == []
    assert console_errors == []
