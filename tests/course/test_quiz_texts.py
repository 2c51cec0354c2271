"""Every quiz of the course read as a learner reads it, in English and in Italian: every
sentence starts with a capital letter, cards are named in words (no engine codes), numbers
agree with their nouns, suits are named in the reader's language, and no question is asked
twice in one quiz."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import pytest
from learner_text import CARD_CODE, LOWER_RANK, text_problems

from tressette_learn.engine import Rules
from tressette_learn.teaching.answers import check
from tressette_learn.teaching.bank import load_bank
from tressette_learn.teaching.course import course
from tressette_learn.teaching.generate import KINDS, generate
from tressette_learn.teaching.questions import Question

BANKS = [lesson.quiz for lesson in course() if lesson.quiz]
SENTENCE = re.compile(r"(?:^|[.!?]\s+)\W*(\w)")
FAULTS = {
    "a card code": CARD_CODE,
    "a rank not capitalised": LOWER_RANK,
    "a card not in words": re.compile(r"\b[2-7] (of|di) (coins|cups|swords|batons|denari|coppe"
                                      r"|spade|bastoni)\b"),
    "an Italian suit in English": re.compile(r"\bof (denari|coppe|spade|bastoni)\b"),
}


def wrong_answers(q: Question) -> Iterator[object]:
    """A readable answer that is not right, if there is one (a hand of one card has none)."""
    candidates = [*q.cards, *([c] for c in q.cards), list(q.cards),
                  *(c.key for c in q.choices), *([c.key] for c in q.choices), 0, 1, 99]
    yield from [a for a in candidates if (r := check(q, a)).valid and not r.correct][:1]


def right_answer(q: Question) -> object:
    return sorted(q.answer)[0] if q.input == "choice" and isinstance(q.answer, frozenset) \
        else q.answer


def texts(q: Question, lang: str) -> Iterator[str]:
    """Everything a learner may read of ``q``: the question, its hint and both feedbacks."""
    yield q.prompt.get(lang)
    yield q.hint.get(lang)
    yield from (c.label.get(lang) for c in q.choices)
    yield check(q, right_answer(q)).explanation.get(lang)
    yield from (check(q, wrong).explanation.get(lang) for wrong in wrong_answers(q))


def assert_reads_well(questions: Iterable[Question], lang: str) -> None:
    for q in questions:
        for text in texts(q, lang):
            where = f"{q.id} ({lang}): {text}"
            starts = SENTENCE.findall(text)
            assert starts and not any(c.islower() for c in starts), f"lower-case start: {where}"
            for fault, pattern in FAULTS.items():
                assert not pattern.search(text), f"{fault}: {where}"
            # the walk's rules: Markdown, internal names, plurals, the other language...
            assert not text_problems(text, lang), f"{text_problems(text, lang)}: {where}"


@pytest.mark.parametrize("bank", BANKS)
@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_quiz_text_reads_as_a_learner_should(bank: str, lang: str) -> None:
    assert_reads_well(load_bank(bank), lang)


@pytest.mark.parametrize("rules", ["standard", "a_perdere", "a_due", "gamelake"])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_generated_question_reads_as_a_learner_should(rules: str, lang: str) -> None:
    table = Rules.preset(rules)
    kinds = [kind for kind in KINDS if table.signals or kind not in ("signal", "meaning")
             if table.declarations or kind != "declarations"]
    assert_reads_well([generate(kind, seed, table) for kind in kinds for seed in range(12)],
                      lang)


@pytest.mark.parametrize("bank", BANKS)
def test_no_quiz_asks_the_same_question_twice(bank: str) -> None:
    asked = [(q.kind, q.prompt.get("en"), () if q.kind == "name" else q.cards, q.trick, q.hand,
              str(q.answer)) for q in load_bank(bank)]
    twice = {item[1] for item in asked if asked.count(item) > 1}
    assert not twice, f"{bank} asks twice: {twice}"
