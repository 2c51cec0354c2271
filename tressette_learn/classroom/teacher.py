"""The teacher dashboard: opened with the key set when the server started (no key, no data).

Every name a learner typed is escaped wherever it is shown.
"""

from __future__ import annotations

import base64
import hmac
import html
import io
import os
import time

import ipywidgets as widgets
from matplotlib.figure import Figure

from ..ui.i18n import t
from ..ui.settings import SETTINGS, Settings
from .dashboard import (
    LearnerLine,
    Rate,
    classes,
    learner_lines,
    learners_csv,
    lesson_rates,
    question_rates,
)
from .store import Store, StoreError

KEY_VARIABLE = "TRESSETTE_TEACHER_KEY"
WRONG_KEY_PAUSE = 1.0  # seconds, to slow down guessing


def key_matches(typed: str, expected: str | None) -> bool:
    """Whether ``typed`` is the server's teacher key (never with no key set)."""
    if not expected:
        return False
    return hmac.compare_digest(typed.encode(), expected.encode())


class TeacherDashboard(widgets.VBox):
    """Key in; then progress per learner, error rates per question, the hardest lessons."""

    def __init__(self, store: Store | None = None, key: str | None = None,
                 settings: Settings = SETTINGS) -> None:
        self._store = store
        self._key = os.environ.get(KEY_VARIABLE) if key is None else key
        self.settings = settings
        self.opened = False
        lang = settings.lang
        self.key_input = widgets.Password(placeholder=t("teacher.key", lang))
        self.open_button = widgets.Button(description=t("teacher.open", lang))
        self.open_button.on_click(lambda _b: self.unlock(self.key_input.value))
        self.message = widgets.HTML()
        self.content = widgets.VBox()
        for widget, css in ((self.key_input, "tl-teacher-key"), (self.open_button,
                            "tl-teacher-open"), (self.message, "tl-teacher-message")):
            widget.add_class(css)
        super().__init__([widgets.HBox([self.key_input, self.open_button]), self.message,
                          self.content])
        self.add_class("tl-teacher")
        if not self._key:
            self._say(t("teacher.no_key", lang, variable=KEY_VARIABLE))
            self.open_button.disabled = True

    def unlock(self, typed: str) -> bool:
        """Show the class's data if ``typed`` is the key; otherwise show nothing."""
        lang = self.settings.lang
        self.key_input.value = ""
        if not key_matches(typed, self._key):
            time.sleep(WRONG_KEY_PAUSE)
            self.content.children = ()
            self._say(t("teacher.wrong_key", lang) if self._key
                      else t("teacher.no_key", lang, variable=KEY_VARIABLE))
            return False
        self.opened = True
        self._say("")
        self.refresh()
        return True

    def refresh(self, class_code: str | None = None) -> None:
        """Read the store again and redraw (for one class, or all)."""
        if not self.opened:
            return
        lang = self.settings.lang
        try:
            rows = (self._store or Store()).rows()
        except StoreError as err:
            self._say(t("teacher.store_failed", lang, reason=str(err)))
            return
        picker = widgets.Dropdown(options=[(t("teacher.all_classes", lang), "")]
                                  + [(code or "–", code) for code in classes(rows)],
                                  value=class_code or "")
        picker.observe(lambda change: self.refresh(change["new"]), "value")
        if class_code:
            rows = [r for r in rows if r["class_code"] == class_code]
        lines = learner_lines(rows)
        self.content.children = (
            picker, widgets.HTML(learners_html(lines, lang)),
            widgets.HTML(rates_html(question_rates(rows)[:15], lang, "teacher.questions")),
            lesson_chart(lesson_rates(rows), lang),
            widgets.HTML(csv_link(learners_csv(lines), lang)))

    def _say(self, text: str) -> None:
        self.message.value = f"<p>{html.escape(text)}</p>" if text else ""


def learners_html(lines: list[LearnerLine], lang: str) -> str:
    """The per-learner table, every cell escaped."""
    if not lines:
        return f"<p>{html.escape(t('teacher.empty', lang))}</p>"
    head = "".join(f"<th>{html.escape(t(f'teacher.col.{c}', lang))}</th>" for c in
                   ("name", "class", "answers", "right", "lessons", "matches", "last"))
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in (
            line.name, line.class_code or "–", line.answered, f"{line.right_rate:.0%}",
            ", ".join(line.lessons_done) or "–", line.matches, line.last_seen)) + "</tr>"
        for line in lines)
    title = html.escape(t("teacher.learners", lang))
    return (f'<h4>{title}</h4><table class="tl-teacher-learners">'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


def rates_html(rates: list[Rate], lang: str, title: str) -> str:
    """A table of error rates."""
    rows = "".join(f"<tr><td>{html.escape(r.key)}</td><td>{r.answers}</td>"
                   f"<td>{r.error_rate:.0%}</td></tr>" for r in rates)
    head = "".join(f"<th>{html.escape(t(f'teacher.col.{c}', lang))}</th>"
                   for c in ("question", "answers", "wrong"))
    return (f"<h4>{html.escape(t(title, lang))}</h4><table class=\"tl-teacher-questions\">"
            f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")


def lesson_chart(rates: list[Rate], lang: str) -> widgets.Widget:
    """A bar chart of each lesson's error rate, hardest on top."""
    if not rates:
        return widgets.HTML()
    fig = Figure(figsize=(6, 0.4 * len(rates) + 1.2))
    ax = fig.add_subplot()
    ordered = list(reversed(rates))
    ax.barh([r.key for r in ordered], [100 * r.error_rate for r in ordered], color="#0072B2")
    ax.set_xlabel(t("teacher.chart_x", lang))
    ax.set_title(t("teacher.hardest", lang))
    ax.set_xlim(0, 100)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90)
    image = widgets.Image(value=buffer.getvalue(), format="png")
    image.add_class("tl-teacher-chart")
    return image


def csv_link(text: str, lang: str) -> str:
    """A link that downloads ``text`` as progress.csv."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a class="tl-teacher-csv" download="progress.csv" '
            f'href="data:text/csv;base64,{data}">{html.escape(t("teacher.csv", lang))}</a>')
