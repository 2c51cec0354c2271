"""A small, safe Markdown subset for lesson text: paragraphs, lists, bold, italic, code.

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


def inline(text: str) -> str:
    """Escape ``text`` and mark up `code`, **bold** and *italic*."""
    out = html.escape(text, quote=False)
    for pattern, replacement in _INLINE:
        out = pattern.sub(replacement, out)
    return out


def to_html(text: str) -> str:
    """Blocks split by blank lines: ``- `` lines make a list, ``## `` a heading, the rest
    a paragraph."""
    blocks = [block.strip("\n") for block in re.split(r"\n\s*\n", text.strip()) if block.strip()]
    return "".join(_block(block) for block in blocks)


def _block(block: str) -> str:
    lines = block.splitlines()
    if lines[0].lstrip().startswith("- "):
        return f"<ul>{''.join(f'<li>{inline(item)}</li>' for item in _items(lines))}</ul>"
    if len(lines) == 1 and block.startswith("## "):
        return f"<h4>{inline(block[3:])}</h4>"
    return f"<p>{inline(' '.join(line.strip() for line in lines))}</p>"


def _items(lines: list[str]) -> list[str]:
    """List items; a line that does not start with ``- `` continues the item before it."""
    items: list[str] = []
    for line in lines:
        text = line.strip()
        if text.startswith("- "):
            items.append(text[2:])
        else:
            items[-1] += " " + text
    return items
