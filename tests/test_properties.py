"""Property tests over random deals and random play, in every preset (and some option
variations): points, conservation of the cards, legality against an independent reference,
undo, and hidden information in the player views."""

from __future__ import annotations

import random
from typing import Any

from conftest import random_deals, snapshot, table_rules
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from tressette_learn.engine import DECK, Card, Deal, Rules, Seat

SETTINGS = settings(max_examples=200, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

# -- an independent reference of the rules of play, on card texts only -------------------------

ORDER = "4567FCRA23"  # weakest to strongest (RULES.md: 3 2 A R C F 7 6 5 4, strongest first)
THIRDS = {"A": 3, "3": 1, "2": 1, "R": 1, "C": 1, "F": 1}
ALL = frozenset(str(c) for c in DECK)
RIGHT = {"N": "W", "W": "S", "S": "E", "E": "N"}


def strength(text: str) -> int:
    return ORDER.index(text[0])


PEZZI = {"3", "2", "A"}  # the club convention's pezzi (RULES.md §4)


def side(seat: str, rules: Rules) -> str:
    if rules.players == 2 or not rules.partners:
        return seat
    return "NS" if seat in "NS" else "EW"


def thirds_of(text: str, rules: Rules) -> int:
    if text == "Ab" and rules.a_perdere and rules.ace_of_bastoni_eleven:
        return 33
    return THIRDS.get(text[0], 0)


class Reference:
    """The rules of play re-implemented from RULES.md, to check the engine against."""

    def __init__(self, deal: Deal) -> None:
        rules = deal.rules
        self.rules = rules
        self.players = rules.players
        self.seats = ["S", "N"] if self.players == 2 else ["N", "E", "S", "W"]
        self.hands = {s: {str(c) for c in deal.dealt_hand(Seat[s])} for s in self.seats}
        self.stock = [str(c) for c in deal.stock]
        self.played: set[str] = set()
        self.current: list[tuple[str, str]] = []
        self.tricks: list[tuple[list[tuple[str, str]], str]] = []
        self.draws: list[tuple[str, str]] = []
        dealer = deal.dealer.name
        self.to_play: str | None = self.next(dealer)
        if rules.first_lead == "four_of_denari":
            holders = [s for s in self.seats if "4d" in self.hands[s]]
            if holders:
                self.to_play = holders[0]

    def next(self, seat: str) -> str:
        if self.players == 2:
            return "N" if seat == "S" else "S"
        return RIGHT[seat]

    def legal(self) -> set[str]:
        if self.to_play is None:
            return set()
        hand = self.hands[self.to_play]
        if not self.current:
            return set(hand)
        must_follow = self.rules.follow_suit_with_stock or not self.stock
        if not must_follow:
            return set(hand)
        led = self.current[0][1][1]
        return {c for c in hand if c[1] == led} or set(hand)

    def true_signals(self, lead: str) -> set[str]:
        if not self.rules.signals or self.current or self.to_play is None:
            return set()
        suit = lead[1]
        left = {c for c in self.hands[self.to_play] - {lead} if c[1] == suit}
        out = {c for c in ALL - self.played - {lead} if c[1] == suit}
        if self.rules.signal_convention == "club":
            pezzi = {c for c in left if c[0] in PEZZI}
            return {"volo"} if not left else {"busso"} if pezzi else {"striscio"}
        found = {"volo"} if not left else {"striscio"}
        if out and max(out, key=strength) in left:
            found.add("busso")
        return found

    def play(self, text: str) -> None:
        seat = self.to_play
        assert seat is not None
        self.hands[seat].remove(text)
        self.played.add(text)
        self.current.append((seat, text))
        if len(self.current) < len(self.seats):
            self.to_play = self.next(seat)
            return
        led = self.current[0][1][1]
        winner = max((p for p in self.current if p[1][1] == led), key=lambda p: strength(p[1]))[0]
        self.tricks.append((self.current, winner))
        self.current = []
        for drawer in (winner, self.next(winner)):
            if self.stock:
                drawn = self.stock.pop(0)
                self.hands[drawer].add(drawn)
                self.draws.append((drawer, drawn))
        total = 20 if self.players == 2 else 10
        self.to_play = None if len(self.tricks) == total else winner

    def side_thirds(self) -> dict[str, int]:
        out = {side(s, self.rules): 0 for s in self.seats}
        for plays, winner in self.tricks:
            out[side(winner, self.rules)] += sum(thirds_of(c, self.rules) for _, c in plays)
        if len(self.tricks) == (20 if self.players == 2 else 10):
            out[side(self.tricks[-1][1], self.rules)] += 3
        return out

    def points(self) -> dict[str, int]:
        """Card points: thirds floored per side; a reversed cappotto (a side with every
        point) swaps them: 0 for the taker, the deal's points for every other side."""
        thirds = self.side_thirds()
        floors = {s: t // 3 for s, t in thirds.items()}
        full = sum(thirds.values()) // 3
        if self.rules.cappotto_definition == "all_points":
            takers = [s for s, p in floors.items() if p == full]
        else:
            takers = list({side(w, self.rules) for _, w in self.tricks})[:2]
            takers = takers if len(takers) == 1 else []
        if self.rules.cappotto and self.rules.reversed_cappotto and takers:
            return {s: 0 if s == takers[0] else full for s in floors}
        return floors


def compare(deal: Deal, ref: Reference) -> None:
    """The engine's state and its legal cards agree with the reference."""
    assert (deal.to_play.name if deal.to_play is not None else None) == ref.to_play
    for s in ref.seats:
        assert {str(c) for c in deal.hand(Seat[s])} == ref.hands[s]
    assert [str(c) for c in deal.stock] == ref.stock
    assert [(d.seat.name, str(d.card)) for d in deal.draws] == ref.draws
    assert [t.winner.name for t in deal.tricks] == [w for _, w in ref.tricks]
    legal = ref.legal()
    assert {str(c) for c in deal.legal_cards()} == legal
    hand = ref.hands[ref.to_play] if ref.to_play else set()
    for c in DECK:
        text = str(c)
        reason = str(deal.illegal_reason(c))
        if ref.to_play is None:
            assert reason == f"deal_over(tricks={len(ref.tricks)})"
        elif text in legal:
            assert reason == "None", (text, reason)
        elif text not in hand:
            assert reason == f"not_in_hand(seat={ref.to_play}, card={text})"
        else:
            led = ref.current[0][1][1]
            held = sorted((h for h in hand if h[1] == led), key=strength, reverse=True)
            assert reason == f"must_follow(seat={ref.to_play}, card={text}, suit={led}, " \
                             f"held={' '.join(held)})"
    if ref.to_play is not None:
        others = [s for s in ref.seats if s != ref.to_play]
        some = Card.parse(sorted(legal)[0])
        assert str(deal.illegal_reason(some, Seat[others[0]])) == \
            f"not_your_turn(seat={others[0]}, to_play={ref.to_play})"
        if not ref.current:
            for text in hand:
                assert set(deal.true_signals(Card.parse(text))) == ref.true_signals(text)


def describe(deal: Deal) -> None:
    """Say which deal failed (a Deal's repr does not)."""
    hands = {s.name: str(h) for s, h in deal.hands.items()}
    note(f"rules={deal.rules.to_json()} dealer={deal.dealer} hands={hands} "
         f"stock={' '.join(map(str, deal.stock))}")


def step(deal: Deal, rnd: random.Random, declare: bool = True) -> Card:
    """One random action: maybe some declarations, then a random legal card (with a random
    true signal when leading). Returns the card played."""
    if declare and deal.declaration_window():
        for seat in deal.seats:
            for decl in deal.available_declarations(seat):
                if rnd.random() < 0.5:
                    deal.declare(decl)
    legal = deal.legal_cards()
    chosen = legal[rnd.randrange(len(legal))]
    signals = deal.true_signals(chosen)
    signal = rnd.choice([None, *signals]) if signals else None
    deal.play(chosen, signal)
    return chosen


# -- properties ---------------------------------------------------------------------------------


@SETTINGS
@given(random_deals(), st.randoms(use_true_random=False))
def test_rounded_card_points_sum_to_the_deal_points(deal: Deal, rnd: random.Random) -> None:
    describe(deal)
    ref = Reference(deal)
    while not deal.is_over():
        ref.play(str(step(deal, rnd)))
    result = deal.result()
    rules = deal.rules
    assert result.complete
    assert {s: result.sides[s].thirds for s in deal.sides} == ref.side_thirds()
    assert sum(result.sides[s].thirds for s in deal.sides) == rules.total_thirds
    assert rules.deal_points == (21 if rules.a_perdere and rules.ace_of_bastoni_eleven else 11)
    assert {s: result.sides[s].card_points for s in deal.sides} == ref.points()
    floored = sum(result.sides[s].thirds // 3 for s in deal.sides)
    if len(deal.sides) == 2:  # 35 = a + b: the floors always sum to 11 (21 with the ace)
        assert floored == rules.deal_points
    else:  # each for himself: the lost fractions sum to 2, 5 or 8 thirds
        assert floored in (rules.deal_points, rules.deal_points - 1, rules.deal_points - 2)


@SETTINGS
@given(random_deals(), st.randoms(use_true_random=False))
def test_the_40_cards_are_conserved(deal: Deal, rnd: random.Random) -> None:
    describe(deal)
    while True:
        parts = [[str(c) for c in deal.hand(s)] for s in deal.seats]
        parts.append([str(c) for c in deal.stock])
        parts.append([str(p.card) for p in deal.plays])
        everything = [c for part in parts for c in part]
        assert len(everything) == 40
        assert set(everything) == ALL
        assert len(deal.plays) == sum(len(t.plays) for t in deal.tricks) + len(deal.current)
        if deal.is_over():
            break
        step(deal, rnd)


@SETTINGS
@given(random_deals(), st.randoms(use_true_random=False))
def test_legal_cards_and_reasons_match_the_rules(deal: Deal, rnd: random.Random) -> None:
    describe(deal)
    ref = Reference(deal)
    while True:
        compare(deal, ref)
        if deal.is_over():
            break
        ref.play(str(step(deal, rnd)))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_deals(), st.randoms(use_true_random=False))
def test_undo_restores_the_exact_state(deal: Deal, rnd: random.Random) -> None:
    describe(deal)
    history: list[dict[str, Any]] = [snapshot(deal)]  # the state after each action
    while not deal.is_over():
        if deal.declaration_window():
            for seat in deal.seats:
                for decl in deal.available_declarations(seat):
                    if rnd.random() < 0.5:
                        deal.declare(decl)
                        history.append(snapshot(deal))
        if rnd.random() < 0.25:  # play a card and take it back at once
            step(deal, rnd, declare=False)
            deal.undo()
            assert snapshot(deal) == history[-1]
        step(deal, rnd, declare=False)
        history.append(snapshot(deal))
    assert len(history) == len(deal.actions) + 1
    # several undos in a row, back to the start
    for back in range(len(deal.actions) - 1, -1, -1):
        deal.undo()
        assert snapshot(deal) == history[back]


def allowed_cards(deal: Deal, seat: Seat) -> set[str]:
    """What ``seat`` may legitimately know: its own hand, played, declared and drawn cards,
    the dummy once the opening lead is made (the dealer, who plays it, also when the dummy
    leads first), and (for the dummy seat, played by the dealer) the dealer's hand."""
    allowed = {str(c) for c in deal.hand(seat)}
    allowed |= {str(p.card) for p in deal.plays}
    allowed |= {str(c) for d in deal.declarations for c in d.cards}
    allowed |= {str(d.card) for d in deal.draws}
    if deal.dummy is not None:
        if seat == deal.dummy:
            allowed |= {str(c) for c in deal.hand(deal.dealer)}
        elif deal.plays or (seat == deal.dealer and deal.to_play == deal.dummy):
            # docs/rules-choices.md: the dealer also sees the dummy when it must lead first
            allowed |= {str(c) for c in deal.hand(deal.dummy)}
    return allowed


def check_views(deal: Deal, rnd: random.Random) -> None:
    describe(deal)
    while True:
        for seat in deal.seats:
            view = deal.view(seat)
            seen = set(view.cards())
            leaked = seen - allowed_cards(deal, seat)
            assert not leaked, f"{seat} sees {sorted(leaked)}"
            assert view.hand == deal.hand(seat)
            assert view.stock_size == len(deal.stock)
        if deal.is_over():
            break
        step(deal, rnd)


@SETTINGS
@given(random_deals(), st.randoms(use_true_random=False))
def test_a_view_never_shows_a_hidden_card(deal: Deal, rnd: random.Random) -> None:
    check_views(deal, rnd)


col_morto_tables = st.sampled_from([
    Rules.preset("col_morto"),
    Rules.preset("col_morto").with_options(first_lead="four_of_denari"),
])


@SETTINGS
@given(random_deals(col_morto_tables), st.randoms(use_true_random=False))
def test_a_col_morto_view_never_shows_the_dummy_before_the_opening_lead(
        deal: Deal, rnd: random.Random) -> None:
    check_views(deal, rnd)


@settings(max_examples=30, deadline=None)
@given(table_rules())
def test_generated_tables_are_valid_and_round_trip(rules: Rules) -> None:
    assert Rules.from_json(rules.to_json()) == rules
