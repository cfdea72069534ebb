"""Saves made with older DecknForge rules, brought up to the current ones (Game.upgrade), one
content version at a time.

Content 1 had players take turns one after another, kept whole decks (history and all) in the
save three times over, and drew a scar's Equipment word at random. Content 2 has everyone act
in the same turn (R5), keeps table decks without history (R41) and results as marks, and lets
the owner pick both scar words. A game's moves under the old rules would not replay under the
new ones, so an upgraded save keeps the game where it stood as its starting position and
starts an empty move log from there: nothing played is lost, and it replays exactly.

Content 3 keeps the log as data (engine/core/log.py), worded in wording.py; the rules are the
same. A save's moves are replayed from its seed, so its log is told anew, when they lead to the
very table saved and the very words it held; otherwise, and wherever a game went on from an
upgraded position, the old lines stay as they were written (`said` lines).

Content 4 adds two kinds of line to the attack, its why (WHY_KINDS): the suits each Monster
strikes and the retaliation summed. A content 2 or 3 save is replayed the same way and taken
when its replay tells every line the save held, in the same words, the new lines aside; its
log then holds them. Otherwise the old lines stay, and read as they did.

Content 5: discarded is gone for good (R10, R19, R30, R37). Ten built-in words that brought
discarded cards back (TIDESTEP, NIGHTCLOAK, ROOTFAST, LASTBREATH, IRONROOT, GEMHEART, HEXWARD,
TRAPLINE, SPOILS, REVENANT) keep their names and now weaken, retaliate, draw or fortify; the
spare, keep gear, salvage and return effects are gone. A running save is taken as it is, moves
and all (so undo and replay work), when its moves replay under the current words to the very
table saved, log included. Otherwise (one of those words spoke, or the moves fell short) the
game goes on from where it stood: the saved table becomes its starting position, as a content
1 save's does, with an empty move log, so nothing on the table is lost and it replays exactly
(undo reaches back to the upgrade, not before it). A content 2 or 3 save is carried to content
4 as above, then the same way: one whose log was not told anew goes on from its position too.
A finished game replayed from its history keeps its moves (there is no saved table to go on
from): they are replayed under the current words, so where one of those words spoke the replay
shows what the new words make of those moves, and stops at the first move that no longer fits;
its final table in the history is still the one filed.

Content 6: a placed joker's strike is its wipe, so the gear it strips retaliates and may slay
it (R4), and Equipment words give back the action a cast costs (R46). A game begun earlier
goes on under the joker rule it began with (`jokers_unanswered`, in its options and its
table, as a Strength reading is kept: R34), so its moves still replay; a content 5 save is
then carried over as a content 4 one is: its moves where they still replay to the very table
saved, else its table as the starting position.

Content 7: a slain joker's place in its row stays taken, so the book's joker count holds (the
3rd joker escalates: R4). A game begun under content 6 goes on under its rule, a slain joker's
place freed (`joker_places_freed`, in its options and its table), so its moves replay as they
are: nothing else changed.

Content 8: a player whose last Adventurer is gone, none in the slots and none in the hand, is
driven out, though some still wait in the deck set aside at setup (R15). A game begun earlier
goes on under its rule (`adventurer_deck_counts`, in its options and its table), so its moves
replay as they are.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.log import Line, render, upgrade_text_log
from engine.core.upgrade import replayed
from engine.decknforge.legacy import Deck, Mark, table_deck
from engine.decknforge.model import ACTIONS_PER_TURN, State
from engine.decknforge.wording import WORDING

Raw = dict[str, Any]


def upgrade(
    game: Any, version: int, options: Raw, state: Raw | None, actions: list[Any]
) -> tuple[Raw, Raw | None, list[Any]]:
    """`state` None: a finished game's options and moves, to replay from its history."""
    if version not in (1, 2, 3, 4, 5, 6, 7):
        raise ValueError(f"DecknForge content {version} is not one this version can upgrade.")
    # begun before content 8: an Adventurer still in the deck kept its player in (R15)
    options, state = _flagged(options, state, "adventurer_deck_counts")
    if version == 7:
        return options, state, actions
    if version == 6:  # begun under content 6: a slain joker's place was freed (R4)
        options, state = _flagged(options, state, "joker_places_freed")
        return options, state, actions
    if version <= 5:  # a game begun before content 6 goes on under its joker rule (R4)
        options = {**options, "jokers_unanswered": True}
        if state is not None:
            state = {**state, "jokers_unanswered": True}
    try:
        if version == 1:
            options, state, actions = _from_1(options, state)
        if version < 4:
            options, state, actions = _from_2(game, options, state, actions)  # content 2 and 3 alike
        return _from_4(game, options, state, actions)
    except (KeyError, TypeError, ValueError, IndexError, msgspec.ValidationError) as error:
        raise ValueError(f"its DecknForge game could not be carried over ({error})") from None


# The lines content 4 added (the why of an attack), and the line a game's end gained since
# (decks made for one game say that they keep nothing): a replay that tells them beside the
# saved lines still tells the same game.
WHY_KINDS = frozenset({"strikes at", "retaliation", "not kept"})


def _from_2(game: Any, options: Raw, state: Raw | None, actions: list[Any]) -> tuple[Raw, Raw | None, list[Any]]:
    """The log's text lines as `said` lines; then, when the save's moves replay to the very
    table and words saved, that replay (its log told by kind, so the end names its turning
    points, and the attacks' why lines in it). A content 3 log is kind by kind already."""
    if "position" in options:  # a game going on from a content 1 save: its lines stay as said
        position = options["position"]
        options = {**options, "position": {**position, "log": upgrade_text_log(position["log"])}}
    if state is None:
        return options, None, actions
    state = {**state, "log": upgrade_text_log(state["log"])}
    saved = msgspec.convert(state, State)
    start = game.new_game(saved.seed, **options)

    def told(raw: Raw) -> list[str]:
        lines = [msgspec.convert(line, Line) for line in raw["log"]]
        return [render(line, WORDING) for line in lines if line.what not in WHY_KINDS]

    def without_log(raw: Raw) -> Raw:
        return {**raw, "log": []}

    rebuilt = replayed(game, start, actions, saved, without_log)
    if rebuilt:  # the same table: taken when it tells the saved lines (the log keeps a tail)
        old, new = told(msgspec.to_builtins(saved)), told(rebuilt[0])
        if new == old[len(old) - len(new):]:
            return (options, *rebuilt)
    return options, state, actions


def _from_4(game: Any, options: Raw, state: Raw | None, actions: list[Any]) -> tuple[Raw, Raw | None, list[Any]]:
    """The save's moves when they replay under the current rules and words to the very table
    saved (its log too); else the saved table as the starting position, with no moves. Content
    4 and 5 saves alike."""
    if state is None:
        return options, None, actions
    saved = msgspec.convert(state, State)
    rebuilt = replayed(game, game.new_game(saved.seed, **options), actions, saved, lambda raw: raw)
    if rebuilt:
        return (options, *rebuilt)
    position = msgspec.to_builtins(saved)
    return {**options, "position": position}, position, []


def _flagged(options: Raw, state: Raw | None, rule: str) -> tuple[Raw, Raw | None]:
    """Options and table of a game that goes on under an older `rule` (a flag of State)."""
    options = {**options, rule: True}
    if "position" in options:  # a game going on from a position carried over earlier
        options["position"] = {**options["position"], rule: True}
    return options, None if state is None else {**state, rule: True}


def _table(deck: Raw) -> Raw:
    return msgspec.to_builtins(table_deck(msgspec.convert(deck, Deck)))


def _from_1(options: Raw, state: Raw) -> tuple[Raw, Raw, list[Any]]:
    state = dict(state)
    options = dict(options)
    gentle = bool(options.pop("gentle", state.get("gentle", False)))
    options["strength"] = "gentle" if gentle else "strict"
    if "decks" in options:
        options["decks"] = [_table(d) for d in options["decks"]]
    old_decks = state["decks"]
    state["decks"] = [{**_table(d), "cards": []} for d in old_decks]  # the cards are on the table
    turn = state.pop("turn", 0)
    left = state.pop("actions_left", ACTIONS_PER_TURN)
    state.pop("scar_turn", None)
    after = state.pop("result_decks", [])
    state["strength_adjust"] = 0  # word effects now end with their round (R9)
    running = state.get("phase") == "turn"
    players = []
    for player in state["players"]:
        player = dict(player)
        seat = player["seat"]
        # Under the old rules the cast cards' words had spoken or can no longer speak: they burn.
        player["discard"] = player.get("discard", []) + player.pop("cast", [])
        player["cast"] = []
        if not running or seat < turn:  # done with the turn
            player["actions_left"], player["done"] = 0, True
        elif seat == turn:
            player["actions_left"], player["done"] = left, left <= 0
        else:
            player["actions_left"] = ACTIONS_PER_TURN + player.get("extra_actions", 0)
            player["extra_actions"], player["done"] = 0, False
        players.append(player)
    state["players"] = players
    state["results"] = [_result(before, done) for before, done in zip(old_decks, after)]
    return {**options, "position": state}, state, []


def _result(before: Raw, after: Raw) -> Raw:
    """An old finished game's whole result deck, as the marks it made on the deck."""
    old, new = msgspec.convert(before, Deck), msgspec.convert(after, Deck)
    record = new.history[-1]
    marks = []
    for was, now in zip(old.cards, new.cards):
        if (was.word, was.modifier) != (now.word, now.modifier):
            marks.append(Mark(now.code, now.word, now.modifier))
    scar = new.scars[-1] if record.result != "clear" and len(new.scars) > len(old.scars) else None
    return msgspec.to_builtins(
        {
            "result": record.result,
            "seed": record.seed,
            "band": record.band,
            "rounds": record.rounds,
            "marks": marks,
            "scar": scar,
        }
    )
