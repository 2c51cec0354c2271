"""A module imported at its first use, for heavy imports most pages never need.

``np = LazyModule("numpy")`` behaves as ``import numpy as np`` once an attribute is read;
until then numpy is not imported (~0.14 s of CPU and ~10 MB per kernel, and the static
site has no numpy at all). Each attribute is looked up once, then kept on the instance.
Modules that use it import the real module under ``TYPE_CHECKING`` for their types.
"""

from __future__ import annotations

import importlib
from typing import Any


class LazyModule:
    """Stands for the module ``name``, imported when an attribute is first read."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        value = getattr(importlib.import_module(self._name), attr)
        setattr(self, attr, value)  # later reads are plain attribute reads
        return value
