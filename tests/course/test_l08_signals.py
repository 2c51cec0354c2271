"""Lesson 8, signals: every rule the lesson states, checked against the engine."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from course import pages
from tressette_learn.engine import DECK, SIGNALS, Card, Deal, IllegalPlay, Rules, Seat, parse_cards
from tressette_learn.ui.settings import Settings
from tressette_learn.ui.table import Table

STANDARD = Rules.preset("standard")
TABLE_SEED = 5  # the lesson's table: North (club) leads the first trick with a busso

# North's 7d is his only denari; South wins trick 1 with the 3d and leads denari again.
VOLO_HANDS = {
    Seat.N: "7d 3c 2c Ac Rc Cc Fc 7c 6c 5c",
    Seat.W: "4d 4c 3s 2s As Rs Cs Fs 7s 6s",
    Seat.S: "3d 2d Ad Rd 5s 4s 3b 2b Ab Rb",
    Seat.E: "5d 6d Cd Fd Cb Fb 7b 6b 5b 4b",
}


def volo_deal() -> Deal:
    """North leads 7d with a volo; trick 1 goes to South, who leads the 2 of denari."""
    deal = Deal(STANDARD, Seat.E, {s: parse_cards(h) for s, h in VOLO_HANDS.items()})
    deal.play("7d", "volo")
    for text in ["4d", "3d", "5d"]:
        deal.play(text)
    assert deal.tricks[0].winner == Seat.S
    deal.play("2d")
    return deal


def leads(seeds: range = range(30)) -> Iterator[tuple[Deal, Card]]:
    """Every card the leader could lead, at every trick of some played-out deals."""
    for seed in seeds:
        deal = Deal.new(STANDARD, seed=seed)
        while not deal.is_over():
            if not deal.current:
                for card in deal.legal_cards():
                    yield deal, card
            deal.play(deal.legal_cards()[-1])


def _who_may_signal() -> int:
    deal = Deal.new(STANDARD, seed=3)
    lead = deal.legal_cards()[0]
    leader_ok = deal.signal_reason(lead, deal.true_signals(lead)[0]) is None
    deal.play(lead)
    follower_ok = any(deal.signal_reason(card, signal) is None
                      for card in deal.legal_cards() for signal in SIGNALS)
    return 1 if leader_ok and not follower_ok else 0


def _volo_or_striscio() -> int:
    counts = {sum(s in deal.true_signals(card) for s in ("volo", "striscio"))
              for deal, card in leads(range(10))}
    if counts == {1}:
        return 2                                   # always exactly one
    return 0 if 2 in counts else 1                 # sometimes both / sometimes neither


def _after_volo() -> int:
    deal = volo_deal()
    while deal.to_play != Seat.N:
        deal.play(deal.legal_cards()[0])
    return 1 if set(deal.legal_cards()) == set(deal.hand(Seat.N)) else 0


def _muto() -> int:
    deal = Deal.new(Rules.preset("online"), seed=1)
    card = deal.legal_cards()[0]
    allowed = [s for s in SIGNALS if deal.signal_reason(card, s) is None]
    return {0: 0, 1: 1, 3: 2}[len(allowed)]


CHOICES = {
    "signals-who": _who_may_signal,
    "signals-volo-or-striscio": _volo_or_striscio,
    "signals-after-volo": _after_volo,
    "signals-muto": _muto,
}


# -- when each signal is true (RULES.md §4) ------------------------------------------------


def test_busso_is_true_when_the_leader_keeps_the_highest_unplayed_card_of_the_suit():
    for deal, card in leads():
        assert deal.to_play is not None
        after = [c for c in deal.hand(deal.to_play) if c != card]
        out = [c for c in DECK if c.suit == card.suit and c != card
               and not c.bit & deal.played_mask]
        expected = bool(out) and max(out) in after   # cards of a suit sort weakest first
        assert ("busso" in deal.true_signals(card)) == expected, (str(card), deal.plays)
        assert (deal.signal_reason(card, "busso") is None) == expected


def test_volo_means_no_card_of_the_suit_left_and_striscio_at_least_one():
    for deal, card in leads():
        assert deal.to_play is not None
        left = [c for c in deal.hand(deal.to_play) if c.suit == card.suit and c != card]
        true = deal.true_signals(card)
        assert ("volo" in true) == (not left)
        assert ("striscio" in true) == bool(left)
        assert ("volo" in true) != ("striscio" in true)  # exactly one of the two
        if "busso" in true:
            assert "striscio" in true                     # busso comes with striscio


def test_only_the_leader_signals_and_a_false_signal_is_refused():
    deal = Deal.new(STANDARD, seed=3)
    lead = deal.legal_cards()[0]
    false = next(s for s in SIGNALS if s not in deal.true_signals(lead))
    with pytest.raises(IllegalPlay):
        deal.play(lead, false)
    assert not deal.plays
    deal.play(lead, deal.true_signals(lead)[0])
    for card in deal.legal_cards():
        for signal in SIGNALS:
            assert str(deal.signal_reason(card, signal)) == \
                f"signal_not_leading(signal={signal})"


def test_gioco_muto_has_no_signals():
    assert Rules.preset("online").signals is False
    assert STANDARD.signals is True
    deal = Deal.new(Rules.preset("online"), seed=1)
    assert deal.true_signals(deal.legal_cards()[0]) == ()


def test_every_player_sees_the_leaders_signal():
    deal = Deal.new(STANDARD, seed=3)
    lead = deal.legal_cards()[0]
    deal.play(lead, "striscio" if "striscio" in deal.true_signals(lead) else "volo")
    for seat in Seat:
        assert deal.view(seat).current_trick[0].signal in ("striscio", "volo")


def test_after_a_busso_no_opponent_holds_the_best_card_of_the_suit():
    for deal, card in leads(range(10)):
        if "busso" in deal.true_signals(card):
            leader = deal.to_play
            assert leader is not None
            out = [c for seat in Seat if seat != leader for c in deal.hand(seat)
                   if c.suit == card.suit]
            mine = [c for c in deal.hand(leader) if c.suit == card.suit and c != card]
            assert all(max(mine).beats(c) for c in out)


def test_after_partners_volo_partner_cannot_follow_that_suit():
    deal = volo_deal()
    while deal.to_play != Seat.N:
        deal.play(deal.legal_cards()[0])
    assert not any(c.suit == Card.parse("2d").suit for c in deal.hand(Seat.N))
    assert set(deal.legal_cards()) == set(deal.hand(Seat.N))


# -- the lesson's table -------------------------------------------------------------------------


def test_the_notebook_uses_the_tested_table():
    sources = "".join(pages.sources("08_signals"))
    assert f'Table("standard", seed={TABLE_SEED}' in sources


def test_north_leads_the_first_trick_with_a_busso_shown_in_words():
    settings = Settings()
    table = Table("standard", seed=TABLE_SEED, level="club", delay_ms=0, settings=settings)
    table.run()
    first = table.deal.plays[0]
    assert (first.seat, first.signal) == (Seat.N, "busso")
    assert table.deal.side_of(Seat.N) == table.deal.side_of(Seat.S)
    assert "North knocks (busso)" in table.state["lead_signal"]
    settings.lang = "it"
    assert "Nord bussa" in table.state["lead_signal"]


def test_every_computer_lead_carries_a_true_signal_and_mine_is_checked():
    table = Table("standard", seed=TABLE_SEED, level="club", delay_ms=0, hold_tricks=False,
                  settings=Settings())
    table.run()
    while table.status != "over":
        deal = table.deal
        if not deal.current:
            card = deal.legal_cards()[0]
            false = next(s for s in SIGNALS if s not in deal.true_signals(card))
            assert table.choose_signal(false) is None
            assert table.play(card) is not None          # refused, with the reason
            assert not deal.current
            table.choose_signal(deal.true_signals(card)[0])
        assert table.play(deal.legal_cards()[0]) is None
        table.run()
    for trick in table.deal.tricks:
        if trick.leader != Seat.S:
            assert trick.signal in SIGNALS
        assert trick.signal is not None
