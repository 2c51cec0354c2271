"""The one words layer: every text a learner reads, in every language of the course.

Texts live in ``lessons/strings/<lang>/*.yaml`` (one file per component; a key may appear
in only one file of a language). A language is a folder there: :data:`LANGUAGES` is read
from the folders (the environment variable ``TRESSETTE_STRINGS`` names another folder of
languages, e.g. a test's throw-away one; set it before the package is imported). The
engine and the AI return facts (cards, suits, seats, numbers); :func:`t` writes them in the
learner's language, so no caller names a card or makes a plural by hand: the names, the
articles (``card.article*``, ``words.elide_before``), the plural rule (``words.singular``)
and the decimal point come from the strings too. A placeholder's format spec says how:

=====================  ==================================================================
``{card}``             the Three of cups · il Tre di coppe (``Card``)
``{card:bare}``        Three of cups · Tre di coppe
``{card:di}``          Italian article joined to ``di a da in su con``: del Tre di coppe
``{card:cap}``         The Three of cups · Il Tre di coppe (where a sentence begins)
``{cards}``            the Two and the Jack of cups · il Due e il Fante di coppe (cards,
                       grouped by suit; the specs above apply to each card)
``{cards:or}``         the Ace or the Three of swords · l'Asso o il Tre di spade
``{suit}``             cups · coppe (``Suit``)
``{seat}``             North · Nord (``Seat``)
``{side:side}``        North–South · Nord–Sud (``"NS"``; a seat's letter at two players;
                       a tuple of sides: North–South and East–West)
``{n:trick}``          1 trick, 3 tricks · 1 presa, 3 prese (any ``unit.<name>`` pair)
``{x}``                a number in the language's way: 6.7 · 6,7 (one decimal at most)
``{thirds:thirds}``    thirds of a point in words: two thirds of a point · due terzi di punto
``{trick:nth}``        an ordinal in words: fourth · quarta (``ordinal.<n>``, Italian in the
                       feminine, for *presa*); the number itself where there is no word
``{trick:nth.the}``    the ordinal after an article, ``ordinal.article.<the>``, elided
                       before a vowel of ``words.elide_before``: la quarta · l'ottava
``{phrase}``           a :class:`Phrase` (or :class:`Text`), written in the same language
``{card:o|a}``         agreement with a card: the first word for a card named in the
                       masculine, the second in the feminine (Italian ``costat{card:o|a}``)
=====================  ==================================================================

Cards are named the way the learner's faces show them: a :class:`Language` is a language
code that also carries its faces (``Language("it", "french")``: la Donna di cuori). The
learner's settings hand out their language as one (``Settings.lang``), so every sentence
written in it names the cards in those faces without its caller passing them; a plain code
(``"en"``) names them the Italian way. French names are ``suit.french.*`` and
``rank.french.*`` (falling back to ``rank.*``); a name listed in ``words.feminine`` takes
the ``card.article[.<spec>].feminine`` article.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import string
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Protocol

from .content import ContentError, lessons_dir, load, load_yaml_file
from .engine.cards import Card, Rank, Suit
from .engine.seats import Seat

STRINGS_ENV = "TRESSETTE_STRINGS"
SOURCE = "en"  # the language every text is written in first; lesson content falls back to it


def strings_dir() -> Path:
    """The folder of languages: ``lessons/strings``, or the one ``TRESSETTE_STRINGS`` names."""
    override = os.environ.get(STRINGS_ENV)
    return Path(override) if override else lessons_dir() / "strings"


def _languages() -> tuple[str, ...]:
    """The folders of :func:`strings_dir`, the source language first."""
    found = sorted(path.name for path in strings_dir().iterdir()
                   if path.is_dir() and not path.name.startswith((".", "_")))
    return tuple(sorted(found, key=lambda lang: lang != SOURCE))


LANGUAGES = _languages()


ITALIAN_FACES = "italian"  # the faces the cards' plain names (rank.*, suit.*) belong to


class Language(str):
    """A language code that also says which faces the cards are named after: equal to
    (and usable wherever) its code; ``faces`` is ``italian`` or ``french``."""

    faces: str

    def __new__(cls, code: str, faces: str = ITALIAN_FACES) -> Language:
        made = super().__new__(cls, str(code))
        made.faces = faces
        return made

    def __repr__(self) -> str:
        return f"Language({str(self)!r}, {self.faces!r})"


def speaking(lang: str, faces: str) -> Language:
    """``lang`` naming cards after ``faces``."""
    return Language(lang, faces)


def faces_of(lang: str) -> str:
    """The faces ``lang`` names cards after (a plain code: Italian)."""
    return getattr(lang, "faces", ITALIAN_FACES)


def strings(lang: str) -> dict[str, str]:
    """The whole string table of ``lang``."""
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    return _merged(lang)


@functools.lru_cache(maxsize=len(LANGUAGES))
def _merged(lang: str) -> dict[str, str]:
    table: dict[str, str] = {}
    override = STRINGS_ENV in os.environ
    for path in sorted((strings_dir() / lang).glob("*.yaml")):
        name = f"strings/{lang}/{path.name}"
        part = load_yaml_file(path, name) if override else load(name)
        if not isinstance(part, dict):
            raise ContentError(f"{name}: expected a mapping of keys to texts")
        for key, text in part.items():
            if not isinstance(text, str):
                raise ContentError(f"{name}: {key}: expected a text")
            if key in table:
                raise ContentError(f"{name}: {key}: already defined in another file")
            table[key] = text
    return table


def t(key: str, lang: str, **values: Any) -> str:
    """The text ``key`` in ``lang`` with its ``{placeholders}`` written from ``values``."""
    try:
        text = strings(lang)[key]
    except KeyError:
        raise ContentError(f"strings/{lang}: no text for {key!r}") from None
    return _Writer(lang).format(text, **values) if values else text


def content_text(where: str, value: Any) -> dict[str, str]:
    """Lesson content written in several languages (``{"en": ..., "it": ...}``): a text in
    the source language and any of :data:`LANGUAGES`; a language it is not yet written in
    reads the source text (a new language's folder is enough to start)."""
    if not isinstance(value, dict) or SOURCE not in value or not set(value) <= set(LANGUAGES) \
            or any(not isinstance(text, str) or not text.strip() for text in value.values()):
        raise ContentError(f"{where}: needs a text in {SOURCE} and may have one in each of "
                           f"{', '.join(LANGUAGES)}")
    texts: dict[str, str] = value
    return {lang: texts.get(lang, texts[SOURCE]).strip() for lang in LANGUAGES}


def has(key: str) -> bool:
    """Whether ``key`` is a text (in every language: a test keeps them equal)."""
    return key in strings(SOURCE)


class Wording(Protocol):
    """Anything that can be read in a language: :class:`Phrase`, :class:`Text`."""

    def get(self, lang: str) -> str:
        """The words in ``lang``."""


@dataclasses.dataclass(frozen=True)
class Phrase:
    """A text key and its facts, written only when a language is asked for."""

    key: str
    values: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **values: Any) -> Phrase:
        """``Phrase.of("reason.follow", suit=Suit.COPPE, held=cards)``."""
        return cls(key, tuple((name, _frozen(value)) for name, value in values.items()))

    @property
    def facts(self) -> dict[str, Any]:
        """The values by name."""
        return dict(self.values)

    def get(self, lang: str) -> str:
        """The sentence in ``lang``."""
        return t(self.key, lang, **self.facts)

    def __str__(self) -> str:
        return self.get("en")


@dataclasses.dataclass(frozen=True)
class Text:
    """Words already written in each language (lesson content, names typed by a person)."""

    texts: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, texts: Mapping[str, str]) -> Text:
        """``Text.of({"en": "Trick", "it": "Presa"})`` (the source language is needed)."""
        if SOURCE not in texts:
            raise ValueError(f"a text needs its {SOURCE} words")
        return cls(tuple(texts.items()))

    def get(self, lang: str) -> str:
        """The text in ``lang`` (the source language's for one it is not written in)."""
        texts = dict(self.texts)
        return texts.get(lang) or texts[SOURCE]

    def __str__(self) -> str:
        return self.get(SOURCE)


@dataclasses.dataclass(frozen=True)
class Joined:
    """Several wordings one after the other (sentences joined by a space, by default)."""

    parts: tuple[Wording, ...]
    sep: str = " "

    def get(self, lang: str) -> str:
        """Each part in ``lang``, joined."""
        return self.sep.join(part.get(lang) for part in self.parts if part.get(lang))


def seat_name(seat: object, lang: str) -> str:
    """``North`` / ``Nord`` for a seat (a ``Seat`` or its letter); empty for ``None``."""
    return "" if seat is None else t(f"seat.{getattr(seat, 'name', seat)}", lang)


def side_name(side: str, lang: str) -> str:
    """``North–South`` for a side, or a seat's name at a two-player table (``S``)."""
    return t(f"side.{side}", lang) if len(side) == 2 else seat_name(side, lang)


def card_name(card: Card, lang: str, spec: str = "") -> str:
    """One card in a sentence: ``the Three of cups``, ``del Tre di coppe`` (see the specs;
    ``la Donna di cuori`` in a :class:`Language` with French faces)."""
    return _card_name(card, str(lang), faces_of(lang), spec)


@functools.lru_cache(maxsize=4096)
def _card_name(card: Card, code: str, faces: str, spec: str) -> str:
    lang = speaking(code, faces)
    return f"{_ranked(card.rank, lang, spec)} {_of_suit(card.suit, lang)}"


def feminine(card: Card, lang: str) -> bool:
    """Whether ``card`` is named in the feminine in ``lang`` (``words.feminine``)."""
    return rank_name(card.rank, lang) in t("words.feminine", lang).split()


def cards_names(cards: Iterable[Card], lang: str, spec: str = "") -> str:
    """Cards in a sentence, grouped by suit in the order given: ``the Two and the Jack of
    cups and the Ace of coins``; ``none`` / ``nessuna`` when there are none. A spec ending
    in ``or`` joins them with "or": ``{cards:or}``, ``{cards:di or}``."""
    words = spec.split()
    joiner = "or" if "or" in words else "and"
    spec = " ".join(word for word in words if word != "or")
    groups: dict[Suit, list[Rank]] = {}
    for card in cards:
        groups.setdefault(card.suit, []).append(card.rank)
    if not groups:
        return t("words.none", lang)
    return listed([listed([_ranked(rank, lang, spec) for rank in ranks], lang, joiner) + " "
                   + _of_suit(suit, lang) for suit, ranks in groups.items()], lang, joiner)


def listed(items: list[str], lang: str, joiner: str = "and") -> str:
    """``a, b and c`` / ``a, b e c``; with ``joiner="or"``: ``a, b or c`` / ``a, b o c``."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {joining(items[-1], lang, joiner)}"


def joining(text: str, lang: str, joiner: str = "and") -> str:
    """``and text`` / ``e text``, ``ed Est`` before the conjunction's own vowel where the
    language says so (``words.and.euphonic``)."""
    word = t(f"words.{joiner}", lang)
    if len(word) == 1 and text[:1].lower() == word and has(f"words.{joiner}.euphonic"):
        word = t(f"words.{joiner}.euphonic", lang)
    return f"{word} {text}"


def number(value: float, lang: str, spec: str = "") -> str:
    """A number as the language writes it (``words.decimal_point``): ``6.7`` / ``6,7``;
    whole numbers bare."""
    if spec:
        text = format(value, spec)
    elif float(value).is_integer():
        text = str(int(value))
    else:
        text = f"{value:.1f}".removesuffix(".0")
    return text.replace(".", t("words.decimal_point", lang))


def counted(value: float, unit: str, lang: str) -> str:
    """``1 trick``, ``3 tricks``, ``6,7 punti``: the number with its unit, in the singular
    for the numbers ``words.singular`` lists (``1`` in English and Italian)."""
    singular = {float(n) for n in t("words.singular", lang).split()}
    form = "one" if value in singular else "many"
    return t(f"unit.{unit}.{form}", lang, n=number(value, lang))


def ordinal(value: float, lang: str, article: str = "") -> str:
    """``fourth`` / ``quarta``: a whole number as an ordinal word (``ordinal.<n>`` of
    ``lang``; Italian in the feminine, the gender of *presa*), or the number as the language
    writes it where the language has no word for it. ``article``: after the article
    ``ordinal.article.<article>``, or its ``.elided`` form before a vowel (l'ottava)."""
    key = f"ordinal.{int(value)}"
    word = t(key, lang) if float(value).is_integer() and key in strings(lang) else \
        number(value, lang)
    if not article:
        return word
    key = f"ordinal.article.{article}"
    if word[:1].upper() in t("words.elide_before", lang) and has(f"{key}.elided"):
        key += ".elided"
    return t(key, lang, word=word)


def thirds_words(thirds: int, lang: str) -> str:
    """Thirds of a point in words: ``two thirds of a point``, ``1 point and a third``."""
    whole, part = divmod(thirds, 3)
    if not whole:
        return t(f"thirds.only.{part}", lang)
    if not part:
        return counted(whole, "point", lang)
    return t(f"thirds.with.{part}", lang, points=counted(whole, "point", lang))


class _Writer(string.Formatter):
    """Fills a text's placeholders with facts written in ``lang``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        lang, spec = self.lang, format_spec
        if isinstance(value, Card):
            if "|" in spec:  # agreement: {card:o|a}
                masculine, _, female = spec.partition("|")
                return female if feminine(value, lang) else masculine
            if spec == "cap":  # at the start of a sentence or a list item
                name = card_name(value, lang)
                return name[:1].upper() + name[1:]
            return card_name(value, lang, spec)
        if isinstance(value, Suit):
            return suit_name(value, lang)
        if isinstance(value, Seat):
            return seat_name(value, lang)
        if isinstance(value, str):
            return side_name(value, lang) if spec == "side" else format(value, spec)
        if isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
            return listed([self.format_field(v, spec) for v in value], lang)
        if hasattr(value, "get") and not isinstance(value, Mapping):
            text = str(value.get(lang))
            return joining(text, lang) if spec == "and" else text
        if _is_cards(value):
            return cards_names(value, lang, spec)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if spec == "thirds":
                return thirds_words(int(value), lang)
            if spec == "nth" or spec.startswith("nth."):
                return ordinal(value, lang, spec.partition(".")[2])
            if spec and has(f"unit.{spec}.one"):
                return counted(value, spec, lang)
            return number(value, lang, spec)
        return super().format_field(value, format_spec)


def rank_name(rank: Rank, lang: str) -> str:
    """``Three`` / ``Tre`` (``rank.<symbol>``); ``Queen`` / ``Donna`` for the Knight in a
    :class:`Language` with French faces (``rank.french.<symbol>`` where there is one)."""
    faces = faces_of(lang)
    if faces != ITALIAN_FACES and has(f"rank.{faces}.{rank.symbol}"):
        return t(f"rank.{faces}.{rank.symbol}", lang)
    return t(f"rank.{rank.symbol}", lang)


def suit_name(suit: Suit, lang: str) -> str:
    """``cups`` / ``coppe`` (``suit.<symbol>``); ``hearts`` / ``cuori`` with French faces
    (``suit.french.<symbol>``)."""
    faces = faces_of(lang)
    if faces != ITALIAN_FACES:
        return t(f"suit.{faces}.{suit.symbol}", lang)
    return t(f"suit.{suit.symbol}", lang)


def _ranked(rank: Rank, lang: str, spec: str) -> str:
    """The rank with its article (``the Three``, ``il Tre``, ``dell'Asso``), or bare: the
    article is ``card.article[.<spec>]``, its ``.elided`` form before a name starting with
    one of the letters of ``words.elide_before``."""
    name = rank_name(rank, lang)
    if spec == "bare":
        return name
    key = f"card.article.{spec}" if spec else "card.article"
    if not has(key):
        raise ValueError(f"unknown card spec {spec!r}: use bare or one of the card.article "
                         "texts (di a da in su con)")
    if name in t("words.feminine", lang).split():
        key += ".feminine"
    if name[:1] and name[0] in t("words.elide_before", lang) and has(f"{key}.elided"):
        key += ".elided"
    return t(key, lang, rank=name)


def _of_suit(suit: Suit, lang: str) -> str:
    return t("words.of_suit", lang, suit=suit_name(suit, lang))


def _is_cards(value: Any) -> bool:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        return False
    items = list(value)
    return all(isinstance(item, Card) for item in items)


def _frozen(value: Any) -> Any:
    """Lists become tuples, so a phrase can be compared and hashed."""
    return tuple(value) if isinstance(value, list) else value


def placeholders(text: str) -> set[str]:
    """The ``{names}`` a text expects."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}
