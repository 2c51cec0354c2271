"""What one seat can infer about the hidden cards from its PlayerView, and deal sampling.

``knowledge_from_view`` reads a :class:`PlayerView` only (never the deal) and returns a
:class:`Knowledge`: for every other hand the cards it surely holds, the suits and cards its
unseen cards cannot be, the suits it must still hold (striscio, or a revoke in a real
table's record), and limits on its dealt hand (compulsory declarations). ``sample_deals``
draws full deals consistent with all of it, for PIMC players.

What is read: declared cards (held until played; a three-of-a-kind lacks the suit it names);
under compulsory declarations, once they are made, silence (a combination not declared was
not dealt); signals by their truth rules (busso: the master card after the lead; volo: no
card of the suit left; striscio: one at least, until the seat plays the suit again; under
the club convention a striscio also says no pezzo, a busso a pezzo kept); voids
shown by a card off the suit led when following was compulsory; hands shown to the seat (the
dummy's). Under optional declarations silence is not read: a player may keep quiet (see
``docs/rules-choices.md``), and the real deal must never be ruled out.

Sampling method (exactly uniform over the deals allowed by the hard constraints):
the unseen cards are split by suit and, inside a suit, by which holders may take them
(a void suit, a named card that is excluded). For each suit every vector of "how many cards
each holder gets" is weighted by its number of card assignments (a product of multinomials);
a dynamic programme over the four suits with the holders' remaining capacities as state
counts the consistent deals exactly (Python integers), and a sample walks it drawing each
suit's vector with probability proportional to the deals it leads to, then deals that suit's
cards by a random permutation. Striscio ("still holds a card of this suit") is a per-suit
condition, so it is inside the exact count. Only the limits from compulsory declarations
(e.g. "not all of 3, 2 and ace of coppe") cross suits: they are applied by rejection, which
keeps the result uniform; if rejection keeps failing, a systematic search over the few
cards involved finds a consistent deal (that fallback is not uniform). The stock's order is
a uniform random permutation.

Enumeration (:meth:`DealSampler.placements`, :meth:`DealSampler.deals`) walks the same
splits: every vector and way with a non-zero count, then every choice of cards inside each
group, so each placement comes out exactly once and there are ``count`` of them.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TypeVar

from ..engine.cards import FULL_DECK_MASK, SUIT_MASKS, Card, Rank, Suit, cards_of
from ..engine.deal import Deal
from ..engine.declarations import TOP_RANKS
from ..engine.seats import Seat, seats_for
from ..engine.signals import PEZZI_MASK
from ..engine.tricks import Play
from ..engine.views import PlayerView

FOUR_OF_DENARI = Card.of(Rank.FOUR, Suit.DENARI)
STOCK = "stock"
_T = TypeVar("_T")


class InferenceError(ValueError):
    """A view whose public history admits no deal (it cannot come from an honest game)."""


@dataclasses.dataclass(frozen=True)
class SeatKnowledge:
    """What the viewer knows about one other hand.

    ``known``: cards it surely holds now. ``excluded``: cards its unseen cards cannot be
    (the void suits' cards included). ``voids``: suits its unseen cards lack (in two-player
    games a card drawn later, always shown, may be of such a suit; it is in ``known``).
    ``holds_suits``: suits it must still hold a card of (a striscio, or a revoke, not yet
    played out).
    """

    seat: Seat
    hand_size: int
    known: int
    voids: frozenset[Suit]
    excluded: int
    holds_suits: frozenset[Suit]
    played: int
    drawn: int

    @property
    def unseen_count(self) -> int:
        """How many of its cards the viewer cannot name."""
        return self.hand_size - self.known.bit_count()


@dataclasses.dataclass(frozen=True)
class DealtLimit:
    """``seat`` was dealt at most ``most`` cards of ``mask`` (a compulsory declaration)."""

    seat: Seat
    mask: int
    most: int
    reason: str


@dataclasses.dataclass(frozen=True)
class Sample:
    """A full deal: every seat's current hand (masks) and the stock, top first."""

    hands: dict[Seat, int]
    stock: tuple[Card, ...] = ()


@dataclasses.dataclass(frozen=True)
class Knowledge:
    """Everything ``viewer`` can infer about where the unseen cards are.

    ``unseen``: cards whose holder the viewer cannot name (in another hand or the stock).
    ``seats``: every other seat holding cards. ``limits``: dealt-hand limits still open.
    ``holds_one_of``: a seat holds at least one card of the mask (a club busso's pezzo).
    """

    viewer: Seat
    players: int
    own_hand: int
    played: int
    unseen: int
    seats: Mapping[Seat, SeatKnowledge]
    stock_size: int
    limits: tuple[DealtLimit, ...]
    holds_one_of: tuple[tuple[Seat, int], ...] = ()

    def violation(self, sample: Sample) -> str | None:
        """The first constraint ``sample`` breaks, in words, or None when it fits."""
        return _sizes_problem(self, sample) or _seat_problem(self, sample) \
            or _limit_problem(self, sample.hands) or _one_of_problem(self, sample.hands)


# -- inference ------------------------------------------------------------------------


@dataclasses.dataclass
class _Draft:
    """Mutable per-seat knowledge while reading the history."""

    known: int = 0
    voids: int = 0
    excluded: int = 0
    holds: int = 0
    played: int = 0
    drawn: int = 0
    one_of: list[int] = dataclasses.field(default_factory=list)


def knowledge_from_view(view: PlayerView) -> Knowledge:
    """Infer from ``view`` alone what every other hand holds, lacks and must hold."""
    rules = view.rules
    seats = rules.seats
    drafts = {seat: _Draft() for seat in seats}
    plays = _all_plays(view)
    played = 0
    for _, play in plays:
        drafts[play.seat].played |= play.card.bit
        played |= play.card.bit
    for draw in view.draws:
        drafts[draw.seat].drawn |= draw.card.bit
        if not played & draw.card.bit:
            drafts[draw.seat].known |= draw.card.bit
    for seat, hand in view.known_hands.items():
        drafts[seat].known |= hand.mask
    _read_plays(view, plays, drafts)
    _read_declarations(view, drafts, played)
    _read_first_lead(view, drafts, played)
    drafts[view.seat] = _Draft(known=view.hand.mask, played=drafts[view.seat].played,
                               drawn=drafts[view.seat].drawn)
    unseen = FULL_DECK_MASK & ~played
    for draft in drafts.values():
        unseen &= ~draft.known
    limits = _compulsory_limits(view, drafts, unseen)
    infos = {seat: _seat_knowledge(seat, view.hand_sizes[seat], drafts[seat], unseen)
             for seat in seats if seat != view.seat}
    return Knowledge(view.seat, rules.players, view.hand.mask, played, unseen, infos,
                     view.stock_size if rules.stock_size else 0, limits,
                     _open_one_of(drafts, unseen, view.seat))


def _open_one_of(drafts: dict[Seat, _Draft], unseen: int,
                 viewer: Seat) -> tuple[tuple[Seat, int], ...]:
    """The "holds one of" constraints not yet met by a known or played card."""
    out = []
    for seat, draft in drafts.items():
        for mask in draft.one_of:
            if seat != viewer and not mask & (draft.known | draft.played):
                out.append((seat, mask & unseen))
    return tuple(out)


def _all_plays(view: PlayerView) -> list[tuple[int, Play]]:
    """Every play so far with the index of its trick."""
    out = [(t, play) for t, trick in enumerate(view.tricks) for play in trick.plays]
    out.extend((len(view.tricks), play) for play in view.current_trick)
    return out


def _stock_before(view: PlayerView, trick: int) -> int:
    """Cards in the stock while trick number ``trick`` (from 0) was played."""
    initial = view.stock_size + len(view.draws)
    return initial - sum(1 for d in view.draws if d.after_trick <= trick)


def _read_plays(view: PlayerView, plays: list[tuple[int, Play]],
                drafts: dict[Seat, _Draft]) -> None:
    """Voids from piombi and volo, the master card of a busso, striscio suits, and the
    suit a revoke (a real table's record) shows the seat still held."""
    free_with_stock = not view.rules.must_follow(view.rules.stock_size)
    gone = 0
    led = Suit.DENARI
    for pos, (trick, play) in enumerate(plays):
        if pos == 0 or trick != plays[pos - 1][0]:
            led = play.card.suit
            _read_signal(play, gone, plays[pos + 1:], drafts[play.seat],
                         view.rules.busso_names_pezzo, view.hand.mask)
        elif play.revoke:
            _still_holds(play.seat, led, plays[pos + 1:], drafts[play.seat])
        elif play.card.suit != led \
                and not (free_with_stock and _stock_before(view, trick) > 0):
            drafts[play.seat].voids |= 1 << led
        gone |= play.card.bit


def _still_holds(seat: Seat, suit: Suit, later: list[tuple[int, Play]], draft: _Draft) -> None:
    """``seat`` held a card of ``suit`` after this play: it still does until it plays one."""
    if not any(p.seat == seat and p.card.suit == suit for _, p in later):
        draft.holds |= 1 << suit


def _read_signal(play: Play, gone: int, later: list[tuple[int, Play]], draft: _Draft,
                 club: bool = False, mine: int = 0) -> None:
    """What the leader's signal tells about its hand after the lead."""
    suit = play.card.suit
    suit_mask = SUIT_MASKS[suit]
    if play.signal == "volo":
        draft.voids |= 1 << suit
    elif club and play.signal is not None:
        _read_club_signal(play, gone | mine, later, draft)
    elif play.signal == "striscio":
        _still_holds(play.seat, suit, later, draft)
    elif play.signal == "busso":
        out = suit_mask & ~gone & ~play.card.bit
        if out:
            top = 1 << (out.bit_length() - 1)
            if not any(p.card.bit == top for _, p in later):
                draft.known |= top


def _read_club_signal(play: Play, gone: int, later: list[tuple[int, Play]],
                      draft: _Draft) -> None:
    """Club convention: a striscio says "more of the suit, no pezzo" (its unplayed Three,
    Two and Ace are not in the hand); a busso says "a pezzo kept": the seat holds the suit,
    and the one pezzo when only one could be it. ``gone`` holds the cards played before the
    lead and those the viewer holds."""
    suit = play.card.suit
    _still_holds(play.seat, suit, later, draft)
    pezzi = SUIT_MASKS[suit] & PEZZI_MASK & ~gone & ~play.card.bit
    if play.signal == "striscio":
        draft.excluded |= pezzi
        return
    for _, other in later:
        if other.seat != play.seat:
            pezzi &= ~other.card.bit
    if pezzi and pezzi & (pezzi - 1) == 0 and not any(p.card.bit == pezzi for _, p in later):
        draft.known |= pezzi
    elif pezzi:
        draft.one_of.append(pezzi)


def _read_declarations(view: PlayerView, drafts: dict[Seat, _Draft], played: int) -> None:
    """Declared cards are held unless played; a three-card buon gioco lacks the fourth."""
    for decl in view.declarations:
        draft = drafts[decl.seat]
        for card in decl.cards:
            if not played & card.bit:
                draft.known |= card.bit
        if decl.combo == "buon_gioco" and decl.missing is not None:
            assert decl.rank is not None
            draft.excluded |= Card.of(decl.rank, decl.missing).bit


def _first_leader(view: PlayerView) -> Seat | None:
    """Who led (or will lead) the first trick."""
    if view.tricks:
        return view.tricks[0].leader
    if view.current_trick:
        return view.current_trick[0].seat
    return view.to_play


def _read_first_lead(view: PlayerView, drafts: dict[Seat, _Draft], played: int) -> None:
    """Roman rule: the first leader was dealt the 4 of denari (or, two players, the stock)."""
    leader = _first_leader(view)
    card = view.rules.first_lead_card
    if card is None or leader is None or played & card.bit:
        return
    bit = card.bit
    default = view.rules.next_seat(view.dealer)
    if view.rules.players != 2 or leader != default:
        drafts[leader].known |= bit
    else:
        drafts[leader.partner].excluded |= bit


def _dealt_known(draft: _Draft) -> int:
    """Cards surely in this seat's dealt hand: played or known, and not drawn."""
    return (draft.played | draft.known) & ~draft.drawn


def _compulsory_limits(view: PlayerView, drafts: dict[Seat, _Draft],
                       unseen: int) -> tuple[DealtLimit, ...]:
    """Compulsory declarations: an undeclared combination was not dealt."""
    rules = view.rules
    if not (rules.declarations and rules.declarations_compulsory) or (
            rules.declaration_timing == "end_of_first_trick" and not view.tricks):
        return ()
    limits: list[DealtLimit] = []
    for seat, draft in drafts.items():
        if seat == view.seat:
            continue
        declared = [d for d in view.declarations if d.seat == seat]
        for suit in Suit:
            if not any(d.combo == "napoletana" and d.suit == suit for d in declared):
                mask = sum(Card.of(rank, suit).bit for rank in TOP_RANKS)
                limits.extend(_limit(draft, DealtLimit(seat, mask, 2, f"napoletana {suit.symbol}"),
                                     unseen))
        for rank in TOP_RANKS:
            if not any(d.combo == "buon_gioco" and d.rank == rank for d in declared):
                mask = sum(Card.of(rank, suit).bit for suit in Suit)
                limits.extend(_limit(draft, DealtLimit(seat, mask, 2, f"buon gioco {rank.symbol}"),
                                     unseen))
    return tuple(limits)


def _limit(draft: _Draft, limit: DealtLimit, unseen: int) -> list[DealtLimit]:
    """Turn a limit into exclusions when it is already tight; keep it when still open."""
    have = (_dealt_known(draft) & limit.mask).bit_count()
    possible = limit.mask & unseen & ~draft.excluded & ~_void_cards(draft.voids)
    if have + possible.bit_count() <= limit.most:
        return []
    if have >= limit.most:
        draft.excluded |= possible
        return []
    return [limit]


def _suits(bits: int) -> list[Suit]:
    """The suits of a 4-bit suit mask."""
    return [suit for suit in Suit if bits >> suit & 1]


def _void_cards(voids: int) -> int:
    """The cards of the suits in a suit bitmask."""
    return sum(SUIT_MASKS[s] for s in _suits(voids))


def _seat_knowledge(seat: Seat, size: int, draft: _Draft, unseen: int) -> SeatKnowledge:
    """Freeze a draft; a striscio suit already shown by a known card is dropped."""
    holds = frozenset(s for s in _suits(draft.holds) if not draft.known & SUIT_MASKS[s])
    excluded = (draft.excluded | _void_cards(draft.voids)) & unseen
    voids = frozenset(_suits(draft.voids))
    return SeatKnowledge(seat, size, draft.known, voids, excluded, holds, draft.played,
                         draft.drawn)


# -- checking ----------------------------------------------------------------------------


def _sizes_problem(k: Knowledge, sample: Sample) -> str | None:
    """Hand sizes, the viewer's hand, disjointness and the union of all cards."""
    seats = set(seats_for(k.players))
    if set(sample.hands) != seats:
        return f"hands for {sorted(sample.hands)}, expected {sorted(seats)}"
    if sample.hands[k.viewer] != k.own_hand:
        return "the viewer's own hand is changed"
    stock = sum(c.bit for c in sample.stock)
    if len(sample.stock) != k.stock_size or stock.bit_count() != k.stock_size:
        return f"stock of {len(sample.stock)} cards, expected {k.stock_size}"
    total = stock
    for seat, hand in sample.hands.items():
        if total & hand:
            return f"{seat} holds a card placed twice"
        total |= hand
    if total & k.played or total | k.played != FULL_DECK_MASK:
        return "the hands, the stock and the played cards are not the whole deck"
    for seat, info in k.seats.items():
        if sample.hands[seat].bit_count() != info.hand_size:
            return f"{seat} holds {sample.hands[seat].bit_count()} cards, not {info.hand_size}"
    return None


def _seat_problem(k: Knowledge, sample: Sample) -> str | None:
    """Known cards, excluded cards and voids, striscio suits."""
    for seat, info in k.seats.items():
        hand = sample.hands[seat]
        if info.known & ~hand:
            return f"{seat} lacks the known {_names(info.known & ~hand)}"
        if hand & ~info.known & info.excluded:
            return f"{seat} holds {_names(hand & ~info.known & info.excluded)}, excluded"
        for suit in info.holds_suits:
            if not hand & SUIT_MASKS[suit]:
                return f"{seat} has no {suit.symbol} after its striscio"
    return None


def _one_of_problem(k: Knowledge, hands: Mapping[Seat, int]) -> str | None:
    """A seat that must hold one of some cards (a club busso) holds none of them."""
    for seat, mask in k.holds_one_of:
        if not hands[seat] & mask:
            return f"{seat} holds none of {_names(mask)} after its busso"
    return None


def _limit_problem(k: Knowledge, hands: Mapping[Seat, int]) -> str | None:
    """Limits on dealt hands from compulsory declarations."""
    for limit in k.limits:
        info = k.seats[limit.seat]
        dealt = (hands[limit.seat] | info.played) & ~info.drawn
        if (dealt & limit.mask).bit_count() > limit.most:
            return f"{limit.seat} was dealt an undeclared {limit.reason}"
    return None


def _names(mask: int) -> str:
    return " ".join(str(c) for c in cards_of(mask))


# -- exact sampling ----------------------------------------------------------------------

Vec = tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class _Group:
    """Unseen cards of one suit that the same holders may take."""

    cards: tuple[Card, ...]
    holders: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class _Way:
    """One split of a suit's groups: per group, the count going to each holder."""

    weight: int
    splits: tuple[Vec, ...]


class DealSampler:
    """Exact uniform sampler of the deals allowed by one :class:`Knowledge`.

    Build it once per decision and call :meth:`draw` as often as needed.
    ``count`` is the number of hidden-card placements allowed by the hard constraints.
    """

    def __init__(self, knowledge: Knowledge):
        """Set up the per-suit splits and the counting table."""
        self.knowledge = knowledge
        self.holders: list[Seat | str] = [s for s, i in knowledge.seats.items()
                                          if i.unseen_count > 0]
        caps = [knowledge.seats[s].unseen_count for s in self.holders if isinstance(s, Seat)]
        if knowledge.stock_size:
            self.holders.append(STOCK)
            caps.append(knowledge.stock_size)
        self.caps: Vec = tuple(caps)
        self.free = not any(self._excluded(h) for h in self.holders) and not any(
            _unmet(i, suit) for i in knowledge.seats.values() for suit in i.holds_suits)
        self._guard = _pack(tuple(_GUARD for _ in self.caps))
        self._memo: dict[tuple[int, int], int] = {}
        self._choices: dict[tuple[int, int], tuple[list[int], list[int]]] = {}
        self._dealt: dict[tuple[int, int], list[list[int]]] = {}
        self.groups: list[list[_Group]] = []
        self.suits: list[dict[int, list[_Way]]] = []
        self._built = False
        if not self._sizes_fit():
            self.count = 0
        elif self.free:  # the suit tables wait until an enumeration needs them
            self.count = _multinomial(self.caps)
        else:
            self.count = self._tables()

    def _tables(self) -> int:
        """Build the per-suit splits and count the placements through them."""
        self._built = True
        knowledge = self.knowledge
        present = [s for s in Suit if knowledge.unseen & SUIT_MASKS[s]]
        self.groups = [self._groups(suit) for suit in present]
        self.suits = [self._suit_ways(suit, groups)
                      for suit, groups in zip(present, self.groups, strict=True)]
        self.totals = [{vec: sum(w.weight for w in ways) for vec, ways in suit.items()}
                       for suit in self.suits]
        self._items = [list(totals.items()) for totals in self.totals]
        return self._count(0, self.start)

    @property
    def start(self) -> int:
        """Every holder's room for unseen cards, packed (the state before the first suit)."""
        return _pack(self.caps)

    @property
    def suit_count(self) -> int:
        """How many suits have unseen cards (the steps of an enumeration)."""
        if self.count and not self._built:
            self._tables()
        return len(self.suits)

    def counts_after(self, index: int, room: int) -> list[int]:
        """The packed count vectors suit ``index`` may give the holders when their packed
        ``room`` is left; each leads to at least one placement. Subtracting one from
        ``room`` is the room after that suit."""
        return [room] if index == self.suit_count - 1 else self._choices[(index, room)][0]

    def suit_deals(self, index: int, vec: int) -> list[list[int]]:
        """Every way to deal suit ``index``'s unseen cards in the packed counts ``vec``:
        per holder the mask of the cards it takes."""
        key = (index, vec)
        if key not in self._dealt:
            empty = [0] * len(self.holders)
            self._dealt[key] = [dealt for way in self.suits[index].get(vec, ())
                                for dealt in _deal_groups(self.groups[index], way.splits,
                                                          empty)]
        return self._dealt[key]

    def _sizes_fit(self) -> bool:
        """Slots match the unseen cards; a full hand meets its striscio suits itself."""
        infos = self.knowledge.seats.values()
        fits = sum(self.caps) == self.knowledge.unseen.bit_count()
        full = [i for i in infos if i.unseen_count == 0]
        return fits and all(i.unseen_count >= 0 for i in infos) and not any(
            _unmet(i, suit) for i in full for suit in i.holds_suits)

    def _excluded(self, holder: Seat | str) -> int:
        """Cards this holder may not take (none for the stock)."""
        return self.knowledge.seats[holder].excluded if isinstance(holder, Seat) else 0

    def _groups(self, suit: Suit) -> list[_Group]:
        """The suit's unseen cards grouped by the holders allowed to take them."""
        by_holders: dict[tuple[int, ...], list[Card]] = {}
        for card in cards_of(self.knowledge.unseen & SUIT_MASKS[suit]):
            allowed = tuple(j for j, h in enumerate(self.holders)
                            if not self._excluded(h) & card.bit)
            by_holders.setdefault(allowed, []).append(card)
        return [_Group(tuple(cards), holders) for holders, cards in by_holders.items()]

    def _suit_ways(self, suit: Suit, groups: list[_Group]) -> dict[int, list[_Way]]:
        """Every count vector (packed) for this suit with the ways to reach it."""
        need = [j for j, h in enumerate(self.holders)
                if isinstance(h, Seat) and _unmet(self.knowledge.seats[h], suit)]
        out: dict[int, list[_Way]] = {}
        for splits in _product_splits(groups, self.caps):
            vec = tuple(sum(s[j] for s in splits) for j in range(len(self.caps)))
            if all(vec[j] > 0 for j in need):
                weight = math.prod(_multinomial(s) for s in splits)
                out.setdefault(_pack(vec), []).append(_Way(weight, splits))
        return out

    def _count(self, index: int, caps: int) -> int:
        """Placements of suits ``index``.. that fill the packed ``caps`` exactly."""
        if index >= len(self.suits) - 1:
            return self.totals[index].get(caps, 0) if self.suits else int(not caps)
        key = (index, caps)
        if key not in self._memo:
            vecs: list[int] = []
            weights: list[int] = []
            guard = self._guard
            for vec, total in self._items[index]:
                rest = (caps | guard) - vec
                if rest & guard == guard:  # no holder went below zero
                    sub = self._count(index + 1, rest ^ guard)
                    if sub:
                        vecs.append(vec)
                        weights.append(sub * total)
            self._choices[key] = (vecs, weights)
            self._memo[key] = sum(weights)
        return self._memo[key]

    def draw(self, rng: random.Random) -> Sample:
        """One deal drawn uniformly (hard constraints only; see :func:`sample_deals`)."""
        if not self.count:
            raise InferenceError("no deal fits the public history")
        if self.free:
            return self._sample(self._deal_freely(rng), rng)
        placed = [0] * len(self.holders)
        caps = _pack(self.caps)
        for index, suit_ways in enumerate(self.suits):
            last = index == len(self.suits) - 1
            vec = caps if last else _pick(*self._choices[(index, caps)], rng)
            ways = suit_ways[vec]
            way = _pick(ways, [w.weight for w in ways], rng)
            for group, split in zip(self.groups[index], way.splits, strict=True):
                cards = list(group.cards)
                rng.shuffle(cards)
                for j in group.holders:
                    for card in cards[:split[j]]:
                        placed[j] |= card.bit
                    cards = cards[split[j]:]
            caps -= vec  # no borrow: vec fits in caps field by field
        return self._sample(placed, rng)

    def draw_fitting(self, rng: random.Random, tries: int = 200) -> Sample:
        """One deal drawn uniformly among those that also meet the dealt-hand limits and
        the club bussi (rejection; after ``tries`` failures the systematic search, not
        uniform)."""
        for _ in range(tries):
            sample = self.draw(rng)
            if _limit_problem(self.knowledge, sample.hands) is None \
                    and _one_of_problem(self.knowledge, sample.hands) is None:
                return sample
        for _ in range(max(tries, 1)):
            sample = search_deal(self.knowledge, rng)
            if _one_of_problem(self.knowledge, sample.hands) is None:
                return sample
        raise InferenceError("no deal fits the public history and the signals")

    def placements(self) -> Iterator[list[int]]:
        """Every placement of the unseen cards that the hard constraints allow, each once:
        per holder (``holders``) the mask of the unseen cards it takes. There are ``count``
        of them, and :meth:`draw` picks one of them uniformly."""
        if self.count:
            yield from self._placed(0, self.start, [0] * len(self.holders))

    def _placed(self, index: int, room: int, placed: list[int]) -> Iterator[list[int]]:
        """The placements of suits ``index``.. filling the packed ``room``, after ``placed``."""
        if index == self.suit_count:
            yield placed
            return
        for vec in self.counts_after(index, room):
            for dealt in self.suit_deals(index, vec):
                yield from self._placed(index + 1, room - vec,
                                        [a | b for a, b in zip(placed, dealt, strict=True)])

    def deals(self) -> Iterator[Sample]:
        """Every deal that fits the view, each once: the placements that also meet the
        dealt-hand limits. Uniform weights over them are exactly what :meth:`draw_fitting`
        draws. Only without a stock (its orders are not enumerated): ``ValueError`` else."""
        if self.knowledge.stock_size:
            raise ValueError("the deals are enumerated only without a stock")
        limited = bool(self.knowledge.limits or self.knowledge.holds_one_of)
        for placed in self.placements():
            hands = self._hands(placed)
            if not limited or (_limit_problem(self.knowledge, hands) is None
                               and _one_of_problem(self.knowledge, hands) is None):
                yield Sample(hands)

    def _deal_freely(self, rng: random.Random) -> list[int]:
        """No card is excluded anywhere: shuffle the unseen cards and cut them."""
        cards = list(cards_of(self.knowledge.unseen))
        rng.shuffle(cards)
        placed = []
        for cap in self.caps:
            placed.append(sum(card.bit for card in cards[:cap]))
            cards = cards[cap:]
        return placed

    def _sample(self, placed: list[int], rng: random.Random) -> Sample:
        """Add the known cards and order the stock at random."""
        stock: list[Card] = []
        for j, holder in enumerate(self.holders):
            if not isinstance(holder, Seat):
                stock = list(cards_of(placed[j]))
                rng.shuffle(stock)
        return Sample(self._hands(placed), tuple(stock))

    def _hands(self, placed: list[int]) -> dict[Seat, int]:
        """Every seat's hand: its known cards and the unseen cards placed with it."""
        k = self.knowledge
        hands = {k.viewer: k.own_hand}
        for seat, info in k.seats.items():
            hands[seat] = info.known
        for j, holder in enumerate(self.holders):
            if isinstance(holder, Seat):
                hands[holder] |= placed[j]
        return {seat: hands[seat] for seat in seats_for(k.players)}


_FIELD = 6
_GUARD = 1 << (_FIELD - 1)


def _pack(vec: Vec) -> int:
    """A count vector as one int, 6 bits a holder (counts <= 20, the top bit a guard)."""
    return sum(v << (_FIELD * j) for j, v in enumerate(vec))


def _unmet(info: SeatKnowledge, suit: Suit) -> bool:
    """A striscio suit that the seat's known cards do not already show."""
    return suit in info.holds_suits and not info.known & SUIT_MASKS[suit]


def _product_splits(groups: Sequence[_Group], caps: Vec) -> Iterator[tuple[Vec, ...]]:
    """Every way to split each group's cards among its allowed holders."""
    if not groups:
        yield ()
        return
    first, rest = groups[0], groups[1:]
    for split in _splits(len(first.cards), first.holders, caps):
        left = tuple(c - s for c, s in zip(caps, split, strict=True))
        for tail in _product_splits(rest, left):
            yield (split, *tail)


def _splits(n: int, holders: tuple[int, ...], caps: Vec) -> Iterator[Vec]:
    """Count vectors (one slot per holder) putting ``n`` cards on ``holders`` within caps."""
    if not holders:
        if n == 0:
            yield (0,) * len(caps)
        return
    j, rest = holders[0], holders[1:]
    for amount in range(min(n, caps[j]) + 1):
        for tail in _splits(n - amount, rest, caps):
            yield tail[:j] + (amount,) + tail[j + 1:]


def _deal_groups(groups: Sequence[_Group], splits: Sequence[Vec],
                 placed: list[int]) -> Iterator[list[int]]:
    """Every way to deal each group's cards to its holders in the counts of its split."""
    if not groups:
        yield placed
        return
    group, split = groups[0], splits[0]
    quotas = tuple((j, split[j]) for j in group.holders)
    for dealt in _share(group.cards, quotas, placed):
        yield from _deal_groups(groups[1:], splits[1:], dealt)


def _share(cards: tuple[Card, ...], quotas: tuple[tuple[int, int], ...],
           placed: list[int]) -> Iterator[list[int]]:
    """Every way to give holder ``j`` exactly ``n`` of ``cards`` for each ``(j, n)``."""
    if not quotas:
        yield placed
        return
    (j, n), rest = quotas[0], quotas[1:]
    for chosen in itertools.combinations(cards, n):
        mask = sum(card.bit for card in chosen)
        dealt = list(placed)
        dealt[j] |= mask
        yield from _share(tuple(c for c in cards if not mask & c.bit), rest, dealt)


def _multinomial(split: Vec) -> int:
    """Ways to deal ``sum(split)`` distinct cards into piles of these sizes."""
    out, total = 1, 0
    for part in split:
        total += part
        out *= math.comb(total, part)
    return out


def _pick(items: Sequence[_T], weights: Sequence[int], rng: random.Random) -> _T:
    """One item with probability proportional to its (big integer) weight."""
    roll = rng.randrange(sum(weights))
    for item, weight in zip(items, weights, strict=True):
        if roll < weight:
            return item
        roll -= weight
    raise AssertionError("weights changed while picking")


# -- public sampling ------------------------------------------------------------------------


def sample_deals(view: PlayerView, n: int, rng: random.Random, *,
                 weights: Callable[[Sample], float] | None = None, oversample: int = 4,
                 tries: int = 200) -> list[Sample]:
    """``n`` full deals consistent with everything ``view`` shows, drawn uniformly.

    With ``weights`` (an opponent model, weight >= 0 per deal) ``n * oversample`` uniform
    deals are drawn and ``n`` are resampled, with replacement, in proportion to their
    weights (sampling importance resampling). ``tries`` bounds the rejections per deal
    before the systematic search takes over.
    """
    knowledge = knowledge_from_view(view)
    sampler = DealSampler(knowledge)
    if not sampler.count:
        raise InferenceError(f"{view.seat}: no deal fits the public history")
    wanted = n * oversample if weights is not None else n
    samples = [sampler.draw_fitting(rng, tries) for _ in range(wanted)]
    if weights is None or not samples:
        return samples
    scores = [max(0.0, float(weights(s))) for s in samples]
    if not sum(scores):
        return samples[:n]
    return rng.choices(samples, weights=scores, k=n)


def search_deal(knowledge: Knowledge, rng: random.Random) -> Sample:
    """Some deal meeting every constraint, found by search over the limited cards.

    The cards named by open limits are placed one by one (backtracking, random order);
    each complete placement is checked, then the rest is drawn exactly. Not uniform.
    """
    limited = 0
    for limit in knowledge.limits:
        limited |= limit.mask & knowledge.unseen
    order = list(cards_of(limited))
    rng.shuffle(order)
    found = _place(knowledge, order, {}, rng)
    if found is None:
        raise InferenceError("no deal fits the public history and the declarations")
    return found


def _place(knowledge: Knowledge, order: list[Card], fixed: dict[Seat | str, int],
           rng: random.Random) -> Sample | None:
    """Backtrack over where each limited card goes; draw the rest once all are placed."""
    if not order:
        sub = DealSampler(_with_fixed(knowledge, fixed))
        if not sub.count:
            return None
        sample = sub.draw(rng)
        return sample if _limit_problem(knowledge, sample.hands) is None else None
    card, rest = order[0], order[1:]
    holders: list[Seat | str] = [s for s, i in knowledge.seats.items()
                                 if i.unseen_count and not i.excluded & card.bit]
    if knowledge.stock_size:
        holders.append(STOCK)
    rng.shuffle(holders)
    for holder in holders:
        trial = dict(fixed)
        trial[holder] = trial.get(holder, 0) | card.bit
        if _partial_ok(knowledge, trial):
            found = _place(knowledge, rest, trial, rng)
            if found is not None:
                return found
    return None


def _partial_ok(knowledge: Knowledge, fixed: dict[Seat | str, int]) -> bool:
    """Capacities and limits still possible with these cards placed."""
    for holder, mask in fixed.items():
        room = knowledge.seats[holder].unseen_count if isinstance(holder, Seat) \
            else knowledge.stock_size
        if mask.bit_count() > room:
            return False
    hands = {s: i.known | fixed.get(s, 0) for s, i in knowledge.seats.items()}
    return _limit_problem(knowledge, hands) is None


def _with_fixed(knowledge: Knowledge, fixed: dict[Seat | str, int]) -> Knowledge:
    """The knowledge with some unseen cards placed: in a hand they become known."""
    seats = dict(knowledge.seats)
    placed = 0
    for holder, mask in fixed.items():
        placed |= mask
        if isinstance(holder, Seat):
            info = seats[holder]
            seats[holder] = dataclasses.replace(info, known=info.known | mask)
    stock_cards = fixed.get(STOCK, 0)
    seats = {s: dataclasses.replace(i, excluded=i.excluded | stock_cards)
             for s, i in seats.items()}
    # Cards fixed in the stock stay unseen but only the stock may take them.
    return dataclasses.replace(knowledge, seats=seats,
                               unseen=knowledge.unseen & ~(placed & ~stock_cards))


# -- from a sample back to a deal -----------------------------------------------------------


def sample_to_deal(view: PlayerView, sample: Sample) -> Deal:
    """Rebuild the deal of ``sample`` and replay the public history on it.

    The engine re-checks every play, signal and declaration: a sample that does not fit
    the history raises :class:`InferenceError`. The result is at the view's moment.
    """
    dealt = _sample_dealt(view, sample)
    stock = tuple(d.card for d in view.draws) + sample.stock
    deal = Deal(view.rules, view.dealer, {s: cards_of(m) for s, m in dealt.items()}, stock,
                view.match_scores)
    try:
        _replay_history(view, deal)
    except ValueError as err:
        raise InferenceError(f"the sample does not fit the history: {err}") from None
    if {s: deal.hand_mask(s) for s in deal.seats} != sample.hands or deal.stock != sample.stock:
        raise InferenceError("the replayed deal does not reach the sample's hands")
    return deal


def _sample_dealt(view: PlayerView, sample: Sample) -> dict[Seat, int]:
    """Dealt hands from a sample and the view's plays and draws."""
    out = {}
    for seat, hand in sample.hands.items():
        played = sum(p.card.bit for _, p in _all_plays(view) if p.seat == seat)
        drawn = sum(d.card.bit for d in view.draws if d.seat == seat)
        out[seat] = (hand | played) & ~drawn
    return out


def _replay_history(view: PlayerView, deal: Deal) -> None:
    """Play the view's plays, declarations and calls again, in their windows."""
    first_trick_window = view.rules.declaration_timing == "end_of_first_trick"
    if not first_trick_window:
        _declare_all(view, deal)
    for _, play in _all_plays(view):
        trick = deal.play(play.card, play.signal, allow_revoke=play.revoke)
        if trick is None:
            continue
        if first_trick_window and len(deal.tricks) == 1:
            _declare_all(view, deal)
        for call in view.calls:
            if call.after_trick == len(deal.tricks):
                deal.call_out(call.side)
    if set(deal.declarations) != set(view.declarations):
        raise InferenceError("the declarations differ (a compulsory one is missing or extra)")


def _declare_all(view: PlayerView, deal: Deal) -> None:
    """Make the view's declarations the engine did not make by itself."""
    for decl in view.declarations:
        if decl not in deal.declarations:
            deal.declare(decl)
