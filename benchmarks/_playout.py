"""Uniformly random playouts over card bitmasks: what ``benchmarks/engine.py`` times.

How fast plain Python can deal and play out random deals, for comparison with the public
engine API (no player uses it). A card is its index ``10 * suit + strength`` (see
:mod:`tressette_learn.engine.cards`), a set of cards is an ``int`` mask with bit ``index``
set. Inside a suit a higher index wins a trick: the engine's
:func:`~tressette_learn.engine.cards.winning_offset` decides the tricks finished outside
the unrolled loop of :func:`_play`, which keeps the rule inline for speed (its followers'
cards come from same-suit tables); ``tests/test_playout.py`` replays every playout with
the engine's rule.

The four-player playout (:func:`random_playout`) keeps, for the duration of one call,
each hand twice: as a list of card indices (to draw uniformly from the whole hand) and
as four 10-bit suit masks (to find the cards that follow suit). Legal cards are drawn
from tables precomputed per 10-bit suit mask, so the inner loop makes no function call
besides ``list.pop``/``list.remove`` and the random source.

How the random choices stay exactly uniform: every decision reads one fresh random byte
``b`` (0..255). With ``n`` legal cards the byte is accepted when ``b < 256 - 256 % n``
(a multiple of ``n`` values, so ``b % n`` is exactly uniform on ``0..n-1``) and picks
the ``b % n``-th legal card; otherwise (at most 6 bytes in 256, i.e. < 2.4%) a fresh
byte is drawn with ``rng.getrandbits(8)`` until one is accepted. The bytes for a deal
are drawn in one ``rng.randbytes`` call, one per (trick, seat) whether or not the play
is forced, so which byte a decision reads never depends on earlier outcomes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import starmap
from typing import Final

from tressette_learn.engine.cards import THIRDS_BY_INDEX, winning_offset

__all__ = [
    "LAST_TRICK_THIRDS",
    "bits",
    "deal_hands",
    "iter_bits",
    "popcount",
    "random_deal_playout",
    "random_playout",
    "thirds_of",
]

LAST_TRICK_THIRDS: Final = 3
"""The last trick is worth one point, three thirds."""

# ---------------------------------------------------------------------------------------
# Small tables
# ---------------------------------------------------------------------------------------

_SUIT_OF: Final = tuple(i // 10 for i in range(40))
_BIT10: Final = tuple(1 << (i % 10) for i in range(40))
# A dict, not a tuple: ``map(dict.__getitem__, ...)`` is the fastest C-level lookup.
_BIT_OF: Final[dict[int, int]] = {i: 1 << i for i in range(40)}
_STRENGTHS10: Final = tuple(tuple(r for r in range(10) if m >> r & 1) for m in range(1024))
_SUIT_CARDS: Final = tuple(
    tuple(tuple(10 * s + r for r in _STRENGTHS10[m]) for m in range(1024)) for s in range(4)
)
_THIRDS10: Final = tuple(sum(THIRDS_BY_INDEX[r] for r in _STRENGTHS10[m]) for m in range(1024))
_R40: Final = range(40)
_ARGS30: Final = ((30,),) * 40
# Seats inside the playout are scaled by 4 (seat 0..3 -> 0, 4, 8, 12) so that the suit
# mask of seat ``p`` in suit ``s`` is ``S[p + s]``; ``p & 4`` is the side (0: seats 0, 2).
_FOLLOWERS: Final = ((4, 8, 12), (0, 0, 0), (0, 0, 0), (0, 0, 0), (8, 12, 0), (0, 0, 0),
                     (0, 0, 0), (0, 0, 0), (12, 0, 4), (0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 4, 8))

# ---------------------------------------------------------------------------------------
# Bit primitives
# ---------------------------------------------------------------------------------------


def popcount(mask: int) -> int:
    """The number of cards in a mask."""
    return mask.bit_count()


def bits(mask: int) -> tuple[int, ...]:
    """The card indices of a 40-card mask, in increasing order."""
    return (_SUIT_CARDS[0][mask & 1023] + _SUIT_CARDS[1][mask >> 10 & 1023]
            + _SUIT_CARDS[2][mask >> 20 & 1023] + _SUIT_CARDS[3][mask >> 30 & 1023])


def iter_bits(mask: int) -> Iterator[int]:
    """Iterate over the set bits of any non-negative int, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def thirds_of(mask: int) -> int:
    """The card points of a mask, in thirds (the last-trick bonus is not included)."""
    return (_THIRDS10[mask & 1023] + _THIRDS10[mask >> 10 & 1023]
            + _THIRDS10[mask >> 20 & 1023] + _THIRDS10[mask >> 30 & 1023])


# ---------------------------------------------------------------------------------------
# Choice tables (built on first use: about 1 MB, 20 ms)
# ---------------------------------------------------------------------------------------

_PICK: list[bytes] = []
"""``_PICK[n][b]``: the index ``b % n`` chosen by byte ``b``, or 255 to draw again."""
_FOLLOW: list[tuple[bytes, ...]] = []
"""``_FOLLOW[s][m][b]``: the card of suit ``s`` chosen in the 10-bit mask ``m``, or 255."""
_PICK_SEQ: list[tuple[bytes, ...]] = []
"""``_PICK_SEQ[n]``: ``(_PICK[n], _PICK[n - 1], ..., _PICK[2])``, one per trick."""


def _build_tables() -> None:
    patterns = [b""]
    for n in range(1, 11):
        accept = 256 - 256 % n
        patterns.append(bytes(b % n if b < accept else 255 for b in range(256)))
    follow = []
    for s in range(4):
        per_mask: list[bytes] = [b""]
        for m in range(1, 1024):
            cards = _SUIT_CARDS[s][m]
            translate = bytes(cards) + bytes([255]) * (256 - len(cards))
            per_mask.append(patterns[len(cards)].translate(translate))
        follow.append(tuple(per_mask))
    _FOLLOW[:] = follow
    _PICK_SEQ[:] = [tuple(patterns[k] for k in range(n, 1, -1)) for n in range(11)]
    _PICK[:] = patterns  # last: a non-empty _PICK means every table is ready


# ---------------------------------------------------------------------------------------
# Dealing
# ---------------------------------------------------------------------------------------


def _permutation(rng: random.Random) -> list[int]:
    """A uniformly random order of the 40 cards.

    The cards are sorted by 40 independent 30-bit random keys; when two keys tie
    (probability below 1e-6) all keys are drawn again, so the order is exactly uniform.
    """
    getrandbits = rng.getrandbits
    keys = list(starmap(getrandbits, _ARGS30))
    while len(set(keys)) < 40:
        keys = list(starmap(getrandbits, _ARGS30))
    return sorted(_R40, key=keys.__getitem__)


def deal_hands(rng: random.Random) -> list[int]:
    """Deal the 40 cards into 4 hands of 10, uniformly at random: four card masks."""
    perm = _permutation(rng)
    bit = _BIT_OF.__getitem__
    return [sum(map(bit, perm[0:10])), sum(map(bit, perm[10:20])),
            sum(map(bit, perm[20:30])), sum(map(bit, perm[30:40]))]


# ---------------------------------------------------------------------------------------
# Random playouts
# ---------------------------------------------------------------------------------------


def random_deal_playout(rng: random.Random, leader: int = 0) -> tuple[int, int]:
    """Deal a new 4-player deal at random and play it out at random.

    Same as ``random_playout(deal_hands(rng), leader, rng)`` in distribution, without
    building masks twice. Returns the card thirds of side 0&2 and side 1&3 (sum 35).
    """
    if not _PICK:
        _build_tables()
    perm = _permutation(rng)
    bit = _BIT_OF.__getitem__
    a0 = perm[0:10]
    a1 = perm[10:20]
    a2 = perm[20:30]
    a3 = perm[30:40]
    h0 = sum(map(bit, a0))
    h1 = sum(map(bit, a1))
    h2 = sum(map(bit, a2))
    h3 = sum(map(bit, a3))
    hands = [a0, a0, a0, a0, a1, a1, a1, a1, a2, a2, a2, a2, a3, a3, a3, a3]
    masks = [h0 & 1023, h0 >> 10 & 1023, h0 >> 20 & 1023, h0 >> 30,
             h1 & 1023, h1 >> 10 & 1023, h1 >> 20 & 1023, h1 >> 30,
             h2 & 1023, h2 >> 10 & 1023, h2 >> 20 & 1023, h2 >> 30,
             h3 & 1023, h3 >> 10 & 1023, h3 >> 20 & 1023, h3 >> 30]
    a = _play(hands, masks, 4 * (leader & 3), 10, rng, None)
    return a, 35 - a


def random_playout(hands: Sequence[int], leader: int, rng: random.Random,
                   played: Sequence[int] = (), out: list[int] | None = None) -> tuple[int, int]:
    """Play a 4-player deal to the end with uniformly random legal cards.

    ``hands`` are the four card masks of seats 0..3 in play order (partners 0&2 and 1&3);
    ``leader`` is the seat that led the current trick. ``played`` are the cards already
    on the table in this trick, in play order from the leader (empty at a trick start);
    the seats that played them have one card fewer than the others. The seats still to
    play in this trick hold one card per trick left, this one included.

    Returns the thirds won from now on by side 0&2 and by side 1&3: the cards in
    ``hands`` and ``played`` plus 3 for the last trick. From a full deal they sum to 35.
    When ``out`` is a list, every card played is appended to it in play order.
    """
    if not _PICK:
        _build_tables()
    h0, h1, h2, h3 = hands
    union = h0 | h1 | h2 | h3
    if union >> 40 or union != h0 + h1 + h2 + h3:
        raise ValueError("random_playout: hands must be disjoint masks of the 40 cards")
    masks = [h0 & 1023, h0 >> 10 & 1023, h0 >> 20 & 1023, h0 >> 30,
             h1 & 1023, h1 >> 10 & 1023, h1 >> 20 & 1023, h1 >> 30,
             h2 & 1023, h2 >> 10 & 1023, h2 >> 20 & 1023, h2 >> 30,
             h3 & 1023, h3 >> 10 & 1023, h3 >> 20 & 1023, h3 >> 30]
    sc0, sc1, sc2, sc3 = _SUIT_CARDS
    a0 = [*sc0[masks[0]], *sc1[masks[1]], *sc2[masks[2]], *sc3[masks[3]]]
    a1 = [*sc0[masks[4]], *sc1[masks[5]], *sc2[masks[6]], *sc3[masks[7]]]
    a2 = [*sc0[masks[8]], *sc1[masks[9]], *sc2[masks[10]], *sc3[masks[11]]]
    a3 = [*sc0[masks[12]], *sc1[masks[13]], *sc2[masks[14]], *sc3[masks[15]]]
    lists = [a0, a0, a0, a0, a1, a1, a1, a1, a2, a2, a2, a2, a3, a3, a3, a3]
    leader &= 3
    if played:
        n = _check_played(lists, union, leader, played)
    else:
        n = len(a0)
        if not 0 < n == len(a1) == len(a2) == len(a3):
            raise ValueError("random_playout: at a trick start all hands hold the same "
                             "number of cards, at least one")
    total = thirds_of(union) + LAST_TRICK_THIRDS
    for card in played:
        total += THIRDS_BY_INDEX[card]
    a = 0
    if played:
        # Finish the current trick with the simple exact method, then go on fast.
        trick = list(played)
        for i in range(len(played), 4):
            p = 4 * ((leader + i) & 3)
            led = _SUIT_OF[trick[0]]
            m = masks[p + led]
            legal: Sequence[int] = _SUIT_CARDS[led][m] if m else lists[p]
            card = legal[rng.randrange(len(legal))]
            lists[p].remove(card)
            masks[p + _SUIT_OF[card]] ^= _BIT10[card]
            trick.append(card)
            if out is not None:
                out.append(card)
        leader = (leader + winning_offset(trick)) & 3
        if not leader & 1:
            a = sum(THIRDS_BY_INDEX[c] for c in trick)
        if n == 1:
            a += 0 if leader & 1 else LAST_TRICK_THIRDS
            return a, total - a
        n -= 1
    a += _play(lists, masks, 4 * leader, n, rng, out)
    return a, total - a


def _check_played(lists: list[list[int]], union: int, leader: int,
                  played: Sequence[int]) -> int:
    """Check a partial trick against the hands; return the number of tricks left."""
    if len(played) > 3:
        raise ValueError("random_playout: at most 3 cards can be on the table")
    seen = 0
    for card in played:
        if not 0 <= card < 40 or (seen | union) >> card & 1:
            raise ValueError(f"random_playout: played card {card} is repeated or in a hand")
        seen |= 1 << card
    n = len(lists[4 * ((leader + len(played)) & 3)])
    for i in range(4):
        expected = n - 1 if (i - leader) % 4 < len(played) else n
        if len(lists[4 * i]) != expected:
            raise ValueError(f"random_playout: seat {i} holds {len(lists[4 * i])} cards, "
                             f"expected {expected}")
    return n


def _play(A: list[list[int]], S: list[int], L: int, n: int, rng: random.Random,
          out: list[int] | None) -> int:
    """The playout loop from a trick start with ``n`` cards in every hand.

    ``A[4p]`` is seat p's hand as a list, ``S[4p + s]`` its 10-bit mask in suit s, ``L`` the
    leader times 4. Returns the thirds won by side 0&2, the last trick included.
    """
    getrandbits = rng.getrandbits
    follow = _FOLLOW
    followers = _FOLLOWERS
    suit_of = _SUIT_OF
    bit10 = _BIT10
    thirds = THIRDS_BY_INDEX
    it = iter(rng.randbytes(4 * n - 4))
    won = 0
    for pick, b0, b1, b2, b3 in zip(_PICK_SEQ[n], it, it, it, it, strict=False):
        # Leader: any card of the hand (255 = byte rejected, draw again).
        k = pick[b0]
        while k == 255:
            k = pick[getrandbits(8)]
        c0 = A[L].pop(k)
        s = suit_of[c0]
        S[L + s] ^= bit10[c0]
        table = follow[s]
        best = c0
        w = L
        p1, p2, p3 = followers[L]
        # Second player: follow suit from the suit mask, else any card.
        i = p1 + s
        m = S[i]
        if m:
            t = table[m]
            c1 = t[b1]
            while c1 == 255:
                c1 = t[getrandbits(8)]
            A[p1].remove(c1)
            S[i] = m ^ bit10[c1]
            if c1 > best:
                best = c1
                w = p1
        else:
            k = pick[b1]
            while k == 255:
                k = pick[getrandbits(8)]
            c1 = A[p1].pop(k)
            S[p1 + suit_of[c1]] ^= bit10[c1]
        # Third player.
        i = p2 + s
        m = S[i]
        if m:
            t = table[m]
            c2 = t[b2]
            while c2 == 255:
                c2 = t[getrandbits(8)]
            A[p2].remove(c2)
            S[i] = m ^ bit10[c2]
            if c2 > best:
                best = c2
                w = p2
        else:
            k = pick[b2]
            while k == 255:
                k = pick[getrandbits(8)]
            c2 = A[p2].pop(k)
            S[p2 + suit_of[c2]] ^= bit10[c2]
        # Fourth player.
        i = p3 + s
        m = S[i]
        if m:
            t = table[m]
            c3 = t[b3]
            while c3 == 255:
                c3 = t[getrandbits(8)]
            A[p3].remove(c3)
            S[i] = m ^ bit10[c3]
            if c3 > best:
                w = p3
        else:
            k = pick[b3]
            while k == 255:
                k = pick[getrandbits(8)]
            c3 = A[p3].pop(k)
            S[p3 + suit_of[c3]] ^= bit10[c3]
        if not w & 4:
            won += thirds[c0] + thirds[c1] + thirds[c2] + thirds[c3]
        if out is not None:
            out += (c0, c1, c2, c3)
        L = w
    # Last trick: every play is forced.
    p1, p2, p3 = followers[L]
    c0 = A[L][0]
    c1 = A[p1][0]
    c2 = A[p2][0]
    c3 = A[p3][0]
    w = (L, p1, p2, p3)[winning_offset((c0, c1, c2, c3))]
    if out is not None:
        out += (c0, c1, c2, c3)
    if not w & 4:
        won += thirds[c0] + thirds[c1] + thirds[c2] + thirds[c3] + 3
    return won
