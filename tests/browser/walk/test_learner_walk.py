"""Every lesson walked in real Chromium, in English and in Italian, as a learner walks it.

The learner opens the page (in Italian after choosing "Italiano" once, on the index),
answers every quiz (Check with nothing chosen, the hint, a wrong answer to every other
question and a right one to the rest: the English walk starts wrong, the Italian one right,
so every question is answered both ways), steps every guided hand to its end, plays every
table's deal to the end, watches the deal drawn card by card, uses the memory drill, the
slider and a match, and presses every button left. The walk writes down everything a
learner would see wrong (raw Markdown, card codes, internal names, tracebacks, words of the
other language, feedback that belongs to another question, a control that does nothing)
and fails with the whole list, naming the page, the language and the widget. A screenshot
of each page is saved for a person to look through (see conftest.py). A few pages are also
walked on a phone (412 × 915, touch), where nothing may run off the screen.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tressette_learn.teaching.course import course

from . import conftest, key
from .guided import GuidedWalker
from .page import Findings, normal, on_the_screen, open_page, read_texts, screenshot, settle
from .puzzles import walk_puzzles
from .quizzes import answer_quiz
from .tables import TablePlayer
from .widgets import dealing_show, memory_drill, play_match, sweep_buttons, thirds_slider

LANGS = ("en", "it")
LESSONS = [item.id for item in course()]
# Tables a learner plays on their own (guided hands and the match drive theirs).
OWN_TABLES = (".tl-table:not(.tl-guided .tl-table):not(.tl-match .tl-table)"
              ":not(.tl-puzzles .tl-table)")
# Lessons that teach the engine's card notation ("3c" is the Three of cups), set as code.
NOTATION = {"01_deck"}
# Lessons also walked on a phone (412 × 915, touch), with the languages: the first page, a
# lesson's quizzes, and the match with its coach (the most crowded page) in both.
PHONE_WALKS = (("it", "00_index"), ("en", "03_card_order"), ("en", "12_play"),
               ("it", "12_play"))
# ms for the page to speak the learner's language: the kernel reads the saved choice (seen
# above 5 s with the machine's load at 10 on 2 cores)
LANGUAGE_TIMEOUT = 30_000


@pytest.mark.parametrize(("lang", "lesson_id", "phone"), [
    *(pytest.param(lang, lesson_id, False, id=f"{lang}-{lesson_id}")
      for lang in LANGS for lesson_id in LESSONS),
    *(pytest.param(lang, lesson_id, True, id=f"phone-{lang}-{lesson_id}")
      for lang, lesson_id in PHONE_WALKS)])
def test_a_learner_walks_the_lesson(
    lang: str, lesson_id: str, phone: bool, profiles: Callable[[str, bool], BrowserContext],
    walk_url: str, errors_of: Callable[[Page], list[str]],
    kernel_errors: Callable[[], list[str]]
) -> None:
    findings = Findings(f"lesson {lesson_id} in {'Italian' if lang == 'it' else 'English'}"
                        + (" on a phone" if phone else ""))
    page = profiles(lang, phone).new_page()
    errors = errors_of(page)
    shots = f"phone-{lang}" if phone else lang
    try:
        if open_page(page, conftest.lesson_url(walk_url, lesson_id), findings):
            walk(page, lesson_id, lang, findings, shots)
            if phone:
                on_the_screen(page, findings)
        else:
            shoot(page, lesson_id, shots)
    finally:
        page.close()
    for error in errors:
        findings.add("browser console", error)
    for error in kernel_errors():
        findings.add("kernel", f"the lesson's code failed: {error}")
    assert not findings.items, findings.report()


PLAIN_LINKS = """() => [...document.querySelectorAll(
    '.tl-lesson-text a, .tl-lesson-nav a, .tl-progress a')].filter(a => {
  const own = getComputedStyle(a), around = getComputedStyle(a.parentElement);
  return !own.textDecorationLine.includes('underline') || own.color === around.color;
}).map(a => a.textContent)"""


def links_look_like_links(page: Page, findings: Findings) -> None:
    """Every link in the course's texts is underlined and not the colour of its text (the
    index's lessons looked like plain text)."""
    for text in page.evaluate(PLAIN_LINKS):
        findings.add("links", f"“{text}” does not look like a link")


def walk(page: Page, lesson_id: str, lang: str, findings: Findings, shots: str) -> None:
    """The whole lesson, top to bottom; a part that breaks is written down and the walk
    goes on with the next."""
    notation = lesson_id in NOTATION
    in_language(page, lesson_id, lang, findings)
    read_texts(page, findings, lang, notation=notation)
    links_look_like_links(page, findings)
    answer_quizzes(page, lesson_id, lang, findings)
    for index, hand in enumerate(page.locator(".tl-guided").all(), 1):
        where = f"guided hand {index} “{hand.locator('h3').first.inner_text()}”"
        with findings.step(where):
            GuidedWalker(page, hand, findings, where, lang).walk()
    for index, show in enumerate(page.locator(".tl-dealing").all(), 1):
        dealing_show(page, show, findings, f"deal drawn card by card {index}")
    for index, host in enumerate(page.locator(OWN_TABLES).all(), 1):
        with findings.step(f"table {index}"):
            player = TablePlayer(page, host.locator(".."), findings, f"table {index}", lang)
            player.play_to_the_end()
            read_texts(page, findings, lang, host)
            player.new_deal()
    for index, board in enumerate(page.locator(".tl-puzzles").all(), 1):
        with findings.step(f"puzzles {index}"):
            walk_puzzles(board, findings, f"puzzles {index}", lang, lesson_id)
    for index, drill in enumerate(page.locator(".tl-memory").all(), 1):
        with findings.step(f"memory drill {index}"):
            memory_drill(page, drill, findings, f"memory drill {index}")
    for index, split in enumerate(page.locator(".tl-split").all(), 1):
        thirds_slider(page, split, findings, f"thirds slider {index}")
    for match in page.locator(".tl-match").all():
        with findings.step("match"):
            play_match(page, match, findings, lang)
    read_texts(page, findings, lang, notation=notation)
    shoot(page, lesson_id, shots)
    sweep_buttons(page, findings)
    read_texts(page, findings, lang, notation=notation)


def shoot(page: Page, lesson_id: str, folder: str) -> None:
    """The page as the walk leaves it, for a person to look through."""
    path = screenshot(page, conftest.SHOTS / folder / f"{lesson_id}.png")
    print(f"screenshot: {path}")


def in_language(page: Page, lesson_id: str, lang: str, findings: Findings) -> None:
    """The page opens in the learner's language; if not, the learner presses it."""
    title = page.locator(".tl-lesson-title")
    wanted = conftest.LANGUAGE_BUTTON[lang]
    try:
        expect(title).to_have_text(conftest.title(lesson_id, lang), timeout=LANGUAGE_TIMEOUT)
        return
    except AssertionError:
        switch = page.locator(".tl-lang-switch .mod-active").first
        if not switch.is_visible():  # the lesson's widgets never came: nothing to walk
            shoot(page, lesson_id, f"{lang}-unfinished")
            raise AssertionError(
                f"{findings.title}: no title in {wanted} and no language switch after "
                f"{LANGUAGE_TIMEOUT // 1000} s; the page reads "
                f"“{normal(page.inner_text('body'))[:400]}”") from None
        chosen = normal(switch.inner_text())
        findings.add("page", f"opens with the title “{normal(title.inner_text())}” although the "
                             f"learner chose {wanted} on the index (the switch shows “{chosen}”)")
    if chosen != wanted:
        page.locator(".tl-lang-switch").get_by_role("button", name=wanted).click()
    with findings.step(f"page, the title once {wanted} is chosen"):
        expect(title).to_have_text(conftest.title(lesson_id, lang))
    settle(page, quiet=500)


def answer_quizzes(page: Page, lesson_id: str, lang: str, findings: Findings) -> None:
    expected = key.quizzes(lesson_id)
    shown = page.locator(".tl-quiz").all()
    if len(shown) != len(expected):
        findings.add("page", f"{len(shown)} quizzes shown, the notebook's code makes "
                             f"{len(expected)}: the walk cannot tell which is which")
        return
    for index, (quiz, questions) in enumerate(zip(shown, expected, strict=True), 1):
        answer_quiz(quiz, questions, lang, findings, f"quiz {index}", wrong_first=lang == "en")
