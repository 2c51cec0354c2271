"""Why a card is good: one sentence in English and one in Italian, from the view only.

:func:`explain` first asks the club player's rules (:mod:`.heuristic`): when a rule that
applies to the position chooses the card, the sentence gives that rule's reason. Otherwise
the card is described by what it does in the trick and what the seat can see. Every
explainer checks the facts its sentence states and declines when one does not hold, so a
sentence is always true; it names only cards the seat can see (its own hand, the cards
played) and never says where a hidden card is.

>>> from tressette_learn.engine import Card, Deal, Rules, Seat, parse_cards
>>> deal = Deal(Rules.preset("standard"), Seat.E, {
...     Seat.N: parse_cards("3c 7d 6d 5d 4d 7s 6s 5s 4s 5b"),
...     Seat.W: parse_cards("Ac 2c Rc Cc Fc 7c 6c 5c 4c 6b"),
...     Seat.S: parse_cards("3d 2d Ad Rd Cd Fd 3s 2s As Rs"),
...     Seat.E: parse_cards("Cs Fs 3b 2b Ab Rb Cb Fb 7b 4b")})
>>> why = explain(deal.view(Seat.N), Card.parse("3c"))
>>> why.reason
'draw_out_aces'
>>> why.en
'The 3 of cups is the master card: it wins the trick and can bring down the ace.'
>>> why.it
"Il tre di coppe è la carta più alta rimasta: prende la presa e può far cadere l'asso."
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cached_property

from ..engine.cards import SUIT_MASKS, Card, Rank, Suit
from ..engine.seats import Seat
from ..engine.tricks import Play
from ..engine.views import PlayerView
from .heuristic import Reading, above, ace_with_opponent, bits, count, rules_for

__all__ = ["REASONS", "Explanation", "en_card", "explain", "it_card", "points_text",
           "suit_text"]

REASONS: tuple[str, ...] = (
    "forced", "last_trick", "return_busso", "draw_out_aces", "cash_ace", "master_card",
    "cash_winner", "return_partner_suit", "keep_guard", "lead_low", "lead",
    "load_partner", "partner_wins", "win_cheaply", "win_for_busso", "win_trick",
    "try_to_win", "discard", "follow_low", "duck",
    "dump_points", "take_cheaply", "overtake", "lead_to_lose",
)


@dataclasses.dataclass(frozen=True)
class Explanation:
    """Why a card is good: a stable reason key and one sentence in each language."""

    reason: str
    en: str
    it: str


# -- words ----------------------------------------------------------------------------------
_EN_RANKS = ("4", "5", "6", "7", "jack", "knight", "king", "ace", "2", "3")
_IT_ARTICLES = {"": ("il ", "l'"), "di": ("del ", "dell'"), "a": ("al ", "all'"),
                "da": ("dal ", "dall'"), "in": ("nel ", "nell'"), "su": ("sul ", "sull'"),
                "con": ("con il ", "con l'")}


def en_card(card: Card, owner: str = "the") -> str:
    """The card in an English sentence: ``the 3 of cups``, ``your partner's ace of coins``."""
    name = f"{_EN_RANKS[card.rank]} of {card.suit.english_name}"
    return f"{owner} {name}" if owner else name


def it_card(card: Card, prep: str = "") -> str:
    """The card in an Italian sentence with its article, joined to ``prep`` when given:
    ``il tre di coppe``, ``l'asso di denari``, ``dell'asso di denari``, ``con il re di spade``."""
    word = card.rank.italian_name.lower()
    article = _IT_ARTICLES[prep][word[0] in "aeiou"]
    return f"{article}{word} di {card.suit.italian_name}"


def suit_text(suit: Suit) -> tuple[str, str]:
    """The suit's name in English and Italian: ``("cups", "coppe")``."""
    return suit.english_name, suit.italian_name


def points_text(thirds: int) -> tuple[str, str]:
    """Points given in thirds, in words: ``("a third of a point", "un terzo di punto")``."""
    whole, third = divmod(thirds, 3)
    if not thirds:
        return "nothing", "niente"
    if not whole:
        return (("a third", "two thirds")[third - 1] + " of a point",
                ("un terzo", "due terzi")[third - 1] + " di punto")
    en = f"{whole}{' ⅓⅔'[third].strip()} point{'s' if thirds > 3 else ''}"
    it = "un punto" if whole == 1 else f"{whole} punti"
    it += ("", " e un terzo", " e due terzi")[third]
    return ("a point" if thirds == 3 else en), it


def _worth(thirds: int) -> tuple[str, str]:
    """``, worth a point`` / ``, che vale un punto`` (after a card's name)."""
    en, it = points_text(thirds)
    return f", worth {en}", (", che non vale niente" if not thirds else f", che vale {it}")


def _points_of(value: float) -> tuple[str, str] | None:
    """Points as words (thirds when exact, else one decimal); None when they round to 0."""
    thirds = value * 3
    if abs(thirds - round(thirds)) < 1e-6:
        return points_text(round(thirds)) if round(thirds) > 0 else None
    if round(value, 1) <= 0:
        return None
    text = f"{value:.1f}"
    return f"{text} points", f"{text.replace('.', ',')} punti"


def _sentence(text: str) -> str:
    """Capitalise the first letter and end with a full stop."""
    return text[0].upper() + text[1:] + "."


def _says(reason: str, en: str, it: str) -> Explanation:
    assert reason in REASONS, reason
    return Explanation(reason, _sentence(en), _sentence(it))


# -- the position, as facts about one card --------------------------------------------------
@dataclasses.dataclass(frozen=True)
class _Spot:
    """One legal card in the seat's position, with the facts the sentences rely on."""

    k: Reading
    card: Card

    @property
    def index(self) -> int:
        return self.card.index

    @property
    def suit(self) -> Suit:
        return self.card.suit

    @property
    def value(self) -> int:
        """The card's thirds at this table (the ace of bastoni is 33 a perdere)."""
        return self.k.values[self.index]

    @property
    def leading(self) -> bool:
        return not self.k.trick

    @cached_property
    def best(self) -> Play:
        """The play winning the trick so far (following only)."""
        return self.k.best()

    @property
    def led(self) -> Suit:
        return self.k.trick[0].card.suit

    @property
    def beats(self) -> bool:
        """True when following and the card beats the best card so far."""
        return not self.leading and self.card.beats(self.best.card)

    @property
    def follows(self) -> bool:
        return not self.leading and self.suit == self.led

    @property
    def void(self) -> bool:
        """No card of the suit led in hand."""
        return not self.k.hand & SUIT_MASKS[self.led]

    @cached_property
    def after(self) -> list[Seat]:
        """The seats still to play to this trick after this one."""
        return self.k.after_me() if self.k.trick else self.k.others()

    def sure(self, index: int) -> bool:
        """No opponent still to play can hold a card beating ``index``."""
        return self.k.sure(index, self.after)

    @property
    def master(self) -> bool:
        """The highest card of its suit not yet played."""
        return self.index == self.k.master(self.suit)

    @property
    def legal(self) -> list[int]:
        return list(bits(self.k.legal))

    def mine(self, suit: Suit) -> list[int]:
        """Our cards of ``suit``, weakest first."""
        return list(bits(self.k.hand & SUIT_MASKS[suit]))

    def beaters(self) -> list[int]:
        """Legal cards beating the best card so far, weakest first."""
        return [c for c in self.legal if c > self.best.card.index
                and c // 10 == self.best.card.index // 10]

    def higher_out(self, index: int) -> int:
        """How many unplayed cards above ``index`` are outside our hand."""
        return count(above(index) & ~self.k.played & ~self.k.hand)

    @property
    def perdere(self) -> bool:
        return self.k.rules.a_perdere

    # -- names --------------------------------------------------------------------------
    @property
    def c(self) -> tuple[str, str]:
        """The card's name: English and Italian."""
        return en_card(self.card), it_card(self.card)

    def c_with(self, prep: str) -> str:
        """The card's Italian name after a preposition (``con il tre di coppe``)."""
        return it_card(self.card, prep)

    @property
    def s(self) -> tuple[str, str]:
        return suit_text(self.suit)

    @property
    def led_s(self) -> tuple[str, str]:
        return suit_text(self.led)

    @property
    def partner_is_dummy(self) -> bool:
        return self.k.view.dummy is not None and self.k.partner == self.k.view.dummy

    @property
    def partner_name(self) -> tuple[str, str]:
        """``your partner`` / ``il tuo compagno``, or the dummy when the partner is it."""
        return ("the dummy", "il morto") if self.partner_is_dummy else \
            ("your partner", "il tuo compagno")

    def owned(self, play: Play) -> tuple[str, str]:
        """A played card with its owner: ``your partner's 3 of cups`` /
        ``il tre di coppe del tuo compagno``."""
        if self.k.ours(play.seat):
            of = "del morto" if self.partner_is_dummy else "del tuo compagno"
            return en_card(play.card, f"{self.partner_name[0]}'s"), f"{it_card(play.card)} {of}"
        if self.k.rules.players == 2:
            return en_card(play.card, "your opponent's"), f"{it_card(play.card)} dell'avversario"
        return en_card(play.card, "an opponent's"), f"{it_card(play.card)} di un avversario"

    @property
    def b(self) -> tuple[str, str]:
        """The best card so far, named."""
        return en_card(self.best.card), it_card(self.best.card)

    @property
    def side(self) -> tuple[str, str]:
        """Who takes a trick our card is sure of: the side, or the player alone."""
        if self.k.partner is None:
            return "it wins the trick", "la presa è tua"
        return "it takes the trick for your side", "la presa è della tua squadra"


Explainer = Callable[[_Spot], "Explanation | None"]


# -- forced plays -----------------------------------------------------------------------------
def forced(s: _Spot) -> Explanation | None:
    """Only one legal card: the last card of the deal, or the only card of the suit led."""
    if len(s.legal) > 1:
        return None
    en, it = s.c
    if count(s.k.hand) == 1:
        return _says("last_trick",
                     f"this is the last trick, worth a point to whoever takes it, and {en} is "
                     "your last card",
                     f"è l'ultima presa, che vale un punto a chi la prende, e {it} è la tua "
                     "ultima carta")
    se, si = s.led_s
    return _says("forced", f"{en} is your only card of {se}, so you must play it to follow suit",
                 f"{it} è la tua unica carta di {si}: devi giocarla per rispondere al seme")


# -- leading ----------------------------------------------------------------------------------
def return_busso(s: _Spot) -> Explanation | None:
    """Partner knocked in this suit earlier: lead it back with our lowest card of it."""
    if not s.leading or s.suit not in s.k.partner_busso_suits() or s.index != s.mine(s.suit)[0]:
        return None
    (pe, pi), (se, si), (en, it) = s.partner_name, s.s, s.c
    return _says("return_busso",
                 f"{pe} knocked (busso) in {se}: lead {se} back with your lowest card of {se}, "
                 f"{en}",
                 f"{pi} ha bussato a {si}: torna a {si} con la tua carta di {si} più bassa, {it}")


def _ace_may_fall(s: _Spot) -> bool:
    """The ace of the card's suit is still out and an opponent may hold it."""
    return ace_with_opponent(s.k, 10 * s.suit + Rank.ASSO)


def draw_out_aces(s: _Spot) -> Explanation | None:
    """Lead the master 3 (or 2, the 3 gone): it wins and may bring down the ace."""
    if not (s.leading and s.master and s.card.rank in (Rank.THREE, Rank.TWO)
            and _ace_may_fall(s)):
        return None
    en, it = s.c
    gone = ("with the 3 gone, ", "uscito il tre, ") if s.card.rank == Rank.TWO else ("", "")
    return _says("draw_out_aces",
                 f"{gone[0]}{en} is the master card: it wins the trick and can bring down the "
                 "ace",
                 f"{gone[1]}{it} è la carta più alta rimasta: prende la presa e può far cadere "
                 "l'asso")


def cash_ace(s: _Spot) -> Explanation | None:
    """Lead an ace no opponent can beat: its point is safe."""
    if not (s.leading and s.card.rank == Rank.ASSO and s.sure(s.index)) or s.perdere:
        return None
    en, it = s.c
    return _says("cash_ace", f"no opponent can beat {en}: lead it now and take its point",
                 f"nessun avversario può battere {it}: giocalo ora e incassa il suo punto")


def master_card(s: _Spot) -> Explanation | None:
    """The highest card of its suit still unplayed wins the trick (led, or beating)."""
    if not s.master or not (s.leading or s.beats) or s.perdere:
        return None
    en, it = s.c
    return _says("master_card", f"{en} is the master card: it wins the trick",
                 f"{it} è la carta più alta rimasta: prende la presa")


def cash_winner(s: _Spot) -> Explanation | None:
    """Lead a card no opponent can beat."""
    if not s.leading or not s.sure(s.index) or s.perdere:
        return None
    (en, it), (se, si) = s.c, s.side
    return _says("cash_winner", f"no opponent can beat {en}, so {se}",
                 f"nessun avversario può battere {it}: {si}")


def return_partner_suit(s: _Spot) -> Explanation | None:
    """Lead back the suit partner led."""
    if not s.leading or s.suit not in s.k.partner_led_suits():
        return None
    (pe, pi), (se, si), en = s.partner_name, s.s, s.c[0]
    return _says("return_partner_suit", f"{pe} led {se} earlier: return the suit with {en}",
                 f"{pi} è uscito a {si}: torna al suo seme {s.c_with('con')}")


def _verb(s: _Spot) -> tuple[str, str]:
    """Play the card: lead it, follow with it, or discard it."""
    if s.leading:
        return "lead", "esci"
    return ("play", "gioca") if s.follows else ("discard", "scarta")


def last_trick(s: _Spot) -> Explanation | None:
    """Two cards left: play this one and keep a sure winner for the last trick."""
    mine = list(bits(s.k.hand))
    if s.perdere or len(mine) != 2 or s.sure(s.index) and (s.leading or s.beats):
        return None
    other = next(c for c in mine if c != s.index)
    if not s.k.sure(other):
        return None
    (ve, vi), (en, it) = _verb(s), s.c
    kept = Card(other)
    return _says("last_trick",
                 f"{ve} {en} and keep {en_card(kept)} for the last trick, worth a point: no "
                 "opponent can beat it",
                 f"{vi} {s.c_with('con') if s.leading else it} e tieni {it_card(kept)} per "
                 "l'ultima presa, che vale un punto: nessun avversario può batterlo")


def _guard(s: _Spot) -> tuple[int, int] | None:
    """A low card guarding an exposed ace or 2 of another suit that we could have played
    instead of this card, worth no less than this one: (guard, honour)."""
    if s.follows or s.card.rank >= Rank.ASSO:
        return None
    for suit in Suit:
        mine = s.mine(suit)
        low = [c for c in mine if Card(c).rank < Rank.ASSO]
        honours = [c for c in mine if Card(c).rank in (Rank.ASSO, Rank.TWO) and s.k.exposed(c)]
        if (suit != s.suit and honours and 0 < len(low) <= 2 and s.k.legal >> low[0] & 1
                and s.k.values[low[0]] >= s.value):
            return low[0], honours[0]
    return None


def keep_guard(s: _Spot) -> Explanation | None:
    """Lead or discard another card and keep the guard of an exposed ace or 2."""
    pair = _guard(s)
    if pair is None or s.perdere:
        return None
    guard, honour = Card(pair[0]), Card(pair[1])
    (ve, vi), en = _verb(s), s.c[0]
    own = s.c_with("con") if s.leading else s.c[1]
    return _says("keep_guard", f"{ve} {en} and keep {en_card(guard)} to guard "
                 f"{en_card(honour, 'your')}",
                 f"{vi} {own} e tieni {it_card(guard)} per proteggere {it_card(honour)}")


def lead_low(s: _Spot) -> Explanation | None:
    """Lead a card worth nothing, or one of the cheapest when every card has points."""
    if not s.leading or s.perdere:
        return None
    (we, wi), en = _worth(s.value), s.c[0]
    if not s.value:
        return _says("lead_low", f"lead low with {en}{we}, and keep your better cards",
                     f"esci basso {s.c_with('con')}{wi}, e tieni le carte migliori")
    values = [s.k.values[c] for c in bits(s.k.hand)]
    if min(values) == 0 or s.value != min(values):
        return None
    return _says("lead_low",
                 f"every card in your hand is worth points, and {en}{we}, is one of the "
                 "cheapest",
                 f"ogni carta che hai in mano vale punti, e {s.c[1]}{wi}, è tra le meno care")


def lead(s: _Spot) -> Explanation | None:
    """Any lead: name the suit's length in hand."""
    if not s.leading:
        return None
    n, en, (se, si) = len(s.mine(s.suit)), s.c[0], s.s
    if n == 1:
        return _says("lead", f"lead {en}, your only card of {se}",
                     f"esci {s.c_with('con')}, la tua unica carta di {si}")
    return _says("lead", f"lead {en}, one of your {n} cards of {se}",
                 f"esci {s.c_with('con')}, una delle tue {n} carte di {si}")


# -- following --------------------------------------------------------------------------------
def _partner_sure(s: _Spot) -> bool:
    """Partner's card wins the trick so far and no opponent still to play can beat it."""
    return (not s.leading and s.k.partner is not None and s.best.seat == s.k.partner
            and s.sure(s.best.card.index))


def _our_trick(s: _Spot) -> tuple[str, str]:
    """The opening clause for a trick our side is sure of."""
    if s.beats:
        return ("your side is sure to take this trick",
                "la presa è sicuramente della tua squadra")
    oe, oi = s.owned(s.best)
    return f"{oe} is sure to win the trick", f"{oi} prende di sicuro"


def load_partner(s: _Spot) -> Explanation | None:
    """Put points on a trick partner is sure to take."""
    if not _partner_sure(s) or not s.value:
        return None
    (pe, pi), (we, wi), (en, it) = _our_trick(s), _worth(s.value), s.c
    if s.beats:
        return _says("load_partner", f"{pe}: add {en}{we}, to it",
                     f"{pi}: aggiungi {it}{wi}")
    return _says("load_partner", f"{pe}: load the trick with {en}{we}",
                 f"{pi}: carica la presa {s.c_with('con')}{wi}")


def partner_wins(s: _Spot) -> Explanation | None:
    """Partner is sure to take the trick: a card worth nothing, keep the rest."""
    if not _partner_sure(s) or s.value:
        return None
    (pe, pi), (we, wi), (en, it) = _our_trick(s), _worth(0), s.c
    return _says("partner_wins", f"{pe}, so play {en}{we}, and keep your other cards",
                 f"{pi}: gioca {it}{wi}, e tieni le altre carte")


def win_cheaply(s: _Spot) -> Explanation | None:
    """The lowest card sure to win the trick."""
    if not s.beats or s.perdere:
        return None
    (en, it), (be, bi) = s.c, s.b
    if not s.after and s.index == s.beaters()[0]:
        return _says("win_cheaply",
                     f"you play last, and {en} is your lowest card that beats {be}: it wins "
                     "the trick",
                     f"giochi per ultimo e {it} è la tua carta più bassa che batte {bi}: "
                     "prende la presa")
    if not s.sure(s.index) or s.index != min(c for c in s.beaters() if s.sure(c)):
        return None
    return _says("win_cheaply",
                 f"{en} is your lowest card that is sure to win the trick: no opponent still "
                 "to play can beat it",
                 f"{it} è la tua carta più bassa che prende di sicuro: nessun avversario che "
                 "deve ancora giocare può batterlo")


def win_for_busso(s: _Spot) -> Explanation | None:
    """Partner knocked on this lead: overtake to return the suit."""
    lead_play = s.k.trick[0] if s.k.trick else None
    if (lead_play is None or lead_play.seat != s.k.partner or lead_play.signal != "busso"
            or not s.beats or len(s.mine(s.led)) < 2):
        return None
    (pe, pi), en, (be, bi), (se, si) = s.partner_name, s.c[0], s.b, s.led_s
    return _says("win_for_busso",
                 f"{pe} knocked (busso) on this lead: beat {be} with {en} to take the lead "
                 f"and return {se}",
                 f"{pi} ha bussato su questa uscita: supera {bi} {s.c_with('con')} per "
                 f"prendere e tornare a {si}")


def win_trick(s: _Spot) -> Explanation | None:
    """A card no opponent still to play can beat."""
    if not s.beats or not s.sure(s.index) or s.perdere:
        return None
    (en, it), (se, si) = s.c, s.side
    return _says("win_trick", f"no opponent still to play can beat {en}, so {se}",
                 f"nessun avversario che deve ancora giocare può battere {it}: {si}")


def try_to_win(s: _Spot) -> Explanation | None:
    """Beat the best card so far, though the trick is not safe."""
    if not s.beats or s.perdere:
        return None
    (en, it), (be, bi) = s.c, s.b
    pot = sum(s.k.values[p.card.index] for p in s.k.trick)
    pe, pi = points_text(pot)
    extra = (f", and the trick already holds {pe}", f", e la presa contiene già {pi}") \
        if pot else ("", "")
    return _says("try_to_win", f"try for the trick: {en} beats {be}{extra[0]}",
                 f"prova a prendere: {it} batte {bi}{extra[1]}")


def discard(s: _Spot) -> Explanation | None:
    """A card of another suit: void in the suit led, or free while the stock lasts."""
    if s.leading or s.follows:
        return None
    (se, si), (en, it), (we, wi) = s.led_s, s.c, _worth(s.value)
    if s.void:
        head = (f"you cannot follow {se}, so discard {en}",
                f"non puoi rispondere a {si}: scarta {it}")
    else:
        head = (f"while the stock lasts you need not follow {se}, so discard {en}",
                f"finché ci sono carte nel mazzo non devi per forza rispondere a {si}: "
                f"scarta {it}")
    if not s.value:
        return _says("discard", f"{head[0]}{we}: a card of another suit never wins the trick",
                     f"{head[1]}{wi}, tanto il piombo non prende mai")
    if s.value == min(s.k.values[c] for c in s.legal):
        return _says("discard", f"{head[0]}{we}, one of your cheapest cards",
                     f"{head[1]}{wi}, una delle tue carte meno care")
    return _says("discard", f"{head[0]}: a card of another suit never wins the trick",
                 f"{head[1]}, tanto il piombo non prende mai")


def _why_low(s: _Spot) -> tuple[str, str] | None:
    """Why not to try for the trick: cannot beat, partner winning, nothing sure."""
    if not s.beaters():
        return f"you cannot beat {s.b[0]}", f"non puoi battere {s.b[1]}"
    if s.k.partner is not None and s.best.seat == s.k.partner:
        oe, oi = s.owned(s.best)
        return f"{oe} is winning the trick", f"{oi} sta prendendo"
    if not any(s.sure(c) for c in s.beaters()):
        return ("none of your cards is sure to win the trick",
                "nessuna delle tue carte prende di sicuro")
    return None


def follow_low(s: _Spot) -> Explanation | None:
    """Follow suit low when the trick is out of reach or partner's."""
    if not s.follows or s.beats or s.perdere:
        return None
    why = _why_low(s)
    if why is None:
        return None
    (se, si), (en, it) = s.led_s, s.c
    if s.index == s.legal[0]:
        how = f"your lowest card, {en}", f"la tua carta più bassa, {it}"
    elif not s.value:
        how = f"{en}{_worth(0)[0]}", f"{it}{_worth(0)[1]}"
    else:
        how = en, it
    return _says("follow_low", f"{why[0]}, so follow {se} with {how[0]}",
                 f"{why[1]}: rispondi a {si} con {how[1]}")


def duck(s: _Spot) -> Explanation | None:
    """Let the trick go: keep stronger cards (a perdere: stay out of the trick)."""
    if s.leading or s.beats:
        return None
    (en, it), (se, si) = s.c, s.led_s
    if s.perdere:
        be, bi = s.owned(s.best)
        we, wi = _worth(0) if not s.value else ("", "")
        return _says("duck", f"{en}{we}{',' if we else ''} cannot beat {be}, so you do not "
                     "take this trick",
                     f"{it}{wi}{',' if wi else ''} non può battere {bi}: questa presa non la "
                     "prendi tu")
    if not s.follows or not any(c > s.index for c in s.mine(s.led)):
        return None
    return _says("duck", f"let this trick go with {en} and keep your stronger cards of {se} for "
                 "later",
                 f"lascia passare la presa {s.c_with('con')} e tieni per dopo le carte di {si} "
                 "più forti")


# -- a perdere ---------------------------------------------------------------------------
def dump_points(s: _Spot) -> Explanation | None:
    """A perdere: an opponent is winning; throw points on the trick, losing it."""
    if not s.perdere or s.leading or s.beats or s.k.ours(s.best.seat) or not s.value:
        return None
    (be, bi), (we, wi), (en, it) = s.owned(s.best), _worth(s.value), s.c
    return _says("dump_points",
                 f"{be} is winning the trick: dump {en}{we}, since it cannot win",
                 f"{bi} sta prendendo: scarica {it}{wi}, tanto non può prendere")


def take_cheaply(s: _Spot) -> Explanation | None:
    """A perdere: every card wins the trick so far; give it the fewest points."""
    if not s.perdere or s.leading or len(s.beaters()) != len(s.legal):
        return None
    if s.value != min(s.k.values[c] for c in s.legal):
        return None
    (be, bi), (we, wi), (en, it) = s.b, _worth(s.value), s.c
    return _says("take_cheaply",
                 f"every card you can play beats {be}, so play {en}{we}: no other card "
                 "carries fewer points",
                 f"ogni carta che puoi giocare batte {bi}: gioca {it}{wi}, e nessun'altra "
                 "porta meno punti")


def _still_out(s: _Spot) -> tuple[str, str] | None:
    """``2 higher cards of cups are still out`` (cards above ours, unplayed, not ours)."""
    n, (se, si) = s.higher_out(s.index), s.s
    if not n:
        return None
    if n == 1:
        return (f"1 higher card of {se} is still out",
                f"c'è ancora fuori 1 carta di {si} più alta")
    return (f"{n} higher cards of {se} are still out",
            f"ci sono ancora fuori {n} carte di {si} più alte")


def overtake(s: _Spot) -> Explanation | None:
    """A perdere: beat the best card, saying whether a higher card is still out."""
    if not s.perdere or not s.beats:
        return None
    (en, it), (be, bi) = s.c, s.b
    out = _still_out(s)
    tail = (f", but {out[0]}", f", ma {out[1]}") if out else ("", "")
    return _says("overtake", f"{en} beats {be}{tail[0]}", f"{it} batte {bi}{tail[1]}")


def lead_to_lose(s: _Spot) -> Explanation | None:
    """A perdere: lead a card that higher cards still out can beat."""
    out = _still_out(s)
    if not s.perdere or not s.leading or out is None:
        return None
    we, wi = _worth(0) if not s.value else ("", "")
    return _says("lead_to_lose", f"to lose the trick, lead {s.c[0]}{we}: {out[0]}",
                 f"per non prendere, esci {s.c_with('con')}{wi}: {out[1]}")


# -- choosing the sentence -------------------------------------------------------------------
LOW_LEAD: tuple[Explainer, ...] = (last_trick, keep_guard, lead_low)
LOW_FOLLOW: tuple[Explainer, ...] = (last_trick, keep_guard, discard, follow_low, duck)
BY_RULE: dict[str, tuple[Explainer, ...]] = {
    "return_busso": (return_busso,), "draw_out_aces": (draw_out_aces,),
    "cash_aces": (cash_ace,), "cash_winners": (master_card, cash_winner),
    "return_partner_suit": (return_partner_suit,), "lead_low": LOW_LEAD,
    "load_partner": (load_partner, partner_wins), "win_cheaply": (win_cheaply,),
    "win_for_busso": (win_for_busso,), "try_to_win": (try_to_win,), "play_low": LOW_FOLLOW,
    "dump_points": (dump_points,), "duck_partner": (duck,), "take_cheaply": (take_cheaply,),
    "lead_to_lose": (lead_to_lose,),
}
LEAD_FEATURES: tuple[Explainer, ...] = (
    draw_out_aces, cash_ace, master_card, cash_winner, return_busso, return_partner_suit,
    *LOW_LEAD, lead)
FOLLOW_FEATURES: tuple[Explainer, ...] = (
    load_partner, partner_wins, win_cheaply, win_for_busso, master_card, win_trick, try_to_win,
    *LOW_FOLLOW)
PERDERE_LEAD: tuple[Explainer, ...] = (lead_to_lose, lead)
PERDERE_FOLLOW: tuple[Explainer, ...] = (dump_points, duck, take_cheaply, overtake)


def _features(s: _Spot) -> tuple[Explainer, ...]:
    if s.perdere:
        return PERDERE_LEAD if s.leading else PERDERE_FOLLOW
    return LEAD_FEATURES if s.leading else FOLLOW_FEATURES


def _candidates(s: _Spot) -> list[Explainer]:
    """The explainers to try in order: forced, the rules choosing this card, the features."""
    chosen = [e for rule in rules_for(s.k) if rule(s.k) == s.index
              for e in BY_RULE.get(rule.__name__, ())]
    return [forced, *chosen, *_features(s)]


def _first(s: _Spot) -> Explanation:
    """The first explainer whose sentence holds (the last of each list always does)."""
    for explainer in _candidates(s):
        found = explainer(s)
        if found is not None:
            return found
    raise AssertionError(f"no explanation for {s.card}")


def _cost_clause(best: float | None, worst: float | None) -> tuple[str, str] | None:
    """``another card could cost you up to 2 points`` when the spread is known."""
    if best is None or worst is None:
        return None
    words = _points_of(abs(best - worst))
    if words is None:
        return None
    return (f"; another card could cost you up to {words[0]}",
            f"; un'altra carta potrebbe costarti fino a {words[1]}")


def explain(view: PlayerView, card: Card, *, best_points: float | None = None,
            worst_points: float | None = None) -> Explanation:
    """Why ``card`` is a good play for the seat of ``view``, in English and Italian.

    ``best_points``/``worst_points`` (the best and the worst card's value, e.g. from a
    solver) add what a wrong card could cost when they differ.
    """
    if not view.legal.mask & card.bit:
        raise ValueError(f"{card} is not a legal card for {view.seat} now")
    spot = _Spot(Reading.of(view), card)
    found = _first(spot)
    clause = _cost_clause(best_points, worst_points)
    if clause is None:
        return found
    return Explanation(found.reason, found.en[:-1] + clause[0] + ".",
                       found.it[:-1] + clause[1] + ".")

