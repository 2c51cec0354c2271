"""Is a reason true at the table? :func:`refute` reads an explanation (:mod:`.explain`)
against the whole position, every hand seen, and says what disproves it: a card named as
winning the trick that a seat still to play can beat, a partner "sure to win" whom an
opponent still to play can beat, a "master card" with a higher card unplayed, a card kept
"to guard" another that is no longer held, "follow low" with a card worth more than another
that loses the trick as well, *a perdere* a seat "taking the trick whatever you play" that
could let it go. With ``shown`` (the seat sees every hand, as in a puzzle that
shows them) the advice must fit the hands too: no "try for the trick" that a later opponent
beats, no "higher cards still out" that no seat still to play holds, no trick that "may yet
go to an opponent" when none still to play can beat the card or a partner must take it.
A review's *a perdere* "take this trick now with the card" (the solver's lines show why) is
refuted by a seat still to play, partner or not, that can beat the card, or a deal not
played *a perdere*.

:func:`.explain.explain` passes over a sentence this module refutes;
``tressette_learn.teaching.reason_audit`` walks the stored puzzles, the guided hands and
sampled hint and review positions and lists every refutation (a test keeps it empty).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.cards import SUIT_MASKS, Card, Rank, cards_of
from ..engine.deal import Deal
from ..engine.seats import Seat
from ..engine.tricks import winning_play

if TYPE_CHECKING:
    from ..i18n import Phrase
    from .explain import Explanation

__all__ = ["WINS", "refute", "still_to_play"]

#: Reasons that say the explained card wins the trick.
WINS = ("draw_out_aces", "cash_ace", "master_card", "cash_winner", "win_cheaply", "win_trick")
#: Reasons that say the card is the highest of its suit not yet played.
MASTER = ("draw_out_aces", "master_card")
#: Reasons that say the partner's card is sure to win the trick.
PARTNER_SURE = ("load_partner", "partner_wins")
#: Sentences (or their reason's clause) that say so too, whatever the reason.
PARTNER_SURE_KEYS = ("explain.duck.perdere.partner.points", "explain.sure.partner")
#: Reasons that advise a low card that loses the trick.
LOW = ("follow_low", "duck")
#: A perdere, the sentences that say to take the trick now with the card itself.
TAKE_NOW = ("explain.overtake.now", "explain.overtake.lead")


def still_to_play(deal: Deal) -> list[Seat]:
    """The seats that play to the current trick after the seat to play."""
    seat = deal.to_play
    assert seat is not None
    out = []
    for _ in range(deal.trick_size - len(deal.current) - 1):
        seat = deal.rules.next_seat(seat)
        out.append(seat)
    return out


def _higher(card: Card) -> int:
    """The cards of ``card``'s suit that beat it."""
    return SUIT_MASKS[card.suit] & ~((2 << card.index) - 1)


def _beater(deal: Deal, card: Card, seats: list[Seat]) -> tuple[Seat, Card] | None:
    """An opponent of the seat to play among ``seats`` holding a card that beats ``card``."""
    me = deal.to_play
    assert me is not None
    for seat in seats:
        held = deal.hand_mask(seat) & _higher(card)
        if held and deal.side_of(seat) != deal.side_of(me):
            return seat, cards_of(held)[-1]
    return None


def _fact(why: Explanation) -> Phrase:
    """The reason's sentence (a review's fact followed by the solver's lines: the fact)."""
    phrase = why.phrase
    if phrase.key == "explain.fact_then_line":
        phrase = phrase.facts["fact"]
    return phrase


def _facts(why: Explanation) -> dict[str, Any]:
    """The reason's facts (a review's fact followed by the solver's lines: the fact's)."""
    return _fact(why).facts


def _clause(why: Explanation) -> str | None:
    """The key of the sentence's reason clause (``{why}``), if it has one."""
    return getattr(_facts(why).get("why"), "key", None)


def _wins(deal: Deal, card: Card) -> str | None:
    """Why ``card`` does not win the trick (an opponent still to play beats it), or None."""
    if deal.current and not card.beats(winning_play(deal.current).card):
        return f"{card} does not beat {winning_play(deal.current).card}"
    found = _beater(deal, card, still_to_play(deal))
    return None if found is None else f"{found[0].name} still to play holds {found[1]}"


def _takes_now(deal: Deal, card: Card) -> str | None:
    """*A perdere*, ``card`` takes the trick itself: it beats the best card so far and no
    seat still to play, partner or not, holds a higher card of its suit."""
    if not deal.rules.low_wins:
        return "the deal is not played a perdere"
    if deal.current and not card.beats(winning_play(deal.current).card):
        return f"{card} does not beat {winning_play(deal.current).card}"
    higher = sum(deal.hand_mask(s) for s in still_to_play(deal)) & _higher(card)
    return None if not higher else f"{cards_of(higher)[-1]} is still to be played"


def _master(deal: Deal, card: Card) -> str | None:
    higher = _higher(card) & ~deal.played_mask
    return None if not higher else f"{cards_of(higher)[-1]} is not yet played"


def _partner_sure(deal: Deal, card: Card) -> str | None:
    best = winning_play(deal.current) if deal.current else None
    if best is None:
        return "nobody has played to the trick"
    if card.beats(best.card):
        return _wins(deal, card)
    me = deal.to_play
    assert me is not None
    if deal.side_of(best.seat) != deal.side_of(me):
        return f"{best.seat.name}, an opponent, is winning the trick"
    found = _beater(deal, best.card, still_to_play(deal))
    return None if found is None else f"{found[0].name} still to play holds {found[1]}"


def _kept(deal: Deal, card: Card, played: Card | None, *kept: Card) -> str | None:
    """Cards named as kept must be held, other than the card explained or played."""
    me = deal.to_play
    assert me is not None
    for held in kept:
        if held not in deal.hand(me) or held in (card, played):
            return f"{held} is not kept in hand"
    return None


def _sure_at_last(deal: Deal, kept: Card) -> str | None:
    """A card kept for the last trick must not be beaten by any opponent, and whoever leads
    the last trick must lead its suit (every card the others hold is of it)."""
    others = [s for s in deal.seats if s != deal.to_play]
    found = _beater(deal, kept, others)
    if found is not None:
        return f"{found[0].name} holds {found[1]}, which beats {kept}"
    other = next((c for s in others for c in deal.hand(s) if c.suit != kept.suit), None)
    return None if other is None else f"{other} may be led to the last trick, not {kept.suit}"


def _cheaper_low(deal: Deal, card: Card) -> str | None:
    """A low card worth more than another legal card that loses the trick as well."""
    if not deal.current:
        return None
    best = winning_play(deal.current).card
    for other in deal.legal_cards():
        if (other.suit == card.suit and not other.beats(best)
                and other.thirds < card.thirds):
            return f"{other} loses the trick as well and is worth less than {card}"
    return None


def _overtaken(deal: Deal, seat: Seat, beater: Card) -> str | None:
    """``seat`` still to play holds ``beater``, above every card the seat to play may play."""
    if seat not in still_to_play(deal) or beater not in deal.hand(seat):
        return f"{seat.name} does not still hold {beater} in this trick"
    led = deal.current[0].card.suit
    top = max([c for c in deal.legal_cards() if c.suit == led] +
              [winning_play(deal.current).card])
    return None if beater.beats(top) else f"{beater} does not beat {top}"


def _sure_taker(deal: Deal) -> tuple[Seat, Card] | None:
    """A seat still to play that takes the trick whatever anyone plays: it must follow suit,
    every card of the suit led it holds beats the best so far and what the seat to play may
    play, and no other seat still to play holds a card beating its lowest: (seat, that
    lowest card)."""
    if not deal.current or not deal.rules.must_follow(len(deal.stock)):
        return None
    led = deal.current[0].card.suit
    top = max([c for c in deal.legal_cards() if c.suit == led] +
              [winning_play(deal.current).card])
    after = still_to_play(deal)
    for seat in after:
        held = [c for c in deal.hand(seat) if c.suit == led]
        if not held or not all(c.beats(top) for c in held):
            continue
        low = min(held)
        if not any(c.beats(low) for other in after if other != seat for c in deal.hand(other)):
            return seat, low
    return None


def _takes_anyway(deal: Deal, seat: Seat, beater: Card, partner: bool) -> str | None:
    """``seat`` (the partner, or an opponent) still to play holds ``beater``, its lowest
    card of the suit led, and takes the trick whatever anyone plays."""
    me = deal.to_play
    assert me is not None
    if (deal.side_of(seat) == deal.side_of(me)) != partner:
        return f"{seat.name} is {'not ' if partner else ''}the partner"
    found = _sure_taker(deal)
    if found != (seat, beater):
        return f"{seat.name} with {beater} does not take the trick whatever is played"
    return None


def _opponent_may_take(deal: Deal, card: Card) -> str | None:
    """"The trick may yet go to an opponent": one still to play holds a card beating ours,
    and no partner takes the trick whatever is played."""
    me = deal.to_play
    assert me is not None
    taker = _sure_taker(deal)
    if taker is not None and deal.side_of(taker[0]) == deal.side_of(me):
        return f"{taker[0].name}, a partner, takes the trick whatever is played"
    if _beater(deal, card, still_to_play(deal)) is None:
        return f"no opponent still to play can beat {card}"
    return None


def _out_holders(deal: Deal, card: Card, said: int) -> str | None:
    """"``said`` higher cards are still out": with every hand seen, the seats still to play
    must hold that many."""
    held = sum(deal.hand_mask(s) for s in still_to_play(deal)) if deal.current else \
        sum(deal.hand_mask(s) for s in deal.seats if s != deal.to_play)
    n = bin(_higher(card) & held).count("1")
    return None if n == said else f"the seats still to play hold {n} higher cards, not {said}"


def _long_suit(deal: Deal, card: Card, said: int) -> str | None:
    """"You hold ``said`` cards of the suit and no opponent as many": every hand seen."""
    me = deal.to_play
    assert me is not None
    mine = bin(deal.hand_mask(me) & SUIT_MASKS[card.suit]).count("1")
    if mine != said:
        return f"the seat holds {mine} cards of the suit, not {said}"
    for seat in deal.seats:
        n = bin(deal.hand_mask(seat) & SUIT_MASKS[card.suit]).count("1")
        if deal.side_of(seat) != deal.side_of(me) and n >= said:
            return f"{seat.name} holds {n} cards of the suit"
    return None


def _partner_suit(deal: Deal, card: Card, said: int, lower: Card) -> str | None:
    """"Your partner holds ``said`` cards of the suit, ``lower`` among them, and the card
    is your only one of it": every hand seen."""
    me = deal.to_play
    assert me is not None
    partner = deal.rules.partner_of(me)
    if partner is None:
        return "the seat has no partner"
    held = deal.hand_mask(partner) & SUIT_MASKS[card.suit]
    if bin(held).count("1") != said or not held & lower.bit or not lower < card:
        return f"{partner.name} does not hold {said} cards of the suit with {lower} below {card}"
    if deal.hand_mask(me) & SUIT_MASKS[card.suit] != card.bit:
        return f"{card} is not the seat's only card of its suit"
    return None


def refute(why: Explanation, deal: Deal, card: Card, *, shown: bool = False,
           played: Card | None = None, advice: bool = True) -> str | None:
    """What in ``deal`` (the position where ``card`` is explained, every hand seen)
    disproves ``why``, in plain words for a developer; None when nothing does.
    ``advice``: ``card`` is the one recommended, so a "follow low" must not give away
    points another low card keeps (False: any card explained, only the facts are read)."""
    reason, key, facts = why.reason, why.phrase.key, _facts(why)
    fact_key = _fact(why).key  # the fact's own key, in a review's fact and lines too
    checks: list[str | None] = []
    if reason in WINS and not key.endswith(".last"):
        checks.append(_wins(deal, card))
    if reason in MASTER:
        checks.append(_master(deal, card))
    if key == "explain.draw_out_aces.two":
        three = Card(10 * card.suit + Rank.THREE)
        checks.append(None if three.bit & deal.played_mask else f"{three} is not gone")
    if reason in PARTNER_SURE or key in PARTNER_SURE_KEYS or _clause(why) in PARTNER_SURE_KEYS:
        checks.append(_partner_sure(deal, card))
    if reason == "keep_guard":
        checks.append(_kept(deal, card, played, facts["honour"], facts["guard"]))
    if reason == "last_trick" and "kept" in facts:
        checks += [_kept(deal, card, played, facts["kept"]), _sure_at_last(deal, facts["kept"])]
    if advice and reason in LOW and not deal.rules.low_wins:
        checks.append(_cheaper_low(deal, card))
    if reason == "lose_cheaply":
        checks.append(_overtaken(deal, facts["seat"], facts["beater"]))
    if fact_key == "explain.dump_points.taker":
        checks.append(_takes_anyway(deal, facts["seat"], facts["beater"], partner=False))
    if fact_key == "explain.take_cheaply.partner":
        partner = deal.rules.partner_of(deal.to_play) if deal.to_play else None
        checks.append("the seat has no partner" if partner is None else
                      _takes_anyway(deal, partner, facts["beater"], partner=True))
    if fact_key == "explain.overtake":
        checks.append(_wins(deal, card))
    if fact_key in TAKE_NOW:
        checks.append(_takes_now(deal, card))
    if reason == "lead_long":
        checks.append(_long_suit(deal, card, facts["n"]))
    if reason == "unblock":
        checks.append(_partner_suit(deal, card, facts["n"], facts["lower"]))
    if shown and reason == "try_to_win":
        checks.append(_wins(deal, card))
    if shown and "out" in facts and reason in ("overtake", "lead_to_lose"):
        checks.append(_out_holders(deal, card, facts["out"]))
    if shown and fact_key in ("explain.overtake.out", "explain.overtake.out.nothing"):
        checks.append(_opponent_may_take(deal, card))
    return next((c for c in checks if c is not None), None)
