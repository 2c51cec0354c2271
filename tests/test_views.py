"""Player views: what one seat may see, and nothing more (RULES.md 3, 7, 8)."""

from __future__ import annotations

from conftest import SPLIT_TRICKS, card, complete_deal, play_all, rules, split_deal

from tressette_learn.engine import Deal, Declaration, Rank, Seat, Suit


def names(hand: object) -> set[str]:
    return {str(c) for c in hand}  # type: ignore[attr-defined]


def test_a_seat_sees_its_own_hand_and_no_other() -> None:
    deal = split_deal()
    for seat in Seat:
        view = deal.view(seat)
        assert view.seat == seat
        assert view.hand == deal.hand(seat)
        assert view.known_hands == {}
        assert view.cards() == frozenset(names(deal.hand(seat)))
        assert view.hand_sizes == {s: 10 for s in Seat}


def test_only_the_seat_to_play_gets_legal_cards() -> None:
    deal = split_deal()
    play_all(deal, "3d")
    assert deal.view(Seat.W).legal == deal.legal_cards()
    assert set(deal.view(Seat.W).legal) == {card("Ad"), card("7d")}
    for seat in (Seat.N, Seat.S, Seat.E):
        assert deal.view(seat).legal == ()


def test_played_cards_are_public_other_hands_stay_hidden() -> None:
    deal = split_deal()
    play_all(deal, SPLIT_TRICKS[0] + " 3c")
    for seat in Seat:
        seen = deal.view(seat).cards()
        assert {"3d", "Ad", "Rd", "Cd", "3c"} <= seen
        for other in Seat:
            if other != seat:
                assert not names(deal.hand(other)) & seen
    assert deal.view(Seat.S).current_trick == tuple(deal.current)
    assert deal.view(Seat.S).tricks == tuple(deal.tricks)


def test_declared_cards_are_public() -> None:
    deal = split_deal()
    play_all(deal, SPLIT_TRICKS[0])
    deal.declare(Declaration(Seat.W, "buon_gioco", rank=Rank.TWO, missing=Suit.DENARI))
    for seat in Seat:
        assert {"2c", "2s", "2b"} <= deal.view(seat).cards()
        assert deal.view(seat).declarations == tuple(deal.declarations)
    # nothing else of W's hand
    hidden = names(deal.hand(Seat.W)) - {"2c", "2s", "2b"}
    assert not hidden & deal.view(Seat.E).cards()


def test_two_players_see_the_draws_but_not_the_stock() -> None:
    deal = complete_deal(rules("a_due"), Seat.N, {}, stock="Ad 3s")
    deal.play(deal.legal_cards()[0])
    deal.play(deal.legal_cards()[0])
    winner = deal.tricks[0].winner
    loser = Seat.S if winner == Seat.N else Seat.N
    assert card("Ad") in deal.hand(winner) and card("3s") in deal.hand(loser)
    for seat in (Seat.S, Seat.N):
        view = deal.view(seat)
        assert {"Ad", "3s"} <= view.cards()
        assert view.stock_size == 18
        assert not names(deal.stock) & view.cards()
        other = Seat.N if seat == Seat.S else Seat.S
        assert names(deal.hand(other)) & view.cards() <= {"Ad", "3s"}


def test_col_morto_dummy_hidden_before_and_shown_after_the_opening_lead() -> None:
    deal = Deal.new(rules("col_morto"), dealer=Seat.E, seed=5)
    dummy = deal.dummy
    assert dummy == Seat.W
    for seat in (Seat.N, Seat.E, Seat.S):
        assert dummy not in deal.view(seat).known_hands
        assert not names(deal.hand(dummy)) & deal.view(seat).cards()
    deal.play(deal.legal_cards()[0])  # N leads
    for seat in (Seat.N, Seat.E, Seat.S):
        view = deal.view(seat)
        assert view.known_hands[dummy] == deal.hand(dummy)
        assert names(deal.hand(dummy)) <= view.cards()
        assert view.dummy == dummy


def test_col_morto_the_dummy_seat_is_seen_with_the_dealers_hand() -> None:
    # the dealer plays the dummy: the dummy's view is the dealer's view of both hands
    deal = Deal.new(rules("col_morto"), dealer=Seat.E, seed=5)
    deal.play(deal.legal_cards()[0])
    view = deal.view(Seat.W)
    assert deal.to_play == Seat.W
    assert view.hand == deal.hand(Seat.W)
    assert view.known_hands == {Seat.E: deal.hand(Seat.E)}
    assert view.legal == deal.legal_cards()
    # the opponents never see the dealer's hand
    for seat in (Seat.N, Seat.S):
        assert not names(deal.hand(Seat.E)) & deal.view(seat).cards()


def test_col_morto_dummy_leading_does_not_expose_it_before_the_opening_lead() -> None:
    # Roman first lead at a col morto table: the dummy W holds the 4 of denari and leads.
    # The dummy is turned face up only after the opening lead (RULES.md 8; and
    # docs/rules-choices.md: "the dealer also when the dummy must lead first"), so before it
    # the opponents N and S must not see W's cards.
    deal = complete_deal(rules("col_morto", first_lead="four_of_denari"), Seat.E, {Seat.W: "4d"})
    assert deal.dummy == Seat.W and deal.to_play == Seat.W
    assert not deal.dummy_exposed
    for seat in (Seat.N, Seat.S):
        view = deal.view(seat)
        assert Seat.W not in view.known_hands
        assert not names(deal.hand(Seat.W)) & view.cards()
    # the dealer, who plays the dummy, chooses the lead from the dummy seat's view
    assert deal.view(Seat.W).hand == deal.hand(Seat.W)
    assert deal.view(Seat.W).legal == deal.legal_cards()


def test_a_view_shows_calls_and_match_scores() -> None:
    deal = split_deal(rules(calling_out=True, wrong_call_penalty="ignored"),
                      match_scores={"NS": 10, "EW": 3})
    play_all(deal, SPLIT_TRICKS[0])
    deal.call_out("NS")
    view = deal.view(Seat.E)
    assert view.calls == tuple(deal.calls)
    assert view.match_scores == {"NS": 10, "EW": 3}
