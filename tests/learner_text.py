"""What a text a learner reads must look like: the rules shared by the unit tests of the
texts (explanations, hints, reviews, the coach, quizzes, lesson pages) and by the learner
walk in Chromium (``tests/browser/walk``), which applies them to every text on a page.

:func:`text_problems` takes one piece of learner-facing text (a text node, a message, an
``aria-label``) and the page's language, and returns what is wrong with it, each problem
named by its rule and quoting the words at fault. :func:`sentence_problems` adds the rule
for the sentences the widgets write (a capital first letter); :func:`check_sentence`
asserts it with the card rules. The word lists are small on purpose: they must hold no
false alarm on correct lesson text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

Rule = tuple[str, re.Pattern[str]]

RULES: list[Rule] = [
    # Raw Markdown: headings, bold, code spans, links, a bullet list collapsed into one line.
    ("raw Markdown heading", re.compile(r"(?:^|\n)\s*#{1,6}\s+\S")),
    ("raw Markdown bold", re.compile(r"\*\*\S|\S\*\*")),
    ("raw Markdown code", re.compile(r"`[^`\n]+`")),
    ("raw Markdown link", re.compile(r"\]\([^)\s]+\)")),
    ("Markdown list collapsed into one line", re.compile(r"(?:^|\s)- \S[^\n]*\s- \S")),
    # What a program says, never a lesson: errors, test markers, markup shown as text.
    ("traceback", re.compile(r"Traceback|\b[A-Z]\w*(?:Error|Exception)\b")),
    ("test marker", re.compile(r"NBVAL")),
    ("HTML tag shown as text", re.compile(r"</?(?:b|i|p|br|div|span|strong|em|h\d)\s*/?>")),
    ("unfilled placeholder", re.compile(r"\{[a-z_]+(?::[a-z_]*)?\}")),
    ("machine timestamp", re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")),
    # The engine's names: presets, ids of quizzes and lessons, seats.
    ("internal name", re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\bgamelake\b")),
    ("internal id", re.compile(r"\b(?:bank|choice|quiz|memory)-[\w-]+|\bmove\d+\b"
                               r"|\b\d\d_[a-z]+|\.ipynb\b")),
    ("seat code", re.compile(r"^[NESW](?::\s|$)")),
]
# Card codes ("3c", "Fb").
CARD_CODE = re.compile(r"(?<![\w'’])[A2-7FCR][dcsb](?![\w'’])")
# Ordinary words that look like card codes: English "As" and plurals "2s"-"7s" ("three 3s"),
# Italian "Ad" ("Ad esempio").
NOT_CODES = {"en": re.compile(r"As|[2-7]s"), "it": re.compile(r"Ad")}
COUNTS: dict[str, list[Rule]] = {
    "en": [("wrong plural", re.compile(r"(?<![\d.,])\b1 (?:tricks|points|thirds|cards|deals)\b"
                                       r"|\b(?:0|[2-9]|\d\d+) (?:trick|point|third|deal)\b(?!-)")),
           ("Italian decimal comma in English", re.compile(r"\d,\d(?!\d)"))],
    "it": [("wrong plural", re.compile(r"(?<![\d.,])\b1 (?:prese|punti|terzi|carte|smazzate)\b"
                                       r"|\b(?:[2-9]|\d\d+) (?:presa|punto|terzo|smazzata)\b")),
           ("decimal point in Italian", re.compile(r"\d\.\d")),
           ("'Tu' capitalised inside a sentence", re.compile(r"\(Tu\)")),
           ("a side calls out: 'si è chiamata fuori'",
            re.compile(r"\bha(?:nno)? chiamato fuori")),
           ("'mano' for a trick (a trick is a 'presa')",
            re.compile(r"\bprende la mano\b|\b[Mm]ano successiva\b"))],
}
# Words of the other language that a page in one language should not show. Only words
# that are never Tressette's own terms (those stay Italian in English pages).
OTHER_LANGUAGE = {
    "it": re.compile(r"\b(?:the|The|and|of|with|you|You|your|Your|trick|tricks|cards|deal"
                     r"|points|suit|order|deck|whole|Next|Check|Hint|Score|Question|North"
                     r"|South|East|West|Back|Forward|Show me|Start|Index|lesson|Learn|Play"
                     r"|Following|Scoring|Signals|Declarations|Variants|Strategy)\b"),
    "en": re.compile(r"\b(?:della|delle|degli|questa|pagina|Avanti|Indietro|Controlla"
                     r"|Suggerimento|Domanda|Punteggio|Inizia|Impara|Gioca|lezione|lezioni"
                     r"|Tocca a te|Nord|Ovest|Mostrami|Torna|Prova)\b"),
}
LANGUAGE_NAMES = {"en": "Italian", "it": "English"}


QUOTED = re.compile(r"“[^”]*”")  # words quoted as they are said in the other language


def _found(rules: list[Rule], text: str) -> Iterator[str]:
    for what, pattern in rules:
        match = pattern.search(text)
        if match:
            yield f"{what}: {_quote(text, match)}"


def _quote(text: str, match: re.Match[str], width: int = 40) -> str:
    """The match with a little context, on one line."""
    start, end = max(match.start() - width, 0), min(match.end() + width, len(text))
    excerpt = " ".join(text[start:end].split())
    return f"“{'…' if start else ''}{excerpt}{'…' if end < len(text) else ''}”"


def card_codes(text: str, lang: str) -> Iterator[str]:
    """The card codes in ``text`` (one problem); words that look like codes are skipped."""
    found = [m for m in CARD_CODE.finditer(text) if not NOT_CODES[lang].fullmatch(m.group())]
    if found:
        codes = ", ".join(dict.fromkeys(m.group() for m in found))
        yield f"card codes {codes}: {_quote(text, found[0])}"


def text_problems(text: str, lang: str, codes: bool = True) -> list[str]:
    """Everything wrong with one learner-facing text in a page shown in ``lang``
    (``codes=False``: card codes are allowed, where a lesson teaches the notation)."""
    problems = list(_found(RULES + COUNTS[lang], text))
    if codes:
        problems += card_codes(text, lang)
    bare = QUOTED.sub("“”", text)  # a name quoted in the other language is no fault
    other = OTHER_LANGUAGE[lang].search(bare)
    if other:
        page = "an Italian" if lang == "it" else "an English"
        problems.append(f"{LANGUAGE_NAMES[lang]} words in {page} page: {other.group()!r} in "
                        f"{_quote(bare, other)}")
    return problems


def sentence_problems(text: str) -> list[str]:
    """A sentence a widget writes (feedback, a message) starts with a capital letter."""
    text = text.strip()
    first = re.search(r"[^\W\d_]", text)
    if first and first.group().islower() and not text[:first.start()].strip("“\"'("):
        return [f"sentence starts in lower case: {_quote(text, first)}"]
    return []


LOWER_RANK = re.compile(r"\b(?:ace|jack|knight|king|[2-7]|two|three) of "
                        r"(?:coins|cups|swords|batons)"
                        r"|\b(?:asso|due|tre|quattro|cinque|sei|sette|fante|cavallo|re) di "
                        r"(?:denari|coppe|spade|bastoni)\b")


def check_sentence(text: str) -> None:
    """A capital letter first; cards named with a capital rank, never by their code."""
    assert text[:1].isupper(), text
    assert not CARD_CODE.search(text), text
    assert not LOWER_RANK.search(text), text


def said_twice(text: str, words: int = 5) -> list[str]:
    """The runs of ``words`` words that a text says more than once (a sentence repeating
    the one before it)."""
    found = re.findall(r"[\w']+", text.lower())
    seen: set[tuple[str, ...]] = set()
    twice = []
    for i in range(len(found) - words + 1):
        run = tuple(found[i:i + words])
        if run in seen:
            twice.append(" ".join(run))
        seen.add(run)
    return twice
