"""The compiled core of the fast exact solver (numba; imported by ``compiled`` only).

Everything here is a plain function of numpy arrays and ints so that numba can compile and
cache it. The search is alpha-beta on thirds, written with an explicit stack (no recursion:
numba's on-disk cache of recursive functions is unsafe), with

- bitmask hands (int64, bit = card index ``10 * suit + strength``);
- equivalent cards: adjacent cards of one hand of equal value with only cards gone in
  finished tricks between them are one move (the rule of ``reference.equivalent_moves``);
- a transposition table at trick starts: a numpy array in buckets of 4 entries holding
  lower/upper bounds of the first side's future thirds and the best move. Its key is the
  position *normalized*: for each suit, the owner and value class of every card still in
  play, low to high, so positions that differ only in which cards are gone (e.g. the 4 and
  5 gone instead of the 6 and 7) share an entry (not with a horizon, below: there the key
  is the hands themselves). The full key is stored and verified;
- move ordering: the table's move first; the last seat by the trick it makes; the leader
  masters first, then low cards; the others win with a master or play low;
- quick bounds: the first side's future thirds lie between what it gained since the root
  and that plus everything still to win;
- optionally a horizon (``stats[STATS_STOP]``): at the start of the trick with that many
  tricks left the search stops and :func:`playout` plays the rest out by a quick rule (no
  stock), corrected by what that rule misses on average (:func:`playout_bias`). The values
  are then estimates, no longer exact (early hints, ``hint_search``), but exactly those of
  a plain search that plays every horizon out (``tests/test_batched.py``): the play-out's
  value is kept in the table, so a horizon reached again (another order of the same tricks,
  another card of the root) is not played out again, and the table's key is the hands
  themselves (the normalized key would merge positions the play-out tells apart: a Three
  and a Two in its correction, ranks across suits in its choices).

Values are the first side's thirds from the root to the end of the deal (last trick
included), exactly as in the pure-Python reference :mod:`tressette_learn.ai.solve.reference`.
The rule set arrives as plain arguments (:meth:`Position.kernel_values`): ``values`` holds the
40 cards' thirds then the last trick's, ``perdere`` is whether the fewest points win.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

from ...engine.cards import beats

# The engine's trick-winner rule, compiled into the search (inlined, so only the search's
# own cache holds it; that cache is keyed on this file: clear it if the rule ever changes).
_beats = njit(nogil=True, inline="always")(beats)

MAXPLY = 48
MAXMOVES = 12
INF = 10_000

# Transposition-table rows (int64): four key words, then
# data = lo (8 bits) | hi (8) | move code + 1 (8) | tricks_left (8) | age (8) | context (24);
# ``gen`` = context << 8 | age: entries of another context are void, entries of another age
# (an earlier query) are replaced first
TT_COLS = 5
BUCKET = 4

STATS_NODES = 0
STATS_TTHITS = 1
STATS_SEARCHES = 2
STATS_LIMIT = 3  # when > 0: a search stops (its value void) once the nodes pass it
STATS_STOP = 4  # when > 0: at a trick start with this many tricks left, no more search:
# the rest of the deal is valued by :func:`playout` (an estimate, not the exact value)
STATS_SIZE = 5

FULL = (1 << 40) - 1

# What the quick play-out misses on average, in the first side's thirds: for the side on lead,
# and for each Three, Two and Ace the first side holds more than the other (least squares on
# 9,000 trick starts of club-played deals with 6 to 8 tricks left, four hands, solved
# exactly: ``benchmarks/playout_bias.py``). Applied where it was fitted: four hands in two
# partnerships (N and S against E and W), at least BIAS_TRICKS tricks left (with one left the
# play-out is exact), points to win (early hints a perdere are solved to the end).
BIAS_LEAD = 1.27
BIAS_THREE = 0.59
BIAS_TWO = 0.34
BIAS_ACE = 0.22
BIAS_TRICKS = 6
# A look in the table at a horizon counts as this many nodes, so that the nodes counted per
# millisecond stay about as they were and the hints' budgets keep their meaning (on 60 early
# positions, 20 deals each, two and three tricks deep: 36,600 a ms against 35,400 before;
# 74.7 million nodes against 82.0, 2.04 s against 2.32 of processor time)
HORIZON_PROBE = 5
THREES = (1 << 9) | (1 << 19) | (1 << 29) | (1 << 39)  # a card's index: 10 * suit + strength


def new_table(log2_size: int) -> np.ndarray:
    """An empty transposition table of ``2**log2_size`` entries (``log2_size >= 2``)."""
    return np.zeros((1 << log2_size, TT_COLS), dtype=np.int64)


@njit(cache=True, nogil=True, inline="always")
def _hash(w0, h1, h2, h3):
    x = w0 * np.int64(-7046029254386353131)
    x ^= h1 * np.int64(-4658895280553007687)
    x ^= h2 * np.int64(7640891576956012809)
    x ^= h3 * np.int64(-3335678366873096957)
    x ^= (x >> 29) & np.int64(0x7FFFFFFFF)
    x *= np.int64(-4417276706812531889)
    return (x >> 22) & np.int64(0x3FFFFFFFF)


@njit(cache=True, nogil=True, inline="always")
def _lead(h, leader, seats, live, values, side, tsize, above):
    """The quick rule's lead (:func:`playout`): ``h`` the hands, ``seats`` the trick's seats
    from the leader on, ``live`` the cards not in finished tricks."""
    one = np.int64(1)
    hand = h[leader]
    others = live & ~hand
    ours = np.int64(0)  # the cards of the leader's side
    for i in range(tsize):
        if side[seats[i]] == side[leader]:
            ours |= h[seats[i]]
    best = -1
    best_sc = -1
    for s in range(4):
        sm = np.int64(1023) << (10 * s)
        cards = hand & sm
        while cards:
            c = trailing_zeros(cards)
            cards &= cards - 1
            if above[c] & others:
                continue  # not a master
            rest = live & sm & ~(one << c)
            if values[c] < 3 and rest:
                # not a master worth less than an Ace whose lead would make an opponent's
                # card the master, unless that card falls to it (its holder's last one)
                nxt_top = 63 - leading_zeros(rest)
                if not (ours >> nxt_top) & 1:
                    guarded = False
                    for k in range(tsize):
                        if (h[seats[k]] >> nxt_top) & 1 and _count(h[seats[k]] & sm) > 1:
                            guarded = True
                    if guarded:
                        continue
            sc = 100 - 20 * values[c] + c % 10
            if sc > best_sc:
                best_sc = sc
                best = c
    if best < 0 and tsize == 4:
        # towards the partner's master: the card worth the most of that suit
        partner = h[seats[2]]
        far = -1
        for s in range(4):
            sm = np.int64(1023) << (10 * s)
            rest = others & sm
            if hand & sm and rest and (partner >> (63 - leading_zeros(rest))) & 1:
                n = _count(hand & sm)
                if n > far:
                    far = n
                    best = _pick(hand & sm, values, -1)
    if best < 0:
        best = _pick(hand, values, 1)
    return best


@njit(cache=True, nogil=True)
def playout(hands, to_play, tricks_left, gone, values, nxt, side, tsize, above):
    """The first side's thirds from a trick start to the end of the deal when every seat
    plays a quick rule with every card seen (no search), and the cards played (the work).

    The leader leads its master worth the least (the highest of those), but not a master
    worth less than an Ace whose lead would make an opponent's guarded card the master (a
    Three led before its Two, the Two held by an opponent with another card of the suit);
    without one, the card worth the most of its longest suit whose master its partner holds;
    else its cheapest card. A follower whose side surely takes the trick (its card on top,
    or a partner still to play holding a higher one, with no opponent still to play above
    it) plays its card worth the most that is not a master (of the suit led if it can
    follow); else it takes the trick with its lowest card that no later opponent can beat,
    if it has one; else it plays its card worth the least. An estimate for a search cut
    short (``STATS_STOP``), not exact play (``benchmarks/early_evaluators.py`` measured the
    choices).
    """
    one = np.int64(1)
    h = hands.copy()
    live = np.int64(FULL) & ~gone
    gained = 0
    moves = 0
    leader = to_play
    seats = np.empty(4, dtype=np.int64)
    for t in range(tricks_left):
        seat = leader
        for i in range(tsize):
            seats[i] = seat
            seat = nxt[seat]
        # ---- the lead ----
        best = _lead(h, leader, seats, live, values, side, tsize, above)
        top = best
        win = leader
        pts = values[best]
        h[leader] ^= one << best
        led = best // 10
        suit = np.int64(1023) << (10 * led)
        # ---- the followers ----
        for i in range(1, tsize):
            me = seats[i]
            hand = h[me]
            follow = hand & suit
            # the highest card of the suit led held by an opponent still to play
            threat = np.int64(0)
            for k in range(i + 1, tsize):
                if side[seats[k]] != side[me]:
                    threat |= h[seats[k]] & suit
            ours = side[win] == side[me] and (above[top] & threat) == 0
            if not ours:
                # a partner still to play takes it surely with a card above the top
                for k in range(i + 1, tsize):
                    if side[seats[k]] == side[me]:
                        high = h[seats[k]] & suit & above[top]
                        if high and (above[63 - leading_zeros(high)] & threat) == 0:
                            ours = True
            c = -1
            if ours:
                pool = follow if follow else hand
                rest = (h[0] | h[1] | h[2] | h[3]) & ~hand
                plain = np.int64(0)  # not masters: keep those to win tricks later
                m = pool
                while m:
                    x = trailing_zeros(m)
                    m &= m - 1
                    if above[x] & rest:
                        plain |= one << x
                if plain:
                    pool = plain
                c = _pick(pool, values, -1)
            elif follow:
                winners = follow & above[top]
                while winners:
                    w = trailing_zeros(winners)
                    winners &= winners - 1
                    if (above[w] & threat) == 0:
                        c = w
                        break
                if c < 0:
                    c = _pick(follow, values, 1)
            else:
                c = _pick(hand, values, 1)
            h[me] ^= one << c
            pts += values[c]
            if _beats(c, top):
                top = c
                win = me
        moves += tsize
        live &= h[0] | h[1] | h[2] | h[3]
        if t == tricks_left - 1:
            pts += values[40]
        if side[win] == 0:
            gained += pts
        leader = win
    return gained, moves


@njit(cache=True, nogil=True)
def playout_bias(hands, to_play, side):
    """What :func:`playout` misses on average of the first side's thirds at a trick start
    (rounded; four hands, 6 to 8 tricks left: see :data:`BIAS_LEAD`). The rule undervalues the
    lead and the high cards kept, which exact play uses later."""
    ours = np.int64(0)
    theirs = np.int64(0)
    for s in range(4):
        if side[s] == 0:
            ours |= hands[s]
        else:
            theirs |= hands[s]
    threes = np.int64(THREES)
    bias = BIAS_LEAD if side[to_play] == 0 else -BIAS_LEAD
    for weight, cards in ((BIAS_THREE, threes), (BIAS_TWO, threes >> 1),
                          (BIAS_ACE, threes >> 2)):
        bias += weight * (_count(ours & cards) - _count(theirs & cards))
    return np.int64(np.floor(bias + 0.5))


@njit(cache=True, nogil=True, inline="always")
def _count(cards):
    n = 0
    while cards:
        cards &= cards - 1
        n += 1
    return n


@njit(cache=True, nogil=True, inline="always")
def _pick(cards, values, sign):
    """The card of ``cards`` (a non-empty mask) worth the least (``sign`` 1) or the most
    (``sign`` -1), the lowest of those."""
    best = -1
    while cards:
        c = trailing_zeros(cards)
        cards &= cards - 1
        if best < 0 or sign * values[c] < sign * values[best] or \
                (values[c] == values[best] and c % 10 < best % 10):
            best = c
    return best


@njit(cache=True, nogil=True)
def search(hands, logc, logs, t0, to_play, tricks_left, gone, stock, nstock, stock_pos,
           free_with_stock, values, nxt, side, perdere, tsize, tt, gen, first_move,
           alpha, beta, stats):
    """Fail-soft alpha-beta: the first side's thirds from this position to the end.

    ``hands`` (int64[4]) is modified during the search and restored. ``logc``/``logs``
    (int64[>= t0 + 44]) hold the current trick's cards and seats in their first ``t0``
    entries. With ``first_move >= 0`` the seat to play must play that card (the value of
    one move; the transposition table is then not used at the root). While
    ``stats[STATS_LIMIT] > 0`` it gives up once the nodes counted in ``stats`` pass that
    limit: its value is then meaningless and ``hands`` is left changed.
    """
    one = np.int64(1)
    full = np.int64(FULL)
    ctx = gen >> 8
    tmask = tt.shape[0] - 1
    p_moves = np.empty((MAXPLY, MAXMOVES), dtype=np.int64)
    p_nm = np.zeros(MAXPLY, dtype=np.int64)
    p_mi = np.zeros(MAXPLY, dtype=np.int64)
    p_alpha = np.zeros(MAXPLY, dtype=np.int64)
    p_beta = np.zeros(MAXPLY, dtype=np.int64)
    p_a0 = np.zeros(MAXPLY, dtype=np.int64)
    p_b0 = np.zeros(MAXPLY, dtype=np.int64)
    p_best = np.zeros(MAXPLY, dtype=np.int64)
    p_bestmove = np.zeros(MAXPLY, dtype=np.int64)
    p_max = np.zeros(MAXPLY, dtype=np.bool_)
    p_tt = np.zeros(MAXPLY, dtype=np.bool_)
    p_acc = np.zeros(MAXPLY, dtype=np.int64)
    p_rem = np.zeros(MAXPLY, dtype=np.int64)
    p_sp = np.zeros(MAXPLY, dtype=np.int64)
    p_card = np.zeros(MAXPLY, dtype=np.int64)
    p_seat = np.zeros(MAXPLY, dtype=np.int64)
    p_end = np.zeros(MAXPLY, dtype=np.bool_)
    p_win = np.zeros(MAXPLY, dtype=np.int64)
    p_key = np.zeros((MAXPLY, 4), dtype=np.int64)
    scores = np.empty(MAXMOVES, dtype=np.int64)
    # per card: suit, strength, the same suit's cards above / below it
    suit_of = np.empty(40, dtype=np.int64)
    rank_of = np.empty(40, dtype=np.int64)
    above = np.empty(40, dtype=np.int64)
    below = np.empty(40, dtype=np.int64)
    for c in range(40):
        s = c // 10
        suit_of[c] = s
        rank_of[c] = c - 10 * s
        top = (one << (10 * s + 10)) - 1
        above[c] = top & ~((one << (c + 1)) - 1)
        below[c] = ((one << c) - 1) & ~((one << (10 * s)) - 1)
    # owner of each card in play (the stock counts as seat 1, unused with two players) and
    # its value class, for the normalized transposition key
    owner = np.ones(40, dtype=np.int64)
    vcls = np.zeros(40, dtype=np.int64)
    for c in range(40):
        for o in range(4):
            if (hands[o] >> c) & 1:
                owner[c] = o
        v = values[c]
        vcls[c] = 0 if v == 0 else (1 if v == 1 else (2 if v == 3 else 3))

    # remaining future thirds: cards not gone, plus the last trick (``values[40]``)
    last_thirds = values[40]
    rem = 0
    live = full & ~gone
    for c in range(40):
        if (live >> c) & 1:
            rem += values[c]
    if tricks_left > 0:
        rem += last_thirds
    acc = 0
    tstart = 0
    tlen = t0
    nodes = 0
    hits = 0
    d = 0
    value = 0
    forced_root = first_move >= 0
    while True:
        # ---- enter the node at ply d ----
        nodes += 1
        if stats[STATS_LIMIT] > 0 and stats[STATS_NODES] + nodes > stats[STATS_LIMIT]:
            stats[STATS_NODES] += nodes  # out of budget: give up, nothing more is stored
            return acc
        done = False
        ttmove = -1
        p_tt[d] = False
        if (tlen == 0 and tricks_left == 0) or acc >= beta:
            value = acc
            done = True
        elif acc + rem <= alpha:
            value = acc + rem
            done = True
        elif tlen == 0 and tricks_left == stats[STATS_STOP] and d > 0:
            # the horizon: the play-out's value, kept in the table (as an exact value) under
            # the hands themselves (as every trick start's, with a horizon)
            w0 = hands[0] | (np.int64(to_play) << 40)
            h1 = hands[1]
            h2 = hands[2]
            h3 = hands[3]
            base = _hash(w0, h1, h2, h3) & tmask & ~np.int64(BUCKET - 1)
            nodes += HORIZON_PROBE
            gained = -1
            slot = -1  # a void entry, or another horizon's: never a deeper one
            for kk in range(BUCKET):
                i = base + kk
                data = tt[i, 4]
                if (data >> 40) != ctx or ((data >> 24) & 255) <= tricks_left:
                    slot = i
                if (data >> 40) != ctx:
                    continue
                if tt[i, 0] == w0 and tt[i, 1] == h1 and tt[i, 2] == h2 and tt[i, 3] == h3:
                    gained = data & 255
                    hits += 1
                    break
            if gained < 0:
                gained, moves = playout(hands, to_play, tricks_left, gone, values, nxt, side,
                                        tsize, above)
                nodes += moves
                if tsize == 4 and tricks_left >= BIAS_TRICKS and side[0] == side[2] != side[1]:
                    gained = min(max(gained + playout_bias(hands, to_play, side), 0), rem)
                if slot >= 0:
                    tt[slot, 0] = w0
                    tt[slot, 1] = h1
                    tt[slot, 2] = h2
                    tt[slot, 3] = h3
                    tt[slot, 4] = (gained | (gained << 8) | (np.int64(tricks_left) << 24)
                                   | (np.int64(gen) << 32))
            value = acc + gained
            done = True
        elif tlen == 0 and tricks_left == 1 and not (d == 0 and forced_root):
            # last trick: every hand holds one card
            seat = to_play
            best_c = 63 - leading_zeros(hands[seat])
            win = seat
            for _ in range(tsize - 1):
                seat = nxt[seat]
                c = 63 - leading_zeros(hands[seat])
                if _beats(c, best_c):
                    best_c = c
                    win = seat
            value = acc + rem if side[win] == 0 else acc
            done = True
        elif tlen == 0 and not (d == 0 and forced_root):
            if stats[STATS_STOP] > 0:
                # with a horizon, the hands themselves: the play-out's correction tells a
                # Three from a Two, so positions the normalized key merges may differ
                w0 = hands[0] | (np.int64(to_play) << 40)
                h1 = hands[1]
                h2 = hands[2]
                h3 = hands[3]
            else:
                # normalized key: per suit, (owner, value class) of the cards in play, low to high
                live = full & ~gone
                meta = np.int64(to_play) | (np.int64(stock_pos) << 2)
                w0 = np.int64(0)
                h1 = np.int64(0)
                h2 = np.int64(0)
                h3 = np.int64(0)
                for su in range(4):
                    m = (live >> (10 * su)) & 1023
                    code = np.int64(0)
                    k = 0
                    while m:
                        c = 10 * su + trailing_zeros(m)
                        m &= m - 1
                        code |= (owner[c] * 4 + vcls[c]) << (4 * k)
                        k += 1
                    meta |= np.int64(k) << (7 + 4 * su)
                    if su == 0:
                        w0 = code
                    elif su == 1:
                        h1 = code
                    elif su == 2:
                        h2 = code
                    else:
                        h3 = code
                w0 |= meta << 40
            base = _hash(w0, h1, h2, h3) & tmask & ~np.int64(BUCKET - 1)
            p_key[d, 0] = w0
            p_key[d, 1] = h1
            p_key[d, 2] = h2
            p_key[d, 3] = h3
            p_tt[d] = True
            for kk in range(BUCKET):
                i = base + kk
                if tt[i, 0] == w0 and tt[i, 1] == h1 and tt[i, 2] == h2 and tt[i, 3] == h3:
                    data = tt[i, 4]
                    if (data >> 40) == ctx:
                        hits += 1
                        lo = acc + (data & 255)
                        hi = acc + ((data >> 8) & 255)
                        if lo >= beta or lo == hi:
                            value = lo
                            done = True
                        elif hi <= alpha:
                            value = hi
                            done = True
                        else:
                            if lo > alpha:
                                alpha = lo
                            if hi < beta:
                                beta = hi
                            tm = ((data >> 16) & 255) - 1
                            if tm >= 0:
                                # (suit, index among the suit's cards in play) -> card
                                m = (live >> (10 * (tm >> 4))) & 1023
                                for _ in range(tm & 15):
                                    m &= m - 1
                                if m:
                                    ttmove = 10 * (tm >> 4) + trailing_zeros(m)
                    break
            if done:
                p_tt[d] = False
        if not done:
            me = to_play
            maxim = (side[me] == 0) != perdere
            p_max[d] = maxim
            p_alpha[d] = alpha
            p_beta[d] = beta
            p_a0[d] = alpha
            p_b0[d] = beta
            p_best[d] = -1 if maxim else INF
            p_bestmove[d] = -1
            p_mi[d] = 0
            if d == 0 and forced_root:
                p_moves[0, 0] = first_move
                p_nm[0] = 1
            else:
                # ---- generate the distinct legal cards, best first ----
                hand = hands[me]
                legal = hand
                led = -1
                if tlen > 0:
                    led = suit_of[logc[tstart]]
                    if stock_pos >= nstock or not free_with_stock:
                        follow = hand & (np.int64(1023) << (10 * led))
                        if follow:
                            legal = follow
                others = full & ~gone & ~hand
                partner_hand = np.int64(0)
                if tsize == 4:
                    partner_hand = hands[(me + 2) % 4]
                top = -1
                pts = 0
                mine_winning = False
                last = False
                top_master = False
                partner_master = False
                if tlen > 0:
                    top = logc[tstart]
                    win_seat = logs[tstart]
                    pts = values[top]
                    for i in range(1, tlen):
                        c = logc[tstart + i]
                        pts += values[c]
                        if _beats(c, top):
                            top = c
                            win_seat = logs[tstart + i]
                    if tricks_left == 1:
                        pts += last_thirds
                    mine_winning = side[win_seat] == side[me]
                    last = tlen == tsize - 1
                    top_master = (above[top] & others) == 0
                    # second seat: the partner, still to play, holds the led suit's master
                    if tlen == 1 and tsize == 4 and not top_master:
                        best_other = 63 - leading_zeros(above[top] & others)
                        partner_master = ((partner_hand >> best_other) & 1) == 1
                n = 0
                for s in range(4):
                    cards = legal & (np.int64(1023) << (10 * s))
                    prev = -1
                    while cards:
                        c = 63 - leading_zeros(cards)
                        cards ^= one << c
                        v = values[c]
                        if prev >= 0 and v == values[prev] and \
                                (above[c] & below[prev] & ~gone) == 0:
                            prev = c
                            continue
                        prev = c
                        r = rank_of[c]
                        master = (above[c] & others) == 0
                        if tlen == 0:
                            if not perdere:
                                if master:
                                    sc = 1000 + 20 * v + r
                                    sm = np.int64(1023) << (10 * s)
                                    if tsize == 4:
                                        if hands[(me + 1) % 4] & sm:
                                            sc += 60
                                        if hands[(me + 3) % 4] & sm:
                                            sc += 60
                                elif (above[c] & partner_hand) != 0 and \
                                        (above[(63 - leading_zeros(above[c] & partner_hand))]
                                         & others & ~partner_hand) == 0:
                                    sc = 800 + 20 * v - r  # the partner holds the master
                                else:
                                    sc = 500 - 20 * v - r
                            elif master:
                                sc = 300 - 20 * v - r
                            else:
                                sc = 800 - 20 * v - r
                        else:
                            beats = _beats(c, top)
                            if last:
                                total = pts + v
                                if perdere:
                                    total = -total
                                if beats or mine_winning:
                                    sc = 1000 + 20 * total - r
                                else:
                                    sc = 1000 - 20 * total - r
                            elif not perdere:
                                if beats:
                                    sc = 1000 + 20 * (pts + v) - r if master else 600 - 20 * v - r
                                elif (mine_winning and top_master) or partner_master:
                                    sc = 900 + 20 * v - r
                                else:
                                    sc = 700 - 20 * v - r
                            elif beats:
                                sc = 300 - 20 * (pts + v) - r if master else 500 - 20 * v + r
                            elif not mine_winning and top_master:
                                sc = 1000 + 20 * v + r
                            else:
                                sc = 700 + 20 * v + r
                        if c == ttmove:
                            sc = 1 << 40
                        j = n
                        while j > 0 and scores[j - 1] < sc:
                            scores[j] = scores[j - 1]
                            p_moves[d, j] = p_moves[d, j - 1]
                            j -= 1
                        scores[j] = sc
                        p_moves[d, j] = c
                        n += 1
                p_nm[d] = n
        # ---- make the next move at ply d, or hand values up the stack ----
        while True:
            if not done:
                c = p_moves[d, p_mi[d]]
                p_mi[d] += 1
                seat = to_play
                p_card[d] = c
                p_seat[d] = seat
                hands[seat] ^= one << c
                logc[tstart + tlen] = c
                logs[tstart + tlen] = seat
                tlen += 1
                if tlen < tsize:
                    to_play = nxt[seat]
                    p_end[d] = False
                else:
                    top = logc[tstart]
                    win = logs[tstart]
                    pts = 0
                    for i in range(tsize):
                        cc = logc[tstart + i]
                        pts += values[cc]
                        gone |= one << cc
                        if _beats(cc, top):
                            top = cc
                            win = logs[tstart + i]
                    if tricks_left == 1:
                        pts += last_thirds
                    p_end[d] = True
                    p_win[d] = win
                    p_sp[d] = stock_pos
                    p_acc[d] = acc
                    p_rem[d] = rem
                    if side[win] == 0:
                        acc += pts
                    rem -= pts
                    tricks_left -= 1
                    tstart += tsize
                    tlen = 0
                    to_play = win
                    if stock_pos < nstock:
                        a = stock[stock_pos]
                        b = stock[stock_pos + 1]
                        hands[win] |= one << a
                        hands[nxt[win]] |= one << b
                        owner[a] = win
                        owner[b] = nxt[win]
                        stock_pos += 2
                alpha = p_alpha[d]
                beta = p_beta[d]
                d += 1
                break
            # a value for ply d is ready: hand it to the parent
            if d == 0:
                stats[STATS_NODES] += nodes
                stats[STATS_TTHITS] += hits
                stats[STATS_SEARCHES] += 1
                return value
            d -= 1
            c = p_card[d]
            seat = p_seat[d]
            if p_end[d]:
                win = p_win[d]
                if p_sp[d] < nstock:
                    stock_pos = p_sp[d]
                    a = stock[stock_pos]
                    b = stock[stock_pos + 1]
                    hands[win] ^= one << a
                    hands[nxt[win]] ^= one << b
                    owner[a] = 1
                    owner[b] = 1
                tricks_left += 1
                tstart -= tsize
                tlen = tsize
                for i in range(tsize):
                    gone &= ~(one << logc[tstart + i])
                acc = p_acc[d]
                rem = p_rem[d]
            tlen -= 1
            hands[seat] |= one << c
            to_play = seat
            if p_max[d]:
                if value > p_best[d]:
                    p_best[d] = value
                    p_bestmove[d] = c
                if value > p_alpha[d]:
                    p_alpha[d] = value
            else:
                if value < p_best[d]:
                    p_best[d] = value
                    p_bestmove[d] = c
                if value < p_beta[d]:
                    p_beta[d] = value
            if p_alpha[d] < p_beta[d] and p_mi[d] < p_nm[d]:
                done = False
                continue  # make the next move at ply d
            # the node at ply d is finished
            value = p_best[d]
            if p_tt[d]:
                w0 = p_key[d, 0]
                h1 = p_key[d, 1]
                h2 = p_key[d, 2]
                h3 = p_key[d, 3]
                base = _hash(w0, h1, h2, h3) & tmask & ~np.int64(BUCKET - 1)
                slot = -1
                lo = 0
                hi = rem
                victim = base
                vkeep = 100000
                for kk in range(BUCKET):
                    i = base + kk
                    data = tt[i, 4]
                    if (data >> 40) != ctx:
                        keep = -1000  # void: replace first
                    elif tt[i, 0] == w0 and tt[i, 1] == h1 and tt[i, 2] == h2 \
                            and tt[i, 3] == h3:
                        slot = i
                        lo = data & 255
                        hi = (data >> 8) & 255
                        break
                    else:
                        # keep entries of this query and with more tricks left
                        keep = (data >> 24) & 255
                        if ((data >> 32) & 255) != (gen & 255):
                            keep -= 256
                    if keep < vkeep:
                        vkeep = keep
                        victim = i
                if slot < 0:
                    slot = victim
                rel = value - acc
                if value <= p_a0[d]:
                    if rel < hi:
                        hi = rel
                elif value >= p_b0[d]:
                    if rel > lo:
                        lo = rel
                else:
                    lo = rel
                    hi = rel
                bm = p_bestmove[d]
                enc = 0
                if bm >= 0:
                    # the move as (suit, index among the suit's cards in play)
                    m = below[bm] & ~gone
                    k = 0
                    while m:
                        m &= m - 1
                        k += 1
                    enc = suit_of[bm] * 16 + k + 1
                tt[slot, 0] = w0
                tt[slot, 1] = h1
                tt[slot, 2] = h2
                tt[slot, 3] = h3
                tt[slot, 4] = (lo | (hi << 8) | (enc << 16) | (np.int64(tricks_left) << 24)
                               | (np.int64(gen) << 32))  # age and context
            done = True


@njit(cache=True, nogil=True)
def exact_value(hands, logc, logs, t0, to_play, tricks_left, gone, stock, nstock, stock_pos,
                free_with_stock, values, nxt, side, perdere, tsize, tt, gen, first_move,
                cap0, lo, hi, guess, points_only, stats):
    """The first side's exact future thirds (or only its point bucket) by null-window tests.

    ``cap0`` fixes the point buckets: the points are ``(cap0 + v) // 3`` (the first side's
    captured thirds; only ``cap0 % 3`` matters). ``lo``/``hi`` are known bounds of the value
    ``v`` (e.g. 0 and everything left). First the point bucket is found with tests at
    thresholds that are whole points, starting at the bucket of ``guess`` (if
    ``guess >= 0``), then, unless ``points_only``, the thirds inside the bucket. Returns the
    final bounds ``(lo, hi)``: equal (the value) unless ``points_only``, else the value's
    range inside its bucket.
    """
    if guess >= 0 and not points_only:
        # exact thirds near a guess (e.g. the previous card's value): test at the guess,
        # then step by one third (two tests when the guess is right), halving after that
        t = min(max(guess, lo + 1), hi)
        steps = 0
        while lo < hi:
            v = search(hands, logc, logs, t0, to_play, tricks_left, gone, stock, nstock,
                       stock_pos, free_with_stock, values, nxt, side, perdere, tsize, tt, gen,
                       first_move, t - 1, t, stats)
            steps += 1
            up = v >= t
            if up:
                lo = max(lo, min(v, hi))
            else:
                hi = min(hi, max(v, lo))
            step = lo + 1 if up else hi  # the next third up (or down) from the last test
            t = step if steps < 3 else (lo + hi + 1) // 2
            t = min(max(t, lo + 1), hi)
        return lo, hi
    tests = 0
    up = True
    while (cap0 + lo) // 3 != (cap0 + hi) // 3:
        # thresholds t with (cap0 + t) % 3 == 0 lie in (lo, hi]
        tmin = lo + 1 + (-(cap0 + lo + 1)) % 3
        tmax = hi - (cap0 + hi) % 3
        if guess >= 0 and tests == 0:
            t = guess - (cap0 + guess) % 3
        elif guess >= 0 and tests == 1:
            t = tmin if up else tmax
        else:
            t = tmin + 3 * (((tmax - tmin) // 3 + 1) // 2)
        if t > tmax:
            t = tmax
        if t < tmin:
            t = tmin
        v = search(hands, logc, logs, t0, to_play, tricks_left, gone, stock, nstock, stock_pos,
                   free_with_stock, values, nxt, side, perdere, tsize, tt, gen, first_move,
                   t - 1, t, stats)
        tests += 1
        if v >= t:
            lo = max(lo, min(v, hi))
            up = True
        else:
            hi = min(hi, max(v, lo))
            up = False
    if points_only:
        return lo, hi
    while lo < hi:
        t = (lo + hi + 1) // 2
        v = search(hands, logc, logs, t0, to_play, tricks_left, gone, stock, nstock, stock_pos,
                   free_with_stock, values, nxt, side, perdere, tsize, tt, gen, first_move,
                   t - 1, t, stats)
        if v >= t:
            lo = max(lo, min(v, hi))
        else:
            hi = min(hi, max(v, lo))
    return lo, hi


@njit(cache=True, nogil=True)
def card_values(hands, logc, logs, t0, to_play, tricks_left, gone, stock, nstock, stock_pos,
                free_with_stock, values, nxt, side, perdere, tsize, tt, gen, reps, cap0, hi,
                points_only, out, stats):
    """``exact_value`` after each card of ``reps`` (into ``out``), every search starting at
    the previous card's point bucket; the table is shared by all of them."""
    guess = np.int64(-1)
    zero = np.int64(0)
    for i in range(reps.shape[0]):
        lo_i, _ = exact_value(hands, logc, logs, t0, to_play, tricks_left, gone, stock, nstock,
                              stock_pos, free_with_stock, values, nxt, side, perdere, tsize, tt,
                              gen, reps[i], cap0, zero, hi, guess, points_only, stats)
        out[i] = lo_i
        guess = lo_i
