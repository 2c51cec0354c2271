"""The Review page's deck for the signed-in learner: what the schedule says is due now
(:func:`tressette_learn.store.clock.now`), from the learner's stored results."""

from __future__ import annotations

from datetime import datetime

from ...classroom.schedule import due_items, next_due
from ...store import StoreError
from ...store.clock import now
from ..events import LOG
from ..review_deck import ReviewDeck
from ..settings import SETTINGS, Settings
from .recorder import Recorder, recorder


def review_deck(rec: Recorder | None = None, settings: Settings = SETTINGS,
                seed: int | None = None) -> ReviewDeck:
    """A deck that follows ``rec``'s learner: signing in (or as another learner) loads
    what is due for them; signing out asks to sign in."""
    rec = rec or recorder()
    deck = ReviewDeck(settings, seed=seed)
    rec.observe(lambda _change: follow(deck, rec), "learner")
    follow(deck, rec)
    return deck


def follow(deck: ReviewDeck, rec: Recorder) -> None:
    """Show ``deck`` what is due for ``rec``'s learner now."""
    if rec.learner is None:
        deck.signed_out()
        return
    try:
        results = rec.store().results(rec.learner)
        due = due_items(results, now())
    except (StoreError, ValueError) as err:
        LOG.warning("review not read: %s", err)
        deck.unavailable(str(err))
        return
    deck.load(due, lambda: _next_due(rec))


def _next_due(rec: Recorder) -> datetime | None:
    """When the learner's next item falls due (None if that cannot be read)."""
    try:
        return next_due(rec.store().results(rec.learner), now())
    except (StoreError, ValueError) as err:
        LOG.warning("review not read: %s", err)
        return None
