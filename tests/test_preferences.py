"""The learner's language and faces follow them: kept in the browser for everyone, and in
the progress store for a signed-in learner; the later choice wins."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tressette_learn.store import Preferences, Store
from tressette_learn.ui.classroom.lesson import LessonPage
from tressette_learn.ui.classroom.recorder import Recorder
from tressette_learn.ui.preferences import Preferences as Kept
from tressette_learn.ui.preferences import language_switch
from tressette_learn.ui.settings import Settings, now_stamp

EARLY, LATE = "2025-01-01T10:00:00+00:00", "2025-01-02T10:00:00+00:00"


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'progress.sqlite'}"


def test_a_choice_is_stamped_and_an_older_one_is_not_taken() -> None:
    settings = Settings()
    assert settings.chosen_at == ""  # the defaults were never chosen
    assert settings.offer("it", "french", EARLY)
    assert (settings.lang, settings.faces) == ("it", "french")
    assert not settings.offer("en", "italian", "2024-12-31T10:00:00+00:00")
    assert settings.lang == "it"
    settings.lang = "en"  # the learner clicks: a new, later choice
    assert settings.chosen_at > EARLY
    assert not settings.offer("it", "french", LATE)


def test_a_choice_from_the_future_counts_as_made_now() -> None:
    settings = Settings()
    assert settings.offer("it", "italian", "2999-01-01T00:00:00+00:00")
    assert settings.chosen_at <= now_stamp()
    settings.lang = "en"
    assert settings.lang == "en" and not settings.offer("it", "italian", EARLY)


@pytest.mark.parametrize(("lang", "faces", "at"), [
    ("fr", "italian", LATE), ("it", "tarot", LATE), ("it", "french", "yesterday"),
    ("it", "french", "2025-01-02T10:00:00"),  # no time zone
])
def test_a_bad_saved_choice_is_refused_and_changes_nothing(lang: str, faces: str,
                                                          at: str) -> None:
    settings = Settings()
    with pytest.raises(ValueError):
        settings.offer(lang, faces, at)
    assert (settings.lang, settings.faces, settings.chosen_at) == ("en", "italian", "")


def test_the_browser_copy_is_offered_and_updated() -> None:
    settings = Settings()
    kept = language_switch(settings, lambda lang: f"title-{lang}").children[2]
    assert isinstance(kept, Kept) and kept.title == "title-en"
    sent: list[dict] = []
    kept.send = sent.append  # type: ignore[method-assign]
    kept._on_message(kept, {"type": "restore", "lang": "it", "faces": "french", "at": LATE}, [])
    assert (settings.lang, settings.faces) == ("it", "french") and kept.title == "title-it"
    assert kept.saved["lang"] == "it" and kept.saved["at"].startswith("2025-01-02T10:00:00")
    assert sent == [{"type": "settled"}]  # the page may show itself


@pytest.mark.parametrize("content", [
    None, {"type": "restore", "lang": "it"},
    {"type": "restore", "lang": "it", "faces": "french", "at": 5},
    {"type": "restore", "lang": "xx", "faces": "french", "at": LATE},
])
def test_a_forged_restore_changes_nothing_but_shows_the_page(content: object, caplog) -> None:
    settings = Settings()
    kept = Kept(settings)
    sent: list[dict] = []
    kept.send = sent.append  # type: ignore[method-assign]
    with caplog.at_level(logging.WARNING, logger="tressette_learn.ui"):
        kept._on_message(kept, content, [])
    assert (settings.lang, settings.chosen_at) == ("en", "") and sent == [{"type": "settled"}]
    assert caplog.text


def test_signing_in_saves_the_choice_made_before(url: str) -> None:
    settings = Settings()
    rec = Recorder(url, settings=settings)
    try:
        settings.lang = "it"  # chosen before typing a name
        learner = rec.sign_in("Anna")
        saved = Store(url).preferences(learner)
        assert saved is not None and (saved.lang, saved.at) == ("it", settings.chosen_at)
        settings.faces = "french"  # a choice while signed in is saved at once
        saved = Store(url).preferences(learner)
        assert saved is not None and saved.faces == "french"
    finally:
        rec.close()


def test_the_learners_choice_follows_them_to_another_browser(url: str) -> None:
    store = Store(url)
    store.save_preferences(store.sign_in("Anna"), Preferences("it", "french", now_stamp()))
    settings = Settings()  # a new page in a browser that never saw Anna
    rec = Recorder(url, settings=settings)
    try:
        rec.sign_in("Anna")
        assert (settings.lang, settings.faces) == ("it", "french")
    finally:
        rec.close()


def test_a_later_choice_in_this_browser_wins_over_the_stored_one(url: str) -> None:
    store = Store(url)
    anna = store.sign_in("Anna")
    store.save_preferences(anna, Preferences("it", "french", EARLY))
    settings = Settings()
    settings.offer("en", "italian", LATE)  # this browser's copy, chosen later
    rec = Recorder(url, settings=settings)
    try:
        rec.sign_in("Anna")
        assert settings.lang == "en"
        assert store.preferences(anna) == Preferences("en", "italian", settings.chosen_at)
    finally:
        rec.close()


def test_a_lesson_page_names_its_tab_in_the_learners_language(url: str) -> None:
    settings = Settings()
    rec = Recorder(url, settings=settings)
    try:
        header = LessonPage("04_following_suit", settings, rec).header()
        kept = header.children[1].children[2]
        assert kept.title == "4 · Following suit · Tressette"
        settings.lang = "it"
        assert kept.title == "4 · Rispondere al seme · Tressette"
        assert "Rispondere al seme" in header.children[2].value
        assert rec.page == "04_following_suit"
    finally:
        rec.close()


@pytest.mark.parametrize(("variable", "lang"), [("it", "it"), (" IT ", "it"), ("fr", "en"),
                                                ("", "en")])
def test_the_servers_language_is_the_default_until_a_learner_chooses(
        monkeypatch: pytest.MonkeyPatch, variable: str, lang: str) -> None:
    monkeypatch.setenv("TRESSETTE_LANG", variable)
    settings = Settings()
    assert (settings.lang, settings.chosen_at) == (lang, "")  # not a learner's choice
    assert settings.offer("en", "french", now_stamp())  # a choice kept in the browser wins
    assert settings.lang == "en"
