"""A lesson page as the learner sees it: opening it, reading its text, waiting for it to
answer, and writing down what is wrong (:class:`Findings`) instead of stopping at the first
problem, so one run names everything a learner would meet on the page."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from learner_text import sentence_problems, text_problems
from playwright.sync_api import ElementHandle, Error, Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

EXTERNAL = re.compile(r"^https?://(?!127\.0\.0\.1[:/])")
OPEN_TIMEOUT = 60_000  # ms: a cold kernel on a loaded 2-core machine
ANSWER_TIMEOUT = 15_000  # ms for the kernel to answer a click: the whole suite loads 2 cores
# to a load average of about 7, and these machines differ in speed by twice (5 s ran out)
SHOWN = 3  # problems of one kind in one place that a report lists in full
ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
# Widgets that write sentences of their own (feedback, messages, comments).
MESSAGES = (".tl-quiz-feedback, .tl-quiz-hint-text, .tl-message, .tl-guided-comment, "
            ".tl-result, .tl-status, .tl-match-status, .tl-memory [role=status], "
            ".tl-signin-message, .tl-match-problem, .tl-coach-output")

# Every visible text of the page outside drawings, with where it is: the outermost widget
# (numbered in page order) and the innermost part, e.g. "tl-quiz 2 › tl-quiz-feedback",
# and whether it is set as code; then what assistive technology reads (aria-label,
# placeholder, title).
TEXTS_JS = """(root) => {
  const tl = (el) => [...el.classList].find((c) => c.startsWith("tl-"));
  const where = (el) => {
    let outer = null, inner = null;
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      if (tl(e)) { outer = e; inner = inner || e; }
    }
    if (!outer) {
      if (el.closest(".jp-RenderedMarkdown, .jp-MarkdownOutput")) return "Markdown cell";
      if (el.closest(".jp-OutputArea-output")) return "cell output";
      return "page";
    }
    const cls = tl(outer);
    const tops = [...document.querySelectorAll("." + cls)]
      .filter((e) => !e.parentElement.closest("." + cls));
    const name = `${cls} ${tops.indexOf(outer) + 1}`;
    return inner === outer ? name : `${name} › ${tl(inner)}`;
  };
  const shown = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.data.trim() || !el || el.closest("svg, style, script, head")) continue;
    if (el.tagName === "OPTION" ? shown(el.closest("select")) : shown(el)) {
      out.push([where(el), node.data, !!el.closest("code")]);
    }
  }
  for (const el of root.querySelectorAll("[aria-label], [placeholder], [title]")) {
    const host = el.closest("svg") ? el.closest("svg").parentElement : el;
    if (!host || !shown(host)) continue;
    for (const name of ["aria-label", "placeholder", "title"]) {
      const value = el.getAttribute(name);
      if (value && value.trim()) out.push([where(host) + ` (${name})`, value, false]);
    }
  }
  return out;
}"""

# The class and text of every visible message under ``root`` (visible as Playwright means
# it: a box of some size, not ``visibility: hidden``), read at once: a locator's round trips
# per message took 5-8 s a page.
MESSAGES_JS = """([root, selector]) => [...root.querySelectorAll(selector)].filter((el) => {
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
}).map((el) => [el.className, el.innerText])"""

# Every drawn card, hand or list that leaves the screen or the felt it is drawn on, and every
# drawing of cards (a hand, a trick) that leaves the screen.
OUTSIDE = """() => {
  const out = [], inside = (r, box) => r.left >= box.left - 1 && r.right <= box.right + 1;
  const screen = {left: 0, right: innerWidth};
  for (const felt of document.querySelectorAll('.tl-felt')) {
    const box = felt.getBoundingClientRect();
    for (const card of felt.querySelectorAll('svg')) {
      const r = card.getBoundingClientRect();
      if (r.width && !(inside(r, box) && inside(r, screen)))
        out.push('card ' + r.left + '-' + r.right);
    }
  }
  for (const drawing of document.querySelectorAll('svg[role=group]')) {
    const r = drawing.getBoundingClientRect();
    if (r.width && !drawing.closest('.tl-felt') && !inside(r, screen))
      out.push('drawing “' + drawing.getAttribute('aria-label') + '” ' + r.left + '-' + r.right);
  }
  for (const list of document.querySelectorAll('.tl-match-setup select')) {
    const r = list.getBoundingClientRect();
    if (r.width && !inside(r, screen)) out.push('list ' + r.left + '-' + r.right);
  }
  return out;
}"""

# Resolves once ``root`` has not changed for ``quiet`` ms (at most after ``limit`` ms), with
# whether it changed meanwhile.
SETTLE_JS = """([root, quiet, limit]) => new Promise((resolve) => {
  let changed = false;
  const done = () => {
    observer.disconnect(); clearTimeout(timer); clearTimeout(cap); resolve(changed);
  };
  let timer = setTimeout(done, quiet);
  const cap = setTimeout(done, limit);
  const observer = new MutationObserver(() => {
    changed = true; clearTimeout(timer); timer = setTimeout(done, quiet);
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true,
                           characterData: true });
})"""


class Findings:
    """What is wrong on one page, each with where it is; reported all at once."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.items: list[str] = []
        self._seen: set[str] = set()

    def add(self, where: str, what: str) -> None:
        line = f"{where}: {what}"
        if line not in self._seen:
            self._seen.add(line)
            self.items.append(line)

    def report(self) -> str:
        """Every problem, one a line; past three of one kind in one place, a count."""
        groups: dict[str, list[str]] = {}
        for item in self.items:
            where, _, what = item.partition(": ")
            groups.setdefault(f"{where}: {what.split(':')[0]}", []).append(item)
        lines = []
        for items in groups.values():
            lines += [f"  - {item}" for item in items[:SHOWN]]
            if len(items) > SHOWN:
                lines.append(f"    (and {len(items) - SHOWN} more like these)")
        return (f"{self.title}: {len(self.items)} problem(s) a learner would see\n"
                + "\n".join(lines))

    @contextmanager
    def step(self, where: str) -> Iterator[None]:
        """Run one part of the walk; a timeout or a failed expectation is written down
        (with ``where``) and the walk goes on with the next part."""
        try:
            yield
        except (AssertionError, PlaywrightTimeout) as err:
            self.add(where, _first_line(err))
        except Error as err:
            self.add(where, f"the browser failed: {_first_line(err)}")


def _first_line(err: Exception) -> str:
    """An error's message without Playwright's call log, on one line."""
    text = str(err).split("Call log:")[0].strip()
    return " ".join(text.split())[:400] or type(err).__name__


def open_page(page: Page, url: str, findings: Findings) -> bool:
    """Open a Voilà page and wait for its widgets; False (with a finding) when it fails."""
    page.set_default_timeout(ANSWER_TIMEOUT)
    page.route(EXTERNAL, lambda route: route.fulfill(status=200, body=""))
    page.goto(url, timeout=OPEN_TIMEOUT)
    page.locator("#loading").wait_for(state="hidden", timeout=OPEN_TIMEOUT)
    error = page.locator(ERROR_OUTPUT).first
    page.locator(".jupyter-widgets").first.or_(error).wait_for(timeout=OPEN_TIMEOUT)
    settle(page, quiet=500, limit=3_000)
    if error.is_visible():
        findings.add("page", f"a cell failed: {error.inner_text()[:500]}")
        return False
    return True


def settle(page: Page, root: Locator | None = None, quiet: int = 250,
           limit: int = ANSWER_TIMEOUT) -> bool:
    """Wait until ``root`` (the page) has been quiet for ``quiet`` ms; whether it changed."""
    handle = (root or page.locator("body")).element_handle()
    return bool(page.evaluate(SETTLE_JS, [handle, quiet, limit]))


def changes(page: Page, root: ElementHandle | None, action: Callable[[], None],
            limit: int = ANSWER_TIMEOUT) -> bool:
    """Do ``action`` and tell whether ``root`` changed within ``limit`` ms."""
    watch = page.evaluate_handle(
        """(root) => {
          const seen = { changed: false };
          seen.observer = new MutationObserver(() => { seen.changed = true; });
          seen.observer.observe(root, { subtree: true, childList: true, attributes: true,
                                        characterData: true });
          return seen;
        }""", root)
    action()
    try:
        page.wait_for_function("(seen) => seen.changed", arg=watch, timeout=limit)
        return True
    except PlaywrightTimeout:
        return False
    finally:
        watch.evaluate("(seen) => seen.observer.disconnect()")


def read_texts(page: Page, findings: Findings, lang: str, root: Locator | None = None,
               notation: bool = False) -> None:
    """Apply the text rules to every visible text of the page (or of ``root``); with
    ``notation`` (a lesson that teaches it) card codes set as code are allowed."""
    handle = (root or page.locator("body")).element_handle()
    for where, text, as_code in page.evaluate(TEXTS_JS, handle):
        for problem in text_problems(text, lang, codes=not (notation and as_code)):
            findings.add(where, problem)
    for name, text in page.evaluate(MESSAGES_JS, [handle, MESSAGES]):
        where = next((c for c in name.split() if c.startswith("tl-")), "message")
        for problem in sentence_problems(text):
            findings.add(where, problem)


def on_the_screen(page: Page, findings: Findings) -> None:
    """On a phone: no card leaves its felt or the screen, no list the screen, and the page
    does not scroll sideways."""
    for item in page.evaluate(OUTSIDE):
        findings.add("phone", f"{item} px: off the screen or its felt")
    width = page.evaluate("() => Math.max(document.documentElement.scrollWidth,"
                          " document.body.scrollWidth)")
    screen = (page.viewport_size or {"width": width})["width"]
    if width > screen + 1:
        findings.add("phone", f"the page scrolls sideways: {width} px wide on a {screen} px "
                              "screen")


def screenshot(page: Page, path: Path) -> Path:
    """The whole page (Voilà scrolls inside its body: the viewport grows to fit it)."""
    size = page.viewport_size or {"width": 1280, "height": 900}
    height = page.evaluate(
        "() => Math.max(...[document.documentElement, document.body,"
        " ...document.querySelectorAll('body *')].map((e) => e.scrollHeight || 0))")
    path.parent.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": size["width"], "height": min(int(height) + 40, 30_000)})
    try:
        page.screenshot(path=str(path), full_page=True)
    finally:
        page.set_viewport_size(size)
    return path


def normal(text: str) -> str:
    """Text with its white space collapsed, for comparing what a page shows."""
    return " ".join(text.split())
