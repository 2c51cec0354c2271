"""The glossary as a table that follows the learner's language."""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..teaching.glossary import glossary
from .i18n import t
from .markup import TABLE_SPACING
from .settings import SETTINGS, Settings


def glossary_view(settings: Settings = SETTINGS) -> widgets.HTML:
    """Every word of Tressette and what it means."""
    box = widgets.HTML()
    box.add_class("tl-glossary")

    def draw(_change: object = None) -> None:
        lang = settings.lang
        rows = "".join(f"<tr><th>{html.escape(e.term)}</th>"
                       f"<td>{html.escape(e.meaning[lang])}</td></tr>" for e in glossary())
        box.value = (f"<h4>{html.escape(t('glossary.title', lang))}</h4>"
                     f'<table class="tl-glossary-table" {TABLE_SPACING}>{rows}</table>')

    draw()
    settings.observe(draw, "lang")
    return box
