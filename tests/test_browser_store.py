"""The static site's progress: one versioned document per learner in the browser's storage,
carried by the sign-in bar between the page and the kernel (the kernel cannot reach
``localStorage``), merged across tabs, saved as a file. The store's own calls are tested
with the served store's tests (``store_url`` in test_store.py and test_results.py)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tressette_learn.store import BROWSER_URL, Record, browser_store, default_url, open_store
from tressette_learn.store.browser_store import (
    KEPT,
    PREFIX,
    BrowserStore,
    MirroredStorage,
    key_of,
)
from tressette_learn.store.progress_file import VERSION, FileProblem, Progress, read
from tressette_learn.ui.classroom.recorder import Recorder
from tressette_learn.ui.classroom.signin import SignIn, export_file
from tressette_learn.ui.quiz import Quiz
from tressette_learn.ui.settings import Settings

SESSION = "tressette_learn.learner"  # signin.js's key of this browser's session
RESULT = {"exercise": "question", "attempt": "a1", "mistakes": 0, "hints": 0}


class Page:
    """A browser tab: its ``localStorage`` (a dict) and the kernel it runs (a recorder and
    the sign-in bar), wired as signin.js wires them."""

    def __init__(self, local: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
        self.local = local
        monkeypatch.setattr(browser_store, "BROWSER_STORAGE", MirroredStorage())
        self.recorder = Recorder(BROWSER_URL, settings=Settings())
        self.bar = SignIn(self.recorder, settings=self.recorder.settings)
        monkeypatch.setattr(self.bar, "send", self.kept)

    def kept(self, msg: dict[str, Any]) -> None:
        if msg["type"] == "session":  # what signin.js keeps of a sign-in: no PIN
            self.local[SESSION] = json.dumps({"learner": msg["learner"], "token": msg["token"]})
            return
        assert msg["type"] == "keep" and msg["key"].startswith(KEPT)
        self.local[msg["key"]] = msg["text"]

    def stored(self) -> dict[str, str]:
        return {key: text for key, text in self.local.items() if key.startswith(KEPT)}

    def say(self, kind: str, **fields: Any) -> None:
        self.bar._on_message(self.bar, {"type": kind, **fields}, [])

    def sign_in(self, name: str, code: str = "", pin: str = "2468") -> None:
        self.say("sign_in", name=name, class_code=code, pin=pin, stored=self.stored())

    def restore(self) -> None:
        """What a new page of this browser sends: the session kept by the last sign-in."""
        saved = json.loads(self.local[SESSION])
        self.say("restore", learner=saved["learner"], token=saved["token"],
                 stored=self.stored())


Tab = Callable[[dict[str, str]], Page]


@pytest.fixture
def tab(monkeypatch: pytest.MonkeyPatch) -> Iterator[Tab]:
    """``tab(local)``: a page opened on this browser's storage; its kernel stops after the
    test (a recorder left listening would hear the next tests' widgets)."""
    opened: list[Page] = []

    def open_(local: dict[str, str]) -> Page:
        opened.append(Page(local, monkeypatch))
        return opened[-1]

    yield open_
    for page in opened:
        page.recorder.close()


def answer(quiz: Quiz, right: bool) -> None:
    question = quiz.question
    quiz.picker.toggle(question.answer if right else
                       next(c for c in question.cards if c != question.answer))
    quiz.check_answer()
    quiz.next_question()


def test_the_static_site_keeps_progress_in_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TRESSETTE_DB", raising=False)
    monkeypatch.setattr("tressette_learn.store.url.IN_BROWSER", True)
    assert default_url() == BROWSER_URL
    assert isinstance(open_store(), BrowserStore)


def test_a_reloaded_page_resumes_the_quiz_from_the_browsers_storage(tab: Tab) -> None:
    local: dict[str, str] = {SESSION: "{}"}
    page = tab(local)
    page.sign_in("Anna", "3b")
    quiz = Quiz.generated(["winner"], 4, seed=4, lesson="03_card_order")
    answer(quiz, True)
    answer(quiz, False)
    assert page.recorder.status == "saved"
    assert [key for key in page.stored() if key.startswith(PREFIX)] == [key_of("Anna", "3B")]
    reloaded = tab(local)  # a new kernel: it knows only what the page sends
    fresh = Quiz.generated(["winner"], 4, seed=4, lesson="03_card_order")
    reloaded.restore()
    assert (fresh.index, fresh.answered, fresh.right) == (2, 2, 1)
    assert fresh.attempt == quiz.attempt
    assert reloaded.bar.state["progress_key"] == key_of("Anna", "3B")


def test_what_another_tab_wrote_is_merged_not_overwritten(
        tab: Tab, monkeypatch: pytest.MonkeyPatch) -> None:
    local: dict[str, str] = {}
    index = tab(local)
    index.sign_in("Anna")
    index_storage = browser_store.BROWSER_STORAGE
    lesson = tab(local)
    lesson.sign_in("Anna")
    lesson.recorder.store().add(lesson.recorder.learner, Record("result", "01_deck", "q", "1",
                                                                True, RESULT))
    # the index's kernel writes with the copy it had before the lesson's result
    monkeypatch.setattr(browser_store, "BROWSER_STORAGE", index_storage)
    index.recorder.store().add(index.recorder.learner,
                               Record("answer", "00_index", "q", "2", True))
    assert [r.item for r in read(local[key_of("Anna", "")]).results.values()] == []
    lesson_text = lesson.recorder.store().progress(lesson.recorder.learner).text()
    index.say("stored", stored={key_of("Anna", ""): lesson_text})  # the storage event
    kept = read(local[key_of("Anna", "")])
    assert [r.item for r in kept.results.values()] == ["1"]
    assert [r.item for r in kept.events.values()] == ["2"]


def test_a_forged_storage_entry_is_ignored(tab: Tab) -> None:
    page = tab({})
    page.say("stored", stored={"other": "x", PREFIX + "/Anna": 3})
    assert browser_store.BROWSER_STORAGE.entries == {}
    page.say("stored", stored={key_of("Anna", ""): "not json"})
    page.sign_in("Anna")
    assert page.recorder.learner is not None  # its progress cannot be read: kept aside
    assert "could not be read" in page.bar.state["message"]
    assert "not json" in browser_store.BROWSER_STORAGE.entries.values()


def test_the_bar_offers_the_progress_as_a_file_on_the_static_site_only(
        tab: Tab) -> None:
    page = tab({})
    page.sign_in("Zoë  d'Aria", "3b")
    state = page.bar.state
    assert state["browser"] and state["labels"]["export"] and state["labels"]["browser_note"]
    assert state["export_file"].startswith("tressette-progress-Zoë-d-Aria-")
    assert export_file("../x", "2025-03-01") == "tressette-progress-x-2025-03-01.json"
    served = Recorder("sqlite:////nonexistent/p.sqlite", settings=Settings())
    assert not SignIn(served).state["browser"]
    served.close()


def test_a_full_browser_is_told_in_the_bar(tab: Tab) -> None:
    page = tab({})
    page.sign_in("Anna")
    page.say("keep_failed")
    assert "no room" in page.bar.state["message"]


# -- the document ---------------------------------------------------------------------
def _document(**changes: Any) -> dict[str, Any]:
    store = BrowserStore(MirroredStorage())
    anna = store.sign_in("Anna", "3B")
    store.add(anna, Record("answer", "01_deck", "q", "1", True))
    store.add(anna, Record("result", "01_deck", "q", "1", True, RESULT))
    store.save_match(anna, "12_play", {"deals": 1})
    doc = json.loads(store.progress(anna).text())
    for path, value in changes.items():
        *parents, last = path.split(".")
        target = doc
        for part in parents:
            target = target[int(part) - 1] if isinstance(target, list) else target[part]
        if value is None:
            del target[last]
        else:
            target[last] = value
    return doc


def test_a_document_reads_back_as_it_was_written() -> None:
    doc = _document()
    assert doc["version"] == VERSION and read(json.dumps(doc)).to_json() == doc


@pytest.mark.parametrize(("changes", "where", "problem"), [
    ({"results.1.mistakes": -1}, ("results", 1, "mistakes"), "whole"),
    ({"results.1.exercise": "essay"}, ("results", 1, "exercise"), "exercise"),
    ({"events.1.uid": None}, ("events", 1, "uid"), "missing"),
    ({"events.1.kind": "result"}, ("events", 1, "kind"), "event_kind"),
    ({"learner.name": " "}, ("learner", "name"), "learner"),
    ({"matches": []}, ("matches",), "mapping"),
    ({"version": 2}, (), "version"),
    ({"format": "other"}, (), "not_progress"),
])
def test_a_malformed_document_names_its_field(changes: dict[str, Any], where: tuple,
                                              problem: str) -> None:
    with pytest.raises(FileProblem) as caught:
        read(json.dumps(_document(**changes)))
    assert (caught.value.where, caught.value.key) == (where, f"progress_file.problem.{problem}")


def test_merging_a_copy_twice_adds_nothing_the_second_time() -> None:
    mine, theirs = Progress("Anna", ""), read(json.dumps(_document()))
    assert mine.merge(theirs) and not mine.merge(theirs)
    assert len(mine.results) == len(mine.events) == 1
