"""Quiz banks: the example bank loads, every engine-checkable answer is re-checked, and a
broken item is an error that names the file, the item and the field."""

from __future__ import annotations

import pytest

from tressette_learn.content import ContentError
from tressette_learn.teaching import bank
from tressette_learn.teaching.answers import check
from tressette_learn.teaching.bank import bank_names, load_bank, read_item


def test_the_example_bank_loads_with_every_kind_and_both_languages():
    questions = load_bank("example")
    assert len(questions) >= 8
    assert "example" in bank_names()
    assert len({q.id for q in questions}) == len(questions)
    kinds = {q.kind for q in questions}
    assert {"winner", "legal", "order", "thirds", "points", "declarations", "signal",
            "meaning", "choice"} <= kinds
    for q in questions:
        assert all(text.get(lang) for text in (q.prompt, q.explanation) for lang in ("en", "it"))
        right = next(iter(q.answer)) if isinstance(q.answer, frozenset) and q.input == "choice" \
            else q.answer
        assert check(q, right).correct, q.id


def test_hand_written_answers_are_the_engines():
    by_id = {q.id: q for q in load_bank("example")}
    assert str(by_id["example-2"].answer) == "3c"  # Rc 3c 2s Ac: the 3 of cups wins
    assert by_id["example-5"].answer == 6  # Ac 3d Rs 7b 5c Fc
    assert by_id["example-6"].answer == 2  # 5 thirds + the last trick = 8 thirds
    split = by_id["example-split"]
    assert split.choice(split.answer).label.get("en") == "7"  # 35 - 14 = 21 thirds


def test_a_generated_item_is_the_generated_question():
    from tressette_learn.teaching.generate import generate

    assert read_item({"generate": {"kind": "winner", "seed": 12}}, "x") == generate("winner", 12)


def broken(monkeypatch, items):
    monkeypatch.setattr(bank, "load", lambda _relative: items)
    with pytest.raises(ContentError) as err:
        load_bank("broken")
    return str(err.value)


WINNER = {"kind": "winner", "trick": "Rc 3c 2s Ac", "answer": "3c"}


@pytest.mark.parametrize("change, field, words", [
    ({"answer": "2s"}, "answer", "wrong: The answer: the Three of cups."),
    ({"answer": "4d"}, "answer", "not one of the cards shown"),
    ({"trick": "Rc 3c Xq"}, "trick", "unknown card"),
    ({"trick": "Rc Rc"}, "trick", "twice"),
    ({"leader": "Q"}, "leader", "unknown seat"),
    ({"colour": "red"}, "colour", "unknown field"),
    ({"prompt": {"it": "Quale?"}}, "prompt", "needs a text in en"),
    ({"kind": "poker"}, "kind", "not one of"),
])
def test_a_broken_item_names_file_item_and_field(monkeypatch, change, field, words):
    message = broken(monkeypatch, [{"kind": "thirds", "cards": "Ad", "answer": 3},
                                   {**WINNER, **change}])
    assert message.startswith(f"quizzes/broken.yaml: item 2: {field}: ")
    assert words in message


@pytest.mark.parametrize("item, field", [
    ({"kind": "thirds", "cards": "Ac 3d", "answer": 5}, "answer"),
    ({"kind": "points", "cards": "Ad", "last_trick": "yes", "answer": 2}, "last_trick"),
    ({"kind": "legal", "trick": "Ad", "hand": "3c 7d", "answer": "3c 7d"}, "answer"),
    ({"kind": "order", "cards": "Rd 3d", "answer": "Rd 3d"}, "answer"),
    ({"kind": "declarations", "hand": "3c 2c Ac", "answer": "none"}, "answer"),
    ({"kind": "signal", "hand": "3c 5c", "lead": "5c", "answer": "volo"}, "answer"),
    ({"kind": "signal", "hand": "3c", "lead": "5c", "answer": "volo"}, "lead"),
    ({"kind": "meaning", "lead": "7s", "signal": "volo", "answer": "busso"}, "answer"),
    ({"kind": "choice", "prompt": {"en": "a", "it": "b"}, "choices": [{"en": "x", "it": "y"}],
      "answer": 0, "explanation": {"en": "a", "it": "b"}, "hint": {"en": "a", "it": "b"}},
     "answer"),
    ({"kind": "winner", "trick": "3c"}, "answer"),
    ({"generate": {"kind": "signal", "seed": 1, "rules": "online"}}, "generate.kind"),
    ({"generate": {"kind": "winner", "seed": -1}}, "generate.seed"),
    ({"generate": {"kind": "winner", "seed": 1, "rules": "nope"}}, "generate.rules"),
    ("just text", "item"),
])
def test_wrong_items_are_refused_at_load_time(monkeypatch, item, field):
    message = broken(monkeypatch, [item])
    assert message.startswith(f"quizzes/broken.yaml: item 1: {field}: ")


def test_ids_must_be_unique(monkeypatch):
    message = broken(monkeypatch, [{**WINNER, "id": "a"}, {**WINNER, "id": "a"}])
    assert message == "quizzes/broken.yaml: item 2: id: 'a' is used twice"


def test_bank_names_are_safe_and_a_missing_bank_is_named():
    for name in ("../secrets", "Example", ""):
        with pytest.raises(ContentError, match="quiz bank name"):
            load_bank(name)
    with pytest.raises(ContentError, match="no such lesson file"):
        load_bank("no_such_bank")
