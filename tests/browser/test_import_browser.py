"""The teacher's import of progress files in real Chromium: a file over the limit is refused
by the page itself (its bytes never reach the kernel, whose connection would close), a
malformed or hostile one is refused by the kernel, each in words, in English and Italian; the
kernel stays connected, so the good file after them is imported, and the store holds exactly
what it brought (read back)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from test_progress_import import saved_file

from tressette_learn.store import Store
from tressette_learn.store.progress_import import MAX_BYTES

from .conftest import server_with_store

KEY = "k3y-for-imports"
SHOTS = Path(os.environ.get("TRESSETTE_IMPORT_SHOTS", "build/imports"))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """Voilà on the checkout with a store of its own; its URL and the store's URL."""
    db = f"sqlite:///{tmp_path_factory.mktemp('imports-db') / 'progress.sqlite'}"
    with server_with_store(tmp_path_factory, "imports", TRESSETTE_TEACHER_KEY=KEY,
                           TRESSETTE_DB=db) as url:
        yield url, db


def files(folder: Path) -> dict[str, Path]:
    """Files a teacher may be handed: too big, malformed, nested, and two good ones (one
    exactly as large as a file may be)."""
    good = saved_file("Anna", "3b")
    largest = good[:-1] + b" " * (MAX_BYTES - len(good)) + b"}"
    doc = json.loads(saved_file("Bruno", "3b"))
    doc["results"][0]["at"] = "garbage"
    made = {"grande.json": b" " * 12_000_000, "garbage.json": json.dumps(doc).encode(),
            "deep.json": b"[" * 100_000 + b"]" * 100_000, "anna.json": good,
            "largest.json": largest}
    for name, content in made.items():
        (folder / name).write_bytes(content)
    return {name: folder / name for name in made}


def open_dashboard(page: Page, open_notebook: Callable[..., Page], base: str) -> None:
    open_notebook(page, "notebooks/teacher", ".tl-teacher", base=base)
    page.locator(".tl-teacher-key input").fill(KEY)
    page.locator(".tl-teacher-open").click()
    expect(page.locator(".tl-teacher-import-button")).to_be_visible()


def choose(page: Page, *paths: Path) -> None:
    """Choose files in the import box, and wait until the page stops sending them."""
    page.locator(".tl-teacher-import-files").set_input_files([str(p) for p in paths])
    expect(page.locator(".tl-teacher-import-button")).to_be_enabled(timeout=60_000)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_oversized_and_malformed_files_are_refused_in_words_and_the_next_is_imported(
    page: Page, open_notebook: Callable[..., Page], served: tuple[str, str],
    console_errors: list[str], tmp_path: Path, lang: str
) -> None:
    base, db = served
    store = Store(db)
    before = {(who.name, who.class_code) for who in store.learners()}
    attempts = len(store.class_results("3B"))
    made = files(tmp_path)
    sent: list[int] = []  # the size of each message the page sends the kernel
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(len(frame))))
    page.set_viewport_size({"width": 1100, "height": 900})
    open_dashboard(page, open_notebook, base)
    if lang == "it":
        page.locator(".tl-lang-switch button", has_text="Italiano").click()
        expect(page.locator(".tl-teacher-import-button")).to_have_text(
            "Aggiungi file di progressi")
    status = page.locator(".tl-teacher-import-status")

    choose(page, made["grande.json"])
    expect(status).to_have_text({
        "en": "grande.json was not imported: it is larger than 10 MB.",
        "it": "grande.json non è stato importato: supera i 10 MB."}[lang])
    assert sent and max(sent) < 1_000_000  # its bytes never left the page

    choose(page, made["garbage.json"], made["deep.json"])
    expect(status.locator("li")).to_have_text({
        "en": ["garbage.json was not imported: the field “at” of entry 1 of “results” must "
               "be a date and time between the years 2000 and 2100, written as "
               "2025-03-14T09:30:00+00:00.",
               "deep.json was not imported: its fields are nested more than 32 levels deep."],
        "it": ["garbage.json non è stato importato: il campo «at» della voce 1 di «results» "
               "deve essere una data con l'ora tra gli anni 2000 e 2100, scritta come "
               "2025-03-14T09:30:00+00:00.",
               "deep.json non è stato importato: i suoi campi sono annidati per più di 32 "
               "livelli."]}[lang])
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".tl-teacher-import").screenshot(path=SHOTS / f"refused-{lang}.png")

    page.locator(".tl-teacher .widget-html").evaluate_all(
        "parts => parts.forEach(part => { part.dataset.before = 'yes'; })")
    choose(page, made["anna.json"], made["largest.json"])
    code = {"en": "class", "it": "classe"}[lang]
    redrawn = page.locator(".widget-html:not([data-before]) .tl-teacher-learners")
    expect(redrawn).to_contain_text("Anna")  # the dashboard drawn again with her
    expect(status.locator("li").first).to_contain_text(f"anna.json: Anna, {code} 3B.")
    expect(status.locator("li").nth(1)).to_contain_text(f"largest.json: Anna, {code} 3B.")
    page.locator(".tl-teacher-import").screenshot(path=SHOTS / f"imported-{lang}.png")
    page.screenshot(path=SHOTS / f"dashboard-{lang}.png", full_page=True)
    assert console_errors == []

    learners = {(who.name, who.class_code) for who in store.learners()}
    assert learners - before <= {("Anna", "3B")} and ("Anna", "3B") in learners
    assert ("Bruno", "3B") not in learners  # the refused file created no learner
    assert len(store.class_results("3B")) == attempts + 2  # anna.json's; largest.json: same
