"""What a puzzle's page shows besides the table: the cards already played (as the quizzes'
"Already played" strip), the seats that have shown out of a suit and the tricks so far (who
led, played and took each, with the leader's signal). An answer may rely only on these,
the learner's hand, the trick on the table and, when the puzzle shows them, the other hands
(``tests/test_reason_check.py`` holds every stored puzzle to that)."""

from __future__ import annotations

from ...engine.cards import Card, Suit
from ...engine.deal import Deal
from ...engine.seats import Seat


def played_cards(deal: Deal) -> tuple[Card, ...]:
    """The cards of the tricks already taken, suit by suit, weakest first."""
    return tuple(sorted(c for trick in deal.tricks for c in trick.cards))


def voids(deal: Deal) -> tuple[tuple[Seat, Suit], ...]:
    """Each (seat, suit) where the seat played another card to a trick led in that suit:
    with four players every seat must follow, so it has none left. Seats in table order."""
    if deal.rules.players != 4:
        return ()
    found = {(play.seat, trick[0].card.suit)
             for trick in (*(t.plays for t in deal.tricks), tuple(deal.current)) if trick
             for play in trick if play.card.suit != trick[0].card.suit}
    return tuple(sorted(found, key=lambda f: (int(f[0]), int(f[1]))))
