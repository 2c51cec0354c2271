"""The widgets' texts: see :mod:`tressette_learn.i18n` (shared with the teaching logic)."""

from ..i18n import LANGUAGES, placeholders, seat_name, side_name, strings, t

__all__ = ["LANGUAGES", "placeholders", "seat_name", "side_name", "strings", "t"]
