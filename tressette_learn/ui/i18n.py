"""The widgets' texts: see :mod:`tressette_learn.i18n` (shared with the teaching logic)."""

from ..i18n import LANGUAGES, placeholders, strings, t

__all__ = ["LANGUAGES", "placeholders", "strings", "t"]
