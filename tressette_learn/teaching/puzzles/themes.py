"""The puzzle themes: which positions fit each one, and the facts its texts need.

A theme looks at a position (the learner, South, to play) before it is solved
(:meth:`Theme.fits`: the shape of the position) and after (:meth:`Theme.keeps`: what the
solver's answer shows, e.g. that the sound card keeps the last trick and every other card
loses it). Both return the facts the theme's sentences fill in, or ``None``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ...ai.explain import explain
from ...ai.solver_line import best_line as line
from ...engine.cards import SUIT_MASKS, Card, Rank, Suit
from ...engine.deal import Deal
from ...engine.seats import Seat
from ...engine.tricks import SIGNALS, Signal
from ..course import by_role
from .check import Answer
from .lead_signals import asks, signal_leads, sound_leads

Facts = dict[str, Any]
LEARNER = Seat.S


@dataclasses.dataclass(frozen=True)
class Theme:
    """One theme: the role of its lesson (in ``lessons/course.yaml``), the table
    (``preset``), whether the other hands are shown, the tricks left when its positions are
    taken, and its two tests. A theme with a ``lead_signal`` accepts the leads that make that
    signal true (:mod:`.lead_signals`) instead of the solver's sound cards."""

    name: str
    role: str
    shown: bool
    tricks_left: tuple[int, int]
    fits: Callable[[Deal], Facts | None]
    keeps: Callable[[Deal, Answer], Facts | None] = lambda _deal, _answer: {}
    preset: str = "standard"
    lead_signal: Signal | None = None

    @property
    def lesson(self) -> str:
        """The id of the lesson whose puzzles it makes."""
        return by_role(self.role).id

    def judged(self, deal: Deal, answer: Answer) -> Answer:
        """``answer`` accepting what this theme accepts in ``deal``."""
        if self.lead_signal is None:
            return answer
        return answer.choosing(signal_leads(deal, self.lead_signal))


# -- the shape of a position -------------------------------------------------------------
def _led_suit(deal: Deal) -> int | None:
    return deal.current[0].card.index // 10 if deal.current else None


def following(deal: Deal) -> Facts | None:
    """Following a suit with a choice of cards in it."""
    led = _led_suit(deal)
    legal = deal.legal_mask()
    if led is None or not legal & SUIT_MASKS[led] or bin(legal).count("1") < 2:
        return None
    return {"suit": deal.current[0].card.suit, "led": deal.current[0].card}


def discarding(deal: Deal) -> Facts | None:
    """No card of the suit led: which card to throw."""
    led = _led_suit(deal)
    hand = deal.hand_mask(LEARNER)
    if led is None or hand & SUIT_MASKS[led] or bin(hand).count("1") < 3:
        return None
    return {"suit": deal.current[0].card.suit}


def leading(deal: Deal) -> Facts | None:
    """The learner leads."""
    return None if deal.current or bin(deal.hand_mask(LEARNER)).count("1") < 3 else {}


def leading_three(deal: Deal) -> Facts | None:
    """The learner leads and holds a Three."""
    threes = [c for c in deal.hand(LEARNER) if c.rank == Rank.THREE]
    return {"three": threes[0]} if threes and leading(deal) is not None else None


def holding_ace(deal: Deal) -> Facts | None:
    """The learner holds an ace that is not yet safe (the Three or Two of its suit out)."""
    for card in deal.hand(LEARNER):
        if card.rank == Rank.ASSO and _higher_out(deal, card):
            return {"ace": card}
    return None


def _higher_out(deal: Deal, card: Card) -> bool:
    above = SUIT_MASKS[card.suit] & ~((card.bit << 1) - 1)
    mine = deal.hand_mask(LEARNER) | deal.hand_mask(LEARNER.partner)
    return bool(above & ~deal.played_mask & ~mine)


def partner_led(deal: Deal) -> Facts | None:
    """The learner leads, holding a card of a suit partner led earlier and of another."""
    if leading(deal) is None:
        return None
    hand = deal.hand_mask(LEARNER)
    for trick in deal.tricks:
        lead = trick.plays[0]
        if (lead.seat == LEARNER.partner and hand & SUIT_MASKS[lead.card.suit]
                and hand & ~SUIT_MASKS[lead.card.suit]):
            return {"suit": lead.card.suit}
    return None


def second_hand(deal: Deal) -> Facts | None:
    """The learner plays second, holding a card of the suit led that beats the lead and
    one that does not."""
    if len(deal.current) != 1:
        return None
    led = deal.current[0].card
    mine = [c for c in deal.legal_cards() if c.suit == led.suit]
    if not any(c.beats(led) for c in mine) or all(c.beats(led) for c in mine):
        return None
    return {"led": led, "suit": led.suit}


def _length(deal: Deal, seat: Seat, suit: Suit) -> int:
    return bin(deal.hand_mask(seat) & SUIT_MASKS[suit]).count("1")


def long_suit(deal: Deal) -> Facts | None:
    """The learner leads, holding a suit of three cards or more, longer than each other
    suit in hand, and no opponent holds as many of it."""
    if leading(deal) is None:
        return None
    lengths = sorted(((_length(deal, LEARNER, s), s) for s in Suit), reverse=True)
    (n, suit), (m, _) = lengths[0], lengths[1]
    opponents = [s for s in deal.seats if deal.side_of(s) != deal.side_of(LEARNER)]
    if n < 3 or n == m or any(_length(deal, s, suit) >= n for s in opponents):
        return None
    return {"suit": suit}


def bare_two(deal: Deal) -> Facts | None:
    """The learner holds a bare Two (the only card of its suit in hand) and an opponent
    holds the Three of its suit."""
    for card in deal.hand(LEARNER):
        three = Card(10 * card.suit + Rank.THREE)
        if (card.rank == Rank.TWO and _length(deal, LEARNER, card.suit) == 1
                and any(three in deal.hand(s) for s in deal.seats
                        if deal.side_of(s) != deal.side_of(LEARNER))):
            return {"two": card, "suit": card.suit}
    return None


_HONOURS = (Rank.THREE, Rank.TWO, Rank.ASSO)


def _protects(deal: Deal, suit: Suit) -> bool:
    """The learner holds a Three, a Two or an Ace of ``suit``."""
    return any(c.suit == suit and c.rank in _HONOURS for c in deal.hand(LEARNER))


def first_discard(deal: Deal) -> Facts | None:
    """The learner's first piombo of the deal, with a suit in hand that has nothing to
    protect and one that has a Three, a Two or an Ace."""
    if discarding(deal) is None:
        return None
    if any(p.seat == LEARNER and p.card.suit != t.plays[0].card.suit
           for t in deal.tricks for p in t.plays):
        return None
    held = {c.suit for c in deal.hand(LEARNER)}
    if not any(_protects(deal, s) for s in held) or all(_protects(deal, s) for s in held):
        return None
    return {"suit": deal.current[0].card.suit}


def blocking_card(deal: Deal) -> Card | None:
    """A discard the learner can make of its only card of a suit that partner holds at
    least two of, one lower than it."""
    if discarding(deal) is None:
        return None
    for card in deal.hand(LEARNER):
        held = [c for c in deal.hand(LEARNER.partner) if c.suit == card.suit]
        if (_length(deal, LEARNER, card.suit) == 1 and len(held) >= 2
                and any(c < card for c in held) and card.rank in _HONOURS):
            return card
    return None


def unblocking(deal: Deal) -> Facts | None:
    """:func:`blocking_card` is there."""
    card = blocking_card(deal)
    return None if card is None else {"card": card}


def partner_signalled(deal: Deal) -> Facts | None:
    """Partner led this trick with a signal."""
    lead = deal.current[0] if deal.current else None
    if lead is None or lead.seat != LEARNER.partner or lead.signal is None:
        return None
    return {"card": lead.card, "signal": lead.signal}


def declared(deal: Deal) -> Facts | None:
    """Another seat declared, and some of the declared cards are still out: every card that
    seat declared (all its declarations: the page shows them all)."""
    for decl in deal.declarations:
        out = [c for c in decl.cards if not c.bit & deal.played_mask]
        if decl.seat != LEARNER and out:
            cards = [c for d in deal.declarations if d.seat == decl.seat for c in d.cards]
            return {"seat": decl.seat, "cards": tuple(dict.fromkeys(cards))}
    return None


def anything(_deal: Deal) -> Facts | None:
    """Any position."""
    return {}


# -- what the answer shows --------------------------------------------------------------
def goal(deal: Deal, answer: Answer) -> Facts | None:
    """The points the sound card makes: the goal to reach."""
    return {"n": answer.best_points}


def perdere_goal(deal: Deal, answer: Answer) -> Facts | None:
    """:func:`goal`, a perdere, when the learner's side can still take fewer points than
    the other side (a position already lost makes a dull puzzle)."""
    return goal(deal, answer) if 2 * answer.best_points < deal.rules.deal_points else None


def _ours(deal: Deal, seat: Seat | None) -> bool:
    return seat is not None and deal.side_of(seat) == deal.side_of(LEARNER)


def last_trick(deal: Deal, answer: Answer) -> Facts | None:
    """The sound cards win the last trick for the learner's side, every other card loses it."""
    def wins_last(card: Card) -> bool:
        return _ours(deal, line(deal, card).tricks[-1].winner)
    wrong = [r.card for r in answer.cards if not r.sound]
    if all(wins_last(c) for c in answer.accepted) and not any(wins_last(c) for c in wrong):
        return {}
    return None


def keeps_ace(ace: Card) -> Callable[[Deal, Answer], Facts | None]:
    """The sound cards keep ``ace`` (or a Two) on the learner's side; some other card loses
    it."""
    def test(deal: Deal, answer: Answer) -> Facts | None:
        def safe(card: Card) -> bool:
            final = line(deal, card)
            return any(_ours(final, t.winner) for t in final.tricks if ace in t.cards)
        wrong = [r.card for r in answer.cards if not r.sound]
        if all(safe(c) for c in answer.accepted) and not all(safe(c) for c in wrong):
            return {}
        return None
    return test


def keeps_held(fits: Callable[[Deal], Facts | None], key: str
               ) -> Callable[[Deal, Answer], Facts | None]:
    """:func:`keeps_ace` for the card ``fits`` finds in the position (its fact ``key``)."""
    def test(deal: Deal, answer: Answer) -> Facts | None:
        facts = fits(deal)
        return None if facts is None else keeps_ace(facts[key])(deal, answer)
    return test


guard_ace = keeps_held(holding_ace, "ace")


def leads_a_three(deal: Deal, answer: Answer) -> Facts | None:
    """Every sound card is a Three."""
    return {} if all(c.rank == Rank.THREE for c in answer.accepted) else None


def returns_suit(deal: Deal, answer: Answer) -> Facts | None:
    """Every sound card is of the suit partner led; some other card is not."""
    facts = partner_led(deal)
    if facts is None:
        return None
    suit = facts["suit"]
    wrong = [r.card for r in answer.cards if not r.sound]
    if all(c.suit == suit for c in answer.accepted) and any(c.suit != suit for c in wrong):
        return {}
    return None


def plays_low(deal: Deal, answer: Answer) -> Facts | None:
    """Every sound card lets the lead win (liscio); some card that beats it is wrong."""
    led = deal.current[0].card
    wrong = [r.card for r in answer.cards if not r.sound]
    if (all(c.suit == led.suit and not c.beats(led) for c in answer.accepted)
            and any(c.suit == led.suit and c.beats(led) for c in wrong)):
        return {}
    return None


def leads_long(deal: Deal, answer: Answer) -> Facts | None:
    """Every sound card is of the long suit, some other card is not; on the solver's line
    from each sound card, a small card of that suit (below the Ace) later takes a trick
    for the learner's side that no opponent could follow."""
    facts = long_suit(deal)
    if facts is None:
        return None
    suit = facts["suit"]
    wrong = [r.card for r in answer.cards if not r.sound]
    if not all(c.suit == suit for c in answer.accepted) or all(c.suit == suit for c in wrong):
        return None
    if any(c.rank == Rank.THREE for c in answer.accepted):
        return None  # a Three led is lesson "lead_threes", not length
    if not all(_length_wins(line(deal, c), suit, len(deal.tricks)) for c in answer.accepted):
        return None
    return {}


def _length_wins(final: Deal, suit: Suit, start: int) -> bool:
    for trick in final.tricks[start + 1:]:
        win = next(p for p in trick.plays if p.seat == trick.winner)
        followed = [p for p in trick.plays if p.card.suit == suit and not _ours(final, p.seat)]
        if (trick.plays[0].card.suit == suit and _ours(final, trick.winner)
                and win.card.suit == suit and win.card.rank < Rank.ASSO and not followed):
            return True
    return False


def discards_plain(deal: Deal, answer: Answer) -> Facts | None:
    """Every sound card is a card worth nothing (4 to 7) of one suit with no Three, Two or
    Ace in hand; some wrong card is of a suit that has one."""
    wrong = [r.card for r in answer.cards if not r.sound]
    suits = {c.suit for c in answer.accepted}
    if (len(suits) != 1 or any(c.thirds or _protects(deal, c.suit) for c in answer.accepted)
            or not any(_protects(deal, c.suit) for c in wrong)):
        return None
    return {"plain": suits.pop()}


def unblocks(deal: Deal, answer: Answer) -> Facts | None:
    """The one sound card is the blocking card, explained as unblocking; on the solver's
    line partner then takes two tricks or more led in that suit."""
    card = blocking_card(deal)
    if card is None or answer.accepted != (card,):
        return None
    assert deal.to_play is not None
    why = explain(deal.view(deal.to_play), card, deal=deal, shown=True)
    if why.reason != "unblock":
        return None
    final = line(deal, card)
    runs = [t for t in final.tricks[len(deal.tricks) + 1:]
            if t.plays[0].seat == t.winner == LEARNER.partner
            and t.plays[0].card.suit == card.suit]
    return {} if len(runs) >= 2 else None


THEMES: tuple[Theme, ...] = (
    Theme("following", "whole_deal", True, (3, 6), following),
    Theme("signals", "signals", False, (3, 4), partner_signalled),
    Theme("declarations", "declarations", False, (3, 4), declared),
    Theme("a_perdere", "variants", True, (3, 6), anything, perdere_goal,
          preset="a_perdere"),
    Theme("make_points", "strategy", True, (4, 6), anything, goal),
    Theme("last_trick", "strategy", True, (2, 4), anything, last_trick),
    Theme("guard_ace", "strategy", True, (3, 6), holding_ace, guard_ace),
    Theme("lead_threes", "strategy", True, (4, 6), leading_three, leads_a_three),
    Theme("discarding", "strategy", False, (3, 4), discarding),
    Theme("count_suits", "strategy", False, (2, 4), anything),
    Theme("return_suit", "strategy", True, (3, 6), partner_led, returns_suit),
    Theme("second_hand", "strategy", True, (3, 6), second_hand, plays_low),
    Theme("long_suit", "strategy", True, (5, 8), long_suit, leads_long),
    Theme("bare_two", "strategy", True, (2, 9), bare_two,
          keeps_held(bare_two, "two")),
    Theme("first_discard", "strategy", True, (3, 7), first_discard, discards_plain),
    Theme("unblock", "strategy", True, (3, 8), unblocking, unblocks),
    *(Theme(f"lead_{signal}", "signals", False, (3, 4), asks(signal), sound_leads,
            lead_signal=signal) for signal in SIGNALS),
)
BY_NAME = {theme.name: theme for theme in THEMES}
