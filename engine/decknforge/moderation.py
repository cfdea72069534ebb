"""Coining words and judging them: the Lexicon's moderation (rulebook 12, R39, R40).

A coined word is usable by its author at once and waits for a moderator. A moderator approves
it, rejects it, or challenges it with a reason; a challenged word goes back to its author, who
modifies it and sends it again, and every step stays in its history. Pure functions on Words.
"""

from __future__ import annotations

import msgspec

from engine.decknforge.lexicon import (
    Effect,
    Review,
    Trigger,
    Word,
    base_index,
    base_words,
    check_word,
    vocabulary_problems,
    word_text,
)


def taken_names(existing: list[Word] | tuple[Word, ...], but: str = "") -> set[str]:
    """Names a new word may not take: the base lexicon and every coined word not rejected."""
    return set(base_index()) | {w.name for w in existing if w.status != "rejected" and w.name != but}


def coin(
    name: str,
    kind: str,
    trigger: Trigger,
    effects: list[Effect] | tuple[Effect, ...],
    author: str,
    existing: list[Word] | tuple[Word, ...] = (),
    author_id: str = "",
) -> Word:
    """A new word, pending review but already usable by its author. ValueError says why not."""
    word = Word(
        name=name.strip().upper(),
        kind=kind,  # type: ignore[arg-type]
        trigger=trigger,
        effects=tuple(effects),
        status="pending",
        author=author,
        author_id=author_id,
        history=(Review("coined", author_id or author),),
    )
    problems = check_word(word, taken_names(existing))
    if problems:
        raise ValueError(" ".join(problems))
    return word


def _judged(word: Word, status: str, by: str, reason: str) -> Word:
    if word.status != "pending":
        raise ValueError(f"{word.name} is not waiting for review.")
    review = Review(status, by, reason)  # type: ignore[arg-type]
    return msgspec.structs.replace(
        word, status=status, note=reason, history=(*word.history, review)  # type: ignore[arg-type]
    )


def approve(word: Word, by: str = "") -> Word:
    return _judged(word, "approved", by, "")


def reject(word: Word, reason: str, by: str = "") -> Word:
    """Refused for good. A word written on a deck can never be (R40): the caller checks."""
    return _judged(word, "rejected", by, reason.strip())


def challenge(word: Word, reason: str, by: str = "") -> Word:
    """Challenged as too strong (or unclear) by a player other than its author, pending or
    approved: back to its author to modify, with the reason (R39)."""
    if not reason.strip():
        raise ValueError("A challenge says what should change.")
    if word.status not in CHALLENGEABLE:
        raise ValueError(f"{word.name} is not in use: there is nothing to challenge.")
    review = Review("challenged", by, reason.strip())
    return msgspec.structs.replace(word, status="challenged", note=reason.strip(), history=(*word.history, review))


CHALLENGEABLE = ("pending", "approved")


def resubmit(
    word: Word,
    trigger: Trigger,
    effects: list[Effect] | tuple[Effect, ...],
    existing: list[Word] | tuple[Word, ...] = (),
    by: str = "",
) -> Word:
    """The author's modified word, pending again; the old rules text stays in its history."""
    if word.status != "challenged":
        raise ValueError(f"{word.name} was not sent back for changes.")
    new = msgspec.structs.replace(word, trigger=trigger, effects=tuple(effects), status="pending")
    problems = check_word(new, taken_names(existing, but=word.name))
    if problems:
        raise ValueError(" ".join(problems))
    if (new.trigger, new.effects) == (word.trigger, word.effects):
        raise ValueError("The word is unchanged: modify it before sending it again.")
    review = Review("resubmitted", by or word.author_id or word.author, was=word_text(word))
    return msgspec.structs.replace(new, history=(*word.history, review))


def is_author(word: Word, me: str, initials: str = "") -> bool:
    """Whether `me` (an identity on a shared host, "" on one machine) coined the word."""
    if me:
        return word.author_id == me
    return not word.author_id and (not initials or word.author == initials)


def why_not_approve(word: Word, me: str, moderator: bool, others: bool, initials: str = "") -> str:
    """Why `me` may not approve this word ("" when they may).

    A word is in its author's Lexicon at once "and in everybody else's once a moderator
    approves it" (rulebook 12; R39): the author is never the one who approves it. On one
    machine (`me` is "") whoever approves says who they are (`initials`), and the player at
    the keyboard moderates. On a shared host only the host's moderators judge, and an author
    waits for another moderator while one could judge (`others`).
    """
    if not moderator:
        return "Only a moderator approves or rejects words."
    if word.status != "pending":
        return f"{word.name} is not waiting for review."
    if me:
        if word.author_id == me and others:
            return "You coined this word: another moderator must approve it."
        return ""
    who = initials.strip().upper()
    if not who:
        return "Say who approves it: a player other than its author."
    if not word.author_id and word.author == who:
        return "You coined this word: another player must approve it."
    return ""


def why_not_challenge(word: Word, me: str, initials: str = "") -> str:
    """Why `me` (or, on one machine, the player with `initials`) may not challenge this word:
    any player but its author may (rulebook 12: "challenged as OP by other players"; R39)."""
    if word.status not in CHALLENGEABLE:
        return f"{word.name} is not in use: there is nothing to challenge."
    if me:
        return "You coined this word: another player challenges it." if word.author_id == me else ""
    who = initials.strip().upper()
    if not who:
        return "Say who challenges it: a player other than its author."
    if not word.author_id and word.author == who:
        return "You coined this word: another player challenges it."
    return ""


def recheck(words: list[Word]) -> list[Word]:
    """Coined words the vocabulary no longer allows are sent back to their authors.

    A word already written on a deck keeps working as it is (R40) and is left alone.
    """
    checked = []
    for word in words:
        problems = vocabulary_problems(word)
        if problems and word.status in ("pending", "approved") and not word.inscribed:
            reason = "The vocabulary changed: " + " ".join(problems)
            review = Review("challenged", "", reason)
            word = msgspec.structs.replace(
                word, status="challenged", note=reason, history=(*word.history, review)
            )
        checked.append(word)
    return checked


def shared_lexicon(coined: list[Word] | tuple[Word, ...]) -> list[Word]:
    """Everybody's lexicon: the base words and coined words a moderator approved."""
    return list(base_words()) + [w for w in coined if w.status == "approved"]


def own_lexicon(coined: list[Word] | tuple[Word, ...], author: str) -> list[Word]:
    """One player's lexicon: the shared one plus their own words still pending."""
    own = [w for w in coined if w.status == "pending" and w.author == author]
    return shared_lexicon(coined) + own


def pending(coined: list[Word] | tuple[Word, ...]) -> list[Word]:
    """The moderator's queue."""
    return [w for w in coined if w.status == "pending"]


def sent_back(coined: list[Word] | tuple[Word, ...], me: str, initials: str = "") -> list[Word]:
    """Challenged words waiting for `me` to modify them."""
    return [w for w in coined if w.status == "challenged" and is_author(w, me, initials)]


def table_words(words: list[Word], initials: set[str], written: set[str] = frozenset()) -> list[Word]:
    """The coined words a table knows, stripped of their history: approved ones, the pending
    words of its players, and any word written on a deck it brings (R25, R40)."""
    known = [
        w
        for w in words
        if w.status == "approved"
        or (w.status == "pending" and w.author in initials)
        or w.name in written
    ]
    return [msgspec.structs.replace(w, history=(), note="") for w in known]
