"""How Disciple's log lines read. The rules write `Line(kind, parts)`; these give the words.

A line about a Disciple comes in two kinds: Solo tells it to "you" (its kind ends in YOU,
effects.told), a table of several names the player. Both hold the same parts, the Disciple's
name among them, so a line is written the same way at any table. The parts are names as the
table shows them (a Disciple, an enemy, a card, a style, an attack pattern), numbers, a flag
(1 or 0: a combo, a Clinch in full), and lists of names. A list of pairs (a card and how many
copies) is kept flat: first, second, first, second...
"""

from __future__ import annotations

from collections.abc import Iterator

YOU = " (you)"  # ends the kind of a line Solo tells to "you"
FACE_DOWN = " face down"  # ends the kind of a line by a card set face down, which it does not name

_KIND_WORD = {"upper": "Upperbody", "lower": "Lowerbody", "grapple": "Grapple"}


def _pairs(flat: tuple) -> Iterator[tuple]:
    return zip(flat[::2], flat[1::2])


def counter_words(on: str) -> str:
    """The enemy action a counter waits for, in words: 'the enemy's next Upperbody attack'."""
    if on == "any":
        return "the enemy's next attack"
    if on == "none":
        return "the enemy's next untyped action"
    return f"the enemy's next {_KIND_WORD[on]} attack"


def _played(card: str, combo: int, taps: str) -> str:
    """A card played: its name (or "a card face down"), " (combo)", and the energy tapped."""
    return f"{card}{' (combo)' if combo else ''}{f', tapping {taps}' if taps else ''}"


def _boost(power: int) -> str:
    return f" with Power {power}" if power else ""


def _hit_enemy(who: str, enemy: str, power: int, through: int, blocked: int, left: int) -> str:
    soaked = f", its Guard stops {blocked}" if blocked else ""
    return f"{who} {enemy}{_boost(power)} for {through}{soaked} ({left} left)."


def _hit_disciple(
    attacker: str, whom: str, stance: str, power: int, through: int, armour: int, blocked: int, left: int
) -> str:
    """`stance`: whose stance stopped `armour` of it, in words ("your", "Mia's")."""
    stopped = [f"{stance} stance stops {armour}"] if armour else []
    if blocked:
        stopped.append(f"Guard stops {blocked}")
    note = f", {' and '.join(stopped)}" if stopped else ""
    return f"{attacker} hits {whom}{_boost(power)} for {through}{note} ({left} left)."


def _submit(applied: int, blocked: int, full: int, loses: str, left: int) -> str:
    """Submit landing: `loses` says who loses how much ("Mia loses 2", "you lose 2")."""
    words = f"Submit {applied}"
    if blocked:
        words += f", Guard soaks {blocked}"
    if full:
        words += ", in full (Clinch)"
    return f"{words}: {loses} ({left} left)."


def _submit_boost(whose: str, power: int, feint: int) -> str:
    """Power and Feint spent by a Submit, which counts as damage (R17); `whose`: "Your",
    "Mia's", "Tiger's"."""
    said = f"{whose} Power {power} adds to the Submit" if power else ""
    if feint:
        said += ", and Feint lets it ignore Guard" if power else f"{whose} Feint lets the Submit ignore Guard"
    return said + "."


def _starting_cards(cards: tuple) -> str:
    """(card, copies, ...): "Jab x2, Cross"."""
    return ", ".join(f"{card}{f' x{copies}' if copies > 1 else ''}" for card, copies in _pairs(cards))


def _names(names: tuple[str, ...]) -> str:
    return ", ".join(names)


def _faded(faded: int) -> str:
    return " Guard and Power fade." if faded else ""


WORDING = {
    # ----- the table is set (Versus: R30, R31)
    "brings a deck": lambda who, deck, count, energy: (
        f"{who} brings {deck}: {count} cards, energy {_names(energy)}."
    ),
    "pull tied": "{0} pulls {1}, {2} pulls {3}: a tie, both pull again.",
    "pull won": "{0} pulls {1}, {2} pulls {3}: {4} wins on {5}.",
    "coin toss": "Still tied after {0} pulls: a coin gives the first turn to {1}.",
    "goes first": "{0} goes first.",
    # ----- the journey
    "begins the journey": "{0} begins the journey as a student of {1}.",
    "begins the journey" + YOU: "You begin your journey as a student of {1}.",
    "starting cards join": lambda who, style, cards: (
        f"{style}'s starting cards join {who}'s deck: {_starting_cards(cards)}."
    ),
    "starting cards join" + YOU: lambda who, style, cards: (
        f"{style}'s starting cards join your deck: {_starting_cards(cards)}."
    ),
    "starting deck takes": "{0}'s starting deck takes {1}.",
    "starting deck takes" + YOU: "Your starting deck takes {1}.",
    "event": "Event: {0}.",
    "event from a deck": "Event: {0} ({1}'s deck).",
    "enemy from a deck": "Enemy: {0} ({1}'s deck).",
    "event choice": "{0}: {1}.",
    "leaves the deck": "{1} leaves {0}'s deck.",
    "leaves the deck" + YOU: "{1} leaves your deck.",
    "single school": "{0} stays true to a single school.",
    "single school" + YOU: "You stay true to a single school.",
    "energy allotment": lambda who, colours: f"{who}'s energy allotment is now {_names(colours)}.",
    "energy allotment" + YOU: lambda who, colours: f"Your energy allotment is now {_names(colours)}.",
    "minibosses together": "The minibosses waiting are of different groups: they fight together.",
    "reveals and waits": "{0} reveals {1}, who waits until everyone reaches it.",
    "two schools already": "{0} has learned two schools already.",
    "event heals": "{0} heals {1} (vitality {2}).",
    "event heals" + YOU: "You heal {1} (vitality {2}).",
    "vitality full": "{0}'s vitality is full already ({1}).",
    "vitality full" + YOU: "Your vitality is full already ({1}).",
    "loses vitality": "{0} loses {1} vitality ({2} left).",
    "loses vitality" + YOU: "You lose {1} vitality ({2} left).",
    "worn out, the end": "{0} is worn out. The journey ends here.",
    "worn out, the end" + YOU: "You are worn out. Your journey ends here.",
    "worn out until won": "{0} is worn out until the next fight is won.",
    "joins the deck": "{1} joins {0}'s deck.",
    "joins the deck" + YOU: "{1} joins your deck.",
    "reward": lambda who, cards: f"{who}'s reward: pick from {_names(cards)}, off their skills deck.",
    "reward" + YOU: lambda who, cards: f"Your reward: pick from {_names(cards)}, off your skills deck.",
    "keeps": "{0} keeps {1}.",
    "keeps" + YOU: "You keep {1}.",
    "under the skills deck": lambda who, cards: f"Under {who}'s skills deck: {_names(cards)}.",
    "under the skills deck" + YOU: lambda who, cards: f"Under your skills deck: {_names(cards)}.",
    "under the skills deck in order": lambda who, cards: (
        f"Under {who}'s skills deck, to come back in this order: {', then '.join(cards)}."
    ),
    "under the skills deck in order" + YOU: lambda who, cards: (
        f"Under your skills deck, to come back in this order: {', then '.join(cards)}."
    ),
    "gathers the deck": lambda who, faded: (
        f"{who} gathers every card and shuffles them into a new draw pile.{_faded(faded)}"
    ),
    "gathers the deck" + YOU: lambda who, faded: (
        f"You gather every card and shuffle them into a new draw pile.{_faded(faded)}"
    ),
    "learns a second style": "{0} begins to learn {1} as well.",
    "learns a second style" + YOU: "You begin to learn {1} as well.",
    "skills set aside": "Half of {0}'s skills deck ({1}) is set aside; {2} {3} skills join it.",
    "skills set aside" + YOU: "Half your skills deck ({1}) is set aside; {2} {3} skills join it.",
    # ----- Campaign (the Campaign Leader's decisions, R42, R43)
    "player order": lambda names: f"The Campaign Leader sets the player order: {', '.join(names)}.",
    "campaign complete": "Every event deck is played out: the campaign is complete.",
    "stays on": "{0} stays on {1}.",
    "arises": "{0} arises with {1} vitality.",
    # ----- a fight starts
    "blocks your path": "{0} ({1}, {2} vitality) blocks your path!",
    "specials": lambda name, texts: f"{name}: {' '.join(texts)}",
    "turns to face": "{0} turns to face {1}.",
    "turns on": "{0} turns on {1}.",
    "turns on the next": "{0} turns on {1}, {2} having fallen.",
    # ----- the Disciple's turn
    "guard fades to": "{0}'s Guard fades to {1}.",
    "guard fades to" + YOU: "Your Guard fades to {1}.",
    "unused counters": lambda who, cards: f"{who}'s unused counters are discarded: {_names(cards)}.",
    "unused counters" + YOU: lambda who, cards: f"Unused counters are discarded: {_names(cards)}.",
    "focus": "Focus: {0}.",
    "stays locked in": "{0} stays locked in.",
    "draws": lambda who, count: f"{who} draws {count} card{'' if count == 1 else 's'}.",
    "draws" + YOU: lambda who, count: f"You draw {count} card{'' if count == 1 else 's'}.",
    "reshuffled": "Discard pile shuffled into a new draw pile.",
    "puts energy into play": "{0} puts {1} into play.",
    "puts energy into play" + YOU: "You put {1} into play.",
    "plays": lambda who, card, combo, taps: f"{who} plays {_played(card, combo, taps)}.",
    "plays" + YOU: lambda who, card, combo, taps: f"You play {_played(card, combo, taps)}.",
    "plays face down": lambda who, combo, taps: f"{who} plays {_played('a card face down', combo, taps)}.",
    "takes the place": "{0} takes the place of {1}, which leaves play.",
    "sets a counter face down": "{0} sets a counter face down.",
    "counter set": lambda card, on: f"Counter set: {card} answers {counter_words(on)}.",
    "leaves play": "{0} leaves play.",
    "locked in": "{0} is locked in!",
    "broken by damage": "{0} is broken loose: the damage taken.",
    "broken by damage" + YOU: "{0} is broken loose: the damage you took.",
    "broken without stance": "{0} is broken loose: its stance is gone.",
    "to discard": "{0} goes to {1}'s discard pile.",
    "to discard" + YOU: "{0} goes to your discard pile.",
    "power fades": "{0}'s Power fades.",
    "power fades" + YOU: "Your Power fades.",
    "no card to draw": "{0} has no card left to draw.",
    "ends the turn": "{0} ends their turn.",
    "ends the turn" + YOU: "You end your turn.",
    # ----- a card's effects on the Disciple who plays it
    "gains power": "{0}: {1} gains {2} Power ({3}).",
    "gains power" + YOU: "{0}: you gain {2} Power ({3}).",
    "gains guard": "{0}: {1} gains {2} Guard ({3}).",
    "gains guard" + YOU: "{0}: you gain {2} Guard ({3}).",
    "heals": "{0}: {1} heals {2} ({3} left).",
    "heals" + YOU: "{0}: you heal {2} ({3} left).",
    # ----- the same, by a Versus counter as it is set face down (R35): the card stays unnamed
    "gains power" + FACE_DOWN: "A face-down card: {0} gains {1} Power ({2}).",
    "gains guard" + FACE_DOWN: "A face-down card: {0} gains {1} Guard ({2}).",
    "heals" + FACE_DOWN: "A face-down card: {0} heals {1} ({2} left).",
    # ----- hits, Submit and debuffs on an enemy (or, in Versus, the other Disciple)
    "hits enemy": lambda who, *hit: _hit_enemy(f"{who} hits", *hit),
    "hits enemy" + YOU: lambda who, *hit: _hit_enemy("You hit", *hit),
    "clinch rocks": "Clinch: the hit Rocks.",
    "clinch submits": "Clinch: the hit adds Submit of half its damage.",
    "rocked": "{0} is Rocked ({1}/{2} this turn).",
    "rocked" + YOU: "You are Rocked ({1}/{2} this turn).",
    "submit soaked": "Submit {0}: {1}'s Guard soaks all of it.",
    "submit soaked" + YOU: "Submit {0}: your Guard soaks all of it.",
    "submit": lambda n, blocked, full, who, loss, left: (
        _submit(n, blocked, full, f"{who} loses {loss}", left)
    ),
    "submit" + YOU: lambda n, blocked, full, who, loss, left: (
        _submit(n, blocked, full, f"you lose {loss}", left)
    ),
    "submit boost": lambda who, power, feint: _submit_boost(f"{who}'s", power, feint),
    "submit boost" + YOU: lambda who, power, feint: _submit_boost("Your", power, feint),
    "weakened enemy": "{0} is Weakened: you pick its next attack pattern.",
    "exposed": "{0} is Exposed and loses {1} Guard.",
    "exposed" + YOU: "You are Exposed and lose {1} Guard.",
    "stunned disciple": "{0} is Stunned: they tap an energy card as their next turn begins.",
    "stunned enemy": "{0} is Stunned: it will skip the first action of its next turn.",
    # ----- the enemy's turn
    "enemy guard fades": "{0}'s Guard fades.",
    "weakened draws patterns": lambda enemy, names: (
        f"{enemy} is Weakened and draws {len(names)} patterns: {' and '.join(names)}."
    ),
    "pattern chosen": "{0} chooses {1} for {2}.",
    "pattern chosen" + YOU: "You choose {1} for it.",
    "attacks": "{0} attacks: {1}.",
    "stunned skips": "Stunned, {0} loses the first action of {1}.",
    "uses": "{0} uses {1}.",
    "keeps clinch": "{0} keeps its Clinch.",
    "enemy gains power": "{0} gains {1} Power ({2}).",
    "enemy gains guard": "{0} gains {1} Guard ({2}).",
    "enemy heals": "{0} heals {1} ({2} left).",
    "enemy power fades": "{0}'s Power fades.",
    # ----- hits and debuffs on a Disciple (from an enemy, or the other Disciple in Versus)
    "hits disciple": lambda attacker, who, *hit: _hit_disciple(attacker, who, f"{who}'s", *hit),
    "hits disciple" + YOU: lambda attacker, who, *hit: _hit_disciple(attacker, "you", "your", *hit),
    "clinch rocks disciple": "{0}'s Clinch: the hit Rocks {1}.",
    "clinch rocks disciple" + YOU: "{0}'s Clinch: the hit Rocks you.",
    "clinch submits disciple": "{0}'s Clinch: the hit adds Submit of half its damage.",
    "clinch weakens disciple": "{0}'s Clinch: the hit Weakens {1}.",
    "clinch weakens disciple" + YOU: "{0}'s Clinch: the hit Weakens you.",
    "stance knocked away": "{0}'s {1} stance is knocked away.",
    "stance knocked away" + YOU: "Your {1} stance is knocked away.",
    "weakened, hand empty": "{0} is Weakened, but their hand is empty.",
    "weakened, hand empty" + YOU: "Weakened, but your hand is empty.",
    "weakened discard": "Weakened: {0} discards {1}.",
    "weakened discard" + YOU: "Weakened: you discard {1}.",
    "counter answers": "Counter! {0}'s {1} answers the attack.",
    "counter answers" + YOU: "Counter! {1} answers the attack.",
    "stunned, all tapped": "{0} is Stunned, but all their energy is tapped already.",
    "stunned, all tapped" + YOU: "Stunned, but all your energy is tapped already.",
    "stunned, taps": "{0} is Stunned and taps an energy card of their choice.",
    "stunned, taps" + YOU: "You are Stunned: you tap an energy card of your choice.",
    "stun tapped": "Stunned: {0}'s {1} energy is tapped.",
    "stun tapped" + YOU: "Stunned: your {1} energy is tapped.",
    # ----- a fight ends
    "enemy beaten": "{0} is {1}!",
    "rises again": "{0} rises again with {1} vitality.",
    "versus won": "{0} is {1}. {2} wins!",
    "journey lost": "Every Disciple has fallen. Your journey ends here.",
    "journey lost" + YOU: "You are {1} by {2}. Your journey ends here.",
    "campaign lost": "Every Disciple has fallen. The campaign ends here.",
    "journey complete": "You have beaten the final bosses. Your journey is complete!",
    "journey complete" + YOU: "You have beaten the final boss. Your journey is complete!",
}

# The lines a run's story is told by (the end screen's turning points): the schools taken up,
# every fight won, and the end.
TURNING_POINTS = frozenset(
    kind
    for kind in WORDING
    if kind.removesuffix(YOU) in (
        "begins the journey", "learns a second style",  # a school taken up
        "enemy beaten",  # a fight won
        "worn out, the end", "journey lost", "campaign lost",  # the end
        "journey complete", "campaign complete", "versus won",
    )
)
