"""The teacher dashboard: opened with the key set when the server started (no key, no data).
On the class hub only the teacher's server has the key, and it opens without asking (the
teacher signed in to the hub with it); a learner opening the page is told it is not theirs.

Everything shows in the teacher's language (the language switch on top, remembered like a
learner's); lessons by their titles, questions by their place and prompt, times as a person
reads them. Every name a learner typed is escaped wherever it is shown.
"""

from __future__ import annotations

import hmac
import html
import io
import os
import time
from collections import Counter
from collections.abc import Mapping
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets
from matplotlib.figure import Figure

from ...classroom.class_deals import compare_deals
from ...classroom.class_report import lesson_lines, missed_exercises
from ...classroom.dashboard import (
    CSV_FIELDS,
    LearnerLine,
    Question,
    Rate,
    classes,
    learner_lines,
    learners_csv,
    lesson_rates,
    lessons_by_id,
    local_time,
    question_rates,
)
from ...classroom.mastery import LessonScore, course_mastery
from ...i18n import Joined, Phrase
from ...store import Store, StoreError
from ...teaching.course import course
from ..i18n import t
from ..lesson import lesson_title
from ..messages import checked
from ..preferences import language_switch
from ..settings import SETTINGS, Settings
from .class_address import ClassAddress
from .class_seed_box import ClassDealsBox
from .hub_learner import hub_learner
from .import_box import ImportBox
from .learners_box import LearnersBox
from .teacher_report import (
    csv_anchor,
    deals_html,
    lessons_csv_link,
    lessons_html,
    missed_html,
    question_text,
    table_html,
)

KEY_VARIABLE = "TRESSETTE_TEACHER_KEY"
MOST_MISSED = 15  # questions and exercises listed
WRONG_KEY_PAUSE = 1.0  # seconds, to slow down guessing
MAX_KEY = 200  # characters of a key typed
STYLE = ("<style>.tl-teacher table { border-collapse: collapse; margin-bottom: 1em; }"
         " .tl-teacher th, .tl-teacher td { padding: 2px 10px; text-align: left;"
         " vertical-align: top; border-bottom: 1px solid #ddd; }"
         # a phone: rows of fields wrap, long addresses break, wide tables scroll alone
         " .tl-teacher .widget-hbox { flex-wrap: wrap; row-gap: 4px; }"
         " .tl-teacher p, .tl-teacher a { overflow-wrap: anywhere; }"
         " .tl-teacher .widget-text, .tl-teacher .widget-dropdown { max-width: 100%; }"
         " .tl-teacher table { display: block; max-width: 100%; overflow-x: auto; }</style>")


def key_matches(typed: str, expected: str | None) -> bool:
    """Whether ``typed`` is the server's teacher key (never with no key set)."""
    if not expected:
        return False
    return hmac.compare_digest(typed.encode(), expected.encode())


class KeyBox(anywidget.AnyWidget):
    """The key and the Open button; each try arrives as one message with the key typed."""

    _esm = Path(__file__).with_name("teacher_key.js")
    state = traitlets.Dict().tag(sync=True)


class TeacherDashboard(widgets.VBox):
    """Key in; then each learner's progress and lesson scores, the most missed questions,
    the hardest lessons."""

    def __init__(self, store: Store | None = None, key: str | None = None,
                 settings: Settings = SETTINGS) -> None:
        self._store = store
        self._key = os.environ.get(KEY_VARIABLE) if key is None else key
        self.settings = settings
        self.opened = False
        self._class = ""
        self._said: tuple[str, dict[str, Any]] | None = None
        self.intro, self.message = widgets.HTML(), widgets.HTML()
        self.key_box = KeyBox()
        self.key_box.on_msg(self._on_message)
        self.content = widgets.VBox()
        self.learners_box: LearnersBox | None = None  # made at the first refresh
        self.importer = ImportBox(lambda: self._store or Store(), settings,
                                  lambda: self.refresh(self._class), lambda: self.opened)
        for widget, css in ((self.intro, "tl-teacher-intro"),
                            (self.message, "tl-teacher-message")):
            widget.add_class(css)
        switch = language_switch(settings, lambda lang: t("teacher.tab_title", lang))
        super().__init__([switch, self.intro, ClassAddress(settings=settings), self.key_box,
                          self.message, self.content])
        self.add_class("tl-teacher")
        self._hub = hub_learner()
        if not self._key and self._hub:
            self._say("teacher.hub_learner", name=self._hub[0])
        elif not self._key:
            self._say("teacher.no_key", variable=KEY_VARIABLE)
        settings.observe(self._relabel, "lang")
        self._relabel()
        if self._key and self._hub:  # the hub gives the key to the teacher's server alone
            self.unlock(self._key)

    def unlock(self, typed: str) -> bool:
        """Show the class's data if ``typed`` is the key; otherwise show nothing."""
        if not key_matches(typed, self._key):
            time.sleep(WRONG_KEY_PAUSE)
            self.content.children = ()
            if self._key:
                self._say("teacher.wrong_key")
            return False
        self.opened = True
        self._say(None)
        self._relabel()
        return True

    def refresh(self, class_code: str | None = None) -> None:
        """Read the store again and redraw (for one class, or all)."""
        if not self.opened:
            return
        self._class = class_code or ""
        lang = self.settings.lang
        store = self._store or Store()
        skipped: list[tuple[str, str]] = []
        try:
            rows, results = store.rows(), store.class_results(self._class or None, skipped)
        except StoreError as err:
            self._say("teacher.store_failed", reason=str(err))
            return
        codes = sorted(set(classes(rows)) | {r.class_code for r in results}
                       | ({self._class} if self._class else set()))
        picker = widgets.Dropdown(options=[(t("teacher.all_classes", lang), "")]
                                  + [(code or "–", code) for code in codes],
                                  value=self._class)
        picker.observe(lambda change: self.refresh(change["new"]), "value")
        picker.add_class("tl-teacher-class")
        if self._class:
            rows = [r for r in rows if r["class_code"] == self._class]
        lessons = lesson_lines(results)
        lines = learner_lines(rows, Counter((line.name, line.class_code) for line in lessons
                                            if line.passed))
        self.content.children = (
            widgets.HBox([picker, self._refresh_button()]),
            widgets.HTML(unreadable_html(skipped, lang)),
            ClassDealsBox(store, self._class, self.settings),
            self.importer,
            self._learners_box(store),
            widgets.HTML(learners_html(lines, lang)),
            widgets.HTML(lessons_html(lessons, lang)),
            widgets.HTML(missed_html(missed_exercises(results)[:MOST_MISSED], lang)),
            widgets.HTML(deals_html(compare_deals(rows), lang)),
            widgets.HTML(scores_html(lines, lang)),
            widgets.HTML(questions_html(question_rates(rows)[:MOST_MISSED], lang)),
            lesson_chart(lesson_rates(rows), lang),
            widgets.HTML(csv_link(lines, lang) + " · " + lessons_csv_link(lessons, lang)))

    def _learners_box(self, store: Store) -> LearnersBox:
        """The teacher's changes to learners (kept across refreshes, so their message
        stays), showing the class chosen."""
        if self.learners_box is None:
            self.learners_box = LearnersBox(store, settings=self.settings,
                                            changed=lambda: self.refresh(self._class))
        self.learners_box.class_code = self._class
        self.learners_box.draw()
        return self.learners_box

    def _refresh_button(self) -> widgets.Button:
        button = widgets.Button(description=t("teacher.refresh", self.settings.lang),
                                layout=widgets.Layout(width="auto"))
        button.add_class("tl-teacher-refresh")
        button.on_click(lambda _b: self.refresh(self._class))
        return button

    def _on_message(self, _widget: object, content: Any, _buffers: object) -> None:
        msg = checked("TeacherDashboard", content, {"unlock": {"key": str}}, max_text=MAX_KEY)
        if msg is not None and not self.opened:
            self.unlock(msg["key"])

    def _relabel(self, _change: object = None) -> None:
        lang = self.settings.lang
        asks = not self.opened and (self._key or not self._hub)
        intro = f"<p>{html.escape(t('teacher.intro', lang))}</p>" if asks else ""
        self.intro.value = f"<h1>{html.escape(t('teacher.title', lang))}</h1>{intro}{STYLE}"
        self.key_box.state = {"key": t("teacher.key", lang), "open": t("teacher.open", lang),
                              "enabled": bool(self._key), "unlocked": self.opened}
        self._draw_message()
        self.refresh(self._class)

    def _say(self, key: str | None, **values: Any) -> None:
        self._said = (key, values) if key else None
        self._draw_message()

    def _draw_message(self) -> None:
        said = self._said
        self.message.value = (f"<p>{html.escape(t(said[0], self.settings.lang, **said[1]))}</p>"
                              if said else "")


# -- the tables ---------------------------------------------------------------------------------
def learners_html(lines: list[LearnerLine], lang: str, now: datetime | None = None) -> str:
    """The per-learner table, every cell escaped."""
    if not lines:
        return f"<p>{html.escape(t('teacher.empty', lang))}</p>"
    lessons = len(course_mastery(()))  # the lessons that can be passed: with exercises
    head = [t(f"teacher.col.{c}", lang) for c in
            ("name", "class", "passed", "right", "deals", "matches", "last")]
    rows = [[line.name, line.class_code or "–",
             t("teacher.passed", lang, passed=line.passed, lessons=lessons),
             t("teacher.right", lang, rate=round(100 * line.right_rate),
               answered=line.answered) if line.answered else "–",
             str(line.deals), t("teacher.matches", lang, matches=line.matches, won=line.won)
             if line.matches else "0", when(line.last_seen, lang, now)] for line in lines]
    return table_html("tl-teacher-learners", t("teacher.learners", lang), head, rows)


def scores_html(lines: list[LearnerLine], lang: str) -> str:
    """Each learner's first-answer score in each lesson's quiz (✓ when passed)."""
    if not lines:
        return ""
    lessons = [lesson for lesson in course() if lesson.quiz]
    head = [t("teacher.col.name", lang), *(lesson_title(lesson, lang) for lesson in lessons)]
    rows = [[line.name, *(_score(line.scores.get(lesson.id)) for lesson in lessons)]
            for line in lines]
    return table_html("tl-teacher-scores", t("teacher.scores", lang), head, rows)


def _score(score: LessonScore | None) -> str:
    if score is None or not score.answered:
        return "–"
    return f"{score.right}/{score.total}"


def questions_html(rates: list[Rate], lang: str) -> str:
    """The most missed questions: their lesson, what they asked, how often they were missed."""
    lessons = lessons_by_id()
    head = [t(f"teacher.col.{c}", lang) for c in ("lesson", "question", "answers", "wrong")]
    rows = [[lesson_title(lessons[r.lesson], lang) if r.lesson in lessons else "–",
             question_text(r.question or Question("other"), lang), str(r.answers),
             f"{r.error_rate:.0%}"] for r in rates]
    return table_html("tl-teacher-questions", t("teacher.questions", lang), head, rows)


def when(iso: str, lang: str, now: datetime | None = None) -> str:
    """A stored time as a person reads it: "today, 14:05", "12 March, 9:30", "3 May 2024"."""
    moment = local_time(iso)
    if moment is None:
        return iso
    now = (now or datetime.now()).astimezone()
    clock = f"{moment.hour}:{moment.minute:02d}"
    if moment.date() == now.date():
        return t("teacher.time.today", lang, time=clock)
    if moment.date() == (now - timedelta(days=1)).date():
        return t("teacher.time.yesterday", lang, time=clock)
    month = t(f"teacher.month.{moment.month}", lang)
    if moment.year == now.year:
        return t("teacher.time.this_year", lang, day=moment.day, month=month, time=clock)
    return t("teacher.time.date", lang, day=moment.day, month=month, year=str(moment.year))


def lesson_chart(rates: list[Rate], lang: str) -> widgets.Widget:
    """A bar chart of each lesson's error rate, hardest on top."""
    lessons = lessons_by_id()
    rates = [r for r in rates if r.key in lessons]
    if not rates:
        return widgets.HTML()
    fig = Figure(figsize=(7, 0.4 * len(rates) + 1.2))
    ax = fig.add_subplot()
    ordered = list(reversed(rates))
    ax.barh([lesson_title(lessons[r.key], lang) for r in ordered],
            [100 * r.error_rate for r in ordered], color="#0072B2")
    ax.set_xlabel(t("teacher.chart_x", lang))
    ax.set_title(t("teacher.hardest", lang))
    ax.set_xlim(0, 100)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90)
    image = widgets.Image(value=buffer.getvalue(), format="png")
    image.add_class("tl-teacher-chart")
    return image


def csv_link(lines: list[LearnerLine], lang: str) -> str:
    """A link that downloads the progress table as progress.csv (headers in ``lang``)."""
    names: Mapping[str, str] = {lesson.id: lesson_title(lesson, lang)
                                for lesson in course() if lesson.quiz}
    text = learners_csv(lines, [t(f"teacher.csv_col.{c}", lang) for c in CSV_FIELDS], names)
    return csv_anchor("tl-teacher-csv", "progress.csv", text, t("teacher.csv", lang))


def unreadable_html(skipped: list[tuple[str, str]], lang: str) -> str:
    """A line naming the learners whose stored rows cannot be read (left out of the
    figures below, which go on with the rest); nothing when all can be read."""
    if not skipped:
        return ""
    who = sorted(set(skipped))
    names = Joined(tuple(Phrase.of("teacher.learner_in_class", name=name, code=code or "–")
                         for name, code in who), "; ")
    text = t("teacher.unreadable", lang, learners=names.get(lang), n=len(skipped))
    return f'<p class="tl-teacher-unreadable" role="alert">{html.escape(text)}</p>'
