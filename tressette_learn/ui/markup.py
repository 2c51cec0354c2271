"""A small, safe Markdown subset for lesson text: paragraphs, headings, lists, bold, italic,
code.

Everything is escaped first, so a lesson file can never inject HTML.
"""

from __future__ import annotations

import html
import re

_INLINE = [
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
    (re.compile(r"\*\*([^*]+)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"\*([^*]+)\*"), r"<em>\1</em>"),
]
_TAGS = {"h": "h4", "p": "p"}
#: The attribute a table of an HTML widget needs: no stylesheet reaches it, and without it
#: its columns run together ("North–SouthEast–West").
TABLE_SPACING = 'style="border-spacing: 1em 0.3em"'


def inline(text: str) -> str:
    """Escape ``text`` and mark up `code`, **bold** and *italic*."""
    out = html.escape(text, quote=False)
    for pattern, replacement in _INLINE:
        out = pattern.sub(replacement, out)
    return out


def to_html(text: str) -> str:
    """Line by line: a ``## `` line is a heading, ``- `` lines make a list (a line after an
    item continues it, until a blank line), other lines join into a paragraph."""
    parts: list[tuple[str, list[str]]] = []  # (kind, texts): "h" heading, "p", "ul"
    for line in text.splitlines():
        line = line.strip()
        kind = parts[-1][0] if parts else ""
        if not line:
            parts.append(("", []))  # a blank line ends the paragraph or list
        elif line.startswith("## "):
            parts.append(("h", [line[3:]]))
        elif line.startswith("- "):
            if kind != "ul":
                parts.append(("ul", []))
            parts[-1][1].append(line[2:])
        elif kind in ("ul", "p"):
            parts[-1][1][-1] += " " + line
        else:
            parts.append(("p", [line]))
    return "".join(_html(kind, texts) for kind, texts in parts if texts)


def _html(kind: str, texts: list[str]) -> str:
    if kind == "ul":
        return f"<ul>{''.join(f'<li>{inline(item)}</li>' for item in texts)}</ul>"
    return f"<{_TAGS[kind]}>{inline(texts[0])}</{_TAGS[kind]}>"
