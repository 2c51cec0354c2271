"""The game around the table: what the page and the quiz say about the seats, the cut, the
deal and the lead is what the engine does, and the deal drawn card by card is the engine's."""

from __future__ import annotations

from tressette_learn.ai import make_player, play_deal
from tressette_learn.engine import Card, Deal, Match, Rules, Seat
from tressette_learn.engine.deal import dealing_order, shuffled_deck
from tressette_learn.ui.dealing import DealingShow
from tressette_learn.ui.settings import Settings

FOUR_OF_COINS = Card.parse("4d")
ONE_AT_A_TIME = Rules().with_options(deal_packet=1)


def cutter(dealer: Seat) -> Seat:
    """The player on the dealer's left: the dealer is on their right."""
    return next(seat for seat in Seat if seat.right == dealer)


def receivers(rules: Rules, dealer: Seat) -> list[Seat]:
    return [seat for seat, _ in dealing_order(shuffled_deck(1), rules, dealer)]


def four_of_coins_leader() -> Seat:
    """Who leads at the Quattro di denari table when East deals and West holds the Four."""
    rules = Rules.preset("quattro_denari")
    for seed in range(100):
        deal = Deal.new(rules, dealer=Seat.E, seed=seed)
        if FOUR_OF_COINS in deal.dealt_hand(Seat.W):
            assert deal.to_play is not None
            return deal.to_play
    raise AssertionError("no seed gives West the Four of coins")


def four_led_answer() -> int:
    rules = Rules.preset("quattro_denari")
    deal = Deal.new(rules, dealer=Seat.E, seed=3)
    assert deal.to_play is not None and FOUR_OF_COINS in deal.hand(deal.to_play)
    legal = set(deal.legal_cards())
    if legal == {FOUR_OF_COINS}:
        return 0
    return 1 if legal == set(deal.hand(deal.to_play)) else 2


def next_dealer_after(first: Seat) -> Seat:
    match = Match(Rules.preset("standard"), first_dealer=first)
    play_deal(match.deal, {seat: make_player("random", int(seat)) for seat in Seat})
    match.next_deal()
    return match.deal.dealer


def packets_answer() -> int:
    order = receivers(Rules(), Seat.E)
    return [1, 5, 10].index(order.index(Seat.W))


CHOICES = {
    "table-partner": lambda: [Seat.E, Seat.N, Seat.W].index(Seat.S.partner),
    "table-cut": lambda: [Seat.N, Seat.S, Seat.W].index(cutter(Seat.E)),
    "table-first-card": lambda: [Seat.N, Seat.W, Seat.E].index(
        receivers(ONE_AT_A_TIME, Seat.E)[0]),
    "table-second-card": lambda: [Seat.S, Seat.N, Seat.W].index(
        receivers(ONE_AT_A_TIME, Seat.E)[1]),
    "table-packets": packets_answer,
    "table-leader": lambda: [Seat.W, Seat.E, Seat.N, None].index(
        Deal.new(Rules(), dealer=Seat.E, seed=1).to_play),
    "table-four-of-coins": lambda: [Seat.N, Seat.W, Seat.S].index(four_of_coins_leader()),
    "table-four-led": four_led_answer,
    "table-next-dealer": lambda: [Seat.W, Seat.N, Seat.S].index(next_dealer_after(Seat.E)),
}


def test_the_deal_goes_one_at_a_time_anticlockwise_from_the_dealers_right():
    for dealer in Seat:
        order = receivers(ONE_AT_A_TIME, dealer)
        assert order[:4] == [dealer.right, dealer.right.right, dealer.right.right.right, dealer]
        assert all(order.count(seat) == 10 for seat in Seat) and len(order) == 40
    assert receivers(Rules(), Seat.E)[:6] == [Seat.N] * 5 + [Seat.W]


# -- the deal drawn card by card ---------------------------------------------------------


def show(**options) -> DealingShow:
    return DealingShow("standard", dealer="E", seed=7, settings=Settings(), **options)


def test_the_show_deals_the_engines_hands():
    widget = show()
    deal = Deal.new(ONE_AT_A_TIME, dealer=Seat.E, seed=7)
    for _ in range(widget.last):
        widget.forward()
    assert widget.step == widget.last and not widget.forward()
    held = widget.received()
    for seat in Seat:
        assert sorted(Card.parse(c) for c in held[seat]) == sorted(deal.dealt_hand(seat))
        assert widget.same_deal().dealt_hand(seat) == deal.dealt_hand(seat)
    state = widget.state
    assert [s["seat"] for s in state["seats"] if s["cards"]] == ["N", "E", "S", "W"]
    assert state["kind"] == "lead" and "North" in state["caption"]


def test_the_steps_shuffle_cut_then_each_card_with_its_caption():
    widget = show()
    kinds, captions = [], []
    while True:
        kinds.append(widget.state["kind"])
        captions.append(widget.state["caption"])
        if not widget.forward():
            break
    assert kinds[:3] == ["intro", "shuffle", "cut"] and kinds[-1] == "lead"
    assert kinds.count("card") == 40 and len(set(captions)) == len(captions)
    assert "East" in captions[1] and "South" in captions[2]  # East deals, South cuts
    assert captions[3].startswith("The first card goes to the dealer's right: North")
    assert "(card 10 of 10)" in captions[-2]
    widget.settings.lang = "it"
    assert "Nord" in widget.state["caption"] and widget.state["labels"]["play"] == "Avvia"


def test_play_pause_step_restart_and_the_browsers_ticks():
    widget = show()
    widget._on_message(widget, {"type": "play"}, [])
    assert widget.playing and widget.step == 0
    widget._on_message(widget, {"type": "advance", "step": 0}, [])
    assert widget.step == 1
    widget._on_message(widget, {"type": "advance", "step": 0}, [])  # a stale tick
    assert widget.step == 1
    widget._on_message(widget, {"type": "pause"}, [])
    widget._on_message(widget, {"type": "advance", "step": 1}, [])
    assert widget.step == 1 and not widget.playing
    widget._on_message(widget, {"type": "step"}, [])
    assert widget.step == 2 and widget.state["kind"] == "cut"
    widget._on_message(widget, {"type": "restart"}, [])
    assert widget.step == 0 and not widget.playing


def test_a_forged_message_is_ignored():
    widget = show()
    before = dict(widget.state)
    for forged in ({"type": "advance", "step": "0"}, {"type": "advance"},
                   {"type": "step", "n": 40}, {"type": "deal"}, {"type": "forward"},
                   {"type": "advance", "step": True}, ["step"], "play", None):
        widget._on_message(widget, forged, [])
    assert widget.state == before and widget.step == 0


def test_the_four_of_coins_table_names_its_leader():
    widget = DealingShow("quattro_denari", dealer="E", seed=3, settings=Settings())
    deal = Deal.new(Rules.preset("quattro_denari").with_options(deal_packet=1), dealer=Seat.E,
                    seed=3)
    assert widget.leader == deal.to_play and FOUR_OF_COINS in deal.dealt_hand(widget.leader)
    widget.step = widget.last
    assert "Four of coins" in widget.caption(widget.last).get("en")
