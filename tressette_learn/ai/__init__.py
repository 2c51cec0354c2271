"""Computer players: levels from random to club, and an arena to play deals and matches.

>>> from tressette_learn.ai import make_player, play_deal
>>> from tressette_learn.engine import Deal, Rules, Seat
>>> players = {seat: make_player("club") for seat in Seat}
>>> play_deal(Deal.new(Rules.preset("standard"), seed=1), players).complete
True

May import: ``engine`` and the shared modules (``i18n``, ``content``, ``runtime``...).
"""

from .arena import PlayerError, play_deal, play_match
from .explain import Explanation
from .heuristic import Advice, BeginnerPlayer, Reading, RulesPlayer, advise
from .levels import LEVELS, make_player
from .players import Decision, Player, RandomPlayer

__all__ = [
    "LEVELS", "Advice", "BeginnerPlayer", "Decision", "Explanation", "Player", "PlayerError",
    "RandomPlayer", "Reading", "RulesPlayer", "advise", "make_player", "play_deal",
    "play_match",
]
