"""How many pre-heated kernels Voilà keeps for each page, and when it starts new ones.

A pre-heated kernel has started and run its page before a learner asks for it, so the page
shows at once; it costs the server ~0.8 s of CPU to make and ~65 MB while it waits
(measured by ``benchmarks/classroom_load.py``). Voilà starts a new one ``fill_delay``
seconds after each is taken.

- **By default** (one learner, a small group): 4 for the index and 8 for the play page,
  each replaced a second after it is taken.
- **For a class** (``TRESSETTE_CLASS_SIZE``, set by ``tressette-learn serve --class-size
  N``): the play page keeps a kernel for every learner and a fifth more (for reloads), and
  each is replaced :data:`CLASS_REFILL_S` seconds after it is taken. A class opens its pages
  within a minute or two; replacing kernels meanwhile took the CPU the learners were waiting
  for (30 learners on one core: hints p95 1.4 s, reviews p95 17 s with immediate refills;
  0.4 s and 4.6 s with refills after the burst). The index, where the class arrives (and
  where the class hub sends each learner who signs in), keeps a kernel for every learner,
  replaced :data:`CLASS_INDEX_REFILL_S` seconds after it is taken: with a third of the
  class pre-heated, the other learners each got a kernel started for their index (~3 CPU
  s on the server's core), and thirty learners signing in 3 s apart on one core waited
  60-80 s for it (``benchmarks/hub_load.py``); its refills, later than the play page's,
  stay out of the deals the class plays after the index. The pools fill while the server
  starts (before the class: ~65 MB for each waiting kernel).

A page never waits for a refill (:mod:`.kernels`): with no kernel of its pool ready
or starting, it starts its own (1-3 s). Other pages always do. ``notebooks/voila.py``
applies these.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import Any

from ..teaching.course import by_role

CLASS_ENV = "TRESSETTE_CLASS_SIZE"
MAX_CLASS = 200  # learners one server is sized for (docs/deploy.md: beyond, the hub)
INDEX_POOL, PLAY_POOL = 4, 8
DEFAULT_REFILL_S = 1.0
CLASS_REFILL_S = 120.0  # after a class's arrival, not during it
CLASS_INDEX_REFILL_S = 600.0  # the index: after the class's first deals too
KERNEL_MB = 70  # a waiting play-page kernel (measured 62-78 MB)


class ClassSizeError(ValueError):
    """A class size that is not a whole number from 1 to :data:`MAX_CLASS`."""


def class_size(text: str | None) -> int | None:
    """The class size a setting names (None when unset or empty)."""
    if text is None or not text.strip():
        return None
    try:
        size = int(text)
    except ValueError:
        raise ClassSizeError(f"the class size {text!r} is not a whole number") from None
    if not 1 <= size <= MAX_CLASS:
        raise ClassSizeError(f"the class size {size} is not from 1 to {MAX_CLASS} "
                             "(a larger class needs the class hub: docs/hub.md)")
    return size


def index_pool(size: int | None) -> int:
    """Pre-heated index kernels for a class of ``size``: one for every learner (the
    default without one)."""
    return INDEX_POOL if size is None else max(INDEX_POOL, size)


def play_pool(size: int | None) -> int:
    """Pre-heated play-page kernels for a class of ``size``: one for every learner and a
    fifth more (at least two), refilled after the arrival (the default without one)."""
    return PLAY_POOL if size is None else max(PLAY_POOL, size + max(2, size // 5))


def pools(size: int | None) -> dict[str, Any]:
    """Voilà's ``VoilaKernelManager`` settings for a class of ``size`` (None: default)."""
    return {
        "kernel_pools_config": {"default": {"pool_size": 0},
                                by_role("index").notebook: {
                                    "pool_size": index_pool(size),
                                    **({} if size is None else
                                       {"fill_delay": CLASS_INDEX_REFILL_S})},
                                by_role("play").notebook: {"pool_size": play_pool(size)}},
        "fill_delay": DEFAULT_REFILL_S if size is None else CLASS_REFILL_S,
    }


def configure(config: Any, environ: Mapping[str, str] = os.environ) -> None:
    """Put the pools for the environment's class size into a Voilà ``config`` (a wrong
    size is said on stderr, and the default pools are used)."""
    try:
        size = class_size(environ.get(CLASS_ENV))
    except ClassSizeError as err:
        print(f"{CLASS_ENV}: {err}; serving with the default pools", file=sys.stderr)
        size = None
    for name, value in pools(size).items():
        setattr(config.VoilaKernelManager, name, value)
