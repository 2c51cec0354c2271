"""The club player: the classic beginner's advice played as rules, from the view only.

:class:`Reading` turns a :class:`PlayerView` into bitmasks: which cards are gone, which
are known to sit in which hand (the dummy, declarations, shown draws, a busso), which
suits each seat has shown void in, and how likely a seat is to hold an unseen card.
The advice is a list of small rules; the first that applies chooses the card, and
:func:`advise` names it (for lessons: "why did the computer play that?").
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator

from ..engine.cards import BEATERS, DECK, FULL_DECK_MASK, SUIT_MASKS, Card, Rank, beats
from ..engine.rules import Rules
from ..engine.seats import Seat
from ..engine.signals import PEZZI_MASK, most_telling
from ..engine.tricks import Play, Signal, Trick, winning_play
from ..engine.views import PlayerView
from .players import Decision, Player

WINNER_KEEP = 2.0   # thirds a sure winner is worth kept in hand (a future trick)
GUARD_KEEP = 1.0    # thirds for one of the last two cards guarding an exposed ace or 2
LENGTH_KEEP = 0.1   # per other card of the suit: long suits win the last trick
MISTAKE_RATE = 0.3  # how often the beginner plays a random legal card


# -- bits --------------------------------------------------------------------------------
def bits(mask: int) -> Iterator[int]:
    """The card indices of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: int) -> int:
    """How many cards a mask holds."""
    return bin(mask).count("1")


def suit_of(card: int) -> int:
    """The suit of a card index."""
    return card // 10


def above(card: int) -> int:
    """The cards that beat ``card`` (the engine's trick rule: :data:`BEATERS`)."""
    return BEATERS[card]


def top(mask: int) -> int:
    """The highest card index of a mask (-1 when empty)."""
    return mask.bit_length() - 1


def rank_of(card: int) -> Rank:
    """The rank of a card index."""
    return Rank(card % 10)


def card_bit(card: int) -> int:
    """A card index as a one-card mask."""
    return 1 << card


# -- what a seat knows ---------------------------------------------------------------------
@dataclasses.dataclass
class Reading:
    """What the seat to play knows, as bitmasks over card indices."""

    view: PlayerView
    me: Seat
    seats: tuple[Seat, ...]
    hand: int
    legal: int
    played: int
    known: dict[Seat, int]
    voids: dict[Seat, int]
    unseen: int
    values: tuple[int, ...]

    @classmethod
    def of(cls, view: PlayerView) -> Reading:
        """Read a view: known cards, voids and the unseen cards."""
        seats = view.rules.seats
        played = view.played_mask
        known = {s: 0 for s in seats if s != view.seat}
        for seat, hand in view.known_hands.items():
            known[seat] |= hand.mask
        for seat, mask in _revealed(view):
            if seat in known:
                known[seat] |= mask & ~played
        seen = view.hand.mask | played
        for mask in known.values():
            seen |= mask
        return cls(view, view.seat, seats, view.hand.mask, view.legal.mask, played, known,
                   _voids(view), FULL_DECK_MASK & ~seen, view.rules.card_values)

    # -- table ------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The table's rules."""
        return self.view.rules

    @property
    def trick(self) -> tuple[Play, ...]:
        """The cards already in the current trick."""
        return self.view.current_trick

    def ours(self, seat: Seat) -> bool:
        """True for the seat to play and its partner (only itself, each for himself)."""
        return self.rules.side_of(seat) == self.rules.side_of(self.me)

    @property
    def partner(self) -> Seat | None:
        """The partner's seat (the dealer for the dummy, the dummy for the dealer); None
        with two players or each for himself."""
        return self.rules.partner_of(self.me)

    def after_me(self) -> list[Seat]:
        """The seats still to play to this trick after the seat to play."""
        out: list[Seat] = []
        seat = self.me
        for _ in range(len(self.seats) - len(self.trick) - 1):
            seat = self.rules.next_seat(seat)
            out.append(seat)
        return out

    def others(self) -> list[Seat]:
        """Every other seat that holds cards."""
        return [s for s in self.seats if s != self.me]

    def best(self) -> Play:
        """The play winning the current trick so far."""
        return winning_play(self.trick)

    def trick_thirds(self) -> int:
        """Thirds already in the current trick."""
        return sum(self.values[p.card.index] for p in self.trick)

    # -- who may hold what --------------------------------------------------------------
    def slots(self, seat: Seat) -> int:
        """How many of ``seat``'s cards are unknown to us."""
        return max(0, self.view.hand_sizes[seat] - count(self.known[seat]))

    def could_hold(self, seat: Seat) -> int:
        """The cards ``seat`` may hold: known ones, and unseen ones of suits not void."""
        if seat == self.me:
            return self.hand
        if not self.slots(seat):
            return self.known[seat]
        allowed = self.unseen
        for suit in range(4):
            if self.voids[seat] >> suit & 1:
                allowed &= ~SUIT_MASKS[suit]
        return self.known[seat] | allowed

    def holds_chance(self, seat: Seat, card: int) -> float:
        """The chance that ``seat`` holds ``card`` (each unseen card shared by slot count)."""
        bit = card_bit(card)
        if self.known[seat] & bit:
            return 1.0
        if not self.could_hold(seat) & bit:
            return 0.0
        room = self.view.stock_size
        for other in self.others():
            if self.could_hold(other) & bit and not self.known[other] & bit:
                room += self.slots(other)
        return self.slots(seat) / room if room else 0.0

    def beat_chance(self, seat: Seat, card: int) -> float:
        """The chance that ``seat`` holds a card beating ``card``."""
        miss = 1.0
        for higher in bits(above(card) & self.could_hold(seat)):
            miss *= 1.0 - self.holds_chance(seat, higher)
        return 1.0 - miss

    def opponents_beat(self, card: int, seats: list[Seat]) -> bool:
        """Whether an opponent among ``seats`` may hold a card beating ``card``."""
        return any(not self.ours(s) and above(card) & self.could_hold(s) for s in seats)

    def sure(self, card: int, seats: list[Seat] | None = None) -> bool:
        """True when no opponent (among ``seats``, default all) can beat ``card``."""
        return not self.opponents_beat(card, self.others() if seats is None else seats)

    def outstanding(self, suit: int) -> int:
        """Cards of ``suit`` still in other hands (or the stock)."""
        return SUIT_MASKS[suit] & ~self.played & ~self.hand

    def master(self, suit: int) -> int:
        """The highest card of ``suit`` not yet played (-1 when all are gone)."""
        return top(SUIT_MASKS[suit] & ~self.played)

    def partner_busso_suits(self) -> list[int]:
        """Suits the partner knocked (busso) on, most recent first."""
        partner = self.partner
        if partner is None:
            return []
        return [t.led_suit for t in reversed(_all_tricks(self.view))
                if t.leader == partner and t.signal == "busso"]

    def partner_led_suits(self) -> list[int]:
        """Suits the partner led, most recent first."""
        return [t.led_suit for t in reversed(_all_tricks(self.view)) if t.leader == self.partner]

    # -- what a card is worth ---------------------------------------------------------
    def exposed(self, card: int) -> bool:
        """An ace or 2 of ours that an opponent's higher card may still capture."""
        return rank_of(card) in (Rank.ASSO, Rank.TWO) and not self.sure(card)

    def keep(self, card: int) -> float:
        """Thirds ``card`` is worth kept in hand (a sure winner, a guard, length)."""
        suit = SUIT_MASKS[suit_of(card)] & self.hand
        worth = LENGTH_KEEP * (count(suit) - 1)
        if self.sure(card):
            return worth + WINNER_KEEP
        if self.guards_an_honour(card):
            worth += GUARD_KEEP
        return worth

    def guards_an_honour(self, card: int) -> bool:
        """One of our last two low cards under an exposed ace or 2 of its suit (a guard is
        spent, not thrown away, when its own suit is led)."""
        if self.trick and self.trick[0].card.suit == suit_of(card):
            return False
        suit = SUIT_MASKS[suit_of(card)] & self.hand
        guards = [c for c in bits(suit) if rank_of(c) < Rank.ASSO]
        return card in guards and len(guards) <= 2 and any(self.exposed(c) for c in bits(suit))

    def discard_cost(self, card: int) -> float:
        """Thirds lost by giving ``card`` away: its points and its worth in hand."""
        return self.values[card] + self.keep(card)

    def load_gain(self, card: int) -> float:
        """Thirds gained by putting ``card`` on our own trick, less its worth in hand."""
        return self.values[card] - self.keep(card)


def _all_tricks(view: PlayerView) -> list[Trick]:
    """Finished tricks and the current one."""
    tricks = list(view.tricks)
    if view.current_trick:
        tricks.append(Trick(view.current_trick))
    return tricks


def _revealed(view: PlayerView) -> Iterator[tuple[Seat, int]]:
    """Cards shown to everyone: declarations, draws, the master a busso announced (under
    the club convention, the pezzo when only one is left), and the 4 of denari of the first
    leader when it must lead (Roman rule)."""
    club = view.rules.busso_names_pezzo
    tricks = _all_tricks(view)
    lead_card = view.rules.first_lead_card
    if lead_card is not None and tricks:
        yield tricks[0].leader, lead_card.bit
    for decl in view.declarations:
        yield decl.seat, sum(card.bit for card in decl.cards)
    for draw in view.draws:
        yield draw.seat, draw.card.bit
    gone = 0
    for trick in tricks:
        lead = trick.plays[0].card
        out = SUIT_MASKS[lead.suit] & ~gone & ~lead.bit
        if club:
            out &= PEZZI_MASK
            out = out if out & (out - 1) == 0 else 0
        master = top(out)
        if trick.signal == "busso" and master >= 0:
            yield trick.leader, card_bit(master)
        gone |= sum(play.card.bit for play in trick.plays)


def _voids(view: PlayerView) -> dict[Seat, int]:
    """Suits (as bit sets) in which each seat holds no card we cannot see.

    A seat that did not follow the suit led while it had to is void in it; a volo says
    the leader is. Cards drawn later are shown, so a void of unseen cards lasts.
    """
    voids = dict.fromkeys(view.rules.seats, 0)
    stock = view.rules.stock_size
    for number, trick in enumerate(_all_tricks(view)):
        forced = view.rules.must_follow(stock - sum(1 for d in view.draws
                                                    if d.after_trick <= number))
        led = trick.led_suit
        if trick.signal == "volo":
            voids[trick.leader] |= 1 << led
        for play in trick.plays[1:]:
            if forced and play.card.suit != led:
                voids[play.seat] |= 1 << led
    return voids


# -- the advice: each rule returns a card index or None ------------------------------------
Rule = Callable[[Reading], "int | None"]


def lowest(mask: int, k: Reading) -> int:
    """The cheapest card of a mask to give away."""
    return min(bits(mask), key=lambda c: (k.discard_cost(c), c))


def return_busso(k: Reading) -> int | None:
    """Partner knocked and still holds the master (club convention: has not played its
    pezzo yet): lead that suit back, low."""
    club = k.rules.busso_names_pezzo
    for suit in k.partner_busso_suits():
        partner = k.partner
        mine = k.hand & SUIT_MASKS[suit]
        if partner is None or not mine:
            continue
        if k.known[partner] >> k.master(suit) & 1 or (club and k.could_hold(partner)
                                                       & SUIT_MASKS[suit] & PEZZI_MASK):
            return min(bits(mine))
    return None


def draw_out_aces(k: Reading) -> int | None:
    """Lead a master 3 (or a master 2, the 3 gone) while the ace of its suit is out."""
    for rank in (Rank.THREE, Rank.TWO):
        for suit in range(4):
            card = 10 * suit + rank
            ace = 10 * suit + Rank.ASSO
            if k.hand >> card & 1 and k.master(suit) == card and ace_with_opponent(k, ace):
                return card
    return None


def ace_with_opponent(k: Reading, ace: int) -> bool:
    """Whether an opponent may still hold this ace."""
    return any(not k.ours(s) and k.could_hold(s) >> ace & 1 for s in k.others())


def cash_aces(k: Reading) -> int | None:
    """Lead an ace nobody can beat (its 3 and 2 played or held by our side)."""
    aces = [10 * s + Rank.ASSO for s in range(4)]
    return next((a for a in aces if k.hand >> a & 1 and k.sure(a)), None)


def cash_winners(k: Reading) -> int | None:
    """Lead a sure winner, from the suit where the opponents have the most cards left."""
    winners = [c for c in bits(k.hand) if k.sure(c)]
    if not winners:
        return None
    return max(winners, key=lambda c: (count(k.outstanding(suit_of(c))), k.values[c], c))


def return_partner_suit(k: Reading) -> int | None:
    """Lead back the suit partner led (unless partner is void in it), low."""
    partner = k.partner
    for suit in k.partner_led_suits():
        mine = k.hand & SUIT_MASKS[suit]
        if partner is None or not mine or k.voids[partner] >> suit & 1:
            continue
        card = lowest(mine, k)
        if not k.exposed(card):
            return card
    return None


def lead_low(k: Reading) -> int | None:
    """Lead a cheap card, from a long suit, not from an unguarded ace."""
    return min(bits(k.hand), key=lambda c: (_lead_cost(k, c), c))


def _lead_cost(k: Reading, card: int) -> float:
    suit = suit_of(card)
    mine = k.hand & SUIT_MASKS[suit]
    cost = k.discard_cost(card) - 0.3 * count(mine)
    if any(k.exposed(c) for c in bits(mine)):
        cost += 2.0
    partner = k.partner
    if partner is not None and k.voids[partner] >> suit & 1:
        cost += 1.0
    return cost


def load_partner(k: Reading) -> int | None:
    """Partner's card is sure to win: load points on it (an ace, then figures)."""
    best = k.best()
    if best.seat == k.me or not k.ours(best.seat) or not k.sure(best.card.index, k.after_me()):
        return None
    return max(bits(k.legal), key=lambda c: (k.load_gain(c), -c))


def win_cheaply(k: Reading) -> int | None:
    """Take the trick with the lowest card that is sure to win it."""
    best = k.best().card.index
    after = k.after_me()
    winners = [c for c in bits(k.legal & above(best)) if k.sure(c, after)]
    return min(winners) if winners else None


def win_for_busso(k: Reading) -> int | None:
    """Partner led with a busso: win if we can (not with an ace) to lead the suit back."""
    lead = k.trick[0]
    if lead.seat != k.partner or lead.signal != "busso":
        return None
    best = k.best().card.index
    takers = [c for c in bits(k.legal & above(best)) if k.values[c] < 3]
    return min(takers) if takers else None


def try_to_win(k: Reading) -> int | None:
    """Last of our side to play, the trick not safe: beat the best card when the odds pay."""
    best = k.best()
    after = k.after_me()
    if any(k.ours(s) for s in after):
        return None
    pot = k.trick_thirds()
    duck = lowest(k.legal, k)
    holds = _hold_chance(k, best.card.index, after) if k.ours(best.seat) else 0.0
    duck_value = (2 * holds - 1) * (pot + k.values[duck]) - k.keep(duck)
    options = [(_win_value(k, c, pot, after), c) for c in bits(k.legal & above(best.card.index))]
    good = [(v, c) for v, c in options if v > duck_value]
    return max(good)[1] if good else None


def _hold_chance(k: Reading, card: int, after: list[Seat]) -> float:
    """The chance that no seat in ``after`` beats ``card``."""
    hold = 1.0
    for seat in after:
        hold *= 1.0 - k.beat_chance(seat, card)
    return hold


def _win_value(k: Reading, card: int, pot: int, after: list[Seat]) -> float:
    hold = _hold_chance(k, card, after)
    return (2 * hold - 1) * (pot + k.values[card]) - k.keep(card)


def play_low(k: Reading) -> int | None:
    """Cannot win: follow low, or discard a 4-7 (piombo), keeping guards and winners."""
    return lowest(k.legal, k)


LEAD_RULES: tuple[Rule, ...] = (return_busso, draw_out_aces, cash_aces, cash_winners,
                                return_partner_suit, lead_low)
FOLLOW_RULES: tuple[Rule, ...] = (load_partner, win_cheaply, win_for_busso, try_to_win,
                                  play_low)


# -- a perdere: take as few points as possible ---------------------------------------------
def dump_points(k: Reading) -> int | None:
    """A perdere: someone else takes this trick: throw the worst card on it."""
    best = k.best()
    losers = [c for c in bits(k.legal) if not beats(c, best.card.index)]
    if not losers or k.ours(best.seat):
        return None
    return max(losers, key=lambda c: (k.values[c], c % 10, -c))


def duck_partner(k: Reading) -> int | None:
    """A perdere, partner is taking it: add no points, shed a high card."""
    best = k.best()
    losers = [c for c in bits(k.legal) if not beats(c, best.card.index)]
    if not losers:
        return None
    return min(losers, key=lambda c: (k.values[c], -(c % 10), c))


def take_cheaply(k: Reading) -> int | None:
    """A perdere, forced to win: win with few points, shedding a high card if sure."""
    after = k.after_me()
    cards = list(bits(k.legal))
    if all(k.sure(c, after) for c in cards):
        return min(cards, key=lambda c: (k.values[c], -(c % 10), c))
    return min(cards, key=lambda c: (k.values[c], c % 10, c))


def lead_to_lose(k: Reading) -> int | None:
    """A perdere: lead the card most likely to be beaten, with the fewest points."""
    return min(bits(k.hand), key=lambda c: (_lose_risk(k, c), -(c % 10), c))


def _lose_risk(k: Reading, card: int) -> float:
    out = k.outstanding(suit_of(card))
    higher = count(out & above(card))
    held = 1.0 - higher / count(out) if out else 1.0
    return held * (k.values[card] + 2)


PERDERE_LEAD: tuple[Rule, ...] = (lead_to_lose,)
PERDERE_FOLLOW: tuple[Rule, ...] = (dump_points, duck_partner, take_cheaply)


# -- signals -------------------------------------------------------------------------------
def choose_signal(k: Reading, card: int) -> Signal | None:
    """The true signal for a lead that tells partner most (busso, volo, then striscio)."""
    if k.trick or not k.rules.signals:
        return None
    bit = card_bit(card)
    truths = k.rules.true_signals(DECK[card], k.hand & ~bit, FULL_DECK_MASK & ~k.played & ~bit)
    return most_telling(truths)


# -- the players -----------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Advice:
    """A decision with the name of the rule that chose it."""

    card: Card
    signal: Signal | None
    rule: str


def rules_for(k: Reading) -> tuple[Rule, ...]:
    """The advice that applies: leading or following, normal or a perdere."""
    if k.rules.low_wins:
        return PERDERE_FOLLOW if k.trick else PERDERE_LEAD
    return FOLLOW_RULES if k.trick else LEAD_RULES


def advise(view: PlayerView) -> Advice:
    """The club player's card, signal and the advice behind them."""
    return advice_for(Reading.of(view))


def advice_for(k: Reading) -> Advice:
    """:func:`advise` on a view read already."""
    for rule in rules_for(k):
        card = rule(k)
        if card is not None:
            assert k.legal >> card & 1, f"{rule.__name__} chose an illegal card"
            return Advice(DECK[card], choose_signal(k, card), rule.__name__)
    raise AssertionError("the last rule always chooses")


class RulesPlayer(Player):
    """Club level: the classic advice, as rules (deterministic)."""

    level = "club"

    def __init__(self, seed: int | None = None):
        """``seed`` is accepted for a uniform interface; the player is deterministic."""
        self.seed = seed

    def choose(self, view: PlayerView) -> Decision:
        """The card the advice picks, with a true signal when leading."""
        advice = advise(view)
        return Decision(advice.card, advice.signal)


class BeginnerPlayer(RulesPlayer):
    """Beginner level: the rules player, but now and then a random legal card."""

    level = "beginner"

    def __init__(self, seed: int | None = None, mistake_rate: float = MISTAKE_RATE):
        """Makes a mistake with probability ``mistake_rate`` (seeded)."""
        super().__init__(seed)
        self.rng = random.Random(seed)
        self.mistake_rate = mistake_rate

    def choose(self, view: PlayerView) -> Decision:
        """Usually the advice; sometimes any legal card (without a signal)."""
        if self.rng.random() < self.mistake_rate:
            return Decision(self.rng.choice(view.legal))
        return super().choose(view)
