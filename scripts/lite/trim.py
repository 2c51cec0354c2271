"""Edits of the site ``voici build`` wrote, for speed, size, a site that asks for nothing
outside itself (docs/lite.md, "Speed" and "Size") and pages that open in the learner's
language. Each edit checks that what it changes is there, so that a new voici or JupyterLite
fails the build instead of being edited wrongly."""

from __future__ import annotations

import shutil
from pathlib import Path

# JupyterLite's lab app and what only it uses: voici's pages load voici/build/ and take
# their settings from the page itself (the lab's jupyterlab-manager: voici bundles its own);
# voici's list of files (voici/tree, where voici/index.html leads; it links Font Awesome
# 4.5 from a CDN): the site's index.html opens the course instead.
UNUSED = ("build", "bootstrap.js", "config-utils.js", "service-worker.js",
          "extensions/@jupyter-widgets", "voici/tree", "voici/index.html")
# voici's lab template links Font Awesome from a CDN; no page uses an icon.
ICON_FONT = ('  <link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/'
             'fontawesome-free@^5/css/{}.min.css" type="text/css" />\n')
ICON_LINKS = tuple(ICON_FONT.format(name) for name in ("all", "v4-shims"))
# voici starts JupyterLite's service worker, and the Pyodide kernel then mounts the page's
# files at /drive as its working directory: every import asks the service worker (a
# synchronous request through the page) and every file the page fetches passes through it.
# The pages read no file of the drive: the plugin is left out of voici's list.
SERVICE_WORKER = '"@jupyterlite/application-extension:service-worker-manager"===e.id'
NO_PLUGIN = "!1"
# Each page hides itself from its first paint while a language saved in the browser is not
# yet the kernel's (voici loads the widgets' own scripts after drawing the cells: hidden only
# from there, an Italian learner saw English for seconds).
HEAD_END = "</head>"
PREFERENCES_HEAD = Path(__file__).resolve().parents[2] / "tressette_learn" / "ui" / \
    "preferences_head.js"


class TrimError(SystemExit):
    """An edit did not find what it changes (another voici or JupyterLite)."""


def drop_unused(site: Path) -> None:
    """Remove the files and folders of :data:`UNUSED` (each must be there)."""
    for name in UNUSED:
        path = site / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.is_file():
            path.unlink()
        else:
            raise TrimError(f"lite build: {name} is not in the site any more")


def drop_icon_font(site: Path) -> None:
    """Remove Font Awesome's links from every rendered page."""
    pages = sorted((site / "voici" / "render").glob("*.html"))
    if not pages:
        raise TrimError("lite build: no page in voici/render")
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for link in ICON_LINKS:
            if link not in text:
                raise TrimError(f"lite build: {page.name} does not link {link.strip()}")
            text = text.replace(link, "")
        page.write_text(text, encoding="utf-8")


def hide_until_preferences(site: Path) -> None:
    """Inline :data:`PREFERENCES_HEAD` at the end of every rendered page's ``<head>`` (it
    runs before the body is drawn)."""
    script = f"<script>\n{PREFERENCES_HEAD.read_text(encoding='utf-8')}</script>\n"
    for page in sorted((site / "voici" / "render").glob("*.html")):
        text = page.read_text(encoding="utf-8")
        if text.count(HEAD_END) != 1:
            raise TrimError(f"lite build: {page.name} has no single {HEAD_END}")
        page.write_text(text.replace(HEAD_END, script + HEAD_END), encoding="utf-8")


def drop_service_worker(site: Path) -> None:
    """Leave the service worker's plugin out of voici's app (in one of its chunks)."""
    chunks = [path for path in (site / "voici" / "build").glob("*.js")
              if SERVICE_WORKER in path.read_text(encoding="utf-8")]
    if len(chunks) != 1:
        raise TrimError(f"lite build: voici's service worker plugin found in {len(chunks)} "
                        "chunks, expected 1")
    text = chunks[0].read_text(encoding="utf-8")
    chunks[0].write_text(text.replace(SERVICE_WORKER, NO_PLUGIN), encoding="utf-8")


def trim(site: Path) -> None:
    """Every edit, on the built ``site``."""
    drop_service_worker(site)
    drop_icon_font(site)
    hide_until_preferences(site)
    drop_unused(site)
