"""The address learners type, on the teacher's dashboard: written out and as a QR code that
a learner's phone or tablet camera opens.

``tressette-learn serve`` puts the address in the server's environment
(:data:`~tressette_learn.runtime.SERVED_URL_ENV`) when devices other than the server
reach it (``--ip``, ``--public-url``); without one (or with anything but an http(s)
address) the box shows nothing. The code is drawn
in Python (``segno``) as SVG inside the page: nothing is fetched from elsewhere.
"""

from __future__ import annotations

import html
import os

import ipywidgets as widgets

from ...runtime import SERVED_URL_ENV
from ..i18n import t
from ..settings import SETTINGS, Settings

MODULE_PX = 5  # pixels per square of the code: ~200 px, read from across a classroom on a projector
QUIET_ZONE = 4  # empty squares around it, as the QR standard asks


def qr_svg(address: str) -> str:
    """``address`` as a QR code in inline SVG (error correction M: a smudged screen is read)."""
    import segno  # only where an address is shown (never on the static site)

    code = segno.make(address, error="m", micro=False)
    return str(code.svg_inline(scale=MODULE_PX, border=QUIET_ZONE, title=address, light="#fff"))


class ClassAddress(widgets.HTML):
    """The served address in words, a link and a QR code, in the teacher's language."""

    def __init__(self, address: str | None = None, settings: Settings = SETTINGS) -> None:
        super().__init__()
        self.address = (os.environ.get(SERVED_URL_ENV, "") if address is None
                        else address).strip()
        self.settings = settings
        self.add_class("tl-class-address")
        if not self.address.startswith(("http://", "https://")):
            self.layout.display = "none"
            return
        self._code = qr_svg(self.address)
        settings.observe(self._draw, "lang")
        self._draw()

    def _draw(self, _change: object = None) -> None:
        link = html.escape(self.address)
        self.value = (f"<p>{html.escape(t('class_address.open', self.settings.lang))}</p>"
                      f'<p><a href="{link}" target="_blank" rel="noopener">{link}</a></p>'
                      f"{self._code}")
