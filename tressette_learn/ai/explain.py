"""Why a card is good, as facts: a reason and a sentence's key with its facts, from the
view only. :mod:`tressette_learn.i18n` writes the sentence in the learner's language (the
texts are in ``lessons/strings/<lang>/explain.yaml``).

:func:`explain` first asks the club player's rules (:mod:`.heuristic`): when a rule that
applies to the position chooses the card, the sentence gives that rule's reason. Otherwise
the card is described by what it does in the trick and what the seat can see. Every
explainer checks the facts its sentence states and declines when one does not hold, so a
sentence is always true; it names only cards the seat can see (its own hand, the cards
played) and never says where a hidden card is, but for what a seat still to play must do
*a perdere* when the whole deal is known (a guided hand, a puzzle, a review after the deal):
take the trick whatever is played (named, with the card that makes it so), or not beat the
card.

>>> from tressette_learn.engine import Card, Deal, Rules, Seat, parse_cards
>>> deal = Deal(Rules.preset("standard"), Seat.E, {
...     Seat.N: parse_cards("3c 7d 6d 5d 4d 7s 6s 5s 4s 5b"),
...     Seat.W: parse_cards("Ac 2c Rc Cc Fc 7c 6c 5c 4c 6b"),
...     Seat.S: parse_cards("3d 2d Ad Rd Cd Fd 3s 2s As Rs"),
...     Seat.E: parse_cards("Cs Fs 3b 2b Ab Rb Cb Fb 7b 4b")})
>>> why = explain(deal.view(Seat.N), Card.parse("3c"))
>>> why.reason, why.phrase.key
('draw_out_aces', 'explain.draw_out_aces')
>>> why.get("en")
'The Three of cups is the master card: it wins the trick and can bring down the Ace.'
>>> why.get("it")
"Il Tre di coppe è la carta più alta rimasta: fa la presa e può far cadere l'Asso."
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import cached_property
from typing import Any, Literal

from ..engine.cards import SUIT_MASKS, Card, Rank, Suit
from ..engine.deal import Deal
from ..engine.seats import Seat
from ..engine.tricks import Play
from ..engine.views import PlayerView
from ..i18n import Phrase
from .heuristic import Reading, above, ace_with_opponent, bits, count, rules_for
from .reason_check import refute

__all__ = ["REASONS", "Basis", "Explanation", "explain", "worth_phrase"]

REASONS: tuple[str, ...] = (
    "forced", "last_trick", "return_busso", "draw_out_aces", "cash_ace", "master_card",
    "cash_winner", "return_partner_suit", "keep_guard", "lead_low", "lead_long", "lead",
    "load_partner", "partner_wins", "win_cheaply", "win_for_busso", "win_trick",
    "try_to_win", "unblock", "discard", "follow_low", "duck",
    "dump_points", "take_cheaply", "overtake", "lead_to_lose", "lose_cheaply",
    "best_line",
)

Basis = Literal["exact", "average", "estimate", "sampled"]
"""What the values behind a cost are: exact, averaged over every deal that fits the seat's
view (a hint), an estimate (a review's early plays), or averaged over deals drawn at random
(a hint's estimate)."""
EXACT_BASES = ("exact", "average")


@dataclasses.dataclass(frozen=True)
class Explanation:
    """Why a card is good: a stable reason key, the sentence (a :class:`~..i18n.Phrase`),
    which cards are (about) as good when several are (another Phrase) and, when the values
    show it, what another card could cost (another Phrase)."""

    reason: str
    phrase: Phrase
    cost: Phrase | None = None
    equal: Phrase | None = None

    def get(self, lang: str) -> str:
        """The sentence in ``lang``, then the equal cards' and the cost's, each with a
        capital first (a sentence may begin with a card, ``il Tre``); a wording, like
        ``Phrase.get``."""
        parts = [self.phrase, self.equal, self.cost]
        return " ".join(_capital(p.get(lang)) for p in parts if p is not None)

    def __str__(self) -> str:
        return self.get("en")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _says(reason: str, key: str, **facts: Any) -> Explanation:
    assert reason in REASONS, reason
    return Explanation(reason, _part(key, **facts))


def _part(key: str, **facts: Any) -> Phrase:
    """A part of an explanation's sentence: ``explain.<key>`` with its facts."""
    return Phrase.of(f"explain.{key}", **facts)


def worth_phrase(thirds: int) -> Phrase:
    """``worth a third of a point`` / ``che vale un terzo di punto`` (after a card)."""
    return _part("worth", n=thirds) if thirds else _part("worth.nothing")


# -- the position, as facts about one card --------------------------------------------------
@dataclasses.dataclass(frozen=True)
class _Spot:
    """One legal card in the seat's position, with the facts the sentences rely on."""

    k: Reading
    card: Card
    hands: Mapping[Seat, int] | None = None  # every hand, when the seat sees them all
    lie: Mapping[Seat, int] | None = None  # every hand, when the whole deal is known

    @property
    def index(self) -> int:
        return self.card.index

    @property
    def suit(self) -> Suit:
        return self.card.suit

    @property
    def value(self) -> int:
        """The card's thirds at this table (the ace of bastoni is 33 a perdere)."""
        return self.k.values[self.index]

    @property
    def leading(self) -> bool:
        return not self.k.trick

    @cached_property
    def best(self) -> Play:
        """The play winning the trick so far (following only)."""
        return self.k.best()

    @property
    def led(self) -> Suit:
        return self.k.trick[0].card.suit

    @property
    def beats(self) -> bool:
        """True when following and the card beats the best card so far."""
        return not self.leading and self.card.beats(self.best.card)

    @property
    def follows(self) -> bool:
        return not self.leading and self.suit == self.led

    @property
    def void(self) -> bool:
        """No card of the suit led in hand."""
        return not self.k.hand & SUIT_MASKS[self.led]

    @cached_property
    def after(self) -> list[Seat]:
        """The seats still to play to this trick after this one."""
        return self.k.after_me() if self.k.trick else self.k.others()

    def sure(self, index: int, seats: Sequence[Seat] | None = None) -> bool:
        """No opponent among ``seats`` (default: those still to play to this trick) can hold
        a card beating ``index``: as the seat reads the table, or as the hands lie when it
        sees them all."""
        seats = self.after if seats is None else list(seats)
        if self.hands is None:
            return self.k.sure(index, seats)
        return not any(self.hands[s] & above(index) for s in seats if not self.k.ours(s))

    @property
    def master(self) -> bool:
        """The highest card of its suit not yet played."""
        return self.index == self.k.master(self.suit)

    @property
    def legal(self) -> list[int]:
        return list(bits(self.k.legal))

    def mine(self, suit: Suit) -> list[int]:
        """Our cards of ``suit``, weakest first."""
        return list(bits(self.k.hand & SUIT_MASKS[suit]))

    def beaters(self) -> list[int]:
        """Legal cards beating the best card so far, weakest first."""
        return [c for c in self.legal if c > self.best.card.index
                and c // 10 == self.best.card.index // 10]

    def higher_out(self, index: int) -> int:
        """How many unplayed cards above ``index`` are outside our hand (every hand seen:
        how many the seats still to play to this trick hold)."""
        if self.hands is None:
            return count(above(index) & ~self.k.played & ~self.k.hand)
        return count(above(index) & sum(self.hands[s] for s in self.after))

    @property
    def perdere(self) -> bool:
        return self.k.rules.low_wins

    # -- the parts of a sentence ---------------------------------------------------------
    @property
    def partner_is_dummy(self) -> bool:
        return self.k.view.dummy is not None and self.k.partner == self.k.view.dummy

    @property
    def partner(self) -> Phrase:
        """``your partner``, or ``the dummy`` when the partner is it."""
        return _part("dummy" if self.partner_is_dummy else "partner")

    def owned(self, play: Play) -> Phrase:
        """A played card with its owner: ``your partner's Three of cups``."""
        if self.k.ours(play.seat):
            owner = "dummy" if self.partner_is_dummy else "partner"
        else:
            owner = "opponent" if len(self.k.rules.seats) == 2 else "an_opponent"
        return _part(f"owned.{owner}", card=play.card)

    @property
    def takes(self) -> Phrase:
        """Who takes a trick our card is sure of: the side, or the player alone."""
        return _part("takes.alone" if self.k.partner is None else "takes.side")

    @property
    def move(self) -> Phrase:
        """Play the card: lead it, follow with it, or discard it."""
        if self.leading:
            return _part("move.lead", card=self.card)
        return _part("move.play" if self.follows else "move.discard", card=self.card)


Explainer = Callable[[_Spot], "Explanation | None"]


# -- forced plays -----------------------------------------------------------------------------
def forced(s: _Spot) -> Explanation | None:
    """Only one legal card: the last card of the deal, or the only card of the suit led."""
    if len(s.legal) > 1:
        return None
    if count(s.k.hand) == 1:
        return _says("last_trick", "last_card", card=s.card)
    return _says("forced", "forced", card=s.card, suit=s.led)


# -- leading ----------------------------------------------------------------------------------
def return_busso(s: _Spot) -> Explanation | None:
    """Partner knocked in this suit earlier: lead it back with our lowest card of it."""
    if not s.leading or s.suit not in s.k.partner_busso_suits() or s.index != s.mine(s.suit)[0]:
        return None
    return _says("return_busso", "return_busso", partner=s.partner, suit=s.suit, card=s.card)


def _ace_may_fall(s: _Spot) -> bool:
    """The ace of the card's suit is still out and an opponent may hold it."""
    return ace_with_opponent(s.k, 10 * s.suit + Rank.ASSO)


def draw_out_aces(s: _Spot) -> Explanation | None:
    """Lead the master 3 (or 2, the 3 gone): it wins and may bring down the ace."""
    if not (s.leading and s.master and s.card.rank in (Rank.THREE, Rank.TWO)
            and _ace_may_fall(s)):
        return None
    key = "draw_out_aces.two" if s.card.rank == Rank.TWO else "draw_out_aces"
    return _says("draw_out_aces", key, card=s.card)


def cash_ace(s: _Spot) -> Explanation | None:
    """Lead an ace no opponent can beat: its point is safe."""
    if not (s.leading and s.card.rank == Rank.ASSO and s.sure(s.index)) or s.perdere:
        return None
    return _says("cash_ace", "cash_ace", card=s.card)


def master_card(s: _Spot) -> Explanation | None:
    """The highest card of its suit still unplayed wins the trick (led, or beating)."""
    if not s.master or not (s.leading or s.beats) or s.perdere:
        return None
    return _says("master_card", "master_card", card=s.card)


def cash_winner(s: _Spot) -> Explanation | None:
    """Lead a card no opponent can beat."""
    if not s.leading or not s.sure(s.index) or s.perdere:
        return None
    return _says("cash_winner", "cash_winner", card=s.card, takes=s.takes)


def return_partner_suit(s: _Spot) -> Explanation | None:
    """Lead back the suit partner led."""
    if not s.leading or s.suit not in s.k.partner_led_suits():
        return None
    return _says("return_partner_suit", "return_partner_suit", partner=s.partner, suit=s.suit,
                 card=s.card)


def last_trick(s: _Spot) -> Explanation | None:
    """Two cards left: play this one and keep a sure winner for the last trick."""
    mine = list(bits(s.k.hand))
    if s.perdere or len(mine) != 2 or s.sure(s.index) and (s.leading or s.beats):
        return None
    other = next(c for c in mine if c != s.index)
    if not s.sure(other, s.k.others()) or not _led_to(s, other):
        return None
    return _says("last_trick", "last_trick", move=s.move, kept=Card(other))


def _led_to(s: _Spot, kept: int) -> bool:
    """Whoever leads the last trick, ``kept`` is in its suit: every card another seat may
    still hold is of that suit (else the leader may lead another and ``kept`` never wins)."""
    suit = SUIT_MASKS[kept // 10]
    if s.hands is not None:
        return all(not s.hands[x] & ~suit for x in s.k.others())
    return all(not s.k.could_hold(x) & ~s.k.played & ~suit for x in s.k.others())


def _guard(s: _Spot) -> tuple[int, int] | None:
    """A low card guarding an exposed ace or 2 of another suit that we could have played
    instead of this card, worth no less than this one: (guard, honour)."""
    if s.follows or s.card.rank >= Rank.ASSO:
        return None
    for suit in Suit:
        mine = s.mine(suit)
        low = [c for c in mine if Card(c).rank < Rank.ASSO]
        honours = [c for c in mine if Card(c).rank in (Rank.ASSO, Rank.TWO) and s.k.exposed(c)]
        if (suit != s.suit and honours and 0 < len(low) <= 2 and s.k.legal >> low[0] & 1
                and s.k.values[low[0]] >= s.value):
            return low[0], honours[0]
    return None


def keep_guard(s: _Spot) -> Explanation | None:
    """Lead or discard another card and keep the guard of an exposed ace or 2."""
    pair = _guard(s)
    if pair is None or s.perdere:
        return None
    return _says("keep_guard", "keep_guard", move=s.move, guard=Card(pair[0]),
                 honour=Card(pair[1]))


def _under_honour(s: _Spot) -> int | None:
    """An ace or 2 of ours in the suit led, above the card and not yet safe: the lead
    draws out the higher cards before it."""
    above = [c for c in s.mine(s.suit) if c > s.index and s.k.exposed(c)]
    return above[0] if above else None


def lead_low(s: _Spot) -> Explanation | None:
    """Lead a card worth nothing, or one of the cheapest when every card has points."""
    if not s.leading or s.perdere:
        return None
    under = _under_honour(s)
    if under is not None:
        return _says("lead_low", "lead_low.under", card=s.card, honour=Card(under), suit=s.suit)
    if not s.value:
        return _says("lead_low", "lead_low", card=s.card)
    values = [s.k.values[c] for c in bits(s.k.hand)]
    if min(values) == 0 or s.value != min(values):
        return None
    return _says("lead_low", "lead_low.cheapest", card=s.card, worth=worth_phrase(s.value))


def lead_long(s: _Spot) -> Explanation | None:
    """Every hand seen: lead from our longest suit (three cards or more), of which no
    opponent holds as many: each round draws out theirs, and then our small ones win."""
    if not s.leading or s.perdere or s.hands is None:
        return None
    n = len(s.mine(s.suit))
    if n < 3 or any(len(s.mine(o)) >= n for o in Suit if o != s.suit):
        return None
    if _opponents_most(s, s.suit) >= n:
        return None
    return _says("lead_long", "lead_long", card=s.card, n=n, suit=s.suit)


def _opponents_most(s: _Spot, suit: Suit) -> int:
    """Every hand seen: the most cards of ``suit`` one opponent holds."""
    assert s.hands is not None
    return max((count(s.hands[o] & SUIT_MASKS[suit]) for o in s.k.others()
                if not s.k.ours(o)), default=0)


def lead(s: _Spot) -> Explanation | None:
    """Any lead: name the suit's length in hand."""
    if not s.leading:
        return None
    n = len(s.mine(s.suit))
    if n == 1:
        return _says("lead", "lead.only", card=s.card, suit=s.suit)
    return _says("lead", "lead", card=s.card, n=n, suit=s.suit)


# -- following --------------------------------------------------------------------------------
def _partner_sure(s: _Spot) -> bool:
    """Partner's card wins the trick so far and no opponent still to play can beat it."""
    return (not s.leading and s.k.partner is not None and s.best.seat == s.k.partner
            and s.sure(s.best.card.index))


def _our_trick(s: _Spot) -> Phrase:
    """The opening clause for a trick our side is sure of."""
    if s.beats:
        return _part("sure.ours")
    return _part("sure.partner", owner=s.owned(s.best))


def load_partner(s: _Spot) -> Explanation | None:
    """Put points on a trick partner is sure to take."""
    if not _partner_sure(s) or not s.value:
        return None
    return _says("load_partner", "load_partner.add" if s.beats else "load_partner",
                 sure=_our_trick(s), card=s.card, worth=worth_phrase(s.value))


def partner_wins(s: _Spot) -> Explanation | None:
    """Partner is sure to take the trick: a card worth nothing, keep the rest."""
    if not _partner_sure(s) or s.value:
        return None
    return _says("partner_wins", "partner_wins", sure=_our_trick(s), card=s.card)


def _load_instead(s: _Spot) -> int | None:
    """The card a load would play: our legal card with the most points (None: none has)."""
    loads = [c for c in s.legal if s.k.values[c]]
    return max(loads, key=lambda c: (s.k.values[c], c)) if loads else None


def keep_for_later(s: _Spot) -> Explanation | None:
    """Partner is sure to take the trick: a card worth nothing (liscio), and the card with
    points a load would play kept for later (the choice between the two, named)."""
    load = _load_instead(s) if _partner_sure(s) and not s.value else None
    if load is None:
        return None
    return _says("partner_wins", "partner_wins.keep", sure=_our_trick(s), card=s.card,
                 kept=Card(load), worth=worth_phrase(s.k.values[load]))


def win_cheaply(s: _Spot) -> Explanation | None:
    """The lowest card sure to win the trick."""
    if not s.beats or s.perdere:
        return None
    if not s.after and s.index == s.beaters()[0]:
        return _says("win_cheaply", "win_cheaply.last", card=s.card, best=s.best.card)
    if not s.sure(s.index) or s.index != min(c for c in s.beaters() if s.sure(c)):
        return None
    return _says("win_cheaply", "win_cheaply", card=s.card)


def win_for_busso(s: _Spot) -> Explanation | None:
    """Partner knocked on this lead: overtake to return the suit."""
    lead_play = s.k.trick[0] if s.k.trick else None
    if (lead_play is None or lead_play.seat != s.k.partner or lead_play.signal != "busso"
            or not s.beats or len(s.mine(s.led)) < 2):
        return None
    return _says("win_for_busso", "win_for_busso", partner=s.partner, best=s.best.card,
                 card=s.card, suit=s.led)


def win_trick(s: _Spot) -> Explanation | None:
    """A card no opponent still to play can beat."""
    if not s.beats or not s.sure(s.index) or s.perdere:
        return None
    return _says("win_trick", "win_trick", card=s.card, takes=s.takes)


def try_to_win(s: _Spot) -> Explanation | None:
    """Beat the best card so far, though the trick is not safe."""
    if not s.beats or s.perdere or s.hands is not None and not s.sure(s.index):
        return None  # every hand seen: a later opponent beats it (a "try" would mislead)
    pot = sum(s.k.values[p.card.index] for p in s.k.trick)
    if pot:
        return _says("try_to_win", "try_to_win.pot", card=s.card, best=s.best.card, pot=pot)
    return _says("try_to_win", "try_to_win", card=s.card, best=s.best.card)


def _floor(s: _Spot) -> int:
    """The highest of the best card so far and our cards of the suit led we may play: a
    card of the suit led above it takes the trick whatever we play."""
    return max([c for c in s.legal if c // 10 == s.led] + [s.best.card.index])


def _overtaker(s: _Spot) -> tuple[Seat, Card] | None:
    """Every hand seen: an opponent still to play holding a card of the suit led that beats
    every card we may play to it (and the best so far): (seat, that card)."""
    if s.hands is None or s.leading or s.perdere or not s.follows:
        return None
    for seat in s.after:
        held = s.hands[seat] & above(_floor(s))
        if held and not s.k.ours(seat):
            return seat, Card(max(bits(held)))
    return None


def _taker(s: _Spot) -> tuple[Seat, Card] | None:
    """The whole deal known, following: a seat still to play that takes the trick whatever
    anyone plays (it must follow suit, each of its cards of the suit led beats every card we
    may play and the best so far, and no other seat still to play holds a card beating its
    lowest): (seat, its lowest card of the suit led)."""
    if s.lie is None or s.leading or not s.k.rules.must_follow(s.k.view.stock_size):
        return None
    hands, suit = s.lie, SUIT_MASKS[s.led]
    for seat in s.after:
        held = hands[seat] & suit
        if not held or held & ~above(_floor(s)):
            continue
        low = min(bits(held))
        if not any(hands[other] & above(low) for other in s.after if other != seat):
            return seat, Card(low)
    return None


def lose_cheaply(s: _Spot) -> Explanation | None:
    """Every hand seen, the trick is the opponents' whatever we play: give it the least."""
    found = _overtaker(s)
    if found is None or s.value != min(s.k.values[c] for c in s.legal if c // 10 == s.led):
        return None
    return _says("lose_cheaply", "lose_cheaply", seat=found[0], beater=found[1], card=s.card,
                 worth=worth_phrase(s.value))


def unblock_facts(s: _Spot) -> tuple[int, int] | None:
    """Every hand seen, a discard: the card is our only one of its suit, partner holds at
    least two of that suit and one of them lower than ours (kept, our card would fall on a
    round of partner's suit and could take it): (partner's cards of the suit, the lower
    one)."""
    partner = s.k.partner
    if (s.hands is None or s.perdere or s.leading or s.follows or partner is None
            or s.mine(s.suit) != [s.index]):
        return None
    held = s.hands[partner] & SUIT_MASKS[s.suit]
    lower = [c for c in bits(held) if c < s.index]
    if count(held) < 2 or not lower:
        return None
    return count(held), lower[0]


def unblock(s: _Spot) -> Explanation | None:
    """Throw our only card of partner's long suit: kept, it would block the suit."""
    found = unblock_facts(s)
    if found is None:
        return None
    return _says("unblock", "unblock", card=s.card, suit=s.suit, n=found[0],
                 partner=s.partner, lower=Card(found[1]))


def discard(s: _Spot) -> Explanation | None:
    """A card of another suit: void in the suit led, or free while the stock lasts."""
    if s.leading or s.follows:
        return None
    lowest = min(s.k.values[c] for c in s.legal)
    head = _part("discard.void" if s.void else "discard.stock", suit=s.led, card=s.card)
    if not s.value:
        return _says("discard", "discard.nothing", head=head)
    if s.value == lowest:
        return _says("discard", "discard.cheapest", head=head, worth=worth_phrase(s.value))
    return _says("discard", "discard", head=head)


def _why_low(s: _Spot) -> Phrase | None:
    """Why not to try for the trick: partner sure to win or winning (never "you cannot
    beat" partner's card), cannot beat, nothing sure."""
    if _partner_sure(s):
        return _part("sure.partner", owner=s.owned(s.best))
    if s.k.partner is not None and s.best.seat == s.k.partner:
        return _part("why_low.partner", owner=s.owned(s.best))
    if not s.beaters():
        return _part("why_low.cannot_beat", best=s.best.card)
    if not any(s.sure(c) for c in s.beaters()):
        return _part("why_low.not_sure")
    return None


def follow_low(s: _Spot) -> Explanation | None:
    """Follow suit low when the trick is out of reach or partner's."""
    if not s.follows or s.beats or s.perdere:
        return None
    why = _why_low(s)
    if why is None:
        return None
    if s.index == s.legal[0]:
        key = "follow_low.lowest"
    else:
        key = "follow_low" if s.value else "follow_low.nothing"
    return _says("follow_low", key, why=why, suit=s.led, card=s.card)


def duck(s: _Spot) -> Explanation | None:
    """Let the trick go: keep stronger cards (a perdere: stay out of the trick)."""
    if s.leading or s.beats:
        return None
    if s.perdere and s.k.ours(s.best.seat):  # partner's trick: its points are ours too
        key = "duck.perdere.partner"
        if s.value:  # the trick stays ours only if no opponent still to play can take it
            key += ".points" if _partner_sure(s) else ".open"
        return _says("duck", key, card=s.card, owner=s.owned(s.best), worth=worth_phrase(s.value))
    if s.perdere:
        return _says("duck", "duck.perdere" if s.value else "duck.perdere.nothing",
                     card=s.card, owner=s.owned(s.best))
    stronger = sum(1 for c in s.mine(s.led) if c > s.index) if s.follows else 0
    if not stronger:
        return None
    return _says("duck", "duck" if stronger > 1 else "duck.one", card=s.card, suit=s.led)


# -- a perdere ---------------------------------------------------------------------------
def give_to_taker(s: _Spot) -> Explanation | None:
    """A perdere, the whole deal known: a seat still to play must take the trick whatever
    we play. An opponent: give him our card with the most points. Our partner (its points
    are our side's): give the trick the fewest."""
    found = _taker(s) if s.perdere else None
    if found is None:
        return None
    seat, beater = found
    values = [s.k.values[c] for c in s.legal]
    if not s.k.ours(seat):
        if not s.value or s.value != max(values):
            return None
        return _says("dump_points", "dump_points.taker", seat=seat, beater=beater, card=s.card,
                     worth=worth_phrase(s.value))
    if s.value != min(values):
        return None
    return _says("take_cheaply", "take_cheaply.partner", partner=s.partner, beater=beater,
                 card=s.card, worth=worth_phrase(s.value))


def dump_points(s: _Spot) -> Explanation | None:
    """A perdere: an opponent is winning; throw points on the trick, losing it."""
    if not s.perdere or s.leading or s.beats or s.k.ours(s.best.seat) or not s.value:
        return None
    return _says("dump_points", "dump_points", owner=s.owned(s.best), card=s.card,
                 worth=worth_phrase(s.value))


def take_cheaply(s: _Spot) -> Explanation | None:
    """A perdere: every card wins the trick so far; give it the fewest points."""
    if not s.perdere or s.leading or len(s.beaters()) != len(s.legal):
        return None
    if s.value != min(s.k.values[c] for c in s.legal):
        return None
    return _says("take_cheaply", "take_cheaply", best=s.best.card, card=s.card,
                 worth=worth_phrase(s.value))


def overtake(s: _Spot) -> Explanation | None:
    """A perdere: beat the best card. When an opponent still to play may beat it, how many
    higher cards are still out, and what is at stake: the card's points go with the trick
    to whoever takes it (a card worth nothing adds none); else that the trick is ours. The
    whole deal known, as the hands lie (a partner who must take the trick: no sentence)."""
    if not s.perdere or not s.beats:
        return None
    if not s.after:
        return _says("overtake", "overtake.last", card=s.card, best=s.best.card)
    lie = s.lie
    if s.sure(s.index) or lie is not None and not any(
            lie[x] & above(s.index) for x in s.after if not s.k.ours(x)):
        return _says("overtake", "overtake", card=s.card, best=s.best.card, takes=s.takes)
    taker = _taker(s)
    if taker is not None and s.k.ours(taker[0]):
        return None  # no opponent can take the trick: it is ours, whoever plays what
    out = s.higher_out(s.index)
    assert out, "an opponent may beat the card: a higher card is out"
    return _says("overtake", "overtake.out" if s.value else "overtake.out.nothing",
                 card=s.card, best=s.best.card, out=out)


def lead_to_lose(s: _Spot) -> Explanation | None:
    """A perdere: lead a card that higher cards still out can beat."""
    out = s.higher_out(s.index)
    if not s.perdere or not s.leading or not out:
        return None
    key = "lead_to_lose" if s.value else "lead_to_lose.nothing"
    return _says("lead_to_lose", key, card=s.card, out=out)


def best_line(s: _Spot) -> Explanation:
    """No rule of thumb explains the card: the solver's line does (the last resort)."""
    return _says("best_line", "best_line.perdere" if s.perdere else "best_line", card=s.card)


# -- choosing the sentence -------------------------------------------------------------------
LOW_LEAD: tuple[Explainer, ...] = (last_trick, keep_guard, lead_low)
LOW_FOLLOW: tuple[Explainer, ...] = (
    last_trick, keep_guard, unblock, keep_for_later, discard, follow_low, duck)
BY_RULE: dict[str, tuple[Explainer, ...]] = {
    "return_busso": (return_busso,), "draw_out_aces": (draw_out_aces,),
    "cash_aces": (cash_ace,), "cash_winners": (master_card, cash_winner),
    "return_partner_suit": (return_partner_suit,), "lead_low": LOW_LEAD,
    "load_partner": (load_partner, keep_for_later, partner_wins), "win_cheaply": (win_cheaply,),
    "win_for_busso": (win_for_busso,), "try_to_win": (try_to_win,), "play_low": LOW_FOLLOW,
    "dump_points": (give_to_taker, dump_points), "duck_partner": (give_to_taker, duck),
    "take_cheaply": (give_to_taker, take_cheaply),
    "lead_to_lose": (lead_to_lose,),
}
LEAD_FEATURES: tuple[Explainer, ...] = (
    draw_out_aces, cash_ace, master_card, cash_winner, return_busso, return_partner_suit,
    lead_long, *LOW_LEAD, lead)
FOLLOW_FEATURES: tuple[Explainer, ...] = (
    unblock, load_partner, keep_for_later, partner_wins, win_cheaply, win_for_busso,
    master_card, win_trick, lose_cheaply, try_to_win,
    *LOW_FOLLOW, best_line)
PERDERE_LEAD: tuple[Explainer, ...] = (lead_to_lose, lead)
PERDERE_FOLLOW: tuple[Explainer, ...] = (
    give_to_taker, dump_points, duck, take_cheaply, overtake, best_line)


def _features(s: _Spot) -> tuple[Explainer, ...]:
    if s.perdere:
        return PERDERE_LEAD if s.leading else PERDERE_FOLLOW
    return LEAD_FEATURES if s.leading else FOLLOW_FEATURES


def _candidates(s: _Spot) -> list[Explainer]:
    """The explainers to try in order: forced, the rules choosing this card, the features."""
    chosen = [e for rule in rules_for(s.k) if rule(s.k) == s.index
              for e in BY_RULE.get(rule.__name__, ())]
    return [forced, *chosen, *_features(s)]


def _first(s: _Spot, deal: Deal | None, played: Card | None,
           as_good: Collection[Card] = ()) -> Explanation:
    """The first explainer whose sentence holds and, when the whole ``deal`` is known, that
    the position does not disprove (:func:`.reason_check.refute`), nor says as well of the
    card really ``played`` (a review: it must tell the better card from it), nor keeps in
    hand a card that is ``as_good`` to play now; the solver's line last."""
    other = None
    if played is not None and played != s.card and s.k.legal >> played.index & 1:
        other = _Spot(s.k, played, s.hands, s.lie)
    for explainer in _candidates(s):
        found = explainer(s)
        if found is None or deal is not None and refute(
                found, deal, s.card, shown=s.hands is not None, played=played) is not None:
            continue
        if any(found.phrase.facts.get(k) in as_good for k in KEPT):
            continue  # keeping it gains nothing when playing it now is as good
        if _thrown_as_well(s, found, other):
            continue
        if other is None or not _same_words(found, explainer(other)):
            return found
    return best_line(s)


#: A perdere, the sentences of a card thrown on an opponent's trick.
THROWN = frozenset({"explain.duck.perdere", "explain.duck.perdere.nothing",
                    "explain.dump_points"})


def _thrown_as_well(s: _Spot, found: Explanation, other: _Spot | None) -> bool:
    """A perdere, ``found`` throws the card on an opponent's trick, and the card played
    (``other``) stayed out of it too, with as many points or more: that tells nothing of
    why the card is better than the one played."""
    return (other is not None and found.phrase.key in THROWN and not other.leading
            and not other.beats and not s.k.ours(s.best.seat) and other.value >= s.value)


#: The facts that name a card kept in hand (a guard, the card it guards, one for the end).
KEPT = ("guard", "honour", "kept")


def _same_words(found: Explanation, other: Explanation | None) -> bool:
    """Whether ``other`` (said of another card) is ``found``'s sentence but for the card
    it names: such a reason does not tell the two cards apart."""
    if other is None or other.reason != found.reason:
        return False
    if found.reason in ("lead", "lead_to_lose"):  # its words describe the card only
        return True
    return _but_card(found.phrase) == _but_card(other.phrase)


def _but_card(value: Any) -> Any:
    """A phrase's key and facts (its clauses' too) without the card it names."""
    if not isinstance(value, Phrase):
        return value
    return value.key, {k: _but_card(v) for k, v in value.facts.items() if k not in ("card", "move")}


def _cost(best: float | None, worst: float | None, basis: Basis) -> Phrase | None:
    """``Another card could cost you up to 2 points.`` when the spread is known and not 0
    (thirds when exact, else points to one decimal)."""
    if best is None or worst is None:
        return None
    spread = abs(best - worst)
    thirds = round(spread * 3)
    if abs(spread * 3 - thirds) < 1e-6:
        amount = _part("amount.thirds", n=thirds) if thirds else None
    else:
        amount = _part("amount.points", x=round(spread, 1)) if round(spread, 1) else None
    return None if amount is None else _part(f"cost.{basis}", cost=amount)


def _equal(view: PlayerView, cards: Sequence[Card], basis: Basis) -> Phrase | None:
    """``The Four and the Five of cups are about equally good: ...`` for two cards or more
    (every legal card: a sentence that names none when there are more than two)."""
    if len(cards) < 2:
        return None
    kind = "exact" if basis in EXACT_BASES else "about"
    if len(cards) == len(view.legal) > 2:
        return _part(f"equal.{kind}.every")
    return _part(f"equal.{kind}", cards=tuple(cards))


def explain(view: PlayerView, card: Card, *, best_points: float | None = None,
            worst_points: float | None = None, basis: Basis = "exact",
            equal: Sequence[Card] = (), deal: Deal | None = None, shown: bool = False,
            played: Card | None = None, reading: Reading | None = None,
            as_good: Collection[Card] = ()) -> Explanation:
    """Why ``card`` is a good play for the seat of ``view`` (a reason and its sentence).

    ``best_points``/``worst_points`` (the best and the worst card's value, e.g. from a
    solver) add what a wrong card could cost when they differ; ``basis`` says what those
    values are (see :data:`Basis`). ``equal``: the cards (``card`` among them) that are as
    good as each other (exactly, or about, as ``basis`` says), named when two or more.

    ``deal``: the whole position (a puzzle's, a review's), when the code knows it: a sentence
    it disproves is passed over, and *a perdere* a seat still to play that must take the
    trick is named. ``shown``: the seat sees every hand, so the sentences use
    them (who still holds a higher card). ``played``: the card the seat really played (a
    review explaining a better one): it is not named as a card kept, and the reason must not
    be as true of it. ``reading``: the view read already (:meth:`Reading.of`), when the
    caller has it. ``as_good``: cards as good as ``card`` (a review's better cards), never
    named as cards to keep (nor are the ``equal`` ones).
    """
    if not view.legal.mask & card.bit:
        raise ValueError(f"{card} is not a legal card for {view.seat} now")
    if equal and card not in equal:
        raise ValueError(f"{card} is not among the equal cards")
    lie = {seat: deal.hand_mask(seat) for seat in deal.seats} if deal else None
    k = Reading.of(view) if reading is None else reading
    found = _first(_Spot(k, card, lie if shown else None, lie), deal, played,
                   (*as_good, *equal))
    return dataclasses.replace(found, cost=_cost(best_points, worst_points, basis),
                               equal=_equal(view, equal, basis))
