"""The Tressette rules engine: pure Python, standard library only.

>>> from tressette_learn.engine import Deal, Rules, Seat
>>> deal = Deal.new(Rules.preset("standard"), dealer=Seat.E, seed=1)
>>> deal.to_play
<Seat.N: 0>

May import: nothing of ``tressette_learn`` outside the engine, and only the standard
library.
"""

from . import variants  # registers the presets in PRESETS
from .actions import Action, ActionError, Call, Draw, Redeal
from .cards import DECK, Card, CardError, Hand, Rank, Suit, cards_of, mask_of, parse_cards
from .deal import Deal, DealError, IllegalPlay
from .declarations import Declaration, DeclarationError
from .match import Match, MatchResult
from .records import (
    DealRecord,
    RecordError,
    match_from_records,
    read_record,
    record_from_deal,
    replay,
    score_breakdown,
    write_match_record,
    write_record,
)
from .refusals import Refusal, RefusalError
from .rules import PRESETS, Rules, RulesError, register
from .scoring import DealResult, Revoke, SideScore
from .seats import Seat, SeatError
from .tricks import SIGNALS, Play, Signal, Trick
from .views import PlayerView

__all__ = [
    "Action", "ActionError", "Redeal",
    "DECK", "PRESETS", "SIGNALS", "Call", "Card", "CardError", "Deal", "DealError", "DealResult",
    "Declaration", "DeclarationError", "Draw", "Hand", "IllegalPlay", "Match", "MatchResult",
    "Play", "PlayerView", "Rank", "Refusal", "RefusalError", "Revoke", "Rules", "RulesError",
    "register", "variants",
    "Seat", "SeatError",
    "SideScore", "Signal", "Suit", "Trick", "cards_of", "mask_of", "parse_cards",
    "DealRecord", "RecordError", "match_from_records", "read_record", "record_from_deal",
    "replay", "score_breakdown", "write_match_record", "write_record",
]
