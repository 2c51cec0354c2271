"""The tricks of a deal so far, drawn one beside the other (who played each card, who took
the trick, the leader's signal in words): what a drill or a puzzle shows of the play before
its question."""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..engine.svg import trick_svg
from ..engine.tricks import Trick
from ..engine_words import svg_labels
from .i18n import t


def tricks_html(tricks: Sequence[Trick], lang: str, faces: str, label: str) -> str:
    """Each trick with its caption (the string ``label`` with its ``number``, then its
    signal if the leader gave one), wrapping on a narrow screen."""
    rows = []
    for number, trick in enumerate(tricks, 1):
        svg = trick_svg([(p.seat, p.card) for p in trick.plays], winner=trick.winner,
                        faces=faces, labels=svg_labels(lang))
        caption = t(label, lang, number=number)
        if trick.signal is not None:
            caption += f" · {t(f'table.signal.{trick.signal}', lang)}"
        rows.append(f'<div class="tl-trick-so-far"><small>{html.escape(caption)}</small><br>'
                    f"{svg}</div>")
    return '<div style="display:flex;flex-wrap:wrap;gap:4px">' + "".join(rows) + "</div>"
