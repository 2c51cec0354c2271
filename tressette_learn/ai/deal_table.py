"""Every deal that fits a view as one numpy table, for the batched solver.

The same enumeration as :meth:`DealSampler.placements` (suit by suit: the count vectors
that lead somewhere, then every way to deal the suit's cards in those counts), done on
arrays: the partial placements that leave the holders the same room are kept together and
crossed with the next suit's ways in one step. A few thousand deals take a millisecond or
two instead of the ten microseconds each that building ``Sample`` objects costs. The
dealt-hand limits (compulsory declarations) are then applied to the whole table.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
else:  # numpy is imported at its first use (tressette_learn.lazy_module)
    from ..lazy_module import LazyModule

    np = LazyModule("numpy")

from ..engine.seats import Seat
from .inference import DealSampler


def deal_table(sampler: DealSampler) -> np.ndarray:
    """One row per deal that fits (each once, in no particular order): the hands of seats
    0..3 as int64 masks (0 for a seat not at the table). Only without a stock (its orders
    are not enumerated): ``ValueError`` else."""
    knowledge = sampler.knowledge
    if knowledge.stock_size:
        raise ValueError("the deals are enumerated only without a stock")
    placed = _placements(sampler)
    hands = np.zeros((len(placed), 4), dtype=np.int64)
    hands[:, knowledge.viewer] = knowledge.own_hand
    for seat, info in knowledge.seats.items():
        hands[:, seat] = info.known
    for j, holder in enumerate(sampler.holders):
        assert isinstance(holder, Seat)
        hands[:, holder] |= placed[:, j]
    return hands[_within_limits(sampler, hands)]


def _placements(sampler: DealSampler) -> np.ndarray:
    """Every placement: per holder the mask of the unseen cards it takes."""
    width = len(sampler.holders)
    if not sampler.count:
        return np.zeros((0, width), dtype=np.int64)
    partial = {sampler.start: np.zeros((1, width), dtype=np.int64)}
    for index in range(sampler.suit_count):
        grown: dict[int, list[np.ndarray]] = defaultdict(list)
        for room, rows in partial.items():
            for vec in sampler.counts_after(index, room):
                ways = np.array(sampler.suit_deals(index, vec), dtype=np.int64)
                grown[room - vec].append((rows[:, None, :] | ways[None, :, :])
                                         .reshape(-1, width))
        partial = {room: np.concatenate(parts) for room, parts in grown.items()}
    (done,) = partial.values()  # every holder's room is filled
    return done


def _within_limits(sampler: DealSampler, hands: np.ndarray) -> np.ndarray:
    """Which rows meet the dealt-hand limits and the club bussi (a boolean mask)."""
    keep = np.ones(len(hands), dtype=bool)
    for limit in sampler.knowledge.limits:
        info = sampler.knowledge.seats[limit.seat]
        dealt = (hands[:, limit.seat] | info.played) & ~info.drawn & limit.mask
        keep &= np.bitwise_count(dealt) <= limit.most
    for seat, mask in sampler.knowledge.holds_one_of:  # a club busso's pezzo
        keep &= (hands[:, seat] & mask) != 0
    return keep
