"""The exact solver (pure-Python reference): every card seen, alpha-beta on thirds.

Values are the thirds the first side (NS, or S with two players) takes from now to the
end of the deal, the last trick included. Floor is monotone, so the minimax value in
points is the floor of the minimax value in thirds.
"""

from __future__ import annotations

import dataclasses

from ...engine.cards import DECK, SUIT_MASKS, Card, beats
from ...engine.deal import Deal
from .position import Position, position_from_deal

INFINITY = 10_000


def equivalent_moves(pos: Position, legal: int) -> list[tuple[int, int]]:
    """Legal cards as (representative, card): adjacent unplayed cards of equal value in one
    hand are interchangeable (cards gone in finished tricks close the gaps)."""
    out: list[tuple[int, int]] = []
    for suit_mask in SUIT_MASKS:
        cards = legal & suit_mask
        rep = prev = -1
        while cards:
            card = cards.bit_length() - 1
            cards ^= 1 << card
            between = ((1 << prev) - 1) & ~((1 << (card + 1)) - 1) if prev >= 0 else 0
            if prev < 0 or pos.values[card] != pos.values[prev] or between & ~pos.gone:
                rep = card
            out.append((rep, card))
            prev = card
    return out


class ReferenceSolver:
    """Alpha-beta with a transposition table at trick starts, equivalent-card pruning and
    simple move ordering. Slow but simple: the reference the fast core is checked against."""

    def __init__(self, pos: Position):
        self.pos = pos
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0

    def maximizing(self, seat: int) -> bool:
        """Whether ``seat`` wants the first side's thirds high (a perdere flips it)."""
        return (self.pos.side[seat] == 0) != self.pos.low_wins

    def ordered_moves(self) -> list[int]:
        """Distinct legal cards, likely-best first."""
        pos = self.pos
        reps = sorted({rep for rep, _ in equivalent_moves(pos, pos.legal())}, reverse=True)
        if not pos.trick:
            return reps
        led = pos.trick[0][1] // 10
        top = max(c for _, c in pos.trick if c // 10 == led)
        return sorted(reps, key=lambda c: (not (c // 10 == led and c > top), pos.values[c]))

    def search(self, alpha: int, beta: int) -> int:
        """The first side's thirds from here to the end (fail-soft alpha-beta)."""
        pos = self.pos
        self.nodes += 1
        key = None
        if not pos.trick:
            if pos.tricks_left == 0:
                return 0
            key = pos.key()
            lo, hi = self.table.get(key, (0, INFINITY))
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        best = self._best(alpha, beta)
        if key is not None:
            self._store(key, best, alpha, beta)
        return best

    def _best(self, alpha: int, beta: int) -> int:
        seat = self.pos.to_play
        maxim = self.maximizing(seat)
        best = -1 if maxim else INFINITY
        for card in self.ordered_moves():
            value = self.child(card, alpha, beta)
            if maxim:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def _store(self, key: tuple[int, ...], best: int, alpha: int, beta: int) -> None:
        lo, hi = self.table.get(key, (0, INFINITY))
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.table[key] = (lo, hi)

    def child(self, card: int, alpha: int, beta: int) -> int:
        """Play ``card`` for the seat to play, search, and take it back."""
        pos = self.pos
        seat = pos.to_play
        pos.hands[seat] ^= 1 << card
        pos.trick.append((seat, card))
        if len(pos.trick) < pos.trick_size:
            pos.to_play = pos.next_seat[seat]
            value = self.search(alpha, beta)
        else:
            value = self._finish_trick(alpha, beta)
        pos.trick.pop()
        pos.hands[seat] ^= 1 << card
        pos.to_play = seat
        return value

    def _finish_trick(self, alpha: int, beta: int) -> int:
        pos = self.pos
        trick = pos.trick
        winner, best = trick[0]
        for seat, card in trick[1:]:
            if beats(card, best):
                winner, best = seat, card
        points = sum(pos.values[c] for _, c in trick)
        if pos.tricks_left == 1:
            points += pos.last_trick
        gain = points if pos.side[winner] == 0 else 0
        saved = (trick, list(pos.hands), pos.gone, pos.stock_pos)
        for _, c in trick:
            pos.gone |= 1 << c
        pos.trick, pos.to_play = [], winner
        pos.tricks_left -= 1
        if pos.stock_pos < len(pos.stock):
            pos.hands[winner] |= 1 << pos.stock[pos.stock_pos]
            pos.hands[pos.next_seat[winner]] |= 1 << pos.stock[pos.stock_pos + 1]
            pos.stock_pos += 2
        value = gain + self.search(alpha - gain, beta - gain)
        pos.tricks_left += 1
        pos.trick, hands, pos.gone, pos.stock_pos = saved
        pos.hands[:] = hands
        return value


@dataclasses.dataclass(frozen=True)
class CardValue:
    """What one legal card is worth to the side that plays it, played out perfectly."""

    card: Card
    thirds: int | None
    points: int


def future_thirds(pos: Position) -> int:
    """Thirds still to be won: cards not yet in a finished trick, and the last trick."""
    out = sum(pos.values[c] for c in range(40) if not pos.gone >> c & 1)
    return out + (pos.last_trick if pos.tricks_left else 0)


def position_card_values(pos: Position) -> dict[int, int]:
    """Each legal card's final thirds for the mover's side (captured plus the rest)."""
    if pos.to_play < 0:
        return {}
    solver = ReferenceSolver(pos)
    side = pos.side[pos.to_play]
    remaining = future_thirds(pos)
    firsts: dict[int, int] = {}
    out = {}
    for rep, card in equivalent_moves(pos, pos.legal()):
        if rep not in firsts:
            firsts[rep] = solver.child(rep, -1, INFINITY)
        first = firsts[rep]
        out[card] = pos.captured[side] + (first if side == 0 else remaining - first)
    return out


def solve_full_deal(deal: Deal) -> list[CardValue]:
    """Exact value of every legal card of the seat to play (the solver sees every card).

    ``thirds`` and ``points`` are the mover's side's totals at the end of the deal.
    """
    values = position_card_values(position_from_deal(deal))
    return [CardValue(DECK[card], thirds, thirds // 3) for card, thirds in values.items()]
