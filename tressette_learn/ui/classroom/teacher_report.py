"""The dashboard's tables of mastery, in the teacher's language (HTML text, no widgets):
stars by learner and lesson, the exercises the class misses most, the class deals compared.
Every text a learner typed is escaped here."""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence

from ...ai.levels import LEVELS
from ...classroom.class_deals import ClassDeal, CommonMistake
from ...classroom.class_report import LESSON_CSV_FIELDS, LessonLine, Missed, lessons_csv
from ...classroom.dashboard import Question, lessons_by_id
from ...engine.rules import PRESETS
from ...i18n import Phrase, listed, number
from ...teaching.course import course
from ..i18n import t
from ..lesson import lesson_title


def table_html(css: str, title: str, head: list[str], rows: list[list[str]]) -> str:
    """A titled table; ``head`` and ``rows`` are text, escaped here."""
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
                   for row in rows)
    return (f'<h4>{html.escape(title)}</h4><table class="{css}">'
            f"<thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>")


def csv_anchor(css: str, filename: str, text: str, label: str) -> str:
    """A link that downloads ``text`` as the CSV file ``filename``."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a class="{css}" download="{filename}" '
            f'href="data:text/csv;base64,{data}">{html.escape(label)}</a>')


def question_text(question: Question, lang: str) -> str:
    """A quiz question as the teacher recognises it, in ``lang``."""
    if question.kind == "quiz":
        prompt = question.prompt.get(lang, "")
        if question.number and question.total:
            return t("teacher.question.quiz", lang, number=question.number,
                     total=question.total, prompt=prompt)
        return prompt or t("teacher.question.other", lang)
    if question.kind in ("guided", "memory"):
        return t(f"teacher.question.{question.kind}", lang, number=question.number)
    return t("teacher.question.other", lang)


# -- stars by lesson ------------------------------------------------------------------------
def lessons_html(lines: Sequence[LessonLine], lang: str) -> str:
    """One row per learner, one column per lesson tried: stars, exercises with a star,
    attempts, hints and time (✓ when passed)."""
    if not lines:
        return ""
    tried = {line.lesson for line in lines}
    lessons = [lesson for lesson in course() if lesson.id in tried]
    cells: dict[tuple[str, str], dict[str, str]] = {}
    for line in lines:
        cells.setdefault((line.class_code, line.name), {})[line.lesson] = lesson_cell(line, lang)
    head = [t("teacher.col.name", lang), t("teacher.col.class", lang),
            *(lesson_title(lesson, lang) for lesson in lessons)]
    rows = [[name, code or "–", *(mine.get(lesson.id, "–") for lesson in lessons)]
            for (code, name), mine in cells.items()]
    return table_html("tl-teacher-lessons", t("teacher.lessons", lang), head, rows)


def lesson_cell(line: LessonLine, lang: str) -> str:
    """``★★☆ 5/6 · 7 attempts · 1 hint · 12 min ✓``."""
    text = t("teacher.lesson_cell", lang, stars=stars_text(line.stars), earned=line.earned,
             exercises=line.exercises, attempts=line.attempts, hints=line.hints,
             time=duration(line.seconds, lang))
    return text + (" ✓" if line.passed else "")


def stars_text(stars: int) -> str:
    """``★★☆`` for two stars of three."""
    return "★" * stars + "☆" * (3 - stars)


def duration(seconds: float, lang: str) -> str:
    """Time spent as a person reads it: ``40 s``, ``12 min``, ``1 h 5 min``."""
    whole = round(seconds)
    if whole <= 0:
        return t("teacher.duration.none", lang)
    if whole < 60:
        return t("teacher.duration.seconds", lang, n=whole)
    minutes = round(whole / 60)
    if minutes < 60:
        return t("teacher.duration.minutes", lang, n=minutes)
    return t("teacher.duration.hours", lang, h=minutes // 60, m=minutes % 60)


def lessons_csv_link(lines: Sequence[LessonLine], lang: str) -> str:
    """A link that downloads the stars by lesson as lessons.csv (in ``lang``)."""
    names = {lesson.id: lesson_title(lesson, lang) for lesson in course()}
    head = [t(f"teacher.csv_col.{'lesson_passed' if c == 'passed' else c}", lang)
            for c in LESSON_CSV_FIELDS]
    text = lessons_csv(lines, head, names, (t("teacher.yes", lang), t("teacher.no", lang)))
    return csv_anchor("tl-teacher-lessons-csv", "lessons.csv", text,
                      t("teacher.lessons_csv", lang))


# -- the exercises missed -------------------------------------------------------------------
def missed_html(missed: Sequence[Missed], lang: str) -> str:
    """The exercises most learners tried and have not solved, named in ``lang``."""
    if not missed:
        return ""
    lessons = lessons_by_id()
    head = [t(f"teacher.col.{c}", lang) for c in ("lesson", "exercise", "tried", "unsolved")]
    rows = [[lesson_title(lessons[m.lesson], lang) if m.lesson in lessons else "–",
             exercise_name(m, lang), str(m.tried), f"{m.unsolved} ({m.share:.0%})"]
            for m in missed]
    return table_html("tl-teacher-missed", t("teacher.missed", lang), head, rows)


def exercise_name(missed: Missed, lang: str) -> str:
    """What the exercise is, by its kind: ``Puzzle: take the last trick``, a quiz question
    by its place and prompt."""
    title = missed.title.get(lang) or ""
    if missed.question.kind != "other" and (missed.exercise == "question" or not title):
        return question_text(missed.question, lang)
    if not title:
        return t("teacher.exercise.unnamed", lang, kind=t(f"teacher.kind.{missed.exercise}", lang))
    return t(f"teacher.exercise.{missed.exercise}", lang, title=title)


# -- the class deals ------------------------------------------------------------------------
def deals_html(deals: Sequence[ClassDeal], lang: str) -> str:
    """Each class deal: every learner's points, the best and the average, the mistakes."""
    title = f"<h4>{html.escape(t('teacher.deals', lang))}</h4>"
    if not deals:
        none = html.escape(t("teacher.deals.none", lang))
        return f'{title}<p class="tl-teacher-deals">{none}</p>'
    return title + "".join(deal_html(deal, lang) for deal in deals)


def deal_html(deal: ClassDeal, lang: str) -> str:
    """One class deal compared."""
    heading = t("teacher.deal.title", lang, code=deal.class_code or "–", seed=deal.seed,
                table=_table_name(deal.preset, lang), number=deal.number)
    head = [t(f"teacher.col.{c}", lang) for c in ("name", "level", "points", "against", "cost")]
    rows = [[p.name, _level_name(p.level, lang), str(p.points), str(p.against),
             "–" if p.cost is None else number(p.cost, lang)] for p in deal.plays]
    table = table_html("tl-teacher-deal", heading, head, rows).replace(
        "<h4>", "<h5>", 1).replace("</h4>", "</h5>", 1)
    best = deal.best.points
    names = [p.name for p in deal.plays if p.points == best]
    lines = [t("teacher.deal.summary", lang, best=best, names=listed(names, lang),
               average=round(deal.average, 1))]
    if deal.low_wins:
        lines.append(t("teacher.deal.low_wins", lang))
    said = "".join(f"<p>{html.escape(line)}</p>" for line in lines)
    return f'<div class="tl-teacher-deals">{table}{said}{_mistakes_html(deal, lang)}</div>'


def _mistakes_html(deal: ClassDeal, lang: str) -> str:
    if all(p.cost is None for p in deal.plays):
        return f"<p>{html.escape(t('teacher.deal.no_review', lang))}</p>"
    if not deal.mistakes:
        return f"<p>{html.escape(t('teacher.deal.no_mistakes', lang))}</p>"
    items = "".join(f"<li>{html.escape(mistake_text(m, lang))}</li>" for m in deal.mistakes)
    return (f"<p>{html.escape(t('teacher.deal.mistakes', lang))}</p>"
            f'<ul class="tl-teacher-mistakes">{items}</ul>')


def mistake_text(mistake: CommonMistake, lang: str) -> str:
    """``Trick 2: the Ace of cups, played by Anna and Luca (average loss: 1.5 points).
    Better: the Three of cups.``"""
    better = Phrase.of("review.better.one" if len(mistake.best) == 1 else "review.better.many",
                       best=mistake.best)
    return t("teacher.deal.mistake", lang, trick=mistake.trick, card=mistake.card,
             names=listed(list(mistake.names), lang), cost=round(mistake.cost, 1),
             better=better)


def _table_name(preset: str, lang: str) -> str:
    """The table's name as the match form shows it, up to its colon: ``Standard``."""
    return t(f"match.preset.{preset}", lang).split(":")[0] if preset in PRESETS else preset


def _level_name(level: str, lang: str) -> str:
    return t(f"match.level.{level}", lang).split(":")[0] if level in LEVELS else "–"


__all__ = ["csv_anchor", "deal_html", "deals_html", "duration", "exercise_name",
           "lesson_cell", "lessons_csv_link", "lessons_html", "missed_html", "mistake_text",
           "question_text", "stars_text", "table_html"]
