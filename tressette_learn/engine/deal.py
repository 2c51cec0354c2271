"""The state of one deal: dealing, legal cards, play and undo, declarations, calls."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .actions import Action, Call, Draw, Redeal
from .cards import (
    DECK,
    FULL_DECK_MASK,
    SUIT_MASKS,
    Card,
    Hand,
    cards_of,
    mask_of,
    parse_cards,
)
from .declarations import Declaration, DeclarationError, combos_in
from .refusals import Kind, Refusal, RefusalError
from .rules import Rules
from .scoring import DealResult, call_points, score_deal
from .seats import Seat, next_seat, parse_side, seats_for
from .signals import most_telling
from .table_svg import deal_svg
from .tricks import Play, Signal, Trick, winning_play
from .views import PlayerView, view_of


class DealError(RefusalError):
    """A deal that cannot be set up, or an action refused (``refusal`` says why)."""


class IllegalPlay(DealError):
    """A card (or signal) the rules do not allow now; ``refusal`` names the rule."""


class Deal:
    """One deal, played card by card; ``play``/``undo`` like python-chess's push/pop."""

    def __init__(self, rules: Rules, dealer: Seat, hands: Mapping[Seat, Iterable[Card]],
                 stock: Sequence[Card] = (), match_scores: Mapping[str, int] | None = None):
        """Set up a deal from known hands; a wrong deal raises :class:`DealError`."""
        hands = {Seat.parse(s): tuple(h) for s, h in hands.items()}
        stock = tuple(stock)
        self.rules = rules
        self.dealer = Seat.parse(dealer)
        self.seats = seats_for(rules.players)
        if self.dealer not in self.seats:
            raise DealError(f"dealer: {self.dealer} has no place at a {rules.players}-player "
                            f"table (seats {', '.join(map(str, self.seats))})")
        self.sides = rules.sides
        self._side_of = {seat: rules.side_of(seat) for seat in Seat}
        self._dealt = {seat: mask_of(hands.get(seat, ())) for seat in self.seats}
        self._stock0 = tuple(stock)
        self.match_scores = {side: int((match_scores or {}).get(side, 0)) for side in self.sides}
        _check_deal(rules, hands, self.seats, self._stock0)
        self.dummy = self.dealer.partner if rules.players == 3 else None
        self._actions: list[Action] = []
        self._reset()

    @classmethod
    def new(cls, rules: Rules, dealer: Seat | None = None, seed: int | None = None,
            match_scores: Mapping[str, int] | None = None) -> Deal:
        """Shuffle with ``seed`` and deal anticlockwise from the dealer's right.

        The dealer defaults to E (N leads), or to N with two players (S leads).
        """
        deck = shuffled_deck(seed)
        dealer = default_dealer(rules.players) if dealer is None else Seat.parse(dealer)
        hands, stock = deal_out(deck, rules, dealer)
        return cls(rules, dealer, hands, stock, match_scores)

    @classmethod
    def from_actions(cls, rules: Rules | str | Mapping[str, Any], dealer: Seat | str,
                     hands: Mapping[Seat | str, Iterable[Card] | str],
                     actions: Iterable[Action | str] = (), *, stock: Iterable[Card] | str = (),
                     match_scores: Mapping[str, int] | None = None) -> Deal:
        """The deal dealt ``hands`` (cards or their text, ``"3c 2c Ad ..."``) with every
        action taken again; ``rules`` may be given as in a record (a preset name or
        ``{"preset": ..., option: value}``). This is what ``repr(deal)`` writes::

            Deal.from_actions('standard', 'E', {'N': '4d 5d ...', ...}, ['N play 3c', ...])
        """
        table = rules if isinstance(rules, Rules) else Rules.from_json(rules)
        deal = cls(table, Seat.parse(dealer),
                   {Seat.parse(s): _cards(cards) for s, cards in hands.items()},
                   _cards(stock), match_scores)
        for action in actions:
            deal.apply(action)
        return deal

    def __repr__(self) -> str:
        hands = {seat.name: str(self.dealt_hand(seat)) for seat in self.seats}
        args = [repr(self.rules.to_json()), repr(self.dealer.name), repr(hands),
                repr([str(action) for action in self._actions])]
        if self._stock0:
            args.append(f"stock={' '.join(map(str, self._stock0))!r}")
        if any(self.match_scores.values()):
            args.append(f"match_scores={self.match_scores!r}")
        return f"Deal.from_actions({', '.join(args)})"

    def _repr_svg_(self) -> str:
        return deal_svg(self)

    # -- state ---------------------------------------------------------------
    def _reset(self) -> None:
        self._hands = dict(self._dealt)
        self._stock = list(self._stock0)
        self._played = 0
        self.plays: list[Play] = []
        self.tricks: list[Trick] = []
        self.current: list[Play] = []
        self.draws: list[Draw] = []
        self.declarations: list[Declaration] = []
        self.calls: list[Call] = []
        self.redeal_by: Seat | None = None
        self.ended_by_call: Call | None = None
        self.to_play: Seat | None = self._first_leader()
        self._scored: tuple[int, DealResult] | None = None
        self._auto_declare("before_first_lead")

    def _first_leader(self) -> Seat:
        return self.rules.first_leader(self.dealer, self._dealt)

    @property
    def leader(self) -> Seat | None:
        """The seat that leads the current trick (or will lead the next)."""
        return self.current[0].seat if self.current else self.to_play

    @property
    def dealt_stock(self) -> tuple[Card, ...]:
        """The stock as dealt, top first (two players)."""
        return self._stock0

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards left in the stock, top first."""
        return tuple(self._stock)

    @property
    def trick_size(self) -> int:
        """Cards in one trick: one per hand."""
        return len(self.seats)

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` holds now."""
        return Hand.from_mask(self._hands[Seat.parse(seat)])

    def hand_mask(self, seat: Seat) -> int:
        """The cards ``seat`` holds now, as a bitmask."""
        return self._hands[seat]

    def dealt_hand(self, seat: Seat) -> Hand:
        """The ten cards ``seat`` was dealt."""
        return Hand.from_mask(self._dealt[Seat.parse(seat)])

    @property
    def hands(self) -> dict[Seat, Hand]:
        """Every seat's cards now (the full deal: not for computer players)."""
        return {seat: self.hand(seat) for seat in self.seats}

    @property
    def played_mask(self) -> int:
        """Every card played so far."""
        return self._played

    def controller(self, seat: Seat) -> Seat:
        """Who chooses the cards of ``seat``: the dealer plays the dummy."""
        return self.dealer if seat == self.dummy else seat

    @property
    def dummy_exposed(self) -> bool:
        """True once the dummy's hand is face up (after the opening lead)."""
        return self.dummy is not None and bool(self.plays)

    def is_over(self) -> bool:
        """True when all tricks are played, a call ended the deal, or it was redealt."""
        return self.to_play is None

    # -- legal cards -----------------------------------------------------------
    def must_follow(self) -> bool:
        """Whether the suit led must be followed now (two players may play freely)."""
        return self.rules.must_follow(len(self._stock))

    def legal_mask(self) -> int:
        """The legal cards of the seat to play, as a bitmask."""
        if self.to_play is None:
            return 0
        hand = self._hands[self.to_play]
        if not self.current or not self.must_follow():
            return hand
        return legal_mask(hand, self.current[0].card.index // 10)

    def legal_cards(self) -> Hand:
        """The cards the seat to play may play."""
        return Hand.from_mask(self.legal_mask())

    def illegal_reason(self, card: Card, seat: Seat | str | None = None) -> Refusal | None:
        """Why ``card`` may not be played now; None when it is legal."""
        to_play = self.to_play
        if to_play is None:
            return self.over_reason()
        if seat is not None and Seat.parse(seat) != to_play:
            return Refusal.of("not_your_turn", seat=Seat.parse(seat), to_play=to_play)
        hand = self._hands[to_play]
        if not hand & card.bit:
            return Refusal.of("not_in_hand", seat=to_play, card=card)
        if card.bit & self.legal_mask():
            return None
        led = self.current[0].card.suit
        return Refusal.of("must_follow", seat=to_play, card=card, suit=led,
                          held=Hand.from_mask(hand & SUIT_MASKS[led]))

    def over_reason(self) -> Refusal:
        """Why no more cards are played (the deal must be over): a redeal, a call, or
        every trick played."""
        if self.redeal_by is not None:
            return Refusal.of("deal_redealt", seat=self.redeal_by)
        call = self.ended_by_call
        if call is not None:
            return Refusal.of("deal_called_out", side=call.side, trick=call.after_trick)
        return Refusal.of("deal_over", tricks=self.rules.tricks_per_deal)

    def play_reason(self, card: Card, signal: str | None = None,
                    seat: Seat | str | None = None) -> Refusal | None:
        """Why ``card`` (led with ``signal``) may not be played now, or None."""
        reason = self.illegal_reason(card, seat)
        if reason is None and signal is not None:
            reason = self.signal_reason(card, signal)
        return reason

    def is_revoke(self, card: Card, seat: Seat | str | None = None) -> bool:
        """True when ``card`` is in the hand of the seat to play but fails to follow suit."""
        if self.to_play is None or (seat is not None and Seat.parse(seat) != self.to_play):
            return False
        return bool(self._hands[self.to_play] & card.bit) and not card.bit & self.legal_mask()

    def signal_reason(self, card: Card, signal: str) -> Refusal | None:
        """Why leading ``card`` with ``signal`` is not allowed, or None."""
        if not self.rules.signals:
            return Refusal.of("no_signals", signal=signal)
        if self.current:
            return Refusal.of("signal_not_leading", signal=signal)
        assert self.to_play is not None
        hand_after = self._hands[self.to_play] & ~card.bit
        return self.rules.signal_problem(signal, card, hand_after,
                                         FULL_DECK_MASK & ~self._played & ~card.bit)

    def true_signals(self, card: Card) -> tuple[Signal, ...]:
        """The signals that would be true if the seat to play led ``card``."""
        if self.current or self.to_play is None:
            return ()
        hand_after = self._hands[self.to_play] & ~card.bit
        return self.rules.true_signals(card, hand_after, FULL_DECK_MASK & ~self._played & ~card.bit)

    def good_signal(self, card: Card) -> Signal | None:
        """The signal a good player gives leading ``card`` (the true one that tells most)."""
        return most_telling(self.true_signals(card))

    # -- actions ---------------------------------------------------------------
    def play(self, card: Card | str, signal: Signal | None = None, *,
             seat: Seat | str | None = None, allow_revoke: bool = False) -> Trick | None:
        """Play a card for the seat to play; returns the trick if this card completed it.

        An illegal card raises :class:`IllegalPlay` with the rule and changes nothing.
        ``allow_revoke`` (for replaying real-table records) lets a card that fails to
        follow suit through and records it as a revoke.
        """
        card = Card.parse(card) if isinstance(card, str) else card
        reason = self.illegal_reason(card, seat)
        revoke = False
        if reason is not None and allow_revoke and self.is_revoke(card, seat):
            reason, revoke = None, True
        if reason is None and signal is not None:
            reason = self.signal_reason(card, signal)
        if reason is not None:
            raise IllegalPlay(reason)
        return self._do_play(card, signal, revoke)

    def _do_play(self, card: Card, signal: Signal | None, revoke: bool) -> Trick | None:
        seat = self.to_play
        assert seat is not None
        play = Play(seat, card, signal, revoke)
        self._actions.append(play)
        self._hands[seat] &= ~card.bit
        self._played |= card.bit
        self.plays.append(play)
        self.current.append(play)
        if len(self.current) < self.trick_size:
            self.to_play = next_seat(seat, self.rules.players)
            return None
        return self._close_trick()

    def _close_trick(self) -> Trick:
        winner = winning_play(tuple(self.current)).seat
        trick = Trick(tuple(self.current), winner)
        self.tricks.append(trick)
        self.current = []
        self._draw(winner)
        done = len(self.tricks) == self.rules.tricks_per_deal
        self.to_play = None if done else winner
        if len(self.tricks) == 1:
            self._auto_declare("end_of_first_trick")
        return trick

    def _draw(self, winner: Seat) -> None:
        for seat in (winner, next_seat(winner, self.rules.players)):
            if self._stock:
                card = self._stock.pop(0)
                self._hands[seat] |= card.bit
                self.draws.append(Draw(seat, card, len(self.tricks)))

    def undo(self) -> None:
        """Take back the last action (a card, a declaration, a call or a redeal)."""
        if not self._actions:
            raise DealError("nothing to undo")
        actions = self._actions[:-1]
        self._actions = []
        self._reset()
        for action in actions:
            self.apply(action)

    def copy(self) -> Deal:
        """An independent copy of this deal in its current state."""
        return self.replayed()

    def replayed(self, upto: int | None = None) -> Deal:
        """A fresh deal that takes this deal's actions again, stopping just before the
        play number ``upto`` (0-based; the declarations or calls made before it are taken);
        ``None``: every action (like :meth:`copy`)."""
        if upto is not None and not 0 <= upto <= len(self.plays):
            raise ValueError(f"upto must be from 0 to {len(self.plays)}, not {upto}")
        twin = Deal(self.rules, self.dealer, {s: cards_of(m) for s, m in self._dealt.items()},
                    self._stock0, self.match_scores)
        for action in self._actions:
            if isinstance(action, Play) and len(twin.plays) == upto:
                break
            twin.apply(action)
        return twin

    def apply(self, action: Action | str) -> None:
        """Take one action (or its text, ``"N play 3c"``): a play, a declaration, a call, a
        redeal, or a draw (it happens by itself when a trick closes: applying one checks
        that it happened). A refused action raises, as its own method does, and changes
        nothing."""
        if isinstance(action, str):
            action = Action.parse(action)
        if isinstance(action, Play):
            self.play(action.card, action.signal, seat=action.seat, allow_revoke=action.revoke)
        elif isinstance(action, Declaration):
            self.declare(action)
        elif isinstance(action, Call):
            if action.after_trick != len(self.tricks):
                raise DealError(f"{action}: {len(self.tricks)} tricks are played, not "
                                f"{action.after_trick}")
            self.call_out(action.side)
        elif isinstance(action, Redeal):
            self.redeal(action.seat)
        elif isinstance(action, Draw):
            if action not in self.draws:
                raise DealError(f"{action}: no such draw in this deal so far")
        else:
            raise TypeError(f"not an action: {action!r}")

    # -- declarations ------------------------------------------------------------
    def declaration_window(self) -> bool:
        """True while declarations may be made under this table's timing."""
        if not self.rules.declarations or self.is_over():
            return False
        if self.rules.declaration_timing == "before_first_lead":
            return not self.plays
        return len(self.tricks) == 1 and not self.current and not self.calls

    def available_declarations(self, seat: Seat) -> list[Declaration]:
        """Combinations ``seat`` holds and may still declare now."""
        if not self.declaration_window():
            return []
        return [d for d in combos_in(seat, self.dealt_hand(seat)) if d not in self.declarations]

    def declaration_reason(self, decl: Declaration) -> Refusal | None:
        """Why ``decl`` may not be declared now, or None."""
        if not self.rules.declarations:
            return Refusal.of("no_declarations", declaration=decl)
        if decl in self.declarations:
            return Refusal.of("already_declared", seat=decl.seat, declaration=decl)
        if not self.declaration_window():
            return Refusal.of(self._declaration_timing(), declaration=decl)
        if decl.seat not in self.seats or decl not in combos_in(decl.seat,
                                                                 self.dealt_hand(decl.seat)):
            return Refusal.of("not_dealt", seat=decl.seat, declaration=decl)
        return None

    def _declaration_timing(self) -> Kind:
        if self.rules.declaration_timing == "before_first_lead":
            return "declare_late_before_lead"
        return "declare_late_first_trick" if self.tricks else "declare_too_early"

    def declare(self, decl: Declaration) -> None:
        """Declare a combination; a wrong or late one raises :class:`DeclarationError`."""
        reason = self.declaration_reason(decl)
        if reason is not None:
            raise DeclarationError(reason)
        self._actions.append(decl)
        self.declarations.append(decl)

    def _auto_declare(self, timing: str) -> None:
        rules = self.rules
        if rules.declarations and rules.declarations_compulsory \
                and rules.declaration_timing == timing:
            for seat in self.seats:
                self.declarations.extend(combos_in(seat, self.dealt_hand(seat)))

    # -- calling out and redeal --------------------------------------------------
    def call_reason(self, side: str) -> Refusal | None:
        """Why ``side`` may not call out now, or None."""
        if not self.rules.calling_out:
            return Refusal.of("no_calling_out", side=side)
        if self.rules.fixed_deals is not None:
            return Refusal.of("call_fixed_deals", side=side, deals=self.rules.fixed_deals)
        if self.is_over() or self.current or not self.tricks:
            return Refusal.of("call_between_tricks", side=side)
        return None

    def call_out(self, side: str) -> Call:
        """A side claims its captured points and declarations reach the target."""
        side = parse_side(side, self.rules.players, self.rules.partners)
        reason = self.call_reason(side)
        if reason is not None:
            raise DealError(reason)
        points = call_points(self, side)
        call = Call(side, len(self.tricks), points, points >= self.rules.target)
        self._actions.append(call)
        self.calls.append(call)
        if call.correct or self.rules.wrong_call_penalty == "lose_match":
            self.ended_by_call = call
            self.to_play = None
        return call

    def redeal_reason(self, seat: Seat) -> Refusal | None:
        """Why ``seat`` may not ask for a redeal, or None."""
        if not self.rules.redeal:
            return Refusal.of("no_redeal", seat=seat)
        if self.plays or self.is_over():
            return Refusal.of("redeal_before_first_lead", seat=seat)
        thirds = hand_thirds(self.dealt_hand(seat))
        if thirds >= 3:
            return Refusal.of("redeal_hand_worth", seat=seat, thirds=thirds)
        return None

    def redeal(self, seat: Seat) -> None:
        """End this deal unplayed because ``seat``'s hand is worth less than a point."""
        seat = Seat.parse(seat)
        reason = self.redeal_reason(seat)
        if reason is not None:
            raise DealError(reason)
        self._actions.append(Redeal(seat))
        self.redeal_by = seat
        self.to_play = None

    @property
    def next_dealer(self) -> Seat:
        """Who deals the next deal: the seat on the dealer's right (RULES.md §2), or the
        same dealer again after a redeal (mandare a monte)."""
        return self.dealer if self.redeal_by is not None else self.rules.next_seat(self.dealer)

    # -- results and views --------------------------------------------------------
    def side_of(self, seat: Seat) -> str:
        """The side ``seat`` plays for."""
        return self._side_of[seat]

    def result(self) -> DealResult:
        """The deal's score so far (final once :meth:`is_over`): scored once per action."""
        done = len(self._actions)  # since _reset, actions only add up: the count is the state
        if self._scored is None or self._scored[0] != done:
            self._scored = (done, score_deal(self))
        return self._scored[1]

    def view(self, seat: Seat) -> PlayerView:
        """Exactly what ``seat`` (or whoever controls it) may see."""
        return view_of(self, Seat.parse(seat))

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action taken so far, in order (compulsory declarations and draws happen
        by themselves and are not listed)."""
        return tuple(self._actions)


def _cards(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    return parse_cards(cards) if isinstance(cards, str) else tuple(cards)


def legal_mask(hand: int, led_suit: int | None) -> int:
    """The cards of ``hand`` (a mask) that may be played when the suit led must be
    followed: that suit if held, else anything; ``None`` when leading (anything)."""
    if led_suit is None:
        return hand
    return hand & SUIT_MASKS[led_suit] or hand


def default_dealer(players: int) -> Seat:
    """E deals so that N leads; with two players N deals and S leads."""
    return Seat.N if players == 2 else Seat.E


def hand_thirds(hand: Iterable[Card]) -> int:
    """The card points of a hand in thirds."""
    return sum(card.thirds for card in hand)


def shuffled_deck(seed: int | None) -> list[Card]:
    """The deck as :meth:`Deal.new` shuffles it with ``seed``, top first."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return deck


def dealing_order(deck: Sequence[Card], rules: Rules, dealer: Seat) -> list[tuple[Seat, Card]]:
    """Each dealt card of ``deck`` (top first) with the seat that receives it, in the order
    dealt: anticlockwise from the dealer's right, ``rules.deal_packet`` cards at a time."""
    order = [next_seat(dealer, rules.players)]
    while len(order) < len(seats_for(rules.players)):
        order.append(next_seat(order[-1], rules.players))
    dealt: list[tuple[Seat, Card]] = []
    while len(dealt) < 10 * len(order):
        for seat in order:
            start = len(dealt)
            dealt.extend((seat, card) for card in deck[start:start + rules.deal_packet])
    return dealt


def deal_out(deck: Sequence[Card], rules: Rules,
             dealer: Seat) -> tuple[dict[Seat, list[Card]], list[Card]]:
    """Deal ``deck`` (top first) anticlockwise from the dealer's right, in packets."""
    hands: dict[Seat, list[Card]] = {seat: [] for seat in seats_for(rules.players)}
    dealt = dealing_order(deck, rules, dealer)
    for seat, card in dealt:
        hands[seat].append(card)
    return hands, list(deck[len(dealt):])


def _check_deal(rules: Rules, hands: Mapping[Seat, Iterable[Card]], seats: tuple[Seat, ...],
                stock: tuple[Card, ...]) -> None:
    extra = [seat for seat in hands if Seat.parse(seat) not in seats]
    if extra:
        raise DealError(f"hands.{extra[0]}: no such seat with {rules.players} players")
    seen: dict[Card, str] = {}
    for where, cards in [*((f"hands.{s}", list(hands.get(s, ()))) for s in seats),
                         ("stock", list(stock))]:
        for card in cards:
            if card in seen:
                raise DealError(f"{where}: {card} is dealt twice (also in {seen[card]})")
            seen[card] = where
    for seat in seats:
        count = len(list(hands.get(seat, ())))
        if count != 10:
            raise DealError(f"hands.{seat}: {count} cards, a hand has 10")
    wanted = rules.stock_size
    if len(stock) != wanted:
        raise DealError(f"stock: {len(stock)} cards, expected {wanted}")
