"""A mistake of the review played again: the position before the card, judged as the review
judged it.

The position is the deal replayed through the engine up to that play (what the learner's
seat saw then). A card is priced with the values the review computed for that very
position (:func:`~tressette_learn.ai.review.judge_play` with ``values``), so the replay and
the review never disagree: a card as good as the best solves it, another one is told what it
costs and may be tried again. Each attempt ends with one ``result`` event.
"""

from __future__ import annotations

import hashlib
import json
import time
import uuid

from ..ai.review import ReviewedPlay, judge_play
from ..engine.cards import Card
from ..engine.deal import Deal
from ..engine.records import record_from_deal
from ..i18n import LANGUAGES, Joined, Phrase, Wording
from ..teaching.guided import right_key
from ..teaching.review_lessons import lesson_for
from .events import Event

SOURCE = "review"
DEALT = ("rules", "dealer", "hands", "stock")  # the record fields that name a deal


def deal_key(deal: Deal) -> str:
    """A short stable name for a deal's cards (not its play): the same deal, the same key."""
    record = record_from_deal(deal)
    text = json.dumps({name: record.get(name) for name in DEALT}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


class MistakeReplay:
    """One attempt at playing again the card of ``mistake`` in ``final`` (a finished deal).

    ``mistakes`` counts the wrong cards tried, ``hints`` the hints asked, ``first_cost``
    what the first wrong card cost; ``solved`` once a card as good as the best is found.
    """

    def __init__(self, final: Deal, mistake: ReviewedPlay) -> None:
        self.final, self.mistake = final, mistake
        self.position = final.replayed(mistake.number)
        self.lesson = lesson_for(mistake)
        self.item = f"{deal_key(final)}/{mistake.number}"
        self.attempt = uuid.uuid4().hex
        self.mistakes = self.hints = 0
        self.first_cost: int | None = None
        self.solved = False
        self.reported = False
        self._started = time.monotonic()

    def judge(self, card: Card) -> ReviewedPlay:
        """Price ``card`` at the position (as the review did) and count it."""
        judged = judge_play(self.position, card, values=self.mistake.values)
        if judged.cost > 0:
            self.mistakes += 1
            if self.first_cost is None:
                self.first_cost = judged.cost
        else:
            self.solved = True
        return judged

    def words(self, judged: ReviewedPlay) -> Wording:
        """Right (and why), or what the card costs and try again (the better card is not
        told: the learner looks for it)."""
        if judged.cost == 0:
            return Joined((Phrase.of(right_key("replay", judged), card=judged.card),
                           judged.explanation))
        key = "replay.costs" if self.mistake.exact else "replay.costs.estimated"
        return Phrase.of(key, card=judged.card, cost=judged.cost)

    def prompt(self) -> Phrase:
        """What the learner is asked: the trick and the card played then."""
        return Phrase.of("replay.prompt", trick=self.mistake.trick, card=self.mistake.card)

    def result(self, source: str = SOURCE) -> Event:
        """The ``result`` event of this attempt (it is reported once)."""
        self.reported = True
        return Event("result", source, self.item, self.solved, data={
            "lesson": self.lesson, "exercise": "replay", "attempt": self.attempt,
            "mistakes": self.mistakes, "hints": self.hints,
            "points_lost": float(self.first_cost or 0),
            "seconds": round(time.monotonic() - self._started, 1),
            "title": {lang: Phrase.of("replay.title", trick=self.mistake.trick,
                                      card=self.mistake.card).get(lang) for lang in LANGUAGES}})
