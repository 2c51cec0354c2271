"""What a sentence a learner reads must look like: shared by the tests of the AI's texts
(explanations, hints, reviews, the coach, guided verdicts, the command line)."""

from __future__ import annotations

import re

CARD_CODE = re.compile(r"\b[A2-7FCR][dcsb]\b")
LOWER_RANK = re.compile(r"\b(?:ace|jack|knight|king|[2-7]|two|three) of "
                        r"(?:coins|cups|swords|batons)"
                        r"|\b(?:asso|due|tre|quattro|cinque|sei|sette|fante|cavallo|re) di "
                        r"(?:denari|coppe|spade|bastoni)\b")


def check_sentence(text: str) -> None:
    """A capital letter first; cards named with a capital rank, never by their code."""
    assert text[:1].isupper(), text
    assert not CARD_CODE.search(text), text
    assert not LOWER_RANK.search(text), text
