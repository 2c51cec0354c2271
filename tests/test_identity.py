"""Learners with a PIN of their own (classroom.identity) against SQLite and a real
PostgreSQL: sign-in as an attacker would try it, the lock after wrong PINs, browser
sessions, the teacher's renames, merges, removals and PIN resets, and the migration of a
store from before PINs. Every refusal is checked against the store read back."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tressette_learn.store import InputError, Preferences, Record, Store
from tressette_learn.store import identity as identity_module
from tressette_learn.store.identity import Identities, learner_key
from tressette_learn.store.migrations import VERSION_1


@pytest.fixture
def people(url: str, monkeypatch: pytest.MonkeyPatch) -> Identities:
    monkeypatch.setattr(identity_module, "ITERATIONS", 1000)  # fast hashes in tests
    return Identities(Store(url))


def snapshot(ids: Identities) -> list[list[object]]:
    """Everything a refusal must leave as it was (the failure count aside)."""
    db = ids.db
    return [db.query("SELECT id, name, class_code FROM learners ORDER BY id"),
            db.query("SELECT learner_id, learner_key, pin_hash FROM identities ORDER BY 1"),
            db.query("SELECT token_hash, learner_id FROM sessions ORDER BY 1"),
            db.query("SELECT uid, learner_id FROM events ORDER BY id")]


def refused(ids: Identities, key: str, name: str, code: str, pin: str) -> InputError:
    before = snapshot(ids)
    with pytest.raises(InputError) as caught:
        ids.sign_in(name, code, pin)
    assert caught.value.key == key
    assert snapshot(ids) == before
    return caught.value


@pytest.mark.parametrize("name", ["Ada  Rossi", "ADA ROSSI", "Àda Rossi", " ada rossì "])
def test_names_differing_in_case_spaces_or_accents_are_one_learner(name: str) -> None:
    assert learner_key(name) == learner_key("Ada Rossi") == "ada rossi"


def test_letters_that_are_not_latin_make_a_key_of_their_own() -> None:
    assert learner_key("名字") == "名字"
    assert learner_key("Ελένη") == learner_key("ΕΛΕΝΗ") != ""


def test_the_first_sign_in_chooses_the_pin_and_the_next_one_needs_it(people: Identities) -> None:
    first = people.enter("Ada Rossi", "3b", "2718")
    assert first.chose_pin and first.learner.name == "Ada Rossi"
    assert first.learner.class_code == "3B"
    again = people.enter("ada  rossi", "3B", "2718")
    assert again.learner == first.learner and not again.chose_pin
    assert people.find("ADA ROSSI", "3b") == first.learner
    assert people.by_id(first.learner.id) == first.learner
    assert people.find("Ada Rossi", "4C") is None


def test_the_pin_is_kept_as_a_salted_hash_only(people: Identities) -> None:
    people.sign_in("Ada", "", "2718")
    people.sign_in("Bruno", "", "2718")
    hashes = [row[0] for row in people.db.query("SELECT pin_hash FROM identities")]
    # a salted hash in fields (a hex digest may hold "2718" by chance: no field is the PIN)
    assert len(set(hashes)) == 2 and all("2718" not in stored.split("$") for stored in hashes)
    assert all(stored.startswith("pbkdf2_sha256$") for stored in hashes)


@pytest.mark.parametrize("name", ["ada rossi", "ADA ROSSI", "Àda  Rössi", "Ada Rossi"])
def test_another_learners_name_without_their_pin_is_refused(people: Identities,
                                                            name: str) -> None:
    ada = people.sign_in("Ada Rossi", "3B", "2718")
    people.sign_in("Ada Rossi", "", "1111")  # the same name in another class is another one
    people.store.add(ada, Record("answer", "01_deck", "bank", "q1", True))
    refused(people, "signin.error.wrong_pin", name, "3b", "0000")


def test_a_name_that_cannot_be_used_is_told_why(people: Identities) -> None:
    refused(people, "signin.error.no_name", "   ", "", "1234")
    refused(people, "signin.error.no_name", "\u0301\u0300", "", "1234")
    refused(people, "signin.error.long_name", "x" * 41, "", "1234")
    refused(people, "signin.error.class_code", "Ada", "3B; drop", "1234")
    assert people.sign_in("名字", "", "1234").name == "名字"


@pytest.mark.parametrize("pin", ["", "123", "123456789", "12a4", "١٢٣٤", " "])
def test_a_pin_that_is_not_4_to_8_digits_is_refused(people: Identities, pin: str) -> None:
    error = refused(people, "signin.error.pin_format", "Ada", "", pin)
    assert error.values == {"least": 4, "most": 8}


def test_wrong_pins_lock_the_learner_even_for_the_right_pin(people: Identities,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    people.sign_in("Ada", "3B", "2718")
    for _ in range(identity_module.MAX_FAILURES - 1):
        refused(people, "signin.error.wrong_pin", "ada", "3B", "0000")
    error = refused(people, "signin.error.locked", "ada", "3B", "0001")
    assert error.values == {"minutes": identity_module.LOCK_MINUTES}
    refused(people, "signin.error.locked", "Ada", "3B", "2718")
    monkeypatch.setenv("TRESSETTE_CLOCK_SHIFT", f"{identity_module.LOCK_MINUTES + 1}m")
    assert people.sign_in("Ada", "3B", "2718").name == "Ada"


def test_a_right_pin_clears_the_count_of_wrong_ones(people: Identities) -> None:
    people.sign_in("Ada", "", "2718")
    for _ in range(identity_module.MAX_FAILURES - 1):
        refused(people, "signin.error.wrong_pin", "Ada", "", "0000")
    people.sign_in("Ada", "", "2718")
    refused(people, "signin.error.wrong_pin", "Ada", "", "0000")  # not locked


def test_a_session_resumes_only_its_own_learner(people: Identities) -> None:
    ada = people.sign_in("Ada", "3B", "2718")
    bruno = people.sign_in("Bruno", "3B", "3141")
    token = people.session(ada)
    assert people.resume(ada.id, token) == ada
    before = snapshot(people)
    assert people.resume(bruno.id, token) is None  # Ada's token for Bruno's id
    assert people.resume(ada.id, "x" * 43) is None  # a made-up token
    assert people.resume(ada.id, token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    for forged in ["", None, 17, {"id": 1}]:
        assert people.resume(ada.id, forged) is None  # type: ignore[arg-type]
    assert people.resume(str(ada.id), token) is None  # type: ignore[arg-type]
    assert snapshot(people) == before
    people.sign_out(token)
    assert people.resume(ada.id, token) is None


def test_a_session_expires(people: Identities, monkeypatch: pytest.MonkeyPatch) -> None:
    ada = people.sign_in("Ada", "", "2718")
    token = people.session(ada)
    monkeypatch.setenv("TRESSETTE_CLOCK_SHIFT", f"{identity_module.SESSION_DAYS + 1}d")
    assert people.resume(ada.id, token) is None


def test_a_reset_pin_is_chosen_again_and_ends_the_sessions(people: Identities) -> None:
    ada = people.sign_in("Ada", "3B", "2718")
    token = people.session(ada)
    people.reset_pin(ada)
    assert not people.has_pin(ada) and people.resume(ada.id, token) is None
    entry = people.enter("ADA", "3B", "9999")
    assert entry.learner == ada and entry.chose_pin
    refused(people, "signin.error.wrong_pin", "Ada", "3B", "2718")


def test_the_teacher_renames_a_learner(people: Identities) -> None:
    ada = people.sign_in("Ada", "3B", "2718")
    people.sign_in("Bruno", "3B", "3141")
    renamed = people.rename(ada, "Ada Rossi")
    assert renamed == ada.__class__(ada.id, "Ada Rossi", "3B")
    assert people.sign_in("ada rossi", "3B", "2718") == renamed
    assert [learner.name for learner in people.store.learners(class_code="3B")] == \
        ["Ada Rossi", "Bruno"]
    before = snapshot(people)
    with pytest.raises(InputError) as caught:
        people.rename(renamed, "BRUNO")
    assert caught.value.key == "teacher.error.name_taken" and snapshot(people) == before


def test_the_teacher_merges_two_learners(people: Identities) -> None:
    store = people.store
    into = people.sign_in("Ada Rossi", "3B", "2718")
    source = people.sign_in("Ada R", "3B", "1111")
    store.add(into, Record("answer", "01_deck", "bank", "q1", True))
    store.add(source, Record("answer", "01_deck", "bank", "q2", False))
    store.add(source, Record("lesson_complete", "02_order", "02_order"))
    store.save_preferences(source, Preferences("it", "french", "2026-01-01T00:00:00+00:00"))
    store.save_match(source, "12_play", {"trick": 3})
    token = people.session(source)
    assert people.merge(source, into) == into
    assert store.answers(into, "bank") == {"q1": True, "q2": False}
    assert store.completed_lessons(into) == {"02_order"}
    assert store.preferences(into).lang == "it"  # type: ignore[union-attr]
    assert store.saved_match(into, "12_play") == {"trick": 3}
    assert people.by_id(source.id) is None and people.resume(source.id, token) is None
    assert [learner.name for learner in store.learners()] == ["Ada Rossi"]
    with pytest.raises(InputError):
        people.merge(into, into)
    with pytest.raises(InputError):
        people.merge(source, into)  # gone already


def test_the_teacher_removes_a_learner(people: Identities) -> None:
    ada = people.sign_in("Ada", "3B", "2718")
    bruno = people.sign_in("Bruno", "3B", "3141")
    people.store.add(ada, Record("answer", "01_deck", "bank", "q1", True))
    people.store.add(bruno, Record("answer", "01_deck", "bank", "q1", False))
    people.remove(ada)
    assert people.by_id(ada.id) is None and people.store.count() == 1
    assert people.enter("Ada", "3B", "5555").chose_pin  # a new learner of that name


def test_a_store_from_before_pins_keeps_its_learners_who_choose_a_pin(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    conn = sqlite3.connect(path)
    for statement in VERSION_1:
        conn.execute(statement)
    conn.executemany("INSERT INTO learners (name, class_code, created) VALUES (?, ?, 'x')",
                     [("Ada Rossi", "3B"), ("ada rossi", "3B"), ("Bruno", "")])
    conn.execute("INSERT INTO events (uid, learner_id, kind, lesson, source, item, correct, "
                 "data, at) VALUES ('u1', 1, 'lesson_complete', '01', '01', '', NULL, '{}', 'x')")
    conn.commit()
    conn.close()
    people = Identities(Store(f"sqlite:///{path}"))
    assert len(people.store.learners()) == 3 and people.store.count() == 1
    entry = people.enter("ADA ROSSI", "3b", "2718")
    assert entry.chose_pin and entry.learner.id == 1  # the older of the two
    assert people.store.completed_lessons(entry.learner) == {"01"}
    refused(people, "signin.error.wrong_pin", "ada rossi", "3B", "0000")


def test_a_learner_made_without_identity_is_found_by_key(people: Identities) -> None:
    made = people.store.sign_in("Carla Bianchi", "3B")  # as an import makes one
    entry = people.enter("carla  bianchi", "3B", "4321")
    assert entry.learner == made and entry.chose_pin
