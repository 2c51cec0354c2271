"""The learner walk's server and browsers.

One Voilà serves the real lessons (``notebooks/`` with ``voila.json``, as
``tressette-learn serve`` does) with a fresh progress store and a teacher key; tracebacks are
shown, so a cell that fails names itself. Each language has its own browser profile (a
context): the Italian one chose "Italiano" once on the index, as a learner would, and keeps
what the browser stored. Screenshots go to ``build/walk/<lang>/<lesson>.png``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from conftest import WALK_SHOTS
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tressette_learn.serve.server import ServerError, VoilaServer, notebooks_dir, settings_option
from tressette_learn.teaching.course import lesson

from ..page_errors import follow_errors
from .page import Findings, open_page

SHOTS = WALK_SHOTS
TEACHER_KEY = "walk-key"
VIEWPORT = {"width": 1280, "height": 900}
PHONE = {"width": 412, "height": 915}  # a phone, held upright, used by touch
LANGUAGE_BUTTON = {"en": "English", "it": "Italiano"}


@pytest.fixture(scope="session")
def walk_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """The lessons served on a free port, with their own progress store."""
    data = tmp_path_factory.mktemp("walk-data")
    env = {"TRESSETTE_DATA": str(data), "TRESSETTE_DB": "", "TRESSETTE_TEACHER_KEY": TEACHER_KEY}
    extra = (settings_option(), "--show_tracebacks=True",
             "--MappingKernelManager.cull_idle_timeout=60",
             "--MappingKernelManager.cull_interval=20")
    try:
        with VoilaServer(notebooks_dir(), *extra, env=env, timeout=120) as server:
            yield server
    except ServerError as err:
        pytest.fail(str(err), pytrace=False)


@pytest.fixture(scope="session")
def walk_url(walk_server: VoilaServer) -> str:
    return walk_server.url


@pytest.fixture
def kernel_errors(walk_server: VoilaServer) -> Callable[[], list[str]]:
    """``kernel_errors()``: the errors our code raised in a kernel since the test began
    (the last line of each traceback the server logged through tressette_learn)."""
    start = len(walk_server.log_text())

    def new() -> list[str]:
        text = walk_server.log_text()[start:]
        found = []
        for block in text.split("Traceback (most recent call last):")[1:]:
            lines = block.splitlines()
            frames = [i for i, line in enumerate(lines) if line.startswith("  ")]
            if "tressette_learn" in block and frames and frames[-1] + 1 < len(lines):
                found.append(lines[frames[-1] + 1].strip())
        return found

    return new


@pytest.fixture(scope="session")
def profiles(browser: Browser,
             walk_url: str) -> Iterator[Callable[[str, bool], BrowserContext]]:
    """``profiles(lang, phone)``: the browser profile of a learner who reads ``lang`` (on a
    phone: 412 × 915, touch); the first call opens the index and chooses the language."""
    made: dict[tuple[str, bool], BrowserContext] = {}

    def profile(lang: str, phone: bool = False) -> BrowserContext:
        if (lang, phone) not in made:
            made[lang, phone] = new_profile(browser, phone)
            choose_language(made[lang, phone], walk_url, lang)
        return made[lang, phone]

    yield profile
    for context in made.values():
        context.close()


def new_profile(browser: Browser, phone: bool = False) -> BrowserContext:
    """A fresh browser profile (a desktop's or a phone's) whose clock the walk may move on
    (past the computers' pause before each card)."""
    context = browser.new_context(  # type: ignore[arg-type]
        viewport=PHONE if phone else VIEWPORT, is_mobile=phone, has_touch=phone)
    context.clock.install()
    return context


def choose_language(context: BrowserContext, url: str, lang: str) -> None:
    """Open the index and press the language's button (English needs no press)."""
    if lang == "en":
        return
    page = context.new_page()
    try:
        findings = Findings("index")
        assert open_page(page, lesson_url(url, "00_index"), findings), findings.report()
        page.locator(".tl-lang-switch").get_by_role(
            "button", name=LANGUAGE_BUTTON[lang]).click()
        expect(page.locator(".tl-lesson-title")).to_have_text(title("00_index", lang))
    finally:
        page.close()


def lesson_url(base: str, notebook: str) -> str:
    return f"{base}/voila/render/{notebook}.ipynb"


def title(lesson_id: str, lang: str) -> str:
    """The lesson's title as its page shows it: "3 · Rispondere al seme"."""
    item = lesson(lesson_id)
    return f"{item.number} · {item.title[lang]}"


@pytest.fixture
def errors_of() -> Callable[[Page], list[str]]:
    """``errors_of(page)``: the console errors and uncaught exceptions of ``page``."""
    return follow_errors
